//! Regression tests of issue 26's later items: `reduce` and `shard` under `--timeout` and
//! `--max-nodes`, and their quadratic inputs; each failed on the code before its fix. Work
//! is bounded by counting it (the reduction's steps, the split's list), never by the clock.

use std::path::PathBuf;

use crate::cli_util::dlxkit;

/// A scratch directory for this module's files.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("reliability-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The reduce input: `n` items, three options of all of them, one of the even ones
/// and one of the odd ones (four solutions).
fn evens_and_odds(n: usize) -> String {
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let all = items.join(" ");
    let evens: Vec<&str> = items.iter().step_by(2).map(String::as_str).collect();
    let odds: Vec<&str> = items
        .iter()
        .skip(1)
        .step_by(2)
        .map(String::as_str)
        .collect();
    format!(
        "{all}\n{all}\n{all}\n{all}\n{}\n{}\n",
        evens.join(" "),
        odds.join(" ")
    )
}

/// The shard input: `n` items with one option each (one solution, one path).
fn one_option_each(n: usize) -> String {
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    items.join(" ") + "\n" + &items.join("\n") + "\n"
}

/// `dlxkit ARGS` on `stdin`: exit code, standard output, standard error.
fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = dlxkit().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `solve --count` of a problem given as text.
fn count(problem: &str) -> u64 {
    let (code, out, err) = run(&["solve", "--count", "--quiet"], problem);
    assert!(code.is_some_and(|c| c <= 1), "{err}");
    out.trim().parse().unwrap()
}

#[test]
fn reduce_removes_twin_items_in_a_few_steps() {
    // Before: one item's turn (hiding all the options) per item removed, 20,000 turns of
    // 20,000 entries each. Now the twins go at once: four turns in two rounds.
    let problem = evens_and_odds(20_000);
    let (code, out, err) = run(&["reduce", "--max-nodes", "10"], &problem);
    assert_eq!(code, Some(0), "{err}");
    let all = "i19998 i19999\n".repeat(4);
    assert_eq!(out, format!("{all}i19998\ni19999\n"));
    assert!(
        err.contains("reduced: removed 0 options and 19998 items in 2 rounds\n"),
        "{err}"
    );
    assert!(!err.contains("incomplete"), "{err}");
    assert_eq!(count(&out), 4);
}

#[test]
fn reduce_cut_short_says_so_first_and_stays_equivalent() {
    let problem = "A B C D\nA B\nC D\nA C\nB D\nA\nB\nC\nD\nA B C D\n";
    let whole = count(problem);
    for nodes in 1..=6 {
        let n = nodes.to_string();
        let (code, out, err) = run(&["reduce", "--max-nodes", &n], problem);
        assert_eq!(code, Some(0), "{err}");
        let steps = if nodes == 1 { "step" } else { "steps" };
        let first = out.lines().next().unwrap();
        if first.starts_with('|') {
            assert_eq!(
                first,
                format!("| incomplete: node limit after {nodes} {steps}: equivalent to the input, not fully reduced")
            );
            assert!(err.contains("(incomplete: node limit after"), "{err}");
        } else {
            // The fixed point came first: a complete reduction says nothing of limits.
            assert!(nodes > 1 && !err.contains("incomplete"), "{err}");
        }
        assert_eq!(count(&out), whole, "--max-nodes {nodes}:\n{out}");
    }
    let (code, out, _) = run(&["reduce", "--max-nodes", "1", "--format", "json"], problem);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "node limit");
    assert_eq!(json["steps"], 1);
    assert_eq!(json["fixed_point"], false);
    let (code, out, _) = run(&["reduce", "--format", "json"], problem);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "complete");
}

#[test]
fn reduce_and_shard_at_a_zero_timeout_write_no_problem_and_say_why() {
    // The deadline passes while the input is read (the watch says so) or at the first step
    // (the reduction or the split says so): either way standard output says it first.
    let problem = "A B\nA\nB\nA B\n";
    let (code, out, err) = run(&["reduce", "--timeout", "0"], problem);
    match code {
        Some(1) => {
            assert_eq!(
                out,
                "| incomplete: time limit before the reduction started: nothing reduced\n"
            );
            assert!(
                err.contains("dlxkit reduce: stopped at the time limit (--timeout) before the reduction started"),
                "{err}"
            );
        }
        _ => {
            assert_eq!(code, Some(0), "{err}");
            assert_eq!(
                out,
                format!("| incomplete: time limit after 0 steps: equivalent to the input, not fully reduced\n{problem}")
            );
        }
    }
    let (code, out, err) = run(&["shard", "--count", "4", "--timeout", "0"], problem);
    assert_eq!(code, Some(75), "{err}");
    assert!(
        out == "incomplete: time limit before the split started: no list of shards\n"
            || out == "incomplete: time limit after 0 nodes: no list of shards (give it more)\n",
        "{out}"
    );
}

#[test]
fn shard_of_a_chain_is_one_shard_not_a_path_of_forced_steps() {
    // Before: a path of 10,000 `1/1` steps, found by re-forcing ever longer paths.
    let dir = scratch("chain");
    let file = dir.join("chain.dlx");
    std::fs::write(&file, one_option_each(10_000)).unwrap();
    let (code, out, err) = run(&["shard", "--count", "100", file.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "     0     1.000e0  -\n");
    let (code, out, err) = run(
        &[
            "solve",
            "--count",
            "--shard",
            "0/100",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"solutions\":1"), "{out}");
    // A chain that branches at its end: the forced steps above the branch are kept (the
    // path must lead there), the forced step below it is not.
    let (code, out, err) = run(
        &["shard", "--count", "4", "-q"],
        "A B C D\nA\nB\nC\nD\nC D\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "     0    5.000e-1  1/1 1/1 1/2\n     1    5.000e-1  1/1 1/1 2/2\n"
    );
}

#[test]
fn shard_cut_short_lists_nothing_and_exits_75() {
    let dir = scratch("queens");
    let out = dlxkit()
        .args(["queens", "8", "--emit", "dlx"])
        .output()
        .unwrap();
    let file = dir.join("queens8.dlx");
    std::fs::write(&file, out.stdout).unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&["shard", "--count", "100", "--max-nodes", "3", file], "");
    assert_eq!(code, Some(75), "{err}");
    assert_eq!(
        out,
        "incomplete: node limit after 3 nodes: no list of shards (give it more)\n"
    );
    assert!(
        err.contains("stopped at the node limit (--max-nodes)"),
        "{err}"
    );
    let (code, out, _) = run(
        &[
            "shard",
            "--count",
            "100",
            "--max-nodes",
            "3",
            "--format",
            "json",
            file,
        ],
        "",
    );
    assert_eq!(code, Some(75));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["status"], "node limit");
    assert_eq!(json["shards"], serde_json::json!([]));
    // With room enough the list is the one without a limit.
    let (code, limited, _) = run(
        &["shard", "--count", "100", "--max-nodes", "1000000", file],
        "",
    );
    assert_eq!(code, Some(0));
    let (_, free, _) = run(&["shard", "--count", "100", file], "");
    assert_eq!(limited, free);
    assert_eq!(free.lines().count(), 100);
}

/// The columns of the queens in a picture of `n` rows, checked: one queen in each row, and
/// no two in a column or a diagonal.
fn check_queens(picture: &str, n: usize) {
    let columns: Vec<usize> = picture
        .lines()
        .map(|row| {
            assert_eq!(row.len(), n, "{row}");
            assert_eq!(row.matches('Q').count(), 1, "{row}");
            row.find('Q').unwrap()
        })
        .collect();
    assert_eq!(columns.len(), n);
    for r in 0..n {
        for s in 0..r {
            assert_ne!(columns[r], columns[s], "rows {s} and {r} share a column");
            assert_ne!(
                r - s,
                columns[r].abs_diff(columns[s]),
                "rows {s} and {r}: diagonal"
            );
        }
    }
}

#[test]
fn large_queens_give_a_constructed_solution_at_once() {
    // Before: no first solution in 170 s of CPU for 1000 queens (60 did not finish either).
    for n in [41, 60, 1000] {
        let (code, out, err) = run(&["queens", &n.to_string()], "");
        assert_eq!(code, Some(0), "{err}");
        check_queens(&out, n);
        assert!(err.contains("constructed, not searched"), "{err}");
    }
    let (code, out, _) = run(&["queens", "500", "--format", "json"], "");
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["solutions"], 1);
    assert_eq!(json["data"][0]["columns"].as_array().unwrap().len(), 500);
    // Up to 40 the search still gives its own first solution (the README's 8 queens).
    let (code, _, err) = run(&["queens", "40"], "");
    assert_eq!(code, Some(0));
    assert!(!err.contains("constructed"), "{err}");
}

#[test]
fn queens_searches_that_cannot_finish_need_a_limit() {
    let (code, _, err) = run(&["queens", "60", "--limit", "3"], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("dlxkit: the search for 60 queens may not finish (beyond 40 queens a first solution can take hours): give --timeout or --max-nodes"),
        "{err}"
    );
    let (code, _, err) = run(&["queens", "17", "--count"], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("dlxkit: counting 17 queens takes longer than anyone waits"),
        "{err}"
    );
    // A shard is how a long count is cut across machines: it runs, and is complete.
    let (code, out, err) = run(&["queens", "17", "--count", "--shard", "3/5000", "-q"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"status\":\"complete\""), "{out}");
    // With a limit the search runs, and says it was cut short.
    let (code, out, err) = run(&["queens", "60", "--max-nodes", "1000", "--count"], "");
    assert_eq!(code, Some(1), "{err}"); // nothing found
    assert_eq!(out, "0 (incomplete: node limit)\n");
    let (code, out, _) = run(&["queens", "16", "--count", "--max-nodes", "10"], "");
    assert!(code.is_some_and(|c| c <= 1));
    assert!(out.ends_with("(incomplete: node limit)\n"), "{out}");
}

/// Whether `prlimit` (util-linux) is here; without it a memory-bound test says so loudly,
/// and fails under CI.
fn have_prlimit(what: &str) -> bool {
    let found = std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "prlimit (util-linux) is needed under CI"
        );
        eprintln!("SKIPPED: no prlimit, so the memory bound of {what} is not tested");
    }
    found
}

#[test]
fn endless_input_stops_at_the_input_cap_within_bounded_memory() {
    use std::process::{Command, Stdio};
    if !have_prlimit("`yes | dlxkit solve`") {
        return;
    }
    // Before: `yes "A B" | dlxkit solve` grew until the system stepped in (here: 1 GiB of
    // address space, so an allocation failure and an abort).
    let mut yes = Command::new("yes")
        .arg("A B")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let child = Command::new("prlimit")
        .args(["--as=1073741824", "--", env!("CARGO_BIN_EXE_dlxkit")])
        .args(["solve", "--count"])
        .stdin(Stdio::from(yes.stdout.take().unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let ended = crate::cli_util::end_within_30_seconds(child);
    yes.kill().unwrap();
    yes.wait().unwrap();
    assert_eq!(ended.code, Some(2), "{}", ended.stderr);
    assert!(
        ended.stderr.contains(
            "dlxkit: `<stdin>` holds more than 256 MiB (268435456 bytes), the most --max-input lets dlxkit read"
        ),
        "{}",
        ended.stderr
    );
    assert!(ended.stdout.is_empty(), "{}", ended.stdout);
}

#[test]
fn max_input_bounds_files_and_standard_input() {
    let dir = scratch("max-input");
    let file = dir.join("toy.dlx");
    std::fs::write(&file, "A B\nA\nB\nA B\n").unwrap(); // 12 bytes
    let file = file.to_str().unwrap();
    let (code, out, _) = run(&["solve", "--count", "-q", "--max-input", "12", file], "");
    assert_eq!((code, out.as_str()), (Some(0), "2\n"));
    let (code, _, err) = run(&["solve", "--count", "--max-input", "11", file], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("holds more than 11 bytes, the most --max-input lets dlxkit read"),
        "{err}"
    );
    let (code, _, err) = run(&["sudoku", "solve", "--max-input", "1K"], &".".repeat(2000));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("`<stdin>` holds more than 1 KiB (1024 bytes)"),
        "{err}"
    );
    for bad in ["0", "-5", "1.5G", "inf", "NaN", "12Q"] {
        let flag = format!("--max-input={bad}");
        let (code, _, err) = run(&["solve", &flag, file], "");
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(err.contains("--max-input"), "{bad}: {err}");
    }
    let (code, _, _) = run(
        &[
            "solve",
            "--count",
            "--max-input",
            "99999999999999999999T",
            file,
        ],
        "",
    );
    assert_eq!(code, Some(0));
}

#[cfg(unix)]
#[test]
fn sudoku_solve_and_rate_stopped_while_reading_say_so_and_exit_130_or_143() {
    use std::process::Stdio;
    for (subcommand, signal, number, code) in [("solve", "INT", 2, 130), ("rate", "TERM", 15, 143)]
    {
        // Standard input stays open and empty, as a terminal nobody types in.
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
            .args(["sudoku", subcommand, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        crate::cli_util::wait_until_caught(child.id(), number);
        crate::cli_util::send(signal, child.id());
        let ended = crate::cli_util::end_within_30_seconds(child);
        drop(stdin);
        assert_eq!(ended.code, Some(code), "{subcommand}: {}", ended.stderr);
        assert!(
            ended.stderr.contains("dlxkit sudoku: stopped by "),
            "{subcommand}: {}",
            ended.stderr
        );
    }
}
