//! The modes of the front door on dancing cells: a seed as Knuth's SSXCC and SSMCC take
//! it (his nodes and updates for that seed), and the same solutions as dancing links
//! without a seed, on held-in files and random problems; every plan the cells engine
//! accepts gives the sequential links answer.

use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::plan::{Collect, Engine, Plan};
use std::collections::BTreeSet;

use dlxkit::xc::{ItemKind, Limits, OptionId, Problem, SearchOrder, Status};
use quickcheck::{quickcheck, TestResult};

use crate::random_problems::{as_set, read, sorted, Bounded, Random};

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

/// A plan the cells engine accepts (a count or a list, a seed, a solution limit, progress)
/// gives what the same plan gives on dancing links: the same count, the same solutions as a
/// set without a limit, and as many valid solutions with one.
fn plan_agrees(p: &Problem, seed: Option<u32>, limit: Option<u8>, count: bool) -> TestResult {
    let mut plan = Plan::new().count(count).progress_every(7);
    if let Some(seed) = seed {
        plan = plan.order(SearchOrder::new().seed(u64::from(seed)));
    }
    if let Some(limit) = limit {
        plan = plan.limits(Limits::new().solutions(u64::from(limit % 5)));
    }
    let cells = plan.clone().engine(Engine::Cells);
    if let Err(e) = cells.check(p) {
        return TestResult::error(format!("cells refuse {e}"));
    }
    let (mut on_links, mut on_cells) = (Collect::default(), Collect::default());
    let links = plan.engine(Engine::Links).run(p, &mut on_links).unwrap();
    let report = cells.run(p, &mut on_cells).unwrap();
    if report.engine != Engine::Cells
        || report.stats.solutions != links.stats.solutions
        || report.status != links.status
    {
        return TestResult::error(format!(
            "cells {:?} {} against links {:?} {}",
            report.status, report.stats.solutions, links.status, links.stats.solutions
        ));
    }
    for s in &on_cells.solutions {
        if let Err(e) = p.check_solution(s) {
            return TestResult::error(e);
        }
    }
    if on_cells.solutions.len() != on_links.solutions.len() {
        return TestResult::error("as many solutions");
    }
    TestResult::from_bool(
        limit.is_some() || as_set(on_cells.solutions) == as_set(on_links.solutions),
    )
}

quickcheck! {
    fn every_cells_plan_gives_the_links_answer(
        r: Random, seed: Option<u32>, limit: Option<u8>, count: bool
    ) -> TestResult {
        plan_agrees(&r.problem(), seed, limit, count)
    }

    fn every_cells_plan_gives_the_links_answer_with_bounds(
        b: Bounded, seed: Option<u32>, limit: Option<u8>, count: bool
    ) -> TestResult {
        plan_agrees(&b.problem(), seed, limit, count)
    }
}

/// `problem` with every other primary item (the second, the fourth, ...) renamed `#...`:
/// the items the sharp preference takes first.
fn sharpen(problem: &Problem) -> Problem {
    let sharp: BTreeSet<&str> = problem
        .items()
        .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
        .skip(1)
        .step_by(2)
        .map(|i| problem.item_name(i))
        .collect();
    let text: Vec<String> = problem
        .to_dlx()
        .lines()
        .map(|line| {
            let tokens: Vec<String> = line
                .split_whitespace()
                .map(|token| {
                    let at = token.rfind('|').map_or(0, |k| k + 1);
                    let (bound, name) = token.split_at(at);
                    if sharp.contains(name) {
                        format!("{bound}#{name}")
                    } else {
                        token.to_string()
                    }
                })
                .collect();
            tokens.join(" ")
        })
        .collect();
    Problem::from_dlx(&(text.join("\n") + "\n")).expect("a sharpened problem")
}

/// The solutions of `plan` on `p`, in the order found.
fn in_order(plan: Plan, p: &Problem) -> Vec<Vec<OptionId>> {
    let mut found = Collect::default();
    let report = plan.run(p, &mut found).unwrap();
    assert_eq!(report.status, Status::Complete);
    found.solutions.into_iter().map(sorted).collect()
}

#[test]
fn the_sharp_preference_on_cells_branches_on_sharp_items_first() {
    // `A` has two options and `#B` three: Knuth's rule branches on `A` (and then on `#B`,
    // whose set hiding `A #B` left as `#B`, `#B` in the other order), the sharp preference
    // on `#B`, so the solutions come in another order, the links engine's.
    let p = Problem::from_dlx("A #B\nA\nA #B\n#B\n#B\n").unwrap();
    let o = |k: usize| OptionId::new(k);
    let sharp = SearchOrder::new().prefer_sharp(true);
    let cells = Plan::new().engine(Engine::Cells);
    let plain = in_order(cells.clone(), &p);
    assert_eq!(plain, [vec![o(0), o(3)], vec![o(0), o(2)], vec![o(1)]]);
    let preferred = in_order(cells.order(sharp), &p);
    assert_eq!(preferred, [vec![o(1)], vec![o(0), o(2)], vec![o(0), o(3)]]);
    assert_eq!(preferred, in_order(Plan::new().order(sharp), &p));
    // The same through the solver, and with bounds (SSMCC's choice, DLX3's preference).
    let solver = CellSolver::with_order(&p, &sharp).all_solutions();
    assert_eq!(
        solver.into_iter().map(sorted).collect::<Vec<_>>(),
        preferred
    );
    let bounded = Problem::from_dlx("1:2|A #B\nA\nA #B\n#B\n#B\n").unwrap();
    let cells = Plan::new().engine(Engine::Cells);
    let plain = in_order(cells.clone(), &bounded);
    let preferred = in_order(cells.order(sharp), &bounded);
    assert_eq!(preferred.len(), 4);
    assert_eq!(as_set(plain.clone()), as_set(preferred.clone()));
    assert_eq!(
        as_set(preferred.clone()),
        as_set(in_order(Plan::new().order(sharp), &bounded))
    );
    assert_ne!(plain, preferred);
}

#[test]
fn the_sharp_preference_changes_the_order_on_held_in_files() {
    // Knuth's queens, motley and de Bruijn problems with every other primary item sharp: the
    // cells engine finds the links engine's solutions; on queens and motley in another
    // order than without the preference, searching another tree (de Bruijn `1 2 5`'s four
    // solutions come in the same order either way).
    let sharp = SearchOrder::new().prefer_sharp(true);
    for (path, changes) in [
        ("knuth_inputs/queens-6.dlx", true),
        ("knuth_inputs/motley-4-4.dlx", true),
        ("cells_inputs/de-bruijn-1-2-5.dlx", false),
    ] {
        let q = sharpen(&read(path));
        let cells = Plan::new().engine(Engine::Cells);
        let plain = in_order(cells.clone(), &q);
        let preferred = in_order(cells.clone().order(sharp), &q);
        let links = in_order(Plan::new().order(sharp), &q);
        assert_eq!(as_set(preferred.clone()), as_set(links), "{path}");
        assert_eq!(as_set(preferred.clone()), as_set(plain.clone()), "{path}");
        if changes {
            assert_ne!(preferred, plain, "{path}: the order changes");
            let nodes = |order: SearchOrder| CellSolver::with_order(&q, &order).count().stats.nodes;
            assert_ne!(nodes(sharp), nodes(SearchOrder::new()), "{path}");
        }
    }
}

quickcheck! {
    fn sharp_cells_find_the_solutions_of_sharp_links(r: Random, seed: Option<u32>) -> TestResult {
        sharp_agrees(&sharpen(&r.problem()), seed)
    }

    fn sharp_cells_find_the_solutions_of_sharp_links_with_bounds(
        b: Bounded, seed: Option<u32>
    ) -> TestResult {
        sharp_agrees(&sharpen(&b.problem()), seed)
    }
}

/// The sharp preference (and a seed) on cells gives the solutions of links, each valid.
fn sharp_agrees(p: &Problem, seed: Option<u32>) -> TestResult {
    let mut order = SearchOrder::new().prefer_sharp(true);
    if let Some(seed) = seed {
        order = order.seed(u64::from(seed));
    }
    let (mut on_links, mut on_cells) = (Collect::default(), Collect::default());
    let links = Plan::new().order(order).run(p, &mut on_links).unwrap();
    let cells = Plan::new().engine(Engine::Cells).order(order);
    let report = match cells.run(p, &mut on_cells) {
        Ok(report) => report,
        Err(e) => return TestResult::error(format!("cells refuse: {e}")),
    };
    for s in &on_cells.solutions {
        if let Err(e) = p.check_solution(s) {
            return TestResult::error(e);
        }
    }
    TestResult::from_bool(
        report.stats.solutions == links.stats.solutions
            && as_set(on_cells.solutions) == as_set(on_links.solutions),
    )
}
