//! Unique rectangles of types 2, 3 and 4 (for puzzles declared to have one solution).
//!
//! As for type 1 ([`super::uniqueness`]): four open corners of a rectangle, two by two in
//! every unit holding one of them, all with `x` and `y` among their candidates, cannot be
//! left with only `{x,y}`, or the puzzle would have two solutions. Two corners (the
//! *floor*) hold just `{x,y}`; so one of the other two (the *roof*) holds a digit besides:
//!
//! - type 2: the roof's extra digits are one digit `z`: a roof corner is `z`, so `z` leaves
//!   every cell that sees both;
//! - type 4: the roof corners share a unit where `x` has no other place: one of them is
//!   `x`, and the other cannot be `y` (that closes the deadly pattern), nor can the first
//!   (the other is then `x`): `y` leaves both;
//! - type 3: the roof corners share a unit; their extra digits, one of which they hold,
//!   act as one cell, which with `k - 1` other cells of the unit whose candidates add up to
//!   `k` digits in all makes a naked set: those digits leave the unit's other cells.
//!
//! Sudoku Explainer's values (its `UniqueLoops` on rectangles): 4.5 for types 2 and 4, and
//! 0.1 more for each digit past the first of type 3's set ([`se::unique_loop_type3`]).

use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;

/// A rectangle whose four corners all have `x` and `y` and no single-corner unit: floor
/// corners (`{x,y}` only) first, in reading order, then the roof's two, in reading order.
struct Rectangle {
    corners: [usize; 4],
    pair: Digits,
}

/// Calls `found` on each rectangle with two floor and two roof corners (rows, then columns,
/// then pairs in order), until it returns a step.
fn each(board: &Board, mut found: impl FnMut(&Rectangle) -> Option<Step>) -> Option<Step> {
    let n = board.size();
    let layout = board.layout();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if cells.iter().any(|&c| board.value(c) != 0) {
                        continue;
                    }
                    let common = cells
                        .iter()
                        .fold(board.candidates(cells[0]), |m, &c| m & board.candidates(c));
                    // Two floor corners hold two digits only.
                    let bivalue = cells
                        .iter()
                        .filter(|&&c| board.candidates(c).len() == 2)
                        .count();
                    if common.len() < 2 || bivalue < 2 {
                        continue;
                    }
                    let deadly = cells.iter().all(|&x| {
                        layout.units_of(x).iter().all(|&u| {
                            cells
                                .iter()
                                .filter(|&&y| layout.units_of(y).contains(&u))
                                .count()
                                == 2
                        })
                    });
                    if !deadly {
                        continue;
                    }
                    let digits: Vec<u8> = common.iter().collect();
                    for (i, &x) in digits.iter().enumerate() {
                        for &y in &digits[i + 1..] {
                            let pair = Digits::from_digits([x, y]);
                            let (floor, roof): (Vec<usize>, Vec<usize>) =
                                cells.iter().partition(|&&c| board.candidates(c) == pair);
                            if floor.len() != 2 {
                                continue;
                            }
                            let corners = [floor[0], floor[1], roof[0], roof[1]];
                            if let Some(step) = found(&Rectangle { corners, pair }) {
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The roof's two corners.
fn roof(r: &Rectangle) -> [usize; 2] {
    [r.corners[2], r.corners[3]]
}

/// The first unique rectangle of type 2.
pub(super) fn type2(board: &Board) -> Option<Step> {
    each(board, |r| {
        let roof = roof(r);
        let extra = (board.candidates(roof[0]) | board.candidates(roof[1])) - r.pair;
        if extra.len() != 1 {
            return None;
        }
        let z = extra.first()?;
        let eliminations = board.seen_by_all(&roof, z, &r.corners);
        if eliminations.is_empty() {
            return None;
        }
        let mut digits: Vec<u8> = r.pair.iter().collect();
        digits.push(z);
        let mut step = Step::eliminating(
            Strategy::UniqueRectangleType2,
            vec![],
            r.corners.to_vec(),
            digits,
            eliminations,
        );
        step.score = se::unique_loop(4);
        Some(step)
    })
}

/// The first unique rectangle of type 4.
pub(super) fn type4(board: &Board) -> Option<Step> {
    each(board, |r| {
        let roof = roof(r);
        for u in board.common_units(&roof) {
            let pair: Vec<u8> = r.pair.iter().collect();
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let mut places = board.places(u, x);
                places.sort_unstable();
                if places != roof {
                    continue;
                }
                let mut step = Step::eliminating(
                    Strategy::UniqueRectangleType4,
                    vec![u],
                    r.corners.to_vec(),
                    vec![x, y],
                    roof.iter()
                        .map(|&cell| Candidate { cell, digit: y })
                        .collect(),
                );
                step.score = se::unique_loop(4);
                return Some(step);
            }
        }
        None
    })
}

/// The first unique rectangle of type 3, the smallest set first on each rectangle.
pub(super) fn type3(board: &Board) -> Option<Step> {
    each(board, |r| {
        let roof = roof(r);
        let extra = (board.candidates(roof[0]) | board.candidates(roof[1])) - r.pair;
        if extra.len() < 2 {
            return None;
        }
        for u in board.common_units(&roof) {
            if let Some((k, digits, cells, eliminations)) =
                pseudo_sets(board, u, &roof, extra).next()
            {
                let mut all: Vec<u8> = r.pair.iter().collect();
                all.extend(digits.iter());
                let mut pattern = r.corners.to_vec();
                pattern.extend(&cells);
                let mut step = Step::eliminating(
                    Strategy::UniqueRectangleType3,
                    vec![u],
                    pattern,
                    all,
                    eliminations,
                );
                step.score = se::unique_loop_type3(4, k);
                return Some(step);
            }
        }
        None
    })
}

/// Type 3's naked sets in unit `u`, smallest first: the extra digits of the pattern's cells
/// `apart` as one pseudo-cell, with k - 1 other open cells of the unit, hold k digits (some
/// open cell must be left); each with k, its digits, its cells and the candidates it
/// eliminates from the unit's other open cells (never none). Unique rectangles and unique
/// loops look for their type 3 alike.
pub(super) fn pseudo_sets<'b>(
    board: &'b Board,
    u: usize,
    apart: &[usize],
    extra: Digits,
) -> impl Iterator<Item = (usize, Digits, Vec<usize>, Vec<Candidate>)> + 'b {
    let others: Vec<usize> = board.layout().units()[u]
        .cells
        .iter()
        .copied()
        .filter(|&c| board.value(c) == 0 && !apart.contains(&c))
        .collect();
    (extra.len().max(2)..others.len()).filter_map(move |k| {
        let (digits, cells) = naked_with(board, &others, extra, k - 1)?;
        let eliminations: Vec<Candidate> = others
            .iter()
            .filter(|c| !cells.contains(c))
            .flat_map(|&cell| {
                (board.candidates(cell) & digits)
                    .iter()
                    .map(move |digit| Candidate { cell, digit })
            })
            .collect();
        (!eliminations.is_empty()).then_some((k, digits, cells, eliminations))
    })
}

/// The first `count` cells of `others` (in order) whose candidates with `extra` make
/// `count + 1` digits: the digits and the cells.
fn naked_with(
    board: &Board,
    others: &[usize],
    extra: Digits,
    count: usize,
) -> Option<(Digits, Vec<usize>)> {
    fn walk(
        board: &Board,
        others: &[usize],
        from: usize,
        union: Digits,
        left: usize,
        goal: usize,
        picked: &mut Vec<usize>,
    ) -> Option<Digits> {
        if union.len() > goal {
            return None;
        }
        if left == 0 {
            return (union.len() == goal).then_some(union);
        }
        for i in from..others.len() {
            picked.push(others[i]);
            let next = union | board.candidates(others[i]);
            if let Some(d) = walk(board, others, i + 1, next, left - 1, goal, picked) {
                return Some(d);
            }
            picked.pop();
        }
        None
    }
    let mut picked = Vec::with_capacity(count);
    let digits = walk(board, others, 0, extra, count, count + 1, &mut picked)?;
    Some((digits, picked))
}
