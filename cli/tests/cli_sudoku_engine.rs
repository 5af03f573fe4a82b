//! `dlxkit sudoku solve|count --engine links|cells|bits`: every engine gives the same
//! solutions, verdicts and counts as the default (dancing links on the batch's kept matrix),
//! the bit sets on the links' tree, and a bad name gets `solve --engine`'s error.

use crate::cli_util::{dlxkit, sudoku_quiet};
use serde_json::Value;

/// The repository's `data/sudoku/NAME`.
fn data(name: &str) -> String {
    format!("{}/../data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The first `n` puzzles of `data/sudoku/NAME`, one per line (comments left out).
fn first(name: &str, n: usize) -> String {
    let text = std::fs::read_to_string(data(name)).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .collect();
    lines.join("\n") + "\n"
}

/// The killer puzzles of `data/sudoku/killer.txt` numbered `which` (from 0; a puzzle and
/// its comments are a paragraph).
fn killers(which: &[usize]) -> String {
    let text = std::fs::read_to_string(data("killer.txt")).unwrap();
    let paragraphs: Vec<&str> = text.split("\n\n").collect();
    which
        .iter()
        .map(|&k| format!("{}\n\n", paragraphs[k]))
        .collect()
}

/// The JSON objects of a JSON Lines output.
fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// The input of each case: its arguments (a file or `-` for `stdin`) and its standard input.
fn cases() -> Vec<(Vec<String>, String)> {
    let file = |name: &str| (vec![data(name)], String::new());
    let stdin = |text: String| (vec![], text);
    vec![
        stdin(first("norvig_top95.txt", 12)),
        file("pe96_easy50.txt"),
        file("norvig_hardest11.txt"),
        stdin(first("sudoku16x16_puzzles.txt", 2)),
        // The empty grid (multiple); a 4x4 with no solution (r1c1 has no digit left) and
        // one with 72.
        stdin(".".repeat(81) + "\n"),
        stdin(".12.3...4.......\n1...............\n".to_string()),
        // The file's first and third killers (its second takes seconds on the links).
        (
            vec!["--variant".into(), "killer".into(), "-".into()],
            killers(&[0, 2]),
        ),
    ]
}

/// `dlxkit sudoku COMMAND case... extra...`: standard output; exit 0, or 1 when a puzzle
/// of the case has no solution.
fn sudoku(command: &str, case: &(Vec<String>, String), extra: &[&str]) -> String {
    let mut args = vec![command];
    args.extend(case.0.iter().map(String::as_str));
    args.extend(extra);
    let out = dlxkit()
        .arg("sudoku")
        .args(&args)
        .arg("--quiet")
        .write_stdin(case.1.clone())
        .output()
        .unwrap();
    // Exit 1 when some puzzle has no solution.
    let unsolvable = case.1.contains(".12.3...4");
    assert_eq!(out.status.code(), Some(i32::from(unsolvable)), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_engine_solves_and_counts_as_the_links() {
    for case in cases() {
        let killer = case.0.iter().any(|a| a == "killer");
        let solved = sudoku("solve", &case, &["--count"]);
        let counted = sudoku("count", &case, &["--limit", "100"]);
        assert!(!solved.is_empty(), "{case:?}");
        let links = json_lines(&sudoku("solve", &case, &["--format", "jsonl"]));
        for engine in ["links", "cells", "bits"] {
            let on = ["--engine", engine];
            assert_eq!(
                sudoku("solve", &case, &[&on[..], &["--count"]].concat()),
                solved,
                "{engine} {case:?}"
            );
            assert_eq!(
                sudoku("count", &case, &[&on[..], &["--limit", "100"]].concat()),
                counted,
                "{engine} {case:?}"
            );
            let records = json_lines(&sudoku(
                "solve",
                &case,
                &[&on[..], &["--format", "jsonl"]].concat(),
            ));
            assert_eq!(records.len(), links.len());
            for (record, link) in records.iter().zip(&links) {
                for key in ["solution", "status", "solutions"] {
                    assert_eq!(record[key], link[key], "{engine} {key} {record}");
                }
                // The bit sets search the links' tree: the same guesses, and one more
                // assignment per given (each an option of the puzzle's own problem).
                let givens = record["puzzle"]
                    .as_str()
                    .unwrap()
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() && *c != '0')
                    .count() as u64;
                if engine == "bits" && record["status"] != "unsolvable" && !killer {
                    assert_eq!(record["guesses"], link["guesses"], "{record}");
                    assert_eq!(
                        record["assignments"].as_u64().unwrap(),
                        link["assignments"].as_u64().unwrap() + givens,
                        "{record}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_count_on_threads_takes_the_engine() {
    // One puzzle on two threads shares its search: the empty 4x4's 288 grids.
    let four = format!("{}\n", ".".repeat(16));
    for engine in ["links", "cells", "bits"] {
        let out = sudoku_quiet(&["count", "--jobs", "2", "--engine", engine], &four, 0);
        assert_eq!(out, "288\n", "{engine}");
    }
}

#[test]
fn a_bad_engine_gets_the_error_of_solve() {
    let knots = |args: &[&str]| {
        let out = dlxkit().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        err.lines().next().unwrap().to_string()
    };
    let solve = knots(&["solve", "--engine", "knots", &data("pe96_easy50.txt")]);
    assert_eq!(
        solve,
        "error: invalid value 'knots' for '--engine <ENGINE>': `knots` is not an engine: \
         write links, cells or bits"
    );
    for command in ["solve", "count"] {
        let args = [
            "sudoku",
            command,
            "--engine",
            "knots",
            &data("pe96_easy50.txt"),
        ];
        assert_eq!(knots(&args), solve, "{command}");
    }
}

#[test]
fn the_engine_is_refused_where_it_has_no_meaning() {
    let puzzles = data("pe96_easy50.txt");
    let cases: [(&[&str], &str); 2] = [
        (
            &["solve", "--solver", "mrv", "--engine", "bits"],
            "dlxkit: solver `mrv` cannot search on a chosen exact cover engine: use dlx",
        ),
        (
            &["count", "--memo", "--engine", "cells"],
            "dlxkit: the memoised count (Knuth's DXZ, DLX6) searches on a board of its own (a \
             bitset of the items left, its states cached), not on the cells engine: leave the \
             engine out",
        ),
    ];
    for (args, message) in cases {
        let out = dlxkit()
            .arg("sudoku")
            .args(args)
            .arg(&puzzles)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().next(), Some(message), "{args:?}");
    }
    // As `solve --memo --engine links`, the links let the memoised count run.
    let memo = sudoku_quiet(&["count", "--memo", &puzzles], "", 0);
    assert_eq!(memo, "1\n".repeat(50));
    let links = sudoku_quiet(&["count", "--memo", "--engine", "links", &puzzles], "", 0);
    assert_eq!(links, memo);
}
