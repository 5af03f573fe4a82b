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
//!
//! A Sudoku puzzle is an exact cover problem too (324 items, 729 options for 9×9); every
//! solver, DLX or backtracking, is chosen by name from one registry:
//!
//! ```
//! use dlxkit::sudoku::parse::{parse_grid, to_line, ParseOptions};
//! use dlxkit::sudoku::solvers::{by_name, Answer, Limits};
//! let puzzle = parse_grid(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     &ParseOptions::default(),
//! )?;
//! for name in ["dlx", "forward-checking"] {
//!     let report = by_name(name)?.solve(&puzzle, &Limits::new().solutions(2));
//!     assert_eq!(report.answer(), Answer::Unique);
//!     let solution = report.first.expect("solved");
//!     assert!(solution.is_solved() && puzzle.is_filled_by(&solution));
//!     assert!(to_line(&solution).starts_with("483921657"));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules: [`xc`], the engine (it knows nothing of Sudoku); [`sudoku`], grids, formats,
//! the encoding, the generator and the solvers; [`puzzles`], other covering puzzles (n queens,
//! polyominoes, polycubes, Langford pairs, domino tilings, the shopping list); [`rng`], a
//! seeded generator for reproducible runs; [`text`], bytes to text for every reader (UTF-8
//! checked, byte-order mark, CR and CR LF line ends); and, with the `bench` feature (off by
//! default), the benchmark harness `bench` that the `dlxkit bench` command and the criterion
//! benches share.

#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "bench")]
pub mod bench;
pub mod puzzles;
pub mod rng;
pub mod sudoku;
pub mod svg;
pub mod text;
pub mod xc;
