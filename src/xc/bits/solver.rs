//! The search of the bitset engine: levels as states (see [`levels`](super::levels)), so
//! that backing up is returning to the level above.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::levels::{ByCounts, ByLengths, ByLiveWords, Levels, COUNTS_MAX_PRIMARIES};
use super::masks::{Masks, Numbering};
use super::tally::{Knuth, Silent, Tally};
use super::BitsError;
use crate::xc::choose::SearchOrder;
use crate::xc::problem::{ForceError, OptionId, Problem};
use crate::xc::search::{Counts, Event, Limits, Outcome, Progress, Stats, Status};

/// The most primary items times words of options for which the choice counts lengths
/// afresh ([`ByCounts`]) rather than keeping them ([`ByLengths`]) whatever the options'
/// sizes: up to 160, which takes in Langford 12 and 13 (36 and 39 items of 4 words), where
/// counting afresh measured faster (BENCHMARKS.md, "Issue 28's goals for the default
/// engine").
const COUNTS_MAX_WORK: usize = 160;

/// The fewest primary items in an option (the most in any one) from which the choice counts
/// lengths afresh at any size, over fixed words up to 8 ([`ByCounts`]) and over the live
/// words beyond ([`ByLiveWords`]): an option taken away then costs three dependent
/// decrements or more, and counting measured faster on every such problem tried
/// (pentominoes, Langford, Soma, the coloured instance of BENCHMARKS.md's Python table),
/// while on some of two items per option (coloured de Bruijn-like problems) keeping lengths
/// stays ahead.
const COUNTS_MIN_STRIDE: usize = 3;

/// The levels of one solver, by the way they keep lengths.
#[derive(Clone, Debug)]
enum State {
    Lengths(ByLengths),
    Live(ByLiveWords),
    Counts1(ByCounts<1>),
    Counts2(ByCounts<2>),
    Counts3(ByCounts<3>),
    Counts4(ByCounts<4>),
    Counts5(ByCounts<5>),
    Counts6(ByCounts<6>),
    Counts7(ByCounts<7>),
    Counts8(ByCounts<8>),
}

impl State {
    /// The levels `m` is searched fastest with.
    fn new(m: &Masks) -> State {
        let counted = m.primaries <= COUNTS_MAX_PRIMARIES
            && (m.primaries * m.words <= COUNTS_MAX_WORK || m.stride >= COUNTS_MIN_STRIDE);
        match m.words {
            1 if counted => State::Counts1(ByCounts::new(m)),
            2 if counted => State::Counts2(ByCounts::new(m)),
            3 if counted => State::Counts3(ByCounts::new(m)),
            4 if counted => State::Counts4(ByCounts::new(m)),
            5 if counted => State::Counts5(ByCounts::new(m)),
            6 if counted => State::Counts6(ByCounts::new(m)),
            7 if counted => State::Counts7(ByCounts::new(m)),
            8 if counted => State::Counts8(ByCounts::new(m)),
            _ if counted => State::Live(ByLiveWords::new(m)),
            _ => State::Lengths(ByLengths::new(m)),
        }
    }
}

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
    /// The levels' states (level 0 is the state after the forced options).
    state: State,
    walk: Walk,
    status: Status,
    /// The seed of the items' and options' order.
    seed: Option<u64>,
    /// Whether the order is Knuth's plain one: the tree is then the links' plain tree, whose
    /// paths [`BitSolver::stop_point`] names.
    plain: bool,
    /// Knuth's updates and cleansings, when counted ([`BitSolver::count_updates`]).
    tally: Option<Box<Knuth>>,
}

impl<'p> BitSolver<'p> {
    /// A solver of `problem` with Knuth's plain item choice.
    pub fn new(problem: &'p Problem) -> Result<BitSolver<'p>, BitsError> {
        BitSolver::with_order(problem, &SearchOrder::new())
    }

    /// A solver of `problem` with the item choice of `order`: the sharp preference, and a
    /// seed's random order of the items and options (reproducible, the same solutions; the
    /// tree is not the links' seeded tree, whose shuffled lists have no bit-set form).
    /// Item bounds and a problem too large are refused ([`BitsError`]).
    ///
    /// ```
    /// use dlxkit::xc::bits::{BitSolver, BitsError};
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("A #B\nA #B\nA\n#B\n")?;
    /// let sharp = SearchOrder::new().prefer_sharp(true);
    /// assert_eq!(BitSolver::with_order(&p, &sharp)?.count().stats.solutions, 2);
    /// let seeded = SearchOrder::new().seed(1);
    /// let once = BitSolver::with_order(&p, &seeded)?.all_solutions();
    /// assert_eq!(once, BitSolver::with_order(&p, &seeded)?.all_solutions());
    /// assert_eq!(once.len(), 2);
    /// let bounded = Problem::from_dlx("1:2|A\nA\n")?;
    /// assert_eq!(BitSolver::new(&bounded).unwrap_err(), BitsError::Bounds);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_order(
        problem: &'p Problem,
        order: &SearchOrder,
    ) -> Result<BitSolver<'p>, BitsError> {
        let m = Masks::new(problem, order)?;
        let levels = m.primaries + 1;
        Ok(BitSolver {
            problem,
            limits: Limits::new(),
            forced: Vec::new(),
            state: State::new(&m),
            walk: Walk {
                item: vec![0; levels],
                cursor: vec![0; levels],
                tried: vec![0; levels],
                degree: vec![0; levels],
                at: 0,
                solution: Vec::new(),
                stats: Stats::default(),
            },
            status: Status::Complete,
            seed: order.seed,
            plain: order.is_plain(),
            tally: None,
            m,
        })
    }

    /// Counts (or not) the updates and cleansings the links would count on the same tree,
    /// as [`Stats`] reports them (without it they stay 0). Knuth's counts come from the
    /// links' data structure, so the bit sets work them out from the options each node
    /// hides, at a cost the plain search does not pay (BENCHMARKS.md, "Updates on bit
    /// sets").
    ///
    /// ```
    /// use dlxkit::xc::bits::BitSolver;
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let mut s = BitSolver::new(&p)?;
    /// assert_eq!(s.count().stats.updates_kept(), None);
    /// s.count_updates(true);
    /// let stats = s.count().stats;
    /// assert_eq!((stats.nodes, stats.updates), (6, 30)); // as Knuth's DLX1 counts
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_updates(&mut self, on: bool) {
        if on == self.tally.is_some() {
            return;
        }
        self.tally = on.then(|| {
            let numbering = Numbering::new(self.problem, self.seed);
            let mut tally = Knuth::new(self.problem, &numbering, self.m.words);
            for &o in &self.forced {
                tally.force(self.m.bit(o));
            }
            Box::new(tally)
        });
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
        if option.index() >= self.problem.option_count() {
            return Err(ForceError::UnknownOption {
                option: option.index(),
            });
        }
        let r = self.m.bit(option);
        let m = &self.m;
        let taken = match &mut self.state {
            State::Lengths(l) => force(l, m, r),
            State::Live(l) => force(l, m, r),
            State::Counts1(l) => force(l, m, r),
            State::Counts2(l) => force(l, m, r),
            State::Counts3(l) => force(l, m, r),
            State::Counts4(l) => force(l, m, r),
            State::Counts5(l) => force(l, m, r),
            State::Counts6(l) => force(l, m, r),
            State::Counts7(l) => force(l, m, r),
            State::Counts8(l) => force(l, m, r),
        };
        if !taken {
            return Err(ForceError::Conflict {
                option: option.index(),
            });
        }
        if let Some(tally) = &mut self.tally {
            tally.force(r);
        }
        self.forced.push(option);
        Ok(())
    }

    /// Removes every forced option (the levels start afresh from the masks).
    ///
    /// ```
    /// # use dlxkit::xc::bits::BitSolver;
    /// # use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let mut s = BitSolver::new(&p)?;
    /// s.force(OptionId::new(2))?;
    /// assert_eq!(s.count().stats.solutions, 1);
    /// s.unforce_all();
    /// assert_eq!(s.count().stats.solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unforce_all(&mut self) {
        if !self.forced.is_empty() {
            match &mut self.state {
                State::Lengths(l) => l.reset(&self.m),
                state => *state = State::new(&self.m),
            }
            self.forced.clear();
            if let Some(tally) = &mut self.tally {
                tally.unforce_all();
            }
        }
    }

    /// Stops the following searches at these limits.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
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

    /// Whether the order is Knuth's plain one (the links' plain tree).
    pub(crate) fn plain(&self) -> bool {
        self.plain
    }

    /// Why the last search ended.
    pub fn status(&self) -> Status {
        self.status
    }

    /// What the last search counted.
    pub fn stats(&self) -> &Stats {
        &self.walk.stats
    }

    /// Where the last search stood when a limit of nodes or time (or a cancel) stopped it
    /// before the node it was about to enter: per level below the forced options, the option
    /// taken, its number among the node's options (from 1, as the links number a node's
    /// branches) and how many the node has. `None` after another end, and in an order other
    /// than Knuth's plain one (the links' plain tree is what the levels would name).
    ///
    /// ```
    /// use dlxkit::xc::bits::BitSolver;
    /// use dlxkit::xc::{Limits, OptionId, Problem};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// let mut s = BitSolver::new(&p)?.with_limits(Limits::new().nodes(2));
    /// s.count();
    /// // The root (A: options 0, 3, 5) took `A`, then the node below it (B: 1, 4) took `B`.
    /// let taken = [(OptionId::new(0), 1, 3), (OptionId::new(1), 1, 2)];
    /// assert_eq!(s.stop_point().as_deref(), Some(&taken[..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stop_point(&self) -> Option<Vec<(OptionId, u32, u32)>> {
        let stopped = matches!(
            self.status,
            Status::NodeLimit | Status::TimeLimit | Status::Cancelled
        );
        if !(self.plain && stopped) {
            return None;
        }
        let w = &self.walk;
        let levels = (0..w.at).map(|l| {
            let option = self.m.option(w.cursor[l] as usize - 1);
            (option, w.tried[l], w.degree[l])
        });
        Some(levels.collect())
    }

    /// The most general search, as [`Solver::run`](crate::xc::Solver::run): every solution
    /// and a [`Progress`] about every `progress_every` nodes (never, when 0) go to the
    /// handler, until it returns `Break` or a limit is reached.
    pub fn run<F>(&mut self, progress_every: u64, mut handler: F) -> Outcome
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        let started = Instant::now();
        self.walk.stats = Stats::default();
        self.walk.at = 0;
        let search = Search {
            m: &self.m,
            forced: &self.forced,
            limits: &self.limits,
            progress_every,
            started,
        };
        self.status = match &mut self.tally {
            None => search.levels(&mut self.walk, &mut self.state, &mut Silent, &mut handler),
            Some(tally) => {
                tally.restart();
                let status =
                    search.levels(&mut self.walk, &mut self.state, &mut **tally, &mut handler);
                (self.walk.stats.updates, self.walk.stats.cleansings) = tally.counts();
                status
            }
        };
        self.walk.stats.elapsed = started.elapsed();
        self.walk.stats.counts = match self.tally {
            Some(_) => Counts::Links,
            None => Counts::Tree,
        };
        Outcome {
            status: self.status,
            stats: self.walk.stats.clone(),
        }
    }
}

/// Forces option `r` into `levels` if it is available; whether it was.
fn force<L: Levels>(levels: &mut L, m: &Masks, r: usize) -> bool {
    let available = levels.available(r);
    if available {
        levels.force(m, r);
    }
    available
}

/// What a search walks besides the levels' states: per level, the chosen item, the option
/// to look from next, the options tried and the item's list length when chosen; the
/// solution being reported; the counts.
#[derive(Clone, Debug)]
struct Walk {
    item: Vec<u32>,
    cursor: Vec<u32>,
    tried: Vec<u32>,
    degree: Vec<u32>,
    /// The level the search ended at (the node a limit stopped it before).
    at: usize,
    /// The forced options, then the choices.
    solution: Vec<OptionId>,
    stats: Stats,
}

/// One search, generic over the way its levels are kept: what it reads (the walk it
/// writes is an argument of its own, so that the compiler knows no other reference reaches
/// it and keeps its vectors' addresses in registers across the levels' calls).
struct Search<'s> {
    m: &'s Masks,
    forced: &'s [OptionId],
    limits: &'s Limits,
    progress_every: u64,
    started: Instant,
}

impl Search<'_> {
    /// [`Search::run`] on the levels of `state`.
    fn levels<T: Tally, F>(
        &self,
        walk: &mut Walk,
        state: &mut State,
        tally: &mut T,
        handler: &mut F,
    ) -> Status
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        match state {
            State::Lengths(l) => self.run(walk, l, tally, handler),
            State::Live(l) => self.run(walk, l, tally, handler),
            State::Counts1(l) => self.run(walk, l, tally, handler),
            State::Counts2(l) => self.run(walk, l, tally, handler),
            State::Counts3(l) => self.run(walk, l, tally, handler),
            State::Counts4(l) => self.run(walk, l, tally, handler),
            State::Counts5(l) => self.run(walk, l, tally, handler),
            State::Counts6(l) => self.run(walk, l, tally, handler),
            State::Counts7(l) => self.run(walk, l, tally, handler),
            State::Counts8(l) => self.run(walk, l, tally, handler),
        }
    }

    fn run<L: Levels, T: Tally, F>(
        &self,
        walk: &mut Walk,
        levels: &mut L,
        tally: &mut T,
        handler: &mut F,
    ) -> Status
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if self.limits.max_solutions == Some(0) {
            return Status::SolutionLimit;
        }
        let max_nodes = self.limits.max_nodes.unwrap_or(u64::MAX);
        let every = if self.progress_every == 0 {
            u64::MAX
        } else {
            self.progress_every
        };
        let (mut next_poll, mut next_progress) = (0u64, every);
        let m = self.m;
        if levels.done(0) {
            // The forced options cover everything: as in the links, the root is a node
            // with no item to choose, and the solution sits below it.
            if max_nodes == 0 {
                return Status::NodeLimit;
            }
            walk.stats.nodes = 1;
            count_level(&mut walk.stats, 0);
            return self
                .found(walk, 1, 0, max_nodes, handler)
                .unwrap_or(Status::Complete);
        }
        let mut level = 0usize;
        loop {
            // Enter a node at `level`.
            let nodes = walk.stats.nodes;
            if levels.done(level) {
                if let Some(status) = self.found(walk, level, level, max_nodes, handler) {
                    walk.at = level;
                    return status;
                }
                level -= 1;
            } else {
                if nodes >= max_nodes {
                    walk.at = level;
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
                        walk.at = level;
                        return Status::Cancelled;
                    }
                    if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                        walk.at = level;
                        return Status::TimeLimit;
                    }
                }
                if nodes >= next_progress {
                    next_progress = nodes.saturating_add(every);
                    let progress = self.progress(walk, level);
                    if handler(Event::Progress(progress)).is_break() {
                        return Status::Stopped;
                    }
                }
                let stats = &mut walk.stats;
                stats.nodes = nodes + 1;
                count_level(stats, level);
                let (p, d) = levels.choose(m, level);
                tally.cover(level, &*levels, m, p);
                if d == 0 {
                    stats.dead_ends += 1;
                } else if d >= 2 {
                    stats.branches += 1;
                }
                (walk.item[level], walk.cursor[level]) = (p as u32, 0);
                (walk.tried[level], walk.degree[level]) = (0, d);
            }
            // Try the next option at `level`, backing up while a level has none left.
            loop {
                let p = walk.item[level] as usize;
                let from = walk.cursor[level] as usize;
                match levels.next_option(m, level, p, from) {
                    Some(r) => {
                        walk.cursor[level] = r as u32 + 1;
                        walk.tried[level] += 1;
                        tally.commit(level, &*levels, m, p, r);
                        levels.descend(m, level, r);
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
        &self,
        walk: &mut Walk,
        level: usize,
        chosen: usize,
        max_nodes: u64,
        handler: &mut F,
    ) -> Option<Status>
    where
        F: FnMut(Event<'_>) -> ControlFlow<()>,
    {
        if walk.stats.nodes >= max_nodes {
            return Some(Status::NodeLimit);
        }
        walk.stats.nodes += 1;
        count_level(&mut walk.stats, level);
        walk.stats.solutions += 1;
        walk.solution.clear();
        walk.solution.extend_from_slice(self.forced);
        let choices = walk.cursor[..chosen].iter();
        let m = self.m;
        walk.solution
            .extend(choices.map(|&c| m.option(c as usize - 1)));
        if handler(Event::Solution(&walk.solution)).is_break() {
            return Some(Status::Stopped);
        }
        if self.limits.max_solutions == Some(walk.stats.solutions) {
            return Some(Status::SolutionLimit);
        }
        None
    }

    /// Knuth's estimate of the fraction of the tree explored, as the links make it.
    fn progress(&self, walk: &Walk, level: usize) -> Progress {
        let (mut fraction, mut scale) = (0.0, 1.0);
        for l in 0..level {
            let (k, d) = (walk.tried[l], walk.degree[l]);
            scale *= f64::from(d.max(k));
            fraction += f64::from(k - 1) / scale;
        }
        Progress {
            nodes: walk.stats.nodes,
            solutions: walk.stats.solutions,
            level,
            estimate: (fraction + 0.5 / scale).min(1.0),
            elapsed: self.started.elapsed(),
        }
    }
}

/// Counts a node at `level` in the profile.
#[inline]
fn count_level(stats: &mut Stats, level: usize) {
    match stats.profile.get_mut(level) {
        Some(n) => *n += 1,
        None => {
            stats.profile.resize(level + 1, 0);
            stats.profile[level] = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BitSolver, ByLengths, ByLiveWords, State};
    use crate::xc::{Arena, Counts, Event, OptionId, Problem, SearchOrder, Solver, Stats};
    use quickcheck::{quickcheck, Arbitrary, Gen};
    use std::ops::ControlFlow;

    /// A random problem of up to 10 primary and 4 secondary items (some coloured), in
    /// Knuth's format.
    #[derive(Clone, Debug)]
    struct Text(String);

    impl Arbitrary for Text {
        fn arbitrary(g: &mut Gen) -> Text {
            Text(random_problem(g))
        }
    }

    fn random_problem(g: &mut Gen) -> String {
        let primaries = 1 + usize::from(u8::arbitrary(g)) % 10;
        let secondaries = usize::from(u8::arbitrary(g)) % 5;
        let mut text: String = (0..primaries).map(|i| format!("p{i} ")).collect();
        if secondaries > 0 {
            text.push('|');
            (0..secondaries).for_each(|i| text.push_str(&format!(" s{i}")));
        }
        text.push('\n');
        let options = 1 + usize::from(u8::arbitrary(g)) % 60;
        for _ in 0..options {
            let first = usize::from(u8::arbitrary(g)) % primaries;
            text.push_str(&format!("p{first}"));
            for i in 0..primaries {
                if i != first && u8::arbitrary(g) % 4 == 0 {
                    text.push_str(&format!(" p{i}"));
                }
            }
            for i in 0..secondaries {
                match u8::arbitrary(g) % 6 {
                    0 => text.push_str(&format!(" s{i}")),
                    1 => text.push_str(&format!(" s{i}:a")),
                    2 => text.push_str(&format!(" s{i}:b")),
                    _ => {}
                }
            }
            text.push('\n');
        }
        text
    }

    /// Every solution and the tree's shape.
    fn search(mut s: BitSolver<'_>) -> (Vec<Vec<OptionId>>, Stats) {
        let mut out = Vec::new();
        s.run(0, |e| {
            if let Event::Solution(sol) = e {
                out.push(sol.to_vec());
            }
            ControlFlow::Continue(())
        });
        let mut stats = s.stats().clone();
        stats.elapsed = Default::default();
        (out, stats)
    }

    quickcheck! {
        /// Every way of keeping levels searches the links' tree (solutions in order, nodes,
        /// branches, dead ends, profile), with and without the sharp preference and a
        /// forced option.
        fn both_levels_search_the_links_tree(text: Text, sharp: bool, force: u8) -> bool {
            let p = Problem::from_dlx(&text.0).expect("a well-formed problem");
            let order = SearchOrder::new().prefer_sharp(sharp);
            let arena = Arena::new();
            let mut links = Solver::with_order(&p, &arena, order);
            let mut counts = BitSolver::with_order(&p, &order).unwrap();
            let mut lengths = BitSolver::with_order(&p, &order).unwrap();
            lengths.state = State::Lengths(ByLengths::new(&lengths.m));
            let mut live = BitSolver::with_order(&p, &order).unwrap();
            live.state = State::Live(ByLiveWords::new(&live.m));
            let forced = OptionId::new(usize::from(force) % p.option_count());
            let _ = links.force(forced).and(counts.force(forced)).and(lengths.force(forced));
            let _ = live.force(forced);
            let mut expected = Vec::new();
            links.run(0, |e| {
                if let Event::Solution(sol) = e {
                    expected.push(sol.to_vec());
                }
                ControlFlow::Continue(())
            });
            let mut tree = links.stats().clone();
            (tree.elapsed, tree.updates, tree.cleansings) = Default::default();
            // The links' tree, of which the bit sets keep the tree's figures only.
            tree.counts = Counts::Tree;
            let (a, sa) = search(counts);
            let (b, sb) = search(lengths);
            let (c, sc) = search(live);
            a == expected && b == expected && c == expected && sa == tree && sb == tree
                && sc == tree
        }

        /// Counting updates, every way of keeping levels counts the links' nodes, updates
        /// and cleansings (colours, the sharp preference and a forced option included),
        /// and find the same solutions.
        fn updates_are_the_links(text: Text, sharp: bool, force: u8) -> bool {
            let p = Problem::from_dlx(&text.0).expect("a well-formed problem");
            let order = SearchOrder::new().prefer_sharp(sharp);
            let arena = Arena::new();
            let mut links = Solver::with_order(&p, &arena, order);
            let mut counts = BitSolver::with_order(&p, &order).unwrap();
            let mut lengths = BitSolver::with_order(&p, &order).unwrap();
            lengths.state = State::Lengths(ByLengths::new(&lengths.m));
            let mut live = BitSolver::with_order(&p, &order).unwrap();
            live.state = State::Live(ByLiveWords::new(&live.m));
            let forced = OptionId::new(usize::from(force) % p.option_count());
            counts.count_updates(true);
            live.count_updates(true);
            // Some force before counting, one after: the same counts either way.
            let _ = links.force(forced).and(counts.force(forced)).and(lengths.force(forced));
            let _ = live.force(forced);
            lengths.count_updates(true);
            let mut expected = Vec::new();
            links.run(0, |e| {
                if let Event::Solution(sol) = e {
                    expected.push(sol.to_vec());
                }
                ControlFlow::Continue(())
            });
            let mut tree = links.stats().clone();
            tree.elapsed = Default::default();
            let (a, sa) = search(counts);
            let (b, sb) = search(lengths);
            let (c, sc) = search(live);
            if sa != tree || sb != tree || sc != tree {
                eprintln!(
                    "{}\nlinks {tree:?}\ncounts {sa:?}\nlengths {sb:?}\nlive {sc:?}",
                    text.0
                );
            }
            a == expected && b == expected && c == expected && sa == tree && sb == tree
                && sc == tree
        }
    }
}
