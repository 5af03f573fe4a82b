//! Minimum-cost solutions, as Knuth's DLX5: the `k` cheapest solutions of a problem whose
//! options have costs.
//!
//! An option's cost is written `|n` in Knuth's format (several add up); a solution costs the
//! sum of its options' costs. [`BestSolver`] finds the `k` cheapest solutions (ties broken by
//! the order of discovery) and reports every *improvement* as it is found: a solution cheaper
//! than the `k`th cheapest seen so far. With `k = 1` the costs reported only go down, and the
//! last one is the optimum.
//!
//! The search is DLX5's, step for step, so it finds the same solutions in the same order and
//! counts the same nodes, updates and cleansings:
//!
//! - **Taxes.** Before the search, each primary item in turn is *taxed* the cheapest cost of
//!   its options, and that tax is taken off every option that contains it. A solution covers
//!   every primary item once, so it pays every tax once: its *net* cost is its cost minus the
//!   total tax, the same for every solution. Afterwards every primary item has an option of
//!   net cost 0, and expensive options stand out.
//! - **Sorted lists.** Each item's list runs from the cheapest net cost to the dearest.
//! - **Cutoffs.** The search keeps the `k` best net costs found so far; the `k`th is the
//!   *cutoff*, infinite until `k` solutions are known. At a node whose partial solution costs
//!   `c`, an option that costs `cutoff - c` or more cannot lead to an improvement; as lists
//!   are sorted, the options to try at a level are a prefix of the chosen item's list, and
//!   covering an item hides only the options below the threshold (the rest can never be
//!   chosen deeper down). Uncovering uses the threshold the covering used.
//! - **The item to branch on** is the primary item with the fewest options below the cutoff
//!   (counting at most 10 before settling for the list's length), and on ties the one whose
//!   cheapest option is dearest, as that cost must be paid anyway. An item with no usable
//!   option ends the branch.
//!
//! Costs are unsigned 64-bit integers; the builder keeps the sum of all options' costs below
//! `2^64 - 1`, so no partial sum overflows and `2^64 - 1` can stand for "infinite". Problems
//! without costs never reach this module: the plain [`Solver`](crate::xc::Solver) searches
//! them.
//!
//! ```
//! use dlxkit::xc::Problem;
//! let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
//! let mut best = p.best(1);
//! let found: Vec<u64> = best.by_ref().map(|s| s.cost).collect();
//! assert_eq!(found, [6, 4]); // each improvement, as found (as DLX5 finds them)
//! let outcome = best.outcome();
//! assert_eq!(outcome.cheapest[0].cost, 4);
//! assert_eq!((outcome.stats.nodes, outcome.stats.updates), (5, 10)); // as DLX5 counts
//! # Ok::<(), dlxkit::xc::ParseError>(())
//! ```

use std::collections::BinaryHeap;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::problem::{OptionId, Problem};
use super::search::{Limits, Stats, Status};

/// How many options of an item the choice counts before it settles for the list's length
/// (DLX5's `lenthresh`).
const LOOKAHEAD: u32 = 10;

/// "Infinite" cost: no sum of costs reaches it.
const INFINITE: u64 = u64::MAX;

/// A solution and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costed {
    /// The sum of its options' costs.
    pub cost: u64,
    /// Its options, in the order the search chose them.
    pub options: Vec<OptionId>,
}

/// How a minimum-cost search ended, what it counted and the cheapest solutions it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestOutcome {
    /// Why the search ended ([`Status::Complete`]: the costs below are the optimum).
    pub status: Status,
    /// What it counted; `stats.solutions` counts the improvements.
    pub stats: Stats,
    /// The `k` cheapest solutions found (fewer if the problem has fewer), cheapest first.
    pub cheapest: Vec<Costed>,
}

/// Knuth's DLX5: the `k` cheapest solutions of a problem with option costs, each improvement
/// reported as found (see the [module documentation](self)).
///
/// ```
/// use dlxkit::xc::{BestSolver, Limits, Problem};
/// let p = Problem::from_dlx("A B\nA |2\nB |2\nA B |3\n")?;
/// let mut best = BestSolver::new(&p, 2).with_limits(Limits::new().nodes(1_000));
/// assert_eq!(best.by_ref().count(), 2);
/// let costs: Vec<u64> = best.outcome().cheapest.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [3, 4]);
/// # Ok::<(), dlxkit::xc::ParseError>(())
/// ```
pub struct BestSolver<'p> {
    problem: &'p Problem,
    limits: Limits,
    k: usize,
    m: Links,
    at: At,
    level: usize,
    cur_cost: u64,
    next_cost: u64,
    cutoff: u64,
    best: Vec<u32>,
    choice: Vec<u32>,
    part_cost: Vec<u64>,
    /// The threshold the level's chosen item was covered with.
    item_threshold: Vec<u64>,
    /// The threshold the other items of the level's option were covered with.
    option_threshold: Vec<u64>,
    /// The `k` best solutions so far: a max-heap on (net cost, order found).
    kept: BinaryHeap<(u64, u64, Vec<OptionId>)>,
    stats: Stats,
    status: Status,
    started: Instant,
    next_poll: u64,
}

/// Where the machine stands (DLX5's labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// Enter a node at `level`.
    Forward,
    /// Apply `choice[level]`, whose cost makes `next_cost`.
    Advance,
    /// Undo `choice[level]` and try the next option.
    Recover,
    /// Uncover the level's item and go up.
    Backup,
    /// Go up a level (nothing covered at this one).
    Backdown,
    /// The search is over.
    Done,
}

impl Problem {
    /// The `k` cheapest solutions, as Knuth's DLX5 finds them (a [`BestSolver`]; `k` below
    /// 1 counts as 1).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A\nA |4\nA |1\n").unwrap();
    /// assert_eq!(p.best(1).last().unwrap().cost, 1);
    /// ```
    ///
    /// DLX5 has no item bounds: a problem with bounds ([`Problem::has_bounds`]) is searched
    /// as if every primary item were to be covered exactly once, so ask first (the command
    /// line refuses `--best` on such a problem).
    pub fn best(&self, k: usize) -> BestSolver<'_> {
        BestSolver::new(self, k)
    }
}

impl<'p> BestSolver<'p> {
    /// A search for the `k` cheapest solutions of `problem` (`k` below 1 counts as 1).
    ///
    /// ```
    /// # use dlxkit::xc::{BestSolver, Problem};
    /// let p = Problem::from_dlx("A\nA |4\nA |1\n").unwrap();
    /// assert_eq!(BestSolver::new(&p, 5).count(), 2);
    /// ```
    pub fn new(problem: &'p Problem, k: usize) -> BestSolver<'p> {
        BestSolver {
            problem,
            limits: Limits::new(),
            k: k.max(1),
            m: Links::new(problem),
            at: At::Forward,
            level: 0,
            cur_cost: 0,
            next_cost: 0,
            cutoff: INFINITE,
            best: Vec::new(),
            choice: Vec::new(),
            part_cost: Vec::new(),
            item_threshold: Vec::new(),
            option_threshold: Vec::new(),
            kept: BinaryHeap::new(),
            stats: Stats::default(),
            status: Status::Complete,
            started: Instant::now(),
            next_poll: 0,
        }
    }

    /// Sets the limits (`max_solutions` counts improvements).
    ///
    /// ```
    /// # use dlxkit::xc::{BestSolver, Limits, Problem, Status};
    /// let p = Problem::from_dlx("A\nA |4\nA |1\n").unwrap();
    /// let mut best = BestSolver::new(&p, 1).with_limits(Limits::new().solutions(1));
    /// assert_eq!(best.by_ref().count(), 1);
    /// assert_eq!(best.outcome().status, Status::SolutionLimit);
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> BestSolver<'p> {
        self.limits = limits;
        if self.limits.max_solutions == Some(0) {
            self.finish(Status::SolutionLimit);
        }
        self
    }

    /// The total tax: what every solution pays whatever it is (the cheapest net cost is 0).
    ///
    /// ```
    /// # use dlxkit::xc::{BestSolver, Problem};
    /// let p = Problem::from_dlx("A B\nA |2\nB |3\nA B |7\n").unwrap();
    /// assert_eq!(BestSolver::new(&p, 1).total_tax(), 5);
    /// ```
    pub fn total_tax(&self) -> u64 {
        self.m.total_tax
    }

    /// The status, the statistics and the cheapest solutions so far (all of them once the
    /// iterator has returned `None`).
    ///
    /// ```
    /// # use dlxkit::xc::{BestSolver, Problem};
    /// let p = Problem::from_dlx("A B\nA B |4\nA |1\nB |1\n").unwrap();
    /// let mut best = BestSolver::new(&p, 1);
    /// best.by_ref().for_each(drop);
    /// let outcome = best.outcome();
    /// assert!(outcome.status.is_complete());
    /// assert_eq!((outcome.stats.solutions, outcome.cheapest[0].cost), (1, 2));
    /// ```
    pub fn outcome(&self) -> BestOutcome {
        let mut kept: Vec<_> = self.kept.clone().into_sorted_vec();
        kept.truncate(self.k);
        let mut stats = self.stats.clone();
        stats.updates = self.m.updates;
        stats.cleansings = self.m.cleansings;
        if self.at != At::Done {
            stats.elapsed = self.started.elapsed();
        }
        BestOutcome {
            status: self.status,
            stats,
            cheapest: kept
                .into_iter()
                .map(|(net, _, options)| Costed {
                    cost: net + self.m.total_tax,
                    options,
                })
                .collect(),
        }
    }

    fn finish(&mut self, status: Status) {
        self.status = status;
        self.at = At::Done;
        self.stats.elapsed = self.started.elapsed();
    }

    fn count_level(&mut self, level: usize) {
        if self.stats.profile.len() <= level {
            self.stats.profile.resize(level + 1, 0);
        }
        self.stats.profile[level] += 1;
    }

    /// The slow path of entering a node: the node limit, and every 1,024 nodes the cancel
    /// flag and the deadline. True when the search must stop.
    #[cold]
    fn limit_reached(&mut self) -> bool {
        let nodes = self.stats.nodes;
        if self.limits.max_nodes.is_some_and(|max| nodes >= max) {
            self.finish(Status::NodeLimit);
            return true;
        }
        if nodes >= self.next_poll {
            self.next_poll = nodes + 1024;
            if let Some(flag) = &self.limits.cancel {
                if flag.load(Ordering::Relaxed) {
                    self.finish(Status::Cancelled);
                    return true;
                }
            }
            if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                self.finish(Status::TimeLimit);
                return true;
            }
        }
        false
    }

    /// Runs the machine to the next improvement, or to the end.
    fn step(&mut self) -> Option<Costed> {
        loop {
            match self.at {
                At::Forward => {
                    if (self.limits.max_nodes.is_some() || self.stats.nodes >= self.next_poll)
                        && self.limit_reached()
                    {
                        return None;
                    }
                    self.stats.nodes += 1;
                    let level = self.level;
                    self.count_level(level);
                    if level == self.best.len() {
                        for v in [&mut self.best, &mut self.choice] {
                            v.push(0);
                        }
                        for v in [
                            &mut self.part_cost,
                            &mut self.item_threshold,
                            &mut self.option_threshold,
                        ] {
                            v.push(0);
                        }
                    }
                    let (item, usable) = self.m.choose(self.cutoff - self.cur_cost);
                    self.stats.branches += u64::from(usable >= 2);
                    if usable == 0 {
                        self.stats.dead_ends += 1;
                        self.at = At::Backdown;
                        continue;
                    }
                    self.best[level] = item;
                    self.part_cost[level] = self.cur_cost;
                    let x = self.m.down(item);
                    self.choice[level] = x;
                    self.next_cost = self.cur_cost + self.m.cost(x);
                    let threshold = self.cutoff - self.next_cost;
                    self.item_threshold[level] = threshold;
                    self.m.cover(item, threshold);
                    self.at = At::Advance;
                }
                At::Advance => {
                    let level = self.level;
                    let threshold = self.cutoff - self.next_cost;
                    self.option_threshold[level] = threshold;
                    self.m.commit(self.choice[level], threshold);
                    if self.m.all_covered() {
                        // A solution is a node too, so the node limit applies to it.
                        if self
                            .limits
                            .max_nodes
                            .is_some_and(|max| self.stats.nodes >= max)
                        {
                            self.finish(Status::NodeLimit);
                            return None;
                        }
                        self.at = At::Recover;
                        return Some(self.found());
                    }
                    self.level += 1;
                    self.cur_cost = self.next_cost;
                    self.at = At::Forward;
                }
                At::Recover => {
                    let level = self.level;
                    let x = self.choice[level];
                    self.m.uncommit(x, self.option_threshold[level]);
                    let y = self.m.down(x);
                    self.choice[level] = y;
                    if y == self.best[level] {
                        self.at = At::Backup;
                        continue;
                    }
                    self.next_cost = self.cur_cost + self.m.cost(y);
                    self.at = if self.next_cost >= self.cutoff {
                        At::Backup
                    } else {
                        At::Advance
                    };
                }
                At::Backup => {
                    let level = self.level;
                    self.m.uncover(self.best[level], self.item_threshold[level]);
                    self.at = At::Backdown;
                }
                At::Backdown => {
                    if self.level == 0 {
                        self.finish(Status::Complete);
                        return None;
                    }
                    self.level -= 1;
                    self.cur_cost = self.part_cost[self.level];
                    self.at = At::Recover;
                }
                At::Done => return None,
            }
        }
    }

    /// Records the solution at the current level: the cutoff moves, the solution is kept.
    fn found(&mut self) -> Costed {
        let level = self.level;
        self.stats.nodes += 1;
        self.count_level(level + 1);
        self.stats.solutions += 1;
        let options: Vec<OptionId> = self.choice[..=level]
            .iter()
            .map(|&x| self.m.option_of(x))
            .collect();
        let net = self.next_cost;
        self.kept.push((net, self.stats.solutions, options.clone()));
        if self.kept.len() > self.k {
            self.kept.pop();
        }
        if self.kept.len() == self.k {
            self.cutoff = self.kept.peek().map_or(INFINITE, |top| top.0);
        }
        if self.limits.max_solutions == Some(self.stats.solutions) {
            self.finish(Status::SolutionLimit);
        }
        let cost = net + self.m.total_tax;
        debug_assert_eq!(
            cost,
            options
                .iter()
                .map(|&o| self.problem.option_cost(o))
                .sum::<u64>()
        );
        Costed { cost, options }
    }
}

impl Iterator for BestSolver<'_> {
    type Item = Costed;

    /// The next improvement: a solution cheaper than the `k`th cheapest found so far.
    fn next(&mut self) -> Option<Costed> {
        self.step()
    }
}

impl std::fmt::Debug for BestSolver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BestSolver")
            .field("k", &self.k)
            .field("level", &self.level)
            .field("cutoff", &self.cutoff)
            .field("stats", &self.stats)
            .finish()
    }
}

/// One node of DLX5's matrix: item headers at `1..=items` (0 is the root of the list of
/// active primary items), then the options' entries, each option followed by a spacer.
/// 24 bytes, as in DLX5: the cost sits beside the links the loops follow with it.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item (from 1); in a spacer, minus the number of options before it; in a primary
    /// item's header, the length of its list (as DLX5 keeps it: [`Links::len`]).
    item: i32,
    /// The colour plus one (0: none; -1: cleansed, agreeing with its item's colour).
    color: i32,
    /// The net cost of the node's option.
    cost: u64,
}

/// DLX5's matrix with net costs, each item's list sorted by them.
///
/// Its nodes are reached through [`Links::at`] and [`Links::at_mut`], which skip the bounds
/// check (unless the feature `checked` is on): every index they get is a header
/// (`1..=items`), a node's neighbour in its option (options are framed by spacers), or a
/// link read from a node, and links are only ever copied from node to node after
/// [`Links::new`] set them all within the array, which never changes size.
struct Links {
    nodes: Vec<Node>,
    prev: Vec<u32>,
    next: Vec<u32>,
    primaries: u32,
    total_tax: u64,
    updates: u64,
    cleansings: u64,
}

impl Links {
    fn new(problem: &Problem) -> Links {
        let order = problem.knuth_order();
        let items = order.len();
        let mut header = vec![0u32; problem.item_count()];
        for (h, &i) in order.iter().enumerate() {
            header[i.index()] = h as u32 + 1;
        }
        // Taxes, item by item, on the options' net costs.
        let mut net: Vec<u64> = problem.options().map(|o| problem.option_cost(o)).collect();
        let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
        for o in problem.options() {
            for e in problem.option(o) {
                options_of[header[e.item.index()] as usize].push(o.index() as u32);
            }
        }
        let primaries = problem.primary_count() as u32;
        let mut total_tax = 0;
        for list in &options_of[1..=primaries as usize] {
            let tax = list.iter().map(|&o| net[o as usize]).min().unwrap_or(0);
            if tax > 0 {
                total_tax += tax;
                for &o in list {
                    net[o as usize] -= tax;
                }
            }
        }
        // The nodes, options in order, each followed by a spacer.
        let mut nodes = vec![Node::default(); items + 1];
        let mut node_lists: Vec<Vec<u32>> = vec![Vec::new(); items + 1];
        nodes.push(Node::default()); // the first spacer
        for o in problem.options() {
            let first = nodes.len() as u32;
            for e in problem.option(o) {
                let h = header[e.item.index()];
                node_lists[h as usize].push(nodes.len() as u32);
                nodes.push(Node {
                    up: 0,
                    down: 0,
                    item: h as i32,
                    color: e.color.map_or(0, |c| c.index() as i32 + 1),
                    cost: net[o.index()],
                });
                if h <= primaries {
                    nodes[h as usize].item += 1; // the list's length
                }
            }
            let last = nodes.len() as u32 - 1;
            let spacer_before = first as usize - 1;
            nodes[spacer_before].down = last;
            nodes.push(Node {
                up: first,
                down: 0,
                item: -(o.index() as i32 + 1),
                color: 0,
                cost: 0,
            });
        }
        // Each list sorted by net cost, stably (DLX5 merge-sorts them).
        for (h, list) in node_lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&x| nodes[x as usize].cost);
            let mut above = h as u32;
            for &x in list.iter() {
                nodes[x as usize].up = above;
                nodes[above as usize].down = x;
                above = x;
            }
            nodes[above as usize].down = h as u32;
            nodes[h].up = above;
            if list.is_empty() {
                nodes[h].down = h as u32;
            }
        }
        // The active list: the root and the primary items; secondary items in their own
        // circle (covering one unlinks it harmlessly).
        let mut prev = vec![0u32; items + 1];
        let mut next = vec![0u32; items + 1];
        let circle = |from: u32, to: u32, head: u32, prev: &mut [u32], next: &mut [u32]| {
            let members: Vec<u32> = std::iter::once(head).chain(from..=to).collect();
            for (k, &x) in members.iter().enumerate() {
                next[x as usize] = members[(k + 1) % members.len()];
                prev[x as usize] = members[(k + members.len() - 1) % members.len()];
            }
        };
        circle(1, primaries, 0, &mut prev, &mut next);
        if (primaries as usize) < items {
            circle(
                primaries + 2,
                items as u32,
                primaries + 1,
                &mut prev,
                &mut next,
            );
        }
        Links {
            nodes,
            prev,
            next,
            primaries,
            total_tax,
            updates: 0,
            cleansings: 0,
        }
    }

    /// The node `x` (see [`Links`] for why `x` is in range).
    #[cfg(not(feature = "checked"))]
    #[allow(unsafe_code)]
    #[inline(always)]
    fn at(&self, x: u32) -> &Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a header, a neighbour of a node within its option, or a link
        // read from a node; all of them are below `nodes.len()` (see `Links`).
        unsafe { self.nodes.get_unchecked(x as usize) }
    }

    /// The node `x`, to change (see [`Links::at`]).
    #[cfg(not(feature = "checked"))]
    #[allow(unsafe_code)]
    #[inline(always)]
    fn at_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: as for `Links::at`.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    /// The node `x` (checked).
    #[cfg(feature = "checked")]
    fn at(&self, x: u32) -> &Node {
        &self.nodes[x as usize]
    }

    /// The node `x`, to change (checked).
    #[cfg(feature = "checked")]
    fn at_mut(&mut self, x: u32) -> &mut Node {
        &mut self.nodes[x as usize]
    }

    /// The length of primary item `k`'s list (options hidden by a cover with a threshold
    /// still count, as in DLX5).
    fn len(&self, k: u32) -> u32 {
        self.at(k).item as u32
    }

    fn down(&self, x: u32) -> u32 {
        self.at(x).down
    }

    fn cost(&self, x: u32) -> u64 {
        self.at(x).cost
    }

    fn all_covered(&self) -> bool {
        self.next[0] == 0
    }

    fn option_of(&self, x: u32) -> OptionId {
        let mut y = x as usize;
        while self.nodes[y].item > 0 {
            y += 1;
        }
        OptionId::new((-self.nodes[y].item - 1) as usize)
    }

    /// DLX5's choice: the active primary item with the fewest options cheaper than
    /// `budget`, the dearest cheapest option on ties; with the number of those options (0:
    /// the branch is dead).
    fn choose(&self, budget: u64) -> (u32, u32) {
        let (mut best, mut fewest, mut dearest) = (0, u32::MAX, 0);
        let mut k = self.next[0];
        while k != 0 {
            let first = self.down(k);
            if first == k || self.cost(first) >= budget {
                return (k, 0);
            }
            let min_cost = self.cost(first);
            let mut s = 1;
            let mut p = self.down(first);
            let usable = loop {
                if p == k || self.cost(p) >= budget {
                    break Some(s);
                }
                if s == fewest {
                    break None;
                }
                if s >= LOOKAHEAD {
                    break Some(self.len(k));
                }
                p = self.down(p);
                s += 1;
            };
            if let Some(s) = usable {
                if s < fewest || (s == fewest && min_cost > dearest) {
                    (best, fewest, dearest) = (k, s, min_cost);
                }
            }
            k = self.next[k as usize];
        }
        (best, fewest)
    }

    /// Unlinks the other nodes of `x`'s option from their lists (a cleansed node stays).
    fn hide(&mut self, x: u32) {
        let mut y = x + 1;
        while y != x {
            let node = *self.at(y);
            if node.color >= 0 {
                if node.item <= 0 {
                    y = node.up;
                    continue;
                }
                self.at_mut(node.up).down = node.down;
                self.at_mut(node.down).up = node.up;
                self.updates += 1;
                if node.item as u32 <= self.primaries {
                    self.at_mut(node.item as u32).item -= 1; // the length
                }
            }
            y += 1;
        }
    }

    /// Undoes [`Links::hide`] (in the same order: the links dance back all the same).
    fn unhide(&mut self, x: u32) {
        let mut y = x + 1;
        while y != x {
            let node = *self.at(y);
            if node.color >= 0 {
                if node.item <= 0 {
                    y = node.up;
                    continue;
                }
                self.at_mut(node.up).down = y;
                self.at_mut(node.down).up = y;
                if node.item as u32 <= self.primaries {
                    self.at_mut(node.item as u32).item += 1; // the length
                }
            }
            y += 1;
        }
    }

    /// Covers item `c`: hides its options cheaper than `threshold`.
    fn cover(&mut self, c: u32, threshold: u64) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        self.updates += 1;
        let mut x = self.down(c);
        while x != c && self.cost(x) < threshold {
            self.hide(x);
            x = self.down(x);
        }
    }

    /// Undoes [`Links::cover`] with the same threshold.
    fn uncover(&mut self, c: u32, threshold: u64) {
        let mut x = self.down(c);
        while x != c && self.cost(x) < threshold {
            self.unhide(x);
            x = self.down(x);
        }
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = c;
        self.prev[r as usize] = c;
    }

    /// Keeps, in the list of node `p`'s item, the options cheaper than `threshold` that
    /// agree with `p`'s colour (marking them cleansed) and hides the others.
    fn purify(&mut self, p: u32, threshold: u64) {
        let Node { item, color, .. } = *self.at(p);
        let c = item as u32;
        self.cleansings += 1;
        let mut x = self.down(c);
        while x != c && self.cost(x) < threshold {
            if self.at(x).color != color {
                self.hide(x);
            } else if x != p {
                self.cleansings += 1;
                self.at_mut(x).color = -1;
            }
            x = self.down(x);
        }
    }

    /// Undoes [`Links::purify`] with the same threshold.
    fn unpurify(&mut self, p: u32, threshold: u64) {
        let Node { item, color, .. } = *self.at(p);
        let c = item as u32;
        let mut x = self.down(c);
        while x != c && self.cost(x) < threshold {
            if self.at(x).color < 0 {
                self.at_mut(x).color = color;
            } else if x != p {
                self.unhide(x);
            }
            x = self.down(x);
        }
    }

    /// Covers or purifies the other items of `x`'s option, going right.
    fn commit(&mut self, x: u32, threshold: u64) {
        let mut y = x + 1;
        while y != x {
            let node = *self.at(y);
            if node.item <= 0 {
                y = node.up;
                continue;
            }
            if node.color == 0 {
                self.cover(node.item as u32, threshold);
            } else if node.color > 0 {
                self.purify(y, threshold);
            }
            y += 1;
        }
    }

    /// Undoes [`Links::commit`], going left.
    fn uncommit(&mut self, x: u32, threshold: u64) {
        let mut y = x - 1;
        while y != x {
            let node = *self.at(y);
            if node.item <= 0 {
                y = node.down;
                continue;
            }
            if node.color == 0 {
                self.uncover(node.item as u32, threshold);
            } else if node.color > 0 {
                self.unpurify(y, threshold);
            }
            y -= 1;
        }
    }
}
