//! Why the X-chain rung is never a step (issue 29, branch xchain16): a census of the
//! ladder's paths. `cargo run --release --example x_chain_census < PUZZLES` (one puzzle a
//! line, or `rate -f jsonl` lines, whose `"puzzle"` is read).
//!
//! Each puzzle is explained as `sudoku rate` does (declared unique). Before each step, the
//! X-chain rung's finder is run on the board on its own: when it finds a chain, the step
//! the ladder takes instead is counted by its strategy and by how its value compares with
//! the chain's. Each step the forcing chain rung takes is also sorted by the digits of its
//! chain: one digit throughout is what Sudoku Explainer names a *Forcing X-Chain* (its
//! search on links in units only, 6.6 and the length bonus), several digits its *Forcing
//! Chain* (7.0). Prints the tables of BENCHMARKS.md's section, and each board whose
//! shortest chain has `LINKS` strong links or more (default 6: the rung's own ground, past
//! the strong-link rungs) as `long: PUZZLE step K: N links, STEP taken (VALUE)` on standard
//! error, the closest states to build from.

use std::collections::BTreeMap;
use std::error::Error;
use std::io::{self, BufRead};

use dlxkit::sudoku::explain::{ladder, Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};

/// Whether every node of a step's chain is on one digit.
fn one_digit(step: &Step) -> bool {
    step.chain
        .first()
        .is_some_and(|f| step.chain.iter().all(|c| c.digit == f.digit))
}

fn main() -> Result<(), Box<dyn Error>> {
    let long: usize = std::env::args().nth(1).map_or(Ok(6), |a| a.parse())?;
    let x_chain = ladder()
        .iter()
        .find(|(s, _)| *s == Strategy::XChain)
        .map(|&(_, f)| f)
        .ok_or("no X-chain rung in the ladder")?;
    // Instead of an X-chain on the board: (strategy, "less"/"equal"/"more" than the
    // chain's value, whether it removes the same candidates) -> steps.
    let mut instead: BTreeMap<(String, &str, bool), usize> = BTreeMap::new();
    // Forcing chain steps: (one digit, placement) -> (steps, puzzles with one).
    let mut forcing: BTreeMap<(bool, bool), usize> = BTreeMap::new();
    let mut forcing_values: BTreeMap<u16, usize> = BTreeMap::new();
    let mut puzzles_with_fxc = 0usize;
    let mut hardest_fxc = 0usize;
    let (mut puzzles, mut steps, mut boards_with_chain) = (0usize, 0usize, 0usize);
    let mut chain_lengths: BTreeMap<usize, usize> = BTreeMap::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let text = match line.find("\"puzzle\":\"") {
            Some(at) => {
                let rest = &line[at + 10..];
                &rest[..rest.find('"').ok_or("unterminated puzzle")?]
            }
            None => line.split_whitespace().next().unwrap_or(""),
        };
        if text.is_empty() {
            continue;
        }
        let grid = parse_grid(text, &ParseOptions::default())?;
        let mut explainer = Explainer::new(&grid)?.assume_unique(true);
        puzzles += 1;
        let mut fxc_here = false;
        let mut hardest: Option<Step> = None;
        let mut k = 0usize;
        loop {
            k += 1;
            let chain = x_chain(explainer.board());
            let Some(step) = explainer.next() else { break };
            steps += 1;
            if let Some(chain) = &chain {
                boards_with_chain += 1;
                let links = chain.chain.len() / 2;
                *chain_lengths.entry(links).or_default() += 1;
                if links >= long {
                    eprintln!(
                        "long: {text} step {k}: {links} links, {} taken ({})",
                        step.strategy, step.score
                    );
                }
                let cmp = match step.score.cmp(&chain.score) {
                    std::cmp::Ordering::Less => "less",
                    std::cmp::Ordering::Equal => "equal",
                    std::cmp::Ordering::Greater => "more",
                };
                let mut a = step.eliminations.clone();
                let mut b = chain.eliminations.clone();
                a.sort();
                b.sort();
                let mut name = step.strategy.name().to_string();
                if step.strategy == Strategy::ForcingChain && one_digit(&step) {
                    name.push_str(" (one digit)");
                }
                *instead.entry((name, cmp, a == b)).or_default() += 1;
            }
            if step.strategy == Strategy::ForcingChain {
                let x = one_digit(&step);
                *forcing.entry((x, !step.placements.is_empty())).or_default() += 1;
                if x {
                    fxc_here = true;
                    *forcing_values.entry(step.score.tenths()).or_default() += 1;
                }
            }
            if hardest.as_ref().is_none_or(|h| step.score > h.score) {
                hardest = Some(step);
            }
        }
        puzzles_with_fxc += usize::from(fxc_here);
        if let Some(h) = hardest {
            if h.strategy == Strategy::ForcingChain && one_digit(&h) {
                hardest_fxc += 1;
            }
        }
    }
    println!("puzzles {puzzles}, steps {steps}, boards where the X-chain rung finds a chain {boards_with_chain}");
    println!("strong links of the chain found: {chain_lengths:?}");
    println!(
        "\n| step taken instead | its value against the chain's | same eliminations | boards |"
    );
    println!("|---|---|---|---:|");
    let mut rows: Vec<_> = instead.into_iter().collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.1));
    for ((name, cmp, same), count) in rows {
        let same = if same { "yes" } else { "no" };
        println!("| {name} | {cmp} | {same} | {count} |");
    }
    println!("\n| forcing chain step | removes or places | steps |");
    println!("|---|---|---:|");
    for ((x, place), count) in forcing {
        let kind = if x {
            "one digit (SE: Forcing X-Chain)"
        } else {
            "several digits (SE: Forcing Chain)"
        };
        let what = if place { "places" } else { "removes" };
        println!("| {kind} | {what} | {count} |");
    }
    println!(
        "\none-digit forcing chains' values (tenths: steps): {forcing_values:?}; puzzles with one: {puzzles_with_fxc}; the hardest step: {hardest_fxc}"
    );
    Ok(())
}
