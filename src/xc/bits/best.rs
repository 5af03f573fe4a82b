//! The K cheapest solutions on bit sets: DLX5's taxes, cost order and cutoff, with masks
//! instead of sorted lists.
//!
//! The options are numbered from the cheapest net cost to the dearest (after DLX5's taxes,
//! ties in the problem's order), so each item's options, read bit by bit, come in the order
//! of DLX5's sorted lists, and the options a node can still afford (net cost below the
//! cutoff less the partial cost) are the bits below one threshold. The item branched on is
//! the uncovered primary item with the fewest affordable options, the one whose cheapest
//! option is dearest on ties (that cost must be paid anyway), then the leftmost: DLX5's rule,
//! counted exactly by popcounts where DLX5 stops counting at 10 and takes a list's length.
//! An item with no affordable option ends the branch. The K best costs are DLX5's (ties may
//! be other solutions of the same cost); the tree is not always his.
//!
//! The statistics count as [`BestSolver`](crate::xc::BestSolver) does (a solution is a node,
//! `solutions` counts improvements); the bit sets make no updates, so those stay 0.

use super::levels::next_option;
use super::masks::{Masks, Numbering, Word};
use super::BitsError;
use crate::xc::best::{net_costs, Books, Costed, KeepsBooks};
use crate::xc::choose::SearchOrder;
use crate::xc::problem::Problem;
use crate::xc::search::Status;

/// Where the machine stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// Enter a node at `level`: choose its item.
    Enter,
    /// Try the level's next affordable option.
    Next,
    /// The level is done: go up.
    Back,
    /// The search is over.
    Done,
}

/// DLX5's minimum-cost search on bit masks (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct BitBest {
    m: Masks,
    /// Each bit's option's net cost, from the cheapest up.
    net: Vec<u64>,
    /// Words per set of primary items.
    item_words: usize,
    /// For option `r`, words `r * item_words..`: its primary items.
    covers: Vec<Word>,
    /// Per level, the options available on entering it, and the primary items uncovered.
    avail: Vec<Word>,
    uncovered: Vec<Word>,
    /// Per level: the item branched on, the bit to look from next, the partial cost.
    item: Vec<u32>,
    cursor: Vec<u32>,
    part_cost: Vec<u64>,
    at: At,
    books: Books,
    level: usize,
}

impl BitBest {
    /// The search for the `k` cheapest solutions of `problem` (refused, as the bitset
    /// engine refuses them, with bounds or too large).
    pub(crate) fn new(problem: &Problem, k: usize) -> Result<BitBest, BitsError> {
        let (net_by_option, tax) = net_costs(problem);
        let m = Masks::numbered(problem, &SearchOrder::new(), || {
            Numbering::by_cost(problem, &net_by_option)
        })?;
        let net: Vec<u64> = (0..m.options)
            .map(|r| net_by_option[m.option(r).index()])
            .collect();
        debug_assert!(net.windows(2).all(|w| w[0] <= w[1]));
        let item_words = m.primaries.div_ceil(64).max(1);
        let mut covers = vec![0 as Word; m.options * item_words];
        for r in 0..m.options {
            for &p in m.prims(r) {
                covers[r * item_words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        let mut avail = vec![0 as Word; m.words];
        for r in 0..m.options {
            avail[r / 64] |= 1 << (r % 64);
        }
        let mut uncovered = vec![0 as Word; item_words];
        for p in 0..m.primaries {
            uncovered[p / 64] |= 1 << (p % 64);
        }
        Ok(BitBest {
            m,
            net,
            item_words,
            covers,
            avail,
            uncovered,
            item: vec![0],
            cursor: vec![0],
            part_cost: vec![0],
            at: At::Enter,
            books: Books::new(k, tax),
            level: 0,
        })
    }

    /// The bits of the options cheaper than `budget`: those below the returned one.
    fn affordable(&self, budget: u64) -> usize {
        self.net.partition_point(|&c| c < budget)
    }

    /// DLX5's choice at `level`: the uncovered primary item with the fewest options
    /// cheaper than `budget`, the dearest cheapest option on ties, then the leftmost; with
    /// the number of those options (0: the branch is dead).
    fn choose(&self, level: usize, budget: u64) -> (usize, u32) {
        let (words, iw) = (self.m.words, self.item_words);
        let avail = &self.avail[level * words..][..words];
        let uncovered = &self.uncovered[level * iw..][..iw];
        let end = self.affordable(budget);
        let (full, rest) = (end / 64, end % 64);
        let (mut best, mut fewest, mut dearest) = (0, u32::MAX, 0);
        for (w, &bits) in uncovered.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let p = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let holders = self.m.holders(p);
                let mut count = 0;
                let mut cheapest = None;
                for (k, (a, h)) in avail.iter().zip(holders).enumerate().take(full + 1) {
                    let mut x = a & h;
                    if k == full {
                        x &= (1 << rest) - 1;
                    }
                    if x != 0 && cheapest.is_none() {
                        cheapest = Some(k * 64 + x.trailing_zeros() as usize);
                    }
                    count += x.count_ones();
                    if count > fewest {
                        // Neither fewer nor a tie: the rest of the words cannot matter.
                        break;
                    }
                }
                let Some(cheapest) = cheapest else {
                    return (p, 0);
                };
                let min_cost = self.net[cheapest];
                if count < fewest || (count == fewest && min_cost > dearest) {
                    (best, fewest, dearest) = (p, count, min_cost);
                }
            }
        }
        (best, fewest)
    }

    /// Makes level `level + 1` the state of `level` with option `r` chosen; whether every
    /// primary item is then covered.
    fn descend(&mut self, level: usize, r: usize) -> bool {
        let (words, iw) = (self.m.words, self.item_words);
        let next = level + 1;
        if self.item.len() == next {
            self.avail.resize((next + 1) * words, 0);
            self.uncovered.resize((next + 1) * iw, 0);
            self.item.push(0);
            self.cursor.push(0);
            self.part_cost.push(0);
        }
        let (above, below) = self.avail.split_at_mut(next * words);
        let clash = self.m.clash(r);
        for ((b, a), c) in below[..words]
            .iter_mut()
            .zip(&above[level * words..])
            .zip(clash)
        {
            *b = a & !c;
        }
        let (above, below) = self.uncovered.split_at_mut(next * iw);
        let covers = &self.covers[r * iw..][..iw];
        let mut left = 0;
        for ((b, a), c) in below[..iw].iter_mut().zip(&above[level * iw..]).zip(covers) {
            *b = a & !c;
            left |= *b;
        }
        left == 0
    }

    /// Runs the machine to the next improvement, or to the end.
    pub(crate) fn next_improvement(&mut self) -> Option<Costed> {
        loop {
            match self.at {
                At::Enter => {
                    if self.books.limits.max_nodes.is_some()
                        || self.books.stats.nodes >= self.books.next_poll
                    {
                        if self.limit_reached() {
                            return None;
                        }
                        if self.part_cost[self.level] >= self.books.cutoff {
                            // A shared bound fell below this branch's cost.
                            self.at = At::Back;
                            continue;
                        }
                    }
                    let level = self.level;
                    if level == 0 && self.uncovered[..self.item_words].iter().all(|&w| w == 0) {
                        // No primary item: the empty solution, at the root.
                        self.books.stats.nodes += 1;
                        self.count_level(0);
                        self.at = At::Back;
                        if let Some(found) = self.found(Vec::new(), 0) {
                            return Some(found);
                        }
                        continue;
                    }
                    self.books.stats.nodes += 1;
                    self.count_level(level);
                    let (p, usable) = self.choose(level, self.books.cutoff - self.part_cost[level]);
                    self.books.stats.branches += u64::from(usable >= 2);
                    if usable == 0 {
                        self.books.stats.dead_ends += 1;
                        self.at = At::Back;
                        continue;
                    }
                    (self.item[level], self.cursor[level]) = (p as u32, 0);
                    self.at = At::Next;
                }
                At::Next => {
                    let level = self.level;
                    let words = self.m.words;
                    let p = self.item[level] as usize;
                    let avail = &self.avail[level * words..][..words];
                    let from = self.cursor[level] as usize;
                    let budget = self.books.cutoff - self.part_cost[level];
                    let r = match next_option(avail, self.m.holders(p), from) {
                        Some(r) if self.net[r] < budget => r,
                        _ => {
                            self.at = At::Back;
                            continue;
                        }
                    };
                    self.cursor[level] = r as u32 + 1;
                    let cost = self.part_cost[level] + self.net[r];
                    if self.descend(level, r) {
                        // A solution is a node too, so the node limit applies to it.
                        if self
                            .books
                            .limits
                            .max_nodes
                            .is_some_and(|max| self.books.stats.nodes >= max)
                        {
                            self.finish(Status::NodeLimit);
                            return None;
                        }
                        self.books.stats.nodes += 1;
                        self.count_level(level + 1);
                        let options = (0..=level)
                            .map(|l| self.m.option(self.cursor[l] as usize - 1))
                            .collect();
                        if let Some(found) = self.found(options, cost) {
                            return Some(found);
                        }
                        continue;
                    }
                    self.level += 1;
                    self.part_cost[self.level] = cost;
                    self.at = At::Enter;
                }
                At::Back => {
                    if self.level == 0 {
                        self.finish(Status::Complete);
                        return None;
                    }
                    self.level -= 1;
                    self.at = At::Next;
                }
                At::Done => return None,
            }
        }
    }
}

impl KeepsBooks for BitBest {
    fn books(&self) -> &Books {
        &self.books
    }

    fn books_mut(&mut self) -> &mut Books {
        &mut self.books
    }

    fn level(&self) -> usize {
        self.level
    }

    fn stop(&mut self) {
        self.at = At::Done;
    }

    fn counts(&self) -> (u64, u64) {
        (self.books.stats.updates, self.books.stats.cleansings)
    }
}
