//! Locked candidates: pointing and box-line reduction.
//!
//! When every place of a digit in a unit `A` lies in another unit `B` too, the digit is in
//! `A ∩ B`, so it leaves the rest of `B`. With `A` a box (a jigsaw region, a window) this is
//! *pointing*; with `A` a row, column or diagonal, *box-line reduction* (claiming).

use super::board::Board;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// Whether a unit is box-like (the `A` of pointing) rather than a line.
fn is_box_like(kind: UnitKind) -> bool {
    !matches!(kind, UnitKind::Row | UnitKind::Column | UnitKind::Diagonal)
}

/// Pointing: a digit of a box-like unit confined to a line.
pub(super) fn pointing(board: &Board) -> Option<Step> {
    locked(board, Strategy::Pointing, true)
}

/// Box-line reduction: a digit of a line confined to a box-like unit.
pub(super) fn box_line(board: &Board) -> Option<Step> {
    locked(board, Strategy::BoxLineReduction, false)
}

fn locked(board: &Board, strategy: Strategy, box_like: bool) -> Option<Step> {
    let layout = board.layout();
    for (a, unit) in layout.units().iter().enumerate() {
        if is_box_like(unit.kind) != box_like {
            continue;
        }
        let open = unit
            .cells
            .iter()
            .fold(Digits::EMPTY, |m, &c| m | board.candidates(c));
        for digit in open {
            let places = board.places(a, digit);
            if places.len() < 2 {
                continue; // a hidden single, or nothing
            }
            for b in board.common_units(&places) {
                if b == a {
                    continue;
                }
                let eliminations: Vec<Candidate> = layout.units()[b]
                    .cells
                    .iter()
                    .filter(|&&c| board.candidates(c).contains(digit) && !places.contains(&c))
                    .map(|&cell| Candidate { cell, digit })
                    .collect();
                if !eliminations.is_empty() {
                    let mut step = Step::new(strategy);
                    step.units = vec![a, b];
                    step.cells = places;
                    step.digits.push(digit);
                    step.eliminations = eliminations;
                    return Some(step);
                }
            }
        }
    }
    None
}
