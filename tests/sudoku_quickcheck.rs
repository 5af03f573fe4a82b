//! Properties: erased solved grids always solve consistently with their givens; generated
//! puzzles are unique; parsing arbitrary text never panics.

use dlxkit::rng::Rng;
use dlxkit::sudoku::encode::Encoding;
use dlxkit::sudoku::generate::{generate, random_solution, GenerateOptions, Symmetry};
use dlxkit::sudoku::parse::{parse_each, parse_puzzles, Format, ParseOptions};
use dlxkit::sudoku::solvers::{dlx::DlxSolver, Answer, Limits, SudokuSolver};
use dlxkit::sudoku::{ops, Shape, Variant};
use quickcheck::{QuickCheck, TestResult};

const SHAPES: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)];

fn erased_grids_solve_consistently(seed: u64, shape: u8, keep: u8) -> TestResult {
    let (r, c) = SHAPES[shape as usize % SHAPES.len()];
    let encoding = Encoding::standard(Shape::new(r, c).unwrap()).unwrap();
    let mut rng = Rng::new(seed);
    let full = random_solution(&encoding, &mut rng, None).unwrap().unwrap();
    assert!(ops::validate(&full).is_ok());
    let mut puzzle = full.clone();
    let keep = keep as usize % 101; // percent of cells kept
    for cell in 0..puzzle.cells().len() {
        if rng.below(100) >= keep {
            puzzle.set_cell(cell, 0);
        }
    }
    let report = DlxSolver::new().solve(&puzzle, &Limits::new().solutions(2));
    let unique_if_full = keep < 100 || report.answer() == Answer::Unique;
    let Some(solution) = report.first else {
        return TestResult::failed();
    };
    TestResult::from_bool(
        solution.is_solved()
            && puzzle.is_filled_by(&solution)
            && unique_if_full
            && report.solutions >= 1,
    )
}

#[test]
fn erased_solved_grids_always_solve_consistently() {
    QuickCheck::new()
        .tests(200)
        .quickcheck(erased_grids_solve_consistently as fn(u64, u8, u8) -> TestResult);
}

fn generated_puzzles_are_unique(seed: u64, shape: u8, symmetry: u8, variant: bool) -> bool {
    let (r, c) = SHAPES[shape as usize % 4]; // up to 8x8
    let mut symmetry = Symmetry::ALL[symmetry as usize % Symmetry::ALL.len()];
    if symmetry == Symmetry::Rotational90 && r != c {
        symmetry = Symmetry::Rotational; // a quarter turn needs square boxes
    }
    let variant = if variant {
        Variant::X
    } else {
        Variant::Standard
    };
    let o = GenerateOptions::new(Shape::new(r, c).unwrap())
        .symmetry(symmetry)
        .variant(variant);
    let g = generate(&o, seed).unwrap();
    let n = r * c;
    let symmetric = (0..n * n).all(|cell| {
        (g.puzzle.cells()[cell] == 0) == (g.puzzle.cells()[symmetry.image(cell, n)] == 0)
    });
    symmetric
        && ops::uniqueness(&g.puzzle).unwrap() == Answer::Unique
        && ops::validate(&g.solution).is_ok()
        && g.puzzle.is_filled_by(&g.solution)
}

#[test]
fn generated_puzzles_are_unique_and_symmetric() {
    QuickCheck::new()
        .tests(40)
        .quickcheck(generated_puzzles_are_unique as fn(u64, u8, u8, bool) -> bool);
}

fn formats() -> [ParseOptions; 5] {
    let o = ParseOptions::default();
    [
        o.clone(),
        o.clone().format(Format::Line),
        o.clone().format(Format::Block),
        o.clone().format(Format::Token),
        o.shape(Shape::new(2, 3).unwrap()).variant(Variant::X),
    ]
}

fn arbitrary_text_never_panics(text: String) -> bool {
    for o in formats() {
        let _ = parse_puzzles(&text, &o);
        let _ = parse_each(&text, &o);
    }
    true
}

/// Text made of the symbols the formats care about, so that the parsers go deep.
fn symbol_soup_never_panics(bytes: Vec<u8>) -> bool {
    const ALPHABET: &[u8] = b".0123456789ABCDEFGHZ|-+= \n\r#x_*";
    let text: String = bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect();
    for o in formats() {
        for p in parse_each(&text, &o).into_iter().flatten() {
            assert!(p.grid.cells().iter().all(|&d| d as usize <= p.grid.size()));
        }
    }
    true
}

#[test]
fn parsing_arbitrary_text_never_panics() {
    QuickCheck::new()
        .tests(500)
        .quickcheck(arbitrary_text_never_panics as fn(String) -> bool);
    QuickCheck::new()
        .tests(500)
        .quickcheck(symbol_soup_never_panics as fn(Vec<u8>) -> bool);
}

#[test]
fn parsing_near_miss_puzzles_never_panics() {
    // Real puzzles with random damage: a cell changed, a cell cut, a line break inserted.
    let base = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let mut rng = Rng::new(99);
    for _ in 0..2000 {
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let k = rng.below(chars.len());
            match rng.below(4) {
                0 => chars[k] = ['x', '|', '-', '\n', ' ', 'G', '0'][rng.below(7)],
                1 => {
                    chars.remove(k);
                }
                2 => chars.insert(k, '\n'),
                _ => chars.insert(k, '#'),
            }
        }
        let text: String = chars.into_iter().collect();
        for o in formats() {
            let _ = parse_each(&text, &o);
        }
    }
}
