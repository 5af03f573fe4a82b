//! Command-line tests of `dlxkit reduce` and `dlxkit solve --reduce`: the reduced problem
//! keeps the count of every shipped example and every puzzle's `--emit dlx` problem; the
//! counts on standard error and the JSON report; the solutions of `solve --reduce` are the
//! original options.

use predicates::prelude::*;
use serde_json::Value;

use crate::cli_util::dlxkit;

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = dlxkit().args(args).write_stdin(stdin).output().unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {out:?}"
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `solve --count` of a problem given as text.
fn count(problem: &str) -> u64 {
    stdout_of(&["solve", "--count", "--quiet"], problem)
        .trim()
        .parse()
        .unwrap()
}

/// Checks that `reduce` keeps the count of `problem`, and that `solve --reduce` finds it too.
fn round_trip(name: &str, problem: &str) -> u64 {
    let before = count(problem);
    let reduced = stdout_of(&["reduce", "--quiet"], problem);
    assert_eq!(count(&reduced), before, "{name}: reduce changed the count");
    let direct: u64 = stdout_of(&["solve", "--reduce", "--count", "--quiet"], problem)
        .trim()
        .parse()
        .unwrap();
    assert_eq!(direct, before, "{name}: solve --reduce changed the count");
    before
}

#[test]
fn reduce_keeps_the_count_of_every_shipped_problem() {
    let mut reduced = 0;
    for entry in std::fs::read_dir(format!("{}/data/dlx", crate::ROOT)).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(round_trip(&path.display().to_string(), &text) > 0);
        reduced += 1;
    }
    assert_eq!(reduced, 4, "the shipped problems, with item bounds too");
}

#[test]
fn reduce_keeps_the_count_of_every_puzzles_emitted_problem() {
    let cases: &[(&[&str], u64)] = &[
        (&["queens", "6"], 4),
        (&["queens", "8", "--order", "natural"], 92),
        (&["langford", "7", "--distinct"], 26),
        (&["polyomino", "--board", "3x20"], 8),
        (
            &[
                "polyomino",
                "--board-file",
                "data/puzzles/scott-8x8.txt",
                "--distinct",
            ],
            65,
        ),
        (&["dominoes", "4x4"], 36),
        (&["shopping"], 3),
        (&["shopping", "data/puzzles/school-supplies.txt"], 3),
        (&["soma", "--distinct"], 240),
    ];
    for (args, expected) in cases {
        let mut all = args.to_vec();
        all.extend(["--emit", "dlx"]);
        let problem = stdout_of(&all, "");
        assert_eq!(round_trip(&args.join(" "), &problem), *expected, "{args:?}");
    }
}

#[test]
fn reduce_writes_knuths_toy_problem_reduced_and_the_counts_on_stderr() {
    dlxkit()
        .args(["reduce", "data/dlx/knuth-toy.dlx"])
        .assert()
        .code(0)
        .stdout("A B E\nE\nA\nB\n")
        .stderr("dlxkit: reduced: removed 3 options and 4 items in 3 rounds\n");
}

#[test]
fn reduce_reports_what_went_as_json() {
    let out = dlxkit()
        .args([
            "reduce",
            "data/dlx/knuth-colors.dlx",
            "--format",
            "json",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["removed_options"], 2);
    assert_eq!(v["removed_items"], 1);
    assert_eq!(v["rounds"], 2);
    assert_eq!(v["fixed_point"], true);
    assert_eq!(v["infeasible"], Value::Null);
    assert_eq!(v["options"][0]["option"], "A B X:0 Y:0");
    assert_eq!(v["options"][0]["reason"], "blocks C");
    assert_eq!(v["items"][0]["reason"], "forced by A");
    assert_eq!(v["problem"], "A B | X Y\nA X:1 Y:1\nB X:1\n");
}

#[test]
fn a_round_limit_is_reported_when_it_stops_the_reduction() {
    dlxkit()
        .args(["reduce", "data/dlx/knuth-toy.dlx", "--rounds", "1"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "in 1 round (the round limit stopped it",
        ));
}

#[test]
fn an_infeasible_problem_reduces_to_its_uncoverable_item() {
    dlxkit()
        .args(["reduce"])
        .write_stdin("A B C\nA C\nA C\nB C\n")
        .assert()
        .code(0)
        .stdout("A\n")
        .stderr(predicate::str::contains(
            "no solution: primary item `A` has no option",
        ));
}

#[test]
fn solve_reduce_prints_the_original_options() {
    dlxkit()
        .args(["solve", "--reduce", "data/dlx/knuth-toy.dlx"])
        .assert()
        .code(0)
        .stdout("A D\nB G\nC E F\n\n")
        .stderr("dlxkit: reduced: removed 3 options and 4 items in 3 rounds\n");
    dlxkit()
        .args([
            "solve",
            "--reduce",
            "--emit",
            "dlx",
            "data/dlx/knuth-toy.dlx",
            "--quiet",
        ])
        .assert()
        .code(0)
        .stdout("A B E\nE\nA\nB\n");
}

#[test]
fn reduce_refuses_jsonl_and_bad_input() {
    dlxkit()
        .args(["reduce", "--format", "jsonl", "data/dlx/knuth-toy.dlx"])
        .assert()
        .code(2);
    dlxkit()
        .args(["reduce"])
        .write_stdin("A B\nA Q\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>:2:3: option 1: unknown item `Q`",
        ));
}

#[test]
fn reduce_takes_item_bounds_where_dlx_pres_rules_hold() {
    // `A` once, `B` twice, `C` up to three times, `X` at most once: every option of `A`
    // holds `X`, so `X` goes and `B X` with it; nothing reasons through `B` or `C`.
    let problem = "A 2|B 0:3|C | X\nA B X\nA X C\nB X\nB C\nB\nC\n";
    assert_eq!(
        stdout_of(&["reduce", "--quiet"], problem),
        "A 2|B 0:3|C\nA B\nA C\nB C\nB\nC\n"
    );
    assert_eq!(round_trip("bounded", problem), 6);
    // `solve --reduce` lists the original options.
    let listed = stdout_of(&["solve", "--reduce", "--quiet"], problem);
    let plain = stdout_of(&["solve", "--quiet"], problem);
    let mut listed: Vec<&str> = listed.lines().collect();
    let mut plain: Vec<&str> = plain.lines().collect();
    listed.sort_unstable();
    plain.sort_unstable();
    assert_eq!(listed, plain);
}
