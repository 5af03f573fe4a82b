//! Bidirectional cycles, as Sudoku Explainer finds and rates them (its `Chaining` rule's
//! cycles, `CycleHint`): simple colouring, X-cycles, Y-cycles and the cycles mixing links
//! inside cells and inside units (nice loops).
//!
//! From a candidate assumed on, a breadth-first search alternates *weak* implications (a
//! digit on turns off the digit in the cell's peers, and with links inside cells the cell's
//! other digits) and *strong* ones (a digit off turns on the only other place of the digit
//! in a unit, and with links inside cells the other digit of a bivalue cell), each node
//! remembering the node that first forced it. A path of four links or more that comes back
//! to the assumption on is a *cycle*: its links hold both ways, so every candidate outside
//! the cycle's cells that sees one of its nodes on and one of its nodes off on the same digit
//! is false (whichever way the cycle is coloured, it sees a digit on).
//!
//! Three searches, as SE runs them: links in units only (an *X-cycle*, simple colouring's
//! colour wrap and trap on one digit; SE 6.5), strong links in bivalue cells only (a
//! *Y-cycle*, 6.5; it starts only from a bivalue cell), and both (7.0). A cycle's value is
//! the base and SE's length bonus ([`se::length_bonus`]) on its node count. The cycle of
//! least value is the step (then fewer nodes, then X before Y before mixed, then the first
//! found, cells and digits in order), as SE sorts its chaining hints.
//!
//! Units are every unit of the layout: boxes, then rows, then columns, then the others
//! (SE's order of region types), each in its cells' order.

use super::board::Board;
use super::se;
use super::step::{Candidate, Score, Step, Strategy};

/// The links a search follows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    /// Inside units only (SE's X-cycles).
    Units,
    /// Strong links inside bivalue cells only (SE's Y-cycles).
    Cells,
    /// Both.
    Both,
}

impl Links {
    fn cells(self) -> bool {
        self != Links::Units
    }

    fn units(self) -> bool {
        self != Links::Cells
    }

    /// SE's base value of a cycle found with these links, in tenths.
    fn base(self) -> u16 {
        if self == Links::Both {
            se::forcing_chain(true)
        } else {
            se::Y_CYCLE
        }
    }

    /// SE's sort key among hints of one value and complexity.
    fn key(self) -> u8 {
        match self {
            Links::Units => 2,
            Links::Cells => 3,
            Links::Both => 4,
        }
    }
}

/// No parent.
const ROOT: u32 = u32::MAX;

/// A search's nodes: a candidate on or off and the node that forced it.
struct Search<'a> {
    board: &'a Board,
    n: usize,
    /// Each cell's units, boxes first, then rows, columns, others: (unit, the cell's
    /// position in it), as the board's place masks read them.
    units: Vec<Vec<(usize, usize)>>,
    /// (node id, parent index) in the order reached.
    arena: Vec<(u32, u32)>,
    /// The stamp of each "on" node reached in the current search.
    on_seen: Vec<u32>,
    stamp: u32,
    /// A scratch mark per cell for the weak links' peers.
    added: Vec<u32>,
    added_stamp: u32,
    /// Scratch lists of one node's implications, and the pending nodes of the next layer.
    next: Vec<u32>,
    layer: Vec<u32>,
}

/// A cycle found: its value, node count, sort key, and the eliminations and path.
struct Found {
    tenths: u16,
    complexity: usize,
    key: u8,
    chain: Vec<Candidate>,
    on: Vec<bool>,
    eliminations: Vec<Candidate>,
}

impl<'a> Search<'a> {
    fn new(board: &'a Board) -> Search<'a> {
        let layout = board.layout();
        let n = board.size();
        let rank = |u: usize| {
            use crate::sudoku::grid::UnitKind::*;
            match layout.units()[u].kind {
                Box => 0,
                Row => 1,
                Column => 2,
                _ => 3,
            }
        };
        let units = (0..layout.cells())
            .map(|c| {
                let mut us = board.slots(c).to_vec();
                us.sort_by_key(|&(u, _)| rank(u));
                us
            })
            .collect();
        Search {
            board,
            n,
            units,
            arena: Vec::new(),
            on_seen: vec![0; layout.cells() * n * 2],
            stamp: 0,
            added: vec![0; layout.cells()],
            added_stamp: 0,
            next: Vec::new(),
            layer: Vec::new(),
        }
    }

    fn id(&self, cell: usize, digit: u8, on: bool) -> u32 {
        (((cell * self.n + digit as usize - 1) << 1) | usize::from(on)) as u32
    }

    fn decode(&self, id: u32) -> (usize, u8, bool) {
        let id = id as usize;
        let on = id & 1 == 1;
        let k = id >> 1;
        (k / self.n, (k % self.n) as u8 + 1, on)
    }

    /// Whether node `id` is an ancestor of the node at `at` (not `at` itself).
    fn is_ancestor(&self, at: u32, id: u32) -> bool {
        let mut k = self.arena[at as usize].1;
        while k != ROOT {
            if self.arena[k as usize].0 == id {
                return true;
            }
            k = self.arena[k as usize].1;
        }
        false
    }

    /// Whether `digit` has one other place in some unit of `cell`.
    fn conjugate(&self, cell: usize, digit: u8) -> bool {
        let board = self.board;
        self.units[cell]
            .iter()
            .any(|&(u, _)| board.place_mask(u, digit).count_ones() == 2)
    }

    /// The cycles from `(cell, digit)` on, each as the arena index of its closing node, up
    /// to links that could still give a value of `cap` tenths or less.
    fn cycles(&mut self, cell: usize, digit: u8, links: Links, cap: u16) -> Vec<u32> {
        let board = self.board;
        let source = self.id(cell, digit, true);
        self.arena.clear();
        self.stamp += 1;
        self.arena.push((source, ROOT));
        self.on_seen[source as usize] = self.stamp;
        let mut pending_on = vec![0u32];
        let mut pending_off: Vec<u32> = Vec::new();
        let mut found = Vec::new();
        let mut length = 0usize;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            // A cycle closed past here has more than `length + 2` nodes.
            if length >= 2 && links.base() + se::length_bonus(length + 2) > cap {
                break;
            }
            length += 1;
            let mut layer = std::mem::take(&mut self.layer);
            layer.clear();
            layer.append(&mut pending_on);
            for &at in &layer {
                let (c, d, _) = self.decode(self.arena[at as usize].0);
                let mut offs = std::mem::take(&mut self.next);
                offs.clear();
                if links.cells() {
                    for e in board.candidates(c).iter().filter(|&e| e != d) {
                        offs.push(self.id(c, e, false));
                    }
                }
                self.added_stamp += 1;
                self.added[c] = self.added_stamp;
                for &(unit, _) in &self.units[c] {
                    let cells = &board.layout().units()[unit].cells;
                    let mut places = board.place_mask(unit, d);
                    while places != 0 {
                        let q = cells[places.trailing_zeros() as usize];
                        places &= places - 1;
                        if self.added[q] != self.added_stamp {
                            self.added[q] = self.added_stamp;
                            offs.push(self.id(q, d, false));
                        }
                    }
                }
                for &off in &offs {
                    if !self.is_ancestor(at, off) {
                        self.arena.push((off, at));
                        pending_off.push(self.arena.len() as u32 - 1);
                    }
                }
                self.next = offs;
            }
            length += 1;
            layer.clear();
            layer.append(&mut pending_off);
            for &at in &layer {
                let (c, d, _) = self.decode(self.arena[at as usize].0);
                let mut ons = std::mem::take(&mut self.next);
                ons.clear();
                if links.cells() && board.candidates(c).len() == 2 {
                    let e = board.candidates(c).iter().find(|&e| e != d).unwrap_or(d);
                    ons.push(self.id(c, e, true));
                }
                if links.units() {
                    for &(unit, i) in &self.units[c] {
                        // The digit's one other place in the unit, if it has one.
                        let others = board.place_mask(unit, d) & !(1 << i);
                        if others.count_ones() == 1 {
                            let q = board.layout().units()[unit].cells
                                [others.trailing_zeros() as usize];
                            let on = self.id(q, d, true);
                            if !ons.contains(&on) {
                                ons.push(on);
                            }
                        }
                    }
                }
                for &on in &ons {
                    if length >= 4 && on == source {
                        self.arena.push((on, at));
                        found.push(self.arena.len() as u32 - 1);
                    }
                    if self.on_seen[on as usize] != self.stamp {
                        self.on_seen[on as usize] = self.stamp;
                        self.arena.push((on, at));
                        pending_on.push(self.arena.len() as u32 - 1);
                    }
                }
                self.next = ons;
            }
            self.layer = layer;
        }
        found
    }

    /// The cycle closing at arena node `end`, with SE's eliminations, if it has any.
    fn hint(&self, end: u32, links: Links) -> Option<Found> {
        let mut path = Vec::new();
        let mut k = end;
        while self.arena[k as usize].1 != ROOT {
            path.push(self.decode(self.arena[k as usize].0));
            k = self.arena[k as usize].1;
        }
        // From the assumption on, in the order the search went.
        path.reverse();
        let mut cells: Vec<usize> = Vec::new();
        for &(c, _, _) in &path {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let board = self.board;
        let layout = board.layout();
        let seen = |on: bool| {
            let mut out: Vec<Candidate> = Vec::new();
            for &(c, d, o) in &path {
                if o != on {
                    continue;
                }
                for &q in layout.peers(c) {
                    let e = Candidate { cell: q, digit: d };
                    if !cells.contains(&q) && board.candidates(q).contains(d) && !out.contains(&e) {
                        out.push(e);
                    }
                }
            }
            out
        };
        let back = seen(false);
        let mut eliminations: Vec<Candidate> = seen(true)
            .into_iter()
            .filter(|e| back.contains(e))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        eliminations.sort_unstable();
        let complexity = path.len();
        Some(Found {
            tenths: links.base() + se::length_bonus(complexity),
            complexity,
            key: links.key(),
            chain: path
                .iter()
                .map(|&(cell, digit, _)| Candidate { cell, digit })
                .collect(),
            on: path.iter().map(|&(_, _, o)| o).collect(),
            eliminations,
        })
    }
}

/// The bidirectional cycle of least value on the board (see the module documentation).
pub(super) fn bidirectional_cycle(board: &Board) -> Option<Step> {
    let mut search = Search::new(board);
    let cells = board.layout().cells();
    let mut best: Option<Found> = None;
    for links in [Links::Units, Links::Cells, Links::Both] {
        // A tie goes to the cycle found first (but for SE's fewer nodes, rare).
        if best.as_ref().is_some_and(|b| links.base() >= b.tenths) {
            continue;
        }
        for cell in 0..cells {
            let digits = board.candidates(cell);
            if board.value(cell) != 0 || digits.len() < 2 {
                continue;
            }
            if links == Links::Cells && digits.len() != 2 {
                continue; // a Y-cycle leaves a cell by its other digit
            }
            for digit in digits.iter() {
                // The cycle comes back to the assumption by a strong link.
                let bivalue = links.cells() && digits.len() == 2;
                let strong_in = bivalue || (links.units() && search.conjugate(cell, digit));
                if !strong_in {
                    continue;
                }
                let cap = best.as_ref().map_or(u16::MAX, |b| b.tenths);
                for end in search.cycles(cell, digit, links, cap) {
                    let Some(f) = search.hint(end, links) else {
                        continue;
                    };
                    let better = best.as_ref().is_none_or(|b| {
                        (f.tenths, f.complexity, f.key) < (b.tenths, b.complexity, b.key)
                    });
                    if better {
                        best = Some(f);
                    }
                }
            }
        }
    }
    let f = best?;
    let mut step = Step::new(Strategy::BidirectionalCycle);
    step.score = Score::from_tenths(f.tenths);
    for c in &f.chain {
        if !step.cells.contains(&c.cell) {
            step.cells.push(c.cell);
        }
        if !step.digits.contains(&c.digit) {
            step.digits.push(c.digit);
        }
    }
    // From the first node the assumption turns off, a strong link first, back to the
    // assumption (which closes the cycle by a weak link to the first node).
    debug_assert!(f.on.first() == Some(&false) && f.on.last() == Some(&true));
    step.chain = f.chain;
    step.eliminations = f.eliminations;
    Some(step)
}
