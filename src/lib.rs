//! # dlxkit
//!
//! Exact cover problems solved with Knuth's dancing links (Algorithm X, and Algorithm C for
//! colours), with a Sudoku encoder, classic backtracking Sudoku solvers to measure DLX against,
//! and encoders for other covering puzzles.
//!
//! The engine reads Knuth's text format:
//!
//! ```
//! use dlxkit::xc::{Arena, Problem, Solver};
//! let problem = Problem::from_dlx("\
//! | Knuth's example: A..E primary, F and G secondary
//! A B C D E | F G
//! C E F
//! A D G
//! B C F
//! A D
//! B G
//! D E G
//! ")?;
//! let arena = Arena::new();
//! let mut solver = Solver::new(&problem, &arena);
//! for solution in solver.solutions() {
//!     for option in solution {
//!         println!("{}", problem.option_text(option));
//!     }
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod bench;
pub mod puzzles;
pub mod rng;
pub mod sudoku;
pub mod xc;
