//! Item bounds on bit sets: Knuth's Algorithm M (DLX3, SSMCC) with the options still
//! available as the bits of a word array and, beside the masks, one counter per primary
//! item: its lower bound less the options taken for it (how many more it needs, when
//! positive; with the gap between its bounds, how many more it may take).
//!
//! A node chooses the item DLX3 chooses: the active item with the fewest ways to go,
//! Algorithm M's score (its available options, plus one for the null move, less what it
//! still needs; at most 0: a dead end), ties to the one with less slack (room beyond what it
//! needs), then to the one with more options, then to the first. One difference: an item
//! that needs nothing and has no option left is done at once, where DLX3 gives it a node
//! (its null move), so the tree is DLX3's less those nodes (the same on two-per-line without
//! diagonals; a quarter of DLX3's nodes on Knuth's redrect problems: BENCHMARKS.md).
//! Its moves are those of Algorithm M: take its first available option, or leave that one
//! out and take the next, and so on while enough options are left for what it needs, and
//! last, when it needs no more, the null move, which leaves all of its options out. The
//! moves' subtrees hold disjoint sets of solutions and together all of them, so each
//! solution is found once. Taking an option clears the options it clashes with on secondary
//! items, and those of each item it fills; leaving one out clears its bit.
//!
//! The state of a node is one mask per level (the level below is the level above masked,
//! so undoing is going back to the level above) and the items' counters, lowered for the
//! option taken and raised again after its subtree, beside a bit per primary item that can
//! still take an option, so that the choice looks only at those (cleared when an option
//! fills the item or its null move closes it). The search is compiled for one, two
//! and any number of words per mask, so the common small problems loop over a fixed number
//! of words.
//!
//! The same machine searches the links' tree node for node when asked
//! ([`BitBounded::in_links_order`]), in Knuth's order, with a seed or with the sharp
//! preference: the order is a parameter of the search (`Order`: its choice of the item and
//! the order of the item's options). In the links' order an item left empty that needs
//! nothing gets its node (its null move), each item's options come in the order of its list
//! on the links (with a seed, the links' shuffled lists), ties between items fall as the
//! links draw them, and with the sharp preference an item not named `#...` waits.
//!
//! Knuth's updates and cleansings are worked out when asked ([`BitBounded::counting_updates`],
//! `tally.rs`), for each move as the links make it: entering a node takes one off the item's
//! bound and covers the item when that leaves none; a move hides its option from every list
//! (a tweak, its nodes counted) or, when the item was covered, takes it out of the item's list
//! alone (one update, and only when the item's bounds differ); committing the option covers
//! each other primary item it fills and each secondary item, or purifies it. In the links'
//! order these are the links' figures exactly. In the bit sets' own tree they are the
//! links' figures for the same moves: the links' tree has, besides, the nodes of items left
//! empty (their null moves), each of which covers its item (one update) when its bound is 1,
//! so the count falls short of DLX3's by the number of those nodes; the plan therefore
//! counts updates in the links' order (`Plan::engine_for`).

use std::ops::ControlFlow;
use std::time::Instant;

use super::masks::Numbering;
use super::tally::Knuth;
use super::BitsError;
use crate::xc::choose::{Draws, PathKey};
use crate::xc::choose::{SearchOrder, UNSHARP};
use crate::xc::layout::seeded_lists;
use crate::xc::problem::{ItemKind, OptionId, Problem};
use crate::xc::search::{Counts, Event, Limits, Outcome, Progress, Stats, Status};

type Word = u64;

/// Algorithm M on bit sets, for problems of at most [`super::MAX_OPTIONS`] options and
/// [`super::MAX_ITEMS`] items.
///
/// ```
/// use dlxkit::xc::bits::BitBounded;
/// use dlxkit::xc::plan::{Discard, Engine, Plan};
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
/// let links = Plan::new().engine(Engine::Links).count(true).run(&p, &mut Discard)?;
/// let bits = BitBounded::new(&p)?.count();
/// // The same solutions as the links; DLX3's tree (the links') less the nodes of diagonals
/// // left empty.
/// assert_eq!(bits.stats.solutions, links.stats.solutions);
/// assert!(bits.stats.nodes < links.stats.nodes);
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
    /// Each option's primary items: `prims[starts[r]..starts[r + 1]]`.
    prims: Vec<u32>,
    starts: Vec<u32>,
    /// Each primary item's lower bound, and the gap between its bounds (its slack).
    min: Vec<i64>,
    slack: Vec<i64>,
    limits: Limits,
    /// The links' order, when the search follows the links' tree (else its own).
    links: Option<LinksOrder>,
    /// Knuth's updates and cleansings, when counted.
    tally: Option<Knuth>,
}

/// The links' order of the search (see the module documentation).
#[derive(Clone, Debug)]
struct LinksOrder {
    /// Each primary item's options (bits) in the order of its list on the links.
    lists: Vec<Vec<u32>>,
    /// With a seed, the key of the root of the links' seeded tree (the ties of each node
    /// are drawn from its key, as the links draw them).
    root: Option<PathKey>,
    /// For each primary item, whether the sharp preference puts it last (empty without).
    unsharp: Vec<bool>,
}

/// A search in progress: its figures, the solution so far and the limits' bookkeeping.
/// `W` is the number of words per mask, or 0 for "as many as the problem has"; `O` is its
/// order and `T` its tally of updates.
struct Run<'a, F, O, T, const W: usize> {
    m: &'a BitBounded,
    order: O,
    tally: T,
    list: bool,
    stats: Stats,
    solution: Vec<OptionId>,
    /// The options available at each level, `words` words per level.
    available: Vec<Word>,
    /// Each level's options of its item not yet tried, `words` words per level.
    untried: Vec<Word>,
    /// Each primary item's counter.
    counters: Vec<Counter>,
    /// The primary items that may take more options (room above 0), one bit each: the
    /// items the choice looks at. Cleared when an option fills an item or its null move
    /// closes it, set again on the way back.
    active: Vec<Word>,
    handler: F,
    every: u64,
    next_progress: u64,
    max_nodes: u64,
    started: Instant,
    /// Each level's moves made and its number of ways (for the estimate).
    ways: Vec<(u32, u32)>,
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
        let (mut prims, mut starts) = (Vec::new(), vec![0]);
        // Each secondary item's options, with their colours.
        let mut users: Vec<Vec<(usize, Option<u32>)>> = vec![Vec::new(); items];
        // Each primary item's place among the primary items (they may come after
        // secondary ones), with its bounds.
        let mut dense = vec![0; items];
        let (mut min, mut slack) = (Vec::new(), Vec::new());
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                dense[item.index()] = min.len();
                let bounds = problem.item_bounds(item);
                min.push(i64::from(*bounds.start()));
                slack.push(i64::from(*bounds.end()) - i64::from(*bounds.start()));
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
                        prims.push(p as u32);
                    }
                    ItemKind::Secondary => users[k].push((r, e.color.map(|c| c.index() as u32))),
                }
            }
            starts.push(prims.len() as u32);
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
            starts,
            min,
            slack,
            limits: Limits::new(),
            links: None,
            tally: None,
        })
    }

    /// The masks of `problem` searched in the links' tree in `order`, node for node: the
    /// same nodes, solutions in the same order and, with
    /// [`counting_updates`](BitBounded::counting_updates), the same updates as
    /// [`Solver`](crate::xc::Solver) in that order. Refused when the problem is too large.
    ///
    /// ```
    /// use dlxkit::xc::bits::BitBounded;
    /// use dlxkit::xc::plan::{Discard, Engine, Plan};
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("1:2|A 0:1|B\nA\nA B\nB\n")?;
    /// let order = SearchOrder::new().seed(3);
    /// let links = Plan::new().engine(Engine::Links).order(order).count(true);
    /// let links = links.count_updates(true).run(&p, &mut Discard)?;
    /// let bits = BitBounded::in_links_order(&p, &order)?.counting_updates(&p).count();
    /// assert_eq!(
    ///     (bits.stats.solutions, bits.stats.nodes, bits.stats.updates),
    ///     (links.stats.solutions, links.stats.nodes, links.stats.updates)
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_links_order(problem: &Problem, order: &SearchOrder) -> Result<BitBounded, BitsError> {
        let mut bits = BitBounded::new(problem)?;
        // Each primary item's options, in the problem's order.
        let mut lists: Vec<Vec<u32>> = bits
            .holders
            .chunks(bits.words)
            .map(|holders| {
                (0..bits.options as u32)
                    .filter(|&r| holders[r as usize / 64] & (1 << (r % 64)) != 0)
                    .collect()
            })
            .collect();
        let root = order.seed.map(|seed| {
            // The options keep their numbers as bits.
            let (seeded, _) = seeded_lists(problem, seed);
            for (list, seeded) in lists.iter_mut().zip(seeded) {
                *list = seeded.iter().map(|o| o.index() as u32).collect();
            }
            PathKey::root(seed)
        });
        let unsharp = match order.prefer_sharp {
            true => problem
                .items()
                .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
                .map(|i| !problem.item_name(i).starts_with('#'))
                .collect(),
            false => Vec::new(),
        };
        bits.links = Some(LinksOrder {
            lists,
            root,
            unsharp,
        });
        Ok(bits)
    }

    /// The same search counting Knuth's updates and cleansings (see the module
    /// documentation for what they count in the bit sets' own tree); `problem` is the one
    /// the masks were made of. Counting costs a pass over the options each move hides.
    ///
    /// ```
    /// use dlxkit::xc::bits::BitBounded;
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("2|A B\nA B\nA\nA\n")?;
    /// let bits = BitBounded::new(&p)?;
    /// assert_eq!(bits.count().stats.updates, 0);
    /// let stats = bits.counting_updates(&p).count().stats;
    /// assert_eq!((stats.solutions, stats.updates), (2, 3)); // as the links count
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counting_updates(mut self, problem: &Problem) -> BitBounded {
        debug_assert_eq!(problem.option_count(), self.options);
        self.tally = Some(Knuth::new(
            problem,
            &Numbering::new(problem, None),
            self.words,
        ));
        self
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
        let counts = match self.tally {
            Some(_) => Counts::Links,
            None => Counts::Tree,
        };
        let mut outcome = match (&self.links, &self.tally) {
            (None, None) => self.sized(Own, (), list, progress_every, handler),
            (None, Some(tally)) => self.sized(Own, tally.clone(), list, progress_every, handler),
            (Some(links), None) => self.sized(links.start(), (), list, progress_every, handler),
            (Some(links), Some(tally)) => {
                self.sized(links.start(), tally.clone(), list, progress_every, handler)
            }
        };
        outcome.stats.counts = counts;
        outcome
    }

    /// [`BitBounded::search`] in `order`, counting with `tally`.
    fn sized<F: FnMut(Event<'_>) -> ControlFlow<()>, O: Order, T: Count>(
        &self,
        order: O,
        tally: T,
        list: bool,
        progress_every: u64,
        handler: F,
    ) -> Outcome {
        match self.words {
            1 => self.run::<_, O, T, 1>(order, tally, list, progress_every, handler),
            2 => self.run::<_, O, T, 2>(order, tally, list, progress_every, handler),
            _ => self.run::<_, O, T, 0>(order, tally, list, progress_every, handler),
        }
    }

    /// [`BitBounded::search`] with `W` words per mask (0: `self.words`).
    fn run<F: FnMut(Event<'_>) -> ControlFlow<()>, O: Order, T: Count, const W: usize>(
        &self,
        order: O,
        tally: T,
        list: bool,
        progress_every: u64,
        handler: F,
    ) -> Outcome {
        let mut available = vec![0; self.words];
        for r in 0..self.options {
            available[r / 64] |= 1 << (r % 64);
        }
        let mut run = Run::<F, O, T, W> {
            m: self,
            order,
            tally,
            list,
            stats: Stats::default(),
            solution: Vec::new(),
            available,
            untried: Vec::new(),
            counters: self
                .min
                .iter()
                .zip(&self.slack)
                .map(|(&left, &slack)| Counter { left, slack })
                .collect(),
            active: {
                let mut active = vec![0; self.min.len().div_ceil(64)];
                for (p, (&min, &slack)) in self.min.iter().zip(&self.slack).enumerate() {
                    if min + slack > 0 {
                        active[p / 64] |= 1 << (p % 64);
                    }
                }
                active
            },
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
        };
        let status = if self.limits.max_solutions == Some(0) {
            // Nothing was searched: the count is cut short, as on dancing links.
            Status::SolutionLimit
        } else {
            match run.node(0) {
                Ok(()) => Status::Complete,
                Err(status) => status,
            }
        };
        let mut stats = run.stats;
        (stats.updates, stats.cleansings) = run.tally.counts();
        stats.elapsed = run.started.elapsed();
        Outcome { status, stats }
    }
}

/// A primary item's counter: its lower bound less the options taken for it (what it still
/// needs, when positive), beside the gap between its bounds.
#[derive(Clone, Copy, Debug)]
struct Counter {
    left: i64,
    slack: i64,
}

impl Counter {
    /// How many more options the item may take (0: it is done).
    #[inline(always)]
    fn room(self) -> i64 {
        self.left + self.slack
    }
}

/// What a node does.
enum Choice {
    /// Every item is done: a solution.
    Solution,
    /// Some item can no longer get what it needs.
    DeadEnd,
    /// Branch on `item`, which has `len` options available and `score` ways to go.
    Item { item: usize, score: i64, len: u32 },
}

// The choice's key packs the score (at most one more than the options), the slack (a `u32`
// at most) and the options in 15, 32 and 15 bits.
const _: () = assert!(super::MAX_OPTIONS < 1 << 15);

/// DLX3's choice among the active items, given the options `here` available: the fewest
/// ways to go (options, plus one for the null move, less what it still needs), then the
/// least slack (room beyond what it needs), then the most options, then the first. An item
/// that needs nothing and has no option left is done without a node (DLX3 gives it one,
/// its null move). Only the items of `active` (room above 0) are looked at, in order.
#[inline(always)]
fn choose(here: &[Word], holders: &[Word], counters: &[Counter], active: &[Word]) -> Choice {
    let n = here.len();
    let (mut best, mut chosen) = (u64::MAX, (0, 0, 0));
    for (w, &word) in active.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let p = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let counter = counters[p];
            let len: u32 = here
                .iter()
                .zip(&holders[p * n..p * n + n])
                .map(|(a, h)| (a & h).count_ones())
                .sum();
            let need = counter.left.max(0);
            if len == 0 && need == 0 {
                continue;
            }
            let score = i64::from(len) + 1 - need;
            if score <= 0 {
                return Choice::DeadEnd;
            }
            let room = counter.room();
            let key = (score as u64) << 47 | ((room - need) as u64) << 15 | u64::from(0x7fff - len);
            // Strictly less: ties go to the first.
            if key < best {
                best = key;
                chosen = (p, score, len);
            }
        }
    }
    match (best, chosen) {
        (u64::MAX, _) => Choice::Solution,
        (_, (item, score, len)) => Choice::Item { item, score, len },
    }
}

/// The order of a search: which item a node branches on, and in which order its options
/// are tried.
trait Order {
    /// Whether the options are tried in the order of their bits (the bit sets' own order),
    /// which the moves' loop then walks word by word itself.
    const BITS: bool = false;
    /// The choice at a node whose options `here` are available, below the branching nodes
    /// `ways` (per level above, its moves made before the one taken, and its ways to go).
    fn choose(
        &mut self,
        ways: &[(u32, u32)],
        here: &[Word],
        holders: &[Word],
        counters: &[Counter],
        active: &[Word],
    ) -> Choice;
    /// The next option of `item` to try among `untried`, from `*at` on (a place the level
    /// keeps, 0 at first, which this moves on), taken out of `untried`.
    fn next(&self, item: usize, untried: &mut [Word], at: &mut usize) -> Option<usize>;
}

/// The bit sets' own order: DLX3's choice less the nodes of items left empty
/// ([`choose`]), each item's options in the order of the problem.
struct Own;

impl Order for Own {
    const BITS: bool = true;
    #[inline(always)]
    fn choose(
        &mut self,
        _: &[(u32, u32)],
        here: &[Word],
        holders: &[Word],
        counters: &[Counter],
        active: &[Word],
    ) -> Choice {
        choose(here, holders, counters, active)
    }

    #[inline(always)]
    fn next(&self, _: usize, untried: &mut [Word], at: &mut usize) -> Option<usize> {
        while let Some(word) = untried.get_mut(*at) {
            if *word != 0 {
                let bit = *word & word.wrapping_neg();
                *word ^= bit;
                return Some(*at * 64 + bit.trailing_zeros() as usize);
            }
            *at += 1;
        }
        None
    }
}

/// The links' order as a search goes: the lists, the preference, and with a seed the keys
/// of the nodes from the root to the one being chosen at.
struct Links<'a> {
    lists: &'a [Vec<u32>],
    unsharp: &'a [bool],
    root: Option<PathKey>,
    keys: Vec<PathKey>,
}

impl LinksOrder {
    /// The order of a new search from the root.
    fn start(&self) -> Links<'_> {
        Links {
            lists: &self.lists,
            unsharp: &self.unsharp,
            root: self.root,
            keys: Vec::new(),
        }
    }
}

/// DLX3's choice in the links' order, one item after another as the links visit them: the
/// least score (with the sharp preference, an item not named `#...` after the others unless
/// its score is at most 1), then the least slack, then the most options, then the first or,
/// with a seed, one of the tied items drawn as the links draw it. An item left empty that
/// needs nothing counts (its one move is its null move), as on the links. Shared with the
/// minimum-cost search in the links' order (`moves.rs`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ties {
    best: Option<usize>,
    score: i64,
    slack: i64,
    len: u32,
    tied: u32,
}

impl Ties {
    pub(super) fn new() -> Ties {
        Ties {
            best: None,
            score: i64::MAX,
            slack: i64::MAX,
            len: 0,
            tied: 0,
        }
    }

    /// Item `p`, with `len` options available, that needs `need` more and has `slack` of
    /// room beyond that; `unsharp` when the sharp preference puts it last.
    #[inline(always)]
    pub(super) fn offer(
        &mut self,
        p: usize,
        len: u32,
        need: i64,
        slack: i64,
        unsharp: bool,
        draws: &mut Option<Draws>,
    ) {
        let mut t = i64::from(len) + 1 - need;
        if t > 1 && unsharp {
            t += UNSHARP;
        }
        if t < self.score
            || (t == self.score && (slack < self.slack || (slack == self.slack && len > self.len)))
        {
            *self = Ties {
                best: Some(p),
                score: t,
                slack,
                len,
                tied: 1,
            };
        } else if t == self.score && slack == self.slack && len == self.len {
            self.tied += 1;
            if draws.as_mut().is_some_and(|d| d.tie_wins(self.tied)) {
                self.best = Some(p);
            }
        }
    }

    /// The item chosen, its score and its options available; `None` when no item was
    /// offered.
    pub(super) fn chosen(self) -> Option<(usize, i64, u32)> {
        let score = match self.score {
            s if s > UNSHARP && s < i64::MAX => s - UNSHARP,
            s => s,
        };
        self.best.map(|p| (p, score, self.len))
    }
}

impl Order for Links<'_> {
    fn choose(
        &mut self,
        ways: &[(u32, u32)],
        here: &[Word],
        holders: &[Word],
        counters: &[Counter],
        active: &[Word],
    ) -> Choice {
        let n = here.len();
        let mut draws = self.root.map(|root| {
            // The node's key: the root's, or the parent's below its move (the one after
            // those it made).
            let key = match ways.last() {
                None => root,
                Some(&(made, _)) => self.keys[ways.len() - 1].child(made + 1),
            };
            self.keys.truncate(ways.len());
            self.keys.push(key);
            key.draws()
        });
        let mut ties = Ties::new();
        for (w, &word) in active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let len: u32 = here
                    .iter()
                    .zip(&holders[p * n..p * n + n])
                    .map(|(a, h)| (a & h).count_ones())
                    .sum();
                let counter = counters[p];
                let need = counter.left.max(0);
                let unsharp = self.unsharp.get(p).copied().unwrap_or(false);
                ties.offer(p, len, need, counter.room() - need, unsharp, &mut draws);
            }
        }
        match ties.chosen() {
            None => Choice::Solution,
            Some((_, score, _)) if score <= 0 => Choice::DeadEnd,
            Some((item, score, len)) => Choice::Item { item, score, len },
        }
    }

    #[inline(always)]
    fn next(&self, item: usize, untried: &mut [Word], at: &mut usize) -> Option<usize> {
        let list = &self.lists[item];
        while let Some(&r) = list.get(*at) {
            *at += 1;
            let (w, bit) = (r as usize / 64, 1 << (r % 64));
            if untried[w] & bit != 0 {
                untried[w] ^= bit;
                return Some(r as usize);
            }
        }
        None
    }
}

/// What a search tells its tally of Knuth's updates: nothing (`()`), or each node entered
/// and each option tried, as the links make them ([`Knuth`]).
trait Count {
    /// Whether anything is counted: when not, the search does not even work out what the
    /// tally would be told.
    const COUNTS: bool;
    /// The node at `level` (options `here`) branches on `item`, which one option more fills
    /// when `fills`.
    fn enter(&mut self, level: usize, here: &[Word], item: usize, fills: bool);
    /// Option `r` of `item` is tried at `level` (see [`Knuth::take_bounded`]).
    #[allow(clippy::too_many_arguments)]
    fn take(
        &mut self,
        level: usize,
        here: &[Word],
        untried: &[Word],
        item: usize,
        r: usize,
        covered: bool,
        slack: bool,
        counters: &[Counter],
    );
    /// The null move is made at `level`.
    fn leave_alone(&mut self, level: usize);
    /// The updates and cleansings counted.
    fn counts(&self) -> (u64, u64);
}

impl Count for () {
    const COUNTS: bool = false;
    #[inline(always)]
    fn enter(&mut self, _: usize, _: &[Word], _: usize, _: bool) {}
    #[inline(always)]
    fn take(
        &mut self,
        _: usize,
        _: &[Word],
        _: &[Word],
        _: usize,
        _: usize,
        _: bool,
        _: bool,
        _: &[Counter],
    ) {
    }
    #[inline(always)]
    fn leave_alone(&mut self, _: usize) {}
    fn counts(&self) -> (u64, u64) {
        (0, 0)
    }
}

impl Count for Knuth {
    const COUNTS: bool = true;
    fn enter(&mut self, level: usize, here: &[Word], item: usize, fills: bool) {
        self.enter_bounded(level, here, item, fills);
    }

    fn take(
        &mut self,
        level: usize,
        here: &[Word],
        untried: &[Word],
        item: usize,
        r: usize,
        covered: bool,
        slack: bool,
        counters: &[Counter],
    ) {
        // The primary items come first in the tally's numbering, in the counters' order.
        let fills = |k: usize| counters.get(k).is_none_or(|c| c.room() == 1);
        self.take_bounded(level, here, untried, item, r, covered, slack, fills);
    }

    fn leave_alone(&mut self, level: usize) {
        self.leave_alone_bounded(level);
    }

    fn counts(&self) -> (u64, u64) {
        <Knuth as super::tally::Tally>::counts(self)
    }
}

impl<F: FnMut(Event<'_>) -> ControlFlow<()>, O: Order, T: Count, const W: usize>
    Run<'_, F, O, T, W>
{
    /// Words per mask: `W`, known when compiling, or the problem's.
    #[inline(always)]
    fn words(&self) -> usize {
        if W == 0 {
            self.m.words
        } else {
            W
        }
    }

    /// Searches the node at `depth`, whose options available are the `depth`th mask of
    /// `available`; `Err` says why the whole search stops.
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
            self.report(depth)?;
        }
        let n = self.words();
        let m = self.m;
        let here = &self.available[depth * n..depth * n + n];
        let choice = self
            .order
            .choose(&self.ways, here, &m.holders, &self.counters, &self.active);
        let (item, score, len) = match choice {
            Choice::Solution => return self.found(),
            Choice::DeadEnd => {
                self.stats.dead_ends += 1;
                return Ok(());
            }
            Choice::Item { item, score, len } => (item, score, len),
        };
        if score >= 2 {
            self.stats.branches += 1;
        }
        if self.available.len() < (depth + 2) * n {
            self.available.resize((depth + 2) * n, 0);
        }
        if self.untried.len() < (depth + 1) * n {
            self.untried.resize((depth + 1) * n, 0);
        }
        let holders = &m.holders[item * n..item * n + n];
        let here = &self.available[depth * n..depth * n + n];
        let untried = &mut self.untried[depth * n..depth * n + n];
        for ((u, a), h) in untried.iter_mut().zip(here).zip(holders) {
            *u = a & h;
        }
        if T::COUNTS {
            let fills = self.counters[item].room() == 1;
            self.tally.enter(depth, here, item, fills);
        }
        self.ways.push((0, score as u32));
        let result = self.moves(depth, item, len);
        self.ways.pop();
        result
    }

    /// The moves of the node at `depth`, branching on `item`, which has `len` options
    /// available: each option in turn (those before it left out) while enough are left
    /// for what it needs, then the null move when it needs no more.
    fn moves(&mut self, depth: usize, item: usize, len: u32) -> Result<(), Status> {
        let n = self.words();
        let need = self.counters[item].left.max(0);
        // Whether entering covered `item` (for the tally).
        let covered = T::COUNTS && self.counters[item].room() == 1;
        let mut remaining = i64::from(len);
        // The own order without a tally, on masks of more than two words: word by word, as
        // the loop before the fold (motley 6x6: 3.3% fewer instructions than through
        // `Order::next`; on one or two words, two-per-line 7, 1.2% more: BENCHMARKS.md).
        let by_words = O::BITS && !T::COUNTS && W == 0;
        if by_words {
            for w in 0..n {
                loop {
                    let word = self.untried[depth * n + w];
                    if word == 0 {
                        break;
                    }
                    if remaining < need {
                        return Ok(());
                    }
                    let bit = word & word.wrapping_neg();
                    self.untried[depth * n + w] = word ^ bit;
                    self.take(depth, w * 64 + bit.trailing_zeros() as usize)?;
                    if let Some(ways) = self.ways.last_mut() {
                        ways.0 += 1;
                    }
                    self.available[depth * n + w] &= !bit;
                    remaining -= 1;
                }
            }
        }
        let mut at = if by_words { n } else { 0 };
        loop {
            let untried = &mut self.untried[depth * n..depth * n + n];
            let Some(r) = self.order.next(item, untried, &mut at) else {
                break;
            };
            if remaining < need {
                return Ok(());
            }
            if T::COUNTS {
                self.tally.take(
                    depth,
                    &self.available[depth * n..depth * n + n],
                    &self.untried[depth * n..depth * n + n],
                    item,
                    r,
                    covered,
                    self.m.slack[item] > 0,
                    &self.counters,
                );
            }
            self.take(depth, r)?;
            if let Some(ways) = self.ways.last_mut() {
                ways.0 += 1;
            }
            // Leave `r` out of the moves that follow.
            self.available[depth * n + r / 64] &= !(1 << (r % 64));
            remaining -= 1;
        }
        if need == 0 {
            // Every option of `item` is left out by now: the level below is this one,
            // with `item` done.
            if T::COUNTS {
                self.tally.leave_alone(depth);
            }
            let (above, below) = self.available.split_at_mut((depth + 1) * n);
            below[..n].copy_from_slice(&above[depth * n..]);
            let counter = &mut self.counters[item];
            let left = counter.left;
            counter.left = -counter.slack;
            self.active[item / 64] &= !(1 << (item % 64));
            let result = self.node(depth + 1);
            self.active[item / 64] |= 1 << (item % 64);
            self.counters[item].left = left;
            result?;
        }
        Ok(())
    }

    /// Takes option `r` at the node at `depth` and searches below it.
    fn take(&mut self, depth: usize, r: usize) -> Result<(), Status> {
        let n = self.words();
        let m = self.m;
        let (above, below) = self.available.split_at_mut((depth + 1) * n);
        let (here, next) = (&above[depth * n..], &mut below[..n]);
        let clash = &m.clash[r * n..r * n + n];
        for w in 0..n {
            next[w] = here[w] & !clash[w];
        }
        let prims = &m.prims[m.starts[r] as usize..m.starts[r + 1] as usize];
        for &p in prims {
            let p = p as usize;
            let counter = &mut self.counters[p];
            counter.left -= 1;
            if counter.room() == 0 {
                self.active[p / 64] &= !(1 << (p % 64));
                let holders = &m.holders[p * n..p * n + n];
                for w in 0..n {
                    next[w] &= !holders[w];
                }
            }
        }
        self.solution.push(OptionId::new(r));
        let result = self.node(depth + 1);
        self.solution.pop();
        // Each item of `r` had room for it, so each is active again.
        for &p in prims {
            let p = p as usize;
            self.counters[p].left += 1;
            self.active[p / 64] |= 1 << (p % 64);
        }
        result
    }

    /// A progress report to the handler, which may stop the search.
    #[cold]
    fn report(&mut self, depth: usize) -> Result<(), Status> {
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
        Ok(())
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
