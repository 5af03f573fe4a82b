//! The `naive` solver: the textbook backtracker, kept deliberately plain.
//!
//! The textbook recursive backtracker: take the first blank cell
//! in reading order, try the digits from 1 upwards, and keep a digit only if no cell sharing a
//! unit with the blank already holds it; then move on to the next blank, and when a blank has
//! no digit left, step back to the previous one and try its next digit. Nothing chooses the
//! cell cleverly and nothing looks ahead; how slow that is on hard puzzles is the point of
//! having this solver, so do not add heuristics here.
//!
//! Only the mechanics differ from the seed, not the search tree: each unit keeps the digits
//! it still lacks as a bit mask, so "does a peer hold this digit?" is a few mask operations
//! instead of a scan of the row, column and box; and the recursion is an explicit stack of
//! levels, one per blank (the module `unit_search`, shared with `mrv`). tdoku's
//! `basic` solver is the same algorithm with the same order, so the two make the same
//! assignments on every puzzle.
//!
//! The units are read from the grid's [`Layout`], so every box shape, jigsaw regions and the
//! extra units of variants (the diagonals of Sudoku-X, the windows of windoku) are honoured.
//!
//! Statistics: a *node* is a digit written into a blank (one that broke no unit), a *guess* is
//! a blank that had more than one allowed digit when the search reached it, an *alternative*
//! is a digit written while another allowed digit of its blank was still untried, and a
//! *backtrack* is a blank that ran out of digits so that the search stepped back.

use super::kit::{with_width, PerWidth};
use super::tables::TablesCache;
use super::unit_search::{Order, UnitSearch};
use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};

/// The `naive` solver: first blank in reading order, digits in ascending order, undo on
/// failure.
///
/// It handles every layout (any box shape, jigsaw regions, extra units). Hard puzzles can take
/// it millions of nodes, so give it a node limit or a deadline when that matters.
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::sudoku::solvers::{naive::NaiveSolver, Answer, Limits, SudokuSolver};
///
/// let mut solver = NaiveSolver::new();
/// let report = solver.solve(&Grid::empty(Shape::new(2, 2)?), &Limits::new());
/// assert_eq!(report.solutions, 288); // every 4x4 Sudoku
/// let report = solver.solve(&Grid::empty(Shape::new(3, 3)?), &Limits::new().solutions(1));
/// assert!(report.first.unwrap().is_solved());
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Debug, Default)]
pub struct NaiveSolver {
    /// The tables of the last layout solved.
    tables: TablesCache,
    /// The search, kept for each mask width.
    search: PerWidth<UnitSearch<u16>, UnitSearch<u32>, UnitSearch<u64>, UnitSearch<u128>>,
}

impl NaiveSolver {
    /// A new solver.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{naive::NaiveSolver, SudokuSolver};
    /// assert_eq!(NaiveSolver::new().name(), "naive");
    /// ```
    pub fn new() -> NaiveSolver {
        NaiveSolver::default()
    }
}

impl SudokuSolver for NaiveSolver {
    fn name(&self) -> &'static str {
        "naive"
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
            Order::Reading
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
        let all = assert_counts_the_empty_4x4_and_stops_at_limits(&mut NaiveSolver::new(), 5);
        assert!(all.first.as_ref().unwrap().is_solved());
        assert!(all.stats.backtracks > 0 && all.stats.guesses > 0);
    }

    #[test]
    fn first_solution_is_the_lexicographically_smallest() {
        // Reading order and ascending digits make the first solution of the empty grid the
        // smallest one read as a string: 1234 / 3412 / 2143 / 4321.
        let mut s = NaiveSolver::new();
        let r = s.solve(
            &Grid::empty(Shape::new(2, 2).unwrap()),
            &Limits::new().solutions(1),
        );
        assert_eq!(
            r.first.unwrap().cells(),
            &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
        );
    }

    #[test]
    fn conflicting_givens_and_full_grids() {
        let mut s = NaiveSolver::new();
        let mut g = Grid::empty(Shape::new(2, 2).unwrap());
        g.set(0, 0, 1);
        g.set(0, 3, 1);
        let r = s.solve(&g, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.nodes),
            (Status::Complete, 0, 0)
        );
        let solved = s.solve(
            &Grid::empty(Shape::new(2, 2).unwrap()),
            &Limits::new().solutions(1),
        );
        let full = solved.first.unwrap();
        let r = s.solve(&full, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.nodes),
            (Status::Complete, 1, 0)
        );
        assert_eq!(r.first.as_ref(), Some(&full));
    }
}
