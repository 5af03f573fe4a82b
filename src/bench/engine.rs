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
use crate::xc::plan::{Discard, Engine, Plan, Unsupported};
use crate::xc::{Arena, BestSolver, Limits, Outcome, Problem, Solver, Status};

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
/// not, dominoes on a 6x6 board, 20 queens with costs (the cheapest placement, as
/// Knuth's DLX5 finds it: see [`run`]), and two marks in every row and column of a 7x7
/// grid (item bounds: Algorithm M, as Knuth's DLX3 counts it).
///
/// ```
/// use dlxkit::bench::engine::INSTANCES;
/// let names: Vec<&str> = INSTANCES.iter().map(|i| i.name).collect();
/// assert_eq!(names, ["queens-12", "langford-11", "pentominoes-6x10-reduced", "pentominoes-6x10", "dominoes-6x6", "queens-20-costs", "two-per-line-7"]);
/// ```
pub const INSTANCES: [Instance; 7] = [
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
        name: "queens-20-costs",
        default: true,
        // As Knuth's DLX5 counts them: 15 improvements down to the optimum cost, 53.
        counts: Counts {
            solutions: 15,
            nodes: 413_765,
            updates: 10_746_086,
        },
        build: || costed_queens(20),
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

/// n queens (organ-pipe order) where a queen in row `r`, column `c` costs
/// `(r^2 + 3c^2 + rc) mod 17`: a minimum-cost instance with many near-optimal placements.
fn costed_queens(n: usize) -> Result<Problem, PuzzleError> {
    let queens = Queens::new(n, QueensOrder::OrganPipe)?;
    let p = queens.problem();
    let coordinate = |o, prefix| -> u64 {
        p.option(o)
            .iter()
            .map(|e| p.item_name(e.item))
            .find_map(|name| name.strip_prefix(prefix)?.parse().ok())
            .unwrap_or(0)
    };
    p.with_costs(|o| {
        let (r, c) = (coordinate(o, 'r'), coordinate(o, 'c'));
        (r * r + 3 * c * c + r * c) % 17
    })
    .map_err(PuzzleError::Problem)
}

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
/// assert_eq!(names, ["queens-12", "langford-11", "pentominoes-6x10-reduced", "dominoes-6x6", "queens-20-costs", "two-per-line-7"]);
/// assert_eq!(cases(true)?.len(), 7);
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

/// The cases of the parallel benchmark (`dlxkit bench --engine --jobs N`): n-queens 14
/// (organ-pipe order), Langford pairs 12 (reduced by reversal) and the twelve pentominoes in
/// a 6x10 rectangle, unrestricted: searches of a second or so with very different trees.
///
/// ```
/// use dlxkit::bench::engine::parallel_cases;
/// let names: Vec<String> = parallel_cases()?.into_iter().map(|c| c.name).collect();
/// assert_eq!(names, ["queens-14", "langford-12", "pentominoes-6x10"]);
/// # Ok::<(), dlxkit::bench::BenchError>(())
/// ```
pub fn parallel_cases() -> Result<Vec<EngineCase>, BenchError> {
    let queens = Queens::new(14, QueensOrder::OrganPipe)?.problem().clone();
    let langford = Langford::new(12, true)?.problem().clone();
    let pentominoes = pentomino_rectangle(6, 10, false)?.problem().clone();
    Ok([
        ("queens-14", queens),
        ("langford-12", langford),
        ("pentominoes-6x10", pentominoes),
    ]
    .into_iter()
    .map(|(name, problem)| EngineCase {
        name: name.to_string(),
        problem,
    })
    .collect())
}

/// The engine's figures on one case.
///
/// ```
/// use std::time::Duration;
/// use dlxkit::bench::engine::EngineResult;
/// let r = EngineResult { name: "x".into(), solutions: 1, nodes: 2_000, updates: 9_000,
///                        best: Duration::from_millis(1), runs: 1, repeats: 1,
///                        complete: true };
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
    /// Searches timed in the best run, whose time is their mean (1, or more for a search
    /// shorter than [`MIN_TIMED`] in [`side_by_side`]).
    pub repeats: u32,
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
    ///                        best: Duration::ZERO, runs: 0, repeats: 0,
    ///                        complete: true };
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
/// best time; stops early when `cancel` is set. A problem with costs is searched for its
/// cheapest solution instead ([`BestSolver`], as Knuth's DLX5): `solutions` counts the
/// improvements.
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
        repeats: 1,
        complete: true,
    };
    for _ in 0..runs.max(1) {
        let outcome = if case.problem.has_costs() {
            cheapest(&case.problem, solver.limits().clone())
        } else {
            solver.count()
        };
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

/// The shortest time one timed run of [`side_by_side`] measures: a search shorter than
/// this is repeated until the repeats take this long, and the run's time is their mean, as
/// criterion does, so that a row under a millisecond is not one clock reading.
pub const MIN_TIMED: Duration = Duration::from_millis(20);

/// One case on each of `engines` in turn, through the front door ([`Plan`]), `runs` rounds
/// with the engines interleaved (so that a change in the machine's load falls on all of
/// them), the best time of each kept: the engines side by side in one run. Each engine's
/// time is its search's (the problem built once, outside it); a round repeats a search
/// shorter than [`MIN_TIMED`] until its repeats take that long and keeps their mean
/// (`repeats` says how many). An engine that does not take the case (bounds on the bit
/// sets, the cheapest solution on dancing cells) gives its refusal.
///
/// ```
/// use std::time::Duration;
/// use dlxkit::bench::engine::{side_by_side, EngineCase, MIN_TIMED};
/// use dlxkit::xc::plan::Engine;
/// use dlxkit::xc::Problem;
/// let case = EngineCase { name: "toy".into(), problem: Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")? };
/// let rows = side_by_side(&case, &Engine::ALL, 2, None);
/// for (engine, result) in rows {
///     let result = result?;
///     assert_eq!((result.solutions, result.runs), (4, 2), "{engine}");
///     // Each timed run lasts at least MIN_TIMED: a search of microseconds is repeated, and
///     // the best run's mean (rounded down to a nanosecond) times its repeats makes that up.
///     let repeats = result.repeats;
///     assert!(result.best * repeats + Duration::from_nanos(repeats.into()) > MIN_TIMED);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn side_by_side(
    case: &EngineCase,
    engines: &[Engine],
    runs: usize,
    cancel: Option<Arc<AtomicBool>>,
) -> Vec<(Engine, Result<EngineResult, Unsupported>)> {
    let mut limits = Limits::new();
    limits.cancel = cancel;
    let plan = |engine: Engine| {
        let plan = Plan::new().engine(engine).limits(limits.clone());
        match case.problem.has_costs() {
            true => plan.best(1),
            false => plan.count(true),
        }
    };
    let mut rows: Vec<(Engine, Result<EngineResult, Unsupported>)> = engines
        .iter()
        .map(|&engine| {
            let accepted = plan(engine).check(&case.problem).map(|()| EngineResult {
                name: case.name.clone(),
                solutions: 0,
                nodes: 0,
                updates: 0,
                best: Duration::MAX,
                runs: 0,
                repeats: 0,
                complete: true,
            });
            (engine, accepted)
        })
        .collect();
    for _ in 0..runs.max(1) {
        for (engine, row) in &mut rows {
            let Ok(result) = row else { continue };
            if !result.complete {
                continue;
            }
            let (mut timed, mut repeats) = (Duration::ZERO, 0u32);
            while result.complete && (repeats == 0 || timed < MIN_TIMED) {
                match plan(*engine).run(&case.problem, &mut Discard) {
                    Ok(report) => {
                        repeats += 1;
                        timed += report.stats.elapsed;
                        result.solutions = report.stats.solutions;
                        result.nodes = report.stats.nodes;
                        result.updates = report.stats.updates;
                        result.complete = report.status == Status::Complete;
                    }
                    Err(_) => result.complete = false,
                }
            }
            if repeats > 0 {
                result.runs += 1;
                if timed / repeats < result.best {
                    (result.best, result.repeats) = (timed / repeats, repeats);
                }
            }
        }
    }
    rows
}

/// Searches a problem with costs for its cheapest solution, as Knuth's DLX5 does.
///
/// ```
/// use dlxkit::bench::engine::cheapest;
/// use dlxkit::xc::{Limits, Problem};
/// let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
/// let outcome = cheapest(&p, Limits::new());
/// assert_eq!((outcome.stats.solutions, outcome.stats.nodes, outcome.stats.updates), (2, 5, 10));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn cheapest(problem: &Problem, limits: Limits) -> Outcome {
    let mut best = BestSolver::new(problem, 1).with_limits(limits);
    best.by_ref().for_each(drop);
    let outcome = best.outcome();
    Outcome {
        status: outcome.status,
        stats: outcome.stats,
    }
}

/// The engine's figures on one case counted on several threads ([`crate::xc::parallel`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParallelResult {
    /// The case's name.
    pub name: String,
    /// The threads that worked.
    pub threads: usize,
    /// The shards the tree was cut into.
    pub shards: usize,
    /// Solutions counted.
    pub solutions: u64,
    /// Search-tree nodes, the split's and the shards' (the sequential search's count).
    pub nodes: u64,
    /// Updates, likewise.
    pub updates: u64,
    /// The best wall-clock time of the runs (splitting included, building the problem not).
    #[serde(rename = "best_ms", serialize_with = "millis")]
    pub best: Duration,
    /// The CPU time of every thread in the run with the best wall-clock time, if the
    /// platform says.
    #[serde(rename = "cpu_ms", serialize_with = "optional_millis")]
    pub cpu: Option<Duration>,
    /// The largest shard's share of the nodes below the split: the tail one thread may be
    /// left with at the end.
    pub largest_share: f64,
    /// The speed-up the split allows, whatever the load (see
    /// [`crate::xc::parallel::Count::balanced_speedup`]).
    pub balanced_speedup: f64,
    /// Runs made.
    pub runs: usize,
    /// Whether every run explored the whole tree.
    pub complete: bool,
}

/// Counts every solution of a case `runs` times on `threads` threads, the tree cut into
/// `shards_per_thread` shards per thread, keeping the best wall-clock time; stops early when
/// `cancel` is set.
///
/// ```
/// use dlxkit::bench::engine::{run, run_parallel, EngineCase};
/// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
/// let case = EngineCase { name: "queens-8".into(), problem: Queens::new(8, QueensOrder::OrganPipe)?.problem().clone() };
/// let one = run(&case, 1, None);
/// let two = run_parallel(&case, 2, 16, 1, None);
/// assert_eq!((two.solutions, two.nodes, two.updates), (one.solutions, one.nodes, one.updates));
/// assert!(two.shards >= 2 && two.largest_share <= 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_parallel(
    case: &EngineCase,
    threads: usize,
    shards_per_thread: usize,
    runs: usize,
    cancel: Option<Arc<AtomicBool>>,
) -> ParallelResult {
    let mut limits = Limits::new();
    limits.cancel = cancel;
    let mut result = ParallelResult {
        name: case.name.clone(),
        threads,
        shards: 0,
        solutions: 0,
        nodes: 0,
        updates: 0,
        best: Duration::MAX,
        cpu: None,
        largest_share: 1.0,
        balanced_speedup: 1.0,
        runs: 0,
        complete: true,
    };
    for _ in 0..runs.max(1) {
        let cpu = super::cpu::process_time();
        let counted =
            crate::xc::parallel::count(&case.problem, threads, shards_per_thread, &limits);
        let cpu = cpu
            .zip(super::cpu::process_time())
            .map(|(a, b)| b.saturating_sub(a));
        result.runs += 1;
        let narrow = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
        result.solutions = counted.totals.solutions.to_u64().unwrap_or(u64::MAX);
        result.nodes = narrow(counted.totals.nodes);
        result.updates = narrow(counted.totals.updates);
        result.threads = counted.threads;
        result.shards = counted.split.shards().len();
        result.largest_share = counted.largest_share();
        result.balanced_speedup = counted.balanced_speedup();
        if counted.elapsed < result.best {
            result.best = counted.elapsed;
            result.cpu = cpu;
        }
        if !counted.complete {
            result.complete = false;
            break;
        }
    }
    result
}
