//! Naked and hidden subsets (pairs, triples, quads), by the standard definitions.
//!
//! **Naked:** `k` open cells of a unit whose candidates *together* are `k` digits (not
//! necessarily each cell all `k`: `{1,2} {2,3} {1,3}` is a naked triple). Those digits fill
//! those cells, so they leave every other cell of every unit holding all `k` cells.
//!
//! **Hidden:** `k` digits whose places in a unit are, together, `k` cells. Those cells hold
//! those digits, so every other candidate leaves them.

use super::board::Board;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;

/// The naked subset of size `k` (2 to 4) first found, units in layout order.
pub(super) fn naked(board: &Board, k: usize) -> Option<Step> {
    let strategy = match k {
        2 => Strategy::NakedPair,
        3 => Strategy::NakedTriple,
        _ => Strategy::NakedQuad,
    };
    let layout = board.layout();
    // Each unit's cells of 2..=k candidates and their candidates (room kept between units).
    let mut cells: Vec<usize> = Vec::new();
    let mut masks: Vec<u128> = Vec::new();
    for unit in layout.units() {
        cells.clear();
        masks.clear();
        for &c in &unit.cells {
            let digits = board.candidates(c);
            if (2..=k).contains(&digits.len()) {
                cells.push(c);
                masks.push(digits.bits());
            }
        }
        if cells.len() < k {
            continue;
        }
        let mut found = None;
        k_unions(&masks, k, &mut |picked, union| {
            let union = Digits::from_bits(union);
            let chosen: Vec<usize> = picked.iter().map(|&i| cells[i]).collect();
            let units = board.common_units(&chosen);
            let mut eliminations = Vec::new();
            for &u in &units {
                for &c in &layout.units()[u].cells {
                    if chosen.contains(&c) || eliminations.iter().any(|e: &Candidate| e.cell == c) {
                        continue;
                    }
                    for digit in board.candidates(c) & union {
                        eliminations.push(Candidate { cell: c, digit });
                    }
                }
            }
            if eliminations.is_empty() {
                return false;
            }
            let digits = union.iter().collect();
            found = Some(Step::eliminating(
                strategy,
                units,
                chosen,
                digits,
                eliminations,
            ));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The hidden subset of size `k` (2 to 4) first found, units in layout order.
pub(super) fn hidden(board: &Board, k: usize) -> Option<Step> {
    let strategy = match k {
        2 => Strategy::HiddenPair,
        3 => Strategy::HiddenTriple,
        _ => Strategy::HiddenQuad,
    };
    let layout = board.layout();
    // Each unit's digits with 2..=k places and those places as positions in the unit
    // (room kept between units).
    let mut digits: Vec<u8> = Vec::new();
    let mut masks: Vec<u128> = Vec::new();
    for (u, unit) in layout.units().iter().enumerate() {
        digits.clear();
        masks.clear();
        for d in 1..=board.size() as u8 {
            let places = board.place_mask(u, d);
            if (2..=k as u32).contains(&places.count_ones()) {
                digits.push(d);
                masks.push(places);
            }
        }
        if digits.len() < k {
            continue;
        }
        let mut found = None;
        k_unions(&masks, k, &mut |picked, places| {
            let set: Digits = picked.iter().map(|&i| digits[i]).collect();
            let cells: Vec<usize> = (0..unit.cells.len())
                .filter(|i| places & (1 << i) != 0)
                .map(|i| unit.cells[i])
                .collect();
            let eliminations: Vec<Candidate> = cells
                .iter()
                .flat_map(|&cell| {
                    (board.candidates(cell) - set)
                        .iter()
                        .map(move |digit| Candidate { cell, digit })
                })
                .collect();
            if eliminations.is_empty() {
                return false;
            }
            let digits = set.iter().collect();
            found = Some(Step::eliminating(
                strategy,
                vec![u],
                cells,
                digits,
                eliminations,
            ));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Calls `visit` with every `k`-subset of `masks` (as indexes, in lexicographic order)
/// whose union has exactly `k` bits, and that union, until it returns true; returns whether
/// it did. Partial unions of more than `k` bits are not extended, which keeps the search
/// small: these are the subsets of naked and hidden sets and of fish.
pub(super) fn k_unions(
    masks: &[u128],
    k: usize,
    visit: &mut dyn FnMut(&[usize], u128) -> bool,
) -> bool {
    fn go(
        start: usize,
        union: u128,
        masks: &[u128],
        k: usize,
        picked: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize], u128) -> bool,
    ) -> bool {
        if picked.len() == k {
            return union.count_ones() as usize == k && visit(picked, union);
        }
        for i in start..=masks.len() - (k - picked.len()) {
            let u = union | masks[i];
            if u.count_ones() as usize > k {
                continue;
            }
            picked.push(i);
            if go(i + 1, u, masks, k, picked, visit) {
                return true;
            }
            picked.pop();
        }
        false
    }
    if k > masks.len() || k == 0 {
        return false;
    }
    go(0, 0, masks, k, &mut Vec::with_capacity(k), visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_unions_visit_the_subsets_of_k_bits_in_order() {
        let mut seen = Vec::new();
        // {1,2} {2,3} {1,3} {4,5} {1,2,3}
        let masks = [0b0011, 0b0110, 0b0101, 0b11000, 0b0111];
        k_unions(&masks, 3, &mut |p, u| {
            seen.push((p.to_vec(), u));
            false
        });
        assert_eq!(
            seen,
            [
                (vec![0, 1, 2], 0b111),
                (vec![0, 1, 4], 0b111),
                (vec![0, 2, 4], 0b111),
                (vec![1, 2, 4], 0b111),
            ]
        );
        assert!(!k_unions(&masks[..2], 3, &mut |_, _| true));
        assert!(!k_unions(&masks, 2, &mut |_, _| true)); // no two make two bits
    }
}
