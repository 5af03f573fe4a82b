//! W-wing: two cells with the same two candidates `{x,y}` that do not see each other,
//! joined by a strong link on `y` (a unit with two places left for `y`, one seeing each
//! cell). If the first cell is `y`, the link's end it sees is not, so the other end is, so
//! the second cell is `x`: one of the two cells holds `x`, which leaves every cell seeing
//! both. "Seeing" and the link's unit are any unit, the variants' extra units included.

use super::board::Board;
use super::se;
use super::step::{Step, Strategy};

/// The first W-wing (first cell in reading order, then the second, then `x` before `y`).
pub(super) fn w_wing(board: &Board) -> Option<Step> {
    let layout = board.layout();
    let units = layout.units().len();
    let bivalue: Vec<usize> = (0..layout.cells())
        .filter(|&c| board.candidates(c).len() == 2)
        .collect();
    for (i, &a) in bivalue.iter().enumerate() {
        let pair = board.candidates(a);
        for &b in &bivalue[i + 1..] {
            if board.candidates(b) != pair || board.sees(a, b) {
                continue;
            }
            let digits: Vec<u8> = pair.iter().collect();
            for (x, y) in [(digits[0], digits[1]), (digits[1], digits[0])] {
                let eliminations = board.seen_by_all(&[a, b], x, &[a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                for u in 0..units {
                    if board.place_mask(u, y).count_ones() != 2 {
                        continue;
                    }
                    let ends = board.places(u, y);
                    let (p, q) = (ends[0], ends[1]);
                    if [p, q].iter().any(|e| *e == a || *e == b) {
                        continue;
                    }
                    let (p, q) = if board.sees(p, a) && board.sees(q, b) {
                        (p, q)
                    } else if board.sees(q, a) && board.sees(p, b) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let mut step = Step::eliminating(
                        Strategy::WWing,
                        vec![u],
                        vec![a, p, q, b],
                        vec![x, y],
                        eliminations,
                    );
                    step.score = se::w_wing();
                    return Some(step);
                }
            }
        }
    }
    None
}
