//! Memoised counting: Algorithm X that remembers every subproblem it has solved (DXZ).
//!
//! Dancing links visit every solution one at a time, so a problem with 10^20 solutions is out
//! of reach however fast the dance. But covering problems repeat themselves: after different
//! choices, the same set of items is often left to cover (two ways to tile the top rows of a
//! board leave the same bottom rows). Nishino, Yasuda, Minato and Nagata ("Dancing with
//! Decision Diagrams", AAAI 2017) memoise Algorithm X on the set of uncovered items, so each
//! distinct subproblem is solved once; the search then no longer lists solutions, it builds a
//! zero-suppressed decision diagram of them ([`crate::xc::zdd`]), and counting is adding.
//!
//! [`count`] counts the solutions of a [`Problem`] this way, exactly: in `u128` with checked
//! additions, and if a sum would pass 2^128 - 1, over again with the arbitrary-precision
//! [`Count`] (so a count is never wrapped). The search chooses items as Knuth's DLX does (the
//! primary item with the fewest live options, the leftmost on ties; [`ItemChoice`] has the
//! alternative) and keys a subproblem by a bitset of the uncovered items followed by the
//! colour given to each colourable secondary item. Colours are supported because that key
//! stays small: a few bits per item that some option colours (the number of colours, plus
//! one, in binary), so two paths that colour an item differently are different states.
//!
//! The state is kept as that bitset, not as dancing links: with it and two arrays of counters
//! (dead reasons per option, live options per primary item) a child state already in the
//! cache is recognised by clearing a few bits, without touching any list.
//!
//! [`MemoOptions::threads`] counts on several threads (the `parallel` module): the top levels
//! of the search become tasks that the threads solve with one shared cache, and the count is
//! the same as on one thread.
//!
//! Memory is bounded by [`MemoOptions::memory_limit`] (by default a quarter of the machine's
//! memory, [`default_memory_limit`]). When the cache reaches it, the cache keeps what it holds
//! and takes no new entries: the count stays exact, some subproblems are solved again, and
//! [`MemoStats::refused`] says how many entries were turned away. Where memoisation does not
//! help (n queens: almost every state is new), it costs memory and time and changes nothing
//! else; plain dancing links ([`crate::xc::Solver`]) is then the better tool.
//!
//! ```
//! use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
//! use dlxkit::xc::memo::{self, MemoOptions};
//! let tilings = memo::count(Dominoes::new(8, 8)?.problem(), &MemoOptions::new())?;
//! assert_eq!(tilings.count.to_u64(), Some(12_988_816));
//! assert!(tilings.stats.hits > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod parallel;
pub(crate) mod search;
pub(crate) mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

/// The count type, here too since memoised counts were its first users.
#[doc(no_inline)]
pub use crate::xc::Count;
use search::{Fold, Halt};
use table::MemoryCap;

use crate::xc::{Limits, Problem, Status};

/// The memory limit used when none is given: a quarter of the machine's memory (`MemTotal`
/// in `/proc/meminfo`), or half the limit of the control group the process runs in (cgroup
/// v2 `memory.max`, v1 `memory.limit_in_bytes`) when that is less, and never more than
/// 1 GiB, so that an ordinary count does not pass 2 GiB unasked ([`DefaultLimit`] says which
/// of these it was).
///
/// ```
/// assert!(dlxkit::xc::memo::default_memory_limit() >= 64 << 20);
/// assert!(dlxkit::xc::memo::default_memory_limit() <= 1 << 30);
/// ```
pub fn default_memory_limit() -> usize {
    DefaultLimit::read().bytes
}

/// The default memory limit and where it came from.
///
/// ```
/// let limit = dlxkit::xc::memo::DefaultLimit::read();
/// assert_eq!(limit.bytes, dlxkit::xc::memo::default_memory_limit());
/// assert!(!limit.to_string().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DefaultLimit {
    /// The limit, in bytes.
    pub bytes: usize,
    /// What decided it.
    pub source: LimitSource,
}

/// What decided the [`DefaultLimit`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LimitSource {
    /// Half the memory limit of the process's control group (the container or the job).
    Cgroup {
        /// The file the limit was read from.
        file: String,
        /// The group's limit, in bytes.
        limit: u64,
    },
    /// A quarter of the machine's memory.
    Machine {
        /// `MemTotal`, in bytes.
        total: u64,
    },
    /// The cap of 1 GiB (the machine and its group have more than enough).
    Cap,
    /// Neither could be read: 1 GiB.
    Unknown,
}

/// The most the default limit allows.
const DEFAULT_CAP: usize = 1 << 30;

impl DefaultLimit {
    /// Reads the machine's and the control group's memory.
    pub fn read() -> DefaultLimit {
        let total = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| mem_total_bytes(&text));
        let group = std::fs::read_to_string("/proc/self/cgroup")
            .ok()
            .and_then(|text| cgroup_limit(&text, |path| std::fs::read_to_string(path).ok()));
        DefaultLimit::decide(total, group)
    }

    /// The limit from the machine's memory and the group's limit (file and bytes).
    fn decide(total: Option<usize>, group: Option<(String, u64)>) -> DefaultLimit {
        let floor = 64 << 20;
        let mut best = DefaultLimit {
            bytes: DEFAULT_CAP,
            source: if total.is_some() {
                LimitSource::Cap
            } else {
                LimitSource::Unknown
            },
        };
        if let Some(total) = total {
            if total / 4 < best.bytes {
                best = DefaultLimit {
                    bytes: (total / 4).max(floor),
                    source: LimitSource::Machine {
                        total: total as u64,
                    },
                };
            }
        }
        if let Some((file, limit)) = group {
            let half = usize::try_from(limit / 2).unwrap_or(usize::MAX);
            if half < best.bytes {
                best = DefaultLimit {
                    bytes: half.max(floor.min(half)).max(1 << 20),
                    source: LimitSource::Cgroup { file, limit },
                };
            }
        }
        best
    }
}

impl std::fmt::Display for DefaultLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mib = |b: u64| b as f64 / f64::from(1 << 20);
        write!(f, "{:.0} MiB: ", mib(self.bytes as u64))?;
        match &self.source {
            LimitSource::Cgroup { file, limit } => {
                write!(
                    f,
                    "half the control group's limit of {:.0} MiB ({file})",
                    mib(*limit)
                )
            }
            LimitSource::Machine { total } => {
                write!(f, "a quarter of the machine's {:.0} MiB", mib(*total))
            }
            LimitSource::Cap => write!(f, "the default's cap"),
            LimitSource::Unknown => {
                write!(f, "the default's cap (the machine's memory is unknown)")
            }
        }
    }
}

/// `MemTotal` from the text of `/proc/meminfo`, in bytes.
fn mem_total_bytes(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line.split_whitespace().skip(1);
    let kib: usize = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => kib.checked_mul(1024),
        Some(_) => None,
    }
}

/// The tightest memory limit of the control group named in `self_cgroup` (the text of
/// `/proc/self/cgroup`) and of its ancestors, with the file it was read from: cgroup v2's
/// `memory.max` (`max` is no limit) or v1's `memory.limit_in_bytes` (a number near 2^63 is
/// no limit). `read` reads a file.
fn cgroup_limit(self_cgroup: &str, read: impl Fn(&str) -> Option<String>) -> Option<(String, u64)> {
    let mut best: Option<(String, u64)> = None;
    let mut consider = |file: String| {
        let Some(text) = read(&file) else { return };
        let Ok(limit) = text.trim().parse::<u64>() else {
            return;
        };
        if limit < 1 << 62 && best.as_ref().is_none_or(|(_, b)| limit < *b) {
            best = Some((file, limit));
        }
    };
    for line in self_cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (root, name) = match controllers {
            "" => ("/sys/fs/cgroup", "memory.max"),
            c if c.split(',').any(|c| c == "memory") => {
                ("/sys/fs/cgroup/memory", "memory.limit_in_bytes")
            }
            _ => continue,
        };
        let mut dir = path.trim_end_matches('/').to_string();
        loop {
            consider(format!("{root}{dir}/{name}"));
            match dir.rfind('/') {
                Some(cut) => dir.truncate(cut),
                None => break,
            }
            if dir.is_empty() {
                consider(format!("{root}/{name}"));
                break;
            }
        }
    }
    best
}

/// How to run a memoised search: a memory limit and the usual search limits.
///
/// ```
/// use dlxkit::xc::{memo::MemoOptions, Limits};
/// let options = MemoOptions::new().memory_limit(256 << 20).limits(Limits::new().nodes(1_000_000));
/// assert_eq!(options.memory_limit, 256 << 20);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MemoOptions {
    /// The most bytes the cache and the ZDD may hold together.
    pub memory_limit: usize,
    /// Node and time limits, and a cancel flag (a solution limit is refused: the search
    /// counts every solution at once, it never meets them one by one).
    pub limits: Limits,
    /// Which item the search branches on in each state.
    pub choice: ItemChoice,
    /// Threads of [`count`]: 1 (the default) counts on the calling thread, 0 on every
    /// core. The count is the same for any number; [`crate::xc::zdd::Zdd::build`] uses one.
    pub threads: usize,
    /// Told once, when the memory limit first turns a subproblem away (see [`OnFull`]).
    pub on_full: Option<OnFull>,
}

/// What to do when the cache first meets the memory limit: the moment the search starts to
/// solve some subproblems again. A long count can then be stopped and started with more
/// memory, instead of learning it from the statistics at the end. Called once per
/// `OnFull` (clones share it), from whichever thread met the limit, with the limit in bytes.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
/// use dlxkit::xc::memo::{self, MemoOptions, OnFull};
/// let told = Arc::new(AtomicUsize::new(0));
/// let seen = Arc::clone(&told);
/// let note = OnFull::new(move |limit| {
///     assert_eq!(limit, 16 << 10);
///     seen.fetch_add(1, Ordering::Relaxed);
/// });
/// let options = MemoOptions::new().memory_limit(16 << 10).on_full(note);
/// let r = memo::count(Dominoes::new(8, 8)?.problem(), &options)?;
/// assert_eq!(r.count.to_u64(), Some(12_988_816)); // exact all the same
/// assert!(r.stats.refused > 0);
/// assert_eq!(told.load(Ordering::Relaxed), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct OnFull(Arc<Told>);

struct Told {
    tell: Box<dyn Fn(usize) + Send + Sync>,
    done: AtomicBool,
}

impl OnFull {
    /// Calls `tell` (with the memory limit) the first time the limit turns an entry away.
    pub fn new(tell: impl Fn(usize) + Send + Sync + 'static) -> OnFull {
        OnFull(Arc::new(Told {
            tell: Box::new(tell),
            done: AtomicBool::new(false),
        }))
    }

    /// Tells, unless told already.
    pub(crate) fn full(&self, limit: usize) {
        if !self.0.done.load(Ordering::Relaxed) && !self.0.done.swap(true, Ordering::Relaxed) {
            (self.0.tell)(limit);
        }
    }
}

impl std::fmt::Debug for OnFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnFull(..)")
    }
}

/// Which item the memoised search branches on in each state.
///
/// The choice does not change the count or the set of solutions, but it decides which
/// states exist, and so how often they repeat: on the 8x8 board tiled by monominoes,
/// dominoes and trominoes, Knuth's rule meets about 290 times as many distinct states as
/// the first uncovered cell does (BENCHMARKS.md has the figures).
///
/// ```
/// use dlxkit::xc::memo::{ItemChoice, MemoOptions};
/// assert_eq!(MemoOptions::new().choice, ItemChoice::FewestOptions);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ItemChoice {
    /// Knuth's rule, as in DLX: the primary item with the fewest live options, the leftmost
    /// on ties. Good for problems that need pruning (queens, Langford pairs, pentominoes).
    #[default]
    FewestOptions,
    /// The first uncovered primary item in the problem's item order, unless some item has one
    /// live option or none (then that one: a forced choice or a dead end). On a board whose
    /// cells are items in reading order this sweeps a frontier across it, as the frontier
    /// methods for ZDDs do, and the states repeat far more: the rule for tilings.
    First,
    /// The first uncovered primary item, with no live-option counters at all: an option is
    /// tested against the state's bitset when its item is branched on, and a dead end shows
    /// only when that item has no option left. For problems whose options overlap so much
    /// that keeping the counters costs more than the search saves (the Bell problem: every
    /// item is in half of the options, so one choice would update millions of counters).
    /// Plain problems only (no colours, no bounds); others are searched with
    /// [`ItemChoice::First`].
    FirstUncounted,
}

impl ItemChoice {
    /// The rule for `problem`, from its shape: [`ItemChoice::First`] when nine options in
    /// ten keep their primary items within a third of the item order (a board whose cells
    /// are items in reading order, tiled by small pieces: the frontier sweeps it), else
    /// [`ItemChoice::FewestOptions`] (pieces or numbers named as items, queens, Sudoku:
    /// problems that need pruning). A plain problem whose options each meet more than
    /// [`UNCOUNTED_TOUCHES`] item-option pairs on average gets [`ItemChoice::FirstUncounted`].
    /// BENCHMARKS.md has the measurements behind it.
    ///
    /// ```
    /// use dlxkit::puzzles::{dominoes::Dominoes, queens::{Queens, QueensOrder}, Puzzle};
    /// use dlxkit::xc::memo::ItemChoice;
    /// assert_eq!(ItemChoice::for_problem(Dominoes::new(8, 8)?.problem()), ItemChoice::First);
    /// let queens = Queens::new(8, QueensOrder::default())?;
    /// assert_eq!(ItemChoice::for_problem(queens.problem()), ItemChoice::FewestOptions);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_problem(problem: &Problem) -> ItemChoice {
        let mut rank = vec![u32::MAX; problem.item_count()];
        let mut primaries = 0u32;
        for item in problem.items() {
            if problem.item_kind(item) == crate::xc::ItemKind::Primary {
                rank[item.index()] = primaries;
                primaries += 1;
            }
        }
        let window = primaries / 3;
        let options = problem.option_count();
        if primaries < 6 || options == 0 {
            return ItemChoice::FewestOptions;
        }
        if touches_per_option(problem) > UNCOUNTED_TOUCHES as f64 && !problem.has_bounds() {
            let colored = problem
                .options()
                .any(|o| problem.option(o).iter().any(|e| e.color.is_some()));
            if !colored {
                return ItemChoice::FirstUncounted;
            }
        }
        let local = problem
            .options()
            .filter(|&o| {
                let ranks = problem
                    .option(o)
                    .iter()
                    .map(|e| rank[e.item.index()])
                    .filter(|&r| r != u32::MAX);
                let (lo, hi) = ranks.fold((u32::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
                hi.saturating_sub(lo) <= window
            })
            .count();
        if local * 10 >= options * 9 {
            ItemChoice::First
        } else {
            ItemChoice::FewestOptions
        }
    }
}

/// The average number of counters one choice would update (the options of each of its
/// items) above which [`ItemChoice::for_problem`] keeps none: 4,096 (tilings, queens and
/// pentominoes are below 500; the Bell problem for n = 16 is about 262,000).
pub const UNCOUNTED_TOUCHES: u64 = 4096;

/// The average, over the options, of the sum of the list lengths of their items.
fn touches_per_option(problem: &Problem) -> f64 {
    let mut len = vec![0u64; problem.item_count()];
    for o in problem.options() {
        for e in problem.option(o) {
            len[e.item.index()] += 1;
        }
    }
    let total: u64 = len.iter().map(|&l| l * l).sum();
    total as f64 / problem.option_count().max(1) as f64
}

impl Default for MemoOptions {
    fn default() -> MemoOptions {
        MemoOptions {
            memory_limit: default_memory_limit(),
            limits: Limits::new(),
            choice: ItemChoice::default(),
            threads: 1,
            on_full: None,
        }
    }
}

impl MemoOptions {
    /// The defaults: [`default_memory_limit`], no search limit.
    ///
    /// ```
    /// assert!(dlxkit::xc::memo::MemoOptions::new().limits.max_nodes.is_none());
    /// ```
    pub fn new() -> MemoOptions {
        MemoOptions::default()
    }

    /// Sets the memory limit, in bytes.
    ///
    /// ```
    /// let o = dlxkit::xc::memo::MemoOptions::new().memory_limit(1 << 30);
    /// assert_eq!(o.memory_limit, 1 << 30);
    /// ```
    pub fn memory_limit(mut self, bytes: usize) -> MemoOptions {
        self.memory_limit = bytes;
        self
    }

    /// Sets what to do when the memory limit first turns a subproblem away ([`OnFull`]).
    pub fn on_full(mut self, note: OnFull) -> MemoOptions {
        self.on_full = Some(note);
        self
    }

    /// Sets the item choice.
    ///
    /// ```
    /// use dlxkit::xc::memo::{ItemChoice, MemoOptions};
    /// assert_eq!(MemoOptions::new().choice(ItemChoice::First).choice, ItemChoice::First);
    /// ```
    pub fn choice(mut self, choice: ItemChoice) -> MemoOptions {
        self.choice = choice;
        self
    }

    /// Sets the number of threads of [`count`] (0: one per core, as
    /// [`std::thread::available_parallelism`] says). With more than one, the top levels of
    /// the search are split into tasks that the threads solve with one shared cache; the
    /// count is the same as on one thread, the statistics depend on the schedule.
    ///
    /// ```
    /// use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
    /// use dlxkit::xc::memo::{self, MemoOptions};
    /// let board = Dominoes::new(10, 10)?;
    /// let two = memo::count(board.problem(), &MemoOptions::new().threads(2))?;
    /// assert_eq!(two.count.to_u64(), Some(258_584_046_368));
    /// assert_eq!(two.stats.workers.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> MemoOptions {
        self.threads = threads;
        self
    }

    /// The number of threads [`count`] runs on: [`MemoOptions::threads`], with 0 read as
    /// the number of cores.
    ///
    /// ```
    /// use dlxkit::xc::memo::MemoOptions;
    /// assert_eq!(MemoOptions::new().threads(3).thread_count(), 3);
    /// assert!(MemoOptions::new().threads(0).thread_count() >= 1);
    /// ```
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// Sets the search limits.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, Limits};
    /// let o = MemoOptions::new().limits(Limits::new().nodes(5));
    /// assert_eq!(o.limits.max_nodes, Some(5));
    /// ```
    pub fn limits(mut self, limits: Limits) -> MemoOptions {
        self.limits = limits;
        self
    }
}

/// What a memoised search did.
///
/// ```
/// use dlxkit::xc::{memo::{self, MemoOptions}, Problem};
/// let p = Problem::from_dlx("A B C\nA B\nC\nA\nB C\n")?;
/// let stats = memo::count(&p, &MemoOptions::new())?.stats;
/// assert_eq!((stats.states, stats.options_tried), (3, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// Distinct subproblems solved (the whole problem, and each new state met; a dead end
    /// is one too).
    pub states: u64,
    /// Options tried: one per edge of the search, whether its state was new, known or final.
    pub options_tried: u64,
    /// Options whose state was found in the cache.
    pub hits: u64,
    /// Entries in the cache at the end.
    pub entries: u64,
    /// Entries the memory limit turned away (each may be solved again later).
    pub refused: u64,
    /// Nodes of the ZDD (0 when only counting).
    pub zdd_nodes: u64,
    /// The most bytes the cache and the ZDD held at once.
    pub peak_bytes: u64,
    /// Whether the count needed more than 128 bits (and was counted again exactly).
    pub wide: bool,
    /// Wall-clock time, both passes when there were two.
    pub elapsed: Duration,
    /// What each thread of a parallel count did (empty on one thread). The sums of their
    /// states, options tried and hits, plus the top levels expanded before them, are the totals above.
    pub workers: Vec<WorkerStats>,
}

/// What one thread of a parallel count did.
///
/// ```
/// let w = dlxkit::xc::memo::WorkerStats::default();
/// assert_eq!((w.tasks, w.states), (0, 0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WorkerStats {
    /// Tasks (open states of the top levels) it took.
    pub tasks: u64,
    /// Distinct subproblems it solved.
    pub states: u64,
    /// Options it tried.
    pub options_tried: u64,
    /// Options whose state it found in the shared cache (solved by itself or another).
    pub hits: u64,
}

/// The result of [`count`]: the number of solutions, whether the search finished, and
/// its statistics.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MemoCount {
    /// The number of solutions; when the search stopped early, the solutions met so far
    /// (those in the finished parts of the open subproblems).
    pub count: Count,
    /// `Complete`, or the limit that stopped the search.
    pub status: Status,
    /// What the search did.
    pub stats: MemoStats,
}

/// Why a memoised search could not run or finish.
///
/// ```
/// use dlxkit::xc::{memo::{self, MemoError, MemoOptions}, Limits, Problem};
/// let p = Problem::from_dlx("A\nA\n")?;
/// let err = memo::count(&p, &MemoOptions::new().limits(Limits::new().solutions(1))).unwrap_err();
/// assert_eq!(err, MemoError::SolutionLimit);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MemoError {
    /// A solution limit was given: memoised counting cannot stop after some solutions.
    #[error(
        "a memoised search counts every solution at once: it cannot stop after a number of them"
    )]
    SolutionLimit,
    /// The ZDD needs more memory than the limit allows.
    #[error(
        "the ZDD needs more than the memory limit of {limit} bytes ({nodes} nodes were built)"
    )]
    Memory {
        /// The limit, in bytes.
        limit: usize,
        /// ZDD nodes built before the limit was reached.
        nodes: u64,
    },
    /// The problem has bounds (multiplicities) and the search asked cannot take them (no
    /// longer returned by [`count`] or [`crate::xc::zdd::Zdd::build`], which take bounds as
    /// Knuth's DLX6 takes colours).
    #[error("the memoised search does not handle item bounds (multiplicities): count with dancing links instead")]
    Bounds,
    /// The search stopped at a limit before the ZDD was complete.
    #[error("the search stopped early ({}): the ZDD is incomplete", status.as_str())]
    Incomplete {
        /// Why it stopped.
        status: Status,
        /// The solutions in the finished parts of the diagram.
        met: Count,
        /// What the search did before it stopped.
        stats: Box<MemoStats>,
    },
    /// The problem and the search's stack of states alone need more than the memory limit
    /// (a very deep or very wide search), before any subproblem is remembered.
    #[error("the memoised search needs more than the memory limit of {limit} bytes for the problem and its stack of states")]
    Stack {
        /// The limit, in bytes.
        limit: usize,
    },
}

/// Counts in `u128`, failing on overflow.
#[derive(Clone, Copy)]
struct NarrowCount;

impl Fold for NarrowCount {
    type Value = u128;

    fn bottom(&self) -> u128 {
        0
    }

    fn top(&self) -> u128 {
        1
    }

    #[inline]
    fn branch(&mut self, _: u32, rest: u128, taken: &u128, _: &MemoryCap) -> Result<u128, Halt> {
        rest.checked_add(*taken).ok_or(Halt::Overflow)
    }
}

/// Counts in [`Count`] (any size).
#[derive(Clone, Copy)]
struct WideCount;

impl Fold for WideCount {
    type Value = Count;

    fn bottom(&self) -> Count {
        Count::zero()
    }

    fn top(&self) -> Count {
        Count::from(1u64)
    }

    fn branch(
        &mut self,
        _: u32,
        mut rest: Count,
        taken: &Count,
        _: &MemoryCap,
    ) -> Result<Count, Halt> {
        rest += taken;
        Ok(rest)
    }
}

impl parallel::Tally for NarrowCount {
    fn times(&self, value: &u128, paths: u64) -> Result<u128, Halt> {
        value.checked_mul(u128::from(paths)).ok_or(Halt::Overflow)
    }
}

impl parallel::Tally for WideCount {
    fn times(&self, value: &Count, paths: u64) -> Result<Count, Halt> {
        Ok(value.times(paths))
    }
}

/// Counts with `fold` on the threads the options ask for.
fn count_with<F: parallel::Tally>(
    problem: &Problem,
    fold: &mut F,
    options: &MemoOptions,
    budget: &MemoryCap,
) -> Result<search::Searched<F::Value>, Halt>
where
    F::Value: Send,
{
    match options.thread_count() {
        // The parallel split expands plain states only: a bounded problem runs on one.
        _ if problem.has_bounds() => {
            search::search(problem, fold, &options.limits, options.choice, budget)
        }
        1 => search::search(problem, fold, &options.limits, options.choice, budget),
        n => parallel::count(problem, fold, &options.limits, options.choice, n, budget),
    }
}

/// Counts the solutions of `problem` with memoised Algorithm X (see the [module](self)).
///
/// ```
/// use dlxkit::xc::{memo::{self, MemoOptions}, Problem, Status};
/// let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// let result = memo::count(&p, &MemoOptions::new())?;
/// assert_eq!((result.count.to_u64(), result.status), (Some(1), Status::Complete));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count(problem: &Problem, options: &MemoOptions) -> Result<MemoCount, MemoError> {
    if options.limits.max_solutions.is_some() {
        return Err(MemoError::SolutionLimit);
    }
    let begun = std::time::Instant::now();
    let budget = MemoryCap::new(options.memory_limit).with_note(options.on_full.clone());
    let narrow = count_with(problem, &mut NarrowCount, options, &budget);
    let searched = match narrow {
        Ok(s) => s.map(Count::from),
        Err(Halt::Overflow) => {
            let first = budget.peak() as u64;
            let budget = MemoryCap::new(options.memory_limit).with_note(options.on_full.clone());
            let Ok(mut wide) = count_with(problem, &mut WideCount, options, &budget) else {
                return Err(MemoError::Stack {
                    limit: options.memory_limit,
                });
            };
            wide.stats.wide = true;
            wide.stats.peak_bytes = wide.stats.peak_bytes.max(first);
            wide.stats.elapsed = begun.elapsed();
            wide
        }
        Err(Halt::Memory) => {
            return Err(MemoError::Stack {
                limit: options.memory_limit,
            })
        }
    };
    let count = match searched.value {
        Ok(count) => count,
        Err(open) => open.iter().fold(Count::zero(), |mut sum, c| {
            sum += c;
            sum
        }),
    };
    Ok(MemoCount {
        count,
        status: searched.status,
        stats: searched.stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_group_limit_is_read_from_v2_and_v1_files_and_their_ancestors() {
        let files = |list: &'static [(&'static str, &'static str)]| {
            move |path: &str| {
                list.iter()
                    .find(|(p, _)| *p == path)
                    .map(|(_, t)| t.to_string())
            }
        };
        let v2 = files(&[
            ("/sys/fs/cgroup/job/memory.max", "2147483648\n"),
            ("/sys/fs/cgroup/job/step/memory.max", "max\n"),
        ]);
        assert_eq!(
            cgroup_limit("0::/job/step\n", v2),
            Some(("/sys/fs/cgroup/job/memory.max".into(), 2 << 30))
        );
        let v1 = files(&[(
            "/sys/fs/cgroup/memory/kube/pod/memory.limit_in_bytes",
            "536870912",
        )]);
        let text = "5:cpu,cpuacct:/kube/pod\n4:memory:/kube/pod\n";
        assert_eq!(
            cgroup_limit(text, v1),
            Some((
                "/sys/fs/cgroup/memory/kube/pod/memory.limit_in_bytes".into(),
                512 << 20
            ))
        );
        let unlimited = files(&[(
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
            "9223372036854771712",
        )]);
        assert_eq!(cgroup_limit("4:memory:/\n", unlimited), None);
        // A 2 GiB job on a 256 GiB host: half the job's limit, and the note says so.
        let d = DefaultLimit::decide(Some(256 << 30), Some(("memory.max".into(), 2 << 30)));
        assert_eq!(d.bytes, 1 << 30);
        let d = DefaultLimit::decide(Some(256 << 30), Some(("memory.max".into(), 1 << 30)));
        assert_eq!(d.bytes, 512 << 20);
        assert_eq!(
            d.to_string(),
            "512 MiB: half the control group's limit of 1024 MiB (memory.max)"
        );
        let d = DefaultLimit::decide(Some(2 << 30), None);
        assert_eq!(
            d.to_string(),
            "512 MiB: a quarter of the machine's 2048 MiB"
        );
        assert_eq!(DefaultLimit::decide(Some(64 << 30), None).bytes, 1 << 30);
        assert_eq!(
            DefaultLimit::decide(None, None).source,
            LimitSource::Unknown
        );
    }

    #[test]
    fn the_machine_memory_is_read_from_meminfo() {
        let text = "MemTotal:       24576000 kB\nMemFree:        1000 kB\n";
        assert_eq!(mem_total_bytes(text), Some(24_576_000 * 1024));
        assert_eq!(mem_total_bytes("MemFree: 12 kB\n"), None);
        assert_eq!(mem_total_bytes("MemTotal: lots kB\n"), None);
    }
}
