//! Unique rectangle, type 1 (for puzzles declared to have one solution).
//!
//! Four open cells at the corners of a rectangle (two rows, two columns) such that every
//! unit holding one of them holds exactly two (two rows, two columns, two boxes; with
//! variants, no diagonal or window through a single corner). If all four could only be `x`
//! or `y`, the two ways of filling them would both fit: two solutions. So when three corners
//! hold just `{x,y}`, the fourth holds something else: `x` and `y` leave it.

use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};

/// The first unique rectangle of type 1 (corners in reading order).
pub(super) fn type1(board: &Board) -> Option<Step> {
    let n = board.size();
    let layout = board.layout();
    for a in 0..layout.cells() {
        let pair = board.candidates(a);
        if pair.len() != 2 {
            continue;
        }
        let row = a / n;
        // b: right of a in its row, the same pair; the other two corners in another row,
        // one with the pair and one with more. (Some row has two corners with the pair
        // only, as only one corner has more, so every rectangle is found from that row.)
        for b in (a + 1)..(row * n + n) {
            if board.candidates(b) != pair {
                continue;
            }
            for r in (0..n).filter(|&r| r != row) {
                let (c, d) = (r * n + a % n, r * n + b % n);
                let extra = match (board.candidates(c) == pair, board.candidates(d) == pair) {
                    (true, false) => d,
                    (false, true) => c,
                    _ => continue,
                };
                let more = board.candidates(extra);
                if more.len() <= 2 || pair - more != Default::default() {
                    continue;
                }
                let mut corners = [a, b, c, d];
                let deadly = corners.iter().all(|&x| {
                    layout.units_of(x).iter().all(|&u| {
                        corners
                            .iter()
                            .filter(|&&y| layout.units_of(y).contains(&u))
                            .count()
                            == 2
                    })
                });
                if !deadly {
                    continue;
                }
                corners.sort_unstable();
                let mut cells: Vec<usize> = corners.into_iter().filter(|&x| x != extra).collect();
                cells.push(extra);
                let mut step = Step::eliminating(
                    Strategy::UniqueRectangle,
                    vec![],
                    cells,
                    pair.iter().collect(),
                    pair.iter()
                        .map(|digit| Candidate { cell: extra, digit })
                        .collect(),
                );
                step.score = se::unique_loop(4);
                return Some(step);
            }
        }
    }
    None
}
