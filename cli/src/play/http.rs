//! HTTP/1.1 as the board needs it, and no more: one request per connection, read within
//! fixed bounds, answered with a response of known length, then the connection is closed.
//!
//! Every way a client can misbehave ends in a status code rather than a wait or a large
//! buffer: headers longer than [`Bounds::max_head`] (431), a body announced longer than
//! [`Bounds::max_body`] (413, before a byte of it is read), a body without a length (411),
//! a request not sent within [`Bounds::deadline`] however slowly it trickles in (408), bytes
//! that are not HTTP (400), two `Host` or `Origin` headers (400). Headers are tokenised by
//! `httparse` (hyper's parser).

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde::Serialize;

/// The limits on reading one request.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The longest request line and headers, in bytes.
    pub max_head: usize,
    /// The longest body, in bytes.
    pub max_body: usize,
    /// The longest wait for one read or write.
    pub io_timeout: Duration,
    /// The longest time to receive a whole request, from the connection's start.
    pub deadline: Duration,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            max_head: 8 * 1024,
            max_body: 64 * 1024,
            io_timeout: Duration::from_secs(5),
            deadline: Duration::from_secs(10),
        }
    }
}

/// The most headers a request may have.
const MAX_HEADERS: usize = 48;

/// A request, read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The `Host` header, if any.
    pub host: Option<String>,
    /// The `Origin` header, if any: browsers send it with every cross-origin request and
    /// with every POST.
    pub origin: Option<String>,
    /// The body.
    pub body: Vec<u8>,
}

/// A response: a status, a content type and a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The methods a path allows, for a 405.
    pub allow: Option<&'static str>,
    /// The body.
    pub body: Vec<u8>,
}

/// The body of every error response: `{"error": "..."}`.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl Response {
    /// A JSON response.
    pub fn json(status: u16, value: &impl Serialize) -> Response {
        Response {
            status,
            content_type: "application/json",
            allow: None,
            body: serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec()),
        }
    }

    /// An error as JSON: `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Response {
        Response::json(status, &ErrorBody { error: message })
    }

    /// A file of the page.
    pub fn asset(content_type: &'static str, body: &'static str) -> Response {
        Response {
            status: 200,
            content_type,
            allow: None,
            body: body.as_bytes().to_vec(),
        }
    }
}

/// Why no request was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The client closed the connection (or it failed) before sending a request: there is
    /// nobody to answer.
    Gone,
    /// A bad request, to be answered with this status and message.
    Refuse(u16, String),
}

impl ReadError {
    fn refuse(status: u16, message: impl Into<String>) -> ReadError {
        ReadError::Refuse(status, message.into())
    }
}

/// Reads one request from `stream` within `bounds`, counting the deadline from `start`.
/// An `Expect: 100-continue` request is told to go on only when its length is acceptable.
pub fn read_request(
    stream: &mut TcpStream,
    bounds: &Bounds,
    start: Instant,
) -> Result<Request, ReadError> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let (head_len, method, target, head) = loop {
        let n = match read_some(stream, &mut chunk, bounds, start) {
            // A connection that sent nothing (a browser's spare connection) is closed
            // without a word: there is no request to answer.
            Err(ReadError::Refuse(408, _)) if buf.is_empty() => return Err(ReadError::Gone),
            n => n?,
        };
        if n == 0 {
            return Err(if buf.is_empty() {
                ReadError::Gone
            } else {
                ReadError::refuse(400, "the request ended before its headers did")
            });
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut parsed = httparse::Request::new(&mut headers);
        match parsed.parse(&buf) {
            Ok(httparse::Status::Complete(len)) => {
                let head = Head::of(&parsed)?;
                break (
                    len,
                    parsed.method.unwrap_or("").to_string(),
                    parsed.path.unwrap_or("/").to_string(),
                    head,
                );
            }
            Ok(httparse::Status::Partial) if buf.len() > bounds.max_head => {
                return Err(ReadError::refuse(
                    431,
                    format!(
                        "the request line and headers are longer than {} bytes",
                        bounds.max_head
                    ),
                ));
            }
            Ok(httparse::Status::Partial) => {}
            Err(httparse::Error::TooManyHeaders) => {
                return Err(ReadError::refuse(
                    431,
                    format!("more than {MAX_HEADERS} headers"),
                ));
            }
            Err(e) => {
                return Err(ReadError::refuse(400, format!("not an HTTP request: {e}")));
            }
        }
    };
    if head_len > bounds.max_head {
        return Err(ReadError::refuse(
            431,
            format!(
                "the request line and headers are longer than {} bytes",
                bounds.max_head
            ),
        ));
    }
    let length = head.length;
    if length > bounds.max_body {
        return Err(ReadError::refuse(
            413,
            format!(
                "the body is {length} bytes long; the limit is {} bytes",
                bounds.max_body
            ),
        ));
    }
    if head.expect_continue && length > buf.len() - head_len {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    let mut body = buf.split_off(head_len);
    body.truncate(length);
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        let n = read_some(stream, &mut chunk[..want], bounds, start)?;
        if n == 0 {
            return Err(ReadError::refuse(
                400,
                format!(
                    "the body ended after {} of the {length} bytes its Content-Length announced",
                    body.len()
                ),
            ));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    let path = target.split(['?', '#']).next().unwrap_or("/").to_string();
    Ok(Request {
        method,
        path,
        host: head.host,
        origin: head.origin,
        body,
    })
}

/// What the headers say about the body and the host.
struct Head {
    host: Option<String>,
    origin: Option<String>,
    length: usize,
    expect_continue: bool,
}

impl Head {
    fn of(parsed: &httparse::Request<'_, '_>) -> Result<Head, ReadError> {
        let mut head = Head {
            host: None,
            origin: None,
            length: 0,
            expect_continue: false,
        };
        let mut length: Option<usize> = None;
        for h in parsed.headers.iter() {
            let value = std::str::from_utf8(h.value).unwrap_or("").trim();
            if h.name.eq_ignore_ascii_case("content-length") {
                let n = value
                    .parse::<usize>()
                    .ok()
                    .filter(|_| value.bytes().all(|b| b.is_ascii_digit()));
                match (n, length) {
                    (None, _) => {
                        return Err(ReadError::refuse(
                            400,
                            format!("Content-Length `{value}` is not a number of bytes"),
                        ));
                    }
                    (Some(n), Some(m)) if n != m => {
                        return Err(ReadError::refuse(
                            400,
                            "two Content-Length headers that disagree",
                        ));
                    }
                    (Some(n), _) => length = Some(n),
                }
            } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
                return Err(ReadError::refuse(
                    411,
                    "send the body with a Content-Length (chunked bodies are not accepted)",
                ));
            } else if h.name.eq_ignore_ascii_case("host") {
                once(&mut head.host, "Host", value)?;
            } else if h.name.eq_ignore_ascii_case("origin") {
                once(&mut head.origin, "Origin", value)?;
            } else if h.name.eq_ignore_ascii_case("expect") {
                head.expect_continue = value.eq_ignore_ascii_case("100-continue");
            }
        }
        let method = parsed.method.unwrap_or("");
        let with_body = ["POST", "PUT", "PATCH"]
            .iter()
            .any(|m| m.eq_ignore_ascii_case(method));
        head.length = match length {
            Some(n) => n,
            None if with_body => {
                return Err(ReadError::refuse(
                    411,
                    format!("a {method} request needs a Content-Length header"),
                ));
            }
            None => 0,
        };
        Ok(head)
    }
}

/// Keeps the value of a header that may come only once: a second one is refused, since
/// two parts of a chain could each believe a different one.
fn once(slot: &mut Option<String>, name: &str, value: &str) -> Result<(), ReadError> {
    if slot.is_some() {
        return Err(ReadError::refuse(400, format!("two {name} headers")));
    }
    *slot = Some(value.to_string());
    Ok(())
}

/// One read, waiting at most the I/O timeout and never past the deadline.
fn read_some(
    stream: &mut TcpStream,
    buf: &mut [u8],
    bounds: &Bounds,
    start: Instant,
) -> Result<usize, ReadError> {
    let late = || ReadError::refuse(408, "the request was not received in time");
    let left = bounds
        .deadline
        .checked_sub(start.elapsed())
        .filter(|d| !d.is_zero())
        .ok_or_else(late)?;
    stream
        .set_read_timeout(Some(left.min(bounds.io_timeout)))
        .map_err(|_| ReadError::Gone)?;
    loop {
        match stream.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(late());
            }
            Err(_) => return Err(ReadError::Gone),
        }
    }
}

/// The reason phrase of the status codes this server sends.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// The page's content security policy: everything comes from this server, nothing inline.
const CSP: &str = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'";

/// Writes `response` (only its head when `head_only`, for `HEAD`) and says the connection
/// closes.
pub fn write_response(
    out: &mut impl Write,
    response: &Response,
    head_only: bool,
) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: {CSP}\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len(),
    );
    if let Some(allow) = response.allow {
        head.push_str(&format!("Allow: {allow}\r\n"));
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())?;
    if !head_only {
        out.write_all(&response.body)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// Sends `bytes` from a client (then keeps the connection open for `hold`) and reads
    /// the request on the server side.
    fn read_from(bytes: &'static [u8], bounds: Bounds) -> Result<Request, ReadError> {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let client = std::thread::spawn(move || {
            let mut c = TcpStream::connect(addr).unwrap();
            c.write_all(bytes).unwrap();
            std::thread::sleep(Duration::from_millis(300));
        });
        let (mut s, _) = listener.accept().unwrap();
        let result = read_request(&mut s, &bounds, Instant::now());
        client.join().unwrap();
        result
    }

    #[test]
    fn a_post_is_read_with_its_body() {
        let r = read_from(
            b"POST /api/solve?x=1 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\n{}\r\n",
            Bounds::default(),
        )
        .unwrap();
        assert_eq!(r.method, "POST");
        assert_eq!(r.path, "/api/solve");
        assert_eq!(r.host.as_deref(), Some("localhost"));
        assert_eq!(r.body, b"{}\r\n");
    }

    #[test]
    fn a_long_body_is_refused_before_it_is_read() {
        let e = read_from(
            b"POST / HTTP/1.1\r\nContent-Length: 70000\r\n\r\n",
            Bounds::default(),
        )
        .unwrap_err();
        assert_eq!(
            e,
            ReadError::Refuse(
                413,
                "the body is 70000 bytes long; the limit is 65536 bytes".into()
            )
        );
    }

    #[test]
    fn a_short_body_and_bad_lengths_are_named() {
        let e = read_from(
            b"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc",
            Bounds {
                io_timeout: Duration::from_millis(100),
                ..Bounds::default()
            },
        )
        .unwrap_err();
        assert_eq!(
            e,
            ReadError::Refuse(408, "the request was not received in time".into())
        );
        let e = read_from(
            b"POST / HTTP/1.1\r\nContent-Length: -3\r\n\r\n",
            Bounds::default(),
        )
        .unwrap_err();
        assert_eq!(
            e,
            ReadError::Refuse(400, "Content-Length `-3` is not a number of bytes".into())
        );
        let e = read_from(
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            Bounds::default(),
        )
        .unwrap_err();
        assert!(matches!(e, ReadError::Refuse(411, _)));
    }

    #[test]
    fn reliability_a_post_without_length_and_doubled_hosts_are_refused() {
        let e = read_from(
            b"POST /api/new HTTP/1.1\r\nHost: localhost\r\n\r\n{}",
            Bounds::default(),
        )
        .unwrap_err();
        assert_eq!(
            e,
            ReadError::Refuse(411, "a POST request needs a Content-Length header".into())
        );
        let e = read_from(
            b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n",
            Bounds::default(),
        )
        .unwrap_err();
        assert_eq!(e, ReadError::Refuse(400, "two Host headers".into()));
        let e = read_from(
            b"GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: a\r\nOrigin: b\r\n\r\n",
            Bounds::default(),
        )
        .unwrap_err();
        assert_eq!(e, ReadError::Refuse(400, "two Origin headers".into()));
        let r = read_from(
            b"GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\n\r\n",
            Bounds::default(),
        )
        .unwrap();
        assert_eq!(r.origin.as_deref(), Some("http://localhost"));
    }

    #[test]
    fn reliability_a_connection_that_sends_nothing_is_gone_not_refused() {
        let e = read_from(
            b"",
            Bounds {
                io_timeout: Duration::from_millis(100),
                ..Bounds::default()
            },
        )
        .unwrap_err();
        assert_eq!(e, ReadError::Gone);
    }

    #[test]
    fn long_headers_and_garbage_are_refused() {
        let bounds = Bounds {
            max_head: 64,
            ..Bounds::default()
        };
        let e = read_from(
            b"GET / HTTP/1.1\r\nX-Long: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n",
            bounds,
        )
        .unwrap_err();
        assert!(matches!(e, ReadError::Refuse(431, _)));
        let e = read_from(
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
            Bounds::default(),
        )
        .unwrap_err();
        assert!(matches!(e, ReadError::Refuse(400, ref m) if m.starts_with("not an HTTP request")));
    }

    #[test]
    fn responses_carry_their_length_and_close() {
        let mut out = Vec::new();
        write_response(&mut out, &Response::error(404, "no such page"), false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 404 Not Found\r\n"));
        assert!(text.contains("Content-Length: 24\r\n"));
        assert!(text.contains("Connection: close\r\n"));
        assert!(text.ends_with("\r\n\r\n{\"error\":\"no such page\"}"));
    }
}
