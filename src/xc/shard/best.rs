//! A shard's parts of the minimum-cost search (`dlxkit solve --best=K --shard I/N
//! --split-after NODES`, `--from PART`): each part reports the K cheapest solutions of the
//! subtrees it searched, and names the rest of its tree as parts when its budget runs out;
//! the K cheapest of all the parts' lines are the K best of the whole search (`dlxkit merge`
//! keeps them, as it does for shards of `--best`).
//!
//! The paths are those of the minimum-cost search's split ([`super::Split::for_best`]):
//! Knuth's plain tree of options without item bounds (a subtree is the problem with its
//! path's options forced, which DLX5 searches), Algorithm M's moves in cost order with
//! bounds (a subtree is the bounded search below the moves). The minimum-cost search cannot
//! stop inside a subtree and say where it stood, so a part works as `whole.rs` does on the
//! other engines: the links walk the top of the tree, each subtree below is searched whole
//! within what is left of the budget, and a subtree the budget cuts short is thrown away (its
//! solutions too, so that none is reported twice) and expanded on the links, its children
//! being the next subtrees, named as parts when the budget is spent.
//!
//! A part prunes with the best bound it knows: once it keeps K solutions, a subtree is
//! searched only for solutions cheaper than the K-th ([`crate::xc::BestSolver::with_bound`]),
//! and the part may start with a bound `below` (the K-th best cost of the part that named
//! it). An attempt cut short is thrown away, but not what it found out: if it found K
//! solutions, the K-th of them costing `top`, the part prunes with `top + 1` from then on and
//! names that bound to its continuation (the subtree searched again finds those K again).
//!
//! The merged K best stay exact. Call a bound B *justified* when there are K distinct
//! solutions each of which costs less than B, or is reported (in some part's K best) at a
//! cost of at most B: the K-th best of a part's own (reported) K, and one more than the
//! K-th of an attempt's K (not reported) are both justified, and so is any bound at least as
//! high. Every solution s is then reported or has K reported solutions at most as dear, by
//! induction on the cost: if s is neither reported nor crowded out of a part's K best by K
//! cheaper-or-equal ones kept there, it was pruned by a justified B at most its cost; the K
//! solutions behind B are each reported at a cost of at most B, or cost less than B, hence
//! less than s, and so are reported or have K reported ones at most as dear. So the K
//! cheapest of all the parts' lines have the sequential K best costs (which of equal-cost
//! solutions is kept may differ). The same argument lets a scheduler pass any part's
//! `bound` to any other part of the same search as `below`.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::continuation::{earliest, replay};
use super::part::pack;
use super::resumable::{add, leaf_solution, live_siblings, subtrees, GRANT};
use super::{restore, LocateError, Part, Path, Shard, SplitBudget, Step};
use crate::xc::best::{BestOutcome, Cheapest, Costed};
use crate::xc::machine::Engine;
use crate::xc::parallel::search_part;
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::{Choice, Limits, Next, Solver, Stats, Status};
use crate::xc::storage::{Arena, Storage};

/// How a budgeted part of a minimum-cost search ended: its K cheapest solutions (of the
/// subtrees it searched whole), and the paths left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestBudgeted {
    /// The status, the figures (`stats.solutions` counts the improvements of the part's K
    /// best) and the K cheapest solutions found, cheapest first, as options of the problem.
    pub outcome: BestOutcome,
    /// The untouched subtrees, in the order of the search, packed into parts of about the
    /// budget when it was spent (one path a part otherwise). Empty when the part is done.
    pub continuation: Vec<Part>,
    /// Whether the part stopped because its own budget ran out, naming the rest.
    pub spent: bool,
    /// The bound the parts of the continuation may start with ([`Part::run_best`]'s
    /// `below`): the K-th best cost known to this part, if it keeps K solutions.
    pub bound: Option<u64>,
}

impl Part {
    /// The K cheapest solutions of the part's subtrees of the minimum-cost search of
    /// `problem` (the tree of [`super::Split::for_best`]), searched on `engine` within
    /// `budget` and `limits` (nodes, deadline, cancel flag), naming what is left as parts (see
    /// the module documentation). Only solutions cheaper than `below` are looked for.
    /// Refused when a path is not a subtree of that tree.
    ///
    /// ```
    /// use dlxkit::xc::machine::Engine;
    /// use dlxkit::xc::shard::{Part, SplitBudget};
    /// use dlxkit::xc::{Limits, Problem};
    /// let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
    /// let mut costs = Vec::new();
    /// let mut todo: Vec<Part> = vec!["1-3/3".parse()?]; // the whole tree: A is in 3 options
    /// while let Some(part) = todo.pop() {
    ///     let run = part.run_best(&p, Engine::Links, 2, SplitBudget::nodes(1), &Limits::new(), None)?;
    ///     costs.extend(run.outcome.cheapest.iter().map(|c| c.cost));
    ///     todo.extend(run.continuation);
    /// }
    /// costs.sort();
    /// assert_eq!(costs[..2], [4, 6]); // the two best of the whole search
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_best(
        &self,
        problem: &Problem,
        engine: Engine,
        k: usize,
        budget: SplitBudget,
        limits: &Limits,
        below: Option<u64>,
    ) -> Result<BestBudgeted, LocateError> {
        let arena = Arena::new();
        // The tree of the minimum-cost search's split: Knuth's plain one without bounds,
        // Algorithm M's moves in cost order with them.
        let mut links = match problem.has_bounds() {
            true => Solver::by_cost(problem, &arena),
            false => Solver::new(problem, &arena),
        };
        for path in self.paths() {
            Shard::locate(&mut links, path)?;
        }
        Ok(run(
            self.paths(),
            self.depth(),
            problem,
            &mut links,
            Task {
                engine,
                k: k.max(1),
                budget,
                limits,
                below,
            },
        ))
    }
}

/// What a task is asked for.
struct Task<'l> {
    engine: Engine,
    k: usize,
    budget: SplitBudget,
    limits: &'l Limits,
    below: Option<u64>,
}

/// The nodes of the subtrees searched whole at each level below the task's root, and how
/// many: the estimate of a subtree's size at that level.
#[derive(Default)]
struct Sizes(Vec<(u64, u64)>);

impl Sizes {
    fn add(&mut self, level: usize, nodes: u64) {
        if self.0.len() <= level {
            self.0.resize(level + 1, (0, 0));
        }
        let (sum, n) = &mut self.0[level];
        *sum = sum.saturating_add(nodes);
        *n += 1;
    }

    fn estimate(&self, level: usize) -> Option<u64> {
        let &(sum, n) = self.0.get(level).filter(|(_, n)| *n > 0)?;
        Some(sum / n)
    }
}

/// Searches the subtrees of `paths` (located on `links`, in the order of the search) as
/// the module documentation says; the task's levels start at depth `root`.
fn run<S: Storage>(
    paths: &[Path],
    root: usize,
    problem: &Problem,
    links: &mut Solver<'_, S>,
    task: Task<'_>,
) -> BestBudgeted {
    let started = Instant::now();
    let budget = task.budget;
    let nodes = budget.nodes.unwrap_or(u64::MAX).max(1);
    let end = budget.time.and_then(|t| started.checked_add(t));
    let outer = task.limits;
    let base: Vec<OptionId> = links.forced().to_vec();
    let mut stats = Stats::default();
    let mut kept: Cheapest<Vec<OptionId>> = Cheapest::new(task.k);
    let bound = Arc::new(AtomicU64::new(task.below.unwrap_or(u64::MAX)));
    let mut sizes = Sizes::default();
    // The nodes searched, attempts thrown away included: what the budget counts.
    let mut work = 0u64;
    let mut stop: Option<(Status, bool)> = None;
    let mut todo: VecDeque<Path> = paths.iter().cloned().collect();
    let mut solution: Vec<OptionId> = Vec::new();
    let mut progressed = false;
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
                Some((Status::NodeLimit, false))
            } else if let Some(why) = outer.interruption() {
                Some((why, false))
            } else {
                over(work).filter(|_| progressed).map(|why| (why, true))
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
                leaf_solution(links, &base, &sub.choices, &mut solution);
                let cost = solution
                    .iter()
                    .fold(0u64, |c, &o| c.saturating_add(problem.option_cost(o)));
                if cost < bound.load(Ordering::Relaxed) && kept.offer(cost, solution.clone()) {
                    stats.solutions += 1;
                    tighten(&bound, &kept);
                }
                sizes.add(level, 1);
                continue;
            }
            // Every solution below costs at least the options of its path (Algorithm X's or
            // C's; Algorithm M's moves are not priced here): a path as dear as the bound
            // holds none of the K best, as the minimum-cost search on threads skips it.
            let least = sub.choices.iter().fold(0u64, |c, choice| match choice {
                Choice::Option(o) => c.saturating_add(problem.option_cost(*o)),
                Choice::Move(_) => c,
            });
            if least >= bound.load(Ordering::Relaxed) {
                continue;
            }
            // The nodes this subtree may spend: what is left of the budget, a quarter of it
            // where nothing is known of the level.
            let left = nodes - work.min(nodes);
            let attempt = match sizes.estimate(level) {
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
                let mut forced = None;
                let (solver, origin) =
                    search_part(problem, task.engine, &mut forced, &sub.choices, task.k);
                let mut solver = solver.with_limits(limits).with_bound(bound.clone());
                let found: Vec<Costed> = solver.by_ref().collect();
                let outcome = solver.outcome();
                work = work.saturating_add(outcome.stats.nodes);
                let ours = match outcome.status {
                    Status::Complete => {
                        let mut counted = outcome.stats.clone();
                        counted.solutions = 0;
                        add(&mut stats, 0, &counted);
                        sizes.add(level, outcome.stats.nodes);
                        for Costed { cost, options } in found {
                            let options = match origin {
                                Some(origin) => options.iter().map(|o| origin[o.index()]).collect(),
                                None => options,
                            };
                            if kept.offer(cost, options) {
                                stats.solutions += 1;
                            }
                        }
                        tighten(&bound, &kept);
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
                    stop = Some((outcome.status, false));
                    break 'parts;
                }
                // Its solutions are thrown away (the subtree is searched again), but not what
                // they say of the costs: K of them at most `top` make `top + 1` a bound.
                if let Some(top) = outcome.cheapest.get(task.k - 1) {
                    bound.fetch_min(top.cost.saturating_add(1), Ordering::Relaxed);
                }
            }
            // Too large for what is left: its node is expanded on the links, its children
            // are the next subtrees, before the siblings after it.
            replay(links, &base, &sub.choices);
            let (counted, children) = links
                .branches()
                .expect("a subtree that is not a solution has a node to expand");
            restore(links, &base);
            work = work.saturating_add(counted.nodes);
            add(&mut stats, 0, &counted);
            stats.solutions -= counted.solutions.min(stats.solutions);
            put_back(&mut todo, rest);
            if children.iter().any(|&(_, next)| next != Next::DeadEnd) {
                let of = children.len() as u32;
                todo.push_front(sub.path.child(Step {
                    first: 1,
                    last: of,
                    of,
                }));
            }
            continue 'parts;
        }
    }
    restore(links, &base);
    stats.elapsed = started.elapsed();
    stats.profile.clear();
    let (status, spent) = match stop {
        Some((_, true)) if todo.is_empty() => (Status::Complete, false),
        Some(stop) => stop,
        None => (Status::Complete, false),
    };
    let mut rest: Vec<Path> = todo.into();
    rest.sort();
    let continuation = if spent {
        let target = budget.nodes.unwrap_or_else(|| work.max(GRANT));
        let live = |path: &Path| live_siblings(links, &base, path);
        let size = |path: &Path| sizes.estimate(path.depth().saturating_sub(root));
        pack(rest, target, size, live)
    } else {
        rest.into_iter().map(Part::from).collect()
    };
    let known = bound.load(Ordering::Relaxed);
    BestBudgeted {
        outcome: BestOutcome {
            status,
            stats,
            cheapest: kept
                .into_sorted()
                .into_iter()
                .map(|(cost, options)| Costed { cost, options })
                .collect(),
        },
        continuation,
        spent,
        bound: (known != u64::MAX).then_some(known),
    }
}

/// Lowers the bound to the K-th best cost kept, once K are kept.
fn tighten(bound: &AtomicU64, kept: &Cheapest<Vec<OptionId>>) {
    if let Some(top) = kept.bound() {
        bound.fetch_min(top, Ordering::Relaxed);
    }
}

/// Puts the rest of a run of siblings back at the front of the queue.
fn put_back(todo: &mut VecDeque<Path>, rest: Option<Path>) {
    if let Some(path) = rest {
        todo.push_front(path);
    }
}
