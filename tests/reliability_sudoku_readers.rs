//! Regression tests of issue 26's last reader items: a typo in a list of small puzzles, a
//! killer list without `size:`, and a jigsaw of prime side on one line. Each was misread or
//! refused with a misleading message before its fix.

use dlxkit::sudoku::killer::text::{parse_killers, KillerOptions};
use dlxkit::sudoku::parse::{parse_each, parse_puzzles, ParseOptions};
use dlxkit::sudoku::Variant;

/// Four 4x4 puzzles, one a line.
const SMALL: [&str; 4] = [
    "1.3..4....4.4..1",
    "..2.3...1.......",
    "...1..3..2...4..",
    "4......3..1..2..",
];

#[test]
fn a_typo_in_a_list_of_4x4_puzzles_is_reported_on_its_line() {
    // Before: the lines were read as rows of a 16x16 grid, and the error came after the
    // last line ("the puzzle has 3 of its 16 rows"), naming neither the typo nor its line.
    let text = format!(
        "{}\n{}\n.5..........2...\n{}\n",
        SMALL[0], SMALL[1], SMALL[2]
    );
    let read = parse_each(&text, &ParseOptions::default());
    assert_eq!(read.len(), 4);
    for (k, r) in read.iter().enumerate() {
        match (k, r) {
            (2, Err(e)) => assert_eq!(e.to_string(), "line 3: digit 5 at r1c2 is larger than 4"),
            (_, Ok(p)) => assert_eq!(p.grid.size(), 4, "line {}", k + 1),
            (_, Err(e)) => panic!("line {}: {e}", k + 1),
        }
    }
    // Sixteen lines, which could make the rows of one 16x16 grid: still 4x4 puzzles, the
    // typo (a `9`) on its line.
    let mut lines: Vec<String> = (0..16).map(|k| SMALL[k % 4].to_string()).collect();
    lines[10] = "..2.3...1...9...".to_string();
    let read = parse_each(&(lines.join("\n") + "\n"), &ParseOptions::default());
    assert_eq!(read.len(), 16);
    let errors: Vec<String> = read
        .iter()
        .filter_map(|r| r.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert_eq!(errors, ["line 11: digit 9 at r4c1 is larger than 4"]);
}

#[test]
fn a_16x16_grid_with_digits_above_4_in_most_rows_is_still_one_grid() {
    let line = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/sudoku/sudoku16x16_puzzles.txt"
    ))
    .unwrap()
    .lines()
    .next()
    .unwrap()
    .to_string();
    let rows: Vec<&str> = (0..16).map(|r| &line[16 * r..16 * r + 16]).collect();
    // Rows whose givens are all at most 4 read as 4x4 puzzles on their own; the grid has
    // fewer of them than rows with larger digits.
    let small_rows = rows
        .iter()
        .filter(|r| r.chars().all(|c| matches!(c, '.' | '1'..='4')))
        .count();
    assert!(2 * small_rows < rows.len(), "{small_rows}");
    let puzzles = parse_puzzles(&(rows.join("\n") + "\n"), &ParseOptions::default()).unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].grid.size(), 16);
    assert_eq!(dlxkit::sudoku::parse::to_line(&puzzles[0].grid), line);
    // A row left out: the grid is unfinished, not read as small puzzles.
    let err = parse_puzzles(&(rows[..15].join("\n") + "\n"), &ParseOptions::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("15 of its 16 rows"), "{err}");
}

/// A 4x4 killer as a cage list covering every cell, without `size:`.
const WHOLE_4X4: &str = "3: r1c1 r1c2\n7: r1c3 r1c4\n7: r2c1 r2c2\n3: r2c3 r2c4\n\
                         5: r3c1 r4c1\n5: r3c2 r4c2\n5: r3c3 r4c3\n5: r3c4 r4c4\n";

#[test]
fn a_killer_list_without_size_takes_its_side_only_when_its_cages_cover_it() {
    let options = KillerOptions::default();
    let read = parse_killers(WHOLE_4X4, &options).unwrap();
    assert_eq!(read[0].killer.grid().size(), 4);
    assert_eq!(read[0].killer.cages().len(), 8);
    // A typo naming a cell outside the 4x4 grid: before, silently a 9x9 puzzle.
    let typo = WHOLE_4X4.replace("r3c2 r4c2", "r9c2 r4c2");
    assert_eq!(
        parse_killers(&typo, &options).unwrap_err().to_string(),
        "line 1: a cage list without a size: line is as large as its largest row or column \
         (9x9), but its cages cover 16 of those 81 cells: write size: N"
    );
    // A 9x9 list that leaves its last row out: before, read with its side from the largest
    // cell named and no word about the cells left.
    let rows: String = (1..=8)
        .map(|r| {
            let pairs: String = (0..4)
                .map(|k| format!("3: r{r}c{} r{r}c{}\n", 2 * k + 1, 2 * k + 2))
                .collect();
            format!("{pairs}5: r{r}c9\n")
        })
        .collect();
    assert_eq!(
        parse_killers(&rows, &options).unwrap_err().to_string(),
        "line 1: a cage list without a size: line is as large as its largest row or column \
         (9x9), but its cages cover 72 of those 81 cells: write size: N"
    );
    // With its side said, the same list is a 9x9 puzzle with cells in no cage.
    let sized = parse_killers(&format!("size: 9\n{rows}"), &options).unwrap();
    assert_eq!(sized[0].killer.grid().size(), 9);
}

#[test]
fn a_jigsaw_of_side_5_or_7_reads_from_one_line() {
    // Before: "expected a puzzle: n*n cells on one line (81 for 9x9) or n lines of n cells;
    // found one line of 25 cells" (the line was taken for a row of a 25x25 grid).
    for (map, line) in [
        ("AAABB ACCBB ACCDB ECDDD EEEED", "1....2....3....4....5...."),
        (
            "AAAAAAA BBBBBBB CCCCCCC DDDDDDD EEEEEEE FFFFFFF GGGGGGG",
            "1......2......3......4......5......6......7......",
        ),
    ] {
        let variant = Variant::parse("jigsaw", Some(map)).unwrap();
        let options = ParseOptions::default().variant(variant);
        let puzzles = parse_puzzles(&format!("{line}\n{line}\n"), &options)
            .unwrap_or_else(|e| panic!("{map}: {e}"));
        let side = map.split_whitespace().count();
        assert_eq!(puzzles.len(), 2);
        for p in &puzzles {
            assert_eq!(p.grid.size(), side);
            assert_eq!(dlxkit::sudoku::parse::to_line(&p.grid), line);
        }
        // A line of another length is refused on its line.
        let err = parse_puzzles(&format!("{line}\n{line}.\n"), &options)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 2: "), "{err}");
    }
}
