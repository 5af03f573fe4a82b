//! Branch explain2's rungs of the explainer's ladder (issue 29): each on a puzzle where it
//! is the simplest step, asserting the exact step, its Sudoku Explainer value and that it
//! is sound (every placement and elimination checked against the solution by DLX).
//!
//! The positions are the board of a puzzle of `data/sudoku/` just before the explainer
//! first used the rung, written as a plain grid (the steps before it were singles, so the
//! givens say the whole board).
//!
//! SE's direct claiming has no position: on a grid of regular boxes, a claiming that leaves
//! one place in another line always leaves that place alone in a box too (a direct pointing
//! or a hidden single comes first), so it is found only on jigsaw regions.

use dlxkit::sudoku::explain::{Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{Answer, Limits, SudokuSolver};
use dlxkit::sudoku::{ops, Grid};

/// (strategy, a puzzle where it is the simplest step, the step, its SE value).
const POSITIONS: &[(Strategy, &str, &str, &str)] = &[
    (
        Strategy::DirectPointing,
        "057238000306100207000796003630009021070023060500001034703080000205307400000910370",
        "direct pointing: 9 in box 7 is confined to column 2, leaving one place in box 1 -> r1c1",
        "1.7",
    ),
    (
        Strategy::DirectHiddenPair,
        "570068103030015060691007000053000001120080300940001270310806402080100030260043819",
        "direct hidden pair: 6,7 in box 9 (r8c7, r8c9), leaving one place for 5 -> r7c8",
        "2.0",
    ),
    (
        Strategy::DirectHiddenTriple,
        "304801657060375400070000300057904836649783521038000794000037068783609045006008973",
        "direct hidden triple: 4,5,6 in column 5 (r3c5, r6c5, r9c5), leaving one place for 9 -> r1c5",
        "2.5",
    ),
];

fn grid(text: &str) -> Grid {
    parse_grid(text, &ParseOptions::default()).unwrap()
}

/// Every placement of a step is the solution's digit, and every elimination removes a digit
/// the solution does not put there.
fn assert_sound(puzzle: &Grid, step: &Step) {
    let report = DlxSolver::new().solve(puzzle, &Limits::new().solutions(2));
    assert_eq!(report.answer(), Answer::Unique);
    let solution = ops::solve(puzzle).unwrap().unwrap();
    let text = step.text(puzzle.layout());
    for p in &step.placements {
        assert_eq!(solution.cells()[p.cell], p.digit, "{text}");
    }
    for e in &step.eliminations {
        assert_ne!(solution.cells()[e.cell], e.digit, "{text}");
    }
}

#[test]
fn each_rung_is_the_simplest_step_on_its_position() {
    for &(strategy, text, expected, value) in POSITIONS {
        let puzzle = grid(text);
        let step = Explainer::new(&puzzle)
            .unwrap()
            .assume_unique(true)
            .next()
            .unwrap_or_else(|| panic!("{strategy:?}: no step"));
        assert_eq!(step.text(puzzle.layout()), expected);
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&puzzle, &step);
        // No simpler rung progresses here.
        let without = Explainer::new(&puzzle).unwrap().below(strategy).next();
        assert!(without.is_none(), "{strategy:?}: {without:?}");
    }
}

/// A direct step places its single and removes nothing else, as Sudoku Explainer's does:
/// the pattern's own eliminations wait for the ordinary rule.
#[test]
fn direct_steps_only_place() {
    for &(_, text, _, _) in POSITIONS {
        let puzzle = grid(text);
        let step = Explainer::new(&puzzle).unwrap().next().unwrap();
        assert_eq!(step.placements.len(), 1);
        assert!(step.eliminations.is_empty());
    }
}
