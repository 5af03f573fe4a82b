//! The listening socket, the readers of requests and a fixed pool of workers.
//!
//! One thread accepts connections and gives each one a reader thread of its own (at most
//! [`Config::readers`] at once; beyond that a connection gets a 503 at once). A reader reads
//! one request ([`http::read_request`], bounded in size and time), refuses what is bad, and
//! hands a good request to [`Config::workers`] worker threads through a queue of
//! [`Config::queue`] places (full: a 503). A worker asks the handler for the response,
//! writes it and closes the connection. Reading apart from computing is what keeps the board
//! answering while clients are slow: a browser's idle spare connections and clients that
//! trickle a byte a second hold readers, never the workers. The threads, the queue, the
//! buffers and the time each connection may take are all bounded, whatever the clients do.
//!
//! [`Stopper::stop`] ends the accept loop (it wakes it with a connection of its own); the
//! readers and workers finish the requests they hold and [`Server::serve`] returns.

use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::http::{self, Bounds, ReadError, Request, Response};

/// How the server bounds its work.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Worker threads: the most requests handled at once.
    pub workers: usize,
    /// Requests waiting for a worker before new ones are turned away with a 503.
    pub queue: usize,
    /// Connections being read at once (each on a thread of its own, with a small stack)
    /// before new ones are turned away with a 503.
    pub readers: usize,
    /// The limits on reading a request.
    pub bounds: Bounds,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            workers: 4,
            queue: 32,
            readers: 256,
            bounds: Bounds::default(),
        }
    }
}

/// What answers requests: called on the worker threads.
pub type Handler = dyn Fn(&Request) -> Response + Send + Sync;

/// A bound socket, ready to serve.
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    config: Config,
}

/// Stops a running [`Server`] from another thread.
#[derive(Clone, Debug)]
pub struct Stopper {
    wake: SocketAddr,
    stop: Arc<AtomicBool>,
}

impl Stopper {
    /// Ends the accept loop; requests being handled are finished.
    pub fn stop(&self) {
        if !self.stop.swap(true, Ordering::SeqCst) {
            // Wake the accept call, which would otherwise wait for the next client.
            let _ = TcpStream::connect_timeout(&self.wake, Duration::from_secs(1));
        }
    }
}

impl Server {
    /// Binds `addr` (port 0: a free port, see [`Server::local_addr`]).
    pub fn bind(addr: SocketAddr, config: Config) -> std::io::Result<Server> {
        let listener = TcpListener::bind(addr)?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            addr,
            stop: Arc::new(AtomicBool::new(false)),
            config,
        })
    }

    /// The address bound, with the real port.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// A handle that stops the server.
    pub fn stopper(&self) -> Stopper {
        let ip = match self.addr.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        Stopper {
            wake: SocketAddr::new(ip, self.addr.port()),
            stop: Arc::clone(&self.stop),
        }
    }

    /// Serves until stopped: accepts connections, reads their requests and has the workers
    /// answer them with `handler`. Returns when the readers and workers are done.
    pub fn serve(self, handler: Arc<Handler>) {
        let (sender, receiver) = mpsc::sync_channel::<(TcpStream, Request)>(self.config.queue);
        let receiver = Arc::new(Mutex::new(receiver));
        let loopback = is_loopback(self.addr.ip());
        let workers: Vec<_> = (0..self.config.workers.max(1))
            .map(|i| {
                let receiver = Arc::clone(&receiver);
                let handler = Arc::clone(&handler);
                let bounds = self.config.bounds;
                thread::Builder::new()
                    .name(format!("play-worker-{i}"))
                    .spawn(move || {
                        loop {
                            // The lock is held only while waiting for the next request.
                            let next = match receiver.lock() {
                                Ok(r) => r.recv(),
                                Err(_) => break,
                            };
                            let Ok((stream, request)) = next else { break };
                            answer(stream, &request, &bounds, &*handler);
                        }
                    })
                    .expect("a worker thread starts")
            })
            .collect();
        let reading = Arc::new(AtomicUsize::new(0));
        for stream in self.listener.incoming() {
            if self.stop.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else {
                // Out of file descriptors, a connection reset before it was accepted...:
                // wait a little and go on.
                thread::sleep(Duration::from_millis(20));
                continue;
            };
            if reading.fetch_add(1, Ordering::SeqCst) >= self.config.readers {
                reading.fetch_sub(1, Ordering::SeqCst);
                turn_away(stream);
                continue;
            }
            let count = Reading(Arc::clone(&reading));
            let sender = sender.clone();
            let bounds = self.config.bounds;
            let spawned = thread::Builder::new()
                .name("play-reader".into())
                .stack_size(READER_STACK)
                .spawn(move || {
                    let _count = count;
                    read(stream, &bounds, loopback, &sender);
                });
            if spawned.is_err() {
                // The connection went with the closure: it is closed unanswered.
                thread::sleep(Duration::from_millis(20));
            }
        }
        drop(sender);
        for worker in workers {
            let _ = worker.join();
        }
    }
}

/// The stack of a reader thread: reading needs a few kilobytes (a 4 KiB buffer and the
/// header table), so a reader costs little beside its bounded buffers.
const READER_STACK: usize = 128 * 1024;

/// One connection being read: counted while its reader lives.
struct Reading(Arc<AtomicUsize>);

impl Drop for Reading {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether `ip` is a loopback address, an IPv4 one written as IPv6 (`::ffff:127.0.0.1`)
/// included.
pub fn is_loopback(ip: IpAddr) -> bool {
    ip.to_canonical().is_loopback()
}

/// Reads one request from a connection: a bad one is refused here, a good one goes to the
/// workers (or gets a 503 when their queue is full).
fn read(
    mut stream: TcpStream,
    bounds: &Bounds,
    loopback: bool,
    workers: &mpsc::SyncSender<(TcpStream, Request)>,
) {
    let start = Instant::now();
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(bounds.io_timeout));
    let (refusal, drain) = match http::read_request(&mut stream, bounds, start) {
        Ok(request) => {
            match foreign_host(&request, loopback).or_else(|| foreign_origin(&request)) {
                Some(refusal) => (refusal, false),
                None => {
                    match workers.try_send((stream, request)) {
                        Ok(()) => {}
                        Err(
                            TrySendError::Full((stream, _))
                            | TrySendError::Disconnected((stream, _)),
                        ) => turn_away(stream),
                    }
                    return;
                }
            }
        }
        Err(ReadError::Gone) => return,
        // A client too slow to send its request in time is not waited for any longer.
        Err(ReadError::Refuse(status, message)) => {
            (Response::error(status, &message), status != 408)
        }
    };
    if http::write_response(&mut stream, &refusal, false).is_err() {
        return;
    }
    let _ = stream.shutdown(Shutdown::Write);
    if drain {
        // A request refused half-read may still be arriving: read a little of it so that
        // the close does not reset the connection before the client reads the answer (a
        // client slowed by a loaded machine may take seconds to send 100 KB).
        discard(&mut stream, 256 * 1024, Duration::from_secs(5));
    }
}

/// Answers a connection when every worker is busy and the queue is full: a 503 written
/// without waiting (it fits in the socket's buffer), then the connection is closed.
fn turn_away(stream: TcpStream) {
    let mut stream = stream;
    let _ = stream.set_nonblocking(true);
    let busy = Response::error(503, "the server is busy: try again in a moment");
    let _ = http::write_response(&mut stream, &busy, false);
}

/// Answers a request read from `stream` and closes the connection.
fn answer(mut stream: TcpStream, request: &Request, bounds: &Bounds, handler: &Handler) {
    let _ = stream.set_write_timeout(Some(bounds.io_timeout));
    let head_only = request.method == "HEAD";
    // A handler that panics must not take the worker with it.
    let response = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handler(request)))
        .unwrap_or_else(|_| Response::error(500, "internal error"));
    if http::write_response(&mut stream, &response, head_only).is_ok() {
        let _ = stream.shutdown(Shutdown::Write);
    }
}

/// Reads and drops up to `limit` bytes for up to `time`.
fn discard(stream: &mut TcpStream, limit: usize, time: Duration) {
    let start = Instant::now();
    let mut buf = [0u8; 8192];
    let mut read = 0;
    while read < limit {
        let Some(left) = time.checked_sub(start.elapsed()).filter(|d| !d.is_zero()) else {
            return;
        };
        if stream.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => read += n,
        }
    }
}

/// A request to a server on a loopback address must name a loopback host: a web page that
/// makes a browser send requests to this port under another name (DNS rebinding) is refused.
fn foreign_host(request: &Request, loopback: bool) -> Option<Response> {
    if !loopback {
        return None;
    }
    let Some(host) = &request.host else {
        return Some(Response::error(400, "the request has no Host header"));
    };
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    let local = name.eq_ignore_ascii_case("localhost") || name.parse().is_ok_and(is_loopback);
    (!local).then(|| {
        Response::error(
            403,
            &format!("this server answers only to localhost, not to `{host}`"),
        )
    })
}

/// A request that changes nothing may come from anywhere (a page can only link to the
/// board), but one that may carry a body must come from the board's own page: a browser
/// names the page that sends it in `Origin`, and a form or a `text/plain` fetch from another
/// site is refused. A request without `Origin` comes from a program, not a page.
fn foreign_origin(request: &Request) -> Option<Response> {
    let origin = request.origin.as_deref()?;
    if matches!(request.method.as_str(), "GET" | "HEAD" | "OPTIONS") {
        return None;
    }
    let own = request
        .host
        .as_deref()
        .is_some_and(|host| origin.eq_ignore_ascii_case(&format!("http://{host}")));
    (!own).then(|| {
        Response::error(
            403,
            &format!("requests from the page at `{origin}` are not answered: only the board's own page may send them"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn request(host: Option<&str>) -> Request {
        Request {
            method: "GET".into(),
            path: "/".into(),
            host: host.map(String::from),
            origin: None,
            body: Vec::new(),
        }
    }

    #[test]
    fn loopback_servers_answer_only_loopback_names() {
        for host in [
            "localhost:8765",
            "127.0.0.1:1",
            "[::1]:80",
            "127.1.2.3",
            "LOCALHOST",
        ] {
            assert_eq!(foreign_host(&request(Some(host)), true), None, "{host}");
        }
        let refused = foreign_host(&request(Some("evil.example:8765")), true).unwrap();
        assert_eq!(refused.status, 403);
        assert_eq!(foreign_host(&request(None), true).unwrap().status, 400);
        assert_eq!(foreign_host(&request(Some("evil.example")), false), None);
    }

    #[test]
    fn a_stopped_server_returns_after_its_requests() {
        let server = Server::bind("127.0.0.1:0".parse().unwrap(), Config::default()).unwrap();
        let addr = server.local_addr();
        let stopper = server.stopper();
        let handler: Arc<Handler> = Arc::new(|r: &Request| Response::error(404, &r.path));
        let running = thread::spawn(move || server.serve(handler));
        let mut c = TcpStream::connect(addr).unwrap();
        c.write_all(b"GET /here HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .unwrap();
        let mut text = String::new();
        c.read_to_string(&mut text).unwrap();
        assert!(text.starts_with("HTTP/1.1 404 Not Found\r\n"), "{text}");
        assert!(text.ends_with("{\"error\":\"/here\"}"), "{text}");
        stopper.stop();
        running.join().unwrap();
        assert!(TcpStream::connect(addr).is_err());
    }
}
