//! `--memo`, `--sample` and `--zdd`: the memoised search ([`dlxkit::xc::memo`]) for `solve`
//! and the puzzle subcommands.
//!
//! [`MemoArgs`] are the flags (flattened into each subcommand); [`run`] counts with the
//! memoised search, or builds the ZDD ([`dlxkit::xc::zdd`]) when samples or an export are
//! asked for, and hands each sampled solution to the subcommand's own printer. The count goes
//! to standard output like a plain `--count`; the statistics ([`stats_lines`]) and notes go to
//! standard error; [`MemoSummary`] is the JSON summary.

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

use clap::{Args, ValueEnum, ValueHint};
use dlxkit::rng::Rng;
use dlxkit::xc::memo::{self, ItemChoice, MemoError, MemoOptions, MemoStats, OnFull};
use dlxkit::xc::plan::{Discard, Plan};
use dlxkit::xc::zdd::Zdd;
use dlxkit::xc::Count;
use dlxkit::xc::{OptionId, Problem, SearchOrder, Status};
use serde::Serialize;

use super::color::Paint;
use super::output::{self, Output};
use super::search::{self, parse_positive, stat_line};
use super::{CliError, Context};

// The flags of the memoised search. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
pub struct MemoArgs {
    /// Count with the memoised search (DXZ): each distinct subproblem solved once
    ///
    /// Counts far beyond what listing could reach (10^20 tilings and more), exactly. Use
    /// with --count; --sample and --zdd imply it. --limit does not apply (every solution is
    /// counted at once); --max-nodes and --timeout do.
    #[arg(long)]
    pub memo: bool,

    /// Memory for the memoised search: a number of bytes, or with K, M, G, T (powers of 1024)
    ///
    /// When the cache reaches it, the count goes on, exact but slower (a note says so); a ZDD,
    /// or a stack of states, that does not fit is an error. [default: a quarter of the
    /// machine's memory, or half the control group's limit (cgroup v2 memory.max, v1
    /// memory.limit_in_bytes) when less, at most 1 GiB; --stats says which]
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes)]
    pub memo_limit: Option<usize>,

    /// The item the memoised search branches on
    ///
    /// `mrv`: Knuth's rule, the item with the fewest options (the leftmost on ties). `first`:
    /// the first uncovered item, unless one has a single option or none; on boards whose
    /// cells come in reading order this sweeps a frontier and is much faster for tilings.
    /// `auto` (the default) takes `first` when nine options in ten keep their items within a
    /// third of the item order, else `mrv`.
    #[arg(long, value_enum, default_value_t, value_name = "RULE")]
    pub memo_order: MemoOrder,

    /// Print K solutions drawn uniformly at random (builds the ZDD of all solutions)
    #[arg(long, value_name = "K", value_parser = parse_positive, conflicts_with = "count")]
    pub sample: Option<u64>,

    /// The seed of the random choices (the same seed gives the same run)
    ///
    /// With --sample: which solutions are drawn [default: 1]. Otherwise (no --memo) it
    /// shuffles the search, and every engine still finds the same solutions, in another
    /// order; without --engine a seed runs on the links. What each engine shuffles:
    ///
    /// links: each item's options are tried in a random order and ties between equally short
    /// items go to a random one, as Knuth's DLX1, DLX2 and DLX3 do with the option `s` and
    /// the same seed.
    ///
    /// bits: the items and options are numbered in a random order (ties and each item's
    /// options fall at random, but not as on the links for the same seed); with item bounds
    /// they search the links' tree for that seed.
    ///
    /// cells: the items start in a random order, as Knuth's SSXCC and SSMCC do with `s`.
    /// Ties still go to the first item in the problem's order, so only the order of the
    /// forced moves changes: without bounds the run is often the one without a seed.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Write the ZDD of all solutions to FILE
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub zdd: Option<PathBuf>,

    /// The format of --zdd: dlxkit's `id option lo hi` lines, or Graphillion's setset format
    #[arg(
        long,
        value_enum,
        default_value_t,
        value_name = "FORMAT",
        requires = "zdd"
    )]
    pub zdd_format: ZddFormat,
}

/// `--memo-order`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum MemoOrder {
    /// `first` for boards tiled by small pieces (options local in the item order),
    /// `uncounted` for plain problems whose options overlap a lot, else `mrv`
    #[default]
    Auto,
    /// The item with the fewest options, the leftmost on ties (Knuth's rule).
    Mrv,
    /// The first uncovered item (unless one is forced or dead).
    First,
    /// The first uncovered item, keeping no live-option counts (for options that overlap a
    /// lot, as the Bell problem's; plain problems only)
    Uncounted,
}

impl MemoOrder {
    /// The item choice for `problem` (`auto` asks [`ItemChoice::for_problem`]).
    pub fn choice(self, problem: &Problem) -> ItemChoice {
        match self {
            MemoOrder::Auto => ItemChoice::for_problem(problem),
            MemoOrder::Mrv => ItemChoice::FewestOptions,
            MemoOrder::First => ItemChoice::First,
            MemoOrder::Uncounted => ItemChoice::FirstUncounted,
        }
    }
}

/// `--zdd-format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ZddFormat {
    /// One line per node: `id option lo hi` (0 and 1 are the terminals), then `root R`.
    #[default]
    Text,
    /// Graphillion's `setset.load` format: `id element lo hi`, `B`/`T` terminals, `.` last.
    Graphillion,
    /// Knuth's format, as his DLX6 writes it and his ZDDREAD programs and `dlxkit zdd` read
    /// it: `id: (~option?lo:hi)`, options from 1, a dummy root of option 0 last.
    Knuth,
}

impl MemoArgs {
    /// Whether the memoised search is wanted at all.
    pub fn wanted(&self) -> bool {
        self.memo || self.sample.is_some() || self.zdd.is_some()
    }
}

/// Parses a memory size: `1048576`, `512K`, `256M`, `4G`, `1T` (also `MB`, `MiB`).
pub fn parse_bytes(text: &str) -> Result<usize, String> {
    let wrong = || {
        format!(
            "`{text}` is not a memory size: write bytes, or a number with K, M, G or T (as 512M)"
        )
    };
    let t = text.trim();
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (digits, shift) = match t.chars().last() {
        Some('K' | 'k') => (&t[..t.len() - 1], 10),
        Some('M' | 'm') => (&t[..t.len() - 1], 20),
        Some('G' | 'g') => (&t[..t.len() - 1], 30),
        Some('T' | 't') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: usize = digits.trim().parse().map_err(|_| wrong())?;
    match n.checked_mul(1usize << shift) {
        Some(0) => Err("must be at least 1 byte".to_string()),
        Some(bytes) => Ok(bytes),
        None => Err(wrong()),
    }
}

/// The JSON summary of a memoised search: "solutions" (a number, or a string of digits past
/// 2^64 - 1), "states", "options_tried", "hits", "entries", "refused", "zdd_nodes", "peak_bytes",
/// "complete", "status", "elapsed_ms".
#[derive(Clone, Debug, Serialize)]
pub struct MemoSummary {
    solutions: Count,
    states: u64,
    options_tried: u64,
    hits: u64,
    entries: u64,
    refused: u64,
    zdd_nodes: u64,
    peak_bytes: u64,
    complete: bool,
    status: &'static str,
    elapsed_ms: f64,
}

/// What [`run`] found.
#[derive(Clone, Debug)]
pub struct MemoRun {
    /// The number of solutions (those met so far, when stopped early).
    pub count: Count,
    /// Complete, or the limit that stopped it.
    pub status: Status,
    /// The search's statistics.
    pub stats: MemoStats,
    /// The memory limit and where it came from (`--memo-limit`, or the default's reason).
    pub limit: String,
}

impl MemoRun {
    /// The JSON summary.
    pub fn summary(&self) -> MemoSummary {
        let s = &self.stats;
        MemoSummary {
            solutions: self.count.clone(),
            states: s.states,
            options_tried: s.options_tried,
            hits: s.hits,
            entries: s.entries,
            refused: s.refused,
            zdd_nodes: s.zdd_nodes,
            peak_bytes: s.peak_bytes,
            complete: self.status.is_complete(),
            status: self.status.as_str(),
            elapsed_ms: output::millis(s.elapsed),
        }
    }

    /// The exit code: as for a plain search.
    pub fn exit(&self) -> super::Exit {
        let found = u64::from(!self.count.is_zero());
        super::Exit::for_search(self.status, found)
    }

    /// The count on its own line of standard output, marked as a plain search marks it when
    /// a limit or a signal cut it short: `15048400106383 (incomplete: time limit)`.
    pub fn count_line(&self) -> String {
        match super::search::incomplete(self.status) {
            Some(why) => format!("{} ({why})", self.count),
            None => self.count.to_string(),
        }
    }
}

/// Runs the memoised search on `problem` as the flags say: counts (on `threads` threads; the
/// count is the same on any number, the statistics depend on which thread meets a
/// subproblem first), or builds the ZDD on one thread, writes it (`--zdd`) and passes
/// `--sample` solutions to `on_sample`.
/// The plan of a memoised run, for [`Plan::check`] to accept or refuse with the rest of
/// the flags: `plan` (order, threads or shard, limits, count, profile, as the subcommand's
/// flags give them) counting with the memoised search. The seed of `--sample` is the
/// sampler's, not the search's.
pub fn plan(problem: &Problem, args: &MemoArgs, plan: Plan, ctx: &Context) -> Plan {
    let mut plan = plan.memo(options(problem, args, ctx));
    if args.sample.is_some() || args.zdd.is_some() {
        // The ZDD holds every solution; the samples are drawn from it with the seed.
        let order = SearchOrder {
            seed: None,
            ..plan.search_order()
        };
        plan = plan.count(true).order(order);
    }
    plan
}

/// The memoised search's options as the flags give them (threads and limits: the plan's),
/// with the note said when the cache fills ([`full_note`]).
fn options(problem: &Problem, args: &MemoArgs, ctx: &Context) -> MemoOptions {
    let options = MemoOptions::new()
        .memory_limit(args.memo_limit.unwrap_or_else(memo::default_memory_limit))
        .choice(args.memo_order.choice(problem));
    if ctx.quiet() {
        return options;
    }
    let limit = limit_text(args);
    options.on_full(OnFull::new(move |_| {
        super::eprint_line(format_args!("dlxkit: {}", full_note(&limit)));
    }))
}

/// The memory limit as the statistics and the notes name it.
fn limit_text(args: &MemoArgs) -> String {
    match args.memo_limit {
        Some(bytes) => format!("{} (--memo-limit)", human_bytes(bytes as u64)),
        None => memo::DefaultLimit::read().to_string(),
    }
}

/// The note said on standard error when the cache first meets the memory `limit`, at that
/// moment (the count goes on, exact, but slower from then on).
pub fn full_note(limit: &str) -> String {
    format!(
        "the memoised search reached its memory limit, {limit}: from now on new subproblems are not kept and some are solved again (the count stays exact, the search slows down; stop it and raise --memo-limit to go faster)"
    )
}

pub fn run(
    problem: &Problem,
    plan: &Plan,
    args: &MemoArgs,
    out: &mut Output,
    mut on_sample: impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
) -> Result<MemoRun, CliError> {
    plan.check(problem).map_err(search::refused)?;
    let limit = limit_text(args);
    if args.sample.is_none() && args.zdd.is_none() {
        let report = plan.run(problem, &mut Discard).map_err(search::refused)?;
        let counted = report.memo.expect("a memoised plan reports its count");
        return Ok(MemoRun {
            count: counted.count,
            status: counted.status,
            stats: counted.stats,
            limit,
        });
    }
    let options = plan
        .memo_options()
        .expect("a memoised run's plan counts with the memoised search");
    let (zdd, stats) = match Zdd::build(problem, &options) {
        Ok(built) => built,
        Err(MemoError::Incomplete { status, met, stats }) => {
            return Ok(MemoRun {
                count: met,
                status,
                stats: *stats,
                limit,
            })
        }
        Err(e) => return Err(memo_error(e)),
    };
    if let Some(path) = &args.zdd {
        write_zdd(&zdd, path, args.zdd_format)?;
    }
    let mut rng = Rng::new(args.seed.unwrap_or(1));
    for _ in 0..args.sample.unwrap_or(0) {
        match zdd.sample(&mut rng) {
            Some(solution) => on_sample(out, &solution)?,
            None => break,
        }
    }
    Ok(MemoRun {
        count: zdd.count(),
        status: Status::Complete,
        stats,
        limit,
    })
}

pub fn memo_error(e: MemoError) -> CliError {
    match e {
        MemoError::Memory { .. } => CliError::input(e.to_string()).with_hint(
            "raise --memo-limit, or count without --sample and --zdd (the count needs no ZDD)",
        ),
        MemoError::Stack { .. } => CliError::input(e.to_string())
            .with_hint("raise --memo-limit, or count with dancing links (without --memo)"),
        other => CliError::usage(other.to_string()),
    }
}

fn write_zdd(zdd: &Zdd, path: &std::path::Path, format: ZddFormat) -> Result<(), CliError> {
    let cannot = |e: std::io::Error| {
        CliError::input(format!("cannot write the ZDD to `{}`: {e}", path.display()))
    };
    let mut file = BufWriter::new(File::create(path).map_err(cannot)?);
    match format {
        ZddFormat::Text => zdd.write_text(&mut file),
        ZddFormat::Graphillion => zdd.write_graphillion(&mut file),
        ZddFormat::Knuth => zdd.write_knuth(&mut file),
    }
    .and_then(|()| std::io::Write::flush(&mut file))
    .map_err(cannot)
}

/// Bytes for people: `512 B`, `3.2 MiB`, `1.50 GiB`.
fn human_bytes(bytes: u64) -> String {
    match bytes {
        b if b < 1 << 10 => format!("{b} B"),
        b if b < 1 << 20 => format!("{:.1} KiB", b as f64 / 1024.0),
        b if b < 1 << 30 => format!("{:.1} MiB", b as f64 / f64::from(1 << 20)),
        b => format!("{:.2} GiB", b as f64 / f64::from(1 << 30)),
    }
}

/// The threads of the count and, when there were several, the states each solved (they
/// share one cache, so the sum is near one thread's states, not a multiple of it).
fn threads_line(s: &MemoStats) -> String {
    match s.workers.as_slice() {
        [] => "1".to_string(),
        workers => {
            let states: Vec<String> = workers.iter().map(|w| w.states.to_string()).collect();
            format!("{} (states {})", workers.len(), states.join(" + "))
        }
    }
}

/// The statistics of a memoised search, one `label value` line each.
pub fn stats_lines(run: &MemoRun, paint: Paint) -> Vec<String> {
    let s = &run.stats;
    let status = match run.status {
        Status::Complete => paint.good(run.status.as_str()),
        _ => paint.warning(run.status.as_str()),
    };
    vec![
        stat_line(paint, "solutions", &run.count),
        stat_line(paint, "states", s.states),
        stat_line(paint, "options tried", s.options_tried),
        stat_line(paint, "hits", s.hits),
        stat_line(paint, "entries", s.entries),
        stat_line(paint, "refused", s.refused),
        stat_line(paint, "zdd nodes", s.zdd_nodes),
        stat_line(paint, "threads", threads_line(s)),
        stat_line(paint, "memory", human_bytes(s.peak_bytes)),
        stat_line(paint, "memo limit", &run.limit),
        stat_line(paint, "time", output::human_duration(s.elapsed)),
        stat_line(paint, "status", status),
    ]
}

/// What follows a memoised search on standard error: the statistics if `stats`, and notes
/// (a stopped search; entries the memory limit turned away).
pub fn report(ctx: &Context, run: &MemoRun, stats: bool, text: bool) {
    if stats {
        for line in stats_lines(run, ctx.stderr_colors()) {
            super::eprint_line(format_args!("{line}"));
        }
    }
    note_refused(ctx, run.stats.refused);
    if !stats && text {
        let why = match run.status {
            Status::NodeLimit => "stopped at the node limit (--max-nodes)",
            Status::TimeLimit => "stopped at the time limit (--timeout)",
            Status::Cancelled => "interrupted",
            _ => return,
        };
        ctx.note(format_args!(
            "{why} after {} options tried: the memoised count is incomplete ({} solutions met so far)",
            run.stats.options_tried, run.count
        ));
    }
}

/// The note for subproblems the memory limit turned away (`refused`), if any.
pub fn note_refused(ctx: &Context, refused: u64) {
    if refused > 0 {
        ctx.note(format_args!(
            "the memoised search reached its memory limit (--memo-limit): {refused} subproblems were not kept, so some were solved again (the count is still exact)"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_take_binary_suffixes() {
        assert_eq!(parse_bytes("1024"), Ok(1024));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("4G"), Ok(4 << 30));
        assert_eq!(parse_bytes("2GiB"), Ok(2 << 30));
        assert_eq!(parse_bytes("16KB"), Ok(16 << 10));
        assert!(parse_bytes("0").is_err());
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("99999999999T").is_err());
    }

    #[test]
    fn bytes_read_for_people() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(3 << 20), "3.0 MiB");
        assert_eq!(human_bytes(3 << 30), "3.00 GiB");
    }
}
