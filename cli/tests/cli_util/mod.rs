//! Helpers shared by the command-line tests.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Stdio};

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
