//! The covering-puzzle subcommands: `queens`, `polyomino`, `dominoes`, `soma`, `langford`,
//! `shopping`, `polyiamond`, `polyhex`, `macmahon`, `words` and `graceful`, one module each,
//! over the encoders of [`dlxkit::puzzles`].
//!
//! Each module hands [`solve`], which every puzzle shares, a closure that builds its puzzle
//! from its arguments (reading its files): the time that takes is watched as the search is,
//! by `--timeout` and Ctrl-C. Then `--emit dlx` writes the exact cover problem in Knuth's
//! format; otherwise one search runs (through [`super::search::run`], with the progress bar
//! and Ctrl-C) and
//! each solution found is decoded, checked against the puzzle's own rules
//! ([`Puzzle::validate`]) and printed as a picture (`text`, coloured per piece when colours
//! are on) or as JSON with the picture and structured data ([`Shown::data`]). The flags
//! common to all puzzles are [`PuzzleArgs`]; the exit codes are those of `solve`.

mod distinct;
mod dominoes;
mod graceful;
mod langford;
mod lattice;
mod macmahon;
pub(crate) mod picture;
mod polyomino;
mod queens;
mod shopping;
mod soma;
mod words;

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use dlxkit::puzzles::{Puzzle, PuzzleError};
use dlxkit::xc::plan::Engine;
use dlxkit::xc::{OptionId, Outcome, Plan, SearchOrder, Stats, Status};
use serde::Serialize;
use serde_json::Value;

use super::color::Paint;
use super::input;
use super::memo::{self, MemoArgs, MemoRun};
pub use super::output::Emit;
use super::output::{Format, Output};
use super::parallel::{self, ParallelArgs, ShardLine};
use super::progress::{SearchBar, SEARCH_EVERY};
use super::search::{self, LimitArgs, Printing, SearchSummary};
use super::{interrupt, CliError, Context, Exit};

/// The puzzle subcommands (flattened into the top-level subcommands).
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum PuzzleCommand {
    /// Place N queens on an NxN board, none attacking another.
    Queens(queens::QueensArgs),
    /// Pack a board with polyominoes (the twelve pentominoes in a 6x10 box by default).
    Polyomino(polyomino::PolyominoArgs),
    /// Tile an MxN board with dominoes.
    Dominoes(dominoes::DominoesArgs),
    /// Pack the seven Soma pieces into a 3x3x3 cube.
    Soma(soma::SomaArgs),
    /// Langford pairs: 1 1 2 2 ... N N in a row, with k numbers between the two ks.
    Langford(langford::LangfordArgs),
    /// Buy every item on a shopping list exactly once, in the bundles the stores sell.
    Shopping(shopping::ShoppingArgs),
    /// Pack polyiamonds on the triangular grid (the twelve hexiamonds in a 6x6 rhombus by default).
    Polyiamond(lattice::PolyiamondArgs),
    /// Pack polyhexes on the hexagonal grid (the seven tetrahexes in a 7x4 parallelogram by default).
    Polyhex(lattice::PolyhexArgs),
    /// Lay MacMahon's coloured triangles, edges matching (the 24 in a hexagon by default).
    Macmahon(macmahon::MacMahonArgs),
    /// Fill a rectangle with letters whose rows and columns are words (Knuth's word rectangles).
    Words(words::WordsArgs),
    /// Label a graph's vertices 0..M so that its M edges get the differences 1..M (graceful labellings).
    Graceful(graceful::GracefulArgs),
}

/// Runs a puzzle subcommand.
pub fn run(command: &PuzzleCommand, ctx: &Context) -> Result<Exit, CliError> {
    match command {
        PuzzleCommand::Queens(args) => queens::run(args, ctx),
        PuzzleCommand::Polyomino(args) => polyomino::run(args, ctx),
        PuzzleCommand::Dominoes(args) => dominoes::run(args, ctx),
        PuzzleCommand::Soma(args) => soma::run(args, ctx),
        PuzzleCommand::Langford(args) => langford::run(args, ctx),
        PuzzleCommand::Shopping(args) => shopping::run(args, ctx),
        PuzzleCommand::Polyiamond(args) => lattice::run_polyiamond(args, ctx),
        PuzzleCommand::Polyhex(args) => lattice::run_polyhex(args, ctx),
        PuzzleCommand::Macmahon(args) => macmahon::run(args, ctx),
        PuzzleCommand::Words(args) => words::run(args, ctx),
        PuzzleCommand::Graceful(args) => graceful::run(args, ctx),
    }
}

// The flags every puzzle subcommand has. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(mut_arg("limit", |a| a
    .help("Print up to N solutions [default: 1, or all with --count]")
    .long_help("Print up to N solutions, a blank line between two [default: 1, or all with --count]\n\nWith --count, count up to N.")))]
pub struct PuzzleArgs {
    /// Count the solutions instead of printing them
    ///
    /// The count goes to standard output (in text format, a line with the number). Long
    /// counts show a progress bar on a terminal; Ctrl-C stops them and prints the count so
    /// far (exit 130).
    #[arg(short, long)]
    pub count: bool,

    #[command(flatten)]
    pub limits: LimitArgs,

    #[command(flatten)]
    pub memo: MemoArgs,

    #[command(flatten)]
    pub parallel: ParallelArgs,

    #[command(flatten)]
    pub parts: super::shard::PartArgs,

    /// Print statistics on standard error
    ///
    /// The problem's size (and the symmetry reduction, with --distinct) before the search;
    /// solutions, nodes, updates, cleansings, time and status after it.
    #[arg(short, long)]
    pub stats: bool,

    /// Output format
    ///
    /// Text prints each solution as a picture, with a blank line between two solutions.
    /// The `json` object holds "solutions", "nodes", "updates", "cleansings", "complete",
    /// "status", "elapsed_ms" and (unless --count) "pictures", one text per solution, and
    /// "data", the same solutions as structured data. With `jsonl`, each solution is a line
    /// {"type":"solution", "index", "picture", "data"} and the last line is the summary,
    /// with "type":"summary".
    ///
    /// With `svg`, the pictures of the solutions found, in one SVG document written when the
    /// search ends.
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: picture::PuzzleFormat,

    /// Also write each solution's picture to DIR/solution-0001.svg, solution-0002.svg, ...
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub svg: Option<PathBuf>,

    /// What to print: the solutions, or the exact cover problem in Knuth's format
    #[arg(long, value_enum, default_value_t, value_name = "WHAT",
          conflicts_with_all = ["count", "limit", "max_nodes", "timeout", "format", "stats", "memo", "sample", "zdd", "jobs", "shard", "svg", "checkpoint", "resume"])]
    pub emit: Emit,
}

/// A puzzle as the command line shows it: the [`Puzzle`] trait, plus its solutions as JSON
/// data and its pictures in colour.
pub trait Shown: Puzzle {
    /// A solution as structured data (the "data" of the JSON output).
    fn data(&self, solution: &Self::Solution) -> Value;

    /// The picture of a solution in colour (one colour per piece, usually with
    /// [`paint_by_key`]).
    fn paint(&self, picture: &str, paint: Paint) -> String;
}

/// The colours of pieces (or values), by index.
const PALETTE: [&str; 12] = [
    "1;31", "1;32", "1;33", "1;34", "1;35", "1;36", "31", "32", "33", "34", "35", "36",
];

/// The colour of the piece (or value) of index `k`; the colours repeat after 12.
pub fn palette(k: usize) -> &'static str {
    PALETTE[k % PALETTE.len()]
}

/// Colours a picture character by character: `key` gives a character's palette index (see
/// [`palette`]), or `None` to leave it plain. Runs of one colour share one escape sequence.
pub fn paint_by_key(picture: &str, paint: Paint, key: impl Fn(char) -> Option<usize>) -> String {
    let mut out = String::with_capacity(picture.len() * 4);
    let mut run = String::new();
    let mut run_style: Option<&str> = None;
    for c in picture.chars() {
        let style = key(c).map(palette);
        if style != run_style {
            flush_run(&mut out, &mut run, run_style, paint);
            run_style = style;
        }
        run.push(c);
    }
    flush_run(&mut out, &mut run, run_style, paint);
    out
}

/// The palette index of a piece label: the index of the first piece with that label in
/// `labels`, or for the lower-case letters given to copies of unlimited pieces, their place
/// in the alphabet.
pub fn label_key(labels: &[char], c: char) -> Option<usize> {
    match labels.iter().position(|&l| l == c) {
        Some(k) => Some(k),
        None if c.is_ascii_lowercase() => Some(usize::from(c as u8 - b'a')),
        None => None,
    }
}

fn flush_run(out: &mut String, run: &mut String, style: Option<&str>, paint: Paint) {
    match style {
        Some(code) if !run.is_empty() => out.push_str(&paint.style(code, run)),
        _ => out.push_str(run),
    }
    run.clear();
}

/// One piece of a packing in the JSON data: its name and its cells.
#[derive(Serialize)]
pub struct PlacedPiece<'a, C> {
    /// The piece's name.
    pub piece: &'a str,
    /// Its cells: `[row, column]` or `[x, y, z]`.
    pub cells: Vec<C>,
}

/// The error for `--distinct` on a puzzle whose symmetries are not reduced.
pub fn no_distinct(distinct: bool, name: &str) -> Result<(), CliError> {
    if distinct {
        Err(CliError::usage(format!(
            "`{name}` has no --distinct: its solutions are only counted raw (--distinct works with polyomino, soma, langford, polyiamond, polyhex, macmahon, words and graceful)"
        )))
    } else {
        Ok(())
    }
}

/// The error for a puzzle that cannot be built from the arguments (`queens 0`): exit 2
/// with the usage.
pub fn bad_argument(error: PuzzleError) -> CliError {
    CliError::usage(error.to_string())
}

/// Reads a puzzle file (`-` for standard input) and parses it with `parse`; parse errors
/// name the file, line and column.
pub fn read_file<T>(
    path: &Path,
    ctx: &Context,
    parse: impl FnOnce(&str) -> Result<T, PuzzleError>,
) -> Result<T, CliError> {
    let source = input::read(Some(path), ctx)?;
    parse(&source.text).map_err(|e| match e {
        PuzzleError::Parse {
            line,
            column,
            message,
        } => source.error_at(line, column, message),
        other => CliError::input(format!("{}: {other}", source.name)),
    })
}

/// What a puzzle adds to the generic run: lines for `--stats` and a hint when there is no
/// solution.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// `(label, value)` lines printed with the problem's size under `--stats` (the symmetry
    /// reduction, say).
    pub stats: Vec<(&'static str, String)>,
    /// Said on standard error, after "no solution", when the search finds none.
    pub none_hint: Option<String>,
    /// A solution known without search (a construction), printed instead of searching: the
    /// caller sets it only when one solution is asked, with no flag of the search.
    pub known: Option<Vec<OptionId>>,
}

/// Builds a puzzle with `build` and solves (or emits) it as the common flags say, and gives
/// the exit code. `--timeout` and Ctrl-C cover the building too (see [`interrupt::Watch`]).
pub fn solve<P: Shown>(
    args: &PuzzleArgs,
    ctx: &Context,
    build: impl FnOnce() -> Result<(P, Extras), CliError>,
) -> Result<Exit, CliError> {
    let watch = {
        let (args, ctx) = (args.clone(), ctx.clone());
        interrupt::Watch::start(args.limits.deadline(ctx.started), move |status| {
            stopped_before_search(&args, &ctx, status)
        })
    };
    let cancel = interrupt::flag();
    let (puzzle, extras) = build()?;
    let problem = puzzle.problem();
    if args.emit == Emit::Dlx {
        let text = problem.to_dlx();
        watch.hand_over();
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        out.write_str(&text)?;
        out.flush()?;
        return Ok(Exit::Success);
    }

    let paint = ctx.stderr_colors();
    if args.stats {
        super::eprint_line(format_args!("{}", search::problem_summary(problem, paint)));
        for (label, value) in &extras.stats {
            super::eprint_line(format_args!("{}", search::stat_line(paint, label, value)));
        }
    }

    let filters = puzzle.filters();
    if filters {
        distinct::refuse(args)?;
    }
    if args.memo.wanted() {
        watch.hand_over();
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        return solve_memo(&puzzle, args, ctx, &mut out);
    }
    if let Some(options) = extras.known.as_ref().filter(|_| !filters) {
        watch.hand_over();
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        let mut printer = Printer::new(&puzzle, args, ctx)?;
        printer.solution(&mut out, options)?;
        printer.svg.finish(&mut out)?;
        let outcome = Outcome {
            status: Status::SolutionLimit,
            stats: Stats {
                solutions: 1,
                ..Stats::default()
            },
        };
        print_summary(
            &mut out,
            args,
            &outcome,
            None,
            &printer.pictures,
            &printer.data,
        )?;
        out.flush()?;
        search::report(ctx, &outcome, None, args.stats, false, args.format.base());
        return Ok(Exit::Success);
    }
    if args.parts.wanted() {
        return solve_part(&puzzle, args, ctx, watch);
    }
    let mut limits = args.limits.clone();
    if !args.count && limits.limit.is_none() {
        limits.limit = Some(1); // print the first solution unless asked for more
    }
    // A filtering puzzle sees every solution, and stops itself after its limit of kept ones.
    let kept_limit = if filters { limits.limit.take() } else { None };
    let order = SearchOrder {
        seed: args.memo.seed,
        ..SearchOrder::new()
    };
    let plan = Plan::new()
        .order(order)
        .count(args.count && !filters)
        .limits(limits.limits(cancel, ctx.started))
        .progress_every(SEARCH_EVERY);
    let plan = parallel::apply(&args.parallel, plan, ctx);
    plan.check(problem).map_err(search::refused)?;

    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut printer = Printer::new(&puzzle, args, ctx)?;
    if plan.is_shard() {
        if printer.svg.to_stdout() {
            return Err(CliError::usage(
                "--format svg does not go with --shard: a shard prints JSON Lines for `dlxkit merge` (write the pictures with --svg DIR)",
            ));
        }
        printer.format = Format::Jsonl;
    }
    let streams_to_terminal = printer.streams() && ctx.stdout_is_terminal;
    let mut bar = SearchBar::new(ctx.progress_wanted() && !streams_to_terminal)
        .with_events(printer.format == Format::Jsonl && !plan.is_shard());
    let sink = Printing::new(&mut out, &mut bar, ctx, watch, |out, _, options| {
        printer.solution(out, options)
    });
    let (report, outcome) = if filters {
        let mut kept = distinct::Kept::new(&puzzle, sink, kept_limit);
        let report = plan.run(problem, &mut kept).map_err(search::refused);
        let outcome = report.as_ref().ok().map(|r| kept.outcome(r.outcome()));
        kept.into_inner().finish()?;
        let report = report?;
        let outcome = outcome.unwrap_or_else(|| report.outcome());
        (report, outcome)
    } else {
        let mut sink = sink;
        let report = plan.run(problem, &mut sink).map_err(search::refused);
        sink.finish()?;
        let report = report?;
        let outcome = report.outcome();
        (report, outcome)
    };
    printer.svg.finish(&mut out)?;
    match ShardLine::of(&report, problem, None) {
        Some(line) => out.json_line(&line)?,
        None => {
            let (pictures, data) = (&printer.pictures, &printer.data);
            print_summary(
                &mut out,
                args,
                &outcome,
                Some(report.engine),
                pictures,
                data,
            )?
        }
    }
    out.flush()?;

    let engine = Some(report.engine);
    search::report(ctx, &outcome, engine, args.stats, false, args.format.base());
    let none = outcome.stats.solutions == 0 && outcome.status.is_complete();
    if none && !args.count && args.format.base() == Format::Text {
        match &extras.none_hint {
            Some(hint) => ctx.note(format_args!("no solution: {hint}")),
            None => ctx.note("no solution"),
        }
    }
    if plan.is_shard() {
        return Ok(Exit::for_shard(outcome.status));
    }
    Ok(Exit::for_search(outcome.status, outcome.stats.solutions))
}

/// A shard of a puzzle that splits itself (`--split-after`), a part of one (`--from`), or a
/// checkpointed count: its solutions (all of them: the parts of a shard list each once),
/// then its line for `dlxkit merge`.
fn solve_part<P: Shown>(
    puzzle: &P,
    args: &PuzzleArgs,
    ctx: &Context,
    watch: interrupt::Watch,
) -> Result<Exit, CliError> {
    let problem = puzzle.problem();
    let order = SearchOrder {
        seed: args.memo.seed,
        ..SearchOrder::new()
    };
    // The plan only checks what the parts refuse (a seed, a list from a checkpoint, say);
    // the parts run below.
    let plan = Plan::new()
        .order(order)
        .count(args.count)
        .limits(args.limits.limits(super::interrupt::flag(), ctx.started))
        .parts(true)
        .checkpoint(args.parts.checkpoints());
    let plan = parallel::apply(&args.parallel, plan, ctx);
    plan.check(problem).map_err(search::refused)?;
    let mut printer = Printer::new(puzzle, args, ctx)?;
    if printer.svg.to_stdout() {
        return Err(CliError::usage(
            "--format svg does not go with --shard: a shard prints JSON Lines for `dlxkit merge` (write the pictures with --svg DIR)",
        ));
    }
    printer.format = Format::Jsonl;
    let limits = args.limits.limits(interrupt::flag(), ctx.started);
    let exit = super::shard::run_part(
        &args.parts,
        &plan,
        args.parallel.shard,
        args.parallel.shard_depth,
        problem,
        args.count,
        super::jobs::threads(args.parallel.jobs, usize::MAX, ctx),
        limits,
        watch,
        ctx,
        |out, options| printer.solution(out, options),
    )?;
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    printer.svg.finish(&mut out)?;
    Ok(exit)
}

/// The memoised search of a puzzle: its count, or samples drawn from its ZDD.
fn solve_memo<P: Shown>(
    puzzle: &P,
    args: &PuzzleArgs,
    ctx: &Context,
    out: &mut Output,
) -> Result<Exit, CliError> {
    let problem = puzzle.problem();
    let order = SearchOrder {
        seed: args.memo.seed,
        ..SearchOrder::new()
    };
    let limits = args.limits.limits(super::interrupt::flag(), ctx.started);
    let plan = Plan::new()
        .order(order)
        .count(args.count)
        .limits(limits)
        .parts(args.parts.wanted());
    let plan = parallel::apply(&args.parallel, plan, ctx);
    let plan = memo::plan(problem, &args.memo, plan, ctx);
    plan.check(problem).map_err(search::refused)?;
    let mut printer = Printer::new(puzzle, args, ctx)?;
    let run = memo::run(problem, &plan, &args.memo, out, |out, o| {
        printer.solution(out, o)
    })?;
    printer.svg.finish(out)?;
    printer.finish_memo(out, &run)?;
    out.flush()?;
    memo::report(ctx, &run, args.stats, args.format.base() == Format::Text);
    Ok(run.exit())
}

/// What a puzzle stopped by the deadline or a signal before its search prints: what a search
/// stopped at its first node would (no solution), and the exit that goes with it.
fn stopped_before_search(
    args: &PuzzleArgs,
    ctx: &Context,
    status: Status,
) -> Result<Exit, CliError> {
    let outcome = search::outcome_before_search(status);
    if args.emit == Emit::Solutions {
        let mut out = Output::stdout(ctx.stdout_is_terminal);
        print_summary(&mut out, args, &outcome, None, &[], &[])?;
        out.flush()?;
        search::report(ctx, &outcome, None, args.stats, false, args.format.base());
    } else if let Some(note) = search::incomplete_note(&outcome) {
        ctx.note(note);
    }
    if args.parallel.shard.is_some() {
        return Ok(Exit::for_shard(status));
    }
    Ok(Exit::for_search(status, 0))
}

/// Prints the solutions of a puzzle in one of the formats.
struct Printer<'p, P> {
    puzzle: &'p P,
    format: Format,
    count_only: bool,
    /// Colours for the pictures on standard output.
    paint: Paint,
    found: u64,
    pictures: Vec<String>,
    data: Vec<Value>,
    /// `--format svg` and `--svg DIR`.
    svg: picture::Pictures,
}

/// One line of `--format jsonl` per solution.
#[derive(Serialize)]
struct SolutionLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    /// 1 for the first solution found.
    index: u64,
    picture: &'a str,
    data: &'a Value,
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
    pictures: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<&'a [Value]>,
}

impl<'p, P: Shown> Printer<'p, P> {
    fn new(puzzle: &'p P, args: &PuzzleArgs, ctx: &Context) -> Result<Printer<'p, P>, CliError> {
        Ok(Printer {
            puzzle,
            format: args.format.base(),
            count_only: args.count,
            paint: ctx.stdout_colors(),
            found: 0,
            pictures: Vec::new(),
            data: Vec::new(),
            svg: picture::Pictures::new(args.format, args.svg.as_deref())?,
        })
    }

    /// Whether solutions are printed as they are found.
    fn streams(&self) -> bool {
        !self.count_only && self.format != Format::Json && !self.svg.to_stdout()
    }

    fn solution(&mut self, out: &mut Output, options: &[OptionId]) -> Result<(), CliError> {
        self.found += 1;
        if self.count_only {
            return Ok(());
        }
        let solution = self
            .puzzle
            .decode(options)
            .and_then(|s| self.puzzle.validate(&s).map(|()| s))
            .map_err(|e| CliError::input(format!("internal error: {e}")))?;
        if self.svg.wanted() {
            self.svg.add(self.found, self.puzzle.draw(&solution))?;
            if self.svg.to_stdout() {
                return Ok(());
            }
        }
        let picture = self.puzzle.render(&solution);
        let data = self.puzzle.data(&solution);
        match self.format {
            Format::Text => {
                if self.found > 1 {
                    out.line("")?;
                }
                out.write_str(&self.puzzle.paint(&picture, self.paint))?;
                out.end_record()
            }
            Format::Json => {
                self.pictures.push(picture);
                self.data.push(data);
                Ok(())
            }
            Format::Jsonl => {
                out.json_line(&SolutionLine {
                    kind: "solution",
                    index: self.found,
                    picture: &picture,
                    data: &data,
                })?;
                out.end_record()
            }
        }
    }

    /// The end of a memoised search: the count, or the summary with the samples.
    fn finish_memo(&self, out: &mut Output, run: &MemoRun) -> Result<(), CliError> {
        let listed = !self.count_only;
        let summary = |kind: Option<&'static str>| Summary {
            kind,
            search: run.summary(),
            pictures: (listed && kind.is_none()).then_some(self.pictures.as_slice()),
            data: (listed && kind.is_none()).then_some(self.data.as_slice()),
        };
        match self.format {
            Format::Text if self.count_only => out.line(&run.count_line()),
            Format::Text => search::end_listing(out, run.status),
            Format::Json => out.json_line(&summary(None)),
            Format::Jsonl => out.json_line(&summary(Some("summary"))),
        }
    }
}

/// What follows the solutions on standard output: the count (text with --count), the JSON
/// object with the `pictures` and `data` of the solutions, or the JSON Lines summary.
fn print_summary(
    out: &mut Output,
    args: &PuzzleArgs,
    outcome: &Outcome,
    engine: Option<Engine>,
    pictures: &[String],
    data: &[Value],
) -> Result<(), CliError> {
    let listed = !args.count;
    let summary = |kind: Option<&'static str>| Summary {
        kind,
        search: SearchSummary::new(outcome).on(engine),
        pictures: (listed && kind.is_none()).then_some(pictures),
        data: (listed && kind.is_none()).then_some(data),
    };
    match args.format.base() {
        Format::Text if args.count => out.line(&search::count_line(outcome)),
        Format::Text => search::end_listing(out, outcome.status),
        Format::Json => out.json_line(&summary(None)),
        Format::Jsonl => out.json_line(&summary(Some("summary"))),
    }
}

/// A board size `ROWSxCOLUMNS` (`6x10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub cols: usize,
}

/// Parses a board size: `6x10` (or `6X10`).
pub fn parse_size(text: &str) -> Result<Size, String> {
    let wrong = || format!("`{text}` is not a board size: write ROWSxCOLUMNS, as in 6x10");
    let (rows, cols) = text.trim().split_once(['x', 'X']).ok_or_else(wrong)?;
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| wrong());
    Ok(Size {
        rows: number(rows)?,
        cols: number(cols)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_rows_x_columns() {
        assert_eq!(parse_size("6x10"), Ok(Size { rows: 6, cols: 10 }));
        assert_eq!(parse_size("3X4"), Ok(Size { rows: 3, cols: 4 }));
        assert_eq!(
            parse_size("3y4").unwrap_err(),
            "`3y4` is not a board size: write ROWSxCOLUMNS, as in 6x10"
        );
        assert!(parse_size("x4").is_err());
        assert!(parse_size("4x").is_err());
    }

    #[test]
    fn pieces_get_their_colours() {
        let labels = ['F', 'I'];
        let key = |c| label_key(&labels, c);
        assert_eq!(paint_by_key("FFI\n", Paint::new(false), key), "FFI\n");
        assert_eq!(
            paint_by_key("FF.I\nIb\n", Paint::new(true), key),
            "\x1b[1;31mFF\x1b[0m.\x1b[1;32mI\x1b[0m\n\x1b[1;32mIb\x1b[0m\n"
        );
    }
}
