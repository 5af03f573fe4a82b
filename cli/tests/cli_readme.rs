//! The README's examples are tested here:
//!
//! - every `console` block is run, command by command, by `sh` in the repository root with
//!   the freshly built `dlxkit` first on the `PATH`, and its output (standard output and
//!   standard error together, as a terminal shows them) must be what the README shows —
//!   except times (`time` lines of `--stats`, `"elapsed_ms"` in JSON), which vary;
//! - the `rust` block is the body of [`readme_example`] below, word for word (a test checks
//!   that the two agree), so it is compiled and run with the other tests.

use std::path::Path;
use std::process::{Command, Stdio};

const README: &str = include_str!("../../README.md");
const THIS_FILE: &str = include_str!("cli_readme.rs");

// The README's library example, between the two marker comments, must be exactly the
// README's `rust` block (indented by four spaces here).
fn readme_example() -> Result<(), Box<dyn std::error::Error>> {
    // README example begins
    use dlxkit::sudoku::{ops, Grid, Shape};
    use dlxkit::xc::{Arena, Limits, Problem, Solver, Status};

    // Knuth's toy problem: A..E primary, F and G secondary.
    let problem = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;

    // The shortest paths: count the solutions, or take the first.
    assert_eq!(problem.count_solutions(), 1);
    let first = problem.first_solution().expect("a solution");
    let options: Vec<String> = first.iter().map(|&o| problem.option_text(o)).collect();
    assert_eq!(options, ["A D", "C E F", "B G"]);

    // The two-step form, for statistics and limits: a solver whose dancing links live in an arena.
    let arena = Arena::new();
    let mut solver = Solver::new(&problem, &arena);
    for solution in solver.solutions() {
        assert_eq!(solution, first);
    }
    let outcome = solver.count();
    assert_eq!(outcome.status, Status::Complete);
    let stats = &outcome.stats;
    assert_eq!((stats.solutions, stats.nodes, stats.updates), (1, 6, 30)); // as Knuth counts

    // Limits (solutions, nodes, a timeout, a cancel flag) stop a search; the status says why.
    solver.set_limits(Limits::new().nodes(3));
    assert_eq!(solver.count().status, Status::NodeLimit);

    // Sudoku: a grid is read with `parse` and written with `{}` (a line) or `{:#}` (a block).
    let grid: Grid = "1.343.1221.343.1".parse()?;
    let solution = ops::solve(&grid)?.expect("a solution");
    assert_eq!(format!("{solution}"), "1234341221434321");
    // A count stopped at its limit says so: the empty 4x4 grid has 288 solutions.
    let empty = Grid::empty(Shape::new(2, 2)?);
    assert_eq!(
        ops::count_solutions(&empty, 100)?,
        ops::SolutionCount::AtLeast(100)
    );
    assert_eq!(
        ops::count_solutions(&empty, 1000)?,
        ops::SolutionCount::Exact(288)
    );
    // README example ends
    Ok(())
}

/// The fenced blocks of the README with the given info string, each as its lines.
fn blocks(info: &str) -> Vec<Vec<&'static str>> {
    let fence = format!("```{info}");
    let mut out = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in README.lines() {
        match &mut current {
            None if line.trim_end() == fence => current = Some(Vec::new()),
            None => {}
            Some(_) if line.trim_end() == "```" => out.push(current.take().unwrap()),
            Some(lines) => lines.push(line),
        }
    }
    assert!(current.is_none(), "unclosed ```{info} block in README.md");
    out
}

#[test]
fn the_library_example_is_the_readme_rust_block() {
    let lines: Vec<&str> = THIS_FILE.lines().collect();
    let begin = lines
        .iter()
        .position(|l| l.trim() == "// README example begins")
        .unwrap();
    let end = lines
        .iter()
        .position(|l| l.trim() == "// README example ends")
        .unwrap();
    let here: Vec<&str> = lines[begin + 1..end]
        .iter()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect();
    let rust = blocks("rust");
    assert_eq!(rust.len(), 1, "README.md has one rust block");
    assert_eq!(
        rust[0], here,
        "the README's rust block and readme_example() in cli/tests/cli_readme.rs differ"
    );
    readme_example().unwrap();
}

/// Blanks what varies from run to run: the time of `--stats` and `"elapsed_ms"` in JSON.
fn normalise(line: &str) -> String {
    if line.starts_with("time ") {
        return "time <varies>".to_string();
    }
    let key = "\"elapsed_ms\":";
    match line.find(key) {
        Some(at) => {
            let start = at + key.len();
            let rest = &line[start..];
            let len = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
                .unwrap_or(rest.len());
            format!("{}<varies>{}", &line[..start], &rest[len..])
        }
        None => line.to_string(),
    }
}

/// The commands of a console block with the output shown after each.
fn commands(block: &[&'static str]) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for &line in block {
        match line.strip_prefix("$ ") {
            Some(cmd) => out.push((cmd, Vec::new())),
            None => out
                .last_mut()
                .expect("a console block starts with `$ command`")
                .1
                .push(line),
        }
    }
    out
}

#[cfg(unix)]
#[test]
fn the_readme_console_examples_print_what_they_show() {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_dlxkit")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut run = 0;
    for block in blocks("console") {
        for (cmd, expected) in commands(&block) {
            assert!(cmd.contains("dlxkit"), "`{cmd}` does not run dlxkit");
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("exec 2>&1\n{cmd}"))
                .current_dir(crate::ROOT)
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .stdin(Stdio::null())
                .output()
                .expect("sh runs");
            let actual = String::from_utf8(output.stdout).unwrap();
            let actual: Vec<String> = actual.lines().map(normalise).collect();
            let expected: Vec<String> = expected.iter().map(|l| normalise(l)).collect();
            assert_eq!(
                actual,
                expected,
                "README.md: `$ {cmd}` prints\n{}\n",
                actual.join("\n")
            );
            run += 1;
        }
    }
    assert!(run >= 10, "only {run} README commands found");
}

#[test]
fn normalise_blanks_only_times() {
    assert_eq!(normalise("time        0.003 ms"), "time <varies>");
    assert_eq!(
        normalise(r#"{"complete":true,"elapsed_ms":0.005,"options":[]}"#),
        r#"{"complete":true,"elapsed_ms":<varies>,"options":[]}"#
    );
    assert_eq!(normalise("nodes       6"), "nodes       6");
}
