//! The shards of a [`Split`] searched on several threads, with the standard library's scoped
//! threads (no thread pool crate).
//!
//! Each thread builds its own solver (its own copy of the dancing links) and takes the next
//! shard in the sequential order as soon as it is free: with many more shards than threads
//! ([`SHARDS_PER_THREAD`]), a thread never waits while work is left, except
//! at the very end, when what is left are the last, small shards. [`for_each_shard`] runs
//! any work on each shard (the command line streams solutions and progress from it);
//! [`count`] counts every solution and keeps each shard's figures, to measure how the
//! work was spread.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::problem::Problem;
use super::search::{Limits, Solver, Stats, Status};
use super::shard::{Shard, Split, SplitBy, Totals};
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
    let next = AtomicUsize::new(0);
    let shards = split.shards();
    let mut order: Vec<usize> = (0..shards.len()).collect();
    if largest_first {
        // A stable sort: equal shares stay in the search's order.
        order.sort_by(|&a, &b| shards[b].share().total_cmp(&shards[a].share()));
    }
    let order = &order;
    let work = &work;
    let next = &next;
    let worker = move || {
        let arena = Arena::new();
        let mut solver = Solver::new(problem, &arena);
        while !stop.load(Ordering::Relaxed) {
            let taken = next.fetch_add(1, Ordering::SeqCst);
            let Some(&index) = order.get(taken) else {
                break;
            };
            let shard = &shards[index];
            work(&mut solver, index, shard);
        }
    };
    std::thread::scope(|scope| {
        // The calling thread is the first worker: it starts at once, while the others wake.
        let mut started = 1;
        for t in 1..threads.max(1) {
            let spawned = std::thread::Builder::new()
                .name(format!("dlxkit-shards-{t}"))
                .spawn_scoped(scope, worker);
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        worker();
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
/// assert_eq!(counted.totals.solutions, 4);
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
/// assert_eq!((counted.totals.solutions, counted.status), (2, Status::Complete));
/// let one = count_below(&mut solver, 2, 4, &Limits::new().solutions(1));
/// assert_eq!((one.totals.solutions, one.status), (1, Status::SolutionLimit));
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
    let budget = AtomicU64::new(limits.max_nodes.unwrap_or(u64::MAX));
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
            if limits.max_nodes.is_some() {
                mine.max_nodes = Some(budget.load(Ordering::SeqCst));
            }
            solver.set_limits(mine);
            let outcome = shard.run(solver, false, 0, |_| ControlFlow::Continue(()));
            let total = found.fetch_add(outcome.stats.solutions, Ordering::SeqCst)
                + outcome.stats.solutions;
            let _ = budget.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                Some(left.saturating_sub(outcome.stats.nodes))
            });
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
        totals.solutions = totals.solutions.min(u128::from(max));
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
