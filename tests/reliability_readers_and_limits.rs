//! Regression tests of issue 26's later items for the library: the Sudoku readers on grids
//! people paste, each refused or misread before its fix.

use dlxkit::sudoku::parse::{parse_grid, ParseOptions};

/// A puzzle in the line format, written as spaced rows (`5 3 . . 7 . . . .`) with a rule
/// (`------+-------+------`) between bands and no `|`, blanks written `blank`.
fn spaced_with_rules(line: &str, side: usize, band: usize, stack: usize, blank: char) -> String {
    let cells: Vec<char> = line
        .chars()
        .map(|c| if c == '.' { blank } else { c })
        .collect();
    let rule = vec!["-".repeat(2 * stack); side / stack].join("+");
    let mut text = String::new();
    for (r, row) in cells.chunks(side).enumerate() {
        if r > 0 && r % band == 0 {
            text.push_str(&rule);
            text.push('\n');
        }
        let row: Vec<String> = row.iter().map(char::to_string).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn spaced_grids_with_rule_lines_and_no_bars_read_at_every_size() {
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let six = format!("123456456123{}", ".".repeat(24));
    let four = "12..34......2..1";
    for (line, side, band, stack) in [(nine, 9, 3, 3), (six.as_str(), 6, 2, 3), (four, 4, 2, 2)] {
        let expected = parse_grid(line, &ParseOptions::default()).unwrap();
        for blank in ['.', '_', '*', '0'] {
            let text = spaced_with_rules(line, side, band, stack, blank);
            let grid = parse_grid(&text, &ParseOptions::default())
                .unwrap_or_else(|e| panic!("{e}:\n{text}"));
            assert_eq!(grid, expected, "{text}");
        }
    }
    // A rule line above the first row, and numbers of two digits (16x16, tokens).
    let text = format!(
        "------+-------+------\n{}",
        spaced_with_rules(nine, 9, 3, 3, '0')
    );
    let expected = parse_grid(nine, &ParseOptions::default()).unwrap();
    assert_eq!(
        parse_grid(&text, &ParseOptions::default()).unwrap(),
        expected
    );
    let mut rows = Vec::new();
    for r in 0..16 {
        if r > 0 && r % 4 == 0 {
            rows.push("------------+-------------+-------------+------------".to_string());
        }
        let row: Vec<String> = (0..16)
            .map(|c| {
                if c == column_of_16(r) {
                    "16".to_string()
                } else {
                    "0".to_string()
                }
            })
            .collect();
        rows.push(row.join(" "));
    }
    let grid = parse_grid(&rows.join("\n"), &ParseOptions::default()).unwrap();
    assert_eq!(grid.size(), 16);
    assert!((0..16).all(|r| grid[(r, column_of_16(r))] == 16));
}

/// Where row `r` of the 16x16 test grid holds its 16: once in each row, column and box.
fn column_of_16(r: usize) -> usize {
    (r % 4) * 4 + r / 4
}

#[test]
fn queens_are_constructed_for_every_board_that_has_them() {
    use dlxkit::puzzles::queens::{Queens, QueensOrder, MAX_N};
    use dlxkit::puzzles::Puzzle;
    let sizes = (1..=200).chain([997, 998, 999, MAX_N]);
    for n in sizes {
        let q = Queens::new(n, QueensOrder::OrganPipe).unwrap();
        match q.constructed() {
            None => assert!(n == 2 || n == 3, "no construction for {n}"),
            Some(s) => {
                q.validate(&s).unwrap_or_else(|e| panic!("{n} queens: {e}"));
                // The options place the same queens, and cover the problem exactly.
                assert_eq!(q.decode(&q.options_of(&s)).unwrap(), s);
            }
        }
    }
    // Small boards agree with the search about which have a solution.
    for n in 1..=8 {
        let q = Queens::new(n, QueensOrder::Natural).unwrap();
        assert_eq!(q.constructed().is_some(), q.count() > 0, "{n} queens");
    }
}

#[test]
fn jigsaw_grids_of_prime_sides_need_no_box() {
    use dlxkit::sudoku::parse::parse_puzzles;
    use dlxkit::sudoku::Variant;
    // Before: "cannot infer a box shape for side 5: give one explicitly (e.g. --box 2x3)".
    for (map, side) in [
        ("AAABB ACCBB ACCDB ECDDD EEEED", 5),
        ("AAAAAAA BBBBBBB CCCCCCC DDDDDDD EEEEEEE FFFFFFF GGGGGGG", 7),
    ] {
        let Ok(variant) = Variant::parse("jigsaw", Some(map)) else {
            panic!("{map}");
        };
        let text = format!("{}\n", ".".repeat(side)).repeat(side);
        let options = ParseOptions::default().variant(variant);
        let puzzles = parse_puzzles(&text, &options).unwrap_or_else(|e| panic!("{side}: {e}"));
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].grid.size(), side);
    }
}
