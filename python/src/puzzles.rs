//! `dlxkit.puzzles`: the library's puzzle encoders, each returning a `dlxkit.Problem` that
//! a script can search as it is or extend (its `items`, `secondary` and `options` are plain
//! Python values to build a new problem from).

use dlxkit::puzzles::dominoes::Dominoes;
use dlxkit::puzzles::langford::Langford;
use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoPacking, PolyominoSet};
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use pyo3::prelude::*;

use crate::errors;
use crate::problem::PyProblem;

/// The n queens problem: an item per row and per column (primary) and per diagonal
/// (secondary); option ``r*n + c`` puts a queen at row `r`, column `c` (from 0).
#[pyfunction]
fn queens(n: usize) -> PyResult<PyProblem> {
    let puzzle = Queens::new(n, QueensOrder::Natural).map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(puzzle.problem().clone()))
}

/// Packing polyominoes into a `rows` x `cols` rectangle: a piece item per piece and a cell
/// item per cell; each option is one placement of one piece. `pieces` is
/// ``"pentominoes"`` (the default), ``"tetrominoes"``, ``"dominoes"`` or a set in the text
/// format of ``dlxkit puzzle polyomino --pieces``; `one_sided` forbids flipping pieces over.
#[pyfunction]
#[pyo3(signature = (rows, cols, pieces = "pentominoes", *, one_sided = false))]
fn polyominoes(rows: usize, cols: usize, pieces: &str, one_sided: bool) -> PyResult<PyProblem> {
    let set = match pieces {
        "pentominoes" => PolyominoSet::pentominoes(),
        "tetrominoes" => PolyominoSet::tetrominoes(),
        "dominoes" => PolyominoSet::dominoes(),
        text => PolyominoSet::parse(text).map_err(errors::puzzle_error)?,
    };
    let board = Board::rectangle(rows, cols).map_err(errors::puzzle_error)?;
    let options = PolyominoOptions {
        one_sided,
        ..PolyominoOptions::default()
    };
    let packing = PolyominoPacking::new(&board, &set, &options).map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(packing.problem().clone()))
}

/// Langford pairs: the sequences of 1, 1, 2, 2, ..., n, n with k numbers between the two
/// k's; with `reduce_symmetry`, one of each sequence and its reversal.
#[pyfunction]
#[pyo3(signature = (n, *, reduce_symmetry = false))]
fn langford(n: usize, reduce_symmetry: bool) -> PyResult<PyProblem> {
    let puzzle = Langford::new(n, reduce_symmetry).map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(puzzle.problem().clone()))
}

/// Domino tilings of a `rows` x `cols` board: a cell item per cell, an option per domino.
#[pyfunction]
fn dominoes(rows: usize, cols: usize) -> PyResult<PyProblem> {
    let puzzle = Dominoes::new(rows, cols).map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(puzzle.problem().clone()))
}

/// Registers `dlxkit._dlxkit.puzzles`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let puzzles = PyModule::new(m.py(), "puzzles")?;
    puzzles.add_function(wrap_pyfunction!(queens, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(polyominoes, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(langford, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(dominoes, &puzzles)?)?;
    m.add_submodule(&puzzles)
}
