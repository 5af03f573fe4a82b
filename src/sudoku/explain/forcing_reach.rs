//! Which nodes of a fixed implication graph reach which: the static forcing chains' cheap
//! test. A static branch follows the puzzle's own strong and weak links, a graph that does
//! not change while a search runs, so whether a candidate's assumption can reach its
//! opposite at all is a question of reachability, answered for every node at once here;
//! only the assumptions that can are then followed breadth first for their chain.
//!
//! The graph's strongly connected components are found (Tarjan's algorithm, without
//! recursion) and each component's reach is the union of its successors', taken in the
//! order Tarjan's algorithm closes them (successors first), as bit sets.

/// The reach of every node of a graph: `reaches(a, b)` when a path leads from `a` to `b`.
///
/// Kept between graphs ([`Reach::compute`]): a nested chain computes one for every board
/// its branches leave, and its buffers then serve them all.
#[derive(Clone, Debug, Default)]
pub(super) struct Reach {
    /// Words of a bit set over the nodes.
    words: usize,
    /// Each node's component.
    component: Vec<u32>,
    /// Each component's reach, `words` words each.
    bits: Vec<u64>,
    /// Tarjan's walk: each node's number and lowest reachable number, whether it is on
    /// the stack, the stack, and the depth-first path (a node and how many of its
    /// successors it has tried).
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    walk: Vec<(u32, u32)>,
    /// For each component, the last component whose reach took it in (each is taken in
    /// once, however many edges lead to it).
    taken: Vec<u32>,
}

/// A graph on nodes `0..n` as successor lists: node `v`'s successors are
/// `targets[offsets[v]..offsets[v + 1]]`, and, if `leaves` is not empty, the nodes of
/// its row `leaves[v * words..(v + 1) * words]` (a bit set, `words` as [`Reach`]'s),
/// each a node without successors or leaves of its own. A forcing chain's graph has a
/// few hundred such nodes (candidates off that turn nothing on), each the successor of
/// a score of nodes: as bits they are taken in a word at a time, not walked one by one.
#[derive(Clone, Debug, Default)]
pub(super) struct Graph {
    pub(super) offsets: Vec<u32>,
    pub(super) targets: Vec<u32>,
    pub(super) leaves: Vec<u64>,
}

impl Graph {
    fn nodes(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Node `v`'s successors (not its leaves).
    pub(super) fn successors(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }
}

const UNSEEN: u32 = u32::MAX;

/// `into |= from`, word by word, over `from`'s words.
fn or(into: &mut [u64], from: &[u64]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a |= *b;
    }
}

impl Reach {
    /// The reach of every node of `graph`.
    #[cfg(test)]
    pub(super) fn of(graph: &Graph) -> Reach {
        let mut reach = Reach::default();
        reach.compute(graph);
        reach
    }

    /// Computes the reach of every node of `graph`, in place of the last graph's.
    pub(super) fn compute(&mut self, graph: &Graph) {
        let n = graph.nodes();
        let words = n.div_ceil(64).max(1);
        self.words = words;
        let Reach {
            component,
            bits,
            index,
            low,
            on_stack,
            stack,
            walk,
            taken,
            ..
        } = self;
        taken.clear();
        for v in [&mut *index, &mut *component] {
            v.clear();
            v.resize(n, UNSEEN);
        }
        low.clear();
        low.resize(n, 0);
        on_stack.clear();
        on_stack.resize(n, false);
        stack.clear();
        walk.clear();
        bits.clear();
        let mut next = 0u32;
        let mut components = 0u32;
        let sink = |v: usize| graph.offsets[v] == graph.offsets[v + 1];
        let leaves = |v: usize| match graph.leaves.is_empty() {
            true => &[][..],
            false => &graph.leaves[v * words..(v + 1) * words],
        };
        for root in 0..n {
            // A node without successors (most nodes off, in a forcing chain's graph) is a
            // component alone, given one after the walk, which passes it by.
            if index[root] != UNSEEN || sink(root) {
                continue;
            }
            walk.push((root as u32, 0));
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root as u32);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut tried)) = walk.last_mut() {
                let v = v as usize;
                let succ = graph.successors(v);
                if let Some(&w) = succ.get(*tried as usize) {
                    *tried += 1;
                    let w = w as usize;
                    if sink(w) {
                        continue;
                    }
                    if index[w] == UNSEEN {
                        index[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w as u32);
                        on_stack[w] = true;
                        walk.push((w as u32, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                walk.pop();
                if let Some(&(u, _)) = walk.last() {
                    let u = u as usize;
                    low[u] = low[u].min(low[v]);
                }
                if low[v] != index[v] {
                    continue;
                }
                // `v` closes a component: its members are on the stack down to `v`, and
                // every component they lead to is closed already.
                let c = components as usize;
                components += 1;
                bits.resize((c + 1) * words, 0);
                let members_from = stack
                    .iter()
                    .rposition(|&x| x as usize == v)
                    .expect("a component's root is on the stack");
                for &x in &stack[members_from..] {
                    component[x as usize] = c as u32;
                    on_stack[x as usize] = false;
                }
                taken.push(c as u32);
                for &x in &stack[members_from..] {
                    let x = x as usize;
                    bits[c * words + x / 64] |= 1u64 << (x % 64);
                    or(&mut bits[c * words..], leaves(x));
                    for &w in graph.successors(x) {
                        let w = w as usize;
                        if sink(w) {
                            // A node without successors reaches itself and its leaves
                            // only: no component's set to take in.
                            bits[c * words + w / 64] |= 1u64 << (w % 64);
                            or(&mut bits[c * words..], leaves(w));
                            continue;
                        }
                        let d = component[w] as usize;
                        if taken[d] == c as u32 {
                            continue;
                        }
                        taken[d] = c as u32;
                        let (done, this) = bits.split_at_mut(c * words);
                        or(this, &done[d * words..(d + 1) * words]);
                    }
                }
                stack.truncate(members_from);
            }
        }
        for v in (0..n).filter(|&v| sink(v)) {
            let c = components as usize;
            components += 1;
            component[v] = c as u32;
            bits.resize((c + 1) * words, 0);
            bits[c * words + v / 64] |= 1u64 << (v % 64);
            or(&mut bits[c * words..], leaves(v));
        }
    }

    /// The nodes `from` reaches, as a bit set (bit `v % 64` of word `v / 64`).
    pub(super) fn set(&self, from: usize) -> &[u64] {
        self.component_set(self.component(from))
    }

    /// The component of `v` (its strongly connected component), a number below
    /// [`Reach::components`].
    pub(super) fn component(&self, v: usize) -> usize {
        self.component[v] as usize
    }

    /// How many components the graph has.
    pub(super) fn components(&self) -> usize {
        self.bits.len() / self.words.max(1)
    }

    /// The nodes the members of component `c` reach (each member's [`Reach::set`]).
    pub(super) fn component_set(&self, c: usize) -> &[u64] {
        &self.bits[c * self.words..(c + 1) * self.words]
    }

    /// Whether a path leads from `from` to `to` (a node reaches itself).
    pub(super) fn reaches(&self, from: usize, to: usize) -> bool {
        let c = self.component[from] as usize;
        self.bits[c * self.words + to / 64] & (1u64 << (to % 64)) != 0
    }
}

/// What each candidate on reaches in a static graph of candidates (see `forcing.rs`): two
/// rows of bits over the candidates' numbers, those it turns on (itself among them) and
/// those it turns off. A static cell and unit search reads only the nodes on, and only
/// their sizes and what they share; kept by candidate, it needs no node numbering.
#[derive(Clone, Debug, Default)]
pub(super) struct OnReach {
    /// Words of a row.
    words: usize,
    /// Each candidate's row of the candidates it turns on.
    on: Vec<u64>,
    /// Each candidate's row of the candidates it turns off.
    off: Vec<u64>,
}

impl OnReach {
    /// Empty rows for `candidates` candidates, on then off, for the caller to fill, and
    /// their words.
    pub(super) fn rows_mut(&mut self, candidates: usize) -> (&mut [u64], &mut [u64], usize) {
        let words = candidates.div_ceil(64).max(1);
        self.words = words;
        for rows in [&mut self.on, &mut self.off] {
            rows.clear();
            rows.resize(candidates * words, 0);
        }
        (&mut self.on, &mut self.off, words)
    }

    /// The candidates `a` on turns on (`a` among them).
    pub(super) fn on(&self, a: usize) -> &[u64] {
        &self.on[a * self.words..(a + 1) * self.words]
    }

    /// The candidates `a` on turns off.
    pub(super) fn off(&self, a: usize) -> &[u64] {
        &self.off[a * self.words..(a + 1) * self.words]
    }

    /// Keeps in `shared` (a row of candidates on, then one of candidates off) what `a`
    /// on reaches; whether any is left.
    pub(super) fn meet(&self, a: usize, shared: &mut [u64]) -> bool {
        let (on, off) = shared.split_at_mut(self.words);
        let mut left = 0;
        for (x, y) in on.iter_mut().zip(self.on(a)) {
            *x &= y;
            left |= *x;
        }
        for (x, y) in off.iter_mut().zip(self.off(a)) {
            *x &= y;
            left |= *x;
        }
        left != 0
    }

    /// How many nodes `a` on reaches (on and off).
    pub(super) fn size(&self, a: usize) -> u64 {
        let count = |row: &[u64]| row.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        count(self.on(a)) + count(self.off(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Graph {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for v in 0..n {
            targets.extend(edges.iter().filter(|e| e.0 == v).map(|e| e.1 as u32));
            offsets.push(targets.len() as u32);
        }
        Graph {
            offsets,
            targets,
            leaves: Vec::new(),
        }
    }

    /// Reachability by a plain walk from each node, the oracle.
    fn walked(g: &Graph, from: usize) -> Vec<bool> {
        let mut seen = vec![false; g.nodes()];
        let mut todo = vec![from];
        seen[from] = true;
        while let Some(v) = todo.pop() {
            for &w in g.successors(v) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    todo.push(w as usize);
                }
            }
        }
        seen
    }

    /// `g` with about half its edges to nodes without successors made leaves (bits of
    /// their source's row), as a forcing chain's graph has them.
    fn with_leaves(g: &Graph, rng: &mut Rng) -> Graph {
        let n = g.nodes();
        let words = n.div_ceil(64).max(1);
        let mut out = Graph {
            offsets: vec![0],
            targets: Vec::new(),
            leaves: vec![0; n * words],
        };
        for v in 0..n {
            for &w in g.successors(v) {
                let w = w as usize;
                if g.successors(w).is_empty() && rng.below(2) == 0 {
                    out.leaves[v * words + w / 64] |= 1 << (w % 64);
                } else {
                    out.targets.push(w as u32);
                }
            }
            out.offsets.push(out.targets.len() as u32);
        }
        out
    }

    #[test]
    fn a_cycle_and_its_tail() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 4 alone.
        let g = graph(5, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let r = Reach::of(&g);
        for a in 0..3 {
            for b in 0..4 {
                assert!(r.reaches(a, b), "{a} {b}");
            }
            assert!(!r.reaches(a, 4));
        }
        assert!(r.reaches(3, 3) && !r.reaches(3, 0));
        assert!(r.reaches(4, 4) && !r.reaches(4, 3));
    }

    /// Random graphs of up to 150 nodes (past a word of bits): the reach agrees with a
    /// walk from every node, computed fresh, in the buffers of the graphs before, and with
    /// edges to nodes without successors as leaves.
    #[test]
    fn agrees_with_a_walk_on_random_graphs() {
        let mut rng = Rng::new(29);
        let mut kept = Reach::default();
        for round in 0..60 {
            let n = 1 + rng.below(150);
            let m = rng.below(3 * n);
            let edges: Vec<(usize, usize)> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
            let g = graph(n, &edges);
            let r = Reach::of(&g);
            kept.compute(&g);
            let leafy = with_leaves(&g, &mut rng);
            let by_leaves = Reach::of(&leafy);
            for a in 0..n {
                let seen = walked(&g, a);
                for (b, &s) in seen.iter().enumerate() {
                    assert_eq!(r.reaches(a, b), s, "round {round}: {a} -> {b}");
                    assert_eq!(kept.reaches(a, b), s, "round {round} kept: {a} -> {b}");
                    let bit = kept.set(a)[b / 64] >> (b % 64) & 1 == 1;
                    assert_eq!(bit, s, "round {round} set: {a} -> {b}");
                    let leaf = by_leaves.reaches(a, b);
                    assert_eq!(leaf, s, "round {round} leaves: {a} -> {b}");
                }
            }
        }
    }
}
