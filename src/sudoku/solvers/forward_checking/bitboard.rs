//! Forward checking on digit bitboards, for grids of at most 128 cells and 15 digits (every
//! standard, jigsaw, Sudoku-X and windoku layout up to 11x11, so 9x9).
//!
//! The algorithm is the parent module's; the representation is turned around. Instead of a
//! domain per cell, each digit has a 128-bit *board*: the cells whose domain still holds it.
//! Each open (unassigned) cell's domain size is a four-bit counter, sliced across four 128-bit
//! *planes* (plane `k` holds bit `k` of every cell's count). Then:
//!
//! - assigning digit `d` to cell `c` removes `d` from the domains of `c`'s open peers with
//!   one AND-NOT on `d`'s board, and decrements exactly those peers' counters with a few
//!   whole-plane operations (a borrow rippling through the planes);
//! - a domain wiped out is a counter that reached zero among those peers;
//! - undoing restores `d`'s board, the planes and the set of open cells from the level's
//!   record (a fixed-size copy: no trail);
//! - the smallest domain is read off the planes: the open cells whose count is 1, else 2,
//!   and so on. Ties go to the first of those in the same to-do list as the cell-by-cell
//!   search keeps (each choice swapped to the front of the open part), so both searches
//!   make the same choices and explore the same tree. (Breaking ties in reading order
//!   instead doubled the guesses on top1465.)
//!
//! The number of digits is a constant for 9x9 grids, so that the loops over digits unroll.

use std::sync::Arc;

use super::super::kit::{Counters, Run};
use super::super::tables::Tables;
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// A set of cells (bit `c` for cell `c`).
type Cells = u128;

/// The largest grid this search handles: cells and digits.
const MAX_CELLS: usize = 128;
const MAX_DIGITS: usize = 15;

/// Cell indexes are bytes, and the per-cell tables have an entry for every byte, so that
/// indexing them needs no bounds check.
const BYTE: usize = 256;

/// Whether the bitboard search handles grids of `tables`' layout.
pub(super) fn fits(tables: &Tables) -> bool {
    tables.cells <= MAX_CELLS && tables.n <= MAX_DIGITS
}

/// A search level: the cell, the digit placed (0-based), its untried digits, and the state
/// before the placement.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    cell: u8,
    digit: u8,
    untried: u16,
    board: Cells,
    planes: [Cells; 4],
    open: Cells,
}

/// What a layout's grids share: each cell's peers and each cell alone, as sets.
#[derive(Debug)]
struct Geometry {
    layout: Arc<Layout>,
    /// Each cell's peers.
    peers: Box<[Cells; BYTE]>,
    /// Each cell alone (a table: shifting a 128-bit value by a variable amount takes a dozen
    /// instructions).
    single: Box<[Cells; BYTE]>,
}

impl Geometry {
    fn new(tables: &Tables) -> Geometry {
        let mut peers = Box::new([0; BYTE]);
        let mut single = Box::new([0; BYTE]);
        for c in 0..tables.cells {
            single[c] = 1 << c;
            peers[c] = tables.peers(c).iter().fold(0, |set, &p| set | 1 << p);
        }
        Geometry {
            layout: tables.layout().clone(),
            peers,
            single,
        }
    }
}

/// The bitboard search state, kept between puzzles.
#[derive(Debug, Default)]
pub(super) struct BitSearch {
    geometry: Option<Geometry>,
    /// Per digit (0-based), the cells whose domain holds it (meaningful for open cells).
    boards: [Cells; MAX_DIGITS],
    /// The open cells' domain sizes, bit-sliced.
    planes: [Cells; 4],
    /// The open cells.
    open: Cells,
    /// The to-do list: the open cells are `order[level..]`.
    order: Vec<u8>,
    /// Each cell's place in `order`.
    place: Vec<u8>,
    levels: Vec<Level>,
}

/// Adds one to the counters of the cells in `x` (a carry rippling up the planes).
#[inline]
fn increment(planes: &mut [Cells; 4], x: Cells) {
    let mut carry = x;
    for p in planes.iter_mut() {
        let next = *p & carry;
        *p ^= carry;
        carry = next;
    }
}

/// Takes one from the counters of the cells in `x` (a borrow rippling up the planes).
#[inline]
fn decrement(planes: &mut [Cells; 4], x: Cells) {
    let mut borrow = x;
    for p in planes.iter_mut() {
        let next = !*p & borrow;
        *p ^= borrow;
        borrow = next;
    }
}

/// The cells whose counter is `k`.
#[inline]
fn count_is(planes: &[Cells; 4], k: usize) -> Cells {
    planes.iter().enumerate().fold(!0, |acc, (j, &p)| {
        acc & if k >> j & 1 == 1 { p } else { !p }
    })
}

impl BitSearch {
    /// Sets up boards, counters and open cells from the givens; false if an open cell has
    /// no digit left.
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
        let all: Cells = if tables.cells == MAX_CELLS {
            !0
        } else {
            (1 << tables.cells) - 1
        };
        self.boards = [all; MAX_DIGITS];
        self.open = 0;
        self.order.clear();
        self.place.resize(BYTE, 0);
        for (c, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                self.open |= 1 << c;
                self.place[c] = self.order.len() as u8;
                self.order.push(c as u8);
            } else {
                self.boards[usize::from(d) - 1] &= !geometry.peers[c];
            }
        }
        self.levels
            .resize(tables.cells.max(self.levels.len()), Level::default());
        self.planes = [0; 4];
        for &board in &self.boards[..tables.n] {
            increment(&mut self.planes, board & self.open);
        }
        count_is(&self.planes, 0) & self.open == 0
    }

    /// Runs the search on the loaded puzzle.
    pub(super) fn search(&mut self, n: usize, run: &mut Run) -> Status {
        let Some(geometry) = self.geometry.take() else {
            unreachable!("loaded");
        };
        let mut levels = std::mem::take(&mut self.levels);
        let mut s = Search {
            g: &geometry,
            boards: self.boards,
            planes: self.planes,
            open: self.open,
            order: &mut self.order,
            place: (&mut self.place[..BYTE]).try_into().expect("BYTE places"),
        };
        let status = if n == 9 {
            s.run::<9>(n, &mut levels, run)
        } else {
            s.run::<0>(n, &mut levels, run)
        };
        self.levels = levels;
        self.geometry = Some(geometry);
        status
    }
}

/// The search's working set for one solve.
struct Search<'a> {
    g: &'a Geometry,
    boards: [Cells; MAX_DIGITS],
    planes: [Cells; 4],
    open: Cells,
    order: &'a mut [u8],
    place: &'a mut [u8; BYTE],
}

impl Search<'_> {
    /// The domain of `cell`, as a digit mask (`N` digits, or `n` when `N` is 0).
    #[inline]
    fn domain<const N: usize>(&self, n: usize, cell: u8) -> u16 {
        let n = if N > 0 { N } else { n };
        let shift = cell & 63;
        let gather = |word: fn(Cells) -> u64| {
            self.boards[..n]
                .iter()
                .enumerate()
                .fold(0, |m, (d, &b)| m | (((word(b) >> shift) & 1) as u16) << d)
        };
        if cell < 64 {
            gather(|b| b as u64)
        } else {
            gather(|b| (b >> 64) as u64)
        }
    }

    /// Places digit `d` (0-based) at `cell`, recording the state before in `level`; false if
    /// a peer's domain emptied.
    #[inline]
    fn assign(&mut self, level: &mut Level, cell: u8, d: usize) -> bool {
        level.board = self.boards[d];
        level.planes = self.planes;
        level.open = self.open;
        self.open &= !self.g.single[usize::from(cell)];
        let hit = self.boards[d] & self.g.peers[usize::from(cell)] & self.open;
        self.boards[d] &= !hit;
        decrement(&mut self.planes, hit);
        hit & count_is(&self.planes, 0) == 0
    }

    /// Undoes the placement recorded in `level`.
    #[inline]
    fn unassign(&mut self, level: &Level) {
        self.boards[usize::from(level.digit)] = level.board;
        self.planes = level.planes;
        self.open = level.open;
    }

    /// The open cell with the smallest domain (the first in the to-do list of those), moved
    /// to place `level` of the list; `None` when no cell is open.
    #[inline(always)]
    fn choose(&mut self, n: usize, level: usize) -> Option<u8> {
        if self.open == 0 {
            return None;
        }
        let [s0, s1, s2, s3] = self.planes;
        let low = !(s2 | s3) & self.open;
        let mut fewest = s0 & !s1 & low;
        if fewest == 0 {
            fewest = !s0 & s1 & low;
        }
        if fewest == 0 {
            fewest = s0 & s1 & low;
        }
        if fewest == 0 {
            fewest = (4..=n)
                .map(|k| count_is(&self.planes, k) & self.open)
                .find(|&m| m != 0)?;
        }
        let cell = if fewest & (fewest - 1) == 0 {
            fewest.trailing_zeros() as u8
        } else {
            let single = &self.g.single;
            *self.order[level..]
                .iter()
                .find(|&&c| fewest & single[usize::from(c)] != 0)?
        };
        let there = usize::from(self.place[usize::from(cell)]);
        let moved = self.order[level];
        self.order[level] = cell;
        self.order[there] = moved;
        self.place[usize::from(cell)] = level as u8;
        self.place[usize::from(moved)] = there as u8;
        Some(cell)
    }

    fn run<const N: usize>(&mut self, n: usize, levels: &mut [Level], run: &mut Run) -> Status {
        let mut c = Counters::default();
        let mut level = 0;
        let status = 'search: loop {
            // Enter `level`: pick its cell, or count a solution and back up.
            match self.choose(n, level) {
                Some(cell) => {
                    let untried = self.domain::<N>(n, cell);
                    c.guesses += u64::from(untried.count_ones() > 1);
                    levels[level] = Level {
                        cell,
                        untried,
                        ..Level::default()
                    };
                }
                None => {
                    let filled = |i: usize| {
                        let l = &levels[i];
                        (usize::from(l.cell), l.digit + 1)
                    };
                    if let Some(status) = run.found(level, filled) {
                        break status;
                    }
                    level -= 1;
                    self.unassign(&levels[level]);
                }
            }
            // Try the level's next digit, backing up past levels with none left; an
            // assignment that empties a domain is undone at once.
            loop {
                let left = loop {
                    let left = levels[level].untried;
                    if left != 0 {
                        break left;
                    }
                    if level == 0 {
                        break 'search Status::Complete;
                    }
                    c.backtracks += 1;
                    level -= 1;
                    self.unassign(&levels[level]);
                };
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
    fn counters_count_up_and_down_in_every_cell_at_once() {
        let mut planes = [0; 4];
        let (a, b): (Cells, Cells) = (0b1010, 0b0110);
        for _ in 0..9 {
            increment(&mut planes, a);
        }
        increment(&mut planes, b);
        assert_eq!(count_is(&planes, 10) & 0b1111, 0b0010);
        assert_eq!(count_is(&planes, 9) & 0b1111, 0b1000);
        assert_eq!(count_is(&planes, 1) & 0b1111, 0b0100);
        assert_eq!(count_is(&planes, 0) & 0b1111, 0b0001);
        decrement(&mut planes, a | b);
        assert_eq!(count_is(&planes, 9) & 0b1111, 0b0010);
        assert_eq!(count_is(&planes, 0) & 0b1111, 0b0101);
    }
}
