//! A shard's parts of the minimum-cost search (`dlxkit solve --best=K --shard I/N
//! --split-after NODES`, `--from PART`): each part reports the K cheapest solutions of the
//! subtrees it searched, and names the rest of its tree as parts when its budget runs out;
//! the K cheapest of all the parts' lines are the K best of the whole search (`dlxkit merge`
//! keeps them, as it does for shards of `--best`).
//!
//! The paths are those of the minimum-cost search's split ([`super::Split::for_best`]):
//! Knuth's plain tree of options without item bounds (a subtree is the problem with its
//! path's options forced, which DLX5 searches), Algorithm M's moves in cost order with
//! bounds (a subtree is the bounded search below the moves). The minimum-cost search cannot
//! stop inside a subtree and say where it stood, so a part is driven as `whole.rs`'s are on
//! the other engines (`attempts.rs`): the links walk the top of the tree, each subtree below
//! is searched whole within what is left of the budget, and a subtree the budget cuts short
//! is thrown away (its solutions too, so that none is reported twice) and expanded on the
//! links, its children being the next subtrees, named as parts when the budget is spent.
//!
//! A part prunes with the best bound it knows: once it keeps K solutions, a subtree is
//! searched only for solutions cheaper than the K-th ([`crate::xc::BestSolver::with_bound`]),
//! and the part may start with a bound `below` (the K-th best cost of the part that named
//! it). An attempt cut short is thrown away, but not what it found out: if it found K
//! solutions, the K-th of them costing `top`, the part prunes with `top + 1` from then on and
//! names that bound to its continuation (the subtree searched again finds those K again).
//!
//! The merged K best stay exact. Call a bound B *justified* when there are K distinct
//! solutions each of which costs less than B, or is reported (in some part's K best) at a
//! cost of at most B: the K-th best of a part's own (reported) K, and one more than the
//! K-th of an attempt's K (not reported) are both justified, and so is any bound at least as
//! high. Every solution s is then reported or has K reported solutions at most as dear, by
//! induction on the cost: if s is neither reported nor crowded out of a part's K best by K
//! cheaper-or-equal ones kept there, it was pruned by a justified B at most its cost; the K
//! solutions behind B are each reported at a cost of at most B, or cost less than B, hence
//! less than s, and so are reported or have K reported ones at most as dear. So the K
//! cheapest of all the parts' lines have the sequential K best costs (which of equal-cost
//! solutions is kept may differ). The same argument lets a scheduler pass any part's
//! `bound` to any other part of the same search as `below`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::attempts::{count_expanded, drive, Attempts};
use super::resumable::{add, leaf_solution, Subtree};
use super::{LocateError, Part, Path, Shard, SplitBudget};
use crate::xc::best::{BestOutcome, Cheapest, Costed};
use crate::xc::machine::Engine;
use crate::xc::parallel::search_part;
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::{Choice, Limits, Outcome, Solver, Stats, Status, StopPoint};
use crate::xc::storage::{Arena, Storage};

/// How a budgeted part of a minimum-cost search ended: its K cheapest solutions (of the
/// subtrees it searched whole), and the paths left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestBudgeted {
    /// The status, the figures (`stats.solutions` counts the improvements of the part's K
    /// best) and the K cheapest solutions found, cheapest first, as options of the problem.
    pub outcome: BestOutcome,
    /// The untouched subtrees, in the order of the search, packed into parts of about the
    /// budget when it was spent (one path a part otherwise). Empty when the part is done.
    pub continuation: Vec<Part>,
    /// Whether the part stopped because its own budget ran out, naming the rest.
    pub spent: bool,
    /// The bound the parts of the continuation may start with ([`Part::run_best`]'s
    /// `below`): the K-th best cost known to this part, if it keeps K solutions.
    pub bound: Option<u64>,
}

impl Part {
    /// The K cheapest solutions of the part's subtrees of the minimum-cost search of
    /// `problem` (the tree of [`super::Split::for_best`]), searched on `engine` within
    /// `budget` and `limits` (nodes, deadline, cancel flag), naming what is left as parts (see
    /// the module documentation). Only solutions cheaper than `below` are looked for.
    /// Refused when a path is not a subtree of that tree.
    ///
    /// ```
    /// use dlxkit::xc::machine::Engine;
    /// use dlxkit::xc::shard::{Part, SplitBudget};
    /// use dlxkit::xc::{Limits, Problem};
    /// let p = Problem::from_dlx("A B C\nA B |1\nC |5\nA |2\nB C |2\nA B C |7\n")?;
    /// let mut costs = Vec::new();
    /// let mut todo: Vec<Part> = vec!["1-3/3".parse()?]; // the whole tree: A is in 3 options
    /// while let Some(part) = todo.pop() {
    ///     let run = part.run_best(&p, Engine::Links, 2, SplitBudget::nodes(1), &Limits::new(), None)?;
    ///     costs.extend(run.outcome.cheapest.iter().map(|c| c.cost));
    ///     todo.extend(run.continuation);
    /// }
    /// costs.sort();
    /// assert_eq!(costs[..2], [4, 6]); // the two best of the whole search
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_best(
        &self,
        problem: &Problem,
        engine: Engine,
        k: usize,
        budget: SplitBudget,
        limits: &Limits,
        below: Option<u64>,
    ) -> Result<BestBudgeted, LocateError> {
        let arena = Arena::new();
        // The tree of the minimum-cost search's split: Knuth's plain one without bounds,
        // Algorithm M's moves in cost order with them.
        let mut links = match problem.has_bounds() {
            true => Solver::by_cost(problem, &arena),
            false => Solver::new(problem, &arena),
        };
        for path in self.paths() {
            Shard::locate(&mut links, path)?;
        }
        let k = k.max(1);
        let mut report = Best {
            problem,
            engine,
            k,
            root: self.depth(),
            kept: Cheapest::new(k),
            bound: Arc::new(AtomicU64::new(below.unwrap_or(u64::MAX))),
            sizes: Sizes::default(),
            found: Vec::new(),
            top: None,
            solution: Vec::new(),
        };
        let run = drive(
            self.paths(),
            self.depth(),
            &mut links,
            &mut report,
            budget,
            limits,
        );
        let Outcome { status, mut stats } = run.outcome;
        stats.profile.clear();
        let known = report.bound.load(Ordering::Relaxed);
        Ok(BestBudgeted {
            outcome: BestOutcome {
                status,
                stats,
                cheapest: report
                    .kept
                    .into_sorted()
                    .into_iter()
                    .map(|(cost, options)| Costed { cost, options })
                    .collect(),
            },
            continuation: run.continuation,
            spent: run.spent,
            bound: (known != u64::MAX).then_some(known),
        })
    }
}

/// A part of the minimum-cost search: the K cheapest solutions of what it searched, and the
/// bound it prunes with (see the module documentation).
struct Best<'p> {
    problem: &'p Problem,
    engine: Engine,
    k: usize,
    /// The task's levels start at this depth.
    root: usize,
    kept: Cheapest<Vec<OptionId>>,
    /// Only solutions cheaper than this are looked for.
    bound: Arc<AtomicU64>,
    sizes: Sizes,
    /// The solutions of the last attempt (as options of the problem), held back until it
    /// is kept.
    found: Vec<Costed>,
    /// The cost of the K-th cheapest solution of the last attempt, if it found K.
    top: Option<u64>,
    solution: Vec<OptionId>,
}

impl Best<'_> {
    /// Lowers the bound to the K-th best cost kept, once K are kept.
    fn tighten(&self) {
        if let Some(top) = self.kept.bound() {
            self.bound.fetch_min(top, Ordering::Relaxed);
        }
    }
}

impl Attempts for Best<'_> {
    fn limit(&self, _: &Stats) -> Option<Status> {
        None
    }

    fn leaf<S: Storage>(
        &mut self,
        links: &mut Solver<'_, S>,
        base: &[OptionId],
        sub: &Subtree,
        level: usize,
        stats: &mut Stats,
    ) -> Option<Status> {
        leaf_solution(links, base, &sub.choices, &mut self.solution);
        let cost = self
            .solution
            .iter()
            .fold(0u64, |c, &o| c.saturating_add(self.problem.option_cost(o)));
        if cost < self.bound.load(Ordering::Relaxed) && self.kept.offer(cost, self.solution.clone())
        {
            stats.solutions += 1;
            self.tighten();
        }
        self.sizes.add(level, 1);
        None
    }

    /// Every solution below costs at least the options of its path (Algorithm X's or C's;
    /// Algorithm M's moves are not priced here): a path as dear as the bound holds none of
    /// the K best, as the minimum-cost search on threads skips it.
    fn skip(&self, sub: &Subtree) -> bool {
        let least = sub.choices.iter().fold(0u64, |c, choice| match choice {
            Choice::Option(o) => c.saturating_add(self.problem.option_cost(*o)),
            Choice::Move(_) => c,
        });
        least >= self.bound.load(Ordering::Relaxed)
    }

    fn estimate(&self, path: &Path) -> Option<u64> {
        self.sizes.estimate(path.depth().saturating_sub(self.root))
    }

    fn resumes(&self) -> bool {
        false
    }

    fn attempt(
        &mut self,
        _: &[OptionId],
        sub: &Subtree,
        limits: Limits,
    ) -> (Outcome, Option<StopPoint>) {
        let mut forced = None;
        let (solver, origin) =
            search_part(self.problem, self.engine, &mut forced, &sub.choices, self.k);
        let mut solver = solver.with_limits(limits).with_bound(self.bound.clone());
        self.found.clear();
        self.found
            .extend(solver.by_ref().map(|Costed { cost, options }| Costed {
                cost,
                options: match origin {
                    Some(origin) => options.iter().map(|o| origin[o.index()]).collect(),
                    None => options,
                },
            }));
        let BestOutcome {
            status,
            stats,
            cheapest,
        } = solver.outcome();
        self.top = cheapest.get(self.k - 1).map(|c| c.cost);
        (Outcome { status, stats }, None)
    }

    fn keep(&mut self, level: usize, searched: &Stats, stats: &mut Stats) {
        // The part's `solutions` count the improvements of its K best.
        let mut counted = searched.clone();
        counted.solutions = 0;
        add(stats, level, &counted);
        self.sizes.add(level, searched.nodes);
        for Costed { cost, options } in self.found.drain(..) {
            if self.kept.offer(cost, options) {
                stats.solutions += 1;
            }
        }
        self.tighten();
    }

    fn pass(&mut self, _: &Stats) -> Option<Status> {
        None
    }

    /// Its solutions are thrown away (the subtree is searched again), but not what they say
    /// of the costs: K of them at most `top` make `top + 1` a bound.
    fn cut_short(&mut self) {
        if let Some(top) = self.top {
            self.bound
                .fetch_min(top.saturating_add(1), Ordering::Relaxed);
        }
    }

    fn expanded(&mut self, level: usize, counted: &Stats, stats: &mut Stats) {
        let mut counted = counted.clone();
        counted.solutions = 0;
        count_expanded(level, &counted, stats);
    }

    fn finish(&mut self, _: &[OptionId]) {}
}

/// The nodes of the subtrees searched whole at each level below the task's root, and how
/// many: the estimate of a subtree's size at that level.
#[derive(Default)]
struct Sizes(Vec<(u64, u64)>);

impl Sizes {
    fn add(&mut self, level: usize, nodes: u64) {
        if self.0.len() <= level {
            self.0.resize(level + 1, (0, 0));
        }
        let (sum, n) = &mut self.0[level];
        *sum = sum.saturating_add(nodes);
        *n += 1;
    }

    fn estimate(&self, level: usize) -> Option<u64> {
        let &(sum, n) = self.0.get(level).filter(|(_, n)| *n > 0)?;
        Some(sum / n)
    }
}
