//! Sue de Coq: two or three open cells `C` where two units meet (a box and a line), whose
//! candidates `V` are at least two more digits than cells, with cells `D` of the first unit
//! and cells `E` of the second, outside the meeting, such that `D`'s and `E`'s candidates
//! share no digit and the whole pattern holds as many digits as cells.
//!
//! A digit of `D` has its places in the pattern in the first unit, one of `E` in the
//! second, and one of `V` alone in `C` in both: each digit goes at most once into the
//! pattern, which has as many cells as digits, so each goes exactly once. Hence the digits
//! of `V` and `D` but not `E` leave the first unit's other cells, and those of `V` and `E`
//! but not `D` the second unit's.
//!
//! Any two units sharing two cells or more make the pattern: a box (or region) and a line,
//! or a line and a diagonal or window. A step's units are the two units, its cells `C`,
//! `D` then `E` (`C` the cells in both units, `D` in the first only), its digits `V`, and
//! its [`combinations`](super::Step::combinations) the candidates of `C`, `D` and `E`. Its
//! value is [`se::als_chain`] of the cells; [`sue_de_coq`] takes the step of least value,
//! then with the most eliminations.

use super::alsxz::better;
use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;

/// The most cells of `D` or of `E`.
const MAX_SIDE: usize = 3;

/// The Sue de Coq of least value, then with the most eliminations (the first found on a
/// tie).
pub(super) fn sue_de_coq(board: &Board) -> Option<Step> {
    let layout = board.layout();
    let units = layout.units();
    let open = |cells: &[usize]| -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|&c| board.value(c) == 0)
            .collect()
    };
    let mut best: Option<Step> = None;
    for u in 0..units.len() {
        for overlap in board.overlaps(u) {
            let o = overlap.unit;
            if o < u {
                continue;
            }
            let first = open(&units[u].cells);
            let second = open(&units[o].cells);
            let meet: Vec<usize> = first
                .iter()
                .copied()
                .filter(|c| second.contains(c))
                .collect();
            if meet.len() < 2 {
                continue;
            }
            let rest_first: Vec<usize> = first
                .iter()
                .copied()
                .filter(|c| !meet.contains(c))
                .collect();
            let rest_second: Vec<usize> = second
                .iter()
                .copied()
                .filter(|c| !meet.contains(c))
                .collect();
            let sides_first = sides(board, &rest_first);
            let sides_second = sides(board, &rest_second);
            for c in cores(&meet) {
                let v = union(board, &c);
                if v.len() < c.len() + 2 {
                    continue;
                }
                for (d, dd) in &sides_first {
                    for (e, de) in &sides_second {
                        if !(*dd & *de).is_empty()
                            || (v | *dd | *de).len() != c.len() + d.len() + e.len()
                        {
                            continue;
                        }
                        if let Some(step) = pattern(
                            board,
                            [u, o],
                            [&first[..], &second[..]],
                            [&c[..], &d[..], &e[..]],
                            [v, *dd, *de],
                        ) {
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

/// The candidates of `cells` together.
fn union(board: &Board, cells: &[usize]) -> Digits {
    cells
        .iter()
        .fold(Digits::default(), |d, &c| d | board.candidates(c))
}

/// The subsets of the meeting's open cells of two cells or more (all of them, or all but
/// one when there are three).
fn cores(meet: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![meet.to_vec()];
    if meet.len() == 3 {
        for skip in 0..3 {
            let mut c = meet.to_vec();
            c.remove(skip);
            out.push(c);
        }
    }
    out.retain(|c| c.len() <= 3);
    out
}

/// The non-empty subsets of `cells` of at most [`MAX_SIDE`] cells, with their candidates.
fn sides(board: &Board, cells: &[usize]) -> Vec<(Vec<usize>, Digits)> {
    let mut out = Vec::new();
    let mut pick = Vec::new();
    grow(board, cells, 0, Digits::default(), &mut pick, &mut out);
    out
}

fn grow(
    board: &Board,
    cells: &[usize],
    from: usize,
    digits: Digits,
    pick: &mut Vec<usize>,
    out: &mut Vec<(Vec<usize>, Digits)>,
) {
    for i in from..cells.len() {
        let more = digits | board.candidates(cells[i]);
        pick.push(cells[i]);
        out.push((pick.clone(), more));
        if pick.len() < MAX_SIDE {
            grow(board, cells, i + 1, more, pick, out);
        }
        pick.pop();
    }
}

/// The step of the pattern `C`, `D`, `E` (`cells`, with their candidates `digits`) in
/// units `units` (whose open cells are `open`), if it removes something.
fn pattern(
    board: &Board,
    units: [usize; 2],
    open: [&[usize]; 2],
    [c, d, e]: [&[usize]; 3],
    [v, dd, de]: [Digits; 3],
) -> Option<Step> {
    let mut cells = c.to_vec();
    cells.extend_from_slice(d);
    cells.extend_from_slice(e);
    let mut eliminations: Vec<Candidate> = Vec::new();
    for (k, gone) in [((v | dd) - de), ((v | de) - dd)].into_iter().enumerate() {
        let own = if k == 0 { d } else { e };
        for &cell in open[k] {
            if c.contains(&cell) || own.contains(&cell) {
                continue;
            }
            for digit in (board.candidates(cell) & gone).iter() {
                let e = Candidate { cell, digit };
                if !eliminations.contains(&e) {
                    eliminations.push(e);
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::eliminating(
        Strategy::SueDeCoq,
        units.to_vec(),
        cells,
        v.iter().collect(),
        eliminations,
    );
    step.combinations = vec![v, dd, de];
    step.score = se::als_chain(step.cells.len());
    Some(step)
}
