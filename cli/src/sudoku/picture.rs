//! `sudoku solve --format svg` and `--svg DIR`: a puzzle drawn as puzzle books draw it. Thin
//! lines between cells and thick ones between boxes (or the regions of a jigsaw), the windows
//! of windoku shaded, the diagonals of Sudoku-X drawn, killer cages as dashed outlines just
//! inside their cells with the sum in the first cell's corner, the givens in bold black and the
//! digits the solver found in blue. Above the grid, the verdict line of `--format grid`, so a
//! search cut short says so in the picture too.

use dlxkit::sudoku::killer::Cage;
use dlxkit::sudoku::{Grid, UnitKind};
use dlxkit::svg::{self, Svg};

/// The side of a cell.
const CELL: f64 = 36.0;
/// The space around the grid.
const MARGIN: f64 = 12.0;
/// The height of the verdict line above the grid.
const TITLE: f64 = 20.0;
/// How far a cage's outline lies inside its cells.
const INSET: f64 = 4.0;

/// The top left corner of cell `(row, col)`.
fn corner(row: usize, col: usize) -> (f64, f64) {
    (
        MARGIN + col as f64 * CELL,
        MARGIN + TITLE + row as f64 * CELL,
    )
}

/// A segment as path data.
fn segment(d: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    d.push_str(&format!(
        "M{} {}L{} {}",
        svg::num(x1),
        svg::num(y1),
        svg::num(x2),
        svg::num(y2)
    ));
}

/// The picture of a puzzle: `puzzle` holds its givens, `solution` the grid to show (none when
/// there is no single solution to show), `cages` its killer cages.
pub fn draw(title: &str, puzzle: &Grid, solution: Option<&Grid>, cages: &[Cage]) -> Svg {
    let n = puzzle.size();
    let side = n as f64 * CELL;
    let mut out = Svg::new(side + 2.0 * MARGIN, side + 2.0 * MARGIN + TITLE);
    out.text_class(
        "title",
        (MARGIN + side / 2.0, MARGIN + TITLE / 2.0 - 4.0),
        12.0,
        &[],
        title,
    );
    let layout = puzzle.layout();
    // Each cell's box (region), and the shaded windows.
    let mut region = vec![0usize; n * n];
    let mut boxes = 0;
    let mut windows = String::new();
    for unit in layout.units() {
        match unit.kind {
            UnitKind::Box => {
                for &c in &unit.cells {
                    region[c] = boxes;
                }
                boxes += 1;
            }
            UnitKind::Window => {
                for &c in &unit.cells {
                    let (x, y) = corner(c / n, c % n);
                    windows.push_str(&svg::polygon_path(&[
                        (x, y),
                        (x + CELL, y),
                        (x + CELL, y + CELL),
                        (x, y + CELL),
                    ]));
                }
            }
            _ => {}
        }
    }
    let (left, top) = corner(0, 0);
    out.path(
        "background",
        "#fff",
        &svg::polygon_path(&[
            (left, top),
            (left + side, top),
            (left + side, top + side),
            (left, top + side),
        ]),
        &[],
    );
    if !windows.is_empty() {
        out.path("window", "#e4e4e4", &windows, &[]);
    }
    if layout.units().iter().any(|u| u.kind == UnitKind::Diagonal) {
        let mut d = String::new();
        segment(&mut d, (left, top), (left + side, top + side));
        segment(&mut d, (left + side, top), (left, top + side));
        out.lines("diagonal", "#9ab", 1.5, &d);
    }
    // Thin lines between the cells of a box, thick ones between boxes and around the grid.
    let mut thin = String::new();
    let mut thick = String::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = corner(r, c);
            if c + 1 < n {
                let d = match region[r * n + c] == region[r * n + c + 1] {
                    true => &mut thin,
                    false => &mut thick,
                };
                segment(d, (x + CELL, y), (x + CELL, y + CELL));
            }
            if r + 1 < n {
                let d = match region[r * n + c] == region[(r + 1) * n + c] {
                    true => &mut thin,
                    false => &mut thick,
                };
                segment(d, (x, y + CELL), (x + CELL, y + CELL));
            }
        }
    }
    out.lines("cell-lines", "#999", 1.0, &thin);
    out.lines("box-lines", "#222", 3.0, &thick);
    out.lines(
        "border",
        "#222",
        3.0,
        &svg::polygon_path(&[
            (left, top),
            (left + side, top),
            (left + side, top + side),
            (left, top + side),
        ]),
    );
    for cage in cages {
        draw_cage(&mut out, cage, n);
    }
    for cell in 0..n * n {
        let (x, y) = corner(cell / n, cell % n);
        let centre = (x + CELL / 2.0, y + CELL / 2.0 + 2.0);
        let given = puzzle.cells()[cell];
        let shown = solution.map_or(given, |s| s.cells()[cell]);
        if shown == 0 {
            continue;
        }
        let size = if shown > 9 { 16.0 } else { 20.0 };
        let text = shown.to_string();
        if given != 0 {
            out.text_class("given", centre, size, &[("font-weight", "bold")], &text);
        } else {
            out.text_class("solved", centre, size, &[("fill", "#1f5fbf")], &text);
        }
    }
    out
}

/// A cage: its outline `INSET` inside the edges it shares with other cages (a concave corner
/// reaches `INSET` past the edge, so the outline closes), and its sum on a white patch in the
/// corner of its first cell.
fn draw_cage(out: &mut Svg, cage: &Cage, n: usize) {
    let inside = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && cage
                .cells
                .binary_search(&(r as usize * n + c as usize))
                .is_ok()
    };
    let mut d = String::new();
    for &cell in &cage.cells {
        let (r, c) = ((cell / n) as isize, (cell % n) as isize);
        let (x, y) = corner(cell / n, cell % n);
        // Where the outline along one side starts and ends: INSET in from a convex corner, 0
        // on a straight run, INSET beyond at a concave corner.
        let reach = |along: bool, diagonal: bool| match (along, diagonal) {
            (false, _) => INSET,
            (true, false) => 0.0,
            (true, true) => -INSET,
        };
        // Top and bottom sides: the neighbours along are left and right.
        for (dr, inset_y) in [(-1, y + INSET), (1, y + CELL - INSET)] {
            if inside(r + dr, c) {
                continue;
            }
            let a = reach(inside(r, c - 1), inside(r + dr, c - 1));
            let b = reach(inside(r, c + 1), inside(r + dr, c + 1));
            segment(&mut d, (x + a, inset_y), (x + CELL - b, inset_y));
        }
        // Left and right sides: the neighbours along are above and below.
        for (dc, inset_x) in [(-1, x + INSET), (1, x + CELL - INSET)] {
            if inside(r, c + dc) {
                continue;
            }
            let a = reach(inside(r - 1, c), inside(r - 1, c + dc));
            let b = reach(inside(r + 1, c), inside(r + 1, c + dc));
            segment(&mut d, (inset_x, y + a), (inset_x, y + CELL - b));
        }
    }
    out.dashed("cage", "#333", 1.0, &d);
    if let Some(&first) = cage.cells.first() {
        let (x, y) = corner(first / n, first % n);
        let text = cage.sum.to_string();
        let w = 6.0 * text.len() as f64 + 2.0;
        out.path(
            "sum-back",
            "#fff",
            &svg::polygon_path(&[
                (x + 1.0, y + 1.0),
                (x + 1.0 + w, y + 1.0),
                (x + 1.0 + w, y + 11.0),
                (x + 1.0, y + 11.0),
            ]),
            &[],
        );
        out.text_class("sum", (x + 2.0 + w / 2.0, y + 5.0), 10.0, &[], &text);
    }
}
