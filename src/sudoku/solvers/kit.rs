//! Plumbing shared by the four backtracking solvers: digit sets as bit masks, the limits
//! check, and the checks every solve makes before searching.

use std::time::Instant;

use super::{Limits, SolveReport, SolveStats};
use crate::sudoku::grid::Grid;
use crate::xc::meter::{Grants, Meter};
use crate::xc::Status;

/// A set of digits as a bit mask: bit `d - 1` stands for digit `d`.
///
/// The backtracking solvers are generic over the mask's width so that a 9x9 grid works on
/// 16-bit masks (its candidate arrays then take an eighth of the room they would as `u128`)
/// while the widest grids the crate accepts (a side of at most 100) still fit in 128 bits;
/// [`Width`] picks the narrowest that holds a grid's digits.
pub(crate) trait Digits:
    Copy
    + Eq
    + Default
    + std::fmt::Debug
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
    + std::ops::BitXorAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// Every bit set, digits or not (the candidates of a spare slot that never constrains).
    const ALL: Self;
    /// The set of all digits `1..=n`.
    fn full(n: usize) -> Self;
    /// The one-digit set `{d}` (`d` from 1).
    fn bit(d: u8) -> Self;
    /// How many digits the set holds.
    fn size(self) -> u32;
    /// The digits 1 to 64 of the set, as a word (for hashing).
    fn low_word(self) -> u64;
    /// The set of the digits 1 to 64 given as a word's bits (the inverse of
    /// [`Digits::low_word`] for sets of at most 64 digits).
    fn from_low_word(w: u64) -> Self;
    /// Every bit set if the set holds two digits or more, else none: [`Digits::several`]
    /// as a mask, for code that must not branch on it.
    fn several_mask(self) -> Self;
    /// The set of the smallest digit alone (empty for the empty set).
    fn lowest_bit(self) -> Self;
    /// The smallest digit of a non-empty set.
    fn lowest(self) -> u8;
    /// Whether the set holds two digits or more.
    #[inline]
    fn several(self) -> bool {
        self != self.lowest_bit()
    }
    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
}

macro_rules! digits_for {
    ($($t:ty),*) => {$(
        impl Digits for $t {
            const EMPTY: $t = 0;
            const ALL: $t = <$t>::MAX;
            #[inline]
            fn full(n: usize) -> $t {
                if n >= <$t>::BITS as usize { <$t>::MAX } else { (1 << n) - 1 }
            }
            #[inline]
            fn bit(d: u8) -> $t {
                1 << (d - 1)
            }
            #[inline]
            fn low_word(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_low_word(w: u64) -> $t {
                w as $t
            }
            #[inline]
            fn several_mask(self) -> $t {
                let several = self & self.wrapping_sub(1) != 0;
                (0 as $t).wrapping_sub(several as $t)
            }
            #[inline]
            fn size(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest_bit(self) -> $t {
                self & self.wrapping_neg()
            }
            #[inline]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8 + 1
            }
        }
    )*};
}

digits_for!(u16, u32, u64, u128);

/// The narrowest mask that holds every digit of a grid of side `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    /// Up to 16 digits (4x4, 6x6, 8x8, 9x9, 12x12, 16x16).
    W16,
    /// Up to 32 digits (25x25).
    W32,
    /// Up to 64 digits.
    W64,
    /// Up to 128 digits (the crate's largest side is 100).
    W128,
}

impl Width {
    /// The width for a side of `n`.
    pub(crate) fn of(n: usize) -> Width {
        match n {
            0..=16 => Width::W16,
            17..=32 => Width::W32,
            33..=64 => Width::W64,
            _ => Width::W128,
        }
    }
}

/// The same search state, once per mask width: a solver keeps the one its puzzles need, and
/// its buffers, between puzzles.
#[derive(Debug, Default)]
pub(crate) struct PerWidth<S16, S32, S64, S128> {
    pub(crate) w16: S16,
    pub(crate) w32: S32,
    pub(crate) w64: S64,
    pub(crate) w128: S128,
}

/// Runs `$body` with `$s` bound to the state of `$per` (a [`PerWidth`]) for `$width`.
macro_rules! with_width {
    ($per:expr, $width:expr, |$s:ident| $body:expr) => {
        match $width {
            $crate::sudoku::solvers::kit::Width::W16 => {
                let $s = &mut $per.w16;
                $body
            }
            $crate::sudoku::solvers::kit::Width::W32 => {
                let $s = &mut $per.w32;
                $body
            }
            $crate::sudoku::solvers::kit::Width::W64 => {
                let $s = &mut $per.w64;
                $body
            }
            $crate::sudoku::solvers::kit::Width::W128 => {
                let $s = &mut $per.w128;
                $body
            }
        }
    };
}
pub(crate) use with_width;

/// A value for every index below `N`, by default every 16-bit index. Every cell of every
/// grid the crate accepts (at most 10,000) has a 16-bit index, so a search that keeps one
/// value per cell here indexes it without bounds checks (and a unit's places, below 256,
/// index a `Slots<M, 256>` without checks when they are bytes). The array is made on first
/// use and kept; only the entries in use are ever touched.
#[derive(Debug, Default)]
pub(crate) struct Slots<M, const N: usize = { 1 << 16 }>(Option<Box<[M; N]>>);

impl<M: Digits, const N: usize> Slots<M, N> {
    /// The array (made empty on first use).
    pub(crate) fn get(&mut self) -> &mut [M; N] {
        self.0.get_or_insert_with(|| {
            vec![M::EMPTY; N]
                .into_boxed_slice()
                .try_into()
                .expect("N slots")
        })
    }
}

/// The counters a search bumps at every assignment, kept in registers while it runs and
/// added to the [`SolveStats`] when it ends: its assignments, counted down from the grants
/// of the limit meter ([`Grants`], [`Meter`]; the node limit bounds them), and its guesses.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    grants: Grants,
    pub(crate) guesses: u64,
    pub(crate) alternatives: u64,
    pub(crate) backtracks: u64,
}

impl Counters {
    /// Counts an assignment, or says why the search must stop instead.
    #[inline]
    pub(crate) fn assignment(&mut self, meter: &Meter) -> Result<(), Status> {
        self.grants.node(meter)
    }

    /// The assignments the grants so far still allow ([`Grants::room`]).
    #[inline]
    pub(crate) fn room(&self) -> u64 {
        self.grants.room()
    }

    /// Counts `assignments` made within the room ([`Grants::spend`]).
    #[inline]
    pub(crate) fn spend(&mut self, assignments: u64) {
        self.grants.spend(assignments);
    }

    /// Makes room for `need` assignments ([`Grants::make_room`]).
    #[cold]
    pub(crate) fn make_room(mut self, meter: &Meter, need: u64) -> Result<Counters, Status> {
        self.grants = self.grants.make_room(meter, need)?;
        Ok(self)
    }

    /// The assignments counted.
    pub(crate) fn assignments(&self) -> u64 {
        self.grants.nodes()
    }

    /// Adds the counts to `stats`.
    pub(crate) fn add_to(self, stats: &mut SolveStats) {
        stats.assignments += self.assignments();
        stats.guesses += self.guesses;
        stats.alternatives += self.alternatives;
        stats.backtracks += self.backtracks;
    }
}

/// The answer to a grid that needs no search: a solution limit of zero, or givens that
/// already break a unit (no solution, and the search space is trivially exhausted).
pub(crate) fn settled_without_search(
    grid: &Grid,
    limits: &Limits,
    start: Instant,
) -> Option<SolveReport> {
    let status = if limits.max_solutions == Some(0) {
        Status::SolutionLimit
    } else if grid.check_givens().is_err() {
        // (The same test as `first_conflict().is_some()`, in one pass over the givens
        // without an allocation: a few hundred instructions on 9x9 where the other took
        // some 3,800, 4% of a 17-clue puzzle's solving time with `strategies`.)
        Status::Complete
    } else {
        return None;
    };
    Some(SolveReport {
        status,
        solutions: 0,
        first: None,
        stats: SolveStats {
            elapsed: start.elapsed(),
            ..SolveStats::default()
        },
    })
}

/// A solved copy of `grid` with the given cells.
pub(crate) fn solved_grid(grid: &Grid, cells: impl IntoIterator<Item = (usize, u8)>) -> Grid {
    let mut out = grid.clone();
    for (cell, d) in cells {
        out.set_cell(cell, d);
    }
    out
}

/// What a search reports into: the puzzle, the limits, the statistics, the number of
/// solutions found and the first.
pub(crate) struct Run<'a, 'l> {
    pub(crate) grid: &'a Grid,
    pub(crate) meter: &'a Meter<'l>,
    pub(crate) stats: &'a mut SolveStats,
    pub(crate) solutions: u64,
    pub(crate) first: Option<Grid>,
}

impl Run<'_, '_> {
    /// Counts a solution whose blanks are `filled(0..blanks)` (cell, digit), keeping the
    /// first; returns the status to stop with if the search must stop (the solution limit,
    /// or a grid with no blank, which has nothing to search after its one solution).
    pub(crate) fn found(
        &mut self,
        blanks: usize,
        filled: impl Fn(usize) -> (usize, u8),
    ) -> Option<Status> {
        self.solutions += 1;
        if self.first.is_none() {
            self.first = Some(solved_grid(self.grid, (0..blanks).map(filled)));
        }
        if self.meter.enough(self.solutions) {
            Some(Status::SolutionLimit)
        } else if blanks == 0 {
            Some(Status::Complete)
        } else {
            None
        }
    }
}

/// What every backtracking solve does around its search: settle the puzzle without searching
/// when it can (conflicting givens, a zero solution limit), start the clock and the meter,
/// run `search` (which counts into the [`Run`]: statistics, solutions, the first one), and
/// write the report.
pub(crate) fn solve_with(
    grid: &Grid,
    limits: &Limits,
    search: impl FnOnce(&mut Run) -> Status,
) -> SolveReport {
    let start = Instant::now();
    if let Some(report) = settled_without_search(grid, limits, start) {
        return report;
    }
    let meter = Meter::new(limits);
    let mut stats = SolveStats::default();
    let mut run = Run {
        grid,
        meter: &meter,
        stats: &mut stats,
        solutions: 0,
        first: None,
    };
    let status = search(&mut run);
    let (solutions, first) = (run.solutions, run.first);
    stats.elapsed = start.elapsed();
    SolveReport {
        status,
        solutions,
        first,
        stats,
    }
}

/// The checks every backtracking solver's own tests start with: the empty 4x4 grid has 288
/// solutions; a solution limit of 2 and a node limit of `nodes` stop the search exactly.
/// Returns the report of the full count for the caller's further checks.
#[cfg(test)]
pub(crate) fn assert_counts_the_empty_4x4_and_stops_at_limits(
    solver: &mut dyn super::SudokuSolver,
    nodes: u64,
) -> SolveReport {
    let empty = Grid::empty(crate::sudoku::Shape::new(2, 2).unwrap());
    let all = solver.solve(&empty, &Limits::new());
    assert_eq!((all.status, all.solutions), (Status::Complete, 288));
    let two = solver.solve(&empty, &Limits::new().solutions(2));
    assert_eq!((two.status, two.solutions), (Status::SolutionLimit, 2));
    let capped = solver.solve(&empty, &Limits::new().nodes(nodes));
    assert_eq!(
        (capped.status, capped.stats.assignments),
        (Status::NodeLimit, nodes)
    );
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_of_every_width() {
        let m = <u128 as Digits>::full(100);
        assert_eq!(m.size(), 100);
        assert_eq!(m.lowest(), 1);
        assert_eq!(<u128 as Digits>::bit(100).lowest(), 100);
        assert_eq!(<u16 as Digits>::full(16), u16::MAX);
        assert_eq!(<u16 as Digits>::full(9), 0x1ff);
        let pair = <u32 as Digits>::bit(3) | <u32 as Digits>::bit(7);
        assert_eq!((pair.size(), pair.lowest(), pair.lowest_bit()), (2, 3, 4));
        assert!(pair.several() && !pair.lowest_bit().several());
        assert!(<u64 as Digits>::EMPTY.is_empty());
        assert_eq!(Width::of(9), Width::W16);
        assert_eq!(Width::of(25), Width::W32);
        assert_eq!(Width::of(49), Width::W64);
        assert_eq!(Width::of(100), Width::W128);
    }

    #[test]
    fn node_limit_is_exact() {
        let limits = Limits::new().nodes(3);
        let meter = Meter::new(&limits);
        let mut c = Counters::default();
        for _ in 0..3 {
            assert!(c.assignment(&meter).is_ok());
        }
        assert_eq!(c.assignment(&meter), Err(Status::NodeLimit));
        assert_eq!(c.assignments(), 3);
        let unlimited = Limits::new();
        let meter = Meter::new(&unlimited);
        let mut c = Counters::default();
        for _ in 0..5000 {
            assert!(c.assignment(&meter).is_ok());
        }
        assert_eq!(c.assignments(), 5000);
    }
}
