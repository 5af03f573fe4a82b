//! The backtracking solvers' search trees: the same as the reference implementations of
//! their class, the same from run to run, and the same whichever way a solver is fed.
//!
//! The reference counts are tdoku's (t-dillon/tdoku, its benchmark program with `-r0`, so on
//! the puzzles as written, limit 2): tdoku counts as a guess each digit tried at a cell while
//! another was still untried there, which is `SolveStats::alternatives`. `basic` is the
//! textbook backtracker (first blank, digits in order) and `basic_heuristic` adds the most
//! constrained cell first with tdoku's tie-breaking; `naive` and `mrv` explore the same trees
//! puzzle by puzzle (checked on every puzzle of top1465 and the forum 11+ sample, and on the
//! first 200 17-clue puzzles, when this was written), so the totals must match exactly.

use crate::backtracking_util::{load, SOLVERS};
use dlxkit::bench::{run_solver, RunOptions, Sample, Workload};
use dlxkit::sudoku::solvers::{by_name, Limits, SolveStats};
use dlxkit::sudoku::Grid;

/// The statistics of `solver` summed over `puzzles`, limit 2.
fn totals(solver: &str, puzzles: &[Grid]) -> SolveStats {
    let mut solver = by_name(solver).unwrap();
    let mut sum = SolveStats::default();
    for p in puzzles {
        let r = solver.solve(p, &Limits::new().solutions(2));
        assert_eq!(r.solutions, 1);
        sum.assignments += r.stats.assignments;
        sum.guesses += r.stats.guesses;
        sum.alternatives += r.stats.alternatives;
        sum.backtracks += r.stats.backtracks;
    }
    sum
}

#[test]
fn naive_explores_tdoku_basics_tree() {
    // tdoku `basic`: 596,399 guesses on the 50 Project Euler puzzles.
    assert_eq!(
        totals("naive", &load("pe96_easy50.txt")).alternatives,
        596_399
    );
}

#[test]
fn mrv_explores_tdoku_basic_heuristics_tree() {
    // tdoku `basic_heuristic`: 148,303 guesses on Norvig's top95.
    assert_eq!(
        totals("mrv", &load("norvig_top95.txt")).alternatives,
        148_303
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn mrv_explores_tdoku_basic_heuristics_tree_on_top1465() {
    // tdoku `basic_heuristic`: 904,091 guesses on top1465 (617.13 a puzzle).
    let t = totals("mrv", &load("magictour_top1465.txt"));
    assert_eq!(t.alternatives, 904_091);
}

#[test]
fn forward_checking_makes_mrvs_choices_and_prunes_sooner() {
    // Both take the most constrained cell, ties to the first in the same to-do list; forward
    // checking drops an assignment as soon as it empties a domain, which mrv finds one or
    // more forced steps later. So it never needs more nodes, and the guesses differ only
    // where the to-do lists were left in another order.
    let puzzles = load("norvig_top95.txt");
    let fc = totals("forward-checking", &puzzles);
    let mrv = totals("mrv", &puzzles);
    assert!(
        fc.assignments < mrv.assignments,
        "{} against {}",
        fc.assignments,
        mrv.assignments
    );
    let ratio = fc.guesses as f64 / mrv.guesses as f64;
    assert!(
        (0.9..1.1).contains(&ratio),
        "guesses {fc:?} against {mrv:?}"
    );
}

#[test]
fn strategies_explores_the_tree_it_explored_before_its_rewrite() {
    // Measured with the first implementation (commit 749c724, a pass over every cell for
    // naked singles, a board copied by trail of 128-bit masks): the rewrite keeps the
    // board between strategies, so it keeps the nodes and guesses.
    let t = totals("strategies", &load("norvig_top95.txt"));
    assert_eq!((t.assignments, t.guesses), (2_476, 1_238));
    let t = totals("strategies", &load("norvig_hardest11.txt"));
    assert_eq!((t.assignments, t.guesses), (224, 112));
}

#[test]
fn strategies_makes_the_deductions_it_made_before_its_rewrite() {
    // Each strategy's deductions summed over the puzzles, measured with commit c25c13b
    // (before the bit-set marks of changed units, the hashed subsets and undoing without
    // marking): the passes still see the same boards in the same order.
    let deductions = |puzzles: &[Grid]| {
        let mut solver = by_name("strategies").unwrap();
        let (mut sum, mut nodes) = ([0u64; 4], 0);
        for p in puzzles {
            let r = solver.solve(p, &Limits::new().solutions(2));
            for (s, &(_, k)) in sum.iter_mut().zip(&r.stats.strategies) {
                *s += k;
            }
            nodes += r.stats.assignments;
        }
        (sum, nodes)
    };
    assert_eq!(
        deductions(&load("norvig_top95.txt")),
        ([21_560, 5_272, 1_019, 866], 2_476)
    );
    assert_eq!(
        deductions(&load("norvig_hardest11.txt")),
        ([2_573, 580, 50, 80], 224)
    );
    // A 25x25 grid has 75 units: the marks of changed units take two words.
    let second = load("sudoku25x25_puzzles.txt").swap_remove(1);
    assert_eq!(deductions(&[second]), ([3_864, 2_066, 108, 157], 190));
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn strategies_explores_the_tree_it_explored_before_its_rewrite_on_top1465() {
    let t = totals("strategies", &load("magictour_top1465.txt"));
    assert_eq!((t.assignments, t.guesses), (33_463, 16_725));
}

/// A solver's (puzzle, assignments, guesses, backtracks) for each puzzle of a workload.
fn counts(solver: &str, workload: &Workload) -> Vec<(usize, u64, u64, u64)> {
    let mut solver = by_name(solver).unwrap();
    let options = RunOptions {
        node_limit: Some(2_000_000),
        ..RunOptions::default()
    };
    let records = run_solver(solver.as_mut(), workload, &options, |_| {}).unwrap();
    records
        .records
        .iter()
        .map(|r| (r.puzzle, r.assignments, r.guesses, r.backtracks))
        .collect()
}

#[test]
fn counts_repeat_from_run_to_run_for_a_seed() {
    // The bench harness's order and permutations come from the seed; the counts of every
    // puzzle must come out the same in a second run, in a fresh process state or not, and
    // whatever order the solver met the puzzles in (buffers kept between puzzles must not
    // change a search).
    let text: String = std::fs::read_to_string(format!(
        "{}/data/sudoku/norvig_top95.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .lines()
    .take(30)
    .map(|l| format!("{l}\n"))
    .collect();
    let sample = Sample::from_text("top95", &text).unwrap();
    let forward = Workload::new(&sample, 11, true).unwrap();
    let backward = Workload {
        name: forward.name.clone(),
        items: forward.items.iter().rev().cloned().collect(),
    };
    for name in SOLVERS {
        if name == "naive" {
            continue; // covered below on easy puzzles
        }
        let first = counts(name, &forward);
        assert_eq!(first, counts(name, &forward), "{name}");
        let mut reversed = counts(name, &backward);
        reversed.reverse();
        assert_eq!(first, reversed, "{name}");
        assert!(
            first.iter().any(|&(_, _, guesses, _)| guesses > 0),
            "{name}"
        );
    }
    let easy = Sample::from_text(
        "pe96",
        &std::fs::read_to_string(format!(
            "{}/data/sudoku/pe96_easy50.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let workload = Workload::new(&easy, 3, true).unwrap();
    assert_eq!(counts("naive", &workload), counts("naive", &workload));
}
