//! The CPU time of the calling thread, for the benchmark's timed loop.
//!
//! The machines benchmarks run on are often shared: a solve that waits for the processor is
//! slower by the clock but not in the work it does, so [`run_solver`](super::run_solver)
//! reports the thread's CPU time over the whole loop beside the wall-clock time of each
//! solve. Reading this clock is a system call (about a microsecond on a busy virtual
//! machine, as long as an easy puzzle's solve), so it is read once before the loop and
//! once after, never per puzzle.
//!
//! ```
//! use dlxkit::bench::cpu::thread_time;
//! if let Some(t0) = thread_time() {
//!     let spin: u64 = (0..1_000_000u64).map(std::hint::black_box).sum();
//!     assert!(spin > 0 && thread_time().unwrap() >= t0);
//! }
//! ```

use std::time::Duration;

/// The CPU time the calling thread has used so far; `None` where the platform has no
/// per-thread CPU clock (only Linux, macOS and FreeBSD are asked).
#[cfg(any(target_os = "linux", target_os = "macos", target_os = "freebsd"))]
pub fn thread_time() -> Option<Duration> {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID)
        .ok()
        .map(Duration::from)
}

/// The CPU time the calling thread has used so far; `None` where the platform has no
/// per-thread CPU clock (only Linux, macOS and FreeBSD are asked).
#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "freebsd")))]
pub fn thread_time() -> Option<Duration> {
    None
}

/// The CPU time the whole process (every thread) has used so far; `None` where the platform
/// has no such clock (as [`thread_time`]).
#[cfg(any(target_os = "linux", target_os = "macos", target_os = "freebsd"))]
pub fn process_time() -> Option<Duration> {
    use nix::time::{clock_gettime, ClockId};
    clock_gettime(ClockId::CLOCK_PROCESS_CPUTIME_ID)
        .ok()
        .map(Duration::from)
}

/// The CPU time the whole process (every thread) has used so far; `None` where the platform
/// has no such clock (as [`thread_time`]).
#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "freebsd")))]
pub fn process_time() -> Option<Duration> {
    None
}
