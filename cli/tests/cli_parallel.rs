//! One search on several threads (`--jobs`), and a search cut into shards that run apart
//! (`dlxkit shard`, `--shard I/N`, `dlxkit merge`): the same solutions, in the same order,
//! and the same counts, nodes and updates as the search on one thread; limits and signals
//! that stay global; merges that refuse what does not add up.

use std::path::{Path, PathBuf};

use crate::cli_util::dlxkit;
use crate::cli_util::{self, Watch};

/// Runs dlxkit with `args`; its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = dlxkit().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Standard error without the line of the time, which differs from run to run.
fn timeless(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|l| !l.starts_with("time"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A scratch directory of this file's tests.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_parallel")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The problems the tests run: Knuth's two, and puzzles with colours and secondary items.
const CASES: [&[&str]; 6] = [
    &["solve", "data/dlx/knuth-toy.dlx"],
    &["solve", "data/dlx/knuth-colors.dlx", "--quiet"],
    &["queens", "7"],
    &["langford", "7"],
    &["dominoes", "4x4"],
    &["polyomino", "--board", "3x20"],
];

#[test]
fn every_jobs_value_lists_the_same_solutions_in_the_same_order_with_the_same_figures() {
    for case in CASES {
        let list: Vec<&str> = case.iter().copied().chain(["--limit", "100000"]).collect();
        let list = if case[0] == "solve" {
            case.to_vec()
        } else {
            list
        };
        let count: Vec<&str> = case.iter().copied().chain(["--count", "--stats"]).collect();
        let (code, one, _) = run(&list);
        let (_, counted, stats) = run(&count);
        for jobs in ["2", "3", "0"] {
            let mut args = list.clone();
            args.extend(["--jobs", jobs]);
            assert_eq!(run(&args), (code, one.clone(), String::new()), "{args:?}");
            let mut args = count.clone();
            args.extend(["--jobs", jobs]);
            let (c, out, err) = run(&args);
            assert_eq!((c, &out), (code, &counted), "{args:?}");
            assert_eq!(timeless(&err), timeless(&stats), "{args:?}");
        }
        // Unordered: the same solutions, in whatever order the threads find them.
        let mut args = list.clone();
        args.extend(["--jobs", "2", "--unordered", "--format", "jsonl"]);
        let (_, unordered, _) = run(&args);
        let mut ordered_args = list.clone();
        ordered_args.extend(["--format", "jsonl"]);
        let (_, ordered, _) = run(&ordered_args);
        let solutions = |text: &str| {
            let mut lines: Vec<String> = text
                .lines()
                .filter(|l| l.contains("\"solution\""))
                .map(|l| {
                    let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                    v.as_object_mut().unwrap().remove("index"); // numbered as printed
                    v.to_string()
                })
                .collect();
            lines.sort();
            lines
        };
        assert_eq!(solutions(&unordered), solutions(&ordered), "{case:?}");
    }
}

#[test]
fn the_solution_limit_is_global_and_exact_with_two_jobs() {
    for limit in ["1", "7", "91", "92", "500"] {
        let one = run(&["queens", "8", "--limit", limit]);
        let two = run(&["queens", "8", "--limit", limit, "--jobs", "2"]);
        assert_eq!(one, two, "--limit {limit}");
        let (_, count, _) = run(&["queens", "8", "--count", "--limit", limit, "--jobs", "2"]);
        let expected = limit.parse::<u64>().unwrap().min(92);
        assert_eq!(count, format!("{expected}\n"), "--count --limit {limit}");
    }
    let (_, json, _) = run(&[
        "queens", "8", "--limit", "5", "--jobs", "2", "--format", "json",
    ]);
    assert!(
        json.contains("\"solutions\":5,") && json.contains("\"status\":\"solution limit\""),
        "{json}"
    );
}

#[test]
fn node_and_time_limits_bound_the_whole_parallel_search() {
    let (code, out, err) = run(&[
        "queens",
        "12",
        "--count",
        "--max-nodes",
        "20000",
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let count: u64 = out
        .strip_suffix(" (incomplete: node limit)\n")
        .unwrap_or_else(|| panic!("a marked count, not {out:?}"))
        .parse()
        .unwrap();
    assert!(count < 14200);
    let nodes: u64 = err
        .split("after ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    // The threads draw from one budget, each passing it by less than a report's worth.
    assert!(
        (20_000..20_000 + 2 * 20_000 / 16 + 2).contains(&nodes),
        "{nodes} nodes"
    );

    let path = cli_util::doubles(40, "cli_parallel");
    let (code, out, err) = run(&[
        "solve",
        path.to_str().unwrap(),
        "--count",
        "--timeout",
        "0.5",
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(" (incomplete: time limit)\n"), "{out:?}");
    assert!(err.contains("stopped at the time limit"), "{err}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_every_thread_and_prints_the_count_so_far_with_exit_130() {
    // 2^40 solutions: the count cannot finish. The signal comes once the threads have
    // been searching for a while (a solution is found at every few nodes).
    let path = cli_util::doubles(40, "cli_parallel_sigint");
    let run = cli_util::interrupt_later(
        [
            "solve",
            "--count",
            "--stats",
            "--jobs",
            "2",
            path.to_str().unwrap(),
        ],
        Watch::Stderr,
        std::time::Duration::from_millis(500),
    );
    assert!(run.first_line.starts_with("problem"), "{}", run.first_line);
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    let count: u64 = run
        .stdout
        .strip_suffix(" (incomplete: interrupted)\n")
        .unwrap_or_else(|| panic!("a marked count, not {:?}", run.stdout))
        .parse()
        .unwrap();
    assert!(count > 0, "the threads had searched for half a second");
    assert!(
        run.stderr.contains("status      interrupted\n"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!("solutions   {count}\n")),
        "{}",
        run.stderr
    );
}

/// Runs every shard of a list of `n` for `args` (each process on its own, as a job array
/// runs them), writing `DIR/I.jsonl`; returns the files.
fn run_shards(args: &[&str], n: usize, dir: &Path) -> Vec<PathBuf> {
    (0..n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let mut a = args.to_vec();
            a.extend(["--shard", &shard]);
            let (code, out, err) = run(&a);
            assert!(code == 0 || code == 1, "{a:?}: {err}");
            let file = dir.join(format!("{i}.jsonl"));
            std::fs::write(&file, out).unwrap();
            file
        })
        .collect()
}

fn merge(files: &[PathBuf], extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["merge"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    args.extend(extra);
    run(&args)
}

#[test]
fn known_counts_come_back_through_shards_and_merge() {
    for (args, count) in [
        (&["queens", "8", "--count"][..], 92),
        (&["langford", "7", "--count"][..], 52),
        (&["polyomino", "--board", "3x20", "--count"][..], 8),
        (&["dominoes", "4x4", "--count"][..], 36),
    ] {
        let dir = scratch(args[0]);
        for n in [1, 5, 16] {
            let files = run_shards(args, n, &dir);
            let (code, out, err) = merge(&files, &["--stats"]);
            assert_eq!(
                (code, out),
                (0, format!("{count}\n")),
                "{args:?} in {n}: {err}"
            );
            // Nodes and updates as the search on one thread counts them.
            // Shards search on the links (the default rule), as their split does.
            let mut seq = args.to_vec();
            seq.extend(["--stats", "--engine", "links"]);
            let (_, _, stats) = run(&seq);
            for label in ["nodes", "updates"] {
                let line = stats.lines().find(|l| l.starts_with(label)).unwrap();
                assert!(err.contains(line), "{args:?} in {n}: {line} not in {err}");
            }
        }
    }
}

#[test]
fn shards_of_a_puzzle_and_of_its_dlx_file_are_the_same_shards() {
    let dir = scratch("mixed");
    let dlx = dir.join("queens8.dlx");
    let (_, text, _) = run(&["queens", "8", "--emit", "dlx"]);
    std::fs::write(&dlx, text).unwrap();
    let mut files = run_shards(&["queens", "8", "--count"], 6, &dir);
    let other = dir.join("from-file.jsonl");
    let (_, out, _) = run(&["solve", dlx.to_str().unwrap(), "--count", "--shard", "2/6"]);
    std::fs::write(&other, out).unwrap();
    files[2] = other;
    assert_eq!(merge(&files, &[]).1, "92\n");
}

#[test]
fn shards_list_solutions_that_together_are_the_sequential_list() {
    let dir = scratch("listed");
    let files = run_shards(&["queens", "6", "--limit", "1000"], 3, &dir);
    let mut pictures = Vec::new();
    for f in &files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            if v["type"] == "solution" {
                pictures.push(v["picture"].as_str().unwrap().to_string());
            }
        }
    }
    let (_, sequential, _) = run(&["queens", "6", "--limit", "1000"]);
    assert_eq!(pictures.join("\n"), sequential);
}

#[test]
fn merge_refuses_missing_duplicated_foreign_and_incomplete_shards() {
    let dir = scratch("refused");
    let files = run_shards(&["queens", "8", "--count"], 4, &dir);
    let (code, out, err) = merge(&files[1..], &[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "dlxkit: 1 of 4 shards missing: 0\nhint: run them: dlxkit solve FILE --shard 0/4\n"
    );

    let twice = [files.clone(), vec![files[1].clone()]].concat();
    let (code, _, err) = merge(&twice, &[]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("dlxkit: shard 1 (") && err.contains(") appears twice"),
        "{err}"
    );

    let foreign_dir = scratch("refused-foreign");
    let foreign = run_shards(&["queens", "7", "--count"], 4, &foreign_dir);
    let mixed = [files[..3].to_vec(), vec![foreign[3].clone()]].concat();
    let (code, _, err) = merge(&mixed, &[]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("dlxkit: shard 3 (")
            && err.contains("is from a different problem or shard list"),
        "{err}"
    );
    let other_list = run_shards(&["queens", "8", "--count"], 5, &foreign_dir);
    let mixed = [files[..3].to_vec(), vec![other_list[3].clone()]].concat();
    let (code, _, err) = merge(&mixed, &[]);
    assert_eq!(code, 2);
    assert!(err.contains("5 shards; the first result has"), "{err}");

    let (_, cut, _) = run(&[
        "queens",
        "8",
        "--count",
        "--shard",
        "2/4",
        "--max-nodes",
        "3",
    ]);
    let cut_file = dir.join("cut.jsonl");
    std::fs::write(&cut_file, cut).unwrap();
    let mixed = [files[..2].to_vec(), vec![cut_file, files[3].clone()]].concat();
    let (code, _, err) = merge(&mixed, &[]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("dlxkit: shard 2 (")
            && err.contains("is incomplete (node limit): run it again"),
        "{err}"
    );
}

#[test]
fn the_shard_list_is_printed_with_paths_and_shares() {
    let (code, out, _) = run(&["shard", "data/dlx/knuth-toy.dlx", "--depth", "1"]);
    assert_eq!(code, 0);
    assert_eq!(out, "     0    5.000e-1  1/2\n     1    5.000e-1  2/2\n");
    let (_, json, _) = run(&[
        "shard",
        "data/dlx/knuth-toy.dlx",
        "--count",
        "2",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["shards"].as_array().unwrap().len(), 2);
    assert_eq!(v["split"], "count 2");
}

#[test]
fn shards_are_refused_with_memo_and_jobs_capped_when_absurd() {
    let (code, _, err) = run(&["queens", "8", "--count", "--memo", "--shard", "0/2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("dlxkit: the memoised count (Knuth's DXZ, DLX6) counts every solution at once, in its own order and without levels of dancing links: it does not take a shard\nhint: give --memo --jobs N to count on N threads\n"),
        "{err}"
    );
    let (code, out, err) = run(&["queens", "8", "--count", "--jobs", "100000"]);
    assert_eq!((code, out.as_str()), (0, "92\n"));
    assert!(
        err.contains("--jobs 100000 is more threads than are useful here"),
        "{err}"
    );
    // Issue 18 item 8: a hundred thousand threads are not started, and 0 means every core.
    let (code, out, err) = run(&[
        "sudoku",
        "solve",
        "--jobs",
        "100000",
        "--quiet",
        "data/sudoku/pe96_easy50.txt",
    ]);
    assert_eq!((code, out.lines().count()), (0, 50), "{err}");
    let (code, _, err) = run(&[
        "bench",
        "--jobs",
        "0",
        "--sample",
        "3",
        "--warmup",
        "0",
        "--solvers",
        "dlx",
        "data/sudoku/pe96_easy50.txt",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["queens", "8", "--count", "--shard", "4/4"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("shards are numbered from 0 to 3 in a list of 4"),
        "{err}"
    );
}

#[test]
fn sudoku_count_shares_one_puzzle_among_threads() {
    let count = |input: &str, extra: &[&str]| {
        let mut args = vec!["sudoku", "count", "--format", "jsonl"];
        args.extend(extra);
        let out = dlxkit().args(&args).write_stdin(input).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["solutions"].clone(),
            v["nodes"].clone(),
            v["status"].clone(),
        )
    };
    for (input, limit) in [
        ("................\n", None),
        ("1...............\n", None),
        (&format!("12{}\n", ".".repeat(79))[..], Some("20000")),
    ] {
        let limit: Vec<&str> = limit.map(|l| vec!["--limit", l]).unwrap_or_default();
        let one = count(input, &limit);
        for jobs in ["2", "3"] {
            let mut args = limit.clone();
            args.extend(["--jobs", jobs]);
            let many = count(input, &args);
            if limit.is_empty() {
                assert_eq!(many, one, "{input} --jobs {jobs}");
            } else {
                // Up to the limit: the same count; the threads search more nodes to get there.
                assert_eq!(
                    (&many.0, &many.2),
                    (&one.0, &one.2),
                    "{input} --jobs {jobs}"
                );
            }
        }
    }
    assert_eq!(count("................\n", &["--jobs", "2"]).0, 288);
}

#[cfg(unix)]
#[test]
fn sigterm_from_timeout_stops_every_thread_with_143() {
    // As a scheduler stops a job: `timeout` sends SIGTERM; --preserve-status passes on the exit.
    let out = std::process::Command::new("timeout")
        .args(["--preserve-status", "2"])
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["langford", "16", "--count", "--jobs", "2"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the `timeout` command (coreutils) is missing: this test needs it");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(143), "{stderr}");
    let count = stdout
        .strip_suffix(" (incomplete: interrupted)\n")
        .unwrap_or_else(|| panic!("a marked partial count, not {stdout:?}"));
    assert!(count.parse::<u64>().is_ok(), "{stdout:?}");
}

#[test]
fn a_reduced_problem_is_searched_on_threads_and_best_runs_on_them_but_not_in_shards() {
    let one = run(&["solve", "--reduce", "data/dlx/knuth-toy.dlx"]);
    let two = run(&["solve", "--reduce", "--jobs", "2", "data/dlx/knuth-toy.dlx"]);
    assert_eq!(one.0, 0, "{}", one.2);
    assert_eq!(one, two);
    assert_eq!(one.1, "A D\nB G\nC E F\n\n");
    // The K best on threads: the costs of one thread's (the improvements may come in
    // another order).
    let costs = "data/dlx/knuth-costs.dlx";
    let one = run(&["solve", "--best=3", "--format", "json", costs]);
    let two = run(&[
        "solve", "--best=3", "--jobs", "2", "--format", "json", costs,
    ]);
    assert_eq!((one.0, two.0), (0, 0), "{}", two.2);
    let best = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap()["best"].clone();
    assert_eq!(best(&one.1), serde_json::json!([4, 6, 7]));
    assert_eq!(best(&two.1), best(&one.1));
    let (code, _, err) = run(&["solve", "--best", "--jobs", "2", "--reduce", costs]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("the optimum cost is 4"), "{err}");
    let (code, _, err) = run(&["solve", "--best", "--seed", "3", "--jobs", "2", costs]);
    assert_eq!(code, 2);
    assert!(
        err.contains("dlxkit: the minimum-cost search (Knuth's DLX5) branches in its own order and keeps the cheapest solutions: it does not take a seed\n"),
        "{err}"
    );
}

/// The shard lines of `solve ARGS --shard I/N` for every I, in one file.
fn shard_lines(args: &[&str], n: usize, dir: &Path) -> PathBuf {
    let mut lines = String::new();
    for i in 0..n {
        let shard = format!("{i}/{n}");
        let all: Vec<&str> = args.iter().copied().chain(["--shard", &shard]).collect();
        let (code, out, err) = run(&all);
        assert_eq!(code, 0, "{all:?}: {err}");
        lines.push_str(&out);
    }
    let file = dir.join(format!(
        "shards-{n}-{}.jsonl",
        args.join("-").replace('/', "_")
    ));
    std::fs::write(&file, lines).unwrap();
    file
}

#[test]
fn the_k_best_of_every_shard_merge_to_the_k_best_of_the_whole() {
    let dir = scratch("best-shards");
    // Langford pairs of 7 (52 solutions) with costs: option `k i j` costs (k * i) % 7.
    let places: Vec<String> = (0..14).map(|i| format!("s{i}")).collect();
    let mut langford = format!("1 2 3 4 5 6 7 {}\n", places.join(" "));
    for k in 1..=7 {
        for i in 0..14 {
            if i + k + 1 < 14 {
                let cost = (k * i) % 7;
                langford.push_str(&format!("{k} s{i} s{} |{cost}\n", i + k + 1));
            }
        }
    }
    let langford_file = dir.join("langford-costs.dlx");
    std::fs::write(&langford_file, langford).unwrap();
    for costs in ["data/dlx/knuth-costs.dlx", langford_file.to_str().unwrap()] {
        let (code, one, err) = run(&["solve", "--best=3", "--format", "json", costs]);
        assert_eq!(code, 0, "{err}");
        let value = |out: &str| serde_json::from_str::<serde_json::Value>(out).unwrap();
        let whole = value(&one)["best"].clone();
        for n in [1, 2, 3] {
            let file = shard_lines(&["solve", "--best=3", costs], n, &dir);
            let text = std::fs::read_to_string(&file).unwrap();
            let line = text
                .lines()
                .find(|l| l.contains("\"type\":\"shard\""))
                .unwrap();
            assert_eq!(value(line)["k"], 3, "{line}");
            let (code, merged, err) = run(&["merge", "--format", "json", file.to_str().unwrap()]);
            assert_eq!(code, 0, "{err}");
            let merged = value(&merged);
            assert_eq!(merged["best"], whole, "{n} shards of {costs}");
            let cheapest = merged["cheapest"].as_array().unwrap();
            assert_eq!(cheapest.len(), whole.as_array().unwrap().len());
            // In text: each solution after its cost, and the costs on standard error.
            let (code, text, err) = run(&["merge", file.to_str().unwrap()]);
            assert_eq!(code, 0, "{err}");
            let costs: Vec<String> = whole
                .as_array()
                .unwrap()
                .iter()
                .map(|c| format!("# cost {c}"))
                .collect();
            let printed: Vec<&str> = text.lines().filter(|l| l.starts_with("# cost")).collect();
            assert_eq!(printed, costs);
            let words: Vec<String> = whole
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.to_string())
                .collect();
            assert!(
                err.contains(&format!(
                    "dlxkit: the 3 best costs are {}\n",
                    words.join(" ")
                )),
                "{err}"
            );
        }
    }
    // Knuth's toy: {A, B C} costs 4, {A B, C} 6, {A B C} 7.
    let file = shard_lines(&["solve", "--best=2", "data/dlx/knuth-costs.dlx"], 3, &dir);
    let (code, text, _) = run(&["merge", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(text, "# cost 4\nA\nB C\n\n# cost 6\nA B\nC\n\n");
    // Lines edited by hand, or from searches that do not go together, are refused.
    let file = shard_lines(&["solve", "--best=2", "data/dlx/knuth-costs.dlx"], 1, &dir);
    let text = std::fs::read_to_string(&file).unwrap();
    let edits = [
        (
            "\"k\":2",
            "\"k\":1",
            "more than \"k\" (1): the line was edited",
        ),
        ("\"k\":2", "\"k\":0", "\"k\" is 0"),
        (
            "\"best\":[",
            "\"bust\":[",
            "a shard line with \"k\" but no \"best\"",
        ),
    ];
    for (from, to, reason) in edits {
        let edited = dir.join("edited.jsonl");
        let first = text.find(from).unwrap();
        let mut changed = text.clone();
        changed.replace_range(first..first + from.len(), to);
        std::fs::write(&edited, changed).unwrap();
        let (code, out, err) = run(&["merge", edited.to_str().unwrap()]);
        assert_eq!((code, out.as_str()), (2, ""), "{to}");
        assert!(err.contains(reason), "{to}: {err}");
    }
    let three = shard_lines(&["solve", "--best=3", "data/dlx/knuth-costs.dlx"], 3, &dir);
    let two = shard_lines(&["solve", "--best=2", "data/dlx/knuth-costs.dlx"], 3, &dir);
    let (code, _, err) = run(&["merge", two.to_str().unwrap(), three.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("\"k\" is 3 but earlier lines have 2"), "{err}");
    let plain = shard_lines(&["solve", "data/dlx/knuth-costs.dlx", "--count"], 3, &dir);
    let (code, _, err) = run(&["merge", two.to_str().unwrap(), plain.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("lines of a minimum-cost search (--best) and of a plain one mixed"),
        "{err}"
    );
}

/// Two-per-line on a 6x6 board (rows take one or two marks, columns exactly two), in
/// Knuth's format: a problem with item bounds (Algorithm M) worth cutting.
fn two_per_line(dir: &Path) -> PathBuf {
    let rows: Vec<String> = (0..6).map(|i| format!("1:2|r{i}")).collect();
    let cols: Vec<String> = (0..6).map(|j| format!("2|c{j}")).collect();
    let mut text = format!("{} {}\n", rows.join(" "), cols.join(" "));
    for i in 0..6 {
        for j in 0..6 {
            text.push_str(&format!("r{i} c{j}\n"));
        }
    }
    let file = dir.join("two-per-line.dlx");
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn jobs_and_shards_take_bounds_seeds_and_sharp_preferences() {
    // Item bounds (Algorithm M) on threads and in shards: the solutions of one thread, in
    // its order, and its nodes and updates.
    let dir = scratch("bounds");
    let file = two_per_line(&dir);
    let bounded = file.to_str().unwrap();
    let (code, one, err) = run(&["solve", "--limit", "50", bounded]);
    assert_eq!(code, 0, "{err}");
    let (code, two, err) = run(&["solve", "--limit", "50", "--jobs", "2", bounded]);
    assert_eq!((code, two), (0, one), "{err}");
    // Knuth's updates on the links, which count them; the nodes on the default engine too.
    for (engine, labels) in [
        ("links", &["nodes", "updates"][..]),
        ("bits", &["nodes"][..]),
    ] {
        let (code, one, seq) = run(&["solve", "--count", "--stats", "--engine", engine, bounded]);
        assert_eq!(code, 0, "{seq}");
        let (code, two, err) = run(&[
            "solve", "--count", "--stats", "--engine", engine, "--jobs", "2", bounded,
        ]);
        assert_eq!((code, &two), (0, &one), "{err}");
        for label in labels {
            let line = seq.lines().find(|l| l.starts_with(label)).unwrap();
            assert!(err.contains(line), "{engine} --jobs 2: {line} not in {err}");
        }
        let links = run(&["solve", "--count", "--stats", "--engine", "links", bounded]).2;
        for n in [1, 4, 9] {
            let files = run_shards(&["solve", bounded, "--count", "--engine", engine], n, &dir);
            let (code, out, err) = merge(&files, &["--stats"]);
            assert_eq!((code, &out), (0, &one), "{engine} {n} shards: {err}");
            // The links' shards merge to the links' sequential figures. (The bit sets'
            // bounded shards are checked on their solutions only: one shard searches their
            // own tree, a split follows the links'; stats28b's report.)
            for label in labels.iter().filter(|_| engine == "links") {
                let line = links.lines().find(|l| l.starts_with(label)).unwrap();
                assert!(
                    err.contains(line),
                    "{engine} {n} shards: {line} not in {err}"
                );
            }
        }
    }
    // A seed or the sharp preference on threads and in shards: the solutions of one thread
    // (each shard's in the seeded order), each once.
    let sorted = |out: &str| {
        let mut solutions: Vec<String> = out
            .split("\n\n")
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                let mut lines: Vec<&str> = s.lines().collect();
                lines.sort_unstable();
                lines.join("\n")
            })
            .collect();
        solutions.sort_unstable();
        solutions
    };
    let toy = "data/dlx/knuth-toy.dlx";
    let colors = "data/dlx/knuth-colors.dlx";
    for (file, order) in [
        (toy, "--seed=3"),
        (colors, "--seed=5"),
        (toy, "--prefer-sharp"),
    ] {
        let (code, one, err) = run(&["solve", order, file]);
        assert_eq!(code, 0, "{err}");
        let (code, two, err) = run(&["solve", order, "--jobs", "2", file]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(sorted(&two), sorted(&one), "{file} {order}");
    }
    let (code, one, _) = run(&["queens", "8", "--seed", "3", "--count"]);
    assert_eq!((code, one.as_str()), (0, "92\n"));
    let mut counted = 0;
    for i in 0..4 {
        let shard = format!("{i}/4");
        let (code, out, err) = run(&["queens", "8", "--seed", "3", "--count", "--shard", &shard]);
        assert_eq!(code, 0, "{err}");
        let line: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(line["status"], "complete", "{out}");
        counted += line["solutions"].as_u64().unwrap();
    }
    assert_eq!(counted, 92);
}

#[test]
fn json_lines_report_progress_each_second_on_one_thread_and_on_two() {
    for jobs in ["1", "2"] {
        let (code, out, err) = run(&[
            "langford",
            "16",
            "--count",
            "--format",
            "jsonl",
            "--timeout",
            "2.5",
            "--jobs",
            jobs,
        ]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (summary, progress) = lines.split_last().unwrap();
        assert_eq!(summary["type"], "summary");
        assert_eq!(summary["status"], "time limit");
        assert!(!progress.is_empty(), "--jobs {jobs}: no progress in {out}");
        let mut last = (0.0, 0, 0);
        for (k, p) in (1..).zip(progress) {
            assert_eq!(p["type"], "progress", "{p}");
            let now = (
                p["estimate"].as_f64().unwrap(),
                p["nodes"].as_u64().unwrap(),
                p["elapsed_ms"].as_u64().unwrap(),
            );
            assert!(now.0 > last.0 && now.0 <= 1.0, "--jobs {jobs}: {out}");
            // The k-th line comes once the search has run k seconds.
            assert!(now.1 > last.1 && now.2 >= 1000 * k, "--jobs {jobs}: {out}");
            assert!(p["solutions"].as_u64().unwrap() > 0, "{p}");
            last = now;
        }
        assert!(summary["nodes"].as_u64().unwrap() >= last.1);
    }
}

#[test]
fn the_shard_list_of_a_bounded_problem_is_the_list_solve_shard_searches() {
    // `dlxkit shard` lists a bounded problem's shards (Algorithm M's moves, numbered in
    // Knuth's option order), the very paths `solve --shard` reports.
    let dir = scratch("bounded-list");
    let file = two_per_line(&dir);
    let bounded = file.to_str().unwrap();
    let (code, listed, err) = run(&["shard", "--count", "4", "--format", "jsonl", bounded]);
    assert_eq!(code, 0, "{err}");
    let paths = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v["path"].as_str().map(str::to_string))
            .collect()
    };
    let listed = paths(&listed);
    assert_eq!(listed.len(), 4, "{listed:?}");
    let searched: Vec<String> = (0..4)
        .flat_map(|i| {
            let shard = format!("{i}/4");
            let (code, out, err) = run(&["solve", "--count", "--shard", &shard, bounded]);
            assert_eq!(code, 0, "{err}");
            paths(&out)
        })
        .collect();
    assert_eq!(searched, listed);
    // The same with Knuth's toy of bounds: at most as many shards as its tree has.
    let (code, out, _) = run(&["shard", "--count", "3", "data/dlx/knuth-bounds.dlx"]);
    assert_eq!(code, 0);
    assert!(!out.is_empty());
}

#[test]
fn a_puzzle_goes_through_the_same_plan_as_solve() {
    // The same counts and figures on threads and in order; the plan's refusal, word for word.
    let one = run(&["queens", "8", "--count", "--format", "json"]);
    let two = run(&["queens", "8", "--count", "--jobs", "2", "--format", "json"]);
    assert_eq!((one.0, two.0), (0, 0), "{}", two.2);
    let figures = |out: &str| {
        let v: serde_json::Value = serde_json::from_str(out).unwrap();
        (
            v["solutions"].clone(),
            v["nodes"].clone(),
            v["updates"].clone(),
        )
    };
    assert_eq!(figures(&one.1).0, serde_json::json!(92));
    assert_eq!(figures(&one.1), figures(&two.1));
    let listed = run(&["queens", "6", "--limit", "4", "--jobs", "2"]);
    assert_eq!(listed, run(&["queens", "6", "--limit", "4"]));
    // A seed on threads: the same count (92) as one thread with that seed.
    let (code, out, err) = run(&["queens", "8", "--count", "--seed", "3", "--jobs", "2"]);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
}

#[test]
fn a_list_longer_than_the_tree_merges_its_empty_slots() {
    // Knuth's toy has one live subtree below its root: shards 1 to 9 of a list of 10 are
    // empty slots (path null), which merge takes once each, as the count of one thread.
    let dir = scratch("longer-list");
    let toy = "data/dlx/knuth-toy.dlx";
    let files = run_shards(&["solve", toy, "--count"], 10, &dir);
    let (code, out, err) = merge(&files, &["--stats"]);
    assert_eq!((code, out.as_str()), (0, "1\n"), "{err}");
    let (_, _, seq) = run(&["solve", toy, "--count", "--stats", "--engine", "links"]);
    for label in ["nodes", "updates"] {
        let line = seq.lines().find(|l| l.starts_with(label)).unwrap();
        assert!(err.contains(line), "{line} not in {err}");
    }
    // An empty slot edited to count something is refused, by name.
    let text = std::fs::read_to_string(&files[5]).unwrap();
    assert!(text.contains("\"path\":null"), "{text}");
    std::fs::write(
        &files[5],
        text.replace("\"solutions\":0", "\"solutions\":3"),
    )
    .unwrap();
    let (code, out, err) = merge(&files, &[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("dlxkit: shard 5 (empty) was edited or mixed up: an empty slot (past the tree's last shard) searches nothing, but this one counts something or is not complete\n"),
        "{err}"
    );
}
