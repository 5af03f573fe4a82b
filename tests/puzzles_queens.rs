//! n-queens: the counts of OEIS A000170 for n = 1..14, in both item orders.

use dlxkit::puzzles::queens::{Queens, QueensOrder, QueensSolution};
use dlxkit::puzzles::{Puzzle, PuzzleError};
use dlxkit::xc::{Arena, Problem, Solver};

const A000170: [u64; 14] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2_680, 14_200, 73_712, 365_596,
];

use crate::puzzles_common::count_and_check;

#[test]
fn counts_up_to_12_in_both_orders() {
    for n in 1..=12 {
        for order in [QueensOrder::Natural, QueensOrder::OrganPipe] {
            let q = Queens::new(n, order).unwrap();
            assert_eq!(
                count_and_check(&q, 1_000),
                A000170[n - 1],
                "n = {n}, {order:?}"
            );
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn count_for_13() {
    let q = Queens::new(13, QueensOrder::OrganPipe).unwrap();
    assert_eq!(count_and_check(&q, 1_000), 73_712);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn count_for_14() {
    let q = Queens::new(14, QueensOrder::OrganPipe).unwrap();
    assert_eq!(count_and_check(&q, 1_000), 365_596);
}

#[test]
fn every_8_queens_solution_is_valid_and_distinct() {
    let q = Queens::new(8, QueensOrder::Natural).unwrap();
    let mut all = q.solutions_up_to(usize::MAX).unwrap();
    assert_eq!(all.len(), 92);
    for s in &all {
        q.validate(s).unwrap();
    }
    all.sort_by(|a, b| a.columns.cmp(&b.columns));
    all.dedup();
    assert_eq!(all.len(), 92);
}

#[test]
fn organ_pipe_order_searches_a_smaller_tree() {
    // Not a speed assertion: the node counts are properties of the search tree.
    let nodes = |order| {
        let q = Queens::new(10, order).unwrap();
        let arena = Arena::new();
        let outcome = Solver::new(q.problem(), &arena).count();
        assert_eq!(outcome.stats.solutions, 724);
        outcome.stats.nodes
    };
    assert!(nodes(QueensOrder::OrganPipe) < nodes(QueensOrder::Natural));
}

#[test]
fn the_first_solution_is_drawn_as_a_board() {
    let q = Queens::new(8, QueensOrder::OrganPipe).unwrap();
    let s = q.first().unwrap().unwrap();
    q.validate(&s).unwrap();
    let picture = q.render(&s);
    assert_eq!(picture.lines().count(), 8);
    for line in picture.lines() {
        assert_eq!(line.len(), 8);
        assert_eq!(line.matches('Q').count(), 1);
    }
    assert_eq!(picture.matches('Q').count(), 8);
}

#[test]
fn the_validator_catches_attacks() {
    let q = Queens::new(5, QueensOrder::Natural).unwrap();
    for bad in [
        vec![0, 2, 4, 1],
        vec![0, 2, 4, 1, 1],
        vec![0, 1, 3, 5, 2],
        vec![0, 5, 1, 3, 2],
    ] {
        assert!(
            q.validate(&QueensSolution {
                columns: bad.clone()
            })
            .is_err(),
            "{bad:?}"
        );
    }
    assert!(q
        .validate(&QueensSolution {
            columns: vec![0, 2, 4, 1, 3]
        })
        .is_ok());
}

#[test]
fn dlx_text_round_trip_keeps_the_count() {
    for n in [4, 6, 8] {
        let q = Queens::new(n, QueensOrder::OrganPipe).unwrap();
        let back = Problem::from_dlx(&q.problem().to_dlx()).unwrap();
        assert_eq!(back.count_solutions(), A000170[n - 1]);
        assert_eq!(back.secondary_count(), 4 * n - 2);
    }
}

#[test]
fn sizes_are_checked() {
    assert!(matches!(
        Queens::new(0, QueensOrder::Natural),
        Err(PuzzleError::TooSmall { .. })
    ));
    assert!(matches!(
        Queens::new(1_001, QueensOrder::Natural),
        Err(PuzzleError::TooLarge { .. })
    ));
}
