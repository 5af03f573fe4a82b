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
    for unit in layout.units() {
        let cells: Vec<usize> = unit
            .cells
            .iter()
            .copied()
            .filter(|&c| (2..=k).contains(&board.candidates(c).len()))
            .collect();
        if cells.len() < k {
            continue;
        }
        let mut found = None;
        combinations(cells.len(), k, &mut |picked| {
            let union = picked
                .iter()
                .fold(Digits::EMPTY, |m, &i| m | board.candidates(cells[i]));
            if union.len() != k {
                return false;
            }
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
            let mut step = Step::new(strategy);
            step.units = units;
            step.cells = chosen;
            step.digits = union.iter().collect();
            step.eliminations = eliminations;
            found = Some(step);
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
    for (u, unit) in layout.units().iter().enumerate() {
        let open = unit
            .cells
            .iter()
            .fold(Digits::EMPTY, |m, &c| m | board.candidates(c));
        // Each digit with 2..=k places, and its places as positions in the unit.
        let digits: Vec<(u8, u128)> = open
            .iter()
            .filter_map(|d| {
                let mut places = 0u128;
                for (i, &c) in unit.cells.iter().enumerate() {
                    if board.candidates(c).contains(d) {
                        places |= 1 << i;
                    }
                }
                (2..=k as u32)
                    .contains(&places.count_ones())
                    .then_some((d, places))
            })
            .collect();
        if digits.len() < k {
            continue;
        }
        let mut found = None;
        combinations(digits.len(), k, &mut |picked| {
            let places = picked.iter().fold(0u128, |m, &i| m | digits[i].1);
            if places.count_ones() as usize != k {
                return false;
            }
            let set: Digits = picked.iter().map(|&i| digits[i].0).collect();
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
            let mut step = Step::new(strategy);
            step.units = vec![u];
            step.cells = cells;
            step.digits = set.iter().collect();
            step.eliminations = eliminations;
            found = Some(step);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Calls `visit` with every `k`-subset of `0..n` in lexicographic order, until it returns
/// true; returns whether it did.
pub(super) fn combinations(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn go(
        start: usize,
        n: usize,
        k: usize,
        picked: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if picked.len() == k {
            return visit(picked);
        }
        for i in start..=n - (k - picked.len()) {
            picked.push(i);
            if go(i + 1, n, k, picked, visit) {
                return true;
            }
            picked.pop();
        }
        false
    }
    if k > n {
        return false;
    }
    go(0, n, k, &mut Vec::with_capacity(k), visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_lexicographic_order() {
        let mut seen = Vec::new();
        combinations(4, 2, &mut |p| {
            seen.push(p.to_vec());
            false
        });
        assert_eq!(
            seen,
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]].map(|a| a.to_vec())
        );
        assert!(!combinations(2, 3, &mut |_| true));
    }
}
