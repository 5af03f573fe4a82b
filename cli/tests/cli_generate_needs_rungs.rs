//! `dlxkit sudoku generate --needs TECHNIQUE` for the rungs up to XY-chains that
//! `cli_generate_needs.rs` does not try (issue 29: "`--needs` puzzles checked to be unique
//! and to need the technique (the ladder without it gets stuck)"): for each, a cheap seed
//! under the default symmetry, the puzzle checked as that file checks its rungs (its
//! `assert_needs`).
//!
//! The seeds are the cheapest of seeds 1-5 in BENCHMARKS.md (audit29: main 018fd69's
//! binary, CPU a puzzle), 4 strong links' of seeds 1-12 (3.8 s on seed 8, the others 5 s and
//! more). The single rungs are checked too: a puzzle whose hardest step is a hidden single
//! is stuck without it.

use dlxkit::sudoku::explain::Strategy;

use crate::cli_generate_needs::assert_needs;

/// The singles, SE's direct rules, the intersections, pairs and triples.
#[test]
fn needs_makes_puzzles_that_need_the_simple_rungs() {
    for (name, strategy, seed) in [
        ("hidden single", Strategy::HiddenSingle, "1"),
        ("direct pointing", Strategy::DirectPointing, "2"),
        ("direct hidden pair", Strategy::DirectHiddenPair, "1"),
        ("naked single", Strategy::NakedSingle, "1"),
        ("direct hidden triple", Strategy::DirectHiddenTriple, "3"),
        ("pointing", Strategy::Pointing, "4"),
        ("box-line reduction", Strategy::BoxLineReduction, "2"),
        ("naked pair", Strategy::NakedPair, "2"),
        ("X-wing", Strategy::XWing, "3"),
        ("hidden pair", Strategy::HiddenPair, "1"),
        ("naked triple", Strategy::NakedTriple, "1"),
        ("hidden triple", Strategy::HiddenTriple, "4"),
    ] {
        assert_needs(name, strategy, seed);
    }
}

/// SE's strong-link rungs, the finned and grouped fish, wings, the unique rectangle of
/// type 1 and the BUGs not tried in `cli_generate_needs.rs`.
#[test]
fn needs_makes_puzzles_that_need_the_harder_rungs() {
    for (name, strategy, seed) in [
        ("2-string kite", Strategy::TwoStringKite, "3"),
        ("turbot fish", Strategy::TurbotFish, "1"),
        ("empty rectangle", Strategy::EmptyRectangle, "2"),
        ("finned X-wing", Strategy::FinnedXWing, "2"),
        ("grouped turbot fish", Strategy::GroupedTurbotFish, "5"),
        ("XYZ-wing", Strategy::XyzWing, "2"),
        ("unique rectangle type 1", Strategy::UniqueRectangle, "5"),
        ("BUG+1", Strategy::BugPlusOne, "3"),
        ("BUG type 2", Strategy::BugType2, "3"),
        ("4 strong links", Strategy::FourStrongLinks, "8"),
        ("VWXYZ-wing", Strategy::VwxyzWing, "4"),
        ("UVWXYZ-wing", Strategy::UvwxyzWing, "3"),
    ] {
        assert_needs(name, strategy, seed);
    }
}
