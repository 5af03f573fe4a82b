//! Everyday questions about one grid, answered with dancing links: solve it, count its
//! solutions, tell whether it is unique, list its solutions, check a filled grid.
//!
//! Each function encodes the grid's layout afresh; to answer many questions about grids of
//! one layout, keep an [`Encoding`] and use [`Encoding::search`] (or the
//! [`DlxSolver`](crate::sudoku::solvers::dlx::DlxSolver), which caches encodings).
//!
//! ```
//! use dlxkit::sudoku::{ops, Grid, Shape};
//! let empty = Grid::empty(Shape::new(2, 2)?);
//! assert_eq!(ops::count_solutions(&empty, u64::MAX)?, ops::SolutionCount::Exact(288));
//! assert_eq!(ops::uniqueness(&empty)?, ops::Answer::Multiple);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use thiserror::Error;

pub use super::encode::EncodeError;
use super::encode::Encoding;
use super::grid::{Conflict, Grid};
pub use super::solvers::Answer;
use crate::xc::Arena;

/// Finds a solution of `grid` (the first one the search meets), or `None` when there is
/// none. Conflicting givens are an error, found before any search.
///
/// ```
/// use dlxkit::sudoku::{ops, Grid, Shape};
/// let mut g = Grid::empty(Shape::new(3, 3)?);
/// g.set(0, 0, 7);
/// let s = ops::solve(&g)?.unwrap();
/// assert!(s.is_solved() && g.is_filled_by(&s));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(grid: &Grid) -> Result<Option<Grid>, EncodeError> {
    let encoding = Encoding::new(grid.layout().clone())?;
    let arena = Arena::new();
    let mut search = encoding.search(&arena, grid)?;
    Ok(search.first())
}

/// A number of solutions, and whether it is all of them: a count that stopped at its limit
/// says so, as the engine's counts carry a [`Status`](crate::xc::Status).
///
/// ```
/// use dlxkit::sudoku::ops::SolutionCount;
/// assert_eq!(SolutionCount::AtLeast(100).to_string(), "at least 100");
/// assert_eq!(SolutionCount::Exact(288).exact(), Some(288));
/// assert_eq!(SolutionCount::AtLeast(100).found(), 100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolutionCount {
    /// Every solution was counted: there are exactly this many.
    Exact(u64),
    /// The count stopped at its limit: there are at least this many (perhaps exactly).
    AtLeast(u64),
}

impl SolutionCount {
    /// The solutions counted, whether or not that is all of them.
    pub fn found(self) -> u64 {
        match self {
            SolutionCount::Exact(n) | SolutionCount::AtLeast(n) => n,
        }
    }

    /// The number of solutions when every one was counted.
    pub fn exact(self) -> Option<u64> {
        match self {
            SolutionCount::Exact(n) => Some(n),
            SolutionCount::AtLeast(_) => None,
        }
    }

    /// Whether every solution was counted.
    pub fn is_exact(self) -> bool {
        matches!(self, SolutionCount::Exact(_))
    }
}

impl fmt::Display for SolutionCount {
    /// `288`, or `at least 100` for a count cut at its limit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolutionCount::Exact(n) => write!(f, "{n}"),
            SolutionCount::AtLeast(n) => write!(f, "at least {n}"),
        }
    }
}

/// Counts the solutions of `grid`, stopping at `limit`: [`SolutionCount::Exact`] when the
/// search saw them all, [`SolutionCount::AtLeast`] when it stopped at the limit.
///
/// ```
/// use dlxkit::sudoku::{ops::{self, SolutionCount}, Grid, Shape};
/// let g = Grid::empty(Shape::new(2, 2)?);
/// assert_eq!(ops::count_solutions(&g, 1000)?, SolutionCount::Exact(288));
/// assert_eq!(ops::count_solutions(&g, 100)?, SolutionCount::AtLeast(100));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_solutions(grid: &Grid, limit: u64) -> Result<SolutionCount, EncodeError> {
    let encoding = Encoding::new(grid.layout().clone())?;
    let arena = Arena::new();
    let mut search = encoding.search(&arena, grid)?;
    let outcome = search.count_up_to(limit);
    let n = outcome.stats.solutions;
    Ok(match outcome.status.is_complete() {
        true => SolutionCount::Exact(n),
        false => SolutionCount::AtLeast(n),
    })
}

/// Whether `grid` has no solution, exactly one, or several (a search for at most two).
/// Conflicting givens give [`Answer::None`].
///
/// ```
/// use dlxkit::sudoku::{ops::{self, Answer}, Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// assert_eq!(ops::uniqueness(&g)?, Answer::Multiple);
/// g.set(0, 0, 1);
/// g.set(0, 1, 1);
/// assert_eq!(ops::uniqueness(&g)?, Answer::None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn uniqueness(grid: &Grid) -> Result<Answer, EncodeError> {
    if grid.check_givens().is_err() {
        return Ok(Answer::None);
    }
    Ok(match count_solutions(grid, 2)?.found() {
        0 => Answer::None,
        1 => Answer::Unique,
        _ => Answer::Multiple,
    })
}

/// Up to `limit` solutions of `grid`, in the order the search finds them. For a lazy
/// iterator, use [`Encoding::search`] and [`Search::solutions`](super::encode::Search::solutions).
///
/// ```
/// use dlxkit::sudoku::{ops, Grid, Shape};
/// let all = ops::solutions(&Grid::empty(Shape::new(2, 2)?), 1000)?;
/// assert_eq!(all.len(), 288);
/// assert!(all.iter().all(Grid::is_solved));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solutions(grid: &Grid, limit: usize) -> Result<Vec<Grid>, EncodeError> {
    let encoding = Encoding::new(grid.layout().clone())?;
    let arena = Arena::new();
    let mut search = encoding.search(&arena, grid)?;
    let mut found = Vec::new();
    if limit > 0 {
        search.solver().visit(|s| {
            found.push(encoding.grid_of(s));
            if found.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    Ok(found)
}

/// Why a grid is not a valid solution.
///
/// ```
/// use dlxkit::sudoku::{ops, Grid, Shape};
/// let err = ops::validate(&Grid::empty(Shape::new(2, 2)?)).unwrap_err();
/// assert_eq!(err.to_string(), "cell r1c1 is blank");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Invalid {
    /// A cell is not filled.
    #[error("cell {name} is blank")]
    Blank {
        /// The cell (reading order).
        cell: usize,
        /// Its name, `r1c1`.
        name: String,
    },
    /// A unit holds a digit twice.
    #[error(transparent)]
    Conflict(#[from] Conflict),
}

/// Checks that a grid is completely filled and that every unit of its layout (variants
/// included) holds every digit once.
///
/// ```
/// use dlxkit::sudoku::{ops, Grid, Shape};
/// let solved = ops::solve(&Grid::empty(Shape::new(2, 3)?))?.unwrap();
/// assert!(ops::validate(&solved).is_ok());
/// let mut broken = solved.clone();
/// broken.set(0, 0, solved[(0, 1)]);
/// assert!(ops::validate(&broken).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn validate(grid: &Grid) -> Result<(), Invalid> {
    if let Some(cell) = grid.cells().iter().position(|&d| d == 0) {
        return Err(Invalid::Blank {
            cell,
            name: grid.cell_name(cell),
        });
    }
    grid.check_givens()?;
    Ok(())
}
