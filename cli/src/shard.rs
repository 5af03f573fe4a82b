//! `dlxkit shard`: the list of shards of a problem's search (see [`dlxkit::xc::shard`]), for
//! running them anywhere with `dlxkit solve FILE --shard I/N` and adding the results up with
//! `dlxkit merge`.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueHint};
use dlxkit::xc::machine::{Any, Engine, Machine};
use dlxkit::xc::plan::ShardOf;
use dlxkit::xc::shard::{Frontier, LocateError, Part, Path, Shard, Split, SplitBudget, SplitBy};
use dlxkit::xc::{
    Arena, Event, Limits, OptionId, Outcome, Plan, Problem, SearchOrder, Solver, Stats, Status,
};
use serde::Serialize;

use super::input;
use super::output::{Format, Output};
use super::search::{parse_positive, parse_seconds, LimitArgs};
use super::{interrupt, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit shard queens14.dlx --count 100            100 shards: index, path, share
  dlxkit shard queens14.dlx --depth 2 --format json
  dlxkit solve queens14.dlx --count --shard 7/100 > 7.jsonl   run one of them
  dlxkit merge *.jsonl                              add the results up

A shard is named by its path in Knuth's progress notation: `3/12 1/4` is option 3 of the
12 of the item chosen first, then option 1 of the 4 of the item chosen below it (`2-4/7`:
options 2 to 4 of 7). The list depends on the problem alone, so every machine that runs
`--shard I/N` on the same file gets the same shard I. Subtrees found dead while splitting
are not listed (they are named on stderr).

--timeout, --max-nodes (the nodes expanded to split), Ctrl-C and SIGTERM stop the split: a
list cut short is not the problem's list, so none is printed, only a line that says so
(`incomplete: node limit after 1000 nodes: ...`; in JSON, \"status\" and no shards).

Exit status: 0, 2 for bad input or usage, 75 when --timeout or --max-nodes stopped the
split (run it again with more), 130 after Ctrl-C, 143 after SIGTERM.";

// Arguments of `dlxkit shard`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct ShardArgs {
    /// The problem in Knuth's format [default: standard input]
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// Cut the search tree into N shards (the largest subtree first)
    #[arg(short = 'n', long, value_name = "N", value_parser = parse_positive,
          required_unless_present = "depth", conflicts_with = "depth")]
    pub count: Option<u64>,

    /// Cut the search tree at depth D: every subtree there is a shard
    #[arg(short, long, value_name = "D")]
    pub depth: Option<usize>,

    /// Stop splitting after expanding N nodes, and list nothing (exit 75)
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub max_nodes: Option<u64>,

    /// Stop splitting after this many seconds, counted from the start of the run, and list
    /// nothing (exit 75); decimals allowed, a huge number means no limit
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Output format
    ///
    /// Text prints one line per shard: its index, its share of the tree and its path. The
    /// `json` object holds "fingerprint", "split", "shards" (each with "index", "path",
    /// "share"), "dead" (the paths found dead) and "above" (the nodes and updates of the
    /// split itself); `jsonl` prints one object per shard.
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,
}

/// One shard of the list.
#[derive(Serialize)]
struct ShardEntry {
    index: usize,
    path: String,
    share: f64,
}

/// The list as JSON.
#[derive(Serialize)]
struct ListJson {
    fingerprint: String,
    split: String,
    shards: Vec<ShardEntry>,
    dead: Vec<String>,
    above: AboveJson,
}

#[derive(Serialize)]
struct AboveJson {
    nodes: u64,
    updates: u64,
}

/// Runs `dlxkit shard`.
pub fn run(args: &ShardArgs, ctx: &Context) -> Result<Exit, CliError> {
    let limits = LimitArgs {
        limit: None,
        max_nodes: args.max_nodes,
        timeout: args.timeout,
    };
    // Reading a terminal (`shard -`) waits for its user, and a large file takes time to
    // read: a signal or the deadline ends that with a word.
    let watch = {
        let format = args.format;
        interrupt::Watch::start(limits.deadline(ctx.started), move |status| {
            let mut out = Output::stdout(false);
            cut_short(&mut out, format, status, None)?;
            let by = match status {
                Status::Cancelled => format!("by {}", interrupt::stopped_by()),
                _ => "at the time limit (--timeout)".to_string(),
            };
            super::eprint_line(format_args!(
                "dlxkit shard: stopped {by} before the split started: no list of shards"
            ));
            Ok(exit_for(status))
        })
    };
    let source = input::read(args.file.as_deref(), ctx)?;
    let problem = Problem::from_dlx(&source.text).map_err(|e| source.parse_error(&e))?;
    // A list `solve --shard` would refuse is refused here, for the same reason.
    let one = ShardOf {
        index: 0,
        of: 1,
        depth: None,
    };
    Plan::new()
        .shard(one)
        .check(&problem)
        .map_err(super::search::refused)?;
    let by = match (args.count, args.depth) {
        (Some(n), _) => SplitBy::Count(usize::try_from(n).unwrap_or(usize::MAX)),
        (None, Some(d)) => SplitBy::Depth(d),
        (None, None) => unreachable!("clap requires --count or --depth"),
    };
    watch.hand_over();
    let split = Split::with_limits(&problem, by, limits.limits(interrupt::flag(), ctx.started));
    if split.status() != Status::Complete {
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        cut_short(
            &mut out,
            args.format,
            split.status(),
            Some(split.expanded()),
        )?;
        let why = match split.status() {
            Status::NodeLimit => "stopped at the node limit (--max-nodes)",
            Status::TimeLimit => "stopped at the time limit (--timeout)",
            _ => "interrupted",
        };
        ctx.note(format_args!(
            "{why} after expanding {} nodes: the split is incomplete, no list of shards",
            split.expanded()
        ));
        return Ok(exit_for(split.status()));
    }
    let entries: Vec<ShardEntry> = split
        .shards()
        .iter()
        .enumerate()
        .map(|(index, s)| ShardEntry {
            index,
            path: s.path().to_string(),
            share: s.share(),
        })
        .collect();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            for e in &entries {
                out.line(&format!("{:>6}  {:>10.3e}  {}", e.index, e.share, e.path))?;
            }
        }
        Format::Jsonl => {
            for e in &entries {
                out.json_line(e)?;
            }
        }
        Format::Json => out.json_line(&ListJson {
            fingerprint: format!("{:016x}", split.fingerprint()),
            split: by.to_string(),
            dead: split.dead().iter().map(ToString::to_string).collect(),
            above: AboveJson {
                nodes: split.above().nodes,
                updates: split.above().updates,
            },
            shards: entries,
        })?,
    }
    out.flush()?;
    let listed = split.shards().len();
    if let SplitBy::Count(n) = by {
        if listed < n {
            ctx.note(format_args!(
                "the search tree has only {listed} subtrees to give: shards {listed} to {} of --shard I/{n} are empty (they find nothing, and merge counts them)",
                n - 1
            ));
        }
    }
    if !split.dead().is_empty() && args.format == Format::Text {
        let dead: Vec<String> = split
            .dead()
            .iter()
            .take(5)
            .map(|p| format!("`{p}`"))
            .collect();
        let more = split.dead().len().saturating_sub(5);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        ctx.note(format_args!(
            "{} dead subtrees found while splitting, not listed: {}{more}",
            split.dead().len(),
            dead.join(", ")
        ));
    }
    Ok(Exit::Success)
}

/// What a split stopped by `status` prints on standard output instead of its list: a line,
/// or a JSON object with no shards (after `expanded` nodes, or before it started).
fn cut_short(
    out: &mut Output,
    format: Format,
    status: Status,
    expanded: Option<u64>,
) -> Result<(), CliError> {
    let why = super::search::incomplete(status).unwrap_or_default();
    match format {
        Format::Text => match expanded {
            Some(n) => out.line(&format!(
                "{why} after {n} nodes: no list of shards (give it more)"
            ))?,
            None => out.line(&format!(
                "{why} before the split started: no list of shards"
            ))?,
        },
        _ => out.json_line(&serde_json::json!({
            "status": status.as_str(),
            "nodes": expanded.unwrap_or(0),
            "shards": [],
        }))?,
    }
    out.flush()
}

/// The exit of a split stopped by `status`: 130 or 143 for a signal, 75 for a limit.
fn exit_for(status: Status) -> Exit {
    match status {
        Status::Cancelled => Exit::Interrupted,
        _ => Exit::Retry,
    }
}

// Flags of `dlxkit solve` for shards that split themselves and for checkpoints.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug, Default)]
pub struct PartArgs {
    /// With --shard: stop after about NODES nodes, or after a TIME such as 90s, 10m, 2h or
    /// 500ms, and name the subtrees left (the shard's continuation, in "continuation"), in
    /// parts of about the budget, each to run with --from; exits 0
    ///
    /// The shard stops where its budget runs out and names the rest of the subtree it was
    /// in, so what it counted and what it names add up exactly, with no node searched twice
    /// (item bounds too: the moves left are named as DLX3 numbers them); `dlxkit merge` checks the whole tree of parts. Nodes split the same way on every run;
    /// a time gives tasks of even length wherever nodes cost more (each task searches 1,024
    /// nodes before it looks at the clock, so a late start still makes progress), but a part
    /// run again may split elsewhere (keep one result per part: merge names a part counted
    /// twice). Without --count, each part prints the solutions of what it searched (JSON
    /// Lines, before its shard line), so the parts of a shard list each of its solutions
    /// exactly once; --limit does not go with it. With --best=K, each part's line carries its
    /// K cheapest ("best") and the K-th best cost it knows ("bound", for --below), and merge
    /// keeps the K cheapest of all the parts
    #[arg(long, value_name = "NODES|TIME", value_parser = parse_budget, requires = "shard")]
    pub split_after: Option<SplitBudget>,

    /// With --shard I/N: search only the part PART of shard I (a part its continuation
    /// named: one path, or several joined by commas, searched one after the other; with
    /// --best, one path then sets of options taken and left out, `+N -N | ...`)
    #[arg(
        long,
        value_name = "PART",
        requires = "shard",
        allow_hyphen_values = true
    )]
    pub from: Option<Part>,

    /// With --best=K and --from: look only for solutions cheaper than COST, the "bound" of
    /// the line of the part that named this one (its K-th best cost), or the least "bound" of
    /// any part of the same search whose line goes to merge: the K best that merge keeps are
    /// the same, sooner
    #[arg(long, value_name = "COST", requires = "from")]
    pub below: Option<u64>,

    /// Count with a checkpoint: write the search's frontier to FILE every
    /// --checkpoint-every nodes and when stopped (SIGTERM, Ctrl-C, --timeout)
    ///
    /// Run the same command again with --resume FILE to go on (with any --jobs); the final
    /// count, nodes and updates are those of a run never stopped. Needs --count; takes
    /// --seed and --prefer-sharp (the file names them, and a resume in another order is
    /// refused). With --jobs N, N threads each search a piece of the frontier at a time.
    #[arg(long, value_name = "FILE", conflicts_with = "shard")]
    pub checkpoint: Option<PathBuf>,

    /// Go on from the checkpoint FILE (of the same problem), writing it again as it goes
    #[arg(long, value_name = "FILE", conflicts_with = "shard")]
    pub resume: Option<PathBuf>,

    /// With --checkpoint: the nodes of one piece of the search (the checkpoint is written
    /// after each, by whichever thread ends one)
    #[arg(long, value_name = "NODES", value_parser = parse_positive, default_value_t = 20_000_000)]
    pub checkpoint_every: u64,
}

impl PartArgs {
    /// Whether the run counts with a checkpoint (`--checkpoint`, `--resume`).
    pub fn checkpoints(&self) -> bool {
        self.checkpoint.is_some() || self.resume.is_some()
    }

    /// Whether the run is one of these (and not the plain search of `solve`).
    pub fn wanted(&self) -> bool {
        self.split_after.is_some()
            || self.from.is_some()
            || self.checkpoint.is_some()
            || self.resume.is_some()
    }
}

/// The JSON line of a shard, or of a part of one, searched within a budget.
#[derive(Serialize)]
struct PartLine {
    #[serde(rename = "type")]
    kind: &'static str,
    fingerprint: String,
    shards: usize,
    split: String,
    index: usize,
    path: Option<String>,
    depth: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    share: f64,
    #[serde(flatten)]
    search: super::search::SearchSummary,
    profile: Vec<u64>,
    above: PartAbove,
    dead: usize,
    continuation: Vec<String>,
    /// A minimum-cost search (`--best=K`): K, the part's K cheapest solutions, and the
    /// bound its continuation may start with (`--below`).
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Vec<super::parallel::CostedLine>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<u64>,
}

#[derive(Serialize)]
struct PartAbove {
    nodes: u64,
    updates: u64,
    cleansings: u64,
    profile: Vec<u64>,
}

/// Runs a self-splitting shard, a part of one, or a checkpointed count, for `dlxkit solve`
/// and the puzzle subcommands. Unless `count`, each solution of the subtrees searched whole
/// goes to `solution` (which prints it) before the shard's line: the parts of a shard's
/// tree of splits list each of its solutions exactly once between them.
#[allow(clippy::too_many_arguments)]
pub fn run_part(
    args: &PartArgs,
    plan: &Plan,
    shard: Option<(usize, usize)>,
    shard_depth: Option<usize>,
    problem: &Problem,
    count: bool,
    threads: usize,
    limits: Limits,
    watch: interrupt::Watch,
    ctx: &Context,
    mut solution: impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
) -> Result<Exit, CliError> {
    // A list from a checkpoint, a solution limit on a shard's parts were refused by the
    // plan's check (`Unsupported::Checkpoint`, `WholeSubtrees`) before this point: the callers check a plan made with
    // `parts(true)` and `checkpoint(args.checkpoints())`.
    let engine = plan.engine_for(problem);
    // With --reduce, the parts and the checkpoint search the reduced problem (the paths
    // name its options, the split's fingerprint says it was reduced), and each solution is
    // printed as options of the problem given.
    let given = problem;
    let reduction = plan.reduction(problem);
    if let Some(r) = &reduction {
        ctx.note(super::reduce::note(r));
    }
    let (problem, origin) = match &reduction {
        Some(r) => (&r.problem, Some(r.origin.as_slice())),
        None => (problem, None),
    };
    if args.checkpoints() {
        let order = plan.search_order();
        return checkpointed(args, engine, order, problem, threads, limits, watch, ctx);
    }
    if args.below.is_some() && plan.best_k().is_none() {
        return Err(CliError::usage(
            "--below is a bound on costs: it needs --best",
        ));
    }
    let Some((index, n)) = shard else {
        return Err(CliError::usage("--split-after and --from need --shard I/N"));
    };
    // The plan's split: with a seed or `#` preferred, its fingerprint names the order.
    let of = ShardOf {
        index,
        of: n,
        depth: shard_depth,
    };
    let split = plan.split_of(problem, of).map_err(super::search::refused)?;
    let arena = Arena::new();
    // The links walk the tree in the split's order: Knuth's plain one without bounds (a
    // seeded search of Algorithm X or C searches each subtree in its own order), the
    // plan's with bounds (Algorithm M's moves are numbered in it).
    let order = plan.search_order();
    let walk = match problem.has_bounds() {
        true => order,
        false => SearchOrder::new(),
    };
    let mut solver = Solver::with_order(problem, &arena, walk);
    let whole = split.shards().get(index);
    let budget = args.split_after.unwrap_or_else(SplitBudget::unlimited);
    // The subtrees searched: the whole shard, or a part its continuation named.
    let searched: Option<Part> = match (&args.from, whole) {
        (Some(part), Some(whole)) => {
            if let Some(outside) = part.paths().iter().find(|p| {
                !whole.path().contains(p) || (*p == whole.path() && part.within().is_empty())
            }) {
                return Err(CliError::usage(format!(
                    "--from `{outside}` is not a part of shard {index}/{n} (`{}`)",
                    whole.path()
                )));
            }
            Some(part.clone())
        }
        (Some(part), None) => {
            return Err(CliError::usage(format!(
                "--from `{part}`: shard {index}/{n} is empty (the tree has fewer subtrees)"
            )))
        }
        (None, whole) => whole.map(|s| Part::from(s.path().clone())),
    };
    if let Some(k) = plan.best_k() {
        // The minimum-cost search's parts: the K best of each, for merge to keep the K
        // best of all (`xc::shard::BestBudgeted`).
        let budget_of = |part: &Part| {
            part.run_best(problem, engine, k, budget, &limits, args.below)
                .map_err(|e| CliError::input(format!("--from: {e}")))
        };
        watch.hand_over();
        let run = searched.as_ref().map(budget_of).transpose()?;
        let mut line = part_line(
            args,
            &split,
            index,
            n,
            whole.map(Shard::path),
            searched.as_ref(),
        );
        let (outcome, spent) = match run {
            Some(run) => {
                line.continuation = run.continuation.iter().map(ToString::to_string).collect();
                line.bound = run.bound;
                let best = run
                    .outcome
                    .cheapest
                    .iter()
                    .map(|c| super::parallel::CostedLine {
                        cost: c.cost,
                        options: c
                            .options
                            .iter()
                            .map(|&o| {
                                given.option_text(origin.map_or(o, |origin| origin[o.index()]))
                            })
                            .collect(),
                    });
                line.best = Some(best.collect());
                let outcome = Outcome {
                    status: run.outcome.status,
                    stats: run.outcome.stats,
                };
                (outcome, run.spent)
            }
            None => {
                line.best = Some(Vec::new());
                let outcome = Outcome {
                    status: Status::Complete,
                    stats: Stats::default(),
                };
                (outcome, false)
            }
        };
        line.k = Some(k);
        line.search = super::search::SearchSummary::new(&outcome).on(Some(engine));
        line.profile = outcome.stats.profile.clone();
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        out.json_line(&line)?;
        out.flush()?;
        return Ok(part_exit(outcome.status, spent));
    }
    solver.set_limits(limits.clone());
    watch.hand_over();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut failed = None;
    let mut given = Vec::new();
    let handler = |event: Event<'_>| {
        if let Event::Solution(options) = event {
            let options = match origin {
                Some(origin) => {
                    given.clear();
                    given.extend(options.iter().map(|o| origin[o.index()]));
                    given.as_slice()
                }
                None => options,
            };
            if let Err(e) = solution(&mut out, options) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    };
    // On dancing cells or the bit sets, the links walk the tree and each subtree is searched
    // whole on the engine (`Shard::run_on`): the parts are paths of the links' tree either way.
    // So do the links when a seeded search of Algorithm X or C searches the subtrees.
    // The bit sets work out Knuth's updates (several times the cost of their search) only
    // when a library user's plan asks (`Plan::count_updates`); the line otherwise leaves them
    // out, whatever the output's form. With bounds they count them all the same: counting,
    // they follow the links' tree (whose nodes the line's figures are, as the links walk the
    // tree above the parts), where their own tree has other nodes.
    let updates = plan.counts_updates() || problem.has_bounds();
    let uncounted = engine == Engine::Bits && !updates;
    let mut machine = match engine {
        Engine::Links if walk == order => None,
        engine => {
            let mut machine = Any::new(engine, problem, &arena, order)
                .map_err(|e| CliError::input(e.to_string()))?;
            machine.set_limits(limits.clone());
            machine.count_updates(updates);
            Some(machine)
        }
    };
    let located = |e: LocateError| CliError::input(format!("--from: {e}"));
    let run = match (&args.from, whole, machine.as_mut()) {
        (Some(part), Some(_), None) => Some(
            part.run_within(&mut solver, budget, !count, handler)
                .map_err(located)?,
        ),
        (Some(part), Some(_), Some(machine)) => Some(
            part.run_on(&mut solver, machine, budget, !count, handler)
                .map_err(located)?,
        ),
        (_, Some(whole), None) => Some(whole.run_within(&mut solver, budget, !count, handler)),
        (_, Some(whole), Some(machine)) => {
            Some(whole.run_on(&mut solver, machine, budget, !count, handler))
        }
        (_, None, _) => None,
    };
    let (outcome, continuation, spent) = match run {
        Some(run) => (run.outcome, run.continuation, run.spent),
        None => (
            Outcome {
                status: Status::Complete,
                stats: Stats::default(),
            },
            Vec::new(),
            false,
        ),
    };
    let mut line = part_line(
        args,
        &split,
        index,
        n,
        whole.map(Shard::path),
        searched.as_ref(),
    );
    line.search = super::search::SearchSummary::new(&outcome).on(Some(engine));
    if uncounted {
        line.search = line.search.without_updates();
    }
    line.profile = outcome.stats.profile.clone();
    line.continuation = continuation.iter().map(ToString::to_string).collect();
    if let Some(e) = failed {
        return Err(e);
    }
    out.json_line(&line)?;
    out.flush()?;
    Ok(part_exit(outcome.status, spent))
}

/// The line of a part of shard `index` of `n` (the whole shard at `path`, if the tree has
/// it), before its search's figures and continuation are known.
fn part_line(
    args: &PartArgs,
    split: &Split,
    index: usize,
    n: usize,
    path: Option<&Path>,
    searched: Option<&Part>,
) -> PartLine {
    let above = split.above();
    let nothing = Outcome {
        status: Status::Complete,
        stats: Stats::default(),
    };
    PartLine {
        kind: "shard",
        fingerprint: format!("{:016x}", split.fingerprint()),
        shards: n,
        split: split.by().to_string(),
        index,
        path: path.map(ToString::to_string),
        depth: searched.map_or(0, Part::depth),
        from: args.from.as_ref().map(ToString::to_string),
        share: searched.map_or(0.0, Part::share),
        search: super::search::SearchSummary::new(&nothing),
        profile: Vec::new(),
        above: PartAbove {
            nodes: above.nodes,
            updates: above.updates,
            cleansings: above.cleansings,
            profile: above.profile.clone(),
        },
        dead: split.dead().len(),
        continuation: Vec::new(),
        k: None,
        best: None,
        bound: None,
    }
}

/// The exit of a budgeted shard: complete, or stopped by its budget (nodes or time) with its
/// rest named, is done (0); a signal is 130 or 143; another limit is "retry" (75).
fn part_exit(status: Status, spent: bool) -> Exit {
    if spent {
        Exit::Success
    } else {
        Exit::for_shard(status)
    }
}

/// Parses `--split-after`: nodes, or a time with its unit.
fn parse_budget(text: &str) -> Result<SplitBudget, String> {
    text.parse()
        .map_err(|e: dlxkit::xc::shard::SplitBudgetError| e.to_string())
}

/// A count with a checkpoint file: the frontier advanced a piece at a time, written after
/// each piece and when the run stops.
#[allow(clippy::too_many_arguments)]
fn checkpointed(
    args: &PartArgs,
    engine: Engine,
    order: SearchOrder,
    problem: &Problem,
    threads: usize,
    limits: Limits,
    watch: interrupt::Watch,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let arena = Arena::new();
    let mut solver = Solver::new(problem, &arena);
    let (mut frontier, file) = match &args.resume {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| CliError::input(format!("cannot read `{}`: {e}", file.display())))?;
            let frontier: Frontier = text
                .parse()
                .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
            frontier
                .check(&mut solver)
                .and_then(|()| frontier.check_order(order))
                .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
            (
                frontier,
                args.checkpoint.clone().unwrap_or_else(|| file.clone()),
            )
        }
        None => (
            Frontier::new(&mut solver).in_order(order),
            args.checkpoint.clone().expect("--checkpoint or --resume"),
        ),
    };
    watch.hand_over();
    let started = std::time::Instant::now();
    let mut failed = None;
    let status = frontier
        .run_threads_on(
            engine,
            problem,
            threads,
            args.checkpoint_every,
            &limits,
            |state| match write_checkpoint(&file, state) {
                Ok(()) => true,
                Err(e) => {
                    failed.get_or_insert(e);
                    false
                }
            },
        )
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    if let Some(e) = failed {
        return Err(e);
    }
    // The last state, with nothing running: what a resume starts from.
    write_checkpoint(&file, &frontier)?;
    let totals = frontier.totals();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let count = if status.is_complete() {
        totals.solutions.to_string()
    } else {
        format!("{} (incomplete: {})", totals.solutions, status.as_str())
    };
    out.line(&count)?;
    out.flush()?;
    if ctx.global.quiet {
        // Nothing more.
    } else if status.is_complete() {
        ctx.note(format_args!(
            "complete: {} nodes, {} updates; checkpoint `{}`",
            totals.nodes,
            totals.updates,
            file.display()
        ));
    } else {
        ctx.note(format_args!(
            "stopped ({}): {} subtrees left in `{}` after {:.1} s; go on with --resume {}",
            status.as_str(),
            frontier.todo().count(),
            file.display(),
            started.elapsed().as_secs_f64(),
            file.display()
        ));
    }
    let solutions = totals.solutions.to_u64().unwrap_or(u64::MAX);
    Ok(Exit::for_search(status, solutions))
}

/// Writes the checkpoint atomically: a new file beside it, renamed over it.
fn write_checkpoint(file: &std::path::Path, frontier: &Frontier) -> Result<(), CliError> {
    let mut fresh = file.as_os_str().to_owned();
    fresh.push(".new");
    let fresh = PathBuf::from(fresh);
    std::fs::write(&fresh, frontier.to_string())
        .and_then(|()| std::fs::rename(&fresh, file))
        .map_err(|e| {
            CliError::input(format!(
                "cannot write the checkpoint `{}`: {e}",
                file.display()
            ))
        })
}
