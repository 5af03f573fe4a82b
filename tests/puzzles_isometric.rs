//! Isometric pictures of polycube packings ([`dlxkit::puzzles::polycube::CubeView`]), read
//! back from the SVG's own coordinates: the frame path gives the projection's origin and
//! axes, every face is matched to the one cube face of the container that projects onto its
//! corners; the solid shows exactly the faces with no cube against them, each layer slab
//! shows every cube's top, the piece named on a cube is the same in the solid and in its
//! layer, and painting the faces in document order leaves each spot of the picture in the
//! colour of the nearest cube (the depth order).

use std::collections::{HashMap, HashSet};

use dlxkit::puzzles::polycube::{
    soma, Container, CubeView, PolycubeOptions, PolycubePacking, PolycubeSet,
};
use dlxkit::puzzles::Puzzle;

type Point = (f64, f64);
type Cube = (i64, i64, i64);

/// An attribute of a `<path .../>` line.
fn attr<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = line[start..].find('"')? + start;
    Some(&line[start..end])
}

/// The points of path data made of `M x yL x y...` (a `Z` ends a polygon).
fn points(d: &str) -> Vec<Point> {
    d.trim_end_matches('Z')
        .split(['M', 'L'])
        .filter(|s| !s.is_empty())
        .map(|p| {
            let (x, y) = p.trim().split_once(' ').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

struct Face {
    class: String,
    piece: String,
    layer: Option<i64>,
    corners: Vec<Point>,
}

/// The corners (in space) of a face of the unit cube at `c`.
fn corners_in_space(c: Cube, class: &str) -> [(f64, f64, f64); 4] {
    let (x, y, z) = (c.0 as f64, c.1 as f64, c.2 as f64);
    match class {
        "top" => [
            (x, y, z + 1.),
            (x + 1., y, z + 1.),
            (x + 1., y + 1., z + 1.),
            (x, y + 1., z + 1.),
        ],
        "left" => [
            (x, y + 1., z),
            (x + 1., y + 1., z),
            (x + 1., y + 1., z + 1.),
            (x, y + 1., z + 1.),
        ],
        "right" => [
            (x + 1., y, z),
            (x + 1., y + 1., z),
            (x + 1., y + 1., z + 1.),
            (x + 1., y, z + 1.),
        ],
        other => panic!("no face {other}"),
    }
}

fn normal(class: &str) -> Cube {
    match class {
        "top" => (0, 0, 1),
        "left" => (0, 1, 0),
        _ => (1, 0, 0),
    }
}

fn same_corners(a: &[Point], b: &[Point]) -> bool {
    a.len() == b.len()
        && a.iter().all(|p| {
            b.iter()
                .any(|q| (p.0 - q.0).abs() < 0.02 && (p.1 - q.1).abs() < 0.02)
        })
}

/// The two lattice triangles of a rhombus face (split along its short diagonal), each as its
/// centre rounded to a tenth of a pixel.
fn triangles(c: &[Point]) -> [(i64, i64); 2] {
    let d = |a: Point, b: Point| (a.0 - b.0).hypot(a.1 - b.1);
    let (a, b) = if d(c[0], c[2]) < d(c[1], c[3]) {
        (0, 2)
    } else {
        (1, 3)
    };
    let (p, q) = ((a + 1) % 4, (a + 3) % 4);
    let centre = |k: usize| {
        let x = (c[a].0 + c[b].0 + c[k].0) / 3.0;
        let y = (c[a].1 + c[b].1 + c[k].1) / 3.0;
        ((x * 10.0).round() as i64, (y * 10.0).round() as i64)
    };
    [centre(p), centre(q)]
}

/// Checks the isometric picture of one packing; returns the piece on each cube, and whether
/// a face was painted over another.
fn check_picture(svg: &str, cells: &[(usize, usize, usize)]) -> (HashMap<Cube, String>, bool) {
    let cells: HashSet<Cube> = cells
        .iter()
        .map(|&(x, y, z)| (x as i64, y as i64, z as i64))
        .collect();
    let mut frame = None;
    let mut faces = Vec::new();
    for line in svg.lines().filter(|l| l.starts_with("<path")) {
        let class = attr(line, "class").unwrap();
        let d = attr(line, "d").unwrap();
        if class == "frame" {
            frame = Some(points(d));
            continue;
        }
        faces.push(Face {
            class: class.to_string(),
            piece: attr(line, "data-piece").unwrap().to_string(),
            layer: attr(line, "data-layer").map(|l| l.parse().unwrap()),
            corners: points(d),
        });
    }
    let frame = frame.expect("a frame");
    assert_eq!(frame.len(), 6);
    let o = frame[0];
    let axis = |k: usize| (frame[2 * k + 1].0 - o.0, frame[2 * k + 1].1 - o.1);
    let (ex, ey, ez) = (axis(0), axis(1), axis(2));
    let project = |(x, y, z): (f64, f64, f64)| {
        (
            o.0 + x * ex.0 + y * ey.0 + z * ez.0,
            o.1 + x * ex.1 + y * ey.1 + z * ez.1,
        )
    };
    let sx = cells.iter().map(|c| c.0 + 1).max().unwrap();
    let sy = cells.iter().map(|c| c.1 + 1).max().unwrap();
    let step = (sx + sy) / 2 + 1;

    let mut solid_faces: HashSet<(Cube, String)> = HashSet::new();
    let mut solid_piece: HashMap<Cube, String> = HashMap::new();
    let mut layer_piece: HashMap<Cube, String> = HashMap::new();
    // Each lattice triangle: the depth of the faces painted on it, in document order.
    let mut painted: HashMap<(i64, i64), Vec<i64>> = HashMap::new();
    for face in &faces {
        assert_eq!(face.corners.len(), 4, "a face has four corners");
        // A face of the solid hides a face one step behind it along (1, 1, 1) exactly, so
        // a face is matched among the open faces, and of two open faces drawn on the same
        // spot, the farther one is drawn first.
        let open = |c: Cube| {
            let n = normal(&face.class);
            face.layer.is_some() || !cells.contains(&(c.0 + n.0, c.1 + n.1, c.2 + n.2))
        };
        let mut matches: Vec<Cube> = cells
            .iter()
            .copied()
            .filter(|&c| {
                let moved = match face.layer {
                    None => corners_in_space(c, &face.class),
                    Some(z) => {
                        let d = ((z + 1) * step) as f64;
                        corners_in_space(c, &face.class)
                            .map(|(x, y, w)| (x + d, y - d, w - z as f64))
                    }
                };
                face.layer.is_none_or(|z| c.2 == z)
                    && open(c)
                    && same_corners(&moved.map(project), &face.corners)
                    && !(face.layer.is_none() && solid_faces.contains(&(c, face.class.clone())))
            })
            .collect();
        matches.sort_by_key(|c| c.0 + c.1 + c.2);
        assert!(
            !matches.is_empty(),
            "{} face of {} is a cube's",
            face.class,
            face.piece
        );
        assert!(face.layer.is_none() || matches.len() == 1);
        let c = matches[0];
        let depth = match face.layer {
            None => c.0 + c.1 + c.2,
            Some(z) => 1000 * (z + 1) + c.0 + c.1,
        };
        for t in triangles(&face.corners) {
            painted.entry(t).or_default().push(depth);
        }
        match face.layer {
            None => {
                assert!(solid_faces.insert((c, face.class.clone())), "drawn once");
                let previous = solid_piece.insert(c, face.piece.clone());
                assert!(previous.is_none_or(|p| p == face.piece), "one piece a cube");
            }
            Some(_) => {
                if face.class == "top" {
                    assert!(layer_piece.insert(c, face.piece.clone()).is_none());
                } else {
                    let n = normal(&face.class);
                    assert!(!cells.contains(&(c.0 + n.0, c.1 + n.1, c.2)), "slab side");
                }
            }
        }
    }
    // The solid: exactly the faces with no cube against them.
    let mut want = HashSet::new();
    for &c in &cells {
        for class in ["top", "left", "right"] {
            let n = normal(class);
            if !cells.contains(&(c.0 + n.0, c.1 + n.1, c.2 + n.2)) {
                want.insert((c, class.to_string()));
            }
        }
    }
    assert_eq!(solid_faces, want, "the solid shows its open faces");
    // The layers: every cube's top, and the same piece as in the solid.
    assert_eq!(
        layer_piece.len(),
        cells.len(),
        "every cube shows its top in its layer"
    );
    for (c, piece) in &solid_piece {
        assert_eq!(&layer_piece[c], piece, "cube {c:?}");
    }
    // Depth: the last face painted on each spot is the nearest.
    for (t, depths) in &painted {
        let nearest = depths.iter().max().unwrap();
        assert_eq!(depths.last().unwrap(), nearest, "spot {t:?}: {depths:?}");
    }
    (layer_piece, painted.values().any(|d| d.len() > 1))
}

#[test]
fn soma_cubes_are_drawn_where_they_are() {
    let puzzle = soma(true).unwrap().with_view(CubeView::Isometric);
    for packing in puzzle.solutions_up_to(5).unwrap() {
        let svg = puzzle.draw(&packing).unwrap().to_string();
        let (pieces, _) = check_picture(&svg, puzzle.container().cells());
        for p in &packing.placements {
            let name = puzzle.pieces().pieces()[p.piece].name();
            for &(x, y, z) in &p.cells {
                assert_eq!(pieces[&(x as i64, y as i64, z as i64)], name);
            }
        }
    }
}

#[test]
fn a_tower_in_front_hides_what_is_behind() {
    // Two cubes at the back, a tower of three in front at x = 1: the tower covers part of
    // the back cubes' tops, so the order of the faces matters.
    let cells = [
        (0, 0, 0),
        (0, 1, 0),
        (1, 0, 0),
        (1, 1, 0),
        (1, 1, 1),
        (1, 1, 2),
    ];
    let container = Container::from_cells(cells).unwrap();
    let set = PolycubeSet::parse("A: 0,0,0 1,0,0\nB: 0,0,0 1,0,0\nC: 0,0,0 0,0,1\n").unwrap();
    let puzzle = PolycubePacking::new(&container, &set, &PolycubeOptions::default())
        .unwrap()
        .with_view(CubeView::Isometric);
    let all = puzzle.solutions_up_to(100).unwrap();
    assert!(!all.is_empty());
    for packing in &all {
        puzzle.validate(packing).unwrap();
        let svg = puzzle.draw(packing).unwrap().to_string();
        let (_, hidden) = check_picture(&svg, puzzle.container().cells());
        assert!(hidden, "the tower hides faces");
    }
}
