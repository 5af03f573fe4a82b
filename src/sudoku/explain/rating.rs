//! How hard a puzzle is for a person: the hardest step its explanation needs.
//!
//! A puzzle is rated by explaining it ([`Explainer`], uniqueness strategies on, guessing
//! from its solution when logic runs out): its [`Score`] is the highest score of a step, and
//! its [`Level`] follows from the score. The scale is close to Sudoku Explainer's for the
//! same techniques (a hidden pair 3.4, an XY-wing 4.2, ...); see [`Strategy::score`].
//! Chains score 0.1 more for each of 4, 6, 8, 12, 16 and 24 nodes they exceed. A puzzle
//! that needs guessing scores 8.0 for its first guess and 0.2 more for each further one
//! (with the strategies in between), so the harder puzzles beyond the strategies are told
//! apart by how often logic runs out.
//!
//! | level | score | hardest step needed |
//! |---|---|---|
//! | easy | 1.0 – 1.2 | hidden singles in boxes (a full house 1.0) |
//! | medium | 1.5 – 2.5 | hidden singles in lines, SE's direct pointing (1.7), direct claiming (1.9) and direct hidden pair (2.0), naked singles (2.3), direct hidden triple (2.5); in killer puzzles cage combinations (2.4) and the rule of 45 (2.5) |
//! | hard | 2.6 – 3.8 | pointing, box-line reduction, naked pair, X-wing, hidden pair, naked triple, swordfish |
//! | fiendish | 4.0 – 5.6 | hidden triple, skyscraper, 2-string kite, turbot fish, empty rectangle, XY-wing, XYZ-wing, unique rectangle, naked quad, jellyfish, hidden quad, BUG+1 (5.6) |
//! | diabolical | 6.5 – 7.2 | X-chain, XY-chain, W-wing (7.1, as SE's forcing chain) |
//! | expert | 8.0 and up | a guess (trial and error) |
//!
//! ```
//! use dlxkit::sudoku::explain::{rate, Level, Strategy};
//! use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
//! use dlxkit::sudoku::solvers::Answer;
//! let grid = parse_grid(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     &ParseOptions::default(),
//! )?;
//! let rating = rate(&grid, None);
//! assert_eq!(rating.answer, Answer::Unique);
//! assert_eq!((rating.level, rating.hardest), (Some(Level::Easy), Some(Strategy::HiddenSingle)));
//! assert_eq!(rating.score.to_string(), "1.2"); // hidden singles in boxes, as SE rates it
//! assert_eq!(rating.count(Strategy::HiddenSingle), 49);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::time::{Duration, Instant};

use super::step::{Score, Step, Strategy};
use super::{Explainer, Outcome};
use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::Grid;
use crate::sudoku::killer::{Killer, KillerError};
use crate::sudoku::solvers::dlx::DlxSolver;
use crate::sudoku::solvers::strategies::StrategiesSolver;
use crate::sudoku::solvers::{Answer, Limits, SolveReport, SolveStats, Status, SudokuSolver};

/// A difficulty level, named from the score (see the module table).
///
/// ```
/// use dlxkit::sudoku::explain::{Level, Score};
/// assert_eq!(Level::of(Score::from_tenths(34)), Level::Hard);
/// assert_eq!(Level::parse("fiendish"), Some(Level::Fiendish));
/// assert!(Level::Easy < Level::Expert);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Hidden singles in boxes (and full houses) only.
    Easy,
    /// Hidden singles in lines, naked singles; in killer puzzles, cage combinations and the
    /// rule of 45.
    Medium,
    /// Locked candidates, pairs, naked triples, X-wing, swordfish.
    Hard,
    /// Hidden triples, wings, unique rectangles, quads, jellyfish.
    Fiendish,
    /// Chains.
    Diabolical,
    /// A guess.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::Diabolical,
        Level::Expert,
    ];

    /// The level of a score.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Level, Strategy};
    /// assert_eq!(Level::of(Strategy::XyChain.score()), Level::Diabolical);
    /// assert_eq!(Level::of(Strategy::Guess.score()), Level::Expert);
    /// ```
    pub fn of(score: Score) -> Level {
        match score.tenths() {
            0..=12 => Level::Easy,
            13..=25 => Level::Medium,
            26..=39 => Level::Hard,
            40..=59 => Level::Fiendish,
            60..=79 => Level::Diabolical,
            _ => Level::Expert,
        }
    }

    /// Its name: `easy`, `medium`, `hard`, `fiendish`, `diabolical` or `expert`.
    ///
    /// ```
    /// assert_eq!(dlxkit::sudoku::explain::Level::Diabolical.name(), "diabolical");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::Diabolical => "diabolical",
            Level::Expert => "expert",
        }
    }

    /// Reads a level's name (case does not matter).
    ///
    /// ```
    /// assert_eq!(dlxkit::sudoku::explain::Level::parse("Easy"), Some(dlxkit::sudoku::explain::Level::Easy));
    /// ```
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard a puzzle is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// Whether the puzzle has no solution, one or several ([`Answer::Unknown`] when a limit
    /// stopped the count). Only a unique puzzle is rated.
    pub answer: Answer,
    /// The score: the highest of the steps' (0.0 for a puzzle not rated); Sudoku
    /// Explainer's ER.
    pub score: Score,
    /// The highest score of the steps up to the first placement (SE's EP, "pearl"; 0.0 for
    /// a puzzle not rated).
    pub ep: Score,
    /// The highest score of the steps up to the first that removes a candidate, a
    /// placement removing its digit from the cell's peers (SE's ED, "diamond"; 0.0 for a
    /// puzzle not rated).
    pub ed: Score,
    /// The level of the score (`None` for a puzzle not rated).
    pub level: Option<Level>,
    /// The strategy of the hardest step (`None` for a puzzle not rated or with nothing to
    /// do).
    pub hardest: Option<Strategy>,
    /// How many steps each strategy made, in the order of [`Strategy::ALL`], strategies
    /// that made none left out.
    pub counts: Vec<(Strategy, u32)>,
    /// Whether the effort budget ran out ([`Rater::effort`]): the score, EP and ED are then
    /// lower bounds (the hardest step so far, and at least the base score of the strategy
    /// whose search ran out), and `hardest` is that strategy when it scores higher.
    pub lower_bound: bool,
    /// The forcing chains' nodes the rating spent (see [`Rater::effort`]).
    pub effort: u64,
    /// The time taken.
    pub elapsed: Duration,
}

impl Rating {
    /// The steps a strategy made.
    pub fn count(&self, strategy: Strategy) -> u32 {
        self.counts
            .iter()
            .find(|(s, _)| *s == strategy)
            .map_or(0, |&(_, n)| n)
    }

    /// The number of guesses.
    pub fn guesses(&self) -> u32 {
        self.count(Strategy::Guess)
    }
}

/// Rates puzzles, keeping the solvers that count their solutions (and give the solution
/// guessed from) between them: the `strategies` solver, the faster on hard 9x9 puzzles,
/// for puzzles without pencil marks, and DLX, which takes pencil marks, for those with them.
#[derive(Debug, Default)]
pub struct Rater {
    dlx: DlxSolver,
    strategies: StrategiesSolver,
    /// The hardest strategy tried (`None`: all), past which the rating guesses.
    up_to: Option<Strategy>,
    /// The forcing chains' effort budget a puzzle (`None`: the explainer's default).
    effort: Option<u64>,
    /// Whether the almost locked set rungs are tried ([`Explainer::als`]).
    als: bool,
}

impl Rater {
    /// A new rater.
    pub fn new() -> Rater {
        Rater::default()
    }

    /// Tries the strategies up to `strategy` only, guessing past it (see
    /// [`Explainer::up_to`]): a cap on the time the nested forcing chains take.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{rating::Rater, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// use dlxkit::sudoku::solvers::Limits;
    /// let grid = parse_grid(
    ///     "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ///     &ParseOptions::default(),
    /// )?;
    /// let r = Rater::new().up_to(Strategy::XyChain).rate(&grid, None, &Limits::new());
    /// assert!(r.guesses() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn up_to(mut self, strategy: Strategy) -> Rater {
        self.up_to = Some(strategy);
        self
    }

    /// Bounds each puzzle's forcing chains to `nodes` nodes (see [`Explainer::effort`]); a
    /// puzzle that needs more gets a [`Rating::lower_bound`].
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{rating::Rater, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// use dlxkit::sudoku::solvers::Limits;
    /// let grid = parse_grid(
    ///     "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ///     &ParseOptions::default(),
    /// )?;
    /// let r = Rater::new().effort(10).rate(&grid, None, &Limits::new());
    /// assert!(r.lower_bound && r.score >= Strategy::ForcingChain.score());
    /// assert_eq!(r.guesses(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effort(mut self, nodes: u64) -> Rater {
        self.effort = Some(nodes);
        self
    }

    /// Tries the almost locked set rungs too (see [`Explainer::als`]): off by default, as
    /// they follow SE's ratings less closely.
    pub fn als(mut self, als: bool) -> Rater {
        self.als = als;
        self
    }

    /// Rates a puzzle (with its pencil marks, if any). `limits` bound the solution count
    /// (its solution limit is set to 2); their deadline and cancel flag stop the
    /// explanation too (checked between steps), leaving the puzzle unrated.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::rating::Rater;
    /// use dlxkit::sudoku::solvers::{Answer, Limits};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let r = Rater::new().rate(&Grid::empty(Shape::new(2, 2)?), None, &Limits::new());
    /// assert_eq!((r.answer, r.level), (Answer::Multiple, None));
    /// # Ok::<(), dlxkit::sudoku::GridError>(())
    /// ```
    pub fn rate(&mut self, grid: &Grid, pencil: Option<&Candidates>, limits: &Limits) -> Rating {
        let started = Instant::now();
        let limits = Limits {
            max_solutions: Some(2),
            ..limits.clone()
        };
        let report = match pencil {
            Some(p) => self.dlx.solve_candidates(grid, p, &limits),
            None => self.strategies.solve(grid, &limits),
        };
        let explainer = || Explainer::with_candidates(grid, pencil).map(|e| e.assume_unique(true));
        rating_of(report, explainer, &limits, started, self)
    }

    /// Rates a killer puzzle: its solutions counted by its exact cover encoding (see
    /// [`Killer::solve`]), then explained with the killer strategies. Fails if the puzzle
    /// cannot be encoded.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{rating::Rater, Strategy};
    /// use dlxkit::sudoku::killer::text::{parse_killers, KillerOptions};
    /// use dlxkit::sudoku::solvers::{Answer, Limits};
    /// let text = std::fs::read_to_string("data/sudoku/killer.txt")?;
    /// let killer = &parse_killers(&text, &KillerOptions::default())?[0].killer;
    /// let r = Rater::new().rate_killer(killer, &Limits::new())?;
    /// assert_eq!(r.answer, Answer::Unique);
    /// assert!(r.count(Strategy::CageCombination) > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate_killer(&mut self, killer: &Killer, limits: &Limits) -> Result<Rating, KillerError> {
        let started = Instant::now();
        let limits = Limits {
            max_solutions: Some(2),
            ..limits.clone()
        };
        let report = killer.solve(&limits)?;
        Ok(rating_of(
            report,
            || Explainer::killer(killer),
            &limits,
            started,
            self,
        ))
    }

    /// Rates a puzzle known to be unique, with its solution (a generated puzzle): no search
    /// counts its solutions, which on large grids can take far longer than the explanation.
    /// The explanation stops at the deadline or cancel flag of `limits` (checked between
    /// steps), leaving the puzzle unrated.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{rating::Rater, Level};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// use dlxkit::sudoku::solvers::Limits;
    /// let o = ParseOptions::default();
    /// let puzzle = parse_grid("1.343.1221.343.1", &o)?;
    /// let solution = parse_grid("1234341221434321", &o)?;
    /// let r = Rater::new().rate_solved(&puzzle, solution, &Limits::new());
    /// assert_eq!(r.level, Some(Level::Easy));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate_solved(&mut self, grid: &Grid, solution: Grid, limits: &Limits) -> Rating {
        let started = Instant::now();
        // Known unique: a report of one solution found by a complete search.
        let report = SolveReport {
            status: Status::Complete,
            solutions: 1,
            first: Some(solution),
            stats: SolveStats::default(),
        };
        let explainer = || Explainer::new(grid).map(|e| e.assume_unique(true));
        rating_of(report, explainer, limits, started, self)
    }
}

/// The rating of a puzzle whose solutions `report` counted (up to 2), explained by the
/// explainer `explainer` makes, guessing from the solution, within `limits`.
fn rating_of(
    report: SolveReport,
    explainer: impl FnOnce() -> Result<Explainer, super::ExplainError>,
    limits: &Limits,
    started: Instant,
    rater: &Rater,
) -> Rating {
    let mut rating = Rating {
        answer: report.answer(),
        score: Score::default(),
        ep: Score::default(),
        ed: Score::default(),
        level: None,
        hardest: None,
        counts: Vec::new(),
        lower_bound: false,
        effort: 0,
        elapsed: Duration::ZERO,
    };
    if rating.answer == Answer::Unique {
        if let Some(solution) = report.first {
            let explainer = explainer().map(|e| {
                let e = e.als(rater.als);
                let e = match rater.up_to {
                    Some(s) => e.up_to(s),
                    None => e,
                };
                match rater.effort {
                    Some(nodes) => e.effort(nodes),
                    None => e,
                }
            });
            if let Ok(explainer) = explainer.and_then(|e| e.guessing(solution)) {
                rate_steps(&mut rating, explainer, limits);
            }
        }
    }
    rating.elapsed = started.elapsed();
    rating
}

/// Fills the rating from an explanation run to its end, unless the deadline or the cancel
/// flag of `limits` stops it first.
fn rate_steps(rating: &mut Rating, mut explainer: Explainer, limits: &Limits) {
    let stop = || {
        limits.deadline.is_some_and(|d| Instant::now() >= d)
            || limits
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    };
    let steps: Vec<Step> = explainer.by_ref().take_while(|_| !stop()).collect();
    rating.effort = explainer.effort_used();
    // Where the effort ran out, the next step needs that strategy or a harder one.
    let limit = match explainer.outcome() {
        Outcome::Solved => None,
        Outcome::EffortLimit(strategy) => Some(strategy),
        _ => return, // stopped, or (not expected for a unique puzzle with its solution) stuck
    };
    // A grid with nothing left to do is as easy as it gets.
    let mut score = hardest(&steps).map_or(Strategy::HiddenSingle.score(), |s| s.score);
    rating.hardest = hardest(&steps).map(|s| s.strategy);
    if let Some(strategy) = limit {
        rating.lower_bound = true;
        if strategy.score() > score {
            score = strategy.score();
            rating.hardest = Some(strategy);
        }
    }
    rating.score = score;
    let (ep, ed) = pearl_diamond(&steps);
    rating.ep = ep.unwrap_or(score);
    rating.ed = ed.unwrap_or(score);
    rating.level = Some(Level::of(score));
    rating.counts = Strategy::ALL
        .iter()
        .map(|&s| (s, steps.iter().filter(|t| t.strategy == s).count() as u32))
        .filter(|&(_, n)| n > 0)
        .collect();
}

/// SE's EP and ED of an explanation: the highest score of the steps up to (and with) the
/// first placement, and up to the first step that removes a candidate (`None` if no step
/// does).
///
/// ```
/// use dlxkit::sudoku::explain::{rating::pearl_diamond, Explainer};
/// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
/// let grid = parse_grid("1.343.1221.343.1", &ParseOptions::default())?;
/// let steps: Vec<_> = Explainer::new(&grid)?.collect();
/// let (ep, ed) = pearl_diamond(&steps);
/// assert_eq!((ep.unwrap().to_string(), ed.unwrap().to_string()), ("1.0".into(), "1.0".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pearl_diamond(steps: &[Step]) -> (Option<Score>, Option<Score>) {
    let upto =
        |k: Option<usize>| k.map(|k| steps[..=k].iter().map(|s| s.score).max().expect("k < len"));
    let placement = steps.iter().position(|s| !s.placements.is_empty());
    let removal = steps
        .iter()
        .position(|s| !s.placements.is_empty() || !s.eliminations.is_empty());
    (upto(placement), upto(removal))
}

/// Sudoku Explainer's names for its ratings (the bands of its generator).
///
/// ```
/// use dlxkit::sudoku::explain::{rating::SeLevel, Score};
/// assert_eq!(SeLevel::of(Score::from_tenths(12)), SeLevel::Easy);
/// assert_eq!(SeLevel::of(Score::from_tenths(26)).name(), "Fiendish");
/// assert_eq!(SeLevel::of(Score::from_tenths(113)).name(), "Diabolical");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeLevel {
    /// 1.0 to 1.2.
    Easy,
    /// 1.3 to 1.6.
    Medium,
    /// 1.7 to 2.5.
    Hard,
    /// 2.6 to 6.0.
    Fiendish,
    /// 6.1 and up.
    Diabolical,
}

impl SeLevel {
    /// The band of a score.
    pub fn of(score: Score) -> SeLevel {
        match score.tenths() {
            0..=12 => SeLevel::Easy,
            13..=16 => SeLevel::Medium,
            17..=25 => SeLevel::Hard,
            26..=60 => SeLevel::Fiendish,
            _ => SeLevel::Diabolical,
        }
    }

    /// Its name as SE writes it: `Easy`, `Medium`, `Hard`, `Fiendish`, `Diabolical`.
    pub fn name(self) -> &'static str {
        match self {
            SeLevel::Easy => "Easy",
            SeLevel::Medium => "Medium",
            SeLevel::Hard => "Hard",
            SeLevel::Fiendish => "Fiendish",
            SeLevel::Diabolical => "Diabolical",
        }
    }
}

impl fmt::Display for SeLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The hardest step of an explanation: the first of the highest score.
///
/// ```
/// use dlxkit::sudoku::explain::{hardest, Explainer, Strategy};
/// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
/// let grid = parse_grid("1.343.1221.343.1", &ParseOptions::default())?;
/// let steps: Vec<_> = Explainer::new(&grid)?.collect();
/// assert_eq!(hardest(&steps).map(|s| s.strategy), Some(Strategy::HiddenSingle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hardest(steps: &[Step]) -> Option<&Step> {
    steps
        .iter()
        .fold(None, |best: Option<&Step>, s| match best {
            Some(b) if b.score >= s.score => Some(b),
            _ => Some(s),
        })
}

/// Rates a puzzle with a new [`Rater`] and no limits.
pub fn rate(grid: &Grid, pencil: Option<&Candidates>) -> Rating {
    Rater::new().rate(grid, pencil, &Limits::new())
}
