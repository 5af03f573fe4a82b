//! Candidates (pencil marks): the digits still possible in each cell.
//!
//! A [`Digits`] is a set of digits (1 to 100, one bit each); a [`Candidates`] gives every
//! cell of a layout its set. Players write them in the margins of a cell; puzzle files give
//! them as "sukaku" lines or candidate grids ([`crate::sudoku::parse`]), and then they are
//! part of the puzzle: a digit missing from a cell's set cannot go there, for every solver
//! that accepts them ([`crate::sudoku::encode::Encoding::with_candidates`] leaves the
//! placement out of the exact cover problem) and for [`crate::sudoku::explain`].
//!
//! ```
//! use dlxkit::sudoku::candidates::{Candidates, Digits};
//! use dlxkit::sudoku::{Grid, Shape};
//! let mut grid = Grid::empty(Shape::new(2, 2)?);
//! grid.set(0, 0, 3);
//! let mut c = Candidates::of_grid(&grid);
//! assert_eq!(c.get(0), Digits::single(3));
//! assert_eq!(c.get(1), Digits::all(4));
//! c.remove(1, 2);
//! assert_eq!(c.get(1).to_string(), "134");
//! # Ok::<(), dlxkit::sudoku::GridError>(())
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};
use std::sync::Arc;

use super::grid::{Grid, Layout};
use super::parse::symbol_of;

/// A set of digits from 1 to 100 (a bit per digit), the candidates of a cell.
///
/// ```
/// use dlxkit::sudoku::candidates::Digits;
/// let d = Digits::from_digits([2, 7]);
/// assert!(d.contains(7) && !d.contains(3));
/// assert_eq!(d.len(), 2);
/// assert_eq!(d.iter().collect::<Vec<_>>(), [2, 7]);
/// assert_eq!((d | Digits::single(3)).to_string(), "237");
/// assert_eq!(d - Digits::single(2), Digits::single(7));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Digits(u128);

impl Digits {
    /// No digit.
    pub const EMPTY: Digits = Digits(0);

    /// Every digit of a grid of side `n` (1 to `n`).
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::all(9).len(), 9);
    /// ```
    pub fn all(n: usize) -> Digits {
        if n >= 128 {
            Digits(u128::MAX)
        } else {
            Digits((1u128 << n) - 1)
        }
    }

    /// The set holding only `digit` (1 or more).
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::single(4).first(), Some(4));
    /// ```
    pub fn single(digit: u8) -> Digits {
        debug_assert!((1..=128).contains(&digit));
        Digits(1u128 << (digit - 1))
    }

    /// The set of the given digits.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::from_digits([1, 1, 3]).len(), 2);
    /// ```
    pub fn from_digits(digits: impl IntoIterator<Item = u8>) -> Digits {
        digits
            .into_iter()
            .fold(Digits::EMPTY, |s, d| s | Digits::single(d))
    }

    /// The raw bits: bit `d − 1` stands for digit `d`.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::single(3).bits(), 0b100);
    /// ```
    pub fn bits(self) -> u128 {
        self.0
    }

    /// The set of raw bits (bit `d − 1` for digit `d`).
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::from_bits(0b101), Digits::from_digits([1, 3]));
    /// ```
    pub fn from_bits(bits: u128) -> Digits {
        Digits(bits)
    }

    /// Whether `digit` is in the set.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert!(Digits::all(4).contains(4) && !Digits::all(4).contains(5));
    /// ```
    pub fn contains(self, digit: u8) -> bool {
        (1..=128).contains(&digit) && self.0 & (1u128 << (digit - 1)) != 0
    }

    /// The number of digits.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::EMPTY.len(), 0);
    /// ```
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no digit.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert!(Digits::EMPTY.is_empty());
    /// ```
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::from_digits([5, 2]).first(), Some(2));
    /// assert_eq!(Digits::EMPTY.first(), None);
    /// ```
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The digits in increasing order.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// assert_eq!(Digits::all(3).iter().sum::<u8>(), 6);
    /// ```
    pub fn iter(self) -> DigitsIter {
        DigitsIter(self.0)
    }

    /// Adds a digit.
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// let mut d = Digits::EMPTY;
    /// d.insert(6);
    /// assert_eq!(d, Digits::single(6));
    /// ```
    pub fn insert(&mut self, digit: u8) {
        *self |= Digits::single(digit);
    }

    /// Removes a digit (nothing happens if it is not there).
    ///
    /// ```
    /// # use dlxkit::sudoku::candidates::Digits;
    /// let mut d = Digits::all(2);
    /// d.remove(1);
    /// assert_eq!(d, Digits::single(2));
    /// ```
    pub fn remove(&mut self, digit: u8) {
        *self -= Digits::single(digit);
    }
}

impl BitOr for Digits {
    type Output = Digits;
    fn bitor(self, other: Digits) -> Digits {
        Digits(self.0 | other.0)
    }
}

impl BitOrAssign for Digits {
    fn bitor_assign(&mut self, other: Digits) {
        self.0 |= other.0;
    }
}

impl BitAnd for Digits {
    type Output = Digits;
    fn bitand(self, other: Digits) -> Digits {
        Digits(self.0 & other.0)
    }
}

impl BitAndAssign for Digits {
    fn bitand_assign(&mut self, other: Digits) {
        self.0 &= other.0;
    }
}

impl Sub for Digits {
    type Output = Digits;
    fn sub(self, other: Digits) -> Digits {
        Digits(self.0 & !other.0)
    }
}

impl SubAssign for Digits {
    fn sub_assign(&mut self, other: Digits) {
        self.0 &= !other.0;
    }
}

impl FromIterator<u8> for Digits {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Digits {
        Digits::from_digits(iter)
    }
}

impl IntoIterator for Digits {
    type Item = u8;
    type IntoIter = DigitsIter;
    fn into_iter(self) -> DigitsIter {
        self.iter()
    }
}

/// The digits of a [`Digits`], in increasing order.
#[derive(Clone, Debug)]
pub struct DigitsIter(u128);

impl Iterator for DigitsIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitsIter {}

/// The symbols of the digits run together (`2479`; `1AG` above 9), as pencil marks are
/// written; digits above 35, which have no symbol, are written as numbers between commas.
impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.iter().all(|d| d <= 35) {
            for d in self.iter() {
                write!(f, "{}", symbol_of(d).unwrap_or('?'))?;
            }
            Ok(())
        } else {
            let words: Vec<String> = self.iter().map(|d| d.to_string()).collect();
            f.write_str(&words.join(","))
        }
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// The candidates of every cell of a layout.
///
/// ```
/// use dlxkit::sudoku::candidates::{Candidates, Digits};
/// use dlxkit::sudoku::{Layout, Shape};
/// use std::sync::Arc;
/// let layout = Arc::new(Layout::standard(Shape::new(2, 2)?));
/// let mut c = Candidates::full(layout);
/// c.set(5, Digits::from_digits([1, 4]));
/// assert_eq!(c.get(5).len(), 2);
/// assert_eq!(c.cells().len(), 16);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    layout: Arc<Layout>,
    cells: Vec<Digits>,
}

impl Candidates {
    /// Every digit in every cell.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::Candidates, Layout, Shape};
    /// # use std::sync::Arc;
    /// let c = Candidates::full(Arc::new(Layout::standard(Shape::new(3, 3).unwrap())));
    /// assert!(c.cells().iter().all(|d| d.len() == 9));
    /// ```
    pub fn full(layout: Arc<Layout>) -> Candidates {
        let all = Digits::all(layout.size());
        let cells = vec![all; layout.cells()];
        Candidates { layout, cells }
    }

    /// The candidates a grid's givens allow by themselves: a filled cell holds its digit only,
    /// a blank one every digit (nothing is removed from the givens' peers).
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(2, 2).unwrap());
    /// g.set(1, 1, 2);
    /// assert_eq!(Candidates::of_grid(&g).get(5), Digits::single(2));
    /// ```
    pub fn of_grid(grid: &Grid) -> Candidates {
        let all = Digits::all(grid.size());
        let cells = grid
            .cells()
            .iter()
            .map(|&d| if d == 0 { all } else { Digits::single(d) })
            .collect();
        Candidates {
            layout: grid.layout().clone(),
            cells,
        }
    }

    /// Candidates from a list of sets, one per cell in reading order. `None` if the list has
    /// the wrong length or a set holds a digit larger than the side.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Layout, Shape};
    /// # use std::sync::Arc;
    /// let layout = Arc::new(Layout::standard(Shape::new(2, 2).unwrap()));
    /// assert!(Candidates::from_cells(layout.clone(), vec![Digits::all(4); 16]).is_some());
    /// assert!(Candidates::from_cells(layout, vec![Digits::all(5); 16]).is_none());
    /// ```
    pub fn from_cells(layout: Arc<Layout>, cells: Vec<Digits>) -> Option<Candidates> {
        let all = Digits::all(layout.size());
        (cells.len() == layout.cells() && cells.iter().all(|&d| d - all == Digits::EMPTY))
            .then_some(Candidates { layout, cells })
    }

    /// The layout.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::Candidates, Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(Candidates::of_grid(&g).layout().size(), 4);
    /// ```
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// Every cell's candidates, in reading order.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::Candidates, Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(Candidates::of_grid(&g).cells().len(), 16);
    /// ```
    pub fn cells(&self) -> &[Digits] {
        &self.cells
    }

    /// The candidates of a cell.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(Candidates::of_grid(&g).get(0), Digits::all(4));
    /// ```
    pub fn get(&self, cell: usize) -> Digits {
        self.cells[cell]
    }

    /// Sets the candidates of a cell.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut c = Candidates::of_grid(&Grid::empty(Shape::new(2, 2).unwrap()));
    /// c.set(3, Digits::single(1));
    /// assert_eq!(c.get(3), Digits::single(1));
    /// ```
    pub fn set(&mut self, cell: usize, digits: Digits) {
        self.cells[cell] = digits;
    }

    /// Removes a candidate from a cell.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::Candidates, Grid, Shape};
    /// let mut c = Candidates::of_grid(&Grid::empty(Shape::new(2, 2).unwrap()));
    /// c.remove(3, 1);
    /// assert!(!c.get(3).contains(1));
    /// ```
    pub fn remove(&mut self, cell: usize, digit: u8) {
        self.cells[cell].remove(digit);
    }

    /// The grid of the cells down to one candidate (the others blank): the givens a
    /// pencil-mark puzzle implies.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut c = Candidates::of_grid(&Grid::empty(Shape::new(2, 2).unwrap()));
    /// c.set(2, Digits::single(4));
    /// assert_eq!(c.singles().cells()[2], 4);
    /// assert_eq!(c.singles().givens(), 1);
    /// ```
    pub fn singles(&self) -> Grid {
        let cells = self
            .cells
            .iter()
            .map(|d| {
                if d.len() == 1 {
                    d.first().unwrap_or(0)
                } else {
                    0
                }
            })
            .collect();
        Grid::from_cells(self.layout.clone(), cells).expect("digits are within the side")
    }

    /// The first cell with no candidate, if any: such a puzzle has no solution.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut c = Candidates::of_grid(&Grid::empty(Shape::new(2, 2).unwrap()));
    /// assert_eq!(c.empty_cell(), None);
    /// c.set(7, Digits::EMPTY);
    /// assert_eq!(c.empty_cell(), Some(7));
    /// ```
    pub fn empty_cell(&self) -> Option<usize> {
        self.cells.iter().position(|d| d.is_empty())
    }

    /// Whether `grid` (a solution, or any grid of the layout) keeps to these candidates: every
    /// filled cell holds one of its candidates.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(2, 2).unwrap());
    /// let mut c = Candidates::of_grid(&g);
    /// c.set(0, Digits::from_digits([1, 2]));
    /// g.set(0, 0, 2);
    /// assert!(c.allows(&g));
    /// g.set(0, 0, 3);
    /// assert!(!c.allows(&g));
    /// ```
    pub fn allows(&self, grid: &Grid) -> bool {
        grid.cells().len() == self.cells.len()
            && grid
                .cells()
                .iter()
                .zip(&self.cells)
                .all(|(&v, c)| v == 0 || c.contains(v))
    }

    /// The "sukaku" line: for each cell, `n` symbols, the `k`-th the digit `k` if it is a
    /// candidate and `.` otherwise (729 characters for 9x9). `None` for sides above 35,
    /// whose digits have no one-character symbols.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut c = Candidates::of_grid(&Grid::empty(Shape::new(2, 2).unwrap()));
    /// c.set(0, Digits::from_digits([2, 4]));
    /// assert!(c.to_sukaku().unwrap().starts_with(".2.41234"));
    /// ```
    pub fn to_sukaku(&self) -> Option<String> {
        let n = self.layout.size();
        if n > super::parse::MAX_SYMBOL_SIZE {
            return None;
        }
        let mut out = String::with_capacity(n * self.cells.len());
        for d in &self.cells {
            for k in 1..=n as u8 {
                out.push(if d.contains(k) {
                    symbol_of(k).unwrap_or('?')
                } else {
                    '.'
                });
            }
        }
        Some(out)
    }

    /// The candidates as a grid, each cell's set written out and padded to the widest set
    /// of its column, `|` between boxes and rule lines between bands (the layout players'
    /// tools print; [`crate::sudoku::parse`] reads it back). `placed` cells, if given, are
    /// written as their digit.
    ///
    /// ```
    /// # use dlxkit::sudoku::{candidates::{Candidates, Digits}, Grid, Shape};
    /// let mut c = Candidates::of_grid(&Grid::empty(Shape::new(2, 2).unwrap()));
    /// c.set(0, Digits::single(1));
    /// let text = c.to_grid_text();
    /// assert_eq!(text.lines().next(), Some("1    1234 | 1234 1234"));
    /// assert_eq!(text.lines().nth(2), Some("----------+----------"));
    /// ```
    pub fn to_grid_text(&self) -> String {
        let n = self.layout.size();
        let shape = self.layout.shape();
        let borders = !self.layout.variant_name().contains("jigsaw");
        let texts: Vec<String> = self.cells.iter().map(|d| d.to_string()).collect();
        let widths: Vec<usize> = (0..n)
            .map(|c| {
                (0..n)
                    .map(|r| texts[r * n + c].chars().count())
                    .max()
                    .unwrap_or(1)
                    .max(1)
            })
            .collect();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut out = String::new();
        for r in 0..n {
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push(' ');
                    if borders && c % bc == 0 {
                        line.push_str("| ");
                    }
                }
                let text = &texts[r * n + c];
                line.push_str(text);
                line.extend(std::iter::repeat_n(' ', widths[c] - text.chars().count()));
            }
            if borders && r > 0 && r % br == 0 {
                // The rule follows the padded row: `+` under each `|`.
                let rule: String = line
                    .chars()
                    .map(|ch| if ch == '|' { '+' } else { '-' })
                    .collect();
                out.push_str(&rule);
                out.push('\n');
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
