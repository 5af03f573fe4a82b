//! Command-line tests of the pictures (`--format svg`, `--svg DIR`) and of the puzzle families
//! on the triangular and hexagonal grids (`polyiamond`, `polyhex`): every SVG is well-formed
//! XML, has one shape per piece, and its pieces' cells tile the board's cells exactly, read
//! from the SVG's own coordinates; `--emit dlx` solved by `dlxkit solve` gives each count.

use crate::cli_util::dlxkit;
use crate::svg_util::{parse_xml, Element};

use std::collections::HashMap;
use std::path::PathBuf;

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

/// The cells of a path: its closed subpaths `M x yL x y...Z`, each as its corners' text.
fn cells_of(d: &str) -> Vec<Vec<String>> {
    d.split('Z')
        .filter(|s| !s.is_empty())
        .map(|sub| {
            let sub = sub.strip_prefix('M').expect("a subpath starts with M");
            sub.split('L').map(|p| p.trim().to_string()).collect()
        })
        .collect()
}

/// A cell's corners as a set, whatever the corner it starts from.
fn key(cell: &[String]) -> Vec<String> {
    let mut k = cell.to_vec();
    k.sort();
    k
}

/// The area of a cell from its coordinates (shoelace).
fn area(cell: &[String]) -> f64 {
    let pts: Vec<(f64, f64)> = cell
        .iter()
        .map(|p| {
            let (x, y) = p.split_once(' ').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let mut s = 0.0;
    for k in 0..pts.len() {
        let (a, b) = (pts[k], pts[(k + 1) % pts.len()]);
        s += a.0 * b.1 - b.0 * a.1;
    }
    s.abs() / 2.0
}

/// Checks one picture of a packing: `pieces` pieces, whose cells cover each board cell once.
fn check_tiling(svg: &str, pieces: usize) {
    let elements = parse_xml(svg);
    let path = |e: &&Element, class: &str| e.name == "path" && e.attrs["class"] == class;
    let boards: Vec<&Element> = elements.iter().filter(|e| path(e, "board")).collect();
    assert_eq!(boards.len(), 1);
    let board = cells_of(&boards[0].attrs["d"]);
    let mut uncovered: HashMap<Vec<String>, usize> = board.iter().map(|c| (key(c), 0)).collect();
    assert_eq!(uncovered.len(), board.len(), "board cells are distinct");
    let shapes: Vec<&Element> = elements.iter().filter(|e| path(e, "piece")).collect();
    assert_eq!(shapes.len(), pieces, "one shape per piece");
    let mut piece_area = 0.0;
    for shape in shapes {
        for cell in cells_of(&shape.attrs["d"]) {
            piece_area += area(&cell);
            let count = uncovered
                .get_mut(&key(&cell))
                .expect("a piece cell is a board cell");
            *count += 1;
        }
    }
    assert!(
        uncovered.values().all(|&n| n == 1),
        "every board cell covered once"
    );
    let board_area: f64 = board.iter().map(|c| area(c)).sum();
    assert!((piece_area - board_area).abs() < 1e-6 * board_area);
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_pictures")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn pictures_of_packings_tile_their_boards() {
    for (args, pieces) in [
        (&["polyomino"][..], 12),
        (
            &["polyomino", "--board-file", "data/puzzles/scott-8x8.txt"][..],
            12,
        ),
        (&["dominoes", "4x5"][..], 10),
        (&["soma"][..], 7),
        (&["langford", "7"][..], 7),
        (&["polyiamond"][..], 12),
        (&["polyiamond", "--board", "9x4", "--distinct"][..], 12),
        (&["polyhex"][..], 7),
        (
            &["words", "--rows", "3", "--cols", "3", "--distinct"][..],
            3,
        ),
        (
            &["polyhex", "--pieces", "tetrahexes", "--board", "4x7"][..],
            7,
        ),
    ] {
        let dir = scratch_dir(&args.join("-").replace(['/', '.', ':'], "_"));
        let mut all = args.to_vec();
        let dir_text = dir.to_str().unwrap();
        all.extend(["--limit", "3", "--svg", dir_text]);
        let text = stdout_of(&all);
        assert!(!text.is_empty(), "{args:?}: the text pictures still print");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), 3, "{args:?}");
        assert!(files[0].ends_with("solution-0001.svg"));
        for file in files {
            check_tiling(&std::fs::read_to_string(&file).unwrap(), pieces);
        }
        let mut one = args.to_vec();
        one.extend(["--format", "svg"]);
        check_tiling(&stdout_of(&one), pieces);
    }
}

#[test]
fn several_solutions_make_one_document() {
    let svg = stdout_of(&["queens", "6", "--limit", "4", "--format", "svg"]);
    let elements = parse_xml(&svg);
    let groups = elements.iter().filter(|e| e.name == "g").count();
    assert_eq!(groups, 4, "the 4 solutions of 6 queens");
    let queens = elements.iter().filter(|e| e.name == "circle").count();
    assert_eq!(queens, 24);
}

/// The squares of the queens in a picture of one solution, read from the discs' centres.
fn queens_in(svg: &str) -> Vec<(i64, i64)> {
    parse_xml(svg)
        .iter()
        .filter(|e| e.name == "circle")
        .map(|e| {
            let at =
                |k: &str| ((e.attrs[k].parse::<f64>().unwrap() - 4.0) / 24.0 - 0.5).round() as i64;
            (at("cx"), at("cy"))
        })
        .collect()
}

/// `n` queens, none attacking another.
fn assert_queens(centres: &[(i64, i64)], n: usize) {
    assert_eq!(centres.len(), n);
    for (i, a) in centres.iter().enumerate() {
        for b in &centres[..i] {
            assert!(a.0 != b.0 && a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs());
        }
    }
}

#[test]
fn queens_are_drawn_where_they_stand() {
    // The discs' centres, read back from the picture, are 8 queens none attacking another.
    assert_queens(
        &queens_in(&stdout_of(&["queens", "8", "--format", "svg"])),
        8,
    );
}

/// `queens --svg DIR` writes one picture per solution: the 4 solutions of 6 queens, each
/// 6 queens at peace, no two the same.
#[test]
fn queens_are_drawn_one_file_per_solution() {
    let dir = scratch_dir("queens");
    let text = stdout_of(&[
        "queens",
        "6",
        "--limit",
        "4",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(
        text.split("\n\n").count(),
        4,
        "the text pictures still print"
    );
    let mut seen = std::collections::HashSet::new();
    for k in 1..=4 {
        let svg = std::fs::read_to_string(dir.join(format!("solution-{k:04}.svg"))).unwrap();
        let mut queens = queens_in(&svg);
        assert_queens(&queens, 6);
        queens.sort();
        assert!(seen.insert(queens), "solution {k} is drawn once");
    }
    assert!(!dir.join("solution-0005.svg").exists());
}

/// Each piece keeps its colour in every solution, and no two pieces share one: 8 packings of
/// the pentominoes, 8 of the hexiamonds and the 18 of the tetrahexes.
#[test]
fn pieces_keep_their_colours_across_solutions() {
    for (args, solutions, pieces) in [
        (&["polyomino", "--board", "3x20"][..], 8, 12),
        (&["polyiamond", "--board", "9x4"][..], 8, 12),
        (&["polyhex"][..], 18, 7),
    ] {
        let dir = scratch_dir(&format!("colours-{}", args[0]));
        let limit = solutions.to_string();
        let dir_text = dir.to_str().unwrap();
        stdout_of(&[args, &["--limit", &limit, "--svg", dir_text]].concat());
        let mut colours: HashMap<String, String> = HashMap::new();
        for k in 1..=solutions {
            let text = std::fs::read_to_string(dir.join(format!("solution-{k:04}.svg"))).unwrap();
            for e in parse_xml(&text)
                .iter()
                .filter(|e| e.attrs.get("class").map(String::as_str) == Some("piece"))
            {
                let old = colours.insert(e.attrs["data-piece"].clone(), e.attrs["fill"].clone());
                assert!(
                    old.is_none() || old.as_ref() == Some(&e.attrs["fill"]),
                    "{args:?}: piece {} changes colour",
                    e.attrs["data-piece"]
                );
            }
        }
        assert_eq!(colours.len(), pieces, "{args:?}");
        let distinct: std::collections::HashSet<&String> = colours.values().collect();
        assert_eq!(distinct.len(), pieces, "{args:?}: one colour per piece");
    }
}

#[test]
fn lattice_counts_and_their_emitted_problems() {
    for (args, expected) in [
        (&["polyiamond", "--board", "6x6"][..], 624),
        (&["polyiamond", "--board", "6x6", "--distinct"][..], 156),
        (&["polyiamond", "--board", "9x4", "--distinct"][..], 74),
        (&["polyhex"][..], 18),
        (&["polyhex", "--distinct"][..], 9),
        (
            &["polyiamond", "--spec", "tests/knuth/hexiamonds-9x4.txt"][..],
            148,
        ),
    ] {
        let mut all = args.to_vec();
        all.push("--count");
        assert_eq!(stdout_of(&all).trim(), expected.to_string(), "{args:?}");
        let mut emit = args.to_vec();
        emit.extend(["--emit", "dlx"]);
        let problem = stdout_of(&emit);
        let out = dlxkit()
            .args(["solve", "--count"])
            .write_stdin(problem)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            expected.to_string(),
            "{args:?} --emit dlx"
        );
    }
    let mut jobs = vec!["polyiamond", "--count", "--jobs", "2"];
    jobs.extend(["--board", "9x4"]);
    assert_eq!(stdout_of(&jobs).trim(), "148");
}

/// The families on the triangular and hexagonal grids count alike on one thread, on two, and
/// cut into three shards merged back (`words` and `graceful` have their own such tests).
#[test]
fn lattice_families_count_alike_on_threads_and_shards() {
    for (args, expected) in [
        (&["polyiamond", "--board", "9x4"][..], 148),
        (&["polyhex"][..], 18),
        (
            &["polyhex", "--pieces", "tetrahexes", "--board", "4x7"][..],
            18,
        ),
        (
            &[
                "macmahon",
                "--colours",
                "2",
                "--board",
                "2x1",
                "--border",
                "none",
            ][..],
            16,
        ),
        (
            &[
                "macmahon",
                "--colours",
                "2",
                "--board",
                "triangle:2",
                "--border",
                "none",
            ][..],
            12,
        ),
    ] {
        let with = |extra: &[&str]| stdout_of(&[args, &["--count"], extra].concat());
        assert_eq!(with(&[]).trim(), expected.to_string(), "{args:?}");
        assert_eq!(
            with(&["--jobs", "2"]).trim(),
            expected.to_string(),
            "{args:?}"
        );
        let shards: String = (0..3)
            .map(|k| with(&["--shard", &format!("{k}/3")]))
            .collect();
        assert_eq!(shards.lines().count(), 3, "{args:?}: one line per shard");
        let out = dlxkit().arg("merge").write_stdin(shards).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            expected.to_string(),
            "{args:?}: the shards merged"
        );
    }
}

#[test]
fn pictures_are_refused_where_they_cannot_be() {
    let out = dlxkit()
        .args([
            "polyiamond",
            "--spec",
            "tests/knuth/hexiamonds-6x6.txt",
            "--board",
            "6x6",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = dlxkit()
        .args(["polyhex", "--board", "star:3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`star:3` is not a board shape"));
    let out = dlxkit()
        .args([
            "polyhex",
            "--pieces",
            "size:3",
            "--board",
            "hexagon:2",
            "--one-sided",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("the board has 7 cells and the pieces 9: no packing can fill it"));
}

/// A shopping list is drawn as a column of items, each bundle bought one piece over its
/// items: each picture tiles the column with as many pieces as its purchase has bundles.
#[test]
fn purchases_tile_the_shopping_list() {
    let dir = scratch_dir("shopping");
    let dir_text = dir.to_str().unwrap();
    let text = stdout_of(&["shopping", "--limit", "3", "--svg", dir_text]);
    let purchases: Vec<usize> = text.split("\n\n").map(|p| p.lines().count()).collect();
    assert_eq!(purchases.len(), 3, "{text}");
    for (k, &bundles) in purchases.iter().enumerate() {
        let file = dir.join(format!("solution-{:04}.svg", k + 1));
        check_tiling(&std::fs::read_to_string(file).unwrap(), bundles);
    }
    check_tiling(&stdout_of(&["shopping", "--format", "svg"]), purchases[0]);
}

/// The pictures the README shows are what their commands draw today (so they do not go
/// stale), well-formed, and small: under 24 KiB each. The killer Sudoku's, drawn by a
/// slower solve, is checked for its size and form only.
#[test]
fn the_readme_pictures_are_drawn_by_their_commands_and_small() {
    let root = crate::ROOT;
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    for (file, args) in [
        ("pentominoes-6x10.svg", &["polyomino"][..]),
        ("hexiamonds-6x6.svg", &["polyiamond"][..]),
        ("tetrahexes-7x4.svg", &["polyhex"][..]),
        ("macmahon-hexagon.svg", &["macmahon"][..]),
        ("soma-isometric.svg", &["soma", "--view", "isometric"][..]),
        (
            "words-3x5.svg",
            &["words", "--rows", "3", "--cols", "5"][..],
        ),
        ("graceful-wheel6.svg", &["graceful", "wheel:6"][..]),
        ("killer.svg", &[][..]),
    ] {
        let path = format!("docs/pictures/{file}");
        assert!(
            readme.contains(&format!("]({path})")),
            "the README shows {path}"
        );
        let saved = std::fs::read_to_string(format!("{root}/{path}")).unwrap();
        assert!(saved.len() < 24 * 1024, "{path}: {} bytes", saved.len());
        assert!(!parse_xml(&saved).is_empty(), "{path}");
        if !args.is_empty() {
            let drawn = stdout_of(&[args, &["--format", "svg"]].concat());
            assert!(
                drawn == saved,
                "{path} is what `dlxkit {}` draws",
                args.join(" ")
            );
        }
    }
}
