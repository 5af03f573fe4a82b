//! `--engine links|cells|bits`: the same solutions and counts on every engine that runs, and
//! a refusal with the reason (exit 2) for a mode or an engine that does not run yet.

use crate::cli_util::{dlxkit, two_per_line_text};

/// Runs dlxkit with `args`; its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = dlxkit().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn input(name: &str) -> String {
    format!("{}/../tests/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn cells_print_the_solutions_links_print() {
    for name in [
        "knuth_inputs/queens-6.dlx",
        "knuth_inputs/de-bruijn-0-2-4.dlx",
        "knuth_inputs/motley-4-4.dlx",
        "knuth_inputs/redrect-3-4.dlx",
    ] {
        let file = input(name);
        let (code, links, _) = run(&["solve", &file, "--engine", "links"]);
        assert_eq!(code, 0, "{name}");
        let (code, cells, _) = run(&["solve", &file, "--engine", "cells"]);
        assert_eq!(code, 0, "{name}");
        let sorted = |text: &str| {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines.sort();
            lines
        };
        assert!(!links.is_empty());
        assert_eq!(sorted(&cells), sorted(&links), "{name}");
    }
}

#[test]
fn cells_count_a_puzzle_and_stop_at_a_limit() {
    let (code, out, _) = run(&["queens", "8", "--count", "--engine", "cells"]);
    assert_eq!((code, out.trim()), (0, "92"));
    let file = input("knuth_inputs/queens-8.dlx");
    let (code, out, _) = run(&[
        "solve", &file, "--engine", "cells", "--limit", "2", "--format", "json",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["solutions"], 2);
    assert_eq!(json["status"], "solution limit");
}

#[test]
fn cells_take_threads_and_shards_of_a_bounded_problem() {
    // Algorithm M's shards are paths of numbered moves, which cells search as the problem
    // below them: the one solution of motley 3x3 on two threads, as SSMCC orders it.
    let motley = input("knuth_inputs/motley-3-3.dlx");
    let (code, out, _) = run(&["solve", &motley, "--engine", "cells", "--jobs", "2"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "12 22 x1 y2 x13 y23\n01 02 !1 y1 x01 y13\n20 21 x2 x23 y02\n00 10 x02 y01\n\
         11 x1 y1 x12 y12\n\n"
    );
    // Motley 4x4's 8 solutions: on three threads, and as three shards of 3, 4 and 1.
    let motley = input("knuth_inputs/motley-4-4.dlx");
    let (code, out, _) = run(&[
        "solve", &motley, "--engine", "cells", "--jobs", "3", "--count",
    ]);
    assert_eq!((code, out.as_str()), (0, "8\n"));
    for (index, solutions) in [(0, 3), (1, 4), (2, 1)] {
        let shard = format!("{index}/3");
        let args = [
            "solve", &motley, "--engine", "cells", "--shard", &shard, "--count",
        ];
        let (code, out, _) = run(&args);
        assert_eq!(code, 0, "{shard}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["solutions"], solutions, "{shard}");
        assert_eq!(json["status"], "complete", "{shard}");
    }
}

#[test]
fn an_engine_that_does_not_take_a_mode_is_refused_with_the_reason() {
    let queens = input("knuth_inputs/queens-6.dlx");
    let motley = input("knuth_inputs/motley-3-3.dlx");
    let cases: [(&[&str], &str); 2] = [
        (&["solve", &motley, "--engine", "cells", "--count", "--memo"], "dlxkit: the memoised count (Knuth's DXZ, DLX6) searches on a board of its own (a bitset of the items left, its states cached), not on the cells engine: leave the engine out"),
        (&["solve", &queens, "--engine", "knots"], "error: invalid value 'knots' for '--engine <ENGINE>': `knots` is not an engine: write links, cells or bits"),
    ];
    for (args, message) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().next(), Some(message), "{args:?}");
    }
}

#[test]
fn bits_with_item_bounds_take_a_seed_and_the_sharp_preference_as_the_links() {
    // Algorithm M on bit sets in a seeded or sharp order searches the links' tree: the same
    // solutions in the same order, and the same nodes.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_engine_seed");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two-per-line-5.dlx");
    // The diagonals named `#...`: the sharp preference branches on them first.
    let text = two_per_line_text(5)
        .replace(" a", " #a")
        .replace("|a", "|#a");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    for order in [
        &["--seed", "7"][..],
        &["--prefer-sharp"],
        &["--seed", "2026", "--prefer-sharp"],
    ] {
        let solve = |engine: &str| {
            let (code, out, err) = run(&[&["solve", file, "--engine", engine], order].concat());
            assert_eq!(code, 0, "{order:?}: {err}");
            out
        };
        let links = solve("links");
        assert_eq!(links.matches("\n\n").count(), 92, "{order:?}");
        assert_eq!(solve("bits"), links, "{order:?}");
        let nodes = |engine: &str| {
            let args = [
                &[
                    "solve", file, "--count", "--format", "json", "--engine", engine,
                ],
                order,
            ];
            let (code, out, err) = run(&args.concat());
            assert_eq!(code, 0, "{order:?}: {err}");
            let json: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(json["solutions"], 92);
            json["nodes"].as_u64().unwrap()
        };
        assert_eq!(nodes("bits"), nodes("links"), "{order:?}");
    }
}
