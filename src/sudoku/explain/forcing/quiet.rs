//! A branch board without a static forcing chain, told from its outer board without a
//! walk of its own graph.
//!
//! A nested chain asks its inner static forcing chain search on every board its branches
//! leave, and the answer is almost always "nothing". A branch only removes candidates,
//! so a branch board's static graph (see [`Engine::failed_nodes`]) is its outer board's,
//! less the nodes removed, plus the *new* strong links: a cell left with two digits, or a
//! unit left with two places of a digit, that had more on the outer board. Its weak links
//! are the outer board's between the candidates it kept, and so are its other strong
//! links (a cell or unit of two keeps them while it keeps both).
//!
//! The graph is an implication graph of 2-SAT: each edge `u -> w` has its contrapositive
//! `not w -> not u` (weak and strong links go both ways). So a node `v` fails (reaches
//! `not v`) exactly when it reaches some `z` and `not z`, and:
//!
//! - if the new strong link `{x, y}` has `x on` and `y on` reaching a common node `w`,
//!   then `not w -> x off -> y on -> w` (the first part the contrapositive of `x on ->
//!   w`): `not w` fails;
//! - if the outer board has no failed node, a failed node `v` of the branch board has a
//!   path to `not v` through a new link, `v -> x off -> y on -> not v`, and then `x on`
//!   reaches `not v` (the contrapositive of `v -> x off`), as does `y on`.
//!
//! So a branch board of an outer board without failed nodes has one exactly when the
//! forward reaches of some new link's two ends on meet. Those reaches are bounded from
//! above by the outer board's reach (computed once an outer board): a path on the branch
//! board runs through outer edges between kept nodes, each stretch within the outer
//! reach of its start (less the nodes removed), and through new links. When no new
//! link's bounds meet, the branch board has no failed node and its forcing chain search
//! finds nothing, for the same nodes charged. A link whose bounds meet has its two ends'
//! reaches walked on the branch board itself (a few hundred nodes, not the whole graph's
//! ancestors). By the two points above, the board's failed nodes are then exactly the
//! opposites of the nodes where some new link's two ends' reaches meet: the search
//! follows those, as it would have followed what the ancestors' walk found.

use std::cell::RefMut;

use super::{digits_of, Engine, Numbering, StaticReach};
use crate::sudoku::explain::cellset::{bits_of, has, insert, remove};
use crate::sudoku::explain::forcing_reach::OnReach;

/// What the inner forcing chain searches of a frame's branch boards read of the frame's
/// own board, made once a frame ([`Engine::frame_outer`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Outer {
    /// Whether the rest is the frame's (reset when the frame changes).
    pub(super) known: bool,
    /// Whether the frame's board has no failed node: only then is the rest made.
    quiet: bool,
    /// The frame's board's values and places of each digit in each unit (as
    /// [`Engine::place_masks`]).
    values: Vec<u8>,
    place_masks: Vec<u32>,
    /// The reach of the frame's board's static graph.
    reach: OnReach,
    /// Scratch: the new strong links (frame numbers), their ends, the ends' bounds (each
    /// a row of candidates on, then one of candidates off), the branch board's
    /// candidates, and a bound being gathered.
    pairs: Vec<(u32, u32)>,
    ends: Vec<u32>,
    bounds: Vec<u64>,
    cands: Vec<u64>,
    gathered: Vec<u64>,
    /// The cell and digit of each of the frame's numbers.
    cand_of: Vec<(u32, u8)>,
    /// Scratch of [`Engine::reach_on`]: two ends' reaches (candidates on, then off) and
    /// the candidates on still to follow.
    ends_reach: [Vec<u64>; 4],
    todo: Vec<u32>,
    /// The failed nodes told ([`Engine::failed_in_frame`]), over [`Engine::dense`]'s numbers.
    failed: Vec<u64>,
}

/// The most new strong links the bounds are worked out for (the ends' links to each
/// other are a word of bits each); a board with more is searched.
const ENDS_CAP: usize = 64;

impl<'a> Engine<'a> {
    /// Makes the budget's [`Outer`] this board's (the frame's, [`Engine::frame_branch_boards`]),
    /// unless it is: whether its static graph has failed nodes, and if not its reach.
    /// Not charged to the budget (the searches it answers charge what they did).
    pub(super) fn frame_outer(&self) {
        let values = |outer: &Outer| {
            outer.values.len() == self.base.len()
                && (0..self.base.len()).all(|c| outer.values[c] == self.board.value(c))
        };
        {
            let kept = self.budget.reach.borrow();
            if kept.outer.known && values(&kept.outer) {
                return;
            }
        }
        let quiet = self.failed().iter().all(|&w| w == 0);
        if quiet {
            drop(self.reach());
        }
        let mut kept = self.budget.reach.borrow_mut();
        let StaticReach { reach, outer, .. } = &mut *kept;
        if quiet {
            outer.reach.clone_from(reach);
        }
        outer.quiet = quiet;
        outer.values.clear();
        outer
            .values
            .extend((0..self.base.len()).map(|c| self.board.value(c)));
        outer.place_masks.clone_from(&self.place_masks);
        outer.cand_of.clear();
        for (cell, &bits) in self.base.iter().enumerate() {
            outer
                .cand_of
                .extend(digits_of(bits).map(|d| (cell as u32, d)));
        }
        outer.known = true;
    }

    /// This branch board's failed nodes, told from the frame's [`Outer`] (see the
    /// module's notes) as a bit set over [`Engine::dense`]'s numbers (the frame's, which
    /// then number this engine's nodes); `None` when it cannot tell. Empty of nodes on
    /// most boards; where some new links' ends meet, the nodes opposite to where they
    /// meet, without the ancestors' walk of the whole board.
    pub(super) fn failed_in_frame(&self) -> Option<RefMut<'a, Vec<u64>>> {
        let told = self.tell_failed();
        let kept = self.budget.reach.borrow_mut();
        told.then(|| RefMut::map(kept, |k| &mut k.outer.failed))
    }

    /// [`Engine::failed_in_frame`] into `Outer::failed`: whether it could tell.
    fn tell_failed(&self) -> bool {
        let mut kept = self.budget.reach.borrow_mut();
        let StaticReach {
            frame,
            outer,
            frame_weak,
            ..
        } = &mut *kept;
        let cells = self.base.len();
        if !outer.known
            || !outer.quiet
            || !frame.covers(&self.base)
            || self.numbering.get().is_some_and(|n| n != frame)
            || outer.values.len() != cells
            || (0..cells).any(|c| outer.values[c] != self.board.value(c))
        {
            return false;
        }
        let Outer {
            place_masks,
            reach,
            pairs,
            ends,
            bounds,
            cands,
            gathered,
            cand_of,
            ends_reach,
            todo,
            failed,
            ..
        } = outer;
        // The new strong links: cells and units left with two where the frame had more.
        let n = self.n;
        let units = self.board.layout().units();
        pairs.clear();
        for (cell, &bits) in self.base.iter().enumerate() {
            if bits.count_ones() == 2 && frame.base[cell].count_ones() > 2 {
                let low = bits & bits.wrapping_neg();
                pairs.push((frame.number(cell, low), frame.number(cell, bits & !low)));
            }
        }
        for (u, unit) in units.iter().enumerate() {
            for digit in 1..=n as u8 {
                let k = u * n + digit as usize - 1;
                let places = self.place_masks[k];
                if places.count_ones() != 2
                    || place_masks[k].count_ones() <= 2
                    || self.board.placed_in(u).contains(digit)
                {
                    continue;
                }
                let bit = 1u32 << (digit - 1);
                let low = places.trailing_zeros() as usize;
                let high = (places & (places - 1)).trailing_zeros() as usize;
                pairs.push((
                    frame.number(unit.cells[low], bit),
                    frame.number(unit.cells[high], bit),
                ));
            }
        }
        // The failed nodes found, in the frame's numbers, which number this engine's.
        let candidates = frame.len();
        failed.clear();
        failed.resize((2 * candidates).div_ceil(64).max(1), 0);
        if pairs.is_empty() {
            // The branch board's graph is part of the frame's, which has no failed node.
            self.numbering.get_or_init(|| frame.clone());
            return true;
        }
        ends.clear();
        for &(x, y) in pairs.iter() {
            for z in [x, y] {
                if !ends.contains(&z) {
                    ends.push(z);
                }
            }
        }
        if ends.len() > ENDS_CAP {
            return false;
        }
        // The branch board's candidates, as a set over the frame's.
        let words = candidates.div_ceil(64).max(1);
        let node_words = 2 * words;
        cands.clear();
        cands.resize(words, !0);
        for (cell, (&had, &has_now)) in frame.base.iter().zip(&self.base).enumerate() {
            let mut gone = had & !has_now;
            while gone != 0 {
                let bit = gone & gone.wrapping_neg();
                gone &= gone - 1;
                remove(cands, frame.number(cell, bit) as usize);
            }
        }
        // Each end's bound: the frame's reach of the end on, on the branch board.
        let count = ends.len();
        bounds.clear();
        bounds.resize(count * node_words, 0);
        for (i, &z) in ends.iter().enumerate() {
            let (on, off) = bounds[i * node_words..(i + 1) * node_words].split_at_mut(words);
            let z = z as usize;
            for (row, set) in [(on, reach.on(z)), (off, reach.off(z))] {
                for ((r, &s), &m) in row.iter_mut().zip(set).zip(cands.iter()) {
                    *r = s & m;
                }
            }
        }
        // Which ends' bounds lead on to which ends through a new link (`x off -> y on`),
        // then the ends each end leads to, itself included.
        let index = |z: u32| ends.iter().position(|&e| e == z).expect("an end");
        let mut next = [0u64; ENDS_CAP];
        for &(x, y) in pairs.iter() {
            let (i, j) = (index(x), index(y));
            for (a, links) in next[..count].iter_mut().enumerate() {
                let off = &bounds[a * node_words + words..(a + 1) * node_words];
                if has(off, x as usize) {
                    *links |= 1 << j;
                }
                if has(off, y as usize) {
                    *links |= 1 << i;
                }
            }
        }
        let mut closure = [0u64; ENDS_CAP];
        for (a, c) in closure[..count].iter_mut().enumerate() {
            let mut seen = 1u64 << a;
            let mut todo = seen;
            while todo != 0 {
                let b = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let fresh = next[b] & !seen;
                seen |= fresh;
                todo |= fresh;
            }
            *c = seen;
        }
        // A new link whose ends' bounds meet may fail: their reaches on the board tell.
        let walk = BoardGraph {
            engine: self,
            frame,
            weak: frame_weak,
            words,
            cands,
            cand_of,
        };
        for &(x, y) in pairs.iter() {
            let (i, j) = (index(x), index(y));
            gathered.clear();
            gathered.resize(node_words, 0);
            for b in bits_of(closure[i]) {
                let row = &bounds[b * node_words..(b + 1) * node_words];
                for (g, &r) in gathered.iter_mut().zip(row) {
                    *g |= r;
                }
            }
            let mut meet = 0;
            for b in bits_of(closure[j]) {
                let row = &bounds[b * node_words..(b + 1) * node_words];
                for (g, &r) in gathered.iter().zip(row) {
                    meet |= g & r;
                }
            }
            if meet == 0 {
                continue;
            }
            let [on_x, off_x, on_y, off_y] = ends_reach;
            walk.reach_on(x, on_x, off_x, todo);
            walk.reach_on(y, on_y, off_y, todo);
            // Where both reach a candidate on, it fails off; where both turn it off, on.
            for (w, ((a, b), (c, d))) in on_x
                .iter()
                .zip(on_y.iter())
                .zip(off_x.iter().zip(off_y.iter()))
                .enumerate()
            {
                for k in bits_of(a & b).map(|i| 64 * w + i) {
                    insert(failed, 2 * k);
                }
                for k in bits_of(c & d).map(|i| 64 * w + i) {
                    insert(failed, 2 * k + 1);
                }
            }
        }
        self.numbering.get_or_init(|| frame.clone());
        true
    }
}

/// What [`BoardGraph::reach_on`] reads: a branch board's static graph in its frame.
struct BoardGraph<'w, 'a> {
    engine: &'w Engine<'a>,
    frame: &'w Numbering,
    /// The frame's weak links ([`StaticReach::weak`]'s rows) and their words.
    weak: &'w [u64],
    words: usize,
    /// The board's candidates, and the cell and digit of each frame number.
    cands: &'w [u64],
    cand_of: &'w [(u32, u8)],
}

impl BoardGraph<'_, '_> {
    /// The reach of `start` on (a frame number) in the board's static graph, walked: the
    /// candidates on into `on`, off into `off`, as sets over the frame's numbers.
    fn reach_on(&self, start: u32, on: &mut Vec<u64>, off: &mut Vec<u64>, todo: &mut Vec<u32>) {
        let (e, words) = (self.engine, self.words);
        let n = e.n;
        let units = e.board.layout().units();
        for set in [&mut *on, &mut *off] {
            set.clear();
            set.resize(words, 0);
        }
        todo.clear();
        insert(on, start as usize);
        todo.push(start);
        let turn_on = |b: u32, on: &mut Vec<u64>, todo: &mut Vec<u32>| {
            if !has(on, b as usize) {
                insert(on, b as usize);
                todo.push(b);
            }
        };
        while let Some(c) = todo.pop() {
            let row = &self.weak[c as usize * words..(c as usize + 1) * words];
            for w in 0..words {
                // The candidates `c` on turns off, new; each turns on its strong partners.
                let mut fresh = row[w] & self.cands[w] & !off[w];
                off[w] |= fresh;
                while fresh != 0 {
                    let a = 64 * w + fresh.trailing_zeros() as usize;
                    fresh &= fresh - 1;
                    let (cell, digit) = self.cand_of[a];
                    let (cell, bit) = (cell as usize, 1u32 << (digit - 1));
                    let bits = e.base[cell];
                    if bits.count_ones() == 2 {
                        turn_on(self.frame.number(cell, bits & !bit), on, todo);
                    }
                    for &(u, i) in e.board.slots(cell) {
                        let places = e.place_masks[u * n + digit as usize - 1];
                        if places.count_ones() != 2 || e.board.placed_in(u).contains(digit) {
                            continue;
                        }
                        let q = units[u].cells[(places & !(1u32 << i)).trailing_zeros() as usize];
                        turn_on(self.frame.number(q, bit), on, todo);
                    }
                }
            }
        }
    }
}
