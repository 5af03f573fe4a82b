//! DLX5's matrix with net costs, in two node sizes.
//!
//! Most problems with costs have no colours and costs that fit in 32 bits: their nodes are
//! [`Lean`], 16 bytes (four to a cache line, a third less memory than DLX5's 24), and a
//! link is a byte offset into the node array, so following one is a single address
//! computation. The others get [`Full`] nodes, 24 bytes with the colour and a 64-bit cost,
//! linked by index. The search is the same code for both ([`Links`] is generic over the
//! node); the walks without colours skip the colour tests and visit an option in two
//! straight runs (right of the node to the spacer, then from the option's first node), so
//! that the branch that ends a run is the only one per node.
//!
//! Every item's header has the largest cost its node can hold, and every threshold is
//! clamped below it ([`CostNode::limit`]), so a walk down a list that stops at the first
//! option too dear also stops at the header, without a test of its own.

use crate::xc::problem::{OptionId, Problem};

/// What a node of the cost matrix holds, and how a link finds it.
pub(super) trait CostNode: Copy + std::fmt::Debug {
    /// Whether the nodes carry colours (else the walks skip every colour test).
    const COLORS: bool;
    /// Bytes per unit of a link: 1 when links are byte offsets, the node's size when
    /// they are indexes.
    const SCALE: usize;
    /// What a link adds per node.
    const STEP: u32 = (std::mem::size_of::<Self>() / Self::SCALE) as u32;
    /// A header's cost: more than any threshold after [`CostNode::limit`].
    const HEADER_COST: u64;

    /// A node with these fields.
    fn new(up: u32, down: u32, item: i32, color: i32, cost: u64) -> Self;
    /// The previous node in the item's list.
    fn up(&self) -> u32;
    /// The next node in the item's list.
    fn down(&self) -> u32;
    /// Sets [`CostNode::up`].
    fn set_up(&mut self, up: u32);
    /// Sets [`CostNode::down`].
    fn set_down(&mut self, down: u32);
    /// In an option's node, its item's header (a link, above 0); in a spacer, minus the
    /// number of options up to and including the one before it; in a header, the length
    /// of the item's list.
    fn item(&self) -> i32;
    /// [`CostNode::item`], to change (a header's length).
    fn item_mut(&mut self) -> &mut i32;
    /// The colour plus one (0: none; -1: cleansed, agreeing with its item's colour).
    fn color(&self) -> i32;
    /// Sets [`CostNode::color`] (only with colours).
    fn set_color(&mut self, color: i32);
    /// The net cost of the node's option.
    fn cost(&self) -> u64;
    /// `threshold` clamped to [`CostNode::HEADER_COST`]: every net cost the matrix holds is
    /// below the clamped threshold exactly when it is below `threshold`.
    fn limit(threshold: u64) -> u64;
}

/// The 16-byte node: no colour, a net cost below 2^32 - 1, links as byte offsets.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lean {
    up: u32,
    down: u32,
    item: i32,
    cost: u32,
}

impl CostNode for Lean {
    const COLORS: bool = false;
    const SCALE: usize = 1;
    const HEADER_COST: u64 = u32::MAX as u64;

    fn new(up: u32, down: u32, item: i32, color: i32, cost: u64) -> Lean {
        debug_assert!(color == 0 && cost <= Self::HEADER_COST);
        Lean {
            up,
            down,
            item,
            cost: cost as u32,
        }
    }
    #[inline(always)]
    fn up(&self) -> u32 {
        self.up
    }
    #[inline(always)]
    fn down(&self) -> u32 {
        self.down
    }
    #[inline(always)]
    fn set_up(&mut self, up: u32) {
        self.up = up;
    }
    #[inline(always)]
    fn set_down(&mut self, down: u32) {
        self.down = down;
    }
    #[inline(always)]
    fn item(&self) -> i32 {
        self.item
    }
    #[inline(always)]
    fn item_mut(&mut self) -> &mut i32 {
        &mut self.item
    }
    #[inline(always)]
    fn color(&self) -> i32 {
        0
    }
    fn set_color(&mut self, _color: i32) {
        unreachable!("a lean node has no colour")
    }
    #[inline(always)]
    fn cost(&self) -> u64 {
        u64::from(self.cost)
    }
    #[inline(always)]
    fn limit(threshold: u64) -> u64 {
        threshold.min(Self::HEADER_COST)
    }
}

/// The 24-byte node, as DLX5's: a colour and a 64-bit net cost, links as indexes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Full {
    up: u32,
    down: u32,
    item: i32,
    color: i32,
    cost: u64,
}

impl CostNode for Full {
    const COLORS: bool = true;
    const SCALE: usize = std::mem::size_of::<Full>();
    const HEADER_COST: u64 = u64::MAX;

    fn new(up: u32, down: u32, item: i32, color: i32, cost: u64) -> Full {
        Full {
            up,
            down,
            item,
            color,
            cost,
        }
    }
    #[inline(always)]
    fn up(&self) -> u32 {
        self.up
    }
    #[inline(always)]
    fn down(&self) -> u32 {
        self.down
    }
    #[inline(always)]
    fn set_up(&mut self, up: u32) {
        self.up = up;
    }
    #[inline(always)]
    fn set_down(&mut self, down: u32) {
        self.down = down;
    }
    #[inline(always)]
    fn item(&self) -> i32 {
        self.item
    }
    #[inline(always)]
    fn item_mut(&mut self) -> &mut i32 {
        &mut self.item
    }
    #[inline(always)]
    fn color(&self) -> i32 {
        self.color
    }
    #[inline(always)]
    fn set_color(&mut self, color: i32) {
        self.color = color;
    }
    #[inline(always)]
    fn cost(&self) -> u64 {
        self.cost
    }
    #[inline(always)]
    fn limit(threshold: u64) -> u64 {
        threshold
    }
}

const _: () = assert!(std::mem::size_of::<Lean>() == 16 && Lean::STEP == 16);
const _: () = assert!(std::mem::size_of::<Full>() == 24 && Full::STEP == 1);

/// How many options of an item the choice counts before it settles for the list's length
/// (DLX5's `lenthresh`).
const LOOKAHEAD: u32 = 10;

/// DLX5's matrix with net costs, each item's list sorted by them: item headers at nodes
/// `1..=items` (node 0 is unused), then the options' nodes, each option followed by a
/// spacer (and one before the first).
///
/// Its nodes are reached through [`Links::at`] and [`Links::at_mut`], which skip the bounds
/// check (unless the feature `checked` is on). Invariant: every link they get is
/// `STEP * i` with `i < nodes.len()`. It holds because every link is a header's
/// (`STEP * k`, `1 <= k <= items`), a node's neighbour within its option (options are framed
/// by spacers, and the walks turn at them), or a link read from a node; [`Links::new`] sets
/// every stored link so, and afterwards links are only copied from node to node (the array
/// never changes size).
pub(super) struct Links<N: CostNode> {
    nodes: Vec<N>,
    /// The active primary items, as a circle through the root 0, by item number.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The total tax: what every solution pays whatever it is.
    pub(super) total_tax: u64,
    /// Links and list lengths changed (as DLX5 counts them).
    pub(super) updates: u64,
    /// Nodes cleansed by purification (as DLX5 counts them).
    pub(super) cleansings: u64,
}

/// A node while the matrix is built: links as indexes.
#[derive(Clone, Copy, Default)]
struct Draft {
    up: u32,
    down: u32,
    item: i32,
    color: i32,
    cost: u64,
}

/// The options' net costs after the taxes, and the total tax: each primary item in turn
/// (in Knuth's order) is taxed the cheapest net cost of its options, taken off each of them.
pub(super) fn taxed(problem: &Problem, lists: &[Vec<u32>]) -> (Vec<u64>, u64) {
    let mut net: Vec<u64> = problem.options().map(|o| problem.option_cost(o)).collect();
    let mut total_tax = 0;
    for list in lists {
        let tax = list.iter().map(|&o| net[o as usize]).min().unwrap_or(0);
        if tax > 0 {
            total_tax += tax;
            for &o in list {
                net[o as usize] -= tax;
            }
        }
    }
    (net, total_tax)
}

/// Whether `problem` can have [`Lean`] nodes: no colours, and every net cost below the
/// headers' (the node count fits byte offsets: the builder keeps it below 2^28).
pub(super) fn fits_lean(problem: &Problem) -> bool {
    !problem.has_colors()
        && problem
            .options()
            .all(|o| problem.option_cost(o) < Lean::HEADER_COST)
}

impl<N: CostNode> Links<N> {
    /// The matrix of `problem`, taxed, its lists sorted by net cost.
    pub(super) fn new(problem: &Problem) -> Links<N> {
        let order = problem.knuth_order();
        let items = order.len();
        let primaries = problem.primary_count();
        let mut header = vec![0u32; problem.item_count()];
        for (h, &i) in order.iter().enumerate() {
            header[i.index()] = h as u32 + 1;
        }
        let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
        for o in problem.options() {
            for e in problem.option(o) {
                options_of[header[e.item.index()] as usize].push(o.index() as u32);
            }
        }
        let (net, total_tax) = taxed(problem, &options_of[1..=primaries]);
        // The nodes, options in order, each followed by a spacer.
        let mut nodes = vec![Draft::default(); items + 1];
        let mut node_lists: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
        nodes.push(Draft::default()); // the first spacer
        for o in problem.options() {
            let first = nodes.len() as u32;
            for e in problem.option(o) {
                let h = header[e.item.index()];
                node_lists[h as usize].push(nodes.len() as u32);
                nodes.push(Draft {
                    item: h as i32,
                    color: e.color.map_or(0, |c| c.index() as i32 + 1),
                    cost: net[o.index()],
                    ..Draft::default()
                });
                nodes[h as usize].item += 1; // the list's length
            }
            let last = nodes.len() as u32 - 1;
            nodes[first as usize - 1].down = last;
            nodes.push(Draft {
                up: first,
                item: -(o.index() as i32 + 1),
                ..Draft::default()
            });
        }
        // Each list sorted by net cost, stably (DLX5 merge-sorts them).
        for (h, list) in node_lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&x| nodes[x as usize].cost);
            let mut above = h as u32;
            for &x in list.iter() {
                nodes[x as usize].up = above;
                nodes[above as usize].down = x;
                above = x;
            }
            nodes[above as usize].down = h as u32;
            nodes[h].up = above;
            nodes[h].cost = N::HEADER_COST;
        }
        // The active list: the root and the primary items. Secondary items are never
        // linked into it (their covers unlink and relink them harmlessly in a circle of
        // their own).
        let primaries = primaries as u32;
        let mut prev = vec![0u32; items + 1];
        let mut next = vec![0u32; items + 1];
        let circle = |members: Vec<u32>, prev: &mut [u32], next: &mut [u32]| {
            for (k, &x) in members.iter().enumerate() {
                next[x as usize] = members[(k + 1) % members.len()];
                prev[x as usize] = members[(k + members.len() - 1) % members.len()];
            }
        };
        circle(
            std::iter::once(0).chain(1..=primaries).collect(),
            &mut prev,
            &mut next,
        );
        if primaries < items as u32 {
            circle(
                (primaries + 1..=items as u32).collect(),
                &mut prev,
                &mut next,
            );
        }
        let step = N::STEP;
        let nodes = nodes
            .iter()
            .enumerate()
            .map(|(x, d)| {
                // Links and items scale by the step; spacers and lengths do not.
                let is_entry = x > items && d.item > 0;
                let item = if is_entry {
                    d.item * step as i32
                } else {
                    d.item
                };
                N::new(d.up * step, d.down * step, item, d.color, d.cost)
            })
            .collect();
        Links {
            nodes,
            prev,
            next,
            total_tax,
            updates: 0,
            cleansings: 0,
        }
    }

    /// The node at link `x` (see [`Links`] for why it is in range).
    #[cfg(not(feature = "checked"))]
    #[allow(unsafe_code)]
    #[inline(always)]
    fn at(&self, x: u32) -> &N {
        debug_assert!(x % N::STEP == 0 && ((x / N::STEP) as usize) < self.nodes.len());
        // SAFETY: by the invariant of `Links`, `x` is `STEP * i` with `i < nodes.len()`, so
        // `x * SCALE` is `i * size_of::<N>()`: the address of node `i`, inside the array
        // and aligned for a node.
        unsafe { &*self.nodes.as_ptr().byte_add(x as usize * N::SCALE) }
    }

    /// The node at link `x`, to change (see [`Links::at`]).
    #[cfg(not(feature = "checked"))]
    #[allow(unsafe_code)]
    #[inline(always)]
    fn at_mut(&mut self, x: u32) -> &mut N {
        debug_assert!(x % N::STEP == 0 && ((x / N::STEP) as usize) < self.nodes.len());
        // SAFETY: as for `Links::at`; the borrow of the array is unique.
        unsafe { &mut *self.nodes.as_mut_ptr().byte_add(x as usize * N::SCALE) }
    }

    /// The node at link `x` (checked).
    #[cfg(feature = "checked")]
    fn at(&self, x: u32) -> &N {
        assert!(x % N::STEP == 0, "link {x} is not a node's");
        &self.nodes[(x / N::STEP) as usize]
    }

    /// The node at link `x`, to change (checked).
    #[cfg(feature = "checked")]
    fn at_mut(&mut self, x: u32) -> &mut N {
        assert!(x % N::STEP == 0, "link {x} is not a node's");
        &mut self.nodes[(x / N::STEP) as usize]
    }

    /// The link of item `k`'s header.
    #[inline(always)]
    pub(super) fn header(k: u32) -> u32 {
        k * N::STEP
    }

    /// The next node in `x`'s list.
    #[inline(always)]
    pub(super) fn down(&self, x: u32) -> u32 {
        self.at(x).down()
    }

    /// The net cost of `x`'s option.
    #[inline(always)]
    pub(super) fn cost(&self, x: u32) -> u64 {
        self.at(x).cost()
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(super) fn all_covered(&self) -> bool {
        self.next[0] == 0
    }

    /// The option of node `x`.
    pub(super) fn option_of(&self, x: u32) -> OptionId {
        let mut y = x;
        while self.at(y).item() > 0 {
            y += N::STEP;
        }
        OptionId::new((-self.at(y).item() - 1) as usize)
    }

    /// DLX5's choice: the header of the active primary item with the fewest options
    /// cheaper than `budget`, the dearest cheapest option on ties; with the number of those
    /// options (0: the branch is dead).
    pub(super) fn choose(&self, budget: u64) -> (u32, u32) {
        let budget = N::limit(budget);
        let (mut best, mut fewest, mut dearest) = (0, u32::MAX, 0);
        let mut k = self.next[0];
        while k != 0 {
            let h = Self::header(k);
            let first = self.down(h);
            let min_cost = self.cost(first);
            if min_cost >= budget {
                return (h, 0);
            }
            let mut s = 1;
            let mut p = self.down(first);
            let usable = loop {
                if self.cost(p) >= budget {
                    break Some(s);
                }
                if s == fewest {
                    break None;
                }
                if s >= LOOKAHEAD {
                    // The list's length (options hidden by a cover with a threshold still
                    // count, as in DLX5).
                    break Some(self.at(h).item() as u32);
                }
                p = self.down(p);
                s += 1;
            };
            if let Some(s) = usable {
                if s < fewest || (s == fewest && min_cost > dearest) {
                    (best, fewest, dearest) = (h, s, min_cost);
                }
            }
            k = self.next[k as usize];
        }
        (best, fewest)
    }

    /// Unlinks node `y` (`n`) from its list, its length one less.
    #[inline(always)]
    fn unlink(&mut self, n: N) {
        self.at_mut(n.up()).set_down(n.down());
        self.at_mut(n.down()).set_up(n.up());
        *self.at_mut(n.item() as u32).item_mut() -= 1;
    }

    /// Relinks node `y` (`n`) into its list, its length one more.
    #[inline(always)]
    fn relink(&mut self, y: u32, n: N) {
        self.at_mut(n.up()).set_down(y);
        self.at_mut(n.down()).set_up(y);
        *self.at_mut(n.item() as u32).item_mut() += 1;
    }

    /// Unlinks the other nodes of `x`'s option from their lists (a cleansed node stays).
    #[inline(always)]
    fn hide(&mut self, x: u32) {
        if !N::COLORS {
            // Right to the spacer, then from the option's first node (the spacer's up).
            let mut y = x + N::STEP;
            let spacer = loop {
                let n = *self.at(y);
                if n.item() <= 0 {
                    break n;
                }
                self.unlink(n);
                y += N::STEP;
            };
            let first = spacer.up();
            self.updates += u64::from((y - first) / N::STEP - 1);
            let mut y = first;
            while y != x {
                let n = *self.at(y);
                self.unlink(n);
                y += N::STEP;
            }
            return;
        }
        let mut y = x + N::STEP;
        while y != x {
            let n = *self.at(y);
            if n.color() >= 0 {
                if n.item() <= 0 {
                    y = n.up();
                    continue;
                }
                self.unlink(n);
                self.updates += 1;
            }
            y += N::STEP;
        }
    }

    /// Undoes [`Links::hide`] (in the same order: the links dance back all the same).
    #[inline(always)]
    fn unhide(&mut self, x: u32) {
        if !N::COLORS {
            let mut y = x + N::STEP;
            let spacer = loop {
                let n = *self.at(y);
                if n.item() <= 0 {
                    break n;
                }
                self.relink(y, n);
                y += N::STEP;
            };
            let mut y = spacer.up();
            while y != x {
                let n = *self.at(y);
                self.relink(y, n);
                y += N::STEP;
            }
            return;
        }
        let mut y = x + N::STEP;
        while y != x {
            let n = *self.at(y);
            if n.color() >= 0 {
                if n.item() <= 0 {
                    y = n.up();
                    continue;
                }
                self.relink(y, n);
            }
            y += N::STEP;
        }
    }

    /// Takes item `c` (a header) out of the active list.
    #[inline(always)]
    fn deactivate(&mut self, c: u32) {
        let k = (c / N::STEP) as usize;
        let (l, r) = (self.prev[k], self.next[k]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
    }

    /// Puts item `c` (a header) back into the active list.
    #[inline(always)]
    fn reactivate(&mut self, c: u32) {
        let k = (c / N::STEP) as usize;
        let (l, r) = (self.prev[k], self.next[k]);
        self.next[l as usize] = k as u32;
        self.prev[r as usize] = k as u32;
    }

    /// Covers item `c` (a header): hides its options cheaper than `threshold`.
    pub(super) fn cover(&mut self, c: u32, threshold: u64) {
        let threshold = N::limit(threshold);
        self.deactivate(c);
        self.updates += 1;
        let mut x = self.down(c);
        while self.cost(x) < threshold {
            self.hide(x);
            x = self.down(x);
        }
    }

    /// Undoes [`Links::cover`] with the same threshold.
    pub(super) fn uncover(&mut self, c: u32, threshold: u64) {
        let threshold = N::limit(threshold);
        let mut x = self.down(c);
        while self.cost(x) < threshold {
            self.unhide(x);
            x = self.down(x);
        }
        self.reactivate(c);
    }

    /// Keeps, in the list of node `p`'s item, the options cheaper than `threshold` that
    /// agree with `p`'s colour (marking them cleansed) and hides the others.
    fn purify(&mut self, p: u32, threshold: u64) {
        let threshold = N::limit(threshold);
        let (c, color) = (self.at(p).item() as u32, self.at(p).color());
        self.cleansings += 1;
        let mut x = self.down(c);
        while self.cost(x) < threshold {
            if self.at(x).color() != color {
                self.hide(x);
            } else if x != p {
                self.cleansings += 1;
                self.at_mut(x).set_color(-1);
            }
            x = self.down(x);
        }
    }

    /// Undoes [`Links::purify`] with the same threshold.
    fn unpurify(&mut self, p: u32, threshold: u64) {
        let threshold = N::limit(threshold);
        let (c, color) = (self.at(p).item() as u32, self.at(p).color());
        let mut x = self.down(c);
        while self.cost(x) < threshold {
            if self.at(x).color() < 0 {
                self.at_mut(x).set_color(color);
            } else if x != p {
                self.unhide(x);
            }
            x = self.down(x);
        }
    }

    /// Covers or purifies the other items of `x`'s option, going right and round.
    pub(super) fn commit(&mut self, x: u32, threshold: u64) {
        let mut y = x + N::STEP;
        while y != x {
            let n = *self.at(y);
            if n.item() <= 0 {
                y = n.up();
                continue;
            }
            if n.color() == 0 {
                self.cover(n.item() as u32, threshold);
            } else if n.color() > 0 {
                self.purify(y, threshold);
            }
            y += N::STEP;
        }
    }

    /// Undoes [`Links::commit`], going left and round.
    pub(super) fn uncommit(&mut self, x: u32, threshold: u64) {
        let mut y = x - N::STEP;
        while y != x {
            let n = *self.at(y);
            if n.item() <= 0 {
                y = n.down();
                continue;
            }
            if n.color() == 0 {
                self.uncover(n.item() as u32, threshold);
            } else if n.color() > 0 {
                self.unpurify(y, threshold);
            }
            y -= N::STEP;
        }
    }
}
