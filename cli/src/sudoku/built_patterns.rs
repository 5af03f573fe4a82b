//! Patterns built into the solution before the removal of givens, for `--needs` techniques
//! that the random removal never makes the hardest step ([`super::needs::aim`]'s arms for
//! hidden and naked quads, BUG types 3 and 4, aligned pair exclusion).
//!
//! Each builder returns the whole removal order: the pattern's open cells first (emptied
//! while the puzzle is still easy), then the other cells at random, and last the givens that
//! hold the pattern in place (the *keepers*: the digits that confine a quad's digits, a
//! BUG's candidates), which the removal tries only once the rest is as thin as the
//! technique allows, so that the pattern is still there when the simpler steps run out.

use dlxkit::rng::Rng;
use dlxkit::sudoku::grid::{Layout, UnitKind};
use dlxkit::sudoku::Grid;

/// The removal order: `first` (in order), the cells in neither list (shuffled), `keep`
/// (shuffled), each cell once.
fn order(cells: usize, first: &[usize], keep: &[usize], rng: &mut Rng) -> Vec<usize> {
    let mut placed = vec![false; cells];
    let mut out = Vec::with_capacity(cells);
    for &c in first {
        if !std::mem::replace(&mut placed[c], true) {
            out.push(c);
        }
    }
    let mut kept: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&c| !std::mem::replace(&mut placed[c], true))
        .collect();
    let mut rest: Vec<usize> = (0..cells).filter(|&c| !placed[c]).collect();
    rng.shuffle(&mut rest);
    rng.shuffle(&mut kept);
    out.extend(rest);
    out.extend(kept);
    out
}

/// Whether the layout is plain 9x9-like (rows, columns, boxes only), where the builders
/// apply.
fn plain(layout: &Layout) -> bool {
    layout
        .units()
        .iter()
        .all(|u| matches!(u.kind, UnitKind::Row | UnitKind::Column | UnitKind::Box))
}

/// Whether cells `a` and `b` share a unit.
fn sees(layout: &Layout, a: usize, b: usize) -> bool {
    layout
        .units_of(a)
        .iter()
        .any(|u| layout.units_of(b).contains(u))
}

/// Givens outside `unit` holding `digit` (in the solution) that leave no place for it in
/// the cells `shut`: for each cell of `shut` not yet shut, a random cell of the solution
/// holding `digit` that sees it (and so shuts every cell of `shut` it sees).
fn shutters(solution: &Grid, unit: usize, digit: u8, shut: &[usize], rng: &mut Rng) -> Vec<usize> {
    let layout = solution.layout();
    let inside = &layout.units()[unit].cells;
    let holders: Vec<usize> = (0..solution.cells().len())
        .filter(|&c| solution.cells()[c] == digit && !inside.contains(&c))
        .collect();
    let mut open: Vec<usize> = shut.to_vec();
    let mut out = Vec::new();
    while let Some(&o) = open.first() {
        let seeing: Vec<usize> = holders
            .iter()
            .copied()
            .filter(|&h| sees(layout, h, o))
            .collect();
        if seeing.is_empty() {
            break; // the digit is the solution's in `o` (not a cell to shut)
        }
        let h = seeing[rng.below(seeing.len())];
        open.retain(|&c| !sees(layout, h, c));
        out.push(h);
    }
    out
}

/// A quad built into a unit of the solution ([`quad`]).
struct Quad {
    /// The unit's cells, the quad's four first.
    unit: Vec<usize>,
    /// The givens confining the quad.
    keep: Vec<usize>,
}

/// A random unit of `solution`, four of its cells, and the givens outside the unit that
/// shut the quad's digits out of the unit's other cells (`hidden`) or shut the quad's
/// cells to the other digits (naked). `None` on a layout with other units than rows,
/// columns and boxes, or too small for a quad.
fn quad_pattern(solution: &Grid, hidden: bool, rng: &mut Rng) -> Option<Quad> {
    let layout = solution.layout();
    if !plain(layout) || layout.size() < 6 {
        return None;
    }
    let unit = rng.below(layout.units().len());
    let mut members = layout.units()[unit].cells.clone();
    rng.shuffle(&mut members);
    let (quad, rest) = members.split_at(4);
    let (digits_of, shut): (&[usize], &[usize]) = if hidden { (quad, rest) } else { (rest, quad) };
    let mut keep = Vec::new();
    for &c in digits_of {
        keep.extend(shutters(solution, unit, solution.cells()[c], shut, rng));
    }
    Some(Quad {
        unit: members,
        keep,
    })
}

/// The removal order for a quad built into a unit (`hidden`: a hidden quad, else a naked
/// one): the unit emptied first, the other cells, and last the givens confining the quad's
/// digits to four of its cells (the other five shut to them) or those four cells to their
/// digits (shut to the other five). Empty where [`quad_pattern`] finds no room.
pub fn quad(solution: &Grid, hidden: bool, rng: &mut Rng) -> Vec<usize> {
    match quad_pattern(solution, hidden, rng) {
        Some(q) => order(solution.cells().len(), &q.unit, &q.keep, rng),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::sudoku::generate::{generate, GenerateOptions};
    use dlxkit::sudoku::Shape;

    /// The keepers shut what the quad needs shut: in a hidden quad every other cell of the
    /// unit sees a given of each quad digit, in a naked one every quad cell sees a given of
    /// each other digit; the order empties the unit first, keeps them last, and holds every
    /// cell once.
    #[test]
    fn a_built_quad_is_confined_by_its_keepers() {
        let options = GenerateOptions::new(Shape::new(3, 3).unwrap());
        for seed in 0..12u64 {
            let solution = generate(&options, seed).unwrap().solution;
            let value = |c: usize| solution.cells()[c];
            let layout = solution.layout();
            for hidden in [true, false] {
                let q = quad_pattern(&solution, hidden, &mut Rng::new(seed)).unwrap();
                assert_eq!(q.unit.len(), 9);
                let (cells, others) = q.unit.split_at(4);
                let (digits_of, shut) = if hidden {
                    (cells, others)
                } else {
                    (others, cells)
                };
                for &o in shut {
                    for &d in digits_of {
                        assert!(
                            q.keep.iter().any(|&k| value(k) == value(d)
                                && !q.unit.contains(&k)
                                && sees(layout, k, o)),
                            "seed {seed}: cell {o} open to digit {}",
                            value(d)
                        );
                    }
                }
                let order = quad(&solution, hidden, &mut Rng::new(seed));
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..81).collect::<Vec<_>>());
                let mut first = order[..9].to_vec();
                first.sort_unstable();
                let mut unit = q.unit.clone();
                unit.sort_unstable();
                assert_eq!(first, unit);
                let tail = &order[81 - q.keep.len()..];
                assert!(q.keep.iter().all(|k| tail.contains(k)), "seed {seed}");
            }
        }
    }
}
