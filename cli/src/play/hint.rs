//! Hint: the next logical step from the player's position, in the players' words.
//!
//! [`next_steps`] is the one function the board calls. It runs the library's step stream,
//! [`dlxkit::sudoku::explain::Explainer`], from the digits on the grid alone (not from the
//! player's pencil marks, which may be incomplete), and keeps its steps up to the first that
//! places a digit: the eliminations that lead there, then the placement. For a puzzle with
//! one solution the uniqueness strategies are on, and when logic runs out the explainer's
//! guess (the solution's digit in a cell with the fewest candidates) is the placement. For a
//! puzzle with several solutions there is nothing to guess from: the hint says a guess is
//! needed and names the cell with the fewest candidates. Entries that break a unit, or leave
//! a cell or a digit no place, end the hint with a contradiction.

use dlxkit::sudoku::explain::{Candidate, Contradiction, ExplainError, Explainer, Outcome};
use dlxkit::sudoku::explain::{Step as Explained, Strategy};
use dlxkit::sudoku::{Grid, Layout};
use serde::Serialize;

/// Steps listed before the hint stops short of a placement (logic that only removes
/// candidates for this long is more than a hint).
const MAX_STEPS: usize = 40;

/// A digit in a cell: placed there, or removed from its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The cell, `row * n + column`.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// One step of reasoning, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The strategy's name ([`Strategy::name`]), or `contradiction`.
    pub strategy: &'static str,
    /// The step in a sentence.
    pub text: String,
    /// The cells of the pattern the reasoning rests on.
    pub cells: Vec<usize>,
    /// The units it looks at (indexes into the layout's units).
    pub units: Vec<usize>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// The digits placed.
    pub placements: Vec<Placement>,
    /// The candidates removed.
    pub eliminations: Vec<Placement>,
}

/// The steps from `position` to its next placed digit: eliminations first, if any are
/// needed, then a placement; or a contradiction, or (without a `solution` to guess from) a
/// guess to make, as the last step when logic stops there. Empty when the grid is full.
/// `solution` is the puzzle's unique solution, which `position` must agree with.
pub fn next_steps(position: &Grid, solution: Option<&Grid>) -> Vec<Step> {
    if position.is_complete() {
        return Vec::new();
    }
    let layout = position.layout();
    let explainer = match Explainer::new(position) {
        Ok(explainer) => explainer.assume_unique(solution.is_some()),
        Err(ExplainError::Conflict(conflict)) => {
            let text = format!("{conflict}: one of them is wrong.");
            return vec![contradiction(
                capitalised(&text),
                vec![conflict.first, conflict.second],
                vec![conflict.unit],
            )];
        }
        // Only pencil marks or a solution can be refused otherwise, and there are none yet.
        Err(e) => return vec![contradiction(capitalised(&e.to_string()), vec![], vec![])],
    };
    let mut explainer = match solution {
        // A solution that does not fit leaves the explainer without guesses.
        Some(s) => explainer.clone().guessing(s.clone()).unwrap_or(explainer),
        None => explainer,
    };
    let mut steps = Vec::new();
    for step in explainer.by_ref() {
        let placed = !step.placements.is_empty();
        steps.push(shown(layout, &step));
        if placed || steps.len() == MAX_STEPS {
            return steps;
        }
    }
    match explainer.outcome() {
        Outcome::Contradiction(Contradiction::NoCandidate { cell }) => steps.push(contradiction(
            format!(
                "{} has no candidate left: some digit on the grid is wrong.",
                position.cell_name(cell)
            ),
            vec![cell],
            layout.units_of(cell).to_vec(),
        )),
        Outcome::Contradiction(Contradiction::NoPlace { unit, digit }) => {
            steps.push(contradiction(
                format!(
                    "{} has no place left for {digit}: some digit on the grid is wrong.",
                    capitalised(&layout.unit_name(unit))
                ),
                Vec::new(),
                vec![unit],
            ))
        }
        Outcome::Stuck => steps.push(guess_needed(position, &explainer)),
        Outcome::Solved | Outcome::Running => {}
    }
    steps
}

/// A step of the explainer as the page shows it: its text with a capital, and for a naked
/// single the cell's units (every other digit is in one of them).
fn shown(layout: &Layout, step: &Explained) -> Step {
    let marks = |list: &[Candidate]| {
        list.iter()
            .map(|c| Placement {
                cell: c.cell,
                digit: c.digit,
            })
            .collect()
    };
    let units = match (step.strategy, step.cells.as_slice()) {
        (Strategy::NakedSingle, [cell]) => layout.units_of(*cell).to_vec(),
        _ => step.units.clone(),
    };
    Step {
        strategy: step.strategy.name(),
        text: capitalised(&step.text(layout)),
        cells: step.cells.clone(),
        units,
        digits: step.digits.clone(),
        placements: marks(&step.placements),
        eliminations: marks(&step.eliminations),
    }
}

/// A contradiction step.
fn contradiction(text: String, cells: Vec<usize>, units: Vec<usize>) -> Step {
    Step {
        strategy: "contradiction",
        text,
        cells,
        units,
        digits: Vec::new(),
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

/// Logic ran out on a puzzle with several solutions: the cell with the fewest candidates
/// (the first such) is where to guess.
fn guess_needed(position: &Grid, explainer: &Explainer) -> Step {
    let board = explainer.board();
    let cell = (0..position.cells().len())
        .filter(|&c| board.value(c) == 0)
        .min_by_key(|&c| board.candidates(c).len())
        .unwrap_or(0);
    let digits: Vec<u8> = board.candidates(cell).iter().collect();
    let names: Vec<String> = digits.iter().map(u8::to_string).collect();
    Step {
        strategy: Strategy::Guess.name(),
        text: format!(
            "No strategy applies: this position needs a guess (the puzzle has more than one \
             solution). {} has the fewest candidates: {}.",
            position.cell_name(cell),
            or_list(&names)
        ),
        cells: vec![cell],
        units: Vec::new(),
        digits,
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The text with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::rng::Rng;
    use dlxkit::sudoku::generate::{generate, GenerateOptions};
    use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    use dlxkit::sudoku::{ops, Shape, Variant};

    fn grid(text: &str) -> Grid {
        parse_grid(text, &ParseOptions::default().check_givens(false)).unwrap()
    }

    /// Follows the hints from `puzzle` to the end, as the board gives them (with the unique
    /// solution), checking every step against the solution. Returns the strategies used.
    fn replay(puzzle: &Grid) -> Vec<&'static str> {
        let solution = ops::solve(puzzle).unwrap().unwrap();
        let mut position = puzzle.clone();
        let mut used = Vec::new();
        while !position.is_complete() {
            let steps = next_steps(&position, Some(&solution));
            let last = steps.last().expect("a step while the grid is not full");
            for step in &steps {
                used.push(step.strategy);
                for e in &step.eliminations {
                    assert_ne!(solution.cells()[e.cell], e.digit, "{}", step.text);
                }
                for p in &step.placements {
                    assert_eq!(solution.cells()[p.cell], p.digit, "{}", step.text);
                }
            }
            let p = last
                .placements
                .first()
                .expect("the hint ends in a placement");
            position.set_cell(p.cell, p.digit);
        }
        assert_eq!(position, solution);
        used
    }

    #[test]
    fn hints_lead_to_the_solution_on_generated_puzzles() {
        let mut rng = Rng::new(7);
        let mut used = Vec::new();
        for (rows, cols, variant) in [
            (3, 3, Variant::Standard),
            (3, 3, Variant::X),
            (3, 3, Variant::Windoku),
            (2, 3, Variant::Standard),
            (2, 2, Variant::Standard),
        ] {
            let options = GenerateOptions::new(Shape::new(rows, cols).unwrap()).variant(variant);
            for _ in 0..4 {
                used.extend(replay(&generate(&options, rng.next_u64()).unwrap().puzzle));
            }
        }
        for hard in [
            // Norvig's hardest: logic runs out, and the hint guesses.
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            // Issue 20's naked-triple example: logic alone solves it.
            "3..2........1.7...7.6.3.5...7...9.8.9...2...4.1.8...5...9.4.3.1...7.2........8..6",
        ] {
            used.extend(replay(&grid(hard)));
        }
        for s in [
            "naked single",
            "hidden single",
            "pointing",
            "naked pair",
            "X-chain",
            "guess",
        ] {
            assert!(used.contains(&s), "no {s} in {used:?}");
        }
    }

    #[test]
    fn each_step_names_its_strategy_and_cells() {
        // r1c4 is the only blank of row 1: a naked single, shown with the cell's units.
        let steps = next_steps(&grid("123.\n....\n....\n....\n"), None);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].text,
            "Naked single: 4 is the last candidate of r1c4 -> r1c4"
        );
        assert_eq!(steps[0].placements, [Placement { cell: 3, digit: 4 }]);
        assert_eq!(steps[0].units, [0, 7, 9]); // row 1, column 4, box 2
                                               // In box 1, 1 fits only in r2c2: column 1 and row 1 hold one already.
        let steps = next_steps(&grid("..1.\n....\n1...\n....\n"), None);
        assert_eq!(steps[0].text, "Hidden single: 1 in box 1 -> r2c2");
        assert_eq!(steps[0].units, [8]);
        // Two 1s in a row.
        let steps = next_steps(&grid("1.1.\n.23.\n....\n....\n"), None);
        assert_eq!(steps[0].strategy, "contradiction");
        assert_eq!(
            steps[0].text,
            "Digit 1 appears twice in row 1 (r1c1 and r1c3): one of them is wrong."
        );
        // r1c2 sees 1, 2, 3 and 4.
        let steps = next_steps(&grid("1..4\n....\n.2..\n.3..\n"), None);
        assert_eq!(
            steps.last().unwrap().text,
            "r1c2 has no candidate left: some digit on the grid is wrong."
        );
        // An empty grid has many solutions: a guess is needed, and nothing is placed.
        let steps = next_steps(&Grid::empty(Shape::new(2, 2).unwrap()), None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].strategy, "guess");
        assert!(steps[0]
            .text
            .ends_with("r1c1 has the fewest candidates: 1, 2, 3 or 4."));
        assert!(steps[0].placements.is_empty());
        assert!(next_steps(&grid("1234341221434321"), None).is_empty());
    }

    #[test]
    fn eliminations_come_before_the_placement_they_lead_to() {
        // Issue 20's naked-triple puzzle: its first steps are singles, then the explainer
        // needs eliminations before the next placement; the hint lists them in order.
        let puzzle = grid(
            "3..2........1.7...7.6.3.5...7...9.8.9...2...4.1.8...5...9.4.3.1...7.2........8..6",
        );
        let solution = ops::solve(&puzzle).unwrap().unwrap();
        let mut position = puzzle.clone();
        loop {
            let steps = next_steps(&position, Some(&solution));
            let (last, before) = steps.split_last().unwrap();
            assert_eq!(last.placements.len(), 1);
            if !before.is_empty() {
                assert!(before.iter().all(|s| s.placements.is_empty()
                    && !s.eliminations.is_empty()
                    && s.strategy != "guess"));
                break;
            }
            position.set_cell(last.placements[0].cell, last.placements[0].digit);
        }
    }
}
