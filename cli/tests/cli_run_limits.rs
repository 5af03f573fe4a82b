//! The limits of a whole run, as a script or a scheduler sees them: `--timeout` and Ctrl-C
//! cover reading the input and building the problem, not only the search; SIGTERM (what
//! `timeout`, Slurm and Kubernetes send) stops a run as Ctrl-C does; a count cut short says
//! so on standard output; and `--timeout` takes any number of seconds.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command as StdCommand, Stdio};

#[cfg(unix)]
use crate::cli_util::dlxkit;
use crate::cli_util::send;
#[cfg(target_os = "linux")]
use crate::cli_util::wait_until_caught;
use crate::cli_util::{self, end_within_30_seconds, Ended};

/// What a run stopped before its search says without --stats.
const TIME_NOTE: &str = "dlxkit: stopped at the time limit (--timeout) before the search started: nothing was searched\n";
const INTERRUPTED_NOTE: &str =
    "dlxkit: interrupted before the search started: nothing was searched\n";

/// Checks how a run ended: its exit code and what it printed.
fn assert_ended(run: &Ended, code: i32, stdout: &str, stderr: &str) {
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (Some(code), stdout, stderr)
    );
}

/// Starts `dlxkit` with `args` and a standard input that stays open (and empty) until the
/// child ends: the run is stuck reading its input.
fn start_reading_forever(args: &[&str]) -> Child {
    StdCommand::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .current_dir(crate::ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlxkit starts")
}

#[test]
fn the_timeout_covers_reading_the_input() {
    // Standard input never ends: only the clock can stop this run.
    let child = start_reading_forever(&["solve", "--count", "--timeout", "0.3"]);
    let run = end_within_30_seconds(child);
    assert_ended(&run, 1, "0 (incomplete: time limit)\n", TIME_NOTE);
}

#[test]
fn the_timeout_covers_reading_in_every_format_and_with_statistics() {
    let child = start_reading_forever(&["solve", "--timeout", "0.2", "--format", "json"]);
    let run = end_within_30_seconds(child);
    assert_eq!(run.code, Some(1), "stderr: {}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["status"], "time limit");
    assert_eq!(json["complete"], false);
    assert_eq!(json["solutions"], 0);
    assert_eq!(json["options"], serde_json::json!([]));
    assert_eq!(run.stderr, "");

    let child = start_reading_forever(&["solve", "--timeout", "0.2", "--stats"]);
    let run = end_within_30_seconds(child);
    assert_eq!(run.code, Some(1), "stderr: {}", run.stderr);
    // The listing (of no solution) ends with the line that says it is not whole.
    assert_eq!(run.stdout, "(incomplete: time limit)\n");
    assert!(
        run.stderr.contains("status      time limit\n"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("nodes       0\n"), "{}", run.stderr);
}

#[test]
fn the_timeout_of_a_puzzle_covers_reading_its_files() {
    let child = start_reading_forever(&[
        "polyomino",
        "--board-file",
        "-",
        "--count",
        "--timeout",
        "0.3",
    ]);
    let run = end_within_30_seconds(child);
    assert_ended(&run, 1, "0 (incomplete: time limit)\n", TIME_NOTE);
}

#[test]
fn the_timeout_covers_parsing_a_million_items() {
    // 10^6 items, one option each: reading and building take a good part of a second or more.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_run_limits");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("million.dlx");
    if !path.exists() {
        let names: Vec<String> = (0..1_000_000).map(|i| format!("i{i}")).collect();
        let text = names.join(" ") + "\n" + &names.join("\n") + "\n";
        std::fs::write(&path, text).unwrap();
    }
    let child = StdCommand::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["solve", "--count", "--timeout", "0.1"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let run = end_within_30_seconds(child);
    assert_eq!(run.code, Some(1), "stderr: {}", run.stderr);
    assert_eq!(run.stdout, "0 (incomplete: time limit)\n");
    assert!(
        run.stderr
            .starts_with("dlxkit: stopped at the time limit (--timeout) "),
        "{}",
        run.stderr
    );
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_while_the_input_is_read_stops_at_once() {
    let child = start_reading_forever(&["solve", "--count"]);
    wait_until_caught(child.id(), 2);
    send("INT", child.id());
    let run = end_within_30_seconds(child);
    assert_ended(&run, 130, "0 (incomplete: interrupted)\n", INTERRUPTED_NOTE);
}

#[cfg(target_os = "linux")]
#[test]
fn sigterm_while_a_puzzle_file_is_read_stops_at_once_with_143() {
    let child = start_reading_forever(&["polyomino", "--board-file", "-"]);
    wait_until_caught(child.id(), 15);
    send("TERM", child.id());
    let run = end_within_30_seconds(child);
    assert_ended(&run, 143, "(incomplete: interrupted)\n", INTERRUPTED_NOTE);
}

#[cfg(unix)]
#[test]
fn sigterm_stops_a_count_like_ctrl_c_and_exits_143() {
    // 2^40 solutions: the count cannot finish. The problem line of --stats comes once the
    // handlers are installed, before the search.
    let path = cli_util::doubles(40, "cli_run_limits");
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["solve", "--count", "--stats"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert!(first.starts_with("problem"), "{first}");
    send("TERM", child.id());
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(143), "stderr: {rest}");
    let count: u64 = stdout
        .strip_suffix(" (incomplete: interrupted)\n")
        .unwrap_or_else(|| panic!("a marked partial count, not {stdout:?}"))
        .parse()
        .unwrap();
    assert!(rest.contains(&format!("solutions   {count}\n")), "{rest}");
    assert!(rest.contains("status      interrupted\n"), "{rest}");
}

#[cfg(unix)]
#[test]
fn a_count_under_timeout_1_prints_its_partial_count() {
    // As a user runs it: `timeout` sends SIGTERM; --preserve-status passes on dlxkit's exit.
    let available = StdCommand::new("timeout").arg("--version").output();
    if available.is_err() {
        panic!("the `timeout` command (coreutils) is missing: this test needs it");
    }
    let out = StdCommand::new("timeout")
        .args(["--preserve-status", "2"])
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["langford", "16", "--count"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(143), "stderr: {stderr}");
    let count = stdout
        .strip_suffix(" (incomplete: interrupted)\n")
        .unwrap_or_else(|| panic!("a marked partial count, not {stdout:?}"));
    assert!(count.parse::<u64>().is_ok(), "{stdout:?}");
    assert!(
        stderr.starts_with("dlxkit: interrupted after "),
        "{stderr:?}"
    );
}

#[test]
fn a_count_cut_short_by_a_limit_is_marked_on_stdout() {
    let four = "A B C\nA\nB\nC\nA B\nB C\nA B C\n"; // 4 solutions
    dlxkit()
        .args(["solve", "--count", "--max-nodes", "5"])
        .write_stdin(four)
        .assert()
        .code(0)
        .stdout("2 (incomplete: node limit)\n")
        .stderr(
            "dlxkit: stopped at the node limit (--max-nodes) after 5 nodes and 2 solutions: the search is incomplete\n",
        );
    // A count up to --limit is the count asked for: plain.
    dlxkit()
        .args(["solve", "--count", "--limit", "3"])
        .write_stdin(four)
        .assert()
        .code(0)
        .stdout("3\n");
    // A complete count is plain.
    dlxkit()
        .args(["solve", "--count"])
        .write_stdin(four)
        .assert()
        .code(0)
        .stdout("4\n");
    // The puzzles mark theirs the same way.
    let out = dlxkit()
        .args([
            "langford",
            "16",
            "--count",
            "--distinct",
            "--max-nodes",
            "2000",
        ])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.ends_with(" (incomplete: node limit)\n"), "{out:?}");
    // Nothing found before the limit: exit 1, and still marked.
    dlxkit()
        .args(["solve", "--count", "--max-nodes", "1"])
        .write_stdin("A B\nA\nB\n")
        .assert()
        .code(1)
        .stdout("0 (incomplete: node limit)\n");
}

/// Every subcommand with `--timeout`, with arguments that make it quick.
const WITH_TIMEOUT: &[&[&str]] = &[
    &["solve", "data/dlx/knuth-toy.dlx"],
    &["queens", "6"],
    &["polyomino", "--board", "3x20"],
    &["dominoes", "2x3"],
    &["soma"],
    &["langford", "3"],
    &["shopping"],
    &["sudoku", "solve", "data/sudoku/pe96_easy50.txt", "--quiet"],
    &["sudoku", "count", "data/sudoku/pe96_easy50.txt", "--quiet"],
    &["sudoku", "rate", "data/sudoku/pe96_easy50.txt", "--quiet"],
];

#[test]
fn huge_timeouts_mean_no_limit_in_every_subcommand() {
    for args in WITH_TIMEOUT {
        for seconds in ["1e20", "18446744073709551616", "inf"] {
            dlxkit()
                .args(*args)
                .args(["--timeout", seconds])
                .assert()
                .code(0);
        }
    }
}

#[test]
fn timeouts_that_are_not_seconds_are_refused_the_same_way_everywhere() {
    for args in WITH_TIMEOUT {
        for (value, why) in [
            ("-1", "`-1` is negative: give 0 seconds or more"),
            ("NaN", "`NaN` is not a number of seconds (e.g. 10 or 0.5)"),
            ("soon", "`soon` is not a number of seconds (e.g. 10 or 0.5)"),
        ] {
            let out = dlxkit()
                .args(*args)
                .arg(format!("--timeout={value}"))
                .assert()
                .code(2)
                .get_output()
                .stderr
                .clone();
            let stderr = String::from_utf8(out).unwrap();
            let expected =
                format!("error: invalid value '{value}' for '--timeout <SECONDS>': {why}\n");
            assert!(stderr.starts_with(&expected), "{args:?}: {stderr}");
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_second_sigterm_does_not_cut_short_what_the_first_asked_to_print() {
    // GNU `timeout` signals the process and then its process group: two SIGTERMs, which
    // once ended the run at the second with nothing more printed. Here the run is stuck
    // writing solutions to a pipe nobody reads yet, so both signals come while it still has
    // its output and summary to write; it must write them and exit 143.
    let path = cli_util::doubles(40, "cli_run_limits");
    for jobs in ["1", "2"] {
        let child = StdCommand::new(env!("CARGO_BIN_EXE_dlxkit"))
            .args(["solve", "--limit", "1000000000000", "--jobs", jobs])
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_until_caught(child.id(), 15);
        std::thread::sleep(std::time::Duration::from_millis(300));
        send("TERM", child.id());
        send("TERM", child.id());
        let Ended {
            code,
            stdout,
            stderr,
        } = cli_util::collect(child);
        assert_eq!(code, Some(143), "--jobs {jobs}: {stderr}");
        assert!(
            stderr.starts_with("dlxkit: interrupted after "),
            "--jobs {jobs}: {stderr:?}"
        );
        // The last solution is whole, and the listing's last line says it is cut short.
        assert!(
            stdout.ends_with("\n\n(incomplete: interrupted)\n"),
            "--jobs {jobs}: the last solution is whole and the listing says it is incomplete"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_sudoku_count_stopped_by_sigterm_names_sigterm_in_its_summary() {
    use std::io::Write;
    // The empty grid has 6.67 x 10^21 solutions: the count cannot finish.
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["sudoku", "count", "--max-nodes", "100000000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&[b'.'; 81]).unwrap();
    stdin.write_all(b"\n").unwrap();
    drop(stdin);
    wait_until_caught(child.id(), 15);
    std::thread::sleep(std::time::Duration::from_millis(300));
    send("TERM", child.id());
    let run = end_within_30_seconds(child);
    assert_eq!(run.code, Some(143), "{}", run.stderr);
    assert!(
        run.stdout.ends_with(" (incomplete: interrupted)\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr
            .contains("status      interrupted (SIGTERM) before the end of the last work\n"),
        "{}",
        run.stderr
    );
}
