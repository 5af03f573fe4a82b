//! Regression tests of issue 26's `solve --reduce` item: the run's limits bound the reduction
//! too, and a reduction cut short says so (before, it ran unbounded whatever the flags).

use crate::cli_util::dlxkit;

/// Two solutions, and a reduction of more than one step.
const PROBLEM: &str = "A B C\nA B\nC\nA\nB C\n";

/// `dlxkit solve ARGS` on [`PROBLEM`]: exit code, standard output and standard error.
fn solve(args: &[&str]) -> (Option<i32>, String, String) {
    let out = dlxkit()
        .arg("solve")
        .args(args)
        .write_stdin(PROBLEM)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn solve_reduce_passes_its_node_limit_to_the_reduction() {
    let note = "dlxkit: reduced: removed 0 options and 0 items in 1 round (incomplete: node \
                limit after 1 step: equivalent to the input, not fully reduced)\n";
    // The count, the memoised count and the listing.
    for args in [
        &["--reduce", "--count", "--max-nodes", "1"][..],
        &["--reduce", "--count", "--memo", "--max-nodes", "1"][..],
        &["--reduce", "--max-nodes", "1"][..],
    ] {
        let (code, stdout, stderr) = solve(args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.starts_with(note), "{args:?}: {stderr}");
        if args.contains(&"--count") {
            assert_eq!(stdout, "0 (incomplete: node limit)\n", "{args:?}");
        }
    }
    // Without a limit, the whole reduction and the whole count.
    let (code, stdout, stderr) = solve(&["--reduce", "--count"]);
    assert_eq!((code, stdout.as_str()), (Some(0), "2\n"));
    assert_eq!(
        stderr,
        "dlxkit: reduced: removed 0 options and 0 items in 1 round\n"
    );
}

#[test]
fn solve_reduce_with_an_expired_deadline_searches_nothing_and_says_so() {
    let (code, stdout, stderr) = solve(&["--reduce", "--count", "--timeout", "0.000001"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stdout, "0 (incomplete: time limit)\n");
    assert!(stderr.contains("time limit"), "{stderr}");
}
