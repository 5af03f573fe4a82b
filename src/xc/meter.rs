//! The limit meter: what stops a search besides its node count (the cancel flag and the
//! deadline, [`Limits::interruption`]), the meter of one search that grants it nodes up to
//! its node limit (`Meter`, `Grants`), and the node budget shared by the threads of one
//! search ([`Budget`]).
//!
//! Every machine counts its nodes in its own loop (a counter it keeps in a register) and,
//! every 1,024 nodes, asks [`Limits::interruption`] whether a cancel or the deadline stops
//! it: dancing links (X, C and M), the minimum-cost search and the Sudoku solvers (through
//! a `Meter`), so that a limit means the same everywhere.
//!
//! A search on one thread stops at its node limit exactly; on several threads each thread
//! searches its shards with what is left of one budget when it starts them and spends what
//! it has used as it goes (at each progress report and at each shard's end), so the whole
//! search may pass the limit by at most a report's worth of nodes per thread. The budget is
//! written here once, for the parallel listing and the parallel count alike.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::outcome::{Limits, Status};

impl Limits {
    /// Why a search must stop now for its cancel flag or its deadline (`None`: it goes on).
    /// The searches ask every 1,024 nodes or so, since reading the clock costs more than a
    /// node.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use std::time::Duration;
    /// use dlxkit::xc::{Limits, Status};
    /// assert_eq!(Limits::new().interruption(), None);
    /// assert_eq!(Limits::new().timeout(Duration::ZERO).interruption(), Some(Status::TimeLimit));
    /// let flag = Arc::new(AtomicBool::new(true));
    /// assert_eq!(Limits::new().cancel_flag(flag).interruption(), Some(Status::Cancelled));
    /// ```
    #[inline]
    pub fn interruption(&self) -> Option<Status> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(Status::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Status::TimeLimit);
        }
        None
    }
}

/// The limits of one search on one thread, as it spends them: nodes granted up to the node
/// limit (at most 1,024 at a time, [`Grants`]), the cancel flag and the deadline polled at
/// each grant, the solution limit asked when a solution is found. The Sudoku solvers count
/// and stop through it.
#[derive(Debug)]
pub(crate) struct Meter<'l> {
    limits: &'l Limits,
    max_nodes: u64,
    max_solutions: u64,
}

impl<'l> Meter<'l> {
    /// The meter of `limits`.
    pub(crate) fn new(limits: &'l Limits) -> Meter<'l> {
        Meter {
            limits,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_solutions: limits.max_solutions.unwrap_or(u64::MAX),
        }
    }

    /// Grants the next nodes to `g`, whose last grant is used up: at most 1,024, never past
    /// the node limit; polls the cancel flag and the clock first.
    #[cold]
    fn grant(&self, g: &mut Grants) -> Result<(), Status> {
        let n = g.granted;
        if n >= self.max_nodes {
            return Err(Status::NodeLimit);
        }
        self.poll()?;
        let grant = (self.max_nodes - n).min(1024);
        g.granted += grant;
        g.left = grant;
        Ok(())
    }

    /// The cancel flag and the deadline, as every search reads them
    /// ([`Limits::interruption`]); also for work that is not counted in nodes.
    pub(crate) fn poll(&self) -> Result<(), Status> {
        self.limits.interruption().map_or(Ok(()), Err)
    }

    /// Whether `found` solutions reach the solution limit.
    #[inline]
    pub(crate) fn enough(&self, found: u64) -> bool {
        found >= self.max_solutions
    }
}

/// The nodes a [`Meter`] granted to one search, counted down, so that a node costs one
/// decrement and one test.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Grants {
    /// Nodes granted so far.
    granted: u64,
    /// Nodes of the last grant not used yet.
    left: u64,
}

impl Grants {
    /// Counts a node, or says why the search must stop instead.
    #[inline]
    pub(crate) fn node(&mut self, meter: &Meter) -> Result<(), Status> {
        if self.left == 0 {
            meter.grant(self)?;
        }
        self.left -= 1;
        Ok(())
    }

    /// The nodes the grants so far still allow, for a search that counts its nodes after
    /// making them ([`Grants::spend`]) and asks for room before ([`Grants::make_room`]).
    #[inline]
    pub(crate) fn room(&self) -> u64 {
        self.left
    }

    /// Counts `nodes` nodes made within the room.
    #[inline]
    pub(crate) fn spend(&mut self, nodes: u64) {
        debug_assert!(
            nodes <= self.left,
            "{nodes} nodes in a room of {}",
            self.left
        );
        self.left -= nodes;
    }

    /// Grants nodes until the room holds `need` (at least 1,024 at a time) or the node limit
    /// stops the grants (the room is then smaller than `need`); polls the cancel flag and the
    /// clock first, unless the node limit leaves nothing to grant.
    #[cold]
    pub(crate) fn make_room(mut self, meter: &Meter, need: u64) -> Result<Grants, Status> {
        let more = meter.max_nodes - self.granted;
        if more > 0 {
            meter.poll()?;
            let grant = more.min(need.saturating_sub(self.left).max(1024));
            self.granted += grant;
            self.left += grant;
        }
        Ok(self)
    }

    /// The nodes counted.
    pub(crate) fn nodes(&self) -> u64 {
        self.granted - self.left
    }
}

/// A node budget drawn from by several threads (unlimited when made from `None`).
///
/// ```
/// use dlxkit::xc::meter::Budget;
/// let budget = Budget::new(Some(10));
/// assert!(!budget.spend(4));
/// assert_eq!(budget.left(), Some(6));
/// assert!(budget.spend(7)); // this spending used the last of it
/// assert!(budget.is_spent());
/// assert_eq!(Budget::new(None).left(), None);
/// ```
#[derive(Debug)]
pub struct Budget {
    left: AtomicU64,
    limited: bool,
}

impl Budget {
    /// A budget of `max_nodes` nodes, or an unlimited one.
    pub fn new(max_nodes: Option<u64>) -> Budget {
        Budget {
            left: AtomicU64::new(max_nodes.unwrap_or(u64::MAX)),
            limited: max_nodes.is_some(),
        }
    }

    /// The nodes left (`None` when unlimited): the node limit of a shard starting now.
    pub fn left(&self) -> Option<u64> {
        self.limited.then(|| self.left.load(Ordering::SeqCst))
    }

    /// Takes `nodes` from the budget; true when this took the last of it (the caller then
    /// stops every thread).
    pub fn spend(&self, nodes: u64) -> bool {
        if !self.limited || nodes == 0 {
            return false;
        }
        let taken = self
            .left
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                Some(left.saturating_sub(nodes))
            });
        taken.is_ok_and(|left| left <= nodes)
    }

    /// Whether a limited budget is all spent.
    pub fn is_spent(&self) -> bool {
        self.limited && self.left.load(Ordering::SeqCst) == 0
    }
}
