//! Naked and hidden singles.

use super::board::Board;
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

/// The first digit with one place left in a unit: boxes (and jigsaw regions) first, as
/// players look there first, then rows, columns and the variant's extra units.
pub(super) fn hidden_single(board: &Board) -> Option<Step> {
    let boxes = board.units_of_kind(UnitKind::Box);
    let others = (0..board.layout().units().len())
        .filter(|&u| board.layout().units()[u].kind != UnitKind::Box);
    for unit in boxes.chain(others) {
        let single =
            (1..=board.size() as u8).find(|&d| board.place_mask(unit, d).count_ones() == 1);
        if let Some(digit) = single {
            let at = board.place_mask(unit, digit).trailing_zeros() as usize;
            let cell = board.layout().units()[unit].cells[at];
            let mut step = Step::new(Strategy::HiddenSingle);
            step.units.push(unit);
            step.cells.push(cell);
            step.digits.push(digit);
            step.placements.push(Candidate { cell, digit });
            return Some(step);
        }
    }
    None
}
