//! Searches that several rungs of the ladder read: the explainer runs each once a step, at
//! the first rung that needs it, instead of once a rung.
//!
//! The eight unique rectangle and loop rungs read one search ([`loops::Patterns`]); the
//! grouped turbot fish and the two strong-link rungs read the same strong links
//! ([`grouped::Links`]), and the strong-link rungs search the same graph of them
//! ([`strong_links::Graph`]); ALS-XZ, the ALS-XY-wing and the death blossom read the same
//! almost locked sets ([`als::almost_locked_sets`]).
//!
//! The rungs that read one digit's places at a time (direct pointing and claiming, pointing
//! and box-line reduction, fish, skyscraper and its kin, empty rectangle, finned X-wing,
//! grouped turbot fish, the strong-link rungs, X-chain) and those that read one unit at a time (direct hidden pair
//! and triple, naked and hidden subsets) also remember, from step to step, the board's
//! places where they last found nothing ([`Memo`]). On a digit whose places have not
//! changed since, a one-digit rung would find nothing again, and it skips it; on a unit
//! whose places have not changed, a one-unit rung skips it too: its search reads the
//! unit's cells alone, but for a naked subset's eliminations in the other units holding
//! it, and candidates only go, so those are fewer still. Steps found are the same as
//! without the memo. Aligned pair and triple exclusion remember the candidates of the
//! board they last found nothing on, and pass by the exclusions whose cells and common
//! peers kept theirs ([`aligned::aligned_exclusion_since`]).

use super::als::{self, Als};
use super::board::Board;
use super::loops;
use super::step::{Step, Strategy};
use super::strong_links;
use super::{aligned, alsxywing, alsxz, deathblossom};
use super::{chains, direct, finned, fish, grouped, intersections, subsets, turbot};
use crate::sudoku::candidates::Digits;

/// A rung searching each digit on that digit's places alone: the first (or best) step on
/// the given digits.
type DigitFinder = fn(&Board, Digits) -> Option<Step>;

/// The one-digit rungs but the strong-link ones (which share a graph), with their finders.
const ONE_DIGIT: [(Strategy, DigitFinder); 13] = [
    (Strategy::DirectPointing, direct::pointing_in),
    (Strategy::DirectClaiming, direct::claiming_in),
    (Strategy::Pointing, intersections::pointing_in),
    (Strategy::BoxLineReduction, intersections::box_line_in),
    (Strategy::XWing, |b, d| fish::fish_in(b, 2, d)),
    (Strategy::Swordfish, |b, d| fish::fish_in(b, 3, d)),
    (Strategy::Jellyfish, |b, d| fish::fish_in(b, 4, d)),
    (Strategy::Skyscraper, |b, d| {
        turbot::two_links_in(b, Strategy::Skyscraper, d)
    }),
    (Strategy::TwoStringKite, |b, d| {
        turbot::two_links_in(b, Strategy::TwoStringKite, d)
    }),
    (Strategy::TurbotFish, |b, d| {
        turbot::two_links_in(b, Strategy::TurbotFish, d)
    }),
    (Strategy::EmptyRectangle, turbot::empty_rectangle_in),
    (Strategy::FinnedXWing, finned::finned_x_wing_in),
    (Strategy::XChain, chains::x_chain_in),
];

/// The rungs reading the step's strong links ([`grouped::Links`]): the grouped turbot fish
/// (0 links) and the strong-link rungs, by number of links.
const STRONG_LINKS: [(Strategy, usize); 3] = [
    (Strategy::GroupedTurbotFish, 0),
    (Strategy::ThreeStrongLinks, 3),
    (Strategy::FourStrongLinks, 4),
];

/// The kinds of one-unit rungs: SE's direct hidden subsets, naked and hidden subsets.
#[derive(Clone, Copy)]
enum Subset {
    DirectHidden,
    Naked,
    Hidden,
}

/// The one-unit rungs: each a kind of subset and its size.
const ONE_UNIT: [(Strategy, Subset, usize); 8] = [
    (Strategy::DirectHiddenPair, Subset::DirectHidden, 2),
    (Strategy::DirectHiddenTriple, Subset::DirectHidden, 3),
    (Strategy::NakedPair, Subset::Naked, 2),
    (Strategy::HiddenPair, Subset::Hidden, 2),
    (Strategy::NakedTriple, Subset::Naked, 3),
    (Strategy::HiddenTriple, Subset::Hidden, 3),
    (Strategy::NakedQuad, Subset::Naked, 4),
    (Strategy::HiddenQuad, Subset::Hidden, 4),
];

/// The first subset of a kind and size `k` in the units marked `true` (at their index in
/// the layout): each unit's search reads that unit's cells alone.
fn subset_in(board: &Board, kind: Subset, k: usize, units: &[bool]) -> Option<Step> {
    let search = |u: usize| units[u];
    match kind {
        Subset::DirectHidden => direct::hidden_in(board, k, search),
        Subset::Naked => subsets::naked_in(board, k, search),
        Subset::Hidden => subsets::hidden_in(board, k, search),
    }
}

/// The number of cells of an aligned exclusion rung.
fn aligned_cells(strategy: Strategy) -> Option<usize> {
    match strategy {
        Strategy::AlignedPairExclusion => Some(2),
        Strategy::AlignedTripleExclusion => Some(3),
        _ => None,
    }
}

/// Where the memo's rungs last found nothing, kept by the explainer from step to step.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    /// Place masks ([`Board::all_masks`]) of boards some rung last found nothing on: the
    /// rungs that fail on a step's board share its copy.
    boards: Vec<Vec<u128>>,
    /// For each rung (by its place in [`ONE_DIGIT`], then [`STRONG_LINKS`], then
    /// [`ONE_UNIT`]), the board (in `boards`) it last found nothing on, if it has.
    empty: Vec<Option<usize>>,
    /// The candidates (bits, by cell) of the board where aligned pair (then triple)
    /// exclusion last found nothing, if it did ([`aligned::aligned_exclusion_since`]).
    aligned: [Option<Vec<u128>>; 2],
}

/// What changed on a board since one of the memo's boards: the digits and the units
/// (`true` at their index in the layout) with a place mask of another value.
struct Changes {
    digits: Digits,
    units: Vec<bool>,
}

impl Changes {
    /// The changes from the place masks `then` to `now` (of `n` digits a unit).
    fn between(now: &[u128], then: &[u128], n: usize) -> Changes {
        let mut digits = 0u128;
        let units = now
            .chunks_exact(n)
            .zip(then.chunks_exact(n))
            .map(|(now, then)| {
                // Most units of a step's board are as they were: compared whole first.
                if now == then {
                    return false;
                }
                for (d, (a, b)) in now.iter().zip(then).enumerate() {
                    if a != b {
                        digits |= 1 << d;
                    }
                }
                true
            })
            .collect();
        Changes {
            digits: Digits::from_bits(digits),
            units,
        }
    }
}

/// A rung reading the board's almost locked sets.
type AlsFinder = fn(&Board, &[Als]) -> Option<Step>;

/// One step's shared searches, each run when a rung first reads it.
#[derive(Default)]
pub(super) struct Shared {
    /// The unique rectangles and loops the eight uniqueness rungs read.
    patterns: Option<loops::Patterns>,
    /// The strong links the grouped turbot fish and the strong-link rungs read.
    links: Option<grouped::Links>,
    /// The strong links the two strong-link rungs search (branch `chains8`).
    strong: Option<strong_links::Graph>,
    als: Option<Vec<Als>>,
    /// The board's place in the memo's `boards`, once a rung found nothing on it.
    board: Option<usize>,
    /// The changes since each of the memo's boards (at its place there), once read.
    changes: Vec<Option<Changes>>,
}

impl Shared {
    /// The step `strategy` finds on `board` if a shared search answers for it, `None` for
    /// a strategy with a finder of its own. The board must be the same for every call;
    /// `memo` is the explainer's, kept from step to step.
    pub(super) fn find(
        &mut self,
        strategy: Strategy,
        board: &Board,
        memo: &mut Memo,
    ) -> Option<Option<Step>> {
        if let Some(rung) = ONE_DIGIT.iter().position(|&(s, _)| s == strategy) {
            let digits = self.digits_to_search(memo, rung, board);
            let found = ONE_DIGIT[rung].1(board, digits);
            if found.is_none() {
                self.found_nothing(memo, rung, board);
            }
            return Some(found);
        }
        if let Some(k) = STRONG_LINKS.iter().position(|&(s, _)| s == strategy) {
            let rung = ONE_DIGIT.len() + k;
            let digits = self.digits_to_search(memo, rung, board);
            let links = self.links.get_or_insert_with(|| grouped::Links::new(board));
            let found = match STRONG_LINKS[k].1 {
                0 => grouped::grouped_turbot_fish_on(board, digits, links),
                count => {
                    let graph = self
                        .strong
                        .get_or_insert_with(|| strong_links::Graph::new(board));
                    strong_links::search(board, graph, links, count, digits)
                }
            };
            if found.is_none() {
                self.found_nothing(memo, rung, board);
            }
            return Some(found);
        }
        if let Some(r) = ONE_UNIT.iter().position(|&(s, _, _)| s == strategy) {
            let rung = ONE_DIGIT.len() + STRONG_LINKS.len() + r;
            let (_, kind, k) = ONE_UNIT[r];
            let found = match self.changes(memo, rung, board) {
                Some(changes) => subset_in(board, kind, k, &changes.units),
                None => subset_in(board, kind, k, &vec![true; board.layout().units().len()]),
            };
            if found.is_none() {
                self.found_nothing(memo, rung, board);
            }
            return Some(found);
        }
        if let Some(k) = aligned_cells(strategy) {
            let then = &mut memo.aligned[k - 2];
            let found = aligned::aligned_exclusion_since(board, k, then.as_deref());
            match found {
                Some(_) => *then = None,
                None => {
                    let cells = (0..board.layout().cells()).map(|c| board.candidates(c).bits());
                    let then = then.get_or_insert_with(Vec::new);
                    then.clear();
                    then.extend(cells);
                }
            }
            return Some(found);
        }
        let als_finder: Option<AlsFinder> = match strategy {
            Strategy::AlsXz => Some(alsxz::als_xz),
            Strategy::AlsXyWing => Some(alsxywing::als_xy_wing),
            Strategy::DeathBlossom => Some(deathblossom::death_blossom),
            _ => None,
        };
        if let Some(finder) = als_finder {
            let sets = self
                .als
                .get_or_insert_with(|| als::almost_locked_sets(board));
            return Some(finder(board, sets));
        }
        None
    }

    /// The step of the unique rectangle or loop rung `strategy` on `board`: Sudoku
    /// Explainer's first hint of its one rule ([`loops::Patterns`]) among the rungs `tried`
    /// allows, if it is this rung's.
    pub(super) fn unique(
        &mut self,
        strategy: Strategy,
        board: &Board,
        tried: impl Fn(Strategy) -> bool,
    ) -> Option<Step> {
        self.patterns
            .get_or_insert_with(|| loops::Patterns::of(board))
            .step(strategy, tried)
    }
}

impl Shared {
    /// The changes on `board` since the memo's rung `rung` last found nothing, if it has:
    /// worked out once a step for each of the memo's boards.
    fn changes(&mut self, memo: &Memo, rung: usize, board: &Board) -> Option<&Changes> {
        let seen = memo.empty.get(rung).copied().flatten()?;
        if self.changes.len() <= seen {
            self.changes.resize_with(seen + 1, || None);
        }
        let then = &memo.boards[seen];
        Some(
            self.changes[seen]
                .get_or_insert_with(|| Changes::between(board.all_masks(), then, board.size())),
        )
    }

    /// The digits of `board` that the memo's rung `rung` has to search: those whose places
    /// changed since it last found nothing (all of them if it has not).
    fn digits_to_search(&mut self, memo: &Memo, rung: usize, board: &Board) -> Digits {
        self.changes(memo, rung, board)
            .map_or_else(|| Digits::all(board.size()), |c| c.digits)
    }

    /// Records in `memo` that rung `rung` found nothing on `board` (the step's board): the
    /// board's masks are copied once a step, in a place no rung reads any more.
    fn found_nothing(&mut self, memo: &mut Memo, rung: usize, board: &Board) {
        if memo.empty.len() <= rung {
            memo.empty.resize(rung + 1, None);
        }
        let at = match self.board {
            Some(at) => at,
            None => {
                let free = (0..memo.boards.len()).find(|&b| !memo.empty.contains(&Some(b)));
                let masks = board.all_masks();
                let at = match free {
                    Some(at) => {
                        memo.boards[at].clone_from_slice(masks);
                        at
                    }
                    None => {
                        memo.boards.push(masks.to_vec());
                        memo.boards.len() - 1
                    }
                };
                // Changes since that place's last board are no longer its.
                if let Some(c) = self.changes.get_mut(at) {
                    *c = None;
                }
                self.board = Some(at);
                at
            }
        };
        memo.empty[rung] = Some(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::explain::{ladder, Explainer};
    use crate::sudoku::grid::Grid;
    use crate::sudoku::ops;

    /// Along explanations of Norvig's hardest puzzles (every board a step leaves, so
    /// candidates only go), each rung the memo serves finds, with the memo, the step its
    /// full search finds on the board, and the memo does skip digits and units.
    #[test]
    fn the_memo_finds_what_the_full_searches_find() {
        let text = include_str!("../../../data/sudoku/norvig_top95.txt");
        let memo_rungs: Vec<Strategy> = ONE_DIGIT
            .iter()
            .map(|&(s, _)| s)
            .chain(STRONG_LINKS.iter().map(|&(s, _)| s))
            .chain(ONE_UNIT.iter().map(|&(s, _, _)| s))
            .collect();
        let (mut found, mut skipped) = (0, 0);
        for line in text.lines().step_by(3) {
            let grid: Grid = line.parse().unwrap();
            let solution = ops::solve(&grid).unwrap().unwrap();
            let mut explainer = Explainer::new(&grid)
                .unwrap()
                .assume_unique(true)
                .up_to(Strategy::XyChain)
                .guessing(solution)
                .unwrap();
            let mut memo = Memo::default();
            loop {
                let board = explainer.board().clone();
                let n = board.size();
                let mut shared = Shared::default();
                skipped += (0..ONE_DIGIT.len())
                    .filter(|&r| shared.digits_to_search(&memo, r, &board) != Digits::all(n))
                    .count();
                for &(strategy, finder) in ladder() {
                    if !memo_rungs.contains(&strategy) {
                        continue;
                    }
                    let full = finder(&board);
                    let with_memo = shared.find(strategy, &board, &mut memo);
                    assert_eq!(with_memo, Some(full.clone()), "{strategy:?} on {line}");
                    found += usize::from(full.is_some());
                }
                if explainer.next().is_none() {
                    break;
                }
            }
        }
        assert!(
            found > 100 && skipped > 1000,
            "{found} found, {skipped} skipped"
        );
    }
}
