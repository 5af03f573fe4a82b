//! The n-queens problem: `cargo run --release --example queens [n]` (default 8).
//!
//! Counts the solutions with both item orders, to show how much the organ-pipe order
//! shrinks the search tree, and draws the first solution.

use std::error::Error;

use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::{Arena, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = match std::env::args().nth(1) {
        Some(arg) => arg.parse()?,
        None => 8,
    };
    for order in [QueensOrder::Natural, QueensOrder::OrganPipe] {
        let puzzle = Queens::new(n, order)?;
        let arena = Arena::new();
        let outcome = Solver::new(puzzle.problem(), &arena).count();
        println!(
            "{n} queens, {order:?} order: {} solutions, {} nodes, {:.3} s",
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.elapsed.as_secs_f64()
        );
    }
    let puzzle = Queens::new(n, QueensOrder::OrganPipe)?;
    match puzzle.first()? {
        Some(solution) => {
            puzzle.validate(&solution)?;
            println!("\nThe first solution found:\n{}", puzzle.render(&solution));
        }
        None => println!("\nNo solution."),
    }
    Ok(())
}
