//! Rungs on the whole default ladder (issue 29, "every technique proved on a minimal puzzle
//! where it is the only step that progresses"): the positions of BUG+1, the W-wing, the
//! VWXYZ- and UVWXYZ-wings, aligned pair exclusion, ALS-XZ and the ALS-XY-wing in
//! `sudoku_explain_rungs.rs` are checked with SE's strong-link rungs left out, and on each of
//! them a 3 strong links step comes first on the ladder `dlxkit sudoku explain` runs. Here
//! each has a board where the ladder as the command runs it (every rung, uniqueness rungs on
//! for a unique puzzle, the ALS rungs when asked for with `--als`) takes that rung first and
//! no simpler rung progresses; the forcing chains from Nishio's to the dynamic ones with
//! SE's "+" (each elsewhere only shown used and sound on the shipped sets), each on a board
//! where it is the step; and SE's direct claiming, which no grid of regular boxes needs
//! first (see `sudoku_explain_rungs.rs`), on jigsaw regions.
//!
//! Each board is a puzzle made by `dlxkit sudoku generate` (default symmetry; the puzzle is
//! in a comment above its board), just before the explainer first used the rung on it: the
//! candidates left by the steps before (pencil marks). The jigsaw board is the 104th puzzle
//! of `generate --regions REGIONS --seed 7 -c 300` after its ten hidden singles (a plain
//! grid).

use crate::sudoku_explain_util::assert_sound;
use dlxkit::sudoku::explain::{Explainer, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};
use dlxkit::sudoku::Variant;

/// (strategy, whether the ALS rungs are on, a board where it is the first step, the step,
/// its SE value).
const POSITIONS: &[(Strategy, bool, &str, &str, &str)] = &[
    (
        Strategy::BugPlusOne,
        false,
        // ..1...26.....2...5..7.35...93........1.8.4.9........27...29.5..5...7.....78...1..
        "\
4  5   1  | 9  8 7  | 2 6  3
3  689 69 | 46 2 1  | 7 48 5
68 2   7  | 46 3 5  | 9 1  48
--------------------
9  3   4  | 7  6 2  | 8 5  1
7  1   2  | 8  5 4  | 3 9  6
68 68  5  | 3  1 9  | 4 2  7
--------------------
1  46  36 | 2  9 38 | 5 7  48
5  49  39 | 1  7 38 | 6 48 2
2  7   8  | 5  4 6  | 1 3  9
",
        "BUG+1: r2c2 is the only cell with three candidates (6,8,9): 6 has three places in its units -> r2c2",
        "5.6",
    ),
    (
        Strategy::WWing,
        false,
        // ...63......48.162.....24.7.5.3...7...7.....6...6...5.2.3.19.....157.68......85...
        "\
178   258  1278 | 6   3  79   | 19  489  4589
379   59   4    | 8   57 1    | 6   2    359
13689 5689 189  | 59  2  4    | 139 7    3589
--------------------
5     2489 3    | 249 6  89   | 7   489  1
1489  7    1289 | 245 15 389  | 39  6    3489
1489  489  6    | 49  17 3789 | 5   3489 2
--------------------
678   3    78   | 1   9  2    | 4   5    67
2     1    5    | 7   4  6    | 8   39   39
4679  469  79   | 3   8  5    | 2   1    67
",
        "W-wing: r5c7 {9,3} and r8c9 {9,3} linked on 3 by r6c8=r8c8: one of them is 9: removes 9 from r5c9",
        "7.1",
    ),
    (
        Strategy::VwxyzWing,
        false,
        // The same puzzle, five steps later.
        "\
78    258  1278 | 6   3  79   | 19  48   458
379   59   4    | 8   57 1    | 6   2    359
13689 5689 189  | 59  2  4    | 139 7    589
--------------------
5     2489 3    | 249 6  89   | 7   489  1
1489  7    1289 | 245 15 389  | 39  6    48
1489  489  6    | 49  17 3789 | 5   3489 2
--------------------
678   3    78   | 1   9  2    | 4   5    67
2     1    5    | 7   4  6    | 8   39   39
4679  469  79   | 3   8  5    | 2   1    67
",
        "VWXYZ-wing: r1c1, r1c6, r1c8, r1c9 (4,5,7,8,9) in row 1 with r3c4 {5,9}, linked on 9: removes 5 from r3c9",
        "6.4",
    ),
    (
        Strategy::UvwxyzWing,
        false,
        // .1...6.9.4.7....1...2.8.....7..93.....9...3.....42..7.....3.9...6....1.2.3.5...8.
        "\
358  1  358   | 27    47 6    | 24578 9    4578
4    89 7     | 239   5  29   | 268   1    368
6    59 2     | 1379  8  147  | 457   45   3457
--------------------
1258 7  14568 | 18    9  3    | 4568  2456 14568
1258 24 9     | 1678  16 1578 | 3     245  1458
1358 58 13568 | 4     2  158  | 568   7    9
--------------------
1278 24 148   | 12678 3  1478 | 9     456  456
5789 6  458   | 789   47 478  | 1     3    2
29   3  14    | 5     16 29   | 467   8    467
",
        "UVWXYZ-wing: r7c4, r7c6, r8c5, r8c6, r9c5 (1,2,4,6,7,8) in box 8 with r1c4 {2,7}, linked on 2: removes 7 from r8c4",
        "6.6",
    ),
    (
        Strategy::AlignedPairExclusion,
        false,
        // .465..9............85.416..3.9.724.....4.6.....491.2.7..718.54............8..472.
        "\
127   4     6   | 5    23   378 | 9   1378  1238
127   1237  123 | 267  269  789 | 18  5     4
9     8     5   | 237  4    1   | 6   37    23
--------------------
3     156   9   | 8    7    2   | 4   16    156
12578 1257  12  | 4    35   6   | 138 1389  13589
568   56    4   | 9    1    35  | 2   368   7
--------------------
26    2369  7   | 1    8    39  | 5   4     369
4     13569 13  | 2367 2569 579 | 138 13689 13689
156   13569 8   | 36   3569 4   | 7   2     1369
",
        "aligned pair exclusion: r8c5 and r9c5, seen by r1c5 {2,3}, r5c5 {3,5}, r9c4 {3,6}, r7c6 {3,9}: removes 3 from r9c5",
        "6.2",
    ),
    (
        Strategy::AlsXz,
        true,
        // ..9.4....1.2.7.6.5.7.1....9..57..4...9.3.5.6...6..45..9....7.2.8.7.1.9.6....9.7..
        "\
356  3568  9   | 25   4  26 | 138 1378 1378
1    34    2   | 8    7  9  | 6   34   5
56   7     48  | 1    35 36 | 2   48   9
--------------------
23   238   5   | 7    6  1  | 4   9    238
247  9     148 | 3    28 5  | 18  6    1278
237  1238  6   | 9    28 4  | 5   1378 12378
--------------------
9    1456  134 | 456  35 7  | 138 2    1348
8    245   7   | 245  1  23 | 9   35   6
2456 12456 134 | 2456 9  8  | 7   135  134
",
        "ALS-XZ: r3c3,r7c3,r9c3 {1,3,4,8} and r2c8,r3c8,r8c8,r9c8 {1,3,4,5,8} linked on 8: removes 1 from r9c2",
        "7.4",
    ),
    (
        Strategy::AlsXyWing,
        true,
        // The same puzzle, the next step.
        "\
356  3568 9   | 25   4  26 | 138 1378 1378
1    34   2   | 8    7  9  | 6   34   5
56   7    48  | 1    35 36 | 2   48   9
--------------------
23   238  5   | 7    6  1  | 4   9    238
247  9    148 | 3    28 5  | 18  6    1278
237  1238 6   | 9    28 4  | 5   1378 12378
--------------------
9    1456 134 | 456  35 7  | 138 2    1348
8    245  7   | 245  1  23 | 9   35   6
2456 2456 134 | 2456 9  8  | 7   135  134
",
        "ALS-XY-wing: r3c3,r5c3 {1,4,8} and r7c7,r8c8,r9c8,r9c9 {1,3,4,5,8} through r5c7 {1,8} linked on 1, 8: 4 in either: removes 4 from r9c3",
        "7.4",
    ),
    // The forcing chains (sudoku_forcing.rs checks each is used, sound and valued as SE
    // values it; here each on a board where it is the step): boards of the SE-rated
    // sample (lines 398, 447 and 503) and of norvig_hardest11.txt (line 2).
    (
        Strategy::NishioForcingChain,
        false,
        // sudokuexchange_se_rated_sample553.txt line 398 (SE 7.7)
        "\
35   8   35   | 2  1    6 | 7    4   9
9    7   1    | 3  4    5 | 2    6   8
2    6   4    | 8  7    9 | 3    15  15
--------------------
135  359 6    | 7  59   4 | 8    159 2
158  4   589  | 59 2    3 | 1569 7   156
57   2   579  | 6  8    1 | 59   3   4
--------------------
3568 1   3589 | 4  3569 7 | 569  2   356
3567 359 2    | 1  3569 8 | 4    59  367
4    359 379  | 59 3569 2 | 1569 8   13567
",
        "Nishio forcing chain: from r4c5=9: removes 9 from r4c5",
        "7.7",
    ),
    (
        Strategy::MultipleForcingChain,
        false,
        // sudokuexchange_se_rated_sample553.txt line 447 (SE 8.2)
        "\
489  3489 5    | 1239 149  129 | 239  7   6
1    6    34   | 7    3459 25  | 239  8   239
7    39   2    | 8    39   6   | 1    5   4
--------------------
2589 289  18   | 6    1589 7   | 4    3   1259
4589 348  1348 | 159  2    159 | 589  6   7
2589 7    6    | 4    1589 3   | 2589 12  1259
--------------------
3    24   9    | 125  6    8   | 7    124 125
6    1    7    | 235  35   4   | 235  9   8
248  5    48   | 1239 7    129 | 6    124 123
",
        "multiple forcing chain: from each place of 1 in r5c3, r5c4, r5c6: removes 1 from r6c5",
        "8.2",
    ),
    (
        Strategy::DynamicForcingChain,
        false,
        // sudokuexchange_se_rated_sample553.txt line 503 (SE 8.8)
        "\
2   148   678  | 478    158 457  | 13567 1367  9
3   14    167  | 247    9   2457 | 1567  167   8
789 189   5    | 6      18  3    | 2     17    4
--------------------
89  7     289  | 239    4   6    | 138   5     13
1   6     289  | 239    235 259  | 38    4     7
5   3     4    | 1      7   8    | 9     2     6
--------------------
789 12589 3    | 2789   6   279  | 4     1789  125
4   289   789  | 5      238 1    | 367   36789 23
6   12589 1789 | 234789 238 2479 | 137   3789  1235
",
        // SE's first step here: "Cell Forcing Chains: r3c8 ==> r1c7.1 off" (8.8).
        "dynamic forcing chain: from each digit of r3c8 {1,7}: removes 1 from r1c7",
        "8.8",
    ),
    (
        Strategy::DynamicForcingChainPlus,
        false,
        // norvig_hardest11.txt line 2; serate takes the same step: "Contradiction Forcing
        // Chain: r1c1.2 on ==> r7c5.4 both on & off" (9.9), and rates the puzzle 10.6, as ours.
        "\
1269  249  5    | 3    24689 24678 | 14689 1679 1478
8     349  169  | 4679 5     467   | 1469  2    1347
2369  7    269  | 4689 1     2468  | 5     469  348
--------------------
4     289  67   | 1689 689   5     | 3     179  127
259   1    289  | 489  7     3     | 249   459  6
67    59   3    | 2    469   146   | 149   8    1457
--------------------
1237  6    1278 | 5    2348  12478 | 1248  14   9
12579 2589 4    | 1678 268   12678 | 1268  3    1258
1235  238  128  | 1468 23468 9     | 7     1456 12458
",
        "dynamic forcing chain+: from r1c1=2: removes 2 from r1c1",
        "9.9",
    ),
];

/// The jigsaw regions of the direct claiming's board.
const REGIONS: &str =
    "AAABBBCCC AAABBBCCC AADBBBCCC DDDEEEFFF DDDEEEFFF ADDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII";

/// The board of SE's direct claiming (the puzzle
/// `..5..7..8....432..3...5...4.17....6...6...1...3....89.8...2...9..963....4..5..6..`
/// after its hidden singles) and the step.
const DIRECT_CLAIMING: (&str, &str) = (
    "6452.7..8....432563...56..4.17....6...6...1...34.6.89.86..2.5.9..963....4..5..6..",
    "direct claiming: 8 in row 4 is confined to region 5, leaving one place in row 5 -> r5c2",
);

fn puzzle(text: &str, options: &ParseOptions) -> Puzzle {
    parse_puzzles(text, options).unwrap().remove(0)
}

/// The explainer of a board as `dlxkit sudoku explain` runs it on a unique puzzle.
fn explainer(p: &Puzzle, als: bool) -> Explainer {
    Explainer::with_candidates(&p.grid, p.candidates.as_ref())
        .unwrap()
        .assume_unique(true)
        .als(als)
}

#[test]
fn each_rung_is_the_first_step_of_the_whole_ladder_on_its_position() {
    for &(strategy, als, text, expected, value) in POSITIONS {
        let p = puzzle(text, &ParseOptions::default());
        assert!(p.candidates.is_some(), "{strategy:?}: read as pencil marks");
        let step = explainer(&p, als)
            .next()
            .unwrap_or_else(|| panic!("{strategy:?}: no step"));
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&p, &step);
        // No simpler rung progresses here: the step is the only one the ladder can take
        // before this rung.
        let simpler = explainer(&p, als).below(strategy).next();
        assert!(simpler.is_none(), "{strategy:?}: {simpler:?}");
    }
}

/// The ALS rungs' boards without `--als`: another rung's step, so the position needs the
/// ALS rung only when it is asked for.
#[test]
fn the_als_positions_need_the_als_rungs() {
    for &(strategy, als, text, _, _) in POSITIONS {
        if !als {
            continue;
        }
        let p = puzzle(text, &ParseOptions::default());
        let plain = explainer(&p, false).next().expect("a step");
        assert!(!plain.strategy.is_als(), "{strategy:?}: {plain:?}");
        assert_sound(&p, &plain);
    }
}

#[test]
fn direct_claiming_is_the_first_step_on_jigsaw_regions() {
    let (text, expected) = DIRECT_CLAIMING;
    let options = ParseOptions::default().variant(Variant::Jigsaw {
        regions: REGIONS.into(),
    });
    let p = puzzle(text, &options);
    let step = Explainer::new(&p.grid).unwrap().next().expect("a step");
    assert_eq!(step.text(p.grid.layout()), expected);
    assert_eq!(step.strategy, Strategy::DirectClaiming);
    assert_eq!(step.score.to_string(), "1.9");
    assert_eq!(step.placements.len(), 1);
    assert!(step.eliminations.is_empty());
    assert_sound(&p, &step);
    let simpler = Explainer::new(&p.grid)
        .unwrap()
        .below(Strategy::DirectClaiming)
        .next();
    assert!(simpler.is_none(), "{simpler:?}");
}
