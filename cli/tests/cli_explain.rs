//! Command-line tests of `dlxkit sudoku explain` and `dlxkit sudoku rate` (exact output in
//! text, JSON and JSON Lines; stuck, guessing and unsolvable puzzles), of pencil-mark input
//! (sukaku lines and candidate grids) through `solve`, `count`, `explain` and `rate`, and of
//! `generate --difficulty` with the rating's levels.

use dlxkit::sudoku::candidates::{Candidates, Digits};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use predicates::prelude::*;
use serde_json::Value;

use crate::cli_util::dlxkit;
use crate::cli_util::sudoku_quiet as run;

const PE96_1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const PE96_1_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// Project Euler's 7th puzzle: its hardest step is an X-wing.
const PE96_7: &str =
    ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.";

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn explain_prints_one_step_per_line_and_how_it_ended() {
    let out = run(&["explain"], &format!("{PE96_7}\n"), 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "# puzzle 1 (line 1): unique");
    assert_eq!(lines.len(), 63);
    assert_eq!(lines[62], "solved in 61 steps: hardest X-wing (3.2, hard)");
    let hard: Vec<&str> = lines[1..62]
        .iter()
        .copied()
        .filter(|l| !l.contains("single"))
        .collect();
    assert_eq!(
        hard,
        [
            "direct hidden pair: 2,6 in row 9 (r9c6, r9c9), leaving one place for 8 -> r9c4",
            "pointing: 3 in box 2 is confined to row 3: removes 3 from r3c7",
            "pointing: 7 in box 5 is confined to column 5: removes 7 from r3c5, r7c5, r8c5",
            "box-line reduction: 3 in column 6 is confined to box 8: removes 3 from r7c5, r8c4, r8c5",
            "direct hidden triple: 2,3,8 in row 8 (r8c6, r8c7, r8c8), leaving one place for 4 -> r8c5",
            "naked pair 1,7 in row 8 (r8c1, r8c4): removes 7 from r8c2, r8c6; 1,7 from r8c3",
            "naked pair 6,9 in row 8 and box 7 (r8c2, r8c3): removes 6 from r8c6, r8c8; 6,9 from r8c7, r7c3",
            "X-wing on 6 in rows 1,9 / columns 6,9: removes 6 from r4c9, r7c6, r7c9",
        ]
    );
    // Two puzzles: a blank line between them, and the summary counts both.
    dlxkit()
        .args(["sudoku", "explain"])
        .write_stdin(format!("{PE96_1}\n{PE96_7}\n"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "solved in 49 steps: hardest hidden single (1.2, easy)\n\n# puzzle 2 (line 2): unique\n",
        ))
        .stderr(predicate::str::starts_with(
            "puzzles     2 (2 solved, 0 not solved)\n",
        ));
}

#[test]
fn explain_stops_with_the_candidates_when_logic_runs_out() {
    assert_eq!(
        run(&["explain"], "1...............\n", 1),
        "# puzzle 1 (line 1): multiple\n\
         stuck after 0 steps: no strategy applies to the 15 open cells left; the candidates:\n\
         1   234  | 234  234\n\
         234 234  | 1234 1234\n\
         ---------+----------\n\
         234 1234 | 1234 1234\n\
         234 1234 | 1234 1234\n"
    );
}

#[test]
fn explain_guesses_when_asked_and_marks_the_guesses() {
    let out = run(&["explain", "--guess"], "1...............\n", 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "guess: 2 in r1c2 (of 2,3,4), the solution's digit -> r1c2"
    );
    assert_eq!(lines.iter().filter(|l| l.starts_with("guess: ")).count(), 6);
    assert_eq!(
        lines.last().unwrap(),
        &"solved in 17 steps: hardest guess (13.0, expert)"
    );
    // The placements, guesses included, fill a valid grid that keeps the given.
    let out = run(
        &["explain", "--guess", "--format", "jsonl"],
        "1...............\n",
        0,
    );
    let mut cells = vec![b'.'; 16];
    cells[0] = b'1';
    for step in json_lines(&out).iter().filter(|r| r.get("step").is_some()) {
        for p in step["placements"].as_array().unwrap() {
            let name = p["cell"].as_str().unwrap();
            let (r, c) = name[1..].split_once('c').unwrap();
            let cell = (r.parse::<usize>().unwrap() - 1) * 4 + c.parse::<usize>().unwrap() - 1;
            cells[cell] = b'0' + p["digit"].as_u64().unwrap() as u8;
        }
    }
    let grid = parse_grid(
        std::str::from_utf8(&cells).unwrap(),
        &ParseOptions::default(),
    )
    .unwrap();
    assert!(grid.is_solved());
}

#[test]
fn explain_reports_a_contradiction_for_a_puzzle_without_solution() {
    assert_eq!(
        run(&["explain", "--guess"], ".12.3...4.......\n", 1),
        "# puzzle 1 (line 1): unsolvable\n\
         contradiction after 0 steps: r1c1 has no candidate left (the puzzle has no solution)\n"
    );
}

#[test]
fn explain_json_has_the_steps_as_objects() {
    let text = run(&["explain"], &format!("{PE96_7}\n"), 0);
    let out = run(&["explain", "--format", "json"], &format!("{PE96_7}\n"), 0);
    let records = json_lines(&out);
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(r["status"], "unique");
    assert_eq!(r["outcome"], "solved");
    assert_eq!(
        (r["score"].as_f64(), &r["level"]),
        (Some(3.2), &Value::from("hard"))
    );
    assert_eq!(r["hardest"], "X-wing");
    assert_eq!(r["guesses"], 0);
    assert!(r.get("candidates").is_none());
    let steps = r["steps"].as_array().unwrap();
    let texts: Vec<&str> = steps.iter().map(|s| s["text"].as_str().unwrap()).collect();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(texts, lines[1..62]);
    let wing = steps.iter().find(|s| s["strategy"] == "X-wing").unwrap();
    assert_eq!(
        wing["units"],
        serde_json::json!(["row 1", "row 9", "column 6", "column 9"])
    );
    assert_eq!(
        wing["cells"],
        serde_json::json!(["r1c6", "r1c9", "r9c6", "r9c9"])
    );
    assert_eq!(wing["digits"], serde_json::json!([6]));
    assert_eq!(wing["score"].as_f64(), Some(3.2));
    assert_eq!(
        wing["eliminations"],
        serde_json::json!([
            {"cell": "r4c9", "digit": 6},
            {"cell": "r7c6", "digit": 6},
            {"cell": "r7c9", "digit": 6}
        ])
    );
    assert_eq!(wing["placements"], serde_json::json!([]));

    // jsonl: the same steps, one per line, numbered, then the puzzle without its steps.
    let out = run(&["explain", "--format", "jsonl"], &format!("{PE96_7}\n"), 0);
    let records = json_lines(&out);
    assert_eq!(records.len(), 62);
    for (k, step) in records[..61].iter().enumerate() {
        assert_eq!(
            (step["puzzle"].as_u64(), step["step"].as_u64()),
            (Some(1), Some(k as u64 + 1))
        );
        assert_eq!(step["text"], texts[k]);
    }
    assert_eq!(records[61]["hardest"], "X-wing");
    assert!(records[61].get("steps").is_none());

    // A stuck puzzle gives its candidates, cell by cell.
    let out = run(&["explain", "--format", "json"], "1...............\n", 1);
    let r = &json_lines(&out)[0];
    assert_eq!(r["outcome"], "stuck");
    assert_eq!(r["score"], Value::Null);
    assert_eq!(r["candidates"][0], "1");
    assert_eq!(r["candidates"][1], "234");
    assert_eq!(r["candidates"][15], "1234");
}

#[test]
fn rate_gives_level_score_hardest_step_and_steps_per_strategy() {
    let out = run(&["rate", "data/sudoku/pe96_easy50.txt"], "", 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 50);
    assert_eq!(
        lines[..3],
        [
            "easy 1.2: hidden single; hidden single 49; ER/EP/ED 1.2/1.2/1.2 (Easy)",
            "easy 1.2: hidden single; hidden single 51; ER/EP/ED 1.2/1.2/1.2 (Easy)",
            "medium 2.0: direct hidden pair; hidden single 52, direct hidden pair 1; ER/EP/ED 2.0/1.2/1.2 (Hard)",
        ]
    );
    assert_eq!(
        lines[6],
        "hard 3.2: X-wing; hidden single 52, direct hidden pair 1, naked single 1, direct hidden triple 1, pointing 2, box-line reduction 1, naked pair 2, X-wing 1; ER/EP/ED 3.2/1.2/1.2 (Fiendish)"
    );
    dlxkit()
        .args(["sudoku", "rate", "data/sudoku/pe96_easy50.txt"])
        .assert()
        .stderr(predicate::str::starts_with(
            "puzzles     50 (19 easy, 25 medium, 6 hard, 0 fiendish, 0 diabolical, 0 expert)\n",
        ));
    assert_eq!(
        run(&["rate"], "1...............\n.12.3...4.......\n", 1),
        "multiple\nunsolvable\n"
    );
    let out = run(&["rate", "-f", "jsonl"], &format!("{PE96_7}\n"), 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["difficulty"], "hard");
    assert_eq!(r["score"].as_f64(), Some(3.2));
    assert_eq!(r["hardest"], "X-wing");
    assert_eq!(r["guesses"], 0);
    assert_eq!(r["steps"]["X-wing"], 1);
    assert_eq!(r["steps"]["hidden single"], 52);
    // A puzzle Sudoku Explainer rates 7.1 for a forcing chain, rated the same.
    let out = run(
        &["rate"],
        "200050006010000090600801003007090600000703000900080002100000005060902010003060200\n",
        0,
    );
    assert_eq!(
        out,
        "diabolical 7.1: forcing chain; hidden single 54, direct hidden pair 1, pointing 2, \
         box-line reduction 1, 2-string kite 1, 3 strong links 1, WXYZ-wing 1, forcing chain 1; \
         ER/EP/ED 7.1/1.2/1.2 (Diabolical)\n"
    );
}

/// The sukaku line of PE96_1 with the candidates its givens leave (and r1c1 down to 4 and
/// 8): 729 characters.
fn pe96_sukaku() -> String {
    let grid = parse_grid(PE96_1, &ParseOptions::default()).unwrap();
    let mut c = Candidates::of_grid(&grid);
    c.set(0, Digits::from_digits([4, 8]));
    c.to_sukaku().unwrap()
}

#[test]
fn pencil_marks_are_read_by_solve_count_explain_and_rate() {
    let sukaku = pe96_sukaku();
    assert_eq!(sukaku.len(), 729);
    let input = format!("{sukaku}\n");
    assert_eq!(run(&["solve"], &input, 0), format!("{PE96_1_SOLVED}\n"));
    assert_eq!(run(&["count"], &input, 0), "1\n");
    assert!(run(&["explain"], &input, 0).ends_with("hardest hidden single (1.2, easy)\n"));
    assert_eq!(
        run(&["rate"], &input, 0),
        "easy 1.2: hidden single; hidden single 49; ER/EP/ED 1.2/1.2/1.2 (Easy)\n"
    );
    // The jsonl record gives the puzzle as its sukaku line.
    let r = &json_lines(&run(&["solve", "-f", "jsonl"], &input, 0))[0];
    assert_eq!(r["puzzle"], sukaku.as_str());
    // Pencil marks that rule the solution out: r1c1 may only be 5 or 8.
    assert_eq!(&sukaku[..9], "...4...8.");
    let no = format!("....5..8.{}", &sukaku[9..]);
    assert_eq!(no.len(), 729);
    assert_eq!(run(&["solve"], &format!("{no}\n"), 1), "unsolvable\n");
    assert_eq!(run(&["count"], &format!("{no}\n"), 1), "0\n");
    // check --puzzles: the solution keeps to the marks of the first, not of the second.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_explain");
    std::fs::create_dir_all(&dir).unwrap();
    let marks = dir.join("marks.txt");
    std::fs::write(&marks, format!("{sukaku}\n{no}\n")).unwrap();
    assert_eq!(
        run(
            &["check", "--puzzles", marks.to_str().unwrap()],
            &format!("{PE96_1_SOLVED}\n{PE96_1_SOLVED}\n"),
            1
        ),
        "valid\ninvalid: r1c1 holds 4 but the puzzle (line 2) allows only 58\n"
    );

    // A candidate grid, as `explain` prints them: 4x4, unique by its candidates only.
    let grid = "13 12 | 34 14\n23 14 | 12 24\n------+------\n24 12 | 14 13\n34 23 | 24 14\n";
    assert_eq!(run(&["solve", "-f", "line"], grid, 0), "1234341221434321\n");
    assert_eq!(run(&["count"], grid, 0), "1\n");
    let out = run(&["explain"], grid, 0);
    assert_eq!(
        out.lines().nth(1),
        Some("hidden single: 4 in box 1 -> r2c2")
    );
    assert_eq!(
        run(
            &["solve", "-f", "line", "--input-format", "candidates"],
            grid,
            0
        ),
        "1234341221434321\n"
    );
}

#[test]
fn pencil_marks_need_dlx_and_bad_ones_are_named() {
    dlxkit()
        .args(["sudoku", "solve", "--solver", "mrv"])
        .write_stdin(format!("{}\n", pe96_sukaku()))
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: solver `mrv` cannot read pencil marks (sukaku and candidate grids): use dlx\n",
        ));
    let mut bad = pe96_sukaku().into_bytes();
    bad[9 + 2] = b'5'; // r1c2's third character must be 3 or a blank
    dlxkit()
        .args(["sudoku", "count"])
        .write_stdin(format!("{}\n", String::from_utf8(bad).unwrap()))
        .assert()
        .code(2)
        .stderr(
            "dlxkit: <stdin>:1: bad sukaku character `5` at r1c2: position 3 of a cell holds 3 or a blank\n\
             hint: a sukaku line gives each cell n characters: the k-th is the digit k if it is a candidate, else `.` or `0`\n",
        );
    dlxkit()
        .args(["sudoku", "explain", "--input-format", "candidates"])
        .write_stdin("12 34 | 34 12\n34 12 | 12 34\n21 43 | 43 21\n43 21 | 21 5\n")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: <stdin>:4: digit 5 at r4c4 is larger than 4\n",
        ));
}

#[test]
fn generate_reaches_each_level_of_the_rating() {
    // Expert (8.0 and up: multiple forcing chains and harder, no guess) is rare among
    // minimal puzzles; seed 9's stream finds two within the attempts (seed 8's, before the
    // aligned triple exclusion rated some of them 7.5, found two; now one).
    for (level, seed) in [
        ("easy", "1"),
        ("medium", "1"),
        ("hard", "1"),
        ("fiendish", "1"),
        ("diabolical", "1"),
        ("expert", "9"),
    ] {
        let out = run(
            &[
                "generate",
                "--seed",
                seed,
                "--count",
                "2",
                "--difficulty",
                level,
                "-f",
                "jsonl",
            ],
            "",
            0,
        );
        for r in json_lines(&out) {
            assert_eq!(r["difficulty"], level, "{r}");
            assert_eq!(r["target_reached"], true);
            let rated = run(
                &["rate"],
                &format!("{}\n", r["puzzle"].as_str().unwrap()),
                0,
            );
            assert!(rated.starts_with(&format!("{level} ")), "{rated}");
            assert_eq!(
                r["score"].as_f64().map(|s| format!("{s:.1}")),
                Some(rated.split([' ', ':']).nth(1).unwrap().to_string())
            );
        }
    }
}
