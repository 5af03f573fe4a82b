//! The engines' unchecked memory access, all of it, in this one room.
//!
//! The inner loops of the engines index arrays by numbers the structures themselves hold
//! (a link read from a node, an item read from a list, a level the loop keeps below the
//! arrays' length), so the bounds check can never fail there; it costs anyway, on every
//! instance (BENCHMARKS.md, "Unchecked access to nodes and lengths"). Each accessor below
//! skips it, and says in its `// SAFETY:` comment which invariant keeps its index in
//! range; each invariant has a validator, run as a debug assertion where the structure is
//! built and where a search ends, as Knuth's `sanity()` is:
//!
//! | structure | accessors | index | validator |
//! |---|---|---|---|
//! | the dancing links (`matrix.rs`, `best/links.rs`) | [`node`], [`node_mut`], [`node_in`], [`node_in_mut`], [`len`], [`len_mut`] | a [`Link`] into the nodes, an [`Item`] into the lengths | `Matrix::check_invariants` (`sanity.rs`), `Links::check_invariants` |
//! | Algorithm M's item entries (`multiplicity.rs`) | [`bounds::entry`], [`bounds::entry_mut`] | an item number | `Bounds::check_invariants` |
//! | Algorithm M's per-level arrays (`search/bounded.rs`: its level records, the profile) | [`levels::at`], [`levels::at_mut`] | a level below the loop's `depth` | `levels::check` |
//! | dancing cells' sparse sets (`cells/`) | [`cells::get`], [`cells::get_mut`], [`cells::node`], [`cells::node_mut`] | an item's `x`, a node, a position | `cells::matrix::check_sets` |
//!
//! The feature `checked` turns every accessor into checked indexing (CI runs the engines'
//! tests that way, so a broken invariant panics there instead of reading out of bounds),
//! and debug builds assert every index as well. Nothing else in `src/xc` uses `unsafe`;
//! the only other `unsafe` of the crate is the forward-checking Sudoku solver's SSE2
//! intrinsics (`sudoku/solvers/forward_checking/cells.rs`), which take values, not memory.
#![allow(unsafe_code)]

use super::node::{Item, Link, Node, NodeKind};

/// Entry `k` of `v`, unchecked (the accessors below are the only callers).
///
/// # Safety
///
/// `k < v.len()`.
#[inline(always)]
#[cfg(not(feature = "checked"))]
unsafe fn slot<T>(v: &[T], k: usize) -> &T {
    debug_assert!(k < v.len(), "index {k} out of {}", v.len());
    // SAFETY: the caller's contract.
    unsafe { v.get_unchecked(k) }
}

/// [`slot`], to change.
///
/// # Safety
///
/// `k < v.len()`.
#[inline(always)]
#[cfg(not(feature = "checked"))]
unsafe fn slot_mut<T>(v: &mut [T], k: usize) -> &mut T {
    debug_assert!(k < v.len(), "index {k} out of {}", v.len());
    // SAFETY: the caller's contract.
    unsafe { v.get_unchecked_mut(k) }
}

/// [`slot`] under the feature `checked`: checked indexing.
///
/// # Safety
///
/// None needed: the index is checked.
#[inline(always)]
#[cfg(feature = "checked")]
unsafe fn slot<T>(v: &[T], k: usize) -> &T {
    &v[k]
}

/// [`slot_mut`] under the feature `checked`: checked indexing.
///
/// # Safety
///
/// None needed: the index is checked.
#[inline(always)]
#[cfg(feature = "checked")]
unsafe fn slot_mut<T>(v: &mut [T], k: usize) -> &mut T {
    &mut v[k]
}

// The dancing links: the node array and the list lengths, for both node kinds, the
// engine's matrix (`Node`) and the minimum-cost search's (`Node` or `WideNode`,
// `best/links.rs`, whose `Links::check_invariants` walks the lists as `sanity.rs` does for
// the engine's).
//
// Invariant: every link stored in a node -- `up`, `down`, and the spare field where it holds
// a link (`first`, `next`) -- and every entry of the matrix's `option_first` is a byte
// offset `STEP * i` with `i < nodes.len()` (in an array of kind `K`, `K::STEP * i`); every
// `item` of a node of an option is below `lens.len()`. The minimum-cost matrix keeps it as
// `best/links.rs`'s `Links` says; for the engine's:
//
// - `Layout::with_walk` builds the arrays so: headers are nodes `1..=items`, each option's
//   nodes follow one another with a spacer after each option and one before the first, every
//   `up` and `down` is the link of a node already pushed (or of the header, which exists), a
//   spacer's `up` is its option's first node and its `down` the last node of the option
//   after it (or node 0), `first` is the option's first node and `next` the next node of the
//   same option; `lens` has an entry for every item, and after the items the spare lengths
//   of the whole-option walk.
// - Afterwards the node array changes only in the dance (cover, uncover, the walks' hide and
//   unhide, purify and unpurify), and each store writes a link read from those same fields,
//   a link reached through them, a colour, an update count (into a header's spare field, in a
//   walk that never reads it as a link) or the link of node 0 (the whole-option walk masks
//   a link to 0 to unlink the dummy, node 0, which exists).
// - Walks to the right or left inside an option start at a node of the option and stop at
//   the spacer that bounds it (there is one on each side of every option), so they stay in
//   range; the uniform walk follows `next`, which stays inside the option.
// - Callers pass links taken from those fields, from `option_first` for an option number the
//   solver has checked against the option count, or `Item::header` of an item; and items
//   read from a node's `item`, from the item choice (below `lens.len()`), or the spare
//   lengths of the whole-option walk, `dummies .. dummies + DUMMIES`, which its layout
//   appends to `lens`.

/// The node at `link`.
#[inline(always)]
pub(super) fn node(nodes: &[Node], link: Link) -> &Node {
    node_in(nodes, link)
}

/// The node at `link`, to change.
#[inline(always)]
pub(super) fn node_mut(nodes: &mut [Node], link: Link) -> &mut Node {
    node_in_mut(nodes, link)
}

/// The node at `link` in an array of `K`.
#[inline(always)]
#[cfg(not(feature = "checked"))]
pub(super) fn node_in<K: NodeKind>(nodes: &[K], link: Link) -> &K {
    debug_assert!(link.units() % K::STEP == 0 && link.index_in::<K>() < nodes.len());
    // SAFETY: by the invariant above `link` is `K::STEP * i` with `i < nodes.len()`, so
    // `link * K::UNIT` is `i * size_of::<K>()` (`K::STEP` is that size in units, and
    // `K::UNIT` divides it): the address of node `i`, inside the slice and aligned for one.
    unsafe { &*nodes.as_ptr().byte_add(link.units() as usize * K::UNIT) }
}

/// The node at `link` in an array of `K`, to change.
#[inline(always)]
#[cfg(not(feature = "checked"))]
pub(super) fn node_in_mut<K: NodeKind>(nodes: &mut [K], link: Link) -> &mut K {
    debug_assert!(link.units() % K::STEP == 0 && link.index_in::<K>() < nodes.len());
    // SAFETY: as for `node_in`; the borrow of `nodes` is unique.
    unsafe { &mut *nodes.as_mut_ptr().byte_add(link.units() as usize * K::UNIT) }
}

/// The node at `link` in an array of `K` (checked).
#[inline(always)]
#[cfg(feature = "checked")]
pub(super) fn node_in<K: NodeKind>(nodes: &[K], link: Link) -> &K {
    assert!(
        link.units() % K::STEP == 0,
        "link {} is not a node's",
        link.units()
    );
    &nodes[link.index_in::<K>()]
}

/// The node at `link` in an array of `K`, to change (checked).
#[inline(always)]
#[cfg(feature = "checked")]
pub(super) fn node_in_mut<K: NodeKind>(nodes: &mut [K], link: Link) -> &mut K {
    assert!(
        link.units() % K::STEP == 0,
        "link {} is not a node's",
        link.units()
    );
    &mut nodes[link.index_in::<K>()]
}

/// The stored list length of `item`.
#[inline(always)]
pub(super) fn len(lens: &[i32], item: Item) -> i32 {
    // SAFETY: by the invariant above `item` is below `lens.len()`.
    unsafe { *slot(lens, item.number() as usize) }
}

/// The stored list length of `item`, to change.
#[inline(always)]
pub(super) fn len_mut(lens: &mut [i32], item: Item) -> &mut i32 {
    // SAFETY: by the invariant above `item` is below `lens.len()`.
    unsafe { slot_mut(lens, item.number() as usize) }
}

/// Algorithm M's item entries (`multiplicity.rs`'s `Bounds`): one per item of the matrix,
/// slot 0 the root of the active list.
///
/// Invariant: the entries have one slot for every item number the matrix holds and for 0
/// (`Bounds::new` makes `problem.item_count() + 1`, and they never shrink), and every
/// number given is one the matrix holds (read from a node, the active list or the
/// per-level record of chosen items) or 0. The active list's links are such numbers:
/// `Bounds::activate_uncovered` links primary items only, and taking an item out or
/// putting it back copies links already there. `Bounds::check_invariants` checks the count
/// and walks the list.
pub(super) mod bounds {
    use super::{slot, slot_mut};

    /// The entry of item number `k` (0 for the active list's root).
    #[inline(always)]
    pub(in super::super) fn entry<T>(items: &[T], k: u32) -> &T {
        // SAFETY: by the invariant above `k` is below `items.len()`.
        unsafe { slot(items, k as usize) }
    }

    /// [`entry`], to change.
    #[inline(always)]
    pub(in super::super) fn entry_mut<T>(items: &mut [T], k: u32) -> &mut T {
        // SAFETY: by the invariant above `k` is below `items.len()`.
        unsafe { slot_mut(items, k as usize) }
    }
}

/// Algorithm M's per-level arrays (the loop of `search/bounded.rs`: its level records, with
/// the item chosen, the move, the first tweak and the score, and the profile).
///
/// Invariant: the loop reads and writes them only at `level < depth`, where `depth` is the
/// least of their lengths, computed by the loop itself; it checks [`check`] when it
/// starts (resuming at a level's next move, the level was entered; backing up, it reads
/// only the levels above), grows every array and recomputes `depth` before entering a node
/// at `depth` or deeper, and no array shrinks while it runs. The level only goes up by
/// entering a node, and down by backing up.
pub(super) mod levels {
    use super::{slot, slot_mut};

    /// Entry `level` of a per-level array.
    #[inline(always)]
    pub(in super::super) fn at<T>(v: &[T], level: usize) -> &T {
        // SAFETY: by the invariant above `level < depth <= v.len()`.
        unsafe { slot(v, level) }
    }

    /// [`at`], to change.
    #[inline(always)]
    pub(in super::super) fn at_mut<T>(v: &mut [T], level: usize) -> &mut T {
        // SAFETY: by the invariant above `level < depth <= v.len()`.
        unsafe { slot_mut(v, level) }
    }

    /// Whether the loop may start at `level` with `depth`, the least length of its
    /// per-level arrays, given as `lengths`: `depth` is that least length, and `level` is
    /// below it, or at it when `backing` (the loop then reads only the levels above).
    pub(in super::super) fn check(
        level: usize,
        depth: usize,
        backing: bool,
        lengths: &[usize],
    ) -> Result<(), String> {
        let least = lengths.iter().copied().min().unwrap_or(0);
        if depth != least {
            return Err(format!(
                "depth {depth} but the shortest array has {least} levels"
            ));
        }
        if level > depth || (level == depth && !backing) {
            return Err(format!("level {level} past depth {depth}"));
        }
        Ok(())
    }
}

/// Dancing cells' sparse sets (`cells/matrix.rs`, SSXCC's and SSMCC's).
///
/// Invariant: every index given is one the sparse sets hold (the saved items are items):
/// an item's `x` (at least the number of header entries, 2 for SSXCC and 4 for SSMCC, with
/// its header at `x - 2`, `x - 1` and SSMCC's also at `x - 4`, `x - 3`, and its options
/// below `x + size`, inside `set` as `Sets::new` lays it out), a node's `loc` (inside its
/// item's options), a set entry (a node index below `nodes.len()`, which is `colors.len()`
/// too, so it indexes the colours as well, and SSMCC's `first`, built one per node), a node
/// of an option walked to its spacer and back (`Sets::new` ends every option with one), or
/// a position in `item` (an item's position `set[x - 2]`, or one below `active`, which never
/// exceeds `item.len()`: items are only swapped within `item`, `active` only falls while
/// searching, and restoring makes it the count of items saved, which were the active ones
/// then). Hiding and restoring only permute entries within an item's range and write sizes
/// no larger than it was built with, so these stay true for the whole search.
/// `cells::matrix::check_sets` checks all of it.
pub(super) mod cells {
    use super::{slot, slot_mut};

    /// Entry `k` of the sets, the items, the colours or SSMCC's first nodes.
    #[inline(always)]
    pub(in super::super) fn get<T: Copy>(v: &[T], k: usize) -> T {
        // SAFETY: by the invariant above `k` is an index the sparse sets hold for `v`.
        unsafe { *slot(v, k) }
    }

    /// [`get`], to change.
    #[inline(always)]
    pub(in super::super) fn get_mut<T>(v: &mut [T], k: usize) -> &mut T {
        // SAFETY: by the invariant above `k` is an index the sparse sets hold for `v`.
        unsafe { slot_mut(v, k) }
    }

    /// Node `k` of the options.
    #[inline(always)]
    pub(in super::super) fn node<T>(nodes: &[T], k: usize) -> &T {
        // SAFETY: by the invariant above `k` is a node index, below `nodes.len()`.
        unsafe { slot(nodes, k) }
    }

    /// [`node`], to change.
    #[inline(always)]
    pub(in super::super) fn node_mut<T>(nodes: &mut [T], k: usize) -> &mut T {
        // SAFETY: by the invariant above `k` is a node index, below `nodes.len()`.
        unsafe { slot_mut(nodes, k) }
    }
}

#[cfg(test)]
mod tests {
    use super::levels::check;

    #[test]
    fn the_levels_check_sees_a_level_past_the_arrays() {
        assert_eq!(check(2, 3, false, &[3, 4, 3]), Ok(()));
        assert_eq!(check(3, 3, true, &[3, 4, 3]), Ok(()));
        assert_eq!(
            check(3, 3, false, &[3, 4, 3]),
            Err("level 3 past depth 3".to_string())
        );
        assert_eq!(
            check(2, 4, false, &[3, 4, 5]),
            Err("depth 4 but the shortest array has 3 levels".to_string())
        );
    }
}
