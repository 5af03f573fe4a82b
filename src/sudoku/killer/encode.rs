//! The exact cover problem of a killer puzzle (see the parent module): the layout's
//! placement items ([`PlacementItems`]), full cages as extra units, one item per other cage,
//! and an option per filling of each cage and per placement of each cell in no cage.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use super::fillings::for_each_filling;
use super::{Killer, KillerError};
use crate::sudoku::encode::PlacementItems;
use crate::sudoku::grid::{Grid, Layout, Unit, UnitKind};
use crate::sudoku::solvers::{Limits, SolveReport, SolveStats};
use crate::xc::{Arena, ItemId, OptionId, Problem, Solver};

/// The most fillings (cage options) an encoding holds by default, all cages together: enough
/// for two cages of 8 cells on 9×9 (40320 fillings each) with room to spare, about 3.3
/// million entries at most, tens of megabytes.
pub const MAX_FILLINGS: usize = 100_000;

/// A killer puzzle as an exact cover problem, and the way back from its options to digits.
///
/// ```
/// use dlxkit::sudoku::killer::{Cage, Killer, KillerEncoding};
/// use dlxkit::sudoku::{Grid, Shape};
/// let k = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(7, [0, 1])])?;
/// let e = KillerEncoding::new(&k)?;
/// assert_eq!(e.fillings(), 2); // 3 4 and 4 3
/// // The placements of the 14 cells outside cages (4 digits each) come first, then the fillings.
/// let first_filling = dlxkit::xc::OptionId::new(14 * 4);
/// assert_eq!(e.problem().option_text(first_filling), "k1 p1,1 r1#3 c1#3 b1#3 p1,2 r1#4 c2#4 b1#4");
/// let err = KillerEncoding::with_limit(&k, 1).unwrap_err();
/// assert!(err.to_string().contains("pass the limit of 1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct KillerEncoding {
    layout: Arc<Layout>,
    problem: Problem,
    /// The placements of every option, one stretch per option: option `o` makes
    /// `placements[starts[o]..starts[o + 1]]`.
    placements: Vec<(u32, u8)>,
    starts: Vec<u32>,
    fillings: usize,
}

impl KillerEncoding {
    /// Encodes a killer puzzle with at most [`MAX_FILLINGS`] fillings.
    pub fn new(killer: &Killer) -> Result<KillerEncoding, KillerError> {
        KillerEncoding::with_limit(killer, MAX_FILLINGS)
    }

    /// Encodes a killer puzzle with at most `limit` fillings, all cages together: beyond
    /// it, [`KillerError::TooManyFillings`] names the cage being filled.
    pub fn with_limit(killer: &Killer, limit: usize) -> Result<KillerEncoding, KillerError> {
        let cages = Cages::of(killer);
        let layout = killer.grid().layout().clone();
        let extended = &cages.extended;
        let mut b = Problem::builder();
        let items = PlacementItems::declare(extended, &mut b)?;
        let mut cage_item: Vec<Option<ItemId>> = vec![None; killer.cages().len()];
        for (k, item) in cage_item.iter_mut().enumerate() {
            if !cages.full.contains(&k) {
                *item = Some(b.primary(&format!("k{}", k + 1))?);
            }
        }
        let mut e = Parts {
            placements: Vec::new(),
            starts: vec![0],
            fillings: 0,
        };
        let mut entries = Vec::new();
        for (cell, &digits_allowed) in cages.allowed.iter().enumerate() {
            if killer.cage_of(cell).is_some_and(|k| cage_item[k].is_some()) {
                continue; // filled with its cage
            }
            for d in digits(digits_allowed) {
                entries.clear();
                items.placement(extended, cell, d, &mut entries);
                b.option(entries.iter().copied())?;
                e.placements.push((cell as u32, d));
                e.starts.push(e.placements.len() as u32);
            }
        }
        e.fillings = cages.each_filling(killer, limit, &mut |k, cells, filling| {
            let item = cage_item[k].expect("only cages with an item are filled");
            entries.clear();
            entries.push(item);
            for (&cell, &d) in cells.iter().zip(filling) {
                items.placement(extended, cell, d, &mut entries);
                e.placements.push((cell as u32, d));
            }
            b.option(entries.iter().copied())?;
            e.starts.push(e.placements.len() as u32);
            Ok(())
        })?;
        Ok(KillerEncoding {
            layout,
            problem: b.build()?,
            placements: e.placements,
            starts: e.starts,
            fillings: e.fillings,
        })
    }

    /// Checks, without building the problem, what [`KillerEncoding::with_limit`] would
    /// refuse: a cage with no filling, or more than `limit` fillings in all. Returns the
    /// number of fillings. A reader calls it to report a bad puzzle before any search, and
    /// the problem is built once, where it is searched.
    ///
    /// ```
    /// use dlxkit::sudoku::killer::{Cage, Killer, KillerEncoding, MAX_FILLINGS};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(7, [0, 1])])?;
    /// assert_eq!(KillerEncoding::check(&k, MAX_FILLINGS)?, KillerEncoding::new(&k)?.fillings());
    /// assert!(KillerEncoding::check(&k, 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(killer: &Killer, limit: usize) -> Result<usize, KillerError> {
        Cages::of(killer).each_filling(killer, limit, &mut |_, _, _| Ok(()))
    }

    /// The exact cover problem (print it with [`Problem::to_dlx`]).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// How many fillings (cage options) the problem has.
    pub fn fillings(&self) -> usize {
        self.fillings
    }

    /// The grid that a solution (a list of options) fills in; cells no option fills stay
    /// blank.
    ///
    /// ```
    /// use dlxkit::sudoku::killer::{Cage, Killer};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let k = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(3, [0, 1])])?;
    /// let e = k.encode()?;
    /// let solution = e.problem().count_solutions();
    /// assert_eq!(solution, 288 / 6); // r1c1 r1c2 hold 1 2 or 2 1: 2 of 12 pairs
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid_of(&self, options: &[OptionId]) -> Grid {
        let mut cells = vec![0u8; self.layout.cells()];
        for &o in options {
            let (from, to) = (self.starts[o.index()], self.starts[o.index() + 1]);
            for &(cell, d) in &self.placements[from as usize..to as usize] {
                cells[cell as usize] = d;
            }
        }
        Grid::from_cells(self.layout.clone(), cells).expect("placements are in range")
    }

    /// Searches the problem: counts solutions up to `limits.max_solutions` (all when
    /// unset), keeping the first one (see [`Killer::solve`]).
    pub fn solve(&self, limits: &Limits) -> SolveReport {
        let started = Instant::now();
        let arena = Arena::new();
        let mut solver = Solver::new(&self.problem, &arena).with_limits(limits.clone());
        let mut first = None;
        let outcome = solver.visit(|solution| {
            if first.is_none() {
                first = Some(self.grid_of(solution));
            }
            ControlFlow::Continue(())
        });
        SolveReport {
            status: outcome.status,
            solutions: outcome.stats.solutions,
            first,
            stats: SolveStats {
                assignments: outcome.stats.nodes,
                guesses: outcome.stats.branches,
                elapsed: started.elapsed(),
                ..SolveStats::default()
            },
        }
    }
}

/// The options' placements and the fillings counted, as the encoding is built.
struct Parts {
    placements: Vec<(u32, u8)>,
    starts: Vec<u32>,
    fillings: usize,
}

/// Called with each filling: the cage, its cells and their digits.
type VisitFilling<'a> = dyn FnMut(usize, &[usize], &[u8]) -> Result<(), KillerError> + 'a;

/// What the fillings of a puzzle's cages are made from: the layout with its full cages as
/// units, which cages those are, and the digits each cell may take.
struct Cages {
    extended: Layout,
    /// The cages of `n` cells (units, not sets of fillings).
    full: Vec<usize>,
    /// For each cell, its given, or the digits no given of its units holds (bit `d - 1`).
    allowed: Vec<u128>,
}

impl Cages {
    fn of(killer: &Killer) -> Cages {
        let grid = killer.grid();
        let layout = grid.layout();
        let n = layout.size();
        // Cages of n cells are units: the rules of the layout, and "every digit once" here.
        let full: Vec<usize> = (0..killer.cages().len())
            .filter(|&k| killer.cages()[k].cells.len() == n)
            .collect();
        let extended = Layout::clone(layout).with_units(
            "killer",
            full.iter().map(|&k| Unit {
                kind: UnitKind::Extra,
                cells: killer.cages()[k].cells.clone(),
            }),
        );
        let mut used = vec![0u128; extended.units().len()];
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                for &u in extended.units_of(cell) {
                    used[u] |= 1 << (d - 1);
                }
            }
        }
        let all = u128::MAX >> (128 - n);
        let allowed: Vec<u128> = (0..layout.cells())
            .map(|cell| match grid.cells()[cell] {
                0 => all & !extended.units_of(cell).iter().fold(0, |m, &u| m | used[u]),
                d => 1 << (d - 1),
            })
            .collect();
        Cages {
            extended,
            full,
            allowed,
        }
    }

    /// Calls `visit` with each filling of each cage that is not a unit (the cage, its cells
    /// and their digits), and returns how many there were: the one walk that both the
    /// encoding and [`KillerEncoding::check`] make, so that both refuse the same puzzles.
    fn each_filling(
        &self,
        killer: &Killer,
        limit: usize,
        visit: &mut VisitFilling,
    ) -> Result<usize, KillerError> {
        let mut fillings = 0;
        for (k, cage) in killer.cages().iter().enumerate() {
            if self.full.contains(&k) {
                continue;
            }
            let cage_allowed: Vec<u128> = cage.cells.iter().map(|&c| self.allowed[c]).collect();
            let before = fillings;
            let mut failure = None;
            let _ = for_each_filling(&cage_allowed, cage.sum, &mut |filling| {
                if fillings == limit {
                    failure = Some(KillerError::TooManyFillings {
                        cage: killer.cage_name(k),
                        limit,
                    });
                    return ControlFlow::Break(());
                }
                if let Err(err) = visit(k, &cage.cells, filling) {
                    failure = Some(err);
                    return ControlFlow::Break(());
                }
                fillings += 1;
                ControlFlow::Continue(())
            });
            if let Some(err) = failure {
                return Err(err);
            }
            if fillings == before {
                return Err(KillerError::NoFilling {
                    cage: killer.cage_name(k),
                });
            }
        }
        Ok(fillings)
    }
}

/// The digits of a set, smallest first.
fn digits(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let d = set.trailing_zeros() as u8 + 1;
            set &= set - 1;
            d
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::killer::Cage;
    use crate::sudoku::Shape;

    #[test]
    fn a_full_cage_is_a_unit() {
        // The first row as one cage of 4 cells: no fillings, 4 items for its digits.
        let k = Killer::new(
            Grid::empty(Shape::new(2, 2).unwrap()),
            vec![Cage::new(10, 0..4)],
        )
        .unwrap();
        let e = k.encode().unwrap();
        assert_eq!(e.fillings(), 0);
        assert_eq!(e.problem().item_count(), 64 + 4);
        assert_eq!(e.problem().count_solutions(), 288);
    }

    #[test]
    fn givens_prune_the_fillings() {
        let mut g = Grid::empty(Shape::new(3, 3).unwrap());
        g.set(0, 0, 9); // r1c1 = 9 leaves 1 for r1c2 in a cage of 10
        g.set(1, 0, 2); // r2c1 = 2 keeps 2 out of r1c3 (box 1) and r2c3 (row 2, box 1)
        let k = Killer::new(g, vec![Cage::new(10, [0, 1]), Cage::new(5, [2, 11])]).unwrap();
        let e = k.encode().unwrap();
        // Cage 1: 9 1. Cage 2 (r1c3 r2c3) of 5: 1 4 and 4 1; 2 3 and 3 2 put a 2 in box 1.
        assert_eq!(e.fillings(), 1 + 2);
    }

    #[test]
    fn a_cage_with_no_filling_left_is_an_error() {
        let mut g = Grid::empty(Shape::new(3, 3).unwrap());
        g.set(0, 0, 1);
        g.set(0, 3, 2);
        // r1c2 + r1c3 = 3 needs 1 and 2, both given in row 1.
        let k = Killer::new(g, vec![Cage::new(3, [1, 2])]).unwrap();
        assert_eq!(
            k.encode().unwrap_err().to_string(),
            "cage 1 (sum 3: r1c2 r1c3): no filling agrees with the givens"
        );
    }
}
