//! Random puzzles with a unique solution, of every size up to 64×64 (and beyond), reproducible
//! from a seed.
//!
//! # How
//!
//! 1. **A random complete grid** ([`Fill`]), made one of two ways:
//!    - *by search* ([`random_solution`]): the engine always branches on the leftmost item
//!      with the fewest options and tries that item's options top to bottom, so the first
//!      solution of a problem depends only on the order of its items and options. The
//!      generator copies the layout's [`Encoding`] with its items and options shuffled by the
//!      seeded [`Rng`] and takes the first solution of that copy. This works for every
//!      variant, and finds a 25×25 grid in a few milliseconds, but from 36×36 on the first
//!      solution lies too deep (a million nodes are not enough);
//!    - *from a pattern* ([`pattern_solution`], standard layouts only): the cyclic grid
//!      `(c·(i mod r) + ⌊i/r⌋ + j) mod n` of boxes `r × c`, with its digits relabelled at
//!      random, its rows shuffled within their bands and its bands shuffled, its columns
//!      within their stacks and its stacks, and (square boxes) transposed half the time. Each
//!      of these maps a valid grid to a valid grid, so it costs `O(n²)` at any size; the grids
//!      are fewer and more regular than those of the search.
//!
//!    [`Fill::Auto`] searches up to 25×25 (and for every variant) and uses the pattern above.
//! 2. **Givens removed one group at a time.** The cells are visited in a random order; a
//!    cell and its images under the [`Symmetry`] form a group and go together. A group is
//!    removed when the puzzle stays unique and the caller's `accept` hook agrees; otherwise it
//!    is put back. Removal stops at the target number of givens, or when every group has
//!    been tried, or when the caller's observer says stop.
//!
//! # The uniqueness check
//!
//! The puzzle before a removal has one solution `S`. After removing a group `G`, any other
//! solution would differ from `S` on some cell of `G` (agreeing on `G` too, it would solve
//! the puzzle before the removal, so it would be `S`). Three tests, cheapest first:
//!
//! 1. **Singles.** If every cell of `G` is a single for the givens left (the only digit its
//!    units leave it, or the only cell of one of its units where its digit can go), every
//!    solution agrees with `S` on `G`: unique. A few units are read, `O(n)` per cell.
//! 2. **Trials.** Each other candidate digit of each cell of `G` is placed on a scratch copy
//!    of the puzzle, and the naked and hidden singles that follow are made (counts of the
//!    places left per unit and digit show hidden singles as they appear). If every trial
//!    ends in a contradiction, unique; if one fills the grid, it found a second solution.
//! 3. **Search.** Otherwise a DLX search counts the solutions up to two, on one
//!    [`Search`](super::encode::Search) reused for every check, cut short after
//!    [`GenerateOptions::node_limit`] nodes. A search cut short counts as "not unique", so the
//!    limit costs removals (more givens are left), never correctness. A limit below the
//!    number of blank cells skips the search, since no solution fits in it.
//!
//! Every removal is proved to keep the puzzle unique, so every puzzle returned has exactly
//! one solution. Counting nodes rather than time keeps the result the same on every
//! machine. The search is what makes small puzzles minimal; on large grids it costs much
//! and proves little, so [`default_node_limit`] (the command line's choice) leaves it out
//! from 36×36 on, and logic alone decides there. [`Generated::checks`] says how the checks
//! of a puzzle were settled.
//!
//! # Sizes and variants
//!
//! Standard layouts: every box shape, any size ([`Fill::Pattern`] from 36×36 on). Sudoku-X,
//! windoku and jigsaw layouts need a search for their complete grid, which is refused beyond
//! [`max_size`] (25×25; windoku 16×16); a jigsaw map may have no complete grid at all
//! ([`GenerateError::NoGrid`]).
//!
//! ```
//! use dlxkit::sudoku::{generate::{generate, GenerateOptions}, ops, Shape};
//! let options = GenerateOptions::new(Shape::new(3, 3)?);
//! let g = generate(&options, 42)?;
//! assert_eq!(ops::uniqueness(&g.puzzle)?, ops::Answer::Unique);
//! assert!(g.puzzle.is_filled_by(&g.solution) && g.solution.is_solved());
//! assert_eq!(generate(&options, 42)?, g); // the same seed, the same puzzle
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;
use std::sync::Arc;

use thiserror::Error;

use super::encode::{EncodeError, Encoding};
use super::grid::{Grid, GridError, Layout, Shape, Unit};
use super::variant::Variant;
use crate::rng::Rng;
use crate::xc::{Arena, ItemId, Limits, OptionId, Problem, ProblemError, Solver, Status};

/// Which cells are removed together: a cell and its images under the symmetry, so that the
/// givens of the puzzle form a symmetric pattern.
///
/// ```
/// use dlxkit::sudoku::generate::Symmetry;
/// assert_eq!(Symmetry::parse("rotational"), Some(Symmetry::Rotational));
/// assert_eq!(Symmetry::Mirror.image(0, 9), 8);
/// assert_eq!(Symmetry::Rotational.image(0, 9), 80);
/// assert_eq!(Symmetry::Rotational90.orbit(0, 9), [0, 8, 72, 80]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Each cell alone.
    None,
    /// A cell and its image under a half turn, `(r, c)` and `(n−1−r, n−1−c)`.
    #[default]
    Rotational,
    /// A cell and its images under quarter turns, `(r, c)`, `(c, n−1−r)`, ... (square boxes
    /// only: see [`Symmetry::check`]).
    Rotational90,
    /// A cell and its mirror image across the middle column, `(r, c)` and `(r, n−1−c)`.
    Mirror,
    /// A cell and its mirror image across the main diagonal, `(r, c)` and `(c, r)`.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order `--help` lists them.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Rotational90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// Reads `none`, `rotational` (or `180`), `rotational90` (or `90`), `mirror` or
    /// `diagonal` (case does not matter).
    ///
    /// ```
    /// use dlxkit::sudoku::generate::Symmetry;
    /// assert_eq!(Symmetry::parse("none"), Some(Symmetry::None));
    /// assert_eq!(Symmetry::parse("90"), Some(Symmetry::Rotational90));
    /// assert_eq!(Symmetry::parse("spiral"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Symmetry> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Some(Symmetry::None),
            "rotational" | "rotation" | "180" => Some(Symmetry::Rotational),
            "rotational90" | "rotation90" | "90" => Some(Symmetry::Rotational90),
            "mirror" => Some(Symmetry::Mirror),
            "diagonal" | "transpose" => Some(Symmetry::Diagonal),
            _ => None,
        }
    }

    /// The symmetry's name, as [`Symmetry::parse`] reads it.
    ///
    /// ```
    /// use dlxkit::sudoku::generate::Symmetry;
    /// assert!(Symmetry::ALL.iter().all(|s| Symmetry::parse(s.name()) == Some(*s)));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Rotational90 => "rotational90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of `cell` in a grid of side `n` under the map that generates the symmetry
    /// (the cell itself for [`Symmetry::None`]). A pattern of givens has the symmetry when
    /// every cell and its image are both given or both blank.
    ///
    /// ```
    /// use dlxkit::sudoku::generate::Symmetry;
    /// assert_eq!(Symmetry::Rotational.image(40, 9), 40); // the centre
    /// assert_eq!(Symmetry::Rotational90.image(1, 9), 17); // r1c2 -> r2c9
    /// assert_eq!(Symmetry::Diagonal.image(1, 9), 9); // r1c2 -> r2c1
    /// assert_eq!(Symmetry::None.image(3, 9), 3);
    /// ```
    pub fn image(self, cell: usize, n: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => (n - 1 - r) * n + (n - 1 - c),
            Symmetry::Rotational90 => c * n + (n - 1 - r),
            Symmetry::Mirror => r * n + (n - 1 - c),
            Symmetry::Diagonal => c * n + r,
        }
    }

    /// The cells removed together with `cell`: its images under the symmetry, `cell`
    /// included, in increasing order (1, 2 or 4 cells).
    ///
    /// ```
    /// use dlxkit::sudoku::generate::Symmetry;
    /// assert_eq!(Symmetry::Rotational90.orbit(40, 9), [40]);
    /// assert_eq!(Symmetry::Mirror.orbit(9, 9), [9, 17]);
    /// ```
    pub fn orbit(self, cell: usize, n: usize) -> Vec<usize> {
        let mut cells = vec![cell];
        let mut next = self.image(cell, n);
        while next != cell {
            cells.push(next);
            next = self.image(next, n);
        }
        cells.sort_unstable();
        cells
    }

    /// Whether the symmetry can be used with boxes of `shape`: a quarter turn maps a grid of
    /// `r × c` boxes to one of `c × r` boxes, so [`Symmetry::Rotational90`] needs square
    /// boxes; the others fit every shape.
    ///
    /// ```
    /// use dlxkit::sudoku::{generate::Symmetry, Shape};
    /// assert!(Symmetry::Rotational90.check(Shape::new(3, 3)?).is_ok());
    /// assert_eq!(
    ///     Symmetry::Rotational90.check(Shape::new(2, 3)?).unwrap_err().to_string(),
    ///     "symmetry rotational90 needs square boxes: a quarter turn of a grid with 2x3 boxes \
    ///      has 3x2 boxes (use rotational, mirror or diagonal)"
    /// );
    /// # Ok::<(), dlxkit::sudoku::GridError>(())
    /// ```
    pub fn check(self, shape: Shape) -> Result<(), GenerateError> {
        if self == Symmetry::Rotational90 && shape.box_rows() != shape.box_cols() {
            return Err(GenerateError::Unsupported {
                reason: format!(
                    "symmetry rotational90 needs square boxes: a quarter turn of a grid with \
                     {shape} boxes has {}x{} boxes (use rotational, mirror or diagonal)",
                    shape.box_cols(),
                    shape.box_rows()
                ),
            });
        }
        Ok(())
    }
}

/// How the complete grid is made (see the module documentation).
///
/// ```
/// use dlxkit::sudoku::{generate::Fill, Layout, Shape};
/// let standard = |n| Layout::standard(Shape::for_size(n).unwrap());
/// assert_eq!(Fill::Auto.resolve(&standard(25)), Fill::Search);
/// assert_eq!(Fill::Auto.resolve(&standard(36)), Fill::Pattern);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fill {
    /// Search up to [`MAX_SEARCH_SIZE`] and for every variant; the pattern for larger
    /// standard layouts.
    #[default]
    Auto,
    /// The first solution of a shuffled encoding ([`random_solution`]).
    Search,
    /// A shuffled and relabelled pattern ([`pattern_solution`]; standard layouts only).
    Pattern,
}

impl Fill {
    /// The method [`Fill::Auto`] stands for with this layout (other methods stay as they
    /// are).
    ///
    /// ```
    /// use dlxkit::sudoku::{generate::Fill, Layout, Shape};
    /// let x36 = Layout::standard(Shape::for_size(36).unwrap()).with_diagonals();
    /// assert_eq!(Fill::Auto.resolve(&x36), Fill::Search); // refused later: too large
    /// ```
    pub fn resolve(self, layout: &Layout) -> Fill {
        match self {
            Fill::Auto if layout.is_standard() && layout.size() > MAX_SEARCH_SIZE => Fill::Pattern,
            Fill::Auto => Fill::Search,
            other => other,
        }
    }
}

/// The largest side whose complete grid is made by search by default: a 25×25 grid takes a
/// few milliseconds, while at 36×36 a million nodes find none.
pub const MAX_SEARCH_SIZE: usize = 25;

/// The largest side generated for a variant, `None` for no limit (standard grids). Variants
/// need a search for their complete grid: Sudoku-X and jigsaw grids are found up to 25×25;
/// windoku grids up to 16×16 (at 25×25, eight attempts of a million nodes find none).
///
/// ```
/// use dlxkit::sudoku::{generate::max_size, Variant};
/// assert_eq!(max_size(&Variant::Standard), None);
/// assert_eq!(max_size(&Variant::Windoku), Some(16));
/// ```
pub fn max_size(variant: &Variant) -> Option<usize> {
    match variant {
        Variant::Standard => None,
        Variant::Windoku => Some(16),
        Variant::X | Variant::Jigsaw { .. } => Some(MAX_SEARCH_SIZE),
    }
}

/// What to generate.
///
/// ```
/// use dlxkit::sudoku::{generate::{GenerateOptions, Symmetry}, Shape, Variant};
/// let o = GenerateOptions::new(Shape::new(2, 3)?).symmetry(Symmetry::None).target_givens(14);
/// assert_eq!(o.variant, Variant::Standard);
/// assert_eq!(o.target_givens, Some(14));
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The box shape.
    pub shape: Shape,
    /// The variant.
    pub variant: Variant,
    /// Which cells go together.
    pub symmetry: Symmetry,
    /// Stop removing givens when this many are left (`None`: remove all that can go).
    pub target_givens: Option<usize>,
    /// A node limit for each uniqueness search (`None`: no limit; a limit below the number
    /// of blank cells, such as 0, skips the search, since no solution fits in it: logic
    /// alone decides). Large grids need one ([`default_node_limit`]).
    pub node_limit: Option<u64>,
    /// How the complete grid is made.
    pub fill: Fill,
}

impl GenerateOptions {
    /// Standard puzzles of this shape, rotational symmetry, as few givens as the removal
    /// reaches, no node limit, the complete grid made as [`Fill::Auto`] says.
    ///
    /// ```
    /// use dlxkit::sudoku::{generate::{Fill, GenerateOptions, Symmetry}, Shape};
    /// let o = GenerateOptions::new(Shape::new(3, 3).unwrap());
    /// assert_eq!((o.symmetry, o.target_givens, o.node_limit), (Symmetry::Rotational, None, None));
    /// assert_eq!(o.fill, Fill::Auto);
    /// ```
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            variant: Variant::Standard,
            symmetry: Symmetry::Rotational,
            target_givens: None,
            node_limit: None,
            fill: Fill::Auto,
        }
    }

    /// The same options with a variant.
    ///
    /// ```
    /// # use dlxkit::sudoku::{generate::GenerateOptions, Shape, Variant};
    /// let o = GenerateOptions::new(Shape::new(3, 3).unwrap()).variant(Variant::X);
    /// assert_eq!(o.variant, Variant::X);
    /// ```
    pub fn variant(mut self, variant: Variant) -> GenerateOptions {
        self.variant = variant;
        self
    }

    /// The same options with a symmetry.
    ///
    /// ```
    /// # use dlxkit::sudoku::{generate::{GenerateOptions, Symmetry}, Shape};
    /// let o = GenerateOptions::new(Shape::new(3, 3).unwrap()).symmetry(Symmetry::Mirror);
    /// assert_eq!(o.symmetry, Symmetry::Mirror);
    /// ```
    pub fn symmetry(mut self, symmetry: Symmetry) -> GenerateOptions {
        self.symmetry = symmetry;
        self
    }

    /// The same options with a target number of givens.
    ///
    /// ```
    /// # use dlxkit::sudoku::{generate::GenerateOptions, Shape};
    /// let o = GenerateOptions::new(Shape::new(3, 3).unwrap()).target_givens(30);
    /// assert_eq!(o.target_givens, Some(30));
    /// ```
    pub fn target_givens(mut self, givens: usize) -> GenerateOptions {
        self.target_givens = Some(givens);
        self
    }

    /// The same options with a node limit per uniqueness search.
    ///
    /// ```
    /// # use dlxkit::sudoku::{generate::GenerateOptions, Shape};
    /// let o = GenerateOptions::new(Shape::new(5, 5).unwrap()).node_limit(100_000);
    /// assert_eq!(o.node_limit, Some(100_000));
    /// ```
    pub fn node_limit(mut self, nodes: u64) -> GenerateOptions {
        self.node_limit = Some(nodes);
        self
    }

    /// The layout to generate, once the options are checked: the variant fits the shape,
    /// the symmetry fits the boxes ([`Symmetry::check`]), the fill fits the layout, and a
    /// variant's side is at most [`max_size`].
    ///
    /// ```
    /// use dlxkit::sudoku::{generate::{Fill, GenerateOptions}, Shape, Variant};
    /// let o = GenerateOptions::new(Shape::new(6, 6)?).variant(Variant::X);
    /// assert_eq!(
    ///     o.layout().unwrap_err().to_string(),
    ///     "x puzzles are generated up to 25x25, not 36x36: their complete grid must be found \
    ///      by a search, which does not finish in time beyond that (standard puzzles go to any \
    ///      size)"
    /// );
    /// let p = GenerateOptions::new(Shape::new(3, 3)?).variant(Variant::X).fill(Fill::Pattern);
    /// assert!(p.layout().is_err()); // the pattern is a standard grid
    /// # Ok::<(), dlxkit::sudoku::GridError>(())
    /// ```
    pub fn layout(&self) -> Result<Arc<Layout>, GenerateError> {
        let layout = self.variant.shared_layout(self.shape)?;
        self.symmetry.check(self.shape)?;
        let n = layout.size();
        if self.fill.resolve(&layout) == Fill::Pattern && !layout.is_standard() {
            return Err(GenerateError::Unsupported {
                reason: format!(
                    "the pattern fill makes standard grids only, not {}",
                    layout.variant_name()
                ),
            });
        }
        if let Some(max) = max_size(&self.variant).filter(|&max| n > max) {
            return Err(GenerateError::Unsupported {
                reason: format!(
                    "{} puzzles are generated up to {max}x{max}, not {n}x{n}: their complete \
                     grid must be found by a search, which does not finish in time beyond \
                     that (standard puzzles go to any size)",
                    layout.variant_name()
                ),
            });
        }
        Ok(layout)
    }

    /// The same options with a way to make the complete grid.
    ///
    /// ```
    /// # use dlxkit::sudoku::{generate::{Fill, GenerateOptions}, Shape};
    /// let o = GenerateOptions::new(Shape::new(3, 3).unwrap()).fill(Fill::Pattern);
    /// assert_eq!(o.fill, Fill::Pattern);
    /// ```
    pub fn fill(mut self, fill: Fill) -> GenerateOptions {
        self.fill = fill;
        self
    }
}

/// The node limit of each uniqueness search that the command line uses for side `n`: none up
/// to 9×9 (every check completes, so the puzzles are minimal), 100,000 to 16×16, 2,000 to
/// 25×25 and 0 above (logic alone decides). On large grids a search costs much and proves
/// little: a limit ten times larger removes a few more givens for several times the time
/// (BENCHMARKS.md, "Generating puzzles", has the trade measured).
///
/// ```
/// use dlxkit::sudoku::generate::default_node_limit;
/// assert_eq!(default_node_limit(9), None);
/// assert_eq!(default_node_limit(64), Some(0));
/// ```
pub fn default_node_limit(n: usize) -> Option<u64> {
    match n {
        0..=9 => None,
        10..=16 => Some(100_000),
        17..=25 => Some(2_000),
        _ => Some(0),
    }
}

/// A generated puzzle.
///
/// ```
/// use dlxkit::sudoku::{generate::{generate, GenerateOptions}, Shape};
/// let g = generate(&GenerateOptions::new(Shape::new(2, 2)?).target_givens(6), 1)?;
/// assert!(g.target_reached == (g.givens <= 6));
/// assert_eq!(g.puzzle.givens(), g.givens);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle (unique solution).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The number of givens left.
    pub givens: usize,
    /// Whether the target number of givens was reached (true without a target).
    pub target_reached: bool,
    /// Whether the observer stopped the removal before every group was tried (the puzzle is
    /// unique all the same).
    pub stopped: bool,
    /// How the complete grid was made ([`Fill::Search`] or [`Fill::Pattern`]).
    pub fill: Fill,
    /// How the uniqueness checks were settled.
    pub checks: Checks,
    /// The seed it was made from.
    pub seed: u64,
}

/// How far the removal of givens has gone, as reported to the observer of
/// [`generate_observed`] after each group is tried.
///
/// ```
/// let p = dlxkit::sudoku::generate::Progress { tried: 10, cells: 81, givens: 70 };
/// assert_eq!(p.cells - p.tried, 71);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Cells whose removal has been tried (a group counts all its cells).
    pub tried: usize,
    /// Cells of the grid.
    pub cells: usize,
    /// Givens left.
    pub givens: usize,
}

/// Why no puzzle could be made.
///
/// ```
/// use dlxkit::sudoku::{generate::{generate, GenerateOptions}, Shape, Variant};
/// let o = GenerateOptions::new(Shape::new(2, 3)?).variant(Variant::Windoku);
/// assert!(generate(&o, 1).is_err()); // windows need square boxes
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The shape or variant is not usable.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The layout cannot be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// No complete grid was found within the node limits (or the layout has none): each
    /// attempt searches a differently shuffled encoding for [`GRID_NODES`] nodes.
    #[error("no complete grid found in {attempts} attempts, each cut short at its node limit: the layout may have none, or need a longer search")]
    NoGrid {
        /// Attempts made.
        attempts: u32,
    },
    /// A combination the generator does not make (the reason says which and why).
    #[error("{reason}")]
    Unsupported {
        /// What is refused, and why.
        reason: String,
    },
}

impl From<ProblemError> for GenerateError {
    fn from(e: ProblemError) -> GenerateError {
        GenerateError::Encode(EncodeError::Problem(e))
    }
}

/// Attempts at a random complete grid by search before giving up.
const ATTEMPTS: u32 = 8;

/// Search-tree nodes allowed for each attempt at a random complete grid (at least; more if
/// [`GenerateOptions::node_limit`] is larger).
pub const GRID_NODES: u64 = 1_000_000;

/// A random complete grid of the layout, from the first solution of a shuffled copy of its
/// encoding (see the module documentation). `None` when the search ends (or reaches
/// `node_limit`) without a solution.
///
/// ```
/// use dlxkit::sudoku::{encode::Encoding, generate::random_solution, Shape};
/// use dlxkit::rng::Rng;
/// let e = Encoding::standard(Shape::new(3, 3)?)?;
/// let a = random_solution(&e, &mut Rng::new(1), None)?.unwrap();
/// let b = random_solution(&e, &mut Rng::new(2), None)?.unwrap();
/// assert!(a.is_solved() && b.is_solved());
/// assert_ne!(a, b);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_solution(
    encoding: &Encoding,
    rng: &mut Rng,
    node_limit: Option<u64>,
) -> Result<Option<Grid>, GenerateError> {
    let p = encoding.problem();
    let mut items: Vec<ItemId> = p.items().collect();
    rng.shuffle(&mut items);
    let mut b = Problem::builder();
    let mut renamed = vec![None; items.len()];
    for &i in &items {
        renamed[i.index()] = Some(b.primary(p.item_name(i))?);
    }
    let mut options: Vec<OptionId> = p.options().collect();
    rng.shuffle(&mut options);
    let mut entries = Vec::new();
    for &o in &options {
        entries.clear();
        entries.extend(p.option(o).iter().filter_map(|e| renamed[e.item.index()]));
        b.option(entries.iter().copied())?;
    }
    let shuffled = b.build()?;
    let arena = Arena::new();
    let mut limits = Limits::new();
    limits.max_nodes = node_limit;
    let mut solver = Solver::new(&shuffled, &arena).with_limits(limits);
    Ok(solver.first().map(|solution| {
        let original: Vec<OptionId> = solution.iter().map(|o| options[o.index()]).collect();
        encoding.grid_of(&original)
    }))
}

/// A random complete grid of the standard layout of `shape`, from a pattern (see the
/// module documentation): `O(n²)` work at any size.
///
/// ```
/// use dlxkit::sudoku::{generate::pattern_solution, Shape};
/// use dlxkit::rng::Rng;
/// let g = pattern_solution(Shape::new(8, 8)?, &mut Rng::new(1)); // 64x64
/// assert!(g.is_solved());
/// assert_ne!(g, pattern_solution(Shape::new(8, 8)?, &mut Rng::new(2)));
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
pub fn pattern_solution(shape: Shape, rng: &mut Rng) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    // Rows: `c` bands of `r` rows; columns: `r` stacks of `c` columns.
    let rows = shuffled_lines(c, r, rng);
    let cols = shuffled_lines(r, c, rng);
    let transpose = r == c && rng.below(2) == 1;
    let mut cells = vec![0u8; n * n];
    for (i, &pi) in rows.iter().enumerate() {
        for (j, &pj) in cols.iter().enumerate() {
            let value = (c * (pi % r) + pi / r + pj) % n;
            let cell = if transpose { j * n + i } else { i * n + j };
            cells[cell] = digits[value];
        }
    }
    Grid::from_cells(Layout::shared_standard(shape), cells).expect("digits are 1..=n")
}

/// A random order of `groups · size` lines that keeps each group of `size` together: the
/// groups shuffled, and the lines within each group.
fn shuffled_lines(groups: usize, size: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut order);
    let mut lines = Vec::with_capacity(groups * size);
    for g in order {
        let mut within: Vec<usize> = (0..size).map(|k| g * size + k).collect();
        rng.shuffle(&mut within);
        lines.extend(within);
    }
    lines
}

/// Generates a puzzle (see [`generate_with`]; every removal that keeps the puzzle unique is
/// accepted).
///
/// ```
/// use dlxkit::sudoku::{generate::{generate, GenerateOptions, Symmetry}, Shape};
/// let o = GenerateOptions::new(Shape::new(2, 3)?).symmetry(Symmetry::Mirror);
/// let g = generate(&o, 7)?;
/// let n = 6;
/// for cell in 0..36 {
///     let mirror = (cell / n) * n + (n - 1 - cell % n);
///     assert_eq!(g.puzzle.cells()[cell] == 0, g.puzzle.cells()[mirror] == 0);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(options: &GenerateOptions, seed: u64) -> Result<Generated, GenerateError> {
    generate_with(options, seed, |_| true)
}

/// Generates a puzzle, asking `accept` about each candidate: after a group of givens has
/// been removed and the puzzle is still unique, `accept(&puzzle)` decides whether the
/// removal stands. This is the hook for a difficulty rating (e.g. "still solvable by
/// singles", "not harder than ..."); returning `true` always gives the plain generator.
///
/// ```
/// use dlxkit::sudoku::{generate::{generate_with, GenerateOptions}, Shape};
/// // Never go below 30 givens, whatever the target.
/// let o = GenerateOptions::new(Shape::new(3, 3)?);
/// let g = generate_with(&o, 3, |puzzle| puzzle.givens() >= 30)?;
/// assert!(g.givens >= 30);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_with(
    options: &GenerateOptions,
    seed: u64,
    accept: impl FnMut(&Grid) -> bool,
) -> Result<Generated, GenerateError> {
    generate_observed(options, seed, accept, |_| ControlFlow::Continue(()))
}

/// [`generate_with`], telling `observe` how far the removal has gone after each group is
/// tried; when it returns [`ControlFlow::Break`] the removal stops there (for a time limit,
/// Ctrl-C, a progress bar). The puzzle returned is unique either way;
/// [`Generated::stopped`] says the removal was cut short, so it may have more givens.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::sudoku::{generate::{generate_observed, GenerateOptions}, ops, Shape};
/// let o = GenerateOptions::new(Shape::new(4, 4)?);
/// let g = generate_observed(&o, 1, |_| true, |p| {
///     if p.tried >= 20 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert!(g.stopped && g.givens >= 256 - 20);
/// assert_eq!(ops::uniqueness(&g.puzzle)?, ops::Answer::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_observed(
    options: &GenerateOptions,
    seed: u64,
    accept: impl FnMut(&Grid) -> bool,
    observe: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Generated, GenerateError> {
    generate_aimed(options, seed, |_| Vec::new(), accept, observe)
}

/// [`generate_observed`], removing first the givens `aim` picks from the complete grid: its
/// cells are tried in the order given (each with its symmetric images), before the rest in
/// their random order. A caller that wants a pattern in the puzzle (a unit left empty for a
/// quad, a digit's cells for a fish) blanks it first, so that the removals that follow
/// build the puzzle around it. Cells out of the grid and repeats are ignored; with no cells
/// picked this is [`generate_observed`], puzzle for puzzle.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::sudoku::{generate::{generate_aimed, GenerateOptions, Symmetry}, Shape};
/// let o = GenerateOptions::new(Shape::new(3, 3)?).symmetry(Symmetry::None);
/// // The first row emptied before anything else is tried.
/// let g = generate_aimed(&o, 1, |_| (0..9).collect(), |_| true, |_| ControlFlow::Continue(()))?;
/// assert!(g.puzzle.cells()[..9].iter().all(|&d| d == 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_aimed(
    options: &GenerateOptions,
    seed: u64,
    aim: impl FnOnce(&Grid) -> Vec<usize>,
    accept: impl FnMut(&Grid) -> bool,
    observe: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Generated, GenerateError> {
    let layout = options.layout()?;
    let fill = options.fill.resolve(&layout);
    let encoding = Encoding::new(layout)?;
    let mut rng = Rng::new(seed);
    let solution = match fill {
        Fill::Pattern => pattern_solution(options.shape, &mut rng),
        _ => search_solution(&encoding, options, &mut rng)?,
    };

    let cells = encoding.layout().cells();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut first: Vec<usize> = aim(&solution);
    first.retain(|&c| c < cells);
    if !first.is_empty() {
        let mut seen = vec![false; cells];
        first.retain(|&c| !std::mem::replace(&mut seen[c], true));
        order.retain(|&c| !seen[c]);
        order.splice(0..0, first);
    }
    let removal = remove(&encoding, options, &solution, &[], &order, accept, observe)?;
    Ok(Generated {
        givens: removal.puzzle.givens(),
        target_reached: options
            .target_givens
            .is_none_or(|t| removal.puzzle.givens() <= t),
        puzzle: removal.puzzle,
        solution,
        stopped: removal.stopped,
        fill,
        checks: removal.checks,
        seed,
    })
}

/// Removes more givens from `puzzle`, a puzzle of the options' layout whose one solution
/// is `solution` (its uniqueness is not checked again), as the generator does: its givens are tried in a random order drawn from
/// `seed` (each with its images under the options' symmetry, those still given), and a
/// removal stands when the puzzle stays unique and `accept` agrees; down to the options'
/// target number of givens. The puzzle returned is unique. This is how a puzzle made by
/// other means (a pattern built by hand, givens added back to reach a target) is made
/// minimal again for the same `accept`.
///
/// ```
/// use dlxkit::sudoku::{generate::{generate, thin_out, GenerateOptions}, ops, Shape};
/// let o = GenerateOptions::new(Shape::new(3, 3)?);
/// let g = generate(&o, 5)?;
/// // Two givens of the solution added back: thinning out removes them again (or others).
/// let mut more = g.puzzle.clone();
/// for cell in (0..81).filter(|&c| g.puzzle.cells()[c] == 0).take(2) {
///     more.set_cell(cell, g.solution.cells()[cell]);
/// }
/// let thin = thin_out(&o, &more, &g.solution, 1, |_| true)?;
/// assert!(thin.givens() < more.givens());
/// assert_eq!(ops::uniqueness(&thin)?, ops::Answer::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn thin_out(
    options: &GenerateOptions,
    puzzle: &Grid,
    solution: &Grid,
    seed: u64,
    accept: impl FnMut(&Grid) -> bool,
) -> Result<Grid, GenerateError> {
    let layout = options.layout()?;
    let fits = **solution.layout() == *layout
        && **puzzle.layout() == *layout
        && solution.is_solved()
        && puzzle.is_filled_by(solution);
    if !fits {
        return Err(GenerateError::Unsupported {
            reason: "thin_out needs a puzzle and its solution, of the options' layout".into(),
        });
    }
    let encoding = Encoding::new(layout)?;
    let cells = encoding.layout().cells();
    let blanks: Vec<usize> = (0..cells).filter(|&c| puzzle.cells()[c] == 0).collect();
    let mut order: Vec<usize> = (0..cells).filter(|&c| puzzle.cells()[c] != 0).collect();
    Rng::new(seed).shuffle(&mut order);
    let removal = remove(
        &encoding,
        options,
        solution,
        &blanks,
        &order,
        accept,
        |_| ControlFlow::Continue(()),
    )?;
    Ok(removal.puzzle)
}

/// What [`remove`] leaves: the puzzle, whether the observer stopped it, how its checks were
/// settled.
struct Removal {
    puzzle: Grid,
    stopped: bool,
    checks: Checks,
}

/// The removal of givens ([`generate_aimed`], [`thin_out`]): from `solution` with the
/// cells `blanks` already blank (a unique puzzle), the cells of `order` are tried in turn,
/// each with its images under the symmetry that are still given.
fn remove(
    encoding: &Encoding,
    options: &GenerateOptions,
    solution: &Grid,
    blanks: &[usize],
    order: &[usize],
    mut accept: impl FnMut(&Grid) -> bool,
    mut observe: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Removal, GenerateError> {
    let n = encoding.layout().size();
    let cells = encoding.layout().cells();
    let target = options.target_givens.unwrap_or(0);
    let arena = Arena::new();
    let mut checker = Checker::new(encoding, &arena, solution, options.node_limit)?;
    checker.blank(blanks);
    let mut tried = vec![false; cells];
    for &c in blanks {
        tried[c] = true;
    }
    let mut progress = Progress {
        tried: blanks.len(),
        cells,
        givens: cells - blanks.len(),
    };
    let mut stopped = false;
    for &cell in order {
        if progress.givens <= target {
            break;
        }
        if tried[cell] {
            continue;
        }
        let mut group = options.symmetry.orbit(cell, n);
        group.retain(|&c| !tried[c]);
        for &c in &group {
            tried[c] = true;
        }
        if progress.givens - group.len() >= target {
            checker.blank(&group);
            if checker.is_unique(&group)? && accept(checker.puzzle()) {
                progress.givens -= group.len();
            } else {
                checker.restore(&group);
            }
        }
        progress.tried += group.len();
        if observe(&progress).is_break() {
            stopped = progress.tried < cells;
            break;
        }
    }
    Ok(Removal {
        checks: checker.checks,
        puzzle: checker.into_puzzle(),
        stopped,
    })
}

/// A complete grid by search: a few differently shuffled attempts, each cut short after a
/// while (a layout with no complete grid at all, such as a bad jigsaw map, then ends in an
/// error, not an endless search).
fn search_solution(
    encoding: &Encoding,
    options: &GenerateOptions,
    rng: &mut Rng,
) -> Result<Grid, GenerateError> {
    let limit = options
        .node_limit
        .unwrap_or(0)
        .max(GRID_NODES)
        .max(10 * encoding.layout().cells() as u64);
    for _ in 0..ATTEMPTS {
        if let Some(grid) = random_solution(encoding, rng, Some(limit))? {
            return Ok(grid);
        }
    }
    Err(GenerateError::NoGrid { attempts: ATTEMPTS })
}

/// The puzzle being thinned out, and the uniqueness checks on it (see the module
/// documentation): the digits each unit holds as givens, for the singles test and the
/// trials, and a DLX search for the rest.
struct Checker<'a> {
    puzzle: Grid,
    solution: &'a Grid,
    /// Per unit of the layout, the digits given in it (bit `d − 1` for digit `d`).
    used: Vec<u128>,
    /// Blank cells of `puzzle`.
    blanks: usize,
    /// The state the trials of a check start from, and the scratch state of one trial.
    base: TrialState,
    trial: TrialState,
    search: super::encode::Search<'a>,
    node_limit: Option<u64>,
    checks: Checks,
}

/// How the uniqueness checks of one puzzle were settled (see the module documentation).
///
/// ```
/// use dlxkit::sudoku::{generate::{generate, GenerateOptions}, Shape};
/// let g = generate(&GenerateOptions::new(Shape::new(3, 3)?), 1)?;
/// assert!(g.checks.by_singles > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Checks {
    /// Removals proved by the singles test.
    pub by_singles: u64,
    /// Removals proved by trials (every other digit of the cells removed led to a
    /// contradiction).
    pub by_trials: u64,
    /// Trial placements made.
    pub trials: u64,
    /// DLX searches run.
    pub searches: u64,
}

/// What a trial placement led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trial {
    /// A contradiction: no solution has that placement.
    Refuted,
    /// A complete grid: another solution.
    Solved,
    /// Neither, before the naked singles ran out.
    Stalled,
}

/// A trial's copy of the puzzle: cells, the digits of each unit, the candidates of each
/// blank cell and, per unit and digit, how many cells of the unit could take it (`count[u · n
/// + d − 1]`), so that naked and hidden singles show up as the counts fall.
#[derive(Clone, Debug, Default)]
struct TrialState {
    cells: Vec<u8>,
    used: Vec<u128>,
    cand: Vec<u128>,
    count: Vec<u32>,
    blanks: usize,
    /// Placements the singles force, not made yet.
    todo: Vec<(usize, u8)>,
}

impl TrialState {
    /// Makes a placement and queues the singles it creates; false on a contradiction.
    fn place(&mut self, layout: &Layout, cell: usize, digit: u8) -> bool {
        if self.cells[cell] != 0 {
            return self.cells[cell] == digit;
        }
        let b = bit(digit);
        let before = self.cand[cell];
        if before & b == 0 {
            return false;
        }
        self.cells[cell] = digit;
        self.cand[cell] = 0;
        self.blanks -= 1;
        let units = layout.units_of(cell);
        for &u in units {
            self.used[u] |= b;
        }
        // The cell's other digits lose a place in its units.
        for d in digits(before & !b) {
            for &u in units {
                if !self.lose_place(layout, u, d) {
                    return false;
                }
            }
        }
        // Its peers lose the digit.
        for &peer in layout.peers(cell) {
            if self.cand[peer] & b == 0 {
                continue;
            }
            self.cand[peer] &= !b;
            match self.cand[peer].count_ones() {
                0 => return false,
                1 => self
                    .todo
                    .push((peer, self.cand[peer].trailing_zeros() as u8 + 1)),
                _ => {}
            }
            for &u in layout.units_of(peer) {
                if !self.lose_place(layout, u, digit) {
                    return false;
                }
            }
        }
        true
    }

    /// Counts one place fewer for `digit` in unit `u`: false if none is left, a hidden
    /// single queued if one is.
    fn lose_place(&mut self, layout: &Layout, u: usize, digit: u8) -> bool {
        if self.used[u] & bit(digit) != 0 {
            return true; // placed in the unit already
        }
        let k = u * layout.size() + digit as usize - 1;
        self.count[k] -= 1;
        match self.count[k] {
            0 => false,
            1 => {
                self.queue_place(&layout.units()[u], digit);
                true
            }
            _ => true,
        }
    }

    /// Queues `digit` in the one cell of `unit` that can still take it.
    fn queue_place(&mut self, unit: &Unit, digit: u8) {
        let b = bit(digit);
        if let Some(&c) = unit.cells.iter().find(|&&c| self.cand[c] & b != 0) {
            self.todo.push((c, digit));
        }
    }
}

/// The digits that `used` leaves to a cell: those none of its units holds.
fn candidates(layout: &Layout, used: &[u128], cell: usize) -> u128 {
    let taken = layout.units_of(cell).iter().fold(0, |m, &u| m | used[u]);
    !taken & full(layout.size())
}

/// The set of all digits `1..=n`.
fn full(n: usize) -> u128 {
    u128::MAX >> (128 - n)
}

impl<'a> Checker<'a> {
    fn new(
        encoding: &'a Encoding,
        arena: &'a Arena,
        solution: &'a Grid,
        node_limit: Option<u64>,
    ) -> Result<Checker<'a>, GenerateError> {
        let layout = encoding.layout();
        let used = layout
            .units()
            .iter()
            .map(|u| u.cells.iter().fold(0, |m, &c| m | bit(solution.cells()[c])))
            .collect();
        let mut search = encoding.search(arena, solution)?;
        let mut limits = Limits::new().solutions(2);
        limits.max_nodes = node_limit;
        search.set_limits(limits);
        Ok(Checker {
            puzzle: solution.clone(),
            solution,
            used,
            blanks: 0,
            base: TrialState::default(),
            trial: TrialState::default(),
            search,
            node_limit,
            checks: Checks::default(),
        })
    }

    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    fn into_puzzle(self) -> Grid {
        self.puzzle
    }

    /// Blanks the cells of `group` (all given).
    fn blank(&mut self, group: &[usize]) {
        for &cell in group {
            let d = self.solution.cells()[cell];
            self.puzzle.set_cell(cell, 0);
            self.blanks += 1;
            for &u in self.solution.layout().units_of(cell) {
                self.used[u] &= !bit(d);
            }
        }
    }

    /// Gives the cells of `group` their digits back.
    fn restore(&mut self, group: &[usize]) {
        for &cell in group {
            let d = self.solution.cells()[cell];
            self.puzzle.set_cell(cell, d);
            self.blanks -= 1;
            for &u in self.solution.layout().units_of(cell) {
                self.used[u] |= bit(d);
            }
        }
    }

    /// The digits that the givens leave to a cell.
    fn candidates(&self, cell: usize) -> u128 {
        candidates(self.solution.layout(), &self.used, cell)
    }

    /// Whether the givens force the solution's digit into the blank `cell`: it is the only
    /// digit left there, or the cell is the only place left for it in one of its units.
    fn is_single(&self, cell: usize) -> bool {
        let d = bit(self.solution.cells()[cell]);
        if self.candidates(cell) == d {
            return true;
        }
        let layout = self.solution.layout();
        layout.units_of(cell).iter().any(|&u| {
            layout.units()[u].cells.iter().all(|&other| {
                other == cell || self.puzzle.cells()[other] != 0 || self.candidates(other) & d == 0
            })
        })
    }

    /// Sets up the state the trials of one check start from: the puzzle as it stands, with
    /// its candidates and counts, and the hidden singles the givens already force queued.
    fn prepare_trials(&mut self) {
        let layout = self.solution.layout().clone();
        let n = layout.size();
        let t = &mut self.base;
        t.cells.clear();
        t.cells.extend_from_slice(self.puzzle.cells());
        t.used.clear();
        t.used.extend_from_slice(&self.used);
        t.cand.clear();
        t.count.clear();
        t.count.resize(layout.units().len() * n, 0);
        for c in 0..t.cells.len() {
            let m = match t.cells[c] {
                0 => candidates(&layout, &self.used, c),
                _ => 0,
            };
            t.cand.push(m);
            for d in digits(m) {
                for &u in layout.units_of(c) {
                    t.count[u * n + d as usize - 1] += 1;
                }
            }
        }
        t.blanks = self.blanks;
        t.todo.clear();
        for (u, unit) in layout.units().iter().enumerate() {
            for d in digits(full(n) & !t.used[u]) {
                if t.count[u * n + d as usize - 1] == 1 {
                    t.queue_place(unit, d);
                }
            }
        }
    }

    /// Places `digit` in the blank `cell` (on a copy of the state [`Checker::prepare_trials`]
    /// made) and follows the singles it makes, naked and hidden: a contradiction proves that
    /// no solution has the placement, a complete grid is another solution.
    fn trial(&mut self, cell: usize, digit: u8) -> Trial {
        let layout = self.solution.layout();
        let t = &mut self.trial;
        t.clone_from(&self.base);
        t.todo.push((cell, digit));
        while let Some((cell, digit)) = t.todo.pop() {
            if !t.place(layout, cell, digit) {
                return Trial::Refuted;
            }
        }
        if t.blanks == 0 {
            Trial::Solved
        } else {
            Trial::Stalled
        }
    }

    /// Whether the puzzle, with `group` just blanked, still has only the solution. Another
    /// solution would differ from it on some cell of the group, so: if every cell of the
    /// group is a single, yes; else each other digit of each cell is tried, following naked
    /// singles; if every trial ends in a contradiction, yes; if one fills the grid, no;
    /// otherwise a search within the node limit decides (a search cut short says no).
    fn is_unique(&mut self, group: &[usize]) -> Result<bool, GenerateError> {
        if group.iter().all(|&c| self.is_single(c)) {
            self.checks.by_singles += 1;
            return Ok(true);
        }
        self.prepare_trials();
        let mut stalled = false;
        for &cell in group {
            let others = self.candidates(cell) & !bit(self.solution.cells()[cell]);
            for digit in digits(others) {
                self.checks.trials += 1;
                match self.trial(cell, digit) {
                    Trial::Refuted => {}
                    Trial::Solved => return Ok(false),
                    Trial::Stalled => stalled = true,
                }
            }
        }
        if !stalled {
            self.checks.by_trials += 1;
            return Ok(true);
        }
        // A solution chooses one option per blank cell, each a node of the search: a limit
        // below that cannot be met.
        if self
            .node_limit
            .is_some_and(|limit| limit <= self.blanks as u64)
        {
            return Ok(false);
        }
        self.checks.searches += 1;
        self.search.set_givens(&self.puzzle)?;
        let outcome = self.search.count();
        Ok(outcome.stats.solutions == 1 && outcome.status == Status::Complete)
    }
}

/// The digits of a set, smallest first.
fn digits(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let d = set.trailing_zeros() as u8 + 1;
            set &= set - 1;
            d
        })
    })
}

/// The one-digit set `{d}`.
fn bit(d: u8) -> u128 {
    1 << (d - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::ops;

    #[test]
    fn the_generated_puzzle_is_unique_and_minimal_without_a_target() {
        let o = GenerateOptions::new(Shape::new(2, 2).unwrap()).symmetry(Symmetry::None);
        let g = generate(&o, 11).unwrap();
        assert_eq!(ops::uniqueness(&g.puzzle).unwrap(), ops::Answer::Unique);
        // Minimal: removing any single given breaks uniqueness.
        for cell in 0..16 {
            if g.puzzle.cells()[cell] != 0 {
                let mut p = g.puzzle.clone();
                p.set_cell(cell, 0);
                assert_eq!(ops::uniqueness(&p).unwrap(), ops::Answer::Multiple);
            }
        }
    }

    #[test]
    fn an_unreachable_target_is_reported() {
        // No 4x4 puzzle has a unique solution with 3 givens (the minimum is 4).
        let o = GenerateOptions::new(Shape::new(2, 2).unwrap())
            .symmetry(Symmetry::None)
            .target_givens(3);
        let g = generate(&o, 5).unwrap();
        assert!(!g.target_reached);
        assert!(g.givens >= 4);
    }

    #[test]
    fn a_jigsaw_map_without_any_grid_is_an_error() {
        // Columns 1-2 are regions A and C except that A swaps r2c2 for r2c3, so r2c3 would
        // have to repeat the digit of r2c2, in the same row.
        let v = Variant::parse("jigsaw", Some("AABB ABAB CCDD CCDD")).unwrap();
        let o = GenerateOptions::new(Shape::new(2, 2).unwrap()).variant(v);
        assert_eq!(
            generate(&o, 1),
            Err(GenerateError::NoGrid { attempts: ATTEMPTS })
        );
    }

    #[test]
    fn every_orbit_is_closed_under_its_symmetry() {
        for s in Symmetry::ALL {
            for n in [4, 6, 9] {
                for cell in 0..n * n {
                    let orbit = s.orbit(cell, n);
                    assert!(orbit.contains(&cell));
                    assert!(orbit.iter().all(|&c| orbit.contains(&s.image(c, n))));
                    assert!(orbit.len() <= 4 && orbit.windows(2).all(|w| w[0] < w[1]));
                }
            }
        }
    }

    #[test]
    fn patterns_are_valid_for_every_box_shape() {
        for (r, c) in [
            (1, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 4),
            (4, 4),
            (2, 5),
            (6, 6),
        ] {
            let shape = Shape::new(r, c).unwrap();
            for seed in 0..4 {
                assert!(
                    pattern_solution(shape, &mut Rng::new(seed)).is_solved(),
                    "{r}x{c}"
                );
            }
        }
    }

    /// The fixpoint of naked and hidden singles, the slow way (whole sweeps until nothing
    /// changes), as an oracle for [`TrialState`].
    fn singles_oracle(layout: &Layout, cells: &mut [u8]) -> Trial {
        let n = layout.size();
        loop {
            let mut used = vec![0u128; layout.units().len()];
            for (u, unit) in layout.units().iter().enumerate() {
                for &c in &unit.cells {
                    if cells[c] != 0 {
                        if used[u] & bit(cells[c]) != 0 {
                            return Trial::Refuted;
                        }
                        used[u] |= bit(cells[c]);
                    }
                }
            }
            let mut placements = Vec::new();
            for (c, &d) in cells.iter().enumerate() {
                if d == 0 {
                    let m = candidates(layout, &used, c);
                    match m.count_ones() {
                        0 => return Trial::Refuted,
                        1 => placements.push((c, m.trailing_zeros() as u8 + 1)),
                        _ => {}
                    }
                }
            }
            for (u, unit) in layout.units().iter().enumerate() {
                for d in digits(full(n) & !used[u]) {
                    let places: Vec<usize> = unit
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| cells[c] == 0 && candidates(layout, &used, c) & bit(d) != 0)
                        .collect();
                    match places.len() {
                        0 => return Trial::Refuted,
                        1 => placements.push((places[0], d)),
                        _ => {}
                    }
                }
            }
            if placements.is_empty() {
                return if cells.iter().all(|&d| d != 0) {
                    Trial::Solved
                } else {
                    Trial::Stalled
                };
            }
            for (c, d) in placements {
                if cells[c] != 0 && cells[c] != d {
                    return Trial::Refuted;
                }
                cells[c] = d;
            }
        }
    }

    #[test]
    fn trials_reach_the_fixpoint_of_singles() {
        for (r, c) in [(2, 2), (2, 3), (3, 3)] {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.size();
            let encoding = Encoding::standard(shape).unwrap();
            for seed in 0..10 {
                let mut rng = Rng::new(seed);
                let solution = pattern_solution(shape, &mut rng);
                let arena = Arena::new();
                let mut checker = Checker::new(&encoding, &arena, &solution, None).unwrap();
                let mut order: Vec<usize> = (0..n * n).collect();
                rng.shuffle(&mut order);
                for &cell in order.iter().take(n * n * 2 / 3) {
                    checker.blank(&[cell]);
                    checker.prepare_trials();
                    for d in digits(checker.candidates(cell)) {
                        let mut cells = checker.puzzle().cells().to_vec();
                        cells[cell] = d;
                        let expected = singles_oracle(encoding.layout(), &mut cells);
                        assert_eq!(checker.trial(cell, d), expected, "{r}x{c} seed {seed}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_singles_test_agrees_with_a_complete_count() {
        // Every removal the singles test accepts must keep a unique puzzle unique: compare
        // with a full count on random 9x9 removal sequences.
        let shape = Shape::new(3, 3).unwrap();
        let encoding = Encoding::standard(shape).unwrap();
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let solution = pattern_solution(shape, &mut rng);
            let arena = Arena::new();
            let mut checker = Checker::new(&encoding, &arena, &solution, None).unwrap();
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &cell in &order {
                checker.blank(&[cell]);
                let single = checker.is_single(cell);
                checker.prepare_trials();
                let others = checker.candidates(cell) & !bit(solution.cells()[cell]);
                let refuted = digits(others).all(|d| checker.trial(cell, d) == Trial::Refuted);
                let unique = ops::uniqueness(checker.puzzle()).unwrap() == ops::Answer::Unique;
                assert!(!single || unique, "seed {seed}, cell {cell}");
                assert!(!refuted || unique, "seed {seed}, cell {cell}");
                assert_eq!(checker.is_unique(&[cell]).unwrap(), unique);
                if !unique {
                    checker.restore(&[cell]);
                }
            }
        }
    }
}
