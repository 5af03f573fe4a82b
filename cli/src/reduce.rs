//! `dlxkit reduce`: preprocess an exact cover problem as Knuth's DLX-PRE does, and write the
//! equivalent smaller problem in Knuth's format.
//!
//! The library does the work ([`Problem::reduce`]); this module reads the input, writes the
//! reduced problem (or, with `--format json`, one object with the counts, what was removed
//! and the problem), and says on standard error how much went. [`note`] is that line, which
//! `dlxkit solve --reduce` prints too.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueHint};
use dlxkit::xc::reduce::{ItemReason, OptionReason};
use dlxkit::xc::{Problem, ReduceOptions, Reduction, Status};
use serde::Serialize;

use super::input;
use super::output::{Format, Output};
use super::search::{parse_positive, parse_seconds, LimitArgs};
use super::{interrupt, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit reduce data/dlx/knuth-toy.dlx             the toy problem, reduced to 3 options
  dlxkit reduce big.dlx | dlxkit solve --count     count the solutions of the reduced problem
  dlxkit reduce --format json big.dlx              what was removed, and why, as JSON

An option is removed when choosing it would leave some primary item with no option; an
item is removed when every option of some primary item contains it (the options with both
lose it, the other options with it go). Rounds repeat until nothing changes, or --rounds.
The reduced problem has the same solutions (`dlxkit solve --reduce` maps them back to the
original options).

--timeout, --max-nodes (a node is one item's turn in a round), Ctrl-C and SIGTERM stop the
reduction between two steps: the problem written is then still equivalent, only less
reduced, and its first line, a comment, says so (`| incomplete: time limit ...`; in JSON,
\"status\").

Exit status: 0 when the problem was written (even one cut short by --timeout or
--max-nodes), 1 when a limit stopped the run before the reduction started (nothing written
but that comment), 2 for bad input or usage, 130 after Ctrl-C and 143 after SIGTERM (the
problem reduced so far is written first).";

// Arguments of `dlxkit reduce`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct ReduceArgs {
    /// The problem in Knuth's format [default: standard input]
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// Stop after N rounds, even if the last one still removed something
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub rounds: Option<u64>,

    /// Stop after N steps (one item's turn in a round); what was reduced is written
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub max_nodes: Option<u64>,

    /// Stop after this many seconds, counted from the start of the run (decimals allowed; a
    /// huge number means no limit); what was reduced is written
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Output format
    ///
    /// `text` writes the reduced problem; `json` writes one object: "status" ("complete",
    /// or the limit that cut it short), "steps" (the steps taken), "removed_options",
    /// "removed_items", "rounds", "fixed_point", "infeasible" (an item name, or null),
    /// "options" and "items" (what was removed: its text or name and "reason"), and
    /// "problem" (the reduced problem in Knuth's format).
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,
}

/// The options of the reduction that `--rounds` asks for.
pub fn options(rounds: Option<u64>) -> ReduceOptions {
    match rounds {
        Some(n) => ReduceOptions::new().rounds(usize::try_from(n).unwrap_or(usize::MAX)),
        None => ReduceOptions::new(),
    }
}

/// Runs `dlxkit reduce`.
pub fn run(args: &ReduceArgs, ctx: &Context) -> Result<Exit, CliError> {
    if args.format == Format::Jsonl {
        return Err(CliError::usage(
            "`reduce` writes one result: use --format text or json",
        ));
    }
    let limits = LimitArgs {
        limit: None,
        max_nodes: args.max_nodes,
        timeout: args.timeout,
    };
    // Reading a terminal (`reduce -`) waits for its user, and a large file takes time to
    // read: a signal or the deadline ends that with a word.
    let watch = {
        let format = args.format;
        interrupt::Watch::start(limits.deadline(ctx.started), move |status| {
            stopped_before(format, status)
        })
    };
    let source = input::read(args.file.as_deref(), ctx)?;
    let problem = Problem::from_dlx(&source.text).map_err(|e| source.parse_error(&e))?;
    for warning in problem.warnings() {
        ctx.warn(super::solve::warning_text(&source, warning));
    }
    watch.hand_over();
    let options = options(args.rounds).limits(limits.limits(interrupt::flag(), ctx.started));
    let reduction = problem.reduce(&options);
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Json => out.json_line(&Report::new(&problem, &reduction))?,
        _ => {
            if let Some(why) = cut_short(&reduction) {
                out.line(&format!("| {why}"))?;
            }
            out.write_str(&reduction.problem.to_dlx())?;
        }
    }
    out.flush()?;
    if args.format != Format::Json {
        ctx.note(note(&reduction));
    }
    Ok(match reduction.status {
        Status::Cancelled => Exit::Interrupted,
        _ => Exit::Success,
    })
}

/// What a reduction stopped by a limit or a signal says first on standard output, a
/// comment of Knuth's format: `incomplete: node limit after 3 steps: ...`.
fn cut_short(r: &Reduction) -> Option<String> {
    super::search::incomplete(r.status).map(|why| {
        format!(
            "{why} after {} step{}: equivalent to the input, not fully reduced",
            r.steps,
            if r.steps == 1 { "" } else { "s" }
        )
    })
}

/// What a run stopped before its reduction started (reading, parsing) writes: a comment
/// (or a JSON object) saying so on standard output, a note on standard error.
fn stopped_before(format: Format, status: Status) -> Result<Exit, CliError> {
    let why = super::search::incomplete(status).unwrap_or_default();
    let mut out = Output::stdout(false);
    match format {
        Format::Json => out.json_line(&serde_json::json!({
            "status": status.as_str(),
            "steps": 0,
        }))?,
        _ => out.line(&format!(
            "| {why} before the reduction started: nothing reduced"
        ))?,
    }
    out.flush()?;
    let by = match status {
        Status::Cancelled => format!("by {}", interrupt::stopped_by()),
        _ => "at the time limit (--timeout)".to_string(),
    };
    super::eprint_line(format_args!(
        "dlxkit reduce: stopped {by} before the reduction started: nothing reduced"
    ));
    Ok(match status {
        Status::Cancelled => Exit::Interrupted,
        _ => Exit::NoSolution,
    })
}

/// The line on standard error: `reduced: removed 3 options and 4 items in 3 rounds`.
pub fn note(r: &Reduction) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut text = format!(
        "reduced: removed {} and {} in {}",
        plural(r.removed_options.len(), "option"),
        plural(r.removed_items.len(), "item"),
        plural(r.rounds, "round"),
    );
    if r.infeasible.is_some() {
        let kept = r.problem.items().next();
        let name = kept.map_or("?", |i| r.problem.item_name(i));
        text.push_str(&format!(
            "; no solution: primary item `{name}` has no option"
        ));
    } else if let Some(why) = cut_short(r) {
        text.push_str(&format!(" ({why})"));
    } else if !r.fixed_point {
        text.push_str(" (the round limit stopped it before a fixed point)");
    }
    text
}

/// The `--format json` object.
#[derive(Serialize)]
struct Report {
    status: &'static str,
    steps: u64,
    removed_options: usize,
    removed_items: usize,
    rounds: usize,
    fixed_point: bool,
    infeasible: Option<String>,
    options: Vec<RemovedOptionLine>,
    items: Vec<RemovedItemLine>,
    problem: String,
}

/// A removed option in the JSON report.
#[derive(Serialize)]
struct RemovedOptionLine {
    option: String,
    reason: String,
}

/// A removed item in the JSON report.
#[derive(Serialize)]
struct RemovedItemLine {
    item: String,
    reason: String,
}

impl Report {
    fn new(p: &Problem, r: &Reduction) -> Report {
        let name = |i| p.item_name(i).to_string();
        Report {
            status: r.status.as_str(),
            steps: r.steps,
            removed_options: r.removed_options.len(),
            removed_items: r.removed_items.len(),
            rounds: r.rounds,
            fixed_point: r.fixed_point,
            infeasible: r.infeasible.map(name),
            options: r
                .removed_options
                .iter()
                .map(|o| RemovedOptionLine {
                    option: p.option_text(o.option),
                    reason: match o.reason {
                        OptionReason::Blocks(i) => format!("blocks {}", name(i)),
                        OptionReason::ClashesWithForced { item, by } => {
                            format!("has {} without {}", name(item), name(by))
                        }
                        _ => "infeasible".to_string(),
                    },
                })
                .collect(),
            items: r
                .removed_items
                .iter()
                .map(|i| RemovedItemLine {
                    item: name(i.item),
                    reason: match i.reason {
                        ItemReason::ForcedBy(by) => format!("forced by {}", name(by)),
                        ItemReason::Unused => "in no option".to_string(),
                        _ => "infeasible".to_string(),
                    },
                })
                .collect(),
            problem: r.problem.to_dlx(),
        }
    }
}
