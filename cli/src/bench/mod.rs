//! `dlxkit bench`: DLX against the backtracking Sudoku solvers on puzzle files, or (with
//! `--engine`) the exact cover engine on the puzzle encoders.
//!
//! The measuring is the library's ([`dlxkit::bench`], shared with the criterion benches);
//! this module reads the arguments, runs the (file, solver) pairs with a progress bar,
//! prints a table per file (or JSON) and writes the `--out` files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum, ValueHint};
use dlxkit::bench::{
    self, engine, memo,
    stats::{self, Ratio, Summary},
    BenchError, Mode, RunOptions, Sample, SolverRun, Workload, DEFAULT_NODE_LIMIT, DEFAULT_WARMUP,
};
use dlxkit::sudoku::solvers::{by_name, Answer, SOLVER_NAMES};
use dlxkit::xc::plan::Engine;
use rayon::prelude::*;
use serde::Serialize;

mod chart;
mod parallel;
mod report;

use super::output::{Format, Output};
use super::progress::CountBar;
use super::search::parse_seconds;
use super::{interrupt, jobs, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit bench data/sudoku/pe96_easy50.txt                       every solver on 50 easy puzzles
  dlxkit bench --solvers dlx,mrv --sample 200 --time 60 data/sudoku/magictour_top1465.txt
  dlxkit bench --permute --seed 7 --out results data/sudoku/*.txt  tables, CSV, JSON and SVG charts
  dlxkit bench --engine                                           the exact cover engine alone

Each solver solves every puzzle of each file in the same process and in the same way:
parsing and checking happen before the timing, each solver first solves a few puzzles
untimed (--warmup), then the puzzles are solved one by one, in a random order fixed by
--seed (with --permute, each replaced by a random equivalent puzzle), each timed on its own.

The table has, for each solver (as tdoku's benchmark has): the puzzles solved, puzzles
solved per second and microseconds per puzzle of solving time (the CPU time of the loop of
solves where the system measures it, marked `cpu`, else the sum of their wall-clock times,
marked `wall`: parsing and checking the solutions are outside it), the guesses per puzzle
solved and the share of puzzles solved without a guess; then the mean assignments (digits
put in a cell; for dlx, search-tree nodes), the
median, 99th percentile and maximum wall-clock time per puzzle solved, the puzzles stopped
by the node limit or the time budget, the puzzles skipped (budget spent), and the time of
the solver over the time of dlx on the puzzles both solved (2.00: twice as slow as dlx; of
the CPU times when both solved every puzzle, else of the common puzzles' wall-clock times).

With --out DIR: records.csv and records.json (one row per puzzle per solver),
summary.json, and two SVG charts per file: FILE-times.svg (share of puzzles solved
within a time, log scale) and FILE-assignments.svg (assignments against time per puzzle).

Exit status: 0 when done, 2 for bad input or usage, 130 if interrupted by Ctrl-C (the
tables then cover what was done).";

/// How many solutions each solve looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Stop at the first solution (limit 1)
    First,
    /// Prove the solution unique: stop at the second one (limit 2)
    #[default]
    Unique,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::First => Mode::First,
            ModeArg::Unique => Mode::Unique,
        }
    }
}

// Arguments of `dlxkit bench`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct BenchArgs {
    /// Puzzle files (one puzzle per line, or any format the Sudoku reader accepts)
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath,
          required_unless_present = "engine")]
    pub files: Vec<PathBuf>,

    /// The solvers to run, separated by commas (dlx is the baseline of the ratios)
    #[arg(long, value_delimiter = ',', value_name = "NAMES", default_values = SOLVER_NAMES)]
    pub solvers: Vec<String>,

    /// First solution only, or proof of uniqueness (as the reference benchmarks)
    #[arg(long, value_enum, default_value_t, value_name = "MODE")]
    pub mode: ModeArg,

    /// Search nodes allowed per puzzle (0: no limit); a puzzle that needs more is counted as a limit hit
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT, value_name = "N")]
    pub node_limit: u64,

    /// Time budget per solver per file, in seconds; the puzzles left when it runs out are counted as skipped
    #[arg(long = "time", value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<Duration>,

    /// Seed of the puzzle order and of the permutations
    #[arg(long, default_value_t = 1, value_name = "SEED")]
    pub seed: u64,

    /// (file, solver) runs done at the same time (0: one per core; at most one per run and 4 per core); more than 1 makes the timings less reliable
    #[arg(short, long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,

    /// Replace each puzzle by a random equivalent one (digits relabelled, rows, columns, bands and stacks permuted, transposed)
    #[arg(long)]
    pub permute: bool,

    /// Only the first N puzzles of each file
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,

    /// Puzzles each solver solves untimed before the timed run
    #[arg(long, default_value_t = DEFAULT_WARMUP, value_name = "N")]
    pub warmup: usize,

    /// Write the raw results (CSV, JSON) and SVG charts into this directory
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub out: Option<PathBuf>,

    /// Output format of the summary
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,

    /// Time the exact cover engine on the puzzle encoders instead (queens 12, Langford 11, pentominoes 6x10 restricted, dominoes 6x6, 20 queens with costs, two per line 7x7 with bounds; with --jobs N, queens 14, Langford 12 and pentominoes 6x10 on 1 and N threads)
    #[arg(long, conflicts_with_all = ["files", "permute", "sample", "out", "mode", "solvers"])]
    pub engine: bool,

    /// With --engine: runs per case (the best time is kept; with --engines, a search under 20 ms is repeated until its repeats take 20 ms and their mean is the run's time; with --jobs, the median of runs on 1 and N threads in turn)
    #[arg(long, default_value_t = 3, value_name = "N", requires = "engine")]
    pub runs: usize,

    /// With --engine and --jobs N (N > 1): shards per thread of the parallel runs
    #[arg(long, default_value_t = crate::parallel::SHARDS_PER_THREAD, value_name = "K", requires = "engine")]
    pub shards_per_thread: usize,

    /// With --engine: these engines side by side on each case (e.g. links,bits,cells), the runs interleaved, each engine's best time and its ratio to the links'
    #[arg(long, value_name = "ENGINES", value_delimiter = ',', value_parser = parse_engine,
          requires = "engine", conflicts_with_all = ["memo", "jobs"])]
    pub engines: Vec<Engine>,

    /// With --engine: time the memoised search instead (domino tilings, 6x6 Sudoku grids, mono/domino/tromino tilings, 12 queens), with dancing links beside it where it finishes
    #[arg(long, requires = "engine")]
    pub memo: bool,
}

/// The results of every solver on one file.
struct FileResult {
    name: String,
    puzzles: usize,
    runs: Vec<SolverRun>,
}

/// One solver's line of the JSON summary.
#[derive(Serialize)]
struct SolverLine {
    #[serde(flatten)]
    summary: Summary,
    ratio: Option<Ratio>,
}

/// One file of the JSON summary.
#[derive(Serialize)]
struct FileLine<'a> {
    file: &'a str,
    puzzles: usize,
    baseline: &'a str,
    solvers: Vec<SolverLine>,
}

/// The whole JSON summary.
#[derive(Serialize)]
struct JsonSummary<'a> {
    mode: &'static str,
    seed: u64,
    permute: bool,
    node_limit: Option<u64>,
    time_budget_s: Option<f64>,
    warmup: usize,
    jobs: usize,
    files: Vec<FileLine<'a>>,
}

/// Runs `dlxkit bench`.
pub fn run(args: &BenchArgs, ctx: &Context) -> Result<Exit, CliError> {
    if args.engine {
        return run_engine(args, ctx);
    }
    let solvers = solver_names(&args.solvers)?;
    // A budget too long for any clock (`--time 1e20`) is no budget.
    let budget = args.time.filter(|&t| t != Duration::MAX);
    let mut workloads = Vec::new();
    for path in &args.files {
        let mut sample = Sample::load(path).map_err(input_error)?;
        if let Some(n) = args.sample {
            sample.truncate(n);
        }
        workloads.push(Workload::new(&sample, args.seed, args.permute).map_err(input_error)?);
    }

    let cancel = interrupt::flag();
    let options = RunOptions {
        mode: args.mode.into(),
        node_limit: (args.node_limit > 0).then_some(args.node_limit),
        time_budget: budget,
        warmup: args.warmup,
        cancel: Some(cancel.clone()),
    };
    let tasks: Vec<(usize, &str)> = (0..workloads.len())
        .flat_map(|f| solvers.iter().map(move |s| (f, s.as_str())))
        .collect();
    let threads = jobs::threads(args.jobs, tasks.len(), ctx);
    if threads > 1 {
        ctx.warn(format!(
            "{threads} runs at a time: they share the processor, so the times are less reliable"
        ));
    }
    let total: usize = workloads.iter().map(|w| w.items.len()).sum::<usize>() * solvers.len();
    let bar = CountBar::new(total as u64, "solves", ctx.progress_wanted());
    let run_task = |&(f, name): &(usize, &str)| -> Result<SolverRun, BenchError> {
        let workload = &workloads[f];
        bar.set_message(format!("{name} on {}", workload.name));
        let mut solver = by_name(name)?;
        bench::run_solver(solver.as_mut(), workload, &options, |_| bar.inc(1))
    };
    let runs: Vec<SolverRun> = if threads == 1 {
        tasks.iter().map(run_task).collect::<Result<_, _>>()
    } else {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| CliError::input(format!("cannot start {threads} threads: {e}")))?
            .install(|| tasks.par_iter().map(run_task).collect::<Result<_, _>>())
    }
    .map_err(input_error)?;
    bar.finish();

    let mut results: Vec<FileResult> = workloads
        .iter()
        .map(|w| FileResult {
            name: w.name.clone(),
            puzzles: w.items.len(),
            runs: Vec::new(),
        })
        .collect();
    for (run, &(f, _)) in runs.into_iter().zip(&tasks) {
        results[f].runs.push(run);
    }
    for file in &results {
        for (puzzle, answers) in disagreements(&file.runs) {
            ctx.warn(format!(
                "{}: the solvers disagree on puzzle {} (line {}): {answers}",
                file.name,
                puzzle.0 + 1,
                puzzle.1
            ));
        }
    }

    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            for (k, file) in results.iter().enumerate() {
                if k > 0 {
                    out.line("")?;
                }
                out.write_str(&table(file, args, &options))?;
            }
        }
        Format::Json => out.line(
            &serde_json::to_string_pretty(&json_summary(&results, args, &options))
                .expect("the summary serialises"),
        )?,
        Format::Jsonl => {
            for file in &results {
                out.json_line(&file_line(file))?;
            }
        }
    }
    out.flush()?;
    if let Some(dir) = &args.out {
        write_files(dir, &results, args, &options).map_err(input_error)?;
        ctx.note(format!("results written in {}", dir.display()));
    }
    if cancel.load(std::sync::atomic::Ordering::Relaxed) {
        ctx.note("interrupted: the tables cover the puzzles solved before Ctrl-C");
        return Ok(Exit::Interrupted);
    }
    Ok(Exit::Success)
}

/// The solver names asked for, checked and without repeats.
fn solver_names(names: &[String]) -> Result<Vec<String>, CliError> {
    let mut out: Vec<String> = Vec::new();
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        by_name(name).map_err(|e| CliError::usage(e.to_string()))?;
        if !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    }
    if out.is_empty() {
        return Err(CliError::usage(format!(
            "--solvers: name at least one of {}",
            SOLVER_NAMES.join(", ")
        )));
    }
    Ok(out)
}

fn input_error(e: BenchError) -> CliError {
    CliError::input(e.to_string())
}

/// The baseline of the ratios: `dlx` when it ran, otherwise the first solver.
fn baseline(runs: &[SolverRun]) -> Option<&SolverRun> {
    runs.iter().find(|r| r.solver == "dlx").or(runs.first())
}

/// Puzzles ((index, line)) on which two solvers that both finished give different answers.
fn disagreements(runs: &[SolverRun]) -> Vec<((usize, usize), String)> {
    let mut answers: HashMap<(usize, usize), Vec<(&str, Answer)>> = HashMap::new();
    for run in runs {
        for r in run.records.iter().filter(|r| r.outcome.is_solved()) {
            answers
                .entry((r.puzzle, r.line))
                .or_default()
                .push((run.solver, r.answer));
        }
    }
    let mut out: Vec<_> = answers
        .into_iter()
        .filter(|(_, a)| a.iter().any(|x| x.1 != a[0].1))
        .map(|(p, a)| {
            let text: Vec<String> = a
                .iter()
                .map(|(s, x)| format!("{s} {}", x.as_str()))
                .collect();
            (p, text.join(", "))
        })
        .collect();
    out.sort();
    out
}

/// A time for the table: `812 ns`, `81.2 µs`, `1.23 ms`, `2.41 s`.
fn short_time(d: Duration) -> String {
    let s = d.as_secs_f64();
    let (v, unit) = if s >= 1.0 {
        (s, "s")
    } else if s >= 1e-3 {
        (s * 1e3, "ms")
    } else if s >= 1e-6 {
        (s * 1e6, "µs")
    } else {
        (s * 1e9, "ns")
    };
    if v >= 100.0 {
        format!("{v:.0} {unit}")
    } else if v >= 10.0 {
        format!("{v:.1} {unit}")
    } else {
        format!("{v:.2} {unit}")
    }
}

/// A mean count for the table: `63.4`, `1234`, `4.56M`.
fn short_count(x: f64) -> String {
    if x >= 1e6 {
        super::progress::si(x)
    } else if x >= 1000.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The table of one file.
fn table(file: &FileResult, args: &BenchArgs, options: &RunOptions) -> String {
    let mode: Mode = args.mode.into();
    let mut head = format!(
        "{}: {} puzzles{}, mode {mode} (limit {}), node limit {}",
        file.name,
        file.puzzles,
        if args.permute { " (permuted)" } else { "" },
        mode.max_solutions(),
        options
            .node_limit
            .map_or("none".to_string(), |n| n.to_string()),
    );
    if let Some(b) = options.time_budget {
        head.push_str(&format!(", time budget {} s", b.as_secs_f64()));
    }
    head.push_str(&format!(", seed {}", args.seed));
    let base = baseline(&file.runs);
    let base_name = base.map_or("dlx", |b| b.solver);
    let header = [
        "solver".to_string(),
        "solved".to_string(),
        "puzzles/s".to_string(),
        "µs/puzzle".to_string(),
        "clock".to_string(),
        "guesses".to_string(),
        "no guess".to_string(),
        "assignments".to_string(),
        "median".to_string(),
        "p99".to_string(),
        "max".to_string(),
        "limit hits".to_string(),
        "skipped".to_string(),
        format!("time vs {base_name}"),
    ];
    let mut rows: Vec<Vec<String>> = vec![header.to_vec()];
    for run in &file.runs {
        let s = stats::summarize(run);
        let none = s.solved == 0;
        let or_dash = |text: String| if none { "-".to_string() } else { text };
        let ratio = base
            .and_then(|b| stats::ratio(run, b))
            .map_or("-".to_string(), |r| {
                if r.common != s.solved {
                    format!("{:.2} (on {})", r.time, r.common)
                } else if r.clock == "wall" && run.cpu.is_some() {
                    format!("{:.2} (wall)", r.time)
                } else {
                    format!("{:.2}", r.time)
                }
            });
        rows.push(vec![
            run.solver.to_string(),
            format!("{}/{}", s.solved, s.puzzles),
            or_dash(format!("{:.1}", s.puzzles_per_sec)),
            or_dash(short_count(s.us_per_puzzle)),
            s.clock.to_string(),
            or_dash(short_count(s.mean_guesses)),
            or_dash(format!("{:.1}%", s.no_guess_pct)),
            or_dash(short_count(s.mean_assignments)),
            or_dash(short_time(s.median)),
            or_dash(short_time(s.p99)),
            or_dash(short_time(s.max)),
            s.limit_hits().to_string(),
            (s.skipped + s.cancelled).to_string(),
            ratio,
        ]);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut text = head + "\n";
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c == 0 || c == row.len() - 1 {
                    format!("{cell:<w$}", w = widths[c])
                } else {
                    format!("{cell:>w$}", w = widths[c])
                }
            })
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text
}

fn file_line(file: &FileResult) -> FileLine<'_> {
    let base = baseline(&file.runs);
    FileLine {
        file: &file.name,
        puzzles: file.puzzles,
        baseline: base.map_or("dlx", |b| b.solver),
        solvers: file
            .runs
            .iter()
            .map(|run| SolverLine {
                summary: stats::summarize(run),
                ratio: base.and_then(|b| stats::ratio(run, b)),
            })
            .collect(),
    }
}

fn json_summary<'a>(
    results: &'a [FileResult],
    args: &BenchArgs,
    options: &RunOptions,
) -> JsonSummary<'a> {
    JsonSummary {
        mode: options.mode.as_str(),
        seed: args.seed,
        permute: args.permute,
        node_limit: options.node_limit,
        time_budget_s: options.time_budget.map(|d| d.as_secs_f64()),
        warmup: options.warmup,
        jobs: args.jobs,
        files: results.iter().map(file_line).collect(),
    }
}

/// The file name stem used for a sample's charts: `pe96_easy50.txt` -> `pe96_easy50`.
fn stem(name: &str) -> String {
    let base = Path::new(name)
        .file_stem()
        .map_or(name.to_string(), |s| s.to_string_lossy().into_owned());
    base.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn write_files(
    dir: &Path,
    results: &[FileResult],
    args: &BenchArgs,
    options: &RunOptions,
) -> Result<(), BenchError> {
    std::fs::create_dir_all(dir).map_err(|source| BenchError::Write {
        path: dir.to_path_buf(),
        source,
    })?;
    let all: Vec<SolverRun> = results.iter().flat_map(|f| f.runs.clone()).collect();
    report::write_csv(&dir.join("records.csv"), &all)?;
    report::write_json(&dir.join("records.json"), &all)?;
    let summary = serde_json::to_string_pretty(&json_summary(results, args, options))
        .expect("the summary serialises");
    report::write(&dir.join("summary.json"), &(summary + "\n"))?;
    let mut used: HashMap<String, usize> = HashMap::new();
    for file in results {
        let mut name = stem(&file.name);
        let seen = used.entry(name.clone()).or_insert(0);
        *seen += 1;
        if *seen > 1 {
            name = format!("{name}-{seen}");
        }
        chart::time_distribution(
            &dir.join(format!("{name}-times.svg")),
            &file.name,
            &file.runs,
        )?;
        chart::assignments_against_time(
            &dir.join(format!("{name}-assignments.svg")),
            &file.name,
            &file.runs,
        )?;
    }
    Ok(())
}

/// Prints results as one pretty JSON object `{key: [...]}`, or as JSON Lines.
fn print_records<T: Serialize>(
    out: &mut Output,
    format: Format,
    key: &str,
    results: &[T],
) -> Result<(), CliError> {
    if format == Format::Jsonl {
        return results.iter().try_for_each(|r| out.json_line(r));
    }
    out.line(
        &serde_json::to_string_pretty(&serde_json::json!({ key: results }))
            .expect("the results serialise"),
    )
}

/// Prints a table: the first column left-aligned, the others right-aligned.
fn print_table(out: &mut Output, rows: &[Vec<String>]) -> Result<(), CliError> {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c == 0 {
                    format!("{cell:<w$}", w = widths[c])
                } else {
                    format!("{cell:>w$}", w = widths[c])
                }
            })
            .collect();
        out.line(&cells.join("  "))?;
    }
    Ok(())
}

/// `dlxkit bench --engine --memo`.
fn run_memo(args: &BenchArgs, ctx: &Context) -> Result<Exit, CliError> {
    let cases = memo::cases().map_err(input_error)?;
    let bar = CountBar::new(cases.len() as u64, "cases", ctx.progress_wanted());
    let mut results = Vec::new();
    for case in &cases {
        bar.set_message(case.name.clone());
        results.push(memo::run(case, args.runs));
        bar.inc(1);
    }
    bar.finish();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            out.line(&format!(
                "memoised search: every solution counted, best of {} runs; dancing links once, where it finishes",
                args.runs.max(1)
            ))?;
            let mut rows = vec![[
                "case",
                "rule",
                "solutions",
                "states",
                "hits",
                "memory",
                "time",
                "dancing links",
            ]
            .map(String::from)
            .to_vec()];
            for r in &results {
                rows.push(vec![
                    r.name.clone(),
                    r.choice.to_string(),
                    r.solutions.clone(),
                    r.states.to_string(),
                    r.hits.to_string(),
                    format!("{:.1} MiB", r.peak_bytes as f64 / f64::from(1 << 20)),
                    short_time(r.best),
                    r.plain.map_or("-".to_string(), short_time),
                ]);
            }
            print_table(&mut out, &rows)?;
        }
        Format::Json | Format::Jsonl => print_records(&mut out, args.format, "memo", &results)?,
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// `dlxkit bench --engine`.
fn run_engine(args: &BenchArgs, ctx: &Context) -> Result<Exit, CliError> {
    if args.memo {
        return run_memo(args, ctx);
    }
    if args.jobs != 1 {
        let threads = jobs::threads(args.jobs, usize::MAX, ctx);
        return parallel::run(args, threads, args.shards_per_thread.max(1), ctx);
    }
    if !args.engines.is_empty() {
        return run_engines(args, ctx);
    }
    let cases = engine::cases(false).map_err(input_error)?;
    let cancel = interrupt::flag();
    let bar = CountBar::new(cases.len() as u64, "cases", ctx.progress_wanted());
    let mut results = Vec::new();
    for case in &cases {
        bar.set_message(case.name.clone());
        let r = engine::run(case, args.runs, Some(cancel.clone()));
        bar.inc(1);
        let complete = r.complete;
        results.push(r);
        if !complete {
            break;
        }
    }
    bar.finish();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            let mut rows = vec![[
                "case".to_string(),
                "solutions".to_string(),
                "nodes".to_string(),
                "updates".to_string(),
                "time".to_string(),
                "nodes/s".to_string(),
            ]];
            for r in &results {
                rows.push([
                    r.name.clone(),
                    r.solutions.to_string(),
                    r.nodes.to_string(),
                    r.updates.to_string(),
                    short_time(r.best),
                    super::progress::si(r.nodes_per_sec()),
                ]);
            }
            out.line(&format!(
                "engine: every solution counted, best of {} runs",
                args.runs.max(1)
            ))?;
            let rows: Vec<Vec<String>> = rows.into_iter().map(Vec::from).collect();
            print_table(&mut out, &rows)?;
        }
        Format::Json | Format::Jsonl => print_records(&mut out, args.format, "engine", &results)?,
    }
    out.flush()?;
    if results.iter().any(|r| !r.complete) {
        ctx.note("interrupted: the last count is incomplete");
        return Ok(Exit::Interrupted);
    }
    Ok(Exit::Success)
}

/// An engine's name (`links`, `cells`, `bits`).
fn parse_engine(text: &str) -> Result<Engine, String> {
    text.parse::<Engine>().map_err(|e| e.to_string())
}

/// One engine's row of `dlxkit bench --engine --engines`.
#[derive(Serialize)]
struct EngineRow {
    case: String,
    engine: &'static str,
    #[serde(flatten)]
    result: Option<engine::EngineResult>,
    /// The best time against the links' in the same run (none without a links row).
    vs_links: Option<f64>,
    /// Why the engine does not take the case.
    refused: Option<String>,
}

/// `dlxkit bench --engine --engines E,...`: the engines side by side on each case.
fn run_engines(args: &BenchArgs, ctx: &Context) -> Result<Exit, CliError> {
    let cases = engine::cases(false).map_err(input_error)?;
    let cancel = interrupt::flag();
    let bar = CountBar::new(cases.len() as u64, "cases", ctx.progress_wanted());
    let mut rows = Vec::new();
    let mut complete = true;
    for case in &cases {
        bar.set_message(case.name.clone());
        let found = engine::side_by_side(case, &args.engines, args.runs, Some(cancel.clone()));
        bar.inc(1);
        let links = found.iter().find_map(|(e, r)| match (e, r) {
            (Engine::Links, Ok(r)) if r.complete => Some(r.best),
            _ => None,
        });
        for (e, r) in found {
            let (result, refused) = match r {
                Ok(r) => (Some(r), None),
                Err(why) => (None, Some(why.to_string())),
            };
            complete &= result.as_ref().is_none_or(|r| r.complete);
            let vs_links = match (&result, links) {
                (Some(r), Some(l)) if r.complete && !l.is_zero() => {
                    Some(r.best.as_secs_f64() / l.as_secs_f64())
                }
                _ => None,
            };
            rows.push(EngineRow {
                case: case.name.clone(),
                engine: e.name(),
                result,
                vs_links,
                refused,
            });
        }
        if !complete {
            break;
        }
    }
    bar.finish();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            let head = [
                "case",
                "engine",
                "solutions",
                "nodes",
                "time",
                "repeats",
                "/ links",
            ];
            let mut table = vec![head.map(String::from).to_vec()];
            for row in &rows {
                let mut line = vec![row.case.clone(), row.engine.to_string()];
                match &row.result {
                    Some(r) => line.extend([
                        r.solutions.to_string(),
                        r.nodes.to_string(),
                        short_time(r.best),
                        r.repeats.to_string(),
                        row.vs_links.map_or("-".into(), |x| format!("{x:.2}")),
                    ]),
                    None => line.extend(["refused", "-", "-", "-", "-"].map(String::from)),
                }
                table.push(line);
            }
            out.line(&format!(
                "engines side by side: every solution counted (the cheapest with costs), best of {} interleaved runs, a search under {} ms repeated to {} ms and its mean kept",
                args.runs.max(1),
                engine::MIN_TIMED.as_millis(),
                engine::MIN_TIMED.as_millis()
            ))?;
            print_table(&mut out, &table)?;
            for row in rows.iter().filter(|r| r.refused.is_some()) {
                let why = row.refused.as_deref().unwrap_or_default();
                out.line(&format!("{} on {}: {why}", row.case, row.engine))?;
            }
        }
        Format::Json | Format::Jsonl => print_records(&mut out, args.format, "engines", &rows)?,
    }
    out.flush()?;
    if !complete {
        ctx.note("interrupted: the last count is incomplete");
        return Ok(Exit::Interrupted);
    }
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_well() {
        assert_eq!(short_time(Duration::from_nanos(812)), "812 ns");
        assert_eq!(short_time(Duration::from_nanos(81_234)), "81.2 µs");
        assert_eq!(short_time(Duration::from_micros(1_234)), "1.23 ms");
        assert_eq!(short_time(Duration::from_millis(2_410)), "2.41 s");
        assert_eq!(short_count(63.44), "63.4");
        assert_eq!(short_count(12_345.6), "12346");
    }

    #[test]
    fn chart_names_come_from_the_file_names() {
        assert_eq!(stem("pe96_easy50.txt"), "pe96_easy50");
        assert_eq!(stem("my puzzles.txt"), "my_puzzles");
    }

    #[test]
    fn solver_lists_are_checked_and_deduplicated() {
        let names = |v: &[&str]| solver_names(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&["dlx", "mrv", "dlx"]).unwrap(), ["dlx", "mrv"]);
        assert!(names(&["dlx", "fast"]).is_err());
        assert!(names(&[""]).is_err());
    }
}
