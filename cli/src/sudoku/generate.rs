//! `dlxkit sudoku generate`: puzzles with a unique solution, reproducible from a seed, of any
//! size, variant, symmetry, number of givens and difficulty.
//!
//! Puzzle `k` of a run is made from the `k`-th number of a [`Rng`] seeded with `--seed`, so
//! the output depends only on the arguments (not on `--jobs`). A difficulty is reached with
//! the generator's `accept` hook: a removal of givens stands only if the puzzle stays within
//! the difficulty (rated by its explanation, as `rate` does); a puzzle that ends easier than asked is
//! made again from the next seed of its own stream, up to [`ATTEMPTS`] times.

use std::time::{SystemTime, UNIX_EPOCH};

use clap::{Args, ValueEnum};
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::{Level, Rating};
use dlxkit::sudoku::generate::{
    generate_with, GenerateError, GenerateOptions, Generated, Symmetry,
};
use dlxkit::sudoku::parse::{to_line, to_pretty};
use dlxkit::sudoku::solvers::Limits;
use dlxkit::sudoku::{Shape, MAX_SIZE};
use serde::Serialize;

use super::super::output::Output;
use super::super::search::parse_positive;
use super::super::{CliError, Context, Exit};
use super::batch::{Batch, BatchArgs};
use super::rate::{rating_text, Difficulty};
use super::solve::SolveFormat;
use super::{grid_error, GridArgs};

/// Attempts at each puzzle of a `--difficulty` before giving up on the difficulty.
pub const ATTEMPTS: u32 = 100;

const EXAMPLES: &str = "\
Examples:
  dlxkit sudoku generate --seed 1                       one 9x9 puzzle
  dlxkit sudoku generate --seed 1 --count 10 --difficulty hard
  dlxkit sudoku generate --size 6 --count 3             6x6, 2x3 boxes
  dlxkit sudoku generate --variant x --givens 24        Sudoku-X, 24 givens if possible
  dlxkit sudoku generate --count 100 | dlxkit sudoku count    every count is 1

Each puzzle has exactly one solution (checked by a complete DLX count). The generator fills
a random grid, then removes givens (with their symmetric partners) while the solution stays
unique, down to --givens or until no more can go. The same arguments give the same puzzles,
whatever --jobs.

Difficulty, the level of `dlxkit sudoku rate` (its --help has the scale): easy (naked
singles), medium (hidden singles), hard (locked candidates, pairs, naked triples, X-wing,
swordfish), fiendish (hidden triples, wings, unique rectangles, quads, jellyfish),
diabolical (X-chains, XY-chains), expert (guessing). A removal that would make the puzzle
harder than asked is undone; a puzzle that ends easier than asked is made again from
another seed, up to 100 times.

Output: `line` prints one puzzle per line; `grid` prints each as a block after a
`# puzzle N (seed S): G givens, DIFFICULTY` comment; `jsonl` prints one object per puzzle:
\"index\", \"seed\" (for the library's `generate`), \"puzzle\", \"solution\", \"givens\",
\"difficulty\", \"score\", \"hardest\", \"guesses\" and \"target_reached\".

Exit status: 0 if every puzzle met the targets (--givens, --difficulty), 1 if some did
not (they are printed, with a warning), 2 for bad usage, 130 if interrupted by Ctrl-C.";

/// `--symmetry`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SymmetryName {
    /// Each cell alone.
    None,
    /// A cell and its image under a half turn.
    #[default]
    Rotational,
    /// A cell and its mirror image across the middle column.
    Mirror,
}

/// Arguments of `dlxkit sudoku generate`.
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
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,

    /// The difficulty, rated by the strategies a person needs
    #[arg(short, long, value_enum, value_name = "LEVEL")]
    pub difficulty: Option<Difficulty>,

    /// Output format
    #[arg(short, long, value_enum, default_value = "line", value_name = "FORMAT")]
    pub format: SolveFormat,

    /// Node limit of each uniqueness check [default: none up to 9x9, 100000 above]
    ///
    /// A check cut short counts as "not unique", so the limit costs removals (more givens
    /// are left), never correctness. Large grids need one.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub max_nodes: Option<u64>,

    /// Make N puzzles at once, on N threads (0: one per core)
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
}

/// A generated puzzle, rated, and whether it met the targets.
pub struct Made {
    /// The puzzle, its solution and its seed.
    pub generated: Generated,
    /// Its rating by the strategies solver.
    pub rating: Rating,
    /// Whether it met the targets (givens, difficulty).
    pub reached: bool,
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
}

/// Runs `dlxkit sudoku generate`.
pub fn run(args: &GenerateArgs, ctx: &Context) -> Result<Exit, CliError> {
    let shape = shape(args)?;
    let variant = args.grid.variant()?;
    variant.layout(shape).map_err(|e| grid_error(&e))?;
    let mut options = GenerateOptions::new(shape)
        .variant(variant)
        .symmetry(match args.symmetry {
            SymmetryName::None => Symmetry::None,
            SymmetryName::Rotational => Symmetry::Rotational,
            SymmetryName::Mirror => Symmetry::Mirror,
        });
    options.target_givens = args.givens;
    options.node_limit = args.max_nodes.or(default_node_limit(shape));
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut stream = Rng::new(seed);
    let seeds: Vec<u64> = (0..args.count).map(|_| stream.next_u64()).collect();

    let batch_args = BatchArgs {
        max_nodes: None,
        timeout: None,
        jobs: args.jobs,
    };
    let batch = Batch::new(&batch_args, seeds.len(), "puzzles", ctx)?;
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let (mut givens, mut missed) = (0, 0);
    let mut levels = [0u64; Level::ALL.len()];
    let done = batch.run(
        &mut out,
        &seeds,
        Rater::new,
        |solver, &seed| {
            let made = make(
                &options,
                args.difficulty,
                seed,
                solver,
                &Limits::new(),
                &|| batch.cancelled(),
            );
            (!batch.cancelled()).then_some(made)
        },
        |out, i, made| {
            let made = made.map_err(|e| CliError::input(e.to_string()))?;
            givens += made.generated.givens;
            missed += u64::from(!made.reached);
            if let Some(level) = made.rating.level {
                levels[level as usize] += 1;
            }
            print(out, args.format, i, &made)
        },
    )?;
    out.flush()?;

    if missed > 0 {
        let what = match (args.givens, args.difficulty) {
            (Some(n), Some(d)) => format!("--givens {n} or --difficulty {}", d.level()),
            (Some(n), None) => format!("--givens {n}"),
            (None, Some(d)) => format!("--difficulty {}", d.level()),
            (None, None) => "the targets".to_string(),
        };
        ctx.warn(format_args!(
            "{missed} of {done} puzzles did not reach {what}: no such puzzle was found from their seeds"
        ));
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

/// The node limit of each uniqueness check when none is given: none up to 9x9, where a
/// complete check is quick, and 100,000 above, where one check could run for minutes.
pub fn default_node_limit(shape: Shape) -> Option<u64> {
    (shape.size() > 9).then_some(100_000)
}

/// A seed from the clock, for runs without `--seed`.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Makes the puzzle of `seed`: at the `difficulty` if one is asked for (trying further seeds
/// of the stream `seed` starts), else the plain generator's puzzle. Each rating runs within
/// `rate_limits` (a rating cut short counts as too hard). `stop` says to give up.
pub fn make(
    options: &GenerateOptions,
    difficulty: Option<Difficulty>,
    seed: u64,
    solver: &mut Rater,
    rate_limits: &Limits,
    stop: &dyn Fn() -> bool,
) -> Result<Made, GenerateError> {
    let mut stream = Rng::new(seed);
    let mut best: Option<Made> = None;
    for attempt in 0..ATTEMPTS {
        let seed = if attempt == 0 {
            seed
        } else {
            stream.next_u64()
        };
        let generated = generate_with(options, seed, |puzzle| {
            if stop() {
                return false;
            }
            match difficulty {
                None | Some(Difficulty::Expert) => true,
                Some(d) => solver
                    .rate(puzzle, None, rate_limits)
                    .level
                    .is_some_and(|l| l <= d.level()),
            }
        })?;
        let rating = solver.rate(&generated.puzzle, None, rate_limits);
        let level = rating.level;
        let made = Made {
            reached: generated.target_reached
                && difficulty.is_none_or(|d| level == Some(d.level())),
            generated,
            rating,
        };
        if made.reached || difficulty.is_none() || stop() {
            return Ok(made);
        }
        // Keep the hardest miss (within the difficulty, as the hook ensures).
        if best.as_ref().is_none_or(|b| b.rating.level < level) {
            best = Some(made);
        }
    }
    Ok(best.expect("at least one attempt"))
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
            out.line(&format!(
                "# puzzle {} (seed {}): {} givens, {}",
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
        })?,
    }
    out.end_record()
}
