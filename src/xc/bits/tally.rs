//! Knuth's updates and cleansings, counted on the bit sets as the links would count them on
//! the same tree.
//!
//! The links count one update per item covered and one per node unlinked when an option is
//! hidden, and one cleansing per purification and per node it marks as agreeing. On the
//! bit sets the options hidden at a node are the available ones that leave: covering the
//! chosen item `i` hides those holding `i`; committing option `r` then hides, item by item
//! in the links' order (right from `i`, round through the option's start), the available
//! options each of `r`'s items sees that are not hidden yet. A hidden option unlinks its
//! nodes but the covering one and those at items purified earlier with its colour (the
//! links skip them), so the count is a sum over the hidden options' widths less, per item
//! purified, a popcount. Counting costs a pass over each hidden set, which the plain
//! search does not pay: the solver counts only when asked ([`BitSolver::count_updates`]).
//!
//! [`BitSolver::count_updates`]: super::BitSolver::count_updates

use std::collections::HashMap;

use super::levels::Levels;
use super::masks::{Masks, Numbering, Word};
use crate::xc::problem::Problem;

/// What a search tells its tally: the nodes' covers and the options' commits.
pub(super) trait Tally {
    /// A node at `level` of `levels` branches on primary item `p` (the links cover it). The
    /// tally reads the level's available options itself, so that a silent one costs nothing.
    fn cover<L: Levels>(&mut self, level: usize, levels: &L, m: &Masks, p: usize);
    /// Option `r`, holding `p`, is tried at `level` (the links commit it).
    fn commit<L: Levels>(&mut self, level: usize, levels: &L, m: &Masks, p: usize, r: usize);
    /// The updates and cleansings counted since the last [`Tally::restart`].
    fn counts(&self) -> (u64, u64);
    /// Starts a search: nothing counted.
    fn restart(&mut self);
}

/// The tally of a search that counts nothing but nodes.
pub(super) struct Silent;

impl Tally for Silent {
    #[inline(always)]
    fn cover<L: Levels>(&mut self, _: usize, _: &L, _: &Masks, _: usize) {}
    #[inline(always)]
    fn commit<L: Levels>(&mut self, _: usize, _: &L, _: &Masks, _: usize, _: usize) {}
    fn counts(&self) -> (u64, u64) {
        (0, 0)
    }
    fn restart(&mut self) {}
}

/// A colour given to no item: the entry is uncoloured.
const UNCOLOURED: u32 = u32::MAX;

/// The links' counts, from the problem's options and items.
#[derive(Clone, Debug)]
pub(super) struct Knuth {
    words: usize,
    /// Per option: its nodes but one (the one a hide starts from).
    weight: Vec<u32>,
    /// For item `k` (Knuth's numbering, all items), words `k * words..`: its options.
    holders: Vec<Word>,
    /// For option `r`, entries `start[r]..start[r + 1]` of `entries`.
    start: Vec<u32>,
    /// Each option's items in order: the item, and the index of the mask of the options
    /// giving it the entry's colour there (`UNCOLOURED` without one).
    entries: Vec<(u32, u32)>,
    /// Masks of options by (secondary item, colour), `words` words each.
    same: Vec<Word>,
    /// The items purified, with the level they were purified at, plus one (0: by a forced
    /// option), in the order the links purified them.
    purified: Vec<(u32, u32)>,
    /// The options hidden at the current node, and one hidden set.
    hidden: Vec<Word>,
    gone: Vec<Word>,
    /// Algorithm M's levels: the options of each level's item available on entering it,
    /// `words` words a level.
    entry: Vec<Word>,
    updates: u64,
    cleansings: u64,
}

impl Knuth {
    /// The tally of `problem` numbered as `numbering`, with `words` words per set of
    /// options.
    pub(super) fn new(problem: &Problem, numbering: &Numbering, words: usize) -> Knuth {
        let items = problem.item_count();
        let mut number = vec![0u32; items];
        for (k, &i) in numbering.items.iter().enumerate() {
            number[i.index()] = k as u32;
        }
        let mut holders = vec![0 as Word; items * words];
        let mut weight = Vec::with_capacity(problem.option_count());
        let mut start = vec![0u32];
        let mut entries = Vec::with_capacity(problem.entry_count());
        let mut index: HashMap<(u32, usize), u32> = HashMap::new();
        let mut same: Vec<Word> = Vec::new();
        for (r, &o) in numbering.options.iter().enumerate() {
            let (w, bit) = (r / 64, 1 << (r % 64));
            let option = problem.option(o);
            weight.push(option.len().saturating_sub(1) as u32);
            for e in option {
                let k = number[e.item.index()];
                holders[k as usize * words + w] |= bit;
                let colour = match e.color {
                    None => UNCOLOURED,
                    Some(c) => {
                        let next = index.len() as u32;
                        let at = *index.entry((k, c.index())).or_insert(next);
                        if at == next {
                            same.resize(same.len() + words, 0);
                        }
                        same[at as usize * words + w] |= bit;
                        at
                    }
                };
                entries.push((k, colour));
            }
            start.push(entries.len() as u32);
        }
        Knuth {
            words,
            weight,
            holders,
            start,
            entries,
            same,
            purified: Vec::new(),
            hidden: vec![0; words],
            gone: vec![0; words],
            entry: Vec::new(),
            updates: 0,
            cleansings: 0,
        }
    }

    /// Forces option `r` once and for all: its coloured items stay purified (the links
    /// count nothing for a forced option).
    pub(super) fn force(&mut self, r: usize) {
        // A search stopped inside its tree left its own purifications: they are not the
        // forced option's, and the next search forgets them (`restart`).
        self.back_to(0);
        for e in self.start[r] as usize..self.start[r + 1] as usize {
            let (k, colour) = self.entries[e];
            if colour != UNCOLOURED && !self.is_purified(k) {
                self.purified.push((0, k));
            }
        }
    }

    /// Forgets the forced options.
    pub(super) fn unforce_all(&mut self) {
        self.purified.clear();
    }

    fn is_purified(&self, k: u32) -> bool {
        self.purified.iter().any(|&(_, x)| x == k)
    }

    /// Forgets what levels `level` and deeper purified.
    fn back_to(&mut self, level: usize) {
        let keep = self
            .purified
            .iter()
            .position(|&(at, _)| at as usize > level)
            .unwrap_or(self.purified.len());
        self.purified.truncate(keep);
    }

    /// Hides the options of `gone` (none hidden yet): the nodes they unlink.
    fn hide_gone(&mut self) -> u64 {
        let mut nodes = 0u64;
        for (w, &g) in self.gone.iter().enumerate() {
            let mut bits = g;
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                nodes += u64::from(self.weight[o]);
            }
        }
        // Each hidden option's nodes at purified items agree, and the links skip them.
        for &(_, y) in &self.purified {
            let held = &self.holders[y as usize * self.words..][..self.words];
            let agreeing: u32 = self
                .gone
                .iter()
                .zip(held)
                .map(|(g, h)| (g & h).count_ones())
                .sum();
            nodes -= u64::from(agreeing);
        }
        self.hidden
            .iter_mut()
            .zip(&self.gone)
            .for_each(|(h, g)| *h |= g);
        nodes
    }

    /// Covers item `k`: the available options holding it not hidden yet go.
    fn cover_item(&mut self, avail: &[Word], k: u32) {
        let held = &self.holders[k as usize * self.words..][..self.words];
        for (((g, a), h), x) in self.gone.iter_mut().zip(avail).zip(held).zip(&self.hidden) {
            *g = a & h & !x;
        }
        self.updates += 1 + self.hide_gone();
    }

    /// Commits option `r`, chosen for item `p`, at `level` (options `avail`, those of
    /// `self.hidden` hidden already): right from `p`'s node, round through the option's
    /// first, each item is covered (a primary one only when `fills` says that the option
    /// fills it) or purified.
    fn commit_items(
        &mut self,
        level: usize,
        avail: &[Word],
        p: usize,
        r: usize,
        fills: impl Fn(usize) -> bool,
    ) {
        let (first, last) = (self.start[r] as usize, self.start[r + 1] as usize);
        let at = (first..last)
            .find(|&e| self.entries[e].0 as usize == p)
            .expect("the option holds the item it was chosen for");
        for e in (at + 1..last).chain(first..at) {
            let (k, colour) = self.entries[e];
            if colour == UNCOLOURED {
                if fills(k as usize) {
                    self.cover_item(avail, k);
                }
                continue;
            }
            if self.is_purified(k) {
                continue; // a node marked as agreeing: the links skip it
            }
            let words = self.words;
            let held = &self.holders[k as usize * words..][..words];
            let agree = &self.same[colour as usize * words..][..words];
            let mut agreeing = 0u64;
            for ((((g, a), h), s), x) in self
                .gone
                .iter_mut()
                .zip(avail)
                .zip(held)
                .zip(agree)
                .zip(&self.hidden)
            {
                agreeing += u64::from((a & s & !x).count_ones());
                *g = a & h & !s & !x;
            }
            self.cleansings += 1 + agreeing;
            self.updates += self.hide_gone();
            self.purified.push((level as u32 + 1, k));
        }
    }

    /// Algorithm M enters the node at `level` (options `avail`) branching on primary item
    /// `p` (numbered as its primary items are), and covers it when `covers` (its bound
    /// reaches 0 on entering).
    pub(super) fn enter_bounded(&mut self, level: usize, avail: &[Word], p: usize, covers: bool) {
        self.back_to(level);
        let words = self.words;
        if self.entry.len() < (level + 1) * words {
            self.entry.resize((level + 1) * words, 0);
        }
        let held = &self.holders[p * words..][..words];
        let entry = &mut self.entry[level * words..][..words];
        for ((e, a), h) in entry.iter_mut().zip(avail).zip(held) {
            *e = a & h;
        }
        if covers {
            self.hidden.iter_mut().for_each(|h| *h = 0);
            self.cover_item(avail, p as u32);
        }
    }

    /// Algorithm M makes the null move at `level`: it commits no option, so what the
    /// level's moves purified is put back.
    pub(super) fn leave_alone_bounded(&mut self, level: usize) {
        self.back_to(level);
    }

    /// Algorithm M tries option `r` of item `p` at `level`: `avail` holds the options
    /// available there less those tried before, `untried` those of `p` not tried yet (`r` is
    /// not among them); `covered` says whether entering covered `p`, `slack` whether `p`'s
    /// bounds differ, `fills(k)` whether `r` fills primary item `k`. With `p` covered, the
    /// links take `r` out of `p`'s list alone, and only when the level may end with a null
    /// move (`slack`), one update; otherwise they hide `r` from every list (a tweak). Then
    /// they commit `r`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn take_bounded(
        &mut self,
        level: usize,
        avail: &[Word],
        untried: &[Word],
        p: usize,
        r: usize,
        covered: bool,
        slack: bool,
        fills: impl Fn(usize) -> bool,
    ) {
        self.back_to(level);
        let words = self.words;
        let entry = &self.entry[level * words..][..words];
        if covered {
            self.hidden.copy_from_slice(entry);
            self.updates += u64::from(slack);
        } else {
            // The options tried before `r` were tweaked and stay hidden; `r` is tweaked now:
            // its nodes but those marked as agreeing, and its node in `p`'s list.
            for ((h, e), u) in self.hidden.iter_mut().zip(entry).zip(untried) {
                *h = e & !u;
            }
            self.hidden[r / 64] &= !(1 << (r % 64));
            self.gone.iter_mut().for_each(|g| *g = 0);
            self.gone[r / 64] = 1 << (r % 64);
            self.updates += 1 + self.hide_gone();
        }
        self.commit_items(level, avail, p, r, fills);
    }
}

impl Tally for Knuth {
    fn cover<L: Levels>(&mut self, level: usize, levels: &L, m: &Masks, p: usize) {
        let avail = levels.avail(m, level);
        self.back_to(level);
        self.hidden.iter_mut().for_each(|h| *h = 0);
        self.cover_item(avail, p as u32);
    }

    fn commit<L: Levels>(&mut self, level: usize, levels: &L, m: &Masks, p: usize, r: usize) {
        let avail = levels.avail(m, level);
        self.back_to(level);
        let held = &self.holders[p * self.words..][..self.words];
        for ((h, a), c) in self.hidden.iter_mut().zip(avail).zip(held) {
            *h = a & c;
        }
        self.commit_items(level, avail, p, r, |_| true);
    }

    fn counts(&self) -> (u64, u64) {
        (self.updates, self.cleansings)
    }

    fn restart(&mut self) {
        self.back_to(0);
        (self.updates, self.cleansings) = (0, 0);
    }
}
