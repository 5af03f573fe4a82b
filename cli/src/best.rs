//! `dlxkit solve --best K`: the K cheapest solutions of a problem with option costs (`|n`),
//! as Knuth's DLX5 finds them (the library's plan runs [`dlxkit::xc::BestSolver`]).
//!
//! Every improvement is printed as it is found, with its cost: in text a `# cost N` line
//! before the options, in JSON Lines a `"cost"` field. The summary (`--format json`, the
//! last JSON line, or a note on standard error in text) gives the K best costs.

use dlxkit::xc::Report;
use serde::Serialize;

use super::output::{Format, Output};
use super::search::{self, stat_line, SearchSummary};
use super::{CliError, Context};

/// One `--format jsonl` line per improvement.
#[derive(Serialize)]
struct ImprovementLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    index: u64,
    cost: u64,
    options: &'a [String],
}

/// The `--format json` object and the last `jsonl` line.
#[derive(Serialize)]
struct BestSummary<'a> {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    #[serde(flatten)]
    search: SearchSummary,
    /// The K cheapest costs found, cheapest first.
    best: Vec<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<&'a [u64]>,
    /// The cost of each improvement, in the order found (with `options`).
    #[serde(skip_serializing_if = "Option::is_none")]
    costs: Option<&'a [u64]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<&'a [Vec<String>]>,
}

/// Prints an improvement (a solution cheaper than the K-th cheapest so far, numbered
/// `index` from 1) as it is found: after a `# cost N` line in text, with a "cost" field in
/// JSON Lines; for `--format json` it is kept in `costs` and `collected`.
pub fn improvement(
    out: &mut Output,
    format: Format,
    index: u64,
    cost: u64,
    texts: Vec<String>,
    costs: &mut Vec<u64>,
    collected: &mut Vec<Vec<String>>,
) -> Result<(), CliError> {
    match format {
        Format::Text => {
            out.line(&format!("# cost {cost}"))?;
            for text in &texts {
                out.line(text)?;
            }
            out.line("")?;
            out.end_record()
        }
        Format::Jsonl => {
            out.json_line(&ImprovementLine {
                kind: "solution",
                index,
                cost,
                options: &texts,
            })?;
            out.end_record()
        }
        Format::Json => {
            costs.push(cost);
            collected.push(texts);
            Ok(())
        }
    }
}

/// The end of a minimum-cost search on standard output: the summary with the K best costs
/// (`--format json`: with every improvement; the last JSON line), nothing in text.
pub fn finish(
    out: &mut Output,
    format: Format,
    report: &Report,
    profile: bool,
    costs: &[u64],
    collected: &[Vec<String>],
) -> Result<(), CliError> {
    let summary = |kind, costs, options| BestSummary {
        kind,
        search: SearchSummary::new(&report.outcome()).on(Some(report.engine)),
        best: report.cheapest.iter().map(|c| c.cost).collect(),
        profile: profile.then_some(report.stats.profile.as_slice()),
        costs,
        options,
    };
    match format {
        Format::Text => search::end_listing(out, report.outcome().status),
        Format::Json => out.json_line(&summary(None, Some(costs), Some(collected))),
        Format::Jsonl => out.json_line(&summary(Some("summary"), None, None)),
    }
}

/// What follows a minimum-cost search on standard error: the K best costs (a statistics
/// line, or a note in text), then the statistics or the note of [`search::report`].
pub fn report(ctx: &Context, report: &Report, stats: bool, profile: bool, format: Format) {
    let cheapest: Vec<u64> = report.cheapest.iter().map(|c| c.cost).collect();
    let outcome = report.outcome();
    if stats {
        let costs: Vec<String> = cheapest.iter().map(u64::to_string).collect();
        super::eprint_line(format_args!(
            "{}",
            stat_line(ctx.stderr_colors(), "best costs", costs.join(" "))
        ));
    } else if format == Format::Text && !cheapest.is_empty() {
        ctx.note(cost_note(&cheapest, outcome.status.is_complete()));
    }
    search::report(ctx, &outcome, Some(report.engine), stats, profile, format);
}

/// `the optimum cost is 4`, `the 3 best costs are 4 6 7`, or what was found when the search
/// did not finish.
pub fn cost_note(cheapest: &[u64], complete: bool) -> String {
    let list: Vec<String> = cheapest.iter().map(u64::to_string).collect();
    match (complete, cheapest.len()) {
        (true, 1) => format!("the optimum cost is {}", list[0]),
        (true, n) => format!("the {n} best costs are {}", list.join(" ")),
        (false, 1) => format!("the best cost found is {}", list[0]),
        (false, n) => format!("the {n} best costs found are {}", list.join(" ")),
    }
}
