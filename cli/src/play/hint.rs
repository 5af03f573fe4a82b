//! Hint: the next logical step from the player's position, in the players' words.
//!
//! [`next_steps`] is the one function the board calls. It works from the digits on the
//! grid alone (not from the player's pencil marks, which may be incomplete): each blank
//! cell's candidates are the digits none of its peers holds. It then looks for the steps
//! of the `strategies` solver, simplest first, and names them with that solver's
//! [`Strategy`] words:
//!
//! 1. a **naked single** (a cell with one candidate) or a **hidden single** (a digit with
//!    one place in a unit) places a digit, and the hint ends there;
//! 2. otherwise a **naked subset** (k cells of a unit whose candidates are k digits between
//!    them, k from 2 to 4) or **pointing** (a digit confined to where two units meet:
//!    pointing from a box, box/line reduction from a row or column, locked candidates for
//!    the variants' units) removes candidates, and the search goes on from the smaller
//!    candidate sets, so the hint lists the eliminations that lead to the next placement;
//! 3. when nothing applies, the hint says a guess is needed and names the cell with the
//!    fewest candidates (where the strategies solver would guess).
//!
//! The library's `strategies` solver does not report its steps, so they are found here.
//! When `dlxkit::sudoku::explain` (the typed step stream) lands, `next_steps` becomes a
//! call to it and the rest of this file goes.

use dlxkit::sudoku::parse::symbol_of;
use dlxkit::sudoku::solvers::strategies::Strategy;
use dlxkit::sudoku::{Grid, Layout, UnitKind};
use serde::Serialize;

/// A set of digits: bit `d - 1` for digit `d`.
type Mask = u128;

/// Elimination steps listed before giving up on reaching a placement.
const MAX_ELIMINATIONS: usize = 40;

/// A digit in a cell: placed there, or removed from its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The cell, `row * n + column`.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// One step of reasoning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The strategy's name ([`Strategy::name`]), or `contradiction`.
    pub strategy: &'static str,
    /// The step in a sentence.
    pub text: String,
    /// The cells the reasoning rests on.
    pub cells: Vec<usize>,
    /// The units it looks at (indexes into the layout's units).
    pub units: Vec<usize>,
    /// The digits placed.
    pub placements: Vec<Placement>,
    /// The candidates removed.
    pub eliminations: Vec<Placement>,
}

/// The steps from `position` to its next placed digit: eliminations first, if any are
/// needed, then a placement; or a guess or a contradiction as the last step when logic
/// stops there. Empty when the grid is full.
pub fn next_steps(position: &Grid) -> Vec<Step> {
    let mut board = Board::new(position);
    let mut steps = Vec::new();
    if position.is_complete() {
        return steps;
    }
    loop {
        let fresh = steps.is_empty();
        let last = board
            .contradiction()
            .or_else(|| board.naked_single(fresh))
            .or_else(|| board.hidden_single());
        if let Some(step) = last {
            steps.push(step);
            return steps;
        }
        let elimination = if steps.len() < MAX_ELIMINATIONS {
            board.naked_subset().or_else(|| board.pointing())
        } else {
            None
        };
        match elimination {
            Some(step) => {
                for e in &step.eliminations {
                    board.cand[e.cell] &= !bit(e.digit);
                }
                steps.push(step);
            }
            None => {
                steps.push(board.guess());
                return steps;
            }
        }
    }
}

fn bit(d: u8) -> Mask {
    1 << (d - 1)
}

/// The digits of a set, smallest first.
fn digits(mask: Mask) -> Vec<u8> {
    (1..=128u8).filter(|&d| mask & bit(d) != 0).collect()
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The text with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn symbol(d: u8) -> String {
    symbol_of(d).map_or_else(|| d.to_string(), String::from)
}

fn symbols(mask: Mask) -> Vec<String> {
    digits(mask).into_iter().map(symbol).collect()
}

/// The candidates of every blank cell (0 for a filled one).
struct Board<'g> {
    grid: &'g Grid,
    layout: &'g Layout,
    cand: Vec<Mask>,
}

impl<'g> Board<'g> {
    fn new(grid: &'g Grid) -> Board<'g> {
        let layout: &Layout = grid.layout();
        let n = grid.size();
        let full: Mask = if n >= 128 { Mask::MAX } else { (1 << n) - 1 };
        let cells = grid.cells();
        let cand = (0..cells.len())
            .map(|c| {
                if cells[c] != 0 {
                    return 0;
                }
                let held = layout
                    .peers(c)
                    .iter()
                    .filter(|&&p| cells[p] != 0)
                    .fold(0, |m, &p| m | bit(cells[p]));
                full & !held
            })
            .collect();
        Board { grid, layout, cand }
    }

    fn name(&self, cell: usize) -> String {
        self.grid.cell_name(cell)
    }

    fn names(&self, cells: &[usize]) -> Vec<String> {
        cells.iter().map(|&c| self.name(c)).collect()
    }

    fn blank(&self, cell: usize) -> bool {
        self.grid.cells()[cell] == 0
    }

    /// The digits placed in a unit.
    fn placed_in(&self, unit: usize) -> Mask {
        self.layout.units()[unit]
            .cells
            .iter()
            .filter(|&&c| !self.blank(c))
            .fold(0, |m, &c| m | bit(self.grid.cells()[c]))
    }

    /// Two equal digits in a unit, a blank cell with no candidate left, or a digit with no
    /// place left in a unit.
    fn contradiction(&self) -> Option<Step> {
        if let Err(conflict) = self.grid.check_givens() {
            return Some(Step {
                strategy: "contradiction",
                text: capitalised(&format!("{conflict}: one of them is wrong.")),
                cells: vec![conflict.first, conflict.second],
                units: vec![conflict.unit],
                placements: Vec::new(),
                eliminations: Vec::new(),
            });
        }
        if let Some(cell) = (0..self.cand.len()).find(|&c| self.blank(c) && self.cand[c] == 0) {
            return Some(Step {
                strategy: "contradiction",
                text: format!(
                    "{} has no candidate left: some digit on the grid is wrong.",
                    self.name(cell)
                ),
                cells: vec![cell],
                units: self.layout.units_of(cell).to_vec(),
                placements: Vec::new(),
                eliminations: Vec::new(),
            });
        }
        for (u, unit) in self.layout.units().iter().enumerate() {
            let placed = self.placed_in(u);
            let possible = unit.cells.iter().fold(0, |m, &c| m | self.cand[c]);
            let missing = digits(!(placed | possible))
                .into_iter()
                .find(|&d| d as usize <= self.grid.size());
            if let Some(d) = missing {
                return Some(Step {
                    strategy: "contradiction",
                    text: format!(
                        "{} has no place left for {}: some digit on the grid is wrong.",
                        self.layout.unit_name(u),
                        symbol(d)
                    ),
                    cells: Vec::new(),
                    units: vec![u],
                    placements: Vec::new(),
                    eliminations: Vec::new(),
                });
            }
        }
        None
    }

    /// A cell with one candidate. `fresh`: no elimination came before, so the reason is
    /// the cell's units alone.
    fn naked_single(&self, fresh: bool) -> Option<Step> {
        let cell = (0..self.cand.len()).find(|&c| self.cand[c].count_ones() == 1)?;
        let digit = digits(self.cand[cell])[0];
        let units = self.layout.units_of(cell).to_vec();
        let unit_names: Vec<String> = units.iter().map(|&u| self.layout.unit_name(u)).collect();
        let text = if fresh {
            format!(
                "Naked single: {} can only be {}: every other digit is already in {}.",
                self.name(cell),
                symbol(digit),
                or_list(&unit_names)
            )
        } else {
            format!(
                "Naked single: after that, {} has one candidate left: {}.",
                self.name(cell),
                symbol(digit)
            )
        };
        Some(Step {
            strategy: Strategy::NakedSingle.name(),
            text,
            cells: vec![cell],
            units,
            placements: vec![Placement { cell, digit }],
            eliminations: Vec::new(),
        })
    }

    /// A digit with one possible cell in a unit.
    fn hidden_single(&self) -> Option<Step> {
        let n = self.grid.size() as u8;
        for (u, unit) in self.layout.units().iter().enumerate() {
            let placed = self.placed_in(u);
            for digit in (1..=n).filter(|&d| placed & bit(d) == 0) {
                let mut places = unit
                    .cells
                    .iter()
                    .filter(|&&c| self.cand[c] & bit(digit) != 0);
                let (Some(&cell), None) = (places.next(), places.next()) else {
                    continue;
                };
                return Some(Step {
                    strategy: Strategy::HiddenSingle.name(),
                    text: format!(
                        "Hidden single: in {}, {} fits only in {}.",
                        self.layout.unit_name(u),
                        symbol(digit),
                        self.name(cell)
                    ),
                    cells: vec![cell],
                    units: vec![u],
                    placements: vec![Placement { cell, digit }],
                    eliminations: Vec::new(),
                });
            }
        }
        None
    }

    /// `k` cells of a unit whose candidates are `k` digits between them (2 <= k <= 4):
    /// those digits leave the unit's other cells.
    fn naked_subset(&self) -> Option<Step> {
        for (u, unit) in self.layout.units().iter().enumerate() {
            let open: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|&c| self.cand[c] != 0)
                .collect();
            for k in 2..=4.min(open.len().saturating_sub(1)) {
                let small: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| self.cand[c].count_ones() as usize <= k)
                    .collect();
                let mut found = None;
                subsets(&small, k, &mut Vec::new(), &mut |cells| {
                    let union = cells.iter().fold(0, |m, &c| m | self.cand[c]);
                    if union.count_ones() as usize != k {
                        return false;
                    }
                    let removed = self.removals(&open, cells, union);
                    if removed.is_empty() {
                        return false;
                    }
                    found = Some((cells.to_vec(), union, removed));
                    true
                });
                if let Some((cells, union, removed)) = found {
                    let kind = ["pair", "triple", "quad"][k - 2];
                    let ds = and_list(&symbols(union));
                    return Some(Step {
                        strategy: Strategy::NakedSubset.name(),
                        text: format!(
                            "Naked {kind}: {} can only hold {ds} between them, so {ds} leave the rest of {}: {}.",
                            and_list(&self.names(&cells)),
                            self.layout.unit_name(u),
                            self.losses(&removed)
                        ),
                        cells,
                        units: vec![u],
                        placements: Vec::new(),
                        eliminations: removed,
                    });
                }
            }
        }
        None
    }

    /// The candidates among `digits` held by cells of `among` outside `keep`.
    fn removals(&self, among: &[usize], keep: &[usize], digits_mask: Mask) -> Vec<Placement> {
        among
            .iter()
            .filter(|c| !keep.contains(c))
            .flat_map(|&cell| {
                digits(self.cand[cell] & digits_mask)
                    .into_iter()
                    .map(move |digit| Placement { cell, digit })
            })
            .collect()
    }

    /// `r1c7 loses 3, r1c9 loses 3 and 8`.
    fn losses(&self, removed: &[Placement]) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < removed.len() {
            let cell = removed[i].cell;
            let ds: Vec<String> = removed[i..]
                .iter()
                .take_while(|p| p.cell == cell)
                .map(|p| symbol(p.digit))
                .collect();
            i += ds.len();
            parts.push(format!("{} loses {}", self.name(cell), and_list(&ds)));
        }
        parts.join(", ")
    }

    /// A digit whose places in one unit all lie in another unit: it leaves the rest of
    /// that other unit.
    fn pointing(&self) -> Option<Step> {
        let units = self.layout.units();
        let n = self.grid.size() as u8;
        for (a, unit) in units.iter().enumerate() {
            for digit in 1..=n {
                let places: Vec<usize> = unit
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| self.cand[c] & bit(digit) != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                let shared = self
                    .layout
                    .units_of(places[0])
                    .iter()
                    .copied()
                    .filter(|&b| {
                        b != a && places.iter().all(|&p| self.layout.units_of(p).contains(&b))
                    });
                for b in shared {
                    let removed: Vec<Placement> = units[b]
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| !unit.cells.contains(&c) && self.cand[c] & bit(digit) != 0)
                        .map(|cell| Placement { cell, digit })
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    let (from, to) = (self.layout.unit_name(a), self.layout.unit_name(b));
                    let line = |k: UnitKind| matches!(k, UnitKind::Row | UnitKind::Column);
                    let kind = match (unit.kind, units[b].kind) {
                        (UnitKind::Box, k) if line(k) => "Pointing",
                        (k, UnitKind::Box) if line(k) => "Box/line reduction",
                        _ => "Locked candidates",
                    };
                    let d = symbol(digit);
                    return Some(Step {
                        strategy: Strategy::Pointing.name(),
                        text: format!(
                            "{kind}: in {from}, {d} can only go where it meets {to}, so {d} leaves the rest of {to}: {}.",
                            self.losses(&removed)
                        ),
                        cells: places,
                        units: vec![a, b],
                        placements: Vec::new(),
                        eliminations: removed,
                    });
                }
            }
        }
        None
    }

    /// No strategy applies: the cell with the fewest candidates is where to guess.
    fn guess(&self) -> Step {
        let cell = (0..self.cand.len())
            .filter(|&c| self.cand[c] != 0)
            .min_by_key(|&c| self.cand[c].count_ones())
            .unwrap_or(0);
        Step {
            strategy: Strategy::Guess.name(),
            text: format!(
                "No single, naked subset or pointing applies: this position needs a guess. \
                 {} has the fewest candidates: {}.",
                self.name(cell),
                or_list(&symbols(self.cand[cell]))
            ),
            cells: vec![cell],
            units: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }
}

/// Calls `found` with each `k`-subset of `items` (in order) until it returns true.
fn subsets(
    items: &[usize],
    k: usize,
    chosen: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if chosen.len() == k {
        return found(chosen);
    }
    for (i, &item) in items.iter().enumerate() {
        if items.len() - i < k - chosen.len() {
            break;
        }
        chosen.push(item);
        let done = subsets(&items[i + 1..], k, chosen, found);
        chosen.pop();
        if done {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::rng::Rng;
    use dlxkit::sudoku::generate::{generate, GenerateOptions};
    use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    use dlxkit::sudoku::{ops, Shape, Variant};

    fn grid(text: &str) -> Grid {
        parse_grid(text, &ParseOptions::default().check_givens(false)).unwrap()
    }

    /// Follows the hints from `puzzle` to the end, checking every step against the unique
    /// solution; a guess is answered with the solution's digit. Returns the strategies used.
    fn replay(puzzle: &Grid) -> Vec<&'static str> {
        let solution = ops::solve(puzzle).unwrap().unwrap();
        let mut position = puzzle.clone();
        let mut used = Vec::new();
        while !position.is_complete() {
            let steps = next_steps(&position);
            let last = steps.last().expect("a step while the grid is not full");
            for step in &steps {
                used.push(step.strategy);
                for e in &step.eliminations {
                    assert_ne!(solution.cells()[e.cell], e.digit, "{}", step.text);
                }
                for p in &step.placements {
                    assert_eq!(solution.cells()[p.cell], p.digit, "{}", step.text);
                }
            }
            assert_ne!(last.strategy, "contradiction", "{}", last.text);
            let p = match last.placements.first() {
                Some(p) => *p,
                None => {
                    let cell = last.cells[0];
                    Placement {
                        cell,
                        digit: solution.cells()[cell],
                    }
                }
            };
            position.set_cell(p.cell, p.digit);
        }
        assert_eq!(position, solution);
        used
    }

    #[test]
    fn hints_lead_to_the_solution_on_generated_puzzles() {
        let mut rng = Rng::new(7);
        let mut used = Vec::new();
        for (rows, cols, variant) in [
            (3, 3, Variant::Standard),
            (3, 3, Variant::X),
            (3, 3, Variant::Windoku),
            (2, 3, Variant::Standard),
            (2, 2, Variant::Standard),
        ] {
            let options = GenerateOptions::new(Shape::new(rows, cols).unwrap()).variant(variant);
            for _ in 0..4 {
                used.extend(replay(&generate(&options, rng.next_u64()).unwrap().puzzle));
            }
        }
        for hard in [
            // Norvig's hardest: guesses are needed.
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ] {
            used.extend(replay(&grid(hard)));
        }
        for s in [
            "naked single",
            "hidden single",
            "naked subset",
            "pointing",
            "guess",
        ] {
            assert!(used.contains(&s), "no {s} in {used:?}");
        }
    }

    #[test]
    fn each_step_names_its_strategy_and_cells() {
        // r1c4 is the only blank of row 1: a naked single.
        let steps = next_steps(&grid("123.\n....\n....\n....\n"));
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].text,
            "Naked single: r1c4 can only be 4: every other digit is already in row 1, column 4 or box 2."
        );
        assert_eq!(steps[0].placements, [Placement { cell: 3, digit: 4 }]);
        // In row 2, 1 fits only in r2c2: column 1 and box 2 hold one already.
        let steps = next_steps(&grid("...1\n....\n1...\n....\n"));
        assert_eq!(
            steps[0].text,
            "Hidden single: in row 2, 1 fits only in r2c2."
        );
        assert_eq!(steps[0].units, [1]);
        // Two 1s in a row leave r1c3 nothing.
        let steps = next_steps(&grid("1.1.\n.23.\n....\n....\n"));
        assert_eq!(steps[0].strategy, "contradiction");
        assert_eq!(
            steps[0].text,
            "Digit 1 appears twice in row 1 (r1c1 and r1c3): one of them is wrong."
        );
        // An empty grid needs a guess.
        let steps = next_steps(&Grid::empty(Shape::new(2, 2).unwrap()));
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].strategy, "guess");
        assert!(steps[0]
            .text
            .ends_with("r1c1 has the fewest candidates: 1, 2, 3 or 4."));
        assert!(next_steps(&grid("1234341221434321")).is_empty());
    }
}
