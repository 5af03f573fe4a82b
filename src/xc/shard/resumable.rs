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
//! A task whose budget runs out goes on through the parts it would name while the next one
//! looks small: the parts named at a stop are the rest of each level from the deepest up,
//! and the deep ones are mostly a few nodes each, which as tasks of their own would make most
//! tasks tiny (the median task of a list of 64 pentomino shards split by nodes was a tenth
//! of the budget). A part is searched in this *tail* when its size, estimated from the
//! task's own profile (the nodes below an average node of its level, times its siblings),
//! fits what is left of the tail's allowance; the first one that does not, and every part
//! after it, is named. Under a node budget the tail is its last fifth (the parts are named
//! from four fifths of the budget on, and no task passes the budget); under a time budget it
//! is a quarter more nodes than the task searched in its time. The tail searches parts in the order of
//! the search and names the rest of one it stops in, so no node is searched twice.
//!
//! What is left after the tail is packed into parts of about a budget each (`part.rs`), by the
//! same estimate: the small rests that did not fit go together, a long run of siblings is cut,
//! so that the parts, each a task, are neither tiny nor many budgets long.
//!
//! A shard under a time budget first searches at least [`GRANT`] nodes, however late it
//! starts (a process that waited for a core past its whole budget), and then goes on from
//! where that stopped while its time lasts: every task makes progress, so a loaded machine
//! cannot make a chain of tasks that each name the same rest again.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::Instant;

use super::continuation::{earliest, member_numbers, replay};
use super::part::{pack, Part};
use super::{add_profile, restore, Budgeted, Path, Shard, SplitBudget, Step};
use crate::xc::problem::OptionId;
use crate::xc::search::{Choice, Event, Outcome, Solver, Stats, Status, StopPoint};
use crate::xc::storage::Storage;

/// The nodes a shard under a time budget searches before it looks at its clock: as many as
/// the search searches between two looks at its deadline.
pub const GRANT: u64 = 1024;

/// One subtree of a part: its path, the choices that lead to it below the forced options,
/// and whether it is a solution.
pub(super) struct Subtree {
    pub(super) path: Path,
    pub(super) choices: Vec<Choice>,
    pub(super) solution: bool,
}

/// The subtrees of a located shard, in the order of the search, with the path of the rest
/// after each (the siblings after it in the shard's run), if any.
pub(super) fn subtrees<S: Storage>(
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

/// [`Shard::run_within`] and [`super::Part::run_within`] (see the module documentation):
/// `shard` first, then the subtrees of `rest`, with the task's profile from depth `root`.
pub(super) fn run<S, F>(
    shard: &Shard,
    rest: &[Path],
    root: usize,
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
    // Where the tail starts, and the node count it may reach from `searched` nodes.
    let main = match budget.nodes {
        Some(_) => (nodes - nodes / 5).max(1),
        None => nodes,
    };
    let tail_cap = |searched: u64| match budget.nodes {
        Some(_) => nodes.max(searched),
        None => searched.saturating_add(searched / 4),
    };
    let end = budget.time.and_then(|t| started.checked_add(t));
    let base: Vec<OptionId> = solver.forced().to_vec();
    let saved = solver.limits().clone();
    let mut stats = Stats::default();
    let mut status = Status::Complete;
    let mut spent = false;
    let mut todo: VecDeque<Path> = rest.iter().cloned().collect();
    let mut solution: Vec<OptionId> = Vec::new();
    let mut first = true;
    // Once the budget is spent: the node count the tail may reach (see the module
    // documentation).
    let mut tail: Option<u64> = None;
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
            if tail.is_none() && (stats.nodes >= main || out_of_time(stats.nodes)) {
                spent = true;
                status = match stats.nodes >= main {
                    true => Status::NodeLimit,
                    false => Status::TimeLimit,
                };
                tail = Some(tail_cap(stats.nodes));
            }
            if let Some(cap) = tail {
                if !fits(&stats.profile, &path, root, cap.saturating_sub(stats.nodes)) {
                    todo.push_front(path);
                    break;
                }
            }
            restore(solver, &base);
            located = Shard::locate(solver, &path)
                .expect("a part of a continuation is a subtree of the search that named it");
            &located
        };
        let subtrees = subtrees(part, solver, &base);
        for (sub, rest) in subtrees {
            let level = sub.path.depth().saturating_sub(root);
            // The nodes it may reach, and whether its time counts (not in the tail).
            let (limit, timed) = match tail {
                Some(cap) => (cap, false),
                None => (main, end.is_some()),
            };
            let out_of_budget = stats.nodes >= limit || (timed && out_of_time(stats.nodes));
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
            } else if stats.nodes > 0 && out_of_budget {
                let why = match stats.nodes >= limit {
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
                    leaf_solution(solver, &base, &sub.choices, &mut solution);
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
                let grant = timed && stats.nodes < GRANT;
                let mine = match grant {
                    true => (limit - stats.nodes).min(GRANT - stats.nodes),
                    false => limit - stats.nodes,
                };
                let mut limits = saved.clone();
                limits.max_nodes = Some(nodes_left.map_or(mine, |left| left.min(mine)));
                limits.max_solutions = solutions_left;
                let own_deadline = timed
                    && !grant
                    && end.is_some_and(|end| saved.deadline.is_none_or(|theirs| end < theirs));
                if timed && !grant {
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
                                if !grant || stats.nodes >= limit {
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
                    if tail.is_none() {
                        spent = true;
                        status = why;
                        tail = Some(tail_cap(stats.nodes));
                        continue 'parts;
                    }
                    // The tail's allowance ran out in a part: its rest is named.
                }
                Halt::Other(why) => {
                    spent = false;
                    status = why;
                }
            }
            break 'parts;
        }
    }
    if spent && todo.is_empty() {
        // The tail searched every part left: the shard is complete.
        spent = false;
        status = Status::Complete;
    }
    restore(solver, &base);
    solver.set_limits(saved);
    stats.elapsed = started.elapsed();
    // Parts of about a budget each: its nodes, or under a time budget the nodes this task
    // searched in its time.
    let target = budget.nodes.unwrap_or_else(|| stats.nodes.max(GRANT));
    let sizes = |stats: &Stats, path: &Path| subtree_size(&stats.profile, path, root);
    let live = |path: &Path| live_siblings(solver, &base, path);
    hand_back(Outcome { status, stats }, todo, spent, target, sizes, live)
}

/// What a task hands back: its outcome, and the paths it left unsearched as its
/// continuation, packed into parts of about `target` nodes (`size` estimates a path's
/// subtree from the outcome's statistics, `live` names a path's live siblings) when its
/// budget was spent, else one part each, in the order of the paths.
pub(super) fn hand_back(
    outcome: Outcome,
    todo: VecDeque<Path>,
    spent: bool,
    target: u64,
    size: impl Fn(&Stats, &Path) -> Option<u64>,
    live: impl FnMut(&Path) -> Vec<u32>,
) -> Budgeted {
    let mut rest: Vec<Path> = todo.into();
    rest.sort();
    let continuation = if spent {
        pack(rest, target, |path| size(&outcome.stats, path), live)
    } else {
        rest.into_iter().map(Part::from).collect()
    };
    Budgeted {
        outcome,
        continuation,
        spent,
    }
}

/// The rest of subtree `sub` after a search of it stopped at `point`, in the order of the
/// search: the node it was about to enter (unless it searched it), then at each level from
/// the deepest up the branches after the one taken there, whose covers and dead ends go to
/// `stats` (the part that searches them counts from their nodes down).
pub(super) fn rest_of<S: Storage>(
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

/// Whether the part at `path` looks small enough for the tail's `left` nodes: its nodes'
/// level of the task's `profile` (the shard at depth `root` is level 0) has an average
/// subtree that many times its run of siblings does not pass. A level not reached yet is
/// not known to be small.
fn fits(profile: &[u64], path: &Path, root: usize, left: u64) -> bool {
    let Some(step) = path.steps().last() else {
        return false;
    };
    let Some(each) = subtree_size(profile, path, root) else {
        return false;
    };
    let siblings = u64::from(step.last - step.first + 1);
    each.saturating_mul(siblings) <= left
}

/// The nodes below an average node of the level of `path`'s last step in the task's
/// `profile` (the shard at depth `root` is level 0): the estimate of one of its subtrees.
/// `None` for a level not reached yet.
pub(super) fn subtree_size(profile: &[u64], path: &Path, root: usize) -> Option<u64> {
    let level = path.depth().saturating_sub(root);
    let &here = profile.get(level).filter(|&&n| n > 0)?;
    let below: u64 = profile[level..].iter().sum();
    Some(below / here)
}

/// The numbers of the siblings of `path`'s last step that are not dead ends.
pub(super) fn live_siblings<S: Storage>(
    solver: &mut Solver<'_, S>,
    base: &[OptionId],
    path: &Path,
) -> Vec<u32> {
    let (Ok(shard), Some(&step)) = (Shard::locate(solver, path), path.steps().last()) else {
        return Vec::new();
    };
    if shard.members.is_empty() {
        return Vec::new();
    }
    member_numbers(solver, base, &shard.prefix, step, &shard.members)
}

/// Adds the figures of a search whose root is at `level` of the shard's profile.
/// The options of a subtree that is one solution, `choices` below the forced `base`, into
/// `solution`: Algorithm M's moves are replayed, since only the solver knows their options.
pub(super) fn leaf_solution<S: Storage>(
    solver: &mut Solver<'_, S>,
    base: &[OptionId],
    choices: &[Choice],
    solution: &mut Vec<OptionId>,
) {
    solution.clear();
    if choices.iter().any(|c| matches!(c, Choice::Move(_))) {
        replay(solver, base, choices);
        solution.extend(solver.taken());
        restore(solver, base);
    } else {
        solution.extend_from_slice(base);
        solution.extend(choices.iter().filter_map(|&c| match c {
            Choice::Option(o) => Some(o),
            Choice::Move(_) => None,
        }));
    }
}

pub(super) fn add(total: &mut Stats, level: usize, other: &Stats) {
    total.solutions += other.solutions;
    total.nodes += other.nodes;
    total.updates += other.updates;
    total.cleansings += other.cleansings;
    total.branches += other.branches;
    total.dead_ends += other.dead_ends;
    add_profile(&mut total.profile, level, &other.profile);
}
