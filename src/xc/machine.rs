//! The one shape of a sequential search machine, whatever it runs on: dancing links
//! (Algorithms X, C and M), bit sets, dancing cells. [`crate::xc::plan::Plan`] runs each
//! engine through it, so that a new machine (or a new mode of one) is one `impl`, not one
//! more branch of the plan.

use std::ops::ControlFlow;

use super::bits::BitSolver;
use super::search::{Event, Outcome, Solver};
use super::storage::Storage;

/// A search machine over one problem, with its limits set when it was built.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::xc::machine::Machine;
/// use dlxkit::xc::{Arena, Problem, Solver};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let arena = Arena::new();
/// let mut found = 0;
/// let mut solver = Solver::new(&p, &arena);
/// let outcome = Machine::search(&mut solver, true, 0, &mut |_| {
///     found += 1;
///     ControlFlow::Continue(())
/// });
/// assert_eq!((found, outcome.stats.solutions), (4, 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Machine {
    /// Searches to the end or a limit: each solution (when `list`; otherwise they are only
    /// counted) and a progress report about every `progress_every` nodes (never, when 0) go
    /// to `handler`, which may stop the search. Returns why it ended and what it counted.
    fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome;
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
}
