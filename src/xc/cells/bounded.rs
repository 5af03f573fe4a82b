//! Dancing cells with item bounds: Knuth's SSMCC (Filip Stappers's extension of
//! SSXCC-BINARY to DLX3's multiplicities), for problems whose primary items are covered
//! between `u` and `v` times.
//!
//! Its tree is binary: a node takes the first active option of the chosen item (left) or
//! removes it and keeps the item open (right), so its node counts differ from SSXCC's even
//! on problems without bounds; the plan runs it only where bounds ask for it.
//!
//! The layout is SSXCC's (see `matrix.rs`) with two more header entries per item:
//! `set[x - 3]` is the item's bound (how many more times it may be covered) and
//! `set[x - 4]` its slack (`v - u`, constant).

use std::ops::ControlFlow;
use std::time::Instant;

use super::super::choose::UNSHARP;
use super::super::problem::{ItemId, OptionId, Problem};
use super::super::search::{Event, Limits, Progress, Stats, Status};
use super::matrix::{check_sets, get, get_mut, node, node_mut, randomize, Node, Sets};
use super::search::Meter;

/// How many header entries precede an item's options in `set`.
const HEAD: i32 = 4;

/// The state of SSMCC: sparse sets of items and options with bounds and slacks.
#[derive(Clone, Debug)]
pub(super) struct Bounded {
    pub(super) nodes: Vec<Node>,
    pub(super) colors: Vec<i32>,
    pub(super) set: Vec<i32>,
    pub(super) item: Vec<i32>,
    pub(super) active: usize,
    pub(super) second: i32,
    force: Vec<i32>,
    pub(super) updates: u64,
    /// Some primary item has fewer options than its lower bound.
    uncoverable: bool,
    /// With the sharp preference, the items it puts last (see [`Sets::unsharp`]); empty
    /// without it.
    unsharp: Vec<bool>,
    /// Each node's option's first node (a spacer's: the option after it), so that walking
    /// an option from any of its nodes starts with one load instead of a walk back.
    first: Vec<i32>,
}

/// A save-stack entry: an item, its size and its bound at a branching stage.
#[derive(Clone, Copy, Debug)]
struct Saved {
    item: i32,
    size: i32,
    bound: i32,
}

impl Bounded {
    /// The sparse sets of `problem`: primary items first, then secondary ones, each in the
    /// problem's order; options without a primary item left out, as Knuth does; items
    /// without options made inactive at once. With `sharp`, the item choice takes Knuth's
    /// sharp preference.
    pub fn new(problem: &Problem, sharp: bool) -> Bounded {
        let sets = Sets::new(problem, HEAD);
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
        let primary = problem.primary_count();
        let mut uncoverable = false;
        for (r, &x) in base.iter().enumerate() {
            let x = x as usize;
            set[x - 1] = sizes[r];
            set[x - 2] = r as i32;
            let (u, v) = if r < primary {
                let b = problem.item_bounds(ItemId(items[r] as u32));
                (*b.start() as i32, *b.end() as i32)
            } else {
                (1, 1)
            };
            set[x - 3] = v;
            set[x - 4] = v - u;
            if r < primary && sizes[r] < u {
                uncoverable = true;
            }
        }
        let mut first = vec![0i32; nodes.len()];
        let mut start = 1;
        for (k, n) in nodes.iter().enumerate().skip(1) {
            first[k] = start;
            if n.item < 0 {
                start = k as i32 + 1;
            }
        }
        let mut b = Bounded {
            first,
            nodes,
            colors,
            item: base.clone(),
            active: items.len(),
            second,
            force: Vec::new(),
            updates: 0,
            uncoverable,
            set,
            unsharp,
        };
        // Knuth deactivates the optionless items in the problem's order.
        for &x in &base {
            if b.size(x) == 0 {
                let last = b.active - 1;
                let from = b.pos(x);
                b.swap_items(x, from, last);
                b.active = last;
            }
        }
        debug_assert_eq!(b.check_invariants(), Ok(()));
        b
    }

    /// Checks the sparse sets ([`check_sets`]) and the first node of every node's option,
    /// what the unchecked access (`unchecked::cells`) relies on.
    pub fn check_invariants(&self) -> Result<(), String> {
        check_sets(
            &self.nodes,
            &self.colors,
            &self.set,
            &self.item,
            self.active,
            HEAD as usize,
        )?;
        if self.first.len() != self.nodes.len() {
            return Err(format!(
                "{} first nodes for {} nodes",
                self.first.len(),
                self.nodes.len()
            ));
        }
        match self
            .first
            .iter()
            .position(|&f| f < 0 || f as usize > self.nodes.len())
        {
            Some(k) => Err(format!(
                "node {k}: first node {} out of range",
                self.first[k]
            )),
            None => Ok(()),
        }
    }

    /// Moves node 1's record of its place, for the test that [`check_sets`] sees it.
    #[cfg(test)]
    pub fn break_a_place(&mut self) {
        self.nodes[1].loc += 1;
    }

    /// Knuth's seed: the active items in a random order (see [`randomize`]).
    pub fn randomize(&mut self, seed: u64) {
        randomize(&mut self.item, &mut self.set, self.active, seed);
    }

    #[inline]
    pub(super) fn size(&self, x: i32) -> i32 {
        get(&self.set, x as usize - 1)
    }

    #[inline]
    pub(super) fn pos(&self, x: i32) -> usize {
        get(&self.set, x as usize - 2) as usize
    }

    #[inline]
    pub(super) fn bound(&self, x: i32) -> i32 {
        get(&self.set, x as usize - 3)
    }

    #[inline]
    pub(super) fn slack(&self, x: i32) -> i32 {
        get(&self.set, x as usize - 4)
    }

    /// Swaps item `x` (at position `from`) with the one at position `to`.
    #[inline]
    fn swap_items(&mut self, x: i32, from: usize, to: usize) {
        let other = get(&self.item, to);
        *get_mut(&mut self.item, to) = x;
        *get_mut(&mut self.item, from) = other;
        *get_mut(&mut self.set, other as usize - 2) = from as i32;
        *get_mut(&mut self.set, x as usize - 2) = to as i32;
    }

    /// Deactivates the active item `x`.
    #[inline]
    pub(super) fn deactivate(&mut self, x: i32) {
        self.active -= 1;
        let (from, last) = (self.pos(x), self.active);
        self.swap_items(x, from, last);
    }

    /// Moves node `nn` (at `loc` in the set of item `ii`) just past the new end of that
    /// set, whose size becomes `ss`.
    #[inline]
    pub(super) fn shrink(&mut self, ii: i32, ss: i32, nn: usize, loc: i32) {
        let (set, nodes) = (&mut self.set[..], &mut self.nodes[..]);
        let last = (ii + ss) as usize;
        let nnp = get(set, last);
        *get_mut(set, ii as usize - 1) = ss;
        *get_mut(set, last) = nn as i32;
        *get_mut(set, loc as usize) = nnp;
        node_mut(nodes, nn).loc = last as i32;
        node_mut(nodes, nnp as usize).loc = loc;
    }

    /// The first node of the option of node `n`.
    #[inline]
    pub(super) fn first_of(&self, n: usize) -> usize {
        get(&self.first, n) as usize
    }

    /// Removes the option of node `n` from the sets of its items (those of purified
    /// secondary items aside); false when a primary item would fall below its lower
    /// bound. Primary items left without options (their lower bound met) go inactive.
    fn remove_option(&mut self, n: usize) -> bool {
        let mut nn = self.first_of(n);
        let second = self.second;
        // Counted apart from `self.updates`, which the compiler would write back each time.
        let mut removed = 0u64;
        let ok = loop {
            let Node { item: ii, loc: p } = *node(&self.nodes, nn);
            if ii <= 0 {
                break true;
            }
            if p < second || self.pos(ii) < self.active {
                let ss = self.size(ii) - 1;
                if p < second {
                    if ss < self.bound(ii) - self.slack(ii) {
                        break false;
                    }
                    if ss == 0 {
                        self.deactivate(ii);
                    }
                }
                if ss > 0 {
                    self.shrink(ii, ss, nn, p);
                    removed += 1;
                }
            }
            nn += 1;
        };
        self.updates += removed;
        ok
    }

    /// Includes the option of node `opt`: decreases the bounds of its primary items,
    /// covers those whose bound reaches 0 and commits its secondary items (hiding the
    /// options that conflict), or returns false when that would leave some primary item
    /// below its lower bound.
    fn include_option(&mut self, opt: usize) -> bool {
        let mut opt = self.first_of(opt);
        loop {
            let Node { item: ii, loc: pp } = *node(&self.nodes, opt);
            let color = get(&self.colors, opt);
            if ii <= 0 {
                return true;
            }
            let p = self.pos(ii);
            if p >= self.active {
                // A purified secondary item (a primary item of an active option is active).
                opt += 1;
                continue;
            }
            let primary = ii < self.second;
            if primary {
                *get_mut(&mut self.set, ii as usize - 3) -= 1;
            }
            if !primary || self.bound(ii) == 0 {
                let c = if primary { 0 } else { color };
                let ss = self.size(ii);
                for s in (ii..ii + ss).rev() {
                    if s == pp {
                        continue;
                    }
                    let optp = get(&self.set, s as usize) as usize;
                    if (c == 0 || get(&self.colors, optp) != c) && !self.remove_option(optp) {
                        self.force.clear();
                        return false;
                    }
                }
                self.deactivate(ii);
            } else {
                let ss = self.size(ii) - 1;
                if ss < self.bound(ii) - self.slack(ii) {
                    self.force.clear();
                    return false;
                }
                if ss == 0 {
                    self.deactivate(ii);
                } else {
                    self.shrink(ii, ss, opt, pp);
                    self.updates += 1;
                }
            }
            opt += 1;
        }
    }

    /// The item of smallest branching degree `size + min(slack, bound) - bound + 1`, ties to
    /// the smaller `min(slack, bound)`, then to the longer set, then to the first item (with
    /// `best` the item chosen last, SSMCC's starting point for the ties); those of degree 1
    /// go on the force stack (as many times as they must be covered). Returns the degree
    /// (`i32::MAX` when no primary item is active) and the item. Apart from the search loop
    /// so that its running best stays in registers (inside the loop they were spilled).
    #[inline(never)]
    fn choose(&mut self, mut best: i32) -> (i32, i32) {
        let mut score = i32::MAX;
        let (mut best_s, mut best_l) = (0i32, 0i32);
        for k in 0..self.active {
            let x = get(&self.item, k);
            if x >= self.second {
                continue;
            }
            let (bound, slack, l) = (self.bound(x), self.slack(x), self.size(x));
            let s = slack.min(bound);
            let t = l + s - bound + 1;
            if t == 1 {
                for _ in 0..(bound - slack).max(0) {
                    self.force.push(x);
                }
            } else if better(t, s, l, x, score, best_s, best_l, best) {
                (score, best, best_s, best_l) = (t, x, s, l);
            }
        }
        (score, best)
    }

    /// [`Bounded::choose`] with the sharp preference of Knuth's DLX3: an item not named
    /// `#...` of degree 2 or more comes after every `#` item. Kept apart so that the plain
    /// choice keeps its 32-bit keys (measured 5-7% faster on redrect than one function
    /// with a compile-time switch and 64-bit keys).
    #[inline(never)]
    fn choose_sharp(&mut self, mut best: i32) -> (i32, i32) {
        let mut score = i64::MAX;
        let (mut best_s, mut best_l) = (0i32, 0i32);
        for k in 0..self.active {
            let x = get(&self.item, k);
            if x >= self.second {
                continue;
            }
            let (bound, slack, l) = (self.bound(x), self.slack(x), self.size(x));
            let s = slack.min(bound);
            let t = l + s - bound + 1;
            if t == 1 {
                for _ in 0..(bound - slack).max(0) {
                    self.force.push(x);
                }
                continue;
            }
            let mut t = i64::from(t);
            if t > 1 && self.unsharp[x as usize] {
                t += UNSHARP;
            }
            if t < score
                || (t == score
                    && (s < best_s || (s == best_s && (l > best_l || (l == best_l && x < best)))))
            {
                (score, best, best_s, best_l) = (t, x, s, l);
            }
        }
        if score > UNSHARP && score < i64::MAX {
            score -= UNSHARP;
        }
        (i32::try_from(score).unwrap_or(i32::MAX), best)
    }

    /// The option (in the problem) of a node.
    pub(super) fn option_of(&self, node: usize) -> OptionId {
        let mut q = node;
        while self.nodes[q].item >= 0 {
            q += 1;
        }
        OptionId::new(self.colors[q] as usize)
    }

    /// Runs SSMCC's search (see [`super::CellSolver`] for what it counts).
    pub fn run(
        &mut self,
        list: bool,
        progress_every: u64,
        limits: &Limits,
        started: Instant,
        stats: &mut Stats,
        visit: &mut impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Status {
        let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
        if max_solutions == 0 {
            // Nothing was searched: the count is cut short, as on dancing links.
            return Status::SolutionLimit;
        }
        if self.uncoverable {
            return Status::Complete;
        }
        let mut meter = Meter::new(limits, progress_every);
        let mut stage = 0usize;
        let mut level = 0usize;
        // Per level: the node tried, the item's branching degree, the stage.
        let mut choice: Vec<usize> = vec![0];
        let mut deg: Vec<i32> = vec![0];
        let mut stagelevel: Vec<usize> = vec![0];
        // Per stage: its latest level and the save stack's height.
        let mut levelstage: Vec<usize> = vec![0];
        let mut saved: Vec<usize> = vec![0];
        let mut stack: Vec<Saved> = Vec::new();
        let mut saveptr = 0usize;
        let mut solution: Vec<OptionId> = Vec::new();
        let mut best = 0i32;
        let mut score;
        let mut estimate = 0.0f64;

        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            TryAgain,
            PreBackup,
            Backup,
            Purge,
        }
        let mut step = Step::Forward;
        loop {
            match step {
                Step::Forward => {
                    if let Some(status) = meter.enter(stats, stage) {
                        return status;
                    }
                    if meter.progress_due(stats.nodes) {
                        estimate =
                            estimate.max(fraction_done(&deg, &stagelevel, &levelstage, level));
                        let progress = Progress {
                            nodes: stats.nodes,
                            solutions: stats.solutions,
                            level: stage,
                            estimate,
                            elapsed: started.elapsed(),
                        };
                        if visit(Event::Progress(progress)).is_break() {
                            return Status::Stopped;
                        }
                    }
                    // A forced move left from the scan of a level above.
                    let mut forced = None;
                    while let Some(x) = self.force.pop() {
                        if self.pos(x) < self.active {
                            forced = Some(x);
                            break;
                        }
                    }
                    if forced.is_none() {
                        (score, best) = if self.unsharp.is_empty() {
                            self.choose(best)
                        } else {
                            self.choose_sharp(best)
                        };
                        forced = self.force.pop();
                        if forced.is_none() {
                            if score == i32::MAX {
                                stats.solutions += 1;
                                if list {
                                    solution.clear();
                                    solution.extend(
                                        levelstage[..stage]
                                            .iter()
                                            .map(|&l| self.option_of(choice[l])),
                                    );
                                    if visit(Event::Solution(&solution)).is_break() {
                                        return Status::Stopped;
                                    }
                                }
                                if stats.solutions >= max_solutions {
                                    return Status::SolutionLimit;
                                }
                                step = Step::Backup;
                                continue;
                            }
                            if score <= 0 {
                                // Cannot happen (hiding keeps every active item coverable);
                                // should it, this node is a dead end.
                                step = Step::Backup;
                                continue;
                            }
                            stats.branches += 1;
                            saved[stage] = saveptr;
                            stack.truncate(saveptr);
                            let set = &self.set[..];
                            stack.extend(self.item[..self.active].iter().map(|&x| Saved {
                                item: x,
                                size: get(set, x as usize - 1),
                                bound: get(set, x as usize - 3),
                            }));
                            saveptr = stack.len();
                            deg[level] = score;
                            step = Step::Advance;
                            continue;
                        }
                    }
                    best = forced.unwrap_or(best);
                    saved[stage] = saveptr;
                    deg[level] = 1;
                    step = Step::Advance;
                }
                Step::Advance => {
                    let cur = get(&self.set, best as usize) as usize;
                    choice[level] = cur;
                    if !self.include_option(cur) {
                        step = Step::TryAgain;
                        continue;
                    }
                    stage += 1;
                    level += 1;
                    enter(
                        level,
                        stage,
                        &mut choice,
                        &mut deg,
                        &mut stagelevel,
                        &mut levelstage,
                        &mut saved,
                    );
                    step = Step::Forward;
                }
                Step::TryAgain => {
                    step = if deg[level] == 1 {
                        Step::PreBackup
                    } else {
                        Step::Purge
                    };
                }
                Step::PreBackup => {
                    saveptr = saved[stage];
                    step = Step::Backup;
                }
                Step::Backup => {
                    if stage == 0 {
                        return Status::Complete;
                    }
                    stage -= 1;
                    level = levelstage[stage];
                    step = Step::Purge;
                }
                Step::Purge => {
                    if deg[level] == 1 {
                        step = Step::PreBackup;
                        continue;
                    }
                    let from = saved[stage];
                    self.active = saveptr - from;
                    saveptr = from;
                    let set = &mut self.set[..];
                    for e in &stack[from..from + self.active] {
                        *get_mut(set, e.item as usize - 1) = e.size;
                        *get_mut(set, e.item as usize - 3) = e.bound;
                    }
                    if !self.remove_option(choice[level]) {
                        step = Step::PreBackup;
                        continue;
                    }
                    level += 1;
                    enter(
                        level,
                        stage,
                        &mut choice,
                        &mut deg,
                        &mut stagelevel,
                        &mut levelstage,
                        &mut saved,
                    );
                    step = Step::Forward;
                }
            }
        }
    }

    /// SSMCC's updates: options removed from an item's set.
    pub fn updates(&self) -> u64 {
        self.updates
    }
}

/// Whether an item of degree `t`, `min(slack, bound)` `s`, size `l` and index `x` comes
/// before the best so far (`score`, `best_s`, `best_l`, `best`) in SSMCC's order. Computed
/// without short circuits: the ties, decided by branches, were mispredicted often enough to
/// cost about a tenth of the search on redrect (BENCHMARKS.md).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn better(t: i32, s: i32, l: i32, x: i32, score: i32, best_s: i32, best_l: i32, best: i32) -> bool {
    (t < score)
        | ((t == score)
            & ((s < best_s) | ((s == best_s) & ((l > best_l) | ((l == best_l) & (x < best))))))
}

/// Records that `level` is now the latest level of `stage`, growing the per-level and
/// per-stage arrays as the search goes deeper.
fn enter(
    level: usize,
    stage: usize,
    choice: &mut Vec<usize>,
    deg: &mut Vec<i32>,
    stagelevel: &mut Vec<usize>,
    levelstage: &mut Vec<usize>,
    saved: &mut Vec<usize>,
) {
    if choice.len() <= level {
        choice.push(0);
        deg.push(0);
        stagelevel.push(0);
    }
    if levelstage.len() <= stage {
        levelstage.push(0);
        saved.push(0);
    }
    stagelevel[level] = stage;
    levelstage[stage] = level;
}

/// Knuth's estimate of the fraction of a binary tree done: the `k`th option tried at a
/// stage, out of the `d + k - 1` its item had, as one of that many equal subtrees.
fn fraction_done(deg: &[i32], stagelevel: &[usize], levelstage: &[usize], level: usize) -> f64 {
    let (mut f, mut fd) = (0.0f64, 1.0f64);
    for l in 0..level.min(deg.len()) {
        if levelstage[stagelevel[l]] == l {
            let (mut k, mut d) = (1.0, f64::from(deg[l].max(1)));
            let mut ll = l;
            while ll > 0 && stagelevel[ll - 1] == stagelevel[l] {
                k += 1.0;
                d += 1.0;
                ll -= 1;
            }
            fd *= d;
            f += (k - 1.0) / fd;
        }
    }
    (f + 0.5 / fd).min(1.0)
}
