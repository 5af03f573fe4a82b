//! Merging shard results as they stream in: every result is checked when it comes and the
//! list as a whole at the end, and every problem found is kept (the first
//! [`MAX_KEPT`] of them, then only counted), so one run names everything to run again.
//!
//! A result file is untrusted input: no number read from it sizes memory before it is
//! bounded ([`MAX_SHARDS`], [`MAX_LEVELS`]), and the memory kept is a few words per shard of
//! the list, whatever the number of lines.
//!
//! What a merge can check: that every shard of the list is there once, complete or split
//! into parts that are all there (a tree of self-split shards: no part missing, none twice,
//! none that its shard did not name, every part inside its shard and apart from the
//! others); that all results are of one problem and one list (the fingerprint, the list's
//! length and the split's own figures); that no two indices claim the same path (a result
//! relabelled); that a line's `complete` agrees with its status. What it cannot check
//! without searching again: a count edited by hand (a line's numbers are what it says).

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use super::{MergeError, Part, Path, ShardReport, Totals, EMPTY_SLOT};
use crate::xc::Count;

/// The longest list of shards a merge accepts (4,194,304): its memory is a few words per
/// shard, so a hostile `"shards"` cannot make it allocate more than some 200 MB.
pub const MAX_SHARDS: usize = 1 << 22;

/// The deepest profile a merge accepts (1,048,576 levels: the depth of a search is at most
/// its number of primary items).
pub const MAX_LEVELS: usize = 1 << 20;

/// How many problems are kept with their details; later ones are only counted.
pub const MAX_KEPT: usize = 1000;

const EMPTY: u8 = 0;
const COMPLETE: u8 = 1;
const INCOMPLETE: u8 = 2;
const SPLIT: u8 = 3;
const TWICE: u8 = 4;

/// What a merge keeps of one shard of the list.
#[derive(Clone, Default)]
struct Slot {
    /// Solutions of the shard and of all its parts (in place, with no allocation, below
    /// 2^128).
    solutions: Count,
    /// A hash of the shard's path (0: none seen).
    path: u64,
    state: u8,
}

/// Shard results merged one at a time (see the module documentation).
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::xc::{Arena, Problem, Solver};
/// use dlxkit::xc::shard::{Merger, ShardReport, Split, SplitBy, Totals};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(3));
/// let arena = Arena::new();
/// let mut solver = Solver::new(&p, &arena);
/// let mut merger = Merger::new();
/// for (index, shard) in split.shards().iter().enumerate().skip(1) {
///     let outcome = shard.run(&mut solver, false, 0, |_| ControlFlow::Continue(()));
///     merger.add(ShardReport::of_split(&split, index, outcome));
/// }
/// let merged = merger.finish();
/// assert!(!merged.is_complete());
/// assert_eq!(merged.rerun, [0]); // shard 0 is missing
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Merger {
    list: Option<(u64, usize)>,
    above: Option<Totals>,
    slots: Vec<Slot>,
    paths: Option<PathText>,
    keep_paths: bool,
    /// Parts of continuations received: (shard, part).
    parts: HashSet<(usize, Part)>,
    /// Parts named by continuations: (shard, part).
    named: Vec<(usize, Part)>,
    /// Parts to run again (incomplete, with nothing named after them).
    rerun_parts: Vec<(usize, Part)>,
    totals: Totals,
    issues: Vec<MergeError>,
    more: usize,
    results: u64,
}

/// The outcome of a merge: the totals (the whole search's when [`Merged::is_complete`]),
/// every problem found, and what to run again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// The sum of every result accepted, with the split's own figures.
    pub totals: Totals,
    /// The list's length (0 when nothing was read).
    pub shards: usize,
    /// The results read.
    pub results: u64,
    /// The problems found, in the order found (the first [`MAX_KEPT`]).
    pub problems: Vec<MergeError>,
    /// Problems found beyond those kept.
    pub more_problems: usize,
    /// The shards to run again, by index, in order.
    pub rerun: Vec<usize>,
    /// Parts of continuations to run again: the shard's index and the part.
    pub rerun_parts: Vec<(usize, Part)>,
    /// Per shard, its solutions (with all its parts) and its path, when asked for with
    /// [`Merger::with_subtotals`].
    pub subtotals: Option<Subtotals>,
}

/// The longest path a manifest keeps of a shard, in bytes: longer ones end with `...`, so
/// that the paths of the largest list accepted fit in a gigabyte whatever the lines say.
pub const MAX_MANIFEST_PATH: usize = 256;

/// Each shard's count and path, for a manifest ([`Merger::with_subtotals`]): the paths are
/// kept in one text, with an offset and a length per shard, so that a million shards cost
/// some 60 bytes each rather than an allocation each.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlxkit::xc::{Arena, Problem, Solver};
/// use dlxkit::xc::shard::{Merger, ShardReport, Split, SplitBy};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let split = Split::new(&p, SplitBy::Count(3));
/// let arena = Arena::new();
/// let mut solver = Solver::new(&p, &arena);
/// let mut merger = Merger::new().with_subtotals();
/// for (index, shard) in split.shards().iter().enumerate() {
///     let outcome = shard.run(&mut solver, false, 0, |_| ControlFlow::Continue(()));
///     merger.add(ShardReport::of_split(&split, index, outcome));
/// }
/// let merged = merger.finish();
/// let subtotals = merged.subtotals.expect("asked for");
/// let counts: Vec<u64> = subtotals.iter().map(|(_, _, c)| c.to_u64().unwrap()).collect();
/// assert_eq!(counts.iter().sum::<u64>(), 4);
/// assert_eq!(subtotals.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct Subtotals {
    paths: PathText,
    slots: Vec<Slot>,
}

impl Subtotals {
    /// The number of shards of the list.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Each shard in order: its index, its path (if a result gave it) and its solutions.
    pub fn iter(&self) -> impl Iterator<Item = (usize, Option<&str>, &Count)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .map(|(k, slot)| (k, self.paths.get(k), &slot.solutions))
    }
}

impl std::fmt::Debug for Subtotals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Subtotals {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Subtotals {}

/// Paths by shard in one text: per shard, where its path starts and its length
/// (`u32::MAX`: none seen). At most [`MAX_MANIFEST_PATH`] bytes a path and
/// [`MAX_SHARDS`] shards keep the offsets within 32 bits.
#[derive(Clone, Default)]
struct PathText {
    text: String,
    spans: Vec<(u32, u32)>,
}

impl PathText {
    fn new(shards: usize) -> PathText {
        PathText {
            text: String::new(),
            spans: vec![(0, u32::MAX); shards],
        }
    }

    fn set(&mut self, index: usize, path: &str) {
        let mut kept = path;
        let mut cut = false;
        if kept.len() > MAX_MANIFEST_PATH {
            let mut end = MAX_MANIFEST_PATH - 3;
            while !kept.is_char_boundary(end) {
                end -= 1;
            }
            kept = &kept[..end];
            cut = true;
        }
        let start = self.text.len();
        self.text.push_str(kept);
        if cut {
            self.text.push_str("...");
        }
        // Within 32 bits: at most MAX_SHARDS paths of at most MAX_MANIFEST_PATH bytes
        // (a shard seen twice is refused before its path is kept again).
        self.spans[index] = (start as u32, (self.text.len() - start) as u32);
    }

    fn get(&self, index: usize) -> Option<&str> {
        let (start, len) = *self.spans.get(index)?;
        (len != u32::MAX).then(|| &self.text[start as usize..start as usize + len as usize])
    }
}

impl Merged {
    /// Whether the results are every shard of one list, each complete once: then
    /// [`Merged::totals`] are those of the whole search.
    pub fn is_complete(&self) -> bool {
        self.problems.is_empty() && self.more_problems == 0
    }
}

impl Merger {
    /// An empty merge.
    pub fn new() -> Merger {
        Merger::default()
    }

    /// Also keeps each shard's path, for [`Merged::subtotals`] (a manifest).
    pub fn with_subtotals(mut self) -> Merger {
        self.keep_paths = true;
        self
    }

    /// Notes a problem found outside the merger (a line that cannot be read), so that it is
    /// counted with the others.
    pub fn refuse(&mut self, problem: MergeError) {
        if self.issues.len() < MAX_KEPT {
            self.issues.push(problem);
        } else {
            self.more += 1;
        }
    }

    /// Adds one shard's result, or notes why it cannot be added.
    pub fn add(&mut self, r: ShardReport) {
        self.results += 1;
        if let Err(problem) = self.try_add(r) {
            self.refuse(problem);
        }
    }

    fn try_add(&mut self, r: ShardReport) -> Result<(), MergeError> {
        let levels = r.depth.saturating_add(r.totals.profile.len());
        if r.shards == 0 || r.shards > MAX_SHARDS {
            return Err(MergeError::TooLarge {
                what: "\"shards\"",
                value: r.shards as u128,
                max: MAX_SHARDS,
            });
        }
        if levels > MAX_LEVELS || r.above.profile.len() > MAX_LEVELS {
            return Err(MergeError::TooLarge {
                what: "\"depth\" and \"profile\"",
                value: levels.max(r.above.profile.len()) as u128,
                max: MAX_LEVELS,
            });
        }
        let (fingerprint, shards) = *self.list.get_or_insert((r.fingerprint, r.shards));
        if r.fingerprint != fingerprint || r.shards != shards {
            return Err(MergeError::Foreign {
                index: r.index,
                path: r.path.clone(),
                found: r.fingerprint,
                found_shards: r.shards,
                expected: fingerprint,
                expected_shards: shards,
            });
        }
        if r.index >= shards {
            return Err(MergeError::OutOfRange {
                index: r.index,
                path: r.path.clone(),
                shards,
            });
        }
        match &self.above {
            None => {
                self.above = Some(r.above.clone());
                self.totals = r.above.clone();
                self.slots = vec![Slot::default(); shards];
                if self.keep_paths {
                    self.paths = Some(PathText::new(shards));
                }
            }
            Some(above) if *above != r.above => {
                return Err(MergeError::Edited {
                    index: r.index,
                    path: r.path.clone(),
                    what: "the split's own figures (\"above\") differ from the first result's"
                        .to_string(),
                });
            }
            Some(_) => {}
        }
        let empty = r.path == EMPTY_SLOT;
        if empty && (r.totals != Totals::default() || !r.status.is_complete() || r.from.is_some()) {
            return Err(MergeError::Edited {
                index: r.index,
                path: r.path.clone(),
                what: "an empty slot (past the tree's last shard) searches nothing, but this one counts something or is not complete".to_string(),
            });
        }
        let shard_path: Option<Path> = r.path.parse().ok();
        // The subtrees this result searched.
        let searched: Part = match (&r.from, &shard_path) {
            (Some(part), Some(whole))
                if part.paths().iter().all(|p| {
                    // A part within a node's subtree may be the shard's one node.
                    whole.contains(p) && (p != whole || !part.within().is_empty())
                }) =>
            {
                part.clone()
            }
            (Some(part), _) => {
                return Err(MergeError::Edited {
                    index: r.index,
                    path: r.path.clone(),
                    what: format!("its part `{part}` is not inside the shard"),
                })
            }
            (None, Some(whole)) => Part::from(whole.clone()),
            (None, None) => Part::from(Path::default()),
        };
        if r.depth != searched.depth() && shard_path.is_some() {
            return Err(MergeError::Edited {
                index: r.index,
                path: r.path.clone(),
                what: format!(
                    "its \"depth\" is {}, but its shallowest path has {} levels",
                    r.depth,
                    searched.depth()
                ),
            });
        }
        let complete = r.status.is_complete();
        if complete && !r.continuation.is_empty() {
            return Err(MergeError::Edited {
                index: r.index,
                path: r.path.clone(),
                what: "it is complete but names parts left to search".to_string(),
            });
        }
        check_parts(&r, &searched)?;
        // Accepted as one result of the list: count it.
        let mut totals = self.totals.clone();
        if !totals.checked_add_at(r.depth, &r.totals) {
            return Err(MergeError::Overflow);
        }
        let state = if complete {
            COMPLETE
        } else if r.continuation.is_empty() {
            INCOMPLETE
        } else {
            SPLIT
        };
        match &r.from {
            None => {
                let slot = &mut self.slots[r.index];
                if slot.state != EMPTY {
                    slot.state = TWICE;
                    return Err(MergeError::Duplicate {
                        index: r.index,
                        path: r.path.clone(),
                    });
                }
                slot.state = state;
                // Empty slots all have one path and name no subtree: none is relabelled.
                slot.path = if empty { 0 } else { hash_path(&r.path) };
                if let Some(paths) = &mut self.paths {
                    paths.set(r.index, &r.path);
                }
            }
            Some(part) => {
                let key = (r.index, part.clone());
                if self.parts.contains(&key) {
                    return Err(MergeError::Duplicate {
                        index: r.index,
                        path: format!("{}, part {part}", r.path),
                    });
                }
                self.parts.insert(key);
                if state == INCOMPLETE {
                    self.rerun_parts.push((r.index, part.clone()));
                }
            }
        }
        let slot = &mut self.slots[r.index];
        slot.solutions += &r.totals.solutions;
        self.totals = totals;
        for part in &r.continuation {
            self.named.push((r.index, part.clone()));
        }
        if state == INCOMPLETE {
            let path = match &r.from {
                Some(part) => format!("{}, part {part}", r.path),
                None => r.path.clone(),
            };
            return Err(MergeError::Incomplete {
                index: r.index,
                path,
                status: r.status,
            });
        }
        Ok(())
    }

    /// Checks the list as a whole and gives the outcome.
    pub fn finish(mut self) -> Merged {
        let Some((_, shards)) = self.list else {
            if self.issues.is_empty() {
                self.issues.push(MergeError::Empty);
            }
            return Merged {
                totals: Totals::default(),
                shards: 0,
                results: self.results,
                problems: self.issues,
                more_problems: self.more,
                rerun: Vec::new(),
                rerun_parts: self.rerun_parts,
                subtotals: None,
            };
        };
        let mut rerun: Vec<usize> = Vec::new();
        let missing: Vec<usize> = (0..self.slots.len())
            .filter(|&k| self.slots[k].state == EMPTY)
            .collect();
        // Two indices that claim one path: a result relabelled (or two lists mixed).
        let mut by_path: Vec<(u64, usize)> = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.path != 0)
            .map(|(k, s)| (s.path, k))
            .collect();
        by_path.sort_unstable();
        let mut relabelled = Vec::new();
        for pair in by_path.windows(2) {
            if pair[0].0 == pair[1].0 {
                relabelled.push((pair[0].1, pair[1].1));
            }
        }
        drop(by_path);
        for &(a, b) in &relabelled {
            self.refuse(MergeError::Relabelled {
                first: a,
                second: b,
            });
            rerun.extend([a, b]);
        }
        // The tree of parts: each named once, each there, none unnamed.
        let mut named: HashSet<(usize, Part)> = HashSet::with_capacity(self.named.len());
        for key in std::mem::take(&mut self.named) {
            if !named.insert(key.clone()) {
                self.refuse(MergeError::Edited {
                    index: key.0,
                    path: key.1.to_string(),
                    what: "this part is named by two results".to_string(),
                });
                rerun.push(key.0);
            }
        }
        let mut strays: Vec<(usize, Part)> = self
            .parts
            .iter()
            .filter(|k| !named.contains(*k))
            .cloned()
            .collect();
        strays.sort();
        for (index, path) in strays {
            self.refuse(MergeError::Stray {
                index,
                path: path.to_string(),
            });
            rerun.push(index);
        }
        let mut lost: Vec<(usize, Part)> = named
            .into_iter()
            .filter(|k| !self.parts.contains(k))
            .collect();
        lost.sort();
        if !lost.is_empty() {
            self.refuse(MergeError::MissingParts {
                parts: lost
                    .iter()
                    .take(20)
                    .map(|(i, p)| format!("{i}: {p}"))
                    .collect(),
                count: lost.len(),
            });
        }
        self.rerun_parts.extend(lost);
        self.rerun_parts.sort();
        if !missing.is_empty() {
            // Missing last, always kept: the list of what to run.
            let count = missing.len();
            let shown = missing.iter().take(MISSING_SHOWN).copied().collect();
            let problem = MergeError::Missing {
                missing: shown,
                count,
                shards,
            };
            self.issues.push(problem);
        }
        rerun.extend(missing);
        for (k, slot) in self.slots.iter().enumerate() {
            if slot.state == INCOMPLETE || slot.state == TWICE {
                rerun.push(k);
            }
        }
        rerun.sort_unstable();
        rerun.dedup();
        let subtotals = self.paths.map(|paths| Subtotals {
            paths,
            slots: std::mem::take(&mut self.slots),
        });
        Merged {
            totals: self.totals,
            shards,
            results: self.results,
            problems: self.issues,
            more_problems: self.more,
            rerun,
            rerun_parts: self.rerun_parts,
            subtotals,
        }
    }
}

/// How many missing indices a [`MergeError::Missing`] holds ([`Merged::rerun`] has all).
pub const MISSING_SHOWN: usize = 20;

/// Checks that the parts a result names are inside what it searched and apart, and that
/// they do not name the first subtree it searched whole again (it searched at least a node
/// of it).
fn check_parts(r: &ShardReport, searched: &Part) -> Result<(), MergeError> {
    let mut paths: Vec<&Path> = r.continuation.iter().flat_map(Part::paths).collect();
    paths.sort();
    let first = &searched.paths()[0];
    // The rest of a subtree stopped inside is named within its node (`Part::inside`), which
    // may be the first subtree searched.
    let inside: Vec<&Path> = r
        .continuation
        .iter()
        .filter(|p| !p.within().is_empty())
        .flat_map(Part::paths)
        .collect();
    for path in &paths {
        if (*path == first && !inside.contains(path))
            || !searched.paths().iter().any(|s| s.contains(path))
        {
            return Err(MergeError::Edited {
                index: r.index,
                path: r.path.clone(),
                what: format!("it names a part `{path}` outside what it searched"),
            });
        }
    }
    for pair in paths.windows(2) {
        if pair[0].overlaps(pair[1]) {
            return Err(MergeError::Edited {
                index: r.index,
                path: r.path.clone(),
                what: format!("its parts `{}` and `{}` overlap", pair[0], pair[1]),
            });
        }
    }
    Ok(())
}

fn hash_path(path: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    path.hash(&mut h);
    h.finish().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_keeps_each_path_and_cuts_long_ones() {
        let mut paths = PathText::new(4);
        paths.set(2, "1/10 3-4/7");
        let long = "12/300 ".repeat(100);
        paths.set(0, &long);
        // A cut inside a character of several bytes goes back to its start.
        let wide = "é".repeat(200);
        paths.set(3, &wide);
        assert_eq!(paths.get(2), Some("1/10 3-4/7"));
        assert_eq!(paths.get(1), None);
        let cut = paths.get(0).unwrap();
        assert_eq!(cut.len(), MAX_MANIFEST_PATH);
        assert_eq!(cut, format!("{}...", &long[..MAX_MANIFEST_PATH - 3]));
        let cut = paths.get(3).unwrap();
        assert!(
            cut.len() <= MAX_MANIFEST_PATH && cut.ends_with("é..."),
            "{cut}"
        );
        assert_eq!(paths.get(4), None);
    }
}
