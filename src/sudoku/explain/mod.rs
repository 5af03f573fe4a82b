//! Sudoku that explains itself: the logical steps that solve a puzzle, one typed [`Step`]
//! at a time, in the vocabulary of the players' tools (SudokuWiki, HoDoKu, Sudoku
//! Explainer), and the difficulty rating built on them ([`rating`]).
//!
//! An [`Explainer`] is an iterator of steps. Each step is the simplest one the board
//! allows: the strategies are tried in the order of [`Strategy::ALL`], which is the order of
//! their scores, and the first that finds something is applied (but that the chaining
//! rungs, [`Strategy::is_chaining`], compete by value as Sudoku Explainer's one chaining
//! rule does). When none applies, the iterator ends and [`Explainer::outcome`] says why:
//! solved, stuck (logic ran out), or a contradiction (the puzzle has no solution). Given
//! the solution ([`Explainer::guessing`]), a stuck explainer *guesses* instead: it places
//! the solution's digit in an open cell with the fewest candidates, a step marked
//! [`Strategy::Guess`], and goes on.
//!
//! ```
//! use dlxkit::sudoku::explain::{Explainer, Outcome, Strategy};
//! use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
//! let grid = parse_grid(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
//!     &ParseOptions::default(),
//! )?;
//! let mut explainer = Explainer::new(&grid)?;
//! let steps: Vec<_> = explainer.by_ref().collect();
//! assert_eq!(explainer.outcome(), Outcome::Solved);
//! assert!(steps.iter().all(|s| s.strategy <= Strategy::HiddenSingle));
//! assert_eq!(steps[0].text(grid.layout()), "hidden single: 6 in box 1 -> r2c2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Strategies and units
//!
//! Every strategy works on any box shape (4x4, 6x6 with 2x3 boxes, 9x9, 16x16 ...). Where a
//! variant adds units, a strategy uses them when its logic holds for any unit:
//!
//! | strategy | units it uses |
//! |---|---|
//! | naked and hidden singles, naked and hidden subsets | every unit: rows, columns, boxes or jigsaw regions, X diagonals, windoku windows |
//! | pointing, box-line reduction | any two units whose intersection holds a digit's places: a box, region or window confining a digit to a line (pointing), a row, column or diagonal confining it to a box, region or window (box-line) |
//! | X-wing, swordfish, jellyfish | rows and columns only (basic fish) |
//! | skyscraper, 2-string kite, turbot fish | strong links in any unit, "seeing" along any unit |
//! | empty rectangle | boxes (or jigsaw regions) with rows and columns |
//! | finned and sashimi X-wing, swordfish, jellyfish | rows and columns as base and cover lines; the fins in one box (or jigsaw region) |
//! | grouped turbot fish | grouped strong links in rows, columns and boxes (or jigsaw regions), single-cell ones in any unit; the weak link in any unit |
//! | XY-wing, XYZ-wing, X-chain, XY-chain | "seeing" is sharing any unit, extra units included; X-chains take strong links from any unit |
//! | simple colouring, multi-colouring | conjugate pairs in any unit, "seeing" along any unit |
//! | bidirectional cycles (X-, Y- and mixed cycles) | strong and weak links in any unit, boxes first, then rows, columns and extra units; "seeing" along any unit |
//! | unique rectangles (types 1 to 4) | two rows and two columns whose four cells lie two by two in every unit holding one of them (so two boxes or regions, and no diagonal or window through a single corner); only when the puzzle is declared unique ([`Explainer::assume_unique`]), and never on a killer puzzle |
//! | unique loops (six cells or more, types 1 to 4) | links through units of alternating kinds; every unit holding a cell of the loop holds two, one at an odd and one at an even place; only for puzzles declared unique, never on a killer |
//! | BUG types 2 to 4 | rows, columns and boxes only (as BUG+1); only for puzzles declared unique, never on a killer |
//! | aligned pair and triple exclusion | rows, columns and boxes only: "seeing" is sharing one of them |
//! | WXYZ-, VWXYZ-, UVWXYZ-wings | the pilot cells in any one unit; the bivalue cell "sees" along any unit |
//! | ALS-XZ, ALS-XY-wing, death blossom, Sue de Coq (with [`Explainer::als`]) | each almost locked set in any one unit, "seeing" along any unit; Sue de Coq on any two units sharing two cells or more |
//! | cage combination, rule of 45 (killer puzzles, [`Explainer::killer`]) | a cage's cells; for the rule of 45 every unit, extra units included, as each holds every digit once (its innies and outies); cages are not units for the other strategies, but a placed digit leaves its cage |
//!
//! # Adding a strategy
//!
//! A strategy is a [`Strategy`] variant (with its name and score) and a finder, a function
//! from the [`Board`] to the first [`Step`] it finds, listed in [`ladder`] at its place in
//! the order of scores. The explainer, the rating and the command line pick it up from
//! there.

mod aligned;
mod als;
mod alswings;
mod alsxywing;
mod alsxz;
mod board;
mod bug;
mod cages;
mod cellset;
mod chains;
mod colouring;
mod cycles;
mod deathblossom;
mod direct;
mod finned;
mod fish;
mod forcing;
mod forcing_bits;
mod forcing_reach;
mod grouped;
mod intersections;
mod loops;
pub mod rating;
mod rectangles;
mod se;
mod shared;
mod singles;
mod step;
mod strong_links;
mod subsets;
mod suedecoq;
mod turbot;
mod wings;
mod wwing;

use thiserror::Error;

pub use board::{Board, Contradiction, Overlap};
pub use rating::{hardest, rate, Level, Rating};
pub use step::{Candidate, Score, Step, Strategy};

use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::{Conflict, Grid};
use crate::sudoku::killer::Killer;

/// Why a puzzle cannot be explained.
///
/// ```
/// use dlxkit::sudoku::explain::{ExplainError, Explainer};
/// use dlxkit::sudoku::{Grid, Shape};
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// g.set(0, 0, 1);
/// g.set(0, 1, 1);
/// assert!(matches!(Explainer::new(&g), Err(ExplainError::Conflict(_))));
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// Two givens break a unit.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The pencil marks are for another layout than the grid's.
    #[error("the candidates are for another layout than the grid's")]
    CandidatesLayout,
    /// A given that its cell's pencil marks do not allow.
    #[error("the given {digit} at cell {cell} is not among the cell's candidates")]
    GivenNotCandidate {
        /// The cell.
        cell: usize,
        /// The given digit.
        digit: u8,
    },
    /// A solution given for guessing that does not fit the puzzle.
    #[error("the solution given for guessing does not fit the puzzle")]
    BadSolution,
}

/// How an explanation ended (or that it has not yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Steps may follow.
    Running,
    /// Every cell is placed.
    Solved,
    /// No strategy applies, and there is no solution to guess from.
    Stuck,
    /// The board is impossible: the puzzle (or its pencil marks) has no solution.
    Contradiction(Contradiction),
    /// The effort budget ([`Explainer::effort`]) ran out while this strategy searched: the
    /// next step needs it or a harder one, so a rating of the steps so far is a lower
    /// bound.
    EffortLimit(Strategy),
}

/// The default effort budget of an explanation, in forcing-chain nodes ([`Explainer::effort`]):
/// a few seconds of one core at most, so that a file of puzzles is never held up long by
/// one, and still over 30 times what the hardest puzzles of the SE-rated sample and of
/// top1465 take and 9 times the hardest of Norvig's eleven. The forum's SE 11+ puzzles
/// mostly need more (the first of its sample 35 million nodes) and are rated as lower
/// bounds unless the effort is raised.
pub const DEFAULT_EFFORT: u64 = 30_000_000;

/// The largest effort budget accepted (the CLI refuses more): about a day of search.
pub const MAX_EFFORT: u64 = 1_000_000_000_000;

/// A strategy's finder: the first step it finds on a board, if any.
pub type Finder = fn(&Board) -> Option<Step>;

/// The strategies and their finders, simplest first (the order of [`Strategy::ALL`] without
/// [`Strategy::Guess`]).
///
/// ```
/// use dlxkit::sudoku::explain::{ladder, Strategy};
/// let order: Vec<Strategy> = ladder().iter().map(|(s, _)| *s).collect();
/// assert_eq!(order, Strategy::ALL[..Strategy::ALL.len() - 1]);
/// ```
pub fn ladder() -> &'static [(Strategy, Finder)] {
    &[
        (Strategy::HiddenSingle, singles::hidden_single),
        // Branch `explain2`'s rungs (issue 29): SE's direct rules.
        (Strategy::DirectPointing, direct::pointing),
        (Strategy::DirectClaiming, direct::claiming),
        (Strategy::DirectHiddenPair, |b| direct::hidden(b, 2)),
        (Strategy::NakedSingle, singles::naked_single),
        (Strategy::CageCombination, cages::cage_combination),
        (Strategy::RuleOf45, cages::rule_of_45),
        (Strategy::DirectHiddenTriple, |b| direct::hidden(b, 3)),
        (Strategy::Pointing, intersections::pointing),
        (Strategy::BoxLineReduction, intersections::box_line),
        (Strategy::NakedPair, |b| subsets::naked(b, 2)),
        (Strategy::XWing, |b| fish::fish(b, 2)),
        (Strategy::HiddenPair, |b| subsets::hidden(b, 2)),
        (Strategy::NakedTriple, |b| subsets::naked(b, 3)),
        (Strategy::Swordfish, |b| fish::fish(b, 3)),
        (Strategy::HiddenTriple, |b| subsets::hidden(b, 3)),
        (Strategy::Skyscraper, turbot::skyscraper),
        (Strategy::TwoStringKite, turbot::two_string_kite),
        (Strategy::TurbotFish, turbot::turbot_fish),
        (Strategy::EmptyRectangle, turbot::empty_rectangle),
        // Branch `rungs3`'s rungs (issue 29).
        (Strategy::FinnedXWing, finned::finned_x_wing),
        (Strategy::GroupedTurbotFish, grouped::grouped_turbot_fish),
        (Strategy::XyWing, wings::xy_wing),
        (Strategy::XyzWing, wings::xyz_wing),
        // Branches `rungs4` and `rungs5`'s rungs (issue 29): unique rectangles and loops,
        // found together and taken in SE's order (`seorder26`: [`loops::Patterns`]).
        (Strategy::UniqueRectangle, loops::pattern::<4, 1>),
        (Strategy::UniqueRectangleType2, loops::pattern::<4, 2>),
        (Strategy::UniqueRectangleType4, loops::pattern::<4, 4>),
        (Strategy::UniqueRectangleType3, loops::pattern::<4, 3>),
        (Strategy::UniqueLoop, loops::pattern::<6, 1>),
        (Strategy::UniqueLoopType2, loops::pattern::<6, 2>),
        (Strategy::UniqueLoopType4, loops::pattern::<6, 4>),
        (Strategy::UniqueLoopType3, loops::pattern::<6, 3>),
        (Strategy::NakedQuad, |b| subsets::naked(b, 4)),
        (Strategy::Jellyfish, |b| fish::fish(b, 4)),
        (Strategy::HiddenQuad, |b| subsets::hidden(b, 4)),
        // Branch `chains8`'s rungs (issue 29): SE's strong links, by number of links.
        (Strategy::ThreeStrongLinks, |b| {
            strong_links::strong_links(b, 3)
        }),
        (Strategy::WxyzWing, |b| alswings::als_wing(b, 3)),
        (Strategy::BugPlusOne, bug::bug_plus_one),
        // Branch `rungs6`'s rungs (issue 29).
        (Strategy::BugType2, bug::bug_type2),
        (Strategy::BugType4, bug::bug_type4),
        (Strategy::BugType3, bug::bug_type3),
        (Strategy::FourStrongLinks, |b| {
            strong_links::strong_links(b, 4)
        }),
        (Strategy::VwxyzWing, |b| alswings::als_wing(b, 4)),
        (Strategy::AlignedPairExclusion, |b| {
            aligned::aligned_exclusion(b, 2)
        }),
        (Strategy::UvwxyzWing, |b| alswings::als_wing(b, 5)),
        // Branch `colour11`'s rungs (issue 29): colouring, valued as the chains SE finds
        // for it, competing by value with the chaining rungs after it.
        (Strategy::SimpleColouring, colouring::simple_colouring),
        (Strategy::MultiColouring, colouring::multi_colouring),
        (Strategy::XChain, chains::x_chain),
        (Strategy::XyChain, chains::xy_chain),
        (Strategy::WWing, wwing::w_wing),
        // Branch `als8`'s rungs (issue 29), tried only when asked for (`Explainer::als`).
        (Strategy::AlsXz, |b| {
            alsxz::als_xz(b, &als::almost_locked_sets(b))
        }),
        (Strategy::SueDeCoq, suedecoq::sue_de_coq),
        (Strategy::AlsXyWing, |b| {
            alsxywing::als_xy_wing(b, &als::almost_locked_sets(b))
        }),
        (Strategy::DeathBlossom, |b| {
            deathblossom::death_blossom(b, &als::almost_locked_sets(b))
        }),
        // Branch `cycles9`'s rung (issue 29): SE's bidirectional cycles, which compete by
        // value with the chains around them ([`Strategy::is_chaining`]).
        (Strategy::BidirectionalCycle, cycles::bidirectional_cycle),
        // Forcing chains (forcing.rs).
        // Each with the default budget here; the explainer runs them with its own.
        (Strategy::ForcingChain, |b| {
            forcing::forcing_chain(b, &default_budget())
        }),
        (Strategy::AlignedTripleExclusion, |b| {
            aligned::aligned_exclusion(b, 3)
        }),
        (Strategy::NishioForcingChain, |b| {
            forcing::nishio(b, &default_budget())
        }),
        (Strategy::MultipleForcingChain, |b| {
            forcing::multiple(b, &default_budget())
        }),
        (Strategy::DynamicForcingChain, |b| {
            forcing::dynamic(b, &default_budget())
        }),
        (Strategy::DynamicForcingChainPlus, |b| {
            forcing::dynamic_plus(b, &default_budget())
        }),
        (Strategy::NestedForcingChain, |b| {
            forcing::nested_chain(b, &default_budget())
        }),
    ]
}

/// The least score a chaining rung's step can have, in tenths ([`Explainer`]'s next step
/// skips a rung that cannot beat the chaining step it has).
fn chaining_floor(strategy: Strategy) -> u16 {
    match strategy {
        Strategy::XyChain | Strategy::BidirectionalCycle => se::Y_CYCLE,
        Strategy::ForcingChain => se::forcing_chain(false),
        Strategy::WWing => se::w_wing().tenths(),
        _ => 0,
    }
}

/// A budget of [`DEFAULT_EFFORT`] nodes.
fn default_budget() -> forcing::Effort {
    forcing::Effort::new(DEFAULT_EFFORT)
}

/// The steps that solve a puzzle, as an iterator (see the module documentation).
///
/// ```
/// use dlxkit::sudoku::explain::{Explainer, Outcome, Strategy};
/// use dlxkit::sudoku::{ops, parse::{parse_grid, ParseOptions}};
/// // Logic alone gets nowhere on an almost empty grid; guessing from a solution finishes it.
/// let grid = parse_grid("1...............", &ParseOptions::default())?;
/// let mut stuck = Explainer::new(&grid)?;
/// assert!(stuck.next().is_none());
/// assert_eq!(stuck.outcome(), Outcome::Stuck);
/// let solution = ops::solve(&grid)?.unwrap();
/// let mut guessing = Explainer::new(&grid)?.guessing(solution.clone())?;
/// let steps: Vec<_> = guessing.by_ref().collect();
/// assert_eq!(steps[0].strategy, Strategy::Guess);
/// assert_eq!(guessing.board().grid(), solution);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Explainer {
    board: Board,
    unique: bool,
    solution: Option<Grid>,
    outcome: Outcome,
    guesses: usize,
    /// Only strategies before this one are tried ([`Explainer::below`],
    /// [`Explainer::up_to`]).
    below: Option<Strategy>,
    /// What the forcing chains may still spend ([`Explainer::effort`]).
    budget: forcing::Effort,
    /// Whether the almost locked set rungs are tried ([`Explainer::als`]).
    als: bool,
    /// Rungs left out of the ladder ([`Explainer::without`]).
    without: Vec<Strategy>,
    /// Where the one-digit rungs found nothing, for the next steps' searches.
    memo: shared::Memo,
}

impl Explainer {
    /// The explanation of a puzzle from its givens.
    pub fn new(grid: &Grid) -> Result<Explainer, ExplainError> {
        Explainer::with_candidates(grid, None)
    }

    /// The explanation of a puzzle with pencil marks (candidates the puzzle starts with,
    /// for each cell; `None` for every digit).
    ///
    /// ```
    /// use dlxkit::sudoku::candidates::{Candidates, Digits};
    /// use dlxkit::sudoku::explain::{Explainer, Strategy};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let grid = Grid::empty(Shape::new(2, 2)?);
    /// let mut pencil = Candidates::of_grid(&grid);
    /// pencil.set(0, Digits::single(3));
    /// let step = Explainer::with_candidates(&grid, Some(&pencil))?.next().unwrap();
    /// assert_eq!((step.strategy, step.placements[0].digit), (Strategy::NakedSingle, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_candidates(
        grid: &Grid,
        pencil: Option<&Candidates>,
    ) -> Result<Explainer, ExplainError> {
        Ok(Explainer {
            board: Board::new(grid, pencil)?,
            unique: false,
            solution: None,
            outcome: Outcome::Running,
            guesses: 0,
            below: None,
            budget: default_budget(),
            als: false,
            without: Vec::new(),
            memo: shared::Memo::default(),
        })
    }

    /// The explanation of a killer puzzle: its givens, and its cages for the killer
    /// strategies ([`Strategy::CageCombination`], [`Strategy::RuleOf45`]).
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Explainer, Strategy};
    /// use dlxkit::sudoku::killer::{Cage, Killer};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let killer = Killer::new(Grid::empty(Shape::new(3, 3)?), vec![Cage::new(3, [0, 1])])?;
    /// let step = Explainer::killer(&killer)?.next().unwrap();
    /// assert_eq!(step.strategy, Strategy::CageCombination);
    /// assert_eq!(
    ///     step.text(killer.grid().layout()),
    ///     "cage combination: r1c1+r1c2 = 3 is {1,2}: removes 3,4,5,6,7,8,9 from r1c1, r1c2"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn killer(killer: &Killer) -> Result<Explainer, ExplainError> {
        Ok(Explainer {
            board: Board::killer(killer)?,
            unique: false,
            solution: None,
            outcome: Outcome::Running,
            guesses: 0,
            below: None,
            budget: default_budget(),
            als: false,
            without: Vec::new(),
            memo: shared::Memo::default(),
        })
    }

    /// Declares the puzzle to have exactly one solution (or not), which allows the
    /// uniqueness strategies (unique rectangles). Off by default, and without effect on a
    /// killer puzzle: swapping two digits changes its cages' sums, so a unique rectangle's
    /// argument does not hold there.
    pub fn assume_unique(mut self, unique: bool) -> Explainer {
        self.unique = unique;
        self
    }

    /// Tries the almost locked set rungs too (ALS-XZ, Sue de Coq, ALS-XY-wing, death
    /// blossom, [`Strategy::is_als`]), after the W-wing; off by default. SE has no rule for
    /// them and finds their eliminations by chains worth more, so with them the steps and
    /// the rating follow SE's less closely (BENCHMARKS.md, branch `als8`).
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Explainer, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// let grid = parse_grid("1...............", &ParseOptions::default())?;
    /// let e = Explainer::new(&grid)?.als(true).up_to(Strategy::DeathBlossom);
    /// assert_eq!(e.count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn als(mut self, als: bool) -> Explainer {
        self.als = als;
        self
    }

    /// Leaves `strategy` out of the ladder: what a solver who does not know that technique
    /// would do next, and how a test shows a rung on a position where another comes first.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Explainer, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// let grid = parse_grid("1.343.1221.343.1", &ParseOptions::default())?;
    /// let first = Explainer::new(&grid)?.next().unwrap().strategy;
    /// let other = Explainer::new(&grid)?.without(first).next().unwrap().strategy;
    /// assert_ne!(first, other);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn without(mut self, strategy: Strategy) -> Explainer {
        self.without.push(strategy);
        self
    }

    /// Tries only the strategies simpler than `strategy` (before it in [`Strategy::ALL`]):
    /// a puzzle that needs `strategy` gets stuck. This is how a generated puzzle is shown to
    /// need its technique.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Explainer, Outcome, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// let grid = parse_grid("1.343.1221.343.1", &ParseOptions::default())?;
    /// let mut below = Explainer::new(&grid)?.below(Strategy::HiddenSingle);
    /// assert!(below.next().is_none());
    /// assert_eq!(below.outcome(), Outcome::Stuck);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn below(mut self, strategy: Strategy) -> Explainer {
        self.below = Some(strategy);
        self
    }

    /// Tries the strategies up to `strategy` only (all by default): the nested forcing chains
    /// can take seconds a step on the hardest puzzles, and a caller that would rather guess
    /// (from [`Explainer::guessing`]) or stop there says so.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Explainer, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// let grid = parse_grid("1...............", &ParseOptions::default())?;
    /// let e = Explainer::new(&grid)?.up_to(Strategy::XyChain);
    /// assert_eq!(e.count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn up_to(mut self, strategy: Strategy) -> Explainer {
        let next = Strategy::ALL
            .iter()
            .position(|&s| s == strategy)
            .map(|k| k + 1);
        self.below = next.and_then(|k| Strategy::ALL.get(k).copied());
        self
    }

    /// Bounds the forcing chains' search to `nodes` nodes in all, over the whole
    /// explanation ([`DEFAULT_EFFORT`] by default): nested forcing chains can take minutes
    /// a step on the forum's hardest puzzles. Past it the explanation ends with
    /// [`Outcome::EffortLimit`], without guessing, at the same step on every machine.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::{Explainer, Outcome, Strategy};
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// let grid = parse_grid(
    ///     "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ///     &ParseOptions::default(),
    /// )?;
    /// let mut e = Explainer::new(&grid)?.effort(10);
    /// e.by_ref().count();
    /// assert!(matches!(e.outcome(), Outcome::EffortLimit(s) if s >= Strategy::ForcingChain));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effort(mut self, nodes: u64) -> Explainer {
        self.budget = forcing::Effort::new(nodes);
        self
    }

    /// The effort spent so far (see [`Explainer::effort`]), in nodes.
    pub fn effort_used(&self) -> u64 {
        self.budget.used()
    }

    /// Guesses from `solution` when logic runs out, instead of stopping. Fails if the
    /// solution is not a solved grid of the puzzle's layout that keeps its givens.
    pub fn guessing(mut self, solution: Grid) -> Result<Explainer, ExplainError> {
        let fits = solution.is_solved()
            && solution.layout() == self.board.layout()
            && self.board.grid().is_filled_by(&solution)
            && self.board.to_candidates().allows(&solution);
        if !fits {
            return Err(ExplainError::BadSolution);
        }
        self.solution = Some(solution);
        Ok(self)
    }

    /// The board after the steps so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How the explanation ended ([`Outcome::Running`] while steps may follow).
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The next step, without applying it: the simplest the board allows; the strategy
    /// whose search ran out of effort, if one did. Once a chaining rung
    /// ([`Strategy::is_chaining`]) finds a step, the chaining rungs after it that could give
    /// a lower score are tried too and the least score is taken (the first on a tie), as
    /// SE's one chaining rule offers its hint of least value; the almost locked set rungs
    /// between them are not tried then.
    fn next_step(&mut self) -> Result<Option<Step>, Strategy> {
        let mut shared = shared::Shared::default();
        let mut chained: Option<Step> = None;
        for &(strategy, finder) in ladder() {
            let killer = !self.board.cages().is_empty();
            if strategy.assumes_unique() && (!self.unique || killer) {
                continue;
            }
            if strategy.is_als() && (!self.als || chained.is_some()) {
                continue;
            }
            if self.without.contains(&strategy) {
                continue;
            }
            if self.below.is_some_and(|b| strategy >= b) {
                break;
            }
            if let Some(best) = &chained {
                if !strategy.is_chaining() {
                    break;
                }
                if chaining_floor(strategy) >= best.score.tenths() {
                    continue;
                }
            }
            // The unique rectangles and loops are one rule in SE, whose first hint (by
            // value, then type) among the rungs tried here serves.
            let tried =
                |s: Strategy| !self.without.contains(&s) && self.below.is_none_or(|b| s < b);
            let found = match forcing::finder(strategy) {
                Some(search) => search(&self.board, &self.budget),
                None if loops::is_rung(strategy) => shared.unique(strategy, &self.board, tried),
                None => shared
                    .find(strategy, &self.board, &mut self.memo)
                    .unwrap_or_else(|| finder(&self.board)),
            };
            if self.budget.spent() {
                return Err(strategy);
            }
            if let Some(step) = found {
                if !strategy.is_chaining() {
                    return Ok(Some(step));
                }
                if chained.as_ref().is_none_or(|b| step.score < b.score) {
                    chained = Some(step);
                }
            }
        }
        if chained.is_some() {
            return Ok(chained);
        }
        Ok(self.guess())
    }

    /// A guess: the solution's digit in the first open cell with the fewest candidates.
    /// The first guess scores [`Strategy::Guess`]'s score, each further one 0.2 more.
    fn guess(&self) -> Option<Step> {
        let solution = self.solution.as_ref()?;
        let cells = self.board.layout().cells();
        let cell = (0..cells)
            .filter(|&c| self.board.value(c) == 0)
            .min_by_key(|&c| self.board.candidates(c).len())?;
        let digit = solution.cells()[cell];
        let mut step = Step::new(Strategy::Guess);
        let extra = 2 * self.guesses.min(1000) as u16;
        step.score = Score::from_tenths(step.score.tenths() + extra);
        step.cells.push(cell);
        step.digits = self.board.candidates(cell).iter().collect();
        step.placements.push(Candidate { cell, digit });
        Some(step)
    }
}

impl Iterator for Explainer {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.outcome != Outcome::Running {
            return None;
        }
        if self.board.is_solved() {
            self.outcome = Outcome::Solved;
            return None;
        }
        if let Some(c) = self.board.contradiction() {
            self.outcome = Outcome::Contradiction(c);
            return None;
        }
        match self.next_step() {
            Err(strategy) => {
                self.outcome = Outcome::EffortLimit(strategy);
                None
            }
            Ok(Some(step)) => {
                self.board.apply(&step);
                self.guesses += usize::from(step.strategy == Strategy::Guess);
                Some(step)
            }
            Ok(None) => {
                self.outcome = Outcome::Stuck;
                None
            }
        }
    }
}
