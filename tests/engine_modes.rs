//! Every engine with every mode of the front door (issue 28): dancing links, bit sets and
//! dancing cells on 2 and 3 threads, on every shard of lists of 1 to 7 and of lists cut at
//! a depth, give exactly the sequential links' count and solution set, on Knuth's inputs
//! and on random problems; the bit sets, which keep the links' tree, give the links' order
//! and nodes too. With item bounds (Algorithm M, whose shards are numbered moves), dancing
//! cells and the bit sets give the links' set and count as well.

use std::collections::BTreeSet;

use dlxkit::xc::plan::{Collect, Engine, Plan, ShardOf};
use dlxkit::xc::shard::{Split, SplitBy};
use dlxkit::xc::{OptionId, Problem, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{as_set, read, two_per_line, Bounded, Random};

/// Knuth's inputs without bounds (every engine takes their threads and shards).
const PLAIN: [&str; 5] = [
    "knuth_inputs/queens-6.dlx",
    "knuth_inputs/queens-8.dlx",
    "knuth_inputs/de-bruijn-0-2-5.dlx",
    "knuth_inputs/de-bruijn-1-2-4.dlx",
    "cells_inputs/windmill-3-4.dlx",
];

/// The sequential links' solutions, in order, and their count.
fn links(p: &Problem) -> Vec<Vec<OptionId>> {
    let mut found = Collect::default();
    let report = Plan::new()
        .engine(Engine::Links)
        .run(p, &mut found)
        .unwrap();
    assert_eq!(report.status, Status::Complete);
    assert_eq!(report.stats.solutions as usize, found.solutions.len());
    found.solutions
}

/// Runs `plan` on `engine`: its solutions (listed) and its count (counted).
fn on(p: &Problem, engine: Engine, plan: Plan) -> (Vec<Vec<OptionId>>, u64) {
    let plan = plan.engine(engine);
    let mut found = Collect::default();
    let listed = plan.clone().run(p, &mut found).unwrap();
    assert_eq!(listed.status, Status::Complete, "{engine}");
    assert_eq!(listed.engine, engine);
    assert_eq!(
        listed.stats.solutions as usize,
        found.solutions.len(),
        "{engine}"
    );
    let counted = plan.count(true).run(p, &mut Collect::default()).unwrap();
    assert_eq!(counted.status, Status::Complete, "{engine}");
    (found.solutions, counted.stats.solutions)
}

/// Every engine on 2 and 3 threads, and on every shard of every list: the links' set and
/// count, each solution once; the bit sets and the links also in the links' order.
fn every_mode_agrees(p: &Problem, what: &str) {
    let expected = links(p);
    let set: BTreeSet<Vec<OptionId>> = as_set(expected.clone());
    let n = expected.len() as u64;
    for engine in Engine::ALL {
        // The bit sets keep the links' tree without bounds (with them, they branch as
        // Algorithm M does, in the problem's order).
        let ordered = engine == Engine::Links || (engine == Engine::Bits && !p.has_bounds());
        for threads in [2, 3] {
            let (found, count) = on(p, engine, Plan::new().threads(threads));
            assert_eq!(count, n, "{what}: {engine} on {threads} threads");
            assert_eq!(
                found.len() as u64,
                n,
                "{what}: {engine} on {threads} threads"
            );
            assert_eq!(
                as_set(found.clone()),
                set,
                "{what}: {engine} on {threads} threads"
            );
            if ordered {
                assert_eq!(found, expected, "{what}: {engine} on {threads} threads");
            }
            let unordered = Plan::new().threads(threads).unordered(true);
            let (found, _) = on(p, engine, unordered);
            assert_eq!(found.len() as u64, n, "{what}: {engine} unordered");
            assert_eq!(as_set(found), set, "{what}: {engine} unordered");
        }
        let mut lists: Vec<ShardOf> = (1..=7)
            .map(|of| ShardOf {
                index: 0,
                of,
                depth: None,
            })
            .collect();
        for depth in [1, 2] {
            let of = Split::new(p, SplitBy::Depth(depth)).shards().len();
            if of > 0 {
                lists.push(ShardOf {
                    index: 0,
                    of,
                    depth: Some(depth),
                });
            }
        }
        for list in lists {
            let (mut all, mut total) = (Vec::new(), 0);
            for index in 0..list.of {
                let shard = ShardOf { index, ..list };
                let (found, count) = on(p, engine, Plan::new().shard(shard));
                assert_eq!(found.len() as u64, count, "{what}: {engine} {shard:?}");
                all.extend(found);
                total += count;
            }
            let named = format!("{what}: {engine}, every shard of {list:?}");
            assert_eq!(total, n, "{named}");
            assert_eq!(all.len() as u64, n, "{named}: each solution once");
            assert_eq!(as_set(all.clone()), set, "{named}");
            if ordered {
                assert_eq!(all, expected, "{named}: shard by shard, the links' order");
            }
        }
    }
}

#[test]
fn every_engine_on_threads_and_shards_finds_the_links_solutions_on_knuths_inputs() {
    for path in PLAIN {
        every_mode_agrees(&read(path), path);
    }
}

#[test]
fn the_bit_sets_on_threads_count_the_links_nodes() {
    let p = read("knuth_inputs/queens-8.dlx");
    let links = Plan::new().engine(Engine::Links).count(true);
    let links = links.run(&p, &mut Collect::default()).unwrap();
    for threads in [1, 2, 3] {
        let plan = Plan::new()
            .engine(Engine::Bits)
            .threads(threads)
            .count(true);
        let bits = plan.run(&p, &mut Collect::default()).unwrap();
        assert_eq!(bits.stats.solutions, 92);
        assert_eq!(bits.stats.nodes, links.stats.nodes, "{threads} threads");
        assert_eq!(bits.stats.profile, links.stats.profile, "{threads} threads");
    }
}

/// Knuth's inputs with bounds: motley dissections (his `motley-dlx`) and two-per-line.
const BOUNDED: [&str; 3] = [
    "knuth_inputs/motley-3-3.dlx",
    "knuth_inputs/motley-3-4.dlx",
    "knuth_inputs/motley-4-4.dlx",
];

#[test]
fn cells_and_bits_on_threads_and_shards_of_bounded_problems_find_the_links_solutions() {
    for path in BOUNDED {
        every_mode_agrees(&read(path), path);
    }
    every_mode_agrees(&two_per_line(5), "two-per-line 5");
}

quickcheck! {
    fn every_engine_on_threads_and_shards_finds_the_links_solutions(r: Random) -> TestResult {
        let p = r.problem();
        every_mode_agrees(&p, &format!("{p:?}"));
        TestResult::passed()
    }

    fn every_engine_on_threads_and_shards_finds_the_links_solutions_with_bounds(
        b: Bounded
    ) -> TestResult {
        let p = b.problem();
        every_mode_agrees(&p, &format!("{p:?}"));
        TestResult::passed()
    }
}
