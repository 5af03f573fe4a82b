//! Domino tilings: `cargo run --release --example dominoes [rows cols]` (default 6 6).
//!
//! Counts the tilings and draws the first one (`<>` across, `^` over `v` upright).

use std::error::Error;

use dlxkit::puzzles::dominoes::Dominoes;
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::{Arena, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (rows, cols) = match args[..] {
        [r, c] => (r, c),
        [] => (6, 6),
        _ => return Err("expected: rows cols".into()),
    };
    let puzzle = Dominoes::new(rows, cols)?;
    let arena = Arena::new();
    let outcome = Solver::new(puzzle.problem(), &arena).count();
    println!(
        "{rows}x{cols}: {} domino tilings ({} nodes, {:.2} s)",
        outcome.stats.solutions,
        outcome.stats.nodes,
        outcome.stats.elapsed.as_secs_f64()
    );
    if let Some(tiling) = puzzle.first()? {
        puzzle.validate(&tiling)?;
        println!("{}", puzzle.render(&tiling));
    }
    Ok(())
}
