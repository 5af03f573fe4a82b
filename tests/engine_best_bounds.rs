//! The minimum-cost search with item bounds (Algorithm M in DLX5's cost order): the K
//! cheapest costs against every solution the links list, sorted by cost, on random bounded
//! problems with costs (with and without colours); the same through the plan, on threads
//! and in shards merged, on the links and on the bit sets, whose search is the links' node
//! for node.

use std::collections::BTreeSet;

use dlxkit::xc::best::Cheapest;
use dlxkit::xc::machine::Engine;
use dlxkit::xc::plan::{Collect, Plan, ShardOf};
use dlxkit::xc::shard::{Split, SplitBy};
use dlxkit::xc::{BestOutcome, BestSolver, Costed, Limits, OptionId, Problem, Status};
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

/// The K best of `p` through the plan on `threads` threads, and as the `shards` shards of
/// one list merged by [`Cheapest`]: each list of costs with its solutions checked (valid,
/// distinct, of the cost they claim), or why not.
fn split_k_best(
    p: &Problem,
    engine: Engine,
    k: usize,
    threads: usize,
    shards: usize,
) -> Result<[Vec<u64>; 2], String> {
    let threaded = Plan::new()
        .engine(engine)
        .best(k)
        .threads(threads)
        .run(p, &mut Collect::default());
    let threaded = threaded.map_err(|e| e.to_string())?;
    if threaded.status != Status::Complete {
        return Err(format!("{threads} threads: {:?}", threaded.status));
    }
    let mut kept = Cheapest::new(k);
    for index in 0..shards {
        let shard = ShardOf {
            index,
            of: shards,
            depth: None,
        };
        let report = Plan::new()
            .engine(engine)
            .best(k)
            .shard(shard)
            .run(p, &mut Collect::default());
        let report = report.map_err(|e| e.to_string())?;
        if report.status != Status::Complete {
            return Err(format!("shard {index}/{shards}: {:?}", report.status));
        }
        for c in report.cheapest {
            kept.offer(c.cost, c.options);
        }
    }
    let merged: Vec<Costed> = kept
        .into_sorted()
        .into_iter()
        .map(|(cost, options)| Costed { cost, options })
        .collect();
    let mut costs = [Vec::new(), Vec::new()];
    for (list, found) in costs.iter_mut().zip([&threaded.cheapest, &merged]) {
        let distinct: BTreeSet<Vec<OptionId>> =
            found.iter().map(|c| sorted(c.options.clone())).collect();
        if distinct.len() != found.len() {
            return Err(format!("a solution kept twice in {found:?}"));
        }
        for c in found.iter() {
            if p.check_solution(&c.options).is_err() || c.cost != cost_of(p, &c.options) {
                return Err(format!("{c:?} is not a solution of that cost"));
            }
            list.push(c.cost);
        }
    }
    Ok(costs)
}

#[test]
fn the_bounded_k_best_on_threads_and_in_merged_shards_are_the_sequential_ones() {
    fn property(s: Bounded, k: u8, threads: u8, shards: u8) -> bool {
        let p = s.problem();
        let k = 1 + k as usize % 4;
        let (threads, shards) = (1 + threads as usize % 3, 1 + shards as usize % 6);
        let (_, costs) = k_cheapest_listed(&p, k);
        let sequential = Plan::new()
            .best(k)
            .run(&p, &mut Collect::default())
            .unwrap();
        let sequential: Vec<u64> = sequential.cheapest.iter().map(|c| c.cost).collect();
        assert_eq!(sequential, costs);
        Engine::ALL.into_iter().all(
            |engine| match split_k_best(&p, engine, k, threads, shards) {
                Ok([threaded, merged]) if threaded == costs && merged == costs => true,
                found => {
                    eprintln!(
                        "{}
{engine}: k {k}, {threads} threads, {shards} shards: {found:?}, the sequential {costs:?}",
                        p.to_dlx()
                    );
                    false
                }
            },
        )
    }
    QuickCheck::new()
        .tests(400)
        .quickcheck(property as fn(Bounded, u8, u8, u8) -> bool);
}

#[test]
fn the_plan_runs_the_bounded_minimum_cost_search_on_threads_and_in_shards() {
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
    for engine in Engine::ALL {
        for threads in 1..=3 {
            for shards in 1..=5 {
                let [threaded, merged] = split_k_best(&p, engine, 4, threads, shards).unwrap();
                assert_eq!((threaded, merged), (costs.clone(), costs.clone()));
            }
        }
    }
    let split = Split::for_best(&p, SplitBy::Count(4));
    assert_eq!(split.shards().len(), 4);
    assert_ne!(
        split.fingerprint(),
        Split::new(&p, SplitBy::Count(4)).fingerprint(),
        "a list in cost order does not merge with one in the problem's order"
    );
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

/// The improvements, the status and the figures (nodes, levels, branches, dead ends,
/// solutions) of the search for the `k` best of `p` on `engine`, within `limits`.
fn best_on(p: &Problem, engine: Engine, k: usize, limits: Limits) -> (Vec<Costed>, BestOutcome) {
    let mut best = BestSolver::on(engine, p, k)
        .expect("the engine takes the problem")
        .with_limits(limits);
    let found: Vec<Costed> = best.by_ref().collect();
    (found, best.outcome())
}

/// Whether the bounded K best on `engine` are the links', node for node: the same
/// improvements in the same order, status, cheapest and figures, whole and cut short by a
/// node limit (the same cut on the same tree).
fn same_tree_as_links(s: Bounded, k: u8, n: u8, engine: Engine) -> bool {
    let p = s.problem();
    let k = 1 + k as usize % 5;
    [Limits::new(), Limits::new().nodes(1 + u64::from(n % 16))]
        .into_iter()
        .all(|limits| {
            let (links, l) = best_on(&p, Engine::Links, k, limits.clone());
            let whole = limits.max_nodes.is_none();
            let (bits, b) = best_on(&p, engine, k, limits);
            let costs = |o: &BestOutcome| o.cheapest.iter().map(|c| c.cost).collect::<Vec<_>>();
            if engine == Engine::Cells && !p.has_bounds() {
                // Without bounds (every item `1:1`) cells run their own DLX5 tree
                // (`cells/best.rs`): the same K best costs, not the same nodes.
                return !whole || (b.status, costs(&b)) == (l.status, costs(&l));
            }
            let same = links == bits
                && l.status == b.status
                && l.cheapest == b.cheapest
                && (l.stats.nodes, l.stats.solutions) == (b.stats.nodes, b.stats.solutions)
                && (l.stats.branches, l.stats.dead_ends) == (b.stats.branches, b.stats.dead_ends)
                && l.stats.profile == b.stats.profile;
            if !same {
                eprintln!(
                    "{}
k {k}: links {links:?} {l:?}
{engine} {bits:?} {b:?}",
                    p.to_dlx()
                );
            }
            same
        })
}

#[test]
fn the_bounded_k_best_on_dancing_cells_are_the_links_node_for_node() {
    fn property(s: Bounded, k: u8, n: u8) -> bool {
        same_tree_as_links(s, k, n, Engine::Cells)
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(property as fn(Bounded, u8, u8) -> bool);
}

#[test]
fn the_bounded_k_best_on_bit_sets_are_the_links_node_for_node() {
    fn property(s: Bounded, k: u8, n: u8) -> bool {
        same_tree_as_links(s, k, n, Engine::Bits)
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(property as fn(Bounded, u8, u8) -> bool);
}

#[test]
fn the_plan_runs_the_bounded_minimum_cost_search_on_every_engine() {
    let p =
        Problem::from_dlx("1:2|A 1:2|B 0:1|C\nA |4\nB |2\nA B |5\nA C |1\nB C |1\nA |3\nB |3\n")
            .unwrap();
    let links = Plan::new()
        .best(3)
        .run(&p, &mut Collect::default())
        .unwrap();
    for engine in [Engine::Bits, Engine::Cells] {
        let mut found = Collect::default();
        let plan = Plan::new().engine(engine).best(3);
        assert_eq!(plan.check(&p), Ok(()));
        let report = plan.run(&p, &mut found).unwrap();
        assert_eq!((report.engine, report.status), (engine, Status::Complete));
        assert_eq!(report.cheapest, links.cheapest);
        assert_eq!(report.stats.nodes, links.stats.nodes);
        let costs: Vec<u64> = report.cheapest.iter().map(|c| c.cost).collect();
        assert_eq!(costs, [3, 4, 4]);
    }
}
