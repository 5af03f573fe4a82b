//! An independent, deliberately plain Algorithm M (multiplicities, with colours), laid out
//! and counted as Knuth's DLX3 does it, used as an oracle for the engine's statistics on
//! problems with bounds.
//!
//! It shares no code with `dlxkit::xc`: its own arrays (headers `1..=n`, a spacer before
//! and after every option, the active primary items in a circular list through a root),
//! recursion instead of an explicit stack, and none of the engine's shortcuts. Items are
//! numbered primary first, then secondary, each in declaration order, as Knuth's item line
//! lists them; colour `c` is stored as `c + 1`, and `-1` marks a node cleansed by a
//! purification.

use dlxkit::xc::{ItemKind, Problem};

/// What Knuth's DLX3 reports after counting every solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub solutions: u64,
    /// Search tree nodes: every level entered, solutions and dead ends included.
    pub nodes: u64,
    /// One per item covered plus one per node unlinked (by covers, purifications, tweaks).
    pub updates: u64,
    /// One per purification plus one per node marked as agreeing with its colour.
    pub cleansings: u64,
}

struct Dlx3 {
    up: Vec<usize>,
    down: Vec<usize>,
    /// The item of a node; in a header the list length; in a spacer 0 or less.
    itm: Vec<i64>,
    color: Vec<i64>,
    prev: Vec<usize>,
    next: Vec<usize>,
    bound: Vec<i64>,
    slack: Vec<i64>,
    items: usize,
    primaries: usize,
    counts: Counts,
}

/// Counts every solution of `problem` as DLX3 would.
pub fn count(problem: &Problem) -> Counts {
    let mut d = Dlx3::new(problem);
    d.search();
    d.counts
}

impl Dlx3 {
    fn new(problem: &Problem) -> Dlx3 {
        let mut number = vec![0usize; problem.item_count()];
        let mut n = 0;
        let mut bound = vec![0];
        let mut slack = vec![0];
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for item in problem.items() {
                if problem.item_kind(item) == kind {
                    n += 1;
                    number[item.index()] = n;
                    let (lo, hi) = problem.item_bounds(item).into_inner();
                    bound.push(i64::from(hi));
                    slack.push(i64::from(hi - lo));
                }
            }
        }
        let primaries = problem.primary_count();
        let prev = (0..=n)
            .map(|k| match k {
                0 => primaries,
                k if k <= primaries => k - 1,
                k => k,
            })
            .collect();
        let next = (0..=n)
            .map(|k| match k {
                k if k < primaries => k + 1,
                k if k == primaries => 0,
                k => k,
            })
            .collect();
        let mut d = Dlx3 {
            up: (0..=n).collect(),
            down: (0..=n).collect(),
            itm: vec![0; n + 1],
            color: vec![0; n + 1],
            prev,
            next,
            bound,
            slack,
            items: n,
            primaries,
            counts: Counts::default(),
        };
        d.push(0, 0, 0, 0);
        let mut spacer = n + 1;
        for (k, option) in problem.options().enumerate() {
            let first = d.itm.len();
            for e in problem.option(option) {
                let c = number[e.item.index()];
                let x = d.itm.len();
                let bottom = d.up[c];
                let color = e.color.map_or(0, |c| c.index() as i64 + 1);
                d.push(bottom, c, c as i64, color);
                d.down[bottom] = x;
                d.up[c] = x;
                d.itm[c] += 1;
            }
            d.down[spacer] = d.itm.len() - 1;
            spacer = d.itm.len();
            d.push(first, 0, -(k as i64) - 1, 0);
        }
        d
    }

    fn push(&mut self, up: usize, down: usize, itm: i64, color: i64) {
        self.up.push(up);
        self.down.push(down);
        self.itm.push(itm);
        self.color.push(color);
    }

    /// The nodes of the option of node `rr`, going right from the one after it, through the
    /// spacer back to the option's start, and ending with `rr` itself.
    fn round(&self, rr: usize) -> Vec<usize> {
        let mut nodes = Vec::new();
        let mut nn = rr + 1;
        loop {
            if self.itm[nn] <= 0 {
                nn = self.up[nn];
                continue;
            }
            nodes.push(nn);
            if nn == rr {
                return nodes;
            }
            nn += 1;
        }
    }

    fn list(&self, c: usize) -> Vec<usize> {
        let mut nodes = Vec::new();
        let mut rr = self.down[c];
        while rr > self.items {
            nodes.push(rr);
            rr = self.down[rr];
        }
        nodes
    }

    fn unlink(&mut self, nn: usize) {
        let (uu, dd) = (self.up[nn], self.down[nn]);
        self.down[uu] = dd;
        self.up[dd] = uu;
        let cc = self.itm[nn] as usize;
        self.itm[cc] -= 1;
        self.counts.updates += 1;
    }

    fn relink(&mut self, nn: usize) {
        let (uu, dd) = (self.up[nn], self.down[nn]);
        self.down[uu] = nn;
        self.up[dd] = nn;
        let cc = self.itm[nn] as usize;
        self.itm[cc] += 1;
    }

    /// Hides the option of `rr` from every list but `rr`'s own, skipping cleansed nodes.
    fn hide(&mut self, rr: usize) {
        for nn in self.round(rr) {
            if nn != rr && self.color[nn] >= 0 {
                self.unlink(nn);
            }
        }
    }

    fn unhide(&mut self, rr: usize) {
        for nn in self.round(rr) {
            if nn != rr && self.color[nn] >= 0 {
                self.relink(nn);
            }
        }
    }

    fn deactivate(&mut self, c: usize) {
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = r;
        self.prev[r] = l;
    }

    fn reactivate(&mut self, c: usize) {
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = c;
        self.prev[r] = c;
    }

    fn cover(&mut self, c: usize) {
        if c <= self.primaries {
            self.deactivate(c);
        }
        self.counts.updates += 1;
        for rr in self.list(c) {
            self.hide(rr);
        }
    }

    fn uncover(&mut self, c: usize, react: bool) {
        for rr in self.list(c) {
            self.unhide(rr);
        }
        if react && c <= self.primaries {
            self.reactivate(c);
        }
    }

    fn purify(&mut self, p: usize) {
        let (cc, x) = (self.itm[p] as usize, self.color[p]);
        self.counts.cleansings += 1;
        for rr in self.list(cc) {
            if self.color[rr] != x {
                self.hide(rr);
            } else if rr != p {
                self.counts.cleansings += 1;
                self.color[rr] = -1;
            }
        }
    }

    fn unpurify(&mut self, p: usize) {
        let (cc, x) = (self.itm[p] as usize, self.color[p]);
        for rr in self.list(cc).into_iter().rev() {
            if self.color[rr] < 0 {
                self.color[rr] = x;
            } else if rr != p {
                self.unhide(rr);
            }
        }
    }

    /// Takes the top node `n` of its list out of it; with `block`, its whole option.
    fn tweak(&mut self, n: usize, block: bool) {
        if block {
            self.hide(n);
        }
        self.unlink(n);
    }

    /// Puts back the nodes tweaked out of `c`'s list since `x` was its top.
    fn untweak(&mut self, c: usize, x: usize, unblock: bool) {
        let z = self.down[c];
        self.down[c] = x;
        let (mut rr, mut qq, mut k) = (x, c, 0);
        while rr != z {
            self.up[rr] = qq;
            k += 1;
            if unblock {
                self.unhide(rr);
            }
            qq = rr;
            rr = self.down[rr];
        }
        self.up[rr] = qq;
        self.itm[c] += k;
        if !unblock {
            self.uncover(c, false);
        }
    }

    /// The other items of `p`'s option, going right: primary ones lose one of their bound
    /// (covered at 0), secondary ones are covered or purified.
    fn commit(&mut self, p: usize) {
        for pp in self.round(p) {
            if pp == p {
                break;
            }
            let cc = self.itm[pp] as usize;
            if cc <= self.primaries {
                self.bound[cc] -= 1;
                if self.bound[cc] == 0 {
                    self.cover(cc);
                }
            } else if self.color[pp] == 0 {
                self.cover(cc);
            } else if self.color[pp] > 0 {
                self.purify(pp);
            }
        }
    }

    fn uncommit(&mut self, p: usize) {
        let mut nodes = self.round(p);
        nodes.pop();
        for pp in nodes.into_iter().rev() {
            let cc = self.itm[pp] as usize;
            if cc <= self.primaries {
                if self.bound[cc] == 0 {
                    self.uncover(cc, true);
                }
                self.bound[cc] += 1;
            } else if self.color[pp] == 0 {
                self.uncover(cc, true);
            } else if self.color[pp] > 0 {
                self.unpurify(pp);
            }
        }
    }

    /// DLX3's choice: least score `l + s - b + 1`, then less slack, then a longer list.
    fn choose(&self) -> Option<(usize, i64)> {
        let mut best: Option<(usize, i64, i64, i64)> = None;
        let mut k = self.next[0];
        while k != 0 {
            let s = self.slack[k].min(self.bound[k]);
            let l = self.itm[k];
            let t = l + s - self.bound[k] + 1;
            let better = match best {
                None => true,
                Some((_, score, bs, bl)) => {
                    t < score || (t == score && (s < bs || (s == bs && l > bl)))
                }
            };
            if better {
                best = Some((k, t, s, l));
            }
            k = self.next[k];
        }
        best.map(|(k, t, _, _)| (k, t))
    }

    fn search(&mut self) {
        self.counts.nodes += 1;
        let Some((best, score)) = self.choose() else {
            self.counts.solutions += 1;
            return;
        };
        if score <= 0 {
            return;
        }
        self.bound[best] -= 1;
        let covering = self.bound[best] == 0 && self.slack[best] == 0;
        let first = self.down[best];
        if self.bound[best] == 0 {
            self.cover(best);
        }
        let mut cur = first;
        loop {
            if covering {
                if cur == best {
                    break;
                }
            } else if self.itm[best] <= self.bound[best] - self.slack[best] {
                break;
            } else if cur != best {
                self.tweak(cur, self.bound[best] != 0);
            } else if self.bound[best] != 0 {
                self.deactivate(best);
            }
            if cur == best {
                // The null move: no option, the item leaves the active list.
                self.search();
                self.reactivate(best);
                break;
            }
            self.commit(cur);
            self.search();
            self.uncommit(cur);
            cur = self.down[cur];
        }
        if covering {
            self.uncover(best, true);
        } else {
            self.untweak(best, first, self.bound[best] != 0);
        }
        self.bound[best] += 1;
    }
}
