//! Fuzzing of every number the command line reads: each flag whose value is a count, a size,
//! a time, a seed, a node limit or a range, found in the subcommands' own `--help` (so that a
//! flag added later is fuzzed without a word here), and the numeric positionals (`queens N`,
//! `dominoes MxN`, ...). Each case runs `dlxkit` once on a tiny input with one such value —
//! hostile ones (2^64, -1, `1e309`, `NaN`, empty, Unicode digits, 10,000 digits, ...) and
//! random ones — under `prlimit --as` (1 GiB), and fails on a panic, an abort, a kill by the
//! memory limit, an exit 2 whose message does not name the flag, or a process that does not
//! stop when sent SIGTERM after [`PATIENCE`] (work that a huge but valid value asks for is
//! allowed to run; ignoring the signal is not). Standard output is read up to
//! [`MAX_OUTPUT`] and then closed, so a huge count that streams is cut short as a pager would.
//! The board (`play --port`) runs until stopped: once it says where it listens, it is sent
//! SIGTERM at once and must stop. `merge` reads results as a stream, apart from the other
//! readers, so its `--max-input` is fuzzed too.
//!
//! `fuzz_smoke_numeric_flags` runs a fixed set of cases with every test run; longer runs, from
//! a new seed each time (the seed is printed, `DLXKIT_FUZZ_SEED` replays it):
//!
//! ```text
//! DLXKIT_FUZZ_SECONDS=60 cargo test --release -p dlxkit-cli --test cli fuzz_cli_for_a_while -- --ignored --nocapture
//! ```

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use dlxkit::rng::Rng;

/// How long a case may run before it is sent SIGTERM.
const PATIENCE: Duration = Duration::from_secs(3);

/// How long a process may take to stop after SIGTERM.
const GRACE: Duration = Duration::from_secs(5);

/// The most standard output read from a case before its pipe is closed.
const MAX_OUTPUT: usize = 1 << 20;

/// The address space of a case: far more than any tiny input needs.
const LIMIT: &str = "--as=1073741824";

/// A small problem with two solutions (`A B` + `C`, `A` + `B C`).
const PROBLEM: &str = "A B C\nA B\nC\nA\nB C\n";

/// An easy 9x9 puzzle.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";

/// A subcommand under test: its words, the arguments that keep its work small (dropped when
/// the flag they set is the one fuzzed), its numeric positional (with a value that works),
/// its standard input, and for a server, the words on standard output that say it is up.
struct Subcommand {
    words: &'static [&'static str],
    base: &'static [(&'static str, &'static str)],
    positional: Option<(&'static str, &'static str)>,
    stdin: Stdin,
    ready: Option<&'static str>,
}

/// A case's standard input.
#[derive(Clone, Copy)]
enum Stdin {
    Text(&'static str),
    /// The shard lines of [`PROBLEM`] cut in two (`solve --count --shard I/2`).
    ShardResults,
}

impl Stdin {
    fn bytes(self) -> Vec<u8> {
        match self {
            Stdin::Text(text) => text.as_bytes().to_vec(),
            Stdin::ShardResults => {
                static LINES: OnceLock<Vec<u8>> = OnceLock::new();
                LINES
                    .get_or_init(|| {
                        let mut lines = Vec::new();
                        for i in 0..2 {
                            let out = assert_cmd::Command::new(env!("CARGO_BIN_EXE_dlxkit"))
                                .args(["solve", "--count", "--shard", &format!("{i}/2")])
                                .write_stdin(PROBLEM)
                                .output()
                                .unwrap();
                            assert!(out.status.success(), "{out:?}");
                            lines.extend(out.stdout);
                        }
                        lines
                    })
                    .clone()
            }
        }
    }
}

/// The subcommands that read numbers.
const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        words: &["solve"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PROBLEM),
        ready: None,
    },
    Subcommand {
        words: &["solve"],
        base: &[("--count", "")],
        positional: None,
        stdin: Stdin::Text(PROBLEM),
        ready: None,
    },
    Subcommand {
        words: &["reduce"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PROBLEM),
        ready: None,
    },
    Subcommand {
        words: &["shard"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PROBLEM),
        ready: None,
    },
    Subcommand {
        words: &["queens"],
        base: &[],
        positional: Some(("N", "6")),
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        words: &["langford"],
        base: &[],
        positional: Some(("N", "4")),
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        words: &["dominoes"],
        base: &[],
        positional: Some(("MxN", "4x4")),
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        words: &["soma"],
        base: &[("--limit", "1")],
        positional: None,
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        words: &["macmahon"],
        base: &[("--limit", "1")],
        positional: None,
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        // The graph is the positional; it is not a number, so it rides in `base`.
        words: &["graceful"],
        base: &[("path:5", ""), ("--limit", "1")],
        positional: None,
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        words: &["sudoku", "solve"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PUZZLE),
        ready: None,
    },
    Subcommand {
        words: &["sudoku", "count"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PUZZLE),
        ready: None,
    },
    Subcommand {
        words: &["sudoku", "rate"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PUZZLE),
        ready: None,
    },
    Subcommand {
        words: &["sudoku", "explain"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(PUZZLE),
        ready: None,
    },
    Subcommand {
        words: &["sudoku", "generate"],
        base: &[("--seed", "1"), ("--size", "4")],
        positional: None,
        stdin: Stdin::Text(""),
        ready: None,
    },
    Subcommand {
        words: &["merge"],
        base: &[],
        positional: None,
        stdin: Stdin::ShardResults,
        ready: None,
    },
    Subcommand {
        words: &["play"],
        base: &[],
        positional: None,
        stdin: Stdin::Text(""),
        ready: Some("the board is at http"),
    },
    Subcommand {
        words: &["bench"],
        base: &[("--runs", "1"), ("--warmup", "0")],
        positional: None,
        stdin: Stdin::Text(PUZZLE),
        ready: None,
    },
];

/// The value names of `--help` that stand for numbers (or ranges of them).
fn is_numeric(value_name: &str) -> bool {
    matches!(
        value_name,
        "N" | "K" | "D" | "S" | "P" | "SEED" | "SECONDS" | "SIZE" | "NODES" | "MxN"
    ) || value_name.contains("..")
}

/// The numeric flags of a subcommand, read from its `--help`: `--name <N>` and
/// `--name[=<K>]`, each once.
fn numeric_flags(words: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_dlxkit"))
        .args(words)
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let mut flags = Vec::new();
    for line in help.lines() {
        let line = line.trim_start();
        let Some(start) = line.find("--") else {
            continue;
        };
        if start > 4 {
            continue;
        }
        let rest = &line[start..];
        let name_end = rest[2..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .map_or(rest.len(), |i| i + 2);
        let name = &rest[..name_end];
        let after = rest[name_end..].trim_start_matches(['[', '=', ' ']);
        let Some(value) = after.strip_prefix('<').and_then(|v| v.split_once('>')) else {
            continue;
        };
        if is_numeric(value.0) && !flags.iter().any(|f| f == name) {
            flags.push(name.to_string());
        }
    }
    flags
}

/// Every (subcommand, flag) pair: the flag is `None` for the numeric positional.
fn targets() -> &'static [(usize, Option<String>)] {
    static TARGETS: OnceLock<Vec<(usize, Option<String>)>> = OnceLock::new();
    TARGETS.get_or_init(|| {
        let mut targets = Vec::new();
        for (i, sub) in SUBCOMMANDS.iter().enumerate() {
            let flags = numeric_flags(sub.words);
            assert!(
                !flags.is_empty(),
                "no numeric flag found in `dlxkit {} --help`",
                sub.words.join(" ")
            );
            for flag in flags {
                // One subcommand fuzzes the global size flag for the readers of whole
                // inputs, which read it alike; merge streams its own way.
                if flag != "--max-input" || i == 0 || sub.words == ["merge"] {
                    targets.push((i, Some(flag)));
                }
            }
            if sub.positional.is_some() {
                targets.push((i, None));
            }
        }
        targets
    })
}

/// Values that broke or could break a number reader.
const HOSTILE: &[&str] = &[
    "",
    " ",
    "0",
    "-0",
    "1",
    "-1",
    "+1",
    " 1",
    "1 ",
    "007",
    "2",
    "3",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "1e3",
    "1e20",
    "1e308",
    "1e309",
    "-1e20",
    "1e-300",
    "0.5",
    "-0.5",
    "0.0000001",
    "inf",
    "-inf",
    "infinity",
    "NaN",
    "nan",
    "0x10",
    "1_000",
    "1,000",
    "１２",
    "٣",
    "½",
    "1K",
    "1k",
    "1G",
    "1T",
    "1P",
    "16E",
    "17179869184G",
    "1.5M",
    "-1K",
    "K",
    "..",
    "1..",
    "..5",
    "5..1",
    "0..0",
    "1..18446744073709551616",
    "0x0",
    "1x",
    "x1",
    "4294967296x4294967296",
    "65536x65536",
    "100000x100000",
    "1x100000000",
    "-2x3",
    "3/0",
    "1/0",
    "0/0",
    "☃",
];

/// A random number-like value: digits of any length, maybe signed, with a fraction, an
/// exponent, a size suffix, a second side or a range.
fn random_value(rng: &mut Rng) -> String {
    if rng.below(3) == 0 {
        return HOSTILE[rng.below(HOSTILE.len())].to_string();
    }
    let digits = |rng: &mut Rng| -> String {
        let len = match rng.below(4) {
            0 => 1,
            1 => 1 + rng.below(3),
            2 => 1 + rng.below(12),
            _ => 1 + rng.below(45),
        };
        (0..len)
            .map(|_| char::from(b'0' + rng.below(10) as u8))
            .collect()
    };
    let mut value = String::new();
    match rng.below(8) {
        0 => value.push('-'),
        1 => value.push('+'),
        _ => {}
    }
    value += &digits(rng);
    if rng.below(6) == 0 {
        value.push('.');
        value += &digits(rng);
    }
    if rng.below(8) == 0 {
        value += &format!("e{}{}", ["", "-", "+"][rng.below(3)], rng.below(400));
    }
    match rng.below(10) {
        0 => value.push(['K', 'M', 'G', 'T', 'k', 'B'][rng.below(6)]),
        1 => value += &format!("x{}", digits(rng)),
        2 => value += &format!("..{}", digits(rng)),
        3 => value += &format!("/{}", digits(rng)),
        _ => {}
    }
    if rng.below(200) == 0 {
        value = "9".repeat(10_000);
    }
    value
}

/// Whether `prlimit` can bound the cases' memory; said loudly (and a failure under CI) if not.
fn have_prlimit() -> bool {
    static FOUND: OnceLock<bool> = OnceLock::new();
    *FOUND.get_or_init(|| {
        let found = Command::new("prlimit")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            assert!(
                std::env::var_os("CI").is_none(),
                "prlimit (util-linux) is needed under CI"
            );
            eprintln!("SKIPPED: no prlimit (util-linux), so the numeric flags are not fuzzed");
        }
        found
    })
}

/// Reads up to `max` bytes from a pipe on a thread, then drops it (closing the pipe); sets
/// `seen` once what was read holds `marker`.
fn drain(
    mut pipe: impl Read + Send + 'static,
    max: usize,
    marker: Option<&'static str>,
    seen: Arc<AtomicBool>,
) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        while kept.len() < max {
            match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => kept.extend_from_slice(&buf[..n]),
            }
            if marker.is_some_and(|m| String::from_utf8_lossy(&kept).contains(m)) {
                seen.store(true, Ordering::Release);
            }
        }
        kept
    })
}

/// Waits for `child` until `deadline` or until `ready` is set: its status, or `None` if it
/// still runs.
fn wait_until(child: &mut Child, deadline: Instant, ready: &AtomicBool) -> Option<ExitStatus> {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if Instant::now() >= deadline || ready.load(Ordering::Acquire) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The arguments of one case.
fn case_args(sub: &Subcommand, flag: Option<&str>, value: &str) -> Vec<String> {
    let mut args: Vec<String> = sub.words.iter().map(|w| w.to_string()).collect();
    for (name, v) in sub.base {
        if Some(*name) != flag {
            args.push(if v.is_empty() {
                name.to_string()
            } else {
                format!("{name}={v}")
            });
        }
    }
    match flag {
        Some(flag) => {
            args.push(format!("{flag}={value}"));
            if let Some((_, good)) = sub.positional {
                args.push(good.to_string());
            }
        }
        None => {
            args.push("--".to_string());
            args.push(value.to_string());
        }
    }
    args
}

/// Runs one case, `Err` with what went wrong.
fn check_case(sub: &Subcommand, flag: Option<&str>, value: &str) -> Result<(), String> {
    let args = case_args(sub, flag, value);
    let stdin = sub.stdin.bytes();
    let mut child = Command::new("prlimit")
        .arg(LIMIT)
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_dlxkit"))
        .arg("--quiet")
        .args(&args)
        .current_dir(crate::ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, &stdin);
    });
    let up = Arc::new(AtomicBool::new(false));
    let stdout = drain(
        child.stdout.take().unwrap(),
        MAX_OUTPUT,
        sub.ready,
        up.clone(),
    );
    let never = Arc::new(AtomicBool::new(false));
    let stderr = drain(child.stderr.take().unwrap(), 1 << 16, None, never.clone());
    let started = Instant::now();
    let mut signalled = false;
    let status = match wait_until(&mut child, started + PATIENCE, &up) {
        Some(status) => status,
        None => {
            signalled = true;
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            match wait_until(&mut child, Instant::now() + GRACE, &never) {
                Some(status) => status,
                None => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!(
                        "dlxkit {args:?} ran {PATIENCE:?} and then did not stop within \
                         {GRACE:?} of SIGTERM"
                    ));
                }
            }
        }
    };
    let _ = feeder.join();
    let _ = stdout.join();
    let stderr = String::from_utf8_lossy(&stderr.join().unwrap()).into_owned();
    let shown: String = stderr.chars().take(600).collect();
    if stderr.contains("panicked") || stderr.contains("memory allocation of") {
        return Err(format!("dlxkit {args:?}: {shown}"));
    }
    match status.code() {
        None => Err(format!(
            "dlxkit {args:?} was killed by a signal ({status}){}: {shown}",
            if signalled { " after SIGTERM" } else { "" }
        )),
        Some(101) => Err(format!("dlxkit {args:?} exited 101: {shown}")),
        Some(2) => {
            let name = match flag {
                Some(flag) => flag.trim_start_matches('-').to_string(),
                None => sub.positional.unwrap().0.to_string(),
            };
            // The refusal may be of the value, or of its combination with a base argument
            // (`--sample` with `--limit`): either way it names what it refuses.
            let names_an_argument = args.iter().any(|a| {
                a.len() > 2
                    && a.starts_with("--")
                    && stderr.contains(a.split('=').next().unwrap().trim_start_matches('-'))
            });
            // Or it names the number read (`--size=007`: "side 7").
            let number = value.trim().trim_start_matches('+').trim_start_matches('0');
            if stderr.contains(&name)
                || names_an_argument
                || (!number.is_empty() && stderr.contains(number))
            {
                Ok(())
            } else {
                Err(format!(
                    "dlxkit {args:?} refused the input without naming `{name}`: {shown}"
                ))
            }
        }
        Some(_) => Ok(()),
    }
}

/// Runs cases from `seed`: first every hostile value on every target (when `all_hostile`),
/// then random ones until `cases` or `until`. Gives the number run.
fn fuzz_flags(seed: u64, cases: usize, until: Option<Instant>, all_hostile: bool) -> usize {
    let targets = targets();
    let mut run = 0;
    let fail = |sub: &Subcommand, flag: Option<&str>, value: &str| {
        if let Err(why) = check_case(sub, flag, value) {
            panic!(
                "fuzz target numeric flags, seed {seed}: {why}\nreplay: DLXKIT_FUZZ_SEED={seed}"
            );
        }
    };
    if all_hostile {
        for (i, flag) in targets {
            for value in HOSTILE {
                fail(&SUBCOMMANDS[*i], flag.as_deref(), value);
                run += 1;
            }
        }
    }
    let mut rng = Rng::new(seed);
    while run < cases && until.is_none_or(|t| Instant::now() < t) {
        let (i, flag) = &targets[rng.below(targets.len())];
        let value = random_value(&mut rng);
        fail(&SUBCOMMANDS[*i], flag.as_deref(), &value);
        run += 1;
    }
    run
}

/// The seed of a longer run: `DLXKIT_FUZZ_SEED`, or from the clock (printed).
pub fn run_seed() -> u64 {
    let seed = std::env::var("DLXKIT_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!("fuzz seed {seed} (DLXKIT_FUZZ_SEED={seed} replays it)");
    seed
}

/// The seconds of a longer run, from `DLXKIT_FUZZ_SECONDS` (default 10).
pub fn run_seconds() -> Duration {
    Duration::from_secs(
        std::env::var("DLXKIT_FUZZ_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(10),
    )
}

#[test]
fn fuzz_smoke_numeric_flags() {
    if !have_prlimit() {
        return;
    }
    // Every numeric flag found, so a new flag is fuzzed as soon as it is added: a sample of
    // the solve and sudoku flags this file was written against must be among them.
    let flags: Vec<String> = targets().iter().filter_map(|(_, f)| f.clone()).collect();
    for expected in [
        "--timeout",
        "--max-nodes",
        "--limit",
        "--jobs",
        "--memo-limit",
        "--max-input",
        "--count",
        "--rounds",
        "--runs",
        "--time",
        "--size",
        "--givens",
        "--port",
    ] {
        assert!(
            flags.iter().any(|f| f == expected),
            "{expected} not found in {flags:?}"
        );
    }
    assert_eq!(fuzz_flags(1, 150, None, false), 150);
    // merge's --max-input, and the board's --port on its hostile values (a port in use, one
    // below 1024, 0 for any free one, and the refused).
    let merge = SUBCOMMANDS
        .iter()
        .position(|s| s.words == ["merge"])
        .unwrap();
    let play = SUBCOMMANDS
        .iter()
        .position(|s| s.words == ["play"])
        .unwrap();
    for (i, flag) in [(merge, "--max-input"), (play, "--port")] {
        assert!(
            targets().contains(&(i, Some(flag.to_string()))),
            "{flag} of {:?} is not fuzzed",
            SUBCOMMANDS[i].words
        );
        for value in HOSTILE {
            if let Err(why) = check_case(&SUBCOMMANDS[i], Some(flag), value) {
                panic!("{why}");
            }
        }
    }
}

#[test]
#[ignore = "a minute or more: every hostile value on every numeric flag, then DLXKIT_FUZZ_SECONDS of random ones"]
fn fuzz_cli_for_a_while() {
    if !have_prlimit() {
        return;
    }
    let seed = run_seed();
    let until = Instant::now() + run_seconds();
    let run = fuzz_flags(seed, usize::MAX, Some(until), false);
    eprintln!("numeric flags: {run} cases");
    crate::fuzz_play::fuzz_play_for(seed, run_seconds());
}

#[test]
#[ignore = "minutes: every hostile value on every numeric flag of every subcommand"]
fn fuzz_every_hostile_value_on_every_numeric_flag() {
    if !have_prlimit() {
        return;
    }
    let run = fuzz_flags(0, 0, None, true);
    eprintln!("{run} cases");
}
