//! Polyomino packing: the classic pentomino counts, raw and up to symmetry, and the reduction
//! checked against an independent count of symmetry classes.

use std::collections::HashSet;

use dlxkit::puzzles::polyomino::{
    pentomino_rectangle, Board, PolyominoOptions, PolyominoPacking, PolyominoSet, Tiling,
};
use dlxkit::puzzles::{Puzzle, PuzzleError, SymmetryReduction};
use dlxkit::xc::{Arena, Problem, Solver};

use crate::dlx1_oracle;

fn scott_board() -> Board {
    Board::parse(
        "
########
########
########
###..###
###..###
########
########
########
",
    )
    .unwrap()
}

fn packing(board: &Board, pieces: &PolyominoSet, symmetry: SymmetryReduction) -> PolyominoPacking {
    let options = PolyominoOptions {
        one_sided: false,
        symmetry,
    };
    PolyominoPacking::new(board, pieces, &options).unwrap()
}

use crate::puzzles_common::{count_and_check, parse_error_at};

/// The picture of a tiling (the piece on each cell) under the symmetries of the square that
/// keep a `rows` x `cols` board in place; reflections relabel the pieces by `mirror` (for
/// one-sided pieces). The smallest picture names the class. Holes are `usize::MAX`.
fn canonical(t: &Tiling, rows: usize, cols: usize, mirror: Option<&[usize]>) -> Vec<Vec<usize>> {
    let mut grid = vec![vec![usize::MAX; cols]; rows];
    for p in &t.placements {
        for &(r, c) in &p.cells {
            grid[r][c] = p.piece;
        }
    }
    let mut images = Vec::new();
    for k in 0..8 {
        let transpose = k & 4 != 0;
        if transpose && rows != cols {
            continue;
        }
        let reflection = (k & 1) ^ ((k >> 1) & 1) ^ ((k >> 2) & 1) == 1;
        let mut img = vec![vec![usize::MAX; cols]; rows];
        for (r, row) in grid.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let (mut rr, mut cc) = if transpose { (c, r) } else { (r, c) };
                if k & 1 == 1 {
                    rr = rows - 1 - rr;
                }
                if k & 2 == 2 {
                    cc = cols - 1 - cc;
                }
                img[rr][cc] = match (reflection, mirror) {
                    (true, Some(m)) if v != usize::MAX => m[v],
                    _ => v,
                };
            }
        }
        // Keep only images of the board onto itself (holes onto holes).
        let holes = |g: &Vec<Vec<usize>>| -> Vec<(usize, usize)> {
            let mut h = Vec::new();
            for (r, row) in g.iter().enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    if v == usize::MAX {
                        h.push((r, c));
                    }
                }
            }
            h
        };
        if holes(&img) == holes(&grid) {
            images.push(img);
        }
    }
    images.into_iter().min().unwrap()
}

/// Counts symmetry classes by brute force: every raw solution, reduced to a canonical picture.
fn classes_with(p: &PolyominoPacking, rows: usize, cols: usize, mirror: Option<&[usize]>) -> usize {
    let all = p.problem().all_solutions();
    let set: HashSet<Vec<Vec<usize>>> = all
        .iter()
        .map(|s| canonical(&p.decode(s).unwrap(), rows, cols, mirror))
        .collect();
    set.len()
}

fn classes(p: &PolyominoPacking, rows: usize, cols: usize) -> usize {
    classes_with(p, rows, cols, None)
}

#[test]
fn pentominoes_3x20_raw_and_reduced() {
    let raw = pentomino_rectangle(3, 20, false).unwrap();
    assert_eq!(count_and_check(&raw, usize::MAX), 8);
    assert_eq!(classes(&raw, 3, 20), 2);
    let reduced = pentomino_rectangle(3, 20, true).unwrap();
    assert_eq!(count_and_check(&reduced, usize::MAX), 2);
    let report = reduced.symmetry().unwrap();
    assert_eq!(report.group_order, 4);
}

#[test]
fn pentominoes_4x15_reduced() {
    let reduced = pentomino_rectangle(4, 15, true).unwrap();
    assert_eq!(count_and_check(&reduced, usize::MAX), 368);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn pentominoes_4x15_raw() {
    let raw = pentomino_rectangle(4, 15, false).unwrap();
    assert_eq!(count_and_check(&raw, 100), 1_472);
}

#[test]
fn pentominoes_5x12_reduced_uses_a_helper_piece() {
    let reduced = pentomino_rectangle(5, 12, true).unwrap();
    let report = reduced.symmetry().unwrap().clone();
    assert_eq!(report.piece.as_deref(), Some("X"));
    assert!(report.helper.is_some(), "X on the middle row is symmetric");
    assert_eq!(count_and_check(&reduced, usize::MAX), 1_010);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn pentominoes_5x12_raw() {
    let raw = pentomino_rectangle(5, 12, false).unwrap();
    assert_eq!(count_and_check(&raw, 100), 4_040);
}

#[test]
fn pentominoes_6x10_reduced() {
    let reduced = pentomino_rectangle(6, 10, true).unwrap();
    let report = reduced.symmetry().unwrap();
    assert_eq!(report.piece.as_deref(), Some("X"));
    assert_eq!(report.placements, (32, 8));
    assert_eq!(count_and_check(&reduced, usize::MAX), 2_339);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn pentominoes_6x10_raw() {
    let raw = pentomino_rectangle(6, 10, false).unwrap();
    assert_eq!(count_and_check(&raw, 100), 9_356);
}

#[test]
fn scott_square_reduced_by_its_eight_symmetries() {
    let reduced = packing(
        &scott_board(),
        &PolyominoSet::pentominoes(),
        SymmetryReduction::Auto,
    );
    assert_eq!(reduced.symmetry().unwrap().group_order, 8);
    assert_eq!(count_and_check(&reduced, usize::MAX), 65);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn scott_square_raw_and_its_classes() {
    let raw = packing(
        &scott_board(),
        &PolyominoSet::pentominoes(),
        SymmetryReduction::None,
    );
    assert_eq!(count_and_check(&raw, usize::MAX), 520);
    assert_eq!(classes(&raw, 8, 8), 65);
}

#[test]
fn restricting_an_asymmetric_piece_gives_the_same_classes() {
    // F has no symmetry, so every symmetry moves each of its placements: no helper needed.
    for (rows, cols, expected) in [(3, 20, 2), (4, 15, 368)] {
        let p = packing(
            &Board::rectangle(rows, cols).unwrap(),
            &PolyominoSet::pentominoes(),
            SymmetryReduction::Piece("F".into()),
        );
        assert!(p.symmetry().unwrap().helper.is_none());
        assert_eq!(count_and_check(&p, 10), expected);
    }
}

#[test]
fn restricting_a_symmetric_piece_needs_a_helper_and_still_counts_right() {
    // I lies on the middle row of a 3x20 box (fixed by the top-bottom flip) and is fixed by
    // the left-right flip when centred: both need the helper.
    let p = packing(
        &Board::rectangle(3, 20).unwrap(),
        &PolyominoSet::pentominoes(),
        SymmetryReduction::Piece("I".into()),
    );
    assert!(p.symmetry().unwrap().helper.is_some());
    assert_eq!(count_and_check(&p, usize::MAX), 2);
}

#[test]
fn one_sided_tetrominoes_and_their_mirror_pairs() {
    // The 7 one-sided tetrominoes (28 cells) in a 5x6 box without two corners of the same
    // colour (no rectangle works: T alone unbalances a chessboard colouring). The top-bottom
    // flip maps the board to itself and S to Z, L to J: still a symmetry of the solutions.
    let board = Board::rectangle(5, 6)
        .unwrap()
        .without(&[(0, 0), (4, 0)])
        .unwrap();
    let options = |symmetry| PolyominoOptions {
        one_sided: true,
        symmetry,
    };
    let set = PolyominoSet::one_sided_tetrominoes();
    let raw = PolyominoPacking::new(&board, &set, &options(SymmetryReduction::None)).unwrap();
    let raw_count = count_and_check(&raw, usize::MAX);
    assert!(raw_count > 0);
    let reduced = PolyominoPacking::new(&board, &set, &options(SymmetryReduction::Auto)).unwrap();
    assert_eq!(reduced.symmetry().unwrap().group_order, 2);
    let mirror = [0, 1, 2, 4, 3, 6, 5]; // I O T S Z L J
    let expected = classes_with(&raw, 5, 6, Some(&mirror));
    assert_eq!(count_and_check(&reduced, usize::MAX), expected as u64);
    // Free tetrominoes would not see the flip as a piece swap: check the relabelling matters.
    assert!(raw_count <= 2 * expected as u64);
}

#[test]
fn tetrominoes_cannot_fill_a_4x5_box_but_dominoes_tile_boards() {
    let t = packing(
        &Board::rectangle(4, 5).unwrap(),
        &PolyominoSet::tetrominoes(),
        SymmetryReduction::None,
    );
    assert_eq!(t.count(), 0);
    let d = packing(
        &Board::rectangle(4, 4).unwrap(),
        &PolyominoSet::dominoes(),
        SymmetryReduction::None,
    );
    assert_eq!(count_and_check(&d, usize::MAX), 36);
    let first = d.first().unwrap().unwrap();
    let picture = d.render(&first);
    assert_eq!(picture.lines().count(), 4);
    assert!(picture.chars().all(|c| c == '\n' || c.is_ascii_lowercase()));
}

#[test]
fn the_first_solution_is_drawn_with_piece_letters() {
    let p = pentomino_rectangle(3, 20, true).unwrap();
    let t = p.first().unwrap().unwrap();
    p.validate(&t).unwrap();
    let picture = p.render(&t);
    let letters: HashSet<char> = picture.chars().filter(|c| *c != '\n').collect();
    assert_eq!(letters.len(), 12);
    assert!(picture.lines().all(|l| l.len() == 20));
    let scott = packing(
        &scott_board(),
        &PolyominoSet::pentominoes(),
        SymmetryReduction::Auto,
    );
    let t = scott.first().unwrap().unwrap();
    scott.validate(&t).unwrap();
    let lines: Vec<String> = scott.render(&t).lines().map(String::from).collect();
    assert_eq!(&lines[3][3..5], "..");
}

#[test]
fn the_validator_rejects_broken_packings() {
    let p = pentomino_rectangle(3, 20, false).unwrap();
    let mut t = p.first().unwrap().unwrap();
    p.validate(&t).unwrap();
    let mut missing = t.clone();
    missing.placements.pop();
    assert!(p.validate(&missing).is_err());
    let mut twice = t.clone();
    twice.placements.push(t.placements[0].clone());
    assert!(p.validate(&twice).is_err());
    // Swap the pieces of two placements of different shapes.
    let (a, b) = (t.placements[0].piece, t.placements[1].piece);
    t.placements[0].piece = b;
    t.placements[1].piece = a;
    assert!(p.validate(&t).is_err());
}

#[test]
fn dlx_text_round_trip_keeps_the_count() {
    let p = pentomino_rectangle(3, 20, true).unwrap();
    let text = p.problem().to_dlx();
    let back = Problem::from_dlx(&text).unwrap();
    assert_eq!(back.count_solutions(), p.count());
    let d = packing(
        &scott_board(),
        &PolyominoSet::pentominoes(),
        SymmetryReduction::Auto,
    );
    let back = Problem::from_dlx(&d.problem().to_dlx()).unwrap();
    assert_eq!(back.count_solutions(), 65);
}

#[test]
fn shipped_piece_and_board_files_match_the_built_ins() {
    let text = include_str!("../data/puzzles/pentominoes.txt");
    let set = PolyominoSet::parse(text).unwrap();
    let options = PolyominoOptions::default();
    let board = Board::parse(include_str!("../data/puzzles/scott-8x8.txt")).unwrap();
    assert_eq!(board, scott_board());
    // Same shapes under the same names: the same placements, option for option.
    let a = PolyominoPacking::new(&board, &set, &options).unwrap();
    let b = PolyominoPacking::new(&board, &PolyominoSet::pentominoes(), &options).unwrap();
    assert_eq!(a.problem().to_dlx(), b.problem().to_dlx());
}

#[test]
fn malformed_text_is_reported_with_line_and_column() {
    assert_eq!(parse_error_at(Board::parse("##\n#\t#\n")), (2, 2));
    assert_eq!(parse_error_at(PolyominoSet::parse("A:\n##\nB:\n")).0, 3);
    assert_eq!(
        parse_error_at(PolyominoSet::parse("A:\n##\nA:\n#\n")),
        (3, 1)
    );
    assert_eq!(
        parse_error_at(PolyominoSet::parse("A: twice\n##\n")),
        (1, 4)
    );
    assert_eq!(
        parse_error_at(PolyominoSet::parse("bad name:\n##\n")),
        (1, 1)
    );
    assert!(matches!(
        Board::parse("...\n"),
        Err(PuzzleError::Empty { .. })
    ));
    assert!(matches!(
        Board::rectangle(200, 200),
        Err(PuzzleError::TooLarge { .. })
    ));
    // A board no piece set can fill is not an error: it has no solutions.
    let odd = packing(
        &Board::rectangle(1, 3).unwrap(),
        &PolyominoSet::dominoes(),
        SymmetryReduction::None,
    );
    assert_eq!(odd.count(), 0);
}

#[test]
fn impossible_reductions_are_errors() {
    let board = Board::rectangle(2, 2).unwrap();
    let err = PolyominoPacking::new(
        &board,
        &PolyominoSet::dominoes(),
        &PolyominoOptions {
            one_sided: false,
            symmetry: SymmetryReduction::Auto,
        },
    )
    .unwrap_err();
    assert!(matches!(err, PuzzleError::Symmetry { .. }), "{err}");
    let err = PolyominoPacking::new(
        &Board::rectangle(6, 10).unwrap(),
        &PolyominoSet::pentominoes(),
        &PolyominoOptions {
            one_sided: false,
            symmetry: SymmetryReduction::Piece("Q".into()),
        },
    )
    .unwrap_err();
    assert_eq!(err, PuzzleError::Unknown { name: "Q".into() });
}

#[test]
fn pentomino_rectangles_count_nodes_and_updates_as_knuths_dlx1() {
    // Placements of one piece sit together in every cell's list and often begin their walks
    // with the same cell or the piece itself, so the engine skips covers it would redo
    // (`walk::SHARE`); the counts must still be those of an independent DLX1.
    for (rows, cols, reduce) in [(3, 20, false), (4, 15, true)] {
        let p = pentomino_rectangle(rows, cols, reduce).unwrap();
        let arena = Arena::new();
        let mut solver = Solver::new(p.problem(), &arena);
        let stats = solver.count().stats;
        let knuth = dlx1_oracle::count(p.problem());
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (knuth.solutions, knuth.nodes, knuth.updates),
            "{rows}x{cols}"
        );
        assert!(solver.is_pristine());
    }
}
