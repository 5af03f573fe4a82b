//! Pentominoes: `cargo run --release --example pentominoes [ROWSxCOLS | scott]`
//! (default 6x10; `scott` is the 8x8 square with its central 2x2 hole).
//!
//! Counts every packing, then one per symmetry class, and draws the first packing.

use std::error::Error;

use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoPacking, PolyominoSet};
use dlxkit::puzzles::{Puzzle, SymmetryReduction};
use dlxkit::xc::{Arena, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    let arg = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "6x10".to_string());
    let board = if arg == "scott" {
        Board::parse(include_str!("../data/puzzles/scott-8x8.txt"))?
    } else {
        let (rows, cols) = arg.split_once('x').ok_or("expected ROWSxCOLS or scott")?;
        Board::rectangle(rows.parse()?, cols.parse()?)?
    };
    let pieces = PolyominoSet::pentominoes();
    for symmetry in [SymmetryReduction::None, SymmetryReduction::Auto] {
        let options = PolyominoOptions {
            one_sided: false,
            symmetry,
        };
        let puzzle = PolyominoPacking::new(&board, &pieces, &options)?;
        let arena = Arena::new();
        let outcome = Solver::new(puzzle.problem(), &arena).count();
        let what = match puzzle.symmetry() {
            Some(report) => format!("up to symmetry ({report})"),
            None => "raw".to_string(),
        };
        println!(
            "{arg}: {} packings {what}; {} nodes, {:.2} s",
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.elapsed.as_secs_f64()
        );
        if let Some(tiling) = puzzle.first()? {
            puzzle.validate(&tiling)?;
            println!("{}", puzzle.render(&tiling));
        }
    }
    Ok(())
}
