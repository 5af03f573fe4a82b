//! Command-line tests of `dlxkit solve --best[=K]`: each improvement printed as found with
//! its cost, in text, JSON and JSON Lines, as Knuth's DLX5 finds them; `--emit dlx` writes
//! costs back; bad costs are errors with file, line and column.

use predicates::prelude::*;
use serde_json::Value;

use crate::cli_util::dlxkit;

const COSTS: &str = "data/dlx/knuth-costs.dlx";

#[test]
fn best_prints_each_improvement_with_its_cost_then_the_optimum() {
    // DLX5 m1 on this file: "1: (total cost $6)" then "2: (total cost $4)"; optimum $4.
    dlxkit()
        .args(["solve", "--best", COSTS])
        .assert()
        .code(0)
        .stdout("# cost 6\nA B\nC\n\n# cost 4\nA\nB C\n\n")
        .stderr("dlxkit: the optimum cost is 4\n");
}

#[test]
fn best_k_keeps_the_k_cheapest_and_says_so_in_json_lines() {
    let out = dlxkit()
        .args(["solve", "--best=3", COSTS, "--format", "jsonl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let costs: Vec<u64> = lines[..3]
        .iter()
        .map(|l| l["cost"].as_u64().unwrap())
        .collect();
    assert_eq!(costs, [6, 4, 7]);
    assert_eq!(lines[1]["options"], serde_json::json!(["A", "B C"]));
    let summary = &lines[3];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["best"], serde_json::json!([4, 6, 7]));
    // DLX5 k3: "Altogether 3 solutions, ... 13 updates, 0 cleansings, ..., 6 nodes".
    assert_eq!(
        (summary["solutions"].as_u64(), summary["nodes"].as_u64()),
        (Some(3), Some(6))
    );
    assert_eq!(summary["updates"], 13);
}

#[test]
fn best_as_one_json_object() {
    let out = dlxkit()
        .args(["solve", "--best", COSTS, "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["costs"], serde_json::json!([6, 4]));
    assert_eq!(v["best"], serde_json::json!([4]));
    assert_eq!(v["options"][1], serde_json::json!(["A", "B C"]));
    assert_eq!(v["complete"], true);
}

#[test]
fn best_with_stats_prints_the_best_costs_and_reduce_keeps_costs() {
    dlxkit()
        .args(["solve", "--best=2", COSTS, "--stats", "--reduce", "--quiet"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("best costs  4 6\n"));
}

#[test]
fn emit_dlx_writes_the_costs_back() {
    dlxkit()
        .args(["solve", COSTS, "--emit", "dlx"])
        .assert()
        .code(0)
        .stdout("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n");
}

#[test]
fn bad_costs_are_errors_with_file_line_and_column() {
    dlxkit()
        .args(["solve", "--best"])
        .write_stdin("A B\nA |1x\nB\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>:2:3: option cost `|1x` is not a whole number",
        ));
    dlxkit()
        .args(["solve", "--best"])
        .write_stdin("A B\nA |99999999999999999999\nB\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>:2:3: option 1: cost overflow",
        ));
}

#[test]
fn best_refuses_count_and_zero() {
    dlxkit()
        .args(["solve", "--best", "--count", COSTS])
        .assert()
        .code(2);
    dlxkit()
        .args(["solve", "--best=0", COSTS])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("must be at least 1"));
}

/// Items A and B each once or twice: `A |1` and `B |2` are the cheapest pair; the search tries
/// each item's options cheapest first, so its first solution takes two of each.
const BOUNDED: &str = "1:2|A 1:2|B\nA |1\nB |2\nA B |5\nA |3\nB |3\n";

#[test]
fn best_takes_item_bounds_and_prints_each_improvement() {
    dlxkit()
        .args(["solve", "--best"])
        .write_stdin(BOUNDED)
        .assert()
        .code(0)
        .stdout("# cost 9\nA\nB\nA\nB\n\n# cost 6\nA\nB\nA\n\n# cost 3\nA\nB\n\n")
        .stderr("dlxkit: the optimum cost is 3\n");
    let out = dlxkit()
        .args(["solve", "--best=3", "--format", "jsonl"])
        .write_stdin(BOUNDED)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let last = String::from_utf8(out.stdout).unwrap();
    let summary: Value = serde_json::from_str(last.lines().last().unwrap()).unwrap();
    // The three cheapest of the 18 solutions: {A|1 B|2}, {A|1 B|3}, then {A B|5} and {A|3 B|2}.
    assert_eq!(summary["best"], serde_json::json!([3, 4, 5]));
    assert_eq!(summary["status"], "complete");
}

#[test]
fn best_with_item_bounds_runs_on_threads_and_in_shards_that_merge() {
    // On two threads: the improvements in the order the threads find them, the last the
    // optimum (the only solution of cost 3), and the K best of the sequential search.
    let out = dlxkit()
        .args(["solve", "--best", "--jobs", "2"])
        .write_stdin(BOUNDED)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("# cost 3\nA\nB\n\n"), "{text}");
    assert_eq!(out.stderr, b"dlxkit: the optimum cost is 3\n");
    for jobs in ["1", "2", "3"] {
        let out = dlxkit()
            .args(["solve", "--best=3", "--format", "json", "--jobs", jobs])
            .write_stdin(BOUNDED)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            summary["best"],
            serde_json::json!([3, 4, 5]),
            "--jobs {jobs}"
        );
        assert_eq!(summary["status"], "complete");
    }
    // As three shards of one list (Algorithm M's moves in cost order), merged.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_best");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("bounded.dlx");
    std::fs::write(&input, BOUNDED).unwrap();
    let mut lines = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let out = dlxkit()
            .args(["solve", "--best=3", "--shard", shard])
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{shard}");
        lines.extend(out.stdout);
    }
    let merged = dir.join("shards.jsonl");
    std::fs::write(&merged, lines).unwrap();
    dlxkit()
        .arg("merge")
        .arg(&merged)
        .assert()
        .code(0)
        .stdout("# cost 3\nA\nB\n\n# cost 4\nA\nB\n\n# cost 5\nA\nB\n\n")
        .stderr("dlxkit: the 3 best costs are 3 4 5\n");
}

#[test]
fn best_runs_on_the_bit_sets_and_dancing_cells_with_dlx5s_improvements() {
    for engine in ["bits", "cells"] {
        // Both try each item's options from the cheapest, as DLX5's sorted lists do: on
        // this file they find DLX5's improvements, 6 then the optimum 4.
        dlxkit()
            .args(["solve", "--best", "--engine", engine, COSTS])
            .assert()
            .code(0)
            .stdout("# cost 6\nA B\nC\n\n# cost 4\nA\nB C\n\n")
            .stderr("dlxkit: the optimum cost is 4\n");
        // The three cheapest on two threads sharing one bound: the links' 4, 6, 7.
        let out = dlxkit()
            .args(["solve", "--best=3", "--engine", engine, "--jobs", "2"])
            .args([COSTS, "--format", "jsonl"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{engine}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let summary: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
        assert_eq!(summary["type"], "summary");
        assert_eq!(summary["engine"], engine);
        assert_eq!(summary["status"], "complete");
        assert_eq!(summary["best"], serde_json::json!([4, 6, 7]), "{engine}");
    }
}

#[test]
fn best_with_item_bounds_runs_on_the_bit_sets_and_dancing_cells_as_on_the_links() {
    // The bit sets and dancing cells search the links' tree node for node: the same
    // improvements, the same K best, on one thread, on several and in shards merged.
    let links = dlxkit()
        .args(["solve", "--best", "--engine", "links"])
        .write_stdin(BOUNDED)
        .output()
        .unwrap();
    let links = String::from_utf8(links.stdout).unwrap();
    let summary = |args: &[&str]| -> Value {
        let out = dlxkit()
            .args(["solve", "--best=3", "--format", "json", "--stats"])
            .args(args)
            .write_stdin(BOUNDED)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let sequential = summary(&["--engine", "links"]);
    assert_eq!(sequential["best"], serde_json::json!([3, 4, 5]));
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_best_bounded");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("bounded.dlx");
    std::fs::write(&input, BOUNDED).unwrap();
    for engine in ["bits", "cells"] {
        dlxkit()
            .args(["solve", "--best", "--engine", engine])
            .write_stdin(BOUNDED)
            .assert()
            .code(0)
            .stdout(links.clone())
            .stderr("dlxkit: the optimum cost is 3\n");
        let alone = summary(&["--engine", engine]);
        assert_eq!(alone["engine"], engine);
        assert_eq!(alone["best"], sequential["best"], "{engine}");
        assert_eq!(alone["nodes"], sequential["nodes"], "{engine}");
        for jobs in ["2", "3"] {
            let threaded = summary(&["--engine", engine, "--jobs", jobs]);
            assert_eq!(threaded["engine"], engine);
            assert_eq!(
                threaded["best"],
                serde_json::json!([3, 4, 5]),
                "{engine} --jobs {jobs}"
            );
            assert_eq!(threaded["status"], "complete");
        }
        let mut lines = Vec::new();
        for shard in ["0/3", "1/3", "2/3"] {
            let out = dlxkit()
                .args(["solve", "--best=3", "--engine", engine, "--shard", shard])
                .arg(&input)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{engine} {shard}");
            lines.extend(out.stdout);
        }
        let merged = dir.join(format!("shards-{engine}.jsonl"));
        std::fs::write(&merged, lines).unwrap();
        dlxkit()
            .arg("merge")
            .arg(&merged)
            .assert()
            .code(0)
            .stdout("# cost 3\nA\nB\n\n# cost 4\nA\nB\n\n# cost 5\nA\nB\n\n")
            .stderr("dlxkit: the 3 best costs are 3 4 5\n");
    }
}
