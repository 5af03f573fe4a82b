//! Issue 25's measurement of the front door, from outside: domino tilings of a 6x6 board
//! whose options have costs, in three kinds (plain; with coloured row and column items,
//! Algorithm C; with bounded row items `1:2|H`, Algorithm M), each under the nine modes
//! that were refused before the library's plan: threads, shards, a seed on threads, the
//! memoised count alone and on threads, DLX-PRE's reduction, and the K cheapest alone, on
//! threads and in shards. Each of the 27 runs gives the answer of the plain sequential
//! search: its solutions, its count, and the K cheapest costs of its solutions (found here
//! by brute force over the solutions it lists).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cli_util::dlxkit;

/// The side of the board.
const SIDE: usize = 6;

/// How many cheapest solutions `--best` keeps.
const K: usize = 3;

/// The three kinds of problem the issue measured.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Plain,
    Coloured,
    Bounded,
}

/// A domino's cost, from its first cell and its direction: small numbers with many ties, so
/// that the K cheapest are not one solution's neighbours alone.
fn cost(r: usize, c: usize, across: bool) -> u64 {
    if across {
        ((r * 5 + c * 3) % 7 + 1) as u64
    } else {
        ((r * 3 + c * 5) % 11 + 1) as u64
    }
}

/// The problem in Knuth's format. Cells are `pRC`. Coloured: a domino across in row `r`
/// from column `c` gives secondary item `Rr` the colour of `c`'s parity, and a domino down
/// in column `c` from row `r` gives `Cc` that of `r`'s, so the dominoes across in a row all
/// start in even columns or all in odd ones (and the same down a column). Bounded: each row
/// holds one or two dominoes across (primary item `1:2|Hr`).
fn problem(kind: Kind) -> String {
    let cells: Vec<String> = (0..SIDE)
        .flat_map(|r| (0..SIDE).map(move |c| format!("p{r}{c}")))
        .collect();
    let mut text = cells.join(" ");
    match kind {
        Kind::Plain => {}
        Kind::Coloured => {
            let lines: Vec<String> = (0..SIDE)
                .map(|r| format!("R{r}"))
                .chain((0..SIDE).map(|c| format!("C{c}")))
                .collect();
            text.push_str(&format!(" | {}", lines.join(" ")));
        }
        Kind::Bounded => {
            for r in 0..SIDE {
                text.push_str(&format!(" 1:2|H{r}"));
            }
        }
    }
    text.push('\n');
    for r in 0..SIDE {
        for c in 0..SIDE {
            for across in [true, false] {
                let (r2, c2) = if across { (r, c + 1) } else { (r + 1, c) };
                if r2 == SIDE || c2 == SIDE {
                    continue;
                }
                let mut option = format!("p{r}{c} p{r2}{c2}");
                match kind {
                    Kind::Plain => {}
                    Kind::Coloured if across => option.push_str(&format!(" R{r}:{}", c % 2)),
                    Kind::Coloured => option.push_str(&format!(" C{c}:{}", r % 2)),
                    Kind::Bounded if across => option.push_str(&format!(" H{r}")),
                    Kind::Bounded => {}
                }
                option.push_str(&format!(" |{}", cost(r, c, across)));
                text.push_str(&option);
                text.push('\n');
            }
        }
    }
    text
}

/// Runs dlxkit with `args`; its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = dlxkit().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs dlxkit with `args`, which must succeed (exit 0, nothing refused); its standard
/// output.
fn output(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The cost of a solution listed as JSON (its options as item names): the sum of its
/// dominoes' costs, from their cells.
fn solution_cost(solution: &Value) -> u64 {
    solution["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|option| {
            let cells: Vec<(usize, usize)> = option
                .as_str()
                .unwrap()
                .split(' ')
                .filter_map(|name| name.strip_prefix('p'))
                .map(|rc| {
                    let digit = |k: usize| usize::from(rc.as_bytes()[k] - b'0');
                    (digit(0), digit(1))
                })
                .collect();
            let [(r, c), (_, c2)] = cells[..] else {
                panic!("a domino has two cells: {option}")
            };
            cost(r, c, c2 == c + 1)
        })
        .sum()
}

/// The solutions of a JSON Lines listing, each as its sorted option texts, sorted.
fn solution_set(lines: &[Value]) -> Vec<Vec<String>> {
    let mut set: Vec<Vec<String>> = lines
        .iter()
        .map(|s| {
            let mut options: Vec<String> = s["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o.as_str().unwrap().to_string())
                .collect();
            options.sort_unstable();
            options
        })
        .collect();
    set.sort_unstable();
    set
}

/// The solution lines of a JSON Lines listing (the summary left out).
fn solutions(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] != "summary")
        .collect()
}

/// The count a `--count` run printed.
fn count(out: &str) -> u64 {
    out.trim()
        .parse()
        .unwrap_or_else(|e| panic!("{out:?}: {e}"))
}

/// The K best costs of a `--best=K --format json` run.
fn best_costs(json: &str) -> Vec<u64> {
    let summary: Value = serde_json::from_str(json).unwrap();
    assert_eq!(summary["status"], "complete", "{json}");
    summary["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

/// Runs the three shards of `args` and merges them; merge's standard output.
fn sharded(args: &[&str], dir: &Path) -> String {
    let mut merge = vec!["merge".to_string()];
    for i in 0..3 {
        let shard = format!("{i}/3");
        let mut a = args.to_vec();
        a.extend(["--shard", &shard]);
        let file = dir.join(format!("{i}.jsonl"));
        std::fs::write(&file, output(&a)).unwrap();
        merge.push(file.to_str().unwrap().to_string());
    }
    let merge: Vec<&str> = merge.iter().map(String::as_str).collect();
    output(&merge)
}

/// A scratch directory of this file's tests.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_front_door")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_27_engine_and_mode_combinations_give_the_sequential_answer() {
    let mut walked = 0;
    for kind in [Kind::Plain, Kind::Coloured, Kind::Bounded] {
        let dir = scratch(&format!("{kind:?}"));
        let path = dir.join("dominoes.dlx");
        std::fs::write(&path, problem(kind)).unwrap();
        let file = path.to_str().unwrap();

        // The plain sequential search: its solutions, in order, and by brute force the K
        // cheapest costs among them.
        let listed = output(&["solve", file, "--format", "jsonl", "--jobs", "1"]);
        let sequential = solutions(&listed);
        let total = sequential.len() as u64;
        assert!(total > K as u64, "{kind:?}: {total} solutions");
        if let Kind::Plain = kind {
            assert_eq!(total, 6728, "the domino tilings of 6x6");
        }
        let mut costs: Vec<u64> = sequential.iter().map(solution_cost).collect();
        costs.sort_unstable();
        costs.truncate(K);
        assert_eq!(
            count(&output(&["solve", file, "--count"])),
            total,
            "{kind:?}"
        );
        let set = solution_set(&sequential);

        // 1. Threads: the same solutions in the same order.
        let two = output(&["solve", file, "--format", "jsonl", "--jobs", "2"]);
        assert_eq!(solutions(&two), sequential, "{kind:?} --jobs 2");
        walked += 1;
        // 2. Shards, merged: the same count.
        let merged = sharded(&["solve", file, "--count"], &dir);
        assert_eq!(count(&merged), total, "{kind:?} --shard");
        walked += 1;
        // 3. A seed on threads: the seeded tree's solutions, which are the same set.
        let seeded = output(&[
            "solve", file, "--format", "jsonl", "--seed", "5", "--jobs", "2",
        ]);
        assert_eq!(
            solution_set(&solutions(&seeded)),
            set,
            "{kind:?} --seed --jobs"
        );
        walked += 1;
        // 4, 5. The memoised count, alone and on threads.
        for jobs in ["1", "2"] {
            let memo = output(&["solve", file, "--count", "--memo", "--jobs", jobs]);
            assert_eq!(count(&memo), total, "{kind:?} --memo --jobs {jobs}");
            walked += 1;
        }
        // 6. DLX-PRE's reduction first: the same solutions.
        let reduced = output(&["solve", file, "--reduce", "--format", "jsonl"]);
        assert_eq!(solution_set(&solutions(&reduced)), set, "{kind:?} --reduce");
        walked += 1;
        // 7, 8. The K cheapest, alone and on threads: the brute force's costs.
        let best = format!("--best={K}");
        for jobs in ["1", "2"] {
            let json = output(&["solve", file, &best, "--format", "json", "--jobs", jobs]);
            assert_eq!(best_costs(&json), costs, "{kind:?} {best} --jobs {jobs}");
            walked += 1;
        }
        // 9. The K cheapest in shards, merged: each shard's K best, the K best of all.
        let merged = sharded(&["solve", file, &best], &dir);
        let merged_costs: Vec<u64> = merged
            .lines()
            .filter_map(|l| l.strip_prefix("# cost "))
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(merged_costs, costs, "{kind:?} {best} --shard");
        walked += 1;
    }
    assert_eq!(walked, 27);
}

/// The pictures of a puzzle's JSON Lines solutions, sorted.
fn pictures(lines: &[Value]) -> Vec<String> {
    let mut pictures: Vec<String> = lines
        .iter()
        .map(|l| l["picture"].as_str().unwrap().to_string())
        .collect();
    pictures.sort_unstable();
    pictures
}

#[test]
fn the_puzzle_subcommands_take_threads_seeds_shards_memo_and_limits() {
    for (puzzle, known) in [
        (&["queens", "8"][..], 92),
        (&["langford", "7"][..], 52),
        (&["dominoes", "4x4"][..], 36),
        (&["polyomino", "--board", "3x20"][..], 8),
    ] {
        let dir = scratch(puzzle[0]);
        // A puzzle lists one solution unless told otherwise.
        let all: &[&'static str] = &["--limit", "100000"];
        let with = |extra: &[&'static str]| -> Vec<&'static str> { [puzzle, extra].concat() };
        let listing =
            |extra: &[&'static str]| -> Vec<&'static str> { [puzzle, all, extra].concat() };
        let one = solutions(&output(&listing(&["--format", "jsonl", "--jobs", "1"])));
        assert_eq!(one.len(), known, "{puzzle:?}");
        // Threads: the same solutions in the same order; the same count.
        let two = solutions(&output(&listing(&["--format", "jsonl", "--jobs", "2"])));
        assert_eq!(two, one, "{puzzle:?} --jobs 2");
        let counted = output(&with(&["--count", "--jobs", "2"]));
        assert_eq!(count(&counted), known as u64, "{puzzle:?} --count --jobs 2");
        // A seed on threads: another order of the same solutions.
        let seeded = output(&listing(&[
            "--format", "jsonl", "--seed", "3", "--jobs", "2",
        ]));
        let seeded = solutions(&seeded);
        assert_eq!(
            pictures(&seeded),
            pictures(&one),
            "{puzzle:?} --seed --jobs"
        );
        // Shards, plain and seeded, merged.
        for seed in [&[][..], &["--seed", "3"]] {
            let merged = sharded(&with(&[&["--count"], seed].concat()), &dir);
            assert_eq!(count(&merged), known as u64, "{puzzle:?} {seed:?} --shard");
        }
        // The memoised count on threads.
        let memo = output(&with(&["--count", "--memo", "--jobs", "2"]));
        assert_eq!(count(&memo), known as u64, "{puzzle:?} --memo --jobs 2");
        // Limits on threads say they cut the search short.
        for (limit, status) in [
            (&["--max-nodes", "5"][..], "node limit"),
            (&["--timeout", "0"], "time limit"),
        ] {
            let args = with(&[&["--count", "--jobs", "2", "--format", "json"], limit].concat());
            let (code, out, err) = run(&args);
            assert!(code == 0 || code == 1, "{args:?}: {err}");
            let summary: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(summary["status"], status, "{args:?}");
            assert_eq!(summary["complete"], false, "{args:?}");
            assert!(
                summary["solutions"].as_u64().unwrap() < known as u64,
                "{args:?}"
            );
        }
    }
}
