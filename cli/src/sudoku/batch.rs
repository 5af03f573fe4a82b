//! A batch: the same work on every puzzle of an input (or every puzzle to generate), on
//! `--jobs N` threads of a `rayon` pool, with the results printed in input order as soon as
//! they and all those before them are ready.
//!
//! Each thread takes the next run of puzzles from a shared counter and keeps its own state
//! (a solver with its buffers and caches). The results come back over a channel, a run's
//! worth at a time (or what is ready after [`SEND_EVERY`]), so that the calling thread, which
//! reorders them, prints them, moves the [`CountBar`] and flushes output that has waited too
//! long, wakes up once per run and not once per puzzle: on easy puzzles (20 µs each) a
//! wake-up per puzzle cost about as much as the solving. Ctrl-C sets the cancel flag of every search: the searches stop, the
//! threads take no more puzzles, and the results printed are those of the puzzles finished
//! before the first one cut short. A failed write (a closed pipe) cancels the work the same
//! way. `--timeout` is one deadline for the whole batch.
//!
//! At the end, [`Batch::summary`] prints the counts, the time and the rate on standard
//! error (unless `--quiet`).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use clap::Args;
use dlxkit::sudoku::solvers::{Answer, Limits, SolveStats};

use super::super::output::{self, Output};
use super::super::progress::CountBar;
use super::super::search::{parse_positive, parse_seconds, stat_line};
use super::super::{interrupt, jobs, CliError, Context, Exit};

/// How often the printing thread wakes up to flush output while a slow puzzle runs.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// The most puzzles a thread takes at a time.
const MAX_RUN: usize = 32;

/// How long a thread keeps results before sending them, if its run is not done.
const SEND_EVERY: Duration = Duration::from_millis(20);

// The flags of every batch: `--max-nodes`, `--timeout`, `--jobs`.
// Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
pub struct BatchArgs {
    /// Give up on a puzzle after N search nodes (its verdict is then `unknown`)
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub max_nodes: Option<u64>,

    /// Stop the whole batch after this many seconds
    ///
    /// Decimals are allowed (`0.5`). The puzzles not finished in time are `unknown`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Work on N puzzles at once, on N threads (0: one per core)
    ///
    /// The output is in the input's order whatever N. At most one thread per puzzle and 4
    /// per core.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
}

/// A batch under way: its limits, progress bar, thread pool and clock.
pub struct Batch<'c> {
    ctx: &'c Context,
    cancel: Arc<AtomicBool>,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    pool: rayon::ThreadPool,
    /// The threads each search runs on (1, unless one puzzle's search is shared).
    search_threads: usize,
    bar: CountBar,
    total: usize,
    start: Instant,
}

impl<'c> Batch<'c> {
    /// A batch of `total` items called `unit` ("puzzles"). From here on Ctrl-C stops the
    /// work instead of the process; the clock (and the `--timeout`) starts now.
    pub fn new(
        args: &BatchArgs,
        total: usize,
        unit: &str,
        ctx: &'c Context,
    ) -> Result<Batch<'c>, CliError> {
        // No more threads than items (rayon would start them all), nor than a few per core.
        let threads = jobs::threads(args.jobs, total, ctx);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("dlxkit-sudoku-{k}"))
            .build()
            .map_err(|e| CliError::input(format!("cannot start {} threads: {e}", args.jobs)))?;
        // Printing to a terminal shows the progress by itself, and a bar would tangle with it.
        let wanted = ctx.progress_wanted() && !ctx.stdout_is_terminal;
        let start = Instant::now();
        Ok(Batch {
            ctx,
            cancel: interrupt::flag(),
            deadline: args.timeout.and_then(|t| start.checked_add(t)),
            max_nodes: args.max_nodes,
            pool,
            search_threads: 1,
            bar: CountBar::new(total as u64, unit, wanted),
            total,
            start,
        })
    }

    /// The limits of one search: `max_solutions`, the batch's node limit, deadline and
    /// cancel flag.
    pub fn limits(&self, max_solutions: Option<u64>) -> Limits {
        Limits {
            max_solutions,
            max_nodes: self.max_nodes,
            deadline: self.deadline,
            cancel: Some(self.cancel.clone()),
        }
    }

    /// Whether the batch's `--timeout` has passed (work not started yet is then skipped).
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether Ctrl-C was pressed.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The threads at work.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Says that each search runs on `threads` threads of its own (one puzzle shared among
    /// them), for the summary.
    pub fn set_search_threads(&mut self, threads: usize) {
        self.search_threads = threads;
    }

    /// Sets the text after the counts of the progress bar.
    pub fn progress_message(&self, message: impl Into<String>) {
        self.bar.set_message(message);
    }

    /// Runs `work` on every item, each thread with its own state made by `init`, and gives
    /// the results to `emit` in the items' order. A `None` from `work` means the work was
    /// cut short by Ctrl-C: it and every later result are dropped. Returns how many results
    /// were emitted; the first error of `emit` stops everything and is returned.
    pub fn run<I, S, R>(
        &self,
        out: &mut Output,
        items: &[I],
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, &I) -> Option<R> + Sync,
        mut emit: impl FnMut(&mut Output, usize, R) -> Result<(), CliError>,
    ) -> Result<usize, CliError>
    where
        I: Sync,
        R: Send,
    {
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<Vec<(usize, Option<R>)>>();
        let workers = self.threads().min(items.len()).max(1);
        // Runs short enough that every thread gets several, so they finish together.
        let run = (items.len() / (workers * 16)).clamp(1, MAX_RUN);
        let cancel = &self.cancel;
        self.pool.in_place_scope(|scope| {
            for _ in 0..workers {
                let tx = tx.clone();
                let (next, init, work) = (&next, &init, &work);
                scope.spawn(move |_| {
                    let mut state = init();
                    let mut ready = Vec::with_capacity(run);
                    let mut since = Instant::now();
                    'runs: while !cancel.load(Ordering::Relaxed) {
                        let first = next.fetch_add(run, Ordering::Relaxed);
                        if first >= items.len() {
                            break;
                        }
                        for (i, item) in items.iter().enumerate().skip(first).take(run) {
                            if cancel.load(Ordering::Relaxed) {
                                break 'runs;
                            }
                            if !ready.is_empty() && since.elapsed() >= SEND_EVERY {
                                let sent = std::mem::replace(&mut ready, Vec::with_capacity(run));
                                if tx.send(sent).is_err() {
                                    return;
                                }
                            }
                            let result = work(&mut state, item);
                            if ready.is_empty() {
                                since = Instant::now();
                            }
                            ready.push((i, result));
                        }
                        let sent = std::mem::replace(&mut ready, Vec::with_capacity(run));
                        if tx.send(sent).is_err() {
                            return;
                        }
                    }
                    if !ready.is_empty() {
                        let _ = tx.send(ready);
                    }
                });
            }
            drop(tx);
            let mut pending = BTreeMap::new();
            let mut done = 0;
            loop {
                let received = match rx.recv_timeout(FLUSH_EVERY) {
                    Ok(received) => received,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        // A slow puzzle holds the next ones back: let what is ready go out.
                        if let Err(e) = out.flush_if_stale() {
                            cancel.store(true, Ordering::SeqCst);
                            return Err(e);
                        }
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                };
                pending.extend(received);
                while let Some(result) = pending.remove(&done) {
                    let Some(result) = result else {
                        return Ok(done); // interrupted: what follows is dropped
                    };
                    if let Err(e) = emit(out, done, result).and_then(|()| out.flush_if_stale()) {
                        cancel.store(true, Ordering::SeqCst); // stop the searches at once
                        return Err(e);
                    }
                    done += 1;
                    self.bar.inc(1);
                }
            }
            Ok(done)
        })
    }

    /// Prints the summary on standard error (unless `--quiet`): the `unit` line (`done` of
    /// the items, and `counts`), any `extra` lines, then the time and rate, the threads, and
    /// the status when the batch did not end normally.
    pub fn summary(
        &self,
        unit: &str,
        done: usize,
        counts: &str,
        extra: &[(&str, String)],
        timed_out: bool,
    ) {
        self.bar.finish();
        if self.ctx.quiet() {
            return;
        }
        let paint = self.ctx.stderr_colors();
        let elapsed = self.start.elapsed();
        let of = if done < self.total {
            format!("{done} of {}", self.total)
        } else {
            done.to_string()
        };
        let mut lines = vec![stat_line(paint, unit, format_args!("{of} ({counts})"))];
        lines.extend(
            extra
                .iter()
                .map(|(label, value)| stat_line(paint, label, value)),
        );
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let threads = self.threads() * self.search_threads;
        lines.push(stat_line(
            paint,
            "time",
            format_args!(
                "{}, {rate:.0} {unit}/s on {}",
                output::human_duration(elapsed),
                super::counted(threads as u64, "thread", "threads")
            ),
        ));
        if done < self.total {
            let why = format!(
                "interrupted ({}): the rest was not done",
                interrupt::stopped_by()
            );
            lines.push(stat_line(paint, "status", paint.warning(&why)));
        } else if self.cancelled() {
            let why = format!(
                "interrupted ({}) before the end of the last work",
                interrupt::stopped_by()
            );
            lines.push(stat_line(paint, "status", paint.warning(&why)));
        } else if timed_out {
            let why = "time limit (--timeout): the puzzles not finished in time are unknown";
            lines.push(stat_line(paint, "status", paint.warning(why)));
        }
        for line in lines {
            super::super::eprint_line(format_args!("{line}"));
        }
    }

    /// The exit code: 130 when interrupted before the end (items left out, or the last
    /// ones cut short and reported as far as they went), else 0 when every item has a
    /// solution, 1 when some item has none (or none was found in time).
    pub fn exit(&self, done: usize, without_solution: u64) -> Exit {
        if done < self.total || self.cancelled() {
            Exit::Interrupted
        } else if without_solution > 0 {
            Exit::NoSolution
        } else {
            Exit::Success
        }
    }
}

/// The verdicts of a batch of searches, and the work they took.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Puzzles with exactly one solution.
    pub unique: u64,
    /// With two or more.
    pub multiple: u64,
    /// With none.
    pub unsolvable: u64,
    /// Not known: a limit stopped the search first.
    pub unknown: u64,
    /// Puzzles for which no solution was found (unsolvable, or unknown without one).
    pub without_solution: u64,
    /// Assignments tried, all puzzles together.
    pub assignments: u64,
    /// Guesses, all puzzles together.
    pub guesses: u64,
    /// Whether some search was stopped by the batch's `--timeout`.
    pub timed_out: bool,
}

impl Tally {
    /// Counts one puzzle: its verdict, whether a solution was found, the work done.
    pub fn add(&mut self, answer: Answer, found: bool, stats: &SolveStats) {
        match answer {
            Answer::Unique => self.unique += 1,
            Answer::Multiple => self.multiple += 1,
            Answer::None => self.unsolvable += 1,
            Answer::Unknown => self.unknown += 1,
        }
        if !found {
            self.without_solution += 1;
        }
        self.assignments += stats.assignments;
        self.guesses += stats.guesses;
    }

    /// `95 unique, 0 multiple, 0 unsolvable, 0 unknown`.
    pub fn verdicts(&self) -> String {
        format!(
            "{} unique, {} multiple, {} unsolvable, {} unknown",
            self.unique, self.multiple, self.unsolvable, self.unknown
        )
    }

    /// The progress bar's message: the verdicts other than unique, when there are some.
    pub fn progress(&self) -> String {
        let mut parts = Vec::new();
        for (n, what) in [
            (self.multiple, "multiple"),
            (self.unsolvable, "unsolvable"),
            (self.unknown, "unknown"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        parts.join(", ")
    }
}

/// The summary line of the counts a limit cut short (`stopped`: how many, by the status that
/// stopped them), if any: `2 of 5 incomplete (1 node limit, 1 time limit)`.
pub fn incomplete_counts(
    stopped: &std::collections::BTreeMap<&str, u64>,
    done: usize,
) -> Option<(&'static str, String)> {
    if stopped.is_empty() {
        return None;
    }
    let whys: Vec<String> = stopped.iter().map(|(w, k)| format!("{k} {w}")).collect();
    let cut: u64 = stopped.values().sum();
    Some((
        "counts",
        format!("{cut} of {done} incomplete ({})", whys.join(", ")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> Context {
        let mut ctx = Context::new(Default::default());
        ctx.stderr_is_terminal = false;
        ctx.stdout_is_terminal = false;
        ctx
    }

    fn args(jobs: usize) -> BatchArgs {
        BatchArgs {
            max_nodes: None,
            timeout: None,
            jobs,
        }
    }

    #[test]
    fn results_come_in_input_order_whatever_the_threads() {
        let ctx = context();
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 4] {
            let batch = Batch::new(&args(jobs), items.len(), "items", &ctx).unwrap();
            let mut seen = Vec::new();
            let mut out = Output::stdout(false);
            let done = batch
                .run(
                    &mut out,
                    &items,
                    || 0u64,
                    |calls, &x| {
                        *calls += 1;
                        // Uneven work, so that threads finish out of order.
                        std::thread::sleep(Duration::from_micros((x * 7919) % 300));
                        Some(x * x)
                    },
                    |_, i, r| {
                        seen.push((i, r));
                        Ok(())
                    },
                )
                .unwrap();
            assert_eq!(done, 200);
            let expected: Vec<(usize, u64)> = (0..200).map(|i| (i, (i * i) as u64)).collect();
            assert_eq!(seen, expected, "jobs {jobs}");
            assert_eq!(batch.exit(done, 0), Exit::Success);
            assert_eq!(batch.exit(done, 1), Exit::NoSolution);
        }
    }

    #[test]
    fn a_result_cut_short_ends_the_output_there() {
        let ctx = context();
        let items: Vec<u32> = (0..50).collect();
        let batch = Batch::new(&args(1), items.len(), "items", &ctx).unwrap();
        let mut out = Output::stdout(false);
        let mut seen = Vec::new();
        let done = batch
            .run(
                &mut out,
                &items,
                || (),
                |_, &x| (x != 7).then_some(x),
                |_, _, r| {
                    seen.push(r);
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(done, 7);
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
        assert_eq!(batch.exit(done, 0), Exit::Interrupted);
    }

    #[test]
    fn the_tally_counts_verdicts() {
        let mut t = Tally::default();
        let stats = SolveStats {
            assignments: 10,
            guesses: 2,
            ..SolveStats::default()
        };
        t.add(Answer::Unique, true, &stats);
        t.add(Answer::Multiple, true, &stats);
        t.add(Answer::Unknown, false, &stats);
        assert_eq!(
            t.verdicts(),
            "1 unique, 1 multiple, 0 unsolvable, 1 unknown"
        );
        assert_eq!(t.progress(), "1 multiple, 1 unknown");
        assert_eq!((t.assignments, t.guesses, t.without_solution), (30, 6, 1));
    }
}
