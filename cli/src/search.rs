//! What the subcommands that run one search share (`solve` and the puzzles): the limit
//! flags ([`LimitArgs`]), the sink that prints a planned search with its progress bar and
//! output flushing ([`Printing`]), the statistics on standard error ([`problem_summary`], [`report`]) and the
//! search fields of the JSON summary ([`SearchSummary`]).

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use dlxkit::xc::plan::{Engine, Feature};
use dlxkit::xc::{
    Counts, Limits, OptionId, Outcome, Problem, Progress, Reduction, RunError, Sink, Stats, Status,
    Unsupported,
};
use serde::Serialize;

use super::color::Paint;
use super::interrupt::Watch;
use super::output::{self, Format, Output};
use super::progress::SearchBar;
use super::{CliError, Context};

// The flags that stop a search early: `--limit`, `--max-nodes`, `--timeout`.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Stop after N solutions.
    #[arg(short = 'n', long, value_name = "N", value_parser = parse_positive)]
    pub limit: Option<u64>,

    /// Stop after N search-tree nodes
    ///
    /// A search stopped this way reports the status "node limit".
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub max_nodes: Option<u64>,

    /// Stop after this many seconds
    ///
    /// Counted from the start of the run: reading the input and building the problem count
    /// too. Decimals are allowed (`0.5`); a huge number (`1e20`, `inf`) means no limit. A
    /// search stopped this way reports the status "time limit".
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

impl LimitArgs {
    /// The run's deadline: `--timeout` after `started` (none for a time too large to add).
    pub fn deadline(&self, started: Instant) -> Option<Instant> {
        self.timeout.and_then(|t| started.checked_add(t))
    }

    /// The solver's limits: these flags, the deadline of a run started at `started`, and the
    /// Ctrl-C flag `cancel`.
    pub fn limits(&self, cancel: Arc<AtomicBool>, started: Instant) -> Limits {
        let mut limits = Limits::new().cancel_flag(cancel);
        if let Some(n) = self.limit {
            limits = limits.solutions(n);
        }
        if let Some(n) = self.max_nodes {
            limits = limits.nodes(n);
        }
        limits.deadline = self.deadline(started);
        limits
    }
}

/// Parses a count that must be at least 1.
pub fn parse_positive(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number")),
    }
}

/// Parses `--timeout`: a number of seconds, 0 or more, decimals allowed. A time too long for
/// a `Duration` (`1e20`, `inf`) is the longest one: no deadline can be that far, so there is
/// none.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let not_seconds = || format!("`{text}` is not a number of seconds (e.g. 10 or 0.5)");
    let secs: f64 = text.trim().parse().map_err(|_| not_seconds())?;
    if secs.is_nan() {
        return Err(not_seconds());
    }
    if secs < 0.0 {
        return Err(format!("`{text}` is negative: give 0 seconds or more"));
    }
    Ok(Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX))
}

/// What a planned search sends, printed: solutions (and improvements, with their cost) go
/// to `on_solution`, progress moves `bar` (and writes JSON progress lines when it should)
/// and flushes output that has waited too long, a reduction is noted on standard error.
/// When the search starts, the interrupt watch hands over to it and, with `stats`, the
/// searched problem's size is printed. The first error (a broken pipe, say) stops the
/// search; [`Printing::finish`] returns it.
pub struct Printing<'a, F> {
    /// The standard output.
    pub out: &'a mut Output,
    bar: &'a mut SearchBar,
    ctx: &'a Context,
    watch: Option<Watch>,
    stats: bool,
    on_solution: F,
    failure: Option<CliError>,
}

impl<'a, F> Printing<'a, F>
where
    F: FnMut(&mut Output, Option<u64>, &[OptionId]) -> Result<(), CliError>,
{
    /// A sink printing to `out` with `on_solution` (given the cost of an improvement).
    pub fn new(
        out: &'a mut Output,
        bar: &'a mut SearchBar,
        ctx: &'a Context,
        watch: Watch,
        on_solution: F,
    ) -> Self {
        Printing {
            out,
            bar,
            ctx,
            watch: Some(watch),
            stats: false,
            on_solution,
            failure: None,
        }
    }

    /// Prints the searched problem's size when the search starts.
    pub fn with_stats(mut self, stats: bool) -> Self {
        self.stats = stats;
        self
    }

    /// Ends the printing: the bar is cleared, and the first failure returned.
    pub fn finish(self) -> Result<(), CliError> {
        self.bar.finish();
        match self.failure {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn settle(&mut self, done: Result<(), CliError>) -> ControlFlow<()> {
        match done {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.failure.get_or_insert(e);
                ControlFlow::Break(())
            }
        }
    }
}

impl<F> Sink for Printing<'_, F>
where
    F: FnMut(&mut Output, Option<u64>, &[OptionId]) -> Result<(), CliError>,
{
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        let done = (self.on_solution)(self.out, None, options);
        self.settle(done)
    }

    fn improvement(&mut self, cost: u64, options: &[OptionId]) -> ControlFlow<()> {
        let done = (self.on_solution)(self.out, Some(cost), options);
        self.settle(done)
    }

    fn progress(&mut self, p: &Progress) -> ControlFlow<()> {
        self.bar.update(p);
        let done = match self.bar.event(p) {
            Some(line) => self
                .out
                .json_line(&line)
                .and_then(|()| self.out.end_record()),
            None => self.out.flush_if_stale(),
        };
        self.settle(done)
    }

    fn reduced(&mut self, reduction: &Reduction) {
        self.ctx.note(super::reduce::note(reduction));
    }

    fn started(&mut self, searched: &Problem) {
        if self.stats {
            let summary = problem_summary(searched, self.ctx.stderr_colors());
            super::eprint_line(format_args!("{summary}"));
        }
        if let Some(watch) = self.watch.take() {
            watch.hand_over();
        }
    }
}

/// The error for a plan the library refuses: its reason, and what to type instead when
/// there is an obvious fix.
pub fn refused(e: impl Into<RunError>) -> CliError {
    let e = match e.into() {
        RunError::Unsupported(e) => e,
        RunError::Memo(e) => return super::memo::memo_error(e),
        e => return CliError::usage(e.to_string()),
    };
    match e {
        Unsupported::ShardCount { found, .. } => {
            CliError::usage(format!("{e}: give --shard I/{found}"))
        }
        Unsupported::Memo(Feature::List) => {
            CliError::usage(e.to_string()).with_hint("give --count (or --sample K, or --zdd FILE)")
        }
        Unsupported::Memo(Feature::Shard) => {
            CliError::usage(e.to_string()).with_hint("give --memo --jobs N to count on N threads")
        }
        Unsupported::Memo(Feature::Seed) => {
            CliError::usage(e.to_string()).with_hint("with --memo, --seed seeds --sample only")
        }
        Unsupported::Memo(Feature::PreferSharp) => {
            CliError::usage(e.to_string()).with_hint("the memoised search has its own --memo-order")
        }
        Unsupported::Memo(Feature::SolutionLimit) => CliError::usage(e.to_string())
            .with_hint("--max-nodes and --timeout apply to it, --limit does not"),
        Unsupported::Checkpoint(Feature::List) => {
            CliError::usage(e.to_string()).with_hint("give --count")
        }
        Unsupported::WholeSubtrees(Feature::SolutionLimit) => CliError::usage(e.to_string())
            .with_hint("leave out --limit: --split-after, --max-nodes and --timeout stop a part and name the rest for the next one"),
        e => CliError::usage(e.to_string()),
    }
}

/// The search fields of the JSON summary, in this order: "solutions", "nodes", "updates",
/// "cleansings", "complete", "status", "elapsed_ms", and "engine" when a search ran
/// ([`SearchSummary::on`]; flatten it into a subcommand's own summary object).
#[derive(Clone, Debug, Serialize)]
pub struct SearchSummary {
    solutions: u64,
    nodes: u64,
    /// Knuth's updates and cleansings: absent where the engine does not keep them
    /// (`Counts`: the bit sets keep neither, dancing cells SSXCC's updates only).
    #[serde(skip_serializing_if = "Option::is_none")]
    updates: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cleansings: Option<u64>,
    complete: bool,
    status: &'static str,
    elapsed_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'static str>,
}

impl SearchSummary {
    /// The summary of a finished search.
    pub fn new(outcome: &Outcome) -> SearchSummary {
        let stats = &outcome.stats;
        SearchSummary {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates_kept(),
            cleansings: stats.cleansings_kept(),
            complete: outcome.status.is_complete(),
            status: outcome.status.as_str(),
            elapsed_ms: output::millis(stats.elapsed),
            engine: None,
        }
    }

    /// The same summary without Knuth's updates and cleansings (they were not counted).
    pub fn without_updates(mut self) -> SearchSummary {
        (self.updates, self.cleansings) = (None, None);
        self
    }

    /// The same summary, naming the engine that searched (`None`: no search ran).
    pub fn on(mut self, engine: Option<Engine>) -> SearchSummary {
        self.engine = engine.map(Engine::name);
        self
    }
}

/// A `label value` line of the statistics, the label bold and padded to line up.
pub fn stat_line(paint: Paint, label: &str, value: impl std::fmt::Display) -> String {
    format!("{} {value}", paint.label(&format!("{label:<11}")))
}

/// The problem's size, printed with the statistics before the search starts.
pub fn problem_summary(problem: &Problem, paint: Paint) -> String {
    stat_line(
        paint,
        "problem",
        format_args!(
            "{} items ({} primary, {} secondary), {} options, {} entries",
            problem.item_count(),
            problem.primary_count(),
            problem.secondary_count(),
            problem.option_count(),
            problem.entry_count(),
        ),
    )
}

/// The statistics after the search, one `label value` line each, the engine that searched
/// last (`None`: no search ran).
pub fn stats_lines(
    outcome: &Outcome,
    engine: Option<Engine>,
    profile: bool,
    paint: Paint,
) -> Vec<String> {
    let stats = &outcome.stats;
    let status = match outcome.status {
        Status::Complete => paint.good(outcome.status.as_str()),
        _ => paint.warning(outcome.status.as_str()),
    };
    let mut lines = vec![
        stat_line(paint, "solutions", stats.solutions),
        stat_line(paint, "nodes", stats.nodes),
    ];
    // Each engine's own counts, and only those (`Counts`): DLX's updates and cleansings on
    // the links, SSXCC's updates on dancing cells, the tree alone on the bit sets.
    let whose = match stats.counts {
        Counts::Cells => " (SSXCC's)",
        _ => "",
    };
    if let Some(updates) = stats.updates_kept() {
        lines.push(stat_line(
            paint,
            "updates",
            format_args!("{updates}{whose}"),
        ));
    }
    if let Some(cleansings) = stats.cleansings_kept() {
        lines.push(stat_line(
            paint,
            "cleansings",
            format_args!("{cleansings}{whose}"),
        ));
    }
    lines.push(stat_line(
        paint,
        "time",
        output::human_duration(stats.elapsed),
    ));
    lines.push(stat_line(paint, "status", status));
    if let Some(engine) = engine {
        lines.push(stat_line(paint, "engine", engine));
    }
    if profile {
        lines.push(stat_line(
            paint,
            "profile",
            format_args!("{:>5} {:>14}", "level", "nodes"),
        ));
        for (level, nodes) in stats.profile.iter().enumerate() {
            lines.push(format!("{:<11} {level:>5} {nodes:>14}", ""));
        }
    }
    lines
}

/// The count of a search on its own line of standard output: the number, and for a search
/// cut short by a limit the user may not expect (nodes, time, a signal), why it is not the
/// answer: `775266 (incomplete: time limit)`. A count up to `--limit` is the count asked for.
pub fn count_line(outcome: &Outcome) -> String {
    count_text(outcome.stats.solutions, outcome.status)
}

/// [`count_line`] for a count and the status its search ended with.
pub fn count_text(count: u64, status: Status) -> String {
    match incomplete(status) {
        Some(why) => format!("{count} ({why})"),
        None => count.to_string(),
    }
}

/// Why a count whose search ended with `status` is not the answer (`incomplete: node
/// limit`), or `None` when it is one (complete, or up to `--limit`).
pub fn incomplete(status: Status) -> Option<String> {
    matches!(
        status,
        Status::NodeLimit | Status::TimeLimit | Status::Cancelled
    )
    .then(|| format!("incomplete: {}", status.as_str()))
}

/// The last line of a text listing cut short by a limit the user may not expect (nodes,
/// time, a signal): `(incomplete: node limit)`, so that standard output alone says the
/// solutions above it are not all of them. A listing up to `--limit` ends as a whole one.
pub fn end_listing(out: &mut Output, status: Status) -> Result<(), CliError> {
    match incomplete(status) {
        Some(why) => out.line(&format!("({why})")),
        None => Ok(()),
    }
}

/// What a run stopped by `status` before its search started reports: no solution, no node.
pub fn outcome_before_search(status: Status) -> Outcome {
    Outcome {
        status,
        stats: Stats::default(),
    }
}

/// A note for a search that stopped before the end for a reason the user may not expect
/// (a node or time limit, Ctrl-C); `None` for a complete search or the solution limit.
pub fn incomplete_note(outcome: &Outcome) -> Option<String> {
    let why = match outcome.status {
        Status::NodeLimit => "stopped at the node limit (--max-nodes)",
        Status::TimeLimit => "stopped at the time limit (--timeout)",
        Status::Cancelled => "interrupted",
        _ => return None,
    };
    let s = &outcome.stats;
    if s.nodes == 0 {
        // Every search that starts counts its root: this one never started.
        return Some(format!(
            "{why} before the search started: nothing was searched"
        ));
    }
    let plural = if s.solutions == 1 { "" } else { "s" };
    Some(format!(
        "{why} after {} nodes and {} solution{plural}: the search is incomplete",
        s.nodes, s.solutions
    ))
}

/// What follows a search on standard error: the statistics if `stats` (with the profile if
/// `profile`), or else, in text format, a note when the search was cut short (JSON says the
/// same with "complete" and "status").
pub fn report(
    ctx: &Context,
    outcome: &Outcome,
    engine: Option<Engine>,
    stats: bool,
    profile: bool,
    format: Format,
) {
    if stats {
        for line in stats_lines(outcome, engine, profile, ctx.stderr_colors()) {
            super::eprint_line(format_args!("{line}"));
        }
    } else if format == Format::Text {
        if let Some(note) = incomplete_note(outcome) {
            ctx.note(note);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Exit;

    fn outcome(status: Status, solutions: u64, nodes: u64) -> Outcome {
        Outcome {
            status,
            stats: Stats {
                solutions,
                nodes,
                updates: 30,
                cleansings: 0,
                elapsed: Duration::from_micros(15),
                profile: vec![1, 2, 3],
                ..Stats::default()
            },
        }
    }

    #[test]
    fn an_interrupted_search_says_so_and_exits_130() {
        let o = outcome(Status::Cancelled, 2, 5000);
        let lines = stats_lines(&o, None, false, Paint::new(false));
        assert!(lines.contains(&"status      interrupted".to_string()));
        assert!(lines.contains(&"solutions   2".to_string()));
        assert_eq!(
            incomplete_note(&o).unwrap(),
            "interrupted after 5000 nodes and 2 solutions: the search is incomplete"
        );
        assert_eq!(
            Exit::for_search(o.status, o.stats.solutions),
            Exit::Interrupted
        );
    }

    #[test]
    fn complete_searches_need_no_note() {
        assert_eq!(incomplete_note(&outcome(Status::Complete, 1, 6)), None);
        assert_eq!(incomplete_note(&outcome(Status::SolutionLimit, 1, 6)), None);
        assert!(incomplete_note(&outcome(Status::NodeLimit, 1, 6))
            .unwrap()
            .contains("node limit"));
    }

    #[test]
    fn the_profile_lists_every_level() {
        let lines = stats_lines(
            &outcome(Status::Complete, 1, 6),
            None,
            true,
            Paint::new(false),
        );
        assert_eq!(lines[6], "profile     level          nodes");
        assert_eq!(lines[7], "                0              1");
        assert_eq!(lines.len(), 10);
    }

    #[test]
    fn timeouts_are_seconds() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert_eq!(
            parse_seconds("-1").unwrap_err(),
            "`-1` is negative: give 0 seconds or more"
        );
        assert_eq!(
            parse_seconds("soon").unwrap_err(),
            "`soon` is not a number of seconds (e.g. 10 or 0.5)"
        );
        assert!(parse_seconds("NaN").is_err());
    }

    #[test]
    fn huge_timeouts_saturate_and_set_no_deadline() {
        for text in ["1e20", "1e300", "inf", "18446744073709551616"] {
            assert_eq!(parse_seconds(text), Ok(Duration::MAX), "{text}");
        }
        let args = LimitArgs {
            timeout: Some(Duration::MAX),
            ..LimitArgs::default()
        };
        assert_eq!(args.deadline(Instant::now()), None);
        let flag = Arc::new(AtomicBool::new(false));
        assert_eq!(args.limits(flag, Instant::now()).deadline, None);
    }

    #[test]
    fn counts_cut_short_say_so() {
        assert_eq!(count_line(&outcome(Status::Complete, 4, 9)), "4");
        assert_eq!(count_line(&outcome(Status::SolutionLimit, 2, 9)), "2");
        assert_eq!(
            count_line(&outcome(Status::NodeLimit, 2, 5)),
            "2 (incomplete: node limit)"
        );
        assert_eq!(
            count_line(&outcome(Status::TimeLimit, 775266, 5)),
            "775266 (incomplete: time limit)"
        );
        assert_eq!(
            count_line(&outcome(Status::Cancelled, 0, 0)),
            "0 (incomplete: interrupted)"
        );
        assert_eq!(
            incomplete_note(&outcome_before_search(Status::TimeLimit)).unwrap(),
            "stopped at the time limit (--timeout) before the search started: nothing was searched"
        );
    }

    #[test]
    fn the_summary_keeps_the_documented_key_order() {
        let json =
            serde_json::to_string(&SearchSummary::new(&outcome(Status::Complete, 1, 6))).unwrap();
        assert_eq!(
            json,
            r#"{"solutions":1,"nodes":6,"updates":30,"cleansings":0,"complete":true,"status":"complete","elapsed_ms":0.015}"#
        );
    }
}
