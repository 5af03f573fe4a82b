//! The [`Solver`]: a search on the dancing links of one problem, with forced options, limits,
//! statistics, and its solutions as an iterator, a visitor or a count. It runs one of two
//! loops, each in a room of its own, chosen by the problem when the solver is built:
//!
//! - `exact.rs`: Algorithm X, and with colours Algorithm C, as Knuth's DLX1 and DLX2 run
//!   them (same tree, same nodes and updates);
//! - `bounded.rs`: Algorithm M, for a problem with item bounds, as his DLX3 runs it (its
//!   matrix operations are in `multiplicity.rs`).
//!
//! Below both, `core.rs` holds what they share (the matrix, the limits and their checkpoint,
//! the statistics and status, the forced options, the solution buffer) and the small trait
//! each loop implements; `tree.rs` holds what splitting a search into shards sees of its
//! tree. The words every engine speaks (limits, status, statistics, events) are in
//! `outcome.rs`, re-exported here.
//!
//! There is no recursion: the levels live in vectors, so a search thousands of levels deep
//! needs no stack. A loop stops at each solution (that is how [`Solutions`] is lazy) and
//! resumes where it stopped. Limits (solutions, nodes, a deadline, a cancel flag) are checked
//! as levels are entered; a search that stops early says why in its [`Status`] and keeps its
//! statistics, and the solver stays usable: the next search first unwinds the old one.

mod bounded;
mod core;
mod exact;
mod tree;

use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::Arc;

use self::bounded::Bounded;
use self::core::{Core, Loop, Stop};
use self::exact::Exact;
use super::choose::{Chooser, SearchOrder};
use super::layout::{Around, Colored, Layout, Off, Walk, WalkChoice, WalkFn};
use super::matrix::Matrix;
use super::multiplicity::Bounds;
use super::problem::{ForceError, OptionId, Problem};
use super::storage::{Arena, Borrowed, Owned, Storage};

pub use super::outcome::{Counts, Event, Limits, Outcome, Progress, Stats, Status};
pub use tree::Choice;
pub(crate) use tree::{Next, StopPoint};

/// Knuth's Algorithm X / C over one problem, with forced options, limits and statistics (and,
/// when the problem has item bounds, Algorithm M).
///
/// ```
/// use dlxkit::xc::{Arena, Limits, Problem, Solver};
/// let problem = Problem::from_dlx("A B C\nA B\nC\nA\nB C\nB\n")?;
/// let arena = Arena::new();
/// let mut solver = Solver::new(&problem, &arena);
/// assert_eq!(solver.count().stats.solutions, 3);
/// let all: Vec<_> = solver.solutions().collect();
/// assert_eq!(all.len(), 3);
/// solver.set_limits(Limits::new().solutions(2));
/// assert_eq!(solver.count().stats.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver<'a, S: Storage = Borrowed<'a>> {
    /// The matrix, limits, figures and forced options both loops share.
    core: Core<S>,
    /// The loop the problem needs, compiled for the matrix's walk and the item choice.
    search: Box<dyn Loop<S>>,
    _life: PhantomData<&'a ()>,
}

/// A [`Solver`] that owns its matrix and shares its problem through an `Arc`, so it can be kept
/// in a struct and reused for as long as needed (for instance one per Sudoku layout, re-forced
/// for each puzzle). It has every method of [`Solver`]; build it with [`Solver::owned`].
///
/// ```
/// use std::sync::Arc;
/// use dlxkit::xc::{OptionId, OwnedSolver, Problem};
/// struct Keeper {
///     solver: OwnedSolver,
/// }
/// let problem = Arc::new(Problem::from_dlx("A B\nA\nB\nA B\n")?);
/// let mut k = Keeper { solver: OwnedSolver::owned(problem) };
/// assert_eq!(k.solver.count().stats.solutions, 2);
/// k.solver.force(OptionId::new(2))?;
/// assert_eq!(k.solver.count().stats.solutions, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type OwnedSolver = Solver<'static, Owned>;

impl<S: Storage> std::fmt::Debug for Solver<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("search", &self.search)
            .field("forced", &self.core.forced)
            .field("stats", &self.core.stats)
            .finish()
    }
}

impl<'a> Solver<'a> {
    /// Builds the matrix of `problem` in `arena`, ready to search.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// assert!(s.first().is_some());
    /// ```
    pub fn new(problem: &'a Problem, arena: &'a Arena) -> Solver<'a> {
        Solver::with_order(problem, arena, SearchOrder::new())
    }

    /// Builds the matrix of `problem` in `arena` for a search that chooses items and orders
    /// options as `order` says (with a seed, the item lists are laid out in Knuth's random order).
    ///
    /// ```
    /// use dlxkit::xc::{Arena, SearchOrder, Problem, Solver};
    /// let p = Problem::from_dlx("#A B C\nB C\n#A\nB\nC\n")?;
    /// let arena = Arena::new();
    /// let mut s = Solver::with_order(&p, &arena, SearchOrder::new().prefer_sharp(true));
    /// // `#A` has one option, like `B` and `C`, but the sharp preference takes it first.
    /// let first = s.first().unwrap();
    /// assert_eq!(p.option_text(first[0]), "#A");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_order(problem: &'a Problem, arena: &'a Arena, order: SearchOrder) -> Solver<'a> {
        let walk = WalkChoice::for_problem(problem);
        let (layout, flip) = Layout::with_order(problem, walk, order.seed);
        let chooser = Chooser::new(problem, &order, flip);
        Solver::with(problem, Matrix::new(problem, layout, arena), chooser)
    }

    /// A solver whose item lists run from the cheapest option to the dearest, as the
    /// minimum-cost search of a problem with item bounds lays them out: a split made with it
    /// numbers Algorithm M's moves in the order that search makes them ([`Split::for_best`]).
    ///
    /// [`Split::for_best`]: crate::xc::shard::Split::for_best
    pub(crate) fn by_cost(problem: &'a Problem, arena: &'a Arena) -> Solver<'a> {
        let walk = WalkChoice::for_problem(problem);
        Solver::with(
            problem,
            Matrix::new(problem, Layout::by_cost(problem, walk), arena),
            Chooser::new(problem, &SearchOrder::new(), None),
        )
    }

    /// A solver that walks options in the given way, if it can walk this problem: for tests,
    /// which run every walk on every problem instead of shaping problems around the
    /// thresholds that choose one.
    ///
    /// ```
    /// use dlxkit::xc::{Arena, Problem, Solver, WalkChoice};
    /// let p = Problem::from_dlx("A B C\nA B C\nA\nB C\n")?;
    /// let arena = Arena::new();
    /// for walk in WalkChoice::all() {
    ///     if let Some(mut s) = Solver::with_walk(&p, &arena, walk) {
    ///         assert_eq!(s.count().stats.solutions, 2, "{walk}");
    ///     }
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(hidden)]
    pub fn with_walk(
        problem: &'a Problem,
        arena: &'a Arena,
        walk: WalkChoice,
    ) -> Option<Solver<'a>> {
        walk.serves(problem).then(|| {
            Solver::with(
                problem,
                Matrix::new(problem, Layout::with_walk(problem, walk), arena),
                Chooser::new(problem, &SearchOrder::new(), None),
            )
        })
    }
}

impl Solver<'static, Owned> {
    /// Builds a solver that owns its matrix (see [`OwnedSolver`]).
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dlxkit::xc::{OwnedSolver, Problem};
    /// let p = Arc::new(Problem::from_dlx("A\nA\n").unwrap());
    /// let mut s = OwnedSolver::owned(p.clone());
    /// assert!(s.first().is_some());
    /// assert!(s.is_pristine());
    /// ```
    pub fn owned(problem: Arc<Problem>) -> OwnedSolver {
        Solver::owned_with_order(problem, SearchOrder::new())
    }

    /// Builds a solver that owns its matrix and chooses items and orders options as `order`
    /// says.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dlxkit::xc::{SearchOrder, OwnedSolver, Problem};
    /// let p = Arc::new(Problem::from_dlx("A B\nA\nB\nA B\n").unwrap());
    /// let mut s = OwnedSolver::owned_with_order(p, SearchOrder::new().seed(1));
    /// assert_eq!(s.count().stats.solutions, 2);
    /// ```
    pub fn owned_with_order(problem: Arc<Problem>, order: SearchOrder) -> OwnedSolver {
        let walk = WalkChoice::for_problem(&problem);
        let (layout, flip) = Layout::with_order(&problem, walk, order.seed);
        let chooser = Chooser::new(&problem, &order, flip);
        let m = Matrix::owned(&problem, layout);
        Solver::with(problem, m, chooser)
    }
}

impl<'a, S: Storage> Solver<'a, S> {
    fn with(problem: S::Problem, m: Matrix<S>, chooser: Chooser) -> Self {
        let plain = chooser.is_plain();
        let search: Box<dyn Loop<S>> = match problem.has_bounds() {
            true => {
                let bounds = Bounds::new(&problem);
                match m.walk().colored() {
                    true => bounded::<Colored<Off>, S>(bounds, plain),
                    false => bounded::<Around<Off>, S>(bounds, plain),
                }
            }
            false => m.walk().dispatch(Compile {
                plain,
                _storage: PhantomData,
            }),
        };
        Solver {
            core: Core::new(problem, m, chooser),
            search,
            _life: PhantomData,
        }
    }

    /// The same solver with these limits.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Limits, Problem, Solver};
    /// # let p = Problem::from_dlx("A\nA\n").unwrap();
    /// # let arena = Arena::new();
    /// let s = Solver::new(&p, &arena).with_limits(Limits::new().nodes(100));
    /// assert_eq!(s.limits().max_nodes, Some(100));
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.core.limits = limits;
        self
    }

    /// Replaces the limits for the following searches.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Limits, Problem, Solver};
    /// # let p = Problem::from_dlx("A\nA\n").unwrap();
    /// # let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.set_limits(Limits::new().solutions(5));
    /// assert_eq!(s.limits().max_solutions, Some(5));
    /// ```
    pub fn set_limits(&mut self, limits: Limits) {
        self.core.limits = limits;
    }

    /// The limits in force.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// # let p = Problem::from_dlx("A\nA\n").unwrap();
    /// # let arena = Arena::new();
    /// assert!(Solver::new(&p, &arena).limits().max_solutions.is_none());
    /// ```
    pub fn limits(&self) -> &Limits {
        &self.core.limits
    }

    /// The problem being solved.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// # let p = Problem::from_dlx("A\nA\n").unwrap();
    /// # let arena = Arena::new();
    /// assert_eq!(Solver::new(&p, &arena).problem().option_count(), 1);
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.core.problem
    }

    /// The number of nodes in the matrix (item headers, entries and spacers); each is
    /// [`NODE_BYTES`](crate::xc::NODE_BYTES) bytes.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA B\n").unwrap();
    /// let arena = Arena::new();
    /// // slot 0, 2 headers, 2 spacers, 2 entries
    /// assert_eq!(Solver::new(&p, &arena).node_count(), 7);
    /// ```
    pub fn node_count(&self) -> usize {
        self.core.m.node_count()
    }

    /// Puts `option` into every solution of the following searches (as if it had been chosen
    /// first). Used for Sudoku givens and for splitting a search into parts. Fails, changing
    /// nothing, if the option clashes with an option forced earlier.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, OptionId, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.force(OptionId::new(0)).unwrap();
    /// let only = s.first().unwrap();
    /// assert_eq!(only, [OptionId::new(0), OptionId::new(1)]);
    /// ```
    pub fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.reset();
        if option.index() >= self.core.problem.option_count() {
            return Err(ForceError::UnknownOption {
                option: option.index(),
            });
        }
        if !self.core.m.is_available(option) {
            return Err(ForceError::Conflict {
                option: option.index(),
            });
        }
        let m = &mut self.core.m;
        let x = m.primary_node(option);
        let (updates, cleansings) = (m.updates, m.cleansings);
        self.search.force(m, x);
        (m.updates, m.cleansings) = (updates, cleansings);
        self.core.forced_nodes.push(x);
        self.core.forced.push(option);
        Ok(())
    }

    /// Removes every forced option.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, OptionId, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.force(OptionId::new(2)).unwrap();
    /// s.unforce_all();
    /// assert_eq!(s.count().stats.solutions, 2);
    /// ```
    pub fn unforce_all(&mut self) {
        self.reset();
        self.search.unmake_moves(&mut self.core.m);
        while let Some(x) = self.core.forced_nodes.pop() {
            self.search.unforce(&mut self.core.m, x);
        }
        self.core.forced.clear();
    }

    /// The forced options, in the order they were forced.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, OptionId, Problem, Solver};
    /// # let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// # let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.force(OptionId::new(1)).unwrap();
    /// assert_eq!(s.forced(), [OptionId::new(1)]);
    /// ```
    pub fn forced(&self) -> &[OptionId] {
        &self.core.forced
    }

    /// The first solution (forced options first, then the choices level by level), or `None`
    /// when there is none or a limit stopped the search first: [`Solver::status`] tells which.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver, Status};
    /// let p = Problem::from_dlx("A B\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// assert!(s.first().is_none());
    /// assert_eq!(s.status(), Status::Complete);
    /// ```
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.solutions().next()
    }

    /// Counts every solution (within the limits) without building them.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    /// let arena = Arena::new();
    /// assert_eq!(Solver::new(&p, &arena).count().stats.solutions, 4);
    /// ```
    pub fn count(&mut self) -> Outcome {
        self.begin();
        while self.step() != Stop::Over {}
        self.reset();
        self.outcome()
    }

    /// Counts solutions but stops at `n` (so `count_up_to(2)` tells none, unique or several).
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    /// let arena = Arena::new();
    /// assert_eq!(Solver::new(&p, &arena).count_up_to(2).stats.solutions, 2);
    /// ```
    pub fn count_up_to(&mut self, n: u64) -> Outcome {
        let saved = self.core.limits.max_solutions;
        self.core.limits.max_solutions = Some(saved.map_or(n, |s| s.min(n)));
        let outcome = self.count();
        self.core.limits.max_solutions = saved;
        outcome
    }

    /// A lazy iterator over the solutions. Dropping it abandons the search and restores the
    /// matrix; the outcome stays available from [`Solver::outcome`].
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// for solution in s.solutions().take(2) {
    ///     assert!(p.check_solution(&solution).is_ok());
    /// }
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_, 'a, S> {
        self.begin();
        Solutions { solver: self }
    }

    /// Calls `visit` with every solution until it returns `Break` or a limit is reached.
    ///
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use dlxkit::xc::{Arena, Problem, Solver, Status};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    /// let arena = Arena::new();
    /// let mut seen = 0;
    /// let outcome = Solver::new(&p, &arena).visit(|_solution| {
    ///     seen += 1;
    ///     if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!((seen, outcome.status), (3, Status::Stopped));
    /// ```
    pub fn visit<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.run(0, |event| match event {
            Event::Solution(s) => visit(s),
            Event::Progress(_) => ControlFlow::Continue(()),
        })
    }

    /// The most general search: reports every solution, and a [`Progress`] about every
    /// `progress_every` nodes (never, when 0), until the handler returns `Break` or a limit
    /// is reached.
    ///
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use dlxkit::xc::{Arena, Event, Problem, Solver};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    /// let arena = Arena::new();
    /// let mut reports = 0;
    /// Solver::new(&p, &arena).run(1, |event| {
    ///     if let Event::Progress(_) = event { reports += 1; }
    ///     ControlFlow::Continue(())
    /// });
    /// assert!(reports > 0);
    /// ```
    pub fn run<F>(&mut self, progress_every: u64, mut handler: F) -> Outcome
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        self.drive(progress_every, |solver, stop| match stop {
            Stop::Solution => {
                solver.fill_solution();
                handler(Event::Solution(&solver.core.solution))
            }
            _ => handler(Event::Progress(solver.progress())),
        })
    }

    /// Counts the solutions (within the limits) without building them, reporting a
    /// [`Progress`] about every `progress_every` nodes (never, when 0) until the handler
    /// returns `Break`: [`Solver::count`] for long searches with a progress display.
    ///
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use dlxkit::xc::{Arena, Problem, Solver, Status};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    /// let arena = Arena::new();
    /// let mut reports = 0;
    /// let outcome = Solver::new(&p, &arena).count_with_progress(1, |_progress| {
    ///     reports += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((outcome.stats.solutions, outcome.status), (4, Status::Complete));
    /// assert!(reports > 0);
    /// ```
    pub fn count_with_progress<F>(&mut self, progress_every: u64, mut handler: F) -> Outcome
    where
        F: FnMut(Progress) -> ControlFlow<()>,
    {
        self.drive(progress_every, |solver, stop| match stop {
            Stop::Solution => ControlFlow::Continue(()),
            _ => handler(solver.progress()),
        })
    }

    /// Runs a whole search, passing each solution and progress stop (never `Over`) to
    /// `on_stop`, which can end the search early.
    fn drive<F>(&mut self, progress_every: u64, mut on_stop: F) -> Outcome
    where
        F: FnMut(&mut Self, Stop) -> ControlFlow<()>,
    {
        self.begin();
        self.core.progress_every = progress_every;
        self.core.next_progress = if progress_every == 0 {
            u64::MAX
        } else {
            progress_every
        };
        loop {
            let stop = self.step();
            if stop == Stop::Over {
                break;
            }
            if on_stop(self, stop).is_break() {
                if self.core.running {
                    self.core.stop(Status::Stopped);
                }
                break;
            }
        }
        self.core.progress_every = 0;
        self.core.next_progress = u64::MAX;
        self.reset();
        self.outcome()
    }

    /// Why the last search ended (or [`Status::Complete`] before any search).
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Limits, Problem, Solver, Status};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena).with_limits(Limits::new().nodes(1));
    /// s.count();
    /// assert_eq!(s.status(), Status::NodeLimit);
    /// ```
    pub fn status(&self) -> Status {
        self.core.status
    }

    /// The statistics of the last search (for one under way, see [`Solutions::outcome`]).
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.count();
    /// assert_eq!(s.stats().nodes, 2); // the root and the solution
    /// assert_eq!(s.stats().updates, 1); // A covered; no other option to hide
    /// ```
    pub fn stats(&self) -> &Stats {
        &self.core.stats
    }

    /// The status and statistics of the last search.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// let counted = s.count();
    /// assert_eq!(s.outcome(), counted);
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.core.outcome()
    }

    /// Knuth's estimate of how much of the search tree has been explored: at each level,
    /// choice `k` of `d` contributes `(k - 1) / d` of what is left. It only grows.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.count();
    /// assert_eq!(s.progress().estimate, 1.0);
    /// ```
    pub fn progress(&self) -> Progress {
        let core = &self.core;
        let estimate = match self.search.is_idle() {
            true if !core.running && core.status.is_complete() && core.stats.nodes > 0 => 1.0,
            true => 0.0,
            false => {
                let (mut fraction, mut scale) = (0.0, 1.0);
                for l in 0..self.search.depth() {
                    let (_, k, d) = self.search.place(&core.m, l);
                    let d = f64::from(d.max(k));
                    scale *= d;
                    fraction += f64::from(k - 1) / scale;
                }
                (fraction + 0.5 / scale).min(1.0)
            }
        };
        Progress {
            nodes: self.core.stats.nodes,
            solutions: self.core.stats.solutions,
            level: self.search.level(),
            estimate,
            elapsed: self.core.started.elapsed(),
        }
    }

    /// Abandons the current search (if any), restoring the matrix to hold only the forced
    /// options. Every search ends with it (and the solutions iterator calls it when dropped),
    /// so calling it by hand is rarely needed.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Limits, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena).with_limits(Limits::new().nodes(2));
    /// s.count();
    /// s.reset();
    /// assert!(s.is_pristine());
    /// ```
    pub fn reset(&mut self) {
        if self.core.running {
            self.core.stop(Status::Stopped);
        }
        self.search.unwind(&mut self.core.m);
    }

    /// Checks every list of the matrix, like Knuth's `sanity()`; describes the first fault.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// let arena = Arena::new();
    /// assert!(Solver::new(&p, &arena).check_invariants().is_ok());
    /// ```
    pub fn check_invariants(&self) -> Result<(), String> {
        self.core.m.check_invariants()
    }

    /// Whether the matrix is exactly as built: no search in progress and nothing forced.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// s.count();
    /// assert!(s.is_pristine());
    /// ```
    pub fn is_pristine(&self) -> bool {
        self.search.is_idle()
            && self.core.forced.is_empty()
            && self.search.is_clear()
            && self.core.m.is_pristine(&self.core.problem)
    }

    // ----- running the loop -----

    fn begin(&mut self) {
        self.reset();
        self.search.begin();
        self.core.begin();
    }

    fn step(&mut self) -> Stop {
        if !self.core.running {
            return Stop::Over;
        }
        self.search.step(&mut self.core)
    }

    fn fill_solution(&mut self) {
        let core = &mut self.core;
        core.solution.clear();
        core.solution.extend_from_slice(&core.forced);
        self.search.fill(&core.m, &mut core.solution);
    }
}

impl<S: Storage> Solver<'_, S> {
    /// Whether a split can cut this search's tree ([`Solver::branches`]): Algorithm X or C
    /// in Knuth's plain order, and Algorithm M in any (its cut follows the loop's choice,
    /// whose seeded ties are a function of the path, and its moves are numbered in the
    /// matrix's option order, which a seed shuffles, and the solvers that replay them must
    /// have the same).
    pub(crate) fn is_splittable(&self) -> bool {
        self.search.is_splittable(&self.core.chooser)
    }

    /// The order the solver was made with.
    pub(crate) fn order(&self) -> SearchOrder {
        self.core.chooser.order
    }

    /// The node where a search would start now (below the forced options), expanded doing
    /// exactly what the search does there: what the search counts there (the node and its
    /// dead-end children) and each branch (an option, or Algorithm M's numbered move) with
    /// what it leads to. The matrix and the forced options are left as they were. `None`
    /// when the node is a solution.
    pub(crate) fn branches(&mut self) -> Option<(Stats, Vec<(Choice, Next)>)> {
        self.reset();
        self.search
            .branches(&mut self.core.m, &mut self.core.chooser)
    }

    /// Takes `choice` below the forced options and the choices taken before, as the search
    /// does (counting nothing): `false`, with nothing changed, when the current node has no
    /// such branch.
    pub(crate) fn take(&mut self, choice: Choice) -> bool {
        match choice {
            Choice::Option(option) => self.force(option).is_ok(),
            Choice::Move(k) => {
                self.reset();
                self.search
                    .make_move(&mut self.core.m, &mut self.core.chooser, k)
            }
        }
    }

    /// The forced options and those of the moves [`Solver::take`] made: the solution that a
    /// path of the search ends at when it leaves no item to choose.
    pub(crate) fn taken(&self) -> Vec<OptionId> {
        let mut taken = self.core.forced.clone();
        taken.extend(self.search.moved(&self.core.m));
        taken
    }

    /// The options that the moves [`Solver::take`] made exclude below them: at each level,
    /// the options its item's earlier moves tried (tweaked out of its list), and at a null
    /// move all the options the item had. With the options of [`Solver::taken`], they say
    /// which solutions a path of numbered moves leads to, so that an engine without these
    /// moves can search the same subtree's solutions.
    pub(crate) fn excluded_by_moves(&self) -> Vec<OptionId> {
        self.search.excluded(&self.core.m)
    }

    /// Searches below the forced options as [`Solver::run`] does (each solution to `handler`
    /// when `list`, no progress reports), and when the search does not complete, says where
    /// it stood ([`StopPoint`]), so that a budgeted shard can name the rest of its tree
    /// instead of searching it again.
    pub(crate) fn run_to_stop<F>(
        &mut self,
        list: bool,
        mut handler: F,
    ) -> (Outcome, Option<StopPoint>)
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.begin();
        self.core.progress_every = 0;
        self.core.next_progress = u64::MAX;
        loop {
            let stop = self.step();
            if stop == Stop::Over {
                break;
            }
            if stop == Stop::Solution && list {
                self.fill_solution();
                if handler(&self.core.solution).is_break() {
                    if self.core.running {
                        self.core.stop(Status::Stopped);
                    }
                    break;
                }
            }
        }
        let point = (!self.core.status.is_complete()).then(|| {
            let levels = (0..self.search.depth())
                .map(|l| self.search.place(&self.core.m, l))
                .collect();
            // A limit stops the search before it enters a node (or counts a solution); the
            // handler and the solution limit stop it after a solution it counted.
            let entered = self.core.stats.nodes > 0
                && matches!(self.core.status, Status::Stopped | Status::SolutionLimit);
            StopPoint { levels, entered }
        });
        self.reset();
        (self.outcome(), point)
    }

    /// What the search counts at the node where a search would start now for its branches
    /// after the first `skip`: the covers of their options and their dead ends (the node
    /// itself and its item's cover not included; for Algorithm M, what undoing move `skip`
    /// and leaving the level count too), and whether any of them leads somewhere (a solution
    /// or a subtree). `None` when the node is a solution.
    pub(crate) fn branches_after(&mut self, skip: u32) -> Option<(Stats, bool)> {
        self.reset();
        self.search
            .branches_after(&mut self.core.m, &mut self.core.chooser, skip)
    }
}

/// Builds the loop of Algorithm X or C for a walk, for Knuth's plain item choice or another.
struct Compile<S> {
    plain: bool,
    _storage: PhantomData<S>,
}

impl<S: Storage> WalkFn for Compile<S> {
    type Output = Box<dyn Loop<S>>;

    fn call<W: Walk>(self) -> Box<dyn Loop<S>> {
        match self.plain {
            true => Box::new(Exact::<W, true>::new()),
            false => Box::new(Exact::<W, false>::new()),
        }
    }
}

/// The loop of Algorithm M, for one of Knuth's walks.
fn bounded<W: Walk, S: Storage>(bounds: Bounds, plain: bool) -> Box<dyn Loop<S>> {
    match plain {
        true => Box::new(Bounded::<W, true>::new(bounds)),
        false => Box::new(Bounded::<W, false>::new(bounds)),
    }
}

/// The solutions of a [`Solver`], found one at a time as the iterator is advanced.
///
/// ```
/// # use dlxkit::xc::{Arena, Problem, Solver};
/// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
/// let arena = Arena::new();
/// let mut s = Solver::new(&p, &arena);
/// let mut it = s.solutions();
/// assert!(it.next().is_some());
/// assert!(it.next().is_some());
/// assert!(it.next().is_none());
/// assert!(it.outcome().status.is_complete());
/// ```
pub struct Solutions<'s, 'a, S: Storage = Borrowed<'a>> {
    solver: &'s mut Solver<'a, S>,
}

impl<S: Storage> Solutions<'_, '_, S> {
    /// The status and statistics so far.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// let arena = Arena::new();
    /// let mut s = Solver::new(&p, &arena);
    /// let mut it = s.solutions();
    /// it.next();
    /// assert_eq!(it.outcome().stats.solutions, 1);
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.solver.outcome()
    }
}

impl<S: Storage> Iterator for Solutions<'_, '_, S> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        loop {
            match self.solver.step() {
                Stop::Solution => {
                    self.solver.fill_solution();
                    return Some(self.solver.core.solution.clone());
                }
                // Only `run` asks for progress reports; were one to come, it is passed over.
                Stop::Progress => continue,
                Stop::Over => return None,
            }
        }
    }
}

impl<S: Storage> Drop for Solutions<'_, '_, S> {
    fn drop(&mut self) {
        self.solver.reset();
    }
}
