//! MacMahon's coloured triangles: every triangle whose three edges carry colours out of `c`,
//! one of each up to turning (24 for four colours), laid on a board of the triangular grid so
//! that two triangles sharing an edge give it the same colour, and (as MacMahon asked) every
//! edge on the border has one colour.
//!
//! The encoding is that of Knuth's `MACMAHON-TRIANGLES-DLX`, item for item: a primary item
//! per board triangle (`xy`, `xy'` for one pointing down, as in [`super::lattice`]) and per
//! piece (its colours, `abc`), a secondary item per edge coloured by the piece laid beside it
//! (`-xy` the horizontal edge below triangle `xy`, `/xy` and `\xy` its leaning sides; the
//! triangle `xy'` has `-x(y+1)`, `/(x+1)y` and `\xy`), and with a border colour a primary
//! item `*` whose one option colours every border edge. A piece turns (its colours go round
//! clockwise) but never flips over: `abc` and `acb` are two pieces.

use super::lattice::{Grid, GridCell, LatticeBoard};
use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::{self, Svg};
use crate::xc::{Entry, OptionId, Problem};

/// The most colours (pieces grow as `c(c² + 2)/3`: 76 for six).
pub const MAX_COLOURS: usize = 6;
/// The largest board coordinate (cells are named by one radix-62 digit each).
pub const MAX_COORDINATE: usize = 60;

/// The three edges of a triangle, in the order its colours go round.
const KINDS: [char; 3] = ['-', '/', '\\'];

/// A piece: its three colours (0 for `a`), clockwise from the horizontal edge.
pub type Colours = [u8; 3];

/// Every MacMahon triangle of `colours` colours in Knuth's order: for each colour `j`, `jjj`,
/// then `jjk` for each other `k`, then `jkl` and `jlk` for `j < k < l`.
///
/// ```
/// use dlxkit::puzzles::macmahon::pieces;
/// assert_eq!(pieces(4).len(), 24);
/// assert_eq!(pieces(2).len(), 4);
/// ```
pub fn pieces(colours: usize) -> Vec<Colours> {
    let c = colours.min(MAX_COLOURS) as u8;
    let mut out = Vec::new();
    for j in 0..c {
        out.push([j, j, j]);
        for k in (0..c).filter(|&k| k != j) {
            out.push([j, j, k]);
        }
        for k in j + 1..c {
            for l in k + 1..c {
                out.push([j, k, l]);
                out.push([j, l, k]);
            }
        }
    }
    out
}

/// The name of colour `k`: `a`, `b`, ...
fn colour_name(k: u8) -> char {
    (b'a' + k) as char
}

fn piece_name(p: &Colours) -> String {
    p.iter().map(|&k| colour_name(k)).collect()
}

/// A radix-62 digit.
fn digit(v: usize) -> char {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    DIGITS[v] as char
}

/// A cell's item name: `xy` or `xy'`.
fn cell_name(c: GridCell) -> String {
    format!(
        "{}{}{}",
        digit(c.x),
        digit(c.y),
        if c.down { "'" } else { "" }
    )
}

/// The edges of a cell, in the order its colours go round: `(kind, x, y)`.
fn edges(c: GridCell) -> [(usize, usize, usize); 3] {
    if c.down {
        [(0, c.x, c.y + 1), (1, c.x + 1, c.y), (2, c.x, c.y)]
    } else {
        [(0, c.x, c.y), (1, c.x, c.y), (2, c.x, c.y)]
    }
}

fn edge_name((kind, x, y): (usize, usize, usize)) -> String {
    format!("{}{}{}", KINDS[kind], digit(x), digit(y))
}

/// A piece laid on the board: which piece, where, and the colours of its edges in the order
/// of its edges: horizontal, `/`, `\` (the piece turned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrianglePlacement {
    /// The piece's index in [`pieces`].
    pub piece: usize,
    /// The board triangle it covers.
    pub cell: GridCell,
    /// Its colours on the horizontal, the `/` and the `\` edge of the cell.
    pub colours: Colours,
}

/// A solution: one placement per piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriangleTiling {
    /// The placements, in the order of the options chosen.
    pub placements: Vec<TrianglePlacement>,
}

/// MacMahon's triangles on a board.
#[derive(Clone, Debug)]
pub struct MacMahonTriangles {
    board: LatticeBoard,
    pieces: Vec<Colours>,
    border: Option<u8>,
    problem: Problem,
    /// Indexed by option; `None` for the border's option.
    placements: Vec<Option<TrianglePlacement>>,
    /// Every edge of the board, sorted.
    edges: Vec<Edge>,
    /// With `--distinct`, the symmetries a solution is compared under (without the
    /// identity); empty otherwise.
    symmetries: Vec<EdgeSymmetry>,
}

/// An edge: its kind (an index into `KINDS`) and the cell coordinates naming it.
type Edge = (usize, usize, usize);

/// What solutions are counted once per class of ([`MacMahonTriangles::distinct`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TriangleSymmetry {
    /// The turns and reflections that map the board to itself: a reflection lays each piece
    /// as its mirror image, another piece of the set.
    Board,
    /// Those, and the renamings of the colours (the border's colour keeps its name).
    BoardAndColours,
}

/// A symmetry of the solutions: where each edge goes, and what each colour becomes.
#[derive(Clone, Debug)]
struct EdgeSymmetry {
    edge_map: Vec<usize>,
    colour_map: Vec<u8>,
}

impl MacMahonTriangles {
    /// The puzzle with the triangles of `colours` colours on `board` (of triangles), its
    /// border in colour `border` (0 for `a`) if given.
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeBoard};
    /// use dlxkit::puzzles::macmahon::MacMahonTriangles;
    /// use dlxkit::puzzles::Puzzle;
    /// // The four triangles of two colours (aaa, aab, bbb, bba) in a triangle of side 2,
    /// // border `a`: each of the three corners shows two border edges, and only aaa and aab
    /// // have two `a`s.
    /// let board = LatticeBoard::triangle(Grid::Triangles, 2)?;
    /// let p = MacMahonTriangles::new(&board, 2, Some(0))?;
    /// assert_eq!(p.count(), 0);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(
        board: &LatticeBoard,
        colours: usize,
        border: Option<u8>,
    ) -> Result<MacMahonTriangles, PuzzleError> {
        if board.grid() != Grid::Triangles {
            return Err(PuzzleError::Symmetry {
                reason: "MacMahon's triangles lie on the triangular grid".to_string(),
            });
        }
        if colours == 0 {
            return Err(PuzzleError::TooSmall {
                what: "the number of colours",
                value: 0,
                min: 1,
            });
        }
        if colours > MAX_COLOURS {
            return Err(PuzzleError::TooLarge {
                what: "the number of colours",
                value: colours,
                max: MAX_COLOURS,
            });
        }
        if let Some(b) = border.filter(|&b| usize::from(b) >= colours) {
            return Err(PuzzleError::Unknown {
                name: colour_name(b).to_string(),
            });
        }
        if let Some(c) = board.cells().iter().find(|c| c.x.max(c.y) > MAX_COORDINATE) {
            return Err(PuzzleError::TooLarge {
                what: "a board coordinate",
                value: c.x.max(c.y),
                max: MAX_COORDINATE,
            });
        }
        let pieces = pieces(colours);
        // Each edge, with how many board triangles have it.
        let mut edge_list: Vec<(usize, usize, usize)> = Vec::new();
        for &c in board.cells() {
            edge_list.extend(edges(c));
        }
        edge_list.sort_unstable_by_key(|&(k, x, y)| (x, y, k));
        let mut counted: Vec<((usize, usize, usize), usize)> = Vec::new();
        for e in edge_list {
            match counted.last_mut() {
                Some((last, n)) if *last == e => *n += 1,
                _ => counted.push((e, 1)),
            }
        }
        let mut b = Problem::builder();
        let star = match border {
            Some(_) => Some(b.primary("*")?),
            None => None,
        };
        let cells = b.primaries(board.cells().iter().map(|&c| cell_name(c)))?;
        let piece_items = b.primaries(pieces.iter().map(piece_name))?;
        let edge_items = b.secondaries(counted.iter().map(|(e, _)| edge_name(*e)))?;
        let colour_ids: Vec<_> = (0..colours as u8)
            .map(|k| b.color(&colour_name(k).to_string()))
            .collect();
        let edge_item = |e: (usize, usize, usize)| {
            let k = counted
                .binary_search_by_key(&(e.1, e.2, e.0), |&((k, x, y), _)| (x, y, k))
                .expect("every edge of a board triangle is listed");
            edge_items[k]
        };
        let mut placements = Vec::new();
        for (ci, &cell) in board.cells().iter().enumerate() {
            let sides = edges(cell);
            for (p, piece) in pieces.iter().enumerate() {
                let turns = if piece[0] == piece[1] && piece[1] == piece[2] {
                    1
                } else {
                    3
                };
                for r in 0..turns {
                    let turned = [piece[r], piece[(r + 1) % 3], piece[(r + 2) % 3]];
                    let mut entries: Vec<Entry> = vec![cells[ci].into(), piece_items[p].into()];
                    for (side, &colour) in sides.iter().zip(&turned) {
                        entries.push(Entry::colored(
                            edge_item(*side),
                            colour_ids[usize::from(colour)],
                        ));
                    }
                    b.option(entries)?;
                    placements.push(Some(TrianglePlacement {
                        piece: p,
                        cell,
                        colours: turned,
                    }));
                }
            }
        }
        if let (Some(star), Some(colour)) = (star, border) {
            let mut entries: Vec<Entry> = vec![star.into()];
            for (k, (_, n)) in counted.iter().enumerate() {
                if *n == 1 {
                    entries.push(Entry::colored(
                        edge_items[k],
                        colour_ids[usize::from(colour)],
                    ));
                }
            }
            b.option(entries)?;
            placements.push(None);
        }
        Ok(MacMahonTriangles {
            board: board.clone(),
            pieces,
            border,
            problem: b.build()?,
            placements,
            edges: counted.iter().map(|(e, _)| *e).collect(),
            symmetries: Vec::new(),
        })
    }

    /// The same puzzle counting its solutions once per class of `symmetry`: a solution is
    /// kept when no symmetry maps it to a solution whose edge colours, read in the order of
    /// the edges' names, come first ([`Puzzle::is_representative`]). A solution is the
    /// colour of every edge (each triangle's three colours name its piece and its turn), so
    /// the symmetries act on edge colourings, where reflections and renamings need no
    /// piece of their own.
    ///
    /// ```
    /// use dlxkit::puzzles::lattice::{Grid, LatticeBoard};
    /// use dlxkit::puzzles::macmahon::{MacMahonTriangles, TriangleSymmetry};
    /// use dlxkit::puzzles::Puzzle;
    /// // The four triangles of two colours in a triangle of side 2, no border: 12 ways,
    /// // 2 up to the triangle's six symmetries, 1 when a and b may swap names.
    /// let board = LatticeBoard::triangle(Grid::Triangles, 2)?;
    /// let p = MacMahonTriangles::new(&board, 2, None)?;
    /// assert_eq!(p.count(), 12);
    /// assert_eq!(p.clone().distinct(TriangleSymmetry::Board).count(), 2);
    /// assert_eq!(p.distinct(TriangleSymmetry::BoardAndColours).count(), 1);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn distinct(mut self, symmetry: TriangleSymmetry) -> MacMahonTriangles {
        let colours = self.colours();
        let colour_maps: Vec<Vec<u8>> = match symmetry {
            TriangleSymmetry::Board => vec![(0..colours).collect()],
            TriangleSymmetry::BoardAndColours => permutations(colours)
                .into_iter()
                .filter(|p| self.border.is_none_or(|b| p[usize::from(b)] == b))
                .collect(),
        };
        let mut symmetries = Vec::new();
        for edge_map in board_symmetries(&self.board, &self.edges) {
            for colour_map in &colour_maps {
                let identity = edge_map.iter().enumerate().all(|(i, &j)| i == j)
                    && colour_map
                        .iter()
                        .enumerate()
                        .all(|(i, &c)| usize::from(c) == i);
                if !identity {
                    symmetries.push(EdgeSymmetry {
                        edge_map: edge_map.clone(),
                        colour_map: colour_map.clone(),
                    });
                }
            }
        }
        self.symmetries = symmetries;
        self
    }

    /// How many symmetries (the identity included) a solution is compared under: 1 unless
    /// [`MacMahonTriangles::distinct`].
    pub fn symmetry_count(&self) -> usize {
        self.symmetries.len() + 1
    }

    fn colours(&self) -> u8 {
        self.pieces
            .iter()
            .flat_map(|p| p.iter().copied())
            .max()
            .map_or(0, |c| c + 1)
    }

    /// The colour of every edge, in the order of `self.edges` (`u8::MAX` for one no piece
    /// touches).
    fn edge_colours(&self, tiling: &TriangleTiling) -> Vec<u8> {
        let mut out = vec![u8::MAX; self.edges.len()];
        for p in &tiling.placements {
            for (e, &c) in edges(p.cell).iter().zip(&p.colours) {
                if let Ok(k) = self
                    .edges
                    .binary_search_by_key(&(e.1, e.2, e.0), |&(k, x, y)| (x, y, k))
                {
                    out[k] = c;
                }
            }
        }
        out
    }

    /// Knuth's doubled board: each triangle `(x, y)` (or `(x, y)'` when `down`) of a small
    /// board made of four, as the command line of `MACMAHON-TRIANGLES-DLX` gives it
    /// (`00+ 10 10+ 01 01+ 11` is the hexagon).
    ///
    /// ```
    /// use dlxkit::puzzles::macmahon::MacMahonTriangles;
    /// let hexagon = MacMahonTriangles::doubled(&[(0, 0, true), (1, 0, false), (1, 0, true), (0, 1, false), (0, 1, true), (1, 1, false)])?;
    /// assert_eq!(hexagon.cells().len(), 24);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn doubled(triangles: &[(usize, usize, bool)]) -> Result<LatticeBoard, PuzzleError> {
        let mut cells = Vec::new();
        for &(x, y, down) in triangles {
            if x.max(y) > MAX_COORDINATE / 2 - 1 {
                return Err(PuzzleError::TooLarge {
                    what: "a board coordinate",
                    value: x.max(y),
                    max: MAX_COORDINATE / 2 - 1,
                });
            }
            let (x, y, z) = (2 * x, 2 * y, usize::from(down));
            cells.push(GridCell::new(x + z, y + z, false));
            cells.push(GridCell::new(x + z, y + z, true));
            if down {
                cells.push(GridCell::new(x, y + 1, true));
                cells.push(GridCell::new(x + 1, y, true));
            } else {
                cells.push(GridCell::new(x, y + 1, false));
                cells.push(GridCell::new(x + 1, y, false));
            }
        }
        LatticeBoard::new(Grid::Triangles, cells)
    }

    /// The board.
    pub fn board(&self) -> &LatticeBoard {
        &self.board
    }

    /// The pieces, as [`pieces`] lists them.
    pub fn pieces(&self) -> &[Colours] {
        &self.pieces
    }

    /// A piece's name: its colours, `abc`.
    pub fn piece_name(&self, piece: usize) -> String {
        self.pieces.get(piece).map_or("?".to_string(), piece_name)
    }
}

impl Puzzle for MacMahonTriangles {
    type Solution = TriangleTiling;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        match self.placements.get(option.index())? {
            Some(p) => Some(format!(
                "piece {} on {} coloured {}",
                self.piece_name(p.piece),
                cell_name(p.cell),
                piece_name(&p.colours)
            )),
            None => Some("the border".to_string()),
        }
    }

    fn decode(&self, options: &[OptionId]) -> Result<TriangleTiling, InvalidSolution> {
        let mut placements = Vec::new();
        for &o in options {
            match self.placements.get(o.index()) {
                Some(Some(p)) => placements.push(p.clone()),
                Some(None) => {}
                None => return Err(InvalidSolution(format!("no option {}", o.index()))),
            }
        }
        placements.sort_by_key(|p| p.cell);
        Ok(TriangleTiling { placements })
    }

    /// Checks from scratch: every board triangle covered once, every piece used once and
    /// laid turned (not flipped), edges shared by two triangles coloured alike, border edges
    /// in the border colour.
    fn validate(&self, tiling: &TriangleTiling) -> Result<(), InvalidSolution> {
        let mut used = vec![false; self.pieces.len()];
        let mut colour_of: std::collections::HashMap<(usize, usize, usize), (u8, usize)> =
            std::collections::HashMap::new();
        let mut covered = std::collections::HashSet::new();
        for p in &tiling.placements {
            let Some(piece) = self.pieces.get(p.piece) else {
                return Err(InvalidSolution(format!("there is no piece {}", p.piece)));
            };
            if std::mem::replace(&mut used[p.piece], true) {
                return Err(InvalidSolution(format!(
                    "piece {} is used twice",
                    piece_name(piece)
                )));
            }
            if self.board.cells().binary_search(&p.cell).is_err() || !covered.insert(p.cell) {
                return Err(InvalidSolution(format!(
                    "triangle {} is off the board or covered twice",
                    cell_name(p.cell)
                )));
            }
            let turned =
                (0..3).any(|r| p.colours == [piece[r], piece[(r + 1) % 3], piece[(r + 2) % 3]]);
            if !turned {
                return Err(InvalidSolution(format!(
                    "piece {} is laid as {}",
                    piece_name(piece),
                    piece_name(&p.colours)
                )));
            }
            for (e, &c) in edges(p.cell).iter().zip(&p.colours) {
                let entry = colour_of.entry(*e).or_insert((c, 0));
                if entry.0 != c {
                    return Err(InvalidSolution(format!(
                        "edge {} has two colours",
                        edge_name(*e)
                    )));
                }
                entry.1 += 1;
            }
        }
        if covered.len() != self.board.cells().len() {
            return Err(InvalidSolution(
                "a board triangle is not covered".to_string(),
            ));
        }
        if let Some(b) = self.border {
            if let Some((e, _)) = colour_of.iter().find(|(_, v)| v.1 == 1 && v.0 != b) {
                return Err(InvalidSolution(format!(
                    "border edge {} is not {}",
                    edge_name(*e),
                    colour_name(b)
                )));
            }
        }
        Ok(())
    }

    fn filters(&self) -> bool {
        !self.symmetries.is_empty()
    }

    fn is_representative(&self, tiling: &TriangleTiling) -> bool {
        let colours = self.edge_colours(tiling);
        let mut image = vec![0; colours.len()];
        self.symmetries.iter().all(|g| {
            for (e, &c) in colours.iter().enumerate() {
                image[g.edge_map[e]] = g.colour_map.get(usize::from(c)).copied().unwrap_or(c);
            }
            image >= colours
        })
    }

    /// Each triangle and the piece on it, turned: `xy abc`.
    fn render(&self, tiling: &TriangleTiling) -> String {
        let mut out = String::new();
        for p in &tiling.placements {
            out.push_str(&format!(
                "{} {}\n",
                cell_name(p.cell),
                piece_name(&p.colours)
            ));
        }
        out
    }

    /// Each triangle cut into three from its centre, each third in its edge's colour.
    fn draw(&self, tiling: &TriangleTiling) -> Option<Svg> {
        const SIZE: f64 = 48.0;
        let corners = |c: GridCell| Grid::Triangles.corners(c, SIZE);
        let all: Vec<(f64, f64)> = self
            .board
            .cells()
            .iter()
            .flat_map(|&c| corners(c))
            .collect();
        let min_x = all.iter().map(|p| p.0).fold(f64::MAX, f64::min);
        let min_y = all.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        let max_x = all.iter().map(|p| p.0).fold(f64::MIN, f64::max);
        let max_y = all.iter().map(|p| p.1).fold(f64::MIN, f64::max);
        let margin = 8.0;
        let shift = |(x, y): (f64, f64)| (x - min_x + margin, y - min_y + margin);
        let mut out = Svg::new(max_x - min_x + 2.0 * margin, max_y - min_y + 2.0 * margin);
        for p in &tiling.placements {
            let pts: Vec<(f64, f64)> = corners(p.cell).into_iter().map(shift).collect();
            let centre = (
                (pts[0].0 + pts[1].0 + pts[2].0) / 3.0,
                (pts[0].1 + pts[1].1 + pts[2].1) / 3.0,
            );
            // The corners as `corners` gives them, and which two bound each edge kind.
            let ends: [(usize, usize); 3] = if p.cell.down {
                // Down: corners (x+1,y), (x+1,y+1), (x,y+1); top is 1-2, right 0-1, left 0-2.
                [(1, 2), (0, 1), (0, 2)]
            } else {
                // Up: corners (x,y), (x+1,y), (x,y+1); bottom 0-1, left 0-2, right 1-2.
                [(0, 1), (0, 2), (1, 2)]
            };
            for (k, &(a, b)) in ends.iter().enumerate() {
                let colour = svg::colour(usize::from(p.colours[k]));
                let piece = self.piece_name(p.piece);
                out.path(
                    "edge",
                    colour,
                    &svg::polygon_path(&[pts[a], pts[b], centre]),
                    &[("data-piece", &piece)],
                );
            }
            out.path(
                "piece",
                "none",
                &svg::polygon_path(&pts),
                &[
                    ("stroke", "#222"),
                    ("data-piece", &self.piece_name(p.piece)),
                ],
            );
        }
        Some(out)
    }
}

/// Every ordering of `0..n`.
fn permutations(n: u8) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for k in 0..n {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=p.len()).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, k);
                    q
                })
            })
            .collect();
    }
    out
}

/// The board's symmetries (the identity included) as maps of its edges: the twelve
/// isometries of the plane that fix the centre of the board's triangles and turn by a
/// multiple of 60 degrees, or reflect, kept when they carry every triangle's centre to a
/// triangle's centre. Edges are followed by their midpoints.
fn board_symmetries(board: &LatticeBoard, edge_list: &[Edge]) -> Vec<Vec<usize>> {
    let centre_of = |pts: &[(f64, f64)]| {
        let n = pts.len() as f64;
        (
            pts.iter().map(|p| p.0).sum::<f64>() / n,
            pts.iter().map(|p| p.1).sum::<f64>() / n,
        )
    };
    // Points are compared on a grid far finer than a triangle of side 1.
    let key = |(x, y): (f64, f64)| ((x * 1024.0).round() as i64, (y * 1024.0).round() as i64);
    let cell_centres: Vec<(f64, f64)> = board
        .cells()
        .iter()
        .map(|&c| centre_of(&Grid::Triangles.corners(c, 1.0)))
        .collect();
    let middle = centre_of(&cell_centres);
    let midpoint = |e: Edge| {
        let (kind, x, y) = e;
        // Each edge is a side of the triangle pointing up at (x, y) (kind 0 and 1 and 2 are
        // its bottom, left and right sides), whether or not that triangle is on the board.
        let pts = Grid::Triangles.corners(GridCell::new(x, y, false), 1.0);
        let (a, b) = [(0, 1), (0, 2), (1, 2)][kind];
        ((pts[a].0 + pts[b].0) / 2.0, (pts[a].1 + pts[b].1) / 2.0)
    };
    let edge_index: std::collections::HashMap<(i64, i64), usize> = edge_list
        .iter()
        .enumerate()
        .map(|(i, &e)| (key(midpoint(e)), i))
        .collect();
    let centres: std::collections::HashSet<(i64, i64)> =
        cell_centres.iter().map(|&p| key(p)).collect();
    let mut out = Vec::new();
    for flip in [false, true] {
        for turn in 0..6 {
            let angle = std::f64::consts::PI / 3.0 * f64::from(turn);
            let (sin, cos) = angle.sin_cos();
            let move_point = |(x, y): (f64, f64)| {
                let (mut dx, dy) = (x - middle.0, y - middle.1);
                if flip {
                    dx = -dx;
                }
                (
                    middle.0 + cos * dx - sin * dy,
                    middle.1 + sin * dx + cos * dy,
                )
            };
            if !cell_centres
                .iter()
                .all(|&p| centres.contains(&key(move_point(p))))
            {
                continue;
            }
            let map: Option<Vec<usize>> = edge_list
                .iter()
                .map(|&e| edge_index.get(&key(move_point(midpoint(e)))).copied())
                .collect();
            if let Some(map) = map {
                out.push(map);
            }
        }
    }
    out
}
