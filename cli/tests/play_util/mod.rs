//! Helpers for the tests of `dlxkit play`: the server started as the binary on a free port,
//! and a small HTTP client (raw bytes in, status and body out) for it and for chromedriver.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// `dlxkit play --port 0`, running.
pub struct Server {
    child: Child,
    stderr: Option<ChildStderr>,
    /// Where it listens.
    pub addr: SocketAddr,
    /// The URL it printed.
    pub url: String,
}

impl Server {
    /// Starts the server and reads the address it prints.
    pub fn start() -> Server {
        Server::start_with(&[], &[])
    }

    /// Starts the server with more arguments and environment variables.
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlxkit"))
            .args(["play", "--port", "0"])
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("dlxkit play starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap();
        let stderr = child.stderr.take();
        Server {
            child,
            stderr,
            addr,
            url,
        }
    }

    /// Sends SIGTERM and waits: the exit code and what was printed on standard error.
    #[cfg(unix)]
    pub fn terminate(mut self) -> (Option<i32>, String) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("`kill` runs");
        assert!(sent.success());
        let code = self.child.wait().unwrap().code();
        let mut stderr = String::new();
        if let Some(mut e) = self.stderr.take() {
            e.read_to_string(&mut stderr).unwrap();
        }
        (code, stderr)
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, json: &str) -> Reply {
        post(self.addr, path, json)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        send(
            self.addr,
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n").as_bytes(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: its status, headers and body.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The header lines.
    pub head: String,
    /// The body.
    pub body: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The `error` message of an error response.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message in {}", self.body))
            .to_string()
    }
}

/// Sends `bytes` and reads the whole response (the server closes the connection).
pub fn send(addr: SocketAddr, bytes: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    // A server that answers before the request is all sent may close early: what it said
    // is still to be read.
    let _ = stream.write_all(bytes);
    read_reply(&mut stream)
}

/// Reads a response until the connection closes (or its Content-Length is reached).
pub fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            // A signal to the test process (another test's child ending, say) is not the
            // server's answer: read again, as `read_to_end` does.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) if raw.is_empty() => panic!("no response: {e}"),
            Err(_) => break,
        }
        if let Some(reply) = parse_reply(&raw) {
            return reply;
        }
    }
    // The connection closed: the body is what came (none for a HEAD request).
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("incomplete response: {text:?}"));
    Reply {
        status: head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// A response whose body is complete by its Content-Length, if `raw` holds one.
fn parse_reply(raw: &[u8]) -> Option<Reply> {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0);
    (body.len() >= length).then(|| Reply {
        status,
        head: head.to_string(),
        body: body[..length].to_string(),
    })
}

/// `POST path` with a JSON body.
pub fn post(addr: SocketAddr, path: &str, json: &str) -> Reply {
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{json}",
        json.len()
    );
    send(addr, request.as_bytes())
}

/// Whether `cells` (symbols `1-9A-G`) is a complete grid of side `n` with boxes of
/// `box_rows` x `box_cols` whose every row, column and box holds each digit once, and
/// which keeps the givens of `puzzle`.
pub fn is_solution_of(cells: &str, puzzle: &str, n: usize, box_rows: usize) -> bool {
    let digits: Vec<u32> = cells.chars().filter_map(|c| c.to_digit(36)).collect();
    if digits.len() != n * n || digits.iter().any(|&d| d == 0 || d as usize > n) {
        return false;
    }
    let keeps = puzzle
        .chars()
        .zip(cells.chars())
        .all(|(p, c)| p == '.' || p == '0' || p == c);
    let box_cols = n / box_rows;
    let unit_ok = |cells: Vec<usize>| {
        let mut seen = vec![false; n + 1];
        cells
            .into_iter()
            .all(|c| !std::mem::replace(&mut seen[digits[c] as usize], true))
    };
    keeps
        && (0..n).all(|k| {
            let (br, bc) = (k / (n / box_cols) * box_rows, k % (n / box_cols) * box_cols);
            unit_ok((0..n).map(|j| k * n + j).collect())
                && unit_ok((0..n).map(|j| j * n + k).collect())
                && unit_ok(
                    (0..n)
                        .map(|j| (br + j / box_cols) * n + bc + j % box_cols)
                        .collect(),
                )
        })
}
