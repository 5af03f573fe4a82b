//! Shards run by schedulers (issue 27): exit codes a scheduler understands, a merge that
//! names every problem at once and bounds every number it reads, shards that split
//! themselves, and a count that checkpoints and resumes.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use crate::cli_util::{self, dlxkit, two_per_line_text};

fn run(args: &[&str]) -> (i32, String, String) {
    let out = dlxkit().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = dlxkit().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `queens N` in Knuth's format, written in `dir`.
fn queens_file(n: usize, dir: &std::path::Path) -> String {
    let (_, text, _) = run(&["queens", &n.to_string(), "--emit", "dlx"]);
    let file = dir.join(format!("queens{n}.dlx"));
    std::fs::write(&file, text).unwrap();
    file.to_str().unwrap().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_shards")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The shard lines of `queens 8` cut into `n`, as text.
fn queens8_shards(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let (code, out, err) = run(&["queens", "8", "--count", "--shard", &format!("{i}/{n}")]);
            assert_eq!(code, 0, "{i}/{n}: {err}");
            out
        })
        .collect()
}

#[test]
fn a_complete_shard_exits_0_whatever_its_count_and_a_cut_one_exits_75() {
    let mut empty = 0;
    for i in 0..64 {
        let (code, out, err) = run(&["queens", "8", "--count", "--shard", &format!("{i}/64")]);
        assert_eq!(code, 0, "{i}: {err}");
        if out.contains("\"solutions\":0,") {
            empty += 1;
        }
    }
    assert!(empty > 0, "some shards of queens 8 in 64 find nothing");
    let (code, out, _) = run(&[
        "queens",
        "8",
        "--count",
        "--shard",
        "3/8",
        "--max-nodes",
        "3",
    ]);
    assert_eq!(code, 75);
    assert!(out.contains("\"status\":\"node limit\""), "{out}");
    let (code, out, _) = run(&[
        "queens",
        "16",
        "--count",
        "--shard",
        "0/2",
        "--timeout",
        "0.05",
    ]);
    assert_eq!(code, 75, "{out}");
    let (code, _, err) = run_with_stdin(&["solve", "--count", "--shard", "0/2"], "A B\nA\nC\n");
    assert_eq!(code, 2, "{err}");
}

#[cfg(unix)]
#[test]
fn a_shard_stopped_by_sigterm_exits_143() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["queens", "15", "--count", "--shard", "0/2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    cli_util::wait_until_caught(child.id(), 15);
    std::thread::sleep(Duration::from_millis(200));
    cli_util::send("TERM", child.id());
    let ended = cli_util::end_within_30_seconds(child);
    assert_eq!(ended.code, Some(143), "{}", ended.stderr);
    assert!(
        ended.stdout.contains("\"status\":\"interrupted\""),
        "{}",
        ended.stdout
    );
}

#[test]
fn merge_names_every_problem_in_one_run_and_json_lists_what_to_run_again() {
    let lines = queens8_shards(8);
    let (_, cut, _) = run(&[
        "queens",
        "8",
        "--count",
        "--shard",
        "7/8",
        "--max-nodes",
        "3",
    ]);
    let mut input: Vec<String> = lines.clone();
    input.remove(7);
    input.push(cut);
    input.remove(5);
    input.push("this is not json\n".to_string());
    let input = input.concat();
    let (code, out, err) = run_with_stdin(&["merge"], &input);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("dlxkit: shard 7 (") && err.contains("is incomplete (node limit)"),
        "{err}"
    );
    assert!(
        err.contains("dlxkit: <stdin>:8: not a line of `dlxkit solve --shard`"),
        "{err}"
    );
    assert!(err.contains("dlxkit: 1 of 8 shards missing: 5"), "{err}");
    assert!(
        err.contains("hint: run them: dlxkit solve FILE --shard 5/8, --shard 7/8"),
        "{err}"
    );
    let (code, out, _) = run_with_stdin(&["merge", "--format", "json"], &input);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["rerun"], serde_json::json!([5, 7]));
    assert_eq!(v["problems"].as_array().unwrap().len(), 3);
}

/// A binary or garbage file is one problem, named once with its count of lines that are
/// not results and the first of them (it was a line of error per line of garbage: 406 for
/// 100 KB of random bytes), beside the problems of the real results.
#[test]
fn merge_names_a_binary_file_once_with_its_count_of_lines() {
    let dir = scratch("merge-binary");
    // 100 KB of bytes from a fixed xorshift: not UTF-8, with a newline now and then.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let bytes: Vec<u8> = (0..100_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    // Blank lines are skipped; every other line is garbage.
    let count = bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .count();
    assert!(count > 100, "{count} lines");
    let binary = dir.join("core.bin");
    std::fs::write(&binary, &bytes).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, queens8_shards(4).concat()).unwrap();
    let files = [binary.to_str().unwrap(), results.to_str().unwrap()];
    let (code, out, err) = run(&["merge", files[0], files[1]]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(
        err,
        format!(
            "dlxkit: {}: {count} lines are not shard results (first at line 1: not UTF-8 text)\n",
            files[0]
        )
    );
    // In JSON, it is one problem; the four shards of the list are merged beside it.
    let (code, out, _) = run(&["merge", "--format", "json", files[0], files[1]]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["problems"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["results"], 4);
    // One line of garbage among results is still named by its line.
    let mixed = dir.join("mixed.jsonl");
    let mut text = queens8_shards(2).concat();
    text.insert_str(0, "{not json\n");
    std::fs::write(&mixed, text).unwrap();
    let (code, _, err) = run(&["merge", mixed.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "dlxkit: {}:1: not a line of `dlxkit solve --shard`: key must be a string at line 1 column 2\n",
            mixed.to_str().unwrap()
        )
    );
}

#[test]
fn merge_refuses_huge_numbers_edited_lines_and_relabelled_results_naming_the_line() {
    let line = r#"{"type":"shard","fingerprint":"1","shards":18446744073709551615,"index":0,"status":"complete","solutions":1,"nodes":1,"updates":1,"above":{"nodes":0,"updates":0,"cleansings":0,"profile":[]}}"#;
    let (code, out, err) = run_with_stdin(&["merge"], &format!("{line}\n"));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "dlxkit: <stdin>:1: \"shards\" is 18446744073709551615: more than the 4194304 a merge accepts\n"
    );
    let deep = line
        .replace("18446744073709551615", "1")
        .replace("\"index\":0", "\"index\":0,\"depth\":99999999999");
    let (code, _, err) = run_with_stdin(&["merge"], &format!("{deep}\n"));
    assert_eq!(code, 2);
    assert!(err.contains("<stdin>:1: \"depth\" is 99999999999"), "{err}");
    let many = line.replace("18446744073709551615", "4000000");
    let (code, _, err) = run_with_stdin(&["merge"], &format!("{many}\n"));
    assert_eq!(code, 2);
    // The line has no path, as an empty slot past the tree's end, yet counts a solution.
    assert!(
        err.starts_with("dlxkit: shard 0 (empty) was edited or mixed up: an empty slot"),
        "{err}"
    );
    assert!(
        err.contains("4000000 of 4000000 shards missing: 0, 1, 2"),
        "{err}"
    );
    assert!(
        err.len() < 2000,
        "the list of missing shards is cut short: {} bytes",
        err.len()
    );

    let lines = queens8_shards(5);
    let edited = lines[2].replace("\"complete\":true", "\"complete\":false");
    let input = [lines[..2].concat(), edited, lines[3..].concat()].concat();
    let (code, _, err) = run_with_stdin(&["merge"], &input);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "<stdin>:3: \"complete\" is false but \"status\" is \"complete\": the line was edited"
        ),
        "{err}"
    );
    // Shard 1's result relabelled as shard 2 (and 2's own dropped): 98 before.
    let relabelled = lines[1].replace("\"index\":1,", "\"index\":2,");
    let input = [lines[..2].concat(), relabelled, lines[3..].concat()].concat();
    let (code, _, err) = run_with_stdin(&["merge"], &input);
    assert_eq!(code, 2);
    assert!(
        err.contains("shards 1 and 2 have the same path: one of them was relabelled"),
        "{err}"
    );
}

#[test]
fn self_split_shards_and_their_parts_merge_to_the_sequential_count() {
    let dir = scratch("self-split");
    let queens8 = queens_file(8, &dir);
    let n = 4;
    let mut results = String::new();
    let (mut parts, mut packed) = (0, 0);
    for i in 0..n {
        let shard = format!("{i}/{n}");
        let mut todo: Vec<Option<String>> = vec![None];
        while let Some(from) = todo.pop() {
            let mut args = vec![
                "solve",
                &queens8,
                "--count",
                "--shard",
                &shard,
                "--split-after",
                "100",
            ];
            if let Some(f) = &from {
                args.extend(["--from", f]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            for part in v["continuation"].as_array().unwrap() {
                let part = part.as_str().unwrap();
                packed += usize::from(part.contains(", "));
                todo.push(Some(part.to_string()));
                parts += 1;
            }
            results.push_str(&out);
        }
    }
    assert!(parts > 4, "the shards split themselves ({parts} parts)");
    assert!(packed > 0, "some parts hold several paths");
    // A part whose paths overlap is refused before anything runs.
    let (code, _, err) = run(&[
        "solve",
        &queens8,
        "--count",
        "--shard",
        "0/4",
        "--from",
        "1/8, 1/8 2/7",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the paths `1/8` and `1/8 2/7` of a part overlap"),
        "{err}"
    );
    let file = dir.join("all.jsonl");
    std::fs::write(&file, &results).unwrap();
    let (code, out, err) = run(&["merge", "--stats", file.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    let (_, _, seq) = run(&["queens", "8", "--count", "--stats", "--engine", "links"]);
    for label in ["nodes", "updates"] {
        let line = seq.lines().find(|l| l.starts_with(label)).unwrap();
        assert!(err.contains(line), "{line} not in {err}");
    }
    // A part dropped is named, with the command that runs it.
    let kept: Vec<&str> = results
        .lines()
        .filter(|l| !l.contains("\"from\""))
        .collect();
    let (code, _, err) = run_with_stdin(&["merge"], &(kept.join("\n") + "\n"));
    assert_eq!(code, 2);
    assert!(err.contains("parts of self-split shards missing"), "{err}");
    assert!(err.contains("--from '"), "{err}");
    // A manifest: each shard's count, then the total.
    let (code, out, _) = run(&["merge", "--manifest", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), n + 1);
    let sum: u64 = rows[..n]
        .iter()
        .map(|r| r.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!((sum, rows[n]), (92, "92"));
}

#[cfg(unix)]
/// Shards of a problem with item bounds (Algorithm M: two pieces per row and column, at most
/// two per diagonal) split themselves as a plain problem's do: each part that stops for its
/// budget has searched at least the four fifths of it where it names parts (nothing thrown
/// away and searched again, `"waste":0`),
/// and the tree of parts merges to the sequential count, nodes and updates.
#[test]
fn bounded_shards_split_themselves_without_waste_and_merge_to_the_sequential_count() {
    let dir = scratch("self-split-bounds");
    let file = dir.join("two-per-line.dlx");
    std::fs::write(&file, two_per_line_text(6)).unwrap();
    let file = file.to_str().unwrap();
    let budget = 150;
    let mut results = String::new();
    let (mut parts, mut spent) = (0, 0);
    for i in 0..4 {
        let shard = format!("{i}/4");
        let mut todo: Vec<Option<String>> = vec![None];
        while let Some(from) = todo.pop() {
            let budget = budget.to_string();
            let mut args = vec!["solve", file, "--count", "--shard", &shard];
            args.extend(["--split-after", &budget]);
            if let Some(f) = &from {
                args.extend(["--from", f]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            assert!(v.get("waste").is_none(), "no longer written: {out}");
            let rest = v["continuation"].as_array().unwrap();
            if !rest.is_empty() {
                spent += 1;
                assert!(v["nodes"].as_u64().unwrap() >= 120, "{out}");
            }
            for part in rest {
                todo.push(Some(part.as_str().unwrap().to_string()));
                parts += 1;
            }
            results.push_str(&out);
        }
    }
    assert!(
        parts > 4 && spent > 2,
        "{parts} parts, {spent} shards split"
    );
    let merged = dir.join("all.jsonl");
    std::fs::write(&merged, &results).unwrap();
    let (_, count, seq) = run(&["solve", file, "--count", "--stats", "--engine", "links"]);
    let (code, out, err) = run(&["merge", "--stats", merged.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, count.as_str()), "{err}");
    for label in ["nodes", "updates"] {
        let line = seq.lines().find(|l| l.starts_with(label)).unwrap();
        assert!(err.contains(line), "{line} not in {err}");
    }
}

#[test]
fn a_checkpointed_count_stopped_by_sigterm_at_random_moments_resumes_to_the_same_figures() {
    let dir = scratch("checkpoint");
    let queens11 = queens_file(13, &dir);
    let queens10 = queens_file(10, &dir);
    let (_, expected, seq) = run(&["queens", "13", "--count", "--stats"]);
    let nodes = seq.lines().find(|l| l.starts_with("nodes")).unwrap();
    let nodes = nodes.split_whitespace().nth(1).unwrap().to_string();
    for seed in 0..4u64 {
        let file = dir.join(format!("{seed}.ckpt"));
        let file = file.to_str().unwrap();
        let mut stops = 0;
        let last = loop {
            // A run stopped before its first write has nothing to resume from.
            let flag = if std::path::Path::new(file).exists() {
                "--resume"
            } else {
                "--checkpoint"
            };
            let child = std::process::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
                .args([
                    "solve",
                    &queens11,
                    "--count",
                    flag,
                    file,
                    "--checkpoint-every",
                    "200000",
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            if stops < 3 {
                cli_util::wait_until_caught(child.id(), 15);
                // Pseudo-random moments, different for every seed and stop.
                let wait = (seed * 37 + stops * 53) % 90;
                std::thread::sleep(Duration::from_millis(wait));
                cli_util::send("TERM", child.id());
            }
            let ended = cli_util::end_within_30_seconds(child);
            stops += 1;
            match ended.code {
                // On a loaded machine the signal can come before the search starts (while
                // the problem is read): nothing to resume from this run, which says so.
                Some(143) if ended.stderr.contains("before the search started") => {}
                Some(143) => {
                    assert!(
                        ended.stdout.contains("(incomplete: interrupted)"),
                        "{}",
                        ended.stdout
                    );
                    assert!(
                        ended.stderr.contains("go on with --resume"),
                        "{}",
                        ended.stderr
                    );
                }
                Some(0) => break ended,
                other => panic!("exit {other:?}: {}", ended.stderr),
            }
        };
        assert_eq!(last.stdout, expected, "seed {seed}");
        assert!(
            last.stderr.contains(&format!("complete: {nodes} nodes")),
            "seed {seed}: {}",
            last.stderr
        );
    }
    let (code, _, err) = run(&[
        "solve",
        &queens10,
        "--count",
        "--resume",
        dir.join("0.ckpt").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the checkpoint is of another problem"),
        "{err}"
    );
}

/// `--checkpoint` with `--jobs`: every thread's piece is in the frontier written (whole),
/// so SIGTERM at any moment, then `--resume` with another number of threads, ends with the
/// count, nodes and updates of one uninterrupted thread (issue 27, part 4).
#[cfg(unix)]
#[test]
fn a_checkpointed_count_on_threads_stopped_by_sigterm_resumes_to_the_same_figures() {
    let dir = scratch("checkpoint_jobs");
    let queens = queens_file(12, &dir);
    // The links' figures: checkpoints continue their search.
    let (_, expected, seq) = run(&["solve", &queens, "--count", "--stats", "--engine", "links"]);
    let figure = |name: &str| {
        let line = seq.lines().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace().nth(1).unwrap().to_string()
    };
    let complete = format!(
        "complete: {} nodes, {} updates",
        figure("nodes"),
        figure("updates")
    );
    for seed in 0..4u64 {
        let file = dir.join(format!("{seed}.ckpt"));
        let file = file.to_str().unwrap();
        let mut stops = 0;
        let last = loop {
            let flag = if std::path::Path::new(file).exists() {
                "--resume"
            } else {
                "--checkpoint"
            };
            // 2, 3 or 4 threads, changing from one run to the next.
            let jobs = (2 + (seed + stops) % 3).to_string();
            let child = std::process::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
                .args([
                    "solve",
                    &queens,
                    "--count",
                    "--jobs",
                    &jobs,
                    flag,
                    file,
                    "--checkpoint-every",
                    "30000",
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            if stops < 3 {
                cli_util::wait_until_caught(child.id(), 15);
                let wait = (seed * 41 + stops * 29) % 70;
                std::thread::sleep(Duration::from_millis(wait));
                cli_util::send("TERM", child.id());
            }
            let ended = cli_util::end_within_30_seconds(child);
            stops += 1;
            match ended.code {
                Some(143) if ended.stderr.contains("before the search started") => {}
                Some(143) => assert!(
                    ended.stdout.contains("(incomplete: interrupted)")
                        && ended.stderr.contains("go on with --resume"),
                    "{}{}",
                    ended.stdout,
                    ended.stderr
                ),
                Some(0) => break ended,
                other => panic!("exit {other:?}: {}", ended.stderr),
            }
        };
        assert_eq!(last.stdout, expected, "seed {seed}");
        assert!(
            last.stderr.contains(&complete),
            "seed {seed}: {}",
            last.stderr
        );
    }
    // No stop at all: the same figures on 3 threads, and a checkpoint that says it is done.
    let file = dir.join("whole.ckpt");
    let (code, out, err) = run(&[
        "solve",
        &queens,
        "--count",
        "--jobs",
        "3",
        "--checkpoint",
        file.to_str().unwrap(),
        "--checkpoint-every",
        "10000",
    ]);
    assert_eq!((code, out.as_str()), (0, expected.as_str()), "{err}");
    assert!(err.contains(&complete), "{err}");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(!written.contains("todo"), "{written}");
    assert!(
        written.contains(&format!("\nsolutions {}", expected.trim())),
        "{written}"
    );
}

#[cfg(unix)]
#[test]
fn reduce_shard_and_merge_stopped_while_reading_say_so_and_exit_130_or_143() {
    for (subcommand, signal, number, code) in [
        ("reduce", "INT", 2, 130),
        ("shard", "TERM", 15, 143),
        ("merge", "INT", 2, 130),
    ] {
        let mut args = vec![subcommand, "-"];
        if subcommand == "shard" {
            args.extend(["--count", "4"]);
        }
        // Standard input stays open and empty, as a terminal nobody types in.
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        cli_util::wait_until_caught(child.id(), number);
        cli_util::send(signal, child.id());
        let ended = cli_util::end_within_30_seconds(child);
        drop(stdin);
        assert_eq!(ended.code, Some(code), "{subcommand}: {}", ended.stderr);
        assert!(
            ended
                .stderr
                .contains(&format!("dlxkit {subcommand}: stopped by ")),
            "{subcommand}: {}",
            ended.stderr
        );
    }
}

/// A fuzz pass over merge's input (issue 26): real result lines (shards, split shards and
/// their parts) edited at random — bytes changed, numbers replaced by huge or negative ones,
/// lines dropped, doubled or cut — never make merge panic, hang or exit other than 0, 1 or 2,
/// and every refusal is a `dlxkit:` message. Counts edited by hand can only be accepted
/// (documented), so an accepted merge is checked for its shape, not its number.
/// `DLXKIT_FUZZ_CASES` sets the number of cases (default 150).
#[test]
fn fuzz_merge_result_files() {
    let dir = scratch("fuzz-merge");
    let queens8 = queens_file(8, &dir);
    let mut lines: Vec<String> = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let mut todo: Vec<Option<String>> = vec![None];
        while let Some(from) = todo.pop() {
            let mut args = vec![
                "solve",
                &queens8,
                "--count",
                "--shard",
                &shard,
                "--split-after",
                "700",
            ];
            if let Some(f) = &from {
                args.extend(["--from", f]);
            }
            let (_, out, _) = run(&args);
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            for part in v["continuation"].as_array().unwrap() {
                todo.push(Some(part.as_str().unwrap().to_string()));
            }
            lines.push(out.trim().to_string());
        }
    }
    let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    let cases: u64 = std::env::var("DLXKIT_FUZZ_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(150);
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let numbers = [
        "18446744073709551615",
        "4294967296",
        "-1",
        "1e30",
        "0",
        "99999999999999999999999",
        "4194305",
        "\"7\"",
        "null",
    ];
    for case in 0..cases {
        let mut edited = lines.clone();
        for _ in 0..1 + next(4) {
            let k = next(edited.len());
            match next(6) {
                0 => {
                    edited.remove(k);
                    if edited.is_empty() {
                        edited.push(String::new());
                    }
                }
                1 => {
                    let copy = edited[k].clone();
                    edited.push(copy);
                }
                2 => {
                    let cut = next(edited[k].len() + 1);
                    let mut line = edited[k].clone().into_bytes();
                    line.truncate(cut);
                    edited[k] = String::from_utf8_lossy(&line).into_owned();
                }
                3 => {
                    // A number field replaced.
                    let line = &edited[k];
                    let digits: Vec<usize> = line
                        .char_indices()
                        .filter(|&(i, c)| {
                            c.is_ascii_digit()
                                && (i == 0 || !line.as_bytes()[i - 1].is_ascii_alphanumeric())
                        })
                        .map(|(i, _)| i)
                        .collect();
                    if let Some(&at) = digits.get(next(digits.len().max(1))) {
                        let end = line[at..]
                            .find(|c: char| !c.is_ascii_digit())
                            .map_or(line.len(), |e| at + e);
                        let number = numbers[next(numbers.len())];
                        edited[k] = format!("{}{number}{}", &line[..at], &line[end..]);
                    }
                }
                4 => {
                    let mut line = edited[k].clone().into_bytes();
                    if !line.is_empty() {
                        let at = next(line.len());
                        line[at] = b" {}[],:\"x0-/"[next(12)];
                    }
                    edited[k] = String::from_utf8_lossy(&line).into_owned();
                }
                _ => {
                    let words = [
                        "\"complete\":true",
                        "\"status\":\"complete\"",
                        "\"from\":\"1/8\",",
                        "\"continuation\":[\"1/8\",\"1/8\"],",
                    ];
                    let line = edited[k].clone();
                    let at = line.find(',').map_or(0, |c| c + 1);
                    edited[k] =
                        format!("{}{}{}", &line[..at], words[next(words.len())], &line[at..]);
                }
            }
        }
        let input = edited.join("\n") + "\n";
        let (code, out, err) = run_with_stdin(&["merge", "--format", "json"], &input);
        assert!(
            [0, 1, 2].contains(&code) && !err.contains("panicked"),
            "case {case}: exit {code}: {err}\ninput:\n{input}"
        );
        let v: serde_json::Value = serde_json::from_str(out.trim())
            .unwrap_or_else(|e| panic!("case {case}: {e}: {out}\ninput:\n{input}"));
        if code == 2 {
            assert_eq!(v["complete"], false, "case {case}");
            assert!(
                err.lines()
                    .all(|l| l.starts_with("dlxkit: ") || l.starts_with("hint: ")),
                "case {case}: {err}"
            );
        } else {
            assert_eq!(v["complete"], true, "case {case}");
        }
    }
}

/// Shard counts past 2^64 (a memoised count per shard can reach them) are read as JSON
/// strings, added exactly past 2^128, printed in full, and written back as a string: the
/// one count type (`xc::Count`) end to end.
#[test]
fn merge_adds_counts_past_2_to_the_128_read_and_written_as_strings() {
    let lines = queens8_shards(3);
    let counts: Vec<u64> = lines
        .iter()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["solutions"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 92);
    let with = |line: &str, from: u64, to: &str| {
        line.replace(
            &format!("\"solutions\":{from},"),
            &format!("\"solutions\":{to},"),
        )
    };
    // 2^128 - 1 as a string, 2^64 as a string, and 5 as a number.
    let input = [
        with(&lines[0], counts[0], &format!("\"{}\"", u128::MAX)),
        with(&lines[1], counts[1], "\"18446744073709551616\""),
        with(&lines[2], counts[2], "5"),
    ]
    .concat();
    let total = "340282366920938463481821351505477763076"; // 2^128 + 2^64 + 4
    let (code, out, err) = run_with_stdin(&["merge"], &input);
    assert_eq!(
        (code, out.as_str()),
        (0, format!("{total}\n").as_str()),
        "{err}"
    );
    let (code, out, _) = run_with_stdin(&["merge", "--format", "json"], &input);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"], serde_json::json!(total));
    let (_, out, _) = run_with_stdin(&["merge", "--manifest", "--format", "jsonl"], &input);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["solutions"], serde_json::json!(u128::MAX.to_string()));
    // A number past 2^64 - 1 has been rounded by the JSON reader: refused, with the line.
    let rounded = with(&lines[1], counts[1], "18446744073709551616");
    let (code, _, err) = run_with_stdin(
        &["merge"],
        &[lines[0].clone(), rounded, lines[2].clone()].concat(),
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("<stdin>:2:") && err.contains("a count must be a whole number"),
        "{err}"
    );
}

/// Runs every shard of `base` cut into `n`, each splitting itself after `budget` (nodes, or a
/// time) and listing its solutions, and every part of every continuation; gives the solution
/// lines' `key` fields (sorted) and the shard lines.
fn list_in_split_parts(
    base: &[&str],
    n: usize,
    budget: impl ToString,
    key: &str,
) -> (Vec<String>, Vec<String>) {
    let mut solutions = Vec::new();
    let mut lines = Vec::new();
    for i in 0..n {
        let shard = format!("{i}/{n}");
        let mut todo: Vec<Option<String>> = vec![None];
        let budget = budget.to_string();
        while let Some(from) = todo.pop() {
            let mut args = base.to_vec();
            args.extend(["--shard", &shard, "--split-after", &budget]);
            if let Some(f) = &from {
                args.extend(["--from", f]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            let mut shard_lines = 0;
            for line in out.lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                match v["type"].as_str() {
                    Some("solution") => solutions.push(v[key].to_string()),
                    Some("shard") => {
                        shard_lines += 1;
                        for part in v["continuation"].as_array().unwrap() {
                            todo.push(Some(part.as_str().unwrap().to_string()));
                        }
                        lines.push(line.to_string());
                    }
                    other => panic!("{args:?}: a line of type {other:?}: {line}"),
                }
            }
            assert_eq!(shard_lines, 1, "{args:?}: {out}");
        }
    }
    solutions.sort();
    (solutions, lines)
}

/// Shards that split themselves after a time (`--split-after 2ms`) on a problem that takes
/// far longer: every part exits 0, its status says the time ran out, and the tree of parts
/// lists each solution once and counts to the sequential count, nodes and updates.
#[test]
fn shards_split_by_time_list_each_solution_once_and_merge_to_the_sequential_count() {
    let dir = scratch("split-by-time");
    let queens12 = queens_file(12, &dir);
    let (_, whole, _) = run(&["solve", &queens12, "--format", "jsonl"]);
    let sequential = listed(&whole, "options");
    assert_eq!(sequential.len(), 14200);
    let (solutions, lines) = list_in_split_parts(&["solve", &queens12], 2, "2ms", "options");
    let timed = lines
        .iter()
        .filter(|l| l.contains("\"status\":\"time limit\""))
        .count();
    assert!(timed > 0, "no part ran out of its time: {lines:?}");
    assert_eq!(solutions, sequential);
    let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
    assert_eq!((code, out.as_str()), (0, "14200\n"), "{err}");

    let queens13 = queens_file(13, &dir);
    // Knuth's updates come from the links engine (the default runs bits here).
    let (_, _, seq) = run(&[
        "solve", &queens13, "--count", "--stats", "--engine", "links",
    ]);
    let mut results = String::new();
    let mut timed = 0;
    for i in 0..2 {
        let shard = format!("{i}/2");
        let mut todo: Vec<Option<String>> = vec![None];
        while let Some(from) = todo.pop() {
            let mut args = vec![
                "solve",
                &queens13,
                "--count",
                "--shard",
                &shard,
                "--split-after",
                "5ms",
            ];
            if let Some(f) = &from {
                args.extend(["--from", f]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            let parts = v["continuation"].as_array().unwrap();
            if !parts.is_empty() {
                assert_eq!(v["status"], "time limit", "{out}");
                timed += 1;
            }
            todo.extend(parts.iter().map(|p| Some(p.as_str().unwrap().to_string())));
            results.push_str(&out);
        }
    }
    assert!(timed > 0, "no part ran out of its time");
    let (code, out, err) = run_with_stdin(&["merge", "--stats"], &results);
    assert_eq!((code, out.as_str()), (0, "73712\n"), "{err}");
    for label in ["nodes", "updates"] {
        let line = seq.lines().find(|l| l.starts_with(label)).unwrap();
        assert!(err.contains(line), "{line} not in {err}");
    }
    // A budget that is neither nodes nor a time is refused, naming both forms.
    let (code, _, err) = run(&[
        "solve",
        &queens12,
        "--count",
        "--shard",
        "0/2",
        "--split-after",
        "10M",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`10M` is neither a number of nodes (e.g. 1000000) nor a time (e.g. 500ms, 90s, 10m, 2h)"),
        "{err}"
    );
}

/// The `key` fields of the solution lines of a whole listing, sorted.
fn listed(out: &str, key: &str) -> Vec<String> {
    let mut all: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "solution")
        .map(|v| v[key].to_string())
        .collect();
    all.sort();
    all
}

#[test]
fn self_split_shards_list_each_solution_once_and_merge_to_the_sequential_count() {
    let dir = scratch("split-listing");
    let queens8 = queens_file(8, &dir);
    let (_, whole, _) = run(&["solve", &queens8, "--format", "jsonl"]);
    let sequential = listed(&whole, "options");
    assert_eq!(sequential.len(), 92);
    for (n, budget) in [(4, 30), (16, 7), (3, 1)] {
        let (solutions, lines) = list_in_split_parts(&["solve", &queens8], n, budget, "options");
        assert!(
            lines.len() > n,
            "{n} shards, budget {budget}: the shards split themselves"
        );
        assert_eq!(solutions, sequential, "{n} shards, budget {budget}");
        let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
        assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    }
    // A listing part takes no solution limit (it would throw a subtree's solutions away),
    // and a checkpoint counts.
    let (code, _, err) = run(&[
        "solve",
        &queens8,
        "--shard",
        "0/4",
        "--split-after",
        "30",
        "--limit",
        "3",
    ]);
    // Both are the plan's refusals (`Plan::check`), on `solve` and the puzzles alike.
    assert_eq!(code, 2);
    let whole = "dlxkit: a shard's parts stop only where their budget runs out and name the rest of their tree for the next part, so that together they list each solution once: they do not take a solution limit\nhint: leave out --limit: --split-after, --max-nodes and --timeout stop a part and name the rest for the next one\n";
    assert!(err.starts_with(whole), "{err}");
    let (code, _, err) = run(&[
        "queens",
        "8",
        "--shard",
        "0/4",
        "--split-after",
        "30",
        "--limit",
        "3",
    ]);
    assert_eq!(code, 2);
    assert!(err.starts_with(whole), "{err}");
    let file = dir.join("q.checkpoint");
    let listing = "dlxkit: a checkpoint saves and resumes a count (a list would repeat the solutions found before each stop): it does not take a list of the solutions\nhint: give --count\n";
    let (code, _, err) = run(&["solve", &queens8, "--checkpoint", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.starts_with(listing), "{err}");
    let (code, _, err) = run(&["queens", "8", "--checkpoint", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.starts_with(listing), "{err}");
    assert!(!file.exists(), "refused before any checkpoint is written");
}

/// Algorithm M's seeded ties are drawn from the path to each node, so a shard's parts of a
/// bounded problem take a seed (they were refused: the ties came from one random stream, and
/// a part could not retrace the path another named): the parts of two-per-line 5 merge to
/// the sequential count, and shards at a fixed depth take the seed too. The parts of
/// redrect 4x4 and motley 5x7 on each engine are the tests below, one per case, so that
/// libtest runs them on both cores (each part is a process of its own: as one test they ran
/// alone for minutes after the binary's other tests had ended).
#[test]
fn seeded_parts_of_a_bounded_problem_merge_to_the_count_and_seeded_shards_merge() {
    let dir = scratch("seeded_bounds");
    let file = dir.join("two-per-line-5.dlx");
    std::fs::write(&file, two_per_line_text(5)).unwrap();
    let file = file.to_str().unwrap();
    let (code, whole, err) = run(&["solve", file, "--count"]);
    assert_eq!(code, 0, "{err}");
    let (_, lines) = list_in_split_parts(&["solve", file, "--count", "--seed", "3"], 1, 50, "x");
    assert!(lines.len() > 1, "the shard split itself");
    let (code, merged, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
    assert_eq!((code, &merged), (0, &whole), "{err}");
    let lines: Vec<String> = (0..6)
        .map(|i| {
            let shard = format!("{i}/6");
            let (code, out, err) =
                run(&["solve", file, "--count", "--shard", &shard, "--seed", "3"]);
            assert_eq!(code, 0, "{shard}: {err}");
            out
        })
        .collect();
    let (code, merged, err) = run_with_stdin(&["merge"], &lines.concat());
    assert_eq!((code, merged), (0, whole), "{err}");
}

/// The seeded parts of `input` (a file of `tests/`) on `engine`, `n` shards that split
/// themselves after `budget` nodes, are at least 20 and merge to `solutions`.
fn seeded_parts_merge(
    input: &str,
    engine: &str,
    seed: &str,
    n: usize,
    budget: u64,
    solutions: &str,
) {
    let file = format!("{}/../tests/{input}", env!("CARGO_MANIFEST_DIR"));
    let base = [
        "solve", &file, "--count", "--seed", seed, "--engine", engine,
    ];
    let (_, lines) = list_in_split_parts(&base, n, budget, "x");
    assert!(
        lines.len() >= 20,
        "{file} on {engine}: {} parts",
        lines.len()
    );
    let (code, merged, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
    let case = format!("{file} on {engine}, seed {seed}");
    assert_eq!(
        (code, merged),
        (0, format!("{solutions}\n")),
        "{case}: {err}"
    );
}

#[test]
fn seeded_parts_of_redrect_4x4_on_the_links_merge_to_the_count() {
    seeded_parts_merge(
        "knuth_inputs/redrect-4-4.dlx",
        "links",
        "1",
        2,
        300,
        "55137",
    );
}

#[test]
fn seeded_parts_of_redrect_4x4_on_the_bits_merge_to_the_count() {
    seeded_parts_merge("knuth_inputs/redrect-4-4.dlx", "bits", "7", 1, 300, "55137");
}

#[test]
fn seeded_parts_of_redrect_4x4_on_the_cells_merge_to_the_count() {
    seeded_parts_merge(
        "knuth_inputs/redrect-4-4.dlx",
        "cells",
        "2",
        1,
        300,
        "55137",
    );
}

#[test]
fn seeded_parts_of_motley_5x7_on_the_links_merge_to_the_count() {
    seeded_parts_merge("cells_inputs/motley-5-7.dlx", "links", "1", 2, 20, "214");
}

#[test]
fn seeded_parts_of_motley_5x7_on_the_bits_merge_to_the_count() {
    seeded_parts_merge("cells_inputs/motley-5-7.dlx", "bits", "5", 1, 20, "214");
}

#[test]
fn puzzle_shards_split_themselves_when_listing_and_counting() {
    // (puzzle, its solutions, shards, budget)
    let cases: [(&[&str], usize, usize, u64); 3] = [
        (&["queens", "8"], 92, 8, 20),
        (&["langford", "7"], 52, 5, 40),
        (&["dominoes", "4x4"], 36, 6, 10),
    ];
    for (puzzle, count, n, budget) in cases {
        let mut all = puzzle.to_vec();
        all.extend(["--limit", "100000", "--format", "jsonl"]);
        let (_, whole, _) = run(&all);
        let sequential = listed(&whole, "data");
        assert_eq!(sequential.len(), count, "{puzzle:?}");
        let (solutions, lines) = list_in_split_parts(puzzle, n, budget, "data");
        assert!(lines.len() > n, "{puzzle:?}: the shards split themselves");
        assert_eq!(solutions, sequential, "{puzzle:?}");
        let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
        assert_eq!((code, out), (0, format!("{count}\n")), "{puzzle:?}: {err}");
        // Counting, the same tree of parts merges to the same count.
        let mut counting = puzzle.to_vec();
        counting.push("--count");
        let (none, lines) = list_in_split_parts(&counting, n, budget, "data");
        assert!(none.is_empty());
        let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
        assert_eq!((code, out), (0, format!("{count}\n")), "{puzzle:?}: {err}");
    }
    // A seed goes with a puzzle shard's parts, as with `solve`'s.
    let (code, out, err) = run(&[
        "queens",
        "8",
        "--shard",
        "0/4",
        "--split-after",
        "30",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"type\":\"shard\""), "{out}");
}

#[test]
fn shards_searched_with_two_seeds_do_not_merge() {
    // The seed fixes the tree each shard searches: its fingerprint names it, so the shards
    // of one seed merge to the count, and a shard of another seed among them is refused.
    let shard = |i: usize, seed: &str| {
        let (code, out, err) = run(&[
            "queens",
            "8",
            "--seed",
            seed,
            "--count",
            "--shard",
            &format!("{i}/4"),
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let same: String = (0..4).map(|i| shard(i, "3")).collect();
    let (code, out, err) = run_with_stdin(&["merge"], &same);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    let mixed: String = (0..4)
        .map(|i| shard(i, if i == 2 { "4" } else { "3" }))
        .collect();
    let (code, _, err) = run_with_stdin(&["merge"], &mixed);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("shard 2 (") && err.contains("is from a different problem or shard list"),
        "{err}"
    );
    // Without a seed, the list is Knuth's order's: a seeded shard does not join it either.
    let (code, plain, err) = run(&["queens", "8", "--count", "--shard", "2/4"]);
    assert_eq!(code, 0, "{err}");
    let mixed: String = (0..4)
        .map(|i| if i == 2 { plain.clone() } else { shard(i, "3") })
        .collect();
    let (code, _, err) = run_with_stdin(&["merge"], &mixed);
    assert_eq!(code, 2, "{err}");
}

/// The solution lines' option lists, each sorted: another engine's tree lists a solution's
/// options in another order.
fn each_sorted(solutions: Vec<String>) -> Vec<String> {
    let mut all: Vec<String> = solutions
        .iter()
        .map(|s| {
            let v: serde_json::Value = serde_json::from_str(s).unwrap();
            let mut options: Vec<String> = v
                .as_array()
                .unwrap()
                .iter()
                .map(ToString::to_string)
                .collect();
            options.sort();
            options.join(",")
        })
        .collect();
    all.sort();
    all
}

/// Shards that split themselves on dancing cells and the bit sets (`--engine cells`,
/// `--engine bits`) name parts of the links' tree: they list the links' solutions and merge to
/// the links' count, parts named on one engine run on another, and a checkpoint written on
/// one engine resumes on another to the same count.
#[test]
fn self_split_shards_and_checkpoints_on_cells_and_bits_count_as_the_links() {
    let dir = scratch("split-engines");
    let queens8 = queens_file(8, &dir);
    let (_, whole, _) = run(&["solve", &queens8, "--format", "jsonl"]);
    let sequential = each_sorted(listed(&whole, "options"));
    assert_eq!(sequential.len(), 92);
    for engine in ["cells", "bits"] {
        let base = ["solve", &queens8, "--engine", engine];
        let (solutions, lines) = list_in_split_parts(&base, 3, 40, "options");
        assert!(lines.len() > 3, "{engine}: the shards split themselves");
        assert_eq!(each_sorted(solutions), sequential, "{engine}");
        let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
        assert_eq!((code, out.as_str()), (0, "92\n"), "{engine}: {err}");
    }
    // Each task on the next engine: the parts of one run on another.
    let mut results = String::new();
    let mut tasks = 0;
    for i in 0..2 {
        let shard = format!("{i}/2");
        let mut todo: Vec<Option<String>> = vec![None];
        while let Some(from) = todo.pop() {
            let engine = ["cells", "bits", "links"][tasks % 3];
            tasks += 1;
            let mut args = vec!["solve", &queens8, "--count", "--engine", engine];
            args.extend(["--shard", &shard, "--split-after", "50"]);
            if let Some(f) = &from {
                args.extend(["--from", f]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            for part in v["continuation"].as_array().unwrap() {
                todo.push(Some(part.as_str().unwrap().to_string()));
            }
            results.push_str(&out);
        }
    }
    assert!(tasks > 6, "{tasks} tasks");
    let (code, out, err) = run_with_stdin(&["merge"], &results);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    // A checkpoint stopped on cells after a few hundred nodes, finished on the bit sets.
    let file = dir.join("engines.checkpoint");
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&[
        "solve",
        &queens8,
        "--count",
        "--engine",
        "cells",
        "--checkpoint",
        file,
        "--checkpoint-every",
        "50",
        "--max-nodes",
        "300",
    ]);
    assert!(out.contains("(incomplete: "), "{code} {out} {err}");
    let (code, out, err) = run(&[
        "solve", &queens8, "--count", "--engine", "bits", "--resume", file,
    ]);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
}

/// A shard's parts on the bit sets never work out Knuth's updates, with or without --stats:
/// their lines name the bit sets and leave "updates" and "cleansings" out, and `merge
/// --stats` says they were not counted (the nodes still merge to the links', the same tree);
/// the links' parts carry them and merge to the links' sequential figures.
#[test]
fn parts_on_the_bit_sets_carry_no_updates_and_name_their_engine() {
    let dir = scratch("bits-updates");
    let queens8 = queens_file(8, &dir);
    let (_, _, seq) = run(&["solve", &queens8, "--count", "--stats", "--engine", "links"]);
    let figure = |text: &str, label: &str| {
        let line = text.lines().find(|l| l.starts_with(label)).unwrap();
        line.split_whitespace().nth(1).unwrap().to_string()
    };
    for (engine, stats) in [("bits", false), ("bits", true), ("links", true)] {
        let mut base = vec!["solve", &queens8, "--count", "--engine", engine];
        if stats {
            base.push("--stats");
        }
        let (_, lines) = list_in_split_parts(&base, 2, 60, "options");
        assert!(lines.len() > 2, "the shards split themselves");
        let counted = engine == "links";
        for line in &lines {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["engine"], engine, "{line}");
            assert_eq!(v.get("updates").is_some(), counted, "{line}");
            assert_eq!(v.get("cleansings").is_some(), counted, "{line}");
        }
        let (code, out, err) = run_with_stdin(&["merge", "--stats"], &(lines.join("\n") + "\n"));
        assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
        assert_eq!(figure(&err, "nodes"), figure(&seq, "nodes"), "{err}");
        assert_eq!(figure(&err, "engine"), engine, "{err}");
        match counted {
            true => assert_eq!(figure(&err, "updates"), figure(&seq, "updates"), "{err}"),
            false => assert!(
                err.contains(&format!(
                    "updates     not counted ({} lines without them: the bit sets do not count them; --engine links does)",
                    lines.len()
                )),
                "{err}"
            ),
        }
        let (_, json, _) =
            run_with_stdin(&["merge", "--format", "json"], &(lines.join("\n") + "\n"));
        let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        assert_eq!(v.get("updates").is_some(), counted, "{json}");
        assert_eq!(v["engine"], engine, "{json}");
    }
}

/// `merge` of lines from different engines adds what every line counted alike: the
/// solutions always; not the nodes and updates of dancing cells (SSXCC's tree) with the
/// links' (DLX's), which it says it left out. A hand-edited line with an unknown engine, or
/// with a count its engine does not write, is refused with the file and line named.
#[test]
fn merge_of_mixed_engines_leaves_out_what_they_count_differently() {
    let dir = scratch("mixed-engines");
    let queens8 = queens_file(8, &dir);
    let part = |engine: &str, i: usize| {
        let (code, out, err) = run(&[
            "solve",
            &queens8,
            "--count",
            "--engine",
            engine,
            "--shard",
            &format!("{i}/2"),
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let mixed = part("links", 0) + &part("cells", 1);
    let (code, out, err) = run_with_stdin(&["merge", "--stats"], &mixed);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    let why = "not merged (lines of the cells and links engines: dancing cells count SSXCC's tree, the others DLX's)";
    for label in ["nodes", "updates", "cleansings"] {
        assert!(err.contains(&format!("{label:<11} {why}")), "{err}");
    }
    assert!(err.contains("engine      cells, links"), "{err}");
    let (_, json, _) = run_with_stdin(&["merge", "--format", "json"], &mixed);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["solutions"], 92, "{json}");
    for field in ["nodes", "updates", "cleansings", "engine"] {
        assert!(v.get(field).is_none(), "{field} in {json}");
    }
    // Lines of the links and the bit sets count one tree: their nodes add up.
    let (_, _, seq) = run(&["solve", &queens8, "--count", "--stats", "--engine", "links"]);
    let (_, _, err) = run_with_stdin(
        &["merge", "--stats"],
        &(part("links", 0) + &part("bits", 1)),
    );
    let nodes = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("nodes"))
            .unwrap()
            .to_string()
    };
    assert_eq!(nodes(&err), nodes(&seq), "{err}");
    assert!(
        err.contains("updates     not counted (1 lines without them"),
        "{err}"
    );
    // Hand-edited lines.
    let links = part("links", 0);
    let bits = part("bits", 1);
    for (line, message) in [
        (
            links.replace("\"engine\":\"links\"", "\"engine\":\"dlx\""),
            "dlxkit: <stdin>:1: \"engine\" is \"dlx\", not links, cells or bits: the line was edited",
        ),
        (
            bits.replace("\"engine\":\"bits\"", "\"updates\":7,\"engine\":\"bits\""),
            "dlxkit: <stdin>:1: a line of the bits engine with only one of \"updates\" and \"cleansings\", a line that engine never writes: the line was edited",
        ),
        (
            links.replacen("\"updates\":", "\"moves\":", 1),
            "dlxkit: <stdin>:1: a line of the links engine without \"updates\", a line that engine never writes: the line was edited",
        ),
    ] {
        let (code, _, err) = run_with_stdin(&["merge"], &line);
        assert_ne!(code, 0, "{err}");
        assert!(err.starts_with(message), "{err}");
    }
}

/// Shards that split themselves in a seeded order or with `#` items preferred (`--seed`,
/// `--prefer-sharp`): each subtree is searched in that order, the parts list the solutions
/// of the search in Knuth's order and merge to its count, on every engine, and parts of two
/// seeds do not merge.
#[test]
fn seeded_self_split_shards_list_each_solution_once_and_merge() {
    let dir = scratch("split-seeded");
    let queens8 = queens_file(8, &dir);
    let (_, whole, _) = run(&["solve", &queens8, "--format", "jsonl"]);
    let sequential = each_sorted(listed(&whole, "options"));
    let mut seeds = Vec::new();
    for (engine, order) in [
        ("links", ["--seed", "7"]),
        ("cells", ["--seed", "7"]),
        ("bits", ["--seed", "8"]),
        ("links", ["--prefer-sharp", "--seed"]),
    ] {
        let mut base = vec!["solve", &queens8, "--engine", engine];
        match order {
            ["--prefer-sharp", _] => base.push("--prefer-sharp"),
            _ => base.extend(order),
        }
        let (solutions, lines) = list_in_split_parts(&base, 3, 40, "options");
        assert!(lines.len() > 3, "{base:?}: the shards split themselves");
        assert_eq!(each_sorted(solutions), sequential, "{base:?}");
        let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
        assert_eq!((code, out.as_str()), (0, "92\n"), "{base:?}: {err}");
        seeds.push(lines);
    }
    // Seeds 7 and 8 name other splits: their parts do not merge.
    let mixed = format!("{}\n{}\n", seeds[0][0], seeds[2][1]);
    let (code, _, err) = run_with_stdin(&["merge"], &mixed);
    assert_eq!(code, 2, "{err}");
}

/// `solve --reduce` in a shard's parts: queens 8 with an option first that covers every row
/// (the reduction removes it, so every option after it is renumbered), each shard split after
/// a few nodes and every part run with `--from`: the parts list the 92 solutions of the
/// problem searched as given, as its options, and merge to the count of `solve --reduce`;
/// their fingerprint says the problem was reduced, so a part of the plain search does not
/// merge with them.
#[test]
fn reduced_shards_in_parts_list_the_problems_solutions_and_merge() {
    let dir = scratch("reduce-parts");
    let (_, text, _) = run(&["queens", "8", "--emit", "dlx"]);
    let mut lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| !l.starts_with('|')).unwrap();
    lines.insert(header + 1, "r0 r1 r2 r3 r4 r5 r6 r7");
    let file = dir.join("queens8-blocked.dlx");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();
    let (code, count, err) = run(&["solve", file, "--count", "--reduce"]);
    assert_eq!((code, count.as_str()), (0, "92\n"), "{err}");
    assert!(err.contains("reduced: removed 1 option"), "{err}");
    let (_, whole, _) = run(&["solve", file, "--format", "jsonl"]);
    let sequential = each_sorted(listed(&whole, "options"));
    assert_eq!(sequential.len(), 92);
    let (solutions, lines) = list_in_split_parts(&["solve", file, "--reduce"], 4, 20, "options");
    assert!(lines.len() > 4, "the shards split themselves");
    assert_eq!(each_sorted(solutions), sequential);
    let (code, out, err) = run_with_stdin(&["merge"], &(lines.join("\n") + "\n"));
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    // Counting parts merge to the same count.
    let (_, counted) =
        list_in_split_parts(&["solve", file, "--reduce", "--count"], 3, 7, "options");
    let (code, out, err) = run_with_stdin(&["merge"], &(counted.join("\n") + "\n"));
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    // Whole shards of `solve --reduce --shard` are of the same list: with the parts of
    // shard 0 in place of shard 0, they merge to the count.
    let mut joined: Vec<String> = counted
        .iter()
        .filter(|l| l.contains("\"index\":0,"))
        .cloned()
        .collect();
    for i in 1..3 {
        let shard = format!("{i}/3");
        let (code, line, err) = run(&["solve", file, "--count", "--reduce", "--shard", &shard]);
        assert_eq!(code, 0, "{err}");
        joined.push(line.trim_end().to_string());
    }
    let (code, out, err) = run_with_stdin(&["merge"], &(joined.join("\n") + "\n"));
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    // A shard of the plain search does not join a reduced list.
    let (code, plain, err) = run(&["solve", file, "--count", "--shard", "0/3"]);
    assert_eq!(code, 0, "{err}");
    let first = counted[0].clone();
    let mixed: String = counted
        .iter()
        .filter(|l| !l.contains("\"index\":0,"))
        .chain([&plain])
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    let (code, _, err) = run_with_stdin(&["merge"], &mixed);
    assert_eq!(code, 2, "{first}\n{err}");
    assert!(
        err.contains("is from a different problem or shard list"),
        "{err}"
    );
}
