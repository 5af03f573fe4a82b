//! The modes of the front door on dancing cells: a seed as Knuth's SSXCC and SSMCC take
//! it (his nodes and updates for that seed), and the same solutions as dancing links
//! without a seed, on held-in files and random problems.

use std::collections::BTreeSet;

use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::plan::{Collect, Engine, Plan};
use dlxkit::xc::{OptionId, Problem, SearchOrder, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{sorted, Random};

fn read(path: &str) -> Problem {
    let text = std::fs::read_to_string(format!("{}/tests/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn as_set(found: Vec<Vec<OptionId>>) -> BTreeSet<Vec<OptionId>> {
    found.into_iter().map(sorted).collect()
}

/// `ssxcc sS < X.dlx` and `ssmcc sS < X.dlx`: seed, solutions, nodes, updates. Knuth's seed
/// shuffles the item list only (ties still go to the first item), so it changes the order
/// of forced moves: the updates of SSMCC on motley-4-5 differ by seed (21,739 unseeded).
const SEEDED: [(&str, u64, u64, u64, u64); 6] = [
    ("knuth_inputs/queens-8.dlx", 7, 92, 857, 15736),
    ("cells_inputs/windmill-3-4.dlx", 123, 0, 238, 52460),
    ("knuth_inputs/de-bruijn-0-2-5.dlx", 7, 4, 50, 2307),
    ("cells_inputs/motley-4-5.dlx", 7, 10, 342, 21728),
    ("cells_inputs/motley-4-5.dlx", 123, 10, 342, 21736),
    ("knuth_inputs/redrect-3-4.dlx", 7, 2161, 7578, 66415),
];

#[test]
fn a_seed_gives_knuths_tree_for_that_seed() {
    for (path, seed, solutions, nodes, updates) in SEEDED {
        let p = read(path);
        let outcome = CellSolver::new(&p).seeded(seed).count();
        assert_eq!(outcome.status, Status::Complete, "{path}");
        let got = (
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.updates,
        );
        assert_eq!(got, (solutions, nodes, updates), "{path} s{seed}");
    }
}

#[test]
fn a_seeded_plan_on_cells_finds_the_unseeded_solutions() {
    for path in [
        "knuth_inputs/queens-7.dlx",
        "knuth_inputs/de-bruijn-0-2-5.dlx",
        "knuth_inputs/motley-4-4.dlx",
        "cells_inputs/redrect-2-6.dlx",
    ] {
        let p = read(path);
        let expected = as_set(p.all_solutions());
        for seed in [1, 7, 2026] {
            let mut found = Collect::default();
            let report = Plan::new()
                .engine(Engine::Cells)
                .order(SearchOrder::new().seed(seed))
                .run(&p, &mut found)
                .unwrap();
            assert_eq!(report.engine, Engine::Cells);
            assert_eq!(
                report.stats.solutions,
                expected.len() as u64,
                "{path} s{seed}"
            );
            assert_eq!(as_set(found.solutions), expected, "{path} s{seed}");
        }
    }
}

quickcheck! {
    fn seeded_cells_find_the_solutions_of_links(r: Random, seed: u32) -> TestResult {
        let p = r.problem();
        let expected = as_set(p.all_solutions());
        let found = CellSolver::new(&p).seeded(u64::from(seed)).all_solutions();
        TestResult::from_bool(found.len() == expected.len() && as_set(found) == expected)
    }
}
