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

/// The strategies of naked and hidden subsets, by size from 2.
const NAKED: [Strategy; 3] = [
    Strategy::NakedPair,
    Strategy::NakedTriple,
    Strategy::NakedQuad,
];
const HIDDEN: [Strategy; 3] = [
    Strategy::HiddenPair,
    Strategy::HiddenTriple,
    Strategy::HiddenQuad,
];

/// The naked subset of size `k` (2 to 4) first found, units in layout order.
pub(super) fn naked(board: &Board, k: usize) -> Option<Step> {
    naked_in(board, k, |_| true)
}

/// [`naked`] in the units `search` accepts (by index in the layout) only.
pub(super) fn naked_in(board: &Board, k: usize, search: impl Fn(usize) -> bool) -> Option<Step> {
    match k {
        2 => naked_pair(board, search),
        _ => naked_any(board, k, search),
    }
}

/// [`naked_in`] by the subsets' search, for any `k`.
fn naked_any(board: &Board, k: usize, search: impl Fn(usize) -> bool) -> Option<Step> {
    let strategy = NAKED[k.min(4) - 2];
    let layout = board.layout();
    // Each unit's cells of 2..=k candidates and their candidates (room kept between units).
    let mut cells: Vec<usize> = Vec::new();
    let mut masks: Vec<u128> = Vec::new();
    for (u, unit) in layout.units().iter().enumerate() {
        if !search(u) {
            continue;
        }
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
            let chosen: Vec<usize> = picked.iter().map(|&i| cells[i]).collect();
            found = naked_step(board, strategy, chosen, union);
            found.is_some()
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// [`naked_in`] for pairs, which forcing chains look for on every branch board: two cells
/// of a unit with the same two candidates, found without the subsets' search or allocation
/// until one is there.
fn naked_pair(board: &Board, search: impl Fn(usize) -> bool) -> Option<Step> {
    (0..board.layout().units().len())
        .filter(|&u| search(u))
        .find_map(|u| naked_pair_at(board, u))
}

/// The first naked pair of unit `u` ([`naked_pair`] in that unit alone).
pub(super) fn naked_pair_at(board: &Board, u: usize) -> Option<Step> {
    let cells = &board.layout().units()[u].cells;
    for (i, &a) in cells.iter().enumerate() {
        let bits = board.candidates(a).bits();
        if bits.count_ones() != 2 {
            continue;
        }
        for &b in &cells[i + 1..] {
            if board.candidates(b).bits() != bits {
                continue;
            }
            let found = naked_step(board, Strategy::NakedPair, vec![a, b], bits);
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The step of the naked subset `chosen` (cells whose candidates together are `union`):
/// `union` leaves every other cell of the units holding them all; none if nothing goes.
fn naked_step(board: &Board, strategy: Strategy, chosen: Vec<usize>, union: u128) -> Option<Step> {
    let union = Digits::from_bits(union);
    // Most subsets a board holds have nothing left to remove: tell without allocating.
    let removes = board.slots(chosen[0]).iter().any(|&(u, _)| {
        let mut inside = 0u128;
        for &c in &chosen {
            match board.slots(c).iter().find(|s| s.0 == u) {
                Some(&(_, i)) => inside |= 1 << i,
                None => return false,
            }
        }
        union.iter().any(|d| board.place_mask(u, d) & !inside != 0)
    });
    if !removes {
        return None;
    }
    let layout = board.layout();
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
        return None;
    }
    let digits = union.iter().collect();
    Some(Step::eliminating(
        strategy,
        units,
        chosen,
        digits,
        eliminations,
    ))
}

/// The hidden subset of size `k` (2 to 4) first found, units in layout order.
pub(super) fn hidden(board: &Board, k: usize) -> Option<Step> {
    hidden_in(board, k, |_| true)
}

/// [`hidden`] in the units `search` accepts (by index in the layout) only.
pub(super) fn hidden_in(board: &Board, k: usize, search: impl Fn(usize) -> bool) -> Option<Step> {
    match k {
        2 => hidden_pair(board, search),
        _ => hidden_any(board, k, search),
    }
}

/// [`hidden_in`] by the subsets' search, for any `k`.
fn hidden_any(board: &Board, k: usize, search: impl Fn(usize) -> bool) -> Option<Step> {
    let strategy = HIDDEN[k.min(4) - 2];
    let layout = board.layout();
    // Each unit's digits with 2..=k places and those places as positions in the unit
    // (room kept between units).
    let mut digits: Vec<u8> = Vec::new();
    let mut masks: Vec<u128> = Vec::new();
    for u in (0..layout.units().len()).filter(|&u| search(u)) {
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
            found = hidden_step(board, strategy, u, set, places);
            found.is_some()
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// [`hidden_in`] for pairs, which forcing chains look for on every branch board: two
/// digits with the same two places in a unit, found without the subsets' search or
/// allocation until one is there.
fn hidden_pair(board: &Board, search: impl Fn(usize) -> bool) -> Option<Step> {
    (0..board.layout().units().len())
        .filter(|&u| search(u))
        .find_map(|u| hidden_pair_at(board, u))
}

/// The first hidden pair of unit `u` ([`hidden_pair`] in that unit alone).
pub(super) fn hidden_pair_at(board: &Board, u: usize) -> Option<Step> {
    let masks = board.unit_masks(u);
    for (i, &places) in masks.iter().enumerate() {
        if places.count_ones() != 2 {
            continue;
        }
        for (j, _) in masks
            .iter()
            .enumerate()
            .skip(i + 1)
            .filter(|&(_, &m)| m == places)
        {
            let set = Digits::from_digits([i as u8 + 1, j as u8 + 1]);
            let found = hidden_step(board, Strategy::HiddenPair, u, set, places);
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The step of the hidden subset `set` whose places in unit `u` are `places`: every other
/// candidate leaves those cells; none if nothing goes.
fn hidden_step(
    board: &Board,
    strategy: Strategy,
    u: usize,
    set: Digits,
    places: u128,
) -> Option<Step> {
    let unit = &board.layout().units()[u];
    let at = |i: usize| places & (1 << i) != 0;
    // Most subsets a board holds have nothing left to remove: tell without allocating.
    if (0..unit.cells.len()).all(|i| !at(i) || (board.candidates(unit.cells[i]) - set).is_empty()) {
        return None;
    }
    let cells: Vec<usize> = (0..unit.cells.len())
        .filter(|&i| at(i))
        .map(|i| unit.cells[i])
        .collect();
    let eliminations = outside(board, &cells, set);
    let digits = set.iter().collect();
    Some(Step::eliminating(
        strategy,
        vec![u],
        cells,
        digits,
        eliminations,
    ))
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
    /// Extends the first `len` indexes of `picked` (its length is `k`) from `start` on.
    fn go(
        start: usize,
        union: u128,
        masks: &[u128],
        (picked, len): (&mut [usize], usize),
        visit: &mut dyn FnMut(&[usize], u128) -> bool,
    ) -> bool {
        let k = picked.len();
        if len == k {
            return union.count_ones() as usize == k && visit(picked, union);
        }
        for i in start..=masks.len() - (k - len) {
            let u = union | masks[i];
            if u.count_ones() as usize > k {
                continue;
            }
            picked[len] = i;
            if go(i + 1, u, masks, (&mut *picked, len + 1), visit) {
                return true;
            }
        }
        false
    }
    if k > masks.len() || k == 0 {
        return false;
    }
    // The picked indexes on the stack: the rungs call this for many units a step.
    let mut small = [0; 8];
    let mut large = Vec::new();
    let picked = if k <= small.len() {
        &mut small[..k]
    } else {
        large.resize(k, 0);
        &mut large[..]
    };
    go(0, 0, masks, (picked, 0), visit)
}

/// The candidates of `cells` outside `set`: what a hidden set on those cells removes.
pub(super) fn outside(board: &Board, cells: &[usize], set: Digits) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&cell| {
            (board.candidates(cell) - set)
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::explain::board::random_cuts;
    use crate::sudoku::explain::fish;

    /// The pairs' and the X-wing's fast paths find the step the subsets' search finds, on
    /// boards with random candidates removed (and on the uncut ones), each found on many.
    #[test]
    fn pairs_and_x_wings_are_found_as_the_subsets_search_finds_them() {
        let mut found = [0; 3];
        for (_, board, keep) in random_cuts(29, 2) {
            for b in [board.with_candidates(&keep), board] {
                let naked = naked_pair(&b, |_| true);
                assert_eq!(naked, naked_any(&b, 2, |_| true));
                found[0] += usize::from(naked.is_some());
                let hidden = hidden_pair(&b, |_| true);
                assert_eq!(hidden, hidden_any(&b, 2, |_| true));
                found[1] += usize::from(hidden.is_some());
                for digits in [Digits::all(9), Digits::from_digits([2, 5, 7])] {
                    let x_wing = fish::fish_in(&b, 2, digits);
                    assert_eq!(x_wing, fish::fish_any(&b, 2, digits));
                    found[2] += usize::from(x_wing.is_some());
                }
            }
        }
        assert!(found[0] > 50 && found[1] > 50 && found[2] > 20, "{found:?}");
    }

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
