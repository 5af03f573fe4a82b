//! Fuzzing on the stable toolchain: three targets — the bytes-to-text decoder with Knuth's
//! format behind it, the Sudoku reader in every format, and the problem builder — fed with
//! valid inputs (the shipped files and generated problems and puzzles) edited by a structured
//! mutator ([`mutate`]). A target fails on a panic or a misreading: Knuth's format is compared
//! with a second reader written from the format's description ([`oracle`]), every problem read
//! or built must come back the same from its own text, every Sudoku read must come back the
//! same from each format it can be written in, every error must point inside the input, and
//! every solution found must be an exact cover.
//!
//! The tests named `fuzz_smoke_*` run a few thousand cases from a fixed seed with every test
//! run. For longer runs (each target in turn, for the seconds given, from a new seed each time):
//!
//! ```text
//! DLXKIT_FUZZ_SECONDS=1200 cargo test --release --test integration fuzz_for_a_while -- --ignored --nocapture
//! ```
//!
//! (1200 s per target is an hour.) A failing case is written to
//! `target/tmp/fuzz/TARGET-SEED.bin` and the message says how to replay it
//! (`DLXKIT_FUZZ_REPLAY=TARGET:SEED`, same command). Inputs that failed once are kept below as
//! regression cases (`fuzz_regression_*`).

mod mutate;
mod oracle;

use std::borrow::Cow;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Once;
use std::time::{Duration, Instant};

use dlxkit::puzzles::langford::Langford;
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::rng::Rng;
use dlxkit::sudoku::parse::{self, Format, ParseOptions};
use dlxkit::sudoku::Variant;
use dlxkit::text;
use dlxkit::xc::{
    Arena, ColorId, Entry, ItemId, ItemKind, Limits, OptionId, Problem, ProblemBuilder, Solver,
};

use mutate::Mutator;

/// A fuzz target: checks one input, `Err` with what went wrong.
type Check = fn(&[u8]) -> Result<(), String>;

/// The targets by name.
const TARGETS: [(&str, Check); 3] = [
    ("knuth", check_knuth),
    ("sudoku", check_sudoku),
    ("builder", check_builder),
];

fn read_data(path: &str) -> Vec<u8> {
    std::fs::read(format!("{}/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The first `n` lines of a data file.
fn first_lines(path: &str, n: usize) -> Vec<u8> {
    let text = String::from_utf8(read_data(path)).unwrap();
    let lines: Vec<&str> = text.lines().take(n).collect();
    (lines.join("\n") + "\n").into_bytes()
}

/// Valid inputs of Knuth's format: the shipped files, the README's, and generated problems.
fn knuth_corpus() -> Vec<Vec<u8>> {
    let mut corpus = vec![
        read_data("dlx/knuth-toy.dlx"),
        read_data("dlx/knuth-colors.dlx"),
        read_data("dlx/knuth-bounds.dlx"),
        read_data("dlx/knuth-costs.dlx"),
        b"A B C\nA\nB\nC\nA B\nB C\nA B C\n".to_vec(),
        b"| comment\nA B | X Y\nA X:red Y\nB X:red\nB Y:blue\n".to_vec(),
        b"A B | X\nA X:1\nB X:2\nA B\n".to_vec(),
        "é ü | Ω\né Ω:日本\nü Ω:日本\n".as_bytes().to_vec(),
    ];
    let queens = Queens::new(5, QueensOrder::Natural).unwrap();
    corpus.push(queens.problem().to_dlx().into_bytes());
    let langford = Langford::new(4, false).unwrap();
    corpus.push(langford.problem().to_dlx().into_bytes());
    corpus
}

/// Valid Sudoku inputs: lines of every size shipped, and grids in the block and token formats.
fn sudoku_corpus() -> Vec<Vec<u8>> {
    let mut corpus = vec![
        first_lines("sudoku/pe96_easy50.txt", 3),
        first_lines("sudoku/norvig_hardest11.txt", 2),
        first_lines("sudoku/sudoku16x16_puzzles.txt", 1),
        first_lines("sudoku/sudoku25x25_puzzles.txt", 1),
        b"1.3..4....4.4..1\n1...............\n.12.3...4.......\n".to_vec(),
        b"12.3.4..........................6.\n".to_vec(),
        b"# comment\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
            .to_vec(),
    ];
    let options = ParseOptions::default();
    for line in [
        "1.3..4....4.4..1",
        ".2...13........51...39....8.........4..7.9..5.........9....27...36........23...9.",
    ] {
        let grid = parse::parse_grid(line, &options).unwrap();
        corpus.push(parse::to_pretty(&grid).into_bytes());
        corpus.push(parse::to_tokens(&grid).into_bytes());
        corpus.push(parse::to_tokens(&grid).replace('\n', " ").into_bytes());
    }
    corpus
}

/// The corpus of a target.
fn corpus_of(target: &str) -> Vec<Vec<u8>> {
    match target {
        "sudoku" => sudoku_corpus(),
        _ => knuth_corpus(),
    }
}

/// The seed of case `k` of a run from `seed`.
fn case_seed(seed: u64, k: u64) -> u64 {
    let mut rng = Rng::new(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

/// The input of the case with seed `case`.
fn case_input(case: u64, corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut mutator = Mutator::new(case);
    let base = corpus[mutator.below(corpus.len())].clone();
    mutator.mutate(&base, corpus)
}

thread_local! {
    /// Whether this thread is running a case (whose panic is caught and reported as a failure).
    static IN_CASE: Cell<bool> = const { Cell::new(false) };
}

/// Runs `check` on `input` and turns a panic into an error.
fn run_case(check: Check, input: &[u8]) -> Result<(), String> {
    static QUIET: Once = Once::new();
    QUIET.call_once(|| {
        // Tests run on several threads: only a panic inside a case is kept quiet.
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !IN_CASE.with(Cell::get) {
                default(info);
            }
        }));
    });
    IN_CASE.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| check(input)));
    IN_CASE.with(|c| c.set(false));
    match result {
        Ok(result) => result,
        Err(payload) => Err(format!(
            "panic: {}",
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        )),
    }
}

/// Fails the test for a case that failed, after writing its input where it can be found.
fn report_failure(target: &str, case: u64, input: &[u8], why: &str) -> ! {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{target}-{case}.bin"));
    let _ = std::fs::write(&path, input);
    panic!(
        "fuzz target {target}, case {case}: {why}\ninput {:?}\nwritten to {}\nreplay: DLXKIT_FUZZ_REPLAY={target}:{case}",
        String::from_utf8_lossy(input),
        path.display()
    );
}

/// Runs `cases` cases of `target` from `seed` (or until `until`), and gives the number run.
fn fuzz(target: &str, check: Check, seed: u64, cases: u64, until: Option<Instant>) -> u64 {
    let corpus = corpus_of(target);
    for input in &corpus {
        if let Err(why) = run_case(check, input) {
            report_failure(target, 0, input, &format!("a corpus input fails: {why}"));
        }
    }
    let mut run = 0;
    while run < cases && until.is_none_or(|t| Instant::now() < t) {
        let case = case_seed(seed, run);
        let input = case_input(case, &corpus);
        if let Err(why) = run_case(check, &input) {
            report_failure(target, case, &input, &why);
        }
        run += 1;
    }
    run
}

#[test]
fn fuzz_smoke_knuth_format() {
    assert_eq!(fuzz("knuth", check_knuth, 1, 3000, None), 3000);
}

#[test]
fn fuzz_smoke_sudoku_reader() {
    assert_eq!(fuzz("sudoku", check_sudoku, 1, 1000, None), 1000);
}

#[test]
fn fuzz_smoke_problem_builder() {
    assert_eq!(fuzz("builder", check_builder, 1, 3000, None), 3000);
}

/// The long run (see the module documentation); `DLXKIT_FUZZ_REPLAY=TARGET:SEED` replays one
/// case instead.
#[test]
#[ignore = "minutes to hours: DLXKIT_FUZZ_SECONDS per target"]
fn fuzz_for_a_while() {
    if let Ok(replay) = std::env::var("DLXKIT_FUZZ_REPLAY") {
        let (target, case) = replay.split_once(':').expect("TARGET:SEED");
        let case: u64 = case.parse().expect("a seed");
        let (_, check) = TARGETS
            .iter()
            .find(|(t, _)| *t == target)
            .expect("a target");
        let input = case_input(case, &corpus_of(target));
        if let Err(why) = run_case(*check, &input) {
            report_failure(target, case, &input, &why);
        }
        return;
    }
    let seconds: f64 = std::env::var("DLXKIT_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60.0);
    let seed: u64 = std::env::var("DLXKIT_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(7, |d| d.as_nanos() as u64)
        });
    for (target, check) in TARGETS {
        let start = Instant::now();
        let until = start + Duration::from_secs_f64(seconds);
        let cases = fuzz(target, check, seed, u64::MAX, Some(until));
        eprintln!(
            "fuzz {target}: {cases} cases in {:.0} s, seed {seed}, no failure",
            start.elapsed().as_secs_f64()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The targets.

/// The number of lines of `bytes` (LF, CR LF and lone CR end lines).
fn line_count(bytes: &[u8]) -> usize {
    let mut lines = 0;
    let mut open = false;
    for (k, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(k + 1) != Some(&b'\n')) {
            lines += 1;
            open = false;
        } else if b != b'\r' {
            open = true;
        }
    }
    lines + usize::from(open)
}

/// Bytes as the command line reads them (decoded, then Knuth's format), and as a library
/// caller may hand them over (lossily converted, byte-order marks and CRs left in).
fn check_knuth(bytes: &[u8]) -> Result<(), String> {
    match text::decode(bytes) {
        Ok(decoded) => {
            if decoded.contains('\u{feff}') || has_lone_cr(&decoded) {
                return Err("decoded text keeps a byte-order mark or a lone CR".into());
            }
            check_dlx_text(&decoded)?;
        }
        Err(e) => {
            let lines = line_count(bytes).max(1);
            if e.line == 0 || e.line > lines || e.column == 0 {
                return Err(format!(
                    "decode error outside the input ({lines} lines): {e}"
                ));
            }
        }
    }
    check_dlx_text(&String::from_utf8_lossy(bytes))
}

fn has_lone_cr(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len()).any(|k| b[k] == b'\r' && b.get(k + 1) != Some(&b'\n'))
}

/// Knuth's format read by the library and by the oracle: the same problem, or an error at the
/// same place; and a problem read comes back the same from its own text, and its solutions
/// are exact covers.
fn check_dlx_text(text: &str) -> Result<(), String> {
    match (Problem::from_dlx(text), oracle::read(text)) {
        (Ok(p), Ok(read)) => {
            let items: Vec<(String, bool)> = p
                .items()
                .map(|i| {
                    (
                        p.item_name(i).to_string(),
                        p.item_kind(i) == ItemKind::Primary,
                    )
                })
                .collect();
            if items != read.items {
                return Err(format!("items {items:?}, the oracle read {:?}", read.items));
            }
            let bounds: Vec<(u32, u32)> =
                p.items().map(|i| p.item_bounds(i).into_inner()).collect();
            if bounds != read.bounds {
                return Err(format!(
                    "bounds {bounds:?}, the oracle read {:?}",
                    read.bounds
                ));
            }
            let options: Vec<Vec<(String, Option<String>)>> = p
                .options()
                .map(|o| {
                    p.option(o)
                        .iter()
                        .map(|e| {
                            let colour = e.color.map(|c| p.color_name(c).to_string());
                            (p.item_name(e.item).to_string(), colour)
                        })
                        .collect()
                })
                .collect();
            if options != read.options {
                return Err(format!(
                    "options {options:?}, the oracle read {:?}",
                    read.options
                ));
            }
            let costs: Vec<u64> = p.options().map(|o| p.option_cost(o)).collect();
            if costs != read.costs {
                return Err(format!("costs {costs:?}, the oracle read {:?}", read.costs));
            }
            if p.warnings().len() != read.dropped.len() {
                return Err(format!(
                    "{} warnings, the oracle dropped {} options",
                    p.warnings().len(),
                    read.dropped.len()
                ));
            }
            check_problem(&p)
        }
        (Err(e), Err(at)) if (e.line, e.column) == at => Ok(()),
        (Err(e), Err(at)) => Err(format!("error `{e}`, the oracle stops at {at:?}")),
        (Ok(_), Err(at)) => Err(format!("read, but the oracle stops at {at:?}")),
        (Err(e), Ok(_)) => Err(format!("error `{e}`, but the oracle reads it")),
    }
}

/// A problem comes back the same from its text, and what the search finds (a few thousand
/// nodes of it) are exact covers.
fn check_problem(p: &Problem) -> Result<(), String> {
    let text = p.to_dlx();
    match Problem::from_dlx(&text) {
        Ok(again) if again.to_dlx() == text => {}
        Ok(again) => {
            return Err(format!(
                "written {text:?}, read back as {:?}",
                again.to_dlx()
            ))
        }
        Err(e) => return Err(format!("written {text:?}, read back: {e}")),
    }
    let arena = Arena::new();
    let mut solver = Solver::new(p, &arena);
    solver.set_limits(Limits::new().nodes(2000).solutions(20));
    for solution in solver.solutions() {
        check_cover(p, &solution)?;
    }
    Ok(())
}

/// Whether `solution` covers every primary item once (a bounded one a number of times within
/// its bounds), and every secondary item at most once or only with one colour.
fn check_cover(p: &Problem, solution: &[OptionId]) -> Result<(), String> {
    let mut covered: Vec<Vec<Option<ColorId>>> = vec![Vec::new(); p.item_count()];
    for &o in solution {
        for e in p.option(o) {
            covered[e.item.index()].push(e.color);
        }
    }
    for item in p.items() {
        let by = &covered[item.index()];
        let ok = match p.item_kind(item) {
            ItemKind::Primary => {
                let (min, max) = p.item_bounds(item).into_inner();
                (min as usize..=max as usize).contains(&by.len())
            }
            _ => by.len() <= 1 || (by[0].is_some() && by.iter().all(|c| *c == by[0])),
        };
        if !ok {
            let texts: Vec<String> = solution.iter().map(|&o| p.option_text(o)).collect();
            return Err(format!(
                "solution {texts:?} covers `{}` wrongly",
                p.item_name(item)
            ));
        }
    }
    Ok(())
}

/// Puzzles read in every format, variant and checking mode: errors point inside the input,
/// grids are whole, and each grid comes back the same from every format it can be written in.
fn check_sudoku(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = text::decode(bytes) else {
        return Ok(()); // the knuth target checks the decoder
    };
    let lines = line_count(text.as_bytes()).max(1);
    for format in [Format::Auto, Format::Line, Format::Block, Format::Token] {
        for variant in [Variant::Standard, Variant::X] {
            for check_givens in [false, true] {
                let options = ParseOptions::default()
                    .format(format)
                    .variant(variant.clone())
                    .check_givens(check_givens);
                match parse::parse_puzzles(&text, &options) {
                    Ok(puzzles) => {
                        for p in &puzzles {
                            if p.line == 0 || p.line > lines {
                                return Err(format!("puzzle on line {} of {lines}", p.line));
                            }
                            check_grid_round_trip(&p.grid)?;
                        }
                    }
                    Err(e) if e.line == 0 || e.line > lines + 1 => {
                        return Err(format!("error on line {} of {lines}: {e}", e.line));
                    }
                    Err(_) => {}
                }
                for result in parse::parse_each(&text, &options) {
                    let line = match &result {
                        Ok(p) => p.line,
                        Err(e) => e.line,
                    };
                    if line == 0 || line > lines + 1 {
                        return Err(format!("parse_each: line {line} of {lines}"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// A grid read back from its line, token and block writings is the same grid.
fn check_grid_round_trip(grid: &dlxkit::sudoku::Grid) -> Result<(), String> {
    let n = grid.size();
    if grid.cells().len() != n * n || grid.cells().iter().any(|&d| usize::from(d) > n) {
        return Err(format!("a grid of side {n} with cells {:?}", grid.cells()));
    }
    let shape = grid.shape();
    let mut writings: Vec<(Format, String)> = vec![(Format::Token, parse::to_tokens(grid))];
    if n <= 35 {
        writings.push((Format::Line, parse::to_line(grid)));
        writings.push((Format::Block, parse::to_pretty(grid)));
    }
    for (format, written) in writings {
        let options = ParseOptions::default()
            .format(format)
            .shape(shape)
            .check_givens(false);
        match parse::parse_grid(&written, &options) {
            Ok(again) if again.cells() == grid.cells() => {}
            Ok(again) => {
                return Err(format!(
                    "{format:?}: {written:?} read back as {:?}",
                    again.cells()
                ))
            }
            Err(e) => return Err(format!("{format:?}: {written:?} read back: {e}")),
        }
    }
    Ok(())
}

/// Colour names, some of them ones Knuth's format cannot write.
const COLOURS: [&str; 6] = ["red", "0", "", "a b", "x:y", "日本"];

/// The builder driven by the words of the input: its first line declares items, every other
/// line tries an option (by names, or by ids that may come from another builder and colours
/// that may not be writable). No call may panic, and a problem built must come back the same
/// from its text.
fn check_builder(bytes: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(bytes);
    let mut rng = Rng::new(bytes.iter().fold(17u64, |h, &b| {
        h.wrapping_mul(0x100_0000_01b3) ^ u64::from(b)
    }));
    let mut other = Problem::builder();
    let foreign: Vec<ItemId> = (0..64)
        .filter_map(|k| other.primary(&format!("f{k}")).ok())
        .collect();
    let mut b = Problem::builder();
    let mut lines = text.lines();
    let mut secondary = false;
    for word in lines.next().unwrap_or("").split_whitespace() {
        let name = match word.strip_prefix('|') {
            Some(rest) => {
                secondary = true;
                rest
            }
            None => word,
        };
        let _ = if secondary {
            b.secondary(name)
        } else {
            b.primary(name)
        };
    }
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let _ = if rng.below(2) == 0 {
            b.option_by_names(&words)
        } else {
            let entries = entries_of(&mut b, &words, &foreign, &mut rng);
            b.option(entries)
        };
    }
    match b.build() {
        Ok(p) => check_problem(&p),
        Err(_) => Ok(()),
    }
}

/// Entries for `words`: items looked up (or, now and then, an id of another builder) with the
/// colour after `:` (or, now and then, one of [`COLOURS`]).
fn entries_of(
    b: &mut ProblemBuilder,
    words: &[&str],
    foreign: &[ItemId],
    rng: &mut Rng,
) -> Vec<Entry> {
    let mut entries = Vec::new();
    for word in words {
        let (name, colour) = match word.split_once(':') {
            Some((name, colour)) => (name, Some(colour)),
            None => (*word, None),
        };
        let item = match b.item_id(name) {
            Some(item) if rng.below(16) != 0 => item,
            _ => foreign[rng.below(foreign.len())],
        };
        let colour: Option<Cow<str>> = match colour {
            Some(_) if rng.below(8) == 0 => Some(COLOURS[rng.below(COLOURS.len())].into()),
            Some(c) => Some(c.into()),
            None => None,
        };
        entries.push(match colour {
            Some(c) => Entry::colored(item, b.color(&c)),
            None => Entry::from(item),
        });
    }
    entries
}

// ---------------------------------------------------------------------------------------------
// Inputs that failed once, kept as regression cases.

/// Knuth-format inputs that were misread (or misreported) before, each with what it must give.
const KNUTH_REGRESSIONS: &[(&str, &str)] = &[
    // A byte-order mark at the start (issue 18, item 2).
    ("\u{feff}A B\nA\nB\n", "2 items, 2 options"),
    // A byte-order mark after the start.
    ("A B\nA \u{feff}B\n", "line 2, column 3"),
    // CR-only line ends (issue 18, item 3).
    ("A B\rA\rB\r", "2 items, 2 options"),
    // Columns in characters (issue 18, item 6).
    ("A | é\nA é:\n", "line 2, column 5"),
    // A cost entry (issue 15, Knuth's DLX5), which the oracle once read as an unknown item.
    ("1 2 | s1\n1 |1 s1\n2 |3 |4\n", "3 items, 2 options"),
    // A cost that is not digits, one past 64 bits, and options whose costs sum to 2^64 - 1.
    ("A\nA |1x\n", "line 2, column 3"),
    ("A\nA |18446744073709551616\n", "line 2, column 3"),
    ("A\nA |18446744073709551614\nA |1\n", "line 3, column 3"),
    // Bounds on the item line (issue 15, Knuth's DLX3), which the oracle once took for bad
    // names; a bound glued to the secondary bar, a zero, an upper bound below the lower, a
    // lone lower bound and a bound too large for 32 bits.
    ("1 2 3 4|s1 s2\n1 s1\n2 s1 s2\n3 s1\n", "5 items, 3 options"),
    ("A 0:2|B\nA B\nA\n", "2 items, 2 options"),
    ("A |2|X\nA X\n", "line 1, column 4"),
    ("A 0|B\nA B\n", "line 1, column 3"),
    ("A 3:2|B\nA B\n", "line 1, column 3"),
    ("A 2:B\nA\n", "line 1, column 3"),
    ("A 4294967296|B\nA B\n", "line 1, column 3"),
];

#[test]
fn fuzz_regression_knuth_format() {
    for (text, expected) in KNUTH_REGRESSIONS {
        let got = match Problem::from_dlx(text) {
            Ok(p) => format!("{} items, {} options", p.item_count(), p.option_count()),
            Err(e) => format!("line {}, column {}", e.line, e.column),
        };
        assert_eq!(&got, expected, "{text:?}");
        check_knuth(text.as_bytes()).unwrap_or_else(|why| panic!("{text:?}: {why}"));
    }
}

#[test]
fn fuzz_regression_builder_names_and_colours_that_knuths_format_cannot_hold() {
    // An item name that starts with a byte-order mark was accepted, and its problem's text
    // read back without it.
    let mut b = Problem::builder();
    assert_eq!(
        b.primary("\u{feff}é").unwrap_err().to_string(),
        "invalid name `\u{feff}é`: item names cannot contain a byte-order mark (U+FEFF)"
    );
    // Colours that cannot be written were accepted through ids.
    for colour in ["", "a b", "x\u{feff}"] {
        let mut b = Problem::builder();
        let a = b.primary("A").unwrap();
        let x = b.secondary("X").unwrap();
        let c = b.color(colour);
        let err = b
            .option([Entry::from(a), Entry::colored(x, c)])
            .unwrap_err();
        assert!(
            matches!(err, dlxkit::xc::ProblemError::InvalidName { .. }),
            "{colour:?}: {err}"
        );
        check_builder(format!("A | X\nA X:{colour}\n").as_bytes()).unwrap();
    }
}
