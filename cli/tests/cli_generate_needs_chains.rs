//! `dlxkit sudoku generate --needs` for "X-chain", "simple colouring" and
//! "multi-colouring" (issue 29, part 4, round 20): the family of one-digit chains of three
//! strong links or more, as players mean the names, since no puzzle has those rungs
//! themselves as its hardest step. Each puzzle is checked here from the library alone, not
//! by the generator's own test of it: the hardest step of its explanation is a chain of 3
//! or 4 strong links (or the X-chain rung), printed under its own name; every step is
//! true of the unique solution; the colouring finder asked for makes the chain's
//! eliminations on the board before it (multi-colouring: and the simple colouring finder
//! does not); and the whole ladder without any one-digit chain rung gets stuck or takes a
//! harder step.

use dlxkit::sudoku::explain::{ladder, Board, Explainer, Outcome, Step, Strategy};
use dlxkit::sudoku::ops;
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};

use crate::cli_generate_needs::generated;

/// Whether a step is a one-digit chain of any length, colourings included (by name, as the
/// explanation writes it).
fn one_digit_chain(s: Strategy) -> bool {
    let names = [
        "skyscraper",
        "2-string kite",
        "turbot fish",
        "empty rectangle",
        "grouped turbot fish",
        "3 strong links",
        "4 strong links",
        "X-chain",
        "simple colouring",
        "multi-colouring",
    ];
    names.contains(&s.name())
}

/// The step `finder` (a colouring rung) finds on `board`, if any.
fn found_by(finder: Strategy, board: &Board) -> Option<Step> {
    let (_, find) = ladder().iter().find(|(s, _)| *s == finder).unwrap();
    find(board)
}

/// The puzzle of `--needs name --seed seed --symmetry symmetry`, checked as the module
/// says; `colouring` the finder that must make the chain's eliminations, `not` the one that
/// must not.
fn assert_chain_puzzle(
    name: &str,
    seed: &str,
    symmetry: &str,
    colouring: Option<Strategy>,
    not: Option<Strategy>,
) {
    let r = generated(name, seed, symmetry);
    let again = generated(name, seed, symmetry);
    assert_eq!(
        again["puzzle"], r["puzzle"],
        "{name} {seed}: not reproducible"
    );
    let reached = (r["target_reached"].as_bool(), r["guesses"].as_u64());
    assert_eq!(reached, (Some(true), Some(0)), "{name} {seed}");
    let line = r["puzzle"].as_str().unwrap();
    let grid = parse_grid(line, &ParseOptions::default()).unwrap();
    let count = ops::count_solutions(&grid, 2).unwrap();
    assert_eq!(count, ops::SolutionCount::Exact(1), "{line}");
    let solution = ops::solve(&grid).unwrap().unwrap();
    let mut full = Explainer::new(&grid).unwrap().assume_unique(true);
    let mut board = full.board().clone();
    let mut before = None;
    let mut chain: Option<Step> = None;
    for step in full.by_ref() {
        for c in &step.eliminations {
            assert_ne!(solution.cells()[c.cell], c.digit, "{line}: {step:?}");
        }
        for c in &step.placements {
            assert_eq!(solution.cells()[c.cell], c.digit, "{line}: {step:?}");
        }
        if chain.as_ref().is_none_or(|h| step.score > h.score) {
            before = Some(board.clone());
            chain = Some(step.clone());
        }
        board.apply(&step);
    }
    assert_eq!(full.outcome(), Outcome::Solved, "{line}");
    let (chain, before) = (chain.unwrap(), before.unwrap());
    assert_eq!(r["hardest"], chain.strategy.name(), "{line}");
    let long = [
        Strategy::ThreeStrongLinks,
        Strategy::FourStrongLinks,
        Strategy::XChain,
    ];
    assert!(
        long.contains(&chain.strategy),
        "{line}: {:?}",
        chain.strategy
    );
    let covers = |finder: Strategy| {
        found_by(finder, &before).is_some_and(|s| {
            chain
                .eliminations
                .iter()
                .all(|e| s.eliminations.contains(e))
        })
    };
    if let Some(finder) = colouring {
        assert!(
            covers(finder),
            "{line}: {finder:?} misses the chain's eliminations"
        );
    }
    if let Some(finder) = not {
        assert!(
            !covers(finder),
            "{line}: {finder:?} makes the chain's eliminations"
        );
    }
    let mut without = Strategy::ALL
        .into_iter()
        .filter(|&s| one_digit_chain(s))
        .fold(
            Explainer::new(&grid).unwrap().assume_unique(true),
            |e, s| e.without(s),
        );
    let harder = without.by_ref().any(|s| s.score > chain.score);
    assert!(
        harder || without.outcome() != Outcome::Solved,
        "{line}: solved without one-digit chains by steps no harder than {:?}",
        chain.score
    );
}

#[test]
fn needs_x_chain_is_a_chain_of_three_strong_links_or_more() {
    assert_chain_puzzle("X-chain", "1", "180", None, None);
    assert_chain_puzzle("x-chain", "2", "none", None, None);
}

#[test]
fn needs_simple_colouring_is_such_a_chain_that_a_colour_trap_makes() {
    let simple = Some(Strategy::SimpleColouring);
    assert_chain_puzzle("simple colouring", "1", "180", simple, None);
    assert_chain_puzzle("simple colouring", "2", "none", simple, None);
}

#[test]
fn needs_multi_colouring_is_such_a_chain_through_two_clusters() {
    let multi = Some(Strategy::MultiColouring);
    let simple = Some(Strategy::SimpleColouring);
    assert_chain_puzzle("multi-colouring", "1", "180", multi, simple);
    assert_chain_puzzle("multi-colouring", "2", "none", multi, simple);
}
