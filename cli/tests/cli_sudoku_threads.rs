//! Killer and pencil-mark puzzles on threads and under limits, as plain puzzles are: one
//! puzzle's count shared by `--jobs 2` gives the count (and the assignments and guesses) of one
//! thread; a file of puzzles on 2 threads gives the same records in the same order;
//! `--max-nodes`, `--timeout` and Ctrl-C mark a count incomplete on every path.

#[cfg(target_os = "linux")]
use std::process::{Command as Process, Stdio};
#[cfg(target_os = "linux")]
use std::time::Duration;

use crate::cli_util::sudoku;
#[cfg(target_os = "linux")]
use crate::cli_util::{end_within_30_seconds, send, wait_until_caught, Ended};

/// A 6x6 killer with three cages: 10,496 solutions.
const KILLER_6: &str = "size: 6\n3: r1c1 r1c2\n11: r2c1 r2c2\n7: r3c3 r4c3 r4c4\n";

/// A 9x9 killer with one cage: a count that never ends by itself.
const KILLER_9: &str = "size: 9\n3: r1c1 r1c2\n";

/// A sukaku line of side `n` whose first cell is 1 and every other cell open.
fn sukaku(n: usize) -> String {
    let all: String = (1..=n)
        .map(|d| char::from_digit(d as u32, 36).unwrap())
        .collect();
    format!("1{}{}\n", ".".repeat(n - 1), all.repeat(n * n - 1))
}

/// The count line and the solver line (assignments and guesses) of `sudoku count ARGS -j JOBS`.
fn count(args: &[&str], input: &str, jobs: &str) -> (String, String) {
    let args: Vec<&str> = args.iter().copied().chain(["-j", jobs]).collect();
    let (stdout, stderr) = sudoku(&args, input, 0);
    let solver = stderr
        .lines()
        .find(|l| l.starts_with("solver "))
        .unwrap_or_else(|| panic!("{stderr}"))
        .to_string();
    (stdout, solver)
}

#[test]
fn one_killer_or_pencil_mark_count_on_two_threads_is_that_of_one() {
    let killer = ["count", "--variant", "killer"];
    let one = count(&killer, KILLER_6, "1");
    assert_eq!(one.0, "10496\n");
    assert_eq!(count(&killer, KILLER_6, "2"), one);
    let (sukaku_4, sukaku_6) = (sukaku(4), sukaku(6));
    let one = count(&["count"], &sukaku_4, "1");
    assert_eq!(one.0, "72\n"); // 288 / 4
    assert_eq!(count(&["count"], &sukaku_4, "2"), one);
    let one = count(&["count"], &sukaku_6, "1");
    assert_eq!(one.0, format!("{}\n", 28_200_960 / 6));
    assert_eq!(count(&["count"], &sukaku_6, "2"), one);
    // The threads say so.
    let (_, stderr) = sudoku(&["count", "--variant", "killer", "-j", "2"], KILLER_6, 0);
    assert!(stderr.contains(" on 2 threads\n"), "{stderr}");
}

#[test]
fn files_of_killer_and_pencil_mark_puzzles_on_two_threads_match_one() {
    let killers = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/sudoku/killer.txt"
    ))
    .unwrap();
    let text = format!("{killers}\n{KILLER_6}");
    for args in [
        &["solve", "--variant", "killer", "--format", "jsonl"][..],
        &[
            "solve",
            "--variant",
            "killer",
            "--count",
            "--limit",
            "20000",
        ],
        &["count", "--variant", "killer"],
    ] {
        let one: Vec<String> =
            without_times(&sudoku(&[args, &["-q", "-j", "1"]].concat(), &text, 0).0);
        let two = without_times(&sudoku(&[args, &["-q", "-j", "2"]].concat(), &text, 0).0);
        assert_eq!(one.len(), 4, "{one:?}");
        assert_eq!(one, two, "{args:?}");
    }
    let sukakus = format!(
        "{}{}{}",
        sukaku(4),
        sukaku(4).replace("1234", "12.4"),
        sukaku(4)
    );
    let one = sudoku(&["count", "-q", "-j", "1"], &sukakus, 1).0;
    assert_eq!(one, "72\n0\n72\n");
    assert_eq!(sudoku(&["count", "-q", "-j", "2"], &sukakus, 1).0, one);
}

/// The lines of `text` with their `"elapsed_ms"` left out.
fn without_times(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| match l.find(",\"elapsed_ms\"") {
            Some(at) => l[..at].to_string(),
            None => l.to_string(),
        })
        .collect()
}

#[test]
fn limits_mark_killer_and_pencil_mark_counts_incomplete_on_every_path() {
    let sukaku_9 = sukaku(9);
    for (args, input) in [
        (&["count", "--variant", "killer"][..], KILLER_9),
        (&["count"], sukaku_9.as_str()),
    ] {
        for jobs in ["1", "2"] {
            let limited = [args, &["--max-nodes", "1000", "-j", jobs]].concat();
            let (stdout, stderr) = sudoku(&limited, input, 0);
            let found = stdout.strip_suffix(" (incomplete: node limit)\n");
            assert!(
                found.is_some_and(|n| n.parse::<u64>().unwrap() > 0),
                "{stdout}"
            );
            assert!(
                stderr.contains("counts      1 of 1 incomplete (1 node limit)\n"),
                "{stderr}"
            );
            let timed = [args, &["--timeout", "0.2", "-j", jobs]].concat();
            let (stdout, stderr) = sudoku(&timed, input, 0);
            let found = stdout.strip_suffix(" (incomplete: time limit)\n");
            assert!(
                found.is_some_and(|n| n.parse::<u64>().unwrap() > 0),
                "{stdout}"
            );
            assert!(
                stderr.contains("counts      1 of 1 incomplete (1 time limit)\n"),
                "{stderr}"
            );
        }
    }
}

/// Starts `dlxkit args...` with `stdin`, sends SIGINT once its handler is installed and
/// `after` has passed, and waits (up to 30 s) for it to end.
#[cfg(target_os = "linux")]
fn interrupted(args: &[&str], stdin: &str, after: Duration) -> Ended {
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
    wait_until_caught(child.id(), 2);
    std::thread::sleep(after);
    send("INT", child.id());
    end_within_30_seconds(child)
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_marks_a_killer_or_pencil_mark_count_on_threads_interrupted() {
    let sukaku_9 = sukaku(9);
    for (args, input) in [
        (
            &["sudoku", "count", "--variant", "killer", "-j", "2", "-"][..],
            KILLER_9,
        ),
        (&["sudoku", "count", "-j", "2", "-"], sukaku_9.as_str()),
        (&["sudoku", "count", "--variant", "killer", "-"], KILLER_9),
    ] {
        let Ended {
            code,
            stdout,
            stderr,
        } = interrupted(args, input, Duration::from_millis(300));
        assert_eq!(code, Some(130), "{args:?}: {stderr}");
        let found = stdout.strip_suffix(" (incomplete: interrupted)\n");
        assert!(
            found.is_some_and(|n| n.parse::<u64>().unwrap() > 0),
            "{args:?}: {stdout}"
        );
        assert!(
            stderr.contains("counts      1 of 1 incomplete (1 interrupted)\n"),
            "{stderr}"
        );
    }
}
