//! Langford pairs: `cargo run --release --example langford [n]` (default 7).
//!
//! Counts the sequences, raw and up to reversal, and prints the first few.

use std::error::Error;

use dlxkit::puzzles::langford::Langford;
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::{Arena, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = match std::env::args().nth(1) {
        Some(arg) => arg.parse()?,
        None => 7,
    };
    for reduce in [false, true] {
        let puzzle = Langford::new(n, reduce)?;
        let arena = Arena::new();
        let outcome = Solver::new(puzzle.problem(), &arena).count();
        let what = match puzzle.restricted() {
            Some(k) => format!("up to reversal (the pair of {k}s kept in the left half)"),
            None => "raw".to_string(),
        };
        println!(
            "n = {n}: {} sequences {what}; {} nodes, {:.3} s",
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.elapsed.as_secs_f64()
        );
    }
    let puzzle = Langford::new(n, true)?;
    for sequence in puzzle.solutions_up_to(5)? {
        puzzle.validate(&sequence)?;
        print!("{}", puzzle.render(&sequence));
    }
    Ok(())
}
