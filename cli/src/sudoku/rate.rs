//! `dlxkit sudoku rate`: how hard each puzzle is for a person, by the `strategies` solver's
//! rating (the hardest strategy it needed, and its guesses), and the difficulty names
//! `generate --difficulty` uses.

use std::collections::BTreeMap;

use clap::{Args, ValueEnum};
use dlxkit::sudoku::parse::{to_line, Puzzle};
use dlxkit::sudoku::solvers::strategies::{Rating, StrategiesSolver, Strategy};
use dlxkit::sudoku::solvers::Answer;
use serde::Serialize;

use super::super::output::{self, Output};
use super::super::{CliError, Context, Exit};
use super::batch::{Batch, BatchArgs};
use super::solve::ListFormat;
use super::{counted, read_puzzles, InputArgs};

const EXAMPLES: &str = "\
Examples:
  dlxkit sudoku rate data/sudoku/pe96_easy50.txt
  dlxkit sudoku rate --format jsonl puzzles.txt      with each strategy's deductions

The rating: the `strategies` solver applies naked singles, hidden singles, naked subsets
and pointing (with box-line reduction), simplest first, and guesses only when none of them
helps; it counts solutions up to two. The difficulty is named from the hardest step needed:

  easy     naked singles only
  medium   hidden singles
  hard     naked subsets or pointing
  expert   guessing (trial and error)

Output: one line per puzzle, in input order: `DIFFICULTY: HARDEST, N guesses`, or
`multiple`, `unsolvable` or `unknown` (a limit struck first) for puzzles without exactly
one solution. `jsonl` prints one object per puzzle: \"index\", \"line\", \"puzzle\", \"status\",
\"difficulty\" (or null), \"hardest\", \"guesses\", \"nodes\", \"deductions\" (per strategy)
and \"elapsed_ms\".

Exit status: 0 if every puzzle has a solution, 1 if some puzzle has none (or none was found
within the limits), 2 for bad input or usage, 130 if interrupted by Ctrl-C.";

/// How hard a puzzle is, named from the hardest strategy it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum Difficulty {
    /// Naked singles only.
    Easy,
    /// Hidden singles.
    Medium,
    /// Naked subsets or pointing.
    Hard,
    /// Guessing.
    Expert,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The difficulty of a puzzle whose hardest step is `hardest`.
    pub fn of(hardest: Strategy) -> Difficulty {
        match hardest {
            Strategy::NakedSingle => Difficulty::Easy,
            Strategy::HiddenSingle => Difficulty::Medium,
            Strategy::NakedSubset | Strategy::Pointing => Difficulty::Hard,
            Strategy::Guess => Difficulty::Expert,
        }
    }

    /// Its name: `easy`, `medium`, `hard` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// The difficulty of a rated puzzle; `None` unless it has exactly one solution.
    pub fn of_rating(rating: &Rating) -> Option<Difficulty> {
        (rating.answer == Answer::Unique).then(|| Difficulty::of(rating.hardest))
    }
}

/// Arguments of `dlxkit sudoku rate`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: ListFormat,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// One line of `--format jsonl`.
#[derive(Serialize)]
struct Record {
    index: usize,
    line: usize,
    puzzle: String,
    status: &'static str,
    difficulty: Option<&'static str>,
    hardest: &'static str,
    guesses: u64,
    nodes: u64,
    deductions: BTreeMap<&'static str, u64>,
    elapsed_ms: f64,
}

/// The line of `rate` for one puzzle: `medium: hidden single, 0 guesses`, or the verdict.
pub fn rating_text(rating: &Rating) -> String {
    match Difficulty::of_rating(rating) {
        Some(d) => format!(
            "{}: {}, {}",
            d.name(),
            rating.hardest,
            counted(rating.guesses, "guess", "guesses")
        ),
        None => rating.answer.as_str().to_string(),
    }
}

/// Runs `dlxkit sudoku rate`.
pub fn run(args: &RateArgs, ctx: &Context) -> Result<Exit, CliError> {
    let puzzles = read_puzzles(&args.input, ctx, true)?;
    let batch = Batch::new(&args.batch, puzzles.list.len(), "puzzles", ctx)?;
    let limits = batch.limits(None);
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut levels = [0u64; 4];
    let mut others = BTreeMap::new();
    let mut without_solution = 0;
    let done = batch.run(
        &mut out,
        &puzzles.list,
        StrategiesSolver::new,
        |solver, puzzle: &Puzzle| {
            if batch.out_of_time() {
                return Some(None);
            }
            let rating = solver.rate(&puzzle.grid, &limits);
            let cut = rating.answer == Answer::Unknown && batch.cancelled();
            (!cut).then_some(Some(rating))
        },
        |out, i, rating: Option<Rating>| {
            let puzzle = &puzzles.list[i];
            let answer = rating.as_ref().map_or(Answer::Unknown, |r| r.answer);
            match rating.as_ref().and_then(Difficulty::of_rating) {
                Some(d) => levels[d as usize] += 1,
                None => *others.entry(answer.as_str()).or_insert(0u64) += 1,
            }
            if matches!(answer, Answer::None | Answer::Unknown) {
                without_solution += 1;
            }
            match (args.format, &rating) {
                (ListFormat::Text, Some(r)) => out.line(&rating_text(r))?,
                (ListFormat::Text, None) => out.line("unknown")?,
                (ListFormat::Jsonl, _) => out.json_line(&record(i, puzzle, rating.as_ref()))?,
            }
            out.end_record()
        },
    )?;
    out.flush()?;
    let mut counts: Vec<String> = Difficulty::ALL
        .iter()
        .map(|d| format!("{} {}", levels[*d as usize], d.name()))
        .collect();
    counts.extend(others.iter().map(|(what, n)| format!("{n} {what}")));
    let timed_out = batch.out_of_time();
    batch.summary("puzzles", done, &counts.join(", "), &[], timed_out);
    Ok(batch.exit(done, without_solution))
}

/// The JSON record of a puzzle (`None`: not rated, the batch ran out of time).
fn record(i: usize, puzzle: &Puzzle, rating: Option<&Rating>) -> Record {
    let (status, difficulty, hardest, guesses, nodes, deductions, elapsed) = match rating {
        Some(r) => (
            r.answer.as_str(),
            Difficulty::of_rating(r).map(Difficulty::name),
            r.hardest.name(),
            r.guesses,
            r.stats.nodes,
            r.stats.strategies.iter().copied().collect(),
            output::millis(r.stats.elapsed),
        ),
        None => ("unknown", None, "", 0, 0, BTreeMap::new(), 0.0),
    };
    Record {
        index: i + 1,
        line: puzzle.line,
        puzzle: to_line(&puzzle.grid),
        status,
        difficulty,
        hardest,
        guesses,
        nodes,
        deductions,
        elapsed_ms: elapsed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_follow_the_strategies() {
        let names: Vec<_> = Strategy::ALL
            .iter()
            .map(|&s| Difficulty::of(s).name())
            .collect();
        assert_eq!(names, ["easy", "medium", "hard", "hard", "expert"]);
        assert!(Difficulty::Easy < Difficulty::Expert);
    }
}
