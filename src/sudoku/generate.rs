//! Random puzzles with a unique solution, reproducible from a seed.
//!
//! # How
//!
//! 1. **A random complete grid.** The engine always branches on the leftmost item with the
//!    fewest options and tries that item's options top to bottom, so the first solution of a
//!    problem depends only on the order of its items and options. The generator copies the
//!    layout's [`Encoding`] with its items and its options shuffled by the seeded [`Rng`],
//!    takes the first solution of that copy, and maps its options back to placements. The
//!    engine itself is unchanged; the randomness is all in the input order. (The grids are
//!    varied but not uniformly distributed over all grids.)
//! 2. **Givens removed one group at a time.** The cells are visited in a random order;
//!    with [`Symmetry::Rotational`] or [`Symmetry::Mirror`] a cell and its partner form a
//!    group and go together. A group is removed when the puzzle stays unique (a DLX count up
//!    to 2, on one [`Search`](super::encode::Search) reused for every check) and the
//!    caller's `accept` hook agrees; otherwise it is put back. Removal stops at the target
//!    number of givens, or when every group has been tried.
//!
//! Every puzzle returned has been checked unique by a complete count. A uniqueness check
//! cut short by [`GenerateOptions::node_limit`] counts as "not unique", so the limit
//! costs removals, never correctness.
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

use std::sync::Arc;

use thiserror::Error;

use super::encode::{EncodeError, Encoding};
use super::grid::{Grid, GridError, Layout, Shape};
use super::variant::Variant;
use crate::rng::Rng;
use crate::xc::{Arena, ItemId, Limits, OptionId, Problem, ProblemError, Solver, Status};

/// Which cells are removed together.
///
/// ```
/// use dlxkit::sudoku::generate::Symmetry;
/// assert_eq!(Symmetry::parse("rotational"), Some(Symmetry::Rotational));
/// assert_eq!(Symmetry::Mirror.partner(0, 9), 8);
/// assert_eq!(Symmetry::Rotational.partner(0, 9), 80);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Each cell alone.
    None,
    /// A cell and its image under a half turn, `(r, c)` and `(n−1−r, n−1−c)`.
    #[default]
    Rotational,
    /// A cell and its mirror image across the middle column, `(r, c)` and `(r, n−1−c)`.
    Mirror,
}

impl Symmetry {
    /// Reads `none`, `rotational` (or `180`) or `mirror`.
    ///
    /// ```
    /// use dlxkit::sudoku::generate::Symmetry;
    /// assert_eq!(Symmetry::parse("none"), Some(Symmetry::None));
    /// assert_eq!(Symmetry::parse("spiral"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Symmetry> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Some(Symmetry::None),
            "rotational" | "rotation" | "180" => Some(Symmetry::Rotational),
            "mirror" => Some(Symmetry::Mirror),
            _ => None,
        }
    }

    /// The cell removed together with `cell` in a grid of side `n` (the cell itself when it
    /// is its own image).
    ///
    /// ```
    /// use dlxkit::sudoku::generate::Symmetry;
    /// assert_eq!(Symmetry::Rotational.partner(40, 9), 40); // the centre
    /// assert_eq!(Symmetry::None.partner(3, 9), 3);
    /// ```
    pub fn partner(self, cell: usize, n: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => (n - 1 - r) * n + (n - 1 - c),
            Symmetry::Mirror => r * n + (n - 1 - c),
        }
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
    /// A node limit for each uniqueness check (`None`: no limit). Large grids need one.
    pub node_limit: Option<u64>,
}

impl GenerateOptions {
    /// Standard puzzles of this shape, rotational symmetry, as few givens as the removal
    /// reaches, no node limit.
    ///
    /// ```
    /// use dlxkit::sudoku::{generate::{GenerateOptions, Symmetry}, Shape};
    /// let o = GenerateOptions::new(Shape::new(3, 3).unwrap());
    /// assert_eq!((o.symmetry, o.target_givens, o.node_limit), (Symmetry::Rotational, None, None));
    /// ```
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            variant: Variant::Standard,
            symmetry: Symmetry::Rotational,
            target_givens: None,
            node_limit: None,
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

    /// The same options with a node limit per uniqueness check.
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
    /// The seed it was made from.
    pub seed: u64,
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
    #[error("no complete grid found in {attempts} attempts (the layout may have none)")]
    NoGrid {
        /// Attempts made.
        attempts: u32,
    },
}

impl From<ProblemError> for GenerateError {
    fn from(e: ProblemError) -> GenerateError {
        GenerateError::Encode(EncodeError::Problem(e))
    }
}

/// Attempts at a random complete grid before giving up.
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
    mut accept: impl FnMut(&Grid) -> bool,
) -> Result<Generated, GenerateError> {
    let layout: Arc<Layout> = options.variant.shared_layout(options.shape)?;
    let encoding = Encoding::new(layout)?;
    let mut rng = Rng::new(seed);
    let mut solution = None;
    for _ in 0..ATTEMPTS {
        // Give up on one shuffle after a while and try another (a layout with no complete
        // grid at all, such as a bad jigsaw map, then ends in an error, not an endless search).
        let limit = options
            .node_limit
            .unwrap_or(0)
            .max(GRID_NODES)
            .max(10 * encoding.layout().cells() as u64);
        if let Some(grid) = random_solution(&encoding, &mut rng, Some(limit))? {
            solution = Some(grid);
            break;
        }
    }
    let solution = solution.ok_or(GenerateError::NoGrid { attempts: ATTEMPTS })?;

    let n = encoding.size();
    let mut order: Vec<usize> = (0..encoding.layout().cells()).collect();
    rng.shuffle(&mut order);
    let target = options.target_givens.unwrap_or(0);
    let mut puzzle = solution.clone();
    let mut givens = puzzle.givens();
    let arena = Arena::new();
    let mut search = encoding.search(&arena, &puzzle)?;
    let mut limits = Limits::new().solutions(2);
    limits.max_nodes = options.node_limit;
    search.set_limits(limits);
    let mut tried = vec![false; order.len()];
    for &cell in &order {
        if givens <= target {
            break;
        }
        if tried[cell] {
            continue;
        }
        let partner = options.symmetry.partner(cell, n);
        tried[cell] = true;
        tried[partner] = true;
        let group: &[usize] = if partner == cell {
            &[cell][..]
        } else {
            &[cell, partner][..]
        };
        if givens - group.len() < target {
            continue;
        }
        let saved: Vec<u8> = group.iter().map(|&c| puzzle.cells()[c]).collect();
        for &c in group {
            puzzle.set_cell(c, 0);
        }
        search.set_givens(&puzzle)?;
        let outcome = search.count();
        let unique = outcome.stats.solutions == 1 && outcome.status == Status::Complete;
        if unique && accept(&puzzle) {
            givens -= group.len();
        } else {
            for (&c, &d) in group.iter().zip(&saved) {
                puzzle.set_cell(c, d);
            }
        }
    }
    Ok(Generated {
        givens: puzzle.givens(),
        target_reached: options.target_givens.is_none_or(|t| givens <= t),
        puzzle,
        solution,
        seed,
    })
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
}
