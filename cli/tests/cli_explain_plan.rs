//! `explain`'s JSON plan, as issue 29 asks for it: each step with its technique, SE value,
//! cells, digits, placements and eliminations, replayed from the puzzle to its solution (no
//! placement other than the solution's digit, no elimination of it, nothing removed twice);
//! the community's line format (`-f se`) giving the same values; and `dlxkit play`'s hint,
//! asked from the board the plan has reached, giving the plan's next step.

use dlxkit::sudoku::ops;
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use serde_json::Value;

use crate::cli_util::sudoku_quiet as run;
use crate::play_util::Server;

/// Project Euler's 7th puzzle (an X-wing, 3.2), and line 344 of the SE-rated sample (SE
/// 7.1: direct hidden pair, XY-chain, WXYZ-wing, forcing chain, VWXYZ-wing, BUG+1 on the
/// way).
const PUZZLES: [&str; 2] = [
    ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.",
    "590000007040010083008034900001402000069000820000109300004670200980040030700000016",
];

/// The puzzles, each as 81 characters, `.` for a blank.
fn puzzles() -> Vec<String> {
    PUZZLES.iter().map(|p| p.replace('0', ".")).collect()
}

/// `r4c9` as a cell index.
fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    assert_eq!((b.len(), b[0], b[2]), (4, b'r', b'c'), "{name}");
    usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
}

/// The cells that share a row, column or box with `c`.
fn peers(c: usize) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&o| {
        o != c && (o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3))
    })
}

/// The board a plan walks: each cell's candidates, as bit sets of digits.
struct Board {
    cells: Vec<u16>,
    entries: Vec<u8>,
}

impl Board {
    fn new(puzzle: &str) -> Board {
        let mut b = Board {
            cells: vec![0x3fe; 81],
            entries: vec![0; 81],
        };
        for (c, ch) in puzzle.chars().enumerate() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
                b.place(c, d as u8);
            }
        }
        b
    }

    fn place(&mut self, c: usize, d: u8) {
        self.cells[c] = 1 << d;
        self.entries[c] = d;
        for o in peers(c) {
            self.cells[o] &= !(1 << d);
        }
    }

    /// The player's notes for `/api/hint`: each open cell's candidates.
    fn notes(&self) -> Vec<String> {
        (0..81)
            .map(|c| match self.entries[c] {
                0 => (1..=9)
                    .filter(|d| self.cells[c] & (1 << d) != 0)
                    .map(|d| char::from(b'0' + d))
                    .collect(),
                _ => String::new(),
            })
            .collect()
    }

    fn entries(&self) -> String {
        self.entries
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect()
    }
}

/// `explain -f json`'s one record for a puzzle.
fn plan(puzzle: &str) -> Value {
    let out = run(&["explain", "-f", "json"], &format!("{puzzle}\n"), 0);
    serde_json::from_str(out.trim()).unwrap()
}

fn solution(puzzle: &str) -> Vec<u8> {
    let grid = parse_grid(puzzle, &ParseOptions::default()).unwrap();
    ops::solve(&grid).unwrap().unwrap().cells().to_vec()
}

/// A step's placements or eliminations as (cell, digit).
fn marks(step: &Value, key: &str) -> Vec<(usize, u8)> {
    step[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                cell(m["cell"].as_str().unwrap()),
                m["digit"].as_u64().unwrap() as u8,
            )
        })
        .collect()
}

#[test]
fn the_json_plan_replays_to_the_solution_with_its_se_values() {
    for puzzle in puzzles() {
        let r = plan(&puzzle);
        assert_eq!(
            (&r["outcome"], &r["guesses"]),
            (&Value::from("solved"), &Value::from(0))
        );
        let solved = solution(&puzzle);
        let mut board = Board::new(&puzzle);
        let steps = r["steps"].as_array().unwrap();
        let mut hardest = 0.0f64;
        for step in steps {
            let text = step["text"].as_str().unwrap();
            assert!(
                text.starts_with(step["strategy"].as_str().unwrap()),
                "{text}"
            );
            let score = step["score"].as_f64().unwrap();
            assert!((1.0..=11.9).contains(&score), "{text}");
            hardest = hardest.max(score);
            assert!(!step["cells"].as_array().unwrap().is_empty(), "{text}");
            assert!(!step["digits"].as_array().unwrap().is_empty(), "{text}");
            let (placements, eliminations) =
                (marks(step, "placements"), marks(step, "eliminations"));
            assert!(
                !placements.is_empty() || !eliminations.is_empty(),
                "{text}: no progress"
            );
            for (c, d) in eliminations {
                assert_ne!(solved[c], d, "{text}");
                assert!(
                    board.cells[c] & (1 << d) != 0,
                    "{text}: {d} was not a candidate"
                );
                board.cells[c] &= !(1 << d);
            }
            for (c, d) in placements {
                assert_eq!(solved[c], d, "{text}");
                assert_eq!(board.entries[c], 0, "{text}: placed twice");
                board.place(c, d);
            }
        }
        assert_eq!(board.entries, solved, "{puzzle}");
        assert_eq!(r["er"].as_f64(), Some(hardest), "{puzzle}");
        assert_eq!(r["score"].as_f64(), Some(hardest), "{puzzle}");

        // The community's line format: each step after its SE value, then ER/EP/ED.
        let se = run(&["explain", "-f", "se"], &format!("{puzzle}\n"), 0);
        let lines: Vec<&str> = se.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), steps.len() + 1, "{se}");
        for (line, step) in lines.iter().zip(steps) {
            let expected = format!(
                "({:.1}) {}",
                step["score"].as_f64().unwrap(),
                step["text"].as_str().unwrap()
            );
            assert_eq!(*line, expected);
        }
        let last = format!(
            "ER/EP/ED {:.1}/{:.1}/{:.1} (",
            hardest,
            r["ep"].as_f64().unwrap(),
            r["ed"].as_f64().unwrap()
        );
        assert!(lines[steps.len()].starts_with(&last), "{se}");
    }
}

/// The board's hint from every board the plan reaches before a step that is not a single:
/// the plan's next step, with the same technique, SE value, text, placements and
/// eliminations (the hint's cells are indexes, its text capitalised).
#[test]
fn the_board_s_hint_is_the_plan_s_next_step() {
    let server = Server::start();
    let mut asked = 0;
    for puzzle in puzzles() {
        let r = plan(&puzzle);
        let p = format!(r#"{{"size":9,"cells":"{puzzle}"}}"#);
        let mut board = Board::new(&puzzle);
        for step in r["steps"].as_array().unwrap() {
            let strategy = step["strategy"].as_str().unwrap();
            if !strategy.ends_with("single") {
                let body = format!(
                    r#"{{"puzzle":{p},"entries":"{}","notes":{}}}"#,
                    board.entries(),
                    serde_json::json!(board.notes())
                );
                let hint = server.post("/api/hint", &body).json();
                let text = step["text"].as_str().unwrap();
                assert_eq!(hint["kind"], "step", "{text}: {hint}");
                let shown = &hint["step"];
                assert_eq!(shown["strategy"], strategy, "{text}: {hint}");
                assert_eq!(shown["score"], step["score"], "{text}: {hint}");
                let capital = text[..1].to_uppercase() + &text[1..];
                assert_eq!(shown["text"], capital.as_str());
                for key in ["placements", "eliminations"] {
                    let theirs: Vec<(usize, u8)> = shown[key]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|m| {
                            (
                                m["cell"].as_u64().unwrap() as usize,
                                m["digit"].as_u64().unwrap() as u8,
                            )
                        })
                        .collect();
                    assert_eq!(theirs, marks(step, key), "{text}: {key}");
                }
                asked += 1;
            }
            for (c, d) in marks(step, "eliminations") {
                board.cells[c] &= !(1 << d);
            }
            for (c, d) in marks(step, "placements") {
                board.place(c, d);
            }
        }
    }
    assert!(asked >= 10, "{asked} hints");
}
