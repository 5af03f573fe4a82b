//! Command-line tests of the tool as a whole: help, version, completions, the man page, a
//! broken pipe, and Ctrl-C.

use crate::cli_util;
use crate::cli_util::dlxkit;

use std::ffi::OsStr;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command as StdCommand, Stdio};

#[cfg(unix)]
use cli_util::{interrupt_after_first_line, Watch};
use predicates::prelude::*;

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
    let path = cli_util::doubles(16, "cli_tool");
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
    let path = cli_util::doubles(40, "cli_tool");
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

/// The pages a man page refers to: every `dlxkit-...(1)` in it.
fn man_links(page: &str) -> Vec<String> {
    let page = page.replace("\\-", "-");
    let mut links = Vec::new();
    for (at, _) in page.match_indices("(1)") {
        let before = &page[..at];
        let start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .map_or(0, |k| k + 1);
        let name = &before[start..];
        if name.starts_with("dlxkit-") {
            links.push(name.to_string());
        }
    }
    links
}

#[test]
fn every_man_page_a_page_links_to_is_generated() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_tool_man");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dlxkit()
        .args(["man", "--all"])
        .arg(&dir)
        .assert()
        .code(0)
        .stdout("");
    let top = std::fs::read_to_string(dir.join("dlxkit.1")).unwrap();
    let links = man_links(&top);
    for sub in ["solve", "sudoku", "queens", "bench", "man"] {
        assert!(links.contains(&format!("dlxkit-{sub}")), "{links:?}");
    }
    assert!(!links.contains(&"dlxkit-help".to_string()), "{links:?}");
    let mut pages = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let page = std::fs::read_to_string(&path).unwrap();
        pages += 1;
        for link in man_links(&page) {
            assert!(
                dir.join(format!("{link}.1")).exists(),
                "{} links to {link}(1), which is not generated",
                path.display()
            );
        }
    }
    assert!(pages >= 17, "{pages} pages"); // the tool, 12 subcommands, 5 Sudoku ones
    let solve = std::fs::read_to_string(dir.join("dlxkit-sudoku-solve.1")).unwrap();
    assert!(solve.contains(".TH dlxkit-sudoku-solve 1"), "{solve}");
}

#[test]
fn man_prints_the_page_of_one_subcommand() {
    let page = dlxkit().args(["man", "sudoku", "solve"]).assert().code(0);
    let page = String::from_utf8(page.get_output().stdout.clone()).unwrap();
    assert!(page.contains(".TH dlxkit-sudoku-solve 1"), "{page}");
    assert!(page.contains("\\-\\-jobs"), "{page}");
    let top = dlxkit().arg("man").assert().code(0);
    let top = String::from_utf8(top.get_output().stdout.clone()).unwrap();
    assert!(top.contains(".TH dlxkit 1"), "{top}");
    assert!(!man_links(&top).contains(&"dlxkit-help".to_string()));
    dlxkit()
        .args(["man", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dlxkit: no subcommand `nope`: choose one of solve, reduce, sudoku, queens, polyomino, dominoes, soma, langford, shopping, polyiamond, polyhex, macmahon, words, graceful, shard, merge, bench, play, completions, man, zdd\n",
        ));
}
