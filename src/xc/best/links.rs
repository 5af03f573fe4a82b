//! DLX5's matrix with net costs, on the links' nodes (`node.rs`) in two sizes.
//!
//! Most problems with costs have no colours and net costs that fit in 32 bits: their nodes
//! are the links' 16-byte [`Node`]s, the spare field holding the option's net cost
//! ([`Node::cost`]; four to a cache line, a third less memory than DLX5's 24 bytes). The
//! others get [`WideNode`]s, 24 bytes: a `Node` whose spare field is the colour, and a 64-bit
//! cost. Either way a link is a byte offset into the node array and every access goes
//! through the links' accessor (`node_in`, in `unchecked.rs`), so the search is the same
//! code for both ([`Links`] is generic over the node); the walks without colours skip the
//! colour tests and visit an option in two straight runs (right of the node to the spacer,
//! then from the option's first node), so that the branch that ends a run is the only one
//! per node.
//!
//! Every item's header has the largest cost its node can hold, and every threshold is
//! clamped below it ([`CostNode::limit`]), so a walk down a list that stops at the first
//! option too dear also stops at the header, without a test of its own.

use crate::xc::node::{Item, Link, Node, NodeKind, WideNode};
use crate::xc::problem::{OptionId, Problem};
use crate::xc::unchecked::{len, len_mut, node_in, node_in_mut};

/// A node of the cost matrix: what it adds to the links' [`NodeKind`].
pub(super) trait CostNode: NodeKind + PartialEq + std::fmt::Debug {
    /// Whether the nodes carry colours (else the walks skip every colour test).
    const COLORS: bool;
    /// A header's cost: more than any threshold after [`CostNode::limit`].
    const HEADER_COST: u64;

    /// `node` (its spare field a colour or 0), costing `cost`.
    fn with_cost(node: Node, cost: u64) -> Self;
    /// The net cost of the node's option.
    fn net_cost(&self) -> u64;
    /// `threshold` clamped to [`CostNode::HEADER_COST`]: every net cost the matrix holds is
    /// below the clamped threshold exactly when it is below `threshold`.
    fn limit(threshold: u64) -> u64;

    /// The colour plus one (0: none; -1: cleansed, agreeing with its item's colour).
    #[inline(always)]
    fn color(&self) -> i32 {
        if Self::COLORS {
            self.links().color()
        } else {
            0
        }
    }
}

/// The 16-byte node: no colour, a net cost below 2^32 - 1 in the spare field.
impl CostNode for Node {
    const COLORS: bool = false;
    const HEADER_COST: u64 = u32::MAX as u64;

    fn with_cost(mut node: Node, cost: u64) -> Node {
        debug_assert!(node.color() == 0 && cost <= Self::HEADER_COST);
        node.set_cost(cost as u32);
        node
    }
    #[inline(always)]
    fn net_cost(&self) -> u64 {
        u64::from(self.cost())
    }
    #[inline(always)]
    fn limit(threshold: u64) -> u64 {
        threshold.min(Self::HEADER_COST)
    }
}

/// The 24-byte node, as DLX5's: a colour and a 64-bit net cost.
impl CostNode for WideNode {
    const COLORS: bool = true;
    const HEADER_COST: u64 = u64::MAX;

    fn with_cost(node: Node, cost: u64) -> WideNode {
        WideNode::new(node, cost)
    }
    #[inline(always)]
    fn net_cost(&self) -> u64 {
        self.cost()
    }
    #[inline(always)]
    fn limit(threshold: u64) -> u64 {
        threshold
    }
}

/// How many options of an item the choice counts before it settles for the list's length
/// (DLX5's `lenthresh`).
const LOOKAHEAD: u32 = 10;

/// DLX5's matrix with net costs, each item's list sorted by them: item headers at nodes
/// `1..=items` (node 0 is unused), then the options' nodes, each option followed by a
/// spacer (and one before the first). The nodes keep the links' meanings (`node.rs`): a
/// node's item is its [`Item`] (0 in a header), a spacer's the option before it; the list
/// lengths are apart, in `lens`.
///
/// Its nodes are reached through `unchecked.rs`'s `node_in` and `node_in_mut`, which skip
/// the bounds check (unless the feature `checked` is on), under the links' invariant: every
/// link they get is `N::STEP * i` with `i < nodes.len()`, every item below `lens.len()`. It
/// holds because every link is a header's ([`Item::header_in`] of an item `1..=items`), a
/// node's neighbour within its option (options are framed by spacers, and the walks turn at
/// them), or a link read from a node; [`Links::new`] sets every stored link so, and
/// afterwards links are only copied from node to node (the array never changes size).
/// [`Links::check_invariants`] walks every list to check it.
pub(super) struct Links<N: CostNode> {
    nodes: Vec<N>,
    /// The length of each item's list, by item number.
    lens: Vec<i32>,
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

/// Whether `problem` can have 16-byte [`Node`]s: no colours, and every net cost below the
/// headers' (the node count fits byte offsets: the builder keeps it below 2^28).
pub(super) fn fits_lean(problem: &Problem) -> bool {
    !problem.has_colors()
        && problem
            .options()
            .all(|o| problem.option_cost(o) < <Node as CostNode>::HEADER_COST)
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
        let mut lens = vec![0i32; items + 1];
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
                lens[h as usize] += 1;
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
        let nodes = nodes
            .iter()
            .enumerate()
            .map(|(x, d)| {
                let mut node = if x == 0 || (x > items && d.item == 0) {
                    Node::default() // unused, or the first spacer
                } else if x <= items {
                    Node::header(Item::new(x as u32))
                } else if d.item > 0 {
                    Node::entry(Item::new(d.item as u32), Link::default(), Link::default())
                } else {
                    Node::spacer(OptionId::new((-d.item - 1) as usize), Link::default())
                };
                (node.up, node.down) = (
                    Link::at_in::<N>(d.up as usize),
                    Link::at_in::<N>(d.down as usize),
                );
                node.set_color(d.color);
                N::with_cost(node, d.cost)
            })
            .collect();
        let links = Links {
            nodes,
            lens,
            prev,
            next,
            total_tax,
            updates: 0,
            cleansings: 0,
        };
        debug_assert_eq!(links.check_invariants(), Ok(()));
        links
    }

    /// The node at link `x` (see [`Links`] for why it is in range).
    #[inline(always)]
    fn at(&self, x: Link) -> &N {
        node_in(&self.nodes, x)
    }

    /// The node at link `x`, to change.
    #[inline(always)]
    fn at_mut(&mut self, x: Link) -> &mut N {
        node_in_mut(&mut self.nodes, x)
    }

    /// The link of item `k`'s header.
    #[inline(always)]
    pub(super) fn header(k: Item) -> Link {
        k.header_in::<N>()
    }

    /// The next node in `x`'s list.
    #[inline(always)]
    pub(super) fn down(&self, x: Link) -> Link {
        self.at(x).links().down
    }

    /// The net cost of `x`'s option.
    #[inline(always)]
    pub(super) fn cost(&self, x: Link) -> u64 {
        self.at(x).net_cost()
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(super) fn all_covered(&self) -> bool {
        self.next[0] == 0
    }

    /// The option of node `x`.
    pub(super) fn option_of(&self, x: Link) -> OptionId {
        let mut y = x;
        while !self.at(y).links().is_spacer() {
            y = y.right_in::<N>();
        }
        self.at(y).links().option()
    }

    /// DLX5's choice: the active primary item with the fewest options cheaper than
    /// `budget`, the dearest cheapest option on ties; with the number of those options (0:
    /// the branch is dead).
    // Why: `#[inline]` here and on cover, uncover, commit and uncommit gives `Search::step`
    // its own copy to inline whichever codegen unit the links land in, which otherwise
    // decided whether the search called them or not (and its speed with it).
    #[inline]
    pub(super) fn choose(&self, budget: u64) -> (Item, u32) {
        let budget = N::limit(budget);
        let (mut best, mut fewest, mut dearest) = (Item::default(), u32::MAX, 0);
        let mut k = self.next[0];
        while k != 0 {
            let item = Item::new(k);
            let first = self.down(Self::header(item));
            let min_cost = self.cost(first);
            if min_cost >= budget {
                return (item, 0);
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
                    break Some(len(&self.lens, item) as u32);
                }
                p = self.down(p);
                s += 1;
            };
            if let Some(s) = usable {
                if s < fewest || (s == fewest && min_cost > dearest) {
                    (best, fewest, dearest) = (item, s, min_cost);
                }
            }
            k = self.next[k as usize];
        }
        (best, fewest)
    }

    /// Unlinks node `n` from its list, its length one less.
    #[inline(always)]
    fn unlink(&mut self, n: Node) {
        self.at_mut(n.up).links_mut().down = n.down;
        self.at_mut(n.down).links_mut().up = n.up;
        *len_mut(&mut self.lens, n.item()) -= 1;
    }

    /// Relinks node `y` (`n`) into its list, its length one more.
    #[inline(always)]
    fn relink(&mut self, y: Link, n: Node) {
        self.at_mut(n.up).links_mut().down = y;
        self.at_mut(n.down).links_mut().up = y;
        *len_mut(&mut self.lens, n.item()) += 1;
    }

    /// Unlinks the other nodes of `x`'s option from their lists (a cleansed node stays).
    #[inline(always)]
    fn hide(&mut self, x: Link) {
        if !N::COLORS {
            // Right to the spacer, then from the option's first node (the spacer's up).
            let mut y = x.right_in::<N>();
            let spacer = loop {
                let n = *self.at(y).links();
                if n.is_spacer() {
                    break n;
                }
                self.unlink(n);
                y = y.right_in::<N>();
            };
            let first = spacer.up;
            self.updates += u64::from(y.nodes_from_in::<N>(first) - 1);
            let mut y = first;
            while y != x {
                let n = *self.at(y).links();
                self.unlink(n);
                y = y.right_in::<N>();
            }
            return;
        }
        let mut y = x.right_in::<N>();
        while y != x {
            let node = *self.at(y);
            let n = *node.links();
            if node.color() >= 0 {
                if n.is_spacer() {
                    y = n.up;
                    continue;
                }
                self.unlink(n);
                self.updates += 1;
            }
            y = y.right_in::<N>();
        }
    }

    /// Undoes [`Links::hide`] (in the same order: the links dance back all the same).
    #[inline(always)]
    fn unhide(&mut self, x: Link) {
        if !N::COLORS {
            let mut y = x.right_in::<N>();
            let spacer = loop {
                let n = *self.at(y).links();
                if n.is_spacer() {
                    break n;
                }
                self.relink(y, n);
                y = y.right_in::<N>();
            };
            let mut y = spacer.up;
            while y != x {
                let n = *self.at(y).links();
                self.relink(y, n);
                y = y.right_in::<N>();
            }
            return;
        }
        let mut y = x.right_in::<N>();
        while y != x {
            let node = *self.at(y);
            let n = *node.links();
            if node.color() >= 0 {
                if n.is_spacer() {
                    y = n.up;
                    continue;
                }
                self.relink(y, n);
            }
            y = y.right_in::<N>();
        }
    }

    /// Takes item `c` out of the active list.
    #[inline(always)]
    fn deactivate(&mut self, c: Item) {
        let k = c.number() as usize;
        let (l, r) = (self.prev[k], self.next[k]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
    }

    /// Puts item `c` back into the active list.
    #[inline(always)]
    fn reactivate(&mut self, c: Item) {
        let k = c.number() as usize;
        let (l, r) = (self.prev[k], self.next[k]);
        self.next[l as usize] = k as u32;
        self.prev[r as usize] = k as u32;
    }

    /// Covers item `c`: hides its options cheaper than `threshold`.
    #[inline]
    pub(super) fn cover(&mut self, c: Item, threshold: u64) {
        let threshold = N::limit(threshold);
        self.deactivate(c);
        self.updates += 1;
        let mut x = self.down(Self::header(c));
        while self.cost(x) < threshold {
            self.hide(x);
            x = self.down(x);
        }
    }

    /// Undoes [`Links::cover`] with the same threshold.
    #[inline]
    pub(super) fn uncover(&mut self, c: Item, threshold: u64) {
        let threshold = N::limit(threshold);
        let mut x = self.down(Self::header(c));
        while self.cost(x) < threshold {
            self.unhide(x);
            x = self.down(x);
        }
        self.reactivate(c);
    }

    /// Keeps, in the list of node `p`'s item, the options cheaper than `threshold` that
    /// agree with `p`'s colour (marking them cleansed) and hides the others.
    fn purify(&mut self, p: Link, threshold: u64) {
        let threshold = N::limit(threshold);
        let (c, color) = (self.at(p).links().item(), self.at(p).color());
        self.cleansings += 1;
        let mut x = self.down(Self::header(c));
        while self.cost(x) < threshold {
            if self.at(x).color() != color {
                self.hide(x);
            } else if x != p {
                self.cleansings += 1;
                self.at_mut(x).links_mut().set_color(-1);
            }
            x = self.down(x);
        }
    }

    /// Undoes [`Links::purify`] with the same threshold.
    fn unpurify(&mut self, p: Link, threshold: u64) {
        let threshold = N::limit(threshold);
        let (c, color) = (self.at(p).links().item(), self.at(p).color());
        let mut x = self.down(Self::header(c));
        while self.cost(x) < threshold {
            if self.at(x).color() < 0 {
                self.at_mut(x).links_mut().set_color(color);
            } else if x != p {
                self.unhide(x);
            }
            x = self.down(x);
        }
    }

    /// Covers or purifies the other items of `x`'s option, going right and round.
    #[inline]
    pub(super) fn commit(&mut self, x: Link, threshold: u64) {
        let mut y = x.right_in::<N>();
        while y != x {
            let node = *self.at(y);
            let n = *node.links();
            if n.is_spacer() {
                y = n.up;
                continue;
            }
            if node.color() == 0 {
                self.cover(n.item(), threshold);
            } else if node.color() > 0 {
                self.purify(y, threshold);
            }
            y = y.right_in::<N>();
        }
    }

    /// Undoes [`Links::commit`], going left and round.
    #[inline]
    pub(super) fn uncommit(&mut self, x: Link, threshold: u64) {
        let mut y = x.left_in::<N>();
        while y != x {
            let node = *self.at(y);
            let n = *node.links();
            if n.is_spacer() {
                y = n.down;
                continue;
            }
            if node.color() == 0 {
                self.uncover(n.item(), threshold);
            } else if node.color() > 0 {
                self.unpurify(y, threshold);
            }
            y = y.left_in::<N>();
        }
    }

    /// Walks every list and checks what the unchecked access relies on, as Knuth's
    /// `sanity()`: each link is a node's and in range, each list closes with its links
    /// agreeing both ways, its nodes are its item's and sorted by cost, below the header's,
    /// and its length is right; each spacer points up to its option's first node.
    pub(super) fn check_invariants(&self) -> Result<(), String> {
        let count = self.nodes.len();
        let valid = |link: Link| {
            link == Link::at_in::<N>(link.index_in::<N>()) && link.index_in::<N>() < count
        };
        let items = self.lens.len() - 1;
        for k in 1..=items {
            let item = Item::new(k as u32);
            let h = Self::header(item);
            let (mut q, mut len, mut cost) = (h, 0, 0);
            loop {
                let p = self.nodes[q.index_in::<N>()].links().down;
                if !valid(p) {
                    return Err(format!(
                        "item {k}: link out of range below node {}",
                        q.index_in::<N>()
                    ));
                }
                let node = &self.nodes[p.index_in::<N>()];
                if node.links().up != q {
                    return Err(format!(
                        "item {k}: bad up link at node {}",
                        p.index_in::<N>()
                    ));
                }
                if p == h {
                    break;
                }
                if node.links().is_spacer() || node.links().item() != item {
                    return Err(format!(
                        "item {k}: node {} belongs to another item",
                        p.index_in::<N>()
                    ));
                }
                if node.net_cost() < cost || node.net_cost() >= N::HEADER_COST {
                    return Err(format!(
                        "item {k}: node {} out of cost order",
                        p.index_in::<N>()
                    ));
                }
                (q, len, cost) = (p, len + 1, node.net_cost());
                if len > count {
                    return Err(format!("item {k}: list does not close"));
                }
            }
            if self.nodes[h.index_in::<N>()].net_cost() != N::HEADER_COST {
                return Err(format!(
                    "item {k}: header cost below every threshold's clamp"
                ));
            }
            if self.lens[k] != len as i32 {
                return Err(format!(
                    "item {k}: length {} but {len} nodes in the list",
                    self.lens[k]
                ));
            }
        }
        let mut first = items + 2;
        for x in items + 1..count {
            let n = self.nodes[x].links();
            if !n.is_spacer() {
                if n.item().number() as usize > items || !valid(n.up) || !valid(n.down) {
                    return Err(format!("node {x}: item or link out of range"));
                }
                continue;
            }
            if x > items + 1 && (n.up != Link::at_in::<N>(first) || first >= x) {
                return Err(format!(
                    "spacer {x}: up link is not its option's first node"
                ));
            }
            first = x + 1;
        }
        Ok(())
    }
}

#[cfg(test)]
impl<N: CostNode> Links<N> {
    /// Whether the matrix is back as [`Links::new`] built it from `problem`.
    pub(super) fn is_as_built(&self, problem: &Problem) -> bool {
        let built = Links::<N>::new(problem);
        self.nodes == built.nodes
            && self.lens == built.lens
            && self.prev == built.prev
            && self.next == built.next
    }

    /// Points the first node of item 1's list down to `nodes.len()`, out of range (for the
    /// test that [`Links::check_invariants`] sees it).
    pub(super) fn break_a_link(&mut self) {
        let first = self.down(Self::header(Item::new(1)));
        let beyond = Link::at_in::<N>(self.nodes.len());
        self.at_mut(first).links_mut().down = beyond;
    }
}
