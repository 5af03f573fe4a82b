//! The K cheapest solutions of a problem with item bounds on dancing cells: the links'
//! bounded minimum-cost search (`best/bounded.rs`: Algorithm M's moves in DLX5's cost
//! order, a cutoff, the cheapest completion) on SSMCC's sparse sets (`bounded.rs`), each
//! item's bound and slack in its set's header.
//!
//! The tree is the links', node for node, so the costs, the solutions found, their order
//! and the node count are the links', and a path of numbered moves from a split of the
//! links' search (`Split::for_best`) names the same subtree here
//! ([`CellBestBounded::replay`]): threads and shards search their parts on dancing cells.
//! To keep that tree, three habits of SSMCC's own search are left out:
//!
//! - **No early refusal.** Removing or including an option never stops half-way because
//!   some item would fall below its lower bound; the next node finds that item's degree at
//!   0 or less and is a dead end, as on the links.
//! - **Empty items stay.** A primary item whose last option goes stays active with size 0
//!   (the links keep its empty list): a node then branches on it with the null move alone,
//!   or ends there when its lower bound is not met. Only covering (its bound reaching 0)
//!   and its null move make it inactive.
//! - **Algorithm M's moves, not SSMCC's binary ones.** A node on item `i` takes its
//!   options cheapest first (the links' sorted lists: by cost, ties in the problem's order),
//!   each with the ones before it left out everywhere (Algorithm M's tweaks), and last, when
//!   `i` has its lower bound, the null move, which leaves `i` as it is; the item is DLX3's
//!   (the least degree `size + min(slack, bound) - bound + 1`, then the least
//!   `min(slack, bound)`, the longest set and the first item).
//!
//! A sparse set keeps no order, so a move finds its option by scanning the item's set for
//! the cheapest left, and the cheapest completion scans the sets of the items still short of
//! their lower bound. Each move saves the sizes and bounds of the active items, as SSMCC
//! saves them at a branching node, and backing out of it writes them back.
//!
//! The statistics count as [`BestSolver`](crate::xc::BestSolver) does (a solution is a node,
//! `solutions` counts improvements); updates are options taken out of an item's set.

use super::bounded::Bounded;
use super::matrix::{get, get_mut, node};
use crate::xc::best::{Books, Costed, KeepsBooks};
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::Status;

/// A level's move: no option (the null move).
const NULL: usize = usize::MAX;

/// Where the machine stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// Enter a node at `level`: choose its item.
    Enter,
    /// Make the level's next move.
    Advance,
    /// The level is left: go up to the one above and on to its next move.
    Back,
    /// The search is over.
    Done,
}

/// A save-stack entry: an item, its size and its bound before a move.
#[derive(Clone, Copy, Debug)]
struct Saved {
    item: i32,
    size: i32,
    bound: i32,
}

/// The links' bounded minimum-cost search on dancing cells (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct CellBestBounded {
    b: Bounded,
    /// Each node's option's cost (spacers: 0).
    cost: Vec<u64>,
    /// The sizes and bounds saved before each level's move, and where each level's start.
    stack: Vec<Saved>,
    saved: Vec<usize>,
    /// Per level: the item branched on, the node of its current move (or [`NULL`]), the
    /// partial cost on entering it.
    item: Vec<i32>,
    taken: Vec<usize>,
    part_cost: Vec<u64>,
    cur_cost: u64,
    at: At,
    books: Books,
    level: usize,
    /// The level the search starts at and ends at: the moves replayed before it.
    floor: usize,
}

/// What a node's item allows next.
enum Next {
    /// Take this option (a node).
    Take(usize),
    /// Leave the item as it is.
    Null,
    /// No move is left.
    None,
}

impl CellBestBounded {
    /// The search for the `k` cheapest solutions of `problem` (which has bounds).
    pub(crate) fn new(problem: &Problem, k: usize) -> CellBestBounded {
        let mut b = Bounded::new(problem, false);
        // SSMCC sets aside the items without options; the links keep them (see above).
        b.active = b.item.len();
        let mut cost = vec![0u64; b.nodes.len()];
        let mut start = 1;
        for q in 1..b.nodes.len() {
            if b.nodes[q].item < 0 {
                let option = OptionId::new(b.colors[q] as usize);
                cost[start..q].fill(problem.option_cost(option));
                start = q + 1;
            }
        }
        CellBestBounded {
            b,
            cost,
            stack: Vec::new(),
            saved: vec![0],
            item: Vec::new(),
            taken: Vec::new(),
            part_cost: Vec::new(),
            cur_cost: 0,
            at: At::Enter,
            books: Books::new(k, 0),
            level: 0,
            floor: 0,
        }
    }

    /// Takes the option of node `n` out of the sets of its active items.
    fn remove(&mut self, n: usize) {
        let b = &mut self.b;
        let mut nn = b.first_of(n);
        loop {
            let super::matrix::Node { item: ii, loc: p } = *node(&b.nodes, nn);
            if ii <= 0 {
                break;
            }
            if b.pos(ii) < b.active {
                let ss = b.size(ii) - 1;
                b.shrink(ii, ss, nn, p);
                b.updates += 1;
            }
            nn += 1;
        }
    }

    /// Includes the option of node `x`: each of its primary items takes one off its bound
    /// and is covered when none is left (its other options taken out everywhere), or else
    /// loses `x` from its set; each of its secondary items still active is committed (the
    /// options of other colours taken out) and made inactive.
    fn include(&mut self, x: usize) {
        let mut opt = self.b.first_of(x);
        loop {
            let b = &mut self.b;
            let super::matrix::Node { item: ii, loc: pp } = *node(&b.nodes, opt);
            if ii <= 0 {
                return;
            }
            if b.pos(ii) >= b.active {
                // A purified secondary item.
                opt += 1;
                continue;
            }
            let primary = ii < b.second;
            if primary {
                *get_mut(&mut b.set, ii as usize - 3) -= 1;
            }
            if !primary || b.bound(ii) == 0 {
                let c = if primary { 0 } else { get(&b.colors, opt) };
                for s in (ii..ii + b.size(ii)).rev() {
                    if s == pp {
                        continue;
                    }
                    let other = get(&self.b.set, s as usize) as usize;
                    if c == 0 || get(&self.b.colors, other) != c {
                        self.remove(other);
                    }
                }
                self.b.deactivate(ii);
            } else {
                let ss = b.size(ii) - 1;
                b.shrink(ii, ss, opt, pp);
                b.updates += 1;
            }
            opt += 1;
        }
    }

    /// DLX3's choice over the active primary items (see the module documentation), with its
    /// degree, and the least any completion costs (the dearest of the cheapest options of
    /// the items still short of their lower bound); `None` when no primary item is active.
    fn choose(&self) -> Option<(i32, i32, u64)> {
        let b = &self.b;
        let mut best = None;
        let mut key = (i32::MAX, i32::MAX, i32::MIN);
        let mut least = 0u64;
        for &x in &b.item[..b.active] {
            if x >= b.second {
                continue;
            }
            let (bound, slack, l) = (b.bound(x), b.slack(x), b.size(x));
            let s = slack.min(bound);
            let t = l + s - bound + 1;
            if (t, s, -l) < key || ((t, s, -l) == key && best.is_some_and(|y| x < y)) {
                (key, best) = ((t, s, -l), Some(x));
            }
            if bound > slack {
                if let Some(n) = self.cheapest(x) {
                    least = least.max(self.cost[n]);
                }
            }
        }
        best.map(|x| (x, key.0, least))
    }

    /// The cheapest option left in item `x`'s set (ties to the first in the problem), as a
    /// node.
    fn cheapest(&self, x: i32) -> Option<usize> {
        let b = &self.b;
        b.set[x as usize..(x + b.size(x)) as usize]
            .iter()
            .map(|&n| n as usize)
            .min_by_key(|&n| (self.cost[n], n))
    }

    /// The next move of the node at `level` (its earlier moves' options taken out), as
    /// Algorithm M finds it on the links: `None` when the item's set is too short for its
    /// lower bound, or when the move would be the null move of an item that needs more.
    fn next_move(&self, level: usize) -> Next {
        let b = &self.b;
        let x = self.item[level];
        let (bound, slack) = (b.bound(x), b.slack(x));
        // The links take one off the bound on entering the node, and cover the item when
        // that leaves none; with no slack either, its moves are its options alone.
        let exact = bound == 1 && slack == 0;
        let short = !exact && b.size(x) <= bound - 1 - slack;
        match self.cheapest(x) {
            _ if short => Next::None,
            Some(n) => Next::Take(n),
            None if exact => Next::None,
            None => Next::Null,
        }
    }

    /// Saves the sizes and bounds of the active items before the move at `level`.
    fn save(&mut self, level: usize) {
        let b = &self.b;
        self.stack.truncate(self.saved[level]);
        self.stack.extend(b.item[..b.active].iter().map(|&x| Saved {
            item: x,
            size: b.size(x),
            bound: b.bound(x),
        }));
        if self.saved.len() <= level + 1 {
            self.saved.resize(level + 2, 0);
        }
        self.saved[level + 1] = self.stack.len();
    }

    /// Writes back what [`CellBestBounded::save`] saved at `level`.
    fn restore(&mut self, level: usize) {
        let (from, to) = (self.saved[level], self.saved[level + 1]);
        let b = &mut self.b;
        b.active = to - from;
        for e in &self.stack[from..to] {
            *get_mut(&mut b.set, e.item as usize - 1) = e.size;
            *get_mut(&mut b.set, e.item as usize - 3) = e.bound;
        }
    }

    /// Makes the move of the node at `level`: takes option node `n`, or (`NULL`) leaves the
    /// item as it is.
    fn make(&mut self, level: usize, n: usize) {
        self.save(level);
        self.taken[level] = n;
        if n == NULL {
            self.b.deactivate(self.item[level]);
        } else {
            self.include(n);
            self.cur_cost = self.cur_cost.saturating_add(self.cost[n]);
        }
    }

    /// Makes sure the node at `level` has its slots.
    fn reserve(&mut self, level: usize) {
        if self.item.len() <= level {
            self.item.resize(level + 1, 0);
            self.taken.resize(level + 1, NULL);
            self.part_cost.resize(level + 1, 0);
        }
    }

    /// Makes the moves of a path of the tree from the root (each numbered from 1 at its
    /// level, as the links' `Matrix::make_move` numbers them for `Split::for_best`), so the
    /// search visits the subtree below them and ends there. The moves are made regardless
    /// of the cutoff and counted as nothing (the split counted them). False, with the search
    /// over, when the path is not one of the tree's.
    pub(crate) fn replay(&mut self, moves: &[u32]) -> bool {
        let updates = self.b.updates;
        for &k in moves {
            let level = self.level;
            self.reserve(level);
            let Some((x, _, _)) = self.choose().filter(|c| k > 0 && c.1 > 0) else {
                self.finish(Status::Complete);
                return false;
            };
            self.item[level] = x;
            self.part_cost[level] = self.cur_cost;
            for j in 1..=k {
                match self.next_move(level) {
                    Next::Take(n) if j == k => self.make(level, n),
                    Next::Take(n) => self.remove(n),
                    Next::Null if j == k => self.make(level, NULL),
                    _ => {
                        self.finish(Status::Complete);
                        return false;
                    }
                }
            }
            self.level += 1;
        }
        self.b.updates = updates;
        self.floor = self.level;
        true
    }

    /// Runs the machine to the next improvement, or to the end.
    pub(crate) fn next_improvement(&mut self) -> Option<Costed> {
        loop {
            match self.at {
                At::Enter => {
                    if (self.books.limits.max_nodes.is_some()
                        || self.books.stats.nodes >= self.books.next_poll)
                        && self.books.limit_reached()
                    {
                        self.at = At::Done;
                        return None;
                    }
                    let level = self.level;
                    self.reserve(level);
                    self.books.stats.nodes += 1;
                    self.books.count_level(level);
                    let Some((x, score, completion)) = self.choose() else {
                        self.at = At::Back;
                        let (b, taken) = (&self.b, &self.taken[..self.level]);
                        let found = self.books.improve(self.cur_cost, || solution(b, taken));
                        if self.books.done {
                            self.at = At::Done;
                        }
                        match found {
                            Some(found) => return Some(found),
                            None => continue,
                        }
                    };
                    self.books.stats.branches += u64::from(score >= 2);
                    if score <= 0 || self.cur_cost.saturating_add(completion) >= self.books.cutoff {
                        self.books.stats.dead_ends += 1;
                        self.at = At::Back;
                        continue;
                    }
                    self.item[level] = x;
                    self.part_cost[level] = self.cur_cost;
                    self.at = At::Advance;
                }
                At::Advance => {
                    let level = self.level;
                    let mut next = self.next_move(level);
                    if let Next::Take(n) = next {
                        if self.cur_cost.saturating_add(self.cost[n]) >= self.books.cutoff {
                            // This option and every one after it cost too much here: take
                            // them out as tried, on to the null move.
                            loop {
                                match self.next_move(level) {
                                    Next::Take(n) => self.remove(n),
                                    other => {
                                        next = other;
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    match next {
                        Next::Take(n) => self.make(level, n),
                        Next::Null => self.make(level, NULL),
                        Next::None => {
                            self.at = At::Back;
                            continue;
                        }
                    }
                    self.level += 1;
                    self.at = At::Enter;
                }
                At::Back => {
                    if self.level == self.floor {
                        self.finish(Status::Complete);
                        return None;
                    }
                    self.level -= 1;
                    let level = self.level;
                    self.cur_cost = self.part_cost[level];
                    let n = self.taken[level];
                    if n != NULL {
                        self.restore(level);
                        self.remove(n);
                        self.at = At::Advance;
                    }
                }
                At::Done => return None,
            }
        }
    }
}

/// The options of the moves made (`taken`, [`NULL`] for a null move), in the order made.
fn solution(b: &Bounded, taken: &[usize]) -> Vec<OptionId> {
    taken
        .iter()
        .filter(|&&n| n != NULL)
        .map(|&n| b.option_of(n))
        .collect()
}

impl KeepsBooks for CellBestBounded {
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
        (self.b.updates, 0)
    }
}
