//! A bounded local search over a puzzle's givens towards `--needs t` ([`steer`]): from a
//! puzzle that the ladder up to `t` solves with a simpler hardest step (a near miss, such as
//! a puzzle whose hardest step is 4 strong links when 5 are wanted), givens are removed,
//! added or swapped (with their images under the symmetry), each change kept while the
//! puzzle stays unique and its hardest step does not get easier, until the puzzle needs
//! `t`. It is a tool for growing the banks of `needs_bank.rs` from near misses, run by hand
//! (the ignored test `grow`), not part of an attempt; no bank puzzle comes from it yet (from
//! 44 puzzles whose hardest step is 4 strong links it found no 5: BENCHMARKS.md, needsSL15).

use super::needs::{repair, within, Within};
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::{hardest, Explainer, Outcome, Score, Strategy};
use dlxkit::sudoku::generate::Symmetry;
use dlxkit::sudoku::{ops, Grid};

/// How close `puzzle` is to needing `t`: the score of its hardest step when the ladder up to
/// `t` solves it with simpler steps; `None` when it needs `t` already, or gets stuck.
fn closeness(puzzle: &Grid, t: Strategy) -> Option<Score> {
    let mut explainer = Explainer::new(puzzle)
        .ok()?
        .assume_unique(true)
        .als(t.is_als())
        .up_to(t);
    let steps: Vec<_> = explainer.by_ref().collect();
    let top = hardest(&steps)?;
    (explainer.outcome() == Outcome::Solved && top.strategy != t).then_some(top.score)
}

/// `puzzle` changed at random: a given removed, a cell of `solution` added, or both (a
/// swap), each with its images under `symmetry`.
fn changed(puzzle: &Grid, solution: &Grid, symmetry: Symmetry, rng: &mut Rng) -> Grid {
    let n = puzzle.layout().size();
    let cells = puzzle.cells().len();
    let given: Vec<usize> = (0..cells).filter(|&c| puzzle.cells()[c] != 0).collect();
    let open: Vec<usize> = (0..cells).filter(|&c| puzzle.cells()[c] == 0).collect();
    let mut q = puzzle.clone();
    let kind = rng.below(6);
    if kind < 5 && !given.is_empty() {
        for o in symmetry.orbit(given[rng.below(given.len())], n) {
            q.set_cell(o, 0);
        }
    }
    if kind >= 2 && !open.is_empty() {
        for o in symmetry.orbit(open[rng.below(open.len())], n) {
            q.set_cell(o, solution.cells()[o]);
        }
    }
    q
}

/// A puzzle that needs `t` (unique, with `solution`), found from `puzzle` by at most
/// `tries` random changes of its givens ([`changed`]): a change stands when the puzzle stays
/// unique and the ladder up to `t` still solves it with a hardest step as hard or harder.
/// `None` when `puzzle` is not such a near miss, when the tries run out, or when `stop`
/// says to give up.
pub fn steer(
    puzzle: &Grid,
    solution: &Grid,
    t: Strategy,
    symmetry: Symmetry,
    rng: &mut Rng,
    tries: usize,
    stop: &dyn Fn() -> bool,
) -> Option<Grid> {
    let mut p = puzzle.clone();
    let mut best = closeness(&p, t)?;
    for _ in 0..tries {
        if stop() {
            return None;
        }
        let q = changed(&p, solution, symmetry, rng);
        if q == p || ops::count_solutions(&q, 2).ok()? != ops::SolutionCount::Exact(1) {
            continue;
        }
        match within(&q, t) {
            Within::Needs => return Some(q),
            // It uses `t` and then gets stuck: given back cells until it needs `t`.
            Within::Uses => {
                if let Some(r) = repair(&q, solution, t, symmetry, rng, stop) {
                    return Some(r);
                }
                continue;
            }
            _ => {}
        }
        if let Some(s) = closeness(&q, t).filter(|&s| s >= best) {
            (p, best) = (q, s);
        }
    }
    None
}

/// A puzzle that needs `t`, `changes` random changes of its givens ([`changed`]) away from
/// `puzzle`, which needs `t` (unique, with `solution`): a change stands when the puzzle stays
/// unique and still needs `t`. `None` when `puzzle` does not need `t`, when `tries` changes
/// were tried without `changes` standing, or when `stop` says to give up.
pub fn wander(
    puzzle: &Grid,
    solution: &Grid,
    t: Strategy,
    symmetry: Symmetry,
    rng: &mut Rng,
    (changes, tries): (usize, usize),
    stop: &dyn Fn() -> bool,
) -> Option<Grid> {
    if within(puzzle, t) != Within::Needs {
        return None;
    }
    let mut p = puzzle.clone();
    let mut stood = 0;
    for _ in 0..tries {
        if stood == changes {
            return Some(p);
        }
        if stop() {
            return None;
        }
        let q = changed(&p, solution, symmetry, rng);
        if q != p
            && ops::count_solutions(&q, 2).ok()? == ops::SolutionCount::Exact(1)
            && within(&q, t) == Within::Needs
        {
            p = q;
            stood += 1;
        }
    }
    (stood == changes).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::sudoku::parse::{parse_grid, to_line, ParseOptions};

    /// The first puzzle of a bank file.
    fn first(text: &str) -> Grid {
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        parse_grid(line, &ParseOptions::default()).unwrap()
    }

    /// `q` needs `t`, is a puzzle of `solution` with no other, and its givens keep the
    /// half turn.
    fn assert_needs(q: &Grid, solution: &Grid, t: Strategy) {
        assert_eq!(within(q, t), Within::Needs);
        assert!(q.is_filled_by(solution));
        assert_eq!(
            ops::count_solutions(q, 2).unwrap(),
            ops::SolutionCount::Exact(1)
        );
        let given = |c: usize| q.cells()[c] != 0;
        assert!((0..81).all(|c| given(c) == given(80 - c)));
    }

    /// A BUG type 4 given back one cell of its solution (with its image under the half
    /// turn), the one after which the ladder solves it with the hardest simpler step: from
    /// there [`steer`] finds a unique puzzle that needs BUG type 4 again, with the half
    /// turn's pattern of givens; from a puzzle that needs it already (not a near miss) it
    /// gives nothing.
    #[test]
    fn steer_brings_a_near_miss_back_to_the_technique() {
        let t = Strategy::BugType4;
        let symmetry = Symmetry::Rotational;
        let bank = first(include_str!("../../../data/sudoku/needs_bug_type_4.txt"));
        let solution = ops::solve(&bank).unwrap().unwrap();
        assert_eq!(within(&bank, t), Within::Needs);
        let easier = (0..81)
            .filter(|&c| bank.cells()[c] == 0)
            .filter_map(|c| {
                let mut p = bank.clone();
                for o in symmetry.orbit(c, 9) {
                    p.set_cell(o, solution.cells()[o]);
                }
                closeness(&p, t).map(|s| (s, p))
            })
            .max_by_key(|(s, _)| *s);
        let (_, easier) = easier.expect("a near miss");
        let none = steer(
            &bank,
            &solution,
            t,
            symmetry,
            &mut Rng::new(1),
            100,
            &|| false,
        );
        assert!(none.is_none());
        let q = steer(
            &easier,
            &solution,
            t,
            symmetry,
            &mut Rng::new(1),
            3000,
            &|| false,
        );
        let q = q.expect("steered to BUG type 4");
        assert_needs(&q, &solution, t);
    }

    /// A BUG-type-4 bank puzzle moved by [`wander`]: another unique puzzle that needs BUG
    /// type 4, with the half turn's pattern of givens.
    #[test]
    fn wander_keeps_the_technique_needed() {
        let t = Strategy::BugType4;
        let bank = first(include_str!("../../../data/sudoku/needs_bug_type_4.txt"));
        let solution = ops::solve(&bank).unwrap().unwrap();
        let symmetry = Symmetry::Rotational;
        let q = wander(
            &bank,
            &solution,
            t,
            symmetry,
            &mut Rng::new(1),
            (3, 3000),
            &|| false,
        );
        let q = q.expect("three changes stood");
        assert_ne!(q, bank);
        assert_needs(&q, &solution, t);
        let easier = wander(
            &q,
            &solution,
            Strategy::XWing,
            symmetry,
            &mut Rng::new(1),
            (1, 9),
            &|| false,
        );
        assert!(easier.is_none(), "it does not need an X-wing");
    }

    /// Grows a bank: `NEEDS_FROM` (a file of puzzles, near misses), `NEEDS` (a technique's
    /// name), `NEEDS_TRIES` (per puzzle and seed), `NEEDS_SEEDS` (seeds 1 to it), and the
    /// puzzles found printed on standard output, one a line. Run by hand:
    /// `NEEDS_FROM=f NEEDS="BUG type 4" cargo test --release -p dlxkit-cli local_search
    /// -- --ignored --nocapture`.
    #[test]
    #[ignore = "a search run by hand to grow a bank"]
    fn grow() {
        let var = |k: &str| std::env::var(k).unwrap_or_default();
        let t = Strategy::ALL
            .iter()
            .copied()
            .find(|s| s.name() == var("NEEDS"))
            .expect("NEEDS names a technique");
        let tries: usize = var("NEEDS_TRIES").parse().unwrap_or(2000);
        let seeds: u64 = var("NEEDS_SEEDS").parse().unwrap_or(3);
        let symmetry = match var("NEEDS_SYMMETRY").as_str() {
            "none" => Symmetry::None,
            _ => Symmetry::Rotational,
        };
        let text = std::fs::read_to_string(var("NEEDS_FROM")).expect("NEEDS_FROM");
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= 81)
        {
            let puzzle = parse_grid(&line[..81], &ParseOptions::default()).unwrap();
            let solution = ops::solve(&puzzle).unwrap().unwrap();
            let changes: usize = var("NEEDS_WANDER").parse().unwrap_or(0);
            for seed in 1..=seeds {
                let mut rng = Rng::new(seed);
                let found = if changes > 0 {
                    let bounds = (changes, tries);
                    wander(&puzzle, &solution, t, symmetry, &mut rng, bounds, &|| false)
                } else {
                    steer(&puzzle, &solution, t, symmetry, &mut rng, tries, &|| false)
                };
                let out = found.map_or("-".to_string(), |g| to_line(&g));
                println!("FROM {} SEED {seed} FOUND {out}", &line[..81]);
            }
        }
    }
}
