//! Polyhexes: pieces made of regular hexagons, packed into a board on the hexagonal grid
//! (the packing itself is [`LatticePacking`](super::lattice::LatticePacking), shared with [`super::polyiamond`]).
//!
//! ```
//! use dlxkit::puzzles::polyhex;
//! use dlxkit::puzzles::lattice::{BoardShape, LatticePacking};
//! use dlxkit::puzzles::{Puzzle, SymmetryReduction};
//! let board = BoardShape::Parallelogram(7, 4).board(polyhex::GRID)?;
//! let p = LatticePacking::new(&board, &polyhex::tetrahexes(), false, &SymmetryReduction::None)?;
//! let tiling = p.first()?.expect("the tetrahexes fill a 7x4 parallelogram");
//! p.validate(&tiling)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::lattice::{Grid, LatticeSet};

/// The grid of polyhexes.
pub const GRID: Grid = Grid::Hexagons;

/// The polyhexes of `size` hexagons (1 to 8), each once: 1, 1, 3, 7, 22, 82, 333 of them
/// (OEIS A000228), named 1, 2, ... in a fixed order.
///
/// ```
/// use dlxkit::puzzles::polyhex::of_size;
/// let counts: Vec<usize> = (1..=6).map(|n| of_size(n).unwrap().pieces().len()).collect();
/// assert_eq!(counts, [1, 1, 3, 7, 22, 82]);
/// ```
pub fn of_size(size: usize) -> Result<LatticeSet, crate::puzzles::PuzzleError> {
    LatticeSet::free(GRID, size, None)
}

/// The three trihexes.
pub fn trihexes() -> LatticeSet {
    of_size(3).expect("3 is a listed size")
}

/// The seven tetrahexes.
pub fn tetrahexes() -> LatticeSet {
    of_size(4).expect("4 is a listed size")
}
