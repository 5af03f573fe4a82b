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

/// The fenced blocks (indented or not) with the given info string in the README's section
/// whose heading starts with `heading`, each de-indented to its fence.
fn section_blocks(heading: &str, info: &str) -> Vec<Vec<String>> {
    let start = README.find(heading).expect("the section is in README.md");
    let section = &README[start + heading.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let fence = format!("```{info}");
    let mut out = Vec::new();
    let mut current: Option<(usize, Vec<String>)> = None;
    for line in section.lines() {
        let indent = line.len() - line.trim_start().len();
        match &mut current {
            None if line.trim() == fence => current = Some((indent, Vec::new())),
            None => {}
            Some(_) if line.trim() == "```" => out.push(current.take().unwrap().1),
            Some((at, lines)) => lines.push(line.get(*at..).unwrap_or("").to_string()),
        }
    }
    out
}

/// Runs `script` by `sh` in `dir` with `dlxkit` first on the `PATH` and `env` set; its exit
/// code, standard output and standard error.
#[cfg(unix)]
fn sh_in(dir: &Path, script: &str, env: &[(&str, String)]) -> (Option<i32>, String, String) {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", bin_path())
        .stdin(Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    let output = command.output().expect("sh runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(unix)]
fn bin_path() -> std::ffi::OsString {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_dlxkit")).parent().unwrap();
    std::env::join_paths(
        std::iter::once(bin_dir.to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap()
}

/// The Kubernetes recipe cannot run in CI (no cluster), so it is checked as far as it can be
/// without one: its two YAML blocks parse as YAML (Python's `yaml`), the first is an
/// Indexed Job whose pods never restart in place (a `podFailurePolicy` needs that), the
/// second's `backoffLimitPerIndex` retries each index on its own and its `podFailurePolicy`
/// names the job's container and fails the job on exactly the exit code of bad input; and
/// dlxkit gives that code for bad input and a retry code (75) for a shard cut short.
#[cfg(unix)]
#[test]
fn the_kubernetes_recipe_is_valid_yaml_and_fails_the_job_only_on_bad_input() {
    eprintln!(
        "!! no Kubernetes cluster in CI: the README's Indexed Job is checked (YAML, policy, \
         exit codes), NOT run on a cluster"
    );
    let yaml = section_blocks("## Many cores, many machines", "yaml");
    assert_eq!(yaml.len(), 2, "the Job and its failure policy: {yaml:?}");
    let check = r#"
import json, sys, yaml
job, patch = (yaml.safe_load(t) for t in sys.argv[1:3])
assert (job["apiVersion"], job["kind"]) == ("batch/v1", "Job"), job
spec, extra = job["spec"], patch["spec"]
assert spec["completionMode"] == extra["completionMode"] == "Indexed"
pod = spec["template"]["spec"]
assert pod["restartPolicy"] == "Never", pod
names = [c["name"] for c in pod["containers"]]
limit = extra["backoffLimitPerIndex"]
assert isinstance(limit, int) and limit > 0, limit
fail = []
for rule in extra["podFailurePolicy"]["rules"]:
    assert rule["action"] in ("FailJob", "FailIndex", "Ignore", "Count"), rule
    codes = rule.get("onExitCodes")
    assert (codes is None) != (rule.get("onPodConditions") is None), rule
    if codes is not None:
        assert codes["containerName"] in names, (codes, names)
        assert codes["operator"] == "In" and codes["values"], codes
        if rule["action"] == "FailJob":
            fail += codes["values"]
print(json.dumps(sorted(fail)))
"#;
    let run = Command::new("python3")
        .args(["-c", check, &yaml[0].join("\n"), &yaml[1].join("\n")])
        .output();
    let missing = match &run {
        Err(e) => Some(format!("python3 cannot run: {e}")),
        Ok(out) if String::from_utf8_lossy(&out.stderr).contains("No module named 'yaml'") => {
            Some("python3 has no yaml module (Debian's python3-yaml)".to_string())
        }
        Ok(_) => None,
    };
    if let Some(why) = missing {
        eprintln!("!! {why}: the Kubernetes recipe's YAML was NOT checked");
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI must install python3-yaml"
        );
        return;
    }
    let out = run.unwrap();
    assert!(
        out.status.success(),
        "the Kubernetes recipe: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fail: Vec<i32> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(fail, [2], "the job fails at once on bad input only");
    // The codes it relies on: bad input 2 (the job fails), a shard cut short 75 (retried; a
    // signal's 143 is asserted in cli_shards.rs).
    let dir = std::env::temp_dir().join(format!("dlxkit-readme-k8s-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, _, _) = sh_in(&dir, "dlxkit queens 10 --emit dlx > p.dlx", &[]);
    assert_eq!(code, Some(0));
    let (code, _, _) = sh_in(&dir, "dlxkit solve p.dlx --count --shard 100/100", &[]);
    assert_eq!(code, Some(2), "a bad shard index is bad input");
    let (code, _, _) = sh_in(
        &dir,
        "dlxkit solve p.dlx --count --shard 7/100 --max-nodes 2",
        &[],
    );
    assert_eq!(code, Some(75), "a shard cut short is retried");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The many-machines recipes as the README writes them: the Slurm script run as plain `sh`
/// once per array index (as each array task runs it), the Kubernetes container's command once
/// per completion index (its `/data` and `/results` mounts made directories here), GNU
/// parallel's line (where `parallel` is installed: twice, the second run re-running
/// nothing), the two self-splitting commands (the part the second runs is the one the first
/// names), and the checkpoint's two commands (the first stopped by SIGTERM, the second going
/// on to the sequential count). `.ci/schedulers` runs the Slurm and parallel recipes under the
/// real schedulers.
#[cfg(unix)]
#[test]
fn the_many_machines_recipes_run_as_written() {
    let heading = "## Many cores, many machines";
    let dir = std::env::temp_dir().join(format!("dlxkit-readme-recipes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let fresh_results = || {
        let _ = std::fs::remove_dir_all(dir.join("results"));
        std::fs::create_dir_all(dir.join("results")).unwrap();
    };
    let ok = |(code, out, err): (Option<i32>, String, String), what: &str| {
        assert_eq!(code, Some(0), "{what}: {err}");
        out
    };
    ok(
        sh_in(
            &dir,
            "dlxkit queens 10 --emit dlx > problem.dlx && cp problem.dlx data/",
            &[],
        ),
        "problem.dlx",
    );
    let sequential = ok(
        sh_in(&dir, "dlxkit solve problem.dlx --count", &[]),
        "count",
    );
    assert_eq!(sequential, "724\n");
    let blocks = section_blocks(heading, "sh");
    let find = |mark: &str| {
        blocks
            .iter()
            .find(|b| b.iter().any(|l| l.contains(mark)))
            .unwrap_or_else(|| panic!("no sh block with `{mark}` in the README's {heading}"))
            .join("\n")
    };

    // Slurm: the job script, as each task of the array runs it.
    let slurm = find("#SBATCH --array=");
    let last: usize = slurm
        .split("#SBATCH --array=0-")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("the array's last index");
    fresh_results();
    for task in 0..=last {
        let run = sh_in(&dir, &slurm, &[("SLURM_ARRAY_TASK_ID", task.to_string())]);
        ok(run, &format!("the Slurm script as task {task}"));
    }
    let merged = ok(sh_in(&dir, "dlxkit merge results/*.jsonl", &[]), "merge");
    assert_eq!(merged, sequential, "the Slurm array's shards merge");

    // Kubernetes: the Indexed Job's container command, once per completion index.
    let yaml = section_blocks(heading, "yaml");
    let job = yaml
        .iter()
        .find(|b| b.iter().any(|l| l.contains("command:")))
        .expect("the Indexed Job");
    let command_line = job.iter().find(|l| l.contains("command:")).unwrap();
    let command: Vec<String> =
        serde_json::from_str(command_line.split_once("command:").unwrap().1.trim())
            .expect("the container's command is a flow sequence of strings");
    assert_eq!(command[..2], ["sh", "-c"]);
    let completions: usize = job
        .iter()
        .find_map(|l| l.trim().strip_prefix("completions: "))
        .and_then(|n| n.parse().ok())
        .expect("completions: N");
    let mounted = command[2]
        .replace("/data/", &format!("{}/data/", dir.display()))
        .replace("/results/", &format!("{}/results/", dir.display()));
    fresh_results();
    for index in 0..completions {
        let run = sh_in(
            &dir,
            &mounted,
            &[("JOB_COMPLETION_INDEX", index.to_string())],
        );
        ok(run, &format!("the pod of index {index}"));
    }
    let merged = ok(sh_in(&dir, "dlxkit merge results/*.jsonl", &[]), "merge");
    assert_eq!(merged, sequential, "the Indexed Job's shards merge");
    // Its podFailurePolicy fails the job on the exit of bad input and retries the others.
    let policy = yaml
        .iter()
        .find(|b| b.iter().any(|l| l.contains("podFailurePolicy")))
        .expect("the podFailurePolicy")
        .join("\n");
    assert!(policy.contains("action: FailJob") && policy.contains("values: [2]"));
    let (code, _, _) = sh_in(
        &dir,
        "dlxkit solve problem.dlx --count --shard 100/100",
        &[],
    );
    assert_eq!(code, Some(2), "a bad shard index is bad input");
    let (code, out, _) = sh_in(
        &dir,
        "dlxkit solve problem.dlx --count --shard 7/100 --max-nodes 2",
        &[],
    );
    assert_eq!(code, Some(75), "a shard cut short is retried: {out}");

    // GNU parallel, twice: the second run, with the first's job log, runs nothing again.
    let parallel = find("parallel --joblog");
    let have_parallel = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if have_parallel {
        fresh_results();
        let env = [("N", "24".to_string())];
        let script = format!("N=24\n{parallel}");
        assert_eq!(ok(sh_in(&dir, &script, &env), "parallel"), sequential);
        let log = std::fs::read_to_string(dir.join("shards.log")).unwrap();
        assert_eq!(ok(sh_in(&dir, &script, &env), "parallel again"), sequential);
        let again = std::fs::read_to_string(dir.join("shards.log")).unwrap();
        assert_eq!(again.lines().count(), log.lines().count(), "{again}");
    } else {
        eprintln!("!! GNU parallel is not installed: the README's parallel recipe was NOT run");
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI must install GNU parallel"
        );
    }

    // Shards that split themselves: the part the second command runs is the one the first
    // names in its line, as the comment says.
    let split = find("--split-after");
    let lines: Vec<&str> = split.lines().collect();
    assert_eq!(lines.len(), 2, "{split}");
    for line in &lines {
        ok(sh_in(&dir, line, &[]), line);
    }
    let shown = lines[0]
        .split_once("# ")
        .expect("the first line shows its continuation")
        .1;
    let first = std::fs::read_to_string(dir.join("7.jsonl")).unwrap();
    assert!(first.contains(shown), "7.jsonl is {first}");
    let part = lines[1].split('\'').nth(1).expect("--from 'PART'");
    assert!(
        shown.contains(&format!("\"{part}\"")),
        "{shown} does not name {part}"
    );

    // Checkpoints: the first command stopped by SIGTERM, the second goes on to the count.
    let checkpoint = find("--checkpoint");
    let lines: Vec<&str> = checkpoint.lines().collect();
    assert_eq!(lines.len(), 2, "{checkpoint}");
    ok(
        sh_in(&dir, "dlxkit queens 13 --emit dlx > big.dlx", &[]),
        "big.dlx",
    );
    let stopped = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {}", lines[0]))
        .current_dir(&dir)
        .env("PATH", bin_path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    crate::cli_util::wait_until_caught(stopped.id(), 15);
    std::thread::sleep(std::time::Duration::from_millis(300));
    crate::cli_util::send("TERM", stopped.id());
    let ended = crate::cli_util::end_within_30_seconds(stopped);
    assert!(
        matches!(ended.code, Some(143) | Some(0)),
        "{:?}: {}",
        ended.code,
        ended.stderr
    );
    assert!(dir.join("big.ckpt").exists(), "{}", ended.stderr);
    let resumed = ok(sh_in(&dir, lines[1], &[]), "resume");
    assert_eq!(resumed.lines().next(), Some("73712"), "{resumed}");
    let _ = std::fs::remove_dir_all(&dir);
}
