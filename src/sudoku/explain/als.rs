//! Almost locked sets: `k` open cells of one unit whose candidates together are `k + 1`
//! digits, found once a step for the ALS rungs that read them (ALS-XZ, ALS-XY-wing, death
//! blossom; [`Strategy::is_als`](super::Strategy::is_als)).
//!
//! Such a set holds all but one of its digits: take one digit away from it (it cannot hold
//! it) and it is locked, holding every other. Two sets are linked by a *restricted common*
//! digit when every cell of the one holding it sees every cell of the other holding it:
//! at most one of them holds it.

use std::collections::HashSet;

use super::alswings::subsets;
use super::board::Board;
use crate::sudoku::candidates::Digits;

/// The most cells of a set: larger ones rarely link, and their number grows as the
/// binomial of the unit's open cells.
const MAX_CELLS: usize = 5;

/// An almost locked set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Als {
    /// A unit holding its cells (the first found).
    pub(super) unit: usize,
    /// Its cells, in increasing order.
    pub(super) cells: Vec<usize>,
    /// Its candidates together: one more than its cells.
    pub(super) digits: Digits,
}

impl Als {
    /// Its cells holding `digit`.
    pub(super) fn holders(&self, board: &Board, digit: u8) -> Vec<usize> {
        self.cells
            .iter()
            .copied()
            .filter(|&c| board.candidates(c).contains(digit))
            .collect()
    }

    /// Whether it shares a cell with `other`.
    pub(super) fn overlaps(&self, other: &Als) -> bool {
        self.cells.iter().any(|c| other.cells.contains(c))
    }

    /// Whether `cell` is one of its cells.
    pub(super) fn contains(&self, cell: usize) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }
}

/// Every almost locked set of the board of one to five cells (at most one fewer than a
/// unit's cells), each once however many units hold it, unit by unit in layout order.
pub(super) fn almost_locked_sets(board: &Board) -> Vec<Als> {
    let layout = board.layout();
    let most = MAX_CELLS.min(layout.size().saturating_sub(1));
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut sets = Vec::new();
    for (u, unit) in layout.units().iter().enumerate() {
        let open: Vec<usize> = unit
            .cells
            .iter()
            .copied()
            .filter(|&c| board.value(c) == 0 && (2..=most + 1).contains(&board.candidates(c).len()))
            .collect();
        for k in 1..=most.min(open.len()) {
            let mut pick = Vec::with_capacity(k);
            subsets(
                board,
                &open,
                k,
                0,
                Digits::default(),
                &mut pick,
                &mut |cells, digits| {
                    if digits.len() != k + 1 {
                        return;
                    }
                    let mut cells = cells.to_vec();
                    cells.sort_unstable();
                    if seen.insert(cells.clone()) {
                        sets.push(Als {
                            unit: u,
                            cells,
                            digits,
                        });
                    }
                },
            );
        }
    }
    sets
}

/// The digits restricted common to two sets without a shared cell: each is a candidate of
/// both, and every cell of `a` holding it sees every cell of `b` holding it.
pub(super) fn restricted_common(board: &Board, a: &Als, b: &Als) -> Digits {
    (a.digits & b.digits)
        .iter()
        .filter(|&d| {
            let there = b.holders(board, d);
            a.holders(board, d)
                .iter()
                .all(|&p| there.iter().all(|&q| board.sees(p, q)))
        })
        .collect()
}

/// The holders of `digit` in each of `sets`, together.
pub(super) fn holders_in(board: &Board, sets: &[&Als], digit: u8) -> Vec<usize> {
    sets.iter().flat_map(|s| s.holders(board, digit)).collect()
}

/// Adds to `eliminations` the candidates `digit` of the cells outside `pattern` that see
/// every one of `cells`, once each.
pub(super) fn remove_seen(
    board: &Board,
    cells: &[usize],
    digit: u8,
    pattern: &[usize],
    eliminations: &mut Vec<super::step::Candidate>,
) {
    if cells.is_empty() {
        return;
    }
    for e in board.seen_by_all(cells, digit, pattern) {
        if !eliminations.contains(&e) {
            eliminations.push(e);
        }
    }
}
