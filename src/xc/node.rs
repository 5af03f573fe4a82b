//! The node of the dancing links and the two kinds of number it holds (links and item
//! numbers).
//!
//! A [`Node`] is four 32-bit fields, 16 bytes, so four nodes share a 64-byte cache line. As
//! in Knuth's programs a link is a 32-bit number, not a pointer; here it is a *byte offset*
//! into the node array (the index times 16), so following one is a single address
//! computation: x86 can scale an index by 1, 2, 4 or 8 but not by 16.
//!
//! The fourth field is spare, as in Knuth's DLX1, and each kind of matrix gives it one
//! meaning, read and written through the accessor named for it: a colour ([`Node::color`]),
//! the first node of the option ([`Node::first`]), the next node of the option
//! ([`Node::next`]), or in an item's header the updates of its latest cover
//! ([`Node::cover_updates`]). Which one a matrix uses is decided by its walk
//! (`layout.rs`); the minimum-cost search's matrix (`best/links.rs`) keeps the option's net
//! cost there ([`Node::cost`]).
//!
//! A problem with colours and costs, or a cost beyond 32 bits, needs more: the minimum-cost
//! search then takes the second kind of node, the 24-byte [`WideNode`] (a `Node` with its
//! colour, and a 64-bit cost). Both are a [`NodeKind`], reached by a [`Link`] through the
//! same accessor (`node_in`).
//!
//! Reading a node at a link, or an item's length, skips the bounds check: those accessors
//! are in `unchecked.rs`, the one room of the engines' unchecked access (the dancing links',
//! Algorithm M's item entries and per-level arrays, dancing cells' sparse sets), with the
//! invariant that keeps every link in range; `sanity.rs` checks it on the engine's matrix,
//! `best/links.rs`'s `Links::check_invariants` on the minimum-cost search's.

use super::problem::OptionId;

/// A link: the position of a node in the node array, as a byte offset (index x
/// [`NODE_BYTES`]; in an array of the minimum-cost search's [`WideNode`]s, in 8-byte words,
/// see [`NodeKind`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Link(u32);

/// An item as the matrix numbers it: primary items `1..=primaries` then secondary items, each
/// in declaration order (not the problem's [`ItemId`](crate::xc::ItemId)); the item's header
/// is node number `item`, its list length `lens[item]`. Past the items, the spare lengths of
/// the whole-option walk are numbered on the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Item(u32);

/// One node of the matrix: 16 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Previous node in the item's list.
    pub(super) up: Link,
    /// Next node in the item's list.
    pub(super) down: Link,
    /// The item of an option's node (1 or more); 0 in a header; in a spacer, minus one minus
    /// the number of the option before it.
    item: i32,
    /// Knuth's spare field: one meaning per kind of matrix, through the accessors below.
    spare: i32,
}

/// Bytes per node of the matrix.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();
const _: () = assert!(NODE_BYTES == 16);

/// What a link adds per node.
const STEP: u32 = NODE_BYTES as u32;

/// Added to the length of a covered item: larger than any list can be (the builder caps a
/// problem below `1 << 28` nodes, so that a link, 16 bytes a node, fits in 32 bits).
pub(super) const COVERED: i32 = 1 << 30;

/// Added to the length of every secondary item, so that only an uncovered *primary* item can
/// have length 0.
pub(super) const SECONDARY: i32 = 1 << 29;

/// The mask that takes the offsets off a stored length.
pub(super) const LENGTH: i32 = SECONDARY - 1;

impl Link {
    /// The link of the node at `index` in the array.
    #[inline(always)]
    pub(super) const fn at(index: usize) -> Link {
        Link(index as u32 * STEP)
    }

    /// The link as stored: the node's offset in its array, in units of the node's kind
    /// ([`NodeKind::UNIT`]: bytes for a [`Node`]).
    #[inline(always)]
    pub(super) const fn units(self) -> u32 {
        self.0
    }

    /// The node's index in the array.
    #[inline(always)]
    pub(super) const fn index(self) -> usize {
        (self.0 / STEP) as usize
    }

    /// The node to the right, inside the same option (or the spacer after it).
    #[inline(always)]
    pub(super) const fn right(self) -> Link {
        Link(self.0 + STEP)
    }

    /// The node to the left, inside the same option (or the spacer before it).
    #[inline(always)]
    pub(super) const fn left(self) -> Link {
        Link(self.0 - STEP)
    }

    /// How many nodes lie from `start` up to this one (`start` before or at it).
    #[inline(always)]
    pub(super) const fn nodes_from(self, start: Link) -> u32 {
        (self.0 - start.0) / STEP
    }

    /// This link if `keep`, else the link of node 0 (the dummy of the whole-option walk),
    /// without a branch.
    #[inline(always)]
    pub(super) const fn or_dummy(self, keep: u32) -> Link {
        Link(self.0 & keep)
    }
}

impl Item {
    /// The item with the given number (1 or more; 0 names no item).
    #[inline(always)]
    pub(super) const fn new(number: u32) -> Item {
        Item(number)
    }

    /// The item's number, its place in the length array.
    #[inline(always)]
    pub(super) const fn number(self) -> u32 {
        self.0
    }

    /// The link of the item's header node (headers are nodes `1..=items`).
    #[inline(always)]
    pub(super) const fn header(self) -> Link {
        Link(self.0 * STEP)
    }

    /// The item `k` places after this one.
    #[inline(always)]
    pub(super) const fn plus(self, k: u32) -> Item {
        Item(self.0 + k)
    }

    /// This item if `keep` is all ones, else `dummy`, without a branch.
    #[inline(always)]
    pub(super) const fn or_else(self, keep: u32, dummy: Item) -> Item {
        Item((self.0 & keep) | (dummy.0 & !keep))
    }
}

impl Node {
    /// An item's header with an empty list.
    pub(super) fn header(item: Item) -> Node {
        let me = item.header();
        Node {
            up: me,
            down: me,
            item: 0,
            spare: 0,
        }
    }

    /// A node of an option, for `item`, linked between `up` and `down`.
    pub(super) fn entry(item: Item, up: Link, down: Link) -> Node {
        Node {
            up,
            down,
            item: item.0 as i32,
            spare: 0,
        }
    }

    /// The spacer after `option`, pointing up to the option's first node.
    pub(super) fn spacer(option: OptionId, first: Link) -> Node {
        Node {
            up: first,
            down: Link(0),
            item: -(option.index() as i32) - 1,
            spare: 0,
        }
    }

    /// Whether this is a spacer (or a header, or the unused node 0): not a node of an option.
    #[inline(always)]
    pub(super) fn is_spacer(&self) -> bool {
        self.item <= 0
    }

    /// The item of a node of an option.
    #[inline(always)]
    pub(super) fn item(&self) -> Item {
        Item(self.item as u32)
    }

    /// The option a spacer ends.
    pub(super) fn option(&self) -> OptionId {
        OptionId((-self.item - 1) as u32)
    }

    /// In a problem with colours: 0 for no colour, `c + 1` for colour `c`, `-1` once
    /// cleansed by a purification.
    #[inline(always)]
    pub(super) fn color(&self) -> i32 {
        self.spare
    }

    /// Sets the colour (see [`Node::color`]).
    #[inline(always)]
    pub(super) fn set_color(&mut self, color: i32) {
        self.spare = color;
    }

    /// In the walks around an option and through the whole of it: the first node of this
    /// node's option.
    #[inline(always)]
    pub(super) fn first(&self) -> Link {
        Link(self.spare as u32)
    }

    /// In the uniform walk: the next node of this node's option, round from the last to
    /// the first.
    #[inline(always)]
    pub(super) fn next(&self) -> Link {
        Link(self.spare as u32)
    }

    /// Sets the link kept in the spare field ([`Node::first`] or [`Node::next`]).
    pub(super) fn set_option_link(&mut self, link: Link) {
        self.spare = link.0 as i32;
    }

    /// In an item's header, in a walk that shares covers: the updates counted by the item's
    /// latest cover.
    #[inline(always)]
    pub(super) fn cover_updates(&self) -> u32 {
        self.spare as u32
    }

    /// Sets [`Node::cover_updates`].
    #[inline(always)]
    pub(super) fn set_cover_updates(&mut self, updates: u32) {
        self.spare = updates as i32;
    }

    /// In the minimum-cost search's 16-byte matrix: the net cost of the node's option (in
    /// an item's header, the largest cost, which stops every walk down the list).
    #[inline(always)]
    pub(super) fn cost(&self) -> u32 {
        self.spare as u32
    }

    /// Sets [`Node::cost`].
    #[inline(always)]
    pub(super) fn set_cost(&mut self, cost: u32) {
        self.spare = cost as i32;
    }

    /// The fields that make up the lists (links and item), without the spare one.
    pub(super) fn list_fields(&self) -> (Link, Link, i32) {
        (self.up, self.down, self.item)
    }
}

/// The minimum-cost search's node when a colour or a net cost of 32 bits or more must be
/// kept: a [`Node`] whose spare field is the colour ([`Node::color`]), and the option's net
/// cost in 64 bits, as DLX5's. 24 bytes; its links count 8-byte words ([`NodeKind`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct WideNode {
    /// The links, the item and the colour.
    node: Node,
    /// The net cost of the node's option (in an item's header, `u64::MAX`).
    cost: u64,
}

const _: () = assert!(std::mem::size_of::<WideNode>() == 24);

impl WideNode {
    /// `node` (its spare field a colour, or 0), costing `cost`.
    pub(super) fn new(node: Node, cost: u64) -> WideNode {
        WideNode { node, cost }
    }

    /// The net cost of the node's option.
    #[inline(always)]
    pub(super) fn cost(&self) -> u64 {
        self.cost
    }
}

/// The kinds of node a [`Link`] reaches: [`Node`] and [`WideNode`]. A link into an array of
/// them counts [`NodeKind::UNIT`]s of bytes, [`NodeKind::STEP`] a node, so that following one
/// is a single address computation: a [`Node`]'s link is its byte offset (x86 can scale an
/// index by 8 at most, not 16), a [`WideNode`]'s its offset in 8-byte words (so that links
/// into the largest problem the builder takes, below 2^28 nodes, fit in 32 bits: in bytes,
/// 24 a node, they would not).
pub(super) trait NodeKind: Copy {
    /// Bytes per unit of a link: 1 or 8, a scale x86 addressing takes for free.
    const UNIT: usize;
    /// What a link adds per node: the node's size in units.
    const STEP: u32 = (std::mem::size_of::<Self>() / Self::UNIT) as u32;
    /// The links, the item and the spare field.
    fn links(&self) -> &Node;
    /// [`NodeKind::links`], to change.
    fn links_mut(&mut self) -> &mut Node;
}

impl NodeKind for Node {
    const UNIT: usize = 1;
    #[inline(always)]
    fn links(&self) -> &Node {
        self
    }
    #[inline(always)]
    fn links_mut(&mut self) -> &mut Node {
        self
    }
}

impl NodeKind for WideNode {
    const UNIT: usize = 8;
    #[inline(always)]
    fn links(&self) -> &Node {
        &self.node
    }
    #[inline(always)]
    fn links_mut(&mut self) -> &mut Node {
        &mut self.node
    }
}

const _: () = assert!(Node::STEP == STEP && WideNode::STEP * 8 == 24 && (1u64 << 28) * 3 < 1 << 32);

/// Links and items in an array of nodes of kind `K` ([`Link::at`] and the others are these
/// for [`Node`]).
impl Link {
    /// The link of the node at `index` in an array of `K`.
    #[inline(always)]
    pub(super) fn at_in<K: NodeKind>(index: usize) -> Link {
        Link(index as u32 * K::STEP)
    }

    /// The node's index in an array of `K`.
    #[inline(always)]
    pub(super) fn index_in<K: NodeKind>(self) -> usize {
        (self.0 / K::STEP) as usize
    }

    /// The node to the right in an array of `K`, inside the same option (or its spacer).
    #[inline(always)]
    pub(super) fn right_in<K: NodeKind>(self) -> Link {
        Link(self.0 + K::STEP)
    }

    /// The node to the left in an array of `K`, inside the same option (or its spacer).
    #[inline(always)]
    pub(super) fn left_in<K: NodeKind>(self) -> Link {
        Link(self.0 - K::STEP)
    }

    /// How many nodes of `K` lie from `start` up to this one (`start` before or at it).
    #[inline(always)]
    pub(super) fn nodes_from_in<K: NodeKind>(self, start: Link) -> u32 {
        (self.0 - start.0) / K::STEP
    }
}

impl Item {
    /// The link of the item's header node in an array of `K` (headers are nodes
    /// `1..=items`).
    #[inline(always)]
    pub(super) fn header_in<K: NodeKind>(self) -> Link {
        Link(self.0 * K::STEP)
    }
}
