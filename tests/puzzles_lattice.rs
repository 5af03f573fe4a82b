//! Polyiamonds and polyhexes ([`dlxkit::puzzles::lattice`]): counts against the files
//! written by Knuth's POLYIAMOND-DLX for the same specifications (see tests/knuth/SOURCES.md)
//! and against published counts, every solution checked by the puzzle's own rules.

use dlxkit::puzzles::lattice::{BoardShape, Grid, LatticePacking, LatticeSet, LatticeSpec};
use dlxkit::puzzles::{polyhex, polyiamond, Puzzle, PuzzleError, SymmetryReduction};
use dlxkit::xc::Problem;

use crate::puzzles_common::count_and_check;

fn knuth_count(name: &str) -> u64 {
    let path = format!("{}/tests/knuth/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("Knuth's file");
    Problem::from_dlx(&text)
        .expect("Knuth's format")
        .count_solutions()
}

fn spec(name: &str, grid: Grid) -> LatticeSpec {
    let path = format!("{}/tests/knuth/{name}", env!("CARGO_MANIFEST_DIR"));
    LatticeSpec::parse(grid, &std::fs::read_to_string(path).expect("spec")).expect("parses")
}

fn packing(shape: &str, set: &LatticeSet, distinct: bool) -> LatticePacking {
    let grid = set.grid();
    let board = shape.parse::<BoardShape>().unwrap().board(grid).unwrap();
    let symmetry = if distinct {
        SymmetryReduction::Auto
    } else {
        SymmetryReduction::None
    };
    LatticePacking::new(&board, set, false, &symmetry).unwrap()
}

#[test]
fn hexiamonds_in_the_6x6_rhombus_as_knuths_file() {
    // 156 essentially different packings (TAOCP 7.2.2.1), 624 with the rhombus' 4 symmetries.
    let raw = packing("6x6", &polyiamond::hexiamonds(), false);
    assert_eq!(count_and_check(&raw, 30), 624);
    assert_eq!(knuth_count("hexiamonds-6x6.dlx"), 624);
    let from_spec = LatticePacking::new(
        &spec("hexiamonds-6x6.txt", Grid::Triangles).board,
        &spec("hexiamonds-6x6.txt", Grid::Triangles).pieces,
        false,
        &SymmetryReduction::None,
    )
    .unwrap();
    assert_eq!(from_spec.count(), 624);
    let distinct = packing("6x6", &polyiamond::hexiamonds(), true);
    assert_eq!(count_and_check(&distinct, 156), 156);
}

#[test]
fn hexiamonds_in_the_9x4_parallelogram_as_knuths_file() {
    // 74 essentially different packings; the parallelogram has 2 symmetries.
    assert_eq!(knuth_count("hexiamonds-9x4.dlx"), 148);
    assert_eq!(
        count_and_check(&packing("9x4", &polyiamond::hexiamonds(), false), 20),
        148
    );
    assert_eq!(packing("9x4", &polyiamond::hexiamonds(), true).count(), 74);
}

#[test]
fn tetrahexes_as_knuths_file_of_triangles() {
    for (shape, file) in [("7x4", "tetrahexes-7x4.dlx"), ("4x7", "tetrahexes-4x7.dlx")] {
        let p = packing(shape, &polyhex::tetrahexes(), false);
        assert_eq!(count_and_check(&p, 18), 18, "{shape}");
        assert_eq!(knuth_count(file), 18, "{file}");
    }
}

#[test]
fn free_shapes_are_counted_as_in_oeis() {
    // A000577 (polyiamonds) and A000228 (polyhexes).
    let iamonds: Vec<usize> = (1..=8)
        .map(|n| polyiamond::of_size(n).unwrap().pieces().len())
        .collect();
    assert_eq!(iamonds, [1, 1, 1, 3, 4, 12, 24, 66]);
    let hexes: Vec<usize> = (1..=6)
        .map(|n| polyhex::of_size(n).unwrap().pieces().len())
        .collect();
    assert_eq!(hexes, [1, 1, 3, 7, 22, 82]);
    assert!(matches!(
        polyhex::of_size(9),
        Err(PuzzleError::TooLarge { .. })
    ));
}

#[test]
fn specifications_name_the_place_of_an_error() {
    let err = LatticeSpec::parse(Grid::Triangles, "[0-5][0-5]\nA 00 0z!\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 8: unexpected `!` after a cell (suffixes are not read)"
    );
    let err = LatticeSpec::parse(Grid::Hexagons, "00 01'\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 6: hexagons have no `'` form"
    );
    let err = LatticeSpec::parse(Grid::Triangles, "[0-\n").unwrap_err();
    assert!(matches!(err, PuzzleError::Parse { line: 1, .. }), "{err}");
}
