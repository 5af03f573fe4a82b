//! The shards of a [`Split`] searched on several threads, with the standard library's scoped
//! threads (no thread pool crate).
//!
//! Each thread builds its own solver (its own copy of the dancing links) and takes the next
//! shard in the sequential order as soon as it is free: with many more shards than threads
//! ([`SHARDS_PER_THREAD`]), a thread never waits while work is left, except
//! at the very end, when what is left are the last, small shards. [`for_each_shard`] runs
//! any work on each shard (the command line streams solutions and progress from it);
//! [`count`] counts every solution and keeps each shard's figures, to measure how the
//! work was spread; [`search`] lists (in the sequential order, or as found) or counts the
//! solutions with the figures of the sequential search, sending what it finds to a [`Sink`]
//! on the calling thread.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use super::best::{BestOutcome, BestSolver, Cheapest, Costed};
use super::bits::BitsError;
use super::choose::SearchOrder;
use super::machine::{Any, Engine, Machine};
use super::meter::Budget;
use super::problem::{OptionId, Problem};
use super::search::{Choice, Counts, Event, Limits, Outcome, Progress, Solver, Stats, Status};
use super::shard::{Shard, Split, SplitBy, Totals};
use super::sink::Sink;
use super::storage::{Arena, Storage};

/// Shards per thread for a search on several threads: enough that the last shards to finish
/// are small next to the whole (BENCHMARKS.md, "Parallel search", measures the largest
/// shard's share as this grows), few enough that splitting stays instant.
pub const SHARDS_PER_THREAD: usize = 32;

/// Runs `work` on every shard of `split` on `threads` threads (at least one: the calling
/// thread and `threads - 1` more), each thread with its own [`Solver`] of `problem` (the solver the split was made with must have had no
/// forced options). The shards are taken in the order of the sequential search, or with
/// `largest_first` by share, the largest first (so that the large shards, often the last of
/// the tree where the split stopped expanding, do not start last and leave one thread
/// working alone). A thread takes no new shard once `stop` is set. Returns the number of
/// threads that worked (the calling thread, and those that could be started).
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
/// use dlxkit::xc::Problem;
/// use dlxkit::xc::parallel::for_each_shard;
/// use dlxkit::xc::shard::{Split, SplitBy};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(3));
/// let found = AtomicU64::new(0);
/// for_each_shard(&p, &split, 2, true, &AtomicBool::new(false), |solver, _index, shard| {
///     let outcome = shard.run(solver, false, 0, |_| ControlFlow::Continue(()));
///     found.fetch_add(outcome.stats.solutions, Ordering::Relaxed);
/// });
/// assert_eq!(found.into_inner(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn for_each_shard<F>(
    problem: &Problem,
    split: &Split,
    threads: usize,
    largest_first: bool,
    stop: &AtomicBool,
    work: F,
) -> usize
where
    F: Fn(&mut Solver<'_>, usize, &Shard) + Sync,
{
    let queue = Queue::new(split, largest_first);
    let shards = split.shards();
    let (queue, work) = (&queue, &work);
    let worker = move || {
        let arena = Arena::new();
        let mut solver = Solver::new(problem, &arena);
        while let Some(index) = queue.next(stop) {
            work(&mut solver, index, &shards[index]);
        }
    };
    spread(threads, &worker, worker)
}

/// [`for_each_shard`] on the machines of `engine` (dancing links, bit sets or dancing
/// cells), each branching in `order` (a seed, the sharp preference): the split, made in
/// Knuth's plain order on the links, still partitions the solutions, and each shard's
/// solutions are searched in `order` by the engine. Fails, before any work, when the
/// engine cannot take the problem.
///
/// ```
/// use std::ops::ControlFlow;
/// use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
/// use dlxkit::xc::machine::Engine;
/// use dlxkit::xc::parallel::for_each_shard_on;
/// use dlxkit::xc::shard::{Split, SplitBy};
/// use dlxkit::xc::{Problem, SearchOrder};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(3));
/// for engine in Engine::ALL {
///     let found = AtomicU64::new(0);
///     let stop = AtomicBool::new(false);
///     for_each_shard_on(&p, engine, SearchOrder::new(), &split, 2, false, &stop, |m, _, shard| {
///         let outcome = shard.run(m, false, 0, |_| ControlFlow::Continue(()));
///         found.fetch_add(outcome.stats.solutions, Ordering::Relaxed);
///     })?;
///     assert_eq!(found.into_inner(), 4);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn for_each_shard_on<F>(
    problem: &Problem,
    engine: Engine,
    search_order: SearchOrder,
    split: &Split,
    threads: usize,
    largest_first: bool,
    stop: &AtomicBool,
    work: F,
) -> Result<usize, BitsError>
where
    F: Fn(&mut Any<'_>, usize, &Shard) + Sync,
{
    let arena = Arena::new();
    let mut first = Any::new(engine, problem, &arena, search_order)?;
    let queue = Queue::new(split, largest_first);
    let shards = split.shards();
    let (queue, work) = (&queue, &work);
    let run = move |machine: &mut Any<'_>| {
        while let Some(index) = queue.next(stop) {
            work(machine, index, &shards[index]);
        }
    };
    let others = move || {
        let arena = Arena::new();
        let mut machine = Any::new(engine, problem, &arena, search_order)
            .expect("the same machine was built on the calling thread");
        run(&mut machine);
    };
    Ok(spread(threads, &others, move || run(&mut first)))
}

/// The shards of a split in the order the threads take them.
struct Queue {
    order: Vec<usize>,
    next: AtomicUsize,
}

impl Queue {
    /// In the search's order, or with `largest_first` by share, the largest first.
    fn new(split: &Split, largest_first: bool) -> Queue {
        let shards = split.shards();
        let mut order: Vec<usize> = (0..shards.len()).collect();
        if largest_first {
            // A stable sort: equal shares stay in the search's order.
            order.sort_by(|&a, &b| shards[b].share().total_cmp(&shards[a].share()));
        }
        Queue {
            order,
            next: AtomicUsize::new(0),
        }
    }

    /// The next shard to search, none once all are taken or `stop` is set.
    fn next(&self, stop: &AtomicBool) -> Option<usize> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let taken = self.next.fetch_add(1, Ordering::SeqCst);
        self.order.get(taken).copied()
    }
}

/// Runs `others` on `threads - 1` scoped threads (as many as can be started) and `own` on
/// the calling thread, which starts at once while the others wake; the threads that
/// worked.
fn spread(threads: usize, others: &(dyn Fn() + Sync), own: impl FnOnce()) -> usize {
    std::thread::scope(|scope| {
        let mut started = 1;
        for t in 1..threads.max(1) {
            let spawned = std::thread::Builder::new()
                .name(format!("dlxkit-shards-{t}"))
                .spawn_scoped(scope, others);
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        own();
        started
    })
}

/// What [`count`] found: the whole search's figures, and each shard's.
#[derive(Clone, Debug)]
pub struct Count {
    /// The split searched.
    pub split: Split,
    /// The figures of the whole search: the split's and every shard's, added up.
    pub totals: Totals,
    /// Each shard's statistics, in the order of the split.
    pub shards: Vec<Stats>,
    /// Wall-clock time, splitting included.
    pub elapsed: Duration,
    /// The threads that worked.
    pub threads: usize,
    /// Whether every shard was searched to its end.
    pub complete: bool,
    /// Why the count ended: [`Status::Complete`], or the limit that stopped it.
    pub status: Status,
}

impl Count {
    /// The largest shard's share of the nodes below the split (1 when nothing was searched):
    /// how much of the work one thread could be left doing alone at the end.
    pub fn largest_share(&self) -> f64 {
        let nodes: u64 = self.shards.iter().map(|s| s.nodes).sum();
        let largest = self.shards.iter().map(|s| s.nodes).max().unwrap_or(0);
        match nodes {
            0 => 1.0,
            n => largest as f64 / n as f64,
        }
    }
}

impl Count {
    /// The speed-up the split allows on its threads, whatever the machine's load: the
    /// shards' work (their updates, which the time follows more closely than nodes) dealt
    /// out in the order the threads take them, each to the thread free first, against all
    /// of it on one thread. 2.0 on two threads is a perfect balance.
    pub fn balanced_speedup(&self) -> f64 {
        let shards = self.split.shards();
        let mut order: Vec<usize> = (0..shards.len()).collect();
        order.sort_by(|&a, &b| shards[b].share().total_cmp(&shards[a].share()));
        let mut finish = vec![0u64; self.threads.max(1)];
        for k in order {
            let free = finish.iter_mut().min().expect("at least one thread");
            *free += self.shards[k].updates + self.shards[k].nodes;
        }
        let total: u64 = finish.iter().sum();
        let makespan = finish.iter().copied().max().unwrap_or(0);
        match makespan {
            0 => 1.0,
            m => total as f64 / m as f64,
        }
    }
}

/// Counts every solution of `problem` on `threads` threads, the tree cut into
/// `shards_per_thread` shards per thread, each shard searched within `limits` (a cancel flag
/// or a deadline stop them all; [`Count::complete`] says whether every shard finished).
///
/// ```
/// use dlxkit::xc::{Arena, Limits, Problem, Solver};
/// use dlxkit::xc::parallel::count;
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let counted = count(&p, 2, 16, &Limits::new());
/// assert!(counted.complete);
/// assert_eq!(counted.totals.solutions, 4u64);
/// let arena = Arena::new();
/// let sequential = Solver::new(&p, &arena).count().stats;
/// assert_eq!(counted.totals.nodes, u128::from(sequential.nodes)); // the same tree
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count(
    problem: &Problem,
    threads: usize,
    shards_per_thread: usize,
    limits: &Limits,
) -> Count {
    let arena = Arena::new();
    count_below(
        &mut Solver::new(problem, &arena),
        threads,
        shards_per_thread,
        limits,
    )
}

/// [`count`] below the options forced in `solver` (a Sudoku's givens, say), which each
/// thread forces too. The limits are those of the whole count: it stops once
/// `max_solutions` are found in all (the count is then that many, and the status
/// [`Status::SolutionLimit`]), the threads draw their nodes from one `max_nodes` budget (each
/// shard may use what is left when it starts), and a deadline or the cancel flag stops
/// every thread.
///
/// ```
/// use dlxkit::xc::{Arena, Limits, OptionId, Problem, Solver, Status};
/// use dlxkit::xc::parallel::count_below;
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let arena = Arena::new();
/// let mut solver = Solver::new(&p, &arena);
/// solver.force(OptionId::new(0))?; // A alone: then B C, or B and C
/// let counted = count_below(&mut solver, 2, 4, &Limits::new());
/// assert_eq!(counted.totals.solutions, 2u64);
/// assert_eq!(counted.status, Status::Complete);
/// let one = count_below(&mut solver, 2, 4, &Limits::new().solutions(1));
/// assert_eq!(one.totals.solutions, 1u64);
/// assert_eq!(one.status, Status::SolutionLimit);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_below<S: Storage>(
    solver: &mut Solver<'_, S>,
    threads: usize,
    shards_per_thread: usize,
    limits: &Limits,
) -> Count {
    let started = Instant::now();
    let threads = threads.max(1);
    let split = Split::of_solver(
        solver,
        SplitBy::Count(threads.saturating_mul(shards_per_thread.max(1))),
    );
    let base = solver.forced().to_vec();
    let problem = solver.problem();
    let results: Mutex<Vec<Option<Stats>>> = Mutex::new(vec![None; split.shards().len()]);
    let stop = AtomicBool::new(false);
    let found = AtomicU64::new(0);
    let budget = Budget::new(limits.max_nodes);
    let stopped: Mutex<Option<Status>> = Mutex::new(None);
    let threads = for_each_shard(
        problem,
        &split,
        threads,
        true,
        &stop,
        |solver, index, shard| {
            if solver.forced() != base.as_slice() {
                solver.unforce_all();
                for &o in &base {
                    solver
                        .force(o)
                        .expect("the options forced in the first solver");
                }
            }
            let mut mine = limits.clone();
            if let Some(max) = limits.max_solutions {
                mine.max_solutions = Some(max.saturating_sub(found.load(Ordering::SeqCst)));
            }
            mine.max_nodes = budget.left();
            solver.set_limits(mine);
            let outcome = shard.run(solver, false, 0, |_| ControlFlow::Continue(()));
            let total = found.fetch_add(outcome.stats.solutions, Ordering::SeqCst)
                + outcome.stats.solutions;
            budget.spend(outcome.stats.nodes);
            let limit_reached = limits.max_solutions.is_some_and(|max| total >= max);
            if outcome.status != Status::Complete || limit_reached {
                let status = if limit_reached {
                    Status::SolutionLimit
                } else {
                    outcome.status
                };
                let mut first = stopped.lock().unwrap_or_else(|e| e.into_inner());
                if first.is_none_or(|s| rank(status) > rank(s)) {
                    *first = Some(status);
                }
                stop.store(true, Ordering::SeqCst);
            }
            results.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(outcome.stats);
        },
    );
    let shards: Vec<Stats> = results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
    let mut totals = Totals::from_split(&split);
    for (shard, stats) in split.shards().iter().zip(&shards) {
        totals.add(shard.path().depth(), stats);
    }
    let status = stopped
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .unwrap_or(Status::Complete);
    if let (Status::SolutionLimit, Some(max)) = (status, limits.max_solutions) {
        totals.solutions = totals.solutions.min(max.into());
    }
    Count {
        split,
        totals,
        shards,
        elapsed: started.elapsed(),
        threads,
        complete: status == Status::Complete,
        status,
    }
}

/// Which of two reasons to stop a count wins: a signal, then time, nodes, the solution
/// limit.
fn rank(status: Status) -> u8 {
    match status {
        Status::Cancelled => 4,
        Status::TimeLimit => 3,
        Status::NodeLimit => 2,
        Status::SolutionLimit => 1,
        _ => 0,
    }
}

/// How often the gathering thread wakes up without news, to look for a signal or a deadline
/// and let the sink flush what it holds.
const TICK: Duration = Duration::from_millis(50);

/// Solutions a thread gathers before sending them.
const BATCH: usize = 64;

/// How [`search`] runs: what it lists and how often it reports progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct Listing {
    /// List the solutions (else they are only counted, none is built).
    pub list: bool,
    /// Send solutions as the threads find them, not in the order of the sequential search.
    pub unordered: bool,
    /// A progress report from each thread about every this many nodes (0: the default).
    pub progress_every: u64,
    /// The order each shard is searched in. The split cuts Knuth's plain tree, so with a
    /// seed or the sharp preference the solutions and the count are those of one thread,
    /// listed shard by shard, each shard's in `order`; the nodes are those of the shards'
    /// searches.
    pub order: SearchOrder,
    /// Count Knuth's updates and cleansings on an engine that does not make them (the bit
    /// sets: [`Machine::count_updates`]); without it their figures are 0.
    pub updates: bool,
}

/// Searches `problem` cut as `split` on `threads` threads within `limits` (one limit for the
/// whole search: the first `max_solutions` solutions of the sequential order, or a count up
/// to it; one node budget the threads draw from, passed by at most a progress report's
/// worth of nodes per thread; one deadline; the cancel flag stops every thread). Solutions
/// go to `sink` on the calling thread, in the sequential order unless `how.unordered` (each
/// shard's as soon as every earlier shard is done, later ones kept until then), with
/// progress merged into one estimate. The figures (solutions, nodes, updates, profile) are
/// those of the sequential search of the tree the split cut; a sink that breaks stops the
/// search with [`Status::Stopped`].
///
/// ```
/// use dlxkit::xc::parallel::{search, Listing};
/// use dlxkit::xc::plan::Collect;
/// use dlxkit::xc::shard::{Split, SplitBy};
/// use dlxkit::xc::{Limits, Problem};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(4));
/// let mut found = Collect::default();
/// let how = Listing { list: true, ..Listing::default() };
/// let outcome = search(&p, &split, 2, &Limits::new(), how, &mut found);
/// assert_eq!(found.solutions, p.all_solutions()); // in the sequential order
/// assert_eq!(outcome.stats.solutions, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(
    problem: &Problem,
    split: &Split,
    threads: usize,
    limits: &Limits,
    how: Listing,
    sink: &mut dyn Sink,
) -> Outcome {
    search_on(problem, Engine::Links, split, threads, limits, how, sink)
        .expect("the links take every problem")
}

/// [`search`] on the machines of `engine`: the same solutions, in the order of the split's
/// shards, each shard's in the engine's order (the bit sets' is the links'); the figures
/// add the split's (made on the links) and the engine's in each shard. Fails, before any
/// work, when the engine cannot take the problem.
///
/// ```
/// use dlxkit::xc::machine::Engine;
/// use dlxkit::xc::parallel::{search_on, Listing};
/// use dlxkit::xc::plan::Collect;
/// use dlxkit::xc::shard::{Split, SplitBy};
/// use dlxkit::xc::{Limits, Problem};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(4));
/// let mut found = Collect::default();
/// let how = Listing { list: true, ..Listing::default() };
/// search_on(&p, Engine::Bits, &split, 2, &Limits::new(), how, &mut found)?;
/// assert_eq!(found.solutions, p.all_solutions()); // the bit sets' order is the links'
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_on(
    problem: &Problem,
    engine: Engine,
    split: &Split,
    threads: usize,
    limits: &Limits,
    how: Listing,
    sink: &mut dyn Sink,
) -> Result<Outcome, BitsError> {
    {
        // The machine the threads build, built once here so that a refusal comes first.
        let arena = Arena::new();
        Any::new(engine, problem, &arena, how.order)?;
    }
    let started = Instant::now();
    let shards = split.shards();
    let threads = threads.max(1);
    let signal = limits.cancel.clone().unwrap_or_default();
    // The threads stop on this flag: set on a signal, at the limits, or when the sink breaks.
    let stop = AtomicBool::new(false);
    let budget = Budget::new(limits.max_nodes);
    let report_every = match how.progress_every {
        0 => 1 << 16,
        n => n,
    };
    let every = match limits.max_nodes {
        Some(max) => (max / (8 * threads as u64)).clamp(1, report_every),
        None => report_every,
    };
    let (tx, rx) = mpsc::channel::<Message>();
    let mut gather = Gather {
        split,
        totals: Totals::from_split(split),
        statuses: vec![None; shards.len()],
        pending: BTreeMap::new(),
        next_out: 0,
        printed: 0,
        limit: limits.max_solutions,
        limit_hit: false,
        broken: false,
        running: BTreeMap::new(),
        done_share: 0.0,
        estimate: 0.0,
        unordered: how.unordered,
        count_only: !how.list,
        stats: Stats::default(),
    };
    std::thread::scope(|scope| {
        let work = Work {
            stop: &stop,
            budget: &budget,
            limits: limits.clone(),
            every,
            list: how.list,
            updates: how.updates,
            tx,
        };
        let stop = &stop;
        scope.spawn(move || {
            let _ = for_each_shard_on(
                problem,
                engine,
                how.order,
                split,
                threads,
                !how.list || how.unordered,
                stop,
                |machine, index, shard| work.run(machine, index, shard),
            );
            // `work` and its sender end here: the gathering below then sees the channel close.
        });
        loop {
            let news = match rx.recv_timeout(TICK) {
                Ok(message) => Some(message),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if let Some(message) = news {
                gather.take(message, sink, stop);
            }
            if !gather.broken {
                let progress = gather.progress(started);
                if sink.progress(&progress).is_break() {
                    gather.broken = true;
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if signal.load(Ordering::Relaxed) {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    let interrupted = signal.load(Ordering::Relaxed);
    if !gather.limit_hit {
        // Stopped early: what later shards found is sent too, in order.
        gather.flush_pending(sink);
    }
    let timed_out = limits.deadline.is_some_and(|d| Instant::now() >= d);
    let status = if interrupted {
        Status::Cancelled
    } else if gather.limit_hit {
        Status::SolutionLimit
    } else if gather.broken {
        Status::Stopped
    } else if budget.is_spent() || gather.any(Status::NodeLimit) {
        Status::NodeLimit
    } else if timed_out || gather.any(Status::TimeLimit) {
        Status::TimeLimit
    } else if gather.statuses.iter().all(|s| *s == Some(Status::Complete)) {
        Status::Complete
    } else {
        Status::Cancelled
    };
    let t = &gather.totals;
    let solutions = match (how.list, limits.max_solutions) {
        (false, Some(n)) => t.solutions.clone().min(n.into()),
        (false, None) => t.solutions.clone(),
        (true, _) => gather.printed.into(),
    };
    // One process cannot pass 2^64 nodes (it would take centuries); the merge of shards
    // from many machines is 128-bit (`shard::merge`).
    let narrow = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
    // The bit sets make no updates unless they count them, and with item bounds never (else
    // the split's, made on the links, are not theirs).
    let links = engine != Engine::Bits || (how.updates && !problem.has_bounds());
    let stats = Stats {
        counts: match engine {
            Engine::Cells => Counts::Cells,
            _ if links => Counts::Links,
            _ => Counts::Tree,
        },
        solutions: solutions.to_u64().unwrap_or(u64::MAX),
        nodes: narrow(t.nodes),
        updates: if links { narrow(t.updates) } else { 0 },
        cleansings: if links { narrow(t.cleansings) } else { 0 },
        branches: gather.stats.branches + split.above().branches,
        dead_ends: gather.stats.dead_ends + split.above().dead_ends,
        elapsed: started.elapsed(),
        profile: t.profile.iter().map(|&n| narrow(n)).collect(),
    };
    Ok(Outcome { status, stats })
}

/// What the threads tell the gathering thread.
enum Message {
    /// Solutions of a shard, in its order.
    Solutions(usize, Vec<Vec<OptionId>>),
    /// How far a running shard is: the fraction explored, its nodes and solutions so far.
    Progress(usize, f64, u64, u64),
    /// A shard's search is over.
    Done(usize, Outcome),
}

/// What every thread does with a shard: search it within the limits, sending what it finds.
struct Work<'w> {
    stop: &'w AtomicBool,
    budget: &'w Budget,
    limits: Limits,
    every: u64,
    list: bool,
    updates: bool,
    tx: mpsc::Sender<Message>,
}

impl Work<'_> {
    fn run(&self, solver: &mut Any<'_>, index: usize, shard: &Shard) {
        let mut limits = self.limits.clone();
        limits.max_nodes = self.budget.left();
        solver.set_limits(limits);
        solver.count_updates(self.updates);
        let mut found = Vec::new();
        let mut counted = 0;
        let outcome = shard.run(solver, self.list, self.every, |event| {
            match event {
                Event::Solution(options) => {
                    found.push(options.to_vec());
                    if found.len() >= BATCH {
                        let batch = std::mem::take(&mut found);
                        let _ = self.tx.send(Message::Solutions(index, batch));
                    }
                }
                Event::Progress(p) => {
                    self.spend(p.nodes - counted);
                    counted = p.nodes;
                    let _ =
                        self.tx
                            .send(Message::Progress(index, p.estimate, p.nodes, p.solutions));
                }
            }
            match self.stop.load(Ordering::Relaxed) {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        });
        self.spend(outcome.stats.nodes.saturating_sub(counted));
        if !found.is_empty() {
            let _ = self.tx.send(Message::Solutions(index, found));
        }
        let _ = self.tx.send(Message::Done(index, outcome));
    }

    /// Spends `nodes` of the budget; the last of it stops every thread.
    fn spend(&self, nodes: u64) {
        if self.budget.spend(nodes) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// The gathering thread's state.
struct Gather<'s> {
    split: &'s Split,
    totals: Totals,
    statuses: Vec<Option<Status>>,
    /// Solutions of shards after `next_out`.
    pending: BTreeMap<usize, Vec<Vec<OptionId>>>,
    /// The first shard whose solutions are not all sent.
    next_out: usize,
    printed: u64,
    limit: Option<u64>,
    limit_hit: bool,
    /// Whether the sink asked to stop.
    broken: bool,
    /// The running shards: the fraction explored, nodes and solutions so far.
    running: BTreeMap<usize, (f64, u64, u64)>,
    done_share: f64,
    estimate: f64,
    unordered: bool,
    count_only: bool,
    stats: Stats,
}

impl Gather<'_> {
    fn take(&mut self, message: Message, sink: &mut dyn Sink, stop: &AtomicBool) {
        match message {
            Message::Solutions(index, solutions) => {
                if self.unordered || index == self.next_out {
                    for s in &solutions {
                        self.send(sink, s, stop);
                    }
                } else {
                    self.pending.entry(index).or_default().extend(solutions);
                }
            }
            Message::Progress(index, fraction, nodes, solutions) => {
                self.running.insert(index, (fraction, nodes, solutions));
            }
            Message::Done(index, outcome) => {
                self.running.remove(&index);
                let shard = &self.split.shards()[index];
                self.done_share += shard.share();
                self.totals.add(shard.path().depth(), &outcome.stats);
                self.stats.branches += outcome.stats.branches;
                self.stats.dead_ends += outcome.stats.dead_ends;
                self.statuses[index] = Some(outcome.status);
                match (self.count_only, self.limit) {
                    // A count up to N: once N are found in all, everyone may stop.
                    (true, Some(n)) if self.totals.solutions >= n => {
                        self.limit_hit = true;
                        stop.store(true, Ordering::SeqCst);
                    }
                    _ => {}
                }
                if matches!(
                    outcome.status,
                    Status::TimeLimit | Status::NodeLimit | Status::Cancelled
                ) {
                    // The other shards would stop the same way: none need start.
                    stop.store(true, Ordering::SeqCst);
                }
                // The shards done in order release their kept solutions.
                while self
                    .statuses
                    .get(self.next_out)
                    .is_some_and(Option::is_some)
                {
                    self.next_out += 1;
                    if let Some(kept) = self.pending.remove(&self.next_out) {
                        for s in &kept {
                            self.send(sink, s, stop);
                        }
                    }
                }
            }
        }
    }

    fn send(&mut self, sink: &mut dyn Sink, solution: &[OptionId], stop: &AtomicBool) {
        if self.limit_hit || self.broken {
            return;
        }
        if sink.solution(solution).is_break() {
            self.broken = true;
            stop.store(true, Ordering::SeqCst);
            return;
        }
        self.printed += 1;
        if self.limit == Some(self.printed) {
            self.limit_hit = true;
            stop.store(true, Ordering::SeqCst);
        }
    }

    /// Sends the solutions kept for later shards (a search stopped before they were due).
    fn flush_pending(&mut self, sink: &mut dyn Sink) {
        let stop = AtomicBool::new(false);
        for (_, kept) in std::mem::take(&mut self.pending) {
            for s in &kept {
                self.send(sink, s, &stop);
            }
        }
    }

    fn any(&self, status: Status) -> bool {
        self.statuses.contains(&Some(status))
    }

    /// The whole search's progress: the shares of the finished shards, plus the running
    /// ones' shares times their fractions explored; it only grows.
    fn progress(&mut self, started: Instant) -> Progress {
        let shards = self.split.shards();
        let running: f64 = self
            .running
            .iter()
            .map(|(&k, &(fraction, _, _))| shards[k].share() * fraction)
            .sum();
        self.estimate = self.estimate.max((self.done_share + running).min(1.0));
        let nodes = self.totals.nodes
            + self
                .running
                .values()
                .map(|&(_, n, _)| u128::from(n))
                .sum::<u128>();
        let solutions = self.totals.solutions.clone()
            + &self
                .running
                .values()
                .map(|&(_, _, s)| u128::from(s))
                .sum::<u128>()
                .into();
        Progress {
            nodes: u64::try_from(nodes).unwrap_or(u64::MAX),
            solutions: solutions.to_u64().unwrap_or(u64::MAX),
            level: 0,
            estimate: self.estimate,
            elapsed: started.elapsed(),
        }
    }
}

/// What the threads of [`best`] tell the gathering thread.
enum BestMessage {
    /// A solution that entered the K best found anywhere.
    Improvement(u64, Vec<OptionId>),
    /// A part's search is over: its statistics and why it ended.
    Done(Stats, Status),
}

/// The `k` cheapest solutions of `problem` (options with costs) on `threads` threads, as
/// Knuth's DLX5 finds them in each part: the plain search tree is cut into parts ([`Split`],
/// each part its prefix of forced options, [`Problem::forcing`]; with item bounds, Algorithm
/// M's tree in cost order, each part its numbered moves, [`Split::for_best`]),
/// each thread takes the next part and searches it for its own K best with DLX5, and all
/// of them prune with one shared bound, the K-th best cost found anywhere
/// ([`BestSolver::with_bound`]). The K best costs are those of the sequential search (ties
/// may be other solutions of the same cost); every improvement (a solution cheaper than the
/// K-th best found so far anywhere) goes to `sink` on the calling thread. The limits are
/// global: `max_solutions` counts improvements, the node budget is shared (each part may
/// use what is left when it starts), the deadline and the cancel flag stop every thread.
/// The statistics add up the split's and every part's.
///
/// ```
/// use dlxkit::xc::machine::Engine;
/// use dlxkit::xc::parallel::best;
/// use dlxkit::xc::plan::Discard;
/// use dlxkit::xc::{Limits, Problem};
/// let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
/// let found = best(&p, Engine::Links, 2, 2, &Limits::new(), &mut Discard);
/// let costs: Vec<u64> = found.cheapest.iter().map(|c| c.cost).collect();
/// assert_eq!(costs, [4, 6]); // as on one thread
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn best(
    problem: &Problem,
    engine: Engine,
    k: usize,
    threads: usize,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> BestOutcome {
    let threads = threads.max(1);
    let split = Split::for_best(
        problem,
        SplitBy::Count(threads.saturating_mul(SHARDS_PER_THREAD)),
    );
    let parts: Vec<Vec<Choice>> = split.shards().iter().flat_map(Shard::subtrees).collect();
    best_of_parts(
        problem,
        engine,
        &parts,
        split.above(),
        k,
        threads,
        limits,
        sink,
    )
}

/// The K cheapest solutions of one shard of a split (see [`best`]; the split is
/// [`Split::for_best`], which for a problem with item bounds numbers Algorithm M's moves in
/// the minimum-cost search's order): its parts searched on `threads` threads, the figures
/// those of the shard alone (the split's own are not added).
/// The K best of every shard of a list, kept by [`Cheapest`], are the K best of the whole.
///
/// ```
/// use dlxkit::xc::best::Cheapest;
/// use dlxkit::xc::machine::Engine;
/// use dlxkit::xc::parallel::best_in_shard;
/// use dlxkit::xc::plan::Discard;
/// use dlxkit::xc::shard::{Split, SplitBy};
/// use dlxkit::xc::{Limits, Problem};
/// let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
/// let split = Split::new(&p, SplitBy::Count(3));
/// let mut kept = Cheapest::new(2);
/// for shard in split.shards() {
///     let found = best_in_shard(&p, Engine::Links, shard, 2, 1, &Limits::new(), &mut Discard);
///     for c in found.cheapest {
///         kept.offer(c.cost, c.options);
///     }
/// }
/// let costs: Vec<u64> = kept.into_sorted().iter().map(|c| c.0).collect();
/// assert_eq!(costs, [4, 6]); // as the whole search finds them
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn best_in_shard(
    problem: &Problem,
    engine: Engine,
    shard: &Shard,
    k: usize,
    threads: usize,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> BestOutcome {
    let parts = shard.subtrees();
    let none = Stats::default();
    best_of_parts(
        problem,
        engine,
        &parts,
        &none,
        k,
        threads.max(1),
        limits,
        sink,
    )
}

/// The minimum-cost search of one part of a split tree, `choices` from the root: DLX5 on
/// the problem with the part's options forced (the origin maps its options back), or, with
/// item bounds, the bounded search below the part's moves (on the links, the bit sets
/// or dancing cells, whose trees are the same). `engine` runs the others.
pub(crate) fn search_part<'p>(
    problem: &'p Problem,
    engine: Engine,
    forced: &'p mut Option<(Problem, Vec<OptionId>)>,
    choices: &[Choice],
    k: usize,
) -> (BestSolver<'p>, Option<&'p [OptionId]>) {
    let mut options = Vec::new();
    let mut moves = Vec::new();
    for &c in choices {
        match c {
            Choice::Option(o) => options.push(o),
            Choice::Move(m) => moves.push(m),
        }
    }
    if !moves.is_empty() {
        let solver = BestSolver::on(engine, problem, k)
            .expect("the engine takes the problem")
            .below_moves(&moves)
            .expect("a part's moves are a path of the split that made it");
        return (solver, None);
    }
    let on = |p| {
        BestSolver::on(engine, p, k)
            .expect("a part is no larger than the whole, which the engine takes")
    };
    if options.is_empty() {
        return (on(problem), None);
    }
    let (part, origin) = forced.insert(
        problem
            .forcing_with_origin(&options)
            .expect("a part's options are a path of the search that made it"),
    );
    (on(part), Some(origin.as_slice()))
}

/// [`best`] over given parts, the figures `above` them added.
#[allow(clippy::too_many_arguments)]
fn best_of_parts(
    problem: &Problem,
    engine: Engine,
    parts: &[Vec<Choice>],
    above: &Stats,
    k: usize,
    threads: usize,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> BestOutcome {
    let started = Instant::now();
    let k = k.max(1);
    let signal = limits.cancel.clone().unwrap_or_default();
    let stop = Arc::new(AtomicBool::new(false));
    let budget = Budget::new(limits.max_nodes);
    let bound = Arc::new(AtomicU64::new(u64::MAX));
    let kept = Mutex::new(Cheapest::new(k));
    let improved = AtomicU64::new(0);
    let limit_hit = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    // The parts by the cost of their options, the cheapest first (stable: the tree's order
    // on ties): the sequential search tries cheap options first, and a part searched early
    // with a cheap prefix finds the low costs that let the others cut off sooner.
    let mut order: Vec<(u64, usize)> = parts
        .iter()
        .map(|choices| {
            let options = choices.iter().filter_map(|c| match c {
                Choice::Option(o) => Some(problem.option_cost(*o)),
                Choice::Move(_) => None,
            });
            options.fold(0u64, u64::saturating_add)
        })
        .zip(0..)
        .collect();
    order.sort_by_key(|&(least, _)| least);
    let (tx, rx) = mpsc::channel::<BestMessage>();
    let mut stats = above.clone();
    let mut statuses = Vec::new();
    let mut improvements = 0u64;
    let mut broken = false;
    std::thread::scope(|scope| {
        let worker = |tx: mpsc::Sender<BestMessage>| {
            while !stop.load(Ordering::Relaxed) {
                let Some(&(least, index)) = order.get(next.fetch_add(1, Ordering::SeqCst)) else {
                    break;
                };
                let choices = &parts[index];
                if least >= bound.load(Ordering::SeqCst) {
                    // Every solution of the part costs at least its options' costs: none
                    // is among the K best found. (Nothing searched: as a part done.)
                    let _ = tx.send(BestMessage::Done(Stats::default(), Status::Complete));
                    continue;
                }
                let mut forced = None;
                let (solver, origin) = search_part(problem, engine, &mut forced, choices, k);
                let mut mine = limits.clone();
                mine.cancel = Some(stop.clone());
                mine.max_nodes = budget.left();
                mine.max_solutions = None;
                let mut solver = solver.with_limits(mine).with_bound(bound.clone());
                for Costed { cost, options } in solver.by_ref() {
                    let options: Vec<OptionId> = match origin {
                        Some(origin) => options.iter().map(|o| origin[o.index()]).collect(),
                        None => options,
                    };
                    let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                    // Under the lock: once the limit is reached, another thread's solution
                    // found before it saw the stop is no improvement past the limit.
                    if limit_hit.load(Ordering::SeqCst) {
                        break;
                    }
                    if kept.offer(cost, options.clone()) {
                        if let Some(top) = kept.bound() {
                            bound.fetch_min(top, Ordering::SeqCst);
                        }
                        let improvements = improved.fetch_add(1, Ordering::SeqCst) + 1;
                        let _ = tx.send(BestMessage::Improvement(cost, options));
                        if limits.max_solutions == Some(improvements) {
                            limit_hit.store(true, Ordering::SeqCst);
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                }
                let outcome = solver.outcome();
                if budget.spend(outcome.stats.nodes) {
                    stop.store(true, Ordering::SeqCst);
                }
                if matches!(outcome.status, Status::TimeLimit | Status::NodeLimit) {
                    stop.store(true, Ordering::SeqCst);
                }
                let _ = tx.send(BestMessage::Done(outcome.stats, outcome.status));
            }
        };
        let mut spawned = 0;
        for t in 0..threads {
            let tx = tx.clone();
            let started = std::thread::Builder::new()
                .name(format!("dlxkit-best-{t}"))
                .spawn_scoped(scope, move || worker(tx));
            spawned += usize::from(started.is_ok());
        }
        if spawned == 0 {
            // No thread could start: the calling thread works alone, then gathers.
            worker(tx.clone());
        }
        drop(tx);
        loop {
            match rx.recv_timeout(TICK) {
                Ok(BestMessage::Improvement(cost, options)) => {
                    if broken {
                        continue;
                    }
                    improvements += 1;
                    if sink.improvement(cost, &options).is_break() {
                        broken = true;
                        stop.store(true, Ordering::SeqCst);
                    }
                }
                Ok(BestMessage::Done(part, status)) => {
                    stats.nodes += part.nodes;
                    stats.updates += part.updates;
                    stats.cleansings += part.cleansings;
                    stats.branches += part.branches;
                    stats.dead_ends += part.dead_ends;
                    for (level, n) in part.profile.iter().enumerate() {
                        if stats.profile.len() <= level {
                            stats.profile.resize(level + 1, 0);
                        }
                        stats.profile[level] += n;
                    }
                    statuses.push(status);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if !broken {
                let progress = Progress {
                    nodes: stats.nodes,
                    solutions: improvements,
                    level: 0,
                    estimate: statuses.len() as f64 / parts.len().max(1) as f64,
                    elapsed: started.elapsed(),
                };
                if sink.progress(&progress).is_break() {
                    broken = true;
                    stop.store(true, Ordering::SeqCst);
                }
            }
            if signal.load(Ordering::Relaxed) {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    let timed_out = limits.deadline.is_some_and(|d| Instant::now() >= d);
    let status = if signal.load(Ordering::Relaxed) {
        Status::Cancelled
    } else if limit_hit.load(Ordering::SeqCst) {
        Status::SolutionLimit
    } else if broken {
        Status::Stopped
    } else if budget.is_spent() || statuses.contains(&Status::NodeLimit) {
        Status::NodeLimit
    } else if timed_out || statuses.contains(&Status::TimeLimit) {
        Status::TimeLimit
    } else if statuses.len() == parts.len() && statuses.iter().all(|s| s.is_complete()) {
        Status::Complete
    } else {
        Status::Cancelled
    };
    stats.solutions = improvements;
    stats.elapsed = started.elapsed();
    let kept = kept.into_inner().unwrap_or_else(|e| e.into_inner());
    let cheapest = kept
        .into_sorted()
        .into_iter()
        .map(|(cost, options)| Costed { cost, options })
        .collect();
    BestOutcome {
        status,
        stats,
        cheapest,
    }
}
