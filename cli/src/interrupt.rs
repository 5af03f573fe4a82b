//! Ctrl-C as a cancel flag.
//!
//! [`flag`] installs (once per process) a handler that sets a shared `Arc<AtomicBool>`;
//! give it to the solver with `Limits::cancel_flag`. The search then stops within about a
//! thousand nodes with `Status::Cancelled`, the subcommand prints what it found and its
//! statistics say "interrupted", and the process exits 130. A second Ctrl-C, for work that
//! does not watch the flag (reading a terminal, say), exits 130 at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::Exit;

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The process's interrupt flag, installing the Ctrl-C handler on first use. If the handler
/// cannot be installed, the flag is still returned (it just never gets set) and Ctrl-C keeps
/// its default effect.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&flag);
        let _ = ctrlc::set_handler(move || {
            if seen.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(Exit::Interrupted.code()));
            }
        });
        flag
    })
    .clone()
}
