//! The fewest nodes a dynamic branch's first contradiction can rest on, from the closure
//! of its assumption: the nested chains' cheap test for contradictions that cannot beat
//! the best so far. A recorded branch (see `forcing.rs`) rates its contradiction by the
//! nodes it rests on, its ancestors through the parents each node was first found with;
//! which parents those are depends on the order the branch follows its records, but every
//! choice is one of few, known from the closure alone.
//!
//! A recorded branch is breadth first, and a node of depth `k` (the fewest generations
//! that derive it) is found in generation `k`, from parents of depth below `k`:
//!
//! - a node off of depth `2k` from a node on of depth `2k - 1` that turns it off (a digit
//!   on in its cell, or its digit on in a peer);
//! - a node on of depth `2k + 1` from every node off of its cell (a naked single), or of
//!   its digit in one of its units (a hidden single), all of depth `2k` or less.
//!
//! So every node's ancestors hold, whichever parents the branch took, the nodes common to
//! all its ways of being found (its *must* set): for a node off, itself and the
//! intersection of its possible parents' must sets; for a node on, itself and the
//! intersection, over its derivations, of the union of their parents' must sets. Those are
//! computed here a round of the closure at a time, as bit sets over the nodes in the order
//! they are found.
//!
//! The branch's first contradiction is among the nodes of the closure's first
//! contradicting round (none exists among shallower nodes, and the branch finds those of
//! that round before it follows any deeper node), so it rests on at least the fewest nodes
//! of the union of the must sets of the nodes of one contradiction of that round: a digit
//! on whose candidate is off, a cell with no candidate left, a unit with no place left for
//! a digit.

use super::forcing_bits::{Singles, MAX_CELLS, MAX_DIGITS};

/// Words of a must set: the first 256 nodes a closure finds are counted; a node found
/// later is left out of every set (its own bit), which only lowers the floor, so it stays
/// a floor, and the sets stay a few registers wide.
const WORDS: usize = 4;

/// A set of nodes by their index, the order the closure finds them.
type Set = [u64; WORDS];

/// The set of node `i` alone (empty past the sets' width).
fn own(i: usize) -> Set {
    let mut s = [0u64; WORDS];
    if i < 64 * WORDS {
        s[i / 64] = 1u64 << (i % 64);
    }
    s
}

fn or(a: &mut Set, b: &Set) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= *y;
    }
}

fn and(a: &mut Set, b: &Set) {
    for (x, y) in a.iter_mut().zip(b) {
        *x &= *y;
    }
}

fn count(a: &Set) -> usize {
    a.iter().map(|w| w.count_ones() as usize).sum()
}

/// The union of the must sets of `nodes`.
fn union_of(sets: &[Set], nodes: impl Iterator<Item = u16>) -> Set {
    let mut u = [0u64; WORDS];
    for i in nodes {
        or(&mut u, &sets[usize::from(i)]);
    }
    u
}

/// The indexes of the nodes off of `digit` (from 0) in the cells of `cells`.
fn offs_in(off_at: &[u16], digit: usize, cells: u128) -> impl Iterator<Item = u16> + '_ {
    let mut rest = cells;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(off_at[digit * MAX_CELLS + x])
    })
}

/// The buffers of the floors of a board's closures, kept between calls.
#[derive(Debug)]
pub(super) struct Floors {
    /// Each node's must set, by the node's index.
    sets: Vec<Set>,
    /// The index of each node on (`digit * MAX_CELLS + cell`, digit from 0), valid where
    /// the closure has placed the digit.
    on_at: Vec<u16>,
    /// The index of each node off, valid where the closure has removed the candidate.
    off_at: Vec<u16>,
}

impl Floors {
    /// The buffers for the closures of the board of `singles`.
    pub(super) fn new(singles: &Singles) -> Floors {
        // A candidate is found at most once on and once off.
        let cands: usize = singles.base[..singles.n]
            .iter()
            .map(|b| b.count_ones() as usize)
            .sum();
        Floors {
            sets: Vec::with_capacity(2 * cands),
            on_at: vec![0; MAX_DIGITS * MAX_CELLS],
            off_at: vec![0; MAX_DIGITS * MAX_CELLS],
        }
    }

    /// A new node whose must set is `set` and itself; its index.
    fn push(&mut self, mut set: Set) -> u16 {
        let i = self.sets.len();
        or(&mut set, &own(i));
        self.sets.push(set);
        i as u16
    }

    /// Node `src` (on) turns off candidate `digit` (from 0) of `cell` this round: a new
    /// node, or one more possible parent of a node found this round already (`fresh`).
    fn kill(&mut self, digit: usize, cell: usize, src: u16, fresh: &mut [u128; MAX_DIGITS]) {
        let at = digit * MAX_CELLS + cell;
        let from = self.sets[usize::from(src)];
        if fresh[digit] >> cell & 1 == 1 {
            let i = usize::from(self.off_at[at]);
            let set = &mut self.sets[i];
            and(set, &from);
            or(set, &own(i));
        } else {
            fresh[digit] |= 1u128 << cell;
            self.off_at[at] = self.push(from);
        }
    }

    /// The fewest nodes the first contradiction of the recorded dynamic branch from
    /// `digit` (1-based) on in `cell` may rest on, or `usize::MAX` if its closure does
    /// not contradict.
    pub(super) fn floor(&mut self, s: &Singles, cell: usize, digit: u8) -> usize {
        let n = s.n;
        self.sets.clear();
        let mut cand = s.base;
        let mut placed = [0u128; MAX_DIGITS];
        let mut pending = [0u128; MAX_DIGITS];
        let d0 = usize::from(digit - 1);
        pending[d0] = 1u128 << cell;
        self.on_at[d0 * MAX_CELLS + cell] = self.push([0; WORDS]);
        loop {
            // The digits pending go on, and turn off their cells' other candidates and
            // their peers' candidates of the digit (the nodes off of this round).
            let before = cand;
            let mut fresh = [0u128; MAX_DIGITS];
            for d in 0..n {
                placed[d] |= pending[d];
            }
            for d in 0..n {
                let mut m = pending[d];
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let src = self.on_at[d * MAX_CELLS + x];
                    for (e, b) in before.iter().enumerate().take(n) {
                        if e != d && b >> x & 1 == 1 {
                            self.kill(e, x, src, &mut fresh);
                        }
                    }
                    let mut peers = s.peers[x] & before[d];
                    while peers != 0 {
                        let p = peers.trailing_zeros() as usize;
                        peers &= peers - 1;
                        self.kill(d, p, src, &mut fresh);
                    }
                }
            }
            for d in 0..n {
                cand[d] = before[d] & !fresh[d];
            }
            // The contradictions of this round, if any: the least union of must sets.
            let mut least = usize::MAX;
            let (mut one, mut two) = (0u128, 0u128);
            for d in 0..n {
                two |= one & cand[d];
                one |= cand[d];
                let mut both = placed[d] & !cand[d];
                while both != 0 {
                    let x = both.trailing_zeros() as usize;
                    both &= both - 1;
                    let at = d * MAX_CELLS + x;
                    let pair = [self.on_at[at], self.off_at[at]];
                    least = least.min(count(&union_of(&self.sets, pair.into_iter())));
                }
            }
            let mut empty = s.open & !one;
            while empty != 0 {
                let x = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let off_at = &self.off_at;
                let offs = (0..n)
                    .filter(|&e| s.base[e] >> x & 1 == 1)
                    .map(|e| off_at[e * MAX_CELLS + x]);
                least = least.min(count(&union_of(&self.sets, offs)));
            }
            // Each digit's units where it lost a place this round.
            let mut touched = [0u64; MAX_DIGITS];
            for d in 0..n {
                let mut m = fresh[d];
                while m != 0 {
                    touched[d] |= s.cell_units[m.trailing_zeros() as usize];
                    m &= m - 1;
                }
                let mut units = touched[d] & s.has[d];
                while units != 0 {
                    let u = units.trailing_zeros() as usize;
                    units &= units - 1;
                    if cand[d] & s.unit_cells[u] != 0 {
                        continue;
                    }
                    let offs = offs_in(&self.off_at, d, s.base[d] & s.unit_cells[u]);
                    least = least.min(count(&union_of(&self.sets, offs)));
                }
            }
            if least != usize::MAX {
                return least;
            }
            // The singles: the nodes on of the next round, each with the must sets of
            // every way it is found (a naked single, a hidden single in each unit).
            let naked = one & !two & s.multi;
            let mut any = false;
            for d in 0..n {
                let mut p = cand[d] & naked;
                let mut units = touched[d] & s.several[d];
                while units != 0 {
                    let u = units.trailing_zeros() as usize;
                    units &= units - 1;
                    let m = cand[d] & s.unit_cells[u];
                    if m & m.wrapping_sub(1) == 0 {
                        p |= m;
                    }
                }
                p &= !placed[d];
                pending[d] = p;
                any |= p != 0;
            }
            if !any {
                return usize::MAX;
            }
            for (d, &p) in pending.iter().enumerate().take(n) {
                let mut m = p;
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let i = self.single(s, &cand, naked, d, x);
                    self.on_at[d * MAX_CELLS + x] = i;
                }
            }
        }
    }

    /// The node of the single `digit` (from 0) on in `cell`, with the intersection of the
    /// must sets of its ways of being found; its index.
    fn single(
        &mut self,
        s: &Singles,
        cand: &[u128; MAX_DIGITS],
        naked: u128,
        digit: usize,
        cell: usize,
    ) -> u16 {
        let bit = 1u128 << cell;
        let mut acc = [u64::MAX; WORDS];
        if naked & bit != 0 {
            let off_at = &self.off_at;
            let offs = (0..s.n)
                .filter(|&e| e != digit && s.base[e] & bit != 0)
                .map(|e| off_at[e * MAX_CELLS + cell]);
            and(&mut acc, &union_of(&self.sets, offs));
        }
        let mut units = s.cell_units[cell] & s.several[digit];
        while units != 0 {
            let u = units.trailing_zeros() as usize;
            units &= units - 1;
            if cand[digit] & s.unit_cells[u] != bit {
                continue;
            }
            let offs = offs_in(&self.off_at, digit, s.base[digit] & s.unit_cells[u] & !bit);
            and(&mut acc, &union_of(&self.sets, offs));
        }
        self.push(acc)
    }
}
