//! The wings of SukakuExplainer past the XYZ-wing: WXYZ-, VWXYZ- and UVWXYZ-wings, an
//! almost locked set in one unit and a bivalue cell (an ALS-XZ whose second set is one
//! cell).
//!
//! `k` open cells of a unit (the *pilot* cells) whose candidates together are `k + 1`
//! digits hold all but one of them. A bivalue cell `{x,z}` outside them, with `x` and `z`
//! among those digits, such that every pilot cell with `x` sees it: if the bivalue cell is
//! not `z` it is `x`, so the pilot cells lose `x` and hold the `k` others, `z` among them.
//! Either way `z` is in the bivalue cell or in a pilot cell holding it: `z` leaves every cell
//! that sees all of them. When `z` links them too (every pilot cell with `z` sees the
//! bivalue cell), the pilot cells and the bivalue cell are locked: `x` leaves the cells
//! seeing all of its places among them as `z` does, and each other digit of the pilot cells
//! leaves the cells seeing all of its pilot cells.
//!
//! SukakuExplainer's values: a WXYZ-wing (three pilot cells) 5.5, plus 0.1 when the largest
//! pilot cell has three candidates; a VWXYZ-wing (four) 6.2, plus 0.1 for each candidate the
//! largest pilot cell's count lies from five, but at most 0.2 (6.4 for three); an
//! UVWXYZ-wing (five) 6.6. A step's cells are the pilot cells then the bivalue cell, its
//! digits `x`, `z` then the pilot cells' digits. [`als_wing`] takes the wing of least value, then with the most
//! eliminations, as SukakuExplainer sorts them.

use super::board::Board;
use super::step::{Candidate, Score, Step, Strategy};
use crate::sudoku::candidates::Digits;

/// SukakuExplainer's value of a wing of `k` pilot cells whose largest has `biggest`
/// candidates (its `WXYZWingHint`, `VWXYZWingHint`, `UVWXYZWingHint`).
fn value(k: usize, biggest: usize) -> Score {
    let b = biggest as i32;
    Score::from_tenths(match k {
        3 => (55 + (1 - (3 - b).abs())) as u16,
        4 => (62 + (2 - (3 - b).abs())).max(62) as u16,
        _ => 66,
    })
}

/// The strategy of a wing of `k` pilot cells.
fn strategy(k: usize) -> Strategy {
    match k {
        3 => Strategy::WxyzWing,
        4 => Strategy::VwxyzWing,
        _ => Strategy::UvwxyzWing,
    }
}

/// The wing of `k` (3 to 5) pilot cells of least value, then with the most eliminations
/// (units, cells and digits in order on a tie), if any.
pub(super) fn als_wing(board: &Board, k: usize) -> Option<Step> {
    als_wing_with(board, k, true)
}

/// [`als_wing`], with the [`Filter`] where the grid allows it if `filtered` (the tests
/// compare it with the plain search).
fn als_wing_with(board: &Board, k: usize, filtered: bool) -> Option<Step> {
    let layout = board.layout();
    let mut best: Option<Step> = None;
    let bivalue: Vec<usize> = (0..layout.cells())
        .filter(|&c| board.value(c) == 0 && board.candidates(c).len() == 2)
        .collect();
    let filter = Filter::new(board, &bivalue).filter(|_| filtered);
    for (u, unit) in layout.units().iter().enumerate() {
        let open: Vec<usize> = unit
            .cells
            .iter()
            .copied()
            .filter(|&c| board.value(c) == 0 && (2..=k + 1).contains(&board.candidates(c).len()))
            .collect();
        let mut pick = Vec::with_capacity(k);
        subsets(
            board,
            &open,
            k,
            0,
            Digits::default(),
            &mut pick,
            &mut |pilots, digits| {
                if digits.len() != k + 1 {
                    return;
                }
                match &filter {
                    Some(f) => {
                        let sights = f.sights(board, pilots);
                        // A bivalue cell linked on some digit sees its pilot cells.
                        let mut linked = 0;
                        for d in digits {
                            linked |= sights[d as usize - 1];
                        }
                        let mut cells = f.bivalue & linked;
                        while cells != 0 {
                            let yz = cells.trailing_zeros() as usize;
                            cells &= cells - 1;
                            let check = Some((f, &sights));
                            try_wing(board, u, pilots, digits, yz, check, &mut best);
                        }
                    }
                    None => {
                        for &yz in &bivalue {
                            try_wing(board, u, pilots, digits, yz, None, &mut best);
                        }
                    }
                }
            },
        );
    }
    best
}

/// Keeps in `best` the wing of `pilots` (in unit `u`, holding `digits`) and the bivalue
/// cell `yz`, either way round, if it removes something and is better; `check` passes by,
/// on grids with a [`Filter`], the wings that remove nothing.
fn try_wing(
    board: &Board,
    u: usize,
    pilots: &[usize],
    digits: Digits,
    yz: usize,
    check: Option<(&Filter, &Sights)>,
    best: &mut Option<Step>,
) {
    let pair = board.candidates(yz);
    if pilots.contains(&yz) || pair & digits != pair {
        return;
    }
    let mut ds = pair.iter();
    let (Some(a), Some(b)) = (ds.next(), ds.next()) else {
        return;
    };
    for (x, z) in [(a, b), (b, a)] {
        if check.is_some_and(|(f, s)| !f.may_remove(board, s, yz, x, z)) {
            continue;
        }
        if let Some(step) = wing(board, u, pilots, yz, x, z, digits) {
            let better = best.as_ref().is_none_or(|b| {
                (step.score, std::cmp::Reverse(step.eliminations.len()))
                    < (b.score, std::cmp::Reverse(b.eliminations.len()))
            });
            if better {
                *best = Some(step);
            }
        }
    }
}

/// What tells, on grids of at most 128 cells, most pilot sets and bivalue cells that
/// make no wing without building one ([`wing`] gives up on them too): cells as bits.
struct Filter {
    /// The open cells of two candidates.
    bivalue: u128,
    /// The cells holding each digit (`d - 1`).
    holding: Vec<u128>,
}

/// The cells seeing every pilot cell that holds each digit (`d - 1`; every cell for a
/// digit no pilot cell holds).
type Sights = [u128; 12];

impl Filter {
    /// The filter of a board, if its cells fit in bits.
    fn new(board: &Board, bivalue: &[usize]) -> Option<Filter> {
        let cells = board.layout().cells();
        if cells > 128 || board.size() > 12 || bivalue.is_empty() {
            return None;
        }
        let mut holding = vec![0u128; board.size()];
        for c in 0..cells {
            for d in board.candidates(c) {
                holding[d as usize - 1] |= 1 << c;
            }
        }
        let bivalue = bivalue.iter().fold(0, |m, &c| m | 1 << c);
        Some(Filter { bivalue, holding })
    }

    /// The sights of `pilots`.
    fn sights(&self, board: &Board, pilots: &[usize]) -> Sights {
        let mut sights = [!0u128; 12];
        for &p in pilots {
            let peers = board.peer_mask(p).unwrap_or(0);
            for d in board.candidates(p) {
                sights[d as usize - 1] &= peers;
            }
        }
        sights
    }

    /// Whether the wing of the pilot cells with `sights` and the bivalue cell `yz` linked
    /// on `x` may remove something: as [`wing`] tells, `x` links them and `z` links them
    /// too or leaves some cell seeing `yz` and the pilot cells holding `z`.
    fn may_remove(&self, board: &Board, sights: &Sights, yz: usize, x: u8, z: u8) -> bool {
        let (x, z) = (x as usize - 1, z as usize - 1);
        let linked = |d: usize| sights[d] >> yz & 1 != 0;
        if !linked(x) {
            return false;
        }
        // A pilot cell holding `z` does not see itself, so it is not among the sights.
        let peers = board.peer_mask(yz).unwrap_or(0);
        linked(z) || peers & sights[z] & self.holding[z] != 0
    }
}

/// The wing of `pilots` (in unit `u`, holding `digits`) and the bivalue cell `yz` linked on
/// `x`, if it removes something.
fn wing(
    board: &Board,
    u: usize,
    pilots: &[usize],
    yz: usize,
    x: u8,
    z: u8,
    digits: Digits,
) -> Option<Step> {
    let holders = |d: u8| -> Vec<usize> {
        pilots
            .iter()
            .copied()
            .filter(|&c| board.candidates(c).contains(d))
            .collect()
    };
    let linked = |d: u8| {
        pilots
            .iter()
            .all(|&c| !board.candidates(c).contains(d) || board.sees(c, yz))
    };
    if !linked(x) {
        return None;
    }
    // Most wings tried remove nothing: told without allocating when `z` alone could
    // remove (it leaves the cells seeing the bivalue cell and its pilot cells).
    let z_goes = || {
        board.layout().peers(yz).iter().any(|&c| {
            board.candidates(c).contains(z)
                && !pilots.contains(&c)
                && pilots
                    .iter()
                    .all(|&p| !board.candidates(p).contains(z) || board.sees(c, p))
        })
    };
    if !linked(z) && !z_goes() {
        return None;
    }
    let mut pattern = Vec::with_capacity(pilots.len() + 1);
    pattern.extend_from_slice(pilots);
    pattern.push(yz);
    let mut eliminations: Vec<Candidate> = Vec::new();
    let mut add = |cells: &[usize], d: u8| {
        for e in board.seen_by_all(cells, d, &pattern) {
            if !eliminations.contains(&e) {
                eliminations.push(e);
            }
        }
    };
    let mut with_yz = holders(z);
    with_yz.push(yz);
    add(&with_yz, z);
    if linked(z) {
        let mut with_yz = holders(x);
        with_yz.push(yz);
        add(&with_yz, x);
        for w in (digits - board.candidates(yz)).iter() {
            add(&holders(w), w);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let biggest = pilots
        .iter()
        .map(|&c| board.candidates(c).len())
        .max()
        .unwrap_or(0);
    let mut all = vec![x, z];
    all.extend(digits.iter());
    let mut step = Step::eliminating(strategy(pilots.len()), vec![u], pattern, all, eliminations);
    step.score = value(pilots.len(), biggest);
    Some(step)
}

/// Calls `f` on each `k`-subset of `cells` (in order) whose candidates together are at
/// most `k + 1` digits, with those digits: a subset with more cannot be pilot cells, nor
/// can one holding it, so the search stops there.
pub(super) fn subsets(
    board: &Board,
    cells: &[usize],
    k: usize,
    from: usize,
    digits: Digits,
    pick: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize], Digits),
) {
    if pick.len() == k {
        f(pick, digits);
        return;
    }
    for i in from..cells.len() {
        if cells.len() - i < k - pick.len() {
            break;
        }
        let more = digits | board.candidates(cells[i]);
        if more.len() > k + 1 {
            continue;
        }
        pick.push(cells[i]);
        subsets(board, cells, k, i + 1, more, pick, f);
        pick.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::explain::board::random_cuts;

    /// The filter passes by no wing: the wings found with it are those of the plain
    /// search, on boards with random candidates removed (and on the uncut ones).
    #[test]
    fn the_filter_finds_the_wings_the_plain_search_finds() {
        let mut found = [0; 3];
        for (_, board, keep) in random_cuts(31, 2) {
            for b in [board.with_candidates(&keep), board] {
                for k in 3..=5 {
                    let wing = als_wing(&b, k);
                    assert_eq!(wing, als_wing_with(&b, k, false), "{k}");
                    found[k - 3] += usize::from(wing.is_some());
                }
            }
        }
        assert!(found.iter().all(|&f| f > 20), "{found:?}");
    }

    #[test]
    fn values_follow_sukaku_explainer() {
        // Its hints' suffixes: "WXYZ-Wing 126" 5.5, "137" 5.6, "248" 5.5; "VWXYZ-Wing 2514"
        // 6.2, "1310" 6.4, "1412" 6.3, "128" 6.3; UVWXYZ 6.6.
        let got: Vec<String> = [
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 5),
            (4, 3),
            (4, 4),
            (4, 2),
            (5, 3),
        ]
        .iter()
        .map(|&(k, b)| value(k, b).to_string())
        .collect();
        assert_eq!(
            got,
            ["5.5", "5.6", "5.5", "6.2", "6.4", "6.3", "6.3", "6.6"]
        );
    }
}
