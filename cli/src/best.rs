//! `dlxkit solve --best K`: the K cheapest solutions of a problem with option costs (`|n`),
//! as Knuth's DLX5 finds them ([`dlxkit::xc::BestSolver`]).
//!
//! Every improvement is printed as it is found, with its cost: in text a `# cost N` line
//! before the options, in JSON Lines a `"cost"` field. The summary (`--format json`, the
//! last JSON line, or a note on standard error in text) gives the K best costs.

use dlxkit::xc::{BestSolver, Costed, Limits, OptionId, Outcome, Problem};
use serde::Serialize;

use super::output::{Format, Output};
use super::search::{self, stat_line, SearchSummary};
use super::{CliError, Context, Exit};

/// What `--best` needs from `dlxkit solve`.
pub struct BestRun<'a> {
    /// The problem as read (its options are the ones printed).
    pub problem: &'a Problem,
    /// The problem searched (the reduced one with `--reduce`).
    pub searched: &'a Problem,
    /// Maps options of `searched` back to `problem`'s.
    pub original: &'a dyn Fn(&[OptionId]) -> Vec<OptionId>,
    /// How many of the cheapest solutions to find.
    pub k: u64,
    /// The limits (`--limit` counts improvements).
    pub limits: Limits,
    /// The output format.
    pub format: Format,
    /// Whether to print the statistics (and the profile).
    pub stats: bool,
    /// Whether to print the profile.
    pub profile: bool,
}

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

/// Runs the minimum-cost search and prints it.
pub fn run(run: BestRun<'_>, out: &mut Output, ctx: &Context) -> Result<Exit, CliError> {
    let k = usize::try_from(run.k).unwrap_or(usize::MAX);
    let mut solver = BestSolver::new(run.searched, k).with_limits(run.limits.clone());
    let (mut costs, mut collected) = (Vec::new(), Vec::new());
    for (found, Costed { cost, options }) in solver.by_ref().enumerate() {
        let index = found as u64 + 1;
        let texts: Vec<String> = (run.original)(&options)
            .iter()
            .map(|&o| run.problem.option_text(o))
            .collect();
        match run.format {
            Format::Text => {
                out.line(&format!("# cost {cost}"))?;
                for text in &texts {
                    out.line(text)?;
                }
                out.line("")?;
                out.end_record()?;
            }
            Format::Jsonl => {
                out.json_line(&ImprovementLine {
                    kind: "solution",
                    index,
                    cost,
                    options: &texts,
                })?;
                out.end_record()?;
            }
            Format::Json => {
                costs.push(cost);
                collected.push(texts);
            }
        }
    }
    let best = solver.outcome();
    let outcome = Outcome {
        status: best.status,
        stats: best.stats.clone(),
    };
    let cheapest: Vec<u64> = best.cheapest.iter().map(|c| c.cost).collect();
    let summary = |kind, costs, options| BestSummary {
        kind,
        search: SearchSummary::new(&outcome),
        best: cheapest.clone(),
        profile: run.profile.then_some(outcome.stats.profile.as_slice()),
        costs,
        options,
    };
    match run.format {
        Format::Text => {}
        Format::Json => out.json_line(&summary(
            None,
            Some(costs.as_slice()),
            Some(collected.as_slice()),
        ))?,
        Format::Jsonl => out.json_line(&summary(Some("summary"), None, None))?,
    }
    out.flush()?;
    if run.stats {
        let costs: Vec<String> = cheapest.iter().map(u64::to_string).collect();
        super::eprint_line(format_args!(
            "{}",
            stat_line(ctx.stderr_colors(), "best costs", costs.join(" "))
        ));
    } else if run.format == Format::Text && !cheapest.is_empty() {
        ctx.note(cost_note(&cheapest, outcome.status.is_complete()));
    }
    search::report(ctx, &outcome, run.stats, run.profile, run.format);
    Ok(Exit::for_search(outcome.status, outcome.stats.solutions))
}

/// `the optimum cost is 4`, `the 3 best costs are 4 6 7`, or what was found when the search
/// did not finish.
fn cost_note(cheapest: &[u64], complete: bool) -> String {
    let list: Vec<String> = cheapest.iter().map(u64::to_string).collect();
    match (complete, cheapest.len()) {
        (true, 1) => format!("the optimum cost is {}", list[0]),
        (true, n) => format!("the {n} best costs are {}", list.join(" ")),
        (false, 1) => format!("the best cost found is {}", list[0]),
        (false, n) => format!("the {n} best costs found are {}", list.join(" ")),
    }
}
