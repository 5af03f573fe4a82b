//! Sudoku Explainer's order where a rule of its finds several hints (round 26, `seorder26`).

use crate::sudoku_explain_util::assert_sound;
use dlxkit::sudoku::explain::{Explainer, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};

/// sudokuexchange_se_rated_sample553.txt line 147, where `serate`'s path takes a Unique
/// Loop 6 type 3 (4.6): a six-cell loop on 3,6 whose extra cells r4c7 and r4c9 hold the
/// only 3s of row 4 (type 4, 4.6) and, with r5c8, the only 3s and 6s of box 6 (a hidden
/// pair, type 3, 4.6).
const SAMPLE_147: &str = "\
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
";

fn explainer(p: &Puzzle) -> Explainer {
    Explainer::with_candidates(&p.grid, p.candidates.as_ref())
        .unwrap()
        .assume_unique(true)
}

/// SE's `UniqueLoops` sorts every rectangle's and loop's hint by value, then by type (1, 2,
/// 3, 4): of a type 3 and a type 4 of the same value, the type 3 comes first, though the
/// type 4's rung stands before the type 3's in the ladder. Without the type 3 rung the
/// type 4 is the step, so both are on the board.
#[test]
fn a_unique_loops_type_3_comes_before_its_type_4_of_the_same_value() {
    let p = parse_puzzles(SAMPLE_147, &ParseOptions::default())
        .unwrap()
        .remove(0);
    let layout = p.grid.layout();
    let first = explainer(&p).next().unwrap();
    assert_eq!(first.strategy, Strategy::UniqueLoopType3);
    assert_eq!(
        first.text(layout),
        "unique loop type 3: on 3,6 in r1c3-r3c3-r3c9-r4c9-r4c7-r1c7: hidden pair 3,6 in box 6 with r5c8: removes 2,7 from r5c8"
    );
    assert_eq!(first.score.to_string(), "4.6");
    assert_sound(&p, &first);
    let other = explainer(&p)
        .without(Strategy::UniqueLoopType3)
        .next()
        .unwrap();
    assert_eq!(other.strategy, Strategy::UniqueLoopType4);
    assert!(
        other
            .text(layout)
            .ends_with(": 3 in row 4 only in r4c9, r4c7: removes 6 from r4c9, r4c7"),
        "{}",
        other.text(layout)
    );
    assert_eq!(other.score, first.score);
    assert_sound(&p, &other);
    // The type 4 rung alone (the ladder's finder) still finds its own step.
    let below = explainer(&p)
        .below(Strategy::UniqueLoopType3)
        .next()
        .unwrap();
    assert_eq!(below.text(layout), other.text(layout));
}
