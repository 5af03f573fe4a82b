//! The backtracking solvers: a fixed number of allocations per solve, whatever the nodes.

use dlxkit::sudoku::solvers::{by_name, Limits, SolveReport, SudokuSolver};
use dlxkit::sudoku::Grid;

use super::allocations;
use super::backtracking_util::load;

/// Solves `puzzle` with limit 2 and returns the report and the allocations made.
fn solve(solver: &mut dyn SudokuSolver, puzzle: &Grid, nodes: u64) -> (SolveReport, u64) {
    let limits = Limits::new().solutions(2).nodes(nodes);
    allocations(|| solver.solve(puzzle, &limits))
}

#[test]
fn no_solver_allocates_per_node() {
    let forum = load("forum_hardest_1905_11plus_sample1016.txt");
    let easy = &load("pe96_easy50.txt")[0];
    for name in ["naive", "mrv", "forward-checking", "strategies"] {
        let mut solver = by_name(name).unwrap();
        // naive gets a node limit: hard puzzles take it minutes.
        let limit = match name {
            "naive" if cfg!(debug_assertions) => 200_000,
            "naive" => 2_000_000,
            _ => u64::MAX,
        };
        // The puzzle of the first 20 that takes this solver the most nodes; solving them
        // warms the solver up (its buffers grow to what a 9x9 search needs).
        let hard = forum
            .iter()
            .take(20)
            .max_by_key(|p| solve(&mut *solver, p, limit).0.stats.assignments)
            .unwrap();
        solve(&mut *solver, easy, limit);
        let (hard_report, hard_allocations) = solve(&mut *solver, hard, limit);
        let (easy_report, easy_allocations) = solve(&mut *solver, easy, limit);
        assert!(
            hard_report.stats.assignments > 20 * easy_report.stats.assignments.max(1),
            "{name}: {} assignments against {}",
            hard_report.stats.assignments,
            easy_report.stats.assignments
        );
        // The givens' check, the solution grid and, for strategies, the list of strategy
        // counts.
        assert!(
            hard_allocations <= 3,
            "{name}: {hard_allocations} allocations for {} assignments",
            hard_report.stats.assignments
        );
        assert_eq!(
            hard_allocations, easy_allocations,
            "{name}: allocations depend on the search ({} assignments against {})",
            hard_report.stats.assignments, easy_report.stats.assignments
        );
    }
}

#[test]
fn a_node_limited_search_allocates_the_same_for_any_number_of_nodes() {
    // Without a solution there is no grid to return: what a search stopped by its node
    // limit allocates (the givens' check, one list) does not grow with the limit.
    let puzzles = load("royle_17clue_sample1004.txt");
    for name in ["naive", "mrv", "forward-checking"] {
        let mut solver = by_name(name).unwrap();
        let (puzzle, nodes) = puzzles
            .iter()
            .take(10)
            .map(|p| (p, solve(&mut *solver, p, 1_000_000).0.stats.assignments))
            .max_by_key(|&(_, nodes)| nodes)
            .unwrap();
        let (short, few) = solve(&mut *solver, puzzle, nodes / 100);
        let (long, many) = solve(&mut *solver, puzzle, nodes / 2);
        assert_eq!(
            (short.stats.assignments, long.stats.assignments),
            (nodes / 100, nodes / 2),
            "{name}"
        );
        assert!(long.first.is_none(), "{name} found a solution early");
        assert!(few <= 1, "{name}: {few} allocations");
        assert_eq!(few, many, "{name}: {few} allocations against {many}");
    }
}
