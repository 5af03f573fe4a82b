//! Unique loops of six cells or more (for puzzles declared to have one solution): the
//! unique rectangle's argument on a longer ring of cells.
//!
//! A loop of open cells, each with `x` and `y` among its candidates, each linked to the
//! next by a unit of another kind than the link before (a row, then a column or a box, ...),
//! such that every unit holding a cell of the loop holds exactly two, one at an odd place
//! and one at an even place of the loop. If every cell could only be `x` or `y`, swapping
//! them would give a second solution; so a cell holds something else. Cells with more than
//! `{x,y}` (the *extra* cells) give, as for rectangles:
//!
//! - type 1: one extra cell: `x` and `y` leave it;
//! - type 2: the extra cells' other digits are one digit `z`: one of them is `z`, so `z`
//!   leaves every cell that sees them all;
//! - type 3: two extra cells sharing a unit: their other digits act as one cell, which with
//!   other cells of the unit makes a naked set, whose digits leave the unit's other cells;
//! - type 4: two extra cells sharing a unit where `x` has no other place: one of them is
//!   `x`, so `y` leaves both.
//!
//! Sudoku Explainer finds them as its `UniqueLoops` (the rectangles are its loops of four,
//! [`super::rectangles`]) and values them by the loop's length: 4.6 for six cells, 4.7 for
//! eight, 5.0 for ten or more ([`se::unique_loop`]), type 3 0.1 more for each digit of its
//! set past the first ([`se::unique_loop_type3`]). Of the loops it finds, it takes the one
//! of least value; [`unique_loop`] does so for each type, the types in the rectangles'
//! order (1, 2, 4, 3).

use super::board::Board;
use super::rectangles::type3_set;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;

/// The longest loop looked for: Sudoku Explainer's value stops growing at ten cells, and
/// the search grows with the length.
const MAX_LOOP: usize = 14;

/// The loops found, each its cells in order, for one pair of digits.
struct Search<'a> {
    board: &'a Board,
    pair: Digits,
    /// The cells a deadly loop on `pair` may pass through ([`loop_cells`]).
    cells: Vec<bool>,
    /// How many cells of the loop so far each unit holds.
    in_unit: Vec<u8>,
    path: Vec<usize>,
    found: Vec<Vec<usize>>,
}

impl Search<'_> {
    /// Extends the path from its last cell through a unit of another kind than `last`.
    fn extend(&mut self, allowed_extra: usize, extra: Digits, last: Option<usize>) {
        let board = self.board;
        let layout = board.layout();
        let cell = *self.path.last().expect("a start");
        let kind_of = |u: usize| layout.units()[u].kind;
        for &u in layout.units_of(cell) {
            if last.is_some_and(|l| kind_of(l) == kind_of(u)) {
                continue;
            }
            for &next in &layout.units()[u].cells {
                if next == self.path[0] && self.path.len() >= 6 && self.path.len() % 2 == 0 {
                    self.found.push(self.path.clone());
                    continue;
                }
                if self.path.len() >= MAX_LOOP || !self.cells[next] || self.path.contains(&next) {
                    continue;
                }
                let m = board.candidates(next);
                if m & self.pair != self.pair {
                    continue;
                }
                let more = extra | (m - self.pair);
                let wide = m.len() > 2;
                if wide && more.len() != 1 && allowed_extra == 0 {
                    continue;
                }
                // A valid loop has two cells in each unit it touches: never three.
                if layout.units_of(next).iter().any(|&v| self.in_unit[v] >= 2) {
                    continue;
                }
                self.push(next);
                self.extend(
                    allowed_extra - usize::from(wide && allowed_extra > 0),
                    more,
                    Some(u),
                );
                self.pop();
            }
        }
    }

    fn push(&mut self, cell: usize) {
        self.path.push(cell);
        for &u in self.board.layout().units_of(cell) {
            self.in_unit[u] += 1;
        }
    }

    fn pop(&mut self) {
        if let Some(cell) = self.path.pop() {
            for &u in self.board.layout().units_of(cell) {
                self.in_unit[u] -= 1;
            }
        }
    }
}

/// The cells a deadly loop on `pair` may pass through: open cells with both digits among
/// their candidates, each with another such cell in every unit holding it, as a deadly
/// loop has two cells in each of its units (so cells without such partners are dropped
/// until none is left without). Searching these alone finds the same deadly loops, in the
/// same order, as searching every cell holding the pair.
fn loop_cells(board: &Board, pair: Digits) -> Vec<bool> {
    let layout = board.layout();
    let mut cells: Vec<bool> = (0..layout.cells())
        .map(|c| board.value(c) == 0 && board.candidates(c) & pair == pair)
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for c in 0..layout.cells() {
            let alone = |u: &usize| !layout.units()[*u].cells.iter().any(|&o| o != c && cells[o]);
            if cells[c] && layout.units_of(c).iter().any(alone) {
                cells[c] = false;
                changed = true;
            }
        }
    }
    cells
}

/// Whether every unit holding a cell of the loop holds one at an odd place and one at an
/// even place, and no other (Sudoku Explainer's `isValidLoop`).
fn is_deadly(board: &Board, cells: &[usize]) -> bool {
    let layout = board.layout();
    let mut odd: Vec<usize> = Vec::new();
    let mut even: Vec<usize> = Vec::new();
    for (k, &c) in cells.iter().enumerate() {
        let side = if k % 2 == 0 { &mut even } else { &mut odd };
        for &u in layout.units_of(c) {
            if side.contains(&u) {
                return false;
            }
            side.push(u);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

/// The unique loop of type `kind` (1 to 4) of six cells or more of least value (then the
/// first found), if any.
pub(super) fn unique_loop(board: &Board, kind: u8) -> Option<Step> {
    let [one, two, three, four] = unique_loops(board);
    match kind {
        1 => one,
        2 => two,
        3 => three,
        _ => four,
    }
}

/// The unique loops of each type (1 to 4, in that order) of least value (then the first
/// found) from one search: the four rungs find the same loops and differ in what they
/// read from them.
pub(super) fn unique_loops(board: &Board) -> [Option<Step>; 4] {
    let layout = board.layout();
    let mut best: [Option<Step>; 4] = Default::default();
    let mut tried: Vec<(Digits, Vec<usize>)> = Vec::new();
    // Each pair's [`loop_cells`], as its first start meets it.
    let mut on_pair: Vec<(Digits, Vec<bool>)> = Vec::new();
    // One search for every start: its unit counts are back to zero after each.
    let mut search = Search {
        board,
        pair: Digits::default(),
        cells: Vec::new(),
        in_unit: vec![0; layout.units().len()],
        path: Vec::new(),
        found: Vec::new(),
    };
    for start in 0..layout.cells() {
        let pair = board.candidates(start);
        if board.value(start) != 0 || pair.len() != 2 {
            continue;
        }
        if search.pair != pair {
            let at = match on_pair.iter().position(|(p, _)| *p == pair) {
                Some(at) => at,
                None => {
                    on_pair.push((pair, loop_cells(board, pair)));
                    on_pair.len() - 1
                }
            };
            search.pair = pair;
            search.cells = on_pair[at].1.clone();
        }
        if !search.cells[start] {
            continue;
        }
        search.push(start);
        search.extend(2, Digits::default(), None);
        search.pop();
        for cells in std::mem::take(&mut search.found) {
            let mut key = cells.clone();
            key.sort_unstable();
            if tried.iter().any(|(p, k)| *p == pair && *k == key) || !is_deadly(board, &cells) {
                continue;
            }
            tried.push((pair, key));
            for (k, step) in hints(board, &cells, pair) {
                let best = &mut best[usize::from(k) - 1];
                if best.as_ref().is_none_or(|b| step.score < b.score) {
                    *best = Some(step);
                }
            }
        }
    }
    best
}

/// The steps a deadly loop gives, with their types.
fn hints(board: &Board, cells: &[usize], pair: Digits) -> Vec<(u8, Step)> {
    let extras: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).len() > 2)
        .collect();
    let mut out = Vec::new();
    let value = se::unique_loop(cells.len());
    let chain: Vec<Candidate> = cells
        .iter()
        .map(|&cell| Candidate {
            cell,
            digit: pair.first().unwrap_or(0),
        })
        .collect();
    let step = |strategy, units, extra_cells: &[usize], digits: Vec<u8>, eliminations| {
        let mut pattern = cells.to_vec();
        pattern.extend_from_slice(extra_cells);
        let mut step = Step::eliminating(strategy, units, pattern, digits, eliminations);
        step.chain = chain.clone();
        step.score = value;
        step
    };
    let pair_digits: Vec<u8> = pair.iter().collect();
    if extras.len() == 1 {
        let cell = extras[0];
        let eliminations = pair.iter().map(|digit| Candidate { cell, digit }).collect();
        out.push((
            1,
            step(
                Strategy::UniqueLoop,
                vec![],
                &extras,
                pair_digits.clone(),
                eliminations,
            ),
        ));
        return out;
    }
    if extras.len() < 2 {
        return out;
    }
    let extra = extras
        .iter()
        .fold(Digits::default(), |m, &c| m | board.candidates(c))
        - pair;
    if extra.len() == 1 {
        let z = extra.first().unwrap_or(0);
        let eliminations = board.seen_by_all(&extras, z, cells);
        if !eliminations.is_empty() {
            let mut digits = pair_digits.clone();
            digits.push(z);
            out.push((
                2,
                step(
                    Strategy::UniqueLoopType2,
                    vec![],
                    &extras,
                    digits,
                    eliminations,
                ),
            ));
        }
    }
    if extras.len() != 2 {
        return out;
    }
    for u in board.common_units(&extras) {
        // Type 4: x confined to the two extra cells in u.
        for (x, y) in [
            (pair_digits[0], pair_digits[1]),
            (pair_digits[1], pair_digits[0]),
        ] {
            let mut places = board.places(u, x);
            places.sort_unstable();
            let mut two = extras.clone();
            two.sort_unstable();
            if places == two {
                let eliminations = extras
                    .iter()
                    .map(|&cell| Candidate { cell, digit: y })
                    .collect();
                out.push((
                    4,
                    step(
                        Strategy::UniqueLoopType4,
                        vec![u],
                        &extras,
                        vec![x, y],
                        eliminations,
                    ),
                ));
            }
        }
    }
    // Type 3: a naked or hidden set with the extra cells as one cell.
    if let Some(set) = type3_set(board, [extras[0], extras[1]], pair) {
        let mut pattern = cells.to_vec();
        pattern.extend_from_slice(&extras);
        let mut s = set.step(Strategy::UniqueLoopType3, &pattern, pair, cells.len());
        s.chain = chain.clone();
        out.push((3, s));
    }
    out
}
