//! The benchmark harness: what `dlxkit bench` and the criterion benches (`benches/`) share,
//! so that both measure the solvers in the same way. It never prints.
//!
//! A Sudoku benchmark goes:
//!
//! 1. load a puzzle file into a [`Sample`] (parsing and validation happen here, outside
//!    anything timed), perhaps keeping only its first puzzles ([`Sample::truncate`]);
//! 2. make a [`Workload`]: the puzzles in a seeded random order, each optionally replaced by a
//!    random equivalent puzzle ([`Permutation`]: relabelled digits, rows permuted within
//!    bands, bands, columns within stacks, stacks, and a transposition for square boxes);
//! 3. [`run_solver`] each solver over the workload with the same [`RunOptions`] (solution
//!    limit from the [`Mode`], a per-puzzle node limit, an overall time budget, a warm-up),
//!    collecting one [`Record`] per puzzle (its wall-clock time, assignments and guesses) and the
//!    CPU time of the whole timed loop ([`cpu::thread_time`]), which only the solves and
//!    the clock reads are inside: parsing came before, checking the solutions comes after;
//! 4. summarise ([`stats::summarize`], [`stats::ratio`] against a baseline, usually `dlx`),
//!    and let the command line write the raw records and draw the charts.
//!
//! [`engine`] times the generic exact cover engine on the puzzle encoders in the same spirit,
//! and [`memo`] the memoised search on tilings and Sudoku grids.
//!
//! ```
//! use dlxkit::bench::{run_solver, stats, RunOptions, Sample, Workload};
//! use dlxkit::sudoku::solvers::by_name;
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
//!             2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3\n";
//! let sample = Sample::from_text("pe96", text)?;
//! let workload = Workload::new(&sample, 7, true)?;
//! let mut dlx = by_name("dlx")?;
//! let run = run_solver(dlx.as_mut(), &workload, &RunOptions::default(), |_| {})?;
//! let summary = stats::summarize(&run);
//! assert_eq!((summary.puzzles, summary.solved), (2, 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::rng::Rng;
use crate::sudoku::parse::{self, ParseError, ParseOptions};
use crate::sudoku::solvers::{Answer, Limits, Status, SudokuSolver, UnknownSolver};
use crate::sudoku::{Grid, Shape};

pub mod cpu;
pub mod engine;
pub mod memo;
pub mod stats;

/// The per-puzzle node limit used when none is given: generous for every solver on 9x9
/// puzzles except `naive` on the hardest sets.
pub const DEFAULT_NODE_LIMIT: u64 = 10_000_000;

/// How many puzzles each solver solves, untimed, before the timed run.
pub const DEFAULT_WARMUP: usize = 5;

/// The node limit of a warm-up solve (warm-ups only load caches and code).
const WARMUP_NODE_LIMIT: u64 = 100_000;

/// What can go wrong in a benchmark.
///
/// ```
/// use dlxkit::bench::{BenchError, Sample};
/// let err = Sample::from_text("empty", "# nothing\n").unwrap_err();
/// assert!(matches!(err, BenchError::Empty { .. }));
/// assert_eq!(err.to_string(), "empty: no puzzle to benchmark");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BenchError {
    /// A file could not be read.
    #[error("cannot read `{}`: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A puzzle file could not be parsed (or a puzzle's givens conflict).
    #[error("{name}:{}", source)]
    Parse {
        /// The sample's name (the file name).
        name: String,
        /// The parse error, with its line.
        source: Box<ParseError>,
    },
    /// A sample with no puzzle.
    #[error("{name}: no puzzle to benchmark")]
    Empty {
        /// The sample's name.
        name: String,
    },
    /// A solver name the registry does not know.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownSolver),
    /// A solver that does not handle the puzzles' layout.
    #[error("solver `{solver}` does not handle {variant} puzzles")]
    Unsupported {
        /// The solver.
        solver: &'static str,
        /// The layout's variant name.
        variant: String,
    },
    /// Equivalent puzzles can only be made for standard layouts.
    #[error(
        "cannot permute a {variant} puzzle: only standard Sudoku layouts have these symmetries"
    )]
    NotStandard {
        /// The layout's variant name.
        variant: String,
    },
    /// A solver reported a grid that does not solve the puzzle (a bug in that solver).
    #[error("solver `{solver}` gave a wrong solution for puzzle {puzzle} (line {line})")]
    WrongSolution {
        /// The solver.
        solver: &'static str,
        /// The puzzle's index in its sample (from 0).
        puzzle: usize,
        /// The puzzle's line in its file.
        line: usize,
    },
    /// A results file or a directory could not be written.
    #[error("cannot write `{}`: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A chart could not be drawn.
    #[error("cannot draw `{}`: {message}", path.display())]
    Chart {
        /// The file.
        path: PathBuf,
        /// What the plotting library said.
        message: String,
    },
    /// An engine benchmark instance could not be built.
    #[error(transparent)]
    Puzzle(#[from] crate::puzzles::PuzzleError),
}

/// A set of puzzles to benchmark: a name (usually the file name) and the parsed puzzles,
/// with the line each starts on.
///
/// ```
/// use dlxkit::bench::Sample;
/// let mut s = Sample::from_text("two", "1...............\n................\n")?;
/// assert_eq!((s.name.as_str(), s.len(), s.lines[1]), ("two", 2, 2));
/// s.truncate(1);
/// assert_eq!(s.len(), 1);
/// # Ok::<(), dlxkit::bench::BenchError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sample {
    /// The sample's name.
    pub name: String,
    /// The puzzles, in file order.
    pub puzzles: Vec<Grid>,
    /// The line of the file where each puzzle starts (from 1).
    pub lines: Vec<usize>,
}

impl Sample {
    /// Parses every puzzle of a text (any format [`parse::parse_puzzles`] reads, box shape
    /// inferred); givens that conflict are an error. A text with no puzzle is an error too.
    ///
    /// ```
    /// use dlxkit::bench::Sample;
    /// assert!(Sample::from_text("bad", "11..............\n").is_err());
    /// assert_eq!(Sample::from_text("ok", "12..............\n")?.len(), 1);
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn from_text(name: &str, text: &str) -> Result<Sample, BenchError> {
        let puzzles = parse::parse_puzzles(text, &ParseOptions::default()).map_err(|source| {
            BenchError::Parse {
                name: name.to_string(),
                source: Box::new(source),
            }
        })?;
        if puzzles.is_empty() {
            return Err(BenchError::Empty {
                name: name.to_string(),
            });
        }
        Ok(Sample {
            name: name.to_string(),
            lines: puzzles.iter().map(|p| p.line).collect(),
            puzzles: puzzles.into_iter().map(|p| p.grid).collect(),
        })
    }

    /// Reads and parses a puzzle file; the sample is named after the file (without its
    /// directory).
    ///
    /// ```
    /// use dlxkit::bench::Sample;
    /// let s = Sample::load("data/sudoku/norvig_hardest11.txt".as_ref())?;
    /// assert_eq!((s.name.as_str(), s.len()), ("norvig_hardest11.txt", 11));
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn load(path: &Path) -> Result<Sample, BenchError> {
        let text = std::fs::read_to_string(path).map_err(|source| BenchError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        Sample::from_text(&name, &text)
    }

    /// Keeps the first `n` puzzles (all of them if there are fewer).
    ///
    /// ```
    /// use dlxkit::bench::Sample;
    /// let mut s = Sample::load("data/sudoku/pe96_easy50.txt".as_ref())?;
    /// s.truncate(20);
    /// assert_eq!(s.len(), 20);
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn truncate(&mut self, n: usize) {
        self.puzzles.truncate(n);
        self.lines.truncate(n);
    }

    /// The number of puzzles.
    ///
    /// ```
    /// # use dlxkit::bench::Sample;
    /// assert_eq!(Sample::from_text("s", "................\n")?.len(), 1);
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether the sample has no puzzle (only after [`Sample::truncate`] to 0).
    ///
    /// ```
    /// # use dlxkit::bench::Sample;
    /// let mut s = Sample::from_text("s", "................\n")?;
    /// s.truncate(0);
    /// assert!(s.is_empty());
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }
}

/// The indices `0..n` in a random order fixed by `seed` (Fisher–Yates with [`Rng`]).
///
/// ```
/// use dlxkit::bench::shuffled_order;
/// let order = shuffled_order(10, 42);
/// assert_eq!(order, shuffled_order(10, 42));
/// let mut sorted = order.clone();
/// sorted.sort();
/// assert_eq!(sorted, (0..10).collect::<Vec<_>>());
/// ```
pub fn shuffled_order(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    Rng::new(seed).shuffle(&mut order);
    order
}

/// A symmetry of standard Sudoku: maps every puzzle to an equivalent one, with as many
/// solutions, whose solutions are the images of the original's.
///
/// The image of grid `g` has, at row `r` and column `c`, the digit `digits[d]` where `d` is
/// the digit of `g` (transposed first if `transpose`) at row `rows[r]`, column `cols[c]`.
/// `rows` permutes the bands and the rows within each band, `cols` the stacks and the columns
/// within each stack; a transposition is only possible with square boxes.
///
/// ```
/// use dlxkit::bench::Permutation;
/// use dlxkit::rng::Rng;
/// use dlxkit::sudoku::{ops, parse};
/// let g = parse::parse_grid(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
///     &Default::default(),
/// )?;
/// let p = Permutation::random(g.shape(), &mut Rng::new(1));
/// let image = p.apply(&g)?;
/// assert_eq!(image.givens(), g.givens());
/// let solution = ops::solve(&g)?.unwrap();
/// assert_eq!(ops::solve(&image)?.unwrap(), p.apply(&solution)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Permutation {
    /// The new label of each digit (index 0, the blank, maps to 0).
    pub digits: Vec<u8>,
    /// The source row of each row of the image.
    pub rows: Vec<usize>,
    /// The source column of each column of the image.
    pub cols: Vec<usize>,
    /// Whether the grid is transposed before the rows and columns are permuted.
    pub transpose: bool,
}

impl Permutation {
    /// The identity of a shape.
    ///
    /// ```
    /// use dlxkit::bench::Permutation;
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(2, 3)?);
    /// g.set(0, 1, 5);
    /// assert_eq!(Permutation::identity(g.shape()).apply(&g)?, g);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn identity(shape: Shape) -> Permutation {
        let n = shape.size();
        Permutation {
            digits: (0..=n as u8).collect(),
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
        }
    }

    /// A random symmetry of the shape: digits relabelled, bands and rows within bands,
    /// stacks and columns within stacks shuffled, and (square boxes only) a transposition
    /// half the time.
    ///
    /// ```
    /// use dlxkit::bench::Permutation;
    /// use dlxkit::rng::Rng;
    /// use dlxkit::sudoku::Shape;
    /// let p = Permutation::random(Shape::new(2, 3)?, &mut Rng::new(3));
    /// assert!(!p.transpose); // 2x3 boxes are not square
    /// assert_eq!(p.digits[0], 0);
    /// # Ok::<(), dlxkit::sudoku::GridError>(())
    /// ```
    pub fn random(shape: Shape, rng: &mut Rng) -> Permutation {
        let n = shape.size();
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut labels);
        let mut digits = vec![0];
        digits.extend(labels);
        // Rows: box_cols bands of box_rows rows; columns: box_rows stacks of box_cols columns.
        let rows = Self::blocked(shape.box_rows(), n / shape.box_rows(), rng);
        let cols = Self::blocked(shape.box_cols(), n / shape.box_cols(), rng);
        let transpose = shape.box_rows() == shape.box_cols() && rng.below(2) == 1;
        Permutation {
            digits,
            rows,
            cols,
            transpose,
        }
    }

    /// A permutation of `block * blocks` lines that keeps each block of `block` consecutive
    /// lines together: the blocks are shuffled, and the lines within each block.
    fn blocked(block: usize, blocks: usize, rng: &mut Rng) -> Vec<usize> {
        let mut order: Vec<usize> = (0..blocks).collect();
        rng.shuffle(&mut order);
        let mut out = Vec::with_capacity(block * blocks);
        for b in order {
            let mut inner: Vec<usize> = (0..block).map(|k| b * block + k).collect();
            rng.shuffle(&mut inner);
            out.extend(inner);
        }
        out
    }

    /// The image of a grid (a puzzle or a solution) of the standard layout.
    ///
    /// ```
    /// use dlxkit::bench::{BenchError, Permutation};
    /// use dlxkit::sudoku::{Grid, Layout, Shape};
    /// let shape = Shape::new(2, 2)?;
    /// let x = Grid::blank(Layout::standard(shape).with_diagonals().into());
    /// let err = Permutation::identity(shape).apply(&x).unwrap_err();
    /// assert!(matches!(err, BenchError::NotStandard { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&self, grid: &Grid) -> Result<Grid, BenchError> {
        let layout = grid.layout();
        let n = grid.size();
        if !layout.is_standard()
            || self.rows.len() != n
            || self.cols.len() != n
            || self.digits.len() != n + 1
        {
            return Err(BenchError::NotStandard {
                variant: layout.variant_name(),
            });
        }
        let source = grid.cells();
        let mut cells = vec![0u8; n * n];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (tr, tc) = if self.transpose { (sc, sr) } else { (sr, sc) };
                cells[r * n + c] = self.digits[source[tr * n + tc] as usize];
            }
        }
        Grid::from_cells(Arc::clone(layout), cells).map_err(|_| BenchError::NotStandard {
            variant: layout.variant_name(),
        })
    }
}

/// One puzzle of a [`Workload`]: where it comes from, and the grid to solve.
#[derive(Clone, Debug)]
pub struct WorkItem {
    /// The puzzle's index in its [`Sample`] (from 0).
    pub puzzle: usize,
    /// The puzzle's line in its file.
    pub line: usize,
    /// The grid solved: the puzzle itself, or an equivalent one when permuted.
    pub grid: Grid,
}

/// The puzzles of a sample in the order they are solved: shuffled with a seed, and each
/// optionally replaced by a random equivalent puzzle. Every solver gets the same workload.
///
/// ```
/// use dlxkit::bench::{Sample, Workload};
/// let sample = Sample::load("data/sudoku/pe96_easy50.txt".as_ref())?;
/// let a = Workload::new(&sample, 1, false)?;
/// assert_eq!(a.items.len(), 50);
/// assert_eq!(a.order(), Workload::new(&sample, 1, false)?.order());
/// assert_ne!(a.order(), Workload::new(&sample, 2, false)?.order());
/// # Ok::<(), dlxkit::bench::BenchError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Workload {
    /// The sample's name.
    pub name: String,
    /// The puzzles, in the order they are solved.
    pub items: Vec<WorkItem>,
}

impl Workload {
    /// The sample's puzzles in the order of [`shuffled_order`]`(len, seed)`, each replaced by
    /// its image under a [`Permutation::random`] when `permute` (drawn from a generator
    /// seeded with `seed` too, after the order).
    ///
    /// ```
    /// use dlxkit::bench::{Sample, Workload};
    /// let sample = Sample::load("data/sudoku/norvig_hardest11.txt".as_ref())?;
    /// let w = Workload::new(&sample, 5, true)?;
    /// let first = &w.items[0];
    /// assert_ne!(first.grid, sample.puzzles[first.puzzle]); // an equivalent puzzle
    /// assert_eq!(first.grid.givens(), sample.puzzles[first.puzzle].givens());
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn new(sample: &Sample, seed: u64, permute: bool) -> Result<Workload, BenchError> {
        let order = shuffled_order(sample.len(), seed);
        // A second stream, so that the order does not depend on `permute`.
        let mut rng = Rng::new(seed ^ 0x5EED_BE4C_4A11_0001);
        let mut items = Vec::with_capacity(order.len());
        for puzzle in order {
            let original = &sample.puzzles[puzzle];
            let grid = if permute {
                Permutation::random(original.shape(), &mut rng).apply(original)?
            } else {
                original.clone()
            };
            items.push(WorkItem {
                puzzle,
                line: sample.lines[puzzle],
                grid,
            });
        }
        Ok(Workload {
            name: sample.name.clone(),
            items,
        })
    }

    /// The sample indices of the puzzles, in the order they are solved.
    ///
    /// ```
    /// use dlxkit::bench::{Sample, Workload};
    /// let s = Sample::from_text("s", "1...............\n.1..............\n")?;
    /// let mut order = Workload::new(&s, 0, false)?.order();
    /// order.sort();
    /// assert_eq!(order, [0, 1]);
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn order(&self) -> Vec<usize> {
        self.items.iter().map(|i| i.puzzle).collect()
    }

    /// The grids, in the order they are solved (what a criterion bench iterates over).
    ///
    /// ```
    /// use dlxkit::bench::{Sample, Workload};
    /// let s = Sample::from_text("s", "1...............\n")?;
    /// assert_eq!(Workload::new(&s, 0, false)?.grids().count(), 1);
    /// # Ok::<(), dlxkit::bench::BenchError>(())
    /// ```
    pub fn grids(&self) -> impl Iterator<Item = &Grid> + '_ {
        self.items.iter().map(|i| &i.grid)
    }
}

/// How many solutions a solve looks for.
///
/// ```
/// use dlxkit::bench::Mode;
/// assert_eq!((Mode::First.max_solutions(), Mode::Unique.max_solutions()), (1, 2));
/// assert_eq!(Mode::default(), Mode::Unique);
/// assert_eq!(Mode::Unique.to_string(), "unique");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Stop at the first solution (limit 1).
    First,
    /// Prove the solution unique: stop at the second solution (limit 2), as the reference
    /// benchmarks (tdoku's) do.
    #[default]
    Unique,
}

impl Mode {
    /// The solution limit: 1 or 2.
    ///
    /// ```
    /// assert_eq!(dlxkit::bench::Mode::First.max_solutions(), 1);
    /// ```
    pub fn max_solutions(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Unique => 2,
        }
    }

    /// `first` or `unique`.
    ///
    /// ```
    /// assert_eq!(dlxkit::bench::Mode::First.as_str(), "first");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Unique => "unique",
        }
    }

    /// The solver limits of one solve in this mode, with an optional node limit.
    ///
    /// ```
    /// let l = dlxkit::bench::Mode::Unique.limits(Some(1000));
    /// assert_eq!((l.max_solutions, l.max_nodes), (Some(2), Some(1000)));
    /// ```
    pub fn limits(self, node_limit: Option<u64>) -> Limits {
        let limits = Limits::new().solutions(self.max_solutions());
        match node_limit {
            Some(n) => limits.nodes(n),
            None => limits,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How [`run_solver`] runs: the same for every solver of a comparison.
///
/// ```
/// use dlxkit::bench::{Mode, RunOptions, DEFAULT_NODE_LIMIT};
/// let o = RunOptions::default();
/// assert_eq!((o.mode, o.node_limit, o.time_budget), (Mode::Unique, Some(DEFAULT_NODE_LIMIT), None));
/// ```
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// First solution or proof of uniqueness.
    pub mode: Mode,
    /// Search nodes allowed per puzzle; a puzzle that needs more is a [`Outcome::NodeLimit`].
    pub node_limit: Option<u64>,
    /// Wall-clock time allowed for the whole workload (timed solves only): the puzzle running
    /// when it ends is a [`Outcome::TimeLimit`], the rest are [`Outcome::Skipped`].
    pub time_budget: Option<Duration>,
    /// Puzzles solved untimed first (the workload's first ones, with a small node limit).
    pub warmup: usize,
    /// A flag that stops the run (Ctrl-C): the puzzle running is [`Outcome::Cancelled`], the
    /// rest are [`Outcome::Skipped`].
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            mode: Mode::Unique,
            node_limit: Some(DEFAULT_NODE_LIMIT),
            time_budget: None,
            warmup: DEFAULT_WARMUP,
            cancel: None,
        }
    }
}

/// How the solve of one puzzle ended.
///
/// ```
/// use dlxkit::bench::Outcome;
/// assert!(Outcome::Solved.is_solved());
/// assert!(Outcome::NodeLimit.is_limit_hit() && !Outcome::Skipped.is_limit_hit());
/// assert_eq!(Outcome::TimeLimit.as_str(), "time-limit");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The search ended with its answer: all solutions up to the mode's limit were found, or
    /// the whole tree was explored.
    Solved,
    /// The per-puzzle node limit struck first.
    NodeLimit,
    /// The time budget ran out during this puzzle.
    TimeLimit,
    /// The cancel flag was set during this puzzle.
    Cancelled,
    /// Not attempted: the time budget had run out, or the run was cancelled.
    Skipped,
}

impl Outcome {
    /// `solved`, `node-limit`, `time-limit`, `cancelled` or `skipped`.
    ///
    /// ```
    /// assert_eq!(dlxkit::bench::Outcome::Skipped.as_str(), "skipped");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::NodeLimit => "node-limit",
            Outcome::TimeLimit => "time-limit",
            Outcome::Cancelled => "cancelled",
            Outcome::Skipped => "skipped",
        }
    }

    /// Whether the solve ended with its answer.
    ///
    /// ```
    /// assert!(!dlxkit::bench::Outcome::TimeLimit.is_solved());
    /// ```
    pub fn is_solved(self) -> bool {
        self == Outcome::Solved
    }

    /// Whether a node or time limit stopped the solve.
    ///
    /// ```
    /// assert!(dlxkit::bench::Outcome::TimeLimit.is_limit_hit());
    /// ```
    pub fn is_limit_hit(self) -> bool {
        matches!(self, Outcome::NodeLimit | Outcome::TimeLimit)
    }

    fn of(status: Status) -> Outcome {
        match status {
            Status::Complete | Status::SolutionLimit => Outcome::Solved,
            Status::NodeLimit => Outcome::NodeLimit,
            Status::TimeLimit => Outcome::TimeLimit,
            Status::Cancelled | Status::Stopped => Outcome::Cancelled,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of one solver on one puzzle.
///
/// ```
/// use dlxkit::bench::{run_solver, Outcome, RunOptions, Sample, Workload};
/// use dlxkit::sudoku::solvers::{by_name, Answer};
/// let s = Sample::from_text("s", "12..............\n")?;
/// let w = Workload::new(&s, 0, false)?;
/// let r = &run_solver(by_name("mrv")?.as_mut(), &w, &RunOptions::default(), |_| {})?.records[0];
/// assert_eq!((r.puzzle, r.solver, r.outcome), (0, "mrv", Outcome::Solved));
/// assert_eq!((r.solutions, r.answer), (2, Answer::Multiple));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The puzzle's index in its sample (from 0).
    pub puzzle: usize,
    /// The puzzle's line in its file.
    pub line: usize,
    /// Its position in the run (0 for the first puzzle solved).
    pub position: usize,
    /// The solver's name.
    pub solver: &'static str,
    /// How the solve ended.
    pub outcome: Outcome,
    /// The verdict (unknown when a limit struck, or in `first` mode after one solution).
    pub answer: Answer,
    /// Solutions found (up to the mode's limit).
    pub solutions: u64,
    /// Wall-clock time of the solve (zero when skipped).
    pub time: Duration,
    /// Assignments tried, as the solver counts them ([`SolveStats::assignments`]: for
    /// `dlx`, the search-tree nodes).
    ///
    /// [`SolveStats::assignments`]: crate::sudoku::solvers::SolveStats::assignments
    pub assignments: u64,
    /// Branch points with more than one candidate (for `dlx`, search-tree nodes whose item
    /// had two options or more).
    pub guesses: u64,
    /// Assignments undone.
    pub backtracks: u64,
}

/// Runs one solver over a workload: a warm-up (untimed), then every puzzle in order, each
/// timed on its own (wall clock) with the mode's solution limit and the node limit, within
/// the time budget; the CPU time of the whole loop is kept too ([`SolverRun::cpu`]).
/// `on_record` sees each record as it is made (for progress bars).
///
/// Every solution reported is checked (it must fill the puzzle and break no rule), after the
/// timed loop; a wrong one is an error.
///
/// ```
/// use dlxkit::bench::{run_solver, Outcome, RunOptions, Sample, Workload};
/// use dlxkit::sudoku::solvers::by_name;
/// let s = Sample::load("data/sudoku/norvig_hardest11.txt".as_ref())?;
/// let w = Workload::new(&s, 1, false)?;
/// let options = RunOptions { node_limit: Some(50), warmup: 0, ..RunOptions::default() };
/// let mut seen = 0;
/// let run = run_solver(by_name("naive")?.as_mut(), &w, &options, |_| seen += 1)?;
/// assert_eq!((run.set.as_str(), run.solver, run.records.len(), seen), ("norvig_hardest11.txt", "naive", 11, 11));
/// assert!(run.records.iter().all(|r| r.outcome == Outcome::NodeLimit));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_solver(
    solver: &mut dyn SudokuSolver,
    workload: &Workload,
    options: &RunOptions,
    mut on_record: impl FnMut(&Record),
) -> Result<SolverRun, BenchError> {
    let name = solver.name();
    if let Some(item) = workload
        .items
        .iter()
        .find(|i| !solver.supports(i.grid.layout()))
    {
        return Err(BenchError::Unsupported {
            solver: name,
            variant: item.grid.layout().variant_name(),
        });
    }
    let mut base = options.mode.limits(options.node_limit);
    base.cancel = options.cancel.clone();

    let warmup_limit = options
        .node_limit
        .map_or(WARMUP_NODE_LIMIT, |n| n.min(WARMUP_NODE_LIMIT));
    let warmup_limits = Limits {
        max_nodes: Some(warmup_limit),
        ..base.clone()
    };
    for item in workload.items.iter().take(options.warmup) {
        std::hint::black_box(solver.solve(&item.grid, &warmup_limits));
    }

    let start = Instant::now();
    let deadline = options
        .time_budget
        .and_then(|budget| start.checked_add(budget));
    let limits = Limits { deadline, ..base };
    let mut stopped = false;
    let mut records = Vec::with_capacity(workload.items.len());
    // The solutions, checked after the timed loop.
    let mut found = Vec::with_capacity(workload.items.len());
    let cpu_start = cpu::thread_time();
    for (position, item) in workload.items.iter().enumerate() {
        let over_time = deadline.is_some_and(|d| Instant::now() >= d);
        let record = if stopped || over_time || cancelled(options) {
            stopped = true;
            Record {
                puzzle: item.puzzle,
                line: item.line,
                position,
                solver: name,
                outcome: Outcome::Skipped,
                answer: Answer::Unknown,
                solutions: 0,
                time: Duration::ZERO,
                assignments: 0,
                guesses: 0,
                backtracks: 0,
            }
        } else {
            let t0 = Instant::now();
            let report = solver.solve(&item.grid, &limits);
            let time = t0.elapsed();
            let outcome = Outcome::of(report.status);
            stopped = matches!(outcome, Outcome::TimeLimit | Outcome::Cancelled);
            let record = Record {
                puzzle: item.puzzle,
                line: item.line,
                position,
                solver: name,
                outcome,
                answer: report.answer(),
                solutions: report.solutions,
                time,
                assignments: report.stats.assignments,
                guesses: report.stats.guesses,
                backtracks: report.stats.backtracks,
            };
            found.push((position, report.first));
            record
        };
        on_record(&record);
        records.push(record);
    }
    let cpu = cpu_start.and_then(|t0| Some(cpu::thread_time()?.saturating_sub(t0)));
    for (position, first) in found {
        let item = &workload.items[position];
        if let Some(first) = first {
            if !(first.is_solved() && item.grid.is_filled_by(&first)) {
                return Err(BenchError::WrongSolution {
                    solver: name,
                    puzzle: item.puzzle,
                    line: item.line,
                });
            }
        }
    }
    Ok(SolverRun {
        set: workload.name.clone(),
        solver: name,
        records,
        cpu,
    })
}

fn cancelled(options: &RunOptions) -> bool {
    options
        .cancel
        .as_ref()
        .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
}

/// The records of one solver on one sample ([`run_solver`]), as `dlxkit bench` keeps them.
///
/// ```
/// use dlxkit::bench::SolverRun;
/// let run = SolverRun { set: "pe96".into(), solver: "dlx", records: Vec::new(), cpu: None };
/// assert!(run.records.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverRun {
    /// The sample's name.
    pub set: String,
    /// The solver's name.
    pub solver: &'static str,
    /// One record per puzzle, in the order solved.
    pub records: Vec<Record>,
    /// The CPU time of the thread over the timed loop (every solve, and the clock reads
    /// around each), where the platform has such a clock ([`cpu::thread_time`]).
    pub cpu: Option<Duration>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::ops;
    use crate::sudoku::solvers::by_name;

    fn sample(path: &str, n: usize) -> Sample {
        let mut s = Sample::load(Path::new(env!("CARGO_MANIFEST_DIR")).join(path).as_path())
            .expect("sample loads");
        s.truncate(n);
        s
    }

    #[test]
    fn the_same_seed_gives_the_same_order_and_another_seed_another() {
        let s = sample("data/sudoku/magictour_top1465.txt", 200);
        let a = Workload::new(&s, 11, false).unwrap().order();
        let b = Workload::new(&s, 11, false).unwrap().order();
        let c = Workload::new(&s, 12, false).unwrap().order();
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..200).collect::<Vec<_>>());
        assert_ne!(a, sorted, "the order is shuffled");
        // Permuting does not change the order.
        assert_eq!(Workload::new(&s, 11, true).unwrap().order(), a);
    }

    #[test]
    fn permuted_puzzles_keep_their_solutions() {
        let s = sample("data/sudoku/norvig_top95.txt", 12);
        let mut rng = Rng::new(99);
        let mut transposed = 0;
        for grid in &s.puzzles {
            let solution = ops::solve(grid).unwrap().expect("solvable");
            for _ in 0..3 {
                let p = Permutation::random(grid.shape(), &mut rng);
                transposed += usize::from(p.transpose);
                let image = p.apply(grid).unwrap();
                assert_eq!(image.givens(), grid.givens());
                assert_eq!(
                    ops::count_solutions(&image, 2).unwrap(),
                    ops::SolutionCount::Exact(1)
                );
                let expected = p.apply(&solution).unwrap();
                assert!(expected.is_solved());
                assert_eq!(ops::solve(&image).unwrap().unwrap(), expected);
            }
        }
        assert!(transposed > 0 && transposed < 36);
    }

    #[test]
    fn permutations_keep_bands_and_stacks_of_rectangular_boxes() {
        let shape = Shape::new(2, 3).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let p = Permutation::random(shape, &mut rng);
            // rows: 3 bands of 2 rows; columns: 2 stacks of 3 columns.
            for band in p.rows.chunks(2) {
                assert_eq!(band[0] / 2, band[1] / 2);
            }
            for stack in p.cols.chunks(3) {
                assert!(stack.iter().all(|&c| c / 3 == stack[0] / 3));
            }
            assert!(!p.transpose);
        }
        // A multiple-solution 6x6 puzzle keeps its count.
        let mut g = Grid::empty(shape);
        g.set(0, 0, 1);
        g.set(2, 4, 3);
        let count = ops::count_solutions(&g, 1000).unwrap();
        let p = Permutation::random(shape, &mut rng);
        assert_eq!(
            ops::count_solutions(&p.apply(&g).unwrap(), 1000).unwrap(),
            count
        );
    }

    #[test]
    fn a_time_budget_skips_the_rest_and_says_so() {
        let s = sample("data/sudoku/forum_hardest_1106.txt", 30);
        let w = Workload::new(&s, 1, false).unwrap();
        let options = RunOptions {
            time_budget: Some(Duration::ZERO),
            warmup: 0,
            ..RunOptions::default()
        };
        let mut solver = by_name("dlx").unwrap();
        let records = run_solver(solver.as_mut(), &w, &options, |_| {})
            .unwrap()
            .records;
        assert_eq!(records.len(), 30);
        assert!(records.iter().all(|r| r.outcome == Outcome::Skipped));
        let positions: Vec<usize> = records.iter().map(|r| r.position).collect();
        assert_eq!(positions, (0..30).collect::<Vec<_>>());
    }

    #[test]
    fn records_follow_the_workload_and_the_mode() {
        let s = sample("data/sudoku/pe96_easy50.txt", 6);
        let w = Workload::new(&s, 3, true).unwrap();
        for (mode, answer) in [
            (Mode::Unique, Answer::Unique),
            (Mode::First, Answer::Unknown),
        ] {
            let options = RunOptions {
                mode,
                ..RunOptions::default()
            };
            for name in crate::sudoku::solvers::SOLVER_NAMES {
                let mut solver = by_name(name).unwrap();
                let records = run_solver(solver.as_mut(), &w, &options, |_| {})
                    .unwrap()
                    .records;
                assert_eq!(
                    records.iter().map(|r| r.puzzle).collect::<Vec<_>>(),
                    w.order()
                );
                for r in &records {
                    assert_eq!(
                        (r.solver, r.outcome, r.answer),
                        (name, Outcome::Solved, answer)
                    );
                    assert_eq!(r.solutions, 1);
                    assert!(r.time > Duration::ZERO);
                    // Strategies alone solve the easy puzzles, without a search node.
                    assert!(r.assignments > 0 || name == "strategies");
                }
            }
        }
    }
}
