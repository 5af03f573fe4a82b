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
//! instead of a scan of the row, column and box, and the recursion is an explicit stack of
//! levels, one per blank. Grids whose cells lie in three units each (standard and jigsaw
//! grids up to 16x16) have a search of their own, the module `three_units`: one word of state
//! per level, the units' masks updated by XOR, nothing counted per node. Other grids use the
//! module `unit_search`, shared with `mrv`. tdoku's `basic` solver is the same algorithm with
//! the same order, so the two make the same assignments on every puzzle.
//!
//! The units are read from the grid's [`Layout`], so every box shape, jigsaw regions and the
//! extra units of variants (the diagonals of Sudoku-X, the windows of windoku) are honoured.
//!
//! Statistics: a *node* is a digit written into a blank (one that broke no unit), a *guess* is
//! a blank that had more than one allowed digit when the search reached it, an *alternative*
//! is a digit written while another allowed digit of its blank was still untried, and a
//! *backtrack* is a blank that ran out of digits so that the search stepped back.

mod three_units;

use super::kit::{with_width, PerWidth};
use super::tables::TablesCache;
use super::unit_search::{Order, UnitSearch};
use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use three_units::ThreeUnitSearch;

/// The `naive` solver: first blank in reading order, digits in ascending order, undo on
/// failure.
///
/// It handles every layout (any box shape, jigsaw regions, extra units). Hard puzzles can take
/// it millions of assignments, so give it a node limit or a deadline when that matters.
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
    /// The search for grids whose cells lie in three units each, up to 16x16.
    three: ThreeUnitSearch,
    /// The search for every other grid, kept for each mask width.
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
        if ThreeUnitSearch::handles(tables, grid) {
            return self.three.solve(tables, grid, limits);
        }
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
    use std::sync::Arc;
    use std::time::Duration;

    use crate::sudoku::parse::{parse_grid, ParseOptions};
    use crate::sudoku::solvers::tables::Tables;
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

    /// The three-unit search and the general one, kept between the grids of a test.
    #[derive(Default)]
    struct BothSearches {
        three: ThreeUnitSearch,
        general: UnitSearch<u16>,
    }

    impl BothSearches {
        /// Solves `grid` with both searches, asserting the same reports but the time;
        /// returns the assignments of the full search.
        fn assert_same(&mut self, grid: &Grid, limits: &Limits) -> u64 {
            let tables = Tables::new(grid.layout());
            assert!(ThreeUnitSearch::handles(&tables, grid));
            let mut a = self.three.solve(&tables, grid, limits);
            let mut b = self.general.solve(&tables, grid, limits, Order::Reading);
            a.stats.elapsed = Duration::ZERO;
            b.stats.elapsed = Duration::ZERO;
            assert_eq!(a, b, "{limits:?}");
            a.stats.assignments
        }

        /// Compares the two searches on `grid` at the solution limit `solutions` (none when
        /// `None`), then at node limits: every one up to `dense`, and about 40 more spread
        /// over the whole search.
        fn assert_same_at_limits(&mut self, grid: &Grid, solutions: Option<u64>, dense: u64) {
            let base = match solutions {
                Some(k) => Limits::new().solutions(k),
                None => Limits::new(),
            };
            let all = self.assert_same(grid, &base);
            let step = (all / 40).max(1);
            for nodes in (0..=dense.min(all + 1)).chain((dense..=all + 1).step_by(step as usize)) {
                self.assert_same(grid, &base.clone().nodes(nodes));
            }
        }
    }

    #[test]
    fn the_three_unit_search_reports_what_the_general_one_does() {
        // Every statistic, the status, the count and the first solution, at solution limits
        // and at node limits that stop the search anywhere: at the first blank, in a run
        // down, at a level resumed, just before a solution.
        let mut both = BothSearches::default();
        let empty4 = Grid::empty(Shape::new(2, 2).unwrap());
        for k in [None, Some(1), Some(2), Some(100)] {
            both.assert_same_at_limits(&empty4, k, 300);
        }
        let empty9 = Grid::empty(Shape::new(3, 3).unwrap());
        both.assert_same_at_limits(&empty9, Some(3), 200);
        let jigsaw = Arc::new(
            Layout::jigsaw(
                Shape::new(2, 3).unwrap(),
                "AAABBB AACCBB ACCCDB ECDDDD EEEFFD EEFFFF",
            )
            .unwrap(),
        );
        assert!(!jigsaw.is_standard());
        both.assert_same_at_limits(&Grid::blank(jigsaw), Some(50), 300);
        for line in [
            // The first of Project Euler's 50, and the first of Norvig's hardest 11.
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        ] {
            let grid = parse_grid(line, &ParseOptions::default()).unwrap();
            both.assert_same_at_limits(&grid, Some(2), 300);
            both.assert_same_at_limits(&grid, Some(1), 0);
        }
        // Unsolvable with no conflicting givens: the first blank of this 4x4 sees 1 and 3 in
        // its row, 2 and 4 in its column.
        let mut dead = Grid::empty(Shape::new(2, 2).unwrap());
        for (c, d) in [(1, 1), (4, 2), (3, 3), (12, 4)] {
            dead.set_cell(c, d);
        }
        assert!(dead.first_conflict().is_none());
        both.assert_same_at_limits(&dead, None, 10);
    }

    #[test]
    fn the_three_unit_search_handles_up_to_254_blanks() {
        let empty16 = Grid::empty(Shape::new(4, 4).unwrap());
        let tables = Tables::new(empty16.layout());
        assert!(!ThreeUnitSearch::handles(&tables, &empty16));
        let mut one = empty16.clone();
        one.set_cell(0, 1);
        assert!(!ThreeUnitSearch::handles(&tables, &one));
        let mut two = one.clone();
        two.set_cell(255, 1);
        assert!(ThreeUnitSearch::handles(&tables, &two));
        let mut both = BothSearches::default();
        both.assert_same_at_limits(&two, Some(2), 300);
        // The empty 16x16 grid goes to the general search, with the same answer.
        let r = NaiveSolver::new().solve(&empty16, &Limits::new().solutions(1));
        assert!(r.first.unwrap().is_solved());
        let diagonals = Grid::blank(Arc::new(
            Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals(),
        ));
        let tables = Tables::new(diagonals.layout());
        assert!(!ThreeUnitSearch::handles(&tables, &diagonals));
    }

    #[test]
    fn conflicting_givens_and_full_grids() {
        let mut s = NaiveSolver::new();
        let mut g = Grid::empty(Shape::new(2, 2).unwrap());
        g.set(0, 0, 1);
        g.set(0, 3, 1);
        let r = s.solve(&g, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.assignments),
            (Status::Complete, 0, 0)
        );
        let solved = s.solve(
            &Grid::empty(Shape::new(2, 2).unwrap()),
            &Limits::new().solutions(1),
        );
        let full = solved.first.unwrap();
        let r = s.solve(&full, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.assignments),
            (Status::Complete, 1, 0)
        );
        assert_eq!(r.first.as_ref(), Some(&full));
    }
}
