//! Multiplicities (Algorithm M, as Knuth's DLX3): item bounds in the text format and the
//! builder, Knuth's example, an independent DLX3 and brute force on random bounded problems,
//! and puzzles that need bounds, each against an independent count.

use std::collections::BTreeSet;

use dlxkit::xc::shard::{Split, SplitBy};
use dlxkit::xc::{
    parallel, Arena, ColorId, ItemId, Limits, OptionId, ParseErrorKind, Problem, ProblemError,
    Solver,
};
use quickcheck::{quickcheck, TestResult};

use crate::dlx3_oracle;
use crate::random_problems::Bounded;

/// Knuth's example from the opening of DLX3.
const KNUTH: &str = "\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
";

fn texts(p: &Problem, solution: &[OptionId]) -> Vec<String> {
    solution.iter().map(|&o| p.option_text(o)).collect()
}

#[test]
fn knuths_example_has_his_unique_solution_and_counts() {
    let p = Problem::from_dlx(KNUTH).unwrap();
    assert!(p.has_bounds());
    let all = p.all_solutions();
    assert_eq!(all.len(), 1);
    assert_eq!(texts(&p, &all[0]), ["A C X:1 Y:1", "B X:1", "C Y:1"]);
    let arena = Arena::new();
    let stats = Solver::new(&p, &arena).count().stats;
    // As DLX3 reports them: 6 nodes, 14 updates, 7 cleansings.
    assert_eq!((stats.nodes, stats.updates, stats.cleansings), (6, 14, 7));
    assert_eq!(dlx3_oracle::count(&p).nodes, 6);
}

#[test]
fn bounds_are_written_back_as_read() {
    let text = "A 2|B 0:3|C 1:2|D | X\nA B C X\nB C D\nD B\n";
    let p = Problem::from_dlx(text).unwrap();
    assert_eq!(p.to_dlx(), text);
    let b = p.item_id("C").unwrap();
    assert_eq!(p.item_bounds(b), 0..=3);
    assert_eq!(p.item_bounds(p.item_id("X").unwrap()), 1..=1);
}

#[test]
fn malformed_bounds_are_typed_errors_with_line_and_column() {
    let cases: [(&str, (usize, usize), ParseErrorKind); 7] = [
        (
            "A 3:2|B\nA B\n",
            (1, 3),
            ParseErrorKind::Problem(ProblemError::LowerAboveUpper {
                name: "B".into(),
                min: 3,
                max: 2,
            }),
        ),
        (
            "| c\nA 0|B\nA B\n",
            (2, 3),
            ParseErrorKind::Problem(ProblemError::ZeroUpperBound { name: "B".into() }),
        ),
        (
            "A | 2|X\nA X\n",
            (1, 5),
            ParseErrorKind::BoundOnSecondary { name: "X".into() },
        ),
        (
            "A x:2|B\nA B\n",
            (1, 3),
            ParseErrorKind::MalformedBound {
                word: "x:2|B".into(),
                reason: "a bound must be a decimal number (write `a:b|name` or `b|name`)",
            },
        ),
        (
            "A 2|\nA\n",
            (1, 3),
            ParseErrorKind::MalformedBound {
                word: "2|".into(),
                reason: "no item name after the bound's `|`",
            },
        ),
        (
            "A 1:2\nA\n",
            (1, 3),
            ParseErrorKind::MalformedBound {
                word: "1:2".into(),
                reason: "a lower bound needs an upper bound and a name: `a:b|name`",
            },
        ),
        (
            "A 99999999999|B\nA B\n",
            (1, 3),
            ParseErrorKind::MalformedBound {
                word: "99999999999|B".into(),
                reason: "the bound is too large (at most 4294967295)",
            },
        ),
    ];
    for (text, (line, column), kind) in cases {
        let err = Problem::from_dlx(text).unwrap_err();
        assert_eq!(
            (err.line, err.column, &err.kind),
            (line, column, &kind),
            "{text:?}"
        );
    }
    let err = Problem::from_dlx("A 3:2|B\nA B\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 3: item `B`: the lower bound 3 exceeds the upper bound 2"
    );
}

#[test]
#[allow(clippy::reversed_empty_ranges)] // the reversed bounds are the point
fn the_builder_declares_bounded_items_and_checks_their_bounds() {
    let mut b = Problem::builder();
    let a = b.bounded("A", 0..=2).unwrap();
    assert_eq!(
        b.bounded("B", 2..=1),
        Err(ProblemError::LowerAboveUpper {
            name: "B".into(),
            min: 2,
            max: 1
        })
    );
    assert_eq!(
        b.bounded("B", 0..=0),
        Err(ProblemError::ZeroUpperBound { name: "B".into() })
    );
    assert!(matches!(
        b.bounded("a:b", 1..=2),
        Err(ProblemError::InvalidName { .. })
    ));
    b.option([a]).unwrap();
    b.option([a]).unwrap();
    let p = b.build().unwrap();
    // None, either, or both of the two options.
    assert_eq!(p.count_solutions(), 4);
}

#[test]
fn check_solution_applies_the_bounds() {
    let p = Problem::from_dlx("2:3|A B\nA\nA B\nA\nA\n").unwrap();
    let o = OptionId::new;
    assert!(p.check_solution(&[o(0), o(1)]).is_ok());
    assert!(p.check_solution(&[o(0), o(1), o(2), o(3)]).is_err()); // A four times
    assert!(p.check_solution(&[o(1)]).is_err()); // A once
    assert!(p.check_solution(&[o(0), o(0), o(1)]).is_err()); // an option twice
}

#[test]
fn forcing_an_option_with_bounds_keeps_the_solutions_that_contain_it() {
    let p = Problem::from_dlx("1:2|A 2|B C\nA B\nA C\nB\nB C\nA\n").unwrap();
    let all: Vec<BTreeSet<OptionId>> = p
        .all_solutions()
        .into_iter()
        .map(|s| s.into_iter().collect())
        .collect();
    for option in p.options() {
        let arena = Arena::new();
        let mut s = Solver::new(&p, &arena);
        s.force(option).unwrap();
        let forced: BTreeSet<BTreeSet<OptionId>> =
            s.solutions().map(|s| s.into_iter().collect()).collect();
        let expected: BTreeSet<BTreeSet<OptionId>> = all
            .iter()
            .filter(|s| s.contains(&option))
            .cloned()
            .collect();
        assert_eq!(forced, expected, "option {}", option.index());
        s.unforce_all();
        assert!(s.is_pristine());
    }
}

/// Every set of options that meets the bounds, found by trying all subsets and counting
/// each item's uses (written here, not with `Problem::check_solution`).
fn brute_force(p: &Problem) -> BTreeSet<Vec<OptionId>> {
    let n = p.option_count();
    let mut found = BTreeSet::new();
    'subsets: for mask in 0u32..1 << n {
        let mut uses = vec![0u32; p.item_count()];
        let mut colors: Vec<Option<Option<ColorId>>> = vec![None; p.item_count()];
        let chosen: Vec<OptionId> = (0..n)
            .filter(|k| mask >> k & 1 == 1)
            .map(OptionId::new)
            .collect();
        for &o in &chosen {
            for e in p.option(o) {
                let i = e.item.index();
                uses[i] += 1;
                if p.item_kind(e.item) == dlxkit::xc::ItemKind::Primary {
                    continue;
                }
                if let Some(previous) = colors[i] {
                    // A secondary item shared only by options that agree on a colour.
                    if previous.is_none() || previous != e.color {
                        continue 'subsets;
                    }
                }
                colors[i] = Some(e.color);
            }
        }
        for item in p.items() {
            let bounds = p.item_bounds(item);
            let primary = p.item_kind(item) == dlxkit::xc::ItemKind::Primary;
            if primary && !bounds.contains(&uses[item.index()]) {
                continue 'subsets;
            }
        }
        found.insert(chosen);
    }
    found
}

fn sorted(mut s: Vec<OptionId>) -> Vec<OptionId> {
    s.sort();
    s
}

quickcheck! {
    fn bounded_search_counts_nodes_updates_and_cleansings_as_knuths_dlx3(b: Bounded) -> bool {
        let p = b.problem();
        let arena = Arena::new();
        let mut solver = Solver::new(&p, &arena);
        let stats = solver.count().stats;
        let knuth = dlx3_oracle::count(&p);
        let ours = dlx3_oracle::Counts {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            cleansings: stats.cleansings,
        };
        // A problem whose bounds are all 1..=1 is searched as DLX1/DLX2 (a dead end costs
        // a cover there), so only problems with bounds are compared.
        !p.has_bounds() || (ours == knuth && solver.is_pristine())
    }

    fn bounded_search_finds_exactly_the_subsets_that_meet_the_bounds(b: Bounded) -> TestResult {
        let p = b.problem();
        if p.option_count() > 10 {
            return TestResult::discard();
        }
        let found: Vec<Vec<OptionId>> = p.all_solutions().into_iter().map(sorted).collect();
        let set: BTreeSet<Vec<OptionId>> = found.iter().cloned().collect();
        TestResult::from_bool(set.len() == found.len() && set == brute_force(&p))
    }

    fn bounded_search_stops_at_limits_and_restores_the_matrix(b: Bounded, k: u8) -> bool {
        let p = b.problem();
        let arena = Arena::new();
        let mut solver = Solver::new(&p, &arena);
        let total = solver.count().stats.solutions;
        let limit = u64::from(k % 4);
        let outcome = solver.count_up_to(limit);
        outcome.stats.solutions == total.min(limit) && solver.is_pristine()
    }
}

/// The placements of a polyomino (cells as (row, column)) on a `rows` x `cols` board, in
/// every rotation and reflection, each placement once.
fn placements(cells: &[(i32, i32)], rows: i32, cols: i32) -> BTreeSet<Vec<(i32, i32)>> {
    let mut shapes = BTreeSet::new();
    let mut shape: Vec<(i32, i32)> = cells.to_vec();
    for _ in 0..2 {
        for _ in 0..4 {
            shape = shape.iter().map(|&(r, c)| (c, -r)).collect();
            let (r0, c0) = (
                shape.iter().map(|p| p.0).min().unwrap(),
                shape.iter().map(|p| p.1).min().unwrap(),
            );
            let mut normal: Vec<(i32, i32)> =
                shape.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            normal.sort();
            shapes.insert(normal);
        }
        shape = shape.iter().map(|&(r, c)| (r, -c)).collect();
    }
    let mut out = BTreeSet::new();
    for s in shapes {
        for dr in 0..rows {
            for dc in 0..cols {
                let moved: Vec<(i32, i32)> = s.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                if moved.iter().all(|&(r, c)| r < rows && c < cols) {
                    out.insert(moved);
                }
            }
        }
    }
    out
}

/// A piece of the direct count: copies used, copies needed, placements.
type Piece = (u32, u32, Vec<Vec<(i32, i32)>>);

/// Counts the packings by filling the first empty cell with every placement of every piece
/// that has copies left: each packing (a set of placements) is met once.
fn count_packings(board: &mut Vec<bool>, cols: i32, pieces: &mut [Piece]) -> u64 {
    let Some(first) = board.iter().position(|&filled| !filled) else {
        return u64::from(pieces.iter().all(|(used, min, _)| used >= min));
    };
    let target = (first as i32 / cols, first as i32 % cols);
    let mut total = 0;
    for k in 0..pieces.len() {
        let (used, _, ref list) = pieces[k];
        let max = match k {
            0 => 2,
            1 => 1,
            _ => 4,
        };
        if used == max {
            continue;
        }
        for placement in list.clone() {
            let fits = placement.contains(&target)
                && placement
                    .iter()
                    .all(|&(r, c)| !board[(r * cols + c) as usize]);
            if !fits {
                continue;
            }
            for &(r, c) in &placement {
                board[(r * cols + c) as usize] = true;
            }
            pieces[k].0 += 1;
            total += count_packings(board, cols, pieces);
            pieces[k].0 -= 1;
            for &(r, c) in &placement {
                board[(r * cols + c) as usize] = false;
            }
        }
    }
    total
}

#[test]
fn a_packing_with_two_copies_of_a_piece_and_an_optional_one_matches_a_direct_count() {
    // A 3x4 board: exactly two L-tetrominoes, at most one domino, two to four monominoes.
    let (rows, cols) = (3, 4);
    let l = placements(&[(0, 0), (1, 0), (2, 0), (2, 1)], rows, cols);
    let domino = placements(&[(0, 0), (0, 1)], rows, cols);
    let mono = placements(&[(0, 0)], rows, cols);
    let mut b = Problem::builder();
    let cells: Vec<ItemId> = (0..rows * cols)
        .map(|k| b.primary(&format!("c{k}")).unwrap())
        .collect();
    let pieces = [
        b.bounded("L", 2..=2).unwrap(),
        b.bounded("D", 0..=1).unwrap(),
        b.bounded("M", 2..=4).unwrap(),
    ];
    for (piece, list) in pieces.iter().zip([&l, &domino, &mono]) {
        for placement in list {
            let mut option = vec![*piece];
            option.extend(
                placement
                    .iter()
                    .map(|&(r, c)| cells[(r * cols + c) as usize]),
            );
            b.option(option).unwrap();
        }
    }
    let p = b.build().unwrap();
    let mut board = vec![false; (rows * cols) as usize];
    let mut counting = [
        (0, 2, l.into_iter().collect()),
        (0, 0, domino.into_iter().collect()),
        (0, 2, mono.into_iter().collect()),
    ];
    let direct = count_packings(&mut board, cols, &mut counting);
    assert!(direct > 0);
    assert_eq!(p.count_solutions(), direct);
    for s in p.all_solutions() {
        assert!(p.check_solution(&s).is_ok());
    }
    assert_eq!(dlx3_oracle::count(&p).solutions, direct);
}

/// The `n` x `n` grids with two marks in every row and column, by choosing two columns for
/// each row in turn and checking the column sums at the end.
fn two_per_line_brute(n: usize) -> u64 {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    fn go(row: usize, n: usize, pairs: &[(usize, usize)], sums: &mut [u32]) -> u64 {
        if row == n {
            return u64::from(sums.iter().all(|&s| s == 2));
        }
        let mut total = 0;
        for &(a, b) in pairs {
            if sums[a] < 2 && sums[b] < 2 {
                sums[a] += 1;
                sums[b] += 1;
                total += go(row + 1, n, pairs, sums);
                sums[a] -= 1;
                sums[b] -= 1;
            }
        }
        total
    }
    go(0, n, &pairs, &mut vec![0; n])
}

#[test]
fn two_marks_in_every_row_and_column_match_brute_force() {
    for n in 2..=6 {
        let p = dlxkit::bench::engine::two_per_line(n);
        let expected = two_per_line_brute(n);
        assert_eq!(p.count_solutions(), expected, "n = {n}");
        let arena = Arena::new();
        let stats = Solver::new(&p, &arena).count().stats;
        let knuth = dlx3_oracle::count(&p);
        assert_eq!(
            (stats.nodes, stats.updates),
            (knuth.nodes, knuth.updates),
            "n = {n}"
        );
    }
    // OEIS A001499: 1, 0, 1, 6, 90, 2040, 67950.
    assert_eq!(two_per_line_brute(5), 2040);
}

#[test]
fn a_bounded_search_is_cut_and_counts_the_same_on_threads() {
    // The split cuts Algorithm M's tree as the search branches (moves, null moves
    // included), and the shards count what the search on one thread counts.
    let p = dlxkit::bench::engine::two_per_line(4);
    let split = Split::new(&p, SplitBy::Count(8));
    assert_eq!(split.shards().len(), 8);
    assert!(split.shards().iter().all(|s| s.path().depth() > 0));
    let arena = Arena::new();
    let sequential = Solver::new(&p, &arena).count().stats;
    let counted = parallel::count(&p, 2, 4, &Limits::new());
    assert!(counted.complete);
    assert_eq!(counted.totals.solutions, 90);
    assert_eq!(counted.totals.nodes, u128::from(sequential.nodes));
    assert_eq!(counted.totals.updates, u128::from(sequential.updates));
}
