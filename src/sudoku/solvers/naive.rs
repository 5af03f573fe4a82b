//! The `naive` solver (not yet written: every call reports [`Status::Stopped`]).

use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `naive` solver.
#[derive(Debug, Default)]
pub struct NaiveSolver;

impl NaiveSolver {
    /// A new solver.
    pub fn new() -> NaiveSolver {
        NaiveSolver
    }
}

impl SudokuSolver for NaiveSolver {
    fn name(&self) -> &'static str {
        "naive"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        false
    }

    fn solve(&mut self, _grid: &Grid, _limits: &Limits) -> SolveReport {
        SolveReport {
            status: Status::Stopped,
            solutions: 0,
            first: None,
            stats: Default::default(),
        }
    }
}
