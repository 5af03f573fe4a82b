//! `--distinct` for the puzzles that keep one solution per symmetry class by filtering the
//! engine's solutions ([`Puzzle::filters`]): MacMahon's triangles (colour renamings) and
//! word squares (a square and its transpose).

use std::ops::ControlFlow;

use dlxkit::xc::{OptionId, Outcome, Problem, Progress, Reduction, Sink, Status};

use super::{PuzzleArgs, Shown};
use crate::CliError;

/// A sink passing on only the solutions the puzzle keeps, and stopping after `limit` of
/// them.
pub struct Kept<'p, P, S> {
    puzzle: &'p P,
    inner: S,
    limit: Option<u64>,
    kept: u64,
    reached: bool,
}

impl<'p, P: Shown, S: Sink> Kept<'p, P, S> {
    /// Filters the solutions sent to `inner`.
    pub fn new(puzzle: &'p P, inner: S, limit: Option<u64>) -> Self {
        Kept {
            puzzle,
            inner,
            limit,
            kept: 0,
            reached: false,
        }
    }

    /// The search's outcome counting the solutions kept (a search stopped at the limit of
    /// kept solutions ended at its solution limit).
    pub fn outcome(&self, mut outcome: Outcome) -> Outcome {
        outcome.stats.solutions = self.kept;
        if self.reached {
            outcome.status = Status::SolutionLimit;
        }
        outcome
    }

    /// The inner sink back.
    pub fn into_inner(self) -> S {
        self.inner
    }
}

impl<P: Shown, S: Sink> Sink for Kept<'_, P, S> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        let keep = self
            .puzzle
            .decode(options)
            .is_ok_and(|s| self.puzzle.is_representative(&s));
        if !keep {
            return ControlFlow::Continue(());
        }
        self.kept += 1;
        self.inner.solution(options)?;
        if Some(self.kept) == self.limit {
            self.reached = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn progress(&mut self, progress: &Progress) -> ControlFlow<()> {
        self.inner.progress(progress)
    }

    fn reduced(&mut self, reduction: &Reduction) {
        self.inner.reduced(reduction);
    }

    fn started(&mut self, searched: &Problem) {
        self.inner.started(searched);
    }
}

/// The error for a flag that needs every solution counted by the engine itself.
pub fn refuse(args: &PuzzleArgs) -> Result<(), CliError> {
    let flag = if args.memo.wanted() {
        Some("--memo, --sample and --zdd")
    } else if args.parts.wanted() || args.parallel.shard.is_some() {
        Some("--shard and its parts")
    } else {
        None
    };
    match flag {
        Some(flag) => Err(CliError::usage(format!(
            "--distinct keeps one solution of each class as the search lists them, which {flag} do not: count without them"
        ))),
        None => Ok(()),
    }
}
