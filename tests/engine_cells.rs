//! Dancing cells (`xc::cells`, `--engine cells`): Knuth's SSXCC's solutions, nodes and
//! updates on inputs from his generators; the same solution sets and counts as dancing
//! links and brute force on random problems and on the held-in files; the plan's engine
//! choice, its refusals, and its limits.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::memo::MemoOptions;
use dlxkit::xc::plan::{Collect, Engine, Feature, Plan, ShardOf, Unsupported};
use dlxkit::xc::{Arena, Limits, Problem, SearchOrder, Solver, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{as_set, brute_force, read, Random};

/// `ssxcc < X.dlx`: solutions, nodes, updates (see tests/cells_inputs/README.md).
const SSXCC: [(&str, u64, u64, u64); 15] = [
    ("knuth_inputs/de-bruijn-0-2-3.dlx", 2, 12, 167),
    ("knuth_inputs/de-bruijn-0-2-4.dlx", 2, 20, 644),
    ("knuth_inputs/de-bruijn-0-2-5.dlx", 4, 50, 2307),
    ("knuth_inputs/de-bruijn-0-3-3.dlx", 2, 14, 242),
    ("knuth_inputs/de-bruijn-1-2-4.dlx", 2, 19, 549),
    ("knuth_inputs/queens-5.dlx", 10, 46, 572),
    ("knuth_inputs/queens-6.dlx", 4, 70, 1421),
    ("knuth_inputs/queens-7.dlx", 40, 294, 4848),
    ("knuth_inputs/queens-8.dlx", 92, 857, 15736),
    ("cells_inputs/de-bruijn-0-2-6.dlx", 4, 83, 7780),
    ("cells_inputs/de-bruijn-1-2-5.dlx", 4, 49, 2207),
    ("cells_inputs/de-bruijn-0-3-6.dlx", 2176, 58294, 6415113),
    ("cells_inputs/windmill-3-4.dlx", 0, 238, 52460),
    ("cells_inputs/windmill-4-4.dlx", 0, 23898, 3044336),
    ("cells_inputs/queens-10.dlx", 724, 9205, 183924),
];

#[test]
fn the_tree_of_knuths_ssxcc_on_inputs_from_his_generators() {
    for (path, solutions, nodes, updates) in SSXCC {
        let p = read(path);
        let outcome = CellSolver::new(&p).count();
        assert_eq!(outcome.status, Status::Complete, "{path}");
        let got = (
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.updates,
        );
        assert_eq!(
            got,
            (solutions, nodes, updates),
            "{path}: solutions, nodes, updates"
        );
    }
}

#[test]
fn the_solutions_of_dancing_links_on_the_held_in_files() {
    let files = [
        "knuth_inputs/de-bruijn-0-2-5.dlx",
        "knuth_inputs/queens-7.dlx",
        "cells_inputs/windmill-3-4.dlx",
        "cells_inputs/de-bruijn-1-2-5.dlx",
        "knuth/hexiamonds-6x6.dlx",
        "knuth/tetrahexes-4x7.dlx",
        "../data/dlx/knuth-colors.dlx",
        "../data/dlx/knuth-toy.dlx",
    ];
    for path in files {
        let p = read(path);
        let cells = CellSolver::new(&p).all_solutions();
        for s in &cells {
            p.check_solution(s)
                .unwrap_or_else(|e| panic!("{path}: {e}"));
        }
        let links = p.all_solutions();
        assert_eq!(cells.len(), links.len(), "{path}: count");
        assert_eq!(as_set(cells), as_set(links), "{path}: solutions");
    }
}

fn agrees(r: &Random) -> TestResult {
    let p = r.problem();
    if p.option_count() > 16 {
        return TestResult::discard();
    }
    let expected = brute_force(&p);
    let cells = CellSolver::new(&p).all_solutions();
    if cells.len() != expected.len() || as_set(cells) != expected {
        return TestResult::error(format!("cells differ from brute force on {r:?}"));
    }
    let arena = Arena::new();
    let count = CellSolver::new(&p).count().stats.solutions;
    if count != Solver::new(&p, &arena).count().stats.solutions {
        return TestResult::error(format!("cells count {count} differs from links on {r:?}"));
    }
    let mut found = Collect::default();
    let report = Plan::new()
        .engine(Engine::Cells)
        .run(&p, &mut found)
        .unwrap();
    if report.engine != Engine::Cells || as_set(found.solutions) != expected {
        return TestResult::error(format!("the plan on cells differs on {r:?}"));
    }
    TestResult::passed()
}

quickcheck! {
    fn cells_find_every_solution_with_colours(r: Random) -> TestResult {
        agrees(&r)
    }

    fn cells_find_every_solution_without_colours(r: Random) -> TestResult {
        agrees(&r.uncoloured())
    }
}

#[test]
fn the_plan_refuses_what_cells_do_not_take_with_the_reason() {
    let plain = read("knuth_inputs/queens-6.dlx");
    let bounded = read("knuth_inputs/motley-3-3.dlx");
    let cells = Plan::new().engine(Engine::Cells);
    let refused = |plan: Plan, p: &Problem| plan.check(p).err();
    let engine = |feature| {
        Some(Unsupported::Engine {
            engine: Engine::Cells,
            feature,
        })
    };
    // Bounds run on SSMCC (tests/engine_cells_bounds.rs).
    assert_eq!(refused(cells.clone(), &bounded), None);
    // Threads and shards run on cells (tests/engine_modes.rs), Algorithm M's moves too.
    assert_eq!(refused(cells.clone().threads(2), &plain), None);
    assert_eq!(refused(cells.clone().threads(2), &bounded), None);
    let shard = ShardOf {
        index: 1,
        of: 3,
        depth: None,
    };
    assert_eq!(refused(cells.clone().shard(shard), &bounded), None);
    // The K best run on cells (tests/engine_best_engines.rs), with bounds too
    // (tests/engine_best_bounds.rs).
    assert_eq!(refused(cells.clone().best(1), &plain), None);
    assert_eq!(refused(cells.clone().best(1), &bounded), None);
    let memo = cells.clone().count(true).memo(MemoOptions::default());
    assert_eq!(refused(memo, &plain), engine(Feature::Memo));
    // A shard's parts and checkpoints too (tests/engine_shards_engines.rs).
    assert_eq!(refused(cells.clone().count(true).parts(true), &plain), None);
    assert_eq!(
        refused(cells.clone().count(true).checkpoint(true), &bounded),
        None
    );
    // `#` items as Knuth's sharp change files take them (tests/engine_cells_modes.rs).
    let sharp = cells.clone().order(SearchOrder::new().prefer_sharp(true));
    assert_eq!(refused(sharp.clone(), &plain), None);
    assert_eq!(refused(sharp, &bounded), None);
    // A seed runs as Knuth's `s` option (tests/engine_cells_modes.rs).
    let seeded = cells.clone().order(SearchOrder::new().seed(1));
    assert_eq!(refused(seeded, &plain), None);
    assert_eq!(refused(cells.clone().count(true), &plain), None);
    // The default plan checks on a bounded problem too (`Plan::engine_for` picks its engine).
    assert_eq!(Plan::new().check(&bounded), Ok(()));
}

#[test]
fn limits_and_counts_through_the_plan_on_cells() {
    let p = read("knuth_inputs/queens-8.dlx");
    let cells = Plan::new().engine(Engine::Cells);
    let mut found = Collect::default();
    let report = cells
        .clone()
        .limits(Limits::new().solutions(3))
        .run(&p, &mut found)
        .unwrap();
    assert_eq!(report.status, Status::SolutionLimit);
    assert_eq!(found.solutions.len(), 3);
    for s in &found.solutions {
        p.check_solution(s).unwrap();
    }
    let mut none = Collect::default();
    let report = cells.clone().count(true).run(&p, &mut none).unwrap();
    assert_eq!(
        (report.status, report.stats.solutions),
        (Status::Complete, 92)
    );
    assert!(none.solutions.is_empty());
    let report = cells
        .clone()
        .count(true)
        .limits(Limits::new().nodes(100))
        .run(&p, &mut Collect::default())
        .unwrap();
    assert_eq!(
        (report.status, report.stats.nodes),
        (Status::NodeLimit, 100)
    );
    let flag = Arc::new(AtomicBool::new(true));
    let big = read("cells_inputs/de-bruijn-0-3-6.dlx");
    let report = cells
        .count(true)
        .limits(Limits::new().cancel_flag(flag))
        .run(&big, &mut Collect::default())
        .unwrap();
    assert_eq!(report.status, Status::Cancelled);
    assert!(report.stats.solutions < 2176);
}
