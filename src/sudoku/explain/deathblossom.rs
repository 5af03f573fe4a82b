//! Death blossom: a *stem* cell and, for each of its digits `d`, an almost locked set (a
//! *petal*) holding `d`, without the stem, each of whose cells with `d` sees the stem.
//!
//! Whichever digit `d` the stem holds, its petal loses `d` and is locked on its other
//! digits. So a digit `z` of every petal (other than the petal's own `d`) is held by the
//! petal of the stem's digit: `z` leaves every cell that sees all the petals' cells holding
//! it. When `z` is itself a digit of the stem, the stem may be `z`: that case needs no
//! petal, and the cells losing `z` must see the stem too.
//!
//! A step's units are the petals' units, its cells the stem then each petal's cells (in the
//! order of the stem's digits, none for `z`), its digits the stem's digits then `z`, and
//! its [`combinations`](super::Step::combinations) the petals' digits. Its value is
//! [`se::death_blossom`] of the petals' cells; [`death_blossom`] takes the step of least
//! value, then with the most eliminations.

use super::als::Als;
use super::alsxz::better;
use super::board::Board;
use super::se;
use super::step::{Step, Strategy};

/// The most candidates of a stem: each adds a petal, and the petals' choices multiply.
const MAX_STEM: usize = 4;

/// The death blossom of least value, then with the most eliminations (the first found on
/// a tie), among `sets` (the board's almost locked sets).
pub(super) fn death_blossom(board: &Board, sets: &[Als]) -> Option<Step> {
    let layout = board.layout();
    let mut best: Option<Step> = None;
    for stem in 0..layout.cells() {
        let digits = board.candidates(stem);
        if board.value(stem) != 0 || !(2..=MAX_STEM).contains(&digits.len()) {
            continue;
        }
        let stem_digits: Vec<u8> = digits.iter().collect();
        // Each stem digit's petals.
        let petals: Vec<Vec<&Als>> = stem_digits
            .iter()
            .map(|&d| {
                sets.iter()
                    .filter(|s| {
                        s.digits.contains(d)
                            && !s.contains(stem)
                            && s.holders(board, d).iter().all(|&c| board.sees(c, stem))
                    })
                    .collect()
            })
            .collect();
        for z in 1..=layout.size() as u8 {
            // The cells that may lose z: open, with z, not the stem, seeing it if z is one
            // of its digits.
            let targets: Vec<usize> = (0..layout.cells())
                .filter(|&t| {
                    t != stem
                        && board.value(t) == 0
                        && board.candidates(t).contains(z)
                        && (!digits.contains(z) || board.sees(t, stem))
                })
                .collect();
            if targets.is_empty() {
                continue;
            }
            let mut chosen = Vec::with_capacity(stem_digits.len());
            if let Some(step) = blossom(board, stem, &stem_digits, &petals, z, targets, &mut chosen)
            {
                if better(&step, best.as_ref()) {
                    best = Some(step);
                }
            }
        }
    }
    best
}

/// The first choice of petals, one for each stem digit from `chosen.len()` on (none for
/// `z`), leaving some of `targets` seeing all their cells with `z`, as a step.
fn blossom<'a>(
    board: &Board,
    stem: usize,
    stem_digits: &[u8],
    petals: &[Vec<&'a Als>],
    z: u8,
    targets: Vec<usize>,
    chosen: &mut Vec<Option<&'a Als>>,
) -> Option<Step> {
    let k = chosen.len();
    if k == stem_digits.len() {
        return Some(step(stem, stem_digits, chosen, z, targets));
    }
    if stem_digits[k] == z {
        chosen.push(None);
        let found = blossom(board, stem, stem_digits, petals, z, targets, chosen);
        chosen.pop();
        return found;
    }
    for &petal in &petals[k] {
        if !petal.digits.contains(z) {
            continue;
        }
        let holders = petal.holders(board, z);
        let left: Vec<usize> = targets
            .iter()
            .copied()
            .filter(|&t| !petal.contains(t) && holders.iter().all(|&h| board.sees(t, h)))
            .collect();
        if left.is_empty() {
            continue;
        }
        chosen.push(Some(petal));
        let found = blossom(board, stem, stem_digits, petals, z, left, chosen);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of a stem, its petals and the digit `z` they remove from `targets`.
fn step(
    stem: usize,
    stem_digits: &[u8],
    chosen: &[Option<&Als>],
    z: u8,
    targets: Vec<usize>,
) -> Step {
    let petals: Vec<&Als> = chosen.iter().flatten().copied().collect();
    let mut cells = vec![stem];
    for p in &petals {
        cells.extend_from_slice(&p.cells);
    }
    let eliminations = targets
        .into_iter()
        .filter(|t| !cells.contains(t))
        .map(|cell| super::step::Candidate { cell, digit: z })
        .collect();
    let mut digits = stem_digits.to_vec();
    digits.push(z);
    let size = cells.len() - 1;
    let mut step = Step::eliminating(
        Strategy::DeathBlossom,
        petals.iter().map(|p| p.unit).collect(),
        cells,
        digits,
        eliminations,
    );
    step.combinations = petals.iter().map(|p| p.digits).collect();
    step.score = se::death_blossom(size);
    step
}
