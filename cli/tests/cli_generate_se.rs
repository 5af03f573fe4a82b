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
