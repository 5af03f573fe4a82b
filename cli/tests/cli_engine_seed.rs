//! `--seed` on each engine, as `solve --help` says: the same seed gives the same run, every
//! seed the same solutions; the links and the bit sets shuffle the tree (each its own way,
//! the bit sets the links' way with item bounds), dancing cells only the order of the
//! forced moves; without `--engine` a seeded run goes to the links.

use crate::cli_util::dlxkit;

fn input(name: &str) -> String {
    format!("{}/../tests/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Standard output of `dlxkit solve FILE args...` (exit 0).
fn solve(file: &str, args: &[&str]) -> String {
    let out = dlxkit().arg("solve").arg(file).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{file} {args:?}: {err}");
    String::from_utf8(out.stdout).unwrap()
}

/// The first solution of `file` on `engine` with `seed` (none: unseeded).
fn first(file: &str, engine: &str, seed: Option<&str>) -> String {
    let mut args = vec!["--engine", engine, "--limit", "1"];
    args.extend(seed.map(|s| ["--seed", s]).into_iter().flatten());
    solve(file, &args)
}

/// Every solution, each as its sorted lines, in a sorted list.
fn solution_set(text: &str) -> Vec<Vec<String>> {
    let mut set: Vec<Vec<String>> = text
        .split("\n\n")
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let mut lines: Vec<String> = s.lines().map(str::to_string).collect();
            lines.sort();
            lines
        })
        .collect();
    set.sort();
    set
}

/// `(solutions, nodes, engine)` of a seeded count in JSON.
fn counted(file: &str, args: &[&str]) -> (u64, u64, String) {
    let out = solve(file, &[&["--count", "--format", "json"], args].concat());
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    (
        json["solutions"].as_u64().unwrap(),
        json["nodes"].as_u64().unwrap(),
        json["engine"].as_str().unwrap().to_string(),
    )
}

#[test]
fn a_seed_gives_the_same_run_and_the_same_solutions_on_every_engine() {
    for name in [
        "knuth_inputs/queens-8.dlx",
        "knuth_inputs/de-bruijn-0-2-4.dlx",
        "knuth_inputs/motley-4-4.dlx",
    ] {
        let file = input(name);
        let all = solution_set(&solve(&file, &["--engine", "links"]));
        assert!(!all.is_empty(), "{name}");
        for engine in ["links", "cells", "bits"] {
            for seed in ["1", "2", "2026"] {
                let args = ["--engine", engine, "--seed", seed];
                let run = solve(&file, &args);
                assert_eq!(solve(&file, &args), run, "{name} {engine} {seed}");
                assert_eq!(solution_set(&run), all, "{name} {engine} {seed}");
            }
        }
    }
}

#[test]
fn links_and_bits_shuffle_the_tree_each_their_own_way() {
    let queens = input("knuth_inputs/queens-8.dlx");
    for engine in ["links", "bits"] {
        let one = first(&queens, engine, Some("1"));
        assert_ne!(first(&queens, engine, Some("2")), one, "{engine}");
        assert_ne!(first(&queens, engine, None), one, "{engine}");
    }
    // Without bounds the bit sets' shuffle is not the links' for the same seed.
    assert_ne!(
        first(&queens, "bits", Some("1")),
        first(&queens, "links", Some("1"))
    );
    // With item bounds the bit sets search the links' seeded tree.
    let motley = input("knuth_inputs/motley-4-4.dlx");
    for seed in ["1", "2"] {
        let links = solve(&motley, &["--engine", "links", "--seed", seed]);
        assert_eq!(solve(&motley, &["--engine", "bits", "--seed", seed]), links);
    }
}

#[test]
fn cells_shuffle_only_the_order_of_the_forced_moves() {
    // Ties go to the first item whatever the seed: on queens 8 every seed's run is the
    // unseeded one.
    let queens = input("knuth_inputs/queens-8.dlx");
    let plain = solve(&queens, &["--engine", "cells"]);
    for seed in ["1", "2", "3"] {
        assert_eq!(
            solve(&queens, &["--engine", "cells", "--seed", seed]),
            plain
        );
    }
    // With item bounds the forced moves' order can change SSMCC's tree (motley 6x6: 131,701
    // nodes for seed 1, 131,712 for seed 2; tests/engine_cells_modes.rs checks seeded
    // counts against SSMCC's), not the count.
    let motley = input("cells_inputs/motley-6-6.dlx");
    let one = counted(&motley, &["--engine", "cells", "--seed", "1"]);
    let two = counted(&motley, &["--engine", "cells", "--seed", "2"]);
    assert_eq!((one.0, two.0), (5850, 5850));
    assert_ne!(one.1, two.1);
}

#[test]
fn a_seeded_run_without_an_engine_goes_to_the_links() {
    for name in ["knuth_inputs/queens-8.dlx", "knuth_inputs/motley-4-4.dlx"] {
        let file = input(name);
        assert_eq!(counted(&file, &[]).2, "bits", "{name}");
        let seeded = counted(&file, &["--seed", "5"]);
        assert_eq!(seeded.2, "links", "{name}");
        assert_eq!(
            seeded,
            counted(&file, &["--seed", "5", "--engine", "links"])
        );
    }
}
