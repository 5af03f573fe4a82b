//! Checkpoints of a single long count: the search's *frontier*, the subtrees not yet
//! searched (shard paths), with the figures of everything searched so far. A run advances the
//! frontier one budgeted piece at a time ([`Shard::run_with_budget`]), so that between two
//! pieces (and when a deadline or a signal stops a piece) the whole state is a short text
//! that can be written to a file, and a later run, on this machine or another, goes on from
//! it to the same final figures as a run never stopped.
//!
//! The text is line-oriented:
//!
//! ```text
//! dlxkit checkpoint 1
//! fingerprint 8d2f0c1b9a7e6d54
//! order seed 7
//! solutions 1234
//! nodes 567890
//! updates 12345678
//! cleansings 0
//! profile 1 8 40 ...
//! todo 3/8 2-5/6
//! todo 4-8/8
//! ```
//!
//! The `order` line is there when the count branches in an order other than Knuth's plain
//! one (`seed N`, `sharp`, or both): without item bounds the frontier's paths are of
//! Knuth's plain tree and each piece searches its subtrees in that order; with bounds they
//! are of Algorithm M's tree with `#` items preferred or not, whose moves are numbered in
//! it, and the seed is not used (Algorithm M's seeded tree is not fixed by its paths; the
//! count is the same). Either way a resume must name the same order
//! ([`Frontier::check_order`]).

use std::collections::VecDeque;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::{Condvar, Mutex};

use thiserror::Error;

use super::{
    fingerprint, LocateError, Part, Path, Shard, SplitBudget, SplitBy, Totals, MAX_LEVELS,
};
use crate::xc::bits::BitsError;
use crate::xc::choose::SearchOrder;
use crate::xc::machine::{Any, Engine, Machine};
use crate::xc::problem::Problem;
use crate::xc::search::{Event, Limits, Solver, Status};
use crate::xc::storage::Arena;
use crate::xc::storage::Storage;
use crate::xc::Count;

/// The first line of a checkpoint file.
const HEADER: &str = "dlxkit checkpoint 1";

/// A count in progress: what is left to search and what was counted (see the module
/// documentation).
///
/// ```
/// use dlxkit::xc::{Arena, Problem, Solver};
/// use dlxkit::xc::shard::Frontier;
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let arena = Arena::new();
/// let mut solver = Solver::new(&p, &arena);
/// let mut frontier = Frontier::new(&mut solver);
/// frontier.step(&mut solver, 2)?;
/// // Written, read back (by another process, say), and finished.
/// let mut again: Frontier = frontier.to_string().parse()?;
/// again.check(&mut solver)?;
/// while !again.is_done() {
///     again.step(&mut solver, 2)?;
/// }
/// assert_eq!(again.totals().solutions, 4u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frontier {
    fingerprint: u64,
    order: SearchOrder,
    totals: Totals,
    todo: VecDeque<Path>,
}

/// Why a checkpoint cannot be read or used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// A line is not what the format says.
    #[error("line {line}: {what}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// The checkpoint is of another problem (or other forced options, or another version).
    #[error("the checkpoint is of another problem (fingerprint {found:016x}, this problem's is {expected:016x})")]
    Foreign {
        /// The checkpoint's fingerprint.
        found: u64,
        /// This problem's.
        expected: u64,
    },
    /// A path of the frontier is not in this problem's search.
    #[error(transparent)]
    Locate(#[from] LocateError),
    /// The engine asked for cannot take the problem (the bit sets: its size).
    #[error(transparent)]
    Size(#[from] BitsError),
    /// The checkpoint was made in another order (a seed, `#` items preferred) than the run
    /// that resumes it: its paths are of another tree.
    #[error("the checkpoint was made with {}, and this run asks for {}: resume it with the same order (its paths are of that search tree)", describe(.found), describe(.expected))]
    Order {
        /// The checkpoint's order.
        found: SearchOrder,
        /// The order of the run that resumes it.
        expected: SearchOrder,
    },
}

/// An order as a refusal names it.
fn describe(order: &SearchOrder) -> String {
    match (order.seed, order.prefer_sharp) {
        (None, false) => "Knuth's plain order (no seed)".to_string(),
        (None, true) => "`#` items preferred and no seed".to_string(),
        (Some(seed), false) => format!("seed {seed}"),
        (Some(seed), true) => format!("seed {seed} and `#` items preferred"),
    }
}

impl Frontier {
    /// The frontier of a search not yet started: the whole tree below the solver's forced
    /// options.
    pub fn new<S: Storage>(solver: &mut Solver<'_, S>) -> Frontier {
        let base = solver.forced().to_vec();
        Frontier {
            fingerprint: fingerprint(solver.problem(), &base, SplitBy::Depth(0)),
            order: SearchOrder::new(),
            totals: Totals::default(),
            todo: VecDeque::from([Path::default()]),
        }
    }

    /// The same frontier, for a count that branches in `order` (only its seed's 31 low bits
    /// count): [`Frontier::run_threads_on`] searches in it, and the checkpoint names it.
    ///
    /// ```
    /// use dlxkit::xc::shard::{CheckpointError, Frontier};
    /// use dlxkit::xc::{Arena, Limits, Problem, SearchOrder, Solver};
    /// use dlxkit::xc::machine::Engine;
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let seeded = SearchOrder::new().seed(7);
    /// let mut frontier = Frontier::new(&mut Solver::new(&p, &arena)).in_order(seeded);
    /// frontier.run_threads_on(Engine::Links, &p, 1, 2, &Limits::new().nodes(2), |_| true)?;
    /// let again: Frontier = frontier.to_string().parse()?;
    /// assert_eq!(again.check_order(seeded), Ok(()));
    /// assert!(matches!(again.check_order(SearchOrder::new()), Err(CheckpointError::Order { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_order(mut self, order: SearchOrder) -> Frontier {
        self.order = SearchOrder {
            seed: order.seed.map(|seed| seed & 0x7fff_ffff),
            ..order
        };
        self
    }

    /// The order the count branches in.
    pub fn order(&self) -> SearchOrder {
        self.order
    }

    /// Checks that a run in `order` may resume this frontier (read from a file): refused,
    /// naming both, when the orders differ.
    pub fn check_order(&self, order: SearchOrder) -> Result<(), CheckpointError> {
        let expected = Frontier::empty(0).in_order(order).order;
        if expected != self.order {
            return Err(CheckpointError::Order {
                found: self.order,
                expected,
            });
        }
        Ok(())
    }

    /// Checks that the frontier belongs to the search of `solver` (read from a file).
    pub fn check<S: Storage>(&self, solver: &mut Solver<'_, S>) -> Result<(), CheckpointError> {
        let base = solver.forced().to_vec();
        let expected = fingerprint(solver.problem(), &base, SplitBy::Depth(0));
        if expected != self.fingerprint {
            return Err(CheckpointError::Foreign {
                found: self.fingerprint,
                expected,
            });
        }
        Ok(())
    }

    /// Searches the first subtree of the frontier within `budget` nodes (and the solver's
    /// limits), putting back what it did not search; the status of that piece
    /// ([`Status::NodeLimit`] when the budget ran out, which is no reason to stop).
    pub fn step<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        budget: u64,
    ) -> Result<Status, CheckpointError> {
        let Some(path) = self.todo.pop_front() else {
            return Ok(Status::Complete);
        };
        let shard = match Shard::locate(solver, &path) {
            Ok(shard) => shard,
            Err(e) => {
                self.todo.push_front(path);
                return Err(e.into());
            }
        };
        let run = shard.run_with_budget(solver, budget, false, |_| ControlFlow::Continue(()));
        if !run.outcome.status.is_complete() && run.continuation.is_empty() {
            // Nothing kept of this piece: it goes back whole.
            self.todo.push_front(path);
            return Ok(run.outcome.status);
        }
        self.totals.add(path.depth(), &run.outcome.stats);
        for path in paths_of(run.continuation).into_iter().rev() {
            self.todo.push_front(path);
        }
        Ok(run.outcome.status)
    }

    /// Advances the frontier on `threads` threads until nothing is left or a limit stops it:
    /// each thread takes the first subtree left, searches it within `budget` nodes and puts
    /// back what it did not search, as [`Frontier::step`] does. After every piece, `write`
    /// is given the whole state (the subtrees being searched at that moment are in its list,
    /// whole, since nothing of them is counted yet), so that what it writes resumes to the
    /// same final figures whatever the moment; when it answers false, the threads stop
    /// after their pieces.
    ///
    /// `limits` apply to the whole run: a deadline or the cancel flag stops every thread at
    /// once (the pieces they were in go back whole), and `max_nodes` is checked against the
    /// total between pieces. The answer is how the run ended ([`Status::Complete`] when
    /// nothing is left); the figures are then those of one thread's search, whatever the
    /// number of threads and the order the pieces ended in (sums do not depend on it).
    ///
    /// ```
    /// use dlxkit::xc::{Arena, Limits, Problem, Solver, Status};
    /// use dlxkit::xc::shard::Frontier;
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// let p = Queens::new(8, QueensOrder::default())?.problem().clone();
    /// let arena = Arena::new();
    /// let mut frontier = Frontier::new(&mut Solver::new(&p, &arena));
    /// let mut writes = 0;
    /// let status = frontier.run_threads(&p, 3, 50, &Limits::new(), |_| {
    ///     writes += 1;
    ///     true
    /// })?;
    /// assert_eq!(status, Status::Complete);
    /// assert_eq!(frontier.totals().solutions, 92u64);
    /// assert_eq!(frontier.totals().nodes, u128::from(Solver::new(&p, &arena).count().stats.nodes));
    /// assert!(writes > 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_threads<W>(
        &mut self,
        problem: &Problem,
        threads: usize,
        budget: u64,
        limits: &Limits,
        write: W,
    ) -> Result<Status, CheckpointError>
    where
        W: FnMut(&Frontier) -> bool + Send,
    {
        self.run_threads_on(Engine::Links, problem, threads, budget, limits, write)
    }

    /// Advances the frontier as [`Frontier::run_threads`] does, each piece's subtrees
    /// searched on `engine` ([`Shard::run_on`] on dancing cells and the bit sets: the links
    /// walk the tree, the frontier's paths are the links' whatever the engine, and a
    /// checkpoint written on one engine resumes on another). The count is the links'; the
    /// other figures are the engine's where it searched a subtree whole. Refused when the
    /// engine cannot take the problem.
    ///
    /// ```
    /// use dlxkit::xc::machine::Engine;
    /// use dlxkit::xc::{Arena, Limits, Problem, Solver, Status};
    /// use dlxkit::xc::shard::Frontier;
    /// use dlxkit::puzzles::{queens::{Queens, QueensOrder}, Puzzle};
    /// let p = Queens::new(8, QueensOrder::default())?.problem().clone();
    /// let arena = Arena::new();
    /// let mut frontier = Frontier::new(&mut Solver::new(&p, &arena));
    /// let status = frontier.run_threads_on(Engine::Cells, &p, 2, 100, &Limits::new(), |_| true)?;
    /// assert_eq!(status, Status::Complete);
    /// assert_eq!(frontier.totals().solutions, 92u64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_threads_on<W>(
        &mut self,
        engine: Engine,
        problem: &Problem,
        threads: usize,
        budget: u64,
        limits: &Limits,
        write: W,
    ) -> Result<Status, CheckpointError>
    where
        W: FnMut(&Frontier) -> bool + Send,
    {
        let arena = Arena::new();
        Any::new(engine, problem, &arena, self.order)?;
        let order = self.order;
        let threads = threads.max(1);
        let mut piece_limits = limits.clone();
        piece_limits.max_nodes = None;
        let shared = Mutex::new(Shared {
            frontier: std::mem::replace(self, Frontier::empty(self.fingerprint).in_order(order)),
            running: vec![None; threads],
            stop: None,
            error: None,
            write,
        });
        let wake = Condvar::new();
        std::thread::scope(|scope| {
            for me in 0..threads {
                let (shared, wake, piece_limits) = (&shared, &wake, &piece_limits);
                scope.spawn(move || {
                    work(
                        me,
                        engine,
                        order,
                        problem,
                        budget,
                        piece_limits,
                        limits.max_nodes,
                        shared,
                        wake,
                    )
                });
            }
        });
        let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
        *self = shared.frontier;
        if let Some(e) = shared.error {
            return Err(e);
        }
        Ok(match shared.stop {
            _ if self.is_done() => Status::Complete,
            Some(status) => status,
            None => Status::Complete,
        })
    }

    fn empty(fingerprint: u64) -> Frontier {
        Frontier {
            fingerprint,
            order: SearchOrder::new(),
            totals: Totals::default(),
            todo: VecDeque::new(),
        }
    }

    /// The state to write while some subtrees are being searched: those first, whole.
    fn with_running(&self, running: &[Option<Path>]) -> Frontier {
        let mut todo: VecDeque<Path> = running.iter().flatten().cloned().collect();
        todo.extend(self.todo.iter().cloned());
        Frontier {
            fingerprint: self.fingerprint,
            order: self.order,
            totals: self.totals.clone(),
            todo,
        }
    }

    /// Whether nothing is left to search: the totals are the whole search's.
    pub fn is_done(&self) -> bool {
        self.todo.is_empty()
    }

    /// The figures of everything searched so far (nodes above the frontier's subtrees
    /// included), as the search on one thread counts them.
    pub fn totals(&self) -> &Totals {
        &self.totals
    }

    /// The subtrees left, in the order of the search.
    pub fn todo(&self) -> impl Iterator<Item = &Path> {
        self.todo.iter()
    }
}

/// What the threads of [`Frontier::run_threads`] share.
struct Shared<W> {
    frontier: Frontier,
    /// The subtree each thread is searching.
    running: Vec<Option<Path>>,
    /// Why the run stops (the first reason found).
    stop: Option<Status>,
    error: Option<CheckpointError>,
    write: W,
}

/// One thread of [`Frontier::run_threads`].
#[allow(clippy::too_many_arguments)]
fn work<W: FnMut(&Frontier) -> bool>(
    me: usize,
    engine: Engine,
    order: SearchOrder,
    problem: &Problem,
    budget: u64,
    limits: &Limits,
    max_nodes: Option<u64>,
    shared: &Mutex<Shared<W>>,
    wake: &Condvar,
) {
    let arena = Arena::new();
    // The links walk the tree in Knuth's plain order without bounds, in the count's with
    // bounds (Algorithm M's moves are numbered in it); another engine, or the links in
    // another order, searches the subtrees whole. With bounds the seed is left out of both:
    // Algorithm M's seeded tree is not fixed by its paths (its ties are broken by one
    // generator running through the whole search, and the moves of a subtree depend on
    // the draws made before it), and the count is the same in any order.
    let (walk, search) = match problem.has_bounds() {
        true => {
            let unseeded = SearchOrder {
                seed: None,
                ..order
            };
            (unseeded, unseeded)
        }
        false => (SearchOrder::new(), order),
    };
    let mut solver = Solver::with_order(problem, &arena, walk);
    solver.set_limits(limits.clone());
    let mut machine = match engine {
        Engine::Links if walk == search => None,
        engine => Any::new(engine, problem, &arena, search).ok(),
    };
    if let Some(machine) = machine.as_mut() {
        machine.set_limits(limits.clone());
        machine.count_updates(true);
    }
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let path = {
            let mut s = lock();
            loop {
                if s.stop.is_some() || s.error.is_some() {
                    return;
                }
                if let Some(path) = s.frontier.todo.pop_front() {
                    s.running[me] = Some(path.clone());
                    break path;
                }
                if s.running.iter().all(Option::is_none) {
                    wake.notify_all();
                    return;
                }
                // Others may yet put back the rest of their subtrees.
                s = wake.wait(s).unwrap_or_else(|e| e.into_inner());
            }
        };
        let quiet = |_: Event<'_>| ControlFlow::Continue(());
        let run = Shard::locate(&mut solver, &path).map(|shard| match machine.as_mut() {
            None => shard.run_with_budget(&mut solver, budget, false, quiet),
            Some(m) => shard.run_on(&mut solver, m, SplitBudget::nodes(budget), false, quiet),
        });
        let mut s = lock();
        s.running[me] = None;
        match run {
            Err(e) => {
                s.frontier.todo.push_front(path);
                s.error.get_or_insert(e.into());
            }
            Ok(run) => {
                let status = run.outcome.status;
                // A budget spent is no reason to stop; a deadline or a signal is.
                if !status.is_complete() && status != Status::NodeLimit {
                    s.stop.get_or_insert(status);
                }
                if !status.is_complete() && run.continuation.is_empty() {
                    // Nothing kept of this piece: it goes back whole.
                    s.frontier.todo.push_front(path);
                } else {
                    s.frontier.totals.add(path.depth(), &run.outcome.stats);
                    for path in paths_of(run.continuation).into_iter().rev() {
                        s.frontier.todo.push_front(path);
                    }
                }
                if max_nodes.is_some_and(|m| s.frontier.totals.nodes >= u128::from(m)) {
                    s.stop.get_or_insert(Status::NodeLimit);
                }
                let state = s.frontier.with_running(&s.running);
                if !(s.write)(&state) {
                    s.stop.get_or_insert(Status::Cancelled);
                }
            }
        }
        wake.notify_all();
    }
}

/// The paths of a continuation's parts, in the order of the search: a frontier keeps
/// subtrees, and its pieces take one at a time.
fn paths_of(parts: Vec<Part>) -> Vec<Path> {
    parts
        .iter()
        .flat_map(|p| p.paths().iter().cloned())
        .collect()
}

impl fmt::Display for Frontier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{HEADER}")?;
        writeln!(f, "fingerprint {:016x}", self.fingerprint)?;
        if self.order != SearchOrder::new() {
            write!(f, "order")?;
            if let Some(seed) = self.order.seed {
                write!(f, " seed {seed}")?;
            }
            if self.order.prefer_sharp {
                write!(f, " sharp")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "solutions {}", self.totals.solutions)?;
        writeln!(f, "nodes {}", self.totals.nodes)?;
        writeln!(f, "updates {}", self.totals.updates)?;
        writeln!(f, "cleansings {}", self.totals.cleansings)?;
        write!(f, "profile")?;
        for n in &self.totals.profile {
            write!(f, " {n}")?;
        }
        writeln!(f)?;
        for path in &self.todo {
            writeln!(f, "todo {path}")?;
        }
        Ok(())
    }
}

impl FromStr for Frontier {
    type Err = CheckpointError;

    fn from_str(text: &str) -> Result<Frontier, CheckpointError> {
        let mut lines = text.lines().enumerate();
        let syntax = |line: usize, what: String| CheckpointError::Syntax {
            line: line + 1,
            what,
        };
        match lines.next() {
            Some((_, HEADER)) => {}
            _ => {
                return Err(syntax(
                    0,
                    format!("not a checkpoint: the first line is not `{HEADER}`"),
                ))
            }
        }
        let mut lines = lines.peekable();
        let field = |lines: &mut std::iter::Peekable<_>,
                     name: &str|
         -> Result<(usize, String), CheckpointError> {
            let (k, line): (usize, &str) = lines.next().ok_or_else(|| {
                syntax(
                    usize::MAX - 1,
                    format!("the checkpoint ends before `{name}`"),
                )
            })?;
            let rest = line
                .strip_prefix(name)
                .filter(|r| r.is_empty() || r.starts_with(' '))
                .ok_or_else(|| syntax(k, format!("expected `{name} ...`")))?;
            Ok((k, rest.trim().to_string()))
        };
        let (k, hex) = field(&mut lines, "fingerprint")?;
        let fingerprint = u64::from_str_radix(&hex, 16)
            .map_err(|_| syntax(k, format!("`{hex}` is not a hex fingerprint")))?;
        let mut order = SearchOrder::new();
        if lines.peek().is_some_and(|(_, l)| l.starts_with("order")) {
            let (k, words) = field(&mut lines, "order")?;
            let mut words = words.split_whitespace();
            while let Some(word) = words.next() {
                match word {
                    "sharp" => order.prefer_sharp = true,
                    "seed" => {
                        let seed = words.next().and_then(|w| w.parse::<u64>().ok());
                        let seed = seed.filter(|&s| s <= 0x7fff_ffff).ok_or_else(|| {
                            syntax(k, "`seed` takes a number below 2^31".to_string())
                        })?;
                        order.seed = Some(seed);
                    }
                    _ => {
                        return Err(syntax(
                            k,
                            format!("`{word}` is not an order (`seed N`, `sharp`)"),
                        ))
                    }
                }
            }
        }
        let (k, word) = field(&mut lines, "solutions")?;
        let solutions = word
            .parse::<Count>()
            .map_err(|e| syntax(k, format!("`{word}` is not a count for `solutions`: {e}")))?;
        let number =
            |lines: &mut std::iter::Peekable<_>, name: &str| -> Result<u128, CheckpointError> {
                let (k, word) = field(lines, name)?;
                word.parse::<u128>()
                    .map_err(|_| syntax(k, format!("`{word}` is not a count for `{name}`")))
            };
        let nodes = number(&mut lines, "nodes")?;
        let updates = number(&mut lines, "updates")?;
        let cleansings = number(&mut lines, "cleansings")?;
        // Written by earlier versions (nodes searched again after a stop, now always 0):
        // read and checked, not kept.
        if lines.peek().is_some_and(|(_, l)| l.starts_with("waste")) {
            number(&mut lines, "waste")?;
        }
        let (k, words) = field(&mut lines, "profile")?;
        let mut profile = Vec::new();
        for word in words.split_whitespace() {
            if profile.len() >= MAX_LEVELS {
                return Err(syntax(
                    k,
                    format!("a profile longer than {MAX_LEVELS} levels"),
                ));
            }
            profile.push(
                word.parse::<u128>()
                    .map_err(|_| syntax(k, format!("`{word}` is not a count")))?,
            );
        }
        let mut todo = VecDeque::new();
        for (k, line) in lines {
            let path = line
                .strip_prefix("todo ")
                .ok_or_else(|| syntax(k, "expected `todo PATH`".to_string()))?;
            todo.push_back(path.parse::<Path>().map_err(|e| syntax(k, e.to_string()))?);
        }
        Ok(Frontier {
            fingerprint,
            order,
            totals: Totals {
                solutions,
                nodes,
                updates,
                cleansings,
                profile,
            },
            todo,
        })
    }
}
