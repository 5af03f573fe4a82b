//! Shards that split themselves ([`Shard::run_with_budget`], [`Shard::run_within`]) and the
//! streaming merge ([`Merger`]): for random problems and random node or time budgets, the tree
//! of self-split shards
//! lists the sequential search's solutions in its order and merges to its count, nodes,
//! updates and profile; results altered by hand are refused with the reason.

use std::ops::ControlFlow;
use std::time::Duration;

use dlxkit::xc::shard::{
    MergeError, Merger, Part, Shard, ShardReport, Split, SplitBudget, SplitBy, Totals, GRANT,
};
use dlxkit::xc::{Arena, Event, OptionId, Problem, Solver, Status};
use quickcheck::{quickcheck, Arbitrary, Gen};

/// A random problem: up to 8 primary and 3 secondary items (coloured in about half their
/// uses), up to 24 options.
#[derive(Clone, Debug)]
pub(crate) struct Random {
    pub(crate) text: String,
}

impl Arbitrary for Random {
    fn arbitrary(g: &mut Gen) -> Random {
        let primaries = 1 + usize::arbitrary(g) % 8;
        let secondaries = usize::arbitrary(g) % 4;
        let mut text = String::new();
        for k in 0..primaries {
            text.push_str(&format!("p{k} "));
        }
        if secondaries > 0 {
            text.push('|');
            for k in 0..secondaries {
                text.push_str(&format!(" s{k}"));
            }
        }
        text.push('\n');
        let count = 1 + usize::arbitrary(g) % 24;
        for _ in 0..count {
            let len = 1 + usize::arbitrary(g) % 3;
            let mut items: Vec<String> = Vec::new();
            for _ in 0..len {
                let k = usize::arbitrary(g) % (primaries + secondaries);
                let name = if k < primaries {
                    format!("p{k}")
                } else {
                    format!("s{}", k - primaries)
                };
                if items
                    .iter()
                    .any(|i| i.split(':').next() == Some(name.as_str()))
                {
                    continue;
                }
                // Half the secondary items' uses take a colour (Algorithm C).
                let name = match (k < primaries, usize::arbitrary(g) % 4) {
                    (false, c @ 0..=1) => format!("{name}:{}", ["a", "b"][c]),
                    _ => name,
                };
                items.push(name);
            }
            if !items.iter().any(|i| i.starts_with('p')) {
                items.push("p0".to_string());
            }
            text.push_str(&items.join(" "));
            text.push('\n');
        }
        Random { text }
    }
}

/// Runs every shard of `split` within `budget` (nodes, or a [`SplitBudget`]), then every part of
/// every continuation (as machines would, each part its own task), as reports for a merge;
/// the solutions listed, in the order of the paths.
fn run_tree(
    problem: &Problem,
    split: &Split,
    budget: impl Into<Budgeting>,
) -> (Vec<ShardReport>, Vec<Vec<OptionId>>) {
    let Budgeting(budget) = budget.into();
    let arena = Arena::new();
    let mut solver = Solver::new(problem, &arena);
    let mut reports = Vec::new();
    let mut found: Vec<(usize, Vec<Vec<OptionId>>)> = Vec::new();
    for (index, shard) in split.shards().iter().enumerate() {
        let mut todo: Vec<Option<Part>> = vec![None];
        while let Some(from) = todo.pop() {
            let mut listed = Vec::new();
            let handler = |event: Event<'_>| {
                if let Event::Solution(s) = event {
                    listed.push(s.to_vec());
                }
                ControlFlow::Continue(())
            };
            let run = match &from {
                None => shard.run_within(&mut solver, budget, true, handler),
                Some(part) => part
                    .run_within(&mut solver, budget, true, handler)
                    .expect("a continuation locates"),
            };
            assert!(solver.is_pristine());
            found.push((index, listed));
            let mut report = ShardReport::of_split(split, index, run.outcome);
            report.depth = from.as_ref().map_or(shard.path().depth(), Part::depth);
            report.from = from;
            report.continuation = run.continuation.clone();
            reports.push(report);
            // The parts in the order of the search: the first one next.
            todo.extend(run.continuation.into_iter().rev().map(Some));
        }
    }
    let solutions = found.into_iter().flat_map(|(_, s)| s).collect();
    (reports, solutions)
}

/// A budget in nodes (a plain number) or any [`SplitBudget`].
struct Budgeting(SplitBudget);

impl From<u64> for Budgeting {
    fn from(nodes: u64) -> Budgeting {
        Budgeting(SplitBudget::nodes(nodes))
    }
}

impl From<SplitBudget> for Budgeting {
    fn from(budget: SplitBudget) -> Budgeting {
        Budgeting(budget)
    }
}

fn merged(reports: &[ShardReport]) -> Result<Totals, Vec<MergeError>> {
    let mut merger = Merger::new();
    for r in reports {
        merger.add(r.clone());
    }
    let merged = merger.finish();
    if merged.is_complete() {
        Ok(merged.totals)
    } else {
        Err(merged.problems)
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

pub(crate) fn agrees_with_the_sequential_search(
    problem: &Problem,
    by: SplitBy,
    budget: SplitBudget,
) -> bool {
    let arena = Arena::new();
    let mut solver = Solver::new(problem, &arena);
    let sequential: Vec<Vec<OptionId>> = solver.solutions().collect();
    let stats = solver.count().stats;
    let split = Split::new(problem, by);
    if split.shards().is_empty() {
        // The root is a dead end: nothing to run, nothing to merge.
        return stats.solutions == 0;
    }
    let (reports, solutions) = run_tree(problem, &split, budget);
    let totals = match merged(&reports) {
        Ok(totals) => totals,
        Err(problems) => {
            eprintln!("{problems:?}");
            return false;
        }
    };
    if solutions != sequential || totals.nodes != u128::from(stats.nodes) {
        eprintln!(
            "{by} {budget}: {} vs {} solutions, {totals:?} vs {stats:?}",
            solutions.len(),
            sequential.len()
        );
    }
    let profile: Vec<u128> = stats.profile.iter().map(|&n| u128::from(n)).collect();
    solutions == sequential
        && totals.solutions == stats.solutions
        && totals.nodes == u128::from(stats.nodes)
        && totals.updates == u128::from(stats.updates)
        && totals.cleansings == u128::from(stats.cleansings)
        && totals.profile == profile
}

quickcheck! {
    fn self_split_shards_merge_to_the_sequential_search(p: Random, budget: u8, n: u8) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        let budget = 1 + u64::from(budget % 40);
        [SplitBy::Depth(0), SplitBy::Count(1 + usize::from(n % 6))]
            .into_iter()
            .all(|by| agrees_with_the_sequential_search(&problem, by, SplitBudget::nodes(budget)))
    }

    fn shards_split_by_time_merge_to_the_sequential_search(p: Random, micros: u8, n: u8) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        let budget = SplitBudget::time(Duration::from_micros(u64::from(micros % 20)).max(Duration::from_nanos(1)));
        [SplitBy::Depth(0), SplitBy::Count(1 + usize::from(n % 6))]
            .into_iter()
            .all(|by| agrees_with_the_sequential_search(&problem, by, budget))
    }
}

/// Time budgets from a nanosecond (every part stops after its first expansion) to more than
/// the search takes: the tree of parts lists the sequential solutions in order and merges to
/// its figures, and a small budget really splits, each part saying its time ran out.
#[test]
fn queens_split_themselves_by_time_and_merge_exactly() {
    let p = queens(8);
    for nanos in [1, 1_000, 20_000, 200_000, 10_000_000_000] {
        let budget = SplitBudget::time(Duration::from_nanos(nanos));
        for by in [SplitBy::Depth(0), SplitBy::Count(5), SplitBy::Depth(2)] {
            assert!(
                agrees_with_the_sequential_search(&p, by, budget),
                "{budget} {by}"
            );
        }
    }
}

/// A time budget spent before the task starts (a loaded machine, a budget of 0): every task
/// still searches its grant of nodes before it looks at the clock, so the tree of parts ends,
/// with the exact figures, in a bounded number of tasks, each but the last of a shard's having
/// made progress.
#[test]
fn a_time_budget_of_zero_still_makes_progress() {
    let p = queens(11);
    let zero = SplitBudget::time(Duration::ZERO);
    assert!(agrees_with_the_sequential_search(
        &p,
        SplitBy::Count(4),
        zero
    ));
    let sequential = Solver::new(&p, &Arena::new()).count().stats;
    let split = Split::new(&p, SplitBy::Count(4));
    let (reports, _) = run_tree(&p, &split, zero);
    assert!(reports
        .iter()
        .all(|r| r.continuation.is_empty() == (r.status == Status::Complete)));
    let cut: Vec<_> = reports
        .iter()
        .filter(|r| r.status == Status::TimeLimit)
        .collect();
    assert!(!cut.is_empty(), "a budget of 0 splits");
    for r in &cut {
        assert!(
            r.totals.nodes >= u128::from(GRANT),
            "a part stopped after {} nodes",
            r.totals.nodes
        );
    }
    // Each task that stops has searched its grant and names at most a part per level and one
    // more; every other task completes a part.
    let levels = sequential.profile.len() as u64;
    let bound = 4 + sequential.nodes / GRANT * (levels + 1);
    assert!(
        (reports.len() as u64) <= bound,
        "{} tasks for {} nodes",
        reports.len(),
        sequential.nodes
    );
}

/// No node is searched twice: a shard cut short names the rest of the subtree it was in, so
/// every part's nodes are new, and the tree of parts (packed several paths to a part) adds
/// up to the sequential search's nodes, under node and time budgets.
#[test]
fn self_split_shards_search_no_node_twice() {
    let p = queens(8);
    let sequential = Solver::new(&p, &Arena::new()).count().stats;
    for budget in [
        SplitBudget::nodes(1),
        SplitBudget::nodes(37),
        SplitBudget::time(Duration::ZERO),
    ] {
        let split = Split::new(&p, SplitBy::Count(3));
        let (reports, _) = run_tree(&p, &split, budget);
        let totals = merged(&reports).unwrap();
        assert_eq!(totals.nodes, u128::from(sequential.nodes), "{budget}");
        assert_eq!(totals.updates, u128::from(sequential.updates), "{budget}");
    }
}

#[test]
fn queens_split_themselves_under_many_budgets_and_merge_exactly() {
    let p = queens(7);
    for budget in [1, 2, 3, 7, 20, 100, 1000, 100_000] {
        for by in [SplitBy::Depth(0), SplitBy::Count(5), SplitBy::Depth(2)] {
            assert!(
                agrees_with_the_sequential_search(&p, by, SplitBudget::nodes(budget)),
                "{budget} {by}"
            );
        }
    }
    // A small budget really splits (into fewer parts than levels: the small ones are searched
    // by the task that names them), and the parts are smaller than the shard.
    let split = Split::new(&p, SplitBy::Count(4));
    let (reports, _) = run_tree(&p, &split, 50);
    assert!(reports.len() > 4, "{} results", reports.len());
    assert!(reports
        .iter()
        .any(|r| r.status == Status::NodeLimit && !r.continuation.is_empty()));
}

/// A task whose budget runs out searches on through the parts it would name while they look
/// small, so that the tiny rests of the deep levels are not tasks of their own: the tasks stay
/// about within the budget (its last fifth is the tail's; a stop adds the dead ends it counts
/// for the parts it names), and the median task is not a small fraction of it.
#[test]
fn a_spent_task_searches_its_small_parts_itself() {
    let p = queens(10);
    let total = Solver::new(&p, &Arena::new()).count().stats.nodes;
    let split = Split::new(&p, SplitBy::Count(8));
    let budget = total / 16;
    let (reports, _) = run_tree(&p, &split, budget);
    let totals = merged(&reports).expect("the parts merge");
    assert_eq!(totals.nodes, u128::from(total));
    let mut nodes: Vec<u128> = reports.iter().map(|r| r.totals.nodes).collect();
    nodes.sort_unstable();
    let (median, longest) = (nodes[nodes.len() / 2], nodes[nodes.len() - 1]);
    eprintln!(
        "{} tasks, budget {budget}: median {median}, longest {longest}: {nodes:?}",
        nodes.len()
    );
    let budget = u128::from(budget);
    assert!(
        longest <= budget * 3 / 2,
        "longest task {longest} for a budget of {budget}"
    );
    assert!(
        median * 4 >= budget,
        "median task {median} for a budget of {budget}: {nodes:?}"
    );
}

/// The rest a spent task names is packed into parts of about a budget each (several paths
/// to a part, a long run of siblings cut), so the parts' tasks are near the budget rather
/// than a few nodes each (one task per path gave a median part of a third of the budget
/// here), none passes it, and the parts still merge to the sequential figures. On an
/// unbalanced tree (Langford 11, cut into 32 shards of very unequal sizes).
#[test]
fn packed_parts_are_tasks_near_the_budget() {
    use dlxkit::puzzles::{langford::Langford, Puzzle};
    let langford = Langford::new(11, false).unwrap();
    let p = langford.problem();
    let sequential = Solver::new(p, &Arena::new()).count().stats;
    let split = Split::new(p, SplitBy::Count(32));
    let budget = sequential.nodes / 32;
    let (reports, _) = run_tree(p, &split, budget);
    let totals = merged(&reports).expect("the parts merge");
    assert_eq!(totals.solutions, 2 * 17_792u64);
    assert_eq!(totals.nodes, u128::from(sequential.nodes));
    assert_eq!(totals.updates, u128::from(sequential.updates));
    let unsplit: Vec<u128> = (0..split.shards().len())
        .map(|k| {
            let shard = reports.iter().filter(|r| r.index == k);
            shard.map(|r| r.totals.nodes).sum()
        })
        .collect();
    assert!(
        unsplit.iter().max().unwrap() > &(2 * u128::from(budget)),
        "the list cut once is unbalanced: {unsplit:?}"
    );
    assert!(
        reports
            .iter()
            .flat_map(|r| &r.continuation)
            .any(|part| part.paths().len() > 1),
        "no part holds several paths"
    );
    let mut parts: Vec<u128> = reports
        .iter()
        .filter(|r| r.from.is_some())
        .map(|r| r.totals.nodes)
        .collect();
    parts.sort_unstable();
    let median = parts[parts.len() / 2];
    eprintln!("{} parts, budget {budget}: {parts:?}", parts.len());
    let longest = reports.iter().map(|r| r.totals.nodes).max().unwrap();
    assert!(longest <= u128::from(budget), "{longest} > {budget}");
    assert!(
        2 * median >= u128::from(budget),
        "median part {median} for a budget of {budget}: {parts:?}"
    );
}

#[test]
fn a_path_of_another_problem_is_not_located() {
    let p = queens(6);
    let arena = Arena::new();
    let mut solver = Solver::new(&p, &arena);
    let err = Shard::locate(&mut solver, &"1/5".parse().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`1/5`: level 1 has 6 options, not 5: is this the problem (and the forced options) the path was made for?"
    );
    assert!(Shard::locate(&mut solver, &"1/6 1-2/4".parse().unwrap()).is_ok());
    assert!(Shard::locate(&mut solver, &"1-2/6 1/3".parse().unwrap()).is_err());
}

#[test]
fn hand_altered_results_are_refused_with_the_reason() {
    let p = queens(7);
    let split = Split::new(&p, SplitBy::Count(6));
    let (reports, _) = run_tree(&p, &split, 60);
    assert_eq!(merged(&reports).unwrap().solutions, 40);
    let some_split = reports
        .iter()
        .position(|r| !r.continuation.is_empty())
        .unwrap();
    let a_part = reports.iter().position(|r| r.from.is_some()).unwrap();

    // A line dropped: a whole shard, or a part of a continuation.
    let root = reports
        .iter()
        .position(|r| r.index == 2 && r.from.is_none())
        .unwrap();
    let mut dropped = reports.clone();
    dropped.remove(root);
    let problems = merged(&dropped).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|e| e.to_string() == "1 of 6 shards missing: 2"),
        "{problems:?}"
    );
    let mut dropped = reports.clone();
    let part = dropped.remove(a_part);
    let problems = merged(&dropped).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|e| matches!(e, MergeError::MissingParts { count: 1, .. })
                && e.to_string()
                    .contains(&part.from.as_ref().unwrap().to_string())),
        "{problems:?}"
    );

    // Another problem's line.
    let other = queens(6);
    let other_split = Split::new(&other, SplitBy::Count(6));
    let (foreign, _) = run_tree(&other, &other_split, 1_000_000);
    let mut mixed = reports.clone();
    mixed.push(foreign[3].clone());
    let problems = merged(&mixed).unwrap_err();
    assert!(
        problems.iter().any(|e| e
            .to_string()
            .contains("is from a different problem or shard list")),
        "{problems:?}"
    );

    // A result relabelled: shard 4's result under index 5 (and 5's dropped).
    let mut relabelled: Vec<ShardReport> =
        reports.iter().filter(|r| r.index != 5).cloned().collect();
    let mut moved = reports
        .iter()
        .find(|r| r.index == 4 && r.from.is_none())
        .unwrap()
        .clone();
    moved.index = 5;
    relabelled.push(moved);
    let problems = merged(&relabelled).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|e| e.to_string()
                == "shards 4 and 5 have the same path: one of them was relabelled"),
        "{problems:?}"
    );

    // A split result edited to say complete, and one whose part is elsewhere.
    let mut edited = reports.clone();
    edited[some_split].status = Status::Complete;
    let problems = merged(&edited).unwrap_err();
    assert!(
        problems.iter().any(|e| e
            .to_string()
            .ends_with("it is complete but names parts left to search")),
        "{problems:?}"
    );
    let mut edited = reports.clone();
    edited[a_part].from = Some("7/7 1/1".parse().unwrap());
    let problems = merged(&edited).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|e| e.to_string().contains("is not inside the shard")),
        "{problems:?}"
    );

    // Every problem at once: a shard missing, one incomplete, one twice.
    let mut many = reports.clone();
    many.retain(|r| r.index != 1 || r.from.is_some());
    let twice = many
        .iter()
        .find(|r| r.index == 3 && r.from.is_none())
        .unwrap()
        .clone();
    many.push(twice);
    let mut merger = Merger::new();
    for r in many {
        merger.add(r);
    }
    let mut cut = Solver::new(&p, &Arena::new()).count().stats;
    cut.solutions = 0;
    let mut incomplete = reports
        .iter()
        .find(|r| r.index == 0 && r.from.is_none())
        .unwrap()
        .clone();
    incomplete.status = Status::TimeLimit;
    incomplete.continuation.clear();
    incomplete.index = 0;
    let _ = cut;
    let mut merger2 = Merger::new();
    for r in reports
        .iter()
        .filter(|r| !(r.index == 0 && r.from.is_none()))
    {
        merger2.add(r.clone());
    }
    merger2.add(incomplete);
    let outcome = merger.finish();
    assert!(
        outcome.rerun.contains(&1) && outcome.rerun.contains(&3),
        "{:?}",
        outcome.rerun
    );
    let outcome2 = merger2.finish();
    assert!(outcome2.rerun.contains(&0), "{:?}", outcome2.problems);
}

#[test]
fn huge_numbers_in_a_result_are_refused_before_they_size_anything() {
    let p = queens(5);
    let split = Split::new(&p, SplitBy::Count(2));
    let arena = Arena::new();
    let mut solver = Solver::new(&p, &arena);
    let outcome = split.shards()[0].run(&mut solver, false, 0, |_| ControlFlow::Continue(()));
    let mut r = ShardReport::of_split(&split, 0, outcome);
    r.shards = usize::MAX;
    let mut merger = Merger::new();
    merger.add(r.clone());
    let merged = merger.finish();
    assert_eq!(
        merged.problems[0].to_string(),
        format!(
            "\"shards\" is {}: more than the 4194304 a merge accepts",
            usize::MAX
        )
    );
    r.shards = 2;
    r.depth = usize::MAX;
    let mut merger = Merger::new();
    merger.add(r);
    assert!(merger.finish().problems[0]
        .to_string()
        .starts_with("\"depth\" and \"profile\" is"));
}

/// The parts of a reduced problem's shards ([`Plan::reduce`] with [`Plan::parts`]): the plan's
/// split of the reduced problem, every shard run in parts of a few nodes, merges to the count
/// of `Plan::run` with the reduction, and its solutions, mapped back through
/// [`Reduction::origin`](dlxkit::xc::Reduction::origin), are those of the problem searched
/// as given; the split's fingerprint says it was reduced.
fn reduced_parts_agree(problem: &Problem, n: usize, budget: u64) -> bool {
    use dlxkit::xc::plan::{Collect, Plan, ShardOf};
    use dlxkit::xc::ReduceOptions;
    use std::collections::BTreeSet;
    let sorted = |mut s: Vec<OptionId>| {
        s.sort();
        s
    };
    let plan = Plan::new().parts(true).reduce(ReduceOptions::new());
    assert_eq!(plan.check(problem), Ok(()));
    let mut whole = Collect::default();
    let reduced_count = plan.run(problem, &mut whole).unwrap().stats.solutions;
    let mut plain = Collect::default();
    Plan::new().run(problem, &mut plain).unwrap();
    let truth: BTreeSet<Vec<OptionId>> = plain.solutions.into_iter().map(sorted).collect();
    let reduction = plan.reduction(problem).expect("the plan reduces");
    let of = ShardOf {
        index: 0,
        of: n,
        depth: None,
    };
    let split = plan.split_of(&reduction.problem, of).unwrap();
    let as_given = Plan::new().split_of(&reduction.problem, of).unwrap();
    assert_ne!(split.fingerprint(), as_given.fingerprint());
    if split.shards().is_empty() {
        return reduced_count == 0 && truth.is_empty();
    }
    let (reports, solutions) = run_tree(&reduction.problem, &split, budget);
    let totals = merged(&reports).expect("the parts merge");
    let mapped: Vec<Vec<OptionId>> = solutions
        .iter()
        .map(|s| sorted(s.iter().map(|o| reduction.origin[o.index()]).collect()))
        .collect();
    let listed: BTreeSet<Vec<OptionId>> = mapped.iter().cloned().collect();
    totals.solutions == reduced_count
        && mapped.len() == truth.len()
        && listed == truth
        && reduced_count == truth.len() as u64
}

quickcheck! {
    fn parts_of_a_reduced_problem_merge_to_its_solutions(p: Random, budget: u8, n: u8) -> bool {
        let problem = Problem::from_dlx(&p.text).unwrap();
        reduced_parts_agree(&problem, 1 + usize::from(n % 6), 1 + u64::from(budget % 40))
    }
}

/// Queens 8, reduced, in shards of parts of 20 nodes: its 92 solutions, each once.
#[test]
fn reduced_queens_in_parts_list_the_92_solutions() {
    assert!(reduced_parts_agree(&queens(8), 5, 20));
    // The toy problem of Knuth's DLX-PRE reduces to 3 options and one solution.
    let toy = Problem::from_dlx(include_str!("../data/dlx/knuth-toy.dlx")).unwrap();
    assert!(reduced_parts_agree(&toy, 2, 1));
}
