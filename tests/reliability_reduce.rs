//! Regression tests of issue 26's last `reduce` item: one option holding every item beside
//! short ones made each step hide the long option again, a round the square of the problem
//! (4.7 s at 10^4 items; not done after 300 s at 10^5). Steps that can change nothing are now
//! skipped (`Watches` in src/xc/reduce.rs); the reduction must stay DLX-PRE's.

use std::collections::BTreeSet;

use dlxkit::rng::Rng;
use dlxkit::xc::{OptionId, Problem, ReduceOptions, Status};

use crate::random_problems::{brute_force, sorted};

/// `n` items `i0 ...`, one option of them all, and the one-item options of `singles`.
fn long_and_singles(n: usize, singles: impl Iterator<Item = usize>) -> String {
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let mut text = format!("{}\n{}\n", items.join(" "), items.join(" "));
    for k in singles {
        text += &format!("i{k}\n");
    }
    text
}

#[test]
fn one_option_of_every_item_and_singletons_reduce_in_one_quiet_round() {
    let n = 50_000;
    let p = Problem::from_dlx(&long_and_singles(n, 0..n)).unwrap();
    let r = p.reduce(&ReduceOptions::new());
    assert_eq!(r.status, Status::Complete);
    assert!(r.fixed_point);
    assert_eq!(r.rounds, 1);
    assert_eq!((r.removed_options.len(), r.removed_items.len()), (0, 0));
    assert_eq!(r.steps, n as u64, "one step per item");
    assert_eq!(r.problem.option_count(), n + 1);
}

#[test]
fn an_item_whose_only_option_is_the_long_one_forces_it() {
    // `i3` has only the long option: every other item is forced by it (each item's turn
    // hides the long option and leaves `i3` without one), and the singletons go.
    let n = 6;
    let p = Problem::from_dlx(&long_and_singles(n, (0..n).filter(|&k| k != 3))).unwrap();
    let r = p.reduce(&ReduceOptions::new());
    assert_eq!(r.problem.option_count(), 1);
    assert_eq!(r.problem.item_count(), 1);
    assert_eq!(r.problem.all_solutions().len(), 1);
    assert_eq!(brute_force(&p).len(), 1);
}

/// A random problem of this family: the long option, singletons for some items, short
/// options of two or three items, maybe a secondary item with colours: at most 15 options,
/// for the brute force.
fn random_family(rng: &mut Rng) -> Problem {
    let n = 2 + rng.below(7);
    let mut text = long_and_singles(n, (0..n).filter(|_| rng.below(4) != 0));
    if rng.below(2) == 0 {
        text = text.replacen('\n', " | s\n", 1);
        text += &format!("i{} s:x\ni{} s:y\n", rng.below(n), rng.below(n));
    }
    for _ in 0..rng.below(3) {
        let a = rng.below(n);
        let b = (a + 1 + rng.below(n - 1)) % n;
        text += &format!("i{a} i{b}\n");
        if rng.below(3) == 0 {
            let c = rng.below(n);
            if c != a && c != b {
                text += &format!("i{a} i{b} i{c}\n");
            }
        }
    }
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn the_family_keeps_exactly_its_solutions_and_reaches_a_fixed_point() {
    let mut rng = Rng::new(26);
    for case in 0..2000 {
        let p = random_family(&mut rng);
        let r = p.reduce(&ReduceOptions::new());
        let mapped: BTreeSet<Vec<OptionId>> = r
            .problem
            .all_solutions()
            .into_iter()
            .map(|s| sorted(r.original(&s)))
            .collect();
        assert_eq!(mapped, brute_force(&p), "case {case}:\n{}", p.to_dlx());
        if r.infeasible.is_none() {
            let again = r.problem.reduce(&ReduceOptions::new());
            assert!(
                again.removed_options.is_empty() && again.removed_items.is_empty(),
                "case {case}: not a fixed point:\n{}",
                p.to_dlx()
            );
        }
    }
}
