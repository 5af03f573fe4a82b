//! Ctrl-C (SIGINT) and SIGTERM as a cancel flag, and a watch over the time before the search.
//!
//! [`flag`] installs (once per process) handlers for SIGINT and SIGTERM that set a shared
//! `Arc<AtomicBool>` and remember which signal came; give the flag to the solver with
//! `Limits::cancel_flag`. The search then stops within about a thousand nodes with
//! `Status::Cancelled`, the subcommand prints what it found and its statistics say
//! "interrupted", and the process exits 128 + the signal ([`exit_code`]): 130 for Ctrl-C, 143
//! for SIGTERM, which is what `timeout`, Slurm and Kubernetes send before they kill. A second
//! Ctrl-C, for work that does not watch the flag, ends the process at once with 130. A second
//! SIGTERM does not: GNU `timeout` sends SIGTERM twice (to the process and to its process
//! group), often a moment apart, and ending at the second would lose what the first one
//! asked to print; a scheduler that wants the process gone follows with SIGKILL anyway.
//!
//! The search watches the flag and its deadline; the work before it (reading the input,
//! parsing, building the problem and its matrix) does not. A [`Watch`] covers that time: a
//! thread that wakes when the run's deadline passes or a signal comes while the run is still
//! preparing, prints what a search stopped at that moment would print (nothing found, the
//! status), and ends the process. The run hands over to the search with [`Watch::hand_over`]
//! just before it starts writing on standard output. Parallel searches reuse the same flag and
//! watch.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use dlxkit::xc::Status;

use super::{exit, CliError, Exit};

/// The signals that stop a run, and the exit code each gives (128 + its number, as a shell
/// reports a process killed by it).
const SIGNALS: [(i32, u8); 2] = [
    (signal_hook::consts::SIGINT, 130),
    (signal_hook::consts::SIGTERM, 143),
];

/// The cancel flag and the last stopping signal received (0: none).
struct Handlers {
    cancel: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

static HANDLERS: OnceLock<Handlers> = OnceLock::new();

fn handlers() -> &'static Handlers {
    HANDLERS.get_or_init(|| with_signals_held(install))
}

/// Runs `install` with SIGINT and SIGTERM blocked in this thread, so that one sent meanwhile
/// waits and reaches the installed handlers. signal-hook replaces a signal's default effect
/// before it publishes the action, and a signal in between runs no action at all: a run
/// that got SIGTERM just then went on ignoring it. (The run installs the handlers before it
/// starts any thread.)
#[cfg(unix)]
fn with_signals_held<T>(install: impl FnOnce() -> T) -> T {
    use nix::sys::signal::{pthread_sigmask, SigSet, SigmaskHow, Signal};
    let mut held = SigSet::empty();
    held.add(Signal::SIGINT);
    held.add(Signal::SIGTERM);
    let mut before = SigSet::empty();
    let blocked = pthread_sigmask(SigmaskHow::SIG_BLOCK, Some(&held), Some(&mut before)).is_ok();
    let value = install();
    if blocked {
        let _ = pthread_sigmask(SigmaskHow::SIG_SETMASK, Some(&before), None);
    }
    value
}

#[cfg(not(unix))]
fn with_signals_held<T>(install: impl FnOnce() -> T) -> T {
    install()
}

/// Installs the handlers: the cancel flag and the signal number (see [`handlers`]).
fn install() -> Handlers {
    let cancel = Arc::new(AtomicBool::new(false));
    let signal = Arc::new(AtomicUsize::new(0));
    for (number, code) in SIGNALS {
        // The order matters: a Ctrl-C that finds the flag already set ends the process (the
        // second Ctrl-C); the first one only sets it. SIGTERM only sets it, however often it
        // comes (see the module documentation). If a handler cannot be installed, that
        // signal keeps its default effect.
        if number == signal_hook::consts::SIGINT {
            let _ = signal_hook::flag::register_conditional_shutdown(
                number,
                i32::from(code),
                Arc::clone(&cancel),
            );
        }
        let _ = signal_hook::flag::register_usize(
            number,
            Arc::clone(&signal),
            usize::try_from(number).unwrap_or(0),
        );
        let _ = signal_hook::flag::register(number, Arc::clone(&cancel));
    }
    Handlers { cancel, signal }
}

/// The process's cancel flag, installing the SIGINT and SIGTERM handlers on first use.
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(&handlers().cancel)
}

/// The exit code of a run stopped by a signal: 143 after SIGTERM, else 130 (Ctrl-C, or a
/// cancel with no signal at all).
pub fn exit_code() -> u8 {
    let received = HANDLERS
        .get()
        .map_or(0, |h| h.signal.load(Ordering::SeqCst));
    SIGNALS
        .iter()
        .find(|&&(number, _)| usize::try_from(number) == Ok(received))
        .map_or(130, |&(_, code)| code)
}

/// What stopped a run, for people: `SIGTERM`, or `Ctrl-C` (also for a cancel with no signal).
pub fn stopped_by() -> &'static str {
    match exit_code() {
        143 => "SIGTERM",
        _ => "Ctrl-C",
    }
}

/// How often the watch looks at the cancel flag while the run prepares.
const POLL: Duration = Duration::from_millis(10);

const PREPARING: u8 = 0;
const HANDED_OVER: u8 = 1;
const STOPPED: u8 = 2;

/// A watch over the time before the search (see the module documentation): started first
/// thing in a run, handed over (or dropped, when the run ends early with an error) before
/// the run writes on standard output.
pub struct Watch {
    phase: Arc<AtomicU8>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Watch {
    /// Starts watching: if the `deadline` passes or a signal comes before
    /// [`Watch::hand_over`], the watch calls `on_stop` with `Status::TimeLimit` or
    /// `Status::Cancelled` (it prints what the stopped run shows and gives the exit), reports
    /// its error if it has one, and ends the process. Installs the signal handlers.
    pub fn start<F>(deadline: Option<Instant>, on_stop: F) -> Watch
    where
        F: FnOnce(Status) -> Result<Exit, CliError> + Send + 'static,
    {
        let cancel = flag();
        let phase = Arc::new(AtomicU8::new(PREPARING));
        let watched = Arc::clone(&phase);
        let thread = thread::Builder::new()
            .name("dlxkit-watch".into())
            .spawn(move || watch(&watched, &cancel, deadline, on_stop));
        Watch {
            phase,
            // Without the thread the run is watched by the search alone, as before.
            thread: thread.ok(),
        }
    }

    /// The run goes on by itself: the search watches the deadline and the flag from here,
    /// or what is left is quick (writing a problem out).
    pub fn hand_over(self) {
        drop(self);
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let handed =
            self.phase
                .compare_exchange(PREPARING, HANDED_OVER, Ordering::SeqCst, Ordering::SeqCst);
        if handed.is_err() {
            // The watch has stopped the run: it is printing and will end the process. Saying
            // anything more here would mix with its output. The run holds no lock the watch
            // needs to print (`Output` takes standard output's lock only to write a buffer).
            loop {
                thread::park();
            }
        }
        if let Some(t) = self.thread.take() {
            t.thread().unpark(); // it sees the new phase and ends
        }
    }
}

/// The watching thread's loop.
fn watch<F>(phase: &AtomicU8, cancel: &AtomicBool, deadline: Option<Instant>, on_stop: F)
where
    F: FnOnce(Status) -> Result<Exit, CliError>,
{
    loop {
        if phase.load(Ordering::SeqCst) != PREPARING {
            return;
        }
        let now = Instant::now();
        let status = if cancel.load(Ordering::SeqCst) {
            Status::Cancelled
        } else if deadline.is_some_and(|d| now >= d) {
            Status::TimeLimit
        } else {
            let nap = deadline.map_or(POLL, |d| (d - now).min(POLL));
            thread::park_timeout(nap);
            continue;
        };
        let stopped =
            phase.compare_exchange(PREPARING, STOPPED, Ordering::SeqCst, Ordering::SeqCst);
        if stopped.is_ok() {
            let exit = exit::report(on_stop(status));
            std::process::exit(i32::from(exit.code()));
        }
        return;
    }
}

/// A watch over work that only reads and prepares (`reduce -`, `shard -`, `merge -` reading a
/// terminal): a signal ends the process with a word saying what was cut short, and 130 or
/// 143.
pub fn watch_reading(subcommand: &'static str) -> Watch {
    Watch::start(None, move |_| {
        super::eprint_line(format_args!(
            "dlxkit {subcommand}: stopped by {} before it was done: nothing written",
            stopped_by()
        ));
        Ok(Exit::Interrupted)
    })
}
