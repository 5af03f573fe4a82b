//! Solving: known counts, lazy enumeration, verdicts (none, unique, several), conflicts found
//! before any search, limits, and the variants.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlxkit::sudoku::encode::{EncodeError, Encoding};
use dlxkit::sudoku::generate::{generate, GenerateOptions, Symmetry};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::solvers::{by_name, dlx::DlxSolver, Answer, Limits, Status, SudokuSolver};
use dlxkit::sudoku::{ops, Grid, Layout, Shape, UnitKind, Variant};
use dlxkit::xc::Arena;

/// Counts completions by plain backtracking over the layout's peers (the cross-check).
fn brute_force_count(grid: &Grid) -> u64 {
    fn go(cells: &mut Vec<u8>, layout: &Layout, at: usize) -> u64 {
        let Some(cell) = (at..cells.len()).find(|&c| cells[c] == 0) else {
            return 1;
        };
        let mut total = 0;
        for d in 1..=layout.size() as u8 {
            if layout.peers(cell).iter().all(|&p| cells[p] != d) {
                cells[cell] = d;
                total += go(cells, layout, cell + 1);
                cells[cell] = 0;
            }
        }
        total
    }
    go(&mut grid.cells().to_vec(), grid.layout(), 0)
}

fn nine(text: &str) -> Grid {
    parse_grid(text, &ParseOptions::default()).unwrap()
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    assert_eq!(
        ops::count_solutions(&empty, u64::MAX).unwrap(),
        ops::SolutionCount::Exact(288)
    );
    assert_eq!(brute_force_count(&empty), 288);
    let report = DlxSolver::new().solve(&empty, &Limits::new());
    assert_eq!((report.solutions, report.status), (288, Status::Complete));
    let all = ops::solutions(&empty, 1000).unwrap();
    assert_eq!(all.len(), 288);
    let distinct: HashSet<Vec<u8>> = all.iter().map(|g| g.cells().to_vec()).collect();
    assert_eq!(distinct.len(), 288);
    assert!(all.iter().all(|g| ops::validate(g).is_ok()));
}

#[test]
fn the_empty_9x9_grid_is_enumerated_lazily() {
    let encoding = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
    let arena = Arena::new();
    let mut search = encoding
        .search(&arena, &Grid::blank(encoding.layout().clone()))
        .unwrap();
    let mut seen = HashSet::new();
    let mut grids = search.solutions();
    for grid in grids.by_ref().take(1000) {
        assert!(ops::validate(&grid).is_ok());
        assert!(seen.insert(grid.cells().to_vec()), "a repeated solution");
    }
    assert_eq!(seen.len(), 1000);
    // Only as much of the tree as needed was explored.
    let outcome = grids.outcome();
    assert_eq!(outcome.stats.solutions, 1000);
    assert_eq!(outcome.status, Status::Complete); // still running: not stopped by a limit
}

#[test]
fn six_by_six_completions_match_brute_force() {
    // With the first row fixed, the 28,200,960 grids of 6x6 (2x3 boxes) fall into 6! classes
    // of relabelled digits, so 28,200,960 / 720 = 39,168 completions.
    let shape = Shape::new(2, 3).unwrap();
    let first_row = format!("123456{}", ".".repeat(30));
    let grid = parse_grid(&first_row, &ParseOptions::default()).unwrap();
    assert_eq!(grid.shape(), shape);
    let dlx = ops::count_solutions(&grid, u64::MAX)
        .unwrap()
        .exact()
        .unwrap();
    assert_eq!(dlx, 28_200_960 / 720);
    assert_eq!(brute_force_count(&grid), dlx);
    // A sparser grid, and the 3x2 box shape.
    let tall = Shape::new(3, 2).unwrap();
    let mut g = Grid::empty(tall);
    for (cell, d) in [(0, 1), (7, 2), (14, 3), (21, 4), (35, 5)] {
        g.set_cell(cell, d);
    }
    let dlx = DlxSolver::new().solve(&g, &Limits::new());
    assert_eq!(dlx.status, Status::Complete);
    assert_eq!(dlx.solutions, brute_force_count(&g));
    assert!(dlx.solutions > 1000);
}

#[test]
fn a_puzzle_without_solution_is_reported_as_such() {
    // r1c9 must be 9 (the rest of row 1 is 1..8), but column 9 has its 9 at r2c9.
    let grid = nine(&format!("12345678.........9{}", ".".repeat(63)));
    assert!(grid.check_givens().is_ok());
    let report = DlxSolver::new().solve(&grid, &Limits::new().solutions(2));
    assert_eq!(
        (report.answer(), report.status),
        (Answer::None, Status::Complete)
    );
    assert!(report.first.is_none());
    assert_eq!(ops::uniqueness(&grid).unwrap(), Answer::None);
    assert_eq!(ops::solve(&grid).unwrap(), None);
}

#[test]
fn a_puzzle_with_several_solutions_is_reported_as_such() {
    let o = GenerateOptions::new(Shape::new(3, 3).unwrap()).symmetry(Symmetry::None);
    let g = generate(&o, 17).unwrap();
    let given = g.puzzle.cells().iter().position(|&d| d != 0).unwrap();
    let mut loose = g.puzzle.clone();
    loose.set_cell(given, 0);
    // The generator's puzzles are minimal: one given fewer and they are not unique.
    let report = DlxSolver::new().solve(&loose, &Limits::new().solutions(2));
    assert_eq!(
        (report.answer(), report.status),
        (Answer::Multiple, Status::SolutionLimit)
    );
    assert_eq!(ops::uniqueness(&loose).unwrap(), Answer::Multiple);
    let some = ops::solutions(&loose, 5).unwrap();
    assert!(some.len() >= 2);
    assert!(some.iter().all(|s| s.is_solved() && loose.is_filled_by(s)));
}

#[test]
fn conflicting_givens_are_reported_before_any_search() {
    let grid = Grid::from_cells(Arc::new(Layout::standard(Shape::new(3, 3).unwrap())), {
        let mut cells = vec![0u8; 81];
        cells[1] = 5;
        cells[6] = 5;
        cells
    })
    .unwrap();
    let conflict = grid.check_givens().unwrap_err();
    assert_eq!(
        conflict.to_string(),
        "digit 5 appears twice in row 1 (r1c2 and r1c7)"
    );
    assert_eq!(
        ops::solve(&grid).unwrap_err().to_string(),
        "digit 5 appears twice in row 1 (r1c2 and r1c7)"
    );
    assert!(matches!(
        ops::count_solutions(&grid, 2),
        Err(EncodeError::Conflict(_))
    ));
    let report = DlxSolver::new().solve(&grid, &Limits::new());
    assert_eq!(
        (report.solutions, report.status, report.stats.assignments),
        (0, Status::Complete, 0)
    );
    assert_eq!(report.answer(), Answer::None);
}

#[test]
fn a_grid_of_another_layout_is_refused_by_an_encoding() {
    let e = Encoding::standard(Shape::new(3, 3).unwrap()).unwrap();
    let arena = Arena::new();
    let other = Grid::empty(Shape::new(2, 2).unwrap());
    assert_eq!(
        e.search(&arena, &other).unwrap_err().to_string(),
        "the grid's layout (standard 4x4) is not the encoding's (standard 9x9)"
    );
}

#[test]
fn limits_are_honoured_and_reported() {
    let hard =
        nine("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    let mut dlx = by_name("dlx").unwrap();
    let capped = dlx.solve(&hard, &Limits::new().nodes(10));
    assert_eq!(
        (capped.status, capped.answer()),
        (Status::NodeLimit, Answer::Unknown)
    );
    assert!(capped.stats.assignments <= 10);
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = dlx.solve(&hard, &Limits::new().cancel_flag(flag));
    assert_eq!(cancelled.status, Status::Cancelled);
    let full = dlx.solve(&hard, &Limits::new().solutions(2));
    assert_eq!(full.answer(), Answer::Unique);
    assert!(full.stats.assignments > 10);
    assert!(full.stats.guesses > 0 && full.stats.backtracks > 0);
    assert!(full.stats.backtracks < full.stats.assignments);
}

#[test]
fn a_solver_reused_across_sizes_and_variants() {
    let mut dlx = DlxSolver::new();
    for (shape, variant) in [
        (Shape::new(2, 2).unwrap(), Variant::Standard),
        (Shape::new(3, 3).unwrap(), Variant::X),
        (Shape::new(2, 2).unwrap(), Variant::Standard),
        (Shape::new(3, 3).unwrap(), Variant::Windoku),
        (Shape::new(2, 4).unwrap(), Variant::Standard),
    ] {
        let layout = variant.shared_layout(shape).unwrap();
        assert!(dlx.supports(&layout));
        let report = dlx.solve(&Grid::blank(layout), &Limits::new().solutions(1));
        let first = report.first.unwrap();
        assert!(ops::validate(&first).is_ok(), "{shape} {variant:?}");
    }
}

/// Checks every unit of `kind` in the solution holds each digit once.
fn units_hold_every_digit(grid: &Grid, kind: UnitKind) -> usize {
    let n = grid.size();
    let units: Vec<_> = grid
        .layout()
        .units()
        .iter()
        .filter(|u| u.kind == kind)
        .collect();
    for u in &units {
        let mut digits: Vec<u8> = u.cells.iter().map(|&c| grid.cells()[c]).collect();
        digits.sort_unstable();
        assert_eq!(digits, (1..=n as u8).collect::<Vec<_>>());
    }
    units.len()
}

fn variant_puzzle(variant: Variant, seed: u64) -> (Grid, Grid) {
    let o = GenerateOptions::new(Shape::new(3, 3).unwrap())
        .variant(variant)
        .symmetry(Symmetry::None);
    let g = generate(&o, seed).unwrap();
    let report = DlxSolver::new().solve(&g.puzzle, &Limits::new().solutions(2));
    assert_eq!(report.answer(), Answer::Unique);
    assert_eq!(report.first.as_ref(), Some(&g.solution));
    assert!(ops::validate(&g.solution).is_ok());
    (g.puzzle, g.solution)
}

#[test]
fn sudoku_x_puzzle() {
    let (puzzle, solution) = variant_puzzle(Variant::X, 1);
    assert_eq!(units_hold_every_digit(&solution, UnitKind::Diagonal), 2);
    // The same givens without the diagonal rule have more solutions (or the same one).
    let plain = puzzle
        .clone()
        .with_layout(Arc::new(Layout::standard(Shape::new(3, 3).unwrap())))
        .unwrap();
    assert!(ops::count_solutions(&plain, 2).unwrap().found() >= 1);
}

#[test]
fn windoku_puzzle() {
    let (_, solution) = variant_puzzle(Variant::Windoku, 2);
    assert_eq!(units_hold_every_digit(&solution, UnitKind::Window), 4);
}

#[test]
fn jigsaw_puzzle() {
    let map = "\
AAABBBCCC
AAABBBCCC
AADABBCCC
DDEBEEFFF
DDDEEEFFF
DDDEEEFFF
GGGHHHIII
GGGHHHIII
GGGHHHIII";
    let variant = Variant::parse("jigsaw", Some(map)).unwrap();
    let (puzzle, solution) = variant_puzzle(variant, 3);
    assert_eq!(units_hold_every_digit(&solution, UnitKind::Box), 9);
    assert_eq!(puzzle.layout().variant_name(), "jigsaw");
    // The regions turn around the corner of the first four boxes: region A holds r3c4, not
    // r3c3; region B holds r4c4.
    let region: &[usize] = &puzzle.layout().units()[18].cells;
    assert!(region.contains(&21) && !region.contains(&20));
    assert!(puzzle.layout().units()[19].cells.contains(&30));
}

#[test]
fn a_small_hand_checked_x_sudoku() {
    // 4x4 Sudoku-X: with r1 = 1 2 3 4 and both diagonals, the grid is forced:
    // 1 2 3 4 / 3 4 1 2 / 4 3 2 1 / 2 1 4 3 and 1 2 3 4 / 4 3 2 1 / ... are checked by brute
    // force against DLX.
    let layout = Variant::X.shared_layout(Shape::new(2, 2).unwrap()).unwrap();
    let mut g = Grid::blank(layout);
    for (c, d) in [(0, 1), (1, 2), (2, 3), (3, 4)] {
        g.set_cell(c, d);
    }
    let dlx = ops::count_solutions(&g, u64::MAX).unwrap().exact().unwrap();
    assert_eq!(dlx, brute_force_count(&g));
    for s in ops::solutions(&g, 100).unwrap() {
        assert!(ops::validate(&s).is_ok());
        assert_eq!(units_hold_every_digit(&s, UnitKind::Diagonal), 2);
    }
}
