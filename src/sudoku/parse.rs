//! Reading and writing Sudoku puzzles as text.
//!
//! # Formats
//!
//! **Line** ([`Format::Line`]): one puzzle per line, its `n²` cells in reading order.
//! Blanks are `.`, `0`, `_`, `*` or `-`; digits are `1`–`9`, then `A`–`Z` (or `a`–`z`) for
//! 10–35, so a 16×16 grid uses `1-9A-G`. Whatever follows the cells after white space or
//! `#` is a comment. Sides up to 35.
//!
//! ```text
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  # top95 1
//! ```
//!
//! **Block** ([`Format::Block`]): `n` lines of `n` cells, the symbols of the line format, as
//! people paste puzzles. Spaces and `|` between cells are ignored, as are blank lines and
//! `Grid 01`-style headers (Project Euler 96). A line made only of `-`, `=`, `+`, `|` and
//! spaces is a *rule* between bands when it holds a `+` or `=`, or two dashes side by side
//! (`------+-------+------`, `---------------------`); its dashes are then not cells. The
//! exceptions are rows of blanks written with dashes: dashes apart (`- - - | - - - | - - -`),
//! or exactly `n` dashes once the side `n` is known (`---------`). Puzzles follow each other;
//! each one ends after its `n`-th row.
//!
//! ```text
//! 5 3 . | . 7 . | . . .
//! 6 . . | 1 9 5 | . . .
//! ------+-------+------
//! ```
//!
//! **Token** ([`Format::Token`]): cells as numbers separated by white space, `0` (or `.`,
//! `_`, `*`, `-`) for a blank, for any side: `n` lines of `n` numbers, or all `n²` on one
//! line. Rules between bands (`------+-------+------`) may stand between the rows, as in the
//! block format.
//!
//! **Sukaku** ([`Format::Sukaku`]): a puzzle given by its candidates (pencil marks), one per
//! line: for each cell in reading order `n` characters, the `k`-th the digit `k` if it is a
//! candidate of the cell and `.` or `0` if not (729 characters for 9x9).
//!
//! ```text
//! 1........2345678912345678912345678912345678912345678912345678912345678912345678......
//! ```
//!
//! **Candidates** ([`Format::Candidates`]): a grid of candidate sets as players' tools print
//! it: `n` lines of `n` words, each word the candidates of a cell run together (`1268`), a
//! single digit for a given. `|` between boxes and frame lines (`.----.----.`,
//! `:----+----:`, `+----+----+`, `*----*`) are ignored.
//!
//! ```text
//! .----------------.----------------.----------------.
//! | 5    3    12   | 26   7    1268 | 1489 12489 248 |
//! ```
//!
//! In both, the candidates become part of the puzzle ([`Puzzle::candidates`]); a cell with
//! one candidate counts as a given of [`Puzzle::grid`], and a cell with none is an error.
//!
//! In every format, lines starting with `#` are comments, blank lines are skipped and CRLF
//! line ends are accepted.
//!
//! **Auto** ([`Format::Auto`], the default) looks at the first line holding cells: a frame
//! line, or a row of candidate sets among the first lines (words of distinct digits, some
//! of two or more, not all numbers up to the number of words), means candidates; a first
//! word of `n³` characters that mostly keeps to the sukaku pattern (the `k`-th character of
//! each cell `k` or blank) means sukaku (unless it is also a line of a whole side, 64 = 8x8,
//! and a cell has no candidate); a rule line or a `|` means block; a first word longer
//! than 35 characters means line; several words that are all numbers (or blanks) mean
//! token; otherwise block. A 16-character word is both a 4×4 puzzle and a row of a 16×16
//! one: it is read as a 4×4 line unless a symbol above 4 appears in the lines around it (the
//! same rule tells a line of 16 numbers in token format: a whole 4×4 puzzle, or a 16×16
//! row). A given [`ParseOptions::shape`] settles every such doubt.
//!
//! # Sizes and shapes
//!
//! Without [`ParseOptions::shape`], the side is read from the first puzzle (81 cells: 9×9;
//! a row of 16: 16×16) and the box shape inferred by [`Shape::for_size`] (square boxes for
//! square sides, 2×3 for 6, 3×4 for 12); every puzzle of one text shares one layout.
//!
//! ```
//! use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions};
//! let text = "# two easy ones\r\n\
//!     ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. pe1\r\n\
//!     \r\n\
//!     2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3 pe2\r\n";
//! let puzzles = parse_puzzles(text, &ParseOptions::default())?;
//! assert_eq!(puzzles.len(), 2);
//! assert_eq!((puzzles[0].line, puzzles[1].line), (2, 4));
//! assert_eq!(puzzles[0].grid[(0, 2)], 3);
//! # Ok::<(), dlxkit::sudoku::parse::ParseError>(())
//! ```

use std::fmt::{self, Write as _};
use std::sync::Arc;

use thiserror::Error;

use super::candidates::{Candidates, Digits};
use super::grid::{Conflict, Grid, GridError, Layout, Shape};
use super::variant::Variant;

/// The largest side the one-character formats (line, block) can write.
pub const MAX_SYMBOL_SIZE: usize = 35;

/// A text format for puzzles.
///
/// ```
/// use dlxkit::sudoku::parse::Format;
/// assert_eq!(Format::parse("block").unwrap(), Format::Block);
/// assert_eq!(Format::default(), Format::Auto);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Detect the format from the text (see the module documentation).
    #[default]
    Auto,
    /// One puzzle per line.
    Line,
    /// `n` lines of `n` cells, with or without separators.
    Block,
    /// Numbers separated by white space.
    Token,
    /// Pencil marks, one puzzle per line: `n` characters per cell.
    Sukaku,
    /// Pencil marks as a grid of candidate sets.
    Candidates,
}

impl Format {
    /// Reads a format name: `auto`, `line`, `block`, `token`, `sukaku` or `candidates`.
    ///
    /// ```
    /// use dlxkit::sudoku::parse::Format;
    /// assert_eq!(Format::parse("Token"), Some(Format::Token));
    /// assert_eq!(Format::parse("csv"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Format> {
        match name.trim().to_ascii_lowercase().as_str() {
            "auto" => Some(Format::Auto),
            "line" => Some(Format::Line),
            "block" | "grid" => Some(Format::Block),
            "token" | "tokens" | "numbers" => Some(Format::Token),
            "sukaku" => Some(Format::Sukaku),
            "candidates" | "pencil" | "pencilmarks" => Some(Format::Candidates),
            _ => None,
        }
    }
}

/// How to read a text: its format, box shape, variant, and whether to check the givens.
///
/// ```
/// use dlxkit::sudoku::{parse::{Format, ParseOptions}, Shape, Variant};
/// let options = ParseOptions::default()
///     .format(Format::Line)
///     .shape(Shape::new(3, 2)?)
///     .variant(Variant::Standard);
/// assert_eq!(options.shape, Some(Shape::new(3, 2)?));
/// assert!(options.check_givens);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// The format ([`Format::Auto`] by default).
    pub format: Format,
    /// The box shape; inferred from the side when `None`.
    pub shape: Option<Shape>,
    /// The variant ([`Variant::Standard`] by default); its units are checked too.
    pub variant: Variant,
    /// Refuse puzzles whose givens conflict (on by default).
    pub check_givens: bool,
}

impl Default for ParseOptions {
    fn default() -> ParseOptions {
        ParseOptions {
            format: Format::Auto,
            shape: None,
            variant: Variant::Standard,
            check_givens: true,
        }
    }
}

impl ParseOptions {
    /// The same options with another format.
    ///
    /// ```
    /// # use dlxkit::sudoku::parse::{Format, ParseOptions};
    /// assert_eq!(ParseOptions::default().format(Format::Token).format, Format::Token);
    /// ```
    pub fn format(mut self, format: Format) -> ParseOptions {
        self.format = format;
        self
    }

    /// The same options with a box shape.
    ///
    /// ```
    /// # use dlxkit::sudoku::{parse::ParseOptions, Shape};
    /// let s = Shape::new(2, 3).unwrap();
    /// assert_eq!(ParseOptions::default().shape(s).shape, Some(s));
    /// ```
    pub fn shape(mut self, shape: Shape) -> ParseOptions {
        self.shape = Some(shape);
        self
    }

    /// The same options with a variant.
    ///
    /// ```
    /// # use dlxkit::sudoku::{parse::ParseOptions, Variant};
    /// assert_eq!(ParseOptions::default().variant(Variant::X).variant, Variant::X);
    /// ```
    pub fn variant(mut self, variant: Variant) -> ParseOptions {
        self.variant = variant;
        self
    }

    /// The same options, checking givens for conflicts or not.
    ///
    /// ```
    /// # use dlxkit::sudoku::parse::ParseOptions;
    /// assert!(!ParseOptions::default().check_givens(false).check_givens);
    /// ```
    pub fn check_givens(mut self, check: bool) -> ParseOptions {
        self.check_givens = check;
        self
    }
}

/// A puzzle read from a text, with the line it starts on (from 1).
///
/// ```
/// use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions};
/// let p = &parse_puzzles("\n\n1...\n.2..\n..3.\n...4\n", &ParseOptions::default())?[0];
/// assert_eq!((p.line, p.grid.size()), (3, 4));
/// # Ok::<(), dlxkit::sudoku::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The line of the text where the puzzle starts, counting from 1.
    pub line: usize,
    /// The puzzle (for pencil marks, the cells with one candidate).
    pub grid: Grid,
    /// The pencil marks the puzzle was given with (sukaku and candidate-grid formats).
    pub candidates: Option<Candidates>,
}

/// What is wrong in a text, with the line it was found on.
///
/// ```
/// use dlxkit::sudoku::parse::{parse_puzzles, ParseErrorKind, ParseOptions};
/// let err = parse_puzzles("# one\n12x4\n....\n....\n....\n", &ParseOptions::default()).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: bad symbol `x` at r1c3");
/// assert_eq!(err.line, 2);
/// assert!(matches!(err.kind, ParseErrorKind::BadSymbol { row: 1, col: 3, symbol: 'x' }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct ParseError {
    /// The line, counting from 1 (the line after the last for an unfinished puzzle).
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`]. Rows and columns count from 1.
///
/// ```
/// use dlxkit::sudoku::parse::ParseErrorKind;
/// let k = ParseErrorKind::DigitTooLarge { row: 2, col: 5, digit: 7, n: 6 };
/// assert_eq!(k.to_string(), "digit 7 at r2c5 is larger than 6");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A line-format puzzle of the wrong number of cells.
    #[error("expected {expected} cells, found {found}")]
    WrongLength {
        /// `n²`.
        expected: usize,
        /// The cells on the line.
        found: usize,
    },
    /// A first puzzle whose cell count is not a square, so no side can be read from it.
    #[error("found {found} cells, which is not n x n for any side n (81 for 9x9)")]
    NotSquare {
        /// The cells on the line.
        found: usize,
    },
    /// A block-format or token-format row of the wrong length.
    #[error("expected {expected} cells in this row, found {found}")]
    RowLength {
        /// `n` (or `n²` for a one-line token puzzle).
        expected: usize,
        /// The cells found.
        found: usize,
    },
    /// A block of rows that stops before its `n`-th row.
    #[error("the puzzle has {found} of its {expected} rows")]
    Unfinished {
        /// `n`.
        expected: usize,
        /// The rows read.
        found: usize,
    },
    /// A first line too short for a puzzle, with nothing after it: its cells are not
    /// `n²` (a puzzle on one line), and no rows follow it to make a block of `n` rows.
    #[error(
        "expected a puzzle: n*n cells on one line (81 for 9x9) or n lines of n cells; \
         found one line of {found} cells"
    )]
    LoneRow {
        /// The cells on the line.
        found: usize,
    },
    /// A character that is neither a digit nor a blank.
    #[error("bad symbol `{symbol}` at r{row}c{col}")]
    BadSymbol {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
        /// The character (the first bad one of a token).
        symbol: char,
    },
    /// A digit larger than the side.
    #[error("digit {digit} at r{row}c{col} is larger than {n}")]
    DigitTooLarge {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
        /// The digit read.
        digit: usize,
        /// The side.
        n: usize,
    },
    /// The side needs more symbols than one character can give (line and block formats).
    #[error("a side of {n} needs the token format (line and block formats go up to 35)")]
    TooLargeForSymbols {
        /// The side.
        n: usize,
    },
    /// Two givens share a unit and a digit.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The side has no usable box shape, the variant does not fit it, or the given shape
    /// does not match the puzzle.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A cell of a pencil-mark puzzle with no candidate.
    #[error("cell r{row}c{col} has no candidate")]
    NoCandidate {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
    },
    /// A character of a sukaku line out of its place: the `k`-th character of a cell must
    /// be the digit `k` or a blank.
    #[error("bad sukaku character `{symbol}` at r{row}c{col}: position {position} of a cell holds {position} or a blank")]
    SukakuPosition {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
        /// The character.
        symbol: char,
        /// Its position in the cell's characters, from 1.
        position: usize,
    },
    /// A text with no puzzle where one was expected.
    #[error("no puzzle found")]
    NoPuzzle,
    /// A text with several puzzles where one was expected.
    #[error("expected one puzzle, found {found}")]
    SeveralPuzzles {
        /// How many puzzles the text holds.
        found: usize,
    },
}

/// Reads every puzzle of a text; the first error stops the reading.
///
/// ```
/// use dlxkit::sudoku::parse::{parse_puzzles, Format, ParseOptions};
/// let block = "\
/// 1 . | . .
/// . . | 3 .
/// ----+----
/// . 4 | . .
/// . . | . 2
/// ";
/// let puzzles = parse_puzzles(block, &ParseOptions::default())?;
/// assert_eq!(puzzles[0].grid.cells()[6], 3);
/// let text = "# 4x4\n1...1...........\n";
/// let err = parse_puzzles(text, &ParseOptions::default().format(Format::Line)).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: digit 1 appears twice in column 1 (r1c1 and r2c1)");
/// # Ok::<(), dlxkit::sudoku::parse::ParseError>(())
/// ```
pub fn parse_puzzles(text: &str, options: &ParseOptions) -> Result<Vec<Puzzle>, ParseError> {
    parse_with_ambiguity(text, options).map(|(puzzles, _)| puzzles)
}

/// Reads every puzzle of a text, going on after an error: one result per puzzle (or per
/// bad puzzle), in order. An error that makes the rest unreadable (no box shape for the
/// side, an unknown format) ends the list.
///
/// ```
/// use dlxkit::sudoku::parse::{parse_each, ParseOptions};
/// let text = "................\n1.......\n1..1............\n";
/// let results = parse_each(text, &ParseOptions::default());
/// assert_eq!(results.len(), 3);
/// assert!(results[0].is_ok());
/// assert_eq!(results[1].as_ref().unwrap_err().to_string(), "line 2: expected 16 cells, found 8");
/// assert_eq!(
///     results[2].as_ref().unwrap_err().to_string(),
///     "line 3: digit 1 appears twice in row 1 (r1c1 and r1c4)"
/// );
/// ```
pub fn parse_each(text: &str, options: &ParseOptions) -> Vec<Result<Puzzle, ParseError>> {
    let mut reader = Reader::new(text, options);
    let mut out = Vec::new();
    while let Some(result) = reader.next_puzzle() {
        out.push(result);
    }
    out
}

/// Lines the reader could read two ways and read as grids: `lines` lines of `side` cells
/// each (`side` is `m²`), with no digit above `m`, fit both `lines / side` grids of side
/// `side` and `lines` puzzles of side `m`, one per line. Grids are chosen, as a list of
/// puzzles seldom fits (no line of it may hold more than `m` givens, all different); a
/// given [`ParseOptions::shape`] settles the doubt either way.
///
/// ```
/// use dlxkit::sudoku::parse::{parse_with_ambiguity, Ambiguity, ParseOptions};
/// let empty = "0 ".repeat(16).trim_end().to_string() + "\n";
/// let (puzzles, doubt) = parse_with_ambiguity(&empty.repeat(16), &ParseOptions::default())?;
/// assert_eq!((puzzles.len(), puzzles[0].grid.size()), (1, 16));
/// assert_eq!(doubt, Some(Ambiguity { line: 1, lines: 16, side: 16 }));
/// assert_eq!(
///     doubt.unwrap().to_string(),
///     "16 lines of 16 cells read as one 16x16 grid; they could also be 16 puzzles of 4x4, \
///      one per line"
/// );
/// # Ok::<(), dlxkit::sudoku::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    /// The first of the lines, counting from 1.
    pub line: usize,
    /// How many lines (a multiple of `side`).
    pub lines: usize,
    /// The side of the grids read: the cells of each line.
    pub side: usize,
}

impl Ambiguity {
    /// The side of the puzzles the lines could also be: the square root of `side`.
    ///
    /// ```
    /// # use dlxkit::sudoku::parse::Ambiguity;
    /// assert_eq!(Ambiguity { line: 1, lines: 64, side: 64 }.small_side(), 8);
    /// ```
    pub fn small_side(&self) -> usize {
        self.side.isqrt()
    }
}

impl std::fmt::Display for Ambiguity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, m) = (self.side, self.small_side());
        let grids = match self.lines / n.max(1) {
            1 => format!("one {n}x{n} grid"),
            g => format!("{g} grids of {n}x{n}"),
        };
        write!(
            f,
            "{} lines of {n} cells read as {grids}; they could also be {} puzzles of {m}x{m}, \
             one per line",
            self.lines, self.lines
        )
    }
}

/// [`parse_puzzles`], with the doubt the reading settled when the text could be read two
/// ways (see [`Ambiguity`]), so that it can be told to the user.
pub fn parse_with_ambiguity(
    text: &str,
    options: &ParseOptions,
) -> Result<(Vec<Puzzle>, Option<Ambiguity>), ParseError> {
    let mut puzzles = Vec::new();
    let mut reader = Reader::new(text, options);
    while let Some(result) = reader.next_puzzle() {
        puzzles.push(result?);
    }
    Ok((puzzles, reader.ambiguity))
}

/// Reads exactly one puzzle.
///
/// ```
/// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
/// let g = parse_grid("12..\n..12\n21..\n..21\n", &ParseOptions::default())?;
/// assert_eq!(g.givens(), 8);
/// assert!(parse_grid("", &ParseOptions::default()).is_err());
/// # Ok::<(), dlxkit::sudoku::parse::ParseError>(())
/// ```
pub fn parse_grid(text: &str, options: &ParseOptions) -> Result<Grid, ParseError> {
    let mut puzzles = parse_puzzles(text, options)?;
    match puzzles.len() {
        1 => Ok(puzzles.pop().expect("one puzzle").grid),
        0 => Err(ParseError {
            line: 1,
            kind: ParseErrorKind::NoPuzzle,
        }),
        found => Err(ParseError {
            line: puzzles[1].line,
            kind: ParseErrorKind::SeveralPuzzles { found },
        }),
    }
}

/// The symbol of a digit: `.` for blank, `1`–`9`, then `A`–`Z`; digits above 35 have none.
///
/// ```
/// use dlxkit::sudoku::parse::symbol_of;
/// assert_eq!((symbol_of(0), symbol_of(9), symbol_of(16)), (Some('.'), Some('9'), Some('G')));
/// assert_eq!(symbol_of(36), None);
/// ```
pub fn symbol_of(digit: u8) -> Option<char> {
    match digit {
        0 => Some('.'),
        1..=9 => Some((b'0' + digit) as char),
        10..=35 => Some((b'A' + digit - 10) as char),
        _ => None,
    }
}

/// The value of a one-character symbol in a grid of side `n`: `Ok(0)` for a blank.
enum Symbol {
    Value(u8),
    Bad,
    TooLarge(usize),
}

fn read_symbol(ch: char, n: usize) -> Symbol {
    let value = match ch {
        '.' | '0' | '_' | '*' | '-' => return Symbol::Value(0),
        '1'..='9' => ch as usize - '0' as usize,
        'A'..='Z' if n > 9 => ch as usize - 'A' as usize + 10,
        'a'..='z' if n > 9 => ch as usize - 'a' as usize + 10,
        _ => return Symbol::Bad,
    };
    if value > n {
        Symbol::TooLarge(value)
    } else {
        Symbol::Value(value as u8)
    }
}

fn read_token(token: &str, n: usize) -> Symbol {
    match token {
        "." | "_" | "*" | "-" => return Symbol::Value(0),
        _ => {}
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Symbol::Bad;
    }
    match token.parse::<usize>() {
        Ok(v) if v <= n => Symbol::Value(v as u8),
        Ok(v) => Symbol::TooLarge(v),
        Err(_) => Symbol::TooLarge(usize::MAX),
    }
}

fn is_blank_token(token: &str) -> bool {
    matches!(token, "." | "_" | "*" | "-")
}

/// Strips a `#` comment and trailing white space.
fn strip_comment(line: &str) -> &str {
    match line.find('#') {
        Some(k) => line[..k].trim_end(),
        None => line.trim_end(),
    }
}

/// Whether a (trimmed) line is a rule between bands in block format, for side `n` (if known).
fn is_rule(line: &str, n: Option<usize>) -> bool {
    if line.is_empty()
        || !line
            .chars()
            .all(|c| "-=+|".contains(c) || c.is_whitespace())
    {
        return false;
    }
    if line.contains(['+', '=']) {
        return true;
    }
    if !line.contains("--") {
        return false; // single dashes between spaces or bars: blanks, or bars only: nothing
    }
    let dashes = line.chars().filter(|&c| c == '-').count();
    n != Some(dashes)
}

/// Whether a (trimmed) line is a frame line of a candidate grid: only `-=+|.:'*` and
/// blanks, with two dashes side by side (`.-----.-----.`, `:-----+-----:`).
fn is_frame(line: &str) -> bool {
    line.contains("--")
        && line
            .chars()
            .all(|c| "-=+|.:'*".contains(c) || c.is_whitespace())
}

/// What is wrong with a cell of a row.
enum Fault {
    /// A character that is not a digit or a blank here.
    Bad(char),
    /// A digit larger than the side.
    TooLarge(usize),
}

/// The cells of a block row: its characters, blanks and `|` dropped.
fn block_cells(line: &str) -> Vec<&str> {
    line.char_indices()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|')
        .map(|(i, c)| &line[i..i + c.len_utf8()])
        .collect()
}

/// The words of a candidate-grid row: its cells, `|` and `:` dropped.
fn candidate_words(line: &str) -> Vec<&str> {
    line.split(|c: char| c.is_whitespace() || c == '|' || c == ':')
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether a line is a row of candidate sets: `n` words (`n` from the side, or the number
/// of words) of distinct digits up to `n`, one of them at least two digits long, and not a
/// row of numbers up to `n` (a token row).
fn is_candidate_row(line: &str, side: Option<usize>) -> bool {
    let words = candidate_words(line);
    let n = side.unwrap_or(words.len());
    if words.len() != n || !(2..=MAX_SYMBOL_SIZE).contains(&n) {
        return false;
    }
    let sets: Option<Vec<Digits>> = words.iter().map(|w| read_set(w, n)).collect();
    let Some(sets) = sets else {
        return false;
    };
    let token_row = words
        .iter()
        .all(|w| matches!(read_token(w, n), Symbol::Value(v) if v > 0));
    sets.iter().any(|d| d.len() >= 2) && !token_row
}

/// A word of distinct digit symbols up to `n`, as a set; `None` if it is anything else.
fn read_set(word: &str, n: usize) -> Option<Digits> {
    let mut set = Digits::EMPTY;
    for ch in word.chars() {
        match read_symbol(ch, n) {
            Symbol::Value(v) if v > 0 && !set.contains(v) => set.insert(v),
            _ => return None,
        }
    }
    Some(set)
}

/// The side `n` of a sukaku word: `n³` characters, most of its digits in their places (the
/// `k`-th character of a cell the digit `k`, the others blanks, `.` or `0`). A puzzle line of
/// the same length (729 is 27²) has its digits in those places by chance only, about one in
/// `n`, so the few a mistyped sukaku has out of place do not make it one (they are then
/// reported). `None` if it is not one.
fn sukaku_side(word: &str) -> Option<usize> {
    let len = word.chars().count();
    let n = (2..=MAX_SYMBOL_SIZE).find(|n| n * n * n == len)?;
    let (mut fits, mut misfits) = (0, 0);
    for (i, ch) in word.chars().enumerate() {
        let k = (i % n) as u8 + 1;
        if ch == '.' || ch == '0' {
            continue;
        }
        if Some(ch.to_ascii_uppercase()) == symbol_of(k) {
            fits += 1;
        } else {
            misfits += 1;
        }
    }
    // A word of n³ characters is also a plain line of side n√n when that is a whole side
    // (64: an 8x8 line or a 4x4 sukaku): a cell without a candidate, which no sukaku puzzle
    // can have, makes it the line.
    let root = len.isqrt();
    if root * root == len && Shape::for_size(root).is_ok() {
        let chars: Vec<char> = word.chars().collect();
        if chars
            .chunks(n)
            .any(|cell| cell.iter().all(|&c| c == '.' || c == '0'))
        {
            return None;
        }
    }
    (fits > 2 * misfits).then_some(n)
}

fn is_header(line: &str) -> bool {
    let mut words = line.split_whitespace();
    matches!(words.next(), Some(w) if w.eq_ignore_ascii_case("grid"))
}

/// One line of the text: its number (from 1) and its content without comments or `\r`.
struct Line<'t> {
    number: usize,
    text: &'t str,
}

struct Reader<'t, 'o> {
    lines: Vec<Line<'t>>,
    pos: usize,
    options: &'o ParseOptions,
    format: Format,
    layout: Option<Arc<Layout>>,
    done: bool,
    /// The doubt settled when the side was read, if any.
    ambiguity: Option<Ambiguity>,
}

/// How the lines of a paragraph whose first line has `m²` cells read (see
/// [`Reader::grid_or_lines`]).
enum Rows {
    /// Each line a whole puzzle of side `m`.
    Puzzles,
    /// Rows of grids of side `m²`.
    Grid,
    /// Both readings fit: rows of grids, with the doubt to report.
    Doubt(Ambiguity),
}

impl<'t, 'o> Reader<'t, 'o> {
    fn new(text: &'t str, options: &'o ParseOptions) -> Reader<'t, 'o> {
        let lines: Vec<Line<'t>> = text
            .split('\n')
            .enumerate()
            .map(|(k, l)| Line {
                number: k + 1,
                text: l.strip_suffix('\r').unwrap_or(l),
            })
            .filter(|l| {
                let t = l.text.trim();
                !t.is_empty() && !t.starts_with('#')
            })
            .collect();
        let mut reader = Reader {
            lines,
            pos: 0,
            options,
            format: options.format,
            layout: None,
            done: false,
            ambiguity: None,
        };
        if reader.format == Format::Auto {
            reader.format = reader.detect();
        }
        reader
    }

    /// The side fixed by the options, if any: the box shape's, or a jigsaw map's (one
    /// symbol per cell) when that side has no box shape, so that a jigsaw of side 5 or 7 on
    /// one line reads as one puzzle. A side with a box shape is read from the puzzle, as
    /// without a map, so that a map of the wrong size is the error reported.
    fn given_side(&self) -> Option<usize> {
        self.options
            .shape
            .map(Shape::size)
            .or_else(|| match &self.options.variant {
                Variant::Jigsaw { regions } => {
                    let cells = regions.chars().filter(|c| !c.is_whitespace()).count();
                    let n = (cells as f64).sqrt().round() as usize;
                    (n > 2 && n * n == cells && Shape::for_size(n).is_err()).then_some(n)
                }
                _ => None,
            })
    }

    /// Whether the paragraph starting at `pos`, whose first line has `m²` cells (numbers
    /// with `tokens`, else characters), is a list of puzzles of side `m`, one per line, or
    /// the rows of grids of side `m²`:
    /// - when `m` has no box shape, grid rows (no puzzle of side `m` can be read);
    /// - a paragraph of one line is a puzzle;
    /// - a digit above `m` in most lines makes grid rows (no puzzle of side `m` has it); in
    ///   fewer than half, puzzles whose odd lines are typos reported on their lines, unless
    ///   the lines also make whole grids (below: a sparse grid has rows of small digits);
    /// - otherwise puzzles, unless the lines also make whole grids: a multiple of `m²`
    ///   lines of `m²` cells with at most `m²/4` digits twice in a row or a column (an empty
    ///   grid, say, or a sparse one with a clash).
    ///   Both readings then fit, and grids are chosen, with the doubt: a list of puzzles
    ///   seldom fits, as each of its lines would hold at most `m` givens.
    fn grid_or_lines(&self, pos: usize, m: usize, tokens: bool) -> Rows {
        let k = m * m;
        let first = self.lines[pos].number;
        let paragraph: Vec<&str> = self.lines[pos..]
            .iter()
            .enumerate()
            .take_while(|(i, l)| l.number == first + i)
            .map(|(_, l)| strip_comment(l.text).trim())
            .collect();
        if Shape::for_size(m).is_err() {
            return Rows::Grid;
        }
        if paragraph.len() == 1 {
            return Rows::Puzzles;
        }
        // A cell's digit (0 for a blank), leniently; `None` for anything else.
        let value = |cell: &str| -> Option<usize> {
            if tokens {
                if is_blank_token(cell) {
                    return Some(0);
                }
                cell.bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| cell.parse().ok())
                    .flatten()
            } else {
                match read_symbol(cell.chars().next()?, MAX_SYMBOL_SIZE) {
                    Symbol::Value(v) => Some(v.into()),
                    _ => None,
                }
            }
        };
        // The cells of a line as a puzzle of side m (a line-format puzzle is its first
        // word), and as a row of a grid.
        let as_puzzle = |line: &'t str| -> Vec<&'t str> {
            match tokens {
                true => line.split_whitespace().collect(),
                false => block_cells(line.split_whitespace().next().unwrap_or("")),
            }
        };
        let as_row = |line: &'t str| -> Vec<&'t str> {
            match tokens {
                true => line.split_whitespace().collect(),
                false => block_cells(line),
            }
        };
        let small = |line: &'t str| {
            as_puzzle(line)
                .iter()
                .all(|&cell| value(cell).is_some_and(|v| v <= m))
        };
        let smalls = paragraph.iter().filter(|line| small(line)).count();
        // Whether the lines make whole grids of side k: a multiple of k lines of k cells, no
        // digit above k, and at most k/4 digits seen twice in a row or a column in each (a
        // grid is a value and may hold a clash or two; a list of puzzles read as rows of
        // one repeats its few digits down every column).
        let grids = Shape::for_size(k).is_ok()
            && paragraph.len() % k == 0
            && paragraph.chunks(k).all(|rows| {
                // Digits seen in each column, and in the row at hand.
                let mut columns = vec![false; k * (k + 1)];
                let mut clashes = 0;
                rows.iter().all(|&line| {
                    let cells = as_row(line);
                    let mut row = vec![false; k + 1];
                    cells.len() == k
                        && cells.iter().enumerate().all(|(col, &cell)| {
                            let v = value(cell).unwrap_or(0);
                            if v > k {
                                return false;
                            }
                            if v > 0 && (row[v] || columns[col * (k + 1) + v]) {
                                clashes += 1;
                            }
                            row[v] = true;
                            columns[col * (k + 1) + v] = true;
                            clashes <= k / 4
                        })
                })
            });
        if smalls < paragraph.len() {
            // Most lines puzzles of side m, the others with a typo, and no grid: puzzles,
            // so that the typo is reported on its line rather than as rows of a grid that
            // is not there (a grid of side m² has few rows with no digit above m).
            return match 2 * smalls > paragraph.len() && !grids {
                true => Rows::Puzzles,
                false => Rows::Grid,
            };
        }
        match grids {
            true => Rows::Doubt(Ambiguity {
                line: first,
                lines: paragraph.len(),
                side: k,
            }),
            false => Rows::Puzzles,
        }
    }

    fn detect(&mut self) -> Format {
        let Some(first) = self.lines.iter().position(|l| !is_header(l.text)) else {
            return Format::Line;
        };
        let text = strip_comment(self.lines[first].text).trim();
        if is_frame(text) {
            // A frame line: the rows below tell a candidate grid from a block.
            let row = self.lines[first..]
                .iter()
                .map(|l| strip_comment(l.text).trim())
                .find(|t| !t.is_empty() && !is_frame(t));
            return match row {
                Some(row) if is_candidate_row(row, self.given_side()) => Format::Candidates,
                _ => Format::Block,
            };
        }
        // A candidate grid's first row may hold givens only: look at the rows below too.
        let side = self.given_side().or(Some(candidate_words(text).len()));
        let rows = self.lines[first..].iter().take(MAX_SYMBOL_SIZE);
        if rows
            .into_iter()
            .any(|l| is_candidate_row(strip_comment(l.text).trim(), side))
        {
            return Format::Candidates;
        }
        if is_rule(text, self.given_side()) || text.contains('|') {
            return Format::Block;
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(&word) = words.first() else {
            return Format::Line;
        };
        let len = word.chars().count();
        let side = self.given_side();
        if sukaku_side(word).is_some_and(|n| side.is_none_or(|s| s == n)) {
            return Format::Sukaku;
        }
        if side.is_some_and(|n| len == n * n && n > 1) && words.len() == 1 {
            return Format::Line;
        }
        let numeric = words.len() > 1
            && words
                .iter()
                .all(|w| is_blank_token(w) || w.bytes().all(|b| b.is_ascii_digit()));
        if len > MAX_SYMBOL_SIZE && !numeric {
            return Format::Line;
        }
        if len == 16 && side.is_none() && !numeric {
            // A 4x4 puzzle on a line, or a row of a 16x16 block.
            match self.grid_or_lines(first, 4, false) {
                Rows::Puzzles => return Format::Line,
                Rows::Grid => {}
                Rows::Doubt(doubt) => self.ambiguity = Some(doubt),
            }
        }
        if numeric {
            return Format::Token;
        }
        if len > MAX_SYMBOL_SIZE || side.is_some_and(|n| len == n * n) {
            return Format::Line;
        }
        Format::Block
    }

    fn fail<T>(&self, number: usize, kind: ParseErrorKind) -> Option<Result<T, ParseError>> {
        Some(Err(ParseError { line: number, kind }))
    }

    /// The shared layout for side `n`, made on the first puzzle.
    fn layout(&mut self, n: usize, number: usize) -> Result<Arc<Layout>, ParseError> {
        if let Some(l) = &self.layout {
            return Ok(l.clone());
        }
        let err = |kind| ParseError { line: number, kind };
        let shape = match self.options.shape {
            Some(s) => s,
            None => match (&self.options.variant, Shape::for_size(n)) {
                (_, Ok(shape)) => shape,
                // A jigsaw's regions replace the boxes: any shape of the side reads it, and a
                // prime side (5, 7) has no other.
                (Variant::Jigsaw { .. }, Err(_)) => Shape::new(1, n).map_err(|e| err(e.into()))?,
                (_, Err(e)) => return Err(err(e.into())),
            },
        };
        let layout = self
            .options
            .variant
            .shared_layout(shape)
            .map_err(|e| err(e.into()))?;
        self.layout = Some(layout.clone());
        Ok(layout)
    }

    /// The side of the text, once known.
    fn side(&self) -> Option<usize> {
        self.layout
            .as_ref()
            .map(|l| l.size())
            .or_else(|| self.given_side())
    }

    fn finish(&mut self, number: usize, cells: Vec<u8>) -> Option<Result<Puzzle, ParseError>> {
        let n = (cells.len() as f64).sqrt().round() as usize;
        let layout = match self.layout(n, number) {
            Ok(l) => l,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        let grid = match Grid::from_cells(layout, cells) {
            Ok(g) => g,
            Err(e) => return self.fail(number, e.into()),
        };
        if self.options.check_givens {
            if let Err(c) = grid.check_givens() {
                return self.fail(number, c.into());
            }
        }
        Some(Ok(Puzzle {
            line: number,
            grid,
            candidates: None,
        }))
    }

    fn next_puzzle(&mut self) -> Option<Result<Puzzle, ParseError>> {
        if self.done {
            return None;
        }
        match self.format {
            Format::Line | Format::Auto => self.next_line(),
            Format::Block => self.next_block(),
            Format::Token => self.next_tokens(),
            Format::Sukaku => self.next_sukaku(),
            Format::Candidates => self.next_candidate_grid(),
        }
    }

    fn next_line(&mut self) -> Option<Result<Puzzle, ParseError>> {
        let line = self.lines.get(self.pos)?;
        let (number, text) = (line.number, line.text.trim_start());
        self.pos += 1;
        let word = text
            .split(|c: char| c.is_whitespace() || c == '#')
            .next()
            .unwrap_or("");
        let found = if word.is_ascii() {
            word.len()
        } else {
            word.chars().count()
        };
        let n = match self.side() {
            Some(n) => {
                if found != n * n {
                    return self.fail(
                        number,
                        ParseErrorKind::WrongLength {
                            expected: n * n,
                            found,
                        },
                    );
                }
                n
            }
            None => {
                let n = (found as f64).sqrt().round() as usize;
                if n * n != found || n == 0 {
                    return self.fail(number, ParseErrorKind::NotSquare { found });
                }
                n
            }
        };
        if n > MAX_SYMBOL_SIZE {
            self.done = true;
            return self.fail(number, ParseErrorKind::TooLargeForSymbols { n });
        }
        let mut cells = Vec::with_capacity(found);
        for (i, ch) in word.chars().enumerate() {
            match read_symbol(ch, n) {
                Symbol::Value(v) => cells.push(v),
                Symbol::Bad => {
                    return self.fail(
                        number,
                        ParseErrorKind::BadSymbol {
                            row: i / n + 1,
                            col: i % n + 1,
                            symbol: ch,
                        },
                    )
                }
                Symbol::TooLarge(digit) => {
                    return self.fail(
                        number,
                        ParseErrorKind::DigitTooLarge {
                            row: i / n + 1,
                            col: i % n + 1,
                            digit,
                            n,
                        },
                    )
                }
            }
        }
        self.finish(number, cells)
    }

    /// A sukaku line: `n` characters per cell.
    fn next_sukaku(&mut self) -> Option<Result<Puzzle, ParseError>> {
        let line = self.lines.get(self.pos)?;
        let (number, text) = (line.number, line.text.trim_start());
        self.pos += 1;
        let word = text
            .split(|c: char| c.is_whitespace() || c == '#')
            .next()
            .unwrap_or("");
        let found = word.chars().count();
        let n = match self.side() {
            Some(n) => n,
            None => match (2..=MAX_SYMBOL_SIZE).find(|n| n * n * n == found) {
                Some(n) => n,
                None => {
                    return self.fail(
                        number,
                        ParseErrorKind::WrongLength {
                            expected: 729,
                            found,
                        },
                    )
                }
            },
        };
        if found != n * n * n {
            return self.fail(
                number,
                ParseErrorKind::WrongLength {
                    expected: n * n * n,
                    found,
                },
            );
        }
        let mut cells = vec![Digits::EMPTY; n * n];
        for (i, ch) in word.chars().enumerate() {
            let (cell, k) = (i / n, i % n + 1);
            let (row, col) = (cell / n + 1, cell % n + 1);
            match read_symbol(ch, n) {
                Symbol::Value(0) => {}
                Symbol::Value(v) if v as usize == k => cells[cell].insert(v),
                Symbol::Value(_) | Symbol::TooLarge(_) => {
                    return self.fail(
                        number,
                        ParseErrorKind::SukakuPosition {
                            row,
                            col,
                            symbol: ch,
                            position: k,
                        },
                    )
                }
                Symbol::Bad => {
                    return self.fail(
                        number,
                        ParseErrorKind::BadSymbol {
                            row,
                            col,
                            symbol: ch,
                        },
                    )
                }
            }
        }
        self.finish_candidates(number, cells)
    }

    /// A grid of candidate sets: `n` rows of `n` words, frame lines and `|` ignored.
    fn next_candidate_grid(&mut self) -> Option<Result<Puzzle, ParseError>> {
        let read = |word: &str, side: usize| {
            read_set(word, side).ok_or_else(|| {
                // The first character that is not a digit of this side (or a repeated one).
                let mut seen = Digits::EMPTY;
                let bad = word
                    .chars()
                    .find(|&ch| match read_symbol(ch, side) {
                        Symbol::Value(v) if v > 0 && !seen.contains(v) => {
                            seen.insert(v);
                            false
                        }
                        _ => true,
                    })
                    .unwrap_or('?');
                match read_symbol(bad, side) {
                    Symbol::TooLarge(digit) => Fault::TooLarge(digit),
                    _ => Fault::Bad(bad),
                }
            })
        };
        match self.next_rows(|line, _| is_frame(line), candidate_words, read)? {
            Ok((start, cells)) => self.finish_candidates(start, cells),
            Err(e) => Some(Err(e)),
        }
    }

    /// A pencil-mark puzzle: its candidates, and its cells with one candidate as givens.
    fn finish_candidates(
        &mut self,
        number: usize,
        cells: Vec<Digits>,
    ) -> Option<Result<Puzzle, ParseError>> {
        let n = (cells.len() as f64).sqrt().round() as usize;
        let layout = match self.layout(n, number) {
            Ok(l) => l,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        if let Some(cell) = cells.iter().position(|d| d.is_empty()) {
            return self.fail(
                number,
                ParseErrorKind::NoCandidate {
                    row: cell / n + 1,
                    col: cell % n + 1,
                },
            );
        }
        let Some(candidates) = Candidates::from_cells(layout, cells) else {
            return self.fail(
                number,
                ParseErrorKind::WrongLength {
                    expected: n * n,
                    found: 0,
                },
            );
        };
        let grid = candidates.singles();
        if self.options.check_givens {
            if let Err(c) = grid.check_givens() {
                return self.fail(number, c.into());
            }
        }
        Some(Ok(Puzzle {
            line: number,
            grid,
            candidates: Some(candidates),
        }))
    }

    /// A block: `n` rows of `n` one-character cells, bars and rule lines ignored.
    fn next_block(&mut self) -> Option<Result<Puzzle, ParseError>> {
        let read = |cell: &str, side: usize| {
            let ch = cell.chars().next().unwrap_or('?');
            match read_symbol(ch, side) {
                Symbol::Value(v) => Ok(v),
                Symbol::Bad => Err(Fault::Bad(ch)),
                Symbol::TooLarge(digit) => Err(Fault::TooLarge(digit)),
            }
        };
        match self.next_rows(is_rule, block_cells, read)? {
            Ok((start, cells)) => self.finish(start, cells),
            Err(e) => Some(Err(e)),
        }
    }

    /// Reads the rows of one puzzle until `n` are read (or the text ends), `n` the side or
    /// the number of cells of the first row: `skip` tells the lines between rows (rules,
    /// frames; given the side once known), `split` a row's cells, `read` a cell's value or
    /// what is wrong with it. On a bad row it still
    /// consumes the puzzle's rows, so that the next puzzle starts in the right place.
    /// Returns the puzzle's first line and its cells.
    #[allow(clippy::type_complexity)]
    fn next_rows<T>(
        &mut self,
        skip: impl Fn(&str, Option<usize>) -> bool,
        split: impl Fn(&str) -> Vec<&str>,
        read: impl Fn(&str, usize) -> Result<T, Fault>,
    ) -> Option<Result<(usize, Vec<T>), ParseError>> {
        let mut cells: Vec<T> = Vec::new();
        let mut rows = 0;
        let mut start = None;
        let mut error: Option<ParseError> = None;
        let mut n = self.side();
        while let Some(line) = self.lines.get(self.pos) {
            let number = line.number;
            let text = strip_comment(line.text).trim();
            self.pos += 1;
            // A known side tells a row of n dashes (blanks) from a rule.
            if text.is_empty() || is_header(text) || skip(text, n) {
                continue;
            }
            let words = split(text);
            if words.is_empty() {
                continue; // a line of bars only
            }
            start.get_or_insert(number);
            let side = *n.get_or_insert(words.len());
            if side > MAX_SYMBOL_SIZE {
                self.done = true;
                return Some(Err(ParseError {
                    line: number,
                    kind: ParseErrorKind::TooLargeForSymbols { n: side },
                }));
            }
            rows += 1;
            if error.is_none() {
                if words.len() != side {
                    error = Some(ParseError {
                        line: number,
                        kind: ParseErrorKind::RowLength {
                            expected: side,
                            found: words.len(),
                        },
                    });
                } else {
                    for (col, word) in words.iter().enumerate() {
                        let (row, col) = (rows, col + 1);
                        let kind = match read(word, side) {
                            Ok(v) => {
                                cells.push(v);
                                continue;
                            }
                            Err(Fault::TooLarge(digit)) => ParseErrorKind::DigitTooLarge {
                                row,
                                col,
                                digit,
                                n: side,
                            },
                            Err(Fault::Bad(symbol)) => {
                                ParseErrorKind::BadSymbol { row, col, symbol }
                            }
                        };
                        error = Some(ParseError { line: number, kind });
                        break;
                    }
                }
            }
            if rows == side {
                break;
            }
        }
        let start = start?;
        if let Some(e) = error {
            return Some(Err(e));
        }
        let side = n.unwrap_or(0);
        if rows < side {
            return Some(Err(self.unfinished(start, side, rows)));
        }
        Some(Ok((start, cells)))
    }

    /// The error for a puzzle starting on line `start` that has `rows` of its `side` rows
    /// when the text ends: a lone first line of cells (block or token format) whose side
    /// nothing else told is no block at all, but a puzzle too short to read (said on its
    /// line); otherwise the rows missing are reported after the last line.
    fn unfinished(&self, start: usize, side: usize, rows: usize) -> ParseError {
        let cells = matches!(self.format, Format::Block | Format::Token);
        if cells && rows == 1 && self.side().is_none() {
            return ParseError {
                line: start,
                kind: ParseErrorKind::LoneRow { found: side },
            };
        }
        ParseError {
            line: self.lines.last().map_or(1, |l| l.number + 1),
            kind: ParseErrorKind::Unfinished {
                expected: side,
                found: rows,
            },
        }
    }

    fn next_tokens(&mut self) -> Option<Result<Puzzle, ParseError>> {
        let mut cells: Vec<u8> = Vec::new();
        let mut rows = 0;
        let mut start = None;
        let mut error: Option<ParseError> = None;
        let mut n = self.side();
        // Whether this puzzle is written on one line.
        let mut whole = false;
        while let Some(line) = self.lines.get(self.pos) {
            let number = line.number;
            let text = strip_comment(line.text);
            let words: Vec<&str> = text.split_whitespace().collect();
            // A rule between bands (`------+-------+------`) is never a row of numbers.
            if words.is_empty() || is_rule(text.trim(), None) {
                self.pos += 1;
                continue;
            }
            let pos = self.pos;
            self.pos += 1;
            if start.is_none() {
                start = Some(number);
                let k = words.len();
                let side = match n {
                    Some(side) => side,
                    None => {
                        let m = k.isqrt();
                        if m * m != k {
                            k
                        } else {
                            match self.grid_or_lines(pos, m, true) {
                                Rows::Puzzles => m,
                                Rows::Grid => k,
                                Rows::Doubt(doubt) => {
                                    self.ambiguity = Some(doubt);
                                    k
                                }
                            }
                        }
                    }
                };
                n = Some(side);
                whole = k == side * side && side > 1;
            }
            let side = n.unwrap_or(0);
            let width = if whole { side * side } else { side };
            rows += 1;
            if error.is_none() {
                if words.len() != width {
                    error = Some(ParseError {
                        line: number,
                        kind: ParseErrorKind::RowLength {
                            expected: width,
                            found: words.len(),
                        },
                    });
                } else {
                    for (k, w) in words.iter().enumerate() {
                        let i = if whole { k } else { (rows - 1) * side + k };
                        let (row, col) = (i / side + 1, i % side + 1);
                        let kind = match read_token(w, side) {
                            Symbol::Value(v) => {
                                cells.push(v);
                                continue;
                            }
                            Symbol::Bad => ParseErrorKind::BadSymbol {
                                row,
                                col,
                                symbol: w.chars().find(|c| !c.is_ascii_digit()).unwrap_or('?'),
                            },
                            Symbol::TooLarge(digit) => ParseErrorKind::DigitTooLarge {
                                row,
                                col,
                                digit,
                                n: side,
                            },
                        };
                        error = Some(ParseError { line: number, kind });
                        break;
                    }
                }
            }
            if whole || rows == side {
                break;
            }
        }
        let start = start?;
        if let Some(e) = error {
            return Some(Err(e));
        }
        let side = n.unwrap_or(0);
        if !whole && rows < side {
            return Some(Err(self.unfinished(start, side, rows)));
        }
        self.finish(start, cells)
    }
}

/// Writes a grid in the line format: `n²` symbols, `.` for blanks. Sides above 35 have no
/// one-character symbols; they are written as `n²` numbers on one line (the token format).
///
/// ```
/// use dlxkit::sudoku::{parse::{parse_grid, to_line, ParseOptions}, Grid, Shape};
/// let mut g = Grid::empty(Shape::new(4, 4)?);
/// g.set(0, 0, 16);
/// g.set(0, 1, 10);
/// let line = to_line(&g);
/// assert!(line.starts_with("GA.."));
/// assert_eq!(parse_grid(&line, &ParseOptions::default())?, g);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_line(grid: &Grid) -> String {
    if grid.size() > MAX_SYMBOL_SIZE {
        return grid
            .cells()
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ");
    }
    // Every symbol is one ASCII byte.
    let bytes: Vec<u8> = grid
        .cells()
        .iter()
        .map(|&d| symbol_of(d).map_or(b'?', |c| c as u8))
        .collect();
    String::from_utf8(bytes).expect("the symbols are ASCII")
}

/// Writes a grid in the token format: `n` lines of `n` numbers, right-aligned, `0` for
/// blanks.
///
/// ```
/// use dlxkit::sudoku::{parse::{parse_grid, to_tokens, ParseOptions}, Grid, Shape};
/// let mut g = Grid::empty(Shape::new(4, 4)?);
/// g.set(1, 2, 12);
/// let text = to_tokens(&g);
/// assert!(text.lines().nth(1).unwrap().starts_with(" 0  0 12  0"));
/// assert_eq!(parse_grid(&text, &ParseOptions::default())?, g);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_tokens(grid: &Grid) -> String {
    let n = grid.size();
    let width = n.to_string().len();
    let mut out = String::new();
    for row in grid.cells().chunks(n.max(1)) {
        let words: Vec<String> = row.iter().map(|d| format!("{d:>width$}")).collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// Where a cell sits, for [`to_pretty_with`].
///
/// ```
/// use dlxkit::sudoku::parse::Cell;
/// let c = Cell { index: 10, row: 1, col: 1, digit: 0 };
/// assert_eq!(c.index, 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The cell, `row * n + col`.
    pub index: usize,
    /// Its row, from 0.
    pub row: usize,
    /// Its column, from 0.
    pub col: usize,
    /// Its digit (0 for blank).
    pub digit: u8,
}

/// Writes a grid as a block with box borders (`|` between boxes, `-+-` rules between
/// bands); jigsaw layouts get no borders, their regions not being boxes. The block format
/// reads it back (sides up to 35; larger sides are written as numbers).
///
/// ```
/// use dlxkit::sudoku::{parse::{parse_grid, to_pretty, ParseOptions}, Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 3)?);
/// g.set(0, 0, 5);
/// let text = to_pretty(&g);
/// assert_eq!(text.lines().next(), Some("5 . . | . . ."));
/// assert_eq!(text.lines().nth(2), Some("------+------"));
/// assert_eq!(parse_grid(&text, &ParseOptions::default().shape(Shape::new(2, 3)?))?, g);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_pretty(grid: &Grid) -> String {
    to_pretty_with(grid, |_, text| text)
}

/// [`to_pretty`], with every cell's text passed through `decorate` (to colour givens, say,
/// with `puzzle.cells()[cell.index] != 0`). The borders are laid out for the undecorated
/// width, so decorations should not change the visible width (terminal colour codes do
/// not).
///
/// ```
/// use dlxkit::sudoku::{parse::to_pretty_with, Grid, Shape};
/// let mut puzzle = Grid::empty(Shape::new(2, 2)?);
/// puzzle.set(0, 0, 1);
/// let text = to_pretty_with(&puzzle, |cell, text| {
///     if puzzle.cells()[cell.index] != 0 { format!("\x1b[1m{text}\x1b[0m") } else { text }
/// });
/// assert!(text.starts_with("\x1b[1m1\x1b[0m . | . ."));
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
pub fn to_pretty_with(grid: &Grid, mut decorate: impl FnMut(Cell, String) -> String) -> String {
    let n = grid.size();
    let shape = grid.shape();
    let borders = !grid.layout().variant_name().contains("jigsaw");
    let numbers = n > MAX_SYMBOL_SIZE;
    let width = if numbers { n.to_string().len() } else { 1 };
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut out = String::new();
    let rule = {
        let segment = "-".repeat(bc * (width + 1) - 1);
        vec![segment; n / bc.max(1)].join("-+-")
    };
    for row in 0..n {
        if borders && row > 0 && row % br == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for col in 0..n {
            if col > 0 {
                out.push(' ');
                if borders && col % bc == 0 {
                    out.push_str("| ");
                }
            }
            let index = row * n + col;
            let digit = grid.cells()[index];
            let text = if numbers {
                if digit == 0 {
                    format!("{:>width$}", ".")
                } else {
                    format!("{digit:>width$}")
                }
            } else {
                symbol_of(digit).unwrap_or('?').to_string()
            };
            let cell = Cell {
                index,
                row,
                col,
                digit,
            };
            let _ = write!(out, "{}", decorate(cell, text));
        }
        out.push('\n');
    }
    out
}

/// A grid read from text, as [`parse_grid`] reads one puzzle in any format it detects, with
/// the box shape inferred from the side. Givens that clash are kept (ask
/// [`Grid::check_givens`]), so that every grid [`Display`](fmt::Display) writes reads back
/// as itself; give [`ParseOptions`] to [`parse_grid`] for other box shapes and variants.
///
/// ```
/// use dlxkit::sudoku::Grid;
/// let g: Grid = "1.34341221434321".parse()?;
/// assert_eq!(g.to_string(), "1.34341221434321");
/// let err = "1.3x341221434321".parse::<Grid>().unwrap_err();
/// assert_eq!(err.to_string(), "line 1: bad symbol `x` at r1c4");
/// # Ok::<(), dlxkit::sudoku::parse::ParseError>(())
/// ```
impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse_grid(text, &ParseOptions::default().check_givens(false))
    }
}

/// A grid as one line ([`to_line`]); with `{:#}`, as a block with box borders
/// ([`to_pretty`]), or for sides above 35 as `n` lines of numbers ([`to_tokens`]). Both read
/// back as the grid ([`Grid::from_str`](std::str::FromStr)); the layout's variant is not
/// written.
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// g.set(0, 0, 3);
/// assert_eq!(format!("{g}"), "3...............");
/// assert_eq!(format!("{g:#}").lines().next(), Some("3 . | . ."));
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (f.alternate(), self.size() > MAX_SYMBOL_SIZE) {
            (true, false) => f.write_str(&to_pretty(self)),
            (true, true) => f.write_str(&to_tokens(self)),
            (false, _) => f.write_str(&to_line(self)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_lines_and_rows_of_dashes() {
        assert!(is_rule("------+-------+------", Some(9)));
        assert!(is_rule("---------------------", Some(9)));
        assert!(is_rule("=====", None));
        assert!(!is_rule("- - - | - - - | - - -", Some(9)));
        assert!(!is_rule("- - - | - - - | - - -", None));
        assert!(!is_rule("---------", Some(9)));
        assert!(is_rule("---------", None));
        assert!(!is_rule("| |", Some(9)));
        assert!(!is_rule("53..7....", Some(9)));
    }

    #[test]
    fn symbols() {
        assert!(matches!(read_symbol('g', 16), Symbol::Value(16)));
        assert!(matches!(read_symbol('H', 16), Symbol::TooLarge(17)));
        assert!(matches!(read_symbol('A', 9), Symbol::Bad));
        assert!(matches!(read_symbol('5', 4), Symbol::TooLarge(5)));
        assert!(matches!(
            read_token("99999999999999999999999", 9),
            Symbol::TooLarge(_)
        ));
        assert!(matches!(read_token("1x", 9), Symbol::Bad));
    }
}
