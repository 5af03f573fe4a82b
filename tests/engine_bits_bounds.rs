//! Item bounds on the bitset engine (Algorithm M on bit sets, `xc::bits::BitBounded`): the
//! solution sets and counts of brute force and of the links on random bounded problems
//! (with colours), on Knuth's motley dissections and two-per-line; a first solution that is
//! one of them; the limits' statuses; the plan's `--engine bits` on one thread (threads and
//! shards: tests/engine_modes.rs).

use std::collections::BTreeSet;

use dlxkit::xc::bits::BitBounded;
use dlxkit::xc::plan::{Collect, Engine, Plan};
use dlxkit::xc::{Limits, OptionId, Problem, SearchOrder, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{as_set, brute_force, read, two_per_line, Bounded};

/// The links' solutions of `p`, as a set, and their count.
fn links(p: &Problem) -> BTreeSet<Vec<OptionId>> {
    let mut found = Collect::default();
    let plan = Plan::new().engine(Engine::Links);
    let report = plan.run(p, &mut found).unwrap();
    assert_eq!(report.status, Status::Complete);
    as_set(found.solutions)
}

/// The bit sets through the plan: every solution, once, and the count.
fn bits(p: &Problem, limits: Limits) -> (Vec<Vec<OptionId>>, Status, u64) {
    let mut found = Collect::default();
    let plan = Plan::new().engine(Engine::Bits).limits(limits);
    let report = plan.run(p, &mut found).unwrap();
    assert_eq!(report.engine, Engine::Bits);
    (found.solutions, report.status, report.stats.solutions)
}

fn agrees(b: &Bounded) -> TestResult {
    let p = b.problem();
    let truth = brute_force(&p);
    let direct = BitBounded::new(&p).unwrap();
    let found = direct.all_solutions();
    if found.len() != truth.len() || as_set(found.clone()) != truth {
        return TestResult::error(format!("BitBounded differs from brute force on {p:?}"));
    }
    for s in &found {
        if let Err(e) = p.check_solution(s) {
            return TestResult::error(format!("{e} on {p:?}"));
        }
    }
    if direct.count().stats.solutions != truth.len() as u64 {
        return TestResult::error(format!("the count differs on {p:?}"));
    }
    let (listed, status, count) = bits(&p, Limits::new());
    if status != Status::Complete || count != truth.len() as u64 || as_set(listed) != truth {
        return TestResult::error(format!("the plan on bits differs on {p:?}"));
    }
    if links(&p) != truth {
        return TestResult::error(format!("the links differ on {p:?}"));
    }
    // The first solution: one of them, and the solution limit says so.
    let (first, status, _) = bits(&p, Limits::new().solutions(1));
    match first.as_slice() {
        [] if truth.is_empty() => {}
        [one] if truth.contains(&crate::random_problems::sorted(one.clone())) => {
            if truth.len() > 1 && status != Status::SolutionLimit {
                return TestResult::error(format!("status {status:?} on {p:?}"));
            }
        }
        _ => return TestResult::error(format!("a first solution {first:?} on {p:?}")),
    }
    TestResult::passed()
}

quickcheck! {
    fn bits_with_bounds_find_every_solution(b: Bounded) -> TestResult {
        agrees(&b)
    }
}

#[test]
fn bits_with_bounds_find_the_links_solutions_on_knuths_inputs() {
    let mut inputs: Vec<(String, Problem)> = [
        "knuth_inputs/motley-3-3.dlx",
        "knuth_inputs/motley-3-4.dlx",
        "knuth_inputs/motley-4-4.dlx",
    ]
    .into_iter()
    .map(|path| (path.to_string(), read(path)))
    .collect();
    let dlx3 = concat!(env!("CARGO_MANIFEST_DIR"), "/data/dlx/knuth-bounds.dlx");
    let dlx3 = Problem::from_dlx(&std::fs::read_to_string(dlx3).unwrap()).unwrap();
    inputs.push(("knuth-bounds".into(), dlx3));
    for n in [4, 5, 6] {
        inputs.push((format!("two-per-line {n}"), two_per_line(n)));
    }
    for (name, p) in &inputs {
        let expected = links(p);
        let (found, status, count) = bits(p, Limits::new());
        assert_eq!(status, Status::Complete, "{name}");
        assert_eq!(count, expected.len() as u64, "{name}");
        assert_eq!(found.len(), expected.len(), "{name}: each solution once");
        assert_eq!(as_set(found), expected, "{name}");
    }
}

#[test]
fn bits_with_bounds_stop_at_the_limits_and_say_so() {
    let p = two_per_line(6);
    let (found, status, count) = bits(&p, Limits::new().solutions(3));
    assert_eq!((found.len(), status, count), (3, Status::SolutionLimit, 3));
    for s in &found {
        p.check_solution(s).unwrap();
    }
    // A limit of no solution searches nothing, as on the links.
    let (found, status, count) = bits(&p, Limits::new().solutions(0));
    assert_eq!((found.len(), status, count), (0, Status::SolutionLimit, 0));
    let direct = BitBounded::new(&p).unwrap();
    let direct = direct.with_limits(Limits::new().solutions(0)).count();
    assert_eq!(
        (direct.status, direct.stats.solutions, direct.stats.nodes),
        (Status::SolutionLimit, 0, 0)
    );
    let links = Plan::new()
        .engine(Engine::Links)
        .limits(Limits::new().solutions(0));
    let links = links.run(&p, &mut Collect::default()).unwrap();
    assert_eq!(
        (links.status, links.stats.solutions),
        (Status::SolutionLimit, 0)
    );
    let mut none = Collect::default();
    let plan = Plan::new()
        .engine(Engine::Bits)
        .limits(Limits::new().nodes(10));
    let report = plan.run(&p, &mut none).unwrap();
    assert_eq!(report.status, Status::NodeLimit);
    assert_eq!(report.stats.nodes, 10);
}

/// The solutions in the order found, the status and the figures of the tree (nodes, levels,
/// branches, dead ends) of `plan` on `p`, listing and counting.
fn listed(p: &Problem, plan: Plan) -> (Vec<Vec<OptionId>>, Status, [u64; 4], Vec<u64>) {
    let mut found = Collect::default();
    let report = plan.clone().run(p, &mut found).unwrap();
    let counted = plan.count(true).run(p, &mut Collect::default()).unwrap();
    assert_eq!(counted.stats.solutions, report.stats.solutions);
    assert_eq!(counted.stats.nodes, report.stats.nodes);
    let s = &report.stats;
    let figures = [s.solutions, s.nodes, s.branches, s.dead_ends];
    (found.solutions, report.status, figures, s.profile.clone())
}

/// `p` with the primary items `p{k}` for the bits of `marked` named `#p{k}`.
fn sharpened(p: &Problem, marked: u8) -> Problem {
    let mut text = p.to_dlx();
    for k in 0..6 {
        if marked & (1 << k) != 0 {
            text = text.replace(&format!("p{k}"), &format!("#p{k}"));
        }
    }
    Problem::from_dlx(&text).unwrap()
}

#[test]
fn bits_with_bounds_in_a_seeded_or_sharp_order_search_the_links_tree() {
    fn property(b: Bounded, seed: u32, marked: u8, limit: u8) -> TestResult {
        let p = sharpened(&b.problem(), marked);
        if !p.has_bounds() {
            // Without bounds the bit sets' seeded tree is their own (`bits/masks.rs`).
            return TestResult::discard();
        }
        let orders = [
            SearchOrder::new().seed(u64::from(seed)),
            SearchOrder::new().prefer_sharp(true),
            SearchOrder::new().seed(u64::from(seed)).prefer_sharp(true),
        ];
        for order in orders {
            // Whole, and cut short by a node limit (the same cut of the same tree).
            for limits in [
                Limits::new(),
                Limits::new().nodes(1 + u64::from(limit % 32)),
            ] {
                let plan = Plan::new().order(order).limits(limits);
                let links = listed(&p, plan.clone().engine(Engine::Links));
                let bits = listed(&p, plan.engine(Engine::Bits));
                if links != bits {
                    eprintln!("{}\n{order:?}\nlinks {links:?}\nbits  {bits:?}", p.to_dlx());
                    return TestResult::failed();
                }
            }
        }
        TestResult::passed()
    }
    quickcheck::QuickCheck::new()
        .tests(1000)
        .quickcheck(property as fn(Bounded, u32, u8, u8) -> TestResult);
}

#[test]
fn bits_with_bounds_and_a_seed_list_two_per_line_as_the_links_do() {
    let p = two_per_line(5);
    for seed in [1, 7, 2026] {
        let plan = Plan::new().order(SearchOrder::new().seed(seed));
        let links = listed(&p, plan.clone().engine(Engine::Links));
        let bits = listed(&p, plan.clone().engine(Engine::Bits));
        assert_eq!(links.2[0], 92, "two-per-line 5 has 92 solutions");
        assert_eq!(links, bits, "seed {seed}");
        // On threads: the same solutions.
        let threaded = listed(&p, plan.engine(Engine::Bits).threads(3));
        assert_eq!(as_set(threaded.0), as_set(bits.0), "seed {seed}, 3 threads");
    }
}

/// The links' figures of `p` in `order` with updates counted: solutions, nodes, updates,
/// cleansings.
fn links_counts(p: &Problem, order: SearchOrder) -> [u64; 4] {
    let plan = Plan::new().engine(Engine::Links).order(order);
    let s = plan
        .count(true)
        .count_updates(true)
        .run(p, &mut Collect::default())
        .unwrap()
        .stats;
    [s.solutions, s.nodes, s.updates, s.cleansings]
}

fn counts(s: &dlxkit::xc::Stats) -> [u64; 4] {
    [s.solutions, s.nodes, s.updates, s.cleansings]
}

#[test]
fn bits_with_bounds_count_the_links_updates_where_the_trees_are_the_same() {
    fn property(b: Bounded, seed: u32, marked: u8) -> TestResult {
        let p = sharpened(&b.problem(), marked);
        if !p.has_bounds() {
            return TestResult::discard();
        }
        let orders = [
            SearchOrder::new(),
            SearchOrder::new().seed(u64::from(seed)),
            SearchOrder::new().prefer_sharp(true),
            SearchOrder::new().seed(u64::from(seed)).prefer_sharp(true),
        ];
        for order in orders {
            let links = links_counts(&p, order);
            // The links' tree on the bit sets: the links' figures, directly and through
            // the plan (which takes the links' tree when updates are counted).
            let direct = BitBounded::in_links_order(&p, &order).unwrap();
            let direct = counts(&direct.counting_updates(&p).count().stats);
            let plan = Plan::new().engine(Engine::Bits).order(order).count(true);
            let plan = plan
                .count_updates(true)
                .run(&p, &mut Collect::default())
                .unwrap();
            if direct != links || counts(&plan.stats) != links {
                eprintln!(
                    "{}\n{order:?}\nlinks {links:?}\nbits  {direct:?}\nplan  {:?}",
                    p.to_dlx(),
                    counts(&plan.stats)
                );
                return TestResult::failed();
            }
        }
        // The bit sets' own tree: the links' figures less those of the links' nodes it
        // does not have (the null moves of items left empty, at most one update each).
        let links = links_counts(&p, SearchOrder::new());
        let own = counts(
            &BitBounded::new(&p)
                .unwrap()
                .counting_updates(&p)
                .count()
                .stats,
        );
        let (missing_nodes, missing_updates) = (links[1] - own[1], links[2].checked_sub(own[2]));
        let same = own[0] == links[0]
            && own[3] == links[3]
            && missing_updates.is_some_and(|u| u <= missing_nodes)
            && (missing_nodes > 0 || missing_updates == Some(0));
        if !same {
            eprintln!("{}\nlinks {links:?}\nown   {own:?}", p.to_dlx());
            return TestResult::failed();
        }
        TestResult::passed()
    }
    quickcheck::QuickCheck::new()
        .tests(1000)
        .quickcheck(property as fn(Bounded, u32, u8) -> TestResult);
}

#[test]
fn bits_with_bounds_count_the_links_updates_on_knuths_inputs() {
    // DLX3's figures, on the links: two-per-line has no item left empty, so even the bit
    // sets' own tree is the links'; motley and redrect have such items.
    for (p, name) in [
        (two_per_line(5), "two-per-line 5".to_string()),
        (
            two_per_line_plain(5),
            "two-per-line 5 without diagonals".to_string(),
        ),
        (
            read("knuth_inputs/motley-4-4.dlx"),
            "motley 4x4".to_string(),
        ),
        (
            read("knuth_inputs/redrect-3-4.dlx"),
            "redrect 3x4".to_string(),
        ),
    ] {
        let links = links_counts(&p, SearchOrder::new());
        assert!(links[2] > 0, "{name}");
        let plan = Plan::new()
            .engine(Engine::Bits)
            .count(true)
            .count_updates(true);
        let bits = plan.run(&p, &mut Collect::default()).unwrap();
        assert_eq!(counts(&bits.stats), links, "{name}");
    }
    let p = two_per_line_plain(5);
    let own = BitBounded::new(&p).unwrap().counting_updates(&p).count();
    assert_eq!(counts(&own.stats), links_counts(&p, SearchOrder::new()));
}

/// Two marks in every row and column of an `n` by `n` board, without diagonals (the file
/// of the goal table in BENCHMARKS.md for n = 7).
fn two_per_line_plain(n: usize) -> Problem {
    let mut text = String::new();
    // Rows first, then columns, as in the file: ties go to the first item.
    for k in 0..n {
        text.push_str(&format!("2|r{k} "));
    }
    for k in 0..n {
        text.push_str(&format!("2|c{k} "));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c}\n"));
        }
    }
    Problem::from_dlx(&text).unwrap()
}

/// The links' figures on `p` (DLX3's tree).
fn links_stats(p: &Problem) -> dlxkit::xc::Stats {
    let plan = Plan::new().engine(Engine::Links).count(true);
    plan.run(p, &mut Collect::default()).unwrap().stats
}

#[test]
fn bits_with_bounds_branch_as_dlx3() {
    // No item is ever left empty needing nothing here (each needs exactly two), so the
    // tree is DLX3's whole: Knuth's DLX3 counts 3,110,940 solutions in 8,857,320 nodes on
    // n = 7 (/work/ref/memo/dlx3 on the goal table's file).
    for n in 3..=6 {
        let p = two_per_line_plain(n);
        let outcome = BitBounded::new(&p).unwrap().count();
        assert_eq!(outcome.stats.nodes, links_stats(&p).nodes, "n = {n}");
    }
    let outcome = BitBounded::new(&two_per_line_plain(7)).unwrap().count();
    assert_eq!(
        (outcome.stats.solutions, outcome.stats.nodes),
        (3_110_940, 8_857_320)
    );
    // Where items are left empty, DLX3's tree less their null moves: fewer nodes than the
    // links', the same solutions.
    for path in [
        "knuth_inputs/motley-4-4.dlx",
        "knuth_inputs/redrect-3-4.dlx",
        "knuth_inputs/redrect-4-4.dlx",
    ] {
        let p = read(path);
        let bits = BitBounded::new(&p).unwrap().count();
        let links = links_stats(&p);
        assert_eq!(bits.stats.solutions, links.solutions, "{path}");
        assert!(bits.stats.nodes < links.nodes, "{path}");
    }
}
