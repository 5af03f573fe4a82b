//! Exit codes and the error type of the command line.
//!
//! Every subcommand's `run` returns `Result<Exit, CliError>`. The codes mean the same thing
//! everywhere, as in grep and ripgrep:
//!
//! | code | meaning |
//! |---|---|
//! | 0 | found (at least one solution), or done |
//! | 1 | nothing found (no solution) |
//! | 2 | bad input or usage (clap's usage errors exit 2 too); standard output cannot be written |
//! | 75 | a shard (`--shard`) stopped by a limit before its search was complete: run it again (sysexits' `EX_TEMPFAIL`) |
//! | 130 | interrupted by Ctrl-C (128 + SIGINT), after printing what was found |
//! | 143 | stopped by SIGTERM (128 + SIGTERM), after printing what was found |
//!
//! A broken pipe on standard output (`dlxkit solve big.dlx | head`) is a quiet success. A
//! count cut short by a limit says so on standard output (`2 (incomplete: node limit)`), so
//! that no script takes it for the answer; its exit code is that of any search.
//!
//! A shard is different: a scheduler runs it, and reads the exit code alone. A shard whose
//! search is complete exits 0 whatever it found (no solution in a subtree is an answer, not a
//! failure); one cut short by `--timeout` or `--max-nodes` exits 75, which means "retry"
//! (130 and 143, a signal, mean retry too); 2 means bad input, which no retry mends.

use std::fmt;
use std::process::ExitCode;

use dlxkit::xc::Status;

/// How the process ends when nothing went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: found at least one solution, or the job is done.
    Success,
    /// 1: no solution was found.
    NoSolution,
    /// 2: bad input or usage.
    Error,
    /// 130: Ctrl-C stopped the work (what was found so far was printed); 143 when it was
    /// SIGTERM (see [`super::interrupt::exit_code`]).
    Interrupted,
    /// 75: a shard's search was cut short by a limit; running it again can finish it.
    Retry,
}

impl Exit {
    /// The numeric exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::NoSolution => 1,
            Exit::Error => 2,
            Exit::Interrupted => super::interrupt::exit_code(),
            Exit::Retry => 75,
        }
    }

    /// The exit of one shard (`--shard I/N`) whose search ended with `status`, for a
    /// scheduler: complete is success whatever the count; a signal is 130 or 143; any other
    /// limit is [`Exit::Retry`].
    pub fn for_shard(status: Status) -> Exit {
        if status.is_complete() {
            Exit::Success
        } else if status == Status::Cancelled {
            Exit::Interrupted
        } else {
            Exit::Retry
        }
    }

    /// The exit of a search that ended with `status` after finding `solutions`:
    /// interrupted wins, then found or not found. (A search stopped by `--max-nodes` or
    /// `--timeout` before finding anything exits 1: nothing was found.)
    pub fn for_search(status: Status, solutions: u64) -> Exit {
        if status == Status::Cancelled {
            Exit::Interrupted
        } else if solutions > 0 {
            Exit::Success
        } else {
            Exit::NoSolution
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit.code())
    }
}

/// Why a subcommand failed: a message for standard error (none for a broken pipe), an
/// optional hint saying what to do, and the exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    message: Option<String>,
    hint: Option<String>,
    exit: Exit,
    show_usage: bool,
}

impl CliError {
    /// Bad input (a file that cannot be read or parsed): exit 2.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: Some(message.into()),
            hint: None,
            exit: Exit::Error,
            show_usage: false,
        }
    }

    /// Bad usage that clap could not catch: exit 2, and the subcommand's usage is printed
    /// after the message.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            show_usage: true,
            ..CliError::input(message)
        }
    }

    /// Standard output was closed by its reader: exit 0 without a word.
    pub fn broken_pipe() -> CliError {
        CliError {
            message: None,
            hint: None,
            exit: Exit::Success,
            show_usage: false,
        }
    }

    /// A failed write on standard output: a broken pipe is a quiet success, anything else
    /// an error.
    pub fn from_write(error: std::io::Error) -> CliError {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::broken_pipe()
        } else {
            CliError::input(format!("cannot write to standard output: {error}"))
        }
    }

    /// The same error with a hint (printed on its own line, after the message).
    pub fn with_hint(mut self, hint: impl Into<String>) -> CliError {
        self.hint = Some(hint.into());
        self
    }

    /// The message, if any (without the `dlxkit: ` prefix).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The hint, if any.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// The exit code.
    pub fn exit(&self) -> Exit {
        self.exit
    }

    /// Whether the subcommand's usage should follow the message.
    pub fn shows_usage(&self) -> bool {
        self.show_usage
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.message() {
            Some(m) => write!(f, "{m}")?,
            None => write!(f, "broken pipe")?,
        }
        if let Some(h) = self.hint() {
            write!(f, "\nhint: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CliError {}

/// Ends the process's work: prints the error (if any) on standard error, with the usage
/// produced by `usage` when the error asks for it, and gives the exit code.
pub fn finish(result: Result<Exit, CliError>, usage: impl FnOnce() -> String) -> ExitCode {
    report_with_usage(result, usage).into()
}

/// Prints the error of `result` (if any) on standard error and gives the exit, for work that
/// ends the process itself (the watch of [`super::interrupt`]).
pub fn report(result: Result<Exit, CliError>) -> Exit {
    report_with_usage(result, String::new)
}

fn report_with_usage(result: Result<Exit, CliError>, usage: impl FnOnce() -> String) -> Exit {
    match result {
        Ok(exit) => exit,
        Err(error) => {
            if error.message().is_some() {
                super::eprint_line(format_args!("dlxkit: {error}"));
                if error.shows_usage() {
                    super::eprint_line(format_args!("\n{}", usage().trim_end()));
                    super::eprint_line(format_args!("\nFor more information, try '--help'."));
                }
            }
            error.exit()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_documented_ones() {
        assert_eq!(Exit::Success.code(), 0);
        assert_eq!(Exit::NoSolution.code(), 1);
        assert_eq!(Exit::Error.code(), 2);
        assert_eq!(Exit::Interrupted.code(), 130);
        assert_eq!(Exit::Retry.code(), 75);
    }

    #[test]
    fn a_shard_exits_for_a_scheduler() {
        assert_eq!(Exit::for_shard(Status::Complete), Exit::Success);
        assert_eq!(Exit::for_shard(Status::Cancelled), Exit::Interrupted);
        for status in [Status::NodeLimit, Status::TimeLimit, Status::SolutionLimit] {
            assert_eq!(Exit::for_shard(status), Exit::Retry, "{status:?}");
        }
    }

    #[test]
    fn an_interrupted_search_exits_130_even_with_solutions() {
        assert_eq!(Exit::for_search(Status::Cancelled, 0), Exit::Interrupted);
        assert_eq!(Exit::for_search(Status::Cancelled, 12), Exit::Interrupted);
        assert_eq!(Status::Cancelled.as_str(), "interrupted");
    }

    #[test]
    fn other_searches_exit_on_whether_something_was_found() {
        for status in Status::ALL.into_iter().filter(|&s| s != Status::Cancelled) {
            assert_eq!(Exit::for_search(status, 1), Exit::Success);
            assert_eq!(Exit::for_search(status, 0), Exit::NoSolution);
        }
    }

    #[test]
    fn a_broken_pipe_is_a_quiet_success() {
        let e = CliError::from_write(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert_eq!(e.exit(), Exit::Success);
        assert_eq!(e.message(), None);
        let e = CliError::from_write(std::io::Error::other("disk full"));
        assert_eq!(e.exit(), Exit::Error);
        assert_eq!(
            e.message(),
            Some("cannot write to standard output: disk full")
        );
    }

    #[test]
    fn hints_follow_the_message() {
        let e = CliError::input("x.dlx:2:3: oops").with_hint("fix it");
        assert_eq!(e.to_string(), "x.dlx:2:3: oops\nhint: fix it");
    }
}
