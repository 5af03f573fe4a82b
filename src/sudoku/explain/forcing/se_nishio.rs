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

use std::cell::OnceCell;
use std::sync::Arc;

use super::{keep, se, step_of, Effort, Found, NONE};
use crate::sudoku::explain::board::Board;
use crate::sudoku::explain::cellset::insert;
use crate::sudoku::explain::step::{Candidate, Step, Strategy};
use crate::sudoku::grid::{Layout, UnitKind};

/// What each start came to on the last board its digit was searched on, kept by the
/// budget for the next search: a start follows its digit alone, so while the digit's
/// places stay the same it comes to the same, nodes spent included, and the next steps
/// of an explanation leave most digits' places as they were.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    /// The layout the places are cells of.
    layout: Option<Arc<Layout>>,
    /// By digit, `digit - 1`.
    digits: Vec<Starts>,
    /// The layout in SE's order, made when a start is first followed (a search of each
    /// step would otherwise make it again).
    order: OnceCell<Order>,
}

/// A digit's starts on a board.
#[derive(Clone, Debug, Default)]
struct Starts {
    /// The digit's places, bit `c % 64` of word `c / 64` for cell `c`.
    places: Vec<u64>,
    /// What the start in cell `c` came to, on at `2 * c`, off at `2 * c + 1`, once
    /// followed to its end.
    outcomes: Vec<Option<Outcome>>,
}

/// What a start came to.
#[derive(Clone, Debug)]
struct Outcome {
    /// The nodes it took from the budget.
    nodes: u64,
    /// The complexity of the contradiction it met and the chain to it, if it met one.
    conflict: Option<(usize, Vec<Candidate>)>,
}

impl Memo {
    /// Forgets the digits whose places on `board` are not the ones their starts were
    /// followed on.
    fn prepare(&mut self, board: &Board) {
        let layout = board.layout();
        if self.layout.as_ref() != Some(layout) {
            self.layout = Some(layout.clone());
            self.digits.clear();
            self.order = OnceCell::new();
        }
        let cells = layout.cells();
        let mut places = vec![0u64; cells.div_ceil(64)];
        self.digits.resize_with(board.size(), Starts::default);
        for (k, starts) in self.digits.iter_mut().enumerate() {
            places.fill(0);
            for c in 0..cells {
                if board.candidates(c).contains(k as u8 + 1) {
                    insert(&mut places, c);
                }
            }
            if starts.places != places || starts.outcomes.len() != 2 * cells {
                starts.places.clone_from(&places);
                starts.outcomes.clear();
                starts.outcomes.resize(2 * cells, None);
            }
        }
    }
}

/// One node a branch reached: a place of the digit, on or off, and the records of the
/// nodes that forced it, `arena[from..to]` (the first is the node it was followed from).
#[derive(Clone, Copy, Debug)]
struct Rec {
    cell: u32,
    on: bool,
    from: u32,
    to: u32,
}

/// A unit of a cell and the cell's position in it (its bit in the unit's masks).
type Slot = (usize, usize);

/// The layout read in SE's order, made once a search: each cell's units (box, row,
/// column, then any other), and its peers as those units list them, each once (the
/// places a node on turns off, in the order it turns them off).
#[derive(Clone, Debug)]
struct Order {
    units: Vec<Vec<Slot>>,
    peers: Vec<Vec<u32>>,
}

impl Order {
    fn new(board: &Board) -> Order {
        let layout = board.layout();
        let rank = |u: usize| match layout.units()[u].kind {
            UnitKind::Box => (0, u),
            UnitKind::Row => (1, u),
            UnitKind::Column => (2, u),
            _ => (3, u),
        };
        let cells = layout.cells();
        let mut listed = vec![false; cells];
        let mut units = Vec::with_capacity(cells);
        let mut peers = Vec::with_capacity(cells);
        for cell in 0..cells {
            let mut us = board.slots(cell).to_vec();
            us.sort_by_key(|&(u, _)| rank(u));
            let mut ps = Vec::new();
            listed[cell] = true;
            for &(u, _) in &us {
                for &x in &layout.units()[u].cells {
                    if !std::mem::replace(&mut listed[x], true) {
                        ps.push(x as u32);
                    }
                }
            }
            listed[cell] = false;
            for &x in &ps {
                listed[x as usize] = false;
            }
            units.push(us);
            peers.push(ps);
        }
        Order { units, peers }
    }
}

/// The propagation of one digit from one assumption, with its records. Its buffers serve
/// every start of a search: a start clears what the last one touched.
struct Branch<'a> {
    board: &'a Board,
    order: &'a Order,
    digit: u8,
    /// Each digit's places on the search's board, `(digit - 1) * cells + cell`, and in
    /// each unit, `(digit - 1) * units + unit` (bit `i` for the unit's `i`-th cell).
    places: Vec<bool>,
    unit_places: Vec<u128>,
    /// Whether the digit is still a candidate of each cell on the branch's board.
    open: Vec<bool>,
    /// The digit's places still open in each unit, as `unit_places`: a node off reads its
    /// units' last places from them, not by a scan.
    left: Vec<u128>,
    recs: Vec<Rec>,
    /// The records' parents, one list after another.
    arena: Vec<u32>,
    /// For each cell, the record of its node on and of its node off ([`NONE`]: none).
    on_at: Vec<u32>,
    off_at: Vec<u32>,
    /// What the node off being followed leaves on: each place, with the unit it is the
    /// last open place of.
    made: Vec<(usize, Slot)>,
    /// For [`Branch::ancestors`].
    seen: Vec<bool>,
    todo: Vec<u32>,
}

impl<'a> Branch<'a> {
    fn new(board: &'a Board, order: &'a Order) -> Branch<'a> {
        let layout = board.layout();
        let (cells, units, n) = (layout.cells(), layout.units().len(), board.size());
        let mut places = vec![false; n * cells];
        let mut unit_places = vec![0u128; n * units];
        for d in 1..=n as u8 {
            let k = usize::from(d - 1);
            for (c, p) in places[k * cells..(k + 1) * cells].iter_mut().enumerate() {
                *p = board.candidates(c).contains(d);
            }
            for (u, unit) in layout.units().iter().enumerate() {
                for (i, &c) in unit.cells.iter().enumerate() {
                    if places[k * cells + c] {
                        unit_places[k * units + u] |= 1 << i;
                    }
                }
            }
        }
        Branch {
            board,
            order,
            digit: 0,
            places,
            unit_places,
            open: vec![false; cells],
            left: vec![0; units],
            recs: Vec::new(),
            arena: Vec::new(),
            on_at: vec![NONE; cells],
            off_at: vec![NONE; cells],
            made: Vec::new(),
            seen: Vec::new(),
            todo: Vec::new(),
        }
    }

    /// Sets the branch to its start: `digit` assumed on (or off) in `cell`, on the
    /// search's board.
    fn start(&mut self, cell: usize, digit: u8, on: bool) {
        for rec in &self.recs {
            self.on_at[rec.cell as usize] = NONE;
            self.off_at[rec.cell as usize] = NONE;
        }
        self.recs.clear();
        self.arena.clear();
        let k = usize::from(digit - 1);
        let (cells, units) = (self.open.len(), self.left.len());
        self.open
            .copy_from_slice(&self.places[k * cells..(k + 1) * cells]);
        self.left
            .copy_from_slice(&self.unit_places[k * units..(k + 1) * units]);
        self.digit = digit;
        let start = self.add(cell, on, 0);
        if on {
            self.on_at[cell] = start;
        } else {
            self.off_at[cell] = start;
        }
    }

    /// Records a node whose parents are `arena[from..]`.
    fn add(&mut self, cell: usize, on: bool, from: usize) -> u32 {
        self.recs.push(Rec {
            cell: cell as u32,
            on,
            from: from as u32,
            to: self.arena.len() as u32,
        });
        (self.recs.len() - 1) as u32
    }

    /// Records a node off turned off by node `r` on.
    fn add_off(&mut self, cell: usize, r: u32) -> u32 {
        let from = self.arena.len();
        self.arena.push(r);
        self.add(cell, false, from)
    }

    /// Records a node on, the last open place of unit `u` once node `r` (at position `i`
    /// of the unit) went off: its parents are `r`, then the unit's places the branch
    /// turned off before it.
    fn add_on(&mut self, cell: usize, r: u32, (u, i): Slot) -> u32 {
        let from = self.arena.len();
        self.arena.push(r);
        let k = usize::from(self.digit - 1);
        let mut gone = self.unit_places[k * self.left.len() + u] & !self.left[u] & !(1 << i);
        let unit = &self.board.layout().units()[u].cells;
        while gone != 0 {
            let x = unit[gone.trailing_zeros() as usize];
            gone &= gone - 1;
            self.arena.push(self.off_at[x]);
        }
        self.add(cell, true, from)
    }

    /// The next record of a kind (on or off) after `*at`, in the order they were made.
    fn next(&self, at: &mut usize, on: bool) -> Option<u32> {
        while let Some(rec) = self.recs.get(*at) {
            *at += 1;
            if rec.on == on {
                return Some((*at - 1) as u32);
            }
        }
        None
    }

    /// Follows the branch to its first contradiction, SE's way: the records of the two
    /// sides (the later one is not kept in `on_at`/`off_at`), or `None` if there is none
    /// or the budget ran out. The nodes pending on, then off, are the records of each
    /// kind not yet followed, in the order they were made.
    fn run(&mut self, budget: &Effort) -> Option<(u32, u32)> {
        let (order, board) = (self.order, self.board);
        let (mut next_on, mut next_off) = (0, 0);
        loop {
            if let Some(r) = self.next(&mut next_on, true) {
                for &x in &order.peers[self.recs[r as usize].cell as usize] {
                    let x = x as usize;
                    if !self.open[x] {
                        continue;
                    }
                    if !budget.take() {
                        return None;
                    }
                    if self.on_at[x] != NONE {
                        let off = self.add_off(x, r);
                        return Some((self.on_at[x], off));
                    }
                    if self.off_at[x] == NONE {
                        self.off_at[x] = self.add_off(x, r);
                    }
                }
                continue;
            }
            let r = self.next(&mut next_off, false)?;
            let cell = self.recs[r as usize].cell as usize;
            // What the node off leaves on, read before it goes off.
            self.made.clear();
            for &(u, i) in &order.units[cell] {
                let others = self.left[u] & !(1 << i);
                if others.count_ones() != 1 {
                    continue;
                }
                let q = board.layout().units()[u].cells[others.trailing_zeros() as usize];
                if !self.made.iter().any(|&(c, _)| c == q) {
                    self.made.push((q, (u, i)));
                }
            }
            self.open[cell] = false;
            for &(u, i) in board.slots(cell) {
                self.left[u] &= !(1 << i);
            }
            for k in 0..self.made.len() {
                let (q, slot) = self.made[k];
                if !budget.take() {
                    return None;
                }
                if self.off_at[q] != NONE {
                    let on = self.add_on(q, r, slot);
                    return Some((on, self.off_at[q]));
                }
                if self.on_at[q] == NONE {
                    self.on_at[q] = self.add_on(q, r, slot);
                }
            }
        }
    }

    /// The nodes record `r` rests on, itself included (SE's `getAncestorCount`).
    fn ancestors(&mut self, r: u32) -> usize {
        self.seen.clear();
        self.seen.resize(self.recs.len(), false);
        self.todo.clear();
        self.todo.push(r);
        let mut count = 0;
        while let Some(x) = self.todo.pop() {
            if std::mem::replace(&mut self.seen[x as usize], true) {
                continue;
            }
            count += 1;
            let rec = self.recs[x as usize];
            self.todo
                .extend_from_slice(&self.arena[rec.from as usize..rec.to as usize]);
        }
        count
    }

    /// The chain from the assumption to record `r`, by first parents.
    fn path(&self, r: u32) -> Vec<Candidate> {
        let mut out = Vec::new();
        let mut rec = self.recs[r as usize];
        loop {
            out.push(Candidate {
                cell: rec.cell as usize,
                digit: self.digit,
            });
            if rec.from == rec.to {
                break;
            }
            rec = self.recs[self.arena[rec.from as usize] as usize];
        }
        out.reverse();
        out
    }
}

/// Nishio forcing chains (SE 7.5): a digit assumed in a cell (or out of it), followed on
/// that digit alone, contradicts. Of the conclusions, the easiest (lowest score, then
/// fewest nodes, then the first of SE's order: cell by cell, digit by digit, on before
/// off); each start counts for the first contradiction SE's propagation meets.
///
/// A start whose digit has the same places as on the board of an earlier search with the
/// same budget is not followed again: it takes the nodes it took then and comes to what
/// it came to then ([`Memo`]).
pub(in crate::sudoku::explain) fn nishio(board: &Board, budget: &Effort) -> Option<Step> {
    let mut memo = budget.nishio.borrow_mut();
    memo.prepare(board);
    let Memo {
        digits: starts,
        order,
        ..
    } = &mut *memo;
    let order = &*order;
    let mut branch = None;
    let n = board.size();
    let mut best: Option<Found> = None;
    for cell in 0..board.layout().cells() {
        let digits = board.candidates(cell);
        if digits.len() < 2 {
            continue;
        }
        for digit in digits.iter() {
            for on in [true, false] {
                let slot =
                    &mut starts[usize::from(digit - 1)].outcomes[2 * cell + usize::from(!on)];
                let outcome = match slot {
                    Some(outcome) => {
                        if !budget.take_many(outcome.nodes) {
                            return None;
                        }
                        outcome
                    }
                    None => {
                        let b = branch.get_or_insert_with(|| {
                            Branch::new(board, order.get_or_init(|| Order::new(board)))
                        });
                        let used = budget.used();
                        b.start(cell, digit, on);
                        let conflict = b.run(budget);
                        if budget.spent() {
                            return None;
                        }
                        let conflict = conflict.map(|(r_on, r_off)| {
                            let complexity = b.ancestors(r_on) + b.ancestors(r_off);
                            (complexity, b.path(r_on.max(r_off)))
                        });
                        slot.insert(Outcome {
                            nodes: budget.used() - used,
                            conflict,
                        })
                    }
                };
                let Some((complexity, chain)) = &outcome.conflict else {
                    continue;
                };
                keep(
                    &mut best,
                    Found {
                        node: super::node(n, cell, digit, !on),
                        tenths: se::NISHIO + se::length_bonus(*complexity),
                        complexity: *complexity,
                        strategy: Strategy::NishioForcingChain,
                        sources: vec![Candidate { cell, digit }],
                        chain: chain.clone(),
                        support: Vec::new(),
                    },
                );
            }
        }
    }
    best.map(|f| step_of(n, f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::explain::Explainer;
    use crate::sudoku::Grid;

    /// A search that takes its starts from the memo of earlier searches with the same
    /// budget finds the step a fresh budget finds and charges the same nodes: two
    /// methods, on the boards of SE's rated sample where an explanation reaches the
    /// chaining rungs, each puzzle's boards in order through one budget (as a rating
    /// runs them, so that some digits keep their places and others do not).
    #[test]
    fn remembered_starts_find_and_charge_what_followed_starts_do() {
        let text = include_str!("../../../../data/sudoku/sudokuexchange_se_rated_sample553.txt");
        let (mut boards, mut found) = (0, 0);
        for line in text.lines().step_by(6) {
            let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
            let shared = Effort::new(u64::MAX);
            let mut explainer = Explainer::new(&grid).unwrap();
            loop {
                let board = explainer.board().clone();
                let Some(step) = explainer.next() else {
                    break;
                };
                if step.strategy < Strategy::ForcingChain {
                    continue;
                }
                let (fresh, before) = (Effort::new(u64::MAX), shared.used());
                let remembered = nishio(&board, &shared);
                let followed = nishio(&board, &fresh);
                assert_eq!(format!("{remembered:?}"), format!("{followed:?}"), "{grid}");
                assert_eq!(shared.used() - before, fresh.used(), "{grid}");
                boards += 1;
                found += usize::from(followed.is_some());
            }
        }
        assert!(boards > 100 && found > 20, "{boards} boards, {found} steps");
    }
}
