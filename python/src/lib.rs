//! dlxkit from Python: the exact cover engine (Knuth's dancing links), Sudoku and the
//! puzzle encoders as the extension module `dlxkit._dlxkit`, which the Python package
//! `dlxkit` (python/dlxkit/) re-exports with its pure-Python parts (`Count`, `Found`).
//!
//! - `problem`: `dlxkit.Problem`, from Python values or Knuth's text, and back;
//! - `search`: its searches (solutions, count, best, sample) and `Stats`;
//! - `interrupt`: searches without the GIL that stop on Ctrl-C;
//! - `sudoku`: `dlxkit.sudoku` (solve, count, rate, explain, generate);
//! - `killer`: `dlxkit.sudoku.Killer` (cages with sums), read, built, solved, counted;
//! - `puzzles`: `dlxkit.puzzles`, encoders that return problems;
//! - `errors`: the exceptions, with the library's line, column, option and item.

use pyo3::prelude::*;

mod errors;
mod interrupt;
mod killer;
mod problem;
mod puzzles;
mod search;
mod sudoku;

/// The extension module.
#[pymodule]
fn _dlxkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<problem::PyProblem>()?;
    m.add_class::<search::PySolutions>()?;
    m.add_class::<search::PyStats>()?;
    m.add_class::<search::PyMemoStats>()?;
    errors::register(m)?;
    sudoku::register(m)?;
    puzzles::register(m)?;
    Ok(())
}
