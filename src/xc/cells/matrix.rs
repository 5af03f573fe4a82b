//! The sparse sets of dancing cells: each item's active options as a prefix of one array,
//! the active items as a prefix of another, so that removing an element is one swap and
//! undoing a level is restoring a few sizes.
//!
//! The layout is Knuth's in SSXCC. `set` holds, for each item, two header entries (the
//! item's position in `item`, and its size) followed by the nodes of its options; an item
//! is named by the index `x` of its first option slot, so `set[x - 1]` is its size and
//! `set[x - 2]` its position. `nodes` holds the options one after another, each followed
//! by a spacer whose `item` is minus the option's length (the way back to its first node).
//! A node's colour sits apart from it, in `colors`: the inner loop of `hide` reads a
//! node's item and place, and only the first node of each option it walks needs a colour,
//! so eight-byte nodes keep more options in the cache.

use super::super::flip::Flip;
use super::super::problem::{ItemId, ItemKind, OptionId, Problem};

/// One entry of an option (or a spacer after one); its colour is in `colors`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    /// The item's index `x` in `set`; a spacer: minus the length of the option before it.
    pub item: i32,
    /// Where this node sits in its item's set (a spacer: unused).
    pub loc: i32,
}

/// The sparse sets both searches start from (SSXCC's and SSMCC's): items primary first,
/// then secondary, each in the problem's order; each item's options in the problem's order,
/// options without a primary item left out, as Knuth does. Each item has `head` header
/// entries before its options in `set`, which the caller fills.
pub(super) struct Sets {
    /// The problem's index of each item, by rank.
    pub items: Vec<usize>,
    /// How many options each item has, by rank.
    pub sizes: Vec<i32>,
    /// Each item's index `x` in `set`, by rank.
    pub base: Vec<i32>,
    /// The index `x` of the first secondary item (past the end when there is none).
    pub second: i32,
    /// The items' sets, options filled in, headers zero.
    pub set: Vec<i32>,
    /// The options' nodes, each option followed by its spacer.
    pub nodes: Vec<Node>,
    /// Each node's colour (0: none); a spacer's: its option's index in the problem.
    pub colors: Vec<i32>,
}

impl Sets {
    pub fn new(problem: &Problem, head: i32) -> Sets {
        let items: Vec<usize> = problem
            .items()
            .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
            .chain(
                problem
                    .items()
                    .filter(|&i| problem.item_kind(i) == ItemKind::Secondary),
            )
            .map(|i| i.index())
            .collect();
        let mut rank = vec![0usize; problem.item_count()];
        for (r, &i) in items.iter().enumerate() {
            rank[i] = r;
        }
        let kept: Vec<OptionId> = problem
            .options()
            .filter(|&o| {
                problem
                    .option(o)
                    .iter()
                    .any(|e| problem.item_kind(e.item) == ItemKind::Primary)
            })
            .collect();
        let mut sizes = vec![0i32; items.len()];
        for &o in &kept {
            for e in problem.option(o) {
                sizes[rank[e.item.index()]] += 1;
            }
        }
        let mut base = Vec::with_capacity(items.len());
        let mut next = head;
        for &size in &sizes {
            base.push(next);
            next += size + head;
        }
        let second = base.get(problem.primary_count()).copied().unwrap_or(next);
        let mut set = vec![0i32; (next - head).max(0) as usize];
        let mut filled = vec![0i32; items.len()];
        let mut nodes = vec![Node::default()];
        let mut colors = vec![0];
        for &o in &kept {
            let entries = problem.option(o);
            for e in entries {
                let r = rank[e.item.index()];
                let x = base[r];
                let loc = x + filled[r];
                filled[r] += 1;
                set[loc as usize] = nodes.len() as i32;
                nodes.push(Node { item: x, loc });
                colors.push(e.color.map_or(0, |c| c.index() as i32 + 1));
            }
            nodes.push(Node {
                item: -(entries.len() as i32),
                loc: 0,
            });
            colors.push(o.index() as i32);
        }
        Sets {
            items,
            sizes,
            base,
            second,
            set,
            nodes,
            colors,
        }
    }

    /// For Knuth's sharp preference: by index `x` in `set`, whether the item is primary
    /// and not named `#...` (so it is branched on only after every `#` item, unless it has
    /// at most one option).
    pub fn unsharp(&self, problem: &Problem) -> Vec<bool> {
        // An item without options at the end has its `x` just past `set`.
        let mut unsharp = vec![false; self.set.len() + 1];
        for (&i, &x) in self.items.iter().zip(&self.base) {
            if x < self.second && !problem.item_name(ItemId(i as u32)).starts_with('#') {
                unsharp[x as usize] = true;
            }
        }
        unsharp
    }
}

/// The state of a search on dancing cells.
#[derive(Clone, Debug)]
pub(super) struct Cells {
    pub nodes: Vec<Node>,
    /// Each node's colour (see [`Sets::colors`]).
    pub colors: Vec<i32>,
    pub set: Vec<i32>,
    /// The items, active ones first.
    pub item: Vec<i32>,
    /// How many items are active.
    pub active: usize,
    /// Items at `set` index `second` and above are secondary.
    pub second: i32,
    /// Primary items left with one option, found while hiding or choosing.
    pub force: Vec<i32>,
    /// Items removed from sets (options hidden) plus items swapped out.
    pub updates: u64,
    /// Whether some primary item has no option at all (no search is needed).
    pub uncoverable: bool,
    /// With the sharp preference, the items it puts last (see [`Sets::unsharp`]); empty
    /// without it.
    pub unsharp: Vec<bool>,
}

impl Cells {
    /// The sparse sets of `problem` (whose items have no bounds): primary items first, then
    /// secondary ones, each in the problem's order; each item's options in the problem's
    /// order; options without a primary item left out, as Knuth does. With `sharp`, the
    /// item choice takes Knuth's sharp preference.
    pub fn new(problem: &Problem, sharp: bool) -> Cells {
        let sets = Sets::new(problem, 2);
        let unsharp = if sharp {
            sets.unsharp(problem)
        } else {
            Vec::new()
        };
        let Sets {
            items,
            sizes,
            base,
            second,
            mut set,
            nodes,
            colors,
        } = sets;
        for (r, &x) in base.iter().enumerate() {
            set[x as usize - 2] = r as i32;
            set[x as usize - 1] = sizes[r];
        }
        let primary = problem.primary_count();
        Cells {
            nodes,
            colors,
            item: base,
            active: items.len(),
            second,
            force: Vec::new(),
            updates: 0,
            uncoverable: sizes[..primary].contains(&0),
            set,
            unsharp,
        }
    }

    /// The item's size: how many of its options are active.
    #[inline]
    pub fn size(&self, x: i32) -> i32 {
        get(&self.set, x as usize - 1)
    }

    /// The item's position in `item`.
    #[inline]
    pub fn pos(&self, x: i32) -> usize {
        get(&self.set, x as usize - 2) as usize
    }

    #[inline]
    fn set_pos(&mut self, x: i32, pos: usize) {
        *get_mut(&mut self.set, x as usize - 2) = pos as i32;
    }

    /// Swaps item `x` (at position `from`) with the one at position `to`.
    #[inline]
    fn swap_items(&mut self, x: i32, from: usize, to: usize) {
        let other = get(&self.item, to);
        *get_mut(&mut self.item, to) = x;
        *get_mut(&mut self.item, from) = other;
        self.set_pos(other, from);
        self.set_pos(x, to);
        self.updates += 1;
    }

    /// Makes `x` (an active item) the last active item and deactivates it.
    pub fn swap_out(&mut self, x: i32) {
        let last = self.active - 1;
        let from = self.pos(x);
        self.swap_items(x, from, last);
        self.active = last;
    }

    /// Deactivates the items of the option of node `chosen` other than its own, those
    /// still active.
    pub fn swap_out_others(&mut self, chosen: usize) {
        let mut p = self.active;
        let mut q = chosen + 1;
        while q != chosen {
            let c = node(&self.nodes, q).item;
            if c < 0 {
                q = (q as i64 + c as i64) as usize;
                continue;
            }
            let from = self.pos(c);
            if from < p {
                p -= 1;
                self.swap_items(c, from, p);
            }
            q += 1;
        }
        self.active = p;
    }

    /// Hides the options of item `c` that do not agree with `color` (0: all of them) from
    /// the other sets of items positioned below `oactive`. With `CHECK`, returns false as
    /// soon as an active primary item would be left without options, and pushes those
    /// left with one on the force stack.
    ///
    /// Not inlined: inlined into the search loop (both instances), it ran slower.
    #[inline(never)]
    pub fn hide<const CHECK: bool>(&mut self, c: i32, color: i32, oactive: usize) -> bool {
        if color == 0 {
            self.hide_in::<CHECK, false>(c, 0, oactive)
        } else {
            self.hide_in::<CHECK, true>(c, color, oactive)
        }
    }

    /// [`Cells::hide`] for options of any colour (`COLORED` false) or of a colour other
    /// than `color`: two loops, so that the uncoloured one tests no colour.
    #[inline(always)]
    fn hide_in<const CHECK: bool, const COLORED: bool>(
        &mut self,
        c: i32,
        color: i32,
        oactive: usize,
    ) -> bool {
        let set = &mut self.set[..];
        let nodes = &mut self.nodes[..];
        let colors = &self.colors[..];
        let mut rare = Rare {
            force: &mut self.force,
            second: self.second,
            active: self.active,
        };
        // In a local, not in `self` or `rare`: a count the cold call could see would be
        // written to memory at every update.
        let mut updates = 0u64;
        let end = c + get(set, c as usize - 1);
        let mut ok = true;
        'options: for rr in c..end {
            let tt = get(set, rr as usize) as usize;
            if COLORED && get(colors, tt) == color {
                continue;
            }
            let mut nn = tt + 1;
            while nn != tt {
                let Node { item: uu, loc: vv } = *node(nodes, nn);
                if uu < 0 {
                    nn = nn.wrapping_add_signed(uu as isize);
                    continue;
                }
                let pos = get(set, uu as usize - 2) as usize;
                if pos < oactive {
                    let ss = get(set, uu as usize - 1) - 1;
                    if CHECK && ss <= 1 {
                        if !rare.left_one(set, nodes, nn, uu, vv, ss, pos) {
                            ok = false;
                            break 'options;
                        }
                        // Written apart from the common case (not as one `if`/`else`
                        // with a shared count): so the compiler kept the count and `end`
                        // in registers, 7% fewer instructions on de Bruijn `0 3 6`.
                        updates += 1;
                        nn += 1;
                        continue;
                    }
                    remove(set, nodes, nn, uu, vv, ss);
                    updates += 1;
                }
                nn += 1;
            }
        }
        self.updates += updates;
        ok
    }

    /// Pushes each active item and its size on `stack`: what [`Cells::restore_sizes`]
    /// brings back when the search tries the next option at this level.
    #[inline]
    pub fn save_sizes(&self, stack: &mut Vec<(i32, i32)>) {
        let set = &self.set[..];
        stack.extend(
            self.item[..self.active]
                .iter()
                .map(|&x| (x, get(set, x as usize - 1))),
        );
    }

    /// Makes the items of `saved` (pushed by [`Cells::save_sizes`]) the active ones again,
    /// with their sizes then.
    #[inline]
    pub fn restore_sizes(&mut self, saved: &[(i32, i32)]) {
        self.active = saved.len();
        let set = &mut self.set[..];
        for &(x, size) in saved {
            *get_mut(set, x as usize - 1) = size;
        }
    }

    /// The option (in the problem) of a node.
    pub fn option_of(&self, node: usize) -> OptionId {
        let mut q = node;
        while self.nodes[q].item >= 0 {
            q += 1;
        }
        OptionId::new(self.colors[q] as usize)
    }
}

/// Removes node `nn` (of item `uu`, at `vv` in its set) from that set, whose size becomes
/// `ss`: the node swaps places with the set's last active node.
#[inline(always)]
fn remove(set: &mut [i32], nodes: &mut [Node], nn: usize, uu: i32, vv: i32, ss: i32) {
    let last = (uu + ss) as usize;
    let nnp = get(set, last);
    *get_mut(set, uu as usize - 1) = ss;
    *get_mut(set, last) = nn as i32;
    *get_mut(set, vv as usize) = nnp;
    node_mut(nodes, nn).loc = last as i32;
    node_mut(nodes, nnp as usize).loc = vv;
}

/// What `Cells::hide` needs only in its rare case, kept out of its loop's registers.
struct Rare<'a> {
    force: &'a mut Vec<i32>,
    second: i32,
    active: usize,
}

impl Rare<'_> {
    /// Removes node `nn` as [`remove`] does, from the set of item `uu` (at `pos` in
    /// `item`) left with `ss` options, at most one: false instead if that leaves an active
    /// primary item empty; an active primary item left with one goes on the force stack.
    /// Out of the loop (and tested last) since it is rarely true: testing `pos` first costs
    /// mispredicted branches where the option's own items sit between `active` and
    /// `oactive`. It does the removal itself so that no value of the loop lives across the
    /// call: with the removal after it, the compiler kept `ss` and `vv` on the stack at
    /// every update.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn left_one(
        &mut self,
        set: &mut [i32],
        nodes: &mut [Node],
        nn: usize,
        uu: i32,
        vv: i32,
        ss: i32,
        pos: usize,
    ) -> bool {
        if uu < self.second && pos < self.active {
            if ss == 0 {
                return false;
            }
            self.force.push(uu);
        }
        remove(set, nodes, nn, uu, vv, ss);
        true
    }
}

/// Knuth's seed (the `s` option of SSXCC and SSMCC): the active items `item[..active]` in a
/// random order from the Stanford GraphBase generator, drawn as his programs draw it, with
/// each item's position (`set[x - 2]`) following. Ties still go to the first item in the
/// problem's order, so the seed changes only the order of the forced moves.
pub(super) fn randomize(item: &mut [i32], set: &mut [i32], active: usize, seed: u64) {
    let mut flip = Flip::new(seed);
    let mut k = active;
    while k > 1 {
        let j = flip.below(k as u32) as usize;
        k -= 1;
        item.swap(j, k);
        set[item[k] as usize - 2] = k as i32;
        set[item[j] as usize - 2] = j as i32;
    }
}

// The accesses of the search's loops (`hide`, where dancing cells spend most of their time,
// the item choice, the swaps of items, the walks of an option and the sizes saved and
// restored at each branch) are unchecked (the `checked` feature checks them). Every index
// they get is one the sparse sets hold (the saved items are items): an item's `x` (at least
// the number of header entries, 2 for SSXCC and 4 for SSMCC, with its header at `x - 2`,
// `x - 1` and SSMCC's also at `x - 4`, `x - 3`, and its options below `x + size`, inside
// `set` as `Sets::new` lays it out), a node's `loc` (inside its item's options), a set entry
// (a node index below `nodes.len()`, which is `colors.len()` too, so it indexes the colours
// as well, and SSMCC's `first`, built one per node), a node of an option walked to its
// spacer and back (`Sets::new` ends every option with one), or a position in `item` (an item's position `set[x - 2]`, or one below
// `active`, which never exceeds `item.len()`: items are only swapped within `item`, `active`
// only falls while searching, and restoring makes it the count of items saved, which were
// the active ones then). Hiding and restoring only permute entries within an item's range
// and write sizes no larger than it was built with, so these stay true for the whole search.

#[inline(always)]
#[cfg(not(feature = "checked"))]
#[allow(unsafe_code)]
pub(super) fn get(set: &[i32], k: usize) -> i32 {
    debug_assert!(k < set.len());
    // SAFETY: `k` is an index the sparse sets hold (see above), below `set.len()`.
    unsafe { *set.get_unchecked(k) }
}

#[inline(always)]
#[cfg(not(feature = "checked"))]
#[allow(unsafe_code)]
pub(super) fn get_mut(set: &mut [i32], k: usize) -> &mut i32 {
    debug_assert!(k < set.len());
    // SAFETY: as for `get`.
    unsafe { set.get_unchecked_mut(k) }
}

#[inline(always)]
#[cfg(not(feature = "checked"))]
#[allow(unsafe_code)]
pub(super) fn node(nodes: &[Node], k: usize) -> &Node {
    debug_assert!(k < nodes.len());
    // SAFETY: `k` is a node index the sparse sets hold (see above), below `nodes.len()`.
    unsafe { nodes.get_unchecked(k) }
}

#[inline(always)]
#[cfg(not(feature = "checked"))]
#[allow(unsafe_code)]
pub(super) fn node_mut(nodes: &mut [Node], k: usize) -> &mut Node {
    debug_assert!(k < nodes.len());
    // SAFETY: as for `node`.
    unsafe { nodes.get_unchecked_mut(k) }
}

#[inline(always)]
#[cfg(feature = "checked")]
pub(super) fn get(set: &[i32], k: usize) -> i32 {
    set[k]
}

#[inline(always)]
#[cfg(feature = "checked")]
pub(super) fn get_mut(set: &mut [i32], k: usize) -> &mut i32 {
    &mut set[k]
}

#[inline(always)]
#[cfg(feature = "checked")]
pub(super) fn node(nodes: &[Node], k: usize) -> &Node {
    &nodes[k]
}

#[inline(always)]
#[cfg(feature = "checked")]
pub(super) fn node_mut(nodes: &mut [Node], k: usize) -> &mut Node {
    &mut nodes[k]
}
