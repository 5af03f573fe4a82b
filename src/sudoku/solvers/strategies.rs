//! The `strategies` solver (not yet written: every call reports [`Status::Stopped`]).

use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `strategies` solver.
#[derive(Debug, Default)]
pub struct StrategiesSolver;

impl StrategiesSolver {
    /// A new solver.
    pub fn new() -> StrategiesSolver {
        StrategiesSolver
    }
}

impl SudokuSolver for StrategiesSolver {
    fn name(&self) -> &'static str {
        "strategies"
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
