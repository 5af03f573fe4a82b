//! `dlxkit graceful`: the count agrees with `--emit dlx` solved by `dlxkit solve` (and the
//! distinct problem's with Knuth's half), on threads and on shards; the picture, read from
//! its own coordinates, has one line per edge from disc to disc, and the labels written in
//! the discs make the differences 1..M, each written at its edge's middle in one colour in
//! every picture; bad graphs exit 2 saying what and where.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::cli_util::dlxkit;
use crate::svg_util::{parse_xml, Element};

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

fn count(args: &[&str]) -> u64 {
    let text = run(&[args, &["--count"]].concat(), "");
    text.trim().parse().unwrap()
}

#[test]
fn counts_agree_with_the_emitted_problem_on_threads_and_shards() {
    // (graph, raw count: OEIS A006967 for the path on 8 vertices)
    for (graph, raw) in [("path:8", 40), ("cycle:7", 168), ("grid:2x3", 128)] {
        assert_eq!(count(&["graceful", graph]), raw, "{graph}");
        assert_eq!(count(&["graceful", graph, "--jobs", "2"]), raw, "{graph}");
        let dlx = run(&["graceful", graph, "--emit", "dlx"], "");
        let solved = run(&["solve", "--count", "-"], &dlx);
        assert_eq!(solved.trim(), raw.to_string(), "{graph}");
        // The distinct problem is Knuth's GRACEFUL-DLX's: half the labellings.
        let dlx = run(&["graceful", graph, "--distinct", "--emit", "dlx"], "");
        let solved = run(&["solve", "--count", "-"], &dlx);
        assert_eq!(solved.trim(), (raw / 2).to_string(), "{graph}");
        let shards: Vec<String> = (0..3)
            .map(|k| {
                run(
                    &["graceful", graph, "--count", "--shard", &format!("{k}/3")],
                    "",
                )
            })
            .collect();
        let merged = run(&["merge"], &shards.concat());
        assert_eq!(merged.trim(), raw.to_string(), "{graph}: shards");
    }
}

#[test]
fn distinct_counts_classes_on_threads_and_refuses_shards_when_it_filters() {
    // Up to reversal and complement, the path on 8 vertices has 40 / 4 labellings; the
    // paw has 5 (OEIS A339892).
    for (graph, classes) in [("path:8", 10), ("a-b b-c c-a c-d", 5), ("cycle:8", 12)] {
        assert_eq!(
            count(&["graceful", graph, "--distinct"]),
            classes,
            "{graph}"
        );
        assert_eq!(
            count(&["graceful", graph, "--distinct", "--jobs", "2"]),
            classes,
            "{graph}"
        );
    }
    // A graph without symmetry is not filtered: its distinct count shards.
    let tree = "c-a c-d d-e c-f f-g g-h"; // legs of 1, 2 and 3 edges
    assert_eq!(
        count(&["graceful", tree, "--distinct"]) * 2,
        count(&["graceful", tree])
    );
    let whole = count(&["graceful", tree, "--distinct"]);
    let shards: Vec<String> = (0..2)
        .map(|k| {
            run(
                &[
                    "graceful",
                    tree,
                    "--distinct",
                    "--count",
                    "--shard",
                    &format!("{k}/2"),
                ],
                "",
            )
        })
        .collect();
    assert_eq!(run(&["merge"], &shards.concat()).trim(), whole.to_string());
    let out = dlxkit()
        .args([
            "graceful",
            "path:8",
            "--distinct",
            "--count",
            "--shard",
            "0/2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("which --shard and its parts do not"), "{err}");
}

fn num(text: &str) -> f64 {
    text.parse().unwrap()
}

/// Checks a picture of a labelling of a graph with `edges` edges, from the SVG alone, and
/// returns the colour of each difference.
fn check_picture(elements: &[Element], edges: usize) -> HashMap<u64, String> {
    let discs: Vec<(f64, f64)> = elements
        .iter()
        .filter(|e| e.name == "circle" && e.attrs["class"] == "vertex")
        .map(|e| (num(&e.attrs["cx"]), num(&e.attrs["cy"])))
        .collect();
    let labels: Vec<&Element> = elements
        .iter()
        .filter(|e| e.name == "text" && e.attrs.get("class").map(String::as_str) == Some("label"))
        .collect();
    assert_eq!(labels.len(), discs.len(), "a label per vertex");
    // A label's text is centred on its disc (its baseline a third of its size lower).
    let label_at = |(x, y): (f64, f64)| -> u64 {
        let e = labels
            .iter()
            .find(|e| {
                let size = num(&e.attrs["font-size"]);
                (num(&e.attrs["x"]) - x).abs() < 0.01
                    && (num(&e.attrs["y"]) - size / 3.0 - y).abs() < 0.01
            })
            .expect("a label in every disc");
        e.text.trim().parse().unwrap()
    };
    let vertex_labels: Vec<u64> = discs.iter().map(|&p| label_at(p)).collect();
    let mut sorted = vertex_labels.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), discs.len(), "distinct labels");
    assert!(sorted.iter().all(|&l| l <= edges as u64), "labels 0..M");
    let lines: Vec<&Element> = elements
        .iter()
        .filter(|e| e.name == "path" && e.attrs["class"] == "piece")
        .collect();
    assert_eq!(lines.len(), edges, "one shape per edge");
    let differences: Vec<&Element> = elements
        .iter()
        .filter(|e| {
            e.name == "text" && e.attrs.get("class").map(String::as_str) == Some("difference")
        })
        .collect();
    let mut colours = HashMap::new();
    let mut seen = Vec::new();
    for line in lines {
        let d = &line.attrs["d"];
        let (a, b) = d.strip_prefix('M').unwrap().split_once('L').unwrap();
        let point = |p: &str| {
            let (x, y) = p.split_once(' ').unwrap();
            (num(x), num(y))
        };
        let ends = [point(a), point(b)];
        let at: Vec<usize> = ends
            .iter()
            .map(|&(x, y)| {
                (discs.iter())
                    .position(|&(cx, cy)| (cx - x).abs() < 0.01 && (cy - y).abs() < 0.01)
                    .expect("an edge ends at a disc's centre")
            })
            .collect();
        let difference = vertex_labels[at[0]].abs_diff(vertex_labels[at[1]]);
        seen.push(difference);
        let middle = ((ends[0].0 + ends[1].0) / 2.0, (ends[0].1 + ends[1].1) / 2.0);
        let written = differences
            .iter()
            .find(|e| {
                let size = num(&e.attrs["font-size"]);
                (num(&e.attrs["x"]) - middle.0).abs() < 0.01
                    && (num(&e.attrs["y"]) - size / 3.0 - middle.1).abs() < 0.01
            })
            .expect("the difference at the edge's middle");
        assert_eq!(written.text.trim(), difference.to_string());
        colours.insert(difference, line.attrs["stroke"].clone());
    }
    seen.sort_unstable();
    assert_eq!(
        seen,
        (1..=edges as u64).collect::<Vec<_>>(),
        "differences 1..M"
    );
    colours
}

#[test]
fn pictures_are_graceful_labellings_read_from_their_coordinates() {
    let svg = run(&["graceful", "wheel:5", "--format", "svg"], "");
    check_picture(&parse_xml(&svg), 10);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_graceful");
    let _ = std::fs::remove_dir_all(&dir);
    let text = run(
        &[
            "graceful",
            "grid:2x3",
            "--limit",
            "4",
            "--svg",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        text.split("\n\n").count(),
        4,
        "the text pictures still print"
    );
    let mut colour_of: HashMap<u64, String> = HashMap::new();
    for k in 1..=4 {
        let file = dir.join(format!("solution-{k:04}.svg"));
        let svg = std::fs::read_to_string(&file).unwrap();
        for (d, colour) in check_picture(&parse_xml(&svg), 7) {
            let kept = colour_of.entry(d).or_insert_with(|| colour.clone());
            assert_eq!(*kept, colour, "difference {d} keeps its colour");
        }
    }
}

#[test]
fn json_data_gives_labels_and_differences() {
    let out = run(
        &["graceful", "path:3", "--limit", "4", "--format", "jsonl"],
        "",
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{out}");
    for line in &lines[..4] {
        let data = &line["data"];
        let labels: Vec<u64> = ["0", "1", "2"]
            .iter()
            .map(|v| data["labels"][v].as_u64().unwrap())
            .collect();
        let edges = data["edges"].as_array().unwrap();
        assert_eq!(
            edges[0]["label"].as_u64().unwrap(),
            labels[0].abs_diff(labels[1])
        );
        assert_eq!(
            edges[1]["label"].as_u64().unwrap(),
            labels[1].abs_diff(labels[2])
        );
    }
    assert_eq!(lines[4]["type"], "summary");
}

#[test]
fn bad_graphs_exit_2_saying_what_and_where() {
    for (args, message) in [
        (&["graceful", "moon:3"][..], "unknown graph family `moon`"),
        (
            &["graceful", "a-b b"][..],
            "line 1, column 5: `b` is not an edge u-v",
        ),
        (
            &["graceful", "path:99999999999999999999999"][..],
            "is not a size",
        ),
        (
            &["graceful", "complete:400000000000"][..],
            "the complete graph's number of vertices is 400000000000, above the limit of 11",
        ),
        (
            &["graceful", "star:9", "--distinct"][..],
            "the number of the graph's automorphisms is 100001, above the limit of 100000",
        ),
        (&["graceful"][..], "GRAPH"),
    ] {
        let out = dlxkit().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = dlxkit()
        .args(["graceful", "--graph-file", "-"])
        .write_stdin("a-b b-c\nc-d d-e+f\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2:5") && err.contains("`e+f` is not a vertex name"),
        "{err}"
    );
    // A file read: the same count as the graph given on the command line.
    let out = run(
        &["graceful", "--graph-file", "-", "--count"],
        "0-1, 1-2\n2-3 3-4\n",
    );
    assert_eq!(out.trim(), "8");
}
