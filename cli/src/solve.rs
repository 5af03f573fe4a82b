//! `dlxkit solve`: solve an exact cover problem written in Knuth's format.
//!
//! The subcommand reads the problem ([`super::input`]), reports the dropped options as
//! warnings, then runs one search with `Solver::run`: every solution event goes to a
//! [`Printer`] for the chosen `--format`, every progress event moves the [`SearchBar`] and
//! flushes output that has waited too long. Statistics and notes go to standard error; the
//! exit code follows [`Exit::for_search`].

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::xc::{Arena, OptionId, Outcome, Problem, SearchOrder, Solver, Warning};
use serde::Serialize;

use super::input::{self, Source};
use super::memo::{self, MemoArgs, MemoRun};
use super::output::{Emit, Format, Output};
use super::progress::SearchBar;
use super::search::{self, LimitArgs, SearchSummary};
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

    #[command(flatten)]
    pub limits: LimitArgs,

    #[command(flatten)]
    pub memo: MemoArgs,

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
          conflicts_with_all = ["count", "limit", "max_nodes", "timeout", "format", "stats", "profile", "memo", "sample", "zdd", "seed", "prefer_sharp"])]
    pub emit: Emit,
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

    let show_stats = args.stats || args.profile;
    if show_stats {
        let summary = search::problem_summary(&problem, ctx.stderr_colors());
        super::eprint_line(format_args!("{summary}"));
    }

    if args.memo.wanted() {
        if args.prefer_sharp {
            return Err(CliError::usage(
                "--prefer-sharp orders the dancing-links search; the memoised search has its own --memo-order",
            ));
        }
        if args.profile {
            return Err(CliError::usage(
                "--profile counts nodes per level of dancing links; the memoised search has no such levels",
            ));
        }
        if !args.count && args.memo.sample.is_none() && args.memo.zdd.is_none() {
            return Err(CliError::usage(
                "--memo counts solutions: give --count (or --sample K, or --zdd FILE)",
            ));
        }
        let mut printer = Printer::new(args.format, args.count);
        let run = memo::run(
            &problem,
            &args.memo,
            &args.limits,
            cancel,
            &mut out,
            |out, o| printer.solution(out, &problem, o),
        )?;
        printer.finish_memo(&mut out, &run)?;
        out.flush()?;
        memo::report(ctx, &run, show_stats, args.format == Format::Text);
        return Ok(run.exit());
    }

    let arena = Arena::new();
    let order = SearchOrder {
        seed: args.memo.seed,
        prefer_sharp: args.prefer_sharp,
    };
    let mut solver =
        Solver::with_order(&problem, &arena, order).with_limits(args.limits.limits(cancel));
    let mut printer = Printer::new(args.format, args.count);
    // A bar would tangle with solutions printed on the same terminal as they are found.
    let streams_to_terminal = printer.streams() && ctx.stdout_is_terminal;
    let mut bar = SearchBar::new(ctx.progress_wanted() && !streams_to_terminal);
    let outcome = search::run(
        &mut solver,
        args.count,
        &mut bar,
        &mut out,
        |out, options| printer.solution(out, &problem, options),
    )?;
    printer.finish(&mut out, &outcome, args.profile)?;
    out.flush()?;
    search::report(ctx, &outcome, show_stats, args.profile, args.format);
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
            search: SearchSummary::new(outcome),
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

    /// The end of a memoised search: the count, or the summary with the samples.
    fn finish_memo(&mut self, out: &mut Output, run: &MemoRun) -> Result<(), CliError> {
        let summary = |kind, options| Summary {
            kind,
            search: run.summary(),
            profile: None,
            options,
        };
        match self.format {
            Format::Text if self.count_only => out.line(&run.count.to_string()),
            Format::Text => Ok(()),
            Format::Json => {
                let options = (!self.count_only).then_some(self.collected.as_slice());
                out.json_line(&summary(None, options))
            }
            Format::Jsonl => out.json_line(&summary(Some("summary"), None)),
        }
    }
}
