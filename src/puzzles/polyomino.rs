//! Polyomino packing: fill a board, drawn as text, with a set of flat pieces, each used once.
//!
//! ## The encoding
//!
//! There is one primary item per piece (named as the piece, `F`, `I`, `L`...) and one primary
//! item per board cell (named `row,column`, counting from 0). Every way to lay a piece on the
//! board, turned and flipped as allowed, is an option: the piece's item and the items of the
//! five (or however many) cells it covers. A solution covers each cell once and uses each
//! piece once: exactly a packing. The pieces come first in the item order, so when the search
//! hesitates between equally constrained items it tries to place a piece.
//!
//! Pieces may turn and flip (*free* pieces, the usual rule for pentominoes) or only turn
//! ([`PolyominoOptions::one_sided`]). A piece marked *unlimited* may be used any number of times
//! and has no item of its own: [`PolyominoSet::dominoes`] tiles a board with dominoes that way.
//!
//! ## Symmetry reduction
//!
//! A board with symmetries (a rectangle has 4, a square 8) has its solutions in classes of
//! mirror images and rotations. With [`SymmetryReduction::Auto`] one piece is restricted to one
//! placement in each class of its placements, so every class of solutions is counted once:
//! for the 6x10 rectangle the X pentomino keeps 8 of its 32 positions (its centre in one
//! quarter of the board), as in Knuth's programs. When a kept placement is itself symmetric
//! (the X centred on the middle row of a 5x12 box, or on a diagonal of the 8x8 square) the
//! symmetry left is broken by a second, asymmetric piece through a secondary item; the details
//! are in the module documentation of the packing core and in [`SymmetryReport`]. With
//! one-sided pieces, a reflection of the board counts as a symmetry only when it carries the
//! piece set onto itself (each piece onto its mirror image).
//!
//! ## Text formats
//!
//! A **board** is drawn one row per line: a space or `.` is a hole (not part of the board),
//! any other character is a cell, so `#`/`.` and `x`/space drawings both work. Blank lines
//! before and after the drawing are ignored; tabs are refused (their width is ambiguous).
//!
//! ```text
//! ########
//! ###..###      an 8x8 square with its central 2x2 hole
//! ```
//!
//! A **piece set** is a list of pieces, each a *name line* then its drawing. A name line is a
//! name followed by `:` and, optionally, the word `unlimited`; names follow the item rules (no
//! white space, `|` or `:`). Drawings use the board syntax; blank lines are ignored, and lines
//! starting with `|` are comments.
//!
//! ```text
//! | two pentominoes
//! F:
//! .##
//! ##.
//! .#.
//! I:
//! #####
//! ```
//!
//! ```
//! use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoSet, PolyominoPacking};
//! use dlxkit::puzzles::Puzzle;
//! let board = Board::parse("xxxxx\nxxxxx\nxxxxx\nxxxxx")?;
//! let tetrominoes = PolyominoSet::tetrominoes();
//! let puzzle = PolyominoPacking::new(&board, &tetrominoes, &PolyominoOptions::default())?;
//! assert_eq!(puzzle.count(), 0); // 20 cells, but T breaks the chessboard balance
//! # Ok::<(), dlxkit::puzzles::PuzzleError>(())
//! ```

use std::collections::HashMap;

use super::geometry::{self, Cell, CellBounds, Layout, PackingProblem, PieceSpec};
use super::picture::{self, square, Point, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError, SymmetryReduction, SymmetryReport};
use crate::svg::Svg;
use crate::xc::problem::check_item_name;
use crate::xc::{OptionId, Problem};

/// The most cells a board may have.
///
/// ```
/// use dlxkit::puzzles::polyomino::{Board, MAX_BOARD_CELLS};
/// assert!(Board::rectangle(1, MAX_BOARD_CELLS + 1).is_err());
/// ```
pub const MAX_BOARD_CELLS: usize = 10_000;
/// The most cells a piece may have.
///
/// ```
/// use dlxkit::puzzles::polyomino::{Polyomino, MAX_PIECE_CELLS};
/// assert!(Polyomino::new("I", (0..=MAX_PIECE_CELLS).map(|c| (0, c))).is_err());
/// ```
pub const MAX_PIECE_CELLS: usize = 100;
/// The most pieces a set may have.
///
/// ```
/// use dlxkit::puzzles::polyomino::{Polyomino, PolyominoSet, MAX_PIECES};
/// let many: Vec<Polyomino> = (0..=MAX_PIECES)
///     .map(|k| Polyomino::new(&format!("p{k}"), [(0, 0)]).unwrap())
///     .collect();
/// assert!(PolyominoSet::new(many).is_err());
/// ```
pub const MAX_PIECES: usize = 1_000;

/// A board: a set of cells `(row, column)`, counting from 0.
///
/// ```
/// use dlxkit::puzzles::polyomino::Board;
/// let board = Board::parse("###\n#.#\n###\n")?;
/// assert_eq!(board.cells().len(), 8);
/// assert!(!board.contains(1, 1));
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Vec<(usize, usize)>,
}

fn parse_error(line: usize, column: usize, message: impl Into<String>) -> PuzzleError {
    PuzzleError::Parse {
        line,
        column,
        message: message.into(),
    }
}

/// Reads one drawn row: `Ok(columns of the cells)`.
fn drawing_row(text: &str, line: usize) -> Result<Vec<usize>, PuzzleError> {
    let mut out = Vec::new();
    for (col, ch) in text.chars().enumerate() {
        match ch {
            ' ' | '.' => {}
            '\t' => {
                return Err(parse_error(
                    line,
                    col + 1,
                    "tabs are not allowed in drawings (use spaces or `.` for holes)",
                ))
            }
            c if c.is_control() => {
                return Err(parse_error(line, col + 1, "control character in a drawing"))
            }
            _ => {
                // A drawing line longer than any board is refused before it fills memory.
                if out.len() == MAX_BOARD_CELLS {
                    return Err(PuzzleError::TooLarge {
                        what: "the number of cells drawn on one line",
                        value: out.len() + 1,
                        max: MAX_BOARD_CELLS,
                    });
                }
                out.push(col);
            }
        }
    }
    Ok(out)
}

impl Board {
    /// Reads a board drawn as text (see the module documentation for the syntax).
    ///
    /// ```
    /// use dlxkit::puzzles::{polyomino::Board, PuzzleError};
    /// let board = Board::parse("
    /// xxx
    /// x x
    /// ")?;
    /// assert_eq!(board.cells(), [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)]);
    /// assert!(matches!(Board::parse("#\t#"), Err(PuzzleError::Parse { line: 1, column: 2, .. })));
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Board, PuzzleError> {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|l| !l.trim().is_empty());
        let mut cells = Vec::new();
        if let Some(first) = first {
            for (k, line) in lines.iter().enumerate().skip(first) {
                for col in drawing_row(line, k + 1)? {
                    cells.push((k - first, col));
                    if cells.len() > MAX_BOARD_CELLS {
                        return Err(PuzzleError::TooLarge {
                            what: "the number of board cells",
                            value: cells.len(),
                            max: MAX_BOARD_CELLS,
                        });
                    }
                }
            }
        }
        Board::from_cells(cells)
    }

    /// An `rows` x `cols` rectangle.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Board;
    /// assert_eq!(Board::rectangle(6, 10)?.cells().len(), 60);
    /// assert!(Board::rectangle(0, 10).is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn rectangle(rows: usize, cols: usize) -> Result<Board, PuzzleError> {
        for (what, value) in [("board rows", rows), ("board columns", cols)] {
            if value == 0 {
                return Err(PuzzleError::TooSmall {
                    what,
                    value,
                    min: 1,
                });
            }
        }
        let cells = rows.saturating_mul(cols);
        if cells > MAX_BOARD_CELLS {
            return Err(PuzzleError::TooLarge {
                what: "the number of board cells",
                value: cells,
                max: MAX_BOARD_CELLS,
            });
        }
        Board::from_cells((0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))))
    }

    /// A board made of the given cells (repeats are ignored).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Board;
    /// let b = Board::from_cells([(0, 1), (0, 0)])?;
    /// assert_eq!(b.cells(), [(0, 0), (0, 1)]);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn from_cells<I>(cells: I) -> Result<Board, PuzzleError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let bounds = CellBounds {
            count: "the number of board cells",
            max_cells: MAX_BOARD_CELLS,
            coordinate: "a board coordinate",
            max_coordinate: i32::MAX as usize / 4,
        };
        let cells =
            geometry::checked_cells(|| "the board".to_string(), cells, |c| c.0.max(c.1), &bounds)?;
        Ok(Board { cells })
    }

    /// The same board with some cells taken out (cells not on the board are ignored).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Board;
    /// let b = Board::rectangle(8, 8)?.without(&[(3, 3), (3, 4), (4, 3), (4, 4)])?;
    /// assert_eq!(b.cells().len(), 60);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn without(&self, holes: &[(usize, usize)]) -> Result<Board, PuzzleError> {
        Board::from_cells(self.cells.iter().copied().filter(|c| !holes.contains(c)))
    }

    /// The cells, sorted by row then column.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Board;
    /// assert_eq!(Board::rectangle(1, 2)?.cells(), [(0, 0), (0, 1)]);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// Whether `(row, col)` is a cell of the board.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Board;
    /// assert!(Board::rectangle(2, 2)?.contains(1, 1));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn contains(&self, row: usize, col: usize) -> bool {
        self.cells.binary_search(&(row, col)).is_ok()
    }

    /// The number of rows and columns of the smallest rectangle from `(0, 0)` holding the
    /// board.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Board;
    /// assert_eq!(Board::rectangle(3, 20)?.size(), (3, 20));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn size(&self) -> (usize, usize) {
        let rows = self.cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
        let cols = self.cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        (rows, cols)
    }
}

/// A flat piece: a name and its cells `(row, column)`.
///
/// ```
/// use dlxkit::puzzles::polyomino::Polyomino;
/// let v = Polyomino::new("V", [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)])?;
/// assert_eq!(v.cells().len(), 5);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polyomino {
    name: String,
    cells: Vec<(usize, usize)>,
    unlimited: bool,
}

impl Polyomino {
    /// A piece with the given name (an item name: no white space, `|` or `:`) and cells.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Polyomino;
    /// assert!(Polyomino::new("two words", [(0, 0)]).is_err());
    /// assert!(Polyomino::new("empty", []).is_err());
    /// ```
    pub fn new<I>(name: &str, cells: I) -> Result<Polyomino, PuzzleError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let cells = geometry::piece_cells(name, cells, |c| c.0.max(c.1), MAX_PIECE_CELLS)?;
        Ok(Polyomino {
            name: name.to_string(),
            cells,
            unlimited: false,
        })
    }

    /// The same piece, usable any number of times (it then has no item of its own).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Polyomino;
    /// assert!(Polyomino::new("D", [(0, 0), (0, 1)])?.unlimited().is_unlimited());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn unlimited(mut self) -> Polyomino {
        self.unlimited = true;
        self
    }

    /// Whether the piece may be used any number of times.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Polyomino;
    /// assert!(!Polyomino::new("D", [(0, 0), (0, 1)])?.is_unlimited());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn is_unlimited(&self) -> bool {
        self.unlimited
    }

    /// The piece's name.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert_eq!(PolyominoSet::pentominoes().pieces()[0].name(), "F");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The piece's cells as drawn, sorted.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert_eq!(PolyominoSet::pentominoes().pieces()[1].cells().len(), 5);
    /// ```
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The character that draws the piece: the first character of its name.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::Polyomino;
    /// assert_eq!(Polyomino::new("Zed", [(0, 0)])?.label(), 'Z');
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn label(&self) -> char {
        self.name.chars().next().unwrap_or('?')
    }

    fn spec(&self) -> PieceSpec {
        PieceSpec {
            name: self.name.clone(),
            cells: self.cells.iter().map(|&(r, c)| cell(r, c)).collect(),
            unlimited: self.unlimited,
        }
    }
}

fn cell(r: usize, c: usize) -> Cell {
    [r as i32, c as i32, 0]
}

/// Turns a built-in drawing (`#` cells, rows separated by `/`) into a piece.
fn drawn(name: &str, drawing: &str) -> Polyomino {
    let mut cells = Vec::new();
    for (r, row) in drawing.split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.push((r, c));
            }
        }
    }
    Polyomino {
        name: name.to_string(),
        cells,
        unlimited: false,
    }
}

/// A set of pieces with distinct names.
///
/// ```
/// use dlxkit::puzzles::polyomino::PolyominoSet;
/// let set = PolyominoSet::parse("A:\n##\nB: unlimited\n#\n")?;
/// assert_eq!(set.pieces().len(), 2);
/// assert!(set.pieces()[1].is_unlimited());
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyominoSet {
    pieces: Vec<Polyomino>,
}

impl PolyominoSet {
    /// A set of the given pieces; names must be distinct.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::{Polyomino, PolyominoSet};
    /// let a = Polyomino::new("A", [(0, 0)])?;
    /// assert!(PolyominoSet::new(vec![a.clone(), a]).is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(pieces: Vec<Polyomino>) -> Result<PolyominoSet, PuzzleError> {
        let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
        geometry::check_piece_names(&names, MAX_PIECES)?;
        Ok(PolyominoSet { pieces })
    }

    /// Reads a piece set (see the module documentation for the syntax).
    ///
    /// ```
    /// use dlxkit::puzzles::{polyomino::PolyominoSet, PuzzleError};
    /// let set = PolyominoSet::parse("| the L tromino\nL:\n#.\n##\n")?;
    /// assert_eq!(set.pieces()[0].cells(), [(0, 0), (1, 0), (1, 1)]);
    /// let err = PolyominoSet::parse("##\n").unwrap_err();
    /// assert!(matches!(err, PuzzleError::Parse { line: 1, column: 1, .. }));
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn parse(text: &str) -> Result<PolyominoSet, PuzzleError> {
        // (name, line of the name, unlimited, cells, rows drawn so far)
        struct Draft {
            name: String,
            line: usize,
            unlimited: bool,
            cells: Vec<(usize, usize)>,
            rows: usize,
        }
        let mut drafts: Vec<Draft> = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('|') {
                continue;
            }
            if let Some(colon) = raw.find(':') {
                let name_part = &raw[..colon];
                let name = name_part.trim();
                let name_column = name_part.chars().take_while(|c| c.is_whitespace()).count() + 1;
                if let Err(e) = check_item_name(name) {
                    return Err(parse_error(line, name_column, e.to_string()));
                }
                if let Some(previous) = drafts.iter().find(|d| d.name == name) {
                    return Err(parse_error(
                        line,
                        name_column,
                        format!("piece {name} is already defined on line {}", previous.line),
                    ));
                }
                let mut unlimited = false;
                let rest = &raw[colon + 1..];
                let rest_column = raw[..=colon].chars().count() + 1;
                let mut column = rest_column;
                for word in rest.split(' ') {
                    match word {
                        "" => {}
                        "unlimited" => unlimited = true,
                        other => {
                            return Err(parse_error(
                                line,
                                column,
                                format!(
                                    "unknown attribute `{other}` (the only one is `unlimited`)"
                                ),
                            ))
                        }
                    }
                    column += word.chars().count() + 1;
                }
                if drafts.len() == MAX_PIECES {
                    return Err(PuzzleError::TooLarge {
                        what: "the number of pieces",
                        value: MAX_PIECES + 1,
                        max: MAX_PIECES,
                    });
                }
                drafts.push(Draft {
                    name: name.to_string(),
                    line,
                    unlimited,
                    cells: Vec::new(),
                    rows: 0,
                });
                continue;
            }
            let Some(draft) = drafts.last_mut() else {
                let column = raw.chars().take_while(|c| c.is_whitespace()).count() + 1;
                return Err(parse_error(
                    line,
                    column,
                    "a drawing must follow a name line such as `F:`",
                ));
            };
            for col in drawing_row(raw, line)? {
                draft.cells.push((draft.rows, col));
            }
            draft.rows += 1;
            if draft.cells.len() > MAX_PIECE_CELLS || draft.rows > MAX_PIECE_CELLS * 10 {
                return Err(parse_error(
                    line,
                    1,
                    format!(
                        "piece {} is too large (at most {MAX_PIECE_CELLS} cells)",
                        draft.name
                    ),
                ));
            }
        }
        let mut pieces = Vec::with_capacity(drafts.len());
        for d in drafts {
            if d.cells.is_empty() {
                return Err(parse_error(
                    d.line,
                    1,
                    format!("piece {} has no cells", d.name),
                ));
            }
            let piece = Polyomino::new(&d.name, d.cells)?;
            pieces.push(if d.unlimited {
                piece.unlimited()
            } else {
                piece
            });
        }
        PolyominoSet::new(pieces)
    }

    /// The twelve pentominoes, named by the letters they resemble: F I L N P T U V W X Y Z.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// let names: String = PolyominoSet::pentominoes().pieces().iter().map(|p| p.label()).collect();
    /// assert_eq!(names, "FILNPTUVWXYZ");
    /// ```
    pub fn pentominoes() -> PolyominoSet {
        PolyominoSet {
            pieces: vec![
                drawn("F", ".##/##./.#."),
                drawn("I", "#####"),
                drawn("L", "####/#..."),
                drawn("N", "##../.###"),
                drawn("P", "##/##/#."),
                drawn("T", "###/.#./.#."),
                drawn("U", "#.#/###"),
                drawn("V", "#../#../###"),
                drawn("W", "#../##./.##"),
                drawn("X", ".#./###/.#."),
                drawn("Y", "####/.#.."),
                drawn("Z", "##./.#./.##"),
            ],
        }
    }

    /// The five tetrominoes I O T S L (free: turned and flipped, S is also Z and L also J).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert_eq!(PolyominoSet::tetrominoes().pieces().len(), 5);
    /// ```
    pub fn tetrominoes() -> PolyominoSet {
        PolyominoSet {
            pieces: vec![
                drawn("I", "####"),
                drawn("O", "##/##"),
                drawn("T", "###/.#."),
                drawn("S", ".##/##."),
                drawn("L", "###/#.."),
            ],
        }
    }

    /// The seven one-sided tetrominoes I O T S Z L J (use with
    /// [`PolyominoOptions::one_sided`]).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert_eq!(PolyominoSet::one_sided_tetrominoes().pieces().len(), 7);
    /// ```
    pub fn one_sided_tetrominoes() -> PolyominoSet {
        PolyominoSet {
            pieces: vec![
                drawn("I", "####"),
                drawn("O", "##/##"),
                drawn("T", "###/.#."),
                drawn("S", ".##/##."),
                drawn("Z", "##./.##"),
                drawn("L", "###/#.."),
                drawn("J", "###/..#"),
            ],
        }
    }

    /// One domino `D`, usable any number of times: packing a board with this set counts its
    /// domino tilings (see also [`crate::puzzles::dominoes`]).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoSet, PolyominoPacking};
    /// use dlxkit::puzzles::Puzzle;
    /// let p = PolyominoPacking::new(&Board::rectangle(4, 4)?, &PolyominoSet::dominoes(), &PolyominoOptions::default())?;
    /// assert_eq!(p.count(), 36);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn dominoes() -> PolyominoSet {
        PolyominoSet {
            pieces: vec![drawn("D", "##").unlimited()],
        }
    }

    /// The monomino `M`, the domino `D` and the two trominoes, straight `I` and bent `L`,
    /// each usable any number of times: the tilings of an 8x8 board by them number
    /// 92,109,458,286,284,989,468,604, which only the memoised search
    /// ([`crate::xc::memo`]) can count.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoPacking, PolyominoSet};
    /// use dlxkit::puzzles::Puzzle;
    /// let set = PolyominoSet::mono_domino_tromino();
    /// let p = PolyominoPacking::new(&Board::rectangle(2, 2)?, &set, &PolyominoOptions::default())?;
    /// // four monominoes; a domino and two monominoes (4 ways); two dominoes (2); an L and a
    /// // monomino (4)
    /// assert_eq!(p.count(), 1 + 4 + 2 + 4);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn mono_domino_tromino() -> PolyominoSet {
        PolyominoSet {
            pieces: vec![
                drawn("M", "#").unlimited(),
                drawn("D", "##").unlimited(),
                drawn("I", "###").unlimited(),
                drawn("L", "##/#.").unlimited(),
            ],
        }
    }

    /// The pieces, in order.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert_eq!(PolyominoSet::tetrominoes().pieces()[1].name(), "O");
    /// ```
    pub fn pieces(&self) -> &[Polyomino] {
        &self.pieces
    }

    /// The number of cells of all pieces together (unlimited pieces counted once).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert_eq!(PolyominoSet::pentominoes().cell_count(), 60);
    /// ```
    pub fn cell_count(&self) -> usize {
        self.pieces.iter().map(|p| p.cells.len()).sum()
    }

    /// The number of cells of the pieces used exactly once (every piece but the unlimited
    /// ones).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// let set = PolyominoSet::parse("M:\n#\nD: unlimited\n##\n")?;
    /// assert_eq!((set.cell_count(), set.fixed_cell_count()), (3, 1));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn fixed_cell_count(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| !p.unlimited)
            .map(|p| p.cells.len())
            .sum()
    }

    /// Whether the pieces can cover exactly `cells` cells, counting area alone: the pieces
    /// used once cover [`fixed_cell_count`](Self::fixed_cell_count) of them, and copies of
    /// the unlimited pieces, any number of each, must make up the rest. A packing needs this,
    /// and it is quick, so it is worth checking before a large problem is built (a 100x100
    /// board and the pentominoes: a problem of about 190 MB, for nothing).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::PolyominoSet;
    /// assert!(PolyominoSet::pentominoes().fills_area(60));
    /// assert!(!PolyominoSet::pentominoes().fills_area(10_000));
    /// assert!(!PolyominoSet::dominoes().fills_area(9));
    /// let set = PolyominoSet::parse("M:\n#\nD: unlimited\n##\n")?;
    /// assert!(set.fills_area(9) && !set.fills_area(8) && !set.fills_area(0));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn fills_area(&self, cells: usize) -> bool {
        let Some(rest) = cells.checked_sub(self.fixed_cell_count()) else {
            return false;
        };
        let mut sizes: Vec<usize> = self
            .pieces
            .iter()
            .filter(|p| p.unlimited)
            .map(|p| p.cells.len())
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        let Some(&largest) = sizes.last() else {
            return rest == 0;
        };
        // Past largest², every multiple of the sizes' gcd is a sum of sizes (the Frobenius
        // number of a set is below the square of its largest member); below, count them out.
        if rest >= largest * largest {
            let gcd = sizes.iter().fold(0, |g, &s| gcd(g, s));
            return rest % gcd == 0;
        }
        let mut reachable = vec![false; rest + 1];
        reachable[0] = true;
        for total in 1..=rest {
            reachable[total] = sizes.iter().any(|&s| s <= total && reachable[total - s]);
        }
        reachable[rest]
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// How pieces may move, and whether to count up to the board's symmetries.
///
/// ```
/// use dlxkit::puzzles::{polyomino::PolyominoOptions, SymmetryReduction};
/// let options = PolyominoOptions { one_sided: true, ..PolyominoOptions::default() };
/// assert_eq!(options.symmetry, SymmetryReduction::None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyominoOptions {
    /// Pieces may turn but not flip over.
    pub one_sided: bool,
    /// Count every solution, or one per class of symmetric solutions.
    pub symmetry: SymmetryReduction,
}

/// One piece laid on the board.
///
/// ```
/// use dlxkit::puzzles::{polyomino::pentomino_rectangle, Puzzle};
/// use dlxkit::xc::OptionId;
/// let p = pentomino_rectangle(6, 10, false)?;
/// let first = p.placement(OptionId::new(0)).unwrap();
/// assert_eq!((first.piece, first.cells.len()), (0, 5));
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The piece's index in the piece set.
    pub piece: usize,
    /// The cells it covers `(row, column)`, sorted.
    pub cells: Vec<(usize, usize)>,
}

/// A solution: the placements chosen.
///
/// ```
/// use dlxkit::puzzles::{polyomino::pentomino_rectangle, Puzzle};
/// let p = pentomino_rectangle(3, 20, true)?;
/// let tiling = p.first()?.unwrap();
/// assert_eq!(tiling.placements.len(), 12);
/// p.validate(&tiling)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiling {
    /// One placement per piece used.
    pub placements: Vec<Placement>,
}

/// A polyomino packing puzzle: a board, a piece set, and its exact cover problem.
///
/// ```
/// use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoSet, PolyominoPacking};
/// use dlxkit::puzzles::Puzzle;
/// // The 8x8 square without its centre: Dana Scott's 1958 problem.
/// let board = Board::parse("
/// xxxxxxxx
/// xxxxxxxx
/// xxxxxxxx
/// xxx  xxx
/// xxx  xxx
/// xxxxxxxx
/// xxxxxxxx
/// xxxxxxxx
/// ")?;
/// assert_eq!(board.cells().len(), 60);
/// let p = PolyominoPacking::new(&board, &PolyominoSet::pentominoes(), &PolyominoOptions::default())?;
/// let tiling = p.first()?.unwrap();
/// p.validate(&tiling)?;
/// assert_eq!(p.render(&tiling).lines().count(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PolyominoPacking {
    board: Board,
    pieces: PolyominoSet,
    options: PolyominoOptions,
    core: PackingProblem,
    placements: Vec<Placement>,
}

impl PolyominoPacking {
    /// Builds the packing problem.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoSet, PolyominoPacking};
    /// use dlxkit::puzzles::Puzzle;
    /// // The five tetrominoes cannot fill a 4x5 rectangle (colour it like a chessboard).
    /// let p = PolyominoPacking::new(&Board::rectangle(4, 5)?, &PolyominoSet::tetrominoes(), &PolyominoOptions::default())?;
    /// assert_eq!(p.count(), 0);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(
        board: &Board,
        pieces: &PolyominoSet,
        options: &PolyominoOptions,
    ) -> Result<PolyominoPacking, PuzzleError> {
        let cells: Vec<Cell> = board.cells.iter().map(|&(r, c)| cell(r, c)).collect();
        let specs: Vec<PieceSpec> = pieces.pieces.iter().map(Polyomino::spec).collect();
        let ambient = geometry::plane_motions(true);
        let motions = geometry::plane_motions(!options.one_sided);
        let layout = Layout {
            cells: &cells,
            cell_names: board
                .cells
                .iter()
                .map(|(r, c)| format!("{r},{c}"))
                .collect(),
            pieces: &specs,
            ambient: &ambient,
            motions: &motions,
        };
        let core = geometry::build(&layout, &options.symmetry)?;
        let placements = core
            .placements
            .iter()
            .map(|p| Placement {
                piece: p.piece,
                cells: p.cells.iter().map(|&i| board.cells[i]).collect(),
            })
            .collect();
        Ok(PolyominoPacking {
            board: board.clone(),
            pieces: pieces.clone(),
            options: options.clone(),
            core,
            placements,
        })
    }

    /// The board.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::pentomino_rectangle;
    /// assert_eq!(pentomino_rectangle(5, 12, false)?.board().size(), (5, 12));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece set.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::pentomino_rectangle;
    /// assert_eq!(pentomino_rectangle(5, 12, false)?.pieces().pieces().len(), 12);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn pieces(&self) -> &PolyominoSet {
        &self.pieces
    }

    /// The options the problem was built with.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::pentomino_rectangle;
    /// assert!(!pentomino_rectangle(5, 12, false)?.options().one_sided);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn options(&self) -> &PolyominoOptions {
        &self.options
    }

    /// What option `option` places, if the problem has it.
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::pentomino_rectangle;
    /// use dlxkit::xc::OptionId;
    /// let p = pentomino_rectangle(6, 10, true)?;
    /// assert!(p.placement(OptionId::new(1_000_000)).is_none());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn placement(&self, option: OptionId) -> Option<&Placement> {
        self.placements.get(option.index())
    }

    /// Every placement, indexed by option.
    ///
    /// ```
    /// use dlxkit::puzzles::{polyomino::pentomino_rectangle, Puzzle};
    /// let p = pentomino_rectangle(6, 10, false)?;
    /// assert_eq!(p.placements().len(), p.problem().option_count());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// What the symmetry reduction did (`None` without reduction).
    ///
    /// ```
    /// use dlxkit::puzzles::polyomino::pentomino_rectangle;
    /// let p = pentomino_rectangle(5, 12, true)?;
    /// let report = p.symmetry().unwrap();
    /// assert_eq!(report.piece.as_deref(), Some("X"));
    /// assert!(report.helper.is_some()); // X on the middle row is symmetric
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn symmetry(&self) -> Option<&SymmetryReport> {
        self.core.report.as_ref()
    }
}

impl Puzzle for PolyominoPacking {
    type Solution = Tiling;

    fn problem(&self) -> &Problem {
        &self.core.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let p = self.placement(option)?;
        Some(geometry::describe(
            &self.pieces.pieces[p.piece].name,
            p.cells.iter().map(|(r, c)| format!("{r},{c}")),
        ))
    }

    fn decode(&self, options: &[OptionId]) -> Result<Tiling, InvalidSolution> {
        Ok(Tiling {
            placements: geometry::chosen(&self.placements, options)?,
        })
    }

    fn validate(&self, tiling: &Tiling) -> Result<(), InvalidSolution> {
        let placed: Vec<(usize, Vec<Cell>)> = tiling
            .placements
            .iter()
            .map(|p| (p.piece, p.cells.iter().map(|&(r, c)| cell(r, c)).collect()))
            .collect();
        self.core.check(&placed)
    }

    fn render(&self, tiling: &Tiling) -> String {
        let (rows, cols) = self.board.size();
        let mut grid = vec![vec!['.'; cols]; rows];
        for (r, c) in &self.board.cells {
            grid[*r][*c] = ' ';
        }
        let mut owner: HashMap<(usize, usize), usize> = HashMap::new();
        for (k, p) in tiling.placements.iter().enumerate() {
            for &c in &p.cells {
                owner.insert(c, k);
            }
        }
        let mut labels: Vec<char> = vec!['?'; tiling.placements.len()];
        for (k, p) in tiling.placements.iter().enumerate() {
            let Some(piece) = self.pieces.pieces.get(p.piece) else {
                continue;
            };
            if !piece.unlimited {
                labels[k] = piece.label();
                continue;
            }
            // Copies of an unlimited piece get letters that differ from their neighbours'.
            let mut taken = Vec::new();
            for &(r, c) in &p.cells {
                let around = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for n in around {
                    if let Some(&j) = owner.get(&n) {
                        if j < k {
                            taken.push(labels[j]);
                        }
                    }
                }
            }
            labels[k] = ('a'..='z').find(|l| !taken.contains(l)).unwrap_or('?');
        }
        for (k, p) in tiling.placements.iter().enumerate() {
            for &(r, c) in &p.cells {
                if r < rows && c < cols {
                    grid[r][c] = labels[k];
                }
            }
        }
        let mut out = String::new();
        for row in grid {
            let line: String = row.into_iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// Each piece in its own colour, with its letter.
    fn draw(&self, tiling: &Tiling) -> Option<Svg> {
        let board: Vec<Vec<Point>> = self
            .board
            .cells
            .iter()
            .map(|&(r, c)| square(r, c, CELL))
            .collect();
        let tiles: Vec<Tile> = tiling
            .placements
            .iter()
            .map(|p| Tile {
                colour: p.piece,
                name: self
                    .pieces
                    .pieces
                    .get(p.piece)
                    .map_or_else(|| "?".to_string(), |q| q.name.clone()),
                cells: p.cells.iter().map(|&(r, c)| square(r, c, CELL)).collect(),
                cell_labels: None,
            })
            .collect();
        Some(picture::tiling(&board, &tiles, CELL / 2.0))
    }
}

/// The side of a square in the pictures, in pixels.
const CELL: f64 = 24.0;

/// The twelve pentominoes in a `rows` x `cols` rectangle (which must have 60 cells to have
/// solutions), counted raw or up to the rectangle's symmetries.
///
/// ```
/// use dlxkit::puzzles::{polyomino::pentomino_rectangle, Puzzle};
/// assert_eq!(pentomino_rectangle(3, 20, false)?.count(), 8);
/// assert_eq!(pentomino_rectangle(3, 20, true)?.count(), 2);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
pub fn pentomino_rectangle(
    rows: usize,
    cols: usize,
    reduce_symmetry: bool,
) -> Result<PolyominoPacking, PuzzleError> {
    let options = PolyominoOptions {
        one_sided: false,
        symmetry: if reduce_symmetry {
            SymmetryReduction::Auto
        } else {
            SymmetryReduction::None
        },
    };
    PolyominoPacking::new(
        &Board::rectangle(rows, cols)?,
        &PolyominoSet::pentominoes(),
        &options,
    )
}
