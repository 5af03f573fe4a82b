//! Grouped turbot fish: two strong links on one digit joined by a weak link, as in
//! [`turbot`](super::turbot), where an end of a link may be a *group* of cells.
//!
//! A strong link joins two groups when a unit's places for the digit are split between
//! them: one of the two groups holds the digit. Besides two single cells, Sudoku Explainer
//! (SukakuExplainer's turbot fish) groups places two ways:
//!
//! - in a line whose places lie in exactly two of its boxes: the places in one box against
//!   those in the other;
//! - in a box whose places lie on one row and one column of it, both arms used (the *empty
//!   rectangle*'s box): the places on the row against those on the column, the crossing
//!   cell with either.
//!
//! Take two such links `S=B1` and `B2=E` in units that share no place of the digit, whose
//! inner groups `B1` and `B2` lie together in a third unit (a weak link: they cannot both
//! hold the digit). If `S` does not hold it, `B1` does, so `B2` does not, so `E` does: the
//! digit leaves every cell, outside the two links' units, that sees every cell of `S` and of
//! `E`. SE values the pattern 4.3 when a link is grouped (its "grouped skyscraper" and
//! "grouped 2-string kite"), whatever the units; a finned X-wing is one of them.
//!
//! The ungrouped patterns are the turbot rungs before this one, and the empty rectangle
//! (a grouped box and a line) is tried first; this finder takes the rest. Jigsaw regions
//! group as boxes do; the variants' extra units give single-cell links only.

use super::board::Board;
use super::se::{self, LinkUnit};
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// A strong link on a digit: a unit and its places split into two groups.
pub(super) struct Link {
    pub(super) unit: usize,
    /// Every place of the digit in the unit.
    pub(super) places: Vec<usize>,
    pub(super) ends: [Vec<usize>; 2],
    /// The units holding every cell of each end, in the order of the units of the end's
    /// first cell: where the weak link is looked for.
    pub(super) common: [Vec<usize>; 2],
    pub(super) grouped: bool,
}

/// The strong links on `digit`, single or grouped, units in layout order.
pub(super) fn links(board: &Board, digit: u8) -> Vec<Link> {
    let layout = board.layout();
    let n = board.size();
    let mut out = Vec::new();
    for (u, unit) in layout.units().iter().enumerate() {
        let mask = board.place_mask(u, digit);
        let count = mask.count_ones();
        if count < 2 {
            continue;
        }
        let places: Vec<usize> = (0..unit.cells.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| unit.cells[i])
            .collect();
        let mut push = |a: Vec<usize>, b: Vec<usize>, grouped: bool| {
            out.push(Link {
                unit: u,
                places: places.clone(),
                common: [board.common_units(&a), board.common_units(&b)],
                ends: [a, b],
                grouped,
            })
        };
        if count == 2 {
            push(vec![places[0]], vec![places[1]], false);
            continue;
        }
        match unit.kind {
            UnitKind::Row | UnitKind::Column => {
                // The places by the boxes they lie in: exactly two boxes make a link.
                let parts: Vec<u128> = board
                    .overlaps(u)
                    .iter()
                    .filter(|o| layout.units()[o.unit].kind == UnitKind::Box)
                    .map(|o| o.here & mask)
                    .filter(|&m| m != 0)
                    .collect();
                if parts.len() == 2 && parts[0] | parts[1] == mask {
                    let group = |m: u128| -> Vec<usize> {
                        (0..unit.cells.len())
                            .filter(|&i| m & (1 << i) != 0)
                            .map(|i| unit.cells[i])
                            .collect()
                    };
                    push(group(parts[0]), group(parts[1]), true);
                }
            }
            UnitKind::Box => {
                for &heart in &unit.cells {
                    let (r, c) = (heart / n, heart % n);
                    if !places.iter().all(|&p| p / n == r || p % n == c) {
                        continue;
                    }
                    let row: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|&p| p != heart && p / n == r)
                        .collect();
                    let col: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|&p| p != heart && p % n == c)
                        .collect();
                    if row.is_empty() || col.is_empty() {
                        continue;
                    }
                    if places.contains(&heart) {
                        push([row.clone(), vec![heart]].concat(), col.clone(), true);
                        push(row, [col, vec![heart]].concat(), true);
                    } else {
                        push(row, col, true);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Each digit's strong links on one board ([`links`]), made when first read: the grouped
/// turbot fish and the strong-link rungs read the same ones on a step's board.
pub(super) struct Links {
    /// At `digit - 1`, once made.
    digits: Vec<Option<Vec<Link>>>,
}

impl Links {
    /// The strong links of `board`, none made yet.
    pub(super) fn new(board: &Board) -> Links {
        Links {
            digits: (0..board.size()).map(|_| None).collect(),
        }
    }

    /// The strong links on `digit` ([`links`]); `board` must be the same at every call.
    pub(super) fn of(&mut self, board: &Board, digit: u8) -> &[Link] {
        self.digits[digit as usize - 1].get_or_insert_with(|| links(board, digit))
    }
}

pub(super) fn link_unit(kind: UnitKind) -> LinkUnit {
    match kind {
        UnitKind::Row => LinkUnit::Row,
        UnitKind::Column => LinkUnit::Column,
        _ => LinkUnit::Box,
    }
}

/// The first grouped turbot fish (digits in order, then the links in layout order).
pub(super) fn grouped_turbot_fish(board: &Board) -> Option<Step> {
    grouped_turbot_fish_in(board, Digits::all(board.size()))
}

/// [`grouped_turbot_fish`] on `digits` only: each digit's search reads that digit's places
/// alone.
pub(super) fn grouped_turbot_fish_in(board: &Board, digits: Digits) -> Option<Step> {
    grouped_turbot_fish_on(board, digits, &mut Links::new(board))
}

/// [`grouped_turbot_fish_in`] on the board's strong links `all`.
pub(super) fn grouped_turbot_fish_on(
    board: &Board,
    digits: Digits,
    all: &mut Links,
) -> Option<Step> {
    let layout = board.layout();
    // The places of the first link, marked with its number.
    let mut marks = vec![usize::MAX; layout.cells()];
    let mut mark = 0;
    for digit in digits.iter().filter(|&d| (d as usize) <= board.size()) {
        let links = all.of(board, digit);
        for (i, l1) in links.iter().enumerate() {
            mark += 1;
            for &p in &l1.places {
                marks[p] = mark;
            }
            for l2 in &links[i + 1..] {
                if !(l1.grouped || l2.grouped)
                    || l1.unit == l2.unit
                    || l2.places.iter().any(|&p| marks[p] == mark)
                {
                    continue;
                }
                for (s, b1) in [(0, 1), (1, 0)] {
                    for (b2, e) in [(0, 1), (1, 0)] {
                        // The weak link: a third unit holding both inner groups.
                        let Some(&weak) = l1.common[b1]
                            .iter()
                            .find(|&&w| w != l1.unit && w != l2.unit && l2.common[b2].contains(&w))
                        else {
                            continue;
                        };
                        let outer = [l1.ends[s].clone(), l2.ends[e].clone()].concat();
                        let link_cells = |c: usize| {
                            layout.units()[l1.unit].cells.contains(&c)
                                || layout.units()[l2.unit].cells.contains(&c)
                        };
                        let mut eliminations: Vec<Candidate> = board
                            .seen_by_all(&outer, digit, &[])
                            .into_iter()
                            .filter(|x| !link_cells(x.cell))
                            .collect();
                        if eliminations.is_empty() {
                            continue;
                        }
                        eliminations.sort_unstable();
                        let cells = [
                            l1.ends[s].clone(),
                            l1.ends[b1].clone(),
                            l2.ends[b2].clone(),
                            l2.ends[e].clone(),
                        ]
                        .concat();
                        let mut step = Step::eliminating(
                            Strategy::GroupedTurbotFish,
                            vec![l1.unit, weak, l2.unit],
                            cells,
                            vec![digit],
                            eliminations,
                        );
                        let kinds = |u: usize| link_unit(layout.units()[u].kind);
                        step.score = se::turbot(kinds(l1.unit), kinds(l2.unit), true);
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
