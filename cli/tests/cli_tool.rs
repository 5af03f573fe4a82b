//! Command-line tests of the tool as a whole: help, version, completions, the man page, a
//! broken pipe, and Ctrl-C.

use crate::cli_util;

use std::ffi::OsStr;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
#[cfg(unix)]
use cli_util::{interrupt_after_first_line, Watch};
use predicates::prelude::*;

fn dlxkit() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dlxkit"));
    cmd.current_dir(crate::ROOT);
    cmd
}

/// A problem with `n` items, each covered by either of two identical options: 2^n solutions.
fn doubles(n: usize) -> PathBuf {
    let mut text = String::new();
    let names: Vec<String> = (0..n).map(|i| format!("I{i}")).collect();
    text.push_str(&names.join(" "));
    text.push('\n');
    for name in &names {
        text.push_str(&format!("{name}\n{name}\n"));
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_tool");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("doubles{n}.dlx"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn short_help_is_short_and_long_help_has_examples() {
    let short = dlxkit().args(["solve", "-h"]).assert().code(0);
    let short = String::from_utf8(short.get_output().stdout.clone()).unwrap();
    assert!(short.contains("Usage: dlxkit solve [OPTIONS] [FILE]"));
    assert!(!short.contains("Examples:"));
    let long = dlxkit().args(["solve", "--help"]).assert().code(0);
    let long = String::from_utf8(long.get_output().stdout.clone()).unwrap();
    assert!(long.contains("Examples:"));
    assert!(long.contains("Exit status:"));
    assert!(long.len() > short.len());
    dlxkit()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Examples:").and(predicate::str::contains("solve")));
}

#[test]
fn version_names_the_tool() {
    dlxkit()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(format!("dlxkit {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn no_arguments_prints_help_and_exits_2() {
    dlxkit()
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("Usage: dlxkit"));
}

#[test]
fn completions_exist_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        dlxkit()
            .args(["completions", shell])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("solve").and(predicate::str::contains("count")));
    }
    dlxkit().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn the_man_page_is_roff() {
    dlxkit()
        .arg("man")
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(".ie").or(predicate::str::contains(".TH dlxkit")))
        .stdout(predicate::str::contains("solve"));
}

#[test]
fn a_broken_pipe_is_a_quiet_success() {
    // 2^16 solutions of 16 lines each: megabytes, far more than a pipe holds.
    let path = doubles(16);
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_dlxkit"))
        .arg("solve")
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 100];
    stdout.read_exact(&mut first).unwrap();
    assert!(first.starts_with(b"I0\n"));
    drop(stdout); // the reader goes away, as `head` does
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "", "no panic, no message");
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_what_was_found_and_exits_130() {
    // 2^40 solutions: the count cannot finish, so the interrupt always comes mid-search.
    // The problem line of --stats is printed after the Ctrl-C handler is installed and
    // before the search starts.
    let path = doubles(40);
    let run = interrupt_after_first_line(
        [
            OsStr::new("solve"),
            OsStr::new("--count"),
            OsStr::new("--stats"),
            path.as_os_str(),
        ],
        Watch::Stderr,
    );
    assert!(run.first_line.starts_with("problem"), "{}", run.first_line);
    let rest = run.stderr;
    assert_eq!(run.code, Some(130), "stderr: {rest}");
    let count: u64 = run
        .stdout
        .strip_suffix(" (incomplete: interrupted)\n")
        .expect("the partial count is printed, marked")
        .parse()
        .expect("a number");
    assert!(rest.contains(&format!("solutions   {count}\n")), "{rest}");
    assert!(rest.contains("status      interrupted\n"), "{rest}");
    assert!(!rest.contains("panicked"));
}
