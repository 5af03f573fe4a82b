//! Algorithm M: primary items with multiplicities (bounds), as Knuth's DLX3 searches them.
//!
//! A bounded primary item must be covered at least `a` and at most `b` times. Each such item
//! keeps a *bound*, the number of options it may still take (at first `b`), and a *slack*,
//! `b - a`, which never changes. The items still to be settled are *active*, in a linked list
//! (Knuth's: its order is the items' order, and the choice visits only them). An item leaves
//! it when its bound reaches 0 (it is then *covered*: every option left in its list is
//! hidden, as in Algorithm X) or when the search decides it will take no more options.
//!
//! Branching on item `i` with bound `b` (taking one off it at once) tries the options of its
//! list from the top. When `b` is still positive the item stays active, so each option tried
//! must leave the list for good while the deeper levels search: it is *tweaked*, hidden from
//! every list including `i`'s own, and the next option tried is the one below it; the
//! options above the current one are thus excluded, which lists every subset of `i`'s options
//! once. When fewer options are left than the lower bound still needs, the level is done;
//! when none is left but the lower bound is met, the last branch is the *null move*: `i`
//! takes no more options and leaves the active list. Untweaking puts the tweaked options
//! back all at once: each tweaked node still points down to the next, so the first one is
//! all that must be remembered (per level, `first_tweak`).
//!
//! Knuth's branching score of an item with `l` options in its list, bound `b` and slack `s`
//! (taken no larger than `b`) is `l + s - b + 1`, the number of ways the level can go; 0 or
//! less is a dead end. The least score wins; on a tie the smaller `s` (a tighter item), then
//! the longer list (which keeps the middle levels of the tree smaller), then the leftmost
//! item, or with a seed a random one of the tied items.
//!
//! The search counts nodes, updates and cleansings as DLX3 does: a tweak counts one update
//! per node it unlinks, the chosen option's own node included. A problem without bounds never
//! comes here (its loop is in `search/exact.rs`); one with bounds is laid out for Knuth's
//! walk (`layout.rs`), with or without colours, which this module compiles. The loop that
//! makes these operations, its levels and its moves, is in `search/bounded.rs`.

use super::choose::{Chooser, PathKey, UNSHARP};
use super::dance::Dance;
use super::layout::{Kind, Walk};
use super::matrix::Matrix;
use super::node::{Item, Link, LENGTH};
use super::problem::{ItemKind, Problem};
use super::storage::Storage;
use super::unchecked::bounds::{entry, entry_mut};
use super::unchecked::{len, len_mut, node, node_mut};

/// One primary item's place in the active list and its bounds, side by side (the choice
/// reads them together, as Knuth's item struct keeps them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ItemBounds {
    /// The neighbours in the active list (0 is the root).
    prev: u32,
    next: u32,
    /// How many more options the item may take.
    bound: i32,
    /// Upper bound minus lower bound.
    slack: i32,
}

/// The bounds of the primary items and the active list, by matrix item number (slot 0 is the
/// root of the active list). (What each level of the search remembers, its first tweak and
/// score among it, is the loop's: `search/bounded.rs`'s level records.)
#[derive(Clone, Debug)]
pub(crate) struct Bounds {
    /// One entry per item of the matrix (those of secondary items unused), so that every
    /// item number the matrix holds is in range (see [`entry`]).
    items: Vec<ItemBounds>,
    /// The primary items are `1..=primaries`.
    primaries: u32,
    /// The upper bounds as declared, for checking that a search put everything back.
    declared: Vec<i32>,
}

impl Bounds {
    /// The bounds of `problem`'s primary items, every item active.
    pub(crate) fn new(problem: &Problem) -> Bounds {
        let mut items = vec![ItemBounds::default()];
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                let (min, max) = problem.item_bounds(item).into_inner();
                // The builder caps a problem below 2^28 nodes, so a larger bound is as good
                // as unbounded; capping keeps every score inside an `i64`.
                let (min, max) = (min.min(1 << 30) as i32, max.min(1 << 30) as i32);
                items.push(ItemBounds {
                    bound: max,
                    slack: max - min,
                    ..ItemBounds::default()
                });
            }
        }
        let primaries = items.len() as u32 - 1;
        items.resize(problem.item_count() + 1, ItemBounds::default());
        let mut bounds = Bounds {
            declared: items.iter().map(|i| i.bound).collect(),
            items,
            primaries,
        };
        bounds.activate_uncovered(|_| true);
        debug_assert_eq!(bounds.check_invariants(problem.item_count()), Ok(()));
        bounds
    }

    /// Checks what the unchecked access to the entries relies on (`unchecked::bounds`), for
    /// a matrix of `items` items: an entry for every item number and for the root, and an
    /// active list of primary items whose links agree both ways and close at the root.
    pub(crate) fn check_invariants(&self, items: usize) -> Result<(), String> {
        if self.items.len() != items + 1 || self.declared.len() != self.items.len() {
            return Err(format!(
                "{} item entries and {} declared bounds for {items} items",
                self.items.len(),
                self.declared.len()
            ));
        }
        if self.primaries as usize > items {
            return Err(format!("{} primary items of {items}", self.primaries));
        }
        let mut k = 0u32;
        for _ in 0..=self.primaries {
            let next = self.items[k as usize].next;
            if next > self.primaries {
                return Err(format!(
                    "active list: item {k} links to {next}, not primary"
                ));
            }
            if self.items[next as usize].prev != k {
                return Err(format!(
                    "active list: item {next} does not link back to {k}"
                ));
            }
            if next == 0 {
                break;
            }
            k = next;
        }
        if k != 0 && self.items[k as usize].next != 0 {
            return Err("active list: does not close".to_string());
        }
        Ok(())
    }

    /// Whether every bound is as declared.
    pub(crate) fn is_declared(&self) -> bool {
        self.items
            .iter()
            .map(|i| i.bound)
            .eq(self.declared.iter().copied())
    }

    /// Rebuilds the active list from the items for which `active` says so, in order.
    pub(crate) fn activate_uncovered(&mut self, active: impl Fn(u32) -> bool) {
        let mut last = 0u32;
        for k in 1..=self.primaries {
            if active(k) {
                self.items[last as usize].next = k;
                self.items[k as usize].prev = last;
                last = k;
            }
        }
        self.items[last as usize].next = 0;
        self.items[0].prev = last;
    }

    /// Takes item `c` out of the active list.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, c: Item) {
        let ItemBounds { prev, next, .. } = *entry(&self.items, c.number());
        entry_mut(&mut self.items, prev).next = next;
        entry_mut(&mut self.items, next).prev = prev;
    }

    /// Puts item `c` back into the active list where it was.
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, c: Item) {
        let k = c.number();
        let ItemBounds { prev, next, .. } = *entry(&self.items, k);
        entry_mut(&mut self.items, prev).next = k;
        entry_mut(&mut self.items, next).prev = k;
    }

    /// The bound and slack of primary item `c`.
    #[inline(always)]
    pub(crate) fn of(&self, c: Item) -> (i32, i32) {
        let i = entry(&self.items, c.number());
        (i.bound, i.slack)
    }

    /// The active items, in the list's order.
    pub(crate) fn active(&self) -> impl Iterator<Item = Item> + '_ {
        let mut k = self.items[0].next;
        std::iter::from_fn(move || {
            (k != 0).then(|| {
                let c = k;
                k = self.items[k as usize].next;
                Item::new(c)
            })
        })
    }

    /// The bound of primary item `c`, to change.
    #[inline(always)]
    fn bound_mut(&mut self, c: Item) -> &mut i32 {
        &mut entry_mut(&mut self.items, c.number()).bound
    }
}

/// DLX3's choice: the active item with the least branching score (ties: less slack, a
/// longer list, then the leftmost or a random one); its score, or `None` when no item is
/// active (a solution). `lens` are the matrix's list lengths; `PLAIN` when the chooser
/// is Knuth's plain rule (no seed, no sharp preference).
#[inline(always)]
pub(crate) fn choose_bounded<const PLAIN: bool>(
    lens: &[i32],
    bounds: &Bounds,
    chooser: &mut Chooser,
) -> Option<(Item, i64)> {
    if PLAIN {
        return choose_bounded_plain(lens, bounds);
    }
    choose_bounded_ordered(lens, bounds, chooser)
}

/// DLX3's choice without a seed or the sharp preference: the least of the keys
/// (score, slack, longest list first) over the active list, the leftmost on ties.
///
/// Each item's key is one 128-bit number, compared with one strict `<` (a compare and a
/// subtract with borrow, and two conditional moves): the score, made positive, in the
/// high half; the slack (at most 2^30, from [`Bounds::new`]) and then [`LENGTH`] minus
/// the list's length (below 2^29) in the low half. The score is `len + slack - bound + 1`
/// with `len` below 2^29 and `slack - bound` in `-2^30..=0`, so `score + 2^30` is
/// positive and fits in 32 bits.
#[inline(always)]
fn choose_bounded_plain(lens: &[i32], bounds: &Bounds) -> Option<(Item, i64)> {
    let items = &bounds.items[..];
    let mut best = 0u32;
    let mut least = u128::MAX;
    let mut k = items[0].next;
    while k != 0 {
        let ItemBounds {
            next, bound, slack, ..
        } = *entry(items, k);
        let slack = slack.min(bound);
        let len = len(lens, Item::new(k)) & LENGTH;
        let score = len + slack - bound + 1;
        let high = (score + (1 << 30)) as u32 as u64;
        let low = ((slack as u32 as u64) << 32) | (LENGTH - len) as u32 as u64;
        let key = (u128::from(high) << 64) | u128::from(low);
        if key < least {
            (least, best) = (key, k);
        }
        k = next;
    }
    (best != 0).then(|| {
        let score = i64::from((least >> 64) as u32) - (1 << 30);
        (Item::new(best), score)
    })
}

/// DLX3's choice with a seed (random ties) or the sharp preference, visiting the active
/// items one by one as his loop does.
#[inline(never)]
fn choose_bounded_ordered(
    lens: &[i32],
    bounds: &Bounds,
    chooser: &mut Chooser,
) -> Option<(Item, i64)> {
    let mut best = None;
    let mut score = i64::MAX;
    let (mut best_slack, mut best_len, mut tied) = (0, 0, 0u32);
    let mut k = bounds.items[0].next;
    while k != 0 {
        let c = k as usize;
        let ItemBounds {
            next, bound, slack, ..
        } = bounds.items[c];
        let slack = slack.min(bound);
        let len = lens[c] & LENGTH;
        let mut t = i64::from(len) + i64::from(slack) - i64::from(bound) + 1;
        if t <= score && t > 1 && chooser.unsharp.get(c).copied().unwrap_or(false) {
            t += UNSHARP;
        }
        if t <= score {
            if t < score || slack < best_slack || (slack == best_slack && len > best_len) {
                (best, score, best_slack, best_len, tied) = (Some(k), t, slack, len, 1);
            } else if slack == best_slack && len == best_len {
                tied += 1;
                if chooser.tie_wins_here(tied) {
                    best = Some(k);
                }
            }
        }
        k = next;
    }
    if score > UNSHARP && score < i64::MAX {
        score -= UNSHARP;
    }
    best.map(|k| (Item::new(k), score))
}

impl Dance<'_> {
    /// Branches on item `c`: takes one off its bound and covers it if that leaves none;
    /// returns the first node to try and the level's first tweak (where tweaking starts, or
    /// the default link when the level covered `c`), for [`Dance::leave_bounded`].
    #[inline(always)]
    pub(crate) fn enter_bounded<W: Walk>(&mut self, c: Item, bounds: &mut Bounds) -> (Link, Link) {
        let top = node(self.nodes, c.header()).down;
        *bounds.bound_mut(c) -= 1;
        let (bound, slack) = bounds.of(c);
        let first_tweak = if bound == 0 && slack == 0 {
            Link::default()
        } else {
            top
        };
        if bound == 0 {
            self.cover::<W>(c);
            bounds.deactivate(c);
        }
        (top, first_tweak)
    }

    /// Prepares the move of node `x` (or the null move, when `x` is `c`'s header) at a level
    /// branching on `c`; `false` when the level has no more moves.
    #[inline(always)]
    pub(crate) fn advance_bounded<W: Walk>(
        &mut self,
        c: Item,
        x: Link,
        bounds: &mut Bounds,
    ) -> bool {
        let (bound, slack) = bounds.of(c);
        let header = c.header();
        if bound == 0 && slack == 0 {
            return x != header;
        }
        let len = *len_mut(self.lens, c) & LENGTH;
        if i64::from(len) <= i64::from(bound) - i64::from(slack) {
            return false;
        }
        if x != header {
            self.tweak::<W>(x, bound != 0);
        } else if bound != 0 {
            bounds.deactivate(c);
        }
        true
    }

    /// Undoes what the level branching on `c` did to `c` (the inverse of
    /// [`Dance::enter_bounded`] and of its tweaks), given the level's first tweak.
    #[inline(always)]
    pub(crate) fn leave_bounded<W: Walk>(&mut self, c: Item, bounds: &mut Bounds, first: Link) {
        let (bound, slack) = bounds.of(c);
        if bound == 0 && slack == 0 {
            self.uncover::<W>(c);
            bounds.reactivate(c);
        } else {
            self.untweak::<W>(c, first, bound != 0);
        }
        *bounds.bound_mut(c) += 1;
    }

    /// Takes node `x`, the top of its item's list, out of that list; with `block`, hides its
    /// option from every other list first.
    #[inline(always)]
    fn tweak<W: Walk>(&mut self, x: Link, block: bool) {
        if block {
            self.hide::<W>(x);
        }
        let n = *node(self.nodes, x);
        self.unlink::<W>(n);
        self.updates += 1;
    }

    /// Puts back every node tweaked out of `c`'s list since `first` was at its top, with
    /// their options when `unblock`; otherwise (the item was covered) uncovers `c`.
    #[inline(always)]
    fn untweak<W: Walk>(&mut self, c: Item, first: Link, unblock: bool) {
        let header = c.header();
        let stop = node(self.nodes, header).down;
        node_mut(self.nodes, header).down = first;
        let (mut above, mut x, mut count) = (header, first, 0);
        while x != stop {
            node_mut(self.nodes, x).up = above;
            count += 1;
            if unblock {
                self.unhide::<W>(x);
            }
            above = x;
            x = node(self.nodes, x).down;
        }
        node_mut(self.nodes, stop).up = above;
        *len_mut(self.lens, c) += count;
        if !unblock {
            self.uncover::<W>(c);
        }
    }

    /// Commits the option of node `p` for the items other than `p`'s own, going right: each
    /// primary item takes one off its bound and is covered when none is left; secondary
    /// items are covered or purified as in Algorithm C.
    #[inline(always)]
    pub(crate) fn commit_bounded<W: Walk>(&mut self, p: Link, bounds: &mut Bounds) {
        let mut q = p.right();
        while q != p {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                q = n.up;
                continue;
            }
            let c = n.item();
            if c.number() <= self.primaries {
                let bound = bounds.bound_mut(c);
                *bound -= 1;
                if *bound == 0 {
                    self.cover::<W>(c);
                    bounds.deactivate(c);
                }
            } else if W::KIND != Kind::Colored || n.color() == 0 {
                self.cover::<W>(c);
            } else if n.color() > 0 {
                self.purify::<W>(q);
            }
            q = q.right();
        }
    }

    /// Undoes [`Dance::commit_bounded`], going left.
    #[inline(always)]
    pub(crate) fn uncommit_bounded<W: Walk>(&mut self, p: Link, bounds: &mut Bounds) {
        let mut q = p.left();
        while q != p {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                q = n.down;
                continue;
            }
            let c = n.item();
            if c.number() <= self.primaries {
                if *bounds.bound_mut(c) == 0 {
                    self.uncover::<W>(c);
                    bounds.reactivate(c);
                }
                *bounds.bound_mut(c) += 1;
            } else if W::KIND != Kind::Colored || n.color() == 0 {
                self.uncover::<W>(c);
            } else if n.color() > 0 {
                self.unpurify::<W>(q);
            }
            q = q.left();
        }
    }
}

impl<S: Storage> Matrix<S> {
    /// [`Dance::leave_bounded`] on the matrix.
    pub(crate) fn leave_bounded<W: Walk>(&mut self, c: Item, bounds: &mut Bounds, first: Link) {
        let mut d = self.take_out::<W>();
        d.leave_bounded::<W>(c, bounds, first);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// [`Dance::commit_bounded`] on the matrix.
    pub(crate) fn commit_bounded<W: Walk>(&mut self, p: Link, bounds: &mut Bounds) {
        let mut d = self.take_out::<W>();
        d.commit_bounded::<W>(p, bounds);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// [`Dance::uncommit_bounded`] on the matrix.
    pub(crate) fn uncommit_bounded<W: Walk>(&mut self, p: Link, bounds: &mut Bounds) {
        let mut d = self.take_out::<W>();
        d.uncommit_bounded::<W>(p, bounds);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// [`Dance::tweak`] on the matrix.
    fn tweak<W: Walk>(&mut self, x: Link, block: bool) {
        let mut d = self.take_out::<W>();
        d.tweak::<W>(x, block);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// Puts the option of node `x` (of a primary item) into every solution: hides it from
    /// every list and commits it for all its items, `x`'s own included.
    pub(crate) fn force_bounded<W: Walk>(&mut self, x: Link, bounds: &mut Bounds) {
        self.tweak::<W>(x, true);
        let c = self.item(x);
        let bound = bounds.bound_mut(c);
        *bound -= 1;
        if *bound == 0 {
            self.cover::<W>(c);
            bounds.deactivate(c);
        }
        self.commit_bounded::<W>(x, bounds);
    }

    /// Undoes [`Matrix::force_bounded`].
    pub(crate) fn unforce_bounded<W: Walk>(&mut self, x: Link, bounds: &mut Bounds) {
        self.uncommit_bounded::<W>(x, bounds);
        let c = self.item(x);
        if *bounds.bound_mut(c) == 0 {
            self.uncover::<W>(c);
            bounds.reactivate(c);
        }
        *bounds.bound_mut(c) += 1;
        let mut d = self.take_out::<W>();
        let n = *node(d.nodes, x);
        d.relink::<W>(x, n);
        d.unhide::<W>(x);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// The place (from 1) of node `x` among the options a level has tried since `first`
    /// (its first tweak, or the top of the list of `c` when it covered `c`).
    pub(crate) fn tried(&self, c: Item, first: Link, x: Link) -> u32 {
        let mut k = 1;
        let mut p = if first == Link::default() {
            self.top(c)
        } else {
            first
        };
        while p != x && p != c.header() {
            k += 1;
            p = self.down(p);
        }
        k
    }
}

/// One move of Algorithm M made outside its loop, as a shard's path replays it: the item
/// branched on, the move's node (the item's header for the null move) and the level's first
/// tweak, what undoing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) item: Item,
    pub(crate) x: Link,
    pub(crate) first: Link,
    /// The move's number at its level (from 1).
    pub(crate) k: u32,
}

/// What a move leads to, seen from the node below it (see [`Matrix::branch_bounded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Below {
    /// No item is active: a solution.
    Solution,
    /// The item chosen there has no way to go (score 0 or less): a dead end.
    DeadEnd,
    /// The item chosen there has this many ways to go.
    Open(i64),
}

impl<S: Storage> Matrix<S> {
    /// DLX3's plain choice at the current state (the minimum-cost search's cut).
    pub(crate) fn choose_bounded(&self, bounds: &Bounds) -> Option<(Item, i64)> {
        choose_bounded_plain(&self.lens, bounds)
    }

    /// The loop's choice at the current state, the node at `key` of its tree (the rule a
    /// split cuts by: DLX3's, with the seed's ties drawn as the loop draws them there).
    pub(crate) fn choose_in(
        &self,
        bounds: &Bounds,
        chooser: &mut Chooser,
        key: PathKey,
    ) -> Option<(Item, i64)> {
        if chooser.is_plain() {
            return choose_bounded_plain(&self.lens, bounds);
        }
        chooser.enter(key);
        choose_bounded_ordered(&self.lens, bounds, chooser)
    }

    /// What the node at the current state, at `key`, is: a solution, a dead end or a
    /// branching.
    pub(crate) fn below(&self, bounds: &Bounds, chooser: &mut Chooser, key: PathKey) -> Below {
        match self.choose_in(bounds, chooser, key) {
            None => Below::Solution,
            Some((_, score)) if score <= 0 => Below::DeadEnd,
            Some((_, score)) => Below::Open(score),
        }
    }

    /// Makes the `k`-th move (from 1) of the node at the current state, as Algorithm M's loop
    /// makes it after backing out of moves 1 to `k - 1`: enters the item DLX3 chooses,
    /// tweaks the options of the moves before (they stay excluded below this one) and
    /// commits the move's option. `None`, with nothing changed, when the node has no `k`-th
    /// move. The item is DLX3's plain choice (without a seed or the sharp preference).
    pub(crate) fn make_move<W: Walk>(&mut self, bounds: &mut Bounds, k: u32) -> Option<Move> {
        let chosen = self.choose_bounded(bounds);
        self.move_on::<W>(bounds, chosen, k)
    }

    /// [`Matrix::make_move`] with the loop's choice at the node at `key`
    /// ([`Matrix::choose_in`]).
    pub(crate) fn make_move_in<W: Walk>(
        &mut self,
        bounds: &mut Bounds,
        chooser: &mut Chooser,
        key: PathKey,
        k: u32,
    ) -> Option<Move> {
        let chosen = self.choose_in(bounds, chooser, key);
        self.move_on::<W>(bounds, chosen, k)
    }

    /// Makes the `k`-th move branching on `chosen` (see [`Matrix::make_move`]).
    fn move_on<W: Walk>(
        &mut self,
        bounds: &mut Bounds,
        chosen: Option<(Item, i64)>,
        k: u32,
    ) -> Option<Move> {
        let (item, score) = chosen?;
        if k == 0 || score <= 0 {
            return None;
        }
        let mut d = self.take_out::<W>();
        let (mut x, first) = d.enter_bounded::<W>(item, bounds);
        let mut made = true;
        for j in 1..=k {
            if !d.advance_bounded::<W>(item, x, bounds) {
                made = false;
                break;
            }
            if j < k {
                if x == item.header() {
                    // The null move is the last: there is no move after it.
                    bounds.reactivate(item);
                    made = false;
                    break;
                }
                x = node(d.nodes, x).down;
            }
        }
        if !made {
            d.leave_bounded::<W>(item, bounds, first);
            let counters = d.counters();
            self.put_back::<W>(counters);
            return None;
        }
        if x != item.header() {
            d.commit_bounded::<W>(x, bounds);
        }
        let counters = d.counters();
        self.put_back::<W>(counters);
        Some(Move { item, x, first, k })
    }

    /// Undoes [`Matrix::make_move`] (the last move made, as moves are undone in reverse).
    pub(crate) fn unmake_move<W: Walk>(&mut self, bounds: &mut Bounds, m: Move) {
        let Move { item, x, first, .. } = m;
        let mut d = self.take_out::<W>();
        if x != item.header() {
            d.uncommit_bounded::<W>(x, bounds);
        }
        let (bound, slack) = bounds.of(item);
        // The item left the active list at the null move, or when entering it took its bound
        // to 0 with slack left (then leaving it does not put it back; the loop's null move,
        // always the last move then, does).
        if x == item.header() || (bound == 0 && slack != 0) {
            bounds.reactivate(item);
        }
        d.leave_bounded::<W>(item, bounds, first);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }

    /// Makes every move of the node at the current state in turn and undoes it, as
    /// Algorithm M's loop goes through them with their subtrees left out, and shows `at`
    /// each: the move's number (from 1; 0 is the level entered, before its first move), with
    /// the matrix and the bounds as the move leaves them. Returns the chosen item's score
    /// (no move is made when it is 0 or less). The matrix is left as it was, with the
    /// updates and cleansings the loop counts added. `None` when no item is active (the state
    /// is a solution).
    fn each_move<W: Walk>(
        &mut self,
        bounds: &mut Bounds,
        chooser: &mut Chooser,
        key: PathKey,
        mut at: impl FnMut(u32, &Self, &Bounds, &mut Chooser),
    ) -> Option<i64> {
        let (item, score) = self.choose_in(bounds, chooser, key)?;
        if score <= 0 {
            return Some(score);
        }
        let (mut x, first) = {
            let mut d = self.take_out::<W>();
            let entered = d.enter_bounded::<W>(item, bounds);
            let counters = d.counters();
            self.put_back::<W>(counters);
            entered
        };
        at(0, self, bounds, chooser);
        let mut made = 0;
        loop {
            let mut d = self.take_out::<W>();
            if !d.advance_bounded::<W>(item, x, bounds) {
                d.leave_bounded::<W>(item, bounds, first);
                let counters = d.counters();
                self.put_back::<W>(counters);
                break;
            }
            made += 1;
            let null = x == item.header();
            if !null {
                d.commit_bounded::<W>(x, bounds);
            }
            let counters = d.counters();
            self.put_back::<W>(counters);
            at(made, self, bounds, chooser);
            let mut d = self.take_out::<W>();
            if null {
                bounds.reactivate(item);
                d.leave_bounded::<W>(item, bounds, first);
                let counters = d.counters();
                self.put_back::<W>(counters);
                break;
            }
            d.uncommit_bounded::<W>(x, bounds);
            x = node(d.nodes, x).down;
            let counters = d.counters();
            self.put_back::<W>(counters);
        }
        Some(score)
    }

    /// Every move of the node at the current state, each made, looked at from below and
    /// undone ([`Matrix::each_move`]): the item's score and what each move leads to, in order
    /// (the null move last). The updates and cleansings counted are the loop's. `None` when
    /// no item is active (the state is a solution).
    pub(crate) fn branch_bounded<W: Walk>(
        &mut self,
        bounds: &mut Bounds,
        chooser: &mut Chooser,
        key: PathKey,
    ) -> Option<(i64, Vec<Below>)> {
        let mut moves = Vec::new();
        let score = self.each_move::<W>(bounds, chooser, key, |k, m, bounds, chooser| {
            if k > 0 {
                moves.push(m.below(bounds, chooser, key.child(k)));
            }
        })?;
        Some((score, moves))
    }

    /// What Algorithm M's loop counts at the node at the current state once its move `skip`
    /// (from 1) has been made and searched below: the updates and cleansings from there to
    /// the level's end (undoing move `skip`, making and undoing the moves after it, leaving
    /// the level), the dead ends among those moves, and whether any of them leads to a
    /// solution or a subtree. A shard that stopped below move `skip` leaves these to the
    /// parts that name its later moves, so that the figures add up to the loop's. The matrix
    /// is left as it was, its counters too. `None` when no item is active (the state is a
    /// solution).
    pub(crate) fn moves_after<W: Walk>(
        &mut self,
        bounds: &mut Bounds,
        chooser: &mut Chooser,
        key: PathKey,
        skip: u32,
    ) -> Option<MovesAfter> {
        let saved = (self.updates, self.cleansings);
        let mut after = MovesAfter::default();
        let mut from = None;
        self.each_move::<W>(bounds, chooser, key, |k, m, bounds, chooser| {
            if k == skip {
                from = Some((m.updates, m.cleansings));
            } else if k > skip {
                match m.below(bounds, chooser, key.child(k)) {
                    Below::DeadEnd => after.dead_ends += 1,
                    Below::Solution | Below::Open(_) => after.live = true,
                }
            }
        })?;
        if let Some((updates, cleansings)) = from {
            after.updates = self.updates - updates;
            after.cleansings = self.cleansings - cleansings;
        }
        (self.updates, self.cleansings) = saved;
        Some(after)
    }
}

/// The tail of a node of Algorithm M after one of its moves ([`Matrix::moves_after`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MovesAfter {
    pub(crate) updates: u64,
    pub(crate) cleansings: u64,
    /// The later moves whose node is a dead end (each a node of the search).
    pub(crate) dead_ends: u64,
    /// Whether a later move leads to a solution or a subtree.
    pub(crate) live: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_validator_of_the_item_entries_sees_a_broken_active_list() {
        let p = Problem::from_dlx("1:2|A 2|B 0:1|C | X\nA B\nA X:r\nB C\nB X:r\nC\n").unwrap();
        let mut bounds = Bounds::new(&p);
        assert_eq!(bounds.check_invariants(p.item_count()), Ok(()));
        assert_eq!(bounds.active().count(), 3);
        bounds.deactivate(Item::new(2));
        assert_eq!(bounds.check_invariants(p.item_count()), Ok(()));
        bounds.reactivate(Item::new(2));
        assert_eq!(bounds.check_invariants(p.item_count()), Ok(()));
        assert_eq!(
            bounds.check_invariants(p.item_count() + 1),
            Err("5 item entries and 5 declared bounds for 5 items".to_string())
        );
        bounds.items[1].next = 4;
        assert_eq!(
            bounds.check_invariants(p.item_count()),
            Err("active list: item 1 links to 4, not primary".to_string())
        );
        bounds.items[1].next = 3;
        assert_eq!(
            bounds.check_invariants(p.item_count()),
            Err("active list: item 3 does not link back to 1".to_string())
        );
    }
}
