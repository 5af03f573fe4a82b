//! Standard output that cannot take what is written: a full disk (`/dev/full`) is an error (a
//! message, exit 2) for every kind of output, help and version included; a reader that goes
//! away (a broken pipe) stays a quiet success. A standard output closed at start (`>&-`) is
//! an error too (exit 2, `Bad file descriptor`), though Rust's runtime opens `/dev/null` on
//! it before `main`: the tool looks at the descriptor earlier (`cli/src/closed_stdout.rs`),
//! so it is told from `>/dev/null`, which stays a success.

use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `dlxkit` with `args` and standard output into `/dev/full`: (exit code, stderr).
#[cfg(target_os = "linux")]
fn into_full_disk(args: &[&str]) -> (Option<i32>, String) {
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .current_dir(crate::ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[cfg(target_os = "linux")]
const FULL: &str =
    "dlxkit: cannot write to standard output: No space left on device (os error 28)\n";

#[cfg(target_os = "linux")]
#[test]
fn help_and_version_into_a_full_disk_are_errors() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["solve", "--help"],
        &["sudoku", "solve", "-h"],
        &["help"],
        &["help", "queens"],
    ] {
        assert_eq!(
            into_full_disk(args),
            (Some(2), FULL.to_string()),
            "{args:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn every_kind_of_output_into_a_full_disk_is_an_error() {
    for args in [
        &["queens", "8"][..],
        &["solve", "data/dlx/knuth-toy.dlx"],
        &["solve", "data/dlx/knuth-toy.dlx", "--count"],
        &["man"],
        &["completions", "bash"],
    ] {
        assert_eq!(
            into_full_disk(args),
            (Some(2), FULL.to_string()),
            "{args:?}"
        );
    }
}

#[test]
fn help_into_a_pipe_closed_early_is_a_quiet_success() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(["solve", "--help"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before anything is written
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

/// Runs `dlxkit` with `args` through `sh`, standard output redirected by `redirect`
/// (`>&-` closes it): (exit code, stderr).
#[cfg(target_os = "linux")]
fn with_stdout(redirect: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(r#"exec "$0" "$@" {redirect}"#))
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .current_dir(crate::ROOT)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error() {
    const CLOSED: &str =
        "dlxkit: cannot write to standard output: Bad file descriptor (os error 9)\n";
    for args in [
        &["queens", "8"][..],
        &["queens", "8", "--count"],
        &["--help"],
        &["--version"],
        &["solve", "data/dlx/knuth-toy.dlx", "--format", "json"],
        &[
            "sudoku",
            "solve",
            "--quiet",
            "data/sudoku/magictour_top1465.txt",
        ],
        &["man"],
    ] {
        assert_eq!(
            with_stdout(">&-", args),
            (Some(2), CLOSED.to_string()),
            "{args:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn output_into_dev_null_is_still_a_success() {
    for args in [&["queens", "8"][..], &["--help"], &["man"]] {
        assert_eq!(
            with_stdout(">/dev/null", args),
            (Some(0), String::new()),
            "{args:?}"
        );
    }
}
