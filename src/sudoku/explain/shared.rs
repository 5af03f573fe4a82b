//! Searches that several rungs of the ladder read: the explainer runs each once a step, at
//! the first rung that needs it, instead of once a rung.
//!
//! The four unique loop types find the same loops and differ in what they read from them
//! ([`loops::unique_loops`]); the two strong-link rungs search the same links
//! ([`strong_links::Graph`]); ALS-XZ, the ALS-XY-wing and the death blossom read the same
//! almost locked sets ([`als::almost_locked_sets`]).
//!
//! The rungs that read one digit's places at a time (direct pointing and claiming, fish,
//! skyscraper and its kin, empty rectangle, finned X-wing, grouped turbot fish, the
//! strong-link rungs, X-chain) and those that read one unit at a time (direct hidden pair
//! and triple, naked and hidden subsets) also remember, from step to step, the board's
//! places where they last found nothing ([`Memo`]). On a digit whose places have not
//! changed since, a one-digit rung would find nothing again, and it skips it; on a unit
//! whose places have not changed, a one-unit rung skips it too: its search reads the
//! unit's cells alone, but for a naked subset's eliminations in the other units holding
//! it, and candidates only go, so those are fewer still. Steps found are the same as
//! without the memo.

use super::als::{self, Als};
use super::board::Board;
use super::loops;
use super::step::{Step, Strategy};
use super::strong_links;
use super::{alsxywing, alsxz, deathblossom};
use super::{chains, direct, finned, fish, grouped, subsets, turbot};
use crate::sudoku::candidates::Digits;

/// A rung searching each digit on that digit's places alone: the first (or best) step on
/// the given digits.
type DigitFinder = fn(&Board, Digits) -> Option<Step>;

/// A rung searching each unit on its cells alone: the first step in the units marked
/// `true` (at their index in the layout).
type UnitFinder = fn(&Board, &[bool]) -> Option<Step>;

/// The one-digit rungs but the strong-link ones (which share a graph), with their finders.
const ONE_DIGIT: [(Strategy, DigitFinder); 12] = [
    (Strategy::DirectPointing, direct::pointing_in),
    (Strategy::DirectClaiming, direct::claiming_in),
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
    (Strategy::GroupedTurbotFish, grouped::grouped_turbot_fish_in),
    (Strategy::XChain, chains::x_chain_in),
];

/// The strong-link rungs, by number of links.
const STRONG_LINKS: [(Strategy, usize); 2] = [
    (Strategy::ThreeStrongLinks, 3),
    (Strategy::FourStrongLinks, 4),
];

/// The one-unit rungs, with their finders.
const ONE_UNIT: [(Strategy, UnitFinder); 8] = [
    (Strategy::DirectHiddenPair, |b, u| {
        direct::hidden_in(b, 2, |k| u[k])
    }),
    (Strategy::DirectHiddenTriple, |b, u| {
        direct::hidden_in(b, 3, |k| u[k])
    }),
    (Strategy::NakedPair, |b, u| {
        subsets::naked_in(b, 2, |k| u[k])
    }),
    (Strategy::HiddenPair, |b, u| {
        subsets::hidden_in(b, 2, |k| u[k])
    }),
    (Strategy::NakedTriple, |b, u| {
        subsets::naked_in(b, 3, |k| u[k])
    }),
    (Strategy::HiddenTriple, |b, u| {
        subsets::hidden_in(b, 3, |k| u[k])
    }),
    (Strategy::NakedQuad, |b, u| {
        subsets::naked_in(b, 4, |k| u[k])
    }),
    (Strategy::HiddenQuad, |b, u| {
        subsets::hidden_in(b, 4, |k| u[k])
    }),
];

/// Where the memo's rungs last found nothing, kept by the explainer from step to step.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    /// For each rung (by its place in [`ONE_DIGIT`], then [`STRONG_LINKS`], then
    /// [`ONE_UNIT`]), the board's place masks ([`Board::all_masks`]) when it last found
    /// nothing, if it has.
    empty: Vec<Option<Vec<u128>>>,
    /// The units a one-unit rung searches, at their index in the layout (room kept).
    units: Vec<bool>,
}

impl Memo {
    /// The board's place masks when rung `rung` last found nothing, if it has.
    fn seen(&self, rung: usize) -> Option<&[u128]> {
        self.empty.get(rung)?.as_deref()
    }

    /// The digits of `board` that rung `rung` has to search: those whose places changed
    /// since it last found nothing (all of them if it has not).
    fn digits_to_search(&self, rung: usize, board: &Board) -> Digits {
        let n = board.size();
        let Some(seen) = self.seen(rung) else {
            return Digits::all(n);
        };
        let mut changed = 0u128;
        for (now, then) in board.all_masks().chunks(n).zip(seen.chunks(n)) {
            for (d, (a, b)) in now.iter().zip(then).enumerate() {
                changed |= u128::from(a != b) << d;
            }
        }
        Digits::from_bits(changed)
    }

    /// The units of `board` that rung `rung` has to search, `true` at their index: those
    /// whose places changed since it last found nothing (all of them if it has not).
    fn units_to_search(&mut self, rung: usize, board: &Board) -> &[bool] {
        let n = board.size();
        let masks = board.all_masks();
        self.units.clear();
        match self.empty.get(rung).and_then(Option::as_deref) {
            Some(seen) => self.units.extend(
                masks
                    .chunks(n)
                    .zip(seen.chunks(n))
                    .map(|(now, then)| now != then),
            ),
            None => self.units.resize(masks.len() / n, true),
        }
        &self.units
    }

    /// Records that rung `rung` found nothing on `board`.
    fn found_nothing(&mut self, rung: usize, board: &Board) {
        if self.empty.len() <= rung {
            self.empty.resize(rung + 1, None);
        }
        let masks = board.all_masks();
        match &mut self.empty[rung] {
            Some(seen) => seen.clone_from_slice(masks),
            empty => *empty = Some(masks.to_vec()),
        }
    }
}

/// A rung reading the board's almost locked sets.
type AlsFinder = fn(&Board, &[Als]) -> Option<Step>;

/// One step's shared searches, each run when a rung first reads it.
#[derive(Default)]
pub(super) struct Shared {
    loops: Option<[Option<Step>; 4]>,
    /// The strong links the two strong-link rungs search (branch `chains8`).
    strong: Option<strong_links::Graph>,
    als: Option<Vec<Als>>,
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
            let found = ONE_DIGIT[rung].1(board, memo.digits_to_search(rung, board));
            if found.is_none() {
                memo.found_nothing(rung, board);
            }
            return Some(found);
        }
        if let Some(k) = STRONG_LINKS.iter().position(|&(s, _)| s == strategy) {
            let rung = ONE_DIGIT.len() + k;
            let graph = self
                .strong
                .get_or_insert_with(|| strong_links::Graph::new(board));
            let digits = memo.digits_to_search(rung, board);
            let found = strong_links::search(board, graph, STRONG_LINKS[k].1, digits);
            if found.is_none() {
                memo.found_nothing(rung, board);
            }
            return Some(found);
        }
        if let Some(k) = ONE_UNIT.iter().position(|&(s, _)| s == strategy) {
            let rung = ONE_DIGIT.len() + STRONG_LINKS.len() + k;
            let found = ONE_UNIT[k].1(board, memo.units_to_search(rung, board));
            if found.is_none() {
                memo.found_nothing(rung, board);
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
        let k = match strategy {
            Strategy::UniqueLoop => 0,
            Strategy::UniqueLoopType2 => 1,
            Strategy::UniqueLoopType3 => 2,
            Strategy::UniqueLoopType4 => 3,
            _ => return None,
        };
        let loops = self.loops.get_or_insert_with(|| loops::unique_loops(board));
        Some(loops[k].take())
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
            .chain(ONE_UNIT.iter().map(|&(s, _)| s))
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
                for &(strategy, finder) in ladder() {
                    if !memo_rungs.contains(&strategy) {
                        continue;
                    }
                    let full = finder(&board);
                    let with_memo = Shared::default().find(strategy, &board, &mut memo);
                    assert_eq!(with_memo, Some(full.clone()), "{strategy:?} on {line}");
                    found += usize::from(full.is_some());
                }
                let n = board.size();
                skipped += (0..ONE_DIGIT.len())
                    .filter(|&r| memo.digits_to_search(r, &board) != Digits::all(n))
                    .count();
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
