//! Hint: the next logical step from the player's position and notes, told in stages.
//!
//! [`next_hint`] is the one function the board calls. It starts from the player's board:
//! the digits on the grid *and* the player's pencil marks ([`read_notes`]: a cell with
//! notes has those candidates, a cell without has every digit its peers allow), runs the
//! library's step stream ([`dlxkit::sudoku::explain::Explainer`]) and returns its first
//! step, one step at a time as players' boards teach: where to look ([`Look`]: the units or
//! cells of the pattern, without its digits), then which technique, then the move (the
//! step's text, its placements and eliminations, which the page's "apply" performs on the
//! notes).
//!
//! A hint never guesses: when no strategy applies, the hint says so ([`Kind::Stuck`]) and
//! the player may reveal a cell, a separate request. Before any step, entries that differ
//! from the unique solution ([`Kind::Mistakes`]) and notes that leave out the solution's
//! digit ([`Kind::Notes`]) are named, so a hint is never reasoning from a wrong board.
//! Entries that break a unit, or notes that leave a cell or a digit no place, end in a
//! [`Kind::Contradiction`].

use std::sync::Arc;

use dlxkit::sudoku::candidates::{Candidates, Digits};
use dlxkit::sudoku::explain::{Candidate, Contradiction, ExplainError, Explainer, Outcome};
use dlxkit::sudoku::explain::{Step as Explained, Strategy};
use dlxkit::sudoku::{Grid, Layout};
use serde::Serialize;

use super::error::ApiError;

/// The forcing chains' effort a hint may spend (see `Explainer::effort`): a tenth of the
/// command line's default, a second or two, as a player waits for a hint.
const HINT_EFFORT: u64 = dlxkit::sudoku::explain::DEFAULT_EFFORT / 10;

/// A digit in a cell: placed there, or removed from its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The cell, `row * n + column`.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// One step of reasoning, as the page shows it in the hint's last stage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The strategy's name ([`Strategy::name`]).
    pub strategy: &'static str,
    /// Its value on Sudoku Explainer's scale, as `explain`'s JSON plan gives it (`3.2`).
    pub score: f64,
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

/// What a hint found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A logical step.
    Step,
    /// No strategy of the board applies: only a guess (or revealing a cell) goes on.
    Stuck,
    /// Entries that differ from the unique solution.
    Mistakes,
    /// Notes that leave out the unique solution's digit.
    Notes,
    /// The entries or notes leave the board without a solution.
    Contradiction,
    /// The grid is full: nothing to hint.
    Complete,
}

/// The first stage of a hint: where to look, without the digits or the technique.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Look {
    /// "Look at box 2." and the like.
    pub text: String,
    /// The cells to look at.
    pub cells: Vec<usize>,
    /// The units to look at.
    pub units: Vec<usize>,
}

/// A hint in its three stages: [`Hint::look`], [`Hint::technique`], then [`Hint::text`]
/// with the [`Hint::step`] that "apply" performs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// What was found.
    pub kind: Kind,
    /// Stage 1: where to look.
    pub look: Look,
    /// Stage 2: the technique's name, with a capital (empty unless `kind` is a step).
    pub technique: String,
    /// Stage 3: the whole hint in a sentence.
    pub text: String,
    /// The step, when `kind` is [`Kind::Step`].
    pub step: Option<Step>,
    /// The cells that [`Kind::Mistakes`] or [`Kind::Notes`] name.
    pub mistakes: Vec<usize>,
}

/// The player's notes as the hint reads them: one string of digit symbols per cell, in
/// reading order (`"147"`, `"AG"` on 16x16); an empty string is a cell without notes, which
/// has every digit (its peers take out theirs). Notes of a filled cell are not read.
pub fn read_notes(position: &Grid, notes: &[String]) -> Result<Candidates, ApiError> {
    let layout = position.layout();
    let n = layout.size();
    if notes.len() != layout.cells() {
        return Err(ApiError::bad(format!(
            "notes: {} cells, the puzzle has {}",
            notes.len(),
            layout.cells()
        )));
    }
    let mut cells = Vec::with_capacity(notes.len());
    for (cell, text) in notes.iter().enumerate() {
        let mut digits = Digits::EMPTY;
        for ch in text.chars() {
            match ch.to_digit(36) {
                Some(d) if d >= 1 && d as usize <= n => digits.insert(d as u8),
                _ => {
                    return Err(ApiError::bad(format!(
                        "notes of {}: `{}` is not a digit of a {n}x{n} board",
                        position.cell_name(cell),
                        ch.escape_debug()
                    )))
                }
            }
        }
        cells.push(match position.cells()[cell] {
            0 if !digits.is_empty() => digits,
            0 => Digits::all(n),
            d => Digits::single(d),
        });
    }
    Candidates::from_cells(Arc::clone(layout), cells)
        .ok_or_else(|| ApiError::bad("notes: they do not fit the puzzle's layout"))
}

/// The hint from `position` with the player's `notes` (`None`: no notes anywhere).
/// `solution` is the puzzle's unique solution, if it has one: it names mistakes and
/// allows the uniqueness strategies, and is never placed.
pub fn next_hint(position: &Grid, notes: Option<&Candidates>, solution: Option<&Grid>) -> Hint {
    if position.is_complete() {
        return Hint::plain(
            Kind::Complete,
            "The grid is complete: there is nothing left to hint.".into(),
        );
    }
    if let Some(solution) = solution {
        let wrong: Vec<usize> = (0..position.cells().len())
            .filter(|&c| position.cells()[c] != 0 && position.cells()[c] != solution.cells()[c])
            .collect();
        if !wrong.is_empty() {
            let text = format!(
                "{} {} not match the solution: take {} out before asking for a hint.",
                names(position, &wrong),
                if wrong.len() == 1 { "does" } else { "do" },
                if wrong.len() == 1 { "it" } else { "them" },
            );
            return Hint::naming(Kind::Mistakes, text, wrong);
        }
        if let Some(notes) = notes {
            let missing: Vec<usize> = (0..position.cells().len())
                .filter(|&c| {
                    position.cells()[c] == 0 && !notes.get(c).contains(solution.cells()[c])
                })
                .collect();
            if !missing.is_empty() {
                let text = format!(
                    "The notes of {} leave out the digit that belongs there: fill {} \
                     candidates again before asking for a hint.",
                    names(position, &missing),
                    if missing.len() == 1 { "its" } else { "their" },
                );
                return Hint::naming(Kind::Notes, text, missing);
            }
        }
    }
    let layout = position.layout();
    let mut explainer = match Explainer::with_candidates(position, notes) {
        // Nested forcing chains can take seconds a step: a hint stops before them, and
        // spends at most a second or two on the others (HINT_EFFORT).
        Ok(explainer) => explainer
            .assume_unique(solution.is_some())
            .up_to(Strategy::DynamicForcingChainPlus)
            .effort(HINT_EFFORT),
        Err(ExplainError::Conflict(conflict)) => {
            let text = format!("{conflict}: one of them is wrong.");
            let mut hint = Hint::naming(
                Kind::Contradiction,
                capitalised(&text),
                vec![conflict.first, conflict.second],
            );
            hint.look.units = vec![conflict.unit];
            return hint;
        }
        Err(e) => return Hint::plain(Kind::Contradiction, capitalised(&e.to_string())),
    };
    if let Some(step) = explainer.next() {
        // The explainer guesses only when given the solution, which it is not.
        debug_assert_ne!(step.strategy, Strategy::Guess);
        let shown = shown(layout, &step);
        return Hint {
            kind: Kind::Step,
            look: look(position, &step),
            technique: capitalised(step.strategy.name()),
            text: shown.text.clone(),
            step: Some(shown),
            mistakes: Vec::new(),
        };
    }
    match explainer.outcome() {
        Outcome::Contradiction(Contradiction::NoCandidate { cell }) => Hint::naming(
            Kind::Contradiction,
            format!(
                "{} has no candidate left: some digit or note on the grid is wrong.",
                position.cell_name(cell)
            ),
            vec![cell],
        ),
        Outcome::Contradiction(Contradiction::NoPlace { unit, digit }) => {
            let mut hint = Hint::plain(
                Kind::Contradiction,
                format!(
                    "{} has no place left for {digit}: some digit or note on the grid is wrong.",
                    capitalised(&layout.unit_name(unit))
                ),
            );
            hint.look.units = vec![unit];
            hint.look.text = format!("Look at {}.", layout.unit_name(unit));
            hint
        }
        Outcome::EffortLimit(strategy) => Hint::plain(
            Kind::Stuck,
            format!(
                "The next step needs a {strategy} or harder, and the search for one ran out of \
                 effort: reveal a cell to go on."
            ),
        ),
        // Running cannot follow a finished iterator; Solved cannot follow an open cell.
        Outcome::Stuck | Outcome::Running | Outcome::Solved => Hint::plain(
            Kind::Stuck,
            format!(
                "No technique of this board finds a step from here{}: reveal a cell to go on.",
                if solution.is_some() {
                    ""
                } else {
                    " (the puzzle has more than one solution, so some cell needs a guess)"
                }
            ),
        ),
    }
}

impl Hint {
    /// A hint that is only a sentence (its look says the same).
    fn plain(kind: Kind, text: String) -> Hint {
        Hint {
            kind,
            look: Look {
                text: text.clone(),
                ..Look::default()
            },
            technique: String::new(),
            text,
            step: None,
            mistakes: Vec::new(),
        }
    }

    /// A hint that names cells (mistakes, or a contradiction's cells).
    fn naming(kind: Kind, text: String, cells: Vec<usize>) -> Hint {
        let mut hint = Hint::plain(kind, text);
        hint.look.cells.clone_from(&cells);
        if matches!(kind, Kind::Mistakes | Kind::Notes) {
            hint.mistakes = cells;
        }
        hint
    }
}

/// Where a step's pattern lies: its units when it has some (a hidden single's box, a
/// pointing's box and line, a fish's rows), else its cells; never its digits.
fn look(position: &Grid, step: &Explained) -> Look {
    let layout = position.layout();
    if step.units.is_empty() {
        let cells = step.cells.clone();
        let list: Vec<String> = cells.iter().map(|&c| position.cell_name(c)).collect();
        Look {
            text: format!("Look at {}.", and_list(&list)),
            cells,
            units: Vec::new(),
        }
    } else {
        let units = step.units.clone();
        let list: Vec<String> = units.iter().map(|&u| layout.unit_name(u)).collect();
        Look {
            text: format!("Look at {}.", and_list(&list)),
            cells: Vec::new(),
            units,
        }
    }
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
        score: step.score.value(),
        text: capitalised(&step.text(layout)),
        cells: step.cells.clone(),
        units,
        digits: step.digits.clone(),
        placements: marks(&step.placements),
        eliminations: marks(&step.eliminations),
    }
}

/// The cells' names, `r1c1, r2c5`.
fn names(position: &Grid, cells: &[usize]) -> String {
    let list: Vec<String> = cells.iter().map(|&c| position.cell_name(c)).collect();
    list.join(", ")
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
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

    /// Follows the hints from `puzzle` as a player who applies each one does: placements go
    /// on the grid, eliminations come off the notes (which start full). Every step is
    /// checked against the solution, and what a stage shows is checked against the step.
    /// Returns the strategies used and whether the grid was filled (else logic ran out).
    fn replay(puzzle: &Grid) -> (Vec<&'static str>, bool) {
        let solution = ops::solve(puzzle).unwrap().unwrap();
        let mut position = puzzle.clone();
        let mut notes = Candidates::full(Arc::clone(puzzle.layout()));
        let mut used = Vec::new();
        loop {
            let hint = next_hint(&position, Some(&notes), Some(&solution));
            match hint.kind {
                Kind::Complete => {
                    assert_eq!(position, solution);
                    return (used, true);
                }
                Kind::Stuck => return (used, false),
                Kind::Step => {}
                other => panic!("{other:?}: {}", hint.text),
            }
            let step = hint.step.unwrap();
            assert_ne!(step.strategy, "guess");
            used.push(step.strategy);
            // Stage 1 names no digit of the step and not its technique.
            assert!(
                !hint.look.text.contains(step.strategy),
                "{}",
                hint.look.text
            );
            assert!(!hint.look.text.to_lowercase().contains("single"));
            assert!(hint.look.cells.is_empty() != hint.look.units.is_empty());
            assert_eq!(hint.technique.to_lowercase(), step.strategy.to_lowercase());
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
            for e in &step.eliminations {
                assert_ne!(solution.cells()[e.cell], e.digit, "{}", step.text);
                assert!(notes.get(e.cell).contains(e.digit), "{}", step.text);
                notes.remove(e.cell, e.digit);
            }
            for p in &step.placements {
                assert_eq!(solution.cells()[p.cell], p.digit, "{}", step.text);
                position.set_cell(p.cell, p.digit);
                notes.set(p.cell, Digits::single(p.digit));
            }
            assert!(used.len() < 2000, "no end to the hints");
        }
    }

    #[test]
    fn applied_hints_lead_to_the_solution_without_a_guess() {
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
                let puzzle = generate(&options, rng.next_u64()).unwrap().puzzle;
                let (steps, filled) = replay(&puzzle);
                used.extend(steps);
                // The generator's puzzles of these sizes are solved by logic (rated).
                assert!(filled || rows == 3, "{puzzle:?}");
            }
        }
        // Issue 20's naked-triple example: logic alone solves it.
        let (steps, filled) = replay(&grid(
            "3..2........1.7...7.6.3.5...7...9.8.9...2...4.1.8...5...9.4.3.1...7.2........8..6",
        ));
        assert!(filled);
        used.extend(steps);
        // The Easter Monster: logic runs out (the rating guesses 7 times), and the hint
        // says so instead of guessing.
        let (_, filled) = replay(&grid(
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ));
        assert!(!filled);
        for s in ["naked single", "hidden single", "pointing", "naked pair"] {
            assert!(used.contains(&s), "no {s} in {used:?}");
        }
    }

    #[test]
    fn a_hint_comes_in_stages() {
        // In box 1, 1 fits only in r2c2: column 1 and row 1 hold one already.
        let hint = next_hint(&grid("..1.\n....\n1...\n....\n"), None, None);
        assert_eq!(hint.kind, Kind::Step);
        assert_eq!(hint.look.text, "Look at box 1.");
        assert_eq!(hint.look.units, [8]);
        assert_eq!(hint.technique, "Hidden single");
        assert_eq!(hint.text, "Hidden single: 1 in box 1 -> r2c2");
        let step = hint.step.unwrap();
        assert_eq!(step.placements, [Placement { cell: 5, digit: 1 }]);
        // r1c4 is the only blank of row 1: a full house, the easiest hidden single (Sudoku
        // Explainer's 1.0), where to look is the row.
        let hint = next_hint(&grid("123.\n....\n....\n....\n"), None, None);
        assert_eq!(hint.look.text, "Look at row 1.");
        assert_eq!(hint.technique, "Hidden single");
        assert_eq!(hint.step.unwrap().units, [0]); // row 1
    }

    #[test]
    fn the_hint_reads_the_players_notes() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        // Without notes an empty 4x4 board has no logical step.
        let hint = next_hint(&empty, None, None);
        assert_eq!(hint.kind, Kind::Stuck);
        assert!(hint.step.is_none());
        assert!(
            hint.text.contains("more than one solution"),
            "{}",
            hint.text
        );
        // With a single note in r1c1 the note is the next step.
        let mut notes: Vec<String> = vec![String::new(); 16];
        notes[0] = "3".into();
        let pencil = read_notes(&empty, &notes).unwrap();
        let hint = next_hint(&empty, Some(&pencil), None);
        assert_eq!(
            hint.text,
            "Naked single: 3 is the last candidate of r1c1 -> r1c1"
        );
        // Notes that leave out the solution's digit are named before any step.
        let puzzle = grid("..1.\n....\n1...\n....\n");
        let solution = ops::solve(&puzzle).unwrap().unwrap();
        let d = solution.cells()[5];
        notes[0] = String::new();
        notes[5] = (1..=4).filter(|&x| x != d).map(|x| x.to_string()).collect();
        let pencil = read_notes(&puzzle, &notes).unwrap();
        let hint = next_hint(&puzzle, Some(&pencil), Some(&solution));
        assert_eq!(hint.kind, Kind::Notes);
        assert_eq!(hint.mistakes, [5]);
        assert_eq!(
            hint.text,
            "The notes of r2c2 leave out the digit that belongs there: fill its candidates \
             again before asking for a hint."
        );
    }

    #[test]
    fn bad_notes_are_named() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let mut notes: Vec<String> = vec![String::new(); 15];
        assert_eq!(
            read_notes(&empty, &notes).unwrap_err().message,
            "notes: 15 cells, the puzzle has 16"
        );
        notes.push(String::new());
        notes[6] = "15".into();
        assert_eq!(
            read_notes(&empty, &notes).unwrap_err().message,
            "notes of r2c3: `5` is not a digit of a 4x4 board"
        );
    }

    #[test]
    fn contradictions_and_mistakes_end_the_hint() {
        // Two 1s in a row.
        let hint = next_hint(&grid("1.1.\n.23.\n....\n....\n"), None, None);
        assert_eq!(hint.kind, Kind::Contradiction);
        assert_eq!(
            hint.text,
            "Digit 1 appears twice in row 1 (r1c1 and r1c3): one of them is wrong."
        );
        // r1c2 sees 1, 2, 3 and 4.
        let hint = next_hint(&grid("1..4\n....\n.2..\n.3..\n"), None, None);
        assert_eq!(
            hint.text,
            "r1c2 has no candidate left: some digit or note on the grid is wrong."
        );
        assert_eq!(hint.look.cells, [1]);
        assert_eq!(
            next_hint(&grid("1234341221434321"), None, None).kind,
            Kind::Complete
        );
        // A wrong entry is named, not reasoned from.
        let puzzle = grid("..1.\n....\n1...\n....\n");
        let solution = ops::solve(&puzzle).unwrap().unwrap();
        let mut position = puzzle.clone();
        position.set_cell(15, solution.cells()[15] % 4 + 1);
        let hint = next_hint(&position, None, Some(&solution));
        assert_eq!(hint.kind, Kind::Mistakes);
        assert_eq!(hint.mistakes, [15]);
        assert_eq!(
            hint.text,
            "r4c4 does not match the solution: take it out before asking for a hint."
        );
    }
}
