//! Basic fish: X-wing (2), swordfish (3), jellyfish (4).
//!
//! For a digit, take `k` *base* lines (rows, say) in which its places lie, together, in `k`
//! *cover* lines (columns). Each base line needs the digit once, in a cover line, and no two
//! in the same one, so the `k` base lines fill every cover line: the digit leaves the rest
//! of the cover lines. Rows and columns swap roles too. Basic fish use rows and columns only
//! (boxes, regions and extra units would make "franken" fish, not done here).

use super::board::Board;
use super::step::{Candidate, Step, Strategy};
use super::subsets::k_unions;
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The fish of size `k` Sudoku Explainer finds first (its `Fisherman`): columns as base
/// lines before rows; among those, the base lines' set first in SE's order (as a bit mask,
/// the least first), then the least digit. Where two fish are there, both remove the
/// same, mostly; the order keeps the step's text SE's.
pub(super) fn fish(board: &Board, k: usize) -> Option<Step> {
    fish_in(board, k, Digits::all(board.size()))
}

/// [`fish`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn fish_in(board: &Board, k: usize, digits: Digits) -> Option<Step> {
    let strategy = match k {
        2 => Strategy::XWing,
        3 => Strategy::Swordfish,
        _ => Strategy::Jellyfish,
    };
    let n = board.size();
    let rows: Vec<usize> = board.units_of_kind(UnitKind::Row).collect();
    let cols: Vec<usize> = board.units_of_kind(UnitKind::Column).collect();
    let (mut lines, mut masks): (Vec<usize>, Vec<u128>) = (Vec::new(), Vec::new());
    for (base, cover) in [(&cols, &rows), (&rows, &cols)] {
        // The first fish of this orientation: (its base lines' mask, digit), and the step.
        let mut first: Option<((u128, u8), Step)> = None;
        for digit in digits.iter().filter(|&d| (d as usize) <= n) {
            // Each base line with 2..=k places (its index), and the positions (cover
            // indexes) of its places.
            lines.clear();
            masks.clear();
            for (i, &u) in base.iter().enumerate() {
                let at = board.place_mask(u, digit);
                if (2..=k as u32).contains(&at.count_ones()) {
                    lines.push(i);
                    masks.push(at);
                }
            }
            k_unions(&masks, k, &mut |picked, union| {
                let key = (picked.iter().fold(0u128, |m, &i| m | 1 << lines[i]), digit);
                if first.as_ref().is_some_and(|(best, _)| *best <= key) {
                    return false;
                }
                let base_lines: Vec<usize> = picked.iter().map(|&i| base[lines[i]]).collect();
                let cover_lines: Vec<usize> = (0..n)
                    .filter(|j| union & (1 << j) != 0)
                    .map(|j| cover[j])
                    .collect();
                let mut eliminations: Vec<Candidate> = cover_lines
                    .iter()
                    .flat_map(|&u| board.layout().units()[u].cells.iter().copied())
                    .filter(|&c| {
                        board.candidates(c).contains(digit)
                            && !base_lines
                                .iter()
                                .any(|&b| board.layout().units()[b].cells.contains(&c))
                    })
                    .map(|cell| Candidate { cell, digit })
                    .collect();
                eliminations.sort_unstable();
                if eliminations.is_empty() {
                    return false;
                }
                let mut cells: Vec<usize> = base_lines
                    .iter()
                    .flat_map(|&u| board.places(u, digit))
                    .collect();
                cells.sort_unstable();
                let units = [base_lines, cover_lines].concat();
                let step = Step::eliminating(strategy, units, cells, vec![digit], eliminations);
                first = Some((key, step));
                false
            });
        }
        if let Some((_, step)) = first {
            return Some(step);
        }
    }
    None
}
