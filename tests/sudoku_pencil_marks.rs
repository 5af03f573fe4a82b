//! Pencil-mark input (`dlxkit::sudoku::parse`, formats sukaku and candidates): written and
//! read back at several sizes, detected among the other formats, the frames of players'
//! tools accepted, bad input named; and the candidates kept by the DLX encoding (counts
//! against a brute-force filter of all solutions).

use std::sync::Arc;

use dlxkit::sudoku::candidates::{Candidates, Digits};
use dlxkit::sudoku::parse::{parse_puzzles, Format, ParseErrorKind, ParseOptions};
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::Limits;
use dlxkit::sudoku::{ops, Grid, Layout, Shape};

/// Candidates of a solved grid: each cell its digit plus, every `k`-th cell, `(digit % n) + 1`.
fn marks(solution: &Grid, k: usize) -> Candidates {
    let n = solution.size() as u8;
    let mut c = Candidates::of_grid(solution);
    for (cell, &d) in solution.cells().iter().enumerate() {
        if cell % k == 0 {
            c.set(cell, Digits::from_digits([d, d % n + 1]));
        }
    }
    c
}

#[test]
fn sukaku_lines_and_candidate_grids_are_read_back_at_every_size() {
    for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let solution = ops::solve(&Grid::empty(shape)).unwrap().unwrap();
        let pencil = marks(&solution, 3);
        let line = pencil.to_sukaku().unwrap();
        assert_eq!(line.len(), shape.cells() * shape.size());
        let options = ParseOptions::default().shape(shape);
        for (text, format) in [
            (format!("{line}\n"), Format::Sukaku),
            (pencil.to_grid_text(), Format::Candidates),
        ] {
            for f in [format, Format::Auto] {
                let read = parse_puzzles(&text, &options.clone().format(f)).unwrap();
                assert_eq!(read.len(), 1, "{r}x{c} {f:?}");
                assert_eq!(read[0].candidates.as_ref(), Some(&pencil), "{r}x{c} {f:?}");
                // Cells with one candidate are the givens.
                assert_eq!(read[0].grid, pencil.singles());
            }
        }
        // Without a shape, the side comes from the text too.
        if r == c {
            let read = parse_puzzles(&format!("{line}\n"), &ParseOptions::default()).unwrap();
            assert_eq!(read[0].candidates.as_ref(), Some(&pencil));
        }
    }
}

#[test]
fn frames_of_players_tools_are_ignored() {
    let text = "\
.----------------.------------.--------------.
| 13  12  4      | 6   5   7  | 9    8   23  |
| 5   7   8      | 9   23  1  | 6    4   23  |
| 9   6   23     | 8   4   23 | 5    7   1   |
:----------------+------------+--------------:
| 8   9   1      | 7   6   4  | 23   5   23  |
| 7   4   5      | 23  1   9  | 8    6   23  |
| 6   3   2      | 5   8   23 | 4    1   7   |
:----------------+------------+--------------:
| 4   8   7      | 1   9   6  | 23   23  5   |
| 2   1   9      | 4   23  5  | 7    3   6   |
| 23  5   6      | 23  7   8  | 1    9   4   |
'----------------'------------'--------------'
";
    let read = parse_puzzles(text, &ParseOptions::default()).unwrap();
    assert_eq!(read.len(), 1);
    let c = read[0].candidates.as_ref().unwrap();
    assert_eq!(c.get(0), Digits::from_digits([1, 3]));
    assert_eq!(c.get(8), Digits::from_digits([2, 3]));
    assert_eq!(read[0].grid.cells()[2], 4);
}

#[test]
fn other_formats_are_not_taken_for_pencil_marks() {
    // A line, a block with bars, a token row and a block of single digits.
    let pe1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    for text in [
        format!("{pe1}\n"),
        "1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n".to_string(),
        "0 0 3 0 2 0 6 0 0\n9 0 0 3 0 5 0 0 1\n0 0 1 8 0 6 4 0 0\n0 0 8 1 0 2 9 0 0\n7 0 0 0 0 0 0 0 8\n0 0 6 7 0 8 2 0 0\n0 0 2 6 0 9 5 0 0\n8 0 0 2 0 3 0 0 9\n0 0 5 0 1 0 3 0 0\n".to_string(),
        "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n".to_string(),
    ] {
        let read = parse_puzzles(&text, &ParseOptions::default()).unwrap();
        assert!(read.iter().all(|p| p.candidates.is_none()), "{text}");
    }
}

#[test]
fn bad_pencil_marks_are_named() {
    let kind = |text: &str, format: Format| {
        parse_puzzles(text, &ParseOptions::default().format(format))
            .unwrap_err()
            .kind
    };
    // A 4x4 sukaku: a blank may stand anywhere, a digit only in its own place (the second
    // cell's third character must be 3 or a blank).
    let fine = format!("1234{}{}", "12.4", "1234".repeat(14));
    assert!(parse_puzzles(&format!("{fine}\n"), &ParseOptions::default()).is_ok());
    let bad = format!("1234{}{}", "1254", "1234".repeat(14));
    assert_eq!(
        kind(&format!("{bad}\n"), Format::Sukaku),
        ParseErrorKind::SukakuPosition {
            row: 1,
            col: 2,
            symbol: '5',
            position: 3
        }
    );
    let empty = format!("....{}", "1234".repeat(15));
    assert_eq!(
        kind(&format!("{empty}\n"), Format::Sukaku),
        ParseErrorKind::NoCandidate { row: 1, col: 1 }
    );
    assert_eq!(
        kind("12 34 34 12\n", Format::Candidates),
        ParseErrorKind::Unfinished {
            expected: 4,
            found: 1
        }
    );
    assert_eq!(
        kind(
            "12 34 3x 12\n1 2 3 4\n1 2 3 4\n1 2 3 4\n",
            Format::Candidates
        ),
        ParseErrorKind::BadSymbol {
            row: 1,
            col: 3,
            symbol: 'x'
        }
    );
}

#[test]
fn dlx_keeps_to_the_candidates() {
    // The 288 4x4 grids, filtered by pencil marks by hand, against DLX with the marks.
    let layout = Arc::new(Layout::standard(Shape::new(2, 2).unwrap()));
    let empty = Grid::blank(layout.clone());
    let all = ops::solutions(&empty, 1000).unwrap();
    assert_eq!(all.len(), 288);
    let mut dlx = DlxSolver::new();
    for seed in 0..20u32 {
        let mut pencil = Candidates::of_grid(&empty);
        for cell in 0..16 {
            // Leave out one digit from some cells, by a fixed pattern per seed.
            if (cell as u32 * 7 + seed) % 3 == 0 {
                let mut d = Digits::all(4);
                d.remove(((cell as u32 + seed) % 4 + 1) as u8);
                pencil.set(cell, d);
            }
        }
        let expected = all.iter().filter(|g| pencil.allows(g)).count() as u64;
        let report = dlx.solve_candidates(&pencil.singles(), &pencil, &Limits::new());
        assert_eq!(report.solutions, expected, "seed {seed}");
        if let Some(first) = report.first {
            assert!(pencil.allows(&first) && first.is_solved());
        }
    }
}
