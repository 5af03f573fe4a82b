//! A shard's parts of the minimum-cost search (`dlxkit solve --best=K --shard I/N
//! --split-after NODES`, `--from PART`): each part reports the K cheapest solutions of the
//! subtrees it searched, and names the rest of its tree as parts when its budget runs out;
//! the K cheapest of all the parts' lines are the K best of the whole search (`dlxkit merge`
//! keeps them, as it does for shards of `--best`).
//!
//! The paths are those of the minimum-cost search's split ([`super::Split::for_best`]):
//! Knuth's plain tree of options without item bounds (a subtree is the problem with its
//! path's options forced, which DLX5 searches), Algorithm M's moves in cost order with
//! bounds (a subtree is the bounded search below the moves). A part is driven as `whole.rs`'s
//! are on the other engines (`attempts.rs`): the links walk the top of the tree, and each
//! subtree below is searched whole with DLX5 within what is left of the budget.
//!
//! DLX5 on the links, without item bounds, says where a limit stopped it in its own tree
//! (`StopInside`): then what it searched is kept, and the rest of the subtree is named as
//! one part *within* the subtree's node ([`Part::inside`]): sets of options taken and left
//! out, one per level of the path where it stopped, the deepest first (why they are exactly
//! the rest: `Best::rest_inside`). Such a part searches its sets one after the other with
//! DLX5, each on the problem with the path's and the set's options forced and the others
//! left out ([`Problem::forcing_excluding`](crate::xc::Problem::forcing_excluding)), and
//! names the rest of a set it stops in the same way, so nothing searched is searched again
//! and the rest is not expanded in Knuth's plain tree (whose items are not DLX5's). On the
//! other engines, and with bounds (Algorithm M's item may take several options, so a level
//! is not "one option of its item"), a subtree the budget cuts short is thrown away (its
//! solutions too, so that none is reported twice) and expanded on the links, its children
//! being the next subtrees, named as parts when the budget is spent.
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
use super::resumable::{add, leaf_solution, subtrees, Subtree};
use super::{restore, Budgeted, LocateError, Part, Path, Shard, SplitBudget, Within};
use crate::xc::best::{BestOutcome, BestSolver, Cheapest, Costed, StopInside};
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
        let mut located = Vec::new();
        for path in self.paths() {
            located.push(Shard::locate(&mut links, path)?);
        }
        let k = k.max(1);
        let resumable = engine == Engine::Links && !problem.has_bounds();
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
            resumable,
            stopped: None,
            named: Vec::new(),
        };
        let run = if self.within().is_empty() {
            drive(
                self.paths(),
                self.depth(),
                &mut links,
                &mut report,
                budget,
                limits,
            )
        } else {
            let base: Vec<OptionId> = links.forced().to_vec();
            let sub = subtrees(&located[0], &mut links, &base)
                .into_iter()
                .next()
                .map(|(sub, _)| sub)
                .filter(|sub| !sub.solution && resumable)
                .ok_or_else(|| LocateError::Within {
                    part: self.to_string(),
                    why: "options taken or left out name a part of a minimum-cost search stopped inside a subtree, on the links without item bounds".to_string(),
                })?;
            restore(&mut links, &base);
            report.check(self, &sub)?;
            report.run_within(&sub, self.within(), budget, limits)
        };
        let Outcome {
            mut status,
            mut stats,
        } = run.outcome;
        let mut continuation = run.continuation;
        let mut spent = run.spent;
        if !report.named.is_empty() {
            // The rest of a subtree stopped inside, named in DLX5's own terms: the budget
            // ran out there.
            continuation.append(&mut report.named);
            continuation.sort();
            if status.is_complete() {
                status = Status::NodeLimit;
            }
            spent = true;
        }
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
            continuation,
            spent,
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
    /// Whether a search cut short says where it stopped in its own tree (DLX5 on the links,
    /// without item bounds): then what it searched is kept and the rest named.
    resumable: bool,
    /// Where the last attempt was stopped, and the options it took and left out.
    stopped: Option<(StopInside, Within)>,
    /// The parts named inside subtrees stopped (`Part::inside`).
    named: Vec<Part>,
}

impl Best<'_> {
    /// Lowers the bound to the K-th best cost kept, once K are kept.
    fn tighten(&self) {
        if let Some(top) = self.kept.bound() {
            self.bound.fetch_min(top, Ordering::Relaxed);
        }
    }
}

impl<'p> Best<'p> {
    /// Runs `solver` (over `origin`'s options, if not the whole problem's) within `limits`
    /// and the bound, holding back what it finds.
    fn search(
        &mut self,
        solver: BestSolver<'_>,
        origin: Option<&[OptionId]>,
        limits: Limits,
    ) -> Outcome {
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
        self.stopped = solver.stop_inside().map(|stop| {
            let to = |o: OptionId| origin.map_or(o, |origin| origin[o.index()]);
            let stop = StopInside {
                levels: stop
                    .levels
                    .into_iter()
                    .map(|(o, tried)| (to(o), tried.into_iter().map(to).collect()))
                    .collect(),
                next: stop.next.into_iter().map(to).collect(),
            };
            (stop, Within::default())
        });
        Outcome { status, stats }
    }

    /// DLX5 on the solutions of subtree `sub` that take `within.taken` and none of
    /// `within.left_out`, within `limits` (at least two nodes past the options forced, so
    /// that a search cut short always names less than it was given); where it stopped is
    /// kept for [`Attempts::named_rest`].
    fn search_within(&mut self, sub: &Subtree, within: &Within, limits: Limits) -> Outcome {
        let forced = self.forced(sub, within);
        let mut limits = limits;
        // DLX5 enters a node for each forced option (its item has no other): two nodes more
        // take an option of its own and count a solution or enter the node below, so that
        // the rest it names is less than the set it was given.
        limits.max_nodes = limits.max_nodes.map(|n| n.max(forced.len() as u64 + 2));
        let (part, origin) = self
            .problem
            .forcing_excluding(&forced, &within.left_out)
            .expect("a part's options were checked against the problem");
        let solver = BestSolver::on(self.engine, &part, self.k)
            .expect("a part is no larger than the whole, which the engine takes");
        let outcome = self.search(solver, Some(&origin), limits);
        if let Some((_, set)) = &mut self.stopped {
            *set = within.clone();
        }
        outcome
    }

    /// The options forced below `sub` with `within`: the path's, then those taken.
    fn forced(&self, sub: &Subtree, within: &Within) -> Vec<OptionId> {
        let mut forced: Vec<OptionId> = sub
            .choices
            .iter()
            .filter_map(|c| match c {
                Choice::Option(o) => Some(*o),
                Choice::Move(_) => None,
            })
            .collect();
        forced.extend(&within.taken);
        forced
    }

    /// Whether options `a` and `b` cannot be in one solution (an item in common, but for a
    /// secondary item both give the same colour).
    fn clash(&self, a: OptionId, b: OptionId) -> bool {
        let p = self.problem;
        p.option(a).iter().any(|x| {
            p.option(b)
                .iter()
                .any(|y| x.item == y.item && (x.color.is_none() || x.color != y.color))
        })
    }

    /// The rest of subtree `sub`'s set `within` after DLX5 stopped at `stop`, as sets of
    /// options taken and left out, in the order of the search (the deepest level first).
    ///
    /// Why they are exactly the rest. Call F the options forced (the path's and
    /// `within.taken`), o_0 .. o_{L-1} the options DLX5 had taken at levels 0 .. L-1 when it
    /// stopped, i_l the item it branched on at level l and T_l the options of i_l it tried
    /// there up to o_l (in its order; each one before o_l was searched whole). Every
    /// solution S of the set (F taken, `within.left_out` not) is searched or falls in
    /// exactly one set named here: let l be the first level whose o_l is not in S (or L).
    /// If l < L, S takes o_0 .. o_{l-1} and exactly one option of i_l (a primary item;
    /// the problem has no bounds): one of T_l before o_l, searched whole, or one outside
    /// T_l, in the set "o_0 .. o_{l-1} taken, T_l left out". If l = L, S is in the set
    /// "o_0 .. o_{L-1} taken, the options of the next level searched whole left out". Two
    /// sets never share a solution: the set of level l leaves o_l out, and every deeper
    /// set takes it. A set of a level whose o_l is forced is empty (it leaves out a forced
    /// option) and is not named; an option left out that clashes with one taken is
    /// dropped (no solution of the set has it anyway). The solutions DLX5 skipped cost at
    /// least its cutoff, the K-th of what the part keeps or the bound it was given, both
    /// justified (see the module documentation), so the bound the part names stays safe.
    fn rest_inside(&self, sub: &Subtree, within: &Within, stop: &StopInside) -> Vec<Within> {
        let forced = self.forced(sub, within);
        let mut taken = within.taken.clone();
        let mut sets = Vec::new();
        let mut name = |taken: &[OptionId], tried: &[OptionId]| {
            if tried.iter().any(|o| forced.contains(o)) {
                return;
            }
            let all: Vec<OptionId> = forced.iter().chain(taken).copied().collect();
            let mut left_out: Vec<OptionId> = within
                .left_out
                .iter()
                .chain(tried)
                .copied()
                .filter(|&o| !all.iter().any(|&t| self.clash(o, t)))
                .collect();
            left_out.sort();
            left_out.dedup();
            sets.push(Within {
                taken: taken.to_vec(),
                left_out,
            });
        };
        for (o, tried) in &stop.levels {
            name(&taken, tried);
            if !forced.contains(o) {
                taken.push(*o);
            }
        }
        name(&taken, &stop.next);
        // The search would have gone on from the deepest level up.
        sets.reverse();
        sets
    }

    /// Refuses a part whose options taken or left out are not options of the problem, or
    /// do not fit its path (a taken option clashing with the path or another taken one, a
    /// left-out option clashing with them: not one of the node's branches).
    fn check(&self, part: &Part, sub: &Subtree) -> Result<(), LocateError> {
        let refuse = |why: String| LocateError::Within {
            part: part.to_string(),
            why,
        };
        let n = self.problem.option_count();
        for set in part.within() {
            for &o in set.taken.iter().chain(&set.left_out) {
                if o.index() >= n {
                    return Err(refuse(format!(
                        "option {} is not an option of the problem (it has {n}, numbered from 0)",
                        o.index()
                    )));
                }
            }
            let forced = self.forced(sub, set);
            for (k, &o) in forced.iter().enumerate() {
                if let Some(&t) = forced[..k].iter().find(|&&t| self.clash(o, t)) {
                    return Err(refuse(format!(
                        "option {} taken clashes with option {} of the part's path or taken before it",
                        o.index(),
                        t.index()
                    )));
                }
            }
            if let Some(&o) = set
                .left_out
                .iter()
                .find(|&&o| forced.iter().any(|&t| self.clash(o, t)))
            {
                return Err(refuse(format!(
                    "option {} left out clashes with the options taken: it is not one of the node's branches",
                    o.index()
                )));
            }
        }
        Ok(())
    }

    /// A part within one node's subtree: its sets searched one after the other with DLX5
    /// within the budget, the rest of a set stopped inside named before the sets after it.
    fn run_within(
        &mut self,
        sub: &Subtree,
        sets: &[Within],
        budget: SplitBudget,
        outer: &Limits,
    ) -> Budgeted {
        let started = std::time::Instant::now();
        let nodes = budget.nodes.unwrap_or(u64::MAX).max(1);
        let end = budget.time.and_then(|t| started.checked_add(t));
        let level = sub.path.depth().saturating_sub(self.root);
        let mut stats = Stats::default();
        let mut work = 0u64;
        let mut status = Status::Complete;
        let mut rest: Vec<Within> = Vec::new();
        for (at, set) in sets.iter().enumerate() {
            let over = work >= nodes || end.is_some_and(|end| std::time::Instant::now() >= end);
            if at > 0 && over {
                rest.extend_from_slice(&sets[at..]);
                status = Status::NodeLimit;
                break;
            }
            let mut limits = outer.clone();
            let left = nodes - work.min(nodes);
            let nodes_left = outer.max_nodes.map(|m| m.saturating_sub(stats.nodes));
            limits.max_nodes = Some(nodes_left.map_or(left, |n| n.min(left)));
            limits.max_solutions = None;
            limits.deadline = super::continuation::earliest(outer.deadline, end);
            let outcome = self.search_within(sub, set, limits);
            work = work.saturating_add(outcome.stats.nodes);
            self.keep(level, &outcome.stats, &mut stats);
            if outcome.status.is_complete() {
                continue;
            }
            let mine = outcome.status == Status::NodeLimit || outcome.status == Status::TimeLimit;
            match self.stopped.take() {
                Some((stop, set)) if mine && outcome.stats.nodes > 0 => {
                    rest.extend(self.rest_inside(sub, &set, &stop));
                    rest.extend_from_slice(&sets[at + 1..]);
                    status = outcome.status;
                }
                _ => {
                    // Another limit, or nothing searched: the set is left whole.
                    rest.extend_from_slice(&sets[at..]);
                    status = outcome.status;
                }
            }
            break;
        }
        stats.elapsed = started.elapsed();
        let spent = !rest.is_empty();
        let continuation = if spent {
            vec![Part::inside(sub.path.clone(), rest).expect("a node's path, sets apart")]
        } else {
            Vec::new()
        };
        Budgeted {
            outcome: Outcome { status, stats },
            continuation,
            spent,
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
        self.resumable
    }

    fn attempt(
        &mut self,
        _: &[OptionId],
        sub: &Subtree,
        limits: Limits,
    ) -> (Outcome, Option<StopPoint>) {
        if self.resumable {
            return (self.search_within(sub, &Within::default(), limits), None);
        }
        let mut forced = None;
        let (solver, origin) =
            search_part(self.problem, self.engine, &mut forced, &sub.choices, self.k);
        (self.search(solver, origin, limits), None)
    }

    /// The last attempt stopped inside its subtree: the rest is named as one part of sets
    /// of options taken and left out ([`Best::rest_inside`]).
    fn named_rest(&mut self, sub: &Subtree) -> bool {
        let Some((stop, within)) = self.stopped.take() else {
            return false;
        };
        let sets = self.rest_inside(sub, &within, &stop);
        if !sets.is_empty() {
            self.named
                .push(Part::inside(sub.path.clone(), sets).expect("a node's path, sets apart"));
        }
        true
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
