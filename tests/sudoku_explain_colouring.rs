//! Branch colour11's rungs (issue 29): simple colouring (colour trap, colour wrap) and
//! multi-colouring, valued as Sudoku Explainer values the chains it finds for the same
//! eliminations, and placed just before the X-chain among the chaining rungs, which
//! compete by value ([`Strategy::is_chaining`]). SE's strong-link rules (the turbot fish
//! family, 3 and 4 strong links) come before them and take the short colouring chains first
//! under their own names, so no shipped puzzle's explanation uses a colouring rung (the
//! ratings are those of SE, BENCHMARKS.md "colour11"); each position below is the board of
//! a puzzle of the SE-rated sample where the colouring step is the only one that
//! progresses once those rungs are left out, with its cells, colours, eliminations and
//! value asserted, and the strong-link rung's step shown to be the same elimination at the
//! same value.

use crate::sudoku_explain_util::unique_solution;
use dlxkit::sudoku::explain::{ladder, Board, Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};
use dlxkit::sudoku::Grid;

/// SE's strong-link rungs, which find the short colouring chains first.
const STRONG_LINKS: [Strategy; 7] = [
    Strategy::Skyscraper,
    Strategy::TwoStringKite,
    Strategy::TurbotFish,
    Strategy::EmptyRectangle,
    Strategy::GroupedTurbotFish,
    Strategy::ThreeStrongLinks,
    Strategy::FourStrongLinks,
];

/// sudokuexchange_se_rated_sample553.txt line 465, where its 2-string kite is the step: a
/// colour trap of the same chain.
const TRAP: &str = "\
26   8    9   | 1    2456  7    | 3   245  24
7    1256 4   | 256  3     256  | 9   125  8
12   3    25  | 89   89    245  | 27  6    1247
--------------+-----------------+---------------
1269 7    8   | 269  2469  1246 | 5   3    1246
1269 1256 256 | 3    24569 8    | 267 1247 12467
4    1256 3   | 7    256   1256 | 268 128  9
--------------+-----------------+---------------
5    26   7   | 4    1     9    | 268 28   3
8    4    26  | 26   7     3    | 1   9    5
3    9    1   | 2568 2568  256  | 4   27   267
";

/// Line 293, where its 3 strong links are the step: two clusters of 6 joined by r5c7-r5c3.
const MULTI: &str = "\
189 1489 178  | 23 178 23 | 168 4568 568
5   6    1478 | 19 178 79 | 148 3    2
2   3    18   | 6  4   5  | 18  7    9
--------------+-----------+-------------
189 189  2    | 34 6   34 | 7   58   158
368 7    468  | 5  2   1  | 468 9    38
136 14   5    | 7  9   8  | 2   46   136
--------------+-----------+-------------
68  5    3    | 14 17  47 | 9   2    68
4   2    9    | 8  3   6  | 5   1    7
7   18   168  | 29 5   29 | 3   68   4
";

/// Line 3, early: the 8s of box 7 hold a colour wrap (r8c2=r8c3=r9c3, r8c2 and r9c3 in box
/// 7), which the box-line reduction of row 8 finds first.
const WRAP: &str = "\
456  246   9     | 1246  2468  3   | 12457 12568 14578
7    1     234   | 246   2468  468 | 245   25689 458
8    246   24    | 7     9     5   | 3     126   14
-----------------+-----------------+------------------
134  5     134   | 12346 23467 9   | 8     123   134
2    348   7     | 134   348   148 | 9     135   6
1349 3489  6     | 5     2348  148 | 124   7     134
-----------------+-----------------+------------------
346  3467  5     | 8     1     2   | 7     3     9
1369 36789 138   | 36    3567  67  | 157   4     2
134  23478 12348 | 9     3457  47  | 6     1358  13578
";

fn puzzle(text: &str) -> Puzzle {
    parse_puzzles(text, &ParseOptions::default())
        .unwrap()
        .remove(0)
}

fn explainer(p: &Puzzle) -> Explainer {
    let mut e = Explainer::with_candidates(&p.grid, p.candidates.as_ref()).unwrap();
    for s in STRONG_LINKS {
        e = e.without(s);
    }
    e
}

/// No elimination of `step` removes the solution's digit, no placement differs from it.
fn assert_sound(solution: &Grid, step: &Step, what: &str) {
    for e in &step.eliminations {
        assert_ne!(solution.cells()[e.cell], e.digit, "{what}");
    }
    for c in &step.placements {
        assert_eq!(solution.cells()[c.cell], c.digit, "{what}");
    }
}

/// The colouring step is the only step once SE's strong-link rungs are left out, with its
/// cells, colours, eliminations and value; the strong-link rung that SE names it by makes
/// the same elimination at the same value.
#[test]
fn colouring_is_the_step_where_only_se_s_strong_links_come_first() {
    let cases = [
        (
            TRAP,
            Strategy::SimpleColouring,
            "simple colouring: on 6, {r5c3,r7c2,r8c4,r9c9} / {r7c7,r8c3}: trap r5c3=r8c3-r7c2=r7c7: removes 6 from r5c7",
            "4.1",
            Strategy::TwoStringKite,
        ),
        (
            MULTI,
            Strategy::MultiColouring,
            "multi-colouring: on 6, {r1c7} / {r5c7} and {r5c3,r7c1,r9c8} / {r7c9,r9c3}: r5c7 sees r5c3, r1c7=r5c7-r5c3=r9c3-r7c1=r7c9: removes 6 from r1c9",
            "5.5",
            Strategy::ThreeStrongLinks,
        ),
    ];
    for (text, strategy, expected, value, named) in cases {
        let p = puzzle(text);
        let solution = unique_solution(&p);
        assert!(explainer(&p).below(strategy).next().is_none(), "{expected}");
        let step = explainer(&p).next().expect("a step");
        assert_eq!(step.strategy, strategy);
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.score.to_string(), value);
        assert_sound(&solution, &step, expected);
        let se = Explainer::with_candidates(&p.grid, p.candidates.as_ref())
            .unwrap()
            .next()
            .unwrap();
        eprintln!("{}", se.text(p.grid.layout()));
        assert_eq!(se.strategy, named);
        assert_eq!(se.score, step.score);
        assert_eq!(se.eliminations, step.eliminations);
    }
}

/// The rung's own step on a board: what its finder in the ladder returns.
fn rung(strategy: Strategy, board: &Board) -> Option<Step> {
    let (_, finder) = ladder().iter().find(|(s, _)| *s == strategy).unwrap();
    finder(board)
}

/// A colour wrap: two 8s of one colour in box 7 make that colour false, both its cells lose
/// the 8, at SE's value of the forcing chain from r8c2 on to r9c3 on and back to r8c2 off
/// (6.6, four nodes); the ladder takes the box-line reduction of row 8 first, SE's cheaper
/// name for the same deduction.
#[test]
fn a_colour_wrap_removes_its_colour() {
    let p = puzzle(WRAP);
    let solution = unique_solution(&p);
    let board = Board::new(&p.grid, p.candidates.as_ref()).unwrap();
    let step = rung(Strategy::SimpleColouring, &board).expect("a wrap");
    let text = step.text(p.grid.layout());
    assert_eq!(
        text,
        "simple colouring: on 8, {r8c2,r9c3} / {r8c3}: wrap r8c2, r9c3 in box 7: removes 8 from r8c2, r9c3"
    );
    assert_eq!(step.score.to_string(), "6.6");
    assert_eq!(step.colours, [0, 0, 1]);
    assert_sound(&solution, &step, &text);
}

/// Every board of the explanations of the SE sample and Norvig's top95 (up to the forcing
/// chain, guessing past it): the colouring rungs' steps, wherever they find one, remove no
/// digit of the solution, and their chain's ends are coloured apart.
#[test]
fn colouring_is_sound_on_every_board_of_the_shipped_sets() {
    let step_by = if cfg!(debug_assertions) { 10 } else { 1 };
    let mut found = [0usize; 2];
    for name in ["sudokuexchange_se_rated_sample553.txt", "norvig_top95.txt"] {
        let path = format!("{}/data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for p in parse_puzzles(&text, &ParseOptions::default())
            .unwrap()
            .iter()
            .step_by(step_by)
        {
            let solution = unique_solution(p);
            let mut e = Explainer::new(&p.grid)
                .unwrap()
                .assume_unique(true)
                .up_to(Strategy::ForcingChain)
                .guessing(solution.clone())
                .unwrap();
            loop {
                for (k, s) in [Strategy::SimpleColouring, Strategy::MultiColouring]
                    .into_iter()
                    .enumerate()
                {
                    if let Some(step) = rung(s, e.board()) {
                        let what =
                            format!("{name} line {}: {}", p.line, step.text(p.grid.layout()));
                        assert_sound(&solution, &step, &what);
                        assert_eq!(step.colours.len(), step.cells.len(), "{what}");
                        assert!(!step.eliminations.is_empty(), "{what}");
                        found[k] += 1;
                    }
                }
                if e.next().is_none() {
                    break;
                }
            }
        }
    }
    eprintln!("colouring steps found (simple, multi): {found:?}");
    assert!(found[0] > 100 && found[1] > 100, "{found:?}");
}

/// Colouring works on other box shapes: a 16x16 puzzle's boards are searched without a
/// panic, and what the rungs find is sound.
#[test]
fn colouring_is_sound_on_16x16() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let puzzles =
        std::fs::read_to_string(format!("{dir}/data/sudoku/sudoku16x16_puzzles.txt")).unwrap();
    for p in parse_puzzles(&puzzles, &ParseOptions::default())
        .unwrap()
        .iter()
        .take(2)
    {
        let solution = unique_solution(p);
        let e = Explainer::new(&p.grid)
            .unwrap()
            .up_to(Strategy::XChain)
            .guessing(solution.clone())
            .unwrap();
        let mut e = e;
        loop {
            for s in [Strategy::SimpleColouring, Strategy::MultiColouring] {
                if let Some(step) = rung(s, e.board()) {
                    assert_sound(&solution, &step, &step.text(p.grid.layout()));
                }
            }
            if e.next().is_none() {
                break;
            }
        }
    }
}
