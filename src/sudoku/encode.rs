//! Sudoku as an exact cover problem.
//!
//! # The mapping
//!
//! Take a grid of side `n` (boxes of `r × c` cells, `n = r·c`). Writing digit `d` into the
//! cell at row `i`, column `j` (inside box `b`) is one *option*; it settles four facts, and
//! each fact is an *item* that every solution must settle exactly once:
//!
//! ```text
//!   option "put 5 at r3c7"           items it covers
//!   ┌───┬───┬───┐
//!   │   │   │   │                    p3,7   the cell r3c7 is filled
//!   │   │   │ 5 │  row 3  ─────────▶ r3#5   row 3 has its 5
//!   │   │   │   │                    c7#5   column 7 has its 5
//!   └───┴───┴───┘                    b3#5   box 3 has its 5
//!             column 7, box 3
//! ```
//!
//! So there are `n²` cell items and `n²` (row, digit), `n²` (column, digit) and `n²`
//! (box, digit) items: `4n²` items (324 for 9×9), all primary, and `n³` options (729), each
//! of exactly four items. A variant adds `n` items `(unit, digit)` per extra unit, and the
//! options of the cells on that unit cover one more item each (a centre cell of Sudoku-X
//! covers six). A jigsaw layout only changes which cells share a `b` item.
//!
//! Item names (valid in Knuth's format: no spaces, `|` or `:`), rows, columns and units
//! numbered from 1, digits written as numbers:
//!
//! | item | meaning |
//! |---|---|
//! | `p3,7` | cell r3c7 holds a digit |
//! | `r3#5`, `c7#5`, `b3#5` | row 3, column 7, box (or jigsaw region) 3 holds a 5 |
//! | `x1#5`, `x2#5` | the main diagonal, the anti-diagonal holds a 5 (Sudoku-X) |
//! | `w2#5` | window 2 holds a 5 (windoku) |
//! | `u30#5` | unit 30 (any other extra unit, numbered among all units) holds a 5 |
//!
//! Items are declared cells first, then rows, columns, boxes and extra units, each in
//! order; the option for `(cell, digit)` has index `cell·n + digit − 1`, so an option maps
//! back to its row, column and digit in O(1) ([`Encoding::placement`]), and the option's
//! entries list the cell item first, then its units in [`Layout::units`] order.
//!
//! # Givens: forced, not left out
//!
//! A puzzle's givens can reach the engine two ways: keep one encoding per layout and
//! *force* the given options ([`Solver::force`]: cover their items before the search), or
//! build a smaller problem per puzzle that *leaves out* the given cells, the items they
//! satisfy and every option that clashes with a given. Once the givens are covered both
//! matrices hold the same active options, so the search costs about the same; but building
//! and naming a problem per puzzle costs more than covering a few dozen items, so givens
//! are forced, and one matrix kept and re-forced from puzzle to puzzle is cheapest of all
//! (BENCHMARKS.md, *Sudoku: givens forced or left out*; the `#[ignore]`d test
//! `givens_forced_or_left_out` in this module measures it).
//!
//! # Which entry point
//!
//! All of them force the givens through [`Encoding::force_givens`], which is also where
//! they are checked, once per puzzle (the engine refuses a clashing option):
//!
//! - **Many puzzles, one after the other** (a file, a benchmark): the `dlx` solver,
//!   [`DlxSolver`](crate::sudoku::solvers::dlx::DlxSolver) (or `solvers::by_name("dlx")`).
//!   It keeps the encoding and an [`OwnedSolver`] of each layout it meets and moves the
//!   solver from puzzle to puzzle; the command line and the benchmarks use it.
//! - **The solutions of a grid** as an iterator, a count or a first solution, with limits:
//!   [`Encoding::search`], a [`Search`] whose matrix lives in an [`Arena`] you own
//!   ([`Search::set_givens`] moves it to another grid of the layout).
//! - **One question about one grid**: the functions of [`crate::sudoku::ops`], which encode
//!   the layout each time.
//!
//! [`Encoding::owned_solver`] with [`Encoding::force_givens`] is the building block of the
//! first, for a caller who keeps its own solver.
//!
//! ```
//! use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
//! use dlxkit::xc::Arena;
//! let encoding = Encoding::standard(Shape::new(2, 2)?)?;
//! assert_eq!(encoding.problem().item_count(), 64);
//! assert_eq!(encoding.problem().option_count(), 64);
//! let arena = Arena::new();
//! let mut search = encoding.search(&arena, &Grid::blank(encoding.layout().clone()))?;
//! assert_eq!(search.count().stats.solutions, 288);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use thiserror::Error;

use super::candidates::Candidates;
use super::grid::{Conflict, Grid, GridError, Layout, Shape, UnitKind};
use crate::xc::{
    Arena, ForceError, ItemId, Limits, OptionId, Outcome, OwnedSolver, Problem, ProblemError,
    Solver, Storage,
};

/// Why a grid could not be encoded or searched.
///
/// ```
/// use dlxkit::sudoku::{encode::{EncodeError, Encoding}, Grid, Shape};
/// use dlxkit::xc::Arena;
/// let encoding = Encoding::standard(Shape::new(2, 2)?)?;
/// let mut g = Grid::blank(encoding.layout().clone());
/// g.set(0, 0, 1);
/// g.set(0, 3, 1);
/// let arena = Arena::new();
/// let err = encoding.search(&arena, &g).unwrap_err();
/// assert_eq!(err.to_string(), "digit 1 appears twice in row 1 (r1c1 and r1c4)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// Two givens break a unit, so there is no solution (found before any search).
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The grid's layout is not the one the encoding was made for.
    #[error("the grid's layout ({grid}) is not the encoding's ({encoding})")]
    LayoutMismatch {
        /// The grid's variant and size.
        grid: String,
        /// The encoding's variant and size.
        encoding: String,
    },
    /// The layout's units cannot form an exact cover problem (e.g. an extra unit that lists
    /// a cell twice).
    #[error("the layout cannot be encoded: {0}")]
    Problem(#[from] ProblemError),
    /// A shape or variant error.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The engine refused to force a given for another reason than a clash between givens
    /// (not expected: the clashes are reported as [`EncodeError::Conflict`]).
    #[error("a given could not be forced: {0}")]
    Force(#[from] ForceError),
}

/// One placement: a digit in a cell (rows, columns and cells from 0, digits from 1).
///
/// ```
/// use dlxkit::sudoku::{encode::Encoding, Shape};
/// use dlxkit::xc::OptionId;
/// let e = Encoding::standard(Shape::new(3, 3)?)?;
/// let p = e.placement(OptionId::new(9 * 10 + 4));
/// assert_eq!((p.cell, p.row, p.col, p.digit), (10, 1, 1, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, `row * n + col`.
    pub cell: usize,
    /// The row.
    pub row: usize,
    /// The column.
    pub col: usize,
    /// The digit, `1..=n`.
    pub digit: u8,
}

/// The exact cover problem of one layout: `n²` cell items, `n` items per unit, and one
/// option per (cell, digit). Build it once per layout and search it for many puzzles.
///
/// ```
/// use dlxkit::sudoku::{encode::Encoding, Layout, Shape};
/// use std::sync::Arc;
/// let x = Arc::new(Layout::standard(Shape::new(3, 3)?).with_diagonals());
/// let e = Encoding::new(x)?;
/// assert_eq!(e.problem().item_count(), 324 + 18);
/// assert_eq!(e.problem().option_count(), 729);
/// // The centre cell lies on both diagonals: cell, row, column, box and two diagonals.
/// let centre = e.option_of(40, 5);
/// assert_eq!(e.problem().option_text(centre), "p5,5 r5#5 c5#5 b5#5 x1#5 x2#5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Encoding {
    layout: Arc<Layout>,
    problem: Arc<Problem>,
    n: usize,
    /// With pencil marks, the option that takes them out ([`Encoding::with_candidates`]).
    pencil: Option<OptionId>,
}

impl Encoding {
    /// Encodes a layout.
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::Encoding, Layout, Shape};
    /// let e = Encoding::new(Layout::standard(Shape::new(2, 3)?).into())?;
    /// assert_eq!(e.problem().item_count(), 4 * 36);
    /// assert_eq!(e.problem().option_count(), 6 * 36);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(layout: Arc<Layout>) -> Result<Encoding, EncodeError> {
        Encoding::build(layout, None)
    }

    /// Encodes a layout with pencil marks: a placement that is not a candidate can never be
    /// chosen. The option numbering stays that of [`Encoding::new`] (so
    /// [`Encoding::option_of`] and [`Encoding::grid_of`] work unchanged); one more primary
    /// item, `pencil`, is added to every option left out and to one last option of its own,
    /// which [`Encoding::force_givens`] forces, and forcing it hides the options left out.
    /// Build one per puzzle; the solutions are those of the grid that keep to the
    /// candidates.
    ///
    /// ```
    /// use dlxkit::sudoku::{candidates::{Candidates, Digits}, encode::Encoding, Grid, Shape};
    /// use dlxkit::xc::Arena;
    /// let grid = Grid::empty(Shape::new(2, 2)?);
    /// let mut pencil = Candidates::of_grid(&grid);
    /// pencil.set(0, Digits::from_digits([1, 2])); // r1c1 is 1 or 2
    /// let e = Encoding::with_candidates(&pencil)?;
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &grid)?;
    /// assert_eq!(search.count().stats.solutions, 288 / 2);
    /// assert!(search.solutions().all(|g| g[(0, 0)] <= 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_candidates(candidates: &Candidates) -> Result<Encoding, EncodeError> {
        Encoding::build(candidates.layout().clone(), Some(candidates))
    }

    fn build(layout: Arc<Layout>, pencil: Option<&Candidates>) -> Result<Encoding, EncodeError> {
        let n = layout.size();
        let mut b = Problem::builder();
        let mut ids: Vec<ItemId> = Vec::with_capacity(layout.cells() + layout.units().len() * n);
        for cell in 0..layout.cells() {
            ids.push(b.primary(&format!("p{},{}", cell / n + 1, cell % n + 1))?);
        }
        for u in 0..layout.units().len() {
            let prefix = Self::unit_prefix(&layout, u);
            for d in 1..=n {
                ids.push(b.primary(&format!("{prefix}#{d}"))?);
            }
        }
        let out = match pencil {
            Some(_) => Some(b.primary("pencil")?),
            None => None,
        };
        let cells = layout.cells();
        let mut entries = Vec::with_capacity(8);
        for cell in 0..cells {
            let units = layout.units_of(cell);
            for d in 0..n {
                entries.clear();
                entries.push(ids[cell]);
                entries.extend(units.iter().map(|&u| ids[cells + u * n + d]));
                if let (Some(item), Some(marks)) = (out, pencil) {
                    if !marks.get(cell).contains(d as u8 + 1) {
                        entries.push(item);
                    }
                }
                b.option(entries.iter().copied())?;
            }
        }
        let pencil = match out {
            Some(item) => Some(b.option([item])?),
            None => None,
        };
        Ok(Encoding {
            problem: Arc::new(b.build()?),
            layout,
            n,
            pencil,
        })
    }

    /// Encodes the standard layout (rows, columns, boxes) of a box shape.
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::Encoding, Shape};
    /// let e = Encoding::standard(Shape::new(3, 3)?)?;
    /// assert_eq!((e.problem().item_count(), e.problem().option_count()), (324, 729));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn standard(shape: Shape) -> Result<Encoding, EncodeError> {
        Encoding::new(Layout::shared_standard(shape))
    }

    /// The name prefix of a unit's items: `r3`, `c7`, `b2`, `x1`, `w2`, `u30`.
    fn unit_prefix(layout: &Layout, u: usize) -> String {
        let unit = &layout.units()[u];
        let ordinal = layout.units()[..u]
            .iter()
            .filter(|v| v.kind == unit.kind)
            .count()
            + 1;
        match unit.kind {
            UnitKind::Row => format!("r{ordinal}"),
            UnitKind::Column => format!("c{ordinal}"),
            UnitKind::Box => format!("b{ordinal}"),
            UnitKind::Diagonal => format!("x{ordinal}"),
            UnitKind::Window => format!("w{ordinal}"),
            _ => format!("u{}", u + 1),
        }
    }

    /// The layout encoded.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// assert_eq!(e.layout().size(), 4);
    /// ```
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The exact cover problem (print it with [`Problem::to_dlx`]).
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// assert!(e.problem().to_dlx().starts_with("p1,1 p1,2"));
    /// ```
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The side `n`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Shape};
    /// assert_eq!(Encoding::standard(Shape::new(2, 3).unwrap()).unwrap().size(), 6);
    /// ```
    pub fn size(&self) -> usize {
        self.n
    }

    /// The option that writes `digit` (1..=n) into `cell`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Shape};
    /// let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
    /// assert_eq!(e.problem().option_text(e.option_of(0, 1)), "p1,1 r1#1 c1#1 b1#1");
    /// ```
    pub fn option_of(&self, cell: usize, digit: u8) -> OptionId {
        OptionId::new(cell * self.n + digit as usize - 1)
    }

    /// Where an option puts which digit.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Shape};
    /// let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
    /// let p = e.placement(e.option_of(80, 9));
    /// assert_eq!((p.row, p.col, p.digit), (8, 8, 9));
    /// ```
    pub fn placement(&self, option: OptionId) -> Placement {
        let k = option.index();
        let cell = k / self.n;
        Placement {
            cell,
            row: cell / self.n,
            col: cell % self.n,
            digit: (k % self.n + 1) as u8,
        }
    }

    /// The grid that a solution (a list of options, e.g. from [`Solver::first`]) fills in.
    /// Cells no option fills stay blank.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let g = e.grid_of(&[e.option_of(5, 3)]);
    /// assert_eq!((g[(1, 1)], g.givens()), (3, 1));
    /// ```
    pub fn grid_of(&self, options: &[OptionId]) -> Grid {
        let mut cells = vec![0u8; self.layout.cells()];
        // Option `cell·n + digit − 1`; 32-bit division, the quicker (`n³` options fit, as
        // `n` is at most `MAX_SIZE`).
        let n = self.n as u32;
        for &o in options {
            let k = o.index() as u32;
            if let Some(c) = cells.get_mut((k / n) as usize) {
                *c = (k % n) as u8 + 1;
            }
        }
        Grid::from_cells(self.layout.clone(), cells).expect("placements are in range")
    }

    /// The options of a grid's filled cells, in reading order.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let mut g = Grid::blank(e.layout().clone());
    /// g.set(0, 1, 4);
    /// assert_eq!(e.options_of(&g), [e.option_of(1, 4)]);
    /// ```
    pub fn options_of(&self, grid: &Grid) -> Vec<OptionId> {
        grid.cells()
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != 0)
            .map(|(cell, &d)| self.option_of(cell, d))
            .collect()
    }

    /// Whether `grid` is laid out as this encoding (the same `Arc`, or an equal layout).
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// assert!(e.fits(&Grid::empty(Shape::new(2, 2).unwrap())));
    /// assert!(!e.fits(&Grid::empty(Shape::new(3, 3).unwrap())));
    /// ```
    pub fn fits(&self, grid: &Grid) -> bool {
        Arc::ptr_eq(&self.layout, grid.layout()) || *self.layout == **grid.layout()
    }

    fn check_layout(&self, grid: &Grid) -> Result<(), EncodeError> {
        if !self.fits(grid) {
            let describe = |l: &Layout| format!("{} {}x{}", l.variant_name(), l.size(), l.size());
            return Err(EncodeError::LayoutMismatch {
                grid: describe(grid.layout()),
                encoding: describe(&self.layout),
            });
        }
        Ok(())
    }

    /// A solver that owns its matrix of this encoding, with nothing forced: keep one and
    /// move it from puzzle to puzzle with [`Encoding::force_givens`], which saves building a
    /// matrix per puzzle (the `dlx` solver does this).
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2)?)?;
    /// let mut solver = e.owned_solver();
    /// let mut g = Grid::blank(e.layout().clone());
    /// g.set(0, 0, 1);
    /// e.force_givens(&mut solver, &g)?;
    /// assert_eq!(solver.count().stats.solutions, 288 / 4);
    /// e.force_givens(&mut solver, &Grid::blank(e.layout().clone()))?;
    /// assert_eq!(solver.count().stats.solutions, 288);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn owned_solver(&self) -> OwnedSolver {
        OwnedSolver::owned(self.problem.clone())
    }

    /// Replaces whatever `solver` (a solver of this encoding's problem) has forced by the
    /// givens of `grid`. Fails, leaving nothing forced, if the givens conflict or the layout is
    /// not this encoding's.
    ///
    /// The givens are checked here once, by forcing them: an option that clashes with one
    /// forced before it is refused by the engine ([`Solver::force`]), and only then is the
    /// grid scanned ([`Grid::check_givens`]) to name the digit, the unit and the two cells.
    /// So a caller need not check the givens first.
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::{EncodeError, Encoding}, Grid, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2)?)?;
    /// let mut solver = e.owned_solver();
    /// let mut g = Grid::blank(e.layout().clone());
    /// g.set(0, 0, 1);
    /// g.set(0, 1, 1);
    /// let err = e.force_givens(&mut solver, &g).unwrap_err();
    /// assert_eq!(err.to_string(), "digit 1 appears twice in row 1 (r1c1 and r1c2)");
    /// assert!(solver.forced().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn force_givens<S: Storage>(
        &self,
        solver: &mut Solver<'_, S>,
        grid: &Grid,
    ) -> Result<(), EncodeError> {
        solver.unforce_all();
        self.check_layout(grid)?;
        if let Some(pencil) = self.pencil {
            // Takes out every placement that is not a candidate.
            solver.force(pencil)?;
        }
        let n = self.n;
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                if let Err(e) = solver.force(OptionId::new(cell * n + d as usize - 1)) {
                    solver.unforce_all();
                    // A clash between two givens: name it. (The scan finds it, since the
                    // engine refuses an option only when a forced one shares an item.)
                    grid.check_givens()?;
                    return Err(e.into());
                }
            }
        }
        Ok(())
    }

    /// The exact cover problem of one puzzle: this encoding's problem with the givens of
    /// `grid` (and the pencil marks) built in, every placement they rule out taken away
    /// ([`Problem::forcing`]). For searches that start from a [`Problem`] rather than a solver
    /// with options forced, such as the memoised count ([`crate::xc::memo`]). Fails if the
    /// givens conflict or the layout is not this encoding's.
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// use dlxkit::xc::memo::{self, MemoOptions};
    /// let e = Encoding::standard(Shape::new(2, 2)?)?;
    /// let mut g = Grid::blank(e.layout().clone());
    /// g.set(0, 0, 1);
    /// let counted = memo::count(&e.puzzle_problem(&g)?, &MemoOptions::new())?;
    /// assert_eq!(counted.count.to_u64(), Some(288 / 4));
    /// g.set(0, 1, 1);
    /// let err = e.puzzle_problem(&g).unwrap_err();
    /// assert_eq!(err.to_string(), "digit 1 appears twice in row 1 (r1c1 and r1c2)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle_problem(&self, grid: &Grid) -> Result<Problem, EncodeError> {
        self.puzzle_problem_with_origin(grid)
            .map(|(problem, _)| problem)
    }

    /// [`Encoding::puzzle_problem`], with the option of this encoding's problem that each
    /// option of the puzzle's is (for a search of the puzzle's problem to report
    /// placements: see [`Encoding::grid_of`]). The givens stay in the puzzle's problem as
    /// options with nothing else to cover (a search makes one node of each).
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// let e = Encoding::standard(Shape::new(2, 2)?)?;
    /// let mut g = Grid::blank(e.layout().clone());
    /// g.set(0, 0, 1);
    /// let (problem, origin) = e.puzzle_problem_with_origin(&g)?;
    /// assert_eq!(problem.option_count(), origin.len());
    /// assert!(origin.contains(&e.option_of(0, 1))); // the given
    /// assert!(!origin.contains(&e.option_of(0, 2)) && !origin.contains(&e.option_of(1, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzle_problem_with_origin(
        &self,
        grid: &Grid,
    ) -> Result<(Problem, Vec<OptionId>), EncodeError> {
        self.check_layout(grid)?;
        let mut forced = self.options_of(grid);
        forced.extend(self.pencil);
        self.problem.forcing_with_origin(&forced).map_err(|e| {
            // A clash between two givens: name it, as [`Encoding::force_givens`] does.
            match grid.check_givens() {
                Err(conflict) => conflict.into(),
                Ok(()) => e.into(),
            }
        })
    }

    /// A search for the completions of `grid`: builds the dancing-links matrix in `arena`
    /// and forces the givens. Fails before any search if the givens conflict or the layout
    /// is not this encoding's.
    ///
    /// ```
    /// use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2)?)?;
    /// let mut g = Grid::blank(e.layout().clone());
    /// g.set(0, 0, 1);
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &g)?;
    /// assert_eq!(search.count().stats.solutions, 288 / 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search<'a>(&'a self, arena: &'a Arena, grid: &Grid) -> Result<Search<'a>, EncodeError> {
        let mut search = Search {
            encoding: self,
            solver: Solver::new(&self.problem, arena),
        };
        search.set_givens(grid)?;
        Ok(search)
    }
}

/// The items of a layout's encoding (the same names and the same order as [`Encoding`]),
/// declared on the builder of a larger problem, with the items each placement covers: the
/// base that killer Sudoku builds its cage options on ([`crate::sudoku::killer`]).
///
/// ```
/// use dlxkit::sudoku::{encode::PlacementItems, Layout, Shape};
/// use dlxkit::xc::Problem;
/// let layout = Layout::standard(Shape::new(2, 2)?);
/// let mut b = Problem::builder();
/// let items = PlacementItems::declare(&layout, &mut b)?;
/// let mut entries = Vec::new();
/// items.placement(&layout, 5, 3, &mut entries); // a 3 at r2c2
/// b.option(entries.iter().copied())?;
/// let p = b.build()?;
/// assert_eq!(p.item_count(), 64);
/// assert_eq!(p.option_text(dlxkit::xc::OptionId::new(0)), "p2,2 r2#3 c2#3 b1#3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PlacementItems {
    ids: Vec<ItemId>,
    cells: usize,
    n: usize,
}

impl PlacementItems {
    /// Declares the items of `layout` on `builder` as primary items: the cells, then each
    /// unit's digits.
    pub fn declare(
        layout: &Layout,
        builder: &mut crate::xc::ProblemBuilder,
    ) -> Result<PlacementItems, ProblemError> {
        let n = layout.size();
        let mut ids = Vec::with_capacity(layout.cells() + layout.units().len() * n);
        for cell in 0..layout.cells() {
            ids.push(builder.primary(&format!("p{},{}", cell / n + 1, cell % n + 1))?);
        }
        for u in 0..layout.units().len() {
            let prefix = Encoding::unit_prefix(layout, u);
            for d in 1..=n {
                ids.push(builder.primary(&format!("{prefix}#{d}"))?);
            }
        }
        Ok(PlacementItems {
            ids,
            cells: layout.cells(),
            n,
        })
    }

    /// Appends to `out` the items that `digit` (1..=n) in `cell` covers, in the order of
    /// [`Encoding`]'s options: the cell, then its units (of the layout declared) with the
    /// digit.
    pub fn placement(&self, layout: &Layout, cell: usize, digit: u8, out: &mut Vec<ItemId>) {
        out.push(self.ids[cell]);
        let d = digit as usize - 1;
        out.extend(
            layout
                .units_of(cell)
                .iter()
                .map(|&u| self.ids[self.cells + u * self.n + d]),
        );
    }
}

/// The completions of one puzzle: a [`Solver`] over an [`Encoding`] with the givens forced.
///
/// Every search leaves the matrix as it found it, so one `Search` answers many questions,
/// and [`Search::set_givens`] moves it to another puzzle of the same layout without
/// rebuilding the matrix.
///
/// ```
/// use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
/// use dlxkit::xc::Arena;
/// let e = Encoding::standard(Shape::new(2, 2)?)?;
/// let arena = Arena::new();
/// let mut search = e.search(&arena, &Grid::blank(e.layout().clone()))?;
/// let first_three: Vec<Grid> = search.solutions().take(3).collect();
/// assert!(first_three.iter().all(Grid::is_solved));
/// assert_eq!(search.count_up_to(2).stats.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Search<'a> {
    encoding: &'a Encoding,
    solver: Solver<'a>,
}

impl<'a> Search<'a> {
    /// Replaces the givens by those of `grid` (same layout). On error the search keeps no
    /// givens.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut g = Grid::blank(e.layout().clone());
    /// let mut search = e.search(&arena, &g).unwrap();
    /// g.set(0, 0, 1);
    /// g.set(0, 1, 2);
    /// search.set_givens(&g).unwrap();
    /// assert_eq!(search.count().stats.solutions, 288 / 12);
    /// ```
    pub fn set_givens(&mut self, grid: &Grid) -> Result<(), EncodeError> {
        self.encoding.force_givens(&mut self.solver, grid)
    }

    /// Sets the limits of the following searches.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::{Arena, Limits, Status};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// search.set_limits(Limits::new().nodes(5));
    /// assert_eq!(search.count().status, Status::NodeLimit);
    /// ```
    pub fn set_limits(&mut self, limits: Limits) {
        self.solver.set_limits(limits);
    }

    /// The encoding searched.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// assert_eq!(search.encoding().size(), 4);
    /// ```
    pub fn encoding(&self) -> &'a Encoding {
        self.encoding
    }

    /// The engine underneath, for what this type does not wrap ([`Solver::visit`],
    /// [`Solver::run`] with progress reports).
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// assert!(search.solver().forced().is_empty());
    /// ```
    pub fn solver(&mut self) -> &mut Solver<'a> {
        &mut self.solver
    }

    /// The first completion, or `None` if there is none or a limit struck first
    /// ([`Search::outcome`] tells which).
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// assert!(search.first().unwrap().is_solved());
    /// ```
    pub fn first(&mut self) -> Option<Grid> {
        self.solver.first().map(|s| self.encoding.grid_of(&s))
    }

    /// Counts the completions (within the limits), without building them.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// assert_eq!(search.count().stats.solutions, 288);
    /// ```
    pub fn count(&mut self) -> Outcome {
        self.solver.count()
    }

    /// Counts the completions but stops at `n` (`count_up_to(2)`: none, unique or several).
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::{Arena, Status};
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// let outcome = search.count_up_to(2);
    /// assert_eq!((outcome.stats.solutions, outcome.status), (2, Status::SolutionLimit));
    /// ```
    pub fn count_up_to(&mut self, n: u64) -> Outcome {
        self.solver.count_up_to(n)
    }

    /// The completions, found lazily one at a time as the iterator advances.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// assert_eq!(search.solutions().take(10).filter(|g| g.is_solved()).count(), 10);
    /// ```
    pub fn solutions(&mut self) -> Grids<'_, 'a> {
        Grids {
            encoding: self.encoding,
            inner: self.solver.solutions(),
        }
    }

    /// The status and statistics of the last search.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// search.first();
    /// assert_eq!(search.outcome().stats.solutions, 1);
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.solver.outcome()
    }
}

/// The completions of a [`Search`], found one at a time ([`Search::solutions`]). Dropping
/// it abandons the search.
///
/// ```
/// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
/// # use dlxkit::xc::Arena;
/// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
/// let arena = Arena::new();
/// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
/// let mut grids = search.solutions();
/// assert!(grids.next().is_some());
/// assert_eq!(grids.outcome().stats.solutions, 1);
/// ```
pub struct Grids<'s, 'a> {
    encoding: &'a Encoding,
    inner: crate::xc::Solutions<'s, 'a>,
}

impl Grids<'_, '_> {
    /// The status and statistics so far.
    ///
    /// ```
    /// # use dlxkit::sudoku::{encode::Encoding, Grid, Shape};
    /// # use dlxkit::xc::Arena;
    /// let e = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    /// let arena = Arena::new();
    /// let mut search = e.search(&arena, &Grid::blank(e.layout().clone())).unwrap();
    /// let mut grids = search.solutions();
    /// while grids.next().is_some() {}
    /// assert!(grids.outcome().status.is_complete());
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.inner.outcome()
    }
}

impl Iterator for Grids<'_, '_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.inner.next().map(|s| self.encoding.grid_of(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_9x9_has_324_items_and_729_options_of_four() {
        let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
        let p = e.problem();
        assert_eq!(p.item_count(), 324);
        assert_eq!(p.option_count(), 729);
        assert!(p.options().all(|o| p.option(o).len() == 4));
        assert_eq!(p.option_text(e.option_of(80, 9)), "p9,9 r9#9 c9#9 b9#9");
        assert_eq!(p.option_text(e.option_of(5, 2)), "p1,6 r1#2 c6#2 b2#2");
        for o in p.options() {
            let pl = e.placement(o);
            assert_eq!(e.option_of(pl.cell, pl.digit), o);
        }
    }

    #[test]
    fn every_item_name_is_valid_in_knuths_format() {
        let layout = Arc::new(
            Layout::standard(Shape::new(4, 4).unwrap())
                .with_diagonals()
                .with_windows()
                .unwrap(),
        );
        let e = Encoding::new(layout).unwrap();
        let text = e.problem().to_dlx();
        let back = Problem::from_dlx(&text).unwrap();
        assert_eq!(back.item_count(), 4 * 256 + 2 * 16 + 9 * 16);
        assert_eq!(back.option_count(), 16 * 256);
        assert!(e.problem().item_id("w9#16").is_some());
        assert!(e.problem().item_id("x2#1").is_some());
    }

    #[test]
    fn a_repeated_cell_in_an_extra_unit_is_an_error_not_a_panic() {
        let l = Layout::standard(Shape::new(2, 2).unwrap()).with_units(
            "odd",
            [crate::sudoku::Unit {
                kind: UnitKind::Extra,
                cells: vec![0, 0, 1, 2],
            }],
        );
        assert!(matches!(
            Encoding::new(Arc::new(l)),
            Err(EncodeError::Problem(_))
        ));
    }

    /// Reads the 9x9 puzzles of a shipped line-format file (a minimal reader for this
    /// measurement only).
    fn read_9x9(name: &str) -> Vec<Grid> {
        let path = format!("{}/data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
        let layout = Arc::new(Layout::standard(Shape::new(3, 3).unwrap()));
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| l.len() >= 81)
            .map(|l| {
                let cells = l.bytes().take(81).map(|b| match b {
                    b'1'..=b'9' => b - b'0',
                    _ => 0,
                });
                Grid::from_cells(layout.clone(), cells.collect()).unwrap()
            })
            .collect()
    }

    /// The problem with the givens left out: only blank cells, unsatisfied (unit, digit)
    /// pairs, and options that clash with no given. Names are made once, outside the timing.
    fn reduced(grid: &Grid, names: &[String]) -> Problem {
        let layout = grid.layout();
        let n = layout.size();
        let cells = layout.cells();
        let mut satisfied = vec![false; layout.units().len() * n];
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                for &u in layout.units_of(cell) {
                    satisfied[u * n + d as usize - 1] = true;
                }
            }
        }
        let mut b = Problem::builder();
        let mut id = vec![None; names.len()];
        for cell in 0..cells {
            if grid.cells()[cell] == 0 {
                id[cell] = Some(b.primary(&names[cell]).unwrap());
            }
        }
        for (k, &done) in satisfied.iter().enumerate() {
            if !done {
                id[cells + k] = Some(b.primary(&names[cells + k]).unwrap());
            }
        }
        let mut entries = Vec::new();
        for cell in 0..cells {
            if grid.cells()[cell] != 0 {
                continue;
            }
            'digit: for d in 0..n {
                entries.clear();
                entries.push(id[cell].unwrap());
                for &u in layout.units_of(cell) {
                    match id[cells + u * n + d] {
                        Some(i) => entries.push(i),
                        None => continue 'digit,
                    }
                }
                b.option(entries.iter().copied()).unwrap();
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn leaving_givens_out_finds_the_same_counts_as_forcing_them() {
        let grids = read_9x9("norvig_hardest11.txt");
        let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
        let names: Vec<String> = e
            .problem()
            .items()
            .map(|i| e.problem().item_name(i).to_string())
            .collect();
        for g in &grids {
            let arena = Arena::new();
            let forced = e.search(&arena, g).unwrap().count_up_to(2).stats.solutions;
            let p = reduced(g, &names);
            assert_eq!(p.count_solutions(), forced);
            assert_eq!(forced, 1);
        }
    }

    /// Run with `cargo test --release --lib givens_forced_or_left_out -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn givens_forced_or_left_out() {
        use std::time::{Duration, Instant};
        for file in [
            "magictour_top1465.txt",
            "forum_hardest_1106.txt",
            "royle_17clue_sample1004.txt",
        ] {
            let grids = read_9x9(file);
            let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
            let per = |d: Duration| d.as_secs_f64() * 1e6 / grids.len() as f64;
            let (mut build, mut search, mut sols) = (Duration::ZERO, Duration::ZERO, 0);
            for g in &grids {
                let t = Instant::now();
                let arena = Arena::new();
                let mut s = e.search(&arena, g).unwrap();
                let t2 = Instant::now();
                sols += s.count_up_to(2).stats.solutions;
                build += t2 - t;
                search += t2.elapsed();
            }
            println!("{file} ({} puzzles, {sols} solutions)", grids.len());
            println!(
                "  forced, fresh matrix:  build {:6.1} us  search {:6.1} us",
                per(build),
                per(search)
            );
            let arena = Arena::new();
            let mut s = e.search(&arena, &grids[0]).unwrap();
            let (mut build, mut search) = (Duration::ZERO, Duration::ZERO);
            for g in &grids {
                let t = Instant::now();
                s.set_givens(g).unwrap();
                let t2 = Instant::now();
                s.count_up_to(2);
                build += t2 - t;
                search += t2.elapsed();
            }
            println!(
                "  forced, reused matrix: build {:6.1} us  search {:6.1} us",
                per(build),
                per(search)
            );
            let names: Vec<String> = e
                .problem()
                .items()
                .map(|i| e.problem().item_name(i).to_string())
                .collect();
            let (mut build, mut search) = (Duration::ZERO, Duration::ZERO);
            for g in &grids {
                let t = Instant::now();
                let p = reduced(g, &names);
                let arena = Arena::new();
                let mut solver = Solver::new(&p, &arena);
                let t2 = Instant::now();
                solver.count_up_to(2);
                build += t2 - t;
                search += t2.elapsed();
            }
            println!(
                "  left out:              build {:6.1} us  search {:6.1} us",
                per(build),
                per(search)
            );
        }
    }
}
