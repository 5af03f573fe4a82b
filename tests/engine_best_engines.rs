//! The minimum-cost search on every engine: the bit sets and dancing cells find the K best
//! costs that the links' DLX5 finds, on random problems with costs (with and without
//! colours), on one thread and several, whole and in shards; each solution they return
//! is a solution of the problem at the cost it claims, and each improvement beats the
//! K-th best known before it.

use dlxkit::xc::best::Cheapest;
use dlxkit::xc::machine::Engine;
use dlxkit::xc::plan::{Collect, Plan, ShardOf};
use dlxkit::xc::{BestSolver, Costed, Limits, OptionId, Problem, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{brute_force, sorted, Random};

/// The engines besides the links that take the minimum-cost search.
const ENGINES: [Engine; 2] = [Engine::Bits, Engine::Cells];

fn cost_of(p: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| p.option_cost(o)).sum()
}

/// The K best costs of the links' DLX5.
fn links_costs(p: &Problem, k: usize) -> Vec<u64> {
    let mut best = BestSolver::new(p, k);
    best.by_ref().for_each(drop);
    let outcome = best.outcome();
    assert_eq!(outcome.status, Status::Complete);
    outcome.cheapest.iter().map(|c| c.cost).collect()
}

/// Whether `engine`'s search for the `k` best of `p` agrees with the links and brute force:
/// the same K best costs, every solution valid at its cost, every improvement an
/// improvement.
fn agrees_with_links(p: &Problem, engine: Engine, k: usize) -> bool {
    let all = brute_force(p);
    let expected = links_costs(p, k);
    let mut best = BestSolver::on(engine, p, k).expect("the engine takes the problem");
    let improvements: Vec<Costed> = best.by_ref().collect();
    let outcome = best.outcome();
    let mut known: Vec<u64> = Vec::new();
    for found in &improvements {
        let valid = all.contains(&sorted(found.options.clone()));
        if !valid || found.cost != cost_of(p, &found.options) {
            eprintln!("{engine}: {found:?} is not a solution at its cost");
            return false;
        }
        if known.len() == k && found.cost >= known[k - 1] {
            eprintln!("{engine}: {found:?} does not beat {known:?}");
            return false;
        }
        known.push(found.cost);
        known.sort_unstable();
        known.truncate(k);
    }
    let cheapest: Vec<u64> = outcome.cheapest.iter().map(|c| c.cost).collect();
    if cheapest != expected || known != expected {
        eprintln!("{engine}: {cheapest:?} (improvements {known:?}), links {expected:?}");
        return false;
    }
    outcome.status == Status::Complete
        && outcome.stats.solutions == improvements.len() as u64
        && outcome
            .cheapest
            .iter()
            .all(|c| all.contains(&sorted(c.options.clone())) && c.cost == cost_of(p, &c.options))
}

/// The K best costs of a plan.
fn plan_costs(plan: &Plan, p: &Problem) -> (Status, Vec<u64>) {
    let mut found = Collect::default();
    let report = plan.run(p, &mut found).expect("the plan runs");
    for c in &report.cheapest {
        p.check_solution(&c.options).expect("a solution");
        assert_eq!(c.cost, cost_of(p, &c.options));
    }
    (
        report.status,
        report.cheapest.iter().map(|c| c.cost).collect(),
    )
}

quickcheck! {
    fn every_engine_finds_the_k_best_costs_of_links_with_colours(s: Random, k: u8) -> bool {
        let p = s.problem();
        ENGINES.iter().all(|&e| agrees_with_links(&p, e, 1 + k as usize % 5))
    }

    fn every_engine_finds_the_k_best_costs_of_links_without_colours(s: Random, k: u8) -> bool {
        let p = s.uncoloured().problem();
        ENGINES.iter().all(|&e| agrees_with_links(&p, e, 1 + k as usize % 5))
    }

    fn every_engine_finds_the_k_best_costs_beyond_32_bits(s: Random, k: u8) -> bool {
        let p = s.problem();
        let wide = p.with_costs(|o| p.option_cost(o) << 33 | o.index() as u64).unwrap();
        ENGINES.iter().all(|&e| agrees_with_links(&wide, e, 1 + k as usize % 5))
    }

    fn on_threads_every_engine_finds_the_k_best_costs_of_links(s: Random, k: u8) -> bool {
        let p = s.problem();
        let k = 1 + k as usize % 4;
        let expected = links_costs(&p, k);
        ENGINES.iter().all(|&e| {
            (1..=3).all(|threads| {
                let plan = Plan::new().engine(e).best(k).threads(threads);
                plan_costs(&plan, &p) == (Status::Complete, expected.clone())
            })
        })
    }

    fn in_shards_every_engine_finds_the_k_best_costs_of_links(s: Random, k: u8, n: u8) -> bool {
        let p = s.problem();
        let (k, of) = (1 + k as usize % 4, 1 + n as usize % 5);
        let expected = links_costs(&p, k);
        ENGINES.iter().all(|&e| {
            let mut kept = Cheapest::new(k);
            for index in 0..of {
                let shard = ShardOf { index, of, depth: None };
                let plan = Plan::new().engine(e).best(k).shard(shard);
                let (status, costs) = plan_costs(&plan, &p);
                assert_eq!(status, Status::Complete);
                for cost in costs {
                    kept.offer(cost, ());
                }
            }
            let merged: Vec<u64> = kept.into_sorted().into_iter().map(|c| c.0).collect();
            merged == expected
        })
    }

    fn a_node_limit_stops_every_engine_with_what_it_found(s: Random, n: u8) -> TestResult {
        let p = s.problem();
        let n = 1 + u64::from(n % 8);
        TestResult::from_bool(ENGINES.iter().all(|&e| {
            let limits = Limits::new().nodes(n);
            let mut best = BestSolver::on(e, &p, 1).unwrap().with_limits(limits);
            let found: Vec<Costed> = best.by_ref().collect();
            let outcome = best.outcome();
            outcome.stats.nodes <= n
                && found.iter().all(|c| p.check_solution(&c.options).is_ok())
                && matches!(outcome.status, Status::Complete | Status::NodeLimit)
        }))
    }
}

#[test]
fn every_engine_finds_the_k_best_of_a_larger_problem_on_threads() {
    // 8 queens with a cost on each queen (its row times its column, mod 7): enough nodes
    // that three threads search several parts each, sharing their bound.
    let mut text = String::from("R0 R1 R2 R3 R4 R5 R6 R7 C0 C1 C2 C3 C4 C5 C6 C7 |");
    text.extend((0..15).map(|d| format!(" A{d} B{d}")));
    text.push('\n');
    for r in 0..8 {
        for c in 0..8 {
            let cost = (r * c + r + 2 * c) % 7;
            text.push_str(&format!("R{r} C{c} A{} B{} |{cost}\n", r + c, 7 + r - c));
        }
    }
    let p = Problem::from_dlx(&text).unwrap();
    for k in [1, 3, 10] {
        let expected = links_costs(&p, k);
        for (engine, threads) in ENGINES.iter().flat_map(|&e| (1..=3).map(move |t| (e, t))) {
            let plan = Plan::new().engine(engine).best(k).threads(threads);
            assert_eq!(
                plan_costs(&plan, &p),
                (Status::Complete, expected.clone()),
                "{engine}, k = {k}, {threads} threads"
            );
        }
    }
}

#[test]
fn the_minimum_cost_search_with_bounds_runs_on_every_engine() {
    let p = Problem::from_dlx("1:2|A B\nA |1\nA B |2\nA |4\n").unwrap();
    for engine in ENGINES {
        let plan = Plan::new().engine(engine).best(2);
        assert_eq!(plan.check(&p), Ok(()));
        assert_eq!(plan_costs(&plan, &p), (Status::Complete, vec![2, 3]));
    }
}
