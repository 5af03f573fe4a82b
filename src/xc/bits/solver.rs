//! The search of the bitset engine: levels as copies of the available options and of the
//! primary items' list lengths, so that backing up is returning to the level above.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::masks::{Masks, Word};
use super::BitsError;
use crate::xc::choose::{first_minimum, SearchOrder, UNSHARP};
use crate::xc::problem::{ForceError, OptionId, Problem};
use crate::xc::search::{Event, Limits, Outcome, Progress, Stats, Status};

/// The length of a covered primary item: above any real length, so the choice skips it.
const COVERED: i32 = 1 << 30;

/// Algorithm X (with colours, Algorithm C) on bit masks: the same search tree as
/// [`Solver`](crate::xc::Solver), for problems with up to [`MAX_OPTIONS`](super::MAX_OPTIONS)
/// options.
///
/// ```
/// use dlxkit::xc::bits::BitSolver;
/// use dlxkit::xc::{Limits, OptionId, Problem};
/// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
/// let mut s = BitSolver::new(&p)?;
/// assert_eq!(s.count().stats.solutions, 4);
/// s.force(OptionId::new(3))?; // A B
/// assert_eq!(s.all_solutions(), [[OptionId::new(3), OptionId::new(2)]]);
/// let mut limited = BitSolver::new(&p)?.with_limits(Limits::new().solutions(2));
/// assert_eq!(limited.count().stats.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitSolver<'p> {
    problem: &'p Problem,
    m: Masks,
    limits: Limits,
    /// The forced options, in the order they were forced.
    forced: Vec<OptionId>,
    /// Per level, `words` words: the options still available on entering it (level 0 is the
    /// state after the forced options).
    avail: Vec<Word>,
    /// Per level, one length per primary item (`COVERED` once covered).
    lens: Vec<i32>,
    /// Per level: the primary items not yet covered.
    left: Vec<u32>,
    /// Per level: the chosen item, the option to look from next, the options tried, and
    /// the item's list length when chosen.
    item: Vec<u32>,
    cursor: Vec<u32>,
    tried: Vec<u32>,
    degree: Vec<u32>,
    /// The solution being reported: the forced options, then the choices.
    solution: Vec<OptionId>,
    stats: Stats,
    status: Status,
}

impl<'p> BitSolver<'p> {
    /// A solver of `problem` with Knuth's plain item choice.
    pub fn new(problem: &'p Problem) -> Result<BitSolver<'p>, BitsError> {
        BitSolver::with_order(problem, &SearchOrder::new())
    }

    /// A solver of `problem` with the item choice of `order` (the sharp preference; a seed
    /// is refused, see [`BitsError::Seed`]).
    ///
    /// ```
    /// use dlxkit::xc::bits::{BitSolver, BitsError};
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("A #B\nA #B\nA\n#B\n")?;
    /// let sharp = SearchOrder::new().prefer_sharp(true);
    /// assert_eq!(BitSolver::with_order(&p, &sharp)?.count().stats.solutions, 2);
    /// let seeded = SearchOrder::new().seed(1);
    /// assert_eq!(BitSolver::with_order(&p, &seeded).unwrap_err(), BitsError::Seed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_order(
        problem: &'p Problem,
        order: &SearchOrder,
    ) -> Result<BitSolver<'p>, BitsError> {
        let m = Masks::new(problem, order)?;
        let words = m.words;
        let mut avail = vec![0 as Word; words];
        for o in 0..problem.option_count() {
            avail[o / 64] |= 1 << (o % 64);
        }
        let lens = m.lengths.iter().map(|&l| l as i32).collect();
        Ok(BitSolver {
            problem,
            limits: Limits::new(),
            forced: Vec::new(),
            avail,
            lens,
            left: vec![m.primaries as u32],
            item: Vec::new(),
            cursor: Vec::new(),
            tried: Vec::new(),
            degree: Vec::new(),
            solution: Vec::new(),
            stats: Stats::default(),
            status: Status::Complete,
            m,
        })
    }

    /// The same solver with these limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Puts `option` into every solution of the following searches, as
    /// [`Solver::force`](crate::xc::Solver::force) does. Fails, changing nothing, if the
    /// option clashes with one forced earlier.
    pub fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        let r = option.index();
        if r >= self.problem.option_count() {
            return Err(ForceError::UnknownOption { option: r });
        }
        if self.avail[r / 64] & (1 << (r % 64)) == 0 {
            return Err(ForceError::Conflict { option: r });
        }
        let words = self.m.words;
        let p = self.m.primaries;
        apply(&self.m, &mut self.avail[..words], &mut self.lens[..p], r);
        self.left[0] -= self.m.prims(r).len() as u32;
        self.forced.push(option);
        Ok(())
    }

    /// The forced options, in the order they were forced.
    pub fn forced(&self) -> &[OptionId] {
        &self.forced
    }

    /// Counts every solution (within the limits).
    pub fn count(&mut self) -> Outcome {
        self.run(0, |_| ControlFlow::Continue(()))
    }

    /// Every solution (within the limits), each as the forced options then the choices.
    pub fn all_solutions(&mut self) -> Vec<Vec<OptionId>> {
        let mut out = Vec::new();
        self.run(0, |event| {
            if let Event::Solution(s) = event {
                out.push(s.to_vec());
            }
            ControlFlow::Continue(())
        });
        out
    }

    /// The first solution, or `None` when there is none or a limit stopped the search
    /// first ([`BitSolver::status`] tells which).
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut first = None;
        self.run(0, |event| match event {
            Event::Solution(s) => {
                first = Some(s.to_vec());
                ControlFlow::Break(())
            }
            Event::Progress(_) => ControlFlow::Continue(()),
        });
        first
    }

    /// Why the last search ended.
    pub fn status(&self) -> Status {
        self.status
    }

    /// What the last search counted.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The most general search, as [`Solver::run`](crate::xc::Solver::run): every solution
    /// and a [`Progress`] about every `progress_every` nodes (never, when 0) go to the
    /// handler, until it returns `Break` or a limit is reached.
    pub fn run<F>(&mut self, progress_every: u64, mut handler: F) -> Outcome
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        let started = Instant::now();
        self.stats = Stats::default();
        self.status = self.search(progress_every, started, &mut handler);
        self.stats.elapsed = started.elapsed();
        Outcome {
            status: self.status,
            stats: self.stats.clone(),
        }
    }

    fn search<F>(&mut self, progress_every: u64, started: Instant, handler: &mut F) -> Status
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if self.limits.max_solutions == Some(0) {
            return Status::SolutionLimit;
        }
        let max_nodes = self.limits.max_nodes.unwrap_or(u64::MAX);
        let every = if progress_every == 0 {
            u64::MAX
        } else {
            progress_every
        };
        let (mut next_poll, mut next_progress) = (0u64, every);
        let (words, prims) = (self.m.words, self.m.primaries);
        if self.left[0] == 0 {
            // The forced options cover everything: as in the links, the root is a node
            // with no item to choose, and the solution sits below it.
            if max_nodes == 0 {
                return Status::NodeLimit;
            }
            self.stats.nodes = 1;
            count_level(&mut self.stats, 0);
            return self
                .found(1, 0, max_nodes, handler)
                .unwrap_or(Status::Complete);
        }
        let mut level = 0usize;
        loop {
            // Enter a node at `level`.
            let nodes = self.stats.nodes;
            if self.left[level] == 0 {
                if let Some(status) = self.found(level, level, max_nodes, handler) {
                    return status;
                }
                level -= 1;
            } else {
                if nodes >= max_nodes {
                    return Status::NodeLimit;
                }
                if nodes >= next_poll {
                    next_poll = nodes + 1024;
                    let cancelled = self
                        .limits
                        .cancel
                        .as_ref()
                        .is_some_and(|flag| flag.load(Ordering::Relaxed));
                    if cancelled {
                        return Status::Cancelled;
                    }
                    if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                        return Status::TimeLimit;
                    }
                }
                if nodes >= next_progress {
                    next_progress = nodes.saturating_add(every);
                    let progress = self.progress(level, started);
                    if handler(Event::Progress(progress)).is_break() {
                        return Status::Stopped;
                    }
                }
                self.stats.nodes = nodes + 1;
                count_level(&mut self.stats, level);
                let lens = &self.lens[level * prims..][..prims];
                let p = self.choose(lens);
                let d = lens[p] as u32;
                if d == 0 {
                    self.stats.dead_ends += 1;
                } else if d >= 2 {
                    self.stats.branches += 1;
                }
                if self.item.len() == level {
                    self.item.push(0);
                    self.cursor.push(0);
                    self.tried.push(0);
                    self.degree.push(0);
                }
                (self.item[level], self.cursor[level]) = (p as u32, 0);
                (self.tried[level], self.degree[level]) = (0, d);
            }
            // Try the next option at `level`, backing up while a level has none left.
            loop {
                let p = self.item[level] as usize;
                let from = self.cursor[level] as usize;
                let avail = &self.avail[level * words..][..words];
                match next_option(avail, self.m.holders(p), from) {
                    Some(r) => {
                        self.cursor[level] = r as u32 + 1;
                        self.tried[level] += 1;
                        self.descend(level, r);
                        level += 1;
                        break;
                    }
                    None if level == 0 => return Status::Complete,
                    None => level -= 1,
                }
            }
        }
    }

    /// Counts a solution at `level` whose choices are those of levels `0..chosen`, and
    /// reports it; the status when the search must stop.
    fn found<F>(
        &mut self,
        level: usize,
        chosen: usize,
        max_nodes: u64,
        handler: &mut F,
    ) -> Option<Status>
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if self.stats.nodes >= max_nodes {
            return Some(Status::NodeLimit);
        }
        self.stats.nodes += 1;
        count_level(&mut self.stats, level);
        self.stats.solutions += 1;
        self.solution.clear();
        self.solution.extend_from_slice(&self.forced);
        let choices = self.cursor[..chosen].iter();
        self.solution
            .extend(choices.map(|&c| OptionId::new(c as usize - 1)));
        if handler(Event::Solution(&self.solution)).is_break() {
            return Some(Status::Stopped);
        }
        if self.limits.max_solutions == Some(self.stats.solutions) {
            return Some(Status::SolutionLimit);
        }
        None
    }

    /// Makes level `level + 1` the state of `level` with option `r` chosen.
    #[inline]
    fn descend(&mut self, level: usize, r: usize) {
        let (words, prims) = (self.m.words, self.m.primaries);
        let next = level + 1;
        if self.left.len() == next {
            self.left.push(0);
            self.avail.resize((next + 1) * words, 0);
            self.lens.resize((next + 1) * prims, 0);
        }
        self.avail
            .copy_within(level * words..next * words, next * words);
        self.lens
            .copy_within(level * prims..next * prims, next * prims);
        self.left[next] = self.left[level] - self.m.prims(r).len() as u32;
        apply(
            &self.m,
            &mut self.avail[next * words..][..words],
            &mut self.lens[next * prims..][..prims],
            r,
        );
    }

    /// Knuth's choice over the lengths of one level: the smallest, the leftmost on ties
    /// (with the sharp preference, items not named `#...` count as longer unless they have
    /// at most one option).
    #[inline]
    fn choose(&self, lens: &[i32]) -> usize {
        if self.m.unsharp.is_empty() {
            return first_minimum(lens, 0).expect("an uncovered primary item is left");
        }
        let mut best = 0;
        let mut least = i64::MAX;
        for (k, &len) in lens.iter().enumerate() {
            if len >= COVERED {
                continue;
            }
            let mut key = i64::from(len);
            if key > 1 && self.m.unsharp[k] {
                key += UNSHARP;
            }
            if key < least {
                (best, least) = (k, key);
                if key == 0 {
                    break;
                }
            }
        }
        best
    }

    /// Knuth's estimate of the fraction of the tree explored, as the links make it.
    fn progress(&self, level: usize, started: Instant) -> Progress {
        let (mut fraction, mut scale) = (0.0, 1.0);
        for l in 0..level {
            let (k, d) = (self.tried[l], self.degree[l]);
            scale *= f64::from(d.max(k));
            fraction += f64::from(k - 1) / scale;
        }
        Progress {
            nodes: self.stats.nodes,
            solutions: self.stats.solutions,
            level,
            estimate: (fraction + 0.5 / scale).min(1.0),
            elapsed: started.elapsed(),
        }
    }
}

/// Chooses option `r` in the state (`avail`, `lens`): the options it clashes with go, their
/// primary items' lengths fall, and its own primary items are covered.
#[inline]
fn apply(m: &Masks, avail: &mut [Word], lens: &mut [i32], r: usize) {
    for (w, (a, &c)) in avail.iter_mut().zip(m.clash(r)).enumerate() {
        let mut gone = *a & c;
        *a ^= gone;
        while gone != 0 {
            let o = w * 64 + gone.trailing_zeros() as usize;
            gone &= gone - 1;
            for &p in m.prims(o) {
                lens[p as usize] -= 1;
            }
        }
    }
    for &p in m.prims(r) {
        lens[p as usize] = COVERED;
    }
}

/// The first option at or after `from` in both `avail` and `holders`.
#[inline]
fn next_option(avail: &[Word], holders: &[Word], from: usize) -> Option<usize> {
    let mut w = from / 64;
    if w >= avail.len() {
        return None;
    }
    let mut bits = avail[w] & holders[w] & (!0 << (from % 64));
    loop {
        if bits != 0 {
            return Some(w * 64 + bits.trailing_zeros() as usize);
        }
        w += 1;
        if w == avail.len() {
            return None;
        }
        bits = avail[w] & holders[w];
    }
}

/// Counts a node at `level` in the profile.
fn count_level(stats: &mut Stats, level: usize) {
    match stats.profile.get_mut(level) {
        Some(n) => *n += 1,
        None => {
            stats.profile.resize(level + 1, 0);
            stats.profile[level] = 1;
        }
    }
}
