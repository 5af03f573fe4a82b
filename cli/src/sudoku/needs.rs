//! `--needs TECHNIQUE`: where a candidate puzzle stands against the technique ([`within`]),
//! the pattern an attempt empties first ([`aim`]), and the repair of a near miss
//! ([`repair`]): a puzzle that uses the technique but then gets stuck, given back cells of
//! its solution until the technique is its hardest step.
//!
//! [`super::generate::make`] removes givens while [`within`] says the puzzle needs the
//! technique or something simpler; the puzzles it had to refuse because they went past the
//! technique after using it are the near misses, repaired when an attempt ends without a
//! hit, and thinned out again ([`thin_out`](dlxkit::sudoku::generate::thin_out)).

use super::built_patterns;
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::{hardest, Explainer, Outcome, Step, Strategy};
use dlxkit::sudoku::generate::Symmetry;
use dlxkit::sudoku::grid::{Layout, UnitKind};
use dlxkit::sudoku::Grid;

use super::one_digit;

/// Where a candidate puzzle stands against a `--needs` technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Within {
    /// Solved by the technique and the simpler ones, its hardest step the technique.
    Needs,
    /// Solved by the techniques simpler than it (or it, but not as the hardest step).
    Easier,
    /// Not solved without a harder technique, but the technique is used on the way.
    Uses,
    /// Not solved without a harder technique, the technique not used on the way.
    Beyond,
}

/// Where `puzzle` (unique, as every candidate of the generator is) stands against `t`: its
/// explanation up to `t` only, which stops where a harder step would be needed. For the
/// X-chain and the colourings, "the technique" is the family of long one-digit chains,
/// and needing it takes [`one_digit::family_needed`] too. This is the
/// `allows` and `met` of [`Target`] for `--needs` without counting solutions or searching
/// the harder rungs (the forcing chains cost most where a removal went too far).
pub fn within(puzzle: &Grid, t: Strategy) -> Within {
    explain(puzzle, t).0
}

/// [`within`], and the cells still open where the explanation ended.
fn explain(puzzle: &Grid, t: Strategy) -> (Within, Vec<usize>) {
    let Ok(explainer) = Explainer::new(puzzle) else {
        return (Within::Beyond, Vec::new());
    };
    // The X-chain and the colourings ask for a family of rungs (one_digit::asks_family).
    let family = one_digit::asks_family(t);
    let top = if family { Strategy::XChain } else { t };
    let is_t = |s: Strategy| one_digit::counts_as(t, s);
    let mut explainer = explainer.assume_unique(true).als(t.is_als()).up_to(top);
    let steps: Vec<Step> = explainer.by_ref().collect();
    let uses = steps.iter().any(|s| is_t(s.strategy));
    let needs = || {
        let Some(h) = hardest(&steps).filter(|h| is_t(h.strategy)) else {
            return false;
        };
        let Some(k) = steps.iter().position(|s| std::ptr::eq(s, h)) else {
            return false;
        };
        !family || one_digit::family_needed(puzzle, t, &steps, k)
    };
    // SE's order takes some rungs before others of the same value whatever their place in
    // the ladder (a unique rectangle's type 3 before its type 4), so a hardest step of the
    // technique may have a stand-in below it: needing it is getting stuck without it.
    let stuck_without = || {
        family
            || Explainer::new(puzzle).is_ok_and(|e| {
                let mut below = e.assume_unique(true).als(t.is_als()).below(t);
                below.by_ref().for_each(drop);
                below.outcome() != Outcome::Solved
            })
    };
    let within = match (explainer.outcome(), uses) {
        (Outcome::Solved, _) if needs() && stuck_without() => Within::Needs,
        (Outcome::Solved, _) => Within::Easier,
        (_, true) => Within::Uses,
        (_, false) => Within::Beyond,
    };
    let open = match within {
        Within::Uses => {
            let board = explainer.board().grid();
            (0..board.cells().len())
                .filter(|&c| board.cells()[c] == 0)
                .collect()
        }
        _ => Vec::new(),
    };
    (within, open)
}

/// The cells an attempt at `--needs t` empties first
/// ([`generate_aimed`](dlxkit::sudoku::generate::generate_aimed)), from the
/// complete grid: where the technique is the simplest step, it needs room that the random
/// removal seldom leaves. A naked quad comes before its complement (a hidden subset of the
/// other open cells of its unit) only in a unit with eight open cells or more, a hidden quad
/// only in one with nine; a jellyfish before its complement (a fish on the other lines) only
/// for a digit with eight open places or more. So those attempts start with a unit (or a
/// digit) emptied, chosen by `rng`; for the quads the order goes on with the other cells
/// and ends with the givens that confine the quad (its digits shut out of the unit's other
/// cells, or its cells shut to the other digits; [`built_patterns::quad`]), so that the
/// quad is still there when the simpler steps run out. BUG type 4 opens a deadly loop and
/// two cells of a unit it crosses ([`built_patterns::bug`]). Nothing for the
/// other techniques.
pub fn aim(t: Strategy, solution: &Grid, rng: &mut Rng) -> Vec<usize> {
    let layout = solution.layout();
    match t {
        Strategy::NakedQuad | Strategy::HiddenQuad => {
            built_patterns::quad(solution, t == Strategy::HiddenQuad, rng)
        }
        Strategy::BugType4 => built_patterns::bug(solution, &deadly_loops(solution), rng),
        Strategy::Jellyfish => one_digit::digit_cells(solution, rng),
        Strategy::UniqueRectangleType3 => {
            // A deadly rectangle of the solution (x and y crosswise on two rows and two
            // columns, in two boxes), and the line holding its roof, where the roof's
            // extra digits make the naked set.
            let n = layout.size();
            let value = |r: usize, c: usize| solution.cells()[r * n + c];
            let boxes = |cells: [usize; 4]| {
                let mut b: Vec<usize> = cells.iter().map(|&c| box_unit(layout, c)).collect();
                b.sort_unstable();
                b.dedup();
                b.len()
            };
            let mut rectangles = Vec::new();
            for r1 in 0..n {
                for r2 in r1 + 1..n {
                    for c1 in 0..n {
                        for c2 in c1 + 1..n {
                            let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                            if value(r1, c1) == value(r2, c2)
                                && value(r1, c2) == value(r2, c1)
                                && boxes(cells) == 2
                            {
                                rectangles.push((r1, r2, c1, c2));
                            }
                        }
                    }
                }
            }
            if rectangles.is_empty() {
                return Vec::new();
            }
            let (r1, r2, c1, c2) = rectangles[rng.below(rectangles.len())];
            let mut cells = vec![r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
            let row = [r1, r2][rng.below(2)];
            let col = [c1, c2][rng.below(2)];
            if rng.below(2) == 0 {
                cells.extend((0..n).map(|c| row * n + c));
            } else {
                cells.extend((0..n).map(|r| r * n + col));
            }
            cells
        }
        Strategy::UniqueLoopType2 | Strategy::UniqueLoopType3 => {
            // A deadly loop of the solution (six cells, x and y alternating, each unit
            // holding none or two of them), emptied first; for type 3 also a unit holding
            // two of its cells, where their extra digits make the naked set.
            let loops = deadly_loops(solution);
            if loops.is_empty() {
                return Vec::new();
            }
            let mut cells = loops[rng.below(loops.len())].clone();
            if t == Strategy::UniqueLoopType3 {
                let k = rng.below(cells.len());
                let (a, b) = (cells[k], cells[(k + 1) % cells.len()]);
                let shared = built_patterns::shared_units(layout, a, b);
                if !shared.is_empty() {
                    let u = shared[rng.below(shared.len())];
                    cells.extend(layout.units()[u].cells.iter().copied());
                }
            }
            cells
        }
        _ => Vec::new(),
    }
}

/// The cells of loops of six on two digits that the solution could swap (each unit holds
/// none or one of each digit's cells among them, consecutive cells share a unit): with them
/// open, the puzzle has room for a unique loop. Each loop is listed from its first cell,
/// once in each direction.
fn deadly_loops(solution: &Grid) -> Vec<Vec<usize>> {
    const LEN: usize = 6;
    let layout = solution.layout();
    let value = |c: usize| solution.cells()[c];
    let sees = |a: usize, b: usize| {
        layout
            .units_of(a)
            .iter()
            .any(|u| layout.units_of(b).contains(u))
    };
    let mut loops = Vec::new();
    let cells = solution.cells().len();
    let n = layout.size() as u8;
    for x in 1..=n {
        for y in x + 1..=n {
            let pair: Vec<usize> = (0..cells)
                .filter(|&c| value(c) == x || value(c) == y)
                .collect();
            for &start in pair.iter().filter(|&&c| value(c) == x) {
                let mut path = vec![start];
                extend(&pair, &mut path, LEN, &value, &sees, &mut loops, layout);
            }
        }
    }
    loops
}

/// Extends `path` (alternating digits, each cell seeing the last) to loops of `len` cells
/// that close on its start and hold none or two cells of each unit.
fn extend(
    pair: &[usize],
    path: &mut Vec<usize>,
    len: usize,
    value: &dyn Fn(usize) -> u8,
    sees: &dyn Fn(usize, usize) -> bool,
    loops: &mut Vec<Vec<usize>>,
    layout: &Layout,
) {
    let last = *path.last().expect("a start");
    if path.len() == len {
        let balanced = sees(last, path[0])
            && (0..layout.units().len()).all(|u| {
                let k = path
                    .iter()
                    .filter(|&&c| layout.units_of(c).contains(&u))
                    .count();
                k == 0 || k == 2
            });
        if balanced {
            loops.push(path.clone());
        }
        return;
    }
    for &c in pair {
        if c > path[0] && value(c) != value(last) && !path.contains(&c) && sees(last, c) {
            path.push(c);
            extend(pair, path, len, value, sees, loops, layout);
            path.pop();
        }
    }
}

/// The box (or region) holding `cell`.
fn box_unit(layout: &Layout, cell: usize) -> usize {
    let units = layout.units();
    layout
        .units_of(cell)
        .iter()
        .copied()
        .find(|&u| {
            !matches!(
                units[u].kind,
                UnitKind::Row | UnitKind::Column | UnitKind::Diagonal
            )
        })
        .unwrap_or(usize::MAX)
}

/// Orbits of givens [`repair`] may add back, one a round.
const REPAIR_ROUNDS: usize = 16;

/// Open cells [`repair`] tries a round.
const REPAIR_TRIES: usize = 12;

/// Repairs a near miss: `puzzle` (unique, with `solution`) uses `t` on the way but gets
/// stuck after it with the ladder up to `t` ([`Within::Uses`]). Each round gives back one
/// cell still open where the explanation got stuck (with its images under `symmetry`, so
/// that the givens keep their pattern), the first of a few random ones after which the
/// puzzle needs `t` (done) or still uses it on the way (the next round goes on from there;
/// the explanation gets further each time). `None` when a round finds no such cell (the
/// givens took the technique's pattern away, or made it unneeded), or when `stop` says to
/// give up. The puzzle returned has more givens than needed: thin it out again.
pub fn repair(
    puzzle: &Grid,
    solution: &Grid,
    t: Strategy,
    symmetry: Symmetry,
    rng: &mut Rng,
    stop: &dyn Fn() -> bool,
) -> Option<Grid> {
    let n = puzzle.layout().size();
    let mut p = puzzle.clone();
    let mut open = stuck_open(&p, t)?;
    for _ in 0..REPAIR_ROUNDS {
        rng.shuffle(&mut open);
        let mut next = None;
        for &c in open.iter().take(REPAIR_TRIES) {
            if stop() {
                return None;
            }
            let mut q = p.clone();
            for o in symmetry.orbit(c, n) {
                if q.cells()[o] == 0 {
                    q.set_cell(o, solution.cells()[o]);
                }
            }
            match explain(&q, t) {
                (Within::Needs, _) => return Some(q),
                (Within::Uses, cells) => {
                    next = Some((q, cells));
                    break;
                }
                _ => {}
            }
        }
        (p, open) = next?;
    }
    None
}

/// The cells still open where the explanation of `puzzle` up to `t` gets stuck, if it uses
/// `t` before that.
fn stuck_open(puzzle: &Grid, t: Strategy) -> Option<Vec<usize>> {
    match explain(puzzle, t) {
        (Within::Uses, cells) => Some(cells),
        _ => None,
    }
}
