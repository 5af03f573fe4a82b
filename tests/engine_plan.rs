//! The front door (`xc::Plan`): over random problems of every kind (plain, colours, bounds,
//! costs, and their mixes), every plan that `check` accepts gives the answer of the plain
//! sequential search (the brute-force solution set, the count, the nodes and updates where
//! the tree is the same, the K best costs), and every plan it refuses names a reason that
//! the plan and the problem really have.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlxkit::xc::best::Cheapest;
use dlxkit::xc::memo::MemoOptions;
use dlxkit::xc::plan::{Collect, Discard, Engine, Feature, Plan, ShardOf, Sink, Unsupported};
use dlxkit::xc::shard::{Frontier, Part, Split, SplitBudget, SplitBy, Totals};
use dlxkit::xc::{
    Algorithm, Entry, Limits, OptionId, Problem, ReduceOptions, RunError, SearchOrder, Status,
};
use quickcheck::{quickcheck, Arbitrary, Gen, TestResult};

use crate::random_problems::{brute_force, sorted, Random};

/// A random problem, with bounds on some of its primary items (Algorithm M).
#[derive(Clone, Debug)]
struct Mixed {
    random: Random,
    /// For each primary item, its bounds `lo..=hi` (none: exactly once).
    bounds: Vec<Option<(u32, u32)>>,
}

impl Arbitrary for Mixed {
    fn arbitrary(g: &mut Gen) -> Mixed {
        let random = Random::arbitrary(g);
        let bounded = bool::arbitrary(g);
        let bounds = (0..random.primaries)
            .map(|_| {
                (bounded && bool::arbitrary(g)).then(|| {
                    let lo = u32::from(u8::arbitrary(g) % 3);
                    (lo, lo.max(1) + u32::from(u8::arbitrary(g) % 2))
                })
            })
            .collect();
        Mixed { random, bounds }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Mixed>> {
        let bounds = self.bounds.clone();
        Box::new(self.random.shrink().map(move |random| Mixed {
            random,
            bounds: bounds.clone(),
        }))
    }
}

impl Mixed {
    /// The problem with its colours, costs and bounds, skipping options the builder refuses.
    fn problem(&self) -> Problem {
        let r = &self.random;
        let mut b = Problem::builder();
        for i in 0..r.primaries {
            let name = format!("p{i}");
            match self.bounds[usize::from(i)] {
                Some((lo, hi)) => b.bounded(&name, lo..=hi).unwrap(),
                None => b.primary(&name).unwrap(),
            };
        }
        for i in 0..r.secondaries {
            b.secondary(&format!("s{i}")).unwrap();
        }
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for (entries, cost) in &r.options {
            let entries: Vec<Entry> = entries
                .iter()
                .map(|&(item, color)| {
                    let name = match item < r.primaries {
                        true => format!("p{item}"),
                        false => format!("s{}", item - r.primaries),
                    };
                    Entry {
                        item: b.item_id(&name).unwrap(),
                        color: color.map(|c| colors[usize::from(c)]),
                    }
                })
                .collect();
            let _ = b.option_with_cost(entries, *cost);
        }
        b.build().unwrap()
    }
}

fn shard(index: usize, of: usize) -> ShardOf {
    ShardOf {
        index,
        of,
        depth: None,
    }
}

/// The plans tried on every problem: every machine and mode, alone and mixed, with the
/// features each asks for (the names a refusal may give).
fn plans() -> Vec<(&'static str, Vec<Feature>, Plan)> {
    use Feature::*;
    let seeded = SearchOrder::new().seed(7);
    let sharp = SearchOrder::new().prefer_sharp(true);
    let reduce = ReduceOptions::new();
    vec![
        ("threads", vec![Threads], Plan::new().threads(2)),
        (
            "unordered",
            vec![Threads],
            Plan::new().threads(3).unordered(true),
        ),
        (
            "count threads",
            vec![Threads, Count],
            Plan::new().threads(2).count(true),
        ),
        ("seed", vec![Seed], Plan::new().order(seeded)),
        (
            "seed threads",
            vec![Seed, Threads],
            Plan::new().order(seeded).threads(2),
        ),
        (
            "seed shard",
            vec![Seed, Shard],
            Plan::new().order(seeded).shard(shard(0, 1)),
        ),
        (
            "seed unordered",
            vec![Seed, Threads],
            Plan::new().order(seeded).threads(3).unordered(true),
        ),
        (
            "count seed threads",
            vec![Seed, Threads, Count],
            Plan::new().order(seeded).threads(2).count(true),
        ),
        (
            "sharp threads",
            vec![PreferSharp, Threads],
            Plan::new().order(sharp).threads(2),
        ),
        ("reduce", vec![Reduce], Plan::new().reduce(reduce.clone())),
        (
            "reduce threads",
            vec![Reduce, Threads],
            Plan::new().reduce(reduce.clone()).threads(2),
        ),
        ("shard", vec![Shard], Plan::new().shard(shard(0, 1))),
        ("best 1", vec![Best], Plan::new().best(1)),
        ("best 3", vec![Best], Plan::new().best(3)),
        (
            "best 2 reduce",
            vec![Best, Reduce],
            Plan::new().best(2).reduce(reduce),
        ),
        (
            "best 1 threads",
            vec![Best, Threads],
            Plan::new().best(1).threads(2),
        ),
        (
            "best 1 count",
            vec![Best, Count],
            Plan::new().best(1).count(true),
        ),
        (
            "memo count",
            vec![Memo, Count],
            Plan::new().count(true).memo(MemoOptions::new()),
        ),
        (
            "memo count threads",
            vec![Memo, Count, Threads],
            Plan::new().count(true).threads(2).memo(MemoOptions::new()),
        ),
        (
            "memo count reduce",
            vec![Memo, Count, Reduce],
            Plan::new()
                .count(true)
                .reduce(ReduceOptions::new())
                .memo(MemoOptions::new()),
        ),
        (
            "memo list",
            vec![Memo, List],
            Plan::new().memo(MemoOptions::new()),
        ),
        (
            "memo count seed",
            vec![Memo, Count, Seed],
            Plan::new()
                .count(true)
                .order(seeded)
                .memo(MemoOptions::new()),
        ),
        (
            "memo count shard",
            vec![Memo, Count, Shard],
            Plan::new()
                .count(true)
                .shard(shard(0, 1))
                .memo(MemoOptions::new()),
        ),
        (
            "memo count limit",
            vec![Memo, Count, SolutionLimit],
            Plan::new()
                .count(true)
                .limits(Limits::new().solutions(1))
                .memo(MemoOptions::new()),
        ),
        (
            "memo count profile",
            vec![Memo, Count, Profile],
            Plan::new()
                .count(true)
                .profile(true)
                .memo(MemoOptions::new()),
        ),
        (
            "memo best",
            vec![Memo, Count, Best],
            Plan::new().count(true).best(1).memo(MemoOptions::new()),
        ),
        // A shard's parts search the reduced problem (`reduced_parts_agree` in
        // engine_shards.rs runs them); the plan runs whole the same way.
        (
            "reduce parts",
            vec![Reduce],
            Plan::new().parts(true).reduce(ReduceOptions::new()),
        ),
        (
            "parts limit",
            vec![Parts, SolutionLimit],
            Plan::new().parts(true).limits(Limits::new().solutions(1)),
        ),
        (
            "parts checkpoint list",
            vec![Parts, Checkpoint, List],
            Plan::new().checkpoint(true),
        ),
    ]
}

/// The features a refusal names.
fn named(e: &Unsupported) -> Vec<Feature> {
    match e {
        Unsupported::Bounds(f) => vec![*f, Feature::Bounds],
        Unsupported::Best(f) => vec![*f, Feature::Best],
        Unsupported::Memo(f) => vec![*f, Feature::Memo],
        Unsupported::Checkpoint(f) => vec![*f, Feature::Checkpoint],
        Unsupported::WholeSubtrees(f) => vec![*f, Feature::Parts],
        Unsupported::Engine { feature, .. } => vec![*feature],
        _ => Vec::new(),
    }
}

fn cost(p: &Problem, options: &[OptionId]) -> u64 {
    options.iter().map(|&o| p.option_cost(o)).sum()
}

fn as_set(found: &[Vec<OptionId>]) -> BTreeSet<Vec<OptionId>> {
    found.iter().cloned().map(sorted).collect()
}

fn agrees(m: &Mixed) -> TestResult {
    let p = m.problem();
    if p.option_count() > 14 {
        return TestResult::discard();
    }
    let truth = brute_force(&p);
    let mut sequential = Collect::default();
    let base = Plan::new().run(&p, &mut sequential).unwrap();
    assert_eq!(as_set(&sequential.solutions), truth, "{p:?}");
    assert_eq!(base.stats.solutions as usize, truth.len());
    let machine = match p.has_bounds() {
        true => Algorithm::Multiplicity,
        false => Algorithm::Exact,
    };
    assert_eq!(base.algorithm, machine);
    for engine in [
        None,
        Some(Engine::Links),
        Some(Engine::Cells),
        Some(Engine::Bits),
    ] {
        agrees_on(&p, &truth, engine);
    }
    if !p.has_bounds() {
        the_k_best_of_every_shard_merge_to_the_k_best(&p, &truth);
        seeded_shards_partition_the_solutions(&p, &truth);
    }
    let budget = 1 + u64::from(m.random.options.len() as u8 % 4);
    the_k_best_of_every_part_merge_to_the_k_best(&p, &truth, budget);
    a_checkpoint_in_any_order_counts_every_solution(&p, &truth, budget);
    TestResult::passed()
}

/// A shard's parts with `--best=K` (`Part::run_best`) at small budgets, each continuation
/// searched as the next tasks with the bound its part names: the K best of all of them are
/// the sequential K best (costs), every one a solution at its cost, none reported twice.
fn the_k_best_of_every_part_merge_to_the_k_best(
    p: &Problem,
    truth: &BTreeSet<Vec<OptionId>>,
    budget: u64,
) {
    let mut all: Vec<u64> = truth.iter().map(|s| cost(p, s)).collect();
    all.sort_unstable();
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        for k in [1, 3] {
            for of in [1, 3] {
                let plan = Plan::new().best(k).parts(true).engine(engine);
                assert_eq!(plan.check(p), Ok(()), "{engine}");
                let mut kept = Cheapest::new(k);
                let mut seen = BTreeSet::new();
                for index in 0..of {
                    let split = plan.split_of(p, shard(index, of)).unwrap();
                    let Some(whole) = split.shards().get(index) else {
                        continue;
                    };
                    let mut todo = vec![(Part::from(whole.path().clone()), None)];
                    let mut tasks = 0;
                    while let Some((part, below)) = todo.pop() {
                        tasks += 1;
                        assert!(tasks < 10_000, "the parts get on");
                        let budget = SplitBudget::nodes(budget);
                        let run = part
                            .run_best(p, engine, k, budget, &Limits::new(), below)
                            .unwrap();
                        assert_eq!(run.outcome.status.is_complete(), !run.spent);
                        assert_eq!(run.continuation.is_empty(), !run.spent);
                        for c in run.outcome.cheapest {
                            let set = sorted(c.options.clone());
                            assert!(truth.contains(&set), "{engine} k={k}");
                            assert_eq!(cost(p, &c.options), c.cost);
                            assert!(seen.insert(set), "{engine} k={k}: reported twice");
                            kept.offer(c.cost, c.options);
                        }
                        todo.extend(run.continuation.into_iter().map(|c| (c, run.bound)));
                    }
                }
                let got: Vec<u64> = kept.into_sorted().iter().map(|c| c.0).collect();
                assert_eq!(got, all[..k.min(all.len())], "{engine} k={k}, {of} shards");
            }
        }
    }
}

/// A checkpointed count with a seed, `#` preferred or both, stopped every few pieces,
/// written, read back and resumed (on another engine each time): the sequential count; a
/// resume in another order is refused, naming both orders.
fn a_checkpoint_in_any_order_counts_every_solution(
    p: &Problem,
    truth: &BTreeSet<Vec<OptionId>>,
    budget: u64,
) {
    let arena = dlxkit::xc::Arena::new();
    let engines = [Engine::Links, Engine::Cells, Engine::Bits];
    for order in [
        SearchOrder::new().seed(3),
        SearchOrder::new().prefer_sharp(true),
        SearchOrder::new().seed(8).prefer_sharp(true),
    ] {
        let plan = Plan::new().checkpoint(true).count(true).order(order);
        assert_eq!(plan.check(p), Ok(()));
        let mut frontier = Frontier::new(&mut dlxkit::xc::Solver::new(p, &arena)).in_order(order);
        let mut stops = 0;
        while !frontier.is_done() {
            let engine = engines[stops % 3];
            let limits = Limits::new().nodes(budget * 3);
            frontier
                .run_threads_on(engine, p, 1 + stops % 2, budget, &limits, |_| true)
                .unwrap();
            let text = frontier.to_string();
            frontier = text.parse().unwrap();
            assert_eq!(frontier.check_order(order), Ok(()));
            let other = SearchOrder::new().seed(4);
            let refused = frontier.check_order(other).unwrap_err();
            assert!(refused.to_string().contains("seed 4"), "{refused}");
            stops += 1;
            assert!(stops < 10_000, "the count gets on");
        }
        assert_eq!(frontier.totals().solutions, truth.len() as u64, "{order:?}");
    }
}

/// Every plan on `engine` (none: the default rule's), against the sequential search on
/// the same engine; the tree's figures where the engine keeps the links' tree on threads
/// and shards (the links; the bit sets, but for the updates they do not count).
fn agrees_on(p: &Problem, truth: &BTreeSet<Vec<OptionId>>, engine: Option<Engine>) {
    let on = |plan: Plan| match engine {
        Some(e) => plan.engine(e),
        None => plan,
    };
    let machine = match p.has_bounds() {
        true => Algorithm::Multiplicity,
        false => Algorithm::Exact,
    };
    let mut sequential = Collect::default();
    let base = match on(Plan::new()).run(p, &mut sequential) {
        Ok(report) => report,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(as_set(&sequential.solutions), *truth, "{engine:?}");
    // The bit sets keep the links' tree but with bounds (their Algorithm M's is their own).
    let same_tree = match base.engine {
        Engine::Links => true,
        Engine::Bits => !p.has_bounds(),
        _ => false,
    };
    for (name, features, plan) in plans() {
        let plan = on(plan);
        if let Err(e) = plan.check(p) {
            let reasons = named(&e);
            assert!(!reasons.is_empty(), "{name}: {e}");
            // The first feature named is one the plan or the problem has, in its words.
            let first = reasons[0];
            let real = features.contains(&first) || (first == Feature::Bounds && p.has_bounds());
            assert!(real, "{name} refused for {first}: {e}");
            assert!(e.to_string().contains(&first.to_string()), "{e}");
            // Run refuses the same way, before any event.
            let mut seen = Collect::default();
            assert_eq!(plan.run(p, &mut seen).unwrap_err(), RunError::from(e));
            assert!(seen.solutions.is_empty());
            continue;
        }
        assert!(!name.starts_with("parts "), "{name} is accepted");
        let mut found = Collect::default();
        let report = plan.run(p, &mut found).unwrap();
        assert_eq!(report.status, Status::Complete, "{name}");
        if name.starts_with("memo") {
            assert_eq!(report.algorithm, Algorithm::Memoised);
            let counted = report.memo.as_ref().unwrap();
            assert_eq!(counted.count.to_u64(), Some(truth.len() as u64), "{name}");
            assert_eq!(report.stats.solutions, truth.len() as u64, "{name}");
            assert!(found.solutions.is_empty(), "{name}");
            continue;
        }
        if let Some(k) = name.strip_prefix("best ") {
            assert_eq!(report.algorithm, Algorithm::MinimumCost);
            let k: usize = k[..1].parse().unwrap();
            let mut costs: Vec<u64> = truth.iter().map(|s| cost(p, s)).collect();
            costs.sort_unstable();
            costs.truncate(k);
            let got: Vec<u64> = report.cheapest.iter().map(|c| c.cost).collect();
            assert_eq!(got, costs, "{name}");
            for c in &report.cheapest {
                assert!(truth.contains(&sorted(c.options.clone())), "{name}");
                assert_eq!(cost(p, &c.options), c.cost, "{name}");
            }
            continue;
        }
        assert_eq!(report.algorithm, machine, "{name}");
        assert_eq!(report.stats.solutions as usize, truth.len(), "{name}");
        if name.starts_with("count") {
            assert!(found.solutions.is_empty(), "{name}");
        } else {
            assert_eq!(as_set(&found.solutions), *truth, "{name}");
            assert_eq!(found.solutions.len(), truth.len(), "{name}: each once");
        }
        let plain = features
            .iter()
            .all(|f| matches!(f, Feature::Threads | Feature::Count | Feature::Shard));
        if plain && same_tree && report.engine == base.engine {
            // The same tree, cut or not.
            assert_eq!(report.stats.nodes, base.stats.nodes, "{name}");
            assert_eq!(report.stats.updates, base.stats.updates, "{name}");
            assert_eq!(report.stats.cleansings, base.stats.cleansings, "{name}");
            assert_eq!(report.stats.profile, base.stats.profile, "{name}");
        }
        let ordered = name == "threads" || name == "shard";
        if ordered && same_tree && report.engine == base.engine {
            // In order: the very sequence of the search on one thread.
            assert_eq!(
                found.solutions, sequential.solutions,
                "{name} on {engine:?}"
            );
        }
    }
}

/// The shards of a list searched with a seed: each solution in exactly one of them, and
/// each shard's count that of its plain search.
fn seeded_shards_partition_the_solutions(p: &Problem, truth: &BTreeSet<Vec<OptionId>>) {
    for of in [2, 5] {
        let mut all = Collect::default();
        for index in 0..of {
            let plain = Plan::new().shard(shard(index, of)).count(true);
            let plain = plain.run(p, &mut Discard).unwrap();
            let seeded = Plan::new()
                .order(SearchOrder::new().seed(11))
                .shard(shard(index, of));
            let before = all.solutions.len();
            let report = seeded.run(p, &mut all).unwrap();
            assert_eq!(report.status, Status::Complete);
            assert_eq!(report.stats.solutions, plain.stats.solutions);
            assert_eq!((all.solutions.len() - before) as u64, plain.stats.solutions);
        }
        assert_eq!(as_set(&all.solutions), *truth, "{of} seeded shards");
        assert_eq!(all.solutions.len(), truth.len(), "each once");
    }
}

/// Each shard's K best, merged, are the K best of the whole search.
fn the_k_best_of_every_shard_merge_to_the_k_best(p: &Problem, truth: &BTreeSet<Vec<OptionId>>) {
    let mut all: Vec<u64> = truth.iter().map(|s| cost(p, s)).collect();
    all.sort_unstable();
    for k in [1, 3] {
        for of in [1, 2, 5] {
            let mut kept = Cheapest::new(k);
            for index in 0..of {
                let plan = Plan::new().best(k).shard(shard(index, of));
                let report = plan.run(p, &mut Discard).unwrap();
                assert_eq!(report.status, Status::Complete);
                assert_eq!(report.algorithm, Algorithm::MinimumCost);
                assert!(report.cheapest.len() <= k);
                for c in report.cheapest {
                    assert!(truth.contains(&sorted(c.options.clone())), "k={k}");
                    assert_eq!(cost(p, &c.options), c.cost);
                    kept.offer(c.cost, c.options);
                }
            }
            let got: Vec<u64> = kept.into_sorted().iter().map(|c| c.0).collect();
            assert_eq!(got, all[..k.min(all.len())], "k={k}, {of} shards");
        }
    }
}

/// The reduction of a problem with bounds (through its relaxed problem): every option kept
/// or removed once, and the reduced problem's solutions, mapped back, exactly the problem's.
fn reduction_keeps_the_solutions(m: &Mixed) -> TestResult {
    let p = m.problem();
    if p.option_count() > 14 {
        return TestResult::discard();
    }
    let r = p.reduce(&ReduceOptions::new());
    assert_eq!(
        r.problem.option_count() + r.removed_options.len(),
        p.option_count(),
        "every option kept or removed, once: {p:?}"
    );
    let mut removed: Vec<OptionId> = r.removed_options.iter().map(|o| o.option).collect();
    removed.extend(&r.origin);
    removed.sort();
    assert_eq!(removed, p.options().collect::<Vec<_>>(), "{p:?}");
    for o in r.problem.options() {
        assert_eq!(r.problem.option_cost(o), p.option_cost(r.origin[o.index()]));
    }
    let mapped: BTreeSet<Vec<OptionId>> = r
        .problem
        .all_solutions()
        .into_iter()
        .map(|s| sorted(r.original(&s)))
        .collect();
    let truth = brute_force(&p);
    assert_eq!(mapped, truth, "{p:?}\nreduced to\n{}", r.problem.to_dlx());
    assert_eq!(r.problem.count_solutions(), truth.len() as u64);
    TestResult::passed()
}

quickcheck! {
    fn every_accepted_plan_gives_the_sequential_answer_and_every_refusal_a_reason(m: Mixed) -> TestResult {
        agrees(&m)
    }

    fn a_bounded_problem_reduces_to_exactly_its_solutions(m: Mixed) -> TestResult {
        reduction_keeps_the_solutions(&m)
    }
}

#[test]
fn a_bounded_problem_reduces_where_dlx_pres_rules_hold() {
    // `A` once, `B` twice, `X` at most once: `X` is forced by `A`, so `B X` goes (it would
    // clash with the option covering `A`), and `A X` blocks nothing. `C` (0..=3) is counted:
    // no rule reasons through it, so its options stay.
    let p = Problem::from_dlx("A 2|B 0:3|C | X\nA B X\nA X C\nB X\nB C\nB\nC\n").unwrap();
    let r = p.reduce(&ReduceOptions::new());
    assert_eq!(r.problem.to_dlx(), "A 2|B 0:3|C\nA B\nA C\nB C\nB\nC\n");
    assert_eq!(r.removed_options.len(), 1);
    assert_eq!(p.option_text(r.removed_options[0].option), "B X");
    assert_eq!(r.problem.count_solutions(), p.count_solutions());
    let mapped: BTreeSet<Vec<OptionId>> = r
        .problem
        .all_solutions()
        .into_iter()
        .map(|s| sorted(r.original(&s)))
        .collect();
    assert_eq!(mapped, brute_force(&p));
    // With no item of bounds 1..=1 there is nothing to reason from: the problem is kept.
    let counted = Problem::from_dlx("2|A 0:1|B\nA B\nA\nB\n").unwrap();
    let r = counted.reduce(&ReduceOptions::new());
    assert_eq!((r.rounds, r.removed_options.len()), (0, 0));
    assert_eq!(r.problem.to_dlx(), counted.to_dlx());
}

/// Langford pairs 1 1 .. n n in Knuth's format (items: the numbers, then the places).
fn langford(n: usize) -> Problem {
    let places = 2 * n;
    let mut items: Vec<String> = (1..=n).map(|k| format!("n{k}")).collect();
    items.extend((0..places).map(|k| format!("s{k}")));
    let mut lines = vec![items.join(" ")];
    for k in 1..=n {
        for i in 0..places {
            if i + k + 1 < places {
                lines.push(format!("n{k} s{i} s{}", i + k + 1));
            }
        }
    }
    Problem::from_dlx(&(lines.join("\n") + "\n")).unwrap()
}

#[test]
fn the_shards_of_a_plan_add_up_to_the_sequential_search() {
    let p = langford(7);
    // The links count updates (the bit sets, the default here, count none).
    let links = Plan::new().engine(Engine::Links);
    let base = links.run(&p, &mut Discard).unwrap();
    assert_eq!(base.stats.solutions, 52); // 26 Langford pairings of 7, and their mirrors
    for of in [1, 3, 10] {
        let mut all = Collect::default();
        let mut totals = None;
        for index in 0..of {
            let report = links
                .clone()
                .shard(shard(index, of))
                .run(&p, &mut all)
                .unwrap();
            let (split, _) = report.shard.as_ref().unwrap();
            let t = totals.get_or_insert_with(|| Totals::from_split(split));
            if let Some(s) = split.shards().get(index) {
                t.add(s.path().depth(), &report.stats);
            }
        }
        let t = totals.unwrap();
        assert_eq!(t.solutions, base.stats.solutions);
        assert_eq!(t.nodes, u128::from(base.stats.nodes));
        assert_eq!(t.updates, u128::from(base.stats.updates));
        assert_eq!(all.solutions, p.all_solutions(), "shard by shard, in order");
    }
    // A list at a depth that is not as long as asked is refused, with its length.
    let split = Split::new(&p, SplitBy::Depth(1));
    let n = split.shards().len();
    let wrong = ShardOf {
        index: 0,
        of: n + 1,
        depth: Some(1),
    };
    let e = Plan::new().shard(wrong).run(&p, &mut Discard).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "the list of shards at depth 1 has {n} shards, not {}",
            n + 1
        )
    );
}

#[test]
fn limits_stay_global_on_threads() {
    let p = langford(7);
    let all = p.all_solutions();
    for limit in [1u64, 7, 51] {
        let mut found = Collect::default();
        let plan = Plan::new()
            .threads(2)
            .limits(Limits::new().solutions(limit));
        let report = plan.run(&p, &mut found).unwrap();
        assert_eq!(report.status, Status::SolutionLimit);
        assert_eq!(
            found.solutions,
            all[..limit as usize],
            "the first {limit}, in order"
        );
        let counted = Plan::new()
            .threads(2)
            .count(true)
            .limits(Limits::new().solutions(limit))
            .run(&p, &mut Discard)
            .unwrap();
        assert_eq!(
            (counted.stats.solutions, counted.status),
            (limit, Status::SolutionLimit)
        );
    }
    let stopped = Plan::new()
        .threads(2)
        .count(true)
        .limits(Limits::new().nodes(10))
        .run(&p, &mut Discard)
        .unwrap();
    assert_eq!(stopped.status, Status::NodeLimit);
}

/// A sink that stops the search at its `n`th solution.
struct StopAt(usize, usize);

impl Sink for StopAt {
    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        self.1 += 1;
        match self.1 >= self.0 {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    }
}

#[test]
fn a_sink_that_breaks_stops_every_mode() {
    let p = langford(7);
    let plans = [
        Plan::new(),
        Plan::new().threads(2),
        Plan::new().threads(2).unordered(true),
        Plan::new().best(3),
    ];
    for plan in plans {
        let mut sink = StopAt(3, 0);
        let report = plan.run(&p, &mut sink).unwrap();
        assert_eq!((report.status, sink.1), (Status::Stopped, 3), "{plan:?}");
    }
}

/// Langford pairs of 7 with costs: option `n{k} s{i} s{j}` costs `(k * i) % 7`.
fn costed_langford() -> Problem {
    let plain = langford(7);
    let mut text = String::new();
    for line in plain.to_dlx().lines() {
        text.push_str(line);
        if let Some(rest) = line.strip_prefix('n') {
            let mut words = rest.split(' ');
            let k: u64 = words.next().unwrap().parse().unwrap();
            let i: u64 = words.next().unwrap()[1..].parse().unwrap();
            text.push_str(&format!(" |{}", (k * i) % 7));
        }
        text.push('\n');
    }
    Problem::from_dlx(&text).unwrap()
}

#[test]
fn the_k_best_on_threads_are_the_sequential_k_best() {
    let p = costed_langford();
    assert!(p.has_costs());
    for k in [1, 4, 60] {
        let one = Plan::new().best(k).run(&p, &mut Discard).unwrap();
        let costs =
            |r: &dlxkit::xc::Report| -> Vec<u64> { r.cheapest.iter().map(|c| c.cost).collect() };
        for threads in [2, 3] {
            let mut improvements = Collect::default();
            let many = Plan::new()
                .best(k)
                .threads(threads)
                .run(&p, &mut improvements)
                .unwrap();
            assert_eq!(many.status, Status::Complete);
            assert_eq!(costs(&many), costs(&one), "k={k} on {threads} threads");
            assert_eq!(many.cheapest.len(), k.min(52));
            for c in &many.cheapest {
                p.check_solution(&c.options).unwrap();
                assert_eq!(cost(&p, &c.options), c.cost);
            }
            // Each improvement beat the K-th best found before it.
            assert_eq!(improvements.costs.len() as u64, many.stats.solutions);
            let mut seen: Vec<u64> = Vec::new();
            for &c in &improvements.costs {
                seen.sort_unstable();
                assert!(seen.len() < k || c < seen[k - 1], "{c} after {seen:?}");
                seen.push(c);
            }
        }
    }
    // A limit on improvements is global.
    let limited = Plan::new()
        .best(1)
        .threads(2)
        .limits(Limits::new().solutions(1))
        .run(&p, &mut Discard)
        .unwrap();
    assert_eq!(
        (limited.status, limited.stats.solutions),
        (Status::SolutionLimit, 1)
    );
}

/// Two-per-line: a 5x5 board whose rows take one or two marks and whose columns exactly two,
/// each cell an option (`r{i} c{j}`), with a colour on the main diagonal (secondary `d`,
/// coloured by the row) when `coloured`: Algorithm M's tree, with tweaks, null moves and
/// covers at every depth.
fn two_per_line(coloured: bool) -> Problem {
    let n = 5;
    let mut b = Problem::builder();
    for i in 0..n {
        b.bounded(&format!("r{i}"), 1..=2).unwrap();
    }
    for j in 0..n {
        b.bounded(&format!("c{j}"), 2..=2).unwrap();
    }
    b.secondary("d").unwrap();
    let colors: Vec<_> = (0..2).map(|c| b.color(&format!("k{c}"))).collect();
    for i in 0..n {
        for j in 0..n {
            let mut entries = vec![
                Entry {
                    item: b.item_id(&format!("r{i}")).unwrap(),
                    color: None,
                },
                Entry {
                    item: b.item_id(&format!("c{j}")).unwrap(),
                    color: None,
                },
            ];
            if coloured && i == j {
                entries.push(Entry {
                    item: b.item_id("d").unwrap(),
                    color: Some(colors[i % 2]),
                });
            }
            b.option_with_cost(entries, 0).unwrap();
        }
    }
    b.build().unwrap()
}

#[test]
fn algorithm_m_on_shards_and_threads_gives_the_sequential_search() {
    // The links' tree, which the shards (made on the links) cut: the default engine of a
    // small bounded problem is the bit sets, whose tree is another.
    let links = || Plan::new().engine(Engine::Links);
    for coloured in [false, true] {
        let p = two_per_line(coloured);
        let mut sequential = Collect::default();
        let base = links().run(&p, &mut sequential).unwrap();
        assert_eq!(base.algorithm, Algorithm::Multiplicity);
        assert!(base.stats.solutions > 100, "{}", base.stats.solutions);
        assert_eq!(sequential.solutions, p.all_solutions());
        for solution in &sequential.solutions {
            assert!(p.check_solution(solution).is_ok(), "{solution:?}");
        }
        let by = [
            SplitBy::Count(3),
            SplitBy::Count(10),
            SplitBy::Count(64),
            SplitBy::Depth(1),
            SplitBy::Depth(3),
        ];
        for by in by {
            let split = Split::new(&p, by);
            let of = split.shards().len();
            assert!(of > 1, "{by}: the bounded tree is cut");
            let depth = match by {
                SplitBy::Depth(d) => Some(d),
                SplitBy::Count(_) => None,
            };
            let mut all = Collect::default();
            let mut totals = Totals::from_split(&split);
            for index in 0..of {
                let plan = links().shard(ShardOf { index, of, depth });
                let report = plan.run(&p, &mut all).unwrap();
                assert_eq!(report.status, Status::Complete);
                let path = split.shards()[index].path();
                totals.add(path.depth(), &report.stats);
            }
            assert_eq!(totals.solutions, base.stats.solutions, "{by}");
            assert_eq!(totals.nodes, u128::from(base.stats.nodes), "{by}");
            assert_eq!(totals.updates, u128::from(base.stats.updates), "{by}");
            assert_eq!(totals.cleansings, u128::from(base.stats.cleansings), "{by}");
            assert_eq!(all.solutions, sequential.solutions, "{by}: in order");
        }
        for threads in [2, 3] {
            let mut found = Collect::default();
            let report = links().threads(threads).run(&p, &mut found).unwrap();
            assert_eq!(found.solutions, sequential.solutions, "{threads} threads");
            assert_eq!(report.stats.nodes, base.stats.nodes);
            assert_eq!(report.stats.updates, base.stats.updates);
            assert_eq!(report.stats.profile, base.stats.profile);
            let counted = links().threads(threads).count(true);
            let counted = counted.run(&p, &mut Discard).unwrap();
            assert_eq!(counted.stats.solutions, base.stats.solutions);
            assert_eq!(counted.stats.nodes, base.stats.nodes);
            let mut loose = Collect::default();
            let plan = links().threads(threads).unordered(true);
            plan.run(&p, &mut loose).unwrap();
            assert_eq!(as_set(&loose.solutions), as_set(&sequential.solutions));
            assert_eq!(loose.solutions.len(), sequential.solutions.len());
            // A solution limit keeps the first solutions of the sequential order.
            let mut first = Collect::default();
            let plan = links().threads(threads).limits(Limits::new().solutions(17));
            let report = plan.run(&p, &mut first).unwrap();
            assert_eq!(report.status, Status::SolutionLimit);
            assert_eq!(first.solutions, sequential.solutions[..17]);
        }
    }
}

#[test]
fn a_shard_list_names_its_seed() {
    // The fingerprint of a plan's shard list holds its order: the shards of one seed agree,
    // another seed (or none) makes another list, which `merge` refuses to mix.
    let p = langford(7);
    let fingerprint = |order: SearchOrder, index: usize| {
        let plan = Plan::new().order(order).shard(shard(index, 3)).count(true);
        let report = plan.run(&p, &mut Discard).unwrap();
        report.shard.unwrap().0.fingerprint()
    };
    let seeded = |seed| SearchOrder::new().seed(seed);
    assert_eq!(fingerprint(seeded(3), 0), fingerprint(seeded(3), 2));
    assert_ne!(fingerprint(seeded(3), 0), fingerprint(seeded(4), 0));
    assert_ne!(
        fingerprint(seeded(3), 0),
        fingerprint(SearchOrder::new(), 0)
    );
    let plain = Split::new(&p, SplitBy::Count(3)).fingerprint();
    assert_eq!(fingerprint(SearchOrder::new(), 1), plain);
}

/// n queens with a cost on each square, `(r^2 + 3c^2 + rc) mod 17` (the benchmark's
/// `queens-20-costs`), in Knuth's plain row order.
fn queens_with_costs(n: usize) -> Problem {
    let mut items: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
    items.extend((0..n).map(|c| format!("c{c}")));
    items.push("|".into());
    items.extend((0..2 * n - 1).map(|d| format!("a{d}")));
    items.extend((0..2 * n - 1).map(|d| format!("b{d}")));
    let mut lines = vec![items.join(" ")];
    for r in 0..n {
        for c in 0..n {
            let cost = (r * r + 3 * c * c + r * c) % 17;
            lines.push(format!("r{r} c{c} a{} b{} |{cost}", r + c, r + n - 1 - c));
        }
    }
    Problem::from_dlx(&(lines.join("\n") + "\n")).unwrap()
}

/// A shard's parts with `--best=K` whose subtrees are cut short: an attempt that runs out of
/// its budget after finding K solutions is thrown away (on cells and bits; the links name
/// the rest inside the subtree), but the bound its K-th sets (one
/// more than its cost) is kept, and passed on to the parts it names. Every budget merges to
/// the sequential K best, no solution is reported twice, and some part names a bound that
/// none of its own solutions set (the attempt's).
#[test]
fn the_bound_of_an_attempt_cut_short_keeps_the_k_best() {
    let p = queens_with_costs(8);
    let all: BTreeSet<Vec<OptionId>> = p.all_solutions().into_iter().map(sorted).collect();
    assert_eq!(all.len(), 92);
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        for k in [1, 3] {
            let mut sequential = p.best(k);
            sequential.by_ref().for_each(drop);
            let truth: Vec<u64> = sequential
                .outcome()
                .cheapest
                .iter()
                .map(|c| c.cost)
                .collect();
            assert_eq!(truth.len(), k);
            let mut from_attempts = 0;
            for budget in [2, 5, 10, 20, 40, 80, 160] {
                let plan = Plan::new().best(k).parts(true).engine(engine);
                assert_eq!(plan.check(&p), Ok(()), "{engine}");
                let split = plan.split_of(&p, shard(0, 1)).unwrap();
                let whole = split.shards()[0].path().clone();
                let mut todo = vec![(Part::from(whole), None::<u64>)];
                let mut kept = Cheapest::new(k);
                let mut seen = BTreeSet::new();
                while let Some((part, below)) = todo.pop() {
                    let run = part
                        .run_best(
                            &p,
                            engine,
                            k,
                            SplitBudget::nodes(budget),
                            &Limits::new(),
                            below,
                        )
                        .unwrap();
                    assert_eq!(run.continuation.is_empty(), !run.spent);
                    let own = run.outcome.cheapest.get(k - 1).map(|c| c.cost);
                    if let Some(bound) = run.bound {
                        assert!(bound >= truth[k - 1], "{engine} k={k}: {bound}");
                        if own.is_none_or(|own| bound < own) && below.is_none_or(|b| bound < b) {
                            from_attempts += 1;
                        }
                    }
                    for c in run.outcome.cheapest {
                        let set = sorted(c.options.clone());
                        assert!(all.contains(&set), "{engine} k={k}");
                        assert_eq!(cost(&p, &c.options), c.cost);
                        assert!(seen.insert(set), "{engine} k={k}: reported twice");
                        kept.offer(c.cost, c.options);
                    }
                    todo.extend(run.continuation.into_iter().map(|c| (c, run.bound)));
                }
                let got: Vec<u64> = kept.into_sorted().iter().map(|c| c.0).collect();
                assert_eq!(got, truth, "{engine} k={k}, budget {budget}");
            }
            // On the links an attempt cut short is kept (the rest is named inside its
            // subtree), so only the other engines throw one away.
            assert!(
                from_attempts > 0 || engine == Engine::Links,
                "{engine} k={k}: no attempt cut short set a bound"
            );
        }
    }
}

/// A minimum-cost search stopped inside a subtree names the rest of it in its own tree
/// (`Part::inside`: sets of options taken and left out, one per level of the path where it
/// stopped). With K above the number of solutions nothing is pruned, so every part reports
/// all its solutions: over the tasks of every budget, the union is exactly the sequential
/// search's solutions, none twice and none lost, and the tasks do stop inside subtrees two
/// and three levels deep. Each part's text reads back as the same part.
#[test]
fn the_parts_inside_a_stopped_subtree_partition_its_solutions() {
    let p = queens_with_costs(8);
    let all: BTreeSet<Vec<OptionId>> = p.all_solutions().into_iter().map(sorted).collect();
    assert_eq!(all.len(), 92);
    let mut deepest = 0;
    for budget in [3, 7, 15, 40] {
        let plan = Plan::new().best(1000).parts(true).engine(Engine::Links);
        let split = plan.split_of(&p, shard(0, 1)).unwrap();
        let whole = split.shards()[0].path().clone();
        let mut todo = vec![Part::from(whole)];
        let mut seen = BTreeSet::new();
        let mut inside = 0;
        while let Some(part) = todo.pop() {
            assert_eq!(part.to_string().parse::<Part>(), Ok(part.clone()));
            let run = part
                .run_best(
                    &p,
                    Engine::Links,
                    1000,
                    SplitBudget::nodes(budget),
                    &Limits::new(),
                    None,
                )
                .unwrap();
            assert_eq!(run.continuation.is_empty(), !run.spent);
            for c in run.outcome.cheapest {
                let set = sorted(c.options.clone());
                assert!(all.contains(&set), "budget {budget}: not a solution");
                assert_eq!(cost(&p, &c.options), c.cost);
                assert!(seen.insert(set), "budget {budget}: reported twice ({part})");
            }
            for next in run.continuation.iter().filter(|c| !c.within().is_empty()) {
                inside += 1;
                let taken = next.within().iter().map(|set| set.taken.len()).max();
                deepest = deepest.max(taken.unwrap_or(0));
            }
            todo.extend(run.continuation);
        }
        assert_eq!(seen, all, "budget {budget}: a solution lost");
        assert!(inside > 0, "budget {budget}: no search stopped inside");
    }
    assert!(deepest >= 3, "the stops are {deepest} levels deep at most");
}

/// A part within a subtree edited by hand: an option out of range, a left-out option that
/// is not a branch of the node (it clashes with one taken), options taken that clash, are
/// refused with the part and the option named; a part without options reads as before.
#[test]
fn a_hand_edited_part_inside_a_subtree_is_refused_clearly() {
    let p = queens_with_costs(8);
    let run = |text: &str| {
        let part: Part = text.parse().unwrap();
        part.run_best(
            &p,
            Engine::Links,
            1,
            SplitBudget::nodes(100),
            &Limits::new(),
            None,
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    };
    // The root's subtree (`-`), option 0 (queen at r0 c0) taken.
    assert_eq!(run("- +0 -10"), Ok(()));
    assert_eq!(
        run("- +0 -640"),
        Err(
            "`- +0 -640`: option 640 is not an option of the problem (it has 64, numbered from 0)"
                .into()
        )
    );
    assert_eq!(
        run("- +0 -1"),
        Err("`- +0 -1`: option 1 left out clashes with the options taken: it is not one of the node's branches".into())
    );
    assert_eq!(
        run("- +0 +1"),
        Err(
            "`- +0 +1`: option 1 taken clashes with option 0 of the part's path or taken before it"
                .into()
        )
    );
    assert_eq!(
        "- +0 -0".parse::<Part>().unwrap_err().to_string(),
        "option 0 is both taken (`+0`) and left out (`-0`)"
    );
    assert_eq!(
        "- +x".parse::<Part>().unwrap_err().to_string(),
        "`+x` is not an option taken (`+N`) or left out (`-N`), N a number from 0"
    );
    // Cells take no part inside a subtree (their searches do not say where they stopped).
    let part: Part = "- +0".parse().unwrap();
    let refused = part
        .run_best(
            &p,
            Engine::Cells,
            1,
            SplitBudget::nodes(9),
            &Limits::new(),
            None,
        )
        .unwrap_err();
    assert!(refused.to_string().contains("on the links"), "{refused}");
}
