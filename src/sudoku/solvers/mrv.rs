//! The `mrv` solver: backtracking that always fills the most constrained cell first.
//!
//! This follows seed document 000, which treats Sudoku as a constraint satisfaction problem
//! and orders the search by the *minimum remaining values* heuristic. At every step the solver
//! works out, for every blank cell, which digits are still legal there (those no peer holds),
//! and picks the blank with the fewest. A blank with exactly one legal digit is filled at once,
//! without any branching; a blank with none means the current partial grid is hopeless and the
//! search backs up; otherwise each legal digit of the chosen blank is tried in turn.
//!
//! The legal digits are recomputed from scratch at each step (that is the algorithm: nothing
//! is remembered between steps, unlike forward checking). What the seed does with a copy of the
//! board per branch, this solver does on one board with undo: each search level remembers the
//! cell it filled and the digits still to try, and backing up erases that cell. Each unit keeps
//! the digits it holds as a bit mask, so a cell's legal digits are the complement of the union
//! of its units' masks. Ties between equally constrained blanks go to the first in reading
//! order, and the scan stops early at a blank with one legal digit or none.
//!
//! The units come from the grid's [`Layout`], so every box shape, jigsaw regions and the extra
//! units of variants (Sudoku-X diagonals, windoku windows) are handled.
//!
//! Statistics: a *node* is a digit written into a cell (forced or tried), a *guess* is a chosen
//! cell with more than one legal digit, and a *backtrack* is a chosen cell that ran out of
//! digits (or had none) so that the search stepped back.

use super::kit::{full_mask, lowest, size, solve_with, solved_grid, Budget, Mask, UnitBoard};
use super::{Limits, SolveReport, SolveStats, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `mrv` solver: the blank with the fewest legal digits first, recomputed at every step
/// (seed document 000).
///
/// It handles every layout (any box shape, jigsaw regions, extra units).
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::sudoku::solvers::{mrv::MrvSolver, Answer, Limits, SudokuSolver};
///
/// let mut solver = MrvSolver::new();
/// let mut grid = Grid::empty(Shape::new(2, 3)?); // 6x6, boxes of 2 rows by 3 columns
/// let first = solver.solve(&grid, &Limits::new().solutions(1)).first.unwrap();
/// assert!(first.is_solved());
/// // Keep the first row and column: still many solutions.
/// for k in 0..6 {
///     grid.set(0, k, first[(0, k)]);
///     grid.set(k, 0, first[(k, 0)]);
/// }
/// assert_eq!(solver.solve(&grid, &Limits::new().solutions(2)).answer(), Answer::Multiple);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Debug, Default)]
pub struct MrvSolver {
    /// The working grid; its blanks, in reading order, are the scan order (filled ones are
    /// skipped).
    board: UnitBoard,
    /// The search levels: the cell chosen and its legal digits not tried yet.
    levels: Vec<(usize, Mask)>,
}

impl MrvSolver {
    /// A new solver.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{mrv::MrvSolver, SudokuSolver};
    /// assert_eq!(MrvSolver::new().name(), "mrv");
    /// ```
    pub fn new() -> MrvSolver {
        MrvSolver::default()
    }

    fn load(&mut self, grid: &Grid) {
        self.board.load(grid);
        self.levels.clear();
    }

    /// The most constrained blank and its legal digits, or `None` when no blank is left.
    fn most_constrained(&self, layout: &Layout, full: Mask) -> Option<(usize, Mask)> {
        let mut best: Option<(usize, Mask)> = None;
        let mut best_size = u32::MAX;
        for &cell in &self.board.blanks {
            if self.board.cells[cell] != 0 {
                continue;
            }
            let legal = self.board.allowed(layout, full, cell);
            let k = size(legal);
            if k < best_size {
                best = Some((cell, legal));
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
        let full = full_mask(layout.size());
        // `true` when the next step is to choose a cell; `false` to try the next digit of the
        // top level.
        let mut choosing = true;
        loop {
            if choosing {
                match self.most_constrained(layout, full) {
                    None => {
                        *solutions += 1;
                        if first.is_none() {
                            *first = Some(solved_grid(
                                grid,
                                self.board.blanks.iter().map(|&c| (c, self.board.cells[c])),
                            ));
                        }
                        if budget.enough(*solutions) {
                            return Status::SolutionLimit;
                        }
                        if self.levels.is_empty() {
                            return Status::Complete;
                        }
                    }
                    Some((cell, legal)) => {
                        if size(legal) > 1 {
                            stats.guesses += 1;
                        }
                        self.levels.push((cell, legal));
                    }
                }
            }
            let Some(&(cell, untried)) = self.levels.last() else {
                return Status::Complete;
            };
            self.board.erase(layout, cell);
            if untried == 0 {
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
            self.levels[top].1 = untried & (untried - 1);
            self.board.write(layout, cell, lowest(untried));
            choosing = true;
        }
    }
}

impl SudokuSolver for MrvSolver {
    fn name(&self) -> &'static str {
        "mrv"
    }

    /// Every layout: the solver reads its units from the layout.
    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport {
        solve_with(grid, limits, |budget, stats, solutions, first| {
            self.load(grid);
            self.search(grid, budget, stats, solutions, first)
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
        assert_counts_the_empty_4x4_and_stops_at_limits(&mut MrvSolver::new(), 3);
    }

    #[test]
    fn forced_cells_are_not_guesses() {
        // One blank in a solved 4x4 grid: one node, no guess, no backtrack.
        let mut s = MrvSolver::new();
        let full = s
            .solve(
                &Grid::empty(Shape::new(2, 2).unwrap()),
                &Limits::new().solutions(1),
            )
            .first
            .unwrap();
        let mut g = full.clone();
        g.set_cell(5, 0);
        let r = s.solve(&g, &Limits::new());
        assert_eq!(
            (
                r.solutions,
                r.stats.nodes,
                r.stats.guesses,
                r.stats.backtracks
            ),
            (1, 1, 0, 0)
        );
        assert_eq!(r.first, Some(full));
    }

    #[test]
    fn a_blank_with_no_legal_digit_is_a_dead_end() {
        // Row 0 is 1 2 3 _, and column 3 holds a 4 lower down: no digit fits r1c4.
        let mut g = Grid::empty(Shape::new(2, 2).unwrap());
        for (c, d) in [(0, 1), (1, 2), (2, 3), (15, 4)] {
            g.set_cell(c, d);
        }
        let r = MrvSolver::new().solve(&g, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.nodes),
            (Status::Complete, 0, 0)
        );
    }
}
