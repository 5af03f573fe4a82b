//! `dlxkit.puzzles`: the library's puzzle encoders, each returning a `dlxkit.Problem` that
//! a script can search as it is or extend (its `items`, `secondary` and `options` are plain
//! Python values to build a new problem from).

use dlxkit::puzzles::dominoes::Dominoes;
use dlxkit::puzzles::langford::Langford;
use dlxkit::puzzles::lattice::{BoardShape, Grid, LatticePacking, LatticeSet};
use dlxkit::puzzles::polycube::{Container, PolycubeOptions, PolycubePacking, PolycubeSet};
use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoPacking, PolyominoSet};
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::shopping::ShoppingList;
use dlxkit::puzzles::Puzzle;
use dlxkit::puzzles::{polyhex, polyiamond, SymmetryReduction};
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

/// The symmetry reduction a `distinct` flag asks for: one solution of each class under the
/// board's symmetries, or every solution.
fn reduction(distinct: bool) -> SymmetryReduction {
    if distinct {
        SymmetryReduction::Auto
    } else {
        SymmetryReduction::None
    }
}

/// Packing pieces of one size on a lattice board (`board`: ``"WxH"`` a parallelogram,
/// ``"hexagon:N"`` or ``"triangle:N"``).
fn lattice(
    grid: Grid,
    board: &str,
    set: PyResult<LatticeSet>,
    one_sided: bool,
    distinct: bool,
) -> PyResult<PyProblem> {
    let shape: BoardShape = board.parse().map_err(errors::value_error)?;
    let board = shape.board(grid).map_err(errors::puzzle_error)?;
    let packing = LatticePacking::new(&board, &set?, one_sided, &reduction(distinct))
        .map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(packing.problem().clone()))
}

/// Packing every polyiamond of `size` triangles (6: the 12 hexiamonds) into `board` of
/// triangles: ``"WxH"`` (a parallelogram of W by H rhombi), ``"hexagon:N"`` or
/// ``"triangle:N"``. `one_sided` forbids flipping pieces over; `distinct` keeps one solution
/// of each class under the board's symmetries.
#[pyfunction]
#[pyo3(signature = (board = "6x6", size = 6, *, one_sided = false, distinct = false))]
fn polyiamonds(board: &str, size: usize, one_sided: bool, distinct: bool) -> PyResult<PyProblem> {
    let set = polyiamond::of_size(size).map_err(errors::puzzle_error);
    lattice(Grid::Triangles, board, set, one_sided, distinct)
}

/// Packing every polyhex of `size` hexagons (4: the 7 tetrahexes) into `board` of hexagons:
/// ``"WxH"``, ``"hexagon:N"`` or ``"triangle:N"``; `one_sided` and `distinct` as for
/// :func:`polyiamonds`.
#[pyfunction]
#[pyo3(signature = (board = "7x4", size = 4, *, one_sided = false, distinct = false))]
fn polyhexes(board: &str, size: usize, one_sided: bool, distinct: bool) -> PyResult<PyProblem> {
    let set = polyhex::of_size(size).map_err(errors::puzzle_error);
    lattice(Grid::Hexagons, board, set, one_sided, distinct)
}

/// Packing polycubes into an `x` by `y` by `z` box: `pieces` is ``"soma"`` (the default,
/// Piet Hein's seven pieces) or a set in the text format of ``dlxkit soma --pieces``;
/// `reflections` lets pieces be mirrored; `distinct` keeps one solution of each class under
/// the box's rotations (Soma's 240).
#[pyfunction]
#[pyo3(signature = (x = 3, y = 3, z = 3, pieces = "soma", *, reflections = false, distinct = false))]
fn polycubes(
    x: usize,
    y: usize,
    z: usize,
    pieces: &str,
    reflections: bool,
    distinct: bool,
) -> PyResult<PyProblem> {
    let set = match pieces {
        "soma" => PolycubeSet::soma(),
        text => PolycubeSet::parse(text).map_err(errors::puzzle_error)?,
    };
    let container = Container::cuboid(x, y, z).map_err(errors::puzzle_error)?;
    let options = PolycubeOptions {
        reflections,
        symmetry: reduction(distinct),
    };
    let packing = PolycubePacking::new(&container, &set, &options).map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(packing.problem().clone()))
}

/// A shopping list: every item on the `need:` line bought exactly once from bundles, one
/// per line (``name: item item ...``); without `text`, the school-supplies example.
#[pyfunction]
#[pyo3(signature = (text = None))]
fn shopping(text: Option<&str>) -> PyResult<PyProblem> {
    let list = match text {
        Some(text) => ShoppingList::parse(text),
        None => ShoppingList::school_supplies(),
    }
    .map_err(errors::puzzle_error)?;
    Ok(PyProblem::from(list.problem().clone()))
}

/// Registers `dlxkit._dlxkit.puzzles`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let puzzles = PyModule::new(m.py(), "puzzles")?;
    puzzles.add_function(wrap_pyfunction!(queens, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(polyominoes, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(langford, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(dominoes, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(polyiamonds, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(polyhexes, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(polycubes, &puzzles)?)?;
    puzzles.add_function(wrap_pyfunction!(shopping, &puzzles)?)?;
    m.add_submodule(&puzzles)
}
