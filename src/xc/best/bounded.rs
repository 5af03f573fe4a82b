//! The K cheapest solutions of a problem with item bounds: Algorithm M's moves (DLX3, as
//! `multiplicity.rs` makes them) searched with DLX5's two habits, a cost order and a cutoff.
//!
//! - **Sorted lists.** Each item's list runs from the cheapest option to the dearest
//!   ([`Layout::by_cost`]), so a level tries its item's options cheapest first, and the
//!   cheapest option left in an item's list is at its top.
//! - **Cutoffs.** The search keeps the K best costs found so far; the K-th is the cutoff
//!   (infinite until K solutions are known, and never above a bound shared by other
//!   searches). At a level whose partial solution costs `c`, the first option costing
//!   `cutoff - c` or more ends the level's options: every option below it is as dear, so
//!   they are all set aside (tweaked, as Algorithm M sets aside the options it has tried)
//!   and the level goes on to its null move, which adds no cost, when the item's lower bound
//!   allows one.
//! - **The cheapest completion.** Every active item still short of its lower bound must take
//!   one more option from its list, so a completion costs at least the dearest of those
//!   items' cheapest options; a node where that reaches the cutoff is a dead end.
//!
//! DLX5's taxes do not carry over: a solution covers a bounded item a varying number of
//! times, so it does not pay each item's tax once, and the net costs would not rank the
//! solutions as their costs do. The item chosen is DLX3's (the fewest ways to go), not
//! DLX5's count of options below the cutoff.

use crate::xc::layout::{Around, Colored, Layout, Off, Walk, WalkChoice};
use crate::xc::matrix::Matrix;
use crate::xc::multiplicity::Bounds;
use crate::xc::node::{Item, Link};
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::Status;
use crate::xc::storage::Owned;
use crate::xc::unchecked::node;

use super::{Books, Costed, KeepsBooks};

/// Where the machine stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// Enter a node at `level`.
    Enter,
    /// Make the level's next move, from `moves[level]`.
    Advance,
    /// The level is left: go up to the one above and undo its move.
    Back,
    /// The search is over.
    Done,
}

/// Algorithm M with costs (see the module documentation).
pub(super) struct Bounded {
    m: Matrix<Owned>,
    bounds: Bounds,
    /// Each node's option's cost, by node (0 for headers and spacers).
    cost: Vec<u64>,
    colored: bool,
    at: At,
    books: Books,
    level: usize,
    /// Per level: the item branched on, its current move (its header: the null move), the
    /// first tweak (for leaving it) and the partial cost when the level was entered.
    items: Vec<Item>,
    moves: Vec<Link>,
    firsts: Vec<Link>,
    part_cost: Vec<u64>,
    cur_cost: u64,
    /// The level the search starts at and ends at: the number of moves replayed before it
    /// (a part of a split tree, [`Bounded::replay`]).
    floor: usize,
}

impl Bounded {
    /// The search for the `k` cheapest solutions of `problem` (which has bounds).
    pub(super) fn new(problem: &Problem, k: usize) -> Bounded {
        let walk = WalkChoice::for_problem(problem);
        let layout = Layout::by_cost(problem, walk);
        let m = Matrix::owned(problem, layout);
        let mut cost = vec![0u64; m.node_count()];
        for option in problem.options() {
            let first = m.option_first(option).index();
            let width = problem.option(option).len();
            cost[first..first + width].fill(problem.option_cost(option));
        }
        Bounded {
            bounds: Bounds::new(problem),
            colored: walk.colored(),
            m,
            cost,
            at: At::Enter,
            books: Books::new(k, 0),
            level: 0,
            items: Vec::new(),
            moves: Vec::new(),
            firsts: Vec::new(),
            part_cost: Vec::new(),
            cur_cost: 0,
            floor: 0,
        }
    }

    /// Makes the moves of a path of the tree from the root (each numbered from 1 at its
    /// level, as a split of this search numbers them, `Split::for_best`), so the search
    /// visits the subtree below them and ends there: its solutions begin with the moves'
    /// options. The moves are made regardless of the cutoff and counted as nothing (the
    /// split counted them). False, with the search unusable, when the path is not one of
    /// the tree's.
    pub(super) fn replay(&mut self, moves: &[u32]) -> bool {
        let counted = (self.m.updates, self.m.cleansings);
        for &k in moves {
            let made = if self.colored {
                self.m.make_move::<Colored<Off>>(&mut self.bounds, k)
            } else {
                self.m.make_move::<Around<Off>>(&mut self.bounds, k)
            };
            let Some(made) = made else {
                self.finish(Status::Complete);
                return false;
            };
            self.items.push(made.item);
            self.moves.push(made.x);
            self.firsts.push(made.first);
            self.part_cost.push(self.cur_cost);
            if made.x != made.item.header() {
                self.cur_cost += self.cost[made.x.index()];
            }
            self.level += 1;
        }
        (self.m.updates, self.m.cleansings) = counted;
        self.floor = self.level;
        true
    }

    /// Runs the machine to the next improvement, or to the end.
    pub(super) fn next_improvement(&mut self) -> Option<Costed> {
        if self.colored {
            self.step::<Colored<Off>>()
        } else {
            self.step::<Around<Off>>()
        }
    }

    /// The least any completion of the current partial solution costs: the dearest of the
    /// cheapest options of the active items still short of their lower bound.
    fn cheapest_completion(&self) -> u64 {
        let mut least = 0;
        for c in self.bounds.active() {
            let (bound, slack) = self.bounds.of(c);
            let top = self.m.top(c);
            if bound > slack && top != c.header() {
                least = least.max(self.cost[top.index()]);
            }
        }
        least
    }

    fn step<W: Walk>(&mut self) -> Option<Costed> {
        loop {
            match self.at {
                At::Enter => {
                    if (self.books.limits.max_nodes.is_some()
                        || self.books.stats.nodes >= self.books.next_poll)
                        && self.limit_reached()
                    {
                        return None;
                    }
                    let level = self.level;
                    if level == self.items.len() {
                        self.items.push(Item::default());
                        self.moves.push(Link::default());
                        self.firsts.push(Link::default());
                        self.part_cost.push(0);
                    }
                    self.books.stats.nodes += 1;
                    self.count_level(level);
                    let Some((item, score)) = self.m.choose_bounded(&self.bounds) else {
                        self.at = At::Back;
                        let (m, moves, items) = (&self.m, &self.moves, &self.items);
                        let taken = &moves[..self.level];
                        let found = self
                            .books
                            .improve(self.cur_cost, || solution(m, taken, items));
                        if self.books.done {
                            self.at = At::Done;
                        }
                        match found {
                            Some(found) => return Some(found),
                            None => continue,
                        }
                    };
                    self.books.stats.branches += u64::from(score >= 2);
                    if score <= 0
                        || self.cur_cost.saturating_add(self.cheapest_completion())
                            >= self.books.cutoff
                    {
                        self.books.stats.dead_ends += 1;
                        self.at = At::Back;
                        continue;
                    }
                    let mut d = self.m.take_out::<W>();
                    let (x, first) = d.enter_bounded::<W>(item, &mut self.bounds);
                    let counters = d.counters();
                    self.m.put_back::<W>(counters);
                    self.items[level] = item;
                    self.moves[level] = x;
                    self.firsts[level] = first;
                    self.part_cost[level] = self.cur_cost;
                    self.at = At::Advance;
                }
                At::Advance => {
                    let level = self.level;
                    let (item, mut x) = (self.items[level], self.moves[level]);
                    let header = item.header();
                    let dear = |x: Link| self.cur_cost.saturating_add(self.cost[x.index()]);
                    let too_dear = x != header && dear(x) >= self.books.cutoff;
                    let mut d = self.m.take_out::<W>();
                    let mut open = true;
                    if too_dear {
                        // This option and every one below it cost too much here: set them
                        // aside as tried, on to the null move.
                        while x != header {
                            if !d.advance_bounded::<W>(item, x, &mut self.bounds) {
                                open = false;
                                break;
                            }
                            x = node(d.nodes, x).down;
                        }
                    }
                    let moved = open && d.advance_bounded::<W>(item, x, &mut self.bounds);
                    if moved && x != header {
                        d.commit_bounded::<W>(x, &mut self.bounds);
                    } else if !moved {
                        d.leave_bounded::<W>(item, &mut self.bounds, self.firsts[level]);
                    }
                    let counters = d.counters();
                    self.m.put_back::<W>(counters);
                    self.moves[level] = x;
                    if moved {
                        if x != header {
                            self.cur_cost += self.cost[x.index()];
                        }
                        self.level += 1;
                        self.at = At::Enter;
                    } else {
                        self.at = At::Back;
                    }
                }
                At::Back => {
                    if self.level == self.floor {
                        self.finish(Status::Complete);
                        return None;
                    }
                    self.level -= 1;
                    let level = self.level;
                    let (item, x) = (self.items[level], self.moves[level]);
                    self.cur_cost = self.part_cost[level];
                    let mut d = self.m.take_out::<W>();
                    if x == item.header() {
                        // The null move is undone, and with it the level.
                        self.bounds.reactivate(item);
                        d.leave_bounded::<W>(item, &mut self.bounds, self.firsts[level]);
                    } else {
                        d.uncommit_bounded::<W>(x, &mut self.bounds);
                        self.moves[level] = node(d.nodes, x).down;
                        self.at = At::Advance;
                    }
                    let counters = d.counters();
                    self.m.put_back::<W>(counters);
                }
                At::Done => return None,
            }
        }
    }
}

/// The options of the moves made (`taken`; a move at its item's header is a null move), in
/// the order made.
fn solution(m: &Matrix<Owned>, taken: &[Link], items: &[Item]) -> Vec<OptionId> {
    taken
        .iter()
        .zip(items)
        .filter(|(x, c)| **x != c.header())
        .map(|(&x, _)| m.option_of(x))
        .collect()
}

impl KeepsBooks for Bounded {
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
        (self.m.updates, self.m.cleansings)
    }
}
