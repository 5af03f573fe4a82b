//! The `dlx` solver: the exact cover engine ([`crate::xc`]) on the Sudoku encoding
//! ([`crate::sudoku::encode`]), for every layout (standard, Sudoku-X, windoku, jigsaw and any
//! extra units).
//!
//! The solver keeps the [`Encoding`] of the last few layouts it met (found by `Arc` identity,
//! then by equality), each with an [`OwnedSolver`] over its matrix, so a file of puzzles
//! builds its problem and its dancing-links matrix once: each puzzle only unforces the last
//! puzzle's givens and forces its own ([`Encoding::force_givens`], which is also the one
//! check of the givens: a clash gives no solution). This is the entry point for many
//! puzzles; [`crate::sudoku::encode`] says which to use for other needs.
//!
//! # Engines
//!
//! Dancing links are the default, on the matrix kept between puzzles (the fastest of the
//! three on 9x9 batches: BENCHMARKS.md, "9x9 Sudoku batches through each engine").
//! [`DlxSolver::on`] searches on another engine of [`crate::xc`] instead: each puzzle is
//! then the exact cover problem its givens leave ([`Encoding::puzzle_problem_with_origin`]),
//! built afresh and searched through a [`Plan`] on that engine ([`solve_planned`]). Every
//! engine finds the same solutions and counts. The givens stay in that problem as options
//! with nothing else to cover, each a node of its own: the bit sets search the links' tree
//! with one more node per given (the same guesses), dancing cells SSXCC's.
//!
//! # Statistics
//!
//! - `nodes`: the engine's search-tree nodes, counted as Knuth counts them (each solution is
//!   a node too).
//! - `backtracks`: nodes that lead to no solution found, exact: the nodes of the tree minus
//!   the nodes on the paths from the root to the solutions (the paths are merged in the
//!   order the solutions come, sharing their common prefixes). When a node, time or cancel
//!   limit stops the search, the nodes of the unfinished path count as backtracks too.
//! - `guesses`: the engine's [`Stats::branches`]: search-tree nodes whose chosen item
//!   had two or more options (for Sudoku, a cell or a unit-digit with several candidates).
//!
//! ```
//! use dlxkit::sudoku::{parse, solvers::{by_name, Answer, Limits}};
//! let grid = parse::parse_grid(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     &parse::ParseOptions::default(),
//! )?;
//! let mut dlx = by_name("dlx")?;
//! let report = dlx.solve(&grid, &Limits::new().solutions(2));
//! assert_eq!(report.answer(), Answer::Unique);
//! assert!(report.first.unwrap().is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Stats::branches`]: crate::xc::Stats::branches

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Limits, SolveReport, SolveStats, SudokuSolver};
use crate::sudoku::candidates::Candidates;
use crate::sudoku::encode::{EncodeError, Encoding};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::plan::{Engine, Plan, RunError, Sink};
use crate::xc::{OptionId, OwnedSolver, Problem, Status};

/// How many layouts' encodings the solver keeps.
const CACHE: usize = 4;

/// The `dlx` solver: dancing links on the exact cover encoding, every layout supported.
///
/// ```
/// use dlxkit::sudoku::{solvers::{dlx::DlxSolver, Limits, SudokuSolver}, Grid, Shape};
/// let mut dlx = DlxSolver::new();
/// let report = dlx.solve(&Grid::empty(Shape::new(2, 2)?), &Limits::new());
/// assert_eq!(report.solutions, 288);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct DlxSolver {
    /// Encodings of recently seen layouts and a solver over each, most recent first.
    cache: Vec<Kept>,
    /// The choices of the last solution found, kept between puzzles ([`Paths`]).
    previous: Vec<OptionId>,
    /// The engine searched on (dancing links, the default, on the kept matrices).
    engine: Engine,
}

/// One layout's encoding and the solver kept for it.
#[derive(Debug)]
struct Kept {
    encoding: Arc<Encoding>,
    solver: OwnedSolver,
}

impl DlxSolver {
    /// A new solver with an empty cache.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{dlx::DlxSolver, SudokuSolver};
    /// assert_eq!(DlxSolver::new().name(), "dlx");
    /// ```
    pub fn new() -> DlxSolver {
        DlxSolver::default()
    }

    /// A solver that searches on `engine`: dancing links on the kept matrices (as
    /// [`DlxSolver::new`]), or each puzzle's own problem on the bit sets or dancing cells
    /// (see the module's "Engines"). The same solutions and counts on every engine.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{dlx::DlxSolver, Limits, SudokuSolver};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// use dlxkit::xc::plan::Engine;
    /// let empty = Grid::empty(Shape::new(2, 2)?);
    /// for engine in Engine::ALL {
    ///     let report = DlxSolver::on(engine).solve(&empty, &Limits::new());
    ///     assert_eq!(report.solutions, 288, "{engine}");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on(engine: Engine) -> DlxSolver {
        DlxSolver {
            engine,
            ..DlxSolver::default()
        }
    }

    /// The encoding of `layout`, from the cache or made now.
    ///
    /// ```
    /// use dlxkit::sudoku::{solvers::dlx::DlxSolver, Layout, Shape};
    /// use std::sync::Arc;
    /// let mut dlx = DlxSolver::new();
    /// let layout = Arc::new(Layout::standard(Shape::new(3, 3).unwrap()));
    /// let a = dlx.encoding(&layout).unwrap();
    /// let b = dlx.encoding(&layout).unwrap();
    /// assert!(Arc::ptr_eq(&a, &b));
    /// ```
    pub fn encoding(&mut self, layout: &Arc<Layout>) -> Result<Arc<Encoding>, EncodeError> {
        Ok(self.kept(layout)?.encoding.clone())
    }

    /// The cache entry of `layout`, moved to the front, or a new one.
    fn kept(&mut self, layout: &Arc<Layout>) -> Result<&mut Kept, EncodeError> {
        let hit = self
            .cache
            .iter()
            .position(|k| Arc::ptr_eq(k.encoding.layout(), layout))
            .or_else(|| {
                self.cache
                    .iter()
                    .position(|k| **k.encoding.layout() == **layout)
            });
        match hit {
            Some(0) => {}
            Some(k) => {
                let kept = self.cache.remove(k);
                self.cache.insert(0, kept);
            }
            None => {
                let encoding = Arc::new(Encoding::new(layout.clone())?);
                let solver = encoding.owned_solver();
                self.cache.insert(0, Kept { encoding, solver });
                self.cache.truncate(CACHE);
            }
        }
        Ok(&mut self.cache[0])
    }
}

/// Merges the paths from the root to each solution, as the solutions come.
struct Paths<'b> {
    forced: usize,
    previous: &'b mut Vec<OptionId>,
    nodes: u64,
}

impl Paths<'_> {
    fn add(&mut self, solution: &[OptionId]) {
        let chosen = &solution[self.forced.min(solution.len())..];
        if self.nodes == 0 {
            // The root, one node per choice below it, and the solution node (a solution
            // with no choice at all is the root and one solution node).
            self.nodes = (chosen.len() as u64 + 1).max(2);
        } else {
            let common = chosen
                .iter()
                .zip(self.previous.iter())
                .take_while(|(a, b)| a == b)
                .count();
            self.nodes += (chosen.len() - common) as u64;
        }
        self.previous.clear();
        self.previous.extend_from_slice(chosen);
    }
}

impl SudokuSolver for DlxSolver {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    /// Solves any layout. Conflicting givens give 0 solutions, [`Status::Complete`], without a
    /// search; a layout that cannot be encoded (an extra unit listing a cell twice) gives 0
    /// solutions and [`Status::Stopped`].
    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport {
        let started = Instant::now();
        let mut report = SolveReport::empty(Duration::ZERO);
        let mut previous = std::mem::take(&mut self.previous);
        previous.clear();
        let engine = self.engine;
        let Ok(Kept { encoding, solver }) = self.kept(grid.layout()) else {
            report.status = Status::Stopped;
            report.stats.elapsed = started.elapsed();
            return report;
        };
        if engine != Engine::Links {
            let plan = Plan::new().engine(engine);
            return solve_grid_planned(&plan, encoding, grid, limits, started);
        }
        let report = search(encoding, solver, grid, limits, started, &mut previous);
        self.previous = previous;
        report
    }
}

impl DlxSolver {
    /// Solves a puzzle with pencil marks: only its candidates may be placed (their
    /// complements are left out of the exact cover problem, see
    /// [`Encoding::with_candidates`]). The encoding is made for this puzzle, not cached.
    ///
    /// ```
    /// use dlxkit::sudoku::candidates::{Candidates, Digits};
    /// use dlxkit::sudoku::solvers::{dlx::DlxSolver, Limits};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let grid = Grid::empty(Shape::new(2, 2)?);
    /// let mut pencil = Candidates::of_grid(&grid);
    /// pencil.set(0, Digits::single(4));
    /// let report = DlxSolver::new().solve_candidates(&grid, &pencil, &Limits::new());
    /// assert_eq!(report.solutions, 288 / 4);
    /// # Ok::<(), dlxkit::sudoku::GridError>(())
    /// ```
    pub fn solve_candidates(
        &mut self,
        grid: &Grid,
        candidates: &Candidates,
        limits: &Limits,
    ) -> SolveReport {
        let started = Instant::now();
        let unsolvable = SolveReport::empty(Duration::ZERO);
        if grid.check_givens().is_err() || candidates.empty_cell().is_some() {
            return unsolvable;
        }
        let Ok(encoding) = Encoding::with_candidates(candidates) else {
            return SolveReport {
                status: Status::Stopped,
                ..unsolvable
            };
        };
        if self.engine != Engine::Links {
            let plan = Plan::new().engine(self.engine);
            return solve_grid_planned(&plan, &encoding, grid, limits, started);
        }
        let mut solver = encoding.owned_solver();
        search(
            &encoding,
            &mut solver,
            grid,
            limits,
            started,
            &mut Vec::new(),
        )
    }
}

/// [`solve_planned`] on the problem `grid` leaves of `encoding`'s, its first solution as a
/// whole grid, givens included (0 solutions when its givens clash, as on the links;
/// [`Status::Stopped`] when the plan refuses the problem); `started` is when the timing began.
pub fn solve_grid_planned(
    plan: &Plan,
    encoding: &Encoding,
    grid: &Grid,
    limits: &Limits,
    started: Instant,
) -> SolveReport {
    let mut report = SolveReport::empty(Duration::ZERO);
    let Ok((problem, origin)) = encoding.puzzle_problem_with_origin(grid) else {
        report.stats.elapsed = started.elapsed();
        return report;
    };
    let givens = encoding.options_of(grid);
    let mut placed = Vec::new();
    let grid_of = |solution: &[OptionId]| {
        placed.clear();
        placed.extend(givens.iter().copied());
        placed.extend(solution.iter().map(|o| origin[o.index()]));
        encoding.grid_of(&placed)
    };
    match solve_planned(plan, &problem, limits, grid_of) {
        Ok(mut report) => {
            report.stats.elapsed = started.elapsed();
            report
        }
        Err(_) => SolveReport {
            status: Status::Stopped,
            ..report
        },
    }
}

/// Searches `problem`, the exact cover problem of one puzzle (its givens built in), as
/// `plan` says (its engine, threads) within `limits`, listing the solutions: their count
/// up to the limit, the first as the grid `grid_of` makes of its options, and the
/// statistics as [`DlxSolver`] keeps them (the engine's nodes as assignments, its
/// branching nodes as guesses, backtracks from the paths to the solutions). Fails, before
/// any search, when the plan refuses the problem (an engine too small for it, say).
///
/// ```
/// use dlxkit::sudoku::encode::Encoding;
/// use dlxkit::sudoku::solvers::{dlx, Limits};
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::xc::plan::{Engine, Plan};
/// let e = Encoding::standard(Shape::new(2, 2)?)?;
/// let mut g = Grid::blank(e.layout().clone());
/// g.set(0, 0, 1);
/// let (problem, origin) = e.puzzle_problem_with_origin(&g)?;
/// let plan = Plan::new().engine(Engine::Cells);
/// let grid_of = |s: &[dlxkit::xc::OptionId]| {
///     let mut placed = e.options_of(&g);
///     placed.extend(s.iter().map(|o| origin[o.index()]));
///     e.grid_of(&placed)
/// };
/// let report = dlx::solve_planned(&plan, &problem, &Limits::new(), grid_of)?;
/// assert_eq!(report.solutions, 288 / 4);
/// assert_eq!(report.first.unwrap()[(0, 0)], 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_planned(
    plan: &Plan,
    problem: &Problem,
    limits: &Limits,
    grid_of: impl FnMut(&[OptionId]) -> Grid,
) -> Result<SolveReport, RunError> {
    let started = Instant::now();
    let mut previous = Vec::new();
    let mut sink = Found {
        first: None,
        grid_of,
        paths: Paths {
            forced: 0,
            previous: &mut previous,
            nodes: 0,
        },
    };
    let plan = plan.clone().count(false).limits(limits.clone());
    let report = plan.run(problem, &mut sink)?;
    Ok(SolveReport {
        status: report.status,
        solutions: report.stats.solutions,
        first: sink.first,
        stats: SolveStats {
            assignments: report.stats.nodes,
            backtracks: report.stats.nodes.saturating_sub(sink.paths.nodes),
            guesses: report.stats.branches,
            elapsed: started.elapsed(),
            ..SolveStats::default()
        },
    })
}

/// What [`solve_planned`] keeps of the solutions: the first as a grid, and the paths.
struct Found<'b, G> {
    first: Option<Grid>,
    grid_of: G,
    paths: Paths<'b>,
}

impl<G: FnMut(&[OptionId]) -> Grid> Sink for Found<'_, G> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        if self.first.is_none() {
            self.first = Some((self.grid_of)(options));
        }
        self.paths.add(options);
        ControlFlow::Continue(())
    }
}

/// Searches `grid` on `solver` (a solver of `encoding`): forces the givens, counts the
/// solutions within `limits` and keeps the first.
fn search(
    encoding: &Encoding,
    solver: &mut OwnedSolver,
    grid: &Grid,
    limits: &Limits,
    started: Instant,
    previous: &mut Vec<OptionId>,
) -> SolveReport {
    let mut report = SolveReport::empty(Duration::ZERO);
    // Forcing the givens (and the pencil marks' option) is the grid's one check: a clash
    // gives 0 solutions.
    if encoding.force_givens(solver, grid).is_err() {
        report.stats.elapsed = started.elapsed();
        return report;
    }
    solver.set_limits(limits.clone());
    let mut paths = Paths {
        forced: solver.forced().len(),
        previous,
        nodes: 0,
    };
    let mut first = None;
    let outcome = solver.visit(|solution| {
        if first.is_none() {
            first = Some(encoding.grid_of(solution));
        }
        paths.add(solution);
        ControlFlow::Continue(())
    });
    report.status = outcome.status;
    report.solutions = outcome.stats.solutions;
    report.first = first;
    report.stats.assignments = outcome.stats.nodes;
    report.stats.backtracks = outcome.stats.nodes.saturating_sub(paths.nodes);
    report.stats.guesses = outcome.stats.branches;
    report.stats.elapsed = started.elapsed();
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn a_filled_grid_is_its_own_unique_solution_with_no_backtrack() {
        let mut dlx = DlxSolver::new();
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let full = dlx
            .solve(&empty, &Limits::new().solutions(1))
            .first
            .unwrap();
        let r = dlx.solve(&full, &Limits::new());
        assert_eq!((r.solutions, r.status), (1, Status::Complete));
        assert_eq!(r.first.as_ref(), Some(&full));
        assert_eq!(
            (r.stats.assignments, r.stats.backtracks, r.stats.guesses),
            (2, 0, 0)
        );
    }

    #[test]
    fn paths_share_prefixes() {
        let o = OptionId::new;
        let mut previous = Vec::new();
        let mut p = Paths {
            forced: 1,
            previous: &mut previous,
            nodes: 0,
        };
        p.add(&[o(9), o(1), o(2), o(3)]);
        assert_eq!(p.nodes, 4);
        p.add(&[o(9), o(1), o(4), o(5)]);
        assert_eq!(p.nodes, 6);
    }

    #[test]
    fn the_empty_4x4_counts_every_node_of_its_tree() {
        let mut dlx = DlxSolver::new();
        let r = dlx.solve(&Grid::empty(Shape::new(2, 2).unwrap()), &Limits::new());
        assert_eq!(r.solutions, 288);
        assert!(r.stats.assignments > 288);
        assert!(r.stats.guesses > 0);
        assert!(r.stats.backtracks < r.stats.assignments);
    }

    #[test]
    fn a_puzzle_solved_without_branching_reports_no_guesses() {
        // A full grid with one cell erased: every node has a single option.
        let mut dlx = DlxSolver::new();
        let mut grid = dlx
            .solve(
                &Grid::empty(Shape::new(2, 2).unwrap()),
                &Limits::new().solutions(1),
            )
            .first
            .unwrap();
        grid.set_cell(5, 0);
        let r = dlx.solve(&grid, &Limits::new());
        assert_eq!((r.solutions, r.stats.guesses), (1, 0));
    }
}
