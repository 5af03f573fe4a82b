//! What the two loops on the links share, below both: the matrix, the limits and the node
//! count at which they are next looked at, the statistics and status, the forced options and
//! the solution buffer ([`Core`]); what a loop hands control back for ([`Stop`]); and the
//! small trait each loop implements ([`Loop`]), through which the solver runs whichever of
//! them the problem needs. Neither loop sees the other's state.

use std::fmt;
use std::time::Instant;

use super::tree::{Choice, Next};
use crate::xc::choose::Chooser;
use crate::xc::matrix::Matrix;
use crate::xc::node::Link;
use crate::xc::outcome::{Limits, Outcome, Stats, Status};
use crate::xc::problem::OptionId;
use crate::xc::storage::Storage;

/// What a loop's step stopped for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    Solution,
    Progress,
    Over,
}

/// The state a search on the links keeps whichever loop runs it.
pub(super) struct Core<S: Storage> {
    pub(super) problem: S::Problem,
    pub(super) m: Matrix<S>,
    pub(super) limits: Limits,
    /// The primary node of each forced option, in the order they were forced.
    pub(super) forced_nodes: Vec<Link>,
    pub(super) forced: Vec<OptionId>,
    pub(super) running: bool,
    pub(super) stats: Stats,
    pub(super) status: Status,
    pub(super) started: Instant,
    pub(super) progress_every: u64,
    pub(super) next_progress: u64,
    /// Node count at which entering a node takes the slow path (limits, polling, progress).
    pub(super) checkpoint: u64,
    /// Node count at which the cancel flag and the deadline are next polled.
    pub(super) next_poll: u64,
    pub(super) solution: Vec<OptionId>,
    /// How the item to branch on is chosen, when not by Knuth's plain rule.
    pub(super) chooser: Chooser,
}

impl<S: Storage> Core<S> {
    pub(super) fn new(problem: S::Problem, m: Matrix<S>, chooser: Chooser) -> Core<S> {
        Core {
            problem,
            m,
            limits: Limits::default(),
            forced_nodes: Vec::new(),
            forced: Vec::new(),
            running: false,
            stats: Stats::default(),
            status: Status::Complete,
            started: Instant::now(),
            progress_every: 0,
            next_progress: u64::MAX,
            checkpoint: 0,
            next_poll: 0,
            solution: Vec::new(),
            chooser,
        }
    }

    /// Clears the figures for a new search and starts its clock (the loop is set at its
    /// root by the caller).
    pub(super) fn begin(&mut self) {
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
    pub(super) fn stop(&mut self, status: Status) {
        self.status = status;
        self.running = false;
        self.stats.elapsed = self.started.elapsed();
        self.stats.updates = self.m.updates;
        self.stats.cleansings = self.m.cleansings;
    }

    /// Records a solution at `level` (one below the last choice) and applies the
    /// solution limit.
    #[inline]
    pub(super) fn found(&mut self, level: usize) -> Stop {
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

    #[inline(always)]
    pub(super) fn count_level(&mut self, level: usize) {
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
    /// reports. Sets the next checkpoint; returns why the loop must pause, if it must.
    #[cold]
    pub(super) fn checkpoint_reached(&mut self, nodes: u64) -> Option<Stop> {
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

    /// The status and statistics so far.
    pub(super) fn outcome(&self) -> Outcome {
        let mut stats = self.stats.clone();
        stats.updates = self.m.updates;
        stats.cleansings = self.m.cleansings;
        Outcome {
            status: self.status,
            stats,
        }
    }
}

/// One search loop on the links (Algorithm X/C in `exact.rs`, Algorithm M in `bounded.rs`),
/// compiled for one walk and one item choice: its own levels and phases, and the operations
/// that need them. Every call leaves the matrix consistent with the loop's state.
pub(super) trait Loop<S: Storage>: fmt::Debug + Send + Sync {
    /// Sets the loop at the root of a new search (nothing applied).
    fn begin(&mut self);

    /// Runs until a solution, a progress report or the end.
    fn step(&mut self, core: &mut Core<S>) -> Stop;

    /// Undoes whatever the current search has applied, leaving only the forced options (and
    /// Algorithm M's moves made), and counts nothing.
    fn unwind(&mut self, m: &mut Matrix<S>);

    /// Applies the option of node `x` as if chosen (no search in progress).
    fn force(&mut self, m: &mut Matrix<S>, x: Link);

    /// Undoes [`Loop::force`].
    fn unforce(&mut self, m: &mut Matrix<S>, x: Link);

    /// Whether no search is in progress.
    fn is_idle(&self) -> bool;

    /// Whether the loop holds nothing of a search or a path: its level 0, no move made, the
    /// bounds as declared.
    fn is_clear(&self) -> bool;

    /// The current level.
    fn level(&self) -> usize;

    /// The number of levels whose choice is committed.
    fn depth(&self) -> usize;

    /// The branch taken at committed `level`, its number among the node's branches (from
    /// 1) and how many the node has.
    fn place(&self, m: &Matrix<S>, level: usize) -> (Choice, u32, u32);

    /// Appends the options below the forced ones: the moves made, then the committed
    /// choices level by level.
    fn fill(&self, m: &Matrix<S>, solution: &mut Vec<OptionId>);

    /// Whether a split can cut this loop's tree with the item choice of `chooser`.
    fn is_splittable(&self, chooser: &Chooser) -> bool;

    /// The node where a search would start now, with its figures and branches (see
    /// `Solver::branches`); the matrix is left as it was.
    fn branches(
        &mut self,
        m: &mut Matrix<S>,
        chooser: &mut Chooser,
    ) -> Option<(Stats, Vec<(Choice, Next)>)>;

    /// The figures of the node's branches after the first `skip` (see
    /// `Solver::branches_after`); the matrix is left as it was.
    fn branches_after(
        &mut self,
        m: &mut Matrix<S>,
        chooser: &mut Chooser,
        skip: u32,
    ) -> Option<(Stats, bool)>;

    /// Makes Algorithm M's `k`-th move at the node where a search would start now: `false`,
    /// with nothing changed, when there is no such move (or the loop makes no moves).
    fn make_move(&mut self, _m: &mut Matrix<S>, _chooser: &mut Chooser, _k: u32) -> bool {
        false
    }

    /// Undoes every move made, the last first.
    fn unmake_moves(&mut self, _m: &mut Matrix<S>) {}

    /// The options of the moves made (the null moves have none).
    fn moved(&self, _m: &Matrix<S>) -> Vec<OptionId> {
        Vec::new()
    }

    /// The options the moves made exclude below them (see `Solver::excluded_by_moves`).
    fn excluded(&self, _m: &Matrix<S>) -> Vec<OptionId> {
        Vec::new()
    }
}
