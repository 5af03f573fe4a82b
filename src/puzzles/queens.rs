//! The n-queens problem: place n queens on an n x n board so that none attacks another.
//!
//! ## The encoding
//!
//! Each row must hold exactly one queen, and so must each column: these 2n conditions are the
//! primary items (`r0`..., `c0`...). The diagonals are different: a diagonal may hold *at most*
//! one queen, and most diagonals stay empty in a solution, so they are secondary items, `a{r+c}`
//! for the diagonals going up to the right and `b{r-c+n-1}` for those going down. Placing a
//! queen on square (r, c) is one option: `r{r} c{c} a{r+c} b{r-c+n-1}`. A set of options that
//! covers each row and column once and each diagonal at most once is a solution.
//!
//! ## Item order
//!
//! The search branches on the primary item with the fewest remaining options, and among equals
//! on the one declared first. With [`QueensOrder::Natural`] the rows come first, top to bottom,
//! then the columns. Knuth found that the *organ-pipe* order, [`QueensOrder::OrganPipe`], which
//! interleaves rows and columns starting from the middle of the board and working outwards
//! (for n = 8: `r3 c3 r4 c4 r2 c2 r5 c5 r1 c1 r6 c6 r0 c0 r7 c7`), gives a much smaller
//! search tree: a queen in the middle of the board rules out the most squares, so deciding the
//! middle early prunes the most. The counts do not depend on the order.
//!
//! ```
//! use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
//! let puzzle = Queens::new(4, QueensOrder::Natural)?;
//! assert_eq!(puzzle.count(), 2);
//! let first = puzzle.first()?.unwrap();
//! assert_eq!(puzzle.render(&first), ".Q..\n...Q\nQ...\n..Q.\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::picture::{self, square, Point};
use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::{colour, polygon_path, Svg};
use crate::xc::{OptionId, Problem};

/// The largest board this module builds.
///
/// ```
/// use dlxkit::puzzles::queens::{Queens, QueensOrder, MAX_N};
/// assert!(Queens::new(MAX_N + 1, QueensOrder::Natural).is_err());
/// ```
pub const MAX_N: usize = 1_000;

/// The order in which rows and columns are declared (it changes the search, not the counts).
///
/// ```
/// use dlxkit::puzzles::queens::QueensOrder;
/// assert_eq!(QueensOrder::OrganPipe.lines(5), [2, 3, 1, 4, 0]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QueensOrder {
    /// All rows top to bottom, then all columns left to right.
    Natural,
    /// Rows and columns interleaved, from the middle outwards (Knuth's faster order).
    #[default]
    OrganPipe,
}

impl QueensOrder {
    /// The row (and column) indices in the order this rule declares them.
    ///
    /// ```
    /// use dlxkit::puzzles::queens::QueensOrder;
    /// assert_eq!(QueensOrder::Natural.lines(4), [0, 1, 2, 3]);
    /// assert_eq!(QueensOrder::OrganPipe.lines(8), [3, 4, 2, 5, 1, 6, 0, 7]);
    /// ```
    pub fn lines(self, n: usize) -> Vec<usize> {
        match self {
            QueensOrder::Natural => (0..n).collect(),
            QueensOrder::OrganPipe => {
                let mut out = Vec::with_capacity(n);
                if n == 0 {
                    return out;
                }
                let middle = (n - 1) / 2;
                out.push(middle);
                for step in 1..n {
                    if middle + step < n {
                        out.push(middle + step);
                    }
                    if step <= middle {
                        out.push(middle - step);
                    }
                    if out.len() == n {
                        break;
                    }
                }
                out
            }
        }
    }
}

/// A solution: the column of the queen in each row.
///
/// ```
/// use dlxkit::puzzles::queens::QueensSolution;
/// let s = QueensSolution { columns: vec![1, 3, 0, 2] };
/// assert_eq!(s.columns[0], 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueensSolution {
    /// `columns[r]` is the column of the queen in row `r`.
    pub columns: Vec<usize>,
}

/// The n-queens puzzle as an exact cover problem.
///
/// ```
/// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
/// let q = Queens::new(8, QueensOrder::OrganPipe)?;
/// assert_eq!((q.problem().primary_count(), q.problem().secondary_count()), (16, 30));
/// assert_eq!(q.count(), 92);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    order: QueensOrder,
    problem: Problem,
    /// The square `(row, column)` of each option.
    squares: Vec<(usize, usize)>,
}

impl Queens {
    /// Builds the problem for an `n` x `n` board (1 <= n <= [`MAX_N`]).
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle, PuzzleError};
    /// assert_eq!(Queens::new(1, QueensOrder::Natural)?.count(), 1);
    /// assert!(matches!(Queens::new(5000, QueensOrder::Natural), Err(PuzzleError::TooLarge { .. })));
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn new(n: usize, order: QueensOrder) -> Result<Queens, PuzzleError> {
        if n == 0 {
            return Err(PuzzleError::TooSmall {
                what: "the board size",
                value: n,
                min: 1,
            });
        }
        if n > MAX_N {
            return Err(PuzzleError::TooLarge {
                what: "the board size",
                value: n,
                max: MAX_N,
            });
        }
        let mut b = Problem::builder();
        let mut rows = vec![None; n];
        let mut cols = vec![None; n];
        match order {
            QueensOrder::Natural => {
                for (r, slot) in rows.iter_mut().enumerate() {
                    *slot = Some(b.primary(&format!("r{r}"))?);
                }
                for (c, slot) in cols.iter_mut().enumerate() {
                    *slot = Some(b.primary(&format!("c{c}"))?);
                }
            }
            QueensOrder::OrganPipe => {
                for k in order.lines(n) {
                    rows[k] = Some(b.primary(&format!("r{k}"))?);
                    cols[k] = Some(b.primary(&format!("c{k}"))?);
                }
            }
        }
        let rows: Vec<_> = rows.into_iter().flatten().collect();
        let cols: Vec<_> = cols.into_iter().flatten().collect();
        let up = b.secondaries((0..2 * n - 1).map(|d| format!("a{d}")))?;
        let down = b.secondaries((0..2 * n - 1).map(|d| format!("b{d}")))?;
        let mut squares = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                b.option([rows[r], cols[c], up[r + c], down[r + n - 1 - c]])?;
                squares.push((r, c));
            }
        }
        Ok(Queens {
            n,
            order,
            problem: b.build()?,
            squares,
        })
    }

    /// The board size.
    ///
    /// ```
    /// use dlxkit::puzzles::queens::{Queens, QueensOrder};
    /// assert_eq!(Queens::new(5, QueensOrder::Natural)?.n(), 5);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The item order used.
    ///
    /// ```
    /// use dlxkit::puzzles::queens::{Queens, QueensOrder};
    /// assert_eq!(Queens::new(5, QueensOrder::Natural)?.order(), QueensOrder::Natural);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn order(&self) -> QueensOrder {
        self.order
    }

    /// The square `(row, column)` where option `option` puts a queen.
    ///
    /// ```
    /// use dlxkit::puzzles::queens::{Queens, QueensOrder};
    /// use dlxkit::xc::OptionId;
    /// let q = Queens::new(5, QueensOrder::OrganPipe)?;
    /// assert_eq!(q.square(OptionId::new(7)), Some((1, 2)));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn square(&self, option: OptionId) -> Option<(usize, usize)> {
        self.squares.get(option.index()).copied()
    }

    /// A solution made without search, by the classical construction (Hoffman, Loessi and
    /// Moore, 1969): the even columns, then the odd ones, with two small repairs when
    /// `n mod 6` is 2 or 3. It exists for every `n` but 2 and 3 (which have no solution), and
    /// takes `O(n)` where the search for a first solution grows beyond reach past about 50.
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// let q = Queens::new(8, QueensOrder::OrganPipe)?;
    /// let s = q.constructed().unwrap();
    /// assert_eq!(s.columns, [1, 3, 5, 7, 2, 0, 6, 4]);
    /// q.validate(&s)?;
    /// assert!(Queens::new(3, QueensOrder::OrganPipe)?.constructed().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn constructed(&self) -> Option<QueensSolution> {
        let n = self.n;
        if n == 2 || n == 3 {
            return None;
        }
        // Columns from 1, as the construction is usually told.
        let mut evens: Vec<usize> = (2..=n).step_by(2).collect();
        let mut odds: Vec<usize> = (1..=n).step_by(2).collect();
        match n % 6 {
            2 => {
                // 3, 1, 7, 9, ..., 5: swap 1 and 3, move 5 to the end.
                odds.swap(0, 1);
                if let Some(k) = odds.iter().position(|&c| c == 5) {
                    let five = odds.remove(k);
                    odds.push(five);
                }
            }
            3 => {
                // 4, 6, ..., 2 and 5, 7, ..., 1, 3: move 2, then 1 and 3, to the ends.
                evens.rotate_left(1);
                odds.rotate_left(2);
            }
            _ => {}
        }
        let columns = evens.into_iter().chain(odds).map(|c| c - 1).collect();
        Some(QueensSolution { columns })
    }

    /// The options that place the queens of `solution` (one per row), to print it as the
    /// search's solutions are printed.
    ///
    /// ```
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// let q = Queens::new(4, QueensOrder::Natural)?;
    /// let s = q.constructed().unwrap();
    /// assert_eq!(q.decode(&q.options_of(&s))?, s);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options_of(&self, solution: &QueensSolution) -> Vec<OptionId> {
        // The options are the squares in reading order.
        (solution.columns.iter().enumerate())
            .map(|(r, &c)| OptionId::new(r * self.n + c))
            .collect()
    }
}

impl Puzzle for Queens {
    type Solution = QueensSolution;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let (r, c) = self.square(option)?;
        Some(format!("queen at row {r}, column {c}"))
    }

    fn decode(&self, options: &[OptionId]) -> Result<QueensSolution, InvalidSolution> {
        let mut columns = vec![usize::MAX; self.n];
        for &o in options {
            let (r, c) = self
                .square(o)
                .ok_or_else(|| InvalidSolution(format!("no option {}", o.index())))?;
            if columns[r] != usize::MAX {
                return Err(InvalidSolution(format!("two queens in row {r}")));
            }
            columns[r] = c;
        }
        if let Some(r) = columns.iter().position(|&c| c == usize::MAX) {
            return Err(InvalidSolution(format!("no queen in row {r}")));
        }
        Ok(QueensSolution { columns })
    }

    fn validate(&self, solution: &QueensSolution) -> Result<(), InvalidSolution> {
        let cols = &solution.columns;
        if cols.len() != self.n {
            return Err(InvalidSolution(format!(
                "{} queens on a board of size {}",
                cols.len(),
                self.n
            )));
        }
        for (r, &c) in cols.iter().enumerate() {
            if c >= self.n {
                return Err(InvalidSolution(format!(
                    "row {r}: column {c} is off the board"
                )));
            }
            for (s, &d) in cols.iter().enumerate().take(r) {
                if c == d {
                    return Err(InvalidSolution(format!(
                        "the queens of rows {s} and {r} share column {c}"
                    )));
                }
                if r - s == c.abs_diff(d) {
                    return Err(InvalidSolution(format!(
                        "the queens of rows {s} and {r} share a diagonal"
                    )));
                }
            }
        }
        Ok(())
    }

    fn render(&self, solution: &QueensSolution) -> String {
        let mut out = String::with_capacity(self.n * (self.n + 1));
        for &c in &solution.columns {
            for k in 0..self.n {
                out.push(if k == c { 'Q' } else { '.' });
            }
            out.push('\n');
        }
        out
    }

    /// A chequered board with a disc for each queen.
    fn draw(&self, solution: &QueensSolution) -> Option<Svg> {
        let side = self.n as f64 * CELL + 2.0 * picture::MARGIN;
        let mut svg = Svg::new(side, side);
        let at = |r: usize, c: usize| {
            let cell: Vec<Point> = square(r, c, CELL)
                .into_iter()
                .map(|(x, y)| (x + picture::MARGIN, y + picture::MARGIN))
                .collect();
            polygon_path(&cell)
        };
        let mut light = String::new();
        let mut dark = String::new();
        for r in 0..self.n {
            for c in 0..self.n {
                if (r + c) % 2 == 0 {
                    &mut light
                } else {
                    &mut dark
                }
                .push_str(&at(r, c));
            }
        }
        svg.path("board", "#f0d9b5", &light, &[]);
        svg.path("board", "#b58863", &dark, &[]);
        for (r, &c) in solution.columns.iter().enumerate() {
            let x = (c as f64 + 0.5) * CELL + picture::MARGIN;
            let y = (r as f64 + 0.5) * CELL + picture::MARGIN;
            svg.circle("queen", colour(0), x, y, CELL * 0.35);
        }
        Some(svg)
    }
}

/// The side of a square in the pictures, in pixels.
const CELL: f64 = 24.0;
