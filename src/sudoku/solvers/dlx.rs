//! The `dlx` solver (not yet written: every call reports [`Status::Stopped`]).

use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `dlx` solver.
#[derive(Debug, Default)]
pub struct DlxSolver;

impl DlxSolver {
    /// A new solver.
    pub fn new() -> DlxSolver {
        DlxSolver
    }
}

impl SudokuSolver for DlxSolver {
    fn name(&self) -> &'static str {
        "dlx"
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
