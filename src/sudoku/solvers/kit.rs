//! Plumbing shared by the four backtracking solvers: digit sets as bit masks, the limits
//! check, and the checks every solve makes before searching.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{Limits, SolveReport, SolveStats};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// A set of digits: bit `d - 1` stands for digit `d`. A side is at most 100, so 128 bits hold
/// every digit of every grid the crate accepts.
pub(crate) type Mask = u128;

/// The set of all digits `1..=n`.
#[inline]
pub(crate) fn full_mask(n: usize) -> Mask {
    if n >= 128 {
        Mask::MAX
    } else {
        (1 << n) - 1
    }
}

/// The one-digit set `{d}` (`d` from 1).
#[inline]
pub(crate) fn bit(d: u8) -> Mask {
    1 << (d - 1)
}

/// The smallest digit of a non-empty set.
#[inline]
pub(crate) fn lowest(m: Mask) -> u8 {
    m.trailing_zeros() as u8 + 1
}

/// How many digits a set holds.
#[inline]
pub(crate) fn size(m: Mask) -> u32 {
    m.count_ones()
}

/// Applies [`Limits`] to a search that counts its nodes in [`SolveStats::nodes`]: the node
/// limit exactly, the cancel flag and the deadline every 1,024 nodes.
pub(crate) struct Budget<'l> {
    limits: &'l Limits,
    max_nodes: u64,
    max_solutions: u64,
}

impl<'l> Budget<'l> {
    pub(crate) fn new(limits: &'l Limits) -> Budget<'l> {
        Budget {
            limits,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
        }
    }

    /// Called before each assignment the search tries: counts the node, or says why the
    /// search must stop instead.
    #[inline]
    pub(crate) fn node(&self, stats: &mut SolveStats) -> Result<(), Status> {
        let nodes = stats.nodes;
        if nodes >= self.max_nodes {
            return Err(Status::NodeLimit);
        }
        if nodes & 1023 == 0 {
            self.poll()?;
        }
        stats.nodes = nodes + 1;
        Ok(())
    }

    /// The cancel flag and the deadline, for work that is not counted in nodes.
    pub(crate) fn poll(&self) -> Result<(), Status> {
        if let Some(flag) = &self.limits.cancel {
            if flag.load(Ordering::Relaxed) {
                return Err(Status::Cancelled);
            }
        }
        if let Some(deadline) = self.limits.deadline {
            if Instant::now() >= deadline {
                return Err(Status::TimeLimit);
            }
        }
        Ok(())
    }

    /// Whether `found` solutions reach the solution limit.
    #[inline]
    pub(crate) fn enough(&self, found: u64) -> bool {
        found >= self.max_solutions
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
    } else if grid.first_conflict().is_some() {
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

/// What every backtracking solve does around its search: settle the puzzle without searching
/// when it can (conflicting givens, a zero solution limit), start the clock and the budget,
/// run `search` (which counts into the statistics, the number of solutions and the first
/// solution), and write the report.
pub(crate) fn solve_with(
    grid: &Grid,
    limits: &Limits,
    search: impl FnOnce(&Budget, &mut SolveStats, &mut u64, &mut Option<Grid>) -> Status,
) -> SolveReport {
    let start = Instant::now();
    if let Some(report) = settled_without_search(grid, limits, start) {
        return report;
    }
    let budget = Budget::new(limits);
    let mut stats = SolveStats::default();
    let mut solutions = 0;
    let mut first = None;
    let status = search(&budget, &mut stats, &mut solutions, &mut first);
    stats.elapsed = start.elapsed();
    SolveReport {
        status,
        solutions,
        first,
        stats,
    }
}

/// The working grid of the `naive` and `mrv` solvers: each cell's digit, the digits each unit
/// holds (so a cell's legal digits are a few mask operations), and the puzzle's blanks in
/// reading order.
#[derive(Debug, Default)]
pub(crate) struct UnitBoard {
    /// Each cell's digit, 0 for blank.
    pub(crate) cells: Vec<u8>,
    /// For each unit, the digits it holds.
    used: Vec<Mask>,
    /// The puzzle's blank cells, in reading order.
    pub(crate) blanks: Vec<usize>,
}

impl UnitBoard {
    /// Starts from `grid`: its digits, its units' masks and its blanks.
    pub(crate) fn load(&mut self, grid: &Grid) {
        let layout = grid.layout();
        self.cells.clear();
        self.cells.extend_from_slice(grid.cells());
        self.used.clear();
        self.used.resize(layout.units().len(), 0);
        self.blanks.clear();
        for (cell, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                self.blanks.push(cell);
            } else {
                for &u in layout.units_of(cell) {
                    self.used[u] |= bit(d);
                }
            }
        }
    }

    /// The digits no peer of `cell` holds.
    #[inline]
    pub(crate) fn allowed(&self, layout: &Layout, full: Mask, cell: usize) -> Mask {
        let mut taken = 0;
        for &u in layout.units_of(cell) {
            taken |= self.used[u];
        }
        full & !taken
    }

    /// Writes digit `d` into `cell`.
    #[inline]
    pub(crate) fn write(&mut self, layout: &Layout, cell: usize, d: u8) {
        self.cells[cell] = d;
        for &u in layout.units_of(cell) {
            self.used[u] |= bit(d);
        }
    }

    /// Clears `cell` (nothing happens if it is blank).
    #[inline]
    pub(crate) fn erase(&mut self, layout: &Layout, cell: usize) {
        let d = self.cells[cell];
        if d != 0 {
            self.cells[cell] = 0;
            for &u in layout.units_of(cell) {
                self.used[u] &= !bit(d);
            }
        }
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
        (capped.status, capped.stats.nodes),
        (Status::NodeLimit, nodes)
    );
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_a_hundred_digits() {
        let m = full_mask(100);
        assert_eq!(size(m), 100);
        assert_eq!(lowest(m), 1);
        assert_eq!(lowest(bit(100)), 100);
        assert_eq!(m & bit(100), bit(100));
        assert_eq!(full_mask(1), 1);
    }

    #[test]
    fn node_limit_is_exact() {
        let limits = Limits::new().nodes(3);
        let budget = Budget::new(&limits);
        let mut stats = SolveStats::default();
        for _ in 0..3 {
            assert!(budget.node(&mut stats).is_ok());
        }
        assert_eq!(budget.node(&mut stats), Err(Status::NodeLimit));
        assert_eq!(stats.nodes, 3);
    }
}
