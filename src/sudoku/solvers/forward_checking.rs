//! The `forward-checking` solver: domains kept per cell and pruned as the search assigns.
//!
//! This follows seed document 001, which formulates Sudoku as a constraint satisfaction
//! problem (a variable per blank cell, the digits as its domain, all-different constraints on
//! every unit) and improves plain depth-first search with two heuristics:
//!
//! * **Forward checking.** Every unassigned cell carries its *domain*, the digits still
//!   possible there. Assigning a digit to a cell removes that digit from the domains of all the
//!   cell's peers. If some peer's domain becomes empty, the assignment cannot be part of a
//!   solution, and the search abandons it at once instead of discovering the problem deep
//!   below.
//! * **Dynamic variable ordering.** The next cell to assign is the one with the smallest
//!   domain (the first in reading order on ties; the scan stops early at a domain of one).
//!
//! Unlike `mrv`, which recomputes every cell's legal digits at each step, the domains here
//! persist and are only updated by the removals each assignment makes. Those removals are
//! written on a *trail* (which cells lost the digit), so backing up restores exactly what was
//! removed, in reverse order, without ever copying the board. Domains are bit masks.
//!
//! Peers come from the grid's [`Layout`], so every box shape, jigsaw regions and the extra
//! units of variants (Sudoku-X diagonals, windoku windows) are handled.
//!
//! Statistics: a *node* is an assignment tried, a *guess* is a chosen cell whose domain held
//! more than one digit, and a *backtrack* is an assignment abandoned because it emptied a
//! domain, or a chosen cell whose digits ran out so that the search stepped back.

use super::kit::{bit, full_mask, lowest, size, solve_with, solved_grid, Budget, Mask};
use super::{Limits, SolveReport, SolveStats, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `forward-checking` solver: domains pruned on every assignment, smallest domain next
/// (seed document 001).
///
/// It handles every layout (any box shape, jigsaw regions, extra units).
///
/// ```
/// use std::sync::Arc;
/// use dlxkit::sudoku::{Grid, Layout, Shape};
/// use dlxkit::sudoku::solvers::{forward_checking::ForwardCheckingSolver, Limits, SudokuSolver};
///
/// // Fill an empty Sudoku-X grid: both diagonals must hold every digit too.
/// let layout = Arc::new(Layout::standard(Shape::new(3, 3)?).with_diagonals());
/// let mut solver = ForwardCheckingSolver::new();
/// let report = solver.solve(&Grid::blank(layout), &Limits::new().solutions(1));
/// let x = report.first.unwrap();
/// assert!(x.is_solved()); // checks the diagonals as well
/// assert!(report.stats.nodes >= 81);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Debug, Default)]
pub struct ForwardCheckingSolver {
    /// The working grid (0 for unassigned).
    cells: Vec<u8>,
    /// Each unassigned cell's domain.
    domain: Vec<Mask>,
    /// The puzzle's blank cells in reading order.
    blanks: Vec<usize>,
    /// Cells that lost a digit, in order; each level's removals are one stretch of it.
    trail: Vec<usize>,
    /// The search levels: the cell, its digits not tried yet, and where its trail starts.
    levels: Vec<Level>,
}

#[derive(Clone, Copy, Debug)]
struct Level {
    cell: usize,
    untried: Mask,
    mark: usize,
}

impl ForwardCheckingSolver {
    /// A new solver.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{forward_checking::ForwardCheckingSolver, SudokuSolver};
    /// assert_eq!(ForwardCheckingSolver::new().name(), "forward-checking");
    /// ```
    pub fn new() -> ForwardCheckingSolver {
        ForwardCheckingSolver::default()
    }

    /// Sets up the domains from the givens; false if a blank has no digit left.
    fn load(&mut self, grid: &Grid) -> bool {
        let layout = grid.layout();
        let full = full_mask(layout.size());
        self.cells.clear();
        self.cells.extend_from_slice(grid.cells());
        self.domain.clear();
        self.domain.resize(self.cells.len(), full);
        self.blanks.clear();
        self.trail.clear();
        self.levels.clear();
        let mut ok = true;
        for (cell, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                self.blanks.push(cell);
                continue;
            }
            self.domain[cell] = bit(d);
            for &p in layout.peers(cell) {
                if self.cells[p] == 0 {
                    self.domain[p] &= !bit(d);
                }
            }
        }
        for &cell in &self.blanks {
            ok &= self.domain[cell] != 0;
        }
        ok
    }

    /// Assigns `d` to `cell` and prunes the peers; false when a peer's domain empties
    /// (the removals made so far are on the trail either way).
    #[inline]
    fn assign(&mut self, layout: &Layout, cell: usize, d: u8) -> bool {
        self.cells[cell] = d;
        let b = bit(d);
        for &p in layout.peers(cell) {
            if self.cells[p] == 0 && self.domain[p] & b != 0 {
                self.domain[p] &= !b;
                self.trail.push(p);
                if self.domain[p] == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Undoes the assignment of the level's cell.
    #[inline]
    fn unassign(&mut self, level: Level) {
        let d = self.cells[level.cell];
        if d == 0 {
            return;
        }
        self.cells[level.cell] = 0;
        let b = bit(d);
        for &p in &self.trail[level.mark..] {
            self.domain[p] |= b;
        }
        self.trail.truncate(level.mark);
    }

    /// The unassigned blank with the smallest domain, or `None` when all are assigned.
    fn smallest_domain(&self) -> Option<usize> {
        let mut best = None;
        let mut best_size = u32::MAX;
        for &cell in &self.blanks {
            if self.cells[cell] != 0 {
                continue;
            }
            let k = size(self.domain[cell]);
            if k < best_size {
                best = Some(cell);
                best_size = k;
                if k <= 1 {
                    break;
                }
            }
        }
        best
    }

    fn search(
        &mut self,
        grid: &Grid,
        budget: &Budget,
        stats: &mut SolveStats,
        solutions: &mut u64,
        first: &mut Option<Grid>,
    ) -> Status {
        let layout: &Layout = grid.layout();
        let mut choosing = true;
        loop {
            if choosing {
                match self.smallest_domain() {
                    None => {
                        *solutions += 1;
                        if first.is_none() {
                            *first = Some(solved_grid(
                                grid,
                                self.blanks.iter().map(|&c| (c, self.cells[c])),
                            ));
                        }
                        if budget.enough(*solutions) {
                            return Status::SolutionLimit;
                        }
                        if self.levels.is_empty() {
                            return Status::Complete;
                        }
                    }
                    Some(cell) => {
                        let untried = self.domain[cell];
                        if size(untried) > 1 {
                            stats.guesses += 1;
                        }
                        self.levels.push(Level {
                            cell,
                            untried,
                            mark: self.trail.len(),
                        });
                    }
                }
            }
            let Some(&level) = self.levels.last() else {
                return Status::Complete;
            };
            self.unassign(level);
            if level.untried == 0 {
                self.levels.pop();
                if self.levels.is_empty() {
                    return Status::Complete;
                }
                stats.backtracks += 1;
                choosing = false;
                continue;
            }
            if let Err(status) = budget.node(stats) {
                return status;
            }
            let top = self.levels.len() - 1;
            self.levels[top].untried = level.untried & (level.untried - 1);
            if self.assign(layout, level.cell, lowest(level.untried)) {
                choosing = true;
            } else {
                stats.backtracks += 1;
                choosing = false;
            }
        }
    }
}

impl SudokuSolver for ForwardCheckingSolver {
    fn name(&self) -> &'static str {
        "forward-checking"
    }

    /// Every layout: the solver reads its peers from the layout.
    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport {
        solve_with(grid, limits, |budget, stats, solutions, first| {
            if self.load(grid) {
                self.search(grid, budget, stats, solutions, first)
            } else {
                Status::Complete
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::solvers::kit::assert_counts_the_empty_4x4_and_stops_at_limits;
    use crate::sudoku::Shape;

    #[test]
    fn counts_every_4x4_grid_and_stops_at_limits() {
        assert_counts_the_empty_4x4_and_stops_at_limits(&mut ForwardCheckingSolver::new(), 4);
    }

    #[test]
    fn trail_restores_domains_exactly() {
        let g = Grid::empty(Shape::new(2, 2).unwrap());
        let mut s = ForwardCheckingSolver::new();
        assert!(s.load(&g));
        let before = s.domain.clone();
        let level = Level {
            cell: 5,
            untried: 0,
            mark: s.trail.len(),
        };
        assert!(s.assign(g.layout(), 5, 3));
        assert_eq!(s.trail.len(), 7); // every peer lost the 3
        s.unassign(level);
        assert_eq!(s.domain, before);
        assert!(s.trail.is_empty());
    }

    #[test]
    fn an_emptied_domain_is_caught_before_search() {
        // r1c4 sees 1, 2, 3 in its row and 4 in its column.
        let mut g = Grid::empty(Shape::new(2, 2).unwrap());
        for (c, d) in [(0, 1), (1, 2), (2, 3), (15, 4)] {
            g.set_cell(c, d);
        }
        let r = ForwardCheckingSolver::new().solve(&g, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.nodes),
            (Status::Complete, 0, 0)
        );
    }
}
