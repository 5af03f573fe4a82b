//! Progress bars on standard error (crate `indicatif`), drawn only when standard error is a
//! terminal and `--quiet` is off (ask [`super::Context::progress_wanted`]). Two shapes:
//!
//! - [`SearchBar`], for one long search: driven by the [`Progress`] events of
//!   `Solver::run` (pass [`SearchBar::every`] as `progress_every`), it shows Knuth's
//!   estimate of the fraction of the tree explored, the nodes, the solutions and the rate.
//!   It appears only once the search has run for a moment, so quick runs draw nothing.
//! - [`CountBar`], for batches (many puzzles): items done of a total, rate and ETA.
//!
//! With `--format jsonl` a search also reports itself on standard output, a
//! `{"type":"progress",...}` line each second ([`SearchBar::event`]), so that a script or a
//! scheduler's log sees how far a long search is without a terminal.
//!
//! While a bar is drawn, print on standard error through [`SearchBar::suspend`] (or
//! `CountBar::suspend`) so that the bar and the text do not tangle.

use std::time::Duration;

use dlxkit::xc::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

/// Nodes between two progress events of a search.
pub const SEARCH_EVERY: u64 = 1 << 16;

/// How long a search runs before its bar appears.
const SEARCH_BAR_DELAY: Duration = Duration::from_millis(300);

/// The estimate bar's resolution (positions for the whole tree).
const ESTIMATE_STEPS: u64 = 10_000;

/// How often a search writes a JSON Lines progress event.
const EVENT_EVERY: Duration = Duration::from_secs(1);

/// A progress display for one search, fed with [`Progress`] events.
pub struct SearchBar {
    wanted: bool,
    bar: Option<ProgressBar>,
    /// With JSON Lines: the search time at which the next progress event is due.
    next_event: Option<Duration>,
}

/// A search's progress as a line of JSON: `{"type":"progress","estimate":0.42,...}`.
#[derive(Debug, Serialize)]
pub struct ProgressEvent {
    #[serde(rename = "type")]
    kind: &'static str,
    /// Knuth's estimate of the fraction of the tree explored (it only grows).
    estimate: f64,
    nodes: u64,
    solutions: u64,
    elapsed_ms: u128,
}

impl SearchBar {
    /// A bar that will draw only if `wanted` (see [`super::Context::progress_wanted`]).
    pub fn new(wanted: bool) -> SearchBar {
        SearchBar {
            wanted,
            bar: None,
            next_event: None,
        }
    }

    /// Also gives a [`ProgressEvent`] each second of the search, if `events` (the output is
    /// JSON Lines).
    pub fn with_events(mut self, events: bool) -> SearchBar {
        self.next_event = events.then_some(EVENT_EVERY);
        self
    }

    /// The progress line to print now, if one is due (a second since the last one).
    pub fn event(&mut self, p: &Progress) -> Option<ProgressEvent> {
        let due = self.next_event.as_mut()?;
        if p.elapsed < *due {
            return None;
        }
        while *due <= p.elapsed {
            *due += EVENT_EVERY;
        }
        Some(ProgressEvent {
            kind: "progress",
            estimate: p.estimate.clamp(0.0, 1.0),
            nodes: p.nodes,
            solutions: p.solutions,
            elapsed_ms: p.elapsed.as_millis(),
        })
    }

    /// Shows where the search stands.
    pub fn update(&mut self, p: &Progress) {
        if !self.wanted || (self.bar.is_none() && p.elapsed < SEARCH_BAR_DELAY) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:20}] {percent_precise:>7}% explored (estimate), {msg}",
            )
            .expect("the template is valid")
            .progress_chars("=> ");
            ProgressBar::with_draw_target(Some(ESTIMATE_STEPS), ProgressDrawTarget::stderr())
                .with_style(style)
        });
        let position = (p.estimate.clamp(0.0, 1.0) * ESTIMATE_STEPS as f64) as u64;
        bar.set_position(position.max(bar.position()));
        let secs = p.elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} nodes, {} solutions, {} nodes/s",
            si(p.nodes as f64),
            si(p.solutions as f64),
            si(p.nodes as f64 / secs)
        ));
    }

    /// Removes the bar.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for SearchBar {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A progress display for a batch: `done/total`, rate and ETA.
pub struct CountBar {
    bar: ProgressBar,
}

impl CountBar {
    /// A bar for `total` items called `unit` (e.g. "puzzles"), drawn only if `wanted`.
    pub fn new(total: u64, unit: &str, wanted: bool) -> CountBar {
        let bar = if wanted {
            let template = format!(
                "{{elapsed_precise}} [{{bar:20}}] {{pos}}/{{len}} {unit}, {{per_sec}}, ETA {{eta}} {{msg}}"
            );
            let style = ProgressStyle::with_template(&template)
                .expect("the template is valid")
                .progress_chars("=> ");
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
                .with_style(style)
        } else {
            ProgressBar::hidden()
        };
        CountBar { bar }
    }

    /// Counts `n` more items done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// Sets the text after the counts (e.g. "3 unsolvable").
    pub fn set_message(&self, message: impl Into<String>) {
        self.bar.set_message(message.into());
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Items done so far.
    #[cfg(test)]
    pub fn done(&self) -> u64 {
        self.bar.position()
    }
}

impl Drop for CountBar {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A number with an SI suffix for progress lines: `950`, `12.3k`, `4.56M`, `7.89G`.
pub fn si(x: f64) -> String {
    let (value, suffix) = if x >= 1e12 {
        (x / 1e12, "T")
    } else if x >= 1e9 {
        (x / 1e9, "G")
    } else if x >= 1e6 {
        (x / 1e6, "M")
    } else if x >= 1e3 {
        (x / 1e3, "k")
    } else {
        return format!("{x:.0}");
    };
    if value >= 100.0 {
        format!("{value:.0}{suffix}")
    } else if value >= 10.0 {
        format!("{value:.1}{suffix}")
    } else {
        format!("{value:.2}{suffix}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn si_suffixes() {
        assert_eq!(si(950.0), "950");
        assert_eq!(si(12_345.0), "12.3k");
        assert_eq!(si(4_560_000.0), "4.56M");
        assert_eq!(si(789_000_000_000.0), "789G");
    }

    #[test]
    fn unwanted_bars_draw_nothing() {
        let mut bar = SearchBar::new(false);
        bar.update(&Progress {
            nodes: 1,
            solutions: 0,
            level: 0,
            estimate: 0.5,
            elapsed: Duration::from_secs(10),
        });
        assert!(bar.bar.is_none());
        assert!(
            bar.event(&at(10.0, 0.5)).is_none(),
            "no events unless asked"
        );
        let count = CountBar::new(10, "puzzles", false);
        count.inc(3);
        assert_eq!(count.done(), 3);
    }

    fn at(secs: f64, estimate: f64) -> Progress {
        Progress {
            nodes: 1,
            solutions: 0,
            level: 0,
            estimate,
            elapsed: Duration::from_secs_f64(secs),
        }
    }

    #[test]
    fn progress_events_come_once_a_second_of_search() {
        let mut bar = SearchBar::new(false).with_events(true);
        assert!(bar.event(&at(0.5, 0.1)).is_none());
        let first = bar.event(&at(1.2, 0.2)).expect("due after a second");
        assert_eq!((first.estimate, first.elapsed_ms), (0.2, 1200));
        assert!(bar.event(&at(1.9, 0.3)).is_none());
        assert!(bar.event(&at(4.5, 0.4)).is_some());
        assert!(
            bar.event(&at(4.9, 0.5)).is_none(),
            "the missed seconds do not pile up"
        );
        assert!(bar.event(&at(5.0, 0.6)).is_some());
    }
}
