//! Locked candidates: pointing and box-line reduction.
//!
//! When every place of a digit in a unit `A` lies in another unit `B` too, the digit is in
//! `A ∩ B`, so it leaves the rest of `B`. With `A` a box (a jigsaw region, a window) this is
//! *pointing*; with `A` a row, column or diagonal, *box-line reduction* (claiming).

use super::board::{Board, Cut};
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// Whether a unit is box-like (the `A` of pointing) rather than a line.
fn is_box_like(kind: UnitKind) -> bool {
    !matches!(kind, UnitKind::Row | UnitKind::Column | UnitKind::Diagonal)
}

/// Pointing: a digit of a box-like unit confined to a line.
pub(super) fn pointing(board: &Board) -> Option<Step> {
    pointing_in(board, Digits::all(board.size()))
}

/// [`pointing`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn pointing_in(board: &Board, digits: Digits) -> Option<Step> {
    locked(board, Strategy::Pointing, true, digits, None)
}

/// Box-line reduction: a digit of a line confined to a box-like unit.
pub(super) fn box_line(board: &Board) -> Option<Step> {
    box_line_in(board, Digits::all(board.size()))
}

/// [`box_line`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn box_line_in(board: &Board, digits: Digits) -> Option<Step> {
    locked(board, Strategy::BoxLineReduction, false, digits, None)
}

/// [`pointing`] on `board`, a board made by `cut` ([`Board::with_candidates_into`]) from
/// one on which [`pointing`] finds nothing: only a digit whose places in the box-like unit
/// changed can be confined anew (with the same places, the pattern and a place outside,
/// which can only have been there too, were on the uncut board), so the others are passed
/// by. The step is [`pointing`]'s on `board`.
pub(super) fn pointing_since(board: &Board, cut: &Cut) -> Option<Step> {
    let all = Digits::all(board.size());
    locked(board, Strategy::Pointing, true, all, Some(cut))
}

/// [`box_line`] on a board made by `cut` from one on which [`box_line`] finds nothing (as
/// [`pointing_since`]).
pub(super) fn box_line_since(board: &Board, cut: &Cut) -> Option<Step> {
    let all = Digits::all(board.size());
    locked(board, Strategy::BoxLineReduction, false, all, Some(cut))
}

/// The first locked candidates of `strategy` on `digits`; with `cut`, only those whose
/// places in unit `A` it changed (see [`pointing_since`]).
fn locked(
    board: &Board,
    strategy: Strategy,
    box_like: bool,
    digits: Digits,
    cut: Option<&Cut>,
) -> Option<Step> {
    let layout = board.layout();
    let positions = |unit: usize, mask: u128| {
        let cells = &layout.units()[unit].cells;
        (0..cells.len())
            .filter(move |i| mask & (1 << i) != 0)
            .map(move |i| cells[i])
    };
    let digits = digits.bits() & Digits::all(board.size()).bits();
    for (a, unit) in layout.units().iter().enumerate() {
        if is_box_like(unit.kind) != box_like {
            continue;
        }
        let mut todo = cut.map_or(digits, |cut| cut.digits[a] & digits);
        if todo == 0 {
            continue;
        }
        let overlaps = board.overlaps(a);
        let masks = board.unit_masks(a);
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mask = masks[d];
            // Fewer than two places: a hidden single, or nothing.
            if mask & mask.wrapping_sub(1) == 0 {
                continue;
            }
            // The other unit holding every place, whose places outside `a` go.
            let Some((o, outside)) = overlaps.iter().find_map(|o| {
                let outside =
                    (mask & !o.here == 0).then(|| board.unit_masks(o.unit)[d] & !o.there)?;
                (outside != 0).then_some((o, outside))
            }) else {
                continue;
            };
            let digit = d as u8 + 1;
            return Some(Step::eliminating(
                strategy,
                vec![a, o.unit],
                positions(a, mask).collect(),
                vec![digit],
                positions(o.unit, outside)
                    .map(|cell| Candidate { cell, digit })
                    .collect(),
            ));
        }
    }
    None
}
