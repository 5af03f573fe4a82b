//! Command-line tests of `dlxkit solve`: output in each format, input from files and
//! standard input, limits, statistics, warnings, `--emit dlx`, and every exit code.

use std::path::PathBuf;

use crate::cli_util::dlxkit;

use predicates::prelude::*;
use serde_json::Value;

const TOY: &str = "data/dlx/knuth-toy.dlx";
const COLORS: &str = "data/dlx/knuth-colors.dlx";

/// The toy problem's one solution, in the order the search chooses its options.
const TOY_SOLUTION: &str = "A D\nC E F\nB G\n\n";

/// A problem with `n` items, each covered by either of two identical options: 2^n solutions.
fn doubles(n: usize) -> String {
    let mut text = String::from("| each item has two options: 2^n solutions\n");
    let names: Vec<String> = (0..n).map(|i| format!("I{i}")).collect();
    text.push_str(&names.join(" "));
    text.push('\n');
    for name in &names {
        text.push_str(&format!("{name}\n{name}\n"));
    }
    text
}

/// Writes `text` to a file under the test scratch directory and returns its path.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_solve");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).expect("stdout is one JSON value")
}

#[test]
fn prints_the_toy_solution_as_option_lines_then_a_blank_line() {
    dlxkit()
        .args(["solve", TOY])
        .assert()
        .code(0)
        .stdout(TOY_SOLUTION)
        .stderr("");
}

#[test]
fn solves_the_colour_example_and_warns_about_the_dropped_option() {
    dlxkit()
        .args(["solve", COLORS])
        .assert()
        .code(0)
        .stdout("A C X:1 Y:1\nB X:1\n\n")
        .stderr(
            "dlxkit: warning: data/dlx/knuth-colors.dlx:5: option 3 ignored: it has no primary \
             item (as in Knuth's DLX programs)\n",
        );
}

#[test]
fn quiet_silences_warnings() {
    dlxkit()
        .args(["solve", "--quiet", COLORS])
        .assert()
        .code(0)
        .stdout("A C X:1 Y:1\nB X:1\n\n")
        .stderr("");
}

#[test]
fn reads_standard_input_for_a_dash() {
    let text = std::fs::read_to_string(format!("{}/{TOY}", crate::ROOT)).unwrap();
    dlxkit()
        .args(["solve", "-"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(TOY_SOLUTION);
}

#[test]
fn reads_standard_input_without_a_file_argument() {
    let text = std::fs::read_to_string(format!("{}/{TOY}", crate::ROOT)).unwrap();
    dlxkit()
        .args(["solve"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(TOY_SOLUTION);
}

#[test]
fn exits_1_when_there_is_no_solution() {
    dlxkit()
        .args(["solve", "-"])
        .write_stdin("A B\nA\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
    dlxkit()
        .args(["solve", "--count", "-"])
        .write_stdin("A B\nA\n")
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn a_malformed_file_exits_2_naming_file_line_and_column() {
    let path = scratch(
        "unknown-item.dlx",
        "| option 3 names an item never declared\nA B C D\nA B\nC D\nA Q\n",
    );
    dlxkit()
        .current_dir(path.parent().unwrap())
        .args(["solve", "unknown-item.dlx"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: unknown-item.dlx:5:3: option 3: unknown item `Q`\n\
             hint: name `Q` on the item line (the first line that is not a comment), or fix the option\n",
        );
}

#[test]
fn malformed_standard_input_is_called_stdin() {
    dlxkit()
        .args(["solve"])
        .write_stdin("A B | X | Y\n")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: <stdin>:1:9: the item line contains `|` twice\n",
        ));
}

#[test]
fn a_missing_file_exits_2() {
    dlxkit()
        .args(["solve", "nope.dlx"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "dlxkit: cannot read `nope.dlx`: No such file or directory",
        ));
}

#[test]
fn bad_flags_exit_2() {
    for args in [
        &["solve", "--format", "xml", TOY][..],
        &["solve", "--limit", "0", TOY],
        &["solve", "--max-nodes", "many", TOY],
        &["solve", "--timeout", "-1", TOY],
        &["solve", "--no-such-flag", TOY],
        &["solve", "--emit", "dlx", "--count", TOY],
        &["no-such-command"],
        &[],
    ] {
        dlxkit()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::is_empty().not());
    }
}

#[test]
fn count_prints_the_number_of_solutions() {
    dlxkit()
        .args(["solve", "--count", TOY])
        .assert()
        .code(0)
        .stdout("1\n");
    let path = scratch("doubles10.dlx", &doubles(10));
    dlxkit()
        .arg("solve")
        .arg("-c")
        .arg(&path)
        .assert()
        .code(0)
        .stdout("1024\n");
}

#[test]
fn limit_stops_after_n_solutions() {
    let path = scratch("doubles6.dlx", &doubles(6));
    let out = dlxkit()
        .args(["solve", "--limit", "3", "--stats"])
        .arg(&path)
        .assert()
        .code(0)
        .stderr(predicate::str::contains("status      solution limit\n"))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let solutions: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(solutions.len(), 3);
    for s in solutions {
        assert_eq!(
            s.lines().count(),
            6,
            "each solution has one option per item"
        );
    }
}

#[test]
fn max_nodes_reports_the_node_limit_and_an_incomplete_search() {
    let path = scratch("doubles12.dlx", &doubles(12));
    let assert = dlxkit()
        .args(["solve", "--count", "--max-nodes", "5", "--format", "json"])
        .arg(&path)
        .assert();
    let v = json(&assert.get_output().stdout);
    assert_eq!(v["status"], "node limit");
    assert_eq!(v["complete"], false);
    assert!(v["nodes"].as_u64().unwrap() <= 5);
    assert!(v.get("options").is_none(), "no options when counting");
    // Without --stats, a note on stderr says the count is incomplete.
    dlxkit()
        .args(["solve", "--count", "--max-nodes", "5"])
        .arg(&path)
        .assert()
        .stderr(predicate::str::contains("node limit").and(predicate::str::contains("incomplete")));
}

#[test]
fn a_zero_timeout_reports_the_time_limit() {
    // 2^40 solutions: the search cannot finish before its first look at the clock.
    let path = scratch("doubles40.dlx", &doubles(40));
    let assert = dlxkit()
        .args(["solve", "--count", "--timeout", "0", "--format", "json"])
        .arg(&path)
        .assert();
    let v = json(&assert.get_output().stdout);
    assert_eq!(v["status"], "time limit");
    assert_eq!(v["complete"], false);
}

/// The deadline of `--timeout 0` has passed before the search starts, so the watch over the
/// run's preparation and the search race to report it; whichever wins, the run ends with the
/// time limit on standard output. A run that held standard output's lock while waiting for
/// the watch to print hung about once in a hundred runs, so this runs it 300 times.
#[test]
fn a_zero_timeout_reports_the_time_limit_whichever_thread_sees_it_first() {
    let path = scratch("doubles40-race.dlx", &doubles(40));
    for run in 0..300 {
        let assert = dlxkit()
            .args(["solve", "--count", "--timeout", "0", "--format", "json"])
            .arg(&path)
            .timeout(std::time::Duration::from_secs(20))
            .assert();
        let output = assert.get_output();
        assert!(
            output.status.code().is_some(),
            "run {run} did not end by itself within 20 s (killed): {output:?}"
        );
        let v = json(&output.stdout);
        assert_eq!(v["status"], "time limit", "run {run}");
    }
}

#[test]
fn json_holds_the_statistics_and_the_solutions() {
    let assert = dlxkit()
        .args(["solve", "--format", "json", "--engine", "links", TOY])
        .assert()
        .code(0);
    let v = json(&assert.get_output().stdout);
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["nodes"], 6); // as Knuth's DLX1 counts
    assert_eq!(v["updates"], 30);
    assert_eq!(v["cleansings"], 0);
    assert_eq!(v["complete"], true);
    assert_eq!(v["status"], "complete");
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(v["options"], serde_json::json!([["A D", "C E F", "B G"]]));
    assert!(v.get("profile").is_none());
}

#[test]
fn json_with_profile_adds_nodes_per_level() {
    let assert = dlxkit()
        .args(["solve", "--format", "json", "--profile", "--quiet", COLORS])
        .assert()
        .code(0);
    let v = json(&assert.get_output().stdout);
    assert_eq!(v["options"], serde_json::json!([["A C X:1 Y:1", "B X:1"]]));
    let profile: Vec<u64> = serde_json::from_value(v["profile"].clone()).unwrap();
    assert_eq!(profile.iter().sum::<u64>(), v["nodes"].as_u64().unwrap());
    assert_eq!(profile[0], 1, "one root");
}

#[test]
fn jsonl_prints_a_line_per_solution_then_a_summary() {
    let path = scratch("doubles3.dlx", &doubles(3));
    let assert = dlxkit()
        .args(["solve", "--format", "jsonl"])
        .arg(&path)
        .assert()
        .code(0);
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 9);
    for (k, line) in lines[..8].iter().enumerate() {
        assert_eq!(line["type"], "solution");
        assert_eq!(line["index"], k as u64 + 1);
        let options: Vec<String> = serde_json::from_value(line["options"].clone()).unwrap();
        let mut sorted = options.clone();
        sorted.sort();
        assert_eq!(sorted, ["I0", "I1", "I2"]);
    }
    let summary = &lines[8];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["solutions"], 8);
    assert_eq!(summary["complete"], true);
    assert!(summary.get("options").is_none());
}

#[test]
fn jsonl_count_prints_only_the_summary() {
    dlxkit()
        .args([
            "solve", "--format", "jsonl", "--count", "--engine", "links", TOY,
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "{\"type\":\"summary\",\"solutions\":1,\"nodes\":6,\"updates\":30,\"cleansings\":0,\
             \"complete\":true,\"status\":\"complete\",\"elapsed_ms\":",
        ));
}

#[test]
fn stats_go_to_stderr() {
    let assert = dlxkit()
        .args(["solve", "--stats", "--engine", "links", TOY])
        .assert()
        .code(0)
        .stdout(TOY_SOLUTION);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 8, "{stderr}");
    assert_eq!(
        lines[0],
        "problem     7 items (5 primary, 2 secondary), 6 options, 16 entries"
    );
    assert_eq!(lines[1], "solutions   1");
    assert_eq!(lines[2], "nodes       6");
    assert_eq!(lines[3], "updates     30");
    assert_eq!(lines[4], "cleansings  0");
    assert!(lines[5].starts_with("time        ") && lines[5].ends_with(" ms"));
    assert_eq!(lines[6], "status      complete");
    assert_eq!(lines[7], "engine      links");
}

#[test]
fn colours_count_cleansings_and_profile_prints_levels() {
    let assert = dlxkit()
        .args([
            "solve",
            "--profile",
            "--count",
            "--quiet",
            "--engine",
            "links",
            COLORS,
        ])
        .assert()
        .code(0)
        .stdout("1\n");
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("\ncleansings  5\n"), "{stderr}");
    assert!(
        stderr.contains("\nprofile     level          nodes\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("\n                0              1\n"),
        "{stderr}"
    );
}

#[test]
fn colour_always_paints_the_stats_labels_and_never_does_not() {
    dlxkit()
        .args(["--color", "always", "solve", "--stats", TOY])
        .assert()
        .stdout(TOY_SOLUTION)
        .stderr(predicate::str::contains("\x1b[1mnodes      \x1b[0m 6"));
    dlxkit()
        .args(["solve", "--stats", "--color", "never", TOY])
        .env("NO_COLOR", "1")
        .assert()
        .stderr(predicate::str::contains("\x1b[").not());
}

#[test]
fn emit_dlx_round_trips() {
    let first = dlxkit()
        .args(["solve", "--emit", "dlx", "--quiet", COLORS])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(first.clone()).unwrap();
    assert_eq!(
        text,
        "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n"
    );
    // Normal form is a fixed point, and solves as the original does.
    dlxkit()
        .args(["solve", "--emit", "dlx", "-"])
        .write_stdin(first.clone())
        .assert()
        .code(0)
        .stdout(text.clone());
    dlxkit()
        .args(["solve", "-"])
        .write_stdin(first)
        .assert()
        .code(0)
        .stdout("A C X:1 Y:1\nB X:1\n\n")
        .stderr("");
}

const BOUNDS: &str = "data/dlx/knuth-bounds.dlx";

#[test]
fn solves_knuths_multiplicity_example_with_dlx3s_counts() {
    let out = dlxkit()
        .args(["solve", BOUNDS, "--format", "json", "--engine", "links"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let v = json(&out);
    assert_eq!(v["solutions"], 1);
    // Knuth's DLX3 on the same file: 6 nodes, 14 updates, 7 cleansings.
    assert_eq!(
        (v["nodes"].clone(), v["updates"].clone()),
        (6.into(), 14.into())
    );
    assert_eq!(v["cleansings"], 7);
    assert_eq!(
        v["options"][0],
        serde_json::json!(["A C X:1 Y:1", "B X:1", "C Y:1"])
    );
}

#[test]
fn emit_dlx_writes_the_bounds_back() {
    dlxkit()
        .args(["solve", BOUNDS, "--emit", "dlx"])
        .assert()
        .code(0)
        .stdout("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
}

#[test]
fn bad_bounds_are_errors_naming_line_and_column() {
    for (text, message) in [
        (
            "A 0|B\nA B\n",
            "<stdin>:1:3: item `B`: the upper bound is 0",
        ),
        (
            "A | 2|X\nA X\n",
            "<stdin>:1:5: secondary item `X` cannot have bounds",
        ),
        ("A\nA\n| x\nB 2|C\n", "unknown item `B`"),
        (
            "A x:1|B\nA B\n",
            "<stdin>:1:3: `x:1|B` is not a valid bound",
        ),
    ] {
        dlxkit()
            .arg("solve")
            .write_stdin(text)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// The solutions printed by `dlxkit solve` with `args`, each as a sorted list of options.
fn printed_solutions(text: &str, args: &[&str]) -> Vec<Vec<String>> {
    let out = dlxkit()
        .arg("solve")
        .args(args)
        .write_stdin(text)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    out.split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(|b| {
            let mut lines: Vec<String> = b.lines().map(str::to_string).collect();
            lines.sort();
            lines
        })
        .collect()
}

#[test]
fn seeded_searches_print_the_same_solutions_in_another_order() {
    // Four solutions whose options all differ (so that another order shows).
    let text = "A B C\nA\nB\nC\nA B\nB C\nA B C\n";
    let plain = printed_solutions(text, &[]);
    let mut sorted_plain = plain.clone();
    sorted_plain.sort();
    let mut orders = std::collections::BTreeSet::new();
    for seed in ["1", "2", "4"] {
        let seeded = printed_solutions(text, &["--seed", seed]);
        assert_eq!(seeded, printed_solutions(text, &["--seed", seed]));
        let mut sorted = seeded.clone();
        sorted.sort();
        assert_eq!(sorted, sorted_plain);
        orders.insert(seeded);
    }
    assert!(orders.iter().any(|o| *o != plain));
}

#[test]
fn prefer_sharp_branches_on_sharp_items_first() {
    let text = "A #B\nA #B\nA\n#B\n";
    let sharp = printed_solutions(text, &["--prefer-sharp"]);
    let plain = printed_solutions(text, &[]);
    assert_eq!(sharp.len(), 2);
    let (mut a, mut b) = (sharp.clone(), plain.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn seed_with_the_memoised_count_is_refused() {
    dlxkit()
        .args(["solve", TOY, "--count", "--memo", "--seed", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it does not take a seed\nhint: with --memo, --seed seeds --sample only\n",
        ));
    // Item bounds are counted memoised, as Knuth's DLX6 counts (issue 33).
    dlxkit()
        .args(["solve", BOUNDS, "--count", "--memo"])
        .assert()
        .code(0)
        .stdout("1\n");
}
