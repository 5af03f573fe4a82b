//! Domino tilings: cover an m x n board with 1x2 dominoes, laid across or upright.
//!
//! ## The encoding
//!
//! Only the cells matter here: each of the m·n cells is a primary item (`row,column`, counting
//! from 0, row by row), and every place a domino can lie is an option covering its two cells,
//! so there are m(n-1) horizontal and (m-1)n vertical options. The dominoes are all alike, so
//! there is no item per domino: a solution is just a set of options covering every cell
//! once, and the count is the number of tilings (2, 36, 6,728 and 12,988,816 for the 2x2, 4x4,
//! 6x6 and 8x8 squares, OEIS A004003; an odd number of cells gives 0).
//!
//! Every solution has the same depth, m·n/2 choices, and the tilings are numerous, so counting
//! the 8x8 tilings is a good stress test of the engine's raw speed rather than of its
//! pruning. (The same tilings are found by [`crate::puzzles::polyomino`] with the
//! [`PolyominoSet::dominoes`](crate::puzzles::polyomino::PolyominoSet::dominoes) set; this module
//! is the direct, smaller encoding.)
//!
//! ```
//! use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
//! let puzzle = Dominoes::new(2, 3)?;
//! assert_eq!(puzzle.count(), 3);
//! let first = puzzle.first()?.unwrap();
//! assert_eq!(puzzle.render(&first), "<>^\n<>v\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::picture::{self, square, Point, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::Svg;
use crate::xc::{OptionId, Problem};

/// The most cells a board may have.
///
/// ```
/// use dlxkit::puzzles::dominoes::{Dominoes, MAX_CELLS};
/// assert!(Dominoes::new(1, MAX_CELLS + 1).is_err());
/// ```
pub const MAX_CELLS: usize = 250_000;

/// One domino: the cell it starts at (top or left) and its direction.
///
/// ```
/// use dlxkit::puzzles::dominoes::Domino;
/// let d = Domino { row: 0, col: 0, vertical: true };
/// assert_eq!(d.cells(), [(0, 0), (1, 0)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    /// The row of its top (or only) row.
    pub row: usize,
    /// The column of its left (or only) column.
    pub col: usize,
    /// Upright (covering `(row, col)` and `(row + 1, col)`) rather than across.
    pub vertical: bool,
}

impl Domino {
    /// The two cells the domino covers.
    ///
    /// ```
    /// use dlxkit::puzzles::dominoes::Domino;
    /// assert_eq!(Domino { row: 2, col: 3, vertical: false }.cells(), [(2, 3), (2, 4)]);
    /// ```
    pub fn cells(self) -> [(usize, usize); 2] {
        if self.vertical {
            [(self.row, self.col), (self.row + 1, self.col)]
        } else {
            [(self.row, self.col), (self.row, self.col + 1)]
        }
    }
}

/// A tiling: its dominoes, in the order the search chose them.
///
/// ```
/// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
/// let d = Dominoes::new(2, 4)?;
/// let tiling = d.first()?.unwrap();
/// assert_eq!(tiling.dominoes.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DominoTiling {
    /// The dominoes.
    pub dominoes: Vec<Domino>,
}

/// The domino tilings of an m x n board.
///
/// ```
/// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
/// assert_eq!(Dominoes::new(4, 4)?.count(), 36);
/// assert_eq!(Dominoes::new(3, 3)?.count(), 0);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dominoes {
    rows: usize,
    cols: usize,
    problem: Problem,
    dominoes: Vec<Domino>,
}

impl Dominoes {
    /// Builds the problem for a `rows` x `cols` board (at most [`MAX_CELLS`] cells).
    ///
    /// ```
    /// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle, PuzzleError};
    /// assert_eq!(Dominoes::new(2, 2)?.count(), 2);
    /// assert!(matches!(Dominoes::new(0, 2), Err(PuzzleError::TooSmall { .. })));
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Dominoes, PuzzleError> {
        for (what, value) in [("board rows", rows), ("board columns", cols)] {
            if value == 0 {
                return Err(PuzzleError::TooSmall {
                    what,
                    value,
                    min: 1,
                });
            }
        }
        let cells = rows.saturating_mul(cols);
        if cells > MAX_CELLS {
            return Err(PuzzleError::TooLarge {
                what: "the number of board cells",
                value: cells,
                max: MAX_CELLS,
            });
        }
        let mut b = Problem::builder();
        let items = b.primaries((0..cells).map(|k| format!("{},{}", k / cols, k % cols)))?;
        let mut dominoes = Vec::new();
        for row in 0..rows {
            for col in 0..cols {
                for vertical in [false, true] {
                    let d = Domino { row, col, vertical };
                    let [(r1, c1), (r2, c2)] = d.cells();
                    if r2 < rows && c2 < cols {
                        b.option([items[r1 * cols + c1], items[r2 * cols + c2]])?;
                        dominoes.push(d);
                    }
                }
            }
        }
        Ok(Dominoes {
            rows,
            cols,
            problem: b.build()?,
            dominoes,
        })
    }

    /// The board size `(rows, columns)`.
    ///
    /// ```
    /// use dlxkit::puzzles::dominoes::Dominoes;
    /// assert_eq!(Dominoes::new(2, 3)?.size(), (2, 3));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The domino that option `option` lays.
    ///
    /// ```
    /// use dlxkit::puzzles::dominoes::{Domino, Dominoes};
    /// use dlxkit::xc::OptionId;
    /// let d = Dominoes::new(2, 2)?;
    /// assert_eq!(d.domino(OptionId::new(0)), Some(Domino { row: 0, col: 0, vertical: false }));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn domino(&self, option: OptionId) -> Option<Domino> {
        self.dominoes.get(option.index()).copied()
    }
}

impl Puzzle for Dominoes {
    type Solution = DominoTiling;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let d = self.domino(option)?;
        let [(r1, c1), (r2, c2)] = d.cells();
        Some(format!("domino on {r1},{c1} and {r2},{c2}"))
    }

    fn decode(&self, options: &[OptionId]) -> Result<DominoTiling, InvalidSolution> {
        let dominoes = options
            .iter()
            .map(|&o| {
                self.domino(o)
                    .ok_or_else(|| InvalidSolution(format!("no option {}", o.index())))
            })
            .collect::<Result<_, _>>()?;
        Ok(DominoTiling { dominoes })
    }

    fn validate(&self, tiling: &DominoTiling) -> Result<(), InvalidSolution> {
        let mut covered = vec![false; self.rows * self.cols];
        for d in &tiling.dominoes {
            for (r, c) in d.cells() {
                if r >= self.rows || c >= self.cols {
                    return Err(InvalidSolution(format!("{d:?} leaves the board")));
                }
                if std::mem::replace(&mut covered[r * self.cols + c], true) {
                    return Err(InvalidSolution(format!("cell {r},{c} is covered twice")));
                }
            }
        }
        match covered.iter().position(|&c| !c) {
            Some(k) => Err(InvalidSolution(format!(
                "cell {},{} is not covered",
                k / self.cols,
                k % self.cols
            ))),
            None => Ok(()),
        }
    }

    /// Draws across dominoes as `<>` and upright ones as `^` over `v`.
    fn render(&self, tiling: &DominoTiling) -> String {
        let mut grid = vec![vec!['.'; self.cols]; self.rows];
        for d in &tiling.dominoes {
            let [(r1, c1), (r2, c2)] = d.cells();
            if r2 < self.rows && c2 < self.cols {
                let (a, b) = if d.vertical { ('^', 'v') } else { ('<', '>') };
                grid[r1][c1] = a;
                grid[r2][c2] = b;
            }
        }
        let mut out = String::new();
        for row in grid {
            out.extend(row);
            out.push('\n');
        }
        out
    }

    /// Across and upright dominoes in two colours.
    fn draw(&self, tiling: &DominoTiling) -> Option<Svg> {
        let board: Vec<Vec<Point>> = (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| square(r, c, CELL)))
            .collect();
        let tiles: Vec<Tile> = tiling
            .dominoes
            .iter()
            .map(|d| Tile {
                colour: usize::from(d.vertical),
                name: if d.vertical { "|" } else { "-" }.to_string(),
                cells: d.cells().iter().map(|&(r, c)| square(r, c, CELL)).collect(),
                cell_labels: Some(Vec::new()),
            })
            .collect();
        Some(picture::tiling(&board, &tiles, CELL / 2.0))
    }
}

/// The side of a square in the pictures, in pixels.
const CELL: f64 = 24.0;
