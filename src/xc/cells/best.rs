//! The K cheapest solutions on dancing cells: SSXCC's sparse sets searched with DLX5's
//! taxes, cost order and cutoff. Knuth has no dancing-cells program with costs, so this
//! takes the links' pruning rule: at a node whose partial solution has net cost `c`, only
//! options cheaper than `cutoff - c` are affordable; the item branched on is the active
//! primary item with the fewest affordable options (the dearest cheapest option on ties,
//! then the first), and its affordable options are tried from the cheapest. A sparse set
//! keeps no order (every removal swaps), so each level counts and sorts its item's options
//! itself; an item with none ends the branch, and so does a primary item left empty by a
//! hiding, as in SSXCC. The K best costs are DLX5's (ties may be other solutions).
//!
//! Forced moves (SSXCC's items left with one option) are not taken first here: an item with
//! one affordable option is simply the fewest. The statistics are SSXCC's kinds (nodes, a
//! solution being a node; updates; `solutions` counts improvements).

use super::matrix::Cells;
use super::search::hide_others;
use crate::xc::best::{net_costs, Books, Costed, KeepsBooks};
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::Status;

/// "Infinite" cost: no sum of costs reaches it.
const INFINITE: u64 = u64::MAX;

/// Where the machine stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// Enter a node at `level`.
    Enter,
    /// Try the level's next affordable option.
    Next,
    /// The level is done: go up.
    Back,
    /// The search is over.
    Done,
}

/// DLX5's minimum-cost search on dancing cells (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct CellBest {
    c: Cells,
    /// Each node's option's net cost (spacers: 0).
    node_cost: Vec<u64>,
    /// The save stack of the sizes (SSXCC's), and its height at each level.
    stack: Vec<(i32, i32)>,
    saved: Vec<usize>,
    /// The affordable options of each level's item, cheapest first (node indexes), and
    /// where each level's run starts; the one tried at each level.
    tries: Vec<usize>,
    tries_at: Vec<usize>,
    tried: Vec<usize>,
    part_cost: Vec<u64>,
    at: At,
    books: Books,
    level: usize,
}

impl CellBest {
    /// The search for the `k` cheapest solutions of `problem` (without item bounds).
    pub(crate) fn new(problem: &Problem, k: usize) -> CellBest {
        let (net, tax) = net_costs(problem);
        let c = Cells::new(problem, false);
        let mut node_cost = vec![0u64; c.nodes.len()];
        let mut first = 1;
        for q in 1..c.nodes.len() {
            if c.nodes[q].item < 0 {
                let cost = net[c.colors[q] as usize];
                node_cost[first..q].fill(cost);
                first = q + 1;
            }
        }
        let done = c.uncoverable;
        let mut best = CellBest {
            c,
            node_cost,
            stack: Vec::new(),
            saved: vec![0],
            tries: Vec::new(),
            tries_at: vec![0],
            tried: vec![0],
            part_cost: vec![0],
            at: At::Enter,
            books: Books::new(k, tax),
            level: 0,
        };
        if done {
            // Some primary item has no option: no solution.
            best.finish(Status::Complete);
        }
        best
    }

    /// The active primary item with the fewest options cheaper than `budget` (the dearest
    /// cheapest option on ties, then the first), with that number; `None` when no primary
    /// item is active (a solution).
    fn choose(&self, budget: u64) -> Option<(i32, u32)> {
        let c = &self.c;
        let mut found = None;
        let (mut fewest, mut dearest) = (u32::MAX, 0);
        for &x in &c.item[..c.active] {
            if x >= c.second {
                continue;
            }
            let (mut count, mut cheapest) = (0u32, INFINITE);
            for &n in &c.set[x as usize..(x + c.size(x)) as usize] {
                let cost = self.node_cost[n as usize];
                if cost < budget {
                    count += 1;
                    cheapest = cheapest.min(cost);
                }
            }
            if count == 0 {
                return Some((x, 0));
            }
            let better = count < fewest
                || (count == fewest && cheapest > dearest)
                || (count == fewest && cheapest == dearest && found.is_some_and(|(b, _)| x < b));
            if better {
                found = Some((x, count));
                (fewest, dearest) = (count, cheapest);
            }
        }
        found
    }

    /// The options of the solution at `level`.
    fn solution(&self, level: usize) -> Vec<OptionId> {
        (0..level)
            .map(|l| self.c.option_of(self.tries[self.tried[l] - 1]))
            .collect()
    }

    /// Makes room for level `level`'s records.
    fn grow(&mut self, level: usize) {
        if self.saved.len() <= level + 1 {
            self.saved.resize(level + 2, 0);
            self.tries_at.resize(level + 2, 0);
            self.tried.resize(level + 2, 0);
            self.part_cost.resize(level + 2, 0);
        }
    }

    /// Runs the machine to the next improvement, or to the end.
    pub(crate) fn next_improvement(&mut self) -> Option<Costed> {
        loop {
            match self.at {
                At::Enter => {
                    let level = self.level;
                    if self.books.limits.max_nodes.is_some()
                        || self.books.stats.nodes >= self.books.next_poll
                    {
                        if self.limit_reached() {
                            return None;
                        }
                        if self.part_cost[level] >= self.books.cutoff {
                            self.at = At::Back;
                            continue;
                        }
                    }
                    self.grow(level);
                    self.books.stats.nodes += 1;
                    self.count_level(level);
                    let Some((x, usable)) = self.choose(self.books.cutoff - self.part_cost[level])
                    else {
                        // No primary item left: a solution.
                        let (options, net) = (self.solution(level), self.part_cost[level]);
                        self.at = At::Back;
                        if let Some(found) = self.found(options, net) {
                            return Some(found);
                        }
                        continue;
                    };
                    self.books.stats.branches += u64::from(usable >= 2);
                    if usable == 0 {
                        self.books.stats.dead_ends += 1;
                        self.at = At::Back;
                        continue;
                    }
                    let budget = self.books.cutoff - self.part_cost[level];
                    let c = &self.c;
                    let mut mine: Vec<(u64, usize, usize)> = c.set
                        [x as usize..(x + c.size(x)) as usize]
                        .iter()
                        .map(|&n| n as usize)
                        .filter(|&n| self.node_cost[n] < budget)
                        .map(|n| (self.node_cost[n], c.option_of(n).index(), n))
                        .collect();
                    mine.sort_unstable();
                    self.tries.truncate(self.tries_at[level]);
                    self.tries.extend(mine.iter().map(|m| m.2));
                    self.tries_at[level + 1] = self.tries.len();
                    self.tried[level] = self.tries_at[level];
                    let c = &mut self.c;
                    c.swap_out(x);
                    let oactive = c.active;
                    c.hide::<false>(x, 0, oactive);
                    self.stack.truncate(self.saved[level]);
                    c.save_sizes(&mut self.stack);
                    self.saved[level + 1] = self.stack.len();
                    self.at = At::Next;
                }
                At::Next => {
                    let level = self.level;
                    let t = self.tried[level];
                    if t == self.tries_at[level + 1] {
                        self.at = At::Back;
                        continue;
                    }
                    let n = self.tries[t];
                    let budget = self.books.cutoff - self.part_cost[level];
                    if self.node_cost[n] >= budget {
                        self.at = At::Back;
                        continue;
                    }
                    self.tried[level] = t + 1;
                    let c = &mut self.c;
                    let (from, to) = (self.saved[level], self.saved[level + 1]);
                    c.restore_sizes(&self.stack[from..to]);
                    c.force.clear();
                    let oactive = c.active;
                    c.swap_out_others(n);
                    let ok = hide_others(c, n, oactive);
                    c.force.clear();
                    if !ok {
                        continue;
                    }
                    // `tried[level]` is one past the option taken.
                    let cost = self.part_cost[level] + self.node_cost[n];
                    self.level += 1;
                    self.grow(self.level);
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

impl KeepsBooks for CellBest {
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
        (self.c.updates, self.books.stats.cleansings)
    }
}
