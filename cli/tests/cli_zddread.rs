//! ZDDs in Knuth's format both ways, pinned without his programs (CI cannot fetch them):
//! `tests/knuth_inputs/zdd/` holds ZDDs written by his DLX6 and by `dlxkit solve --zdd
//! --zdd-format knuth`, each beside what his ZDDREAD programs printed on it
//! (`zddread-all.sh` there, run outside the repository; the folder's README names the
//! sources). Here `dlxkit zdd FILE --count/--gf/--best/--list/--sample` must print what ZDDREAD
//! did on the same files, and dlxkit's writer must still write those files byte for byte, so
//! a change to the writer or the reader fails a test rather than only Knuth's programs.

use std::collections::BTreeSet;

use dlxkit::xc::memo::{self, MemoOptions};
use dlxkit::xc::{OptionId, Problem};

use crate::cli_util::dlxkit;

/// The inputs (`tests/knuth_inputs/NAME.dlx`) and whether DLX6 reads them: it refuses item
/// bounds ("Illegal character in item name": its dlx6.w parses items as DLX2 does, with no
/// `u:v|` multiplicities), so the bounded ones have only dlxkit's ZDD, which ZDDREAD read.
const INPUTS: &[(&str, bool)] = &[
    // Plain: primary items only, or with secondary items.
    ("pentominoes-4x5", true),
    ("queens-5", true),
    ("queens-6", true),
    ("queens-8", true),
    // 52^12 solutions, past 2^64: DLX6's own count wraps, ZDDREAD's and ours do not.
    ("bell-5x12", true),
    // Coloured.
    ("de-bruijn-0-2-4", true),
    ("de-bruijn-0-2-5", true),
    ("de-bruijn-1-2-4", true),
    // Bounded (and coloured).
    ("motley-3-3", false),
    ("motley-4-4", false),
    ("redrect-3-4", false),
];

fn file(name: &str) -> String {
    format!("tests/knuth_inputs/{name}")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{}/{}", crate::ROOT, file(name))).unwrap()
}

/// The standard output of `dlxkit zdd ZDD ARGS`, which must exit 0.
fn zdd(path: &str, args: &[&str]) -> String {
    let out = dlxkit().arg("zdd").arg(path).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{path} {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The sections of `zddread-all.sh`'s output: (`== program args` heading, lines).
fn sections(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        match line.strip_prefix("== ") {
            Some(head) => out.push((head.to_string(), Vec::new())),
            None => out.last_mut().unwrap().1.push(line.to_string()),
        }
    }
    out
}

/// A solution as ZDDREAD prints it (variables, DLX6's dummy root 0 first) as dlxkit's option
/// numbers from 1 (the same numbers without the 0).
fn without_root(vars: &str) -> String {
    let mut vars = vars.split_whitespace();
    assert_eq!(vars.next(), Some("0"), "DLX6's dummy root first");
    vars.collect::<Vec<_>>().join(" ")
}

fn as_set(line: &str) -> BTreeSet<u32> {
    line.split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

/// Checks `dlxkit zdd` against ZDDREAD's output `expected` on the ZDD file `path` of the
/// problem `problem` (whose options every printed solution must solve). Returns the count.
fn agrees_with_zddread(path: &str, expected: &str, problem: &Problem) -> String {
    let what = |s: &str| format!("{path}: {s}");
    let is_solution = |line: &str| {
        let options: Vec<OptionId> = line
            .split_whitespace()
            .map(|v| OptionId::new(v.parse::<usize>().unwrap() - 1))
            .collect();
        assert!(problem.check_solution(&options).is_ok(), "{}", what(line));
    };
    let mut count = None;
    let mut listed: Option<Vec<String>> = None;
    // Our listing, where it is short enough to print (the count comes first).
    let mut ours: Option<String> = None;
    for (head, lines) in sections(expected) {
        match head.as_str() {
            "zddread-count" => {
                // "4 solutions."
                let n = lines[0].strip_suffix(" solutions.").unwrap();
                assert_eq!(zdd(path, &["--count"]), format!("{n}\n"), "{}", what(&head));
                if n.len() <= 6 {
                    let list = zdd(path, &["--list"]);
                    assert_eq!(list.lines().count().to_string(), n, "{}", what("--list"));
                    ours = Some(list);
                }
                count = Some(n.to_string());
            }
            "zddread-gf" => {
                // "The generating function coefficients are 1 0 4 (* z^5..z^7)." The powers
                // count DLX6's dummy root: one more than the options.
                let text = lines[0]
                    .strip_prefix("The generating function coefficients are ")
                    .unwrap();
                let (coefficients, powers) = text.split_once(" (* z^").unwrap();
                let low: usize = powers.split_once("..").unwrap().0.parse().unwrap();
                let mut gf = String::new();
                for (k, c) in coefficients.split(' ').enumerate() {
                    if c != "0" {
                        gf += &format!("{} {c}\n", low + k - 1);
                    }
                }
                assert_eq!(zdd(path, &["--gf"]), gf, "{}", what(&head));
            }
            "zddread-minsols" => {
                // " 0 24 28 13 (length 4)", then " and more..." if another is as short.
                let (vars, length) = lines[0].split_once(" (length ").unwrap();
                let weight: usize = length.strip_suffix(')').unwrap().parse::<usize>().unwrap() - 1;
                let first = without_root(vars);
                is_solution(&first);
                // How many are as light: our generating function's lowest coefficient. More
                // than one iff ZDDREAD says so.
                let gf = zdd(path, &["--gf"]);
                let (k, ties) = gf.lines().next().unwrap().split_once(' ').unwrap();
                assert_eq!(k.parse::<usize>().unwrap(), weight, "{}", what("--gf"));
                let ties: usize = ties.parse().unwrap();
                let more = lines.get(1).map(String::as_str) == Some(" and more...");
                assert_eq!(ties > 1, more, "{}: another as light", what(&head));
                // `--best` gives them all first, ZDDREAD's among them, then a heavier one.
                let best = zdd(path, &["--best", &(ties + 1).to_string()]);
                let best: Vec<(usize, &str)> = best
                    .lines()
                    .map(|l| {
                        let (w, options) = l.split_once(": ").unwrap();
                        (w.parse().unwrap(), options)
                    })
                    .collect();
                assert!(
                    best[..ties].iter().all(|&(w, _)| w == weight),
                    "{}",
                    what("--best")
                );
                assert!(
                    best.get(ties).is_none_or(|&(w, _)| w > weight),
                    "{}",
                    what("--best")
                );
                assert!(
                    best[..ties]
                        .iter()
                        .any(|(_, l)| as_set(l) == as_set(&first)),
                    "{}: ZDDREAD's lightest is one of ours",
                    what(&head)
                );
                for (_, l) in &best {
                    is_solution(l);
                }
                if let Some(ours) = &ours {
                    let lightest: BTreeSet<BTreeSet<u32>> = ours
                        .lines()
                        .filter(|l| l.split_whitespace().count() == weight)
                        .map(as_set)
                        .collect();
                    let found: BTreeSet<BTreeSet<u32>> =
                        best[..ties].iter().map(|(_, l)| as_set(l)).collect();
                    assert_eq!(found, lightest, "{}", what("--best: the lightest"));
                }
            }
            "zddread-sols" => {
                // "0: 0 19 27 10": every solution, walking lo before hi, so our listing (hi
                // first, the order the search found them) backwards.
                let theirs: Vec<String> = lines
                    .iter()
                    .enumerate()
                    .map(|(k, l)| without_root(l.strip_prefix(&format!("{k}: ")).unwrap()))
                    .collect();
                let mut backwards: Vec<&str> = ours.as_deref().unwrap().lines().collect();
                backwards.reverse();
                assert_eq!(
                    backwards,
                    theirs,
                    "{}: the same solutions, reversed",
                    what(&head)
                );
                for l in &theirs {
                    is_solution(l);
                }
                listed = Some(theirs);
            }
            h if h.starts_with("zddread-random") => {
                // Uniform samples by Knuth's generator: solutions of the problem, in our list
                // where we printed one.
                let ours: Option<BTreeSet<BTreeSet<u32>>> =
                    ours.as_ref().map(|o| o.lines().map(as_set).collect());
                assert!(!lines.is_empty());
                for l in &lines {
                    let sample = without_root(l);
                    is_solution(&sample);
                    if let Some(ours) = &ours {
                        assert!(ours.contains(&as_set(&sample)), "{}", what(l));
                    }
                }
            }
            _ => panic!("{}: unknown section", what(&head)),
        }
    }
    // Our samples are among ZDDREAD's solutions where it listed them (else: solutions).
    for l in zdd(path, &["--sample", "5", "--seed", "3"]).lines() {
        match &listed {
            Some(theirs) => assert!(theirs.iter().any(|t| as_set(t) == as_set(l)), "{}", what(l)),
            None => is_solution(l),
        }
    }
    count.expect("a zddread-count section")
}

/// The number of solutions by the library's memoised count, and by dancing links too where
/// that is quick: independent of the ZDD files.
fn count_of(name: &str, problem: &Problem) -> String {
    let counted = memo::count(problem, &MemoOptions::new()).unwrap();
    let count = counted.count.to_string();
    if count.len() <= 6 {
        assert_eq!(
            problem.count_solutions().to_string(),
            count,
            "{name}: dancing links"
        );
    }
    count
}

#[test]
fn dlx6s_zdds_read_by_dlxkit_print_what_zddread_prints() {
    let mut checked = 0;
    for &(name, _) in INPUTS.iter().filter(|(_, dlx6)| *dlx6) {
        let problem = Problem::from_dlx(&read(&format!("{name}.dlx"))).unwrap();
        let count = agrees_with_zddread(
            &file(&format!("zdd/{name}.dlx6.zdd")),
            &read(&format!("zdd/{name}.dlx6.zddread")),
            &problem,
        );
        assert_eq!(count, count_of(name, &problem), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 8);
}

#[test]
fn dlxkits_knuth_zdds_are_the_files_zddread_read() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_zddread");
    std::fs::create_dir_all(&dir).unwrap();
    for &(name, _) in INPUTS {
        let problem = Problem::from_dlx(&read(&format!("{name}.dlx"))).unwrap();
        let written = dir.join(format!("{name}.zdd"));
        let count = count_of(name, &problem);
        dlxkit()
            .args(["solve", &file(&format!("{name}.dlx")), "--count"])
            .args(["--zdd-format", "knuth", "--zdd"])
            .arg(&written)
            .assert()
            .code(0)
            .stdout(format!("{count}\n"));
        let stored = file(&format!("zdd/{name}.dlxkit.zdd"));
        assert!(
            std::fs::read_to_string(&written).unwrap() == read(&format!("zdd/{name}.dlxkit.zdd")),
            "{name}: the writer no longer writes {stored}, the file ZDDREAD read \
             (regenerate it and its .zddread as tests/knuth_inputs/README.md says)"
        );
        let read_back = agrees_with_zddread(
            &stored,
            &read(&format!("zdd/{name}.dlxkit.zddread")),
            &problem,
        );
        assert_eq!(read_back, count, "{name}: ZDDREAD-COUNT");
    }
}
