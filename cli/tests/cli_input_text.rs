//! Files as editors and other systems save them, through every reader of the command line:
//! a UTF-8 byte-order mark at the start (skipped) or later (named), CR-only and CR LF line
//! ends (read as line ends), bytes that are not UTF-8 (named with the line and column), and
//! columns counted in characters.

use crate::cli_util::dlxkit;

const BOM: &str = "\u{feff}";

/// The toy problem's one solution, in the order the search chooses its options.
const TOY_SOLUTION: &str = "A D\nC E F\nB G\n\n";

fn toy() -> String {
    std::fs::read_to_string(format!("{}/data/dlx/knuth-toy.dlx", crate::ROOT)).unwrap()
}

#[test]
fn solve_skips_a_leading_byte_order_mark() {
    dlxkit()
        .arg("solve")
        .write_stdin(format!("{BOM}{}", toy()))
        .assert()
        .code(0)
        .stdout(TOY_SOLUTION)
        .stderr("");
}

#[test]
fn solve_names_a_byte_order_mark_after_the_start() {
    dlxkit()
        .arg("solve")
        .write_stdin(format!("A B\nA\n{BOM}B\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: <stdin>:3:1: a byte-order mark (U+FEFF) after the start of the text (only the first character may be one)\n\
             hint: two files joined together? remove the mark (bytes EF BB BF)\n",
        );
}

#[test]
fn solve_reads_cr_only_and_crlf_line_ends() {
    for ending in ["\r", "\r\n"] {
        dlxkit()
            .arg("solve")
            .write_stdin(toy().replace('\n', ending))
            .assert()
            .code(0)
            .stdout(TOY_SOLUTION)
            .stderr("");
    }
    // Line numbers in messages count CR-only lines.
    dlxkit()
        .arg("solve")
        .write_stdin("A B\rA\rC\r")
        .assert()
        .code(2)
        .stderr(
            "dlxkit: <stdin>:3:1: option 2: unknown item `C`\n\
             hint: name `C` on the item line (the first line that is not a comment), or fix the option\n",
        );
}

#[test]
fn solve_names_the_line_and_column_of_bytes_that_are_not_utf8() {
    dlxkit()
        .arg("solve")
        .write_stdin(&b"A B\nA \xc3\xa9 \xe9\nB\n"[..])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: <stdin>:2:5: invalid UTF-8: byte 0xe9 (byte 6 of the line)\n\
             hint: dlxkit reads UTF-8 text: convert the file (e.g. `iconv -f latin1 -t utf-8`)\n",
        );
}

#[test]
fn solve_counts_columns_in_characters() {
    dlxkit()
        .arg("solve")
        .write_stdin("A | é\nA é:\n")
        .assert()
        .code(2)
        .stderr(
            "dlxkit: <stdin>:2:5: empty colour after `:`\n\
             hint: write a colour after the colon, as in `X:red`\n",
        );
}

const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn sudoku_skips_a_leading_byte_order_mark_in_every_format() {
    let block: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let tokens: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let words: Vec<String> = row
                .iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".into()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect();
            words.join(" ") + "\n"
        })
        .collect();
    for (format, text) in [
        ("line", format!("{PUZZLE}\n")),
        ("block", block),
        ("token", tokens),
    ] {
        for input_format in ["auto", format] {
            let args = ["sudoku", "solve", "--quiet", "--input-format", input_format];
            let plain = dlxkit()
                .args(args)
                .write_stdin(text.clone())
                .assert()
                .code(0);
            let plain = String::from_utf8(plain.get_output().stdout.clone()).unwrap();
            let digits: String = plain.chars().filter(char::is_ascii_digit).collect();
            assert!(digits.ends_with(SOLUTION), "{plain}");
            dlxkit()
                .args(args)
                .write_stdin(format!("{BOM}{text}"))
                .assert()
                .code(0)
                .stdout(plain);
        }
    }
}

#[test]
fn sudoku_reads_cr_only_line_ends() {
    dlxkit()
        .args(["sudoku", "solve", "--quiet"])
        .write_stdin(format!("{PUZZLE}\r{PUZZLE}\r"))
        .assert()
        .code(0)
        .stdout(format!("{SOLUTION}\n{SOLUTION}\n"));
}

#[test]
fn sudoku_names_the_line_of_bytes_that_are_not_utf8() {
    dlxkit()
        .args(["sudoku", "solve"])
        .write_stdin([PUZZLE.as_bytes(), b"\n..\xff\n"].concat())
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: <stdin>:2:3: invalid UTF-8: byte 0xff (byte 3 of the line)\n\
             hint: dlxkit reads UTF-8 text: convert the file (e.g. `iconv -f latin1 -t utf-8`)\n",
        );
}

#[test]
fn puzzle_files_get_the_same_reading() {
    // A board file saved on Windows: a byte-order mark and CR LF line ends.
    dlxkit()
        .args(["polyomino", "--board-file", "-", "--pieces", "tetrominoes"])
        .write_stdin(format!("{BOM}#####\r\n#####\r\n#####\r\n#####\r\n"))
        .assert()
        .code(1)
        .stdout("");
    // A shopping list in Latin-1.
    dlxkit()
        .args(["shopping", "-"])
        .write_stdin(&b"caf\xe9\n"[..])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with(
            "dlxkit: <stdin>:1:4: invalid UTF-8: byte 0xe9 (byte 4 of the line)\n",
        ));
}
