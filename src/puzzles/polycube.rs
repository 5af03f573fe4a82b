//! Polycube packing in three dimensions, with Piet Hein's Soma cube built in.
//!
//! ## The encoding
//!
//! As for flat pieces ([`crate::puzzles::polyomino`]): one primary item per piece (its name)
//! and one per cell of the container (`x,y,z`, counting from 0); every position of a piece
//! in the container is an option naming the piece and the cells it fills. A piece may take
//! any of the 24 rotations of space; reflections (turning a piece "inside out", which no
//! real wooden piece can do) are allowed only with [`PolycubeOptions::reflections`].
//!
//! The Soma cube has seven pieces, V (three cubes) and six of four cubes, L T Z A B P, with 27
//! cubes in all: they fill the 3x3x3 cube in 11,520 ways.
//!
//! ## Symmetry reduction
//!
//! The cube has 48 symmetries: 24 rotations, and 24 more that include a reflection. A
//! rotation of a solution is plainly a solution. A reflection turns every piece into its
//! mirror image; the five pieces V L T Z P are their own mirror images, while the two screw
//! pieces A and B are each other's, so a reflected solution is again a solution once A and B
//! swap names. All 48 symmetries therefore act on the solutions, and 11,520 / 48 = 240
//! classes remain. [`SymmetryReduction::Auto`] counts those 240 directly: it restricts a
//! piece that every symmetry maps to itself to one position per class of its positions, and
//! breaks the symmetry left at symmetric positions with a second piece, as explained in the
//! polyomino module.
//!
//! ## Text format
//!
//! A piece set has one piece per line: a name, `:`, and the cells as `x,y,z` triples
//! separated by blanks. Blank lines are ignored and lines starting with `|` are comments.
//!
//! ```text
//! | the Soma tricube
//! V: 0,0,0 1,0,0 0,1,0
//! ```
//!
//! ```
//! use dlxkit::puzzles::{polycube::soma, Puzzle};
//! let puzzle = soma(true)?;
//! assert_eq!(puzzle.count(), 240);
//! # Ok::<(), dlxkit::puzzles::PuzzleError>(())
//! ```

use super::geometry::{self, Cell, CellBounds, Layout, PackingProblem, PieceSpec};
use super::isometric::{self, Block};
use super::picture::{self, square, Point, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError, SymmetryReduction, SymmetryReport};
use crate::svg::Svg;
use crate::xc::problem::check_item_name;
use crate::xc::{OptionId, Problem};

/// The most cells a container may have.
///
/// ```
/// use dlxkit::puzzles::polycube::{Container, MAX_CONTAINER_CELLS};
/// assert!(Container::cuboid(1, 1, MAX_CONTAINER_CELLS + 1).is_err());
/// ```
pub const MAX_CONTAINER_CELLS: usize = 10_000;
/// The most cells a piece may have.
///
/// ```
/// use dlxkit::puzzles::polycube::{Polycube, MAX_PIECE_CELLS};
/// assert!(Polycube::new("I", (0..=MAX_PIECE_CELLS).map(|x| (x, 0, 0))).is_err());
/// ```
pub const MAX_PIECE_CELLS: usize = 100;
/// The most pieces a set may have.
///
/// ```
/// use dlxkit::puzzles::polycube::{Polycube, PolycubeSet, MAX_PIECES};
/// let many: Vec<Polycube> = (0..=MAX_PIECES)
///     .map(|k| Polycube::new(&format!("p{k}"), [(0, 0, 0)]).unwrap())
///     .collect();
/// assert!(PolycubeSet::new(many).is_err());
/// ```
pub const MAX_PIECES: usize = 1_000;

/// A cell `(x, y, z)`.
///
/// ```
/// use dlxkit::puzzles::polycube::{Container, Cube};
/// let corner: Cube = (0, 0, 0);
/// assert_eq!(Container::cuboid(2, 2, 2)?.cells()[0], corner);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
pub type Cube = (usize, usize, usize);

fn cell(c: Cube) -> Cell {
    [c.0 as i32, c.1 as i32, c.2 as i32]
}

/// The space to fill: a set of cells.
///
/// ```
/// use dlxkit::puzzles::polycube::Container;
/// assert_eq!(Container::cuboid(3, 3, 3)?.cells().len(), 27);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Container {
    cells: Vec<Cube>,
}

impl Container {
    /// A box of `x` by `y` by `z` cells.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::Container;
    /// assert_eq!(Container::cuboid(2, 3, 4)?.cells().len(), 24);
    /// assert!(Container::cuboid(0, 3, 4).is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn cuboid(x: usize, y: usize, z: usize) -> Result<Container, PuzzleError> {
        for (what, value) in [
            ("the box width", x),
            ("the box depth", y),
            ("the box height", z),
        ] {
            if value == 0 {
                return Err(PuzzleError::TooSmall {
                    what,
                    value,
                    min: 1,
                });
            }
        }
        let cells = x.saturating_mul(y).saturating_mul(z);
        if cells > MAX_CONTAINER_CELLS {
            return Err(PuzzleError::TooLarge {
                what: "the number of container cells",
                value: cells,
                max: MAX_CONTAINER_CELLS,
            });
        }
        let mut all = Vec::with_capacity(cells);
        for k in 0..z {
            for j in 0..y {
                for i in 0..x {
                    all.push((i, j, k));
                }
            }
        }
        Container::from_cells(all)
    }

    /// A container made of the given cells (repeats are ignored).
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::Container;
    /// let c = Container::from_cells([(0, 0, 0), (1, 0, 0)])?;
    /// assert_eq!(c.cells().len(), 2);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn from_cells<I>(cells: I) -> Result<Container, PuzzleError>
    where
        I: IntoIterator<Item = Cube>,
    {
        let bounds = CellBounds {
            count: "the number of container cells",
            max_cells: MAX_CONTAINER_CELLS,
            coordinate: "a container coordinate",
            max_coordinate: MAX_CONTAINER_CELLS,
        };
        let mut cells = geometry::checked_cells(
            || "the container".to_string(),
            cells,
            |c| c.0.max(c.1).max(c.2),
            &bounds,
        )?;
        // Sort by layer, then row, then column, the order they are drawn in.
        cells.sort_unstable_by_key(|&(x, y, z)| (z, y, x));
        Ok(Container { cells })
    }

    /// The cells, by layer (z), then row (y), then column (x).
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::Container;
    /// assert_eq!(Container::cuboid(2, 1, 1)?.cells(), [(0, 0, 0), (1, 0, 0)]);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn cells(&self) -> &[Cube] {
        &self.cells
    }

    /// The size `(x, y, z)` of the smallest box from the origin holding the container.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::Container;
    /// assert_eq!(Container::cuboid(2, 3, 4)?.size(), (2, 3, 4));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn size(&self) -> (usize, usize, usize) {
        let x = self.cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
        let y = self.cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        let z = self.cells.iter().map(|c| c.2 + 1).max().unwrap_or(0);
        (x, y, z)
    }
}

/// A solid piece: a name and its cells.
///
/// ```
/// use dlxkit::puzzles::polycube::Polycube;
/// let v = Polycube::new("V", [(0, 0, 0), (1, 0, 0), (0, 1, 0)])?;
/// assert_eq!(v.cells().len(), 3);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polycube {
    name: String,
    cells: Vec<Cube>,
}

impl Polycube {
    /// A piece with the given name (an item name: no white space, `|` or `:`) and cells.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::Polycube;
    /// assert!(Polycube::new("", [(0, 0, 0)]).is_err());
    /// ```
    pub fn new<I>(name: &str, cells: I) -> Result<Polycube, PuzzleError>
    where
        I: IntoIterator<Item = Cube>,
    {
        let cells = geometry::piece_cells(name, cells, |c| c.0.max(c.1).max(c.2), MAX_PIECE_CELLS)?;
        Ok(Polycube {
            name: name.to_string(),
            cells,
        })
    }

    /// The piece's name.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::PolycubeSet;
    /// assert_eq!(PolycubeSet::soma().pieces()[0].name(), "V");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The piece's cells, sorted.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::PolycubeSet;
    /// assert_eq!(PolycubeSet::soma().pieces()[1].cells().len(), 4);
    /// ```
    pub fn cells(&self) -> &[Cube] {
        &self.cells
    }

    /// The character that draws the piece: the first character of its name.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::Polycube;
    /// assert_eq!(Polycube::new("Bee", [(0, 0, 0)])?.label(), 'B');
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn label(&self) -> char {
        self.name.chars().next().unwrap_or('?')
    }

    fn spec(&self) -> PieceSpec {
        PieceSpec {
            name: self.name.clone(),
            cells: self.cells.iter().map(|&c| cell(c)).collect(),
            unlimited: false,
        }
    }
}

/// A set of solid pieces with distinct names.
///
/// ```
/// use dlxkit::puzzles::polycube::PolycubeSet;
/// let set = PolycubeSet::parse("| two bars\nI2: 0,0,0 1,0,0\nI3: 0,0,0 1,0,0 2,0,0\n")?;
/// assert_eq!(set.pieces().len(), 2);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolycubeSet {
    pieces: Vec<Polycube>,
}

impl PolycubeSet {
    /// A set of the given pieces; names must be distinct.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::{Polycube, PolycubeSet};
    /// let a = Polycube::new("A", [(0, 0, 0)])?;
    /// assert!(PolycubeSet::new(vec![a.clone(), a]).is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(pieces: Vec<Polycube>) -> Result<PolycubeSet, PuzzleError> {
        let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
        geometry::check_piece_names(&names, MAX_PIECES)?;
        Ok(PolycubeSet { pieces })
    }

    /// Reads a piece set (see the module documentation for the syntax).
    ///
    /// ```
    /// use dlxkit::puzzles::{polycube::PolycubeSet, PuzzleError};
    /// let err = PolycubeSet::parse("V: 0,0,0 1,0\n").unwrap_err();
    /// assert!(matches!(err, PuzzleError::Parse { line: 1, column: 10, .. }));
    /// ```
    pub fn parse(text: &str) -> Result<PolycubeSet, PuzzleError> {
        let error = |line: usize, column: usize, message: String| PuzzleError::Parse {
            line,
            column,
            message,
        };
        let mut pieces: Vec<Polycube> = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('|') {
                continue;
            }
            let head = raw.chars().count() - trimmed.chars().count() + 1;
            let Some(colon) = raw.find(':') else {
                return Err(error(
                    line,
                    head,
                    "expected `name: x,y,z x,y,z ...`".to_string(),
                ));
            };
            let name = raw[..colon].trim();
            if let Err(e) = check_item_name(name) {
                return Err(error(line, head, e.to_string()));
            }
            if pieces.iter().any(|p| p.name == name) {
                return Err(error(line, head, format!("piece {name} is defined twice")));
            }
            let mut cells = Vec::new();
            let mut column = raw[..=colon].chars().count() + 1;
            for word in raw[colon + 1..].split(' ') {
                if !word.is_empty() {
                    let parts: Vec<Option<usize>> =
                        word.split(',').map(|p| p.parse::<usize>().ok()).collect();
                    match parts[..] {
                        [Some(x), Some(y), Some(z)] => cells.push((x, y, z)),
                        _ => {
                            return Err(error(
                                line,
                                column,
                                format!("`{word}` is not a cell `x,y,z` of whole numbers"),
                            ))
                        }
                    }
                }
                column += word.chars().count() + 1;
            }
            if cells.is_empty() {
                return Err(error(line, head, format!("piece {name} has no cells")));
            }
            if pieces.len() == MAX_PIECES {
                return Err(error(line, head, format!("more than {MAX_PIECES} pieces")));
            }
            match Polycube::new(name, cells) {
                Ok(p) => pieces.push(p),
                Err(e) => return Err(error(line, head, e.to_string())),
            }
        }
        PolycubeSet::new(pieces)
    }

    /// Piet Hein's seven Soma pieces: V (three cubes), L, T, Z, the two mirror-image screws A
    /// and B, and the branch P (four cubes each).
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::PolycubeSet;
    /// let soma = PolycubeSet::soma();
    /// let names: String = soma.pieces().iter().map(|p| p.label()).collect();
    /// assert_eq!(names, "VLTZABP");
    /// assert_eq!(soma.cell_count(), 27);
    /// ```
    pub fn soma() -> PolycubeSet {
        let piece = |name: &str, cells: &[Cube]| Polycube {
            name: name.to_string(),
            cells: cells.to_vec(),
        };
        PolycubeSet {
            pieces: vec![
                piece("V", &[(0, 0, 0), (1, 0, 0), (0, 1, 0)]),
                piece("L", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]),
                piece("T", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)]),
                piece("Z", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)]),
                piece("A", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)]),
                piece("B", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)]),
                piece("P", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]),
            ],
        }
    }

    /// The pieces, in order.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::PolycubeSet;
    /// assert_eq!(PolycubeSet::soma().pieces().len(), 7);
    /// ```
    pub fn pieces(&self) -> &[Polycube] {
        &self.pieces
    }

    /// The number of cells of all pieces together.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::PolycubeSet;
    /// assert_eq!(PolycubeSet::soma().cell_count(), 27);
    /// ```
    pub fn cell_count(&self) -> usize {
        self.pieces.iter().map(|p| p.cells.len()).sum()
    }
}

/// How pieces may move, and whether to count up to the container's symmetries.
///
/// ```
/// use dlxkit::puzzles::polycube::PolycubeOptions;
/// assert!(!PolycubeOptions::default().reflections);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolycubeOptions {
    /// Pieces may also be reflected (not only rotated).
    pub reflections: bool,
    /// Count every solution, or one per class of symmetric solutions.
    pub symmetry: SymmetryReduction,
}

/// One piece placed in the container.
///
/// ```
/// use dlxkit::puzzles::polycube::soma;
/// use dlxkit::xc::OptionId;
/// let p = soma(false)?.placement(OptionId::new(0)).unwrap().clone();
/// assert_eq!((p.piece, p.cells.len()), (0, 3));
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The piece's index in the set.
    pub piece: usize,
    /// The cells it fills.
    pub cells: Vec<Cube>,
}

/// A solution: the placements chosen.
///
/// ```
/// use dlxkit::puzzles::{polycube::soma, Puzzle};
/// let puzzle = soma(true)?;
/// let packing = puzzle.first()?.unwrap();
/// assert_eq!(packing.placements.len(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// One placement per piece.
    pub placements: Vec<Placement>,
}

/// A polycube packing puzzle.
///
/// ```
/// use dlxkit::puzzles::polycube::{Container, PolycubeOptions, PolycubeSet, PolycubePacking};
/// use dlxkit::puzzles::Puzzle;
/// // The L tetracube and the V tricube cannot fill a 2x2x2 cube (7 cells for 8).
/// let set = PolycubeSet::parse("L: 0,0,0 1,0,0 2,0,0 0,1,0\nV: 0,0,0 1,0,0 0,1,0\n")?;
/// let p = PolycubePacking::new(&Container::cuboid(2, 2, 2)?, &set, &PolycubeOptions::default())?;
/// assert_eq!(p.count(), 0);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PolycubePacking {
    container: Container,
    pieces: PolycubeSet,
    options: PolycubeOptions,
    core: PackingProblem,
    placements: Vec<Placement>,
    view: CubeView,
}

/// How [`Puzzle::draw`] pictures a polycube packing.
///
/// ```
/// use dlxkit::puzzles::polycube::{soma, CubeView};
/// use dlxkit::puzzles::Puzzle;
/// let puzzle = soma(true)?.with_view(CubeView::Isometric);
/// let packing = puzzle.first()?.unwrap();
/// let svg = puzzle.draw(&packing).unwrap().to_string();
/// // Each of the 27 cubes shows its top in the layers beside the solid, which shows 9 more.
/// assert_eq!(svg.matches("class=\"top\"").count(), 27 + 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum CubeView {
    /// The layers z = 0, 1, ... side by side, seen from above, as the text picture.
    #[default]
    Layers,
    /// The solid in isometric projection, then its layers as separate slabs so every cube
    /// shows its top (see the `isometric` module's notes in the source).
    Isometric,
}

impl PolycubePacking {
    /// Builds the packing problem.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::{Container, PolycubeOptions, PolycubeSet, PolycubePacking};
    /// use dlxkit::puzzles::Puzzle;
    /// let set = PolycubeSet::parse("I: 0,0,0 1,0,0\n")?;
    /// let p = PolycubePacking::new(&Container::cuboid(1, 1, 2)?, &set, &PolycubeOptions::default())?;
    /// assert_eq!(p.count(), 1);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(
        container: &Container,
        pieces: &PolycubeSet,
        options: &PolycubeOptions,
    ) -> Result<PolycubePacking, PuzzleError> {
        let cells: Vec<Cell> = container.cells.iter().map(|&c| cell(c)).collect();
        let specs: Vec<PieceSpec> = pieces.pieces.iter().map(Polycube::spec).collect();
        let ambient = geometry::space_motions(true);
        let motions = geometry::space_motions(options.reflections);
        let layout = Layout {
            cells: &cells,
            cell_names: container
                .cells
                .iter()
                .map(|(x, y, z)| format!("{x},{y},{z}"))
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
                cells: p.cells.iter().map(|&i| container.cells[i]).collect(),
            })
            .collect();
        Ok(PolycubePacking {
            container: container.clone(),
            pieces: pieces.clone(),
            options: options.clone(),
            core,
            placements,
            view: CubeView::default(),
        })
    }

    /// The same puzzle, drawn as `view` says.
    pub fn with_view(mut self, view: CubeView) -> PolycubePacking {
        self.view = view;
        self
    }

    /// The container.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::soma;
    /// assert_eq!(soma(false)?.container().size(), (3, 3, 3));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn container(&self) -> &Container {
        &self.container
    }

    /// The piece set.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::soma;
    /// assert_eq!(soma(false)?.pieces().pieces().len(), 7);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn pieces(&self) -> &PolycubeSet {
        &self.pieces
    }

    /// The options the problem was built with.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::soma;
    /// assert!(!soma(false)?.options().reflections);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn options(&self) -> &PolycubeOptions {
        &self.options
    }

    /// What option `option` places.
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::soma;
    /// use dlxkit::xc::OptionId;
    /// assert!(soma(false)?.placement(OptionId::new(100_000)).is_none());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn placement(&self, option: OptionId) -> Option<&Placement> {
        self.placements.get(option.index())
    }

    /// Every placement, indexed by option.
    ///
    /// ```
    /// use dlxkit::puzzles::{polycube::soma, Puzzle};
    /// let p = soma(false)?;
    /// assert_eq!(p.placements().len(), p.problem().option_count());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// What the symmetry reduction did (`None` without reduction).
    ///
    /// ```
    /// use dlxkit::puzzles::polycube::soma;
    /// assert_eq!(soma(true)?.symmetry().unwrap().group_order, 48);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn symmetry(&self) -> Option<&SymmetryReport> {
        self.core.report.as_ref()
    }
}

impl Puzzle for PolycubePacking {
    type Solution = Packing;

    fn problem(&self) -> &Problem {
        &self.core.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let p = self.placement(option)?;
        Some(geometry::describe(
            &self.pieces.pieces[p.piece].name,
            p.cells.iter().map(|(x, y, z)| format!("{x},{y},{z}")),
        ))
    }

    fn decode(&self, options: &[OptionId]) -> Result<Packing, InvalidSolution> {
        Ok(Packing {
            placements: geometry::chosen(&self.placements, options)?,
        })
    }

    fn validate(&self, packing: &Packing) -> Result<(), InvalidSolution> {
        let placed: Vec<(usize, Vec<Cell>)> = packing
            .placements
            .iter()
            .map(|p| (p.piece, p.cells.iter().map(|&c| cell(c)).collect()))
            .collect();
        self.core.check(&placed)
    }

    /// Draws the layers z = 0, 1, ... side by side, each with y going down and x across.
    fn render(&self, packing: &Packing) -> String {
        let (sx, sy, sz) = self.container.size();
        let mut grid = vec![vec![vec!['.'; sx]; sy]; sz];
        for &(x, y, z) in &self.container.cells {
            grid[z][y][x] = ' ';
        }
        for p in &packing.placements {
            let label = self.pieces.pieces.get(p.piece).map_or('?', Polycube::label);
            for &(x, y, z) in &p.cells {
                if x < sx && y < sy && z < sz {
                    grid[z][y][x] = label;
                }
            }
        }
        let mut out = String::new();
        for y in 0..sy {
            let layers: Vec<String> = grid.iter().map(|layer| layer[y].iter().collect()).collect();
            out.push_str(layers.join("  ").trim_end());
            out.push('\n');
        }
        out
    }

    /// The layers z = 0, 1, ... side by side, as [`Puzzle::render`] draws them, each piece in
    /// its own colour (one shape per piece, across the layers it spans); or, with
    /// [`CubeView::Isometric`], the solid and its layers in isometric projection.
    fn draw(&self, packing: &Packing) -> Option<Svg> {
        if self.view == CubeView::Isometric {
            let name = |p: usize| self.pieces.pieces.get(p).map_or("?", |q| q.name.as_str());
            let blocks: Vec<Block> = packing
                .placements
                .iter()
                .flat_map(|p| {
                    p.cells.iter().map(move |&at| Block {
                        at,
                        colour: p.piece,
                        name: name(p.piece),
                    })
                })
                .collect();
            return Some(isometric::packing(&blocks));
        }
        let (sx, _, _) = self.container.size();
        let at = |&(x, y, z): &Cube| square(y, z * (sx + 1) + x, CELL);
        let board: Vec<Vec<Point>> = self.container.cells.iter().map(at).collect();
        let tiles: Vec<Tile> = packing
            .placements
            .iter()
            .map(|p| Tile {
                colour: p.piece,
                name: self
                    .pieces
                    .pieces
                    .get(p.piece)
                    .map_or_else(|| "?".to_string(), |q| q.name.clone()),
                cells: p.cells.iter().map(at).collect(),
                cell_labels: Some(
                    p.cells
                        .iter()
                        .map(|_| {
                            self.pieces
                                .pieces
                                .get(p.piece)
                                .map_or('?', Polycube::label)
                                .to_string()
                        })
                        .collect(),
                ),
            })
            .collect();
        Some(picture::tiling(&board, &tiles, CELL / 2.0))
    }
}

/// The side of a square in the pictures, in pixels.
const CELL: f64 = 24.0;

/// The Soma cube: the seven Soma pieces in a 3x3x3 box, counted raw (11,520) or up to the
/// cube's 48 symmetries.
///
/// ```
/// use dlxkit::puzzles::{polycube::soma, Puzzle};
/// let puzzle = soma(true)?;
/// let first = puzzle.first()?.unwrap();
/// puzzle.validate(&first)?;
/// assert_eq!(puzzle.render(&first).lines().count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn soma(reduce_symmetry: bool) -> Result<PolycubePacking, PuzzleError> {
    let options = PolycubeOptions {
        reflections: false,
        symmetry: if reduce_symmetry {
            SymmetryReduction::Auto
        } else {
            SymmetryReduction::None
        },
    };
    PolycubePacking::new(&Container::cuboid(3, 3, 3)?, &PolycubeSet::soma(), &options)
}
