//! How `dlxkit sudoku` reads inputs that could be read more than one way: `n` lines of `n`
//! numbers (one grid, with a note naming the other reading), and a lone line too short to
//! be a puzzle (what a puzzle is, said on its line).

use predicates::prelude::*;

use crate::cli_util::dlxkit;

/// `n` lines of `n` zeros.
fn zeros(n: usize) -> String {
    format!("{}\n", vec!["0"; n].join(" ")).repeat(n)
}

#[test]
fn sixty_four_lines_of_sixty_four_zeros_are_one_grid_with_a_note() {
    // (Exit 1: no solution was found within the node limit.)
    let out = dlxkit()
        .args(["sudoku", "count", "--max-nodes", "10"])
        .write_stdin(zeros(64))
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "0 (incomplete: node limit)\n"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "dlxkit: note: <stdin>:1: 64 lines of 64 cells read as one 64x64 grid; they could \
             also be 64 puzzles of 8x8, one per line: give --box 2x4 to read them so (--box 8x8 \
             keeps this reading)\n"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("puzzles     1 ("), "{stderr}");
}

#[test]
fn the_box_shape_chooses_the_reading_without_a_note() {
    let out = dlxkit()
        .args([
            "sudoku",
            "count",
            "--max-nodes",
            "1",
            "--box",
            "2x4",
            "--quiet",
        ])
        .write_stdin(zeros(64))
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "0 (incomplete: node limit)\n".repeat(64)
    );
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    dlxkit()
        .args(["sudoku", "count", "--max-nodes", "10", "--box", "8x8"])
        .write_stdin(zeros(64))
        .assert()
        .code(1)
        .stdout("0 (incomplete: node limit)\n")
        .stderr(predicates::str::contains("note").not());
    // --quiet drops the note too.
    dlxkit()
        .args(["sudoku", "count", "--max-nodes", "10", "--quiet"])
        .write_stdin(zeros(16))
        .assert()
        .code(1)
        .stdout("0 (incomplete: node limit)\n")
        .stderr("");
}

#[test]
fn a_grid_too_large_or_shapeless_is_refused_not_split() {
    dlxkit()
        .args(["sudoku", "solve"])
        .write_stdin(zeros(121))
        .assert()
        .code(2)
        .stdout("")
        .stderr("dlxkit: <stdin>:1: a side of 121 is larger than 100, the largest supported\n");
}

#[test]
fn a_lone_short_line_says_what_a_puzzle_is_on_line_one() {
    for input in ["123\n", "1 2 3\n"] {
        dlxkit()
            .args(["sudoku", "solve"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                "dlxkit: <stdin>:1: expected a puzzle: n*n cells on one line (81 for 9x9) or n \
                 lines of n cells; found one line of 3 cells\n\
                 hint: one puzzle per line, its n*n cells in reading order (81 for 9x9); every \
                 puzzle of an input has the same size (or see --input-format)\n",
            );
    }
}
