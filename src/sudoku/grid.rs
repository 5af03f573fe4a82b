//! Grid sizes, box shapes, units and the [`Grid`] value.
//!
//! A grid of side `n = r × c` has boxes of `r` rows and `c` columns (9 = 3×3, 6 = 2×3, 12 = 3×4).
//! A *unit* is a set of `n` cells that must hold every digit once: the rows, the columns, the
//! boxes (or, in jigsaw Sudoku, irregular regions), and any *extra units* a variant adds
//! (Sudoku-X adds both main diagonals, windoku adds the "windows"). Solvers and the exact cover
//! encoder read the units from a [`Layout`], so a new variant is data, not code.
//!
//! Cells are numbered in reading order, `cell = row * n + column`, rows and columns from 0;
//! digits run from 1 to `n`, and 0 is a blank.

use std::fmt;
use std::sync::Arc;

use thiserror::Error;

/// The largest side supported (10×10 boxes: 10,000 cells, a million candidate placements).
pub const MAX_SIZE: usize = 100;

/// Why a shape, layout or grid could not be made.
///
/// ```
/// use dlxkit::sudoku::{GridError, Shape};
/// assert!(matches!(Shape::new(0, 3), Err(GridError::BadShape { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GridError {
    /// The box dimensions are zero or the side is too large.
    #[error("bad box shape {rows}x{cols}: {reason}")]
    BadShape {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// A side larger than [`MAX_SIZE`].
    #[error("a side of {n} is larger than {max}, the largest supported", max = MAX_SIZE)]
    SizeTooLarge {
        /// The side.
        n: usize,
    },
    /// A side for which no box shape was given and none can be inferred.
    #[error("cannot infer a box shape for side {n}: give one explicitly (e.g. --box 2x3)")]
    NoBoxShape {
        /// The side.
        n: usize,
    },
    /// A jigsaw region map that is not `n` regions of `n` cells.
    #[error("bad region map: {reason}")]
    BadRegions {
        /// What is wrong.
        reason: String,
    },
    /// A variant that this grid size does not allow.
    #[error("variant {variant} is not defined for a {n}x{n} grid with {rows}x{cols} boxes")]
    VariantNotDefined {
        /// The variant's name.
        variant: &'static str,
        /// The side.
        n: usize,
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
    },
    /// A variant name that is not known.
    #[error("unknown variant `{name}`: choose one of standard, x, windoku, jigsaw")]
    UnknownVariant {
        /// The name asked for.
        name: String,
    },
    /// Cell values of the wrong number, or a digit outside 0..=n.
    #[error("bad cells: {reason}")]
    BadCells {
        /// What is wrong.
        reason: String,
    },
}

/// The box shape of a grid: boxes of `rows × cols` cells, so the side is `rows * cols`.
///
/// ```
/// use dlxkit::sudoku::Shape;
/// let s = Shape::new(2, 3)?;
/// assert_eq!((s.size(), s.box_rows(), s.box_cols()), (6, 2, 3));
/// assert_eq!(Shape::for_size(9)?, Shape::new(3, 3)?);
/// assert_eq!(Shape::for_size(6)?, Shape::new(2, 3)?);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: u8,
    cols: u8,
}

impl Shape {
    /// Boxes of `rows` × `cols` cells.
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// assert!(Shape::new(3, 3).is_ok());
    /// assert!(Shape::new(11, 11).is_err()); // side 121 is over the limit
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Shape, GridError> {
        let bad = |reason| GridError::BadShape { rows, cols, reason };
        if rows == 0 || cols == 0 {
            return Err(bad("box dimensions must be at least 1"));
        }
        if rows.saturating_mul(cols) > MAX_SIZE {
            return Err(bad("the side (rows x cols) is larger than 100"));
        }
        Ok(Shape {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// The usual box shape for side `n`: square boxes when `n` is a square, otherwise the most
    /// nearly square `r × c` with `r < c` (6 → 2×3, 8 → 2×4, 12 → 3×4). A prime side has only
    /// `1 × n` boxes, which are refused: give that shape explicitly if it is meant.
    ///
    /// ```
    /// # use dlxkit::sudoku::{GridError, Shape};
    /// assert_eq!(Shape::for_size(12).unwrap(), Shape::new(3, 4).unwrap());
    /// assert!(Shape::for_size(7).is_err());
    /// assert_eq!(Shape::for_size(usize::MAX), Err(GridError::SizeTooLarge { n: usize::MAX }));
    /// ```
    pub fn for_size(n: usize) -> Result<Shape, GridError> {
        // Checked first: no side above the limit has a shape, and `r * r` would overflow.
        if n > MAX_SIZE {
            return Err(GridError::SizeTooLarge { n });
        }
        if n == 1 {
            return Shape::new(1, 1);
        }
        let mut best = None;
        for r in 2..=n {
            if r * r > n {
                break;
            }
            if n % r == 0 {
                best = Some(r);
            }
        }
        match best {
            Some(r) => Shape::new(r, n / r),
            None => Err(GridError::NoBoxShape { n }),
        }
    }

    /// Reads a shape written `RxC` (as in `--box 2x3`).
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// assert_eq!(Shape::parse("3x2").unwrap(), Shape::new(3, 2).unwrap());
    /// assert!(Shape::parse("3by2").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Shape, GridError> {
        let bad = GridError::BadShape {
            rows: 0,
            cols: 0,
            reason: "write the box shape as RxC, e.g. 2x3",
        };
        let (r, c) = text.split_once(['x', 'X']).ok_or(bad.clone())?;
        let r = r.trim().parse().map_err(|_| bad.clone())?;
        let c = c.trim().parse().map_err(|_| bad)?;
        Shape::new(r, c)
    }

    /// The side `n`: cells per row, column and box, and the number of digits.
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// assert_eq!(Shape::new(4, 4).unwrap().size(), 16);
    /// ```
    pub fn size(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Rows per box.
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// assert_eq!(Shape::new(2, 3).unwrap().box_rows(), 2);
    /// ```
    pub fn box_rows(self) -> usize {
        self.rows as usize
    }

    /// Columns per box.
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// assert_eq!(Shape::new(2, 3).unwrap().box_cols(), 3);
    /// ```
    pub fn box_cols(self) -> usize {
        self.cols as usize
    }

    /// The number of cells, `n²`.
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// assert_eq!(Shape::new(3, 3).unwrap().cells(), 81);
    /// ```
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The box (numbered in reading order from 0) that holds a cell.
    ///
    /// ```
    /// # use dlxkit::sudoku::Shape;
    /// let s = Shape::new(2, 3).unwrap(); // 6x6: boxes are 2 rows by 3 columns, 2 per band
    /// assert_eq!(s.box_of(0, 0), 0);
    /// assert_eq!(s.box_of(1, 3), 1);
    /// assert_eq!(s.box_of(2, 0), 2);
    /// ```
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let per_band = self.size() / self.box_cols();
        (row / self.box_rows()) * per_band + col / self.box_cols()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// What kind of unit a [`Unit`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box (or, in jigsaw Sudoku, an irregular region).
    Box,
    /// A main diagonal (Sudoku-X).
    Diagonal,
    /// A window of windoku (hyper Sudoku).
    Window,
    /// Any other extra unit.
    Extra,
}

/// `n` cells that must hold every digit exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// What kind of unit it is.
    pub kind: UnitKind,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
}

/// The geometry of a puzzle: its shape and every unit (rows, columns, boxes or regions, and a
/// variant's extra units), with each cell's units and peers precomputed.
///
/// ```
/// use dlxkit::sudoku::{Layout, Shape, UnitKind};
/// let standard = Layout::standard(Shape::new(3, 3)?);
/// assert_eq!(standard.units().len(), 27);
/// assert_eq!(standard.peers(0).len(), 20);
/// let x = Layout::standard(Shape::new(3, 3)?).with_diagonals();
/// assert_eq!(x.units().len(), 29);
/// assert_eq!(x.units()[27].kind, UnitKind::Diagonal);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    shape: Shape,
    units: Vec<Unit>,
    variant: Vec<&'static str>,
    cell_units: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
}

impl Layout {
    /// Rows, columns and boxes of the given shape.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let l = Layout::standard(Shape::new(2, 2).unwrap());
    /// assert_eq!(l.size(), 4);
    /// assert_eq!(l.units().len(), 12);
    /// ```
    pub fn standard(shape: Shape) -> Layout {
        Layout::build_standard(shape)
    }

    /// [`Layout::standard`], made once per shape and shared: every grid read or made with
    /// the standard units of one shape then shares one layout, so the caches keyed by the
    /// layout (the DLX solver's encoding) serve them all.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let s = Shape::new(3, 3).unwrap();
    /// assert!(Arc::ptr_eq(&Layout::shared_standard(s), &Layout::shared_standard(s)));
    /// ```
    pub fn shared_standard(shape: Shape) -> Arc<Layout> {
        /// The shapes kept: enough for every shape a program is likely to mix.
        const KEPT: usize = 16;
        /// Larger layouts (up to megabytes of peer lists) are made afresh rather than kept.
        const MAX_KEPT_SIDE: usize = 36;
        static STANDARD: std::sync::Mutex<Vec<Arc<Layout>>> = std::sync::Mutex::new(Vec::new());
        let mut kept = STANDARD.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(layout) = kept.iter().find(|l| l.shape == shape) {
            return layout.clone();
        }
        let layout = Arc::new(Layout::build_standard(shape));
        if kept.len() < KEPT && shape.size() <= MAX_KEPT_SIDE {
            kept.push(layout.clone());
        }
        layout
    }

    fn build_standard(shape: Shape) -> Layout {
        let n = shape.size();
        let mut units = Vec::with_capacity(3 * n);
        for r in 0..n {
            units.push(Unit {
                kind: UnitKind::Row,
                cells: (0..n).map(|c| r * n + c).collect(),
            });
        }
        for c in 0..n {
            units.push(Unit {
                kind: UnitKind::Column,
                cells: (0..n).map(|r| r * n + c).collect(),
            });
        }
        let mut boxes = vec![Vec::with_capacity(n); n];
        for r in 0..n {
            for c in 0..n {
                boxes[shape.box_of(r, c)].push(r * n + c);
            }
        }
        units.extend(boxes.into_iter().map(|cells| Unit {
            kind: UnitKind::Box,
            cells,
        }));
        Layout::from_units(shape, units, Vec::new())
    }

    /// A jigsaw layout: rows, columns, and irregular regions given as a map of `n²` symbols in
    /// reading order, one symbol per region (any `n` distinct non-blank characters, e.g.
    /// `AAABBBCCC...`); white space in the map is ignored. Each region must have `n` cells.
    /// The shape is only used for reading and printing; the regions replace the boxes.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let map = "AABB AABB CCDD CCDD"; // 4x4 with ordinary boxes, written as regions
    /// let l = Layout::jigsaw(Shape::new(2, 2).unwrap(), map).unwrap();
    /// assert_eq!(l.units(), Layout::standard(Shape::new(2, 2).unwrap()).units());
    /// assert_eq!(l.variant_name(), "jigsaw");
    /// assert!(Layout::jigsaw(Shape::new(2, 2).unwrap(), "AAAB AABB CCDD CCDD").is_err());
    /// ```
    pub fn jigsaw(shape: Shape, map: &str) -> Result<Layout, GridError> {
        let n = shape.size();
        let symbols: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        if symbols.len() != n * n {
            return Err(GridError::BadRegions {
                reason: format!("expected {} symbols, found {}", n * n, symbols.len()),
            });
        }
        let mut names: Vec<char> = Vec::new();
        let mut regions: Vec<Vec<usize>> = Vec::new();
        for (cell, &s) in symbols.iter().enumerate() {
            let k = match names.iter().position(|&x| x == s) {
                Some(k) => k,
                None => {
                    names.push(s);
                    regions.push(Vec::new());
                    names.len() - 1
                }
            };
            regions[k].push(cell);
        }
        if regions.len() != n {
            return Err(GridError::BadRegions {
                reason: format!("expected {n} regions, found {}", regions.len()),
            });
        }
        if let Some((k, r)) = regions.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(GridError::BadRegions {
                reason: format!("region `{}` has {} cells, expected {n}", names[k], r.len()),
            });
        }
        let mut units: Vec<Unit> = Layout::standard(shape)
            .units
            .into_iter()
            .filter(|u| u.kind != UnitKind::Box)
            .collect();
        units.extend(regions.into_iter().map(|cells| Unit {
            kind: UnitKind::Box,
            cells,
        }));
        Ok(Layout::from_units(shape, units, vec!["jigsaw"]))
    }

    /// Adds both main diagonals as units (Sudoku-X).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let l = Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals();
    /// assert_eq!(l.peers(0).len(), 26); // 20 + 6 more on the diagonal
    /// assert_eq!(l.variant_name(), "x");
    /// ```
    pub fn with_diagonals(self) -> Layout {
        let n = self.size();
        let main = (0..n).map(|k| k * n + k).collect();
        let anti = (0..n).map(|k| k * n + (n - 1 - k)).collect();
        self.with_units(
            "x",
            [
                Unit {
                    kind: UnitKind::Diagonal,
                    cells: main,
                },
                Unit {
                    kind: UnitKind::Diagonal,
                    cells: anti,
                },
            ],
        )
    }

    /// Adds the windows of windoku (hyper Sudoku): boxes offset by one row and column from the
    /// ordinary ones, separated by one row and column (four windows in 9×9). Defined for
    /// square boxes of side 2 or more.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let l = Layout::standard(Shape::new(3, 3).unwrap()).with_windows().unwrap();
    /// assert_eq!(l.units().len(), 31);
    /// assert!(Layout::standard(Shape::new(2, 3).unwrap()).with_windows().is_err());
    /// ```
    pub fn with_windows(self) -> Result<Layout, GridError> {
        let b = self.shape.box_rows();
        if b != self.shape.box_cols() || b < 2 {
            return Err(GridError::VariantNotDefined {
                variant: "windoku",
                n: self.size(),
                rows: self.shape.box_rows(),
                cols: self.shape.box_cols(),
            });
        }
        let n = self.size();
        let starts: Vec<usize> = (0..b - 1).map(|k| 1 + k * (b + 1)).collect();
        let mut windows = Vec::new();
        for &r0 in &starts {
            for &c0 in &starts {
                let mut cells = Vec::with_capacity(n);
                for r in r0..r0 + b {
                    for c in c0..c0 + b {
                        cells.push(r * n + c);
                    }
                }
                windows.push(Unit {
                    kind: UnitKind::Window,
                    cells,
                });
            }
        }
        Ok(self.with_units("windoku", windows))
    }

    /// Adds any extra units (each must be `n` distinct cells), under a variant name.
    ///
    /// # Panics
    ///
    /// If a unit lists a cell outside the grid: units are made by code (the variants here, or
    /// a caller's own), and such a unit is a mistake in that code. (Jigsaw regions, which come
    /// from users, are checked by [`Layout::jigsaw`] instead; a unit that lists a cell twice is
    /// refused by the encoder, `Encoding::new`.)
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape, Unit, UnitKind};
    /// let l = Layout::standard(Shape::new(2, 2).unwrap());
    /// let centre = Unit { kind: UnitKind::Extra, cells: vec![5, 6, 9, 10] };
    /// assert_eq!(l.with_units("centre", [centre]).units().len(), 13);
    /// ```
    pub fn with_units(
        mut self,
        variant: &'static str,
        extra: impl IntoIterator<Item = Unit>,
    ) -> Layout {
        let shape = self.shape;
        let cells = shape.cells();
        let mut units = std::mem::take(&mut self.units);
        for (k, unit) in extra.into_iter().enumerate() {
            if let Some(c) = unit.cells.iter().find(|&&c| c >= cells) {
                panic!(
                    "unit at index {k} of `{variant}` has cell {c}, outside the {cells} cells of the {n}x{n} grid",
                    n = shape.size()
                );
            }
            units.push(unit);
        }
        let mut names = self.variant;
        names.push(variant);
        Layout::from_units(shape, units, names)
    }

    fn from_units(shape: Shape, units: Vec<Unit>, variant: Vec<&'static str>) -> Layout {
        let cells = shape.cells();
        let mut cell_units = vec![Vec::new(); cells];
        for (u, unit) in units.iter().enumerate() {
            for &c in &unit.cells {
                cell_units[c].push(u);
            }
        }
        let mut peers = vec![Vec::new(); cells];
        let mut mark = vec![usize::MAX; cells];
        for (cell, list) in peers.iter_mut().enumerate() {
            mark[cell] = cell;
            for &u in &cell_units[cell] {
                for &p in &units[u].cells {
                    if mark[p] != cell {
                        mark[p] = cell;
                        list.push(p);
                    }
                }
            }
            list.sort_unstable();
        }
        Layout {
            shape,
            units,
            variant,
            cell_units,
            peers,
        }
    }

    /// The box shape.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let s = Shape::new(2, 3).unwrap();
    /// assert_eq!(Layout::standard(s).shape(), s);
    /// ```
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side `n`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// assert_eq!(Layout::standard(Shape::new(2, 3).unwrap()).size(), 6);
    /// ```
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The number of cells, `n²`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// assert_eq!(Layout::standard(Shape::new(2, 3).unwrap()).cells(), 36);
    /// ```
    pub fn cells(&self) -> usize {
        self.shape.cells()
    }

    /// Every unit: rows `0..n`, columns `n..2n`, boxes or regions `2n..3n`, then extra units.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape, UnitKind};
    /// let l = Layout::standard(Shape::new(3, 3).unwrap());
    /// assert_eq!(l.units()[9].kind, UnitKind::Column);
    /// ```
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The indexes (into [`Layout::units`]) of the units that contain `cell`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let l = Layout::standard(Shape::new(3, 3).unwrap());
    /// assert_eq!(l.units_of(10), &[1, 10, 18]); // row 1, column 1, box 0
    /// ```
    pub fn units_of(&self, cell: usize) -> &[usize] {
        &self.cell_units[cell]
    }

    /// The cells that share a unit with `cell` (not `cell` itself), in increasing order.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let l = Layout::standard(Shape::new(2, 2).unwrap());
    /// assert_eq!(l.peers(0), &[1, 2, 3, 4, 5, 8, 12]);
    /// ```
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// A unit's name as people say it, numbered from 1 within its kind: `row 1`, `column 7`,
    /// `box 3` (`region 3` in jigsaw layouts), `diagonal 1` (the main one; 2 is the
    /// anti-diagonal), `window 2`, or `unit 30` for other extra units (numbered among all units).
    /// An index past the last unit is named `unit N` too.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// let l = Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals();
    /// assert_eq!(l.unit_name(0), "row 1");
    /// assert_eq!(l.unit_name(10), "column 2");
    /// assert_eq!(l.unit_name(26), "box 9");
    /// assert_eq!(l.unit_name(28), "diagonal 2");
    /// ```
    pub fn unit_name(&self, unit: usize) -> String {
        let Some(u) = self.units.get(unit) else {
            return format!("unit {}", unit + 1);
        };
        let ordinal = self.units[..unit]
            .iter()
            .filter(|v| v.kind == u.kind)
            .count()
            + 1;
        match u.kind {
            UnitKind::Row => format!("row {ordinal}"),
            UnitKind::Column => format!("column {ordinal}"),
            UnitKind::Box if self.variant.contains(&"jigsaw") => format!("region {ordinal}"),
            UnitKind::Box => format!("box {ordinal}"),
            UnitKind::Diagonal => format!("diagonal {ordinal}"),
            UnitKind::Window => format!("window {ordinal}"),
            UnitKind::Extra => format!("unit {}", unit + 1),
        }
    }

    /// Whether the layout is plain rows, columns and boxes.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// assert!(Layout::standard(Shape::new(3, 3).unwrap()).is_standard());
    /// ```
    pub fn is_standard(&self) -> bool {
        self.variant.is_empty()
    }

    /// The variant's name: `standard`, or the names of what was added, joined by `+`
    /// (`x`, `windoku`, `jigsaw`, `jigsaw+x`...).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Layout, Shape};
    /// assert_eq!(Layout::standard(Shape::new(3, 3).unwrap()).variant_name(), "standard");
    /// ```
    pub fn variant_name(&self) -> String {
        if self.variant.is_empty() {
            "standard".to_string()
        } else {
            self.variant.join("+")
        }
    }
}

/// Two givens that break a unit: the same digit twice in one row, column, box or extra unit.
///
/// Made by [`Grid::check_givens`]; its message names the digit, the unit and both cells
/// (rows and columns from 1).
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// g.set(0, 0, 3);
/// g.set(1, 1, 3);
/// let c = g.check_givens().unwrap_err();
/// assert_eq!(c.to_string(), "digit 3 appears twice in box 1 (r1c1 and r2c2)");
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("digit {digit} appears twice in {unit_name} ({first_name} and {second_name})")]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// The unit's index in [`Layout::units`].
    pub unit: usize,
    /// The unit's name, as [`Layout::unit_name`] gives it.
    pub unit_name: String,
    /// The first cell holding the digit (reading order).
    pub first: usize,
    /// The second cell holding it.
    pub second: usize,
    /// The first cell's name (`r1c2`).
    pub first_name: String,
    /// The second cell's name.
    pub second_name: String,
}

/// A Sudoku grid: its layout and the digit of every cell (0 for blank).
///
/// Cloning is cheap for the layout, which is shared.
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// g.set(0, 3, 4);
/// assert_eq!(g[(0, 3)], 4);
/// assert_eq!(g.get(0, 4), None); // outside the 4x4 grid
/// assert_eq!(g.givens(), 1);
/// assert!(!g.is_complete());
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    layout: Arc<Layout>,
    cells: Vec<u8>,
}

impl Grid {
    /// A blank grid of the standard layout for `shape`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert_eq!(Grid::empty(Shape::new(3, 3).unwrap()).givens(), 0);
    /// ```
    pub fn empty(shape: Shape) -> Grid {
        Grid::blank(Layout::shared_standard(shape))
    }

    /// A blank grid of the given layout.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dlxkit::sudoku::{Grid, Layout, Shape};
    /// let layout = Arc::new(Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals());
    /// assert_eq!(Grid::blank(layout).layout().variant_name(), "x");
    /// ```
    pub fn blank(layout: Arc<Layout>) -> Grid {
        let cells = vec![0; layout.cells()];
        Grid { layout, cells }
    }

    /// A grid with the given cell values (reading order, 0 for blank).
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dlxkit::sudoku::{Grid, Layout, Shape};
    /// let layout = Arc::new(Layout::standard(Shape::new(2, 2).unwrap()));
    /// assert!(Grid::from_cells(layout.clone(), vec![0; 16]).is_ok());
    /// assert!(Grid::from_cells(layout.clone(), vec![5; 16]).is_err());
    /// assert!(Grid::from_cells(layout, vec![0; 15]).is_err());
    /// ```
    pub fn from_cells(layout: Arc<Layout>, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != layout.cells() {
            return Err(GridError::BadCells {
                reason: format!("expected {} cells, got {}", layout.cells(), cells.len()),
            });
        }
        let n = layout.size();
        // The largest value first (a loop the compiler vectorises): most grids are fine.
        let largest = cells.iter().copied().max().unwrap_or(0);
        if let Some((i, &d)) = (largest as usize > n)
            .then(|| cells.iter().enumerate().find(|&(_, &d)| d as usize > n))
            .flatten()
        {
            return Err(GridError::BadCells {
                reason: format!(
                    "cell r{}c{} holds {d}, larger than {n}",
                    i / n + 1,
                    i % n + 1
                ),
            });
        }
        Ok(Grid { layout, cells })
    }

    /// The layout (shape and units).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert_eq!(Grid::empty(Shape::new(3, 3).unwrap()).layout().size(), 9);
    /// ```
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The same cells under another layout of the same shape (e.g. to add a variant).
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dlxkit::sudoku::{Grid, Layout, Shape};
    /// let g = Grid::empty(Shape::new(3, 3).unwrap());
    /// let x = Arc::new(Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals());
    /// assert_eq!(g.with_layout(x).unwrap().layout().units().len(), 29);
    /// ```
    pub fn with_layout(self, layout: Arc<Layout>) -> Result<Grid, GridError> {
        Grid::from_cells(layout, self.cells)
    }

    /// The side `n`.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert_eq!(Grid::empty(Shape::new(2, 3).unwrap()).size(), 6);
    /// ```
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The box shape.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let s = Shape::new(2, 3).unwrap();
    /// assert_eq!(Grid::empty(s).shape(), s);
    /// ```
    pub fn shape(&self) -> Shape {
        self.layout.shape()
    }

    /// Every cell's digit in reading order (0 for blank).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert_eq!(Grid::empty(Shape::new(2, 2).unwrap()).cells().len(), 16);
    /// ```
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The index of the cell at (row, column), if the grid has that cell (`row * n + col`
    /// alone would name another cell for a column past the edge).
    fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        let n = self.size();
        (row < n && col < n).then(|| row * n + col)
    }

    /// The index of the cell at (row, column), or a panic that names the cell.
    fn cell_or_panic(&self, row: usize, col: usize) -> usize {
        match self.cell_at(row, col) {
            Some(cell) => cell,
            None => {
                let n = self.size();
                panic!("cell ({row}, {col}) is outside the {n}x{n} grid")
            }
        }
    }

    /// The digit at (row, column), 0 for blank; `None` outside the grid. (Indexing,
    /// `grid[(row, col)]`, gives the digit and panics outside.)
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(g.get(1, 1), Some(0));
    /// assert_eq!(g.get(0, 4), None);
    /// ```
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        self.cell_at(row, col).map(|cell| self.cells[cell])
    }

    /// Sets the digit at (row, column); 0 clears it.
    ///
    /// # Panics
    ///
    /// If the digit is larger than `n`, or the cell is outside the grid.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(2, 2).unwrap());
    /// g.set(1, 2, 3);
    /// assert_eq!(g.cells()[6], 3);
    /// ```
    pub fn set(&mut self, row: usize, col: usize, digit: u8) {
        assert!(digit as usize <= self.size(), "digit {digit} out of range");
        let cell = self.cell_or_panic(row, col);
        self.cells[cell] = digit;
    }

    /// Sets the digit of a cell by index (see [`Grid::set`]).
    ///
    /// # Panics
    ///
    /// If the digit is larger than `n`, or there is no cell `cell` (`n²` or more).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(2, 2).unwrap());
    /// g.set_cell(6, 3);
    /// assert_eq!(g[(1, 2)], 3);
    /// ```
    pub fn set_cell(&mut self, cell: usize, digit: u8) {
        assert!(digit as usize <= self.size(), "digit {digit} out of range");
        assert!(
            cell < self.cells.len(),
            "cell {cell} is outside the grid of {} cells",
            self.cells.len()
        );
        self.cells[cell] = digit;
    }

    /// The number of filled cells.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert_eq!(Grid::empty(Shape::new(2, 2).unwrap()).givens(), 0);
    /// ```
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell is filled.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert!(!Grid::empty(Shape::new(2, 2).unwrap()).is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first pair of filled cells that share a unit and a digit, if any (cell indexes).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(2, 2).unwrap());
    /// g.set(0, 0, 1);
    /// g.set(3, 0, 1);
    /// assert_eq!(g.first_conflict(), Some((0, 12)));
    /// ```
    pub fn first_conflict(&self) -> Option<(usize, usize)> {
        let n = self.size();
        let mut seen = vec![usize::MAX; n + 1];
        let mut best: Option<(usize, usize)> = None;
        for unit in self.layout.units() {
            seen.iter_mut().for_each(|s| *s = usize::MAX);
            for &c in &unit.cells {
                let d = self.cells[c] as usize;
                if d == 0 {
                    continue;
                }
                if seen[d] != usize::MAX {
                    let pair = (seen[d].min(c), seen[d].max(c));
                    if best.is_none_or(|b| pair < b) {
                        best = Some(pair);
                    }
                } else {
                    seen[d] = c;
                }
            }
        }
        best
    }

    /// Checks that no digit appears twice in one unit, before any search. On failure, names
    /// the first unit (in [`Layout::units`] order) holding a repeated digit and the first two
    /// cells (in reading order) that hold it.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let mut g = Grid::empty(Shape::new(3, 3).unwrap());
    /// g.set(0, 1, 5);
    /// g.set(0, 6, 5);
    /// let conflict = g.check_givens().unwrap_err();
    /// assert_eq!(conflict.to_string(), "digit 5 appears twice in row 1 (r1c2 and r1c7)");
    /// assert_eq!((conflict.first, conflict.second), (1, 6));
    /// ```
    pub fn check_givens(&self) -> Result<(), Conflict> {
        // One pass over the cells, skipping blanks: each given is tested against the digits
        // seen so far in each of its units, one bit per digit in two words (digits are at
        // most `MAX_SIZE`, below 128). Kept on the stack up to 64 units.
        const _: () = assert!(MAX_SIZE < 128);
        let units = self.layout.units().len();
        let mut on_stack = [[0u64; 2]; 64];
        let mut on_heap = Vec::new();
        let seen: &mut [[u64; 2]] = if units <= on_stack.len() {
            &mut on_stack[..units]
        } else {
            on_heap.resize(units, [0u64; 2]);
            &mut on_heap
        };
        for (c, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let (word, bit) = (usize::from(d >> 6), 1u64 << (d & 63));
            for &u in self.layout.units_of(c) {
                if seen[u][word] & bit != 0 {
                    let first = self.layout.units()[u]
                        .cells
                        .iter()
                        .copied()
                        .find(|&f| self.cells[f] == d)
                        .expect("the digit was seen in this unit");
                    return Err(Conflict {
                        digit: d,
                        unit: u,
                        unit_name: self.layout.unit_name(u),
                        first,
                        second: c,
                        first_name: self.cell_name(first),
                        second_name: self.cell_name(c),
                    });
                }
                seen[u][word] |= bit;
            }
        }
        Ok(())
    }

    /// Whether the grid is complete and breaks no unit.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert!(!Grid::empty(Shape::new(2, 2).unwrap()).is_solved());
    /// ```
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.first_conflict().is_none()
    }

    /// Whether `solution` fills this grid: same layout, every given kept.
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert!(g.is_filled_by(&g)); // trivially keeps (no) givens
    /// ```
    pub fn is_filled_by(&self, solution: &Grid) -> bool {
        self.layout == solution.layout
            && self
                .cells
                .iter()
                .zip(&solution.cells)
                .all(|(&g, &s)| g == 0 || g == s)
    }

    /// A name for a cell as people write it: `r3c7` (rows and columns from 1).
    ///
    /// ```
    /// # use dlxkit::sudoku::{Grid, Shape};
    /// assert_eq!(Grid::empty(Shape::new(3, 3).unwrap()).cell_name(10), "r2c2");
    /// ```
    pub fn cell_name(&self, cell: usize) -> String {
        let n = self.size();
        format!("r{}c{}", cell / n + 1, cell % n + 1)
    }
}

/// `grid[(row, col)]`: the digit of a cell, 0 for blank.
///
/// # Panics
///
/// If the cell is outside the grid ([`Grid::get`] answers `None` there instead).
///
/// ```
/// # use dlxkit::sudoku::{Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 2).unwrap());
/// g.set(3, 1, 2);
/// assert_eq!(g[(3, 1)], 2);
/// ```
impl std::ops::Index<(usize, usize)> for Grid {
    type Output = u8;

    fn index(&self, (row, col): (usize, usize)) -> &u8 {
        &self.cells[self.cell_or_panic(row, col)]
    }
}
