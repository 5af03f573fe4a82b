//! `dlxkit shard`: the list of shards of a problem's search (see [`dlxkit::xc::shard`]), for
//! running them anywhere with `dlxkit solve FILE --shard I/N` and adding the results up with
//! `dlxkit merge`.

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::xc::plan::ShardOf;
use dlxkit::xc::shard::{Split, SplitBy};
use dlxkit::xc::{Plan, Problem};
use serde::Serialize;

use super::input;
use super::output::{Format, Output};
use super::search::parse_positive;
use super::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit shard queens14.dlx --count 100            100 shards: index, path, share
  dlxkit shard queens14.dlx --depth 2 --format json
  dlxkit solve queens14.dlx --count --shard 7/100 > 7.jsonl   run one of them
  dlxkit merge *.jsonl                              add the results up

A shard is named by its path in Knuth's progress notation: `3/12 1/4` is option 3 of the
12 of the item chosen first, then option 1 of the 4 of the item chosen below it (`2-4/7`:
options 2 to 4 of 7). The list depends on the problem alone, so every machine that runs
`--shard I/N` on the same file gets the same shard I. Subtrees found dead while splitting
are not listed (they are named on stderr).

Exit status: 0, or 2 for bad input or usage.";

/// Arguments of `dlxkit shard`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct ShardArgs {
    /// The problem in Knuth's format [default: standard input]
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// Cut the search tree into N shards (the largest subtree first)
    #[arg(short = 'n', long, value_name = "N", value_parser = parse_positive,
          required_unless_present = "depth", conflicts_with = "depth")]
    pub count: Option<u64>,

    /// Cut the search tree at depth D: every subtree there is a shard
    #[arg(short, long, value_name = "D")]
    pub depth: Option<usize>,

    /// Output format
    ///
    /// Text prints one line per shard: its index, its share of the tree and its path. The
    /// `json` object holds "fingerprint", "split", "shards" (each with "index", "path",
    /// "share"), "dead" (the paths found dead) and "above" (the nodes and updates of the
    /// split itself); `jsonl` prints one object per shard.
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,
}

/// One shard of the list.
#[derive(Serialize)]
struct ShardEntry {
    index: usize,
    path: String,
    share: f64,
}

/// The list as JSON.
#[derive(Serialize)]
struct ListJson {
    fingerprint: String,
    split: String,
    shards: Vec<ShardEntry>,
    dead: Vec<String>,
    above: AboveJson,
}

#[derive(Serialize)]
struct AboveJson {
    nodes: u64,
    updates: u64,
}

/// Runs `dlxkit shard`.
pub fn run(args: &ShardArgs, ctx: &Context) -> Result<Exit, CliError> {
    let source = input::read(args.file.as_deref(), ctx)?;
    let problem = Problem::from_dlx(&source.text).map_err(|e| source.parse_error(&e))?;
    // A list `solve --shard` would refuse is refused here, for the same reason.
    let one = ShardOf {
        index: 0,
        of: 1,
        depth: None,
    };
    Plan::new()
        .shard(one)
        .check(&problem)
        .map_err(super::search::refused)?;
    let by = match (args.count, args.depth) {
        (Some(n), _) => SplitBy::Count(usize::try_from(n).unwrap_or(usize::MAX)),
        (None, Some(d)) => SplitBy::Depth(d),
        (None, None) => unreachable!("clap requires --count or --depth"),
    };
    let split = Split::new(&problem, by);
    let entries: Vec<ShardEntry> = split
        .shards()
        .iter()
        .enumerate()
        .map(|(index, s)| ShardEntry {
            index,
            path: s.path().to_string(),
            share: s.share(),
        })
        .collect();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            for e in &entries {
                out.line(&format!("{:>6}  {:>10.3e}  {}", e.index, e.share, e.path))?;
            }
        }
        Format::Jsonl => {
            for e in &entries {
                out.json_line(e)?;
            }
        }
        Format::Json => out.json_line(&ListJson {
            fingerprint: format!("{:016x}", split.fingerprint()),
            split: by.to_string(),
            dead: split.dead().iter().map(ToString::to_string).collect(),
            above: AboveJson {
                nodes: split.above().nodes,
                updates: split.above().updates,
            },
            shards: entries,
        })?,
    }
    out.flush()?;
    let listed = split.shards().len();
    if let SplitBy::Count(n) = by {
        if listed < n {
            ctx.note(format_args!(
                "the search tree has only {listed} subtrees to give: shards {listed} to {} of --shard I/{n} are empty (they find nothing, and merge counts them)",
                n - 1
            ));
        }
    }
    if !split.dead().is_empty() && args.format == Format::Text {
        let dead: Vec<String> = split
            .dead()
            .iter()
            .take(5)
            .map(|p| format!("`{p}`"))
            .collect();
        let more = split.dead().len().saturating_sub(5);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        ctx.note(format_args!(
            "{} dead subtrees found while splitting, not listed: {}{more}",
            split.dead().len(),
            dead.join(", ")
        ));
    }
    Ok(Exit::Success)
}
