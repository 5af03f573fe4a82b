//! Killer Sudoku: cages of cells with a sum, on top of any layout, solved as exact cover.
//!
//! A *cage* is a set of cells with a sum: its digits add up to the sum and no digit repeats
//! in it. A killer puzzle is a grid (its layout, and givens if it has any: most killers have
//! none) and cages that do not overlap; cells in no cage are allowed.
//!
//! # As exact cover
//!
//! The cells of a cage are filled all at once. A *filling* of a cage is an assignment of
//! digits to its cells that adds up to the sum, repeats no digit and agrees with the givens
//! (a given cell keeps its digit; no cell takes a digit given in one of its units). Each
//! filling is one option; it covers the cage's own item `k3` (cage 3 is filled), and for each
//! of its cells the items a single placement covers in the plain encoding
//! ([`encode`](crate::sudoku::encode): the cell, and its row, column, box and variant units
//! with the digit). Cells in no cage keep their placement options. The engine then solves
//! killer puzzles with no new algorithm: choosing a filling is choosing several placements
//! at once, and the cage item makes sure each cage is filled exactly once.
//!
//! A cage of `n` cells (every digit once, sum `n(n+1)/2`) is a unit, not a set of fillings:
//! it gets `n` items `k3#d` like any extra unit, and its cells keep their placement options,
//! each covering the cage's item for its digit.
//!
//! # How it scales
//!
//! A cage of `k` cells has one filling per ordered choice of `k` distinct digits with the sum:
//! `k!` times the number of `k`-digit sets with that sum. On 9×9, at the sum with the most
//! sets, that is at most 1, 8, 48, 288, 1440, 5760, 20160 and 40320 fillings for 1 to 8
//! cells (nine cells are a unit, above); givens and the digits given around a cage cut it
//! down. Each filling of `k` cells is an option of `1 + k·(1 + units per cell)` entries. The
//! fillings are enumerated with the sum bounds pruning every partial assignment, and counted
//! as they come: beyond [`MAX_FILLINGS`] in all (changeable with
//! [`KillerEncoding::with_limit`]) the encoding stops with [`KillerError::TooManyFillings`],
//! naming the cage it was filling, so memory stays bounded whatever the cages.
//!
//! # Checking a solution
//!
//! [`Killer::check`] tells whether a grid solves the puzzle by reading the rules directly
//! (every unit holds every digit once, every cage adds up to its sum with no repeat, every
//! given kept), independently of the encoding.
//!
//! ```
//! use dlxkit::sudoku::killer::{Cage, Killer};
//! use dlxkit::sudoku::{solvers::Limits, Grid, Shape};
//! // A 4x4 killer with four cages; the other cells are in none.
//! let cages = vec![
//!     Cage::new(3, [0, 1]), // r1c1 + r1c2 = 3
//!     Cage::new(7, [2, 3]), // r1c3 + r1c4 = 7
//!     Cage::new(5, [4, 8]), // r2c1 + r3c1 = 5
//!     Cage::new(5, [5, 6]), // r2c2 + r2c3 = 5
//! ];
//! let killer = Killer::new(Grid::empty(Shape::new(2, 2)?), cages)?;
//! let report = killer.solve(&Limits::new())?;
//! assert!(report.solutions > 0);
//! let first = report.first.unwrap();
//! assert!(killer.check(&first).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod encode;
mod fillings;
pub mod text;

use std::fmt;

use thiserror::Error;

pub use self::encode::{KillerEncoding, MAX_FILLINGS};
pub(crate) use self::fillings::for_each_filling;
use super::grid::{Conflict, Grid};

/// A cage: cells (numbered in reading order, `row · n + column`) whose digits add up to
/// `sum`, with no digit twice.
///
/// ```
/// use dlxkit::sudoku::killer::Cage;
/// let c = Cage::new(15, [10, 2, 1]).label("B");
/// assert_eq!(c.cells, [1, 2, 10]); // kept in reading order
/// assert_eq!(c.label.as_deref(), Some("B"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// What the cage adds up to.
    pub sum: u32,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
    /// A name from the text it was read from (the symbol of a cage map), for messages.
    pub label: Option<String>,
}

impl Cage {
    /// A cage of these cells (any order) and this sum, without a label.
    ///
    /// ```
    /// use dlxkit::sudoku::killer::Cage;
    /// assert_eq!(Cage::new(3, [0, 1]).sum, 3);
    /// ```
    pub fn new(sum: u32, cells: impl IntoIterator<Item = usize>) -> Cage {
        let mut cells: Vec<usize> = cells.into_iter().collect();
        cells.sort_unstable();
        Cage {
            sum,
            cells,
            label: None,
        }
    }

    /// The same cage with a label.
    ///
    /// ```
    /// use dlxkit::sudoku::killer::Cage;
    /// assert_eq!(Cage::new(3, [0, 1]).label("a").label.unwrap(), "a");
    /// ```
    pub fn label(mut self, label: impl Into<String>) -> Cage {
        self.label = Some(label.into());
        self
    }
}

/// A cage as messages name it: `cage 3` or `cage B` (its label), then its sum and cells.
///
/// ```
/// use dlxkit::sudoku::killer::{Cage, CageName};
/// let c = Cage::new(15, [0, 1, 9]).label("B");
/// assert_eq!(CageName::new(&c, 1, 9).to_string(), "cage B (sum 15: r1c1 r1c2 r2c1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageName(String);

impl CageName {
    /// The name of `cage`, the `index`-th (from 0) of a grid of side `n`.
    pub fn new(cage: &Cage, index: usize, n: usize) -> CageName {
        let id = match &cage.label {
            Some(label) => label.clone(),
            None => (index + 1).to_string(),
        };
        let cells: Vec<String> = cage.cells.iter().map(|&c| cell_name(c, n)).collect();
        CageName(format!("cage {id} (sum {}: {})", cage.sum, cells.join(" ")))
    }
}

impl fmt::Display for CageName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `r3c7` for a cell of a grid of side `n` (rows and columns from 1).
fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// Why a set of cages is not a killer puzzle, or cannot be encoded.
///
/// ```
/// use dlxkit::sudoku::killer::{Cage, Killer};
/// use dlxkit::sudoku::{Grid, Shape};
/// let grid = Grid::empty(Shape::new(3, 3)?);
/// let err = Killer::new(grid, vec![Cage::new(2, [0, 1])]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cage 1 (sum 2: r1c1 r1c2): 2 cells cannot add up to 2 (their sum is 3 to 17)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerError {
    /// A cage without cells.
    #[error("{cage}: a cage needs at least one cell")]
    Empty {
        /// The cage.
        cage: CageName,
    },
    /// A cell number past the end of the grid.
    #[error("{cage}: cell {cell} is outside the {n}x{n} grid")]
    Outside {
        /// The cage (its cells inside the grid).
        cage: CageName,
        /// The cell's number.
        cell: usize,
        /// The side.
        n: usize,
    },
    /// A cage that lists a cell twice.
    #[error("{cage}: {cell} is listed twice")]
    Repeated {
        /// The cage.
        cage: CageName,
        /// The cell.
        cell: String,
    },
    /// Two cages that share a cell.
    #[error("{cell} is in two cages: {first} and {second}")]
    Overlap {
        /// The shared cell.
        cell: String,
        /// The first cage holding it.
        first: CageName,
        /// The second.
        second: CageName,
    },
    /// A cage whose cells are not connected side to side.
    #[error("{cage}: its cells are not connected ({cell} touches no other cell of the cage side to side, directly or through others)")]
    Disconnected {
        /// The cage.
        cage: CageName,
        /// A cell cut off from the cage's first cell.
        cell: String,
    },
    /// More cells than digits: some digit would repeat.
    #[error("{cage}: {cells} cells cannot hold different digits in a {n}x{n} grid")]
    TooLarge {
        /// The cage.
        cage: CageName,
        /// Its cells.
        cells: usize,
        /// The side.
        n: usize,
    },
    /// A sum that distinct digits cannot make with that many cells.
    #[error("{cage}: {cells} cells cannot add up to {sum} (their sum is {min} to {max})")]
    ImpossibleSum {
        /// The cage.
        cage: CageName,
        /// Its sum.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The least sum of that many distinct digits.
        min: u32,
        /// The largest.
        max: u32,
    },
    /// Two givens in one unit with the same digit.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// No filling of a cage agrees with the givens.
    #[error("{cage}: no filling agrees with the givens")]
    NoFilling {
        /// The cage.
        cage: CageName,
    },
    /// The cages have more fillings than the encoding may hold.
    #[error("{cage}: the fillings of the cages pass the limit of {limit} (a cage of k cells has up to k! orderings of each digit set with its sum): split the large cages, or give some of their digits")]
    TooManyFillings {
        /// The cage being filled when the limit was passed.
        cage: CageName,
        /// The limit.
        limit: usize,
    },
    /// The layout could not be encoded.
    #[error("the layout cannot be encoded: {0}")]
    Problem(#[from] crate::xc::ProblemError),
}

/// A killer puzzle: a grid (layout and givens) and cages that do not overlap.
///
/// ```
/// use dlxkit::sudoku::killer::{Cage, Killer};
/// use dlxkit::sudoku::{Grid, Shape};
/// let k = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(3, [0, 1])])?;
/// assert_eq!(k.cage_of(1), Some(0));
/// assert_eq!(k.cage_of(2), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    grid: Grid,
    cages: Vec<Cage>,
    cage_of: Vec<Option<usize>>,
}

impl Killer {
    /// A killer puzzle, checked: every cage has cells inside the grid, each once, connected
    /// side to side; no cell is in two cages; no cage has more cells than digits; each sum can
    /// be made by that many distinct digits; the givens do not clash.
    ///
    /// ```
    /// use dlxkit::sudoku::killer::{Cage, Killer};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let g = || Grid::empty(Shape::new(2, 2).unwrap());
    /// let err = Killer::new(g(), vec![Cage::new(3, [0, 1]), Cage::new(4, [1, 5])]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "r1c2 is in two cages: cage 1 (sum 3: r1c1 r1c2) and cage 2 (sum 4: r1c2 r2c2)"
    /// );
    /// let err = Killer::new(g(), vec![Cage::new(4, [0, 5])]).unwrap_err();
    /// assert!(err.to_string().contains("not connected"));
    /// ```
    pub fn new(grid: Grid, cages: Vec<Cage>) -> Result<Killer, KillerError> {
        let n = grid.size();
        let cells = n * n;
        let mut cage_of: Vec<Option<usize>> = vec![None; cells];
        for (k, cage) in cages.iter().enumerate() {
            let name = || CageName::new(cage, k, n);
            if cage.cells.is_empty() {
                return Err(KillerError::Empty { cage: name() });
            }
            if let Some(&cell) = cage.cells.iter().find(|&&c| c >= cells) {
                let inside = Cage {
                    cells: cage.cells.iter().copied().filter(|&c| c < cells).collect(),
                    ..cage.clone()
                };
                return Err(KillerError::Outside {
                    cage: CageName::new(&inside, k, n),
                    cell,
                    n,
                });
            }
            if let Some(w) = cage.cells.windows(2).find(|w| w[0] == w[1]) {
                return Err(KillerError::Repeated {
                    cage: name(),
                    cell: cell_name(w[0], n),
                });
            }
            for &cell in &cage.cells {
                if let Some(first) = cage_of[cell] {
                    return Err(KillerError::Overlap {
                        cell: cell_name(cell, n),
                        first: CageName::new(&cages[first], first, n),
                        second: name(),
                    });
                }
                cage_of[cell] = Some(k);
            }
            if let Some(cell) = cut_off(&cage.cells, n) {
                return Err(KillerError::Disconnected {
                    cage: name(),
                    cell: cell_name(cell, n),
                });
            }
            let size = cage.cells.len();
            if size > n {
                return Err(KillerError::TooLarge {
                    cage: name(),
                    cells: size,
                    n,
                });
            }
            let (min, max) = sum_range(size, n);
            if cage.sum < min || cage.sum > max {
                return Err(KillerError::ImpossibleSum {
                    cage: name(),
                    sum: cage.sum,
                    cells: size,
                    min,
                    max,
                });
            }
        }
        grid.check_givens()?;
        Ok(Killer {
            grid,
            cages,
            cage_of,
        })
    }

    /// The grid: its layout and givens.
    ///
    /// ```
    /// # use dlxkit::sudoku::{killer::Killer, Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2).unwrap()), vec![]).unwrap();
    /// assert_eq!(k.grid().size(), 4);
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cages, in the order given.
    ///
    /// ```
    /// # use dlxkit::sudoku::{killer::{Cage, Killer}, Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2).unwrap()), vec![Cage::new(3, [0, 1])]).unwrap();
    /// assert_eq!(k.cages().len(), 1);
    /// ```
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage (its index in [`Killer::cages`]) that holds `cell`, if any.
    ///
    /// ```
    /// # use dlxkit::sudoku::{killer::{Cage, Killer}, Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2).unwrap()), vec![Cage::new(3, [4, 8])]).unwrap();
    /// assert_eq!((k.cage_of(8), k.cage_of(0)), (Some(0), None));
    /// ```
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        self.cage_of.get(cell).copied().flatten()
    }

    /// The name messages give cage `k`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{killer::{Cage, Killer}, Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2).unwrap()), vec![Cage::new(3, [0, 1])]).unwrap();
    /// assert_eq!(k.cage_name(0).to_string(), "cage 1 (sum 3: r1c1 r1c2)");
    /// ```
    pub fn cage_name(&self, k: usize) -> CageName {
        CageName::new(&self.cages[k], k, self.grid.size())
    }

    /// Whether `solution` solves the puzzle, read from the rules alone: every cell filled,
    /// every unit of the layout holding every digit once, every cage adding up to its sum
    /// with no digit twice, every given kept. The error says what is wrong first.
    ///
    /// ```
    /// use dlxkit::sudoku::killer::{Cage, Killer};
    /// use dlxkit::sudoku::{parse, Grid, Shape};
    /// let solved = parse::parse_grid("1234341221434321", &Default::default())?;
    /// let ok = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(3, [0, 1])])?;
    /// assert!(ok.check(&solved).is_ok());
    /// let wrong = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(4, [0, 1])])?;
    /// assert_eq!(
    ///     wrong.check(&solved).unwrap_err(),
    ///     "cage 1 (sum 4: r1c1 r1c2) adds up to 3, not 4"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, solution: &Grid) -> Result<(), String> {
        let n = self.grid.size();
        if solution.size() != n {
            return Err(format!(
                "the grid is {0}x{0}, the puzzle {n}x{n}",
                solution.size()
            ));
        }
        if let Err(e) = super::ops::validate(solution) {
            return Err(e.to_string());
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let digits: Vec<u32> = cage
                .cells
                .iter()
                .map(|&c| u32::from(solution.cells()[c]))
                .collect();
            for (i, d) in digits.iter().enumerate() {
                if let Some(j) = digits[..i].iter().position(|e| e == d) {
                    return Err(format!(
                        "{} holds {d} twice ({} and {})",
                        self.cage_name(k),
                        cell_name(cage.cells[j], n),
                        cell_name(cage.cells[i], n)
                    ));
                }
            }
            let total: u32 = digits.iter().sum();
            if total != cage.sum {
                return Err(format!(
                    "{} adds up to {total}, not {}",
                    self.cage_name(k),
                    cage.sum
                ));
            }
        }
        let kept = self
            .grid
            .cells()
            .iter()
            .zip(solution.cells())
            .position(|(&g, &s)| g != 0 && g != s);
        match kept {
            Some(cell) => Err(format!(
                "{} holds {} but the puzzle gives {}",
                cell_name(cell, n),
                solution.cells()[cell],
                self.grid.cells()[cell]
            )),
            None => Ok(()),
        }
    }

    /// The exact cover encoding of the puzzle (see the module documentation), with at most
    /// [`MAX_FILLINGS`] fillings.
    ///
    /// ```
    /// # use dlxkit::sudoku::{killer::{Cage, Killer}, Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2).unwrap()), vec![Cage::new(3, [0, 1])]).unwrap();
    /// let e = k.encode().unwrap();
    /// // 2 fillings (1 2 and 2 1) and 4 placements for each of the 14 other cells.
    /// assert_eq!(e.problem().option_count(), 2 + 14 * 4);
    /// ```
    pub fn encode(&self) -> Result<KillerEncoding, KillerError> {
        KillerEncoding::new(self)
    }

    /// Solves the puzzle with the engine: counts solutions up to `limits.max_solutions` (all
    /// when unset), keeping the first, within the node, time and cancel limits, as the
    /// Sudoku solvers report it (`assignments` and `guesses` as the `dlx` solver counts them;
    /// `backtracks` is not counted, 0).
    ///
    /// ```
    /// # use dlxkit::sudoku::{killer::{Cage, Killer}, solvers::{Answer, Limits}, Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2).unwrap()), vec![Cage::new(3, [0, 1])]).unwrap();
    /// let r = k.solve(&Limits::new().solutions(2)).unwrap();
    /// assert_eq!(r.answer(), Answer::Multiple);
    /// ```
    pub fn solve(
        &self,
        limits: &super::solvers::Limits,
    ) -> Result<super::solvers::SolveReport, KillerError> {
        Ok(self.encode()?.solve(limits))
    }
}

/// The least and largest sums of `k` distinct digits of `1..=n`.
fn sum_range(k: usize, n: usize) -> (u32, u32) {
    let (k, n) = (k as u32, n as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// A cell of `cells` (sorted) not connected side to side to the first one, if any.
fn cut_off(cells: &[usize], n: usize) -> Option<usize> {
    let mut reached = vec![false; cells.len()];
    let mut todo = vec![0];
    reached[0] = true;
    while let Some(i) = todo.pop() {
        let (r, c) = (cells[i] / n, cells[i] % n);
        for (j, &other) in cells.iter().enumerate() {
            let (r2, c2) = (other / n, other % n);
            if !reached[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                reached[j] = true;
                todo.push(j);
            }
        }
    }
    reached.iter().position(|&r| !r).map(|j| cells[j])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn sum_ranges_are_those_of_the_smallest_and_largest_digits() {
        assert_eq!(sum_range(1, 9), (1, 9));
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(3, 4), (6, 9));
    }

    #[test]
    fn connection_is_side_to_side() {
        assert_eq!(cut_off(&[0, 1, 10], 9), None);
        assert_eq!(cut_off(&[0, 10], 9), Some(10)); // diagonal only
        assert_eq!(cut_off(&[0, 1, 2, 11, 20, 19, 18], 9), None); // a hook
        assert_eq!(cut_off(&[8, 9], 9), Some(9)); // r1c9 and r2c1 are not neighbours
    }

    #[test]
    fn every_validation_error_names_the_cage_and_the_cell() {
        let g = || Grid::empty(Shape::new(3, 3).unwrap());
        let err = |cages: Vec<Cage>| Killer::new(g(), cages).unwrap_err().to_string();
        assert_eq!(
            err(vec![Cage::new(3, [0, 81]).label("Q")]),
            "cage Q (sum 3: r1c1): cell 81 is outside the 9x9 grid"
        );
        assert_eq!(
            err(vec![Cage::new(3, [])]),
            "cage 1 (sum 3: ): a cage needs at least one cell"
        );
        assert_eq!(
            err(vec![Cage::new(3, [0, 0, 1])]),
            "cage 1 (sum 3: r1c1 r1c1 r1c2): r1c1 is listed twice"
        );
        assert_eq!(
            err(vec![Cage::new(46, 0..9)]),
            "cage 1 (sum 46: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9): 9 cells cannot add \
             up to 46 (their sum is 45 to 45)"
        );
        assert_eq!(
            err(vec![Cage::new(55, (0..9).chain([9]))]),
            "cage 1 (sum 55: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1): 10 cells \
             cannot hold different digits in a 9x9 grid"
        );
        assert_eq!(
            err(vec![Cage::new(10, [0, 2])]),
            "cage 1 (sum 10: r1c1 r1c3): its cells are not connected (r1c3 touches no other \
             cell of the cage side to side, directly or through others)"
        );
        let mut given = g();
        given.set(0, 0, 5);
        given.set(0, 4, 5);
        assert_eq!(
            Killer::new(given, vec![]).unwrap_err().to_string(),
            "digit 5 appears twice in row 1 (r1c1 and r1c5)"
        );
    }

    #[test]
    fn the_check_reads_units_cages_and_givens() {
        let solved =
            crate::sudoku::parse::parse_grid("1234341221434321", &Default::default()).unwrap();
        let shape = Shape::new(2, 2).unwrap();
        let k = |cages| Killer::new(Grid::empty(shape), cages).unwrap();
        assert_eq!(k(vec![Cage::new(6, [0, 4, 8])]).check(&solved), Ok(()));
        assert_eq!(
            k(vec![Cage::new(7, [0, 4, 8])]).check(&solved).unwrap_err(),
            "cage 1 (sum 7: r1c1 r2c1 r3c1) adds up to 6, not 7"
        );
        // r2c3 and r3c2 both hold 1: not in one unit, but in one cage.
        assert_eq!(
            k(vec![Cage::new(6, [6, 9, 10])])
                .check(&solved)
                .unwrap_err(),
            "cage 1 (sum 6: r2c3 r3c2 r3c3) holds 1 twice (r2c3 and r3c2)"
        );
        let mut given = Grid::empty(shape);
        given.set(3, 3, 2);
        let k = Killer::new(given, vec![]).unwrap();
        assert_eq!(
            k.check(&solved).unwrap_err(),
            "r4c4 holds 1 but the puzzle gives 2"
        );
        let mut blank = solved.clone();
        blank.set_cell(3, 0);
        assert_eq!(k.check(&blank).unwrap_err(), "cell r1c4 is blank");
    }
}
