//! `dlxkit sudoku explain`: the logical steps that solve each puzzle, from
//! [`dlxkit::sudoku::explain`], one line per step (or JSON objects), in a [`Batch`].

use clap::{Args, ValueEnum};
use dlxkit::sudoku::explain::rating::{pearl_diamond, SeLevel};
use dlxkit::sudoku::explain::{
    hardest, Contradiction, Explainer, Level, Outcome, Score, Step, Strategy, DEFAULT_EFFORT,
    MAX_EFFORT,
};
use dlxkit::sudoku::killer::Killer;
use dlxkit::sudoku::parse::Puzzle;
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{Answer, Limits, SudokuSolver};
use dlxkit::sudoku::Layout;
use serde::Serialize;

use super::super::output::Output;
use super::super::{CliError, Context, Exit};
use super::batch::{Batch, BatchArgs};
use super::{counted, puzzle_text, read_killers, read_puzzles, InputArgs};

const EXAMPLES: &str = "\
Examples:
  dlxkit sudoku explain puzzle.txt                 the steps, one per line
  dlxkit sudoku explain --guess hard.txt           guess when logic runs out, and go on
  dlxkit sudoku explain --format json puzzle.txt   the steps as JSON objects
  dlxkit sudoku explain --variant killer data/sudoku/killer.txt   killer puzzles

Each puzzle's explanation starts with `# puzzle N (line L): VERDICT` (unique, multiple or
unsolvable, from a DLX count up to two) and then gives one step per line, the simplest the
grid allows each time, in the players' words: `hidden single: 7 in row 4 -> r4c2`,
`X-wing on 3 in rows 2,7 / columns 4,8: removes 3 from r5c4, r9c8`. Strategies, simplest
first: naked single, hidden single, pointing, box-line reduction, naked pair, X-wing, hidden
pair, naked triple, swordfish, hidden triple, XY-wing, XYZ-wing, unique rectangle type 1
(for unique puzzles), naked quad, jellyfish, hidden quad, X-chain, XY-chain. Killer puzzles
(--variant killer, read as `solve --help` says) add, after the singles, cage combination (a
cage's open cells keep the digits of its fillings: `cage combination: r1c1+r1c2 = 3 is
{1,2}`) and the rule of 45 (a unit adds up to 45 on 9x9, so the cells it has outside its
whole cages, or the cells outside it of the cages that cover it, add up to a known sum:
`rule of 45 on row 1: innie r1c9 = 7 -> r1c9`); unique rectangles are not used on them
(swapping two digits changes the cages' sums). The last line
says how it ended: `solved`, with the hardest step, its score and level (see `dlxkit sudoku
rate --help`), or `stuck` with the candidate grid when no strategy applies, or
`contradiction` when the puzzle has no solution. With --guess, a stuck explanation places
the solution's digit in a cell with the fewest candidates (a `guess:` step) and goes on.

`json` prints one object per puzzle: \"index\", \"line\", \"puzzle\", \"status\", \"outcome\"
(solved, stuck or contradiction), \"score\", \"level\", \"hardest\", \"guesses\", \"steps\" and,
unless solved, \"candidates\" (each cell's candidates in reading order). Each step has
\"strategy\", \"score\", \"units\", \"cells\", \"digits\", \"chain\", \"placements\",
\"eliminations\" and \"text\" (the \"score\" of a step is its SE value, the puzzle's \"er\", \"ep\"
and \"ed\" Sudoku Explainer's ratings); a killer strategy's step has its \"sum\" and \"combinations\"
too, a colouring step its \"colours\" (each cell's: 0 and 1 the first cluster's, 2 and 3 the
second's). `se` is the line format of Sudoku Explainer's users: each step after its value,
`(4.2) XY-wing: ...`, and last `ER/EP/ED 4.2/1.5/1.5 (Fiendish)`: the hardest step (ER), the
hardest up to the first placement (EP) and up to the first removal (ED), and SE's name for
the ER. `jsonl` prints each step as a line of its own (with
\"puzzle\" and \"step\" numbers) and then the puzzle's object without its steps.

Exit status: 0 if every puzzle was solved (by logic, or with --guess), 1 if some was not
(stuck or without a solution), 2 for bad input or usage, 130 if interrupted by Ctrl-C.";

/// The output formats of `explain`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// One line per step.
    #[default]
    Text,
    /// One JSON object per puzzle, with its steps.
    Json,
    /// JSON Lines: one object per step, then one per puzzle.
    Jsonl,
    /// The community's line format: each step after its SE value, `(4.2) XY-wing: ...`,
    /// then `ER/EP/ED`.
    Se,
}

// Arguments of `dlxkit sudoku explain`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: ExplainFormat,

    /// When no strategy applies, guess (the solution's digit) and go on
    #[arg(long)]
    pub guess: bool,

    /// Do not use the uniqueness strategies (unique rectangles), even for unique puzzles
    #[arg(long)]
    pub no_uniqueness: bool,

    /// Use the almost locked set rungs too (ALS-XZ, Sue de Coq, ALS-XY-wing, death
    /// blossom), which SE's scale lacks
    #[arg(long)]
    pub als: bool,

    #[command(flatten)]
    pub effort: EffortArg,

    #[command(flatten)]
    pub batch: BatchArgs,
}

// The forcing chains' effort budget, shared by `explain` and `rate`.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Copy, Debug)]
pub struct EffortArg {
    /// Give up the forcing chains' search of a puzzle after N nodes in all (1 to 10^12)
    ///
    /// Nested forcing chains can take minutes a step on the hardest puzzles. A puzzle that
    /// needs more than N nodes ends with `effort limit`, rated as a lower bound (`ER >=
    /// 9.5`); a count of nodes, not a clock, so the result is the same on every machine.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_EFFORT,
          value_parser = clap::value_parser!(u64).range(1..=MAX_EFFORT))]
    pub effort: u64,
}

/// The lower bound of the rating of an explanation cut short by its effort budget: the
/// hardest step so far, or the base score of the strategy whose search ran out if higher.
pub fn bound(steps: &[Step], strategy: Strategy) -> Score {
    hardest(steps).map_or(strategy.score(), |s| s.score.max(strategy.score()))
}

/// A puzzle explained.
struct Explained {
    answer: Answer,
    steps: Vec<Step>,
    outcome: Outcome,
    /// The candidates where the explanation stopped.
    candidates: dlxkit::sudoku::candidates::Candidates,
}

/// A step as JSON.
#[derive(Serialize)]
struct StepRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<usize>,
    strategy: &'a str,
    score: f64,
    units: Vec<String>,
    cells: Vec<String>,
    digits: &'a [u8],
    chain: Vec<CandidateRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sum: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    combinations: Vec<String>,
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    colours: &'a [u8],
    placements: Vec<CandidateRecord>,
    eliminations: Vec<CandidateRecord>,
    text: String,
}

/// A digit in a cell, as JSON.
#[derive(Serialize)]
struct CandidateRecord {
    cell: String,
    digit: u8,
}

/// A puzzle's explanation as JSON.
#[derive(Serialize)]
struct PuzzleRecord<'a> {
    index: usize,
    line: usize,
    puzzle: String,
    status: &'a str,
    outcome: &'a str,
    score: Option<f64>,
    level: Option<&'a str>,
    hardest: Option<&'a str>,
    guesses: usize,
    /// Sudoku Explainer's ER, EP and ED (for a solved explanation).
    er: Option<f64>,
    ep: Option<f64>,
    ed: Option<f64>,
    /// Whether the effort budget cut the explanation short (er, ep, ed are lower bounds).
    lower_bound: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepRecord<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<String>>,
}

/// Runs `dlxkit sudoku explain`.
pub fn run(args: &ExplainArgs, ctx: &Context) -> Result<Exit, CliError> {
    let puzzles = match args.input.grid.is_killer() {
        true => read_killers(&args.input, ctx)?,
        false => read_puzzles(&args.input, ctx, true)?,
    };
    let batch = Batch::new(&args.batch, puzzles.list.len(), "puzzles", ctx)?;
    let limits = batch.limits(Some(2));
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let (mut solved, mut unsolved) = (0u64, 0u64);
    let indexes: Vec<usize> = (0..puzzles.list.len()).collect();
    let done = batch.run(
        &mut out,
        &indexes,
        DlxSolver::new,
        |dlx, &i: &usize| {
            let (puzzle, killer) = (&puzzles.list[i], puzzles.killers.get(i));
            let explained = explain(dlx, puzzle, killer, args, &limits);
            (!batch.cancelled()).then_some(explained)
        },
        |out, i, explained| {
            let explained = explained?;
            match explained.outcome {
                Outcome::Solved => solved += 1,
                _ => unsolved += 1,
            }
            print(out, args.format, i, &puzzles.list[i], &explained)
        },
    )?;
    out.flush()?;
    let counts = format!("{solved} solved, {unsolved} not solved");
    batch.summary("puzzles", done, &counts, &[], false);
    Ok(batch.exit(done, unsolved))
}

/// Explains one puzzle (a killer one with its cages): counts its solutions, then runs the
/// explainer (uniqueness strategies for a unique puzzle, guesses from the first solution
/// with `--guess`).
fn explain(
    dlx: &mut DlxSolver,
    puzzle: &Puzzle,
    killer: Option<&Killer>,
    args: &ExplainArgs,
    limits: &Limits,
) -> Result<Explained, CliError> {
    let bad =
        |e: &dyn std::fmt::Display| CliError::input(format!("puzzle at line {}: {e}", puzzle.line));
    let report = match (killer, &puzzle.candidates) {
        (Some(k), _) => k.solve(limits).map_err(|e| bad(&e))?,
        (None, Some(c)) => dlx.solve_candidates(&puzzle.grid, c, limits),
        (None, None) => dlx.solve(&puzzle.grid, limits),
    };
    let answer = report.answer();
    let explainer = match killer {
        Some(k) => Explainer::killer(k),
        None => Explainer::with_candidates(&puzzle.grid, puzzle.candidates.as_ref()),
    };
    let mut explainer = explainer
        .map_err(|e| bad(&e))?
        .assume_unique(answer == Answer::Unique && !args.no_uniqueness)
        .als(args.als)
        .effort(args.effort.effort);
    if let (true, Some(solution)) = (args.guess, report.first) {
        explainer = explainer.guessing(solution).map_err(|e| bad(&e))?;
    }
    let steps: Vec<Step> = explainer.by_ref().collect();
    Ok(Explained {
        answer,
        steps,
        outcome: explainer.outcome(),
        candidates: explainer.board().to_candidates(),
    })
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Solved => "solved",
        Outcome::Stuck | Outcome::Running => "stuck",
        Outcome::Contradiction(_) => "contradiction",
        Outcome::EffortLimit(_) => "effort limit",
    }
}

/// The last line of a text explanation.
fn ending(layout: &Layout, explained: &Explained) -> String {
    let steps = counted(explained.steps.len() as u64, "step", "steps");
    match explained.outcome {
        Outcome::Solved => match hardest(&explained.steps) {
            Some(step) => format!(
                "solved in {steps}: hardest {} ({}, {})",
                step.strategy,
                step.score,
                Level::of(step.score)
            ),
            None => "solved: nothing to do".to_string(),
        },
        Outcome::EffortLimit(strategy) => format!(
            "effort limit after {steps}: the search for a {strategy} ran out of effort \
             (--effort); rated at least {} ({}); the candidates:",
            bound(&explained.steps, strategy),
            Level::of(bound(&explained.steps, strategy))
        ),
        Outcome::Stuck | Outcome::Running => {
            let open = explained
                .candidates
                .cells()
                .iter()
                .filter(|d| d.len() > 1)
                .count();
            format!(
                "stuck after {steps}: no strategy applies to the {} left; the candidates:",
                counted(open as u64, "open cell", "open cells")
            )
        }
        Outcome::Contradiction(c) => {
            let why = match c {
                Contradiction::NoCandidate { cell } => {
                    let n = layout.size();
                    format!("r{}c{} has no candidate left", cell / n + 1, cell % n + 1)
                }
                Contradiction::NoPlace { unit, digit } => {
                    format!("{digit} has no place left in {}", layout.unit_name(unit))
                }
            };
            format!("contradiction after {steps}: {why} (the puzzle has no solution)")
        }
    }
}

/// The last line of the community's format: `ER/EP/ED 7.1/1.5/1.5 (Diabolical)` for a
/// solved explanation, else how it ended.
fn se_ending(explained: &Explained) -> String {
    let best = hardest(&explained.steps);
    match (explained.outcome, best) {
        (Outcome::Solved, Some(best)) => {
            let (ep, ed) = pearl_diamond(&explained.steps);
            let er = best.score;
            format!(
                "ER/EP/ED {er}/{}/{} ({})",
                ep.unwrap_or(er),
                ed.unwrap_or(er),
                SeLevel::of(er)
            )
        }
        (Outcome::Solved, None) => "ER/EP/ED 0.0/0.0/0.0 (nothing to do)".to_string(),
        (Outcome::EffortLimit(strategy), _) => {
            let er = bound(&explained.steps, strategy);
            let (ep, ed) = pearl_diamond(&explained.steps);
            format!(
                "ER/EP/ED >= {er}/{}/{} ({}; effort limit)",
                ep.unwrap_or(er),
                ed.unwrap_or(er),
                SeLevel::of(er)
            )
        }
        (outcome, _) => format!("{}: not rated", outcome_name(outcome)),
    }
}

/// Prints one puzzle's explanation.
fn print(
    out: &mut Output,
    format: ExplainFormat,
    i: usize,
    puzzle: &Puzzle,
    explained: &Explained,
) -> Result<(), CliError> {
    let layout = puzzle.grid.layout();
    match format {
        ExplainFormat::Text => {
            if i > 0 {
                out.line("")?;
            }
            out.line(&format!(
                "# puzzle {} (line {}): {}",
                i + 1,
                puzzle.line,
                explained.answer.as_str()
            ))?;
            for step in &explained.steps {
                out.line(&step.text(layout))?;
            }
            out.line(&ending(layout, explained))?;
            if !matches!(
                explained.outcome,
                Outcome::Solved | Outcome::Contradiction(_)
            ) {
                out.write_str(&explained.candidates.to_grid_text())?;
            }
        }
        ExplainFormat::Se => {
            if i > 0 {
                out.line("")?;
            }
            out.line(&format!(
                "# puzzle {} (line {}): {}",
                i + 1,
                puzzle.line,
                explained.answer.as_str()
            ))?;
            for step in &explained.steps {
                out.line(&format!("({}) {}", step.score, step.text(layout)))?;
            }
            out.line(&se_ending(explained))?;
        }
        ExplainFormat::Json => {
            let steps = explained
                .steps
                .iter()
                .map(|s| step_record(layout, s, None))
                .collect();
            out.json_line(&puzzle_record(i, puzzle, explained, Some(steps)))?;
        }
        ExplainFormat::Jsonl => {
            for (k, step) in explained.steps.iter().enumerate() {
                out.json_line(&step_record(layout, step, Some((i + 1, k + 1))))?;
            }
            out.json_line(&puzzle_record(i, puzzle, explained, None))?;
        }
    }
    out.end_record()
}

fn step_record<'a>(layout: &Layout, step: &'a Step, at: Option<(usize, usize)>) -> StepRecord<'a> {
    let name = |c: usize| {
        let n = layout.size();
        format!("r{}c{}", c / n + 1, c % n + 1)
    };
    let candidates = |list: &[dlxkit::sudoku::explain::Candidate]| {
        list.iter()
            .map(|c| CandidateRecord {
                cell: name(c.cell),
                digit: c.digit,
            })
            .collect()
    };
    StepRecord {
        puzzle: at.map(|(p, _)| p),
        step: at.map(|(_, s)| s),
        strategy: step.strategy.name(),
        score: step.score.value(),
        units: step.units.iter().map(|&u| layout.unit_name(u)).collect(),
        cells: step.cells.iter().map(|&c| name(c)).collect(),
        digits: &step.digits,
        chain: candidates(&step.chain),
        sum: step.sum,
        combinations: step.combinations.iter().map(|d| d.to_string()).collect(),
        colours: &step.colours,
        placements: candidates(&step.placements),
        eliminations: candidates(&step.eliminations),
        text: step.text(layout),
    }
}

fn puzzle_record<'a>(
    i: usize,
    puzzle: &Puzzle,
    explained: &'a Explained,
    steps: Option<Vec<StepRecord<'a>>>,
) -> PuzzleRecord<'a> {
    let solved = explained.outcome == Outcome::Solved;
    let limit = match explained.outcome {
        Outcome::EffortLimit(strategy) => Some(strategy),
        _ => None,
    };
    let best = hardest(&explained.steps).filter(|_| solved);
    let (ep, ed) = pearl_diamond(&explained.steps);
    // Cut short by the effort budget: lower bounds.
    let er = match limit {
        Some(strategy) => Some(bound(&explained.steps, strategy)),
        None => best.map(|s| s.score),
    };
    let rated = solved || limit.is_some();
    PuzzleRecord {
        er: er.map(|s| s.value()),
        ep: ep.filter(|_| rated).or(er).map(|s| s.value()),
        ed: ed.filter(|_| rated).or(er).map(|s| s.value()),
        lower_bound: limit.is_some(),
        index: i + 1,
        line: puzzle.line,
        puzzle: puzzle_text(puzzle),
        status: explained.answer.as_str(),
        outcome: outcome_name(explained.outcome),
        score: best.map(|s| s.score.value()),
        level: best.map(|s| Level::of(s.score).name()),
        hardest: best.map(|s| s.strategy.name()),
        guesses: explained
            .steps
            .iter()
            .filter(|s| s.strategy == Strategy::Guess)
            .count(),
        steps,
        candidates: (!solved).then(|| {
            explained
                .candidates
                .cells()
                .iter()
                .map(|d| d.to_string())
                .collect()
        }),
    }
}
