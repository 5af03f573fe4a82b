//! `dlxkit merge`: adds up the results of the shards of one search (the `"type":"shard"`
//! lines of `dlxkit solve --shard I/N`) after checking that every shard of the list is
//! there exactly once, complete, and of the same problem ([`dlxkit::xc::shard::merge`]).

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::xc::shard::{self, MergeError, ShardReport, Totals};
use dlxkit::xc::Status;
use serde::{Deserialize, Serialize};

use super::input;
use super::output::{Format, Output};
use super::search::stat_line;
use super::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit merge results/*.jsonl                    the count of the whole search
  cat results/*.jsonl | dlxkit merge --stats      with nodes and updates
  dlxkit merge --format json results/*.jsonl

Input: the output of `dlxkit solve FILE --shard I/N` (any other line is skipped). Each
shard of the list must be there exactly once and complete; otherwise the message names the
shards to run again (missing, duplicated, from another problem or list, or incomplete).

Exit status: 0 if the search has solutions, 1 if none, 2 when the results cannot be merged.";

/// Arguments of `dlxkit merge`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct MergeArgs {
    /// Files of shard results (JSON Lines) [default: standard input]
    #[arg(value_name = "RESULTS", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    /// Print nodes, updates and cleansings on standard error
    #[arg(short, long)]
    pub stats: bool,

    /// Also print the profile (nodes per level); implies --stats
    #[arg(long)]
    pub profile: bool,

    /// Output format
    ///
    /// Text prints the number of solutions. The `json` object holds "solutions", "nodes",
    /// "updates", "cleansings", "shards", "complete" and "profile" (numbers past 2^64 are
    /// written in full).
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,
}

/// The fields of a shard line that merge reads.
#[derive(Deserialize)]
struct Line {
    #[serde(rename = "type")]
    kind: Option<String>,
    fingerprint: Option<String>,
    shards: Option<usize>,
    index: Option<usize>,
    path: Option<String>,
    depth: Option<usize>,
    status: Option<String>,
    solutions: Option<u64>,
    nodes: Option<u64>,
    updates: Option<u64>,
    cleansings: Option<u64>,
    profile: Option<Vec<u64>>,
    above: Option<AboveLine>,
}

#[derive(Deserialize)]
struct AboveLine {
    nodes: u64,
    updates: u64,
    cleansings: u64,
    profile: Vec<u64>,
}

/// The merged totals as JSON.
#[derive(Serialize)]
struct MergedJson<'a> {
    solutions: u128,
    nodes: u128,
    updates: u128,
    cleansings: u128,
    shards: usize,
    complete: bool,
    profile: &'a [u128],
}

/// Runs `dlxkit merge`.
pub fn run(args: &MergeArgs, ctx: &Context) -> Result<Exit, CliError> {
    let mut reports = Vec::new();
    let files: Vec<Option<&std::path::Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|f| Some(f.as_path())).collect()
    };
    for file in files {
        let source = input::read(file, ctx)?;
        for (k, text) in source.text.lines().enumerate() {
            let at = || format!("{}:{}", source.name, k + 1);
            if text.trim().is_empty() {
                continue;
            }
            let line: Line = serde_json::from_str(text).map_err(|e| {
                CliError::input(format!(
                    "{}: not a line of `dlxkit solve --shard`: {e}",
                    at()
                ))
            })?;
            if line.kind.as_deref() != Some("shard") {
                continue;
            }
            reports.push(report(line).map_err(|what| {
                CliError::input(format!("{}: a shard line without {what}", at()))
            })?);
        }
    }
    let totals = shard::merge(&reports).map_err(|e| merge_error(&e, &reports))?;
    let shards = reports.first().map_or(0, |r| r.shards);
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => out.line(&totals.solutions.to_string())?,
        Format::Json | Format::Jsonl => out.json_line(&MergedJson {
            solutions: totals.solutions,
            nodes: totals.nodes,
            updates: totals.updates,
            cleansings: totals.cleansings,
            shards,
            complete: true,
            profile: &totals.profile,
        })?,
    }
    out.flush()?;
    if args.stats || args.profile {
        print_stats(ctx, &totals, shards, args.profile);
    }
    Ok(if totals.solutions > 0 {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

/// A report from the fields of a line; the name of the first field missing.
fn report(line: Line) -> Result<ShardReport, &'static str> {
    let fingerprint = line.fingerprint.ok_or("\"fingerprint\"")?;
    let fingerprint = u64::from_str_radix(&fingerprint, 16).map_err(|_| "a hex \"fingerprint\"")?;
    let word = line.status.ok_or("\"status\"")?;
    let status = Status::ALL
        .into_iter()
        .find(|s| s.as_str() == word)
        .ok_or("a known \"status\"")?;
    let mut totals = Totals::default();
    let stats = dlxkit::xc::Stats {
        solutions: line.solutions.ok_or("\"solutions\"")?,
        nodes: line.nodes.ok_or("\"nodes\"")?,
        updates: line.updates.ok_or("\"updates\"")?,
        cleansings: line.cleansings.unwrap_or(0),
        profile: line.profile.unwrap_or_default(),
        ..Default::default()
    };
    totals.add(0, &stats);
    let above = line.above.ok_or("\"above\"")?;
    let mut above_totals = Totals::default();
    above_totals.add(
        0,
        &dlxkit::xc::Stats {
            nodes: above.nodes,
            updates: above.updates,
            cleansings: above.cleansings,
            profile: above.profile,
            ..Default::default()
        },
    );
    Ok(ShardReport {
        fingerprint,
        shards: line.shards.ok_or("\"shards\"")?,
        index: line.index.ok_or("\"index\"")?,
        path: line.path.unwrap_or_else(|| "empty".to_string()),
        status,
        totals,
        depth: line.depth.unwrap_or(0),
        above: above_totals,
    })
}

/// The error of a refused merge, with what to run again.
fn merge_error(e: &MergeError, reports: &[ShardReport]) -> CliError {
    let n = reports.first().map_or(0, |r| r.shards);
    let hint = match e {
        MergeError::Missing { missing, .. } => {
            let runs: Vec<String> = missing
                .iter()
                .take(5)
                .map(|i| format!("--shard {i}/{n}"))
                .collect();
            let more = if missing.len() > 5 { ", ..." } else { "" };
            Some(format!("run them: dlxkit solve FILE {}{more}", runs.join(", ")))
        }
        MergeError::Incomplete { index, .. } => Some(format!(
            "run it again without the limit that stopped it: dlxkit solve FILE --shard {index}/{n}"
        )),
        MergeError::Foreign { .. } => Some(
            "merge results of one problem and one shard list (the same FILE and the same --shard I/N)"
                .to_string(),
        ),
        _ => None,
    };
    let error = CliError::input(e.to_string());
    match hint {
        Some(h) => error.with_hint(h),
        None => error,
    }
}

fn print_stats(ctx: &Context, totals: &Totals, shards: usize, profile: bool) {
    let paint = ctx.stderr_colors();
    for (label, value) in [
        ("shards", shards as u128),
        ("solutions", totals.solutions),
        ("nodes", totals.nodes),
        ("updates", totals.updates),
        ("cleansings", totals.cleansings),
    ] {
        super::eprint_line(format_args!("{}", stat_line(paint, label, value)));
    }
    if profile {
        super::eprint_line(format_args!(
            "{}",
            stat_line(
                paint,
                "profile",
                format_args!("{:>5} {:>14}", "level", "nodes")
            )
        ));
        for (level, nodes) in totals.profile.iter().enumerate() {
            super::eprint_line(format_args!("{:<11} {level:>5} {nodes:>14}", ""));
        }
    }
}
