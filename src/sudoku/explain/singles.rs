//! Naked and hidden singles.

use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::grid::UnitKind;

/// The first open cell (in reading order) with one candidate left.
pub(super) fn naked_single(board: &Board) -> Option<Step> {
    let cell = (0..board.layout().cells()).find(|&c| board.candidates(c).len() == 1)?;
    let digit = board.candidates(cell).first()?;
    let mut step = Step::new(Strategy::NakedSingle);
    step.cells.push(cell);
    step.digits.push(digit);
    step.placements.push(Candidate { cell, digit });
    Some(step)
}

/// The first digit with one place left in a unit, in Sudoku Explainer's order of value: the
/// last open cell of a unit (a full house, 1.0) first, then boxes (and jigsaw regions, 1.2),
/// then columns, rows and the variant's extra units (1.5). Each pass takes the units in
/// SE's order (`HiddenSingle.getHints`: boxes, columns, rows, then the extra regions), so
/// that where several singles are there the first placed is SE's, and so is the path.
pub(super) fn hidden_single(board: &Board) -> Option<Step> {
    let n = board.size();
    let kinds = [UnitKind::Box, UnitKind::Column, UnitKind::Row];
    let lines = || {
        let extra = (0..board.layout().units().len())
            .filter(move |&u| !kinds.contains(&board.layout().units()[u].kind));
        board
            .units_of_kind(UnitKind::Column)
            .chain(board.units_of_kind(UnitKind::Row))
            .chain(extra)
    };
    let boxes = || board.units_of_kind(UnitKind::Box);
    let full = boxes()
        .chain(lines())
        .filter(|&u| n - board.placed_in(u).len() == 1);
    for unit in full.chain(boxes()).chain(lines()) {
        let masks = board.unit_masks(unit);
        if let Some(d) = masks.iter().position(|m| m.count_ones() == 1) {
            let digit = d as u8 + 1;
            let at = masks[d].trailing_zeros() as usize;
            let cell = board.layout().units()[unit].cells[at];
            let mut step = Step::new(Strategy::HiddenSingle);
            let kind = board.layout().units()[unit].kind;
            let full_house = n - board.placed_in(unit).len() == 1;
            step.score = se::hidden_single(full_house, kind == UnitKind::Box);
            step.units.push(unit);
            step.cells.push(cell);
            step.digits.push(digit);
            step.placements.push(Candidate { cell, digit });
            return Some(step);
        }
    }
    None
}
