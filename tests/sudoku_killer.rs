//! Killer Sudoku: the shipped puzzles solved, each to its published solution, checked by the
//! rules written out here (independent of the library); random 4x4 killers counted by the
//! engine and by brute force over all 288 grids; the limit on fillings.

use std::path::Path;

use dlxkit::rng::Rng;
use dlxkit::sudoku::killer::text::{parse_killers, to_list, KillerOptions};
use dlxkit::sudoku::killer::{Cage, Killer, KillerEncoding, KillerError};
use dlxkit::sudoku::solvers::{Answer, Limits};
use dlxkit::sudoku::{Grid, Layout, Shape, Variant};

fn data(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/sudoku")
            .join(name),
    )
    .unwrap()
}

/// The rules, written out: rows, columns and 3x3 boxes hold 1-9 once; each cage adds up to
/// its sum with no digit twice; givens kept.
fn obeys_the_rules(killer: &Killer, digits: &[u8]) -> bool {
    let n = 9;
    let all_once = |cells: Vec<usize>| {
        let mut seen = [false; 10];
        cells.iter().all(|&c| {
            let d = digits[c] as usize;
            (1..=9).contains(&d) && !std::mem::replace(&mut seen[d], true)
        })
    };
    let rows = (0..n).all(|r| all_once((0..n).map(|c| r * n + c).collect()));
    let cols = (0..n).all(|c| all_once((0..n).map(|r| r * n + c).collect()));
    let boxes = (0..n).all(|b| {
        all_once(
            (0..n)
                .map(|k| (b / 3 * 3 + k / 3) * n + b % 3 * 3 + k % 3)
                .collect(),
        )
    });
    let cages = killer.cages().iter().all(|cage| {
        let ds: Vec<u32> = cage.cells.iter().map(|&c| u32::from(digits[c])).collect();
        let distinct = ds.iter().enumerate().all(|(i, d)| !ds[..i].contains(d));
        distinct && ds.iter().sum::<u32>() == cage.sum
    });
    let givens = (killer.grid().cells().iter().zip(digits)).all(|(&g, &d)| g == 0 || g == d);
    rows && cols && boxes && cages && givens
}

/// Solves shipped puzzle `k` of `killer.txt` and checks it against `killer_solutions.txt`.
fn solve_shipped(k: usize) {
    let puzzles = parse_killers(&data("killer.txt"), &KillerOptions::default()).unwrap();
    let solutions: Vec<String> = data("killer_solutions.txt")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(puzzles.len(), solutions.len());
    let killer = &puzzles[k].killer;
    let report = killer.solve(&Limits::new()).unwrap();
    assert_eq!(report.answer(), Answer::Unique, "puzzle {}", k + 1);
    let found = report.first.unwrap();
    let digits: Vec<u8> = solutions[k].bytes().map(|b| b - b'0').collect();
    assert_eq!(found.cells(), &digits[..], "puzzle {}", k + 1);
    assert!(obeys_the_rules(killer, found.cells()));
    assert_eq!(killer.check(&found), Ok(()));
    // The published solution obeys the rules too, and breaking it is noticed.
    let mut broken = digits.clone();
    broken.swap(0, 1);
    assert!(!obeys_the_rules(killer, &broken));
    let broken = Grid::from_cells(found.layout().clone(), broken).unwrap();
    assert!(killer.check(&broken).is_err());
}

#[test]
fn the_wikipedia_killer_has_its_published_solution() {
    solve_shipped(0);
}

#[test]
fn tareks_killer_22_has_its_published_solution() {
    let puzzles = parse_killers(&data("killer.txt"), &KillerOptions::default()).unwrap();
    assert_eq!(puzzles[2].killer.cage_of(40), None); // the centre is in no cage
    solve_shipped(2);
}

/// tarek's hard killer 1: the slowest shipped puzzle, 381,947 nodes (about 3 s of CPU in
/// release).
#[test]
fn tareks_hard_killer_1_has_its_published_solution() {
    solve_shipped(1);
}

#[test]
fn the_shipped_puzzles_read_back_from_the_list_format() {
    for p in parse_killers(&data("killer.txt"), &KillerOptions::default()).unwrap() {
        let again = parse_killers(&to_list(&p.killer), &KillerOptions::default()).unwrap();
        let cages = |k: &Killer| -> Vec<(u32, Vec<usize>)> {
            k.cages().iter().map(|c| (c.sum, c.cells.clone())).collect()
        };
        assert_eq!(cages(&again[0].killer), cages(&p.killer));
        assert_eq!(again[0].killer.grid(), p.killer.grid());
    }
}

/// Every 4x4 grid (288), by brute force: rows filled with permutations, columns and boxes
/// checked as they come.
fn all_4x4_grids(diagonals: bool) -> Vec<Vec<u8>> {
    let perms: Vec<Vec<u8>> = {
        let mut out = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for d in 1..=4u8 {
                        let p = [a, b, c, d];
                        if (0..4).all(|i| !p[..i].contains(&p[i])) {
                            out.push(p.to_vec());
                        }
                    }
                }
            }
        }
        out
    };
    let mut grids = Vec::new();
    let mut rows: Vec<&Vec<u8>> = Vec::new();
    fn fill<'p>(
        rows: &mut Vec<&'p Vec<u8>>,
        perms: &'p [Vec<u8>],
        grids: &mut Vec<Vec<u8>>,
        diagonals: bool,
    ) {
        if rows.len() == 4 {
            let g: Vec<u8> = rows.iter().flat_map(|r| r.iter().copied()).collect();
            let main: Vec<u8> = (0..4).map(|i| g[i * 5]).collect();
            let anti: Vec<u8> = (0..4).map(|i| g[i * 4 + 3 - i]).collect();
            let distinct = |v: &[u8]| (0..4).all(|i| !v[..i].contains(&v[i]));
            if !diagonals || (distinct(&main) && distinct(&anti)) {
                grids.push(g);
            }
            return;
        }
        for p in perms {
            let r = rows.len();
            let column_ok = rows.iter().all(|q| (0..4).all(|c| q[c] != p[c]));
            let box_ok = r % 2 == 0
                || (0..4).all(|c| {
                    let above = rows[r - 1];
                    let pair = c / 2 * 2;
                    above[pair] != p[c] && above[pair + 1] != p[c]
                });
            if column_ok && box_ok {
                rows.push(p);
                fill(rows, perms, grids, diagonals);
                rows.pop();
            }
        }
    }
    fill(&mut rows, &perms, &mut grids, diagonals);
    grids
}

/// A random partition of some of the 16 cells into connected cages of 1 to 4 cells.
fn random_cages(rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut owner = [false; 16];
    let mut cages = Vec::new();
    let mut order: Vec<usize> = (0..16).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start] || rng.below(5) == 0 {
            continue; // some cells stay out of every cage
        }
        let size = 1 + rng.below(4);
        let mut cage = vec![start];
        owner[start] = true;
        while cage.len() < size {
            let frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / 4, c % 4);
                    [
                        (r > 0).then(|| c - 4),
                        (r < 3).then(|| c + 4),
                        (col > 0).then(|| c - 1),
                        (col < 3).then(|| c + 1),
                    ]
                })
                .flatten()
                .filter(|&c| !owner[c])
                .collect();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.below(frontier.len())];
            owner[next] = true;
            cage.push(next);
        }
        cages.push(cage);
    }
    cages
}

#[test]
fn counts_of_random_4x4_killers_agree_with_brute_force() {
    for (variant, diagonals) in [(Variant::Standard, false), (Variant::X, true)] {
        let grids = all_4x4_grids(diagonals);
        assert_eq!(grids.len(), if diagonals { 48 } else { 288 });
        let layout = variant.shared_layout(Shape::new(2, 2).unwrap()).unwrap();
        let mut rng = Rng::new(2024);
        let (mut unique, mut several, mut none) = (0, 0, 0);
        for trial in 0..300 {
            let cells = random_cages(&mut rng);
            // Sums from a grid (at least one solution), or one sum off by one sometimes.
            let from = &grids[rng.below(grids.len())];
            let mut sums: Vec<u32> = cells
                .iter()
                .map(|c| c.iter().map(|&x| u32::from(from[x])).sum())
                .collect();
            if trial % 4 == 3 && !sums.is_empty() {
                let k = rng.below(sums.len());
                sums[k] += 1;
            }
            let mut givens = Grid::blank(layout.clone());
            if trial % 3 == 0 {
                let cell = rng.below(16);
                givens.set_cell(cell, from[cell]);
            }
            let cages: Vec<Cage> = cells
                .iter()
                .zip(&sums)
                .map(|(c, &s)| Cage::new(s, c.iter().copied()))
                .collect();
            let expected = grids
                .iter()
                .filter(|g| {
                    cages.iter().all(|cage| {
                        let ds: Vec<u8> = cage.cells.iter().map(|&c| g[c]).collect();
                        let distinct = (0..ds.len()).all(|i| !ds[..i].contains(&ds[i]));
                        distinct && ds.iter().map(|&d| u32::from(d)).sum::<u32>() == cage.sum
                    }) && (0..16).all(|c| givens.cells()[c] == 0 || givens.cells()[c] == g[c])
                })
                .count() as u64;
            let counted = match Killer::new(givens, cages) {
                Ok(killer) => match killer.solve(&Limits::new()) {
                    Ok(report) => {
                        if let Some(first) = &report.first {
                            assert_eq!(killer.check(first), Ok(()));
                        }
                        report.solutions
                    }
                    Err(KillerError::NoFilling { .. }) => 0,
                    Err(e) => panic!("trial {trial}: {e}"),
                },
                // A sum pushed out of reach of its cells: no grid has it.
                Err(KillerError::ImpossibleSum { .. }) => 0,
                Err(e) => panic!("trial {trial}: {e}"),
            };
            assert_eq!(counted, expected, "{} trial {trial}", variant.name());
            match expected {
                0 => none += 1,
                1 => unique += 1,
                _ => several += 1,
            }
        }
        // The trials cover every verdict.
        assert!(
            unique > 10 && several > 10 && none > 10,
            "{unique} {several} {none}"
        );
    }
}

#[test]
fn a_full_house_cage_is_a_unit_and_counts_as_one() {
    // The first row as a cage of all four digits: every grid has it, so 288 solutions.
    let k = Killer::new(
        Grid::empty(Shape::new(2, 2).unwrap()),
        vec![Cage::new(10, 0..4)],
    )
    .unwrap();
    assert_eq!(k.solve(&Limits::new()).unwrap().solutions, 288);
    // A cage of all four digits that is not connected side to side (the anti-diagonal) is
    // refused, though as a unit it would make sense.
    let k = Killer::new(
        Grid::empty(Shape::new(2, 2).unwrap()),
        vec![Cage::new(10, [3, 6, 9, 12])],
    );
    assert!(matches!(k, Err(KillerError::Disconnected { .. })));
}

#[test]
fn too_many_fillings_is_an_error_naming_the_cage() {
    // Three rows of 9x9, each an 8-cell cage of 36 (all digits but 9): 8! = 40320 fillings
    // each, 120960 in all, past the limit of 100000 at the third cage.
    let cages: Vec<Cage> = (0..3)
        .map(|r| Cage::new(36, (0..8).map(|c| r * 9 + c)))
        .collect();
    let k = Killer::new(Grid::empty(Shape::new(3, 3).unwrap()), cages).unwrap();
    let err = k.encode().unwrap_err();
    assert_eq!(
        err.to_string(),
        "cage 3 (sum 36: r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8): the fillings of the cages \
         pass the limit of 100000 (a cage of k cells has up to k! orderings of each digit set \
         with its sum): split the large cages, or give some of their digits"
    );
    // Two of them fit.
    let two = Killer::new(
        Grid::empty(Shape::new(3, 3).unwrap()),
        k.cages()[..2].to_vec(),
    )
    .unwrap();
    assert_eq!(two.encode().unwrap().fillings(), 2 * 40320);
    // A lower limit refuses earlier.
    assert!(matches!(
        KillerEncoding::with_limit(&two, 50_000),
        Err(KillerError::TooManyFillings { .. })
    ));
}

#[test]
fn killer_cages_work_on_other_layouts() {
    // A Sudoku-X killer, 4x4: the cages alone allow several grids, the diagonals fewer.
    let cages = vec![Cage::new(3, [0, 1]), Cage::new(7, [2, 3])];
    let count = |layout: Layout| {
        let k = Killer::new(Grid::blank(layout.into()), cages.clone()).unwrap();
        k.solve(&Limits::new()).unwrap().solutions
    };
    let standard = count(Layout::standard(Shape::new(2, 2).unwrap()));
    let x = count(Layout::standard(Shape::new(2, 2).unwrap()).with_diagonals());
    let brute = |diagonals| {
        all_4x4_grids(diagonals)
            .iter()
            .filter(|g| g[0] + g[1] == 3 && g[2] + g[3] == 7)
            .count() as u64
    };
    assert_eq!((standard, x), (brute(false), brute(true)));
    assert!(x < standard);
}
