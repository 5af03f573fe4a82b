//! Dancing cells with item bounds (Knuth's SSMCC): his solutions, nodes and updates on
//! bounded inputs from his generators; the same solution sets and counts as dancing links'
//! Algorithm M on random bounded problems; the plan runs bounded problems on cells.

use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::plan::{Collect, Engine, Plan};
use dlxkit::xc::{Limits, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{as_set, read, Bounded};

/// `ssmcc < X.dlx`: solutions, nodes, updates (see tests/cells_inputs/README.md).
const SSMCC: [(&str, u64, u64, u64); 9] = [
    ("knuth_inputs/motley-3-3.dlx", 1, 8, 187),
    ("knuth_inputs/motley-3-4.dlx", 0, 13, 679),
    ("knuth_inputs/motley-4-4.dlx", 8, 135, 7491),
    ("cells_inputs/motley-3-5.dlx", 0, 18, 1665),
    ("cells_inputs/motley-4-5.dlx", 10, 342, 21739),
    ("knuth_inputs/redrect-3-4.dlx", 2161, 7578, 66415),
    ("knuth_inputs/redrect-4-4.dlx", 55137, 190750, 1993364),
    ("cells_inputs/redrect-2-6.dlx", 791, 2982, 27517),
    ("cells_inputs/redrect-3-5.dlx", 20165, 70078, 611992),
];

#[test]
fn the_tree_of_knuths_ssmcc_on_bounded_inputs_from_his_generators() {
    for (path, solutions, nodes, updates) in SSMCC {
        let p = read(path);
        assert!(p.has_bounds(), "{path}");
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
fn the_solutions_of_algorithm_m_on_the_bounded_files() {
    for path in [
        "knuth_inputs/motley-4-4.dlx",
        "cells_inputs/motley-4-5.dlx",
        "knuth_inputs/redrect-3-4.dlx",
        "cells_inputs/redrect-2-6.dlx",
    ] {
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

quickcheck! {
    fn cells_find_the_solutions_of_algorithm_m(b: Bounded) -> TestResult {
        let p = b.problem();
        let links = p.all_solutions();
        let cells = CellSolver::new(&p).all_solutions();
        for s in &cells {
            if let Err(e) = p.check_solution(s) {
                return TestResult::error(format!("{e} in {s:?} on {b:?}"));
            }
        }
        let count = CellSolver::new(&p).count().stats.solutions;
        if count != links.len() as u64 || cells.len() != links.len() {
            return TestResult::error(format!(
                "cells found {} (counted {count}), links {} on {b:?}",
                cells.len(),
                links.len()
            ));
        }
        TestResult::from_bool(as_set(cells) == as_set(links))
    }

    fn cells_stop_at_a_solution_limit_on_bounded_problems(b: Bounded, k: u8) -> bool {
        let p = b.problem();
        let total = CellSolver::new(&p).count().stats.solutions;
        let limit = u64::from(k % 4);
        let outcome = CellSolver::new(&p)
            .with_limits(Limits::new().solutions(limit))
            .count();
        outcome.stats.solutions == total.min(limit)
    }
}

#[test]
fn the_plan_runs_bounded_problems_on_cells() {
    let p = read("knuth_inputs/motley-4-4.dlx");
    let cells = Plan::new().engine(Engine::Cells);
    assert_eq!(cells.check(&p), Ok(()));
    let mut found = Collect::default();
    let report = cells.clone().run(&p, &mut found).unwrap();
    assert_eq!(report.engine, Engine::Cells);
    assert_eq!((report.status, report.stats.nodes), (Status::Complete, 135));
    assert_eq!(as_set(found.solutions), as_set(p.all_solutions()));
    let report = cells
        .count(true)
        .limits(Limits::new().nodes(50))
        .run(
            &read("knuth_inputs/redrect-3-4.dlx"),
            &mut Collect::default(),
        )
        .unwrap();
    assert_eq!((report.status, report.stats.nodes), (Status::NodeLimit, 50));
}
