//! Unique rectangles of types 2, 3 and 4 (for puzzles declared to have one solution).
//!
//! As for type 1 ([`super::uniqueness`]): four open corners of a rectangle, two by two in
//! every unit holding one of them, all with `x` and `y` among their candidates, cannot be
//! left with only `{x,y}`, or the puzzle would have two solutions. Two corners (the
//! *floor*) hold just `{x,y}`; so one of the other two (the *roof*) holds a digit besides:
//!
//! - type 2: the roof's extra digits are one digit `z`: a roof corner is `z`, so `z` leaves
//!   every cell that sees both;
//! - type 4: the roof corners share a unit where `x` has no other place: one of them is
//!   `x`, and the other cannot be `y` (that closes the deadly pattern), nor can the first
//!   (the other is then `x`): `y` leaves both;
//! - type 3: the roof corners share a unit; their extra digits, one of which they hold,
//!   act as one cell, which with `k - 1` other cells of the unit whose candidates add up to
//!   `k` digits in all makes a naked set: those digits leave the unit's other cells.
//!
//! Sudoku Explainer's values (its `UniqueLoops` on rectangles): 4.5 for types 2 and 4, and
//! 0.1 more for each digit past the first of type 3's set ([`se::unique_loop_type3`]).

use super::board::Board;
use super::se;
use super::step::{Candidate, Step, Strategy};
use super::subsets;
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// A rectangle whose four corners all have `x` and `y` and no single-corner unit: floor
/// corners (`{x,y}` only) first, in reading order, then the roof's two, in reading order.
struct Rectangle {
    corners: [usize; 4],
    pair: Digits,
}

/// Calls `found` on each rectangle with two floor and two roof corners (rows, then columns,
/// then pairs in order), until it returns a step.
fn each(board: &Board, mut found: impl FnMut(&Rectangle) -> Option<Step>) -> Option<Step> {
    let n = board.size();
    let layout = board.layout();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if cells.iter().any(|&c| board.value(c) != 0) {
                        continue;
                    }
                    let common = cells
                        .iter()
                        .fold(board.candidates(cells[0]), |m, &c| m & board.candidates(c));
                    // Two floor corners hold two digits only.
                    let bivalue = cells
                        .iter()
                        .filter(|&&c| board.candidates(c).len() == 2)
                        .count();
                    if common.len() < 2 || bivalue < 2 {
                        continue;
                    }
                    let deadly = cells.iter().all(|&x| {
                        layout.units_of(x).iter().all(|&u| {
                            cells
                                .iter()
                                .filter(|&&y| layout.units_of(y).contains(&u))
                                .count()
                                == 2
                        })
                    });
                    if !deadly {
                        continue;
                    }
                    let digits: Vec<u8> = common.iter().collect();
                    for (i, &x) in digits.iter().enumerate() {
                        for &y in &digits[i + 1..] {
                            let pair = Digits::from_digits([x, y]);
                            let (floor, roof): (Vec<usize>, Vec<usize>) =
                                cells.iter().partition(|&&c| board.candidates(c) == pair);
                            if floor.len() != 2 {
                                continue;
                            }
                            let corners = [floor[0], floor[1], roof[0], roof[1]];
                            if let Some(step) = found(&Rectangle { corners, pair }) {
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The roof's two corners.
fn roof(r: &Rectangle) -> [usize; 2] {
    [r.corners[2], r.corners[3]]
}

/// The first unique rectangle of type 2.
pub(super) fn type2(board: &Board) -> Option<Step> {
    each(board, |r| {
        let roof = roof(r);
        let extra = (board.candidates(roof[0]) | board.candidates(roof[1])) - r.pair;
        if extra.len() != 1 {
            return None;
        }
        let z = extra.first()?;
        let eliminations = board.seen_by_all(&roof, z, &r.corners);
        if eliminations.is_empty() {
            return None;
        }
        let mut digits: Vec<u8> = r.pair.iter().collect();
        digits.push(z);
        let mut step = Step::eliminating(
            Strategy::UniqueRectangleType2,
            vec![],
            r.corners.to_vec(),
            digits,
            eliminations,
        );
        step.score = se::unique_loop(4);
        Some(step)
    })
}

/// The first unique rectangle of type 4.
pub(super) fn type4(board: &Board) -> Option<Step> {
    each(board, |r| {
        let roof = roof(r);
        for u in board.common_units(&roof) {
            let pair: Vec<u8> = r.pair.iter().collect();
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let mut places = board.places(u, x);
                places.sort_unstable();
                if places != roof {
                    continue;
                }
                let mut step = Step::eliminating(
                    Strategy::UniqueRectangleType4,
                    vec![u],
                    r.corners.to_vec(),
                    vec![x, y],
                    roof.iter()
                        .map(|&cell| Candidate { cell, digit: y })
                        .collect(),
                );
                step.score = se::unique_loop(4);
                return Some(step);
            }
        }
        None
    })
}

/// The unique rectangle of type 3 of least value (the first found on a tie), as Sudoku
/// Explainer's `UniqueLoops` sorts its hints by value before taking the first.
pub(super) fn type3(board: &Board) -> Option<Step> {
    let mut best: Option<Step> = None;
    each(board, |r| {
        let roof = roof(r);
        let set = type3_set(board, roof, r.pair)?;
        let step = set.step(Strategy::UniqueRectangleType3, &r.corners, r.pair, 4);
        if best.as_ref().is_none_or(|b| step.score < b.score) {
            best = Some(step);
        }
        // Nothing beats a hidden pair: the rectangle's own value.
        best.as_ref()
            .filter(|b| b.score == se::unique_loop(4))
            .cloned()
    });
    best
}

/// A type 3 set: the two cells of a pattern holding digits besides its pair (`apart`) act
/// as one cell, and with other cells of a unit they share make a naked or a hidden set.
pub(super) struct Type3 {
    unit: usize,
    /// The set's digits.
    digits: Digits,
    /// The set's cells besides `apart`.
    cells: Vec<usize>,
    /// Whether the set is hidden (its digits confined to its cells and `apart`).
    hidden: bool,
    /// The count that values it ([`se::unique_loop_type3`]): a naked set's digits, a
    /// hidden set's cells besides `apart`.
    weight: usize,
    eliminations: Vec<Candidate>,
}

impl Type3 {
    /// The step of a unique rectangle or loop on `cells` whose set this is.
    pub(super) fn step(
        self,
        strategy: Strategy,
        cells: &[usize],
        pair: Digits,
        len: usize,
    ) -> Step {
        let mut all: Vec<u8> = pair.iter().collect();
        all.extend((self.digits - if self.hidden { pair } else { Digits::default() }).iter());
        let mut pattern = cells.to_vec();
        pattern.extend(&self.cells);
        let mut step =
            Step::eliminating(strategy, vec![self.unit], pattern, all, self.eliminations);
        if self.hidden {
            step.combinations.push(self.digits);
        }
        step.score = se::unique_loop_type3(len, self.weight);
        step
    }
}

/// The type 3 set of least value for the pattern cells `apart` (holding the pair and
/// other digits) in Sudoku Explainer's order (`UniqueLoops.createType3Hints`): by size, 2
/// to 7 (naked sets no smaller than the extra digits), then the units (boxes, rows,
/// columns, others), a naked set before a hidden one; the first on a tie. A naked set of
/// `k` digits (k - 1 other cells, each with two candidates or more, the extra digits that
/// `apart` do not share among theirs) removes each digit from the cells that see all its
/// places in the set; a hidden set of `k` digits (the pair and k - 2 others, found in k - 1
/// other cells and `apart`) removes the other digits from those cells. As in SE a naked set
/// needs at least twice its size of open cells in the unit, a hidden set more.
pub(super) fn type3_set(board: &Board, apart: [usize; 2], pair: Digits) -> Option<Type3> {
    let layout = board.layout();
    let n = board.size();
    let [c1, c2] = apart;
    let extra = (board.candidates(c1) | board.candidates(c2)) - pair;
    if extra.len() < 2 {
        return None;
    }
    let shared = extra & board.candidates(c1) & board.candidates(c2);
    let mut units = board.common_units(&apart);
    units.sort_by_key(|&u| match layout.units()[u].kind {
        UnitKind::Box => 0,
        UnitKind::Row => 1,
        UnitKind::Column => 2,
        _ => 3,
    });
    let rest = Digits::all(n) - pair - extra;
    let mut best: Option<Type3> = None;
    for degree in 2..=7.min(n.saturating_sub(2)) {
        // Naked sets weigh their size, hidden ones one less: none of this size or more
        // can beat a set already found.
        if best.as_ref().is_some_and(|b| b.weight + 2 <= degree) {
            break;
        }
        for &u in &units {
            let cells = &layout.units()[u].cells;
            let open = cells.iter().filter(|&&c| board.value(c) == 0).count();
            let others: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| c != c1 && c != c2 && board.candidates(c).len() >= 2)
                .collect();
            let mut keep = |t: Type3| {
                if !t.eliminations.is_empty() && best.as_ref().is_none_or(|b| t.weight < b.weight) {
                    best = Some(t);
                }
            };
            if 2 * degree <= open && degree >= extra.len() {
                for pick in combinations(others.len(), degree - 1) {
                    let set: Vec<usize> = pick.iter().map(|&i| others[i]).collect();
                    let union = set
                        .iter()
                        .fold(Digits::default(), |m, &c| m | board.candidates(c));
                    if (union | extra).len() != degree || (union | shared).len() != degree {
                        continue;
                    }
                    let mut eliminations = Vec::new();
                    for digit in (union | extra).iter() {
                        let places: Vec<usize> = set
                            .iter()
                            .chain(&apart)
                            .copied()
                            .filter(|&c| board.candidates(c).contains(digit))
                            .collect();
                        eliminations.extend(board.seen_by_all(&places, digit, &[]));
                    }
                    keep(Type3 {
                        unit: u,
                        digits: union | extra,
                        cells: set,
                        hidden: false,
                        weight: degree,
                        eliminations,
                    });
                }
            }
            if 2 * degree < open {
                // The other digits open in the unit (a set of digits with no place there
                // is none); `apart` hold none of them.
                let rest: Vec<u8> = rest
                    .iter()
                    .filter(|&d| !board.places(u, d).is_empty())
                    .collect();
                for pick in combinations(rest.len(), degree - 2) {
                    let digits = pick.iter().map(|&i| rest[i]).collect::<Digits>() | pair;
                    let mut places: Vec<usize> = digits
                        .iter()
                        .flat_map(|digit| board.places(u, digit))
                        .filter(|&c| c != c2)
                        .collect();
                    places.sort_unstable();
                    places.dedup();
                    if places.len() != degree {
                        continue;
                    }
                    places.retain(|&c| c != c1);
                    let eliminations = subsets::outside(board, &places, digits);
                    keep(Type3 {
                        unit: u,
                        digits,
                        cells: places,
                        hidden: true,
                        weight: degree - 1,
                        eliminations,
                    });
                }
            }
        }
    }
    best
}

/// The `k`-subsets of `0..n` (`n` at most 64) in Sudoku Explainer's order (`Permutations`:
/// as bit masks, smallest first), each in increasing order.
fn combinations(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    let end = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let first = (k <= n).then(|| if k == 0 { 0 } else { u64::MAX >> (64 - k) });
    std::iter::successors(first, move |&m| {
        // Gosper's hack: the next mask with as many bits.
        if m == 0 {
            return None;
        }
        let low = m & m.wrapping_neg();
        let ripple = m.checked_add(low)?;
        Some((((ripple ^ m) >> 2) / low) | ripple)
    })
    .take_while(move |&m| m & !end == 0)
    .map(move |m| (0..n).filter(|i| m >> i & 1 != 0).collect())
}
