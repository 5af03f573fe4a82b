//! Fuzzing of the board's request reader (`dlxkit play`, cli/src/play/http.rs) through a real
//! socket: valid requests of every route, edited (bytes flipped, inserted and cut, headers
//! doubled, lengths changed to huge, negative or missing, chunked bodies, long lines and many
//! headers), sent whole or in random pieces with pauses, some cut off before their end. While
//! the cases run, idle connections and a client trickling a byte at a time stay open.
//!
//! A case fails when the server answers with anything but a well-formed response (status line,
//! a `Content-Length` that matches the body), answers 500, dies, or stops answering others: a
//! plain `GET /api/info` must succeed after every case.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use dlxkit::rng::Rng;

use crate::play_util::Server;

/// Valid requests the cases start from.
fn corpus() -> Vec<Vec<u8>> {
    let post = |path: &str, json: &str| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{json}",
            json.len()
        )
        .into_bytes()
    };
    let puzzle = "1.3..4....4.4..1";
    vec![
        b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".to_vec(),
        b"GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n".to_vec(),
        b"HEAD /style.css HTTP/1.0\r\n\r\n".to_vec(),
        b"GET /app.js?x=1#y HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n".to_vec(),
        post("/api/new", r#"{"size":4,"seed":1}"#),
        post("/api/check", &format!(r#"{{"cells":"{puzzle}","size":4}}"#)),
        post("/api/validate", &format!(r#"{{"text":"{puzzle}"}}"#)),
        post("/api/solve", &format!(r#"{{"cells":"{puzzle}","size":4}}"#)),
        post(
            "/api/hint",
            &format!(r#"{{"cells":"{puzzle}","size":4,"notes":[]}}"#),
        ),
    ]
}

/// Header lines and fragments that break readers.
const PIECES: &[&str] = &[
    "Content-Length: 18446744073709551616\r\n",
    "Content-Length: 99999999999\r\n",
    "Content-Length: -1\r\n",
    "Content-Length: 1e3\r\n",
    "Content-Length: +5\r\n",
    "Content-Length: 5, 5\r\n",
    "Content-Length: 0\r\n",
    "Content-Length: 100000\r\n",
    "Transfer-Encoding: chunked\r\n",
    "Host: other.example\r\n",
    "Host: localhost\r\n",
    "Origin: http://evil.example\r\n",
    "Expect: 100-continue\r\n",
    "X: \u{0}\u{1}\u{7f}\r\n",
    "\r\n",
    "\n",
    "\r",
    " ",
    ":",
    "{",
    "\"size\":1e20,",
    "\"size\":18446744073709551616,",
    "\"seed\":-1,",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    "HTTP/1.1",
    "GET",
    "\u{ff}\u{fe}",
];

/// An edited request.
fn mutate(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = corpus[rng.below(corpus.len())].clone();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(9) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
            1 => bytes.insert(at, rng.below(256) as u8),
            2 => {
                let end = (at + 1 + rng.below(16)).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            3 | 4 => {
                let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                bytes.splice(at..at, piece.iter().copied());
            }
            5 => {
                // A long header line or many headers.
                let line = if rng.below(2) == 0 {
                    format!("X-Long: {}\r\n", "a".repeat(rng.below(20_000)))
                } else {
                    "X: y\r\n".repeat(rng.below(100))
                };
                let end = bytes
                    .windows(2)
                    .position(|w| w == b"\r\n")
                    .map_or(0, |i| i + 2);
                bytes.splice(end..end, line.bytes());
            }
            6 => {
                // A body of another length than announced.
                bytes.extend((0..rng.below(200)).map(|_| b'x'));
            }
            7 => bytes.truncate(at),
            _ => {
                let other = &corpus[rng.below(corpus.len())];
                let from = rng.below(other.len());
                bytes.splice(at..at, other[from..].iter().copied());
            }
        }
    }
    bytes
}

/// What a case saw.
enum Seen {
    /// A response.
    Answered,
    /// The connection closed with no response.
    Closed,
}

/// Sends `bytes` in random pieces, maybe cutting it off, and reads the reply.
fn send_in_pieces(addr: SocketAddr, bytes: &[u8], rng: &mut Rng) -> Result<Seen, String> {
    let mut stream = TcpStream::connect(addr).map_err(|e| format!("cannot connect: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut sent = 0;
    let cut = if rng.below(8) == 0 {
        rng.below(bytes.len() + 1)
    } else {
        bytes.len()
    };
    while sent < cut {
        let n = match rng.below(4) {
            0 => 1 + rng.below(3),
            _ => cut - sent,
        }
        .min(cut - sent);
        if stream.write_all(&bytes[sent..sent + n]).is_err() {
            break;
        }
        sent += n;
        if sent < cut {
            std::thread::sleep(Duration::from_millis(rng.below(20) as u64));
        }
    }
    let _ = stream.shutdown(Shutdown::Write);
    let mut raw = Vec::new();
    if let Err(e) = stream.read_to_end(&mut raw) {
        if raw.is_empty() && e.kind() != std::io::ErrorKind::ConnectionReset {
            return Err(format!("no response within 30 s: {e}"));
        }
    }
    response_to(bytes, &raw)
}

/// Checks `raw`, what the server sent back for the request `bytes`.
fn response_to(bytes: &[u8], raw: &[u8]) -> Result<Seen, String> {
    if raw.is_empty() {
        return Ok(Seen::Closed);
    }
    let whole = String::from_utf8_lossy(raw);
    let mut text: &str = &whole;
    // An `Expect: 100-continue` request whose body had not all arrived when its head was read
    // is first told `100 Continue`, an interim response with no body, before the final one
    // (RFC 9110, 15.2: a client reads past it). Only such a request may get one.
    let asked_to_continue = String::from_utf8_lossy(bytes)
        .to_ascii_lowercase()
        .contains("expect: 100-continue");
    while let Some(rest) = text.strip_prefix("HTTP/1.1 100 Continue\r\n\r\n") {
        if !asked_to_continue {
            return Err(format!(
                "100 Continue to a request that did not ask for it: {whole:?}"
            ));
        }
        text = rest;
    }
    if text.is_empty() {
        // Told to go on, then closed without an answer (the request was cut off).
        return Ok(Seen::Closed);
    }
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("a response without the end of its head: {text:?}"))?;
    let mut status_line = head.lines().next().unwrap_or("").split(' ');
    if status_line.next() != Some("HTTP/1.1") {
        return Err(format!("not an HTTP/1.1 status line: {head:?}"));
    }
    let status: u16 = status_line
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status: {head:?}"))?;
    if status < 200 {
        return Err(format!(
            "an interim response ({status}) where a final one belongs: {head:?}"
        ));
    }
    let length: Option<usize> = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse().ok())?
    });
    let head_request = bytes.starts_with(b"HEAD ");
    match length {
        Some(n) if n != body.len() && !(head_request && body.is_empty()) => Err(format!(
            "Content-Length {n} for a body of {} bytes: {head:?}",
            body.len()
        )),
        None => Err(format!("a response without Content-Length: {head:?}")),
        _ if status >= 500 && status != 503 => Err(format!("status {status}: {text:?}")),
        _ => Ok(Seen::Answered),
    }
}

/// Whether the server still answers an ordinary request: `GET /api/info` gets a 200 within
/// three tries (a connection may be refused or reset while the machine is loaded by other
/// tests; a server that died or hangs fails all three).
fn alive(server: &Server) -> Result<(), String> {
    let mut last = String::new();
    for _ in 0..3 {
        let answer = TcpStream::connect(server.addr).and_then(|mut stream| {
            stream.set_read_timeout(Some(Duration::from_secs(30)))?;
            stream.write_all(b"GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n")?;
            let mut raw = Vec::new();
            stream.read_to_end(&mut raw)?;
            Ok(raw)
        });
        match answer {
            Ok(raw) if raw.starts_with(b"HTTP/1.1 200 ") => return Ok(()),
            Ok(raw) => {
                let text = String::from_utf8_lossy(&raw);
                last = text.lines().next().unwrap_or("").to_string();
            }
            Err(e) => last = e.to_string(),
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Err(format!("GET /api/info after the case, three times: {last}"))
}

/// Runs cases against one server from `seed` until `cases` or `until`; gives the number run
/// and how many were answered (the rest were closed without a response).
fn fuzz_play(seed: u64, cases: usize, until: Option<Instant>) -> (usize, usize) {
    let server = Server::start();
    let corpus = corpus();
    // Spare connections that never send a byte, and one that trickles, during the whole run.
    let idle: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    let mut trickle = TcpStream::connect(server.addr).unwrap();
    let mut rng = Rng::new(seed);
    let (mut run, mut answered) = (0, 0);
    while run < cases && until.is_none_or(|t| Instant::now() < t) {
        let bytes = mutate(&mut rng, &corpus);
        let _ = trickle.write_all(b"G");
        let seen = send_in_pieces(server.addr, &bytes, &mut rng).and_then(|seen| {
            alive(&server)?;
            Ok(seen)
        });
        match seen {
            Ok(Seen::Answered) => answered += 1,
            Ok(Seen::Closed) => {}
            Err(why) => panic!(
                "fuzz target play, seed {seed}, case {run}: {why}\nrequest {:?}\n\
                 replay: DLXKIT_FUZZ_SEED={seed}",
                String::from_utf8_lossy(&bytes)
            ),
        }
        run += 1;
    }
    drop(idle);
    (run, answered)
}

/// A longer run, for [`crate::fuzz_flags`]'s `fuzz_cli_for_a_while`.
pub fn fuzz_play_for(seed: u64, time: Duration) {
    let (run, answered) = fuzz_play(seed, usize::MAX, Some(Instant::now() + time));
    eprintln!("play: {run} requests, {answered} answered");
}

/// The fuzz pass failed now and then on a loaded machine (seed 1795759129060972299, case
/// 1590: "a response without Content-Length: HTTP/1.1 100 Continue"): its client took the
/// interim `100 Continue` that an `Expect: 100-continue` request gets, when its body has not
/// all arrived as the head is read, for the final response. The server was right; the client
/// now reads past it, and still refuses one sent unasked.
#[test]
fn an_expect_continue_request_gets_100_continue_then_its_answer() {
    let server = Server::start();
    let head = "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                Content-Length: 37\r\nExpect: 100-continue\r\n\r\n";
    let body = "{\"ce4.4..1\",\"size\":4}";
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    // The head alone: the server says go on before the body comes.
    let mut interim = [0u8; 25];
    stream.read_exact(&mut interim).unwrap();
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream.write_all(body.as_bytes()).unwrap();
    stream.shutdown(Shutdown::Write).unwrap();
    let mut raw = interim.to_vec();
    stream.read_to_end(&mut raw).unwrap();
    let request = format!("{head}{body}");
    let text = String::from_utf8_lossy(&raw).into_owned();
    assert!(
        text.contains("HTTP/1.1 400 ") && text.contains("the body ended after 21 of the 37 bytes"),
        "{text}"
    );
    assert!(matches!(
        response_to(request.as_bytes(), &raw),
        Ok(Seen::Answered)
    ));
    // The same answer to a request that did not ask to be told to go on is refused.
    let unasked = request.replace("Expect: 100-continue\r\n", "");
    let err = response_to(unasked.as_bytes(), &raw).err().unwrap();
    assert!(
        err.starts_with("100 Continue to a request that did not ask for it"),
        "{err}"
    );
}

#[test]
fn fuzz_smoke_play_request_reader() {
    let (run, answered) = fuzz_play(1, 300, None);
    assert_eq!(run, 300);
    // Most edited requests still get an answer (a refusal or a page): a reader that closed
    // every connection would pass the other checks.
    assert!(answered > 200, "{answered} of 300 answered");
}
