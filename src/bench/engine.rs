//! The exact cover engine timed on the puzzle encoders: every solution counted, the nodes and
//! updates as Knuth's DLX1 counts them, and the best time of a few runs.
//!
//! ```
//! use dlxkit::bench::engine::{run, EngineCase};
//! use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
//! let case = EngineCase { name: "queens-6".into(), problem: Queens::new(6, QueensOrder::OrganPipe)?.problem().clone() };
//! let result = run(&case, 2, None);
//! assert_eq!((result.solutions, result.runs), (4, 2));
//! assert!(result.nodes > result.solutions);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use serde::{Serialize, Serializer};

use super::BenchError;
use crate::puzzles::{benchmark_instances, dominoes::Dominoes, Puzzle};
use crate::xc::{Arena, Limits, Problem, Solver, Status};

/// A named exact cover problem to count the solutions of.
///
/// ```
/// use dlxkit::bench::engine::EngineCase;
/// use dlxkit::xc::Problem;
/// let case = EngineCase { name: "toy".into(), problem: Problem::from_dlx("A B\nA\nB\nA B\n")? };
/// assert_eq!(case.problem.count_solutions(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct EngineCase {
    /// A short name.
    pub name: String,
    /// The problem.
    pub problem: Problem,
}

/// The names of the cases `dlxkit bench --engine` times, in order.
pub const ENGINE_CASES: [&str; 4] = [
    "queens-12",
    "langford-11",
    "pentominoes-6x10-reduced",
    "dominoes-6x6",
];

/// The engine's benchmark cases: n-queens 12 (organ-pipe order), Langford pairs 11 (reduced
/// by reversal), pentominoes in a 6x10 rectangle restricted by symmetry, and dominoes on a
/// 6x6 board; with `all`, the unrestricted pentominoes too (four times the work).
///
/// ```
/// use dlxkit::bench::engine::{cases, ENGINE_CASES};
/// let names: Vec<String> = cases(false)?.into_iter().map(|c| c.name).collect();
/// assert_eq!(names, ENGINE_CASES);
/// assert_eq!(cases(true)?.len(), 5);
/// # Ok::<(), dlxkit::bench::BenchError>(())
/// ```
pub fn cases(all: bool) -> Result<Vec<EngineCase>, BenchError> {
    let mut out: Vec<EngineCase> = benchmark_instances()?
        .into_iter()
        .filter(|b| all || b.name != "pentominoes-6x10")
        .map(|b| EngineCase {
            name: b.name.to_string(),
            problem: b.problem,
        })
        .collect();
    out.push(EngineCase {
        name: "dominoes-6x6".to_string(),
        problem: Dominoes::new(6, 6)?.problem().clone(),
    });
    Ok(out)
}

/// The engine's figures on one case.
///
/// ```
/// use std::time::Duration;
/// use dlxkit::bench::engine::EngineResult;
/// let r = EngineResult { name: "x".into(), solutions: 1, nodes: 2_000, updates: 9_000,
///                        best: Duration::from_millis(1), runs: 1, complete: true };
/// assert_eq!(r.nodes_per_sec(), 2_000_000.0);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineResult {
    /// The case's name.
    pub name: String,
    /// Solutions counted.
    pub solutions: u64,
    /// Search-tree nodes (each solution is a node too).
    pub nodes: u64,
    /// Updates (items covered plus nodes unlinked).
    pub updates: u64,
    /// The best wall-clock time of the runs (the matrix is built once, outside the timing).
    #[serde(rename = "best_ms", serialize_with = "millis")]
    pub best: Duration,
    /// Runs made.
    pub runs: usize,
    /// Whether every run explored the whole tree (not cancelled).
    pub complete: bool,
}

impl EngineResult {
    /// Nodes per second in the best run.
    ///
    /// ```
    /// # use std::time::Duration;
    /// # use dlxkit::bench::engine::EngineResult;
    /// let r = EngineResult { name: "x".into(), solutions: 0, nodes: 0, updates: 0,
    ///                        best: Duration::ZERO, runs: 0, complete: true };
    /// assert_eq!(r.nodes_per_sec(), 0.0);
    /// ```
    pub fn nodes_per_sec(&self) -> f64 {
        if self.best.is_zero() {
            0.0
        } else {
            self.nodes as f64 / self.best.as_secs_f64()
        }
    }
}

pub(crate) fn millis<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((d.as_secs_f64() * 1e6).round() / 1e3)
}

pub(crate) fn optional_millis<S: Serializer>(
    d: &Option<Duration>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => millis(d, s),
        None => s.serialize_none(),
    }
}

/// Counts every solution of a case `runs` times (at least once) with one solver, keeping the
/// best time; stops early when `cancel` is set.
///
/// ```
/// use dlxkit::bench::engine::{run, EngineCase};
/// use dlxkit::xc::Problem;
/// let case = EngineCase { name: "toy".into(),
///     problem: Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")? };
/// let r = run(&case, 3, None);
/// assert_eq!((r.solutions, r.nodes, r.updates, r.complete), (1, 6, 30, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(case: &EngineCase, runs: usize, cancel: Option<Arc<AtomicBool>>) -> EngineResult {
    let arena = Arena::new();
    let mut limits = Limits::new();
    limits.cancel = cancel;
    let mut solver = Solver::new(&case.problem, &arena).with_limits(limits);
    let mut result = EngineResult {
        name: case.name.clone(),
        solutions: 0,
        nodes: 0,
        updates: 0,
        best: Duration::MAX,
        runs: 0,
        complete: true,
    };
    for _ in 0..runs.max(1) {
        let outcome = solver.count();
        result.runs += 1;
        result.solutions = outcome.stats.solutions;
        result.nodes = outcome.stats.nodes;
        result.updates = outcome.stats.updates;
        result.best = result.best.min(outcome.stats.elapsed);
        if outcome.status != Status::Complete {
            result.complete = false;
            break;
        }
    }
    result
}
