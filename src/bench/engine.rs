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
use crate::puzzles::dominoes::Dominoes;
use crate::puzzles::langford::Langford;
use crate::puzzles::polyomino::pentomino_rectangle;
use crate::puzzles::queens::{Queens, QueensOrder};
use crate::puzzles::{Puzzle, PuzzleError};
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

/// What counting every solution of an instance gives, as Knuth's DLX1 counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Solutions.
    pub solutions: u64,
    /// Search-tree nodes, each solution counted as one.
    pub nodes: u64,
    /// Items covered plus nodes hidden.
    pub updates: u64,
}

/// One instance of the engine benchmark: the one list that `dlxkit bench --engine`, the
/// criterion and instruction-count benches and the tests share.
#[derive(Clone, Copy, Debug)]
pub struct Instance {
    /// A short name, usable as a benchmark id.
    pub name: &'static str,
    /// Whether `dlxkit bench --engine` times it without `--all` (the unrestricted
    /// pentominoes take four times as long as the rest together).
    pub default: bool,
    /// The counts of a complete search, a known answer.
    pub counts: Counts,
    build: fn() -> Result<Problem, PuzzleError>,
}

impl Instance {
    /// Builds the instance's problem.
    ///
    /// ```
    /// let queens = &dlxkit::bench::engine::INSTANCES[0];
    /// assert_eq!(queens.problem()?.option_count(), 144);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn problem(&self) -> Result<Problem, PuzzleError> {
        (self.build)()
    }
}

/// The engine's benchmark instances: n-queens 12 (organ-pipe order), Langford pairs 11
/// (reduced by reversal), the pentominoes in a 6x10 rectangle restricted by symmetry and
/// not, dominoes on a 6x6 board, and two marks in every row and column of a 7x7 grid
/// (item bounds: Algorithm M, as Knuth's DLX3 counts it).
///
/// ```
/// use dlxkit::bench::engine::INSTANCES;
/// let names: Vec<&str> = INSTANCES.iter().map(|i| i.name).collect();
/// assert_eq!(names, ["queens-12", "langford-11", "pentominoes-6x10-reduced", "pentominoes-6x10", "dominoes-6x6", "two-per-line-7"]);
/// ```
pub const INSTANCES: [Instance; 6] = [
    Instance {
        name: "queens-12",
        default: true,
        counts: Counts {
            solutions: 14_200,
            nodes: 211_716,
            updates: 3_641_627,
        },
        build: || Ok(Queens::new(12, QueensOrder::OrganPipe)?.problem().clone()),
    },
    Instance {
        name: "langford-11",
        default: true,
        counts: Counts {
            solutions: 17_792,
            nodes: 223_510,
            updates: 3_035_452,
        },
        build: || Ok(Langford::new(11, true)?.problem().clone()),
    },
    Instance {
        name: "pentominoes-6x10-reduced",
        default: true,
        counts: Counts {
            solutions: 2_339,
            nodes: 909_153,
            updates: 310_816_489,
        },
        build: || Ok(pentomino_rectangle(6, 10, true)?.problem().clone()),
    },
    Instance {
        name: "pentominoes-6x10",
        default: false,
        counts: Counts {
            solutions: 9_356,
            nodes: 3_637_261,
            updates: 1_242_377_480,
        },
        build: || Ok(pentomino_rectangle(6, 10, false)?.problem().clone()),
    },
    Instance {
        name: "dominoes-6x6",
        default: true,
        counts: Counts {
            solutions: 6_728,
            nodes: 25_695,
            updates: 95_296,
        },
        build: || Ok(Dominoes::new(6, 6)?.problem().clone()),
    },
    Instance {
        name: "two-per-line-7",
        default: true,
        counts: Counts {
            solutions: 3_110_940,
            nodes: 8_857_320,
            updates: 32_081_499,
        },
        build: || Ok(two_per_line(7)),
    },
];

/// Multiplicities (Algorithm M): two marks in every row and every column of an `n` x `n`
/// grid, each cell marked at most once (the 0-1 matrices with every line summing to 2,
/// OEIS A001499: 3,110,940 for 7). The items are `2|r<i>` and `2|c<j>`, the options the
/// cells `r<i> c<j>`, in reading order.
///
/// ```
/// use dlxkit::bench::engine::two_per_line;
/// assert_eq!(two_per_line(4).count_solutions(), 90);
/// ```
pub fn two_per_line(n: usize) -> Problem {
    let mut b = Problem::builder();
    // Distinct names made of letters and digits, and the bounds 2..=2: nothing can fail.
    let rows: Vec<_> = (0..n)
        .map(|i| b.bounded(&format!("r{i}"), 2..=2).expect("valid item"))
        .collect();
    let cols: Vec<_> = (0..n)
        .map(|j| b.bounded(&format!("c{j}"), 2..=2).expect("valid item"))
        .collect();
    for &r in &rows {
        for &c in &cols {
            b.option([r, c]).expect("valid option");
        }
    }
    b.build().expect("a problem with primary items")
}

/// The cases `dlxkit bench --engine` times: the [`INSTANCES`] marked `default`, or with
/// `all` every one, in the list's order.
///
/// ```
/// use dlxkit::bench::engine::cases;
/// let names: Vec<String> = cases(false)?.into_iter().map(|c| c.name).collect();
/// assert_eq!(names, ["queens-12", "langford-11", "pentominoes-6x10-reduced", "dominoes-6x6", "two-per-line-7"]);
/// assert_eq!(cases(true)?.len(), 6);
/// # Ok::<(), dlxkit::bench::BenchError>(())
/// ```
pub fn cases(all: bool) -> Result<Vec<EngineCase>, BenchError> {
    INSTANCES
        .iter()
        .filter(|i| all || i.default)
        .map(|i| {
            Ok(EngineCase {
                name: i.name.to_string(),
                problem: i.problem()?,
            })
        })
        .collect()
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
