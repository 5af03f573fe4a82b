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
        "options_tried",
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
            "it does not take a list of the solutions\nhint: give --count (or --sample K, or --zdd FILE)\n",
        ));
    dlxkit()
        .args(["dominoes", "4x4", "--count", "--memo", "--limit", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it does not take a solution limit\nhint: --max-nodes and --timeout apply to it, --limit does not\n",
        ));
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
            "stopped at the node limit (--max-nodes) after 50 options tried",
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

/// The first `k` puzzles of top95 with their first `blank` givens taken out, so that most
/// have several solutions.
fn loosened(k: usize, blank: usize) -> String {
    let text =
        std::fs::read_to_string(format!("{}/data/sudoku/norvig_top95.txt", crate::ROOT)).unwrap();
    let mut out = String::new();
    for line in text.lines().filter(|l| l.len() == 81).take(k) {
        let mut left = blank;
        let cells: String = line
            .chars()
            .map(|c| match c {
                '1'..='9' if left > 0 => {
                    left -= 1;
                    '.'
                }
                c => c,
            })
            .collect();
        out.push_str(&cells);
        out.push('\n');
    }
    out
}

#[test]
fn sudoku_count_memo_agrees_with_dancing_links() {
    use crate::cli_util::sudoku_quiet;
    for (k, blank) in [(12, 0), (4, 1)] {
        let input = loosened(k, blank);
        let plain = sudoku_quiet(&["count"], &input, 0);
        let memo = sudoku_quiet(&["count", "--memo"], &input, 0);
        assert_eq!(memo, plain, "{k} puzzles, {blank} givens taken out");
        assert_eq!(memo.lines().count(), k);
        let by_first = sudoku_quiet(&["count", "--memo", "--memo-order", "first"], &input, 0);
        assert_eq!(by_first, plain);
        if blank == 1 {
            // With one given fewer, the first four top95 puzzles have 15,919 to 261,592
            // solutions.
            assert!(plain.lines().all(|n| n.parse::<u64>().unwrap() > 15_000));
        }
    }
    // Killer puzzles: the cages' fillings are options of their own.
    let killer =
        std::fs::read_to_string(format!("{}/data/sudoku/killer.txt", crate::ROOT)).unwrap();
    assert_eq!(
        sudoku_quiet(&["count", "--memo", "--variant", "killer"], &killer, 0),
        sudoku_quiet(&["count", "--variant", "killer"], &killer, 0)
    );
}

#[test]
fn sudoku_count_memo_counts_empty_grids_and_stops_at_limits() {
    use crate::cli_util::sudoku;
    // 288 grids of 4x4; its JSON line says so, with the search's statistics.
    let empty4 = "....\n....\n....\n....\n";
    let (out, _) = sudoku(&["count", "--memo", "--format", "jsonl"], empty4, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["solutions"], 288);
    assert_eq!(record["status"], "multiple");
    assert_eq!(record["complete"], true);
    assert!(record["hits"].as_u64().unwrap() > 0);
    // One puzzle on two threads sharing its search: the same count.
    let first_row = format!("123456\n{}", "......\n".repeat(5));
    for jobs in ["1", "2"] {
        let (out, err) = sudoku(&["count", "--memo", "--jobs", jobs], &first_row, 0);
        assert_eq!(out, "39168\n", "--jobs {jobs}");
        assert!(err.contains(&format!("on {jobs} thread")), "{err}");
    }
    // A node limit: the count so far, marked incomplete on standard output and in the summary.
    let empty6 = "......\n".repeat(6);
    let (out, err) = sudoku(&["count", "--memo", "--max-nodes", "1000"], &empty6, 0);
    assert!(out.ends_with(" (incomplete: node limit)\n"), "{out}");
    assert!(err.contains("1 of 1 incomplete (1 node limit)"), "{err}");
}

#[test]
fn sudoku_count_memo_refuses_what_it_cannot_count() {
    use crate::cli_util::sudoku;
    let (_, err) = sudoku(
        &["count", "--memo", "--solver", "mrv"],
        "....\n....\n....\n....\n",
        2,
    );
    assert!(
        err.starts_with("dlxkit: solver `mrv` cannot count with the memoised search: use dlx\n"),
        "{err}"
    );
    let (_, err) = sudoku(
        &["count", "--memo", "--limit", "3"],
        "....\n....\n....\n....\n",
        2,
    );
    assert!(err.contains("--limit"), "{err}");
    let (_, err) = sudoku(&["count", "--memo"], "11..............\n", 2);
    assert!(
        err.starts_with("dlxkit: <stdin>:1: digit 1 appears twice in row 1 (r1c1 and r1c2)\n"),
        "{err}"
    );
}

#[test]
fn a_memoised_count_cut_short_says_so_on_standard_output() {
    // The count of `A B | A | B` is 1; one node is not enough to meet it.
    dlxkit()
        .args(["solve", "--count", "--memo", "--max-nodes", "1", "-q"])
        .write_stdin("A B\nA\nB\n")
        .assert()
        .code(1)
        .stdout("0 (incomplete: node limit)\n");
    // On threads the node limit is met within 1,024 nodes per thread.
    dlxkit()
        .args([
            "dominoes",
            "12x12",
            "--count",
            "--memo",
            "--max-nodes",
            "100",
            "--jobs",
            "2",
        ])
        .assert()
        .stdout(predicate::str::is_match(r"^[0-9]+ \(incomplete: node limit\)\n$").unwrap());
    dlxkit()
        .args([
            "dominoes",
            "40x40",
            "--count",
            "--memo",
            "--timeout",
            "0.3",
            "-q",
        ])
        .assert()
        .stdout(predicate::str::is_match(r"^[0-9]+ \(incomplete: time limit\)\n$").unwrap());
    // Building the ZDD: the nodes done are reported, not 0.
    let zdd = scratch("cut.zdd");
    dlxkit()
        .args([
            "dominoes",
            "12x12",
            "--memo",
            "--count",
            "--max-nodes",
            "50",
        ])
        .arg("--zdd")
        .arg(&zdd)
        .assert()
        .code(1)
        .stdout("0 (incomplete: node limit)\n")
        .stderr(predicate::str::contains("after 50 options tried"));
}

/// A problem of `n` items, each with one option of its own: a search `n` levels deep whose
/// every key is `n` bits wide.
fn deep(n: usize) -> PathBuf {
    let path = scratch(&format!("deep-{n}.dlx"));
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    std::fs::write(&path, names.join(" ") + "\n" + &names.join("\n") + "\n").unwrap();
    path
}

#[test]
fn the_memory_limit_bounds_the_stack_of_states_too() {
    // 10^5 levels of 12.5 KB keys would take 1.25 GB: under an address-space limit of
    // 1 GiB the run must stop with a message, not be killed by the allocator.
    let Ok(prlimit) = which("prlimit") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "prlimit (util-linux) is missing under CI"
        );
        eprintln!(
            "SKIPPED: prlimit (util-linux) is not installed: the memory bound is not checked"
        );
        return;
    };
    let path = deep(100_000);
    for limit in [&["--memo-limit", "64M"][..], &[]] {
        let out = std::process::Command::new(&prlimit)
            .arg("--as=1610612736")
            .arg(env!("CARGO_BIN_EXE_dlxkit"))
            .args(["solve", "--count", "--memo"])
            .args(limit)
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{limit:?}: {stderr}");
        assert!(stderr.contains("stack of states"), "{stderr}");
    }
    // A small deep problem is counted as before.
    dlxkit()
        .args(["solve", "--count", "--memo", "--memo-limit", "64M"])
        .arg(deep(1000))
        .assert()
        .code(0)
        .stdout("1\n");
}

fn which(tool: &str) -> Result<PathBuf, ()> {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(tool))
        .find(|p| p.is_file())
        .ok_or(())
}

#[test]
fn the_stats_say_which_memory_limit_was_used() {
    dlxkit()
        .args(["dominoes", "4x4", "--count", "--memo", "--stats"])
        .assert()
        .code(0)
        .stderr(predicate::str::is_match(r"memo limit +[0-9]+ MiB: (a quarter of the machine|half the control group|the default's cap)").unwrap());
    dlxkit()
        .args([
            "dominoes",
            "4x4",
            "--count",
            "--memo",
            "--stats",
            "--memo-limit",
            "5M",
        ])
        .assert()
        .stderr(predicate::str::contains("5.0 MiB (--memo-limit)"));
}

#[test]
fn bounded_problems_are_counted_memoised() {
    // Knuth's multiplicity example and a bounded problem with three solutions.
    dlxkit()
        .args(["solve", "--count", "--memo", "data/dlx/knuth-bounds.dlx"])
        .assert()
        .code(0)
        .stdout("1\n");
    dlxkit()
        .args(["solve", "--count", "--memo"])
        .write_stdin("1:2|A B\nA B\nA\nB\n")
        .assert()
        .code(0)
        .stdout("3\n");
}

#[test]
fn counts_past_64_bits_are_json_strings() {
    let path = scratch("mdt8.dlx");
    let cells: Vec<String> = (0..8)
        .flat_map(|r| (0..8).map(move |c| format!("{r}_{c}")))
        .collect();
    let mut text = cells.join(" ") + "\n";
    let shapes: [&[(usize, usize)]; 9] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0)],
        &[(0, 0), (0, 1), (1, 1)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 1), (1, 0), (1, 1)],
    ];
    for shape in shapes {
        for r in 0..8 {
            for c in 0..8 {
                if shape.iter().all(|&(dr, dc)| r + dr < 8 && c + dc < 8) {
                    let o: Vec<String> = shape
                        .iter()
                        .map(|&(dr, dc)| format!("{}_{}", r + dr, c + dc))
                        .collect();
                    text += &(o.join(" ") + "\n");
                }
            }
        }
    }
    std::fs::write(&path, text).unwrap();
    dlxkit()
        .args(["solve", "--count", "--memo"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout("92109458286284989468604\n");
    dlxkit()
        .args(["solve", "--count", "--memo", "--format", "json"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            r#""solutions":"92109458286284989468604""#,
        ));
}

#[test]
fn the_zdd_subcommand_reads_knuths_format() {
    let zdd = scratch("d44.zdd");
    dlxkit()
        .args([
            "dominoes",
            "4x4",
            "--memo",
            "--count",
            "--zdd-format",
            "knuth",
            "--zdd",
        ])
        .arg(&zdd)
        .assert()
        .code(0)
        .stdout("36\n");
    let text = std::fs::read_to_string(&zdd).unwrap();
    assert!(text.lines().last().unwrap().contains(": (~0?0:"), "{text}");
    let run = |args: &[&str]| {
        let out = dlxkit().arg("zdd").arg(&zdd).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&[]), "36\n");
    assert_eq!(run(&["--count"]), "36\n");
    assert_eq!(run(&["--gf"]), "8 36\n");
    let list = run(&["--list"]);
    assert_eq!(list.lines().count(), 36);
    let distinct: std::collections::BTreeSet<Vec<u32>> = list
        .lines()
        .map(|l| {
            let mut v: Vec<u32> = l.split(' ').map(|n| n.parse().unwrap()).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(distinct.len(), 36);
    let best = run(&["--best", "3"]);
    assert_eq!(best.lines().count(), 3);
    assert!(best.lines().all(|l| l.starts_with("8: ")), "{best}");
    let samples = run(&["--sample", "4", "--seed", "9"]);
    assert_eq!(samples.lines().count(), 4);
    assert!(samples.lines().all(|l| list.lines().any(|m| m == l)));
    // The same file read from standard input.
    dlxkit()
        .arg("zdd")
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout("36\n");
}

#[test]
fn the_zdd_subcommand_refuses_bad_files() {
    dlxkit()
        .arg("zdd")
        .write_stdin("2: (~2?0:1)\n3: (~1?2:9)\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2: node 3 names child 9"));
    dlxkit()
        .arg("zdd")
        .write_stdin("hello\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 1: expected a node"));
    dlxkit()
        .args(["zdd", "--gf", "--list"])
        .write_stdin("2: (~1?0:1)\n")
        .assert()
        .code(2);
    // A ZDD with no solution exits 1.
    dlxkit()
        .arg("zdd")
        .write_stdin("2: (~0?0:0)\n")
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn every_refusal_of_the_memoised_count_is_the_plans_reason() {
    let memo = "dlxkit: the memoised count (Knuth's DXZ, DLX6) counts every solution at once, in its own order and without levels of dancing links: it does not take ";
    let cases: [(&[&str], &str); 8] = [
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--seed",
                "3",
            ],
            "a seed",
        ),
        (
            &["solve", "data/dlx/knuth-toy.dlx", "--memo"],
            "a list of the solutions",
        ),
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--limit",
                "2",
            ],
            "a solution limit",
        ),
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--prefer-sharp",
            ],
            "the preference for `#` items",
        ),
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--profile",
            ],
            "a profile of the nodes per level",
        ),
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--shard",
                "0/2",
            ],
            "a shard",
        ),
        (
            &["queens", "6", "--count", "--memo", "--shard", "1/2"],
            "a shard",
        ),
        (
            &["queens", "6", "--count", "--memo", "--limit", "2"],
            "a solution limit",
        ),
    ];
    for (args, what) in cases {
        let out = dlxkit().args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            err.starts_with(&format!("{memo}{what}\n")),
            "{args:?}: {err}"
        );
    }
    // What it takes: threads, a reduction first, bounds; a seed with --sample.
    for (args, count) in [
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--jobs",
                "2",
            ][..],
            "1\n",
        ),
        (
            &[
                "solve",
                "data/dlx/knuth-toy.dlx",
                "--count",
                "--memo",
                "--reduce",
            ][..],
            "1\n",
        ),
        (
            &[
                "solve",
                "data/dlx/knuth-bounds.dlx",
                "--count",
                "--memo",
                "--jobs",
                "2",
            ][..],
            "1\n",
        ),
        (
            &["queens", "8", "--count", "--memo", "--jobs", "2"][..],
            "92\n",
        ),
    ] {
        dlxkit().args(args).assert().code(0).stdout(count);
    }
    dlxkit()
        .args(["queens", "6", "--memo", "--sample", "2", "--seed", "5"])
        .assert()
        .code(0);
    // The parts of a shard take --best=K (with --reduce too): every part's K best, and
    // the parts its continuation names (each with the bound it names, --below), merge to
    // the sequential K best.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_memo_parts");
    std::fs::create_dir_all(&dir).unwrap();
    for reduce in [false, true] {
        let mut lines = String::new();
        for index in 0..2 {
            let mut todo: Vec<(Option<String>, Option<u64>)> = vec![(None, None)];
            while let Some((from, below)) = todo.pop() {
                let shard = format!("{index}/2");
                let mut all = vec!["solve", "data/dlx/knuth-costs.dlx", "--best=2"];
                all.extend(["--shard", &shard, "--split-after", "1"]);
                if reduce {
                    all.push("--reduce");
                }
                let below = below.map(|b| b.to_string());
                if let Some(from) = &from {
                    all.extend(["--from", from]);
                }
                if let Some(below) = &below {
                    all.extend(["--below", below]);
                }
                let out = dlxkit().args(&all).output().unwrap();
                assert_eq!(out.status.code(), Some(0), "{all:?}");
                let text = String::from_utf8(out.stdout).unwrap();
                let line: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
                assert_eq!(line["k"], 2);
                for c in line["continuation"].as_array().unwrap() {
                    todo.push((
                        Some(c.as_str().unwrap().to_string()),
                        line["bound"].as_u64(),
                    ));
                }
                lines.push_str(&text);
            }
        }
        let file = dir.join(format!("parts-{reduce}.jsonl"));
        std::fs::write(&file, lines).unwrap();
        dlxkit()
            .arg("merge")
            .arg(&file)
            .assert()
            .code(0)
            .stdout("# cost 4\nA\nB C\n\n# cost 6\nA B\nC\n\n")
            .stderr("dlxkit: the 2 best costs are 4 6\n");
    }
    // --below needs --best.
    let out = dlxkit()
        .args([
            "solve",
            "data/dlx/knuth-costs.dlx",
            "--count",
            "--shard",
            "0/2",
        ])
        .args(["--from", "1/2", "--below", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("dlxkit: --below is a bound on costs: it needs --best"));
    // A checkpoint takes a seed; a resume with another seed, or none, is refused.
    let file = std::env::temp_dir().join(format!("dlxkit-seeded-{}.ckpt", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let ckpt = file.to_str().unwrap();
    let out = dlxkit()
        .args([
            "queens",
            "8",
            "--count",
            "--seed",
            "3",
            "--checkpoint",
            ckpt,
        ])
        .args(["--checkpoint-every", "50", "--max-nodes", "200"])
        .output()
        .unwrap();
    let count = String::from_utf8(out.stdout).unwrap();
    assert!(count.ends_with("(incomplete: node limit)\n"), "{count}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\norder seed 3\n"), "{text}");
    for (other, named) in [
        (&["--seed", "4"][..], "seed 4"),
        (&[][..], "Knuth's plain order (no seed)"),
    ] {
        let out = dlxkit()
            .args(["queens", "8", "--count", "--resume", ckpt])
            .args(other)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("the checkpoint was made with seed 3, and this run asks for {named}: resume it with the same order")),
            "{err}"
        );
    }
    dlxkit()
        .args(["queens", "8", "--count", "--seed", "3", "--resume", ckpt])
        .args(["--checkpoint-every", "50"])
        .assert()
        .code(0)
        .stdout("92\n");
    let _ = std::fs::remove_file(&file);
}

/// The note on the memory limit comes when the cache first meets it, while the search goes
/// on: the run is interrupted after that line and says so (it would have printed a complete
/// count, exit 0, had the note come at the end).
#[cfg(unix)]
#[test]
fn the_memory_note_comes_when_the_cache_fills_not_at_the_end() {
    use crate::cli_util::{interrupt_after_first_line, Watch};
    let run = interrupt_after_first_line(
        [
            "queens",
            "15",
            "--count",
            "--memo",
            "--memo-limit",
            "64K",
            "--timeout",
            "120",
        ],
        Watch::Stderr,
    );
    assert_eq!(
        run.first_line.trim_end(),
        "dlxkit: the memoised search reached its memory limit, 64.0 KiB (--memo-limit): from now on new subproblems are not kept and some are solved again (the count stays exact, the search slows down; stop it and raise --memo-limit to go faster)"
    );
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(
        run.stdout.trim_end().ends_with("(incomplete: interrupted)"),
        "{}",
        run.stdout
    );
    // Said once, and the end still counts what was turned away.
    assert!(!run.stderr.contains("from now on"), "{}", run.stderr);
    // --quiet says nothing.
    dlxkit()
        .args([
            "queens",
            "9",
            "--count",
            "--memo",
            "--memo-limit",
            "20K",
            "-q",
        ])
        .assert()
        .code(0)
        .stdout("352\n")
        .stderr("");
}

/// A count past 2^128 on every path of the command line: `solve --memo` as text and as a
/// JSON string, the ZDD in Knuth's format read back by `dlxkit zdd --count`, and its
/// generating function. A 1x200 strip tiled by monominoes and dominoes has F(201) tilings;
/// with k pieces, 200 - k of them dominoes, there are C(k, 200 - k).
#[test]
fn a_count_past_2_to_the_128_on_every_path() {
    let f201 = "453973694165307953197296969697410619233826";
    let path = scratch("strip200.dlx");
    let cells: Vec<String> = (0..200).map(|c| format!("c{c}")).collect();
    let mut text = cells.join(" ") + "\n";
    for c in 0..200 {
        text += &format!("c{c}\n");
        if c + 1 < 200 {
            text += &format!("c{c} c{}\n", c + 1);
        }
    }
    std::fs::write(&path, text).unwrap();
    dlxkit()
        .args(["solve", "--count", "--memo"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(format!("{f201}\n"));
    let zdd = scratch("strip200.zdd");
    let out = dlxkit()
        .args(["solve", "--count", "--memo", "--format", "json"])
        .args(["--zdd-format", "knuth", "--zdd"])
        .arg(&zdd)
        .arg(&path)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["solutions"], serde_json::json!(f201));
    dlxkit()
        .arg("zdd")
        .arg(&zdd)
        .assert()
        .code(0)
        .stdout(format!("{f201}\n"));
    let out = dlxkit().args(["zdd", "--gf"]).arg(&zdd).assert().code(0);
    let gf = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = gf.lines().collect();
    // k = 100 (all dominoes) to 200 (all monominoes): C(100, 100), C(101, 99), ...
    assert_eq!(lines.len(), 101, "{gf}");
    assert_eq!(lines[0], "100 1");
    assert_eq!(lines[1], "101 5050");
    assert_eq!(lines[2], "102 4249575"); // C(102, 98)
    assert_eq!(lines[99], "199 199");
    assert_eq!(lines[100], "200 1");
    // Its terms, added in decimal (they pass 2^64 themselves), give the count.
    let mut sum: Vec<u8> = vec![0];
    for line in &lines {
        let term = line.split_once(' ').unwrap().1;
        let mut carry = 0;
        let digits: Vec<u8> = term.bytes().rev().map(|b| b - b'0').collect();
        for k in 0..digits.len().max(sum.len()) {
            if k == sum.len() {
                sum.push(0);
            }
            let d = sum[k] + digits.get(k).copied().unwrap_or(0) + carry;
            (sum[k], carry) = (d % 10, d / 10);
        }
        if carry > 0 {
            sum.push(carry);
        }
    }
    let sum: String = sum.iter().rev().map(|d| char::from(b'0' + d)).collect();
    assert_eq!(sum, f201);
}
