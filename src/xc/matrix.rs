//! The dancing links: a sparse 0/1 matrix as circular doubly linked lists.
//!
//! Every item has a *header node*; every entry of every option is a node of its own, linked up
//! and down into the list of its item. The nodes of one option sit next to each other in one
//! array, with a *spacer* node between consecutive options, so an option is walked by stepping
//! through the array; a spacer's `up` points back to the first node of the option before it
//! and its `down` to the last node of the option after it, so a walk can wrap around in
//! either direction.
//!
//! *Covering* an item marks it covered and *hides* every option in its list: the option's
//! other nodes are unlinked from their item lists (and those lists' lengths drop). Because an
//! unlinked node keeps its own `up` and `down`, undoing is a relink in the reverse order: this
//! is the dance. *Committing* an option covers its other items, going right; uncommitting
//! uncovers them going left. With colours (Algorithm C), committing an option that gives
//! item `X` colour `c` *purifies* `X` instead of covering it: options that give `X` another
//! colour are hidden, those that agree are marked (colour `-1`, a "cleansing") so they are
//! not purified twice.
//!
//! Two departures from Knuth's layout, both made by measurement (BENCHMARKS.md, "Engine"):
//!
//! - The list *lengths* live in a dense array of `i32`, not in the header nodes, and the items
//!   still to be covered are not a circular list: covering an item adds a large constant,
//!   [`COVERED`], to its length, and uncovering subtracts it. A covered item's length never
//!   changes while it is covered (every option in its list was hidden when it was covered,
//!   so no later cover reaches its list), so the offset survives. Knuth's choice -- the
//!   uncovered primary item with the shortest list, the leftmost on ties -- then becomes
//!   "the first minimum of a dense array", a scan the compiler vectorises (`choose.rs`),
//!   instead of a walk through a linked list. It picks the same item, so the search tree and
//!   Knuth's node and update counts are unchanged. Secondary items' lengths carry an offset
//!   too ([`SECONDARY`]), so a stored 0 is always an uncovered primary item's empty list.
//! - How an option's other nodes are visited when it is hidden is the business of the
//!   matrix's *walk* (`walks.rs`), chosen when the matrix is laid out (`layout.rs`); the
//!   search is compiled once per walk. Every walk unlinks and relinks the same nodes.
//!
//! The node itself, its links and its spare field are in `node.rs`; where the arrays live (an
//! [`Arena`], or owned) in `storage.rs`. The search sees items and nodes only through
//! [`Item`] and [`Link`] and calls [`Matrix::cover`], [`Matrix::commit`] and their inverses.

use super::dance::{Counters, Dance};
use super::layout::{Kind, Layout, Plan, Walk, WalkChoice, CHUNK};
use super::node::{Item, Link, Node, COVERED, LENGTH, SECONDARY};
use super::problem::{OptionId, Problem};
use super::storage::{Arena, Borrowed, Owned, Storage};
use super::unchecked::{len_mut, node, node_mut};

/// The linked structure of one problem, in memory of the kind `S` says.
pub(crate) struct Matrix<S: Storage> {
    pub(super) nodes: S::Nodes,
    /// List length of each item (index 0 unused); `+ COVERED` while the item is covered.
    pub(super) lens: S::Lens,
    /// How to walk and scan the arrays.
    pub(super) plan: Plan,
    /// Number of items; headers are nodes `1..=items`.
    pub(super) items: u32,
    /// Number of primary items; they are items `1..=primaries`.
    pub(super) primaries: u32,
    /// Primary items not covered yet.
    pub(super) uncovered: u32,
    /// Uncovered primary items whose list is empty (counted only in walks that say so).
    pub(super) zeros: u32,
    /// Knuth's updates: items covered plus nodes hidden.
    pub(crate) updates: u64,
    /// Knuth's cleansings: purifications plus nodes marked as agreeing.
    pub(crate) cleansings: u64,
}

impl Dance<'_> {
    /// Covers an item: marks it covered and hides every option in its list.
    #[inline]
    pub(super) fn cover<W: Walk>(&mut self, c: Item) {
        let len = len_mut(self.lens, c);
        let empty = *len == 0;
        let options = *len & LENGTH;
        *len += COVERED;
        if W::ZEROS {
            self.zeros -= u32::from(empty);
        }
        self.uncovered -= u32::from(c.number() <= self.primaries);
        let before = self.updates;
        self.updates += 1;
        let top = c.header();
        // The loop counts the list's options instead of testing for the header: its exit,
        // mispredicted at the end of most lists, then waits on no load.
        let mut r = node(self.nodes, top).down;
        for _ in 0..options {
            self.hide::<W>(r);
            r = node(self.nodes, r).down;
        }
        debug_assert_eq!(r, top);
        if W::SHARE {
            node_mut(self.nodes, top).set_cover_updates((self.updates - before) as u32);
        }
    }

    /// Undoes [`Dance::cover`], hiding's inverse in the reverse order.
    #[inline]
    pub(super) fn uncover<W: Walk>(&mut self, c: Item) {
        let top = c.header();
        // The length of a covered item's list does not change until it is uncovered.
        let options = *len_mut(self.lens, c) & LENGTH;
        let mut r = node(self.nodes, top).down;
        for _ in 0..options {
            self.unhide::<W>(r);
            r = node(self.nodes, r).down;
        }
        debug_assert_eq!(r, top);
        let len = len_mut(self.lens, c);
        *len -= COVERED;
        let empty = *len == 0;
        if W::ZEROS {
            self.zeros += u32::from(empty);
        }
        self.uncovered += u32::from(c.number() <= self.primaries);
    }

    /// Covers (or purifies) every item of the option of `p` other than `p`'s own, going right
    /// (in the uniform walk, in the option's order through its links: the order of covers
    /// changes neither the lists they leave nor the updates they count, as long as
    /// uncommitting undoes them in reverse).
    #[inline(always)]
    pub(super) fn commit<W: Walk>(&mut self, p: Link) {
        if W::KIND == Kind::Uniform {
            let mut q = node(self.nodes, p).next();
            for _ in 1..self.width::<W>() {
                let n = *node(self.nodes, q);
                self.cover::<W>(n.item());
                q = n.next();
            }
            return;
        }
        let mut q = p.right();
        while q != p {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                q = n.up;
                continue;
            }
            if W::KIND != Kind::Colored || n.color() == 0 {
                self.cover::<W>(n.item());
            } else if n.color() > 0 {
                self.purify::<W>(q);
            }
            q = q.right();
        }
    }

    /// Undoes [`Dance::commit`], going left.
    #[inline]
    pub(super) fn uncommit<W: Walk>(&mut self, p: Link) {
        if W::KIND == Kind::Uniform && W::WIDTH != 0 {
            // The items in the order `commit` covered them, uncovered in reverse.
            let mut items = [Item::default(); 4];
            let others = W::WIDTH as usize - 1;
            let mut q = node(self.nodes, p).next();
            for slot in &mut items[..others] {
                let n = *node(self.nodes, q);
                *slot = n.item();
                q = n.next();
            }
            for &item in items[..others].iter().rev() {
                self.uncover::<W>(item);
            }
            return;
        }
        let mut q = p.left();
        while q != p {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                q = n.down;
                continue;
            }
            if W::KIND != Kind::Colored || n.color() == 0 {
                self.uncover::<W>(n.item());
            } else if n.color() > 0 {
                self.unpurify::<W>(q);
            }
            q = q.left();
        }
    }

    /// Purifies the item of node `p` for `p`'s colour: hides the options that give the item
    /// another colour and marks those that agree.
    pub(super) fn purify<W: Walk>(&mut self, p: Link) {
        let n = *node(self.nodes, p);
        let color = n.color();
        self.cleansings += 1;
        let top = n.item().header();
        let mut r = node(self.nodes, top).down;
        while r != top {
            if node(self.nodes, r).color() != color {
                self.hide::<W>(r);
            } else {
                self.cleansings += 1;
                node_mut(self.nodes, r).set_color(-1);
            }
            r = node(self.nodes, r).down;
        }
    }

    /// Undoes [`Dance::purify`], walking up and left.
    pub(super) fn unpurify<W: Walk>(&mut self, p: Link) {
        let n = *node(self.nodes, p);
        let color = n.color();
        let top = n.item().header();
        let mut r = node(self.nodes, top).up;
        while r != top {
            if node(self.nodes, r).color() < 0 {
                node_mut(self.nodes, r).set_color(color);
            } else {
                self.unhide_colored_left::<W>(r);
            }
            r = node(self.nodes, r).up;
        }
    }
}

impl<S: Storage> Matrix<S> {
    /// Covers an item: marks it covered and hides every option in its list.
    #[inline]
    pub(crate) fn cover<W: Walk>(&mut self, c: Item) {
        let mut d = self.take_out::<W>();
        d.cover::<W>(c);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// Undoes [`Matrix::cover`].
    #[inline]
    pub(crate) fn uncover<W: Walk>(&mut self, c: Item) {
        let mut d = self.take_out::<W>();
        d.uncover::<W>(c);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// Covers (or purifies) every item of the option of `p` other than `p`'s own.
    #[inline(always)]
    pub(crate) fn commit<W: Walk>(&mut self, p: Link) {
        let mut d = self.take_out::<W>();
        d.commit::<W>(p);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// Undoes [`Matrix::commit`].
    #[inline(never)]
    pub(crate) fn uncommit<W: Walk>(&mut self, p: Link) {
        let mut d = self.take_out::<W>();
        d.uncommit::<W>(p);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// Knuth's choice: the uncovered primary item with the fewest options, the leftmost on
    /// ties; `None` when every primary item is covered.
    ///
    /// The scan stops at the first chunk that holds the smallest length possible: 0 when some
    /// uncovered primary list is empty (with the zeros count, known exactly), else 1.
    #[inline]
    pub(crate) fn choose<W: Walk>(&self) -> Option<Item> {
        let lens = &self.lens[1..self.plan.scanned];
        let floor = i32::from(W::ZEROS && self.zeros == 0);
        super::choose::first_minimum(lens, floor)
            .filter(|&k| lens[k] < SECONDARY)
            .map(|k| Item::new(k as u32 + 1))
    }

    /// Knuth's choice as [`Matrix::choose`] makes it, for matrices with very many primary
    /// items ([`Plan::far`]): the scan starts at chunk `from` (of [`CHUNK`] items), which
    /// must hold no uncovered primary item before it, and returns also the first chunk that
    /// holds one, where the scans of deeper levels may start.
    ///
    /// Covering only grows as the search goes down, so the first live chunk of a level is a
    /// valid start for every level below it: a search that covers the items from the left,
    /// as one over many items with one option each does, scans each covered chunk once on
    /// its way down instead of once per level.
    #[inline(never)]
    pub(crate) fn choose_from<W: Walk>(&self, from: usize) -> (Option<Item>, usize) {
        let lens = &self.lens[1..self.plan.scanned];
        let mut live = from;
        for chunk in lens[from * CHUNK..].chunks_exact(CHUNK) {
            if chunk.iter().copied().fold(i32::MAX, i32::min) < SECONDARY {
                break;
            }
            live += 1;
        }
        let start = live * CHUNK;
        let floor = i32::from(W::ZEROS && self.zeros == 0);
        let item = super::choose::first_minimum(&lens[start..], floor)
            .filter(|&k| lens[start + k] < SECONDARY)
            .map(|k| Item::new((start + k) as u32 + 1));
        (item, live)
    }

    /// Whether the item choice starts its scans where the level above found the first
    /// uncovered item ([`Matrix::choose_from`]).
    #[inline(always)]
    pub(crate) fn far(&self) -> bool {
        self.plan.far
    }

    /// The arrays and counters, taken out for one operation (see [`Dance`]); the operation
    /// ends with [`Matrix::put_back`].
    #[inline(always)]
    pub(super) fn take_out<W: Walk>(&mut self) -> Dance<'_> {
        // Only the counters walk `W` changes are taken out and put back: the others stay
        // zero in the `Dance`, saving two moves each per operation.
        Dance {
            nodes: &mut self.nodes,
            lens: &mut self.lens,
            dummies: if W::KIND == Kind::Whole {
                self.plan.dummies
            } else {
                Item::default()
            },
            width: if W::KIND == Kind::Uniform && W::WIDTH == 0 {
                self.plan.width
            } else {
                0
            },
            primaries: self.primaries,
            uncovered: self.uncovered,
            zeros: if W::ZEROS { self.zeros } else { 0 },
            updates: self.updates,
            cleansings: if W::KIND == Kind::Colored {
                self.cleansings
            } else {
                0
            },
        }
    }

    /// Takes back the counters of an operation begun with [`Matrix::take_out`].
    #[inline(always)]
    pub(super) fn put_back<W: Walk>(&mut self, counters: Counters) {
        self.uncovered = counters.uncovered;
        if W::ZEROS {
            self.zeros = counters.zeros;
        }
        self.updates = counters.updates;
        if W::KIND == Kind::Colored {
            self.cleansings = counters.cleansings;
        }
    }
}

impl<'a> Matrix<Borrowed<'a>> {
    /// The matrix of `layout` (of `problem`), its arrays moved into `arena`.
    pub(crate) fn new(problem: &Problem, layout: Layout, arena: &'a Arena) -> Self {
        let (nodes, lens) = arena.keep(layout.nodes, layout.lens);
        Matrix::with(nodes, lens, layout.plan, problem)
    }
}

impl Matrix<Owned> {
    /// The matrix of `layout` (of `problem`), owning its arrays.
    pub(crate) fn owned(problem: &Problem, layout: Layout) -> Self {
        let (nodes, lens) = (layout.nodes.into(), layout.lens.into());
        Matrix::with(nodes, lens, layout.plan, problem)
    }
}

impl<S: Storage> Matrix<S> {
    fn with(nodes: S::Nodes, lens: S::Lens, plan: Plan, problem: &Problem) -> Self {
        let primaries = problem.primary_count() as u32;
        let zeros = lens[1..=primaries as usize]
            .iter()
            .filter(|&&l| l == 0)
            .count() as u32;
        Matrix {
            nodes,
            lens,
            plan,
            items: problem.item_count() as u32,
            primaries,
            uncovered: primaries,
            zeros,
            updates: 0,
            cleansings: 0,
        }
    }

    /// The total number of nodes (headers, entries, spacers).
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// How the dance walks options.
    pub(crate) fn walk(&self) -> WalkChoice {
        self.plan.walk
    }

    /// The first node of an option.
    #[inline]
    pub(crate) fn option_first(&self, option: OptionId) -> Link {
        self.plan.option_first[option.index()]
    }

    /// The node below `x` in its item list.
    #[inline(always)]
    pub(crate) fn down(&self, x: Link) -> Link {
        node(&self.nodes, x).down
    }

    /// The first node of an item's list (its header when the list is empty).
    #[inline(always)]
    pub(crate) fn top(&self, item: Item) -> Link {
        self.down(item.header())
    }

    /// The item of a node of an option.
    #[inline(always)]
    pub(crate) fn item(&self, x: Link) -> Item {
        node(&self.nodes, x).item()
    }

    /// The current length of an item's list (whether covered or not).
    #[inline(always)]
    pub(crate) fn len(&self, item: Item) -> u32 {
        (self.lens[item.number() as usize] & LENGTH) as u32
    }

    /// Whether `x` is an item's header (the null move of Algorithm M chooses one).
    #[inline]
    pub(crate) fn is_header(&self, x: Link) -> bool {
        x.index() as u32 <= self.items
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(crate) fn all_covered(&self) -> bool {
        self.uncovered == 0
    }

    /// The option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: Link) -> OptionId {
        let mut q = x;
        while !self.nodes[q.index()].is_spacer() {
            q = q.right();
        }
        self.nodes[q.index()].option()
    }

    /// The position (1-based) of node `x` in the list of `item`, and the list's length.
    pub(crate) fn position(&self, item: Item, x: Link) -> (u32, u32) {
        let mut k = 1;
        let mut p = self.top(item);
        while p != x && p != item.header() {
            k += 1;
            p = self.down(p);
        }
        (k, self.len(item))
    }

    /// Whether option `o` can still be chosen: none of its items is covered and none of its
    /// nodes has been hidden (valid while covering only grows, as when options are forced).
    pub(crate) fn is_available(&self, option: OptionId) -> bool {
        let mut q = self.option_first(option);
        while !self.nodes[q.index()].is_spacer() {
            let n: Node = self.nodes[q.index()];
            // A node that was hidden is no longer pointed to by its upper neighbour.
            if self.nodes[n.up.index()].down != q {
                return false;
            }
            // An uncoloured entry needs its item uncovered.
            let uncoloured = !self.plan.walk.colored() || n.color() == 0;
            if uncoloured && self.lens[n.item().number() as usize] >= COVERED {
                return false;
            }
            q = q.right();
        }
        true
    }

    /// The first node of option `o` whose item is primary.
    pub(crate) fn primary_node(&self, option: OptionId) -> Link {
        let mut q = self.option_first(option);
        while self.item(q).number() > self.primaries {
            q = q.right();
        }
        q
    }
}
