//! The attempt driver of a part whose subtrees are searched whole by a search that cannot
//! be resumed in the links' terms: dancing cells and the bit sets (`whole.rs`, reporting
//! counts and solutions) and the minimum-cost search (`best.rs`, reporting its K cheapest).
//! What a part reports is the [`Attempts`] it is driven with; the walk is the same.
//!
//! The links walk the top of the tree; each subtree below a part's paths is searched whole
//! within what is left of the budget. A subtree the budget cuts short is not resumed but
//! searched again in smaller pieces: its attempt is thrown away (what it found was held
//! back, and its nodes count against the budget, not in the figures), its node is expanded
//! on the links (counted as the links count it) and its children are the next subtrees,
//! named as parts when the budget is spent. A search that says where its budget stopped it
//! ([`Attempts::resumes`]) keeps what it searched, and the rest is named as the links name
//! theirs; one that names the rest in its own terms ([`Attempts::named_rest`], DLX5's parts
//! within a node) keeps what it searched too. A subtree whose size, estimated from the subtrees of its level searched whole
//! before ([`Attempts::estimate`]), passes what is left is expanded without an attempt; where
//! nothing is known the attempt may spend a quarter of the budget. Every task searches a
//! subtree whole or expands a node before it looks at its budget, so a chain of tasks always
//! gets on.

use std::collections::VecDeque;
use std::time::Instant;

use super::continuation::{earliest, replay};
use super::resumable::{add, hand_back, live_siblings, rest_of, subtrees, Subtree, GRANT};
use super::{restore, Budgeted, Path, Shard, SplitBudget, Step};
use crate::xc::problem::OptionId;
use crate::xc::search::{Limits, Next, Outcome, Solver, Stats, Status, StopPoint};
use crate::xc::storage::Storage;

/// What a part reports, and how its subtrees are searched whole: the driver's hooks.
pub(super) trait Attempts {
    /// A limit of the report's own, reached before the next subtree (the solutions asked).
    fn limit(&self, stats: &Stats) -> Option<Status>;

    /// A subtree that is a solution (its parent's expansion made the covers; its node is
    /// counted already): the report takes it, or stops the part with the status returned.
    fn leaf<S: Storage>(
        &mut self,
        links: &mut Solver<'_, S>,
        base: &[OptionId],
        sub: &Subtree,
        level: usize,
        stats: &mut Stats,
    ) -> Option<Status>;

    /// Whether a subtree holds nothing the part reports, so that it is passed over.
    fn skip(&self, sub: &Subtree) -> bool;

    /// The nodes a subtree at `path` is expected to take, from those searched whole before.
    fn estimate(&self, path: &Path) -> Option<u64>;

    /// Whether an attempt cut short says where it stopped ([`Attempts::attempt`]'s point):
    /// then it loses nothing and may spend all that is left of the budget.
    fn resumes(&self) -> bool;

    /// Searches the subtree whole within `limits`, holding back what it finds until
    /// [`Attempts::keep`]; where the budget stopped it, if the search can say.
    fn attempt(
        &mut self,
        base: &[OptionId],
        sub: &Subtree,
        limits: Limits,
    ) -> (Outcome, Option<StopPoint>);

    /// Whether the last attempt, cut short, named the rest of its subtree in its own terms
    /// (parts the report hands on itself): then what it searched is kept.
    fn named_rest(&mut self, _sub: &Subtree) -> bool {
        false
    }

    /// Keeps what the last attempt found and counts its figures (`searched`, its root at
    /// `level`), for a subtree searched whole or up to its stop point.
    fn keep(&mut self, level: usize, searched: &Stats, stats: &mut Stats);

    /// Hands on what was kept; the part stops with the status returned.
    fn pass(&mut self, stats: &Stats) -> Option<Status>;

    /// The last attempt was cut short and is thrown away: what it says may still be used.
    fn cut_short(&mut self);

    /// Counts a node expanded on the links (`counted`, as the links count it).
    fn expanded(&mut self, level: usize, counted: &Stats, stats: &mut Stats);

    /// The part is over: the search is left as it was found.
    fn finish(&mut self, base: &[OptionId]);
}

/// What stopped a task, and what it left.
struct Stop {
    status: Status,
    /// Whether the task's own budget ran out (the rest is named, the task is done).
    spent: bool,
}

impl Stop {
    fn at(status: Status) -> Self {
        Stop {
            status,
            spent: false,
        }
    }
}

/// Searches the subtrees of `paths` (located on `links`, in the order of the search) with
/// `report`, within `budget` and the task's `outer` limits, as the module documentation
/// says; the task's levels start at depth `root`.
pub(super) fn drive<S, A>(
    paths: &[Path],
    root: usize,
    links: &mut Solver<'_, S>,
    report: &mut A,
    budget: SplitBudget,
    outer: &Limits,
) -> Budgeted
where
    S: Storage,
    A: Attempts,
{
    let started = Instant::now();
    let nodes = budget.nodes.unwrap_or(u64::MAX).max(1);
    let end = budget.time.and_then(|t| started.checked_add(t));
    let base: Vec<OptionId> = links.forced().to_vec();
    let mut stats = Stats::default();
    // The nodes searched, attempts thrown away included: what the budget counts.
    let mut work = 0u64;
    let mut stop: Option<Stop> = None;
    let mut todo: VecDeque<Path> = paths.iter().cloned().collect();
    let mut progressed = false;
    let resumes = report.resumes();
    let over = |work: u64| -> Option<Status> {
        if work >= nodes {
            Some(Status::NodeLimit)
        } else if work >= GRANT && end.is_some_and(|end| Instant::now() >= end) {
            Some(Status::TimeLimit)
        } else {
            None
        }
    };
    'parts: while let Some(path) = todo.pop_front() {
        let located = Shard::locate(links, &path)
            .expect("a path of a part was located before, or named by this search");
        for (sub, rest) in subtrees(&located, links, &base) {
            let level = sub.path.depth().saturating_sub(root);
            let nodes_left = outer.max_nodes.map(|m| m.saturating_sub(stats.nodes));
            let halt = if nodes_left == Some(0) {
                Some(Stop::at(Status::NodeLimit))
            } else if let Some(why) = report.limit(&stats) {
                Some(Stop::at(why))
            } else if let Some(why) = outer.interruption() {
                Some(Stop::at(why))
            } else {
                over(work).filter(|_| progressed).map(|why| Stop {
                    status: why,
                    spent: true,
                })
            };
            if let Some(halt) = halt {
                put_back(&mut todo, rest);
                todo.push_front(sub.path);
                stop = Some(halt);
                break 'parts;
            }
            progressed = true;
            if sub.solution {
                // Its parent's expansion made the covers: the search counts one node.
                work += 1;
                stats.nodes += 1;
                if let Some(why) = report.leaf(links, &base, &sub, level, &mut stats) {
                    put_back(&mut todo, rest);
                    stop = Some(Stop::at(why));
                    break 'parts;
                }
                continue;
            }
            if report.skip(&sub) {
                continue;
            }
            // The nodes this subtree may spend: what is left of the budget (a quarter of it
            // where nothing is known of the level and an attempt cut short is lost).
            let left = nodes - work.min(nodes);
            let attempt = match report.estimate(&sub.path) {
                _ if resumes => Some(left),
                Some(size) if size > left => None,
                Some(_) => Some(left),
                None => Some(left.min((nodes / 4).max(GRANT))),
            };
            if let Some(cap) = attempt {
                let mut limits = outer.clone();
                limits.max_nodes = Some(nodes_left.map_or(cap, |n| n.min(cap)));
                limits.max_solutions = None;
                let own_deadline =
                    end.is_some_and(|end| outer.deadline.is_none_or(|theirs| end < theirs));
                limits.deadline = earliest(outer.deadline, end);
                let (outcome, point) = report.attempt(&base, &sub, limits);
                work = work.saturating_add(outcome.stats.nodes);
                let ours = match outcome.status {
                    Status::Complete => {
                        report.keep(level, &outcome.stats, &mut stats);
                        if let Some(why) = report.pass(&stats) {
                            put_back(&mut todo, rest);
                            stop = Some(Stop::at(why));
                            break 'parts;
                        }
                        continue;
                    }
                    Status::NodeLimit => nodes_left.is_none_or(|n| cap < n),
                    Status::TimeLimit => own_deadline,
                    _ => false,
                };
                if !ours {
                    // Another limit, a signal: the subtree is left whole.
                    put_back(&mut todo, rest);
                    todo.push_front(sub.path);
                    stop = Some(Stop::at(outcome.status));
                    break 'parts;
                }
                if let Some(point) = point.filter(|_| resumes && outcome.stats.nodes > 0) {
                    // The budget stopped the search inside the subtree: what it searched is
                    // kept, and the rest is named as the links name theirs (the node it was
                    // about to enter, then the branches after each one taken), their covers
                    // and dead ends counted here as the links count them.
                    report.keep(level, &outcome.stats, &mut stats);
                    let counted = stats.nodes;
                    let parts = rest_of(links, &base, &sub, &point, level, &mut stats);
                    work = work.saturating_add(stats.nodes - counted);
                    put_back(&mut todo, rest);
                    for path in parts.into_iter().rev() {
                        todo.push_front(path);
                    }
                    if let Some(why) = report.pass(&stats) {
                        stop = Some(Stop::at(why));
                        break 'parts;
                    }
                    continue 'parts;
                }
                if resumes && outcome.stats.nodes > 0 && report.named_rest(&sub) {
                    // The search stopped inside the subtree and the report named the rest
                    // in the search's own terms: what it searched is kept.
                    report.keep(level, &outcome.stats, &mut stats);
                    put_back(&mut todo, rest);
                    if let Some(why) = report.pass(&stats) {
                        stop = Some(Stop::at(why));
                        break 'parts;
                    }
                    continue 'parts;
                }
                report.cut_short();
            }
            // Too large for what is left: its node is expanded on the links, its children
            // are the next subtrees, before the siblings after it.
            replay(links, &base, &sub.choices);
            let (counted, children) = links
                .branches()
                .expect("a subtree that is not a solution has a node to expand");
            restore(links, &base);
            work = work.saturating_add(counted.nodes);
            report.expanded(level, &counted, &mut stats);
            put_back(&mut todo, rest);
            if children.iter().any(|&(_, next)| next != Next::DeadEnd) {
                let of = children.len() as u32;
                todo.push_front(sub.path.child(Step {
                    first: 1,
                    last: of,
                    of,
                }));
            }
            // What is left of this part's paths comes after the children and the rest.
            continue 'parts;
        }
    }
    restore(links, &base);
    report.finish(&base);
    stats.elapsed = started.elapsed();
    let (status, spent) = match stop {
        Some(Stop { spent: true, .. }) if todo.is_empty() => (Status::Complete, false),
        Some(Stop { status, spent }) => (status, spent),
        None => (Status::Complete, false),
    };
    let target = budget.nodes.unwrap_or_else(|| work.max(GRANT));
    let sizes = |_: &Stats, path: &Path| report.estimate(path);
    let live = |path: &Path| live_siblings(links, &base, path);
    hand_back(Outcome { status, stats }, todo, spent, target, sizes, live)
}

/// Counts a node expanded on the links as the links count it (the default of a report).
pub(super) fn count_expanded(level: usize, counted: &Stats, stats: &mut Stats) {
    add(stats, level, counted);
}

/// Puts the rest of a run of siblings back at the front of the queue.
fn put_back(todo: &mut VecDeque<Path>, rest: Option<Path>) {
    if let Some(path) = rest {
        todo.push_front(path);
    }
}
