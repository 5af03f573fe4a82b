//! Unique rectangles and loops (for puzzles declared to have one solution): the deadly
//! pattern's argument on a ring of cells, four (a rectangle) or more.
//!
//! A loop of open cells, each with `x` and `y` among its candidates, each linked to the
//! next by a unit of another kind than the link before (a row, then a column or a box, ...),
//! such that every unit holding a cell of the loop holds exactly two, one at an odd place
//! and one at an even place of the loop. If every cell could only be `x` or `y`, swapping
//! them would give a second solution; so a cell holds something else. Cells with more than
//! `{x,y}` (the *extra* cells) give:
//!
//! - type 1: one extra cell: `x` and `y` leave it;
//! - type 2: the extra cells' other digits are one digit `z`: one of them is `z`, so `z`
//!   leaves every cell that sees them all;
//! - type 3: two extra cells sharing a unit: their other digits act as one cell, which with
//!   other cells of the unit makes a naked or hidden set ([`super::rectangles::type3_set`]);
//! - type 4: two extra cells sharing a unit where `x` has no other place: one of them is
//!   `x`, so `y` leaves both.
//!
//! Sudoku Explainer finds them all as one rule, `UniqueLoops`: every loop from every
//! bivalue cell, depth first, and its hints sorted by value (4.5 for a rectangle, 4.6 for
//! six cells, 4.7 for eight, 5.0 for ten or more, [`se::unique_loop`]; type 3 0.1 more for
//! each digit of its set past the first, [`se::unique_loop_type3`]), then by type, the
//! first found first. [`Patterns`] does the same, so a rectangle's hidden-pair type 3 (4.5)
//! comes before its type 4 (4.5), and a six-cell loop of type 1 (4.6) before a
//! rectangle's naked-pair type 3 (4.6); each of the eight rungs (rectangles and loops,
//! types 1 to 4) serves the steps of its own kind.

use super::board::Board;
use super::rectangles::type3_set;
use super::se;
use super::step::{Candidate, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The longest loop looked for: Sudoku Explainer's value stops growing at ten cells, and
/// the search grows with the length.
const MAX_LOOP: usize = 14;

/// The loops found, each its cells in order, for one pair of digits.
struct Search<'a> {
    board: &'a Board,
    pair: Digits,
    /// The cells a deadly loop on `pair` may pass through ([`loop_cells`]).
    cells: Vec<bool>,
    /// How many cells of the loop so far each unit holds.
    in_unit: Vec<u8>,
    /// Each cell's units in Sudoku Explainer's order ([`se_order`]).
    units: Vec<Vec<usize>>,
    path: Vec<usize>,
    found: Vec<Vec<usize>>,
}

impl Search<'_> {
    /// Extends the path from its last cell through a unit of another kind than `last`.
    fn extend(&mut self, allowed_extra: usize, extra: Digits, last: Option<usize>) {
        let board = self.board;
        let layout = board.layout();
        let cell = *self.path.last().expect("a start");
        let kind_of = |u: usize| layout.units()[u].kind;
        for k in 0..self.units[cell].len() {
            let u = self.units[cell][k];
            if last.is_some_and(|l| kind_of(l) == kind_of(u)) {
                continue;
            }
            for &next in &layout.units()[u].cells {
                if next == self.path[0] && self.path.len() >= 4 && self.path.len() % 2 == 0 {
                    self.found.push(self.path.clone());
                    continue;
                }
                if self.path.len() >= MAX_LOOP || !self.cells[next] || self.path.contains(&next) {
                    continue;
                }
                let m = board.candidates(next);
                if m & self.pair != self.pair {
                    continue;
                }
                let more = extra | (m - self.pair);
                let wide = m.len() > 2;
                if wide && more.len() != 1 && allowed_extra == 0 {
                    continue;
                }
                // A valid loop has two cells in each unit it touches: never three.
                if layout.units_of(next).iter().any(|&v| self.in_unit[v] >= 2) {
                    continue;
                }
                self.push(next);
                self.extend(
                    allowed_extra - usize::from(wide && allowed_extra > 0),
                    more,
                    Some(u),
                );
                self.pop();
            }
        }
    }

    fn push(&mut self, cell: usize) {
        self.path.push(cell);
        for &u in self.board.layout().units_of(cell) {
            self.in_unit[u] += 1;
        }
    }

    fn pop(&mut self) {
        if let Some(cell) = self.path.pop() {
            for &u in self.board.layout().units_of(cell) {
                self.in_unit[u] -= 1;
            }
        }
    }
}

/// The cells a deadly loop on `pair` may pass through: open cells with both digits among
/// their candidates, each with another such cell in every unit holding it, as a deadly
/// loop has two cells in each of its units (so cells without such partners are dropped
/// until none is left without). Searching these alone finds the same deadly loops, in the
/// same order, as searching every cell holding the pair.
fn loop_cells(board: &Board, pair: Digits) -> Vec<bool> {
    let layout = board.layout();
    let mut cells: Vec<bool> = (0..layout.cells())
        .map(|c| board.value(c) == 0 && board.candidates(c) & pair == pair)
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for c in 0..layout.cells() {
            let alone = |u: &usize| !layout.units()[*u].cells.iter().any(|&o| o != c && cells[o]);
            if cells[c] && layout.units_of(c).iter().any(alone) {
                cells[c] = false;
                changed = true;
            }
        }
    }
    cells
}

/// Whether every unit holding a cell of the loop holds one at an odd place and one at an
/// even place, and no other (Sudoku Explainer's `isValidLoop`).
fn is_deadly(board: &Board, cells: &[usize]) -> bool {
    let layout = board.layout();
    let mut odd: Vec<usize> = Vec::new();
    let mut even: Vec<usize> = Vec::new();
    for (k, &c) in cells.iter().enumerate() {
        let side = if k % 2 == 0 { &mut even } else { &mut odd };
        for &u in layout.units_of(c) {
            if side.contains(&u) {
                return false;
            }
            side.push(u);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

/// The units of a cell in Sudoku Explainer's order of region types (`checkForLoops`,
/// `createType3Hints`, `createType4Hint`): box, row, column, then the others.
pub(super) fn se_order(board: &Board, cell: usize) -> Vec<usize> {
    let layout = board.layout();
    let mut units = layout.units_of(cell).to_vec();
    units.sort_by_key(|&u| match layout.units()[u].kind {
        UnitKind::Box => 0,
        UnitKind::Row => 1,
        UnitKind::Column => 2,
        _ => 3,
    });
    units
}

/// A unique rectangle's or loop's step, and where Sudoku Explainer's `UniqueLoops` sorts
/// it: by its value as SE computes it ([`se_value`]), then its type (1 to 4), then the
/// order found (SE's sort is stable).
struct Hint {
    value: f64,
    kind: u8,
    found: usize,
    step: Step,
}

impl Hint {
    fn before(&self, other: &Hint) -> bool {
        let key = |h: &Hint| (h.kind, h.found);
        match self.value.total_cmp(&other.value) {
            std::cmp::Ordering::Equal => key(self) < key(other),
            o => o.is_lt(),
        }
    }
}

/// A hint's value as Sudoku Explainer computes it (`UniqueLoopHint.getDifficulty`, original
/// rating, and type 3's set, [`se::unique_loop_type3`]), in doubles: SE sorts by these, and
/// their rounding orders hints of equal tenths (a six-cell loop's naked-pair type 3, 4.6 +
/// 0.1, sorts before an eight-cell loop's type 1, 4.5 + 0.2).
fn se_value(cells: usize, set: Option<usize>) -> f64 {
    let mut value = 4.5f64;
    if cells >= 10 {
        value += 0.3;
    }
    if cells >= 8 {
        value += 0.2;
    } else if cells >= 6 {
        value += 0.1;
    }
    match set {
        Some(k) => value + (k as f64 - 1.0) * 0.1,
        None => value,
    }
}

/// Whether `strategy` is one of the eight rungs of unique rectangles and loops, which
/// stand together in the ladder (rectangles of types 1, 2, 4, 3, then loops).
pub(super) fn is_rung(strategy: Strategy) -> bool {
    (Strategy::UniqueRectangle..=Strategy::UniqueLoopType3).contains(&strategy)
}

/// The rung of a hint of type `kind` on a pattern of `cells` cells.
fn strategy_of(cells: usize, kind: u8) -> Strategy {
    match (cells == 4, kind) {
        (true, 1) => Strategy::UniqueRectangle,
        (true, 2) => Strategy::UniqueRectangleType2,
        (true, 3) => Strategy::UniqueRectangleType3,
        (true, _) => Strategy::UniqueRectangleType4,
        (false, 1) => Strategy::UniqueLoop,
        (false, 2) => Strategy::UniqueLoopType2,
        (false, 3) => Strategy::UniqueLoopType3,
        (false, _) => Strategy::UniqueLoopType4,
    }
}

/// The unique rectangles and loops of a board: of each of the eight rungs, the hint Sudoku
/// Explainer's order puts first.
pub(super) struct Patterns {
    first: Vec<Hint>,
}

impl Patterns {
    /// Every unique rectangle and loop on `board`, found as Sudoku Explainer finds them.
    pub(super) fn of(board: &Board) -> Patterns {
        let mut first: Vec<Hint> = Vec::new();
        let mut found = 0;
        each_loop(board, |cells, pair| {
            hints(board, cells, pair, |kind, set, step| {
                let hint = Hint {
                    value: se_value(cells.len(), set),
                    kind,
                    found,
                    step,
                };
                found += 1;
                match first
                    .iter_mut()
                    .find(|h| h.step.strategy == hint.step.strategy)
                {
                    Some(h) if hint.before(h) => *h = hint,
                    Some(_) => {}
                    None => first.push(hint),
                }
            });
        });
        Patterns { first }
    }

    /// The step of rung `strategy`: the first hint in Sudoku Explainer's order among the
    /// rungs `tried` allows, if it is this rung's (the eight rungs stand together in the
    /// ladder, so the first of them that has a step gives SE's).
    pub(super) fn step(
        &self,
        strategy: Strategy,
        tried: impl Fn(Strategy) -> bool,
    ) -> Option<Step> {
        let best = self
            .first
            .iter()
            .filter(|h| tried(h.step.strategy))
            .reduce(|a, b| if b.before(a) { b } else { a })?;
        (best.step.strategy == strategy).then(|| best.step.clone())
    }
}

/// The first step of the rung of type `KIND` on patterns of `CELLS` cells (4: rectangles;
/// 6: loops) in Sudoku Explainer's order, the other rungs aside: the ladder's finder.
pub(super) fn pattern<const CELLS: usize, const KIND: u8>(board: &Board) -> Option<Step> {
    let strategy = strategy_of(CELLS, KIND);
    Patterns::of(board).step(strategy, |s| s == strategy)
}

/// Calls `found` on each deadly loop (its cells in order, and its pair), in Sudoku
/// Explainer's order (`UniqueLoops.getHints`: from each bivalue cell, depth first through
/// its units in [`se_order`]), each once.
fn each_loop(board: &Board, mut found: impl FnMut(&[usize], Digits)) {
    let layout = board.layout();
    let mut tried: Vec<(Digits, Vec<usize>)> = Vec::new();
    // Each pair's [`loop_cells`], as its first start meets it.
    let mut on_pair: Vec<(Digits, Vec<bool>)> = Vec::new();
    // One search for every start: its unit counts are back to zero after each.
    let mut search = Search {
        board,
        pair: Digits::default(),
        cells: Vec::new(),
        in_unit: vec![0; layout.units().len()],
        units: (0..layout.cells()).map(|c| se_order(board, c)).collect(),
        path: Vec::new(),
        found: Vec::new(),
    };
    for start in 0..layout.cells() {
        let pair = board.candidates(start);
        if board.value(start) != 0 || pair.len() != 2 {
            continue;
        }
        if search.pair != pair {
            let at = match on_pair.iter().position(|(p, _)| *p == pair) {
                Some(at) => at,
                None => {
                    on_pair.push((pair, loop_cells(board, pair)));
                    on_pair.len() - 1
                }
            };
            search.pair = pair;
            search.cells = on_pair[at].1.clone();
        }
        if !search.cells[start] {
            continue;
        }
        search.push(start);
        search.extend(2, Digits::default(), None);
        search.pop();
        for cells in std::mem::take(&mut search.found) {
            let mut key = cells.clone();
            key.sort_unstable();
            if tried.iter().any(|(p, k)| *p == pair && *k == key) || !is_deadly(board, &cells) {
                continue;
            }
            tried.push((pair, key));
            found(&cells, pair);
        }
    }
}

/// Calls `add` with each step a deadly loop gives (its type, type 3's set size for its
/// value, the step), as Sudoku Explainer's `UniqueLoops` makes them. A rectangle's steps
/// name its corners floor first (the corners holding the pair alone), then roof, each in
/// reading order; a longer loop's name its cells in order, then its extra cells.
fn hints(
    board: &Board,
    cells: &[usize],
    pair: Digits,
    mut add: impl FnMut(u8, Option<usize>, Step),
) {
    let extras: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).len() > 2)
        .collect();
    let len = cells.len();
    let (pattern, roof, chain) = if len == 4 {
        let mut corners: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|c| !extras.contains(c))
            .collect();
        corners.sort_unstable();
        let mut roof = extras.clone();
        roof.sort_unstable();
        corners.extend(&roof);
        (corners, roof, Vec::new())
    } else {
        let mut pattern = cells.to_vec();
        pattern.extend_from_slice(&extras);
        let chain: Vec<Candidate> = cells
            .iter()
            .map(|&cell| Candidate {
                cell,
                digit: pair.first().unwrap_or(0),
            })
            .collect();
        (pattern, extras.clone(), chain)
    };
    let step = |kind: u8, units: Vec<usize>, digits: Vec<u8>, eliminations: Vec<Candidate>| {
        let mut step = Step::eliminating(
            strategy_of(len, kind),
            units,
            pattern.clone(),
            digits,
            eliminations,
        );
        step.chain = chain.clone();
        step.score = se::unique_loop(len);
        step
    };
    let pair_digits: Vec<u8> = pair.iter().collect();
    if extras.len() == 1 {
        let cell = extras[0];
        let eliminations = pair.iter().map(|digit| Candidate { cell, digit }).collect();
        add(1, None, step(1, vec![], pair_digits, eliminations));
        return;
    }
    if extras.len() < 2 {
        return;
    }
    let extra = extras
        .iter()
        .fold(Digits::default(), |m, &c| m | board.candidates(c))
        - pair;
    if extra.len() == 1 {
        let z = extra.first().unwrap_or(0);
        let eliminations = board.seen_by_all(&roof, z, cells);
        if !eliminations.is_empty() {
            let mut digits = pair_digits.clone();
            digits.push(z);
            let mut s = step(2, vec![], digits, eliminations);
            if len == 4 && roof.len() > 2 {
                // A rectangle with three roof corners names them after its corners.
                s.cells.extend(&roof);
            }
            add(2, None, s);
        }
    }
    if extras.len() != 2 {
        return;
    }
    // Type 3: a naked or hidden set with the extra cells as one cell.
    if let Some(set) = type3_set(board, [roof[0], roof[1]], pair) {
        let weight = set.weight();
        let mut s = set.step(strategy_of(len, 3), &pattern, pair, len);
        s.chain = chain.clone();
        add(3, Some(weight), s);
    }
    // Type 4 (SE's `createType4Hint`): of the units the extra cells share, the last (in
    // [`se_order`]) where the pair's first digit has no other place, else the last where
    // the second has none; that digit stays, the other leaves both.
    let mut locked: [Option<usize>; 2] = [None, None];
    for u in se_order(board, roof[0]) {
        if !board.layout().units_of(roof[1]).contains(&u) {
            continue;
        }
        for (k, &x) in pair_digits.iter().enumerate() {
            if board.places(u, x).iter().all(|c| roof.contains(c)) {
                locked[k] = Some(u);
            }
        }
    }
    let lock = match locked {
        [Some(u), _] => Some((u, pair_digits[0], pair_digits[1])),
        [None, Some(u)] => Some((u, pair_digits[1], pair_digits[0])),
        _ => None,
    };
    if let Some((u, x, y)) = lock {
        let eliminations = roof
            .iter()
            .map(|&cell| Candidate { cell, digit: y })
            .collect();
        add(4, None, step(4, vec![u], vec![x, y], eliminations));
    }
}
