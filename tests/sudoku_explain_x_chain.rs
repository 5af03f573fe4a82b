//! The X-chain rung's value from five strong links (issue 29, branches xchain16 and sl5x):
//! Sudoku Explainer's `serate` runs without its rules of five and six strong links (SE's
//! `Settings.init` removes them), so it finds a chain of five or six strong links on one
//! digit by its chaining rule, as a "Forcing X-Chain" from the eliminated candidate: 6.6
//! and the length bonus of its nodes, 6.9. The position is one of
//! `examples/x_chain_patterns.rs` (seed 0): only the 8 is constrained, a candidate of 32
//! cells, every other digit a candidate everywhere, so nothing but the 8's chain can move.

use dlxkit::sudoku::candidates::{Candidates, Digits};
use dlxkit::sudoku::explain::{ladder, rate, Board, Explainer, Strategy};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::{Grid, Shape};

/// The 8's pattern: the chain's cells `a` to `l` in order, the step's target `E`, the
/// solution's other cells of 8 `D`, other open cells `o`; the 8 is not a candidate of `.`.
const PATTERN: &str = "\
k..oD.ooo
...a...b.
.l.E..o..
oooDooo.o
j.......i
.....g..h
..D....c.
ooo..f...
..o.e.d..";

fn board() -> (Grid, Candidates) {
    let grid = Grid::empty(Shape::new(3, 3).unwrap());
    let mut pencil = Candidates::of_grid(&grid);
    let cells: Vec<char> = PATTERN.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(cells.len(), 81);
    for (cell, &c) in cells.iter().enumerate() {
        let mut digits = Digits::all(9);
        if c == '.' {
            digits.remove(8);
        }
        pencil.set(cell, digits);
    }
    (grid, pencil)
}

/// The cell of `letter` in the pattern.
fn cell(letter: char) -> usize {
    PATTERN
        .chars()
        .filter(|c| !c.is_whitespace())
        .position(|c| c == letter)
        .unwrap()
}

#[test]
fn an_x_chain_of_six_strong_links_is_valued_as_se_s_forcing_x_chain() {
    let (grid, pencil) = board();
    let mut explainer = Explainer::with_candidates(&grid, Some(&pencil)).unwrap();
    let step = explainer.next().expect("a step");
    assert_eq!(step.strategy, Strategy::XChain);
    assert_eq!(step.score.to_string(), "6.9");
    assert_eq!(step.chain.len(), 12, "six strong links");
    assert!(step.chain.iter().all(|c| c.digit == 8));
    let chain: Vec<usize> = step.chain.iter().map(|c| c.cell).collect();
    let ends = [chain[0], chain[11]];
    assert!(
        ends == [cell('a'), cell('l')] || ends == [cell('l'), cell('a')],
        "{chain:?}"
    );
    assert!(step.eliminations.iter().any(|e| e.cell == cell('E')));
    assert!(step.eliminations.iter().all(|e| e.digit == 8));

    // The forcing chain rung, SE's chaining search, gives its least forcing chain the same
    // value, on the 8 alone (a "Forcing X-Chain"); the ladder takes the X-chain on the tie.
    let board = Board::new(&grid, Some(&pencil)).unwrap();
    let (_, forcing) = ladder()
        .iter()
        .find(|(s, _)| *s == Strategy::ForcingChain)
        .unwrap();
    let forced = forcing(&board).expect("a forcing chain");
    assert_eq!(forced.score, step.score);
    assert!(forced.chain.iter().all(|c| c.digit == 8));
}

/// The two puzzles that dlxkit rated 6.5 with a chain of five strong links as the hardest
/// step (SE's `StrongLinks(5)`, 6.2 to 6.5), while it had that rung: found among 900,000
/// of its generator's puzzles (seeds 1001 and 4001, `--symmetry rotational`, puzzles 18,032
/// and 177,907). `serate`, whose default techniques leave that rule out, rates them 6.8
/// (hardest a bidirectional Y-cycle) and 6.6 (a UVWXYZ-wing); without the rung dlxkit's
/// ratings are serate's, the first by an XY-chain of the same value.
#[test]
fn puzzles_that_needed_five_strong_links_rate_as_serate_rates_them() {
    for (puzzle, er, hardest) in [
        (
            ".......2.2..58..344.3.....61..2.43....56.12....73.8..18.....9.356..23..8.3.......",
            "6.8",
            Strategy::XyChain,
        ),
        (
            ".....75....4..3..63.8.5..9..8....7.96.......87.2....6..9..1.6.52..6..3....53.....",
            "6.6",
            Strategy::UvwxyzWing,
        ),
    ] {
        let grid = parse_grid(puzzle, &ParseOptions::default()).unwrap();
        let rating = rate(&grid, None);
        assert_eq!(rating.score.to_string(), er, "{puzzle}");
        assert_eq!(rating.hardest, Some(hardest), "{puzzle}");
        assert_eq!(rating.count(Strategy::Guess), 0, "{puzzle}");
    }
}
