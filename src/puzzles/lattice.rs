//! Packings on the triangular and the hexagonal grid: the shared core of
//! [`super::polyiamond`] and [`super::polyhex`].
//!
//! ## Coordinates
//!
//! Cells are written as in Knuth's generators. On the **triangular** grid, take the square
//! grid of cells `(x, y)` (x to the right, y up), slant it into a grid of rhombi with 60 degree
//! angles and cut each rhombus along its short diagonal: the triangle with its apex up is
//! `(x, y)`, the one with its apex down, to its right, is `(x, y)'`. On the **hexagonal** grid
//! the same slanted grid has a hexagon on each point: `(x, y)` touches `(x ± 1, y)`,
//! `(x, y ± 1)`, `(x + 1, y - 1)` and `(x - 1, y + 1)`.
//!
//! Both grids have the same twelve symmetries (six turns, six reflections). The packing core
//! (`puzzles::geometry`) sees a cell as three integers, one per family of grid lines, on
//! which every symmetry is a permutation with or without a change of all signs: a hexagon
//! `(x, y)` is `[x, y, -x-y]`, and a triangle `(x, y)` is `[x, y, -x-y-1]` (`-x-y-2` when it
//! points down), the three lines below it. So turning, flipping, the symmetry reduction and
//! the checks of a solution are those of polyominoes.
//!
//! ## Knuth's specification format
//!
//! [`LatticeSpec::parse`] reads the input of Knuth's `POLYIAMOND-DLX` (and the same
//! syntax for hexagons): lines starting with `|` are comments; the first other line lists
//! the board's cells; each further line is a piece's name and its cells. A cell is two
//! coordinates, each a radix-62 digit (`0`-`9`, `a`-`z`, `A`-`Z`) or a set of them in
//! brackets with ranges (`[0-2]`, `[02a]`), then `'` for a triangle pointing down:
//! `[0-5][0-5] [0-5][0-5]'` is the 6x6 rhombus of 72 triangles. Knuth's suffixes (secondary
//! items) and multiplicities are not read.

use std::collections::{HashMap, HashSet};

use super::geometry::{self, Cell, CellBounds, Layout, PackingProblem, PieceSpec};
use super::picture::{self, Point, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError, SymmetryReduction, SymmetryReport};
use crate::svg::Svg;
use crate::xc::problem::check_item_name;
use crate::xc::{OptionId, Problem};

/// The most cells a board may have.
pub const MAX_BOARD_CELLS: usize = 10_000;
/// The most cells a piece may have.
pub const MAX_PIECE_CELLS: usize = 100;
/// The most pieces a set may have.
pub const MAX_PIECES: usize = 1_000;
/// The largest piece size whose free shapes can be listed ([`LatticeSet::free`]).
pub const MAX_FREE_SIZE: usize = 8;

const BOARD_BOUNDS: CellBounds = CellBounds {
    count: "the number of board cells",
    max_cells: MAX_BOARD_CELLS,
    coordinate: "a board coordinate",
    max_coordinate: MAX_BOARD_CELLS,
};

/// Which grid the cells lie on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grid {
    /// Equilateral triangles (polyiamonds).
    Triangles,
    /// Regular hexagons (polyhexes).
    Hexagons,
}

/// A cell of a grid: Knuth's `(x, y)`, and for triangles whether it points down (`(x, y)'`).
///
/// ```
/// use dlxkit::puzzles::lattice::GridCell;
/// assert_eq!(GridCell::new(2, 3, true).to_string(), "2,3'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridCell {
    /// The column of the slanted grid.
    pub x: usize,
    /// The row of the slanted grid, counted upwards.
    pub y: usize,
    /// A triangle pointing down (always `false` for hexagons).
    pub down: bool,
}

impl GridCell {
    /// The cell `(x, y)`, or `(x, y)'` when `down`.
    pub fn new(x: usize, y: usize, down: bool) -> GridCell {
        GridCell { x, y, down }
    }
}

impl std::fmt::Display for GridCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{},{}{}",
            self.x,
            self.y,
            if self.down { "'" } else { "" }
        )
    }
}

impl Grid {
    /// The cell as the packing core sees it.
    fn core(self, c: GridCell) -> Cell {
        let (x, y) = (c.x as i32, c.y as i32);
        match self {
            Grid::Hexagons => [x, y, -x - y],
            Grid::Triangles => [x, y, -x - y - 1 - i32::from(c.down)],
        }
    }

    /// The neighbours of a core cell (for listing the free shapes).
    fn neighbours(self, c: Cell) -> Vec<Cell> {
        match self {
            Grid::Hexagons => [
                (1, -1, 0),
                (-1, 1, 0),
                (1, 0, -1),
                (-1, 0, 1),
                (0, 1, -1),
                (0, -1, 1),
            ]
            .iter()
            .map(|&(a, b, d)| [c[0] + a, c[1] + b, c[2] + d])
            .collect(),
            Grid::Triangles => {
                // A triangle shares an edge with the three whose lines differ in one place.
                let step = if c[0] + c[1] + c[2] == -1 { -1 } else { 1 };
                (0..3)
                    .map(|k| {
                        let mut n = c;
                        n[k] += step;
                        n
                    })
                    .collect()
            }
        }
    }

    /// The corners of a cell in the picture (y down), `size` the side of a triangle or the
    /// radius of a hexagon.
    pub(crate) fn corners(self, c: GridCell, size: f64) -> Vec<Point> {
        let h = 3f64.sqrt() / 2.0;
        match self {
            Grid::Triangles => {
                let at = |s: f64, t: f64| ((s + t / 2.0) * size, -t * h * size);
                let (x, y) = (c.x as f64, c.y as f64);
                if c.down {
                    vec![at(x + 1.0, y), at(x + 1.0, y + 1.0), at(x, y + 1.0)]
                } else {
                    vec![at(x, y), at(x + 1.0, y), at(x, y + 1.0)]
                }
            }
            Grid::Hexagons => {
                let (x, y) = (c.x as f64, c.y as f64);
                let cx = (x + y / 2.0) * 2.0 * h * size;
                let cy = -y * 1.5 * size;
                (0..6)
                    .map(|k| {
                        let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                        (cx + size * a.cos(), cy + size * a.sin())
                    })
                    .collect()
            }
        }
    }

    /// The cell of a core cell translated so that its coordinates are those of a grid cell
    /// (`None` when it is not one).
    fn grid_cell(self, c: Cell) -> Option<GridCell> {
        let x = usize::try_from(c[0]).ok()?;
        let y = usize::try_from(c[1]).ok()?;
        match (self, -c[0] - c[1] - c[2]) {
            (Grid::Hexagons, 0) => Some(GridCell::new(x, y, false)),
            (Grid::Triangles, 1) => Some(GridCell::new(x, y, false)),
            (Grid::Triangles, 2) => Some(GridCell::new(x, y, true)),
            _ => None,
        }
    }
}

/// A piece: a name and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticePiece {
    name: String,
    cells: Vec<GridCell>,
}

impl LatticePiece {
    /// A piece with the given name (an item name) and cells.
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{GridCell, LatticePiece};
    /// assert!(LatticePiece::new("D", [GridCell::new(0, 0, false), GridCell::new(0, 0, true)]).is_ok());
    /// assert!(LatticePiece::new("empty", []).is_err());
    /// ```
    pub fn new<I>(name: &str, cells: I) -> Result<LatticePiece, PuzzleError>
    where
        I: IntoIterator<Item = GridCell>,
    {
        let cells = geometry::piece_cells(name, cells, |c| c.x.max(c.y), MAX_PIECE_CELLS)?;
        Ok(LatticePiece {
            name: name.to_string(),
            cells,
        })
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[GridCell] {
        &self.cells
    }
}

/// A set of pieces with distinct names, on one grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticeSet {
    grid: Grid,
    pieces: Vec<LatticePiece>,
}

impl LatticeSet {
    /// A set of the given pieces; names must be distinct.
    pub fn new(grid: Grid, pieces: Vec<LatticePiece>) -> Result<LatticeSet, PuzzleError> {
        let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
        geometry::check_piece_names(&names, MAX_PIECES)?;
        Ok(LatticeSet { grid, pieces })
    }

    /// Every free shape of `size` cells on the grid (turned and flipped shapes are the same),
    /// named by `names` in order (`None` names them `1`, `2`, ...), in a fixed order: by the
    /// smallest cell list of each shape's orientations.
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeSet};
    /// assert_eq!(LatticeSet::free(Grid::Triangles, 6, None)?.pieces().len(), 12);
    /// assert_eq!(LatticeSet::free(Grid::Hexagons, 4, None)?.pieces().len(), 7);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn free(
        grid: Grid,
        size: usize,
        names: Option<&[&str]>,
    ) -> Result<LatticeSet, PuzzleError> {
        if size == 0 {
            return Err(PuzzleError::TooSmall {
                what: "the size of a piece",
                value: 0,
                min: 1,
            });
        }
        if size > MAX_FREE_SIZE {
            return Err(PuzzleError::TooLarge {
                what: "the size of the listed pieces",
                value: size,
                max: MAX_FREE_SIZE,
            });
        }
        let motions = geometry::trigonal_motions(true);
        let seed = grid.core(GridCell::new(0, 0, false));
        let mut shapes: Vec<Vec<Cell>> = vec![vec![seed]];
        for _ in 1..size {
            let mut next: HashMap<Vec<Cell>, Vec<Cell>> = HashMap::new();
            for shape in &shapes {
                let inside: HashSet<Cell> = shape.iter().copied().collect();
                for &c in shape {
                    for n in grid.neighbours(c) {
                        if inside.contains(&n) {
                            continue;
                        }
                        let mut grown = shape.clone();
                        grown.push(n);
                        next.entry(geometry::class_key(&grown, &motions))
                            .or_insert(grown);
                    }
                }
            }
            let mut keyed: Vec<(Vec<Cell>, Vec<Cell>)> = next.into_iter().collect();
            keyed.sort_unstable();
            shapes = keyed.into_iter().map(|(_, s)| s).collect();
        }
        let mut pieces = Vec::with_capacity(shapes.len());
        for (k, shape) in shapes.iter().enumerate() {
            let name = match names.and_then(|n| n.get(k)) {
                Some(n) => (*n).to_string(),
                None => (k + 1).to_string(),
            };
            pieces.push(LatticePiece::new(&name, to_grid(grid, shape))?);
        }
        LatticeSet::new(grid, pieces)
    }

    /// The grid.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The pieces, in order.
    pub fn pieces(&self) -> &[LatticePiece] {
        &self.pieces
    }

    /// The number of cells of all pieces together.
    pub fn cell_count(&self) -> usize {
        self.pieces.iter().map(|p| p.cells.len()).sum()
    }
}

/// Core cells translated to grid cells with the smallest coordinates 0 (keeping the kind of
/// each triangle).
fn to_grid(grid: Grid, shape: &[Cell]) -> Vec<GridCell> {
    let mx = shape.iter().map(|c| c[0]).min().unwrap_or(0);
    let my = shape.iter().map(|c| c[1]).min().unwrap_or(0);
    shape
        .iter()
        .filter_map(|c| {
            // Translating by (dx, dy) moves the third line by -dx-dy: kinds are kept.
            grid.grid_cell([c[0] - mx, c[1] - my, c[2] + mx + my])
        })
        .collect()
}

/// A board: a set of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticeBoard {
    grid: Grid,
    cells: Vec<GridCell>,
}

impl LatticeBoard {
    /// A board of the given cells (repeats ignored).
    pub fn new<I>(grid: Grid, cells: I) -> Result<LatticeBoard, PuzzleError>
    where
        I: IntoIterator<Item = GridCell>,
    {
        let cells = geometry::checked_cells(
            || "the board".to_string(),
            cells,
            |c| c.x.max(c.y),
            &BOARD_BOUNDS,
        )?;
        if grid == Grid::Hexagons && cells.iter().any(|c| c.down) {
            return Err(PuzzleError::Symmetry {
                reason: "a hexagon has no `'` form".to_string(),
            });
        }
        Ok(LatticeBoard { grid, cells })
    }

    /// A parallelogram of `width` by `height` rhombi: for triangles, `2 * width * height`
    /// cells (Knuth's `[0-(w-1)][0-(h-1)] [0-(w-1)][0-(h-1)]'`).
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeBoard};
    /// assert_eq!(LatticeBoard::parallelogram(Grid::Triangles, 6, 6)?.cells().len(), 72);
    /// assert_eq!(LatticeBoard::parallelogram(Grid::Hexagons, 3, 4)?.cells().len(), 12);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn parallelogram(
        grid: Grid,
        width: usize,
        height: usize,
    ) -> Result<LatticeBoard, PuzzleError> {
        check_side("the width", width)?;
        check_side("the height", height)?;
        let kinds: &[bool] = match grid {
            Grid::Triangles => &[false, true],
            Grid::Hexagons => &[false],
        };
        LatticeBoard::new(
            grid,
            (0..width).flat_map(|x| {
                (0..height).flat_map(move |y| kinds.iter().map(move |&d| GridCell::new(x, y, d)))
            }),
        )
    }

    /// A regular hexagon with sides of `side` cells: `6 * side²` triangles, or
    /// `3 * side * (side - 1) + 1` hexagons.
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeBoard};
    /// assert_eq!(LatticeBoard::hexagon(Grid::Triangles, 2)?.cells().len(), 24);
    /// assert_eq!(LatticeBoard::hexagon(Grid::Hexagons, 3)?.cells().len(), 19);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn hexagon(grid: Grid, side: usize) -> Result<LatticeBoard, PuzzleError> {
        check_side("the side", side)?;
        let n = side;
        let mut cells = Vec::new();
        match grid {
            Grid::Triangles => {
                for x in 0..2 * n {
                    for y in 0..2 * n {
                        if x + y >= n && x + y < 3 * n {
                            cells.push(GridCell::new(x, y, false));
                        }
                        if x + y + 1 >= n && x + y + 2 <= 3 * n {
                            cells.push(GridCell::new(x, y, true));
                        }
                    }
                }
            }
            Grid::Hexagons => {
                for x in 0..2 * n - 1 {
                    for y in 0..2 * n - 1 {
                        if x + y + 1 >= n && x + y < 3 * n - 2 {
                            cells.push(GridCell::new(x, y, false));
                        }
                    }
                }
            }
        }
        LatticeBoard::new(grid, cells)
    }

    /// An equilateral triangle with sides of `side` cells (`side²` triangles, or
    /// `side * (side + 1) / 2` hexagons).
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeBoard};
    /// assert_eq!(LatticeBoard::triangle(Grid::Triangles, 5)?.cells().len(), 25);
    /// assert_eq!(LatticeBoard::triangle(Grid::Hexagons, 4)?.cells().len(), 10);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn triangle(grid: Grid, side: usize) -> Result<LatticeBoard, PuzzleError> {
        check_side("the side", side)?;
        let mut cells = Vec::new();
        for x in 0..side {
            for y in 0..side - x {
                cells.push(GridCell::new(x, y, false));
                if grid == Grid::Triangles && x + y + 2 <= side {
                    cells.push(GridCell::new(x, y, true));
                }
            }
        }
        LatticeBoard::new(grid, cells)
    }

    /// The grid.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[GridCell] {
        &self.cells
    }
}

fn check_side(what: &'static str, value: usize) -> Result<(), PuzzleError> {
    if value == 0 {
        return Err(PuzzleError::TooSmall {
            what,
            value,
            min: 1,
        });
    }
    if value > 100 {
        return Err(PuzzleError::TooLarge {
            what,
            value,
            max: 100,
        });
    }
    Ok(())
}

/// A board and a piece set read from one specification in Knuth's format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticeSpec {
    /// The board.
    pub board: LatticeBoard,
    /// The pieces.
    pub pieces: LatticeSet,
}

fn parse_error(line: usize, column: usize, message: impl Into<String>) -> PuzzleError {
    PuzzleError::Parse {
        line,
        column,
        message: message.into(),
    }
}

/// The value of a radix-62 digit.
fn digit(c: char) -> Option<usize> {
    match c {
        '0'..='9' => Some(c as usize - '0' as usize),
        'a'..='z' => Some(c as usize - 'a' as usize + 10),
        'A'..='Z' => Some(c as usize - 'A' as usize + 36),
        _ => None,
    }
}

/// Reads one coordinate (a digit or a bracketed set) from `chars` at `*at`.
fn coordinate(
    chars: &[char],
    at: &mut usize,
    line: usize,
    start: usize,
) -> Result<Vec<usize>, PuzzleError> {
    let column = start + *at + 1;
    let Some(&c) = chars.get(*at) else {
        return Err(parse_error(line, column, "a cell needs two coordinates"));
    };
    if c != '[' {
        *at += 1;
        return digit(c).map(|d| vec![d]).ok_or_else(|| {
            parse_error(
                line,
                column,
                format!("`{c}` is not a coordinate (0-9, a-z, A-Z or [...])"),
            )
        });
    }
    *at += 1;
    let mut out = Vec::new();
    loop {
        let column = start + *at + 1;
        match chars.get(*at) {
            None => return Err(parse_error(line, column, "`[` is not closed")),
            Some(']') => {
                *at += 1;
                break;
            }
            Some(&c) => {
                let Some(low) = digit(c) else {
                    return Err(parse_error(
                        line,
                        column,
                        format!("`{c}` is not a coordinate digit"),
                    ));
                };
                *at += 1;
                if chars.get(*at) == Some(&'-') {
                    let high = chars.get(*at + 1).and_then(|&c| digit(c)).ok_or_else(|| {
                        parse_error(line, column, "a range needs a digit after `-`")
                    })?;
                    *at += 2;
                    if high < low {
                        return Err(parse_error(
                            line,
                            column,
                            format!("the range {c}-{} is empty", chars[*at - 1]),
                        ));
                    }
                    out.extend(low..=high);
                } else {
                    out.push(low);
                }
            }
        }
    }
    if out.is_empty() {
        return Err(parse_error(line, start + *at, "`[]` holds no coordinate"));
    }
    Ok(out)
}

/// The longest word read as a cell, in bytes (ranges of coordinates included).
const MAX_CELL_WORD: usize = 256;

/// Reads the cells of a line (words separated by blanks), starting at character `from`.
fn cells_of(
    grid: Grid,
    text: &str,
    line: usize,
    from: usize,
) -> Result<Vec<GridCell>, PuzzleError> {
    let mut out = Vec::new();
    let mut column = from;
    for word in text.split(' ') {
        if word.is_empty() {
            column += 1;
            continue;
        }
        if word.len() > MAX_CELL_WORD {
            // Refused before it is copied: a cell is a few characters.
            return Err(parse_error(
                line,
                column + 1,
                format!(
                    "a word of {} bytes is not a cell (a cell is at most {MAX_CELL_WORD})",
                    word.len()
                ),
            ));
        }
        let chars: Vec<char> = word.chars().collect();
        let mut at = 0;
        let xs = coordinate(&chars, &mut at, line, column)?;
        let ys = coordinate(&chars, &mut at, line, column)?;
        let down = match &chars[at..] {
            [] => false,
            ['\''] if grid == Grid::Triangles => true,
            ['\''] => {
                return Err(parse_error(
                    line,
                    column + at + 1,
                    "hexagons have no `'` form",
                ))
            }
            _ => {
                return Err(parse_error(
                    line,
                    column + at + 1,
                    format!(
                        "unexpected `{}` after a cell (suffixes are not read)",
                        chars[at..].iter().collect::<String>()
                    ),
                ))
            }
        };
        for &x in &xs {
            for &y in &ys {
                out.push(GridCell::new(x, y, down));
                if out.len() > MAX_BOARD_CELLS {
                    return Err(parse_error(
                        line,
                        column + 1,
                        format!("more than {MAX_BOARD_CELLS} cells"),
                    ));
                }
            }
        }
        column += chars.len() + 1;
    }
    Ok(out)
}

impl LatticeSpec {
    /// Reads a specification in Knuth's format (see the module documentation).
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeSpec};
    /// let spec = LatticeSpec::parse(Grid::Triangles, "| a rhombus\n[01][01] [01][01]'\nA 00 00' 01\nB 10 10' 11\nC 01' 11'\n")?;
    /// assert_eq!(spec.board.cells().len(), 8);
    /// assert_eq!(spec.pieces.pieces().len(), 3);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn parse(grid: Grid, text: &str) -> Result<LatticeSpec, PuzzleError> {
        let mut board: Option<Vec<GridCell>> = None;
        let mut pieces: Vec<(String, usize, Vec<GridCell>)> = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            if raw.starts_with('|') || raw.trim().is_empty() {
                continue;
            }
            if let Some(col) = raw.find('\t') {
                return Err(parse_error(
                    line,
                    raw[..col].chars().count() + 1,
                    "tabs are not allowed (use spaces)",
                ));
            }
            if board.is_none() {
                board = Some(cells_of(grid, raw, line, 0)?);
                continue;
            }
            let lead = raw.chars().take_while(|c| *c == ' ').count();
            let rest = &raw[lead..];
            let (name, cells) = rest.split_once(' ').unwrap_or((rest, ""));
            if let Err(e) = check_item_name(name) {
                return Err(parse_error(line, lead + 1, e.to_string()));
            }
            let from = lead + name.chars().count() + 1;
            let cells = cells_of(grid, cells, line, from)?;
            if cells.is_empty() {
                return Err(parse_error(
                    line,
                    lead + 1,
                    format!("piece {name} has no cells"),
                ));
            }
            // Several lines may give the same piece, as in Knuth's program: the placements of
            // each line are combined, which here means the line must repeat one shape.
            if pieces.iter().any(|p| p.0 == name) {
                return Err(parse_error(
                    line,
                    lead + 1,
                    format!("piece {name} is defined twice"),
                ));
            }
            if pieces.len() == MAX_PIECES {
                return Err(parse_error(
                    line,
                    1,
                    format!("more than {MAX_PIECES} pieces"),
                ));
            }
            pieces.push((name.to_string(), line, cells));
        }
        let Some(board) = board else {
            return Err(PuzzleError::Empty {
                what: "the specification".to_string(),
            });
        };
        let board = LatticeBoard::new(grid, board)?;
        let pieces = pieces
            .into_iter()
            .map(|(name, line, cells)| {
                LatticePiece::new(&name, cells).map_err(|e| parse_error(line, 1, e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(LatticeSpec {
            board,
            pieces: LatticeSet::new(grid, pieces)?,
        })
    }
}

/// One piece laid on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticePlacement {
    /// The piece's index in the set.
    pub piece: usize,
    /// The cells it covers, sorted.
    pub cells: Vec<GridCell>,
}

/// A solution: the placements chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticeTiling {
    /// One placement per piece.
    pub placements: Vec<LatticePlacement>,
}

/// A packing of pieces into a board on the triangular or the hexagonal grid.
#[derive(Clone, Debug)]
pub struct LatticePacking {
    board: LatticeBoard,
    pieces: LatticeSet,
    core: PackingProblem,
    placements: Vec<LatticePlacement>,
}

impl LatticePacking {
    /// Builds the packing problem: pieces may turn, and flip unless `one_sided`.
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeBoard, LatticePacking, LatticePiece, LatticeSet};
    /// use dlxkit::puzzles::{Puzzle, SymmetryReduction};
    /// // Two diamonds (two triangles each), A and B, in a 2x1 parallelogram: side by side,
    /// // in either order (a diamond in the middle leaves two lone triangles).
    /// let diamond = LatticeSet::free(Grid::Triangles, 2, None)?.pieces()[0].cells().to_vec();
    /// let set = LatticeSet::new(Grid::Triangles, vec![
    ///     LatticePiece::new("A", diamond.clone())?,
    ///     LatticePiece::new("B", diamond)?,
    /// ])?;
    /// let board = LatticeBoard::parallelogram(Grid::Triangles, 2, 1)?;
    /// let p = LatticePacking::new(&board, &set, false, &SymmetryReduction::None)?;
    /// assert_eq!(p.count(), 2);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(
        board: &LatticeBoard,
        pieces: &LatticeSet,
        one_sided: bool,
        symmetry: &SymmetryReduction,
    ) -> Result<LatticePacking, PuzzleError> {
        let grid = board.grid;
        if pieces.grid != grid {
            return Err(PuzzleError::Symmetry {
                reason: "the pieces and the board lie on different grids".to_string(),
            });
        }
        let cells: Vec<Cell> = board.cells.iter().map(|&c| grid.core(c)).collect();
        // The core wants its cells sorted and distinct, as the board's are, in its own terms.
        let mut order: Vec<usize> = (0..cells.len()).collect();
        order.sort_by_key(|&i| cells[i]);
        let sorted: Vec<Cell> = order.iter().map(|&i| cells[i]).collect();
        let names: Vec<String> = order.iter().map(|&i| board.cells[i].to_string()).collect();
        let specs: Vec<PieceSpec> = pieces
            .pieces
            .iter()
            .map(|p| PieceSpec {
                name: p.name.clone(),
                cells: p.cells.iter().map(|&c| grid.core(c)).collect(),
                unlimited: false,
            })
            .collect();
        let ambient = geometry::trigonal_motions(true);
        let motions = geometry::trigonal_motions(!one_sided);
        let layout = Layout {
            cells: &sorted,
            cell_names: names,
            pieces: &specs,
            ambient: &ambient,
            motions: &motions,
        };
        let core = geometry::build(&layout, symmetry)?;
        let placements = core
            .placements
            .iter()
            .map(|p| {
                let mut cells: Vec<GridCell> =
                    p.cells.iter().map(|&i| board.cells[order[i]]).collect();
                cells.sort_unstable();
                LatticePlacement {
                    piece: p.piece,
                    cells,
                }
            })
            .collect();
        Ok(LatticePacking {
            board: board.clone(),
            pieces: pieces.clone(),
            core,
            placements,
        })
    }

    /// The board.
    pub fn board(&self) -> &LatticeBoard {
        &self.board
    }

    /// The pieces.
    pub fn pieces(&self) -> &LatticeSet {
        &self.pieces
    }

    /// What option `option` places.
    pub fn placement(&self, option: OptionId) -> Option<&LatticePlacement> {
        self.placements.get(option.index())
    }

    /// What the symmetry reduction did (`None` without reduction).
    pub fn symmetry(&self) -> Option<&SymmetryReport> {
        self.core.report.as_ref()
    }
}

impl Puzzle for LatticePacking {
    type Solution = LatticeTiling;

    fn problem(&self) -> &Problem {
        &self.core.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let p = self.placement(option)?;
        Some(geometry::describe(
            &self.pieces.pieces[p.piece].name,
            p.cells.iter().map(GridCell::to_string),
        ))
    }

    fn decode(&self, options: &[OptionId]) -> Result<LatticeTiling, InvalidSolution> {
        Ok(LatticeTiling {
            placements: geometry::chosen(&self.placements, options)?,
        })
    }

    fn validate(&self, tiling: &LatticeTiling) -> Result<(), InvalidSolution> {
        let grid = self.board.grid;
        let placed: Vec<(usize, Vec<Cell>)> = tiling
            .placements
            .iter()
            .map(|p| (p.piece, p.cells.iter().map(|&c| grid.core(c)).collect()))
            .collect();
        self.core.check(&placed)
    }

    /// Each piece as its name, then its cells.
    fn render(&self, tiling: &LatticeTiling) -> String {
        let mut out = String::new();
        for p in &tiling.placements {
            let name = self
                .pieces
                .pieces
                .get(p.piece)
                .map_or("?", |q| q.name.as_str());
            let cells: Vec<String> = p.cells.iter().map(GridCell::to_string).collect();
            out.push_str(&format!("{name}: {}\n", cells.join(" ")));
        }
        out
    }

    fn draw(&self, tiling: &LatticeTiling) -> Option<Svg> {
        let grid = self.board.grid;
        let size = match grid {
            Grid::Triangles => 28.0,
            Grid::Hexagons => 14.0,
        };
        let board: Vec<Vec<Point>> = self
            .board
            .cells
            .iter()
            .map(|&c| grid.corners(c, size))
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
                cells: p.cells.iter().map(|&c| grid.corners(c, size)).collect(),
                cell_labels: None,
            })
            .collect();
        Some(picture::tiling(&board, &tiles, 11.0))
    }
}

/// A board shape by name: `WxH` (a parallelogram of W by H rhombi), `hexagon:N` or
/// `triangle:N` (sides of N cells).
///
/// ```
/// use dlxkit::puzzles::lattice::{BoardShape, Grid};
/// let shape: BoardShape = "hexagon:2".parse()?;
/// assert_eq!(shape.board(Grid::Triangles)?.cells().len(), 24);
/// assert_eq!("6x6".parse::<BoardShape>()?, BoardShape::Parallelogram(6, 6));
/// assert!("star:3".parse::<BoardShape>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShape {
    /// Width and height, in rhombi (pairs of triangles) or hexagons.
    Parallelogram(usize, usize),
    /// A regular hexagon of this side.
    Hexagon(usize),
    /// An equilateral triangle of this side.
    Triangle(usize),
}

impl BoardShape {
    /// The board of this shape on `grid`.
    pub fn board(self, grid: Grid) -> Result<LatticeBoard, PuzzleError> {
        match self {
            BoardShape::Parallelogram(w, h) => LatticeBoard::parallelogram(grid, w, h),
            BoardShape::Hexagon(n) => LatticeBoard::hexagon(grid, n),
            BoardShape::Triangle(n) => LatticeBoard::triangle(grid, n),
        }
    }
}

impl std::str::FromStr for BoardShape {
    type Err = String;

    fn from_str(text: &str) -> Result<BoardShape, String> {
        let wrong = || {
            format!("`{text}` is not a board shape: write WxH (a parallelogram), hexagon:N or triangle:N")
        };
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| wrong());
        let text = text.trim();
        if let Some(n) = text.strip_prefix("hexagon:") {
            return Ok(BoardShape::Hexagon(number(n)?));
        }
        if let Some(n) = text.strip_prefix("triangle:") {
            return Ok(BoardShape::Triangle(number(n)?));
        }
        let (w, h) = text.split_once(['x', 'X']).ok_or_else(wrong)?;
        Ok(BoardShape::Parallelogram(number(w)?, number(h)?))
    }
}

impl std::fmt::Display for BoardShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardShape::Parallelogram(w, h) => write!(f, "{w}x{h}"),
            BoardShape::Hexagon(n) => write!(f, "hexagon:{n}"),
            BoardShape::Triangle(n) => write!(f, "triangle:{n}"),
        }
    }
}
