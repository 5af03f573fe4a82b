//! `dlxkit.sudoku`: solve, count, rate, explain and generate Sudoku from Python.
//!
//! A puzzle is given as text in any format `dlxkit sudoku` reads (an 81-character line
//! with `.` or `0` for an empty cell, a 9-line block, other sizes such as 4x4 or 16x16).
//! A 9x9 or smaller grid is solved on the calling thread with the GIL released (it takes
//! microseconds, and a thread of its own would cost more than the solve); a larger one
//! runs on a search thread that Ctrl-C stops.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::{Candidate, Explainer, Outcome as Explained};
use dlxkit::sudoku::generate::{generate as generate_grid, GenerateOptions, Symmetry};
use dlxkit::sudoku::parse::{parse_grid, to_line, to_pretty, ParseOptions};
use dlxkit::sudoku::solvers::{
    by_name, Answer, Limits, SolveReport, Status, SudokuSolver, SOLVER_NAMES,
};
use dlxkit::sudoku::{Grid, Shape, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors;
use crate::interrupt::interruptible;
use crate::search;

/// The largest grid solved on the calling thread (9x9): its solve is bounded by
/// microseconds to milliseconds, so Ctrl-C needs no polling thread.
const INLINE_SIZE: usize = 9;

/// A Sudoku grid (a puzzle or a solution): ``str(grid)`` is its line of digits
/// (``.`` for an empty cell), ``grid.pretty()`` its block with box lines.
#[pyclass(module = "dlxkit.sudoku", name = "Grid", frozen, eq)]
#[derive(PartialEq)]
pub struct PyGrid {
    grid: Grid,
}

#[pymethods]
impl PyGrid {
    /// Reads a grid from text (any format ``solve`` accepts), under the rules `variant`,
    /// `regions` and `box` as :func:`solve` takes them.
    #[new]
    #[pyo3(signature = (text, *, variant = "standard", regions = None, r#box = None))]
    pub fn new(
        text: &str,
        variant: &str,
        regions: Option<&str>,
        r#box: Option<&str>,
    ) -> PyResult<PyGrid> {
        let rules = Rules {
            variant,
            regions,
            box_shape: r#box,
        };
        Ok(PyGrid {
            grid: rules.parse(text)?,
        })
    }

    /// The rules' name: ``"standard"``, ``"x"``, ``"windoku"``, ``"jigsaw"``.
    #[getter]
    fn variant(&self) -> String {
        self.grid.layout().variant_name()
    }

    /// The side: 9 for a 9x9 grid.
    #[getter]
    fn size(&self) -> usize {
        self.grid.size()
    }

    /// The digits row by row, 0 for an empty cell.
    #[getter]
    fn cells(&self) -> Vec<u8> {
        self.grid.cells().to_vec()
    }

    /// The number of filled cells.
    #[getter]
    fn givens(&self) -> usize {
        self.grid.givens()
    }

    /// Whether every cell is filled and no unit repeats a digit.
    fn is_solved(&self) -> bool {
        self.grid.is_solved()
    }

    /// The digit at ``grid[row, col]`` (from 0), 0 when empty.
    fn __getitem__(&self, at: (usize, usize)) -> PyResult<u8> {
        self.grid.get(at.0, at.1).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "cell ({}, {}) is outside the {}x{} grid",
                at.0,
                at.1,
                self.grid.size(),
                self.grid.size()
            ))
        })
    }

    /// The grid as a block of rows with box lines.
    fn pretty(&self) -> String {
        to_pretty(&self.grid)
    }

    fn __str__(&self) -> String {
        to_line(&self.grid)
    }

    fn __repr__(&self) -> String {
        format!("dlxkit.sudoku.Grid({:?})", to_line(&self.grid))
    }
}

impl PyGrid {
    /// The library's grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The library's grid, taken.
    pub fn into_grid(self) -> Grid {
        self.grid
    }
}

impl From<Grid> for PyGrid {
    fn from(grid: Grid) -> PyGrid {
        PyGrid { grid }
    }
}

/// The puzzle in `text`, or the parser's error with its line.
fn parse(text: &str) -> PyResult<Grid> {
    parse_grid(text, &ParseOptions::default()).map_err(errors::sudoku_parse_error)
}

/// The rules a puzzle is read under, as Python gives them: a variant name (``"standard"``,
/// ``"x"``, ``"windoku"``, ``"jigsaw"``), a jigsaw's region map, and a box shape such as
/// ``"2x3"`` (inferred from the side when None).
pub struct Rules<'a> {
    pub variant: &'a str,
    pub regions: Option<&'a str>,
    pub box_shape: Option<&'a str>,
}

impl Rules<'_> {
    /// The reader's options for these rules, or a `ValueError` naming what is wrong.
    pub fn options(&self) -> PyResult<ParseOptions> {
        let variant = Variant::parse(self.variant, self.regions)
            .map_err(|e| errors::value_error(format!("variant={:?}: {e}", self.variant)))?;
        if self.regions.is_some() && !matches!(variant, Variant::Jigsaw { .. }) {
            return Err(errors::value_error(format!(
                "regions= gives a jigsaw's regions: use it with variant=\"jigsaw\", not {:?}",
                self.variant
            )));
        }
        let shape = self
            .box_shape
            .map(|text| {
                Shape::parse(text).map_err(|e| errors::value_error(format!("box={text:?}: {e}")))
            })
            .transpose()?;
        Ok(ParseOptions {
            shape,
            variant,
            ..ParseOptions::default()
        })
    }

    /// The puzzle in `text` read under these rules.
    fn parse(&self, text: &str) -> PyResult<Grid> {
        if self.variant == "standard" && self.regions.is_none() && self.box_shape.is_none() {
            return parse(text);
        }
        parse_grid(text, &self.options()?).map_err(errors::sudoku_parse_error)
    }
}

/// Solvers kept between calls (building one is most of a small solve's cost), by name.
static SOLVERS: Mutex<Vec<(&'static str, Box<dyn SudokuSolver>)>> = Mutex::new(Vec::new());

/// Solves `grid` with the solver `name` within `limits`, on this thread (GIL released) for a
/// small grid, else on a search thread that Ctrl-C stops.
fn run(py: Python<'_>, grid: &Grid, name: &str, limits: Limits) -> PyResult<SolveReport> {
    let mut solver = {
        let mut kept = SOLVERS.lock().unwrap_or_else(|e| e.into_inner());
        match kept.iter().position(|(n, _)| *n == name) {
            Some(k) => kept.swap_remove(k).1,
            None => by_name(name).map_err(|e| errors::value_error(e.to_string()))?,
        }
    };
    let report = if grid.size() <= INLINE_SIZE {
        py.detach(|| solver.solve(grid, &limits))
    } else {
        let cancel = Arc::new(AtomicBool::new(false));
        let limits = limits.cancel_flag(cancel.clone());
        interruptible(py, &cancel, || solver.solve(grid, &limits))?
    };
    let mut kept = SOLVERS.lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() < 2 * SOLVER_NAMES.len() {
        kept.push((solver.name(), solver));
    }
    Ok(report)
}

/// Solves the puzzle in `text`: its solution as a :class:`Grid`, or None when it has none.
/// With several solutions, the first found. `solver` names one of dlxkit's solvers
/// (``"dlx"``, the default, or a backtracking one); `variant` (``"x"``, ``"windoku"``,
/// ``"jigsaw"`` with `regions`, the map of regions) and `box` (``"2x3"``) set the rules;
/// `nodes` and `seconds` bound the search, and a search they cut short before the first
/// solution raises ``SearchError`` (it is not a puzzle without solution).
#[pyfunction]
#[pyo3(signature = (text, *, solver = "dlx", variant = "standard", regions = None, r#box = None, nodes = None, seconds = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    text: &str,
    solver: &str,
    variant: &str,
    regions: Option<&str>,
    r#box: Option<&str>,
    nodes: Option<u64>,
    seconds: Option<f64>,
) -> PyResult<Option<PyGrid>> {
    let rules = Rules {
        variant,
        regions,
        box_shape: r#box,
    };
    let grid = rules.parse(text)?;
    let limits = limits(Some(1), nodes, seconds)?;
    let report = run(py, &grid, solver, limits)?;
    first_or_cut_short(report)
}

/// The first solution of `report`, None for a puzzle without solution, or the limit that
/// cut the search short before it found one.
pub fn first_or_cut_short(report: SolveReport) -> PyResult<Option<PyGrid>> {
    match report.first {
        Some(grid) => Ok(Some(PyGrid { grid })),
        None if report.status == Status::Complete => Ok(None),
        None => Err(errors::search_error(format!(
            "the search stopped ({}) after {} assignments before finding a solution: the \
             puzzle may still have one",
            report.status.as_str(),
            report.stats.assignments
        ))),
    }
}

/// The library's limits from the keyword arguments, with no cancel flag (a 9x9 search runs
/// inline; a larger one gets one from [`run`]).
fn limits(solutions: Option<u64>, nodes: Option<u64>, seconds: Option<f64>) -> PyResult<Limits> {
    let asked = search::PyLimits {
        limit: solutions,
        nodes,
        seconds,
    };
    asked.with_cancel(&Arc::new(AtomicBool::new(false)))
}

/// Counts the solutions of the puzzle in `text` (up to `limit`), as a ``dlxkit.Count``
/// whose ``status`` says whether `limit`, `nodes` or `seconds` cut the count short. The
/// rules are set as for :func:`solve`.
#[pyfunction]
#[pyo3(signature = (text, *, limit = None, solver = "dlx", variant = "standard", regions = None, r#box = None, nodes = None, seconds = None))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    text: &str,
    limit: Option<u64>,
    solver: &str,
    variant: &str,
    regions: Option<&str>,
    r#box: Option<&str>,
    nodes: Option<u64>,
    seconds: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let rules = Rules {
        variant,
        regions,
        box_shape: r#box,
    };
    let grid = rules.parse(text)?;
    let report = run(py, &grid, solver, limits(limit, nodes, seconds)?)?;
    counted(py, &report)
}

/// A ``dlxkit.Count`` of `report`'s solutions with its status.
pub fn counted(py: Python<'_>, report: &SolveReport) -> PyResult<Py<PyAny>> {
    let count = py.import("dlxkit")?.getattr("Count")?;
    Ok(count
        .call1((report.solutions, report.status.as_str()))?
        .unbind())
}

/// A cell as Python gives it: ``(row, col)`` from 0.
fn cell_of(grid: &Grid, cell: usize) -> (usize, usize) {
    (cell / grid.size(), cell % grid.size())
}

fn candidates(grid: &Grid, list: &[Candidate]) -> Vec<(usize, usize, u8)> {
    list.iter()
        .map(|c| {
            let (r, k) = cell_of(grid, c.cell);
            (r, k, c.digit)
        })
        .collect()
}

/// The logical steps that solve the puzzle in `text`, simplest first, as a ``dlxkit.Found``
/// list of dicts: ``technique`` (its name), ``score`` (Sudoku Explainer's scale),
/// ``cells`` (``(row, col)`` from 0), ``placements`` and ``eliminations`` (``(row, col,
/// digit)``) and ``text`` (the step in words). Its ``status`` is ``"solved"``, ``"stuck"``
/// (logic ran out) or ``"contradiction"`` (no solution).
#[pyfunction]
#[pyo3(signature = (text, *, variant = "standard", regions = None, r#box = None))]
fn explain(
    py: Python<'_>,
    text: &str,
    variant: &str,
    regions: Option<&str>,
    r#box: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let rules = Rules {
        variant,
        regions,
        box_shape: r#box,
    };
    let grid = rules.parse(text)?;
    let mut explainer = Explainer::new(&grid).map_err(errors::explain_error)?;
    let steps: Vec<_> = py.detach(|| explainer.by_ref().collect());
    let out = PyList::empty(py);
    for step in &steps {
        let d = PyDict::new(py);
        d.set_item("technique", step.strategy.name())?;
        d.set_item("score", step.score.value())?;
        let cells: Vec<(usize, usize)> = step.cells.iter().map(|&c| cell_of(&grid, c)).collect();
        d.set_item("cells", cells)?;
        d.set_item("placements", candidates(&grid, &step.placements))?;
        d.set_item("eliminations", candidates(&grid, &step.eliminations))?;
        d.set_item("text", step.text(grid.layout()))?;
        out.append(d)?;
    }
    let status = match explainer.outcome() {
        Explained::Solved => "solved",
        Explained::Contradiction(_) => "contradiction",
        _ => "stuck",
    };
    let found = py.import("dlxkit")?.getattr("Found")?;
    Ok(found.call1((out, status))?.unbind())
}

/// The difficulty of the puzzle in `text` on Sudoku Explainer's scale, as a dict: ``score``
/// (the hardest step's score, guesses included), ``level`` (``"easy"`` ... or None),
/// ``hardest`` (the hardest technique), ``answer`` (``"unique"``, ``"none"``,
/// ``"multiple"``), ``guesses`` and ``counts`` (steps per technique).
#[pyfunction]
#[pyo3(signature = (text, *, variant = "standard", regions = None, r#box = None))]
fn rate(
    py: Python<'_>,
    text: &str,
    variant: &str,
    regions: Option<&str>,
    r#box: Option<&str>,
) -> PyResult<Py<PyDict>> {
    let rules = Rules {
        variant,
        regions,
        box_shape: r#box,
    };
    let grid = rules.parse(text)?;
    let rating = py.detach(|| Rater::new().rate(&grid, None, &Limits::new()));
    let d = PyDict::new(py);
    d.set_item("score", rating.score.value())?;
    d.set_item("level", rating.level.map(|l| l.name()))?;
    d.set_item("hardest", rating.hardest.map(|s| s.name()))?;
    d.set_item(
        "answer",
        match rating.answer {
            Answer::None => "none",
            Answer::Unique => "unique",
            Answer::Multiple => "multiple",
            _ => "unknown",
        },
    )?;
    d.set_item("guesses", rating.guesses())?;
    let counts: HashMap<&str, u32> = rating.counts.iter().map(|&(s, n)| (s.name(), n)).collect();
    d.set_item("counts", counts)?;
    Ok(d.unbind())
}

/// A new puzzle with a unique solution, made from `seed` (the same seed, the same puzzle):
/// ``size`` 4, 9 (the default), 16 ...; ``symmetry`` one of ``"none"``, ``"rotational"``
/// (180 degrees), ...; ``givens`` a target number of clues (the generator stops removing
/// clues there). Returns ``(puzzle, solution)`` as two :class:`Grid`.
#[pyfunction]
#[pyo3(signature = (seed = 0, *, size = 9, symmetry = "none", givens = None))]
fn generate(
    py: Python<'_>,
    seed: u64,
    size: usize,
    symmetry: &str,
    givens: Option<usize>,
) -> PyResult<(PyGrid, PyGrid)> {
    let shape = Shape::for_size(size).map_err(|e| errors::value_error(e.to_string()))?;
    let symmetry = Symmetry::parse(symmetry)
        .ok_or_else(|| errors::value_error(format!("unknown symmetry `{symmetry}`")))?;
    let mut options = GenerateOptions::new(shape).symmetry(symmetry);
    if let Some(n) = givens {
        options = options.target_givens(n);
    }
    let made = py
        .detach(|| generate_grid(&options, seed))
        .map_err(errors::generate_error)?;
    Ok((
        PyGrid { grid: made.puzzle },
        PyGrid {
            grid: made.solution,
        },
    ))
}

/// Registers `dlxkit._dlxkit.sudoku`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let sudoku = PyModule::new(m.py(), "sudoku")?;
    sudoku.add_class::<PyGrid>()?;
    sudoku.add_class::<crate::killer::PyKiller>()?;
    sudoku.add_function(wrap_pyfunction!(solve, &sudoku)?)?;
    sudoku.add_function(wrap_pyfunction!(count, &sudoku)?)?;
    sudoku.add_function(wrap_pyfunction!(explain, &sudoku)?)?;
    sudoku.add_function(wrap_pyfunction!(rate, &sudoku)?)?;
    sudoku.add_function(wrap_pyfunction!(generate, &sudoku)?)?;
    sudoku.add("SOLVERS", SOLVER_NAMES.to_vec())?;
    m.add_submodule(&sudoku)
}
