//! The node budget shared by the threads of one search.
//!
//! A search on one thread stops at its node limit exactly; on several threads each thread
//! searches its shards with what is left of one budget when it starts them and spends what
//! it has used as it goes (at each progress report and at each shard's end), so the whole
//! search may pass the limit by at most a report's worth of nodes per thread. The budget is
//! written here once, for the parallel listing and the parallel count alike.

use std::sync::atomic::{AtomicU64, Ordering};

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
