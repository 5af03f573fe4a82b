//! The text formats: every error kind with its exact message, round trips through every
//! writer, block separators, CRLF line ends and comments.

use dlxkit::sudoku::parse::{
    parse_each, parse_grid, parse_puzzles, parse_with_ambiguity, to_line, to_pretty, to_tokens,
    Ambiguity, Format, ParseErrorKind, ParseOptions,
};
use dlxkit::sudoku::{generate, ops, Grid, Shape, Variant};

const PE1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn opts() -> ParseOptions {
    ParseOptions::default()
}

fn err(text: &str, options: &ParseOptions) -> String {
    parse_puzzles(text, options).unwrap_err().to_string()
}

fn solved(shape: Shape, seed: u64) -> Grid {
    let e = dlxkit::sudoku::encode::Encoding::standard(shape).unwrap();
    generate::random_solution(&e, &mut dlxkit::rng::Rng::new(seed), None)
        .unwrap()
        .unwrap()
}

/// A puzzle with about half its cells given (quick to make at any size).
fn puzzle(shape: Shape, seed: u64) -> Grid {
    let o = generate::GenerateOptions::new(shape)
        .target_givens(shape.cells() / 2)
        .node_limit(10_000);
    generate::generate(&o, seed).unwrap().puzzle
}

#[test]
fn line_format_reads_every_blank_symbol_and_comments() {
    let text = format!(
        "# a comment line\n\n{PE1}\n{}   trailing words\n{}#comment\n",
        PE1.replace('0', "."),
        PE1.replace('0', "_")
    );
    let p = parse_puzzles(&text, &opts()).unwrap();
    assert_eq!(p.len(), 3);
    assert_eq!((p[0].line, p[1].line, p[2].line), (3, 4, 5));
    assert!(p.iter().all(|q| q.grid == p[0].grid));
    for blank in ['*', '-'] {
        let g = parse_grid(&PE1.replace('0', &blank.to_string()), &opts()).unwrap();
        assert_eq!(g, p[0].grid);
    }
    assert_eq!(p[0].grid[(0, 2)], 3);
    assert_eq!(p[0].grid.givens(), 32);
}

#[test]
fn crlf_line_ends_are_accepted() {
    let text = format!("# pe\r\n{PE1}\r\n\r\n{PE1}\r\n");
    let p = parse_puzzles(&text, &opts()).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[1].line, 4);
    let block = to_pretty(&p[0].grid).replace('\n', "\r\n");
    assert_eq!(parse_grid(&block, &opts()).unwrap(), p[0].grid);
}

#[test]
fn sixteen_by_sixteen_letters_in_either_case() {
    let g = solved(Shape::new(4, 4).unwrap(), 3);
    let line = to_line(&g);
    assert!(line.contains('G'));
    assert_eq!(parse_grid(&line, &opts()).unwrap(), g);
    assert_eq!(parse_grid(&line.to_lowercase(), &opts()).unwrap(), g);
}

#[test]
fn block_format_with_and_without_separators() {
    let framed = "\
+-------+-------+-------+
| . . 3 | . 2 . | 6 . . |
| 9 . . | 3 . 5 | . . 1 |
| . . 1 | 8 . 6 | 4 . . |
+-------+-------+-------+
| . . 8 | 1 . 2 | 9 . . |
| 7 . . | . . . | . . 8 |
| . . 6 | 7 . 8 | 2 . . |
+-------+-------+-------+
| . . 2 | 6 . 9 | 5 . . |
| 8 . . | 2 . 3 | . . 9 |
| . . 5 | . 1 . | 3 . . |
+-------+-------+-------+
";
    let plain = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n";
    let pe = format!("Grid 01\n{plain}Grid 02\n{plain}");
    let expected = parse_grid(PE1, &opts()).unwrap();
    assert_eq!(parse_grid(framed, &opts()).unwrap(), expected);
    assert_eq!(parse_grid(plain, &opts()).unwrap(), expected);
    let both = parse_puzzles(&pe, &opts()).unwrap();
    assert_eq!(both.len(), 2);
    assert_eq!((both[0].line, both[1].line), (2, 12));
    assert_eq!(both[1].grid, expected);
    // Blank lines between bands and a row of dashes for blanks.
    let spaced = "\
- - - | - - - | - - -
9 . . | 3 . 5 | . . 1
. . 1 | 8 . 6 | 4 . .

. . 8 | 1 . 2 | 9 . .
7 . . | . . . | . . 8
. . 6 | 7 . 8 | 2 . .
------+-------+------
. . 2 | 6 . 9 | 5 . .
8 . . | 2 . 3 | . . 9
. . 5 | . 1 . | 3 . .
";
    let g = parse_grid(spaced, &opts().format(Format::Block)).unwrap();
    assert_eq!(&g.cells()[..9], &[0; 9]);
    assert_eq!(&g.cells()[9..], &expected.cells()[9..]);
}

#[test]
fn token_format_rows_or_one_line() {
    let g = puzzle(Shape::new(4, 4).unwrap(), 9);
    let rows = to_tokens(&g);
    assert_eq!(rows.lines().count(), 16);
    assert_eq!(parse_grid(&rows, &opts()).unwrap(), g);
    let one_line: Vec<String> = g.cells().iter().map(u8::to_string).collect();
    let one_line = one_line.join(" ");
    assert_eq!(parse_grid(&one_line, &opts()).unwrap(), g);
    assert_eq!(
        parse_grid(&one_line, &opts().format(Format::Token)).unwrap(),
        g
    );
    let nine = "0 0 3 0 2 0 6 0 0\n9 0 0 3 0 5 0 0 1\n0 0 1 8 0 6 4 0 0\n0 0 8 1 0 2 9 0 0\n7 0 0 0 0 0 0 0 8\n0 0 6 7 0 8 2 0 0\n0 0 2 6 0 9 5 0 0\n8 0 0 2 0 3 0 0 9\n0 0 5 0 1 0 3 0 0\n";
    assert_eq!(
        parse_grid(nine, &opts()).unwrap(),
        parse_grid(PE1, &opts()).unwrap()
    );
}

#[test]
fn every_format_round_trips_for_every_size() {
    for (r, c, explicit) in [
        (2, 2, false),
        (2, 3, false),
        (3, 2, true),
        (2, 4, false),
        (3, 3, false),
        (3, 4, false),
        (4, 4, false),
        (5, 5, false),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let g = puzzle(shape, (r * 10 + c) as u64);
        let o = if explicit {
            opts().shape(shape)
        } else {
            opts()
        };
        assert_eq!(parse_grid(&to_line(&g), &o).unwrap(), g, "line {shape}");
        assert_eq!(parse_grid(&to_pretty(&g), &o).unwrap(), g, "block {shape}");
        assert_eq!(parse_grid(&to_tokens(&g), &o).unwrap(), g, "token {shape}");
        let full = solved(shape, 1);
        assert_eq!(
            parse_grid(&to_line(&full), &o).unwrap(),
            full,
            "full {shape}"
        );
    }
}

#[test]
fn sides_above_35_round_trip_through_tokens() {
    let shape = Shape::new(6, 6).unwrap();
    let g = ops::solve(&Grid::empty(shape)).unwrap().unwrap();
    let o = opts().shape(shape);
    assert_eq!(parse_grid(&to_tokens(&g), &o).unwrap(), g);
    assert_eq!(parse_grid(&to_line(&g), &o).unwrap(), g); // tokens on one line
    assert!(to_pretty(&g).lines().next().unwrap().starts_with(" 1  2"));
}

#[test]
fn six_by_six_in_both_box_shapes() {
    let tall = Shape::new(3, 2).unwrap();
    let g = solved(tall, 4);
    let text = to_pretty(&g);
    assert_eq!(
        text.lines().next(),
        Some(&*format!(
            "{} {} | {} {} | {} {}",
            g[(0, 0)],
            g[(0, 1)],
            g[(0, 2)],
            g[(0, 3)],
            g[(0, 4)],
            g[(0, 5)]
        ))
    );
    assert_eq!(text.lines().nth(3), Some("----+-----+----"));
    let read = parse_grid(&text, &opts().shape(tall)).unwrap();
    assert_eq!(read.shape(), tall);
    assert_eq!(read, g);
    // Without the shape, 6 means 2x3 boxes; a 3x2 solution may then conflict in a box.
    assert_eq!(
        parse_grid(&to_line(&g), &opts().check_givens(false))
            .unwrap()
            .shape(),
        Shape::new(2, 3).unwrap()
    );
}

#[test]
fn error_wrong_length() {
    assert_eq!(
        err(&format!("{PE1}\n{}\n", &PE1[1..]), &opts()),
        "line 2: expected 81 cells, found 80"
    );
    assert_eq!(
        err(
            PE1,
            &opts().shape(Shape::new(2, 3).unwrap()).format(Format::Line)
        ),
        "line 1: expected 36 cells, found 81"
    );
}

#[test]
fn error_not_square() {
    assert_eq!(
        err(&PE1[1..], &opts()),
        "line 1: found 80 cells, which is not n x n for any side n (81 for 9x9)"
    );
}

#[test]
fn error_bad_symbol() {
    let bad = format!("{}x{}", &PE1[..12], &PE1[13..]);
    assert_eq!(err(&bad, &opts()), "line 1: bad symbol `x` at r2c4");
    assert_eq!(
        err(&PE1.replace("003", "A03"), &opts()),
        "line 1: bad symbol `A` at r1c1"
    );
    assert_eq!(
        err("1 2 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4x\n", &opts()),
        "line 4: bad symbol `x` at r4c4"
    );
}

#[test]
fn error_digit_too_large() {
    let line = opts().format(Format::Line);
    assert_eq!(
        err("1.5.............", &line),
        "line 1: digit 5 at r1c3 is larger than 4"
    );
    // Without a format, one line of 16 cells is a 4x4 puzzle, even with a 5 in it.
    assert_eq!(
        err("1.5.............", &opts()),
        "line 1: digit 5 at r1c3 is larger than 4"
    );
    // Below it, more rows of 16 make it a row of a 16x16 grid, unfinished.
    assert_eq!(
        err("1.5.............\n................\n", &opts()),
        "line 3: the puzzle has 2 of its 16 rows"
    );
    let sixteen = format!("{}H", ".".repeat(255));
    assert_eq!(
        err(&sixteen, &opts()),
        "line 1: digit 17 at r16c16 is larger than 16"
    );
    assert_eq!(
        err(
            "0 0 0 0\n0 0 0 0\n0 0 0 9\n0 0 0 0\n",
            &opts().format(Format::Token)
        ),
        "line 3: digit 9 at r3c4 is larger than 4"
    );
}

#[test]
fn error_conflicting_givens_name_both_cells() {
    let mut row = ".5....5..".to_string();
    row.push_str(&".".repeat(72));
    let text = format!("# header\n{PE1}\n{row}\n");
    assert_eq!(
        err(&text, &opts()),
        "line 3: digit 5 appears twice in row 1 (r1c2 and r1c7)"
    );
    let col = format!("{}{}", "7........", "7........").to_string() + &".".repeat(63);
    assert_eq!(
        err(&col, &opts()),
        "line 1: digit 7 appears twice in column 1 (r1c1 and r2c1)"
    );
    let boxed = "1........".to_string() + ".1......." + &".".repeat(63);
    assert_eq!(
        err(&boxed, &opts()),
        "line 1: digit 1 appears twice in box 1 (r1c1 and r2c2)"
    );
    let diag = "1.........1".to_string() + &".".repeat(70);
    assert_eq!(
        err(&diag, &opts().variant(Variant::X)),
        "line 1: digit 1 appears twice in box 1 (r1c1 and r2c2)"
    );
    let diag = format!("2{}2", ".".repeat(79));
    assert_eq!(
        err(&diag, &opts().variant(Variant::X)),
        "line 1: digit 2 appears twice in diagonal 1 (r1c1 and r9c9)"
    );
    assert!(parse_puzzles(&diag, &opts()).is_ok());
    // Not checked on request.
    assert!(parse_puzzles(&diag, &opts().variant(Variant::X).check_givens(false)).is_ok());
}

#[test]
fn error_row_length_and_unfinished_blocks() {
    assert_eq!(
        err("12..\n..1\n....\n....\n", &opts()),
        "line 2: expected 4 cells in this row, found 3"
    );
    assert_eq!(
        err("12..\n....\n....\n", &opts()),
        "line 4: the puzzle has 3 of its 4 rows"
    );
    assert_eq!(
        err("1 0 0 0\n0 0 0 0\n", &opts()),
        "line 3: the puzzle has 2 of its 4 rows"
    );
}

#[test]
fn error_sizes_without_a_shape() {
    assert_eq!(
        err(&".".repeat(49), &opts()),
        "line 1: cannot infer a box shape for side 7: give one explicitly (e.g. --box 2x3)"
    );
    assert_eq!(
        err(&".".repeat(36 * 36), &opts().format(Format::Line)),
        "line 1: a side of 36 needs the token format (line and block formats go up to 35)"
    );
    assert_eq!(
        err(&".".repeat(36), &opts().variant(Variant::Windoku)),
        "line 1: variant windoku is not defined for a 6x6 grid with 2x3 boxes"
    );
}

#[test]
fn error_one_puzzle_expected() {
    assert_eq!(
        parse_grid("# nothing\n", &opts()).unwrap_err().to_string(),
        "line 1: no puzzle found"
    );
    assert_eq!(
        parse_grid(&format!("{PE1}\n{PE1}\n"), &opts())
            .unwrap_err()
            .to_string(),
        "line 2: expected one puzzle, found 2"
    );
}

#[test]
fn parse_each_goes_on_after_bad_lines() {
    let text = format!("{PE1}\n{}\n{PE1}\n", &PE1[..80]);
    let results = parse_each(&text, &opts());
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[2].is_ok());
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(
        e.kind,
        ParseErrorKind::WrongLength {
            expected: 81,
            found: 80
        }
    );
}

#[test]
fn jigsaw_variant_parses_with_its_regions() {
    let regions = "AAAB ACBB CCDB CDDD"; // 4x4 jigsaw: AAAB / ACBB / CCDB / CDDD
    let v = Variant::parse("jigsaw", Some(regions)).unwrap();
    let o = opts().variant(v).shape(Shape::new(2, 2).unwrap());
    let g = parse_grid("1.......1.......", &o).unwrap_err().to_string();
    assert_eq!(
        g,
        "line 1: digit 1 appears twice in column 1 (r1c1 and r3c1)"
    );
    let ok = parse_grid("1...............", &o).unwrap();
    assert_eq!(ok.layout().variant_name(), "jigsaw");
    assert!(!to_pretty(&ok).contains('|'));
}

/// `lines` lines of `n` numbers, all 0.
fn zeros(n: usize, lines: usize) -> String {
    let line = vec!["0"; n].join(" ");
    format!("{line}\n").repeat(lines)
}

#[test]
fn n_lines_of_n_numbers_are_one_grid_with_the_doubt_told() {
    for (n, m) in [(16, 4), (64, 8), (100, 10)] {
        let (puzzles, doubt) = parse_with_ambiguity(&zeros(n, n), &opts()).unwrap();
        assert_eq!(puzzles.len(), 1, "{n}");
        assert_eq!(puzzles[0].grid.size(), n);
        let doubt = doubt.unwrap();
        assert_eq!(
            doubt,
            Ambiguity {
                line: 1,
                lines: n,
                side: n
            }
        );
        assert_eq!(doubt.small_side(), m);
        // A box shape settles it, either way, with no doubt left.
        let small = Shape::for_size(m).unwrap();
        let (puzzles, doubt) = parse_with_ambiguity(&zeros(n, n), &opts().shape(small)).unwrap();
        assert_eq!((puzzles.len(), puzzles[0].grid.size(), doubt), (n, m, None));
        let big = Shape::for_size(n).unwrap();
        let (puzzles, doubt) = parse_with_ambiguity(&zeros(n, n), &opts().shape(big)).unwrap();
        assert_eq!((puzzles.len(), doubt), (1, None));
    }
    // Twice as many lines: two grids.
    let (puzzles, doubt) = parse_with_ambiguity(&zeros(16, 32), &opts()).unwrap();
    assert_eq!((puzzles.len(), doubt.unwrap().lines), (2, 32));
    // The same in one-character cells: 16 lines of 16 blanks are an empty 16x16 grid.
    let dots = format!("{}\n", ".".repeat(16)).repeat(16);
    let (puzzles, doubt) = parse_with_ambiguity(&dots, &opts()).unwrap();
    assert_eq!((puzzles.len(), puzzles[0].grid.size()), (1, 16));
    assert_eq!(
        doubt.unwrap().to_string(),
        "16 lines of 16 cells read as one 16x16 grid; \
        they could also be 16 puzzles of 4x4, one per line"
    );
}

#[test]
fn lines_that_cannot_be_rows_of_one_grid_stay_puzzles_without_doubt() {
    // 16 puzzles of 4x4, each with a digit twice in its line (as a row of a 16x16 grid,
    // a conflict), and 81 puzzles of 9x9 on one line each (17 givens or more on a line:
    // no row of an 81x81 grid with digits up to 9 has them).
    let four = "1 2 0 0 0 0 1 2 2 1 0 0 0 0 2 1\n".repeat(16);
    let (puzzles, doubt) = parse_with_ambiguity(&four, &opts()).unwrap();
    assert_eq!(
        (puzzles.len(), puzzles[0].grid.size(), doubt),
        (16, 4, None)
    );
    let nine: Vec<String> = PE1.chars().map(|c| c.to_string()).collect();
    let nine = format!("{}\n", nine.join(" ")).repeat(81);
    let (puzzles, doubt) = parse_with_ambiguity(&nine, &opts()).unwrap();
    assert_eq!(
        (puzzles.len(), puzzles[0].grid.size(), doubt),
        (81, 9, None)
    );
    // The 4x4 lines in one-character cells too.
    let four = "12....1221....21\n".repeat(16);
    let (puzzles, doubt) = parse_with_ambiguity(&four, &opts()).unwrap();
    assert_eq!((puzzles.len(), doubt), (16, None));
    // Fewer lines than a grid has rows: puzzles.
    let (puzzles, doubt) = parse_with_ambiguity(&zeros(16, 5), &opts()).unwrap();
    assert_eq!((puzzles.len(), puzzles[0].grid.size(), doubt), (5, 4, None));
    // 121 lines of 121 numbers: 11 has no box shape, so a grid of side 121, too large.
    assert_eq!(
        err(&zeros(121, 121), &opts()),
        "line 1: a side of 121 is larger than 100, the largest supported"
    );
}

#[test]
fn a_lone_short_line_says_what_a_puzzle_is() {
    let expected = "line 1: expected a puzzle: n*n cells on one line (81 for 9x9) or n lines of \
        n cells; found one line of 3 cells";
    assert_eq!(err("123\n", &opts()), expected);
    assert_eq!(err("1 2 3\n", &opts()), expected);
    assert_eq!(
        err("# a comment\n\n123\n", &opts()),
        expected.replace("line 1", "line 3")
    );
    assert!(matches!(
        parse_puzzles("12345678", &opts()).unwrap_err().kind,
        ParseErrorKind::LoneRow { found: 8 }
    ));
    // With rows below, or a side known, it is an unfinished block.
    assert_eq!(
        err("12.\n.3.\n", &opts()),
        "line 3: the puzzle has 2 of its 3 rows"
    );
    let block = format!(
        "{}123456789\n",
        to_pretty(&parse_grid(PE1, &opts()).unwrap())
    );
    assert_eq!(
        err(&block, &opts()),
        "line 13: the puzzle has 1 of its 9 rows"
    );
}
