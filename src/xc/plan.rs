//! The front door: one [`Plan`] says how to search a problem (the order, threads or a shard,
//! limits, a minimum-cost search, a reduction first), [`Plan::check`] says whether that
//! combination has a meaning for a given problem, and [`Plan::run`] runs it, sending what it
//! finds to a [`Sink`] and returning one [`Report`].
//!
//! The algorithm follows from the problem and the plan, as a regex engine picks its strategy
//! from the pattern: Knuth's Algorithm X (or C, with colours) for a plain problem,
//! Algorithm M when some item has bounds (`a:b|name`), DLX5's minimum-cost search when the
//! plan asks for the K best. [`Plan::check`] is the one place that knows which combinations
//! work: every refusal is an [`Unsupported`] that names what cannot be combined and why.
//!
//! ```
//! use dlxkit::xc::plan::{Collect, Plan};
//! use dlxkit::xc::{Limits, Problem, Status};
//! let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
//! // In the order of the sequential search, on two threads, the first three solutions.
//! let mut found = Collect::default();
//! let plan = Plan::new().threads(2).limits(Limits::new().solutions(3));
//! let report = plan.run(&p, &mut found)?;
//! assert_eq!(found.solutions, p.all_solutions()[..3]);
//! assert_eq!(report.status, Status::SolutionLimit);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use thiserror::Error;

use super::best::{BestOutcome, BestSolver, Costed};
use super::bits::{self, BitsError};
use super::choose::SearchOrder;
use super::machine::{Any, Machine};
use super::memo::{self, MemoCount, MemoError, MemoOptions};
use super::parallel::{self, Listing, SHARDS_PER_THREAD};
use super::problem::{OptionId, Problem};
use super::reduce::{ReduceOptions, Reduction};
use super::search::{Counts, Event, Limits, Outcome, Progress, Solver, Stats, Status};
use super::shard::{Split, SplitBy};
use super::storage::Arena;

pub use super::machine::{Engine, UnknownEngine};
pub use super::sink::{Collect, Discard, Sink};

/// The search machine a plan runs, chosen from the problem's capabilities and the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Knuth's Algorithm X (DLX1), or C with colours (DLX2): every primary item once.
    Exact,
    /// Knuth's Algorithm M (DLX3): primary items with bounds (multiplicities).
    Multiplicity,
    /// The K cheapest solutions, as Knuth's DLX5 finds them.
    MinimumCost,
    /// The memoised count (Knuth's DXZ, and DLX6 with colours and bounds).
    Memoised,
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Exact => "Algorithm X/C (DLX1, DLX2)",
            Algorithm::Multiplicity => "Algorithm M (DLX3)",
            Algorithm::MinimumCost => "minimum cost (DLX5)",
            Algorithm::Memoised => "memoised count (DXZ, DLX6)",
        })
    }
}

/// Something a plan or a problem asks for, as named in a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// Primary items with bounds (`a:b|name`): Algorithm M.
    Bounds,
    /// Knuth's random order ([`SearchOrder::seed`]).
    Seed,
    /// The preference for items named `#...` ([`SearchOrder::prefer_sharp`]).
    PreferSharp,
    /// More than one thread.
    Threads,
    /// One shard of a list.
    Shard,
    /// A count without the solutions.
    Count,
    /// The reduction first (Knuth's DLX-PRE).
    Reduce,
    /// The K cheapest solutions (Knuth's DLX5).
    Best,
    /// The memoised count (Knuth's DXZ and DLX6).
    Memo,
    /// A list of the solutions (not only their count).
    List,
    /// A limit on the number of solutions.
    SolutionLimit,
    /// The nodes counted level by level.
    Profile,
    /// A shard's parts or a checkpoint (the search continued from a path of the problem).
    Parts,
    /// A checkpoint: the count saved and resumed ([`crate::xc::shard::Frontier`]).
    Checkpoint,
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Feature::Bounds => "item bounds (`a:b|name`, Algorithm M)",
            Feature::Seed => "a seed",
            Feature::PreferSharp => "the preference for `#` items",
            Feature::Threads => "threads",
            Feature::Shard => "a shard",
            Feature::Count => "a count",
            Feature::Reduce => "the reduction (Knuth's DLX-PRE)",
            Feature::Best => "the minimum-cost search (Knuth's DLX5)",
            Feature::Memo => "the memoised count (Knuth's DXZ, DLX6)",
            Feature::List => "a list of the solutions",
            Feature::SolutionLimit => "a solution limit",
            Feature::Profile => "a profile of the nodes per level",
            Feature::Parts => "a shard's parts or a checkpoint",
            Feature::Checkpoint => "a checkpoint",
        })
    }
}

/// Why a plan cannot run on a problem: what cannot be combined, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// A feature whose reasoning assumes every primary item is covered exactly once.
    #[error("{0} does not handle item bounds (`a:b|name`): it assumes every primary item is covered exactly once")]
    Bounds(Feature),
    /// The minimum-cost search with something it does not take.
    #[error("the minimum-cost search (Knuth's DLX5) branches in its own order and keeps the cheapest solutions: it does not take {0}")]
    Best(Feature),
    /// An engine asked for a mode that runs on a structure of its own (the memoised count's
    /// board: a bitset of the items left, its states cached), not on any engine's.
    #[error("{feature} searches on a board of its own (a bitset of the items left, its states cached), not on the {engine} engine: leave the engine out")]
    Engine {
        /// The engine asked for.
        engine: Engine,
        /// What it does not take.
        feature: Feature,
    },
    /// A problem an engine cannot take (the bitset engine's masks: its size).
    #[error("{error}")]
    Size {
        /// The engine asked for.
        engine: Engine,
        /// Why it cannot take the problem.
        error: BitsError,
    },
    /// An engine that this build does not have yet.
    #[error("the {0} engine is not in this build yet (the links engine is)")]
    Missing(Engine),
    /// The memoised count with something it does not take.
    #[error("the memoised count (Knuth's DXZ, DLX6) counts every solution at once, in its own order and without levels of dancing links: it does not take {0}")]
    Memo(Feature),
    /// A shard's parts (a shard that splits itself, or a part of one) with something that
    /// would cut one of their subtrees short.
    #[error("a shard's parts stop only where their budget runs out and name the rest of their tree for the next part, so that together they list each solution once: they do not take {0}")]
    WholeSubtrees(Feature),
    /// A checkpoint with something it does not save.
    #[error("a checkpoint saves and resumes a count (a list would repeat the solutions found before each stop): it does not take {0}")]
    Checkpoint(Feature),
    /// A list of shards at a fixed depth that is not as long as asked.
    #[error("the list of shards at depth {depth} has {found} shards, not {asked}")]
    ShardCount {
        /// The depth of the list.
        depth: usize,
        /// Its length.
        found: usize,
        /// The length asked for.
        asked: usize,
    },
    /// A shard index past the list's end.
    #[error("shards are numbered from 0 to {last} in a list of {of}, not {index}", last = of.saturating_sub(1))]
    ShardIndex {
        /// The index asked for.
        index: usize,
        /// The list's length.
        of: usize,
    },
}

/// Why a planned search did not run: a combination [`Plan::check`] refuses, or the memoised
/// count's own failure (its memory limit).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RunError {
    /// The plan has no meaning for the problem.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// The memoised count could not run.
    #[error(transparent)]
    Memo(#[from] MemoError),
}

/// Which shard of which list a plan searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardOf {
    /// The shard's index, from 0.
    pub index: usize,
    /// The list's length.
    pub of: usize,
    /// The list of subtrees at this depth (its length must be `of`), instead of `of` shards
    /// of comparable size.
    pub depth: Option<usize>,
}

impl ShardOf {
    /// How the list is cut.
    pub fn split_by(&self) -> SplitBy {
        match self.depth {
            Some(depth) => SplitBy::Depth(depth),
            None => SplitBy::Count(self.of),
        }
    }
}

/// How to search a problem (see the module documentation). The default is Knuth's: every
/// solution, in his order, on one thread, without limits.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    order: SearchOrder,
    threads: usize,
    unordered: bool,
    shard: Option<ShardOf>,
    limits: Limits,
    count: bool,
    best: Option<usize>,
    reduce: Option<ReduceOptions>,
    progress_every: u64,
    engine: Option<Engine>,
    memo: Option<MemoOptions>,
    profile: bool,
    parts: bool,
    checkpoint: bool,
    updates: bool,
}

/// What a planned search did: the machine, why it ended, what it counted, and what the
/// plan's mode adds (the K cheapest solutions, the shard searched).
#[derive(Clone, Debug)]
pub struct Report {
    /// The machine that searched.
    pub algorithm: Algorithm,
    /// The engine it ran on.
    pub engine: Engine,
    /// Why the search ended.
    pub status: Status,
    /// What it counted (with a reduction, the reduced search's figures; on threads, those
    /// of the sequential search).
    pub stats: Stats,
    /// The K cheapest solutions, cheapest first (a minimum-cost search only), as options of
    /// the problem given.
    pub cheapest: Vec<Costed>,
    /// The split and the shard searched (a plan for one shard only).
    pub shard: Option<(Split, ShardOf)>,
    /// The memoised count, exact past 2^64 (`stats.solutions` holds it when it fits).
    pub memo: Option<MemoCount>,
}

impl Report {
    /// The status and statistics, as a [`Solver`] reports them.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            status: self.status,
            stats: self.stats.clone(),
        }
    }
}

impl Plan {
    /// Knuth's plan: every solution, in his order, on one thread.
    pub fn new() -> Plan {
        Plan::default()
    }

    /// Chooses items (and orders options) this way.
    pub fn order(mut self, order: SearchOrder) -> Plan {
        self.order = order;
        self
    }

    /// Searches on `n` threads (0 and 1: on the calling thread alone).
    pub fn threads(mut self, n: usize) -> Plan {
        self.threads = n;
        self
    }

    /// On threads, sends solutions as found rather than in the sequential order.
    pub fn unordered(mut self, unordered: bool) -> Plan {
        self.unordered = unordered;
        self
    }

    /// Searches only one shard of a list.
    pub fn shard(mut self, shard: ShardOf) -> Plan {
        self.shard = Some(shard);
        self
    }

    /// Stops at these limits (solutions, nodes, time, a cancel flag), for the whole search.
    pub fn limits(mut self, limits: Limits) -> Plan {
        self.limits = limits;
        self
    }

    /// Counts the solutions without building them (the sink gets none).
    pub fn count(mut self, count: bool) -> Plan {
        self.count = count;
        self
    }

    /// Finds the `k` cheapest solutions (options cost `|n` in Knuth's format).
    pub fn best(mut self, k: usize) -> Plan {
        self.best = Some(k.max(1));
        self
    }

    /// Reduces the problem first, as Knuth's DLX-PRE does; solutions come back as the
    /// original options.
    pub fn reduce(mut self, options: ReduceOptions) -> Plan {
        self.reduce = Some(options);
        self
    }

    /// Sends progress about every `nodes` nodes (0: the default, 65,536).
    pub fn progress_every(mut self, nodes: u64) -> Plan {
        self.progress_every = nodes;
        self
    }

    /// Runs on this engine instead of the one the default rule picks
    /// ([`Plan::engine_for`]).
    pub fn engine(mut self, engine: Engine) -> Plan {
        self.engine = Some(engine);
        self
    }

    /// Counts with the memoised search (Knuth's DXZ, DLX6) and these options (their
    /// threads and limits are the plan's). The plan must count ([`Plan::count`]).
    pub fn memo(mut self, options: MemoOptions) -> Plan {
        self.memo = Some(options);
        self
    }

    /// Asks for the nodes counted level by level (`stats.profile`), which dancing links
    /// keep and the memoised count has not.
    pub fn profile(mut self, profile: bool) -> Plan {
        self.profile = profile;
        self
    }

    /// Counts Knuth's updates and cleansings on the bit sets too (the same figures as the
    /// links on the same tree), at a cost: they work them out from the options each node
    /// hides, which took 1.8x–3.6x their time on the benchmark's instances (with bounds they
    /// then follow the links' tree, not their own). The links always count them; without
    /// this the bit sets keep none ([`Counts::Tree`]: the report's `updates_kept` is
    /// `None`). Never implied by anything else: it does not move the default engine.
    ///
    /// ```
    /// use dlxkit::xc::plan::{Discard, Engine, Plan};
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let report = Plan::new().count_updates(true).run(&p, &mut Discard)?;
    /// assert_eq!(report.engine, Engine::Bits);
    /// assert_eq!((report.stats.nodes, report.stats.updates_kept()), (6, Some(30))); // as DLX1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_updates(mut self, on: bool) -> Plan {
        self.updates = on;
        self
    }

    /// The plan's reduction of `problem` (`None` unless the plan reduces): what
    /// [`Plan::run`] searches, and what a shard's parts and a checkpoint search instead of
    /// the problem given, mapping their solutions back with [`Reduction::origin`].
    pub fn reduction(&self, problem: &Problem) -> Option<Reduction> {
        self.reduce.as_ref().map(|options| problem.reduce(options))
    }

    /// Says that the search will go on in parts of a shard or from a checkpoint
    /// ([`crate::xc::shard::Budgeted`], [`crate::xc::shard::Frontier`]), which name paths
    /// of the problem searched (the reduced one with [`Plan::reduce`]: [`Plan::reduction`]):
    /// [`Plan::check`] refuses what they cannot carry. (The caller runs the parts;
    /// [`Plan::run`] searches the whole plan.)
    pub fn parts(mut self, parts: bool) -> Plan {
        self.parts = parts;
        self
    }

    /// Says that the count will be saved to and resumed from a checkpoint
    /// ([`crate::xc::shard::Frontier`]): a kind of part ([`Plan::parts`]), which counts.
    ///
    /// ```
    /// use dlxkit::xc::plan::{Feature, Plan, Unsupported};
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let listing = Plan::new().checkpoint(true);
    /// assert_eq!(listing.check(&p), Err(Unsupported::Checkpoint(Feature::List)));
    /// assert_eq!(listing.count(true).check(&p), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checkpoint(mut self, checkpoint: bool) -> Plan {
        self.checkpoint = checkpoint;
        self.parts |= checkpoint;
        self
    }

    /// The memoised search's options with the plan's threads and limits (`None` unless the
    /// plan counts with it): what [`Plan::run`] counts with, and what builds the same
    /// search's ZDD ([`crate::xc::zdd::Zdd::build`]).
    pub fn memo_options(&self) -> Option<MemoOptions> {
        let options = self.memo.clone()?;
        Some(
            options
                .threads(self.threads.max(1))
                .limits(self.limits.clone()),
        )
    }

    /// Whether the plan counts Knuth's updates on the bit sets ([`Plan::count_updates`]).
    pub fn counts_updates(&self) -> bool {
        self.updates
    }

    /// The order the plan branches in.
    pub fn search_order(&self) -> SearchOrder {
        self.order
    }

    /// The K of the minimum-cost search the plan asks for (`None`: not one).
    pub fn best_k(&self) -> Option<usize> {
        self.best
    }

    /// Whether the plan searches one shard.
    pub fn is_shard(&self) -> bool {
        self.shard.is_some()
    }

    /// Whether the plan lists (false: counts) the solutions.
    pub fn lists(&self) -> bool {
        !self.count
    }

    /// The machine this plan runs on `problem`.
    ///
    /// ```
    /// use dlxkit::xc::plan::{Algorithm, Plan};
    /// use dlxkit::xc::Problem;
    /// let bounded = Problem::from_dlx("1:2|A B\nA\nA B\n")?;
    /// assert_eq!(Plan::new().algorithm(&bounded), Algorithm::Multiplicity);
    /// assert_eq!(Plan::new().best(1).algorithm(&bounded), Algorithm::MinimumCost);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn algorithm(&self, problem: &Problem) -> Algorithm {
        if self.memo.is_some() {
            Algorithm::Memoised
        } else if self.best.is_some() {
            Algorithm::MinimumCost
        } else if problem.has_bounds() {
            Algorithm::Multiplicity
        } else {
            Algorithm::Exact
        }
    }

    /// Whether this plan has a meaning for `problem`, and if not, which combination it
    /// cannot make and why. [`Plan::run`] checks too; a caller checks first to refuse
    /// before any work.
    ///
    /// ```
    /// use dlxkit::xc::plan::{Feature, Plan, Unsupported};
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// assert_eq!(Plan::new().threads(4).check(&p), Ok(()));
    /// let seeded = Plan::new().best(1).order(SearchOrder::new().seed(3));
    /// assert_eq!(seeded.check(&p), Err(Unsupported::Best(Feature::Seed)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, problem: &Problem) -> Result<(), Unsupported> {
        self.check_memo()?;
        self.check_parts()?;
        self.check_engine(problem)?;
        if self.best.is_some() {
            let refused = if self.count {
                Some(Feature::Count)
            } else if self.order.seed.is_some() {
                Some(Feature::Seed)
            } else if self.order.prefer_sharp {
                Some(Feature::PreferSharp)
            } else {
                None
            };
            if let Some(feature) = refused {
                return Err(Unsupported::Best(feature));
            }
        }
        if let Some(shard) = self.shard {
            if shard.index >= shard.of {
                return Err(Unsupported::ShardIndex {
                    index: shard.index,
                    of: shard.of,
                });
            }
        }
        Ok(())
    }

    /// Runs the plan on `problem`: the events go to `sink` (on the calling thread), the
    /// report comes back. Refuses (before any work) what [`Plan::check`] refuses, and a list
    /// of shards at a depth that is not as long as the plan says.
    ///
    /// ```
    /// use dlxkit::xc::plan::{Discard, Plan};
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA |3\nB |4\nA B |9\n")?;
    /// let report = Plan::new().best(2).run(&p, &mut Discard)?;
    /// let costs: Vec<u64> = report.cheapest.iter().map(|c| c.cost).collect();
    /// assert_eq!(costs, [7, 9]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&self, problem: &Problem, sink: &mut impl Sink) -> Result<Report, RunError> {
        let mut report = self.run_any(problem, sink)?;
        report.stats.counts = self.counts_on(problem, report.engine);
        Ok(report)
    }

    /// The figures a run of this plan on `problem` and `engine` keeps beyond the tree's:
    /// the one place that says which engine counts what ([`Counts`]).
    ///
    /// ```
    /// use dlxkit::xc::plan::{Engine, Plan};
    /// use dlxkit::xc::{Counts, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\n")?;
    /// assert_eq!(Plan::new().counts_on(&p, Engine::Bits), Counts::Tree);
    /// assert_eq!(Plan::new().count_updates(true).counts_on(&p, Engine::Bits), Counts::Links);
    /// assert_eq!(Plan::new().counts_on(&p, Engine::Cells), Counts::Cells);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counts_on(&self, problem: &Problem, engine: Engine) -> Counts {
        // The minimum-cost search on the bit sets does not work out the links' updates, nor
        // do threads of the bit sets with item bounds (the split's, made on the links, are
        // not of their tree).
        let bits_count = self.updates
            && self.best.is_none()
            && !(problem.has_bounds() && self.threads > 1 && self.shard.is_none());
        match engine {
            _ if self.memo.is_some() => Counts::Solutions,
            Engine::Links => Counts::Links,
            Engine::Cells => Counts::Cells,
            Engine::Bits if bits_count => Counts::Links,
            Engine::Bits => Counts::Tree,
        }
    }

    /// [`Plan::run`] without the statistics' [`Counts`].
    fn run_any(&self, problem: &Problem, sink: &mut impl Sink) -> Result<Report, RunError> {
        self.check(problem)?;
        let algorithm = self.algorithm(problem);
        let engine = self.engine_for(problem);
        let reduction = self.reduction(problem);
        if let Some(r) = &reduction {
            sink.reduced(r);
        }
        let (searched, origin) = match &reduction {
            Some(r) => (&r.problem, Some(r.origin.as_slice())),
            None => (problem, None),
        };
        let mut sink = MapBack {
            sink,
            origin,
            buffer: Vec::new(),
        };
        let mut report = Report {
            algorithm,
            engine,
            status: Status::Complete,
            stats: Stats::default(),
            cheapest: Vec::new(),
            shard: None,
            memo: None,
        };
        let every = match self.progress_every {
            0 => 1 << 16,
            n => n,
        };
        if let Some(k) = self.best.filter(|_| self.threads > 1) {
            sink.started(searched);
            let best = parallel::best(searched, engine, k, self.threads, &self.limits, &mut sink);
            report.status = best.status;
            report.stats = best.stats;
            report.cheapest = sink.map_all(best.cheapest);
            return Ok(report);
        }
        if let Some(options) = self.memo_options() {
            sink.started(searched);
            let counted = memo::count(searched, &options)?;
            report.status = counted.status;
            report.stats.solutions = counted.count.to_u64().unwrap_or(u64::MAX);
            report.stats.elapsed = counted.stats.elapsed;
            report.memo = Some(counted);
            return Ok(report);
        }
        if let (Some(k), Some(shard)) = (self.best, self.shard) {
            let split = self.split_of(searched, shard)?;
            sink.started(searched);
            let best = match split.shards().get(shard.index) {
                Some(part) => {
                    parallel::best_in_shard(searched, engine, part, k, 1, &self.limits, &mut sink)
                }
                None => BestOutcome {
                    status: Status::Complete,
                    stats: Stats::default(),
                    cheapest: Vec::new(),
                },
            };
            report.status = best.status;
            report.stats = best.stats;
            report.cheapest = sink.map_all(best.cheapest);
            report.shard = Some((split, shard));
            return Ok(report);
        }
        if let Some(k) = self.best {
            let mut solver = BestSolver::on(engine, searched, k)
                .map_err(|error| Unsupported::Size { engine, error })?
                .with_limits(self.limits.clone());
            sink.started(searched);
            let mut stopped = false;
            for Costed { cost, options } in solver.by_ref() {
                if sink.improvement(cost, &options).is_break() {
                    stopped = true;
                    break;
                }
            }
            let best = solver.outcome();
            report.status = if stopped {
                Status::Stopped
            } else {
                best.status
            };
            report.stats = best.stats;
            report.cheapest = sink.map_all(best.cheapest);
            return Ok(report);
        }
        if let Some(shard) = self.shard {
            let split = self.split_of(searched, shard)?;
            sink.started(searched);
            let outcome = match split.shards().get(shard.index) {
                Some(part) => {
                    let arena = Arena::new();
                    let mut machine = self.machine(engine, searched, &arena)?;
                    part.run(&mut machine, !self.count, every, |event| sink.event(event))
                }
                // A list asked longer than the tree has leaves: this slot is empty.
                None => Outcome {
                    status: Status::Complete,
                    stats: Stats::default(),
                },
            };
            report.status = outcome.status;
            report.stats = outcome.stats;
            report.shard = Some((split, shard));
            return Ok(report);
        }
        let outcome = if self.threads > 1 {
            let split = self.split(
                searched,
                SplitBy::Count(self.threads.saturating_mul(SHARDS_PER_THREAD)),
            );
            sink.started(searched);
            let how = Listing {
                list: !self.count,
                unordered: self.unordered,
                progress_every: every,
                order: self.order,
                updates: self.updates,
            };
            let limits = &self.limits;
            parallel::search_on(
                searched,
                engine,
                &split,
                self.threads,
                limits,
                how,
                &mut sink,
            )
            .map_err(|error| Unsupported::Size { engine, error })?
        } else {
            let arena = Arena::new();
            let mut machine = self.machine(engine, searched, &arena)?;
            sink.started(searched);
            machine.search(!self.count, every, &mut |event| sink.event(event))
        };
        report.status = outcome.status;
        report.stats = outcome.stats;
        Ok(report)
    }
}

/// The engine choice: the default rule, what each engine takes, and the run on an engine
/// other than dancing links (kept apart from the modes above).
impl Plan {
    /// The engine this plan runs on `problem`: the one asked for, or the default rule's.
    ///
    /// The rule (BENCHMARKS.md, "Issue 28's goals for the default engine" and "The plan's
    /// default engine"): the bit sets for a problem of at most [`BITS_DEFAULT_MAX_OPTIONS`]
    /// options ([`BITS_DEFAULT_MAX_COLORED_OPTIONS`] with colours and without bounds) and
    /// [`BITS_DEFAULT_MAX_ITEMS`] items, searched in Knuth's order or with the sharp
    /// preference (with bounds: in Knuth's order), listed or
    /// counted, on one thread or several;
    /// dancing cells for a larger problem with colours and without bounds in the same modes;
    /// dancing links for everything else (larger problems without colours or with bounds, a
    /// seed, the minimum-cost search, the memoised count, one shard of a list, whose report
    /// merges with the figures of its split, made on the links, and a shard's parts). The
    /// bit sets took 0.27x–0.75x the links' or the cells' CPU time on every problem measured
    /// (with the links' tree, or with bounds DLX3's less the nodes of items left empty);
    /// dancing cells (SSXCC's tree) took 0.46x–0.87x the links' on the eight coloured
    /// problems measured, small and large. On a problem the cells take, the nodes and the
    /// solutions' order are SSXCC's, not the links'.
    ///
    /// ```
    /// use dlxkit::xc::plan::{Engine, Plan};
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("A | X\nA X:0\n")?;
    /// assert_eq!(Plan::new().engine_for(&p), Engine::Bits);
    /// assert_eq!(Plan::new().order(SearchOrder::new().seed(1)).engine_for(&p), Engine::Links);
    /// assert_eq!(Plan::new().engine(Engine::Cells).engine_for(&p), Engine::Cells);
    /// let bounded = Problem::from_dlx("1:2|A\nA\n")?;
    /// assert_eq!(Plan::new().engine_for(&bounded), Engine::Bits);
    /// let sharp = SearchOrder::new().prefer_sharp(true);
    /// assert_eq!(Plan::new().order(sharp).engine_for(&bounded), Engine::Links);
    /// assert_eq!(Plan::new().count_updates(true).engine_for(&bounded), Engine::Bits);
    /// // 300 primary items and one colour: too many items for the bit sets.
    /// let items: Vec<String> = (0..300).map(|i| format!("i{i}")).collect();
    /// let wide = Problem::from_dlx(&format!("{} | X\n{} X:a\n", items.join(" "), items.join(" ")))?;
    /// assert_eq!(Plan::new().engine_for(&wide), Engine::Cells);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine_for(&self, problem: &Problem) -> Engine {
        if let Some(engine) = self.engine {
            return engine;
        }
        let bounds = problem.has_bounds();
        let links_only = self.memo.is_some()
            || self.best.is_some()
            || self.parts
            || self.shard.is_some()
            || self.order.seed.is_some()
            // With bounds, the bit sets' own tree (DLX3's less the null moves of items left
            // empty) is what wins (BENCHMARKS.md, round 9). In a sharp order they follow the
            // links' tree node for node, but lose to the links on two-per-line and redrect
            // (1.2x-2.3x the links' CPU time; BENCHMARKS.md, bitsm11), so those stay on the
            // links. Counting Knuth's updates ([`Plan::count_updates`]) does not move the
            // default: what is counted follows the engine, never the other way (stats28).
            || (bounds && self.order.prefer_sharp);
        let max_options = if problem.has_colors() && !bounds {
            BITS_DEFAULT_MAX_COLORED_OPTIONS
        } else {
            BITS_DEFAULT_MAX_OPTIONS
        };
        let small =
            problem.option_count() <= max_options && problem.item_count() <= BITS_DEFAULT_MAX_ITEMS;
        match (links_only, small) {
            (true, _) => Engine::Links,
            (false, true) => Engine::Bits,
            (false, false) if problem.has_colors() && !bounds => Engine::Cells,
            (false, false) => Engine::Links,
        }
    }

    /// Whether the engine was asked for (else the default rule picks it).
    pub fn engine_asked(&self) -> Option<Engine> {
        self.engine
    }

    /// What the engine of this plan does not take, as a typed refusal.
    fn check_engine(&self, problem: &Problem) -> Result<(), Unsupported> {
        let engine = self.engine_for(problem);
        if engine == Engine::Links {
            return Ok(());
        }
        if self.memo.is_some() {
            return Err(Unsupported::Engine {
                engine,
                feature: Feature::Memo,
            });
        }
        match engine {
            // Dancing cells take every mode: a shard of Algorithm M's tree, a path of
            // numbered moves, is searched as the problem below it (`machine::Cells`).
            Engine::Cells => Ok(()),
            _ => self.check_bits(problem),
        }
    }

    /// What the bitset engine refuses: a problem too large for its masks.
    fn check_bits(&self, problem: &Problem) -> Result<(), Unsupported> {
        let (options, items) = (problem.option_count(), problem.item_count());
        if options > bits::MAX_OPTIONS || items > bits::MAX_ITEMS {
            return Err(Unsupported::Size {
                engine: Engine::Bits,
                error: BitsError::TooLarge {
                    options,
                    items,
                    max_options: bits::MAX_OPTIONS,
                    max_items: bits::MAX_ITEMS,
                },
            });
        }
        Ok(())
    }

    /// The sequential machine of `engine` for `searched`, in the plan's order and limits.
    fn machine<'a>(
        &self,
        engine: Engine,
        searched: &'a Problem,
        arena: &'a Arena,
    ) -> Result<Any<'a>, Unsupported> {
        let mut machine = Any::new(engine, searched, arena, self.order)
            .map_err(|error| Unsupported::Size { engine, error })?;
        machine.set_limits(self.limits.clone());
        machine.count_updates(self.updates);
        Ok(machine)
    }
}

/// The most options of a problem without colours, or with bounds, the default rule gives
/// the bit sets: the largest measured, a word rectangle of 8,000 options, took 0.27x the
/// links' CPU time; none larger without colours was measured.
pub const BITS_DEFAULT_MAX_OPTIONS: usize = 8192;

/// The most options of a coloured problem without bounds the default rule gives the bit
/// sets, all they take: word rectangles of 11,200 and 16,000 options took 0.69x and 0.75x
/// dancing cells' CPU time (BENCHMARKS.md).
pub const BITS_DEFAULT_MAX_COLORED_OPTIONS: usize = bits::MAX_OPTIONS;

/// The most items of a problem the default rule gives the bit sets: the measured wins go
/// up to 192 items; a 9x9 Sudoku (324 items), whose searches are too short to repay the
/// masks, stays on the links.
pub const BITS_DEFAULT_MAX_ITEMS: usize = 256;

impl Plan {
    /// What the memoised count refuses: it counts every solution at once, in its own order.
    fn check_memo(&self) -> Result<(), Unsupported> {
        if self.memo.is_none() {
            return Ok(());
        }
        let refused = if self.best.is_some() {
            Some(Feature::Best)
        } else if self.shard.is_some() {
            Some(Feature::Shard)
        } else if !self.count {
            Some(Feature::List)
        } else if self.parts {
            Some(Feature::Parts)
        } else if self.order.seed.is_some() {
            Some(Feature::Seed)
        } else if self.order.prefer_sharp {
            Some(Feature::PreferSharp)
        } else if self.limits.max_solutions.is_some() {
            Some(Feature::SolutionLimit)
        } else if self.profile {
            Some(Feature::Profile)
        } else {
            None
        };
        refused.map_or(Ok(()), |feature| Err(Unsupported::Memo(feature)))
    }

    /// What a shard's parts and checkpoints refuse: a checkpoint saves a count, and a
    /// shard's parts search their subtrees whole. Everything else goes: their paths are of
    /// the split's tree (Knuth's plain one without bounds, the plan's order with bounds, the
    /// minimum-cost search's with `--best`) of the problem searched, reduced or not, and
    /// each subtree is searched in the plan's order; a checkpoint names its order, and a
    /// resume in another is refused ([`crate::xc::shard::CheckpointError::Order`]).
    fn check_parts(&self) -> Result<(), Unsupported> {
        if !self.parts {
            return Ok(());
        }
        if self.checkpoint && !self.count {
            return Err(Unsupported::Checkpoint(Feature::List));
        }
        if !self.checkpoint && self.limits.max_solutions.is_some() {
            return Err(Unsupported::WholeSubtrees(Feature::SolutionLimit));
        }
        // A shard's parts of Algorithm M walk the split's tree, which is the seeded one with a
        // seed: its ties are drawn from the path (`choose::PathKey`), so a part retraces the
        // path another named.
        Ok(())
    }

    /// The split of `searched`: in Knuth's plain order (a seeded search of Algorithm X or C
    /// searches each shard's subtree in its own order), but with the plan's option order for
    /// Algorithm M, whose shards number their moves in it. Its fingerprint names the plan's
    /// order either way ([`Split::in_order`]): shards searched in two orders do not merge.
    /// The minimum-cost search's split is its own ([`Split::for_best`]: with item bounds,
    /// Algorithm M's moves in cost order).
    fn split(&self, searched: &Problem, by: SplitBy) -> Split {
        if self.best.is_some() {
            // The best search refuses a seed and `#` preferred: the order is Knuth's.
            return Split::for_best(searched, by);
        }
        let arena = Arena::new();
        let order = match searched.has_bounds() {
            true => self.order,
            false => SearchOrder::new(),
        };
        Split::of_solver(&mut Solver::with_order(searched, &arena, order), by).in_order(self.order)
    }

    /// The list of shards `shard` belongs to, refused when cut at a depth that does not
    /// give the length asked for.
    ///
    /// A shard's parts use it too (`dlxkit solve --shard I/N --split-after`): their paths
    /// are paths of this split's tree.
    ///
    /// With a reduction, `searched` is the reduced problem ([`Plan::reduction`]), and the
    /// split's fingerprint says so ([`Split::reduced`]): shards and parts of a reduced
    /// search never merge with those of the problem searched as given.
    pub fn split_of(&self, searched: &Problem, shard: ShardOf) -> Result<Split, Unsupported> {
        let split = self.split(searched, shard.split_by());
        let split = match self.reduce {
            Some(_) => split.reduced(),
            None => split,
        };
        if let Some(depth) = shard.depth {
            if split.shards().len() != shard.of {
                return Err(Unsupported::ShardCount {
                    depth,
                    found: split.shards().len(),
                    asked: shard.of,
                });
            }
        }
        Ok(split)
    }
}

/// The sink of a run, seen through the reduction: options of the reduced problem become the
/// original ones.
struct MapBack<'s, S: Sink> {
    sink: &'s mut S,
    origin: Option<&'s [OptionId]>,
    buffer: Vec<OptionId>,
}

impl<S: Sink> MapBack<'_, S> {
    fn map<'b>(&'b mut self, options: &'b [OptionId]) -> &'b [OptionId] {
        match self.origin {
            Some(origin) => {
                self.buffer.clear();
                self.buffer
                    .extend(options.iter().map(|o| origin[o.index()]));
                &self.buffer
            }
            None => options,
        }
    }

    /// The K best, as options of the problem given.
    fn map_all(&mut self, cheapest: Vec<Costed>) -> Vec<Costed> {
        cheapest
            .into_iter()
            .map(|c| Costed {
                cost: c.cost,
                options: self.map(&c.options).to_vec(),
            })
            .collect()
    }

    fn event(&mut self, event: Event<'_>) -> ControlFlow<()> {
        match event {
            Event::Solution(options) => self.solution(options),
            Event::Progress(p) => self.progress(&p),
        }
    }
}

impl<S: Sink> Sink for MapBack<'_, S> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        let Some(origin) = self.origin else {
            return self.sink.solution(options);
        };
        self.buffer.clear();
        self.buffer
            .extend(options.iter().map(|o| origin[o.index()]));
        self.sink.solution(&self.buffer)
    }

    fn improvement(&mut self, cost: u64, options: &[OptionId]) -> ControlFlow<()> {
        let Some(origin) = self.origin else {
            return self.sink.improvement(cost, options);
        };
        self.buffer.clear();
        self.buffer
            .extend(options.iter().map(|o| origin[o.index()]));
        self.sink.improvement(cost, &self.buffer)
    }

    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        self.sink.progress(progress)
    }

    fn started(&mut self, searched: &Problem) {
        self.sink.started(searched);
    }
}
