//! Preprocessing (`Problem::reduce`, Knuth's DLX-PRE): the reduced problem has exactly the
//! solutions of the original, option for option, on random problems with and without
//! colours; Knuth's examples reduce as DLX-PRE reduces them; and every puzzle's problem
//! keeps its count.

use std::collections::BTreeSet;

use dlxkit::puzzles::dominoes::Dominoes;
use dlxkit::puzzles::langford::Langford;
use dlxkit::puzzles::polyomino::pentomino_rectangle;
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::reduce::{ItemReason, OptionReason};
use dlxkit::xc::{OptionId, Problem, ReduceOptions};
use quickcheck::quickcheck;

use crate::random_problems::{brute_force, sorted, Random};

/// The reduced problem's solutions, mapped back to the original options.
fn mapped_solutions(p: &Problem, options: &ReduceOptions) -> BTreeSet<Vec<OptionId>> {
    let r = p.reduce(options);
    assert_eq!(
        r.problem.option_count() + r.removed_options.len(),
        p.option_count(),
        "every option is kept or removed, once"
    );
    r.problem
        .all_solutions()
        .into_iter()
        .map(|s| sorted(r.original(&s)))
        .collect()
}

quickcheck! {
    fn reduction_keeps_exactly_the_solutions_with_colours(s: Random) -> bool {
        let p = s.problem();
        mapped_solutions(&p, &ReduceOptions::new()) == brute_force(&p)
    }

    fn reduction_keeps_exactly_the_solutions_without_colours(s: Random) -> bool {
        let p = s.uncoloured().problem();
        mapped_solutions(&p, &ReduceOptions::new()) == brute_force(&p)
    }

    fn a_round_limit_stops_early_and_stays_exact(s: Random) -> bool {
        let p = s.problem();
        let one = p.reduce(&ReduceOptions::new().rounds(1));
        one.rounds <= 1 && mapped_solutions(&p, &ReduceOptions::new().rounds(1)) == brute_force(&p)
    }

    fn a_reduced_problem_is_a_fixed_point(s: Random) -> bool {
        let r = s.problem().reduce(&ReduceOptions::new());
        let again = r.problem.reduce(&ReduceOptions::new());
        r.infeasible.is_some()
            || (again.removed_options.is_empty() && again.removed_items.is_empty() && again.rounds == 1)
    }
}

#[test]
fn knuths_toy_problem_reduces_as_dlx_pre_reduces_it() {
    // DLX-PRE: "Removed 3 options and 4 items, after ... 3 rounds", leaving A B E.
    let p = Problem::from_dlx(include_str!("../data/dlx/knuth-toy.dlx")).unwrap();
    let r = p.reduce(&ReduceOptions::new());
    assert_eq!(r.problem.to_dlx(), "A B E\nE\nA\nB\n");
    assert_eq!(
        (r.removed_options.len(), r.removed_items.len(), r.rounds),
        (3, 4, 3)
    );
    assert!(r.fixed_point);
    let texts: Vec<String> = r.origin.iter().map(|&o| p.option_text(o)).collect();
    assert_eq!(texts, ["C E F", "A D", "B G"]);
    let d = p.item_id("D").unwrap();
    let a = p.item_id("A").unwrap();
    assert_eq!(r.removed_items[0].item, d);
    assert_eq!(r.removed_items[0].reason, ItemReason::ForcedBy(a));
}

#[test]
fn knuths_colour_example_reduces_as_dlx_pre_reduces_it() {
    // DLX-PRE: "Removed 2 options and 1 item, after ... 2 rounds".
    let p = Problem::from_dlx(include_str!("../data/dlx/knuth-colors.dlx")).unwrap();
    let r = p.reduce(&ReduceOptions::new());
    assert_eq!(r.problem.to_dlx(), "A B | X Y\nA X:1 Y:1\nB X:1\n");
    assert_eq!(
        (r.removed_options.len(), r.removed_items.len(), r.rounds),
        (2, 1, 2)
    );
    let c = p.item_id("C").unwrap();
    assert_eq!(r.removed_options[0].reason, OptionReason::Blocks(c));
}

#[test]
fn an_infeasible_problem_reduces_to_its_uncoverable_item() {
    // Both options of A clash with the only option of B.
    let p = Problem::from_dlx("A B C\nA C\nA C\nB C\n").unwrap();
    let r = p.reduce(&ReduceOptions::new());
    assert!(r.infeasible.is_some());
    assert_eq!(r.problem.option_count(), 0);
    assert_eq!(r.problem.count_solutions(), 0);
    assert_eq!(r.removed_options.len(), 3);
    assert_eq!(r.removed_items.len(), 2);
}

#[test]
fn the_puzzles_keep_their_counts() {
    let problems: Vec<(&str, Problem)> = vec![
        (
            "queens-6",
            Queens::new(6, QueensOrder::OrganPipe)
                .unwrap()
                .problem()
                .clone(),
        ),
        (
            "langford-7",
            Langford::new(7, false).unwrap().problem().clone(),
        ),
        (
            "dominoes-4x4",
            Dominoes::new(4, 4).unwrap().problem().clone(),
        ),
        (
            "pentominoes-3x20",
            pentomino_rectangle(3, 20, false).unwrap().problem().clone(),
        ),
    ];
    for (name, p) in problems {
        let r = p.reduce(&ReduceOptions::new());
        assert_eq!(r.problem.count_solutions(), p.count_solutions(), "{name}");
    }
}

#[test]
fn a_problem_with_item_bounds_keeps_what_no_rule_removes() {
    // `A` (exactly once) is reasoned about in one round that removes nothing: `B` (twice)
    // clashes with no option, so no rule may go through it (tests/engine_plan.rs has the
    // bounded reductions that remove).
    let p = dlxkit::xc::Problem::from_dlx("A 2|B\nA B\nB\nA\n").unwrap();
    let r = p.reduce(&dlxkit::xc::ReduceOptions::new());
    assert_eq!(r.problem.to_dlx(), p.to_dlx());
    assert_eq!(
        (r.rounds, r.removed_options.len(), r.fixed_point),
        (1, 0, true)
    );
}
