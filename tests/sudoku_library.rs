//! The Sudoku library as a Rust user meets it: `Grid` read with `parse` and written with
//! `Display` (a round trip for every grid), a count capped by its limit that says so in its
//! type, and the solver registry, whose abilities decide what each solver is asked to do.

use dlxkit::rng::Rng;
use dlxkit::sudoku::killer::{Cage, Killer, KillerEncoding, MAX_FILLINGS};
use dlxkit::sudoku::ops::{self, SolutionCount};
use dlxkit::sudoku::parse::ParseErrorKind;
use dlxkit::sudoku::solvers::{info, solvers_with, Ability, Limits, SOLVERS, SOLVER_NAMES};
use dlxkit::sudoku::{Grid, Layout, Shape};
use quickcheck::{QuickCheck, TestResult};

/// Sides whose default box shape the reader infers, the one-character symbols (up to 35)
/// and the numbers beyond them (36).
const SIDES: [usize; 8] = [4, 6, 8, 9, 12, 16, 25, 36];

/// A grid of side `SIDES[side % 8]` with about `fill`% of its cells holding random digits,
/// clashes allowed.
fn random_grid(seed: u64, side: u8, fill: u8) -> Grid {
    let n = SIDES[side as usize % SIDES.len()];
    let mut grid = Grid::empty(Shape::for_size(n).unwrap());
    let mut rng = Rng::new(seed);
    let fill = usize::from(fill % 101);
    for cell in 0..n * n {
        if rng.below(100) < fill {
            grid.set_cell(cell, 1 + rng.below(n) as u8);
        }
    }
    grid
}

fn grids_round_trip(seed: u64, side: u8, fill: u8) -> TestResult {
    let grid = random_grid(seed, side, fill);
    let line = grid.to_string();
    let block = format!("{grid:#}");
    let from_line: Grid = match line.parse() {
        Ok(g) => g,
        Err(e) => return TestResult::error(format!("{line}: {e}")),
    };
    let from_block: Grid = match block.parse() {
        Ok(g) => g,
        Err(e) => return TestResult::error(format!("{block}: {e}")),
    };
    TestResult::from_bool(from_line == grid && from_block == grid && from_line.to_string() == line)
}

#[test]
fn a_sparse_big_grid_with_a_clash_reads_back_as_one_grid() {
    // A 36x36 grid about 1% full with a clash: its blank rows and rows of small digits were
    // read as a list of 6x6 puzzles ("digit 8 at r1c4 is larger than 6").
    let result = grids_round_trip(43_004_155_578, 159, 102);
    assert!(!result.is_failure() && !result.is_error());
    let grid = random_grid(43_004_155_578, 159, 102);
    assert!(grid.check_givens().is_err(), "the grid holds a clash");
}

#[test]
fn every_grid_reads_back_from_what_display_writes() {
    QuickCheck::new()
        .tests(300)
        .quickcheck(grids_round_trip as fn(u64, u8, u8) -> TestResult);
}

#[test]
fn grid_parse_and_display_as_a_user_writes_them() -> Result<(), Box<dyn std::error::Error>> {
    let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let g: Grid = text.parse()?;
    assert_eq!(format!("{g}"), text);
    assert_eq!(g.shape(), Shape::new(3, 3)?);
    let block = format!("{g:#}");
    assert_eq!(block.lines().next(), Some("4 . . | . . . | 8 . 5"));
    assert_eq!(block.lines().nth(3), Some("------+-------+------"));
    // A typed error, with the line and the cell.
    let err = "4....x8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        .parse::<Grid>()
        .unwrap_err();
    assert_eq!(err.line, 1);
    assert!(matches!(
        err.kind,
        ParseErrorKind::BadSymbol {
            row: 1,
            col: 6,
            symbol: 'x'
        }
    ));
    assert!("".parse::<Grid>().is_err());
    // Givens that clash are read (the grid is a value), and found by the check.
    let clash: Grid = "11..............".parse()?;
    assert!(clash.check_givens().is_err());
    assert_eq!(clash.to_string(), "11..............");
    Ok(())
}

#[test]
fn a_capped_count_says_it_was_capped() -> Result<(), Box<dyn std::error::Error>> {
    let empty = Grid::empty(Shape::new(2, 2)?);
    assert_eq!(
        ops::count_solutions(&empty, u64::MAX)?,
        SolutionCount::Exact(288)
    );
    assert_eq!(
        ops::count_solutions(&empty, 289)?,
        SolutionCount::Exact(288)
    );
    let capped = ops::count_solutions(&empty, 100)?;
    assert_eq!(capped, SolutionCount::AtLeast(100));
    assert_eq!((capped.found(), capped.exact()), (100, None));
    assert_eq!(capped.to_string(), "at least 100");
    // Stopped at the limit on the last solution: the search cannot know it was the last.
    assert_eq!(
        ops::count_solutions(&empty, 288)?,
        SolutionCount::AtLeast(288)
    );
    assert_eq!(ops::count_solutions(&empty, 0)?, SolutionCount::AtLeast(0));
    // A unique puzzle is exact below any limit of 2 or more.
    let unique: Grid = "1.343.1221.343.1".parse()?;
    assert_eq!(ops::count_solutions(&unique, 2)?, SolutionCount::Exact(1));
    Ok(())
}

#[test]
fn the_registry_tells_what_each_solver_can_do() {
    assert_eq!(SOLVER_NAMES.len(), SOLVERS.len());
    assert_eq!(solvers_with(Ability::Killer), ["dlx"]);
    assert_eq!(solvers_with(Ability::PencilMarks), ["dlx"]);
    assert_eq!(solvers_with(Ability::MemoCount), ["dlx"]);
    assert_eq!(solvers_with(Ability::Strategies), ["strategies"]);
    let err = info("mrv").unwrap().require(Ability::Killer).unwrap_err();
    assert_eq!(
        err.to_string(),
        "solver `mrv` cannot solve killer puzzles: use dlx"
    );
    // The solvers' own answers agree with their bits: on a jigsaw (Variants), and in the
    // statistics they keep (Strategies, Alternatives).
    let layout = Layout::jigsaw(Shape::new(2, 2).unwrap(), "AABBAABBCCDDCCDD").unwrap();
    let hard: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    for s in &SOLVERS {
        let mut solver = s.make();
        assert_eq!(solver.name(), s.name);
        assert_eq!(
            solver.supports(&layout),
            s.can(Ability::Variants),
            "{}",
            s.name
        );
        let report = solver.solve(&Grid::empty(Shape::new(2, 2).unwrap()), &Limits::new());
        assert_eq!(report.solutions, 288, "{}", s.name);
        assert_eq!(
            !report.stats.strategies.is_empty(),
            s.can(Ability::Strategies),
            "{}",
            s.name
        );
        assert_eq!(
            report.stats.alternatives > 0,
            s.can(Ability::Alternatives),
            "{}",
            s.name
        );
        assert_eq!(
            report.stats.guesses > 0,
            s.can(Ability::Guesses),
            "{}",
            s.name
        );
        assert_eq!(solver.solve(&hard, &Limits::new()).solutions, 1);
    }
}

#[test]
fn the_fillings_check_refuses_what_the_encoding_refuses() {
    // Random 4x4 and 6x6 killers, with limits around their filling counts: the check and
    // the encoding agree on every count and every error.
    let mut rng = Rng::new(25);
    for round in 0..300 {
        let shape = if round % 2 == 0 {
            Shape::new(2, 2)
        } else {
            Shape::new(2, 3)
        }
        .unwrap();
        let n = shape.size();
        let mut cages = Vec::new();
        let mut taken = vec![false; n * n];
        for _ in 0..1 + rng.below(4) {
            // A domino or a straight triomino, if its cells are free.
            let (r, c) = (rng.below(n), rng.below(n - 2));
            let len = 2 + rng.below(2);
            let cells: Vec<usize> = (0..len).map(|k| r * n + c + k).collect();
            if cells.iter().any(|&x| taken[x]) {
                continue;
            }
            cells.iter().for_each(|&x| taken[x] = true);
            let sum = len * (len + 1) / 2 + rng.below(3 * len);
            cages.push(Cage::new(sum as u32, cells));
        }
        let mut grid = Grid::empty(shape);
        grid.set_cell(rng.below(n * n), 1 + rng.below(n) as u8);
        let Ok(killer) = Killer::new(grid, cages) else {
            continue;
        };
        let checked = KillerEncoding::check(&killer, MAX_FILLINGS);
        let encoded = KillerEncoding::new(&killer).map(|e| e.fillings());
        assert_eq!(
            checked.as_ref().map_err(ToString::to_string),
            encoded.as_ref().map_err(ToString::to_string)
        );
        if let Ok(&f) = checked.as_ref() {
            for limit in [f.saturating_sub(1), f] {
                let checked = KillerEncoding::check(&killer, limit).map_err(|e| e.to_string());
                let encoded = KillerEncoding::with_limit(&killer, limit)
                    .map(|e| e.fillings())
                    .map_err(|e| e.to_string());
                assert_eq!(checked, encoded);
            }
        }
    }
}
