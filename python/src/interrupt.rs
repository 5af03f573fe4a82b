//! Searches that run without the GIL and stop on Ctrl-C.
//!
//! Python runs signal handlers only on the main thread, and only when the interpreter gets
//! control; a search in Rust would hold it off until the end. So the search runs on a thread
//! of its own while the calling thread, released from the GIL, checks for signals every
//! [`POLL`]: a pending `KeyboardInterrupt` sets the search's cancel flag (which the library's
//! limit meter polls), and once the search has stopped the exception is raised.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use pyo3::prelude::*;

/// How often a waiting thread checks for signals.
pub const POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a scoped thread of its own, the GIL released, and stops it by `cancel` when
/// a signal handler raises (Ctrl-C): then the handler's exception is returned, after the
/// work has ended (it must poll `cancel`).
pub fn interruptible<T, F>(py: Python<'_>, cancel: &Arc<AtomicBool>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            scope.spawn(move || {
                // The receiver lives until the result arrives, unless this thread panicked.
                let _ = done.send(work());
            });
            let mut raised = None;
            loop {
                match finished.recv_timeout(POLL) {
                    Ok(result) => {
                        return match raised {
                            Some(err) => Err(err),
                            None => Ok(result),
                        };
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if raised.is_none() {
                            if let Err(err) = Python::attach(|py| py.check_signals()) {
                                cancel.store(true, Ordering::Relaxed);
                                raised = Some(err);
                            }
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The work panicked; the scope re-raises the panic (as a PanicException).
                        return Err(raised.unwrap_or_else(|| {
                            pyo3::exceptions::PyRuntimeError::new_err("the search thread failed")
                        }));
                    }
                }
            }
        })
    })
}

/// Waits for the next message of a search thread, the GIL released, checking for signals
/// every [`POLL`]: `Ok(None)` when the thread has gone, `Err` (after setting `cancel`) when a
/// signal handler raised.
pub fn receive<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    from: &Mutex<mpsc::Receiver<T>>,
) -> PyResult<Option<T>> {
    // One thread at a time advances an iterator; a poisoned lock still holds a receiver.
    let lock = || from.lock().unwrap_or_else(|e| e.into_inner());
    match lock().try_recv() {
        Ok(message) => return Ok(Some(message)),
        Err(mpsc::TryRecvError::Disconnected) => return Ok(None),
        Err(mpsc::TryRecvError::Empty) => {}
    }
    py.detach(|| {
        let from = lock();
        loop {
            match from.recv_timeout(POLL) {
                Ok(message) => return Ok(Some(message)),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(None),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(err) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        return Err(err);
                    }
                }
            }
        }
    })
}
