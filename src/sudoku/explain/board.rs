//! The board the strategies read: placed digits and the candidates of the open cells.

use std::sync::Arc;

use super::step::{Candidate, Step};
use super::ExplainError;
use crate::sudoku::candidates::{Candidates, Digits};
use crate::sudoku::grid::{Grid, Layout, UnitKind};

/// A puzzle being solved: each cell's digit, or the candidates it still has.
///
/// A placed cell has no candidates (so the strategies, which read candidates, pass it by);
/// placing a digit removes it from the cell's peers at once, as players' tools do.
///
/// ```
/// use dlxkit::sudoku::explain::Board;
/// use dlxkit::sudoku::{Grid, Shape};
/// let mut grid = Grid::empty(Shape::new(2, 2)?);
/// grid.set(0, 0, 1);
/// let board = Board::new(&grid, None)?;
/// assert_eq!(board.value(0), 1);
/// assert_eq!(board.candidates(1).to_string(), "234");
/// assert_eq!(board.open_cells(), 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    layout: Arc<Layout>,
    values: Vec<u8>,
    cands: Vec<Digits>,
    open: usize,
}

/// What makes a board impossible: a cell without candidates, or a digit without a place in
/// a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An open cell has no candidate left.
    NoCandidate {
        /// The cell.
        cell: usize,
    },
    /// A unit has no place left for a digit it does not hold yet.
    NoPlace {
        /// The unit.
        unit: usize,
        /// The digit.
        digit: u8,
    },
}

impl Board {
    /// The board of a puzzle: its givens placed, and every open cell with the digits no
    /// given peer holds, kept to `pencil` marks if there are some.
    ///
    /// ```
    /// use dlxkit::sudoku::candidates::{Candidates, Digits};
    /// use dlxkit::sudoku::explain::Board;
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let grid = Grid::empty(Shape::new(2, 2)?);
    /// let mut pencil = Candidates::of_grid(&grid);
    /// pencil.set(3, Digits::from_digits([1, 2]));
    /// assert_eq!(Board::new(&grid, Some(&pencil))?.candidates(3).to_string(), "12");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: &Grid, pencil: Option<&Candidates>) -> Result<Board, ExplainError> {
        grid.check_givens()?;
        let layout = grid.layout().clone();
        if let Some(p) = pencil {
            if **p.layout() != *layout {
                return Err(ExplainError::CandidatesLayout);
            }
        }
        let all = Digits::all(layout.size());
        let mut board = Board {
            values: vec![0; layout.cells()],
            cands: (0..layout.cells())
                .map(|c| pencil.map_or(all, |p| p.get(c)))
                .collect(),
            open: layout.cells(),
            layout,
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                if !board.cands[cell].contains(d) {
                    return Err(ExplainError::GivenNotCandidate { cell, digit: d });
                }
                board.place(cell, d);
            }
        }
        Ok(board)
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The side `n`.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The digit placed in a cell, 0 if it is open.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of an open cell (none for a placed one).
    pub fn candidates(&self, cell: usize) -> Digits {
        self.cands[cell]
    }

    /// How many cells are still open.
    pub fn open_cells(&self) -> usize {
        self.open
    }

    /// Whether every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// The placed digits as a grid (open cells blank).
    ///
    /// ```
    /// # use dlxkit::sudoku::{explain::Board, Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(Board::new(&g, None).unwrap().grid(), g);
    /// ```
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.layout.clone(), self.values.clone()).expect("digits in range")
    }

    /// The candidates of every cell, a placed cell holding its digit only.
    pub fn to_candidates(&self) -> Candidates {
        let cells = (0..self.values.len())
            .map(|c| match self.values[c] {
                0 => self.cands[c],
                d => Digits::single(d),
            })
            .collect();
        Candidates::from_cells(self.layout.clone(), cells).expect("the board's own layout")
    }

    /// Applies a step: its eliminations, then its placements.
    pub fn apply(&mut self, step: &Step) {
        for e in &step.eliminations {
            self.cands[e.cell].remove(e.digit);
        }
        for p in &step.placements {
            if self.values[p.cell] == 0 {
                self.place(p.cell, p.digit);
            }
        }
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = Digits::EMPTY;
        self.open -= 1;
        let layout = self.layout.clone();
        for &p in layout.peers(cell) {
            self.cands[p].remove(digit);
        }
    }

    /// Whether two cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.layout.peers(a).binary_search(&b).is_ok()
    }

    /// The cells of a unit where `digit` is still a candidate.
    pub fn places(&self, unit: usize, digit: u8) -> Vec<usize> {
        self.layout.units()[unit]
            .cells
            .iter()
            .copied()
            .filter(|&c| self.cands[c].contains(digit))
            .collect()
    }

    /// The digits placed in a unit.
    pub fn placed_in(&self, unit: usize) -> Digits {
        self.layout.units()[unit]
            .cells
            .iter()
            .filter(|&&c| self.values[c] != 0)
            .map(|&c| self.values[c])
            .collect()
    }

    /// The units of a kind, in layout order.
    pub fn units_of_kind(&self, kind: UnitKind) -> impl Iterator<Item = usize> + '_ {
        self.layout
            .units()
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.kind == kind)
            .map(|(k, _)| k)
    }

    /// The units holding every one of `cells` (none for an empty list).
    pub fn common_units(&self, cells: &[usize]) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.layout
            .units_of(first)
            .iter()
            .copied()
            .filter(|&u| rest.iter().all(|c| self.layout.units_of(*c).contains(&u)))
            .collect()
    }

    /// The open cells other than `except` that see every cell of `cells` and still have
    /// `digit`, as eliminations.
    pub fn seen_by_all(&self, cells: &[usize], digit: u8, except: &[usize]) -> Vec<Candidate> {
        let Some(&first) = cells.first() else {
            return Vec::new();
        };
        self.layout
            .peers(first)
            .iter()
            .copied()
            .filter(|&c| {
                self.cands[c].contains(digit)
                    && !except.contains(&c)
                    && cells[1..].iter().all(|&o| self.sees(c, o))
            })
            .map(|cell| Candidate { cell, digit })
            .collect()
    }

    /// The first contradiction, if the board has one.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(cell) =
            (0..self.values.len()).find(|&c| self.values[c] == 0 && self.cands[c].is_empty())
        {
            return Some(Contradiction::NoCandidate { cell });
        }
        let all = Digits::all(self.size());
        for (u, unit) in self.layout.units().iter().enumerate() {
            let mut seen = Digits::EMPTY;
            for &c in &unit.cells {
                seen |= self.cands[c];
                if self.values[c] != 0 {
                    seen.insert(self.values[c]);
                }
            }
            if let Some(digit) = (all - seen).first() {
                return Some(Contradiction::NoPlace { unit: u, digit });
            }
        }
        None
    }
}
