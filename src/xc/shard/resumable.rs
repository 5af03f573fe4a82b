//! The budgeted search of a shard, which keeps all its work: a subtree the budget cuts short
//! is not searched again, since the search says where it stood (`Solver::run_to_stop`) and
//! the rest of it is named as it is: the node it was about to enter, then at each level from
//! the deepest up, the branches after the one it had taken (`3/8 2/5 4-6/6`): options for
//! Algorithm X or C, moves for Algorithm M (item bounds), numbered as DLX3 makes them. The
//! covers the search would have made for those branches at their node, and their dead ends,
//! are counted here (`Solver::branches_after`), so the figures of a shard and of every part
//! of its continuation add up to those of the sequential search, with no node searched
//! twice.
//!
//! A shard under a time budget first searches at least [`GRANT`] nodes, however late it
//! starts (a process that waited for a core past its whole budget), and then goes on from
//! where that stopped while its time lasts: every task makes progress, so a loaded machine
//! cannot make a chain of tasks that each name the same rest again.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::Instant;

use super::continuation::{earliest, member_numbers, replay};
use super::{add_profile, restore, Budgeted, Path, Shard, SplitBudget, Step};
use crate::xc::problem::OptionId;
use crate::xc::search::{Choice, Event, Outcome, Solver, Stats, Status, StopPoint};
use crate::xc::storage::Storage;

/// The nodes a shard under a time budget searches before it looks at its clock: as many as
/// the search searches between two looks at its deadline.
pub const GRANT: u64 = 1024;

/// One subtree of a part: its path, the choices that lead to it below the forced options,
/// and whether it is a solution.
struct Subtree {
    path: Path,
    choices: Vec<Choice>,
    solution: bool,
}

/// The subtrees of a located shard, in the order of the search, with the path of the rest
/// after each (the siblings after it in the shard's run), if any.
fn subtrees<S: Storage>(
    shard: &Shard,
    solver: &mut Solver<'_, S>,
    base: &[OptionId],
) -> Vec<(Subtree, Option<Path>)> {
    if shard.path.depth() == 0 {
        let whole = Subtree {
            path: Path::default(),
            choices: Vec::new(),
            solution: false,
        };
        return vec![(whole, None)];
    }
    let steps = shard.path.steps();
    let step = steps[steps.len() - 1];
    let parent = Path(steps[..steps.len() - 1].to_vec());
    let numbers = member_numbers(solver, base, &shard.prefix, step, &shard.members);
    let mut out: Vec<(Subtree, Option<Path>)> = Vec::with_capacity(numbers.len());
    for (&(choice, solution), &k) in shard.members.iter().zip(&numbers) {
        if let Some((_, rest)) = out.last_mut() {
            *rest = Some(parent.child(Step {
                first: k,
                last: step.last,
                of: step.of,
            }));
        }
        let mut choices = shard.prefix.clone();
        choices.push(choice);
        let path = parent.child(Step {
            first: k,
            last: k,
            of: step.of,
        });
        out.push((
            Subtree {
                path,
                choices,
                solution,
            },
            None,
        ));
    }
    out
}

/// Why a search of a part stopped, for the shard's run.
enum Halt {
    /// The shard's own budget ran out (or its grant, with time left: go on).
    Spent(Status),
    /// The grant of a task under a time budget was used.
    Granted,
    /// Another limit, the handler, or the solution limit: the shard stops with this status.
    Other(Status),
}

/// [`Shard::run_within`] (see the module documentation).
pub(super) fn run<S, F>(
    shard: &Shard,
    solver: &mut Solver<'_, S>,
    budget: SplitBudget,
    list: bool,
    mut handler: F,
) -> Budgeted
where
    S: Storage,
    F: FnMut(Event<'_>) -> ControlFlow<()>,
{
    let started = Instant::now();
    let nodes = budget.nodes.unwrap_or(u64::MAX).max(1);
    let end = budget.time.and_then(|t| started.checked_add(t));
    let base: Vec<OptionId> = solver.forced().to_vec();
    let saved = solver.limits().clone();
    let root = shard.path.depth();
    let mut stats = Stats::default();
    let mut status = Status::Complete;
    let mut spent = false;
    let mut todo: VecDeque<Path> = VecDeque::new();
    let mut solution: Vec<OptionId> = Vec::new();
    let mut first = true;
    // Past the end of its time, once it has searched its grant.
    let out_of_time =
        |searched: u64| searched >= GRANT && end.is_some_and(|end| Instant::now() >= end);
    'parts: loop {
        let located;
        let part = if first {
            first = false;
            shard
        } else {
            let Some(path) = todo.pop_front() else {
                break;
            };
            if stats.nodes >= nodes || out_of_time(stats.nodes) {
                todo.push_front(path);
                spent = true;
                status = match stats.nodes >= nodes {
                    true => Status::NodeLimit,
                    false => Status::TimeLimit,
                };
                break;
            }
            restore(solver, &base);
            located = Shard::locate(solver, &path)
                .expect("a part of a continuation is a subtree of the search that named it");
            &located
        };
        let subtrees = subtrees(part, solver, &base);
        for (sub, rest) in subtrees {
            let level = sub.path.depth().saturating_sub(root);
            // The outer limits, spent over the whole shard.
            let nodes_left = saved.max_nodes.map(|m| m.saturating_sub(stats.nodes));
            let solutions_left = saved
                .max_solutions
                .map(|m| m.saturating_sub(stats.solutions));
            let outer = if nodes_left == Some(0) {
                Some(Status::NodeLimit)
            } else if solutions_left == Some(0) {
                Some(Status::SolutionLimit)
            } else {
                saved.interruption()
            };
            let halt = if let Some(why) = outer {
                Some((Halt::Other(why), vec![sub.path]))
            } else if stats.nodes > 0 && (stats.nodes >= nodes || out_of_time(stats.nodes)) {
                let why = match stats.nodes >= nodes {
                    true => Status::NodeLimit,
                    false => Status::TimeLimit,
                };
                Some((Halt::Spent(why), vec![sub.path]))
            } else if sub.solution {
                // Its parent's expansion made the covers: the search counts one node.
                stats.nodes += 1;
                stats.solutions += 1;
                add_profile(&mut stats.profile, level, &[1]);
                let mut halt = None;
                if list {
                    solution.clear();
                    if sub.choices.iter().any(|c| matches!(c, Choice::Move(_))) {
                        // Algorithm M's moves: the solver knows their options.
                        replay(solver, &base, &sub.choices);
                        solution.extend(solver.taken());
                        restore(solver, &base);
                    } else {
                        solution.extend_from_slice(&base);
                        solution.extend(sub.choices.iter().filter_map(|&c| match c {
                            Choice::Option(o) => Some(o),
                            Choice::Move(_) => None,
                        }));
                    }
                    if handler(Event::Solution(&solution)).is_break() {
                        halt = Some((Halt::Other(Status::Stopped), Vec::new()));
                    }
                }
                if halt.is_none() && solutions_left == Some(1) {
                    halt = Some((Halt::Other(Status::SolutionLimit), Vec::new()));
                }
                halt
            } else {
                // The subtree, within what is left of the budget; a task under a time budget
                // first searches its grant, whatever the clock.
                let grant = end.is_some() && stats.nodes < GRANT;
                let mine = match grant {
                    true => (nodes - stats.nodes).min(GRANT - stats.nodes),
                    false => nodes - stats.nodes,
                };
                let mut limits = saved.clone();
                limits.max_nodes = Some(nodes_left.map_or(mine, |left| left.min(mine)));
                limits.max_solutions = solutions_left;
                let own_deadline = !grant
                    && end.is_some_and(|end| saved.deadline.is_none_or(|theirs| end < theirs));
                if !grant {
                    limits.deadline = earliest(saved.deadline, end);
                }
                replay(solver, &base, &sub.choices);
                solver.set_limits(limits);
                let (outcome, point) = solver.run_to_stop(list, |s| handler(Event::Solution(s)));
                solver.set_limits(saved.clone());
                add(&mut stats, level, &outcome.stats);
                match point {
                    None => None,
                    Some(point) => {
                        let why = outcome.status;
                        let halt = match why {
                            Status::NodeLimit if nodes_left.is_none_or(|left| mine < left) => {
                                if !grant || stats.nodes >= nodes {
                                    Halt::Spent(why)
                                } else if out_of_time(stats.nodes) {
                                    Halt::Spent(Status::TimeLimit)
                                } else {
                                    Halt::Granted
                                }
                            }
                            Status::TimeLimit if own_deadline => Halt::Spent(why),
                            _ => Halt::Other(why),
                        };
                        let parts = rest_of(solver, &base, &sub, &point, level, &mut stats);
                        Some((halt, parts))
                    }
                }
            };
            let Some((halt, parts)) = halt else {
                continue;
            };
            // A limit that stopped the search with nothing of the subtree left to name (its
            // last node was a dead end) stopped it complete: on to the next one.
            let limit = matches!(
                halt,
                Halt::Granted
                    | Halt::Spent(_)
                    | Halt::Other(Status::NodeLimit | Status::TimeLimit | Status::Cancelled)
            );
            if limit && parts.is_empty() {
                continue;
            }
            // What is left: the rest of this subtree, then its siblings in the part, then
            // the parts named before.
            for path in rest.into_iter().rev() {
                todo.push_front(path);
            }
            for path in parts.into_iter().rev() {
                todo.push_front(path);
            }
            match halt {
                Halt::Granted => continue 'parts,
                Halt::Spent(why) => {
                    spent = true;
                    status = why;
                }
                Halt::Other(why) => status = why,
            }
            break 'parts;
        }
    }
    restore(solver, &base);
    solver.set_limits(saved);
    stats.elapsed = started.elapsed();
    let mut continuation: Vec<Path> = todo.into();
    continuation.sort();
    Budgeted {
        outcome: Outcome { status, stats },
        continuation,
        waste: 0,
        spent,
    }
}

/// The rest of subtree `sub` after a search of it stopped at `point`, in the order of the
/// search: the node it was about to enter (unless it searched it), then at each level from
/// the deepest up the branches after the one taken there, whose covers and dead ends go to
/// `stats` (the part that searches them counts from their nodes down).
fn rest_of<S: Storage>(
    solver: &mut Solver<'_, S>,
    base: &[OptionId],
    sub: &Subtree,
    point: &StopPoint,
    level: usize,
    stats: &mut Stats,
) -> Vec<Path> {
    let steps: Vec<Step> = point
        .levels
        .iter()
        .map(|&(_, k, of)| Step {
            first: k,
            last: k,
            of,
        })
        .collect();
    let mut parts = Vec::with_capacity(steps.len() + 1);
    let mut choices = sub.choices.clone();
    if !point.entered {
        // The node it was about to enter, unless it is a dead end: that one is counted
        // here, as the search would have (no part holds a dead end).
        choices.extend(point.levels.iter().map(|&(c, _, _)| c));
        replay(solver, base, &choices);
        match solver.branches() {
            Some((dead, children)) if children.is_empty() => {
                add(stats, level + steps.len(), &dead);
            }
            _ => {
                let mut path = sub.path.clone();
                path.0.extend_from_slice(&steps);
                parts.push(path);
            }
        }
    }
    for (l, &(_, k, of)) in point.levels.iter().enumerate().rev() {
        if k == of {
            continue;
        }
        choices.truncate(sub.choices.len());
        choices.extend(point.levels[..l].iter().map(|&(c, _, _)| c));
        replay(solver, base, &choices);
        let (tail, live) = solver
            .branches_after(k)
            .expect("a node where the search took an option is no solution");
        add(stats, level + l, &tail);
        if live {
            let mut path = sub.path.clone();
            path.0.extend_from_slice(&steps[..l]);
            path.0.push(Step {
                first: k + 1,
                last: of,
                of,
            });
            parts.push(path);
        }
    }
    restore(solver, base);
    parts
}

/// Adds the figures of a search whose root is at `level` of the shard's profile.
fn add(total: &mut Stats, level: usize, other: &Stats) {
    total.solutions += other.solutions;
    total.nodes += other.nodes;
    total.updates += other.updates;
    total.cleansings += other.cleansings;
    total.branches += other.branches;
    total.dead_ends += other.dead_ends;
    add_profile(&mut total.profile, level, &other.profile);
}
