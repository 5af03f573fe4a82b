//! The type 3 set of a unique rectangle or loop (for puzzles declared to have one
//! solution; the patterns themselves are [`super::loops`]'s).
//!
//! Four open corners of a rectangle, two by two in every unit holding one of them, all
//! with `x` and `y` among their candidates, cannot be left with only `{x,y}`, or the puzzle
//! would have two solutions. When two corners (the *floor*) hold just `{x,y}`, one of the
//! other two (the *roof*) holds a digit besides. Type 3: the roof corners share a unit;
//! their extra digits, one of which they hold, act as one cell, which with `k - 1` other
//! cells of the unit whose candidates add up to `k` digits in all makes a naked set: those
//! digits leave the unit's other cells (or, hidden, the pair and `k - 2` other digits
//! confined to the roof and `k - 1` other cells leave those cells with nothing else).
//!
//! Sudoku Explainer's values (its `UniqueLoops`): 0.1 more than the pattern's for each
//! digit past the first of type 3's set ([`se::unique_loop_type3`]).

use super::board::Board;
use super::loops::se_order;
use super::se;
use super::step::{Candidate, Step, Strategy};
use super::subsets;
use crate::sudoku::candidates::Digits;

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
    /// The count that values it ([`se::unique_loop_type3`]).
    pub(super) fn weight(&self) -> usize {
        self.weight
    }

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
    let mut units = se_order(board, c1);
    units.retain(|u| layout.units_of(c2).contains(u));
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
