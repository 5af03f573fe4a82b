//! `dlxkit solve`: solve an exact cover problem written in Knuth's format.
//!
//! The subcommand reads the problem ([`super::input`]), reports the dropped options as
//! warnings, then runs one search with `Solver::run`: every solution event goes to a
//! [`Printer`] for the chosen `--format`, every progress event moves the [`SearchBar`] and
//! flushes output that has waited too long. Statistics and notes go to standard error; the
//! exit code follows [`Exit::for_search`].

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum, ValueHint};
use dlxkit::xc::{Arena, Event, Limits, OptionId, Outcome, Problem, Solver, Status, Warning};
use serde::Serialize;

use super::color::Paint;
use super::input::{self, Source};
use super::output::{self, Format, Output};
use super::progress::SearchBar;
use super::{interrupt, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit solve data/dlx/knuth-toy.dlx              print every solution
  dlxkit solve --count --stats problem.dlx          count them; statistics on stderr
  dlxkit solve --limit 1 --format json problem.dlx  the first solution, as JSON
  make-problem | dlxkit solve --format jsonl        solutions as JSON Lines, from a pipe
  dlxkit solve --emit dlx messy.dlx > clean.dlx     rewrite a problem in a normal form

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
130 if interrupted by Ctrl-C (what was found so far is printed first).";

/// What `solve` writes on standard output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// The solutions (or their count), in the `--format` chosen.
    #[default]
    Solutions,
    /// The parsed problem in Knuth's format, without solving it (a normaliser: comments and
    /// options without a primary item are dropped).
    Dlx,
}

/// Arguments of `dlxkit solve`.
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
    /// Decimals are allowed (`0.5`). A search stopped this way reports the status
    /// "time limit".
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

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

    /// What to print: the solutions, or the problem itself
    #[arg(long, value_enum, default_value_t, value_name = "WHAT",
          conflicts_with_all = ["count", "limit", "max_nodes", "timeout", "format", "stats", "profile"])]
    pub emit: Emit,
}

/// Parses a count that must be at least 1.
fn parse_positive(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number")),
    }
}

/// Parses `--timeout`: a non-negative number of seconds, decimals allowed.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds (e.g. 10 or 0.5)"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("`{text}` is not a non-negative number of seconds"))
}

/// Runs `dlxkit solve`.
pub fn run(args: &SolveArgs, ctx: &Context) -> Result<Exit, CliError> {
    let source = input::read(args.file.as_deref(), ctx)?;
    let problem = Problem::from_dlx(&source.text).map_err(|e| source.parse_error(&e))?;
    // From here on Ctrl-C stops the search instead of the process (while the input is read,
    // it keeps its default effect).
    let cancel = interrupt::flag();
    for warning in problem.warnings() {
        ctx.warn(warning_text(&source, warning));
    }
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    if args.emit == Emit::Dlx {
        out.write_str(&problem.to_dlx())?;
        out.flush()?;
        return Ok(Exit::Success);
    }

    let paint = ctx.stderr_colors();
    let show_stats = args.stats || args.profile;
    if show_stats {
        super::eprint_line(format_args!("{}", problem_summary(&problem, paint)));
    }

    let mut limits = Limits::new().cancel_flag(cancel);
    if let Some(n) = args.limit {
        limits = limits.solutions(n);
    }
    if let Some(n) = args.max_nodes {
        limits = limits.nodes(n);
    }
    if let Some(t) = args.timeout {
        limits = limits.timeout(t);
    }
    let arena = Arena::new();
    let mut solver = Solver::new(&problem, &arena).with_limits(limits);

    let mut printer = Printer::new(args.format, args.count);
    // A bar would tangle with solutions printed on the same terminal as they are found.
    let streams_to_terminal = printer.streams() && ctx.stdout_is_terminal;
    let mut bar = SearchBar::new(ctx.progress_wanted() && !streams_to_terminal);
    let mut failure = None;
    let outcome = solver.run(bar.every(), |event| {
        let done = match event {
            Event::Solution(options) => printer.solution(&mut out, &problem, options),
            Event::Progress(p) => {
                bar.update(&p);
                out.flush_if_stale()
            }
        };
        match done {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    bar.finish();
    if let Some(e) = failure {
        return Err(e);
    }
    printer.finish(&mut out, &outcome, args.profile)?;
    out.flush()?;

    if show_stats {
        for line in stats_lines(&outcome, args.profile, paint) {
            super::eprint_line(format_args!("{line}"));
        }
    } else if args.format == Format::Text {
        // (JSON says the same with "complete" and "status".)
        if let Some(note) = incomplete_note(&outcome) {
            ctx.note(note);
        }
    }
    Ok(Exit::for_search(outcome.status, outcome.stats.solutions))
}

/// A warning about the input, with the file and line: `toy.dlx:5: option 3 ignored: ...`.
fn warning_text(source: &Source, warning: &Warning) -> String {
    match warning {
        Warning::OptionWithoutPrimary {
            ordinal,
            line: Some(line),
        } => format!(
            "{}:{line}: option {ordinal} ignored: it has no primary item (as in Knuth's DLX programs)",
            source.name
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

/// The object of `--format json`, and the last line of `--format jsonl`.
#[derive(Serialize)]
struct Summary<'a> {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    solutions: u64,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    complete: bool,
    status: &'static str,
    elapsed_ms: f64,
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
        }
    }

    /// Whether solutions are printed as they are found.
    fn streams(&self) -> bool {
        !self.count_only && self.format != Format::Json
    }

    fn solution(
        &mut self,
        out: &mut Output,
        problem: &Problem,
        options: &[OptionId],
    ) -> Result<(), CliError> {
        self.found += 1;
        if self.count_only {
            return Ok(());
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

    fn finish(
        &mut self,
        out: &mut Output,
        outcome: &Outcome,
        profile: bool,
    ) -> Result<(), CliError> {
        let stats = &outcome.stats;
        let summary = |kind, options| Summary {
            kind,
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
            complete: outcome.status.is_complete(),
            status: outcome.status.as_str(),
            elapsed_ms: output::millis(stats.elapsed),
            profile: profile.then_some(stats.profile.as_slice()),
            options,
        };
        match self.format {
            Format::Text if self.count_only => out.line(&stats.solutions.to_string()),
            Format::Text => Ok(()),
            Format::Json => {
                let options = (!self.count_only).then_some(self.collected.as_slice());
                out.json_line(&summary(None, options))
            }
            Format::Jsonl => out.json_line(&summary(Some("summary"), None)),
        }
    }
}

/// The problem's size, printed with the statistics before the search starts.
fn problem_summary(problem: &Problem, paint: Paint) -> String {
    format!(
        "{} {} items ({} primary, {} secondary), {} options, {} entries",
        paint.label(&format!("{:<11}", "problem")),
        problem.item_count(),
        problem.primary_count(),
        problem.secondary_count(),
        problem.option_count(),
        problem.entry_count(),
    )
}

/// The statistics after the search, one `label value` line each.
fn stats_lines(outcome: &Outcome, profile: bool, paint: Paint) -> Vec<String> {
    let stats = &outcome.stats;
    let label = |name: &str| paint.label(&format!("{name:<11}"));
    let status = match outcome.status {
        Status::Complete => paint.good(outcome.status.as_str()),
        _ => paint.warning(outcome.status.as_str()),
    };
    let mut lines = vec![
        format!("{} {}", label("solutions"), stats.solutions),
        format!("{} {}", label("nodes"), stats.nodes),
        format!("{} {}", label("updates"), stats.updates),
        format!("{} {}", label("cleansings"), stats.cleansings),
        format!(
            "{} {}",
            label("time"),
            output::human_duration(stats.elapsed)
        ),
        format!("{} {}", label("status"), status),
    ];
    if profile {
        lines.push(format!(
            "{} {:>5} {:>14}",
            label("profile"),
            "level",
            "nodes"
        ));
        for (level, nodes) in stats.profile.iter().enumerate() {
            lines.push(format!("{:<11} {level:>5} {nodes:>14}", ""));
        }
    }
    lines
}

/// A note for a search that stopped before the end for a reason the user may not expect
/// (a node or time limit, Ctrl-C); `None` for a complete search or the solution limit.
fn incomplete_note(outcome: &Outcome) -> Option<String> {
    let why = match outcome.status {
        Status::NodeLimit => "stopped at the node limit (--max-nodes)",
        Status::TimeLimit => "stopped at the time limit (--timeout)",
        Status::Cancelled => "interrupted",
        _ => return None,
    };
    let s = &outcome.stats;
    let plural = if s.solutions == 1 { "" } else { "s" };
    Some(format!(
        "{why} after {} nodes and {} solution{plural}: the search is incomplete",
        s.nodes, s.solutions
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::xc::Stats;

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
            },
        }
    }

    #[test]
    fn an_interrupted_search_says_so_and_exits_130() {
        let o = outcome(Status::Cancelled, 2, 5000);
        let lines = stats_lines(&o, false, Paint::new(false));
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
        let lines = stats_lines(&outcome(Status::Complete, 1, 6), true, Paint::new(false));
        assert_eq!(lines[6], "profile     level          nodes");
        assert_eq!(lines[7], "                0              1");
        assert_eq!(lines.len(), 10);
    }

    #[test]
    fn timeouts_are_seconds() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
    }
}
