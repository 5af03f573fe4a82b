//! Finned and sashimi X-wings, found by a finder of finned fish of any size `k`.
//!
//! For a digit, take `k` base lines (rows, say) and `k` cover lines (columns) holding every
//! place of the base lines but a few, the *fins*, all in one box. If no fin holds the
//! digit, the base lines make a basic fish and the digit leaves the rest of the cover
//! lines; if a fin holds it, the digit leaves the rest of the fins' box. Either way it
//! leaves the cells of the cover lines, inside the fins' box, outside the base lines. A
//! *sashimi* fish is one whose finned base line lacks its place in the fins' box on a cover
//! line; the argument is the same and so is the finder (each base line needs one place on
//! the cover lines). Rows and columns swap roles too; a jigsaw region holds fins as a box
//! does.
//!
//! Sudoku Explainer has no finned fish: it finds the same eliminations as strong links,
//! one of them grouped (the fin and its cover cell in the box), and values them so
//! ([`se::strong_links`] with a grouped link): a finned X-wing 4.3 (its grouped skyscraper).
//! The larger finned fish are not rungs: valued so (5.7, 6.1) they rated puzzles that SE
//! rates 7 and more as 6, and Spearman with SE on its sample fell from 0.955 to 0.945; valued
//! as SE's forcing chain (7.1, as the W-wing) it was 0.952 (BENCHMARKS.md).

use super::board::Board;
use super::se::{self, LinkUnit};
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The first finned (or sashimi) X-wing.
pub(super) fn finned_x_wing(board: &Board) -> Option<Step> {
    finned_x_wing_in(board, Digits::all(board.size()))
}

/// [`finned_x_wing`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn finned_x_wing_in(board: &Board, digits: Digits) -> Option<Step> {
    finned_fish(board, 2, Strategy::FinnedXWing, digits)
}

/// The first finned (or sashimi) fish of size `k`: digits in order, rows as base lines
/// before columns, base lines in order, then fin boxes in order.
fn finned_fish(board: &Board, k: usize, strategy: Strategy, digits: Digits) -> Option<Step> {
    let layout = board.layout();
    let n = board.size();
    let rows: Vec<usize> = board.units_of_kind(UnitKind::Row).collect();
    let cols: Vec<usize> = board.units_of_kind(UnitKind::Column).collect();
    let boxes: Vec<usize> = board.units_of_kind(UnitKind::Box).collect();
    if rows.len() != n || cols.len() != n {
        return None;
    }
    // For each base line and box, the line's positions inside the box; and how many
    // positions along a line a box spans at most (the fins' positions are among them).
    let here = |lines: &[usize]| -> Vec<Vec<u128>> {
        lines
            .iter()
            .map(|&u| {
                boxes
                    .iter()
                    .map(|&b| {
                        board
                            .overlaps(u)
                            .iter()
                            .find(|o| o.unit == b)
                            .map_or(0, |o| o.here)
                    })
                    .collect()
            })
            .collect()
    };
    let orientations = [(&rows, &cols, true), (&cols, &rows, false)];
    let inside: Vec<Vec<Vec<u128>>> = orientations.iter().map(|o| here(o.0)).collect();
    for digit in digits.iter().filter(|&d| (d as usize) <= n) {
        for (o, &(base, cover, by_rows)) in orientations.iter().enumerate() {
            // A cell's position along a base line: its column for rows, its row for columns.
            let along = |c: usize| if by_rows { c % n } else { c / n };
            let spans: Vec<u128> = boxes
                .iter()
                .map(|&b| {
                    layout.units()[b]
                        .cells
                        .iter()
                        .fold(0, |a, &c| a | 1 << along(c))
                })
                .collect();
            let width = spans
                .iter()
                .map(|m| m.count_ones() as usize)
                .max()
                .unwrap_or(0);
            let lines: Vec<(usize, u128)> = (0..base.len())
                .map(|i| (i, board.place_mask(base[i], digit)))
                .filter(|&(_, m)| m != 0)
                .collect();
            let masks: Vec<u128> = lines.iter().map(|&(_, m)| m).collect();
            let mut found = None;
            bounded_unions(&masks, k, k + width, &mut |picked, union| {
                if union.count_ones() as usize <= k {
                    return false; // a basic fish, or fewer places
                }
                for (bi, &b) in boxes.iter().enumerate() {
                    // Places outside the box must lie on cover lines.
                    let outside = picked.iter().fold(0, |a, &i| {
                        let (line, mask) = lines[i];
                        a | (mask & !inside[o][line][bi])
                    });
                    if outside.count_ones() as usize > k || union & !outside & spans[bi] == 0 {
                        continue;
                    }
                    let free = k - outside.count_ones() as usize;
                    let choices: Vec<usize> = (0..n)
                        .filter(|&j| spans[bi] & !outside & (1 << j) != 0)
                        .collect();
                    let mut hit = None;
                    subsets(choices.len(), free, &mut |extra| {
                        let covers = extra.iter().fold(outside, |a, &j| a | 1 << choices[j]);
                        let fins = union & !covers;
                        let each_covered = picked.iter().all(|&i| lines[i].1 & covers != 0);
                        if fins == 0 || !each_covered {
                            return false;
                        }
                        let in_base = |c: usize| {
                            picked
                                .iter()
                                .any(|&i| layout.units()[base[lines[i].0]].cells.contains(&c))
                        };
                        let eliminations: Vec<Candidate> = layout.units()[b]
                            .cells
                            .iter()
                            .copied()
                            .filter(|&c| {
                                covers & (1 << along(c)) != 0
                                    && !in_base(c)
                                    && board.candidates(c).contains(digit)
                            })
                            .map(|cell| Candidate { cell, digit })
                            .collect();
                        if eliminations.is_empty() {
                            return false;
                        }
                        hit = Some((covers, fins, eliminations));
                        true
                    });
                    let Some((covers, fins, mut eliminations)) = hit else {
                        continue;
                    };
                    eliminations.sort_unstable();
                    let base_lines: Vec<usize> = picked.iter().map(|&i| base[lines[i].0]).collect();
                    let cover_lines: Vec<usize> = (0..n)
                        .filter(|j| covers & (1 << j) != 0)
                        .map(|j| cover[j])
                        .collect();
                    let places: Vec<usize> = base_lines
                        .iter()
                        .flat_map(|&u| board.places(u, digit))
                        .collect();
                    let mut cells: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|&c| covers & (1 << along(c)) != 0)
                        .collect();
                    cells.sort_unstable();
                    let mut fin_cells: Vec<usize> = places
                        .into_iter()
                        .filter(|&c| fins & (1 << along(c)) != 0)
                        .collect();
                    fin_cells.sort_unstable();
                    cells.extend(fin_cells);
                    let units = [base_lines, cover_lines, vec![b]].concat();
                    let mut step =
                        Step::eliminating(strategy, units, cells, vec![digit], eliminations);
                    let line = if by_rows {
                        LinkUnit::Row
                    } else {
                        LinkUnit::Column
                    };
                    step.score = se::strong_links(k, &vec![line; k], true);
                    found = Some(step);
                    return true;
                }
                false
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Calls `visit` with every `k`-subset of `masks` (as indexes, in lexicographic order)
/// whose union has at most `most` bits, and that union, until it returns true; returns
/// whether it did. Partial unions past `most` bits are not extended.
fn bounded_unions(
    masks: &[u128],
    k: usize,
    most: usize,
    visit: &mut dyn FnMut(&[usize], u128) -> bool,
) -> bool {
    fn go(
        start: usize,
        union: u128,
        masks: &[u128],
        (k, most): (usize, usize),
        picked: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize], u128) -> bool,
    ) -> bool {
        if picked.len() == k {
            return visit(picked, union);
        }
        for i in start..=masks.len() - (k - picked.len()) {
            let u = union | masks[i];
            if u.count_ones() as usize > most {
                continue;
            }
            picked.push(i);
            if go(i + 1, u, masks, (k, most), picked, visit) {
                return true;
            }
            picked.pop();
        }
        false
    }
    if k > masks.len() || k == 0 {
        return false;
    }
    go(0, 0, masks, (k, most), &mut Vec::with_capacity(k), visit)
}

/// Calls `visit` with every `k`-subset of `0..len` (in lexicographic order) until it
/// returns true; returns whether it did.
fn subsets(len: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn go(
        start: usize,
        len: usize,
        k: usize,
        picked: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if picked.len() == k {
            return visit(picked);
        }
        for i in start..len {
            if len - i < k - picked.len() {
                break;
            }
            picked.push(i);
            if go(i + 1, len, k, picked, visit) {
                return true;
            }
            picked.pop();
        }
        false
    }
    if k > len {
        return false;
    }
    go(0, len, k, &mut Vec::with_capacity(k), visit)
}
