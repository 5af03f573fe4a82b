//! The killer strategies of the explainer: cage combination and the rule of 45 (innies and
//! outies), each on a puzzle where it is the first step (asserting the exact step) and shown
//! sound by the engine; and the shipped killers explained to their published solutions, every
//! step checked against them.

use crate::sudoku_explain_util::data;

use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::{Explainer, Level, Outcome, Step, Strategy};
use dlxkit::sudoku::killer::text::{parse_killers, KillerOptions};
use dlxkit::sudoku::killer::{Cage, Killer};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::solvers::{Answer, Limits};
use dlxkit::sudoku::{Grid, Shape};

/// A 9x9 killer without givens: cages as (sum, cells numbered from 0 in reading order).
fn killer(cages: &[(u32, &[usize])]) -> Killer {
    let grid = Grid::empty(Shape::new(3, 3).unwrap());
    let cages = cages.iter().map(|&(s, c)| Cage::new(s, c.iter().copied()));
    Killer::new(grid, cages.collect()).unwrap()
}

/// The digits each of `cells` takes in some filling of them alone: distinct digits where two
/// cells share a unit or a cage, each cage wholly among them adding up to its sum, givens
/// kept. A brute-force oracle written apart from the strategies: every solution of the
/// puzzle fills these cells so, so a digit it never puts in a cell is not in any solution.
fn possible(killer: &Killer, cells: &[usize]) -> Vec<Vec<u8>> {
    let layout = killer.grid().layout();
    let n = layout.size() as u8;
    let cage = |c: usize| killer.cage_of(c);
    let differ: Vec<Vec<usize>> = (0..cells.len())
        .map(|i| {
            (0..i)
                .filter(|&j| {
                    let (a, b) = (cells[i], cells[j]);
                    layout.peers(a).contains(&b) || (cage(a).is_some() && cage(a) == cage(b))
                })
                .collect()
        })
        .collect();
    // For each cell, the cages wholly among `cells` that hold it, and whether it is their
    // last cell in `cells` (then their sum must be met, before that not passed).
    let touch: Vec<Vec<(&Cage, bool)>> = (0..cells.len())
        .map(|i| {
            killer
                .cages()
                .iter()
                .filter(|k| {
                    k.cells.contains(&cells[i]) && k.cells.iter().all(|c| cells.contains(c))
                })
                .map(|k| {
                    let last = k
                        .cells
                        .iter()
                        .map(|c| cells.iter().position(|x| x == c))
                        .max();
                    (k, last == Some(Some(i)))
                })
                .collect()
        })
        .collect();
    let oracle = Oracle {
        cells,
        differ,
        touch,
        grid: killer.grid(),
        n,
    };
    let mut seen = vec![vec![false; n as usize + 1]; cells.len()];
    oracle.walk(0, &mut vec![0; cells.len()], &mut seen);
    seen.iter()
        .map(|s| (1..=n).filter(|&d| s[d as usize]).collect())
        .collect()
}

/// The brute force of [`possible`]: its cells, for each the earlier cells it must differ
/// from and the cages it belongs to (with whether it is their last cell).
struct Oracle<'a> {
    cells: &'a [usize],
    differ: Vec<Vec<usize>>,
    touch: Vec<Vec<(&'a Cage, bool)>>,
    grid: &'a Grid,
    n: u8,
}

impl Oracle<'_> {
    /// Fills cell `i` on, recording in `seen` the digits of every complete filling.
    fn walk(&self, i: usize, digits: &mut Vec<u8>, seen: &mut [Vec<bool>]) {
        if i == self.cells.len() {
            for (k, &d) in digits.iter().enumerate() {
                seen[k][d as usize] = true;
            }
            return;
        }
        let given = self.grid.cells()[self.cells[i]];
        for d in 1..=self.n {
            if (given != 0 && given != d) || self.differ[i].iter().any(|&j| digits[j] == d) {
                continue;
            }
            digits[i] = d;
            let sums_hold = self.touch[i].iter().all(|&(k, last)| {
                let total: u32 = k
                    .cells
                    .iter()
                    .map(|c| u32::from(digits[self.cells.iter().position(|x| x == c).unwrap()]))
                    .sum();
                if last {
                    total == k.sum
                } else {
                    total < k.sum
                }
            });
            if sums_hold {
                self.walk(i + 1, digits, seen);
            }
        }
        digits[i] = 0;
    }
}

/// A step is sound: the oracle ([`possible`]) over the caged cells, row 1 and the step's
/// units and cells never puts an eliminated digit in its cell, nor another digit than a
/// placed one.
fn assert_sound(killer: &Killer, step: &Step) {
    let text = step.text(killer.grid().layout());
    let n = killer.grid().size();
    let layout = killer.grid().layout();
    // Each cage's cells together (so the sums prune early), then the rest of row 1 and of
    // the step's units and cells.
    let mut cells: Vec<usize> = killer
        .cages()
        .iter()
        .flat_map(|k| k.cells.clone())
        .collect();
    let units = step
        .units
        .iter()
        .flat_map(|&u| layout.units()[u].cells.clone());
    let marks = step.eliminations.iter().chain(&step.placements);
    for c in (0..n)
        .chain(units)
        .chain(step.cells.clone())
        .chain(marks.map(|m| m.cell))
    {
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let possible = possible(killer, &cells);
    let at = |c: usize| &possible[cells.iter().position(|&x| x == c).unwrap()];
    for e in &step.eliminations {
        assert!(!at(e.cell).contains(&e.digit), "{text}: {e:?}");
    }
    for p in &step.placements {
        assert_eq!(at(p.cell), &[p.digit], "{text}");
    }
}

/// The first step of a killer's explanation, checked sound.
fn first_step(killer: &Killer) -> Step {
    let step = Explainer::killer(killer).unwrap().next().unwrap();
    assert_sound(killer, &step);
    step
}

#[test]
fn cage_combination_keeps_the_digits_of_the_fillings() {
    // r1c1 + r1c2 = 3: only 1 + 2 makes it.
    let k = killer(&[(3, &[0, 1])]);
    let step = first_step(&k);
    assert_eq!(step.strategy, Strategy::CageCombination);
    assert_eq!(
        step.text(k.grid().layout()),
        "cage combination: r1c1+r1c2 = 3 is {1,2}: removes 3,4,5,6,7,8,9 from r1c1, r1c2"
    );
    assert_eq!((step.sum, step.digits.as_slice()), (Some(3), &[1, 2][..]));
    // Three cells of 22 leave out 1 to 4; the cage's digits must differ.
    let k = killer(&[(22, &[0, 1, 2])]);
    assert_eq!(
        first_step(&k).text(k.grid().layout()),
        "cage combination: r1c1+r1c2+r1c3 = 22 is {5,8,9} or {6,7,9}: removes 1,2,3,4 from \
         r1c1, r1c2, r1c3"
    );
    // A cage that allows every digit has nothing to say.
    let k = killer(&[(15, &[0, 1, 2])]);
    assert!(Explainer::killer(&k).unwrap().next().is_none());
}

#[test]
fn cage_combination_reads_the_candidates_and_placed_digits() {
    // r1c1 is given 9, so r1c2 + r1c3 = 6 without 9: {1,5} or {2,4}.
    let mut grid = Grid::empty(Shape::new(3, 3).unwrap());
    grid.set(0, 0, 9);
    let k = Killer::new(grid, vec![Cage::new(15, [0, 1, 2])]).unwrap();
    let step = first_step(&k);
    assert_eq!(
        step.text(k.grid().layout()),
        "cage combination: r1c2+r1c3 = 6 is {1,5} or {2,4}: removes 3,6,7,8 from r1c2, r1c3"
    );
}

#[test]
fn rule_of_45_finds_an_innie() {
    // Row 1's whole cages add up to 40, so its one other cell holds 5. Cages of four
    // cells adding up to 20 allow every digit, so nothing simpler applies.
    let k = killer(&[(20, &[0, 1, 2, 3]), (20, &[4, 5, 6, 7])]);
    let step = first_step(&k);
    assert_eq!(step.strategy, Strategy::RuleOf45);
    assert_eq!(
        step.text(k.grid().layout()),
        "rule of 45 on row 1: innie r1c9 = 5 -> r1c9"
    );
}

#[test]
fn rule_of_45_restricts_innies() {
    // Row 1 less its cages of 20 and 15 leaves r1c8 + r1c9 = 10: no 5.
    let k = killer(&[(20, &[0, 1, 2, 3]), (15, &[4, 5, 6])]);
    let step = first_step(&k);
    assert_eq!(
        step.text(k.grid().layout()),
        "rule of 45 on row 1: innies r1c8+r1c9 = 10 is {1,9} or {2,8} or {3,7} or {4,6}: \
         removes 5 from r1c8, r1c9"
    );
}

#[test]
fn rule_of_45_finds_an_outie() {
    // Row 1 is covered by a cage of 20 inside it and one of 30 that takes r2c9 too: the
    // cages hold 50, the row 45, so r2c9 holds 5. Row 1's innies (r1c5 to r1c9, 25) allow
    // every digit.
    let k = killer(&[(20, &[0, 1, 2, 3]), (30, &[4, 5, 6, 7, 8, 17])]);
    let step = first_step(&k);
    assert_eq!(
        step.text(k.grid().layout()),
        "rule of 45 on row 1: outie r2c9 = 5 -> r2c9"
    );
}

#[test]
fn outies_that_may_repeat_are_left_alone() {
    // Row 1 meets three cages: 11 reaching r2c1, 15 inside it, 26 reaching r2c9 and r3c9.
    // The outies add up to 11 + 15 + 26 - 45 = 7. Three different digits would be 1, 2
    // and 4, but r2c1 and r3c9 share no unit and no cage: both may be 3 (with 1 in r2c9,
    // and the 3 of row 1 in the cage of 15). No step may rule that out.
    let k = killer(&[
        (11, &[0, 1, 2, 9]),
        (15, &[3, 4, 5]),
        (26, &[6, 7, 8, 17, 26]),
    ]);
    let cells = [0, 1, 2, 9, 3, 4, 5, 6, 7, 8, 17, 26];
    let oracle = possible(&k, &cells);
    assert!(
        oracle[3].contains(&3) && oracle[11].contains(&3),
        "{oracle:?}"
    );
    let steps: Vec<Step> = Explainer::killer(&k).unwrap().take(30).collect();
    assert!(!steps.is_empty());
    for s in &steps {
        assert_sound(&k, s);
    }
}

/// The shipped killers, each explained (guessing from its published solution when logic
/// runs out), every step checked against the solution.
#[test]
fn shipped_killers_are_explained_to_their_solutions() {
    let puzzles = parse_killers(&data("killer.txt"), &KillerOptions::default()).unwrap();
    let solutions: Vec<Grid> = data("killer_solutions.txt")
        .lines()
        .map(|l| parse_grid(l, &ParseOptions::default()).unwrap())
        .collect();
    assert_eq!(puzzles.len(), solutions.len());
    let mut used = Vec::new();
    for (p, solution) in puzzles.iter().zip(&solutions) {
        assert_eq!(p.killer.check(solution), Ok(()));
        let layout = p.killer.grid().layout().clone();
        // Up to dynamic forcing chains+, guessing past them: line 17 needs nested forcing
        // chains past the default effort.
        let mut explainer = Explainer::killer(&p.killer)
            .unwrap()
            .up_to(Strategy::DynamicForcingChainPlus)
            .guessing(solution.clone())
            .unwrap();
        for step in explainer.by_ref() {
            let text = step.text(&layout);
            for pl in &step.placements {
                assert_eq!(
                    solution.cells()[pl.cell],
                    pl.digit,
                    "line {}: {text}",
                    p.line
                );
            }
            for e in &step.eliminations {
                assert_ne!(solution.cells()[e.cell], e.digit, "line {}: {text}", p.line);
            }
            used.push(step.strategy);
        }
        assert_eq!(explainer.outcome(), Outcome::Solved, "line {}", p.line);
        assert_eq!(explainer.board().grid(), *solution);
    }
    for s in [Strategy::CageCombination, Strategy::RuleOf45] {
        assert!(used.contains(&s), "{s} never used");
    }
    assert!(!used.contains(&Strategy::UniqueRectangle));
}

#[test]
fn the_wikipedia_killer_needs_no_guess() {
    let puzzles = parse_killers(&data("killer.txt"), &KillerOptions::default()).unwrap();
    let rating = Rater::new()
        .rate_killer(&puzzles[0].killer, &Limits::new())
        .unwrap();
    assert_eq!(rating.answer, Answer::Unique);
    assert_eq!(rating.hardest, Some(Strategy::RuleOf45));
    assert_eq!(rating.level, Some(Level::Medium));
    assert_eq!(rating.guesses(), 0);
    assert!(rating.count(Strategy::CageCombination) > 10);
}
