//! The killer strategies: cage combinations and the rule of 45 (innies and outies).
//!
//! Both restrict a group of cells with a known sum and no digit twice to the digits of its
//! *fillings*: the assignments of distinct digits, each from its cell's candidates, that
//! add up to the sum. A cell keeps a candidate only if some filling puts it there. For a
//! cage the group is its open cells, and the sum the cage's less its placed digits. For the
//! rule of 45 the group comes from a unit, which holds every digit once and so adds up to
//! `1 + 2 + ... + n` (45 on 9x9): its *innies* are its cells outside the cages that lie
//! wholly inside it, and add up to the unit's sum less those cages'; its *outies* are the
//! cells outside it of the cages that cover it (when cages cover all of it), and add up to
//! those cages' sums less the unit's. Innies lie in one unit, so their digits differ;
//! outies are used when there is one, or when every two of them share a unit or a cage.

use std::ops::ControlFlow;

use super::board::Board;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::killer::for_each_filling;

/// The most fillings read for one group: past it the group is left alone (a sound, weaker
/// explanation), so a step's work stays bounded whatever the cages.
const MAX_FILLINGS: usize = 200_000;

/// The first cage whose fillings rule out a candidate of one of its open cells.
pub(super) fn cage_combination(board: &Board) -> Option<Step> {
    for cage in board.cages() {
        let open: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&c| board.value(c) == 0)
            .collect();
        let placed: u32 = cage.cells.iter().map(|&c| u32::from(board.value(c))).sum();
        let Some(sum) = cage.sum.checked_sub(placed) else {
            continue; // over its sum: the board is contradictory, and the contradiction says so
        };
        if let Some(step) = restrict(board, Strategy::CageCombination, &open, sum, None) {
            return Some(step);
        }
    }
    None
}

/// The first unit whose innies or outies have fillings that rule out a candidate, or one
/// cell that they place.
pub(super) fn rule_of_45(board: &Board) -> Option<Step> {
    if board.cages().is_empty() {
        return None;
    }
    let n = board.size() as u32;
    let total = n * (n + 1) / 2;
    for (u, unit) in board.layout().units().iter().enumerate() {
        let inside = |k: usize| {
            board.cages()[k]
                .cells
                .iter()
                .all(|c| unit.cells.contains(c))
        };
        let mut whole: Vec<usize> = Vec::new(); // cages wholly inside the unit
        let mut crossing: Vec<usize> = Vec::new(); // cages partly inside
        let mut covered = true;
        for &c in &unit.cells {
            match board.cage_of(c) {
                Some(k) if inside(k) => push_new(&mut whole, k),
                Some(k) => push_new(&mut crossing, k),
                None => covered = false,
            }
        }
        // Innies: the unit less its whole cages, when there is one.
        if !whole.is_empty() {
            let innies: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| board.cage_of(c).is_none_or(|k| !inside(k)))
                .collect();
            let cages: u32 = whole.iter().map(|&k| board.cages()[k].sum).sum();
            if let Some(step) = group(board, u, &innies, total.checked_sub(cages), true) {
                return Some(step);
            }
        }
        // Outies: the crossing cages' cells outside the unit, when cages cover the unit.
        if covered && !crossing.is_empty() {
            let outies: Vec<usize> = crossing
                .iter()
                .flat_map(|&k| board.cages()[k].cells.iter().copied())
                .filter(|c| !unit.cells.contains(c))
                .collect();
            let cages: u32 = whole
                .iter()
                .chain(&crossing)
                .map(|&k| board.cages()[k].sum)
                .sum();
            if let Some(step) = group(board, u, &outies, cages.checked_sub(total), false) {
                return Some(step);
            }
        }
    }
    None
}

fn push_new(list: &mut Vec<usize>, k: usize) {
    if !list.contains(&k) {
        list.push(k);
    }
}

/// The step of a unit's innies or outies `cells` adding up to `sum`: a placement for one
/// open cell, else the candidates their fillings rule out. Outies whose digits may repeat
/// (two of them sharing neither a unit nor a cage) are passed by unless one is open.
fn group(
    board: &Board,
    unit: usize,
    cells: &[usize],
    sum: Option<u32>,
    distinct: bool,
) -> Option<Step> {
    let sum = sum?;
    let open: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.value(c) == 0)
        .collect();
    let placed: u32 = cells.iter().map(|&c| u32::from(board.value(c))).sum();
    let sum = sum.checked_sub(placed)?;
    let differ = |&a: &usize, &b: &usize| {
        board.sees(a, b) || (board.cage_of(a).is_some() && board.cage_of(a) == board.cage_of(b))
    };
    let distinct = distinct
        || open
            .iter()
            .enumerate()
            .all(|(i, a)| open[i + 1..].iter().all(|b| differ(a, b)));
    if !distinct && open.len() > 1 {
        return None;
    }
    restrict(board, Strategy::RuleOf45, &open, sum, Some(unit))
}

/// The step of `strategy` for the open `cells` adding up to `sum` with distinct digits: the
/// candidates no filling puts in their cell removed, or for one cell its digit placed. `None`
/// if the fillings rule nothing out (or are too many to read, or there are none: a board
/// with no filling is contradictory, which the explainer finds by itself once singles run).
fn restrict(
    board: &Board,
    strategy: Strategy,
    cells: &[usize],
    sum: u32,
    unit: Option<usize>,
) -> Option<Step> {
    if cells.is_empty() {
        return None;
    }
    let allowed: Vec<u128> = cells.iter().map(|&c| board.candidates(c).bits()).collect();
    let mut support = vec![0u128; cells.len()];
    let mut sets: Vec<Digits> = Vec::new();
    let mut read = 0usize;
    let mut complete = false;
    let _ = for_each_filling(&allowed, sum, &mut |digits| {
        read += 1;
        let mut set = Digits::EMPTY;
        for (i, &d) in digits.iter().enumerate() {
            support[i] |= 1 << (d - 1);
            set.insert(d);
        }
        if !sets.contains(&set) {
            sets.push(set);
        }
        complete = support == allowed;
        if complete || read > MAX_FILLINGS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if complete || read > MAX_FILLINGS || read == 0 {
        return None;
    }
    let mut step = Step::new(strategy);
    step.units.extend(unit);
    step.cells = cells.to_vec();
    step.sum = Some(sum);
    sets.sort_by_key(|d| d.iter().collect::<Vec<u8>>());
    step.digits = sets
        .iter()
        .fold(Digits::EMPTY, |a, &d| a | d)
        .iter()
        .collect();
    step.combinations = sets;
    if let (&[cell], Some(_)) = (cells, unit) {
        // One innie or outie: its digit is the sum.
        step.placements.push(Candidate {
            cell,
            digit: sum as u8,
        });
        return Some(step);
    }
    for (i, &cell) in cells.iter().enumerate() {
        for digit in Digits::from_bits(allowed[i] & !support[i]) {
            step.eliminations.push(Candidate { cell, digit });
        }
    }
    Some(step)
}
