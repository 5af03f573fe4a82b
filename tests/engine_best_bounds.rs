//! The minimum-cost search with item bounds (Algorithm M in DLX5's cost order): the K
//! cheapest costs against every solution the links list, sorted by cost, on random bounded
//! problems with costs (with and without colours); the same through the plan; the plan's
//! refusal of threads and shards for it.

use std::collections::BTreeSet;

use dlxkit::xc::plan::{Collect, Feature, Plan, Unsupported};
use dlxkit::xc::{BestSolver, Costed, Limits, OptionId, Problem, RunError, Status};
use quickcheck::QuickCheck;

use crate::random_problems::{sorted, Bounded};

fn cost_of(p: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| p.option_cost(o)).sum()
}

/// The `k` cheapest costs of `p`, from every solution the links list (Algorithm M).
fn k_cheapest_listed(p: &Problem, k: usize) -> (BTreeSet<Vec<OptionId>>, Vec<u64>) {
    let all: BTreeSet<Vec<OptionId>> = p.all_solutions().into_iter().map(sorted).collect();
    let mut costs: Vec<u64> = all.iter().map(|s| cost_of(p, s)).collect();
    costs.sort_unstable();
    costs.truncate(k);
    (all, costs)
}

/// The minimum-cost search of `p` for `k` agrees with the listing: the same K costs, each
/// kept solution a distinct solution of the cost it claims, each improvement better than
/// the K-th best known before it.
fn agrees_with_the_listing(p: &Problem, k: usize) -> Result<(), String> {
    let (all, costs) = k_cheapest_listed(p, k);
    let mut best = BestSolver::new(p, k);
    let improvements: Vec<Costed> = best.by_ref().collect();
    let outcome = best.outcome();
    let mut known: Vec<u64> = Vec::new();
    for found in &improvements {
        if !all.contains(&sorted(found.options.clone())) {
            return Err(format!("{:?} is not a solution", found.options));
        }
        if found.cost != cost_of(p, &found.options) {
            return Err(format!("{found:?} does not cost what it says"));
        }
        if known.len() == k && found.cost >= known[k - 1] {
            return Err(format!("{found:?} improves on nothing in {known:?}"));
        }
        known.push(found.cost);
        known.sort_unstable();
        known.truncate(k);
    }
    let cheapest: Vec<u64> = outcome.cheapest.iter().map(|c| c.cost).collect();
    let distinct: BTreeSet<Vec<OptionId>> = outcome
        .cheapest
        .iter()
        .map(|c| sorted(c.options.clone()))
        .collect();
    if outcome.status != Status::Complete
        || outcome.stats.solutions != improvements.len() as u64
        || cheapest != costs
        || known != costs
        || distinct.len() != cheapest.len()
        || !distinct.iter().all(|s| all.contains(s))
    {
        return Err(format!(
            "found {cheapest:?} (improvements {known:?}, {:?}), the listing's {costs:?}",
            outcome.status
        ));
    }
    Ok(())
}

#[test]
fn the_k_cheapest_with_bounds_are_the_listings_k_cheapest() {
    fn property(s: Bounded, k: u8) -> bool {
        let p = s.problem();
        match agrees_with_the_listing(&p, 1 + k as usize % 5) {
            Ok(()) => true,
            Err(why) => {
                eprintln!("{}\n{why}", p.to_dlx());
                false
            }
        }
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(property as fn(Bounded, u8) -> bool);
}

#[test]
fn with_k_above_the_count_every_bounded_solution_is_found_once() {
    fn property(s: Bounded) -> bool {
        let p = s.problem();
        let (all, _) = k_cheapest_listed(&p, 0);
        let found: Vec<Vec<OptionId>> = BestSolver::new(&p, all.len() + 1)
            .map(|c| sorted(c.options))
            .collect();
        found.len() == all.len() && found.into_iter().collect::<BTreeSet<_>>() == all
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(property as fn(Bounded) -> bool);
}

#[test]
fn the_plan_runs_the_bounded_minimum_cost_search_and_refuses_its_parts() {
    // Each of A and B once or twice; C at most once.
    let p =
        Problem::from_dlx("1:2|A 1:2|B 0:1|C\nA |4\nB |2\nA B |5\nA C |1\nB C |1\nA |3\nB |3\n")
            .unwrap();
    let (_, costs) = k_cheapest_listed(&p, 4);
    let mut found = Collect::default();
    let report = Plan::new().best(4).run(&p, &mut found).unwrap();
    assert_eq!(report.status, Status::Complete);
    let got: Vec<u64> = report.cheapest.iter().map(|c| c.cost).collect();
    assert_eq!(got, costs);
    assert_eq!(got, [3, 4, 4, 5]);
    for c in &report.cheapest {
        assert_eq!(p.check_solution(&c.options), Ok(()));
    }
    for (plan, feature) in [
        (Plan::new().best(1).threads(2), Feature::Threads),
        (
            Plan::new().best(1).shard(dlxkit::xc::plan::ShardOf {
                index: 0,
                of: 2,
                depth: None,
            }),
            Feature::Shard,
        ),
    ] {
        let refused = Unsupported::BestMoves(feature);
        assert_eq!(plan.check(&p), Err(refused.clone()));
        assert!(matches!(
            plan.run(&p, &mut Collect::default()),
            Err(RunError::Unsupported(u)) if u == refused
        ));
    }
}

#[test]
fn a_node_limit_stops_the_bounded_search_with_what_it_found() {
    fn property(s: Bounded, n: u8) -> bool {
        let p = s.problem();
        let n = 1 + u64::from(n % 8);
        let mut best = BestSolver::new(&p, 1).with_limits(Limits::new().nodes(n));
        let found: Vec<Costed> = best.by_ref().collect();
        let outcome = best.outcome();
        outcome.stats.nodes <= n
            && found.iter().all(|c| p.check_solution(&c.options).is_ok())
            && matches!(outcome.status, Status::Complete | Status::NodeLimit)
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(property as fn(Bounded, u8) -> bool);
}
