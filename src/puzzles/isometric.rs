//! Isometric pictures of cubes: a packing of polycubes seen from above and in front, the
//! assembled solid on the left and its layers beside it, each layer a slab of its own so that
//! every cube shows its top.
//!
//! Space has `x` going right and towards the viewer, `y` going left and towards the viewer,
//! and `z` up; a point `(x, y, z)` is drawn at `(x - y)·c, (x + y)·s/2 - z·s` for a cube of
//! side `s` (`c = s·√3/2`). A cube shows three faces: its top (`+z`), its left (`+y`) and its
//! right (`+x`) face, lit from above so the top is the piece's colour and the sides darker.
//! Only faces with no cube of the picture against them are drawn, nearer cubes (greater
//! `x + y + z`) after farther ones, so that a face hidden behind a nearer cube is painted over.
//!
//! Each face is one `<path class="top|left|right" data-piece="NAME">`; a face of a layer slab
//! has `data-layer="Z"` as well. Slab `z` is the layer's cubes moved by `(d, -d, -z)` with
//! `d = (z + 1)·(⌊(X + Y)/2⌋ + 1)` for a solid of `X`×`Y` cubes across: on the floor, right of
//! the solid and of the slab before. An undrawn `<path class="frame">` gives the origin and the
//! three unit axes, `M o L o+x M o L o+y M o L o+z`, so a reader can map corners back to
//! cubes.

use super::picture::{Point, MARGIN};
use crate::svg::{self, num, polygon_path, Svg};

/// The side of a cube in pixels.
const SIDE: f64 = 20.0;

/// One cube of a picture: where, the colour index of its piece, and the piece's name.
pub(crate) struct Block<'a> {
    pub(crate) at: (usize, usize, usize),
    pub(crate) colour: usize,
    pub(crate) name: &'a str,
}

/// A face of a unit cube: its class, the direction it faces, its corners (offsets from the
/// cube's low corner), and how much darker than the piece's colour it is drawn.
struct Face {
    class: &'static str,
    normal: (i64, i64, i64),
    corners: [(f64, f64, f64); 4],
    shade: f64,
}

const FACES: [Face; 3] = [
    Face {
        class: "left",
        normal: (0, 1, 0),
        corners: [(0., 1., 0.), (1., 1., 0.), (1., 1., 1.), (0., 1., 1.)],
        shade: 0.8,
    },
    Face {
        class: "right",
        normal: (1, 0, 0),
        corners: [(1., 0., 0.), (1., 1., 0.), (1., 1., 1.), (1., 0., 1.)],
        shade: 0.62,
    },
    Face {
        class: "top",
        normal: (0, 0, 1),
        corners: [(0., 0., 1.), (1., 0., 1.), (1., 1., 1.), (0., 1., 1.)],
        shade: 1.0,
    },
];

/// Where a point of space is drawn, before the picture is moved into its box.
fn project((x, y, z): (f64, f64, f64)) -> Point {
    let c = SIDE * 3f64.sqrt() / 2.0;
    ((x - y) * c, (x + y) * SIDE / 2.0 - z * SIDE)
}

/// A colour `#rrggbb` with each component scaled by `factor`.
fn darker(hex: &str, factor: f64) -> String {
    let channel = |k: usize| {
        let v =
            u8::from_str_radix(hex.get(1 + 2 * k..3 + 2 * k).unwrap_or("80"), 16).unwrap_or(128);
        (f64::from(v) * factor).round().clamp(0.0, 255.0) as u8
    };
    format!("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2))
}

/// A face to draw: its depth (for the order), its corners in space, its class, fill and
/// attributes.
struct Drawn {
    depth: (i64, i64),
    corners: Vec<(f64, f64, f64)>,
    class: &'static str,
    fill: String,
    piece: String,
    layer: Option<usize>,
}

/// The faces of `blocks`, moved by `offset`, that no other of these blocks covers.
fn faces_of(
    blocks: &[&Block],
    offset: (f64, f64, f64),
    layer: Option<usize>,
    out: &mut Vec<Drawn>,
) {
    let filled: std::collections::HashSet<(i64, i64, i64)> = blocks
        .iter()
        .map(|b| (b.at.0 as i64, b.at.1 as i64, b.at.2 as i64))
        .collect();
    for b in blocks {
        let (x, y, z) = (b.at.0 as i64, b.at.1 as i64, b.at.2 as i64);
        for face in &FACES {
            let (dx, dy, dz) = face.normal;
            if filled.contains(&(x + dx, y + dy, z + dz)) {
                continue;
            }
            let corners = face
                .corners
                .iter()
                .map(|&(cx, cy, cz)| {
                    (
                        x as f64 + cx + offset.0,
                        y as f64 + cy + offset.1,
                        z as f64 + cz + offset.2,
                    )
                })
                .collect();
            out.push(Drawn {
                depth: (layer.map_or(0, |l| l as i64 + 1), x + y + z),
                corners,
                class: face.class,
                fill: darker(svg::colour(b.colour), face.shade),
                piece: b.name.to_string(),
                layer,
            });
        }
    }
}

/// Draws the blocks assembled, then each layer `z` as a slab beside it.
pub(crate) fn packing(blocks: &[Block]) -> Svg {
    let mut drawn = Vec::new();
    let all: Vec<&Block> = blocks.iter().collect();
    faces_of(&all, (0.0, 0.0, 0.0), None, &mut drawn);
    let size = |f: fn(&Block) -> usize| blocks.iter().map(|b| f(b) + 1).max().unwrap_or(0);
    let (sx, sy, sz) = (size(|b| b.at.0), size(|b| b.at.1), size(|b| b.at.2));
    // Moving a slab by (d, -d, 0) moves it right by 2d·c: past the solid and the slab before.
    let step = ((sx + sy) / 2 + 1) as f64;
    for z in 0..sz {
        let layer: Vec<&Block> = blocks.iter().filter(|b| b.at.2 == z).collect();
        let d = step * (z + 1) as f64;
        faces_of(&layer, (d, -d, -(z as f64)), Some(z), &mut drawn);
    }
    // Stable: within one depth, left and right faces before tops, as FACES lists them.
    drawn.sort_by_key(|f| f.depth);

    let points: Vec<Point> = drawn
        .iter()
        .flat_map(|f| f.corners.iter().map(|&p| project(p)))
        .chain([project((0.0, 0.0, 0.0))])
        .collect();
    let min_x = points.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let min_y = points.iter().map(|p| p.1).fold(f64::MAX, f64::min);
    let max_x = points.iter().map(|p| p.0).fold(f64::MIN, f64::max);
    let max_y = points.iter().map(|p| p.1).fold(f64::MIN, f64::max);
    let at = |p: (f64, f64, f64)| {
        let (u, v) = project(p);
        (u - min_x + MARGIN, v - min_y + MARGIN)
    };
    let mut out = Svg::new(max_x - min_x + 2.0 * MARGIN, max_y - min_y + 2.0 * MARGIN);
    let o = at((0.0, 0.0, 0.0));
    let frame: String = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
        .iter()
        .map(|&e| {
            let p = at(e);
            format!("M{} {}L{} {}", num(o.0), num(o.1), num(p.0), num(p.1))
        })
        .collect();
    out.path("frame", "none", &frame, &[("stroke", "none")]);
    for f in &drawn {
        let corners: Vec<Point> = f.corners.iter().map(|&p| at(p)).collect();
        let layer = f.layer.map(|l| l.to_string());
        let mut attrs = vec![
            ("stroke", "#222"),
            ("stroke-linejoin", "round"),
            ("data-piece", f.piece.as_str()),
        ];
        if let Some(l) = &layer {
            attrs.push(("data-layer", l.as_str()));
        }
        out.path(f.class, &f.fill, &polygon_path(&corners), &attrs);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_darker() {
        assert_eq!(darker("#80ff00", 0.5), "#408000");
        assert_eq!(darker("#ffffff", 1.0), "#ffffff");
    }

    #[test]
    fn hidden_faces_are_left_out() {
        // Two cubes side by side along x: the first one's right face touches the second.
        let blocks = [
            Block {
                at: (0, 0, 0),
                colour: 0,
                name: "A",
            },
            Block {
                at: (1, 0, 0),
                colour: 1,
                name: "B",
            },
        ];
        let text = packing(&blocks).to_string();
        // Solid: 2 tops, 2 lefts, 1 right; each slab (one layer) the same.
        assert_eq!(text.matches("class=\"top\"").count(), 4);
        assert_eq!(text.matches("class=\"left\"").count(), 4);
        assert_eq!(text.matches("class=\"right\"").count(), 2);
    }
}
