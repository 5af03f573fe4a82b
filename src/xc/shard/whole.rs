//! A shard's parts on an engine that cannot stop inside its tree and say where it stood
//! (dancing cells, whose tree is SSXCC's, and the bit sets): the paths are those of the
//! links' tree all the same, so that a part made on one engine runs on another and merge
//! checks them alike.
//!
//! The links walk the top of the tree; each subtree below a part's paths is searched whole
//! on the engine, within what is left of the budget, by the attempt driver (`attempts.rs`,
//! which says what happens to an attempt cut short); a subtree's size is estimated from the
//! subtrees of its level searched whole before (`resumable::subtree_size`). The bit sets in
//! Knuth's plain order say where their budget stopped them, and lose nothing.
//!
//! The figures of a subtree searched whole are the engine's (the bit sets' nodes are the
//! links', dancing cells' are SSXCC's), those of a node expanded the links'. On the bit sets
//! counting updates the parts' figures thus add up to the links' sequential search's,
//! updates and cleansings included; on dancing cells the updates are SSXCC's below the
//! subtrees' roots and Knuth's at the nodes expanded, a mix comparable to neither.

use std::ops::ControlFlow;

use super::attempts::{count_expanded, drive, Attempts};
use super::resumable::{add, leaf_solution, subtree_size, Subtree};
use super::{add_profile, restore, Budgeted, LocateError, Part, Path, Shard, SplitBudget};
use crate::xc::machine::Machine;
use crate::xc::problem::OptionId;
use crate::xc::search::{Choice, Event, Limits, Outcome, Solver, Stats, Status, StopPoint};
use crate::xc::storage::{Arena, Storage};

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

/// [`Shard::run_within`] and [`Part::run_within`] on a solver whose tree no path names:
/// Algorithm X or C with a seed or `#` items preferred (`Solver::is_splittable`), whose
/// seeded choice draws its ties from a generator that all the search before has moved, so
/// that a node found again by its path would choose another item. As the command line does,
/// the links in the solver's order and layout walk the tree above the subtrees by Knuth's
/// choice ([`Solver::branches`], the paths [`Shard::locate`] reads), and each subtree is
/// searched whole in the solver's order, within what is left of the budget, by `solver`
/// itself (see the module documentation). Refused when a path is not a subtree of that
/// tree.
pub(super) fn run_unsplittable<S, F>(
    part: &Part,
    solver: &mut Solver<'_, S>,
    budget: SplitBudget,
    list: bool,
    handler: F,
) -> Result<Budgeted, LocateError>
where
    S: Storage,
    F: FnMut(Event<'_>) -> ControlFlow<()>,
{
    let problem = solver.problem().clone();
    let arena = Arena::new();
    let mut links = Solver::with_order(&problem, &arena, solver.order());
    restore(&mut links, solver.forced());
    part.run_on(&mut links, solver, budget, list, handler)
}

/// A part searched on a machine: its counts, and its solutions handed to the handler.
struct OnMachine<'m, M: ?Sized, F> {
    machine: &'m mut M,
    handler: F,
    list: bool,
    /// The machine's own limits (the task's), put back after each attempt.
    saved: Limits,
    /// The task's levels start at this depth.
    root: usize,
    /// The nodes of the subtrees searched whole at each level, for the estimates.
    known: Vec<u64>,
    /// The solutions of the last attempt, held back until it is kept.
    held: Vec<Vec<OptionId>>,
    solution: Vec<OptionId>,
    /// Whether the machine says where its budget stopped it (the bit sets in Knuth's
    /// plain order).
    resumes: bool,
}

impl<M, F> Attempts for OnMachine<'_, M, F>
where
    M: Machine + ?Sized,
    F: FnMut(Event<'_>) -> ControlFlow<()>,
{
    fn limit(&self, stats: &Stats) -> Option<Status> {
        let left = self
            .saved
            .max_solutions
            .map(|m| m.saturating_sub(stats.solutions));
        (left == Some(0)).then_some(Status::SolutionLimit)
    }

    fn leaf<S: Storage>(
        &mut self,
        links: &mut Solver<'_, S>,
        base: &[OptionId],
        sub: &Subtree,
        level: usize,
        stats: &mut Stats,
    ) -> Option<Status> {
        stats.solutions += 1;
        add_profile(&mut stats.profile, level, &[1]);
        add_profile(&mut self.known, level, &[1]);
        if self.list {
            leaf_solution(links, base, &sub.choices, &mut self.solution);
            if (self.handler)(Event::Solution(&self.solution)).is_break() {
                return Some(Status::Stopped);
            }
        }
        None
    }

    fn skip(&self, _: &Subtree) -> bool {
        false
    }

    fn estimate(&self, path: &Path) -> Option<u64> {
        subtree_size(&self.known, path, self.root)
    }

    fn resumes(&self) -> bool {
        self.resumes
    }

    fn attempt(
        &mut self,
        base: &[OptionId],
        sub: &Subtree,
        limits: Limits,
    ) -> (Outcome, Option<StopPoint>) {
        let machine = &mut *self.machine;
        restore(machine, base);
        for &c in &sub.choices {
            let taken = machine.take(c);
            assert!(taken, "the engine takes a path of the links' search");
        }
        machine.set_limits(limits);
        let held = &mut self.held;
        held.clear();
        let outcome = machine.search(self.list, 0, &mut |event| {
            if let Event::Solution(options) = event {
                held.push(options.to_vec());
            }
            ControlFlow::Continue(())
        });
        let point = machine
            .stop_point()
            .filter(|_| self.resumes)
            .map(|levels| StopPoint {
                levels: levels
                    .into_iter()
                    .map(|(o, k, of)| (Choice::Option(o), k, of))
                    .collect(),
                entered: false,
            });
        machine.set_limits(self.saved.clone());
        restore(machine, base);
        (outcome, point)
    }

    fn keep(&mut self, level: usize, searched: &Stats, stats: &mut Stats) {
        add(stats, level, searched);
        add_profile(&mut self.known, level, &searched.profile);
    }

    fn pass(&mut self, stats: &Stats) -> Option<Status> {
        let handler = &mut self.handler;
        let stopped = self
            .held
            .iter()
            .any(|s| handler(Event::Solution(s)).is_break());
        let limit = self
            .saved
            .max_solutions
            .is_some_and(|m| stats.solutions >= m);
        match (stopped, limit) {
            (true, _) => Some(Status::Stopped),
            (false, true) => Some(Status::SolutionLimit),
            (false, false) => None,
        }
    }

    fn cut_short(&mut self) {}

    fn expanded(&mut self, level: usize, counted: &Stats, stats: &mut Stats) {
        count_expanded(level, counted, stats);
    }

    fn finish(&mut self, base: &[OptionId]) {
        restore(self.machine, base);
        self.machine.set_limits(self.saved.clone());
    }
}

/// Searches the subtrees of `paths` (located on `links`, in the order of the search) on
/// `machine`, within `budget` (see the module documentation); the task's profile starts at
/// depth `root`. The machine's limits are the task's outer limits; its forced options are
/// the links' (both are left as they were).
fn run<S, M, F>(
    paths: &[Path],
    root: usize,
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
    let saved = machine.limits().clone();
    let resumes = machine.names_stop_points();
    let mut report = OnMachine {
        machine,
        handler,
        list,
        saved: saved.clone(),
        root,
        known: Vec::new(),
        held: Vec::new(),
        solution: Vec::new(),
        resumes,
    };
    drive(paths, root, links, &mut report, budget, &saved)
}
