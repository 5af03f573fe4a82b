//! A shard's parts on an engine that cannot stop inside its tree and say where it stood
//! (dancing cells, whose tree is SSXCC's, and the bit sets): the paths are those of the
//! links' tree all the same, so that a part made on one engine runs on another and merge
//! checks them alike.
//!
//! The links walk the top of the tree; each subtree below a part's paths is searched whole
//! on the engine, within what is left of the budget. A subtree the budget cuts short is not
//! resumed but searched again in smaller pieces: its attempt is thrown away (its solutions
//! were held back, and its nodes count against the budget, not in the figures), its node is
//! expanded on the links (counted as the links count it) and its children are the next
//! subtrees, named as parts when the budget is spent. A subtree whose size, estimated from
//! the subtrees of its level searched whole before (`resumable::subtree_size`), passes what
//! is left is expanded without an attempt; where nothing is known the attempt may spend a
//! quarter of the budget. Every task searches a subtree whole or expands a node before it
//! looks at its budget, so a chain of tasks always gets on.
//!
//! The figures of a subtree searched whole are the engine's (the bit sets' nodes are the
//! links', dancing cells' are SSXCC's), those of a node expanded the links'. On the bit sets
//! counting updates the parts' figures thus add up to the links' sequential search's,
//! updates and cleansings included; on dancing cells the updates are SSXCC's below the
//! subtrees' roots and Knuth's at the nodes expanded, a mix comparable to neither.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::time::Instant;

use super::continuation::{earliest, replay};
use super::part::pack;
use super::resumable::{add, leaf_solution, live_siblings, rest_of, subtree_size, subtrees, GRANT};
use super::{add_profile, restore, Budgeted, LocateError, Part, Path, Shard, SplitBudget, Step};
use crate::xc::machine::Machine;
use crate::xc::problem::OptionId;
use crate::xc::search::{Choice, Event, Next, Outcome, Solver, Stats, Status, StopPoint};
use crate::xc::storage::Storage;

impl Shard {
    /// Searches the shard as [`Shard::run_within`] does, naming the same kind of parts
    /// (paths of the links' tree), but each subtree on `machine`: dancing cells or the bit
    /// sets (see the module documentation). `links` walks the tree (its limits are not
    /// used); `machine` has the task's limits and the same forced options.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlxkit::xc::machine::{Any, Engine};
    /// use dlxkit::xc::shard::{Split, SplitBudget, SplitBy};
    /// use dlxkit::xc::{Arena, Problem, SearchOrder, Solver, Status};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let mut links = Solver::new(&p, &arena);
    /// let mut cells = Any::new(Engine::Cells, &p, &arena, SearchOrder::new())?;
    /// let split = Split::new(&p, SplitBy::Depth(0));
    /// let run = split.shards()[0].run_on(&mut links, &mut cells, SplitBudget::unlimited(), false, |_| {
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((run.outcome.status, run.outcome.stats.solutions), (Status::Complete, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_on<S, M, F>(
        &self,
        links: &mut Solver<'_, S>,
        machine: &mut M,
        budget: SplitBudget,
        list: bool,
        handler: F,
    ) -> Budgeted
    where
        S: Storage,
        M: Machine + ?Sized,
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        let paths = [self.path.clone()];
        run(
            &paths,
            self.path.depth(),
            links,
            machine,
            budget,
            list,
            handler,
        )
    }
}

impl Part {
    /// Searches the part as [`Part::run_within`] does, each subtree on `machine`, as
    /// [`Shard::run_on`] does. Refused when a path is not a subtree of the search of
    /// `links`.
    pub fn run_on<S, M, F>(
        &self,
        links: &mut Solver<'_, S>,
        machine: &mut M,
        budget: SplitBudget,
        list: bool,
        handler: F,
    ) -> Result<Budgeted, LocateError>
    where
        S: Storage,
        M: Machine + ?Sized,
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        for path in self.paths() {
            Shard::locate(links, path)?;
        }
        Ok(run(
            self.paths(),
            self.depth(),
            links,
            machine,
            budget,
            list,
            handler,
        ))
    }
}

/// What stopped a task, and what it left.
struct Stop {
    status: Status,
    /// Whether the task's own budget ran out (the rest is named, the task is done).
    spent: bool,
}

/// Searches the subtrees of `paths` (located on `links`, in the order of the search) on
/// `machine`, within `budget`, as `resumable::run` does on the links (see the module
/// documentation); the task's profile starts at depth `root`. The machine's limits are the
/// task's outer limits; its forced options are the links' (both are left as they were).
#[allow(clippy::too_many_arguments)]
fn run<S, M, F>(
    paths: &[Path],
    root: usize,
    links: &mut Solver<'_, S>,
    machine: &mut M,
    budget: SplitBudget,
    list: bool,
    mut handler: F,
) -> Budgeted
where
    S: Storage,
    M: Machine + ?Sized,
    F: FnMut(Event<'_>) -> ControlFlow<()>,
{
    let started = Instant::now();
    let nodes = budget.nodes.unwrap_or(u64::MAX).max(1);
    let end = budget.time.and_then(|t| started.checked_add(t));
    let base: Vec<OptionId> = links.forced().to_vec();
    let saved = machine.limits().clone();
    let mut stats = Stats::default();
    // The subtrees of each level searched whole, for the estimates.
    let mut known: Vec<u64> = Vec::new();
    // The nodes searched, attempts thrown away included: what the budget counts.
    let mut work = 0u64;
    let mut stop: Option<Stop> = None;
    let mut todo: VecDeque<Path> = paths.iter().cloned().collect();
    let mut held: Vec<Vec<OptionId>> = Vec::new();
    let mut solution: Vec<OptionId> = Vec::new();
    let mut progressed = false;
    // A machine that says where its budget stopped it (the bit sets in Knuth's plain order)
    // loses nothing to an attempt cut short: it may spend all that is left.
    let resumes = machine.names_stop_points();
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
            let nodes_left = saved.max_nodes.map(|m| m.saturating_sub(stats.nodes));
            let solutions_left = saved
                .max_solutions
                .map(|m| m.saturating_sub(stats.solutions));
            let halt = if nodes_left == Some(0) {
                Some(Stop {
                    status: Status::NodeLimit,
                    spent: false,
                })
            } else if solutions_left == Some(0) {
                Some(Stop {
                    status: Status::SolutionLimit,
                    spent: false,
                })
            } else if let Some(why) = saved.interruption() {
                Some(Stop {
                    status: why,
                    spent: false,
                })
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
                stats.solutions += 1;
                add_profile(&mut stats.profile, level, &[1]);
                add_profile(&mut known, level, &[1]);
                if list {
                    leaf_solution(links, &base, &sub.choices, &mut solution);
                    if handler(Event::Solution(&solution)).is_break() {
                        put_back(&mut todo, rest);
                        stop = Some(Stop {
                            status: Status::Stopped,
                            spent: false,
                        });
                        break 'parts;
                    }
                }
                continue;
            }
            // The nodes this subtree may spend: what is left of the budget (a quarter of it
            // where nothing is known of the level and an attempt cut short is lost).
            let left = nodes - work.min(nodes);
            let estimate = subtree_size(&known, &sub.path, root);
            let attempt = match estimate {
                _ if resumes => Some(left),
                Some(size) if size > left => None,
                Some(_) => Some(left),
                None => Some(left.min((nodes / 4).max(GRANT))),
            };
            if let Some(cap) = attempt {
                let mut limits = saved.clone();
                limits.max_nodes = Some(nodes_left.map_or(cap, |n| n.min(cap)));
                limits.max_solutions = None;
                let own_deadline =
                    end.is_some_and(|end| saved.deadline.is_none_or(|theirs| end < theirs));
                limits.deadline = earliest(saved.deadline, end);
                restore(machine, &base);
                for &c in &sub.choices {
                    let taken = machine.take(c);
                    assert!(taken, "the engine takes a path of the links' search");
                }
                machine.set_limits(limits);
                held.clear();
                let outcome = machine.search(list, 0, &mut |event| {
                    if let Event::Solution(options) = event {
                        held.push(options.to_vec());
                    }
                    ControlFlow::Continue(())
                });
                let point = machine.stop_point().filter(|_| resumes);
                machine.set_limits(saved.clone());
                restore(machine, &base);
                work = work.saturating_add(outcome.stats.nodes);
                let ours = match outcome.status {
                    Status::Complete => {
                        add(&mut stats, level, &outcome.stats);
                        add_profile(&mut known, level, &outcome.stats.profile);
                        let halt =
                            pass_on(&held, &mut handler, stats.solutions, saved.max_solutions);
                        if halt.is_some() {
                            put_back(&mut todo, rest);
                            stop = halt;
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
                    stop = Some(Stop {
                        status: outcome.status,
                        spent: false,
                    });
                    break 'parts;
                }
                if let Some(levels) = point.filter(|_| outcome.stats.nodes > 0) {
                    // The budget stopped the search inside the subtree: what it searched is
                    // kept, and the rest is named as the links name theirs (the node it was
                    // about to enter, then the branches after each one taken), their covers
                    // and dead ends counted here as the links count them.
                    add(&mut stats, level, &outcome.stats);
                    add_profile(&mut known, level, &outcome.stats.profile);
                    let point = StopPoint {
                        levels: levels
                            .into_iter()
                            .map(|(o, k, of)| (Choice::Option(o), k, of))
                            .collect(),
                        entered: false,
                    };
                    let counted = stats.nodes;
                    let parts = rest_of(links, &base, &sub, &point, level, &mut stats);
                    work = work.saturating_add(stats.nodes - counted);
                    put_back(&mut todo, rest);
                    for path in parts.into_iter().rev() {
                        todo.push_front(path);
                    }
                    let halt = pass_on(&held, &mut handler, stats.solutions, saved.max_solutions);
                    if halt.is_some() {
                        stop = halt;
                        break 'parts;
                    }
                    continue 'parts;
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
            add(&mut stats, level, &counted);
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
    restore(machine, &base);
    machine.set_limits(saved);
    stats.elapsed = started.elapsed();
    let (status, spent) = match stop {
        Some(Stop { spent: true, .. }) if todo.is_empty() => (Status::Complete, false),
        Some(Stop { status, spent }) => (status, spent),
        None => (Status::Complete, false),
    };
    let mut rest: Vec<Path> = todo.into();
    rest.sort();
    let continuation = if spent {
        let target = budget.nodes.unwrap_or_else(|| work.max(GRANT));
        let live = |path: &Path| live_siblings(links, &base, path);
        pack(rest, target, |path| subtree_size(&known, path, root), live)
    } else {
        rest.into_iter().map(Part::from).collect()
    };
    Budgeted {
        outcome: Outcome { status, stats },
        continuation,
        spent,
    }
}

/// Hands the solutions an attempt held to `handler`; the part stops if the handler breaks
/// on one, or when its `solutions` reach the `max` asked.
fn pass_on<F>(
    held: &[Vec<OptionId>],
    handler: &mut F,
    solutions: u64,
    max: Option<u64>,
) -> Option<Stop>
where
    F: FnMut(Event<'_>) -> ControlFlow<()>,
{
    let stopped = held.iter().any(|s| handler(Event::Solution(s)).is_break());
    let limit = max.is_some_and(|m| solutions >= m);
    (stopped || limit).then_some(Stop {
        status: match stopped {
            true => Status::Stopped,
            false => Status::SolutionLimit,
        },
        spent: false,
    })
}

/// Puts the rest of a run of siblings back at the front of the queue.
fn put_back(todo: &mut VecDeque<Path>, rest: Option<Path>) {
    if let Some(path) = rest {
        todo.push_front(path);
    }
}
