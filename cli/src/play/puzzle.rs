//! A puzzle as the API reads and writes it, and the layout the page draws.
//!
//! A puzzle travels as `{"size": 9, "box": "3x3", "variant": "x", "regions": null,
//! "cells": "..3.2.6.."}`: the cells in the line format of `dlxkit sudoku` (`.` or `0` for
//! a blank, `1-9` then `A-G`), the box shape as `RxC` (inferred from the size when left
//! out), the variant by name, and a jigsaw's region map (one symbol per cell). The
//! library reads the cells, so every message about them is the one `dlxkit sudoku` gives.
//!
//! Responses that hand the page a new puzzle add its [`LayoutView`]: every unit (for the
//! conflict highlighting), each cell's box or region (for the thick borders) and the cells
//! of the variant's extra units (shaded).

use std::sync::Arc;

use dlxkit::sudoku::parse::{parse_grid, to_line, Format, ParseOptions};
use dlxkit::sudoku::{Grid, Layout, Shape, UnitKind, Variant};
use serde::{Deserialize, Serialize};

use super::error::ApiError;

/// The largest side the board draws (and the API accepts).
pub const MAX_SIDE: usize = 16;

/// A puzzle: its geometry and its givens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSpec {
    /// The side.
    pub size: usize,
    /// The box shape, `RxC` [default: from the size].
    #[serde(rename = "box", default)]
    pub box_shape: Option<String>,
    /// `standard`, `x`, `windoku` or `jigsaw` [default: standard].
    #[serde(default)]
    pub variant: Option<String>,
    /// A jigsaw's region map.
    #[serde(default)]
    pub regions: Option<String>,
    /// The cells in reading order.
    pub cells: String,
}

/// The geometry of a request: side, box shape, variant and regions, checked.
pub fn layout_of(
    size: usize,
    box_shape: Option<&str>,
    variant: Option<&str>,
    regions: Option<&str>,
) -> Result<Arc<Layout>, ApiError> {
    check_size(size)?;
    let shape = shape_of(size, box_shape)?;
    variant_of(variant, regions)?
        .shared_layout(shape)
        .map_err(|e| ApiError::bad(e.to_string()))
}

/// Refuses a side the board does not draw.
pub fn check_size(size: usize) -> Result<(), ApiError> {
    if size == 0 || size > MAX_SIDE {
        return Err(ApiError::bad(format!(
            "size {size} is not on the board: sides go from 1 to {MAX_SIDE}"
        )));
    }
    Ok(())
}

/// The box shape for a side: the one given (which must make that side) or the usual one.
pub fn shape_of(size: usize, box_shape: Option<&str>) -> Result<Shape, ApiError> {
    match box_shape {
        Some(text) => {
            let shape = Shape::parse(text).map_err(|e| ApiError::bad(format!("box: {e}")))?;
            if shape.size() != size {
                return Err(ApiError::bad(format!(
                    "box {shape} makes a side of {}, not {size}",
                    shape.size()
                )));
            }
            Ok(shape)
        }
        None => Shape::for_size(size).map_err(|_| {
            ApiError::bad(format!(
                "a side of {size} has no usual box shape: give one, as in \"box\": \"2x3\""
            ))
        }),
    }
}

/// A variant by name (standard when none), with its regions for a jigsaw.
pub fn variant_of(name: Option<&str>, regions: Option<&str>) -> Result<Variant, ApiError> {
    let name = name.unwrap_or("standard");
    let variant = Variant::parse(name, regions).map_err(|e| ApiError::bad(e.to_string()))?;
    if regions.is_some() && !matches!(variant, Variant::Jigsaw { .. }) {
        return Err(ApiError::bad(format!(
            "regions are a jigsaw's: variant `{name}` takes none"
        )));
    }
    Ok(variant)
}

/// Reads `text` as the cells of one puzzle of `layout`, in the line format. With
/// `check_givens`, a digit twice in a unit is an error. `what` names the field in messages.
pub fn read_cells(
    layout: &Arc<Layout>,
    text: &str,
    what: &str,
    check_givens: bool,
) -> Result<Grid, ApiError> {
    let options = ParseOptions::default()
        .format(Format::Line)
        .shape(layout.shape())
        .check_givens(false);
    let bad = |e: &dyn std::fmt::Display| ApiError::bad(format!("{what}: {e}"));
    let grid = parse_grid(text, &options).map_err(|e| bad(&e.kind))?;
    // The cells under the puzzle's own geometry (the parser read them as a standard grid).
    let grid = grid.with_layout(Arc::clone(layout)).map_err(|e| bad(&e))?;
    if check_givens {
        grid.check_givens().map_err(|e| bad(&e))?;
    }
    Ok(grid)
}

impl PuzzleSpec {
    /// The puzzle's layout.
    pub fn layout(&self) -> Result<Arc<Layout>, ApiError> {
        layout_of(
            self.size,
            self.box_shape.as_deref(),
            self.variant.as_deref(),
            self.regions.as_deref(),
        )
    }

    /// The puzzle's grid of givens (refused if two givens break a unit).
    pub fn grid(&self) -> Result<Grid, ApiError> {
        read_cells(&self.layout()?, &self.cells, "cells", true)
    }

    /// The spec of a grid.
    pub fn of(grid: &Grid) -> PuzzleSpec {
        let layout = grid.layout();
        PuzzleSpec {
            size: grid.size(),
            box_shape: Some(grid.shape().to_string()),
            variant: Some(variant_name(layout).to_string()),
            regions: layout_regions(layout),
            cells: to_line(grid),
        }
    }
}

/// The variant's name of a layout made by [`Variant::layout`].
fn variant_name(layout: &Layout) -> &'static str {
    match layout.variant_name().as_str() {
        "x" => "x",
        "windoku" => "windoku",
        "jigsaw" => "jigsaw",
        _ => "standard",
    }
}

/// A jigsaw layout's region map (`A`, `B`, ... one symbol per cell), `None` for others.
fn layout_regions(layout: &Layout) -> Option<String> {
    (variant_name(layout) == "jigsaw").then(|| {
        region_of_cells(layout)
            .iter()
            .map(|&r| char::from_digit(r as u32 + 10, 36).map_or('?', |c| c.to_ascii_uppercase()))
            .collect()
    })
}

/// Each cell's box or region, numbered from 0 in the order of the layout's units.
fn region_of_cells(layout: &Layout) -> Vec<usize> {
    let mut region = vec![0; layout.cells()];
    let boxes = layout.units().iter().filter(|u| u.kind == UnitKind::Box);
    for (k, unit) in boxes.enumerate() {
        for &c in &unit.cells {
            region[c] = k;
        }
    }
    region
}

/// What the page needs to draw a layout and find conflicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LayoutView {
    /// Box rows and columns (the pencil marks are laid out as a box).
    pub box_rows: usize,
    /// See `box_rows`.
    pub box_cols: usize,
    /// Each cell's box or region, from 0.
    pub regions: Vec<usize>,
    /// Every unit's cells: rows, columns, boxes or regions, then extra units.
    pub units: Vec<Vec<usize>>,
    /// Every unit's name (`row 1`, `box 5`, `diagonal 2`, `window 3`).
    pub names: Vec<String>,
    /// The cells of the variant's extra units (diagonals, windows), to shade.
    pub shaded: Vec<usize>,
}

impl LayoutView {
    /// The view of a layout.
    pub fn of(layout: &Layout) -> LayoutView {
        let mut shaded: Vec<usize> = layout
            .units()
            .iter()
            .filter(|u| matches!(u.kind, UnitKind::Diagonal | UnitKind::Window))
            .flat_map(|u| u.cells.iter().copied())
            .collect();
        shaded.sort_unstable();
        shaded.dedup();
        LayoutView {
            box_rows: layout.shape().box_rows(),
            box_cols: layout.shape().box_cols(),
            regions: region_of_cells(layout),
            units: layout.units().iter().map(|u| u.cells.clone()).collect(),
            names: (0..layout.units().len())
                .map(|u| layout.unit_name(u))
                .collect(),
            shaded,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(size: usize, variant: Option<&str>, regions: Option<&str>, cells: &str) -> PuzzleSpec {
        PuzzleSpec {
            size,
            box_shape: None,
            variant: variant.map(String::from),
            regions: regions.map(String::from),
            cells: cells.into(),
        }
    }

    #[test]
    fn a_spec_round_trips_through_its_grid() {
        let map = "AABB ABAB CDCD CCDD";
        let s = spec(4, Some("jigsaw"), Some(map), "1.......3.......");
        let grid = s.grid().unwrap();
        let back = PuzzleSpec::of(&grid);
        assert_eq!(back.regions.as_deref(), Some("AABBABABCDCDCCDD"));
        assert_eq!(back.box_shape.as_deref(), Some("2x2"));
        assert_eq!(back.grid().unwrap(), grid);
        let x = spec(6, Some("x"), None, &".".repeat(36)).grid().unwrap();
        assert_eq!(PuzzleSpec::of(&x).variant.as_deref(), Some("x"));
    }

    #[test]
    fn bad_specs_are_named() {
        let msg = |s: PuzzleSpec| s.grid().unwrap_err().message;
        assert_eq!(
            msg(spec(25, None, None, "")),
            "size 25 is not on the board: sides go from 1 to 16"
        );
        assert_eq!(
            msg(spec(9, None, None, "12")),
            "cells: expected 81 cells, found 2"
        );
        assert_eq!(
            msg(spec(4, None, None, "11..............")),
            "cells: digit 1 appears twice in row 1 (r1c1 and r1c2)"
        );
        assert_eq!(
            msg(spec(6, Some("windoku"), None, "")),
            "variant windoku is not defined for a 6x6 grid with 2x3 boxes"
        );
        assert_eq!(
            msg(spec(4, Some("x"), Some("AABBAABBCCDDCCDD"), "")),
            "regions are a jigsaw's: variant `x` takes none"
        );
        assert_eq!(
            msg(spec(7, None, None, "")),
            "a side of 7 has no usual box shape: give one, as in \"box\": \"2x3\""
        );
    }

    #[test]
    fn the_view_shades_extra_units_and_numbers_regions() {
        let layout = layout_of(9, None, Some("windoku"), None).unwrap();
        let view = LayoutView::of(&layout);
        assert_eq!(view.units.len(), 31);
        assert_eq!(view.shaded.len(), 36);
        assert_eq!((view.regions[0], view.regions[80]), (0, 8));
        assert_eq!(view.names[30], "window 4");
    }
}
