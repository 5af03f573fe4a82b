//! Sudoku: grids of any box shape and their variants, the common text formats, the exact
//! cover encoding, a generator, and the solvers (DLX and backtracking) behind one interface.
//!
//! This module uses [`crate::xc`]; the engine knows nothing of Sudoku.
//!
//! ```
//! use dlxkit::sudoku::{ops, Grid};
//! let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let solution = ops::solve(&grid)?.expect("a solution");
//! assert!(solution.is_solved() && grid.is_filled_by(&solution));
//! println!("{solution:#}"); // a block with box borders; `{solution}` is one line
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Files of many puzzles, in any of the common formats, are read by
//! [`parse::parse_puzzles`]; the solvers of [`solvers`] say what each can do
//! ([`solvers::Ability`]).

pub mod candidates;
pub mod encode;
pub mod explain;
pub mod generate;
pub mod grid;
pub mod killer;
pub mod ops;
pub mod parse;
pub mod solvers;
pub mod variant;

pub use grid::{Conflict, Grid, GridError, Layout, Shape, Unit, UnitKind, MAX_SIZE};
pub use variant::Variant;
