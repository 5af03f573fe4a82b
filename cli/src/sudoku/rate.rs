//! `dlxkit sudoku rate`: how hard each puzzle is for a person, from its explanation
//! ([`dlxkit::sudoku::explain::rating`]): the level, the score, the hardest strategy and the
//! steps of each strategy; and the level names `generate --difficulty` uses.

use std::collections::BTreeMap;

use clap::{Args, ValueEnum};
use dlxkit::sudoku::explain::rating::{Rater, SeLevel};
use dlxkit::sudoku::explain::{Level, Rating, Strategy};
use dlxkit::sudoku::parse::Puzzle;
use dlxkit::sudoku::solvers::Answer;
use serde::Serialize;

use super::super::output::{self, Output};
use super::super::{CliError, Context, Exit};
use super::batch::{Batch, BatchArgs};
use super::explain::EffortArg;
use super::solve::ListFormat;
use super::{puzzle_text, read_killers, read_puzzles, InputArgs};

const EXAMPLES: &str = "\
Examples:
  dlxkit sudoku rate data/sudoku/pe96_easy50.txt
  dlxkit sudoku rate --format jsonl puzzles.txt      for programs
  dlxkit sudoku rate --variant killer data/sudoku/killer.txt   killer puzzles
  dlxkit sudoku explain puzzle.txt                   the steps behind a rating

The rating: the puzzle is explained step by step (`dlxkit sudoku explain`), the simplest
strategy that applies first each time, and guessing (the solution's digit) only when none
applies. The score is the highest score of a step, on a scale close to Sudoku Explainer's
(the strategies, simplest first, and the levels follow).

Chains score 0.1 more for each of 4, 6, 8, 12, 16, 24, 32, ... nodes they exceed (SE's
length modifier; a forcing chain counts the nodes its conclusion rests on): nested forcing
chains reach 10.5 and more. A guess scores 12.0, and 0.2 more for each further guess.

Each line ends with Sudoku Explainer's three ratings, ER/EP/ED: the hardest step (ER, the
score), the hardest up to the first placement (EP) and up to the first removal of a
candidate (ED), and SE's name for the ER (Easy 1.0-1.2, Medium 1.3-1.6, Hard 1.7-2.5,
Fiendish 2.6-6.0, Diabolical 6.1 and up).

Output: one line per puzzle, in input order: `LEVEL SCORE: HARDEST; STEPS` with the number
of steps of each strategy used, or `multiple`, `unsolvable` or `unknown` (a limit struck
first) for puzzles without exactly one solution. `jsonl` prints one object per puzzle:
\"index\", \"line\", \"puzzle\", \"status\", \"difficulty\" (the level, or null), \"score\",
\"hardest\", \"guesses\", \"er\", \"ep\", \"ed\", \"se_level\", \"lower_bound\", \"effort\" (the forcing
chains' nodes), \"steps\" (per strategy) and \"elapsed_ms\".

The forcing chains' search is bounded by --effort (nodes, so the same on every machine): a
puzzle that needs more is rated as a lower bound, `expert >= 9.5: nested forcing chain
(effort limit); ...; ER/EP/ED >= 9.5/...`, and \"lower_bound\" true.

Exit status: 0 if every puzzle has a solution, 1 if some puzzle has none (or none was found
within the limits), 2 for bad input or usage, 130 if interrupted by Ctrl-C.";

/// The long help's end: the examples, then each strategy's score and each level's
/// strategies, from the library (the one place they are written).
fn rate_help() -> String {
    let killer = |s: Strategy| matches!(s, Strategy::CageCombination | Strategy::RuleOf45);
    let cells: Vec<String> = Strategy::ALL
        .iter()
        .filter(|&&s| s != Strategy::Guess)
        .map(|&s| {
            let mark = if killer(s) { " *" } else { "" };
            format!("{:>4} {}{mark}", s.score().to_string(), s.name())
        })
        .collect();
    let rows = cells.len().div_ceil(3);
    let mut table = String::new();
    for r in 0..rows {
        let line: Vec<String> = (0..3)
            .filter_map(|c| cells.get(r + c * rows))
            .map(|cell| format!("{cell:<30}"))
            .collect();
        table.push_str(&format!(
            "  {}
",
            line.concat().trim_end()
        ));
    }
    table.push_str(
        "  (* killer puzzles only)

The level follows from the score:

",
    );
    for level in Level::ALL {
        let names: Vec<&str> = Strategy::ALL
            .iter()
            .filter(|&&s| Level::of(s.score()) == level)
            .map(|s| s.name())
            .collect();
        // Wrapped here, with the names lined up, before the terminal would wrap them.
        let mut line = format!("  {:<11}", level.name());
        for (k, name) in names.iter().enumerate() {
            let word = if k + 1 < names.len() {
                format!("{name},")
            } else {
                name.to_string()
            };
            if line.len() + 1 + word.len() > 78 {
                table.push_str(&line);
                table.push('\n');
                line = " ".repeat(13);
            }
            line.push(' ');
            line.push_str(&word);
        }
        table.push_str(&line);
        table.push('\n');
    }
    let (head, tail) = EXAMPLES
        .split_once("Each line ends with")
        .expect("the examples name SE's three ratings");
    format!("{head}{table}\nEach line ends with{tail}")
}

/// A difficulty level, as `--difficulty` takes it (see [`Level`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum Difficulty {
    /// Hidden singles only (score 1.0 - 1.2).
    Easy,
    /// SE's direct rules and naked singles; in killer puzzles, cage combinations and the rule
    /// of 45 (1.3 - 2.5).
    Medium,
    /// Pointing, box-line reduction, pairs, naked triples, X-wing, swordfish (2.6 - 3.9).
    Hard,
    /// Hidden triples, turbot fish, wings, unique rectangles, quads, jellyfish, BUG+1
    /// (4.0 - 5.9).
    Fiendish,
    /// X-chains, XY-chains, the W-wing, forcing chains and Nishio (6.0 - 7.9).
    Diabolical,
    /// Multiple, dynamic and nested forcing chains; guessing (8.0 and up).
    Expert,
}

impl Difficulty {
    /// The library's level.
    pub fn level(self) -> Level {
        match self {
            Difficulty::Easy => Level::Easy,
            Difficulty::Medium => Level::Medium,
            Difficulty::Hard => Level::Hard,
            Difficulty::Fiendish => Level::Fiendish,
            Difficulty::Diabolical => Level::Diabolical,
            Difficulty::Expert => Level::Expert,
        }
    }
}

// Arguments of `dlxkit sudoku rate`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = rate_help())]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Output format
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: ListFormat,

    #[command(flatten)]
    pub effort: EffortArg,

    /// Use the almost locked set rungs too (ALS-XZ, Sue de Coq, ALS-XY-wing, death
    /// blossom): SE's scale lacks them, so the ratings follow SE's less closely
    #[arg(long)]
    pub als: bool,

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
    score: Option<f64>,
    hardest: Option<&'static str>,
    guesses: u32,
    er: Option<f64>,
    ep: Option<f64>,
    ed: Option<f64>,
    se_level: Option<&'static str>,
    /// Whether the effort budget cut the rating short (score, er, ep, ed are lower bounds).
    lower_bound: bool,
    /// The forcing chains' nodes spent.
    effort: u64,
    steps: BTreeMap<&'static str, u32>,
    elapsed_ms: f64,
}

/// The line of `rate` for one puzzle: `hard 3.4: hidden pair; naked single 41, ...`, or the
/// verdict.
pub fn rating_text(rating: &Rating) -> String {
    match rating.level {
        Some(level) => {
            let mut steps: Vec<String> = rating
                .counts
                .iter()
                .map(|(s, n)| format!("{s} {n}"))
                .collect();
            if steps.is_empty() {
                steps.push("no step".into());
            }
            let hardest = rating.hardest.map_or("nothing to do", |s| s.name());
            // Cut short by the effort budget: lower bounds, and said so.
            let (at_least, cut) = match rating.lower_bound {
                true => (">= ", " (effort limit)"),
                false => ("", ""),
            };
            format!(
                "{level} {at_least}{}: {hardest}{cut}; {}; ER/EP/ED {at_least}{}/{}/{} ({})",
                rating.score,
                steps.join(", "),
                rating.score,
                rating.ep,
                rating.ed,
                SeLevel::of(rating.score)
            )
        }
        None if rating.answer == Answer::Unique => "unknown".to_string(),
        None => rating.answer.as_str().to_string(),
    }
}

/// Runs `dlxkit sudoku rate`.
pub fn run(args: &RateArgs, ctx: &Context) -> Result<Exit, CliError> {
    let puzzles = match args.input.grid.is_killer() {
        true => read_killers(&args.input, ctx)?,
        false => read_puzzles(&args.input, ctx, true)?,
    };
    let batch = Batch::new(&args.batch, puzzles.list.len(), "puzzles", ctx)?;
    let limits = batch.limits(None);
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut levels = [0u64; Level::ALL.len()];
    let mut others = BTreeMap::new();
    let mut without_solution = 0;
    let indexes: Vec<usize> = (0..puzzles.list.len()).collect();
    let done = batch.run(
        &mut out,
        &indexes,
        || Rater::new().effort(args.effort.effort).als(args.als),
        |rater, &i: &usize| {
            if batch.out_of_time() {
                return Some(None);
            }
            let puzzle = &puzzles.list[i];
            let rating = match puzzles.killers.get(i) {
                // Encoded once already when the input was read, so it cannot fail here.
                Some(killer) => match rater.rate_killer(killer, &limits) {
                    Ok(rating) => rating,
                    Err(_) => return Some(None),
                },
                None => rater.rate(&puzzle.grid, puzzle.candidates.as_ref(), &limits),
            };
            let cut = rating.answer == Answer::Unknown && batch.cancelled();
            (!cut).then_some(Some(rating))
        },
        |out, i, rating: Option<Rating>| {
            let puzzle = &puzzles.list[i];
            let answer = rating.as_ref().map_or(Answer::Unknown, |r| r.answer);
            match rating.as_ref().and_then(|r| r.level) {
                Some(level) => levels[level as usize] += 1,
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
    let mut counts: Vec<String> = Level::ALL
        .iter()
        .map(|&l| format!("{} {}", levels[l as usize], l.name()))
        .collect();
    counts.extend(others.iter().map(|(what, n)| format!("{n} {what}")));
    let timed_out = batch.out_of_time();
    batch.summary("puzzles", done, &counts.join(", "), &[], timed_out);
    Ok(batch.exit(done, without_solution))
}

/// The JSON record of a puzzle (`None`: not rated, the batch ran out of time).
fn record(i: usize, puzzle: &Puzzle, rating: Option<&Rating>) -> Record {
    let rated = rating.filter(|r| r.level.is_some());
    Record {
        index: i + 1,
        line: puzzle.line,
        puzzle: puzzle_text(puzzle),
        status: rating.map_or("unknown", |r| r.answer.as_str()),
        difficulty: rated.and_then(|r| r.level).map(Level::name),
        score: rated.map(|r| r.score.value()),
        hardest: rated.and_then(|r| r.hardest).map(|s| s.name()),
        guesses: rated.map_or(0, Rating::guesses),
        er: rated.map(|r| r.score.value()),
        ep: rated.map(|r| r.ep.value()),
        ed: rated.map(|r| r.ed.value()),
        se_level: rated.map(|r| SeLevel::of(r.score).name()),
        lower_bound: rated.is_some_and(|r| r.lower_bound),
        effort: rating.map_or(0, |r| r.effort),
        steps: rated.map_or_else(BTreeMap::new, |r| {
            r.counts.iter().map(|&(s, n)| (s.name(), n)).collect()
        }),
        elapsed_ms: rating.map_or(0.0, |r| output::millis(r.elapsed)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_are_the_levels_in_order() {
        let all = Difficulty::value_variants();
        let levels: Vec<Level> = all.iter().map(|d| d.level()).collect();
        assert_eq!(levels, Level::ALL);
        let names: Vec<String> = all
            .iter()
            .map(|d| d.to_possible_value().unwrap().get_name().to_string())
            .collect();
        assert_eq!(names, Level::ALL.map(|l| l.name()));
    }
}
