//! Patterns built into the solution before the removal of givens, for `--needs` techniques
//! that the random removal never makes the hardest step ([`super::needs::aim`]'s arms for
//! hidden and naked quads, BUG type 4).
//!
//! Each builder returns the whole removal order: the pattern's open cells first (emptied
//! while the puzzle is still easy), then the other cells at random, and last the givens that
//! hold the pattern in place (the *keepers*: the digits that confine a quad's digits, or a
//! BUG cell's candidates to its extra digits and its loop's), which the removal tries only once the rest is as thin as the
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

/// The units that hold both `a` and `b`.
pub(super) fn shared_units(layout: &Layout, a: usize, b: usize) -> Vec<usize> {
    layout
        .units_of(a)
        .iter()
        .copied()
        .filter(|u| layout.units_of(b).contains(u))
        .collect()
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

/// A BUG built around a deadly loop of the solution ([`bug`]).
struct Bug {
    /// The open cells: the loop's, then the two BUG cells (two more cells of a unit
    /// holding two consecutive cells of the loop).
    open: Vec<usize>,
    /// The givens shutting each BUG cell to every digit but its own, the other BUG cell's
    /// and the loop's two.
    keep: Vec<usize>,
}

/// A BUG pattern around one of `loops` (cycles of two digits the solution could swap,
/// consecutive cells sharing a unit): a unit holding two consecutive cells of the loop and
/// two more of its cells, the BUG cells, whose own digits are their extra candidates over
/// the loop's two digits, and the givens that shut each BUG cell to the other digits (the
/// other BUG cell's digit left open, the digit two BUG cells of type 4 share). `None` on a layout with other units than rows, columns and boxes, or with no loop
/// or no room in the unit.
fn bug_pattern(solution: &Grid, loops: &[Vec<usize>], rng: &mut Rng) -> Option<Bug> {
    let layout = solution.layout();
    if !plain(layout) || loops.is_empty() {
        return None;
    }
    let value = |c: usize| solution.cells()[c];
    let cycle = &loops[rng.below(loops.len())];
    let k = rng.below(cycle.len());
    let (a, b) = (cycle[k], cycle[(k + 1) % cycle.len()]);
    let shared = shared_units(layout, a, b);
    let unit = *shared.get(rng.below(shared.len().max(1)))?;
    let mut room: Vec<usize> = layout.units()[unit]
        .cells
        .iter()
        .copied()
        .filter(|c| !cycle.contains(c))
        .collect();
    if room.len() < 2 {
        return None;
    }
    rng.shuffle(&mut room);
    let cells = [room[0], room[1]];
    let (x, y) = (value(a), value(b));
    let n = layout.size() as u8;
    let mut open = cycle.clone();
    open.extend(cells);
    let mut keep = Vec::new();
    let allowed = [x, y, value(cells[0]), value(cells[1])];
    for &cell in &cells {
        for d in (1..=n).filter(|d| !allowed.contains(d)) {
            let holders: Vec<usize> = (0..solution.cells().len())
                .filter(|&h| value(h) == d && h != cell && sees(layout, h, cell))
                .filter(|h| !open.contains(h))
                .collect();
            if let Some(&h) = holders.get(rng.below(holders.len().max(1))) {
                keep.push(h);
            }
        }
    }
    Some(Bug { open, keep })
}

/// The removal order for a BUG of type 4 built around one of `loops` ([`bug_pattern`]):
/// the loop and the BUG cells emptied first,
/// the other cells, and last the givens shutting the BUG cells to all but their extra
/// digits and the loop's. Empty where [`bug_pattern`] finds no room.
pub fn bug(solution: &Grid, loops: &[Vec<usize>], rng: &mut Rng) -> Vec<usize> {
    match bug_pattern(solution, loops, rng) {
        Some(b) => order(solution.cells().len(), &b.open, &b.keep, rng),
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

    /// Each BUG cell sees a keeper of every digit but its own, the other BUG cell's and the
    /// loop's two (where the solution has one that is not in the pattern); the loop and the
    /// BUG cells are emptied first and the keepers kept last.
    #[test]
    fn a_built_bug_shuts_its_cells_to_all_but_their_extras_and_the_loop() {
        let options = GenerateOptions::new(Shape::new(3, 3).unwrap());
        let mut built = 0;
        for seed in 0..12u64 {
            let solution = generate(&options, seed).unwrap().solution;
            let value = |c: usize| solution.cells()[c];
            // The deadly rectangles of two boxes, as cycles (x and y alternating).
            let mut loops = Vec::new();
            for (r1, r2) in [(0, 1), (0, 2), (1, 2), (3, 4), (6, 8)] {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        let cycle = vec![r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1];
                        if value(cycle[0]) == value(cycle[2]) && value(cycle[1]) == value(cycle[3])
                        {
                            loops.push(cycle);
                        }
                    }
                }
            }
            let layout = solution.layout();
            for r in [seed, seed + 100] {
                let Some(b) = bug_pattern(&solution, &loops, &mut Rng::new(r)) else {
                    continue;
                };
                built += 1;
                let cycle: Vec<usize> = b.open[..4].to_vec();
                let cells = [b.open[4], b.open[5]];
                let allowed = [
                    value(cycle[0]),
                    value(cycle[1]),
                    value(cells[0]),
                    value(cells[1]),
                ];
                for &cell in &cells {
                    assert!(layout.units_of(cell).iter().any(|u| layout.units()[*u]
                        .cells
                        .iter()
                        .filter(|c| cycle.contains(c))
                        .count()
                        == 2));
                    for d in (1..=9u8).filter(|d| !allowed.contains(d)) {
                        let possible = (0..81).any(|h| {
                            value(h) == d && sees(layout, h, cell) && !b.open.contains(&h)
                        });
                        let kept = b
                            .keep
                            .iter()
                            .any(|&k| value(k) == d && sees(layout, k, cell));
                        assert_eq!(kept, possible, "seed {seed}: cell {cell} digit {d}");
                    }
                }
                let order = bug(&solution, &loops, &mut Rng::new(r));
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..81).collect::<Vec<_>>());
                let mut open = b.open.clone();
                open.sort_unstable();
                open.dedup();
                let mut first = order[..open.len()].to_vec();
                first.sort_unstable();
                assert_eq!(first, open, "seed {seed}");
                let tail = &order[81 - b.keep.len()..];
                assert!(b.keep.iter().all(|k| tail.contains(k)), "seed {seed}");
            }
        }
        assert!(built > 0);
    }
}
