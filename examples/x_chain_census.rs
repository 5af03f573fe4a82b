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
//!
//! The last table (branch needs19) asks whether the rung has room where it could be the
//! step: on each board where the ladder takes a chaining rung or a step of 6.6 or more
//! (the X-chain's five links are worth 6.9), each digit's candidates, placements, and
//! whether two of its candidates are joined, at the shortest, by an alternating chain of
//! five strong links or more ([`far_pair`]): without such a pair no X-chain of the rung's
//! length can be the shortest for any target.

use std::collections::{BTreeMap, VecDeque};
use std::error::Error;
use std::io::{self, BufRead};

use dlxkit::sudoku::explain::{ladder, Board, Explainer, Step, Strategy};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};

/// Whether every node of a step's chain is on one digit.
fn one_digit(step: &Step) -> bool {
    step.chain
        .first()
        .is_some_and(|f| step.chain.iter().all(|c| c.digit == f.digit))
}

/// Whether two candidates of `digit` are joined by an alternating chain of `links` strong
/// links or more at the shortest (strong: the digit's only two places in a unit; weak: two
/// places sharing a unit; a strong link first and last), as an X-chain of the rung's length
/// with no shorter chain between its ends needs. A 0-1 breadth-first search from each
/// candidate with a strong link: a weak link costs nothing, a strong one a link.
fn far_pair(board: &Board, digit: u8, links: u8) -> bool {
    let cells = board.layout().cells();
    let open: Vec<bool> = (0..cells)
        .map(|c| board.value(c) == 0 && board.candidates(c).contains(digit))
        .collect();
    let mut partners: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for unit in 0..board.layout().units().len() {
        if let [p, q] = board.places(unit, digit)[..] {
            if !partners[p].contains(&q) {
                partners[p].push(q);
                partners[q].push(p);
            }
        }
    }
    for start in (0..cells).filter(|&c| !partners[c].is_empty()) {
        // Links so far on reaching a cell: [by a weak link or the start, by a strong link].
        let mut dist = vec![[u8::MAX; 2]; cells];
        dist[start][0] = 0;
        let mut queue = VecDeque::from([(start, 0usize)]);
        while let Some((cell, by)) = queue.pop_front() {
            let here = dist[cell][by];
            if by == 0 {
                for &p in &partners[cell] {
                    if here + 1 < dist[p][1] {
                        dist[p][1] = here + 1;
                        queue.push_back((p, 1));
                    }
                }
            } else {
                for q in (0..cells).filter(|&q| q != cell && open[q] && board.sees(cell, q)) {
                    if here < dist[q][0] {
                        dist[q][0] = here;
                        queue.push_front((q, 0));
                    }
                }
            }
        }
        if dist.iter().any(|d| (links..u8::MAX).contains(&d[1])) {
            return true;
        }
    }
    false
}

/// Digits on the boards where the ladder reaches the chaining rungs: (candidates band,
/// placed at most once, a far pair) -> digits; steps there below the X-chain's 6.9.
#[derive(Default)]
struct Room {
    boards: usize,
    below: usize,
    digits: BTreeMap<(usize, bool, bool), usize>,
}

impl Room {
    fn count(&mut self, board: &Board, step: &Step) {
        if !step.strategy.is_chaining() && step.score.tenths() < 66 {
            return;
        }
        self.boards += 1;
        self.below += usize::from(step.score.tenths() < 69);
        for digit in 1..=board.size() as u8 {
            let n = (0..board.layout().cells())
                .filter(|&c| board.value(c) == 0 && board.candidates(c).contains(digit))
                .count();
            if n == 0 {
                continue;
            }
            let placed = (0..board.layout().cells())
                .filter(|&c| board.value(c) == digit)
                .count();
            let key = ((n - 1).min(24) / 8, placed <= 1, far_pair(board, digit, 5));
            *self.digits.entry(key).or_default() += 1;
        }
    }

    fn print(&self) {
        println!(
            "\nboards where the ladder takes a chaining rung or 6.6+: {}, their step below 6.9: {}",
            self.boards, self.below
        );
        println!("| a digit's candidates there | placed at most once | two at a shortest chain of 5+ links | digits |");
        println!("|---|---|---|---:|");
        for ((band, few, far), count) in &self.digits {
            let yes = |b: bool| if b { "yes" } else { "no" };
            let band = ["1-8", "9-16", "17-24", "25+"][*band];
            println!("| {band} | {} | {} | {count} |", yes(*few), yes(*far));
        }
    }
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
    let mut room = Room::default();
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
            let board = explainer.board().clone();
            let Some(step) = explainer.next() else { break };
            steps += 1;
            room.count(&board, &step);
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
    room.print();
    Ok(())
}
