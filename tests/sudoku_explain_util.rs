//! Helpers shared by the explainer's position tests (`sudoku_explain_cycles`,
//! `sudoku_explain_colouring`, `sudoku_explain_ladder`, `sudoku_explain_rungs`).

use dlxkit::sudoku::explain::Step;
use dlxkit::sudoku::parse::Puzzle;
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{Answer, Limits, SudokuSolver};
use dlxkit::sudoku::Grid;

/// The unique solution of a board (a puzzle or pencil marks); fails if it has none or
/// several.
pub fn unique_solution(p: &Puzzle) -> Grid {
    let mut dlx = DlxSolver::new();
    let limits = Limits::new().solutions(2);
    let report = match &p.candidates {
        Some(c) => dlx.solve_candidates(&p.grid, c, &limits),
        None => dlx.solve(&p.grid, &limits),
    };
    assert_eq!(report.answer(), Answer::Unique);
    report.first.expect("a solution")
}

/// The board (a puzzle or pencil marks) has one solution, the step makes progress, every
/// placement of the step is the solution's digit and no elimination removes the solution's
/// digit.
pub fn assert_sound(p: &Puzzle, step: &Step) {
    let solution = unique_solution(p);
    let text = step.text(p.grid.layout());
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "{text}: no progress"
    );
    for c in &step.placements {
        assert_eq!(solution.cells()[c.cell], c.digit, "{text}");
    }
    for e in &step.eliminations {
        assert_ne!(solution.cells()[e.cell], e.digit, "{text}");
    }
}
