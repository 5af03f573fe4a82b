//! Algorithm X (and, with colours, Algorithm C) as an explicit-stack machine.
//!
//! The search follows Knuth's DLX1 and DLX2 step for step, so it visits the same search tree
//! and counts the same *nodes* and *updates*:
//!
//! 1. **Enter a level** (one search-tree node): choose the active primary item with the fewest
//!    options, the leftmost on ties, and cover it.
//! 2. **Try** its options top to bottom: cover (or purify) the option's other items going
//!    right. If no primary item is left, that is a solution (counted as a node too); otherwise
//!    go one level deeper.
//! 3. **Back up**: uncover the option's items going left, and try the next option; when the
//!    options run out, uncover the chosen item and return to the level above. (When the next
//!    option's walk begins with the same items as this one's, as with polyomino placements,
//!    those items stay covered instead of being uncovered and covered again; the lists and
//!    the counts come out exactly the same: see `Matrix::switch`.)
//!
//! There is no recursion: the levels live in vectors, so a search thousands of levels deep
//! needs no stack. The machine stops at each solution (that is how [`Solutions`] is lazy) and
//! resumes where it stopped. Limits (solutions, nodes, a deadline, a cancel flag) are checked as
//! levels are entered; a search that stops early says why in its [`Status`] and keeps its
//! statistics, and the solver stays usable: the next search first unwinds the old one.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::choose::{Chooser, SearchOrder};
use super::dance::Dance;
use super::layout::{Around, Colored, Layout, Off, Walk, WalkChoice, WalkFn};
use super::matrix::Matrix;
use super::multiplicity::{self, Below, Bounds, Move};
use super::node::{node, Item, Link, COVERED};
use super::problem::{ForceError, OptionId, Problem};
use super::storage::{Arena, Borrowed, Owned, Storage};

/// When a search must stop even though it has not finished.
///
/// ```
/// use std::time::Duration;
/// use dlxkit::xc::Limits;
/// let limits = Limits::new().solutions(2).nodes(1_000_000).timeout(Duration::from_secs(5));
/// assert_eq!(limits.max_solutions, Some(2));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many solutions (0: do not search at all).
    pub max_solutions: Option<u64>,
    /// Stop before entering more than this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop as soon as this flag is set (checked every 1,024 nodes).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limits.
    ///
    /// ```
    /// assert!(dlxkit::xc::Limits::new().max_nodes.is_none());
    /// ```
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Stop after `n` solutions.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Limits::new().solutions(1).max_solutions, Some(1));
    /// ```
    pub fn solutions(mut self, n: u64) -> Limits {
        self.max_solutions = Some(n);
        self
    }

    /// Stop after `n` search-tree nodes.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Limits::new().nodes(10).max_nodes, Some(10));
    /// ```
    pub fn nodes(mut self, n: u64) -> Limits {
        self.max_nodes = Some(n);
        self
    }

    /// Stop `duration` from now.
    ///
    /// ```
    /// # use std::time::Duration;
    /// assert!(dlxkit::xc::Limits::new().timeout(Duration::from_secs(1)).deadline.is_some());
    /// ```
    pub fn timeout(mut self, duration: Duration) -> Limits {
        self.deadline = Instant::now().checked_add(duration);
        self
    }

    /// Stop when `flag` becomes true (for Ctrl-C handlers and other threads).
    ///
    /// ```
    /// # use std::sync::{Arc, atomic::AtomicBool};
    /// let flag = Arc::new(AtomicBool::new(false));
    /// assert!(dlxkit::xc::Limits::new().cancel_flag(flag).cancel.is_some());
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.cancel = Some(flag);
        self
    }
}

/// How a search ended.
///
/// ```
/// use dlxkit::xc::{Limits, Problem, Solver, Status, Arena};
/// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
/// let arena = Arena::new();
/// let mut s = Solver::new(&p, &arena).with_limits(Limits::new().solutions(1));
/// assert_eq!(s.count().status, Status::SolutionLimit);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// Every solution was visited.
    Complete,
    /// The solution limit was reached.
    SolutionLimit,
    /// The node limit was reached.
    NodeLimit,
    /// The deadline passed.
    TimeLimit,
    /// The cancel flag was set.
    Cancelled,
    /// The caller asked to stop (a visitor returned `Break`, or an iterator was dropped).
    Stopped,
}

impl Status {
    /// Every status, in the order of the enum: the one list of them.
    ///
    /// ```
    /// use dlxkit::xc::Status;
    /// let words: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
    /// assert_eq!(words, ["complete", "solution limit", "node limit", "time limit", "interrupted", "stopped"]);
    /// ```
    pub const ALL: [Status; 6] = [
        Status::Complete,
        Status::SolutionLimit,
        Status::NodeLimit,
        Status::TimeLimit,
        Status::Cancelled,
        Status::Stopped,
    ];

    /// Whether the search explored the whole tree.
    ///
    /// ```
    /// assert!(dlxkit::xc::Status::Complete.is_complete());
    /// ```
    pub fn is_complete(self) -> bool {
        self == Status::Complete
    }

    /// The status's word, as the command line prints it (see [`Status::ALL`] for them all).
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Status::Cancelled.as_str(), "interrupted");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Complete => "complete",
            Status::SolutionLimit => "solution limit",
            Status::NodeLimit => "node limit",
            Status::TimeLimit => "time limit",
            Status::Cancelled => "interrupted",
            Status::Stopped => "stopped",
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a search did, counted as Knuth's DLX1 and DLX2 count it.
///
/// ```
/// use dlxkit::xc::{Arena, Problem, Solver};
/// let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
/// let arena = Arena::new();
/// let stats = Solver::new(&p, &arena).count().stats;
/// assert_eq!((stats.solutions, stats.nodes, stats.updates), (1, 6, 30));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes entered; each solution counts as a node too.
    pub nodes: u64,
    /// One per item covered plus one per node unlinked while hiding options.
    pub updates: u64,
    /// One per purification plus one per node marked as agreeing with the colour.
    pub cleansings: u64,
    /// Search-tree nodes (solutions aside) whose chosen item had two or more options: the
    /// places where the search had to guess.
    pub branches: u64,
    /// Search-tree nodes whose chosen item had no option left: dead ends.
    pub dead_ends: u64,
    /// Wall-clock time spent searching.
    pub elapsed: Duration,
    /// Search-tree nodes per level (level 0 is the root; solutions sit one level below
    /// their last choice).
    pub profile: Vec<u64>,
}

impl Stats {
    /// The deepest level reached (the length of the longest partial solution).
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// let arena = Arena::new();
    /// assert_eq!(Solver::new(&p, &arena).count().stats.max_level(), 2);
    /// ```
    pub fn max_level(&self) -> usize {
        self.profile.len().saturating_sub(1)
    }
}

/// The result of a search: why it ended, and what it counted.
///
/// ```
/// # use dlxkit::xc::{Arena, Problem, Solver};
/// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
/// let arena = Arena::new();
/// let outcome = Solver::new(&p, &arena).count();
/// assert!(outcome.status.is_complete());
/// assert_eq!(outcome.stats.solutions, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Why the search ended.
    pub status: Status,
    /// What it counted.
    pub stats: Stats,
}

/// One thing a running search reports to [`Solver::run`].
#[derive(Debug)]
pub enum Event<'s> {
    /// A solution: the forced options, then the chosen ones, level by level.
    Solution(&'s [OptionId]),
    /// A periodic report while searching.
    Progress(Progress),
}

/// Where a long search stands, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Nodes entered so far.
    pub nodes: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Current depth.
    pub level: usize,
    /// Knuth's estimate of the fraction of the tree explored (0 to 1; it only grows).
    pub estimate: f64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Where Algorithm X's or C's loop ([`Solver::step_with`]) stands: what is applied at the
/// current level. Algorithm M's loop has its own places ([`MovePhase`]): neither machine
/// reaches the other's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No search in progress; the matrix holds only the forced options.
    Idle,
    /// About to enter a node at `level` (nothing applied at this level).
    Enter,
    /// The level's item is covered; `choice[level]` is the next option to try (or the header).
    Try,
    /// The level's item is covered and `choice[level]` is committed.
    Undo,
}

/// Where Algorithm M's loop ([`Solver::dance_bounded`]) stands when it hands control back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MovePhase {
    /// No search in progress; the matrix holds only the forced options and moves made.
    Idle,
    /// About to enter a node at `level` (nothing applied at this level).
    Enter,
    /// The level's item is entered; `choice[level]` is the next move to try (an option's
    /// node, or the item's header for the null move).
    Advance,
    /// The levels below `level` hold their moves; the one at `level` is done.
    Back,
}

/// Makes room for `level` in every per-level array of Algorithm M's loop.
#[cold]
#[inline(never)]
fn grow_levels(
    best: &mut Vec<Item>,
    choice: &mut Vec<Link>,
    bounds: &mut Bounds,
    stats: &mut Stats,
    level: usize,
) {
    let len = level + 1;
    if best.len() < len {
        best.resize(len, Item::default());
    }
    if choice.len() < len {
        choice.resize(len, Link::default());
    }
    bounds.reach(level);
    if stats.profile.len() < len {
        stats.profile.resize(len, 0);
    }
}

/// The parts of a [`Solver`] that Algorithm M's loop works on besides the matrix (see
/// [`Solver::dance_bounded`]).
struct Machine<'s> {
    level: &'s mut usize,
    phase: &'s mut MovePhase,
    best: &'s mut Vec<Item>,
    choice: &'s mut Vec<Link>,
    stats: &'s mut Stats,
    chooser: &'s mut Chooser,
    checkpoint: u64,
}

/// Why Algorithm M's loop handed control back to the solver.
#[derive(Clone, Copy, Debug)]
enum Pause {
    /// The node count reached the checkpoint (limits, polling, progress).
    Checkpoint(u64),
    /// A solution at this level.
    Solution(usize),
    /// The search is over.
    End,
    /// No search is in progress.
    Idle,
}

/// What [`Solver::step`] stopped for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Solution,
    Progress,
    Over,
}

/// Knuth's Algorithm X / C over one problem, with forced options, limits and statistics.
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
    problem: S::Problem,
    m: Matrix<S>,
    limits: Limits,
    /// The search's operations, compiled for the matrix's walk.
    walker: Walker<'a, S>,
    forced_nodes: Vec<Link>,
    forced: Vec<OptionId>,
    /// Algorithm M's moves made below the forced options (a shard's path, [`Choice::Move`]).
    moves: Vec<Move>,
    /// Where Algorithm X's or C's loop stands (a problem without bounds).
    phase: Phase,
    /// Where Algorithm M's loop stands (a problem with bounds).
    move_phase: MovePhase,
    running: bool,
    level: usize,
    choice: Vec<Link>,
    best: Vec<Item>,
    /// Per level, where deeper levels may start their item choice: the first chunk of items
    /// holding an uncovered primary item (matrices with very many primary items), or the
    /// first uncovered primary item (a [`SearchOrder`] other than the plain one).
    scan_from: Vec<u32>,
    stats: Stats,
    status: Status,
    started: Instant,
    progress_every: u64,
    next_progress: u64,
    /// Node count at which entering a node takes the slow path (limits, polling, progress).
    checkpoint: u64,
    /// Node count at which the cancel flag and the deadline are next polled.
    next_poll: u64,
    solution: Vec<OptionId>,
    /// How the item to branch on is chosen, when not by Knuth's plain rule.
    chooser: Chooser,
    /// Algorithm M's state, for a problem with bounds.
    bounds: Option<Box<Bounds>>,
    _life: std::marker::PhantomData<&'a ()>,
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
            .field("phase", &self.phase)
            .field("move_phase", &self.move_phase)
            .field("level", &self.level)
            .field("forced", &self.forced)
            .field("stats", &self.stats)
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
        let bounds = problem
            .has_bounds()
            .then(|| Box::new(Bounds::new(&problem)));
        let walker = match (&bounds, m.walk().colored()) {
            (Some(_), true) => compile_bounded::<Colored<Off>, S>(chooser.is_plain()),
            (Some(_), false) => compile_bounded::<Around<Off>, S>(chooser.is_plain()),
            (None, _) => m.walk().dispatch(Compile {
                plain: chooser.is_plain(),
                _marker: std::marker::PhantomData,
            }),
        };
        Solver {
            problem,
            walker,
            m,
            limits: Limits::default(),
            forced_nodes: Vec::new(),
            forced: Vec::new(),
            moves: Vec::new(),
            phase: Phase::Idle,
            move_phase: MovePhase::Idle,
            running: false,
            level: 0,
            choice: Vec::new(),
            best: Vec::new(),
            scan_from: Vec::new(),
            stats: Stats::default(),
            status: Status::Complete,
            started: Instant::now(),
            progress_every: 0,
            next_progress: u64::MAX,
            checkpoint: 0,
            next_poll: 0,
            solution: Vec::new(),
            chooser,
            bounds,
            _life: std::marker::PhantomData,
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
        self.limits = limits;
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
        self.limits = limits;
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
        &self.limits
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
        &self.problem
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
        self.m.node_count()
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
        if option.index() >= self.problem.option_count() {
            return Err(ForceError::UnknownOption {
                option: option.index(),
            });
        }
        if !self.m.is_available(option) {
            return Err(ForceError::Conflict {
                option: option.index(),
            });
        }
        debug_assert!(
            self.moves.is_empty(),
            "options are forced before moves are made"
        );
        let x = self.m.primary_node(option);
        let (updates, cleansings) = (self.m.updates, self.m.cleansings);
        (self.walker.force)(self, x);
        (self.m.updates, self.m.cleansings) = (updates, cleansings);
        self.forced_nodes.push(x);
        self.forced.push(option);
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
        self.unmake_moves();
        while let Some(x) = self.forced_nodes.pop() {
            (self.walker.unforce)(self, x);
        }
        self.forced.clear();
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
        &self.forced
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
        let saved = self.limits.max_solutions;
        self.limits.max_solutions = Some(saved.map_or(n, |s| s.min(n)));
        let outcome = self.count();
        self.limits.max_solutions = saved;
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
                handler(Event::Solution(&solver.solution))
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
        self.progress_every = progress_every;
        self.next_progress = if progress_every == 0 {
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
                if self.running {
                    self.stop(Status::Stopped);
                }
                break;
            }
        }
        self.progress_every = 0;
        self.next_progress = u64::MAX;
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
        self.status
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
        &self.stats
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
        let mut stats = self.stats.clone();
        stats.updates = self.m.updates;
        stats.cleansings = self.m.cleansings;
        Outcome {
            status: self.status,
            stats,
        }
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
        let estimate = match self.is_idle() {
            true if !self.running && self.status.is_complete() && self.stats.nodes > 0 => 1.0,
            true => 0.0,
            false => {
                let (mut fraction, mut scale) = (0.0, 1.0);
                for l in 0..self.depth() {
                    let (k, d) = match &self.bounds {
                        None => self.m.position(self.best[l], self.choice[l]),
                        Some(b) => {
                            let (c, x) = (self.best[l], self.choice[l]);
                            let k = self.m.tried(c, b.first_tweak[l], x);
                            (k, b.score[l].clamp(0, i64::from(u32::MAX)) as u32)
                        }
                    };
                    let d = f64::from(d.max(k));
                    scale *= d;
                    fraction += f64::from(k - 1) / scale;
                }
                (fraction + 0.5 / scale).min(1.0)
            }
        };
        Progress {
            nodes: self.stats.nodes,
            solutions: self.stats.solutions,
            level: self.level,
            estimate,
            elapsed: self.started.elapsed(),
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
        (self.walker.unwind)(self);
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
        self.m.check_invariants()
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
        self.is_idle()
            && self.forced.is_empty()
            && self.moves.is_empty()
            && self.level == 0
            && self.m.is_pristine(&self.problem)
            && self.bounds.as_ref().is_none_or(|b| b.is_declared())
    }

    // ----- the machine -----

    fn begin(&mut self) {
        self.reset();
        // The per-level profile keeps its allocation from one search to the next (a Sudoku
        // solver runs one search per puzzle, and growing it again cost 2% of an easy one).
        let mut profile = std::mem::take(&mut self.stats.profile);
        profile.clear();
        self.stats = Stats {
            profile,
            ..Stats::default()
        };
        self.m.updates = 0;
        self.m.cleansings = 0;
        self.status = Status::Complete;
        self.level = 0;
        match self.problem.has_bounds() {
            true => self.move_phase = MovePhase::Enter,
            false => self.phase = Phase::Enter,
        }
        self.running = true;
        self.checkpoint = 0;
        self.next_poll = 0;
        self.chooser.restart();
        self.started = Instant::now();
        if self.limits.max_solutions == Some(0) {
            self.stop(Status::SolutionLimit);
        }
    }

    /// Ends the search with `status`, keeping the matrix as it is until the next reset.
    fn stop(&mut self, status: Status) {
        self.status = status;
        self.running = false;
        self.stats.elapsed = self.started.elapsed();
        self.stats.updates = self.m.updates;
        self.stats.cleansings = self.m.cleansings;
    }

    /// Whether no search is in progress (in the loop of the problem's machine: the
    /// problem, unlike `bounds`, which Algorithm M's loop takes out while it runs, says
    /// which).
    fn is_idle(&self) -> bool {
        match self.problem.has_bounds() {
            true => self.move_phase == MovePhase::Idle,
            false => self.phase == Phase::Idle,
        }
    }

    /// The number of levels whose choice is committed.
    fn depth(&self) -> usize {
        if self.problem.has_bounds() {
            return match self.move_phase {
                MovePhase::Idle => 0,
                MovePhase::Enter | MovePhase::Advance | MovePhase::Back => self.level,
            };
        }
        match self.phase {
            Phase::Undo => self.level + 1,
            Phase::Idle => 0,
            Phase::Enter | Phase::Try => self.level,
        }
    }

    fn step(&mut self) -> Stop {
        if !self.running {
            return Stop::Over;
        }
        (self.walker.step)(self)
    }

    /// Records a solution at `level` (one below the last choice) and applies the
    /// solution limit.
    #[inline]
    fn found(&mut self, level: usize) -> Stop {
        if self
            .limits
            .max_nodes
            .is_some_and(|max| self.stats.nodes >= max)
        {
            self.stop(Status::NodeLimit);
            return Stop::Over;
        }
        self.stats.nodes += 1;
        self.count_level(level);
        self.stats.solutions += 1;
        // Knuth's `sanity()` habit: in debug builds, walk every list at each solution of a
        // small problem (mid-search, with the solution's options covered).
        #[cfg(debug_assertions)]
        if self.m.node_count() < 4096 {
            if let Err(fault) = self.m.check_invariants() {
                panic!("dancing links corrupted at a solution: {fault}");
            }
        }
        if self.limits.max_solutions == Some(self.stats.solutions) {
            self.stop(Status::SolutionLimit);
        }
        Stop::Solution
    }

    /// Runs the machine until a solution, a progress report or the end; `PLAIN` when the
    /// item choice is Knuth's plain rule (the vector scan).
    fn step_with<W: Walk, const PLAIN: bool>(&mut self) -> Stop {
        loop {
            match self.phase {
                Phase::Enter => {
                    let nodes = self.stats.nodes;
                    if nodes >= self.checkpoint {
                        if let Some(stop) = self.checkpoint_reached(nodes) {
                            return stop;
                        }
                    }
                    self.stats.nodes = nodes + 1;
                    let level = self.level;
                    self.count_level(level);
                    if level == self.best.len() {
                        self.best.push(Item::default());
                        self.choice.push(Link::default());
                    }
                    let chosen = if PLAIN {
                        if self.m.far() {
                            self.choose_far::<W>(level)
                        } else {
                            self.m.choose::<W>()
                        }
                    } else {
                        self.choose_ordered(level)
                    };
                    match chosen {
                        Some(item) => {
                            let options = self.m.len(item);
                            self.stats.branches += u64::from(options >= 2);
                            self.stats.dead_ends += u64::from(options == 0);
                            self.m.cover::<W>(item);
                            self.best[level] = item;
                            self.choice[level] = self.m.top(item);
                            self.phase = Phase::Try;
                        }
                        None => {
                            // The forced options alone cover every primary item.
                            let stop = self.found(level + 1);
                            self.stop(self.status);
                            return stop;
                        }
                    }
                }
                Phase::Try => {
                    let level = self.level;
                    let x = self.choice[level];
                    let best = self.best[level];
                    if x == best.header() {
                        self.m.uncover::<W>(best);
                        if level == 0 {
                            self.phase = Phase::Idle;
                            self.stop(Status::Complete);
                            return Stop::Over;
                        }
                        self.level = level - 1;
                        self.phase = Phase::Undo;
                        continue;
                    }
                    self.m.commit::<W>(x);
                    if self.m.all_covered() {
                        self.phase = Phase::Undo;
                        return self.found(level + 1);
                    }
                    self.level = level + 1;
                    self.phase = Phase::Enter;
                }
                Phase::Undo => {
                    let level = self.level;
                    let x = self.choice[level];
                    let y = self.m.down(x);
                    self.choice[level] = y;
                    if !W::SHARE || y == self.best[level].header() {
                        self.m.uncommit::<W>(x);
                        self.phase = Phase::Try;
                        continue;
                    }
                    // The next option: Knuth's uncommit of `x` and commit of `y` in one
                    // move that skips the covers they share (`Matrix::switch`).
                    self.m.switch::<W>(x, y);
                    if self.m.all_covered() {
                        return self.found(level + 1);
                    }
                    self.level = level + 1;
                    self.phase = Phase::Enter;
                }
                Phase::Idle => return Stop::Over,
            }
        }
    }

    /// Algorithm M (a problem with bounds), as Knuth's DLX3 runs it: runs the machine until a
    /// solution, a progress report or the end (see `multiplicity.rs`); `PLAIN` when the item
    /// choice is DLX3's without a seed or the sharp preference.
    fn step_bounded<W: Walk, const PLAIN: bool>(&mut self) -> Stop {
        let Some(mut bounds) = self.bounds.take() else {
            unreachable!("a solver for bounds has them")
        };
        let stop = self.run_bounded::<W, PLAIN>(&mut bounds);
        self.bounds = Some(bounds);
        stop
    }

    /// The machine of [`Solver::step_bounded`]: runs the dance of Algorithm M (see
    /// [`Solver::dance_bounded`]) on the matrix's arrays and counters, taken out once, and
    /// between its runs takes the detours that need the whole solver.
    #[inline(always)]
    fn run_bounded<W: Walk, const PLAIN: bool>(&mut self, bounds: &mut Bounds) -> Stop {
        loop {
            let mut d = self.m.take_out::<W>();
            let event = Self::dance_bounded::<W, PLAIN>(
                &mut d,
                bounds,
                Machine {
                    level: &mut self.level,
                    phase: &mut self.move_phase,
                    best: &mut self.best,
                    choice: &mut self.choice,
                    stats: &mut self.stats,
                    chooser: &mut self.chooser,
                    checkpoint: self.checkpoint,
                },
            );
            let counters = d.counters();
            self.m.put_back::<W>(counters);
            match event {
                Pause::Checkpoint(nodes) => {
                    if let Some(stop) = self.checkpoint_reached(nodes) {
                        return stop;
                    }
                }
                Pause::Solution(level) => return self.found(level),
                Pause::End => {
                    self.stop(Status::Complete);
                    return Stop::Over;
                }
                Pause::Idle => return Stop::Over,
            }
        }
    }

    /// Algorithm M's loop, on a [`Dance`] (so the arrays and counters stay in registers):
    /// runs until the node count reaches the checkpoint, a solution or the end. The phase,
    /// the level and the current level's item and move live in locals, and go back to the
    /// solver before it returns.
    ///
    /// The per-level arrays (`best`, `choice`, the bounds' `first_tweak` and `score`, the
    /// profile) are read and written unchecked at `level`, which is kept below `depth`, the
    /// least of their lengths: `depth` is computed here, and entering a node at `depth` or
    /// deeper grows them all first; no array shrinks while the loop runs.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn dance_bounded<W: Walk, const PLAIN: bool>(
        d: &mut Dance<'_>,
        bounds: &mut Bounds,
        machine: Machine<'_>,
    ) -> Pause {
        use multiplicity::{at, at_mut};
        let Machine {
            level: level_out,
            phase: phase_out,
            best,
            choice,
            stats,
            chooser,
            checkpoint,
        } = machine;
        let (mut level, mut phase) = (*level_out, *phase_out);
        let depth_of = |best: &Vec<Item>, choice: &Vec<Link>, bounds: &Bounds, stats: &Stats| {
            best.len()
                .min(choice.len())
                .min(bounds.first_tweak.len())
                .min(bounds.score.len())
                .min(stats.profile.len())
        };
        let mut depth = depth_of(best, choice, bounds, stats);
        let (mut item, mut x) = match phase {
            MovePhase::Advance => (best[level], choice[level]),
            _ => (Item::default(), Link::default()),
        };
        // Resuming at a level's next move, the level was entered, so the arrays reach it;
        // backing up, the loop reads only the levels above (checked once here, as the
        // unchecked accesses below rely on it).
        assert!(match phase {
            MovePhase::Advance => level < depth,
            MovePhase::Back => level <= depth,
            _ => true,
        });
        // No phase variable is read inside the loop: entering a node, trying the level's
        // next move and backing up are places in the code, so that going from one to the
        // next is a direct jump (a jump through a table of phases was mispredicted on most
        // steps). `phase` says where to resume only when the loop breaks.
        let event = 'run: loop {
            let mut backing = match phase {
                MovePhase::Enter => 'enter: {
                    let nodes = stats.nodes;
                    if nodes >= checkpoint {
                        break 'run Pause::Checkpoint(nodes);
                    }
                    if level >= depth {
                        grow_levels(best, choice, bounds, stats, level);
                        depth = depth_of(best, choice, bounds, stats);
                    }
                    let Some((chosen, score)) =
                        multiplicity::choose_bounded::<PLAIN>(d.lens, bounds, chooser)
                    else {
                        // No active item: every bound is met.
                        phase = MovePhase::Back;
                        break 'run Pause::Solution(level);
                    };
                    stats.nodes = nodes + 1;
                    // SAFETY (this and every `at`/`at_mut` below): `level < depth`, the least
                    // length of the per-level arrays (see above).
                    unsafe { *at_mut(&mut stats.profile, level) += 1 };
                    stats.branches += u64::from(score >= 2);
                    stats.dead_ends += u64::from(score <= 0);
                    if score <= 0 {
                        break 'enter true;
                    }
                    item = chosen;
                    let first_tweak;
                    (x, first_tweak) = d.enter_bounded::<W>(item, bounds);
                    // SAFETY: as above.
                    unsafe {
                        *at_mut(&mut bounds.score, level) = score;
                        *at_mut(&mut bounds.first_tweak, level) = first_tweak;
                        *at_mut(best, level) = chosen;
                        *at_mut(choice, level) = x;
                    }
                    false
                }
                MovePhase::Advance => false,
                MovePhase::Back => true,
                MovePhase::Idle => break 'run Pause::Idle,
            };
            loop {
                if !backing {
                    // The level's next move, if it has one.
                    if d.advance_bounded::<W>(item, x, bounds) {
                        if x != item.header() {
                            d.commit_bounded::<W>(x, bounds);
                        }
                        level += 1;
                        phase = MovePhase::Enter;
                        continue 'run;
                    }
                    // SAFETY: as above.
                    let first = unsafe { *at(&bounds.first_tweak, level) };
                    d.leave_bounded::<W>(item, bounds, first);
                }
                // Back up to the level above.
                if level == 0 {
                    phase = MovePhase::Idle;
                    break 'run Pause::End;
                }
                level -= 1;
                // SAFETY: as above (the level only went down).
                (item, x) = unsafe { (*at(best, level), *at(choice, level)) };
                if x == item.header() {
                    // The null move is undone, and with it the level.
                    bounds.reactivate(item);
                    // SAFETY: as above.
                    let first = unsafe { *at(&bounds.first_tweak, level) };
                    d.leave_bounded::<W>(item, bounds, first);
                    backing = true;
                    continue;
                }
                d.uncommit_bounded::<W>(x, bounds);
                x = node(d.nodes, x).down;
                // SAFETY: as above.
                unsafe { *at_mut(choice, level) = x };
                backing = false;
            }
        };
        // The profile has an entry per level counted (growing it made one for the deepest
        // level entered, which may have been a solution).
        while stats.profile.last() == Some(&0) {
            stats.profile.pop();
        }
        (*level_out, *phase_out) = (level, phase);
        event
    }

    /// Undoes whatever the current search of Algorithm M has applied, leaving only the
    /// forced options.
    fn unwind_bounded<W: Walk>(&mut self) {
        if self.running {
            self.stop(Status::Stopped);
        }
        let Some(mut bounds) = self.bounds.take() else {
            unreachable!("a solver for bounds has them")
        };
        let (updates, cleansings) = (self.m.updates, self.m.cleansings);
        if self.move_phase == MovePhase::Advance {
            // Entered, its current move not made yet.
            let level = self.level;
            self.m
                .leave_bounded::<W>(self.best[level], &mut bounds, level);
        }
        if self.move_phase != MovePhase::Idle {
            for level in (0..self.level).rev() {
                let (item, x) = (self.best[level], self.choice[level]);
                if x != item.header() {
                    self.m.uncommit_bounded::<W>(x, &mut bounds);
                }
                self.m.leave_bounded::<W>(item, &mut bounds, level);
            }
        }
        // A level left half-way may have taken its item out of the active list: the items
        // still active are those the forced options did not cover.
        let lens = &self.m.lens;
        bounds.activate_uncovered(|k| lens[k as usize] < COVERED);
        // An item a made move took out with its null move while it could still take options
        // is not covered, and stays out (at bound 0 it was covered, and is out already).
        for m in &self.moves {
            if m.x == m.item.header() && bounds.of(m.item).0 != 0 {
                bounds.deactivate(m.item);
            }
        }
        (self.m.updates, self.m.cleansings) = (updates, cleansings);
        self.bounds = Some(bounds);
        self.level = 0;
        self.move_phase = MovePhase::Idle;
        debug_assert!(self.m.check_invariants().is_ok());
    }

    /// Knuth's choice on a matrix with very many primary items: the scan starts at the
    /// first chunk of items where the level above found an uncovered one.
    #[cold]
    fn choose_far<W: Walk>(&mut self, level: usize) -> Option<Item> {
        let from = match level {
            0 => 0,
            _ => self.scan_from[level - 1] as usize,
        };
        let (item, live) = self.m.choose_from::<W>(from);
        if level >= self.scan_from.len() {
            self.scan_from.resize(level + 1, 0);
        }
        self.scan_from[level] = live as u32;
        item
    }

    /// The choice of a [`SearchOrder`] with a seed or the sharp preference, starting at the
    /// first item the level above found uncovered.
    fn choose_ordered(&mut self, level: usize) -> Option<Item> {
        let from = match level {
            0 => 1,
            _ => self.scan_from[level - 1],
        };
        let (item, live) = self.chooser.choose(&self.m.lens, self.m.primaries, from);
        if level >= self.scan_from.len() {
            self.scan_from.resize(level + 1, 0);
        }
        self.scan_from[level] = live;
        item
    }

    #[inline(always)]
    fn count_level(&mut self, level: usize) {
        match self.stats.profile.get_mut(level) {
            Some(n) => *n += 1,
            None => {
                self.stats.profile.resize(level + 1, 0);
                self.stats.profile[level] = 1;
            }
        }
    }

    /// The slow path of entering a node, taken only when `nodes` reaches the checkpoint:
    /// the node limit, the cancel flag and deadline (polled every 1,024 nodes), and progress
    /// reports. Sets the next checkpoint; returns why the machine must pause, if it must.
    #[cold]
    fn checkpoint_reached(&mut self, nodes: u64) -> Option<Stop> {
        let max_nodes = self.limits.max_nodes.unwrap_or(u64::MAX);
        if nodes >= max_nodes {
            self.stop(Status::NodeLimit);
            return Some(Stop::Over);
        }
        if nodes >= self.next_poll {
            self.next_poll = nodes + 1024;
            if let Some(status) = self.limits.interruption() {
                self.stop(status);
                return Some(Stop::Over);
            }
        }
        let progress = nodes >= self.next_progress;
        if progress {
            self.next_progress = nodes.saturating_add(self.progress_every);
        }
        self.checkpoint = max_nodes.min(self.next_poll).min(self.next_progress);
        progress.then_some(Stop::Progress)
    }

    /// Undoes whatever the current search has applied, leaving only the forced options.
    fn unwind<W: Walk>(&mut self) {
        if self.running {
            self.stop(Status::Stopped);
        }
        let (updates, cleansings) = (self.m.updates, self.m.cleansings);
        let mut level = self.level;
        let mut phase = self.phase;
        loop {
            match phase {
                Phase::Undo => {
                    self.m.uncommit::<W>(self.choice[level]);
                    self.m.uncover::<W>(self.best[level]);
                }
                Phase::Try => self.m.uncover::<W>(self.best[level]),
                Phase::Enter => {}
                Phase::Idle => break,
            }
            if level == 0 {
                break;
            }
            level -= 1;
            phase = Phase::Undo;
        }
        (self.m.updates, self.m.cleansings) = (updates, cleansings);
        self.level = 0;
        self.phase = Phase::Idle;
        debug_assert!(self.m.check_invariants().is_ok());
    }

    fn fill_solution(&mut self) {
        self.solution.clear();
        self.solution.extend_from_slice(&self.forced);
        for m in &self.moves {
            if m.x != m.item.header() {
                self.solution.push(self.m.option_of(m.x));
            }
        }
        for l in 0..self.depth() {
            // Algorithm M's null moves choose an item's header: no option.
            if !self.m.is_header(self.choice[l]) {
                self.solution.push(self.m.option_of(self.choice[l]));
            }
        }
    }
}

/// What one node of the search tree leads to, seen from the forced options: the figures the
/// search counts there, and where each option of the chosen item goes. The splitting of a
/// search into shards (`shard.rs`) is built on it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Expansion {
    /// The node itself and its dead-end children, counted as the search counts them: one
    /// node each, the covers of the chosen item and of each option's other items, and the
    /// cover of each dead end's empty item.
    pub(crate) stats: Stats,
    /// The options of the chosen item, top to bottom, with what each leads to.
    pub(crate) children: Vec<(OptionId, Next)>,
}

/// Where an option of an expanded node leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// Every primary item is covered: a solution (its node is not in the expansion's stats).
    Solution,
    /// The next item chosen has no option left: a dead end (counted in the expansion).
    DeadEnd,
    /// The next item chosen has this many options: a subtree to search.
    Open(u32),
}

/// One branch of a node on a shard's path, as the split found it and the shard replays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Algorithm X or C: the option taken, replayed by forcing it.
    Option(OptionId),
    /// Algorithm M: the move's number at its level (from 1), replayed by making the same
    /// move, since M's moves also exclude the options tried before them.
    Move(u32),
}

impl<S: Storage> Solver<'_, S> {
    /// Whether a split can cut this search's tree ([`Solver::branches`]): Algorithm X or C
    /// in Knuth's plain order, and Algorithm M in any (its cut follows DLX3's plain choice,
    /// its moves are numbered in the matrix's option order, which a seed shuffles, and the
    /// solvers that replay them must have the same).
    pub(crate) fn is_splittable(&self) -> bool {
        self.bounds.is_some() || self.chooser.is_plain()
    }

    /// The node where a search would start now, expanded as [`Solver::expand`] does, for
    /// Algorithm M too: what the search counts there (the node and its dead-end children)
    /// and each branch with what it leads to. `None` when the node is a solution.
    pub(crate) fn branches(&mut self) -> Option<(Stats, Vec<(Choice, Next)>)> {
        if self.bounds.is_none() {
            let e = self.expand()?;
            let children = e
                .children
                .into_iter()
                .map(|(o, next)| (Choice::Option(o), next))
                .collect();
            return Some((e.stats, children));
        }
        self.reset();
        if self.m.walk().colored() {
            self.branches_bounded::<Colored<Off>>()
        } else {
            self.branches_bounded::<Around<Off>>()
        }
    }

    /// [`Solver::branches`] of Algorithm M, for its walk.
    fn branches_bounded<W: Walk>(&mut self) -> Option<(Stats, Vec<(Choice, Next)>)> {
        let mut bounds = self.bounds.take()?;
        let (updates, cleansings) = (self.m.updates, self.m.cleansings);
        let branched = self.m.branch_bounded::<W>(&mut bounds);
        let stats = Stats {
            updates: self.m.updates - updates,
            cleansings: self.m.cleansings - cleansings,
            ..Stats::default()
        };
        (self.m.updates, self.m.cleansings) = (updates, cleansings);
        self.bounds = Some(bounds);
        let (score, moves) = branched?;
        let mut stats = Stats {
            nodes: 1,
            branches: u64::from(score >= 2),
            dead_ends: u64::from(score <= 0),
            profile: vec![1],
            ..stats
        };
        let mut children = Vec::with_capacity(moves.len());
        for (k, below) in moves.into_iter().enumerate() {
            let next = match below {
                Below::Solution => Next::Solution,
                Below::DeadEnd => {
                    stats.nodes += 1;
                    stats.dead_ends += 1;
                    stats.profile.resize(2, 0);
                    stats.profile[1] += 1;
                    Next::DeadEnd
                }
                Below::Open(score) => Next::Open(u32::try_from(score).unwrap_or(u32::MAX)),
            };
            children.push((Choice::Move(k as u32 + 1), next));
        }
        Some((stats, children))
    }

    /// Takes `choice` below the forced options and the choices taken before, as the search
    /// does (counting nothing): `false`, with nothing changed, when the current node has no
    /// such branch.
    pub(crate) fn take(&mut self, choice: Choice) -> bool {
        match choice {
            Choice::Option(option) => self.force(option).is_ok(),
            Choice::Move(k) => {
                self.reset();
                if self.m.walk().colored() {
                    self.make_move::<Colored<Off>>(k)
                } else {
                    self.make_move::<Around<Off>>(k)
                }
            }
        }
    }

    /// [`Solver::take`] of Algorithm M's `k`-th move, for its walk.
    fn make_move<W: Walk>(&mut self, k: u32) -> bool {
        let Some(mut bounds) = self.bounds.take() else {
            return false;
        };
        let (updates, cleansings) = (self.m.updates, self.m.cleansings);
        let made = self.m.make_move::<W>(&mut bounds, k);
        (self.m.updates, self.m.cleansings) = (updates, cleansings);
        self.bounds = Some(bounds);
        match made {
            Some(m) => {
                self.moves.push(m);
                true
            }
            None => false,
        }
    }

    /// The forced options and those of the moves [`Solver::take`] made: the solution that a
    /// path of the search ends at when it leaves no item to choose.
    pub(crate) fn taken(&self) -> Vec<OptionId> {
        let moved = self.moves.iter().filter(|m| m.x != m.item.header());
        let options = moved.map(|m| self.m.option_of(m.x));
        self.forced.iter().copied().chain(options).collect()
    }

    /// The options that the moves [`Solver::take`] made exclude below them: at each level,
    /// the options its item's earlier moves tried (tweaked out of its list), and at a null
    /// move all the options the item had. With the options of [`Solver::taken`], they say
    /// which solutions a path of numbered moves leads to, so that an engine without these
    /// moves can search the same subtree's solutions. (A level that covered its item, bound
    /// and slack 0, tweaks nothing: the item's bound already excludes its other options.)
    pub(crate) fn excluded_by_moves(&self) -> Vec<OptionId> {
        let mut excluded = Vec::new();
        for m in &self.moves {
            if m.first == Link::default() {
                continue;
            }
            let mut x = m.first;
            while x != m.x && x != m.item.header() {
                excluded.push(self.m.option_of(x));
                x = self.m.down(x);
            }
        }
        excluded
    }

    /// Undoes every move [`Solver::take`] made, the last first.
    fn unmake_moves(&mut self) {
        if self.moves.is_empty() {
            return;
        }
        if self.m.walk().colored() {
            self.unmake_moves_in::<Colored<Off>>();
        } else {
            self.unmake_moves_in::<Around<Off>>();
        }
    }

    fn unmake_moves_in<W: Walk>(&mut self) {
        let Some(mut bounds) = self.bounds.take() else {
            return;
        };
        let (updates, cleansings) = (self.m.updates, self.m.cleansings);
        while let Some(m) = self.moves.pop() {
            self.m.unmake_move::<W>(&mut bounds, m);
        }
        (self.m.updates, self.m.cleansings) = (updates, cleansings);
        self.bounds = Some(bounds);
    }

    /// Expands the node where a search would start now (below the forced options), doing
    /// exactly the covers the search does there; `None` when the forced options already cover
    /// every primary item. The matrix and the forced options are left as they were.
    pub(crate) fn expand(&mut self) -> Option<Expansion> {
        self.reset();
        let walk = self.m.walk();
        walk.dispatch(ExpandFn(&mut self.m))
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
        self.progress_every = 0;
        self.next_progress = u64::MAX;
        loop {
            let stop = self.step();
            if stop == Stop::Over {
                break;
            }
            if stop == Stop::Solution && list {
                self.fill_solution();
                if handler(&self.solution).is_break() {
                    if self.running {
                        self.stop(Status::Stopped);
                    }
                    break;
                }
            }
        }
        let point = (!self.status.is_complete()).then(|| {
            let levels = (0..self.depth())
                .map(|l| {
                    let (item, x) = (self.best[l], self.choice[l]);
                    match &self.bounds {
                        None => {
                            let (k, of) = self.m.position(item, x);
                            (Choice::Option(self.m.option_of(x)), k, of)
                        }
                        // Algorithm M's move: its place among the moves the level made, of
                        // the level's score, which is its number of moves.
                        Some(b) => {
                            let k = self.m.tried(item, b.first_tweak[l], x);
                            let of = b.score[l].clamp(0, i64::from(u32::MAX)) as u32;
                            (Choice::Move(k), k, of)
                        }
                    }
                })
                .collect();
            // A limit stops the search before it enters a node (or counts a solution); the
            // handler and the solution limit stop it after a solution it counted.
            let entered = self.stats.nodes > 0
                && matches!(self.status, Status::Stopped | Status::SolutionLimit);
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
        if self.bounds.is_some() {
            let after = match self.m.walk().colored() {
                true => self.moves_after::<Colored<Off>>(skip),
                false => self.moves_after::<Around<Off>>(skip),
            }?;
            let stats = Stats {
                nodes: after.dead_ends,
                dead_ends: after.dead_ends,
                updates: after.updates,
                cleansings: after.cleansings,
                profile: match after.dead_ends {
                    0 => Vec::new(),
                    dead => vec![0, dead],
                },
                ..Stats::default()
            };
            return Some((stats, after.live));
        }
        let walk = self.m.walk();
        walk.dispatch(TailFn(&mut self.m, skip))
    }

    /// [`Solver::branches_after`] of Algorithm M, for its walk.
    fn moves_after<W: Walk>(&mut self, skip: u32) -> Option<multiplicity::MovesAfter> {
        let mut bounds = self.bounds.take()?;
        let after = self.m.moves_after::<W>(&mut bounds, skip);
        self.bounds = Some(bounds);
        after
    }
}

/// Where a search cut short stood ([`Solver::run_to_stop`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StopPoint {
    /// Per level below the forced options, the branch taken (Algorithm M's move), its
    /// number among the node's branches (from 1) and how many the node has.
    pub(crate) levels: Vec<(Choice, u32, u32)>,
    /// Whether the node the levels lead to was searched (a solution counted before the
    /// stop) rather than left untouched.
    pub(crate) entered: bool,
}

/// [`Solver::branches_after`] compiled for one walk.
struct TailFn<'m, S: Storage>(&'m mut Matrix<S>, u32);

impl<S: Storage> WalkFn for TailFn<'_, S> {
    type Output = Option<(Stats, bool)>;

    fn call<W: Walk>(self) -> Option<(Stats, bool)> {
        let (m, skip) = (self.0, self.1);
        let item = m.choose::<W>()?;
        let before = (m.updates, m.cleansings);
        m.cover::<W>(item);
        let (updates, cleansings) = (m.updates, m.cleansings);
        let mut stats = Stats::default();
        let mut live = false;
        let mut x = m.top(item);
        for _ in 0..skip {
            if x == item.header() {
                break;
            }
            x = m.down(x);
        }
        while x != item.header() {
            m.commit::<W>(x);
            if m.all_covered() {
                live = true;
            } else {
                match m.choose::<W>() {
                    Some(next) if m.len(next) == 0 => {
                        m.cover::<W>(next);
                        m.uncover::<W>(next);
                        stats.nodes += 1;
                        stats.dead_ends += 1;
                    }
                    _ => live = true,
                }
            }
            m.uncommit::<W>(x);
            x = m.down(x);
        }
        stats.updates = m.updates - updates;
        stats.cleansings = m.cleansings - cleansings;
        if stats.dead_ends > 0 {
            stats.profile = vec![0, stats.dead_ends];
        }
        m.uncover::<W>(item);
        (m.updates, m.cleansings) = before;
        Some((stats, live))
    }
}

/// [`Solver::expand`] compiled for one walk.
struct ExpandFn<'m, S: Storage>(&'m mut Matrix<S>);

impl<S: Storage> WalkFn for ExpandFn<'_, S> {
    type Output = Option<Expansion>;

    fn call<W: Walk>(self) -> Option<Expansion> {
        let m = self.0;
        let item = m.choose::<W>()?;
        let (updates, cleansings) = (m.updates, m.cleansings);
        let options = m.len(item);
        let mut stats = Stats {
            nodes: 1,
            branches: u64::from(options >= 2),
            dead_ends: u64::from(options == 0),
            profile: vec![1],
            ..Stats::default()
        };
        let mut children = Vec::with_capacity(options as usize);
        m.cover::<W>(item);
        let mut x = m.top(item);
        while x != item.header() {
            m.commit::<W>(x);
            let next = if m.all_covered() {
                Next::Solution
            } else {
                match m.choose::<W>() {
                    Some(next) if m.len(next) == 0 => {
                        // The search enters the dead end, covers its empty item and backs up.
                        m.cover::<W>(next);
                        m.uncover::<W>(next);
                        stats.nodes += 1;
                        stats.dead_ends += 1;
                        Next::DeadEnd
                    }
                    Some(next) => Next::Open(m.len(next)),
                    None => Next::Solution,
                }
            };
            if next == Next::DeadEnd {
                stats.profile.resize(2, 0);
                stats.profile[1] += 1;
            }
            children.push((m.option_of(x), next));
            m.uncommit::<W>(x);
            x = m.down(x);
        }
        m.uncover::<W>(item);
        stats.updates = m.updates - updates;
        stats.cleansings = m.cleansings - cleansings;
        (m.updates, m.cleansings) = (updates, cleansings);
        Some(Expansion { stats, children })
    }
}

/// The search's operations compiled for one walk: chosen once, when the solver is built
/// ([`WalkChoice::dispatch`]), and called through these pointers, so that the loops inside
/// them know their walk at compile time.
struct Walker<'a, S: Storage> {
    step: fn(&mut Solver<'a, S>) -> Stop,
    unwind: fn(&mut Solver<'a, S>),
    force: fn(&mut Solver<'a, S>, Link),
    unforce: fn(&mut Solver<'a, S>, Link),
}

/// Builds the [`Walker`] of a walk, for Knuth's plain item choice or another.
struct Compile<'a, S> {
    plain: bool,
    _marker: std::marker::PhantomData<(&'a (), S)>,
}

impl<'a, S: Storage> WalkFn for Compile<'a, S> {
    type Output = Walker<'a, S>;

    fn call<W: Walk>(self) -> Walker<'a, S> {
        Walker {
            step: if self.plain {
                Solver::step_with::<W, true>
            } else {
                Solver::step_with::<W, false>
            },
            unwind: Solver::unwind::<W>,
            force: force::<W, S>,
            unforce: unforce::<W, S>,
        }
    }
}

/// The [`Walker`] of Algorithm M, for one of Knuth's walks.
fn compile_bounded<'a, W: Walk, S: Storage>(plain: bool) -> Walker<'a, S> {
    Walker {
        step: if plain {
            Solver::step_bounded::<W, true>
        } else {
            Solver::step_bounded::<W, false>
        },
        unwind: Solver::unwind_bounded::<W>,
        force: force_bounded::<W, S>,
        unforce: unforce_bounded::<W, S>,
    }
}

/// Applies the option of node `x` as if chosen: covers its item, commits it.
fn force<W: Walk, S: Storage>(s: &mut Solver<'_, S>, x: Link) {
    s.m.cover::<W>(s.m.item(x));
    s.m.commit::<W>(x);
}

/// Undoes [`force`].
fn unforce<W: Walk, S: Storage>(s: &mut Solver<'_, S>, x: Link) {
    s.m.uncommit::<W>(x);
    s.m.uncover::<W>(s.m.item(x));
}

/// [`force`] with bounds: the option's primary items each take one off their bound.
fn force_bounded<W: Walk, S: Storage>(s: &mut Solver<'_, S>, x: Link) {
    if let Some(bounds) = s.bounds.as_mut() {
        s.m.force_bounded::<W>(x, bounds);
    }
}

/// Undoes [`force_bounded`].
fn unforce_bounded<W: Walk, S: Storage>(s: &mut Solver<'_, S>, x: Link) {
    if let Some(bounds) = s.bounds.as_mut() {
        s.m.unforce_bounded::<W>(x, bounds);
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
        match self.solver.step() {
            Stop::Solution => {
                self.solver.fill_solution();
                Some(self.solver.solution.clone())
            }
            Stop::Progress => unreachable!("progress is only requested by run"),
            Stop::Over => None,
        }
    }
}

impl<S: Storage> Drop for Solutions<'_, '_, S> {
    fn drop(&mut self) {
        self.solver.reset();
    }
}
