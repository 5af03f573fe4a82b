//! `dlxkit sudoku generate --needs TECHNIQUE`: puzzles whose hardest step is the technique,
//! unique, reproducible by seed, and stuck without the technique (the ladder below it).

use dlxkit::sudoku::explain::{Explainer, Outcome, Strategy};
use dlxkit::sudoku::ops;
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use serde_json::Value;

use crate::cli_util::sudoku_quiet as run;

/// Each puzzle: its hardest step is the technique; one solution, symmetric under the half
/// turn (the default); the explanation without a guess solves it and uses the technique;
/// the strategies simpler than it get stuck.
#[test]
fn needs_makes_puzzles_whose_hardest_step_is_the_technique() {
    for (name, strategy, seed) in [
        ("skyscraper", Strategy::Skyscraper, "1"),
        ("XY-wing", Strategy::XyWing, "1"),
        ("xy-chain", Strategy::XyChain, "1"),
        // Seeds found to reach these within seconds (measured on seeds 1 and 2: swordfish
        // 16 s and missed at 83 s; unique rectangle type 2 3.9 s and 58 s, type 4 11 s and
        // 3.4 s; jellyfish, naked and hidden quads and unique rectangle type 3 missed both
        // within a 2-minute --timeout).
        ("swordfish", Strategy::Swordfish, "1"),
        (
            "unique rectangle type 2",
            Strategy::UniqueRectangleType2,
            "1",
        ),
        (
            "unique rectangle type 4",
            Strategy::UniqueRectangleType4,
            "2",
        ),
        // Branch rungs5's rungs (measured: WXYZ-wing 0.05 s on seed 3, unique loop type 1
        // 0.4 s on seed 4; jellyfish and naked quad missed seeds 3 and 4 within a 60 s
        // --timeout, unique rectangle type 3 ran out of tries on both in 34 s).
        ("WXYZ-wing", Strategy::WxyzWing, "3"),
        ("unique loop type 1", Strategy::UniqueLoop, "4"),
        // Branch needs9's aim (a unit, a digit's cells or a deadly rectangle and its line
        // emptied first): measured in CPU time, jellyfish 5.3 s on seed 4, unique rectangle
        // type 3 0.9 s on seed 4 (BENCHMARKS.md, needs9); naked quad 0.39 s on seed 4 with
        // branch needsA13's built quad (the givens confining it removed last).
        ("naked quad", Strategy::NakedQuad, "4"),
        ("jellyfish", Strategy::Jellyfish, "4"),
        (
            "unique rectangle type 3",
            Strategy::UniqueRectangleType3,
            "4",
        ),
        // Branch needs11's aim (a deadly loop of six cells of the solution emptied first):
        // measured in CPU time, unique loop type 2 1.96 s on seed 5 (BENCHMARKS.md, needs11).
        ("unique loop type 2", Strategy::UniqueLoopType2, "5"),
        // The hidden quad starts from a bank (branch needsUL15: puzzles of the generator
        // symmetric under the half turn): 0.01 s of CPU on seed 2 under the default
        // symmetry (BENCHMARKS.md, needsUL15; needsA13's built quad took 3.0 s).
        ("hidden quad", Strategy::HiddenQuad, "2"),
        // Branch bug13's built BUG (a deadly loop and two cells of a unit it crosses emptied
        // first, the givens shutting those two cells to other digits removed last):
        // measured in CPU time, BUG type 4 1.8 s on seed 2 (BENCHMARKS.md, bug13); since
        // needsSL15 every seed starts from the bank (0.01 s on seed 2).
        ("BUG type 4", Strategy::BugType4, "2"),
        // Branch needsAPE14's bank (a bank puzzle moved by a random symmetry of the grid and
        // thinned out again): measured in CPU time, 0.03 s on seed 1 (BENCHMARKS.md,
        // needsAPE14).
        (
            "aligned pair exclusion",
            Strategy::AlignedPairExclusion,
            "1",
        ),
        // The same bank for BUG type 3 (Royle's 17-clue puzzles and the generator's under
        // the half turn) and for the unique loops of types 3 and 4: at most 0.03 s of CPU on
        // seeds 1-5 under the default symmetry (BENCHMARKS.md, needsUL15).
        ("BUG type 3", Strategy::BugType3, "3"),
        ("unique loop type 3", Strategy::UniqueLoopType3, "1"),
        ("unique loop type 4", Strategy::UniqueLoopType4, "2"),
        // Branch chains8's strong links (measured: 0.08 s CPU on seed 1, a grouped one, 5.7).
        ("3 strong links", Strategy::ThreeStrongLinks, "1"),
        // Branch als8's rungs, on with --needs (measured on seed 1: ALS-XZ 0.11 s, ALS-XY-wing
        // 0.12 s, death blossom 0.41 s of CPU; Sue de Coq missed within a 120 s --timeout).
        ("als-xz", Strategy::AlsXz, "1"),
        ("ALS-XY-wing", Strategy::AlsXyWing, "1"),
        ("death blossom", Strategy::DeathBlossom, "1"),
    ] {
        assert_needs(name, strategy, seed);
    }
}

/// The puzzle of `--needs name --seed seed`: its hardest step is the technique, reached
/// without a guess; the same seed gives the same puzzle; one solution, symmetric under the
/// half turn (the default, which the banks' puzzles keep); the whole ladder solves it using
/// the technique and no later rung; the rungs below it get stuck; and the ladder without it
/// gets stuck or needs a harder rung. The ALS rungs are tried when asked for, as `--needs`
/// does for them.
pub(crate) fn assert_needs(name: &str, strategy: Strategy, seed: &str) {
    let args = ["generate", "--seed", seed, "--needs", name, "-f", "jsonl"];
    let r: Value = serde_json::from_str(run(&args, "", 0).trim()).unwrap();
    assert_eq!(r["hardest"], strategy.name(), "{name}");
    assert_eq!(r["target_reached"], true, "{name}");
    assert_eq!(r["guesses"], 0, "{name}");
    let again: Value = serde_json::from_str(run(&args, "", 0).trim()).unwrap();
    assert_eq!(again["puzzle"], r["puzzle"], "{name}");
    let grid = parse_grid(r["puzzle"].as_str().unwrap(), &ParseOptions::default()).unwrap();
    let count = ops::count_solutions(&grid, 2).unwrap();
    assert_eq!(count, ops::SolutionCount::Exact(1), "{name}: not unique");
    let given = |c: usize| grid.cells()[c] != 0;
    assert!(
        (0..81).all(|c| given(c) == given(80 - c)),
        "{name}: not symmetric"
    );
    let als = strategy.is_als();
    let explainer = || Explainer::new(&grid).unwrap().assume_unique(true).als(als);
    let mut full = explainer();
    let steps: Vec<_> = full.by_ref().collect();
    assert_eq!(full.outcome(), Outcome::Solved, "{name}");
    assert!(steps.iter().any(|s| s.strategy == strategy), "{name}");
    assert!(steps.iter().all(|s| s.strategy <= strategy), "{name}");
    let mut below = explainer().below(strategy);
    below.by_ref().for_each(drop);
    assert_eq!(below.outcome(), Outcome::Stuck, "{name}");
    let mut without = explainer().without(strategy);
    let steps: Vec<_> = without.by_ref().collect();
    assert!(
        without.outcome() != Outcome::Solved || steps.iter().any(|s| s.strategy > strategy),
        "{name}: solved without it by simpler rungs"
    );
}

/// Seeds of `--needs name` under symmetries (`none` or `180`) give unique puzzles whose
/// hardest step is the rung, whose givens keep the half turn where asked, and no two the
/// same: the checks of a technique that starts from a bank.
fn bank_puzzles_need_their_rung(name: &str, runs: &[(&str, &str)]) {
    let mut seen = Vec::new();
    for &(symmetry, seed) in runs {
        let r = generated(name, seed, symmetry);
        assert_eq!(r["hardest"], name, "{symmetry} {seed}");
        assert_eq!(r["target_reached"], true, "{name} {symmetry} {seed}");
        let line = r["puzzle"].as_str().unwrap().to_string();
        let grid = parse_grid(&line, &ParseOptions::default()).unwrap();
        let count = ops::count_solutions(&grid, 2).unwrap();
        assert_eq!(count, ops::SolutionCount::Exact(1), "{line}");
        if symmetry == "180" {
            let given = |c: usize| grid.cells()[c] != 0;
            assert!((0..81).all(|c| given(c) == given(80 - c)), "{line}");
        }
        assert!(!seen.contains(&line), "{line} twice");
        seen.push(line);
    }
}

/// The JSON record of `generate --needs name --seed seed --symmetry symmetry`.
pub(crate) fn generated(name: &str, seed: &str, symmetry: &str) -> Value {
    let args = [
        "generate",
        "--seed",
        seed,
        "--needs",
        name,
        "--symmetry",
        symmetry,
        "-f",
        "jsonl",
    ];
    serde_json::from_str(run(&args, "", 0).trim()).unwrap()
}

/// Aligned pair exclusion starts from a bank of three puzzles: seeds give puzzles that
/// need it without a symmetry and under the half turn (the givens keep it), and not the
/// same puzzles.
#[test]
fn aligned_pair_exclusion_from_the_bank_keeps_the_symmetry() {
    let runs = [("none", "1"), ("none", "2"), ("180", "3")];
    bank_puzzles_need_their_rung("aligned pair exclusion", &runs);
}

/// BUG type 4 starts from a bank of puzzles found among random ones (needsSL15): seeds give
/// unique puzzles that need the rung without a symmetry and under the half turn (the givens
/// keep it), and not the same puzzles.
#[test]
fn bug_type_4_from_its_bank() {
    let runs = [("none", "1"), ("none", "2"), ("180", "3"), ("180", "4")];
    bank_puzzles_need_their_rung("BUG type 4", &runs);
}

/// The naked quad, the jellyfish and 4 strong links fall back on banks of the generator's
/// puzzles once its 8,000 attempts for a seed have missed (banks17): seed 2 misses the
/// naked quad under the half turn (12.7 s of CPU on the 2-core build machine, most of it
/// the attempts), and the fallback gives a unique symmetric puzzle that needs it.
#[test]
fn a_missed_naked_quad_falls_back_on_its_bank() {
    bank_puzzles_need_their_rung("naked quad", &[("180", "2")]);
}

#[test]
fn needs_refuses_a_technique_no_puzzle_needs() {
    let (out, err) = crate::cli_util::sudoku(&["generate", "--needs", "direct claiming"], "", 2);
    assert_eq!(out, "");
    assert!(
        err.contains(
            "--needs direct claiming: no puzzle with 3x3 boxes needs it, since wherever a direct \
             claiming makes a hidden single, a direct pointing or a hidden single comes first"
        ),
        "{err}"
    );
}

/// A puzzle cut short by --timeout says so on standard output, beside the puzzle, and in
/// its JSON record.
#[test]
fn a_missed_needs_says_so_on_standard_output() {
    let args = [
        "generate",
        "--seed",
        "1",
        "--needs",
        "hidden quad",
        "--timeout",
        "0.001",
    ];
    let (out, err) = crate::cli_util::sudoku(&[&args[..], &["-f", "grid"]].concat(), "", 1);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("# puzzle 1 (seed ")
            && first.ends_with(" (target missed: cut short by --timeout)"),
        "{out}"
    );
    assert!(err.contains("did not reach --needs hidden quad"), "{err}");
    let (out, _) = crate::cli_util::sudoku(&[&args[..], &["-f", "jsonl"]].concat(), "", 1);
    let r: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&r["target_reached"], &r["timed_out"]),
        (&Value::Bool(false), &Value::Bool(true))
    );
}

#[test]
fn needs_takes_a_technique_by_name_only() {
    let (_, err) = crate::cli_util::sudoku(&["generate", "--needs", "guess"], "", 2);
    assert!(
        err.contains(
            "no technique is named \"guess\"; the techniques: hidden single, direct pointing, direct claiming, direct hidden pair, naked single"
        ),
        "{err}"
    );
    let (_, err) = crate::cli_util::sudoku(
        &["generate", "--needs", "X-wing", "--difficulty", "hard"],
        "",
        2,
    );
    assert!(err.contains("cannot be used with"), "{err}");
}
