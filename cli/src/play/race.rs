//! The solvers behind the board's Solve button, built once per server and kept warm.
//!
//! A solver made for each request would time its own construction: for `dlx` the encoding
//! of the layout and its dancing-links matrix (729 options by 324 items on 9x9), which
//! takes longer than the search on most levels. The [`Pool`] keeps the solvers between
//! requests (one per request under way at most, so as many as the server's workers), and
//! a solve reports the building apart from the search: `build` is the time to make the
//! solver and, for `dlx`, its matrix for this layout, zero when a kept solver had it ready.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{by_name, Limits, SolveReport, SudokuSolver, UnknownSolver};
use dlxkit::sudoku::{Grid, Layout};

/// How many layouts a kept `dlx` solver remembers having built (its own cache keeps as
/// many).
const LAYOUTS: usize = 4;

/// A kept `dlx` solver and the layouts it has built a matrix for, most recent first.
struct Dlx {
    solver: DlxSolver,
    built: Vec<Arc<Layout>>,
}

/// The kept solvers.
#[derive(Default)]
pub struct Pool {
    dlx: Mutex<Vec<Dlx>>,
    others: Mutex<Vec<Box<dyn SudokuSolver>>>,
}

/// A solve and what it cost apart from the search.
pub struct Run {
    /// The solver's report (its `elapsed` is the search alone).
    pub report: SolveReport,
    /// The solver's name.
    pub solver: &'static str,
    /// Making the solver and, for `dlx`, its matrix for this layout (zero when kept).
    pub build: Duration,
    /// Whether the solver was kept from an earlier request with everything built.
    pub warm: bool,
}

impl Pool {
    /// Solves `grid` with the solver called `name`, kept from an earlier request when one
    /// is free.
    pub fn solve(&self, name: &str, grid: &Grid, limits: &Limits) -> Result<Run, UnknownSolver> {
        if name == "dlx" {
            return Ok(self.solve_dlx(grid, limits));
        }
        let kept = {
            let mut others = self.others.lock().unwrap_or_else(PoisonError::into_inner);
            others
                .iter()
                .position(|s| s.name() == name)
                .map(|k| others.swap_remove(k))
        };
        let started = Instant::now();
        let warm = kept.is_some();
        let mut solver = match kept {
            Some(solver) => solver,
            None => by_name(name)?,
        };
        let build = if warm {
            Duration::ZERO
        } else {
            started.elapsed()
        };
        let report = solver.solve(grid, limits);
        let run = Run {
            report,
            solver: solver.name(),
            build,
            warm,
        };
        self.others
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(solver);
        Ok(run)
    }

    fn solve_dlx(&self, grid: &Grid, limits: &Limits) -> Run {
        let kept = self
            .dlx
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let started = Instant::now();
        let mut dlx = kept.unwrap_or_else(|| Dlx {
            solver: DlxSolver::new(),
            built: Vec::new(),
        });
        let layout = grid.layout();
        let warm = match dlx.built.iter().position(|l| **l == **layout) {
            Some(k) => {
                let l = dlx.built.remove(k);
                dlx.built.insert(0, l);
                true
            }
            None => {
                dlx.built.insert(0, Arc::clone(layout));
                dlx.built.truncate(LAYOUTS);
                false
            }
        };
        // Builds the matrix now when it is new (an encoding error shows in the solve).
        let _ = dlx.solver.encoding(layout);
        let build = if warm {
            Duration::ZERO
        } else {
            started.elapsed()
        };
        let report = dlx.solver.solve(grid, limits);
        self.dlx
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(dlx);
        Run {
            report,
            solver: "dlx",
            build,
            warm,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::sudoku::solvers::{Answer, SOLVER_NAMES};
    use dlxkit::sudoku::Shape;

    #[test]
    fn kept_solvers_are_warm_and_agree_with_fresh_ones() {
        let pool = Pool::default();
        let grid = Grid::empty(Shape::new(2, 2).unwrap());
        let limits = Limits::new().solutions(2);
        for name in SOLVER_NAMES {
            let cold = pool.solve(name, &grid, &limits).unwrap();
            assert!(!cold.warm, "{name}");
            let warm = pool.solve(name, &grid, &limits).unwrap();
            assert!(warm.warm, "{name}");
            assert_eq!(warm.build, Duration::ZERO);
            assert_eq!(warm.solver, name);
            let fresh = by_name(name).unwrap().solve(&grid, &limits);
            assert_eq!(warm.report.answer(), Answer::Multiple);
            assert_eq!(warm.report.first, fresh.first, "{name}");
        }
        // A new layout is built again, once.
        let six = Grid::empty(Shape::new(2, 3).unwrap());
        assert!(!pool.solve("dlx", &six, &limits).unwrap().warm);
        assert!(pool.solve("dlx", &six, &limits).unwrap().warm);
        assert!(pool.solve("nope", &six, &limits).is_err());
    }
}
