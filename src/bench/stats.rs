//! Summary statistics of a run, and ratios to a baseline solver.
//!
//! The throughput figures are tdoku's: puzzles per second and microseconds per puzzle, of
//! the *solving time* -- the CPU time of the timed loop where the platform has a per-thread
//! CPU clock (so waiting for a shared processor does not count), else the sum of the solves'
//! wall-clock times -- with the guesses per puzzle and the share of puzzles solved without a
//! guess. Puzzles per second counts the puzzles solved over the time spent on every puzzle
//! attempted, limit hits included; microseconds per puzzle is that time over the puzzles
//! attempted. The distribution (median, 99th percentile, maximum) is of the wall-clock time of
//! each puzzle *solved* (a node or time limit cuts a solve short, so its time says nothing
//! about the puzzle); the puzzles that hit a limit or were skipped are counted separately.
//!
//! ```
//! use std::time::Duration;
//! use dlxkit::bench::stats::percentile;
//! let times: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
//! assert_eq!(percentile(&times, 0.5), Duration::from_millis(50));
//! assert_eq!(percentile(&times, 0.99), Duration::from_millis(99));
//! ```

use std::collections::HashMap;
use std::time::Duration;

use serde::{Serialize, Serializer};

use super::{Outcome, Record, SolverRun};

/// What one solver did on one sample.
///
/// ```
/// use dlxkit::bench::{stats::summarize, SolverRun};
/// let s = summarize(&SolverRun { set: "s".into(), solver: "dlx", records: vec![], cpu: None });
/// assert_eq!((s.puzzles, s.solved, s.mean_assignments), (0, 0, 0.0));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The solver.
    pub solver: String,
    /// Puzzles in the workload.
    pub puzzles: usize,
    /// Puzzles solved (the search ended with its answer).
    pub solved: usize,
    /// Puzzles stopped by the node limit.
    pub node_limit: usize,
    /// Puzzles stopped by the time budget (at most one: the rest are skipped).
    pub time_limit: usize,
    /// Puzzles not attempted (time budget spent, or cancelled).
    pub skipped: usize,
    /// Puzzles stopped by the cancel flag.
    pub cancelled: usize,
    /// Wall-clock time spent on every puzzle attempted, limit hits included (the sum of the
    /// solves' times).
    #[serde(rename = "total_ms", serialize_with = "millis")]
    pub total: Duration,
    /// The CPU time of the timed loop, where the platform measures it ([`SolverRun::cpu`]).
    #[serde(rename = "cpu_ms", serialize_with = "millis_or_null")]
    pub cpu: Option<Duration>,
    /// The solving time the throughput is of: `cpu` when known, else `total`.
    #[serde(rename = "solving_ms", serialize_with = "millis")]
    pub solving: Duration,
    /// `cpu` or `wall`: which clock `solving` comes from.
    pub clock: &'static str,
    /// Puzzles solved per second of `solving`.
    pub puzzles_per_sec: f64,
    /// `solving` per puzzle attempted, in microseconds.
    pub us_per_puzzle: f64,
    /// Mean wall-clock time per puzzle solved.
    #[serde(rename = "mean_ms", serialize_with = "millis")]
    pub mean: Duration,
    /// Median time per puzzle solved.
    #[serde(rename = "median_ms", serialize_with = "millis")]
    pub median: Duration,
    /// 99th percentile of the time per puzzle solved (nearest rank).
    #[serde(rename = "p99_ms", serialize_with = "millis")]
    pub p99: Duration,
    /// Longest time of a puzzle solved.
    #[serde(rename = "max_ms", serialize_with = "millis")]
    pub max: Duration,
    /// Mean assignments per puzzle solved ([`Record::assignments`]).
    pub mean_assignments: f64,
    /// Mean guesses per puzzle solved.
    pub mean_guesses: f64,
    /// The share of the puzzles solved that needed no guess, in percent.
    pub no_guess_pct: f64,
}

impl Summary {
    /// Puzzles stopped by a node or time limit.
    ///
    /// ```
    /// use dlxkit::bench::{stats::summarize, SolverRun};
    /// let s = summarize(&SolverRun { set: "s".into(), solver: "naive", records: vec![], cpu: None });
    /// assert_eq!(s.limit_hits(), 0);
    /// ```
    pub fn limit_hits(&self) -> usize {
        self.node_limit + self.time_limit
    }
}

fn millis<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((d.as_secs_f64() * 1e6).round() / 1e3)
}

fn millis_or_null<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => millis(d, s),
        None => s.serialize_none(),
    }
}

/// The `p` quantile (0 to 1) of sorted durations, by nearest rank; zero for none.
///
/// ```
/// use std::time::Duration;
/// use dlxkit::bench::stats::percentile;
/// let t = [Duration::from_millis(1), Duration::from_millis(2), Duration::from_millis(9)];
/// assert_eq!(percentile(&t, 0.5), Duration::from_millis(2));
/// assert_eq!(percentile(&t, 1.0), Duration::from_millis(9));
/// assert_eq!(percentile(&[], 0.5), Duration::ZERO);
/// ```
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = (p.clamp(0.0, 1.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Summarises the run of one solver.
///
/// ```
/// use dlxkit::bench::{run_solver, stats::summarize, RunOptions, Sample, Workload};
/// use dlxkit::sudoku::solvers::by_name;
/// let s = Sample::load("data/sudoku/norvig_hardest11.txt".as_ref())?;
/// let w = Workload::new(&s, 1, false)?;
/// let options = RunOptions { node_limit: Some(500), ..RunOptions::default() };
/// let run = run_solver(by_name("naive")?.as_mut(), &w, &options, |_| {})?;
/// let summary = summarize(&run);
/// assert_eq!(summary.puzzles, 11);
/// assert_eq!(summary.solved + summary.limit_hits(), 11);
/// assert!(summary.node_limit > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn summarize(run: &SolverRun) -> Summary {
    let records = &run.records;
    let count = |o: Outcome| records.iter().filter(|r| r.outcome == o).count();
    let solved: Vec<&Record> = records.iter().filter(|r| r.outcome.is_solved()).collect();
    let mut times: Vec<Duration> = solved.iter().map(|r| r.time).collect();
    times.sort_unstable();
    let total: Duration = records.iter().map(|r| r.time).sum();
    let solved_time: Duration = times.iter().sum();
    let n = solved.len();
    let attempted = records.len() - count(Outcome::Skipped);
    let (solving, clock) = match run.cpu {
        Some(cpu) => (cpu, "cpu"),
        None => (total, "wall"),
    };
    let mean_of = |f: fn(&Record) -> u64| {
        if n == 0 {
            0.0
        } else {
            solved.iter().map(|r| f(r) as f64).sum::<f64>() / n as f64
        }
    };
    Summary {
        solver: run.solver.to_string(),
        puzzles: records.len(),
        solved: n,
        node_limit: count(Outcome::NodeLimit),
        time_limit: count(Outcome::TimeLimit),
        skipped: count(Outcome::Skipped),
        cancelled: count(Outcome::Cancelled),
        total,
        cpu: run.cpu,
        solving,
        clock,
        puzzles_per_sec: if solving.is_zero() {
            0.0
        } else {
            n as f64 / solving.as_secs_f64()
        },
        us_per_puzzle: if attempted == 0 {
            0.0
        } else {
            solving.as_secs_f64() * 1e6 / attempted as f64
        },
        mean: if n == 0 {
            Duration::ZERO
        } else {
            solved_time / n as u32
        },
        median: percentile(&times, 0.5),
        p99: percentile(&times, 0.99),
        max: times.last().copied().unwrap_or_default(),
        mean_assignments: mean_of(|r| r.assignments),
        mean_guesses: mean_of(|r| r.guesses),
        no_guess_pct: if n == 0 {
            0.0
        } else {
            100.0 * solved.iter().filter(|r| r.guesses == 0).count() as f64 / n as f64
        },
    }
}

/// One solver against a baseline, on the puzzles both solved.
///
/// ```
/// use dlxkit::bench::stats::Ratio;
/// let r = Ratio { common: 3, time: 2.5, clock: "wall", assignments: 10.0 };
/// assert!(r.time > 1.0); // slower than the baseline
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Ratio {
    /// Puzzles both solved.
    pub common: usize,
    /// Total time of the solver over total time of the baseline, on those puzzles (> 1:
    /// slower than the baseline).
    pub time: f64,
    /// `cpu` when both solved every puzzle and both loops' CPU times are known (the ratio
    /// of those), else `wall` (the sums of the common puzzles' wall-clock times).
    pub clock: &'static str,
    /// Total assignments of the solver over the baseline's, on those puzzles.
    pub assignments: f64,
}

/// The ratio of `run` to `baseline` (runs of the same workload), on the puzzles both
/// solved; `None` when they solved none in common. When both solved every puzzle and both
/// CPU times are known, the time ratio is of the CPU times, which waiting for a shared
/// processor does not inflate; otherwise it is of the common puzzles' wall-clock times.
///
/// ```
/// use dlxkit::bench::{run_solver, stats::ratio, RunOptions, Sample, Workload};
/// use dlxkit::sudoku::solvers::by_name;
/// let s = Sample::load("data/sudoku/pe96_easy50.txt".as_ref())?;
/// let w = Workload::new(&s, 1, false)?;
/// let dlx = run_solver(by_name("dlx")?.as_mut(), &w, &RunOptions::default(), |_| {})?;
/// let mrv = run_solver(by_name("mrv")?.as_mut(), &w, &RunOptions::default(), |_| {})?;
/// let r = ratio(&mrv, &dlx).unwrap();
/// assert_eq!(r.common, 50);
/// assert_eq!(ratio(&dlx, &dlx).unwrap().time, 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ratio(run: &SolverRun, baseline: &SolverRun) -> Option<Ratio> {
    let base: HashMap<usize, &Record> = baseline
        .records
        .iter()
        .filter(|r| r.outcome.is_solved())
        .map(|r| (r.puzzle, r))
        .collect();
    let (mut common, mut time, mut base_time, mut assignments, mut base_assignments) =
        (0, 0.0, 0.0, 0u64, 0u64);
    for r in run.records.iter().filter(|r| r.outcome.is_solved()) {
        if let Some(b) = base.get(&r.puzzle) {
            common += 1;
            time += r.time.as_secs_f64();
            base_time += b.time.as_secs_f64();
            assignments += r.assignments;
            base_assignments += b.assignments;
        }
    }
    let everything = common == run.records.len() && common == baseline.records.len();
    let (time, base_time, clock) = match (run.cpu, baseline.cpu) {
        (Some(cpu), Some(base_cpu)) if everything => {
            (cpu.as_secs_f64(), base_cpu.as_secs_f64(), "cpu")
        }
        _ => (time, base_time, "wall"),
    };
    (common > 0).then(|| Ratio {
        common,
        time: if base_time > 0.0 {
            time / base_time
        } else {
            f64::NAN
        },
        clock,
        assignments: if base_assignments > 0 {
            assignments as f64 / base_assignments as f64
        } else {
            f64::NAN
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::solvers::Answer;

    fn record(puzzle: usize, outcome: Outcome, ms: u64, assignments: u64) -> Record {
        Record {
            puzzle,
            line: puzzle + 1,
            position: puzzle,
            solver: "x",
            outcome,
            answer: Answer::Unique,
            solutions: 1,
            time: Duration::from_millis(ms),
            assignments,
            guesses: assignments / 2,
            backtracks: 0,
        }
    }

    #[test]
    fn summaries_count_outcomes_and_time_the_solved_puzzles() {
        let records = [
            record(0, Outcome::Solved, 10, 100),
            record(1, Outcome::Solved, 30, 300),
            record(2, Outcome::NodeLimit, 500, 1000),
            record(3, Outcome::TimeLimit, 40, 50),
            record(4, Outcome::Skipped, 0, 0),
        ];
        let run = |cpu| SolverRun {
            set: "s".into(),
            solver: "x",
            records: records.to_vec(),
            cpu,
        };
        let s = summarize(&run(None));
        assert_eq!(
            (s.puzzles, s.solved, s.node_limit, s.time_limit, s.skipped),
            (5, 2, 1, 1, 1)
        );
        assert_eq!(s.limit_hits(), 2);
        assert_eq!(s.mean, Duration::from_millis(20));
        assert_eq!(s.median, Duration::from_millis(10));
        assert_eq!(
            (s.p99, s.max),
            (Duration::from_millis(30), Duration::from_millis(30))
        );
        assert_eq!(s.total, Duration::from_millis(580));
        assert!((s.puzzles_per_sec - 2.0 / 0.58).abs() < 1e-9);
        assert!((s.us_per_puzzle - 580_000.0 / 4.0).abs() < 1e-6);
        assert_eq!((s.mean_assignments, s.mean_guesses), (200.0, 100.0));
        assert_eq!((s.clock, s.no_guess_pct), ("wall", 0.0));
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(json["mean_ms"], 20.0);
        assert_eq!(json["cpu_ms"], serde_json::Value::Null);
        // With the loop's CPU time known, the throughput is of it.
        let s = summarize(&run(Some(Duration::from_millis(100))));
        assert_eq!((s.clock, s.solving), ("cpu", Duration::from_millis(100)));
        assert!((s.puzzles_per_sec - 20.0).abs() < 1e-9);
        assert!((s.us_per_puzzle - 25_000.0).abs() < 1e-6);
    }

    #[test]
    fn the_share_without_guessing_counts_solved_puzzles_only() {
        let records = vec![
            record(0, Outcome::Solved, 1, 0),
            record(1, Outcome::Solved, 1, 1),
            record(2, Outcome::Solved, 1, 40),
            record(3, Outcome::NodeLimit, 1, 0),
        ];
        let run = SolverRun {
            set: "s".into(),
            solver: "x",
            records,
            cpu: None,
        };
        // Guesses are assignments / 2: 0, 0 and 20 on the three solved puzzles.
        assert!((summarize(&run).no_guess_pct - 200.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn ratios_use_only_the_puzzles_both_solved() {
        let base = [
            record(0, Outcome::Solved, 10, 10),
            record(1, Outcome::Solved, 10, 10),
            record(2, Outcome::NodeLimit, 10, 10),
        ];
        let other = [
            record(0, Outcome::Solved, 30, 100),
            record(1, Outcome::NodeLimit, 999, 5),
            record(2, Outcome::Solved, 1, 1),
        ];
        let run = |records: &[Record], cpu: Option<u64>| SolverRun {
            set: "s".into(),
            solver: "x",
            records: records.to_vec(),
            cpu: cpu.map(Duration::from_millis),
        };
        let r = ratio(&run(&other, Some(1)), &run(&base, Some(1))).unwrap();
        assert_eq!(r.common, 1);
        assert!((r.time - 3.0).abs() < 1e-9);
        assert!((r.assignments - 10.0).abs() < 1e-9);
        assert_eq!(
            r.clock, "wall",
            "not every puzzle solved: the common ones' wall times"
        );
        assert_eq!(ratio(&run(&other[1..2], None), &run(&base, None)), None);
        // Both solved everything: the CPU times.
        let solved = [record(0, Outcome::Solved, 10, 10)];
        let r = ratio(&run(&solved, Some(30)), &run(&solved, Some(10))).unwrap();
        assert_eq!((r.clock, r.time), ("cpu", 3.0));
    }
}
