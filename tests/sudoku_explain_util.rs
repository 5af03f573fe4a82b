//! Helpers shared by the explainer's tests: the shipped sets' files ([`data`],
//! [`shipped`]), a board's unique solution and a step's soundness, and the rungs' soundness
//! loop on the shipped sets ([`on_every_step`]).

use dlxkit::sudoku::explain::{Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{Answer, Limits, SudokuSolver};
use dlxkit::sudoku::Grid;
use std::path::Path;

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

/// The text of a file shipped in `data/sudoku/`.
pub fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/sudoku")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The puzzles of a set shipped in `data/sudoku/`.
pub fn shipped(name: &str) -> Vec<Puzzle> {
    parse_puzzles(&data(name), &ParseOptions::default()).unwrap()
}

/// Each puzzle explained by `explainer` (set up from the puzzle's grid; it then guesses
/// past its top rung towards the unique solution): every step is checked against that
/// solution and handed to `each`. The soundness tests of the rungs on the shipped sets.
pub fn on_every_step<'a>(
    puzzles: impl IntoIterator<Item = &'a Puzzle>,
    explainer: impl Fn(&Grid) -> Explainer,
    mut each: impl FnMut(&Puzzle, &Step),
) {
    for p in puzzles {
        let solution = unique_solution(p);
        for step in explainer(&p.grid).guessing(solution.clone()).unwrap() {
            let text = step.text(p.grid.layout());
            for c in &step.placements {
                assert_eq!(solution.cells()[c.cell], c.digit, "line {}: {text}", p.line);
            }
            for e in &step.eliminations {
                assert_ne!(solution.cells()[e.cell], e.digit, "line {}: {text}", p.line);
            }
            each(p, &step);
        }
    }
}

/// Counts a step in `used` at its strategy's place in `news`, if it is there; whether it
/// was.
pub fn count_new(news: &[Strategy], step: &Step, used: &mut [usize]) -> bool {
    let k = news.iter().position(|&s| s == step.strategy);
    if let Some(k) = k {
        used[k] += 1;
    }
    k.is_some()
}
