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
use crate::sudoku::candidates::Digits;
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

/// A BUG with several extra candidates, as Sudoku Explainer finds one (its
/// `BivalueUniversalGrave` with lksudoku's fix, on by default): the *BUG cells* hold digits
/// past a bivalue universal grave, their *extra* digits; without them every open cell has
/// two candidates and every digit two places or none in every unit. So some BUG cell holds
/// one of its extra digits (else the board is a BUG, with no solution or several).
struct Grave {
    /// The BUG cells, in the order found (boxes, then rows, then columns; digits in order).
    cells: Vec<usize>,
    /// Each BUG cell's extra digits.
    extras: Vec<Digits>,
    /// The extra digits of all the BUG cells together.
    all: Digits,
    /// The open cells other than the BUG cells that see every BUG cell.
    common: Vec<usize>,
}

/// The board's BUG with its BUG cells and their extra digits, if it is one but for them.
fn grave(board: &Board) -> Option<Grave> {
    let layout = board.layout();
    let plain = layout
        .units()
        .iter()
        .all(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column | UnitKind::Box));
    if !plain || !board.cages().is_empty() {
        return None;
    }
    let n = board.size();
    let cells = layout.cells();
    // Every open cell has two candidates or more, and some more than two.
    if (0..cells).any(|c| board.value(c) == 0 && board.candidates(c).len() < 2) {
        return None;
    }
    let order = [UnitKind::Box, UnitKind::Row, UnitKind::Column];
    let units: Vec<usize> = order.iter().flat_map(|&k| board.units_of_kind(k)).collect();
    let mut grave = Grave {
        cells: Vec::new(),
        extras: Vec::new(),
        all: Digits::EMPTY,
        common: Vec::new(),
    };
    let add = |g: &mut Grave, cell: usize, digit: u8| match g.cells.iter().position(|&c| c == cell)
    {
        Some(k) => g.extras[k].insert(digit),
        None => {
            g.cells.push(cell);
            g.extras.push(Digits::single(digit));
        }
    };
    // lksudoku's fix: when every unit past two places has the same digit, all its places in
    // cells of three candidates or more are BUG cells (two of them may share a unit).
    let mut only: Option<(u8, Vec<usize>)> = None;
    let mut one_digit = true;
    for &u in &units {
        for digit in 1..=n as u8 {
            let places = board.place_mask(u, digit).count_ones();
            if places == 0 || places == 2 {
                continue;
            }
            let wide: Vec<usize> = board
                .places(u, digit)
                .into_iter()
                .filter(|&c| board.candidates(c).len() >= 3)
                .collect();
            if wide.is_empty() {
                return None; // a digit past two places with no cell to take it
            }
            match &mut only {
                None => only = Some((digit, wide.clone())),
                Some((d, list)) if *d == digit => list.extend(
                    wide.iter()
                        .filter(|c| !list.contains(c))
                        .collect::<Vec<_>>(),
                ),
                Some(_) => one_digit = false,
            }
            if let [cell] = wide[..] {
                add(&mut grave, cell, digit);
                grave.all.insert(digit);
            }
        }
    }
    if let (true, Some((digit, list))) = (one_digit, only) {
        for cell in list {
            if !grave.cells.contains(&cell) {
                add(&mut grave, cell, digit);
                grave.all.insert(digit);
            }
        }
    }
    if grave.cells.is_empty() {
        return None;
    }
    // Without the extra digits, the board is a BUG.
    let left = |c: usize| match grave.cells.iter().position(|&b| b == c) {
        Some(k) => board.candidates(c) - grave.extras[k],
        None => board.candidates(c),
    };
    if (0..cells).any(|c| board.value(c) == 0 && left(c).len() != 2) {
        return None;
    }
    for &u in &units {
        let mut count = vec![0u8; n + 1];
        for &c in &layout.units()[u].cells {
            if board.value(c) == 0 {
                for d in left(c) {
                    count[d as usize] += 1;
                }
            }
        }
        if count.iter().any(|&k| k != 0 && k != 2) {
            return None;
        }
    }
    grave.common = (0..cells)
        .filter(|&c| {
            board.value(c) == 0
                && !grave.cells.contains(&c)
                && grave.cells.iter().all(|&b| board.sees(c, b))
        })
        .collect();
    Some(grave)
}

/// BUG type 2: the BUG cells' extra digits are one digit `z` (and there are two BUG cells
/// or more): one of them holds `z`, which leaves every cell seeing them all (SE 5.7).
pub(super) fn bug_type2(board: &Board) -> Option<Step> {
    let g = grave(board)?;
    let digit = g.all.first()?;
    if g.cells.len() < 2 || g.all.len() != 1 {
        return None;
    }
    let eliminations: Vec<Candidate> = g
        .common
        .iter()
        .filter(|&&c| board.candidates(c).contains(digit))
        .map(|&cell| Candidate { cell, digit })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::eliminating(
        Strategy::BugType2,
        Vec::new(),
        g.cells,
        vec![digit],
        eliminations,
    );
    step.score = se::bug(2, 0);
    Some(step)
}

/// BUG type 4: two BUG cells share a unit and one digit `x` past their extra digits, which
/// has no other place in the unit: one of them holds its extra digit, so the other holds
/// `x`, and neither holds its remaining digit (SE 5.7).
pub(super) fn bug_type4(board: &Board) -> Option<Step> {
    let g = grave(board)?;
    let [c1, c2] = g.cells[..] else {
        return None;
    };
    if g.common.is_empty() && g.all.len() > 1 {
        return None;
    }
    let shared = (board.candidates(c1) & board.candidates(c2)) - g.all;
    let digit = shared.first()?;
    if shared.len() != 1 {
        return None;
    }
    let unit = *board.common_units(&[c1, c2]).first()?;
    let keep = |k: usize| g.extras[k] | Digits::single(digit);
    let eliminations: Vec<Candidate> = [c1, c2]
        .iter()
        .enumerate()
        .flat_map(|(k, &cell)| {
            (board.candidates(cell) - keep(k))
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::eliminating(
        Strategy::BugType4,
        vec![unit],
        vec![c1, c2],
        vec![digit],
        eliminations,
    );
    step.score = se::bug(4, 0);
    Some(step)
}

/// BUG type 3: the BUG cells share a unit and have two extra digits or more; one of those
/// is in a BUG cell, which acts as one cell with those digits: with `k - 1` other cells of
/// the unit whose candidates are `k` digits in all (the extra digits among them), it makes
/// a naked set, whose digits leave the unit's other cells (SE 5.7 and 0.1 a digit past the
/// first). The smallest set first, then units in order.
pub(super) fn bug_type3(board: &Board) -> Option<Step> {
    let g = grave(board)?;
    if g.all.len() < 2 || g.common.is_empty() {
        return None;
    }
    let units = board.common_units(&g.cells);
    let n = board.size();
    for k in 2..=n.min(7) {
        for &u in &units {
            // SE takes the set's other cells from those seeing every BUG cell, each with
            // two candidates or more, and asks their candidates alone to make the set.
            let others: Vec<usize> = board.layout().units()[u]
                .cells
                .iter()
                .copied()
                .filter(|c| g.common.contains(c))
                .collect();
            let mut found = None;
            sets_with(
                board,
                &others,
                g.all,
                k,
                &mut Vec::new(),
                Digits::EMPTY,
                &mut |cells, set| {
                    let eliminations: Vec<Candidate> = others
                        .iter()
                        .filter(|c| !cells.contains(c))
                        .flat_map(|&cell| {
                            (board.candidates(cell) & set)
                                .iter()
                                .map(move |digit| Candidate { cell, digit })
                        })
                        .collect();
                    if eliminations.is_empty() {
                        return false;
                    }
                    found = Some((set, cells.to_vec(), eliminations));
                    true
                },
            );
            if let Some((set, cells, eliminations)) = found {
                let mut pattern = g.cells.clone();
                pattern.extend(cells);
                let mut step = Step::eliminating(
                    Strategy::BugType3,
                    vec![u],
                    pattern,
                    set.iter().collect(),
                    eliminations,
                );
                step.score = se::bug(3, k);
                return Some(step);
            }
        }
    }
    None
}

/// Calls `visit` with each `k - 1` cells of `others` (in order, extending `picked`) whose
/// candidates alone are `k` digits holding every digit of `extra`, and those digits, until
/// it returns true; returns whether it did.
fn sets_with(
    board: &Board,
    others: &[usize],
    extra: Digits,
    k: usize,
    picked: &mut Vec<usize>,
    union: Digits,
    visit: &mut dyn FnMut(&[usize], Digits) -> bool,
) -> bool {
    if union.len() > k {
        return false;
    }
    if picked.len() + 1 == k {
        return union.len() == k && (extra - union).is_empty() && visit(picked, union);
    }
    let from = picked
        .last()
        .and_then(|l| others.iter().position(|c| c == l))
        .map_or(0, |i| i + 1);
    for i in from..others.len() {
        picked.push(others[i]);
        let next = union | board.candidates(others[i]);
        if sets_with(board, others, extra, k, picked, next, visit) {
            return true;
        }
        picked.pop();
    }
    false
}
