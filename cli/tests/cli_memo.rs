//! The memoised search on the command line: `--memo` with `--count` on `solve` and the puzzle
//! subcommands, `--sample`, `--zdd`, the JSON fields, and the usage errors.

use std::path::PathBuf;

use crate::cli_util::dlxkit;

use predicates::prelude::*;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_memo");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn memo_counts_print_like_plain_counts() {
    dlxkit()
        .args(["dominoes", "8x8", "--count", "--memo"])
        .assert()
        .code(0)
        .stdout("12988816\n");
    dlxkit()
        .args(["dominoes", "12x12", "--count", "--memo"])
        .assert()
        .code(0)
        .stdout("53060477521960000\n");
    dlxkit()
        .args(["queens", "8", "--count", "--memo"])
        .assert()
        .code(0)
        .stdout("92\n");
    dlxkit()
        .args(["langford", "7", "--count", "--memo"])
        .assert()
        .code(0)
        .stdout("52\n");
    dlxkit()
        .args(["dominoes", "3x3", "--count", "--memo"])
        .assert()
        .code(1)
        .stdout("0\n");
    let problem = "A B C | X Y\nA X:0\nA X:1\nB X:0 Y:0\nB X:1\nC Y:0\nC Y:1\n";
    let plain = dlxkit()
        .args(["solve", "--count"])
        .write_stdin(problem)
        .assert()
        .code(0);
    let counted = String::from_utf8(plain.get_output().stdout.clone()).unwrap();
    dlxkit()
        .args(["solve", "--count", "--memo"])
        .write_stdin(problem)
        .assert()
        .code(0)
        .stdout(counted);
}

#[test]
fn the_big_tiling_count_is_exact_beyond_64_bits() {
    dlxkit()
        .args([
            "polyomino",
            "--board",
            "8x8",
            "--pieces",
            "mono-domino-tromino",
            "--count",
            "--memo",
            "--memo-order",
            "first",
        ])
        .assert()
        .code(0)
        .stdout("92109458286284989468604\n");
}

#[test]
fn statistics_and_json_describe_the_memoised_search() {
    dlxkit()
        .args(["dominoes", "6x6", "--count", "--memo", "--stats"])
        .assert()
        .code(0)
        .stdout("6728\n")
        .stderr(
            predicate::str::contains("solutions   6728")
                .and(predicate::str::contains("states"))
                .and(predicate::str::contains("hits"))
                .and(predicate::str::contains("memory"))
                .and(predicate::str::contains("status      complete")),
        );
    let out = dlxkit()
        .args(["dominoes", "6x6", "--count", "--memo", "--format", "json"])
        .assert()
        .code(0);
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["solutions"], 6728);
    assert_eq!(json["complete"], true);
    assert_eq!(json["status"], "complete");
    for field in [
        "states",
        "nodes",
        "hits",
        "entries",
        "refused",
        "peak_bytes",
    ] {
        assert!(json[field].is_u64(), "{field}");
    }
}

#[test]
fn a_small_memory_limit_says_so_and_stays_exact() {
    dlxkit()
        .args([
            "dominoes",
            "8x8",
            "--count",
            "--memo",
            "--memo-limit",
            "20K",
        ])
        .assert()
        .code(0)
        .stdout("12988816\n")
        .stderr(predicate::str::contains("reached its memory limit"));
}

#[test]
fn samples_are_solutions_and_repeat_with_the_seed() {
    let run = |seed: &str| {
        let out = dlxkit()
            .args([
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--sample",
                "3",
                "--seed",
                seed,
            ])
            .assert()
            .code(0);
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    assert_eq!(run("4"), "A D\nC E F\nB G\n\n".repeat(3));
    let q = |seed: &str| {
        let out = dlxkit()
            .args(["queens", "6", "--sample", "5", "--seed", seed])
            .assert()
            .code(0);
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let first = q("11");
    assert_eq!(first, q("11"));
    assert_eq!(first.matches('Q').count(), 5 * 6);
}

#[test]
fn the_zdd_is_written_in_both_formats() {
    let text = scratch("toy.zdd");
    dlxkit()
        .args(["solve", "data/dlx/knuth-toy.dlx", "--count", "--zdd"])
        .arg(&text)
        .assert()
        .code(0)
        .stdout("1\n");
    let written = std::fs::read_to_string(&text).unwrap();
    assert!(written.starts_with("| dlxkit ZDD: 3 nodes; solutions: 1\n"));
    assert!(written.ends_with("root 4\n"));
    let graphillion = scratch("toy.graphillion");
    dlxkit()
        .args([
            "dominoes",
            "2x2",
            "--count",
            "--zdd-format",
            "graphillion",
            "--zdd",
        ])
        .arg(&graphillion)
        .assert()
        .code(0)
        .stdout("2\n");
    let written = std::fs::read_to_string(&graphillion).unwrap();
    assert!(written.ends_with("\n.\n"), "{written}");
    assert_eq!(written.lines().count(), 5, "{written}"); // 4 nodes and the end mark
}

#[test]
fn usage_errors_name_the_flag() {
    dlxkit()
        .args(["dominoes", "4x4", "--memo"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--memo counts solutions: give --count",
        ));
    dlxkit()
        .args(["dominoes", "4x4", "--count", "--memo", "--limit", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--limit does not apply"));
    dlxkit()
        .args([
            "dominoes",
            "4x4",
            "--count",
            "--memo",
            "--memo-limit",
            "lots",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a memory size"));
    dlxkit()
        .args(["dominoes", "8x8", "--sample", "2", "--memo-limit", "2K"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the ZDD needs more than the memory limit",
        ));
}

#[test]
fn a_node_limit_stops_the_memoised_count_with_a_note() {
    dlxkit()
        .args(["dominoes", "8x8", "--count", "--memo", "--max-nodes", "50"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "stopped at the node limit (--max-nodes) after 50 nodes",
        ));
}

#[test]
fn memo_counts_on_threads_are_the_same_and_threads_are_bounded() {
    for jobs in ["0", "2", "3"] {
        dlxkit()
            .args(["dominoes", "12x12", "--count", "--memo", "--jobs", jobs])
            .assert()
            .code(0)
            .stdout("53060477521960000\n");
    }
    dlxkit()
        .args([
            "polyomino",
            "--board",
            "8x8",
            "--pieces",
            "mono-domino-tromino",
            "--count",
            "--memo",
            "--memo-order",
            "first",
            "--jobs",
            "2",
            "--stats",
        ])
        .assert()
        .code(0)
        .stdout("92109458286284989468604\n")
        .stderr(predicate::str::is_match(r"threads +2 \(states \d+ \+ \d+\)").unwrap());
    // Threads past 4 per core are not started, with a warning, as for dancing links.
    dlxkit()
        .args(["dominoes", "4x4", "--count", "--memo", "--jobs", "5000"])
        .assert()
        .code(0)
        .stdout("36\n")
        .stderr(predicate::str::contains(
            "--jobs 5000 is more threads than are useful here",
        ));
}
