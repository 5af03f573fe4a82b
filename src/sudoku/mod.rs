//! Sudoku: grids of any box shape and their variants, the common text formats, the exact
//! cover encoding, a generator, and the solvers (DLX and backtracking) behind one interface.
//!
//! This module uses [`crate::xc`]; the engine knows nothing of Sudoku.

pub mod encode;
pub mod generate;
pub mod grid;
pub mod parse;
pub mod solvers;

pub use grid::{Grid, GridError, Layout, Shape, Unit, UnitKind, MAX_SIZE};
