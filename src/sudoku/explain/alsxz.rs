//! ALS-XZ: two almost locked sets `A` and `B` without a shared cell, linked by a restricted
//! common digit `x` (every cell of `A` with `x` sees every cell of `B` with `x`).
//!
//! At most one of them holds `x`, so the other is locked without it. Each other digit `z`
//! of both is then held by `A` or by `B` (the locked one holds all its digits but `x`): `z`
//! leaves every cell that sees all the cells of `A` and `B` holding it. *Doubly linked*
//! (two restricted common digits `x1`, `x2`): each set holds exactly one of them and is
//! locked on the rest, so each digit of `A` but `x1`, `x2` leaves the cells seeing all of
//! its places in `A` (the same for `B`), and `x1`, `x2` each leave the cells seeing all of
//! their places in both.
//!
//! A step's units are the two sets' units, its cells `A`'s then `B`'s, its digits the
//! restricted common ones then the other common ones, and its
//! [`combinations`](super::Step::combinations) the two sets' digits (each set has one cell
//! fewer than digits, which splits the cells) then the restricted common digits. Its value is [`se::als_chain`] of the cells.
//! [`als_xz`] takes the step of least value, then with the most eliminations.

use super::als::{holders_in, remove_seen, restricted_common, Als};
use super::board::Board;
use super::se;
use super::step::{Step, Strategy};

/// The ALS-XZ of least value, then with the most eliminations (the first found on a tie),
/// among `sets` (the board's almost locked sets).
pub(super) fn als_xz(board: &Board, sets: &[Als]) -> Option<Step> {
    let mut best: Option<Step> = None;
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.digits & b.digits;
            if common.len() < 2 || a.overlaps(b) {
                continue;
            }
            let rcc = restricted_common(board, a, b);
            if rcc.is_empty() {
                continue;
            }
            let mut pattern = a.cells.clone();
            pattern.extend_from_slice(&b.cells);
            let mut eliminations = Vec::new();
            for z in (common - rcc).iter() {
                remove_seen(
                    board,
                    &holders_in(board, &[a, b], z),
                    z,
                    &pattern,
                    &mut eliminations,
                );
            }
            if rcc.len() >= 2 {
                for x in rcc.iter() {
                    remove_seen(
                        board,
                        &holders_in(board, &[a, b], x),
                        x,
                        &pattern,
                        &mut eliminations,
                    );
                }
                for set in [a, b] {
                    for d in (set.digits - rcc).iter() {
                        remove_seen(
                            board,
                            &set.holders(board, d),
                            d,
                            &pattern,
                            &mut eliminations,
                        );
                    }
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            let mut digits: Vec<u8> = rcc.iter().collect();
            digits.extend((common - rcc).iter());
            let mut step = Step::eliminating(
                Strategy::AlsXz,
                vec![a.unit, b.unit],
                pattern,
                digits,
                eliminations,
            );
            step.combinations = vec![a.digits, b.digits, rcc];
            step.score = se::als_chain(step.cells.len());
            if better(&step, best.as_ref()) {
                best = Some(step);
            }
        }
    }
    best
}

/// Whether `step` comes before `best`: of less value, or as much with more eliminations.
pub(super) fn better(step: &Step, best: Option<&Step>) -> bool {
    best.is_none_or(|b| {
        (step.score, std::cmp::Reverse(step.eliminations.len()))
            < (b.score, std::cmp::Reverse(b.eliminations.len()))
    })
}
