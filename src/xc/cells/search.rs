//! The search of dancing cells: Knuth's SSXCC, an exact cover search with colours on
//! sparse sets, which saves the sizes of the active items at each branching level instead
//! of undoing its removals one by one, and takes an item left with one option as a forced
//! move at once.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::super::choose::{SearchOrder, UNSHARP};
use super::super::problem::{OptionId, Problem};
use super::super::search::{Counts, Event, Limits, Outcome, Progress, Stats, Status};
use super::bounded::Bounded;
use super::matrix::{self, randomize, Cells};

/// A search on dancing cells, as Knuth's SSXCC runs it: the same item choice (the fewest
/// options, ties to the first item in the problem's order, items with one option forced
/// first), hence the same tree and node count. A problem with item bounds runs as his
/// SSMCC does instead: binary branches (an item's first option, or not that option), the
/// item of least branching degree, the same nodes and updates as SSMCC.
///
/// Its [`Stats`] count as SSXCC does: `nodes` are SSXCC's nodes (a forced move is a node,
/// a solution is a node), `updates` are SSXCC's (one per option removed from a set, one
/// per item deactivated); `branches` are the nodes with two options or more; dancing cells
/// find dead ends while hiding, before entering a node, so `dead_ends` stays 0 and
/// `cleansings` too (a purification is a hiding here).
///
/// ```
/// use dlxkit::xc::cells::CellSolver;
/// use dlxkit::xc::Problem;
/// let p = Problem::from_dlx("A B | X\nA X:0\nB X:0\nB X:1\nA B\n")?;
/// let outcome = CellSolver::new(&p).count();
/// assert_eq!(outcome.stats.solutions, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CellSolver {
    machine: Machine,
    limits: Limits,
}

/// SSXCC for problems without bounds, SSMCC for those with.
#[derive(Clone, Debug)]
enum Machine {
    Plain(Cells),
    Bounded(Bounded),
}

/// Where the search loop goes next (the labels of Knuth's program).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Forward,
    Advance,
    Backup,
    Abort,
}

impl CellSolver {
    /// A search of `problem`: Knuth's SSXCC, or his SSMCC when the problem has item bounds.
    pub fn new(problem: &Problem) -> CellSolver {
        CellSolver::with_order(problem, &SearchOrder::new())
    }

    /// A search of `problem` in `order`: with its seed as [`CellSolver::seeded`] takes it;
    /// with the sharp preference, an item not named `#...` is branched on only when it has
    /// one option left (a forced move) or no `#` item is left, as in Knuth's sharp change
    /// files for DLX2 and DLX3 (SSXCC's and SSMCC's choice otherwise).
    ///
    /// ```
    /// use dlxkit::xc::cells::CellSolver;
    /// use dlxkit::xc::{Problem, SearchOrder};
    /// let p = Problem::from_dlx("A #B\nA\nA #B\n#B\n")?;
    /// let sharp = SearchOrder::new().prefer_sharp(true);
    /// let outcome = CellSolver::with_order(&p, &sharp).count();
    /// assert_eq!(outcome.stats.solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_order(problem: &Problem, order: &SearchOrder) -> CellSolver {
        let machine = if problem.has_bounds() {
            Machine::Bounded(Bounded::new(problem, order.prefer_sharp))
        } else {
            Machine::Plain(Cells::new(problem, order.prefer_sharp))
        };
        let solver = CellSolver {
            machine,
            limits: Limits::default(),
        };
        match order.seed {
            Some(seed) => solver.seeded(seed),
            None => solver,
        }
    }

    /// With Knuth's seed (the `s` option of his SSXCC and SSMCC): the active items start
    /// in a random order drawn as his programs draw it, so the tree, nodes and updates are
    /// his for that seed. Ties still go to the first item in the problem's order, so the
    /// seed changes only the order of forced moves: the solutions stay the same set.
    pub fn seeded(mut self, seed: u64) -> CellSolver {
        match &mut self.machine {
            Machine::Plain(cells) => randomize(&mut cells.item, &mut cells.set, cells.active, seed),
            Machine::Bounded(bounded) => bounded.randomize(seed),
        }
        self
    }

    /// Stops at these limits.
    pub fn with_limits(mut self, limits: Limits) -> CellSolver {
        self.limits = limits;
        self
    }

    /// Counts the solutions.
    pub fn count(self) -> Outcome {
        self.search(false, 0, |_| ControlFlow::Continue(()))
    }

    /// Every solution, in the order found (each as its options, level by level).
    pub fn all_solutions(self) -> Vec<Vec<OptionId>> {
        let mut found = Vec::new();
        self.search(true, 0, |event| {
            if let Event::Solution(options) = event {
                found.push(options.to_vec());
            }
            ControlFlow::Continue(())
        });
        found
    }

    /// Runs the search, sending solutions (when `list`) and progress about every
    /// `progress_every` nodes (0: never) to `visit`, which may stop it.
    pub fn search(
        mut self,
        list: bool,
        progress_every: u64,
        mut visit: impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        let started = Instant::now();
        let mut stats = Stats::default();
        let status = match &mut self.machine {
            Machine::Plain(cells) => run(
                cells,
                &self.limits,
                list,
                progress_every,
                started,
                &mut stats,
                &mut visit,
            ),
            Machine::Bounded(bounded) => {
                let status = bounded.run(
                    list,
                    progress_every,
                    &self.limits,
                    started,
                    &mut stats,
                    &mut visit,
                );
                stats.updates = bounded.updates();
                status
            }
        };
        if let Machine::Plain(cells) = &self.machine {
            stats.updates = cells.updates;
        }
        stats.counts = Counts::Cells;
        debug_assert_eq!(
            match &self.machine {
                Machine::Plain(cells) => cells.check_invariants(),
                Machine::Bounded(bounded) => bounded.check_invariants(),
            },
            Ok(())
        );
        stats.elapsed = started.elapsed();
        Outcome { status, stats }
    }
}

/// SSXCC's search on `c`.
fn run(
    c: &mut Cells,
    limits: &Limits,
    list: bool,
    progress_every: u64,
    started: Instant,
    stats: &mut Stats,
    visit: &mut impl FnMut(Event<'_>) -> ControlFlow<()>,
) -> Status {
    let max_solutions = limits.max_solutions.unwrap_or(u64::MAX);
    if max_solutions == 0 {
        // Nothing was searched: the count is cut short, as on dancing links.
        return Status::SolutionLimit;
    }
    if c.uncoverable {
        return Status::Complete;
    }
    let mut choice: Vec<usize> = Vec::new();
    // The save stack's height at each level, and the stack itself: (item, size).
    let mut saved: Vec<usize> = vec![0, 0];
    let mut stack: Vec<(i32, i32)> = Vec::new();
    let mut solution: Vec<OptionId> = Vec::new();
    let mut meter = Meter::new(limits, progress_every);
    let mut estimate = 0.0f64;
    let mut level = 0usize;
    let (mut best, mut cur_choice) = (0i32, 0i32);
    let mut oactive;
    let mut step = Step::Forward;
    loop {
        match step {
            Step::Forward => {
                if let Some(status) = meter.enter(stats, level) {
                    return status;
                }
                if meter.progress_due(stats.nodes) {
                    estimate = estimate.max(fraction_done(c, &choice[..level.min(choice.len())]));
                    let progress = Progress {
                        nodes: stats.nodes,
                        solutions: stats.solutions,
                        level,
                        estimate,
                        elapsed: started.elapsed(),
                    };
                    if visit(Event::Progress(progress)).is_break() {
                        return Status::Stopped;
                    }
                }
                if choice.len() <= level {
                    choice.push(0);
                    saved.push(0);
                }
                // A forced move found while hiding at the level above.
                let mut forced = None;
                while let Some(x) = c.force.pop() {
                    if c.pos(x) < c.active {
                        forced = Some(x);
                        break;
                    }
                }
                if forced.is_none() {
                    let (fewest, dead);
                    (fewest, best, dead) = if c.unsharp.is_empty() {
                        choose::<false>(c, best)
                    } else {
                        choose::<true>(c, best)
                    };
                    if dead {
                        // Hiding catches an empty item before this (Knuth: "I'm
                        // confused"); should one get here, it is a dead end.
                        c.force.clear();
                        step = Step::Backup;
                        continue;
                    }
                    forced = c.force.pop();
                    if forced.is_none() && fewest == i64::MAX {
                        stats.solutions += 1;
                        if list {
                            solution.clear();
                            solution.extend(choice[..level].iter().map(|&n| c.option_of(n)));
                            if visit(Event::Solution(&solution)).is_break() {
                                return Status::Stopped;
                            }
                        }
                        if stats.solutions >= max_solutions {
                            return Status::SolutionLimit;
                        }
                        step = Step::Backup;
                        continue;
                    }
                    if forced.is_none() {
                        stats.branches += 1;
                    }
                }
                match forced {
                    Some(x) => {
                        best = x;
                        c.swap_out(best);
                        oactive = c.active;
                        c.hide::<false>(best, 0, oactive);
                        saved[level + 1] = saved[level];
                    }
                    None => {
                        c.swap_out(best);
                        oactive = c.active;
                        c.hide::<false>(best, 0, oactive);
                        let base = saved[level];
                        stack.truncate(base);
                        c.save_sizes(&mut stack);
                        saved[level + 1] = stack.len();
                    }
                }
                cur_choice = best;
                step = Step::Advance;
            }
            Step::Advance => {
                let cur_node = c.set[cur_choice as usize] as usize;
                choice[level] = cur_node;
                oactive = c.active;
                c.swap_out_others(cur_node);
                if !hide_others(c, cur_node, oactive) {
                    c.force.clear();
                    step = Step::Abort;
                    continue;
                }
                level += 1;
                step = Step::Forward;
            }
            Step::Backup => {
                if level == 0 {
                    return Status::Complete;
                }
                level -= 1;
                let cur_node = choice[level];
                best = c.nodes[cur_node].item;
                cur_choice = c.nodes[cur_node].loc;
                step = Step::Abort;
            }
            Step::Abort => {
                if cur_choice + 1 >= best + c.size(best) {
                    step = Step::Backup;
                    continue;
                }
                let (from, to) = (saved[level], saved[level + 1]);
                c.restore_sizes(&stack[from..to]);
                cur_choice += 1;
                step = Step::Advance;
            }
        }
    }
}

/// The item with the fewest options, the first of the ties (`best`: the item chosen last,
/// where SSXCC starts its ties); those with one option go on the force stack. With `SHARP`,
/// an item not named `#...` with two options or more comes after every `#` item (Knuth's
/// sharp preference). Returns the fewest options (`i64::MAX`: no primary item is active),
/// the item, and whether some active primary item has none.
#[inline(never)]
fn choose<const SHARP: bool>(c: &mut Cells, mut best: i32) -> (i64, i32, bool) {
    let mut fewest = i64::MAX;
    let mut dead = false;
    for &x in &c.item[..c.active] {
        if x >= c.second {
            continue;
        }
        let s = c.size(x);
        if s <= 1 {
            if s == 0 {
                dead = true;
            } else {
                c.force.push(x);
            }
            continue;
        }
        let mut key = i64::from(s);
        if SHARP && c.unsharp[x as usize] {
            key += UNSHARP;
        }
        if key < fewest || (key == fewest && x < best) {
            best = x;
            fewest = key;
        }
    }
    (fewest, best, dead)
}

/// Hides the options that conflict with the option of `node` (its other items: primary
/// ones wholly, secondary ones unless they agree on the colour or were purified below),
/// or returns false when a primary item is left without options.
pub(super) fn hide_others(c: &mut Cells, node: usize, oactive: usize) -> bool {
    let mut q = node + 1;
    while q != node {
        let cc = matrix::node(&c.nodes, q).item;
        if cc < 0 {
            q = (q as i64 + cc as i64) as usize;
            continue;
        }
        if cc < c.second {
            if !c.hide::<true>(cc, 0, oactive) {
                return false;
            }
        } else if c.pos(cc) < oactive && !c.hide::<true>(cc, matrix::get(&c.colors, q), oactive) {
            return false;
        }
        q += 1;
    }
    true
}

/// Knuth's estimate of the fraction of the tree done: each level's choice among its item's
/// options, weighted by the share of the tree it stands for.
fn fraction_done(c: &Cells, choice: &[usize]) -> f64 {
    let (mut done, mut share) = (0.0, 1.0);
    for &node in choice {
        let Some(n) = c.nodes.get(node) else { break };
        if n.item <= 0 {
            break;
        }
        let size = f64::from(c.size(n.item).max(1));
        share /= size;
        done += f64::from(n.loc - n.item) * share;
    }
    done.min(1.0)
}

/// The limits of a search on dancing cells as it enters nodes: the node limit, the cancel
/// flag and deadline (read every 1,024 nodes), and when progress is due.
pub(super) struct Meter<'a> {
    limits: &'a Limits,
    /// Enter no node beyond this many.
    max_nodes: u64,
    every: u64,
    next_poll: u64,
    next_progress: u64,
}

impl<'a> Meter<'a> {
    /// A meter for `limits`, with progress every `every` nodes (0: never).
    pub fn new(limits: &'a Limits, every: u64) -> Meter<'a> {
        Meter {
            limits,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            every,
            next_poll: 1024,
            next_progress: if every == 0 { u64::MAX } else { every },
        }
    }

    /// Enters a node at `depth`: counts it in `stats` (and its depth's profile), or says why
    /// the search stops there (the node limit, a cancel, the deadline). Both searches, SSXCC's
    /// and SSMCC's, enter their nodes through it.
    #[inline]
    pub fn enter(&mut self, stats: &mut Stats, depth: usize) -> Option<Status> {
        if stats.nodes >= self.max_nodes {
            return Some(Status::NodeLimit);
        }
        stats.nodes += 1;
        match stats.profile.get_mut(depth) {
            Some(n) => *n += 1,
            None => stats.profile.push(1),
        }
        self.poll(stats.nodes)
    }

    /// Why the search stops at its `nodes`th node (a cancel or the deadline), if it does.
    #[inline]
    pub fn poll(&mut self, nodes: u64) -> Option<Status> {
        if nodes < self.next_poll {
            return None;
        }
        self.next_poll += 1024;
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return Some(Status::Cancelled);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Status::TimeLimit);
        }
        None
    }

    /// Whether a progress report is due at the `nodes`th node.
    #[inline]
    pub fn progress_due(&mut self, nodes: u64) -> bool {
        if nodes < self.next_progress {
            return false;
        }
        self.next_progress = nodes.saturating_add(self.every);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sparse sets' validator on `machine`.
    fn check(machine: &Machine) -> Result<(), String> {
        match machine {
            Machine::Plain(cells) => cells.check_invariants(),
            Machine::Bounded(bounded) => bounded.check_invariants(),
        }
    }

    /// Runs dancing cells on `text` to the end and returns the count; checks the sparse sets
    /// before and after (what their unchecked access relies on), and that the validator sees
    /// a node that lost its place in its item's set.
    fn count_and_check(text: &str) -> u64 {
        let p = Problem::from_dlx(text).unwrap();
        let mut solver = CellSolver::new(&p);
        assert_eq!(check(&solver.machine), Ok(()));
        let (limits, started, mut stats) = (Limits::default(), Instant::now(), Stats::default());
        let mut visit = |_: Event<'_>| ControlFlow::Continue(());
        let status = match &mut solver.machine {
            Machine::Plain(c) => run(c, &limits, false, 0, started, &mut stats, &mut visit),
            Machine::Bounded(b) => b.run(false, 0, &limits, started, &mut stats, &mut visit),
        };
        assert_eq!(status, Status::Complete);
        assert_eq!(check(&solver.machine), Ok(()));
        match &mut solver.machine {
            Machine::Plain(c) => c.break_a_place(),
            Machine::Bounded(b) => b.break_a_place(),
        }
        let fault = check(&solver.machine).unwrap_err();
        assert!(fault.contains("holds node 1 of item"), "{fault}");
        stats.solutions
    }

    #[test]
    fn the_sparse_sets_hold_their_invariant_through_a_search() {
        let colours = "A B | X\nA X:a\nB X:a\nB X:b\nA B\nA X:b\n";
        assert_eq!(count_and_check(colours), 3);
        // {A B}, {A, B}, {A, A B}.
        assert_eq!(count_and_check("1:2|A B\nA\nA B\nB\n"), 3);
    }
}
