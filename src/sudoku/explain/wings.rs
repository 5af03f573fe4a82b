//! XY-wing and XYZ-wing.
//!
//! **XY-wing:** a *pivot* with candidates `{x,y}` sees two *pincers*, `{x,z}` and `{y,z}`.
//! Whatever the pivot holds, one pincer is `z`, so `z` leaves every cell seeing both pincers.
//!
//! **XYZ-wing:** the pivot has `{x,y,z}` and the pincers `{x,z}` and `{y,z}`; one of the
//! three is `z`, so `z` leaves every cell seeing all three.
//!
//! "Seeing" is sharing any unit, the variants' extra units included.

use super::board::Board;
use super::step::{Step, Strategy};
use crate::sudoku::candidates::Digits;

/// The first XY-wing (pivots in reading order).
pub(super) fn xy_wing(board: &Board) -> Option<Step> {
    wing(board, Strategy::XyWing)
}

/// The first XYZ-wing (pivots in reading order).
pub(super) fn xyz_wing(board: &Board) -> Option<Step> {
    wing(board, Strategy::XyzWing)
}

fn wing(board: &Board, strategy: Strategy) -> Option<Step> {
    let pivot_size = if strategy == Strategy::XyWing { 2 } else { 3 };
    for pivot in 0..board.layout().cells() {
        let p = board.candidates(pivot);
        if p.len() != pivot_size {
            continue;
        }
        // Bivalue peers sharing exactly one digit with an XY pivot, or inside an XYZ pivot.
        let pincers: Vec<usize> = board
            .layout()
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| {
                let m = board.candidates(c);
                m.len() == 2
                    && match strategy {
                        Strategy::XyWing => (m & p).len() == 1,
                        _ => m - p == Digits::EMPTY,
                    }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.candidates(a), board.candidates(b));
                let shared = ma & mb;
                if shared.len() != 1 || ma == mb {
                    continue;
                }
                let z = shared.first()?;
                let fits = match strategy {
                    // x and y: the pivot's two digits, one in each pincer; z outside it.
                    Strategy::XyWing => !p.contains(z) && (ma | mb) - shared == p,
                    _ => ma | mb == p,
                };
                if !fits {
                    continue;
                }
                let seen: Vec<usize> = match strategy {
                    Strategy::XyWing => vec![a, b],
                    _ => vec![pivot, a, b],
                };
                let eliminations = board.seen_by_all(&seen, z, &[pivot, a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let x = (ma - shared).first()?;
                let y = (mb - shared).first()?;
                let (cells, digits) = (vec![pivot, a, b], vec![x, y, z]);
                return Some(Step::eliminating(
                    strategy,
                    vec![],
                    cells,
                    digits,
                    eliminations,
                ));
            }
        }
    }
    None
}
