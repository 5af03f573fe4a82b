//! Aligned pair and triple exclusion (Sudoku Explainer's `AlignedPairExclusion`, 6.2, and
//! `AlignedExclusion` of three cells, 7.5).
//!
//! Two (or three) open cells cannot take digits that would leave no candidate to a cell
//! seeing them all (an *excluder*, whose candidates would all be taken), nor one digit twice
//! in cells that see each other. A digit of one of them that goes with no allowed choice of
//! the others is removed. As SE finds them: cells with two candidates or more, seeing no
//! open cell with one candidate left; the excluders are open cells of two candidates (up
//! to three for a triple) seeing every cell of the set, two of them at least. Any two cells
//! make a pair, whether they see each other or not; a triple's third cell is an excluder
//! of one of the first two.

use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The first aligned exclusion of `k` cells (2 or 3), in SE's order: the second cell in
/// reading order, the first before it, then a triple's third cell.
pub(super) fn aligned_exclusion(board: &Board, k: usize) -> Option<Step> {
    let layout = board.layout();
    let plain = layout
        .units()
        .iter()
        .all(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column | UnitKind::Box));
    if !plain || !(2..=3).contains(&k) {
        return None;
    }
    // Each base cell with its excluders; none seeing a cell with one candidate.
    let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
    for cell in (0..layout.cells()).filter(|&c| board.value(c) == 0) {
        if board.candidates(cell).len() < 2 {
            continue;
        }
        let open: Vec<usize> = layout
            .peers(cell)
            .iter()
            .copied()
            .filter(|&p| board.value(p) == 0)
            .collect();
        if open.iter().any(|&p| board.candidates(p).len() == 1) {
            continue;
        }
        let excluders: Vec<usize> = open
            .into_iter()
            .filter(|&p| (2..=k).contains(&board.candidates(p).len()))
            .collect();
        if !excluders.is_empty() {
            bases.push((cell, excluders));
        }
    }
    let mut base_of = vec![usize::MAX; layout.cells()];
    for (i, (cell, _)) in bases.iter().enumerate() {
        base_of[*cell] = i;
    }
    let excluders_of = |cell: usize| bases.get(base_of[cell]).map(|(_, e)| e);
    let mut common: Vec<usize> = Vec::new();
    for j in 1..bases.len() {
        for i in 0..j {
            let (a, ea) = (bases[i].0, &bases[i].1);
            let (b, eb) = (bases[j].0, &bases[j].1);
            if k == 2 {
                if let Some(step) = exclusion(board, &[a, b], &[ea, eb]) {
                    return Some(step);
                }
                continue;
            }
            // A triple's excluders are among the pair's common ones: with fewer than two of
            // those, no third cell can make an exclusion of the pair (`exclusion` wants two).
            common.clear();
            common.extend(ea.iter().filter(|&&c| c != a && c != b && eb.contains(&c)));
            if common.len() < 2 {
                continue;
            }
            // The third cell: a base cell that excludes for the first or the second.
            let mut twins: Vec<usize> = Vec::new();
            for &t in ea.iter().chain(eb) {
                if t != a && t != b && !twins.contains(&t) {
                    twins.push(t);
                }
            }
            for t in twins {
                let Some(et) = excluders_of(t) else {
                    continue;
                };
                if common
                    .iter()
                    .filter(|&&c| c != t && et.contains(&c))
                    .count()
                    < 2
                {
                    continue;
                }
                if let Some(step) = exclusion(board, &[a, b, t], &[ea, eb, et]) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The exclusion on `cells` (with their excluders), if it removes something.
fn exclusion(board: &Board, cells: &[usize], excluders: &[&Vec<usize>]) -> Option<Step> {
    let common: Vec<usize> = excluders[0]
        .iter()
        .copied()
        .filter(|c| !cells.contains(c) && excluders[1..].iter().all(|e| e.contains(c)))
        .collect();
    if common.len() < 2 {
        return None;
    }
    let mut ok = vec![Digits::EMPTY; cells.len()];
    let mut locking: Vec<usize> = Vec::new();
    let mut picked: Vec<u8> = Vec::with_capacity(cells.len());
    combine(board, cells, &common, &mut picked, &mut ok, &mut locking);
    let eliminations: Vec<Candidate> = cells
        .iter()
        .zip(&ok)
        .flat_map(|(&cell, &ok)| {
            (board.candidates(cell) - ok)
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let (strategy, k) = if cells.len() == 2 {
        (Strategy::AlignedPairExclusion, 2)
    } else {
        (Strategy::AlignedTripleExclusion, 3)
    };
    let mut pattern = cells.to_vec();
    pattern.extend(&locking);
    let mut step = Step::eliminating(strategy, Vec::new(), pattern, Vec::new(), eliminations);
    step.chain = locking
        .iter()
        .flat_map(|&cell| {
            board
                .candidates(cell)
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
        .collect();
    step.score = se::aligned_exclusion(k);
    Some(step)
}

/// Tries every choice of digits for the cells past `picked`: a choice is allowed unless two
/// cells seeing each other take one digit or it takes every candidate of an excluder (which
/// joins `locking`); each allowed choice's digits join `ok`.
fn combine(
    board: &Board,
    cells: &[usize],
    common: &[usize],
    picked: &mut Vec<u8>,
    ok: &mut [Digits],
    locking: &mut Vec<usize>,
) {
    let i = picked.len();
    if i == cells.len() {
        let taken = Digits::from_digits(picked.iter().copied());
        if let Some(&c) = common
            .iter()
            .find(|&&c| (board.candidates(c) - taken).is_empty())
        {
            if !locking.contains(&c) {
                locking.push(c);
            }
            return;
        }
        for (o, &d) in ok.iter_mut().zip(picked.iter()) {
            o.insert(d);
        }
        return;
    }
    for d in board.candidates(cells[i]) {
        let clash = (0..i).any(|j| picked[j] == d && board.sees(cells[j], cells[i]));
        if clash {
            continue;
        }
        picked.push(d);
        combine(board, cells, common, picked, ok, locking);
        picked.pop();
    }
}
