//! The dancing links: a sparse 0/1 matrix as circular doubly linked lists.
//!
//! Every item has a *header node*; every entry of every option is a node of its own, linked up
//! and down into the list of its item. The nodes of one option sit next to each other in one
//! array, with a *spacer* node between consecutive options, so an option is walked by stepping
//! through the array; a spacer's `up` points back to the first node of the option before it
//! and its `down` to the last node of the option after it, so the walk can wrap around in
//! either direction. The items still to be covered form a circular list through the *root*;
//! secondary items have a list of their own, so that covering one can unlink it too.
//!
//! *Covering* an item removes it from its item list and *hides* every option in its list:
//! the option's other nodes are unlinked from their item lists (and those lists' lengths drop).
//! Because an unlinked node keeps its own `up` and `down`, undoing is a relink in the reverse
//! order: this is the dance. With colours (Algorithm C), choosing an option that gives item `X`
//! colour `c` *purifies* `X`: options that give `X` another colour are hidden, those that agree
//! are marked (colour `-1`, a "cleansing") so they are not purified twice.
//!
//! # Representation
//!
//! As in Knuth's programs, a link is a 32-bit index, not a pointer: a [`Node`] is four `i32`/`u32`
//! fields, **16 bytes** (`up`, `down`, `item`, `color`), so four nodes share a 64-byte cache line.
//! In a header node, `item` holds the list's *length*; in a spacer, `item` is zero or negative.
//! Item list links (`prev`, `next`) are a separate array of 8-byte [`Link`]s, one per item plus
//! the two list heads. Both arrays are allocated from an [`Arena`] (crate `typed-arena`), which
//! owns the memory for as long as the solvers that borrow it live; the search borrows the
//! slices mutably and never reallocates them.
//!
//! All of this is private to this module: the search sees items and nodes as `u32` indexes and
//! calls [`Matrix::cover`], [`Matrix::commit`] and their inverses.

use super::problem::{ItemKind, OptionId, Problem};

/// One node of the matrix: 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Previous node in the item's list.
    up: u32,
    /// Next node in the item's list.
    down: u32,
    /// The item of this node (1-based); in a header, the list length; in a spacer, `<= 0`.
    item: i32,
    /// 0 for no colour, `c + 1` for colour `c`, `-1` once cleansed by a purification.
    color: i32,
}

/// The horizontal links of an item header in the list of active items: 8 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Link {
    prev: u32,
    next: u32,
}

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
    links: typed_arena::Arena<Link>,
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

    /// The bytes held by the nodes and links allocated so far.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let _s = Solver::new(&p, &arena);
    /// // 1 header + 1 node + 2 spacers (+ unused slot 0) at 16 bytes, 3 links at 8 bytes.
    /// assert_eq!(arena.bytes(), 5 * 16 + 3 * 8);
    /// ```
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.links.len() * std::mem::size_of::<Link>()
    }
}

/// Bytes per node of the matrix.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// The linked structure of one problem, borrowed from an [`Arena`].
pub(crate) struct Matrix<'a> {
    nodes: &'a mut [Node],
    links: &'a mut [Link],
    /// Number of items; headers are nodes `1..=items`, the secondary list head is `items + 1`.
    items: u32,
    /// First node of each option (indexed by option id).
    option_first: Vec<u32>,
    /// Hidden-node count, as Knuth counts "updates".
    pub(crate) updates: u64,
    /// Purifications plus nodes cleansed, as Knuth counts "cleansings".
    pub(crate) cleansings: u64,
}

/// The root of the list of active primary items.
const ROOT: u32 = 0;

/// Builds the pristine node and link arrays of a problem, and the numbering maps.
fn layout(problem: &Problem) -> (Vec<Node>, Vec<Link>, Vec<u32>) {
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
    let primaries = problem.primary_count() as u32;
    let items = n as u32;

    let mut links = vec![Link::default(); n + 2];
    // Root list: 0, 1, ..., primaries (circular).
    for k in 0..=primaries {
        links[k as usize] = Link {
            prev: if k == 0 { primaries } else { k - 1 },
            next: if k == primaries { 0 } else { k + 1 },
        };
    }
    // Secondary list: head items+1, then primaries+1 ..= items (circular).
    let head = items + 1;
    let mut prev = head;
    for k in primaries + 1..=items {
        links[k as usize].prev = prev;
        links[prev as usize].next = k;
        prev = k;
    }
    links[prev as usize].next = head;
    links[head as usize].prev = prev;

    let total = 1 + n + 1 + problem.entry_count() + problem.option_count();
    let mut nodes = Vec::with_capacity(total);
    nodes.push(Node::default()); // slot 0: the root has no header node
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
            nodes[k as usize].item += 1;
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
    (nodes, links, option_first)
}

impl<'a> Matrix<'a> {
    // The four accessors below are the only unsafe code in dlxkit. They skip the bounds check,
    // which measurably pays in the hide/unhide loops (see BENCHMARKS.md: about a fifth fewer
    // instructions per search on the engine benchmarks).
    //
    // Invariant: every index the matrix stores -- each node's `up` and `down`, each
    // non-header, non-spacer node's `item`, each `Link`'s `prev` and `next`, each entry of
    // `option_first` -- is below `nodes.len()` (for links, `links.len()`). `layout` builds the
    // arrays so (headers are nodes 1..=items, every option is followed by a spacer, a spacer
    // points at the first node of the option before it and the last node of the option after
    // it, links are 0..=items+1). Afterwards the arrays are only changed by cover, uncover,
    // hide, unhide, purify and unpurify, and each of them stores only values it read from
    // those same fields (or `q`, an index it reached through them), so the invariant is kept.
    // The walks `q += 1` / `q -= 1` inside an option start from a node of that option and stop
    // at the spacer that bounds it (there is one after every option and one before the first),
    // so they stay in range too. Callers pass item numbers and node indexes that come from
    // those fields, or from `option_first` for an `OptionId` that `Solver::force` has checked
    // against the number of options. Debug builds check every access anyway.

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
    fn link(&self, i: u32) -> &Link {
        debug_assert!((i as usize) < self.links.len());
        // SAFETY: item numbers and list heads are below `links.len()`; see the invariant.
        unsafe { self.links.get_unchecked(i as usize) }
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    fn link_mut(&mut self, i: u32) -> &mut Link {
        debug_assert!((i as usize) < self.links.len());
        // SAFETY: as for `link`.
        unsafe { self.links.get_unchecked_mut(i as usize) }
    }

    /// Builds the matrix of `problem` in `arena`.
    pub(crate) fn new(problem: &Problem, arena: &'a Arena) -> Matrix<'a> {
        let (nodes, links, option_first) = layout(problem);
        Matrix {
            nodes: arena.nodes.alloc_extend(nodes),
            links: arena.links.alloc_extend(links),
            items: problem.item_count() as u32,
            option_first,
            updates: 0,
            cleansings: 0,
        }
    }

    /// Whether the links equal those of a freshly built matrix of `problem`.
    pub(crate) fn is_pristine(&self, problem: &Problem) -> bool {
        let (nodes, links, _) = layout(problem);
        *self.nodes == nodes[..] && *self.links == links[..]
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

    /// The current length of an item's list.
    #[inline(always)]
    pub(crate) fn len(&self, item: u32) -> u32 {
        self.node(item).item as u32
    }

    /// Whether every primary item is covered.
    #[inline(always)]
    pub(crate) fn all_covered(&self) -> bool {
        self.link(ROOT).next == ROOT
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

    /// Knuth's choice: the active primary item with the fewest options, the leftmost on ties.
    /// `None` when no primary item is active.
    #[inline]
    pub(crate) fn choose(&self) -> Option<u32> {
        let mut k = self.link(ROOT).next;
        if k == ROOT {
            return None;
        }
        let mut best = k;
        let mut best_len = self.node(k).item;
        k = self.link(k).next;
        while best_len > 0 && k != ROOT {
            let len = self.node(k).item;
            if len < best_len {
                best = k;
                best_len = len;
            }
            k = self.link(k).next;
        }
        Some(best)
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
            self.node_mut(n.item as u32).item -= 1;
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
            self.node_mut(n.item as u32).item += 1;
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
            self.node_mut(n.item as u32).item += 1;
            q -= 1;
        }
    }

    /// Covers an item: unlinks it from its list of items and hides every option in its list.
    #[inline]
    pub(crate) fn cover<const COLORS: bool>(&mut self, c: u32) {
        let Link { prev, next } = *self.link(c);
        self.link_mut(prev).next = next;
        self.link_mut(next).prev = prev;
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
        let Link { prev, next } = *self.link(c);
        self.link_mut(prev).next = c;
        self.link_mut(next).prev = c;
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
            let k = n.item as usize;
            // A node that was hidden is no longer pointed to by its upper neighbour.
            if self.nodes[n.up as usize].down != q as u32 {
                return false;
            }
            // An uncoloured entry needs its item still in its list of active items.
            if n.color == 0 && self.links[self.links[k].prev as usize].next != k as u32 {
                return false;
            }
            q += 1;
        }
        true
    }

    /// The first node of option `o` whose item is primary.
    pub(crate) fn primary_node(&self, option: OptionId, primaries: u32) -> u32 {
        let mut q = self.option_first(option);
        while self.item(q) > primaries {
            q += 1;
        }
        q
    }

    /// Walks every list and checks that it is consistent, like Knuth's `sanity()`.
    /// Checks the active item lists, and the item lists of every item (covered or not).
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        let items = self.items as usize;
        for head in [ROOT as usize, items + 1] {
            let mut q = head;
            let mut steps = 0;
            loop {
                let p = self.links[q].next as usize;
                if self.links[p].prev as usize != q {
                    return Err(format!("item list: bad prev link at item {p}"));
                }
                if p == head {
                    break;
                }
                if p == 0 || p > items {
                    return Err(format!("item list: link to {p}, not an item"));
                }
                q = p;
                steps += 1;
                if steps > items {
                    return Err("item list: cycle without its head".into());
                }
            }
        }
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
            if self.nodes[c].item != len as i32 {
                return Err(format!(
                    "item {c}: length field {} but {} nodes in the list",
                    self.nodes[c].item, len
                ));
            }
        }
        Ok(())
    }
}
