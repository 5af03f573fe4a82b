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
//! them. The matrix (`best/links.rs`) takes 16-byte nodes when the problem has no colours
//! and its costs fit in 32 bits, DLX5's 24-byte ones otherwise.
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

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use super::bits::{BitBest, BitBestBounded, BitsError};
use super::cells::{CellBest, CellBestBounded};
use super::machine::Engine;
use super::problem::{OptionId, Problem};
use super::search::{Limits, Stats, Status};

mod books;
mod bounded;
mod cheapest;
mod links;

pub use cheapest::Cheapest;

pub(crate) use books::{Books, KeepsBooks};

use super::node::{Item, Link, Node, WideNode};
use bounded::Bounded;
use links::{fits_lean, taxed, CostNode, Links};

/// "Infinite" cost: no sum of costs reaches it.
const INFINITE: u64 = u64::MAX;

/// The nodes between two polls of the limits: 1,024, or 64 when a bound is shared with other
/// threads, so that a better bound found on one reaches the others within a few
/// microseconds (a thread searching with a stale bound visits nodes the sequential search
/// would have cut off).
fn poll_every(shared: bool) -> u64 {
    match shared {
        true => 64,
        false => 1024,
    }
}

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
    machine: Kind,
}

/// The machine a minimum-cost search runs. DLX5's state stays inline, as it was before
/// bounds came in (one search per value, so its size costs nothing); the bounded one is boxed.
#[allow(clippy::large_enum_variant)]
enum Kind {
    /// DLX5's, on its taxed matrix: every primary item covered once.
    Taxed(Taxed),
    /// Algorithm M with costs ([`bounded`]): some primary item has bounds.
    Bounded(Box<Bounded>),
    /// DLX5's taxes, order and cutoff on the bitset engine's masks.
    Bits(Box<BitBest>),
    /// [`Kind::Bounded`]'s tree on the bitset engine's masks (`bits/best_bounded.rs`).
    BitsBounded(Box<BitBestBounded>),
    /// DLX5's taxes, order and cutoff on dancing cells' sparse sets.
    Cells(Box<CellBest>),
    /// [`Kind::Bounded`]'s tree on SSMCC's sparse sets (`cells/best_bounded.rs`).
    CellsBounded(Box<CellBestBounded>),
}

impl Kind {
    /// The search, for what every machine does alike with its books.
    fn search(&self) -> &dyn KeepsBooks {
        match self {
            Kind::Taxed(t) => t,
            Kind::Bounded(b) => &**b,
            Kind::Bits(b) => &**b,
            Kind::BitsBounded(b) => &**b,
            Kind::Cells(b) => &**b,
            Kind::CellsBounded(b) => &**b,
        }
    }

    /// The same, to set its limits or share a bound.
    fn search_mut(&mut self) -> &mut dyn KeepsBooks {
        match self {
            Kind::Taxed(t) => t,
            Kind::Bounded(b) => &mut **b,
            Kind::Bits(b) => &mut **b,
            Kind::BitsBounded(b) => &mut **b,
            Kind::Cells(b) => &mut **b,
            Kind::CellsBounded(b) => &mut **b,
        }
    }
}

/// DLX5's matrix and machine.
struct Taxed {
    m: Matrix,
    search: Search,
}

impl KeepsBooks for Taxed {
    fn books(&self) -> &Books {
        &self.search.books
    }

    fn books_mut(&mut self) -> &mut Books {
        &mut self.search.books
    }

    fn level(&self) -> usize {
        self.search.level
    }

    fn stop(&mut self) {
        self.search.at = At::Done;
    }

    fn counts(&self) -> (u64, u64) {
        let (_, updates, cleansings) = self.m.counts();
        (updates, cleansings)
    }
}

/// The matrix, with the smallest nodes the problem allows.
enum Matrix {
    /// No colours, net costs below 2^32 - 1: the links' 16-byte nodes.
    Lean(Links<Node>),
    /// Any problem: 24-byte nodes, with a colour and a 64-bit cost.
    Full(Links<WideNode>),
}

impl Matrix {
    fn new(problem: &Problem) -> Matrix {
        if fits_lean(problem) {
            Matrix::Lean(Links::new(problem))
        } else {
            Matrix::Full(Links::new(problem))
        }
    }

    /// The total tax, the updates and the cleansings.
    fn counts(&self) -> (u64, u64, u64) {
        match self {
            Matrix::Lean(m) => (m.total_tax, m.updates, m.cleansings),
            Matrix::Full(m) => (m.total_tax, m.updates, m.cleansings),
        }
    }
}

/// The state of DLX5's machine, apart from its matrix and its books.
struct Search {
    at: At,
    level: usize,
    cur_cost: u64,
    next_cost: u64,
    best: Vec<Item>,
    choice: Vec<Link>,
    part_cost: Vec<u64>,
    /// The threshold the level's chosen item was covered with.
    item_threshold: Vec<u64>,
    /// The threshold the other items of the level's option were covered with.
    option_threshold: Vec<u64>,
    /// The K kept (at their total cost, ties in the order found), the net cutoff, the shared
    /// bound, the limits, the figures and the status ([`Books`]).
    books: Books,
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

/// DLX5's taxes for the engines other than the links (bit sets, dancing cells): each
/// option's net cost and the total tax, as [`BestSolver`]'s matrix takes them.
pub(crate) fn net_costs(problem: &Problem) -> (Vec<u64>, u64) {
    let order = problem.knuth_order();
    let primaries = problem.primary_count();
    let mut rank = vec![usize::MAX; problem.item_count()];
    for (k, i) in order[..primaries].iter().enumerate() {
        rank[i.index()] = k;
    }
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); primaries];
    for o in problem.options() {
        for e in problem.option(o) {
            if let Some(list) = lists.get_mut(rank[e.item.index()]) {
                list.push(o.index() as u32);
            }
        }
    }
    taxed(problem, &lists)
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
    /// by Algorithm M with DLX5's cost order and cutoff instead (see `best/bounded.rs`).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// // A and B each once or twice: {A B |5} alone, or two of {A |1}, {B |2}, {A |3}, {B |3}.
    /// let p = Problem::from_dlx("1:2|A 1:2|B\nA |1\nB |2\nA B |5\nA |3\nB |3\n").unwrap();
    /// let mut best = p.best(3);
    /// best.by_ref().for_each(drop);
    /// let costs: Vec<u64> = best.outcome().cheapest.iter().map(|c| c.cost).collect();
    /// assert_eq!(costs, [3, 4, 5]);
    /// ```
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
        if problem.has_bounds() {
            return BestSolver {
                problem,
                machine: Kind::Bounded(Box::new(Bounded::new(problem, k.max(1)))),
            };
        }
        let m = Matrix::new(problem);
        let tax = m.counts().0;
        let search = Search {
            at: At::Forward,
            level: 0,
            cur_cost: 0,
            next_cost: 0,
            best: Vec::new(),
            choice: Vec::new(),
            part_cost: Vec::new(),
            item_threshold: Vec::new(),
            option_threshold: Vec::new(),
            books: Books::new(k, tax),
        };
        BestSolver {
            problem,
            machine: Kind::Taxed(Taxed { m, search }),
        }
    }

    /// A search for the `k` cheapest solutions of `problem` on `engine`: the links'
    /// DLX5 (as [`BestSolver::new`]), or its taxes, cost order and cutoff on the bitset
    /// engine's masks (`bits/best.rs`; with item bounds, the links' bounded search node for
    /// node, `bits/best_bounded.rs`; refused when the problem is too large) or on dancing
    /// cells' sparse sets (`cells/best.rs`; with item bounds, the links' bounded search node
    /// for node on SSMCC's sets, `cells/best_bounded.rs`). The K best costs are the same on
    /// every engine; ties may be other solutions of the same cost.
    ///
    /// ```
    /// use dlxkit::xc::machine::Engine;
    /// use dlxkit::xc::{BestSolver, Problem};
    /// let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
    /// for engine in Engine::ALL {
    ///     let mut best = BestSolver::on(engine, &p, 2)?;
    ///     best.by_ref().for_each(drop);
    ///     let costs: Vec<u64> = best.outcome().cheapest.iter().map(|c| c.cost).collect();
    ///     assert_eq!(costs, [4, 6]);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on(engine: Engine, problem: &'p Problem, k: usize) -> Result<BestSolver<'p>, BitsError> {
        Ok(match engine {
            Engine::Bits if problem.has_bounds() => BestSolver {
                problem,
                machine: Kind::BitsBounded(Box::new(BitBestBounded::new(problem, k.max(1))?)),
            },
            Engine::Bits => BestSolver {
                problem,
                machine: Kind::Bits(Box::new(BitBest::new(problem, k.max(1))?)),
            },
            Engine::Cells if problem.has_bounds() => BestSolver {
                problem,
                machine: Kind::CellsBounded(Box::new(CellBestBounded::new(problem, k.max(1)))),
            },
            Engine::Cells => BestSolver {
                problem,
                machine: Kind::Cells(Box::new(CellBest::new(problem, k.max(1)))),
            },
            Engine::Links => BestSolver::new(problem, k),
        })
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
        self.machine.search_mut().set_limits(limits);
        self
    }

    /// Shares a cost bound with other searches: a solution must cost less than `bound` to be
    /// worth finding (the K-th best cost found anywhere, say). The search reads it when it
    /// polls its limits (at its first node and every 64 nodes after), so the
    /// threads searching parts of one problem prune with what all of them found.
    ///
    /// ```
    /// use std::sync::atomic::AtomicU64;
    /// use std::sync::Arc;
    /// # use dlxkit::xc::{BestSolver, Problem};
    /// let p = Problem::from_dlx("A\nA |4\nA |1\n").unwrap();
    /// let bound = Arc::new(AtomicU64::new(1)); // someone found a solution of cost 1
    /// assert_eq!(BestSolver::new(&p, 1).with_bound(bound).count(), 0);
    /// ```
    pub fn with_bound(mut self, bound: Arc<AtomicU64>) -> BestSolver<'p> {
        self.machine.search_mut().books_mut().shared = Some(bound);
        self
    }

    /// The search below a path of its tree, for a problem with item bounds: `moves` are
    /// Algorithm M's moves from the root, numbered at each level from 1 in the search's cost
    /// order, as a shard of [`Split::for_best`] names them. The search visits that subtree
    /// only, and its solutions begin with the moves' options. `None` when the problem has no
    /// bounds (forcing options, [`Problem::forcing`], makes its parts) or `moves` is not a
    /// path of the tree.
    ///
    /// [`Split::for_best`]: crate::xc::shard::Split::for_best
    pub(crate) fn below_moves(mut self, moves: &[u32]) -> Option<BestSolver<'p>> {
        let replayed = match &mut self.machine {
            Kind::Bounded(b) => b.replay(moves),
            Kind::BitsBounded(b) => b.replay(moves),
            Kind::CellsBounded(b) => b.replay(moves),
            Kind::Taxed(_) | Kind::Bits(_) | Kind::Cells(_) => false,
        };
        replayed.then_some(self)
    }

    /// The total tax: what every solution pays whatever it is (the cheapest net cost is 0;
    /// with item bounds, no tax is taken, as a solution may cover an item several times).
    ///
    /// ```
    /// # use dlxkit::xc::{BestSolver, Problem};
    /// let p = Problem::from_dlx("A B\nA |2\nB |3\nA B |7\n").unwrap();
    /// assert_eq!(BestSolver::new(&p, 1).total_tax(), 5);
    /// ```
    pub fn total_tax(&self) -> u64 {
        self.machine.search().books().tax
    }

    /// Where the search stood when a limit stopped it, in its own tree: DLX5's on the
    /// links only (`None` for the other machines, or a search a limit did not stop).
    pub(crate) fn stop_inside(&self) -> Option<StopInside> {
        match &self.machine {
            Kind::Taxed(Taxed {
                m: Matrix::Lean(m),
                search,
            }) => search.stop_inside(m),
            Kind::Taxed(Taxed {
                m: Matrix::Full(m),
                search,
            }) => search.stop_inside(m),
            _ => None,
        }
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
        self.machine.search().outcome()
    }
}

/// Where DLX5's search on the links stood when a limit stopped it, in its own tree (a part
/// of a shard names the rest of its subtree from it, `shard/best.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StopInside {
    /// Level by level from the root: the option taken, and the options of the level's item
    /// tried up to it (it last), in the order tried.
    pub(crate) levels: Vec<(OptionId, Vec<OptionId>)>,
    /// The options of the next level's item searched whole before the search stopped: none
    /// when it stopped as it entered the node, those before the option that made a solution
    /// the node limit did not let it count.
    pub(crate) next: Vec<OptionId>,
}

impl Search {
    /// [`StopInside`] on `m`, if a limit stopped the search.
    fn stop_inside<N: CostNode>(&self, m: &Links<N>) -> Option<StopInside> {
        if self.at != At::Done || !self.books.done || self.books.status.is_complete() {
            return None;
        }
        // The options of `item`'s list before `to` (an item's own list stays as it was
        // while the item is covered, the deeper covers hiding only options that hold an
        // item covered before, not in this list any more).
        let before = |item: Item, to: Link| {
            let mut tried = Vec::new();
            let mut x = m.down(Links::<N>::header(item));
            while x != to {
                tried.push(m.option_of(x));
                x = m.down(x);
            }
            tried
        };
        let level = self.level;
        // Stopped in `Advance` at a solution not counted (every item covered), or as it
        // entered the node at `level`.
        let next = if m.all_covered() {
            before(self.best[level], self.choice[level])
        } else {
            Vec::new()
        };
        let levels = (0..level)
            .map(|l| {
                let taken = m.option_of(self.choice[l]);
                let mut tried = before(self.best[l], self.choice[l]);
                tried.push(taken);
                (taken, tried)
            })
            .collect();
        Some(StopInside { levels, next })
    }

    fn finish(&mut self, status: Status) {
        self.books.finish(status);
        self.at = At::Done;
    }

    /// The slow path of entering a node ([`Books::limit_reached`]): true when the search
    /// must stop.
    #[cold]
    fn limit_reached(&mut self) -> bool {
        let stop = self.books.limit_reached();
        if stop {
            self.at = At::Done;
        }
        stop
    }

    /// Runs the machine on `m` to the next improvement, or to the end.
    // Why: a function of its own (the links' moves inlined into it, see `Links::choose`), so
    // that DLX5's loop compiles the same whatever other engines' code the codegen units put
    // into `BestSolver::next` (BENCHMARKS.md, round 22: queens-20-costs flipped with that).
    #[inline(never)]
    fn step<N: CostNode>(&mut self, m: &mut Links<N>, problem: &Problem) -> Option<Costed> {
        loop {
            match self.at {
                At::Forward => {
                    if self.books.limits.max_nodes.is_some()
                        || self.books.stats.nodes >= self.books.next_poll
                    {
                        if self.limit_reached() {
                            return None;
                        }
                        if self.cur_cost >= self.books.cutoff {
                            // A shared bound fell below this branch's cost: nothing here
                            // can improve.
                            self.at = At::Backdown;
                            continue;
                        }
                    }
                    self.books.stats.nodes += 1;
                    let level = self.level;
                    self.books.count_level(level);
                    if level == self.best.len() {
                        self.best.push(Item::default());
                        self.choice.push(Link::default());
                        for v in [
                            &mut self.part_cost,
                            &mut self.item_threshold,
                            &mut self.option_threshold,
                        ] {
                            v.push(0);
                        }
                    }
                    let (item, usable) = m.choose(self.books.cutoff - self.cur_cost);
                    self.books.stats.branches += u64::from(usable >= 2);
                    if usable == 0 {
                        self.books.stats.dead_ends += 1;
                        self.at = At::Backdown;
                        continue;
                    }
                    self.best[level] = item;
                    self.part_cost[level] = self.cur_cost;
                    let x = m.down(Links::<N>::header(item));
                    self.choice[level] = x;
                    self.next_cost = self.cur_cost + m.cost(x);
                    let threshold = self.books.cutoff - self.next_cost;
                    self.item_threshold[level] = threshold;
                    m.cover(item, threshold);
                    self.at = At::Advance;
                }
                At::Advance => {
                    let level = self.level;
                    let threshold = self.books.cutoff - self.next_cost;
                    self.option_threshold[level] = threshold;
                    m.commit(self.choice[level], threshold);
                    if m.all_covered() {
                        // A solution is a node too, so the node limit applies to it.
                        let books = &self.books;
                        if books
                            .limits
                            .max_nodes
                            .is_some_and(|max| books.stats.nodes >= max)
                        {
                            self.finish(Status::NodeLimit);
                            return None;
                        }
                        self.at = At::Recover;
                        if let Some(found) = self.found(m, problem) {
                            return Some(found);
                        }
                        continue;
                    }
                    self.level += 1;
                    self.cur_cost = self.next_cost;
                    self.at = At::Forward;
                }
                At::Recover => {
                    let level = self.level;
                    let x = self.choice[level];
                    m.uncommit(x, self.option_threshold[level]);
                    let y = m.down(x);
                    self.choice[level] = y;
                    if y == Links::<N>::header(self.best[level]) {
                        self.at = At::Backup;
                        continue;
                    }
                    self.next_cost = self.cur_cost + m.cost(y);
                    self.at = if self.next_cost >= self.books.cutoff {
                        At::Backup
                    } else {
                        At::Advance
                    };
                }
                At::Backup => {
                    let level = self.level;
                    m.uncover(self.best[level], self.item_threshold[level]);
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

    /// Records the solution at the current level: the cutoff moves, the solution is kept
    /// ([`Books::improve`]).
    fn found<N: CostNode>(&mut self, m: &Links<N>, problem: &Problem) -> Option<Costed> {
        let level = self.level;
        self.books.stats.nodes += 1;
        self.books.count_level(level + 1);
        let options: Vec<OptionId> = self.choice[..=level]
            .iter()
            .map(|&x| m.option_of(x))
            .collect();
        // Below the cutoff, so below the K-th kept: always kept, each tie after those before.
        let found = self.books.improve(self.next_cost, || options);
        if self.books.done {
            self.at = At::Done;
        }
        debug_assert!(found.is_some(), "a solution below the cutoff is kept");
        debug_assert!(found.as_ref().is_none_or(|c| c.cost
            == c.options
                .iter()
                .map(|&o| problem.option_cost(o))
                .sum::<u64>()));
        found
    }
}

impl Iterator for BestSolver<'_> {
    type Item = Costed;

    /// The next improvement: a solution cheaper than the `k`th cheapest found so far.
    fn next(&mut self) -> Option<Costed> {
        match &mut self.machine {
            Kind::Taxed(Taxed {
                m: Matrix::Lean(m),
                search,
            }) => search.step(m, self.problem),
            Kind::Taxed(Taxed {
                m: Matrix::Full(m),
                search,
            }) => search.step(m, self.problem),
            Kind::Bounded(b) => b.next_improvement(),
            Kind::Bits(b) => b.next_improvement(),
            Kind::BitsBounded(b) => b.next_improvement(),
            Kind::Cells(b) => b.next_improvement(),
            Kind::CellsBounded(b) => b.next_improvement(),
        }
    }
}

impl std::fmt::Debug for BestSolver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let search = self.machine.search();
        let (books, level) = (search.books(), search.level());
        let (k, cutoff, stats) = (books.kept.k(), books.cutoff, &books.stats);
        f.debug_struct("BestSolver")
            .field("k", &k)
            .field("level", &level)
            .field("cutoff", &cutoff)
            .field("stats", stats)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs DLX5 on `text` to the end; then checks the matrix is sane and as built, and that
    /// the validator sees a broken link. Returns the K best costs and which nodes it took.
    fn search_and_check(text: &str, k: usize) -> (Vec<u64>, &'static str) {
        let p = Problem::from_dlx(text).unwrap();
        let mut best = BestSolver::new(&p, k);
        best.by_ref().for_each(drop);
        let costs = best.outcome().cheapest.iter().map(|c| c.cost).collect();
        let Kind::Taxed(Taxed { m, .. }) = &mut best.machine else {
            panic!("DLX5's machine")
        };
        fn check<N: CostNode>(m: &mut Links<N>, p: &Problem) {
            assert_eq!(m.check_invariants(), Ok(()));
            assert!(m.is_as_built(p));
            m.break_a_link();
            assert!(m.check_invariants().unwrap_err().contains("out of range"));
        }
        let kind = match m {
            Matrix::Lean(m) => {
                check(m, &p);
                "lean"
            }
            Matrix::Full(m) => {
                check(m, &p);
                "full"
            }
        };
        (costs, kind)
    }

    #[test]
    fn the_matrix_is_back_as_built_after_a_search_on_either_node() {
        let plain = "A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n";
        assert_eq!(search_and_check(plain, 2), (vec![4, 6], "lean"));
        let dear = "A B C\nA B |1\nC |5000000000\nA |2\nB C |2\nA B C |7\n";
        assert_eq!(search_and_check(dear, 2), (vec![4, 7], "full"));
        let colours = "A B | X\nA X:a |1\nB X:a |2\nB X:b |1\nA B |5\nA X:b |4\n";
        assert_eq!(search_and_check(colours, 3), (vec![3, 5, 5], "full"));
    }
}
