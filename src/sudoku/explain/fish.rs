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
    if k == 2 {
        return x_wing(board, digits);
    }
    fish_any(board, k, digits)
}

/// [`fish_in`] by the subsets' search, for any `k` (the X-wing's fast path is tested
/// against it).
pub(super) fn fish_any(board: &Board, k: usize, digits: Digits) -> Option<Step> {
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
                let base_lines = picked.iter().map(|&i| base[lines[i]]).collect();
                if let Some(step) = fish_step(board, strategy, base_lines, cover, union, digit) {
                    first = Some((key, step));
                }
                false
            });
        }
        if let Some((_, step)) = first {
            return Some(step);
        }
    }
    None
}

/// [`fish_in`] for X-wings, which forcing chains look for on every branch board: two
/// base lines where the digit has the same two places, the first (as [`fish`] orders
/// them) found without the subsets' search or allocation, its step built once. Rows are
/// units `0..n` and columns `n..2n` ([`Layout::units`](crate::sudoku::Layout::units)).
fn x_wing(board: &Board, digits: Digits) -> Option<Step> {
    let n = board.size();
    let units = board.layout().units();
    debug_assert!(units[..n].iter().all(|u| u.kind == UnitKind::Row));
    debug_assert!(units[n..2 * n].iter().all(|u| u.kind == UnitKind::Column));
    for (base, cover) in [(n, 0), (0, n)] {
        // The first X-wing: its key (base lines' mask, digit) and its places.
        let mut first: Option<((u128, u8), u128)> = None;
        for digit in digits.iter().filter(|&d| (d as usize) <= n) {
            for i in 0..n {
                let at = board.place_mask(base + i, digit);
                if at.count_ones() != 2 {
                    continue;
                }
                for j in i + 1..n {
                    let key = (1 << i | 1 << j, digit);
                    if board.place_mask(base + j, digit) != at
                        || first.is_some_and(|(best, _)| best <= key)
                    {
                        continue;
                    }
                    // The base lines hold two of each cover line's places: any more go.
                    let removes = (0..n).any(|c| {
                        at & 1 << c != 0 && board.place_mask(cover + c, digit).count_ones() > 2
                    });
                    if removes {
                        first = Some((key, at));
                    }
                }
            }
        }
        if let Some(((lines, digit), union)) = first {
            let base_lines = (0..n).filter(|i| lines & 1 << i != 0).map(|i| base + i);
            let cover: Vec<usize> = (cover..cover + n).collect();
            return fish_step(
                board,
                Strategy::XWing,
                base_lines.collect(),
                &cover,
                union,
                digit,
            );
        }
    }
    None
}

/// The step of the fish of `digit` on `base_lines` whose places lie in the cover lines
/// `union` (positions in the base lines, indexes into `cover`): the digit leaves the rest
/// of the cover lines; none if nothing goes.
fn fish_step(
    board: &Board,
    strategy: Strategy,
    base_lines: Vec<usize>,
    cover: &[usize],
    union: u128,
    digit: u8,
) -> Option<Step> {
    let units = board.layout().units();
    let cover_lines: Vec<usize> = (0..cover.len())
        .filter(|j| union & (1 << j) != 0)
        .map(|j| cover[j])
        .collect();
    let mut eliminations: Vec<Candidate> = cover_lines
        .iter()
        .flat_map(|&u| units[u].cells.iter().copied())
        .filter(|&c| {
            board.candidates(c).contains(digit)
                && !base_lines.iter().any(|&b| units[b].cells.contains(&c))
        })
        .map(|cell| Candidate { cell, digit })
        .collect();
    eliminations.sort_unstable();
    if eliminations.is_empty() {
        return None;
    }
    let mut cells: Vec<usize> = base_lines
        .iter()
        .flat_map(|&u| board.places(u, digit))
        .collect();
    cells.sort_unstable();
    let units = [base_lines, cover_lines].concat();
    Some(Step::eliminating(
        strategy,
        units,
        cells,
        vec![digit],
        eliminations,
    ))
}
