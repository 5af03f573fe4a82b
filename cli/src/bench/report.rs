//! The raw per-puzzle results as CSV and JSON: one row (or object) per puzzle per solver.
//!
//! The columns: `set`, `solver`, `puzzle` (index in the file, from 0), `line` (in the file),
//! `position` (in the run), `outcome` (`solved`, `node-limit`, `time-limit`, `cancelled`,
//! `skipped`), `answer` (`unique`, `multiple`, `unsolvable`, `unknown`), `solutions`,
//! `time_us` (microseconds, fractional), `assignments` (as each solver counts them: for `dlx`,
//! search-tree nodes), `guesses`, `backtracks`.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use dlxkit::bench::{BenchError, SolverRun};

/// The CSV header line (without its newline).
pub const CSV_HEADER: &str =
    "set,solver,puzzle,line,position,outcome,answer,solutions,time_us,assignments,guesses,backtracks";

/// One record as it is written.
#[derive(Serialize)]
struct Row<'a> {
    set: &'a str,
    solver: &'a str,
    puzzle: usize,
    line: usize,
    position: usize,
    outcome: &'static str,
    answer: &'static str,
    solutions: u64,
    time_us: f64,
    assignments: u64,
    guesses: u64,
    backtracks: u64,
}

fn rows(runs: &[SolverRun]) -> impl Iterator<Item = Row<'_>> {
    runs.iter().flat_map(|run| {
        run.records.iter().map(move |r| Row {
            set: &run.set,
            solver: run.solver,
            puzzle: r.puzzle,
            line: r.line,
            position: r.position,
            outcome: r.outcome.as_str(),
            answer: r.answer.as_str(),
            solutions: r.solutions,
            time_us: (r.time.as_secs_f64() * 1e9).round() / 1e3,
            assignments: r.assignments,
            guesses: r.guesses,
            backtracks: r.backtracks,
        })
    })
}

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The records as CSV: the header, then one line per record.
pub fn csv(runs: &[SolverRun]) -> String {
    let mut out = String::with_capacity(64 * (1 + runs.len()));
    out.push_str(CSV_HEADER);
    out.push('\n');
    for r in rows(runs) {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{}",
            field(r.set),
            field(r.solver),
            r.puzzle,
            r.line,
            r.position,
            r.outcome,
            r.answer,
            r.solutions,
            r.time_us,
            r.assignments,
            r.guesses,
            r.backtracks
        );
    }
    out
}

/// The records as a JSON array of objects with the CSV's columns as keys.
pub fn json(runs: &[SolverRun]) -> String {
    let rows: Vec<Row<'_>> = rows(runs).collect();
    serde_json::to_string_pretty(&rows).expect("records serialise")
}

/// Writes [`csv`] to a file.
pub fn write_csv(path: &Path, runs: &[SolverRun]) -> Result<(), BenchError> {
    write(path, &csv(runs))
}

/// Writes [`json`] to a file.
pub fn write_json(path: &Path, runs: &[SolverRun]) -> Result<(), BenchError> {
    write(path, &(json(runs) + "\n"))
}

/// Writes a text file, with the path in the error.
pub fn write(path: &Path, text: &str) -> Result<(), BenchError> {
    std::fs::write(path, text).map_err(|source| BenchError::Write {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use dlxkit::bench::{run_solver, RunOptions, Sample, SolverRun, Workload};
    use dlxkit::sudoku::solvers::by_name;

    use super::*;

    fn empty_run() -> SolverRun {
        SolverRun {
            set: "s".into(),
            solver: "dlx",
            records: vec![],
            cpu: None,
        }
    }

    #[test]
    fn csv_of_no_records_is_the_header_only() {
        assert_eq!(csv(&[empty_run()]), format!("{CSV_HEADER}\n"));
    }

    #[test]
    fn csv_quotes_a_set_name_with_a_comma() -> Result<(), Box<dyn std::error::Error>> {
        let s = Sample::from_text("tiny, 4x4", "12..............\n")?;
        let run = run_solver(
            by_name("dlx")?.as_mut(),
            &Workload::new(&s, 0, false)?,
            &RunOptions::default(),
            |_| {},
        )?;
        let csv = csv(&[run]);
        let row = csv.lines().nth(1).unwrap();
        assert!(row.starts_with("\"tiny, 4x4\",dlx,0,1,0,solved,multiple,2,"));
        Ok(())
    }

    #[test]
    fn json_of_no_records_is_an_empty_array() {
        assert_eq!(json(&[empty_run()]), "[]");
    }

    #[test]
    fn write_csv_writes_the_header() -> Result<(), Box<dyn std::error::Error>> {
        let path = std::env::temp_dir().join(format!("dlxkit-test-{}.csv", std::process::id()));
        write_csv(&path, &[empty_run()])?;
        assert_eq!(std::fs::read_to_string(&path)?, format!("{CSV_HEADER}\n"));
        std::fs::remove_file(&path)?;
        Ok(())
    }

    #[test]
    fn write_json_ends_with_a_newline() -> Result<(), Box<dyn std::error::Error>> {
        let path = std::env::temp_dir().join(format!("dlxkit-test-{}.json", std::process::id()));
        write_json(&path, &[])?;
        assert_eq!(std::fs::read_to_string(&path)?, "[]\n");
        std::fs::remove_file(&path)?;
        Ok(())
    }

    #[test]
    fn write_error_names_the_path() {
        let err = write("/nonexistent/dir/x.txt".as_ref(), "x").unwrap_err();
        assert!(err
            .to_string()
            .starts_with("cannot write `/nonexistent/dir/x.txt`"));
    }
}
