//! ALS-XY-wing: three almost locked sets without shared cells, a pivot `C` linked to `A` by
//! a restricted common digit `x` and to `B` by another, `y`.
//!
//! If neither `A` nor `B` held a digit `z` of both (other than `x` and `y`), each would be
//! locked without it, so `A` would hold `x` and `B` `y`; then `C` could hold neither, and
//! its cells would be one digit short. So `z` is in `A` or in `B`: it leaves every cell
//! (outside the three sets) that sees all the cells of `A` and `B` holding it.
//!
//! A step's units are the sets' units (`A`, `B`, `C`), its cells `A`'s, `B`'s then `C`'s,
//! its digits `x`, `y` then the digits `z`, and its
//! [`combinations`](super::Step::combinations) the three sets' digits. Its value is
//! [`se::als_chain`] of the cells; [`als_xy_wing`] takes the step of least value, then with
//! the most eliminations.

use super::als::{holders_in, remove_seen, restricted_common, Als};
use super::alsxz::better;
use super::board::Board;
use super::se;
use super::step::{Step, Strategy};
use crate::sudoku::candidates::Digits;

/// The ALS-XY-wing of least value, then with the most eliminations (the first found on a
/// tie), among `sets` (the board's almost locked sets).
pub(super) fn als_xy_wing(board: &Board, sets: &[Als]) -> Option<Step> {
    let mut best: Option<Step> = None;
    for c in sets {
        // The sets linked to the pivot, with their restricted common digits.
        let linked: Vec<(&Als, Digits)> = sets
            .iter()
            .filter(|s| !s.overlaps(c))
            .map(|s| (s, restricted_common(board, s, c)))
            .filter(|(_, rcc)| !rcc.is_empty())
            .collect();
        for (i, &(a, xs)) in linked.iter().enumerate() {
            for &(b, ys) in &linked[i + 1..] {
                let common = a.digits & b.digits;
                if common.is_empty() || a.overlaps(b) {
                    continue;
                }
                for x in xs.iter() {
                    for y in ys.iter().filter(|&y| y != x) {
                        let zs = common - Digits::from_digits([x, y]);
                        if zs.is_empty() {
                            continue;
                        }
                        if let Some(step) = wing(board, [a, b, c], x, y, zs) {
                            if better(&step, best.as_ref()) {
                                best = Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

/// The wing of `a` and `b` through the pivot `c` (linked on `x` and `y`), if its digits
/// `zs` remove something.
fn wing(board: &Board, [a, b, c]: [&Als; 3], x: u8, y: u8, zs: Digits) -> Option<Step> {
    let pattern: Vec<usize> = [a, b, c].iter().flat_map(|s| s.cells.clone()).collect();
    let mut eliminations = Vec::new();
    for z in zs.iter() {
        remove_seen(
            board,
            &holders_in(board, &[a, b], z),
            z,
            &pattern,
            &mut eliminations,
        );
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut digits = vec![x, y];
    digits.extend(zs.iter());
    let mut step = Step::eliminating(
        Strategy::AlsXyWing,
        vec![a.unit, b.unit, c.unit],
        pattern,
        digits,
        eliminations,
    );
    step.combinations = vec![a.digits, b.digits, c.digits];
    step.score = se::als_chain(step.cells.len());
    Some(step)
}
