//! A shard's parts on dancing cells and the bit sets ([`Shard::run_on`], [`Part::run_on`]):
//! the tree of parts, each task on any engine (parts named by one run on another), lists the
//! sequential links search's solutions and merges to its count; on the bit sets, whose tree
//! is the links' without bounds, to its nodes, profile, updates and cleansings too, and in
//! its order. (On dancing cells the updates are SSXCC's in the subtrees searched whole and
//! the links' in the nodes expanded, comparable to neither search's, so not compared.)

use std::ops::ControlFlow;
use std::time::Duration;

use dlxkit::xc::machine::{Any, Engine, Machine};
use dlxkit::xc::shard::{Merger, Part, ShardReport, Split, SplitBudget, SplitBy, Totals};
use dlxkit::xc::{Arena, Event, OptionId, Problem, SearchOrder, Solver};
use quickcheck::{quickcheck, TestResult};

use crate::engine_shards::Random;
use crate::engine_shards_bounds::Bounded;

/// Runs every shard of `split` within `budget`, then every part of every continuation, the
/// `t`-th task on `engine(t)`: the reports merged and the solutions listed, in the order of
/// the tasks.
fn run_tree(
    problem: &Problem,
    split: &Split,
    budget: SplitBudget,
    engine: impl Fn(usize) -> Engine,
) -> (Totals, Vec<Vec<OptionId>>, usize) {
    let arena = Arena::new();
    let mut links = Solver::new(problem, &arena);
    let mut machines: Vec<Any<'_>> = Engine::ALL
        .iter()
        .map(|&e| {
            let mut m = Any::new(e, problem, &arena, SearchOrder::new()).unwrap();
            m.count_updates(true);
            m
        })
        .collect();
    let mut merger = Merger::new();
    let mut solutions = Vec::new();
    let mut tasks = 0;
    for (index, shard) in split.shards().iter().enumerate() {
        let mut todo: Vec<Option<Part>> = vec![None];
        while let Some(from) = todo.pop() {
            let e = engine(tasks);
            tasks += 1;
            let handler = |event: Event<'_>| {
                if let Event::Solution(s) = event {
                    solutions.push(s.to_vec());
                }
                ControlFlow::Continue(())
            };
            let machine = &mut machines[Engine::ALL.iter().position(|&x| x == e).unwrap()];
            let run = match (&from, e) {
                (None, Engine::Links) => shard.run_within(&mut links, budget, true, handler),
                (None, _) => shard.run_on(&mut links, machine, budget, true, handler),
                (Some(part), Engine::Links) => part
                    .run_within(&mut links, budget, true, handler)
                    .expect("a continuation locates"),
                (Some(part), _) => part
                    .run_on(&mut links, machine, budget, true, handler)
                    .expect("a continuation locates"),
            };
            assert!(links.is_pristine());
            assert!(machine.forced().is_empty());
            let mut report = ShardReport::of_split(split, index, run.outcome);
            report.depth = from.as_ref().map_or(shard.path().depth(), Part::depth);
            report.from = from;
            report.continuation = run.continuation.clone();
            merger.add(report);
            todo.extend(run.continuation.into_iter().rev().map(Some));
        }
    }
    let merged = merger.finish();
    assert!(merged.is_complete(), "{:?}", merged.problems);
    (merged.totals, solutions, tasks)
}

/// Whether the parts of `problem` cut `by`, within `budget`, on `engine(t)` for task `t`,
/// list the links' solutions and merge to their count (in their order, and to their nodes,
/// profile, updates and cleansings, when `same_tree`).
fn agrees(
    problem: &Problem,
    by: SplitBy,
    budget: SplitBudget,
    engine: impl Fn(usize) -> Engine,
    same_tree: bool,
) -> bool {
    let arena = Arena::new();
    let mut solver = Solver::new(problem, &arena);
    let mut sequential: Vec<Vec<OptionId>> = solver.solutions().collect();
    let stats = solver.count().stats;
    let split = Split::new(problem, by);
    if split.shards().is_empty() {
        return stats.solutions == 0;
    }
    let (totals, mut solutions, _) = run_tree(problem, &split, budget, engine);
    if !same_tree {
        // Another tree lists the same solutions in another order, their options too.
        for list in [&mut sequential, &mut solutions] {
            list.iter_mut().for_each(|s| s.sort());
            list.sort();
        }
    }
    let profile: Vec<u128> = stats.profile.iter().map(|&n| u128::from(n)).collect();
    let ok = solutions == sequential
        && totals.solutions == stats.solutions
        && (!same_tree
            || (totals.nodes == u128::from(stats.nodes)
                && totals.profile == profile
                && totals.updates == u128::from(stats.updates)
                && totals.cleansings == u128::from(stats.cleansings)));
    if !ok {
        eprintln!(
            "{by} {budget}: {} vs {} solutions, {totals:?} vs {stats:?}",
            solutions.len(),
            sequential.len()
        );
    }
    ok
}

/// The tree of parts of `problem` (depth 0) on the bit sets within `budget` nodes, with
/// Knuth's updates counted or not: whether it merges to the links' count, nodes and profile
/// (and updates, when counted), and every task that spent its budget kept at least that many
/// nodes in its figures (an attempt its budget cut short is kept and its rest named, not
/// thrown away and searched again).
fn bits_keep_their_work(problem: &Problem, budget: u64, updates: bool) -> bool {
    let arena = Arena::new();
    let stats = Solver::new(problem, &arena).count().stats;
    let split = Split::new(problem, SplitBy::Depth(0));
    if split.shards().is_empty() {
        return stats.solutions == 0;
    }
    let mut links = Solver::new(problem, &arena);
    let mut bits = Any::new(Engine::Bits, problem, &arena, SearchOrder::new()).unwrap();
    bits.count_updates(updates);
    let mut merger = Merger::new();
    let quiet = |_: Event<'_>| ControlFlow::Continue(());
    let shard = &split.shards()[0];
    let mut todo: Vec<Option<Part>> = vec![None];
    let mut short = 0;
    while let Some(from) = todo.pop() {
        let budget = SplitBudget::nodes(budget);
        let run = match &from {
            None => shard.run_on(&mut links, &mut bits, budget, false, quiet),
            Some(part) => part
                .run_on(&mut links, &mut bits, budget, false, quiet)
                .unwrap(),
        };
        if run.spent && run.outcome.stats.nodes < budget.nodes.unwrap() {
            short += 1;
        }
        let mut report = ShardReport::of_split(&split, 0, run.outcome);
        report.depth = from.as_ref().map_or(0, Part::depth);
        report.from = from;
        report.continuation = run.continuation.clone();
        merger.add(report);
        todo.extend(run.continuation.into_iter().rev().map(Some));
    }
    let merged = merger.finish();
    let totals = &merged.totals;
    let profile: Vec<u128> = stats.profile.iter().map(|&n| u128::from(n)).collect();
    let ok = merged.is_complete()
        && short == 0
        && totals.solutions == stats.solutions
        && totals.nodes == u128::from(stats.nodes)
        && totals.profile == profile
        && (!updates || totals.updates == u128::from(stats.updates));
    if !ok {
        eprintln!("budget {budget}: {short} tasks short, {totals:?} vs {stats:?}");
    }
    ok
}

quickcheck! {
    fn parts_on_the_bit_sets_keep_their_work(p: Random, budget: u8, updates: bool) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        bits_keep_their_work(&problem, 1 + u64::from(budget % 40), updates)
    }

    fn parts_on_the_bit_sets_are_the_links_parts(p: Random, budget: u8, n: u8) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        let budget = SplitBudget::nodes(1 + u64::from(budget % 40));
        [SplitBy::Depth(0), SplitBy::Count(1 + usize::from(n % 6))]
            .into_iter()
            .all(|by| agrees(&problem, by, budget, |_| Engine::Bits, true))
    }

    fn parts_on_dancing_cells_list_the_links_solutions(p: Random, budget: u8, n: u8) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        let budget = SplitBudget::nodes(1 + u64::from(budget % 40));
        [SplitBy::Depth(0), SplitBy::Count(1 + usize::from(n % 6))]
            .into_iter()
            .all(|by| agrees(&problem, by, budget, |_| Engine::Cells, false))
    }

    fn parts_run_on_any_engine_whoever_named_them(p: Random, budget: u8, start: u8) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        let budget = SplitBudget::nodes(1 + u64::from(budget % 40));
        let engine = |t: usize| Engine::ALL[(t + usize::from(start)) % 3];
        agrees(&problem, SplitBy::Depth(0), budget, engine, false)
    }

    fn bounded_parts_on_every_engine_list_the_links_solutions(p: Bounded, budget: u8, start: u8) -> TestResult {
        let problem = Problem::from_dlx(&p.text).unwrap();
        let budget = SplitBudget::nodes(1 + u64::from(budget % 40));
        let ok = [Engine::Cells, Engine::Bits].into_iter().all(|e| {
            agrees(&problem, SplitBy::Count(4), budget, |_| e, false)
        }) && agrees(
            &problem,
            SplitBy::Depth(0),
            budget,
            |t| Engine::ALL[(t + usize::from(start)) % 3],
            false,
        );
        TestResult::from_bool(ok)
    }
}

fn queens(n: usize) -> Problem {
    let mut text = String::new();
    for r in 0..n {
        text.push_str(&format!("r{r} c{r} "));
    }
    text.push('|');
    for d in 0..2 * n - 1 {
        text.push_str(&format!(" a{d} b{d}"));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    Problem::from_dlx(&text).unwrap()
}

#[test]
fn queens_split_themselves_on_every_engine_and_merge_exactly() {
    let p = queens(9);
    for budget in [1, 7, 100, 2_000] {
        let budget = SplitBudget::nodes(budget);
        assert!(agrees(
            &p,
            SplitBy::Count(3),
            budget,
            |_| Engine::Bits,
            true
        ));
        assert!(agrees(
            &p,
            SplitBy::Count(3),
            budget,
            |_| Engine::Cells,
            false
        ));
        let mixed = |t: usize| Engine::ALL[t % 3];
        assert!(agrees(&p, SplitBy::Depth(1), budget, mixed, false));
    }
    for budget in [1, 50, 1_000, 10_000] {
        for updates in [false, true] {
            assert!(bits_keep_their_work(&p, budget, updates), "{budget}");
        }
    }
    // A small budget really splits: many tasks, each its own part.
    let split = Split::new(&p, SplitBy::Count(2));
    let (totals, _, tasks) = run_tree(&p, &split, SplitBudget::nodes(200), |_| Engine::Cells);
    assert_eq!(totals.solutions, 352u64);
    assert!(tasks > 10, "{tasks} tasks");
}

#[test]
fn queens_split_by_time_on_every_engine_and_merge_exactly() {
    let p = queens(8);
    for budget in [
        Duration::from_nanos(1),
        Duration::from_micros(50),
        Duration::from_secs(60),
    ] {
        let budget = SplitBudget::time(budget);
        for e in [Engine::Cells, Engine::Bits] {
            assert!(agrees(
                &p,
                SplitBy::Count(4),
                budget,
                |_| e,
                e == Engine::Bits
            ));
        }
    }
}
