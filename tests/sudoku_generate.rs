//! The generator at every size: each puzzle has exactly one solution (checked by a complete
//! DLX count, independent of the generator's own proofs), its givens keep the symmetry asked
//! for, and the same seed gives the same puzzle. Sizes 4 to 36 run here; 49 and 64 run in
//! the `#[ignore]`d `large_sizes_are_unique` (about 10 s in release, run by `.ci/run`:
//! `cargo test --release --test integration -- --ignored large_sizes_are_unique`).

use std::ops::ControlFlow;

use dlxkit::sudoku::generate::{
    default_node_limit, generate, generate_observed, Fill, GenerateError, GenerateOptions, Symmetry,
};
use dlxkit::sudoku::{ops, Grid, Shape, Variant};

/// The options the command line uses for a side: the usual box shape and node limit.
fn options(n: usize) -> GenerateOptions {
    let mut o = GenerateOptions::new(Shape::for_size(n).unwrap());
    o.node_limit = default_node_limit(n);
    o
}

/// Asserts that a generated puzzle is unique (by a complete count) and solved by its
/// solution.
fn assert_unique(puzzle: &Grid, solution: &Grid) {
    assert!(solution.is_solved(), "the solution is a valid grid");
    assert!(
        puzzle.is_filled_by(solution),
        "the solution keeps the givens"
    );
    assert_eq!(ops::uniqueness(puzzle).unwrap(), ops::Answer::Unique);
}

/// Whether every cell and its image under the symmetry are both given or both blank.
fn is_symmetric(puzzle: &Grid, symmetry: Symmetry) -> bool {
    let n = puzzle.size();
    let blank = |c: usize| puzzle.cells()[c] == 0;
    (0..n * n).all(|c| blank(c) == blank(symmetry.image(c, n)))
}

#[test]
fn generated_puzzles_are_unique_at_sizes_4_to_25() {
    for n in [4, 6, 8, 9, 12, 16, 25] {
        for seed in [1, 2] {
            let g = generate(&options(n), seed).unwrap();
            assert_eq!(g.fill, Fill::Search, "{n}x{n}");
            assert_unique(&g.puzzle, &g.solution);
            assert!(g.givens < n * n / 2 + n, "{n}x{n}: {} givens", g.givens);
        }
    }
}

#[test]
fn a_pattern_grid_gives_unique_puzzles_too() {
    for (n, seed) in [(9, 3), (16, 4), (25, 5)] {
        let g = generate(&options(n).fill(Fill::Pattern), seed).unwrap();
        assert_eq!(g.fill, Fill::Pattern);
        assert_unique(&g.puzzle, &g.solution);
    }
}

#[test]
fn variants_are_generated_unique_up_to_their_size() {
    for (variant, n) in [
        (Variant::X, 9),
        (Variant::X, 16),
        (Variant::Windoku, 9),
        (Variant::X, 25),
    ] {
        let g = generate(&options(n).variant(variant.clone()), 1).unwrap();
        assert_eq!(g.puzzle.layout().variant_name(), variant.name());
        assert_unique(&g.puzzle, &g.solution);
    }
}

#[test]
fn each_symmetry_is_kept_in_the_givens() {
    for symmetry in Symmetry::ALL {
        for n in [6, 9, 16] {
            if symmetry == Symmetry::Rotational90 && n == 6 {
                continue; // 2x3 boxes: refused, below
            }
            for seed in 0..3 {
                let g = generate(&options(n).symmetry(symmetry), seed).unwrap();
                assert!(
                    is_symmetric(&g.puzzle, symmetry),
                    "{} {n}x{n} seed {seed}",
                    symmetry.name()
                );
                assert_unique(&g.puzzle, &g.solution);
                // Not symmetric by accident only: the symmetry took cells out in groups.
                assert!(g.givens < n * n);
            }
        }
    }
    // The symmetries differ: a quarter-turn pattern is also a half-turn one, not the
    // reverse; a mirror pattern is not a diagonal one in general.
    let quarter = generate(&options(9).symmetry(Symmetry::Rotational90), 7).unwrap();
    assert!(is_symmetric(&quarter.puzzle, Symmetry::Rotational));
    let mirrors: Vec<bool> = (0..5)
        .map(|seed| {
            let g = generate(&options(9).symmetry(Symmetry::Mirror), seed).unwrap();
            is_symmetric(&g.puzzle, Symmetry::Diagonal)
        })
        .collect();
    assert!(mirrors.contains(&false));
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    for n in [9, 16, 36] {
        let a = generate(&options(n), 42).unwrap();
        let b = generate(&options(n), 42).unwrap();
        assert_eq!(a, b, "{n}x{n}");
        let c = generate(&options(n), 43).unwrap();
        assert_ne!(a.puzzle, c.puzzle, "{n}x{n}");
    }
}

#[test]
fn thirty_six_comes_from_the_pattern_and_is_unique() {
    let g = generate(&options(36), 1).unwrap();
    assert_eq!(g.fill, Fill::Pattern);
    assert_unique(&g.puzzle, &g.solution);
    // Logic alone proves the removals at this size: no search ran.
    assert_eq!(g.checks.searches, 0);
    assert!(g.checks.by_singles + g.checks.by_trials > 0);
}

#[test]
fn a_stopped_removal_still_gives_a_unique_puzzle() {
    let o = options(25);
    let g = generate_observed(
        &o,
        9,
        |_| true,
        |p| {
            if p.tried >= 300 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    )
    .unwrap();
    assert!(g.stopped);
    assert!(g.givens > 625 - 300);
    assert_unique(&g.puzzle, &g.solution);
}

#[test]
fn what_cannot_be_generated_is_refused_with_the_reason() {
    let refused = |o: GenerateOptions| match generate(&o, 1) {
        Err(GenerateError::Unsupported { reason }) => reason,
        other => panic!("not refused: {other:?}"),
    };
    assert_eq!(
        refused(options(6).symmetry(Symmetry::Rotational90)),
        "symmetry rotational90 needs square boxes: a quarter turn of a grid with 2x3 boxes \
         has 3x2 boxes (use rotational, mirror or diagonal)"
    );
    assert_eq!(
        refused(options(25).variant(Variant::Windoku)),
        "windoku puzzles are generated up to 16x16, not 25x25: their complete grid must be \
         found by a search, which does not finish in time beyond that (standard puzzles go to \
         any size)"
    );
    assert!(
        refused(options(36).variant(Variant::X)).starts_with("x puzzles are generated up to 25x25")
    );
    assert_eq!(
        refused(options(9).variant(Variant::X).fill(Fill::Pattern)),
        "the pattern fill makes standard grids only, not x"
    );
}

/// 36x36, 49x49 and 64x64: generated with the command line's node limits (logic alone), then
/// counted by DLX. About 10 s in release. The counts are the slow part and vary a lot from
/// puzzle to puzzle: DLX counts these in under a second each, but the 49x49 mirror puzzle
/// of seed 1 took it more than a minute (the generator proved it unique in 1.4 s).
#[test]
#[ignore = "about 10 s in release; run with --ignored"]
fn large_sizes_are_unique() {
    for (n, symmetry, seed) in [
        (36, Symmetry::Rotational, 1),
        (49, Symmetry::Mirror, 2),
        (64, Symmetry::Rotational90, 1),
    ] {
        let g = generate(&options(n).symmetry(symmetry), seed).unwrap();
        assert_eq!(g.fill, Fill::Pattern);
        assert!(is_symmetric(&g.puzzle, symmetry), "{n}x{n}");
        assert!(g.givens < n * n * 3 / 4, "{n}x{n}: {} givens", g.givens);
        assert_unique(&g.puzzle, &g.solution);
        assert_eq!(generate(&options(n).symmetry(symmetry), seed).unwrap(), g);
    }
}
