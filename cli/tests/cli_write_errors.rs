//! Standard output that cannot take what is written: a full disk (`/dev/full`) is an error (a
//! message, exit 2) for every kind of output, help and version included; a reader that goes
//! away (a broken pipe) stays a quiet success. (A closed standard output, `>&-`, cannot be
//! told from `>/dev/null`: Rust's runtime opens `/dev/null` on a closed standard descriptor
//! before `main`, so the output is discarded as with `>/dev/null`.)

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
