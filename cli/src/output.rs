//! Standard output: the `--format` choice and a writer that is safe in pipelines.
//!
//! [`Output`] holds standard output buffered; every write returns a
//! [`CliError`], so that `?` carries a broken pipe up to `main` as a quiet success (exit 0,
//! no message) instead of the panic `println!` would give. When standard output is a
//! terminal, each record is flushed as soon as it is complete ([`Output::end_record`]);
//! otherwise the buffer is flushed when full, at the end, and by [`Output::flush_if_stale`]
//! (called from progress ticks) so that a slow search still streams its JSON lines.

use std::io::{self, BufWriter, Stdout, Write};
use std::time::{Duration, Instant};

use clap::ValueEnum;
use serde::Serialize;

use super::CliError;

/// What `dlxkit solve` and the puzzle subcommands write on standard output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// The solutions (or their count), in the `--format` chosen.
    #[default]
    Solutions,
    /// The exact cover problem in Knuth's format, without solving it, for `dlxkit solve` or
    /// any other DLX program (comments and options without a primary item are dropped).
    Dlx,
}

/// How structured results are printed on standard output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text for people and line-oriented tools.
    #[default]
    Text,
    /// One JSON object, printed when the work is done.
    Json,
    /// JSON Lines: one object per result as it is found (and, in a long search, a progress
    /// object each second), then a summary object.
    Jsonl,
}

/// How long buffered output may wait before [`Output::flush_if_stale`] flushes it.
const STALE: Duration = Duration::from_millis(200);

/// Standard output, buffered, with broken pipes turned into a quiet success.
///
/// It takes standard output's lock only while it writes a full buffer, not for its whole
/// life: a run holds an `Output` before it hands over from its [`Watch`](super::interrupt::Watch),
/// and a watch that has stopped the run must be able to print the run's outcome (a run that
/// held the lock while it waited for the watch hung).
pub struct Output {
    out: BufWriter<Stdout>,
    line_buffered: bool,
    last_flush: Instant,
    dirty: bool,
}

impl Output {
    /// Standard output; `line_buffered` (usually "standard output is a terminal") flushes
    /// every record as soon as it ends.
    pub fn stdout(line_buffered: bool) -> Output {
        Output {
            out: BufWriter::with_capacity(64 * 1024, io::stdout()),
            line_buffered,
            last_flush: Instant::now(),
            dirty: false,
        }
    }

    /// Writes `text` as it is.
    pub fn write_str(&mut self, text: &str) -> Result<(), CliError> {
        self.check_open()?;
        self.dirty = true;
        self.out
            .write_all(text.as_bytes())
            .map_err(CliError::from_write)
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.write_str(text)?;
        self.write_str("\n")
    }

    /// Writes `value` as compact JSON and a newline (one JSON Lines record).
    pub fn json_line<T: Serialize>(&mut self, value: &T) -> Result<(), CliError> {
        self.check_open()?;
        self.dirty = true;
        serde_json::to_writer(&mut self.out, value).map_err(|e| match e.io_error_kind() {
            Some(kind) => CliError::from_write(io::Error::from(kind)),
            None => CliError::input(format!("cannot write JSON: {e}")),
        })?;
        self.write_str("\n")
    }

    /// Marks the end of a record (a solution, a line of JSON): flushed at once when line
    /// buffered.
    pub fn end_record(&mut self) -> Result<(), CliError> {
        if self.line_buffered {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Flushes if something has waited in the buffer longer than a fifth of a second.
    pub fn flush_if_stale(&mut self) -> Result<(), CliError> {
        if self.dirty && self.last_flush.elapsed() >= STALE {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Flushes the buffer.
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.last_flush = Instant::now();
        self.dirty = false;
        self.out.flush().map_err(CliError::from_write)
    }

    /// Direct access to the buffered writer, for renderers that take an `io::Write` (man
    /// pages, completions). Map their errors with [`CliError::from_write`].
    pub fn writer(&mut self) -> Result<&mut (impl Write + use<>), CliError> {
        self.check_open()?;
        self.dirty = true;
        Ok(&mut self.out)
    }

    /// The error of a standard output that was closed when the process started (see
    /// [`super::closed_stdout`]): writes to it would go to `/dev/null` unseen.
    fn check_open(&self) -> Result<(), CliError> {
        match super::closed_stdout::error() {
            Some(error) => Err(CliError::from_write(error)),
            None => Ok(()),
        }
    }
}

/// Formats a duration for people: `0.021 ms`, `12.345 ms`, `3.210 s`.
pub fn human_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1.0 {
        format!("{:.3} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    }
}

/// Milliseconds as a JSON number (microsecond precision).
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(human_duration(Duration::from_micros(21)), "0.021 ms");
        assert_eq!(human_duration(Duration::from_millis(3210)), "3.210 s");
        assert_eq!(millis(Duration::from_micros(1500)), 1.5);
    }

    #[test]
    fn format_names_are_the_documented_ones() {
        let names: Vec<_> = Format::value_variants()
            .iter()
            .map(|f| f.to_possible_value().unwrap().get_name().to_string())
            .collect();
        assert_eq!(names, ["text", "json", "jsonl"]);
    }
}
