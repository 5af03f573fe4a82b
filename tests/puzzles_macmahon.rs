//! MacMahon's triangles ([`dlxkit::puzzles::macmahon`]): the problem is the one Knuth's
//! MACMAHON-TRIANGLES-DLX writes for the same boards, item for item and option for option
//! (see tests/knuth/SOURCES.md); the hexagon's count is the published one, 11,853,792; on
//! small boards the count of the exact cover search agrees with a brute force over every way
//! to lay the pieces, checked by the puzzle's own rules.

use dlxkit::puzzles::lattice::{BoardShape, Grid, GridCell};
use dlxkit::puzzles::macmahon::{pieces, MacMahonTriangles, TrianglePlacement, TriangleTiling};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::Problem;

use crate::puzzles_common::count_and_check;

/// The item names and the options (each a sorted list of words) of a problem in Knuth's
/// format.
fn words(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines().filter(|l| !l.starts_with('|'));
    let mut items: Vec<String> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    items.sort();
    let mut options: Vec<Vec<String>> = lines
        .map(|l| {
            let mut o: Vec<String> = l.split_whitespace().map(String::from).collect();
            o.sort();
            o
        })
        .collect();
    options.sort();
    (items, options)
}

fn same_as_knuths(name: &str, board: &[(usize, usize, bool)]) {
    let path = format!("{}/tests/knuth/{name}", env!("CARGO_MANIFEST_DIR"));
    let knuth = std::fs::read_to_string(path).unwrap();
    let board = MacMahonTriangles::doubled(board).unwrap();
    let puzzle = MacMahonTriangles::new(&board, 4, Some(0)).unwrap();
    let ours = puzzle.problem().to_dlx();
    let (ki, ko) = words(&knuth);
    let (oi, oo) = words(&ours);
    assert_eq!(oi, ki, "{name}: the items");
    assert_eq!(oo.len(), 1537, "{name}");
    assert_eq!(oo, ko, "{name}: the options");
    // Knuth's file reads back as a problem of the same size.
    let p = Problem::from_dlx(&knuth).unwrap();
    assert_eq!(p.option_count(), puzzle.problem().option_count());
}

#[test]
fn the_hexagon_and_the_bar_are_knuths_problems() {
    same_as_knuths("macmahon-hexagon.dlx", &HEXAGON);
    same_as_knuths(
        "macmahon-bar.dlx",
        &[
            (0, 0, false),
            (0, 0, true),
            (1, 0, false),
            (1, 0, true),
            (2, 0, false),
            (2, 0, true),
        ],
    );
}

/// Every way to lay the pieces on the board (each piece once, turned each way), counted
/// when the puzzle's own check accepts it.
fn brute_force(puzzle: &MacMahonTriangles) -> u64 {
    let cells: Vec<GridCell> = puzzle.board().cells().to_vec();
    let set = puzzle.pieces().to_vec();
    assert_eq!(cells.len(), set.len());
    let mut count = 0;
    let mut order: Vec<usize> = (0..set.len()).collect();
    permutations(&mut order, 0, &mut |order| {
        let mut turns = vec![0usize; cells.len()];
        loop {
            let placements: Vec<TrianglePlacement> = order
                .iter()
                .zip(&cells)
                .zip(&turns)
                .map(|((&p, &cell), &r)| {
                    let c = set[p];
                    TrianglePlacement {
                        piece: p,
                        cell,
                        colours: [c[r], c[(r + 1) % 3], c[(r + 2) % 3]],
                    }
                })
                .collect();
            // A piece of one colour has one way, not three.
            let uniform_turned = order
                .iter()
                .zip(&turns)
                .any(|(&p, &r)| r > 0 && set[p][0] == set[p][1] && set[p][1] == set[p][2]);
            if !uniform_turned && puzzle.validate(&TriangleTiling { placements }).is_ok() {
                count += 1;
            }
            let mut k = 0;
            while k < turns.len() && turns[k] == 2 {
                turns[k] = 0;
                k += 1;
            }
            if k == turns.len() {
                break;
            }
            turns[k] += 1;
        }
    });
    count
}

fn permutations(v: &mut Vec<usize>, k: usize, visit: &mut impl FnMut(&[usize])) {
    if k == v.len() {
        visit(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, visit);
        v.swap(k, i);
    }
}

#[test]
fn small_boards_count_as_a_brute_force() {
    assert_eq!(pieces(1).len(), 1);
    assert_eq!(pieces(2).len(), 4);
    assert_eq!(pieces(3).len(), 11);
    assert_eq!(pieces(4).len(), 24);
    let mut total = 0;
    for shape in ["triangle:2", "2x1"] {
        let board = shape
            .parse::<BoardShape>()
            .unwrap()
            .board(Grid::Triangles)
            .unwrap();
        for border in [None, Some(0), Some(1)] {
            let puzzle = MacMahonTriangles::new(&board, 2, border).unwrap();
            let want = brute_force(&puzzle);
            assert_eq!(count_and_check(&puzzle, 1000), want, "{shape} {border:?}");
            total += want;
        }
    }
    assert!(total > 0, "some small board has solutions");
}

#[test]
fn bad_boards_and_colours_are_errors() {
    let board = BoardShape::Hexagon(2).board(Grid::Hexagons).unwrap();
    assert!(MacMahonTriangles::new(&board, 4, None).is_err());
    let board = BoardShape::Hexagon(2).board(Grid::Triangles).unwrap();
    assert!(MacMahonTriangles::new(&board, 0, None).is_err());
    assert!(MacMahonTriangles::new(&board, 7, None).is_err());
    assert!(MacMahonTriangles::new(&board, 2, Some(2)).is_err());
    assert!(MacMahonTriangles::doubled(&[(40, 0, false)]).is_err());
}

/// A solution as the colour of each edge, an edge being its two end points in Knuth's
/// slanted coordinates (independent of the library's edge names).
type Colouring = std::collections::BTreeMap<Segment, u8>;

/// A point of the lattice, and an edge as its two end points.
type Point = (i32, i32);
type Segment = (Point, Point);
/// A motion of the lattice's points.
type PointMap = Box<dyn Fn(Point) -> Point>;

fn colouring(tiling: &TriangleTiling) -> Colouring {
    let mut out = Colouring::new();
    for p in &tiling.placements {
        let (x, y) = (p.cell.x as i32, p.cell.y as i32);
        // The horizontal, the `/` and the `\` side, as end points.
        let sides = if p.cell.down {
            [
                ((x, y + 1), (x + 1, y + 1)),
                ((x + 1, y), (x + 1, y + 1)),
                ((x + 1, y), (x, y + 1)),
            ]
        } else {
            [
                ((x, y), (x + 1, y)),
                ((x, y), (x, y + 1)),
                ((x + 1, y), (x, y + 1)),
            ]
        };
        for (side, &c) in sides.iter().zip(&p.colours) {
            let (a, b) = *side;
            out.insert((a.min(b), a.max(b)), c);
        }
    }
    out
}

/// The twelve motions of the triangular lattice on points: Knuth's turn by 60 degrees,
/// `(x, y) -> (-y, x + y)`, `k` times, after the reflection `(x, y) -> (y, x)` if `flip`.
fn motion(flip: bool, k: usize, (mut x, mut y): (i32, i32)) -> (i32, i32) {
    if flip {
        (x, y) = (y, x);
    }
    for _ in 0..k {
        (x, y) = (-y, x + y);
    }
    (x, y)
}

/// The board's symmetries as maps of points: the motions that carry the board's edges onto
/// themselves after a translation.
fn point_maps(edges: &[Segment]) -> Vec<PointMap> {
    let norm = |e: &[Segment]| {
        let mx = e.iter().map(|(a, b)| a.0.min(b.0)).min().unwrap();
        let my = e.iter().map(|(a, b)| a.1.min(b.1)).min().unwrap();
        (mx, my)
    };
    let set: std::collections::BTreeSet<_> = edges.iter().copied().collect();
    let low = norm(edges);
    let mut out: Vec<PointMap> = Vec::new();
    for flip in [false, true] {
        for k in 0..6 {
            let moved: Vec<_> = edges
                .iter()
                .map(|&(a, b)| (motion(flip, k, a), motion(flip, k, b)))
                .collect();
            let m = norm(&moved);
            let t = (low.0 - m.0, low.1 - m.1);
            let f = move |p: (i32, i32)| {
                let q = motion(flip, k, p);
                (q.0 + t.0, q.1 + t.1)
            };
            let image: std::collections::BTreeSet<_> = edges
                .iter()
                .map(|&(a, b)| {
                    let (a, b) = (f(a), f(b));
                    (a.min(b), a.max(b))
                })
                .collect();
            if image == set {
                out.push(Box::new(f));
            }
        }
    }
    out
}

fn colour_renamings(colours: u8, border: Option<u8>) -> Vec<Vec<u8>> {
    let mut all: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..colours {
        all = all
            .into_iter()
            .flat_map(|p| {
                (0..colours)
                    .filter(|c| !p.contains(c))
                    .map(|c| {
                        let mut q = p.clone();
                        q.push(c);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    all.retain(|p| border.is_none_or(|b| p[usize::from(b)] == b));
    all
}

/// The number of classes of the solutions under the board's motions (and the colour
/// renamings if asked), from every solution's class: the least of its images; each image
/// must itself be a solution.
fn classes(puzzle: &MacMahonTriangles, colours: u8, border: Option<u8>, rename: bool) -> u64 {
    let all: Vec<Colouring> = puzzle
        .solutions_up_to(usize::MAX)
        .unwrap()
        .iter()
        .map(colouring)
        .collect();
    let solutions: std::collections::HashSet<&Colouring> = all.iter().collect();
    let edges: Vec<_> = all[0].keys().copied().collect();
    let maps = point_maps(&edges);
    let renamings = if rename {
        colour_renamings(colours, border)
    } else {
        vec![(0..colours).collect()]
    };
    let mut least = std::collections::HashSet::new();
    for s in &all {
        let mut images = Vec::new();
        for f in &maps {
            for r in &renamings {
                let image: Colouring = s
                    .iter()
                    .map(|(&(a, b), &c)| {
                        let (a, b) = (f(a), f(b));
                        ((a.min(b), a.max(b)), r[usize::from(c)])
                    })
                    .collect();
                assert!(
                    solutions.contains(&image),
                    "a symmetry maps a solution to one"
                );
                images.push(image);
            }
        }
        least.insert(images.into_iter().min().unwrap());
    }
    least.len() as u64
}

#[test]
fn distinct_counts_are_the_classes_of_every_solution() {
    use dlxkit::puzzles::macmahon::TriangleSymmetry;
    let mut seen = Vec::new();
    for (shape, symmetries) in [("triangle:2", 6), ("2x1", 2)] {
        let board = shape
            .parse::<BoardShape>()
            .unwrap()
            .board(Grid::Triangles)
            .unwrap();
        for border in [None, Some(0), Some(1)] {
            let raw = MacMahonTriangles::new(&board, 2, border).unwrap();
            if raw.count() == 0 {
                continue;
            }
            for (symmetry, rename) in [
                (TriangleSymmetry::Board, false),
                (TriangleSymmetry::BoardAndColours, true),
            ] {
                let p = raw.clone().distinct(symmetry);
                let want = classes(&raw, 2, border, rename);
                assert_eq!(p.count(), want, "{shape} {border:?} {symmetry:?}");
                let renamings = if rename && border.is_none() { 2 } else { 1 };
                assert_eq!(p.symmetry_count(), symmetries * renamings, "{shape}");
                // Every representative listed is a valid solution.
                for s in p.solutions_up_to(usize::MAX).unwrap() {
                    p.validate(&s).unwrap();
                    assert!(p.is_representative(&s));
                }
                seen.push(want);
            }
        }
    }
    assert_eq!(seen, [2, 1, 8, 4], "triangle:2 and 2x1 without a border");
}

/// MacMahon's problem as Knuth's program states it: the 24 triangles of four colours in the
/// hexagon, every border edge in colour `a`, pieces turned but never flipped. Its published
/// count is 11,853,792 solutions: John F. Rudge's xcover, `examples/macmahon_triangles.ipynb`
/// (github.com/johnrudge/xcover, commit ce6c96f), which builds the problem with its own code
/// and counts it with its own solver (tests/knuth/SOURCES.md).
const HEXAGON_SOLUTIONS: u64 = 11_853_792;

/// The hexagon in Knuth's doubled coordinates (`macmahon-triangles-dlx 00+ 10 10+ 01 01+ 11`).
const HEXAGON: [(usize, usize, bool); 6] = [
    (0, 0, true),
    (1, 0, false),
    (1, 0, true),
    (0, 1, false),
    (0, 1, true),
    (1, 1, false),
];

/// An option as the sorted words of its line.
fn option_words(line: &str) -> Vec<String> {
    let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
    words.sort();
    words
}

/// A renaming of the colours `b`, `c`, `d` (the border's `a` stays) applied to an option's
/// words: `-21:b` becomes `-21:c` under `[a, c, b, d]`. The piece's name is left out, since
/// the edge colours name it.
fn renamed(option: &[String], to: &[char; 4]) -> Vec<String> {
    let mut words: Vec<String> = option
        .iter()
        .filter_map(|w| {
            let (edge, colour) = w.split_once(':')?;
            let k = usize::from(colour.as_bytes()[0] - b'a');
            Some(format!("{edge}:{}", to[k]))
        })
        .collect();
    words.sort();
    words
}

/// The whole count takes minutes (BENCHMARKS.md), so it was split by the option covering the
/// inner triangle `21`: every solution has exactly one of its 64 options, and
/// tests/knuth/macmahon-hexagon-21.txt lists the count with each. Renaming the colours `b`,
/// `c`, `d` maps the solutions with one option onto those with the renamed option, so one
/// option of each class was counted (rows marked `=`) and the others (`~`) carry its count.
/// The table must cover the 64 options of dlxkit's problem once each, give a `~` row the
/// count of a counted row of its class, and add up to the published count; two counted rows
/// without solutions, a few seconds each, are counted again here (the problem with triangle
/// `21` given only that option).
#[test]
fn the_hexagon_counts_as_published() {
    let board = MacMahonTriangles::doubled(&HEXAGON).unwrap();
    let puzzle = MacMahonTriangles::new(&board, 4, Some(0)).unwrap();
    let text = puzzle.problem().to_dlx();
    let mut lines = text.lines();
    let items = lines.next().unwrap();
    let (covering, rest): (Vec<&str>, Vec<&str>) =
        lines.partition(|l| l.split_whitespace().any(|w| w == "21"));
    assert_eq!(covering.len(), 64);
    let path = format!(
        "{}/tests/knuth/macmahon-hexagon-21.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let table: Vec<(bool, u64, Vec<String>)> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let counted = match words.next() {
                Some("=") => true,
                Some("~") => false,
                other => panic!("a row starts with = or ~, not {other:?}"),
            };
            let count = words.next().unwrap().parse().unwrap();
            (
                counted,
                count,
                option_words(&words.collect::<Vec<_>>().join(" ")),
            )
        })
        .collect();
    let mut listed: Vec<&Vec<String>> = table.iter().map(|(_, _, o)| o).collect();
    listed.sort();
    let mut options: Vec<Vec<String>> = covering.iter().map(|l| option_words(l)).collect();
    options.sort();
    assert_eq!(
        listed,
        options.iter().collect::<Vec<_>>(),
        "one row per option covering 21"
    );
    let renamings = [
        ['a', 'b', 'c', 'd'],
        ['a', 'b', 'd', 'c'],
        ['a', 'c', 'b', 'd'],
        ['a', 'c', 'd', 'b'],
        ['a', 'd', 'b', 'c'],
        ['a', 'd', 'c', 'b'],
    ];
    for (counted, count, option) in &table {
        if !counted {
            let source = table.iter().find(|(c, _, o)| {
                *c && renamings
                    .iter()
                    .any(|r| renamed(o, r) == renamed(option, &renamings[0]))
            });
            let (_, n, _) = source.unwrap_or_else(|| panic!("{option:?} renames no counted row"));
            assert_eq!(n, count, "{option:?}");
        }
    }
    assert_eq!(
        table.iter().map(|(_, n, _)| n).sum::<u64>(),
        HEXAGON_SOLUTIONS,
        "the rows add up to the published count"
    );
    for piece in ["aaa", "bba"] {
        let (_, want, option) = table
            .iter()
            .find(|(c, _, o)| *c && o.contains(&piece.to_string()))
            .unwrap();
        assert_eq!(*want, 0);
        let line = covering
            .iter()
            .find(|l| option_words(l) == *option)
            .unwrap();
        let restricted = format!("{items}\n{}\n{line}\n", rest.join("\n"));
        let problem = Problem::from_dlx(&restricted).unwrap();
        assert_eq!(problem.count_solutions(), 0, "{line}");
    }
}
