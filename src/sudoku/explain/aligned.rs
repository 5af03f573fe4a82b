//! Aligned pair and triple exclusion (Sudoku Explainer's `AlignedPairExclusion`, 6.2, and
//! `AlignedExclusion` of three cells, 7.5).
//!
//! Two (or three) open cells cannot take digits that would leave no candidate to a cell
//! seeing them all (an *excluder*, whose candidates would all be taken), nor one digit twice
//! in cells that see each other. A digit of one of them that goes with no allowed choice of
//! the others is removed. As SE finds them: cells with two candidates or more, seeing no
//! open cell with one candidate left; the excluders are open cells of two candidates (up
//! to three for a triple) seeing every cell of the set, two of them at least. Any two cells
//! make a pair, whether they see each other or not; a triple's third cell is an excluder
//! of one of the first two.

use super::board::Board;
use super::cellset::{count, has, members, remove};
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The first aligned exclusion of `k` cells (2 or 3), in SE's order: the second cell in
/// reading order, the first before it, then a triple's third cell.
pub(super) fn aligned_exclusion(board: &Board, k: usize) -> Option<Step> {
    aligned_exclusion_since(board, k, None)
}

/// The base cells of a board whose cells have the candidates `cands` (bits) and their
/// excluders for `k` cells: the bases in cell order and, for the `i`-th, its excluders at
/// `sets[i * w..]`, a set of cells of `w` words. No base sees a cell with one candidate.
fn bases_of(
    board: &Board,
    k: usize,
    w: usize,
    cands: impl Fn(usize) -> u128,
) -> (Vec<usize>, Vec<u64>) {
    let layout = board.layout();
    let mut bases: Vec<usize> = Vec::new();
    let mut sets: Vec<u64> = Vec::new();
    for cell in 0..layout.cells() {
        // (a placed cell has no candidates)
        if cands(cell).count_ones() < 2 {
            continue;
        }
        let peers = layout.peers(cell);
        if peers.iter().any(|&p| cands(p).count_ones() == 1) {
            continue;
        }
        let at = sets.len();
        sets.resize(at + w, 0);
        for &p in peers {
            if (2..=k as u32).contains(&cands(p).count_ones()) {
                sets[at + p / 64] |= 1 << (p % 64);
            }
        }
        if sets[at..].iter().all(|&x| x == 0) {
            sets.truncate(at);
            continue;
        }
        bases.push(cell);
    }
    (bases, sets)
}

/// What the search may pass by on a board where an earlier search found nothing, on
/// grids of at most 128 cells: an exclusion whose cells kept their candidates and were
/// base cells then, and whose cells' common peers kept theirs, finds nothing again (it
/// was tried then on the same candidates and the same excluders).
struct Since {
    /// The cells whose candidates changed since.
    changed: u128,
    /// Those and the cells that were no base cells then.
    fresh: u128,
}

impl Since {
    /// What changed on `board` since a board whose cells had the candidates `then`.
    fn new(board: &Board, k: usize, then: &[u128]) -> Option<Since> {
        let cells = board.layout().cells();
        if cells > 128 || then.len() != cells || board.peer_mask(0).is_none() {
            return None;
        }
        let mut changed = 0u128;
        for (c, &t) in then.iter().enumerate() {
            if board.candidates(c).bits() != t {
                changed |= 1 << c;
            }
        }
        let (bases, _) = bases_of(board, k, 2, |c| then[c]);
        let was_base = bases.iter().fold(0u128, |m, &c| m | 1 << c);
        Some(Since {
            changed,
            fresh: changed | !was_base,
        })
    }

    /// The changed cells among the common peers of `cells`, or among the cells if one of
    /// them is fresh (all cells then): none when the exclusion on them finds nothing again.
    fn touched(&self, board: &Board, cells: &[usize]) -> u128 {
        let mut common = !0u128;
        for &c in cells {
            if self.fresh >> c & 1 != 0 {
                return !0;
            }
            common &= board.peer_mask(c).unwrap_or(!0);
        }
        common & self.changed
    }
}

/// [`aligned_exclusion`] on a board where the same search found nothing when its cells
/// had the candidates `then` (bits, by cell), if it did: the exclusions that would find
/// nothing again ([`Since`]) are passed by, the others tried in the same order.
pub(super) fn aligned_exclusion_since(
    board: &Board,
    k: usize,
    then: Option<&[u128]>,
) -> Option<Step> {
    let layout = board.layout();
    let plain = layout
        .units()
        .iter()
        .all(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column | UnitKind::Box));
    if !plain || !(2..=3).contains(&k) {
        return None;
    }
    let since = then.and_then(|t| Since::new(board, k, t));
    // Each base cell and its excluders, a set of cells of `w` words (at `sets[i * w..]`
    // for the `i`-th base); no base sees a cell with one candidate.
    let w = layout.cells().div_ceil(64);
    let (bases, sets) = bases_of(board, k, w, |c| board.candidates(c).bits());
    let set = |i: usize| &sets[i * w..(i + 1) * w];
    let mut base_of = vec![usize::MAX; layout.cells()];
    for (i, &cell) in bases.iter().enumerate() {
        base_of[cell] = i;
    }
    // The excluders two (then three) cells share, and the second cell's not the first's.
    let (mut common, mut shared, mut more) = (vec![0; w], vec![0; w], vec![0; w]);
    let mut covers: Vec<u128> = Vec::new();
    for j in 1..bases.len() {
        for i in 0..j {
            let (a, b) = (bases[i], bases[j]);
            let (ea, eb) = (set(i), set(j));
            for x in 0..w {
                common[x] = ea[x] & eb[x];
                more[x] = eb[x] & !ea[x];
            }
            remove(&mut common, a);
            remove(&mut common, b);
            if count(&common) < 2 {
                continue;
            }
            if k == 2 {
                if since
                    .as_ref()
                    .is_some_and(|s| s.touched(board, &[a, b]) == 0)
                {
                    continue;
                }
                if let Some(step) = exclusion(board, &[a, b], &common, &mut covers) {
                    return Some(step);
                }
                continue;
            }
            // The third cell: a base cell that excludes for the first or the second. The
            // exclusion does not depend on the cells' order, so each three cells are tried
            // at their first pair only (`p < q < r` by base: pair (p, q), then (p, r),
            // then (q, r), each when the third excludes for one of the two).
            for t in members(ea).chain(members(&more)) {
                let m = base_of[t];
                if t == a || t == b || m == usize::MAX {
                    continue;
                }
                let et = set(m);
                let tried = match m {
                    m if m > j => false,
                    m if m > i => has(ea, b) || has(et, b),
                    _ => has(et, b) || has(ea, b) || has(et, a) || has(eb, a),
                };
                if tried {
                    continue;
                }
                for x in 0..w {
                    shared[x] = common[x] & et[x];
                }
                remove(&mut shared, t);
                if count(&shared) < 2 {
                    continue;
                }
                if since
                    .as_ref()
                    .is_some_and(|s| s.touched(board, &[a, b, t]) == 0)
                {
                    continue;
                }
                if let Some(step) = exclusion(board, &[a, b, t], &shared, &mut covers) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The exclusion on `cells` (two or three) with the excluders they share, `common` (two
/// or more, a set of cells), if it removes something; `covers` is room for the
/// excluders' candidates.
fn exclusion(
    board: &Board,
    cells: &[usize],
    common: &[u64],
    covers: &mut Vec<u128>,
) -> Option<Step> {
    // Most cells rule nothing out: `allowed` tells so without trying every choice.
    let k = cells.len();
    let mut cands = [0u128; 3];
    let mut sees = [[false; 3]; 3];
    for i in 0..k {
        cands[i] = board.candidates(cells[i]).bits();
        for j in 0..i {
            sees[i][j] = board.sees(cells[i], cells[j]);
            sees[j][i] = sees[i][j];
        }
    }
    // An excluder with a candidate none of the cells has is never left without one.
    let union = cands[0] | cands[1] | cands[2];
    covers.clear();
    covers.extend(
        members(common)
            .map(|c| board.candidates(c).bits())
            .filter(|&c| c & !union == 0),
    );
    let open = allowed(&cands[..k], &sees, covers);
    if open[..k] == cands[..k] {
        return None;
    }
    let common: Vec<usize> = members(common).collect();
    let mut ok = vec![Digits::EMPTY; k];
    let mut locking: Vec<usize> = Vec::new();
    let mut picked: Vec<u8> = Vec::with_capacity(k);
    combine(board, cells, &common, &mut picked, &mut ok, &mut locking);
    debug_assert!(ok.iter().zip(&open).all(|(o, p)| o.bits() == *p));
    let eliminations: Vec<Candidate> = cells
        .iter()
        .zip(&ok)
        .flat_map(|(&cell, &ok)| {
            (board.candidates(cell) - ok)
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let (strategy, k) = if cells.len() == 2 {
        (Strategy::AlignedPairExclusion, 2)
    } else {
        (Strategy::AlignedTripleExclusion, 3)
    };
    let mut pattern = cells.to_vec();
    pattern.extend(&locking);
    let mut step = Step::eliminating(strategy, Vec::new(), pattern, Vec::new(), eliminations);
    step.chain = locking
        .iter()
        .flat_map(|&cell| {
            board
                .candidates(cell)
                .iter()
                .map(move |digit| Candidate { cell, digit })
        })
        .collect();
    step.score = se::aligned_exclusion(k);
    Some(step)
}

/// The digits (as bit masks) that each cell takes in some allowed choice of digits for
/// all: what [`combine`] collects in `ok`, found a digit set at a time instead of a choice
/// at a time. `cands` are the cells' candidates (two or three), `sees[i][j]` whether cells
/// `i` and `j` see each other, `covers` the common excluders' candidates.
///
/// Once all cells but the last have a digit, the excluders tell the last cell's forbidden
/// digits in one pass: an excluder whose candidates the chosen digits hold forbids every
/// digit, one holding a single other candidate forbids that one; the last cell takes what
/// is left.
fn allowed(cands: &[u128], sees: &[[bool; 3]; 3], covers: &[u128]) -> [u128; 3] {
    /// The last cell's digits forbidden by the excluders once the others took `taken`
    /// (every digit when an excluder is left without candidates).
    fn forbidden(taken: u128, covers: &[u128]) -> u128 {
        let mut forbid = 0;
        for &c in covers {
            let rest = c & !taken;
            if rest & rest.wrapping_sub(1) == 0 {
                // No candidate left (all are forbidden) or one: that one is.
                forbid |= if rest == 0 { !0 } else { rest };
            }
        }
        forbid
    }
    let mut ok = [0u128; 3];
    let last = cands.len() - 1;
    let mut xs = cands[0];
    while xs != 0 {
        let x = xs & xs.wrapping_neg();
        xs &= xs - 1;
        if last == 1 {
            let clash = if sees[0][1] { x } else { 0 };
            let rest = cands[1] & !clash & !forbidden(x, covers);
            if rest != 0 {
                ok[0] |= x;
                ok[1] |= rest;
            }
            continue;
        }
        let mut ys = cands[1] & !if sees[0][1] { x } else { 0 };
        while ys != 0 {
            let y = ys & ys.wrapping_neg();
            ys &= ys - 1;
            let clash = if sees[0][2] { x } else { 0 } | if sees[1][2] { y } else { 0 };
            let rest = cands[2] & !clash & !forbidden(x | y, covers);
            if rest != 0 {
                ok[0] |= x;
                ok[1] |= y;
                ok[2] |= rest;
            }
        }
        // Most cells rule nothing out: past here no digit is left to find.
        if ok[..=last] == cands[..] {
            break;
        }
    }
    ok
}

/// Tries every choice of digits for the cells past `picked`: a choice is allowed unless two
/// cells seeing each other take one digit or it takes every candidate of an excluder (which
/// joins `locking`); each allowed choice's digits join `ok`.
fn combine(
    board: &Board,
    cells: &[usize],
    common: &[usize],
    picked: &mut Vec<u8>,
    ok: &mut [Digits],
    locking: &mut Vec<usize>,
) {
    let i = picked.len();
    if i == cells.len() {
        let taken = Digits::from_digits(picked.iter().copied());
        if let Some(&c) = common
            .iter()
            .find(|&&c| (board.candidates(c) - taken).is_empty())
        {
            if !locking.contains(&c) {
                locking.push(c);
            }
            return;
        }
        for (o, &d) in ok.iter_mut().zip(picked.iter()) {
            o.insert(d);
        }
        return;
    }
    for d in board.candidates(cells[i]) {
        let clash = (0..i).any(|j| picked[j] == d && board.sees(cells[j], cells[i]));
        if clash {
            continue;
        }
        picked.push(d);
        combine(board, cells, common, picked, ok, locking);
        picked.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::sudoku::explain::board::random_cuts;
    use crate::sudoku::explain::{Explainer, Strategy};
    use crate::sudoku::grid::Grid;
    use crate::sudoku::ops;

    /// Follows boards one after another as the explainer's memo does: on each, the search
    /// told what changed since the last board it found nothing on finds what the full
    /// search finds. Returns how many steps it found.
    fn follow(boards: impl Iterator<Item = Board>, then: &mut [Option<Vec<u128>>; 2]) -> usize {
        let mut found = 0;
        for board in boards {
            for k in 2..=3 {
                let full = aligned_exclusion(&board, k);
                let since = aligned_exclusion_since(&board, k, then[k - 2].as_deref());
                assert_eq!(since, full, "{k} {}", board.grid());
                then[k - 2] = match full {
                    Some(_) => None,
                    None => Some((0..81).map(|c| board.candidates(c).bits()).collect()),
                };
                found += usize::from(since.is_some());
            }
        }
        found
    }

    /// Along explanations of Norvig's hardest puzzles (guessing past the XY-chain), and
    /// along boards cut further and further at random, aligned exclusion told what changed
    /// since it last found nothing finds the step its full search finds.
    #[test]
    fn exclusions_since_an_empty_search_are_those_of_the_full_search() {
        let text = include_str!("../../../data/sudoku/norvig_top95.txt");
        let mut found = 0;
        for line in text.lines().step_by(4) {
            let grid: Grid = line.parse().unwrap();
            let solution = ops::solve(&grid).unwrap().unwrap();
            let mut explainer = Explainer::new(&grid)
                .unwrap()
                .up_to(Strategy::XyChain)
                .guessing(solution)
                .unwrap();
            let mut boards = vec![explainer.board().clone()];
            while explainer.next().is_some() {
                boards.push(explainer.board().clone());
            }
            found += follow(boards.into_iter(), &mut [None, None]);
        }
        let mut rng = Rng::new(41);
        for (_, board, keep) in random_cuts(37, 3) {
            // Each board of a run cuts a random half of the cells left to their kept ones.
            let mut boards = vec![board.clone()];
            let mut now: Vec<u32> = (0..81).map(|c| board.candidates(c).bits() as u32).collect();
            for _ in 0..4 {
                for (n, &k) in now.iter_mut().zip(&keep) {
                    if rng.below(2) == 0 {
                        *n &= k;
                    }
                }
                boards.push(board.with_candidates(&now));
            }
            found += follow(boards.into_iter(), &mut [None, None]);
        }
        assert!(found > 30, "{found} found");
    }

    /// `allowed` finds the digits `combine` collects by trying every choice: on cells of
    /// SE's rated sample with random candidates (and excluders) cut, pairs and triples.
    #[test]
    fn allowed_digits_are_those_of_every_choice() {
        let text = include_str!("../../../data/sudoku/sudokuexchange_se_rated_sample553.txt");
        let mut rng = Rng::new(29);
        let (mut compared, mut excluded) = (0, 0);
        for line in text.lines().step_by(11) {
            let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
            let board = Board::new(&grid, None).unwrap();
            let open: Vec<usize> = (0..81).filter(|&c| board.value(c) == 0).collect();
            for _ in 0..40 {
                let k = 2 + rng.below(2);
                let mut cells: Vec<usize> = Vec::new();
                while cells.len() < k {
                    let c = open[rng.below(open.len())];
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
                // Excluders: peers of the first cell, cut to two or three candidates.
                let peers: Vec<usize> = board.layout().peers(cells[0]).to_vec();
                let common: Vec<usize> = (0..2 + rng.below(3))
                    .map(|_| peers[rng.below(peers.len())])
                    .filter(|c| !cells.contains(c))
                    .collect();
                let covers: Vec<u128> = common
                    .iter()
                    .map(|_| {
                        let (x, y, z) = (rng.below(9), rng.below(9), rng.below(9));
                        (1 << x) | (1 << y) | if rng.below(2) == 0 { 1 << z } else { 0 }
                    })
                    .collect();
                let mut cut = board.clone();
                for (&c, &cover) in common.iter().zip(&covers) {
                    let keep: Vec<u32> = (0..81)
                        .map(|x| match x == c && cut.value(c) == 0 {
                            true => (cut.candidates(x).bits() & cover) as u32,
                            false => cut.candidates(x).bits() as u32,
                        })
                        .collect();
                    cut = cut.with_candidates(&keep);
                }
                let cands: Vec<u128> = cells.iter().map(|&c| cut.candidates(c).bits()).collect();
                let mut sees = [[false; 3]; 3];
                for i in 0..k {
                    for j in 0..k {
                        sees[i][j] = cut.sees(cells[i], cells[j]);
                    }
                }
                let covers: Vec<u128> = common.iter().map(|&c| cut.candidates(c).bits()).collect();
                let found = allowed(&cands, &sees, &covers);
                let mut ok = vec![Digits::EMPTY; k];
                let (mut picked, mut locking) = (Vec::new(), Vec::new());
                combine(&cut, &cells, &common, &mut picked, &mut ok, &mut locking);
                let ok: Vec<u128> = ok.iter().map(|d| d.bits()).collect();
                assert_eq!(found[..k], ok[..], "{line} {cells:?} {common:?}");
                excluded += usize::from(ok != cands);
                compared += 1;
            }
        }
        assert!(compared > 1000 && excluded > 20, "{compared} {excluded}");
    }
}
