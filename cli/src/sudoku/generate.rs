//! `dlxkit sudoku generate`: puzzles with a unique solution, reproducible from a seed, of any
//! size (to 64x64 and beyond), variant, symmetry, number of givens and difficulty.
//!
//! Puzzle `k` of a run is made from the `k`-th number of a [`Rng`] seeded with `--seed`, so
//! the output depends only on the arguments (not on `--jobs`; `--timeout` excepted, when it
//! strikes). A difficulty is reached with the generator's `accept` hook: a removal of givens
//! stands only if the puzzle stays within the difficulty (rated by its explanation, in [`rate`],
//! the one place that calls the rating); a puzzle that ends easier than asked is made again from the next
//! seed of its own stream, up to [`ATTEMPTS`] times or until `--timeout`.

use std::ops::ControlFlow;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::{Args, ValueEnum};
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::{Level, Rating, Score, Strategy};
use dlxkit::sudoku::generate::{
    default_node_limit, generate_aimed, thin_out, Checks, Fill, GenerateError, GenerateOptions,
    Generated, Symmetry,
};
use dlxkit::sudoku::parse::{to_line, to_pretty};
use dlxkit::sudoku::solvers::Limits;
use dlxkit::sudoku::{Grid, Shape, MAX_SIZE};
use serde::Serialize;

use super::super::output::{self, Output};
use super::super::search::parse_seconds;
use super::super::{CliError, Context, Exit};
use super::batch::{Batch, BatchArgs};
use super::needs::{aim, repair, within, Within};
use super::needs_bank::{self, Turn};
use super::one_digit;
use super::rate::{rating_text, Difficulty};
use super::solve::SolveFormat;
use super::{grid_error, GridArgs};

/// Attempts at each puzzle of a `--difficulty` before giving up on the difficulty.
pub const ATTEMPTS: u32 = 100;

/// Attempts at each puzzle of a `--needs` before giving up: a technique is the hardest step
/// of few minimal puzzles, and an attempt at a 9x9 puzzle takes about 2 ms of CPU (8,000
/// attempts about 15 s).
pub const NEEDS_ATTEMPTS: u32 = 8000;

/// Puzzles per thread in one chunk of a run: enough that the threads rarely wait for each
/// other at the end of a chunk, few enough that memory stays small whatever `--count`.
const CHUNK_PER_THREAD: usize = 64;

const EXAMPLES: &str = "\
Examples:
  dlxkit sudoku generate --seed 1                       one 9x9 puzzle
  dlxkit sudoku generate --seed 1 --count 10 --difficulty hard
  dlxkit sudoku generate --seed 1 --needs skyscraper   its hardest step a skyscraper
  dlxkit sudoku generate --seed 1 --se 4.0..4.5        rated 4.0 to 4.5 on SE's scale
  dlxkit sudoku generate --size 6 --count 3             6x6, 2x3 boxes
  dlxkit sudoku generate --size 64 --seed 1             64x64 (boxes of 8x8)
  dlxkit sudoku generate --variant x --givens 24        Sudoku-X, 24 givens if possible
  dlxkit sudoku generate --symmetry 90 --seed 3         givens unchanged by a quarter turn
  dlxkit sudoku generate --count 100 | dlxkit sudoku count    every count is 1

Each puzzle has exactly one solution (every removal of givens is proved to keep it unique).
The generator makes a complete grid, then removes givens (with their symmetric images)
while the solution stays unique, down to --givens or until no more can go.

The complete grid is found by a search up to 25x25; larger standard grids come from a
pattern, relabelled and shuffled (rows within bands, bands, columns within stacks, stacks,
and a transposition). A removal is proved unique by logic (the cells removed are singles
for the givens left, or each of their other digits leads to a contradiction by singles),
else by a DLX search of at most --max-nodes nodes: a search cut short keeps the givens, so
large grids finish (with more givens) and every puzzle stays unique. Standard puzzles are
generated at every size; Sudoku-X, windoku and jigsaw puzzles up to 25x25 (their grids
need the search).

Symmetries: none; rotational (a half turn); rotational90 or 90 (quarter turns, square boxes
only); mirror (left-right); diagonal (across the main diagonal).

Difficulty, the level of `dlxkit sudoku rate` (its --help has the scale): easy (naked
singles), medium (hidden singles), hard (locked candidates, pairs, naked triples, X-wing,
swordfish), fiendish (hidden triples, wings, unique rectangles, quads, jellyfish),
diabolical (X-chains, XY-chains), expert (guessing). A removal that would make the puzzle
harder than asked is undone; a puzzle that ends easier than asked is made again from
another seed, up to 100 times or until --timeout, and then the hardest one found is
printed with a warning.

--se MIN..MAX asks for a rating (`dlxkit sudoku rate`'s score, on Sudoku Explainer's scale)
from MIN to MAX, both included, without a guess: removals that would rate above MAX are
undone, and a puzzle rated below MIN is made again, as for --difficulty. Generation rates
up to dynamic forcing chains+ (9.0 and a little more), so higher ranges are out of reach.

The same arguments give the same puzzles, whatever --jobs, unless --timeout cuts the work
short (then the result depends on the machine's speed).

Output: `line` prints one puzzle per line; `grid` prints each as a block after a
`# puzzle N (seed S): G givens, DIFFICULTY` comment; `jsonl` prints one object per puzzle:
\"index\", \"seed\" (for the library's `generate`), \"puzzle\", \"solution\", \"givens\",
\"difficulty\", \"score\", \"hardest\", \"guesses\", \"target_reached\", \"timed_out\" (--timeout
cut the work short) and \"elapsed_ms\". A puzzle that missed its target says so in its
`grid` comment and in \"target_reached\"; `line` keeps one puzzle a line (the warning and
the exit status tell).

Exit status: 0 if every puzzle met the targets (--givens, --difficulty, removal finished
within --timeout), 1 if some did not (they are printed, with a warning), 2 for bad usage,
130 if interrupted by Ctrl-C.";

/// `--symmetry`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SymmetryName {
    /// Each cell alone.
    None,
    /// A cell and its image under a half turn.
    #[default]
    #[value(alias = "180")]
    Rotational,
    /// A cell and its images under quarter turns (square boxes only).
    #[value(alias = "90")]
    Rotational90,
    /// A cell and its mirror image across the middle column.
    Mirror,
    /// A cell and its mirror image across the main diagonal.
    Diagonal,
}

impl SymmetryName {
    fn library(self) -> Symmetry {
        match self {
            SymmetryName::None => Symmetry::None,
            SymmetryName::Rotational => Symmetry::Rotational,
            SymmetryName::Rotational90 => Symmetry::Rotational90,
            SymmetryName::Mirror => Symmetry::Mirror,
            SymmetryName::Diagonal => Symmetry::Diagonal,
        }
    }
}

// Arguments of `dlxkit sudoku generate`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct GenerateArgs {
    /// The side of the grid [default: 9, or the side of --box]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_SIZE as i64))]
    pub size: Option<u16>,

    #[command(flatten)]
    pub grid: GridArgs,

    /// The seed [default: from the clock; the summary shows it]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// How many puzzles
    #[arg(short, long, value_name = "K", default_value_t = 1)]
    pub count: usize,

    /// Which givens are removed together
    #[arg(long, value_enum, default_value_t, value_name = "SYMMETRY")]
    pub symmetry: SymmetryName,

    /// Stop removing givens at N [default: remove all that can go]
    ///
    /// At most the number of cells (81 for 9x9); N equal to it removes nothing.
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,

    /// The difficulty, rated by the strategies a person needs
    #[arg(
        short,
        long,
        value_enum,
        value_name = "LEVEL",
        conflicts_with_all = ["needs", "se"]
    )]
    pub difficulty: Option<Difficulty>,

    /// A puzzle whose hardest step is this technique (its name as `explain` writes it:
    /// "X-wing", "skyscraper", "XY-chain"...)
    ///
    /// Every removal of givens keeps the puzzle solvable by this technique and the simpler
    /// ones, without a guess; a puzzle that ends without needing it is made again from the
    /// next seed of its stream (as for --difficulty), up to 8,000 times. Attempts at a naked
    /// or hidden quad, a jellyfish, a unique rectangle of type 3 or a unique loop of type 2
    /// or 3 first empty what the technique needs room in (a unit, a digit's cells, a
    /// deadly rectangle and its line, a deadly loop of six cells). Aligned pair exclusion,
    /// which the random removal almost never makes the hardest step, starts from a bank of
    /// three puzzles (data/sudoku/needs_aligned_pair_exclusion.txt): one chosen by the seed,
    /// moved by a random symmetry of the grid (digits, rows, columns, bands, stacks,
    /// transposition), given a few more givens and thinned out again (9x9 standard, without
    /// --givens; otherwise it is made as the others are). The hidden quad, BUG type 3 and
    /// the unique loops of types 3 and 4 start from banks the same way (3, 16, 2 and 30
    /// puzzles: data/sudoku/needs_hidden_quad.txt, needs_bug_type_3.txt,
    /// needs_unique_loop_type_3.txt, needs_unique_loop_type_4.txt), most of them found among
    /// the generator's puzzles under the half turn, which their images keep: so their
    /// puzzles are images of a few bank puzzles with givens added and taken away, not the
    /// generator's own. BUG type 4 starts from a bank of 31 puzzles found among 900,000
    /// random ones (data/sudoku/needs_bug_type_4.txt). The naked quad, the jellyfish and 4
    /// strong links, which the attempts reach for most seeds, take a puzzle from a bank of
    /// the generator's (needs_naked_quad.txt, needs_jellyfish.txt, needs_4_strong_links.txt)
    /// only when all 8,000 attempts of a seed miss. "X-chain", "simple colouring" and
    /// "multi-colouring" ask for the family of one-digit chains of three strong links or
    /// more, as players mean the names: no puzzle has those rungs themselves as its hardest
    /// step (the X-chain rung starts at five links; a colouring step is valued as the chain
    /// it stands for, which an earlier rung of that value takes). Their puzzles' hardest
    /// step is "3 strong links", "4 strong links" or "X-chain" (printed as such), the ladder
    /// without the one-digit chain rungs gets stuck or needs something harder, and for the
    /// colourings the simple colouring finder (or only the multi-colouring one) also makes
    /// the chain's eliminations. They start from banks of 24 Sudoku Exchange puzzles each
    /// (needs_x_chain.txt, needs_simple_colouring.txt, needs_multi_colouring.txt).
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique, conflicts_with = "se")]
    pub needs: Option<Strategy>,

    /// A puzzle rated from MIN to MAX on Sudoku Explainer's scale (`4.0..4.5`; 1.0 to
    /// 11.9, tenths at most), without a guess
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_se_range)]
    pub se: Option<SeRange>,

    /// Output format
    #[arg(short, long, value_enum, default_value = "line", value_name = "FORMAT")]
    pub format: SolveFormat,

    /// Node limit of each uniqueness search [default: none up to 9x9, then 100000 to
    /// 16x16, 2000 to 25x25, 0 above]
    ///
    /// A search cut short counts as "not unique", so the limit costs removals (more givens
    /// are left), never correctness. 0 (or any limit below the number of blank cells) runs
    /// no search: logic alone proves removals. Large grids need a small limit.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Time limit per puzzle, in seconds
    ///
    /// When it passes, the removal of givens stops and no further attempt is made at the
    /// --difficulty: the best puzzle so far is printed (unique all the same), with a
    /// warning. Decimals are allowed (`0.5`).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Make N puzzles at once, on N threads (0: one per core)
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
}

/// Reads a technique's name (case does not matter); the guess is not one.
fn parse_technique(name: &str) -> Result<Strategy, String> {
    Strategy::ALL
        .into_iter()
        .filter(|&s| s != Strategy::Guess)
        .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = Strategy::ALL[..Strategy::ALL.len() - 1]
                .iter()
                .map(|s| s.name())
                .collect();
            format!(
                "no technique is named {name:?}; the techniques: {}",
                names.join(", ")
            )
        })
}

/// The ratings `--se` asks for, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeRange {
    /// The lowest rating.
    pub min: Score,
    /// The highest rating.
    pub max: Score,
}

/// Reads `--se MIN..MAX`: two ratings from 1.0 to 11.9 in tenths, MIN at most MAX.
fn parse_se_range(text: &str) -> Result<SeRange, String> {
    let (min, max) = text
        .split_once("..")
        .ok_or_else(|| format!("{text:?} is not a range MIN..MAX (such as 4.0..4.5)"))?;
    let rating = |word: &str| -> Result<Score, String> {
        let word = word.trim();
        let value: f64 = word
            .parse()
            .map_err(|_| format!("{word:?} in {text:?} is not a rating (such as 4.5)"))?;
        let tenths = (value * 10.0).round();
        if !(10.0..=119.0).contains(&tenths) || (value * 10.0 - tenths).abs() > 1e-6 {
            return Err(format!(
                "{word} in {text:?} is not a rating from 1.0 to 11.9 in tenths"
            ));
        }
        Ok(Score::from_tenths(tenths as u16))
    };
    let (min, max) = (rating(min)?, rating(max)?);
    if min > max {
        return Err(format!("the range {min}..{max} is empty: MIN is above MAX"));
    }
    Ok(SeRange { min, max })
}

/// What a generated puzzle must be: of a level, needing a technique, rated within a range
/// (or anything).
#[derive(Clone, Copy, Debug, Default)]
pub struct Target {
    /// The level of its rating.
    pub difficulty: Option<Difficulty>,
    /// The technique of its hardest step.
    pub needs: Option<Strategy>,
    /// The range of its rating (`--se`).
    pub se: Option<SeRange>,
}

impl Target {
    /// Whether a removal of givens may stand: the puzzle stays within the target.
    fn allows(self, rating: &Rating) -> bool {
        if let Some(range) = self.se {
            return rating.level.is_some()
                && rating.guesses() == 0
                && !rating.lower_bound
                && rating.score <= range.max;
        }
        match (self.difficulty, self.needs) {
            (_, Some(t)) => {
                rating.level.is_some()
                    && rating.guesses() == 0
                    && !rating.lower_bound
                    && rating.counts.iter().all(|&(s, _)| s <= t)
            }
            (None | Some(Difficulty::Expert), None) => true,
            // A rating cut short by the effort budget is only a lower bound.
            (Some(d), None) => !rating.lower_bound && rating.level.is_some_and(|l| l <= d.level()),
        }
    }

    /// Whether a finished puzzle (rated `rating`) meets the target. Needing a technique is
    /// more than its being the hardest step, which only the puzzle's explanation shows
    /// ([`within`]): the X-chain and the colourings ask for a family of rungs
    /// ([`one_digit::asks_family`]), and SE's order may take the technique where a rung
    /// below it would serve as well.
    fn met(self, puzzle: &Grid, rating: &Rating) -> bool {
        let needs = |t: Strategy| {
            rating.hardest.is_some_and(|h| one_digit::counts_as(t, h))
                && within(puzzle, t) == Within::Needs
        };
        (!rating.lower_bound || !self.is_some())
            && self
                .difficulty
                .is_none_or(|d| rating.level == Some(d.level()))
            && self.needs.is_none_or(|t| needs(t) && rating.guesses() == 0)
            && self.se.is_none_or(|r| {
                rating.level.is_some()
                    && rating.guesses() == 0
                    && (r.min..=r.max).contains(&rating.score)
            })
    }

    fn is_some(self) -> bool {
        self.difficulty.is_some() || self.needs.is_some() || self.se.is_some()
    }
}

/// A generated puzzle, rated, and whether it met the targets.
pub struct Made {
    /// The puzzle, its solution and its seed.
    pub generated: Generated,
    /// Its rating by its explanation.
    pub rating: Rating,
    /// Whether it met the targets (givens, difficulty, the removal finished in time).
    pub reached: bool,
    /// Whether the time limit struck.
    pub timed_out: bool,
    /// The time it took.
    pub elapsed: Duration,
}

/// One line of `--format jsonl`.
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    seed: u64,
    puzzle: String,
    solution: String,
    givens: usize,
    difficulty: Option<&'a str>,
    score: Option<f64>,
    hardest: Option<&'a str>,
    guesses: u32,
    target_reached: bool,
    timed_out: bool,
    elapsed_ms: f64,
}

/// Runs `dlxkit sudoku generate`.
pub fn run(args: &GenerateArgs, ctx: &Context) -> Result<Exit, CliError> {
    let shape = shape(args)?;
    let mut options = GenerateOptions::new(shape)
        .variant(args.grid.variant()?)
        .symmetry(args.symmetry.library());
    let cells = shape.cells();
    if let Some(n) = args.givens.filter(|&n| n > cells) {
        return Err(CliError::usage(format!(
            "--givens {n} is more than the {cells} cells of a {side}x{side} grid",
            side = shape.size()
        )));
    }
    options.target_givens = args.givens;
    options.node_limit = args.max_nodes.or(default_node_limit(shape.size()));
    let layout = options.layout().map_err(|e| match e {
        GenerateError::Grid(e) => grid_error(&e),
        other => CliError::usage(other.to_string()),
    })?;
    if args.needs == Some(Strategy::DirectClaiming)
        && layout.is_standard()
        && (shape.box_rows(), shape.box_cols()) == (3, 3)
    {
        // A line's digit confined to box B leaves row (column) T of B one place, outside
        // B, say in box C; the third box D of the band then has the digit on the third row
        // only (or placed, or at one place), and pointing it out leaves C one place.
        return Err(CliError::usage(
            "--needs direct claiming: no puzzle with 3x3 boxes needs it, since wherever a \
             direct claiming makes a hidden single, a direct pointing or a hidden single comes \
             first (in the other box of the band)"
                .to_string(),
        ));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut stream = Rng::new(seed);

    let batch_args = BatchArgs {
        max_nodes: None,
        timeout: None,
        jobs: args.jobs,
    };
    let batch = Batch::new(&batch_args, args.count, "puzzles", ctx)?;
    // The puzzles are made a chunk at a time, their seeds drawn as the chunk starts: memory
    // does not grow with --count, and the first puzzles print while the rest are made.
    let chunk = (batch.threads() * CHUNK_PER_THREAD).min(args.count.max(1));
    let mut seeds: Vec<(usize, u64)> = Vec::with_capacity(chunk);
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let (mut givens, mut missed, mut timed_out) = (0, 0, 0);
    // Why puzzles missed: a level other than --difficulty, more givens than --givens, a
    // removal of givens cut short by --timeout (the puzzle keeps givens it could lose).
    let (mut off_level, mut over_givens, mut cut_short) = (0u64, 0u64, 0u64);
    let mut levels = [0u64; Level::ALL.len()];
    let mut done = 0;
    while done < args.count && !batch.cancelled() {
        seeds.clear();
        let first = done;
        let size = chunk.min(args.count - done);
        seeds.extend((first..first + size).map(|i| (i, stream.next_u64())));
        let made_now = batch.run(
            &mut out,
            &seeds,
            // Nested forcing chains can take seconds a step: generation guesses past them.
            || {
                Rater::new()
                    .up_to(Strategy::DynamicForcingChainPlus)
                    .als(args.needs.is_some_and(Strategy::is_als))
            },
            |solver, &(index, seed)| {
                let deadline = args.timeout.and_then(|t| Instant::now().checked_add(t));
                let stop = || batch.cancelled() || deadline.is_some_and(|d| Instant::now() >= d);
                // The ratings of --difficulty stop at the time limit and at Ctrl-C too.
                let rate_limits = Limits {
                    deadline,
                    ..batch.limits(None)
                };
                let show = |tried: usize, cells: usize, left: usize| {
                    batch.progress_message(format!(
                        "puzzle {}: {tried}/{cells} cells tried, {left} givens",
                        index + 1
                    ));
                };
                let made = make(
                    &options,
                    Target {
                        difficulty: args.difficulty,
                        needs: args.needs,
                        se: args.se,
                    },
                    seed,
                    solver,
                    &rate_limits,
                    &stop,
                    &show,
                );
                (!batch.cancelled()).then_some(made)
            },
            |out, i, made| {
                let made = made.map_err(|e| CliError::input(e.to_string()))?;
                givens += made.generated.givens;
                missed += u64::from(!made.reached);
                timed_out += u64::from(made.timed_out);
                let target = Target {
                    difficulty: args.difficulty,
                    needs: args.needs,
                    se: args.se,
                };
                off_level += u64::from(
                    target.is_some() && !target.met(&made.generated.puzzle, &made.rating),
                );
                over_givens += u64::from(!made.generated.target_reached);
                cut_short += u64::from(made.generated.stopped);
                if let Some(level) = made.rating.level {
                    levels[level as usize] += 1;
                }
                print(out, args.format, first + i, &made)
            },
        )?;
        done += made_now;
        if made_now < size {
            break; // interrupted: what follows is dropped
        }
    }
    out.flush()?;

    if missed > 0 {
        let why = match (timed_out, args.timeout) {
            (0, _) | (_, None) => "no such puzzle was found from their seeds".to_string(),
            (k, Some(t)) => format!(
                "{k} of them ran out of time (--timeout {})",
                output::human_duration(t)
            ),
        };
        let mut misses: Vec<(u64, String)> = Vec::new();
        if let Some(d) = args.difficulty {
            misses.push((off_level, format!("--difficulty {}", d.level())));
        }
        if let Some(t) = args.needs {
            misses.push((off_level, format!("--needs {}", t.name())));
        }
        if let Some(r) = args.se {
            misses.push((off_level, format!("--se {}..{}", r.min, r.max)));
        }
        if let Some(n) = args.givens {
            misses.push((over_givens, format!("--givens {n}")));
        }
        for (k, what) in misses.into_iter().filter(|(k, _)| *k > 0) {
            ctx.warn(format_args!(
                "{k} of {done} puzzles did not reach {what}: {why}; each printed puzzle is the \
                 closest found, unique all the same"
            ));
        }
        if cut_short > 0 {
            ctx.warn(format_args!(
                "{cut_short} of {done} puzzles ran out of time before the removal of givens \
                 finished: they keep givens they could lose, and are unique all the same"
            ));
        }
    }
    let average = givens as f64 / done.max(1) as f64;
    let counts: Vec<String> = Level::ALL
        .iter()
        .map(|&l| format!("{} {}", levels[l as usize], l.name()))
        .collect();
    let extra = [
        ("seed", seed.to_string()),
        ("givens", format!("{average:.1} on average")),
    ];
    batch.summary("puzzles", done, &counts.join(", "), &extra, false);
    Ok(batch.exit(done, missed))
}

/// The box shape from `--size` and `--box`.
fn shape(args: &GenerateArgs) -> Result<Shape, CliError> {
    match (args.size.map(usize::from), args.grid.shape) {
        (Some(n), Some(s)) if s.size() != n => Err(CliError::usage(format!(
            "--box {s} makes a side of {}, not --size {n}",
            s.size()
        ))),
        (_, Some(s)) => Ok(s),
        (n, None) => Shape::for_size(n.unwrap_or(9)).map_err(|e| CliError::usage(e.to_string())),
    }
}

/// A seed from the clock, for runs without `--seed`.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The rating of a candidate puzzle and its difficulty, for `--difficulty` (the puzzle
/// finally made is rated with its solution, by `Rater::rate_solved`).
fn rate(solver: &mut Rater, puzzle: &Grid, limits: &Limits) -> (Rating, Option<Level>) {
    let rating = solver.rate(puzzle, None, limits);
    let level = rating.level;
    (rating, level)
}

/// Cells between two progress messages of one puzzle.
const PROGRESS_EVERY: usize = 64;

/// Makes the puzzle of `seed`: at the `difficulty` if one is asked for (trying further seeds
/// of the stream `seed` starts), else the plain generator's puzzle. Each rating runs within
/// `rate_limits` (a rating cut short counts as too hard). `stop` says to give up (Ctrl-C
/// or the time limit); `show` reports the removal's progress.
pub fn make(
    options: &GenerateOptions,
    target: Target,
    seed: u64,
    solver: &mut Rater,
    rate_limits: &Limits,
    stop: &dyn Fn() -> bool,
    show: &dyn Fn(usize, usize, usize),
) -> Result<Made, GenerateError> {
    let start = Instant::now();
    let mut stream = Rng::new(seed);
    let mut best: Option<Made> = None;
    // A technique with a bank of starting puzzles starts there (needs_bank.rs).
    let bank = Bank {
        target: &target,
        options,
        seed,
        rate_limits,
        stop,
        start,
    };
    if let Some(made) = bank.made(Turn::First, solver)? {
        return Ok(made);
    }
    let attempts = if target.needs.is_some() {
        NEEDS_ATTEMPTS
    } else {
        ATTEMPTS
    };
    for attempt in 0..attempts {
        let seed = if attempt == 0 {
            seed
        } else {
            stream.next_u64()
        };
        // Aiming at a technique: once a removal makes the puzzle need it, a later removal
        // stands only if the puzzle still needs it. Without this, the removals that follow
        // mostly change the path so that the technique is no longer its hardest step.
        let mut needed = false;
        // Puzzles of this attempt that use the technique behind a harder step, to steer
        // towards it if the attempt misses (`steer`).
        let mut near: Vec<Grid> = Vec::new();
        let accept = |puzzle: &Grid| {
            let free = target.needs.is_none()
                && target.se.is_none()
                && matches!(target.difficulty, None | Some(Difficulty::Expert));
            if free {
                return true;
            }
            if let Some(t) = target.needs {
                return match within(puzzle, t) {
                    Within::Needs => {
                        needed = true;
                        true
                    }
                    Within::Easier => !needed,
                    Within::Uses => {
                        if near.len() == NEAR_KEPT {
                            near.remove(0);
                        }
                        near.push(puzzle.clone());
                        false
                    }
                    Within::Beyond => false,
                };
            }
            let rating = rate(solver, puzzle, rate_limits).0;
            if !target.allows(&rating) {
                if let Some(t) = target.needs {
                    if rating.count(t) > 0 && near.len() < NEAR_KEPT {
                        near.push(puzzle.clone());
                    }
                }
                return false;
            }
            let needs = target.needs.is_some_and(|t| rating.hardest == Some(t));
            if needed && !needs {
                return false;
            }
            needed |= needs;
            true
        };
        let observe = |p: &dlxkit::sudoku::generate::Progress| {
            if p.tried % PROGRESS_EVERY == 0 {
                show(p.tried, p.cells, p.givens);
            }
            if stop() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let aim = |solution: &Grid| match target.needs {
            Some(t) => aim(t, solution, &mut Rng::new(seed.rotate_left(32))),
            _ => Vec::new(),
        };
        let generated = generate_aimed(options, seed, aim, accept, observe)?;
        // The puzzle is unique and its solution known, so no search is needed to rate it:
        // only the explanation, which Ctrl-C stops (the time limit bounds the removal).
        let final_limits = Limits {
            deadline: None,
            ..rate_limits.clone()
        };
        let mut generated = generated;
        let mut rating =
            solver.rate_solved(&generated.puzzle, generated.solution.clone(), &final_limits);
        if let Some(t) = target
            .needs
            .filter(|_| !target.met(&generated.puzzle, &rating))
        {
            // The latest near misses first: they have the fewest givens.
            for (k, puzzle) in near.iter().rev().enumerate() {
                if stop() {
                    break;
                }
                let solution = &generated.solution;
                let mut rng = Rng::new(generated.seed ^ (k as u64 + 1).rotate_left(40));
                let Some(q) = repair(puzzle, solution, t, options.symmetry, &mut rng, stop) else {
                    continue;
                };
                let p = thin_out(options, &q, solution, rng.next_u64(), |p| {
                    !stop() && within(p, t) == Within::Needs
                })?;
                let r = solver.rate_solved(&p, solution.clone(), &final_limits);
                if target.met(&p, &r) {
                    generated.givens = p.givens();
                    generated.puzzle = p;
                    rating = r;
                    break;
                }
            }
        }
        let out_of_time = stop();
        let met = target.met(&generated.puzzle, &rating);
        let made = Made {
            reached: generated.target_reached && !generated.stopped && met,
            timed_out: generated.stopped || (out_of_time && target.is_some() && !met),
            generated,
            rating,
            elapsed: start.elapsed(),
        };
        if made.reached || !target.is_some() || out_of_time {
            return Ok(keep_harder(best, made));
        }
        // Keep the hardest miss (within the difficulty, as the hook ensures).
        best = Some(keep_harder(best, made));
    }
    // Every attempt missed: a technique with a fallback bank takes a puzzle from it.
    if let Some(made) = bank.made(Turn::Last, solver)? {
        return Ok(made);
    }
    Ok(best.expect("at least one attempt"))
}

/// What [`make`] asks of a technique's bank ([`needs_bank::start`]).
struct Bank<'a> {
    target: &'a Target,
    options: &'a GenerateOptions,
    seed: u64,
    rate_limits: &'a Limits,
    stop: &'a dyn Fn() -> bool,
    start: Instant,
}

impl Bank<'_> {
    /// A puzzle from the bank of the target's technique used at `turn`, rated, if it has
    /// one and the puzzle meets the target.
    fn made(&self, turn: Turn, solver: &mut Rater) -> Result<Option<Made>, GenerateError> {
        let Some(t) = self.target.needs else {
            return Ok(None);
        };
        let Some((puzzle, solution)) =
            needs_bank::start(t, turn, self.options, self.seed, self.stop)?
        else {
            return Ok(None);
        };
        let rating = solver.rate_solved(&puzzle, solution.clone(), self.rate_limits);
        if !self.target.met(&puzzle, &rating) {
            return Ok(None);
        }
        let generated = Generated {
            givens: puzzle.givens(),
            target_reached: true,
            puzzle,
            solution,
            stopped: false,
            fill: Fill::Search,
            checks: Checks::default(),
            seed: self.seed,
        };
        Ok(Some(Made {
            generated,
            rating,
            reached: true,
            timed_out: false,
            elapsed: self.start.elapsed(),
        }))
    }
}

/// Near misses kept an attempt at a `--needs` (the latest puzzles that use the technique
/// behind a harder step), each tried by [`repair`] if the attempt misses.
const NEAR_KEPT: usize = 4;

/// Of the best puzzle so far and a new one, the one to print: the new one if it met the
/// targets or is harder (within the difficulty, as the hook ensures), else the old one.
fn keep_harder(best: Option<Made>, new: Made) -> Made {
    match best {
        Some(mut b) if !new.reached && b.rating.level >= new.rating.level => {
            b.timed_out |= new.timed_out;
            b.elapsed = new.elapsed;
            b
        }
        _ => new,
    }
}

/// Prints one generated puzzle.
fn print(out: &mut Output, format: SolveFormat, i: usize, made: &Made) -> Result<(), CliError> {
    let g = &made.generated;
    let difficulty = made.rating.level.map(Level::name);
    match format {
        SolveFormat::Line => out.line(&to_line(&g.puzzle))?,
        SolveFormat::Grid => {
            if i > 0 {
                out.line("")?;
            }
            // A miss says so beside the puzzle, not only in the warning at the end.
            let missed = match (made.reached, made.timed_out) {
                (true, _) => "",
                (false, true) => " (target missed: cut short by --timeout)",
                (false, false) => " (target missed)",
            };
            out.line(&format!(
                "# puzzle {} (seed {}): {} givens, {}{missed}",
                i + 1,
                g.seed,
                g.givens,
                rating_text(&made.rating)
            ))?;
            out.write_str(&to_pretty(&g.puzzle))?;
        }
        SolveFormat::Jsonl => out.json_line(&Record {
            index: i + 1,
            seed: g.seed,
            puzzle: to_line(&g.puzzle),
            solution: to_line(&g.solution),
            givens: g.givens,
            difficulty,
            score: made.rating.level.map(|_| made.rating.score.value()),
            hardest: made.rating.hardest.map(|s| s.name()),
            guesses: made.rating.guesses(),
            target_reached: made.reached,
            timed_out: made.timed_out,
            elapsed_ms: output::millis(made.elapsed),
        })?,
    }
    out.end_record()
}
