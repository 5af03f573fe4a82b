//! `dlxkit sudoku count` and `solve --count` stopped by a limit or Ctrl-C (the count found
//! so far and why it stopped, in every format), and `sudoku generate` at its bounds
//! (`--givens` above the cells refused; a 100x100 grid within `--timeout`, or stopped by
//! SIGTERM).

#[cfg(target_os = "linux")]
use std::process::{Command as Process, Stdio};
#[cfg(target_os = "linux")]
use std::time::Duration;

use serde_json::Value;

#[cfg(target_os = "linux")]
use crate::cli_util::sudoku as run;
use crate::cli_util::{end_within_30_seconds, send, wait_until_caught, Ended};

/// A 4x4 puzzle with 72 solutions.
const FOUR_MANY: &str = "1...............\n";

#[test]
fn a_count_under_a_node_limit_prints_what_it_found_and_why_it_stopped() {
    // 20 nodes find 2 of the 72 solutions.
    let (stdout, stderr) = run(&["count", "--max-nodes", "20"], FOUR_MANY, 0);
    assert_eq!(stdout, "2 (incomplete: node limit)\n");
    assert!(
        stderr.starts_with(
            "puzzles     1 (0 unique, 1 multiple, 0 unsolvable, 0 unknown)\n\
             solver      dlx: 20 assignments, 6 guesses\n\
             counts      1 of 1 incomplete (1 node limit)\n"
        ),
        "{stderr}"
    );
    let (stdout, _) = run(
        &["count", "--max-nodes", "20", "--format", "jsonl"],
        FOUR_MANY,
        0,
    );
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(record["solutions"], 2);
    assert_eq!(record["complete"], false);
    assert_eq!(record["search"], "node limit");
    assert_eq!(record["status"], "multiple");
    // `solve --count`, in its line and grid formats.
    let args = ["solve", "--count", "--limit", "100", "--max-nodes", "20"];
    let (stdout, _) = run(&args, FOUR_MANY, 0);
    assert_eq!(stdout, "multiple 2 (incomplete: node limit)\n");
    let (stdout, _) = run(&[&args[..], &["--format", "grid"]].concat(), FOUR_MANY, 0);
    assert_eq!(
        stdout,
        "# puzzle 1 (line 1): multiple, 2 solutions (incomplete: node limit)\n"
    );
    // A complete count, and a count up to --limit, are plain.
    assert_eq!(run(&["count", "--quiet"], FOUR_MANY, 0).0, "72\n");
    let (stdout, stderr) = run(&["count", "--limit", "5"], FOUR_MANY, 0);
    assert_eq!(stdout, "5\n");
    assert!(!stderr.contains("incomplete"), "{stderr}");
    let (stdout, _) = run(&["count", "--format", "jsonl"], FOUR_MANY, 0);
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (&record["search"], &record["complete"]),
        (&"complete".into(), &true.into())
    );
}

#[test]
fn a_count_under_a_time_limit_says_so() {
    // The empty 9x9 grid has about 6.7e21 solutions: the count never ends by itself.
    let empty = format!("{}\n", ".".repeat(81));
    let (stdout, stderr) = run(&["count", "--timeout", "0.2"], &empty, 0);
    let count = stdout.strip_suffix(" (incomplete: time limit)\n").unwrap();
    assert!(count.parse::<u64>().unwrap() > 0, "{stdout}");
    assert!(
        stderr.contains("counts      1 of 1 incomplete (1 time limit)\n"),
        "{stderr}"
    );
}

/// Starts `dlxkit args...` with `stdin`, sends `signal` (number, name) `after` its handler
/// is installed, and waits (up to 30 s) for it to end.
#[cfg(target_os = "linux")]
fn signalled(args: &[&str], stdin: &str, signal: (u32, &str), after: Duration) -> Ended {
    use std::io::Write;
    let mut child = Process::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    wait_until_caught(child.id(), signal.0);
    std::thread::sleep(after);
    send(signal.1, child.id());
    end_within_30_seconds(child)
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_on_the_count_of_one_puzzle_keeps_its_partial_count_and_nodes() {
    // The empty grid's count never ends by itself.
    let empty = format!("{}\n", ".".repeat(81));
    let Ended {
        code,
        stdout,
        stderr,
    } = signalled(
        &["sudoku", "count", "-"],
        &empty,
        (2, "INT"),
        Duration::from_millis(300), // so that the search has begun
    );
    assert_eq!(code, Some(130), "{stderr}");
    let count = stdout.strip_suffix(" (incomplete: interrupted)\n");
    assert!(count.is_some_and(|c| c.parse::<u64>().is_ok()), "{stdout}");
    assert!(stderr.starts_with("puzzles     1 (0 unique, "), "{stderr}");
    let nodes: u64 = stderr
        .split("solver      dlx: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(nodes > 0, "{stderr}");
    assert!(
        stderr.contains("counts      1 of 1 incomplete (1 interrupted)\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("status      interrupted (Ctrl-C) before the end of the last work\n"),
        "{stderr}"
    );
}

#[test]
fn generate_refuses_more_givens_than_cells() {
    let (stdout, stderr) = run(&["generate", "--givens", "1000"], "", 2);
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("dlxkit: --givens 1000 is more than the 81 cells of a 9x9 grid\n"),
        "{stderr}"
    );
    let (_, stderr) = run(&["generate", "--size", "4", "--givens", "17"], "", 2);
    assert!(
        stderr.starts_with("dlxkit: --givens 17 is more than the 16 cells of a 4x4 grid\n"),
        "{stderr}"
    );
    // All the cells: nothing is removed, and that is what was asked.
    let (stdout, _) = run(
        &["generate", "--size", "4", "--givens", "16", "--seed", "1"],
        "",
        0,
    );
    assert!(
        !stdout.contains('.') && stdout.trim().len() == 16,
        "{stdout}"
    );
}

#[test]
fn generate_100x100_stops_at_its_timeout_with_a_unique_puzzle_and_says_so() {
    let (stdout, stderr) = run(
        &[
            "generate",
            "--size",
            "100",
            "--seed",
            "1",
            "--timeout",
            "1",
            "--format",
            "jsonl",
        ],
        "",
        1,
    );
    assert!(
        stderr.contains(
            "dlxkit: warning: 1 of 1 puzzles ran out of time before the removal of givens \
             finished: they keep givens they could lose, and are unique all the same\n"
        ),
        "{stderr}"
    );
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(record["target_reached"], false);
    let numbers = |key: &str| -> Vec<u8> {
        record[key]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|t| t.parse().unwrap())
            .collect()
    };
    let (puzzle, solution) = (numbers("puzzle"), numbers("solution"));
    assert_eq!((puzzle.len(), solution.len()), (10_000, 10_000));
    // The solution is a valid grid and keeps every given.
    let text = record["solution"].as_str().unwrap().to_string() + "\n";
    let (checked, _) = run(&["check", "--box", "10x10", "--quiet"], &text, 0);
    assert_eq!(checked, "valid\n");
    assert!(puzzle
        .iter()
        .zip(&solution)
        .all(|(&p, &s)| p == 0 || p == s));
    let givens = puzzle.iter().filter(|&&p| p > 0).count();
    assert_eq!(record["givens"], givens);
    assert!(givens < 10_000, "the removal had begun");
}

#[cfg(target_os = "linux")]
#[test]
fn sigterm_stops_generate_100x100_with_143() {
    let run = signalled(
        &["sudoku", "generate", "--size", "100", "--seed", "1"],
        "",
        (15, "TERM"),
        Duration::ZERO,
    );
    assert_eq!(run.code, Some(143), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("status      interrupted"),
        "{}",
        run.stderr
    );
}
