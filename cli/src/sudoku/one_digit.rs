//! Where an attempt at `--needs` a pattern of one digit starts ([`super::needs::aim`]): the
//! jellyfish. (It was also the start for five strong links, a rung that left the ladder
//! with serate's default techniques: see BENCHMARKS.md, needsB13 and sl5x.)
//!
//! A jellyfish is the simplest step before its complement (a smaller fish on the other
//! lines) only for a digit with eight open places or more; a chain of one digit lives on the
//! digit's open places, linked through units where only two of them stay open, and needs the
//! simpler patterns of that digit (fish, two to four strong links) to find nothing. The
//! random removal seldom leaves one digit so many open places, so these attempts start by
//! emptying every cell of one digit, chosen by `rng`: the removal that follows builds the
//! puzzle around that digit's places, which the other digits' givens cut down to the
//! pattern. (Keeping two or three of the digit's cells given, to confine its places to fewer
//! rows, columns and boxes, did worse for five strong links: no hit on seeds 1 and 2.)
//!
//! It also says what `--needs` means by the X-chain and the colourings ([`asks_family`]):
//! the family of one-digit chains of three strong links or more ([`LONG_CHAINS`]), needed
//! when the ladder without any one-digit chain rung ([`is_chain_rung`]) cannot do as well
//! ([`family_needed`]).

use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::{ladder, Board, Explainer, Outcome, Score, Step, Strategy};
use dlxkit::sudoku::Grid;

/// The cells of one digit of `solution`, chosen by `rng`, in a random order.
pub fn digit_cells(solution: &Grid, rng: &mut Rng) -> Vec<usize> {
    let digit = 1 + rng.below(solution.layout().size()) as u8;
    let mut cells: Vec<usize> = (0..solution.cells().len())
        .filter(|&c| solution.cells()[c] == digit)
        .collect();
    rng.shuffle(&mut cells);
    cells
}

/// Whether `s` is a rung of one-digit chains: strong links of one digit joined by weak
/// links, from two links (skyscraper, 2-string kite, turbot fish, empty rectangle, grouped
/// turbot fish) to any number (X-chain), and the colourings, which stand for such chains.
/// Left out: the fish (one digit, but not chains) and the bidirectional cycle (X-cycles are
/// one digit, but its Y- and mixed cycles are not; it is worth 6.5 or more, above any step
/// of [`LONG_CHAINS`] but the X-chain's).
pub fn is_chain_rung(s: Strategy) -> bool {
    use Strategy::*;
    matches!(
        s,
        Skyscraper
            | TwoStringKite
            | TurbotFish
            | EmptyRectangle
            | GroupedTurbotFish
            | ThreeStrongLinks
            | FourStrongLinks
            | SimpleColouring
            | MultiColouring
            | XChain
    )
}

/// The rungs whose steps are one-digit chains of three strong links or more: what
/// `--needs "X-chain"` means (HoDoKu's X-chain; SE values those of three and four links as
/// rules of their own, which the ladder names after them).
pub const LONG_CHAINS: [Strategy; 3] = [
    Strategy::ThreeStrongLinks,
    Strategy::FourStrongLinks,
    Strategy::XChain,
];

/// Whether `--needs t` asks for the family of long one-digit chains rather than `t`'s own
/// rung: the X-chain rung starts at five strong links and the colourings are valued as the
/// chains they stand for, so no puzzle has one of them as its hardest step (BENCHMARKS.md,
/// needs19); the puzzles a player calls X-chain or colouring puzzles are those of
/// [`LONG_CHAINS`].
pub fn asks_family(t: Strategy) -> bool {
    matches!(
        t,
        Strategy::XChain | Strategy::SimpleColouring | Strategy::MultiColouring
    )
}

/// Whether a step of `s`'s rung counts as `--needs t`'s technique: the rung itself, or for
/// [`asks_family`] one of [`LONG_CHAINS`].
pub fn counts_as(t: Strategy, s: Strategy) -> bool {
    if asks_family(t) {
        LONG_CHAINS.contains(&s)
    } else {
        s == t
    }
}

/// Whether a puzzle solved by `steps` (from `puzzle`, the ladder up to the X-chain), whose
/// hardest step is `steps[k]`, of [`LONG_CHAINS`], needs what `--needs t` asks
/// ([`asks_family`]): the ladder without [`is_chain_rung`] gets stuck or takes a step harder
/// than `steps[k]`; for the colourings, the colouring finder also makes `steps[k]`'s
/// eliminations on the board before it (for multi-colouring, the simple colouring finder
/// does not).
pub fn family_needed(puzzle: &Grid, t: Strategy, steps: &[Step], k: usize) -> bool {
    let chain = &steps[k];
    let coloured = match t {
        Strategy::SimpleColouring | Strategy::MultiColouring => {
            let Ok(mut before) = Board::new(puzzle, None) else {
                return false;
            };
            for step in &steps[..k] {
                before.apply(step);
            }
            let covers = |finder| covers(finder, &before, chain);
            match t {
                Strategy::SimpleColouring => covers(Strategy::SimpleColouring),
                _ => covers(Strategy::MultiColouring) && !covers(Strategy::SimpleColouring),
            }
        }
        _ => true,
    };
    coloured && harder_without_chains(puzzle, chain.score)
}

/// Whether the `finder`'s step on `board` removes every candidate that `chain` removes.
fn covers(finder: Strategy, board: &Board, chain: &Step) -> bool {
    let Some(&(_, find)) = ladder().iter().find(|(s, _)| *s == finder) else {
        return false;
    };
    find(board).is_some_and(|s| {
        chain
            .eliminations
            .iter()
            .all(|e| s.eliminations.contains(e))
    })
}

/// Whether `puzzle` without the one-digit chains ([`is_chain_rung`]) gets stuck or takes a
/// step worth more than `score`. The rungs up to the W-wing first; stuck there, the next
/// step is worth 6.5 or more (a cycle or a forcing chain), so only a chain of that worth
/// needs the forcing chains tried.
fn harder_without_chains(puzzle: &Grid, score: Score) -> bool {
    let floor = Strategy::BidirectionalCycle.score();
    let top = if score < floor {
        Strategy::WWing
    } else {
        Strategy::DynamicForcingChainPlus
    };
    let Ok(explainer) = Explainer::new(puzzle) else {
        return false;
    };
    let mut explainer = Strategy::ALL
        .into_iter()
        .filter(|&s| is_chain_rung(s))
        .fold(explainer.assume_unique(true), |e, s| e.without(s))
        .up_to(top);
    let harder = explainer.by_ref().any(|s| s.score > score);
    harder || explainer.outcome() != Outcome::Solved
}

#[cfg(test)]
mod tests {
    use super::super::needs::{within, Within};
    use super::*;
    use dlxkit::sudoku::parse::{parse_grid, ParseOptions};

    fn grid(line: &str) -> Grid {
        parse_grid(line, &ParseOptions::default()).unwrap()
    }

    /// Which of the three a puzzle needs: a colour trap's chain needs the X-chain family and
    /// simple colouring, not multi-colouring; a chain through two clusters the family and
    /// multi-colouring only; a chain of 3 strong links that the ladder without the chain
    /// rungs replaces by steps no harder needs none of them.
    #[test]
    fn the_family_and_the_colourings_are_told_apart() {
        let family = [
            Strategy::XChain,
            Strategy::SimpleColouring,
            Strategy::MultiColouring,
        ];
        assert!(family.iter().all(|&t| asks_family(t)));
        assert!(!asks_family(Strategy::ThreeStrongLinks) && !asks_family(Strategy::Skyscraper));
        for (line, needs) in [
            // needs_simple_colouring.txt's first puzzle (Sudoku Exchange 5.5.txt:78).
            (
                "....5..3.3...7.819......4..4....59....98.21....59....4..1......924.8...3.6..9....",
                [true, true, false],
            ),
            // needs_multi_colouring.txt's first puzzle.
            (
                "..8..9.1.1..3.5......81...381....29...6...4...74....582...73......2.4..9.6.9..5..",
                [true, false, true],
            ),
            // Sudoku Exchange 5.5.txt:46: hardest 3 strong links (5.5), but the ladder
            // without the chain rungs solves it with steps of 5.5 at most.
            (
                "9....5.6.....873..7.3.....1...41.27....2.6....12.58...2.....1.9..986.....3.5....6",
                [false, false, false],
            ),
        ] {
            let p = grid(line);
            for (t, need) in family.into_iter().zip(needs) {
                let w = within(&p, t);
                assert_eq!(w == Within::Needs, need, "{t:?} {line}: {w:?}");
                if !need {
                    assert_eq!(w, Within::Easier, "{t:?} {line}");
                }
            }
        }
    }
}
