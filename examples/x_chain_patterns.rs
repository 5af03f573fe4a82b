//! One digit's pencil marks on which an X-chain is the first step of the ladder:
//! `cargo run --release --example x_chain_patterns [SEEDS [LINKS [GIVEN]]]` (default 20
//! seeds, six links, the digit given nowhere).
//!
//! `sudoku generate --needs "X-chain"` misses (issue 29; BENCHMARKS.md, branch needsXC15):
//! no puzzle rated so far (300,000 of the generator's, Royle's 49,158 17-clue puzzles,
//! top1465) has an X-chain as its hardest step.
//! The rung comes after the strong-link rungs (chains of two to five links, grouped or
//! not), the fish and colouring, so its step is a chain of six strong links or more on one
//! digit with nothing shorter there. This example makes such patterns, the first half of a
//! construction, and shows where the second half (a puzzle that reaches the pattern with
//! every other digit stuck) fails.
//!
//! For each seed: a solution grid from the generator and a digit `d` of it, nowhere given;
//! a random walk of six strong links on `d` (each link's unit holds one of the solution's
//! cells of `d`, so the link is true to the solution), whose cells see no cell of the chain
//! but their neighbours; every other cell of the links' units closed (so they keep two
//! places), and every cell seeing both ends of a shorter part of the chain (so no shorter
//! chain eliminates anything); a cell seeing both ends left open. The pattern is tried on
//! a board where `d` is a candidate of the open cells only and every other digit of every
//! cell (so nothing but `d` can move), with the ladder up to the bidirectional cycle (the
//! chaining rungs that could undercut the X-chain's value): a hit when its first step is
//! an X-chain. For each hit, the puzzle made of the solution with the pattern's cells
//! emptied is explained, and its first step printed: a single of another digit, which fills
//! a cell of the pattern before the chain. With the pattern built into the removal order
//! (its cells emptied first, the closed cells kept as givens to the last), no puzzle needed
//! the X-chain either.
//!
//! `LINKS` sets the walk's strong links (the rung takes chains of five or more since the
//! "5 strong links" rung left the ladder); `GIVEN` gives `d` in that many of its solution
//! cells, chosen at random: the cells seeing a given are closed to `d` (no candidate there),
//! and the walk, its links and its targets keep to the others (branch needs19: with five
//! links, one given leaves room, two leave none).

use std::error::Error;
use std::time::Instant;

use dlxkit::rng::Rng;
use dlxkit::sudoku::candidates::{Candidates, Digits};
use dlxkit::sudoku::explain::{Explainer, Step, Strategy};
use dlxkit::sudoku::generate::{generate, GenerateOptions};
use dlxkit::sudoku::{Grid, Shape};

/// Random walks a seed.
const WALKS: usize = 4000;

/// The units of a 9x9 cell: its row, column and box, numbered 0-8, 9-17, 18-26.
fn units(c: usize) -> [usize; 3] {
    [c / 9, 9 + c % 9, 18 + (c / 27) * 3 + (c % 9) / 3]
}

/// Whether cell `c` lies in unit `u`.
fn in_unit(c: usize, u: usize) -> bool {
    units(c).contains(&u)
}

/// Whether two cells share a unit (a cell sees itself).
fn sees(a: usize, b: usize) -> bool {
    units(a).iter().any(|&u| in_unit(b, u))
}

/// A chain of strong links on digit `d` of `solution`: its cells (`a1 b1 a2 b2 ...`, each
/// pair a link), the links' units, and the cells seeing both ends.
struct Chain {
    cells: Vec<usize>,
    strong: Vec<usize>,
    targets: Vec<usize>,
}

/// A random walk of `links` strong links on `d` through the `allowed` cells (those seeing
/// no given `d`), or `None` where it runs out of room.
fn walk(solution: &Grid, d: u8, links: usize, allowed: &[bool], rng: &mut Rng) -> Option<Chain> {
    let is_d = |c: usize| solution.cells()[c] == d;
    let starts: Vec<usize> = (0..81).filter(|&c| allowed[c]).collect();
    let mut cells = vec![starts[rng.below(starts.len())]];
    let mut strong: Vec<usize> = Vec::new();
    loop {
        let a = *cells.last()?;
        let mut choices: Vec<usize> = units(a).to_vec();
        rng.shuffle(&mut choices);
        let mut linked = false;
        for u in choices {
            if strong.contains(&u) || cells.iter().any(|&c| c != a && in_unit(c, u)) {
                continue;
            }
            // The other end: the unit's cell of `d` if `a` is not it, else any other.
            let ends: Vec<usize> = (0..81)
                .filter(|&c| allowed[c] && c != a && in_unit(c, u) && is_d(c) != is_d(a))
                .filter(|&c| !strong.iter().any(|&s| in_unit(c, s)))
                .filter(|&c| cells.iter().all(|&x| x == a || !sees(x, c)))
                .collect();
            if ends.is_empty() {
                continue;
            }
            cells.push(ends[rng.below(ends.len())]);
            strong.push(u);
            linked = true;
            break;
        }
        if !linked {
            return None;
        }
        if strong.len() == links {
            break;
        }
        // A weak link: a cell seeing the last one and no other of the chain.
        let b = *cells.last()?;
        let next: Vec<usize> = (0..81)
            .filter(|&c| allowed[c] && sees(b, c) && !cells.contains(&c))
            .filter(|&c| !strong.iter().any(|&s| in_unit(c, s)))
            .filter(|&c| cells.iter().all(|&x| x == b || !sees(x, c)))
            .collect();
        if next.is_empty() {
            return None;
        }
        cells.push(next[rng.below(next.len())]);
    }
    // Each link's unit holds the solution's cell of `d`: it must be one of the two ends.
    let true_links = strong
        .iter()
        .all(|&u| (0..81).all(|c| !in_unit(c, u) || !is_d(c) || cells.contains(&c)));
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let targets = (0..81)
        .filter(|&c| allowed[c] && !is_d(c) && !cells.contains(&c))
        .filter(|&c| sees(c, first) && sees(c, last))
        .filter(|&c| !strong.iter().any(|&s| in_unit(c, s)))
        .collect();
    true_links.then_some(Chain {
        cells,
        strong,
        targets,
    })
}

/// The open cells of `d` for `chain`: the allowed ones but the links' units' other cells and
/// the cells seeing both ends of a shorter part of the chain; `None` when that closes every
/// target.
fn open_cells(chain: &Chain, allowed: &[bool]) -> Option<Vec<bool>> {
    let cells = &chain.cells;
    let links = chain.strong.len();
    let mut open = allowed.to_vec();
    for &u in &chain.strong {
        for c in (0..81).filter(|&c| in_unit(c, u) && !cells.contains(&c)) {
            open[c] = false;
        }
    }
    for i in 0..links {
        for j in i..links {
            if j - i + 1 == links {
                continue;
            }
            let (x, y) = (cells[2 * i], cells[2 * j + 1]);
            for c in (0..81).filter(|&c| sees(c, x) && sees(c, y) && !cells.contains(&c)) {
                open[c] = false;
            }
        }
    }
    chain.targets.iter().any(|&t| open[t]).then_some(open)
}

/// The first step of the ladder up to the bidirectional cycle on a board where `d` is
/// placed in the `given` cells, a candidate of the `open` cells only, and every other digit
/// is a candidate everywhere.
fn first_step(d: u8, given: &[usize], open: &[bool]) -> Result<Option<Step>, Box<dyn Error>> {
    let mut grid = Grid::empty(Shape::new(3, 3)?);
    for &g in given {
        grid.set_cell(g, d);
    }
    let mut pencil = Candidates::of_grid(&grid);
    for (c, &o) in open.iter().enumerate().filter(|(c, _)| !given.contains(c)) {
        let mut digits = Digits::all(9);
        if !o {
            digits.remove(d);
        }
        pencil.set(c, digits);
    }
    let mut explainer =
        Explainer::with_candidates(&grid, Some(&pencil))?.up_to(Strategy::BidirectionalCycle);
    Ok(explainer.next())
}

/// The pattern as nine lines: the chain's cells `a` to `l`, the step's first target `E`, the
/// solution's cells of `d` `D`, other open cells `o`, closed cells `.`.
fn picture(solution: &Grid, d: u8, chain: &Chain, open: &[bool], target: usize) -> String {
    let mut out = String::new();
    for (c, &o) in open.iter().enumerate() {
        out.push(match chain.cells.iter().position(|&x| x == c) {
            _ if c == target => 'E',
            Some(i) => char::from(b'a' + i as u8),
            None if !o => '.',
            None if solution.cells()[c] == d => 'D',
            None => 'o',
        });
        if c % 9 == 8 {
            out.push('\n');
        }
    }
    out
}

fn main() -> Result<(), Box<dyn Error>> {
    let arg = |k: usize, default: u64| -> Result<u64, Box<dyn Error>> {
        Ok(std::env::args().nth(k).map_or(Ok(default), |a| a.parse())?)
    };
    let (seeds, links, given_count) = (arg(1, 20)?, arg(2, 6)? as usize, arg(3, 0)? as usize);
    let start = Instant::now();
    let options = GenerateOptions::new(Shape::new(3, 3)?);
    let (mut walks, mut chains, mut hits) = (0usize, 0usize, 0usize);
    for seed in 0..seeds {
        let solution = generate(&options, seed)?.solution;
        let mut rng = Rng::new(seed);
        let d = 1 + rng.below(9) as u8;
        let mut d_cells: Vec<usize> = (0..81).filter(|&c| solution.cells()[c] == d).collect();
        if given_count > 0 {
            rng.shuffle(&mut d_cells); // (not drawn without givens: the walks stay as they were)
        }
        let given = &d_cells[..given_count.min(9)];
        let allowed: Vec<bool> = (0..81)
            .map(|c| !given.iter().any(|&g| sees(g, c)))
            .collect();
        for _ in 0..WALKS {
            walks += 1;
            let Some(chain) = walk(&solution, d, links, &allowed, &mut rng) else {
                continue;
            };
            chains += 1;
            let Some(open) = open_cells(&chain, &allowed) else {
                continue;
            };
            let Some(step) = first_step(d, given, &open)? else {
                continue;
            };
            if step.strategy != Strategy::XChain {
                continue;
            }
            hits += 1;
            let target = step.eliminations[0].cell;
            let mut puzzle = solution.clone();
            for c in (0..81).filter(|&c| open[c]) {
                puzzle.set_cell(c, 0);
            }
            let first = Explainer::new(&puzzle)?.assume_unique(true).next();
            println!(
                "seed {seed}, digit {d} given {}: an X-chain of {} cells, {} ({} open cells)",
                given.len(),
                step.chain.len(),
                step.score,
                open.iter().filter(|&&o| o).count(),
            );
            print!("{}", picture(&solution, d, &chain, &open, target));
            println!(
                "the solution with these cells emptied starts with: {}\n",
                first.map_or("nothing".to_string(), |s| s.strategy.name().to_string())
            );
            break;
        }
    }
    println!(
        "{hits} patterns of {seeds} seeds ({walks} walks, {chains} chains), {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
