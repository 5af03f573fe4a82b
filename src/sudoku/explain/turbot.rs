//! Turbot fish: two strong links on one digit joined by a weak link, and the empty
//! rectangle, its grouped form in a box.
//!
//! A *strong link* is a unit where the digit has two places left: one of them holds it. Take
//! two strong links `a1=b1` and `a2=b2` (four different cells) whose inner ends `b1` and
//! `b2` see each other (a weak link: not both hold the digit). If `a1` does not hold it,
//! `b1` does, so `b2` does not, so `a2` does: one of the outer ends `a1`, `a2` holds the
//! digit, and it leaves every cell seeing both. Sudoku Explainer (SukakuExplainer's turbot
//! fish, its "2 strong links") names and values the pattern by the units of the two links:
//! both rows or both columns, a *skyscraper* (4.0); a row and a column, a *2-string kite*
//! (4.1); a box, a *turbot fish* (4.2).
//!
//! **Empty rectangle** (4.3): in a box, the digit's places all lie in one row `r` and one
//! column `c` of the box, in both arms (not all in one line). With a strong link in a column
//! outside the box, one end in row `r` and the other in a row `R` outside the box: if the
//! end in row `r` holds the digit, the box's row `r` does not, so the box's digit lies in
//! column `c`; else the end in row `R` does. Either way the cell of row `R` and column `c`
//! cannot hold it (its column or its row would hold two). The same with rows and columns
//! swapped.
//!
//! Jigsaw regions count as boxes; the variants' diagonals and windows are units of strong
//! links as boxes are (the logic holds for any unit). Among the patterns of one kind the
//! first found is taken (digits, then links, in order).

use super::board::Board;
use super::se::{self, LinkUnit};
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The first skyscraper.
pub(super) fn skyscraper(board: &Board) -> Option<Step> {
    two_links(board, Strategy::Skyscraper)
}

/// The first 2-string kite.
pub(super) fn two_string_kite(board: &Board) -> Option<Step> {
    two_links(board, Strategy::TwoStringKite)
}

/// The first turbot fish with a link in a box.
pub(super) fn turbot_fish(board: &Board) -> Option<Step> {
    two_links(board, Strategy::TurbotFish)
}

fn link_unit(kind: UnitKind) -> LinkUnit {
    match kind {
        UnitKind::Row => LinkUnit::Row,
        UnitKind::Column => LinkUnit::Column,
        _ => LinkUnit::Box,
    }
}

/// The strategy SE's value of two links names.
fn kind_of(first: LinkUnit, second: LinkUnit) -> Strategy {
    match se::turbot(first, second, false).tenths() {
        40 => Strategy::Skyscraper,
        41 => Strategy::TwoStringKite,
        _ => Strategy::TurbotFish,
    }
}

fn two_links(board: &Board, strategy: Strategy) -> Option<Step> {
    two_links_in(board, strategy, Digits::all(board.size()))
}

/// The first skyscraper, 2-string kite or turbot fish (`strategy`) on `digits` only: each
/// digit's search reads that digit's places alone.
pub(super) fn two_links_in(board: &Board, strategy: Strategy, digits: Digits) -> Option<Step> {
    let layout = board.layout();
    for digit in digits.iter().filter(|&d| (d as usize) <= board.size()) {
        // (unit, its kind, the two places)
        let links: Vec<(usize, LinkUnit, usize, usize)> = (0..layout.units().len())
            .filter_map(|u| {
                let mask = board.place_mask(u, digit);
                (mask.count_ones() == 2).then(|| {
                    let cells = &layout.units()[u].cells;
                    let p = cells[mask.trailing_zeros() as usize];
                    let q = cells[127 - mask.leading_zeros() as usize];
                    (u, link_unit(layout.units()[u].kind), p, q)
                })
            })
            .collect();
        for (i, &(u1, k1, p1, q1)) in links.iter().enumerate() {
            for &(u2, k2, p2, q2) in &links[i + 1..] {
                if kind_of(k1, k2) != strategy {
                    continue;
                }
                for (a1, b1) in [(p1, q1), (q1, p1)] {
                    for (a2, b2) in [(p2, q2), (q2, p2)] {
                        let cells = [a1, b1, b2, a2];
                        let distinct = (0..4).all(|x| (x + 1..4).all(|y| cells[x] != cells[y]));
                        if !distinct || !board.sees(b1, b2) {
                            continue;
                        }
                        let eliminations = board.seen_by_all(&[a1, a2], digit, &cells);
                        if eliminations.is_empty() {
                            continue;
                        }
                        let mut step = Step::eliminating(
                            strategy,
                            vec![u1, u2],
                            cells.to_vec(),
                            vec![digit],
                            eliminations,
                        );
                        step.score = se::turbot(k1, k2, false);
                        step.chain = cells
                            .iter()
                            .map(|&cell| Candidate { cell, digit })
                            .collect();
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The first empty rectangle (boxes in order, then the strong links in columns, then in
/// rows).
pub(super) fn empty_rectangle(board: &Board) -> Option<Step> {
    empty_rectangle_in(board, Digits::all(board.size()))
}

/// [`empty_rectangle`] on `digits` only: each digit's search reads that digit's places
/// alone.
pub(super) fn empty_rectangle_in(board: &Board, digits: Digits) -> Option<Step> {
    let layout = board.layout();
    let n = board.size();
    // The row and column units by their numbers.
    let mut row_unit = vec![usize::MAX; n];
    let mut col_unit = vec![usize::MAX; n];
    for (u, unit) in layout.units().iter().enumerate() {
        match unit.kind {
            UnitKind::Row => row_unit[unit.cells[0] / n] = u,
            UnitKind::Column => col_unit[unit.cells[0] % n] = u,
            _ => {}
        }
    }
    if row_unit.contains(&usize::MAX) || col_unit.contains(&usize::MAX) {
        return None;
    }
    // Each box with its rows and columns, the same for every digit.
    let boxes: Vec<(usize, Vec<usize>, Vec<usize>)> = board
        .units_of_kind(UnitKind::Box)
        .map(|b| {
            let box_cells = &layout.units()[b].cells;
            let mut rows: Vec<usize> = box_cells.iter().map(|&c| c / n).collect();
            let mut cols: Vec<usize> = box_cells.iter().map(|&c| c % n).collect();
            rows.dedup();
            cols.sort_unstable();
            cols.dedup();
            (b, rows, cols)
        })
        .collect();
    // A line's two places, if it has two (in the line's order), read from its place mask.
    let link = |unit: usize, digit: u8| {
        let mask = board.place_mask(unit, digit);
        let cells = &layout.units()[unit].cells;
        (mask.count_ones() == 2).then(|| {
            let first = cells[mask.trailing_zeros() as usize];
            (first, cells[127 - mask.leading_zeros() as usize])
        })
    };
    for digit in digits.iter().filter(|&d| (d as usize) <= n) {
        for (b, rows, cols) in &boxes {
            let b = *b;
            if board.place_mask(b, digit).count_ones() < 2 {
                continue;
            }
            let places = board.places(b, digit);
            let in_box_rows = |r: usize| rows.contains(&r);
            let in_box_cols = |c: usize| cols.contains(&c);
            for &r in rows {
                for &c in cols {
                    let on_cross = places.iter().all(|&p| p / n == r || p % n == c);
                    let both_arms =
                        places.iter().any(|&p| p / n != r) && places.iter().any(|&p| p % n != c);
                    if !on_cross || !both_arms {
                        continue;
                    }
                    // (the link's line, its end in the cross's line, its other end, target)
                    let mut candidates: Vec<(usize, usize, usize, usize)> = Vec::new();
                    for line_col in (0..n).filter(|&x| !in_box_cols(x)) {
                        if let Some((x, y)) = link(col_unit[line_col], digit) {
                            for (near, far) in [(x, y), (y, x)] {
                                if near / n == r && !in_box_rows(far / n) {
                                    candidates.push((
                                        col_unit[line_col],
                                        near,
                                        far,
                                        far / n * n + c,
                                    ));
                                }
                            }
                        }
                    }
                    for line_row in (0..n).filter(|&x| !in_box_rows(x)) {
                        if let Some((x, y)) = link(row_unit[line_row], digit) {
                            for (near, far) in [(x, y), (y, x)] {
                                if near % n == c && !in_box_cols(far % n) {
                                    candidates.push((
                                        row_unit[line_row],
                                        near,
                                        far,
                                        r * n + far % n,
                                    ));
                                }
                            }
                        }
                    }
                    for (line, near, far, target) in candidates {
                        if !board.candidates(target).contains(digit) {
                            continue;
                        }
                        let mut cells = places.clone();
                        cells.extend([near, far]);
                        let mut step = Step::eliminating(
                            Strategy::EmptyRectangle,
                            vec![b, line],
                            cells,
                            vec![digit],
                            vec![Candidate {
                                cell: target,
                                digit,
                            }],
                        );
                        step.score = se::turbot(LinkUnit::Box, LinkUnit::Row, true);
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
