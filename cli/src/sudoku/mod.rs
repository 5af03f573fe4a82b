//! `dlxkit sudoku`: files of Sudoku puzzles solved, counted, checked and rated, and new
//! puzzles generated, over [`dlxkit::sudoku`].
//!
//! One module per subcommand (`solve` also holds `count`, its sibling), and the pieces they
//! share here and in [`batch`]:
//!
//! - [`GridArgs`] (`--box`, `--variant`, `--regions`) and [`InputArgs`] (FILE and
//!   `--input-format`), and [`read_puzzles`], which reads every puzzle of the input before
//!   any work starts, so that a bad line stops the run (exit 2) with its file, line, cell and
//!   character;
//! - [`batch`]: the puzzles worked on by `--jobs N` threads, results printed in input order
//!   as they come, the progress bar, Ctrl-C, the batch `--timeout`, and the summary on
//!   standard error.

mod batch;
mod built_patterns;
mod check;
mod explain;
// The banks' search, run by hand (an ignored test): in tests only.
pub mod generate;
#[cfg(test)]
mod local_search;
mod memo;
mod needs;
mod needs_bank;
mod one_digit;
mod picture;
pub mod rate;
mod solve;

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum, ValueHint};
use dlxkit::sudoku::killer::text::{parse_killers, KillerOptions, KillerParseErrorKind};
use dlxkit::sudoku::killer::{Killer, KillerEncoding, MAX_FILLINGS};
use dlxkit::sudoku::parse::{self, Ambiguity, ParseError, ParseErrorKind, ParseOptions, Puzzle};
use dlxkit::sudoku::{Grid, GridError, Shape, Variant};

use super::color::Paint;
use super::input::{self, Source};
use super::{CliError, Context, Exit};

/// The Sudoku subcommands.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum SudokuCommand {
    /// Solve every puzzle of a file: one line (or grid) per puzzle, in order.
    Solve(solve::SolveArgs),
    /// Count the solutions of every puzzle of a file (up to --limit).
    Count(solve::CountArgs),
    /// Check filled grids: each is valid, or invalid with the reason.
    Check(check::CheckArgs),
    /// Generate puzzles with a unique solution, reproducibly from a seed.
    Generate(generate::GenerateArgs),
    /// Rate puzzles by the human strategies they need: level, score, hardest strategy.
    Rate(rate::RateArgs),
    /// Explain puzzles: the logical steps that solve each, one per line.
    Explain(explain::ExplainArgs),
}

/// Runs a Sudoku subcommand.
pub fn run(command: &SudokuCommand, ctx: &Context) -> Result<Exit, CliError> {
    match command {
        SudokuCommand::Solve(args) => solve::run_solve(args, ctx),
        SudokuCommand::Count(args) => solve::run_count(args, ctx),
        SudokuCommand::Check(args) => check::run(args, ctx),
        SudokuCommand::Generate(args) => generate::run(args, ctx),
        SudokuCommand::Rate(args) => rate::run(args, ctx),
        SudokuCommand::Explain(args) => explain::run(args, ctx),
    }
}

/// The Sudoku variants, by name (the library's aliases are accepted too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantName {
    /// Rows, columns and boxes.
    #[value(alias = "classic")]
    Standard,
    /// Sudoku-X: both main diagonals hold every digit once too.
    #[value(alias = "sudoku-x", alias = "diagonal")]
    X,
    /// Windoku (hyper Sudoku): the four windows hold every digit once too.
    #[value(alias = "hyper")]
    Windoku,
    /// Irregular regions (given with --regions) instead of boxes.
    #[value(alias = "irregular")]
    Jigsaw,
    /// Killer Sudoku: cages with sums (the input holds cage maps or lists: see `solve --help`).
    Killer,
}

// The grid's geometry: `--box`, `--variant`, `--regions`.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug, Default)]
pub struct GridArgs {
    /// Box shape, ROWSxCOLUMNS [default: from the side: 3x3 for 9, 2x3 for 6, 4x4 for 16]
    ///
    /// Square sides get square boxes, other sides the most nearly square boxes with fewer
    /// rows than columns (6: 2x3, 8: 2x4, 12: 3x4). Give it for anything else (3x2 boxes on
    /// a 6x6 grid, say).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_shape)]
    pub shape: Option<Shape>,

    /// Sudoku variant [default: standard, or jigsaw with --regions]
    #[arg(long, value_enum, value_name = "NAME")]
    pub variant: Option<VariantName>,

    /// Jigsaw regions: a map of one symbol per cell, or a file holding one
    ///
    /// The map lists the cells in reading order, one symbol per region (`AAABBBCCC...`,
    /// any n distinct characters); white space is ignored, so a file may hold it as n
    /// lines. Each region has n cells. Implies --variant jigsaw.
    #[arg(long, value_name = "MAP|FILE")]
    pub regions: Option<String>,
}

impl GridArgs {
    /// The variant these flags describe; `--variant killer` is refused (the subcommands that
    /// read killer puzzles ask [`GridArgs::is_killer`] and [`GridArgs::base_variant`]).
    pub fn variant(&self) -> Result<Variant, CliError> {
        if self.is_killer() {
            return Err(CliError::usage(
                "--variant killer is for `sudoku solve`, `count`, `check`, `explain` and `rate`: \
                 killer puzzles are read with their cages, not generated",
            ));
        }
        self.base_variant()
    }

    /// Whether the puzzles are killer puzzles (`--variant killer`).
    pub fn is_killer(&self) -> bool {
        self.variant == Some(VariantName::Killer)
    }

    /// The variant of the grid: that of [`GridArgs::variant`], standard under killer cages.
    pub fn base_variant(&self) -> Result<Variant, CliError> {
        let name = match (self.variant, &self.regions) {
            (None, Some(_)) => VariantName::Jigsaw,
            (Some(v), Some(_)) if v != VariantName::Jigsaw => return Err(CliError::usage(
                "--regions gives the regions of a jigsaw: use it with --variant jigsaw (or alone)",
            )),
            (Some(VariantName::Killer), _) | (None, None) => VariantName::Standard,
            (Some(v), _) => v,
        };
        let regions = match &self.regions {
            Some(map) if Path::new(map).is_file() => Some(
                std::fs::read_to_string(map)
                    .map_err(|e| CliError::input(format!("cannot read `{map}`: {e}")))?,
            ),
            // A name with a directory or an extension is a file that is missing, not a map
            // (a typo in a file name must not read as a bad map).
            Some(map) if looks_like_a_path(map) => {
                return Err(CliError::input(format!(
                    "cannot read `{map}`: no such file (a map of regions has no `/` and no extension)"
                )));
            }
            other => other.clone(),
        };
        let text = name
            .to_possible_value()
            .expect("no variant is skipped")
            .get_name()
            .to_string();
        Variant::parse(&text, regions.as_deref()).map_err(|e| grid_error(&e))
    }
}

/// What a jigsaw's region map must be.
const JIGSAW_HINT: &str =
    "--regions takes n*n symbols in reading order, one per region, each region n cells";

/// The message for a layout that cannot be made, with a hint for jigsaws.
fn grid_error(e: &GridError) -> CliError {
    let error = CliError::usage(e.to_string());
    match e {
        GridError::BadRegions { .. } => error.with_hint(JIGSAW_HINT),
        _ => error,
    }
}

/// Parses `--box`: `2x3`.
pub fn parse_shape(text: &str) -> Result<Shape, String> {
    Shape::parse(text).map_err(|e| match e {
        GridError::BadShape {
            rows: 0, cols: 0, ..
        } => {
            format!("`{text}` is not a box shape: write ROWSxCOLUMNS, as in 2x3")
        }
        other => other.to_string(),
    })
}

/// The text formats of puzzles (see `dlxkit sudoku solve --help`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Detect the format from the first puzzle.
    #[default]
    Auto,
    /// One puzzle per line: its n*n cells in reading order.
    Line,
    /// n lines of n cells; spaces, `|` and rule lines between boxes are ignored.
    Block,
    /// Numbers separated by blanks, 0 for a blank cell: n lines of n, or n*n on a line.
    Token,
    /// Pencil marks, one puzzle per line: n characters per cell (729 for 9x9), the k-th the
    /// digit k if it is a candidate, else `.` or `0`.
    Sukaku,
    /// Pencil marks as a grid: n lines of n words, each the candidates of a cell (`1268`).
    Candidates,
}

impl InputFormat {
    fn library(self) -> parse::Format {
        match self {
            InputFormat::Auto => parse::Format::Auto,
            InputFormat::Line => parse::Format::Line,
            InputFormat::Block => parse::Format::Block,
            InputFormat::Token => parse::Format::Token,
            InputFormat::Sukaku => parse::Format::Sukaku,
            InputFormat::Candidates => parse::Format::Candidates,
        }
    }
}

// Where the puzzles come from: FILE, `--input-format`, and the grid's geometry.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
pub struct InputArgs {
    /// The puzzles [default: standard input]
    ///
    /// `-` or nothing reads standard input (when it is not a terminal).
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// The format of the puzzles
    #[arg(long, value_enum, default_value_t, value_name = "FORMAT")]
    pub input_format: InputFormat,

    #[command(flatten)]
    pub grid: GridArgs,
}

/// The puzzles of an input, all read and checked.
pub struct Puzzles {
    /// The input's name (a path, or `<stdin>`).
    pub name: String,
    /// The puzzles, in order (for killer puzzles: their givens, most often none).
    pub list: Vec<Puzzle>,
    /// Whether the input has one puzzle per line (line format, or n*n numbers on a line).
    pub one_per_line: bool,
    /// The killer puzzles, in the order of `list` (empty unless `--variant killer`).
    pub killers: Vec<Killer>,
}

/// Reads every puzzle of the input. With `check_givens`, givens that conflict are an error
/// (found before any search). An input without puzzles is an error too.
pub fn read_puzzles(
    args: &InputArgs,
    ctx: &Context,
    check_givens: bool,
) -> Result<Puzzles, CliError> {
    let variant = args.grid.variant()?;
    // Reading a terminal (`sudoku solve -`) waits for its user: a signal ends it with a word.
    let watch = super::interrupt::watch_reading("sudoku");
    let source = input::read(args.file.as_deref(), ctx)?;
    watch.hand_over();
    let mut options = ParseOptions::default()
        .format(args.input_format.library())
        .variant(variant)
        .check_givens(check_givens);
    options.shape = args.grid.shape;
    let (list, doubt) = parse::parse_with_ambiguity(&source.text, &options)
        .map_err(|e| parse_error(&source, &e))?;
    if let Some(doubt) = doubt {
        ctx.note(ambiguity_note(&source.name, &doubt));
    }
    let Some(first) = list.first() else {
        return Err(CliError::input(format!("{}: no puzzle found", source.name)));
    };
    let one_per_line = is_one_per_line(&source, first);
    Ok(Puzzles {
        name: source.name,
        list,
        one_per_line,
        killers: Vec::new(),
    })
}

/// The note for an input read one way where it could be read two: what was read, and the
/// `--box` that reads it the other way (or keeps this reading without the note).
fn ambiguity_note(name: &str, doubt: &Ambiguity) -> String {
    let box_of = |n| Shape::for_size(n).map_or_else(|_| "RxC".to_string(), |s| s.to_string());
    format!(
        "note: {name}:{}: {}: give --box {} to read them so (--box {} keeps this reading)",
        doubt.line,
        doubt,
        box_of(doubt.small_side()),
        box_of(doubt.side)
    )
}

/// What a killer input must look like.
const KILLER_HINT: &str = "a killer puzzle is a cage map (n rows of n cage symbols, `.` for no \
cage) with its sums (A=15 B=9 ...), or one line per cage, SUM: CELLS (15: r1c1 r1c2); blank \
lines separate puzzles (see `dlxkit sudoku solve --help`)";

/// Reads every killer puzzle of the input (`--variant killer`), and checks the fillings of
/// each ([`KillerEncoding::check`]), so that a cage with no filling, or more fillings than
/// the limit, is reported (exit 2) with the file and line before any search.
pub fn read_killers(args: &InputArgs, ctx: &Context) -> Result<Puzzles, CliError> {
    let options = KillerOptions {
        shape: args.grid.shape,
        variant: args.grid.base_variant()?,
    };
    let watch = super::interrupt::watch_reading("sudoku");
    let source = input::read(args.file.as_deref(), ctx)?;
    watch.hand_over();
    let parsed = parse_killers(&source.text, &options).map_err(|e| {
        let error = CliError::input(format!("{}:{}: {}", source.name, e.line, e.kind));
        match e.kind {
            KillerParseErrorKind::Killer(_) | KillerParseErrorKind::Grid(_) => error,
            _ => error.with_hint(KILLER_HINT),
        }
    })?;
    // The fillings are checked here, without building the problems: each is built once,
    // where it is searched.
    for p in &parsed {
        KillerEncoding::check(&p.killer, MAX_FILLINGS)
            .map_err(|e| CliError::input(format!("{}:{}: {e}", source.name, p.line)))?;
    }
    Ok(Puzzles {
        name: source.name,
        list: parsed
            .iter()
            .map(|p| Puzzle {
                line: p.line,
                grid: p.killer.grid().clone(),
                candidates: None,
            })
            .collect(),
        one_per_line: true,
        killers: parsed.into_iter().map(|p| p.killer).collect(),
    })
}

/// Whether `puzzle` is written on one line of the source.
fn is_one_per_line(source: &Source, puzzle: &Puzzle) -> bool {
    let cells = puzzle.grid.cells().len();
    let Some(line) = source.text.lines().nth(puzzle.line - 1) else {
        return false;
    };
    let line = line.split('#').next().unwrap_or("");
    let words: Vec<&str> = line.split_whitespace().collect();
    // A sukaku line has n characters per cell.
    let per_line = [cells, cells * puzzle.grid.size()];
    words.len() == cells
        || words
            .first()
            .is_some_and(|w| per_line.contains(&w.chars().count()))
}

/// `file:line: what is wrong`, with a hint where one helps.
fn parse_error(source: &Source, e: &ParseError) -> CliError {
    let error = CliError::input(format!("{}:{}: {}", source.name, e.line, e.kind));
    let hint = match &e.kind {
        ParseErrorKind::WrongLength { .. }
        | ParseErrorKind::NotSquare { .. }
        | ParseErrorKind::LoneRow { .. } => {
            "one puzzle per line, its n*n cells in reading order (81 for 9x9); every puzzle of an input has the same size (or see --input-format)"
        }
        ParseErrorKind::BadSymbol { .. } => {
            "digits are 1-9, then A-Z for sides above 9; blanks are `.`, `0`, `_`, `*` or `-`"
        }
        ParseErrorKind::Conflict(_) => "the puzzle has no solution: fix the givens",
        ParseErrorKind::SukakuPosition { .. } => {
            "a sukaku line gives each cell n characters: the k-th is the digit k if it is a candidate, else `.` or `0`"
        }
        ParseErrorKind::NoCandidate { .. } => {
            "every cell needs a candidate: a pencil-mark puzzle with an empty cell has no solution"
        }
        ParseErrorKind::Grid(GridError::BadRegions { .. }) => JIGSAW_HINT,
        _ => return error,
    };
    error.with_hint(hint)
}

/// A puzzle as one line: its cells, or its pencil marks as a sukaku line (a candidate grid
/// on one line for sides above 35).
pub fn puzzle_text(puzzle: &Puzzle) -> String {
    match &puzzle.candidates {
        Some(c) => c
            .to_sukaku()
            .unwrap_or_else(|| c.to_grid_text().replace('\n', " / ")),
        None => parse::to_line(&puzzle.grid),
    }
}

/// `1 guess`, `2 guesses`: a count and its noun.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A solved grid with its givens (the cells filled in `puzzle`) bold and the digits found
/// in the solver's colour, as a block with box borders.
pub fn pretty(solution: &Grid, puzzle: &Grid, paint: Paint) -> String {
    parse::to_pretty_with(solution, |cell, text| {
        if puzzle.cells()[cell.index] != 0 {
            paint.label(&text)
        } else {
            paint.style("36", &text)
        }
    })
}

/// Whether a `--regions` value names a file: it holds a `/` or ends in an extension of
/// lowercase letters (`.txt`), which no map of one symbol per cell does.
fn looks_like_a_path(value: &str) -> bool {
    value.contains('/')
        || value.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && !stem.ends_with('.')
                && (1..=4).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_lowercase())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_are_rows_x_columns() {
        assert_eq!(parse_shape("2x3"), Ok(Shape::new(2, 3).unwrap()));
        assert_eq!(
            parse_shape("2y3").unwrap_err(),
            "`2y3` is not a box shape: write ROWSxCOLUMNS, as in 2x3"
        );
        assert_eq!(
            parse_shape("0x3").unwrap_err(),
            "bad box shape 0x3: box dimensions must be at least 1"
        );
    }

    #[test]
    fn regions_imply_jigsaw_and_refuse_other_variants() {
        let mut args = GridArgs {
            regions: Some("AABB AABB CCDD CCDD".into()),
            ..GridArgs::default()
        };
        assert!(matches!(args.variant(), Ok(Variant::Jigsaw { .. })));
        args.variant = Some(VariantName::X);
        assert!(args.variant().unwrap_err().shows_usage());
        args.regions = None;
        assert_eq!(args.variant().unwrap(), Variant::X);
        args.variant = Some(VariantName::Jigsaw);
        assert_eq!(
            args.variant().unwrap_err().message(),
            Some("bad region map: a jigsaw variant needs a region map")
        );
    }
}
