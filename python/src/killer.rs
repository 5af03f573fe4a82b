//! `dlxkit.sudoku.Killer`: killer Sudoku (cages with sums over a grid) from Python, read from
//! the same texts as `dlxkit sudoku solve --variant killer` (a cage list `15: r1c1 r1c2`,
//! or a cage map with its sums) or built from cages, solved and counted by the engine.
//!
//! A killer search can run for seconds on a hard puzzle, so every search runs on a thread
//! of its own that Ctrl-C stops (see [`crate::interrupt`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlxkit::sudoku::killer::text::{parse_killers, to_list, KillerOptions};
use dlxkit::sudoku::killer::{Cage, Killer, KillerEncoding, MAX_FILLINGS};
use dlxkit::sudoku::solvers::SolveReport;
use dlxkit::sudoku::{Grid, Shape};
use pyo3::prelude::*;

use crate::errors;
use crate::interrupt::interruptible;
use crate::search::PyLimits;
use crate::sudoku::{counted, first_or_cut_short, PyGrid, Rules};

/// A killer Sudoku: a grid (usually without givens) and cages, each with the sum of its
/// distinct digits. ``Killer(text)`` reads one puzzle as ``dlxkit sudoku solve --variant
/// killer`` does; :meth:`from_cages` builds one from Python values.
#[pyclass(module = "dlxkit.sudoku", name = "Killer", frozen)]
pub struct PyKiller {
    killer: Killer,
}

/// A cage as Python gives and gets it: its sum and its cells as ``(row, col)`` from 0.
type PyCage = (u32, Vec<(usize, usize)>);

impl PyKiller {
    /// `killer` once its cages are known to have few enough fillings to encode.
    fn checked(killer: Killer) -> PyResult<PyKiller> {
        KillerEncoding::check(&killer, MAX_FILLINGS)
            .map_err(|e| errors::value_error(e.to_string()))?;
        Ok(PyKiller { killer })
    }

    /// Runs a search of the puzzle within `limits` on a thread that Ctrl-C stops.
    fn search(&self, py: Python<'_>, limits: PyLimits) -> PyResult<SolveReport> {
        let cancel = Arc::new(AtomicBool::new(false));
        let limits = limits.with_cancel(&cancel)?;
        interruptible(py, &cancel, || self.killer.solve(&limits))?
            .map_err(|e| errors::value_error(e.to_string()))
    }
}

#[pymethods]
impl PyKiller {
    /// Reads one killer puzzle from `text`: one line per cage (``15: r1c1 r1c2``, with an
    /// optional ``size: 9`` and ``givens: ...`` line) or a cage map (n rows of n cage
    /// symbols, ``.`` for no cage) followed by the sums (``A=15 B=9 ...``). `variant`
    /// (``"x"``, ``"windoku"``, ``"jigsaw"`` with `regions`) sets the rules under the cages.
    #[new]
    #[pyo3(signature = (text, *, variant = "standard", regions = None, r#box = None))]
    fn new(
        text: &str,
        variant: &str,
        regions: Option<&str>,
        r#box: Option<&str>,
    ) -> PyResult<PyKiller> {
        let rules = Rules {
            variant,
            regions,
            box_shape: r#box,
        }
        .options()?;
        let options = KillerOptions {
            shape: rules.shape,
            variant: rules.variant,
        };
        let mut puzzles = parse_killers(text, &options)
            .map_err(|e| errors::parse_error_at(format!("line {}: {}", e.line, e.kind), e.line))?;
        if puzzles.len() > 1 {
            return Err(errors::parse_error_at(
                format!(
                    "line {}: a second killer puzzle ({} in all): Killer reads one",
                    puzzles[1].line,
                    puzzles.len()
                ),
                puzzles[1].line,
            ));
        }
        let puzzle = puzzles
            .pop()
            .expect("parse_killers returns at least one puzzle");
        PyKiller::checked(puzzle.killer)
    }

    /// A killer puzzle of side `size` (9 by default) from `cages`, a list of ``(sum,
    /// [(row, col), ...])`` with rows and columns from 0; `givens` is an optional grid text
    /// of digits given as well.
    #[staticmethod]
    #[pyo3(signature = (cages, *, size = 9, givens = None))]
    fn from_cages(cages: Vec<PyCage>, size: usize, givens: Option<&str>) -> PyResult<PyKiller> {
        let shape = Shape::for_size(size).map_err(|e| errors::value_error(e.to_string()))?;
        let grid = match givens {
            Some(text) => {
                let grid = PyGrid::new(text, "standard", None, None)?.into_grid();
                if grid.size() != size {
                    return Err(errors::value_error(format!(
                        "givens are a {}x{} grid, the cages a {size}x{size} one",
                        grid.size(),
                        grid.size()
                    )));
                }
                grid
            }
            None => Grid::empty(shape),
        };
        let mut list = Vec::with_capacity(cages.len());
        for (k, (sum, cells)) in cages.into_iter().enumerate() {
            if let Some(&(r, c)) = cells.iter().find(|&&(r, c)| r >= size || c >= size) {
                return Err(errors::value_error(format!(
                    "cage {} (sum {sum}): cell ({r}, {c}) is outside the {size}x{size} grid",
                    k + 1
                )));
            }
            list.push(Cage::new(sum, cells.into_iter().map(|(r, c)| r * size + c)));
        }
        let killer = Killer::new(grid, list).map_err(|e| errors::value_error(e.to_string()))?;
        PyKiller::checked(killer)
    }

    /// The side: 9 for a 9x9 puzzle.
    #[getter]
    fn size(&self) -> usize {
        self.killer.grid().size()
    }

    /// The given digits as a :class:`Grid` (often empty).
    #[getter]
    fn givens(&self) -> PyGrid {
        PyGrid::from(self.killer.grid().clone())
    }

    /// The cages as ``(sum, [(row, col), ...])``, rows and columns from 0.
    #[getter]
    fn cages(&self) -> Vec<PyCage> {
        let n = self.size();
        self.killer
            .cages()
            .iter()
            .map(|cage| {
                (
                    cage.sum,
                    cage.cells.iter().map(|&c| (c / n, c % n)).collect(),
                )
            })
            .collect()
    }

    /// The solution as a :class:`Grid` (the first found), or None when there is none;
    /// `nodes` and `seconds` bound the search, and a search they cut short before the first
    /// solution raises ``SearchError``.
    #[pyo3(signature = (*, nodes = None, seconds = None))]
    fn solve(
        &self,
        py: Python<'_>,
        nodes: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Option<PyGrid>> {
        let limits = PyLimits {
            limit: Some(1),
            nodes,
            seconds,
        };
        first_or_cut_short(self.search(py, limits)?)
    }

    /// The number of solutions (up to `limit`), a ``dlxkit.Count`` whose ``status`` says
    /// whether `limit`, `nodes` or `seconds` cut it short.
    #[pyo3(signature = (*, limit = None, nodes = None, seconds = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        nodes: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let limits = PyLimits {
            limit,
            nodes,
            seconds,
        };
        counted(py, &self.search(py, limits)?)
    }

    /// Checks that `grid` solves the puzzle (rules, givens and every cage's sum without a
    /// repeated digit); returns None or raises ``ValueError`` saying what is wrong.
    fn check(&self, grid: &PyGrid) -> PyResult<()> {
        self.killer.check(grid.grid()).map_err(errors::value_error)
    }

    /// The puzzle as a cage list (``size:``, ``givens:`` and one ``SUM: CELLS`` line per
    /// cage), which ``Killer(text)`` and ``dlxkit sudoku solve --variant killer`` read back.
    fn __str__(&self) -> String {
        to_list(&self.killer)
    }

    fn __repr__(&self) -> String {
        format!(
            "dlxkit.sudoku.Killer(size={}, cages={})",
            self.size(),
            self.killer.cages().len()
        )
    }
}
