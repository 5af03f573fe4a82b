//! A search for a puzzle whose **first board** is stuck below an X-chain, a simple colouring
//! or a multi-colouring, and has one of them (issue 29, part 4, branch xchain17):
//!
//! ```sh
//! cargo run --release --example first_board_search SEED STEPS [STARTS [MODE [ORDER [WORSE]]]] < PUZZLES
//! ```
//!
//! `PUZZLES`: one a line, or `rate -f jsonl` lines, whose `"puzzle"` is read. The starts are
//! the first `STARTS` puzzles whose first board is stuck below the targets (`MODE` `stuck`,
//! the default), or the first `STARTS` of all (`all`).
//!
//! [`x_chain_search`](./x_chain_search.rs) climbed on a puzzle's whole path and found no
//! slope. This search looks at one board only, the puzzle's first (candidates from the
//! givens alone), and climbs on [`Score`], compared field by field: the X-chain finder's
//! shortest chain (only with `ORDER` `chain`), the rung index of the ladder's first step
//! below the targets ([`Explainer::below`]), how few singles, how many of the three targets'
//! finders find a chain, and the largest cluster of conjugate pairs of a digit given four
//! times or fewer. A move keeps as many givens of the digit `d` given least in the start
//! (2 to 4 on the forum's hardest): it adds a cell of another digit, removes one, swaps one
//! for another, or moves any given to another cell of its digit. Every move keeps the
//! puzzle unique and is kept when the score does not drop (or once in `WORSE`). When the
//! board is stuck below the targets and a target's finder finds a chain, the ladder's first
//! step (all of it, by value among the chaining rungs) is read; if it is a target, the
//! whole puzzle is rated and printed as `HIT`, with its hardest step.
//!
//! Each start's best score is printed, and at the end the rungs that took the first step on
//! the boards scored, on how many stuck boards a target's finder found a chain, and which
//! rungs took the first step where one did.

use std::collections::BTreeMap;
use std::error::Error;
use std::io::{self, BufRead, Write};

use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::{ladder, Board, Explainer, Finder, Strategy};
use dlxkit::sudoku::ops::{self, Answer};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::Grid;

/// The rungs searched for: one-digit chains of five strong links or more, valued as SE's
/// forcing X-chain, that no other rung at their value or less takes.
const TARGETS: [Strategy; 3] = [
    Strategy::SimpleColouring,
    Strategy::MultiColouring,
    Strategy::XChain,
];

/// What a puzzle's first board says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    /// The strong links of the X-chain rung's finder's chain on the board (its shortest with
    /// an elimination; five at most, the target's length; 0 for none), first when the search
    /// climbs toward the chain before the stuck board (`ORDER` `chain`), else 0.
    chain: usize,
    /// The ladder index of the first step below the targets (the first target's index when
    /// the board is stuck below them).
    level: usize,
    /// How few singles the board has (hidden and naked, counted as 100 less their number):
    /// the way out of the ladder's first rung.
    few_singles: usize,
    /// How many of the targets' finders find a chain on the board.
    found: usize,
    /// The most strong links in one cluster of conjugate pairs, then the candidates
    /// outside it that see it ([`cluster`]).
    links: (usize, usize),
}

struct Rungs {
    /// Whether the chain's length counts first ([`Score::chain`]).
    chain_first: bool,
    x_chain: Finder,
    targets: Vec<(Strategy, Finder)>,
    stuck_level: usize,
}

/// For the largest cluster of conjugate pairs of one digit (units where it has exactly two
/// places), over the digits given four times or fewer (a digit given more leaves a few rows
/// and columns whose every unit has two places, a cluster with nothing to see): its strong
/// links, counted by unit (six at most: more counts as six), then how many of the digit's
/// candidates outside it see one of its cells (a candidate seeing both colours would be
/// colouring's elimination). The most over the digits.
fn cluster(board: &Board) -> (usize, usize) {
    let layout = board.layout();
    let cells = layout.cells();
    let mut best = (0, 0);
    for d in 1..=layout.size() as u8 {
        let givens = (0..cells).filter(|&c| board.value(c) == d).count();
        if givens > 4 {
            continue;
        }
        let open: Vec<usize> = (0..cells)
            .filter(|&c| board.value(c) == 0 && board.candidates(c).contains(d))
            .collect();
        let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut pairs = 0;
        for unit in layout.units() {
            let places: Vec<usize> = unit
                .cells
                .iter()
                .copied()
                .filter(|c| open.binary_search(c).is_ok())
                .collect();
            if places.len() == 2 {
                adjacent[places[0]].push(places[1]);
                adjacent[places[1]].push(places[0]);
                pairs += 1;
            }
        }
        if pairs == 0 {
            continue;
        }
        // Each cluster found by a walk from each cell not yet in one.
        let mut seen = vec![false; cells];
        for &start in &open {
            if seen[start] || adjacent[start].is_empty() {
                continue;
            }
            let mut members = vec![start];
            seen[start] = true;
            let mut k = 0;
            let mut links = 0;
            while k < members.len() {
                let c = members[k];
                k += 1;
                links += adjacent[c].len();
                for &n in &adjacent[c] {
                    if !seen[n] {
                        seen[n] = true;
                        members.push(n);
                    }
                }
            }
            let links = links / 2;
            let near = open
                .iter()
                .filter(|c| !members.contains(c))
                .filter(|&&c| members.iter().any(|m| layout.peers(c).contains(m)))
                .count();
            // Past six links (the target has five or more), room for a target counts first.
            best = best.max((links.min(6), near));
        }
    }
    best
}

/// The hidden singles (a digit with one place in a unit) and naked singles (a cell with one
/// candidate) on the board.
fn singles(board: &Board) -> usize {
    let layout = board.layout();
    let hidden: usize = (0..layout.units().len())
        .map(|u| {
            (1..=layout.size() as u8)
                .filter(|&d| board.place_mask(u, d).count_ones() == 1)
                .count()
        })
        .sum();
    let naked = (0..layout.cells())
        .filter(|&c| board.value(c) == 0 && board.candidates(c).len() == 1)
        .count();
    hidden + naked
}

/// The score, the strategy of the ladder's first step below the targets (if any), and the
/// targets whose finders found a chain.
fn score(grid: &Grid, rungs: &Rungs) -> Option<(Score, Option<Strategy>, Vec<Strategy>)> {
    let mut below = Explainer::new(grid)
        .ok()?
        .assume_unique(true)
        .below(Strategy::SimpleColouring);
    let board = below.board().clone();
    let first = below.next();
    let level = match &first {
        Some(step) => ladder().iter().position(|(s, _)| *s == step.strategy)?,
        None => rungs.stuck_level,
    };
    let found: Vec<Strategy> = rungs
        .targets
        .iter()
        .filter(|(_, f)| f(&board).is_some())
        .map(|&(s, _)| s)
        .collect();
    let chain = if rungs.chain_first {
        (rungs.x_chain)(&board).map_or(0, |step| (step.chain.len() / 2).min(5))
    } else {
        0
    };
    let s = Score {
        chain,
        level,
        few_singles: 100usize.saturating_sub(singles(&board)),
        found: found.len(),
        links: cluster(&board),
    };
    Some((s, first.map(|step| step.strategy), found))
}

/// The whole puzzle rated: its first step and its hardest (value, name), or `None` when the
/// explanation does not solve it.
fn rate(grid: &Grid) -> Option<(Strategy, u16, String)> {
    let mut explainer = Explainer::new(grid).ok()?.assume_unique(true);
    let first = explainer.next()?;
    let mut hardest = (first.score.tenths(), first.strategy.name().to_string());
    for step in explainer.by_ref() {
        if step.score.tenths() > hardest.0 {
            hardest = (step.score.tenths(), step.strategy.name().to_string());
        }
    }
    if !explainer.board().is_solved() {
        return None;
    }
    Some((first.strategy, hardest.0, hardest.1))
}

fn text(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

fn pick(rng: &mut Rng, cells: &[usize]) -> Option<usize> {
    if cells.is_empty() {
        None
    } else {
        Some(cells[rng.below(cells.len())])
    }
}

/// A move: a new puzzle with as many givens of `d`, or `None` when the move has nothing to
/// act on.
fn step(rng: &mut Rng, current: &Grid, solution: &Grid, d: u8) -> Option<Grid> {
    let cells = current.cells().len();
    let sol = solution.cells();
    let given = |c: usize| current.cells()[c] != 0;
    let others_given: Vec<usize> = (0..cells).filter(|&c| given(c) && sol[c] != d).collect();
    let others_open: Vec<usize> = (0..cells).filter(|&c| !given(c) && sol[c] != d).collect();
    let mut next = current.clone();
    match rng.below(4) {
        0 => {
            let c = pick(rng, &others_open)?;
            next.set_cell(c, sol[c]);
        }
        1 => {
            let c = pick(rng, &others_given)?;
            next.set_cell(c, 0);
        }
        2 => {
            let out = pick(rng, &others_given)?;
            let add = pick(rng, &others_open)?;
            next.set_cell(out, 0);
            next.set_cell(add, sol[add]);
        }
        _ => {
            // A given moved to another cell of the same digit (any digit).
            let all_given: Vec<usize> = (0..cells).filter(|&c| given(c)).collect();
            let out = pick(rng, &all_given)?;
            let e = sol[out];
            let e_open: Vec<usize> = (0..cells).filter(|&c| !given(c) && sol[c] == e).collect();
            let add = pick(rng, &e_open)?;
            next.set_cell(out, 0);
            next.set_cell(add, e);
        }
    }
    Some(next)
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let number = |k: usize, name: &str, default: u64| -> Result<u64, String> {
        args.get(k).map_or(Ok(default), |s| {
            s.parse()
                .map_err(|e| format!("argument {k} ({name}) {s:?}: {e}"))
        })
    };
    let choice = |k: usize, name: &str, options: [&str; 2]| -> Result<bool, String> {
        match args.get(k).map(String::as_str) {
            None => Ok(false),
            Some(s) if s == options[0] => Ok(false),
            Some(s) if s == options[1] => Ok(true),
            Some(s) => Err(format!(
                "argument {k} ({name}) {s:?}: expected {} or {}",
                options[0], options[1]
            )),
        }
    };
    let seed = number(1, "SEED", 1)?;
    let steps = number(2, "STEPS", 2000)? as usize;
    let keep = number(3, "STARTS", u64::MAX)?.min(usize::MAX as u64) as usize;
    // Only starts whose first board is stuck below the targets, unless told otherwise.
    let all_starts = choice(4, "MODE", ["stuck", "all"])?;
    // A move that lowers the score is kept once in `worse` (never with 0).
    let worse = number(6, "WORSE", 0)? as usize;
    let rungs = Rungs {
        chain_first: choice(5, "ORDER", ["level", "chain"])?,
        x_chain: ladder()
            .iter()
            .find(|(s, _)| *s == Strategy::XChain)
            .map(|&(_, f)| f)
            .ok_or("no X-chain rung in the ladder")?,
        targets: ladder()
            .iter()
            .filter(|(s, _)| TARGETS.contains(s))
            .copied()
            .collect(),
        stuck_level: ladder()
            .iter()
            .position(|(s, _)| *s == Strategy::SimpleColouring)
            .ok_or("no simple colouring rung in the ladder")?,
    };
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
        let Some((start_score, _, _)) = score(&grid, &rungs) else {
            continue;
        };
        if !all_starts && start_score.level < rungs.stuck_level {
            continue;
        }
        starts.push((start_score, grid));
        if starts.len() >= keep {
            break;
        }
    }
    let mut rng = Rng::new(seed);
    let out = io::stdout();
    // Over all starts: which rung took the first step on each board scored, and on how
    // many stuck boards each target's finder found a chain.
    let mut firsts: BTreeMap<String, usize> = BTreeMap::new();
    let mut stuck = 0usize;
    let mut found_on_stuck: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut scored = 0usize;
    // The first step below the targets on the boards where a target's finder found a chain.
    let mut found_beside: BTreeMap<String, usize> = BTreeMap::new();
    for (round, (start_score, start)) in starts.iter().enumerate() {
        if ops::uniqueness(start)? != Answer::Unique {
            eprintln!("start {round}: not unique, skipped");
            continue;
        }
        let solution = ops::solve(start)?.ok_or("a start has no solution")?;
        // The chain's digit: the one with fewest givens (the first on a tie).
        let d = (1..=9u8)
            .min_by_key(|&d| start.cells().iter().filter(|&&v| v == d).count())
            .ok_or("no digit")?;
        let mut current = start.clone();
        let mut current_score = *start_score;
        let mut best = (*start_score, start.clone());
        for _ in 0..steps {
            let Some(next) = step(&mut rng, &current, &solution, d) else {
                continue;
            };
            if ops::uniqueness(&next)? != Answer::Unique {
                continue;
            }
            let Some((s, first, found)) = score(&next, &rungs) else {
                continue;
            };
            scored += 1;
            let name = first.map_or("(stuck below colouring)", |s| s.name());
            *firsts.entry(name.to_string()).or_default() += 1;
            if !found.is_empty() {
                *found_beside.entry(name.to_string()).or_default() += 1;
            }
            if first.is_none() {
                stuck += 1;
                for f in &found {
                    *found_on_stuck.entry(f.name()).or_default() += 1;
                }
                if !found.is_empty() {
                    let whole = Explainer::new(&next)?.assume_unique(true).next();
                    if let Some(w) = whole.filter(|w| TARGETS.contains(&w.strategy)) {
                        let rated = rate(&next);
                        let mut o = out.lock();
                        writeln!(
                            o,
                            "HIT {} first={} ({}) rated={:?} d={}",
                            text(&next),
                            w.strategy.name(),
                            w.score.tenths(),
                            rated.map(|(_, v, n)| format!("{v} {n}")),
                            d
                        )?;
                        o.flush()?;
                    }
                }
            }
            if s >= current_score || (worse > 0 && rng.below(worse) == 0) {
                current = next;
                current_score = s;
            }
            if current_score > best.0 {
                best = (current_score, current.clone());
            }
        }
        eprintln!(
            "start {round} d={d}: {start_score:?} -> {:?} {}",
            best.0,
            text(&best.1)
        );
    }
    eprintln!("boards scored {scored}, stuck below colouring {stuck}");
    eprintln!("a target's finder found a chain on a stuck board: {found_on_stuck:?}");
    eprintln!("first steps: {firsts:?}");
    eprintln!("first steps where a target's finder found a chain: {found_beside:?}");
    Ok(())
}
