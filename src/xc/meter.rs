//! The limit meter: what stops a search besides its node count (the cancel flag and the
//! deadline, [`Limits::interruption`]), and the node budget shared by the threads of one
//! search ([`Budget`]).
//!
//! Every machine counts its nodes in its own loop (a counter it keeps in a register) and,
//! every 1,024 nodes, asks [`Limits::interruption`] whether a cancel or the deadline stops
//! it: dancing links (X, C and M), the minimum-cost search and the Sudoku solvers' budget,
//! so that a limit means the same everywhere.
//!
//! A search on one thread stops at its node limit exactly; on several threads each thread
//! searches its shards with what is left of one budget when it starts them and spends what
//! it has used as it goes (at each progress report and at each shard's end), so the whole
//! search may pass the limit by at most a report's worth of nodes per thread. The budget is
//! written here once, for the parallel listing and the parallel count alike.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::search::{Limits, Status};

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
