//! Item bounds on bit sets in a seeded or sharp order: Algorithm M on the masks of
//! `moves.rs`, whose tree is the links' node for node. With a seed, each item's options are
//! tried in the order of the links' seeded lists and ties between items fall as the links
//! draw them; with the sharp preference, an item not named `#...` waits as on the links. So
//! the solutions, their order and the nodes are those of the links' search in the same
//! order, which [`BitBounded`](super::BitBounded), in the problem's order with ties of its
//! own, does not give.

use std::ops::ControlFlow;
use std::time::Instant;

use super::moves::{Moves, State};
use super::BitsError;
use crate::xc::choose::SearchOrder;
use crate::xc::problem::{OptionId, Problem};
use crate::xc::search::{Event, Limits, Outcome, Progress, Stats, Status};

/// Algorithm M on bit sets in the links' order (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct BitBoundedInOrder {
    moves: Moves,
    root: State,
    limits: Limits,
}

/// A search in progress: its figures, the solution so far and the limits' bookkeeping.
struct Run<'a, F> {
    moves: &'a mut Moves,
    limits: &'a Limits,
    list: bool,
    stats: Stats,
    solution: Vec<OptionId>,
    /// For the node at depth `d`: `states[2 * d]` on entering it, `states[2 * d + 1]` the
    /// same less the options its moves so far took or left out.
    states: Vec<State>,
    handler: F,
    every: u64,
    next_progress: u64,
    max_nodes: u64,
    started: Instant,
    /// Each level's moves made and its number of ways (for the estimate).
    ways: Vec<(u32, u32)>,
}

impl BitBoundedInOrder {
    /// The masks of `problem` searched in `order`; refused when the problem is too large.
    pub(crate) fn new(problem: &Problem, order: &SearchOrder) -> Result<Self, BitsError> {
        let (moves, root) = Moves::new(problem, problem.options().collect(), order)?;
        Ok(BitBoundedInOrder {
            moves,
            root,
            limits: Limits::new(),
        })
    }

    /// The same search with these limits.
    pub(crate) fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Searches to the end or a limit, as [`BitBounded::search`](super::BitBounded::search)
    /// does.
    pub(crate) fn search(
        &mut self,
        list: bool,
        progress_every: u64,
        handler: impl FnMut(Event<'_>) -> ControlFlow<()>,
    ) -> Outcome {
        self.moves.restart();
        let mut run = Run {
            moves: &mut self.moves,
            limits: &self.limits,
            list,
            stats: Stats::default(),
            solution: Vec::new(),
            states: vec![self.root.clone()],
            handler,
            every: progress_every,
            next_progress: match progress_every {
                0 => u64::MAX,
                n => n,
            },
            max_nodes: self.limits.max_nodes.unwrap_or(u64::MAX),
            started: Instant::now(),
            ways: Vec::new(),
        };
        let status = if self.limits.max_solutions == Some(0) {
            // Nothing was searched: the count is cut short, as on dancing links.
            Status::SolutionLimit
        } else {
            match run.node(0) {
                Ok(()) => Status::Complete,
                Err(status) => status,
            }
        };
        let mut stats = run.stats;
        stats.elapsed = run.started.elapsed();
        Outcome { status, stats }
    }
}

impl<F: FnMut(Event<'_>) -> ControlFlow<()>> Run<'_, F> {
    /// Searches the node at `depth`; `Err` says why the whole search stops.
    fn node(&mut self, depth: usize) -> Result<(), Status> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Status::NodeLimit);
        }
        while self.states.len() < 2 * depth + 3 {
            self.states.push(State::default());
        }
        let chosen = self.moves.choose(&self.states[2 * depth]);
        self.stats.nodes += 1;
        if self.stats.profile.len() <= depth {
            self.stats.profile.resize(depth + 1, 0);
        }
        self.stats.profile[depth] += 1;
        if self.stats.nodes % 1024 == 0 {
            if let Some(status) = self.limits.interruption() {
                return Err(status);
            }
        }
        if self.stats.nodes >= self.next_progress {
            self.next_progress = self.stats.nodes.saturating_add(self.every);
            let progress = Progress {
                nodes: self.stats.nodes,
                solutions: self.stats.solutions,
                level: depth,
                estimate: self.estimate(),
                elapsed: self.started.elapsed(),
            };
            if (self.handler)(Event::Progress(progress)).is_break() {
                return Err(Status::Stopped);
            }
        }
        let Some((item, score)) = chosen else {
            return self.found();
        };
        self.stats.branches += u64::from(score >= 2);
        if score <= 0 {
            self.stats.dead_ends += 1;
            return Ok(());
        }
        Moves::open(&mut self.states, depth);
        self.ways.push((0, score as u32));
        let result = self.moves_of(depth, item);
        self.ways.pop();
        result
    }

    /// The moves of the node at `depth`, branching on `item`: each of its options in its
    /// list's order (those before it left out), then the null move when it needs no more.
    fn moves_of(&mut self, depth: usize, item: usize) -> Result<(), Status> {
        let left = 2 * depth + 1;
        let need = self.moves.need(&self.states[left], item);
        let mut from = 0;
        while let Some((k, r)) = self.moves.next(&self.states[left], item, from) {
            if self.moves.len(&self.states[left], item) < need {
                return Ok(());
            }
            from = k + 1;
            self.moves.take(&mut self.states, depth, r);
            self.solution.push(self.moves.origin[r]);
            if let Some(ways) = self.ways.last_mut() {
                ways.0 += 1;
            }
            let below = self.node(depth + 1);
            self.solution.pop();
            below?;
        }
        if need == 0 {
            self.moves.leave_alone(&mut self.states, depth, item);
            self.node(depth + 1)?;
        }
        Ok(())
    }

    /// A solution: every item is done.
    fn found(&mut self) -> Result<(), Status> {
        self.stats.solutions += 1;
        if self.list && (self.handler)(Event::Solution(&self.solution)).is_break() {
            return Err(Status::Stopped);
        }
        if self
            .limits
            .max_solutions
            .is_some_and(|max| self.stats.solutions >= max)
        {
            return Err(Status::SolutionLimit);
        }
        Ok(())
    }

    /// Knuth's estimate of the share of the tree explored: each level's moves made, out of
    /// its ways, weighted by the share of the levels above.
    fn estimate(&self) -> f64 {
        let (mut done, mut share) = (0.0, 1.0);
        for &(made, ways) in &self.ways {
            let ways = f64::from(ways.max(1));
            done += share * f64::from(made) / ways;
            share /= ways;
        }
        done.min(1.0)
    }
}
