//! `dlxkit sudoku solve --format svg` and `--svg DIR`: each picture is read back from its
//! own coordinates. The digits drawn in the cells are the solution `--format line` prints,
//! givens apart from found digits; the regions closed by the thick lines are the puzzle's
//! boxes (or jigsaw regions); the dashed outlines close the killer cages of the cage map, with
//! each sum in its cage's first cell; the verdict line is the one of `--format grid`.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use crate::cli_util::{dlxkit, sudoku, sudoku_quiet};
use crate::svg_util::{parse_xml, Element};

/// The grid as the picture draws it: its top left corner and the side of a cell, from the
/// border's own coordinates.
struct Frame {
    left: f64,
    top: f64,
    cell: f64,
    n: usize,
}

impl Frame {
    fn of(elements: &[Element], n: usize) -> Frame {
        let border: Vec<&Element> = elements
            .iter()
            .filter(|e| e.attrs.get("class").map(String::as_str) == Some("border"))
            .collect();
        assert_eq!(border.len(), 1, "one border");
        let points = points(&border[0].attrs["d"]);
        let xs: Vec<f64> = points.iter().map(|p| p.0).collect();
        let ys: Vec<f64> = points.iter().map(|p| p.1).collect();
        let min = |v: &[f64]| v.iter().copied().fold(f64::MAX, f64::min);
        let max = |v: &[f64]| v.iter().copied().fold(f64::MIN, f64::max);
        let side = max(&xs) - min(&xs);
        assert!((side - (max(&ys) - min(&ys))).abs() < 0.01, "a square grid");
        Frame {
            left: min(&xs),
            top: min(&ys),
            cell: side / n as f64,
            n,
        }
    }

    /// The cell holding the point.
    fn cell_at(&self, (x, y): (f64, f64)) -> usize {
        let c = ((x - self.left) / self.cell).floor();
        let r = ((y - self.top) / self.cell).floor();
        assert!(c >= 0.0 && r >= 0.0, "({x}, {y}) is inside the grid");
        let (r, c) = (r as usize, c as usize);
        assert!(r < self.n && c < self.n, "({x}, {y}) is inside the grid");
        r * self.n + c
    }

    /// The cell a segment of a cage outline runs inside, and the side of that cell it
    /// follows (0 up, 1 right, 2 down, 3 left).
    fn side_of(&self, a: (f64, f64), b: (f64, f64)) -> (usize, usize) {
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let cell = self.cell_at(mid);
        let (x0, y0) = (
            self.left + (cell % self.n) as f64 * self.cell,
            self.top + (cell / self.n) as f64 * self.cell,
        );
        let side = if (a.0 - b.0).abs() < 0.01 {
            if mid.0 - x0 < self.cell / 2.0 {
                3
            } else {
                1
            }
        } else if mid.1 - y0 < self.cell / 2.0 {
            0
        } else {
            2
        };
        (cell, side)
    }

    /// The cell across side `side` of `cell`, if any.
    fn across(&self, cell: usize, side: usize) -> Option<usize> {
        let (r, c, n) = (cell / self.n, cell % self.n, self.n);
        match side {
            0 => r.checked_sub(1).map(|r| r * n + c),
            1 => (c + 1 < n).then(|| cell + 1),
            2 => (r + 1 < n).then(|| cell + n),
            _ => c.checked_sub(1).map(|c| r * n + c),
        }
    }

    /// The groups of cells joined without crossing a blocked side, from the cells `from`.
    fn groups(&self, blocked: &HashSet<(usize, usize)>, from: &[usize]) -> BTreeSet<Vec<usize>> {
        let mut seen = HashSet::new();
        let mut out = BTreeSet::new();
        for &start in from {
            if !seen.insert(start) {
                continue;
            }
            let mut group = vec![start];
            let mut k = 0;
            while k < group.len() {
                let cell = group[k];
                k += 1;
                for side in 0..4 {
                    if blocked.contains(&(cell, side)) {
                        continue;
                    }
                    if let Some(next) = self.across(cell, side) {
                        if seen.insert(next) {
                            group.push(next);
                        }
                    }
                }
            }
            group.sort_unstable();
            out.insert(group);
        }
        out
    }

    /// The regions the thick lines close.
    fn regions(&self, elements: &[Element]) -> BTreeSet<Vec<usize>> {
        let mut blocked = HashSet::new();
        for e in elements.iter().filter(|e| class(e) == "box-lines") {
            for (a, b) in segments(&e.attrs["d"]) {
                // A thick line lies on the side between two cells: block it from both.
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let vertical = (a.0 - b.0).abs() < 0.01;
                let nudge = self.cell / 4.0;
                let (p, q) = match vertical {
                    true => ((mid.0 - nudge, mid.1), (mid.0 + nudge, mid.1)),
                    false => ((mid.0, mid.1 - nudge), (mid.0, mid.1 + nudge)),
                };
                let (p, q) = (self.cell_at(p), self.cell_at(q));
                let (ps, qs) = if vertical { (1, 3) } else { (2, 0) };
                blocked.insert((p, ps));
                blocked.insert((q, qs));
            }
        }
        let all: Vec<usize> = (0..self.n * self.n).collect();
        self.groups(&blocked, &all)
    }

    /// The cages the dashed outlines close.
    fn cages(&self, elements: &[Element]) -> BTreeSet<Vec<usize>> {
        let mut out = BTreeSet::new();
        for e in elements.iter().filter(|e| class(e) == "cage") {
            assert!(e.attrs.contains_key("stroke-dasharray"), "cages are dashed");
            let mut blocked = HashSet::new();
            let mut inside = Vec::new();
            for (a, b) in segments(&e.attrs["d"]) {
                let (cell, side) = self.side_of(a, b);
                blocked.insert((cell, side));
                inside.push(cell);
            }
            let groups = self.groups(&blocked, &inside);
            assert_eq!(groups.len(), 1, "one outline closes one cage");
            out.extend(groups);
        }
        out
    }

    /// The digits drawn in the cells, and whether each is drawn as a given.
    fn digits(&self, elements: &[Element]) -> HashMap<usize, (u32, bool)> {
        let mut out = HashMap::new();
        for e in elements {
            let given = match class(e) {
                "given" => true,
                "solved" => false,
                _ => continue,
            };
            let at = (coordinate(e, "x"), coordinate(e, "y"));
            let digit: u32 = e.text.trim().parse().unwrap();
            assert!(
                out.insert(self.cell_at(at), (digit, given)).is_none(),
                "one digit a cell"
            );
        }
        out
    }
}

fn class(e: &Element) -> &str {
    e.attrs.get("class").map_or("", String::as_str)
}

fn coordinate(e: &Element, name: &str) -> f64 {
    e.attrs[name].parse().unwrap()
}

/// The points of path data made of `M x yL x y...` and `Z`.
fn points(d: &str) -> Vec<(f64, f64)> {
    segments(d).into_iter().flat_map(|(a, b)| [a, b]).collect()
}

/// The straight segments of path data: each `M` starts a run, each `L` ends a segment.
fn segments(d: &str) -> Vec<((f64, f64), (f64, f64))> {
    let mut out = Vec::new();
    for run in d.split('M').filter(|r| !r.is_empty()) {
        let pts: Vec<(f64, f64)> = run
            .trim_end_matches('Z')
            .split('L')
            .map(|p| {
                let (x, y) = p.trim().split_once(' ').expect("x y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        for w in pts.windows(2) {
            out.push((w[0], w[1]));
        }
    }
    out
}

/// The cells of each symbol of a map (rows of one symbol a cell).
fn map_groups(map: &str) -> BTreeSet<Vec<usize>> {
    let mut groups: HashMap<char, Vec<usize>> = HashMap::new();
    for (cell, symbol) in map.chars().filter(|c| !c.is_whitespace()).enumerate() {
        groups.entry(symbol).or_default().push(cell);
    }
    groups.into_values().collect()
}

/// Checks the digits of a picture: the solution's, in bold where the puzzle gives them.
fn check_digits(frame: &Frame, elements: &[Element], puzzle: &str, solution: &str) {
    let digits = frame.digits(elements);
    let cells: Vec<char> = solution.chars().collect();
    let givens: Vec<char> = puzzle.chars().collect();
    assert_eq!(digits.len(), cells.len(), "a digit in every cell");
    for (cell, &want) in cells.iter().enumerate() {
        let (digit, given) = digits[&cell];
        assert_eq!(Some(digit), want.to_digit(10), "cell {cell}");
        assert_eq!(given, givens[cell] != '.', "cell {cell} given or found");
    }
}

fn titles(elements: &[Element]) -> Vec<String> {
    elements
        .iter()
        .filter(|e| class(e) == "title")
        .map(|e| e.text.clone())
        .collect()
}

#[test]
fn a_sudoku_picture_shows_the_solution_and_the_boxes() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solution = sudoku_quiet(&["solve"], puzzle, 0);
    let svg = sudoku_quiet(&["solve", "--format", "svg"], puzzle, 0);
    let elements = parse_xml(&svg);
    let frame = Frame::of(&elements, 9);
    check_digits(&frame, &elements, puzzle, solution.trim());
    let boxes = map_groups(
        "AAABBBCCC AAABBBCCC AAABBBCCC DDDEEEFFF DDDEEEFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII",
    );
    assert_eq!(frame.regions(&elements), boxes);
    assert!(frame.cages(&elements).is_empty());
    // The verdict line is that of --format grid.
    let grid = sudoku_quiet(&["solve", "--format", "grid", "--count"], puzzle, 0);
    let svg = sudoku_quiet(&["solve", "--format", "svg", "--count"], puzzle, 0);
    let first = grid.lines().next().unwrap().trim_start_matches("# ");
    assert_eq!(titles(&parse_xml(&svg)), [first]);
    assert_eq!(first, "puzzle 1 (line 1): unique, 1 solution");
}

#[test]
fn a_jigsaw_picture_closes_the_regions_of_its_map() {
    let puzzle = "..4..1....2..3..";
    let regions = "AABB ACBB ACDD CCDD";
    let args = ["solve", "--regions", regions];
    let solution = sudoku_quiet(&args, puzzle, 0);
    let svg = sudoku_quiet(&[&args[..], &["--format", "svg"]].concat(), puzzle, 0);
    let elements = parse_xml(&svg);
    let frame = Frame::of(&elements, 4);
    check_digits(&frame, &elements, puzzle, solution.trim());
    assert_eq!(frame.regions(&elements), map_groups(regions));
}

#[test]
fn a_killer_picture_draws_each_cage_with_its_sum() {
    let text = std::fs::read_to_string(format!("{}/data/sudoku/killer.txt", crate::ROOT)).unwrap();
    // The first puzzle of the file: its cage map and its sums.
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let map: Vec<&str> = lines[..9].to_vec();
    let mut sums: HashMap<char, u32> = HashMap::new();
    for word in lines[9..11].iter().flat_map(|l| l.split_whitespace()) {
        let (symbol, sum) = word.split_once('=').unwrap();
        sums.insert(symbol.chars().next().unwrap(), sum.parse().unwrap());
    }
    let input = lines[..11].join("\n");
    let args = ["solve", "--variant", "killer"];
    let solution = sudoku_quiet(&[&args[..], &["--format", "line"]].concat(), &input, 0);
    let svg = sudoku_quiet(&[&args[..], &["--format", "svg"]].concat(), &input, 0);
    let known =
        std::fs::read_to_string(format!("{}/data/sudoku/killer_solutions.txt", crate::ROOT))
            .unwrap();
    assert_eq!(solution.trim(), known.lines().next().unwrap());
    let elements = parse_xml(&svg);
    let frame = Frame::of(&elements, 9);
    check_digits(&frame, &elements, &".".repeat(81), solution.trim());
    let cages = map_groups(&map.join(" "));
    assert_eq!(cages.len(), 29);
    assert_eq!(frame.cages(&elements), cages);
    // Each sum stands in the first cell of its cage.
    let symbols: Vec<char> = map.concat().chars().collect();
    let mut drawn: HashMap<usize, u32> = HashMap::new();
    for e in elements.iter().filter(|e| class(e) == "sum") {
        let at = frame.cell_at((coordinate(e, "x"), coordinate(e, "y")));
        drawn.insert(at, e.text.parse().unwrap());
    }
    let want: HashMap<usize, u32> = cages
        .iter()
        .map(|cells| (cells[0], sums[&symbols[cells[0]]]))
        .collect();
    assert_eq!(drawn, want);
}

#[test]
fn svg_dir_writes_a_picture_a_puzzle_and_a_cut_search_says_so() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_sudoku_svg");
    let _ = std::fs::remove_dir_all(&dir);
    let puzzles = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
                   52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    let dir_text = dir.to_str().unwrap();
    let svg = sudoku_quiet(&["solve", "--format", "svg", "--svg", dir_text], puzzles, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<&str> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(names, ["solution-0001.svg", "solution-0002.svg"]);
    let document = titles(&parse_xml(&svg));
    let each: Vec<String> = files
        .iter()
        .flat_map(|f| titles(&parse_xml(&std::fs::read_to_string(f).unwrap())))
        .collect();
    assert_eq!(document, each);
    assert_eq!(document.len(), 2);
    // A search stopped by a limit says so in the picture on standard output.
    let (svg, _) = sudoku(
        &["solve", "--format", "svg", "--count", "--max-nodes", "1"],
        puzzles.lines().next().unwrap(),
        1,
    );
    let title = &titles(&parse_xml(&svg))[0];
    assert!(title.contains("node limit"), "{title}");
    // A folder that cannot be made is an error before any search.
    let out = dlxkit()
        .args(["sudoku", "solve", "--svg", "/dev/null/x"])
        .write_stdin(puzzles)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot make the folder /dev/null/x"));
}
