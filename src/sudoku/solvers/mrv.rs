//! The `mrv` solver (not yet written: every call reports [`Status::Stopped`]).

use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `mrv` solver.
#[derive(Debug, Default)]
pub struct MrvSolver;

impl MrvSolver {
    /// A new solver.
    pub fn new() -> MrvSolver {
        MrvSolver
    }
}

impl SudokuSolver for MrvSolver {
    fn name(&self) -> &'static str {
        "mrv"
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
