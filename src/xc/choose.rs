//! The item choice: which item the search branches on.
//!
//! Knuth's rule is the uncovered primary item with the shortest list, the leftmost on ties.
//! Knuth walks the linked list of uncovered primary items; here the lengths sit in one array
//! (covered and secondary items made large by offsets, see `matrix.rs`), and the leftmost
//! minimum is found by a scan the compiler turns into vector instructions, which is much
//! faster when there are hundreds of items (BENCHMARKS.md, "Item choice").
//!
//! His programs offer two variations, which a [`SearchOrder`] asks for:
//!
//! - a *seed* (the `s` option of DLX1, DLX2 and DLX3): every node goes to a random place in
//!   its item's list as the matrix is built, so an item's options are tried in a random
//!   order, and a tie between equally short items goes to a random one of them (each of
//!   the `p` items tied so far replaces the best with probability `1/p`). The numbers come
//!   from the Stanford GraphBase's generator (`flip.rs`), drawn at the same moments as in
//!   his programs, so a seed gives his order and his choices;
//! - the *sharp* preference (his change files `dlx2-sharp.ch` and `dlx3-sharp.ch`): an item
//!   whose name does not start with `#` is chosen only when its list has at most one option
//!   (its branching degree is at most 1, with bounds), or when no `#` item is left; among
//!   the rest Knuth's rule applies.
//!
//! Either variation takes the search off the vector scan: the items are visited one by one,
//! as in Knuth's loop (`Chooser::choose`).
//!
//! Algorithm M (item bounds) takes its seed's option order from the layout as DLX3 does,
//! but not its ties: those are drawn at each node from a generator of its own, started from
//! a key of the seed and the path to the node (the number of each move made on the way,
//! [`PathKey`]), so that a search that starts below a path another process named (a shard's
//! part) makes the choices the whole search makes there. Its seeded tree is thus not DLX3's
//! for the same seed (Algorithm X and C still draw from one stream, as DLX1 and DLX2 do:
//! their shards' paths are options, which a search below them forces whatever its order).

use super::flip::Flip;
use super::layout::CHUNK;
use super::node::{Item, COVERED};
use super::problem::{ItemKind, Problem};

/// The order in which the search branches: Knuth's rule for the item (the default), with his
/// random tie-breaking and option order (a seed), or his preference for items named `#...`.
/// Any order finds the same solutions; only the order they come in and the search tree
/// change.
///
/// ```
/// use dlxkit::xc::{Arena, SearchOrder, Problem, Solver};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let arena = Arena::new();
/// let order = SearchOrder::new().seed(7).prefer_sharp(true);
/// let mut solver = Solver::with_order(&p, &arena, order);
/// assert_eq!(solver.count().stats.solutions, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOrder {
    /// Randomise the order of each item's options and the ties between items, as Knuth's
    /// programs do with the option `s` and this seed (only its 31 low bits count).
    pub seed: Option<u64>,
    /// Prefer items whose names start with `#` (Knuth's "sharp" change files).
    pub prefer_sharp: bool,
}

impl SearchOrder {
    /// Knuth's rule, unchanged.
    ///
    /// ```
    /// assert!(dlxkit::xc::SearchOrder::new().is_plain());
    /// ```
    pub fn new() -> SearchOrder {
        SearchOrder::default()
    }

    /// With random tie-breaking and option order from `seed`.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::SearchOrder::new().seed(3).seed, Some(3));
    /// ```
    pub fn seed(mut self, seed: u64) -> SearchOrder {
        self.seed = Some(seed);
        self
    }

    /// With (or without) the preference for items named `#...`.
    ///
    /// ```
    /// assert!(dlxkit::xc::SearchOrder::new().prefer_sharp(true).prefer_sharp);
    /// ```
    pub fn prefer_sharp(mut self, prefer: bool) -> SearchOrder {
        self.prefer_sharp = prefer;
        self
    }

    /// Whether this is Knuth's rule with neither variation.
    ///
    /// ```
    /// assert!(!dlxkit::xc::SearchOrder::new().seed(1).is_plain());
    /// ```
    pub fn is_plain(&self) -> bool {
        self.seed.is_none() && !self.prefer_sharp
    }
}

/// Added to the score of an item that the sharp preference puts last: more than any list
/// length or branching degree (Knuth adds the number of nodes).
pub(super) const UNSHARP: i64 = 1 << 40;

/// Where a node of Algorithm M's seeded tree stands, as its tie-breaks see it: a hash of
/// the seed and of the number (from 1) of each move made from the root to the node, the
/// numbers a shard's path names ([`crate::xc::search::Choice::Move`]). The links and the bit
/// sets in the links' order both draw their ties from it ([`PathKey::draws`]), so that they
/// search one tree, and a part that replays a path goes on as the whole search does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PathKey(u64);

impl PathKey {
    /// The root's key for `seed` (only its 31 low bits count, as for the layout's shuffle).
    pub(crate) fn root(seed: u64) -> PathKey {
        PathKey(mix(seed & 0x7fff_ffff))
    }

    /// The key of the node below this one's move `k` (from 1).
    #[inline]
    pub(crate) fn child(self, k: u32) -> PathKey {
        PathKey(mix(
            self.0 ^ u64::from(k).wrapping_mul(0xd1b5_4a32_d192_ed03)
        ))
    }

    /// The key of the node a path of moves leads to from this one.
    pub(crate) fn below(self, moves: impl IntoIterator<Item = u32>) -> PathKey {
        moves.into_iter().fold(self, PathKey::child)
    }

    /// The node's tie-breaks: a generator of its own, from the key.
    #[inline]
    pub(crate) fn draws(self) -> Draws {
        Draws(self.0)
    }
}

/// SplitMix64's finaliser: every bit of the result depends on every bit of `z`.
#[inline]
fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The random tie-breaks of one node of Algorithm M's seeded tree (SplitMix64 from its
/// [`PathKey`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Draws(u64);

impl Draws {
    /// Whether the `tied`-th item tied with the best so far takes its place: with
    /// probability `1 / tied` (so each of the items tied is chosen with the same chance).
    #[inline]
    pub(crate) fn tie_wins(&mut self, tied: u32) -> bool {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let r = mix(self.0) >> 32;
        (r * u64::from(tied)) >> 32 == 0
    }
}

/// The item choice of a [`SearchOrder`] during a search.
#[derive(Clone, Debug)]
pub(crate) struct Chooser {
    /// The generator, as the search has left it (seeded choices only).
    pub(crate) flip: Option<Flip>,
    /// Algorithm M's seeded tree: the root's key (seeded choices only).
    pub(crate) root: Option<PathKey>,
    /// Algorithm M's seeded tree: the tie-breaks of the node being chosen at
    /// ([`Chooser::enter`]).
    draws: Draws,
    /// The generator as the layout left it: where every search starts again.
    start: Option<Flip>,
    /// For each primary item by matrix number (slot 0 unused): whether the sharp preference
    /// leaves it at the back (empty without the preference).
    pub(crate) unsharp: Box<[bool]>,
    /// The order it chooses in, for a solver that must walk the same tree.
    pub(crate) order: SearchOrder,
}

impl Chooser {
    /// The chooser of `order` for `problem`, whose layout left the generator as `flip`.
    pub(crate) fn new(problem: &Problem, order: &SearchOrder, flip: Option<Flip>) -> Chooser {
        let unsharp = if order.prefer_sharp {
            let primaries = problem
                .items()
                .filter(|&i| problem.item_kind(i) == ItemKind::Primary);
            std::iter::once(false)
                .chain(primaries.map(|i| !problem.item_name(i).starts_with('#')))
                .collect()
        } else {
            Box::default()
        };
        Chooser {
            start: flip.clone(),
            flip,
            root: order.seed.map(PathKey::root),
            draws: Draws::default(),
            unsharp,
            order: *order,
        }
    }

    /// Algorithm M: the node at `key` is chosen at next (its ties are drawn from it).
    #[inline]
    pub(crate) fn enter(&mut self, key: PathKey) {
        self.draws = key.draws();
    }

    /// Algorithm M: the key of the node a path of moves (numbered from 1) leads to from the
    /// root.
    pub(crate) fn key_below(&self, moves: impl IntoIterator<Item = u32>) -> PathKey {
        self.root.unwrap_or_default().below(moves)
    }

    /// Algorithm M: whether the `tied`-th item tied with the best so far at the node
    /// entered takes its place (seeded choices only).
    #[inline]
    pub(crate) fn tie_wins_here(&mut self, tied: u32) -> bool {
        self.root.is_some() && self.draws.tie_wins(tied)
    }

    /// Whether the choice is Knuth's plain rule (the vector scan serves it).
    pub(crate) fn is_plain(&self) -> bool {
        self.flip.is_none() && self.unsharp.is_empty()
    }

    /// Starts a search: the generator goes back to where the layout left it, so every
    /// search with one seed makes the same choices.
    pub(crate) fn restart(&mut self) {
        self.flip.clone_from(&self.start);
    }

    /// Whether a tie with the best so far, the `tied`-th, takes its place: with probability
    /// `1 / tied` when seeded (one draw, as Knuth's programs draw it), never otherwise.
    #[inline]
    pub(crate) fn tie_wins(&mut self, tied: u32) -> bool {
        self.flip.as_mut().is_some_and(|flip| flip.below(tied) == 0)
    }

    /// Knuth's choice (DLX1, DLX2 and their sharp change file) over the lengths `lens` of
    /// the matrix (slot 0 unused; primary items `1..=primaries`, covered ones offset by
    /// `COVERED`): the uncovered primary item with the smallest key, visiting them in order
    /// and stopping at a key of 0. The visit starts at item `from`, before which every
    /// primary item must be covered; returns also the first uncovered item (or `from`), where
    /// the choices of deeper levels may start.
    pub(crate) fn choose(
        &mut self,
        lens: &[i32],
        primaries: u32,
        from: u32,
    ) -> (Option<Item>, u32) {
        let mut best = None;
        let mut least = i64::MAX;
        let mut tied = 0;
        let mut live = None;
        let end = primaries as usize + 1;
        for (k, &len) in lens.iter().enumerate().take(end).skip(from.max(1) as usize) {
            if least == 0 {
                break;
            }
            if len >= COVERED {
                continue;
            }
            live.get_or_insert(k as u32);
            let mut key = i64::from(len);
            if key <= least && key > 1 && self.unsharp.get(k).copied().unwrap_or(false) {
                key += UNSHARP;
            }
            if key < least {
                (best, least, tied) = (Some(k), key, 1);
            } else if key == least {
                tied += 1;
                if self.tie_wins(tied) {
                    best = Some(k);
                }
            }
        }
        (best.map(|k| Item::new(k as u32)), live.unwrap_or(from))
    }
}

/// The index of the first smallest value (`None` for an empty slice), given that no value is
/// below `floor`.
///
/// The values are scanned in chunks of [`CHUNK`], whose minima the compiler computes with
/// vector instructions; the first chunk holding the overall minimum is then searched element
/// by element. A chunk whose minimum is `floor` ends the scan early: nothing later can be
/// smaller, and ties go to the left.
#[inline(always)]
pub(super) fn first_minimum(values: &[i32], floor: i32) -> Option<usize> {
    let mut best = i32::MAX;
    let mut best_start = 0;
    let mut chunks = values.chunks_exact(CHUNK);
    for (k, chunk) in (&mut chunks).enumerate() {
        let chunk: &[i32; CHUNK] = chunk.try_into().expect("exact chunk");
        let m = chunk.iter().copied().fold(i32::MAX, i32::min);
        if m < best {
            best = m;
            best_start = k * CHUNK;
            if m <= floor {
                break;
            }
        }
    }
    let rest = chunks.remainder();
    let rest_start = values.len() - rest.len();
    if best > floor {
        let m = rest.iter().copied().fold(i32::MAX, i32::min);
        if m < best {
            best = m;
            best_start = rest_start;
        }
    }
    // The place of the minimum, by a scan that stops at it: a branch-free bit mask of the
    // chunk measured slower where the predictor knows the place (BENCHMARKS.md, "Item
    // choice").
    let k = values[best_start..].iter().position(|&l| l == best)?;
    Some(best_start + k)
}

#[cfg(test)]
mod tests {
    use super::first_minimum;
    use quickcheck::quickcheck;

    quickcheck! {
        fn first_minimum_is_the_leftmost_smallest(values: Vec<u16>, zeros: bool) -> bool {
            // The floor is 0 when zeros may occur, 1 when they cannot.
            // Non-negative values, as list lengths are; sometimes with no zero at all.
            let values: Vec<i32> = values
                .iter()
                .map(|&v| i32::from(if zeros { v % 5 } else { v % 5 + 1 }))
                .collect();
            let expected = values
                .iter()
                .enumerate()
                .min_by_key(|&(k, &v)| (v, k))
                .map(|(k, _)| k);
            first_minimum(&values, i32::from(!zeros)) == expected
        }
    }

    #[test]
    fn first_minimum_finds_the_leftmost_tie_in_every_position() {
        for len in 1..70 {
            for at in 0..len {
                let mut values = vec![9; len];
                values[at] = 2;
                if at + 1 < len {
                    values[len - 1] = 2;
                }
                assert_eq!(first_minimum(&values, 0), Some(at), "len {len}, at {at}");
                assert_eq!(first_minimum(&values, 2), Some(at), "len {len}, at {at}");
            }
        }
        assert_eq!(first_minimum(&[], 0), None);
    }
}
