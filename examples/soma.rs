//! The Soma cube: `cargo run --release --example soma`.
//!
//! Counts the ways to pack the seven Soma pieces into a 3x3x3 cube, raw and up to the cube's
//! 48 symmetries, and draws one packing layer by layer (bottom layer first).

use std::error::Error;

use dlxkit::puzzles::polycube::soma;
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::{Arena, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    for reduce in [false, true] {
        let puzzle = soma(reduce)?;
        let arena = Arena::new();
        let outcome = Solver::new(puzzle.problem(), &arena).count();
        let what = match puzzle.symmetry() {
            Some(report) => format!("up to symmetry ({report})"),
            None => "raw".to_string(),
        };
        println!(
            "Soma cube: {} packings {what}; {} nodes, {:.2} s",
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.elapsed.as_secs_f64()
        );
    }
    let puzzle = soma(true)?;
    if let Some(packing) = puzzle.first()? {
        puzzle.validate(&packing)?;
        println!("\nLayers z = 0, 1, 2:\n{}", puzzle.render(&packing));
    }
    Ok(())
}
