//! The memoised count on several threads, with the same count as one thread.
//!
//! The top levels of the search are expanded first, breadth first and with the same item
//! rule, until there are enough open states to keep every thread busy
//! ([`TASKS_PER_THREAD`] for each). States reached by several paths are merged, each with its
//! number of paths (two ways to tile the first cells of a board often leave the same board).
//! The threads then take these *tasks* one at a time from a shared counter and solve each
//! with the sequential loop ([`search::solve`]), starting from the task's state (its options
//! replayed on the worker's own counters). A task's count times its number of paths, summed
//! over the tasks with the solutions met in the top levels, is the count: integers added in
//! any order, so it is identical whatever the number of threads and whichever thread solves
//! what.
//!
//! The workers share one cache, split into shards behind separate locks
//! ([`Shards`]): below the top levels the tasks' subproblems overlap heavily (on a board,
//! every task soon reaches the same states of the lower rows), so a state one worker solved
//! is a hit for the others. BENCHMARKS.md has the measurement against a private cache per
//! worker, which solves those common states once per worker. Two workers may still solve
//! one state at the same time (neither has finished it); that repeats work but not answers.
//! The memory budget is the run's, shared by every shard.
//!
//! The statistics are the workers' sums and depend on the schedule (which worker met a state
//! first); only the count and the status are deterministic.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::board::{Board, Counters};
use super::search::{self, Fold, Halt, Searched, Team, Walk, Watch};
use super::table::{hash_words, Memory, MemoryCap, Shards};
use super::{ItemChoice, MemoStats, WorkerStats};
use crate::xc::{Limits, Problem, Status};

/// Open states wanted per thread before the workers start: enough that a thread that drew
/// a large task is not left alone at the end while the others wait.
const TASKS_PER_THREAD: usize = 32;

/// The most levels expanded before the workers start (a guard for problems whose levels
/// have a single live option for long stretches).
const MAX_LEVELS: usize = 64;

/// A counting fold that can also scale a count (by the number of paths to a task).
pub(crate) trait Tally: Fold + Clone + Send + Sync {
    /// `value` times `paths`.
    fn times(&self, value: &Self::Value, paths: u64) -> Result<Self::Value, Halt>;
}

/// An open state of the top levels: its key, the options that lead to it (one path of
/// several), its number of uncovered primary items and its number of paths.
#[derive(Clone, Debug)]
struct Task {
    key: Vec<u64>,
    path: Vec<u32>,
    left: u32,
    paths: u64,
}

/// The top levels of the search: the open states at the last level expanded, and the
/// solutions found above them (each counted once per path).
struct Frontier {
    tasks: Vec<Task>,
    finished: u64,
    options_tried: u64,
    states: u64,
}

/// Replays `path` from the root on `counters` (`UNDO`: takes it back, in reverse).
fn replay<const UNDO: bool>(board: &Board, counters: &mut Counters, root: &[u64], path: &[u32]) {
    let mut keys = vec![root.to_vec()];
    for &o in path {
        let mut next = keys.last().expect("the root").clone();
        board.choose_in_key(o, &mut next);
        keys.push(next);
    }
    if UNDO {
        for (k, &o) in path.iter().enumerate().rev() {
            counters.choose::<true>(board, o, &keys[k]);
        }
    } else {
        for (k, &o) in path.iter().enumerate() {
            counters.choose::<false>(board, o, &keys[k]);
        }
    }
}

/// Expands the search breadth first from the root until a level holds `wanted` open states
/// (or none is left open).
fn expand(
    board: &Board,
    counters: &mut Counters,
    root: &[u64],
    choice: ItemChoice,
    wanted: usize,
) -> Frontier {
    let mut frontier = Frontier {
        tasks: vec![Task {
            key: root.to_vec(),
            path: Vec::new(),
            left: board.primary_items(),
            paths: 1,
        }],
        finished: 0,
        options_tried: 0,
        states: 1,
    };
    let mut child = vec![0u64; board.key_words()];
    for _ in 0..MAX_LEVELS {
        if frontier.tasks.is_empty() || frontier.tasks.len() >= wanted {
            break;
        }
        let mut next: Vec<Task> = Vec::new();
        let mut index = std::collections::HashMap::new();
        for task in &frontier.tasks {
            replay::<false>(board, counters, root, &task.path);
            if let Some((item, live)) = counters.choose_item(board, &task.key, choice) {
                if live > 0 {
                    for listed in board.options_of(item) {
                        let o = listed.option;
                        if !counters.is_live(o, &task.key) {
                            continue;
                        }
                        frontier.options_tried += 1;
                        child.copy_from_slice(&task.key);
                        board.choose_in_key(o, &mut child);
                        let left = task.left - board.primaries_of(o);
                        if left == 0 {
                            frontier.finished += task.paths;
                            continue;
                        }
                        if let Some(&k) = index.get(&child) {
                            let t: &mut Task = &mut next[k];
                            t.paths += task.paths;
                            continue;
                        }
                        counters.choose::<false>(board, o, &task.key);
                        let open = counters
                            .choose_item(board, &child, choice)
                            .is_some_and(|(_, live)| live > 0);
                        counters.choose::<true>(board, o, &task.key);
                        frontier.states += 1;
                        if open {
                            index.insert(child.clone(), next.len());
                            let mut path = task.path.clone();
                            path.push(o);
                            next.push(Task {
                                key: child.clone(),
                                path,
                                left,
                                paths: task.paths,
                            });
                        }
                    }
                }
            }
            replay::<true>(board, counters, root, &task.path);
        }
        frontier.tasks = next;
    }
    frontier
}

/// What one worker brings back: its sum (of finished tasks, and of the finished parts of
/// the task a limit stopped), how it ended and what it did.
struct Share<V> {
    sum: Result<V, Halt>,
    status: Status,
    stats: WorkerStats,
}

/// Counts the solutions of `problem` on `threads` threads (at least 2) with `fold` (fewer
/// if the system will not start that many).
pub(crate) fn count<F: Tally>(
    problem: &Problem,
    fold: &F,
    limits: &Limits,
    choice: ItemChoice,
    threads: usize,
    budget: &MemoryCap,
) -> Result<Searched<F::Value>, Halt>
where
    F::Value: Send,
{
    let start = Instant::now();
    let board = Board::new(problem);
    let mut counters = Counters::new(&board, problem, choice);
    let root = board.initial_key(problem.item_count());
    let frontier = expand(
        &board,
        &mut counters,
        &root,
        choice,
        TASKS_PER_THREAD * threads,
    );
    let shards: Shards<F::Value> = Shards::new(board.key_words(), shard_bits(threads));
    let team = Team::default();
    let watch = Watch {
        limits,
        team: Some(&team),
    };
    let walk = Walk {
        board: &board,
        watch: &watch,
        choice,
        budget,
    };
    let next = AtomicUsize::new(0);
    let shares: Vec<Share<F::Value>> = std::thread::scope(|scope| {
        let run = || {
            let (mut counters, mut fold, mut memory) = (counters.clone(), fold.clone(), &shards);
            work(
                &walk,
                &mut counters,
                &mut memory,
                &mut fold,
                &root,
                &frontier.tasks,
                &next,
                &team,
            )
        };
        // The calling thread is one of the workers. A thread the system refuses to start is
        // not needed for the count: the others take its tasks.
        let helpers: Vec<_> = (1..threads)
            .map_while(|k| {
                std::thread::Builder::new()
                    .name(format!("dlxkit-memo-{k}"))
                    .spawn_scoped(scope, run)
                    .ok()
            })
            .collect();
        let mut shares = vec![run()];
        shares.extend(helpers.into_iter().map(|h| {
            h.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        }));
        shares
    });

    let mut fold = fold.clone();
    let mut total = fold.times(&fold.top(), frontier.finished)?;
    let mut status = Status::Complete;
    let mut stats = MemoStats {
        states: frontier.states,
        options_tried: frontier.options_tried,
        ..MemoStats::default()
    };
    for share in shares {
        let sum = share.sum?;
        total = fold.branch(0, total, &sum, budget)?;
        if status == Status::Complete {
            status = share.status;
        }
        stats.states += share.stats.states;
        stats.options_tried += share.stats.options_tried;
        stats.hits += share.stats.hits;
        stats.workers.push(share.stats);
    }
    (stats.entries, stats.refused) = shards.totals();
    let value = match status {
        Status::Complete => Ok(total),
        _ => Err(vec![total]),
    };
    Ok(search::wrap_up(status, value, stats, budget, start))
}

/// log2 of the number of shards for `threads` threads: eight per thread, at least 16, so
/// that two threads seldom wait for one lock.
fn shard_bits(threads: usize) -> u32 {
    (threads * 8).next_power_of_two().max(16).trailing_zeros()
}

/// One worker: takes tasks until none is left (or a limit stops the team) and sums their
/// counts, each times its number of paths.
#[allow(clippy::too_many_arguments)]
fn work<F: Tally, M: Memory<F::Value>>(
    walk: &Walk<'_>,
    counters: &mut Counters,
    memory: &mut M,
    fold: &mut F,
    root: &[u64],
    tasks: &[Task],
    next: &AtomicUsize,
    team: &Team,
) -> Share<F::Value> {
    let mut stats = MemoStats::default();
    let mut done = 0;
    let mut sum = fold.bottom();
    let mut status = Status::Complete;
    let mut take = || -> Result<(), Halt> {
        while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
            if let Some(stopped) = team.stopped() {
                status = stopped;
                return Ok(());
            }
            done += 1;
            let hash = hash_words(&task.key);
            let value = match memory.lookup(&task.key, hash, F::Value::clone) {
                Some(known) => {
                    stats.hits += 1;
                    known
                }
                None => {
                    stats.states += 1;
                    replay::<false>(walk.board, counters, root, &task.path);
                    let solved = search::solve(
                        walk, counters, memory, fold, &task.key, task.left, &mut stats,
                    );
                    replay::<true>(walk.board, counters, root, &task.path);
                    match solved? {
                        (_, Ok(value)) => {
                            memory.remember(&task.key, hash, value.clone(), walk.budget);
                            value
                        }
                        (stopped, Err(open)) => {
                            // The solutions met in the finished parts of this task.
                            status = stopped;
                            let mut met = fold.bottom();
                            for v in &open {
                                met = fold.branch(0, met, v, walk.budget)?;
                            }
                            let rest = std::mem::replace(&mut sum, fold.bottom());
                            sum =
                                fold.branch(0, rest, &fold.times(&met, task.paths)?, walk.budget)?;
                            return Ok(());
                        }
                    }
                }
            };
            let rest = std::mem::replace(&mut sum, fold.bottom());
            sum = fold.branch(0, rest, &fold.times(&value, task.paths)?, walk.budget)?;
        }
        Ok(())
    };
    let ended = take();
    if ended.is_err() {
        // The sum cannot be finished (it passed 2^128): stop the others too.
        team.stop(Status::Cancelled);
    }
    Share {
        sum: ended.map(|()| sum),
        status,
        stats: WorkerStats {
            tasks: done,
            states: stats.states,
            options_tried: stats.options_tried,
            hits: stats.hits,
        },
    }
}
