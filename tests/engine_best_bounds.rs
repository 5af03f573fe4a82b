//! The minimum-cost search with item bounds (Algorithm M in DLX5's cost order): the K
//! cheapest costs against every solution the links list, sorted by cost, on random bounded
//! problems with costs (with and without colours); the same through the plan; the plan's
//! refusal of threads and shards for it.

use std::collections::BTreeSet;

use dlxkit::xc::plan::{Collect, Feature, Plan, Unsupported};
use dlxkit::xc::{BestSolver, Costed, Entry, ItemId, Limits, OptionId, Problem, RunError, Status};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// A random problem with bounds and costs: up to 6 primary items with bounds from `0..=1`
/// to `3..=3`, up to 3 secondary items (coloured 0, 1 or not), up to 11 options costing
/// 0 to 9 (or large costs, to test the sums).
#[derive(Clone, Debug)]
struct BoundedCosts {
    bounds: Vec<(u32, u32)>,
    secondaries: u8,
    options: Vec<(Vec<Item>, u64)>,
}

/// An option's item (by number, primaries first) and its colour, if any.
type Item = (u8, Option<u8>);

impl Arbitrary for BoundedCosts {
    fn arbitrary(g: &mut Gen) -> BoundedCosts {
        let primaries = 1 + usize::arbitrary(g) % 6;
        let bounds = (0..primaries)
            .map(|_| {
                let min = u32::arbitrary(g) % 3;
                let max = (min.max(1) + u32::arbitrary(g) % 2).min(3);
                (min, max)
            })
            .collect();
        let secondaries = u8::arbitrary(g) % 4;
        let items = primaries as u8 + secondaries;
        let wide = u8::arbitrary(g) % 8 == 0;
        let count = usize::arbitrary(g) % 12;
        let options = (0..count)
            .map(|_| {
                let len = 1 + usize::arbitrary(g) % 4;
                let entries = (0..len)
                    .map(|_| {
                        let item = u8::arbitrary(g) % items;
                        let colored = item >= primaries as u8 && bool::arbitrary(g);
                        (item, colored.then(|| u8::arbitrary(g) % 2))
                    })
                    .collect();
                let cost = u64::arbitrary(g) % 10;
                (entries, if wide { cost << 40 } else { cost })
            })
            .collect();
        BoundedCosts {
            bounds,
            secondaries,
            options,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = BoundedCosts>> {
        let me = self.clone();
        Box::new((0..self.options.len()).rev().map(move |k| {
            let mut s = me.clone();
            s.options.remove(k);
            s
        }))
    }
}

impl BoundedCosts {
    /// The problem, without the options the builder refuses (repeats, no primary item).
    fn problem(&self) -> Problem {
        let mut b = Problem::builder();
        let mut ids: Vec<ItemId> = Vec::new();
        for (k, &(min, max)) in self.bounds.iter().enumerate() {
            ids.push(b.bounded(&format!("p{k}"), min..=max).unwrap());
        }
        for k in 0..self.secondaries {
            ids.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors = [b.color("0"), b.color("1")];
        for (option, cost) in &self.options {
            let entries: Vec<Entry> = option
                .iter()
                .map(|&(item, color)| Entry {
                    item: ids[item as usize],
                    color: color.map(|c| colors[c as usize]),
                })
                .collect();
            let _ = b.option_with_cost(entries, *cost);
        }
        b.build().unwrap()
    }
}

fn cost_of(p: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| p.option_cost(o)).sum()
}

fn sorted(mut s: Vec<OptionId>) -> Vec<OptionId> {
    s.sort();
    s
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
    fn property(s: BoundedCosts, k: u8) -> bool {
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
        .quickcheck(property as fn(BoundedCosts, u8) -> bool);
}

#[test]
fn with_k_above_the_count_every_bounded_solution_is_found_once() {
    fn property(s: BoundedCosts) -> bool {
        let p = s.problem();
        let (all, _) = k_cheapest_listed(&p, 0);
        let found: Vec<Vec<OptionId>> = BestSolver::new(&p, all.len() + 1)
            .map(|c| sorted(c.options))
            .collect();
        found.len() == all.len() && found.into_iter().collect::<BTreeSet<_>>() == all
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(property as fn(BoundedCosts) -> bool);
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
    fn property(s: BoundedCosts, n: u8) -> bool {
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
        .quickcheck(property as fn(BoundedCosts, u8) -> bool);
}
