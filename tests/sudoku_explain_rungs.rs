//! The rungs of branches explain2, rungs3, rungs4, rungs5 and rungs6 on the explainer's ladder (issue 29): each on a puzzle where it
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

use crate::sudoku_explain_util::{assert_sound, count_new, on_every_step, shipped};
use dlxkit::sudoku::explain::{Explainer, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};

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
        // sudokuexchange_se_rated_sample553.txt line 196 (the position before had a WXYZ-wing,
        // SE's 5.5, first)
        "\
8  2  1  | 5   6  49 | 3  49 7
5  49 7  | 1   8  3  | 6  2  49
3  49 6  | 29  7  24 | 8  1  5
-------------------------------
24 6  49 | 8   3  5  | 29 7  1
29 3  8  | 7   1  29 | 4  5  6
7  1  5  | 249 49 6  | 29 8  3
-------------------------------
1  7  2  | 3   49 8  | 5  6  49
49 5  3  | 6   2  7  | 1  49 8
6  8  49 | 49  5  1  | 7  3  2
",
        "BUG+1: r6c4 is the only cell with three candidates (2,4,9): 9 has three places in its units -> r6c4",
        "5.6",
    ),
    (
        Strategy::WWing,
        // sudokuexchange_se_rated_sample553.txt line 227, after its WXYZ-wing (line 147's
        // W-wing now comes after a unique loop of type 4)
        "\
5   1   2    | 36  9   4    | 8     36  7
8   9   346  | 356 7   56   | 346   1   2
367 46  3467 | 8   1   2    | 34569 369 3569
--------------------------------------------
27  26  567  | 9   4   3    | 56    8   1
4   3   9    | 156 568 1568 | 7     2   56
1   8   56   | 2   56  7    | 39    4   39
--------------------------------------------
36  5   8    | 4   2   9    | 1     7   36
236 246 1346 | 7   35  156  | 369   369 8
9   7   136  | 16  368 18   | 2     5   4
",
        "W-wing: r2c6 {6,5} and r5c9 {6,5} linked on 5 by r2c4=r5c4: one of them is 6: removes 6 from r5c6",
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
    // Branch rungs4's rungs: unique rectangles of types 2, 4 and 3.
    (
        Strategy::UniqueRectangleType2,
        // sudokuexchange_se_rated_sample553.txt line 132
        "\
6  8  7 | 239 4   59 | 29  359 1
25 3  1 | 269 56  8  | 7   469 4569
25 4  9 | 7   356 1  | 26  36  8
--------+------------+-------------
1  2  3 | 5   9   6  | 8   47  47
9  5  6 | 8   7   4  | 1   2   3
8  7  4 | 1   2   3  | 5   69  69
--------+------------+-------------
37 69 5 | 369 8   2  | 4   1   679
37 1  2 | 4   356 79 | 369 8   567
4  69 8 | 369 1   57 | 369 57  2
",
        "unique rectangle type 2: on 6,9 in r7c2, r9c2, r7c4, r9c4: 3 in r7c4 or r9c4: removes 3 from r1c4, r8c5",
        "4.5",
    ),
    (
        Strategy::UniqueRectangleType4,
        // sudokuexchange_se_rated_sample553.txt line 139
        "\
4    5   2   | 679 69 679 | 3 1 8
17   9   17  | 5   3  8   | 2 4 6
8    3   6   | 2   4  1   | 5 9 7
-------------+------------+-------
169  8   5   | 169 2  469 | 7 3 14
1679 146 179 | 3   69 5   | 8 2 14
2    14  3   | 17  8  47  | 6 5 9
-------------+------------+-------
3    16  19  | 69  7  2   | 4 8 5
69   2   4   | 8   5  69  | 1 7 3
5    7   8   | 4   1  3   | 9 6 2
",
        "unique rectangle type 4: on 1,7 in r2c1, r2c3, r5c1, r5c3: 7 in row 5 only in r5c1, r5c3: removes 1 from r5c1, r5c3",
        "4.5",
    ),
    (
        Strategy::UniqueRectangleType3,
        // sudokuexchange_se_rated_sample553.txt line 143 (SE: Unique Rectangle type 3, 4.6:
        // a hidden triple, where a naked quad is 4.8)
        "\
2    479  3    | 1    4679 8    | 5   479  67
1457 6    4789 | 345  479  3579 | 478 2    137
457  1479 4789 | 3456 2    357  | 478 1479 367
---------------+----------------+-------------
6    3    79   | 8    1    79   | 2   5    4
147  8    2    | 35   47   35   | 9   6    17
47   1479 5    | 46   4679 2    | 3   17   8
---------------+----------------+-------------
9    5    6    | 7    3    4    | 1   8    2
8    47   47   | 2    5    1    | 6   3    9
3    2    1    | 9    8    6    | 47  47   5
",
        "unique rectangle type 3: on 3,5 in r5c4, r5c6, r2c4, r2c6: hidden triple 1,3,5 in row 2 with r2c1, r2c9: removes 4,7 from r2c1; 7 from r2c9",
        "4.6",
    ),
    (
        Strategy::UniqueRectangleType3,
        // sudokuexchange_se_rated_heldout1034.txt line 354 (SE: Unique Rectangle type 3, 4.5:
        // 5 and 9 in row 9 only in the roof and r9c2, one of which the roof leaves)
        "\
2   8    6   | 3579 59 359 | 37  4     1
37  1    4   | 2    6  8   | 9   5     37
357 57   9   | 37   4  1   | 6   2     8
-----------------------------------------
9   2    5   | 1    8  6   | 4   37    37
78  4    178 | 59   3  59  | 2   18    6
6   3    18  | 4    2  7   | 18  9     5
-----------------------------------------
58  56   2   | 356  57 4   | 137 13678 9
1   679  3   | 8    79 2   | 5   67    4
4   5679 78  | 3569 1  359 | 38  678   2
",
        "unique rectangle type 3: on 5,9 in r5c4, r5c6, r9c4, r9c6: hidden pair 5,9 in row 9 with r9c2: removes 6,7 from r9c2",
        "4.5",
    ),
    // Branch rungs5's rungs: unique loops of six cells and more.
    (
        Strategy::UniqueLoop,
        // sudokuexchange_se_rated_sample553.txt line 141 (SE: Unique Loop 6 type 1, 4.6)
        "\
1  3  7  | 4 5  26 | 9   8    26
46 28 68 | 7 9  1  | 24  35   35
49 29 5  | 8 23 36 | 7   146  14
--------------------------------
3  67 4  | 1 8  9  | 5   26   267
8  5  1  | 2 67 4  | 3   9    67
2  67 9  | 3 67 5  | 14  14   8
---------------------------------
79 19 2  | 5 4  8  | 6   137  13
67 18 68 | 9 23 37 | 124 1457 145
5  4  3  | 6 1  27 | 8   27   9
",
        "unique loop type 1: on 6,7 in r4c2-r6c2-r6c5-r5c5-r5c9-r4c9: removes 6,7 from r4c9",
        "4.6",
    ),
    (
        Strategy::UniqueLoopType2,
        // sudokuexchange_se_rated_sample553.txt line 142 (SE: Unique Loop 6 type 2, 4.6)
        "\
1  56 569 | 8   79 2  | 3  67  4
4  2  69  | 17  3  19 | 68 5   678
3  8  7   | 5   4  6  | 1  2   9
----------------------------------
28 9  3   | 4   27 5  | 68 678 1
27 4  1   | 267 68 78 | 5  9   3
6  57 58  | 9   1  3  | 2  4   78
----------------------------------
5  3  4   | 12  29 19 | 7  68  68
9  1  68  | 67  5  78 | 4  3   2
78 67 2   | 3   68 4  | 9  1   5
",
        "unique loop type 2: on 6,8 in r2c7-r2c9-r7c9-r7c8-r4c8-r4c7: 7 in r2c9 or r4c8: removes 7 from r1c8, r6c9",
        "4.6",
    ),
    // The unique loop of type 4 of sample line 147 waits for the type 3 of the same value
    // there, as in SE (`sudoku_se_order.rs`).
    (
        Strategy::UniqueLoopType3,
        // sudokuexchange_se_rated_sample553.txt line 153 (SE: Unique Loop 6 type 3, 4.7)
        "\
17   17   4   | 9   8  2   | 3  56  56
8    2    5   | 36  16 13  | 4  9   7
9    6    3   | 5   7  4   | 1  2   8
--------------------------------------
35   18   28  | 4   35 6   | 9  7   12
26   35   9   | 1   35 7   | 8  46  246
16   4    7   | 2   9  8   | 5  3   16
--------------------------------------
4    3578 1   | 37  2  35  | 6  58  9
2357 357  26  | 8   16 9   | 27 145 345
2357 9    268 | 367 4  135 | 27 158 35
",
        "unique loop type 3: on 3,5 in r4c1-r4c5-r5c5-r5c2-r8c2-r8c1: naked pair 2,7 in row 8 with r8c7: removes 2 from r8c3",
        "4.7",
    ),
    (
        Strategy::UniqueLoopType3,
        // sudokuexchange_se_rated_heldout1034.txt line 288 (SE: Unique Loop 6 type 3, 4.6: a
        // hidden pair, 1 and 2 in box 7 only in the extra cells and r9c1)
        "\
9   7   12  | 4 5 12 | 3    6  8
4   8   5   | 6 9 3  | 7    2  1
6   12  3   | 8 7 12 | 5    4  9
--------------------------------
3   5   79  | 2 1 6  | 49   8  47
17  6   179 | 5 8 4  | 29   3  27
28  24  48  | 9 3 7  | 6    1  5
--------------------------------
78  49  6   | 1 2 5  | 48   79 3
5   129 127 | 3 4 8  | 12   79 6
128 3   48  | 7 6 9  | 1248 5  24
",
        "unique loop type 3: on 1,2 in r1c3-r1c6-r3c6-r3c2-r8c2-r8c3: hidden pair 1,2 in box 7 with r9c1: removes 8 from r9c1",
        "4.6",
    ),
    // Branch rungs5's wings: SukakuExplainer's WXYZ-, VWXYZ- and UVWXYZ-wings.
    (
        Strategy::WxyzWing,
        // sudokuexchange_se_rated_sample553.txt line 202 (SE: WXYZ-Wing 126, 5.5)
        "\
23  468 7  | 469 23 1  | 5  689 89
25  456 1  | 469 8  29 | 47 679 3
9   36  48 | 36  7  5  | 48 2   1
----------------------------------
6   2   5  | 1   4  8  | 9  3   7
148 478 3  | 79  25 29 | 6  158 458
148 478 9  | 37  35 6  | 2  158 458
----------------------------------
48  9   46 | 5   16 3  | 17 78  2
7   35  2  | 8   19 4  | 13 59  6
35  1   68 | 2   69 7  | 38 4   59
",
        "WXYZ-wing: r9c1, r9c7, r9c9 (3,5,8,9) in row 9 with r1c9 {8,9}, linked on 9: removes 8 from r3c7",
        "5.5",
    ),
    (
        Strategy::VwxyzWing,
        // sudokuexchange_se_rated_sample553.txt line 228 (SE: VWXYZ-Wing, 6.3); 1 and 3 both
        // link the cells, so the other digits leave box 2 too
        "\
46 139 349 | 7    268  12368 | 38  2369 5
67 2   379 | 4    68   5     | 389 1    69
8  13  5   | 123  9    1236  | 4   236  7
------------------------------------------
9  4   2   | 6    5    7     | 1   8    3
3  7   6   | 189  48   1489  | 2   5    49
5  8   1   | 29   3    249   | 7   69   469
------------------------------------------
2  5   349 | 39   1    3469  | 369 7    8
1  6   389 | 3589 7    389   | 359 4    2
47 39  478 | 258  2468 2468  | 56  39   1
",
        "VWXYZ-wing: r1c5, r2c5, r3c4, r3c6 (1,2,3,6,8) in box 2 with r3c2 {1,3}, linked on 1: removes 3 from r3c8; 2,6,8 from r1c6; 8 from r5c5, r9c5",
        "6.3",
    ),
    (
        Strategy::UvwxyzWing,
        // sudokuexchange_se_rated_sample553.txt line 200 (SE: 6.6; line 236's position has
        // a BUG type 3 first since branch rungs6)
        "\
2579 39  59 | 6     134  14   | 248 28  2478
27   8   37 | 34    5    9    | 1   6   247
6    1   4  | 2     78   78   | 3   5   9
--------------------------------------------
4589 7   59 | 3458  3489 248  | 6   238 1
458  2   1  | 34578 6    478  | 48  9   3458
3    49  6  | 1458  1489 1248 | 248 7   2458
--------------------------------------------
479  349 2  | 478   478  6    | 5   1   38
1    5   8  | 9     2    3    | 7   4   6
47   6   37 | 1478  1478 5    | 9   238 238
",
        "UVWXYZ-wing: r1c5, r3c5, r6c5, r7c5, r9c5 (1,3,4,7,8,9) in column 5 with r1c2 {3,9}, linked on 3: removes 9 from r6c2",
        "6.6",
    ),
    // Branch rungs6's rungs: SE's BUG types 2 to 4 and aligned pair exclusion.
    (
        Strategy::BugType2,
        // sudokuexchange_se_rated_sample553.txt line 221
        "\
16  8  3 | 69 12  29 | 4 5 7
7   14 2 | 56 134 35 | 8 9 16
146 5  9 | 7  14  8  | 2 3 16
----------------------------
9   7  5 | 1  8   6  | 3 4 2
12  12 4 | 3  9   7  | 6 8 5
3   6  8 | 2  5   4  | 1 7 9
----------------------------
45  3  7 | 45 6   1  | 9 2 8
25  9  6 | 8  23  35 | 7 1 4
8   24 1 | 49 7   29 | 5 6 3
",
        "BUG type 2: r3c1, r2c5 hold the extra digit 1: one of them is 1: removes 1 from r2c2, r3c5",
        "5.7",
    ),
    (
        Strategy::BugType4,
        // magictour_top1465.txt line 728 (the SE sample has no BUG type 4)
        "\
12 5 29 | 4 19  8  | 6  7 3
8  7 4  | 6 3   19 | 19 2 5
19 6 3  | 5 27  27 | 4  8 19
---------------------------
25 1 6  | 3 458 45 | 28 9 7
3  9 8  | 2 17  17 | 5  4 6
57 4 27 | 9 58  6  | 18 3 12
---------------------------
4  2 1  | 7 59  59 | 3  6 8
69 3 5  | 8 246 24 | 7  1 29
67 8 79 | 1 26  3  | 29 5 4
",
        "BUG type 4: r4c5 or r8c5 holds an extra digit, the other 4 (its only places in column 5): removes 8 from r4c5; 6 from r8c5",
        "5.7",
    ),
    (
        Strategy::BugType3,
        // sudokuexchange_se_rated_sample553.txt line 231
        "\
9  1  8  | 2  5  7  | 6   3  4
5  4  2  | 9  3  6  | 18  17 78
7  6  3  | 8  1  4  | 2   5  9
------------------------------
4  3  7  | 1  9  2  | 58  6  58
1  8  9  | 7  6  5  | 4   2  3
6  2  5  | 3  4  8  | 7   9  1
------------------------------
3  7  16 | 4  2  19 | 159 8  56
28 59 4  | 56 78 19 | 3   17 267
28 59 16 | 56 78 3  | 19  4  27
",
        "BUG type 3: an extra digit of r7c7, r8c9 with r8c8 makes a naked pair 1,7 in box 9: removes 1 from r9c7; 7 from r9c9",
        "5.8",
    ),
    (
        Strategy::AlignedPairExclusion,
        // sudokuexchange_se_rated_sample553.txt line 264 (SE: Aligned Pair Exclusion, 6.2)
        "\
457  257   27 | 12589 1458 3    | 6   1589  159
3456 356   1  | 7     458  59   | 2   3589  359
8    235   9  | 6     15   25   | 4   7     135
-----------------------------------------------
2    1567  38 | 135   9    4    | 78  136   1367
679  1679  4  | 138   1678 67   | 5   12369 123679
5679 15679 38 | 135   2    567  | 789 1369  4
-----------------------------------------------
79   4     27 | 259   56   1    | 3   2569  8
39   239   6  | 259   57   8    | 1   4     2579
1    8     5  | 4     3    2679 | 79  269   2679
",
        "aligned pair exclusion: r1c5 and r9c6, seen by r3c6 {2,5}, r7c5 {5,6}, r8c5 {5,7}, r2c6 {5,9}: removes 5 from r1c5",
        "6.2",
    ),
    (
        Strategy::AlignedTripleExclusion,
        // sudokuexchange_se_rated_sample553.txt line 384 (SE: Aligned Triplet Exclusion, 7.5)
        "\
146 248 14568 | 9    7    46   | 125  3   15
679 29  567   | 3    26   1    | 8    4   57
137 234 147   | 8    24   5    | 1279 29  6
--------------------------------------------
16  7   3     | 16   8    2    | 4    59  59
8   45  16    | 1456 469  469  | 3    7   2
49  459 2     | 45   3    7    | 6    1   8
--------------------------------------------
5   348 478   | 2    1469 4689 | 17   68  1347
234 6   9     | 7    14   48   | 25   258 134
247 1   478   | 46   5    3    | 79   268 479
",
        "aligned triple exclusion: r1c1, r2c1 and r3c1, seen by r4c1 {1,6}, r3c3 {1,4,7}, r6c1 {4,9}: removes 1 from r3c1",
        "7.5",
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

/// `e` without SE's strong-link rungs (3 or 4 strong links), which joined the ladder
/// after the positions of these two lists were written: SE's order puts them (5.4 to 6.1)
/// before several rungs, and a short strong-link chain exists on some of those positions
/// (BUG+1, W-wing, ALS-XZ, ALS-XY-wing ...); the strong links' own positions are
/// `strong_link_rungs_are_the_simplest_step_on_their_positions`.
fn for_position(e: Explainer, strategy: Strategy) -> Explainer {
    if matches!(
        strategy,
        Strategy::ThreeStrongLinks | Strategy::FourStrongLinks
    ) {
        return e;
    }
    e.without(Strategy::ThreeStrongLinks)
        .without(Strategy::FourStrongLinks)
}

#[test]
fn each_rung_is_the_simplest_step_on_its_position() {
    for &(strategy, text, expected, value) in POSITIONS {
        let p = puzzle(text);
        let step = for_position(explainer(&p), strategy)
            .next()
            .unwrap_or_else(|| panic!("{strategy:?}: no step"));
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&p, &step);
        // No simpler rung progresses here.
        let without = for_position(explainer(&p).below(strategy), strategy).next();
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

/// BUG+1 and the unique rectangles rest on the puzzle having one solution: without that
/// declared, they are not used.
#[test]
fn uniqueness_rungs_need_the_puzzle_declared_unique() {
    for &(strategy, text, _, _) in POSITIONS {
        if !strategy.assumes_unique() {
            continue;
        }
        let p = puzzle(text);
        let step = Explainer::with_candidates(&p.grid, p.candidates.as_ref())
            .unwrap()
            .next();
        assert!(
            step.as_ref().is_none_or(|s| s.strategy != strategy),
            "{step:?}"
        );
    }
}

/// How often each of `news` is used on the SE sample and on every 5th puzzle of top1465
/// (every 25th and 125th in a debug build), explained up to `up_to` and guessing past it,
/// every step checked against the unique solution: the SE sample's counts, then top1465's.
fn used_on_two_sets(news: &[Strategy], up_to: Strategy) -> [Vec<usize>; 2] {
    let step_by = if cfg!(debug_assertions) { 25 } else { 1 };
    [
        ("sudokuexchange_se_rated_sample553.txt", step_by),
        ("magictour_top1465.txt", 5 * step_by),
    ]
    .map(|(name, every)| {
        let mut used = vec![0; news.len()];
        on_every_step(
            shipped(name).iter().step_by(every),
            |g| Explainer::new(g).unwrap().assume_unique(true).up_to(up_to),
            |_, step| {
                count_new(news, step, &mut used);
            },
        );
        used
    })
}

/// Every puzzle of two shipped sets explained with the strategies up to the unique
/// rectangles (guessing past them), each step checked against the unique solution: the
/// unique rectangles of types 2, 4 and 3 are used (measured: 7, 46 and 14 times on the SE
/// sample; 7, 30 and 5 on top1465, every 5th puzzle) and never remove a solution's digit.
#[test]
fn unique_rectangles_are_sound_on_the_shipped_sets() {
    let news = [
        Strategy::UniqueRectangleType2,
        Strategy::UniqueRectangleType4,
        Strategy::UniqueRectangleType3,
    ];
    let [sample, top1465] = used_on_two_sets(&news, Strategy::UniqueRectangleType3);
    eprintln!("used (unique rectangles 2, 4, 3): SE sample {sample:?}, top1465 {top1465:?}");
    if !cfg!(debug_assertions) {
        for used in [&sample, &top1465] {
            assert!(used.iter().all(|&u| u > 0), "{used:?}");
        }
    }
}

/// Every puzzle of the SE sample explained with the strategies up to the unique loops
/// (guessing past them), each step checked against the unique solution: types 1 to 3 of
/// unique loop are used (type 4 is not: where one is found, a type 3 of the same value
/// comes first in SE's order, `sudoku_se_order.rs`), none removes a solution's digit, and
/// each carries SE's value for a loop (4.6 to 5.0).
#[test]
fn unique_loops_are_sound_and_rated_as_se_rates_them() {
    let news = [
        Strategy::UniqueLoop,
        Strategy::UniqueLoopType2,
        Strategy::UniqueLoopType4,
        Strategy::UniqueLoopType3,
    ];
    let step_by = if cfg!(debug_assertions) { 7 } else { 1 };
    let mut used = [0usize; 4];
    let puzzles = shipped("sudokuexchange_se_rated_sample553.txt");
    // Lines 141 to 178 (SE 4.6 to 5.0), where SE's hardest step is most often a unique loop.
    on_every_step(
        puzzles
            .iter()
            .filter(|p| (141..=178).contains(&p.line))
            .step_by(step_by),
        |g| {
            Explainer::new(g)
                .unwrap()
                .assume_unique(true)
                .up_to(Strategy::UniqueLoopType3)
        },
        |p, step| {
            if count_new(&news, step, &mut used) {
                let text = step.text(p.grid.layout());
                assert!((46..=50).contains(&step.score.tenths()), "{text}");
            }
        },
    );
    eprintln!("unique loops used (types 1, 2, 4, 3): {used:?}");
    if step_by == 1 {
        assert!([0, 1, 3].iter().all(|&k| used[k] > 0), "{used:?}");
    }
}

/// The wings explained on two shipped sets with the strategies up to the UVWXYZ-wing
/// (guessing past them), each step checked against the unique solution: each wing is used
/// on the SE sample and none removes a solution's digit.
#[test]
fn als_wings_are_sound_on_the_shipped_sets() {
    let news = [
        Strategy::WxyzWing,
        Strategy::VwxyzWing,
        Strategy::UvwxyzWing,
    ];
    let [sample, top1465] = used_on_two_sets(&news, Strategy::UvwxyzWing);
    eprintln!("used (WXYZ, VWXYZ, UVWXYZ): SE sample {sample:?}, top1465 {top1465:?}");
    if !cfg!(debug_assertions) {
        assert!(sample.iter().all(|&u| u > 0), "{sample:?}");
    }
}

/// SE's BUG types 2 to 4 and aligned pair exclusion explained on two shipped sets with the
/// strategies up to the aligned pair exclusion (guessing past them), each step checked
/// against the unique solution: BUG types 2 and 3 and the aligned pair exclusion are used
/// on the SE sample, and none removes a solution's digit.
#[test]
fn bugs_and_aligned_pairs_are_sound_on_the_shipped_sets() {
    let news = [
        Strategy::BugType2,
        Strategy::BugType4,
        Strategy::BugType3,
        Strategy::AlignedPairExclusion,
    ];
    let [sample, top1465] = used_on_two_sets(&news, Strategy::AlignedPairExclusion);
    eprintln!("used (BUG types 2, 4, 3, APE): SE sample {sample:?}, top1465 {top1465:?}");
    if !cfg!(debug_assertions) {
        assert!(
            sample[0] > 0 && sample[2] > 0 && sample[3] > 0,
            "{sample:?}"
        );
    }
}

// Branch `chains8`'s rungs (issue 29): SE's strong links, three to five of them, single or
// grouped, open (an X-chain) or closed (an X-loop), each on the board of a puzzle of the SE
// sample just before the explainer first used it, with SukakuExplainer's value (its own
// rating of the line, in the comment).

/// (strategy, a position where it is the simplest step, the step, its SE value).
const STRONG_LINK_POSITIONS: &[(Strategy, &str, &str, &str)] = &[
    (
        Strategy::ThreeStrongLinks,
        // sudokuexchange_se_rated_sample553.txt line 191 (SE: 3 Skyscrapers 0111, 5.4)
        "\
1      468    3      | 469    7      4689   | 689    5      2
5      678    268    | 2369   13689  13689  | 3689   4      678
67     9      2468   | 2346   3468   5      | 368    78     1
-------------------------------------------------------------------
69     2      689    | 1      468    4678   | 5      789    3
369    1      7      | 36     5      68     | 2      89     4
4      38     5      | 379    389    2      | 1      6      78
-------------------------------------------------------------------
2      467    1469   | 8      1469   14679  | 46     3      5
3679   5      1469   | 34679  13469  134679 | 468    2      68
8      346    46     | 5      2      346    | 7      1      9
",
        "3 strong links: X-chain on 7: r2c9=r2c2-r7c2=r7c6-r4c6=r4c8: removes 7 from r3c8, r6c9",
        "5.4",
    ),
    (
        Strategy::ThreeStrongLinks,
        // line 226 (SE: Grouped 3 Skyscrapers 1111, 5.7)
        "\
678 68  9   | 5   3   4   | 2   78  1
478 2   1   | 789 67  69  | 478 5   3
478 5   3   | 78  1   2   | 478 9   6
----------------------------------------
2   468 48  | 1   67  5   | 78  3   9
68  3   5   | 79  4   69  | 1   2   78
1   9   7   | 3   2   8   | 5   6   4
----------------------------------------
5   78  28  | 6   9   1   | 3   4   27
9   17  24  | 24  8   3   | 6   17  5
3   14  6   | 24  5   7   | 9   18  28
",
        "3 strong links: grouped X-chain on 8: r1c12=r1c8-r9c8=r9c9-r5c9=r5c1: removes 8 from r2c1, r3c1",
        "5.7",
    ),
    (
        Strategy::ThreeStrongLinks,
        // line 214 (SE: (3 Strong Links) X-Loop 0112, 5.5)
        "\
1289 5    189  | 149  3    148  | 6    7    124
1239 139  7    | 149  6    5    | 8    123  124
6    138  4    | 2    18   7    | 5    13   9
-------------------------------------------------
1489 6    189  | 37   1247 13   | 19   258  258
189  7    3    | 5    12   6    | 19   4    28
5    14   2    | 8    14   9    | 7    6    3
-------------------------------------------------
49   49   6    | 37   178  138  | 2    158  158
138  138  5    | 6    9    2    | 4    18   7
7    2    18   | 14   5    148  | 3    9    6
",
        "3 strong links: X-loop on 8: r9c3=r9c6-r7c5=r3c5-r3c2=r8c2-r9c3: removes 8 from r7c6, r8c1",
        "5.5",
    ),
    (
        Strategy::ThreeStrongLinks,
        // line 228 (SE: (3 Strong Links) Grouped X-Loop 2010, 5.7)
        "\
46    139   349   | 7     268   12368 | 38    2369  5
67    2     379   | 4     68    5     | 389   1     69
8     13    5     | 123   9     1236  | 4     236   7
----------------------------------------------------------
9     4     2     | 6     5     7     | 1     8     3
3     7     6     | 189   48    1489  | 2     5     49
5     8     1     | 29    3     249   | 7     69    469
----------------------------------------------------------
2     5     349   | 39    1     3469  | 369   7     8
1     6     389   | 3589  7     389   | 359   4     2
47    39    478   | 258   2468  2468  | 56    39    1
",
        "3 strong links: grouped X-loop on 3: r2c3=r2c7-r13c8=r9c8-r9c2=r13c2-r2c3: removes 3 from r1c3, r1c7",
        "5.7",
    ),
    (
        Strategy::FourStrongLinks,
        // line 302 (SE: (4 Strong Links) X-Loop 01122, 5.9)
        "\
7     5     1     | 6     9     4     | 3     2     8
38    4     6     | 358   2     358   | 7     1     9
2     38    9     | 7     13    138   | 45    45    6
----------------------------------------------------------
1358  38    358   | 2     6     137   | 9     37    4
13    7     2     | 4     5     9     | 8     6     13
6     9     4     | 13    8     137   | 2     357   135
----------------------------------------------------------
458   6     358   | 13589 13    2     | 145   3459  7
3458  1     358   | 3589  7     358   | 6     3459  2
9     2     7     | 135   4     6     | 15    8     35
",
        "4 strong links: X-loop on 3: r5c1=r5c9-r9c9=r9c4-r7c5=r3c5-r3c2=r4c2-r5c1: removes 3 from r3c6, r4c1, r4c3, r6c9, r7c4, r8c4, r8c6",
        "5.9",
    ),
];

#[test]
fn strong_link_rungs_are_the_simplest_step_on_their_positions() {
    for &(strategy, text, expected, value) in STRONG_LINK_POSITIONS {
        let p = puzzle(text);
        let step = explainer(&p)
            .next()
            .unwrap_or_else(|| panic!("{strategy:?}: no step"));
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&p, &step);
        let without = explainer(&p).below(strategy).next();
        assert!(without.is_none(), "{strategy:?}: {without:?}");
    }
}

/// Every puzzle of the SE sample and of every 5th of top1465 explained with the strategies
/// up to four strong links (guessing past them), each step checked against the unique
/// solution: the strong-link rungs are used and never remove a solution's digit.
#[test]
fn strong_links_are_sound_on_the_shipped_sets() {
    let news = [Strategy::ThreeStrongLinks, Strategy::FourStrongLinks];
    let [sample, top1465] = used_on_two_sets(&news, Strategy::FourStrongLinks);
    eprintln!("used (3, 4 strong links): SE sample {sample:?}, top1465 {top1465:?}");
    if !cfg!(debug_assertions) {
        assert!(sample[0] > 0 && sample[1] > 0, "{sample:?}");
    }
}

// Branch als8's rungs (issue 29): the almost locked sets, tried when asked for
// (`Explainer::als`).

/// The ALS rungs explained on two shipped sets with the strategies up to the death blossom
/// (guessing past them), each step checked against the unique solution: each rung is used
/// on the SE sample but Sue de Coq (which an ALS-XZ on the same cells mostly comes before:
/// see `sue_de_coq_is_found_on_the_se_held_out_file`) and none removes a solution's digit; without
/// `als(true)` none is used.
#[test]
fn als_rungs_are_sound_on_the_shipped_sets() {
    let news = [
        Strategy::AlsXz,
        Strategy::SueDeCoq,
        Strategy::AlsXyWing,
        Strategy::DeathBlossom,
    ];
    let step_by = if cfg!(debug_assertions) { 25 } else { 1 };
    for (name, every) in [
        ("sudokuexchange_se_rated_sample553.txt", step_by),
        ("magictour_top1465.txt", 5 * step_by),
    ] {
        let mut used = [0usize; 4];
        let puzzles = shipped(name);
        on_every_step(
            puzzles.iter().step_by(every),
            |g| {
                Explainer::new(g)
                    .unwrap()
                    .assume_unique(true)
                    .als(true)
                    .up_to(Strategy::DeathBlossom)
            },
            |p, step| {
                if count_new(&news, step, &mut used) {
                    let text = step.text(p.grid.layout());
                    assert!(
                        (70..=90).contains(&step.score.tenths()),
                        "line {}: {text}",
                        p.line
                    );
                }
            },
        );
        // Off by default: the same explanation without them uses none.
        on_every_step(
            puzzles.iter().step_by(10 * every),
            |g| {
                Explainer::new(g)
                    .unwrap()
                    .assume_unique(true)
                    .up_to(Strategy::DeathBlossom)
            },
            |p, step| assert!(!step.strategy.is_als(), "line {}", p.line),
        );
        eprintln!("used on {name} (ALS-XZ, Sue de Coq, ALS-XY-wing, death blossom): {used:?}");
        if step_by == 1 && name.starts_with("sudokuexchange") {
            assert!(
                used[0] > 0 && used[2] > 0 && used[3] > 0,
                "{name}: {used:?}"
            );
        }
    }
}

/// (strategy, a position where it is the simplest step with the ALS rungs on, the step,
/// its value): boards of the SE sample's puzzles on the path that guesses past the death
/// blossom.
const ALS_POSITIONS: &[(Strategy, &str, &str, &str)] = &[
    (
        Strategy::AlsXz,
        // sudokuexchange_se_rated_sample553.txt line 288
        "\
3  1   47  | 6   5   2    | 47   8    9
2  457 8   | 347 9   1347 | 6    157  457
6  457 9   | 478 78  147  | 1247 1257 3
-----------+--------------+--------------
4  9   2   | 378 378 6    | 5    37   1
1  8   5   | 9   4   37   | 37   6    2
7  3   6   | 2   1   5    | 48   9    48
-----------+--------------+--------------
59 6   137 | 347 2   347  | 1389 1357 58
8  2   137 | 5   37  9    | 17   4    6
59 47  34  | 1   6   8    | 239  235  57
",
        "ALS-XZ: r7c3,r7c4,r7c6 {1,3,4,7} and r7c8,r8c7,r9c9 {1,3,5,7} linked on 3: removes 1 from r7c7",
        "7.3",
    ),
    (
        Strategy::AlsXyWing,
        // sudokuexchange_se_rated_sample553.txt line 222
        "\
6  37   8   | 9   4   5   | 1   2    37
1  4    37  | 37  2   8   | 9   6    5
59 59   2   | 137 13  6   | 38  4    378
------------+-------------+-------------
39 179  6   | 4   135 137 | 58  1378 2
4  17   137 | 8   56  2   | 56  137  9
8  2    5   | 136 9   137 | 4   137  16
------------+-------------+-------------
2  1368 4   | 5   136 13  | 7   9    138
7  136  13  | 136 8   9   | 2   5    4
35 158  9   | 2   7   4   | 368 18   136
",
        "ALS-XY-wing: r7c5,r7c6 {1,3,6} and r5c7,r6c9 {1,5,6} through r5c5 {5,6} linked on 6, 5: 1 in either: removes 1 from r7c9",
        "7.3",
    ),
    (
        Strategy::DeathBlossom,
        // sudokuexchange_se_rated_sample553.txt line 354
        "\
8    5    79    | 26  46  24  | 79   3     1
346  1469 12469 | 15  7   35  | 2489 24689 4589
3467 136  12467 | 8   135 9   | 2457 2467  45
----------------+-------------+----------------
45   2    3     | 7   59  48  | 6    1     489
9    7    468   | 3   46  1   | 48   5     2
456  1468 1468  | 569 2   458 | 4789 4789  3
----------------+-------------+----------------
1    389  89    | 4   35  7   | 2589 289   6
2    48   5     | 19  19  6   | 3    48    7
367  3469 4679  | 25  8   235 | 1    49    459
",
        "death blossom: stem r7c3 {8,9}, petals r8c2 {4,8} on 8, r3c2,r6c2,r7c2,r8c2,r9c2 {1,3,4,6,8,9} on 9: 4 in a petal: removes 4 from r2c2",
        "8.4",
    ),
];

#[test]
fn each_als_rung_is_the_simplest_step_on_its_position() {
    for &(strategy, text, expected, value) in ALS_POSITIONS {
        let p = puzzle(text);
        let step = for_position(explainer(&p).als(true), strategy)
            .next()
            .unwrap_or_else(|| panic!("{strategy:?}: no step"));
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&p, &step);
        // No simpler rung progresses here, and without `als` the step is another's.
        let without = for_position(explainer(&p).als(true).below(strategy), strategy).next();
        assert!(without.is_none(), "{strategy:?}: {without:?}");
        let plain = explainer(&p).next().map(|s| s.strategy);
        assert!(
            plain.is_some_and(|s| !s.is_als()),
            "{strategy:?}: {plain:?}"
        );
    }
}

/// Sue de Coq is seldom the simplest step (an ALS-XZ on the same cells mostly comes first).
/// Since the dynamic forcing chains follow SE's order (round 23, agree23), the SE sample's
/// line 471, where it was found at the 38th step, takes SE's own path (`serate`'s cell
/// forcing chain r7c6 => r7c9.6 off at its 32nd step) and Sue de Coq no longer comes first
/// on it, nor on any other puzzle of the sample; on the SE held-out file it is the simplest
/// step at the 29th step of line 759, a path of singles, fish-like and ALS steps that no
/// forcing chain comes before.
#[test]
fn sue_de_coq_is_found_on_the_se_held_out_file() {
    let p =
        puzzle("040306700500001000000400600059100060800000005060008340002007000000500003005903010");
    let mut e = explainer(&p).als(true);
    let mut k = 0;
    let step = loop {
        let board = e.board().clone();
        let step = e.next().expect("a Sue de Coq before the end");
        k += 1;
        if step.strategy == Strategy::SueDeCoq {
            // No simpler rung progresses on the board it was found on.
            let here = Explainer::with_candidates(&board.grid(), Some(&board.to_candidates()))
                .unwrap()
                .assume_unique(true)
                .als(true)
                .below(Strategy::SueDeCoq)
                .next();
            assert!(here.is_none(), "{here:?}");
            break step;
        }
    };
    assert_eq!(k, 29);
    assert_eq!(
        step.text(p.grid.layout()),
        "Sue de Coq: r8c1,r8c2,r8c3 {1,6,7,8,9} in row 8 and box 7, with r8c8 {7,8} and r7c1,r7c2,r9c1 {1,3,4,6,9}: removes 8 from r8c5"
    );
    assert_eq!(step.score.to_string(), "7.4");
    assert_sound(&p, &step);
}
