//! The walks: the ways the dance visits the other nodes of an option to hide it (unlink them
//! from their item lists) and to unhide it (relink them, in the reverse order). Which walk a
//! matrix uses is decided by its layout (`layout.rs`, which describes each); each walk's
//! functions carry its name.

use super::dance::Dance;
use super::layout::{Kind, Walk, DUMMIES};
use super::node::Link;
use super::unchecked::{len_mut, node, node_mut};

impl Dance<'_> {
    /// Unlinks the other nodes of the option containing `p` from their item lists.
    #[inline(always)]
    pub(super) fn hide<W: Walk>(&mut self, p: Link) {
        match W::KIND {
            Kind::Around => self.hide_around::<W>(p),
            Kind::Colored => self.hide_colored::<W>(p),
            Kind::Whole => self.hide_whole::<W>(p),
            Kind::Uniform => self.hide_uniform::<W>(p),
        }
    }

    /// Relinks what [`Dance::hide`] unlinked.
    #[inline(always)]
    pub(super) fn unhide<W: Walk>(&mut self, p: Link) {
        match W::KIND {
            Kind::Around => self.unhide_around::<W>(p),
            Kind::Colored => self.unhide_colored::<W>(p),
            Kind::Whole => self.unhide_whole::<W>(p),
            Kind::Uniform => self.unhide_uniform::<W>(p),
        }
    }

    /// Knuth's walk in two straight runs with one branch per node: from the node after `p`
    /// to the spacer, then from the option's first node up to `p`.
    #[inline(always)]
    fn hide_around<W: Walk>(&mut self, p: Link) {
        let mut emptied = 0u32;
        let mut q = p.right();
        loop {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                break;
            }
            emptied += self.unlink::<W>(n);
            q = q.right();
        }
        let first = node(self.nodes, p).first();
        let hidden = q.nodes_from(first) - 1;
        q = first;
        while q != p {
            let n = *node(self.nodes, q);
            emptied += self.unlink::<W>(n);
            q = q.right();
        }
        if W::ZEROS {
            self.zeros += emptied;
        }
        self.updates += u64::from(hidden);
    }

    /// Undoes [`Dance::hide_around`].
    #[inline(always)]
    fn unhide_around<W: Walk>(&mut self, p: Link) {
        let mut refilled = 0u32;
        let mut q = p.right();
        loop {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                break;
            }
            refilled += self.relink::<W>(q, n);
            q = q.right();
        }
        q = node(self.nodes, p).first();
        while q != p {
            let n = *node(self.nodes, q);
            refilled += self.relink::<W>(q, n);
            q = q.right();
        }
        if W::ZEROS {
            self.zeros -= refilled;
        }
    }

    /// Knuth's walk with colours: right from `p`, through the spacer back to the option's
    /// start, skipping the nodes cleansed by a purification (whose item is already covered
    /// with the right colour).
    #[inline(always)]
    fn hide_colored<W: Walk>(&mut self, p: Link) {
        let (mut hidden, mut emptied) = (0u32, 0u32);
        let mut q = p.right();
        while q != p {
            let n = *node(self.nodes, q);
            if n.color() < 0 {
                q = q.right();
                continue;
            }
            if n.is_spacer() {
                q = n.up;
                continue;
            }
            emptied += self.unlink::<W>(n);
            hidden += 1;
            q = q.right();
        }
        if W::ZEROS {
            self.zeros += emptied;
        }
        self.updates += u64::from(hidden);
    }

    /// Undoes [`Dance::hide_colored`], going right.
    #[inline(always)]
    fn unhide_colored<W: Walk>(&mut self, p: Link) {
        self.relink_colored::<W, true>(p);
    }

    /// Undoes [`Dance::hide_colored`] going left, as purification is undone.
    #[inline(always)]
    pub(super) fn unhide_colored_left<W: Walk>(&mut self, p: Link) {
        self.relink_colored::<W, false>(p);
    }

    /// Relinks the other nodes of `p`'s option but the cleansed ones, going right (through
    /// the spacer after the option, back to its start) or left.
    #[inline(always)]
    fn relink_colored<W: Walk, const RIGHT: bool>(&mut self, p: Link) {
        let step = |q: Link| if RIGHT { q.right() } else { q.left() };
        let mut refilled = 0u32;
        let mut q = step(p);
        while q != p {
            let n = *node(self.nodes, q);
            if n.color() < 0 {
                q = step(q);
                continue;
            }
            if n.is_spacer() {
                q = if RIGHT { n.up } else { n.down };
                continue;
            }
            refilled += self.relink::<W>(q, n);
            q = step(q);
        }
        if W::ZEROS {
            self.zeros -= refilled;
        }
    }

    /// The uniform walk: the other nodes of `p`'s option, going right and round, each found
    /// from the one before through its `next` link, in a loop whose trip count is the same
    /// for every option.
    #[inline(always)]
    fn hide_uniform<W: Walk>(&mut self, p: Link) {
        let mut q = node(self.nodes, p).next();
        let mut emptied = 0u32;
        for _ in 1..self.width::<W>() {
            let n = *node(self.nodes, q);
            emptied += self.unlink::<W>(n);
            q = n.next();
        }
        if W::ZEROS {
            self.zeros += emptied;
        }
        self.updates += u64::from(self.width::<W>() - 1);
    }

    /// Undoes [`Dance::hide_uniform`].
    #[inline(always)]
    fn unhide_uniform<W: Walk>(&mut self, p: Link) {
        let mut q = node(self.nodes, p).next();
        let mut refilled = 0u32;
        for _ in 1..self.width::<W>() {
            let n = *node(self.nodes, q);
            refilled += self.relink::<W>(q, n);
            q = n.next();
        }
        if W::ZEROS {
            self.zeros -= refilled;
        }
    }

    /// The whole-option walk, with no branch per node but the loop's own: it walks the
    /// whole option from its first node to the spacer (a loop of the option's length, the
    /// same for every option of many problems, so well predicted), and for `p` itself it
    /// unlinks a dummy instead: node 0, which no list uses, and one of [`DUMMIES`] spare
    /// lengths past the items' (chosen by `p`, so consecutive hides do not wait on one
    /// another through the same counter).
    #[inline(always)]
    fn hide_whole<W: Walk>(&mut self, p: Link) {
        let first = node(self.nodes, p).first();
        let dummy = self.dummies.plus((p.index() as u32) & (DUMMIES - 1));
        let mut emptied = 0u32;
        let mut q = first;
        loop {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                break;
            }
            let keep = u32::from(q != p).wrapping_neg();
            let (up, down) = (n.up.or_dummy(keep), n.down.or_dummy(keep));
            let item = n.item().or_else(keep, dummy);
            node_mut(self.nodes, up).down = down;
            node_mut(self.nodes, down).up = up;
            let len = len_mut(self.lens, item);
            *len -= 1;
            emptied += u32::from(*len == 0);
            q = q.right();
        }
        if W::ZEROS {
            self.zeros += emptied;
        }
        self.updates += u64::from(q.nodes_from(first) - 1);
    }

    /// Undoes [`Dance::hide_whole`].
    ///
    /// The stand-in for `p` is computed here and in `hide_whole` by the same lines, written
    /// out twice on purpose: routing both through one helper (and `unlink`/`relink`)
    /// compiled to the same instructions in another order, and ran much slower
    /// (BENCHMARKS.md, "The whole-option walk").
    #[inline(always)]
    fn unhide_whole<W: Walk>(&mut self, p: Link) {
        let first = node(self.nodes, p).first();
        let dummy = self.dummies.plus((p.index() as u32) & (DUMMIES - 1));
        let mut refilled = 0u32;
        let mut q = first;
        loop {
            let n = *node(self.nodes, q);
            if n.is_spacer() {
                break;
            }
            let keep = u32::from(q != p).wrapping_neg();
            let (up, down) = (n.up.or_dummy(keep), n.down.or_dummy(keep));
            let item = n.item().or_else(keep, dummy);
            node_mut(self.nodes, up).down = q.or_dummy(keep);
            node_mut(self.nodes, down).up = q.or_dummy(keep);
            let len = len_mut(self.lens, item);
            refilled += u32::from(*len == 0);
            *len += 1;
            q = q.right();
        }
        if W::ZEROS {
            self.zeros -= refilled;
        }
    }
}
