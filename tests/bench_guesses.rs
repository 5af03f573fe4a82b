//! The benchmark's guesses per puzzle: reported for every solver, and the same from run to
//! run for a fixed seed (the search trees depend on the puzzles and their order only).

use std::path::Path;

use dlxkit::bench::{run_solver, stats, RunOptions, Sample, Workload};
use dlxkit::sudoku::solvers::{by_name, SOLVER_NAMES};

fn workload(file: &str, n: usize, seed: u64) -> Workload {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let mut sample = Sample::load(&path).unwrap();
    sample.truncate(n);
    Workload::new(&sample, seed, true).unwrap()
}

#[test]
fn guesses_per_puzzle_are_the_same_from_run_to_run_for_a_fixed_seed() {
    let options = RunOptions {
        node_limit: Some(200_000),
        warmup: 2,
        ..RunOptions::default()
    };
    for file in [
        "data/sudoku/norvig_hardest11.txt",
        "data/sudoku/royle_17clue_sample1004.txt",
    ] {
        let work = workload(file, 12, 7);
        for name in SOLVER_NAMES {
            let guesses = |solver: &mut dyn dlxkit::sudoku::solvers::SudokuSolver| {
                let run = run_solver(solver, &work, &options, |_| {}).unwrap();
                let per_puzzle: Vec<(usize, u64, u64)> = run
                    .records
                    .iter()
                    .map(|r| (r.puzzle, r.guesses, r.assignments))
                    .collect();
                (per_puzzle, stats::summarize(&run))
            };
            // The same solver twice (its caches warm the second time), and a fresh one.
            let mut solver = by_name(name).unwrap();
            let (first, summary) = guesses(solver.as_mut());
            let (again, _) = guesses(solver.as_mut());
            let (fresh, _) = guesses(by_name(name).unwrap().as_mut());
            assert_eq!(first, again, "{name} on {file}");
            assert_eq!(first, fresh, "{name} on {file}");
            let total: u64 = first.iter().map(|g| g.1).sum();
            let solved = summary.solved as f64;
            if summary.solved == first.len() {
                assert!(
                    (summary.mean_guesses - total as f64 / solved).abs() < 1e-9,
                    "{name} on {file}"
                );
            }
            let without = first.iter().filter(|g| g.1 == 0).count() as f64;
            if summary.solved == first.len() {
                assert!((summary.no_guess_pct - 100.0 * without / solved).abs() < 1e-9);
            }
        }
    }
    // Another seed permutes the puzzles differently, so DLX's trees (and guesses) change.
    let dlx = |seed| {
        let run = run_solver(
            by_name("dlx").unwrap().as_mut(),
            &workload("data/sudoku/norvig_hardest11.txt", 11, seed),
            &options,
            |_| {},
        )
        .unwrap();
        let mut g: Vec<(usize, u64)> = run.records.iter().map(|r| (r.puzzle, r.guesses)).collect();
        g.sort();
        g
    };
    assert_ne!(dlx(7), dlx(8));
}

#[test]
fn the_hard_sets_need_guesses_and_some_easy_puzzles_none() {
    let options = RunOptions::default();
    let hard = workload("data/sudoku/norvig_hardest11.txt", 11, 1);
    let run = run_solver(by_name("dlx").unwrap().as_mut(), &hard, &options, |_| {}).unwrap();
    let s = stats::summarize(&run);
    assert!(s.mean_guesses > 1.0, "{s:?}");
    let easy = workload("data/sudoku/pe96_easy50.txt", 50, 1);
    let run = run_solver(by_name("dlx").unwrap().as_mut(), &easy, &options, |_| {}).unwrap();
    let s = stats::summarize(&run);
    assert!(s.no_guess_pct > 50.0, "{s:?}");
    assert!(s.no_guess_pct < 100.0, "{s:?}");
}
