//! The `mrv` solver: backtracking that always fills the most constrained cell first.
//!
//! Sudoku as a constraint satisfaction problem, searched in the order of the *minimum
//! remaining values* heuristic. At every step the solver works out, for every blank cell,
//! which digits are still legal there (those no peer holds), and picks the blank with the fewest. A blank with exactly one legal digit is filled at once,
//! without any branching; a blank with none means the current partial grid is hopeless and the
//! search backs up; otherwise each legal digit of the chosen blank is tried in turn.
//!
//! The legal digits are recomputed from scratch at each step (that is the algorithm: nothing
//! is remembered between steps, unlike forward checking). What a textbook version does with
//! a copy of the board per branch, this solver does on one board with undo. Each unit keeps the digits it
//! still lacks as a bit mask, so a blank's legal digits are the intersection of its units'
//! masks (the module `unit_search`, shared with `naive`). The blanks wait in a
//! to-do list; each step scans it for the blank with the fewest legal digits, stopping early at
//! one with one legal digit or none, and swaps the winner to the front of the part still to
//! fill. Ties go to the first found, in the order those swaps leave the list (reading order at
//! the start). This is the tie-breaking of tdoku's `basic_heuristic`, so the two explore the
//! same tree and make the same number of guesses.
//!
//! The units come from the grid's [`Layout`], so every box shape, jigsaw regions and the extra
//! units of variants (Sudoku-X diagonals, windoku windows) are handled.
//!
//! Statistics: a *node* is a digit written into a cell (forced or tried), a *guess* is a chosen
//! cell with more than one legal digit, an *alternative* is a digit written while another legal
//! digit of its cell was still untried (tdoku's count of guesses), and a *backtrack* is a chosen
//! cell that ran out of digits (or had none) so that the search stepped back.

use super::kit::{with_width, PerWidth};
use super::tables::TablesCache;
use super::unit_search::{Order, UnitSearch};
use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};

/// The `mrv` solver: the blank with the fewest legal digits first, recomputed at every step
/// (the minimum-remaining-values heuristic).
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
    /// The tables of the last layout solved.
    tables: TablesCache,
    /// The search, kept for each mask width.
    search: PerWidth<UnitSearch<u16>, UnitSearch<u32>, UnitSearch<u64>, UnitSearch<u128>>,
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
        let tables = self.tables.get(grid.layout());
        with_width!(self.search, tables.width, |s| s.solve(
            tables,
            grid,
            limits,
            Order::MostConstrained
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::solvers::kit::assert_counts_the_empty_4x4_and_stops_at_limits;
    use crate::sudoku::Shape;
    use crate::xc::Status;

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
                r.stats.assignments,
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
            (r.status, r.solutions, r.stats.assignments),
            (Status::Complete, 0, 0)
        );
    }
}
