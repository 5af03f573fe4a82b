//! `dlxkit macmahon`: the count agrees with `--emit dlx` solved by `dlxkit solve`, and the
//! picture, read from its own coordinates, has one triangle per piece and gives each edge
//! one colour from both sides, the border's in the border colour.

use std::collections::HashMap;

use crate::cli_util::dlxkit;
use crate::svg_util::parse_xml;

fn run(args: &[&str], stdin: &str) -> String {
    let out = dlxkit().args(args).write_stdin(stdin).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "dlxkit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn counts_agree_with_the_emitted_problem() {
    for args in [
        "macmahon --colours 2 --board 2x1 --border none",
        "macmahon --colours 1 --board triangle:1 --border a",
        "macmahon --colours 2 --board triangle:2 --border none",
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let args = &args[..];
        let count = run(&[args, &["--count"]].concat(), "");
        let dlx = run(&[args, &["--emit", "dlx"]].concat(), "");
        let solved = run(&["solve", "--count", "-"], &dlx);
        assert_eq!(count.trim(), solved.trim(), "{args:?}");
        assert!(count.trim().parse::<u64>().unwrap() > 0, "{args:?}");
    }
}

/// Checks one picture read from its own coordinates: `pieces` triangles, each piece once, and
/// each edge (the first two corners of a coloured third, the third being the centre) one
/// colour seen from both sides. Returns how many edges it has and its border edges' colours.
fn check_picture(svg: &str, pieces: usize) -> (usize, Vec<String>) {
    let elements = parse_xml(svg);
    let class = |e: &&crate::svg_util::Element, c: &str| {
        e.attrs.get("class").map(String::as_str) == Some(c)
    };
    let shapes: Vec<_> = elements.iter().filter(|e| class(e, "piece")).collect();
    assert_eq!(shapes.len(), pieces, "one triangle per piece");
    let mut names: Vec<&str> = shapes
        .iter()
        .map(|e| e.attrs["data-piece"].as_str())
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), pieces, "each piece once");
    let mut edges: HashMap<(String, String), Vec<String>> = HashMap::new();
    for e in elements.iter().filter(|e| class(e, "edge")) {
        let d = e.attrs["d"]
            .trim_start_matches('M')
            .trim_end_matches('Z')
            .to_string();
        let points: Vec<String> = d.split('L').map(String::from).collect();
        assert_eq!(points.len(), 3);
        let mut key = [points[0].clone(), points[1].clone()];
        key.sort();
        let [a, b] = key;
        edges
            .entry((a, b))
            .or_default()
            .push(e.attrs["fill"].clone());
    }
    assert_eq!(edges.values().map(Vec::len).sum::<usize>(), 3 * pieces);
    for fills in edges.values() {
        assert!(
            fills.len() <= 2,
            "an edge lies between two triangles at most"
        );
        assert!(
            fills.iter().all(|f| *f == fills[0]),
            "an edge has one colour"
        );
    }
    let border = edges
        .values()
        .filter(|v| v.len() == 1)
        .map(|v| v[0].clone())
        .collect();
    (edges.len(), border)
}

#[test]
fn the_picture_matches_every_edge() {
    let (edges, border) = check_picture(&run(&["macmahon", "--format", "svg"], ""), 24);
    // The hexagon of side 2 has 12 border edges, 30 inside, each seen from two triangles.
    assert_eq!(border.len(), 12);
    assert_eq!(edges, 42);
    assert!(border.iter().all(|f| *f == border[0]), "one border colour");
}

/// `--svg DIR` writes one picture per solution: three of the 2x1 parallelogram's, each four
/// triangles whose edges match (6 on the border, 3 inside), no two the same.
#[test]
fn every_solution_is_drawn_to_its_own_file() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_macmahon_svg");
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "macmahon",
        "--colours",
        "2",
        "--board",
        "2x1",
        "--border",
        "none",
        "--limit",
        "3",
        "--svg",
        dir.to_str().unwrap(),
    ];
    let text = run(&args, "");
    assert_eq!(text.split("\n\n").count(), 3, "{text}");
    let mut seen = std::collections::HashSet::new();
    for k in 1..=3 {
        let svg = std::fs::read_to_string(dir.join(format!("solution-{k:04}.svg"))).unwrap();
        let (edges, border) = check_picture(&svg, 4);
        assert_eq!((edges, border.len()), (9, 6), "solution {k}");
        assert!(seen.insert(svg), "solution {k} is drawn once");
    }
    assert!(!dir.join("solution-0004.svg").exists());
}

/// `--distinct` keeps one solution per class: on two colours in a triangle and in a 2x1
/// parallelogram, the counts the library's tests check by brute force, on one thread and two;
/// a limit counts the solutions kept, and a shard is refused.
#[test]
fn distinct_counts_classes() {
    for (board, raw, board_classes, colour_classes) in
        [("triangle:2", "12", "2", "1"), ("2x1", "16", "8", "4")]
    {
        let base = [
            "macmahon",
            "--colours",
            "2",
            "--border",
            "none",
            "--board",
            board,
            "--count",
        ];
        let count = |extra: &[&str]| run(&[&base[..], extra].concat(), "").trim().to_string();
        assert_eq!(count(&[]), raw, "{board}");
        assert_eq!(count(&["--distinct"]), board_classes, "{board}");
        assert_eq!(
            count(&["--distinct", "--jobs", "2"]),
            board_classes,
            "{board}"
        );
        assert_eq!(
            count(&["--distinct", "--rename-colours"]),
            colour_classes,
            "{board}"
        );
    }
    let listed = run(
        &[
            "macmahon",
            "--colours",
            "2",
            "--border",
            "none",
            "--board",
            "2x1",
            "--distinct",
            "--limit",
            "3",
            "--format",
            "jsonl",
        ],
        "",
    );
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 4, "{listed}");
    assert!(lines[3].contains("\"solutions\":3") && lines[3].contains("solution limit"));
    let out = dlxkit()
        .args(["macmahon", "--distinct", "--count", "--shard", "0/2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("which --shard and its parts do not"), "{err}");
}
