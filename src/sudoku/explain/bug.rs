//! Bivalue universal grave + 1 (BUG+1), for puzzles declared to have one solution.
//!
//! A *BUG* is a board where every open cell has two candidates and every digit has two
//! places or none in every unit: such a board has no solution or several (the candidates
//! split into two fillings along every digit's places). When one cell has three candidates
//! and the rest of the board is a BUG but for that cell's extra digit (three places in each
//! of the cell's units), the cell must hold that digit: anything else leaves a BUG, so a
//! puzzle with one solution cannot. Only on rows, columns and boxes (the argument needs no
//! other unit) and never on a killer puzzle (its cages tell fillings apart).

use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::grid::UnitKind;

/// The BUG+1 placement, if the board is one.
pub(super) fn bug_plus_one(board: &Board) -> Option<Step> {
    let layout = board.layout();
    let plain = layout
        .units()
        .iter()
        .all(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column | UnitKind::Box));
    if !plain || !board.cages().is_empty() {
        return None;
    }
    let mut tri = None;
    for c in (0..layout.cells()).filter(|&c| board.value(c) == 0) {
        match board.candidates(c).len() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let cell = tri?;
    let units = layout.units_of(cell);
    let n = board.size();
    let mut extra = None;
    for u in 0..layout.units().len() {
        for d in 1..=n as u8 {
            match board.place_mask(u, d).count_ones() {
                0 | 2 => {}
                3 if units.contains(&u) && extra.is_none_or(|e| e == d) => extra = Some(d),
                _ => return None,
            }
        }
    }
    let digit = extra?;
    // Each of the cell's units has the digit three times.
    if !units
        .iter()
        .all(|&u| board.place_mask(u, digit).count_ones() == 3)
    {
        return None;
    }
    let mut step = Step::new(Strategy::BugPlusOne);
    step.score = se::bug(1, 0);
    step.units = units.to_vec();
    step.cells.push(cell);
    step.digits = board.candidates(cell).iter().collect();
    step.placements.push(Candidate { cell, digit });
    Some(step)
}
