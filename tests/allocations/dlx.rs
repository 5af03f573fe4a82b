//! The `dlx` solver: as many allocations for thousands of nodes as for dozens.

use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::solvers::{by_name, Limits, SudokuSolver};

use super::allocations;

/// Solves `puzzle` (proving it unique) and returns (allocations, nodes).
fn solve_counting(dlx: &mut dyn SudokuSolver, puzzle: &str) -> (u64, u64) {
    let grid = parse_grid(puzzle, &ParseOptions::default()).unwrap();
    let limits = Limits::new().solutions(2);
    let (report, used) = allocations(|| dlx.solve(&grid, &limits));
    assert_eq!(report.solutions, 1);
    (used, report.stats.assignments)
}

#[test]
fn dlx_allocates_no_more_for_thousands_of_nodes_than_for_dozens() {
    // The first puzzle of Project Euler 96 (easy) and of forum_hardest_1106 (hard).
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let mut dlx = by_name("dlx").unwrap();
    // The first solve builds the encoding and the matrix, once per layout.
    solve_counting(dlx.as_mut(), easy);
    let (easy_allocs, easy_nodes) = solve_counting(dlx.as_mut(), easy);
    let (hard_allocs, hard_nodes) = solve_counting(dlx.as_mut(), hard);
    let (again, _) = solve_counting(dlx.as_mut(), easy);
    assert!(
        hard_nodes >= 20 * easy_nodes,
        "{hard_nodes} nodes against {easy_nodes}"
    );
    // Per puzzle, a fixed handful (the solution grid, the engine's statistics); the hard
    // puzzle's deeper search may grow the per-level profile a few more times, never once
    // per node.
    assert!(
        hard_allocs <= easy_allocs + 8,
        "{hard_allocs} allocations for {hard_nodes} nodes, {easy_allocs} for {easy_nodes}"
    );
    assert!(
        easy_allocs <= 16,
        "{easy_allocs} allocations for an easy puzzle"
    );
    assert_eq!(
        again, easy_allocs,
        "the same puzzle allocates the same again"
    );
}
