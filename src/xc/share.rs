//! Shared covers: moving from one option of an item list to the next without uncovering and
//! covering again the items both options' walks begin with.
//!
//! Committing covers the other items of an option going right from its node, and
//! uncommitting undoes that going left. When the walks right from `x` and from `y` start with
//! the same items, Knuth's program uncovers those items and covers them again, in the same
//! order, from the same state: an uncover restores the lists exactly as they were before the
//! cover, so the second cover leaves them as the first did, and counts as many updates (it
//! hides the same options). So the shared items stay covered here, and the updates their
//! covers counted -- kept by every cover in its item's header, [`Node::cover_updates`] -- are
//! counted again; only the items after the shared ones are uncovered (going left) and covered
//! (going right). The search tree, the lists at every node and the update count are those
//! of Knuth's DLX1.
//!
//! Polyomino placements gain most: an item list holds runs of placements of one piece,
//! whose walks often begin with the same cells or with the piece itself. Only the walks with
//! the flag `share` keep the counts and move this way (`layout.rs` decides).
//!
//! [`Node::cover_updates`]: super::node::Node::cover_updates

use super::dance::Dance;
use super::layout::{Kind, Walk};
use super::matrix::Matrix;
use super::node::Link;
use super::storage::Storage;
use super::unchecked::node;

impl<S: Storage> Matrix<S> {
    /// Moves from option node `x`, committed, to `y`, the next option in the same item list:
    /// the same lists and counts as [`Matrix::uncommit`] of `x` then [`Matrix::commit`] of
    /// `y`, without the work those two would undo and redo. Walks that share covers only.
    #[inline]
    pub(crate) fn switch<W: Walk>(&mut self, x: Link, y: Link) {
        let mut d = self.take_out::<W>();
        d.switch::<W>(x, y);
        let counters = d.counters();
        self.put_back::<W>(counters);
    }
}

impl Dance<'_> {
    /// See [`Matrix::switch`].
    #[inline]
    fn switch<W: Walk>(&mut self, x: Link, y: Link) {
        debug_assert!(W::SHARE && W::KIND != Kind::Colored);
        // Walk right from both nodes (through the spacer to the option's start) while the
        // items agree; `a` and `b` end at the first nodes whose items differ, or back at `x`
        // or `y` when one walk is a prefix of the other.
        let (mut a, mut b) = (x.right(), y.right());
        let mut shared = 0u64;
        loop {
            let mut na = *node(self.nodes, a);
            if na.is_spacer() {
                a = na.up;
                na = *node(self.nodes, a);
            }
            let mut nb = *node(self.nodes, b);
            if nb.is_spacer() {
                b = nb.up;
                nb = *node(self.nodes, b);
            }
            if a == x || b == y || na.item() != nb.item() {
                break;
            }
            shared += u64::from(node(self.nodes, na.item().header()).cover_updates());
            a = a.right();
            b = b.right();
        }
        // Uncover `x`'s items from its last one back to `a`, going left.
        if a != x {
            let mut q = x.left();
            loop {
                let n = *node(self.nodes, q);
                if n.is_spacer() {
                    q = n.down;
                    continue;
                }
                self.uncover::<W>(n.item());
                if q == a {
                    break;
                }
                q = q.left();
            }
        }
        self.updates += shared;
        // Cover `y`'s items from `b` on, going right.
        let mut q = b;
        while q != y {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                q = n.up;
                continue;
            }
            self.cover::<W>(n.item());
            q = q.right();
        }
    }
}
