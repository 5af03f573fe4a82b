//! `dlxkit sudoku count --memo`: each puzzle's completions counted by the memoised search
//! ([`dlxkit::xc::memo`]) instead of dancing links, for puzzles with too many solutions to
//! meet one by one (a 6x6 grid with no givens has 28,200,960).
//!
//! A puzzle's givens become a problem of their own ([`Encoding::puzzle_problem`]: the
//! placements they rule out taken away), since the memoised search starts from a problem
//! rather than a solver with options forced. Counts print as `sudoku count` prints them,
//! with no bound on their size.

use clap::Args;
use dlxkit::sudoku::encode::Encoding;
use dlxkit::sudoku::solvers::{self, Ability, Answer, SolveStats};
use dlxkit::xc::memo::{self, MemoOptions, MemoStats};
use dlxkit::xc::Count;
use dlxkit::xc::{Problem, Status};
use serde::Serialize;

use super::super::memo::{note_refused, parse_bytes, MemoOrder};
use super::super::output::{self, Output};
use super::super::search::incomplete;
use super::super::{jobs, CliError, Context, Exit};
use super::batch::{incomplete_counts, Batch, BatchArgs, Tally};
use super::{puzzle_text, Puzzles};

// The flags of `sudoku count --memo`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
pub struct SudokuMemoArgs {
    /// Count with the memoised search (DXZ): each distinct subproblem solved once
    ///
    /// Exact counts of puzzles with very many solutions (grids with few givens), where
    /// dancing links would meet them one by one. --limit does not apply; --max-nodes and
    /// --timeout do. For the DLX encoding (--solver dlx), plain and killer puzzles.
    #[arg(long, conflicts_with = "limit")]
    pub memo: bool,

    /// Memory for --memo, shared by the puzzles counted at once: bytes, or with K, M, G, T
    ///
    /// When the cache reaches it, the count goes on, exact but slower (a note says so).
    /// [default: a quarter of the machine's memory]
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes, requires = "memo")]
    pub memo_limit: Option<usize>,

    /// The item --memo branches on: `mrv` (fewest options) or `first` (first uncovered)
    #[arg(
        long,
        value_enum,
        default_value_t,
        value_name = "RULE",
        requires = "memo"
    )]
    pub memo_order: MemoOrder,
}

/// One line of `--format jsonl`.
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    line: usize,
    puzzle: String,
    status: &'a str,
    complete: bool,
    search: &'a str,
    /// A number up to 2^128 - 1, beyond that a string of digits.
    solutions: Count,
    states: u64,
    options_tried: u64,
    hits: u64,
    peak_bytes: u64,
    elapsed_ms: f64,
}

/// The verdict of a count of `count` solutions that ended with `status`.
fn answer(count: &Count, status: Status) -> Answer {
    match (count.to_u64(), status) {
        (Some(0), Status::Complete) => Answer::None,
        (Some(1), Status::Complete) => Answer::Unique,
        (Some(0 | 1), _) => Answer::Unknown,
        _ => Answer::Multiple,
    }
}

/// Counts every puzzle with the memoised search; `jsonl` picks the output format.
pub fn run_count(
    puzzles: &Puzzles,
    args: &SudokuMemoArgs,
    solver: &str,
    batch_args: &BatchArgs,
    jsonl: bool,
    ctx: &Context,
) -> Result<Exit, CliError> {
    solvers::info(solver)
        .expect("the name is one of SOLVER_NAMES")
        .require(Ability::MemoCount)
        .map_err(|e| CliError::usage(e.to_string()))?;
    // Every puzzle's problem first, so that bad givens are reported before any count.
    let problems = problems(puzzles)?;
    // One puzzle on several threads: they share its search (and its cache), as they share
    // a plain count's.
    let shared = match (puzzles.list.len(), batch_args.jobs) {
        (1, jobs) if jobs != 1 => jobs::threads(jobs, usize::MAX, ctx),
        _ => 1,
    };
    let one_thread = BatchArgs {
        jobs: if shared > 1 { 1 } else { batch_args.jobs },
        ..batch_args.clone()
    };
    let mut batch = Batch::new(&one_thread, puzzles.list.len(), "puzzles", ctx)?;
    batch.set_search_threads(shared);
    let threads = batch.threads().max(1);
    let budget = args.memo_limit.unwrap_or_else(memo::default_memory_limit) / threads;
    let options = MemoOptions::new()
        .memory_limit(budget.max(1))
        .choice(dlxkit::xc::memo::ItemChoice::FewestOptions)
        .threads(shared)
        .limits(batch.limits(None));
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut tally = Tally::default();
    let mut refused = 0u64;
    let mut stopped = std::collections::BTreeMap::new();
    let indexes: Vec<usize> = (0..problems.len()).collect();
    let done = batch.run(
        &mut out,
        &indexes,
        || (),
        // `None` for a puzzle the batch had no time left for.
        |(), &i| {
            let counted = (!batch.out_of_time()).then(|| {
                let choice = args.memo_order.choice(&problems[i]);
                memo::count(&problems[i], &options.clone().choice(choice))
            });
            Some(counted)
        },
        |out, index, counted| {
            let (count, status, stats) = match counted {
                Some(Ok(c)) => (c.count, c.status, c.stats),
                Some(Err(e)) => {
                    let line = puzzles.list[index].line;
                    return Err(CliError::input(format!("{}:{line}: {e}", puzzles.name))
                        .with_hint("raise --memo-limit"));
                }
                None => (Count::zero(), Status::TimeLimit, MemoStats::default()),
            };
            let solve_stats = SolveStats {
                assignments: stats.options_tried,
                elapsed: stats.elapsed,
                ..SolveStats::default()
            };
            let answer = answer(&count, status);
            tally.add(answer, !count.is_zero(), &solve_stats);
            tally.timed_out |= status == Status::TimeLimit;
            refused += stats.refused;
            let why = incomplete(status);
            if why.is_some() {
                *stopped.entry(status.as_str()).or_insert(0u64) += 1;
            }
            batch.progress_message(tally.progress());
            let puzzle = &puzzles.list[index];
            if jsonl {
                out.json_line(&Record {
                    index: index + 1,
                    line: puzzle.line,
                    puzzle: puzzle_text(puzzle),
                    status: answer.as_str(),
                    complete: status.is_complete(),
                    search: status.as_str(),
                    solutions: count,
                    states: stats.states,
                    options_tried: stats.options_tried,
                    hits: stats.hits,
                    peak_bytes: stats.peak_bytes,
                    elapsed_ms: output::millis(stats.elapsed),
                })?;
            } else {
                match why {
                    Some(why) => out.line(&format!("{count} ({why})"))?,
                    None => out.line(&count.to_string())?,
                }
            }
            out.end_record()
        },
    )?;
    out.flush()?;
    note_refused(ctx, refused);
    let mut extra = vec![(
        "solver",
        format!("{solver} --memo: {} assignments", tally.assignments),
    )];
    extra.extend(incomplete_counts(&stopped, done));
    batch.summary("puzzles", done, &tally.verdicts(), &extra, tally.timed_out);
    Ok(batch.exit(done, tally.without_solution))
}

/// The exact cover problem of each puzzle, its givens (or its cages) built in.
fn problems(puzzles: &Puzzles) -> Result<Vec<Problem>, CliError> {
    let at = |line: usize, e: &dyn std::fmt::Display| {
        CliError::input(format!("{}:{line}: {e}", puzzles.name))
    };
    if !puzzles.killers.is_empty() {
        return puzzles
            .list
            .iter()
            .zip(&puzzles.killers)
            .map(|(p, k)| {
                k.encode()
                    .map(|e| e.problem().clone())
                    .map_err(|e| at(p.line, &e))
            })
            .collect();
    }
    let layout = puzzles.list[0].grid.layout().clone();
    let encoding = Encoding::new(layout).map_err(|e| at(puzzles.list[0].line, &e))?;
    puzzles
        .list
        .iter()
        .map(|p| {
            match &p.candidates {
                // Pencil marks: an encoding of their own, as the `dlx` solver has.
                Some(marks) => {
                    Encoding::with_candidates(marks).and_then(|e| e.puzzle_problem(&p.grid))
                }
                None => encoding.puzzle_problem(&p.grid),
            }
            .map_err(|e| at(p.line, &e))
        })
        .collect()
}
