//! A short tour of the library: `cargo run --example tour`.
//!
//! Builds a small exact cover problem by hand, counts and lists its solutions, writes it in
//! Knuth's text format, and then lets a puzzle module do the same work for the 8 queens.

use std::error::Error;
use std::ops::ControlFlow;

use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::{Arena, Limits, Problem, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    // 1. A problem by hand: cover the numbers 1..=6 with some of these sets, each number
    //    exactly once. The sets are the options, the numbers the (primary) items.
    let mut builder = Problem::builder();
    let items = builder.primaries(["1", "2", "3", "4", "5", "6"])?;
    let sets: [&[usize]; 6] = [&[1, 2], &[3, 4, 5], &[6], &[1, 2, 3], &[4, 5, 6], &[2, 3]];
    for set in sets {
        builder.option(set.iter().map(|&k| items[k - 1]))?;
    }
    let problem = builder.build()?;

    // 2. Count, then walk through the solutions.
    println!("{} solutions", problem.count_solutions());
    let arena = Arena::new();
    let mut solver = Solver::new(&problem, &arena);
    for (k, solution) in solver.solutions().enumerate() {
        let parts: Vec<String> = solution
            .iter()
            .map(|&o| format!("{{{}}}", problem.option_text(o)))
            .collect();
        println!("  solution {}: {}", k + 1, parts.join(" "));
    }

    // 3. The same problem in Knuth's text format, read back.
    let text = problem.to_dlx();
    println!("\nIn Knuth's format:\n{text}");
    assert_eq!(Problem::from_dlx(&text)?.count_solutions(), 2);

    // 4. A puzzle module builds the problem for you and reads solutions back as pictures.
    let queens = Queens::new(8, QueensOrder::OrganPipe)?;
    println!(
        "8 queens: {} items, {} options, {} solutions",
        queens.problem().item_count(),
        queens.problem().option_count(),
        queens.count()
    );
    // Stop after three solutions, with the search's statistics.
    let arena = Arena::new();
    let mut solver = Solver::new(queens.problem(), &arena).with_limits(Limits::new().solutions(3));
    let outcome = solver.visit(|options| {
        if let Ok(text) = queens.render_options(options) {
            println!("{text}");
        }
        ControlFlow::Continue(())
    });
    println!("{} ({} nodes)", outcome.status, outcome.stats.nodes);
    Ok(())
}
