//! Other exact cover puzzles, each a module that builds a [`crate::xc::Problem`], decodes a
//! solution and draws it.
//!
//! Every puzzle here has the same shape, the [`Puzzle`] trait:
//!
//! 1. a constructor takes the puzzle's parameters (a board size, a board and a piece set, a
//!    shopping list...) and builds the exact cover [`Problem`], remembering what each option
//!    *means* (a queen on a square, a piece in a position, a bundle bought);
//! 2. [`Puzzle::decode`] turns a solution of the engine (a list of [`OptionId`]s) into a
//!    typed value (a board of queens, a tiling, a Langford sequence);
//! 3. [`Puzzle::render`] draws that value as text;
//! 4. [`Puzzle::validate`] checks the typed value against the puzzle's own rules, without
//!    looking at the exact cover problem at all, so tests can trust the engine less.
//!
//! A command line can therefore solve any of them in a few lines:
//!
//! ```
//! use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
//! let puzzle = Queens::new(6, QueensOrder::OrganPipe)?;
//! assert_eq!(puzzle.count(), 4);
//! let solution = puzzle.first()?.expect("6 queens can be placed");
//! puzzle.validate(&solution)?;
//! println!("{}", puzzle.render(&solution));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules: [`queens`], [`polyomino`] (pentominoes and any other flat pieces on any
//! board), [`dominoes`], [`polycube`] (the Soma cube and other 3-D packings, drawn flat or
//! isometric), [`langford`],
//! [`shopping`] (the friendliest introduction to exact cover), [`lattice`] (with
//! [`polyiamond`] and [`polyhex`]), [`macmahon`] (coloured triangles), [`words`] (word
//! rectangles) and [`graceful`] (graceful labellings of graphs).

use std::fmt;

use thiserror::Error;

use crate::svg::Svg;
use crate::xc::{Arena, OptionId, Problem, ProblemError, Solver};

mod geometry;
mod isometric;
mod picture;

pub mod dominoes;
pub mod graceful;
pub mod langford;
pub mod lattice;
pub mod macmahon;
pub mod polycube;
pub mod polyhex;
pub mod polyiamond;
pub mod polyomino;
pub mod queens;
pub mod shopping;
pub mod words;

/// Why a puzzle could not be built.
///
/// ```
/// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, PuzzleError};
/// let err = Queens::new(0, QueensOrder::Natural).unwrap_err();
/// assert!(matches!(err, PuzzleError::TooSmall { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Malformed text (a board, a piece set, a shopping list), with its line and column
    /// (both counted from 1).
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// The line, from 1.
        line: usize,
        /// The column (in characters), from 1.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// A size or a count below the smallest meaningful value.
    #[error("{what} must be at least {min} (got {value})")]
    TooSmall {
        /// What was too small.
        what: &'static str,
        /// The value given.
        value: usize,
        /// The smallest allowed value.
        min: usize,
    },
    /// A size above the cap this library puts on problems it builds.
    #[error("{what} is {value}, above the limit of {max}")]
    TooLarge {
        /// What was too large.
        what: &'static str,
        /// The value given (or reached).
        value: usize,
        /// The largest allowed value.
        max: usize,
    },
    /// A board, a container, a piece or a list with nothing in it.
    #[error("{what} is empty")]
    Empty {
        /// What was empty.
        what: String,
    },
    /// A name is used twice (a piece, a bundle, a shopping item).
    #[error("`{name}` is defined twice")]
    Duplicate {
        /// The repeated name.
        name: String,
    },
    /// A name refers to nothing defined.
    #[error("unknown name `{name}`")]
    Unknown {
        /// The unknown name.
        name: String,
    },
    /// The input breaks a rule of the puzzle that no size or name explains (a graph with a
    /// loop, a vertex with no edge).
    #[error("{reason}")]
    Unsuitable {
        /// What is wrong.
        reason: String,
    },
    /// The requested symmetry reduction cannot be done exactly for this board and piece set.
    #[error("symmetry reduction impossible: {reason}")]
    Symmetry {
        /// Why.
        reason: String,
    },
    /// The exact cover problem itself was refused (for example an invalid item name).
    #[error(transparent)]
    Problem(#[from] ProblemError),
}

/// A decoded solution that breaks the puzzle's rules, or a list of options that does not
/// decode. The message says what is wrong.
///
/// ```
/// use dlxkit::puzzles::{langford::{Langford, LangfordSequence}, Puzzle};
/// let puzzle = Langford::new(3, false)?;
/// let wrong = LangfordSequence(vec![1, 2, 1, 3, 2, 3]);
/// assert!(puzzle.validate(&wrong).is_err());
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid solution: {0}")]
pub struct InvalidSolution(pub String);

/// Whether (and how) to count solutions once per symmetry class instead of every one.
///
/// ```
/// use dlxkit::puzzles::polyomino::{Board, PolyominoSet, PolyominoPacking, PolyominoOptions};
/// use dlxkit::puzzles::{Puzzle, SymmetryReduction};
/// let board = Board::rectangle(3, 20)?;
/// let options = PolyominoOptions { symmetry: SymmetryReduction::Auto, ..PolyominoOptions::default() };
/// let puzzle = PolyominoPacking::new(&board, &PolyominoSet::pentominoes(), &options)?;
/// assert_eq!(puzzle.count(), 2); // 8 tilings, 4 symmetries of the rectangle
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum SymmetryReduction {
    /// Count every solution ("raw" counts).
    #[default]
    None,
    /// Restrict the piece that leaves the fewest options, chosen automatically.
    Auto,
    /// Restrict the named piece (an error if that piece cannot break the symmetry).
    Piece(String),
}

/// What a symmetry reduction did: the board's symmetry group and the restricted pieces.
///
/// ```
/// use dlxkit::puzzles::polyomino::{pentomino_rectangle};
/// let puzzle = pentomino_rectangle(6, 10, true)?;
/// let report = puzzle.symmetry().expect("reduced");
/// assert_eq!(report.group_order, 4);
/// assert_eq!(report.piece.as_deref(), Some("X"));
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SymmetryReport {
    /// How many symmetries of the board (container) map solutions to solutions.
    pub group_order: usize,
    /// The piece restricted to one placement per symmetry class (`None` when the board has no
    /// symmetry to remove).
    pub piece: Option<String>,
    /// How many placements that piece had, and how many were kept.
    pub placements: (usize, usize),
    /// The second piece that breaks the symmetry left when the first piece sits in a
    /// symmetric position, if one was needed.
    pub helper: Option<String>,
}

impl fmt::Display for SymmetryReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} symmetries", self.group_order)?;
        if let Some(p) = &self.piece {
            write!(
                f,
                "; piece {p} keeps {} of its {} placements",
                self.placements.1, self.placements.0
            )?;
        }
        if let Some(h) = &self.helper {
            write!(f, "; piece {h} breaks the symmetry left")?;
        }
        Ok(())
    }
}

/// The common shape of every puzzle: a problem, what its options mean, and the way back from
/// a solution to a picture.
///
/// ```
/// use dlxkit::puzzles::{langford::Langford, Puzzle};
/// let puzzle = Langford::new(3, false)?;
/// let first = puzzle.first()?.expect("a solution");
/// puzzle.validate(&first)?;
/// assert_eq!(puzzle.count(), 2); // 2 3 1 2 1 3 and its reversal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Puzzle {
    /// A decoded solution.
    type Solution;

    /// The exact cover problem.
    ///
    /// ```
    /// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
    /// assert_eq!(Dominoes::new(2, 2)?.problem().option_count(), 4);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn problem(&self) -> &Problem;

    /// What an option means, in words (`None` for an option the problem does not have).
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// use dlxkit::xc::OptionId;
    /// let q = Queens::new(4, QueensOrder::Natural)?;
    /// assert_eq!(q.describe(OptionId::new(1)).unwrap(), "queen at row 0, column 1");
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn describe(&self, option: OptionId) -> Option<String>;

    /// Turns a solution of [`Puzzle::problem`] into a typed value.
    ///
    /// ```
    /// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
    /// let d = Dominoes::new(2, 2)?;
    /// let options = d.problem().first_solution().unwrap();
    /// assert_eq!(d.decode(&options)?.dominoes.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn decode(&self, options: &[OptionId]) -> Result<Self::Solution, InvalidSolution>;

    /// Checks a solution against the rules of the puzzle, independently of the engine.
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder, QueensSolution}, Puzzle};
    /// let q = Queens::new(4, QueensOrder::Natural)?;
    /// assert!(q.validate(&QueensSolution { columns: vec![1, 3, 0, 2] }).is_ok());
    /// assert!(q.validate(&QueensSolution { columns: vec![0, 1, 2, 3] }).is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn validate(&self, solution: &Self::Solution) -> Result<(), InvalidSolution>;

    /// Draws a solution as text (lines end with `\n`).
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder, QueensSolution}, Puzzle};
    /// let q = Queens::new(4, QueensOrder::Natural)?;
    /// let text = q.render(&QueensSolution { columns: vec![1, 3, 0, 2] });
    /// assert_eq!(text, ".Q..\n...Q\nQ...\n..Q.\n");
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn render(&self, solution: &Self::Solution) -> String;

    /// Draws a solution as an SVG picture, each piece (queen, pair, placement) one shape in
    /// a colour of its own that it keeps in every solution; `None` for a puzzle with nothing
    /// to draw (a shopping list).
    ///
    /// ```
    /// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
    /// let d = Dominoes::new(2, 2)?;
    /// let tiling = d.first()?.unwrap();
    /// let svg = d.draw(&tiling).expect("dominoes are drawn").to_string();
    /// assert_eq!(svg.matches("<path class=\"piece\"").count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn draw(&self, solution: &Self::Solution) -> Option<Svg> {
        let _ = solution;
        None
    }

    /// Whether the puzzle counts one solution per symmetry class by keeping the
    /// [representatives](Puzzle::is_representative) of the problem's solutions, where the
    /// symmetry cannot be broken inside the problem (colour renamings, a word square's
    /// transpose). Then [`Puzzle::count`] and the other searches here skip the rest, and a
    /// command line must filter the engine's solutions the same way.
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// assert!(!Queens::new(8, QueensOrder::Natural)?.filters());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn filters(&self) -> bool {
        false
    }

    /// Whether `solution` is the one kept of its symmetry class (always, for a puzzle that
    /// does not [filter](Puzzle::filters)).
    ///
    /// ```
    /// use dlxkit::puzzles::words::{WordGrid, WordList, WordRectangle};
    /// use dlxkit::puzzles::Puzzle;
    /// let list: WordList = "an\nat\nno\nto\n".parse()?;
    /// let square = WordRectangle::new(2, 2, &list, None)?.distinct()?;
    /// let grid = |a: &str, b: &str| WordGrid { rows: vec![a.into(), b.into()] };
    /// assert!(square.is_representative(&grid("an", "to")));
    /// assert!(!square.is_representative(&grid("at", "no"))); // the transpose of an/to
    /// assert!(square.is_representative(&grid("at", "to"))); // its own transpose
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn is_representative(&self, solution: &Self::Solution) -> bool {
        let _ = solution;
        true
    }

    /// Counts the solutions with a fresh [`Solver`] (the representatives only, for a puzzle
    /// that [filters](Puzzle::filters)).
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// assert_eq!(Queens::new(8, QueensOrder::OrganPipe)?.count(), 92);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    fn count(&self) -> u64 {
        if !self.filters() {
            return self.problem().count_solutions();
        }
        let arena = Arena::new();
        let mut solver = Solver::new(self.problem(), &arena);
        let mut kept = 0;
        solver.visit(|options| {
            if self
                .decode(options)
                .is_ok_and(|s| self.is_representative(&s))
            {
                kept += 1;
            }
            std::ops::ControlFlow::Continue(())
        });
        kept
    }

    /// The first solution the search finds, decoded (`Ok(None)` when there is none).
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// assert!(Queens::new(3, QueensOrder::Natural)?.first()?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn first(&self) -> Result<Option<Self::Solution>, InvalidSolution> {
        Ok(self.solutions_up_to(1)?.pop())
    }

    /// Up to `limit` solutions, decoded, in the order the search finds them (the
    /// representatives only, for a puzzle that [filters](Puzzle::filters)).
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// let q = Queens::new(8, QueensOrder::Natural)?;
    /// let some = q.solutions_up_to(5)?;
    /// assert_eq!(some.len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn solutions_up_to(&self, limit: usize) -> Result<Vec<Self::Solution>, InvalidSolution> {
        let arena = Arena::new();
        let mut solver = Solver::new(self.problem(), &arena);
        let mut out = Vec::new();
        for options in solver.solutions() {
            if out.len() >= limit {
                break;
            }
            let solution = self.decode(&options)?;
            if self.is_representative(&solution) {
                out.push(solution);
            }
        }
        Ok(out)
    }

    /// Decodes and draws a raw solution in one call (what a command line needs).
    ///
    /// ```
    /// use dlxkit::puzzles::{langford::Langford, Puzzle};
    /// let l = Langford::new(3, true)?;
    /// let options = l.problem().first_solution().unwrap();
    /// assert_eq!(l.render_options(&options)?.trim(), "3 1 2 1 3 2"); // its reversal is left out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn render_options(&self, options: &[OptionId]) -> Result<String, InvalidSolution> {
        Ok(self.render(&self.decode(options)?))
    }
}
