//! The dancing links: a sparse 0/1 matrix as circular doubly linked lists.
//!
//! Every item has a *header node*; every entry of every option is a node of its own, linked up
//! and down into the list of its item. The nodes of one option sit next to each other in one
//! array, with a *spacer* node between consecutive options, so an option is walked by stepping
//! through the array; a spacer's `up` points back to the first node of the option before it
//! and its `down` to the last node of the option after it, so the walk can wrap around in
//! either direction.
//!
//! *Covering* an item marks it covered and *hides* every option in its list: the option's
//! other nodes are unlinked from their item lists (and those lists' lengths drop). Because an
//! unlinked node keeps its own `up` and `down`, undoing is a relink in the reverse order: this
//! is the dance. With colours (Algorithm C), choosing an option that gives item `X` colour `c`
//! *purifies* `X`: options that give `X` another colour are hidden, those that agree are marked
//! (colour `-1`, a "cleansing") so they are not purified twice.
//!
//! # Representation
//!
//! As in Knuth's programs, a link is a 32-bit index, not a pointer: a [`Node`] is four 32-bit
//! fields, **16 bytes** (`up`, `down`, `item`, `color`), so four nodes share a 64-byte cache
//! line. In a spacer, `item` is zero or negative. The list lengths add 4 bytes per item (and
//! 256 bytes of dummies for the whole-option walk).
//!
//! One departure from Knuth's layout, made by measurement: the list *lengths* live in a dense
//! array of `i32` (4 bytes per item) instead of the header nodes, and the items still to be
//! covered are not a circular list: covering an item adds a large constant, [`COVERED`], to its
//! length, and uncovering subtracts it. A covered item's length never changes while it is
//! covered (every option in its list was hidden when it was covered, so no later cover reaches
//! its list), so the offset survives. Knuth's choice -- the uncovered primary item with the
//! shortest list, the leftmost on ties -- then becomes "the first minimum of a dense array",
//! a chunked scan the compiler vectorises, instead of a walk through a linked list. It picks
//! the same item, so the search tree, and Knuth's node and update counts, are unchanged; on
//! 9×9 Sudoku, where a few hundred items are scanned at every node, it took the time per
//! puzzle from 460 to 280 µs in one interleaved run (BENCHMARKS.md, Engine). Secondary items'
//! lengths carry an offset too, so a stored 0 is always an uncovered primary item's empty
//! list; with many primary items the dance counts those ([`walk::ZEROS`]) and the scan stops
//! at the first list of length 1 when there is none.
//!
//! # Walking an option
//!
//! Knuth hides an option by stepping right from the node that hides it, through the spacer
//! back to the option's start, until it returns to that node: two data-dependent branches per
//! node. When an item sits at varying places in its options (polyomino placements) the
//! branches are hard to predict, so for problems with long options the dance instead walks
//! the whole option from its first node and unlinks a dummy in place of the hiding node
//! ([`walk::WHOLE`]); an uncoloured problem keeps each node's option start in the `color` field
//! for this. When all options have the same length (n-queens, Langford pairs, Sudoku,
//! polyomino placements) the `color` field links each node to the next of its option instead,
//! and the dance follows those links a fixed number of times ([`walk::UNIFORM`]): no test per
//! node at all. Which walk a problem gets is decided once, when its matrix is laid out, and the
//! search is compiled once per walk. Every walk unlinks and relinks the same nodes in the same
//! lists, so the search tree and Knuth's counts are the same whichever runs.
//!
//! Both arrays are allocated from an [`Arena`] (crate `typed-arena`), which owns the memory
//! for as long as the solvers that borrow it live; the search borrows the slices mutably and
//! never reallocates them. A solver that must outlive any borrow (one kept across many
//! Sudoku puzzles, say) owns boxed copies instead: the [`Storage`] parameter says which, and
//! the code of the dance is the same for both. All of this is private to this module: the
//! search sees items and nodes as `u32` indexes and calls [`Matrix::cover`],
//! [`Matrix::commit`] and their inverses.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use super::problem::{ItemKind, OptionId, Problem};

/// One node of the matrix: 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Previous node in the item's list.
    up: u32,
    /// Next node in the item's list.
    down: u32,
    /// The item of this node (1-based); 0 in a header; `<= 0` in a spacer.
    item: i32,
    /// In a problem with colours: 0 for no colour, `c + 1` for colour `c`, `-1` once
    /// cleansed by a purification. In a problem without colours whose options all have one
    /// length ([`walk::UNIFORM`]): the next node of this node's option, round from the last
    /// to the first; in other problems without colours: the first node of this node's
    /// option, where [`Dance::hide_plain`] starts its walk. In an item's header, the updates
    /// counted by the item's latest cover (for [`Matrix::switch`]).
    color: i32,
}

/// Added to the length of a covered item: larger than any list can be (the builder caps a
/// problem below `1 << 28` nodes, so that a link, 16 bytes a node, fits in 32 bits).
pub const COVERED: i32 = 1 << 30;

/// Added to the length of every secondary item, so that only an uncovered *primary* item can
/// have length 0 (see [`Matrix::choose`]).
const SECONDARY: i32 = 1 << 29;

/// The mask that takes the offsets off a stored length.
const LENGTH: i32 = SECONDARY - 1;

/// Memory for the dancing-links matrices of one or more [`Solver`](crate::xc::Solver)s.
///
/// A solver borrows its nodes from an arena, so the arena must outlive it. One arena can serve
/// many solvers; its memory is returned when the arena is dropped.
///
/// ```
/// use dlxkit::xc::{Arena, Problem, Solver};
/// let problem = Problem::from_dlx("A B\nA\nB\nA B\n")?;
/// let arena = Arena::new();
/// let mut solver = Solver::new(&problem, &arena);
/// assert_eq!(solver.count().stats.solutions, 2);
/// assert!(arena.bytes() > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Arena {
    nodes: typed_arena::Arena<Node>,
    lens: typed_arena::Arena<i32>,
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arena")
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Arena {
    /// An empty arena.
    ///
    /// ```
    /// let arena = dlxkit::xc::Arena::new();
    /// assert_eq!(arena.bytes(), 0);
    /// ```
    pub fn new() -> Arena {
        Arena::default()
    }

    /// The bytes held by the nodes and list lengths allocated so far.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let _s = Solver::new(&p, &arena);
    /// // slot 0, 1 header, 1 node, 2 spacers at 16 bytes; 17 lengths at 4 bytes (slot 0, A,
    /// // and padding to a whole chunk of 16 for the item choice's scan).
    /// assert_eq!(arena.bytes(), 5 * 16 + 17 * 4);
    /// ```
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.lens.len() * std::mem::size_of::<i32>()
    }
}

mod sealed {
    pub trait Sealed {}
}

/// Where a [`Solver`](crate::xc::Solver) keeps its problem and its matrix: [`Borrowed`] (the
/// problem by reference, the nodes from an [`Arena`]) or [`Owned`]. Sealed: these two are the
/// only kinds.
pub trait Storage: sealed::Sealed {
    /// How the solver holds its problem.
    #[doc(hidden)]
    type Problem: Deref<Target = Problem>;
    /// How the matrix holds its nodes.
    #[doc(hidden)]
    type Nodes: DerefMut<Target = [Node]>;
    /// How the matrix holds its list lengths.
    #[doc(hidden)]
    type Lens: DerefMut<Target = [i32]>;
}

/// The storage of [`Solver::new`](crate::xc::Solver::new): the problem is borrowed, and the
/// matrix lives in an [`Arena`] that outlives the solver. A marker type, never built.
///
/// ```
/// use dlxkit::xc::{Arena, Borrowed, Problem, Solver};
/// let p = Problem::from_dlx("A\nA\n")?;
/// let arena = Arena::new();
/// let s: Solver<'_, Borrowed<'_>> = Solver::new(&p, &arena);
/// assert_eq!(s.problem().option_count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Borrowed<'a> {
    _never: std::convert::Infallible,
    _life: std::marker::PhantomData<&'a ()>,
}

/// The storage of an [`OwnedSolver`](crate::xc::OwnedSolver): it shares its problem through an
/// `Arc` and owns its matrix, so it can be kept anywhere, for as long as needed. A marker
/// type, never built.
///
/// ```
/// use std::sync::Arc;
/// use dlxkit::xc::{OwnedSolver, Problem};
/// let mut s = OwnedSolver::owned(Arc::new(Problem::from_dlx("A\nA\n")?));
/// assert_eq!(s.count().stats.solutions, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Owned {
    _never: std::convert::Infallible,
}

impl sealed::Sealed for Borrowed<'_> {}
impl sealed::Sealed for Owned {}

impl<'a> Storage for Borrowed<'a> {
    type Problem = &'a Problem;
    type Nodes = &'a mut [Node];
    type Lens = &'a mut [i32];
}

impl Storage for Owned {
    type Problem = Arc<Problem>;
    type Nodes = Box<[Node]>;
    type Lens = Box<[i32]>;
}

/// How the dance walks the options of a problem: the const parameter `W` of the search loop,
/// chosen per problem when its matrix is laid out ([`Template::walk`]).
pub(crate) mod walk {
    /// Knuth's walk, for uncoloured problems with short options: from the node right of the
    /// hiding one, around through the spacer, back to it. When each item sits at the same
    /// place in all its options (Sudoku, n-queens) its two branches are well predicted.
    pub(crate) const AROUND: u8 = 0;
    /// For uncoloured problems with long options: the whole option from its first node, a
    /// dummy unlinked in place of the hiding node ([`super::Dance::hide_plain`]).
    pub(crate) const WHOLE: u8 = 1;
    /// Knuth's walk with colours (Algorithm C).
    pub(crate) const COLORS: u8 = 2;
    /// For uncoloured problems whose options all have the same length (n-queens, Langford
    /// pairs, Sudoku, polyomino placements): each node's `color` field links to the next node
    /// of its option (round from the last to the first), and an option is walked through
    /// those links in a loop whose trip count is the same for every option, with no test for
    /// the spacer or for the end ([`super::Dance::hide_uniform`]). Committing an option walks
    /// it the same way. The length is kept in the bits above the flags ([`width`]): 3 and 4
    /// are compiled as constants, any other length is read at run time (width 0).
    pub(crate) const UNIFORM: u8 = 3;
    /// A flag added to any of the three: keep count of the uncovered primary items with an
    /// empty list, so that [`super::Matrix::choose`] can stop at the first list of length 1.
    pub(crate) const ZEROS: u8 = 4;

    /// A flag added to [`WHOLE`], or to [`UNIFORM`] with 5 entries or more per option, when
    /// two options of an item list may begin their walks (going right from that item) with
    /// the same item: the search then moves between sibling options with
    /// [`super::Matrix::switch`], and every cover keeps its count of updates for it. Without
    /// the flag neither costs anything.
    ///
    /// Only long options get it, by measurement: the 6×10 pentominoes (6 entries per option)
    /// went from 1152 to 989 ms, but 9×9 Sudoku (4 entries, and most nodes forced, so few
    /// moves between siblings) took 1.4% to 2.9% longer with it (best of 9 interleaved runs
    /// of `dlxkit sudoku solve` on top1465 and the forum sample).
    pub(crate) const SHARE: u8 = 8;

    /// The walk without the flags.
    pub(crate) const fn kind(w: u8) -> u8 {
        w & 3
    }

    /// The option length of the walk [`UNIFORM`] when it is compiled in (3 or 4), kept in
    /// the bits above the flags; 0 when it is read at run time.
    pub(crate) const fn width(w: u8) -> u32 {
        (w >> 4) as u32
    }

    /// The walk [`UNIFORM`] for options of `width` entries (0: read at run time).
    pub(crate) const fn uniform(width: u32) -> u8 {
        UNIFORM | (width as u8) << 4
    }

    /// Whether the flag [`ZEROS`] is set.
    pub(crate) const fn zeros(w: u8) -> bool {
        w & ZEROS != 0
    }

    /// Whether the flag [`SHARE`] is set.
    pub(crate) const fn shares(w: u8) -> bool {
        w & SHARE != 0
    }
}

/// The average option length (entries per option) from which [`walk::WHOLE`] is used when
/// options differ in length; also the length from which a uniform walk may share covers
/// ([`walk::SHARE`]).
///
/// Measured side by side (best of 5 to 11 runs, count all solutions): the whole-option walk
/// took the 6×10 pentominoes (6 entries per option) from 2.15 s to 1.79 s, but slowed
/// 12-queens (at most 4) by 30%, langford-11 (3) by 10% and 9×9 Sudoku (4) by 20%: a
/// dummy unlink costs a third or a half more work on short options, whose two branches
/// Knuth's walk mostly predicts anyway.
const WHOLE_FROM: usize = 5;

/// The number of primary items from which [`walk::ZEROS`] is set.
///
/// Counting empty lists costs a compare and an add per hidden node; it pays when the scan for
/// the shortest list is long next to the dance. Measured (five interleaved runs each): 9×9
/// Sudoku (324 primary items) went from a median of 113 to 107 µs per puzzle; 12-queens (24
/// primary items) slowed by 5%.
const ZEROS_FROM: usize = 128;

/// The shortest option length that gets the walk [`walk::UNIFORM`]: tiling a 6×8 board
/// with dominoes (2 entries per option) took 25.3 ms with it against 20.4 ms with Knuth's
/// walk (best of 21 interleaved runs), although callgrind counted 4% fewer instructions
/// and 3% fewer mispredicted branches.
const UNIFORM_FROM: usize = 3;

/// The option lengths for which the walk [`walk::UNIFORM`] is compiled with the length as a
/// constant (each compiles the search twice more, with and without [`walk::ZEROS`]); at most
/// 5, for the buffer of [`Dance::uncommit`].
///
/// The uniform walk (with the counted cover loops of [`Dance::cover`]), measured against
/// Knuth's walk before both, in CPU time (count all solutions, best of 21 interleaved runs,
/// 5 for the pentominoes) and callgrind: 12-queens 24.9 to 22.9 ms (183M to 134M
/// instructions), Langford-11 27.5 to 21.2 ms (176M to 119M), and, with the length read at
/// run time and covers shared, the 6×10 pentominoes 1.10 to 0.92 s (the whole-option walk
/// before; 11.6G to 6.0G instructions).
const CONSTANT_WIDTHS: std::ops::RangeInclusive<usize> = 3..=4;
const _: () = assert!(*CONSTANT_WIDTHS.end() <= 5);

/// Spare list lengths after the items', written by [`Dance::hide_plain`] instead of a real
/// one (a power of two).
const DUMMIES: u32 = 64;

/// How many lengths [`Matrix::choose`] compares at a time.
const CHUNK: usize = 16;

/// Bytes per node of the matrix.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// What a link adds per node: links are byte offsets into the node array, not indexes, so
/// that following one is a single address computation (x86 cannot scale an index by 16).
const STEP: u32 = NODE_BYTES as u32;

/// The linked structure of one problem, in memory of the kind `S` says.
pub(crate) struct Matrix<S: Storage> {
    nodes: S::Nodes,
    /// List length of each item (index 0 unused); `+ COVERED` while the item is covered.
    lens: S::Lens,
    /// Number of items; headers are nodes `1..=items`.
    items: u32,
    /// Number of primary items; they are items `1..=primaries`.
    primaries: u32,
    /// Primary items not covered yet.
    uncovered: u32,
    /// Uncovered primary items whose list is empty (secondary and covered items carry an
    /// offset, so a stored length of 0 is always one of these).
    zeros: u32,
    /// The pristine layout, which also gives the first node of each option.
    template: Arc<Template>,
    /// Hidden-node count, as Knuth counts "updates".
    pub(crate) updates: u64,
    /// Purifications plus nodes cleansed, as Knuth counts "cleansings".
    pub(crate) cleansings: u64,
}

/// The index of the first smallest value (`None` for an empty slice), given that no value is
/// below `floor`.
///
/// The values are scanned in chunks of [`CHUNK`], whose minima the compiler computes with
/// vector instructions; the first chunk holding the overall minimum is then searched element
/// by element. A chunk whose minimum is `floor` ends the scan early: nothing later can be
/// smaller, and ties go to the left.
#[inline(always)]
fn first_minimum(values: &[i32], floor: i32) -> Option<usize> {
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
    // The place of the minimum, by a scan that stops at it. A branch-free bit mask of the
    // chunk (then its lowest set bit) measured 7% quicker on 12-queens (21.5 vs 23.1 ms),
    // where the place varies, but 22% slower tiling a 6x8 board with dominoes (24.5 vs 20.0
    // ms), where the predictor knows the place and the next cover starts before the scan
    // ends: the mask makes it wait.
    let k = values[best_start..].iter().position(|&l| l == best)?;
    Some(best_start + k)
}

/// The pristine arrays of a problem's matrix, built once per problem (see
/// `Problem::template`); every new [`Matrix`] starts as a copy of them.
#[derive(Debug)]
pub(crate) struct Template {
    nodes: Vec<Node>,
    lens: Vec<i32>,
    option_first: Vec<u32>,
    /// How the dance walks options ([`walk`]).
    walk: u8,
    /// `1 +` the primary items rounded up to whole [`CHUNK`]s: the lengths the choice scans.
    scanned: usize,
    /// Where the dummy lengths of [`walk::WHOLE`] start.
    dummies: u32,
    /// The length of every option, in the walk [`walk::UNIFORM`] (else 0).
    width: u32,
}

impl Template {
    /// Lays out the matrix of `problem`.
    pub(crate) fn of(problem: &Problem) -> Template {
        let (mut nodes, mut lens, option_first) = layout(problem);
        // The common option length, when the walk follows links ([`walk::UNIFORM`]).
        let width = uniform_width(problem).filter(|&w| w >= UNIFORM_FROM && !problem.has_colors());
        let kind = if problem.has_colors() {
            walk::COLORS
        } else if let Some(w) = width {
            walk::uniform(if CONSTANT_WIDTHS.contains(&w) {
                w as u32
            } else {
                0
            })
        } else if problem.entry_count() >= WHOLE_FROM * problem.option_count() {
            walk::WHOLE
        } else {
            walk::AROUND
        };
        let mut walk = kind;
        if problem.primary_count() >= ZEROS_FROM {
            walk |= walk::ZEROS;
        }
        let long = kind == walk::WHOLE || width >= Some(WHOLE_FROM);
        if long && may_share(problem) {
            walk |= walk::SHARE;
        }
        // The item choice scans whole chunks: pad past the primary items' lengths (the
        // secondary items' lengths, offset by `SECONDARY`, never win; nor does `i32::MAX`).
        let scanned = 1 + problem.primary_count().div_ceil(CHUNK) * CHUNK;
        if lens.len() < scanned {
            lens.resize(scanned, i32::MAX);
        }
        if let Some(width) = width {
            for &first in &option_first {
                let first = index(first);
                for i in 0..width {
                    nodes[first + i].color = ((first + (i + 1) % width) as u32 * STEP) as i32;
                }
            }
        }
        let dummies = lens.len() as u32;
        if kind == walk::WHOLE {
            lens.extend(std::iter::repeat_n(0, DUMMIES as usize));
        }
        Template {
            nodes,
            lens,
            option_first,
            walk,
            scanned,
            dummies,
            width: width.unwrap_or(0) as u32,
        }
    }
}

/// The length every option of `problem` has, if they all have the same one (and there is
/// at least one option).
fn uniform_width(problem: &Problem) -> Option<usize> {
    let mut widths = problem.options().map(|o| problem.option(o).len());
    let first = widths.next()?;
    widths.all(|w| w == first).then_some(first)
}

/// Whether two options that contain one item have the same item next after it (going right,
/// from the last entry round to the first): only then can [`Matrix::switch`] find a shared
/// cover between two options of one list.
fn may_share(problem: &Problem) -> bool {
    let mut seen = std::collections::HashSet::new();
    problem.options().any(|option| {
        let entries = problem.option(option);
        let k = entries.len();
        k > 1
            && (0..k).any(|i| {
                let pair = (entries[i].item, entries[(i + 1) % k].item);
                !seen.insert(pair)
            })
    })
}

/// Builds the pristine node and length arrays of a problem, and the first node of each option.
fn layout(problem: &Problem) -> (Vec<Node>, Vec<i32>, Vec<u32>) {
    let n = problem.item_count();
    // Internal numbering: primary items first, then secondary, each in declaration order.
    let mut internal = vec![0u32; n];
    let mut next = 1u32;
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        for item in problem.items() {
            if problem.item_kind(item) == kind {
                internal[item.index()] = next;
                next += 1;
            }
        }
    }
    let items = n as u32;
    let primaries = problem.primary_count();
    let mut lens: Vec<i32> = (0..=n)
        .map(|k| if k > primaries { SECONDARY } else { 0 })
        .collect();
    let colored = problem.has_colors();
    let total = 1 + n + 1 + problem.entry_count() + problem.option_count();
    let mut nodes = Vec::with_capacity(total);
    nodes.push(Node::default()); // slot 0 is not a header
    for k in 1..=items {
        nodes.push(Node {
            up: k,
            down: k,
            item: 0,
            color: 0,
        });
    }
    nodes.push(Node::default()); // the first spacer
    let mut option_first = Vec::with_capacity(problem.option_count());
    let mut spacer = nodes.len() - 1;
    for option in problem.options() {
        let first = nodes.len() as u32;
        option_first.push(first);
        for e in problem.option(option) {
            let k = internal[e.item.index()];
            let x = nodes.len() as u32;
            let bottom = nodes[k as usize].up;
            nodes.push(Node {
                up: bottom,
                down: k,
                item: k as i32,
                color: if colored {
                    e.color.map_or(0, |c| c.index() as i32 + 1)
                } else {
                    first as i32
                },
            });
            nodes[bottom as usize].down = x;
            nodes[k as usize].up = x;
            lens[k as usize] += 1;
        }
        let last = nodes.len() as u32 - 1;
        nodes[spacer].down = last;
        spacer = nodes.len();
        nodes.push(Node {
            up: first,
            down: 0,
            item: -(option.index() as i32) - 1,
            color: 0,
        });
    }
    // Links are byte offsets from here on: index × STEP (see `at`).
    for node in &mut nodes {
        node.up *= STEP;
        node.down *= STEP;
        if !colored && node.item > 0 {
            node.color = (node.color as u32 * STEP) as i32;
        }
    }
    for first in &mut option_first {
        *first *= STEP;
    }
    (nodes, lens, option_first)
}

// The three accessors below are the only unsafe code in dlxkit. They skip the bounds check,
// which measurably pays in the hide/unhide loops (BENCHMARKS.md gives the numbers).
//
// Invariant: every index the matrix stores -- each node's `up` and `down`, each non-header,
// non-spacer node's `item`, in a problem without colours each node's `color` (the first node
// of its option, or in the walk `UNIFORM` the next one, which `Template::of` computes from
// `option_first` and the common option length, both of which stay within the option), each
// entry of `option_first` -- is below `nodes.len()`. `layout` builds the
// array so (headers are nodes 1..=items, every option is followed by a spacer, a spacer
// points at the first node of the option before it and the last node of the option after
// it). Afterwards the array is only changed by cover, uncover, hide, unhide, purify and
// unpurify, and each of them stores only values it read from those same fields, `q` (an index
// it reached through them), or 0 (`hide_plain` and `unhide_plain` mask a value to 0 to write
// the dummy, node 0, which exists), so the invariant is kept. The walks `q += 1` / `q -= 1`
// inside an option start from a node of that option and stop at the spacer that bounds it
// (there is one after every option and one before the first), so they stay in range too.
// Callers pass node indexes that come from those fields, or from the template's
// `option_first` for an `OptionId` that `Solver::force` has checked against the number of
// options, and item numbers (below `lens.len()` = items + 1, which is at most `nodes.len()`)
// that come from `choose` or from a node's `item`. Debug builds check every access anyway.

#[inline(always)]
#[allow(unsafe_code)]
fn at(nodes: &[Node], link: u32) -> &Node {
    debug_assert!(link % STEP == 0 && ((link / STEP) as usize) < nodes.len());
    // SAFETY: `link` is a stored link or reached through one, so it is `STEP` times an index
    // below `nodes.len()` (see the invariant above): the address is inside the slice and,
    // `STEP` being the size of a `Node`, aligned for one.
    unsafe { &*nodes.as_ptr().byte_add(link as usize) }
}

#[inline(always)]
#[allow(unsafe_code)]
fn at_mut(nodes: &mut [Node], link: u32) -> &mut Node {
    debug_assert!(link % STEP == 0 && ((link / STEP) as usize) < nodes.len());
    // SAFETY: as for `at`; the borrow of `nodes` is unique.
    unsafe { &mut *nodes.as_mut_ptr().byte_add(link as usize) }
}

/// The link of an item's header node.
#[inline(always)]
pub(crate) const fn header(item: u32) -> u32 {
    item * STEP
}

/// The index in the node array of a link.
#[inline(always)]
const fn index(link: u32) -> usize {
    (link / STEP) as usize
}

#[inline(always)]
#[allow(unsafe_code)]
fn len_at(lens: &mut [i32], item: u32) -> &mut i32 {
    debug_assert!((item as usize) < lens.len());
    // SAFETY: `item` is a node's `item` field or comes from `choose`; both are at most
    // `items`, and `lens.len()` is at least `items + 1`; or it is one of the dummies
    // `dummies .. dummies + DUMMIES` of `Dance::hide_plain`, which only runs in the walk
    // `WHOLE`, whose `lens` ends with those `DUMMIES` slots (`Template::of`); see the
    // invariant above.
    unsafe { lens.get_unchecked_mut(item as usize) }
}

impl<S: Storage> Matrix<S> {
    #[inline(always)]
    fn node(&self, i: u32) -> &Node {
        at(&self.nodes, i)
    }

    /// A matrix in the given memory, which holds a copy of `template`.
    fn with(nodes: S::Nodes, lens: S::Lens, problem: &Problem, template: Arc<Template>) -> Self {
        let primaries = problem.primary_count() as u32;
        let zeros = lens[1..=primaries as usize]
            .iter()
            .filter(|&&l| l == 0)
            .count() as u32;
        Matrix {
            nodes,
            lens,
            items: problem.item_count() as u32,
            primaries,
            uncovered: primaries,
            zeros,
            template,
            updates: 0,
            cleansings: 0,
        }
    }
}

impl<'a> Matrix<Borrowed<'a>> {
    /// Builds the matrix of `problem` in `arena`.
    pub(crate) fn new(problem: &'a Problem, arena: &'a Arena) -> Self {
        let template = problem.template();
        let nodes = arena.nodes.alloc_extend(template.nodes.iter().copied());
        let lens = arena.lens.alloc_extend(template.lens.iter().copied());
        Matrix::with(nodes, lens, problem, template.clone())
    }
}

impl Matrix<Owned> {
    /// Builds the matrix of `problem` in memory of its own.
    pub(crate) fn owned(problem: &Problem) -> Self {
        let template = problem.template();
        let nodes = template.nodes.clone().into_boxed_slice();
        let lens = template.lens.clone().into_boxed_slice();
        Matrix::with(nodes, lens, problem, template.clone())
    }
}

impl<S: Storage> Matrix<S> {
    /// Whether the nodes and lengths equal those of a freshly built matrix of `problem`.
    pub(crate) fn is_pristine(&self, problem: &Problem) -> bool {
        let template = problem.template();
        // Slot 0 of each array is the dummy that hide writes instead of the hiding node.
        let items = self.items as usize;
        // A header's `color` keeps the updates of the item's latest cover.
        let same = |(k, (a, b)): (usize, (&Node, &Node))| {
            a == b || (k <= items && (a.up, a.down, a.item) == (b.up, b.down, b.item))
        };
        self.nodes.len() == template.nodes.len()
            && self
                .nodes
                .iter()
                .zip(&template.nodes)
                .enumerate()
                .skip(1)
                .all(same)
            && self.lens[1..=items] == template.lens[1..=items]
            && self.uncovered == self.primaries
    }

    /// The total number of nodes (headers, entries, spacers).
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// How the dance walks options ([`walk`]): the search's const parameter.
    pub(crate) fn walk(&self) -> u8 {
        self.template.walk
    }

    /// The first node of an option.
    #[inline]
    pub(crate) fn option_first(&self, option: OptionId) -> u32 {
        self.template.option_first[option.index()]
    }

    /// The node below `x` in its item list.
    #[inline(always)]
    pub(crate) fn down(&self, x: u32) -> u32 {
        self.node(x).down
    }

    /// The first node of an item's list (its header when the list is empty).
    #[inline(always)]
    pub(crate) fn top(&self, item: u32) -> u32 {
        self.node(header(item)).down
    }

    /// The item of a (non-spacer, non-header) node.
    #[inline(always)]
    pub(crate) fn item(&self, x: u32) -> u32 {
        self.node(x).item as u32
    }

    /// The current length of an item's list (whether covered or not).
    #[inline(always)]
    pub(crate) fn len(&self, item: u32) -> u32 {
        (self.lens[item as usize] & LENGTH) as u32
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(crate) fn all_covered(&self) -> bool {
        self.uncovered == 0
    }

    /// The option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> OptionId {
        let mut q = index(x);
        while self.nodes[q].item > 0 {
            q += 1;
        }
        OptionId((-self.nodes[q].item - 1) as u32)
    }

    /// The position (1-based) of node `x` in the list of `item`, and the list's length.
    pub(crate) fn position(&self, item: u32, x: u32) -> (u32, u32) {
        let mut k = 1;
        let mut p = self.top(item);
        while p != x && p != header(item) {
            k += 1;
            p = self.down(p);
        }
        (k, self.len(item))
    }

    /// Knuth's choice: the uncovered primary item with the fewest options, the leftmost on
    /// ties. `None` when every primary item is covered.
    ///
    /// The scan stops at the first chunk that holds the smallest length possible: 0 when some
    /// uncovered primary list is empty (the count `zeros` says whether there is one), else 1.
    /// On 9×9 Sudoku most nodes have an item with one option left, found early.
    #[inline]
    pub(crate) fn choose<const W: u8>(&self) -> Option<u32> {
        let lens = &self.lens[1..self.template.scanned];
        let floor = i32::from(walk::zeros(W) && self.zeros == 0);
        first_minimum(lens, floor)
            .filter(|&k| lens[k] < SECONDARY)
            .map(|k| k as u32 + 1)
    }

    /// The arrays and counters, taken out for one operation (see [`Dance`]).
    #[inline(always)]
    fn dance<const W: u8, R>(&mut self, f: impl FnOnce(&mut Dance<'_>) -> R) -> R {
        // Only the counters walk `W` changes are taken out and put back: the others stay
        // zero in the `Dance` (saving two moves each per operation, about 2% of the
        // instructions of 12-queens).
        let colors = walk::kind(W) == walk::COLORS;
        let mut d = Dance {
            nodes: &mut self.nodes,
            lens: &mut self.lens,
            dummies: if walk::kind(W) == walk::WHOLE {
                self.template.dummies
            } else {
                0
            },
            width: if walk::kind(W) == walk::UNIFORM && walk::width(W) == 0 {
                self.template.width
            } else {
                0
            },
            primaries: self.primaries,
            uncovered: self.uncovered,
            zeros: if walk::zeros(W) { self.zeros } else { 0 },
            updates: self.updates,
            cleansings: if colors { self.cleansings } else { 0 },
        };
        let r = f(&mut d);
        self.uncovered = d.uncovered;
        if walk::zeros(W) {
            self.zeros = d.zeros;
        }
        self.updates = d.updates;
        if colors {
            self.cleansings = d.cleansings;
        }
        r
    }

    /// Covers an item: marks it covered and hides every option in its list.
    #[inline]
    pub(crate) fn cover<const W: u8>(&mut self, c: u32) {
        self.dance::<W, _>(|d| d.cover::<W>(c));
    }

    /// Undoes [`Matrix::cover`].
    #[inline]
    pub(crate) fn uncover<const W: u8>(&mut self, c: u32) {
        self.dance::<W, _>(|d| d.uncover::<W>(c));
    }

    /// Covers (or purifies) every item of the option of `p` other than `p`'s own, going right.
    #[inline]
    pub(crate) fn commit<const W: u8>(&mut self, p: u32) {
        self.dance::<W, _>(|d| d.commit::<W>(p));
    }

    /// Undoes [`Matrix::commit`], going left.
    #[inline]
    pub(crate) fn uncommit<const W: u8>(&mut self, p: u32) {
        self.dance::<W, _>(|d| d.uncommit::<W>(p));
    }

    /// Moves from option node `x`, committed, to `y`, the next option in the same item list:
    /// the same lists and counts as [`Matrix::uncommit`] of `x` then [`Matrix::commit`] of
    /// `y`, without the work those two would undo and redo. Uncoloured walks only.
    ///
    /// Committing covers the other items of an option going right from its node, and
    /// uncommitting undoes that going left. When the walks right from `x` and from `y` start
    /// with the same items, Knuth's program uncovers those items and covers them again, in
    /// the same order, from the same state: an uncover restores the lists exactly as they
    /// were before the cover, so the second cover leaves them as the first did, and counts
    /// as many updates (it hides the same options). So the shared items stay covered here,
    /// and the updates their covers counted -- kept by every cover in the `color` field of
    /// the item's header node, unused otherwise -- are counted again; only the items after the shared ones are uncovered (going left)
    /// and covered (going right). The search tree, the lists at every node and the update
    /// count are those of Knuth's DLX1. On the 6×10 pentominoes this skips 15.6% of the
    /// updates: an item list holds runs of placements of one piece, whose walks often
    /// begin with the same cells or with the piece itself.
    #[inline]
    pub(crate) fn switch<const W: u8>(&mut self, x: u32, y: u32) {
        self.dance::<W, _>(|d| d.switch::<W>(x, y));
    }

    /// Whether option `o` can still be chosen: none of its items is covered and none of its
    /// nodes has been hidden (valid while covering only grows, as when options are forced).
    pub(crate) fn is_available(&self, option: OptionId) -> bool {
        let mut q = index(self.option_first(option));
        while self.nodes[q].item > 0 {
            let n = self.nodes[q];
            // A node that was hidden is no longer pointed to by its upper neighbour.
            if self.nodes[index(n.up)].down != q as u32 * STEP {
                return false;
            }
            // An uncoloured entry needs its item uncovered.
            // Without colours, `color` holds the option's first node instead.
            let uncoloured = walk::kind(self.walk()) != walk::COLORS || n.color == 0;
            if uncoloured && self.lens[n.item as usize] >= COVERED {
                return false;
            }
            q += 1;
        }
        true
    }

    /// The first node of option `o` whose item is primary.
    pub(crate) fn primary_node(&self, option: OptionId) -> u32 {
        let mut q = self.option_first(option);
        while self.item(q) > self.primaries {
            q += STEP;
        }
        q
    }

    /// Walks every list and checks that it is consistent, like Knuth's `sanity()`: each item
    /// list closes, its links agree both ways, its nodes belong to it, and its length is right;
    /// the count of uncovered primary items agrees with the lengths.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        let items = self.items as usize;
        let mut uncovered = 0;
        let mut zeros = 0;
        for c in 1..=items {
            let mut q = c;
            let mut len = 0;
            loop {
                let link = self.nodes[q].down;
                let p = index(link);
                if link % STEP != 0 || p >= self.nodes.len() {
                    return Err(format!("item {c}: link out of range at node {q}"));
                }
                if self.nodes[p].up != q as u32 * STEP {
                    return Err(format!("item {c}: bad up link at node {p}"));
                }
                if p == c {
                    break;
                }
                if self.nodes[p].item as usize != c {
                    return Err(format!("item {c}: node {p} belongs to another item"));
                }
                len += 1;
                q = p;
                if len > self.nodes.len() {
                    return Err(format!("item {c}: list does not close"));
                }
            }
            let stored = self.lens[c];
            let covered = stored >= COVERED;
            let offset = if c > self.primaries as usize {
                SECONDARY
            } else {
                0
            };
            if stored < 0 || stored - offset - if covered { COVERED } else { 0 } != len as i32 {
                return Err(format!(
                    "item {c}: length field {stored} but {len} nodes in the list"
                ));
            }
            if !covered && c <= self.primaries as usize {
                uncovered += 1;
                zeros += u32::from(len == 0);
            }
        }
        if uncovered != self.uncovered {
            return Err(format!(
                "{} primary items uncovered, but the count says {}",
                uncovered, self.uncovered
            ));
        }
        if walk::zeros(self.template.walk) && zeros != self.zeros {
            return Err(format!(
                "{} uncovered primary lists are empty, but the count says {}",
                zeros, self.zeros
            ));
        }
        Ok(())
    }
}

/// A matrix's arrays and counters, borrowed out of it for one operation: the dance itself.
///
/// Stores into the node array could, as far as the compiler knows, change the fields of the
/// [`Matrix`] they live in, so a loop that counts in `self.updates` would reload and store the
/// counter (and the arrays' addresses) around every unlink. A `Dance` is a local value whose
/// address never escapes, so its counters and slices stay in registers; the matrix takes the
/// counters back when the operation ends. Measured on the 6×10 pentominoes (342 hidden nodes
/// per search node): counting hidden nodes in locals inside `hide`, instead of in the
/// matrix's fields, took the count from 2.17 s to 2.00 s; moving every counter into a `Dance`
/// measured no faster than that (BENCHMARKS.md, Engine), and is kept because it gives every
/// operation the same treatment.
struct Dance<'m> {
    nodes: &'m mut [Node],
    lens: &'m mut [i32],
    dummies: u32,
    /// The option length of the walk [`walk::UNIFORM`] when read at run time.
    width: u32,
    primaries: u32,
    uncovered: u32,
    zeros: u32,
    updates: u64,
    cleansings: u64,
}

impl Dance<'_> {
    /// The option length in the walk [`walk::UNIFORM`]: a constant of `W`, or read at run
    /// time.
    #[inline(always)]
    fn width<const W: u8>(&self) -> u32 {
        match walk::width(W) {
            0 => self.width,
            w => w,
        }
    }

    /// Unlinks the other nodes of the option containing `p` from their item lists.
    #[inline(always)]
    fn hide<const W: u8>(&mut self, p: u32) {
        if walk::kind(W) == walk::WHOLE {
            return self.hide_plain::<W>(p);
        }
        if walk::kind(W) == walk::AROUND {
            return self.hide_split::<W>(p);
        }
        if walk::kind(W) == walk::UNIFORM {
            return self.hide_uniform::<W>(p);
        }
        let (mut hidden, mut emptied) = (0u32, 0u32);
        let mut q = p + STEP;
        while q != p {
            let n = *at(self.nodes, q);
            if walk::kind(W) == walk::COLORS && n.color < 0 {
                q += STEP;
                continue;
            }
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            at_mut(self.nodes, n.up).down = n.down;
            at_mut(self.nodes, n.down).up = n.up;
            let len = len_at(self.lens, n.item as u32);
            *len -= 1;
            emptied += u32::from(*len == 0);
            hidden += 1;
            q += STEP;
        }
        if walk::zeros(W) {
            self.zeros += emptied;
        }
        self.updates += u64::from(hidden);
    }

    /// Unlinks one node from its item list (counting the list if it empties).
    #[inline(always)]
    fn unlink<const W: u8>(&mut self, n: Node) -> u32 {
        at_mut(self.nodes, n.up).down = n.down;
        at_mut(self.nodes, n.down).up = n.up;
        let len = len_at(self.lens, n.item as u32);
        *len -= 1;
        u32::from(walk::zeros(W) && *len == 0)
    }

    /// Relinks node `q` (whose fields are `n`) into its item list, the inverse of
    /// [`Dance::unlink`] (counting the list if it was empty).
    #[inline(always)]
    fn relink<const W: u8>(&mut self, q: u32, n: Node) -> u32 {
        at_mut(self.nodes, n.up).down = q;
        at_mut(self.nodes, n.down).up = q;
        let len = len_at(self.lens, n.item as u32);
        let refilled = u32::from(walk::zeros(W) && *len == 0);
        *len += 1;
        refilled
    }

    /// [`Dance::hide`] without colours, in two straight runs with one branch per node: from
    /// the node after `p` to the spacer, then from the option's first node (kept in the
    /// `color` field) up to `p`.
    #[inline(always)]
    fn hide_split<const W: u8>(&mut self, p: u32) {
        let mut emptied = 0u32;
        let mut q = p + STEP;
        loop {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                break;
            }
            emptied += self.unlink::<W>(n);
            q += STEP;
        }
        let first = at(self.nodes, p).color as u32;
        let hidden = (q - first) / STEP - 1;
        q = first;
        while q != p {
            let n = *at(self.nodes, q);
            emptied += self.unlink::<W>(n);
            q += STEP;
        }
        if walk::zeros(W) {
            self.zeros += emptied;
        }
        self.updates += u64::from(hidden);
    }

    /// Undoes [`Dance::hide_split`].
    #[inline(always)]
    fn unhide_split<const W: u8>(&mut self, p: u32) {
        let mut refilled = 0u32;
        let mut q = p + STEP;
        loop {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                break;
            }
            refilled += self.relink::<W>(q, n);
            q += STEP;
        }
        q = at(self.nodes, p).color as u32;
        while q != p {
            let n = *at(self.nodes, q);
            refilled += self.relink::<W>(q, n);
            q += STEP;
        }
        if walk::zeros(W) {
            self.zeros -= refilled;
        }
    }

    /// [`Dance::hide`] for options of one length ([`walk::UNIFORM`]): the other nodes of
    /// `p`'s option, going right and round, each found from the one before through its
    /// `color` field (the next node of its option, round from the last to the first), in a
    /// loop whose trip count is the same for every option.
    #[inline(always)]
    fn hide_uniform<const W: u8>(&mut self, p: u32) {
        let mut q = at(self.nodes, p).color as u32;
        let mut emptied = 0u32;
        for _ in 1..self.width::<W>() {
            let n = *at(self.nodes, q);
            emptied += self.unlink::<W>(n);
            q = n.color as u32;
        }
        if walk::zeros(W) {
            self.zeros += emptied;
        }
        self.updates += u64::from(self.width::<W>() - 1);
    }

    /// Undoes [`Dance::hide_uniform`].
    #[inline(always)]
    fn unhide_uniform<const W: u8>(&mut self, p: u32) {
        let mut q = at(self.nodes, p).color as u32;
        let mut refilled = 0u32;
        for _ in 1..self.width::<W>() {
            let n = *at(self.nodes, q);
            refilled += self.relink::<W>(q, n);
            q = n.color as u32;
        }
        if walk::zeros(W) {
            self.zeros -= refilled;
        }
    }

    /// [`Dance::hide`] without colours, with no branch per node but the loop's own: it walks
    /// the whole option from its first node to the spacer (a loop of the option's length, the
    /// same for every option of many problems, so well predicted), and for `p` itself it
    /// unlinks a dummy instead: node 0, which no list uses, and one of [`DUMMIES`] spare
    /// lengths past the items' (chosen by `p`, so consecutive hides do not wait on one
    /// another through the same counter).
    #[inline(always)]
    fn hide_plain<const W: u8>(&mut self, p: u32) {
        let first = at(self.nodes, p).color as u32;
        let dummy = self.dummies + ((p / STEP) & (DUMMIES - 1));
        let mut emptied = 0u32;
        let mut q = first;
        loop {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                break;
            }
            let keep = u32::from(q != p).wrapping_neg();
            let (up, down) = (n.up & keep, n.down & keep);
            let item = (n.item as u32 & keep) | (dummy & !keep);
            at_mut(self.nodes, up).down = down;
            at_mut(self.nodes, down).up = up;
            let len = len_at(self.lens, item);
            *len -= 1;
            emptied += u32::from(*len == 0);
            q += STEP;
        }
        if walk::zeros(W) {
            self.zeros += emptied;
        }
        self.updates += u64::from((q - first) / STEP - 1);
    }

    /// Undoes [`Dance::hide_plain`].
    ///
    /// The stand-in for `p` is computed here and in `hide_plain` by the same lines, written
    /// out twice on purpose: routing both through one helper (and `unlink`/`relink`) compiled
    /// to the same instructions in another order and took the 6×10 pentominoes from 1.57 to
    /// 2.10 s on the machine these were measured on.
    #[inline(always)]
    fn unhide_plain<const W: u8>(&mut self, p: u32) {
        let first = at(self.nodes, p).color as u32;
        let dummy = self.dummies + ((p / STEP) & (DUMMIES - 1));
        let mut refilled = 0u32;
        let mut q = first;
        loop {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                break;
            }
            let keep = u32::from(q != p).wrapping_neg();
            let (up, down) = (n.up & keep, n.down & keep);
            let item = (n.item as u32 & keep) | (dummy & !keep);
            at_mut(self.nodes, up).down = q & keep;
            at_mut(self.nodes, down).up = q & keep;
            let len = len_at(self.lens, item);
            refilled += u32::from(*len == 0);
            *len += 1;
            q += STEP;
        }
        if walk::zeros(W) {
            self.zeros -= refilled;
        }
    }

    /// Relinks what [`Dance::hide`] unlinked.
    #[inline(always)]
    fn unhide<const W: u8>(&mut self, p: u32) {
        if walk::kind(W) == walk::WHOLE {
            return self.unhide_plain::<W>(p);
        }
        if walk::kind(W) == walk::AROUND {
            return self.unhide_split::<W>(p);
        }
        if walk::kind(W) == walk::UNIFORM {
            return self.unhide_uniform::<W>(p);
        }
        let mut refilled = 0u32;
        let mut q = p + STEP;
        while q != p {
            let n = *at(self.nodes, q);
            if walk::kind(W) == walk::COLORS && n.color < 0 {
                q += STEP;
                continue;
            }
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            at_mut(self.nodes, n.up).down = q;
            at_mut(self.nodes, n.down).up = q;
            let len = len_at(self.lens, n.item as u32);
            refilled += u32::from(*len == 0);
            *len += 1;
            q += STEP;
        }
        if walk::zeros(W) {
            self.zeros -= refilled;
        }
    }

    /// Relinks going left (the mirror of [`Dance::hide`]), as purification is undone.
    #[inline(always)]
    fn unhide_left<const W: u8>(&mut self, p: u32) {
        let mut refilled = 0u32;
        let mut q = p - STEP;
        while q != p {
            let n = *at(self.nodes, q);
            if n.color < 0 {
                q -= STEP;
                continue;
            }
            if n.item <= 0 {
                q = n.down;
                continue;
            }
            at_mut(self.nodes, n.up).down = q;
            at_mut(self.nodes, n.down).up = q;
            let len = len_at(self.lens, n.item as u32);
            refilled += u32::from(*len == 0);
            *len += 1;
            q -= STEP;
        }
        if walk::zeros(W) {
            self.zeros -= refilled;
        }
    }

    /// Covers an item: marks it covered and hides every option in its list.
    #[inline]
    fn cover<const W: u8>(&mut self, c: u32) {
        let len = len_at(self.lens, c);
        let empty = *len == 0;
        let options = *len & LENGTH;
        *len += COVERED;
        if walk::zeros(W) {
            self.zeros -= u32::from(empty);
        }
        self.uncovered -= u32::from(c <= self.primaries);
        let before = self.updates;
        self.updates += 1;
        let top = header(c);
        // The loop counts the list's options instead of testing for the header: its exit,
        // mispredicted at the end of most lists, then waits on no load.
        let mut r = at(self.nodes, top).down;
        for _ in 0..options {
            self.hide::<W>(r);
            r = at(self.nodes, r).down;
        }
        debug_assert_eq!(r, top);
        if walk::shares(W) {
            at_mut(self.nodes, top).color = (self.updates - before) as i32;
        }
    }

    /// Undoes [`Dance::cover`].
    #[inline]
    fn uncover<const W: u8>(&mut self, c: u32) {
        let top = header(c);
        // The length of a covered item's list does not change until it is uncovered.
        let options = *len_at(self.lens, c) & LENGTH;
        let mut r = at(self.nodes, top).down;
        for _ in 0..options {
            self.unhide::<W>(r);
            r = at(self.nodes, r).down;
        }
        debug_assert_eq!(r, top);
        let len = len_at(self.lens, c);
        *len -= COVERED;
        let empty = *len == 0;
        if walk::zeros(W) {
            self.zeros += u32::from(empty);
        }
        self.uncovered += u32::from(c <= self.primaries);
    }

    /// Purifies the item of node `p` for `p`'s colour: hides the options that give the item
    /// another colour and marks those that agree.
    fn purify<const W: u8>(&mut self, p: u32) {
        let Node { item, color, .. } = *at(self.nodes, p);
        let c = item as u32;
        self.cleansings += 1;
        let top = header(c);
        let mut r = at(self.nodes, top).down;
        while r != top {
            if at(self.nodes, r).color != color {
                self.hide::<W>(r);
            } else {
                self.cleansings += 1;
                at_mut(self.nodes, r).color = -1;
            }
            r = at(self.nodes, r).down;
        }
    }

    /// Undoes [`Dance::purify`], walking up and left.
    fn unpurify<const W: u8>(&mut self, p: u32) {
        let Node { item, color, .. } = *at(self.nodes, p);
        let c = item as u32;
        let top = header(c);
        let mut r = at(self.nodes, top).up;
        while r != top {
            if at(self.nodes, r).color < 0 {
                at_mut(self.nodes, r).color = color;
            } else {
                self.unhide_left::<W>(r);
            }
            r = at(self.nodes, r).up;
        }
    }

    /// Covers (or purifies) every item of the option of `p` other than `p`'s own, going right
    /// (in the walk [`walk::UNIFORM`], in the option's order: the order of covers changes
    /// neither the lists they leave nor the updates they count, as long as uncommitting
    /// undoes them in reverse).
    #[inline]
    fn commit<const W: u8>(&mut self, p: u32) {
        if walk::kind(W) == walk::UNIFORM {
            let mut q = at(self.nodes, p).color as u32;
            for _ in 1..self.width::<W>() {
                let n = *at(self.nodes, q);
                self.cover::<W>(n.item as u32);
                q = n.color as u32;
            }
            return;
        }
        let mut q = p + STEP;
        while q != p {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            if walk::kind(W) != walk::COLORS || n.color == 0 {
                self.cover::<W>(n.item as u32);
            } else if n.color > 0 {
                self.purify::<W>(q);
            }
            q += STEP;
        }
    }

    /// See [`Matrix::switch`].
    #[inline]
    fn switch<const W: u8>(&mut self, x: u32, y: u32) {
        debug_assert!(walk::shares(W) && walk::kind(W) != walk::COLORS);
        // Walk right from both nodes (through the spacer to the option's start) while the
        // items agree; `a` and `b` end at the first nodes whose items differ, or back at `x`
        // or `y` when one walk is a prefix of the other.
        let (mut a, mut b) = (x + STEP, y + STEP);
        let mut shared = 0u64;
        loop {
            let mut na = *at(self.nodes, a);
            if na.item <= 0 {
                a = na.up;
                na = *at(self.nodes, a);
            }
            let mut nb = *at(self.nodes, b);
            if nb.item <= 0 {
                b = nb.up;
                nb = *at(self.nodes, b);
            }
            if a == x || b == y || na.item != nb.item {
                break;
            }
            shared += u64::from(at(self.nodes, header(na.item as u32)).color as u32);
            a += STEP;
            b += STEP;
        }
        // Uncover `x`'s items from its last one back to `a`, going left.
        if a != x {
            let mut q = x - STEP;
            loop {
                let n = *at(self.nodes, q);
                if n.item <= 0 {
                    q = n.down;
                    continue;
                }
                self.uncover::<W>(n.item as u32);
                if q == a {
                    break;
                }
                q -= STEP;
            }
        }
        self.updates += shared;
        // Cover `y`'s items from `b` on, going right.
        let mut q = b;
        while q != y {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            self.cover::<W>(n.item as u32);
            q += STEP;
        }
    }

    /// Undoes [`Dance::commit`], going left.
    #[inline]
    fn uncommit<const W: u8>(&mut self, p: u32) {
        if walk::kind(W) == walk::UNIFORM && walk::width(W) != 0 {
            // The items in the order `commit` covered them, uncovered in reverse.
            let mut items = [0u32; 4];
            let others = walk::width(W) as usize - 1;
            let mut q = at(self.nodes, p).color as u32;
            for slot in &mut items[..others] {
                let n = *at(self.nodes, q);
                *slot = n.item as u32;
                q = n.color as u32;
            }
            for &item in items[..others].iter().rev() {
                self.uncover::<W>(item);
            }
            return;
        }
        let mut q = p - STEP;
        while q != p {
            let n = *at(self.nodes, q);
            if n.item <= 0 {
                q = n.down;
                continue;
            }
            if walk::kind(W) != walk::COLORS || n.color == 0 {
                self.uncover::<W>(n.item as u32);
            } else if n.color > 0 {
                self.unpurify::<W>(q);
            }
            q -= STEP;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{first_minimum, walk, Template, STEP};
    use crate::xc::Problem;
    use quickcheck::quickcheck;

    #[test]
    fn the_walk_follows_option_length_primary_count_and_colours() {
        let walk_of = |text: &str| Template::of(&Problem::from_dlx(text).unwrap()).walk;
        // Options of one length: linked, the length compiled in for 3 and 4.
        assert_eq!(walk_of("A B\nA B\nA\n"), walk::AROUND);
        assert_eq!(walk_of("A B C\nA B C\nC A B\n"), walk::uniform(3));
        assert_eq!(walk_of("A B | c d\nA B c d\n"), walk::uniform(4));
        assert_eq!(walk_of("A B\nA B\nB A\n"), walk::AROUND);
        assert_eq!(
            walk_of("A B C D E\nA B C D E\nE D C B A\n"),
            walk::uniform(0)
        );
        assert_eq!(walk_of("A B | c d e\nA B c d e\n"), walk::uniform(0));
        // Options of several lengths: the whole option from 5 entries on average.
        assert_eq!(
            walk_of("A B | c d e f\nA B c d e\nB A f e d c\n"),
            walk::WHOLE
        );
        assert_eq!(walk_of("A B | c\nA B c:red\n"), walk::COLORS);
        let many: Vec<String> = (0..128).map(|k| format!("i{k}")).collect();
        let wide = format!("{}\n{}\ni4 i3 i2 i1 i0\n", many.join(" "), many.join(" "));
        assert_eq!(walk_of(&wide), walk::WHOLE | walk::ZEROS);
        let narrow = format!("{}\n{}\ni0 i1\n", many.join(" "), many.join("\n"));
        assert_eq!(walk_of(&narrow), walk::AROUND | walk::ZEROS);
        let triples: Vec<String> = (0..126)
            .map(|k| format!("i{k} i{} i{}", k + 1, k + 2))
            .collect();
        let triples = format!("{}\n{}\n", many.join(" "), triples.join("\n"));
        assert_eq!(walk_of(&triples), walk::uniform(3) | walk::ZEROS);
    }

    #[test]
    fn a_uniform_walk_links_each_node_to_the_next_of_its_option() {
        let template = Template::of(&Problem::from_dlx("A B C\nA B C\nC B A\n").unwrap());
        // Headers 1..=3, a spacer, option 0 at nodes 5..=7, a spacer, option 1 at 9..=11.
        let next: Vec<u32> = template.nodes[5..12]
            .iter()
            .map(|n| n.color as u32 / STEP)
            .collect();
        assert_eq!(next, [6, 7, 5, 0, 10, 11, 9]);
    }

    #[test]
    fn options_that_continue_alike_after_an_item_get_the_sharing_walk() {
        let walk_of = |text: &str| Template::of(&Problem::from_dlx(text).unwrap()).walk;
        let long = "A B C D E F G H I J K";
        // After A, both options go on to B.
        let after = format!("{long}\nA B C D E F\nA B G H I J\n");
        assert_eq!(walk_of(&after), walk::uniform(0) | walk::SHARE);
        // Round the end: after F (the last entry) both go on to A.
        let round = format!("{long}\nA B C D E F\nA G H I J F\nA B C D E\n");
        assert_eq!(walk_of(&round), walk::WHOLE | walk::SHARE);
        // No item is followed by the same item in two options.
        let apart = format!("{long}\nA B C D E F\nB A D C F E\n");
        assert_eq!(walk_of(&apart), walk::uniform(0));
        // Short options never share (Sudoku measured slower with it).
        assert_eq!(walk_of("A B C\nA B\nA B C\n"), walk::AROUND);
        assert_eq!(walk_of("A B C D\nA B C D\nA B D C\n"), walk::uniform(4));
        // Colours keep Knuth's walk.
        assert_eq!(walk_of("A B | x\nA x:1\nA x:1 B\n"), walk::COLORS);
    }

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
