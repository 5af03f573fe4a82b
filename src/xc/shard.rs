//! Shards: the search tree cut into subtrees that can be searched apart, on other threads or
//! other machines, and the results merged.
//!
//! A *shard* starts the search with a fixed prefix of choices: at level 1 the item the search
//! chooses and one of its options, at level 2 the item the search chooses below that option
//! and one of its options, and so on. Forcing a prefix leaves the dancing links exactly as
//! the search leaves them after making those choices, so the subtree below it is the one the
//! sequential search visits there: the shards partition its tree, and their solutions, listed
//! shard by shard, come in the sequential order.
//! Algorithm M's moves (item bounds) also exclude the options tried before them at their
//! level, which forcing cannot say: its shards name each level's move by its number and
//! replay it as the search makes it.
//!
//! A shard is named by its [`Path`] in Knuth's progress notation, `k/d` per level (choice `k`
//! of `d`, from 1), e.g. `3/12 1/4`; the last level may take a run of siblings, `2-4/7`. The
//! notation is stable (it depends on the problem alone) and gives the shard's share of the
//! tree, the product of the `1/d`, for progress estimates.
//!
//! A [`Split`] expands the top of the tree into shards, to a fixed depth ([`SplitBy::Depth`])
//! or until there are `n` shards ([`SplitBy::Count`]: always the subtree with the largest
//! share next, so the shards are of comparable size; when expanding a subtree would make too
//! many, its options are grouped into runs of siblings to make exactly `n`). Subtrees that
//! die at once are found while expanding: they are listed ([`Split::dead`]) and not
//! dispatched. The split counts the nodes above its shards as the search counts them
//! ([`Split::above`]), so the figures of the split and of all its shards add up to those of
//! the sequential search: no node is counted twice or lost. (Each shard re-applies its prefix,
//! a few covers that are not counted: that is the per-shard cost of working apart.)
//!
//! [`Shard::run`] searches one shard; [`Totals`] adds shard results in 128-bit integers (a
//! 9x9 Sudoku grid count, 6.67 x 10^21, does not fit in 64 bits), and [`merge`] checks a set
//! of [`ShardReport`]s from other processes (every shard of one split present exactly once,
//! complete, of the same problem) before adding them up.

use std::collections::{BTreeMap, BinaryHeap};
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::Ordering;
use std::time::Instant;

use thiserror::Error;

use super::choose::SearchOrder;
use super::count::Count;
use super::machine::Machine;
use super::problem::{OptionId, Problem};
use super::search::{Choice, Event, Limits, Next, Outcome, Progress, Solver, Stats, Status};
use super::storage::{Arena, Storage};

mod attempts;
mod best;
mod budget;
mod checkpoint;
mod continuation;
mod merge;
mod part;
mod resumable;
mod whole;

pub use best::BestBudgeted;
pub use budget::{SplitBudget, SplitBudgetError};
pub use checkpoint::{CheckpointError, Frontier};
pub use continuation::{Budgeted, LocateError};
pub use merge::{
    Merged, Merger, Subtotals, MAX_KEPT, MAX_LEVELS, MAX_MANIFEST_PATH, MAX_SHARDS, MISSING_SHOWN,
};
pub use part::{Part, PartError, Within};
pub use resumable::GRANT;

/// One level of a shard's path: choices `first..=last` of `of` (from 1), usually one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// The first choice (1 for the top option of the item's list).
    pub first: u32,
    /// The last choice (equal to `first` but at a run of siblings).
    pub last: u32,
    /// How many options the item had.
    pub of: u32,
}

/// A shard's place in the search tree, in Knuth's notation: `3/12 1/4` (the empty path, `-`,
/// is the whole tree).
///
/// ```
/// use dlxkit::xc::shard::Path;
/// let path: Path = "3/12 2-3/4".parse()?;
/// assert_eq!(path.to_string(), "3/12 2-3/4");
/// assert_eq!(path.share(), 1.0 / 12.0 * 2.0 / 4.0);
/// assert_eq!(path.depth(), 2);
/// # Ok::<(), dlxkit::xc::shard::PathError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(Vec<Step>);

impl Path {
    /// The levels of the path, from the top.
    pub fn steps(&self) -> &[Step] {
        &self.0
    }

    /// The number of levels: the depth of the shard's subtrees below the root.
    pub fn depth(&self) -> usize {
        self.0.len()
    }

    /// The share of the search tree below this path, Knuth's way: each level divides it by
    /// the number of options there (a guide to the shard's size, not a measure of it).
    pub fn share(&self) -> f64 {
        self.0
            .iter()
            .map(|s| f64::from(s.last - s.first + 1) / f64::from(s.of))
            .product()
    }

    /// Whether the subtree of `other` is inside this one (a path contains itself; `-`
    /// contains every path).
    ///
    /// ```
    /// use dlxkit::xc::shard::Path;
    /// let p = |t: &str| t.parse::<Path>().unwrap();
    /// assert!(p("3/12").contains(&p("3/12 2-4/5")));
    /// assert!(p("2-5/12").contains(&p("3/12 1/4")));
    /// assert!(!p("3/12").contains(&p("4/12 1/4")));
    /// ```
    pub fn contains(&self, other: &Path) -> bool {
        if other.depth() < self.depth() {
            return false;
        }
        self.0
            .iter()
            .zip(&other.0)
            .all(|(a, b)| a.of == b.of && a.first <= b.first && b.last <= a.last)
    }

    /// Whether the subtrees of two paths have a node in common.
    pub fn overlaps(&self, other: &Path) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .all(|(a, b)| a.first <= b.last && b.first <= a.last)
    }

    fn child(&self, step: Step) -> Path {
        let mut steps = self.0.clone();
        steps.push(step);
        Path(steps)
    }

    /// The product of the levels' option counts (saturating): the smaller, the larger the
    /// share of a single-choice path.
    fn denominator(&self) -> u128 {
        self.0
            .iter()
            .fold(1u128, |d, s| d.saturating_mul(u128::from(s.of)))
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        for (k, s) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            if s.first == s.last {
                write!(f, "{}/{}", s.first, s.of)?;
            } else {
                write!(f, "{}-{}/{}", s.first, s.last, s.of)?;
            }
        }
        Ok(())
    }
}

/// Why a text is not a [`Path`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a shard path: write `k/d` per level (choice k of d, from 1), e.g. `3/12 1/4`, or `-`")]
pub struct PathError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Path {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Path, PathError> {
        let bad = || PathError {
            text: text.to_string(),
        };
        if text.trim() == "-" {
            return Ok(Path::default());
        }
        let mut steps = Vec::new();
        for word in text.split_whitespace() {
            let (choice, of) = word.split_once('/').ok_or_else(bad)?;
            let (first, last) = choice.split_once('-').unwrap_or((choice, choice));
            let number = |s: &str| s.parse::<u32>().map_err(|_| bad());
            let step = Step {
                first: number(first)?,
                last: number(last)?,
                of: number(of)?,
            };
            if step.first == 0 || step.first > step.last || step.last > step.of {
                return Err(bad());
            }
            steps.push(step);
        }
        if steps.is_empty() {
            return Err(bad());
        }
        Ok(Path(steps))
    }
}

/// How to cut the search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplitBy {
    /// Every subtree at this depth (and the solutions above it) is a shard.
    Depth(usize),
    /// Exactly this many shards (fewer only when the whole tree has fewer leaves): the
    /// subtree with the largest share is expanded first until there are enough, then
    /// neighbouring siblings with the smallest shares are joined into runs.
    Count(usize),
}

impl fmt::Display for SplitBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitBy::Depth(d) => write!(f, "depth {d}"),
            SplitBy::Count(n) => write!(f, "count {n}"),
        }
    }
}

/// One subproblem: a prefix of choices, and the options at its last level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    path: Path,
    /// The choices of every level but the last.
    prefix: Vec<Choice>,
    /// The choices of the last level that lead somewhere, in order, and whether each is
    /// already a solution.
    members: Vec<(Choice, bool)>,
}

impl Shard {
    /// The shard's path (`-` for the whole tree).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The shard's share of the search tree (see [`Path::share`]).
    pub fn share(&self) -> f64 {
        self.path.share()
    }

    /// The options the shard fixes: the prefix, then each option of its last level (usually
    /// one), in the order the search tries them. (Algorithm M's shards are named by their
    /// moves, which also exclude options: they have none here.)
    pub fn options(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.prefix
            .iter()
            .chain(self.members.iter().map(|(c, _)| c))
            .filter_map(|&c| match c {
                Choice::Option(o) => Some(o),
                Choice::Move(_) => None,
            })
    }

    /// The shard's subtrees one by one, each as the choices that lead to it from the root:
    /// the prefix, then one of the last level's choices (none for the whole tree).
    pub(crate) fn subtrees(&self) -> Vec<Vec<Choice>> {
        if self.path.depth() == 0 {
            return vec![Vec::new()];
        }
        self.members
            .iter()
            .map(|&(member, _)| {
                let mut choices = self.prefix.clone();
                choices.push(member);
                choices
            })
            .collect()
    }

    /// Searches the shard with `solver`, any [`Machine`] (dancing links, bit sets, dancing
    /// cells: a shard is the solutions holding its path's options, whatever searches them;
    /// Algorithm M's numbered moves only the links replay), built for the split's problem,
    /// with the same forced options as when the split was made, within its limits: every solution
    /// (when `list`; else they are only counted) and a [`Progress`] about every
    /// `progress_every` nodes (never, when 0; its estimate is the fraction of the shard
    /// explored) go to `handler`, which may stop the search. The statistics are those of
    /// the shard's subtrees, their root at level 0 of the profile (level [`Path::depth`] of
    /// the whole tree). The solver's forced options are as they were afterwards.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlxkit::xc::{Arena, Problem, Solver};
    /// use dlxkit::xc::shard::{Split, SplitBy, Totals};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let split = Split::new(&p, SplitBy::Count(3));
    /// let arena = Arena::new();
    /// let mut solver = Solver::new(&p, &arena);
    /// let mut totals = Totals::from_split(&split);
    /// for shard in split.shards() {
    ///     let outcome = shard.run(&mut solver, false, 0, |_| ControlFlow::Continue(()));
    ///     totals.add(shard.path().depth(), &outcome.stats);
    /// }
    /// let sequential = Solver::new(&p, &arena).count().stats;
    /// assert_eq!(totals.solutions, 4u64);
    /// assert_eq!(totals.nodes, u128::from(sequential.nodes));
    /// assert_eq!(totals.updates, u128::from(sequential.updates));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<M, F>(
        &self,
        solver: &mut M,
        list: bool,
        progress_every: u64,
        mut handler: F,
    ) -> Outcome
    where
        M: Machine + ?Sized,
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if self.path.depth() == 0 {
            // The whole tree.
            return solver.search(list, progress_every, &mut handler);
        }
        let started = Instant::now();
        let base: Vec<OptionId> = solver.forced().to_vec();
        let saved = solver.limits().clone();
        for &c in &self.prefix {
            let taken = solver.take(c);
            assert!(
                taken,
                "a shard's prefix is a path of the search that made it (on a machine that takes it)"
            );
        }
        let mut total = Stats::default();
        let mut status = Status::Complete;
        let members = self.members.len() as f64;
        let mut solution = Vec::new();
        for (k, &(choice, is_solution)) in self.members.iter().enumerate() {
            let mut limits = saved.clone();
            if let Some(max) = saved.max_solutions {
                limits.max_solutions = Some(max.saturating_sub(total.solutions));
            }
            if let Some(max) = saved.max_nodes {
                limits.max_nodes = Some(max.saturating_sub(total.nodes));
            }
            // (Algorithm M's solution below a move is searched as any subtree: one node.)
            let known = match choice {
                Choice::Option(o) if is_solution => Some(o),
                _ => None,
            };
            if let Some(option) = known {
                // The option covers the last primary items: the search counts it as one
                // node (its parent's expansion did the covers), and so does the shard.
                if limits.max_nodes == Some(0) {
                    status = Status::NodeLimit;
                    break;
                }
                if limits.max_solutions == Some(0) {
                    status = Status::SolutionLimit;
                    break;
                }
                total.nodes += 1;
                total.solutions += 1;
                add_profile(&mut total.profile, 0, &[1]);
                if list {
                    solution.clear();
                    solution.extend_from_slice(&base);
                    solution.extend(self.prefix.iter().filter_map(|&c| match c {
                        Choice::Option(o) => Some(o),
                        Choice::Move(_) => None,
                    }));
                    solution.push(option);
                    if handler(Event::Solution(&solution)).is_break() {
                        status = Status::Stopped;
                        break;
                    }
                }
                if limits.max_solutions == Some(1) {
                    status = Status::SolutionLimit;
                    break;
                }
                continue;
            }
            solver.set_limits(limits);
            let taken = solver.take(choice);
            assert!(
                taken,
                "a shard's choices are a path of the search that made it"
            );
            let before = total.nodes;
            let scale = |p: Progress| Progress {
                nodes: before + p.nodes,
                estimate: (k as f64 + p.estimate) / members,
                ..p
            };
            let outcome = solver.search(list, progress_every, &mut |event| match event {
                Event::Progress(p) => handler(Event::Progress(scale(p))),
                solution => handler(solution),
            });
            restore(solver, &base);
            for &c in &self.prefix {
                let taken = solver.take(c);
                assert!(taken, "these choices were taken before");
            }
            total.add(&outcome.stats);
            if !outcome.status.is_complete() {
                status = outcome.status;
                break;
            }
        }
        solver.unforce_all();
        for &o in &base {
            solver.force(o).expect("these options were forced before");
        }
        solver.set_limits(saved);
        total.elapsed = started.elapsed();
        Outcome {
            status,
            stats: total,
        }
    }
}

impl Stats {
    /// Adds the figures of another search below the same root (the profiles level by level;
    /// the times too).
    fn add(&mut self, other: &Stats) {
        self.solutions += other.solutions;
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.cleansings += other.cleansings;
        self.branches += other.branches;
        self.dead_ends += other.dead_ends;
        self.elapsed += other.elapsed;
        add_profile(&mut self.profile, 0, &other.profile);
    }
}

fn add_profile(profile: &mut Vec<u64>, depth: usize, levels: &[u64]) {
    if profile.len() < depth + levels.len() {
        profile.resize(depth + levels.len(), 0);
    }
    for (k, &n) in levels.iter().enumerate() {
        profile[depth + k] += n;
    }
}

/// The search tree cut into shards (see the module documentation).
///
/// ```
/// use dlxkit::xc::Problem;
/// use dlxkit::xc::shard::{Split, SplitBy};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Depth(1));
/// let paths: Vec<String> = split.shards().iter().map(|s| s.path().to_string()).collect();
/// assert_eq!(paths, ["1/3", "2/3", "3/3"]); // the options of A, the item chosen first
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Split {
    by: SplitBy,
    shards: Vec<Shard>,
    dead: Vec<Path>,
    above: Stats,
    fingerprint: u64,
    limits: Limits,
    status: Status,
    expanded: u64,
}

/// A subtree not yet dispatched while splitting.
#[derive(Clone, Debug)]
struct Leaf {
    path: Path,
    choices: Vec<Choice>,
    /// Whether the options cover every primary item (nothing to expand).
    solution: bool,
}

impl Split {
    /// Splits the search of `problem` (see [`Split::of_solver`]).
    pub fn new(problem: &Problem, by: SplitBy) -> Split {
        let arena = Arena::new();
        Split::of_solver(&mut Solver::new(problem, &arena), by)
    }

    /// Splits the tree of the minimum-cost search of `problem` ([`BestSolver`]): the plain
    /// split for a problem without item bounds (DLX5 searches each shard's forced options);
    /// with bounds, Algorithm M's tree with each item's list sorted by cost, so its moves are
    /// numbered in the order the bounded minimum-cost search makes them and that search
    /// replays them. Its fingerprint differs from the plain split's of the same problem.
    ///
    /// ```
    /// use dlxkit::xc::best::Cheapest;
    /// use dlxkit::xc::machine::Engine;
    /// use dlxkit::xc::parallel::best_in_shard;
    /// use dlxkit::xc::plan::Discard;
    /// use dlxkit::xc::shard::{Split, SplitBy};
    /// use dlxkit::xc::{Limits, Problem};
    /// // A once or twice, B once: {A B |1}, {A B |1, A |5} and {A |5, B |2}.
    /// let p = Problem::from_dlx("1:2|A B\nA |5\nA B |1\nB |2\n")?;
    /// let split = Split::for_best(&p, SplitBy::Depth(1));
    /// let mut kept = Cheapest::new(2);
    /// for shard in split.shards() {
    ///     let found = best_in_shard(&p, Engine::Links, shard, 2, 1, &Limits::new(), &mut Discard);
    ///     for c in found.cheapest {
    ///         kept.offer(c.cost, c.options);
    ///     }
    /// }
    /// let costs: Vec<u64> = kept.into_sorted().iter().map(|c| c.0).collect();
    /// assert_eq!(costs, [1, 6]); // as one search finds them
    /// assert_ne!(split.fingerprint(), Split::new(&p, SplitBy::Depth(1)).fingerprint());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`BestSolver`]: crate::xc::BestSolver
    pub fn for_best(problem: &Problem, by: SplitBy) -> Split {
        if !problem.has_bounds() {
            return Split::new(problem, by);
        }
        let arena = Arena::new();
        let mut split = Split::of_solver(&mut Solver::by_cost(problem, &arena), by);
        for b in *b"by cost" {
            split.fingerprint ^= u64::from(b);
            split.fingerprint = split.fingerprint.wrapping_mul(0x0100_0000_01b3);
        }
        split
    }

    /// Splits the search that `solver` would make, below its forced options (a Sudoku's
    /// givens, say), which it keeps. Expanding a node costs about one node of the search
    /// for each of its options, so the split is quick next to any search worth splitting.
    ///
    /// Only Knuth's plain Algorithm X or C is cut: a search with item bounds (Algorithm M),
    /// a seed or `#` items preferred is one shard, the whole tree, so that its results stay
    /// right.
    pub fn of_solver<S: Storage>(solver: &mut Solver<'_, S>, by: SplitBy) -> Split {
        Split::limited(solver, by, Limits::default())
    }

    /// Splits the search of `problem` within `limits`: the nodes expanded (`max_nodes`), the
    /// deadline and the cancel flag (`max_solutions` means nothing here). A split they stop
    /// has [`Split::status`] saying which, and its list is not the list of the problem: use
    /// none of it.
    ///
    /// ```
    /// use dlxkit::xc::shard::{Split, SplitBy};
    /// use dlxkit::xc::{Limits, Problem, Status};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let split = Split::with_limits(&p, SplitBy::Count(8), Limits::new().nodes(1));
    /// assert_eq!((split.status(), split.expanded()), (Status::NodeLimit, 1));
    /// let split = Split::with_limits(&p, SplitBy::Count(8), Limits::new().nodes(100));
    /// assert_eq!(split.status(), Status::Complete);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limits(problem: &Problem, by: SplitBy, limits: Limits) -> Split {
        let arena = Arena::new();
        Split::limited(&mut Solver::new(problem, &arena), by, limits)
    }

    fn limited<S: Storage>(solver: &mut Solver<'_, S>, by: SplitBy, limits: Limits) -> Split {
        let base: Vec<OptionId> = solver.forced().to_vec();
        let mut split = Split {
            by,
            shards: Vec::new(),
            dead: Vec::new(),
            above: Stats::default(),
            fingerprint: fingerprint(solver.problem(), &base, by),
            limits,
            status: Status::Complete,
            expanded: 0,
        };
        let root = Leaf {
            path: Path::default(),
            choices: Vec::new(),
            solution: false,
        };
        // One shard, the whole tree, when the forced options cover everything (the tree is
        // one solution) or when the search is not one that `expand` knows.
        let whole = !solver.is_splittable() || solver.branches().is_none();
        let leaves = match by {
            _ if whole => vec![Group::whole()],
            SplitBy::Depth(0) | SplitBy::Count(0 | 1) => vec![Group::whole()],
            SplitBy::Depth(depth) => {
                let mut leaves = Vec::new();
                split.expand_to_depth(solver, &base, root, depth, &mut leaves);
                leaves
            }
            SplitBy::Count(n) => split.expand_to_count(solver, &base, root, n),
        };
        split.shards = leaves.into_iter().map(Group::into_shard).collect();
        // A shard list sorted by path is in the order of the sequential search.
        split.shards.sort_by(|a, b| a.path.cmp(&b.path));
        restore(solver, &base);
        split
    }

    /// Complete, or the limit of [`Split::with_limits`] that stopped the split.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The nodes expanded to make the split (those of chains of forced levels kept whole
    /// too, which [`Split::above`] leaves to their shards).
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// How the tree was cut.
    pub fn by(&self) -> SplitBy {
        self.by
    }

    /// The shards, in the order of the sequential search.
    pub fn shards(&self) -> &[Shard] {
        &self.shards
    }

    /// The subtrees found dead while splitting (their item had no option left): nothing to
    /// search there.
    pub fn dead(&self) -> &[Path] {
        &self.dead
    }

    /// What the search counts above the shards: the nodes expanded to make them and the
    /// dead ends found (nodes, updates, cleansings, branches, dead ends, the profile by
    /// level from the root). No solution is counted here: each is in a shard.
    pub fn above(&self) -> &Stats {
        &self.above
    }

    /// A 64-bit hash of the problem, the forced options, the way of splitting and the
    /// engine's version: results with the same fingerprint belong to the same list of shards.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The same list, named for a search that branches in `order`: a seed or the preference
    /// for `#` items changes what each shard's search visits (for Algorithm M, the list
    /// itself), so the fingerprint holds them, and [`merge`] refuses the results of a list
    /// made in one order with those of another. Knuth's order leaves it as it is.
    ///
    /// ```
    /// use dlxkit::xc::shard::{Split, SplitBy};
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let plain = Split::new(&p, SplitBy::Count(2));
    /// let seeded = |seed| Split::new(&p, SplitBy::Count(2)).in_order(SearchOrder::new().seed(seed));
    /// assert_eq!(plain.clone().in_order(SearchOrder::new()).fingerprint(), plain.fingerprint());
    /// assert_ne!(seeded(1).fingerprint(), plain.fingerprint());
    /// assert_ne!(seeded(1).fingerprint(), seeded(2).fingerprint());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_order(mut self, order: SearchOrder) -> Split {
        if order != SearchOrder::new() {
            let mut hash = self.fingerprint;
            let seed = order.seed.map_or(u64::MAX, |seed| seed & 0x7fff_ffff);
            for b in seed
                .to_le_bytes()
                .into_iter()
                .chain([u8::from(order.prefer_sharp)])
            {
                hash ^= u64::from(b);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
            self.fingerprint = hash;
        }
        self
    }

    /// The same list, named for the search of a reduced problem ([`crate::xc::Plan::reduce`]):
    /// its solutions are printed as options of the problem given, so its results never merge
    /// with those of a list of the reduced problem searched as given (a reduction that
    /// removed nothing leaves the problem as it was).
    ///
    /// ```
    /// use dlxkit::xc::shard::{Split, SplitBy};
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let plain = Split::new(&p, SplitBy::Count(2));
    /// assert_ne!(plain.clone().reduced().fingerprint(), plain.fingerprint());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reduced(mut self) -> Split {
        for b in *b"reduced" {
            self.fingerprint ^= u64::from(b);
            self.fingerprint = self.fingerprint.wrapping_mul(0x0100_0000_01b3);
        }
        self
    }

    /// Expands `leaf` (the matrix holds `base` then `leaf.options`), counting its node and
    /// dead ends in `above`; returns its live children.
    fn expand<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        base: &[OptionId],
        leaf: &Leaf,
    ) -> Vec<(Step, Choice, bool)> {
        restore(solver, base);
        for &c in &leaf.choices {
            let taken = solver.take(c);
            assert!(taken, "a path of the search can be taken again");
        }
        self.expand_forced(solver, leaf)
    }

    /// Expands `leaf`, whose options the solver holds forced already.
    fn expand_forced<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        leaf: &Leaf,
    ) -> Vec<(Step, Choice, bool)> {
        if self.stopped() {
            return Vec::new();
        }
        self.expanded += 1;
        let Some((stats, children)) = solver.branches() else {
            return Vec::new();
        };
        let depth = leaf.path.depth();
        let of = children.len() as u32;
        self.above.nodes += stats.nodes;
        self.above.updates += stats.updates;
        self.above.cleansings += stats.cleansings;
        self.above.branches += stats.branches;
        self.above.dead_ends += stats.dead_ends;
        add_profile(&mut self.above.profile, depth, &stats.profile);
        let mut live = Vec::new();
        for (k, &(option, next)) in children.iter().enumerate() {
            let k = k as u32 + 1;
            let step = Step {
                first: k,
                last: k,
                of,
            };
            match next {
                Next::DeadEnd => self.dead.push(leaf.path.child(step)),
                Next::Solution => live.push((step, option, true)),
                Next::Open(_) => live.push((step, option, false)),
            }
        }
        live
    }

    fn expand_to_depth<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        base: &[OptionId],
        leaf: Leaf,
        depth: usize,
        leaves: &mut Vec<Group>,
    ) {
        if leaf.solution || leaf.path.depth() == depth || self.status != Status::Complete {
            leaves.push(Group::single(leaf));
            return;
        }
        for (step, option, solution) in self.expand(solver, base, &leaf) {
            let child = leaf.child(step, option, solution);
            self.expand_to_depth(solver, base, child, depth, leaves);
        }
    }

    fn expand_to_count<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        base: &[OptionId],
        root: Leaf,
        n: usize,
    ) -> Vec<Group> {
        // The open subtrees by share, the largest first (on ties, the first in the search's
        // order); the finished leaves by path.
        let mut open: BinaryHeap<Largest> = BinaryHeap::new();
        let mut done: BTreeMap<Path, Group> = BTreeMap::new();
        open.push(Largest(root));
        while open.len() + done.len() < n && self.status == Status::Complete {
            let Some(Largest(leaf)) = open.pop() else {
                break;
            };
            if leaf.solution {
                done.insert(leaf.path.clone(), Group::single(leaf));
                continue;
            }
            match self.expand_past_forced(solver, base, leaf) {
                Expanded::Whole(leaf) => {
                    done.insert(leaf.path.clone(), Group::single(leaf));
                }
                Expanded::Children(parent, children) => {
                    for (step, option, solution) in children {
                        open.push(Largest(parent.child(step, option, solution)));
                    }
                }
            }
        }
        for Largest(leaf) in open {
            done.insert(leaf.path.clone(), Group::single(leaf));
        }
        // The last expansion may have made too many: join neighbouring siblings, the pair
        // with the smallest share first, until there are `n` (so no shard is much larger
        // than the others, as a run of the largest subtree's children would be).
        let mut groups: Vec<Group> = done.into_values().collect();
        while groups.len() > n {
            let joinable = |k: usize| {
                let (a, b) = (&groups[k], &groups[k + 1]);
                a.prefix == b.prefix && a.path.depth() == b.path.depth() && !a.members.is_empty()
            };
            let best = (0..groups.len() - 1)
                .filter(|&k| joinable(k))
                .min_by(|&j, &k| {
                    let share = |k: usize| groups[k].path.share() + groups[k + 1].path.share();
                    share(j).total_cmp(&share(k))
                });
            let Some(k) = best else {
                break;
            };
            let second = groups.remove(k + 1);
            let first = &mut groups[k];
            let mut steps = first.path.0.clone();
            let last = steps.last_mut().expect("siblings have a last step");
            last.last = second
                .path
                .0
                .last()
                .expect("siblings have a last step")
                .last;
            first.path = Path(steps);
            first.members.extend(second.members);
        }
        groups
    }
}

/// Forced levels: a node with one live child gives the split no more shards, however far
/// the chain of such nodes goes (a problem of n items with one option each is one chain of
/// n levels).
impl Split {
    /// Expands `leaf`, and on down while a node has one live child. A chain that ends without
    /// branching (in a solution, or with everything below it dead) is `leaf`'s whole
    /// subtree, one path: it is one shard, at `leaf`, and nothing of it is counted above
    /// (its shard's search counts it). Each level forces one more option on the last, so a
    /// chain of n levels costs n expansions, not n re-forcings of ever longer paths.
    fn expand_past_forced<S: Storage>(
        &mut self,
        solver: &mut Solver<'_, S>,
        base: &[OptionId],
        leaf: Leaf,
    ) -> Expanded {
        let (above, dead) = (self.above.clone(), self.dead.len());
        let mut live = self.expand(solver, base, &leaf);
        if live.len() != 1 {
            return Expanded::Children(leaf, live);
        }
        let mut node = leaf.clone();
        while let [(step, option, solution)] = live[..] {
            node.path.0.push(step);
            node.choices.push(option);
            if solution {
                break;
            }
            let taken = solver.take(option);
            assert!(taken, "a live child of the search can be taken");
            live = self.expand_forced(solver, &node);
            if live.len() > 1 {
                return Expanded::Children(node, live);
            }
        }
        self.above = above;
        self.dead.truncate(dead);
        Expanded::Whole(leaf)
    }
}

impl Split {
    /// Whether a limit stops the split before the next expansion (noted in `status`).
    fn stopped(&mut self) -> bool {
        if self.status != Status::Complete {
            return true;
        }
        let l = &self.limits;
        self.status = if l.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Status::Cancelled
        } else if l.max_nodes.is_some_and(|n| self.expanded >= n) {
            Status::NodeLimit
        } else if l.deadline.is_some_and(|d| Instant::now() >= d) {
            Status::TimeLimit
        } else {
            return false;
        };
        true
    }
}

/// What [`Split::expand_past_forced`] found below a leaf.
enum Expanded {
    /// The leaf's subtree is one path: the leaf is a shard as it is.
    Whole(Leaf),
    /// The first node with two or more live children (the leaf, or the end of a chain of
    /// forced levels below it), and those children.
    Children(Leaf, Vec<(Step, Choice, bool)>),
}

impl Leaf {
    fn child(&self, step: Step, choice: Choice, solution: bool) -> Leaf {
        let mut choices = self.choices.clone();
        choices.push(choice);
        Leaf {
            path: self.path.child(step),
            choices,
            solution,
        }
    }
}

/// A leaf ordered by share (largest first), then by path (first in the search first).
struct Largest(Leaf);

impl PartialEq for Largest {
    fn eq(&self, other: &Self) -> bool {
        self.0.path == other.0.path
    }
}

impl Eq for Largest {}

impl PartialOrd for Largest {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Largest {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // The heap pops the greatest: the smallest denominator, then the smallest path.
        other
            .0
            .path
            .denominator()
            .cmp(&self.0.path.denominator())
            .then_with(|| other.0.path.cmp(&self.0.path))
    }
}

/// A shard being made: a path, the options above its last level, and the members there.
struct Group {
    path: Path,
    prefix: Vec<Choice>,
    members: Vec<(Choice, bool)>,
}

impl Group {
    fn whole() -> Group {
        Group {
            path: Path::default(),
            prefix: Vec::new(),
            members: Vec::new(),
        }
    }

    fn single(mut leaf: Leaf) -> Group {
        match leaf.choices.pop() {
            Some(last) => Group {
                path: leaf.path,
                prefix: leaf.choices,
                members: vec![(last, leaf.solution)],
            },
            None => Group::whole(),
        }
    }

    fn into_shard(self) -> Shard {
        Shard {
            path: self.path,
            prefix: self.prefix,
            members: self.members,
        }
    }
}

/// Forces exactly `base` again.
fn restore<M: Machine + ?Sized>(solver: &mut M, base: &[OptionId]) {
    solver.unforce_all();
    for &o in base {
        solver.force(o).expect("these options were forced before");
    }
}

/// FNV-1a over the problem's text, the forced options, the way of splitting and the version.
fn fingerprint(problem: &Problem, base: &[OptionId], by: SplitBy) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(env!("CARGO_PKG_VERSION").as_bytes());
    eat(problem.to_dlx().as_bytes());
    for o in base {
        eat(&(o.index() as u64).to_le_bytes());
    }
    eat(by.to_string().as_bytes());
    hash
}

/// Search figures added up across shards: the solutions as a [`Count`] (shards of a
/// memoised count can each pass 2^128), the other figures in 128-bit integers (a long run on
/// many machines can pass 2^64 nodes; a sum past 2^128 is refused, [`Totals::checked_add_at`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Solutions found.
    pub solutions: Count,
    /// Search-tree nodes (as [`Stats::nodes`]).
    pub nodes: u128,
    /// Knuth's updates.
    pub updates: u128,
    /// Knuth's cleansings.
    pub cleansings: u128,
    /// Nodes per level of the whole tree.
    pub profile: Vec<u128>,
}

impl Totals {
    /// The figures of the split itself (the nodes above its shards), to which the shards'
    /// are added.
    pub fn from_split(split: &Split) -> Totals {
        let mut totals = Totals::default();
        totals.add(0, split.above());
        totals
    }

    /// Adds the statistics of a search whose root is at `depth` of the whole tree.
    pub fn add(&mut self, depth: usize, stats: &Stats) {
        self.solutions += stats.solutions;
        self.nodes += u128::from(stats.nodes);
        self.updates += u128::from(stats.updates);
        self.cleansings += u128::from(stats.cleansings);
        let profile: Vec<u128> = stats.profile.iter().map(|&n| u128::from(n)).collect();
        self.add_profile(depth, &profile);
    }

    /// Adds other totals (a profile from the root).
    pub fn add_totals(&mut self, other: &Totals) {
        self.solutions += &other.solutions;
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.cleansings += other.cleansings;
        self.add_profile(0, &other.profile);
    }

    /// Adds other totals whose profile starts at `depth`, unless a sum of nodes, updates,
    /// cleansings or a level would pass 2^128 (solutions cannot overflow): then nothing is
    /// added and the answer is false.
    pub fn checked_add_at(&mut self, depth: usize, other: &Totals) -> bool {
        let sums = (
            self.nodes.checked_add(other.nodes),
            self.updates.checked_add(other.updates),
            self.cleansings.checked_add(other.cleansings),
        );
        let (Some(nodes), Some(updates), Some(cleansings)) = sums else {
            return false;
        };
        let fits = other.profile.iter().enumerate().all(|(k, &n)| {
            self.profile
                .get(depth + k)
                .is_none_or(|&m| m.checked_add(n).is_some())
        });
        if !fits {
            return false;
        }
        self.solutions += &other.solutions;
        (self.nodes, self.updates, self.cleansings) = (nodes, updates, cleansings);
        self.add_profile(depth, &other.profile);
        true
    }

    fn add_profile(&mut self, depth: usize, levels: &[u128]) {
        if self.profile.len() < depth + levels.len() {
            self.profile.resize(depth + levels.len(), 0);
        }
        for (k, &n) in levels.iter().enumerate() {
            self.profile[depth + k] += n;
        }
    }
}

/// What one shard's search reports, for [`merge`]: which shard of which list, how it ended,
/// what it counted, and the figures of the split above the shards (the same in every
/// report of one list; merge adds them once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardReport {
    /// The split's [`Split::fingerprint`].
    pub fingerprint: u64,
    /// The number of shards of the list.
    pub shards: usize,
    /// The shard's index in the list, from 0.
    pub index: usize,
    /// The shard's path, as text.
    pub path: String,
    /// How the shard's search ended.
    pub status: Status,
    /// The shard's figures, its profile from the shard's depth down.
    pub totals: Totals,
    /// The shard's depth (its path's length).
    pub depth: usize,
    /// The split's figures above the shards ([`Split::above`]).
    pub above: Totals,
    /// The part of the shard searched, when it is a part of a continuation (`None`: the
    /// whole shard).
    pub from: Option<Part>,
    /// The parts left to search, when the search split itself
    /// ([`Shard::run_with_budget`]).
    pub continuation: Vec<Part>,
}

impl ShardReport {
    /// The report of shard `index` of `split` (the whole shard) after `outcome`.
    pub fn of_split(split: &Split, index: usize, outcome: Outcome) -> ShardReport {
        let shard = split.shards().get(index);
        let mut totals = Totals::default();
        totals.add(0, &outcome.stats);
        ShardReport {
            fingerprint: split.fingerprint(),
            shards: split.shards().len(),
            index,
            path: shard.map_or_else(|| EMPTY_SLOT.to_string(), |s| s.path().to_string()),
            status: outcome.status,
            totals,
            depth: shard.map_or(0, |s| s.path().depth()),
            above: Totals::from_split(split),
            from: None,
            continuation: Vec::new(),
        }
    }
}

/// The path of a slot past the end of the tree's shards (a list asked longer than the tree
/// has subtrees, `--shard 7/10` of a tree of 5): it searches nothing and counts nothing, and
/// a merge takes every such slot once, none naming a subtree.
pub const EMPTY_SLOT: &str = "empty";

/// Why shard results cannot be merged. Each names the shards, so that only they are run
/// again.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No result was given.
    #[error("no shard results to merge")]
    Empty,
    /// A result belongs to another problem or another list of shards.
    #[error(
        "shard {index} ({path}) is from a different problem or shard list (fingerprint {found:016x}, {found_shards} shards; the first result has {expected:016x}, {expected_shards} shards)"
    )]
    Foreign {
        /// The shard's index.
        index: usize,
        /// Its path.
        path: String,
        /// Its fingerprint.
        found: u64,
        /// Its list's length.
        found_shards: usize,
        /// The first result's fingerprint.
        expected: u64,
        /// The first result's list length.
        expected_shards: usize,
    },
    /// A result names an index past the end of its list.
    #[error("shard {index} ({path}) is not in a list of {shards} shards")]
    OutOfRange {
        /// The index.
        index: usize,
        /// The path.
        path: String,
        /// The list's length.
        shards: usize,
    },
    /// The same shard twice.
    #[error("shard {index} ({path}) appears twice")]
    Duplicate {
        /// The index.
        index: usize,
        /// The path.
        path: String,
    },
    /// Shards without a result.
    #[error("{count} of {shards} shards missing: {}{}", list(missing), if *count > missing.len() { format!(", ... ({} more)", count - missing.len()) } else { String::new() })]
    Missing {
        /// The indices of the first missing shards (at most [`MISSING_SHOWN`]).
        missing: Vec<usize>,
        /// How many are missing.
        count: usize,
        /// The list's length.
        shards: usize,
    },
    /// A number too large to be true, refused before it sizes anything.
    #[error("{what} is {value}: more than the {max} a merge accepts")]
    TooLarge {
        /// The field.
        what: &'static str,
        /// Its value.
        value: u128,
        /// The largest accepted.
        max: usize,
    },
    /// A result that contradicts itself or the list: edited by hand, or mixed up.
    #[error("shard {index} ({path}) was edited or mixed up: {what}")]
    Edited {
        /// The index.
        index: usize,
        /// Its path.
        path: String,
        /// What does not add up.
        what: String,
    },
    /// Two indices claim the same subtree: a result relabelled.
    #[error("shards {first} and {second} have the same path: one of them was relabelled")]
    Relabelled {
        /// The first index.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A part of a continuation that no result of its shard named (from another run of
    /// the shard, whose own result is not here): counting it could count a subtree twice.
    #[error(
        "shard {index}: part `{path}` was named by no result here (another run of the shard?)"
    )]
    Stray {
        /// The shard's index.
        index: usize,
        /// The part's path.
        path: String,
    },
    /// Parts of continuations without a result.
    #[error("{count} parts of self-split shards missing: {}{}", parts.join(", "), if *count > parts.len() { ", ..." } else { "" })]
    MissingParts {
        /// The first parts, as `index: path`.
        parts: Vec<String>,
        /// How many are missing.
        count: usize,
    },
    /// A line that cannot be read as a shard's result.
    #[error("{place}: {reason}")]
    Unreadable {
        /// Where: `file:line`.
        place: String,
        /// Why.
        reason: String,
    },
    /// A total passed 2^128.
    #[error("a total passes 2^128: these are not the results of one search")]
    Overflow,
    /// A shard whose search was cut short.
    #[error("shard {index} ({path}) is incomplete ({status}): run it again")]
    Incomplete {
        /// The index.
        index: usize,
        /// The path.
        path: String,
        /// Why it stopped.
        status: Status,
    },
}

fn list(indices: &[usize]) -> String {
    let words: Vec<String> = indices.iter().map(usize::to_string).collect();
    words.join(", ")
}

/// Checks that `reports` hold every shard of one list exactly once, each complete, and adds
/// them up with the split's own figures: the totals of the whole search.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::xc::{Arena, Problem, Solver};
/// use dlxkit::xc::shard::{merge, ShardReport, Split, SplitBy, MergeError};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(3));
/// let arena = Arena::new();
/// let mut solver = Solver::new(&p, &arena);
/// let reports: Vec<ShardReport> = (0..split.shards().len()).map(|index| {
///     let outcome = split.shards()[index].run(&mut solver, false, 0, |_| ControlFlow::Continue(()));
///     ShardReport::of_split(&split, index, outcome)
/// }).collect();
/// assert_eq!(merge(&reports)?.solutions, 4u64);
/// assert!(matches!(merge(&reports[1..]), Err(MergeError::Missing { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge(reports: &[ShardReport]) -> Result<Totals, MergeError> {
    let mut merger = Merger::new();
    for r in reports {
        merger.add(r.clone());
    }
    let mut merged = merger.finish();
    if merged.is_complete() {
        Ok(merged.totals)
    } else {
        Err(merged.problems.swap_remove(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queens(n: usize) -> Problem {
        let mut text = String::new();
        for r in 0..n {
            text.push_str(&format!("r{r} c{r} "));
        }
        text.push('|');
        for d in 0..2 * n - 1 {
            text.push_str(&format!(" a{d} b{d}"));
        }
        text.push('\n');
        for r in 0..n {
            for c in 0..n {
                text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
            }
        }
        Problem::from_dlx(&text).unwrap()
    }

    fn run_all(problem: &Problem, split: &Split) -> (Totals, Vec<Vec<OptionId>>) {
        let arena = Arena::new();
        let mut solver = Solver::new(problem, &arena);
        let mut totals = Totals::from_split(split);
        let mut solutions = Vec::new();
        for shard in split.shards() {
            let outcome = shard.run(&mut solver, true, 0, |event| {
                if let Event::Solution(s) = event {
                    solutions.push(s.to_vec());
                }
                ControlFlow::Continue(())
            });
            assert!(outcome.status.is_complete());
            totals.add(shard.path().depth(), &outcome.stats);
            assert!(solver.is_pristine());
        }
        (totals, solutions)
    }

    #[test]
    fn shards_of_eight_queens_add_up_to_the_sequential_search() {
        let p = queens(8);
        let arena = Arena::new();
        let mut solver = Solver::new(&p, &arena);
        let sequential: Vec<Vec<OptionId>> = solver.solutions().collect();
        let stats = solver.count().stats;
        for by in [
            SplitBy::Depth(0),
            SplitBy::Depth(1),
            SplitBy::Depth(3),
            SplitBy::Count(2),
            SplitBy::Count(7),
            SplitBy::Count(50),
        ] {
            let split = Split::new(&p, by);
            let (totals, solutions) = run_all(&p, &split);
            assert_eq!(solutions, sequential, "{by}");
            assert_eq!(totals.nodes, u128::from(stats.nodes), "{by}");
            assert_eq!(totals.updates, u128::from(stats.updates), "{by}");
            let profile: Vec<u128> = stats.profile.iter().map(|&n| u128::from(n)).collect();
            assert_eq!(totals.profile, profile, "{by}");
            if let SplitBy::Count(n) = by {
                assert_eq!(split.shards().len(), n.max(1), "{by}");
            }
        }
    }

    #[test]
    fn paths_read_back_what_they_write() {
        for text in ["-", "1/1", "3/12 1/4", "2-4/7", "1/2 1-2/3"] {
            assert_eq!(text.parse::<Path>().unwrap().to_string(), text);
        }
        for bad in ["", "0/3", "4/3", "3-2/5", "a/b", "1/2/3", "1"] {
            assert!(bad.parse::<Path>().is_err(), "{bad}");
        }
    }

    #[test]
    fn dead_subtrees_are_reported_and_not_dispatched() {
        // Choosing `A B` (option 1 of A) leaves C with no option.
        let p = Problem::from_dlx("A B C\nA B\nA C\nB\nC B\n").unwrap();
        let split = Split::new(&p, SplitBy::Depth(1));
        assert_eq!(split.dead().len(), 1);
        assert_eq!(split.dead()[0].to_string(), "1/2");
        let paths: Vec<String> = split
            .shards()
            .iter()
            .map(|s| s.path().to_string())
            .collect();
        assert_eq!(paths, ["2/2"]);
        let (totals, _) = run_all(&p, &split);
        let stats = p.count_solutions();
        assert_eq!(totals.solutions, stats);
    }
}
