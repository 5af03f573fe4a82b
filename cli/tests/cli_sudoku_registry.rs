//! The Sudoku subcommands ask the solver registry what a solver can do: a solver without an
//! ability the puzzles need is refused (exit 2) with the registry's message, on every path
//! (`solve`, `count`, `count --memo`), and a solver with it is not.

use dlxkit::sudoku::solvers::{info, Ability, SOLVERS};

use crate::cli_util::sudoku;

/// A 6x6 killer with three cages and many solutions.
const KILLER: &str = "size: 6\n3: r1c1 r1c2\n11: r2c1 r2c2\n7: r3c3 r4c3 r4c4\n";

/// A 4x4 sukaku: r1c1 is 1, every other cell open (72 solutions).
fn sukaku() -> String {
    format!("1...{}\n", "1234".repeat(15))
}

/// The registry's message for `solver` asked for `ability`, as the command line prints it.
fn refusal(solver: &str, ability: Ability) -> String {
    let err = info(solver).unwrap().require(ability).unwrap_err();
    format!("dlxkit: {err}\n")
}

#[test]
fn solvers_without_an_ability_are_refused_with_the_registrys_message() {
    let sukaku = sukaku();
    let cases: [(&[&str], &str, Ability); 4] = [
        (&["solve", "--variant", "killer"], KILLER, Ability::Killer),
        (&["count", "--variant", "killer"], KILLER, Ability::Killer),
        (&["count"], &sukaku, Ability::PencilMarks),
        (
            &["count", "--memo"],
            "....\n....\n....\n....\n",
            Ability::MemoCount,
        ),
    ];
    let mut refused = 0;
    for (args, input, ability) in cases {
        for solver in &SOLVERS {
            let args: Vec<&str> = args
                .iter()
                .copied()
                .chain(["--solver", solver.name, "-q"])
                .collect();
            if solver.can(ability) {
                let (stdout, stderr) = sudoku(&args, input, 0);
                assert!(
                    !stdout.is_empty() && stderr.is_empty(),
                    "{args:?}: {stderr}"
                );
            } else {
                let (stdout, stderr) = sudoku(&args, input, 2);
                assert_eq!(stdout, "");
                assert!(
                    stderr.starts_with(&refusal(solver.name, ability)),
                    "{args:?}: {stderr}"
                );
                refused += 1;
            }
        }
    }
    // Four backtracking solvers refused on each of the four paths.
    assert_eq!(refused, 16);
    assert_eq!(
        refusal("naive", Ability::Killer),
        "dlxkit: solver `naive` cannot solve killer puzzles: use dlx\n"
    );
}
