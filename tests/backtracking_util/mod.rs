//! Helpers shared by the solver tests: a tiny line-format reader, the shipped puzzle sets,
//! every registered solver (DLX and the four backtracking ones), and checks on reports.
#![allow(dead_code)]

use std::sync::Arc;

use dlxkit::sudoku::solvers::{by_name, SolveReport, SudokuSolver, SOLVER_NAMES};
use dlxkit::sudoku::{Grid, Layout, Shape};

/// Every registered solver's name: DLX and the four backtracking solvers, so that every
/// agreement test also checks them against DLX.
pub const SOLVERS: [&str; 5] = SOLVER_NAMES;

/// A fresh instance of each registered solver.
pub fn solvers() -> Vec<Box<dyn SudokuSolver>> {
    SOLVERS
        .iter()
        .map(|name| by_name(name).expect("registered"))
        .collect()
}

/// One symbol: `1`-`9`, then `A`-`Z` for 10 and up; `.` or `0` is a blank.
fn symbol(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// A puzzle written on one line in reading order, of the layout given.
pub fn parse_with(layout: &Arc<Layout>, line: &str) -> Grid {
    let cells: Vec<u8> = line
        .trim()
        .chars()
        .map(|c| symbol(c).unwrap_or_else(|| panic!("bad symbol {c:?} in {line}")))
        .collect();
    Grid::from_cells(layout.clone(), cells).expect("a valid grid")
}

/// A standard puzzle on one line; the side is the square root of the length.
pub fn parse(line: &str) -> Grid {
    let len = line.trim().chars().count();
    let n = (1..=100).find(|n| n * n >= len).expect("a side");
    assert_eq!(n * n, len, "not a square number of cells: {line}");
    let layout = Arc::new(Layout::standard(Shape::for_size(n).expect("a box shape")));
    parse_with(&layout, line)
}

/// Every puzzle of a shipped set in `data/sudoku/`.
pub fn load(name: &str) -> Vec<Grid> {
    let path = format!("{}/data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(parse)
        .collect()
}

/// Asserts that a report holds exactly one solution, found by an exhausted search, that
/// fills `puzzle`; returns it.
pub fn assert_unique(name: &str, puzzle: &Grid, report: &SolveReport) -> Grid {
    assert_eq!(
        (report.solutions, report.status.as_str()),
        (1, "complete"),
        "{name} on {}",
        line(puzzle)
    );
    let s = report.first.clone().expect("a first solution");
    assert!(s.is_solved(), "{name}: not a valid solution");
    assert!(puzzle.is_filled_by(&s), "{name}: the givens were not kept");
    s
}

/// A grid written back on one line.
pub fn line(g: &Grid) -> String {
    g.cells()
        .iter()
        .map(|&d| match d {
            0 => '.',
            1..=9 => (b'0' + d) as char,
            _ => (b'A' + d - 10) as char,
        })
        .collect()
}
