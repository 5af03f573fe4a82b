//! What a ZDD tells beyond the count: how many solutions have each number of options (the
//! generating function, as Knuth's ZDDREAD-GF prints it) and the lightest solutions by a
//! cost per option (as ZDDREAD-MINSOLS finds the shortest).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::super::OptionId;
use super::Zdd;
use crate::xc::Count;

impl Zdd {
    /// The number of solutions with k options, for k = 0, 1, ... up to the largest
    /// (ZDDREAD-GF's coefficients, whose powers of z are one more for DLX6's dummy root).
    /// The coefficients sum to the [count](Zdd::count).
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Count, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let gf: Vec<Option<u64>> = zdd.generating_function().iter().map(Count::to_u64).collect();
    /// assert_eq!(gf, [Some(0), Some(1), Some(1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generating_function(&self) -> Vec<Count> {
        // Per node, its polynomial; children come before parents. A node's polynomial is its
        // lo's plus z times its hi's. Polynomials of nodes no longer needed are not freed:
        // the memory is the sum of the degrees, which the depth of the diagram bounds.
        let mut polys: Vec<Vec<Count>> = Vec::with_capacity(self.nodes.len());
        polys.push(Vec::new());
        polys.push(vec![Count::from(1u64)]);
        for &[_, lo, hi] in &self.nodes[2..] {
            let (lo, hi) = (&polys[lo as usize], &polys[hi as usize]);
            let len = lo.len().max(hi.len() + usize::from(!hi.is_empty()));
            let mut p = vec![Count::zero(); len];
            for (k, c) in lo.iter().enumerate() {
                p[k] += c;
            }
            for (k, c) in hi.iter().enumerate() {
                p[k + 1] += c;
            }
            while p.last().is_some_and(Count::is_zero) {
                p.pop();
            }
            polys.push(p);
        }
        polys.swap_remove(self.root.index())
    }

    /// The `k` lightest solutions, lightest first, each with its weight: the sum of
    /// `cost(option)` over its options (ties in the order of [`Zdd::solutions`] where the
    /// search can tell). With a cost of 1 per option this is ZDDREAD-MINSOLS's shortest
    /// solutions. A best-first walk guided by each node's exact least weight below it, so it
    /// visits about `k` times the length of a solution nodes after one pass over the diagram.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let best = zdd.lightest(5, |_| 1);
    /// let weights: Vec<u64> = best.iter().map(|(w, _)| *w).collect();
    /// assert_eq!(weights, [1, 2]);
    /// assert_eq!(best[0].1.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lightest(&self, k: usize, cost: impl Fn(OptionId) -> u64) -> Vec<(u64, Vec<OptionId>)> {
        const NONE: u64 = u64::MAX;
        let mut least = vec![NONE; self.nodes.len()];
        least[1] = 0;
        for v in 2..self.nodes.len() {
            let [option, lo, hi] = self.nodes[v];
            let with = match least[hi as usize] {
                NONE => NONE,
                w => w.saturating_add(cost(OptionId::new(option as usize))),
            };
            least[v] = least[lo as usize].min(with);
        }
        let mut found = Vec::new();
        if least[self.root.index()] == NONE {
            return found;
        }
        // Partial paths: (bound, sequence number, node, weight so far, path index). Paths are
        // shared as a tree of (option, parent) links.
        let mut links: Vec<(u32, u32)> = Vec::new();
        let mut heap = BinaryHeap::new();
        let mut seq = 0u64;
        heap.push(Reverse((
            least[self.root.index()],
            seq,
            self.root.0,
            0u64,
            u32::MAX,
        )));
        while let Some(Reverse((bound, _, v, weight, path))) = heap.pop() {
            if found.len() == k {
                break;
            }
            if v == 1 {
                let mut options = Vec::new();
                let mut at = path;
                while at != u32::MAX {
                    let (option, parent) = links[at as usize];
                    options.push(OptionId::new(option as usize));
                    at = parent;
                }
                options.reverse();
                found.push((bound, options));
                continue;
            }
            let [option, lo, hi] = self.nodes[v as usize];
            // hi first on equal bounds, as the depth-first listing meets them.
            if least[hi as usize] != NONE {
                let w = weight.saturating_add(cost(OptionId::new(option as usize)));
                links.push((option, path));
                seq += 1;
                let b = w.saturating_add(least[hi as usize]);
                heap.push(Reverse((b, seq, hi, w, links.len() as u32 - 1)));
            }
            if least[lo as usize] != NONE {
                seq += 1;
                let b = weight.saturating_add(least[lo as usize]);
                heap.push(Reverse((b, seq, lo, weight, path)));
            }
        }
        found
    }
}
