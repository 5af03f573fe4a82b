//! Starting puzzles for `--needs` techniques that neither the random removal nor a pattern
//! built into the solution reaches ([`start`]): aligned pair exclusion, the hardest step of
//! 2 in 49,158 of Royle's 17-clue puzzles, which the wings up to the VWXYZ-wing nearly
//! always pre-empt (see BENCHMARKS.md, needsAPE14); the hidden quad, BUG type 3 and the
//! unique loops of types 3 and 4, as rare among the collections rated (1, 3, none and 2
//! puzzles) and among 900,000 puzzles of the generator under the half turn (2, 13, 2, 28
//! taken); BUG type 4, none in the collections, 31 taken from the generator's (BENCHMARKS.md,
//! round 15's pool). Those start there ([`Turn::First`]). The naked quad, the jellyfish and
//! 4 strong links, which the generator makes for most seeds but misses for some (in 8,000
//! attempts), fall back on banks of the generator's puzzles once it has missed
//! ([`Turn::Last`]; BENCHMARKS.md, banks17).
//!
//! A bank puzzle that has the half turn (those the generator made) is moved, under the half
//! turn, only by the symmetries of the grid that keep it (a row and its image moved
//! together): its images need no givens added to have it, which would take the technique
//! away.
//!
//! A bank puzzle is chosen by the seed and moved by a random symmetry of the grid (digits
//! relabelled, rows within bands, bands, columns within stacks, stacks, transposition); then
//! a few givens of its solution are added and the puzzle is thinned out again, each removal
//! standing only while the puzzle needs the technique, so that seeds give puzzles that are
//! not merely images of the bank's. The bank is in `data/sudoku/`, with how it was made.

use super::needs::{within, Within};
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::Strategy;
use dlxkit::sudoku::generate::{thin_out, GenerateError, GenerateOptions, Symmetry};
use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
use dlxkit::sudoku::variant::Variant;
use dlxkit::sudoku::{ops, Grid};

/// The bank of aligned pair exclusion: one puzzle a line, `#` lines are comments.
const ALIGNED_PAIR: &str = include_str!("../../../data/sudoku/needs_aligned_pair_exclusion.txt");

/// The bank of the hidden quad, as [`ALIGNED_PAIR`].
const HIDDEN_QUAD: &str = include_str!("../../../data/sudoku/needs_hidden_quad.txt");

/// The bank of BUG type 3, as [`ALIGNED_PAIR`].
const BUG_TYPE_3: &str = include_str!("../../../data/sudoku/needs_bug_type_3.txt");

/// The bank of the unique loop of type 4, as [`ALIGNED_PAIR`].
const UNIQUE_LOOP_4: &str = include_str!("../../../data/sudoku/needs_unique_loop_type_4.txt");

/// The bank of the unique loop of type 3, as [`ALIGNED_PAIR`].
const UNIQUE_LOOP_3: &str = include_str!("../../../data/sudoku/needs_unique_loop_type_3.txt");

/// The bank of BUG type 4, as [`ALIGNED_PAIR`].
const BUG_TYPE_4: &str = include_str!("../../../data/sudoku/needs_bug_type_4.txt");

/// The fallback bank of the naked quad, as [`ALIGNED_PAIR`] ([`Turn::Last`]).
const NAKED_QUAD: &str = include_str!("../../../data/sudoku/needs_naked_quad.txt");

/// The fallback bank of the jellyfish, as [`ALIGNED_PAIR`] ([`Turn::Last`]).
const JELLYFISH: &str = include_str!("../../../data/sudoku/needs_jellyfish.txt");

/// The fallback bank of 4 strong links, as [`ALIGNED_PAIR`] ([`Turn::Last`]).
const FOUR_STRONG_LINKS: &str = include_str!("../../../data/sudoku/needs_4_strong_links.txt");

/// The bank of `--needs "X-chain"`, as [`ALIGNED_PAIR`]: puzzles whose hardest step is a
/// chain of 3 or 4 strong links ([`asks_family`](super::one_digit::asks_family)).
const X_CHAIN: &str = include_str!("../../../data/sudoku/needs_x_chain.txt");

/// The bank of `--needs "simple colouring"`, as [`X_CHAIN`], the chain's eliminations a
/// colour trap's too.
const SIMPLE_COLOURING: &str = include_str!("../../../data/sudoku/needs_simple_colouring.txt");

/// The bank of `--needs "multi-colouring"`, as [`X_CHAIN`], the chain's eliminations a
/// multi-colouring step's and not a simple colouring step's.
const MULTI_COLOURING: &str = include_str!("../../../data/sudoku/needs_multi_colouring.txt");

/// When a technique's bank is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Before the generator: the technique is too rare among its puzzles.
    First,
    /// Once the generator's attempts for a seed have all missed: it hits most seeds (the
    /// naked quad, the jellyfish, 4 strong links), the bank the rest.
    Last,
}

/// Givens added back at most before the thinning out ([`start`]).
const MAX_ADDED: usize = 8;

/// Draws of givens to add before [`start`] keeps the bank puzzle's image as it is.
const DRAWS: usize = 12;

/// Bank puzzles (and images) [`start`] tries before it gives up.
const ROUNDS: usize = 6;

/// Random images of a bank puzzle [`start`] compares under a symmetry.
const IMAGES: usize = 2000;

/// The bank of `t` and when it is used: empty for the techniques that have none.
fn bank(t: Strategy) -> (Turn, Vec<&'static str>) {
    let (turn, text) = match t {
        Strategy::AlignedPairExclusion => (Turn::First, ALIGNED_PAIR),
        Strategy::HiddenQuad => (Turn::First, HIDDEN_QUAD),
        Strategy::BugType3 => (Turn::First, BUG_TYPE_3),
        Strategy::UniqueLoopType3 => (Turn::First, UNIQUE_LOOP_3),
        Strategy::UniqueLoopType4 => (Turn::First, UNIQUE_LOOP_4),
        Strategy::BugType4 => (Turn::First, BUG_TYPE_4),
        Strategy::NakedQuad => (Turn::Last, NAKED_QUAD),
        Strategy::Jellyfish => (Turn::Last, JELLYFISH),
        Strategy::FourStrongLinks => (Turn::Last, FOUR_STRONG_LINKS),
        Strategy::XChain => (Turn::First, X_CHAIN),
        Strategy::SimpleColouring => (Turn::First, SIMPLE_COLOURING),
        Strategy::MultiColouring => (Turn::First, MULTI_COLOURING),
        _ => (Turn::First, ""),
    };
    let lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    (turn, lines)
}

/// A puzzle that needs `t` and its solution, made from the bank by `seed` (see the module
/// documentation), with the options' symmetry, or `None` when `t` has no bank used at
/// `turn`, when the options ask for something the bank cannot give (another size or
/// variant, a number of givens), when no draw of givens keeps the technique needed under
/// the symmetry, or when `stop` says to give up.
pub fn start(
    t: Strategy,
    turn: Turn,
    options: &GenerateOptions,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<(Grid, Grid)>, GenerateError> {
    let (when, lines) = bank(t);
    if when != turn {
        return Ok(None);
    }
    let fits = options.shape.size() == 9
        && options.shape.box_rows() == 3
        && options.variant == Variant::Standard
        && options.target_givens.is_none();
    if lines.is_empty() || !fits {
        return Ok(None);
    }
    let mut rng = Rng::new(seed);
    let symmetry = options.symmetry;
    let closure = |p: &Grid| {
        let mut q = p.clone();
        for c in (0..81).filter(|&c| p.cells()[c] != 0) {
            for o in symmetry.orbit(c, 9) {
                q.set_cell(o, 1);
            }
        }
        q.givens()
    };
    let mut last = None;
    for _ in 0..ROUNDS {
        let line = lines[rng.below(lines.len())];
        let Ok(puzzle) = parse_grid(line, &ParseOptions::default()) else {
            continue;
        };
        // A bank puzzle with the half turn (the generator's) moved keeping it; another the
        // image whose givens need the fewest images added to have the options' symmetry, of
        // a few random ones (any image for no symmetry).
        let keeps = symmetry == Symmetry::Rotational && has_symmetry(&puzzle, symmetry);
        let mut puzzle = moved(&puzzle, &mut rng, keeps);
        if symmetry != Symmetry::None && !keeps {
            for _ in 0..IMAGES {
                let other = moved(&puzzle, &mut rng, false);
                if closure(&other) < closure(&puzzle) {
                    puzzle = other;
                }
            }
        }
        let Ok(Some(solution)) = ops::solve(&puzzle) else {
            continue;
        };
        // The givens closed under the options' symmetry (their images added), so that the
        // thinning out, which removes a given with its images, keeps the pattern.
        let mut base = puzzle.clone();
        for c in (0..81).filter(|&c| puzzle.cells()[c] != 0) {
            for o in symmetry.orbit(c, 9) {
                base.set_cell(o, solution.cells()[o]);
            }
        }
        for _ in 0..DRAWS {
            if stop() {
                return Ok(None);
            }
            let mut more = base.clone();
            let mut open: Vec<usize> = (0..81).filter(|&c| base.cells()[c] == 0).collect();
            rng.shuffle(&mut open);
            for &c in open.iter().take(1 + rng.below(MAX_ADDED)) {
                for o in symmetry.orbit(c, 9) {
                    more.set_cell(o, solution.cells()[o]);
                }
            }
            // As the generator's removal: easier puzzles stand until one needs the technique,
            // and from then on only those that need it.
            let mut needed = false;
            let thin = thin_out(options, &more, &solution, rng.next_u64(), |p| {
                if stop() {
                    return false;
                }
                match within(p, t) {
                    Within::Needs => {
                        needed = true;
                        true
                    }
                    Within::Easier => !needed,
                    _ => false,
                }
            })?;
            if within(&thin, t) == Within::Needs {
                return Ok(Some((thin, solution)));
            }
        }
        if has_symmetry(&puzzle, symmetry) {
            last = Some((puzzle, solution));
        }
    }
    // The last image of a bank puzzle that has the options' symmetry, itself.
    Ok(last)
}

/// Whether the givens of `puzzle` (9x9) are closed under `symmetry`.
fn has_symmetry(puzzle: &Grid, symmetry: Symmetry) -> bool {
    (0..81).all(|c| {
        symmetry
            .orbit(c, 9)
            .iter()
            .all(|&o| (puzzle.cells()[o] == 0) == (puzzle.cells()[c] == 0))
    })
}

/// `puzzle` (9x9) moved by a random symmetry of the grid: rows within bands, bands, columns
/// within stacks, stacks, a transposition, the digits relabelled. With `half_turn`, only
/// those that keep a puzzle symmetric under the half turn so: line `8 - i` goes where line
/// `i`'s image goes (the first and last bands kept or swapped, the rows of the first
/// shuffled and the last's following them, the middle band's outer rows kept or swapped).
fn moved(puzzle: &Grid, rng: &mut Rng, half_turn: bool) -> Grid {
    let lines = |rng: &mut Rng| {
        if half_turn {
            let band = 2 * rng.below(2);
            let mut within = [0, 1, 2];
            rng.shuffle(&mut within);
            let mut map = vec![4; 9];
            for (k, w) in within.iter().enumerate() {
                map[k] = band * 3 + w;
                map[8 - k] = 8 - map[k];
            }
            let swap = rng.below(2) == 1;
            (map[3], map[5]) = if swap { (5, 3) } else { (3, 5) };
            return map;
        }
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut map = Vec::with_capacity(9);
        for b in bands {
            let mut within = [0, 1, 2];
            rng.shuffle(&mut within);
            map.extend(within.iter().map(|r| b * 3 + r));
        }
        map
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let transpose = rng.below(2) == 1;
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut out = puzzle.clone();
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (rows[c], cols[r])
            } else {
                (rows[r], cols[c])
            };
            let d = puzzle.cells()[sr * 9 + sc];
            out.set_cell(r * 9 + c, if d == 0 { 0 } else { digits[d as usize - 1] });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::sudoku::Shape;

    /// Every bank puzzle is unique and needs its technique (the ladder up to it solves it,
    /// its hardest step the technique); a moved one too, with the same number of givens,
    /// but for the moves listed here; [`start`] makes puzzles that need it with and without
    /// a symmetry, and none for a number of givens or a technique without a bank.
    ///
    /// SE's order breaks ties by where it meets the cells (unique rectangles and loops from
    /// round 26 on), so a moved copy may take another step first and need a harder one;
    /// [`start`] rates what it makes and tries again then. The moves that do so are named.
    #[test]
    fn the_bank_puzzles_need_their_technique() {
        let mut beyond = Vec::new();
        assert!(bank(Strategy::XWing).1.is_empty());
        let options = GenerateOptions::new(Shape::new(3, 3).unwrap());
        for turn in [Turn::First, Turn::Last] {
            assert!(start(Strategy::XWing, turn, &options, 7, &|| false)
                .unwrap()
                .is_none());
        }
        // Every bank has puzzles symmetric under the half turn (the generator's; the third
        // of aligned pair exclusion's), which `start` moves keeping it: it makes a puzzle
        // for every seed under the half turn, as without a symmetry.
        for (t, size, symmetric) in [
            (Strategy::AlignedPairExclusion, 3, 1),
            (Strategy::HiddenQuad, 3, 2),
            (Strategy::BugType3, 16, 13),
            (Strategy::UniqueLoopType3, 2, 2),
            (Strategy::UniqueLoopType4, 30, 28),
            (Strategy::NakedQuad, 41, 41),
            (Strategy::Jellyfish, 41, 41),
            (Strategy::FourStrongLinks, 95, 95),
            (Strategy::XChain, 24, 24),
            (Strategy::SimpleColouring, 24, 24),
            (Strategy::MultiColouring, 24, 24),
        ] {
            let (turn, lines) = bank(t);
            assert_eq!(lines.len(), size);
            // The other turn never uses it.
            let other = match turn {
                Turn::First => Turn::Last,
                Turn::Last => Turn::First,
            };
            assert!(start(t, other, &options, 7, &|| false).unwrap().is_none());
            let mut n = 0;
            for (i, line) in lines.into_iter().enumerate() {
                let p = parse_grid(line, &ParseOptions::default()).unwrap();
                assert_eq!(
                    ops::count_solutions(&p, 2).unwrap(),
                    ops::SolutionCount::Exact(1),
                    "{t:?} line {i}"
                );
                assert_eq!(within(&p, t), Within::Needs, "{t:?} line {i}");
                let half_turn = has_symmetry(&p, Symmetry::Rotational);
                let m = moved(&p, &mut Rng::new(i as u64), half_turn);
                assert_eq!(m.givens(), p.givens());
                let needs = within(&m, t);
                if needs != Within::Needs {
                    beyond.push((t, i, needs));
                }
                if half_turn {
                    n += 1;
                    assert!(has_symmetry(&m, Symmetry::Rotational), "{t:?} line {i}");
                }
            }
            assert_eq!(n, symmetric, "{t:?}");
            for symmetry in [Symmetry::None, Symmetry::Rotational] {
                let options = options.clone().symmetry(symmetry);
                let made =
                    (0..6u64).filter_map(|seed| start(t, turn, &options, seed, &|| false).unwrap());
                let mut n = 0;
                for (p, s) in made {
                    n += 1;
                    assert!(p.is_filled_by(&s) && s.is_solved());
                    assert_eq!(within(&p, t), Within::Needs);
                    assert!(has_symmetry(&p, symmetry));
                }
                eprintln!("{t:?} {symmetry:?}: {n} of 6");
                assert_eq!(n, 6, "{t:?} {symmetry:?}");
            }
            let sized = options.clone().target_givens(30);
            assert!(start(t, turn, &sized, 7, &|| false).unwrap().is_none());
        }
        assert_eq!(beyond, [(Strategy::BugType3, 9, Within::Beyond)]);
    }
}
