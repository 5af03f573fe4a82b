//! What a minimum-cost search keeps besides its matrix and its levels: the K cheapest
//! solutions so far and the cutoff they set, the cost bound shared with other threads, the
//! limits, the figures and the status. The links' DLX5, the bounded search, the bit sets and
//! the dancing cells keep them alike, so they keep them here.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::{poll_every, BestOutcome, Cheapest, Costed, INFINITE};
use crate::xc::problem::OptionId;
use crate::xc::search::{Limits, Stats, Status};

/// The books of one minimum-cost search.
#[derive(Clone, Debug)]
pub(crate) struct Books {
    /// The K cheapest solutions so far, by total cost.
    pub(crate) kept: Cheapest<Vec<OptionId>>,
    /// The net cost a solution must beat (the K-th kept, or the shared bound's).
    pub(crate) cutoff: u64,
    /// A total cost bound shared with other searches, read when the limits are polled.
    pub(crate) shared: Option<Arc<AtomicU64>>,
    /// What every solution pays on top of its net cost (DLX5's taxes; 0 with bounds).
    pub(crate) tax: u64,
    pub(crate) limits: Limits,
    pub(crate) stats: Stats,
    pub(crate) status: Status,
    /// Whether the search is over (its time is then final).
    pub(crate) done: bool,
    pub(crate) started: Instant,
    /// The node count at which the limits are polled next.
    pub(crate) next_poll: u64,
}

impl Books {
    /// The books of a search for the `k` cheapest solutions, each paying `tax` on top of
    /// its net cost.
    pub(crate) fn new(k: usize, tax: u64) -> Books {
        Books {
            kept: Cheapest::new(k),
            cutoff: INFINITE,
            shared: None,
            tax,
            limits: Limits::new(),
            stats: Stats::default(),
            status: Status::Complete,
            done: false,
            started: Instant::now(),
            next_poll: 0,
        }
    }

    /// The status, the statistics (with the machine's `updates` and `cleansings`) and the
    /// cheapest solutions so far.
    pub(crate) fn outcome(&self, updates: u64, cleansings: u64) -> BestOutcome {
        let mut stats = self.stats.clone();
        stats.updates = updates;
        stats.cleansings = cleansings;
        if !self.done {
            stats.elapsed = self.started.elapsed();
        }
        BestOutcome {
            status: self.status,
            stats,
            cheapest: self
                .kept
                .clone()
                .into_sorted()
                .into_iter()
                .map(|(cost, options)| Costed { cost, options })
                .collect(),
        }
    }

    /// Sets the limits; true when they stop the search before it starts (no improvement
    /// asked for), which is then finished.
    pub(crate) fn set_limits(&mut self, limits: Limits) -> bool {
        let none = limits.max_solutions == Some(0);
        self.limits = limits;
        if none {
            self.finish(Status::SolutionLimit);
        }
        none
    }

    /// Offers a solution of net cost `net` (its options made by `options` only when it is
    /// kept): below the cutoff it is an improvement, kept among the K cheapest at its total
    /// cost (`net` plus the tax; ties after those kept before), counted in
    /// `stats.solutions`; the cutoff moves to the K-th kept once there are K (never above
    /// a shared bound), and the solution limit finishes the search when reached. `None`
    /// when it does not improve.
    #[inline]
    pub(crate) fn improve(
        &mut self,
        net: u64,
        options: impl FnOnce() -> Vec<OptionId>,
    ) -> Option<Costed> {
        if net >= self.cutoff {
            return None;
        }
        let cost = net + self.tax;
        let options = options();
        if !self.kept.offer(cost, options.clone()) {
            return None;
        }
        self.stats.solutions += 1;
        if let Some(top) = self.kept.bound() {
            self.cutoff = self.cutoff.min(top - self.tax);
        }
        if self.limits.max_solutions == Some(self.stats.solutions) {
            self.finish(Status::SolutionLimit);
        }
        Some(Costed { cost, options })
    }

    /// Ends the search with `status`.
    pub(crate) fn finish(&mut self, status: Status) {
        self.status = status;
        self.done = true;
        self.stats.elapsed = self.started.elapsed();
    }

    /// Counts a node at `level` in the profile.
    pub(crate) fn count_level(&mut self, level: usize) {
        if self.stats.profile.len() <= level {
            self.stats.profile.resize(level + 1, 0);
        }
        self.stats.profile[level] += 1;
    }

    /// The node limit, and every 1,024 nodes ([`poll_every`]; 64 with a shared bound) the
    /// shared bound, the cancel flag and the deadline. True when the search must stop (it is
    /// then finished).
    #[cold]
    pub(crate) fn limit_reached(&mut self) -> bool {
        let nodes = self.stats.nodes;
        if self.limits.max_nodes.is_some_and(|max| nodes >= max) {
            self.finish(Status::NodeLimit);
            return true;
        }
        if nodes >= self.next_poll {
            self.next_poll = nodes + poll_every(self.shared.is_some());
            if let Some(bound) = &self.shared {
                let net = bound.load(Ordering::Relaxed).saturating_sub(self.tax);
                self.cutoff = self.cutoff.min(net);
            }
            if let Some(status) = self.limits.interruption() {
                self.finish(status);
                return true;
            }
        }
        false
    }
}

/// A minimum-cost search around its [`Books`]: DLX5 with its matrix, the links' bounded
/// search, and those on bit sets and dancing cells. Each says where its books are, its
/// level, how its machine stops and what its matrix counted; the rest (the limits, the
/// outcome, finishing, polling, the profile) is said here once, and `BestSolver` reaches
/// every search through it.
pub(crate) trait KeepsBooks {
    /// The kept solutions, cutoff, shared bound, tax, limits and figures.
    fn books(&self) -> &Books;

    /// The same, to share a bound.
    fn books_mut(&mut self) -> &mut Books;

    /// The depth reached so far (the current level).
    fn level(&self) -> usize;

    /// Puts the machine where it stops: the search is over.
    fn stop(&mut self);

    /// The updates and cleansings the search made (0 where the engine makes none).
    fn counts(&self) -> (u64, u64);

    /// Sets the limits (`max_solutions` counts improvements).
    fn set_limits(&mut self, limits: Limits) {
        if self.books_mut().set_limits(limits) {
            self.stop();
        }
    }

    /// The status, the statistics and the cheapest solutions so far.
    fn outcome(&self) -> BestOutcome {
        let (updates, cleansings) = self.counts();
        self.books().outcome(updates, cleansings)
    }

    /// Ends the search with `status`.
    fn finish(&mut self, status: Status) {
        self.books_mut().finish(status);
        self.stop();
    }

    /// The node limit, the shared bound, the cancel flag and the deadline
    /// ([`Books::limit_reached`]): true when the search must stop.
    fn limit_reached(&mut self) -> bool {
        let stop = self.books_mut().limit_reached();
        if stop {
            self.stop();
        }
        stop
    }

    /// Counts a node at `level` in the profile.
    fn count_level(&mut self, level: usize) {
        self.books_mut().count_level(level);
    }

    /// Keeps a solution of net cost `net` ([`Books::improve`]: the cutoff moves to the K-th
    /// best), and stops the machine when the books say the search is over.
    fn found(&mut self, options: Vec<OptionId>, net: u64) -> Option<Costed> {
        let found = self.books_mut().improve(net, || options);
        if self.books().done {
            self.stop();
        }
        found
    }
}
