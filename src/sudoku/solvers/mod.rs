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
//! What each can do beyond that (killer cages, pencil marks, memoised or shared counts, the
//! statistics it keeps) is told once, in the registry [`SOLVERS`], as [`Ability`] bits: the
//! command line asks [`SolverInfo::require`], whose error names the solvers that can.

use std::fmt;
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
/// assert_eq!(stats.assignments, 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Assignments tried: each digit the search put in a cell (for `dlx`, the nodes of
    /// Knuth's search tree, its options chosen plus the root; for `strategies`, one per
    /// round of propagation). The node limit ([`Limits::nodes`](crate::xc::Limits::nodes))
    /// counts them.
    pub assignments: u64,
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

impl SolveReport {
    /// A search that found nothing and did no work in `elapsed` (complete, no solution):
    /// where a solver starts, or what an unsolvable grid gets.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{Answer, SolveReport};
    /// let report = SolveReport::empty(std::time::Duration::ZERO);
    /// assert_eq!(report.answer(), Answer::None);
    /// ```
    pub fn empty(elapsed: Duration) -> SolveReport {
        SolveReport {
            status: Status::Complete,
            solutions: 0,
            first: None,
            stats: SolveStats {
                elapsed,
                ..SolveStats::default()
            },
        }
    }
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

/// Something a solver can do beyond solving plain grids, as the registry records it: callers
/// ask [`SolverInfo::can`] or [`SolverInfo::require`] rather than testing names.
///
/// ```
/// use dlxkit::sudoku::solvers::{info, Ability};
/// assert!(info("dlx")?.can(Ability::Killer));
/// assert!(!info("mrv")?.can(Ability::Killer));
/// assert_eq!(Ability::Killer.to_string(), "solve killer puzzles");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ability {
    /// Layouts beyond rows, columns and boxes: extra units (Sudoku-X, windoku) and jigsaw
    /// regions.
    Variants,
    /// Killer puzzles: each cage's fillings are options of the exact cover problem
    /// ([`crate::sudoku::killer`]).
    Killer,
    /// Puzzles given by pencil marks (sukaku, candidate grids): only their candidates may be
    /// placed.
    PencilMarks,
    /// Counting with the memoised search ([`crate::xc::memo`]) over the exact cover encoding.
    MemoCount,
    /// One puzzle's count shared by several threads (its search tree split between them).
    SharedCount,
    /// Guesses counted in [`SolveStats::guesses`] (branch points with several candidates).
    Guesses,
    /// Alternatives counted in [`SolveStats::alternatives`] (tdoku's guesses).
    Alternatives,
    /// Each strategy's deductions counted in [`SolveStats::strategies`].
    Strategies,
    /// A search on a chosen exact cover engine ([`crate::xc::Engine`]: the links, dancing
    /// cells or the bit sets), through a [`crate::xc::Plan`] ([`dlx::solve_grid_planned`]).
    Engines,
}

impl Ability {
    /// Every ability, in the order of the bits of [`Abilities`].
    pub const ALL: [Ability; 9] = [
        Ability::Variants,
        Ability::Killer,
        Ability::PencilMarks,
        Ability::MemoCount,
        Ability::SharedCount,
        Ability::Guesses,
        Ability::Alternatives,
        Ability::Strategies,
        Ability::Engines,
    ];

    /// What a solver with this ability does, after "can": `solve killer puzzles`.
    pub fn what(self) -> &'static str {
        match self {
            Ability::Variants => "solve variants (extra units, jigsaw regions)",
            Ability::Killer => "solve killer puzzles",
            Ability::PencilMarks => "read pencil marks (sukaku and candidate grids)",
            Ability::MemoCount => "count with the memoised search",
            Ability::SharedCount => "share one puzzle's count between threads",
            Ability::Guesses => "count guesses",
            Ability::Alternatives => "count alternatives",
            Ability::Strategies => "count each strategy's deductions",
            Ability::Engines => "search on a chosen exact cover engine",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.what())
    }
}

/// A set of [`Ability`] values, one bit each.
///
/// ```
/// use dlxkit::sudoku::solvers::{Abilities, Ability};
/// let a = Abilities::of(&[Ability::Killer, Ability::Guesses]);
/// assert!(a.has(Ability::Killer) && !a.has(Ability::PencilMarks));
/// assert_eq!(a.iter().collect::<Vec<_>>(), [Ability::Killer, Ability::Guesses]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Abilities(u16);

impl Abilities {
    /// The set of `abilities`.
    pub const fn of(abilities: &[Ability]) -> Abilities {
        let mut bits = 0;
        let mut i = 0;
        while i < abilities.len() {
            bits |= abilities[i].bit();
            i += 1;
        }
        Abilities(bits)
    }

    /// Whether the set holds `ability`.
    pub fn has(self, ability: Ability) -> bool {
        self.0 & ability.bit() != 0
    }

    /// The abilities of the set, in the order of [`Ability::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Ability> {
        Ability::ALL.into_iter().filter(move |&a| self.has(a))
    }
}

/// A solver as the registry knows it: its name, what it can do, and how to make one.
#[derive(Clone, Copy, Debug)]
pub struct SolverInfo {
    /// The name (`--solver NAME` on the command line).
    pub name: &'static str,
    /// What it can do.
    pub abilities: Abilities,
    make: Make,
}

impl SolverInfo {
    /// A new solver of this kind.
    ///
    /// ```
    /// let mrv = dlxkit::sudoku::solvers::info("mrv")?.make();
    /// assert_eq!(mrv.name(), "mrv");
    /// # Ok::<(), dlxkit::sudoku::solvers::UnknownSolver>(())
    /// ```
    pub fn make(&self) -> Box<dyn SudokuSolver> {
        (self.make)()
    }

    /// Whether the solver has `ability`.
    pub fn can(&self, ability: Ability) -> bool {
        self.abilities.has(ability)
    }

    /// `Ok` if the solver has `ability`; else the error naming the solvers that have it.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{info, Ability};
    /// assert!(info("dlx")?.require(Ability::PencilMarks).is_ok());
    /// let err = info("naive")?.require(Ability::Killer).unwrap_err();
    /// assert_eq!(err.to_string(), "solver `naive` cannot solve killer puzzles: use dlx");
    /// # Ok::<(), dlxkit::sudoku::solvers::UnknownSolver>(())
    /// ```
    pub fn require(&self, ability: Ability) -> Result<(), Unable> {
        match self.can(ability) {
            true => Ok(()),
            false => Err(Unable {
                solver: self.name,
                ability,
            }),
        }
    }
}

/// A solver asked for something it cannot do ([`SolverInfo::require`]); the message names
/// the solvers that can, from the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("solver `{solver}` cannot {ability}: use {}", solvers_with(*ability).join(" or "))]
pub struct Unable {
    /// The solver asked.
    pub solver: &'static str,
    /// What it was asked to do.
    pub ability: Ability,
}

/// The names of the solvers that have `ability`, in registry order.
///
/// ```
/// use dlxkit::sudoku::solvers::{solvers_with, Ability};
/// assert_eq!(solvers_with(Ability::Killer), ["dlx"]);
/// assert_eq!(solvers_with(Ability::Strategies), ["strategies"]);
/// assert_eq!(solvers_with(Ability::Variants).len(), 5);
/// ```
pub fn solvers_with(ability: Ability) -> Vec<&'static str> {
    SOLVERS
        .iter()
        .filter(|s| s.can(ability))
        .map(|s| s.name)
        .collect()
}

/// What every backtracking solver can do: every layout, guesses and alternatives counted.
const BACKTRACKING: [Ability; 3] = [Ability::Variants, Ability::Guesses, Ability::Alternatives];

/// The registry: every solver's name, abilities and constructor, in the order reports list
/// them. The one place a solver is named or its abilities are told; [`SOLVER_NAMES`],
/// [`info`], [`by_name`] and the error messages read it.
///
/// ```
/// use dlxkit::sudoku::solvers::{Ability, SOLVERS};
/// let killer: Vec<&str> = SOLVERS.iter().filter(|s| s.can(Ability::Killer)).map(|s| s.name).collect();
/// assert_eq!(killer, ["dlx"]);
/// ```
pub const SOLVERS: [SolverInfo; 5] = [
    SolverInfo {
        name: "dlx",
        abilities: Abilities::of(&[
            Ability::Variants,
            Ability::Killer,
            Ability::PencilMarks,
            Ability::MemoCount,
            Ability::SharedCount,
            Ability::Guesses,
            Ability::Engines,
        ]),
        make: || Box::new(dlx::DlxSolver::new()),
    },
    SolverInfo {
        name: "naive",
        abilities: Abilities::of(&BACKTRACKING),
        make: || Box::new(naive::NaiveSolver::new()),
    },
    SolverInfo {
        name: "mrv",
        abilities: Abilities::of(&BACKTRACKING),
        make: || Box::new(mrv::MrvSolver::new()),
    },
    SolverInfo {
        name: "forward-checking",
        abilities: Abilities::of(&BACKTRACKING),
        make: || Box::new(forward_checking::ForwardCheckingSolver::new()),
    },
    SolverInfo {
        name: "strategies",
        abilities: Abilities::of(&[
            Ability::Variants,
            Ability::Guesses,
            Ability::Alternatives,
            Ability::Strategies,
        ]),
        make: || Box::new(strategies::StrategiesSolver::new()),
    },
];

/// The solver names, in the order reports list them.
///
/// ```
/// use dlxkit::sudoku::solvers::{by_name, SOLVER_NAMES};
/// assert_eq!(SOLVER_NAMES[0], "dlx");
/// assert!(SOLVER_NAMES.iter().all(|&n| by_name(n).unwrap().name() == n));
/// ```
pub const SOLVER_NAMES: [&str; SOLVERS.len()] = {
    let mut names = [""; SOLVERS.len()];
    let mut i = 0;
    while i < SOLVERS.len() {
        names[i] = SOLVERS[i].name;
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
    info(name).map(SolverInfo::make)
}

/// What the registry knows of a solver, by name.
///
/// ```
/// use dlxkit::sudoku::solvers::{info, Ability};
/// assert!(info("strategies")?.can(Ability::Strategies));
/// assert!(info("magic").is_err());
/// # Ok::<(), dlxkit::sudoku::solvers::UnknownSolver>(())
/// ```
pub fn info(name: &str) -> Result<&'static SolverInfo, UnknownSolver> {
    SOLVERS
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| UnknownSolver {
            name: name.to_string(),
        })
}
