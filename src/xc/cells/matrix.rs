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

// The accesses of the search's loops (`hide`, where dancing cells spend most of their time,
// the item choice, the swaps of items, the walks of an option and the sizes saved and
// restored at each branch) are unchecked; the invariant that keeps their indexes in range is
// stated in `unchecked.rs`, and [`check_sets`] checks it.
pub(super) use super::super::unchecked::cells::{get, get_mut, node, node_mut};

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
        let cells = Cells {
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
        };
        debug_assert_eq!(cells.check_invariants(), Ok(()));
        cells
    }

    /// Checks the sparse sets ([`check_sets`]).
    pub fn check_invariants(&self) -> Result<(), String> {
        check_sets(
            &self.nodes,
            &self.colors,
            &self.set,
            &self.item,
            self.active,
            2,
        )
    }

    /// Moves node 1's record of its place, for the test that [`check_sets`] sees it.
    #[cfg(test)]
    pub fn break_a_place(&mut self) {
        self.nodes[1].loc += 1;
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

/// Checks the sparse sets' invariant, what their unchecked access relies on
/// (`unchecked::cells`): the items, `head` header entries each (2 for SSXCC, 4 for SSMCC),
/// laid out one after another in `set` as `Sets::new` lays them out, each with its
/// position in `item` (a permutation, `active` of them active) and a size no larger than
/// its options; every option slot holds a node of that item that knows its place; every
/// option ends with a spacer that leads back to its first node; one colour per node.
pub(super) fn check_sets(
    nodes: &[Node],
    colors: &[i32],
    set: &[i32],
    item: &[i32],
    active: usize,
    head: usize,
) -> Result<(), String> {
    if colors.len() != nodes.len() {
        return Err(format!(
            "{} colours for {} nodes",
            colors.len(),
            nodes.len()
        ));
    }
    if active > item.len() {
        return Err(format!("{active} active items of {}", item.len()));
    }
    let mut xs: Vec<usize> = Vec::with_capacity(item.len());
    for (p, &x) in item.iter().enumerate() {
        let x = usize::try_from(x).map_err(|_| format!("item {x} at position {p}"))?;
        if x < head || x > set.len() {
            return Err(format!("item {x} at position {p}: outside the sets"));
        }
        if set[x - 2] != p as i32 {
            return Err(format!("item {x} at position {p} records {}", set[x - 2]));
        }
        xs.push(x);
    }
    xs.sort_unstable();
    for (k, &x) in xs.iter().enumerate() {
        // An item's options run up to the next item's header entries.
        let end = xs.get(k + 1).map_or(set.len(), |&next| next - head);
        if end < x {
            return Err(format!("item {x}: overlaps the next item"));
        }
        let size = set[x - 1];
        if size < 0 || size as usize > end - x {
            return Err(format!("item {x}: size {size} but room for {}", end - x));
        }
        for (loc, &n) in set.iter().enumerate().take(end).skip(x) {
            let Some(nd) = usize::try_from(n).ok().and_then(|n| nodes.get(n)) else {
                return Err(format!("item {x}: slot {loc} holds node {n}, out of range"));
            };
            if nd.item != x as i32 || nd.loc != loc as i32 {
                return Err(format!(
                    "item {x}: slot {loc} holds node {n} of item {} at {}",
                    nd.item, nd.loc
                ));
            }
        }
    }
    let mut first = 1usize;
    for (k, nd) in nodes.iter().enumerate().skip(1) {
        if nd.item < 0 {
            if k as i64 + i64::from(nd.item) != first as i64 {
                return Err(format!("spacer {k}: does not lead back to node {first}"));
            }
            first = k + 1;
        } else if xs.binary_search(&(nd.item as usize)).is_err() {
            return Err(format!("node {k}: item {} is no item", nd.item));
        }
    }
    if first != nodes.len() {
        return Err("the last option has no spacer".to_string());
    }
    Ok(())
}
