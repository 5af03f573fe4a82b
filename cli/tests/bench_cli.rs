//! Command-line tests of `dlxkit bench`: on a tiny input (5 pe96 puzzles and 2 of Norvig's
//! hardest), every solver is in the table with dlx as the baseline (ratio 1.00), naive hits a
//! low node limit and the table says so, `--out` writes one CSV row per puzzle per solver, JSON
//! that parses and well-formed SVG charts; the seed fixes the order; `--engine` prints the
//! known counts; bad usage exits 2. Speed is never asserted.

use std::path::{Path, PathBuf};

use crate::cli_util::dlxkit;

use serde_json::Value;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dlxkit-bench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The first `n` lines of a shipped puzzle file, written into `dir`.
fn head(dir: &Path, file: &str, n: usize) -> PathBuf {
    let text = std::fs::read_to_string(Path::new(crate::ROOT).join(file)).unwrap();
    let lines: Vec<&str> = text.lines().take(n).collect();
    let path = dir.join(Path::new(file).file_name().unwrap());
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Runs `dlxkit args...`, expecting exit 0, and returns standard output.
fn stdout_of(args: &[&str]) -> String {
    let out = dlxkit().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "dlxkit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const SOLVERS: [&str; 5] = ["dlx", "naive", "mrv", "forward-checking", "strategies"];

/// A well-formedness check of XML good enough for the SVG that plotters writes: every tag
/// opened is closed in order, attributes are quoted, the root is `<svg>`.
fn check_xml(text: &str) -> Result<usize, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut rest = text.trim_start();
    if rest.starts_with("<?xml") {
        rest = &rest[rest.find("?>").ok_or("unclosed declaration")? + 2..];
    }
    if !rest.trim_start().starts_with("<svg") {
        return Err("the root is not <svg>".into());
    }
    let mut seen_root = false;
    while let Some(open) = rest.find('<') {
        let text_before = &rest[..open];
        if text_before.contains('>') {
            return Err(format!("stray `>` in text {text_before:?}"));
        }
        if stack.is_empty() && seen_root && !text_before.trim().is_empty() {
            return Err("text after the root".into());
        }
        let close = rest[open..].find('>').ok_or("unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().ok_or(format!("`</{name}>` closes nothing"))?;
            if top != name.trim() {
                return Err(format!("`</{name}>` closes `<{top}>`"));
            }
            continue;
        }
        if stack.is_empty() && seen_root {
            return Err("a second root element".into());
        }
        seen_root = true;
        elements += 1;
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
        {
            return Err(format!("bad tag name in <{tag}>"));
        }
        // Attributes: name="value" pairs.
        let mut attrs = body[name.len()..].trim();
        while !attrs.is_empty() {
            let eq = attrs
                .find('=')
                .ok_or(format!("attribute without value in <{tag}>"))?;
            let quote = attrs[eq + 1..].chars().next().ok_or("missing value")?;
            if quote != '"' && quote != '\'' {
                return Err(format!("unquoted attribute in <{tag}>"));
            }
            let end = attrs[eq + 2..]
                .find(quote)
                .ok_or("unclosed attribute value")?
                + eq
                + 2;
            if attrs[eq + 2..end].contains('<') {
                return Err(format!("`<` in an attribute of <{tag}>"));
            }
            attrs = attrs[end + 1..].trim_start();
        }
        if !self_closing {
            stack.push(name);
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed elements {stack:?}"));
    }
    if !rest.trim().is_empty() {
        return Err("text after the root".into());
    }
    Ok(elements)
}

#[test]
fn the_xml_check_tells_good_from_bad() {
    assert_eq!(
        check_xml("<svg a=\"1\"><g><rect x='0'/></g>\n</svg>\n"),
        Ok(3)
    );
    assert!(check_xml("<svg><g></svg>").is_err());
    assert!(check_xml("<svg><rect x=0/></svg>").is_err());
    assert!(check_xml("<html></html>").is_err());
    assert!(check_xml("<svg></svg><svg></svg>").is_err());
    assert!(check_xml("<svg>").is_err());
}

/// The table line of a solver, split on runs of two spaces or more.
fn row<'a>(table: &'a str, solver: &str) -> Vec<&'a str> {
    let line = table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(solver))
        .unwrap_or_else(|| panic!("no row for {solver} in\n{table}"));
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn a_tiny_run_has_every_solver_the_ratios_the_limit_hits_and_the_files() {
    let dir = scratch("tiny");
    let easy = head(&dir, "data/sudoku/pe96_easy50.txt", 5);
    let hard = head(&dir, "data/sudoku/norvig_hardest11.txt", 2);
    let out = dir.join("out");
    let args = [
        "bench",
        "--node-limit",
        "1000",
        "--warmup",
        "1",
        "--out",
        out.to_str().unwrap(),
        easy.to_str().unwrap(),
        hard.to_str().unwrap(),
    ];
    let text = stdout_of(&args);
    let tables: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(tables.len(), 2, "{text}");
    assert!(
        tables[0].starts_with("pe96_easy50.txt: 5 puzzles, mode unique (limit 2), node limit 1000")
    );
    assert!(tables[1].starts_with("norvig_hardest11.txt: 2 puzzles"));
    for table in &tables {
        let header = table.lines().nth(1).unwrap();
        assert!(
            header.starts_with("solver") && header.ends_with("time vs dlx"),
            "{header}"
        );
        // The backtracking solvers count assignments; "nodes" are Knuth's tree's only.
        let columns: Vec<&str> = header.split_whitespace().collect();
        assert!(
            columns.contains(&"assignments") && !columns.contains(&"nodes"),
            "{header}"
        );
        for solver in SOLVERS {
            let cells = row(table, solver);
            assert_eq!(cells.len(), 14, "{solver}: {cells:?}");
        }
        let dlx = row(table, "dlx");
        assert_eq!(dlx[13], "1.00");
        assert!(dlx[1].ends_with("/5") || dlx[1].ends_with("/2"));
        assert_eq!(
            dlx[1].split('/').next(),
            dlx[1].split('/').nth(1),
            "dlx solves all"
        );
    }
    // naive cannot prove the hard puzzles unique in 1000 nodes: limit hits, shown.
    let naive = row(tables[1], "naive");
    assert_eq!(naive[11], "2", "{naive:?}");
    assert_eq!(naive[1], "0/2");
    assert_eq!(naive[13], "-", "no puzzle in common with dlx");

    // The raw records: one row per puzzle per solver.
    let csv = std::fs::read_to_string(out.join("records.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "set,solver,puzzle,line,position,outcome,answer,solutions,time_us,assignments,guesses,backtracks"
    );
    assert_eq!(lines.len(), 1 + (5 + 2) * SOLVERS.len());
    for solver in SOLVERS {
        for (set, n) in [("pe96_easy50.txt", 5), ("norvig_hardest11.txt", 2)] {
            let prefix = format!("{set},{solver},");
            let mut puzzles: Vec<usize> = lines
                .iter()
                .filter(|l| l.starts_with(&prefix))
                .map(|l| l.split(',').nth(2).unwrap().parse().unwrap())
                .collect();
            puzzles.sort();
            assert_eq!(puzzles, (0..n).collect::<Vec<_>>(), "{solver} on {set}");
        }
    }
    let hits = lines
        .iter()
        .filter(|l| l.starts_with("norvig_hardest11.txt,naive,"))
        .filter(|l| l.split(',').nth(5) == Some("node-limit"))
        .count();
    assert_eq!(hits, 2);

    let records: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("records.json")).unwrap()).unwrap();
    assert_eq!(records.as_array().unwrap().len(), 35);
    assert_eq!(records[0]["set"], "pe96_easy50.txt");
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["files"].as_array().unwrap().len(), 2);
    assert_eq!(summary["node_limit"], 1000);

    for stem in ["pe96_easy50", "norvig_hardest11"] {
        for kind in ["times", "assignments"] {
            let path = out.join(format!("{stem}-{kind}.svg"));
            let svg = std::fs::read_to_string(&path).unwrap();
            assert!(svg.starts_with("<svg"), "{}", path.display());
            let elements = check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(elements > 20);
            for solver in SOLVERS {
                assert!(
                    svg.contains(solver),
                    "{} has no legend for {solver}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn the_json_summary_has_ratios_to_dlx_and_counts_limit_hits() {
    let dir = scratch("json");
    let hard = head(&dir, "data/sudoku/norvig_hardest11.txt", 4);
    let text = stdout_of(&[
        "bench",
        "--format",
        "json",
        "--solvers",
        "naive,dlx",
        "--node-limit",
        "1000",
        hard.to_str().unwrap(),
    ]);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["mode"], "unique");
    let file = &v["files"][0];
    assert_eq!(
        (file["puzzles"].as_u64(), file["baseline"].as_str()),
        (Some(4), Some("dlx"))
    );
    let solvers = file["solvers"].as_array().unwrap();
    assert_eq!(solvers[0]["solver"], "naive");
    let dlx = &solvers[1];
    assert_eq!(dlx["ratio"]["time"], 1.0);
    assert_eq!(dlx["ratio"]["common"], 4);
    assert_eq!(dlx["solved"], 4);
    let naive = &solvers[0];
    let hits = naive["node_limit"].as_u64().unwrap();
    assert!(hits > 0);
    assert_eq!(naive["solved"].as_u64().unwrap() + hits, 4);
}

#[test]
fn the_seed_fixes_the_order() {
    let dir = scratch("seed");
    let file = head(&dir, "data/sudoku/pe96_easy50.txt", 12);
    let order = |seed: &str, out: &str| -> Vec<String> {
        let out = dir.join(out);
        stdout_of(&[
            "bench",
            "--solvers",
            "dlx",
            "--seed",
            seed,
            "--permute",
            "--out",
            out.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        std::fs::read_to_string(out.join("records.csv"))
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(2).unwrap().to_string())
            .collect()
    };
    let a = order("7", "a");
    assert_eq!(a.len(), 12);
    assert_eq!(a, order("7", "b"));
    assert_ne!(a, order("8", "c"));
}

#[test]
fn a_time_budget_skips_puzzles_and_shows_them() {
    let dir = scratch("budget");
    let file = head(&dir, "data/sudoku/pe96_easy50.txt", 6);
    let text = stdout_of(&[
        "bench",
        "--solvers",
        "dlx,mrv",
        "--time",
        "0",
        file.to_str().unwrap(),
    ]);
    assert!(
        text.lines().next().unwrap().contains("time budget 0 s"),
        "{text}"
    );
    for solver in ["dlx", "mrv"] {
        let cells = row(&text, solver);
        assert_eq!(cells[1], "0/6");
        assert_eq!(cells[12], "6", "{cells:?}");
    }
}

#[test]
fn the_engine_bench_prints_the_known_counts() {
    let text = stdout_of(&["bench", "--engine", "--runs", "1"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "engine: every solution counted, best of 1 runs");
    let counts: Vec<(&str, &str, &str, &str)> = lines[2..]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0], f[1], f[2], f[3])
        })
        .collect();
    assert_eq!(
        counts,
        [
            ("queens-12", "14200", "211716", counts[0].3),
            ("langford-11", "17792", "223510", counts[1].3),
            ("pentominoes-6x10-reduced", "2339", "909153", "310816489"),
            ("dominoes-6x6", "6728", counts[3].2, counts[3].3),
            // The cheapest solution, as Knuth's DLX5 finds it: 15 improvements.
            ("queens-20-costs", "15", "413765", "10746086"),
            ("two-per-line-7", "3110940", "8857320", "32081499"),
        ]
    );
    let json: Value = serde_json::from_str(&stdout_of(&[
        "bench", "--engine", "--runs", "1", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["engine"][0]["solutions"], 14200);
    assert_eq!(json["engine"][3]["name"], "dominoes-6x6");
}

#[test]
fn the_engines_side_by_side_count_the_same_and_refuse_with_the_reason() {
    let json: Value = serde_json::from_str(&stdout_of(&[
        "bench",
        "--engine",
        "--engines",
        "links,bits,cells",
        "--runs",
        "1",
        "--format",
        "json",
    ]))
    .unwrap();
    let rows = json["engines"].as_array().unwrap();
    // Six cases, three engines each, in the order asked.
    assert_eq!(rows.len(), 18);
    let known = [
        ("queens-12", 14_200),
        ("langford-11", 17_792),
        ("pentominoes-6x10-reduced", 2_339),
        ("dominoes-6x6", 6_728),
    ];
    for (k, (case, solutions)) in known.iter().enumerate() {
        for (e, engine) in ["links", "bits", "cells"].iter().enumerate() {
            let row = &rows[3 * k + e];
            assert_eq!(
                (row["case"].as_str(), row["engine"].as_str()),
                (Some(*case), Some(*engine))
            );
            assert_eq!(row["solutions"], *solutions, "{row}");
            assert_eq!(row["complete"], true, "{row}");
        }
        // The links' ratio to themselves, and the bit sets' nodes (the same tree).
        assert_eq!(rows[3 * k]["vs_links"], 1.0);
        assert_eq!(rows[3 * k + 1]["nodes"], rows[3 * k]["nodes"]);
    }
    // The cheapest solution and the item bounds run on every engine.
    for row in &rows[12..18] {
        assert_eq!(row["complete"], true, "{row}");
        assert!(row["refused"].is_null(), "{row}");
    }
    for row in &rows[15..18] {
        assert_eq!(row["solutions"], 3_110_940, "{row}");
    }
}

#[test]
fn bad_usage_exits_2() {
    let cases: [&[&str]; 4] = [
        &["bench"],
        &[
            "bench",
            "--solvers",
            "dlx,quick",
            "data/sudoku/pe96_easy50.txt",
        ],
        &["bench", "no/such/file.txt"],
        &["bench", "--engine", "--permute"],
    ];
    for args in cases {
        let out = dlxkit().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = dlxkit()
        .args([
            "bench",
            "--solvers",
            "dlx,quick",
            "data/sudoku/pe96_easy50.txt",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown solver `quick`"));
}
