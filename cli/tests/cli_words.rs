//! `dlxkit words`: the count agrees with `--emit dlx` solved by `dlxkit solve`; the picture,
//! read from its own coordinates, has one piece per row whose squares tile the board, and the
//! letters standing in the squares read as words of the list across and down.

use std::collections::HashSet;

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

/// The bundled word list, read from the repository (not through the library).
fn enable() -> HashSet<String> {
    let path = format!(
        "{}/../data/words/enable-2-5.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn counts_agree_with_the_emitted_problem() {
    for args in [
        "words --rows 3 --cols 3 --first 100",
        "words --rows 2 --cols 4 --first 200",
        "words --rows 2 --cols 5 --first 300",
    ] {
        let args: Vec<&str> = args.split(' ').collect();
        let args = &args[..];
        let count = run(&[args, &["--count"]].concat(), "");
        let dlx = run(&[args, &["--emit", "dlx"]].concat(), "");
        let solved = run(&["solve", "--count", "-"], &dlx);
        assert_eq!(count.trim(), solved.trim(), "{args:?}");
        assert!(count.trim().parse::<u64>().unwrap() > 0, "{args:?}");
    }
    // 653 is what Knuth's WORD-RECT-DLX gives (tests/knuth/SOURCES.md).
    let count = run(
        &[
            "words", "--rows", "3", "--cols", "3", "--first", "100", "--count",
        ],
        "",
    );
    assert_eq!(count.trim(), "653");
}

/// The squares of a path, each as (left, top, side), from its subpaths `M x yL...Z`.
fn squares(d: &str) -> Vec<(f64, f64, f64)> {
    d.split('Z')
        .filter(|s| !s.is_empty())
        .map(|sub| {
            let pts: Vec<(f64, f64)> = sub
                .trim_start_matches('M')
                .split('L')
                .map(|p| {
                    let (x, y) = p.trim().split_once(' ').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(pts.len(), 4, "a square");
            let left = pts.iter().map(|p| p.0).fold(f64::MAX, f64::min);
            let top = pts.iter().map(|p| p.1).fold(f64::MAX, f64::min);
            let right = pts.iter().map(|p| p.0).fold(f64::MIN, f64::max);
            let bottom = pts.iter().map(|p| p.1).fold(f64::MIN, f64::max);
            assert!((right - left - (bottom - top)).abs() < 1e-9, "a square");
            (left, top, right - left)
        })
        .collect()
}

#[test]
fn the_picture_reads_as_words_across_and_down() {
    let words = enable();
    for (rows, cols) in [(2usize, 5usize), (3, 4), (4, 3)] {
        let (r, c) = (rows.to_string(), cols.to_string());
        let svg = run(
            &[
                "words", "--rows", &r, "--cols", &c, "--format", "svg", "--limit", "1",
            ],
            "",
        );
        let elements = parse_xml(&svg);
        let path = |e: &&Element, class: &str| e.name == "path" && e.attrs["class"] == class;
        let board: Vec<(f64, f64, f64)> = elements
            .iter()
            .filter(|e| path(e, "board"))
            .flat_map(|e| squares(&e.attrs["d"]))
            .collect();
        assert_eq!(board.len(), rows * cols);
        let key = |s: &(f64, f64, f64)| (format!("{}", s.0), format!("{}", s.1));
        let mut covered: Vec<(String, String)> = Vec::new();
        let pieces: Vec<&Element> = elements.iter().filter(|e| path(e, "piece")).collect();
        assert_eq!(pieces.len(), rows, "one piece per row");
        for piece in &pieces {
            let cells = squares(&piece.attrs["d"]);
            assert_eq!(cells.len(), cols);
            assert!(cells.iter().all(|c| c.1 == cells[0].1), "a piece is a row");
            covered.extend(cells.iter().map(key));
        }
        covered.sort();
        let mut want: Vec<(String, String)> = board.iter().map(key).collect();
        want.sort();
        assert_eq!(covered, want, "the rows tile the board");
        // Each letter in the square that holds its middle, rows top down.
        let mut grid = vec![vec![' '; cols]; rows];
        let mut tops: Vec<f64> = board.iter().map(|s| s.1).collect();
        tops.sort_by(f64::total_cmp);
        tops.dedup();
        let mut lefts: Vec<f64> = board.iter().map(|s| s.0).collect();
        lefts.sort_by(f64::total_cmp);
        lefts.dedup();
        for t in elements.iter().filter(|e| e.name == "text") {
            let x: f64 = t.attrs["x"].parse().unwrap();
            let size: f64 = t.attrs["font-size"].parse().unwrap();
            let y: f64 = t.attrs["y"].parse::<f64>().unwrap() - size / 3.0;
            let square = board
                .iter()
                .find(|s| s.0 < x && x < s.0 + s.2 && s.1 < y && y < s.1 + s.2)
                .expect("a letter stands in a square");
            let i = tops.iter().position(|&v| v == square.1).unwrap();
            let j = lefts.iter().position(|&v| v == square.0).unwrap();
            assert_eq!(grid[i][j], ' ', "one letter a square");
            let letters: Vec<char> = t.text.chars().collect();
            assert_eq!(letters.len(), 1);
            grid[i][j] = letters[0];
        }
        for letters in &grid {
            let row: String = letters.iter().collect();
            assert!(words.contains(&row), "row {row}");
        }
        for j in 0..cols {
            let column: String = grid.iter().map(|r| r[j]).collect();
            assert!(words.contains(&column), "column {column}");
        }
    }
}

#[test]
fn bad_lists_and_sizes_are_refused() {
    let out = dlxkit()
        .args(["words", "--rows", "2", "--cols", "2", "--words", "-"])
        .write_stdin("ab\nb4\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<stdin>:2:2: `4` in `b4`: a word is made of letters a-z"),
        "{err}"
    );
    for (args, message) in [
        (&["words", "--rows", "17"][..], "--rows 17: give 1 to 16"),
        (
            &["words", "--rows", "6", "--cols", "2"][..],
            "the list of 6-letter words is empty",
        ),
        (
            &["words", "--distinct"][..],
            "a 3x4 rectangle is not square: its transpose is 4x3",
        ),
        (
            &[
                "words",
                "--rows",
                "3",
                "--cols",
                "3",
                "--distinct",
                "--memo",
                "--count",
            ][..],
            "--distinct keeps one solution of each class as the search lists them, which --memo",
        ),
    ] {
        let out = dlxkit().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn threads_shards_and_memo_count_the_same() {
    let base = [
        "words", "--rows", "3", "--cols", "3", "--first", "100", "--count",
    ];
    assert_eq!(
        run(&[&base[..], &["--jobs", "2"]].concat(), "").trim(),
        "653"
    );
    assert_eq!(run(&[&base[..], &["--memo"]].concat(), "").trim(), "653");
    let mut lines = String::new();
    for shard in ["0/3", "1/3", "2/3"] {
        lines.push_str(&run(&[&base[..], &["--shard", shard]].concat(), ""));
    }
    assert_eq!(run(&["merge", "-"], &lines).trim(), "653");
}

/// `--distinct` counts a square and its transpose once: the squares it lists, with their
/// transposes, are every square the raw search lists, each once.
#[test]
fn distinct_squares_with_their_transposes_are_every_square() {
    let base = ["words", "--rows", "3", "--cols", "3", "--first", "100"];
    let count = |extra: &[&str]| run(&[&base[..], extra].concat(), "").trim().to_string();
    assert_eq!(count(&["--count", "--distinct"]), "468");
    assert_eq!(count(&["--count", "--distinct", "--jobs", "2"]), "468");
    let listed = |extra: &[&str]| -> Vec<Vec<String>> {
        let limit = ["--limit", "10000"];
        let limit = if extra.contains(&"--limit") {
            &[][..]
        } else {
            &limit[..]
        };
        let text = run(&[&base[..], limit, extra].concat(), "");
        text.split("\n\n")
            .map(|s| s.lines().map(String::from).collect())
            .filter(|s: &Vec<String>| s.len() == 3)
            .collect()
    };
    let all: HashSet<Vec<String>> = listed(&[]).into_iter().collect();
    assert_eq!(all.len(), 653);
    let mut covered = HashSet::new();
    let kept = listed(&["--distinct"]);
    assert_eq!(kept.len(), 468);
    for rows in kept {
        let transpose: Vec<String> = (0..3)
            .map(|j| rows.iter().map(|r| r.as_bytes()[j] as char).collect())
            .collect();
        assert!(rows <= transpose, "{rows:?} is kept, not its transpose");
        covered.insert(transpose);
        covered.insert(rows);
    }
    assert_eq!(covered, all);
    // A limit counts the squares kept.
    assert_eq!(listed(&["--distinct", "--limit", "5"]).len(), 5);
}
