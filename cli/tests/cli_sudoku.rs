//! Command-line tests of `dlxkit sudoku`: `solve` (exact output in every format, standard
//! input, sizes 4, 6 and 9, variants, counts and limits, every solver, `--jobs`, limits and
//! Ctrl-C), `count`, `check`, `generate` (reproducible, unique) and `rate`, and every kind
//! of bad input with its exact message and exit 2.

use crate::cli_util;
use crate::cli_util::dlxkit;

use std::path::PathBuf;

#[cfg(unix)]
use cli_util::{interrupt_after_first_line, Watch};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use predicates::prelude::*;
use serde_json::Value;

const PE96_1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const PE96_1_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// A Sudoku-X puzzle (made by `dlxkit sudoku generate --variant x --seed 3`): unique as
/// Sudoku-X, several solutions as a plain Sudoku.
const X_PUZZLE: &str =
    ".2...13........51...39....8.........4..7.9..5.........9....27...36........23...9.";
const X_SOLVED: &str =
    "624581379897243516513976428269435187481729635375618942948152763136897254752364891";
/// A 6x6 puzzle (2x3 boxes) and its solution.
const SIX: &str = "3....2..13.4.3........5.1.32..5....1";
const SIX_SOLVED: &str = "346512251364435126612453163245524631";
/// 4x4: one with no solution (r1c1 has no digit left, though no givens clash), and one with
/// 72 (a quarter of the 288 grids).
const FOUR_NONE: &str = ".12.3...4.......";
const FOUR_MANY: &str = "1...............";

/// Runs `dlxkit sudoku args...` with `stdin`, expecting exit `code`; returns stdout.
fn run(args: &[&str], stdin: &str, code: i32) -> String {
    crate::cli_util::sudoku(args, stdin, code).0
}

/// Standard output of `dlxkit sudoku args...` (exit 0, nothing on stdin).
fn ok(args: &[&str]) -> String {
    run(args, "", 0)
}

/// The JSON objects of a JSON Lines output.
fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// Writes `text` to a file under the test scratch directory and returns its path.
fn scratch(name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_sudoku");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Expects exit 2 and exactly `message` on stderr.
fn fails_with(args: &[&str], stdin: &str, message: &str) {
    dlxkit()
        .arg("sudoku")
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(2)
        .stdout("")
        .stderr(message.to_string());
}

#[test]
fn a_project_euler_puzzle_is_solved_from_stdin_and_from_a_file() {
    let input = format!("{PE96_1}\n");
    assert_eq!(run(&["solve"], &input, 0), format!("{PE96_1_SOLVED}\n"));
    assert_eq!(
        run(&["solve", "-"], &input, 0),
        format!("{PE96_1_SOLVED}\n")
    );
    let path = scratch("pe96_1.txt", &input);
    assert_eq!(ok(&["solve", &path]), format!("{PE96_1_SOLVED}\n"));
    let all = ok(&["solve", "data/sudoku/pe96_easy50.txt"]);
    assert_eq!(all.lines().count(), 50);
    assert_eq!(all.lines().next(), Some(PE96_1_SOLVED));
}

#[test]
fn the_summary_goes_to_stderr_unless_quiet() {
    dlxkit()
        .args(["sudoku", "solve", "data/sudoku/pe96_easy50.txt"])
        .assert()
        .code(0)
        .stderr(
            predicate::str::starts_with(
                "puzzles     50 (50 unique, 0 multiple, 0 unsolvable, 0 unknown)\n\
                 solver      dlx: ",
            )
            .and(predicate::str::contains("\ntime        "))
            .and(predicate::str::contains(" puzzles/s on 1 thread\n")),
        );
    dlxkit()
        .args(["sudoku", "solve", "--quiet", "data/sudoku/pe96_easy50.txt"])
        .assert()
        .code(0)
        .stderr("");
}

#[test]
fn four_six_and_x_grids() {
    let four = "1234\n3412\n2143\n4321\n";
    let puzzle = "1.3.\n.4..\n..4.\n4..1\n";
    // Block input gives grid output by default.
    assert_eq!(
        run(&["solve", "--quiet"], puzzle, 0),
        "# puzzle 1 (line 1): unique\n1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
    );
    assert_eq!(
        run(&["solve", "--quiet", "-f", "line"], puzzle, 0),
        format!("{}\n", four.replace('\n', ""))
    );
    assert_eq!(
        run(&["solve", "--box", "2x3"], &format!("{SIX}\n"), 0),
        format!("{SIX_SOLVED}\n")
    );
    assert_eq!(
        run(&["solve"], &format!("{SIX}\n"), 0),
        format!("{SIX_SOLVED}\n"),
        "2x3 is the default box shape of 6x6"
    );
    let x = format!("{X_PUZZLE}\n");
    assert_eq!(
        run(&["solve", "--variant", "x"], &x, 0),
        format!("{X_SOLVED}\n")
    );
    assert_eq!(run(&["solve"], &x, 0), "multiple\n");
    let jigsaw = "..4..1....2..3..\n";
    let regions = ["--regions", "AABB ACBB ACDD CCDD"];
    assert_eq!(
        run(&["solve", regions[0], regions[1]], jigsaw, 0),
        "3241413214232314\n"
    );
    let map = scratch("regions.txt", "AABB\nACBB\nACDD\nCCDD\n");
    assert_eq!(
        run(
            &["solve", "--variant", "jigsaw", "--regions", &map],
            jigsaw,
            0
        ),
        "3241413214232314\n"
    );
}

#[test]
fn grids_show_givens_in_bold_when_coloured() {
    let out = run(
        &["solve", "-f", "grid", "--color", "always", "--quiet"],
        "1.3.\n.4..\n..4.\n4..1\n",
        0,
    );
    let first = out.lines().nth(1).unwrap();
    assert_eq!(
        first,
        "\x1b[1m1\x1b[0m \x1b[36m2\x1b[0m | \x1b[1m3\x1b[0m \x1b[36m4\x1b[0m"
    );
    let plain = run(
        &["solve", "-f", "grid", "--quiet"],
        "1.3.\n.4..\n..4.\n4..1\n",
        0,
    );
    assert!(!plain.contains('\x1b'));
}

#[test]
fn counts_and_limits_on_a_puzzle_with_many_solutions() {
    let input = format!("{FOUR_MANY}\n{FOUR_NONE}\n");
    assert_eq!(run(&["solve"], &input, 1), "multiple\nunsolvable\n");
    assert_eq!(
        run(&["solve", "--count"], &input, 1),
        "multiple 2\nunsolvable 0\n"
    );
    assert_eq!(
        run(&["solve", "--count", "--limit", "1000"], &input, 1),
        "multiple 72\nunsolvable 0\n"
    );
    assert_eq!(
        run(&["solve", "--count", "--limit", "10"], &input, 1),
        "multiple 10\nunsolvable 0\n"
    );
    assert_eq!(run(&["count"], &input, 1), "72\n0\n");
    assert_eq!(run(&["count", "--limit", "5"], &input, 1), "5\n0\n");
    assert_eq!(run(&["count"], &format!("{FOUR_MANY}\n"), 0), "72\n");
    // --limit 1 finds a solution without proving it unique: it is printed, as `unknown`.
    let line = run(
        &["solve", "--limit", "1", "-f", "jsonl"],
        &format!("{FOUR_MANY}\n"),
        0,
    );
    let record = &json_lines(&line)[0];
    assert_eq!(record["status"], "unknown");
    assert_eq!(record["solutions"], 1);
    assert!(record["solution"].as_str().unwrap().starts_with('1'));
}

#[test]
fn an_unsolvable_puzzle_exits_1() {
    dlxkit()
        .args(["sudoku", "solve"])
        .write_stdin(format!("{FOUR_NONE}\n"))
        .assert()
        .code(1)
        .stdout("unsolvable\n")
        .stderr(predicate::str::starts_with(
            "puzzles     1 (0 unique, 0 multiple, 1 unsolvable, 0 unknown)\n",
        ));
    let grid = run(&["solve", "-f", "grid"], &format!("{FOUR_NONE}\n"), 1);
    assert_eq!(grid, "# puzzle 1 (line 1): unsolvable\n");
}

#[test]
fn jsonl_has_one_object_per_puzzle() {
    let input = format!("# a comment\n{PE96_1}\n\n{FOUR_NONE}\n");
    // The two puzzles differ in size: read them separately.
    let out = run(
        &["solve", "-f", "jsonl"],
        &format!("{PE96_1}\n{PE96_1}\n"),
        0,
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    let r = &records[0];
    assert_eq!(r["index"], 1);
    assert_eq!(r["line"], 1);
    assert_eq!(r["puzzle"], PE96_1);
    assert_eq!(r["solution"], PE96_1_SOLVED);
    assert_eq!(r["status"], "unique");
    assert_eq!(r["complete"], true);
    assert_eq!(r["solutions"], 1);
    assert!(r["assignments"].as_u64().unwrap() >= 1);
    assert!(r["guesses"].is_u64());
    assert!(r["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(records[1]["index"], 2);
    assert_eq!(records[1]["line"], 2);

    let out = run(
        &["solve", "-f", "jsonl"],
        &input.replace(PE96_1, FOUR_MANY),
        1,
    );
    let records = json_lines(&out);
    assert_eq!(records[0]["line"], 2);
    assert_eq!(records[0]["status"], "multiple");
    assert_eq!(records[0]["solution"], Value::Null);
    assert_eq!(records[0]["complete"], false);
    assert_eq!(records[1]["line"], 4);
    assert_eq!(records[1]["status"], "unsolvable");
    assert_eq!(records[1]["solutions"], 0);

    let out = run(&["count", "-f", "jsonl"], &format!("{FOUR_MANY}\n"), 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["solutions"], 72);
    assert_eq!(r["complete"], true);
    assert!(r.get("solution").is_none());
}

#[test]
fn every_solver_gives_the_same_output() {
    let dlx = ok(&["solve", "--quiet", "data/sudoku/pe96_easy50.txt"]);
    assert_eq!(dlx.lines().count(), 50);
    for solver in ["naive", "mrv", "forward-checking", "strategies"] {
        let out = ok(&[
            "solve",
            "--quiet",
            "--solver",
            solver,
            "data/sudoku/pe96_easy50.txt",
        ]);
        assert_eq!(out, dlx, "--solver {solver}");
    }
    let input = format!("{FOUR_MANY}\n{FOUR_NONE}\n1.3..4....4.4..1\n");
    for solver in ["dlx", "naive", "mrv", "forward-checking", "strategies"] {
        let out = run(&["count", "--solver", solver], &input, 1);
        assert_eq!(out, "72\n0\n1\n", "--solver {solver}");
    }
}

#[test]
fn jobs_keep_the_input_order() {
    let one = ok(&["solve", "--quiet", "data/sudoku/norvig_top95.txt"]);
    assert_eq!(one.lines().count(), 95);
    for jobs in ["2", "0"] {
        let many = ok(&[
            "solve",
            "--quiet",
            "--jobs",
            jobs,
            "data/sudoku/norvig_top95.txt",
        ]);
        assert_eq!(many, one, "--jobs {jobs}");
    }
    dlxkit()
        .args([
            "sudoku",
            "solve",
            "--jobs",
            "2",
            "data/sudoku/pe96_easy50.txt",
        ])
        .assert()
        .code(0)
        .stderr(predicate::str::contains(" puzzles/s on 2 threads\n"));
}

#[cfg_attr(debug_assertions, ignore)]
#[test]
fn jobs_keep_the_input_order_on_a_long_batch() {
    let file = "data/sudoku/magictour_top1465.txt";
    let one = ok(&["solve", "--quiet", "-f", "jsonl", file]);
    let two = ok(&["solve", "--quiet", "-f", "jsonl", "--jobs", "2", file]);
    let strip = |text: &str| -> Vec<Value> {
        json_lines(text)
            .into_iter()
            .map(|mut r| {
                r.as_object_mut().unwrap().remove("elapsed_ms");
                r
            })
            .collect()
    };
    assert_eq!(strip(&one), strip(&two));
    assert_eq!(strip(&one).len(), 1465);
}

#[test]
fn limits_mark_counts_incomplete() {
    // An empty grid: far too many solutions to count.
    let empty = format!("{PE96_1}\n{}\n", ".".repeat(81));
    dlxkit()
        .args(["sudoku", "count", "--max-nodes", "1000"])
        .write_stdin(empty.clone())
        .assert()
        .code(0)
        .stdout("1\n91 (incomplete: node limit)\n");
    dlxkit()
        .args(["sudoku", "count", "--timeout", "0.3"])
        .write_stdin(empty.clone())
        .assert()
        .code(0)
        .stdout(predicate::str::is_match("^1\n[0-9]+ \\(incomplete: time limit\\)\n$").unwrap())
        .stderr(predicate::str::contains(
            "status      time limit (--timeout): the puzzles not finished in time are unknown\n",
        ));
    // A solve that runs out of nodes before finding anything exits 1.
    dlxkit()
        .args(["sudoku", "solve", "--solver", "naive", "--max-nodes", "5"])
        .write_stdin(format!("{PE96_1}\n"))
        .assert()
        .code(1)
        .stdout("unknown\n");
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_what_was_solved_and_exits_130() {
    // The first puzzle is counted at once; the empty grid's count never ends. The first
    // count is flushed while the second runs: wait for it, then interrupt.
    let path = scratch("endless.txt", &format!("{PE96_1}\n{}\n", ".".repeat(81)));
    let run = interrupt_after_first_line(["sudoku", "count", path.as_str()], Watch::Stdout);
    assert_eq!(run.first_line, "1\n");
    let stderr = run.stderr;
    assert_eq!(run.code, Some(130), "stderr: {stderr}");
    // The count cut short is printed as far as it went, marked incomplete.
    let count = run.stdout.strip_suffix(" (incomplete: interrupted)\n");
    assert!(
        count.is_some_and(|c| c.parse::<u64>().is_ok()),
        "{}",
        run.stdout
    );
    assert!(stderr.starts_with("puzzles     2 ("), "{stderr}");
    assert!(
        stderr.contains("status      interrupted (Ctrl-C) before the end of the last work\n"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"));
}

#[test]
fn check_tells_valid_from_invalid_grids() {
    ok(&["check", "data/sudoku/sudoku16x16_solutions.txt"])
        .lines()
        .for_each(|l| assert_eq!(l, "valid"));
    let out = ok(&[
        "check",
        "--puzzles",
        "data/sudoku/sudoku16x16_puzzles.txt",
        "data/sudoku/sudoku16x16_solutions.txt",
    ]);
    assert_eq!(out, "valid\n".repeat(10));
    let grids = "1234341221434321\n1234341221434312\n123434122143432.\n";
    dlxkit()
        .args(["sudoku", "check"])
        .write_stdin(grids)
        .assert()
        .code(1)
        .stdout(
            "valid\n\
             invalid: digit 1 appears twice in column 3 (r2c3 and r4c3)\n\
             invalid: cell r4c4 is blank\n",
        )
        .stderr(predicate::str::starts_with(
            "grids       3 (1 valid, 2 invalid)\n",
        ));
    // A valid grid that is not the solution of its puzzle.
    let puzzles = scratch("check_puzzles.txt", "2...............\n");
    dlxkit()
        .args(["sudoku", "check", "--puzzles", &puzzles])
        .write_stdin("1234341221434321\n")
        .assert()
        .code(1)
        .stdout("invalid: r1c1 holds 1 but the puzzle (line 1) gives 2\n");
    let out = run(&["check", "-f", "jsonl"], grids, 1);
    let records = json_lines(&out);
    assert_eq!(records[0]["valid"], true);
    assert_eq!(records[0]["reason"], Value::Null);
    assert_eq!(records[2]["valid"], false);
    assert_eq!(records[2]["reason"], "cell r4c4 is blank");
    // What solve prints, check finds valid (in the grid format too).
    let solved = ok(&[
        "solve",
        "-f",
        "grid",
        "--quiet",
        "data/sudoku/pe96_easy50.txt",
    ]);
    let checked = run(
        &["check", "--puzzles", "data/sudoku/pe96_easy50.txt"],
        &solved,
        0,
    );
    assert_eq!(checked, "valid\n".repeat(50));
}

#[test]
fn generate_is_reproducible_and_every_puzzle_is_unique() {
    let a = ok(&["generate", "--seed", "7", "--count", "5", "--quiet"]);
    assert_eq!(a.lines().count(), 5);
    assert_eq!(
        a,
        ok(&["generate", "--seed", "7", "--count", "5", "--quiet"])
    );
    assert_eq!(
        a,
        ok(&["generate", "--seed", "7", "--count", "5", "--quiet", "--jobs", "2"])
    );
    let b = ok(&["generate", "--seed", "8", "--count", "5", "--quiet"]);
    assert_ne!(a, b);
    assert_eq!(run(&["count"], &a, 0), "1\n".repeat(5));
    assert_eq!(run(&["count"], &b, 0), "1\n".repeat(5));

    let six = ok(&[
        "generate", "--size", "6", "--seed", "1", "--count", "3", "--quiet",
    ]);
    assert!(six.lines().all(|l| l.len() == 36));
    assert_eq!(run(&["count"], &six, 0), "1\n".repeat(3));
    let x = ok(&[
        "generate",
        "--variant",
        "x",
        "--seed",
        "3",
        "--symmetry",
        "mirror",
        "--quiet",
    ]);
    assert_eq!(run(&["count", "--variant", "x"], &x, 0), "1\n");
    let cells: Vec<char> = x.trim().chars().collect();
    for r in 0..9 {
        for c in 0..9 {
            assert_eq!(cells[r * 9 + c] == '.', cells[r * 9 + 8 - c] == '.');
        }
    }
}

#[test]
fn generate_reaches_givens_and_difficulty() {
    let out = ok(&[
        "generate",
        "--seed",
        "2",
        "--count",
        "3",
        "--givens",
        "30",
        "--symmetry",
        "none",
        "-f",
        "jsonl",
        "--quiet",
    ]);
    for r in json_lines(&out) {
        assert_eq!(r["givens"], 30);
        assert_eq!(r["target_reached"], true);
        let puzzle = parse_grid(r["puzzle"].as_str().unwrap(), &ParseOptions::default()).unwrap();
        let solution =
            parse_grid(r["solution"].as_str().unwrap(), &ParseOptions::default()).unwrap();
        assert!(puzzle.is_filled_by(&solution) && solution.is_solved());
    }
    for level in ["easy", "medium", "hard"] {
        let out = ok(&[
            "generate",
            "--seed",
            "4",
            "--count",
            "2",
            "--difficulty",
            level,
            "-f",
            "jsonl",
            "--quiet",
        ]);
        let records = json_lines(&out);
        assert_eq!(records.len(), 2);
        for r in &records {
            assert_eq!(r["difficulty"], level, "{r}");
            let rated = run(
                &["rate"],
                &format!("{}\n", r["puzzle"].as_str().unwrap()),
                0,
            );
            assert!(rated.starts_with(&format!("{level} ")), "{rated}");
        }
    }
    // 4 givens is the least a 4x4 puzzle can have: 3 is out of reach, with a warning.
    dlxkit()
        .args([
            "sudoku", "generate", "--size", "4", "--givens", "3", "--seed", "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "dlxkit: warning: 1 of 1 puzzles did not reach --givens 3",
        ));
    // No 4x4 puzzle needs a guess: the level is missed after every seed is tried.
    dlxkit()
        .args([
            "sudoku",
            "generate",
            "--size",
            "4",
            "--difficulty",
            "expert",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "dlxkit: warning: 1 of 1 puzzles did not reach --difficulty expert: no such puzzle \
             was found from their seeds; each printed puzzle is the closest found, unique all \
             the same\n",
        ));
    // A removal cut short by --timeout is said to be so, apart from the level (a 25x25
    // grid with nearly all its givens is easy).
    let out = dlxkit()
        .args([
            "sudoku",
            "generate",
            "--size",
            "25",
            "--difficulty",
            "easy",
            "--seed",
            "1",
            "--timeout",
            "0.001",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "dlxkit: warning: 1 of 1 puzzles ran out of time before the removal of givens \
             finished: they keep givens they could lose, and are unique all the same\n"
        ) && !stderr.contains("did not reach"),
        "{stderr}"
    );
}

#[test]
fn generate_expert_puzzles_need_multiple_forcing_chains_or_harder() {
    let out = ok(&[
        "generate",
        "--seed",
        "9",
        "--count",
        "2",
        "--difficulty",
        "expert",
        "-f",
        "jsonl",
        "--quiet",
    ]);
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    for r in records {
        assert_eq!(r["difficulty"], "expert");
        assert!(r["score"].as_f64().unwrap() >= 8.0, "{r}");
        assert!(
            r["hardest"].as_str().unwrap().contains("forcing chain"),
            "{r}"
        );
    }
}

#[test]
fn generate_prints_grids() {
    let out = ok(&[
        "generate", "--size", "4", "--seed", "1", "-f", "grid", "--quiet",
    ]);
    let mut lines = out.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("# puzzle 1 (seed 10451216379200822465): "));
    assert_eq!(lines.count(), 5);
}

#[test]
fn rate_names_the_hardest_strategy() {
    let out = ok(&["rate", "data/sudoku/pe96_easy50.txt"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 50);
    assert_eq!(
        lines[..5],
        [
            "easy 1.2: hidden single; hidden single 49; ER/EP/ED 1.2/1.2/1.2 (Easy)",
            "easy 1.2: hidden single; hidden single 51; ER/EP/ED 1.2/1.2/1.2 (Easy)",
            "medium 2.0: direct hidden pair; hidden single 52, direct hidden pair 1; ER/EP/ED 2.0/1.2/1.2 (Hard)",
            "medium 1.5: hidden single; hidden single 51; ER/EP/ED 1.5/1.2/1.2 (Medium)",
            "easy 1.2: hidden single; hidden single 45; ER/EP/ED 1.2/1.2/1.2 (Easy)",
        ]
    );
    dlxkit()
        .args(["sudoku", "rate", "data/sudoku/pe96_easy50.txt"])
        .assert()
        .stderr(predicate::str::starts_with(
            "puzzles     50 (19 easy, 25 medium, 6 hard, 0 fiendish, 0 diabolical, 0 expert)\n",
        ));
    assert_eq!(
        run(&["rate"], &format!("{FOUR_MANY}\n{FOUR_NONE}\n"), 1),
        "multiple\nunsolvable\n"
    );
    let out = run(&["rate", "-f", "jsonl"], &format!("{PE96_1}\n"), 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["difficulty"], "easy");
    assert_eq!(r["hardest"], "hidden single");
    assert_eq!(r["guesses"], 0);
    assert_eq!(r["steps"]["hidden single"], 49);
}

#[test]
fn bad_input_is_named_by_file_line_cell_and_character() {
    let path = scratch(
        "bad_length.txt",
        &format!("{PE96_1}\n# comment\n{}\n", &PE96_1[1..]),
    );
    fails_with(
        &["solve", &path],
        "",
        &format!(
            "dlxkit: {path}:3: expected 81 cells, found 80\n\
             hint: one puzzle per line, its n*n cells in reading order (81 for 9x9); every puzzle of an input has the same size (or see --input-format)\n"
        ),
    );
    let bad = PE96_1.replacen('8', "x", 1);
    fails_with(
        &["solve"],
        &format!("{bad}\n"),
        "dlxkit: <stdin>:1: bad symbol `x` at r3c4\n\
         hint: digits are 1-9, then A-Z for sides above 9; blanks are `.`, `0`, `_`, `*` or `-`\n",
    );
    fails_with(
        &["count"],
        "1...\n..5.\n....\n....\n",
        "dlxkit: <stdin>:2: digit 5 at r2c3 is larger than 4\n",
    );
    fails_with(
        &["solve", "--box", "3x2"],
        &format!("{SIX}\n"),
        "dlxkit: <stdin>:1: digit 3 appears twice in box 1 (r1c1 and r3c2)\n\
         hint: the puzzle has no solution: fix the givens\n",
    );
    fails_with(
        &["rate"],
        &format!("{PE96_1}\n{}\n", PE96_1.replacen("..3", "3.3", 1)),
        "dlxkit: <stdin>:2: digit 3 appears twice in row 1 (r1c1 and r1c3)\n\
         hint: the puzzle has no solution: fix the givens\n",
    );
    fails_with(
        &["solve"],
        "# nothing\n",
        "dlxkit: <stdin>: no puzzle found\n",
    );
    fails_with(
        &["solve", "nope.txt"],
        "",
        "dlxkit: cannot read `nope.txt`: No such file or directory (os error 2)\n",
    );
}

#[test]
fn bad_flags_are_usage_errors() {
    let input = format!("{PE96_1}\n");
    fails_with(
        &["solve", "--box", "2y3"],
        &input,
        "error: invalid value '2y3' for '--box <RxC>': `2y3` is not a box shape: write ROWSxCOLUMNS, as in 2x3\n\
         \n\
         For more information, try '--help'.\n",
    );
    fails_with(
        &["solve", "--solver", "magic"],
        &input,
        "error: invalid value 'magic' for '--solver <NAME>'\n  \
         [possible values: dlx, naive, mrv, forward-checking, strategies]\n\
         \n\
         For more information, try '--help'.\n",
    );
    fails_with(
        &["solve", "--variant", "x", "--regions", "AABB"],
        &input,
        "dlxkit: --regions gives the regions of a jigsaw: use it with --variant jigsaw (or alone)\n\
         \n\
         Usage: dlxkit sudoku solve [OPTIONS] [FILE]\n\
         \n\
         For more information, try '--help'.\n",
    );
    fails_with(
        &["solve", "--regions", "AABB"],
        &input,
        "dlxkit: <stdin>:1: bad region map: expected 81 symbols, found 4\n\
         hint: --regions takes n*n symbols in reading order, one per region, each region n cells\n",
    );
    fails_with(
        &["solve", "--variant", "windoku", "--box", "1x4"],
        "1...............\n",
        "dlxkit: <stdin>:1: variant windoku is not defined for a 4x4 grid with 1x4 boxes\n",
    );
    fails_with(
        &["generate", "--size", "9", "--box", "2x3"],
        "",
        "dlxkit: --box 2x3 makes a side of 6, not --size 9\n\
         \n\
         Usage: dlxkit sudoku generate [OPTIONS]\n\
         \n\
         For more information, try '--help'.\n",
    );
}

#[test]
fn help_has_examples() {
    for sub in ["solve", "count", "check", "generate", "rate"] {
        dlxkit()
            .args(["sudoku", sub, "--help"])
            .assert()
            .code(0)
            .stdout(
                predicate::str::contains("Examples:").and(predicate::str::contains("Exit status:")),
            );
    }
}

/// The first of the forum's SE 11+ sample: its first step is a nested forcing chain.
const FORUM_1: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

#[test]
fn rate_and_explain_bound_the_forcing_chains_by_effort() {
    let out = run(
        &["rate", "--effort", "1000000", "-f", "jsonl"],
        &format!("{FORUM_1}\n"),
        0,
    );
    let r = &json_lines(&out)[0];
    assert_eq!(
        (&r["lower_bound"], &r["er"], &r["hardest"], &r["guesses"]),
        (
            &Value::Bool(true),
            &Value::from(9.5),
            &Value::from("nested forcing chain"),
            &Value::from(0)
        )
    );
    assert_eq!(r["effort"], 1_000_000);
    assert_eq!(
        run(&["rate", "--effort", "1000000"], &format!("{FORUM_1}\n"), 0),
        "expert >= 9.5: nested forcing chain (effort limit); no step; ER/EP/ED >= 9.5/9.5/9.5 (Diabolical)\n"
    );
    let out = run(
        &["explain", "--effort", "1000000", "--format", "se"],
        &format!("{FORUM_1}\n"),
        1,
    );
    assert_eq!(
        out.lines().last(),
        Some("ER/EP/ED >= 9.5/9.5/9.5 (Diabolical; effort limit)")
    );
    let out = run(
        &["explain", "--effort", "1000000", "--format", "json"],
        &format!("{FORUM_1}\n"),
        1,
    );
    let r = &json_lines(&out)[0];
    assert_eq!(
        (&r["outcome"], &r["lower_bound"]),
        (&Value::from("effort limit"), &Value::Bool(true))
    );
    // A puzzle within the budget is rated exactly.
    let out = run(&["rate", "-f", "jsonl"], &format!("{PE96_1}\n"), 0);
    assert_eq!(json_lines(&out)[0]["lower_bound"], false);
    // Zero, and more than 10^12, are refused as usage errors.
    for bad in ["0", "1000000000001", "99999999999999999999999"] {
        dlxkit()
            .args(["sudoku", "rate", "--effort", bad])
            .write_stdin(format!("{PE96_1}\n"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--effort"));
    }
}
