//! Pictures of packings as SVG: a board made of cells (squares, triangles, hexagons, or the
//! layers of a solid), and pieces that cover them, each piece one `<path>` whose subpaths are
//! its cells, in the piece's own colour, with thick lines where two pieces meet.
//!
//! Every packing puzzle draws through [`tiling`]: it only has to say where the corners of each
//! cell are. Corners are rounded to two decimals once, here, so a corner shared by two cells is
//! written the same way in both, and a reader (or a test) can match the pieces' cells against
//! the board's from the SVG alone.

use std::collections::HashMap;

use crate::svg::{colour, num, polygon_path, Svg};

/// A point of the picture, in pixels before the margin is added.
pub(crate) type Point = (f64, f64);

/// One piece laid on the board: its colour index, its name, and its cells' corners.
pub(crate) struct Tile {
    pub(crate) colour: usize,
    pub(crate) name: String,
    pub(crate) cells: Vec<Vec<Point>>,
    /// A label for each cell (the digits of a Langford pair), or `None` to write the piece's
    /// name once, near its middle.
    pub(crate) cell_labels: Option<Vec<String>>,
}

/// The margin around a picture, in pixels.
pub(crate) const MARGIN: f64 = 4.0;

/// An edge of a cell: its two ends as written in the file, the smaller first.
type Edge = ((String, String), (String, String));

fn key(p: Point) -> (String, String) {
    (num(p.0), num(p.1))
}

/// Draws a board and the pieces on it.
///
/// The document holds, in order: one `<path class="board">` with a subpath per board cell,
/// one `<path class="piece" data-piece="NAME">` per tile with a subpath per cell, the piece
/// edges as one `<path class="edges">`, and the labels.
pub(crate) fn tiling(board: &[Vec<Point>], tiles: &[Tile], font: f64) -> Svg {
    let all = board
        .iter()
        .chain(tiles.iter().flat_map(|t| t.cells.iter()));
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in all.flatten() {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Svg::new(2.0 * MARGIN, 2.0 * MARGIN);
    }
    let shift = |p: &Point| (p.0 - x0 + MARGIN, p.1 - y0 + MARGIN);
    let cell_path = |cell: &[Point]| {
        let moved: Vec<Point> = cell.iter().map(shift).collect();
        polygon_path(&moved)
    };
    let mut svg = Svg::new(x1 - x0 + 2.0 * MARGIN, y1 - y0 + 2.0 * MARGIN);
    let board_d: String = board.iter().map(|c| cell_path(c)).collect();
    svg.path("board", "#f0f0f0", &board_d, &[]);

    // Each edge (its two ends, written as in the file) and the tiles whose cells have it.
    let mut edges: HashMap<Edge, Vec<usize>> = HashMap::new();
    let mut order = Vec::new();
    for (t, tile) in tiles.iter().enumerate() {
        let d: String = tile.cells.iter().map(|c| cell_path(c)).collect();
        svg.path(
            "piece",
            colour(tile.colour),
            &d,
            &[("data-piece", tile.name.as_str())],
        );
        for cell in &tile.cells {
            for k in 0..cell.len() {
                let a = key(shift(&cell[k]));
                let b = key(shift(&cell[(k + 1) % cell.len()]));
                let e = if a <= b { (a, b) } else { (b, a) };
                let owners = edges.entry(e.clone()).or_default();
                if owners.is_empty() {
                    order.push(e);
                }
                owners.push(t);
            }
        }
    }
    for cell in board {
        for k in 0..cell.len() {
            let a = key(shift(&cell[k]));
            let b = key(shift(&cell[(k + 1) % cell.len()]));
            let e = if a <= b { (a, b) } else { (b, a) };
            if !edges.contains_key(&e) {
                edges.insert(e.clone(), vec![usize::MAX]);
                order.push(e);
            }
        }
    }
    let mut d = String::new();
    for e in &order {
        let owners = &edges[e];
        let inside = owners.len() == 2 && owners[0] == owners[1] && owners[0] != usize::MAX;
        if !inside {
            let ((ax, ay), (bx, by)) = e;
            d.push_str(&format!("M{ax} {ay}L{bx} {by}"));
        }
    }
    svg.lines("edges", "#222", 2.0, &d);

    for tile in tiles {
        match &tile.cell_labels {
            Some(labels) => {
                for (cell, label) in tile.cells.iter().zip(labels) {
                    let (x, y) = shift(&centre(cell));
                    svg.text(x, y, font, label);
                }
            }
            None => {
                if let Some(cell) = middle_cell(&tile.cells) {
                    let (x, y) = shift(&centre(cell));
                    svg.text(x, y, font, &tile.name);
                }
            }
        }
    }
    svg
}

/// The centre of gravity of a cell's corners.
pub(crate) fn centre(cell: &[Point]) -> Point {
    let n = cell.len().max(1) as f64;
    let x = cell.iter().map(|p| p.0).sum::<f64>() / n;
    let y = cell.iter().map(|p| p.1).sum::<f64>() / n;
    (x, y)
}

/// The cell of a piece nearest the middle of the piece, where its name is written.
fn middle_cell(cells: &[Vec<Point>]) -> Option<&Vec<Point>> {
    let centres: Vec<Point> = cells.iter().map(|c| centre(c)).collect();
    let middle = centre(&centres);
    let distance = |p: &Point| (p.0 - middle.0).powi(2) + (p.1 - middle.1).powi(2);
    cells
        .iter()
        .zip(&centres)
        .min_by(|a, b| distance(a.1).total_cmp(&distance(b.1)))
        .map(|(c, _)| c)
}

/// The corners of the square `(row, col)` of side `size`.
pub(crate) fn square(row: usize, col: usize, size: f64) -> Vec<Point> {
    let (x, y) = (col as f64 * size, row as f64 * size);
    vec![(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
}
