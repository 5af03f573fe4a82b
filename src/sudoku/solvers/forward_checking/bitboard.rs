//! Forward checking with digit bitboards beside the domains, for grids of at most 128 cells
//! and 16 digits (every standard, jigsaw, Sudoku-X and windoku layout up to 11x11, so 9x9).
//!
//! The algorithm and the choices are the parent module's: a domain per cell, the smallest
//! domain next (the first found in the same to-do list), an assignment removing its digit
//! from the open peers' domains and failing as soon as one empties. What changes is how an
//! assignment finds the peers to update. Each digit also has a 128-bit *board*: the cells
//! whose domain still holds it. The peers that lose digit `d` when a cell takes it are then
//! one AND of two sets (`d`'s board and the cell's peers), usually a handful of cells instead
//! of all twenty peers; their domains are updated one by one, and the set is kept with the
//! level, so that undoing gives `d` back to exactly those cells (no trail). The set may hold
//! peers assigned earlier whose (unused) domains still had `d`: updating them is harmless, as
//! an assigned cell keeps its own digit, and cheaper than keeping the set of open cells.

use std::sync::Arc;

use super::super::kit::{Counters, Run};
use super::super::tables::Tables;
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// A set of cells (bit `c` for cell `c`).
type Cells = u128;

/// The largest grid this search handles: cells and digits.
const MAX_CELLS: usize = 128;
const MAX_DIGITS: usize = 16;

/// Cell indexes are bytes, and the per-cell tables have an entry for every byte, so that
/// indexing them needs no bounds check.
const BYTE: usize = 256;

/// Whether the bitboard search handles grids of `tables`' layout.
pub(super) fn fits(tables: &Tables) -> bool {
    tables.cells <= MAX_CELLS && tables.n <= MAX_DIGITS
}

/// The cells of a set, lowest first.
#[inline]
fn each(set: Cells, mut f: impl FnMut(usize)) {
    let (mut lo, mut hi) = (set as u64, (set >> 64) as u64);
    while lo != 0 {
        f(lo.trailing_zeros() as usize);
        lo &= lo - 1;
    }
    while hi != 0 {
        f(64 + hi.trailing_zeros() as usize);
        hi &= hi - 1;
    }
}

/// A search level: the cell, the digit placed (0-based), its untried digits, and the peers
/// that lost the digit.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    cell: u8,
    digit: u8,
    untried: u16,
    lost: Cells,
}

/// What a layout's grids share: each cell's peers as a set.
#[derive(Debug)]
struct Geometry {
    layout: Arc<Layout>,
    /// Each cell's peers.
    peers: Box<[Cells; BYTE]>,
}

impl Geometry {
    fn new(tables: &Tables) -> Geometry {
        let mut peers = Box::new([0; BYTE]);
        for (c, set) in peers.iter_mut().enumerate().take(tables.cells) {
            *set = tables.peers(c).iter().fold(0, |set, &p| set | 1 << p);
        }
        Geometry {
            layout: tables.layout().clone(),
            peers,
        }
    }
}

/// The search state, kept between puzzles.
#[derive(Debug, Default)]
pub(super) struct BitSearch {
    geometry: Option<Geometry>,
    /// Each cell's domain.
    domain: Vec<u16>,
    /// Per digit (0-based), the cells whose domain holds it (givens left out).
    boards: [Cells; MAX_DIGITS],
    /// The to-do list: the open cells are `order[level..]`.
    order: Vec<u8>,
    levels: Vec<Level>,
}

impl BitSearch {
    /// Sets up domains, boards and open cells from the givens; false if an open cell has no
    /// digit left.
    pub(super) fn load(&mut self, tables: &Tables, grid: &Grid) -> bool {
        if !self
            .geometry
            .as_ref()
            .is_some_and(|g| Arc::ptr_eq(&g.layout, tables.layout()))
        {
            self.geometry = Some(Geometry::new(tables));
        }
        let Some(geometry) = &self.geometry else {
            unreachable!("just made");
        };
        let n = tables.n;
        let full = if n == 16 { u16::MAX } else { (1 << n) - 1 };
        self.domain.clear();
        self.domain.resize(BYTE, 0);
        self.order.clear();
        let mut open: Cells = 0;
        for (c, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                open |= 1 << c;
                self.order.push(c as u8);
                self.domain[c] = full;
            } else {
                self.domain[c] = 1 << (d - 1);
            }
        }
        for (c, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                // Givens never hold a given's digit (the grid has no conflict).
                each(geometry.peers[c] & open, |p| {
                    self.domain[p] &= !(1 << (d - 1));
                });
            }
        }
        self.boards = [0; MAX_DIGITS];
        for &c in &self.order {
            let mut m = self.domain[usize::from(c)];
            while m != 0 {
                self.boards[m.trailing_zeros() as usize] |= 1 << c;
                m &= m - 1;
            }
        }
        self.levels
            .resize(tables.cells.max(self.levels.len()), Level::default());
        let domain = &self.domain;
        self.order.iter().all(|&c| domain[usize::from(c)] != 0)
    }

    /// Runs the search on the loaded puzzle.
    pub(super) fn search(&mut self, run: &mut Run) -> Status {
        let Some(geometry) = self.geometry.take() else {
            unreachable!("loaded");
        };
        let mut levels = std::mem::take(&mut self.levels);
        let mut s = Search {
            peers: &geometry.peers,
            domain: (&mut self.domain[..BYTE]).try_into().expect("BYTE cells"),
            boards: self.boards,
            order: &mut self.order,
        };
        let status = s.run(&mut levels, run);
        self.levels = levels;
        self.geometry = Some(geometry);
        status
    }
}

/// The search's working set for one solve.
struct Search<'a> {
    peers: &'a [Cells; BYTE],
    domain: &'a mut [u16; BYTE],
    boards: [Cells; MAX_DIGITS],
    order: &'a mut [u8],
}

impl Search<'_> {
    /// Places digit `d` (0-based) at `cell`: the peers holding it lose it (recorded in
    /// `level`); false if a domain emptied.
    #[inline]
    fn assign(&mut self, level: &mut Level, cell: u8, d: usize) -> bool {
        let lost = self.boards[d] & self.peers[usize::from(cell)];
        level.lost = lost;
        self.boards[d] &= !lost;
        let b = !(1u16 << d);
        let mut wiped = false;
        let domain = &mut *self.domain;
        each(lost, |p| {
            let m = domain[p] & b;
            domain[p] = m;
            wiped |= m == 0;
        });
        !wiped
    }

    /// Undoes the placement recorded in `level`.
    #[inline]
    fn unassign(&mut self, level: &Level) {
        let d = usize::from(level.digit);
        self.boards[d] |= level.lost;
        let b = 1u16 << d;
        let domain = &mut *self.domain;
        each(level.lost, |p| domain[p] |= b);
    }

    /// Picks the open cell with the smallest domain among `order[level..]` (the first found
    /// of the fewest; the scan stops at one with at most one) and swaps it to `level`.
    #[inline]
    fn choose(&mut self, level: usize) -> u8 {
        let domain = &*self.domain;
        let mut best = level;
        let mut fewest = domain[usize::from(self.order[level])].count_ones();
        if fewest > 1 {
            for (j, &c) in self.order[level + 1..].iter().enumerate() {
                let size = domain[usize::from(c)].count_ones();
                if size < fewest {
                    (best, fewest) = (level + 1 + j, size);
                    if size <= 1 {
                        break;
                    }
                }
            }
            self.order.swap(level, best);
        }
        self.order[level]
    }

    fn run(&mut self, levels: &mut [Level], run: &mut Run) -> Status {
        let depth = self.order.len();
        let mut c = Counters::default();
        let mut level = 0;
        let status = 'search: loop {
            // Enter `level`: pick its cell, or count a solution and back up.
            let mut left = if level < depth {
                let cell = self.choose(level);
                let untried = self.domain[usize::from(cell)];
                c.guesses += u64::from(untried.count_ones() > 1);
                levels[level].cell = cell;
                untried
            } else {
                let filled = |i: usize| {
                    let l = &levels[i];
                    (usize::from(l.cell), l.digit + 1)
                };
                if let Some(status) = run.found(depth, filled) {
                    break status;
                }
                level -= 1;
                self.unassign(&levels[level]);
                levels[level].untried
            };
            // Try the level's next digit, backing up past levels with none left; an
            // assignment that empties a domain is undone at once.
            loop {
                while left == 0 {
                    if level == 0 {
                        break 'search Status::Complete;
                    }
                    c.backtracks += 1;
                    level -= 1;
                    self.unassign(&levels[level]);
                    left = levels[level].untried;
                }
                if let Err(status) = c.node(run.budget) {
                    break 'search status;
                }
                let d = left.trailing_zeros() as usize;
                c.alternatives += u64::from(left.count_ones() > 1);
                let l = &mut levels[level];
                l.untried = left & (left - 1);
                l.digit = d as u8;
                let cell = l.cell;
                if self.assign(l, cell, d) {
                    break;
                }
                c.backtracks += 1;
                self.unassign(&levels[level]);
                left = levels[level].untried;
            }
            level += 1;
        };
        c.add_to(run.stats);
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_visits_both_halves_in_order() {
        let mut seen = Vec::new();
        each(1 | 1 << 5 | 1 << 64 | 1 << 127, |c| seen.push(c));
        assert_eq!(seen, [0, 5, 64, 127]);
    }
}
