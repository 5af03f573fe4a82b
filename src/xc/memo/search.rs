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

use super::board::{Board, Counters, CLOSE};
use super::table::{hash_words, reserve_stack, Cache, Memory, MemoryCap};
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
        budget: &MemoryCap,
    ) -> Result<Self::Value, Halt>;
}

/// A state being solved.
struct Frame<V> {
    /// The primary item chosen.
    item: u32,
    /// The options of `item` from `start` to before this position are still to be tried
    /// (one position past the end stands for [`CLOSE`]).
    cursor: usize,
    /// The first position of `item`'s options this state may use (0 but for a bounded item
    /// in progress).
    start: usize,
    /// The option whose state is being solved one level down ([`CLOSE`] for closing `item`).
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
    budget: &MemoryCap,
) -> Result<Searched<F::Value>, Halt> {
    let start = Instant::now();
    let board = Board::new(problem);
    let mut counters = Counters::new(&board, problem, choice);
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
    pub(crate) budget: &'a MemoryCap,
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

    match branch_of(board, counters, &keys, walk.choice) {
        Some((item, start, cursor)) => frames.push(Frame {
            item,
            cursor,
            start,
            current: 0,
            acc: fold.bottom(),
            left,
        }),
        None => return Ok((Status::Complete, Ok(fold.bottom()))),
    }

    loop {
        let depth = frames.len() - 1;
        let frame = &mut frames[depth];
        let options = board.options_of(frame.item);
        let mut next = None;
        while frame.cursor > frame.start {
            frame.cursor -= 1;
            if frame.cursor == options.len() {
                next = Some(CLOSE);
                break;
            }
            let o = options[frame.cursor].option;
            if counters.is_live(o, &keys[depth * w..]) {
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
            apply::<true>(
                board,
                counters,
                (parent.item, parent.current),
                &keys[(depth - 1) * w..],
            );
            parent.acc = join(fold, parent, value, budget)?;
            continue;
        };

        if let Some(status) = walk.watch.limit_reached(stats.options_tried) {
            // Leave the counters as they were at the start, as promised.
            for d in (1..frames.len()).rev() {
                apply::<true>(
                    board,
                    counters,
                    (frames[d - 1].item, frames[d - 1].current),
                    &keys[(d - 1) * w..],
                );
            }
            let open = Err(frames.into_iter().map(|f| f.acc).collect());
            return Ok((status, open));
        }
        stats.options_tried += 1;

        let key = &keys[depth * w..];
        child.copy_from_slice(key);
        frame.current = o;
        let left = frame.left - child_key(board, frame, &mut child);
        if left == 0 {
            let top = fold.top();
            frame.acc = join(fold, frame, top, budget)?;
            continue;
        }
        // With secondary items, the child's key drops those it exhausts (DLX6's canonical
        // signature), which the counters of the child tell: they are updated first.
        let canonical = counters.drops_exhausted();
        if canonical {
            apply::<false>(board, counters, (frame.item, o), key);
            counters.drop_exhausted(board, &mut child);
        }
        let hash = hash_words(&child);
        if let Some(value) = memory.lookup(&child, hash, |value| value.clone()) {
            stats.hits += 1;
            if canonical {
                apply::<true>(board, counters, (frame.item, o), key);
            }
            frame.acc = join(fold, frame, value, budget)?;
            continue;
        }
        stats.states += 1;
        if !canonical {
            apply::<false>(board, counters, (frame.item, o), key);
        }
        match branch_of(board, counters, &child, walk.choice) {
            Some((item, start, cursor)) => {
                // The stack of states is memory too: a path of a million levels of a wide
                // key must not pass the limit the cache keeps to.
                if !reserve_stack(&mut keys, w, budget) || !reserve_stack(&mut frames, 1, budget) {
                    apply::<true>(board, counters, (frames[depth].item, o), &keys[depth * w..]);
                    for d in (1..frames.len()).rev() {
                        let at = (frames[d - 1].item, frames[d - 1].current);
                        apply::<true>(board, counters, at, &keys[(d - 1) * w..]);
                    }
                    return Err(Halt::Memory);
                }
                keys.extend_from_slice(&child);
                frames.push(Frame {
                    item,
                    cursor,
                    start,
                    current: 0,
                    acc: fold.bottom(),
                    left,
                });
            }
            None => {
                // A dead end: some primary item has too few live options left.
                apply::<true>(board, counters, (frames[depth].item, o), &keys[depth * w..]);
                memory.remember(&child, hash, fold.bottom(), budget);
            }
        }
    }
}

/// Writes into `child` (a copy of the frame's key) the state after the frame's current
/// option (or closing its item), and returns how many primary items that closed.
#[inline]
fn child_key<V>(board: &Board, frame: &Frame<V>, child: &mut [u64]) -> u32 {
    let o = frame.current;
    if o == CLOSE {
        board.close_in_key(frame.item, child);
        1
    } else if board.is_bounded() {
        board.take_in_key(o, frame.item, frame.cursor, child)
    } else {
        board.choose_in_key(o, child);
        board.primaries_of(o)
    }
}

/// Applies the frame's current option (or closing its item) to the counters, or with
/// `UNDO` takes it back; `key` is the frame's state.
#[inline]
fn apply<const UNDO: bool>(board: &Board, counters: &mut Counters, at: (u32, u32), key: &[u64]) {
    let (item, current) = at;
    if current == CLOSE {
        counters.close::<UNDO>(board, item);
    } else {
        counters.choose::<UNDO>(board, current, key);
    }
}

/// The frame's value so far joined with `value`, the value of its current option's state:
/// the end of its chain when that option closes the item, else one more branch.
#[inline]
fn join<F: Fold>(
    fold: &mut F,
    frame: &mut Frame<F::Value>,
    value: F::Value,
    budget: &MemoryCap,
) -> Result<F::Value, Halt> {
    if frame.current == CLOSE {
        // Closing is tried first, while nothing has been gathered.
        return Ok(value);
    }
    let rest = std::mem::replace(&mut frame.acc, fold.bottom());
    fold.branch(frame.current, rest, &value, budget)
}

/// How to branch in the state `key` (which the counters describe): the item, the first
/// position of its options that may be used and the cursor to start from (one past the
/// end when the item may be closed), or `None` at a dead end.
#[inline]
pub(crate) fn branch_of(
    board: &Board,
    counters: &Counters,
    key: &[u64],
    choice: ItemChoice,
) -> Option<(u32, usize, usize)> {
    let (chosen, score) = counters.choose_item(board, key, choice)?;
    if score == 0 {
        return None;
    }
    let (item, start) = board.progress(key).unwrap_or((chosen, 0));
    let len = board.options_of(item).len();
    let cursor = if board.is_bounded() && board.may_close(key, item) {
        len + 1
    } else {
        len
    };
    Some((item, start, cursor))
}

/// The end of a search: the statistics completed from the budget and the clock.
pub(crate) fn wrap_up<V>(
    status: Status,
    value: Result<V, Vec<V>>,
    mut stats: MemoStats,
    budget: &MemoryCap,
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
