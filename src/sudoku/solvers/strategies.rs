//! The `strategies` solver: the deductions people use, cycled to a standstill, then a guess.
//!
//! This follows seed document 003. Every cell holds a set of *candidates* (the digits still
//! possible there; a given starts with its own digit only, a blank with all of them). Four
//! strategies shrink those sets, always in this order, simplest first:
//!
//! 1. **Naked single.** A cell down to one candidate holds that digit, so the digit is removed
//!    from every peer (every other cell of its rows, columns, boxes and extra units).
//! 2. **Hidden single.** When a digit has only one possible cell left in some unit, that cell
//!    holds it, whatever else it still allows.
//! 3. **Naked subset.** When `k` cells of a unit have exactly the same `k` candidates (a pair
//!    `{1,4}` in two cells, a triple in three, and so on for any `k`), those digits must go in
//!    those cells, so they are removed from the rest of the unit. As in the seed, the cells'
//!    candidate sets must be identical.
//! 4. **Pointing (and box-line reduction).** When, inside one unit, every possible place of a
//!    digit lies in the intersection with another unit, the digit is removed from the rest of
//!    that other unit. With a box and a row this is the classic "pointing" (confined to one
//!    row of the box, so not elsewhere in that row) and its mirror, box-line reduction; the
//!    general form also covers jigsaw regions, diagonals and windows.
//!
//! After any strategy changes something the cycle restarts from the first one, and it ends when
//! none of the four changes anything. If every cell is then down to one candidate, the grid is
//! solved. Otherwise the solver *guesses*: it picks the cell with the fewest candidates, tries
//! each of them in turn, and runs the strategies again below each guess. A contradiction (a
//! cell with no candidate left, or a unit with no place left for some digit) ends a branch.
//! Changes to the candidate sets are recorded on a trail, so a guess is undone by replaying
//! the trail backwards rather than by copying the board. Candidate sets are bit masks.
//!
//! The units come from the grid's [`Layout`], so any box shape (6×6 with 2×3 boxes, 12×12 …),
//! jigsaw regions and extra units (Sudoku-X, windoku) work.
//!
//! The solver also *rates* puzzles ([`rate`]): the hardest [`Strategy`] that was needed, and
//! how many guesses the search made. Statistics: a *node* is a guessed digit tried (deductions
//! are not nodes; a puzzle solved by the strategies alone takes 0 nodes), a *guess* is a cell
//! guessed on, a *backtrack* is a guessed digit abandoned after a contradiction or a guessed
//! cell whose candidates ran out. [`SolveStats::strategies`] counts each strategy's
//! *deductions*: placed digits eliminated from peers, hidden singles placed, naked subsets and
//! pointing confinements that removed at least one candidate.

use std::fmt;

use super::kit::{solve_with, Budget, Digits, Run};

type Mask = u128;
fn bit(d: u8) -> Mask {
    <Mask as Digits>::bit(d)
}
fn full_mask(n: usize) -> Mask {
    <Mask as Digits>::full(n)
}
fn size(m: Mask) -> u32 {
    m.count_ones()
}
fn lowest(m: Mask) -> u8 {
    <Mask as Digits>::lowest(m)
}
use super::{Answer, Limits, SolveReport, SolveStats, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The strategies of the `strategies` solver, from the easiest to the hardest, with `Guess`
/// (trial and error) last.
///
/// ```
/// use dlxkit::sudoku::solvers::strategies::Strategy;
/// assert!(Strategy::HiddenSingle < Strategy::Pointing);
/// assert_eq!(Strategy::NakedSubset.to_string(), "naked subset");
/// assert_eq!(Strategy::ALL.len(), 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strategy {
    /// A cell with one candidate: its digit is removed from its peers.
    NakedSingle,
    /// A digit with one possible cell in a unit goes there.
    HiddenSingle,
    /// `k` cells of a unit with the same `k` candidates: those digits leave the rest of the unit.
    NakedSubset,
    /// A digit confined to the intersection of two units leaves the rest of the other unit.
    Pointing,
    /// Trial and error: none of the strategies made progress.
    Guess,
}

impl Strategy {
    /// Every strategy, easiest first.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::strategies::Strategy;
    /// assert_eq!(Strategy::ALL[0], Strategy::NakedSingle);
    /// ```
    pub const ALL: [Strategy; 5] = [
        Strategy::NakedSingle,
        Strategy::HiddenSingle,
        Strategy::NakedSubset,
        Strategy::Pointing,
        Strategy::Guess,
    ];

    /// Its name: `naked single`, `hidden single`, `naked subset`, `pointing` or `guess`.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::strategies::Strategy;
    /// assert_eq!(Strategy::Guess.name(), "guess");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Strategy::NakedSingle => "naked single",
            Strategy::HiddenSingle => "hidden single",
            Strategy::NakedSubset => "naked subset",
            Strategy::Pointing => "pointing",
            Strategy::Guess => "guess",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is for the `strategies` solver.
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::sudoku::solvers::{strategies::{rate, Strategy}, Answer};
/// let rating = rate(&Grid::empty(Shape::new(2, 2)?));
/// assert_eq!(rating.hardest, Strategy::Guess); // an empty grid cannot be deduced
/// assert_eq!(rating.answer, Answer::Multiple);
/// assert!(rating.guesses > 0);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest strategy needed: [`Strategy::Guess`] if the search had to guess, otherwise
    /// the hardest of the four strategies that made a deduction ([`Strategy::NakedSingle`]
    /// for a grid with nothing to deduce).
    pub hardest: Strategy,
    /// Guesses made while counting solutions up to two.
    pub guesses: u64,
    /// Whether the puzzle has no solution, one or several (or [`Answer::Unknown`] when a limit
    /// stopped the search).
    pub answer: Answer,
    /// The search's statistics, with each strategy's deductions.
    pub stats: SolveStats,
}

/// Rates a puzzle: the hardest strategy needed and the number of guesses, found by counting
/// its solutions up to two with the `strategies` solver (no other limits).
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::sudoku::solvers::{strategies::{rate, Strategy}, Answer};
/// // A 4x4 puzzle with one blank in each row: naked singles finish it.
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// for (cell, d) in [1, 2, 3, 0, 3, 4, 0, 2, 2, 0, 4, 3, 0, 3, 2, 1].into_iter().enumerate() {
///     g.set_cell(cell, d);
/// }
/// let rating = rate(&g);
/// assert_eq!((rating.hardest, rating.guesses, rating.answer), (Strategy::NakedSingle, 0, Answer::Unique));
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
pub fn rate(grid: &Grid) -> Rating {
    StrategiesSolver::new().rate(grid, &Limits::new())
}

/// A cell or unit with no candidate left: the current branch has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contradiction;

/// Set on a cell's mask (above every digit) once its single candidate has been removed from
/// its peers, so that the naked-single pass does not redo it.
const SETTLED: Mask = 1 << 127;

/// The candidates of every cell, with a trail to undo changes.
#[derive(Debug, Default)]
struct Board {
    /// Each cell's candidates, plus the [`SETTLED`] flag.
    cand: Vec<Mask>,
    /// Each change: the cell and its previous mask.
    trail: Vec<(usize, Mask)>,
    /// All digits.
    full: Mask,
}

impl Board {
    fn load(&mut self, grid: &Grid) {
        self.full = full_mask(grid.size());
        self.cand.clear();
        self.cand.extend(
            grid.cells()
                .iter()
                .map(|&d| if d == 0 { self.full } else { bit(d) }),
        );
        self.trail.clear();
    }

    #[inline]
    fn digits(&self, cell: usize) -> Mask {
        self.cand[cell] & !SETTLED
    }

    #[inline]
    fn set(&mut self, cell: usize, mask: Mask) {
        let old = self.cand[cell];
        if old != mask {
            self.trail.push((cell, old));
            self.cand[cell] = mask;
        }
    }

    /// Removes `digits` from a cell; true if something was removed.
    #[inline]
    fn remove(&mut self, cell: usize, digits: Mask) -> Result<bool, Contradiction> {
        let old = self.cand[cell];
        if old & digits == 0 {
            return Ok(false);
        }
        let new = old & !digits;
        self.set(cell, new);
        if new & !SETTLED == 0 {
            return Err(Contradiction);
        }
        Ok(true)
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some((cell, old)) = self.trail.pop() else {
                break;
            };
            self.cand[cell] = old;
        }
    }

    /// Strategy 1: every cell down to one candidate, not yet settled, removes its digit from
    /// its peers. Returns the number of cells whose removal changed something.
    fn naked_singles(&mut self, layout: &Layout) -> Result<u64, Contradiction> {
        let mut fired = 0;
        for cell in 0..self.cand.len() {
            let m = self.cand[cell];
            if m & SETTLED != 0 {
                continue;
            }
            if m == 0 {
                return Err(Contradiction);
            }
            if size(m) != 1 {
                continue;
            }
            self.set(cell, m | SETTLED);
            let mut changed = false;
            for &p in layout.peers(cell) {
                changed |= self.remove(p, m)?;
            }
            fired += u64::from(changed);
        }
        Ok(fired)
    }

    /// Strategy 2: a digit with one possible cell in a unit goes there. Returns the number of
    /// cells so placed.
    fn hidden_singles(&mut self, layout: &Layout) -> Result<u64, Contradiction> {
        let mut fired = 0;
        for unit in layout.units() {
            let (mut once, mut twice) = (0, 0);
            for &c in &unit.cells {
                let m = self.digits(c);
                twice |= once & m;
                once |= m;
            }
            if once != self.full {
                return Err(Contradiction);
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let b = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let Some(&c) = unit.cells.iter().find(|&&c| self.cand[c] & b != 0) else {
                    // An earlier placement in this unit took the digit's only cell.
                    return Err(Contradiction);
                };
                if self.digits(c) != b {
                    self.set(c, b);
                    fired += 1;
                }
            }
        }
        Ok(fired)
    }

    /// Strategy 3: `k` cells of a unit with the same `k` candidates remove them from the rest
    /// of the unit. Returns the number of subsets that removed something.
    fn naked_subsets(&mut self, layout: &Layout) -> Result<u64, Contradiction> {
        let mut fired = 0;
        for unit in layout.units() {
            for (i, &c) in unit.cells.iter().enumerate() {
                let m = self.digits(c);
                let k = size(m) as usize;
                if k < 2 || unit.cells[..i].iter().any(|&e| self.digits(e) == m) {
                    continue;
                }
                let same = unit.cells[i..]
                    .iter()
                    .filter(|&&e| self.digits(e) == m)
                    .count();
                if same > k {
                    return Err(Contradiction); // more cells than digits to fill them
                }
                if same < k {
                    continue;
                }
                let mut changed = false;
                for &e in &unit.cells {
                    if self.digits(e) != m {
                        changed |= self.remove(e, m)?;
                    }
                }
                fired += u64::from(changed);
            }
        }
        Ok(fired)
    }

    /// Strategy 4: a digit whose places in one unit all lie in another unit is removed from
    /// the rest of that other unit. Returns the number of such confinements that removed
    /// something.
    fn pointing(&mut self, layout: &Layout) -> Result<u64, Contradiction> {
        let mut fired = 0;
        for (a, unit) in layout.units().iter().enumerate() {
            let (mut once, mut twice) = (0, 0);
            for &c in &unit.cells {
                let m = self.digits(c);
                twice |= once & m;
                once |= m;
            }
            // Digits with one place are hidden singles; digits with none, contradictions
            // that the other strategies report.
            let mut several = twice;
            while several != 0 {
                let b = several & several.wrapping_neg();
                several &= several - 1;
                let Some(&head) = unit.cells.iter().find(|&&c| self.cand[c] & b != 0) else {
                    continue;
                };
                for &other in layout.units_of(head) {
                    if other == a {
                        continue;
                    }
                    let confined = unit
                        .cells
                        .iter()
                        .all(|&c| self.cand[c] & b == 0 || layout.units_of(c).contains(&other));
                    if !confined {
                        continue;
                    }
                    let mut changed = false;
                    for &c in &layout.units()[other].cells {
                        if !layout.units_of(c).contains(&a) {
                            changed |= self.remove(c, b)?;
                        }
                    }
                    fired += u64::from(changed);
                }
            }
        }
        Ok(fired)
    }

    /// Runs the strategies, simplest first, restarting after any progress, until none makes
    /// progress. Deductions are added to `fired` (indexed like [`Strategy::ALL`]).
    fn propagate(&mut self, layout: &Layout, fired: &mut [u64; 4]) -> Result<(), Contradiction> {
        loop {
            let k = self.naked_singles(layout)?;
            fired[0] += k;
            if k > 0 {
                continue;
            }
            let k = self.hidden_singles(layout)?;
            fired[1] += k;
            if k > 0 {
                continue;
            }
            let k = self.naked_subsets(layout)?;
            fired[2] += k;
            if k > 0 {
                continue;
            }
            let k = self.pointing(layout)?;
            fired[3] += k;
            if k > 0 {
                continue;
            }
            return Ok(());
        }
    }

    /// The cell with the fewest candidates among those with two or more (first in reading
    /// order on ties), or `None` when every cell is down to one.
    fn fewest_candidates(&self) -> Option<usize> {
        let mut best = None;
        let mut best_size = u32::MAX;
        for (cell, &m) in self.cand.iter().enumerate() {
            let k = size(m & !SETTLED);
            if k >= 2 && k < best_size {
                best = Some(cell);
                best_size = k;
                if k == 2 {
                    break;
                }
            }
        }
        best
    }
}

/// The `strategies` solver: human strategies cycled until they stall, then a guess on the cell
/// with the fewest candidates (seed document 003).
///
/// It handles every layout (any box shape, jigsaw regions, extra units).
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::sudoku::solvers::{strategies::StrategiesSolver, Limits, Status, SudokuSolver};
///
/// let mut solver = StrategiesSolver::new();
/// let report = solver.solve(&Grid::empty(Shape::new(2, 2)?), &Limits::new());
/// assert_eq!((report.status, report.solutions), (Status::Complete, 288));
/// let names: Vec<&str> = report.stats.strategies.iter().map(|&(name, _)| name).collect();
/// assert_eq!(names, ["naked single", "hidden single", "naked subset", "pointing"]);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Debug, Default)]
pub struct StrategiesSolver {
    board: Board,
    /// The search levels: the cell guessed on, its candidates not tried yet, and the trail
    /// length before the guess.
    levels: Vec<(usize, Mask, usize)>,
}

impl StrategiesSolver {
    /// A new solver.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{strategies::StrategiesSolver, SudokuSolver};
    /// assert_eq!(StrategiesSolver::new().name(), "strategies");
    /// ```
    pub fn new() -> StrategiesSolver {
        StrategiesSolver::default()
    }

    /// Rates a puzzle within `limits` (the solution limit is always two): see [`rate`].
    ///
    /// ```
    /// use dlxkit::sudoku::{Grid, Shape};
    /// use dlxkit::sudoku::solvers::{strategies::{StrategiesSolver, Strategy}, Answer, Limits};
    /// let mut solver = StrategiesSolver::new();
    /// let rating = solver.rate(&Grid::empty(Shape::new(3, 3)?), &Limits::new().nodes(100));
    /// assert_eq!(rating.hardest, Strategy::Guess);
    /// assert_eq!(rating.answer, Answer::Multiple);
    /// # Ok::<(), dlxkit::sudoku::GridError>(())
    /// ```
    pub fn rate(&mut self, grid: &Grid, limits: &Limits) -> Rating {
        let mut limits = limits.clone();
        limits.max_solutions = Some(2);
        let report = self.solve(grid, &limits);
        let hardest = if report.stats.guesses > 0 {
            Strategy::Guess
        } else {
            Strategy::ALL[..4]
                .iter()
                .zip(&report.stats.strategies)
                .filter(|&(_, &(_, count))| count > 0)
                .map(|(&s, _)| s)
                .next_back()
                .unwrap_or(Strategy::NakedSingle)
        };
        Rating {
            hardest,
            guesses: report.stats.guesses,
            answer: report.answer(),
            stats: report.stats,
        }
    }

    fn search(
        &mut self,
        grid: &Grid,
        budget: &Budget,
        stats: &mut SolveStats,
        fired: &mut [u64; 4],
        solutions: &mut u64,
        first: &mut Option<Grid>,
    ) -> Status {
        let layout: &Layout = grid.layout();
        self.levels.clear();
        if let Err(status) = budget.poll() {
            return status;
        }
        // `Ok(true)`: the board is propagated and consistent, choose a cell; `Ok(false)`
        // or `Err`: try the next candidate of the top level.
        let mut state = self.board.propagate(layout, fired).map(|()| true);
        loop {
            if state == Ok(true) {
                match self.board.fewest_candidates() {
                    None => {
                        *solutions += 1;
                        if first.is_none() {
                            let mut g = grid.clone();
                            for (cell, &m) in self.board.cand.iter().enumerate() {
                                g.set_cell(cell, lowest(m & !SETTLED));
                            }
                            *first = Some(g);
                        }
                        if budget.enough(*solutions) {
                            return Status::SolutionLimit;
                        }
                    }
                    Some(cell) => {
                        stats.guesses += 1;
                        let untried = self.board.digits(cell);
                        self.levels.push((cell, untried, self.board.trail.len()));
                    }
                }
            } else if state.is_err() && !self.levels.is_empty() {
                stats.backtracks += 1;
            }
            let Some(&(cell, untried, mark)) = self.levels.last() else {
                return Status::Complete;
            };
            self.board.undo_to(mark);
            if untried == 0 {
                self.levels.pop();
                if !self.levels.is_empty() {
                    stats.backtracks += 1;
                }
                state = Ok(false);
                continue;
            }
            // A node here is a whole round of strategies (tens of microseconds on 9x9,
            // milliseconds on 100x100), so the clock and the cancel flag are read at every
            // node rather than every 1,024.
            if let Err(status) = budget.node(stats).and_then(|()| budget.poll()) {
                return status;
            }
            let top = self.levels.len() - 1;
            self.levels[top].1 = untried & (untried - 1);
            let b = untried & untried.wrapping_neg();
            self.board.set(cell, b);
            state = self.board.propagate(layout, fired).map(|()| true);
        }
    }
}

impl SudokuSolver for StrategiesSolver {
    fn name(&self) -> &'static str {
        "strategies"
    }

    /// Every layout: the strategies read their units from the layout.
    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport {
        let names = || Strategy::ALL[..4].iter().map(|s| s.name());
        let mut report = solve_with(grid, limits, |run: &mut Run| {
            self.board.load(grid);
            let mut fired = [0; 4];
            let mut solutions = 0;
            let mut first = None;
            let status = self.search(
                grid,
                run.budget,
                run.stats,
                &mut fired,
                &mut solutions,
                &mut first,
            );
            run.solutions = solutions;
            run.first = first;
            run.stats.strategies = names().zip(fired).collect();
            status
        });
        if report.stats.strategies.is_empty() {
            // Settled without searching: no strategy fired.
            report.stats.strategies = names().map(|name| (name, 0)).collect();
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    /// A 9x9 board where every cell allows every digit, then `edit` applied.
    fn board(edit: impl FnOnce(&mut Board)) -> (Grid, Board) {
        let g = Grid::empty(Shape::new(3, 3).unwrap());
        let mut b = Board::default();
        b.load(&g);
        edit(&mut b);
        b.trail.clear();
        (g, b)
    }

    /// Which strategies make progress on the board (each tried on its own fresh copy).
    fn progress(g: &Grid, b: &Board) -> [bool; 4] {
        let l = g.layout();
        let run = |k: usize| {
            let mut c = Board {
                cand: b.cand.clone(),
                trail: Vec::new(),
                full: b.full,
            };
            let r = match k {
                0 => c.naked_singles(l),
                1 => c.hidden_singles(l),
                2 => c.naked_subsets(l),
                _ => c.pointing(l),
            };
            r.expect("no contradiction") > 0
        };
        [run(0), run(1), run(2), run(3)]
    }

    fn without(digits: &[u8]) -> Mask {
        full_mask(9) & !digits.iter().map(|&d| bit(d)).fold(0, |a, b| a | b)
    }

    #[test]
    fn naked_single_alone() {
        let (g, b) = board(|b| b.cand[40] = bit(5));
        assert_eq!(progress(&g, &b), [true, false, false, false]);
        let mut b = b;
        assert_eq!(b.naked_singles(g.layout()), Ok(1));
        for &p in g.layout().peers(40) {
            assert_eq!(b.digits(p), without(&[5]));
        }
        assert_eq!(b.cand[60], full_mask(9)); // r7c7 is not a peer of r5c5
    }

    #[test]
    fn hidden_single_alone() {
        // Digit 1 is possible in row 1 only at r1c1; each other cell of the row also lacks
        // a digit of its own, so no two cells share a candidate set.
        let (g, b) = board(|b| {
            for j in 1..9u8 {
                b.cand[j as usize] = without(&[1, j + 1]);
            }
        });
        assert_eq!(progress(&g, &b), [false, true, false, false]);
        let mut b = b;
        assert_eq!(b.hidden_singles(g.layout()), Ok(1));
        assert_eq!(b.digits(0), bit(1));
    }

    #[test]
    fn naked_subset_alone() {
        // r1c1 and r1c2 are both {1,2}; r1c3 is {1,2,3}.
        let (g, b) = board(|b| {
            b.cand[0] = bit(1) | bit(2);
            b.cand[1] = bit(1) | bit(2);
            b.cand[2] = bit(1) | bit(2) | bit(3);
        });
        assert_eq!(progress(&g, &b), [false, false, true, false]);
        let mut b = b;
        assert_eq!(b.naked_subsets(g.layout()), Ok(2)); // the pair, in its row and its box
        assert_eq!(b.digits(2), bit(3));
        assert_eq!(b.digits(8), without(&[1, 2]));
        assert_eq!(b.digits(20), without(&[1, 2]));
        assert_eq!(b.digits(27), full_mask(9)); // column 1 is untouched
    }

    #[test]
    fn larger_naked_subsets_count_too() {
        // Three cells of column 5 are {4,6,8}.
        let (g, b) = board(|b| {
            for r in [0, 4, 8] {
                b.cand[r * 9 + 4] = bit(4) | bit(6) | bit(8);
            }
        });
        assert_eq!(progress(&g, &b), [false, false, true, false]);
        let mut b = b;
        assert_eq!(b.naked_subsets(g.layout()), Ok(1));
        assert_eq!(b.digits(9 + 4), without(&[4, 6, 8]));
    }

    #[test]
    fn pointing_alone() {
        // In box 1, digit 1 is possible only in row 1.
        let (g, b) = board(|b| {
            for c in [9, 10, 11, 18, 19, 20] {
                b.cand[c] = without(&[1]);
            }
        });
        assert_eq!(progress(&g, &b), [false, false, false, true]);
        let mut b = b;
        assert_eq!(b.pointing(g.layout()), Ok(1));
        for c in 3..9 {
            assert_eq!(b.digits(c), without(&[1]));
        }
        assert_eq!(b.digits(0), full_mask(9));
    }

    #[test]
    fn box_line_reduction_is_pointing_the_other_way() {
        // In row 1, digit 7 is possible only in box 1; so box 1's other rows lose it.
        let (g, b) = board(|b| {
            for c in 3..9 {
                b.cand[c] = without(&[7]);
            }
        });
        assert_eq!(progress(&g, &b), [false, false, false, true]);
        let mut b = b;
        assert_eq!(b.pointing(g.layout()), Ok(1));
        for c in [9, 10, 11, 18, 19, 20] {
            assert_eq!(b.digits(c), without(&[7]));
        }
    }

    #[test]
    fn contradictions_are_detected() {
        let l = Grid::empty(Shape::new(3, 3).unwrap());
        // A unit with no place for digit 9.
        let (_, mut b) = board(|b| {
            for c in 0..9 {
                b.cand[c] = without(&[9]);
            }
        });
        assert_eq!(b.hidden_singles(l.layout()), Err(Contradiction));
        // Two cells of a row are both the single 3.
        let (_, mut b) = board(|b| {
            b.cand[0] = bit(3);
            b.cand[5] = bit(3);
        });
        assert_eq!(b.naked_singles(l.layout()), Err(Contradiction));
        // Three cells of a box share the same pair.
        let (_, mut b) = board(|b| {
            for c in [0, 10, 20] {
                b.cand[c] = bit(1) | bit(2);
            }
        });
        assert_eq!(b.naked_subsets(l.layout()), Err(Contradiction));
    }

    #[test]
    fn trail_undoes_everything() {
        let (g, mut b) = board(|b| b.cand[0] = bit(1) | bit(2));
        let before = b.cand.clone();
        b.set(0, bit(1));
        let mut fired = [0; 4];
        b.propagate(g.layout(), &mut fired).unwrap();
        assert!(fired[0] > 0);
        b.undo_to(0);
        assert_eq!(b.cand, before);
    }

    #[test]
    fn counts_every_4x4_grid() {
        let mut s = StrategiesSolver::new();
        let r = s.solve(&Grid::empty(Shape::new(2, 2).unwrap()), &Limits::new());
        assert_eq!((r.status, r.solutions), (Status::Complete, 288));
        let capped = s.solve(
            &Grid::empty(Shape::new(3, 3).unwrap()),
            &Limits::new().nodes(2),
        );
        assert_eq!((capped.status, capped.stats.nodes), (Status::NodeLimit, 2));
    }
}
