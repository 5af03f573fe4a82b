//! Sudoku solvers behind one interface: DLX and the backtracking family from the seed
//! documents, chosen by name from one registry.
//!
//! | name | algorithm |
//! |---|---|
//! | `dlx` | the exact cover engine on the Sudoku encoding (dancing links, Algorithm X) |
//! | `naive` | first empty cell in reading order, digits in ascending order |
//! | `mrv` | the most constrained cell first (fewest legal digits), recomputed every step |
//! | `forward-checking` | domains kept per cell, pruned on every assignment; smallest domain next |
//! | `strategies` | human strategies (singles, naked subsets, pointing) cycled, then a guess |
//!
//! Every solver counts solutions up to [`Limits::max_solutions`] (all when unset), honours node
//! limits, deadlines and the cancel flag, and reports the work it did in [`SolveStats`].

use std::time::Duration;

use thiserror::Error;

pub use crate::xc::{Limits, Status};

use super::grid::{Grid, Layout};

pub mod dlx;
pub mod forward_checking;
mod kit;
pub mod mrv;
pub mod naive;
pub mod strategies;
mod tables;
mod unit_search;

/// The work a solver did on one puzzle.
///
/// ```
/// let stats = dlxkit::sudoku::solvers::SolveStats::default();
/// assert_eq!(stats.nodes, 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Search nodes: assignments tried (for `dlx`, search-tree nodes as Knuth counts them).
    pub nodes: u64,
    /// Branch points with more than one candidate.
    pub guesses: u64,
    /// Times the search undid an assignment because it led nowhere.
    pub backtracks: u64,
    /// Digits tried at branch points while another digit was still untried there (a branch
    /// point whose `k` candidates are all tried adds `k - 1`): what tdoku's benchmark counts
    /// as guesses. The backtracking solvers count it; `dlx` leaves it at 0.
    pub alternatives: u64,
    /// How often each strategy made progress, for solvers that use strategies
    /// (name, count), in a fixed order.
    pub strategies: Vec<(&'static str, u64)>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// What a solver found on one puzzle.
///
/// ```
/// use dlxkit::sudoku::solvers::{Answer, SolveReport, Status};
/// let report = SolveReport { status: Status::Complete, solutions: 0, first: None, stats: Default::default() };
/// assert_eq!(report.answer(), Answer::None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// Why the search ended ([`Status::SolutionLimit`] when it stopped at the limit).
    pub status: Status,
    /// Solutions found (up to the limit).
    pub solutions: u64,
    /// The first solution found.
    pub first: Option<Grid>,
    /// The work done.
    pub stats: SolveStats,
}

/// A puzzle's verdict: no solution, exactly one, several, or unknown (a limit struck first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// A node, time or cancel limit stopped the search before the answer was known.
    Unknown,
}

impl Answer {
    /// `unsolvable`, `unique`, `multiple` or `unknown`.
    ///
    /// ```
    /// assert_eq!(dlxkit::sudoku::solvers::Answer::None.as_str(), "unsolvable");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::None => "unsolvable",
            Answer::Unique => "unique",
            Answer::Multiple => "multiple",
            Answer::Unknown => "unknown",
        }
    }
}

impl SolveReport {
    /// The verdict, read from the count and the status (a count of 2 or more is
    /// [`Answer::Multiple`] whatever stopped the search).
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{Answer, SolveReport, Status};
    /// let r = SolveReport { status: Status::SolutionLimit, solutions: 2, first: None, stats: Default::default() };
    /// assert_eq!(r.answer(), Answer::Multiple);
    /// ```
    pub fn answer(&self) -> Answer {
        match (self.solutions, self.status) {
            (n, _) if n >= 2 => Answer::Multiple,
            (1, Status::Complete) => Answer::Unique,
            (0, Status::Complete) => Answer::None,
            _ => Answer::Unknown,
        }
    }
}

/// A Sudoku solver. Solvers keep buffers between puzzles, hence `&mut self`.
pub trait SudokuSolver: Send {
    /// The solver's registry name.
    fn name(&self) -> &'static str;

    /// Whether the solver handles this layout (all handle the standard layouts of every size;
    /// variants with extra units or jigsaw regions depend on the algorithm).
    fn supports(&self, layout: &Layout) -> bool;

    /// Solves `grid`: counts solutions up to `limits.max_solutions` (all when unset),
    /// keeping the first one, within the node, time and cancel limits. A grid whose givens
    /// already conflict has no solution.
    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport;
}

/// Makes a new solver of one kind.
type Make = fn() -> Box<dyn SudokuSolver>;

/// The registry: every solver's name and constructor, in the order reports list them. The
/// one place a solver is named; [`SOLVER_NAMES`], [`by_name`] and the error message read it.
const REGISTRY: [(&str, Make); 5] = [
    ("dlx", || Box::new(dlx::DlxSolver::new())),
    ("naive", || Box::new(naive::NaiveSolver::new())),
    ("mrv", || Box::new(mrv::MrvSolver::new())),
    ("forward-checking", || {
        Box::new(forward_checking::ForwardCheckingSolver::new())
    }),
    ("strategies", || {
        Box::new(strategies::StrategiesSolver::new())
    }),
];

/// The solver names, in the order reports list them.
///
/// ```
/// use dlxkit::sudoku::solvers::{by_name, SOLVER_NAMES};
/// assert_eq!(SOLVER_NAMES[0], "dlx");
/// assert!(SOLVER_NAMES.iter().all(|&n| by_name(n).unwrap().name() == n));
/// ```
pub const SOLVER_NAMES: [&str; REGISTRY.len()] = {
    let mut names = [""; REGISTRY.len()];
    let mut i = 0;
    while i < REGISTRY.len() {
        names[i] = REGISTRY[i].0;
        i += 1;
    }
    names
};

/// A solver name that the registry does not know.
///
/// ```
/// let err = dlxkit::sudoku::solvers::by_name("magic").err().unwrap();
/// assert_eq!(
///     err.to_string(),
///     "unknown solver `magic`: choose one of dlx, naive, mrv, forward-checking, strategies"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown solver `{name}`: choose one of {}", SOLVER_NAMES.join(", "))]
pub struct UnknownSolver {
    /// The name asked for.
    pub name: String,
}

/// Makes a solver by name.
///
/// ```
/// use dlxkit::sudoku::solvers::by_name;
/// assert_eq!(by_name("mrv").unwrap().name(), "mrv");
/// assert!(by_name("magic").is_err());
/// ```
pub fn by_name(name: &str) -> Result<Box<dyn SudokuSolver>, UnknownSolver> {
    REGISTRY
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, make)| make())
        .ok_or_else(|| UnknownSolver {
            name: name.to_string(),
        })
}
