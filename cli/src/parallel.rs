//! One search on several threads (`--jobs N`), and one shard of a search (`--shard I/N`),
//! for `solve` and the puzzle subcommands.
//!
//! `--jobs N` cuts the search tree into [`SHARDS_PER_THREAD`] shards per thread
//! ([`dlxkit::xc::shard`]), and each thread, with its own solver, takes the next shard as
//! soon as it is free ([`dlxkit::xc::parallel::for_each_shard`]): the largest share first
//! when counting or listing unordered, in the sequential order when listing in order (so
//! that few solutions wait to be printed). No thread waits while another has work left
//! except at the very end. The calling thread gathers what the
//! threads send: solutions, printed in the sequential order (each shard's as soon as every
//! earlier shard is done, the later ones kept until then) or, with `--unordered`, as they
//! come; progress, combined into one estimate; and each shard's figures, added up with the
//! split's own so that solutions, nodes, updates and the profile are those of the sequential
//! search.
//!
//! Limits stay global: `--limit N` lists exactly the first N solutions of the sequential
//! order (each shard stops at N, and the printing stops everyone at the Nth), a count up to N
//! stops everyone once N are found; `--timeout` is one deadline for every thread; `--max-nodes`
//! is a budget the threads draw from as they report progress (they may pass it by up to a
//! report's worth of nodes each); Ctrl-C and SIGTERM set the one cancel flag, and what was
//! found is printed.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Args;
use dlxkit::xc::parallel;
use dlxkit::xc::shard::{Shard, Split, SplitBy, Totals};
use dlxkit::xc::{
    Arena, Event, Limits, OptionId, Outcome, Problem, Progress, SearchOrder, Solver, Stats, Status,
};
use serde::Serialize;

use super::output::Output;
use super::progress::SearchBar;
use super::{interrupt, jobs, CliError, Context};

pub use dlxkit::xc::parallel::SHARDS_PER_THREAD;

/// How often the gathering thread wakes up without news, to flush output and look for
/// Ctrl-C.
const TICK: Duration = Duration::from_millis(50);

/// Solutions a thread gathers before sending them.
const BATCH: usize = 64;

/// `--jobs`, `--unordered`, `--shard` and `--shard-depth`.
#[derive(Args, Clone, Debug, Default)]
pub struct ParallelArgs {
    /// Search on N threads (0: one per core)
    ///
    /// The search tree is cut into 32 subtrees per thread, and each thread takes the next
    /// one when it is free. Solutions, counts, nodes and updates are those of the search on
    /// one thread; solutions are listed in the same order (unless --unordered). With --memo,
    /// the memoised count runs on N threads sharing one cache (the same count). At most 4
    /// threads per core.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,

    /// With --jobs, print solutions as they are found rather than in the order of the
    /// search on one thread
    #[arg(long)]
    pub unordered: bool,

    /// Search only shard I (from 0) of a list of N, and print JSON Lines for `dlxkit merge`
    ///
    /// The list is the one `dlxkit shard FILE --count N` prints (a pure function of the
    /// problem): run each of its shards anywhere, then merge the results. The output is
    /// JSON Lines whatever --format says: the solutions (unless --count), then a line with
    /// "type":"shard", the shard's index, path, share, status and figures.
    #[arg(long, value_name = "I/N", value_parser = parse_shard, conflicts_with_all = ["jobs", "unordered"])]
    pub shard: Option<(usize, usize)>,

    /// With --shard: the list is the subtrees at depth D (`dlxkit shard --depth D`), and N
    /// must be its length
    #[arg(long, value_name = "D", requires = "shard")]
    pub shard_depth: Option<usize>,
}

impl ParallelArgs {
    /// The threads of a memoised count (`--memo --jobs N`: its top levels become tasks the
    /// threads solve with one shared cache); `--shard` cuts only the dancing-links search.
    pub fn memo_threads(&self, ctx: &Context) -> Result<usize, CliError> {
        if self.shard.is_some() {
            return Err(CliError::usage(
                "--shard cuts the dancing-links search, not the memoised count (--memo): give --memo --jobs N to count on N threads",
            ));
        }
        Ok(jobs::threads(self.jobs, usize::MAX, ctx))
    }
}

/// Parses `I/N`: shard I (from 0) of N.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let wrong = || format!("`{text}` is not a shard: write I/N, shard I (from 0) of N");
    let (i, n) = text.trim().split_once('/').ok_or_else(wrong)?;
    let i: usize = i.trim().parse().map_err(|_| wrong())?;
    let n: usize = n.trim().parse().map_err(|_| wrong())?;
    if n == 0 {
        return Err(format!("`{text}`: a list has at least 1 shard"));
    }
    if i >= n {
        return Err(format!(
            "`{text}`: shards are numbered from 0 to {} in a list of {n}",
            n - 1
        ));
    }
    Ok((i, n))
}

/// How a search runs: on this thread, on several, or one shard of a list.
pub enum Plan {
    /// The whole search on this thread, choosing as the order says.
    Sequential(SearchOrder),
    /// The whole search cut into shards on this many threads.
    Threads(Split, usize),
    /// One shard of a list: the list, the shard's index and the list's length asked for.
    Shard(Split, usize, usize),
}

impl Plan {
    /// The plan the flags ask for, the split made (it is quick) with a solver of `problem`.
    ///
    /// The split follows Knuth's plain order of exact cover (Algorithm X or C), so a search
    /// with bounds (Algorithm M), a seed or `#` items preferred runs on one thread.
    pub fn new(
        args: &ParallelArgs,
        problem: &Problem,
        order: SearchOrder,
        ctx: &Context,
    ) -> Result<Plan, CliError> {
        if args.jobs != 1 || args.shard.is_some() {
            let refused = if problem.has_bounds() {
                Some("item bounds (`a:b|name`, Algorithm M)")
            } else if order.seed.is_some() {
                Some("--seed")
            } else if order.prefer_sharp {
                Some("--prefer-sharp")
            } else {
                None
            };
            if let Some(what) = refused {
                return Err(CliError::usage(format!(
                    "--jobs and --shard split Knuth's plain exact cover search; a search with {what} runs on one thread"
                )));
            }
        }
        if let Some((index, n)) = args.shard {
            let by = match args.shard_depth {
                Some(depth) => SplitBy::Depth(depth),
                None => SplitBy::Count(n),
            };
            let split = Split::new(problem, by);
            if let SplitBy::Depth(depth) = by {
                if split.shards().len() != n {
                    return Err(CliError::usage(format!(
                        "the list of shards at depth {depth} has {} shards, not {n}: give --shard I/{}",
                        split.shards().len(),
                        split.shards().len()
                    )));
                }
            }
            return Ok(Plan::Shard(split, index, n));
        }
        let threads = jobs::threads(args.jobs, usize::MAX, ctx);
        if threads <= 1 {
            return Ok(Plan::Sequential(order));
        }
        let split = Split::new(problem, SplitBy::Count(threads * SHARDS_PER_THREAD));
        Ok(Plan::Threads(split, threads))
    }
}

impl Plan {
    /// Runs the search of `problem` as planned, within `limits`, as
    /// [`super::search::run`] does; hands the `watch` over once the search is ready to
    /// start (building the matrix is watched too).
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &self,
        problem: &Problem,
        limits: Limits,
        watch: interrupt::Watch,
        count_only: bool,
        unordered: bool,
        bar: &mut SearchBar,
        out: &mut Output,
        on_solution: impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
    ) -> Result<Outcome, CliError> {
        // The one search on this thread: a shard (in Knuth's plain order) or the whole tree.
        let (shard, order) = match self {
            Plan::Threads(split, threads) => {
                watch.hand_over();
                return run(
                    problem,
                    split,
                    *threads,
                    &limits,
                    count_only,
                    unordered,
                    bar,
                    out,
                    on_solution,
                );
            }
            Plan::Shard(split, index, _) => match split.shards().get(*index) {
                Some(shard) => (Some(shard), SearchOrder::new()),
                None => {
                    // A list asked longer than the tree has leaves: this slot is empty.
                    watch.hand_over();
                    return Ok(Outcome {
                        status: Status::Complete,
                        stats: Stats::default(),
                    });
                }
            },
            Plan::Sequential(order) => (None, order.clone()),
        };
        let arena = Arena::new();
        let mut solver = Solver::with_order(problem, &arena, order).with_limits(limits);
        watch.hand_over();
        super::search::run(&mut solver, shard, count_only, bar, out, on_solution)
    }

    /// Whether one shard is searched (its output is JSON Lines, ending with its line).
    pub fn is_shard(&self) -> bool {
        matches!(self, Plan::Shard(..))
    }

    /// The last line of a shard's output (`None` unless the plan is one shard).
    pub fn shard_line<'a>(&self, outcome: &'a Outcome) -> Option<ShardLine<'a>> {
        match self {
            Plan::Shard(split, index, n) => Some(ShardLine::new(split, *index, *n, outcome)),
            _ => None,
        }
    }
}

/// What the threads tell the gathering thread.
enum Message {
    /// Solutions of a shard, in its order.
    Solutions(usize, Vec<Vec<OptionId>>),
    /// How far a running shard is: the fraction explored, its nodes and solutions so far.
    Progress(usize, f64, u64, u64),
    /// A shard's search is over.
    Done(usize, Outcome),
}

/// Runs the search of `problem` cut as `split` on `threads` threads, within `limits` (whose
/// cancel flag is Ctrl-C's), as [`super::search::run`] runs one: solutions (unless
/// `count_only`) to `on_solution`, in the sequential order unless `unordered`; progress to
/// `bar`. The outcome's figures are the whole search's.
#[allow(clippy::too_many_arguments)]
pub fn run(
    problem: &Problem,
    split: &Split,
    threads: usize,
    limits: &Limits,
    count_only: bool,
    unordered: bool,
    bar: &mut SearchBar,
    out: &mut Output,
    mut on_solution: impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
) -> Result<Outcome, CliError> {
    let started = Instant::now();
    let shards = split.shards();
    let signal = limits.cancel.clone().unwrap_or_default();
    // The threads stop on this flag: set on Ctrl-C, at the limits, or on a failed write.
    let stop = AtomicBool::new(false);
    let budget = AtomicU64::new(limits.max_nodes.unwrap_or(u64::MAX));
    let every = match limits.max_nodes {
        Some(max) => (max / (8 * threads as u64)).clamp(1, bar.every()),
        None => bar.every(),
    };
    let (tx, rx) = mpsc::channel::<Message>();
    let mut gather = Gather {
        split,
        totals: Totals::from_split(split),
        statuses: vec![None; shards.len()],
        pending: BTreeMap::new(),
        next_out: 0,
        printed: 0,
        limit: limits.max_solutions,
        limit_hit: false,
        running: BTreeMap::new(),
        done_share: 0.0,
        estimate: 0.0,
        unordered,
        count_only,
        failure: None,
        stats: Stats::default(),
    };
    std::thread::scope(|scope| {
        let work = Work {
            stop: &stop,
            budget: &budget,
            limits: limits.clone(),
            every,
            list: !count_only,
            tx,
        };
        let stop = &stop;
        scope.spawn(move || {
            let started = parallel::for_each_shard(
                problem,
                split,
                threads,
                count_only || unordered,
                stop,
                |solver, index, shard| {
                    work.run(solver, index, shard);
                },
            );
            debug_assert!(started >= 1, "the calling thread works");
            // `work` and its sender end here: the gathering below then sees the channel close.
        });
        loop {
            match rx.recv_timeout(TICK) {
                Ok(message) => {
                    gather.take(message, out, &mut on_solution, stop);
                    let progress = gather.progress(started);
                    bar.update(&progress);
                    if let Some(line) = bar.event(&progress) {
                        let written = out.json_line(&line).and_then(|()| out.end_record());
                        if let Err(e) = written {
                            gather.failure.get_or_insert(e);
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if signal.load(Ordering::Relaxed) {
                stop.store(true, Ordering::SeqCst);
            }
            if gather.failure.is_none() {
                if let Err(e) = out.flush_if_stale() {
                    gather.failure = Some(e);
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    bar.finish();
    if let Some(e) = gather.failure.take() {
        return Err(e);
    }
    let interrupted = signal.load(Ordering::Relaxed);
    if !gather.limit_hit {
        // Stopped early: what later shards found is printed too, in order.
        gather.flush_pending(out, &mut on_solution)?;
    }
    let nodes_hit = budget.load(Ordering::SeqCst) == 0;
    let timed_out = limits.deadline.is_some_and(|d| Instant::now() >= d);
    let status = if interrupted {
        Status::Cancelled
    } else if gather.limit_hit {
        Status::SolutionLimit
    } else if nodes_hit || gather.any(Status::NodeLimit) {
        Status::NodeLimit
    } else if timed_out || gather.any(Status::TimeLimit) {
        Status::TimeLimit
    } else if gather.statuses.iter().all(|s| *s == Some(Status::Complete)) {
        Status::Complete
    } else {
        Status::Cancelled
    };
    let t = &gather.totals;
    let solutions = match (count_only, limits.max_solutions) {
        (true, Some(n)) => t.solutions.min(u128::from(n)),
        (true, None) => t.solutions,
        (false, _) => u128::from(gather.printed),
    };
    // One process cannot pass 2^64 nodes (it would take centuries); the merge of shards
    // from many machines is 128-bit (`dlxkit merge`).
    let narrow = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
    let stats = Stats {
        solutions: narrow(solutions),
        nodes: narrow(t.nodes),
        updates: narrow(t.updates),
        cleansings: narrow(t.cleansings),
        branches: gather.stats.branches + split.above().branches,
        dead_ends: gather.stats.dead_ends + split.above().dead_ends,
        elapsed: started.elapsed(),
        profile: t.profile.iter().map(|&n| narrow(n)).collect(),
    };
    Ok(Outcome { status, stats })
}

/// What every thread does with a shard: search it within the limits, sending what it finds.
struct Work<'w> {
    stop: &'w AtomicBool,
    budget: &'w AtomicU64,
    limits: Limits,
    every: u64,
    list: bool,
    tx: mpsc::Sender<Message>,
}

impl Work<'_> {
    fn run(&self, solver: &mut Solver<'_>, index: usize, shard: &Shard) {
        let mut limits = self.limits.clone();
        if limits.max_nodes.is_some() {
            limits.max_nodes = Some(self.budget.load(Ordering::SeqCst));
        }
        solver.set_limits(limits);
        let mut found = Vec::new();
        let mut counted = 0;
        let outcome = shard.run(solver, self.list, self.every, |event| {
            match event {
                Event::Solution(options) => {
                    found.push(options.to_vec());
                    if found.len() >= BATCH {
                        let batch = std::mem::take(&mut found);
                        let _ = self.tx.send(Message::Solutions(index, batch));
                    }
                }
                Event::Progress(p) => {
                    self.spend(p.nodes - counted);
                    counted = p.nodes;
                    let _ =
                        self.tx
                            .send(Message::Progress(index, p.estimate, p.nodes, p.solutions));
                }
            }
            match self.stop.load(Ordering::Relaxed) {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        });
        self.spend(outcome.stats.nodes.saturating_sub(counted));
        if !found.is_empty() {
            let _ = self.tx.send(Message::Solutions(index, found));
        }
        let _ = self.tx.send(Message::Done(index, outcome));
    }

    /// Takes `nodes` from the node budget; the last of it stops every thread.
    fn spend(&self, nodes: u64) {
        if self.limits.max_nodes.is_none() || nodes == 0 {
            return;
        }
        let taken = self
            .budget
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| {
                Some(left.saturating_sub(nodes))
            });
        if taken.is_ok_and(|left| left <= nodes) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// The gathering thread's state.
struct Gather<'s> {
    split: &'s Split,
    totals: Totals,
    statuses: Vec<Option<Status>>,
    /// Solutions of shards after `next_out`, and whether each is done.
    pending: BTreeMap<usize, Vec<Vec<OptionId>>>,
    /// The first shard whose solutions are not all printed.
    next_out: usize,
    printed: u64,
    limit: Option<u64>,
    limit_hit: bool,
    /// The running shards: the fraction explored, nodes and solutions so far.
    running: BTreeMap<usize, (f64, u64, u64)>,
    done_share: f64,
    estimate: f64,
    unordered: bool,
    count_only: bool,
    failure: Option<CliError>,
    stats: Stats,
}

impl Gather<'_> {
    fn take(
        &mut self,
        message: Message,
        out: &mut Output,
        on_solution: &mut impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
        stop: &AtomicBool,
    ) {
        match message {
            Message::Solutions(index, solutions) => {
                if self.unordered || index == self.next_out {
                    for s in &solutions {
                        self.print(out, on_solution, s, stop);
                    }
                } else {
                    self.pending.entry(index).or_default().extend(solutions);
                }
            }
            Message::Progress(index, fraction, nodes, solutions) => {
                self.running.insert(index, (fraction, nodes, solutions));
            }
            Message::Done(index, outcome) => {
                self.running.remove(&index);
                let shard = &self.split.shards()[index];
                self.done_share += shard.share();
                self.totals.add(shard.path().depth(), &outcome.stats);
                self.stats.branches += outcome.stats.branches;
                self.stats.dead_ends += outcome.stats.dead_ends;
                self.statuses[index] = Some(outcome.status);
                match (self.count_only, self.limit) {
                    // A count up to N: once N are found in all, everyone may stop.
                    (true, Some(n)) if self.totals.solutions >= u128::from(n) => {
                        self.limit_hit = true;
                        stop.store(true, Ordering::SeqCst);
                    }
                    _ => {}
                }
                if matches!(
                    outcome.status,
                    Status::TimeLimit | Status::NodeLimit | Status::Cancelled
                ) {
                    // The other shards would stop the same way: none need start.
                    stop.store(true, Ordering::SeqCst);
                }
                // The shards done in order release their kept solutions.
                while self
                    .statuses
                    .get(self.next_out)
                    .is_some_and(Option::is_some)
                {
                    self.next_out += 1;
                    if let Some(kept) = self.pending.remove(&self.next_out) {
                        for s in &kept {
                            self.print(out, on_solution, s, stop);
                        }
                    }
                }
            }
        }
    }

    fn print(
        &mut self,
        out: &mut Output,
        on_solution: &mut impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
        solution: &[OptionId],
        stop: &AtomicBool,
    ) {
        if self.limit_hit || self.failure.is_some() {
            return;
        }
        if let Err(e) = on_solution(out, solution) {
            self.failure = Some(e);
            stop.store(true, Ordering::SeqCst);
            return;
        }
        self.printed += 1;
        if self.limit == Some(self.printed) {
            self.limit_hit = true;
            stop.store(true, Ordering::SeqCst);
        }
    }

    /// Prints the solutions kept for later shards (a search stopped before they were due).
    fn flush_pending(
        &mut self,
        out: &mut Output,
        on_solution: &mut impl FnMut(&mut Output, &[OptionId]) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        let stop = AtomicBool::new(false);
        for (_, kept) in std::mem::take(&mut self.pending) {
            for s in &kept {
                self.print(out, on_solution, s, &stop);
            }
        }
        match self.failure.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn any(&self, status: Status) -> bool {
        self.statuses.contains(&Some(status))
    }

    /// The whole search's progress: the shares of the finished shards, plus the running
    /// ones' shares times their fractions explored; it only grows.
    fn progress(&mut self, started: Instant) -> Progress {
        let shards = self.split.shards();
        let running: f64 = self
            .running
            .iter()
            .map(|(&k, &(fraction, _, _))| shards[k].share() * fraction)
            .sum();
        self.estimate = self.estimate.max((self.done_share + running).min(1.0));
        let nodes = self.totals.nodes
            + self
                .running
                .values()
                .map(|&(_, n, _)| u128::from(n))
                .sum::<u128>();
        let solutions = self.totals.solutions
            + self
                .running
                .values()
                .map(|&(_, _, s)| u128::from(s))
                .sum::<u128>();
        Progress {
            nodes: u64::try_from(nodes).unwrap_or(u64::MAX),
            solutions: u64::try_from(solutions).unwrap_or(u64::MAX),
            level: 0,
            estimate: self.estimate,
            elapsed: started.elapsed(),
        }
    }
}

/// The JSON Lines summary of one shard (`--shard I/N`), read by `dlxkit merge`.
#[derive(Serialize)]
pub struct ShardLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    fingerprint: String,
    shards: usize,
    split: String,
    index: usize,
    path: Option<String>,
    depth: usize,
    share: f64,
    #[serde(flatten)]
    search: super::search::SearchSummary,
    profile: &'a [u64],
    above: Above,
    dead: usize,
}

/// The split's own figures, in every shard's line.
#[derive(Serialize)]
struct Above {
    nodes: u64,
    updates: u64,
    cleansings: u64,
    profile: Vec<u64>,
}

impl<'a> ShardLine<'a> {
    /// The line of shard `index` of `split` (asked for as a list of `n`), after `outcome`.
    pub fn new(split: &Split, index: usize, n: usize, outcome: &'a Outcome) -> ShardLine<'a> {
        let shard = split.shards().get(index);
        let above = split.above();
        ShardLine {
            kind: "shard",
            fingerprint: format!("{:016x}", split.fingerprint()),
            shards: n,
            split: split.by().to_string(),
            index,
            path: shard.map(|s| s.path().to_string()),
            depth: shard.map_or(0, |s| s.path().depth()),
            share: shard.map_or(0.0, Shard::share),
            search: super::search::SearchSummary::new(outcome),
            profile: &outcome.stats.profile,
            above: Above {
                nodes: above.nodes,
                updates: above.updates,
                cleansings: above.cleansings,
                profile: above.profile.clone(),
            },
            dead: split.dead().len(),
        }
    }
}
