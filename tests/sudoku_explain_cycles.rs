//! Branch cycles9's rung (issue 29): Sudoku Explainer's bidirectional cycles (X-cycles,
//! Y-cycles and cycles mixing links inside cells and units), and the chaining rungs
//! (X-chain, XY-chain, W-wing, cycle, forcing chain) competing by value as SE's one
//! chaining rule does. Each position is the board of a puzzle of the SE-rated sample just
//! before the explainer first used the cycle there (pencil marks), the step asserted
//! exactly with its SE value and checked against the solution.

use crate::sudoku_explain_util::{assert_sound, on_every_step, shipped};
use dlxkit::sudoku::explain::{Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};

/// (a position where a cycle is the step, the step, its SE value).
const POSITIONS: &[(&str, &str, &str)] = &[
    (
        // sudokuexchange_se_rated_sample553.txt line 333 (SE 7.0, "Bidirectional Cycle")
        "\
35 126 4 | 568 7  138 | 9   15  23
7  16  9 | 45  2  13  | 346 145 8
35 12  8 | 456 36 9   | 67  157 234
---------+------------+------------
1  8   3 | 9   4  2   | 5   6   7
4  5   7 | 68  36 38  | 1   2   9
6  9   2 | 1   5  7   | 34  8   34
---------+------------+------------
2  4   1 | 7   9  5   | 8   3   6
8  7   6 | 3   1  4   | 2   9   5
9  3   5 | 2   8  6   | 47  47  1
",
        "bidirectional cycle: cycle: (3=6)r3c5-(6)r3c7=(6)r2c7-(3)r2c7=(3)r2c6-(3)r3c5: removes 3 from r1c6; 6 from r3c4",
        "7.0",
    ),
    (
        // line 369, its second cycle: a Y-cycle of eight bivalue cells (16 nodes, 6.5 + 0.4)
        "\
4  78 3   | 18 2  6  | 15 9   578
5  2  179 | 39 78 4  | 6  37  18
6  89 19  | 39 5  17 | 2  378 4
----------+----------+-----------
27 57 4   | 12 6  3  | 8  15  9
9  1  6   | 5  4  8  | 7  2   3
23 35 8   | 7  9  12 | 4  6   15
----------+----------+-----------
1  34 2   | 6  38 59 | 59 478 78
38 49 5   | 28 37 27 | 19 14  6
78 6  79  | 4  1  59 | 3  58  2
",
        "bidirectional cycle: Y-cycle: (4=9)r8c2-(9=7)r9c3-(7=8)r9c1-(8=3)r8c1-(3=7)r8c5-(7=8)r2c5-(8=3)r7c5-(3=4)r7c2-(4)r8c2: removes 7 from r2c3",
        "6.9",
    ),
];

fn puzzle(text: &str) -> Puzzle {
    parse_puzzles(text, &ParseOptions::default())
        .unwrap()
        .remove(0)
}

fn explainer(p: &Puzzle) -> Explainer {
    Explainer::with_candidates(&p.grid, p.candidates.as_ref())
        .unwrap()
        .assume_unique(true)
}

/// The cycle is the step on its position, at SE's value, and sound; the rungs simpler
/// than the cycle find nothing there, or only a chain of a higher value, or (a Y-cycle)
/// the XY-chain rung's XY-loop, which removes what the cycle removes at the same value and
/// comes first on the ladder (line 369's second cycle).
#[test]
fn each_cycle_is_the_step_on_its_position() {
    let sorted = |s: &Step| {
        let mut e: Vec<(usize, u8)> = s.eliminations.iter().map(|c| (c.cell, c.digit)).collect();
        e.sort_unstable();
        e
    };
    for &(text, expected, value) in POSITIONS {
        let p = puzzle(text);
        let step = explainer(&p)
            .without(Strategy::XyChain)
            .next()
            .expect("a step");
        assert_eq!(step.text(p.grid.layout()), expected);
        assert_eq!(step.strategy, Strategy::BidirectionalCycle);
        assert_eq!(step.score.to_string(), value, "{expected}");
        assert_sound(&p, &step);
        let without = explainer(&p).below(Strategy::BidirectionalCycle).next();
        assert!(
            without.as_ref().is_none_or(|s| s.score > step.score
                || (s.strategy == Strategy::XyChain
                    && s.score == step.score
                    && sorted(s) == sorted(&step))),
            "{expected}: {without:?}"
        );
    }
}

/// The board of a puzzle of the SE sample just before the explainer's first step of
/// `strategy`, as a candidate grid, and that step.
fn before_first(line: usize, strategy: Strategy) -> (Puzzle, Step) {
    let path = format!(
        "{}/data/sudoku/sudokuexchange_se_rated_sample553.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let p = parse_puzzles(&text, &ParseOptions::default())
        .unwrap()
        .into_iter()
        .find(|p| p.line == line)
        .unwrap();
    let mut e = Explainer::new(&p.grid).unwrap().assume_unique(true);
    loop {
        let board = e.board().to_candidates().to_grid_text();
        let step = e
            .next()
            .unwrap_or_else(|| panic!("line {line}: no {strategy:?}"));
        if step.strategy == strategy {
            return (puzzle(&board), step);
        }
    }
}

/// SE's chaining rule offers its hint of least value, so the chaining rungs compete: on
/// line 344 of the sample (SE 7.1, "Forcing Chain") the XY-chain found first is worth 7.3
/// and the forcing chain 7.1, which is the step; without the forcing chain and the cycle,
/// the XY-chain is.
#[test]
fn chaining_rungs_give_the_step_of_least_value() {
    let (p, step) = before_first(344, Strategy::ForcingChain);
    assert_eq!(step.score.to_string(), "7.1");
    assert_sound(&p, &step);
    let xy = explainer(&p)
        .without(Strategy::ForcingChain)
        .without(Strategy::BidirectionalCycle)
        .next()
        .unwrap();
    assert_eq!(
        (xy.strategy, xy.score.to_string()),
        (Strategy::XyChain, "7.3".to_string())
    );
    assert_sound(&p, &xy);
}

/// Every 5th puzzle of top1465 and every puzzle of Norvig's top95, explained with the
/// strategies up to the cycle (guessing past it), each step checked against the unique
/// solution: no cycle removes a solution's digit. On the SE sample (whose steps
/// `sudoku_forcing::se_sample` checks the same way, every rung on) cycles are used.
#[test]
fn cycles_are_sound_on_the_shipped_sets() {
    let on_sample = crate::sudoku_forcing::se_sample()
        .iter()
        .flat_map(|p| &p.steps)
        .filter(|s| s.strategy == Strategy::BidirectionalCycle)
        .count();
    eprintln!("cycles used on the SE sample: {on_sample}");
    assert!(on_sample >= 20, "{on_sample}");
    let step_by = if cfg!(debug_assertions) { 10 } else { 1 };
    for (name, every) in [
        ("magictour_top1465.txt", 5 * step_by),
        ("norvig_top95.txt", step_by),
    ] {
        let mut used = 0;
        on_every_step(
            shipped(name).iter().step_by(every),
            |g| {
                Explainer::new(g)
                    .unwrap()
                    .assume_unique(true)
                    .up_to(Strategy::BidirectionalCycle)
            },
            |_, step| used += usize::from(step.strategy == Strategy::BidirectionalCycle),
        );
        eprintln!("cycles used on {name}: {used}");
    }
}
