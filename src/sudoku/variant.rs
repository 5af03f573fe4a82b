//! Sudoku variants described by name, as a command line or a file header names them.
//!
//! | name | aliases | extra rule |
//! |---|---|---|
//! | `standard` | `classic` | rows, columns and boxes |
//! | `x` | `sudoku-x`, `diagonal` | both main diagonals hold every digit once |
//! | `windoku` | `hyper` | the windows (boxes offset by one cell) hold every digit once |
//! | `jigsaw` | `irregular` | irregular regions, given as a map, replace the boxes |
//!
//! A [`Variant`] turns into a [`Layout`] for a box shape with [`Variant::layout`].

use std::sync::Arc;

use super::grid::{GridError, Layout, Shape};

/// A Sudoku variant: the rules on top of rows and columns.
///
/// ```
/// use dlxkit::sudoku::{Shape, Variant};
/// let x = Variant::parse("x", None)?;
/// let layout = x.layout(Shape::new(3, 3)?)?;
/// assert_eq!(layout.variant_name(), "x");
/// assert_eq!(layout.units().len(), 29);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Standard,
    /// Sudoku-X: the two main diagonals are units too.
    X,
    /// Windoku (hyper Sudoku): the windows are units too.
    Windoku,
    /// Jigsaw: irregular regions replace the boxes. The map has one symbol per cell in
    /// reading order, one distinct symbol per region (white space ignored).
    Jigsaw {
        /// The region map, e.g. `AAABBBCCC...` (see [`Layout::jigsaw`]).
        regions: String,
    },
}

impl Variant {
    /// Reads a variant name (see the module table; case does not matter). `jigsaw` needs the
    /// region map in `regions`; the other variants ignore it.
    ///
    /// ```
    /// use dlxkit::sudoku::Variant;
    /// assert_eq!(Variant::parse("Windoku", None).unwrap(), Variant::Windoku);
    /// assert!(Variant::parse("jigsaw", None).is_err()); // the regions are missing
    /// assert_eq!(
    ///     Variant::parse("killer", None).unwrap_err().to_string(),
    ///     "unknown variant `killer`: choose one of standard, x, windoku, jigsaw"
    /// );
    /// ```
    pub fn parse(name: &str, regions: Option<&str>) -> Result<Variant, GridError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "standard" | "classic" => Ok(Variant::Standard),
            "x" | "sudoku-x" | "diagonal" => Ok(Variant::X),
            "windoku" | "hyper" => Ok(Variant::Windoku),
            "jigsaw" | "irregular" => match regions {
                Some(map) => Ok(Variant::Jigsaw {
                    regions: map.to_string(),
                }),
                None => Err(GridError::BadRegions {
                    reason: "a jigsaw variant needs a region map".to_string(),
                }),
            },
            _ => Err(GridError::UnknownVariant {
                name: name.to_string(),
            }),
        }
    }

    /// The variant's canonical name: `standard`, `x`, `windoku` or `jigsaw`.
    ///
    /// ```
    /// assert_eq!(dlxkit::sudoku::Variant::X.name(), "x");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw { .. } => "jigsaw",
        }
    }

    /// The layout of this variant for grids with boxes of `shape`.
    ///
    /// ```
    /// use dlxkit::sudoku::{Shape, Variant};
    /// let s = Shape::new(2, 3).unwrap();
    /// assert!(Variant::Windoku.layout(s).is_err()); // windows need square boxes
    /// assert_eq!(Variant::Standard.layout(s).unwrap().size(), 6);
    /// ```
    pub fn layout(&self, shape: Shape) -> Result<Layout, GridError> {
        let standard = Layout::standard(shape);
        match self {
            Variant::Standard => Ok(standard),
            Variant::X => Ok(standard.with_diagonals()),
            Variant::Windoku => standard.with_windows(),
            Variant::Jigsaw { regions } => Layout::jigsaw(shape, regions),
        }
    }

    /// [`Variant::layout`], shared: grids made from one `Arc<Layout>` share the DLX encoding
    /// cached by [`DlxSolver`](crate::sudoku::solvers::dlx::DlxSolver).
    ///
    /// ```
    /// use dlxkit::sudoku::{Grid, Shape, Variant};
    /// let layout = Variant::X.shared_layout(Shape::new(3, 3).unwrap()).unwrap();
    /// assert_eq!(Grid::blank(layout).layout().variant_name(), "x");
    /// ```
    pub fn shared_layout(&self, shape: Shape) -> Result<Arc<Layout>, GridError> {
        if *self == Variant::Standard {
            return Ok(Layout::shared_standard(shape));
        }
        self.layout(shape).map(Arc::new)
    }
}
