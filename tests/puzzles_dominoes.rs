//! Domino tilings of rectangles: OEIS A004003 for the even squares.

use std::collections::HashSet;

use dlxkit::puzzles::dominoes::{Domino, DominoTiling, Dominoes};
use dlxkit::puzzles::{Puzzle, PuzzleError};
use dlxkit::xc::Problem;

use crate::puzzles_common::count_and_check;

#[test]
fn small_squares_and_rectangles() {
    assert_eq!(
        count_and_check(&Dominoes::new(2, 2).unwrap(), usize::MAX),
        2
    );
    assert_eq!(
        count_and_check(&Dominoes::new(4, 4).unwrap(), usize::MAX),
        36
    );
    assert_eq!(
        count_and_check(&Dominoes::new(6, 6).unwrap(), usize::MAX),
        6_728
    );
    // 2 x n: Fibonacci numbers; odd areas have none.
    let fib: Vec<u64> = Dominoes::new(2, 1)
        .into_iter()
        .chain((2..=10).map(|n| Dominoes::new(2, n).unwrap()))
        .map(|d| d.count())
        .collect();
    assert_eq!(fib, [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    assert_eq!(Dominoes::new(5, 5).unwrap().count(), 0);
    assert_eq!(Dominoes::new(1, 1).unwrap().count(), 0);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn eight_by_eight_counting_benchmark() {
    assert_eq!(
        count_and_check(&Dominoes::new(8, 8).unwrap(), 1_000),
        12_988_816
    );
}

#[test]
fn every_4x4_tiling_is_distinct_and_valid() {
    let d = Dominoes::new(4, 4).unwrap();
    let all = d.solutions_up_to(usize::MAX).unwrap();
    let distinct: HashSet<Vec<Domino>> = all
        .iter()
        .map(|t| {
            d.validate(t).unwrap();
            let mut v = t.dominoes.clone();
            v.sort();
            v
        })
        .collect();
    assert_eq!(distinct.len(), 36);
}

#[test]
fn the_first_tiling_is_drawn() {
    let d = Dominoes::new(3, 4).unwrap();
    let t = d.first().unwrap().unwrap();
    d.validate(&t).unwrap();
    let picture = d.render(&t);
    assert_eq!(picture.lines().count(), 3);
    assert!(picture.lines().all(|l| l.len() == 4));
    assert_eq!(picture.matches('<').count(), picture.matches('>').count());
    assert_eq!(picture.matches('^').count(), picture.matches('v').count());
    assert!(!picture.contains('.'));
}

#[test]
fn the_validator_catches_gaps_and_overlaps() {
    let d = Dominoes::new(2, 2).unwrap();
    let h = |row| Domino {
        row,
        col: 0,
        vertical: false,
    };
    assert!(d
        .validate(&DominoTiling {
            dominoes: vec![h(0), h(1)]
        })
        .is_ok());
    assert!(d
        .validate(&DominoTiling {
            dominoes: vec![h(0)]
        })
        .is_err());
    assert!(d
        .validate(&DominoTiling {
            dominoes: vec![h(0), h(0)]
        })
        .is_err());
    assert!(d
        .validate(&DominoTiling {
            dominoes: vec![h(0), h(2)]
        })
        .is_err());
}

#[test]
fn dlx_text_round_trip_keeps_the_count() {
    let d = Dominoes::new(4, 5).unwrap();
    let back = Problem::from_dlx(&d.problem().to_dlx()).unwrap();
    assert_eq!(back.count_solutions(), d.count());
    assert_eq!(back.count_solutions(), 95);
}

#[test]
fn sizes_are_checked() {
    assert!(matches!(
        Dominoes::new(0, 4),
        Err(PuzzleError::TooSmall { .. })
    ));
    assert!(matches!(
        Dominoes::new(1_000, 1_000),
        Err(PuzzleError::TooLarge { .. })
    ));
}
