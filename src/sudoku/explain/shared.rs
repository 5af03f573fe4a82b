//! Searches that several rungs of the ladder read: the explainer runs each once a step, at
//! the first rung that needs it, instead of once a rung.
//!
//! The four unique loop types find the same loops and differ in what they read from them
//! ([`loops::unique_loops`]); the three strong-link rungs search the same links
//! ([`strong_links::Graph`]); ALS-XZ, the ALS-XY-wing and the death blossom read the same
//! almost locked sets ([`als::almost_locked_sets`]).

use super::als::{self, Als};
use super::board::Board;
use super::loops;
use super::step::{Step, Strategy};
use super::strong_links;
use super::{alsxywing, alsxz, deathblossom};

/// A rung reading the board's almost locked sets.
type AlsFinder = fn(&Board, &[Als]) -> Option<Step>;

/// One step's shared searches, each run when a rung first reads it.
#[derive(Default)]
pub(super) struct Shared {
    loops: Option<[Option<Step>; 4]>,
    /// The strong links the three strong-link rungs search (branch `chains8`).
    strong: Option<strong_links::Graph>,
    als: Option<Vec<Als>>,
}

impl Shared {
    /// The step `strategy` finds on `board` if a shared search answers for it, `None` for
    /// a strategy with a finder of its own. The board must be the same for every call.
    pub(super) fn find(&mut self, strategy: Strategy, board: &Board) -> Option<Option<Step>> {
        let links = match strategy {
            Strategy::ThreeStrongLinks => Some(3),
            Strategy::FourStrongLinks => Some(4),
            Strategy::FiveStrongLinks => Some(5),
            _ => None,
        };
        if let Some(count) = links {
            let graph = self
                .strong
                .get_or_insert_with(|| strong_links::Graph::new(board));
            return Some(strong_links::search(board, graph, count));
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
