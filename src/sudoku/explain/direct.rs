//! Sudoku Explainer's *direct* rules: a pointing, a claiming or a hidden pair or triple
//! that is used only for the hidden single it makes at once.
//!
//! SE rates these below the naked single (direct pointing 1.7, direct claiming 1.9, direct
//! hidden pair 2.0, direct hidden triple 2.5 after it), and finds a hidden single only
//! through them when none is on the board: its rating of an easy puzzle depends on them. A
//! direct step places the single and removes nothing else, as SE's does (the pattern's own
//! eliminations wait for the ordinary rule, if the path still needs them).
//!
//! - **Direct pointing (claiming):** a digit of a box (a line) confined to a line (a box)
//!   leaves the rest of it; in another box (line) crossing it, the digit then has one place
//!   left.
//! - **Direct hidden pair (triple):** `k` digits whose places in a unit are `k` cells fill
//!   them; another digit of the unit then has one place left there.

use super::board::Board;
use super::step::{Candidate, Step, Strategy};
use super::subsets::k_unions;
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// Whether a unit is box-like (a box, jigsaw region or window) rather than a line.
fn is_box_like(kind: UnitKind) -> bool {
    !matches!(kind, UnitKind::Row | UnitKind::Column | UnitKind::Diagonal)
}

/// The first direct pointing: boxes in order, for each digit (SE's order: each digit,
/// every box against columns, then against rows).
pub(super) fn pointing(board: &Board) -> Option<Step> {
    pointing_in(board, Digits::all(board.size()))
}

/// [`pointing`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn pointing_in(board: &Board, digits: Digits) -> Option<Step> {
    locked(board, Strategy::DirectPointing, true, digits)
}

/// The first direct claiming: lines confined to boxes (columns before rows, as SE).
pub(super) fn claiming(board: &Board) -> Option<Step> {
    claiming_in(board, Digits::all(board.size()))
}

/// [`claiming`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn claiming_in(board: &Board, digits: Digits) -> Option<Step> {
    locked(board, Strategy::DirectClaiming, false, digits)
}

/// The cells of a unit at the positions of `mask`.
fn at(board: &Board, unit: usize, mask: u128) -> impl Iterator<Item = usize> + '_ {
    let cells = &board.layout().units()[unit].cells;
    (0..cells.len())
        .filter(move |i| mask & (1 << i) != 0)
        .map(move |i| cells[i])
}

fn locked(board: &Board, strategy: Strategy, box_like: bool, digits: Digits) -> Option<Step> {
    let units = board.layout().units();
    // SE tries columns before rows (then, here, diagonals) as the line of pointing and of
    // claiming, each digit in turn: one scan, digits outermost, keeps the first find of
    // each kind of line and returns at once on a column.
    let pass = |kind: UnitKind| match kind {
        UnitKind::Column => 0,
        UnitKind::Row => 1,
        _ => 2,
    };
    let mut best: Option<(usize, Step)> = None;
    for digit in digits.iter().filter(|&d| (d as usize) <= board.size()) {
        for (a, unit) in units.iter().enumerate() {
            if is_box_like(unit.kind) != box_like {
                continue;
            }
            let mask = board.place_mask(a, digit);
            if mask.count_ones() < 2 {
                continue;
            }
            for o in board.overlaps(a) {
                let b = o.unit;
                if mask & !o.here != 0 || is_box_like(units[b].kind) == box_like {
                    continue;
                }
                let line = if box_like { units[b].kind } else { unit.kind };
                if best.as_ref().is_some_and(|(p, _)| *p <= pass(line)) {
                    continue;
                }
                let removed = board.place_mask(b, digit) & !o.there;
                if removed == 0 {
                    continue;
                }
                let gone: Vec<usize> = at(board, b, removed).collect();
                if let Some(step) = single_after(board, strategy, a, b, &gone, digit) {
                    if pass(line) == 0 {
                        return Some(step);
                    }
                    best = Some((pass(line), step));
                }
            }
        }
    }
    best.map(|(_, step)| step)
}

/// The hidden single that removing `digit` from `gone` (the eliminations of `a` confined to
/// `b`) makes in a unit of `a`'s kind crossing `b`, as a direct step.
fn single_after(
    board: &Board,
    strategy: Strategy,
    a: usize,
    b: usize,
    gone: &[usize],
    digit: u8,
) -> Option<Step> {
    let layout = board.layout();
    let kind = layout.units()[a].kind;
    for o in board.overlaps(b) {
        let third = o.unit;
        if third == a || layout.units()[third].kind != kind {
            continue;
        }
        let places = board.place_mask(third, digit);
        if places.count_ones() < 2 {
            continue;
        }
        let left: Vec<usize> = at(board, third, places)
            .filter(|c| !gone.contains(c))
            .collect();
        if let [cell] = left[..] {
            let mut step = Step::new(strategy);
            step.units = vec![a, b, third];
            step.cells = board.places(a, digit);
            step.digits = vec![digit];
            step.placements.push(Candidate { cell, digit });
            return Some(step);
        }
    }
    None
}

/// The first direct hidden pair (`k` = 2) or triple (3): units boxes first, then columns,
/// then rows and the variants' other units (SE's order).
pub(super) fn hidden(board: &Board, k: usize) -> Option<Step> {
    hidden_in(board, k, |_| true)
}

/// [`hidden`] in the units `search` accepts (by index in the layout) only: each unit's
/// search reads that unit's places alone.
pub(super) fn hidden_in(board: &Board, k: usize, search: impl Fn(usize) -> bool) -> Option<Step> {
    let strategy = match k {
        2 => Strategy::DirectHiddenPair,
        _ => Strategy::DirectHiddenTriple,
    };
    let layout = board.layout();
    let kind = |u: usize| layout.units()[u].kind;
    let boxes = board.units_of_kind(UnitKind::Box);
    let columns = board.units_of_kind(UnitKind::Column);
    let others =
        (0..layout.units().len()).filter(|&u| !matches!(kind(u), UnitKind::Box | UnitKind::Column));
    let n = board.size();
    // The digits of 1..=k places and those places (room kept between units).
    let mut digits: Vec<u8> = Vec::with_capacity(n);
    let mut masks: Vec<u128> = Vec::with_capacity(n);
    for u in boxes.chain(columns).chain(others) {
        if !search(u) || n - board.placed_in(u).len() <= k {
            continue;
        }
        let places = board.unit_masks(u);
        digits.clear();
        masks.clear();
        for (d, &m) in places.iter().enumerate() {
            if (1..=k as u32).contains(&m.count_ones()) {
                digits.push(d as u8 + 1);
                masks.push(m);
            }
        }
        if digits.len() < k {
            continue;
        }
        let mut found = None;
        k_unions(&masks, k, &mut |picked, union| {
            let set = picked.iter().fold(0u128, |s, &i| s | 1 << (digits[i] - 1));
            // Another digit with places outside the set's cells, and one place left there.
            let single = places.iter().enumerate().find_map(|(d, &m)| {
                let left = m & !union;
                (set & 1 << d == 0 && m.count_ones() > 1 && left.count_ones() == 1)
                    .then_some((d as u8 + 1, left))
            });
            let Some((digit, left)) = single else {
                return false;
            };
            let cell = at(board, u, left).next().expect("one place");
            let mut step = Step::new(strategy);
            step.units = vec![u];
            step.cells = at(board, u, union).collect();
            step.digits = picked.iter().map(|&i| digits[i]).collect();
            step.placements.push(Candidate { cell, digit });
            found = Some(step);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
