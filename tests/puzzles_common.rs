//! What all puzzles share: the `Puzzle` trait used generically
//! (also by the other puzzle modules' counts, through [`count_and_check`]).

use std::ops::ControlFlow;

use dlxkit::puzzles::{dominoes::Dominoes, langford::Langford, Puzzle, PuzzleError};
use dlxkit::xc::{Arena, Solver};

/// Counts a puzzle's solutions with the engine, decoding each of the first `check` solutions
/// and checking it with the puzzle's independent validator; the search must complete.
pub fn count_and_check<P: Puzzle>(puzzle: &P, check: usize) -> u64 {
    let arena = Arena::new();
    let mut solver = Solver::new(puzzle.problem(), &arena);
    let mut seen = 0;
    let outcome = solver.visit(|options| {
        if seen < check {
            let solution = puzzle.decode(options).expect("decodes");
            if let Err(e) = puzzle.validate(&solution) {
                panic!(
                    "solution {seen} is invalid: {e}\n{}",
                    puzzle.render(&solution)
                );
            }
            seen += 1;
        }
        ControlFlow::Continue(())
    });
    assert!(outcome.status.is_complete());
    outcome.stats.solutions
}

fn first_is_valid<P: Puzzle>(p: &P) -> bool {
    match p.first().unwrap() {
        Some(s) => p.validate(&s).is_ok() && !p.render(&s).is_empty(),
        None => false,
    }
}

/// The line and column of a parse error; any other outcome fails the test.
pub fn parse_error_at<T: std::fmt::Debug>(result: Result<T, PuzzleError>) -> (usize, usize) {
    match result {
        Err(PuzzleError::Parse { line, column, .. }) => (line, column),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn the_trait_works_generically() {
    assert!(first_is_valid(&Dominoes::new(2, 3).unwrap()));
    assert!(first_is_valid(&Langford::new(7, true).unwrap()));
    let l = Langford::new(3, false).unwrap();
    for o in l.problem().options() {
        assert!(l.describe(o).unwrap().starts_with("the two "));
    }
}
