//! MacMahon's triangles ([`dlxkit::puzzles::macmahon`]): the problem is the one Knuth's
//! MACMAHON-TRIANGLES-DLX writes for the same boards, item for item and option for option
//! (see tests/knuth/SOURCES.md); on small boards the count of the exact cover search agrees
//! with a brute force over every way to lay the pieces, checked by the puzzle's own rules.

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
    same_as_knuths(
        "macmahon-hexagon.dlx",
        &[
            (0, 0, true),
            (1, 0, false),
            (1, 0, true),
            (0, 1, false),
            (0, 1, true),
            (1, 1, false),
        ],
    );
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
