//! Command-line tests of the puzzle subcommands (`queens`, `polyomino`, `dominoes`, `soma`,
//! `langford`, `shopping`): exact pictures, known counts (raw and with `--distinct`), JSON
//! output, every printed solution checked by the puzzle's own rules, `--emit dlx` piped into
//! `dlxkit solve`, limits, statistics, colours, errors and exit codes, and Ctrl-C.

use crate::cli_util;
use crate::cli_util::dlxkit;

use std::collections::HashSet;
use std::path::PathBuf;

#[cfg(unix)]
use cli_util::{interrupt_after_first_line, Watch};
use dlxkit::puzzles::dominoes::{Domino, DominoTiling, Dominoes};
use dlxkit::puzzles::langford::{Langford, LangfordSequence};
use dlxkit::puzzles::polycube::{self, Packing};
use dlxkit::puzzles::polyomino::{pentomino_rectangle, PolyominoPacking};
use dlxkit::puzzles::polyomino::{Placement, Tiling};
use dlxkit::puzzles::queens::{Queens, QueensOrder, QueensSolution};
use dlxkit::puzzles::shopping::{Purchase, ShoppingList};
use dlxkit::puzzles::Puzzle;
use predicates::prelude::*;
use serde_json::Value;

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

/// Runs `dlxkit args...` and parses its standard output as one JSON value.
fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(args)).expect("stdout is one JSON value")
}

/// The count printed by `dlxkit args... --count`.
fn count(args: &[&str]) -> u64 {
    let mut all = args.to_vec();
    all.push("--count");
    stdout_of(&all).trim().parse().expect("a count")
}

/// The pictures of a text output: solutions separated by blank lines.
fn pictures(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|p| format!("{}\n", p.trim_end_matches('\n')))
        .collect()
}

/// Writes `text` to a file under the test scratch directory and returns its path.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_puzzles");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The count `dlxkit solve --count` finds for the problem `dlxkit args... --emit dlx` writes.
fn count_through_emit(args: &[&str]) -> u64 {
    let mut all = args.to_vec();
    all.extend(["--emit", "dlx"]);
    let problem = stdout_of(&all);
    let out = dlxkit()
        .args(["solve", "--count"])
        .write_stdin(problem)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

fn usize_pairs(value: &Value) -> Vec<(usize, usize)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let c = c.as_array().unwrap();
            (
                c[0].as_u64().unwrap() as usize,
                c[1].as_u64().unwrap() as usize,
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// queens

/// Reads a queens picture back: the column of the `Q` in each row.
fn queens_from_picture(picture: &str) -> QueensSolution {
    QueensSolution {
        columns: picture
            .lines()
            .map(|row| row.find('Q').expect("a queen in every row"))
            .collect(),
    }
}

#[test]
fn queens_4_is_drawn_with_q_and_dots() {
    dlxkit()
        .args(["queens", "4"])
        .assert()
        .code(0)
        .stdout("..Q.\nQ...\n...Q\n.Q..\n")
        .stderr("");
    dlxkit()
        .args(["queens", "4", "--order", "natural"])
        .assert()
        .code(0)
        .stdout(".Q..\n...Q\nQ...\n..Q.\n");
}

#[test]
fn queens_counts_are_known() {
    assert_eq!(count(&["queens", "8"]), 92);
    assert_eq!(count(&["queens", "8", "--order", "natural"]), 92);
    assert_eq!(count(&["queens", "1"]), 1);
    assert_eq!(count(&["queens", "6"]), 4);
}

#[test]
fn queens_limit_prints_that_many_valid_distinct_solutions() {
    let text = stdout_of(&["queens", "6", "--limit", "10"]);
    let all = pictures(&text);
    assert_eq!(all.len(), 4, "6 queens have 4 solutions:\n{text}");
    let puzzle = Queens::new(6, QueensOrder::OrganPipe).unwrap();
    let mut seen = HashSet::new();
    for picture in &all {
        let solution = queens_from_picture(picture);
        puzzle.validate(&solution).unwrap();
        assert_eq!(puzzle.render(&solution), *picture);
        assert!(seen.insert(solution.columns));
    }
    let eight = pictures(&stdout_of(&["queens", "8", "-n", "3"]));
    assert_eq!(eight.len(), 3);
    let puzzle = Queens::new(8, QueensOrder::OrganPipe).unwrap();
    for picture in &eight {
        puzzle.validate(&queens_from_picture(picture)).unwrap();
    }
}

#[test]
fn queens_without_solutions_exit_1_with_a_note() {
    dlxkit()
        .args(["queens", "3"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("dlxkit: no solution\n");
    dlxkit()
        .args(["queens", "3", "--count"])
        .assert()
        .code(1)
        .stdout("0\n")
        .stderr("");
}

#[test]
fn queens_json_has_the_search_fields_pictures_and_data() {
    let v = json_of(&["queens", "4", "--format", "json", "--engine", "links"]);
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["complete"], false);
    assert_eq!(v["status"], "solution limit");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["updates"].as_u64().unwrap() > 0);
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(
        v["pictures"],
        serde_json::json!(["..Q.\nQ...\n...Q\n.Q..\n"])
    );
    assert_eq!(v["data"], serde_json::json!([{ "columns": [2, 0, 3, 1] }]));

    let v = json_of(&["queens", "8", "--count", "--format", "json"]);
    assert_eq!(v["solutions"], 92);
    assert_eq!(v["complete"], true);
    assert_eq!(v["status"], "complete");
    assert!(v.get("pictures").is_none() && v.get("data").is_none());

    let v = json_of(&["queens", "8", "--limit", "92", "--format", "json"]);
    let puzzle = Queens::new(8, QueensOrder::OrganPipe).unwrap();
    let data = v["data"].as_array().unwrap();
    assert_eq!(data.len(), 92);
    let mut seen = HashSet::new();
    for (d, picture) in data.iter().zip(v["pictures"].as_array().unwrap()) {
        let columns: Vec<usize> = d["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as usize)
            .collect();
        let solution = QueensSolution { columns };
        puzzle.validate(&solution).unwrap();
        assert_eq!(puzzle.render(&solution), picture.as_str().unwrap());
        assert!(seen.insert(solution));
    }
}

#[test]
fn jsonl_has_one_line_per_solution_then_a_summary() {
    let text = stdout_of(&["queens", "6", "--limit", "2", "--format", "jsonl"]);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for (k, line) in lines[..2].iter().enumerate() {
        assert_eq!(line["type"], "solution");
        assert_eq!(line["index"], k as u64 + 1);
        let picture = line["picture"].as_str().unwrap();
        let solution = queens_from_picture(picture);
        assert_eq!(line["data"]["columns"], serde_json::json!(solution.columns));
    }
    assert_eq!(lines[2]["type"], "summary");
    assert_eq!(lines[2]["solutions"], 2);
    assert_eq!(lines[2]["status"], "solution limit");
}

// ---------------------------------------------------------------------------------------
// dominoes

/// Reads a dominoes picture back.
fn dominoes_from_picture(picture: &str) -> DominoTiling {
    let mut dominoes = Vec::new();
    for (row, line) in picture.lines().enumerate() {
        for (col, c) in line.chars().enumerate() {
            match c {
                '<' => dominoes.push(Domino {
                    row,
                    col,
                    vertical: false,
                }),
                '^' => dominoes.push(Domino {
                    row,
                    col,
                    vertical: true,
                }),
                '>' | 'v' => {}
                other => panic!("unexpected {other:?} in\n{picture}"),
            }
        }
    }
    DominoTiling { dominoes }
}

#[test]
fn dominoes_2x3_is_drawn_with_arrows() {
    dlxkit()
        .args(["dominoes", "2x3"])
        .assert()
        .code(0)
        .stdout("<>^\n<>v\n")
        .stderr("");
}

#[test]
fn dominoes_counts_are_known() {
    assert_eq!(count(&["dominoes", "2x2"]), 2);
    assert_eq!(count(&["dominoes", "2x3"]), 3);
    assert_eq!(count(&["dominoes", "4x4"]), 36);
    assert_eq!(count(&["dominoes", "6x6"]), 6728);
    dlxkit()
        .args(["dominoes", "3x3"])
        .assert()
        .code(1)
        .stderr("dlxkit: no solution\n");
}

#[test]
fn every_printed_domino_tiling_is_valid() {
    let puzzle = Dominoes::new(4, 4).unwrap();
    let all = pictures(&stdout_of(&["dominoes", "4x4", "--limit", "100"]));
    assert_eq!(all.len(), 36);
    let mut seen = HashSet::new();
    for picture in &all {
        let tiling = dominoes_from_picture(picture);
        puzzle.validate(&tiling).unwrap();
        assert!(seen.insert(picture.clone()));
    }
    let v = json_of(&["dominoes", "2x3", "--limit", "10", "--format", "json"]);
    assert_eq!(v["solutions"], 3);
    assert_eq!(v["complete"], true);
    let puzzle = Dominoes::new(2, 3).unwrap();
    for (d, picture) in v["data"]
        .as_array()
        .unwrap()
        .iter()
        .zip(v["pictures"].as_array().unwrap())
    {
        let tiling = dominoes_from_picture(picture.as_str().unwrap());
        puzzle.validate(&tiling).unwrap();
        let cells: Vec<Vec<(usize, usize)>> = d["dominoes"]
            .as_array()
            .unwrap()
            .iter()
            .map(usize_pairs)
            .collect();
        let expected: Vec<Vec<(usize, usize)>> =
            tiling.dominoes.iter().map(|d| d.cells().to_vec()).collect();
        let mut cells = cells;
        let mut expected = expected;
        cells.sort();
        expected.sort();
        assert_eq!(cells, expected);
    }
}

#[test]
fn a_bad_board_size_is_a_usage_error() {
    dlxkit()
        .args(["dominoes", "3y4"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: invalid value '3y4' for '<MxN>': `3y4` is not a board size: write \
             ROWSxCOLUMNS, as in 6x10\n\nFor more information, try '--help'.\n",
        );
    dlxkit()
        .args(["dominoes", "0x4"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: board rows must be at least 1 (got 0)\n\nUsage: dlxkit dominoes",
        ));
}

// ---------------------------------------------------------------------------------------
// langford

fn langford_from_picture(picture: &str) -> LangfordSequence {
    LangfordSequence(
        picture
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect(),
    )
}

#[test]
fn langford_3_is_a_line_of_numbers() {
    dlxkit()
        .args(["langford", "3"])
        .assert()
        .code(0)
        .stdout("3 1 2 1 3 2\n")
        .stderr("");
    dlxkit()
        .args(["langford", "3", "--limit", "5"])
        .assert()
        .code(0)
        .stdout("3 1 2 1 3 2\n\n2 3 1 2 1 3\n");
    dlxkit()
        .args(["langford", "3", "--limit", "5", "--distinct"])
        .assert()
        .code(0)
        .stdout("3 1 2 1 3 2\n");
}

#[test]
fn langford_counts_raw_and_distinct() {
    assert_eq!(count(&["langford", "7"]), 52);
    assert_eq!(count(&["langford", "7", "--distinct"]), 26);
    assert_eq!(count(&["langford", "8", "--distinct"]), 150);
    assert_eq!(count(&["langford", "4"]), 2);
}

#[test]
fn every_printed_langford_sequence_is_valid_and_reversals_are_left_out() {
    let text = stdout_of(&["langford", "7", "--distinct", "--limit", "100"]);
    let all = pictures(&text);
    assert_eq!(all.len(), 26);
    let puzzle = Langford::new(7, false).unwrap();
    let mut seen = HashSet::new();
    for picture in &all {
        let s = langford_from_picture(picture);
        puzzle.validate(&s).unwrap();
        let mut reversed = s.0.clone();
        reversed.reverse();
        assert!(!seen.contains(&reversed), "{s} and its reversal");
        assert!(seen.insert(s.0));
    }
    let v = json_of(&["langford", "4", "--format", "json", "--limit", "2"]);
    let puzzle = Langford::new(4, false).unwrap();
    for d in v["data"].as_array().unwrap() {
        let s: Vec<usize> = d["sequence"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as usize)
            .collect();
        puzzle.validate(&LangfordSequence(s)).unwrap();
    }
}

#[test]
fn langford_without_solutions_says_why() {
    dlxkit()
        .args(["langford", "5"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "dlxkit: no solution: Langford sequences exist only when N leaves remainder 0 or 3 \
             when divided by 4 (5 leaves 1)\n",
        );
}

// ---------------------------------------------------------------------------------------
// polyomino

/// The tilings in the JSON data of a polyomino run, with the piece indices of `puzzle`.
fn tilings_from_json(v: &Value, puzzle: &PolyominoPacking) -> Vec<Tiling> {
    let names: Vec<&str> = puzzle.pieces().pieces().iter().map(|p| p.name()).collect();
    v["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| Tiling {
            placements: d["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| Placement {
                    piece: names
                        .iter()
                        .position(|n| *n == p["piece"].as_str().unwrap())
                        .unwrap(),
                    cells: usize_pairs(&p["cells"]),
                })
                .collect(),
        })
        .collect()
}

#[test]
fn pentominoes_3x20_count_8_raw_and_2_distinct() {
    assert_eq!(count(&["polyomino", "--board", "3x20"]), 8);
    assert_eq!(count(&["polyomino", "--board", "3x20", "--distinct"]), 2);
    assert_eq!(
        count(&["polyomino", "--board", "3x20", "--pieces", "pentominoes"]),
        8
    );
    assert_eq!(
        count(&[
            "polyomino",
            "--board",
            "3x20",
            "--pieces",
            "data/puzzles/pentominoes.txt"
        ]),
        8
    );
}

#[test]
fn every_printed_pentomino_packing_is_valid() {
    let text = stdout_of(&["polyomino", "--board", "3x20", "--limit", "10"]);
    let all = pictures(&text);
    assert_eq!(all.len(), 8);
    let distinct: HashSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), 8);
    for picture in &all {
        let rows: Vec<&str> = picture.lines().collect();
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| r.len() == 20));
        for letter in "FILNPTUVWXYZ".chars() {
            assert_eq!(picture.matches(letter).count(), 5, "{letter} in\n{picture}");
        }
    }
    let puzzle = pentomino_rectangle(3, 20, false).unwrap();
    let v = json_of(&["polyomino", "--board", "3x20", "-n", "10", "-f", "json"]);
    let tilings = tilings_from_json(&v, &puzzle);
    assert_eq!(tilings.len(), 8);
    for (tiling, picture) in tilings.iter().zip(v["pictures"].as_array().unwrap()) {
        puzzle.validate(tiling).unwrap();
        assert_eq!(puzzle.render(tiling), picture.as_str().unwrap());
    }
}

#[test]
fn a_board_file_and_a_piece_file() {
    let text = stdout_of(&["polyomino", "--board-file", "data/puzzles/scott-8x8.txt"]);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(&rows[3][3..5], "..", "the hole is drawn with dots:\n{text}");
    let board = scratch("l-board.txt", "###\n#..\n");
    let pieces = scratch("l-pieces.txt", "| two pieces\nL:\n##\n#.\nI:\n#\n");
    dlxkit()
        .args(["polyomino", "--board-file"])
        .arg(&board)
        .arg("--pieces")
        .arg(&pieces)
        .assert()
        .code(0)
        .stdout("LLI\nL..\n");
    dlxkit()
        .args([
            "polyomino",
            "--board",
            "2x4",
            "--pieces",
            "dominoes",
            "--count",
        ])
        .assert()
        .stdout("5\n");
}

#[test]
fn polyomino_input_errors_name_the_file_line_and_column() {
    let board = scratch("tab-board.txt", "####\n#\t##\n");
    dlxkit()
        .args(["polyomino", "--board-file"])
        .arg(&board)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "dlxkit: {}:2:2: tabs are not allowed in drawings (use spaces or `.` for holes)\n",
            board.display()
        ));
    let pieces = scratch("twice.txt", "A:\n##\nA:\n#\n");
    dlxkit()
        .args(["polyomino", "--pieces"])
        .arg(&pieces)
        .assert()
        .code(2)
        .stderr(format!(
            "dlxkit: {}:3:1: piece A is already defined on line 1\n",
            pieces.display()
        ));
    dlxkit()
        .args(["polyomino", "--pieces", "heptominoes"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: `heptominoes` is neither a piece set (pentominoes, tetrominoes, \
             one-sided-tetrominoes, dominoes, mono-domino-tromino) nor a file\n",
        ));
    dlxkit()
        .args(["polyomino", "--board", "3x20", "--board-file", "x.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn a_board_the_pieces_cannot_fill_is_refused_at_once() {
    dlxkit()
        .args(["polyomino", "--board", "4x5", "--pieces", "tetrominoes"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("dlxkit: no solution\n");
    dlxkit()
        .args(["polyomino", "--board", "8x8"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: the board has 64 cells and the pieces 60: no packing can fill it\n\
             hint: draw a board with holes in a file, as data/puzzles/scott-8x8.txt, and give \
             it with --board-file\n",
        );
    // The problem can still be written out.
    let text = stdout_of(&["polyomino", "--board", "8x8", "--emit", "dlx"]);
    assert!(
        text.starts_with("F I L N P T U V W X Y Z 0,0 0,1 "),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_huge_board_is_measured_before_the_problem_is_built() {
    // 10,000 cells against 60: the answer needs no problem at all. Building this one takes
    // about 190 MB, so under a 100 MB address-space limit only the early check can answer.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 100000 && exec \"$0\" polyomino --board 100x100")
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "dlxkit: the board has 10000 cells and the pieces 60: no packing can fill it\n\
         hint: draw a board with holes in a file, as data/puzzles/scott-8x8.txt, and give \
         it with --board-file\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_area_check_counts_unlimited_pieces_any_number_of_times() {
    // Dominoes (unlimited) cannot fill an odd board: refused before any search.
    dlxkit()
        .args(["polyomino", "--board", "3x3", "--pieces", "dominoes"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: the board has 9 cells, and no number of copies of the unlimited pieces \
             (D: 2 cells) makes up 9: no packing can fill it\n",
        );
    // A monomino used once and unlimited dominoes: 9 = 1 + 4 x 2 can work.
    let pieces = scratch("mono-and-dominoes.txt", "M:\n#\nD: unlimited\n##\n");
    let pieces = pieces.to_str().unwrap();
    dlxkit()
        .args(["polyomino", "--board", "3x3", "--pieces", pieces, "--count"])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match("^[1-9][0-9]*\n$").unwrap());
    // ... but not 8 = 1 + 7, an odd number left for dominoes.
    dlxkit()
        .args(["polyomino", "--board", "2x4", "--pieces", pieces])
        .assert()
        .code(2)
        .stderr(
            "dlxkit: the board has 8 cells: the pieces used once cover 1, and no number of \
             copies of the unlimited pieces (D: 2 cells) makes up the other 7: no packing can \
             fill it\n",
        );
    // More cells in the pieces used once than on the board.
    let big = scratch(
        "two-trominoes.txt",
        "L:\n##\n#.\nJ:\n##\n.#\nD: unlimited\n##\n",
    );
    dlxkit()
        .args([
            "polyomino",
            "--board",
            "1x5",
            "--pieces",
            big.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(
            "dlxkit: the board has 5 cells and the pieces used once 6: no packing can fill it\n",
        );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn pentominoes_6x10_count_2339_distinct() {
    assert_eq!(count(&["polyomino", "--distinct"]), 2339);
}

// ---------------------------------------------------------------------------------------
// soma

#[test]
fn soma_counts_240_distinct() {
    assert_eq!(count(&["soma", "--distinct"]), 240);
}

#[test]
fn soma_counts_11520_raw() {
    assert_eq!(count(&["soma"]), 11_520);
}

#[test]
fn soma_pictures_show_three_layers_and_the_data_is_a_valid_packing() {
    let text = stdout_of(&["soma"]);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.len() == 13), "{text}");
    for (letter, cubes) in [
        ('V', 3),
        ('L', 4),
        ('T', 4),
        ('Z', 4),
        ('A', 4),
        ('B', 4),
        ('P', 4),
    ] {
        assert_eq!(text.matches(letter).count(), cubes, "{letter} in\n{text}");
    }
    let puzzle = polycube::soma(true).unwrap();
    let names: Vec<&str> = puzzle.pieces().pieces().iter().map(|p| p.name()).collect();
    let v = json_of(&["soma", "--distinct", "--limit", "5", "--format", "json"]);
    assert_eq!(v["solutions"], 5);
    for (d, picture) in v["data"]
        .as_array()
        .unwrap()
        .iter()
        .zip(v["pictures"].as_array().unwrap())
    {
        let packing = Packing {
            placements: d["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| polycube::Placement {
                    piece: names
                        .iter()
                        .position(|n| *n == p["piece"].as_str().unwrap())
                        .unwrap(),
                    cells: p["cells"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| {
                            let c: Vec<usize> = c
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(|x| x.as_u64().unwrap() as usize)
                                .collect();
                            (c[0], c[1], c[2])
                        })
                        .collect(),
                })
                .collect(),
        };
        puzzle.validate(&packing).unwrap();
        assert_eq!(puzzle.render(&packing), picture.as_str().unwrap());
    }
}

// ---------------------------------------------------------------------------------------
// shopping

const SHOPPING: &str = "\
craft-pack: glue, scissors
paper-bundle: notebook, binder
math-kit: ruler, calculator
bag-deal: backpack, lunchbox
writing-set: pencils, eraser
";

#[test]
fn shopping_prints_the_bundles_to_buy() {
    dlxkit()
        .args(["shopping"])
        .assert()
        .code(0)
        .stdout(SHOPPING)
        .stderr("");
    dlxkit()
        .args(["shopping", "data/puzzles/school-supplies.txt"])
        .assert()
        .code(0)
        .stdout(SHOPPING);
    dlxkit()
        .args(["shopping", "-"])
        .write_stdin(
            std::fs::read_to_string(format!("{}/data/puzzles/school-supplies.txt", crate::ROOT))
                .unwrap(),
        )
        .assert()
        .code(0)
        .stdout(SHOPPING);
}

#[test]
fn shopping_has_three_ways_each_valid() {
    assert_eq!(count(&["shopping"]), 3);
    let list = ShoppingList::school_supplies().unwrap();
    let v = json_of(&["shopping", "--limit", "10", "--format", "json"]);
    assert_eq!(v["solutions"], 3);
    assert_eq!(v["complete"], true);
    let mut seen = HashSet::new();
    for d in v["data"].as_array().unwrap() {
        let bundles: Vec<usize> = d["bundles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                list.bundles()
                    .iter()
                    .position(|x| x.name == b["name"].as_str().unwrap())
                    .unwrap()
            })
            .collect();
        let purchase = Purchase { bundles };
        list.validate(&purchase).unwrap();
        assert!(seen.insert(purchase));
    }
    assert_eq!(
        pictures(&stdout_of(&["shopping", "--limit", "10"])).len(),
        3
    );
}

#[test]
fn a_malformed_shopping_list_names_the_line_and_column() {
    let list = scratch("bad-list.txt", "need: a b\nboth: a c\n");
    dlxkit()
        .arg("shopping")
        .arg(&list)
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "dlxkit: {}:2:9: `c` is not on the list\n",
            list.display()
        ));
    dlxkit()
        .args(["shopping", "nope.txt"])
        .assert()
        .code(2)
        .stderr("dlxkit: cannot read `nope.txt`: No such file or directory (os error 2)\n");
}

// ---------------------------------------------------------------------------------------
// --emit dlx

#[test]
fn emitted_problems_have_the_same_counts_in_dlxkit_solve() {
    assert_eq!(count_through_emit(&["queens", "6"]), 4);
    assert_eq!(count_through_emit(&["langford", "4"]), 2);
    assert_eq!(count_through_emit(&["langford", "7", "--distinct"]), 26);
    assert_eq!(count_through_emit(&["polyomino", "--board", "3x20"]), 8);
    assert_eq!(
        count_through_emit(&["polyomino", "--board", "3x20", "--distinct"]),
        2
    );
    assert_eq!(count_through_emit(&["dominoes", "4x4"]), 36);
    assert_eq!(count_through_emit(&["shopping"]), 3);
    assert_eq!(count_through_emit(&["soma", "--distinct"]), 240);
}

#[test]
fn the_emitted_soma_problem_has_11520_solutions() {
    assert_eq!(count_through_emit(&["soma"]), 11_520);
}

#[test]
fn emit_writes_knuths_format() {
    let text = stdout_of(&["queens", "4", "--emit", "dlx", "--order", "natural"]);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6"
    );
    assert_eq!(lines.count(), 16);
    dlxkit()
        .args(["queens", "4", "--emit", "dlx", "--count"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the argument '--emit <WHAT>' cannot be used with '--count'",
        ));
}

// ---------------------------------------------------------------------------------------
// common flags, errors

#[test]
fn distinct_is_refused_where_there_is_no_symmetry_reduction() {
    for args in [
        vec!["queens", "8", "--distinct"],
        vec!["dominoes", "4x4", "--distinct"],
        vec!["shopping", "--distinct"],
    ] {
        let name = args[0];
        dlxkit()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "dlxkit: `{name}` has no --distinct: its solutions are only counted raw \
                 (--distinct works with polyomino, soma, langford, polyiamond, polyhex, macmahon, words \
                 and graceful)\n\nUsage: dlxkit {name}"
            )));
    }
}

#[test]
fn sizes_below_one_are_usage_errors() {
    dlxkit()
        .args(["queens", "0"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlxkit: the board size must be at least 1 (got 0)\n\n\
             Usage: dlxkit queens [OPTIONS] <N>\n\n\
             For more information, try '--help'.\n",
        );
    dlxkit()
        .args(["langford", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: the number of pairs must be at least 1 (got 0)\n",
        ));
    dlxkit()
        .args(["queens", "eight"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'eight' for '<N>'"));
}

#[test]
fn stats_go_to_stderr_with_the_symmetry_reduction() {
    dlxkit()
        .args([
            "polyomino",
            "--board",
            "3x20",
            "--distinct",
            "--count",
            "--stats",
        ])
        .assert()
        .code(0)
        .stdout("2\n")
        .stderr(predicate::str::starts_with(
            "problem     73 items (72 primary, 1 secondary), ",
        ))
        .stderr(predicate::str::contains(
            "\nsymmetry    4 symmetries; piece X keeps ",
        ))
        .stderr(predicate::str::contains("\nsolutions   2\n"))
        .stderr(predicate::str::contains("\nstatus      complete\n"));
    dlxkit()
        .args(["langford", "7", "--distinct", "--count", "--stats"])
        .assert()
        .stdout("26\n")
        .stderr(predicate::str::contains(
            "symmetry    reversal; the pair of 7s stays in the left half\n",
        ));
    dlxkit()
        .args(["soma", "--distinct", "--stats", "--count"])
        .assert()
        .stderr(predicate::str::contains(
            "symmetry    48 symmetries; piece ",
        ));
}

#[test]
fn limits_stop_the_search_and_say_so() {
    dlxkit()
        .args(["queens", "10", "--count", "--max-nodes", "50"])
        .assert()
        .code(0)
        .stderr(predicate::str::starts_with(
            "dlxkit: stopped at the node limit (--max-nodes) after 50 nodes and ",
        ));
    let v = json_of(&[
        "queens",
        "10",
        "--count",
        "--max-nodes",
        "50",
        "--format",
        "json",
    ]);
    assert_eq!(v["status"], "node limit");
    assert_eq!(v["complete"], false);
    assert_eq!(v["nodes"], 50);
    // Nothing found before the time limit: exit 1.
    let out = dlxkit()
        .args(["dominoes", "8x8", "--count", "--timeout", "0", "-f", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "time limit");
    assert_eq!(v["solutions"], 0);
    dlxkit()
        .args(["queens", "8", "--limit", "0"])
        .assert()
        .code(2);
}

#[test]
fn colours_only_when_asked_or_on_a_terminal() {
    let plain = stdout_of(&["polyomino", "--board", "3x20"]);
    assert!(!plain.contains('\x1b'));
    let coloured = stdout_of(&["--color", "always", "polyomino", "--board", "3x20"]);
    assert!(coloured.contains("\x1b["));
    let stripped: String = {
        let mut out = String::new();
        let mut rest = coloured.as_str();
        while let Some(at) = rest.find('\x1b') {
            out.push_str(&rest[..at]);
            rest = &rest[at + rest[at..].find('m').unwrap() + 1..];
        }
        out.push_str(rest);
        out
    };
    assert_eq!(stripped, plain, "colours do not change the picture");
    for args in [
        ["queens", "4", "--color", "always"],
        ["dominoes", "2x3", "--color", "always"],
        ["langford", "3", "--color", "always"],
    ] {
        assert!(stdout_of(&args).contains("\x1b["), "{args:?}");
    }
    let json = stdout_of(&["--color", "always", "queens", "4", "-f", "json"]);
    assert!(!json.contains('\x1b'), "no colours in JSON");
}

#[test]
fn every_puzzle_has_help_with_examples() {
    for name in [
        "queens",
        "polyomino",
        "dominoes",
        "soma",
        "langford",
        "shopping",
    ] {
        dlxkit()
            .args([name, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Examples:\n"))
            .stdout(predicate::str::contains(format!("dlxkit {name}")))
            .stdout(predicate::str::contains("--emit"))
            .stdout(predicate::str::contains("Exit status"));
    }
    dlxkit()
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("  queens "))
        .stdout(predicate::str::contains("  soma "));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_count_with_the_partial_count_and_exit_130() {
    // About 2.6e11 tilings: the count cannot finish, so the interrupt comes mid-search.
    // The problem line of --stats comes after the Ctrl-C handler is installed.
    let run =
        interrupt_after_first_line(["dominoes", "10x10", "--count", "--stats"], Watch::Stderr);
    assert!(run.first_line.starts_with("problem"), "{}", run.first_line);
    let rest = run.stderr;
    assert_eq!(run.code, Some(130), "stderr: {rest}");
    let partial: u64 = run
        .stdout
        .strip_suffix(" (incomplete: interrupted)\n")
        .expect("the partial count is printed, marked")
        .parse()
        .expect("a number");
    assert!(rest.contains(&format!("solutions   {partial}\n")), "{rest}");
    assert!(rest.contains("status      interrupted\n"), "{rest}");
}
