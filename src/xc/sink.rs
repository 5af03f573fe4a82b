//! Where a planned search sends what it finds: a [`Sink`] of events.
//!
//! [`Plan::run`](super::plan::Plan::run) calls the sink on the calling thread only, whatever
//! the plan (one thread, several, a shard), so a sink may print without locks. Every call
//! may stop the search by returning [`ControlFlow::Break`]: the run then ends with the status
//! [`Status::Stopped`](super::search::Status::Stopped) and the figures so far.

use std::ops::ControlFlow;

use super::problem::{OptionId, Problem};
use super::reduce::Reduction;
use super::search::Progress;

/// The events of a planned search, in the order they come: [`Sink::reduced`] (with a
/// reduction), [`Sink::started`], then solutions or improvements and progress as found.
pub trait Sink {
    /// A solution, as options of the problem given to the plan (a reduced problem's options
    /// are mapped back to the original ones).
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()>;

    /// A minimum-cost search found a solution cheaper than the K-th cheapest so far.
    fn improvement(&mut self, cost: u64, options: &[OptionId]) -> ControlFlow<()> {
        let _ = cost;
        self.solution(options)
    }

    /// Where the search stands (every thread's progress merged into one estimate that only
    /// grows); also sent now and then while nothing else happens, so that a sink may flush.
    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        let _ = progress;
        ControlFlow::Continue(())
    }

    /// The plan reduced the problem (as Knuth's DLX-PRE) before searching it.
    fn reduced(&mut self, reduction: &Reduction) {
        let _ = reduction;
    }

    /// The search of `searched` (the reduced problem, or the one given) starts now: the
    /// matrix is built and, on threads or in a shard, the tree is split.
    fn started(&mut self, searched: &Problem) {
        let _ = searched;
    }
}

/// A sink that keeps every solution (and every improvement), in the order found.
///
/// ```
/// use dlxkit::xc::plan::{Collect, Plan};
/// use dlxkit::xc::Problem;
/// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
/// let mut found = Collect::default();
/// let report = Plan::new().run(&p, &mut found)?;
/// assert_eq!((found.solutions.len(), report.stats.solutions), (2, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collect {
    /// The solutions (or improvements), in the order found.
    pub solutions: Vec<Vec<OptionId>>,
    /// The cost of each improvement (empty unless the search was for minimum cost).
    pub costs: Vec<u64>,
}

impl Sink for Collect {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.solutions.push(options.to_vec());
        ControlFlow::Continue(())
    }

    fn improvement(&mut self, cost: u64, options: &[OptionId]) -> ControlFlow<()> {
        self.costs.push(cost);
        self.solution(options)
    }
}

/// A sink that takes nothing: for counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl Sink for Discard {
    fn solution(&mut self, _: &[OptionId]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}
