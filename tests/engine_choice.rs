//! The item choice: Knuth's seeded order and tie-breaks, his sharp preference, and the
//! choice on problems with very many primary items.

use std::collections::BTreeSet;

use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::{Arena, OptionId, Problem, SearchOrder, Solver};

use crate::dlx1_oracle;

fn solutions(p: &Problem, order: SearchOrder) -> Vec<Vec<OptionId>> {
    let arena = Arena::new();
    let mut s = Solver::with_order(p, &arena, order);
    let all: Vec<Vec<OptionId>> = s.solutions().collect();
    assert!(s.is_pristine());
    all
}

fn as_set(all: &[Vec<OptionId>]) -> BTreeSet<BTreeSet<OptionId>> {
    all.iter().map(|s| s.iter().copied().collect()).collect()
}

#[test]
fn seeded_runs_find_the_same_solutions_in_another_order_and_repeat_themselves() {
    let queens = Queens::new(6, QueensOrder::OrganPipe).unwrap();
    let colored =
        Problem::from_dlx("A B C | X Y\nA X:1\nA X:2 Y:1\nB X:1\nB Y:1\nC Y:1\nC\nA B C\n")
            .unwrap();
    let bounded = dlxkit::bench::engine::two_per_line(4);
    for p in [queens.problem(), &colored, &bounded] {
        let plain = solutions(p, SearchOrder::new());
        let mut orders = BTreeSet::new();
        for seed in 1..=6 {
            let seeded = solutions(p, SearchOrder::new().seed(seed));
            assert_eq!(as_set(&seeded), as_set(&plain), "seed {seed}");
            assert_eq!(seeded.len(), plain.len());
            // The same seed, the same run.
            assert_eq!(solutions(p, SearchOrder::new().seed(seed)), seeded);
            orders.insert(seeded);
        }
        if plain.len() > 1 {
            assert!(orders.len() > 1, "six seeds gave one order");
            assert!(orders.iter().any(|o| *o != plain));
        }
    }
}

#[test]
fn a_solver_searches_again_with_the_same_seeded_choices() {
    let p = Queens::new(8, QueensOrder::OrganPipe)
        .unwrap()
        .problem()
        .clone();
    let arena = Arena::new();
    let mut s = Solver::with_order(&p, &arena, SearchOrder::new().seed(42));
    let first = s.count().stats;
    let again = s.count().stats;
    assert_eq!((first.nodes, first.updates), (again.nodes, again.updates));
    assert_eq!(first.solutions, 92);
}

#[test]
fn the_sharp_preference_branches_on_sharp_items_first_and_keeps_the_solutions() {
    // `#B` has two options and `A` two: without the preference `A` (the leftmost) is
    // chosen first, with it `#B`.
    let p = Problem::from_dlx("A #B C\nA #B\nA C\n#B C\nA\n#B\nC\n").unwrap();
    let plain = solutions(&p, SearchOrder::new());
    let sharp = solutions(&p, SearchOrder::new().prefer_sharp(true));
    assert_eq!(as_set(&plain), as_set(&sharp));
    let first_item = |s: &[OptionId]| p.option_text(s[0]);
    assert!(first_item(&plain[0]).contains('A'));
    assert!(first_item(&sharp[0]).contains("#B"));
    let arena = Arena::new();
    let plain_nodes = Solver::new(&p, &arena).count().stats.nodes;
    let arena = Arena::new();
    let sharp_stats = Solver::with_order(&p, &arena, SearchOrder::new().prefer_sharp(true))
        .count()
        .stats;
    assert_eq!(sharp_stats.solutions, plain.len() as u64);
    assert!(plain_nodes > 0 && sharp_stats.nodes > 0);
}

#[test]
fn an_item_with_one_option_is_taken_before_sharp_items() {
    // `A` has one option: Knuth's sharp rule still takes lists of length 0 or 1 first.
    let p = Problem::from_dlx("#X #Y A\n#X A\n#X\n#Y\n#X #Y\n").unwrap();
    let sharp = solutions(&p, SearchOrder::new().prefer_sharp(true));
    assert_eq!(p.option_text(sharp[0][0]), "#X A");
}

/// `n` primary items with one option each, and in the middle a run of `run` items that
/// monominoes and dominoes tile (a Fibonacci number of ways).
fn singletons_with_a_run(n: usize, run: usize) -> Problem {
    let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let mut text = names.join(" ");
    text.push('\n');
    let start = n / 2;
    for k in 0..n {
        text.push_str(&names[k]);
        text.push('\n');
        if (start..start + run - 1).contains(&k) {
            text.push_str(&format!("{} {}\n", names[k], names[k + 1]));
        }
    }
    Problem::from_dlx(&text).unwrap()
}

#[test]
fn many_primary_items_are_chosen_as_knuths_dlx1_chooses_them() {
    // From 2048 primary items the choice starts its scans where the level above found the
    // first uncovered item: the same tree, node for node.
    let p = singletons_with_a_run(3000, 12);
    let arena = Arena::new();
    let stats = Solver::new(&p, &arena).count().stats;
    let knuth = dlx1_oracle::count(&p);
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates),
        (knuth.solutions, knuth.nodes, knuth.updates)
    );
    assert_eq!(stats.solutions, 233); // F(13) tilings of 12 cells
}

#[test]
fn a_hundred_thousand_items_with_one_option_each_are_solved_in_one_pass() {
    let n = 100_000;
    let p = singletons_with_a_run(n, 1);
    let arena = Arena::new();
    let mut solver = Solver::new(&p, &arena);
    let outcome = solver.count();
    // One solution; a node per item plus the solution; one update per item covered.
    assert_eq!(
        (
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.updates
        ),
        (1, n as u64 + 1, n as u64)
    );
    assert!(solver.is_pristine());
}
