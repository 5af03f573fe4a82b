//! `dlxkit solve`: solve an exact cover problem written in Knuth's format.
//!
//! The subcommand reads the problem ([`super::input`]), reports the dropped options as
//! warnings, turns its flags into one [`Plan`] (which refuses what cannot be combined, with
//! its reason) and runs it: every solution event goes to a [`Printer`] for the chosen
//! `--format`, every progress event moves the [`SearchBar`] and flushes output that has
//! waited too long (the sink is [`Printing`]). `--memo` runs the memoised search instead. Statistics and notes go to standard error; the
//! exit code follows [`Exit::for_search`]. `--timeout` and Ctrl-C cover the whole run: until
//! the search starts, an [`interrupt::Watch`] stands in for it.

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::xc::plan::Engine;
use dlxkit::xc::{
    Algorithm, OptionId, Outcome, Plan, Problem, Report, SearchOrder, Status, Warning,
};
use serde::Serialize;

use super::input::{self, Source};
use super::memo::{self, MemoArgs, MemoRun};
use super::output::{Emit, Format, Output};
use super::parallel::{self, ParallelArgs, ShardLine};
use super::progress::{SearchBar, SEARCH_EVERY};
use super::search::{self, parse_positive, LimitArgs, Printing, SearchSummary};
use super::{best, reduce};
use super::{interrupt, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit solve data/dlx/knuth-toy.dlx              print every solution
  dlxkit solve --count --stats problem.dlx          count them; statistics on stderr
  dlxkit solve --limit 1 --format json problem.dlx  the first solution, as JSON
  make-problem | dlxkit solve --format jsonl        solutions as JSON Lines, from a pipe
  dlxkit solve --emit dlx messy.dlx > clean.dlx     rewrite a problem in a normal form
  dlxkit solve --count --jobs 0 big.dlx             count on every core
  dlxkit solve --count --shard 7/100 big.dlx        shard 7 of 100, for `dlxkit merge`

Knuth's format: lines starting with `|` are comments. The first other line names the
primary items, then `|` and the secondary items. Each further line is an option: the
names of its items; `X:red` gives secondary item X a colour (Algorithm C).

  | Knuth's toy problem: one solution (A D, B G, C E F)
  A B C D E | F G
  C E F
  A D G
  B C F
  A D
  B G
  D E G

Output: each solution is printed as its options, one per line, in the order the search
chose them, then a blank line. Statistics, warnings and progress go to stderr.

Exit status: 0 if a solution was found, 1 if none, 2 for bad input or usage,
130 if interrupted by Ctrl-C (what was found so far is printed first).
A shard (--shard I/N) exits 0 when its search is complete, whatever its count (or when it
split itself with --split-after), 75 when a limit cut it short (run it again), 143 on
SIGTERM.";

// Arguments of `dlxkit solve`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct SolveArgs {
    /// The problem in Knuth's format [default: standard input]
    ///
    /// `-` or nothing reads standard input (when it is not a terminal).
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// Count the solutions instead of printing them
    ///
    /// The count goes to standard output (in text format, a line with the number).
    #[arg(short, long)]
    pub count: bool,

    #[command(flatten)]
    pub limits: LimitArgs,

    #[command(flatten)]
    pub memo: MemoArgs,

    #[command(flatten)]
    pub parts: super::shard::PartArgs,

    #[command(flatten)]
    pub parallel: ParallelArgs,

    /// Print statistics on standard error
    ///
    /// The problem's size before the search; solutions, nodes, updates (as Knuth's DLX1
    /// counts them), cleansings (DLX2, colours), time and status after it. The status is
    /// `complete`, `solution limit`, `node limit`, `time limit` or `interrupted`.
    #[arg(short, long)]
    pub stats: bool,

    /// Also print the search-tree profile (nodes per level); implies --stats
    ///
    /// With --format json or jsonl, the summary object gets a "profile" array too.
    #[arg(long)]
    pub profile: bool,

    /// Output format
    ///
    /// The `json` object holds "solutions", "nodes", "updates", "cleansings", "complete",
    /// "status", "elapsed_ms" and (unless --count) "options": one list of option texts per
    /// solution. With `jsonl`, each solution is a line {"type":"solution", "index",
    /// "options"} and the last line is the summary, with "type":"summary".
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,

    /// Find the cheapest solution (`--best`) or the K cheapest (`--best=K`), as Knuth's DLX5
    ///
    /// Options carry costs written `|n` in Knuth's format (several add up); a solution costs
    /// the sum of its options'. Every improvement (a solution cheaper than the K-th cheapest
    /// found so far) is printed as found, after a `# cost N` line (JSON: a "cost" field);
    /// the K best costs follow on standard error (JSON: "best"). --limit counts improvements.
    /// With --jobs N, the tree is cut into parts searched on N threads that share one cost
    /// bound: the same K best costs (improvements come in the order found). With --shard
    /// I/N, the shard's line carries its K cheapest solutions, and `dlxkit merge` keeps the
    /// K cheapest of all the shards: the K best costs of the whole search.
    #[arg(long, value_name = "K", num_args = 0..=1, require_equals = true, default_missing_value = "1",
          value_parser = parse_positive, conflicts_with_all = ["memo", "sample", "zdd"])]
    pub best: Option<u64>,

    /// Reduce the problem first, as `dlxkit reduce` does (Knuth's DLX-PRE)
    ///
    /// The search runs on the reduced problem (its statistics are the reduced search's);
    /// solutions are printed as the original options they come from. A line on standard
    /// error says what was removed. With --emit dlx, the reduced problem is written.
    #[arg(long)]
    pub reduce: bool,

    /// Prefer items whose names start with `#` (Knuth's "sharp" DLX2 and DLX3)
    ///
    /// Any other item is chosen to branch on only when its list has at most one option
    /// left (with bounds: at most one way to go), or when no `#` item is left; otherwise
    /// the choice is Knuth's usual one among the `#` items. The same solutions, in another
    /// order, as Knuth's change files `dlx2-sharp.ch` and `dlx3-sharp.ch` find them.
    #[arg(long)]
    pub prefer_sharp: bool,

    /// What to print: the solutions, or the problem itself
    #[arg(long, value_enum, default_value_t, value_name = "WHAT",
          conflicts_with_all = ["best", "count", "limit", "max_nodes", "timeout", "format", "stats", "profile", "memo", "sample", "zdd", "jobs", "shard", "seed", "prefer_sharp"])]
    pub emit: Emit,
}

/// Runs `dlxkit solve`: the flags become one plan, the library runs it, this prints.
pub fn run(args: &SolveArgs, ctx: &Context) -> Result<Exit, CliError> {
    let show_stats = args.stats || args.profile;
    // Until the search starts, the watch stops the run at the deadline or a signal.
    let watch = {
        let (args, ctx) = (args.clone(), ctx.clone());
        interrupt::Watch::start(args.limits.deadline(ctx.started), move |status| {
            stopped_before_search(&args, &ctx, status)
        })
    };
    let source = input::read(args.file.as_deref(), ctx)?;
    let problem = Problem::from_dlx(&source.text).map_err(|e| source.parse_error(&e))?;
    for warning in problem.warnings() {
        ctx.warn(warning_text(&source, warning));
    }
    let plan = plan(args, ctx);
    if args.memo.wanted() {
        return solve_memo(args, &problem, plan, watch, ctx);
    }
    plan.check(&problem).map_err(search::refused)?;
    if args.emit == Emit::Dlx {
        return emit(args, &problem, watch, ctx);
    }
    if args.parts.wanted() {
        return run_parts(args, &problem, &plan, watch, ctx);
    }
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let format = if plan.is_shard() {
        Format::Jsonl
    } else {
        args.format
    };
    let mut printer = Printer::new(format, args.count);
    // A bar would tangle with solutions printed on the same terminal as they are found.
    let streams_to_terminal = printer.streams() && ctx.stdout_is_terminal;
    let mut bar = SearchBar::new(ctx.progress_wanted() && !streams_to_terminal)
        .with_events(format == Format::Jsonl && !plan.is_shard());
    let mut sink = Printing::new(&mut out, &mut bar, ctx, watch, |out, cost, options| {
        printer.solution(out, &problem, cost, options)
    })
    .with_stats(show_stats);
    let report = plan.run(&problem, &mut sink).map_err(search::refused);
    sink.finish()?;
    let report = report?;
    let k = args.best.map(|k| usize::try_from(k).unwrap_or(usize::MAX));
    match ShardLine::of(&report, &problem, k) {
        Some(line) => out.json_line(&line)?,
        None => printer.finish(&mut out, &report, args.profile)?,
    }
    out.flush()?;
    Ok(report_on_stderr(args, ctx, &report, show_stats, format))
}

/// Runs a search in parts: a shard that splits itself (`--split-after`), one part of a
/// shard (`--from`), or a count with a checkpoint (`--checkpoint`, `--resume`). A part
/// prints JSON Lines, as a shard does: its solutions, then its line for merge.
fn run_parts(
    args: &SolveArgs,
    problem: &Problem,
    plan: &Plan,
    watch: interrupt::Watch,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let limits = args.limits.limits(interrupt::flag(), ctx.started);
    let (shard, depth) = (args.parallel.shard, args.parallel.shard_depth);
    let mut printer = Printer::new(Format::Jsonl, args.count);
    super::shard::run_part(
        &args.parts,
        plan,
        shard,
        depth,
        problem,
        args.count,
        super::jobs::threads(args.parallel.jobs, usize::MAX, ctx),
        limits,
        watch,
        ctx,
        |out, options| printer.solution(out, problem, None, options),
    )
}

/// Writes the statistics and notes of a finished run to standard error; its exit code.
fn report_on_stderr(
    args: &SolveArgs,
    ctx: &Context,
    report: &Report,
    show_stats: bool,
    format: Format,
) -> Exit {
    match report.algorithm {
        Algorithm::MinimumCost => best::report(ctx, report, show_stats, args.profile, format),
        _ => {
            let outcome = report.outcome();
            let engine = Some(report.engine);
            search::report(ctx, &outcome, engine, show_stats, args.profile, format)
        }
    }
    if report.shard.is_some() {
        return Exit::for_shard(report.status);
    }
    Exit::for_search(report.status, report.stats.solutions)
}

/// The plan the flags ask for.
fn plan(args: &SolveArgs, ctx: &Context) -> Plan {
    plan_of(args, ctx, args.reduce)
}

/// The plan the flags ask for, with or without the reduction first.
fn plan_of(args: &SolveArgs, ctx: &Context, reduce: bool) -> Plan {
    let order = SearchOrder {
        seed: args.memo.seed,
        prefer_sharp: args.prefer_sharp,
    };
    let mut plan = Plan::new()
        .order(order)
        .count(args.count)
        .limits(args.limits.limits(interrupt::flag(), ctx.started))
        .profile(args.profile)
        // Each engine reports the counts it keeps (`Counts`): the bit sets' simulation of
        // Knuth's updates is never asked for by --stats, JSON or a shard's line (it cost
        // them several times their search; `--engine links` gives DLX's updates).
        .parts(args.parts.wanted())
        .checkpoint(args.parts.checkpoints())
        .progress_every(SEARCH_EVERY);
    if let Some(k) = args.best {
        plan = plan.best(usize::try_from(k).unwrap_or(usize::MAX));
    }
    if reduce {
        plan = plan.reduce(reduce_options(args, ctx));
    }
    parallel::apply(&args.parallel, plan, ctx)
}

/// `--reduce`'s options: the run's limits bound the reduction too (a reduction cut short
/// leaves an equivalent problem, and its note says so).
fn reduce_options(args: &SolveArgs, ctx: &Context) -> dlxkit::xc::ReduceOptions {
    reduce::options(None).limits(args.limits.limits(interrupt::flag(), ctx.started))
}

/// `--emit dlx`: the problem (reduced with `--reduce`) in Knuth's format.
fn emit(
    args: &SolveArgs,
    problem: &Problem,
    watch: interrupt::Watch,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let text = match args.reduce {
        true => {
            let reduction = problem.reduce(&reduce_options(args, ctx));
            ctx.note(reduce::note(&reduction));
            reduction.problem.to_dlx()
        }
        false => problem.to_dlx(),
    };
    watch.hand_over();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    out.write_str(&text)?;
    out.flush()?;
    Ok(Exit::Success)
}

/// `--memo`: the memoised count (or samples, or the ZDD) of the problem, reduced first with
/// `--reduce`; `plan` is the flags' plan, which the memoised one takes over.
fn solve_memo(
    args: &SolveArgs,
    problem: &Problem,
    plan: Plan,
    watch: interrupt::Watch,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let show_stats = args.stats || args.profile;
    let plan = memo::plan(problem, &args.memo, plan, ctx);
    // The reduction and the plan's refusals, before any work.
    plan.check(problem).map_err(search::refused)?;
    let reduction = args
        .reduce
        .then(|| problem.reduce(&reduce_options(args, ctx)));
    if let Some(r) = &reduction {
        ctx.note(reduce::note(r));
    }
    let (searched, origin) = match &reduction {
        Some(r) => (&r.problem, Some(r.origin.as_slice())),
        None => (problem, None),
    };
    let original = |options: &[OptionId]| -> Vec<OptionId> {
        match origin {
            Some(origin) => options.iter().map(|o| origin[o.index()]).collect(),
            None => options.to_vec(),
        }
    };
    if show_stats {
        let summary = search::problem_summary(searched, ctx.stderr_colors());
        super::eprint_line(format_args!("{summary}"));
    }
    // The reduced problem is searched by the same plan, without reducing it again.
    let plan = match args.reduce {
        true => memo::plan(searched, &args.memo, self::plan_of(args, ctx, false), ctx),
        false => plan,
    };
    watch.hand_over();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut printer = Printer::new(args.format, args.count);
    let run = memo::run(searched, &plan, &args.memo, &mut out, |out, o| {
        printer.solution(out, problem, None, &original(o))
    })?;
    printer.finish_memo(&mut out, &run)?;
    out.flush()?;
    memo::report(ctx, &run, show_stats, args.format == Format::Text);
    Ok(run.exit())
}

/// What a run stopped by the deadline or a signal before its search prints: what a search
/// stopped at its first node would (no solution), and the exit that goes with it.
fn stopped_before_search(
    args: &SolveArgs,
    ctx: &Context,
    status: Status,
) -> Result<Exit, CliError> {
    let outcome = search::outcome_before_search(status);
    let show_stats = args.stats || args.profile;
    if args.emit == Emit::Solutions {
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        let mut printer = Printer::new(args.format, args.count);
        printer.finish_search(&mut out, &outcome, None, args.profile)?;
        out.flush()?;
        search::report(ctx, &outcome, None, show_stats, args.profile, args.format);
    } else if let Some(note) = search::incomplete_note(&outcome) {
        ctx.note(note);
    }
    if args.parallel.shard.is_some() {
        return Ok(Exit::for_shard(status));
    }
    Ok(Exit::for_search(status, 0))
}

/// A warning about the input, with the file and line: `toy.dlx:5: option 3 ignored: ...`
/// (options numbered from 1, as lines are).
pub fn warning_text(source: &Source, warning: &Warning) -> String {
    match warning {
        Warning::OptionWithoutPrimary {
            ordinal,
            line: Some(line),
        } => format!(
            "{}:{line}: option {} ignored: it has no primary item (as in Knuth's DLX programs)",
            source.name,
            ordinal + 1
        ),
        other => format!("{}: {other}", source.name),
    }
}

/// Prints solutions in one of the formats.
struct Printer {
    format: Format,
    count_only: bool,
    found: u64,
    collected: Vec<Vec<String>>,
    /// The cost of each improvement kept in `collected` (a minimum-cost search).
    costs: Vec<u64>,
}

/// One line of `--format jsonl` per solution.
#[derive(Serialize)]
struct SolutionLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    /// 1 for the first solution found.
    index: u64,
    options: &'a [String],
}

/// The object of `--format json`, and the last line of `--format jsonl` (the search fields
/// are those of dancing links or of the memoised search).
#[derive(Serialize)]
struct Summary<'a, S = SearchSummary> {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    #[serde(flatten)]
    search: S,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<&'a [u64]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<&'a [Vec<String>]>,
}

impl Printer {
    fn new(format: Format, count_only: bool) -> Printer {
        Printer {
            format,
            count_only,
            found: 0,
            collected: Vec::new(),
            costs: Vec::new(),
        }
    }

    /// Whether solutions are printed as they are found.
    fn streams(&self) -> bool {
        !self.count_only && self.format != Format::Json
    }

    /// Prints a solution, or an improvement of a minimum-cost search (with its `cost`).
    fn solution(
        &mut self,
        out: &mut Output,
        problem: &Problem,
        cost: Option<u64>,
        options: &[OptionId],
    ) -> Result<(), CliError> {
        self.found += 1;
        if self.count_only {
            return Ok(());
        }
        if let Some(cost) = cost {
            let texts = options.iter().map(|&o| problem.option_text(o)).collect();
            let (costs, collected) = (&mut self.costs, &mut self.collected);
            return best::improvement(out, self.format, self.found, cost, texts, costs, collected);
        }
        match self.format {
            Format::Text => {
                for &o in options {
                    out.line(&problem.option_text(o))?;
                }
                out.line("")?;
                out.end_record()
            }
            Format::Json => {
                self.collected
                    .push(options.iter().map(|&o| problem.option_text(o)).collect());
                Ok(())
            }
            Format::Jsonl => {
                let texts: Vec<String> = options.iter().map(|&o| problem.option_text(o)).collect();
                out.json_line(&SolutionLine {
                    kind: "solution",
                    index: self.found,
                    options: &texts,
                })?;
                out.end_record()
            }
        }
    }

    /// The end of a planned search: the count, or the summary.
    fn finish(&mut self, out: &mut Output, report: &Report, profile: bool) -> Result<(), CliError> {
        if report.algorithm == Algorithm::MinimumCost {
            let (costs, collected) = (&self.costs, &self.collected);
            return best::finish(out, self.format, report, profile, costs, collected);
        }
        self.finish_search(out, &report.outcome(), Some(report.engine), profile)
    }

    /// The end of a search: the count, or the summary.
    fn finish_search(
        &mut self,
        out: &mut Output,
        outcome: &Outcome,
        engine: Option<Engine>,
        profile: bool,
    ) -> Result<(), CliError> {
        let stats = &outcome.stats;
        let summary = |kind, options| Summary {
            kind,
            search: SearchSummary::new(outcome).on(engine),
            profile: profile.then_some(stats.profile.as_slice()),
            options,
        };
        match self.format {
            Format::Text if self.count_only => out.line(&search::count_line(outcome)),
            Format::Text => search::end_listing(out, outcome.status),
            Format::Json => {
                let options = (!self.count_only).then_some(self.collected.as_slice());
                out.json_line(&summary(None, options))
            }
            Format::Jsonl => out.json_line(&summary(Some("summary"), None)),
        }
    }

    /// The end of a memoised search: the count, or the summary with the samples.
    fn finish_memo(&mut self, out: &mut Output, run: &MemoRun) -> Result<(), CliError> {
        let summary = |kind, options| Summary {
            kind,
            search: run.summary(),
            profile: None,
            options,
        };
        match self.format {
            Format::Text if self.count_only => out.line(&run.count_line()),
            Format::Text => search::end_listing(out, run.status),
            Format::Json => {
                let options = (!self.count_only).then_some(self.collected.as_slice());
                out.json_line(&summary(None, options))
            }
            Format::Jsonl => out.json_line(&summary(Some("summary"), None)),
        }
    }
}
