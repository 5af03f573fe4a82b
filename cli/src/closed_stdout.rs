//! Whether the process started with standard output closed (`dlxkit queens 8 >&-`).
//!
//! Rust's runtime opens `/dev/null` on a closed standard descriptor before `main` runs, so by
//! then a closed standard output looks like `>/dev/null` and everything written to it is
//! lost without a word. The descriptor is therefore looked at earlier, by a function the
//! dynamic loader runs before `main` (an entry of the ELF `.init_array`, as C constructors
//! are). [`Output`](super::output::Output) turns the first write into the error the write
//! would have given, so the run ends with a message and exit 2, as a full disk does; a run
//! that writes nothing to standard output is not affected.
//!
//! On systems without `.init_array` (macOS, Windows) nothing is detected, and a closed
//! standard output stays a silent `/dev/null`.

use std::io;
use std::sync::atomic::{AtomicI32, Ordering};

/// The OS error of duplicating standard output at start-up; 0 when it was open.
static START_ERROR: AtomicI32 = AtomicI32::new(0);

/// The error a write to standard output gives when the process started with it closed.
pub fn error() -> Option<io::Error> {
    match START_ERROR.load(Ordering::Relaxed) {
        0 => None,
        code => Some(io::Error::from_raw_os_error(code)),
    }
}

/// Records whether descriptor 1 is open, by duplicating it (a closed one gives `EBADF`).
/// Only safe standard-library calls: it runs before `main`, when the runtime is not yet set
/// up, and touches no lock, thread or allocation that needs it.
#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
extern "C" fn look_at_stdout() {
    use std::os::fd::AsFd;
    if let Err(e) = io::stdout().as_fd().try_clone_to_owned() {
        // A descriptor table that is full (EMFILE) says nothing about descriptor 1.
        if e.raw_os_error() == Some(9) {
            START_ERROR.store(9, Ordering::Relaxed);
        }
    }
}

// SAFETY (of the attribute): `.init_array` holds pointers to functions the loader calls with
// no arguments that matter before `main`; this one is `extern "C"`, takes none and returns
// nothing, and reads no state that `main` sets up. `#[used]` keeps the entry when nothing
// refers to it.
#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;
