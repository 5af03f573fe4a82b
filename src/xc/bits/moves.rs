//! Algorithm M's moves on bit sets in the links' order, for the minimum-cost search that
//! follows the links' tree node for node (`best_bounded.rs`); its choice of the item is
//! that of the listing in the links' order (`bounded.rs`, `Ties`).
//!
//! A state is the options still available (bits of a word array) and how many more times
//! each primary item may be covered (its room; 0: the item is done). The item branched on
//! is DLX3's (`multiplicity.rs`): the least score (its options, plus one for the null move,
//! less what it still needs), on ties the least `min(slack, room)`, then the most options,
//! then the first in Knuth's order (the minimum-cost search takes no seed: `Plan::check`
//! refuses it, and its moves here are made in Knuth's order; a seed given would shuffle
//! the lists as the links' layout does, but the ties would still go to the first); with the
//! sharp preference an item not named `#...` comes last
//! unless its score is at most 1. An item that nothing can cover any more but that may stay
//! as it is counts too (its one move is the null move), as on the links. A move takes the
//! item's next option in the order of its list on the links (the options before it are
//! left out below it), and last, when the item needs no more, the null move.
//!
//! [`BitBounded`](super::BitBounded), the plain listing, keeps a tree of its own (ties to
//! the first item, and no node for an item left with nothing to cover); this one is the
//! links' at the price of the list orders and the tie-breaking.

use super::bounded::{BitBounded, Ties};
use super::BitsError;
use crate::xc::choose::SearchOrder;
use crate::xc::layout::seeded_lists;
use crate::xc::problem::{ItemKind, OptionId, Problem};

pub(super) type Word = u64;

/// The move of a level that took no option (the null move).
pub(super) const NULL: u32 = u32::MAX;

/// The options available at a node and how many more times each primary item may be
/// covered (0: it is done).
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    pub(super) available: Vec<Word>,
    pub(super) room: Vec<u32>,
}

impl State {
    /// Makes this state a copy of `from`, in its own memory (allocated once per level).
    pub(super) fn copy(&mut self, from: &State) {
        self.available.clear();
        self.available.extend_from_slice(&from.available);
        self.room.clear();
        self.room.extend_from_slice(&from.room);
    }
}

/// The number of bits set in both `a` and `b`.
fn common(a: &[Word], b: &[Word]) -> u32 {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

/// The masks of one problem and the links' orders (see the module documentation).
#[derive(Clone, Debug)]
pub(super) struct Moves {
    words: usize,
    /// For each primary item, the options that hold it (`words` words each).
    holders: Vec<Word>,
    /// For each option, the options it clashes with on secondary items, itself included.
    clash: Vec<Word>,
    /// For each option, its primary items.
    prims: Vec<Vec<u32>>,
    /// The option of each bit.
    pub(super) origin: Vec<OptionId>,
    /// Each primary item's upper bound less its lower one.
    slack: Vec<u32>,
    /// Each primary item's options (bits) in the order of its list on the links.
    lists: Vec<Vec<u32>>,
    /// For each primary item, whether the sharp preference puts it last (empty without).
    unsharp: Vec<bool>,
}

impl Moves {
    /// The masks of `problem` with its options numbered as `origin` lists them, and the
    /// root state; each item's options are tried in the order of the numbering or, with a
    /// seed, in that of the links' seeded lists. Refused when the problem is too large.
    pub(super) fn new(
        problem: &Problem,
        origin: Vec<OptionId>,
        order: &SearchOrder,
    ) -> Result<(Moves, State), BitsError> {
        BitBounded::fits(problem)?;
        let (options, items) = (problem.option_count(), problem.item_count());
        let words = options.div_ceil(64).max(1);
        let mut dense = vec![0usize; items];
        let (mut room, mut slack, mut unsharp) = (Vec::new(), Vec::new(), Vec::new());
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                dense[item.index()] = room.len();
                // As the links' bounds (`multiplicity.rs`): past 2^30 is as good as unbounded.
                let (min, max) = problem.item_bounds(item).into_inner();
                let (min, max) = (min.min(1 << 30), max.min(1 << 30));
                room.push(max);
                slack.push(max - min);
                if order.prefer_sharp {
                    unsharp.push(!problem.item_name(item).starts_with('#'));
                }
            }
        }
        let primaries = room.len();
        let mut bit = vec![0u32; options];
        for (r, o) in origin.iter().enumerate() {
            bit[o.index()] = r as u32;
        }
        let mut holders = vec![0; primaries * words];
        let mut clash = vec![0; options * words];
        let mut prims = vec![Vec::new(); options];
        let mut lists = vec![Vec::new(); primaries];
        // Each secondary item's options, with their colours.
        let mut users: Vec<Vec<(usize, Option<usize>)>> = vec![Vec::new(); items];
        for (r, &o) in origin.iter().enumerate() {
            for e in problem.option(o) {
                let k = e.item.index();
                match problem.item_kind(e.item) {
                    ItemKind::Primary => {
                        let p = dense[k];
                        holders[p * words + r / 64] |= 1 << (r % 64);
                        prims[r].push(p as u32);
                        lists[p].push(r as u32);
                    }
                    ItemKind::Secondary => users[k].push((r, e.color.map(|c| c.index()))),
                }
            }
            clash[r * words + r / 64] |= 1 << (r % 64);
        }
        for list in &users {
            for &(r, color) in list {
                for &(s, other) in list {
                    if color.is_none() || color != other {
                        clash[r * words + s / 64] |= 1 << (s % 64);
                    }
                }
            }
        }
        if let Some(seed) = order.seed {
            let (seeded, _) = seeded_lists(problem, seed);
            for (list, seeded) in lists.iter_mut().zip(seeded) {
                *list = seeded.iter().map(|o| bit[o.index()]).collect();
            }
        }
        let mut available = vec![0; words];
        for r in 0..options {
            available[r / 64] |= 1 << (r % 64);
        }
        let moves = Moves {
            words,
            holders,
            clash,
            prims,
            origin,
            slack,
            lists,
            unsharp,
        };
        Ok((moves, State { available, room }))
    }

    fn holders(&self, p: usize) -> &[Word] {
        &self.holders[p * self.words..][..self.words]
    }

    /// How many more options item `p` needs in `state`.
    pub(super) fn need(&self, state: &State, p: usize) -> u32 {
        state.room[p].saturating_sub(self.slack[p])
    }

    /// How many options of item `p` are available in `state`.
    pub(super) fn len(&self, state: &State, p: usize) -> u32 {
        common(&state.available, self.holders(p))
    }

    /// DLX3's choice in `state` (see the module documentation), with its score. `None`:
    /// every item is done.
    pub(super) fn choose(&mut self, state: &State) -> Option<(usize, i64)> {
        let mut ties = Ties::new();
        for (p, &room) in state.room.iter().enumerate() {
            if room == 0 {
                continue;
            }
            let len = common(&state.available, self.holders(p));
            let slack = self.slack[p].min(room);
            let need = i64::from(room - slack);
            let unsharp = self.unsharp.get(p).copied().unwrap_or(false);
            ties.offer(p, len, need, i64::from(slack), unsharp, &mut None);
        }
        ties.chosen().map(|(p, score, _)| (p, score))
    }

    /// The first option of item `p` available in `state`, from place `from` of its list:
    /// its place and its bit.
    pub(super) fn next(&self, state: &State, p: usize, from: usize) -> Option<(usize, usize)> {
        let list = &self.lists[p];
        (from..list.len()).find_map(|k| {
            let r = list[k] as usize;
            (state.available[r / 64] & (1 << (r % 64)) != 0).then_some((k, r))
        })
    }

    /// Takes option `r` at the node at depth `d` (`states[2 * d + 1]`): the node below is
    /// that state less the options `r` clashes with and those of each item it fills; `r` is
    /// left out of the level's moves after this one.
    pub(super) fn take(&self, states: &mut [State], d: usize, r: usize) {
        let (above, below) = states.split_at_mut(2 * d + 2);
        let (left, to) = (&mut above[2 * d + 1], &mut below[0]);
        to.copy(left);
        left.available[r / 64] &= !(1 << (r % 64));
        let clash = &self.clash[r * self.words..][..self.words];
        for (a, c) in to.available.iter_mut().zip(clash) {
            *a &= !c;
        }
        for &p in &self.prims[r] {
            let p = p as usize;
            to.room[p] -= 1;
            if to.room[p] == 0 {
                for (a, h) in to.available.iter_mut().zip(self.holders(p)) {
                    *a &= !h;
                }
            }
        }
    }

    /// Leaves option `r` out of the moves of the node at depth `d` from now on.
    pub(super) fn skip(&self, states: &mut [State], d: usize, r: usize) {
        states[2 * d + 1].available[r / 64] &= !(1 << (r % 64));
    }

    /// Makes the null move of the node at depth `d`, branching on item `p`: the node below
    /// has `p` done and its options gone.
    pub(super) fn leave_alone(&self, states: &mut [State], d: usize, p: usize) {
        let (above, below) = states.split_at_mut(2 * d + 2);
        let to = &mut below[0];
        to.copy(&above[2 * d + 1]);
        to.room[p] = 0;
        for (a, h) in to.available.iter_mut().zip(self.holders(p)) {
            *a &= !h;
        }
    }

    /// Enters the node at depth `d`: its moves start from its whole state.
    pub(super) fn open(states: &mut [State], d: usize) {
        let (above, below) = states.split_at_mut(2 * d + 1);
        below[0].copy(&above[2 * d]);
    }
}
