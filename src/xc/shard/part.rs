//! A part of a shard's continuation: the subtrees that one task searches, one path or
//! several apart (`3/8 2/5 4-6/6, 3/8 3-5/5`), in the order of the search.
//!
//! A shard that spends its budget names the rest of every level it stood on, and the deep
//! rests are mostly a few nodes each, while a run of siblings left at a shallow level may
//! hold many budgets: one task per path would make most tasks tiny and some huge. So the
//! rest is packed into parts of about a budget each, by the shard's own estimate (a run too
//! large is cut into runs of fewer siblings, small paths next to each other go together),
//! and each part runs as one task ([`Part::run_within`]), which splits itself again if the
//! estimate was short.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use thiserror::Error;

use super::{Budgeted, LocateError, Path, PathError, Shard, SplitBudget, Step};
use crate::xc::problem::OptionId;
use crate::xc::search::{Event, Solver};
use crate::xc::storage::Storage;

/// The subtrees one task of a self-splitting shard searches: one [`Path`] or several that
/// do not overlap, kept in the order of the search (see the module documentation).
///
/// ```
/// use dlxkit::xc::shard::Part;
/// let part: Part = "3/8 3-5/5, 3/8 2/5 4-6/6".parse()?;
/// assert_eq!(part.to_string(), "3/8 2/5 4-6/6, 3/8 3-5/5"); // in the order of the search
/// assert_eq!((part.paths().len(), part.depth()), (2, 2));
/// assert!("3/8, 3/8 1/5".parse::<Part>().is_err()); // the second is inside the first
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A part of a minimum-cost search may also be *within* one node's subtree: the solutions
/// below one path that take the options `+N` and none of the options `-N` (option numbers
/// from 0, as [`crate::xc::OptionId::index`]), several such sets apart joined by `|`: the
/// rest of DLX5's own tree where a search of that subtree was stopped (`shard/best.rs`).
///
/// ```
/// use dlxkit::xc::shard::Part;
/// let part: Part = "2/5 3/4 -3 -9 | +17 +40 -3 -9".parse()?;
/// assert_eq!(part.to_string(), "2/5 3/4 -3 -9 | +17 +40 -3 -9");
/// let within = &part.within()[1];
/// assert_eq!((within.taken.len(), within.left_out.len()), (2, 2));
/// assert!("2/5 1-3/4 +17".parse::<Part>().is_err()); // a run of siblings, not one node
/// assert!("2/5 +17 -17".parse::<Part>().is_err()); // taken and left out
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    paths: Vec<Path>,
    within: Vec<Within>,
}

/// The options one set of a part within one node's subtree takes and leaves out
/// ([`Part::within`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Within {
    /// The options every solution of the part takes, in the order of the search.
    pub taken: Vec<OptionId>,
    /// The options no solution of the part takes, in increasing order.
    pub left_out: Vec<OptionId>,
}

/// Why a text or a list of paths is not a [`Part`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PartError {
    /// One of its paths cannot be read.
    #[error(transparent)]
    Path(#[from] PathError),
    /// No path at all.
    #[error("a part names at least one path")]
    Empty,
    /// Two of its paths have a node in common.
    #[error("the paths `{0}` and `{1}` of a part overlap")]
    Overlap(String, String),
    /// A word after the path that is not `+N` or `-N` with N an option number.
    #[error("`{0}` is not an option taken (`+N`) or left out (`-N`), N a number from 0")]
    Option(String),
    /// Options taken or left out after several paths, or a run of siblings.
    #[error("options taken or left out follow one path to one node, not `{0}`")]
    WithinRun(String),
    /// An option both taken and left out.
    #[error("option {0} is both taken (`+{0}`) and left out (`-{0}`)")]
    TakenAndLeftOut(usize),
}

impl Part {
    /// The part of these paths, sorted into the order of the search; refused when there is
    /// none or two overlap.
    pub fn new(mut paths: Vec<Path>) -> Result<Part, PartError> {
        if paths.is_empty() {
            return Err(PartError::Empty);
        }
        paths.sort();
        if let Some(w) = paths.windows(2).find(|w| w[0].overlaps(&w[1])) {
            return Err(PartError::Overlap(w[0].to_string(), w[1].to_string()));
        }
        Ok(Part {
            paths,
            within: Vec::new(),
        })
    }

    /// The part of the solutions below `path` (one node) that, for one of the sets of
    /// `within`, take every option of its `taken` and none of its `left_out`; refused when
    /// `path` ends in a run of siblings, there is no set, or an option is both taken and
    /// left out.
    pub fn inside(path: Path, mut within: Vec<Within>) -> Result<Part, PartError> {
        if within.is_empty() {
            return Err(PartError::Empty);
        }
        if path.steps().last().is_some_and(|s| s.first != s.last) {
            return Err(PartError::WithinRun(path.to_string()));
        }
        for set in &mut within {
            set.left_out.sort();
            set.left_out.dedup();
            if let Some(o) = set
                .taken
                .iter()
                .find(|o| set.left_out.binary_search(o).is_ok())
            {
                return Err(PartError::TakenAndLeftOut(o.index()));
            }
        }
        Ok(Part {
            paths: vec![path],
            within,
        })
    }

    /// Its paths, in the order of the search.
    pub fn paths(&self) -> &[Path] {
        &self.paths
    }

    /// The sets of options taken and left out, for a part within one node's subtree
    /// (empty otherwise).
    pub fn within(&self) -> &[Within] {
        &self.within
    }

    /// The depth of its shallowest path: the first level of the task's profile.
    pub fn depth(&self) -> usize {
        self.paths.iter().map(Path::depth).min().unwrap_or(0)
    }

    /// The sum of its paths' shares of the tree.
    pub fn share(&self) -> f64 {
        self.paths.iter().map(Path::share).sum()
    }

    /// Searches the part's subtrees one after the other as one task, as
    /// [`Shard::run_within`] searches a shard: within `budget`, naming what is left as
    /// parts. Refused when a path is not a subtree of the search of `solver`. On a solver of
    /// Algorithm X or C with a seed or `#` items preferred, the paths are of the tree its
    /// links walk by Knuth's choice, and each subtree is searched whole in the solver's own
    /// order, as [`Shard::run_within`] says.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlxkit::xc::{Arena, Problem, Solver, Status};
    /// use dlxkit::xc::shard::{Part, SplitBudget};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let arena = Arena::new();
    /// let mut solver = Solver::new(&p, &arena);
    /// let part: Part = "1/3 1/2, 2-3/3".parse()?; // all of the tree but `A` then `B C`
    /// let run = part.run_within(&mut solver, SplitBudget::unlimited(), false, |_| {
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!((run.outcome.status, run.outcome.stats.solutions), (Status::Complete, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_within<S, F>(
        &self,
        solver: &mut Solver<'_, S>,
        budget: SplitBudget,
        list: bool,
        handler: F,
    ) -> Result<Budgeted, LocateError>
    where
        S: Storage,
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if !solver.is_splittable() {
            return super::whole::run_unsplittable(self, solver, budget, list, handler);
        }
        let first = Shard::locate(solver, &self.paths[0])?;
        for path in &self.paths[1..] {
            Shard::locate(solver, path)?;
        }
        Ok(super::resumable::run(
            &first,
            &self.paths[1..],
            self.depth(),
            solver,
            budget,
            list,
            handler,
        ))
    }
}

impl From<Path> for Part {
    fn from(path: Path) -> Part {
        Part {
            paths: vec![path],
            within: Vec::new(),
        }
    }
}

impl fmt::Display for Part {
    /// The paths joined by `, `, then the options taken (`+N`) and left out (`-N`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, path) in self.paths.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{path}")?;
        }
        for (k, within) in self.within.iter().enumerate() {
            if k > 0 {
                f.write_str(" |")?;
            }
            for o in &within.taken {
                write!(f, " +{}", o.index())?;
            }
            for o in &within.left_out {
                write!(f, " -{}", o.index())?;
            }
        }
        Ok(())
    }
}

impl FromStr for Part {
    type Err = PartError;

    fn from_str(text: &str) -> Result<Part, PartError> {
        // The options taken or left out follow the (one) path, after its first `+` or `-`.
        // (`-` alone is the root's path.)
        let word_start = text.char_indices().find(|&(at, c)| {
            let after = text[at + c.len_utf8()..].chars().next();
            (c == '|' || (matches!(c, '+' | '-') && after.is_some_and(|a| !a.is_whitespace())))
                && text[..at]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace)
        });
        let (paths, options) = match word_start.map(|(at, _)| at) {
            Some(at) => (&text[..at], Some(&text[at..])),
            None => (text, None),
        };
        let paths = paths
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<Path>, PathError>>()?;
        let Some(options) = options else {
            return Part::new(paths);
        };
        let mut within = vec![Within::default()];
        for word in options.split_whitespace() {
            if word == "|" {
                within.push(Within::default());
                continue;
            }
            let set = within.last_mut().expect("one set at least");
            let (sign, number) = word.split_at(word.chars().next().map_or(0, char::len_utf8));
            let option = number
                .parse::<u32>()
                .ok()
                .filter(|_| number.bytes().all(|b| b.is_ascii_digit()))
                .map(|n| OptionId::new(n as usize))
                .ok_or_else(|| PartError::Option(word.to_string()))?;
            match sign {
                "+" => set.taken.push(option),
                "-" => set.left_out.push(option),
                _ => return Err(PartError::Option(word.to_string())),
            }
        }
        match <[Path; 1]>::try_from(paths) {
            Ok([path]) => Part::inside(path, within),
            Err(paths) => Err(PartError::WithinRun(
                paths
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        }
    }
}

/// The paths left by a task that spent its budget, packed into parts of about `target`
/// nodes each, by the estimate `size` of one node at a path's last level (`None`: not
/// known, taken as a whole task) times its `live` siblings (their numbers: the others are
/// dead ends, counted by the task that named them). A run estimated above the target is cut
/// into runs with even numbers of live siblings; then the paths, in order, go to as few
/// parts as the estimated total needs, each near the mean (a path goes to the part where
/// the middle of its estimate falls).
pub(super) fn pack(
    paths: Vec<Path>,
    target: u64,
    size: impl Fn(&Path) -> Option<u64>,
    mut live: impl FnMut(&Path) -> Vec<u32>,
) -> Vec<Part> {
    let target = target.max(1);
    let mut pieces: Vec<(Path, u64)> = Vec::with_capacity(paths.len());
    for path in paths {
        let Some(&step) = path.steps().last() else {
            pieces.push((path, target));
            continue;
        };
        let Some(each) = size(&path) else {
            pieces.push((path, target));
            continue;
        };
        let each = each.max(1);
        let alive = live(&path);
        let m = alive.len();
        let runs = each.saturating_mul(m as u64).div_ceil(target).min(m as u64) as usize;
        if runs <= 1 {
            let estimate = each.saturating_mul(m.max(1) as u64);
            pieces.push((path, estimate));
            continue;
        }
        let mut at = 0;
        for r in 0..runs {
            // Runs of even size: the first `m % runs` one live sibling longer.
            let len = m / runs + usize::from(r < m % runs);
            let mut piece = path.clone();
            let last = piece.0.len() - 1;
            piece.0[last] = Step {
                first: alive[at],
                last: alive[at + len - 1],
                of: step.of,
            };
            at += len;
            pieces.push((piece, each.saturating_mul(len as u64)));
        }
    }
    let total: u64 = pieces.iter().fold(0, |t, &(_, e)| t.saturating_add(e));
    let parts = total.div_ceil(target).max(1);
    let mean = total as f64 / parts as f64;
    let mut packed: Vec<Vec<Path>> = Vec::new();
    let mut before = 0u64;
    let mut last_group = None;
    for (path, estimate) in pieces {
        let middle = before as f64 + estimate as f64 / 2.0;
        let group = ((middle / mean) as u64).min(parts - 1);
        before = before.saturating_add(estimate);
        if last_group == Some(group) {
            packed.last_mut().expect("a group was begun").push(path);
        } else {
            packed.push(vec![path]);
            last_group = Some(group);
        }
    }
    packed
        .into_iter()
        .map(|paths| Part::new(paths).expect("the rest of a search is paths apart"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Path {
        text.parse().unwrap()
    }

    #[test]
    fn parts_read_back_and_refuse_overlaps() {
        let part: Part = " 2/3 , 1/3 1-2/2".parse().unwrap();
        assert_eq!(part.to_string(), "1/3 1-2/2, 2/3");
        assert_eq!(part.to_string().parse::<Part>(), Ok(part));
        assert_eq!("1/3".parse::<Part>(), Ok(Part::from(p("1/3"))));
        assert_eq!(
            "1-2/3, 2/3 1/2".parse::<Part>(),
            Err(PartError::Overlap("1-2/3".into(), "2/3 1/2".into()))
        );
        assert!(matches!("1/3,".parse::<Part>(), Err(PartError::Path(_))));
        assert!(matches!("".parse::<Part>(), Err(PartError::Path(_))));
        assert_eq!(Part::new(Vec::new()), Err(PartError::Empty));
    }

    #[test]
    fn the_rest_is_packed_near_the_target() {
        // Small deep rests go together; a long shallow run is cut into runs of about the
        // target; nothing is lost or named twice.
        let rest = vec![p("1/4 2/3 5-6/6"), p("1/4 3/3"), p("2-4/4")];
        let size = |path: &Path| {
            Some(match path.depth() {
                3 => 10,
                2 => 30,
                _ => 100,
            })
        };
        let all = |path: &Path| {
            let step = path.steps().last().unwrap();
            (step.first..=step.last).collect()
        };
        let parts = pack(rest, 100, size, all);
        let text: Vec<String> = parts.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["1/4 2/3 5-6/6, 1/4 3/3", "2/4", "3/4", "4/4"]);
        // Unknown sizes are a task each, and a target of 0 is 1.
        let parts = pack(vec![p("1/2 1/2"), p("2/2")], 0, |_| None, all);
        assert_eq!(parts.len(), 2);
        // A run is cut between live siblings (dead ends are counted by the task that named
        // them): 2, 4, 5 and 7 live of 2-7/7.
        let parts = pack(vec![p("3/3 2-7/7")], 20, |_| Some(10), |_| vec![2, 4, 5, 7]);
        let text: Vec<String> = parts.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["3/3 2-4/7", "3/3 5-7/7"]);
    }
}
