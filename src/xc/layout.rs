//! The node layout of a problem's matrix, and which walk it gets.
//!
//! [`Layout::with_order`] turns a [`Problem`] into the pristine arrays of its dancing-links matrix:
//! slot 0 (unused), one header node per item, then the nodes of each option side by side
//! with a spacer before the first option and after every option; and the list length of each
//! item. Every solver starts from a copy of these arrays.
//!
//! # Walks
//!
//! Hiding an option means visiting its other nodes, and there is more than one good way to
//! do it, depending on the problem's shape. The layout decides, once, which *walk* the dance
//! uses (a [`WalkChoice`]); the search is then compiled once per walk, each walk a type that
//! implements [`Walk`], so the choice costs nothing while the links dance. Every walk unlinks
//! and relinks the same nodes in the same lists, so the search tree, and Knuth's counts of
//! nodes and updates, are the same whichever runs:
//!
//! - [`Around`]: Knuth's walk, from the node after the hiding one round through the spacer
//!   back to it (in two straight runs); for uncoloured problems with short options of
//!   several lengths. The spare field of each node holds its option's first node.
//! - [`Colored`]: Knuth's walk with colours (Algorithm C); the spare field holds the colour.
//! - [`Whole`]: the whole option from its first node, a dummy unlinked in place of the hiding
//!   node, with no branch but the loop's; for uncoloured problems with long options
//!   ([`WHOLE_FROM`] entries or more on average), where the branches of Knuth's walk are
//!   hard to predict.
//! - [`Fixed`] and [`Uniform`]: for uncoloured problems whose options all have one length
//!   ([`UNIFORM_FROM`] or more: n-queens, Langford pairs, Sudoku, polyomino placements): the
//!   spare field links each node to the next of its option, and the walk follows those links
//!   a fixed number of times, with no test per node at all. [`Fixed`] has the length compiled
//!   in (3 or 4), [`Uniform`] reads it at run time.
//!
//! Two flags go with the walks: *zeros* (count the uncovered primary items whose list is
//! empty, so the item choice can stop at the first list of length 1; from [`ZEROS_FROM`]
//! primary items) and *share* (move between sibling options without uncovering and covering
//! again the items their walks begin with; only for long options, and only when two options
//! can begin alike). The measurements behind each threshold are in BENCHMARKS.md, "Engine".
//!
//! A new walk is a marker type here, a variant of [`Shape`], its arm in
//! [`WalkChoice::dispatch`], the rule in [`WalkChoice::for_problem`], and its hide and unhide
//! in `walks.rs`.

use std::fmt;
use std::marker::PhantomData;

use super::flip::Flip;
use super::node::{Item, Link, Node, SECONDARY};
use super::problem::{ItemKind, OptionId, Problem};

/// The average option length (entries per option) from which options of several lengths get
/// the walk [`Whole`]; also the length from which a walk may share covers: on shorter
/// options the dummy unlink and the bookkeeping cost more than the branches they save.
pub const WHOLE_FROM: usize = 5;

/// The number of primary items from which the empty lists are counted: counting costs a
/// compare and an add per hidden node, and pays only when the item choice's scan is long.
pub const ZEROS_FROM: usize = 128;

/// The shortest option length that gets the uniform walk: on dominoes (2 entries) Knuth's
/// walk is faster.
pub const UNIFORM_FROM: usize = 3;

/// Spare list lengths after the items', written by the walk [`Whole`] in place of the hiding
/// node's (a power of two).
pub const DUMMIES: u32 = 64;

/// The number of primary items from which the item choice starts each scan where the level
/// above found the first uncovered item (`Matrix::choose_from`): below it, the scan is short
/// enough that remembering a start per level would cost more than it saves.
pub const FAR_FROM: usize = 2048;

/// How many lengths the item choice compares at a time.
pub const CHUNK: usize = 16;

/// The pristine arrays of a problem's matrix, with what the dance needs to walk them.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Slot 0, the headers, the options' nodes and spacers.
    pub(crate) nodes: Vec<Node>,
    /// Each item's list length (slot 0 unused), padded to [`Plan::scanned`], then the
    /// dummies of the walk [`Whole`].
    pub(crate) lens: Vec<i32>,
    /// How to walk and scan them.
    pub(crate) plan: Plan,
}

/// What a matrix keeps of its layout besides the arrays: how to walk and scan them.
#[derive(Debug)]
pub(crate) struct Plan {
    /// How the dance walks options.
    pub(crate) walk: WalkChoice,
    /// The first node of each option.
    pub(crate) option_first: Box<[Link]>,
    /// `1 +` the primary items rounded up to whole [`CHUNK`]s: the lengths the choice scans.
    pub(crate) scanned: usize,
    /// Where the dummy lengths of the walk [`Whole`] start.
    pub(crate) dummies: Item,
    /// The length of every option, in the uniform walks (else 0).
    pub(crate) width: u32,
    /// The seed of the item lists' random order, if they have one.
    pub(crate) seed: Option<u64>,
    /// Whether there are so many primary items ([`FAR_FROM`]) that each level's scan starts
    /// where the level above found the first uncovered one.
    pub(crate) far: bool,
}

impl Layout {
    /// Lays out the matrix of `problem` for `walk`, which must serve it
    /// ([`WalkChoice::serves`]).
    pub(crate) fn with_walk(problem: &Problem, walk: WalkChoice) -> Layout {
        Layout::with_order(problem, walk, None).0
    }

    /// Lays out the matrix of `problem` for `walk`; with a seed, each node goes to a random
    /// place in its item's list, drawn as Knuth's programs draw it with the same seed (so
    /// the options of an item are tried in his order). Returns also the generator as the
    /// layout leaves it, for the search's random choices.
    pub(crate) fn with_order(
        problem: &Problem,
        walk: WalkChoice,
        seed: Option<u64>,
    ) -> (Layout, Option<Flip>) {
        debug_assert!(walk.serves(problem), "{walk} cannot walk this problem");
        let mut order = seed.map(Flip::new);
        let (mut nodes, mut lens, option_first) = match order.as_mut() {
            None => link(problem),
            Some(flip) => link_shuffled(problem, flip),
        };
        // The spare field, as the walk reads it.
        for (option, &first) in problem.options().zip(&option_first) {
            let entries = problem.option(option);
            let first = first.index();
            for (k, entry) in entries.iter().enumerate() {
                let node = &mut nodes[first + k];
                match walk.shape {
                    Shape::Colored => {
                        node.set_color(entry.color.map_or(0, |c| c.index() as i32 + 1))
                    }
                    Shape::Around | Shape::Whole { .. } => node.set_option_link(Link::at(first)),
                    Shape::Fixed3 | Shape::Fixed4 | Shape::Uniform { .. } => {
                        node.set_option_link(Link::at(first + (k + 1) % entries.len()))
                    }
                }
            }
        }
        // The item choice scans whole chunks: pad past the primary items' lengths (the
        // secondary items' lengths, offset by `SECONDARY`, never win; nor does `i32::MAX`).
        let scanned = 1 + problem.primary_count().div_ceil(CHUNK) * CHUNK;
        if lens.len() < scanned {
            lens.resize(scanned, i32::MAX);
        }
        let dummies = Item::new(lens.len() as u32);
        if matches!(walk.shape, Shape::Whole { .. }) {
            lens.extend(std::iter::repeat_n(0, DUMMIES as usize));
        }
        let width = match walk.shape {
            Shape::Fixed3 | Shape::Fixed4 | Shape::Uniform { .. } => {
                uniform_width(problem).unwrap_or(0) as u32
            }
            _ => 0,
        };
        let layout = Layout {
            nodes,
            lens,
            plan: Plan {
                walk,
                option_first: option_first.into(),
                scanned,
                dummies,
                width,
                seed,
                far: problem.primary_count() >= FAR_FROM,
            },
        };
        (layout, order)
    }
}

impl Layout {
    /// Lays out the matrix of `problem` for `walk` with each item's list sorted by the
    /// options' costs, cheapest at the top (ties in the problem's order), as Knuth's DLX5
    /// sorts its lists: a minimum-cost search tries the cheap options first, and the first
    /// option too dear ends the level's options.
    pub(crate) fn by_cost(problem: &Problem, walk: WalkChoice) -> Layout {
        let (mut layout, _) = Layout::with_order(problem, walk, None);
        let nodes = &mut layout.nodes;
        let mut cost = vec![0u64; nodes.len()];
        for (option, first) in problem.options().zip(layout.plan.option_first.iter()) {
            let width = problem.option(option).len();
            cost[first.index()..first.index() + width].fill(problem.option_cost(option));
        }
        let lists: Vec<Vec<u32>> = (0..=problem.item_count() as u32)
            .map(|c| {
                let mut list = Vec::new();
                if c > 0 {
                    let header = Item::new(c).header();
                    let mut x = nodes[header.index()].down;
                    while x != header {
                        list.push(x.index() as u32);
                        x = nodes[x.index()].down;
                    }
                    list.sort_by_key(|&k| cost[k as usize]);
                }
                list
            })
            .collect();
        relink(nodes, &lists);
        layout
    }
}

/// Links each item's list (by item number, from 1) top to bottom in the order given.
fn relink(nodes: &mut [Node], lists: &[Vec<u32>]) {
    for (c, list) in lists.iter().enumerate().skip(1) {
        let header = Item::new(c as u32).header();
        let mut above = header;
        for &k in list {
            let me = Link::at(k as usize);
            nodes[k as usize].up = above;
            nodes[above.index()].down = me;
            above = me;
        }
        nodes[above.index()].down = header;
        nodes[header.index()].up = above;
    }
}

/// Builds the linked lists of a problem: the node array (spare fields left 0), the lengths,
/// and the first node of each option.
fn link(problem: &Problem) -> (Vec<Node>, Vec<i32>, Vec<Link>) {
    let n = problem.item_count();
    // The matrix's numbering: primary items first, then secondary, each in declaration order.
    let mut number = vec![Item::default(); n];
    let mut next = 1;
    for kind in [ItemKind::Primary, ItemKind::Secondary] {
        for item in problem.items() {
            if problem.item_kind(item) == kind {
                number[item.index()] = Item::new(next);
                next += 1;
            }
        }
    }
    let primaries = problem.primary_count();
    let mut lens: Vec<i32> = (0..=n)
        .map(|k| if k > primaries { SECONDARY } else { 0 })
        .collect();
    let total = 1 + n + 1 + problem.entry_count() + problem.option_count();
    let mut nodes = Vec::with_capacity(total);
    nodes.push(Node::default()); // slot 0 is not a header
    nodes.extend((1..=n as u32).map(|k| Node::header(Item::new(k))));
    nodes.push(Node::default()); // the first spacer
    let mut option_first = Vec::with_capacity(problem.option_count());
    let mut spacer = nodes.len() - 1;
    for option in problem.options() {
        let first = Link::at(nodes.len());
        option_first.push(first);
        for e in problem.option(option) {
            let item = number[e.item.index()];
            let me = Link::at(nodes.len());
            let head = item.header().index();
            let bottom = nodes[head].up;
            nodes.push(Node::entry(item, bottom, item.header()));
            nodes[bottom.index()].down = me;
            nodes[head].up = me;
            lens[item.number() as usize] += 1;
        }
        nodes[spacer].down = Link::at(nodes.len() - 1);
        spacer = nodes.len();
        nodes.push(Node::spacer(option, first));
    }
    (nodes, lens, option_first)
}

/// [`link`] with every node put in a random place of its item's list, as Knuth's programs
/// put it when they are given a seed: when a list of `n` nodes gets one more, a uniform `t`
/// below `n + 1` places it before the `t`-th node (at the bottom for `t = 0`).
fn link_shuffled(problem: &Problem, flip: &mut Flip) -> (Vec<Node>, Vec<i32>, Vec<Link>) {
    let (mut nodes, lens, option_first) = link(problem);
    let items = problem.item_count();
    // Each list's nodes, top to bottom, in the order the random insertions leave them.
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
    for (k, node) in nodes.iter().enumerate() {
        if !node.is_spacer() {
            let list = &mut lists[node.item().number() as usize];
            let t = flip.below(list.len() as u32 + 1) as usize;
            let at = if t == 0 { list.len() } else { t - 1 };
            list.insert(at, k as u32);
        }
    }
    relink(&mut nodes, &lists);
    (nodes, lens, option_first)
}

/// Each primary item's options in the order of its list on the links under `seed` (the
/// items in the matrix's numbering, primary ones first), and the generator as the layout
/// leaves it for the item choice: what the bit sets need to search the links' seeded tree
/// (`bits/moves.rs`).
pub(crate) fn seeded_lists(problem: &Problem, seed: u64) -> (Vec<Vec<OptionId>>, Flip) {
    let mut flip = Flip::new(seed);
    let (nodes, _, option_first) = link_shuffled(problem, &mut flip);
    let mut option_of = vec![OptionId::new(0); nodes.len()];
    for (option, first) in problem.options().zip(&option_first) {
        let width = problem.option(option).len();
        option_of[first.index()..first.index() + width].fill(option);
    }
    let lists = (1..=problem.primary_count() as u32)
        .map(|c| {
            let header = Item::new(c).header();
            let mut list = Vec::new();
            let mut x = nodes[header.index()].down;
            while x != header {
                list.push(option_of[x.index()]);
                x = nodes[x.index()].down;
            }
            list
        })
        .collect();
    (lists, flip)
}

/// The length every option of `problem` has, if they all have the same one (and there is
/// at least one option).
fn uniform_width(problem: &Problem) -> Option<usize> {
    let mut widths = problem.options().map(|o| problem.option(o).len());
    let first = widths.next()?;
    widths.all(|w| w == first).then_some(first)
}

/// Whether two options that contain one item have the same item next after it (going right,
/// from the last entry round to the first): only then can two options of one list begin
/// their walks alike, so that a cover can be shared.
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

/// The kinds of walk (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Knuth's walk round the option, uncoloured.
    Around,
    /// Knuth's walk with colours.
    Colored,
    /// The whole option, a dummy for the hiding node.
    Whole,
    /// The option's links, a fixed number of times.
    Uniform,
}

/// One way of walking options, compiled into the search: its kind and flags as constants.
pub(crate) trait Walk: 'static {
    /// The kind of walk.
    const KIND: Kind;
    /// Whether the dance counts the uncovered primary items with an empty list.
    const ZEROS: bool;
    /// Whether the search moves between sibling options sharing covers (every cover then
    /// keeps its count of updates in its header).
    const SHARE: bool;
    /// The option length compiled in (the walk [`Fixed`]); 0 when it is read at run time or
    /// does not apply.
    const WIDTH: u32;
}

/// A flag of a walk, as a type: [`On`] or [`Off`].
pub(crate) trait Flag: 'static {
    /// Whether the flag is set.
    const ON: bool;
}

/// The flag is set.
pub(crate) struct On;
/// The flag is not set.
pub(crate) struct Off;

impl Flag for On {
    const ON: bool = true;
}
impl Flag for Off {
    const ON: bool = false;
}

/// Knuth's walk, uncoloured, counting empty lists if `Z`.
pub(crate) struct Around<Z>(PhantomData<Z>);
/// Knuth's walk with colours, counting empty lists if `Z`.
pub(crate) struct Colored<Z>(PhantomData<Z>);
/// The whole option, counting empty lists if `Z`, sharing covers if `S`.
pub(crate) struct Whole<Z, S>(PhantomData<(Z, S)>);
/// The uniform walk with options of `N` entries compiled in, counting empty lists if `Z`.
pub(crate) struct Fixed<const N: u32, Z>(PhantomData<Z>);
/// The uniform walk with the option length read at run time, counting empty lists if `Z`,
/// sharing covers if `S`.
pub(crate) struct Uniform<Z, S>(PhantomData<(Z, S)>);

impl<Z: Flag> Walk for Around<Z> {
    const KIND: Kind = Kind::Around;
    const ZEROS: bool = Z::ON;
    const SHARE: bool = false;
    const WIDTH: u32 = 0;
}

impl<Z: Flag> Walk for Colored<Z> {
    const KIND: Kind = Kind::Colored;
    const ZEROS: bool = Z::ON;
    const SHARE: bool = false;
    const WIDTH: u32 = 0;
}

impl<Z: Flag, S: Flag> Walk for Whole<Z, S> {
    const KIND: Kind = Kind::Whole;
    const ZEROS: bool = Z::ON;
    const SHARE: bool = S::ON;
    const WIDTH: u32 = 0;
}

impl<const N: u32, Z: Flag> Walk for Fixed<N, Z> {
    const KIND: Kind = Kind::Uniform;
    const ZEROS: bool = Z::ON;
    const SHARE: bool = false;
    // Uncommitting keeps the other items of an option in a buffer of 4.
    const WIDTH: u32 = {
        assert!(N >= 1 && N <= 5, "a fixed width is 1 to 5 entries");
        N
    };
}

impl<Z: Flag, S: Flag> Walk for Uniform<Z, S> {
    const KIND: Kind = Kind::Uniform;
    const ZEROS: bool = Z::ON;
    const SHARE: bool = S::ON;
    const WIDTH: u32 = 0;
}

/// The walks a layout can choose, without the zeros flag: each names one marker type
/// (share only where the marker type has the flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    Around,
    Colored,
    Whole { share: bool },
    Fixed3,
    Fixed4,
    Uniform { share: bool },
}

/// Which walk a matrix uses: decided by [`WalkChoice::for_problem`] when the matrix is laid
/// out, or forced for tests (`Solver::with_walk`).
///
/// ```
/// use dlxkit::xc::WalkChoice;
/// assert_eq!(WalkChoice::all().count(), 16);
/// ```
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WalkChoice {
    shape: Shape,
    zeros: bool,
}

/// Code compiled once per walk: [`WalkChoice::dispatch`] calls [`WalkFn::call`] with the
/// walk's type.
pub(crate) trait WalkFn {
    /// What the call returns.
    type Output;
    /// Runs the code for the walk `W`.
    fn call<W: Walk>(self) -> Self::Output;
}

impl WalkChoice {
    /// The walk that suits `problem` (see the module documentation).
    pub(crate) fn for_problem(problem: &Problem) -> WalkChoice {
        let colored = problem.has_colors();
        if problem.has_bounds() {
            // Algorithm M is compiled for Knuth's walks only (`multiplicity.rs`).
            let shape = if colored {
                Shape::Colored
            } else {
                Shape::Around
            };
            return WalkChoice {
                shape,
                zeros: false,
            };
        }
        let zeros = problem.primary_count() >= ZEROS_FROM;
        let width = uniform_width(problem).filter(|&w| w >= UNIFORM_FROM && !colored);
        let long = match width {
            Some(w) => w >= WHOLE_FROM,
            None => problem.entry_count() >= WHOLE_FROM * problem.option_count(),
        };
        let share = long && !colored && may_share(problem);
        let shape = match width {
            _ if colored => Shape::Colored,
            Some(3) => Shape::Fixed3,
            Some(4) => Shape::Fixed4,
            Some(_) => Shape::Uniform { share },
            None if long => Shape::Whole { share },
            None => Shape::Around,
        };
        WalkChoice { shape, zeros }
    }

    /// Every walk the search is compiled for.
    pub fn all() -> impl Iterator<Item = WalkChoice> {
        let shapes = [
            Shape::Around,
            Shape::Colored,
            Shape::Whole { share: false },
            Shape::Whole { share: true },
            Shape::Fixed3,
            Shape::Fixed4,
            Shape::Uniform { share: false },
            Shape::Uniform { share: true },
        ];
        shapes
            .into_iter()
            .flat_map(|shape| [false, true].map(|zeros| WalkChoice { shape, zeros }))
    }

    /// Whether this walk can solve `problem`: Knuth's walk with colours solves any problem,
    /// the others only uncoloured ones, and the uniform walks only problems whose options
    /// all have one length (the one compiled in, for [`Fixed`]). A problem with bounds is
    /// solved by Algorithm M, compiled only for the walk [`WalkChoice::for_problem`] picks.
    pub fn serves(self, problem: &Problem) -> bool {
        let colored = problem.has_colors();
        if problem.has_bounds() {
            return !self.zeros && self.shape == WalkChoice::for_problem(problem).shape;
        }
        let width = || match problem.option_count() {
            0 => Some(None),
            _ => uniform_width(problem).map(Some),
        };
        match self.shape {
            Shape::Colored => true,
            Shape::Around | Shape::Whole { .. } => !colored,
            Shape::Fixed3 => !colored && matches!(width(), Some(None | Some(3))),
            Shape::Fixed4 => !colored && matches!(width(), Some(None | Some(4))),
            Shape::Uniform { .. } => !colored && width().is_some(),
        }
    }

    /// Whether the dance counts empty lists.
    pub(crate) fn zeros(self) -> bool {
        self.zeros
    }

    /// Whether this is Knuth's walk with colours.
    pub(crate) fn colored(self) -> bool {
        self.shape == Shape::Colored
    }

    /// Runs `f` compiled for this walk: the one place where a walk value becomes a type.
    pub(crate) fn dispatch<F: WalkFn>(self, f: F) -> F::Output {
        if self.zeros {
            self.shape.dispatch::<On, F>(f)
        } else {
            self.shape.dispatch::<Off, F>(f)
        }
    }
}

impl Shape {
    fn dispatch<Z: Flag, F: WalkFn>(self, f: F) -> F::Output {
        match self {
            Shape::Around => f.call::<Around<Z>>(),
            Shape::Colored => f.call::<Colored<Z>>(),
            Shape::Whole { share: false } => f.call::<Whole<Z, Off>>(),
            Shape::Whole { share: true } => f.call::<Whole<Z, On>>(),
            Shape::Fixed3 => f.call::<Fixed<3, Z>>(),
            Shape::Fixed4 => f.call::<Fixed<4, Z>>(),
            Shape::Uniform { share: false } => f.call::<Uniform<Z, Off>>(),
            Shape::Uniform { share: true } => f.call::<Uniform<Z, On>>(),
        }
    }
}

impl fmt::Display for WalkChoice {
    /// The walk's name and its flags, as `whole+zeros+share`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, share) = match self.shape {
            Shape::Around => ("around", false),
            Shape::Colored => ("colored", false),
            Shape::Whole { share } => ("whole", share),
            Shape::Fixed3 => ("fixed3", false),
            Shape::Fixed4 => ("fixed4", false),
            Shape::Uniform { share } => ("uniform", share),
        };
        f.write_str(name)?;
        if self.zeros {
            f.write_str("+zeros")?;
        }
        if share {
            f.write_str("+share")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Layout, Link, WalkChoice};
    use crate::xc::Problem;

    fn walk_of(text: &str) -> String {
        WalkChoice::for_problem(&Problem::from_dlx(text).unwrap()).to_string()
    }

    #[test]
    fn the_walk_follows_option_length_primary_count_and_colours() {
        // Options of one length: linked, the length compiled in for 3 and 4.
        assert_eq!(walk_of("A B\nA B\nA\n"), "around");
        assert_eq!(walk_of("A B C\nA B C\nC A B\n"), "fixed3");
        assert_eq!(walk_of("A B | c d\nA B c d\n"), "fixed4");
        assert_eq!(walk_of("A B\nA B\nB A\n"), "around");
        assert_eq!(walk_of("A B C D E\nA B C D E\nE D C B A\n"), "uniform");
        assert_eq!(walk_of("A B | c d e\nA B c d e\n"), "uniform");
        // Options of several lengths: the whole option from 5 entries on average.
        assert_eq!(walk_of("A B | c d e f\nA B c d e\nB A f e d c\n"), "whole");
        assert_eq!(walk_of("A B | c\nA B c:red\n"), "colored");
        let many: Vec<String> = (0..128).map(|k| format!("i{k}")).collect();
        let wide = format!("{}\n{}\ni4 i3 i2 i1 i0\n", many.join(" "), many.join(" "));
        assert_eq!(walk_of(&wide), "whole+zeros");
        let narrow = format!("{}\n{}\ni0 i1\n", many.join(" "), many.join("\n"));
        assert_eq!(walk_of(&narrow), "around+zeros");
        let triples: Vec<String> = (0..126)
            .map(|k| format!("i{k} i{} i{}", k + 1, k + 2))
            .collect();
        let triples = format!("{}\n{}\n", many.join(" "), triples.join("\n"));
        assert_eq!(walk_of(&triples), "fixed3+zeros");
    }

    #[test]
    fn options_that_continue_alike_after_an_item_get_the_sharing_walk() {
        let long = "A B C D E F G H I J K";
        // After A, both options go on to B.
        let after = format!("{long}\nA B C D E F\nA B G H I J\n");
        assert_eq!(walk_of(&after), "uniform+share");
        // Round the end: after F (the last entry) both go on to A.
        let round = format!("{long}\nA B C D E F\nA G H I J F\nA B C D E\n");
        assert_eq!(walk_of(&round), "whole+share");
        // No item is followed by the same item in two options.
        let apart = format!("{long}\nA B C D E F\nB A D C F E\n");
        assert_eq!(walk_of(&apart), "uniform");
        // Short options never share.
        assert_eq!(walk_of("A B C\nA B\nA B C\n"), "around");
        assert_eq!(walk_of("A B C D\nA B C D\nA B D C\n"), "fixed4");
        // Colours keep Knuth's walk.
        assert_eq!(walk_of("A B | x\nA x:1\nA x:1 B\n"), "colored");
    }

    #[test]
    fn the_chosen_walk_serves_its_problem_and_only_colored_serves_colours() {
        let plain = Problem::from_dlx("A B C\nA B C\nC A B\n").unwrap();
        assert!(WalkChoice::for_problem(&plain).serves(&plain));
        // All but the fixed width of 4.
        assert_eq!(WalkChoice::all().filter(|w| w.serves(&plain)).count(), 14);
        let colored = Problem::from_dlx("A | x\nA x:1\n").unwrap();
        let names: Vec<String> = WalkChoice::all()
            .filter(|w| w.serves(&colored))
            .map(|w| w.to_string())
            .collect();
        assert_eq!(names, ["colored", "colored+zeros"]);
    }

    #[test]
    fn a_uniform_walk_links_each_node_to_the_next_of_its_option() {
        let problem = Problem::from_dlx("A B C\nA B C\nC B A\n").unwrap();
        let layout = Layout::with_walk(&problem, WalkChoice::for_problem(&problem));
        // Headers 1..=3, a spacer, option 0 at nodes 5..=7, a spacer, option 1 at 9..=11.
        let next: Vec<Link> = layout.nodes[5..12].iter().map(|n| n.next()).collect();
        let expected = [6, 7, 5, 0, 10, 11, 9].map(Link::at);
        assert_eq!(next, expected);
    }
}
