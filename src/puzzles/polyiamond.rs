//! Polyiamonds: pieces made of equilateral triangles, packed into a board on the triangular
//! grid (the packing itself is [`LatticePacking`](super::lattice::LatticePacking), shared with [`super::polyhex`]).
//!
//! The twelve hexiamonds cover 72 triangles; they fill the 6x6 rhombus
//! (`[0-5][0-5] [0-5][0-5]'` in Knuth's notation) in 624 ways, 156 up to its four
//! symmetries, the same number as the file written by Knuth's `POLYIAMOND-DLX` for the
//! same specification (see `tests/puzzles_lattice.rs`).
//!
//! ```
//! use dlxkit::puzzles::polyiamond;
//! use dlxkit::puzzles::lattice::{BoardShape, LatticePacking};
//! use dlxkit::puzzles::{Puzzle, SymmetryReduction};
//! let board = BoardShape::Parallelogram(6, 6).board(polyiamond::GRID)?;
//! let p = LatticePacking::new(&board, &polyiamond::hexiamonds(), false, &SymmetryReduction::None)?;
//! let tiling = p.first()?.expect("the hexiamonds fill the 6x6 rhombus");
//! p.validate(&tiling)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::lattice::{Grid, LatticeSet};

/// The grid of polyiamonds.
pub const GRID: Grid = Grid::Triangles;

/// The names of the twelve hexiamonds, in the order [`LatticeSet::free`](super::lattice::LatticeSet::free) lists them.
const HEXIAMOND_NAMES: [&str; 12] = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"];

/// The polyiamonds of `size` triangles (1 to 8), each once: 1, 1, 1, 3, 4, 12, 24, 66 of
/// them (OEIS A000577), named 1, 2, ... in a fixed order (the hexiamonds by letters).
///
/// ```
/// use dlxkit::puzzles::polyiamond::of_size;
/// let counts: Vec<usize> = (1..=7).map(|n| of_size(n).unwrap().pieces().len()).collect();
/// assert_eq!(counts, [1, 1, 1, 3, 4, 12, 24]);
/// ```
pub fn of_size(size: usize) -> Result<LatticeSet, crate::puzzles::PuzzleError> {
    let names: Option<&[&str]> = (size == 6).then_some(&HEXIAMOND_NAMES[..]);
    LatticeSet::free(GRID, size, names)
}

/// The three tetriamonds.
pub fn tetriamonds() -> LatticeSet {
    of_size(4).expect("4 is a listed size")
}

/// The four pentiamonds.
pub fn pentiamonds() -> LatticeSet {
    of_size(5).expect("5 is a listed size")
}

/// The twelve hexiamonds.
pub fn hexiamonds() -> LatticeSet {
    of_size(6).expect("6 is a listed size")
}
