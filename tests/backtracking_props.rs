//! Properties of the backtracking solvers: agreement on random puzzles of several box shapes,
//! variants (Sudoku-X, windoku, jigsaw), counting, limits, and the strategies solver's rating.

use crate::backtracking_util;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use backtracking_util::{line, load, parse, parse_with, solvers, SOLVERS};
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::{rating::Rater, Level};
use dlxkit::sudoku::solvers::strategies::{StrategiesSolver, Strategy};
use dlxkit::sudoku::solvers::{by_name, Answer, Limits, SolveStats, Status, SudokuSolver};
use dlxkit::sudoku::{Grid, Layout, Shape};
use quickcheck::{QuickCheck, TestResult};

/// A valid solved grid of boxes `r` x `c`: row `i` of band `b` is the sequence shifted by
/// `i * c + b`.
fn pattern(shape: Shape) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let mut g = Grid::empty(shape);
    for row in 0..n {
        for col in 0..n {
            let v = ((row % r) * c + row / r + col) % n;
            g.set(row, col, v as u8 + 1);
        }
    }
    assert!(g.is_solved());
    g
}

/// A random permutation of `0..k`.
fn perm(rng: &mut Rng, k: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..k).collect();
    rng.shuffle(&mut p);
    p
}

/// A random solved grid of the given shape: the pattern with digits relabelled, rows shuffled
/// within bands and bands shuffled, columns within stacks and stacks, and (for square boxes)
/// a transposition half the time. Each of these keeps every row, column and box valid.
fn random_solved(shape: Shape, rng: &mut Rng) -> Grid {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let base = pattern(shape);
    let digits = perm(rng, n);
    // Row order: bands of r rows (n / r bands); column order: stacks of c columns.
    let (bands, stacks) = (perm(rng, n / r), perm(rng, n / c));
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| perm(rng, r).into_iter().map(move |i| b * r + i))
        .collect();
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| perm(rng, c).into_iter().map(move |j| s * c + j))
        .collect();
    let transpose = r == c && rng.below(2) == 1;
    let mut g = Grid::empty(shape);
    for (row, &from_row) in rows.iter().enumerate() {
        for (col, &from_col) in cols.iter().enumerate() {
            let (sr, sc) = if transpose {
                (from_col, from_row)
            } else {
                (from_row, from_col)
            };
            let d = base[(sr, sc)] as usize;
            g.set(row, col, digits[d - 1] as u8 + 1);
        }
    }
    assert!(g.is_solved(), "permutations broke the grid");
    g
}

/// The solved grid with each cell kept with probability `keep_percent` %.
fn puzzle_from(solved: &Grid, keep_percent: usize, rng: &mut Rng) -> Grid {
    let mut p = solved.clone();
    for cell in 0..p.cells().len() {
        if rng.below(100) >= keep_percent {
            p.set_cell(cell, 0);
        }
    }
    p
}

/// Runs every backtracking solver on `puzzle` (count up to 2) and checks that they agree:
/// same count, every first solution valid and keeping the givens, and when unique the known
/// `solution`. `naive` may stop at its node limit, which it must then say.
fn all_agree(puzzle: &Grid, solution: Option<&Grid>) {
    let mut counts = Vec::new();
    for mut solver in solvers() {
        let limit = if solver.name() == "naive" {
            2_000_000
        } else {
            50_000_000
        };
        let r = solver.solve(puzzle, &Limits::new().solutions(2).nodes(limit));
        if r.status == Status::NodeLimit && solver.name() == "naive" {
            assert_eq!(r.stats.assignments, limit);
            continue;
        }
        assert!(
            matches!(r.status, Status::Complete | Status::SolutionLimit),
            "{} stopped by {:?} on {}",
            solver.name(),
            r.status,
            line(puzzle)
        );
        if let Some(s) = &r.first {
            assert!(s.is_solved(), "{}: invalid solution", solver.name());
            assert!(puzzle.is_filled_by(s), "{}: givens lost", solver.name());
        }
        if r.solutions == 1 {
            if let Some(known) = solution {
                assert_eq!(
                    r.first.as_ref(),
                    Some(known),
                    "{} on {}",
                    solver.name(),
                    line(puzzle)
                );
            }
        }
        counts.push((solver.name(), r.solutions.min(2), r.answer()));
    }
    assert!(
        counts
            .windows(2)
            .all(|w| (w[0].1, w[0].2) == (w[1].1, w[1].2)),
        "solvers disagree on {}: {counts:?}",
        line(puzzle)
    );
    if let Some(known) = solution {
        // The known grid is a solution, so there is at least one.
        assert!(counts.iter().all(|&(_, k, _)| k >= 1), "{counts:?}");
        let _ = known;
    }
}

fn agree_on_random_puzzles(seed: u64, pick: u8, keep: u8) -> TestResult {
    let mut rng = Rng::new(seed);
    let shape = match pick % 4 {
        0 => Shape::new(2, 2),
        1 => Shape::new(2, 3),
        2 => Shape::new(3, 2),
        _ => Shape::new(3, 3),
    }
    .unwrap();
    let solved = random_solved(shape, &mut rng);
    // 9x9: keep 30-64 % of the cells; smaller grids: 10-74 %.
    let keep = if shape.size() == 9 {
        30 + keep as usize % 35
    } else {
        10 + keep as usize % 65
    };
    let puzzle = puzzle_from(&solved, keep, &mut rng);
    all_agree(&puzzle, Some(&solved));
    TestResult::passed()
}

#[test]
fn quickcheck_solvers_agree_on_random_puzzles() {
    let tests = if cfg!(debug_assertions) { 60 } else { 300 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(agree_on_random_puzzles as fn(u64, u8, u8) -> TestResult);
}

#[test]
fn random_solved_grids_of_every_shape_are_valid() {
    let mut rng = Rng::new(11);
    for (r, c) in [
        (1, 1),
        (1, 4),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 4),
        (5, 5),
    ] {
        let shape = Shape::new(r, c).unwrap();
        for _ in 0..5 {
            assert!(random_solved(shape, &mut rng).is_solved());
        }
    }
}

#[test]
fn empty_4x4_has_288_solutions_for_every_solver() {
    for mut solver in solvers() {
        let r = solver.solve(&Grid::empty(Shape::new(2, 2).unwrap()), &Limits::new());
        assert_eq!(
            (r.status, r.solutions),
            (Status::Complete, 288),
            "{}",
            solver.name()
        );
        assert!(r.first.unwrap().is_solved());
    }
}

#[test]
fn every_solver_supports_every_layout() {
    let x = Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals();
    for solver in solvers() {
        assert!(solver.supports(&x), "{}", solver.name());
        assert!(solver.supports(&Layout::standard(Shape::new(2, 5).unwrap())));
    }
}

/// Erases cells of a solved grid in random order as long as the puzzle stays unique (checked
/// with forward checking): a minimal puzzle of that layout.
fn minimal_puzzle(solved: &Grid, seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let mut fc = by_name("forward-checking").unwrap();
    let mut order: Vec<usize> = (0..solved.cells().len()).collect();
    rng.shuffle(&mut order);
    let mut p = solved.clone();
    for c in order {
        let d = p.cells()[c];
        p.set_cell(c, 0);
        if fc.solve(&p, &Limits::new().solutions(2)).solutions != 1 {
            p.set_cell(c, d);
        }
    }
    p
}

/// A solved grid of a variant layout: forward checking on the blank layout, with a few
/// random givens first so that different seeds give different grids.
fn solved_variant(layout: &Arc<Layout>, seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let mut fc = by_name("forward-checking").unwrap();
    loop {
        let mut g = Grid::blank(layout.clone());
        let n = g.size();
        for _ in 0..n {
            let cell = rng.below(g.cells().len());
            let d = rng.below(n) as u8 + 1;
            let clash = layout.peers(cell).iter().any(|&q| g.cells()[q] == d);
            if !clash {
                g.set_cell(cell, d);
            }
        }
        if let Some(s) = fc
            .solve(&g, &Limits::new().solutions(1).nodes(1_000_000))
            .first
        {
            return s;
        }
    }
}

/// A 9x9 jigsaw layout that the pattern grid solves: starting from the ordinary boxes, pairs
/// of cells holding the same digit in the pattern trade regions.
fn jigsaw_9x9() -> Layout {
    let shape = Shape::new(3, 3).unwrap();
    let solved = pattern(shape);
    let mut region: Vec<usize> = (0..81).map(|c| shape.box_of(c / 9, c % 9)).collect();
    for (a, b) in [(0, 1), (1, 2), (3, 4), (4, 7), (7, 8), (5, 8), (6, 3)] {
        // The last cell of region a and the first cell of region b that share a digit.
        let pair = (0..81)
            .rev()
            .filter(|&x| region[x] == a)
            .find_map(|x| {
                (0..81)
                    .find(|&y| region[y] == b && solved.cells()[y] == solved.cells()[x])
                    .map(|y| (x, y))
            })
            .unwrap();
        region.swap(pair.0, pair.1);
    }
    let map: String = region.iter().map(|&r| (b'A' + r as u8) as char).collect();
    let layout = Layout::jigsaw(shape, &map).unwrap();
    assert!(
        Grid::from_cells(Arc::new(layout.clone()), solved.cells().to_vec())
            .unwrap()
            .is_solved()
    );
    assert_ne!(layout.units(), Layout::standard(shape).units());
    layout
}

#[test]
fn variants_x_and_windoku_and_jigsaw() {
    let shape = Shape::new(3, 3).unwrap();
    let layouts = [
        Arc::new(Layout::standard(shape).with_diagonals()),
        Arc::new(Layout::standard(shape).with_windows().unwrap()),
        Arc::new(jigsaw_9x9()),
    ];
    for (k, layout) in layouts.iter().enumerate() {
        let solved = solved_variant(layout, 7 + k as u64);
        assert!(solved.is_solved());
        let puzzle = minimal_puzzle(&solved, 3 + k as u64);
        // The variant's extra units are what make it unique: the same givens on a plain
        // layout have several solutions.
        let plain =
            Grid::from_cells(Arc::new(Layout::standard(shape)), puzzle.cells().to_vec()).unwrap();
        if layout.variant_name() != "jigsaw" {
            let r = by_name("forward-checking")
                .unwrap()
                .solve(&plain, &Limits::new().solutions(2));
            assert_eq!(r.answer(), Answer::Multiple, "{}", layout.variant_name());
        }
        // Minimal puzzles can take `naive` tens of millions of nodes: it gets the minimal
        // puzzle with 20 erased cells given back (still unique, since givens were added).
        let mut easier = puzzle.clone();
        let mut rng = Rng::new(k as u64);
        let mut blanks: Vec<usize> = (0..81).filter(|&c| puzzle.cells()[c] == 0).collect();
        rng.shuffle(&mut blanks);
        for &c in blanks.iter().take(20) {
            easier.set_cell(c, solved.cells()[c]);
        }
        for mut solver in solvers() {
            let p = if solver.name() == "naive" {
                &easier
            } else {
                &puzzle
            };
            let r = solver.solve(p, &Limits::new().solutions(2).nodes(5_000_000));
            assert_eq!(
                (r.status, r.solutions),
                (Status::Complete, 1),
                "{} on {} {}",
                solver.name(),
                layout.variant_name(),
                line(p)
            );
            assert_eq!(r.first.as_ref(), Some(&solved), "{}", solver.name());
        }
        // And a puzzle with fewer givens: all agree on the count up to 2.
        let mut rng = Rng::new(99 + k as u64);
        all_agree(&puzzle_from(&solved, 35, &mut rng), Some(&solved));
    }
}

#[test]
fn a_4x4_jigsaw_is_counted_alike() {
    let layout =
        Arc::new(Layout::jigsaw(Shape::new(2, 2).unwrap(), "AABA ABBB CCDD CCDD").unwrap());
    let mut counts = Vec::new();
    for mut solver in solvers() {
        let r = solver.solve(&Grid::blank(layout.clone()), &Limits::new());
        assert_eq!(r.status, Status::Complete);
        assert!(r.first.unwrap().is_solved());
        counts.push(r.solutions);
    }
    assert!(
        counts[0] > 0 && counts.iter().all(|&c| c == counts[0]),
        "{counts:?}"
    );
}

#[test]
fn limits_cancel_deadline_and_counting_all() {
    let empty9 = Grid::empty(Shape::new(3, 3).unwrap());
    let flag = Arc::new(AtomicBool::new(true));
    for mut solver in solvers() {
        let name = solver.name();
        let r = solver.solve(&empty9, &Limits::new().cancel_flag(flag.clone()));
        assert_eq!(r.status, Status::Cancelled, "{name}");
        let r = solver.solve(&empty9, &Limits::new().timeout(Duration::ZERO));
        assert_eq!(r.status, Status::TimeLimit, "{name}");
        // Counting every 9x9 grid cannot finish: a real deadline stops it.
        let r = solver.solve(&empty9, &Limits::new().timeout(Duration::from_millis(30)));
        assert_eq!(r.status, Status::TimeLimit, "{name}");
        assert!(r.solutions > 0, "{name}");
        // The node limit is exact.
        let r = solver.solve(&empty9, &Limits::new().nodes(1_000));
        assert_eq!(
            (r.status, r.stats.assignments),
            (Status::NodeLimit, 1_000),
            "{name}"
        );
        // No solution wanted: no search.
        let r = solver.solve(&empty9, &Limits::new().solutions(0));
        assert_eq!(
            (r.status, r.solutions),
            (Status::SolutionLimit, 0),
            "{name}"
        );
        // Counting goes on after the first solution.
        let r = solver.solve(&empty9, &Limits::new().solutions(25));
        assert_eq!(
            (r.status, r.solutions),
            (Status::SolutionLimit, 25),
            "{name}"
        );
    }
}

#[test]
fn other_sizes_from_1x1_to_100x100() {
    for mut solver in solvers() {
        let name = solver.name();
        let r = solver.solve(&Grid::empty(Shape::new(1, 1).unwrap()), &Limits::new());
        assert_eq!((r.status, r.solutions), (Status::Complete, 1), "{name}");
        let sizes = [
            (2, 4, 100_000),
            (3, 4, 100_000),
            (4, 4, 20_000),
            (5, 5, 2_000),
            (10, 10, 100),
        ];
        for (br, bc, limit) in sizes {
            let mut g = Grid::empty(Shape::new(br, bc).unwrap());
            // A given in the last cell, so that the largest digit is in play.
            let n = g.size();
            g.set(n - 1, n - 1, n as u8);
            let r = solver.solve(&g, &Limits::new().solutions(1).nodes(limit));
            match r.status {
                Status::SolutionLimit => {
                    let s = r.first.unwrap();
                    assert!(s.is_solved() && g.is_filled_by(&s), "{name}");
                }
                Status::NodeLimit => assert_eq!(r.stats.assignments, limit),
                s => panic!("{name} on {br}x{bc}: {s:?}"),
            }
        }
    }
}

/// Not a test: how the solvers fare on empty large grids
/// (`cargo test --release --test backtracking_props -- --ignored --nocapture`).
#[test]
#[ignore]
fn measure_empty_large_grids() {
    for (br, bc) in [(4, 4), (5, 5), (6, 6), (10, 10)] {
        for name in SOLVERS {
            let g = Grid::empty(Shape::new(br, bc).unwrap());
            let t = std::time::Instant::now();
            let limits = Limits::new()
                .solutions(1)
                .nodes(200_000)
                .timeout(Duration::from_secs(20));
            let r = by_name(name).unwrap().solve(&g, &limits);
            println!(
                "{br}x{bc} {name:17} {:?} nodes {} backtracks {} {:.1} ms",
                r.status,
                r.stats.assignments,
                r.stats.backtracks,
                t.elapsed().as_secs_f64() * 1e3
            );
        }
    }
}

#[test]
fn strategies_never_guess_on_singles_puzzles() {
    // The one rating system (the explainer's) says which puzzles need singles only.
    let puzzles = load("pe96_easy50.txt");
    let mut solver = StrategiesSolver::new();
    let mut rater = Rater::new();
    let mut singles = 0;
    for p in &puzzles {
        let rating = rater.rate(p, None, &Limits::new());
        assert_eq!(rating.answer, Answer::Unique);
        let r = solver.solve(p, &Limits::new().solutions(2));
        assert_eq!(r.solutions, 1);
        assert!(r.first.unwrap().is_solved());
        if rating.level <= Some(Level::Medium) {
            singles += 1;
            assert_eq!(
                (r.stats.guesses, r.stats.assignments),
                (0, 0),
                "{}",
                line(p)
            );
        }
    }
    assert!(
        singles * 2 > puzzles.len(),
        "only {singles} singles-only puzzles in pe96"
    );
}

/// The hardest of the solver's strategies that a solve used: a guess if it made one,
/// otherwise the last of the four that made a deduction (a naked single for none).
fn hardest_used(stats: &SolveStats) -> Strategy {
    if stats.guesses > 0 {
        return Strategy::Guess;
    }
    Strategy::ALL[..4]
        .iter()
        .zip(&stats.strategies)
        .filter(|&(_, &(_, count))| count > 0)
        .map(|(&s, _)| s)
        .next_back()
        .unwrap_or(Strategy::NakedSingle)
}

#[test]
fn solves_spread_over_the_strategies_and_agree_with_the_rating() {
    let mut seen = [0usize; 5];
    let mut solver = StrategiesSolver::new();
    let mut rater = Rater::new();
    for set in [
        "pe96_easy50.txt",
        "norvig_top95.txt",
        "norvig_hardest11.txt",
    ] {
        for p in load(set) {
            let r = solver.solve(&p, &Limits::new().solutions(2));
            assert_eq!(r.solutions, 1);
            let hardest = hardest_used(&r.stats);
            seen[Strategy::ALL.iter().position(|&s| s == hardest).unwrap()] += 1;
            let counts = &r.stats.strategies;
            assert_eq!(counts.len(), 4);
            if hardest < Strategy::Guess {
                // Nothing harder than the hardest fired; and the explainer, whose
                // strategies include these four, solves it without a guess too.
                let k = Strategy::ALL.iter().position(|&s| s == hardest).unwrap();
                assert!(counts[k + 1..].iter().all(|&(_, c)| c == 0));
                let level = rater.rate(&p, None, &Limits::new()).level;
                assert!(level < Some(Level::Expert), "{}: {level:?}", line(&p));
            }
        }
    }
    // Easy puzzles need singles only; the hardest ones need guesses.
    assert!(seen[1] > 0 && seen[4] > 0, "{seen:?}");
    assert_eq!(seen.iter().sum::<usize>(), 50 + 95 + 11);
}

#[test]
fn reader_round_trips() {
    let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    assert_eq!(line(&parse(text)), text);
    let layout = Arc::new(Layout::standard(Shape::new(2, 2).unwrap()));
    assert_eq!(parse_with(&layout, "1234000000000000").givens(), 4);
    let _ = SOLVERS;
}
