//! The `forward-checking` solver (not yet written: every call reports [`Status::Stopped`]).

use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `forward-checking` solver.
#[derive(Debug, Default)]
pub struct ForwardCheckingSolver;

impl ForwardCheckingSolver {
    /// A new solver.
    pub fn new() -> ForwardCheckingSolver {
        ForwardCheckingSolver
    }
}

impl SudokuSolver for ForwardCheckingSolver {
    fn name(&self) -> &'static str {
        "forward-checking"
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
