//! Minimum-cost search (`BestSolver`, Knuth's DLX5): the K cheapest solutions against brute
//! force on random problems with costs, with and without colours; the improvements DLX5's
//! documentation lists for its example; costs in Knuth's format, read, checked and written.

use dlxkit::xc::{
    BestSolver, Costed, Limits, OptionId, ParseErrorKind, Problem, ProblemError, Status,
};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{brute_force, sorted, Random};

fn cost_of(p: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| p.option_cost(o)).sum()
}

/// Checks the search for the `k` cheapest solutions of `p` against brute force.
fn agrees_with_brute_force(p: &Problem, k: usize) -> bool {
    let all = brute_force(p);
    let mut costs: Vec<u64> = all.iter().map(|s| cost_of(p, s)).collect();
    costs.sort_unstable();
    costs.truncate(k);
    let mut best = BestSolver::new(p, k);
    let improvements: Vec<Costed> = best.by_ref().collect();
    let outcome = best.outcome();
    // Every improvement is a solution with the cost it claims, and beats the k-th best
    // cost known before it.
    let mut known: Vec<u64> = Vec::new();
    for found in &improvements {
        if !all.contains(&sorted(found.options.clone())) || found.cost != cost_of(p, &found.options)
        {
            return false;
        }
        if known.len() == k && found.cost >= known[k - 1] {
            return false;
        }
        known.push(found.cost);
        known.sort_unstable();
        known.truncate(k);
    }
    let cheapest: Vec<u64> = outcome.cheapest.iter().map(|c| c.cost).collect();
    outcome.status == Status::Complete
        && outcome.stats.solutions == improvements.len() as u64
        && cheapest == costs
        && known == costs
        && outcome
            .cheapest
            .iter()
            .all(|c| all.contains(&sorted(c.options.clone())) && c.cost == cost_of(p, &c.options))
}

quickcheck! {
    fn the_k_cheapest_are_brute_forces_k_cheapest_with_colours(s: Random, k: u8) -> bool {
        agrees_with_brute_force(&s.problem(), 1 + k as usize % 5)
    }

    fn the_k_cheapest_are_brute_forces_k_cheapest_without_colours(s: Random, k: u8) -> bool {
        agrees_with_brute_force(&s.uncoloured().problem(), 1 + k as usize % 5)
    }

    fn the_k_cheapest_are_brute_forces_k_cheapest_with_costs_beyond_32_bits(s: Random, k: u8) -> bool {
        // Costs of 2^33 and more take the 24-byte nodes without colours; costs of 2^32 - 3
        // and 2^32 - 2 are the dearest the 16-byte ones hold.
        let p = s.uncoloured().problem();
        let wide = p.with_costs(|o| p.option_cost(o) << 33 | o.index() as u64).unwrap();
        let border = p.with_costs(|o| u64::from(u32::MAX) - 2 + p.option_cost(o) % 2).unwrap();
        let k = 1 + k as usize % 5;
        agrees_with_brute_force(&wide, k) && agrees_with_brute_force(&border, k)
    }

    fn with_k_above_the_count_every_solution_is_found_once(s: Random) -> bool {
        let p = s.problem();
        let all = brute_force(&p);
        let found: Vec<Vec<OptionId>> = BestSolver::new(&p, all.len() + 1)
            .map(|c| sorted(c.options))
            .collect();
        found.len() == all.len() && found.into_iter().collect::<std::collections::BTreeSet<_>>() == all
    }

    fn costs_round_trip_through_knuths_format(s: Random) -> bool {
        let p = s.problem();
        let q = Problem::from_dlx(&p.to_dlx()).unwrap();
        q.to_dlx() == p.to_dlx() && p.options().all(|o| q.option_cost(o) == p.option_cost(o))
    }

    fn a_node_limit_stops_the_search_with_what_it_found(s: Random, n: u8) -> TestResult {
        let p = s.problem();
        let n = 1 + u64::from(n % 8);
        let mut best = BestSolver::new(&p, 1).with_limits(Limits::new().nodes(n));
        let found: Vec<Costed> = best.by_ref().collect();
        let outcome = best.outcome();
        TestResult::from_bool(
            outcome.stats.nodes <= n
                && found.iter().all(|c| p.check_solution(&c.options).is_ok())
                && (outcome.status == Status::Complete || outcome.status == Status::NodeLimit),
        )
    }
}

/// DLX5's documentation: ten solutions found with costs 3, 1, 4, 1, 2, 3, 2, 4, 0, 0 in
/// that order. Item A's options (all free) come in that order and each admits one option of
/// B, which carries the cost.
fn knuths_ten_solutions() -> Problem {
    let costs = [3, 1, 4, 1, 2, 3, 2, 4, 0, 0];
    let secondaries: Vec<String> = (0..10).map(|i| format!("S{i}")).collect();
    let mut text = format!("A B | {}\n", secondaries.join(" "));
    for i in 0..10 {
        let others: Vec<&str> = (0..10)
            .filter(|&j| j != i)
            .map(|j| secondaries[j].as_str())
            .collect();
        text.push_str(&format!("A {}\n", others.join(" ")));
    }
    for (i, c) in costs.iter().enumerate() {
        text.push_str(&format!("B S{i} |{c}\n"));
    }
    Problem::from_dlx(&text).unwrap()
}

#[test]
fn dlx5s_documented_example_prints_the_improvements_knuth_lists() {
    // "If k=1 (the default), we'll output solutions of cost 3, 1, 0. If k=3, we'll output
    // solutions of cost 3, 1, 4, 1, 2, 0, 0. If k=5, ... 3, 1, 4, 1, 2, 3, 2, 0, 0. If k>=8,
    // we'll output all ten solutions."
    let p = knuths_ten_solutions();
    let improvements = |k| -> Vec<u64> { p.best(k).map(|c| c.cost).collect() };
    assert_eq!(improvements(1), [3, 1, 0]);
    assert_eq!(improvements(3), [3, 1, 4, 1, 2, 0, 0]);
    assert_eq!(improvements(5), [3, 1, 4, 1, 2, 3, 2, 0, 0]);
    for k in [8, 10, 11] {
        assert_eq!(improvements(k), [3, 1, 4, 1, 2, 3, 2, 4, 0, 0], "k = {k}");
    }
    let mut best = p.best(3);
    best.by_ref().for_each(drop);
    let cheapest: Vec<u64> = best.outcome().cheapest.iter().map(|c| c.cost).collect();
    assert_eq!(cheapest, [0, 0, 1]);
}

#[test]
fn dlx5_counts_nodes_and_updates_on_small_examples() {
    // Knuth's DLX5 (built from dlx5.w) on these inputs says: "Altogether 2 solutions, ...
    // 10 updates, 0 cleansings, ..., 5 nodes" and "1 solution, ... 11 updates, 3
    // cleansings, ..., 3 nodes" (the colour example with costs all 0).
    let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n").unwrap();
    let mut best = p.best(1);
    assert_eq!(best.by_ref().map(|c| c.cost).collect::<Vec<_>>(), [6, 4]);
    let s = best.outcome().stats;
    assert_eq!(
        (s.solutions, s.nodes, s.updates, s.cleansings),
        (2, 5, 10, 0)
    );
    let p =
        Problem::from_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n").unwrap();
    let mut best = p.best(1);
    assert_eq!(best.by_ref().count(), 1);
    let s = best.outcome().stats;
    assert_eq!(
        (s.solutions, s.nodes, s.updates, s.cleansings),
        (1, 3, 11, 3)
    );
}

#[test]
fn cost_entries_add_up_and_are_written_back() {
    let p = Problem::from_dlx("A B | X\nA X:r |2 |3\nB |10\nA B\n").unwrap();
    assert_eq!(
        p.options().map(|o| p.option_cost(o)).collect::<Vec<_>>(),
        [5, 10, 0]
    );
    assert_eq!(p.to_dlx(), "A B | X\nA X:r |5\nB |10\nA B\n");
    assert!(p.has_costs());
}

#[test]
fn bad_costs_are_errors_with_line_and_column() {
    let err = Problem::from_dlx("A B\nA |x\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 3));
    assert_eq!(err.kind, ParseErrorKind::BadCost { text: "|x".into() });
    assert_eq!(
        err.to_string(),
        "line 2, column 3: option cost `|x` is not a whole number (write `|` and digits, as in `|7`)"
    );
    let err = Problem::from_dlx("A B\nB\nA |").unwrap_err();
    assert_eq!((err.line, err.column), (3, 3));
    let err = Problem::from_dlx("A B\nA |18446744073709551616\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 3));
    assert_eq!(err.kind, ProblemError::CostOverflow { option: 0 }.into());
    let err = Problem::from_dlx("A B\nA |18446744073709551615\nB |1\n").unwrap_err();
    assert_eq!(
        (err.line, err.column),
        (2, 3),
        "2^64 - 1 is kept for infinity"
    );
    let err =
        Problem::from_dlx("A B\nA |9223372036854775807\nB |9223372036854775807 |1\n").unwrap_err();
    assert_eq!((err.line, err.column), (3, 24));
    assert!(err.to_string().contains("cost overflow"));
}

#[test]
fn the_benchmarks_cost_instance_counts_as_dlx5() {
    // Knuth's DLX5 on `dlxkit queens 20 --emit dlx` with these costs: "Altogether 15
    // solutions, ... 10746086 updates, 0 cleansings, ..., 413765 nodes. The optimum cost is
    // $53".
    let instance = dlxkit::bench::engine::INSTANCES
        .iter()
        .find(|i| i.name == "queens-20-costs")
        .unwrap();
    let p = instance.problem().unwrap();
    let mut best = p.best(1);
    let last = best.by_ref().last().unwrap();
    assert_eq!(last.cost, 53);
    assert!(p.check_solution(&last.options).is_ok());
    let s = best.outcome().stats;
    let known = instance.counts;
    assert_eq!(
        (s.solutions, s.nodes, s.updates),
        (known.solutions, known.nodes, known.updates)
    );
}
