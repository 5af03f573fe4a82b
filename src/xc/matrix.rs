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
//! line. In a spacer, `item` is zero or negative.
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
//! puzzle from 460 to 280 µs in one interleaved run (BENCHMARKS.md, Engine).
//!
//! Both arrays are allocated from an [`Arena`] (crate `typed-arena`), which owns the memory
//! for as long as the solvers that borrow it live; the search borrows the slices mutably and
//! never reallocates them. All of this is private to this module: the search sees items and
//! nodes as `u32` indexes and calls [`Matrix::cover`], [`Matrix::commit`] and their inverses.

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
    /// 0 for no colour, `c + 1` for colour `c`, `-1` once cleansed by a purification.
    color: i32,
}

/// Added to the length of a covered item: larger than any list can be (the builder caps a
/// problem at `i32::MAX / 2` nodes).
pub const COVERED: i32 = 1 << 30;

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
    /// // slot 0, 1 header, 1 node, 2 spacers at 16 bytes; 2 lengths (slot 0 and A) at 4 bytes.
    /// assert_eq!(arena.bytes(), 5 * 16 + 2 * 4);
    /// ```
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.lens.len() * std::mem::size_of::<i32>()
    }
}

/// How many lengths [`Matrix::choose`] compares at a time.
const CHUNK: usize = 16;

/// Bytes per node of the matrix.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// The linked structure of one problem, borrowed from an [`Arena`].
pub(crate) struct Matrix<'a> {
    nodes: &'a mut [Node],
    /// List length of each item (index 0 unused); `+ COVERED` while the item is covered.
    lens: &'a mut [i32],
    /// Number of items; headers are nodes `1..=items`.
    items: u32,
    /// Number of primary items; they are items `1..=primaries`.
    primaries: u32,
    /// Primary items not covered yet.
    uncovered: u32,
    /// First node of each option (indexed by option id).
    option_first: &'a [u32],
    /// Hidden-node count, as Knuth counts "updates".
    pub(crate) updates: u64,
    /// Purifications plus nodes cleansed, as Knuth counts "cleansings".
    pub(crate) cleansings: u64,
}

/// The index of the first smallest value (`None` for an empty slice).
///
/// The values are scanned in chunks of [`CHUNK`], whose minima the compiler computes with
/// vector instructions; the first chunk holding the overall minimum is then searched element
/// by element. A minimum of 0 ends the scan early: lengths are never negative.
#[inline]
fn first_minimum(values: &[i32]) -> Option<usize> {
    let mut best = i32::MAX;
    let mut best_start = 0;
    let mut chunks = values.chunks_exact(CHUNK);
    for (k, chunk) in (&mut chunks).enumerate() {
        let chunk: &[i32; CHUNK] = chunk.try_into().expect("exact chunk");
        let m = chunk.iter().copied().fold(i32::MAX, i32::min);
        if m < best {
            best = m;
            best_start = k * CHUNK;
            if m == 0 {
                break;
            }
        }
    }
    let rest = chunks.remainder();
    let rest_start = values.len() - rest.len();
    if best > 0 {
        let m = rest.iter().copied().fold(i32::MAX, i32::min);
        if m < best {
            best = m;
            best_start = rest_start;
        }
    }
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
}

impl Template {
    /// Lays out the matrix of `problem`.
    pub(crate) fn of(problem: &Problem) -> Template {
        let (nodes, lens, option_first) = layout(problem);
        Template {
            nodes,
            lens,
            option_first,
        }
    }
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
    let mut lens = vec![0i32; n + 1];
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
                color: e.color.map_or(0, |c| c.index() as i32 + 1),
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
    (nodes, lens, option_first)
}

impl<'a> Matrix<'a> {
    // The three accessors below are the only unsafe code in dlxkit. They skip the bounds
    // check, which measurably pays in the hide/unhide loops (BENCHMARKS.md gives the numbers).
    //
    // Invariant: every index the matrix stores -- each node's `up` and `down`, each
    // non-header, non-spacer node's `item`, each entry of `option_first` -- is below
    // `nodes.len()`. `layout` builds the array so (headers are nodes 1..=items, every option
    // is followed by a spacer, a spacer points at the first node of the option before it and
    // the last node of the option after it). Afterwards the array is only changed by cover,
    // uncover, hide, unhide, purify and unpurify, and each of them stores only values it read
    // from those same fields (or `q`, an index it reached through them), so the invariant is
    // kept. The walks `q += 1` / `q -= 1` inside an option start from a node of that option
    // and stop at the spacer that bounds it (there is one after every option and one before
    // the first), so they stay in range too. Callers pass node indexes that come from those
    // fields, or from `option_first` for an `OptionId` that `Solver::force` has checked
    // against the number of options, and item numbers (below `lens.len()` = items + 1, which
    // is at most `nodes.len()`) that come from `choose` or from a node's `item`. Debug builds
    // check every access anyway.

    #[inline(always)]
    #[allow(unsafe_code)]
    fn node(&self, i: u32) -> &Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: `i` is a stored index or reached through one; see the invariant above.
        unsafe { self.nodes.get_unchecked(i as usize) }
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    fn node_mut(&mut self, i: u32) -> &mut Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: as for `node`.
        unsafe { self.nodes.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    fn len_mut(&mut self, item: u32) -> &mut i32 {
        debug_assert!((item as usize) < self.lens.len());
        // SAFETY: `item` is a node's `item` field or comes from `choose`; both are at most
        // `items`, and `lens.len()` is `items + 1`; see the invariant above.
        unsafe { self.lens.get_unchecked_mut(item as usize) }
    }

    /// Builds the matrix of `problem` in `arena`.
    pub(crate) fn new(problem: &'a Problem, arena: &'a Arena) -> Matrix<'a> {
        let template = problem.template();
        let primaries = problem.primary_count() as u32;
        Matrix {
            nodes: arena.nodes.alloc_extend(template.nodes.iter().copied()),
            lens: arena.lens.alloc_extend(template.lens.iter().copied()),
            items: problem.item_count() as u32,
            primaries,
            uncovered: primaries,
            option_first: &template.option_first,
            updates: 0,
            cleansings: 0,
        }
    }

    /// Whether the nodes and lengths equal those of a freshly built matrix of `problem`.
    pub(crate) fn is_pristine(&self, problem: &Problem) -> bool {
        let template = problem.template();
        *self.nodes == template.nodes[..]
            && *self.lens == template.lens[..]
            && self.uncovered == self.primaries
    }

    /// The total number of nodes (headers, entries, spacers).
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The first node of an option.
    #[inline]
    pub(crate) fn option_first(&self, option: OptionId) -> u32 {
        self.option_first[option.index()]
    }

    /// The node below `x` in its item list.
    #[inline(always)]
    pub(crate) fn down(&self, x: u32) -> u32 {
        self.node(x).down
    }

    /// The item of a (non-spacer, non-header) node.
    #[inline(always)]
    pub(crate) fn item(&self, x: u32) -> u32 {
        self.node(x).item as u32
    }

    /// The current length of an item's list (whether covered or not).
    #[inline(always)]
    pub(crate) fn len(&self, item: u32) -> u32 {
        (self.lens[item as usize] & (COVERED - 1)) as u32
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(crate) fn all_covered(&self) -> bool {
        self.uncovered == 0
    }

    /// The option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> OptionId {
        let mut q = x as usize;
        while self.nodes[q].item > 0 {
            q += 1;
        }
        OptionId((-self.nodes[q].item - 1) as u32)
    }

    /// The position (1-based) of node `x` in the list of `item`, and the list's length.
    pub(crate) fn position(&self, item: u32, x: u32) -> (u32, u32) {
        let mut k = 1;
        let mut p = self.down(item);
        while p != x && p != item {
            k += 1;
            p = self.down(p);
        }
        (k, self.len(item))
    }

    /// Knuth's choice: the uncovered primary item with the fewest options, the leftmost on
    /// ties. `None` when every primary item is covered.
    #[inline]
    pub(crate) fn choose(&self) -> Option<u32> {
        let lens = &self.lens[1..=self.primaries as usize];
        first_minimum(lens)
            .filter(|&k| lens[k] < COVERED)
            .map(|k| k as u32 + 1)
    }

    /// Unlinks the other nodes of the option containing `p` from their item lists.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let n = *self.node(q);
            if COLORS && n.color < 0 {
                q += 1;
                continue;
            }
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            self.node_mut(n.up).down = n.down;
            self.node_mut(n.down).up = n.up;
            *self.len_mut(n.item as u32) -= 1;
            self.updates += 1;
            q += 1;
        }
    }

    /// Relinks what [`Matrix::hide`] unlinked.
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let n = *self.node(q);
            if COLORS && n.color < 0 {
                q += 1;
                continue;
            }
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            self.node_mut(n.up).down = q;
            self.node_mut(n.down).up = q;
            *self.len_mut(n.item as u32) += 1;
            q += 1;
        }
    }

    /// Relinks going left (the mirror of [`Matrix::hide`]), as purification is undone.
    #[inline(always)]
    fn unhide_left(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let n = *self.node(q);
            if n.color < 0 {
                q -= 1;
                continue;
            }
            if n.item <= 0 {
                q = n.down;
                continue;
            }
            self.node_mut(n.up).down = q;
            self.node_mut(n.down).up = q;
            *self.len_mut(n.item as u32) += 1;
            q -= 1;
        }
    }

    /// Covers an item: marks it covered and hides every option in its list.
    #[inline]
    pub(crate) fn cover<const COLORS: bool>(&mut self, c: u32) {
        *self.len_mut(c) += COVERED;
        self.uncovered -= u32::from(c <= self.primaries);
        self.updates += 1;
        let mut r = self.node(c).down;
        while r != c {
            self.hide::<COLORS>(r);
            r = self.node(r).down;
        }
    }

    /// Undoes [`Matrix::cover`].
    #[inline]
    pub(crate) fn uncover<const COLORS: bool>(&mut self, c: u32) {
        let mut r = self.node(c).down;
        while r != c {
            self.unhide::<COLORS>(r);
            r = self.node(r).down;
        }
        *self.len_mut(c) -= COVERED;
        self.uncovered += u32::from(c <= self.primaries);
    }

    /// Purifies the item of node `p` for `p`'s colour: hides the options that give the item
    /// another colour and marks those that agree.
    fn purify(&mut self, p: u32) {
        let Node { item, color, .. } = *self.node(p);
        let c = item as u32;
        self.cleansings += 1;
        let mut r = self.node(c).down;
        while r != c {
            if self.node(r).color != color {
                self.hide::<true>(r);
            } else {
                self.cleansings += 1;
                self.node_mut(r).color = -1;
            }
            r = self.node(r).down;
        }
    }

    /// Undoes [`Matrix::purify`], walking up and left.
    fn unpurify(&mut self, p: u32) {
        let Node { item, color, .. } = *self.node(p);
        let c = item as u32;
        let mut r = self.node(c).up;
        while r != c {
            if self.node(r).color < 0 {
                self.node_mut(r).color = color;
            } else {
                self.unhide_left(r);
            }
            r = self.node(r).up;
        }
    }

    /// Covers (or purifies) every item of the option of `p` other than `p`'s own, going right.
    #[inline]
    pub(crate) fn commit<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let n = *self.node(q);
            if n.item <= 0 {
                q = n.up;
                continue;
            }
            if !COLORS || n.color == 0 {
                self.cover::<COLORS>(n.item as u32);
            } else if n.color > 0 {
                self.purify(q);
            }
            q += 1;
        }
    }

    /// Undoes [`Matrix::commit`], going left.
    #[inline]
    pub(crate) fn uncommit<const COLORS: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let n = *self.node(q);
            if n.item <= 0 {
                q = n.down;
                continue;
            }
            if !COLORS || n.color == 0 {
                self.uncover::<COLORS>(n.item as u32);
            } else if n.color > 0 {
                self.unpurify(q);
            }
            q -= 1;
        }
    }

    /// Whether option `o` can still be chosen: none of its items is covered and none of its
    /// nodes has been hidden (valid while covering only grows, as when options are forced).
    pub(crate) fn is_available(&self, option: OptionId) -> bool {
        let first = self.option_first(option) as usize;
        let mut q = first;
        while self.nodes[q].item > 0 {
            let n = self.nodes[q];
            // A node that was hidden is no longer pointed to by its upper neighbour.
            if self.nodes[n.up as usize].down != q as u32 {
                return false;
            }
            // An uncoloured entry needs its item uncovered.
            if n.color == 0 && self.lens[n.item as usize] >= COVERED {
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
            q += 1;
        }
        q
    }

    /// Walks every list and checks that it is consistent, like Knuth's `sanity()`: each item
    /// list closes, its links agree both ways, its nodes belong to it, and its length is right;
    /// the count of uncovered primary items agrees with the lengths.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        let items = self.items as usize;
        let mut uncovered = 0;
        for c in 1..=items {
            let mut q = c;
            let mut len = 0;
            loop {
                let p = self.nodes[q].down as usize;
                if p >= self.nodes.len() {
                    return Err(format!("item {c}: link out of range at node {q}"));
                }
                if self.nodes[p].up as usize != q {
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
            if stored < 0 || stored - if covered { COVERED } else { 0 } != len as i32 {
                return Err(format!(
                    "item {c}: length field {stored} but {len} nodes in the list"
                ));
            }
            if !covered && c <= self.primaries as usize {
                uncovered += 1;
            }
        }
        if uncovered != self.uncovered {
            return Err(format!(
                "{} primary items uncovered, but the count says {}",
                uncovered, self.uncovered
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::first_minimum;
    use quickcheck::quickcheck;

    quickcheck! {
        fn first_minimum_is_the_leftmost_smallest(values: Vec<u16>, zeros: bool) -> bool {
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
            first_minimum(&values) == expected
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
                assert_eq!(first_minimum(&values), Some(at), "len {len}, at {at}");
            }
        }
        assert_eq!(first_minimum(&[]), None);
    }
}
