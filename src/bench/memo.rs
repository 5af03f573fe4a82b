//! The memoised search timed on tilings and Sudoku grids (`dlxkit bench --engine --memo`),
//! beside dancing links where dancing links finishes in seconds.
//!
//! ```
//! use dlxkit::bench::memo::{run, MemoCase};
//! use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
//! use dlxkit::xc::memo::ItemChoice;
//! let case = MemoCase { name: "dominoes-4x4".into(), problem: Dominoes::new(4, 4)?.problem().clone(),
//!                       choice: ItemChoice::FewestOptions, plain: true };
//! let r = run(&case, 1);
//! assert_eq!(r.solutions, "36");
//! assert!(r.plain.is_some() && r.states > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use serde::Serialize;

use super::BenchError;
use crate::puzzles::polyomino::{Board, PolyominoOptions, PolyominoPacking, PolyominoSet};
use crate::puzzles::queens::{Queens, QueensOrder};
use crate::puzzles::{dominoes::Dominoes, Puzzle};
use crate::sudoku::encode::Encoding;
use crate::sudoku::Shape;
use crate::xc::memo::{self, ItemChoice, MemoOptions};
use crate::xc::{Problem, Solver};

/// A problem to count with the memoised search.
#[derive(Clone, Debug)]
pub struct MemoCase {
    /// A short name.
    pub name: String,
    /// The problem.
    pub problem: Problem,
    /// The item choice.
    pub choice: ItemChoice,
    /// Whether to time dancing links beside it (only where it takes seconds, not years).
    pub plain: bool,
}

/// The cases of `dlxkit bench --engine --memo`: domino tilings of the 8x8, 10x10 and 12x12
/// squares, the 6x6 Sudoku grids (both item choices), the 8x8 board tiled by monominoes,
/// dominoes and trominoes (first item), and 12 queens, where memoisation cannot help.
///
/// ```
/// let names: Vec<String> = dlxkit::bench::memo::cases()?.into_iter().map(|c| c.name).collect();
/// assert_eq!(names[0], "dominoes-8x8");
/// # Ok::<(), dlxkit::bench::BenchError>(())
/// ```
pub fn cases() -> Result<Vec<MemoCase>, BenchError> {
    let case = |name: &str, problem: &Problem, choice, plain| MemoCase {
        name: name.to_string(),
        problem: problem.clone(),
        choice,
        plain,
    };
    let mrv = ItemChoice::FewestOptions;
    let first = ItemChoice::First;
    let sudoku = Encoding::standard(Shape::new(2, 3).expect("2x3 boxes"))
        .expect("the 6x6 encoding")
        .problem()
        .clone();
    let queens = Queens::new(12, QueensOrder::OrganPipe)?;
    let tiles = PolyominoPacking::new(
        &Board::rectangle(8, 8)?,
        &PolyominoSet::mono_domino_tromino(),
        &PolyominoOptions::default(),
    )?;
    Ok(vec![
        case("dominoes-8x8", Dominoes::new(8, 8)?.problem(), mrv, true),
        case(
            "dominoes-10x10",
            Dominoes::new(10, 10)?.problem(),
            mrv,
            false,
        ),
        case(
            "dominoes-12x12",
            Dominoes::new(12, 12)?.problem(),
            mrv,
            false,
        ),
        case("sudoku-6x6", &sudoku, mrv, false),
        case("sudoku-6x6", &sudoku, first, false),
        case("mono-domino-tromino-8x8", tiles.problem(), first, false),
        case("queens-12", queens.problem(), mrv, true),
    ])
}

/// The memoised search's figures on one case.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MemoResult {
    /// The case's name.
    pub name: String,
    /// `mrv` or `first`.
    pub choice: &'static str,
    /// The number of solutions, in decimal.
    pub solutions: String,
    /// Distinct subproblems solved.
    pub states: u64,
    /// Options whose state was found in the cache.
    pub hits: u64,
    /// Cache entries at the end.
    pub entries: u64,
    /// The most bytes the cache held.
    pub peak_bytes: u64,
    /// The best time of the memoised runs.
    #[serde(rename = "best_ms", serialize_with = "super::engine::millis")]
    pub best: Duration,
    /// The time of one count by dancing links, when timed.
    #[serde(rename = "plain_ms", serialize_with = "super::engine::optional_millis")]
    pub plain: Option<Duration>,
    /// Memoised runs made.
    pub runs: usize,
}

/// Counts a case `runs` times (at least once) with the memoised search, keeping the best
/// time, and once with dancing links if the case asks for it.
pub fn run(case: &MemoCase, runs: usize) -> MemoResult {
    let options = MemoOptions::new().choice(case.choice);
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs.max(1) {
        let r = memo::count(&case.problem, &options).expect("no solution limit is set");
        best = best.min(r.stats.elapsed);
        last = Some(r);
    }
    let r = last.expect("at least one run");
    let plain = case.plain.then(|| {
        let arena = crate::xc::Arena::new();
        Solver::new(&case.problem, &arena).count().stats.elapsed
    });
    MemoResult {
        name: case.name.clone(),
        choice: match case.choice {
            ItemChoice::First => "first",
            _ => "mrv",
        },
        solutions: r.count.to_string(),
        states: r.stats.states,
        hits: r.stats.hits,
        entries: r.stats.entries,
        peak_bytes: r.stats.peak_bytes,
        best,
        plain,
        runs: runs.max(1),
    }
}
