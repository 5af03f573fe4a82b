//! `Problem::forcing`: the problem restricted to a set of forced options has exactly the
//! solutions of the original that contain them all (by brute force, with and without
//! colours; counted by dancing links and by the memoised search), and clashing forced
//! options are refused only when no solution could hold them all.

use dlxkit::xc::memo::{self, MemoOptions};
use dlxkit::xc::{ForceError, OptionId, Problem};
use quickcheck::quickcheck;

use crate::random_problems::{brute_force, Random};

/// A solution written as its options' texts, sorted: comparable across the two problems,
/// whose option ids differ.
fn texts(p: &Problem, solution: &[OptionId]) -> Vec<String> {
    let mut t: Vec<String> = solution.iter().map(|&o| p.option_text(o)).collect();
    t.sort();
    t
}

fn forcing_keeps_the_solutions_that_hold_the_forced(r: &Random, mask: u16) -> bool {
    let p = r.problem();
    let forced: Vec<OptionId> = p
        .options()
        .filter(|o| mask & (1 << o.index()) != 0)
        .collect();
    // Sorted lists, not sets: two options may read the same.
    let mut expected: Vec<Vec<String>> = brute_force(&p)
        .into_iter()
        .filter(|s| forced.iter().all(|f| s.contains(f)))
        .map(|s| texts(&p, &s))
        .collect();
    expected.sort();
    match p.forcing(&forced) {
        Ok(q) => {
            let mut found: Vec<Vec<String>> =
                brute_force(&q).iter().map(|s| texts(&q, s)).collect();
            found.sort();
            let memo = memo::count(&q, &MemoOptions::new()).unwrap().count;
            found == expected
                && q.count_solutions() == expected.len() as u64
                && memo.to_u64() == Some(expected.len() as u64)
                && q.item_count() == p.item_count()
        }
        Err(ForceError::Conflict { .. }) => expected.is_empty(),
        Err(_) => false,
    }
}

quickcheck! {
    fn forcing_keeps_exactly_the_solutions_holding_the_forced_options(r: Random, mask: u16) -> bool {
        forcing_keeps_the_solutions_that_hold_the_forced(&r, mask)
    }

    fn forcing_without_colours_too(r: Random, mask: u16) -> bool {
        forcing_keeps_the_solutions_that_hold_the_forced(&r.uncoloured(), mask)
    }
}

#[test]
fn forcing_nothing_keeps_every_option_and_foreign_ids_are_refused() {
    let p = Problem::from_dlx("A B | X\nA X:0\nB X:1\nA B\nB X:0\n").unwrap();
    let q = p.forcing(&[]).unwrap();
    assert_eq!(q.to_dlx(), p.to_dlx());
    assert_eq!(
        p.forcing(&[OptionId::new(9)]).err(),
        Some(ForceError::UnknownOption { option: 9 })
    );
    // `A X:0` and `B X:1` give X two colours: no solution holds both.
    assert_eq!(
        p.forcing(&[OptionId::new(0), OptionId::new(1)]).err(),
        Some(ForceError::Conflict { option: 1 })
    );
    // `A X:0` leaves `B X:0` (same colour) and drops `B X:1` and `A B`.
    let q = p.forcing(&[OptionId::new(0), OptionId::new(0)]).unwrap();
    assert_eq!(q.to_dlx(), "A B | X\nA X:0\nB X:0\n");
}

#[test]
fn forcing_is_refused_with_item_bounds() {
    let p = Problem::from_dlx("2|A B\nA B\nA\n").unwrap();
    assert_eq!(
        p.forcing(&[OptionId::new(1)]).err(),
        Some(ForceError::Bounded)
    );
}
