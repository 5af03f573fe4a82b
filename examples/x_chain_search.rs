//! A local search for puzzles that need the X-chain rung (issue 29, branch xchain16):
//! `cargo run --release --example x_chain_search SEED STEPS [STARTS] < PUZZLES` (one puzzle a
//! line, or `rate -f jsonl` lines, whose `"puzzle"` is read; symmetric ones under the half
//! turn keep it).
//!
//! [`x_chain_census`](./x_chain_census.rs) found that where the X-chain rung's finder finds
//! a chain on the pool's paths, the shortest has five strong links at most (38 boards in
//! 529,860): a chain of six or more links with eliminations, and none shorter, never
//! happens there. This search climbs toward it: a puzzle's score is the most links of the
//! shortest X-chain on any board of its path (the rung's finder run on its own at each
//! step), then the highest value of the step taken on such a board (the closer to the
//! chaining rungs, the closer to a board where the chain is the step); a move adds a pair of the solution's cells
//! (a cell and its image under the half turn), removes a pair of givens, or both, keeps the
//! puzzle unique and is kept when the score does not drop. The starts are the input
//! puzzles of highest score. A hit (the ladder takes an X-chain step) is printed with its
//! hardest step as soon as it is found.

use std::error::Error;
use std::io::{self, BufRead, Write};

use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::{ladder, Explainer, Finder, Outcome, Strategy};
use dlxkit::sudoku::ops::{self, Answer};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::Grid;

/// What a puzzle's path says about X-chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    /// Steps the ladder took with the X-chain rung.
    taken: usize,
    /// The most strong links of the shortest chain on a board of the path.
    links: usize,
    /// The highest value (tenths) of the step taken on a board with that many.
    value: u16,
}

fn score(grid: &Grid, x_chain: Finder) -> Option<(Score, bool, String)> {
    let mut explainer = Explainer::new(grid).ok()?.assume_unique(true);
    let mut best = Score {
        taken: 0,
        links: 0,
        value: 0,
    };
    let mut hardest = (0u16, String::new());
    loop {
        let links = x_chain(explainer.board()).map_or(0, |s| s.chain.len() / 2);
        let Some(step) = explainer.next() else { break };
        if step.strategy == Strategy::XChain {
            best.taken += 1;
        }
        if links > best.links || (links == best.links && step.score.tenths() > best.value) {
            best.links = links;
            best.value = step.score.tenths();
        }
        if step.score.tenths() >= hardest.0 {
            hardest = (step.score.tenths(), step.strategy.name().to_string());
        }
    }
    let solved = explainer.outcome() == Outcome::Solved;
    Some((best, solved, format!("{} {}", hardest.0, hardest.1)))
}

fn text(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(Ok(1), |s| s.parse())?;
    let steps: usize = args.get(2).map_or(Ok(2000), |s| s.parse())?;
    let keep: usize = args.get(3).map_or(Ok(usize::MAX), |s| s.parse())?;
    let x_chain = ladder()
        .iter()
        .find(|(s, _)| *s == Strategy::XChain)
        .map(|&(_, f)| f)
        .ok_or("no X-chain rung in the ladder")?;
    let mut starts = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let t = match line.find("\"puzzle\":\"") {
            Some(at) => {
                let rest = &line[at + 10..];
                rest[..rest.find('"').ok_or("unterminated puzzle")?].to_string()
            }
            None => line.split_whitespace().next().unwrap_or("").to_string(),
        };
        if t.is_empty() {
            continue;
        }
        let grid = parse_grid(&t, &ParseOptions::default())?;
        if let Some((s, _, _)) = score(&grid, x_chain) {
            if s.links >= 4 {
                starts.push((s, grid));
            }
        }
    }
    starts.sort_by_key(|start| std::cmp::Reverse(start.0));
    starts.truncate(keep);
    eprintln!(
        "{} starts, best {:?}",
        starts.len(),
        starts.first().map(|s| s.0)
    );
    let mut rng = Rng::new(seed);
    let out = io::stdout();
    for (round, (start_score, start)) in starts.iter().enumerate() {
        let solution = ops::solve(start)?.ok_or("a start has no solution")?;
        let cells = start.cells().len();
        let mut current = start.clone();
        let mut current_score = *start_score;
        for _ in 0..steps {
            let mut next = current.clone();
            let kind = rng.below(3);
            if kind != 1 {
                // Add a pair of the solution's cells.
                let open: Vec<usize> = (0..cells).filter(|&c| next.cells()[c] == 0).collect();
                let c = open[rng.below(open.len())];
                next.set_cell(c, solution.cells()[c]);
                next.set_cell(cells - 1 - c, solution.cells()[cells - 1 - c]);
            }
            if kind != 0 {
                let given: Vec<usize> = (0..cells).filter(|&c| next.cells()[c] != 0).collect();
                let c = given[rng.below(given.len())];
                next.set_cell(c, 0);
                next.set_cell(cells - 1 - c, 0);
                if ops::uniqueness(&next)? != Answer::Unique {
                    continue;
                }
            }
            let Some((s, solved, hardest)) = score(&next, x_chain) else {
                continue;
            };
            if s.taken > 0 {
                let mut o = out.lock();
                writeln!(
                    o,
                    "HIT {} {:?} solved={} hardest={}",
                    text(&next),
                    s,
                    solved,
                    hardest
                )?;
                o.flush()?;
            }
            if s >= current_score {
                current = next;
                current_score = s;
            }
        }
        eprintln!("start {round}: {start_score:?} -> {current_score:?}");
    }
    Ok(())
}
