//! Knuth's `sanity()`: walks every list of a matrix and checks that it is consistent; and the
//! check that a matrix is back as it was built.

use super::layout::Layout;
use super::matrix::Matrix;
use super::node::{Link, Node, COVERED, SECONDARY};
use super::problem::Problem;
use super::storage::Storage;

impl<S: Storage> Matrix<S> {
    /// Walks every list and checks that it is consistent, like Knuth's `sanity()`: each item
    /// list closes, its links agree both ways, its nodes belong to it, and its length is right;
    /// the counts of uncovered primary items and of empty lists agree with the lengths.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        let items = self.items as usize;
        let mut uncovered = 0;
        let mut zeros = 0;
        for c in 1..=items {
            let mut q = c;
            let mut len = 0;
            loop {
                let link = self.nodes[q].down;
                let p = link.index();
                if link != Link::at(p) || p >= self.nodes.len() {
                    return Err(format!("item {c}: link out of range at node {q}"));
                }
                if self.nodes[p].up != Link::at(q) {
                    return Err(format!("item {c}: bad up link at node {p}"));
                }
                if p == c {
                    break;
                }
                if self.nodes[p].is_spacer() || self.nodes[p].item().number() as usize != c {
                    return Err(format!("item {c}: node {p} belongs to another item"));
                }
                len += 1;
                q = p;
                if len > self.nodes.len() {
                    return Err(format!("item {c}: list does not close"));
                }
            }
            let stored = self.lens[c];
            let covered = stored >= COVERED;
            let offset = if c > self.primaries as usize {
                SECONDARY
            } else {
                0
            };
            if stored < 0 || stored - offset - if covered { COVERED } else { 0 } != len as i32 {
                return Err(format!(
                    "item {c}: length field {stored} but {len} nodes in the list"
                ));
            }
            if !covered && c <= self.primaries as usize {
                uncovered += 1;
                zeros += u32::from(len == 0);
            }
        }
        if uncovered != self.uncovered {
            return Err(format!(
                "{} primary items uncovered, but the count says {}",
                uncovered, self.uncovered
            ));
        }
        if self.plan.walk.zeros() && zeros != self.zeros {
            return Err(format!(
                "{} uncovered primary lists are empty, but the count says {}",
                zeros, self.zeros
            ));
        }
        Ok(())
    }

    /// Whether the nodes and lengths equal those of a freshly laid out matrix of `problem`
    /// (the one this matrix was built from) for the same walk.
    pub(crate) fn is_pristine(&self, problem: &Problem) -> bool {
        let layout = Layout::with_order(problem, self.plan.walk, self.plan.seed).0;
        let items = self.items as usize;
        // A header's spare field keeps the updates of the item's latest cover.
        let same = |(k, (a, b)): (usize, (&Node, &Node))| {
            a == b || (k <= items && a.list_fields() == b.list_fields())
        };
        // Slot 0 is the dummy that the whole-option walk writes instead of the hiding node.
        self.nodes.len() == layout.nodes.len()
            && self
                .nodes
                .iter()
                .zip(&layout.nodes)
                .enumerate()
                .skip(1)
                .all(same)
            && self.lens[1..=items] == layout.lens[1..=items]
            && self.uncovered == self.primaries
    }
}
