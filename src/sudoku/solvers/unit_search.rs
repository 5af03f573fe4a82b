//! Backtracking on unit masks: the search of `mrv`, and of `naive` on the grids its own
//! three-unit search does not take (extra units, more than 16 digits or 254 blanks).
//!
//! Each unit keeps the set of digits it still lacks, so a blank's legal digits are the
//! intersection of its units' sets: three loads and two ANDs in a standard layout. Placing a
//! digit takes it out of the cell's units, and backing up puts it back; nothing else is
//! stored, so nothing is copied.
//!
//! The blanks wait in a *to-do list*. Each entry carries the cell and its units, so that a
//! scan of the list reads one array from front to back. Level `i` of the search fills entry
//! `i`. `naive` takes the entries as they come (reading order). `mrv` first scans the entries
//! from `i` on for the one with the fewest legal digits, stopping early at one with at most
//! one, and swaps it into place `i`. The swaps are not undone when the search backs up: the
//! order the remaining entries are left in is what breaks ties between equally constrained
//! blanks (the first found wins). tdoku's `basic_heuristic` keeps its list the same way, so
//! both explore the same tree.
//!
//! The search is an explicit stack of levels (no recursion, so no puzzle can overflow the
//! call stack), and every buffer is kept between puzzles: after the first puzzle of a size,
//! solving allocates nothing but the returned solution.

use super::kit::{solve_with, Counters, Digits, Run};
use super::tables::Tables;
use super::{Limits, SolveReport};
use crate::sudoku::grid::Grid;
use crate::xc::Status;

/// Which blank each level of the search fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// The next blank in reading order (`naive`).
    Reading,
    /// The blank with the fewest legal digits (`mrv`).
    MostConstrained,
}

/// The state of the unit-mask search, kept between puzzles.
#[derive(Debug, Default)]
pub(crate) struct UnitSearch<M> {
    /// For each unit, the digits it still lacks (at least [`BYTE`] entries).
    free: Vec<M>,
    /// The to-do list when every cell is in three units and a cell index fits a byte
    /// (standard and jigsaw layouts up to 16x16).
    three: Vec<Blank3>,
    /// The to-do list otherwise.
    any: AnyUnits,
    /// The search levels.
    levels: Vec<Level<M>>,
}

/// Indexes below this fit a byte; `free` is at least this long, so that the three-unit
/// search indexes it with a byte unchecked.
const BYTE: usize = 256;

/// A search level: the blank's legal digits not tried yet, and the digit placed.
#[derive(Clone, Copy, Debug, Default)]
struct Level<M> {
    untried: M,
    placed: M,
}

impl<M: Digits> UnitSearch<M> {
    /// Solves `grid`, whose layout `tables` were compiled from.
    pub(crate) fn solve(
        &mut self,
        tables: &Tables,
        grid: &Grid,
        limits: &Limits,
        order: Order,
    ) -> SolveReport {
        solve_with(grid, limits, |run| {
            let fast = tables.unit_stride == 3 && tables.cells <= BYTE;
            let mut three = std::mem::take(&mut self.three);
            let mut any = std::mem::take(&mut self.any);
            three.clear();
            any.entries.clear();
            any.stride = 1 + tables.unit_stride;
            self.load(tables, grid, |cell, units| {
                if fast {
                    let byte = |k: usize| k as u8;
                    let u = |i: usize| byte(usize::from(units[i]));
                    three.push(Blank3([byte(cell), u(0), u(1), u(2)]));
                } else {
                    any.entries.push(cell as u16);
                    any.entries.extend_from_slice(units);
                }
            });
            let status = match (fast, order) {
                (true, Order::Reading) => self.search::<_, false>(&mut three, run),
                (true, Order::MostConstrained) => self.search::<_, true>(&mut three, run),
                (false, Order::Reading) => self.search::<_, false>(&mut any, run),
                (false, Order::MostConstrained) => self.search::<_, true>(&mut any, run),
            };
            self.three = three;
            self.any = any;
            status
        })
    }

    /// Sets up the units' free digits and the levels; hands each blank, in reading order,
    /// to `push` with its units.
    fn load(&mut self, tables: &Tables, grid: &Grid, mut push: impl FnMut(usize, &[u16])) {
        let full = M::full(tables.n);
        self.free.clear();
        self.free.resize(tables.units.max(BYTE), full);
        let mut depth = 0;
        for (cell, &d) in grid.cells().iter().enumerate() {
            let units = tables.units_of(cell);
            if d == 0 {
                push(cell, units);
                depth += 1;
            } else {
                for &u in units {
                    self.free[usize::from(u)] &= !M::bit(d);
                }
            }
        }
        self.levels.clear();
        self.levels.resize(depth, Level::default());
    }

    /// The search proper over the to-do list `todo`, picking the most constrained blank when
    /// `MRV`; returns why it ended.
    fn search<T: Todo<M>, const MRV: bool>(&mut self, todo: &mut T, run: &mut Run) -> Status {
        let depth = todo.len();
        let free = T::free(&mut self.free);
        let levels = &mut self.levels[..];
        let mut c = Counters::default();
        let mut level = 0;
        let status = 'search: loop {
            // Enter `level`: pick its blank, or count a solution and back up.
            let mut left = if level < depth {
                let a = if MRV {
                    todo.most_constrained(level, free)
                } else {
                    todo.allowed(level, free)
                };
                c.guesses += u64::from(a.several());
                a
            } else {
                let filled = |i| (todo.cell(i), levels[i].placed.lowest());
                if let Some(status) = run.found(depth, filled) {
                    break status;
                }
                level -= 1;
                todo.give(level, free, levels[level].placed);
                levels[level].untried
            };
            // Back up past the levels with no digit left to try.
            while left.is_empty() {
                if level == 0 {
                    break 'search Status::Complete;
                }
                c.backtracks += 1;
                level -= 1;
                todo.give(level, free, levels[level].placed);
                left = levels[level].untried;
            }
            if let Err(status) = c.assignment(run.meter) {
                break status;
            }
            let b = left.lowest_bit();
            c.alternatives += u64::from(left.several());
            levels[level] = Level {
                untried: left ^ b,
                placed: b,
            };
            todo.take(level, free, b);
            level += 1;
        };
        c.add_to(run.stats);
        status
    }
}

/// A to-do list of blanks, each with its units, over the units' free digits (`Free`).
trait Todo<M: Digits> {
    /// How the list reads the units' free digits.
    type Free: ?Sized;
    /// The units' free digits, as this list reads them.
    fn free(free: &mut [M]) -> &mut Self::Free;
    /// How many blanks.
    fn len(&self) -> usize;
    /// The cell of entry `i`.
    fn cell(&self, i: usize) -> usize;
    /// The legal digits of entry `i`.
    fn allowed(&self, i: usize, free: &Self::Free) -> M;
    /// Takes digits `b` out of entry `i`'s units.
    fn take(&self, i: usize, free: &mut Self::Free, b: M);
    /// Gives digits `b` back to entry `i`'s units.
    fn give(&self, i: usize, free: &mut Self::Free, b: M);
    /// Swaps entries `i` and `j`.
    fn swap(&mut self, i: usize, j: usize);

    /// Moves the entry with the fewest legal digits among `level..` to `level` (the first
    /// found of the fewest; the scan stops at one with at most one) and returns its digits.
    #[inline]
    fn most_constrained(&mut self, level: usize, free: &Self::Free) -> M {
        let mut a = self.allowed(level, free);
        if a.several() {
            let mut best = level;
            let mut fewest = a.size();
            for j in level + 1..self.len() {
                let b = self.allowed(j, free);
                let size = b.size();
                if size < fewest {
                    (best, fewest, a) = (j, size, b);
                    if size <= 1 {
                        break;
                    }
                }
            }
            self.swap(level, best);
        }
        a
    }
}

/// A blank and its three units, each index a byte: `[cell, unit, unit, unit]`.
#[derive(Clone, Copy, Debug, Default)]
struct Blank3([u8; 4]);

impl<M: Digits> Todo<M> for Vec<Blank3> {
    type Free = [M; BYTE];

    #[inline]
    fn free(free: &mut [M]) -> &mut [M; BYTE] {
        (&mut free[..BYTE]).try_into().expect("BYTE units")
    }

    #[inline]
    fn len(&self) -> usize {
        <[_]>::len(self)
    }

    #[inline]
    fn cell(&self, i: usize) -> usize {
        usize::from(self[i].0[0])
    }

    #[inline]
    fn allowed(&self, i: usize, f: &[M; BYTE]) -> M {
        let [_, a, b, c] = self[i].0;
        f[usize::from(a)] & f[usize::from(b)] & f[usize::from(c)]
    }

    #[inline]
    fn take(&self, i: usize, f: &mut [M; BYTE], b: M) {
        for &u in &self[i].0[1..] {
            f[usize::from(u)] &= !b;
        }
    }

    #[inline]
    fn give(&self, i: usize, f: &mut [M; BYTE], b: M) {
        for &u in &self[i].0[1..] {
            f[usize::from(u)] |= b;
        }
    }

    #[inline]
    fn swap(&mut self, i: usize, j: usize) {
        <[_]>::swap(self, i, j);
    }

    #[inline]
    fn most_constrained(&mut self, level: usize, f: &[M; BYTE]) -> M {
        let allowed =
            |e: &Blank3| f[usize::from(e.0[1])] & f[usize::from(e.0[2])] & f[usize::from(e.0[3])];
        let mut a = allowed(&self[level]);
        if a.several() {
            let mut best = level;
            let mut fewest = a.size();
            let mut j = level + 1;
            while j < self.len() {
                let b = allowed(&self[j]);
                let size = b.size();
                if size < fewest {
                    (best, fewest, a) = (j, size, b);
                    if size <= 1 {
                        break;
                    }
                }
                j += 1;
            }
            <[_]>::swap(self, level, best);
        }
        a
    }
}

/// Blanks with any number of units, flattened: per entry the cell, then its units.
#[derive(Debug, Default)]
struct AnyUnits {
    /// Values per entry.
    stride: usize,
    /// The entries, one after the other.
    entries: Vec<u16>,
}

impl AnyUnits {
    #[inline]
    fn units(&self, i: usize) -> &[u16] {
        &self.entries[i * self.stride + 1..(i + 1) * self.stride]
    }
}

impl<M: Digits> Todo<M> for AnyUnits {
    type Free = [M];

    #[inline]
    fn free(free: &mut [M]) -> &mut [M] {
        free
    }

    #[inline]
    fn len(&self) -> usize {
        self.entries.len() / self.stride.max(1)
    }

    #[inline]
    fn cell(&self, i: usize) -> usize {
        usize::from(self.entries[i * self.stride])
    }

    #[inline]
    fn allowed(&self, i: usize, free: &[M]) -> M {
        self.units(i)
            .iter()
            .fold(M::ALL, |a, &u| a & free[usize::from(u)])
    }

    #[inline]
    fn take(&self, i: usize, free: &mut [M], b: M) {
        for &u in self.units(i) {
            free[usize::from(u)] &= !b;
        }
    }

    #[inline]
    fn give(&self, i: usize, free: &mut [M], b: M) {
        for &u in self.units(i) {
            free[usize::from(u)] |= b;
        }
    }

    fn swap(&mut self, i: usize, j: usize) {
        if i != j {
            let (lo, hi) = (i.min(j), i.max(j));
            let (a, b) = self.entries.split_at_mut(hi * self.stride);
            a[lo * self.stride..(lo + 1) * self.stride].swap_with_slice(&mut b[..self.stride]);
        }
    }
}
