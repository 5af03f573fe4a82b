//! Algorithm X with memory (Nishino et al.'s DXZ), as an explicit-stack loop over a [`Fold`].
//!
//! Each level of the stack is one state: its key, the item Knuth's rule chose, a cursor into
//! that item's options and what its finished options have given so far. The options of the
//! chosen item are taken from the last to the first, so that the first option ends up on top
//! of the ZDD chain built for the state (the order in which Knuth's DLX would try them). For
//! each option the child's key is computed first; a state already solved is answered from
//! the cache without touching the counters, and only a new state is entered. When a state's
//! options are done its value goes into the cache.
//!
//! What a state's value *is* belongs to the [`Fold`]: a number of solutions (adding), or a
//! ZDD node (making one node per option that leads somewhere). The loop is the same.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::board::{Board, Counters};
use super::table::{hash_words, Budget, Cache, Memory};
use super::{ItemChoice, MemoStats};
use crate::xc::{Limits, Problem, Status};

/// Why a fold cannot go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// A count passed 2^128 - 1 (count again with [`super::Count`]).
    Overflow,
    /// The fold needs more memory than the budget has left.
    Memory,
}

/// What the memoised search computes for each state.
pub(crate) trait Fold {
    /// The value of a state: its number of solutions, or the ZDD of its solutions.
    type Value: Clone;

    /// The value of a state with no solution.
    fn bottom(&self) -> Self::Value;

    /// The value of a state with nothing left to cover (one solution: the empty set).
    fn top(&self) -> Self::Value;

    /// The value of a state whose chosen item's later options gave `rest` and whose option
    /// `option` leads to a state of value `taken`.
    fn branch(
        &mut self,
        option: u32,
        rest: Self::Value,
        taken: &Self::Value,
        budget: &Budget,
    ) -> Result<Self::Value, Halt>;
}

/// A state being solved.
struct Frame<V> {
    /// The primary item chosen.
    item: u32,
    /// The options of `item` before this position are still to be tried.
    cursor: usize,
    /// The option whose state is being solved one level down.
    current: u32,
    /// The value of the options tried so far.
    acc: V,
    /// Primary items still uncovered.
    left: u32,
}

/// The end of a search: its status and either the whole problem's value or, when it
/// stopped early, the values gathered by the states still open (for counting, their sum is
/// the number of solutions met so far).
pub(crate) struct Searched<V> {
    pub(crate) status: Status,
    pub(crate) value: Result<V, Vec<V>>,
    pub(crate) stats: MemoStats,
}

/// Runs the memoised search over `fold`, within `limits` and `budget`.
pub(crate) fn search<F: Fold>(
    problem: &Problem,
    fold: &mut F,
    limits: &Limits,
    choice: ItemChoice,
    budget: &Budget,
) -> Result<Searched<F::Value>, Halt> {
    let start = Instant::now();
    let board = Board::new(problem);
    let mut counters = Counters::new(&board, problem);
    let mut cache: Cache<F::Value> = Cache::new(board.key_words());
    let mut stats = MemoStats {
        states: 1,
        ..MemoStats::default()
    };
    let root = board.initial_key(problem.item_count());
    let watch = Watch { limits, team: None };
    let walk = Walk {
        board: &board,
        watch: &watch,
        choice,
        budget,
    };
    let (status, value) = solve(
        &walk,
        &mut counters,
        &mut cache,
        fold,
        &root,
        board.primary_items(),
        &mut stats,
    )?;
    stats.entries = cache.len() as u64;
    stats.refused = cache.refused;
    Ok(wrap_up(status, value, stats, budget, start))
}

/// What a walk of the search reads and does not change: the board, the limits, the item
/// rule and the memory budget.
pub(crate) struct Walk<'a> {
    pub(crate) board: &'a Board,
    pub(crate) watch: &'a Watch<'a>,
    pub(crate) choice: ItemChoice,
    pub(crate) budget: &'a Budget,
}

/// The limits a search stops at: the caller's and, for the workers of a parallel count,
/// what they share.
pub(crate) struct Watch<'a> {
    pub(crate) limits: &'a Limits,
    pub(crate) team: Option<&'a Team>,
}

/// What the workers of a parallel count share to stop together: their nodes (each adds its
/// own every 1,024, so a node limit is met within 1,024 nodes per worker) and the first
/// limit one of them met.
#[derive(Debug, Default)]
pub(crate) struct Team {
    nodes: AtomicU64,
    stopped: Mutex<Option<Status>>,
}

impl Team {
    /// The limit a worker met, if one did.
    pub(crate) fn stopped(&self) -> Option<Status> {
        *self.stopped.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records that a worker met `status` (the first limit met is kept).
    pub(crate) fn stop(&self, status: Status) {
        let mut stopped = self.stopped.lock().unwrap_or_else(PoisonError::into_inner);
        stopped.get_or_insert(status);
    }
}

impl Watch<'_> {
    /// The limit that stops the search before its next node, if any. Alone, the node limit
    /// is exact and the clock and the cancel flag are read every 1,024 nodes; in a team,
    /// everything is read every 1,024 nodes.
    #[inline]
    fn limit_reached(&self, nodes: u64) -> Option<Status> {
        if self.team.is_none() && self.limits.max_nodes.is_some_and(|max| nodes >= max) {
            return Some(Status::NodeLimit);
        }
        if nodes % 1024 != 1023 {
            return None;
        }
        let reached = self.slow_checks();
        if let (Some(status), Some(team)) = (reached, self.team) {
            team.stop(status);
        }
        reached
    }

    #[cold]
    fn slow_checks(&self) -> Option<Status> {
        let limits = self.limits;
        if let Some(team) = self.team {
            if let Some(status) = team.stopped() {
                return Some(status);
            }
            let all = team.nodes.fetch_add(1024, Ordering::Relaxed) + 1024;
            if limits.max_nodes.is_some_and(|max| all >= max) {
                return Some(Status::NodeLimit);
            }
        }
        if limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(Status::Cancelled);
        }
        if limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Status::TimeLimit);
        }
        None
    }
}

/// The end of [`solve`]: complete with the state's value, or stopped at a limit with the
/// values gathered by the states still open.
pub(crate) type Solved<V> = (Status, Result<V, Vec<V>>);

/// Solves the state `start`, with `left` primary items uncovered (`counters` describe it,
/// and describe it again on return), remembering every state below it in `memory`. The
/// start itself is neither remembered nor counted in `stats.states`: the caller decides.
pub(crate) fn solve<F: Fold, M: Memory<F::Value>>(
    walk: &Walk<'_>,
    counters: &mut Counters,
    memory: &mut M,
    fold: &mut F,
    start: &[u64],
    left: u32,
    stats: &mut MemoStats,
) -> Result<Solved<F::Value>, Halt> {
    let board = walk.board;
    let budget = walk.budget;
    let w = board.key_words();
    let mut keys = start.to_vec();
    let mut child = vec![0u64; w];
    let mut frames: Vec<Frame<F::Value>> = Vec::new();

    match counters.choose_item(board, &keys, walk.choice) {
        Some((item, live)) if live > 0 => frames.push(Frame {
            item,
            cursor: board.options_of(item).len(),
            current: 0,
            acc: fold.bottom(),
            left,
        }),
        _ => return Ok((Status::Complete, Ok(fold.bottom()))),
    }

    loop {
        let depth = frames.len() - 1;
        let frame = &mut frames[depth];
        let options = board.options_of(frame.item);
        let mut next = None;
        while frame.cursor > 0 {
            frame.cursor -= 1;
            let o = options[frame.cursor].option;
            if counters.is_live(o) {
                next = Some(o);
                break;
            }
        }
        let Some(o) = next else {
            // Every option of this state is done: remember it, and go back to its parent.
            let value = frames.pop().expect("a frame").acc;
            let Some(parent) = frames.last_mut() else {
                return Ok((Status::Complete, Ok(value)));
            };
            let key = &keys[depth * w..];
            memory.remember(key, hash_words(key), value.clone(), budget);
            keys.truncate(depth * w);
            counters.choose::<true>(board, parent.current, &keys[(depth - 1) * w..]);
            let rest = std::mem::replace(&mut parent.acc, fold.bottom());
            parent.acc = fold.branch(parent.current, rest, &value, budget)?;
            continue;
        };

        if let Some(status) = walk.watch.limit_reached(stats.nodes) {
            // Leave the counters as they were at the start, as promised.
            for d in (1..frames.len()).rev() {
                counters.choose::<true>(board, frames[d - 1].current, &keys[(d - 1) * w..]);
            }
            let open = Err(frames.into_iter().map(|f| f.acc).collect());
            return Ok((status, open));
        }
        stats.nodes += 1;

        let key = &keys[depth * w..];
        child.copy_from_slice(key);
        board.choose_in_key(o, &mut child);
        let left = frame.left - board.primaries_of(o);
        if left == 0 {
            let top = fold.top();
            let rest = std::mem::replace(&mut frame.acc, fold.bottom());
            frame.acc = fold.branch(o, rest, &top, budget)?;
            continue;
        }
        let hash = hash_words(&child);
        if let Some(branched) = memory.lookup(&child, hash, |value| {
            let rest = std::mem::replace(&mut frame.acc, fold.bottom());
            fold.branch(o, rest, value, budget)
        }) {
            stats.hits += 1;
            frame.acc = branched?;
            continue;
        }
        stats.states += 1;
        counters.choose::<false>(board, o, key);
        match counters.choose_item(board, &child, walk.choice) {
            Some((item, live)) if live > 0 => {
                frame.current = o;
                keys.extend_from_slice(&child);
                frames.push(Frame {
                    item,
                    cursor: board.options_of(item).len(),
                    current: 0,
                    acc: fold.bottom(),
                    left,
                });
            }
            _ => {
                // A dead end: some primary item has no live option left.
                counters.choose::<true>(board, o, &keys[depth * w..]);
                memory.remember(&child, hash, fold.bottom(), budget);
            }
        }
    }
}

/// The end of a search: the statistics completed from the budget and the clock.
pub(crate) fn wrap_up<V>(
    status: Status,
    value: Result<V, Vec<V>>,
    mut stats: MemoStats,
    budget: &Budget,
    start: Instant,
) -> Searched<V> {
    stats.peak_bytes = budget.peak() as u64;
    stats.elapsed = start.elapsed();
    Searched {
        status,
        value,
        stats,
    }
}

impl<V> Searched<V> {
    /// The same end, with every value converted.
    pub(crate) fn map<W>(self, f: impl Fn(V) -> W) -> Searched<W> {
        Searched {
            status: self.status,
            value: match self.value {
                Ok(v) => Ok(f(v)),
                Err(open) => Err(open.into_iter().map(f).collect()),
            },
            stats: self.stats,
        }
    }
}
