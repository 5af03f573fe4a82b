//! Regression tests of issue 26 for huge numbers and unbounded input: each ran out of
//! memory, panicked or aborted before its fix. Memory is bounded by `prlimit --as` (the
//! address space of the process under test), never judged by the clock.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::cli_util::dlxkit;

/// The address space allowed to a process under test: far more than the tool needs for the
/// small work asked of it, far less than what the bugs allocated.
const LIMIT: &str = "--as=1073741824";

/// `dlxkit ARGS` under [`LIMIT`], or `None` (said loudly, and a failure under CI) without
/// `prlimit`.
fn limited(args: &[&str]) -> Option<Command> {
    let found = Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "prlimit (util-linux) is needed under CI"
        );
        eprintln!("SKIPPED: no prlimit, so the memory bound of dlxkit {args:?} is not tested");
        return None;
    }
    let mut cmd = Command::new("prlimit");
    cmd.arg(LIMIT)
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .current_dir(crate::ROOT);
    Some(cmd)
}

/// The first `n` lines `dlxkit ARGS` prints under [`LIMIT`]; then its output is closed, and
/// its exit code (0: a closed pipe is a quiet success) and standard error are returned.
fn first_lines(args: &[&str], n: usize) -> Option<(Vec<String>, Option<i32>, String)> {
    let mut child = limited(args)?
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = Vec::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..n {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        lines.push(line);
    }
    drop(reader);
    let out = child.wait_with_output().unwrap();
    Some((
        lines,
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn reliability_generate_streams_whatever_the_count() {
    let expected = dlxkit()
        .args(["sudoku", "generate", "--count", "2", "--seed", "1", "-q"])
        .output()
        .unwrap();
    assert_eq!(expected.status.code(), Some(0));
    let expected: Vec<String> = String::from_utf8(expected.stdout)
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(expected.len(), 2);
    // 2^64 - 1 panicked (capacity overflow), 2^32 aborted, 10^9 took 16 GB before printing.
    for count in ["18446744073709551615", "4294967296", "1000000000"] {
        for jobs in ["1", "2"] {
            let args = [
                "sudoku", "generate", "--count", count, "--seed", "1", "--jobs", jobs, "-q",
            ];
            let Some((lines, code, stderr)) = first_lines(&args, 2) else {
                return;
            };
            assert_eq!(lines, expected, "--count {count} --jobs {jobs}: {stderr}");
            assert_eq!(code, Some(0), "--count {count} --jobs {jobs}: {stderr}");
        }
    }
}

#[test]
fn reliability_bench_time_takes_any_number_of_seconds() {
    // `--time 1e20` panicked converting the float to a Duration.
    for time in ["1e20", "18446744073709551616", "inf"] {
        let out = dlxkit()
            .args(["bench", "--solvers", "dlx", "--sample", "2", "--time", time])
            .arg("data/sudoku/pe96_easy50.txt")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "--time {time}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    for (time, message) in [
        ("NaN", "`NaN` is not a number of seconds (e.g. 10 or 0.5)"),
        ("-0.5", "`-0.5` is negative: give 0 seconds or more"),
    ] {
        let out = dlxkit()
            .args(["bench", "--solvers", "dlx", "--sample", "2"])
            .arg(format!("--time={time}"))
            .arg("data/sudoku/pe96_easy50.txt")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--time {time}: {stderr}");
        assert!(stderr.contains(message), "{stderr}");
    }
}

#[test]
fn reliability_regions_naming_a_missing_file_say_so() {
    // The name was read as a map: "bad region map: expected 81 symbols, found 16".
    let (_, stderr) = crate::cli_util::sudoku(
        &["solve", "--regions", "maps/nothere.txt"],
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n",
        2,
    );
    assert_eq!(
        stderr,
        "dlxkit: cannot read `maps/nothere.txt`: no such file (a map of regions has no `/` and no extension)\n"
    );
}
