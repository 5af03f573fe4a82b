//! Tests of `dlxkit play`'s HTTP API, against the binary on a free port: every endpoint's
//! answer checked (solutions validated, hints against the unique solution), every kind of
//! bad request answered with its 4xx and message while the server keeps answering, many
//! requests at once, and a clean stop on SIGTERM.

use crate::play_util::{is_solution_of, post, send, Server};

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;

/// Project Euler 96, grid 1, and its solution.
const PE96_1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const PE96_1_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn puzzle(cells: &str) -> String {
    format!(
        r#"{{"size":{},"cells":"{cells}"}}"#,
        (cells.len() as f64).sqrt() as usize
    )
}

/// The server still answers a plain request.
fn still_answers(server: &Server) {
    let info = server.get("/api/info");
    assert_eq!(info.status, 200, "{}", info.body);
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let server = Server::start();
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.head.contains("Content-Type: text/html"),
        "{}",
        page.head
    );
    for (path, kind) in [("/style.css", "text/css"), ("/app.js", "text/javascript")] {
        assert!(
            page.body.contains(&format!("\"{path}\"")),
            "the page links {path}"
        );
        let file = server.get(path);
        assert_eq!(file.status, 200);
        assert!(file.head.contains(kind), "{}", file.head);
        assert!(!file.body.is_empty());
    }
    // Nothing is fetched from elsewhere.
    for path in ["/", "/style.css", "/app.js"] {
        let body = server.get(path).body;
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{path}"
        );
    }
    let head = send(server.addr, b"HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert_eq!((head.status, head.body.as_str()), (200, ""));
    let info = server.get("/api/info").json();
    assert_eq!(
        info["solvers"],
        serde_json::json!(["dlx", "naive", "mrv", "forward-checking", "strategies"])
    );
    assert_eq!(info["limits"]["max_body_bytes"], 65536);
}

#[test]
fn new_levels_are_unique_reproducible_and_of_every_size_and_variant() {
    let server = Server::start();
    for (size, variant, box_rows, units) in [
        (4, "standard", 2, 12),
        (6, "standard", 2, 18),
        (9, "standard", 3, 27),
        (16, "standard", 4, 48),
        (9, "x", 3, 29),
        (9, "windoku", 3, 31),
        (6, "jigsaw", 2, 18),
        (9, "jigsaw", 3, 27),
    ] {
        let request = format!(r#"{{"size":{size},"variant":"{variant}","seed":5}}"#);
        let reply = server.post("/api/new", &request);
        assert_eq!(reply.status, 200, "{size} {variant}: {}", reply.body);
        let level = reply.json();
        let p = &level["puzzle"];
        let cells = p["cells"].as_str().unwrap();
        assert_eq!(cells.len(), size * size);
        assert_eq!(p["variant"], variant);
        assert_eq!(level["seed"], 5);
        assert_eq!(level["layout"]["units"].as_array().unwrap().len(), units);
        assert_eq!(
            cells.chars().filter(|&c| c != '.').count() as u64,
            level["givens"].as_u64().unwrap()
        );
        // The same seed gives the same level.
        assert_eq!(server.post("/api/new", &request).json()["puzzle"], *p);
        // Unique, and DLX finds a valid solution.
        let solved = server
            .post("/api/solve", &format!(r#"{{"puzzle":{p}}}"#))
            .json();
        assert_eq!(solved["answer"], "unique", "{size} {variant}");
        let solution = solved["solution"].as_str().unwrap();
        if variant == "standard" || variant == "x" || variant == "windoku" {
            assert!(
                is_solution_of(solution, cells, size, box_rows),
                "{solution}"
            );
        }
        if variant == "jigsaw" {
            let regions = p["regions"].as_str().unwrap();
            assert_eq!(regions.len(), size * size);
        }
    }
    // A difficulty asked for is the difficulty given, and the clue pattern is symmetric.
    let level = server
        .post("/api/new", r#"{"difficulty":"hard","seed":42}"#)
        .json();
    assert_eq!(level["difficulty"], "hard");
    assert_eq!(level["target_reached"], true);
    let cells: Vec<char> = level["puzzle"]["cells"].as_str().unwrap().chars().collect();
    for c in 0..81 {
        assert_eq!(cells[c] == '.', cells[80 - c] == '.', "cell {c}");
    }
    // Without a seed the server picks one a page can keep exactly.
    let level = server.post("/api/new", "").json();
    assert!(level["seed"].as_u64().unwrap() < 1 << 53);
}

#[test]
fn every_solver_solves_and_the_limits_hold() {
    let server = Server::start();
    for solver in ["dlx", "naive", "mrv", "forward-checking", "strategies"] {
        let reply = server.post(
            "/api/solve",
            &format!(r#"{{"puzzle":{},"solver":"{solver}"}}"#, puzzle(PE96_1)),
        );
        assert_eq!(reply.status, 200, "{solver}: {}", reply.body);
        let r = reply.json();
        assert_eq!(r["solver"], solver);
        assert_eq!(r["solution"], PE96_1_SOLVED, "{solver}");
        assert_eq!(r["answer"], "unique");
        assert_eq!(r["status"], "complete");
        assert!(r["assignments"].as_u64().unwrap() <= r["max_nodes"].as_u64().unwrap());
    }
    // The client's limits apply, within the server's caps.
    let r = server
        .post(
            "/api/solve",
            &format!(
                r#"{{"puzzle":{},"solver":"naive","max_nodes":10}}"#,
                puzzle(PE96_1)
            ),
        )
        .json();
    assert_eq!(
        (r["status"].as_str(), r["answer"].as_str()),
        (Some("node limit"), Some("unknown"))
    );
    assert_eq!(r["assignments"], 10);
    let r = server
        .post(
            "/api/solve",
            &format!(
                r#"{{"puzzle":{},"max_nodes":1000000000000,"timeout_ms":99999999}}"#,
                puzzle(PE96_1)
            ),
        )
        .json();
    assert_eq!(
        (r["max_nodes"].as_u64(), r["timeout_ms"].as_u64()),
        (Some(20_000_000), Some(5000))
    );
    // A 4x4 puzzle with several solutions, and one with none.
    let r = server
        .post(
            "/api/solve",
            &format!(r#"{{"puzzle":{}}}"#, puzzle("1...............")),
        )
        .json();
    assert_eq!(r["answer"], "multiple");
    let r = server
        .post(
            "/api/solve",
            &format!(r#"{{"puzzle":{}}}"#, puzzle(".12.3...4.......")),
        )
        .json();
    assert_eq!(
        (r["answer"].as_str(), &r["solution"]),
        (Some("unsolvable"), &Value::Null)
    );
}

#[test]
fn check_and_hint_answer_against_the_unique_solution() {
    let server = Server::start();
    let p = puzzle(PE96_1);
    // r1c1 is 4 in the solution: 5 there is wrong, and the rest of the row is blank.
    let mut entries: Vec<char> = PE96_1.chars().collect();
    entries[0] = '5';
    let entries: String = entries.into_iter().collect();
    let r = server
        .post(
            "/api/check",
            &format!(r#"{{"puzzle":{p},"entries":"{entries}"}}"#),
        )
        .json();
    assert_eq!(r["wrong"], serde_json::json!([0]));
    assert_eq!(
        (r["complete"].as_bool(), r["correct"].as_bool()),
        (Some(false), Some(false))
    );
    let r = server
        .post(
            "/api/check",
            &format!(r#"{{"puzzle":{p},"entries":"{PE96_1_SOLVED}"}}"#),
        )
        .json();
    assert_eq!(
        (r["wrong"].as_array().map(Vec::len), r["correct"].as_bool()),
        (Some(0), Some(true))
    );

    // A hint with a wrong entry names it first.
    let r = server
        .post(
            "/api/hint",
            &format!(r#"{{"puzzle":{p},"entries":"{entries}"}}"#),
        )
        .json();
    assert_eq!(r["mistakes"], serde_json::json!([0]));
    assert_eq!(
        r["text"],
        "r1c1 does not match the solution: take it out before asking for a hint."
    );
    // From the givens: one step, in three stages, that places the solution's digit.
    let r = server
        .post("/api/hint", &format!(r#"{{"puzzle":{p}}}"#))
        .json();
    assert_eq!(r["kind"], "step");
    let step = &r["step"];
    let place = &step["placements"][0];
    let cell = place["cell"].as_u64().unwrap() as usize;
    let digit = place["digit"].as_u64().unwrap() as u32;
    assert_eq!(
        PE96_1_SOLVED.chars().nth(cell).unwrap().to_digit(10),
        Some(digit)
    );
    let strategy = step["strategy"].as_str().unwrap();
    assert!(
        ["naked single", "hidden single"].contains(&strategy),
        "{step}"
    );
    assert_eq!(r["technique"].as_str().unwrap().to_lowercase(), strategy);
    assert_eq!(r["text"], step["text"]);
    let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    assert!(r["text"].as_str().unwrap().contains(&name));
    // Where to look names neither the technique nor the digit placed.
    let look = r["look"]["text"].as_str().unwrap();
    assert!(look.starts_with("Look at "), "{look}");
    assert!(!look.to_lowercase().contains("single"), "{look}");
    if strategy == "hidden single" {
        assert!(!look.contains(&name), "{look}");
    }
    // A full grid has nothing left to hint.
    let r = server
        .post(
            "/api/hint",
            &format!(r#"{{"puzzle":{p},"entries":"{PE96_1_SOLVED}"}}"#),
        )
        .json();
    assert_eq!(r["kind"], "complete");
    assert_eq!(r["step"], Value::Null);

    // Check needs one solution; entries must keep the givens.
    let reply = server.post(
        "/api/check",
        &format!(r#"{{"puzzle":{}}}"#, puzzle("1...............")),
    );
    assert_eq!(reply.status, 400);
    assert_eq!(
        reply.error(),
        "the puzzle has more than one solution, so there is no one solution to check against"
    );
    // Entries may leave the givens out, not change them.
    let r = server
        .post(
            "/api/check",
            &format!(r#"{{"puzzle":{p},"entries":"{}"}}"#, ".".repeat(81)),
        )
        .json();
    assert_eq!(
        (r["blank"].as_u64(), r["wrong"].as_array().map(Vec::len)),
        (Some(49), Some(0))
    );
    let changed = PE96_1.replacen("..3", "..4", 1);
    let reply = server.post(
        "/api/check",
        &format!(r#"{{"puzzle":{p},"entries":"{changed}"}}"#),
    );
    assert_eq!(reply.status, 400);
    assert_eq!(reply.error(), "entries: r1c3 is a given and must hold 3");
}

#[test]
fn hints_read_the_players_notes_and_never_reveal_a_guess() {
    let server = Server::start();
    let p = puzzle(PE96_1);
    let hint = |notes: &[String]| {
        server
            .post(
                "/api/hint",
                &format!(r#"{{"puzzle":{p},"notes":{}}}"#, serde_json::json!(notes)),
            )
            .json()
    };
    let mut notes = vec![String::new(); 81];
    // r1c1's notes hold only its solution's 4: a naked single there, but the hint is the
    // easiest step, as Sudoku Explainer orders them: a hidden single in a box comes first.
    notes[0] = "4".into();
    let r = hint(&notes);
    assert_eq!(r["kind"], "step");
    assert_eq!(r["text"], "Hidden single: 6 in box 1 -> r2c2");
    // Notes that leave out the solution's digit are named before any step, digit unsaid.
    notes[0] = "12356789".into();
    let r = hint(&notes);
    assert_eq!(r["kind"], "notes");
    assert_eq!(r["mistakes"], serde_json::json!([0]));
    assert_eq!(r["step"], Value::Null);
    assert!(!r["text"].as_str().unwrap().contains('4'), "{r}");
    // Every note of every open cell is the same as no notes.
    let full: Vec<String> = PE96_1
        .chars()
        .map(|c| {
            if c == '.' {
                "123456789".into()
            } else {
                String::new()
            }
        })
        .collect();
    let plain = server
        .post("/api/hint", &format!(r#"{{"puzzle":{p}}}"#))
        .json();
    assert_eq!(hint(&full), plain);

    // A puzzle with many solutions: no logical step, and no guess either.
    let r = server
        .post(
            "/api/hint",
            &format!(r#"{{"puzzle":{}}}"#, puzzle(&".".repeat(16))),
        )
        .json();
    assert_eq!(r["kind"], "stuck");
    assert_eq!(r["step"], Value::Null);
    assert_eq!(
        r["text"],
        "No technique of this board finds a step from here (the puzzle has more than one \
         solution, so some cell needs a guess): reveal a cell to go on."
    );

    // Revealing a cell is its own request.
    let r = server
        .post("/api/reveal", &format!(r#"{{"puzzle":{p},"cell":80}}"#))
        .json();
    assert_eq!(
        (r["cell"].as_u64(), r["digit"].as_u64()),
        (Some(80), Some(2))
    );
    assert_eq!(r["text"], "r9c9 is 2.");
    for (body, message) in [
        (
            format!(r#"{{"puzzle":{p},"cell":81}}"#),
            "cell 81 is not on the board: cells go from 0 to 80",
        ),
        (
            format!(r#"{{"puzzle":{},"cell":0}}"#, puzzle(&".".repeat(16))),
            "the puzzle has more than one solution, so no one digit belongs in a cell",
        ),
        (
            format!(r#"{{"puzzle":{p},"notes":["1"]}}"#),
            "request body: unknown field `notes`, expected one of `puzzle`, `entries`, `cell` at line 1 column 120",
        ),
    ] {
        let reply = server.post("/api/reveal", &body);
        assert_eq!((reply.status, reply.error()), (400, message.to_string()));
    }
    for (notes, message) in [
        (
            serde_json::json!(["1"]),
            "notes: 1 cells, the puzzle has 81",
        ),
        (
            serde_json::json!(notes
                .iter()
                .enumerate()
                .map(|(i, n)| if i == 2 { "0".to_string() } else { n.clone() })
                .collect::<Vec<_>>()),
            "notes of r1c3: `0` is not a digit of a 9x9 board",
        ),
    ] {
        let reply = server.post("/api/hint", &format!(r#"{{"puzzle":{p},"notes":{notes}}}"#));
        assert_eq!((reply.status, reply.error()), (400, message.to_string()));
    }
    still_answers(&server);
}

#[test]
fn the_race_keeps_its_solvers_warm_and_times_the_building_apart() {
    let server = Server::start();
    let p = puzzle(PE96_1);
    let solve = |solver: &str| {
        server
            .post(
                "/api/solve",
                &format!(r#"{{"puzzle":{p},"solver":"{solver}"}}"#),
            )
            .json()
    };
    for solver in ["dlx", "mrv"] {
        let cold = solve(solver);
        assert_eq!(cold["solution"], PE96_1_SOLVED);
        assert_eq!(cold["warm"], false, "{cold}");
        let warm = solve(solver);
        assert_eq!(warm["solution"], PE96_1_SOLVED);
        assert_eq!(warm["warm"], true, "{warm}");
        assert_eq!(warm["build_ms"].as_f64(), Some(0.0));
        assert_eq!(warm["assignments"], cold["assignments"]);
    }
    // The page links the benchmarks, which the server serves.
    let page = server.get("/");
    assert!(page.body.contains("href=\"/BENCHMARKS.md\""));
    let benchmarks = server.get("/BENCHMARKS.md");
    assert_eq!(benchmarks.status, 200);
    assert!(
        benchmarks.body.starts_with('#'),
        "{}",
        &benchmarks.body[..80]
    );
}

#[test]
fn validate_reads_any_format_and_says_what_is_wrong() {
    let server = Server::start();
    let block = "1 . | . .\\n. . | . .\\n----+----\\n. 4 | . .\\n. . | . 2\\n";
    let r = server
        .post("/api/validate", &format!(r#"{{"text":"{block}"}}"#))
        .json();
    assert_eq!(r["valid"], false);
    assert_eq!(r["answer"], "multiple");
    assert_eq!(
        r["message"],
        "this puzzle has more than one solution: add givens until one is left"
    );
    assert_eq!(r["puzzle"]["cells"], "1........4.....2");
    let r = server
        .post("/api/validate", &format!(r#"{{"text":"{PE96_1}"}}"#))
        .json();
    assert_eq!(
        (r["valid"].as_bool(), r["answer"].as_str()),
        (Some(true), Some("unique"))
    );
    assert_eq!(r["givens"], 32);
    assert!(r["difficulty"].is_string());
    let x = ".2...13........51...39....8.........4..7.9..5.........9....27...36........23...9.";
    let r = server
        .post(
            "/api/validate",
            &format!(r#"{{"text":"{x}","variant":"x"}}"#),
        )
        .json();
    assert_eq!(
        (r["valid"].as_bool(), r["puzzle"]["variant"].as_str()),
        (Some(true), Some("x"))
    );
    assert_eq!(r["layout"]["shaded"].as_array().unwrap().len(), 17);

    for (text, message) in [
        ("12x4....", "line 1: bad symbol `x` at r1c3"),
        ("", "line 1: no puzzle found"),
        (
            "11..............",
            "line 1: digit 1 appears twice in row 1 (r1c1 and r1c2)",
        ),
    ] {
        let reply = server.post("/api/validate", &format!(r#"{{"text":"{text}"}}"#));
        assert_eq!(reply.status, 400, "{text}");
        assert_eq!(reply.error(), message);
    }
    let big = "0 ".repeat(625);
    let reply = server.post("/api/validate", &format!(r#"{{"text":"{big}"}}"#));
    assert_eq!(reply.status, 400);
    assert_eq!(
        reply.error(),
        "the puzzle is 25x25: the board shows sides up to 16"
    );
}

#[test]
fn bad_requests_get_a_4xx_naming_the_problem_and_the_server_goes_on() {
    let server = Server::start();
    let p = puzzle(PE96_1);
    let conflict = PE96_1.replacen("..3", "3.3", 1);
    let cases: Vec<(String, String, u16, String)> = vec![
        ("/api/solve".into(), "{\"puzzle\":".into(), 400, "request body: EOF while parsing a value at line 1 column 10".into()),
        ("/api/solve".into(), "[1,2]".into(), 400, "request body: invalid type: integer `1`, expected struct PuzzleSpec at line 1 column 2".into()),
        ("/api/solve".into(), "{}".into(), 400, "request body: missing field `puzzle` at line 1 column 2".into()),
        ("/api/solve".into(), format!(r#"{{"puzzle":{p},"solver":"magic"}}"#), 400, "unknown solver `magic`: choose one of dlx, naive, mrv, forward-checking, strategies".into()),
        ("/api/solve".into(), format!(r#"{{"puzzle":{p},"solvr":"dlx"}}"#), 400, "request body: unknown field `solvr`, expected one of `puzzle`, `solver`, `max_nodes`, `timeout_ms` at line 1 column 120".into()),
        ("/api/solve".into(), format!(r#"{{"puzzle":{p},"max_nodes":0}}"#), 400, "max_nodes must be at least 1".into()),
        ("/api/solve".into(), format!(r#"{{"puzzle":{}}}"#, puzzle(&conflict)), 400, "cells: digit 3 appears twice in row 1 (r1c1 and r1c3)".into()),
        ("/api/solve".into(), r#"{"puzzle":{"size":9,"cells":"123"}}"#.into(), 400, "cells: expected 81 cells, found 3".into()),
        ("/api/solve".into(), r#"{"puzzle":{"size":1000000,"cells":""}}"#.into(), 400, "size 1000000 is not on the board: sides go from 1 to 16".into()),
        ("/api/solve".into(), r#"{"puzzle":{"size":-1,"cells":""}}"#.into(), 400, "request body: invalid value: integer `-1`, expected usize at line 1 column 20".into()),
        ("/api/solve".into(), r#"{"puzzle":{"size":6,"variant":"windoku","cells":""}}"#.into(), 400, "variant windoku is not defined for a 6x6 grid with 2x3 boxes".into()),
        ("/api/solve".into(), r#"{"puzzle":{"size":9,"variant":"killer","cells":""}}"#.into(), 400, "unknown variant `killer`: choose one of standard, x, windoku, jigsaw".into()),
        ("/api/solve".into(), r#"{"puzzle":{"size":4,"variant":"jigsaw","regions":"AAAB","cells":""}}"#.into(), 400, "bad region map: expected 16 symbols, found 4".into()),
        ("/api/new".into(), r#"{"size":17}"#.into(), 400, "size 17 is not on the board: sides go from 1 to 16".into()),
        ("/api/new".into(), r#"{"difficulty":"insane"}"#.into(), 400, "unknown difficulty `insane`: choose one of any, easy, medium, hard, fiendish, diabolical, expert".into()),
        ("/api/new".into(), r#"{"seed":9007199254740992}"#.into(), 400, "seed 9007199254740992 is larger than 9007199254740991".into()),
        ("/api/new".into(), r#"{"size":6,"box":"3x3"}"#.into(), 400, "box 3x3 makes a side of 9, not 6".into()),
        ("/api/new".into(), r#"{"size":16,"variant":"jigsaw"}"#.into(), 400, "random jigsaw levels go up to 9x9: a random 16x16 region map seldom has a complete grid that can be found in time (paste your own jigsaw puzzle instead)".into()),
        ("/api/hint".into(), format!(r#"{{"puzzle":{},"entries":"{}"}}"#, puzzle(".12.3...4......."), ".".repeat(16)), 400, "the puzzle has no solution".into()),
        ("/api/check".into(), format!(r#"{{"puzzle":{p},"entries":"{}"}}"#, "x".repeat(81)), 400, "entries: bad symbol `x` at r1c1".into()),
        ("/api/validate".into(), "\"text\"".into(), 400, "request body: invalid type: string \"text\", expected struct ValidateRequest at line 1 column 6".into()),
        ("/api/validate".into(), "{\"text\":\"\\ud800\"}".into(), 400, "request body: unexpected end of hex escape at line 1 column 16".into()),
    ];
    let mut wrong = Vec::new();
    for (path, body, status, message) in &cases {
        let reply = server.post(path, body);
        assert!(reply.head.contains("Content-Type: application/json"));
        if (reply.status, reply.error()) != (*status, message.clone()) {
            wrong.push(format!(
                "{path} {body}\n  got {} {}\n  not {status} {message}",
                reply.status, reply.body
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    still_answers(&server);

    // Paths and methods.
    let reply = server.get("/nowhere");
    assert_eq!(
        (reply.status, reply.error()),
        (404, "no such page: `/nowhere`".to_string())
    );
    let reply = server.get("/api/solve");
    assert_eq!(reply.status, 405);
    assert_eq!(reply.error(), "/api/solve takes POST, not GET");
    assert!(reply.head.contains("Allow: POST"), "{}", reply.head);
    let reply = server.post("/", "{}");
    assert_eq!(
        (reply.status, reply.error()),
        (405, "/ takes GET, HEAD, not POST".to_string())
    );
    still_answers(&server);
}

#[test]
fn hostile_requests_are_bounded_and_the_server_goes_on() {
    let server = Server::start();
    let addr = server.addr;
    let raw = |bytes: &[u8]| send(addr, bytes);

    // A body over the limit is refused from its Content-Length, before it is read...
    let reply =
        raw(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10000000000\r\n\r\n");
    assert_eq!(reply.status, 413);
    assert_eq!(
        reply.error(),
        "the body is 10000000000 bytes long; the limit is 65536 bytes"
    );
    // ... and when it is sent anyway, the answer still arrives.
    let body = format!(r#"{{"text":"{}"}}"#, ".".repeat(100_000));
    let reply = post(addr, "/api/validate", &body);
    assert_eq!(reply.status, 413);
    // A body shorter than announced, ended by the client.
    let mut c = TcpStream::connect(addr).unwrap();
    c.write_all(
        b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{\"puz",
    )
    .unwrap();
    c.shutdown(std::net::Shutdown::Write).unwrap();
    let reply = crate::play_util::read_reply(&mut c);
    assert_eq!(reply.status, 400);
    assert_eq!(
        reply.error(),
        "the body ended after 5 of the 100 bytes its Content-Length announced"
    );
    for (bytes, status, message) in [
        (&b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: ten\r\n\r\n"[..], 400, "Content-Length `ten` is not a number of bytes"),
        (b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, "two Content-Length headers that disagree"),
        (b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411, "send the body with a Content-Length (chunked bodies are not accepted)"),
        (b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03", 400, "not an HTTP request: invalid token"),
        (b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 403, "this server answers only to localhost, not to `evil.example`"),
        (b"GET / HTTP/1.1\r\n\r\n", 400, "the request has no Host header"),
    ] {
        let reply = raw(bytes);
        assert_eq!(reply.status, status, "{}", String::from_utf8_lossy(bytes));
        assert_eq!(reply.error(), message);
    }
    let long = format!(
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-Pad: {}\r\n\r\n",
        "a".repeat(20_000)
    );
    let reply = raw(long.as_bytes());
    assert_eq!(reply.status, 431);
    assert_eq!(
        reply.error(),
        "the request line and headers are longer than 8192 bytes"
    );
    still_answers(&server);

    // A client that connects and sends nothing holds a reader for at most the read
    // timeout; meanwhile the others answer.
    let start = Instant::now();
    let mut idle = TcpStream::connect(addr).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    still_answers(&server);
    // It sent nothing, so nothing is answered: the connection is closed.
    let mut rest = Vec::new();
    idle.read_to_end(&mut rest).unwrap();
    assert_eq!(String::from_utf8_lossy(&rest), "");
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    still_answers(&server);
}

#[test]
fn many_requests_at_once_are_all_answered() {
    let server = Server::start();
    let addr = server.addr;
    let p = puzzle(PE96_1);
    let threads: Vec<_> = (0..12)
        .map(|k| {
            let p = p.clone();
            std::thread::spawn(move || {
                for j in 0..4 {
                    let reply = match (k + j) % 3 {
                        0 => post(
                            addr,
                            "/api/solve",
                            &format!(r#"{{"puzzle":{p},"solver":"mrv"}}"#),
                        ),
                        1 => post(addr, "/api/new", &format!(r#"{{"size":6,"seed":{k}}}"#)),
                        _ => post(addr, "/api/hint", &format!(r#"{{"puzzle":{p}}}"#)),
                    };
                    // 12 clients fit in the queue of the 4 workers: none is turned away.
                    assert_eq!(reply.status, 200, "{}", reply.body);
                    if (k + j) % 3 == 0 {
                        assert_eq!(reply.json()["solution"], PE96_1_SOLVED);
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    still_answers(&server);
}

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn another_loopback_address_and_a_missing_browser_are_fine() {
    // No `xdg-open` on this PATH: --open notes it and the server runs on.
    let server = Server::start_with(
        &["--bind", "127.0.0.2", "--open"],
        &[("PATH", "/nonexistent")],
    );
    assert!(
        server.url.starts_with("http://127.0.0.2:"),
        "{}",
        server.url
    );
    still_answers(&server);
    let url = server.url.clone();
    let (code, stderr) = server.terminate();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "dlxkit: could not open a browser (xdg-open: No such file or directory (os error 2)): \
             open {url} yourself\ndlxkit: the server stopped\n"
        )
    );
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_cleanly() {
    let server = Server::start();
    still_answers(&server);
    let addr = server.addr;
    let (code, stderr) = server.terminate();
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "dlxkit: the server stopped\n");
    assert!(TcpStream::connect(addr).is_err());
}
