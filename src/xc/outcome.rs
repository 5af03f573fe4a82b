//! The words every search speaks, whatever machine runs it: its [`Limits`], how it ended
//! ([`Status`]), what it counted ([`Stats`], [`Outcome`]) and what it reports while running
//! ([`Event`], [`Progress`]). They sit below the machines (the links' Algorithms X, C and M,
//! the minimum-cost search, dancing cells, bit sets, memoised counting), so that each
//! machine's room imports them and none imports another's.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::problem::OptionId;

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

/// Which figures a [`Stats`] holds beyond the tree's (solutions, nodes, branches, dead ends,
/// profile): the engines keep different counts, and a count an engine does not keep is
/// absent, not 0 ([`Stats::updates_kept`], [`Stats::cleansings_kept`]).
///
/// ```
/// use dlxkit::xc::plan::{Discard, Engine, Plan};
/// use dlxkit::xc::{Counts, Problem};
/// let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// let bits = Plan::new().engine(Engine::Bits).run(&p, &mut Discard)?.stats;
/// assert_eq!((bits.counts, bits.nodes, bits.updates_kept()), (Counts::Tree, 6, None));
/// let links = Plan::new().engine(Engine::Links).run(&p, &mut Discard)?.stats;
/// assert_eq!((links.counts, links.nodes, links.updates_kept()), (Counts::Links, 6, Some(30)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Counts {
    /// Knuth's DLX1/DLX2/DLX3 counts: `updates` and `cleansings`, made by dancing links (or
    /// worked out by the bit sets on the links' tree when asked:
    /// [`Plan::count_updates`](super::plan::Plan::count_updates)).
    #[default]
    Links,
    /// Knuth's SSXCC/SSMCC updates (options taken out of the items' sets), made by dancing
    /// cells; no cleansings (the cells keep none). Their nodes are SSXCC's nodes.
    Cells,
    /// The tree only: no updates, no cleansings (the bit sets, which search the links' tree,
    /// so their nodes are DLX's nodes; or SSMCC's less the null moves with bounds).
    Tree,
    /// The solutions only (the memoised count, which walks no search tree).
    Solutions,
}

impl Counts {
    /// The word the command line prints for these counts.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Counts::Cells.as_str(), "cells");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Counts::Links => "links",
            Counts::Cells => "cells",
            Counts::Tree => "tree",
            Counts::Solutions => "solutions",
        }
    }

    /// Whether `updates` is a count of these (Knuth's DLX's or SSXCC's: see the variants).
    pub fn keeps_updates(self) -> bool {
        matches!(self, Counts::Links | Counts::Cells)
    }

    /// Whether `cleansings` is a count of these (dancing links' only).
    pub fn keeps_cleansings(self) -> bool {
        self == Counts::Links
    }
}

/// What a search did, counted as Knuth's DLX1 and DLX2 count it (as SSXCC counts it on
/// dancing cells; only the tree on the bit sets): [`Stats::counts`] says which.
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
    /// Which of `updates` and `cleansings` were counted, and whose counts they are; read
    /// them through [`Stats::updates_kept`] and [`Stats::cleansings_kept`], which say
    /// "not counted" as `None`.
    pub counts: Counts,
    /// One per item covered plus one per node unlinked while hiding options (DLX's count);
    /// on dancing cells, one per option taken out of an item's set (SSXCC's). Meaningless
    /// (0) unless [`Counts::keeps_updates`].
    pub updates: u64,
    /// One per purification plus one per node marked as agreeing with the colour (DLX's
    /// count). Meaningless (0) unless [`Counts::keeps_cleansings`].
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

    /// The updates, if these counts keep them (`None`: not counted, which is not 0).
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// let arena = Arena::new();
    /// assert_eq!(Solver::new(&p, &arena).count().stats.updates_kept(), Some(2));
    /// ```
    pub fn updates_kept(&self) -> Option<u64> {
        self.counts.keeps_updates().then_some(self.updates)
    }

    /// The cleansings, if these counts keep them (dancing links' only).
    pub fn cleansings_kept(&self) -> Option<u64> {
        self.counts.keeps_cleansings().then_some(self.cleansings)
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

/// One thing a running search reports to [`Solver::run`](super::Solver::run) (and every other
/// engine's run).
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
