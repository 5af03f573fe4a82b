//! `dlxkit play`: a Sudoku board in the browser, served by the binary itself.
//!
//! The page (HTML, CSS and JavaScript, embedded at compile time) draws the board and calls a
//! small JSON API for everything that needs the library: a new level from the generator,
//! a solve by any solver, a check against the unique solution, a hint, the reading of a
//! pasted puzzle. Nothing is fetched from elsewhere.
//!
//! - [`http`]: one request per connection, read within bounds of size and time;
//! - [`server`]: the listening socket, a fixed pool of workers, a clean stop;
//! - [`api`]: the routes, the JSON requests and answers, the limits on every search;
//! - [`puzzle`]: a puzzle as JSON, and the layout the page draws;
//! - [`hint`]: the next logical step from a position and its notes, in stages;
//! - [`race`]: the solvers of Solve, built once and kept warm;
//! - [`jigsaw`]: random region maps for jigsaw levels.
//!
//! The server listens on 127.0.0.1 unless `--bind` says otherwise, and answers only
//! requests addressed to a loopback name when it does. Ctrl-C or SIGTERM stops it: the
//! searches under way are cancelled, the workers finish, and the process exits 0.

mod api;
mod error;
mod hint;
mod http;
mod jigsaw;
mod puzzle;
mod race;
mod server;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use clap::Args;

use super::output::Output;
use super::{interrupt, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit play                    serve the board on http://127.0.0.1:8765/
  dlxkit play --open             ... and open it in the default browser
  dlxkit play --port 0           on any free port (the address is printed)

The page: choose a size (4x4, 6x6, 9x9, 16x16), a variant (X, windoku, jigsaw) and a
difficulty, press Random Level, and fill the empty cells (click or arrow keys, digits,
letters A-G on 16x16, Backspace to clear; Shift+digit, N or the Notes button for notes;
Ctrl+Z and Ctrl+Y to undo and redo). Check marks wrong entries, Hint teaches the next
logical step from your digits and notes in stages (where, which technique, the move) and
Apply performs it, Reveal cell shows one digit, Solve fills the grid with the chosen solver
and shows its work. The game is saved in the browser. A level is shared by its link (?size=9&variant=x&difficulty=hard&seed=42); Your puzzle reads any
format `dlxkit sudoku` reads.

The JSON API behind the page (POST /api/new, /api/solve, /api/check, /api/hint,
/api/reveal, /api/validate; GET /api/info) is described in the README. Every search runs within the
server's node and time limits; request bodies are limited to 64 KiB.

Ctrl-C (or SIGTERM) stops the server; the exit status is then 0.";

// Arguments of `dlxkit play`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct PlayArgs {
    /// The port to listen on (0: any free port)
    #[arg(short, long, value_name = "P", default_value_t = 8765)]
    pub port: u16,

    /// Open the page in the default browser
    #[arg(long)]
    pub open: bool,

    /// The address to listen on [default: 127.0.0.1]
    ///
    /// Another address makes the board reachable from other machines (0.0.0.0: every
    /// interface): give one only on a network you trust.
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<IpAddr>,
}

/// Runs `dlxkit play`: serves until Ctrl-C or SIGTERM.
pub fn run(args: &PlayArgs, ctx: &Context) -> Result<Exit, CliError> {
    let ip = args.bind.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let config = server::Config::default();
    let server = server::Server::bind(SocketAddr::new(ip, args.port), config).map_err(|e| {
        let error = CliError::input(format!(
            "cannot listen on {}: {e}",
            SocketAddr::new(ip, args.port)
        ));
        if e.kind() == std::io::ErrorKind::AddrInUse {
            error.with_hint(
                "another program uses that port: choose one with --port (0: any free port)",
            )
        } else {
            error
        }
    })?;
    let addr = server.local_addr();
    let url = format!("http://{addr}/");
    let cancel = interrupt::flag();
    // The address is the one thing a user must read (with --port 0 it is known nowhere
    // else): a standard output that cannot take it ends the run with a message.
    let mut out = Output::stdout(true);
    out.line(&format!(
        "dlxkit play: the board is at {url} (Ctrl-C stops the server)"
    ))?;
    out.flush()?;
    if !server::is_loopback(ip) {
        ctx.warn(format_args!(
            "listening on {ip}: other machines that reach this address can use the board"
        ));
    }
    if args.open {
        open_browser(&url, ctx);
    }
    let stopper = server.stopper();
    let watched = Arc::clone(&cancel);
    thread::spawn(move || {
        while !watched.load(Ordering::SeqCst) {
            thread::sleep(Duration::from_millis(100));
        }
        stopper.stop();
    });
    let api = api::Api::new(api::Caps::default(), cancel, config.bounds.max_body);
    server.serve(Arc::new(move |request: &http::Request| api.handle(request)));
    ctx.note("the server stopped");
    Ok(Exit::Success)
}

/// Opens `url` in the default browser; a failure is a note, not an error (the URL is
/// printed anyway).
fn open_browser(url: &str, ctx: &Context) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let spawned = Command::new(program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match spawned {
        Ok(mut child) => {
            let ctx = ctx.clone();
            let url = url.to_string();
            thread::spawn(move || {
                if child.wait().is_ok_and(|status| !status.success()) {
                    ctx.note(format_args!(
                        "{program} could not open a browser: open {url} yourself"
                    ));
                }
            });
        }
        Err(e) => ctx.note(format_args!(
            "could not open a browser ({program}: {e}): open {url} yourself"
        )),
    }
}
