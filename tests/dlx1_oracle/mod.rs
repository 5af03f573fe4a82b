//! An independent, deliberately plain Algorithm X with dancing links, laid out and counted as
//! Knuth's DLX1 does it, used as an oracle for the engine's statistics.
//!
//! It shares no code with `dlxkit::xc`: its own arrays (headers `1..=n`, a spacer before and
//! after every option, the active primary items in a circular list through a root), recursion
//! instead of an explicit stack, and none of the engine's shortcuts (dense lengths, walks,
//! skipped covers). Items are numbered primary first, then secondary, each in declaration
//! order, as Knuth's input line lists them. Colours are not supported.

use dlxkit::xc::{ItemKind, Problem};

/// What Knuth's DLX1 reports after counting every solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub solutions: u64,
    /// Search tree nodes, each solution counted as one.
    pub nodes: u64,
    /// One per item covered plus one per node unlinked while covering.
    pub updates: u64,
}

struct Dlx1 {
    up: Vec<usize>,
    down: Vec<usize>,
    /// The item of a node; in a header the list length; in a spacer 0 or less.
    itm: Vec<i64>,
    prev: Vec<usize>,
    next: Vec<usize>,
    items: usize,
    counts: Counts,
}

/// Counts every solution of `problem` (which must have no colours) as DLX1 would.
pub fn count(problem: &Problem) -> Counts {
    let mut d = Dlx1::new(problem);
    if d.next[0] != 0 {
        d.search();
    }
    d.counts
}

impl Dlx1 {
    fn new(problem: &Problem) -> Dlx1 {
        let mut number = vec![0usize; problem.item_count()];
        let mut n = 0;
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for item in problem.items() {
                if problem.item_kind(item) == kind {
                    n += 1;
                    number[item.index()] = n;
                }
            }
        }
        let primaries = problem.primary_count();
        // The root (0) and the primary items form a circular list.
        let prev: Vec<usize> = (0..=n)
            .map(|k| match k {
                0 => primaries,
                k if k <= primaries => k - 1,
                k => k,
            })
            .collect();
        let next: Vec<usize> = (0..=n)
            .map(|k| match k {
                k if k < primaries => k + 1,
                k if k == primaries => 0,
                k => k,
            })
            .collect();
        let mut d = Dlx1 {
            up: (0..=n).collect(),
            down: (0..=n).collect(),
            itm: vec![0; n + 1],
            prev,
            next,
            items: n,
            counts: Counts {
                solutions: 0,
                nodes: 0,
                updates: 0,
            },
        };
        // The first spacer.
        d.push(0, 0, 0);
        let mut spacer = n + 1;
        for (k, option) in problem.options().enumerate() {
            let first = d.itm.len();
            for e in problem.option(option) {
                assert!(e.color.is_none(), "the DLX1 oracle has no colours");
                let c = number[e.item.index()];
                let x = d.itm.len();
                let bottom = d.up[c];
                d.push(bottom, c, c as i64);
                d.down[bottom] = x;
                d.up[c] = x;
                d.itm[c] += 1;
            }
            d.down[spacer] = d.itm.len() - 1;
            spacer = d.itm.len();
            d.push(first, 0, -(k as i64) - 1);
        }
        d
    }

    fn push(&mut self, up: usize, down: usize, itm: i64) {
        self.up.push(up);
        self.down.push(down);
        self.itm.push(itm);
    }

    /// The nodes of the option of node `rr` other than `rr`, going right (through the spacer
    /// back to the option's start), as DLX1 walks them.
    fn others(&self, rr: usize) -> Vec<usize> {
        let mut nodes = Vec::new();
        let mut nn = rr + 1;
        while nn != rr {
            if self.itm[nn] <= 0 {
                nn = self.up[nn];
            } else {
                nodes.push(nn);
                nn += 1;
            }
        }
        nodes
    }

    /// The options in the list of item `c`, top to bottom.
    fn list(&self, c: usize) -> Vec<usize> {
        let mut nodes = Vec::new();
        let mut rr = self.down[c];
        while rr > self.items {
            nodes.push(rr);
            rr = self.down[rr];
        }
        nodes
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = r;
        self.prev[r] = l;
        self.counts.updates += 1;
        for rr in self.list(c) {
            for nn in self.others(rr) {
                let (uu, dd) = (self.up[nn], self.down[nn]);
                self.down[uu] = dd;
                self.up[dd] = uu;
                let cc = self.itm[nn] as usize;
                self.itm[cc] -= 1;
                self.counts.updates += 1;
            }
        }
    }

    fn uncover(&mut self, c: usize) {
        for rr in self.list(c) {
            for nn in self.others(rr) {
                let (uu, dd) = (self.up[nn], self.down[nn]);
                self.down[uu] = nn;
                self.up[dd] = nn;
                let cc = self.itm[nn] as usize;
                self.itm[cc] += 1;
            }
        }
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = c;
        self.prev[r] = c;
    }

    /// One node of the search tree, entered with at least one active primary item.
    fn search(&mut self) {
        self.counts.nodes += 1;
        let mut best = 0;
        let mut t = i64::MAX;
        let mut k = self.next[0];
        while k != 0 {
            if self.itm[k] < t {
                best = k;
                t = self.itm[k];
            }
            k = self.next[k];
        }
        self.cover(best);
        let mut x = self.down[best];
        while x != best {
            // Cover the option's other items going right, uncover them going left.
            let others = self.others(x);
            for &p in &others {
                self.cover(self.itm[p] as usize);
            }
            if self.next[0] == 0 {
                // A solution is a node of the tree too.
                self.counts.nodes += 1;
                self.counts.solutions += 1;
            } else {
                self.search();
            }
            for &p in others.iter().rev() {
                self.uncover(self.itm[p] as usize);
            }
            x = self.down[x];
        }
        self.uncover(best);
    }
}
