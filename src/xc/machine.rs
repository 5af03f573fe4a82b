//! The one shape of a sequential search machine, whatever it runs on: dancing links
//! (Algorithms X, C and M), bit sets, dancing cells. [`crate::xc::plan::Plan`] runs each
//! engine through it, so that a new machine (or a new mode of one) is one `impl`, not one
//! more branch of the plan.
//!
//! Threads and shards need one thing of a machine besides its search: to search only the
//! solutions that contain some options, the path of a shard in the links' tree (each level
//! of it branches on one item's options, so the solutions below a path are those holding
//! its options). The links and the bit sets force those options in place; dancing cells
//! are built afresh on the problem those options leave ([`Problem::forcing_with_origin`]),
//! a constructor from a path rather than a change to their sparse sets. With item bounds a
//! path is Algorithm M's numbered moves, which also exclude options: dancing cells replay
//! them on the links and search the problem below them (`subtree::below`).

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use thiserror::Error;

use super::bits::{BitBounded, BitSolver, BitsError};
use super::cells::CellSolver;
use super::choose::SearchOrder;
use super::problem::{ForceError, OptionId, Problem};
use super::search::{Choice, Event, Limits, Outcome, Solver};
use super::storage::{Arena, Storage};
use super::subtree::Path;

/// The data structure a search runs on: the same tree and solutions, another speed.
///
/// ```
/// use dlxkit::xc::machine::Engine;
/// assert_eq!("cells".parse::<Engine>(), Ok(Engine::Cells));
/// assert_eq!(Engine::Links.to_string(), "links");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// Dancing links (Knuth's DLX1, DLX2, DLX3, DLX5): doubly linked lists of nodes.
    #[default]
    Links,
    /// Dancing cells (Knuth's SSXCC, SSMCC): sparse sets of items and options.
    Cells,
    /// Bit sets, one per option, for problems of a few hundred items.
    Bits,
}

impl Engine {
    /// Every engine, in the order `--engine` lists them.
    pub const ALL: [Engine; 3] = [Engine::Links, Engine::Cells, Engine::Bits];

    /// The name `--engine` takes.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Links => "links",
            Engine::Cells => "cells",
            Engine::Bits => "bits",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an engine's.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not an engine: write links, cells or bits")]
pub struct UnknownEngine(pub String);

impl FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(text: &str) -> Result<Engine, UnknownEngine> {
        Engine::ALL
            .into_iter()
            .find(|engine| engine.name() == text.trim())
            .ok_or_else(|| UnknownEngine(text.to_string()))
    }
}

/// A search machine over one problem, with its limits and forced options.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::xc::machine::Machine;
/// use dlxkit::xc::{Arena, OptionId, Problem, Solver};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let arena = Arena::new();
/// let mut found = 0;
/// let mut solver = Solver::new(&p, &arena);
/// let outcome = Machine::search(&mut solver, true, 0, &mut |_| {
///     found += 1;
///     ControlFlow::Continue(())
/// });
/// assert_eq!((found, outcome.stats.solutions), (4, 4));
/// Machine::force(&mut solver, OptionId::new(0))?; // A: then B C, or B and C
/// let outcome = Machine::search(&mut solver, false, 0, &mut |_| ControlFlow::Continue(()));
/// assert_eq!(outcome.stats.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Machine {
    /// Searches to the end or a limit: each solution (when `list`; otherwise they are only
    /// counted) and a progress report about every `progress_every` nodes (never, when 0)
    /// go to `handler`, which may stop the search. Returns why it ended and what it
    /// counted. A solution lists the forced options first.
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome;

    /// Puts `option` into every solution of the following searches. Fails, changing
    /// nothing, if it clashes with an option forced earlier.
    fn force(&mut self, option: OptionId) -> Result<(), ForceError>;

    /// Removes every forced option.
    fn unforce_all(&mut self);

    /// The forced options, in the order they were forced.
    fn forced(&self) -> &[OptionId];

    /// Stops the following searches at these limits.
    fn set_limits(&mut self, limits: Limits);

    /// The limits in force.
    fn limits(&self) -> &Limits;

    /// Counts (or not) Knuth's updates and cleansings where the machine does not make them
    /// (the bit sets work them out: [`BitSolver::count_updates`]); the links always count
    /// them, dancing cells count their own figures.
    fn count_updates(&mut self, _on: bool) {}

    /// Whether the machine names where a limit stopped its search in the links' tree of
    /// Knuth's plain order ([`Machine::stop_point`]); then a shard's part on it keeps the
    /// work of a search its budget cut short.
    #[doc(hidden)]
    fn names_stop_points(&self) -> bool {
        false
    }

    /// Where the last search stood when a limit of nodes or time stopped it before a node:
    /// per level below the forced options, the option taken, its number among the node's
    /// branches (from 1) and how many the node has, in the links' tree of Knuth's plain
    /// order ([`BitSolver::stop_point`]). `None` when the machine does not say.
    #[doc(hidden)]
    fn stop_point(&self) -> Option<Vec<(OptionId, u32, u32)>> {
        None
    }

    /// Takes one branch of a shard's path below the forced options: an option is forced;
    /// Algorithm M's numbered move only the links make. `false`, with nothing changed, when
    /// the machine cannot take it here.
    #[doc(hidden)]
    fn take(&mut self, choice: Choice) -> bool {
        match choice {
            Choice::Option(option) => self.force(option).is_ok(),
            Choice::Move(_) => false,
        }
    }
}

impl<S: Storage> Machine for Solver<'_, S> {
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        if list {
            Solver::run(self, progress_every, handler)
        } else {
            Solver::count_with_progress(self, progress_every, |p| handler(Event::Progress(p)))
        }
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        Solver::force(self, option)
    }

    fn unforce_all(&mut self) {
        Solver::unforce_all(self);
    }

    fn forced(&self) -> &[OptionId] {
        Solver::forced(self)
    }

    fn set_limits(&mut self, limits: Limits) {
        Solver::set_limits(self, limits);
    }

    fn limits(&self) -> &Limits {
        Solver::limits(self)
    }

    fn take(&mut self, choice: Choice) -> bool {
        Solver::take(self, choice)
    }
}

impl Machine for BitSolver<'_> {
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        BitSolver::run(self, progress_every, |event| match event {
            Event::Solution(_) if !list => ControlFlow::Continue(()),
            event => handler(event),
        })
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        BitSolver::force(self, option)
    }

    fn unforce_all(&mut self) {
        BitSolver::unforce_all(self);
    }

    fn forced(&self) -> &[OptionId] {
        BitSolver::forced(self)
    }

    fn set_limits(&mut self, limits: Limits) {
        BitSolver::set_limits(self, limits);
    }

    fn limits(&self) -> &Limits {
        BitSolver::limits(self)
    }

    fn count_updates(&mut self, on: bool) {
        BitSolver::count_updates(self, on);
    }

    fn names_stop_points(&self) -> bool {
        self.plain()
    }

    fn stop_point(&self) -> Option<Vec<(OptionId, u32, u32)>> {
        BitSolver::stop_point(self)
    }
}

/// Dancing cells as a [`Machine`]: a [`CellSolver`] built for each search, on the problem
/// itself or, with options forced, on the problem they leave (its options mapped back).
///
/// ```
/// use dlxkit::xc::machine::{Cells, Machine};
/// use dlxkit::xc::plan::Collect;
/// use dlxkit::xc::{OptionId, Problem, SearchOrder};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let mut cells = Cells::new(&p, &SearchOrder::new());
/// cells.force(OptionId::new(3))?; // A B
/// let mut found = Vec::new();
/// cells.search(true, 0, &mut |e| {
///     if let dlxkit::xc::Event::Solution(s) = e {
///         found.push(s.to_vec());
///     }
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!(found, [[OptionId::new(3), OptionId::new(2)]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cells<'p> {
    path: Path<'p>,
    limits: Limits,
}

impl<'p> Cells<'p> {
    /// Dancing cells on `problem`, with the seed of `order` (Knuth's `s` option of SSXCC
    /// and SSMCC) and its preference for `#` items.
    pub fn new(problem: &'p Problem, order: &SearchOrder) -> Cells<'p> {
        Cells {
            path: Path::new(problem, *order),
            limits: Limits::new(),
        }
    }
}

impl Machine for Cells<'_> {
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        let (order, limits) = (self.path.order, &self.limits);
        self.path.search(handler, |problem, handler| {
            CellSolver::with_order(problem, &order)
                .with_limits(limits.clone())
                .search(list, progress_every, handler)
        })
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.path.force(option)
    }

    fn unforce_all(&mut self) {
        self.path.clear();
    }

    fn forced(&self) -> &[OptionId] {
        &self.path.forced
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    fn limits(&self) -> &Limits {
        &self.limits
    }

    fn take(&mut self, choice: Choice) -> bool {
        self.path.take(choice)
    }
}

/// Algorithm M on bit sets as a [`Machine`]: a [`BitBounded`] built for each search, on the
/// problem itself or on the problem below the forced options and moves, as dancing cells
/// do.
///
/// ```
/// use dlxkit::xc::machine::{BitsBounded, Machine};
/// use dlxkit::xc::{OptionId, Problem, SearchOrder};
/// let p = Problem::from_dlx("1:2|A B\nA\nA B\nB\n")?;
/// let mut bits = BitsBounded::new(&p, &SearchOrder::new())?;
/// let outcome = bits.search(false, 0, &mut |_| std::ops::ControlFlow::Continue(()));
/// assert_eq!(outcome.stats.solutions, 3); // {A B}, {A, B}, {A, A B}
/// bits.force(OptionId::new(1))?;
/// let outcome = bits.search(false, 0, &mut |_| std::ops::ControlFlow::Continue(()));
/// assert_eq!(outcome.stats.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitsBounded<'p> {
    path: Path<'p>,
    limits: Limits,
    /// Whether Knuth's updates are counted (then the search takes the links' tree).
    updates: bool,
}

impl<'p> BitsBounded<'p> {
    /// Algorithm M on the bit sets of `problem`, in Knuth's order the bit sets' own tree
    /// (`bits/bounded.rs`); with a seed, the sharp preference or updates counted, the links'
    /// tree in that order, node for node ([`BitBounded::in_links_order`]), as the shards'
    /// moves are made on the links in it. Below forced options or a shard's path the search
    /// runs on the problem below them, and the updates are those of that problem. Fails
    /// when the bit sets cannot hold `problem`.
    pub fn new(problem: &'p Problem, order: &SearchOrder) -> Result<BitsBounded<'p>, BitsError> {
        BitBounded::fits(problem)?;
        Ok(BitsBounded {
            path: Path::new(problem, *order),
            limits: Limits::new(),
            updates: false,
        })
    }
}

impl Machine for BitsBounded<'_> {
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        let (limits, updates) = (&self.limits, self.updates);
        let order = self.path.order;
        self.path.search(handler, |problem, handler| {
            // A problem below is never larger than the problem, which `new` checked.
            let bits = match order.is_plain() && !updates {
                true => BitBounded::new(problem),
                false => BitBounded::in_links_order(problem, &order),
            };
            match bits {
                Ok(bits) => {
                    let bits = match updates {
                        true => bits.counting_updates(problem),
                        false => bits,
                    };
                    bits.with_limits(limits.clone())
                        .search(list, progress_every, handler)
                }
                Err(error) => unreachable!("{error}"),
            }
        })
    }

    fn count_updates(&mut self, on: bool) {
        self.updates = on;
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.path.force(option)
    }

    fn unforce_all(&mut self) {
        self.path.clear();
    }

    fn forced(&self) -> &[OptionId] {
        &self.path.forced
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    fn limits(&self) -> &Limits {
        &self.limits
    }

    fn take(&mut self, choice: Choice) -> bool {
        self.path.take(choice)
    }
}

/// The machine of one engine, as threads and shards use it (each thread builds its own).
#[derive(Debug)]
#[non_exhaustive]
// One per thread, built once and kept for all its shards: boxing would save no memory.
#[allow(clippy::large_enum_variant)]
pub enum Any<'a> {
    /// Dancing links: Algorithm X/C, or Algorithm M when the problem has item bounds (the
    /// solver runs the loop the problem needs).
    Links(Solver<'a>),
    /// Dancing cells.
    Cells(Cells<'a>),
    /// Bit sets.
    Bits(BitSolver<'a>),
    /// Bit sets with item bounds (Algorithm M).
    BitsBounded(BitsBounded<'a>),
}

impl<'a> Any<'a> {
    /// The machine of `engine` for `problem`, branching in `order` (the links keep their
    /// matrix in `arena`). Fails when the bitset engine cannot take the problem.
    ///
    /// ```
    /// use dlxkit::xc::machine::{Any, Engine, Machine};
    /// use dlxkit::xc::{Arena, Problem, SearchOrder};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let arena = Arena::new();
    /// for engine in Engine::ALL {
    ///     let mut m = Any::new(engine, &p, &arena, SearchOrder::new())?;
    ///     let outcome = m.search(false, 0, &mut |_| std::ops::ControlFlow::Continue(()));
    ///     assert_eq!(outcome.stats.solutions, 2);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        engine: Engine,
        problem: &'a Problem,
        arena: &'a Arena,
        order: SearchOrder,
    ) -> Result<Any<'a>, BitsError> {
        Ok(match engine {
            Engine::Links => Any::Links(Solver::with_order(problem, arena, order)),
            Engine::Cells => Any::Cells(Cells::new(problem, &order)),
            Engine::Bits if problem.has_bounds() => {
                Any::BitsBounded(BitsBounded::new(problem, &order)?)
            }
            Engine::Bits => Any::Bits(BitSolver::with_order(problem, &order)?),
        })
    }

    fn inner(&mut self) -> &mut dyn Machine {
        match self {
            Any::Links(m) => m,
            Any::Cells(m) => m,
            Any::Bits(m) => m,
            Any::BitsBounded(m) => m,
        }
    }

    fn inner_ref(&self) -> &dyn Machine {
        match self {
            Any::Links(m) => m,
            Any::Cells(m) => m,
            Any::Bits(m) => m,
            Any::BitsBounded(m) => m,
        }
    }
}

impl Machine for Any<'_> {
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        self.inner().search(list, progress_every, handler)
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        self.inner().force(option)
    }

    fn unforce_all(&mut self) {
        self.inner().unforce_all();
    }

    fn forced(&self) -> &[OptionId] {
        self.inner_ref().forced()
    }

    fn set_limits(&mut self, limits: Limits) {
        self.inner().set_limits(limits);
    }

    fn limits(&self) -> &Limits {
        self.inner_ref().limits()
    }

    fn count_updates(&mut self, on: bool) {
        self.inner().count_updates(on);
    }

    fn names_stop_points(&self) -> bool {
        self.inner_ref().names_stop_points()
    }

    fn stop_point(&self) -> Option<Vec<(OptionId, u32, u32)>> {
        self.inner_ref().stop_point()
    }

    fn take(&mut self, choice: Choice) -> bool {
        self.inner().take(choice)
    }
}
