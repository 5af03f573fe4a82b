//! A bitset engine for small problems: the options still available are the bits of one word
//! array, and choosing an option clears, in one pass of word operations, every option it
//! clashes with.
//!
//! Dancing links spend a search on pointer chasing: covering an item walks each of its
//! options and unlinks their nodes one by one, and uncovering walks them again. When a
//! problem has at most a few thousand options, the set of options still available fits in
//! a few dozen machine words, and so does, for each option, the set of options it clashes
//! with (those sharing an uncoloured item with it, or a secondary item with another
//! colour). Choosing option `r` is then `available &= !clash[r]`, a word at a time, and
//! undoing a choice is going back to the copy of the level above (no uncovering at all).
//! The list lengths the item choice needs are either counted afresh at each node, as
//! popcounts of up to 8 fixed words or of the words still holding an available option, or
//! kept per level and lowered for the options a choice took away, whichever costs less for
//! the problem's size and options (see `levels.rs`).
//!
//! The item choice is that of dancing links, computed from those lengths: the uncovered
//! primary item with the fewest available options, the leftmost in Knuth's order on ties
//! (or his "sharp" preference for items named `#...`), and its options are tried in the
//! order of the problem, as in the links' lists. So the search tree, its node count, the
//! order of the solutions and every solution are those of [`Solver`](crate::xc::Solver) with
//! the same [`SearchOrder`](crate::xc::SearchOrder). What the links count besides (updates,
//! cleansings) the bit sets do not make; they work out the links' figures when asked
//! ([`BitSolver::count_updates`], `tally.rs`), and leave them 0 in
//! [`Stats`](crate::xc::Stats) otherwise.
//!
//! A seed numbers the primary items and the options in a random order drawn from it
//! (`masks.rs`, `Numbering`): reproducible, the same solutions, ties between items falling
//! at random and each item's options tried in a random order; not the links' seeded tree,
//! whose lists are shuffled each on its own, which masks cannot express.
//!
//! Item bounds (Algorithm M) have a search of their own, [`BitBounded`]: a mask says whether
//! an option is available, not how many times an item may still be covered, so beside the
//! masks it keeps a counter per primary item (`bounded.rs`); [`BitSolver`] refuses them
//! with a [`BitsError`]. In a seeded or sharp order, or counting updates, the bounded search
//! follows the links' tree node for node instead ([`BitBounded::in_links_order`]), and so
//! does the one for the K cheapest solutions (`best_bounded.rs`, on `moves.rs`). All
//! refuse a problem with more than [`MAX_OPTIONS`] options or [`MAX_ITEMS`] items, whose
//! masks would outgrow the caches they are made for.
//!
//! ```
//! use dlxkit::xc::bits::BitSolver;
//! use dlxkit::xc::Problem;
//! let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let outcome = BitSolver::new(&p)?.count();
//! assert_eq!((outcome.stats.solutions, outcome.stats.nodes), (1, 6)); // as the links count
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod best;
mod best_bounded;
mod bounded;
mod levels;
mod masks;
mod moves;
mod solver;
mod tally;

pub(crate) use best::BitBest;
pub(crate) use best_bounded::BitBestBounded;
pub use bounded::BitBounded;
pub use solver::BitSolver;

/// The most options the bitset engine takes (256 words of 64 bits per mask; the clash
/// masks of 16,384 options take 32 MB). Word rectangles of 11,200 and 16,000 options ran
/// in 0.57x and 0.60x SSXCC's CPU time, where dancing cells took 0.82x and 0.80x.
pub const MAX_OPTIONS: usize = 16384;

/// The most items the bitset engine takes.
pub const MAX_ITEMS: usize = 8192;

/// Why the bitset engine cannot search a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BitsError {
    /// The problem has more options or items than the masks are made for.
    #[error(
        "the bitset engine takes at most {max_options} options and {max_items} items; \
         this problem has {options} options and {items} items"
    )]
    TooLarge {
        /// The problem's options.
        options: usize,
        /// The problem's items.
        items: usize,
        /// [`MAX_OPTIONS`].
        max_options: usize,
        /// [`MAX_ITEMS`].
        max_items: usize,
    },
    /// The problem has item bounds (Algorithm M), which masks cannot count.
    #[error("the bitset engine does not take item bounds (multiplicities)")]
    Bounds,
}
