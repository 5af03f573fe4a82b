//! Regression tests of the third audit of issue 26 (hostile inputs on every subcommand that
//! reads a file): each allocated for the whole of a huge line before refusing it, or echoed
//! it whole in its message.

use std::process::Command;

/// A file of one line of `len` copies of `ch` under the test's temporary directory.
fn long_line(name: &str, ch: char, len: usize) -> String {
    let path = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, ch.to_string().repeat(len) + "\n").unwrap();
    path
}

/// `dlxkit ARGS` under a 512 MiB address-space limit: exit code and standard error, or
/// `None` (said loudly, and a failure under CI) without `prlimit`.
fn limited(args: &[&str]) -> Option<(Option<i32>, String)> {
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
    let out = Command::new("prlimit")
        .arg("--as=536870912")
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .args(args)
        .output()
        .unwrap();
    Some((
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn a_board_drawn_on_one_huge_line_is_refused_before_it_fills_memory() {
    // Before: "memory allocation of 1073741824 bytes failed" and an abort (a column number
    // kept for every character of the line).
    let path = long_line("wide-board.txt", 'x', 40_000_000);
    let Some((code, stderr)) = limited(&["polyomino", "--board-file", &path]) else {
        return;
    };
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the number of cells drawn on one line is 10001, above the limit of 10000"),
        "{stderr}"
    );
}

#[test]
fn a_huge_word_in_a_lattice_spec_is_refused_without_being_echoed() {
    // Before: the whole word was copied four bytes a character, and echoed in the message
    // ("unexpected `AAAA...` after a cell", 10^6 bytes of it here).
    let path = long_line("wide-spec.txt", 'A', 1_000_000);
    let Some((code, stderr)) = limited(&["polyiamond", "--spec", &path]) else {
        return;
    };
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("a word of 1000000 bytes is not a cell (a cell is at most 256)"),
        "{stderr}"
    );
    assert!(stderr.len() < 2000, "{} bytes of message", stderr.len());
}
