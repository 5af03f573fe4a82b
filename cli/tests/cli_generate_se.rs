//! `dlxkit sudoku generate --se MIN..MAX`: puzzles rated within the range on Sudoku
//! Explainer's scale, each unique and rated so again by the library, and clear errors for
//! ranges that are empty or not ratings.

use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::ops;
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::solvers::Limits;
use serde_json::Value;

use crate::cli_util::sudoku_quiet as run;

/// Every printed puzzle: one solution, reached the target, and rated inside the range by
/// a rater of its own (all strategies, no guess).
#[test]
fn se_makes_puzzles_rated_inside_the_range() {
    for (range, min, max) in [("3.0..4.2", 3.0, 4.2), ("6.5..7.5", 6.5, 7.5)] {
        let args = [
            "generate", "--seed", "3", "--count", "3", "--se", range, "-f", "jsonl",
        ];
        let out = run(&args, "", 0);
        let records: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), 3, "{range}: {out}");
        for r in &records {
            assert_eq!(r["target_reached"], true, "{range}: {r}");
            assert_eq!(r["guesses"], 0, "{range}: {r}");
            let text = r["puzzle"].as_str().unwrap();
            let grid = parse_grid(text, &ParseOptions::default()).unwrap();
            let count = ops::count_solutions(&grid, 2).unwrap();
            assert_eq!(count, ops::SolutionCount::Exact(1), "{range}: {text}");
            let rating = Rater::new().rate(&grid, None, &Limits::new());
            assert_eq!(rating.guesses(), 0, "{range}: {text}");
            let score = rating.score.value();
            assert!(
                (min..=max).contains(&score),
                "{range}: {text} rates {score}"
            );
            assert_eq!(r["score"].as_f64(), Some(score), "{range}: {text}");
        }
        // The same seed, the same puzzles (the times differ).
        let puzzles = |out: &str| -> Vec<Value> {
            out.lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap()["puzzle"].clone())
                .collect()
        };
        assert_eq!(puzzles(&run(&args, "", 0)), puzzles(&out), "{range}");
    }
}

#[test]
fn se_refuses_ranges_that_are_empty_or_not_ratings() {
    for (range, message) in [
        ("5.0..4.5", "the range 5.0..4.5 is empty: MIN is above MAX"),
        ("4.5", "\"4.5\" is not a range MIN..MAX (such as 4.0..4.5)"),
        (
            "x..4.5",
            "\"x\" in \"x..4.5\" is not a rating (such as 4.5)",
        ),
        (
            "4.55..5",
            "4.55 in \"4.55..5\" is not a rating from 1.0 to 11.9 in tenths",
        ),
        (
            "1..1e300",
            "1e300 in \"1..1e300\" is not a rating from 1.0 to 11.9 in tenths",
        ),
        (
            "0.5..2",
            "0.5 in \"0.5..2\" is not a rating from 1.0 to 11.9 in tenths",
        ),
        (
            "NaN..2",
            "NaN in \"NaN..2\" is not a rating from 1.0 to 11.9 in tenths",
        ),
    ] {
        let (out, err) = crate::cli_util::sudoku(&["generate", "--se", range], "", 2);
        assert!(out.is_empty(), "{range}: {out}");
        assert!(err.contains("--se <MIN..MAX>"), "{range}: {err}");
        assert!(err.contains(message), "{range}: {err}");
    }
    for other in [["--difficulty", "hard"], ["--needs", "X-wing"]] {
        let args = ["generate", "--se", "4.0..4.5", other[0], other[1]];
        let (_, err) = crate::cli_util::sudoku(&args, "", 2);
        assert!(err.contains("cannot be used with"), "{other:?}: {err}");
    }
}

/// A range no puzzle of the seed reaches (SE 11.5 and more: the forum's hardest) ends with
/// the closest puzzle found, unique and the same for the same seed, and says so: on standard
/// output beside the puzzle (`-f grid`) and in its JSON record, on standard error, and in
/// the exit code (1). A run cut short by --timeout says that too.
#[test]
fn a_missed_se_range_says_so_on_standard_output() {
    let args = ["generate", "--seed", "1", "--se", "11.5..11.9"];
    let (out, err) = crate::cli_util::sudoku(&[&args[..], &["-f", "grid"]].concat(), "", 1);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("# puzzle 1 (seed ") && first.ends_with(" (target missed)"),
        "{out}"
    );
    assert!(
        err.contains("did not reach --se 11.5..11.9: no such puzzle was found from their seeds"),
        "{err}"
    );
    let jsonl = [&args[..], &["-f", "jsonl"]].concat();
    let (out, _) = crate::cli_util::sudoku(&jsonl, "", 1);
    let r: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (&r["target_reached"], &r["timed_out"]),
        (&Value::Bool(false), &Value::Bool(false))
    );
    let score = r["score"].as_f64().unwrap();
    assert!(score < 11.5, "{r}");
    let text = r["puzzle"].as_str().unwrap();
    let grid = parse_grid(text, &ParseOptions::default()).unwrap();
    let count = ops::count_solutions(&grid, 2).unwrap();
    assert_eq!(count, ops::SolutionCount::Exact(1), "{text}");
    let (again, _) = crate::cli_util::sudoku(&jsonl, "", 1);
    let again: Value = serde_json::from_str(again.trim()).unwrap();
    assert_eq!(again["puzzle"], r["puzzle"]);

    let cut = [&args[..], &["--timeout", "0.001", "-f", "grid"]].concat();
    let (out, err) = crate::cli_util::sudoku(&cut, "", 1);
    let first = out.lines().next().unwrap();
    assert!(
        first.ends_with(" (target missed: cut short by --timeout)"),
        "{out}"
    );
    assert!(err.contains("did not reach --se 11.5..11.9"), "{err}");
}
