//! `dlxkit merge`: adds up the results of the shards of one search (the `"type":"shard"`
//! lines of `dlxkit solve --shard I/N`) after checking that every shard of the list is
//! there exactly once, complete, and of the same problem ([`dlxkit::xc::shard::merge`]).
//! The shards of a minimum-cost search (`solve --best=K --shard I/N`) carry their K cheapest
//! solutions: the merge prints the K cheapest of all ([`dlxkit::xc::best::Cheapest`]).

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::xc::best::Cheapest;
use dlxkit::xc::machine::Engine;
use dlxkit::xc::shard::{
    MergeError, Merged, Merger, Part, ShardReport, Totals, EMPTY_SLOT, MAX_LEVELS, MAX_SHARDS,
};
use dlxkit::xc::{Count, Status};
use serde::{Deserialize, Serialize};

use super::best::cost_note;
use super::input;
use super::output::{Format, Output};
use super::search::stat_line;
use super::{interrupt, CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit merge results/*.jsonl                    the count of the whole search
  cat results/*.jsonl | dlxkit merge --stats      with nodes and updates
  dlxkit merge --format json results/*.jsonl      totals, or the problems and what to run again
  dlxkit merge --manifest results/*.jsonl         each shard's count, then the total
  dlxkit merge best/*.jsonl                       the K cheapest of `solve --best=K --shard I/N`

Input: the output of `dlxkit solve FILE --shard I/N` (any other line is skipped), from files
or standard input, read line by line: a million lines merge in constant memory (a few words
per shard of the list). Each shard of the list must be there exactly once and complete, or
split into parts (`--split-after`) that are all there. Every problem is named in one run:
missing, duplicated, incomplete, relabelled, from another problem or list, or unreadable
lines (with file and line; the lines of a file that are not results at all, such as a binary
file, are named once with their count); `--format json` prints the indices to run again.

What merge cannot see: a count edited by hand (a line's numbers are what it says; the
fingerprint only ties a line to its problem and list). A line whose `complete` disagrees with
its status, two indices with one path, or a part outside its shard are refused.

Exit status: 0 if the search has solutions, 1 if none, 2 when the results cannot be merged.";

// Arguments of `dlxkit merge`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct MergeArgs {
    /// Files of shard results (JSON Lines) [default: standard input]
    #[arg(value_name = "RESULTS", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    /// Print nodes, updates and cleansings on standard error
    #[arg(short, long)]
    pub stats: bool,

    /// Also print the profile (nodes per level); implies --stats
    #[arg(long)]
    pub profile: bool,

    /// Output format
    ///
    /// Text prints the number of solutions. The `json` object holds "solutions", "nodes",
    /// "updates", "cleansings", "shards", "complete" and "profile" (numbers past 2^64 are
    /// written in full); "updates" and "cleansings" are left out when a line left them out
    /// (a part on the bit sets run without --stats does not count them).
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: Format,

    /// Print each shard's count first (its index, count and path; with its parts), as a
    /// record count publishes its subtotals
    #[arg(long)]
    pub manifest: bool,
}

/// The longest line read (a profile of a million levels fits): it bounds what one line can
/// make serde allocate before the numbers in it are checked.
const MAX_LINE: u64 = 16 << 20;

/// The fields of a shard line that merge reads.
#[derive(Deserialize)]
struct Line {
    #[serde(rename = "type")]
    kind: Option<String>,
    fingerprint: Option<String>,
    shards: Option<u64>,
    index: Option<u64>,
    path: Option<String>,
    depth: Option<u64>,
    status: Option<String>,
    complete: Option<bool>,
    solutions: Option<Count>,
    nodes: Option<u64>,
    updates: Option<u64>,
    cleansings: Option<u64>,
    profile: Option<Vec<u64>>,
    above: Option<AboveLine>,
    from: Option<String>,
    continuation: Option<Vec<String>>,
    k: Option<u64>,
    best: Option<Vec<CostedIn>>,
    /// The engine that searched the part's subtrees (lines written before it was named have
    /// none).
    engine: Option<String>,
}

/// What the merged lines counted, so that counts of different kinds are never added: the
/// engines the lines name, and how many lines left Knuth's updates or cleansings out.
#[derive(Default)]
struct Counted {
    engines: Vec<Engine>,
    without_updates: u64,
    without_cleansings: u64,
}

impl Counted {
    /// One line's engine, or why the line cannot be right: an unknown engine, or counts
    /// that engine never writes.
    fn check(line: &Line) -> Result<Option<Engine>, String> {
        let engine = match line.engine.as_deref() {
            None => None,
            Some(name) => Some(name.parse::<Engine>().map_err(|_| {
                format!("\"engine\" is \"{name}\", not links, cells or bits: the line was edited")
            })?),
        };
        // The links count DLX's updates and cleansings; the bit sets neither, or both when
        // they follow the links' tree (the parts of a problem with bounds). Dancing cells'
        // parts carry SSXCC's figures below the links' walk (`Counted::left_out` keeps them
        // out of the totals).
        let wrong = match engine {
            Some(Engine::Links) if line.updates.is_none() => Some("without \"updates\""),
            Some(Engine::Links) if line.cleansings.is_none() => Some("without \"cleansings\""),
            Some(Engine::Bits) if line.updates.is_some() != line.cleansings.is_some() => {
                Some("with only one of \"updates\" and \"cleansings\"")
            }
            _ => None,
        };
        match (wrong, engine) {
            (Some(wrong), Some(engine)) => Err(format!(
                "a line of the {engine} engine {wrong}, a line that engine never writes: the line was edited"
            )),
            _ => Ok(engine),
        }
    }

    /// Notes a merged line's engine and whether it carried updates and cleansings.
    fn note(&mut self, engine: Option<Engine>, updates: bool, cleansings: bool) {
        if let Some(engine) = engine.filter(|e| !self.engines.contains(e)) {
            self.engines.push(engine);
            self.engines.sort_by_key(|e| e.name());
        }
        self.without_updates += u64::from(!updates);
        self.without_cleansings += u64::from(!cleansings);
    }

    /// Whether the lines counted trees of different kinds: dancing cells branch as SSXCC
    /// does, the links and the bit sets as DLX does.
    fn mixed(&self) -> bool {
        self.engines.contains(&Engine::Cells) && self.engines.len() > 1
    }

    /// Why a count is not merged, or `None` when every line counted it alike.
    fn left_out(&self, label: &str) -> Option<String> {
        let without = match label {
            "updates" => self.without_updates,
            "cleansings" => self.without_cleansings,
            _ => 0,
        };
        let names: Vec<&str> = self.engines.iter().map(|e| e.name()).collect();
        if self.mixed() {
            Some(format!(
                "not merged (lines of the {} engines: dancing cells count SSXCC's tree, the others DLX's)",
                names.join(" and ")
            ))
        } else if label != "nodes" && self.engines.contains(&Engine::Cells) {
            Some(
                "not merged (dancing cells' parts count SSXCC's figures below the links' walk, DLX's above it)"
                    .to_string(),
            )
        } else if without > 0 {
            Some(format!(
                "not counted ({without} lines without them: the bit sets do not count them; --engine links does)"
            ))
        } else {
            None
        }
    }

    /// The one engine every line names, if they name one.
    fn engine(&self) -> Option<&'static str> {
        match self.engines.as_slice() {
            [one] => Some(one.name()),
            _ => None,
        }
    }
}

/// One of a shard's K cheapest solutions (`dlxkit solve --best=K --shard I/N`).
#[derive(Deserialize, Serialize)]
struct CostedIn {
    cost: u64,
    options: Vec<String>,
}

/// The K cheapest solutions of the shards of a minimum-cost search: the K cheapest of
/// their union, as the shards partition the solutions.
#[derive(Default)]
struct BestLines {
    /// K, as the first line of a minimum-cost search gave it.
    k: Option<u64>,
    kept: Option<Cheapest<Vec<String>>>,
    /// Whether a line of a plain search (no "best") was seen.
    plain: bool,
}

impl BestLines {
    /// Takes the K best of one line, or says why the line cannot be merged with the others.
    fn add(&mut self, k: Option<u64>, best: Option<Vec<CostedIn>>) -> Result<(), String> {
        let mixed = "lines of a minimum-cost search (--best) and of a plain one mixed: \
                     merge the shards of one search";
        let (k, best) = match (k, best) {
            (None, None) if self.k.is_some() => return Err(mixed.to_string()),
            (None, None) => {
                self.plain = true;
                return Ok(());
            }
            (Some(k), Some(best)) => (k, best),
            (Some(_), None) => return Err("a shard line with \"k\" but no \"best\"".to_string()),
            (None, Some(_)) => return Err("a shard line with \"best\" but no \"k\"".to_string()),
        };
        if self.plain {
            return Err(mixed.to_string());
        }
        if k == 0 {
            return Err("\"k\" is 0: a minimum-cost search keeps at least 1".to_string());
        }
        match self.k {
            Some(earlier) if earlier != k => {
                return Err(format!(
                    "\"k\" is {k} but earlier lines have {earlier}: merge the shards of one search"
                ))
            }
            _ => self.k = Some(k),
        }
        if best.len() as u64 > k {
            return Err(format!(
                "{} solutions in \"best\", more than \"k\" ({k}): the line was edited",
                best.len()
            ));
        }
        if best.windows(2).any(|w| w[0].cost > w[1].cost) {
            return Err(
                "the costs in \"best\" are not in increasing order: the line was edited"
                    .to_string(),
            );
        }
        let kept = self
            .kept
            .get_or_insert_with(|| Cheapest::new(usize::try_from(k).unwrap_or(usize::MAX)));
        for c in best {
            kept.offer(c.cost, c.options);
        }
        Ok(())
    }
}

#[derive(Deserialize)]
struct AboveLine {
    nodes: u64,
    updates: u64,
    cleansings: u64,
    profile: Vec<u64>,
}

/// The merged totals as JSON.
#[derive(Serialize)]
struct MergedJson<'a> {
    solutions: &'a Count,
    /// Left out when the lines' engines count trees of different kinds.
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u128>,
    /// Left out when a line left them out (not counted) or the kinds differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    updates: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cleansings: Option<u128>,
    /// The engine every line names (none when they name several, or none).
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'static str>,
    shards: usize,
    complete: bool,
    profile: &'a [u128],
    /// A minimum-cost search: the K best costs, and the K cheapest solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Vec<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cheapest: Option<&'a [CostedIn]>,
}

/// A refused merge as JSON: what is wrong, and what to run again.
#[derive(Serialize)]
struct RefusedJson {
    complete: bool,
    shards: usize,
    results: u64,
    problems: Vec<String>,
    more_problems: usize,
    rerun: Vec<usize>,
    rerun_parts: Vec<PartJson>,
}

#[derive(Serialize)]
struct PartJson {
    index: usize,
    path: String,
}

/// One shard's count in a manifest.
#[derive(Serialize)]
struct SubtotalJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    index: usize,
    path: Option<&'a str>,
    solutions: &'a Count,
}

/// Runs `dlxkit merge`.
pub fn run(args: &MergeArgs, ctx: &Context) -> Result<Exit, CliError> {
    if args.files.is_empty() && ctx.stdin_is_terminal {
        return Err(CliError::usage(
            "no input: give the files of shard results, or pipe them into standard input",
        ));
    }
    // Reading a terminal (`merge -`) waits for its user: Ctrl-C and SIGTERM end it with
    // a word and 130 or 143.
    let watch = interrupt::watch_reading("merge");
    let mut merger = Merger::new();
    let mut best = BestLines::default();
    // What the lines counted, and which engines counted it.
    let mut counted = Counted::default();
    if args.manifest {
        merger = merger.with_subtotals();
    }
    let files: Vec<Option<&std::path::Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|f| Some(f.as_path())).collect()
    };
    for file in files {
        let path = input::InputPath::from_arg(file);
        let name = path.name();
        let reader: Box<dyn BufRead> = match path {
            input::InputPath::Stdin => Box::new(BufReader::new(std::io::stdin())),
            input::InputPath::File(p) => match std::fs::File::open(p) {
                Ok(f) => Box::new(BufReader::new(f)),
                Err(e) => {
                    merger.refuse(MergeError::Unreadable {
                        place: name.clone(),
                        reason: format!("cannot read it: {e}"),
                    });
                    continue;
                }
            },
        };
        read_lines(reader, &name, &mut merger, &mut best, &mut counted);
    }
    watch.hand_over();
    let merged = merger.finish();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    if !merged.is_complete() {
        if matches!(args.format, Format::Json | Format::Jsonl) {
            out.json_line(&RefusedJson {
                complete: false,
                shards: merged.shards,
                results: merged.results,
                problems: merged.problems.iter().map(ToString::to_string).collect(),
                more_problems: merged.more_problems,
                rerun: merged.rerun.clone(),
                rerun_parts: merged
                    .rerun_parts
                    .iter()
                    .map(|(index, path)| PartJson {
                        index: *index,
                        path: path.to_string(),
                    })
                    .collect(),
            })?;
            out.flush()?;
        }
        return Err(refused(&merged));
    }
    let totals = &merged.totals;
    let shards = merged.shards;
    if let Some(subtotals) = &merged.subtotals {
        for (index, path, solutions) in subtotals.iter() {
            match args.format {
                Format::Text => out.line(&format!(
                    "{index:>7}  {solutions:>20}  {}",
                    path.unwrap_or("-")
                ))?,
                Format::Json | Format::Jsonl => out.json_line(&SubtotalJson {
                    kind: "subtotal",
                    index,
                    path,
                    solutions,
                })?,
            }
        }
    }
    let cheapest = best.kept.map(|kept| {
        let sorted = kept.into_sorted().into_iter();
        sorted
            .map(|(cost, options)| CostedIn { cost, options })
            .collect::<Vec<_>>()
    });
    let merged_json = || MergedJson {
        solutions: &totals.solutions,
        nodes: (!counted.mixed()).then_some(totals.nodes),
        updates: counted
            .left_out("updates")
            .is_none()
            .then_some(totals.updates),
        cleansings: counted
            .left_out("cleansings")
            .is_none()
            .then_some(totals.cleansings),
        engine: counted.engine(),
        shards,
        complete: true,
        profile: &totals.profile,
        best: cheapest
            .as_ref()
            .map(|c| c.iter().map(|c| c.cost).collect()),
        cheapest: cheapest.as_deref(),
    };
    match (args.format, &cheapest) {
        (Format::Text, Some(cheapest)) => {
            for c in cheapest {
                out.line(&format!("# cost {}", c.cost))?;
                for option in &c.options {
                    out.line(option)?;
                }
                out.line("")?;
            }
        }
        (Format::Text, None) => out.line(&totals.solutions.to_string())?,
        (Format::Json | Format::Jsonl, _) => out.json_line(&merged_json())?,
    }
    out.flush()?;
    if args.stats || args.profile {
        print_stats(ctx, totals, shards, &counted, args.profile);
    }
    if let Some(cheapest) = &cheapest {
        let costs: Vec<u64> = cheapest.iter().map(|c| c.cost).collect();
        if !costs.is_empty() && args.format == Format::Text {
            ctx.note(cost_note(&costs, true));
        }
        return Ok(match costs.is_empty() {
            true => Exit::NoSolution,
            false => Exit::Success,
        });
    }
    Ok(if !totals.solutions.is_zero() {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

/// The lines of one input that are not shard results at all (not text, not JSON, too long):
/// a binary or garbage file is one problem, named once with a count and its first such line,
/// rather than a line of error per line of garbage.
#[derive(Default)]
struct NotResults {
    count: u64,
    first: Option<(u64, String)>,
}

impl NotResults {
    fn note(&mut self, line: u64, reason: String) {
        self.count += 1;
        self.first.get_or_insert((line, reason));
    }

    /// Tells `merger` of the lines noted in the input `name`: one line as itself, more as
    /// their count and the first.
    fn report(self, name: &str, merger: &mut Merger) {
        let Some((line, reason)) = self.first else {
            return;
        };
        let (place, reason) = match self.count {
            1 => (format!("{name}:{line}"), reason),
            n => (
                name.to_string(),
                format!("{n} lines are not shard results (first at line {line}: {reason})"),
            ),
        };
        merger.refuse(MergeError::Unreadable { place, reason });
    }
}

/// Reads the shard lines of one input into `merger`, one line at a time (each at most
/// [`MAX_LINE`] bytes), noting every line it cannot read (lines that are not shard results
/// at all are counted, and named once for the whole input).
fn read_lines(
    reader: Box<dyn BufRead>,
    name: &str,
    merger: &mut Merger,
    best: &mut BestLines,
    counted: &mut Counted,
) {
    let mut garbage = NotResults::default();
    read_lines_noting(reader, name, merger, best, counted, &mut garbage);
    garbage.report(name, merger);
}

fn read_lines_noting(
    mut reader: Box<dyn BufRead>,
    name: &str,
    merger: &mut Merger,
    best: &mut BestLines,
    counted: &mut Counted,
    garbage: &mut NotResults,
) {
    let mut buffer = Vec::new();
    let mut number = 0u64;
    loop {
        buffer.clear();
        number += 1;
        let at = || format!("{name}:{number}");
        let read = (&mut reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut buffer);
        match read {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                merger.refuse(MergeError::Unreadable {
                    place: at(),
                    reason: format!("cannot read: {e}"),
                });
                return;
            }
        }
        if buffer.len() as u64 > MAX_LINE {
            garbage.note(
                number,
                format!("a line longer than {MAX_LINE} bytes: not a shard's result"),
            );
            // Skip the rest of that line.
            loop {
                buffer.clear();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => return,
                    Ok(_) if buffer.ends_with(b"\n") => break,
                    Ok(_) => {}
                }
            }
            continue;
        }
        let mut bytes = buffer.as_slice();
        if number == 1 {
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        let Ok(text) = std::str::from_utf8(bytes) else {
            garbage.note(number, "not UTF-8 text".to_string());
            continue;
        };
        if text.trim().is_empty() {
            continue;
        }
        let mut line: Line = match serde_json::from_str(text) {
            Ok(line) => line,
            Err(e) => {
                garbage.note(number, format!("not a line of `dlxkit solve --shard`: {e}"));
                continue;
            }
        };
        if line.kind.as_deref() != Some("shard") {
            continue;
        }
        if let Err(reason) = best.add(line.k, line.best.take()) {
            merger.refuse(MergeError::Unreadable {
                place: at(),
                reason,
            });
            continue;
        }
        let engine = match Counted::check(&line) {
            Ok(engine) => engine,
            Err(reason) => {
                merger.refuse(MergeError::Unreadable {
                    place: at(),
                    reason,
                });
                continue;
            }
        };
        let (updates, cleansings) = (line.updates.is_some(), line.cleansings.is_some());
        match report(line) {
            Ok(r) => {
                counted.note(engine, updates, cleansings);
                merger.add(r);
            }
            Err(reason) => merger.refuse(MergeError::Unreadable {
                place: at(),
                reason,
            }),
        }
    }
}

/// A report from the fields of a line, or why the line is refused.
fn report(line: Line) -> Result<ShardReport, String> {
    let field = |what: &str| format!("a shard line without {what}");
    let fingerprint = line.fingerprint.ok_or_else(|| field("\"fingerprint\""))?;
    let fingerprint =
        u64::from_str_radix(&fingerprint, 16).map_err(|_| field("a hex \"fingerprint\""))?;
    let word = line.status.ok_or_else(|| field("\"status\""))?;
    let status = Status::ALL
        .into_iter()
        .find(|s| s.as_str() == word)
        .ok_or_else(|| field("a known \"status\""))?;
    if let Some(complete) = line.complete {
        if complete != status.is_complete() {
            return Err(format!(
                "\"complete\" is {complete} but \"status\" is \"{word}\": the line was edited"
            ));
        }
    }
    let bounded = |what: &str, value: u64, max: usize| {
        usize::try_from(value)
            .ok()
            .filter(|&v| v <= max)
            .ok_or_else(|| format!("\"{what}\" is {value}: more than the {max} a merge accepts"))
    };
    let shards = bounded(
        "shards",
        line.shards.ok_or_else(|| field("\"shards\""))?,
        MAX_SHARDS,
    )?;
    let index = bounded(
        "index",
        line.index.ok_or_else(|| field("\"index\""))?,
        MAX_SHARDS,
    )?;
    let depth = bounded("depth", line.depth.unwrap_or(0), MAX_LEVELS)?;
    let levels = line.profile.as_ref().map_or(0, Vec::len);
    let above_levels = line.above.as_ref().map_or(0, |a| a.profile.len());
    if levels.max(above_levels) > MAX_LEVELS {
        return Err(format!(
            "a \"profile\" of {} levels: more than the {MAX_LEVELS} a merge accepts",
            levels.max(above_levels)
        ));
    }
    let mut totals = Totals::default();
    let solutions = line.solutions.ok_or_else(|| field("\"solutions\""))?;
    let stats = dlxkit::xc::Stats {
        nodes: line.nodes.ok_or_else(|| field("\"nodes\""))?,
        // A part whose engine does not count them leaves them out (`Counted` says so).
        updates: line.updates.unwrap_or(0),
        cleansings: line.cleansings.unwrap_or(0),
        profile: line.profile.unwrap_or_default(),
        ..Default::default()
    };
    totals.add(0, &stats);
    totals.solutions = solutions;
    let above = line.above.ok_or_else(|| field("\"above\""))?;
    let mut above_totals = Totals::default();
    above_totals.add(
        0,
        &dlxkit::xc::Stats {
            nodes: above.nodes,
            updates: above.updates,
            cleansings: above.cleansings,
            profile: above.profile,
            ..Default::default()
        },
    );
    let part_of = |text: &str| {
        text.parse::<Part>()
            .map_err(|e| format!("{e} (in \"from\" or \"continuation\")"))
    };
    let from = line.from.as_deref().map(part_of).transpose()?;
    let continuation = line
        .continuation
        .unwrap_or_default()
        .iter()
        .map(|t| part_of(t))
        .collect::<Result<Vec<Part>, String>>()?;
    Ok(ShardReport {
        fingerprint,
        shards,
        index,
        path: line.path.unwrap_or_else(|| EMPTY_SLOT.to_string()),
        status,
        totals,
        depth,
        above: above_totals,
        from,
        continuation,
    })
}

/// The error of a refused merge: every problem, then what to run again.
fn refused(merged: &Merged) -> CliError {
    let mut message: Vec<String> = merged.problems.iter().map(ToString::to_string).collect();
    if merged.more_problems > 0 {
        message.push(format!("... and {} more problems", merged.more_problems));
    }
    let n = merged.shards;
    let mut runs: Vec<String> = merged
        .rerun
        .iter()
        .take(5)
        .map(|i| format!("--shard {i}/{n}"))
        .collect();
    runs.extend(
        merged
            .rerun_parts
            .iter()
            .take(5usize.saturating_sub(runs.len()))
            .map(|(i, p)| format!("--shard {i}/{n} --from '{p}'")),
    );
    let error = CliError::input(message.join("\ndlxkit: "));
    if runs.is_empty() {
        if merged
            .problems
            .iter()
            .any(|p| matches!(p, MergeError::Foreign { .. }))
        {
            return error.with_hint(
                "merge results of one problem and one shard list (the same FILE and the same --shard I/N)",
            );
        }
        return error;
    }
    let more = merged.rerun.len() + merged.rerun_parts.len() > runs.len();
    let more = if more {
        ", ... (--format json lists them all)"
    } else {
        ""
    };
    error.with_hint(format!(
        "run them: dlxkit solve FILE {}{more}",
        runs.join(", ")
    ))
}

/// The merged figures on standard error; a count the lines did not all keep alike is said
/// to be left out, and why (`Counted::left_out`).
fn print_stats(ctx: &Context, totals: &Totals, shards: usize, counted: &Counted, profile: bool) {
    let paint = ctx.stderr_colors();
    for (label, value) in [
        ("shards", Count::from(shards as u64)),
        ("solutions", totals.solutions.clone()),
    ] {
        super::eprint_line(format_args!("{}", stat_line(paint, label, value)));
    }
    for (label, value) in [
        ("nodes", Count::from(totals.nodes)),
        ("updates", Count::from(totals.updates)),
        ("cleansings", Count::from(totals.cleansings)),
    ] {
        let line = match counted.left_out(label) {
            None => stat_line(paint, label, value),
            Some(why) => stat_line(paint, label, why),
        };
        super::eprint_line(format_args!("{line}"));
    }
    if !counted.engines.is_empty() {
        let names: Vec<&str> = counted.engines.iter().map(|e| e.name()).collect();
        super::eprint_line(format_args!(
            "{}",
            stat_line(paint, "engine", names.join(", "))
        ));
    }
    if profile {
        super::eprint_line(format_args!(
            "{}",
            stat_line(
                paint,
                "profile",
                format_args!("{:>5} {:>14}", "level", "nodes")
            )
        ));
        for (level, nodes) in totals.profile.iter().enumerate() {
            super::eprint_line(format_args!("{:<11} {level:>5} {nodes:>14}", ""));
        }
    }
}
