//! Shards that split themselves: a search of one shard within a node budget that, when the
//! budget runs out (or a deadline or a signal comes), stops and names the subtrees it has not
//! searched as new shard paths, its *continuation*.
//!
//! For Algorithm X or C the search keeps all its work: it stops where the budget runs out and
//! names the rest of the subtree it was in (`resumable.rs`), so no node is searched twice.
//! Algorithm M (item bounds) is walked as follows, since its moves are not options the search
//! can say it stood at.
//!
//! The walk goes down the shard's tree with the solver's public operations only: force a
//! prefix, expand a node ([`Solver`]'s expansion, the covers the search does there, counted
//! as the search counts them), and search a child's whole subtree within a node limit. A child
//! whose subtree fits is counted whole; one that does not is abandoned (its nodes are *waste*,
//! counted apart and never in the figures), expanded, and its own children tried in turn. So
//! at any stop the part searched is a set of whole subtrees plus the expanded nodes above
//! them, and the rest is a list of untouched subtrees, each a path whose last step may be a
//! run of siblings (`2-5/7`). The figures of the shard and of every part of its
//! continuation add up to those of the sequential search, as a [`super::Split`]'s do.
//!
//! A child is first tried with at most a quarter of the budget, so one huge child costs at
//! most that much waste before the search goes below it. The budget is nodes, time, or both
//! ([`SplitBudget`]): with time, a child is tried until a quarter of the time or the end of the
//! budget, whichever comes first.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::{add_profile, Path, Shard, SplitBudget, Step};
use crate::xc::problem::OptionId;
use crate::xc::search::{Choice, Event, Next, Outcome, Solver, Stats, Status};
use crate::xc::storage::Storage;

/// Why a path does not name a subtree of the search.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LocateError {
    /// A level's item has another number of options than the path says.
    #[error("`{path}`: level {level} has {found} options, not {expected}: is this the problem (and the forced options) the path was made for?")]
    Options {
        /// The path.
        path: String,
        /// The level, from 1.
        level: usize,
        /// The options the search has there.
        found: usize,
        /// The options the path names.
        expected: u32,
    },
    /// The path goes on below a solution or a dead end.
    #[error(
        "`{path}`: level {level} is a leaf of the search (a solution or a dead end), not a subtree"
    )]
    Leaf {
        /// The path.
        path: String,
        /// The level, from 1.
        level: usize,
    },
    /// A run of siblings (`2-4/7`) before the last level.
    #[error("`{path}`: only the last level may be a run of siblings")]
    Run {
        /// The path.
        path: String,
    },
}

/// How a budgeted search of a shard ended: its outcome (the figures of the part searched;
/// [`Status::Complete`] when nothing is left), the paths left to search, and the nodes
/// searched and thrown away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budgeted {
    /// The status and the figures of the subtrees searched whole and of the nodes expanded.
    pub outcome: Outcome,
    /// The untouched subtrees, in the order of the search: each runs as a shard
    /// ([`Shard::locate`]). Empty when the shard is complete.
    pub continuation: Vec<Path>,
    /// Nodes of abandoned subtrees (searched, then searched again as parts of the
    /// continuation or below): the price of stopping between subtrees, for Algorithm M only
    /// (0 for Algorithm X or C, which names the rest of a subtree it stopped in).
    pub waste: u64,
    /// Whether the shard stopped because its own budget ran out (its status then says which:
    /// [`Status::NodeLimit`] or [`Status::TimeLimit`]), naming the rest: the shard is done, not
    /// cut short. False when it is complete, or when another limit or the handler stopped it.
    pub spent: bool,
}

impl Shard {
    /// The shard at `path` of the search that `solver` would make below its forced options:
    /// a shard of a split, or a part of a continuation. The solver is left as it was.
    ///
    /// ```
    /// use dlxkit::xc::{Arena, Problem, Solver};
    /// use dlxkit::xc::shard::Shard;
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let mut solver = Solver::new(&p, &arena);
    /// let shard = Shard::locate(&mut solver, &"2-3/3".parse()?)?;
    /// let outcome = shard.run(&mut solver, false, 0, |_| std::ops::ControlFlow::Continue(()));
    /// assert_eq!(outcome.stats.solutions, 2); // `A B` then C, and `A B C`
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn locate<S: Storage>(
        solver: &mut Solver<'_, S>,
        path: &Path,
    ) -> Result<Shard, LocateError> {
        let base: Vec<OptionId> = solver.forced().to_vec();
        let result = Shard::locate_below(solver, path);
        restore(solver, &base);
        result
    }

    fn locate_below<S: Storage>(
        solver: &mut Solver<'_, S>,
        path: &Path,
    ) -> Result<Shard, LocateError> {
        let text = || path.to_string();
        let mut prefix = Vec::new();
        let steps = path.steps();
        for (level, step) in steps.iter().enumerate() {
            let last_level = level + 1 == steps.len();
            let Some((_, children)) = solver.branches() else {
                return Err(LocateError::Leaf {
                    path: text(),
                    level: level + 1,
                });
            };
            if children.len() != step.of as usize {
                return Err(LocateError::Options {
                    path: text(),
                    level: level + 1,
                    found: children.len(),
                    expected: step.of,
                });
            }
            let chosen = &children[step.first as usize - 1..step.last as usize];
            if last_level {
                let members = chosen
                    .iter()
                    .filter(|(_, next)| *next != Next::DeadEnd)
                    .map(|&(o, next)| (o, next == Next::Solution))
                    .collect();
                return Ok(Shard {
                    path: path.clone(),
                    prefix,
                    members,
                });
            }
            if step.first != step.last {
                return Err(LocateError::Run { path: text() });
            }
            let (option, next) = chosen[0];
            if !matches!(next, Next::Open(_)) {
                return Err(LocateError::Leaf {
                    path: text(),
                    level: level + 1,
                });
            }
            let taken = solver.take(option);
            assert!(taken, "a branch of the expanded node can be taken");
            prefix.push(option);
        }
        Ok(Shard {
            path: Path::default(),
            prefix: Vec::new(),
            members: Vec::new(),
        })
    }

    /// Searches the shard as [`Shard::run`] does, but within a budget of `budget` nodes
    /// (and the solver's other limits): when the budget runs out, or a limit or `handler`
    /// stops the search, it stops and names the subtrees it did not search (see the module
    /// documentation). Solutions go to `handler` only from the part searched, so none is
    /// given twice; progress is not reported.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlxkit::xc::{Arena, Problem, Solver, Status};
    /// use dlxkit::xc::shard::{Shard, Split, SplitBy, Totals};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let mut solver = Solver::new(&p, &arena);
    /// let split = Split::new(&p, SplitBy::Depth(0));
    /// let mut totals = Totals::from_split(&split);
    /// let mut todo = vec![split.shards()[0].path().clone()];
    /// while let Some(path) = todo.pop() {
    ///     let shard = Shard::locate(&mut solver, &path)?;
    ///     let run = shard.run_with_budget(&mut solver, 2, false, |_| ControlFlow::Continue(()));
    ///     totals.add(path.depth(), &run.outcome.stats);
    ///     todo.extend(run.continuation.into_iter().rev());
    /// }
    /// assert_eq!(totals.solutions, 4u64);
    /// assert_eq!(totals.nodes, u128::from(Solver::new(&p, &arena).count().stats.nodes));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_with_budget<S, F>(
        &self,
        solver: &mut Solver<'_, S>,
        budget: u64,
        list: bool,
        handler: F,
    ) -> Budgeted
    where
        S: Storage,
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        self.run_within(solver, SplitBudget::nodes(budget), list, handler)
    }

    /// Searches the shard as [`Shard::run_with_budget`] does, within a budget of nodes, of
    /// time, or both ([`SplitBudget`]): it stops when either runs out (under a time budget,
    /// only after its first [`super::GRANT`] nodes, so that every task makes progress).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::time::Duration;
    /// use dlxkit::xc::{Arena, Problem, Solver, Status};
    /// use dlxkit::xc::shard::{SplitBudget, Split, SplitBy};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let mut solver = Solver::new(&p, &arena);
    /// let split = Split::new(&p, SplitBy::Depth(0));
    /// let shard = &split.shards()[0];
    /// let budget = SplitBudget::time(Duration::from_secs(60));
    /// let run = shard.run_within(&mut solver, budget, false, |_| ControlFlow::Continue(()));
    /// assert_eq!((run.outcome.status, run.outcome.stats.solutions), (Status::Complete, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_within<S, F>(
        &self,
        solver: &mut Solver<'_, S>,
        budget: SplitBudget,
        list: bool,
        handler: F,
    ) -> Budgeted
    where
        S: Storage,
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if !solver.problem().has_bounds() {
            return super::resumable::run(self, solver, budget, list, handler);
        }
        let started = Instant::now();
        let nodes = budget.nodes.unwrap_or(u64::MAX).max(1);
        let end = budget.time.and_then(|t| started.checked_add(t));
        let base: Vec<OptionId> = solver.forced().to_vec();
        let saved = solver.limits().clone();
        let mut walk = Walk {
            base,
            saved,
            budget: nodes,
            remaining: nodes,
            end,
            slice: budget.time.map(|t| t / 4),
            spent: false,
            stats: Stats::default(),
            status: Status::Complete,
            continuation: Vec::new(),
            waste: 0,
            handler,
            list,
            buffer: Vec::new(),
            solution: Vec::new(),
        };
        if self.path.depth() == 0 {
            // The whole tree: its root is the one node to expand.
            restore(solver, &walk.base);
            match solver.branches() {
                None => {
                    // The forced options are a solution: the tree is that one node.
                    let outcome = self.run(solver, list, 0, &mut walk.handler);
                    return Budgeted {
                        outcome,
                        continuation: Vec::new(),
                        waste: 0,
                        spent: false,
                    };
                }
                Some((stats, branches)) => {
                    walk.count_expansion(0, &stats);
                    let of = branches.len() as u32;
                    let children = live_children(&branches);
                    let _ = walk.children(solver, &[], &Path::default(), &children, of, of, 1);
                }
            }
        } else {
            let step = *self
                .path
                .steps()
                .last()
                .expect("a shard with members has a path");
            let parent = Path(self.path.steps()[..self.path.depth() - 1].to_vec());
            let mut children = Vec::with_capacity(self.members.len());
            // The members are the live branches of the run `first..=last`, in order; their
            // numbers are found again from the solver (dead ones were dropped).
            let prefix = self.prefix.clone();
            let numbers = member_numbers(solver, &walk.base, &prefix, step, &self.members);
            for (&(choice, solution), k) in self.members.iter().zip(numbers) {
                children.push(Child {
                    k,
                    choice,
                    solution,
                });
            }
            let _ = walk.children(solver, &prefix, &parent, &children, step.last, step.of, 0);
        }
        restore(solver, &walk.base);
        solver.set_limits(walk.saved.clone());
        walk.stats.elapsed = started.elapsed();
        walk.continuation.sort();
        Budgeted {
            outcome: Outcome {
                status: walk.status,
                stats: walk.stats,
            },
            continuation: walk.continuation,
            waste: walk.waste,
            spent: walk.spent,
        }
    }
}

/// The earlier of two optional instants.
pub(super) fn earliest(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The numbers (from 1) of a shard's members among the branches of their node.
pub(super) fn member_numbers<S: Storage>(
    solver: &mut Solver<'_, S>,
    base: &[OptionId],
    prefix: &[Choice],
    step: Step,
    members: &[(Choice, bool)],
) -> Vec<u32> {
    replay(solver, base, prefix);
    let (_, branches) = solver
        .branches()
        .expect("a shard with members has a node above them");
    let numbers = members
        .iter()
        .map(|&(member, _)| {
            branches
                .iter()
                .position(|&(c, _)| c == member)
                .map_or(step.first, |k| k as u32 + 1)
        })
        .collect();
    restore(solver, base);
    numbers
}

/// A child of an expanded node: its number among the node's branches, the branch, and
/// whether it is a solution.
#[derive(Clone, Copy)]
struct Child {
    k: u32,
    choice: Choice,
    solution: bool,
}

/// The branches of an expanded node that are not dead ends, as children.
fn live_children(branches: &[(Choice, Next)]) -> Vec<Child> {
    branches
        .iter()
        .enumerate()
        .filter(|(_, (_, next))| *next != Next::DeadEnd)
        .map(|(k, &(choice, next))| Child {
            k: k as u32 + 1,
            choice,
            solution: next == Next::Solution,
        })
        .collect()
}

/// Forces exactly `base` again, then takes the branches of `path` below it.
pub(super) fn replay<S: Storage>(solver: &mut Solver<'_, S>, base: &[OptionId], path: &[Choice]) {
    restore(solver, base);
    for &c in path {
        let taken = solver.take(c);
        assert!(taken, "a path of the search can be taken again");
    }
}

/// The state of a budgeted search.
struct Walk<F> {
    base: Vec<OptionId>,
    saved: crate::xc::search::Limits,
    /// The node budget, and the nodes left of it.
    budget: u64,
    remaining: u64,
    /// The end of the time budget, and a quarter of it (the longest try of one child).
    end: Option<Instant>,
    slice: Option<Duration>,
    /// Whether the budget ran out (rather than another limit or the handler stopping it).
    spent: bool,
    stats: Stats,
    status: Status,
    continuation: Vec<Path>,
    waste: u64,
    handler: F,
    list: bool,
    /// Solutions of the subtree being searched, given out when it is searched whole.
    buffer: Vec<Vec<OptionId>>,
    solution: Vec<OptionId>,
}

impl<F: FnMut(Event<'_>) -> ControlFlow<()>> Walk<F> {
    /// Whether the budget is spent: no nodes left, or past the end of its time.
    fn out_of_budget(&self) -> bool {
        self.remaining == 0 || self.end.is_some_and(|end| Instant::now() >= end)
    }

    /// Stops the walk for its budget, with the status that says which ran out.
    fn run_out(&mut self) {
        self.spent = true;
        self.status = match self.remaining {
            0 => Status::NodeLimit,
            _ => Status::TimeLimit,
        };
    }

    fn count_expansion(&mut self, level: usize, stats: &Stats) {
        self.stats.nodes += stats.nodes;
        self.stats.updates += stats.updates;
        self.stats.cleansings += stats.cleansings;
        self.stats.branches += stats.branches;
        self.stats.dead_ends += stats.dead_ends;
        add_profile(&mut self.stats.profile, level, &stats.profile);
        self.remaining = self.remaining.saturating_sub(stats.nodes);
    }

    /// Works through `children` (options `k` of `of` of the item chosen below `parent`,
    /// whose options `prefix` holds, up to `last`), their nodes at `level` of the shard's
    /// profile; `Break` when the search stopped (the rest is in the continuation).
    #[allow(clippy::too_many_arguments)]
    fn children<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        prefix: &[Choice],
        parent: &Path,
        children: &[Child],
        last: u32,
        of: u32,
        level: usize,
    ) -> ControlFlow<()> {
        for (i, child) in children.iter().enumerate() {
            let rest = |from: u32| {
                parent.child(Step {
                    first: from,
                    last,
                    of,
                })
            };
            // A task stops for its budget only after some progress (a time can be over
            // before the first child is tried): each part is smaller than the one before.
            let progressed = self.stats.nodes > 0;
            if !self.status.is_complete() || (progressed && self.out_of_budget()) {
                if self.status.is_complete() {
                    self.run_out();
                }
                self.continuation.push(rest(child.k));
                return ControlFlow::Break(());
            }
            if child.solution {
                self.stats.nodes += 1;
                self.stats.solutions += 1;
                add_profile(&mut self.stats.profile, level, &[1]);
                self.remaining -= 1;
                if self.list {
                    self.solution.clear();
                    match child.choice {
                        Choice::Option(option) => {
                            self.solution.extend_from_slice(&self.base);
                            self.solution.extend(options_of(prefix));
                            self.solution.push(option);
                        }
                        Choice::Move(_) => {
                            // Algorithm M's moves: the solver knows their options.
                            replay(solver, &self.base, prefix);
                            let taken = solver.take(child.choice);
                            assert!(taken, "a branch of the expanded node can be taken");
                            self.solution.extend(solver.taken());
                            restore(solver, &self.base);
                        }
                    }
                    if (self.handler)(Event::Solution(&self.solution)).is_break() {
                        self.status = Status::Stopped;
                        if let Some(next) = children.get(i + 1) {
                            self.continuation.push(rest(next.k));
                        }
                        return ControlFlow::Break(());
                    }
                }
                continue;
            }
            // The whole subtree, within a quarter of the budget (or what is left).
            let try_nodes = self.remaining.min((self.budget / 4).max(1));
            let mut limits = self.saved.clone();
            limits.max_nodes = Some(limits.max_nodes.map_or(try_nodes, |m| m.min(try_nodes)));
            // And within a quarter of the time (or what is left): a timeout before the
            // solver's own deadline is this try's, which says the subtree is too big.
            let try_end = self.end.map(|end| {
                let slice = self.slice.unwrap_or_default();
                Instant::now()
                    .checked_add(slice)
                    .map_or(end, |t| t.min(end))
            });
            let own_deadline = match (try_end, self.saved.deadline) {
                (Some(mine), Some(theirs)) => mine < theirs,
                (mine, _) => mine.is_some(),
            };
            limits.deadline = earliest(self.saved.deadline, try_end);
            replay(solver, &self.base, prefix);
            let taken = solver.take(child.choice);
            assert!(taken, "a branch of the expanded node can be taken");
            solver.set_limits(limits);
            self.buffer.clear();
            let outcome = if self.list {
                let buffer = &mut self.buffer;
                solver.run(0, |event| {
                    if let Event::Solution(s) = event {
                        buffer.push(s.to_vec());
                    }
                    ControlFlow::Continue(())
                })
            } else {
                solver.count()
            };
            solver.set_limits(self.saved.clone());
            if outcome.status.is_complete() {
                add_stats(&mut self.stats, level, &outcome.stats);
                self.remaining = self.remaining.saturating_sub(outcome.stats.nodes);
                let buffer = std::mem::take(&mut self.buffer);
                for s in &buffer {
                    if (self.handler)(Event::Solution(s)).is_break() {
                        self.status = Status::Stopped;
                        if let Some(next) = children.get(i + 1) {
                            self.continuation.push(rest(next.k));
                        }
                        return ControlFlow::Break(());
                    }
                }
                continue;
            }
            // Too big, or stopped: the subtree's work is thrown away.
            self.waste += outcome.stats.nodes;
            self.remaining = self.remaining.saturating_sub(outcome.stats.nodes);
            let too_big = outcome.status == Status::NodeLimit
                || (outcome.status == Status::TimeLimit && own_deadline);
            if !too_big {
                self.status = outcome.status;
            }
            // A task that has expanded nothing yet goes below the child whatever its budget,
            // so that every task makes progress (a budget of 1 node still ends).
            let progressed = self.stats.nodes > 0;
            if !self.status.is_complete() || (progressed && self.out_of_budget()) {
                if self.status.is_complete() {
                    self.run_out();
                }
                // The subtree too big alone, then its younger siblings together.
                self.continuation.push(parent.child(Step {
                    first: child.k,
                    last: child.k,
                    of,
                }));
                if let Some(next) = children.get(i + 1) {
                    self.continuation.push(rest(next.k));
                }
                return ControlFlow::Break(());
            }
            // Go below it: expand it and try its children.
            let here = parent.child(Step {
                first: child.k,
                last: child.k,
                of,
            });
            let mut below: Vec<Choice> = prefix.to_vec();
            below.push(child.choice);
            replay(solver, &self.base, &below);
            let (stats, branches) = solver
                .branches()
                .expect("a subtree too big to search has a node to expand");
            self.count_expansion(level, &stats);
            let grand_of = branches.len() as u32;
            let grandchildren = live_children(&branches);
            let below_flow = self.children(
                solver,
                &below,
                &here,
                &grandchildren,
                grand_of,
                grand_of,
                level + 1,
            );
            if below_flow.is_break() {
                if let Some(next) = children.get(i + 1) {
                    self.continuation.push(rest(next.k));
                }
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

fn add_stats(total: &mut Stats, level: usize, other: &Stats) {
    total.solutions += other.solutions;
    total.nodes += other.nodes;
    total.updates += other.updates;
    total.cleansings += other.cleansings;
    total.branches += other.branches;
    total.dead_ends += other.dead_ends;
    add_profile(&mut total.profile, level, &other.profile);
}

/// Forces exactly `base` again.
fn restore<S: Storage>(solver: &mut Solver<'_, S>, base: &[OptionId]) {
    super::restore(solver, base);
}

/// The options of choices of Algorithm X or C (Algorithm M's moves have none the walk knows).
fn options_of(choices: &[Choice]) -> impl Iterator<Item = OptionId> + '_ {
    choices.iter().filter_map(|&c| match c {
        Choice::Option(o) => Some(o),
        Choice::Move(_) => None,
    })
}
