//! Shards that split themselves: a search of one shard within a node budget that, when the
//! budget runs out (or a deadline or a signal comes), stops and names the subtrees it has not
//! searched as new shard paths, its *continuation*.
//!
//! The search keeps all its work, with or without item bounds: it stops where the budget
//! runs out and names the rest of the subtree it was in (`resumable.rs`): the node it was
//! about to enter, then the branches left at each level above it, each a path whose last
//! step may be a run of siblings (`2-5/7`), packed into [`Part`]s of about the budget each. So
//! no node is searched twice, and the figures of
//! the shard and of every part of its continuation add up to those of the sequential
//! search, as a [`super::Split`]'s do. The budget is nodes, time, or both ([`SplitBudget`]).

use std::ops::ControlFlow;
use std::time::Instant;

use thiserror::Error;

use super::{Part, Path, Shard, SplitBudget, Step};
use crate::xc::problem::OptionId;
#[cfg(doc)]
use crate::xc::search::Status;
use crate::xc::search::{Choice, Event, Next, Outcome, Solver};
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
    /// The options a part takes or leaves out (`+N`, `-N`) do not fit the problem or its
    /// path.
    #[error("`{part}`: {why}")]
    Within {
        /// The part.
        part: String,
        /// What does not fit.
        why: String,
    },
}

/// How a budgeted search of a shard ended: its outcome (the figures of the part searched;
/// [`Status::Complete`] when nothing is left) and the paths left to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budgeted {
    /// The status and the figures of the subtrees searched whole and of the nodes expanded.
    pub outcome: Outcome,
    /// The untouched subtrees, in the order of the search, packed into parts of about the
    /// budget when it was spent (one path a part otherwise): each runs as a task
    /// ([`Part::run_within`]). Empty when the shard is complete.
    pub continuation: Vec<Part>,
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
    /// use dlxkit::xc::shard::{Split, SplitBudget, SplitBy, Totals};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let mut solver = Solver::new(&p, &arena);
    /// let split = Split::new(&p, SplitBy::Depth(0));
    /// let mut totals = Totals::from_split(&split);
    /// let shard = &split.shards()[0];
    /// let run = shard.run_with_budget(&mut solver, 2, false, |_| ControlFlow::Continue(()));
    /// totals.add(shard.path().depth(), &run.outcome.stats);
    /// // The parts it names, each a task, in the order of the search.
    /// let mut todo: Vec<_> = run.continuation.into_iter().rev().collect();
    /// while let Some(part) = todo.pop() {
    ///     let run = part.run_within(&mut solver, SplitBudget::nodes(2), false, |_| {
    ///         ControlFlow::Continue(())
    ///     })?;
    ///     totals.add(part.depth(), &run.outcome.stats);
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
    /// A solver of Algorithm X or C with a seed or `#` items preferred cannot name a node of
    /// its tree by its path (its seeded ties come from a generator the whole search moves):
    /// the links in its order walk the tree above the subtrees by Knuth's choice, and the
    /// solver searches each subtree whole in its own order, as [`Shard::run_on`] does; the
    /// parts it names are paths of that tree.
    ///
    /// # Panics
    ///
    /// On such a solver, if the shard is not a subtree of the tree its links walk (a shard
    /// of a split made in another order).
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
        if !solver.is_splittable() {
            let part = Part::from(self.path.clone());
            return super::whole::run_unsplittable(&part, solver, budget, list, handler)
                .expect("a shard is a subtree of the search of the links in its order");
        }
        super::resumable::run(self, &[], self.path.depth(), solver, budget, list, handler)
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

/// Forces exactly `base` again, then takes the branches of `path` below it.
pub(super) fn replay<S: Storage>(solver: &mut Solver<'_, S>, base: &[OptionId], path: &[Choice]) {
    restore(solver, base);
    for &c in path {
        let taken = solver.take(c);
        assert!(taken, "a path of the search can be taken again");
    }
}

/// Forces exactly `base` again.
fn restore<S: Storage>(solver: &mut Solver<'_, S>, base: &[OptionId]) {
    super::restore(solver, base);
}
