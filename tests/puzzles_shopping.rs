//! The shopping list: three ways to buy the school supplies, checked against brute force.

use crate::puzzles_common::parse_error_at;
use dlxkit::puzzles::shopping::{Bundle, Purchase, ShoppingList};
use dlxkit::puzzles::{Puzzle, PuzzleError};
use dlxkit::xc::Problem;

/// Counts the exact covers by trying every subset of bundles (no dancing links).
fn brute_force(list: &ShoppingList) -> u64 {
    let n = list.bundles().len();
    assert!(n < 24);
    let mut count = 0;
    for mask in 0u32..(1 << n) {
        let bundles: Vec<usize> = (0..n).filter(|k| mask >> k & 1 == 1).collect();
        if list.validate(&Purchase { bundles }).is_ok() {
            count += 1;
        }
    }
    count
}

#[test]
fn school_supplies_have_three_ways() {
    let list = ShoppingList::school_supplies().unwrap();
    assert_eq!(list.count(), 3);
    assert_eq!(brute_force(&list), 3);
    let all = list.solutions_up_to(usize::MAX).unwrap();
    assert_eq!(all.len(), 3);
    let mut drawn: Vec<String> = all
        .iter()
        .map(|p| {
            list.validate(p).unwrap();
            list.render(p)
        })
        .collect();
    drawn.sort();
    drawn.dedup();
    assert_eq!(drawn.len(), 3);
    // The desk set (pencils, eraser, ruler) is in no solution.
    assert!(drawn.iter().all(|d| !d.contains("desk-set")));
    // Each drawing lists every item once, after its bundle's name.
    for d in &drawn {
        let mut bought: Vec<&str> = d
            .lines()
            .flat_map(|line| line.split_once(": ").unwrap().1.split(", "))
            .collect();
        bought.sort_unstable();
        let mut wanted: Vec<&str> = list.items().iter().map(String::as_str).collect();
        wanted.sort_unstable();
        assert_eq!(bought, wanted, "{d}");
    }
}

#[test]
fn a_list_built_in_code_agrees_with_brute_force() {
    let list = ShoppingList::new(
        ["a", "b", "c", "d"],
        vec![
            Bundle::new("ab", ["a", "b"]),
            Bundle::new("cd", ["c", "d"]),
            Bundle::new("a", ["a"]),
            Bundle::new("bcd", ["b", "c", "d"]),
            Bundle::new("bc", ["b", "c"]),
            Bundle::new("d", ["d"]),
        ],
    )
    .unwrap();
    assert_eq!(list.count(), brute_force(&list));
    assert_eq!(list.count(), 3);
}

#[test]
fn dlx_text_round_trip_keeps_the_count() {
    let list = ShoppingList::school_supplies().unwrap();
    let back = Problem::from_dlx(&list.problem().to_dlx()).unwrap();
    assert_eq!(back.count_solutions(), 3);
}

#[test]
fn the_validator_catches_missing_and_doubled_items() {
    let list = ShoppingList::school_supplies().unwrap();
    assert!(list.validate(&Purchase { bundles: vec![] }).is_err());
    assert!(list
        .validate(&Purchase {
            bundles: (0..12).collect()
        })
        .is_err());
    assert!(list.validate(&Purchase { bundles: vec![99] }).is_err());
}

#[test]
fn malformed_lists_are_errors() {
    assert_eq!(parse_error_at(ShoppingList::parse("pens: a\n")), (1, 1));
    assert_eq!(
        parse_error_at(ShoppingList::parse("need: a b\nx: a\nx: b\n")).0,
        3
    );
    assert_eq!(parse_error_at(ShoppingList::parse("need: a a\n")), (1, 9));
    assert_eq!(
        parse_error_at(ShoppingList::parse("need: a\nx a\n")),
        (2, 1)
    );
    assert!(matches!(
        ShoppingList::parse("| nothing\n"),
        Err(PuzzleError::Empty { .. })
    ));
    let err = ShoppingList::new(["a", "a"], vec![]).unwrap_err();
    assert_eq!(err, PuzzleError::Duplicate { name: "a".into() });
    // An item no bundle holds: fine, but no way to shop.
    let list = ShoppingList::parse("need: a b\nx: a\n").unwrap();
    assert_eq!(list.count(), 0);
}
