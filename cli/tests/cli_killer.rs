//! Command-line tests of killer Sudoku: `dlxkit sudoku solve`, `count`, `check`, `explain`
//! and `rate` with `--variant killer` (exact output, both cage formats, standard input), and
//! every kind of bad input or usage with its exact message and exit 2.

use crate::cli_util::dlxkit;
use crate::cli_util::sudoku_quiet as run;

/// The Wikipedia killer (the first puzzle of `data/sudoku/killer.txt`), as a cage map.
const WIKIPEDIA: &str = "\
AABBBCDEF
GGHHCCDEF
GGIICJKKF
LMMINJKOF
LPPQNJOOR
SPTQNUVVR
STTQWUUXX
SYZWWaaXX
SYZWbbbcc
A=3 B=15 C=22 D=4 E=16 F=15 G=25 H=17 I=9 J=8 K=20 L=6 M=14 N=17 O=17
P=13 Q=20 R=12 S=27 T=6 U=20 V=6 W=10 X=14 Y=8 Z=16 a=15 b=13 c=17
";
const WIKIPEDIA_SOLVED: &str =
    "215647398368952174794381652586274931142593867973816425821739546659428713437165289";

/// Expects exit 2, nothing on stdout, and stderr starting with `message`.
fn fails_with(args: &[&str], stdin: &str, message: &str) {
    let out = dlxkit()
        .arg("sudoku")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with(message), "{args:?}: {stderr}");
}

#[test]
fn a_killer_is_solved_counted_and_its_solution_checked() {
    let solve = ["solve", "--variant", "killer"];
    assert_eq!(run(&solve, WIKIPEDIA, 0), format!("{WIKIPEDIA_SOLVED}\n"));
    assert_eq!(run(&["count", "--variant", "killer"], WIKIPEDIA, 0), "1\n");
    let json = run(
        &["solve", "--variant", "killer", "-f", "jsonl"],
        WIKIPEDIA,
        0,
    );
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["status"], "unique");
    assert_eq!(record["line"], 1);
    assert_eq!(record["solution"], WIKIPEDIA_SOLVED);
    assert_eq!(record["puzzle"], ".".repeat(81)); // no givens
                                                  // The same puzzle as a cage list gives the same answer.
    let list = dlxkit_list(WIKIPEDIA);
    assert_eq!(run(&solve, &list, 0), format!("{WIKIPEDIA_SOLVED}\n"));

    let check = [
        "check",
        "--variant",
        "killer",
        "--puzzles",
        "data/sudoku/killer.txt",
    ];
    let solutions =
        std::fs::read_to_string(format!("{}/data/sudoku/killer_solutions.txt", crate::ROOT))
            .unwrap();
    assert_eq!(run(&check, &solutions, 0), "valid\nvalid\nvalid\n");
    // Swap two digits of row 1 of the first solution: rows, columns and boxes still hold,
    // the cages do not.
    let swapped = solutions.replacen("2156", "1256", 1);
    assert_eq!(
        run(&check, &swapped, 1),
        "invalid: digit 1 appears twice in column 1 (r1c1 and r5c1)\nvalid\nvalid\n"
    );
}

#[test]
fn a_killer_is_explained_and_rated_with_the_cage_strategies() {
    let explain = run(&["explain", "--variant", "killer"], WIKIPEDIA, 0);
    let lines: Vec<&str> = explain.lines().collect();
    assert_eq!(lines[0], "# puzzle 1 (line 1): unique");
    assert_eq!(
        lines[1],
        "cage combination: r1c1+r1c2 = 3 is {1,2}: removes 3,4,5,6,7,8,9 from r1c1, r1c2"
    );
    assert!(
        lines.contains(
            &"rule of 45 on row 1: innies r1c6+r1c7+r1c8+r1c9 = 27 is {3,7,8,9}: removes \
              1,2,3,4,5,6 from r1c6, r1c9; 1 from r1c7"
        ),
        "{explain}"
    );
    assert_eq!(
        *lines.last().unwrap(),
        "solved in 119 steps: hardest rule of 45 (2.5, medium)"
    );
    // The placements, replayed, give the published solution.
    let mut grid = vec![b'.'; 81];
    for line in &lines[1..lines.len() - 1] {
        if let Some((_, cell)) = line.split_once(" -> ") {
            let (r, c) = cell[1..].split_once('c').unwrap();
            let at = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            let digit = line.split(": ").nth(1).unwrap().as_bytes()[0];
            grid[at] = if line.starts_with("rule of 45") {
                line.split(" = ").nth(1).unwrap().as_bytes()[0]
            } else if line.starts_with("direct hidden") {
                line.split("one place for ").nth(1).unwrap().as_bytes()[0]
            } else {
                digit
            };
        }
    }
    assert_eq!(String::from_utf8(grid).unwrap(), WIKIPEDIA_SOLVED);
    // JSON steps carry the sum and the combinations.
    let jsonl = run(
        &["explain", "--variant", "killer", "-f", "jsonl"],
        WIKIPEDIA,
        0,
    );
    let first: serde_json::Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&first["sum"], &first["combinations"]),
        (&serde_json::json!(3), &serde_json::json!(["12"]))
    );
    // Rated by its hardest step, with no guess.
    assert_eq!(
        run(&["rate", "--variant", "killer"], WIKIPEDIA, 0),
        "medium 2.5: rule of 45; hidden single 66, direct pointing 1, direct hidden pair 2, \
         naked single 12, cage combination 36, rule of 45 2; ER/EP/ED 2.5/2.5/2.4 (Hard)\n"
    );
}

/// The cage list of a cage map, written by hand: one line per cage, cells in reading order.
fn dlxkit_list(map: &str) -> String {
    let lines: Vec<&str> = map.lines().collect();
    let rows = &lines[..9];
    let sums: Vec<(char, u32)> = lines[9..]
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|w| {
            let (s, v) = w.split_once('=').unwrap();
            (s.chars().next().unwrap(), v.parse().unwrap())
        })
        .collect();
    let mut out = String::new();
    for (symbol, sum) in sums {
        let cells: Vec<String> = (0..81)
            .filter(|&c| rows[c / 9].as_bytes()[c % 9] == symbol as u8)
            .map(|c| format!("r{}c{}", c / 9 + 1, c % 9 + 1))
            .collect();
        out.push_str(&format!("{sum}: {}\n", cells.join(" ")));
    }
    out
}

#[test]
fn killers_with_givens_and_several_solutions() {
    // Two cages on a 4x4: 48 grids; a given cuts them down.
    let two = "size: 4\n3: r1c1 r1c2\n7: r1c3 r1c4\n";
    assert_eq!(run(&["count", "--variant", "killer"], two, 0), "48\n");
    let given = format!("givens: 1...............\n{two}");
    assert_eq!(run(&["count", "--variant", "killer"], &given, 0), "24\n");
    assert_eq!(
        run(&["solve", "--variant", "killer"], &given, 0),
        "multiple\n"
    );
    // A given that no filling of its cage can keep.
    let none = "size: 4\ngivens: 4...............\n3: r1c1 r1c2\n";
    fails_with(
        &["solve", "--variant", "killer"],
        none,
        "dlxkit: <stdin>:1: cage 1 (sum 3: r1c1 r1c2): no filling agrees with the givens\n",
    );
}

#[test]
fn bad_killer_input_is_reported_with_its_line() {
    let solve = ["solve", "--variant", "killer"];
    fails_with(
        &solve,
        "AB\nAB\nA=x\n",
        "dlxkit: <stdin>:3: `A=x` is not a sum: write SYMBOL=SUM, as in A=15\nhint: a killer \
         puzzle is a cage map",
    );
    fails_with(
        &solve,
        "AAB.\n.AB.\n....\n..A.\nA=10 B=7\n",
        "dlxkit: <stdin>:1: cage A (sum 10: r1c1 r1c2 r2c2 r4c3): its cells are not connected \
         (r4c3 touches no other cell of the cage side to side, directly or through others)\n",
    );
    fails_with(
        &solve,
        "size: 9\n\n\n10: r1c1 r1c2\n",
        "dlxkit: <stdin>:1: no cages",
    );
    fails_with(
        &solve,
        "size: 4\n3: r1c1 r1c2\n4: r1c2 r2c2\n",
        "dlxkit: <stdin>:1: r1c2 is in two cages: cage 1 (sum 3: r1c1 r1c2) and cage 2 (sum 4: \
         r1c2 r2c2)\n",
    );
    fails_with(
        &solve,
        "size: 4\n3: r1c1 r1c5\n",
        "dlxkit: <stdin>:2: r1c5 is outside the 4x4 grid\nhint:",
    );
    fails_with(
        &solve,
        "AB..\nAB..\n....\n....\nA=2 B=7\n",
        "dlxkit: <stdin>:1: cage A (sum 2: r1c1 r2c1): 2 cells cannot add up to 2 (their sum is \
         3 to 7)\n",
    );
    let big: String = (1..=3)
        .map(|r| {
            let cells: Vec<String> = (1..=8).map(|c| format!("r{r}c{c}")).collect();
            format!("36: {}\n", cells.join(" "))
        })
        .collect();
    fails_with(
        &["count", "--variant", "killer"],
        &format!("size: 9\n{big}"),
        "dlxkit: <stdin>:1: cage 3 (sum 36: r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8): the \
         fillings of the cages pass the limit of 100000",
    );
}

#[test]
fn killer_usage_errors() {
    fails_with(
        &["solve", "--variant", "killer", "--solver", "mrv"],
        WIKIPEDIA,
        "dlxkit: solver `mrv` cannot solve killer puzzles: use dlx\n",
    );
    fails_with(
        &["generate", "--variant", "killer"],
        WIKIPEDIA,
        "dlxkit: --variant killer is for `sudoku solve`, `count`, `check`, `explain` and \
         `rate`: killer puzzles are read with their cages, not generated\n",
    );
    fails_with(
        &["check", "--variant", "killer"],
        WIKIPEDIA_SOLVED,
        "dlxkit: check --variant killer needs --puzzles FILE: the killer puzzles, whose cages \
         the grids must fill\n",
    );
}
