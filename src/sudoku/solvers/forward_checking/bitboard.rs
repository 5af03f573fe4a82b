//! Forward checking on digit bitboards, for grids of at most 128 cells and 16 digits (every
//! standard, jigsaw, Sudoku-X and windoku layout up to 11x11, so 9x9).
//!
//! The algorithm and the choices are the parent module's: a domain per open cell, the
//! smallest domain next (the first found in the same to-do list), an assignment removing its
//! digit from the open peers' domains and failing as soon as one empties. What changes is how
//! the domains are held. The state of a level is one 128-bit *board* per digit, the open cells
//! whose domain still holds it, and nothing else: a cell's domain is its column through the
//! boards. Each level has its own copy of the state, so that an assignment writes the next
//! level's boards (the cell leaves every board, its peers leave its digit's board) and backing
//! up is only a step down the stack, with nothing to undo.
//!
//! The boards answer the search's questions for all cells at once. Counting, cell by cell,
//! the boards that hold it is done bit-sliced while the boards are written: running through
//! them with the sets of cells seen on at least one board and on at least two gives the cells
//! with exactly one digit left, and the same pass ORs together, bit-sliced, the numbers of
//! the boards holding each cell, which for a cell on one board is its digit. The smallest
//! domains are those cells when there are any; otherwise a full count runs over the boards
//! (a branch point, the rarer case). The cell chosen is the member of the smallest domains
//! that comes first in the to-do list, found through each cell's place in the list. An
//! assignment of digit `d` at a cell empties a domain exactly when a peer has `d` as its only
//! digit: with the cells of one digit known, that is one AND, made before the next state is
//! written, so a failed assignment costs nothing to undo.
//!
//! The hot loop has no branch on data that cannot be predicted where a mask does the same
//! (which board is the assigned digit's, which boards hold the chosen cell): a mispredicted
//! branch costs more than the few operations it would skip.

use std::sync::Arc;

use super::super::kit::{Counters, Run};
use super::super::tables::Tables;
use super::cells::Cells;
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

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

/// A search level: the cell, the digit placed (0-based), its untried digits, and its peers
/// whose domain holds one digit (an assignment fails when that digit is its own).
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    cell: u8,
    digit: u8,
    untried: u16,
    risk: Cells,
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
        let mut peers = Box::new([Cells::empty(); BYTE]);
        for (c, set) in peers.iter_mut().enumerate().take(tables.cells) {
            *set = tables
                .peers(c)
                .iter()
                .fold(Cells::empty(), |set, &p| set | Cells::bit(usize::from(p)));
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
    /// The boards of the root: per digit (0-based), the open cells whose domain holds it.
    root: [Cells; MAX_DIGITS],
    /// The to-do list: the open cells are `order[level..]`.
    order: Vec<u8>,
    /// Each cell's place in `order` (at least [`BYTE`] entries).
    place: Vec<u8>,
    levels: Vec<Level>,
    /// The boards of every level, for grids of at most 9 digits.
    states9: Vec<[Cells; 9]>,
    /// The same for grids of 10 to 16 digits.
    states16: Vec<[Cells; 16]>,
}

impl BitSearch {
    /// Sets up the root's boards and the open cells from the givens; false if an open cell
    /// has no digit left.
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
        self.order.clear();
        self.place.clear();
        self.place.resize(BYTE, 0);
        let mut open = Cells::empty();
        for (c, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                open |= Cells::bit(c);
                self.place[c] = self.order.len() as u8;
                self.order.push(c as u8);
            }
        }
        self.root = [Cells::empty(); MAX_DIGITS];
        for board in &mut self.root[..n] {
            *board = open;
        }
        for (c, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                // Givens never hold a given's digit (the grid has no conflict).
                let board = &mut self.root[usize::from(d) - 1];
                *board = board.minus(geometry.peers[c]);
            }
        }
        let depth = self.order.len();
        self.levels
            .resize(depth.max(self.levels.len()), Level::default());
        let covered = self.root.iter().fold(Cells::empty(), |a, &b| a | b);
        open.minus(covered).is_empty()
    }

    /// Runs the search on the loaded puzzle.
    pub(super) fn search(&mut self, n: usize, run: &mut Run) -> Status {
        let Some(geometry) = self.geometry.take() else {
            unreachable!("loaded");
        };
        let status = if n <= 9 {
            let root: [Cells; 9] = self.root[..9].try_into().expect("9 boards");
            self.search_with(&geometry, root, |s| &mut s.states9, run)
        } else {
            let root = self.root;
            self.search_with(&geometry, root, |s| &mut s.states16, run)
        };
        self.geometry = Some(geometry);
        status
    }

    /// Runs the search with `N` boards a level, kept in `states`.
    fn search_with<const N: usize>(
        &mut self,
        geometry: &Geometry,
        root: [Cells; N],
        states: impl Fn(&mut BitSearch) -> &mut Vec<[Cells; N]>,
        run: &mut Run,
    ) -> Status {
        let depth = self.order.len();
        let mut boards = std::mem::take(states(self));
        boards.resize(boards.len().max(depth + 1), [Cells::empty(); N]);
        boards[0] = root;
        let mut s = Search {
            peers: &geometry.peers,
            order: &mut self.order,
            place: (&mut self.place[..BYTE]).try_into().expect("BYTE cells"),
            states: &mut boards,
        };
        let status = s.run(&mut self.levels, run);
        *states(self) = boards;
        status
    }
}

/// The cells with one digit left and those with more, counted bit-sliced: a pass over the
/// boards with the cells seen on at least one board and on at least two. The same pass
/// writes the digits' numbers bit-sliced too (`index[k]`: the cells on a board whose number
/// has bit `k`), which spells out the digit of a cell on one board.
#[derive(Clone, Copy, Debug)]
struct Sizes {
    one: Cells,
    more: Cells,
    index: [Cells; 4],
}

impl Sizes {
    /// Nothing counted yet.
    #[inline]
    fn none() -> Sizes {
        Sizes {
            one: Cells::empty(),
            more: Cells::empty(),
            index: [Cells::empty(); 4],
        }
    }

    /// Adds board `d` (0-based), `board`, to the count.
    #[inline]
    fn add(&mut self, d: usize, board: Cells) {
        self.more |= self.one & board;
        self.one |= board;
        for (k, index) in self.index.iter_mut().enumerate() {
            if d >> k & 1 != 0 {
                *index |= board;
            }
        }
    }

    /// Ends the count: `one` becomes the cells on one board exactly.
    #[inline]
    fn finish(mut self) -> Sizes {
        self.one = self.one.minus(self.more);
        self
    }

    /// The count over `boards`.
    #[inline]
    fn of(boards: &[Cells]) -> Sizes {
        let mut sizes = Sizes::none();
        for (d, &b) in boards.iter().enumerate() {
            sizes.add(d, b);
        }
        sizes.finish()
    }

    /// The digit (0-based) of a cell on one board.
    #[inline]
    fn digit_of(&self, cell: usize) -> usize {
        let mut d = 0;
        for (k, index) in self.index.iter().enumerate() {
            d |= usize::from(index.holds(cell)) << k;
        }
        d
    }
}

/// The cells whose domain is the smallest among `cells` (all with two digits or more), by a
/// full bit-sliced count: `at_least[k]` gathers the cells held by more than `k` boards.
#[inline(never)]
fn smallest_of_many<const N: usize>(boards: &[Cells; N], cells: Cells) -> Cells {
    let (mut ge1, mut ge2, mut ge3) = (Cells::empty(), Cells::empty(), Cells::empty());
    for &b in boards {
        ge3 |= ge2 & b;
        ge2 |= ge1 & b;
        ge1 |= b;
    }
    let two = (cells & ge2).minus(ge3);
    if !two.is_empty() {
        return two;
    }
    let mut at_least = [Cells::empty(); MAX_DIGITS + 1];
    for &b in boards {
        for k in (1..=N).rev() {
            at_least[k] |= at_least[k - 1] & b;
        }
        at_least[0] |= b;
    }
    (3..=N)
        .map(|k| (cells & at_least[k - 1]).minus(at_least[k]))
        .find(|s| !s.is_empty())
        .unwrap_or(cells)
}

/// The search's working set for one solve.
struct Search<'a, const N: usize> {
    peers: &'a [Cells; BYTE],
    order: &'a mut [u8],
    place: &'a mut [u8; BYTE],
    /// The boards of each level: `states[i]` before level `i` assigns.
    states: &'a mut [[Cells; N]],
}

impl<const N: usize> Search<'_, N> {
    /// Picks the open cell with the smallest domain (the first of them in `order[level..]`),
    /// given the `sizes` of the level's domains; swaps it to `level`, and fills in the level's
    /// cell and risk; returns its domain.
    #[inline]
    fn choose(&mut self, level: usize, sizes: Sizes, l: &mut Level) -> u16 {
        let boards = &self.states[level];
        let smallest = if !sizes.one.is_empty() {
            sizes.one
        } else {
            smallest_of_many(boards, sizes.more)
        };
        let mut first = usize::from(self.order[level]);
        if !smallest.holds(first) {
            let place = &*self.place;
            let mut at = usize::MAX;
            smallest.each(|c| {
                let p = usize::from(place[c]);
                if p < at {
                    (at, first) = (p, c);
                }
            });
            let moved = self.order[level];
            self.order[at] = moved;
            self.place[usize::from(moved)] = at as u8;
            self.order[level] = first as u8;
            self.place[first] = level as u8;
        }
        l.cell = first as u8;
        l.risk = sizes.one & self.peers[first];
        if !sizes.one.is_empty() {
            1 << sizes.digit_of(first)
        } else {
            // Every board is read, without a branch: which hold the cell cannot be
            // predicted.
            let mut domain = 0u16;
            for (d, &b) in boards.iter().enumerate() {
                domain |= u16::from(b.holds(first)) << d;
            }
            domain
        }
    }

    /// Writes the state of `level + 1`, the state of `level` with digit `d` at `cell`, and
    /// returns its sizes.
    #[inline]
    fn assign(&mut self, level: usize, cell: usize, d: usize) -> Sizes {
        let (done, rest) = self.states.split_at_mut(level + 1);
        let (cur, next) = (&done[level], &mut rest[0]);
        let gone = Cells::bit(cell);
        let mut sizes = Sizes::none();
        // The digit's board is picked by a mask rather than a branch or a table (which board
        // it is cannot be predicted, and a table written at a varying place stalls the reads
        // that follow), and every board is counted as it is made, in registers.
        let kill = self.peers[cell];
        for e in 0..N {
            let b = cur[e]
                .minus(gone)
                .minus(kill & Cells::all_if_equal(e as u32, d as u32));
            next[e] = b;
            sizes.add(e, b);
        }
        sizes.finish()
    }

    fn run(&mut self, levels: &mut [Level], run: &mut Run) -> Status {
        let depth = self.order.len();
        let mut c = Counters::default();
        let mut level = 0;
        let mut sizes = Sizes::of(&self.states[0]);
        let status = 'search: loop {
            // Enter `level`: pick its cell, or count a solution and back up.
            let mut left = if level < depth {
                let untried = self.choose(level, sizes, &mut levels[level]);
                c.guesses += u64::from(untried.count_ones() > 1);
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
                levels[level].untried
            };
            // Try the level's next digit, backing up past levels with none left; an
            // assignment that would empty a domain is dropped before it is made.
            loop {
                while left == 0 {
                    if level == 0 {
                        break 'search Status::Complete;
                    }
                    c.backtracks += 1;
                    level -= 1;
                    left = levels[level].untried;
                }
                if let Err(status) = c.assignment(run.meter) {
                    break 'search status;
                }
                let d = left.trailing_zeros() as usize;
                c.alternatives += u64::from(left.count_ones() > 1);
                let l = &mut levels[level];
                l.untried = left & (left - 1);
                l.digit = d as u8;
                if (l.risk & self.states[level][d]).is_empty() {
                    let cell = usize::from(l.cell);
                    sizes = self.assign(level, cell, d);
                    break;
                }
                c.backtracks += 1;
                left = l.untried;
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

    /// The set of the cells whose bits `x` has.
    fn set(x: u128) -> Cells {
        Cells::from_words([x as u64, (x >> 64) as u64])
    }

    #[test]
    fn each_visits_both_halves_in_order() {
        let mut seen = Vec::new();
        set(1 | 1 << 5 | 1 << 64 | 1 << 127).each(|c| seen.push(c));
        assert_eq!(seen, [0, 5, 64, 127]);
        assert!(Cells::bit(64).holds(64) && !Cells::bit(64).holds(0));
        assert_eq!(Cells::bit(127), set(1 << 127));
    }

    #[test]
    fn sizes_count_the_boards_holding_each_cell() {
        // Cell k is on the first k boards (k = 0..=9).
        let boards: [Cells; 9] =
            std::array::from_fn(|d| set((d + 1..=9).fold(0, |s, k| s | 1 << k)));
        let s = Sizes::of(&boards);
        assert_eq!((s.one, s.more), (set(1 << 1), set(0b11_1111_1100)));
        assert_eq!(s.digit_of(1), 0);
        let mut one = Sizes::none();
        one.add(6, set(1 << 100));
        assert_eq!(one.finish().digit_of(100), 6);
        assert_eq!(smallest_of_many(&boards, s.more), set(1 << 2));
        assert_eq!(smallest_of_many(&boards, set(0b11_1111_0000)), set(1 << 4));
        assert_eq!(smallest_of_many(&boards, set(1 << 7 | 1 << 9)), set(1 << 7));
    }
}
