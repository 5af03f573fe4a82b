//! Searches that several rungs of the ladder read: the explainer runs each once a step, at
//! the first rung that needs it, instead of once a rung.
//!
//! The four unique loop types find the same loops and differ in what they read from them
//! ([`loops::unique_loops`]); the two strong-link rungs search the same links
//! ([`strong_links::Graph`]); ALS-XZ, the ALS-XY-wing and the death blossom read the same
//! almost locked sets ([`als::almost_locked_sets`]).
//!
//! The one-digit rungs (fish, skyscraper and its kin, empty rectangle, finned X-wing,
//! grouped turbot fish, the strong-link rungs, X-chain) also remember, from step to step,
//! where they found nothing ([`Memo`]): their search for a digit reads that digit's places
//! alone, so on a digit whose places have not changed since, they would find nothing again
//! and skip it. Steps found are the same as without the memo.

use super::als::{self, Als};
use super::board::Board;
use super::loops;
use super::step::{Step, Strategy};
use super::strong_links;
use super::{alsxywing, alsxz, deathblossom};
use super::{chains, finned, fish, grouped, turbot};
use crate::sudoku::candidates::Digits;

/// A rung searching each digit on that digit's places alone: the first (or best) step on
/// the given digits.
type DigitFinder = fn(&Board, Digits) -> Option<Step>;

/// The one-digit rungs but the strong-link ones (which share a graph), with their finders.
const ONE_DIGIT: [(Strategy, DigitFinder); 8] = [
    (Strategy::Swordfish, |b, d| fish::fish_in(b, 3, d)),
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

/// A digit's places on a board: its place mask in each unit, in layout order.
type Places = Vec<u128>;

/// Where the one-digit rungs last found nothing, kept by the explainer from step to step.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    /// For each one-digit rung (by its place in [`ONE_DIGIT`], then [`STRONG_LINKS`]),
    /// each digit's places (at `digit - 1`) when the rung last searched it and found
    /// nothing, on any digit.
    empty: Vec<Vec<Option<Places>>>,
}

impl Memo {
    /// The digits of `board` (whose digits' places are `places`) that rung `rung` has to
    /// search: those whose places changed since it last found nothing.
    fn to_search(&self, rung: usize, places: &[Places]) -> Digits {
        let seen = self.empty.get(rung);
        (1..=places.len() as u8)
            .filter(|&d| {
                seen.and_then(|s| s.get(d as usize - 1))
                    .and_then(Option::as_ref)
                    != Some(&places[d as usize - 1])
            })
            .collect()
    }

    /// Records that rung `rung` found nothing on a board whose digits' places are
    /// `places`.
    fn found_nothing(&mut self, rung: usize, places: &[Places]) {
        if self.empty.len() <= rung {
            self.empty.resize(rung + 1, Vec::new());
        }
        self.empty[rung] = places.iter().cloned().map(Some).collect();
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
    /// Each digit's places on the board (at `digit - 1`), for the [`Memo`].
    places: Option<Vec<Places>>,
}

/// Each digit's places on `board` (at `digit - 1`).
fn places(board: &Board) -> Vec<Places> {
    let units = board.layout().units().len();
    (1..=board.size() as u8)
        .map(|d| (0..units).map(|u| board.place_mask(u, d)).collect())
        .collect()
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
            let places = self.places.get_or_insert_with(|| places(board));
            let found = ONE_DIGIT[rung].1(board, memo.to_search(rung, places));
            if found.is_none() {
                memo.found_nothing(rung, places);
            }
            return Some(found);
        }
        if let Some(k) = STRONG_LINKS.iter().position(|&(s, _)| s == strategy) {
            let rung = ONE_DIGIT.len() + k;
            let places = self.places.get_or_insert_with(|| places(board));
            let graph = self
                .strong
                .get_or_insert_with(|| strong_links::Graph::new(board));
            let digits = memo.to_search(rung, places);
            let found = strong_links::search(board, graph, STRONG_LINKS[k].1, digits);
            if found.is_none() {
                memo.found_nothing(rung, places);
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
