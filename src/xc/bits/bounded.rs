//! Item bounds on bit sets: Knuth's Algorithm M (DLX3, SSMCC) with the options still
//! available as the bits of a word array and, beside the masks, two counters per primary
//! item: how many more options it needs (its lower bound less those taken) and how many more
//! it may take (its upper bound less those taken).
//!
//! A node chooses the item with the fewest ways to go, Algorithm M's score: its available
//! options, plus one for the null move, less what it still needs (at most 0: a dead end);
//! on ties, the first (DLX3's ties, to less slack and then more options, made a larger tree
//! here: BENCHMARKS.md).
//! Its moves are those of Algorithm M: take its first available option, or leave that one
//! out and take the next, and so on, and last, when the item needs no more, the null move,
//! which leaves all of its options out. The moves' subtrees hold disjoint sets of solutions
//! and together all of them, so each solution is found once. Taking an option clears the
//! options it clashes with on secondary items, and those of each item it fills; leaving one
//! out clears its bit. Undoing is going back to the level above's copy.
//!
//! The tree is not the links' (whose item choice breaks ties among bounded items by their
//! own rule, and counts a node for each item that nothing can cover any more): the same
//! solutions, in the problem's option order.

use std::ops::ControlFlow;
use std::time::Instant;

use super::BitsError;
use crate::xc::problem::{ItemKind, OptionId, Problem};
use crate::xc::search::{Event, Limits, Outcome, Progress, Stats, Status};

type Word = u64;

/// Algorithm M on bit sets, for problems of at most [`super::MAX_OPTIONS`] options and
/// [`super::MAX_ITEMS`] items.
///
/// ```
/// use dlxkit::xc::bits::BitBounded;
/// use dlxkit::xc::Problem;
/// // Two-per-line on a 4x4 board: two pieces in each row and column, at most two on each
/// // diagonal.
/// let mut text = String::new();
/// for k in 0..4 {
///     text += &format!("2|r{k} 2|c{k} ");
/// }
/// for d in 0..7 {
///     text += &format!("0:2|a{d} 0:2|b{d} ");
/// }
/// text += "\n";
/// for r in 0..4 {
///     for c in 0..4 {
///         text += &format!("r{r} c{c} a{} b{}\n", r + c, r + 3 - c);
///     }
/// }
/// let p = Problem::from_dlx(&text)?;
/// let links = dlxkit::xc::Plan::new().count(true).run(&p, &mut dlxkit::xc::plan::Discard)?;
/// assert_eq!(BitBounded::new(&p)?.count().stats.solutions, links.stats.solutions);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitBounded {
    options: usize,
    words: usize,
    /// For each primary item, the options that hold it (`words` words each).
    holders: Vec<Word>,
    /// For each option, the options it clashes with on secondary items, itself included.
    clash: Vec<Word>,
    /// For each option, its primary items.
    prims: Vec<Vec<u32>>,
    /// Each primary item's bounds.
    min: Vec<u32>,
    max: Vec<u32>,
    limits: Limits,
}

/// The state of one level: the options available, and each primary item's counters.
#[derive(Clone, Debug, Default)]
struct Level {
    available: Vec<Word>,
    /// Options it still needs.
    need: Vec<u32>,
    /// Options it may still take (0: the item is done).
    room: Vec<u32>,
}

impl Level {
    /// Makes this level a copy of `from`, in its own memory (allocated once per level).
    fn copy(&mut self, from: &Level) {
        for (to, from) in [(&mut self.need, &from.need), (&mut self.room, &from.room)] {
            to.clear();
            to.extend_from_slice(from);
        }
        self.available.clear();
        self.available.extend_from_slice(&from.available);
    }
}

/// A search in progress: its figures, the solution so far and the limits' bookkeeping.
struct Run<'a, F> {
    m: &'a BitBounded,
    list: bool,
    stats: Stats,
    solution: Vec<OptionId>,
    levels: Vec<Level>,
    handler: F,
    every: u64,
    next_progress: u64,
    max_nodes: u64,
    started: Instant,
    /// Each level's moves made and its number of ways (for the estimate).
    ways: Vec<(u32, u32)>,
    /// Each level's options of its item not yet tried (allocated once per level).
    untried: Vec<Vec<Word>>,
}

impl BitBounded {
    /// Whether the bit sets can hold `problem`: at most [`super::MAX_OPTIONS`] options and
    /// [`super::MAX_ITEMS`] items.
    pub fn fits(problem: &Problem) -> Result<(), BitsError> {
        let (options, items) = (problem.option_count(), problem.item_count());
        if options > super::MAX_OPTIONS || items > super::MAX_ITEMS {
            return Err(BitsError::TooLarge {
                options,
                items,
                max_options: super::MAX_OPTIONS,
                max_items: super::MAX_ITEMS,
            });
        }
        Ok(())
    }

    /// The masks of `problem`; refused when it is too large for them.
    pub fn new(problem: &Problem) -> Result<BitBounded, BitsError> {
        BitBounded::fits(problem)?;
        let (options, items) = (problem.option_count(), problem.item_count());
        let words = options.div_ceil(64).max(1);
        let primaries = problem.primary_count();
        let mut holders = vec![0; primaries * words];
        let mut clash = vec![0; options * words];
        let mut prims = vec![Vec::new(); options];
        // Each secondary item's options, with their colours.
        let mut users: Vec<Vec<(usize, Option<u32>)>> = vec![Vec::new(); items];
        // Each primary item's place among the primary items (they may come after
        // secondary ones), with its bounds.
        let mut dense = vec![0; items];
        let (mut min, mut max) = (Vec::new(), Vec::new());
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                dense[item.index()] = min.len();
                let bounds = problem.item_bounds(item);
                min.push(*bounds.start());
                max.push(*bounds.end());
            }
        }
        for o in problem.options() {
            let r = o.index();
            for e in problem.option(o) {
                let k = e.item.index();
                match problem.item_kind(e.item) {
                    ItemKind::Primary => {
                        let p = dense[k];
                        holders[p * words + r / 64] |= 1 << (r % 64);
                        prims[r].push(p as u32);
                    }
                    ItemKind::Secondary => users[k].push((r, e.color.map(|c| c.index() as u32))),
                }
            }
            clash[r * words + r / 64] |= 1 << (r % 64);
        }
        for list in &users {
            for &(r, color) in list {
                for &(s, other) in list {
                    if color.is_none() || color != other {
                        clash[r * words + s / 64] |= 1 << (s % 64);
                    }
                }
            }
        }
        Ok(BitBounded {
            options,
            words,
            holders,
            clash,
            prims,
            min,
            max,
            limits: Limits::new(),
        })
    }

    /// The same search with these limits.
    pub fn with_limits(mut self, limits: Limits) -> BitBounded {
        self.limits = limits;
        self
    }

    /// Counts the solutions.
    pub fn count(&self) -> Outcome {
        self.search(false, 0, |_| ControlFlow::Continue(()))
    }

    /// Every solution, in the order found.
    pub fn all_solutions(&self) -> Vec<Vec<OptionId>> {
        let mut found = Vec::new();
        self.search(true, 0, |event| {
            if let Event::Solution(options) = event {
                found.push(options.to_vec());
            }
            ControlFlow::Continue(())
        });
        found
    }

    /// Searches to the end or a limit: each solution (when `list`) and a progress report
    /// about every `progress_every` nodes (never, when 0) go to `handler`, which may stop
    /// the search.
    pub fn search(
        &self,
        list: bool,
        progress_every: u64,
        handler: impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        let mut full = vec![0; self.words];
        for r in 0..self.options {
            full[r / 64] |= 1 << (r % 64);
        }
        let root = Level {
            available: full,
            need: self.min.clone(),
            room: self.max.clone(),
        };
        let mut run = Run {
            m: self,
            list,
            stats: Stats::default(),
            solution: Vec::new(),
            levels: vec![root],
            handler,
            every: progress_every,
            next_progress: if progress_every == 0 {
                u64::MAX
            } else {
                progress_every
            },
            max_nodes: self.limits.max_nodes.unwrap_or(u64::MAX),
            started: Instant::now(),
            ways: Vec::new(),
            untried: Vec::new(),
        };
        let status = match run.node(0) {
            Ok(()) => Status::Complete,
            Err(status) => status,
        };
        let mut stats = run.stats;
        stats.elapsed = run.started.elapsed();
        Outcome { status, stats }
    }

    fn holders(&self, p: usize) -> &[Word] {
        &self.holders[p * self.words..(p + 1) * self.words]
    }

    fn clash(&self, r: usize) -> &[Word] {
        &self.clash[r * self.words..(r + 1) * self.words]
    }
}

/// The number of bits set in both `a` and `b`.
fn common(a: &[Word], b: &[Word]) -> u32 {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

impl<F: FnMut(Event<'_>) -> ControlFlow<()>> Run<'_, F> {
    /// Searches the node at `depth`, whose state is `levels[2 * depth]` (`levels[2 * depth +
    /// 1]` holds it with the options its moves left out so far); `Err` says why the whole
    /// search stops.
    fn node(&mut self, depth: usize) -> Result<(), Status> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Status::NodeLimit);
        }
        self.stats.nodes += 1;
        match self.stats.profile.get_mut(depth) {
            Some(n) => *n += 1,
            None => self.stats.profile.push(1),
        }
        if self.stats.nodes % 1024 == 0 {
            if let Some(status) = self.m.limits.interruption() {
                return Err(status);
            }
        }
        if self.stats.nodes >= self.next_progress {
            self.next_progress = self.stats.nodes.saturating_add(self.every);
            let progress = Progress {
                nodes: self.stats.nodes,
                solutions: self.stats.solutions,
                level: depth,
                estimate: self.estimate(),
                elapsed: self.started.elapsed(),
            };
            if (self.handler)(Event::Progress(progress)).is_break() {
                return Err(Status::Stopped);
            }
        }
        // The item with the fewest ways to go; an item that needs nothing and has no
        // option left is done.
        let m = self.m;
        let level = &self.levels[2 * depth];
        let mut best: Option<(usize, i64)> = None;
        for p in 0..level.room.len() {
            if level.room[p] == 0 {
                continue;
            }
            let len = common(&level.available, m.holders(p));
            let need = level.need[p];
            if len == 0 && need == 0 {
                continue;
            }
            let score = i64::from(len) + 1 - i64::from(need);
            if best.is_none_or(|(_, s)| score < s) {
                best = Some((p, score));
            }
        }
        let Some((item, score)) = best else {
            return self.found();
        };
        if score <= 0 {
            self.stats.dead_ends += 1;
            return Ok(());
        }
        if score >= 2 {
            self.stats.branches += 1;
        }
        while self.levels.len() < 2 * depth + 3 {
            self.levels.push(Level::default());
        }
        let (node, left) = (2 * depth, 2 * depth + 1);
        let (above, below) = self.levels.split_at_mut(left);
        below[0].copy(&above[node]);
        if self.untried.len() <= depth {
            self.untried.resize(depth + 1, Vec::new());
        }
        let mut options = std::mem::take(&mut self.untried[depth]);
        options.clear();
        let available = above[node].available.iter();
        options.extend(available.zip(m.holders(item)).map(|(a, h)| a & h));
        self.ways.push((0, score as u32));
        let result = self.moves(depth, item, &mut options);
        self.ways.pop();
        self.untried[depth] = options;
        result
    }

    /// The moves of the node at `depth`, branching on `item` (whose available `options`
    /// these are): each option in turn (those before it left out), then the null move when
    /// the item needs no more.
    fn moves(&mut self, depth: usize, item: usize, options: &mut [Word]) -> Result<(), Status> {
        let m = self.m;
        let left = 2 * depth + 1;
        for (w, word) in options.iter_mut().enumerate() {
            while *word != 0 {
                let r = w * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                let state = &self.levels[left];
                if common(&state.available, m.holders(item)) < state.need[item] {
                    return Ok(());
                }
                self.take(depth, r)?;
                if let Some(ways) = self.ways.last_mut() {
                    ways.0 += 1;
                }
                // Leave `r` out of the moves that follow.
                self.levels[left].available[w] &= !(1 << (r % 64));
            }
        }
        if self.levels[left].need[item] == 0 {
            let (above, below) = self.levels.split_at_mut(left + 1);
            let to = &mut below[0];
            to.copy(&above[left]);
            to.room[item] = 0;
            for (a, h) in to.available.iter_mut().zip(m.holders(item)) {
                *a &= !h;
            }
            self.node(depth + 1)?;
        }
        Ok(())
    }

    /// Takes option `r` at the node at `depth` and searches below it.
    fn take(&mut self, depth: usize, r: usize) -> Result<(), Status> {
        let m = self.m;
        let left = 2 * depth + 1;
        let (above, below) = self.levels.split_at_mut(left + 1);
        let to = &mut below[0];
        to.copy(&above[left]);
        for (a, c) in to.available.iter_mut().zip(m.clash(r)) {
            *a &= !c;
        }
        for &p in &m.prims[r] {
            let p = p as usize;
            to.room[p] -= 1;
            to.need[p] = to.need[p].saturating_sub(1);
            if to.room[p] == 0 {
                for (a, h) in to.available.iter_mut().zip(m.holders(p)) {
                    *a &= !h;
                }
            }
        }
        self.solution.push(OptionId::new(r));
        let result = self.node(depth + 1);
        self.solution.pop();
        result
    }

    /// A solution: every item is done.
    fn found(&mut self) -> Result<(), Status> {
        self.stats.solutions += 1;
        if self.list && (self.handler)(Event::Solution(&self.solution)).is_break() {
            return Err(Status::Stopped);
        }
        if self
            .m
            .limits
            .max_solutions
            .is_some_and(|max| self.stats.solutions >= max)
        {
            return Err(Status::SolutionLimit);
        }
        Ok(())
    }

    /// Knuth's estimate of the share of the tree explored: each level's moves made, out of
    /// its ways, weighted by the share of the levels above.
    fn estimate(&self) -> f64 {
        let (mut done, mut share) = (0.0, 1.0);
        for &(made, ways) in &self.ways {
            let ways = f64::from(ways.max(1));
            done += share * f64::from(made) / ways;
            share /= ways;
        }
        done.min(1.0)
    }
}
