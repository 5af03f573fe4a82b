//! Regression tests of issue 26 for `dlxkit play`: the board against slow, idle and hostile
//! clients (each test failed on the server before the fix it names), and work it offers that
//! must finish or say truly why not.

use crate::play_util::{send, Server};

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Whether the server has neither answered nor closed `stream` yet (it is still being read).
fn still_waiting(stream: &TcpStream) -> bool {
    stream
        .set_read_timeout(Some(Duration::from_millis(20)))
        .unwrap();
    let mut byte = [0u8; 1];
    let mut stream = stream;
    matches!(stream.read(&mut byte), Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut))
}

#[test]
fn reliability_play_a_post_without_length_gets_411() {
    let server = Server::start();
    // Read as `{}` before: a 9x9 level came back.
    let reply = send(
        server.addr,
        b"POST /api/new HTTP/1.1\r\nHost: localhost\r\n\r\n{}",
    );
    assert_eq!(reply.status, 411, "{}", reply.body);
    assert_eq!(
        reply.error(),
        "a POST request needs a Content-Length header"
    );
}

#[test]
fn reliability_play_idle_connections_do_not_stop_the_board() {
    let server = Server::start();
    // Four idle connections held all four workers until their read timed out.
    let idle: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..3 {
        let info = server.get("/api/info");
        assert_eq!(info.status, 200, "{}", info.body);
    }
    // Answered while the idle connections were still waiting, not after they gave up.
    for stream in &idle {
        assert!(still_waiting(stream), "an idle connection was closed first");
    }
}

#[test]
fn reliability_play_trickling_clients_do_not_get_others_503() {
    let server = Server::start();
    // Sixty clients sending a request a byte at a time filled the workers and the queue:
    // every other client got 503 for as long as they trickled.
    let mut slow: Vec<TcpStream> = (0..60)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            s.write_all(b"GET /api/info HTTP/1.1\r\nHo").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    for stream in &mut slow {
        let _ = stream.write_all(b"s");
    }
    for _ in 0..8 {
        let info = server.get("/api/info");
        assert_eq!(info.status, 200, "{}", info.body);
    }
    let waiting = slow.iter().filter(|s| still_waiting(s)).count();
    assert_eq!(
        waiting, 60,
        "the slow clients were answered before the others"
    );
}

#[test]
fn reliability_play_refuses_other_sites_pages_and_doubled_hosts() {
    let server = Server::start();
    let body = r#"{"size":4,"seed":1}"#;
    let request = |origin: &str| {
        format!(
            "POST /api/new HTTP/1.1\r\nHost: localhost\r\nOrigin: {origin}\r\n\
             Content-Type: text/plain\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
    };
    // A page elsewhere posting text/plain (no preflight) was answered.
    let reply = send(server.addr, request("https://evil.example").as_bytes());
    assert_eq!(reply.status, 403, "{}", reply.body);
    assert_eq!(
        reply.error(),
        "requests from the page at `https://evil.example` are not answered: only the board's own page may send them"
    );
    let reply = send(server.addr, request("http://localhost").as_bytes());
    assert_eq!(reply.status, 200, "{}", reply.body);
    // With two Host headers the last one won.
    let reply = send(
        server.addr,
        b"GET /api/info HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n",
    );
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.error(), "two Host headers");
}

#[test]
fn reliability_play_an_ipv4_loopback_written_as_ipv6_is_local() {
    // `--bind ::ffff:127.0.0.1` was warned about as reachable by other machines, and its own
    // name refused as a foreign host.
    let server = Server::start_with(&["--bind", "::ffff:127.0.0.1"], &[]);
    let reply = send(
        server.addr,
        b"GET /api/info HTTP/1.1\r\nHost: [::ffff:127.0.0.1]\r\n\r\n",
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let (code, stderr) = server.terminate();
    assert_eq!(code, Some(0));
    assert!(!stderr.contains("other machines"), "{stderr}");
}

#[test]
fn reliability_play_a_full_standard_output_is_an_error_not_a_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        assert!(std::env::var_os("CI").is_none(), "no /dev/full under CI");
        eprintln!("SKIPPED: no /dev/full on this system");
        return;
    }
    // println! panicked.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["play", "--port", "0"])
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("dlxkit: cannot write to standard output: No space left on device"),
        "{stderr}"
    );
}

#[test]
fn reliability_play_a_windoku_level_that_is_hard_to_fill_comes_or_says_it_took_too_long() {
    let server = Server::start();
    // Seed 3 answered 500 "the layout may have none" after its searches gave up: 16x16
    // windoku grids exist, the search ran out of nodes.
    let reply = server.post("/api/new", r#"{"size":16,"variant":"windoku","seed":3}"#);
    match reply.status {
        200 => {
            let json = reply.json();
            let cells = json["puzzle"]["cells"].as_str().unwrap();
            assert_eq!(cells.len(), 256);
            assert!(cells.chars().any(|c| c == '.'), "{cells}");
            let text = serde_json::json!({"text": cells, "variant": "windoku"}).to_string();
            let checked = server.post("/api/validate", &text);
            assert_eq!(checked.json()["answer"], "unique", "{}", checked.body);
        }
        503 => assert!(
            reply.error().starts_with("the generator took too long"),
            "{}",
            reply.error()
        ),
        s => panic!("{s}: {}", reply.body),
    }
}
