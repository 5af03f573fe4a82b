//! `dlxkit sudoku solve` and `dlxkit sudoku count`: every puzzle of the input searched by
//! one of the registry's solvers (DLX by default), in a [`Batch`]; one record per puzzle on
//! standard output, in input order.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, ValueEnum};
use dlxkit::sudoku::encode::Encoding;
use dlxkit::sudoku::killer::Cage;
use dlxkit::sudoku::parse::{to_line, Puzzle};
use dlxkit::sudoku::solvers::dlx::{self, DlxSolver};
use dlxkit::sudoku::solvers::{
    self, Ability, Answer, SolveReport, SolveStats, Status, SudokuSolver, SOLVER_NAMES,
};
use dlxkit::xc::memo::MemoOptions;
use dlxkit::xc::plan::{Engine, Plan};
use dlxkit::xc::{parallel, Arena, Solver};
use serde::Serialize;

use super::super::color::Paint;
use super::super::output::{self, Output};
use super::super::parallel::parse_engine;
use super::super::puzzles::picture::{Pictures, PuzzleFormat};
use super::super::search::{self, count_text, incomplete, parse_positive};
use super::super::{jobs, CliError, Context, Exit};
use super::batch::{incomplete_counts, Batch, BatchArgs, Tally};
use super::memo::{self, SudokuMemoArgs};
use super::picture;
use super::{counted, pretty, puzzle_text, read_killers, read_puzzles, InputArgs, Puzzles};

const SOLVE_EXAMPLES: &str = "\
Examples:
  dlxkit sudoku solve data/sudoku/norvig_top95.txt      solve 95 puzzles, one per line
  dlxkit sudoku solve --format grid puzzles.txt         solutions as grids, givens in bold
  dlxkit sudoku solve --format jsonl --jobs 0 big.txt   JSON Lines, on every core
  dlxkit sudoku solve --solver mrv --count puzzles.txt  another solver; with the counts
  echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... \\
    | dlxkit sudoku solve
  dlxkit sudoku solve --variant killer data/sudoku/killer.txt
  dlxkit sudoku solve --format svg puzzle.txt > puzzle.svg   a picture, as books draw it

Input: one puzzle per line (81 cells for 9x9, `.` or `0` for blanks; 1-9 then A-Z for
larger grids), or grids of n lines (`|` and rule lines between boxes are ignored), or
numbers separated by blanks (--input-format). Lines starting with `#` are comments.

Killer Sudoku (--variant killer): each cage's digits add up to its sum, with no digit twice
in a cage. A puzzle is a cage map, n lines of n symbols naming each cell's cage (`.` for a
cell in no cage; not `#`, `:` or `=`), then the sums as SYMBOL=SUM words on one line or more:

  AABBBCDEF
  GGHHCCDEF
  ...          (9 rows in all)
  A=3 B=15 C=22 D=4 ...

or one line per cage, its sum and cells (any size): `15: r1c3 r1c4 r1c5`. The side of a
list is given by `size: N`, or by a `givens:` line, or is the largest row or column named
when its cages cover every cell of that grid (a list that leaves cells out needs `size:`).
A `givens:` line adds givens (a puzzle in the line format). Blank lines separate puzzles.
Cages must be connected side to side, not overlap, and have sums their cells can make;
every cage filling becomes an option of the exact cover problem (up to 100000 fillings a
puzzle), so killer puzzles are solved by --solver dlx. --box gives other box shapes.

Output, one record per puzzle in input order: in `line` format the solution as one line,
or `unsolvable`, `multiple` (two or more solutions) or `unknown` (a limit struck first;
the solution is printed if one was found); with --count, a space and the number of
solutions found, up to --limit (`2 (incomplete: node limit)` when --max-nodes, --timeout
or Ctrl-C stopped the search first). `grid` prints each solution as a block after a
`# puzzle N (line L): VERDICT` comment. `jsonl` prints one object per puzzle: \"index\",
\"line\", \"puzzle\", \"solution\" (or null), \"status\" (unique, multiple, unsolvable,
unknown), \"complete\", \"search\" (why the search ended: complete, solution limit, node
limit, time limit, interrupted), \"solutions\", \"assignments\" (digits tried in cells), \"guesses\" and
\"elapsed_ms\".
`svg` draws every puzzle in one SVG document (written when the batch ends): boxes or jigsaw
regions, killer cages dashed with their sums, givens in bold and found digits in blue, under
the verdict line of `grid`; --svg DIR writes one file a puzzle as well, whatever the format.

The summary goes to stderr: the verdicts, the solver's assignments and guesses, the time and the
rate (--quiet drops it). A progress bar shows on stderr when it is a terminal.

Exit status: 0 if every puzzle has a solution, 1 if some puzzle has none (or none was found
within the limits), 2 for bad input or usage (a bad puzzle is reported with its file, line,
cell and character before any search), 130 if interrupted by Ctrl-C (the puzzles solved so
far are printed first).";

const COUNT_EXAMPLES: &str = "\
Examples:
  dlxkit sudoku count data/sudoku/pe96_easy50.txt      1 for each puzzle (unique)
  dlxkit sudoku count --limit 1000 puzzle.txt          count up to 1000 solutions
  dlxkit sudoku count --variant killer cages.txt       killer puzzles (see solve --help)
  dlxkit sudoku generate --count 10 | dlxkit sudoku count

Output: one line per puzzle, in input order: the number of solutions (up to --limit). A
count stopped by --max-nodes, --timeout or Ctrl-C is the number found so far and why it
stopped: `2 (incomplete: node limit)`, and the summary says how many were. `jsonl` prints
one object per puzzle, as `dlxkit sudoku solve --format jsonl` does but without
\"solution\" (\"search\" says why the count ended).

Exit status: 0 if every puzzle has a solution, 1 if some puzzle has none (or none was found
within the limits), 2 for bad input or usage, 130 if interrupted by Ctrl-C (the puzzle cut
short is printed as far as it went).";

// `--solver`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
pub struct SolverArgs {
    /// The solver: dlx (dancing links) or a backtracking one
    ///
    /// dlx: exact cover with dancing links. naive: first empty cell, digits in order. mrv:
    /// the cell with the fewest candidates first. forward-checking: candidate sets pruned on
    /// every assignment. strategies: human strategies (singles, subsets, pointing), then a
    /// guess. All give the same verdicts and solutions; naive can be very slow on hard
    /// puzzles (use --max-nodes).
    #[arg(long, value_name = "NAME", default_value = "dlx",
          value_parser = PossibleValuesParser::new(SOLVER_NAMES))]
    pub solver: String,

    /// The engine of --solver dlx: links (dancing links), cells (dancing cells) or bits
    /// [default: links]
    ///
    /// As `dlxkit solve --engine`: every engine finds the same solutions and counts; they
    /// differ in speed and in the tree they search. The default, dancing links on a matrix
    /// kept for the whole batch with each puzzle's givens forced, was the fastest on 9x9
    /// batches. With bits or cells each puzzle's own problem is made afresh, its givens
    /// left in as options with nothing else to cover: the bits search the links' tree with
    /// one more assignment per given (the same guesses), the cells Knuth's SSXCC's. An
    /// engine that cannot take the puzzles' problem is refused with the reason.
    #[arg(long, value_name = "ENGINE", value_parser = parse_engine)]
    pub engine: Option<Engine>,
}

/// The output formats of `solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// One line per puzzle: the solution, or the verdict.
    Line,
    /// Each solution as a grid with box borders, after a comment line with the verdict.
    Grid,
    /// JSON Lines: one object per puzzle.
    Jsonl,
}

/// The output formats of `solve`: those it shares with `generate`, and pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveOutput {
    /// One line per puzzle: the solution, or the verdict.
    Line,
    /// Each solution as a grid with box borders, after a comment line with the verdict.
    Grid,
    /// JSON Lines: one object per puzzle.
    Jsonl,
    /// One SVG document: each puzzle drawn with its solution, boxes or regions, killer cages
    /// and the verdict line of `grid`.
    Svg,
}

/// The output formats of `count` (and `check`, `rate`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// One line per puzzle.
    #[default]
    Text,
    /// JSON Lines: one object per puzzle.
    Jsonl,
}

// Arguments of `dlxkit sudoku solve`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = SOLVE_EXAMPLES)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format [default: line for input with one puzzle per line, else grid]
    #[arg(short, long, value_enum, value_name = "FORMAT")]
    pub format: Option<SolveOutput>,

    /// Add the number of solutions found (up to --limit) to each puzzle's output
    #[arg(short, long)]
    pub count: bool,

    /// Count up to N solutions of each puzzle [default: 2, enough to tell unique from
    /// multiple]
    #[arg(short = 'n', long, value_name = "N", value_parser = parse_positive)]
    pub limit: Option<u64>,

    /// Also write each puzzle's picture to DIR/solution-0001.svg, solution-0002.svg, ...
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,

    #[command(flatten)]
    pub solver: SolverArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

// Arguments of `dlxkit sudoku count`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = COUNT_EXAMPLES)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: ListFormat,

    /// Count up to N solutions of each puzzle [default: all]
    #[arg(short = 'n', long, value_name = "N", value_parser = parse_positive)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub solver: SolverArgs,

    #[command(flatten)]
    pub batch: BatchArgs,

    #[command(flatten)]
    pub memo: SudokuMemoArgs,
}

/// Runs `dlxkit sudoku solve`.
pub fn run_solve(args: &SolveArgs, ctx: &Context) -> Result<Exit, CliError> {
    let puzzles = read_input(&args.input, ctx)?;
    let show = match args.format {
        Some(SolveOutput::Line) => Show::Line,
        Some(SolveOutput::Grid) => Show::Grid,
        Some(SolveOutput::Jsonl) => Show::Jsonl,
        Some(SolveOutput::Svg) => Show::Svg,
        None if puzzles.one_per_line => Show::Line,
        None => Show::Grid,
    };
    let stdout_format = match show {
        Show::Svg => PuzzleFormat::Svg,
        _ => PuzzleFormat::Text,
    };
    let printer = Printer {
        show,
        with_count: args.count,
        paint: ctx.stdout_colors(),
        pictures: Pictures::new(stdout_format, args.svg.as_deref())?,
    };
    let limit = Some(args.limit.unwrap_or(2));
    search_all(&puzzles, &args.solver, limit, &args.batch, printer, ctx)
}

/// Runs `dlxkit sudoku count`.
pub fn run_count(args: &CountArgs, ctx: &Context) -> Result<Exit, CliError> {
    let puzzles = read_input(&args.input, ctx)?;
    if args.memo.memo {
        if let Some(engine) = args.solver.engine {
            // The plan says which engines the memoised count takes (its own board).
            let plan = Plan::new()
                .engine(engine)
                .count(true)
                .memo(MemoOptions::new());
            if let Ok(encoding) = Encoding::new(puzzles.list[0].grid.layout().clone()) {
                plan.check(encoding.problem()).map_err(search::refused)?;
            }
        }
        let jsonl = args.format == ListFormat::Jsonl;
        let solver = args.solver.solver.as_str();
        return memo::run_count(&puzzles, &args.memo, solver, &args.batch, jsonl, ctx);
    }
    let show = match args.format {
        ListFormat::Text => Show::Count,
        ListFormat::Jsonl => Show::CountJsonl,
    };
    let printer = Printer {
        show,
        with_count: true,
        paint: ctx.stdout_colors(),
        pictures: Pictures::new(PuzzleFormat::Text, None)?,
    };
    search_all(
        &puzzles,
        &args.solver,
        args.limit,
        &args.batch,
        printer,
        ctx,
    )
}

/// The puzzles to search: killer puzzles with `--variant killer`, else plain ones.
fn read_input(args: &InputArgs, ctx: &Context) -> Result<Puzzles, CliError> {
    match args.grid.is_killer() {
        true => read_killers(args, ctx),
        false => read_puzzles(args, ctx, true),
    }
}

/// Searches every puzzle (counting up to `limit` solutions) and prints each with `printer`.
fn search_all(
    puzzles: &Puzzles,
    solver: &SolverArgs,
    limit: Option<u64>,
    batch_args: &BatchArgs,
    mut printer: Printer,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let name = solver.solver.as_str();
    let info = solvers::info(name).expect("the name is one of SOLVER_NAMES");
    let layout = puzzles.list[0].grid.layout();
    let killer = !puzzles.killers.is_empty();
    let pencil = puzzles.list.iter().any(|p| p.candidates.is_some());
    // What the puzzles need of the solver, asked of the registry.
    let needs = [
        (killer, Ability::Killer),
        (!layout.is_standard(), Ability::Variants),
        (pencil, Ability::PencilMarks),
        (solver.engine.is_some(), Ability::Engines),
    ];
    for (_, ability) in needs.iter().filter(|(needed, _)| *needed) {
        info.require(*ability).map_err(unable)?;
    }
    let engine = solver.engine;
    if let Some(engine) = engine {
        check_engine(engine, puzzles)?;
    }
    // `count` of one puzzle on several threads: the threads share its search (a grid with
    // many solutions, plain, killer or with pencil marks), rather than the batch's puzzles.
    let mut shared = None;
    let counting = matches!(printer.show, Show::Count | Show::CountJsonl);
    if counting && puzzles.list.len() == 1 && batch_args.jobs != 1 && info.can(Ability::SharedCount)
    {
        let threads = jobs::threads(batch_args.jobs, usize::MAX, ctx);
        if threads > 1 {
            shared = Some(threads);
        }
    }
    let one_thread = BatchArgs {
        jobs: if shared.is_some() { 1 } else { batch_args.jobs },
        ..batch_args.clone()
    };
    let mut batch = Batch::new(&one_thread, puzzles.list.len(), "puzzles", ctx)?;
    if let Some(threads) = shared {
        batch.set_search_threads(threads);
    }
    let limits = batch.limits(limit);
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut tally = Tally::default();
    // The counts cut short, by why.
    let mut stopped = std::collections::BTreeMap::new();
    let indexes: Vec<usize> = (0..puzzles.list.len()).collect();
    let done = batch.run(
        &mut out,
        &indexes,
        // Pencil-mark puzzles go to a DLX solver of their own (each has its own encoding).
        || match engine {
            Some(engine) => (
                Box::new(DlxSolver::on(engine)) as Box<dyn SudokuSolver>,
                DlxSolver::on(engine),
            ),
            None => (info.make(), DlxSolver::new()),
        },
        |(solver, dlx): &mut (Box<dyn SudokuSolver>, DlxSolver), &i: &usize| {
            let puzzle = &puzzles.list[i];
            let report = if batch.out_of_time() {
                not_started()
            } else if let (Some(threads), Some(engine)) = (shared, engine) {
                let plan = Plan::new().engine(engine).threads(threads);
                planned(puzzles, i, &plan, &limits)
            } else if let Some(threads) = shared {
                count_on_threads(puzzles, i, threads, &limits)
            } else if let (true, Some(engine)) = (killer, engine) {
                planned(puzzles, i, &Plan::new().engine(engine), &limits)
            } else if killer {
                // The fillings were checked when the input was read, so no error is left.
                puzzles.killers[i]
                    .solve(&limits)
                    .unwrap_or_else(|_| not_started())
            } else if let Some(pencil) = &puzzle.candidates {
                dlx.solve_candidates(&puzzle.grid, pencil, &limits)
            } else {
                solver.solve(&puzzle.grid, &limits)
            };
            // A search cut short by Ctrl-C is printed too, as far as it went (the batch
            // prints nothing after it).
            Some(report)
        },
        |out, index, report| {
            tally.add(report.answer(), report.solutions > 0, &report.stats);
            tally.timed_out |= report.status == Status::TimeLimit;
            if incomplete(report.status).is_some() {
                *stopped.entry(report.status.as_str()).or_insert(0u64) += 1;
            }
            batch.progress_message(tally.progress());
            let cages = puzzles.killers.get(index).map_or(&[][..], |k| k.cages());
            printer.print(out, index, &puzzles.list[index], cages, &report)
        },
    )?;
    printer.pictures.finish(&mut out)?;
    out.flush()?;
    let solver_line = format!(
        "{name}: {} assignments, {}",
        tally.assignments,
        counted(tally.guesses, "guess", "guesses")
    );
    let mut extra = vec![("solver", solver_line)];
    if printer.with_count {
        extra.extend(incomplete_counts(&stopped, done));
    }
    batch.summary("puzzles", done, &tally.verdicts(), &extra, tally.timed_out);
    Ok(batch.exit(done, tally.without_solution))
}

/// The count of puzzle `i`'s solutions on `threads` threads, on its exact cover problem
/// (plain, killer or with pencil marks). Its first solution is not kept: `sudoku count`
/// prints only the number.
fn count_on_threads(
    puzzles: &Puzzles,
    i: usize,
    threads: usize,
    limits: &solvers::Limits,
) -> SolveReport {
    let started = std::time::Instant::now();
    let puzzle = &puzzles.list[i];
    let none = || SolveReport::empty(started.elapsed());
    let arena = Arena::new();
    // The problem, and the givens forced on a solver of it. Every error here was found when
    // the input was read, but a puzzle that cannot be encoded has no solution either way.
    let killer;
    let encoding;
    let mut solver = if let Some(k) = puzzles.killers.get(i) {
        let Ok(e) = k.encode() else { return none() };
        killer = e;
        Solver::new(killer.problem(), &arena)
    } else {
        let made = match &puzzle.candidates {
            Some(marks) if marks.empty_cell().is_some() => return none(),
            Some(marks) => Encoding::with_candidates(marks),
            None => Encoding::new(puzzle.grid.layout().clone()),
        };
        let Ok(e) = made else { return none() };
        encoding = e;
        let mut solver = Solver::new(encoding.problem(), &arena);
        if encoding.force_givens(&mut solver, &puzzle.grid).is_err() {
            // Givens that clash: no solution, as the one-thread solver says.
            return none();
        }
        solver
    };
    let counted = parallel::count_below(&mut solver, threads, parallel::SHARDS_PER_THREAD, limits);
    let narrow = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
    let branches =
        counted.split.above().branches + counted.shards.iter().map(|s| s.branches).sum::<u64>();
    SolveReport {
        status: counted.status,
        solutions: counted.totals.solutions.to_u64().unwrap_or(u64::MAX),
        first: None,
        stats: SolveStats {
            assignments: narrow(counted.totals.nodes),
            guesses: branches,
            elapsed: started.elapsed(),
            ..SolveStats::default()
        },
    }
}

/// Whether `--engine engine` can search the puzzles (the solver's registry entry said it
/// has engines, [`Ability::Engines`]): the plan must take each puzzle's problem (the layout's, with every placement; each
/// killer's); a refusal is a usage error with the plan's reason, before any search.
fn check_engine(engine: Engine, puzzles: &Puzzles) -> Result<(), CliError> {
    let plan = Plan::new().engine(engine);
    if puzzles.killers.is_empty() {
        let layout = puzzles.list[0].grid.layout().clone();
        // A layout that cannot be encoded gives its puzzles no solution, as without --engine.
        if let Ok(encoding) = Encoding::new(layout) {
            plan.check(encoding.problem()).map_err(search::refused)?;
        }
    }
    for killer in &puzzles.killers {
        if let Ok(encoding) = killer.encode() {
            plan.check(encoding.problem()).map_err(search::refused)?;
        }
    }
    Ok(())
}

/// Puzzle `i` (plain, killer or with pencil marks) searched on its own exact cover problem
/// as `plan` says (`--engine`; on threads, a count's).
fn planned(puzzles: &Puzzles, i: usize, plan: &Plan, limits: &solvers::Limits) -> SolveReport {
    let started = std::time::Instant::now();
    let none = || SolveReport::empty(started.elapsed());
    let puzzle = &puzzles.list[i];
    // Every error here was found when the input was read (or is a clash of givens: no
    // solution, as on the links); the plan took the problem in `check_engine`.
    let Some(k) = puzzles.killers.get(i) else {
        let made = match &puzzle.candidates {
            Some(marks) if marks.empty_cell().is_some() => return none(),
            Some(marks) => Encoding::with_candidates(marks),
            None => Encoding::new(puzzle.grid.layout().clone()),
        };
        let Ok(encoding) = made else { return none() };
        return dlx::solve_grid_planned(plan, &encoding, &puzzle.grid, limits, started);
    };
    let Ok(encoding) = k.encode() else {
        return none();
    };
    dlx::solve_planned(plan, encoding.problem(), limits, |s| encoding.grid_of(s)).unwrap_or_else(
        |_| SolveReport {
            status: Status::Stopped,
            ..none()
        },
    )
}

/// The usage error of a solver asked for what it cannot do; the message is the registry's.
fn unable(e: solvers::Unable) -> CliError {
    CliError::usage(e.to_string())
}

/// The report of a puzzle the batch had no time left for.
fn not_started() -> SolveReport {
    SolveReport {
        status: Status::TimeLimit,
        solutions: 0,
        first: None,
        stats: Default::default(),
    }
}

/// What is printed for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Show {
    Line,
    Grid,
    Jsonl,
    Count,
    CountJsonl,
    Svg,
}

struct Printer {
    show: Show,
    with_count: bool,
    paint: Paint,
    /// `--format svg` and `--svg DIR`.
    pictures: Pictures,
}

/// `, N solutions (why)` after a verdict, with `--count`; why only when the count was cut
/// short.
fn count_note(with_count: bool, report: &SolveReport) -> String {
    match (with_count, incomplete(report.status)) {
        (false, _) => String::new(),
        (true, why) => format!(
            ", {}{}",
            counted(report.solutions, "solution", "solutions"),
            why.map_or(String::new(), |why| format!(" ({why})"))
        ),
    }
}

/// One line of `--format jsonl`.
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    line: usize,
    puzzle: String,
    /// `Some(None)` is a JSON null (no solution); `None` leaves the key out (`count`).
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Option<String>>,
    status: &'a str,
    complete: bool,
    /// Why the search ended: `complete`, `solution limit`, `node limit`, `time limit`,
    /// `interrupted`.
    search: &'a str,
    solutions: u64,
    assignments: u64,
    guesses: u64,
    elapsed_ms: f64,
}

impl Printer {
    fn print(
        &mut self,
        out: &mut Output,
        index: usize,
        puzzle: &Puzzle,
        cages: &[Cage],
        report: &SolveReport,
    ) -> Result<(), CliError> {
        let answer = report.answer();
        if self.pictures.wanted() {
            let title = format!(
                "puzzle {} (line {}): {}{}",
                index + 1,
                puzzle.line,
                answer.as_str(),
                count_note(self.with_count, report)
            );
            let shown = report.first.as_ref().filter(|_| answer != Answer::Multiple);
            let picture = picture::draw(&title, &puzzle.grid, shown, cages);
            self.pictures.add(index as u64 + 1, Some(picture))?;
        }
        let count = match self.with_count {
            true => format!(" {}", count_text(report.solutions, report.status)),
            false => String::new(),
        };
        match self.show {
            Show::Line => {
                let text = match (&report.first, answer) {
                    (_, Answer::Multiple) => "multiple".to_string(),
                    (Some(solution), _) => to_line(solution),
                    (None, answer) => answer.as_str().to_string(),
                };
                if count.is_empty() {
                    out.line(&text)?;
                } else {
                    out.line(&format!("{text}{count}"))?;
                }
            }
            Show::Grid => {
                if index > 0 {
                    out.line("")?;
                }
                out.line(&format!(
                    "# puzzle {} (line {}): {}{}",
                    index + 1,
                    puzzle.line,
                    answer.as_str(),
                    count_note(self.with_count, report)
                ))?;
                if let (Some(solution), false) = (&report.first, answer == Answer::Multiple) {
                    out.write_str(&pretty(solution, &puzzle.grid, self.paint))?;
                }
            }
            Show::Count => out.line(&count_text(report.solutions, report.status))?,
            // The document is written whole when the batch ends.
            Show::Svg => return Ok(()),
            Show::Jsonl | Show::CountJsonl => {
                // As in the line format, a puzzle with several solutions has none to show.
                let shown = report.first.as_ref().filter(|_| answer != Answer::Multiple);
                let solution = (self.show == Show::Jsonl).then(|| shown.map(to_line));
                out.json_line(&Record {
                    index: index + 1,
                    line: puzzle.line,
                    puzzle: puzzle_text(puzzle),
                    solution,
                    status: answer.as_str(),
                    complete: report.status.is_complete(),
                    search: report.status.as_str(),
                    solutions: report.solutions,
                    assignments: report.stats.assignments,
                    guesses: report.stats.guesses,
                    elapsed_ms: output::millis(report.stats.elapsed),
                })?;
            }
        }
        out.end_record()
    }
}
