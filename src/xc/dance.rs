//! A matrix's arrays and counters, borrowed out of it for one operation: what the dance
//! works on.
//!
//! Stores into the node array could, as far as the compiler knows, change the fields of the
//! matrix they live in, so a loop that counted in the matrix's own fields would reload and
//! store the counters (and the arrays' addresses) around every unlink. A `Dance` is a local
//! value whose address never escapes, so its counters and slices stay in registers; the
//! matrix takes the counters back when the operation ends.

use super::layout::Walk;
use super::node::{Item, Link, Node};
use super::unchecked::{len_mut, node_mut};

/// The arrays and counters of one operation on a matrix.
pub(super) struct Dance<'m> {
    pub(super) nodes: &'m mut [Node],
    pub(super) lens: &'m mut [i32],
    /// Where the dummy lengths of the walk `Whole` start.
    pub(super) dummies: Item,
    /// The option length of the walk `Uniform`, read at run time.
    pub(super) width: u32,
    /// Items `1..=primaries` are primary.
    pub(super) primaries: u32,
    /// Primary items not covered yet.
    pub(super) uncovered: u32,
    /// Uncovered primary items whose list is empty (only counted when the walk says so).
    pub(super) zeros: u32,
    /// Knuth's updates: items covered plus nodes hidden.
    pub(super) updates: u64,
    /// Knuth's cleansings: purifications plus nodes marked as agreeing (colours only).
    pub(super) cleansings: u64,
}

/// The counters of a [`Dance`], handed back to the matrix when the operation ends.
pub(super) struct Counters {
    pub(super) uncovered: u32,
    pub(super) zeros: u32,
    pub(super) updates: u64,
    pub(super) cleansings: u64,
}

impl Dance<'_> {
    /// Ends the operation: the counters, without the borrowed arrays.
    #[inline(always)]
    pub(super) fn counters(self) -> Counters {
        Counters {
            uncovered: self.uncovered,
            zeros: self.zeros,
            updates: self.updates,
            cleansings: self.cleansings,
        }
    }

    /// The option length in the uniform walks: compiled in, or read at run time.
    #[inline(always)]
    pub(super) fn width<W: Walk>(&self) -> u32 {
        match W::WIDTH {
            0 => self.width,
            w => w,
        }
    }

    /// Unlinks node `n` from its item list; returns 1 if the list became empty and the walk
    /// counts empty lists.
    #[inline(always)]
    pub(super) fn unlink<W: Walk>(&mut self, n: Node) -> u32 {
        node_mut(self.nodes, n.up).down = n.down;
        node_mut(self.nodes, n.down).up = n.up;
        let len = len_mut(self.lens, n.item());
        *len -= 1;
        u32::from(W::ZEROS && *len == 0)
    }

    /// Relinks node `q` (whose fields are `n`) into its item list, the inverse of
    /// [`Dance::unlink`]; returns 1 if the list was empty and the walk counts empty lists.
    #[inline(always)]
    pub(super) fn relink<W: Walk>(&mut self, q: Link, n: Node) -> u32 {
        node_mut(self.nodes, n.up).down = q;
        node_mut(self.nodes, n.down).up = q;
        let len = len_mut(self.lens, n.item());
        let refilled = u32::from(W::ZEROS && *len == 0);
        *len += 1;
        refilled
    }
}
