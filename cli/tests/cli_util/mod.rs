//! Helpers shared by the command-line tests.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

// Knuth's two-per-line, written once for the tests of both crates.
#[path = "../../../tests/random_problems/two_per_line.rs"]
mod two_per_line;
pub use two_per_line::two_per_line_text;

/// `dlxkit` run from the repository's root, with `NO_COLOR` unset (so that the colour rules
/// are the program's, not the environment's).
pub fn dlxkit() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::new(env!("CARGO_BIN_EXE_dlxkit"));
    cmd.current_dir(crate::ROOT).env_remove("NO_COLOR");
    cmd
}

/// Runs `dlxkit sudoku ARGS` with `stdin`, checks that it exits with `code` (naming its
/// standard error if not), and returns its standard output and standard error.
pub fn sudoku(args: &[&str], stdin: &str, code: i32) -> (String, String) {
    let out = dlxkit()
        .arg("sudoku")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "dlxkit sudoku {args:?}: {stderr}"
    );
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// [`sudoku`] with `--quiet` after `args`: its standard output.
pub fn sudoku_quiet(args: &[&str], stdin: &str, code: i32) -> String {
    let quiet: Vec<&str> = args.iter().copied().chain(["--quiet"]).collect();
    sudoku(&quiet, stdin, code).0
}

/// Which output stream of the child announces that it is ready to be interrupted.
#[allow(dead_code)]
pub enum Watch {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// What an interrupted run printed, and how it ended.
pub struct Interrupted {
    /// The exit code.
    pub code: Option<i32>,
    /// The first line of the watched stream, read before the interrupt was sent.
    pub first_line: String,
    /// Standard output (without the first line, when it was the watched stream).
    pub stdout: String,
    /// Standard error (without the first line, when it was the watched stream).
    pub stderr: String,
}

/// Runs `dlxkit` with `args`, waits for the first line on the watched stream (printed once
/// the Ctrl-C handler is installed), sends SIGINT with `kill -INT`, and collects the rest.
#[cfg(unix)]
pub fn interrupt_after_first_line<I, S>(args: I, watch: Watch) -> Interrupted
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    interrupt_later(args, watch, std::time::Duration::ZERO)
}

/// [`interrupt_after_first_line`], the signal sent `delay` after the first line (so that
/// the search has been running for that long).
#[cfg(unix)]
pub fn interrupt_later<I, S>(args: I, watch: Watch, delay: std::time::Duration) -> Interrupted
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlxkit starts");
    let (watched, other): (Box<dyn Read>, Box<dyn Read>) = match watch {
        Watch::Stdout => (
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ),
        Watch::Stderr => (
            Box::new(child.stderr.take().unwrap()),
            Box::new(child.stdout.take().unwrap()),
        ),
    };
    let mut watched = BufReader::new(watched);
    let mut first_line = String::new();
    watched.read_line(&mut first_line).unwrap();
    std::thread::sleep(delay);
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("`kill` runs");
    assert!(killed.success());
    let mut rest = String::new();
    watched.read_to_string(&mut rest).unwrap();
    let mut other_text = String::new();
    let mut other = other;
    other.read_to_string(&mut other_text).unwrap();
    let code = child.wait().unwrap().code();
    let (stdout, stderr) = match watch {
        Watch::Stdout => (rest, other_text),
        Watch::Stderr => (other_text, rest),
    };
    Interrupted {
        code,
        first_line,
        stdout,
        stderr,
    }
}

/// Writes a problem with `n` items, each covered by either of two identical options (2^n
/// solutions), under the test scratch directory `dir`, and returns its path.
pub fn doubles(n: usize, dir: &str) -> PathBuf {
    let names: Vec<String> = (0..n).map(|i| format!("I{i}")).collect();
    let mut text = names.join(" ") + "\n";
    for name in &names {
        text.push_str(&format!("{name}\n{name}\n"));
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("doubles{n}.dlx"));
    std::fs::write(&path, text).unwrap();
    path
}

/// What a finished child printed, and its exit code.
pub struct Ended {
    /// The exit code (`None`: killed by a signal).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Waits up to 30 s for `child` to end (killing it and failing the test after that), and
/// collects what it printed.
pub fn end_within_30_seconds(mut child: Child) -> Ended {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("dlxkit was still running after 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    collect(child)
}

/// Reads what `child` writes on standard output to its end, then standard error, and waits
/// for it (a child stuck writing to a full pipe goes on once its output is read).
pub fn collect(mut child: Child) -> Ended {
    let mut stdout = String::new();
    let mut stderr = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    Ended {
        code: child.wait().unwrap().code(),
        stdout,
        stderr,
    }
}

/// Waits (up to 30 s) until process `pid` catches `signal` (Linux: the `SigCgt` mask of
/// `/proc/PID/status`), so that a signal sent next reaches the handler, not the default.
#[cfg(target_os = "linux")]
pub fn wait_until_caught(pid: u32, signal: u32) {
    let start = Instant::now();
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (signal - 1)) != 0);
        if caught {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "dlxkit never installed a handler for signal {signal}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Sends `signal` (a name: `INT`, `TERM`) to process `pid` with `kill`.
#[cfg(unix)]
pub fn send(signal: &str, pid: u32) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("`kill` runs");
    assert!(sent.success());
}
