//! Langford pairs: OEIS A014552 (counts up to reversal) and the raw counts, twice as many.

use std::collections::HashSet;

use dlxkit::puzzles::langford::{Langford, LangfordSequence};
use dlxkit::puzzles::{Puzzle, PuzzleError};
use dlxkit::xc::Problem;

use crate::puzzles_common::count_and_check;

#[test]
fn small_counts_raw_and_reduced() {
    // n = 1, 2, 5, 6 have none; 3, 4 one each up to reversal; 7: 26; 8: 150.
    for (n, reduced) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 0),
        (6, 0),
        (7, 26),
        (8, 150),
    ] {
        let raw = Langford::new(n, false).unwrap();
        assert_eq!(
            count_and_check(&raw, usize::MAX),
            2 * reduced,
            "raw n = {n}"
        );
        let half = Langford::new(n, true).unwrap();
        assert_eq!(
            count_and_check(&half, usize::MAX),
            reduced,
            "reduced n = {n}"
        );
    }
}

#[test]
fn the_reduction_keeps_one_of_each_reversed_pair() {
    let raw = Langford::new(8, false).unwrap();
    let all: HashSet<Vec<usize>> = raw
        .solutions_up_to(usize::MAX)
        .unwrap()
        .into_iter()
        .map(|s| s.0)
        .collect();
    assert_eq!(all.len(), 300);
    let half = Langford::new(8, true).unwrap();
    let kept: Vec<Vec<usize>> = half
        .solutions_up_to(usize::MAX)
        .unwrap()
        .into_iter()
        .map(|s| s.0)
        .collect();
    let mut covered = HashSet::new();
    for s in &kept {
        assert!(all.contains(s));
        let mut r = s.clone();
        r.reverse();
        assert_ne!(&r, s, "no palindromes");
        assert!(
            covered.insert(s.clone()) && covered.insert(r),
            "one of each pair"
        );
    }
    assert_eq!(covered, all);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn counts_for_11() {
    assert_eq!(
        count_and_check(&Langford::new(11, true).unwrap(), 1_000),
        17_792
    );
    assert_eq!(
        count_and_check(&Langford::new(11, false).unwrap(), 1_000),
        35_584
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn counts_for_12() {
    assert_eq!(
        count_and_check(&Langford::new(12, true).unwrap(), 1_000),
        108_144
    );
    assert_eq!(
        count_and_check(&Langford::new(12, false).unwrap(), 1_000),
        216_288
    );
}

#[test]
fn the_first_solution_is_drawn_as_a_sequence() {
    let l = Langford::new(4, true).unwrap();
    let s = l.first().unwrap().unwrap();
    l.validate(&s).unwrap();
    let text = l.render(&s);
    assert!(
        text == "4 1 3 1 2 4 3 2\n" || text == "2 3 4 2 1 3 1 4\n",
        "{text}"
    );
}

#[test]
fn the_validator_catches_bad_sequences() {
    let l = Langford::new(3, false).unwrap();
    assert!(l
        .validate(&LangfordSequence(vec![2, 3, 1, 2, 1, 3]))
        .is_ok());
    for bad in [
        vec![1, 2, 1, 3, 2, 3],
        vec![2, 3, 1, 2, 1],
        vec![2, 3, 1, 2, 1, 4],
        vec![3, 3, 1, 2, 1, 2],
    ] {
        assert!(
            l.validate(&LangfordSequence(bad.clone())).is_err(),
            "{bad:?}"
        );
    }
}

#[test]
fn dlx_text_round_trip_keeps_the_count() {
    for (n, reduce, expected) in [(7, true, 26), (7, false, 52), (8, true, 150)] {
        let l = Langford::new(n, reduce).unwrap();
        let back = Problem::from_dlx(&l.problem().to_dlx()).unwrap();
        assert_eq!(back.count_solutions(), expected);
    }
}

#[test]
fn sizes_are_checked() {
    assert!(matches!(
        Langford::new(0, true),
        Err(PuzzleError::TooSmall { .. })
    ));
    assert!(matches!(
        Langford::new(5_000, true),
        Err(PuzzleError::TooLarge { .. })
    ));
}
