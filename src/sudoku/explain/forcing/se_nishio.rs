//! Nishio forcing chains in Sudoku Explainer's own order of propagation.
//!
//! A Nishio branch follows one digit: a place of it on turns the digit off in its peers,
//! a place off leaves a unit's last place of it on (read on the board as the branch has
//! changed it). Which contradiction a branch meets first, and so what it counts for,
//! depends on the order the nodes are followed in, so this follows SE's
//! (`Chaining.doChaining` with Nishio's rules): every pending node on before any node
//! off; a node on turns off its box's, then its row's, then its column's places, each
//! once; a node off is read on the board from before it goes off (only the nodes off
//! followed so far are gone from it), its units in the same order, and only then goes
//! off; a node that meets its opposite as it is made ends the branch. SE also tries
//! each candidate off (a contradiction then places it), right after trying it on.

use std::collections::VecDeque;

use super::{keep, se, step_of, Effort, Found, NONE};
use crate::sudoku::explain::board::Board;
use crate::sudoku::explain::step::{Candidate, Step, Strategy};
use crate::sudoku::grid::UnitKind;

/// One node a branch reached: a place of the digit, on or off, and the records of the
/// nodes that forced it.
struct Rec {
    cell: usize,
    on: bool,
    parents: Vec<u32>,
}

/// The propagation of one digit from one assumption, with its records.
struct Branch<'a> {
    board: &'a Board,
    /// Each cell's units in SE's order (box, row, column, then any other).
    units: &'a [Vec<usize>],
    digit: u8,
    /// Whether the digit is still a candidate of each cell on the branch's board.
    open: Vec<bool>,
    recs: Vec<Rec>,
    /// For each cell, the record of its node on and of its node off ([`NONE`]: none).
    on_at: Vec<u32>,
    off_at: Vec<u32>,
}

impl Branch<'_> {
    fn add(&mut self, cell: usize, on: bool, parents: Vec<u32>) -> u32 {
        self.recs.push(Rec { cell, on, parents });
        (self.recs.len() - 1) as u32
    }

    /// Follows the branch to its first contradiction, SE's way: the records of the two
    /// sides (the later one is not kept in `on_at`/`off_at`), or `None` if there is none
    /// or the budget ran out.
    fn run(&mut self, budget: &Effort) -> Option<(u32, u32)> {
        let mut pending_on: VecDeque<u32> = VecDeque::new();
        let mut pending_off: VecDeque<u32> = VecDeque::new();
        for (r, rec) in self.recs.iter().enumerate() {
            if rec.on {
                pending_on.push_back(r as u32);
            } else {
                pending_off.push_back(r as u32);
            }
        }
        let layout = self.board.layout();
        let cells = layout.cells();
        let mut added = vec![false; cells];
        loop {
            if let Some(r) = pending_on.pop_front() {
                let cell = self.recs[r as usize].cell;
                added.fill(false);
                added[cell] = true;
                for k in 0..self.units[cell].len() {
                    let u = self.units[cell][k];
                    for &x in &layout.units()[u].cells {
                        if added[x] || !self.open[x] {
                            continue;
                        }
                        added[x] = true;
                        if !budget.take() {
                            return None;
                        }
                        if self.on_at[x] != NONE {
                            let off = self.add(x, false, vec![r]);
                            return Some((self.on_at[x], off));
                        }
                        if self.off_at[x] == NONE {
                            let off = self.add(x, false, vec![r]);
                            self.off_at[x] = off;
                            pending_off.push_back(off);
                        }
                    }
                }
                continue;
            }
            let r = pending_off.pop_front()?;
            let cell = self.recs[r as usize].cell;
            // What the node off leaves on, read before it goes off.
            let mut made: Vec<(usize, Vec<u32>)> = Vec::new();
            for k in 0..self.units[cell].len() {
                let unit = &layout.units()[self.units[cell][k]].cells;
                let mut other = None;
                let mut count = 0;
                for &x in unit {
                    if x != cell && self.open[x] {
                        count += 1;
                        other = Some(x);
                    }
                }
                let Some(q) = other.filter(|_| count == 1) else {
                    continue;
                };
                if made.iter().any(|(c, _)| *c == q) {
                    continue;
                }
                // Its parents: this node, then the unit's places the branch turned off.
                let mut parents = vec![r];
                for &x in unit {
                    if x != cell && !self.open[x] && self.board.candidates(x).contains(self.digit) {
                        parents.push(self.off_at[x]);
                    }
                }
                made.push((q, parents));
            }
            self.open[cell] = false;
            for (q, parents) in made {
                if !budget.take() {
                    return None;
                }
                if self.off_at[q] != NONE {
                    let on = self.add(q, true, parents);
                    return Some((on, self.off_at[q]));
                }
                if self.on_at[q] == NONE {
                    let on = self.add(q, true, parents);
                    self.on_at[q] = on;
                    pending_on.push_back(on);
                }
            }
        }
    }

    /// The nodes record `r` rests on, itself included (SE's `getAncestorCount`).
    fn ancestors(&self, r: u32, seen: &mut [bool]) -> usize {
        seen.fill(false);
        let mut todo = vec![r];
        let mut count = 0;
        while let Some(x) = todo.pop() {
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            count += 1;
            todo.extend_from_slice(&self.recs[x as usize].parents);
        }
        count
    }

    /// The chain from the assumption to record `r`, by first parents.
    fn path(&self, r: u32) -> Vec<Candidate> {
        let mut out = Vec::new();
        let mut r = r as usize;
        loop {
            let rec = &self.recs[r];
            out.push(Candidate {
                cell: rec.cell,
                digit: self.digit,
            });
            match rec.parents.first() {
                Some(&p) => r = p as usize,
                None => break,
            }
        }
        out.reverse();
        out
    }
}

/// Nishio forcing chains (SE 7.5): a digit assumed in a cell (or out of it), followed on
/// that digit alone, contradicts. Of the conclusions, the easiest (lowest score, then
/// fewest nodes, then the first of SE's order: cell by cell, digit by digit, on before
/// off); each start counts for the first contradiction SE's propagation meets.
pub(in crate::sudoku::explain) fn nishio(board: &Board, budget: &Effort) -> Option<Step> {
    let layout = board.layout();
    let cells = layout.cells();
    let rank = |u: usize| match layout.units()[u].kind {
        UnitKind::Box => (0, u),
        UnitKind::Row => (1, u),
        UnitKind::Column => (2, u),
        _ => (3, u),
    };
    let units: Vec<Vec<usize>> = (0..cells)
        .map(|c| {
            let mut us = layout.units_of(c).to_vec();
            us.sort_by_key(|&u| rank(u));
            us
        })
        .collect();
    let n = board.size();
    let mut best: Option<Found> = None;
    let mut seen = Vec::new();
    for cell in 0..cells {
        let digits = board.candidates(cell);
        if digits.len() < 2 {
            continue;
        }
        for digit in digits.iter() {
            for on in [true, false] {
                let mut b = Branch {
                    board,
                    units: &units,
                    digit,
                    open: (0..cells)
                        .map(|c| board.candidates(c).contains(digit))
                        .collect(),
                    recs: Vec::new(),
                    on_at: vec![NONE; cells],
                    off_at: vec![NONE; cells],
                };
                let start = b.add(cell, on, Vec::new());
                if on {
                    b.on_at[cell] = start;
                } else {
                    b.off_at[cell] = start;
                }
                let conflict = b.run(budget);
                if budget.spent() {
                    return None;
                }
                let Some((r_on, r_off)) = conflict else {
                    continue;
                };
                seen.resize(b.recs.len(), false);
                let complexity = b.ancestors(r_on, &mut seen) + b.ancestors(r_off, &mut seen);
                let later = r_on.max(r_off);
                keep(
                    &mut best,
                    Found {
                        node: super::node(n, cell, digit, !on),
                        tenths: se::NISHIO + se::length_bonus(complexity),
                        complexity,
                        strategy: Strategy::NishioForcingChain,
                        sources: vec![Candidate { cell, digit }],
                        chain: b.path(later),
                        support: Vec::new(),
                    },
                );
            }
        }
    }
    best.map(|f| step_of(n, f))
}
