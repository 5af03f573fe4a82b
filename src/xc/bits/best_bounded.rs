//! The K cheapest solutions of a problem with item bounds on bit sets: the links' bounded
//! minimum-cost search (`best/bounded.rs`: Algorithm M's moves in DLX5's cost order, a
//! cutoff, the cheapest completion) with the options still available as the bits of a word
//! array and a counter per primary item beside them (`moves.rs`, shared with the listing in
//! the links' seeded order).
//!
//! The options are numbered from the cheapest to the dearest (ties in the problem's order),
//! so each item's options, read bit by bit, come in the order of the links' sorted lists,
//! and an item's cheapest option left is its first bit. The tree is the links', node for
//! node: the item is DLX3's (the fewest ways to go; on ties the least slack, then the most
//! options, then the first), including an item that nothing can cover any more but that
//! may stay as it is (a node whose one move is the null move); a move takes the item's
//! first option left (those before it left out below it), and last, when the item needs no
//! more, the null move; the first option costing the cutoff less the partial cost or more
//! ends the options, on to the null move; a node whose cheapest completion reaches the
//! cutoff is a dead end. So the costs, the solutions found, their order and the node count
//! are the links', and a path of Algorithm M's moves, numbered from 1 at each level as a
//! split of the links' search names them (`Split::for_best`), names the same subtree here:
//! threads and shards search their parts on bit sets ([`BitBestBounded::replay`]).
//!
//! The statistics count as [`BestSolver`](crate::xc::BestSolver) does (a solution is a node,
//! `solutions` counts improvements); the bit sets make no updates, so those stay 0.

use super::moves::{Moves, State, NULL};
use super::BitsError;
use crate::xc::best::{Books, Costed, KeepsBooks};
use crate::xc::choose::SearchOrder;
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::Status;

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

/// The links' bounded minimum-cost search on bit masks (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct BitBestBounded {
    /// The masks, with the options numbered from the cheapest up.
    moves: Moves,
    /// Each bit's option's cost.
    cost: Vec<u64>,
    /// For the node at depth `d`: `states[2 * d]` on entering it, `states[2 * d + 1]` the
    /// same less the options its moves so far took or left out.
    states: Vec<State>,
    /// Per level: the item branched on, the option of its current move (or [`NULL`]), the
    /// partial cost on entering it.
    item: Vec<u32>,
    taken: Vec<u32>,
    part_cost: Vec<u64>,
    cur_cost: u64,
    at: At,
    books: Books,
    level: usize,
    /// The level the search starts at and ends at: the moves replayed before it.
    floor: usize,
}

impl BitBestBounded {
    /// The search for the `k` cheapest solutions of `problem` (which has bounds); refused
    /// when the problem is too large for the masks.
    pub(crate) fn new(problem: &Problem, k: usize) -> Result<BitBestBounded, BitsError> {
        let mut origin: Vec<OptionId> = problem.options().collect();
        origin.sort_by_key(|&o| problem.option_cost(o));
        let cost: Vec<u64> = origin.iter().map(|&o| problem.option_cost(o)).collect();
        let (moves, root) = Moves::new(problem, origin, &SearchOrder::new())?;
        Ok(BitBestBounded {
            moves,
            cost,
            states: vec![root],
            item: Vec::new(),
            taken: Vec::new(),
            part_cost: Vec::new(),
            cur_cost: 0,
            at: At::Enter,
            books: Books::new(k, 0),
            level: 0,
            floor: 0,
        })
    }

    /// The least any completion of `state` costs: the dearest of the cheapest options of
    /// the items that still need one (an item's first option left is its cheapest).
    fn cheapest_completion(&self, state: &State) -> u64 {
        let mut least = 0;
        for p in 0..state.room.len() {
            if self.moves.need(state, p) > 0 {
                if let Some((_, r)) = self.moves.next(state, p, 0) {
                    least = least.max(self.cost[r]);
                }
            }
        }
        least
    }

    /// Makes sure the node at `level` and the one below it have their state and slots.
    fn reserve(&mut self, level: usize) {
        while self.states.len() < 2 * level + 3 {
            self.states.push(State::default());
        }
        if self.item.len() <= level {
            self.item.resize(level + 1, 0);
            self.taken.resize(level + 1, NULL);
            self.part_cost.resize(level + 1, 0);
        }
    }

    /// Takes option `r` at the node at `level`.
    fn take(&mut self, level: usize, r: usize) {
        self.moves.take(&mut self.states, level, r);
        self.taken[level] = r as u32;
        self.cur_cost = self.cur_cost.saturating_add(self.cost[r]);
    }

    /// Makes the null move of the node at `level`, branching on item `p`.
    fn leave_alone(&mut self, level: usize, p: usize) {
        self.moves.leave_alone(&mut self.states, level, p);
        self.taken[level] = NULL;
    }

    /// Enters the node at `level` on item `p`: its moves start from all of its options.
    fn open(&mut self, level: usize, p: usize) {
        Moves::open(&mut self.states, level);
        self.item[level] = p as u32;
        self.part_cost[level] = self.cur_cost;
    }

    /// Makes the moves of a path of the tree from the root (each numbered from 1 at its
    /// level, as the links' `Matrix::make_move` numbers them for `Split::for_best`), so the
    /// search visits the subtree below them and ends there. The moves are made regardless
    /// of the cutoff and counted as nothing (the split counted them). False, with the search
    /// over, when the path is not one of the tree's.
    pub(crate) fn replay(&mut self, moves: &[u32]) -> bool {
        for &k in moves {
            let level = self.level;
            self.reserve(level);
            let chosen = self.moves.choose(&self.states[2 * level]);
            let Some((p, _)) = chosen.filter(|&(_, score)| k > 0 && score > 0) else {
                self.finish(Status::Complete);
                return false;
            };
            self.open(level, p);
            let left = 2 * level + 1;
            let need = self.moves.need(&self.states[left], p);
            for j in 1..=k {
                let state = &self.states[left];
                match self.moves.next(state, p, 0) {
                    Some((_, r)) if self.moves.len(state, p) >= need => {
                        if j == k {
                            self.take(level, r);
                        } else {
                            self.moves.skip(&mut self.states, level, r);
                        }
                    }
                    // The null move, the last.
                    None if need == 0 && j == k => self.leave_alone(level, p),
                    _ => {
                        self.finish(Status::Complete);
                        return false;
                    }
                }
            }
            self.level += 1;
        }
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
                    let Some((p, score)) = self.moves.choose(&self.states[2 * level]) else {
                        self.at = At::Back;
                        let (moves, taken) = (&self.moves, &self.taken[..self.level]);
                        let found = self.books.improve(self.cur_cost, || solution(moves, taken));
                        if self.books.done {
                            self.at = At::Done;
                        }
                        match found {
                            Some(found) => return Some(found),
                            None => continue,
                        }
                    };
                    self.books.stats.branches += u64::from(score >= 2);
                    let completion = self.cheapest_completion(&self.states[2 * level]);
                    if score <= 0 || self.cur_cost.saturating_add(completion) >= self.books.cutoff {
                        self.books.stats.dead_ends += 1;
                        self.at = At::Back;
                        continue;
                    }
                    self.open(level, p);
                    self.at = At::Advance;
                }
                At::Advance => {
                    let level = self.level;
                    let p = self.item[level] as usize;
                    let left = 2 * level + 1;
                    let state = &self.states[left];
                    let need = self.moves.need(state, p);
                    let next = self.moves.next(state, p, 0);
                    let dear = |r: usize| self.cur_cost.saturating_add(self.cost[r]);
                    match next {
                        Some((_, r)) if dear(r) < self.books.cutoff => {
                            if self.moves.len(state, p) < need {
                                self.at = At::Back;
                                continue;
                            }
                            self.take(level, r);
                        }
                        // Too dear, and so is every option after it: all are left out, on
                        // to the null move.
                        _ if need == 0 => self.leave_alone(level, p),
                        _ => {
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
                    if self.taken[level] != NULL {
                        self.at = At::Advance;
                    }
                }
                At::Done => return None,
            }
        }
    }
}

/// The options of the moves made (`taken`, [`NULL`] for a null move), in the order made.
fn solution(moves: &Moves, taken: &[u32]) -> Vec<OptionId> {
    taken
        .iter()
        .filter(|&&r| r != NULL)
        .map(|&r| moves.origin[r as usize])
        .collect()
}

impl KeepsBooks for BitBestBounded {
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
        (0, 0)
    }
}
