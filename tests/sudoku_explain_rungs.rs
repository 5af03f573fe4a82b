//! The rungs of branches explain2 and rungs3 on the explainer's ladder (issue 29): each on a puzzle where it
//! is the simplest step, asserting the exact step, its Sudoku Explainer value and that it
//! is sound (every placement and elimination checked against the solution by DLX).
//!
//! The positions are the board of a puzzle of `data/sudoku/` just before the explainer
//! first used the rung: a plain grid when the steps before it were singles (the givens say
//! the whole board), else a candidate grid (pencil marks).
//!
//! SE's direct claiming has no position: on a grid of regular boxes, a claiming that leaves
//! one place in another line always leaves that place alone in a box too (a direct pointing
//! or a hidden single comes first), so it is found only on jigsaw regions.

use dlxkit::sudoku::explain::{Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{Answer, Limits, SudokuSolver};

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
    (
        Strategy::BugPlusOne,
        "\
3   48 58 | 2 9  6 | 1  45 7
2   9  56 | 4 1  7 | 3  8  56
67  47 1  | 5 3  8 | 9  2  46
----------+--------+---------
568 1  68 | 7 48 9 | 2  3  45
4   3  9  | 1 2  5 | 7  6  8
58  2  7  | 6 48 3 | 45 9  1
----------+--------+---------
9   6  3  | 8 7  1 | 45 45 2
1   5  2  | 9 6  4 | 8  7  3
78  78 4  | 3 5  2 | 6  1  9
",
        "BUG+1: r4c1 is the only cell with three candidates (5,6,8): 8 has three places in its units -> r4c1",
        "5.6",
    ),
    (
        Strategy::WWing,
        "\
2789 4  36   | 28 278  5   | 36    1     279
2579 1  257  | 6  4    3   | 279   27    8
278  27 36   | 1  278  9   | 5     4     36
-------------+-------------+------------------
245  8  25   | 7  1    26  | 2346  9     2346
3    27 9    | 5  26   4   | 8     267   1
1247 6  127  | 3  9    8   | 247   5     247
-------------+-------------+------------------
127  3  4    | 28 2568 267 | 12679 2678  25679
6    9  278  | 4  2358 1   | 27    2378  257
127  5  1278 | 9  2368 267 | 12467 23678 2467
",
        "W-wing: r2c8 {2,7} and r3c2 {2,7} linked on 7 by r5c8=r5c2: one of them is 2: removes 2 from r2c1, r2c3",
        "7.1",
    ),
    // Branch rungs3's rungs: finned fish and grouped turbot fish.
    (
        Strategy::FinnedXWing,
        // sudokuexchange_se_rated_sample553.txt line 111
        "\
2   1    7    | 9    5   3   | 68   68  4
45  9    48   | 1248 6   148 | 125  3   7
345 346  3468 | 7    28  148 | 1259 25  129
--------------+--------------+-------------
47  467  1    | 245  29  59  | 3    267 8
9   2    346  | 348  7   468 | 46   1   5
8   3467 5    | 1234 23  146 | 2469 267 29
--------------+--------------+-------------
347 3457 49   | 6    389 2   | 158  58  13
6   8    239  | 35   1   59  | 7    4   23
1   35   23   | 38   4   7   | 258  9   6
",
        "finned X-wing on 3 in rows 5,9 / columns 3,4, fins r9c2 in box 7: removes 3 from r8c3",
        "4.3",
    ),
    (
        Strategy::GroupedTurbotFish,
        // sudokuexchange_se_rated_sample553.txt line 114
        "\
1   69  28 | 3   578  568 | 27  59  4
3   7   5  | 9   2    4   | 6   8   1
69  4   28 | 57  1    568 | 27  3   59
-----------+--------------+-----------
2   36  13 | 45  4589 589 | 58  16  7
59  8   7  | 1   6    3   | 4   2   59
456 569 14 | 2   58   7   | 589 16  3
-----------+--------------+-----------
45  2   34 | 8   359  1   | 59  7   6
8   1   6  | 457 4579 59  | 3   459 2
7   35  9  | 6   345  2   | 1   45  8
",
        "grouped turbot fish: on 5: strong links in row 5 and column 7, weak link in box 6 (r5c1, r5c9, r4c7, r6c7, r7c7): removes 5 from r7c1",
        "4.3",
    ),
];

fn puzzle(text: &str) -> Puzzle {
    parse_puzzles(text, &ParseOptions::default())
        .unwrap()
        .remove(0)
}

/// The explainer of a position, uniqueness strategies on.
fn explainer(p: &Puzzle) -> Explainer {
    Explainer::with_candidates(&p.grid, p.candidates.as_ref())
        .unwrap()
        .assume_unique(true)
}

/// Every placement of a step is the solution's digit, and every elimination removes a digit
/// the solution does not put there (the position has one solution).
fn assert_sound(p: &Puzzle, step: &Step) {
    let mut dlx = DlxSolver::new();
    let limits = Limits::new().solutions(2);
    let report = match &p.candidates {
        Some(c) => dlx.solve_candidates(&p.grid, c, &limits),
        None => dlx.solve(&p.grid, &limits),
    };
    assert_eq!(report.answer(), Answer::Unique);
    let solution = report.first.expect("a solution");
    let text = step.text(p.grid.layout());
    for c in &step.placements {
        assert_eq!(solution.cells()[c.cell], c.digit, "{text}");
    }
    for e in &step.eliminations {
        assert_ne!(solution.cells()[e.cell], e.digit, "{text}");
    }
}

#[test]
fn each_rung_is_the_simplest_step_on_its_position() {
    for &(strategy, text, expected, value) in POSITIONS {
        let p = puzzle(text);
        let step = explainer(&p)
            .next()
            .unwrap_or_else(|| panic!("{strategy:?}: no step"));
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&p, &step);
        // No simpler rung progresses here.
        let without = explainer(&p).below(strategy).next();
        assert!(without.is_none(), "{strategy:?}: {without:?}");
    }
}

/// A direct step places its single and removes nothing else, as Sudoku Explainer's does:
/// the pattern's own eliminations wait for the ordinary rule.
#[test]
fn direct_steps_only_place() {
    for &(strategy, text, _, _) in POSITIONS {
        if !strategy.name().starts_with("direct") {
            continue;
        }
        let step = explainer(&puzzle(text)).next().unwrap();
        assert_eq!(step.placements.len(), 1);
        assert!(step.eliminations.is_empty());
    }
}

/// BUG+1 rests on the puzzle having one solution: without that declared, it is not used.
#[test]
fn bug_plus_one_needs_the_puzzle_declared_unique() {
    let &(_, text, _, _) = POSITIONS
        .iter()
        .find(|(s, _, _, _)| *s == Strategy::BugPlusOne)
        .unwrap();
    let p = puzzle(text);
    let step = Explainer::with_candidates(&p.grid, p.candidates.as_ref())
        .unwrap()
        .next();
    assert!(
        step.as_ref()
            .is_none_or(|s| s.strategy != Strategy::BugPlusOne),
        "{step:?}"
    );
}
