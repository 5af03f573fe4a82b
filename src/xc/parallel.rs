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
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::problem::Problem;
use super::search::{Limits, Solver, Stats, Status};
use super::shard::{Shard, Split, SplitBy, Totals};
use super::storage::Arena;

/// Shards per thread for a search on several threads: enough that the last shards to finish
/// are small next to the whole (BENCHMARKS.md, "Parallel search", measures the largest
/// shard's share as this grows), few enough that splitting stays instant.
pub const SHARDS_PER_THREAD: usize = 32;

/// Runs `work` on every shard of `split` on `threads` threads (at least one), each thread
/// with its own [`Solver`] of `problem` (the solver the split was made with must have had no
/// forced options). The shards are taken in the order of the sequential search, or with
/// `largest_first` by share, the largest first (so that the large shards, often the last of
/// the tree where the split stopped expanding, do not start last and leave one thread
/// working alone). A thread takes no new shard once `stop` is set. Returns the number of
/// threads that could be started (the shards are all taken as long as one was).
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
    std::thread::scope(|scope| {
        let mut started = 0;
        for t in 0..threads.max(1) {
            let spawned = std::thread::Builder::new()
                .name(format!("dlxkit-shards-{t}"))
                .spawn_scoped(scope, move || {
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
                });
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
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
    let started = Instant::now();
    let threads = threads.max(1);
    let split = Split::new(
        problem,
        SplitBy::Count(threads.saturating_mul(shards_per_thread.max(1))),
    );
    let results: Mutex<Vec<Option<Stats>>> = Mutex::new(vec![None; split.shards().len()]);
    let stop = AtomicBool::new(false);
    let complete = AtomicBool::new(true);
    let threads = for_each_shard(
        problem,
        &split,
        threads,
        true,
        &stop,
        |solver, index, shard| {
            solver.set_limits(limits.clone());
            let outcome = shard.run(solver, false, 0, |_| ControlFlow::Continue(()));
            if outcome.status != Status::Complete {
                complete.store(false, Ordering::SeqCst);
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
    Count {
        split,
        totals,
        shards,
        elapsed: started.elapsed(),
        threads,
        complete: complete.into_inner(),
    }
}
