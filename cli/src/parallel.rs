//! The flags of one search on several threads (`--jobs N`) or one shard of a search
//! (`--shard I/N`), for `solve` and the puzzle subcommands, and the last JSON line of a
//! shard's output, which `dlxkit merge` reads.
//!
//! The search itself is the library's ([`dlxkit::xc::Plan`], [`dlxkit::xc::parallel`]):
//! the tree is cut into [`SHARDS_PER_THREAD`] shards per thread, solutions come in the
//! sequential order (or as found, with `--unordered`), and solutions, nodes, updates and
//! the profile are those of the search on one thread. Limits stay global (see
//! [`dlxkit::xc::parallel::search`]).

use clap::Args;
use dlxkit::xc::plan::{Engine, Plan, ShardOf};
use dlxkit::xc::shard::{Shard, Split};
use dlxkit::xc::{Problem, Report};
use serde::Serialize;

use super::{jobs, Context};

pub use dlxkit::xc::parallel::SHARDS_PER_THREAD;

// `--jobs`, `--unordered`, `--shard`, `--shard-depth` and `--engine`.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug, Default)]
pub struct ParallelArgs {
    /// Search on N threads (0: one per core)
    ///
    /// The search tree is cut into 32 subtrees per thread, and each thread takes the next
    /// one when it is free. Solutions, counts, nodes and updates are those of the search on
    /// one thread; solutions are listed in the same order (unless --unordered). With --memo,
    /// the memoised count runs on N threads sharing one cache (the same count). With --best,
    /// the threads share one cost bound (the same K best costs; the nodes are the parts').
    /// With --seed or --prefer-sharp, the tree is cut in Knuth's plain order and each
    /// subtree searched in the seeded (or sharp) order: the same solutions and count as one
    /// thread, listed subtree by subtree. At most 4 threads per core.
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

    /// The engine to search on: links (dancing links), cells (dancing cells) or bits
    /// [default: chosen from the problem]
    ///
    /// Every engine finds the same solutions and counts, on threads and in shards too; they
    /// differ in speed. Without the flag, the engine follows the rule measured in
    /// BENCHMARKS.md: bits for problems of at most 256 items and 8,192 options (16,384 with
    /// colours and no bounds), with bounds too unless the order is sharp; cells for a
    /// larger coloured problem without bounds; links for the rest, and for a seed, --memo,
    /// --best, a shard or its parts. The choice is the same in every output form (--stats,
    /// JSON), which shows each engine's own counts. A mode an engine does not take is
    /// refused with the reason.
    #[arg(long, value_name = "ENGINE", value_parser = parse_engine)]
    pub engine: Option<Engine>,
}

/// Parses an engine's name (`links`, `cells`, `bits`): `--engine` of `solve`, the puzzles
/// and `sudoku solve`/`count`.
pub fn parse_engine(text: &str) -> Result<Engine, String> {
    text.parse()
        .map_err(|e: dlxkit::xc::plan::UnknownEngine| e.to_string())
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

/// The threads or the shard the flags ask for, added to `plan`.
pub fn apply(args: &ParallelArgs, mut plan: Plan, ctx: &Context) -> Plan {
    if let Some(engine) = args.engine {
        plan = plan.engine(engine);
    }
    if let Some((index, of)) = args.shard {
        return plan.shard(ShardOf {
            index,
            of,
            depth: args.shard_depth,
        });
    }
    plan.threads(jobs::threads(args.jobs, usize::MAX, ctx))
        .unordered(args.unordered)
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
    /// A minimum-cost search (`--best=K`): K, and the shard's K cheapest solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Vec<CostedLine>>,
}

/// One of a shard's K cheapest solutions: its cost and its options' texts.
#[derive(Serialize)]
pub(crate) struct CostedLine {
    pub(crate) cost: u64,
    pub(crate) options: Vec<String>,
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
    /// The line of the shard a plan searched, after its `report` (`None` unless the plan
    /// searched one shard); with `best`, the K of a minimum-cost search and the shard's K
    /// cheapest solutions, as options of `problem`.
    pub fn of(report: &'a Report, problem: &Problem, best: Option<usize>) -> Option<ShardLine<'a>> {
        let (split, shard) = report.shard.as_ref()?;
        let mut line = ShardLine::new(split, shard.index, shard.of, report);
        if let Some(k) = best {
            line.k = Some(k);
            let costed = report.cheapest.iter().map(|c| CostedLine {
                cost: c.cost,
                options: c.options.iter().map(|&o| problem.option_text(o)).collect(),
            });
            line.best = Some(costed.collect());
        }
        Some(line)
    }

    /// The line of shard `index` of `split` (asked for as a list of `n`), after `report`.
    pub fn new(split: &Split, index: usize, n: usize, report: &'a Report) -> ShardLine<'a> {
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
            search: super::search::SearchSummary::new(&report.outcome()).on(Some(report.engine)),
            profile: &report.stats.profile,
            above: Above {
                nodes: above.nodes,
                updates: above.updates,
                cleansings: above.cleansings,
                profile: above.profile.clone(),
            },
            dead: split.dead().len(),
            k: None,
            best: None,
        }
    }
}
