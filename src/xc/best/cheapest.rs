//! The K cheapest solutions kept from many searches: the parts of a minimum-cost search on
//! threads, the shards of one run on other machines (`dlxkit merge`).
//!
//! Each part of a search that was cut into parts knows its own K best; the K best of the
//! whole are the K cheapest of their union, since the parts' solutions do not overlap. Ties
//! go to the solution offered first, so parts offered in the order of the sequential search
//! keep the solutions it would keep when costs tie within one part.

use std::collections::BinaryHeap;

/// The `k` cheapest of the solutions offered (any value `T` standing for one: options of a
/// problem, or their texts), in constant memory beyond those `k`.
///
/// ```
/// use dlxkit::xc::best::Cheapest;
/// let mut kept = Cheapest::new(2);
/// assert!(kept.offer(7, "a"));
/// assert!(kept.offer(4, "b"));
/// assert!(!kept.offer(7, "c")); // a tie with the second best: the first offered stays
/// assert!(kept.offer(5, "d"));
/// assert_eq!(kept.bound(), Some(5));
/// assert_eq!(kept.into_sorted(), [(4, "b"), (5, "d")]);
/// ```
#[derive(Clone, Debug)]
pub struct Cheapest<T> {
    k: usize,
    /// A max-heap on (cost, order offered): its top is the first to go.
    heap: BinaryHeap<Entry<T>>,
    offered: u64,
}

#[derive(Clone, Debug)]
struct Entry<T> {
    cost: u64,
    order: u64,
    value: T,
}

impl<T> PartialEq for Entry<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.cost, self.order) == (other.cost, other.order)
    }
}

impl<T> Eq for Entry<T> {}

impl<T> PartialOrd for Entry<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for Entry<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.cost, self.order).cmp(&(other.cost, other.order))
    }
}

impl<T> Cheapest<T> {
    /// Keeps the `k` cheapest (at least one).
    pub fn new(k: usize) -> Cheapest<T> {
        Cheapest {
            k: k.max(1),
            heap: BinaryHeap::new(),
            offered: 0,
        }
    }

    /// How many are kept at most.
    pub fn k(&self) -> usize {
        self.k
    }

    /// How many are kept now.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Whether a solution of this cost would be kept if offered now.
    pub fn would_keep(&self, cost: u64) -> bool {
        self.heap.len() < self.k || self.heap.peek().is_some_and(|top| cost < top.cost)
    }

    /// Keeps `value` if it is among the `k` cheapest offered so far (true: it was kept, an
    /// improvement), dropping the dearest kept when there are more than `k`.
    pub fn offer(&mut self, cost: u64, value: T) -> bool {
        if !self.would_keep(cost) {
            return false;
        }
        self.offered += 1;
        self.heap.push(Entry {
            cost,
            order: self.offered,
            value,
        });
        if self.heap.len() > self.k {
            self.heap.pop();
        }
        true
    }

    /// The cost of the `k`-th cheapest once `k` are kept (no solution at that cost or
    /// above can enter any more), else `None`.
    pub fn bound(&self) -> Option<u64> {
        (self.heap.len() == self.k)
            .then(|| self.heap.peek().map(|top| top.cost))
            .flatten()
    }

    /// The solutions kept, cheapest first (ties in the order offered).
    pub fn into_sorted(self) -> Vec<(u64, T)> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .map(|e| (e.cost, e.value))
            .collect()
    }
}
