//! The typed steps of an explanation: which [`Strategy`], on which units, cells and digits,
//! and what it places and removes; and how a step is said in the players' words.

use std::fmt;

use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::{Layout, UnitKind};
use crate::sudoku::parse::symbol_of;

/// A logical technique, from the simplest to the hardest: the order the explainer tries
/// them in, which is Sudoku Explainer's (the order of their [`Score`]s, but for its turbot
/// fish, 4.0 to 4.3, tried before the XY-wing's 4.2), with [`Strategy::Guess`] last.
///
/// ```
/// use dlxkit::sudoku::explain::Strategy;
/// assert!(Strategy::NakedSingle < Strategy::XWing);
/// assert_eq!(Strategy::XWing.name(), "X-wing");
/// assert_eq!(Strategy::XWing.score().to_string(), "3.2");
/// assert_eq!(Strategy::EmptyRectangle.score().to_string(), "4.3");
/// assert!(Strategy::EmptyRectangle < Strategy::XyWing);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// A digit with one place left in a unit goes there (the last open cell of a unit, a
    /// *full house*, first, then boxes, then lines, as Sudoku Explainer values them).
    HiddenSingle,
    // The rungs of branch `explain2` (issue 29): Sudoku Explainer's direct rules, each used
    // only for the hidden single it makes at once (placed; nothing else removed).
    /// A digit of a box confined to a line leaves the rest of the line, which leaves the
    /// digit one place in another box.
    DirectPointing,
    /// A digit of a line confined to a box leaves the rest of the box, which leaves the
    /// digit one place in another line.
    DirectClaiming,
    /// Two digits whose places in a unit are two cells fill them, which leaves another
    /// digit one place in the unit.
    DirectHiddenPair,
    /// A cell with one candidate left holds it.
    NakedSingle,
    /// Killer Sudoku: a cage's open cells keep only the digits that some filling of the
    /// cage's remaining sum (distinct digits, each from its cell's candidates) puts there.
    CageCombination,
    /// Killer Sudoku: a unit holds every digit once, so its sum is known; the cells of a
    /// unit outside the cages wholly inside it (innies), or the cells outside it of the
    /// cages that cross it (outies), add up to a known sum, and keep only the digits of
    /// the fillings of that sum.
    RuleOf45,
    /// Three digits whose places in a unit are three cells fill them, which leaves another
    /// digit one place in the unit (branch `explain2`, SE's direct rules).
    DirectHiddenTriple,
    /// A digit confined, inside a box (or window), to its intersection with a line: it leaves
    /// the rest of the line.
    Pointing,
    /// A digit confined, inside a line (row, column, diagonal), to its intersection with a
    /// box: it leaves the rest of the box.
    BoxLineReduction,
    /// Two cells of a unit whose candidates together are two digits.
    NakedPair,
    /// A basic fish of size 2 on rows and columns.
    XWing,
    /// Two digits whose places in a unit are the same two cells.
    HiddenPair,
    /// Three cells of a unit whose candidates together are three digits.
    NakedTriple,
    /// A basic fish of size 3.
    Swordfish,
    /// Three digits whose places in a unit are three cells.
    HiddenTriple,
    // The rungs of branch `explain` (issue 29, part 1): turbot fish and empty rectangles.
    /// Two strong links on a digit in parallel lines (both rows or both columns) whose inner
    /// ends see each other: one outer end holds the digit.
    Skyscraper,
    /// Two strong links on a digit, one in a row and one in a column, whose inner ends share
    /// a box: one outer end holds the digit.
    TwoStringKite,
    /// Two strong links on a digit, one in a box, whose inner ends see each other: one outer
    /// end holds the digit.
    TurbotFish,
    /// A digit whose places in a box lie on one row and one column of it, with a strong link
    /// in a line from that row (or column): the cell closing the rectangle loses the digit.
    EmptyRectangle,
    // Branch `rungs3`'s rungs (issue 29): finned fish and grouped turbot fish at 4.3.
    /// An X-wing with fins: places of one base line outside the cover lines, all in one box
    /// (sashimi when the finned line lacks its cover place in that box): the digit leaves
    /// the cover lines' cells inside the fins' box, outside the base lines.
    FinnedXWing,
    /// Two strong links on a digit whose inner ends see each other, one of them (or both)
    /// grouped: a line's places in two boxes, or a box's places on a row and a column.
    GroupedTurbotFish,
    /// A bivalue pivot `{x,y}` seeing pincers `{x,z}` and `{y,z}`: `z` leaves the cells that
    /// see both pincers.
    XyWing,
    /// A pivot `{x,y,z}` seeing pincers `{x,z}` and `{y,z}`: `z` leaves the cells that see
    /// all three.
    XyzWing,
    /// Type 1: three corners of a rectangle hold only `{x,y}`; the fourth cannot be `x` or
    /// `y`, or the puzzle would have two solutions. Used only for puzzles declared unique.
    UniqueRectangle,
    // Branch `rungs4`'s rungs (issue 29): the other unique rectangles, in SE's values (4.5
    // for types 2 and 4, 4.6 and more for type 3), all for puzzles declared unique.
    /// Type 2: two or three corners (the roof) hold `{x,y}` and one extra digit `z`, the
    /// same for all: one of them is `z`, which leaves the cells seeing every roof corner.
    UniqueRectangleType2,
    /// Type 4: two roof corners sharing a unit where `x` has no other place: one of them is
    /// `x`, so neither can be `y` (the other `{x,y}` would close the deadly rectangle).
    UniqueRectangleType4,
    /// Type 3: the extra digits of two roof corners sharing a unit act as one cell, which
    /// with other cells of the unit makes a naked set: its digits leave the unit's other
    /// cells.
    UniqueRectangleType3,
    // Branch `rungs5`'s rungs (issue 29): unique loops of six cells or more, in SE's values
    // (4.6 for six cells, 4.7 for eight, 5.0 for ten or more), for puzzles declared unique.
    /// Type 1: a loop of cells with `{x,y}` (each unit holding two of them, one at an odd
    /// and one at an even place) where one cell holds more: `x` and `y` leave it.
    UniqueLoop,
    /// Type 2: the loop's cells with more than `{x,y}` add one digit `z`: one of them is
    /// `z`, which leaves the cells seeing them all.
    UniqueLoopType2,
    /// Type 4: two extra cells of the loop share a unit where `x` has no other place: `y`
    /// leaves both.
    UniqueLoopType4,
    /// Type 3: two extra cells of the loop share a unit; their extra digits act as one cell
    /// in a naked set of the unit, whose digits leave the unit's other cells.
    UniqueLoopType3,
    /// Four cells of a unit whose candidates together are four digits.
    NakedQuad,
    /// A basic fish of size 4.
    Jellyfish,
    /// Four digits whose places in a unit are four cells.
    HiddenQuad,
    // Branch `chains8`'s rungs (issue 29): SE's strong-links rule, one rung for each number
    // of links, where SE tries it.
    /// Three strong links on a digit, nodes single cells or groups, joined by weak links:
    /// an X-chain (one of its ends holds the digit) or an X-loop (each weak link holds it
    /// once) (SE's `StrongLinks`, 5.4 to 5.7).
    ThreeStrongLinks,
    /// SukakuExplainer's WXYZ-wing (branch `rungs5`): three cells of a unit with four
    /// digits and a bivalue cell `{x,z}` seeing each of them with `x`: `z` leaves the cells
    /// seeing all of its places among them.
    WxyzWing,
    // Branch `explain2`'s rungs past the quads (issue 29).
    /// Bivalue universal grave + 1: every open cell has two candidates but one with three,
    /// and every digit two places in each unit but its extra digit: the cell holds that
    /// digit, or the puzzle would not have one solution. Used only for puzzles declared
    /// unique.
    BugPlusOne,
    // Branch `rungs6`'s rungs (issue 29): SE's other BUG types, for puzzles declared unique.
    /// BUG type 2: the cells with more than two candidates (*BUG cells*) have one extra
    /// digit `z` past a bivalue universal grave: one of them holds it, so `z` leaves the
    /// cells seeing them all.
    BugType2,
    /// BUG type 4: two BUG cells share a unit where a digit `x` of both has no other place:
    /// one holds its extra digit, the other `x`, so neither holds its remaining digit.
    BugType4,
    /// BUG type 3: the BUG cells share a unit; their extra digits, one of which they hold,
    /// act as one cell in a naked set of the unit, whose digits leave the unit's other cells.
    BugType3,
    /// Four strong links as [`Strategy::ThreeStrongLinks`] (branch `chains8`, 5.8 to 6.1).
    FourStrongLinks,
    /// SukakuExplainer's VWXYZ-wing (branch `rungs5`): a WXYZ-wing on four cells of a unit
    /// with five digits.
    VwxyzWing,
    /// Aligned pair exclusion (branch `rungs6`): two cells cannot take the two digits of a
    /// bivalue cell seeing both (nor one digit twice if they see each other); a digit of
    /// one that goes with none of the other's is removed.
    AlignedPairExclusion,
    /// SukakuExplainer's UVWXYZ-wing (branch `rungs5`): a WXYZ-wing on five cells of a unit
    /// with six digits.
    UvwxyzWing,
    // Branch `colour11`'s rungs (issue 29): colouring, valued as SE values the chains it
    // would find for the same eliminations, competing by value with the chaining rungs.
    /// One digit's conjugate pairs coloured in two colours per cluster: a cell seeing both
    /// colours loses the digit (a *colour trap*), and two cells of one colour in a unit make
    /// that colour false (a *colour wrap*).
    SimpleColouring,
    /// Two clusters of one digit's conjugate pairs, a colour of each seeing the other: the
    /// opposite colour of one of them holds the digit, so a cell seeing both opposite
    /// colours loses it.
    MultiColouring,
    /// A chain on one digit alternating strong links (a unit with two places left) and weak
    /// links (two cells sharing a unit): one of its two ends holds the digit.
    XChain,
    /// A chain of bivalue cells, each linked to the next by a shared unit and digit: one of
    /// its two ends holds the digit they start and end with.
    XyChain,
    /// Two cells `{x,y}` that do not see each other, joined by a strong link on `y`: `x`
    /// leaves the cells that see both (branch `explain2`).
    WWing,
    // Branch `als8`'s rungs (issue 29): the almost locked sets, off SE's ladder unless asked
    // for ([`Strategy::is_als`]).
    /// Two almost locked sets linked by a restricted common digit `x`: a digit `z` of both
    /// leaves the cells seeing all of its places in them (more when doubly linked).
    AlsXz,
    /// Two or three cells where a box and a line meet, with cells of the line and of the
    /// box, holding as many digits as cells: each digit leaves the rest of the unit its
    /// places lie in.
    SueDeCoq,
    /// Two almost locked sets each linked to a third (the pivot) by a restricted common
    /// digit, two different ones: a digit `z` of both leaves the cells seeing all of its
    /// places in them.
    AlsXyWing,
    /// A stem cell and an almost locked set (a petal) for each of its digits, linked to it
    /// on that digit: a digit `z` of every petal leaves the cells seeing all of its places
    /// in them.
    DeathBlossom,
    /// Branch `cycles9`'s rung (issue 29): a cycle of alternating strong and weak links
    /// (SE's bidirectional cycle: simple colouring on one digit, an X-cycle, a Y-cycle on
    /// bivalue cells, or a nice loop mixing links inside cells and units): every link holds
    /// both ways, so a candidate seeing a node on and a node off of its digit is false
    /// (6.5 on one kind of link, 7.0 mixing them, and SE's length bonus).
    BidirectionalCycle,
    // Forcing chains (src/sudoku/explain/forcing.rs), in Sudoku Explainer's order.
    /// A chain of implications from a candidate, on the puzzle's strong links, that turns
    /// the candidate itself off (or, from its removal, on): 6.6 on one kind of link, 7.0
    /// mixing links inside cells and inside units (an alternating inference chain).
    ForcingChain,
    /// Aligned triple exclusion (branch `rungs6`): three cells cannot take all the
    /// candidates of a cell seeing them all (nor one digit twice where they see each
    /// other); a digit of one that goes with no allowed choice of the others is removed.
    AlignedTripleExclusion,
    /// A digit assumed in a cell, followed on that digit alone, contradicts (7.5).
    NishioForcingChain,
    /// Every digit of a cell, or every place of a digit in a unit, forces the same
    /// candidate on or off, along the puzzle's strong links (8.0).
    MultipleForcingChain,
    /// Forcing chains that follow singles on the board as each branch changes it: a
    /// contradiction, or a conclusion all branches share (8.5).
    DynamicForcingChain,
    /// Dynamic forcing chains whose branches also use locked candidates, pairs and
    /// X-wings (9.0).
    DynamicForcingChainPlus,
    /// Dynamic forcing chains whose branches use forcing chains themselves (9.5 to 10.5).
    NestedForcingChain,
    /// Trial and error: no strategy applies, so a cell is given the solution's digit.
    Guess,
}

/// The difficulty of a step or a puzzle in tenths, on a scale close to Sudoku Explainer's
/// (1.0 the easiest; shown as `3.4`).
///
/// ```
/// use dlxkit::sudoku::explain::Score;
/// assert_eq!(Score::from_tenths(34).to_string(), "3.4");
/// assert!(Score::from_tenths(34) < Score::from_tenths(40));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u16);

impl Score {
    /// A score of `tenths` / 10.
    ///
    /// ```
    /// # use dlxkit::sudoku::explain::Score;
    /// assert_eq!(Score::from_tenths(15).tenths(), 15);
    /// ```
    pub fn from_tenths(tenths: u16) -> Score {
        Score(tenths)
    }

    /// The score in tenths.
    ///
    /// ```
    /// # use dlxkit::sudoku::explain::Score;
    /// assert_eq!(Score::from_tenths(80).tenths(), 80);
    /// ```
    pub fn tenths(self) -> u16 {
        self.0
    }

    /// The score as a number (`3.4`).
    ///
    /// ```
    /// # use dlxkit::sudoku::explain::Score;
    /// assert_eq!(Score::from_tenths(34).value(), 3.4);
    /// ```
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Strategy {
    /// Every strategy, simplest first.
    pub const ALL: [Strategy; 63] = [
        Strategy::HiddenSingle,
        Strategy::DirectPointing,
        Strategy::DirectClaiming,
        Strategy::DirectHiddenPair,
        Strategy::NakedSingle,
        Strategy::CageCombination,
        Strategy::RuleOf45,
        Strategy::DirectHiddenTriple,
        Strategy::Pointing,
        Strategy::BoxLineReduction,
        Strategy::NakedPair,
        Strategy::XWing,
        Strategy::HiddenPair,
        Strategy::NakedTriple,
        Strategy::Swordfish,
        Strategy::HiddenTriple,
        Strategy::Skyscraper,
        Strategy::TwoStringKite,
        Strategy::TurbotFish,
        Strategy::EmptyRectangle,
        Strategy::FinnedXWing,
        Strategy::GroupedTurbotFish,
        Strategy::XyWing,
        Strategy::XyzWing,
        Strategy::UniqueRectangle,
        Strategy::UniqueRectangleType2,
        Strategy::UniqueRectangleType4,
        Strategy::UniqueRectangleType3,
        Strategy::UniqueLoop,
        Strategy::UniqueLoopType2,
        Strategy::UniqueLoopType4,
        Strategy::UniqueLoopType3,
        Strategy::NakedQuad,
        Strategy::Jellyfish,
        Strategy::HiddenQuad,
        Strategy::ThreeStrongLinks,
        Strategy::WxyzWing,
        Strategy::BugPlusOne,
        Strategy::BugType2,
        Strategy::BugType4,
        Strategy::BugType3,
        Strategy::FourStrongLinks,
        Strategy::VwxyzWing,
        Strategy::AlignedPairExclusion,
        Strategy::UvwxyzWing,
        Strategy::SimpleColouring,
        Strategy::MultiColouring,
        Strategy::XChain,
        Strategy::XyChain,
        Strategy::WWing,
        Strategy::AlsXz,
        Strategy::SueDeCoq,
        Strategy::AlsXyWing,
        Strategy::DeathBlossom,
        Strategy::BidirectionalCycle,
        Strategy::ForcingChain,
        Strategy::AlignedTripleExclusion,
        Strategy::NishioForcingChain,
        Strategy::MultipleForcingChain,
        Strategy::DynamicForcingChain,
        Strategy::DynamicForcingChainPlus,
        Strategy::NestedForcingChain,
        Strategy::Guess,
    ];

    /// Its name as players write it: `naked single`, `X-wing`, `XY-chain`, `guess`...
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Strategy;
    /// assert_eq!(Strategy::BoxLineReduction.name(), "box-line reduction");
    /// assert_eq!(Strategy::UniqueRectangle.name(), "unique rectangle type 1");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Strategy::HiddenSingle => "hidden single",
            Strategy::NakedSingle => "naked single",
            Strategy::CageCombination => "cage combination",
            Strategy::RuleOf45 => "rule of 45",
            Strategy::DirectPointing => "direct pointing",
            Strategy::DirectClaiming => "direct claiming",
            Strategy::DirectHiddenPair => "direct hidden pair",
            Strategy::DirectHiddenTriple => "direct hidden triple",
            Strategy::BugPlusOne => "BUG+1",
            Strategy::BugType2 => "BUG type 2",
            Strategy::BugType4 => "BUG type 4",
            Strategy::BugType3 => "BUG type 3",
            Strategy::WWing => "W-wing",
            Strategy::AlsXz => "ALS-XZ",
            Strategy::SueDeCoq => "Sue de Coq",
            Strategy::AlsXyWing => "ALS-XY-wing",
            Strategy::DeathBlossom => "death blossom",
            Strategy::BidirectionalCycle => "bidirectional cycle",
            Strategy::FinnedXWing => "finned X-wing",
            Strategy::GroupedTurbotFish => "grouped turbot fish",
            Strategy::Pointing => "pointing",
            Strategy::BoxLineReduction => "box-line reduction",
            Strategy::NakedPair => "naked pair",
            Strategy::XWing => "X-wing",
            Strategy::HiddenPair => "hidden pair",
            Strategy::NakedTriple => "naked triple",
            Strategy::Swordfish => "swordfish",
            Strategy::HiddenTriple => "hidden triple",
            Strategy::Skyscraper => "skyscraper",
            Strategy::TwoStringKite => "2-string kite",
            Strategy::TurbotFish => "turbot fish",
            Strategy::EmptyRectangle => "empty rectangle",
            Strategy::XyWing => "XY-wing",
            Strategy::XyzWing => "XYZ-wing",
            Strategy::UniqueRectangle => "unique rectangle type 1",
            Strategy::UniqueRectangleType2 => "unique rectangle type 2",
            Strategy::UniqueRectangleType4 => "unique rectangle type 4",
            Strategy::UniqueRectangleType3 => "unique rectangle type 3",
            Strategy::UniqueLoop => "unique loop type 1",
            Strategy::UniqueLoopType2 => "unique loop type 2",
            Strategy::UniqueLoopType4 => "unique loop type 4",
            Strategy::UniqueLoopType3 => "unique loop type 3",
            Strategy::NakedQuad => "naked quad",
            Strategy::Jellyfish => "jellyfish",
            Strategy::HiddenQuad => "hidden quad",
            Strategy::WxyzWing => "WXYZ-wing",
            Strategy::VwxyzWing => "VWXYZ-wing",
            Strategy::AlignedPairExclusion => "aligned pair exclusion",
            Strategy::AlignedTripleExclusion => "aligned triple exclusion",
            Strategy::UvwxyzWing => "UVWXYZ-wing",
            Strategy::SimpleColouring => "simple colouring",
            Strategy::MultiColouring => "multi-colouring",
            Strategy::XChain => "X-chain",
            Strategy::ThreeStrongLinks => "3 strong links",
            Strategy::FourStrongLinks => "4 strong links",
            Strategy::XyChain => "XY-chain",
            Strategy::ForcingChain => "forcing chain",
            Strategy::NishioForcingChain => "Nishio forcing chain",
            Strategy::MultipleForcingChain => "multiple forcing chain",
            Strategy::DynamicForcingChain => "dynamic forcing chain",
            Strategy::DynamicForcingChainPlus => "dynamic forcing chain+",
            Strategy::NestedForcingChain => "nested forcing chain",
            Strategy::Guess => "guess",
        }
    }

    /// Its score: Sudoku Explainer's difficulty of its simplest instance (a hidden single
    /// that is a full house 1.0, in a box 1.2, in a line 1.5; chains add to it with their
    /// length, a guess with the number of guesses). A step's own [`Step::score`] adds SE's
    /// complexity modifiers (the `se` module holds them, each naming SE's rule). The killer
    /// strategies are dlxkit's own (SE has no cages), placed after the naked single.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Strategy;
    /// assert_eq!(Strategy::NakedSingle.score().to_string(), "2.3");
    /// assert_eq!(Strategy::HiddenSingle.score().to_string(), "1.0");
    /// assert_eq!(Strategy::HiddenPair.score().to_string(), "3.4");
    /// ```
    pub fn score(self) -> Score {
        Score(match self {
            Strategy::HiddenSingle => 10,
            Strategy::NakedSingle => 23,
            Strategy::CageCombination => 24,
            Strategy::RuleOf45 => 25,
            Strategy::DirectPointing => 17,
            Strategy::DirectClaiming => 19,
            Strategy::DirectHiddenPair => 20,
            Strategy::DirectHiddenTriple => 25,
            Strategy::BugPlusOne => 56,
            Strategy::BugType2 => 57,
            Strategy::BugType4 => 57,
            Strategy::BugType3 => 58,
            Strategy::WWing => 71,
            Strategy::AlsXz | Strategy::SueDeCoq | Strategy::AlsXyWing => 70,
            Strategy::DeathBlossom => 80,
            Strategy::BidirectionalCycle => 65,
            Strategy::FinnedXWing => 43,
            Strategy::GroupedTurbotFish => 43,
            Strategy::Pointing => 26,
            Strategy::BoxLineReduction => 28,
            Strategy::NakedPair => 30,
            Strategy::XWing => 32,
            Strategy::HiddenPair => 34,
            Strategy::NakedTriple => 36,
            Strategy::Swordfish => 38,
            Strategy::HiddenTriple => 40,
            Strategy::Skyscraper => 40,
            Strategy::TwoStringKite => 41,
            Strategy::TurbotFish => 42,
            Strategy::EmptyRectangle => 43,
            Strategy::XyWing => 42,
            Strategy::XyzWing => 44,
            Strategy::UniqueRectangle => 45,
            Strategy::UniqueRectangleType2 => 45,
            Strategy::UniqueRectangleType4 => 45,
            Strategy::UniqueRectangleType3 => 46,
            Strategy::UniqueLoop => 46,
            Strategy::UniqueLoopType2 => 46,
            Strategy::UniqueLoopType4 => 46,
            Strategy::UniqueLoopType3 => 47,
            Strategy::NakedQuad => 50,
            Strategy::Jellyfish => 52,
            Strategy::HiddenQuad => 54,
            Strategy::WxyzWing => 55,
            Strategy::VwxyzWing => 62,
            Strategy::AlignedPairExclusion => 62,
            Strategy::AlignedTripleExclusion => 75,
            Strategy::UvwxyzWing => 66,
            Strategy::SimpleColouring | Strategy::MultiColouring => 65,
            Strategy::XChain => 65,
            Strategy::ThreeStrongLinks => 54,
            Strategy::FourStrongLinks => 58,
            Strategy::XyChain => 66,
            Strategy::ForcingChain => 70,
            Strategy::NishioForcingChain => 75,
            Strategy::MultipleForcingChain => 80,
            Strategy::DynamicForcingChain => 85,
            Strategy::DynamicForcingChainPlus => 90,
            Strategy::NestedForcingChain => 95,
            Strategy::Guess => 120,
        })
    }
}

impl Strategy {
    /// Whether the strategy is one of the rungs that are, in Sudoku Explainer, one rule (its
    /// `Chaining` of cycles and forcing chains, which offers the hint of least value): simple
    /// colouring and multi-colouring (SE's X-chains and forcing chains under other names),
    /// the X-chain (past SE's strong-link rules), the XY-chain, the W-wing, the
    /// bidirectional cycle and the forcing chain. The explainer takes the step of least score among
    /// them once one finds something (the first on a tie).
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Strategy;
    /// assert!(Strategy::BidirectionalCycle.is_chaining());
    /// assert!(!Strategy::NishioForcingChain.is_chaining());
    /// ```
    pub fn is_chaining(self) -> bool {
        matches!(
            self,
            Strategy::SimpleColouring
                | Strategy::MultiColouring
                | Strategy::XChain
                | Strategy::XyChain
                | Strategy::WWing
                | Strategy::BidirectionalCycle
                | Strategy::ForcingChain
        )
    }

    /// Whether the strategy is one of the almost locked set rungs (ALS-XZ, Sue de Coq,
    /// ALS-XY-wing, death blossom): SE has no rule for them and rates those puzzles by
    /// chains worth more, so the explainer and the rating leave them out unless asked
    /// ([`Explainer::als`](super::Explainer::als)).
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Strategy;
    /// assert!(Strategy::DeathBlossom.is_als());
    /// assert!(!Strategy::WxyzWing.is_als());
    /// ```
    pub fn is_als(self) -> bool {
        matches!(
            self,
            Strategy::AlsXz | Strategy::SueDeCoq | Strategy::AlsXyWing | Strategy::DeathBlossom
        )
    }

    /// Whether the strategy rests on the puzzle having one solution (unique rectangles,
    /// BUG+1): the explainer uses it only for puzzles declared unique, never on a killer.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Strategy;
    /// assert!(Strategy::UniqueRectangleType2.assumes_unique());
    /// assert!(!Strategy::XWing.assumes_unique());
    /// ```
    pub fn assumes_unique(self) -> bool {
        matches!(
            self,
            Strategy::UniqueRectangle
                | Strategy::UniqueRectangleType2
                | Strategy::UniqueRectangleType4
                | Strategy::UniqueRectangleType3
                | Strategy::UniqueLoop
                | Strategy::UniqueLoopType2
                | Strategy::UniqueLoopType4
                | Strategy::UniqueLoopType3
                | Strategy::BugPlusOne
                | Strategy::BugType2
                | Strategy::BugType4
                | Strategy::BugType3
        )
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A digit in a cell: a placement or an elimination, or a node of a chain.
///
/// ```
/// use dlxkit::sudoku::explain::Candidate;
/// let c = Candidate { cell: 10, digit: 4 };
/// assert_eq!((c.cell, c.digit), (10, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell, `row * n + column` (from 0).
    pub cell: usize,
    /// The digit.
    pub digit: u8,
}

/// One logical step: the strategy, the pattern it found, and its effect on the grid.
///
/// The pattern fields depend on the strategy: `units` are the units it works in (for a
/// fish, the base lines then the cover lines; for locked candidates, the unit the digit is
/// confined in, then the unit it leaves), `cells` its cells (for a wing, the pivot first;
/// for a unique rectangle, the corner that loses candidates last), `digits` its digits (for
/// a wing `x, y, z` with `z` the one removed), and `chain` a chain's nodes in order, its
/// links alternating strong (a unit or a cell with two candidates left) and weak, the first
/// strong (for an aligned exclusion, the candidates of the cells that exclude, which follow
/// its two or three cells in `cells`). A placement removes its digit from the cell's peers
/// too.
///
/// ```
/// use dlxkit::sudoku::explain::{Explainer, Strategy};
/// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
/// let grid = parse_grid("1.343.1221.343.1", &ParseOptions::default())?;
/// let step = Explainer::new(&grid)?.next().unwrap();
/// assert_eq!(step.strategy, Strategy::HiddenSingle);
/// assert_eq!(step.text(grid.layout()), "hidden single: 2 in row 1 -> r1c2");
/// assert_eq!(step.score.to_string(), "1.0"); // the last open cell of row 1: a full house
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The strategy.
    pub strategy: Strategy,
    /// How hard this step is: the strategy's score, more for long chains and for each guess
    /// after the first.
    pub score: Score,
    /// The units of the pattern, as indexes into [`Layout::units`].
    pub units: Vec<usize>,
    /// The cells of the pattern.
    pub cells: Vec<usize>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// A chain's nodes, in order (empty for other strategies).
    pub chain: Vec<Candidate>,
    /// The sum of the cells of a killer strategy (a cage's open cells, innies or outies);
    /// `None` for other strategies.
    pub sum: Option<u32>,
    /// The digit sets those cells can still hold together, smallest first (for the killer
    /// strategies); for the almost locked set strategies ([`Strategy::is_als`]) each set's
    /// digits, in the order of its cells in `cells` (see each strategy's module); for a
    /// unique rectangle's or loop's type 3 whose set is hidden, that set; empty for others.
    pub combinations: Vec<Digits>,
    /// The colour of each cell of `cells`, for the colouring strategies (0 and 1 the two
    /// colours of the first cluster, 2 and 3 of the second); empty for others.
    pub colours: Vec<u8>,
    /// The digits placed.
    pub placements: Vec<Candidate>,
    /// The candidates removed.
    pub eliminations: Vec<Candidate>,
}

impl Step {
    /// A step of `strategy` at the strategy's own score, with nothing filled in yet.
    pub(crate) fn new(strategy: Strategy) -> Step {
        Step {
            strategy,
            score: strategy.score(),
            units: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            chain: Vec::new(),
            sum: None,
            combinations: Vec::new(),
            colours: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }

    /// A step of `strategy` that removes `eliminations`, found on a pattern of `units`,
    /// `cells` and `digits`.
    pub(crate) fn eliminating(
        strategy: Strategy,
        units: Vec<usize>,
        cells: Vec<usize>,
        digits: Vec<u8>,
        eliminations: Vec<Candidate>,
    ) -> Step {
        Step {
            units,
            cells,
            digits,
            eliminations,
            ..Step::new(strategy)
        }
    }

    /// The step in words, as one line: what was found, then `-> cell` for a placement or
    /// `: removes D from cells` for eliminations, cells written `rNcM`.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Explainer;
    /// use dlxkit::sudoku::parse::{parse_grid, ParseOptions};
    /// let grid = parse_grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", &ParseOptions::default())?;
    /// let steps: Vec<String> = Explainer::new(&grid)?.map(|s| s.text(grid.layout())).collect();
    /// assert_eq!(steps[0], "hidden single: 6 in box 1 -> r2c2");
    /// assert_eq!(steps.len(), 49); // one per blank cell: singles solve it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn text(&self, layout: &Layout) -> String {
        let cell = |c: &usize| cell_name(layout, *c);
        let cells = |list: &[usize]| list.iter().map(cell).collect::<Vec<_>>().join(", ");
        let unit = |u: &usize| layout.unit_name(*u);
        let digit = |d: u8| digit_name(layout, d);
        let digits = |list: &[u8]| list.iter().map(|&d| digit(d)).collect::<Vec<_>>().join(",");
        let set = |c: usize, d: Digits| {
            format!("{} {{{}}}", cell(&c), digits(&d.iter().collect::<Vec<_>>()))
        };
        let name = self.strategy.name();
        let what = match self.strategy {
            Strategy::NakedSingle => format!(
                "{} is the last candidate of {}",
                digit(self.digits[0]),
                cell(&self.cells[0])
            ),
            Strategy::HiddenSingle => {
                format!("{} in {}", digit(self.digits[0]), unit(&self.units[0]))
            }
            Strategy::CageCombination => {
                format!(
                    "{} {}",
                    sum_of(layout, &self.cells, self.sum),
                    combos(layout, &self.combinations)
                )
            }
            Strategy::RuleOf45 => {
                let u = self.units[0];
                let inside = self
                    .cells
                    .iter()
                    .all(|c| layout.units()[u].cells.contains(c));
                let kind = match (inside, self.cells.len()) {
                    (true, 1) => "innie",
                    (true, _) => "innies",
                    (false, 1) => "outie",
                    (false, _) => "outies",
                };
                let what = sum_of(layout, &self.cells, self.sum);
                match self.placements.is_empty() {
                    true => format!(
                        "on {}: {kind} {what} {}",
                        unit(&u),
                        combos(layout, &self.combinations)
                    ),
                    false => format!("on {}: {kind} {what}", unit(&u)),
                }
            }
            Strategy::DirectPointing | Strategy::DirectClaiming => format!(
                "{} in {} is confined to {}, leaving one place in {}",
                digit(self.digits[0]),
                unit(&self.units[0]),
                unit(&self.units[1]),
                unit(&self.units[2])
            ),
            Strategy::DirectHiddenPair | Strategy::DirectHiddenTriple => format!(
                "{} in {} ({}), leaving one place for {}",
                digits(&self.digits),
                unit(&self.units[0]),
                cells(&self.cells),
                digit(self.placements[0].digit)
            ),
            Strategy::BugPlusOne => format!(
                "{} is the only cell with three candidates ({}): {} has three places in its units",
                cell(&self.cells[0]),
                digits(&self.digits),
                digit(self.placements[0].digit)
            ),
            Strategy::BugType2 => format!(
                "{} hold the extra digit {}: one of them is {}",
                cells(&self.cells),
                digit(self.digits[0]),
                digit(self.digits[0])
            ),
            Strategy::BugType4 => format!(
                "{} or {} holds an extra digit, the other {} (its only places in {})",
                cell(&self.cells[0]),
                cell(&self.cells[1]),
                digit(self.digits[0]),
                unit(&self.units[0])
            ),
            Strategy::BugType3 => {
                let k = self.digits.len();
                let (bug, set) = self.cells.split_at(self.cells.len() + 1 - k);
                format!(
                    "an extra digit of {} with {} makes a naked {} {} in {}",
                    cells(bug),
                    cells(set),
                    set_word(k),
                    digits(&self.digits),
                    unit(&self.units[0])
                )
            }
            Strategy::AlignedPairExclusion | Strategy::AlignedTripleExclusion => {
                let k = if self.strategy == Strategy::AlignedPairExclusion {
                    2
                } else {
                    3
                };
                let (base, excluders) = self.cells.split_at(k);
                let sets: Vec<String> = excluders
                    .iter()
                    .map(|&c| {
                        let d = self.chain.iter().filter(|n| n.cell == c).map(|n| n.digit);
                        set(c, Digits::from_digits(d))
                    })
                    .collect();
                format!(
                    "{} and {}, seen by {}",
                    cells(&base[..k - 1]),
                    cell(&base[k - 1]),
                    sets.join(", ")
                )
            }
            Strategy::AlsXz | Strategy::AlsXyWing | Strategy::DeathBlossom | Strategy::SueDeCoq => {
                als(layout, self)
            }
            Strategy::WWing => format!(
                "{} {{{}}} and {} {{{}}} linked on {} by {}={}: one of them is {}",
                cell(&self.cells[0]),
                digits(&self.digits),
                cell(&self.cells[3]),
                digits(&self.digits),
                digit(self.digits[1]),
                cell(&self.cells[1]),
                cell(&self.cells[2]),
                digit(self.digits[0])
            ),
            Strategy::Pointing | Strategy::BoxLineReduction => format!(
                "{} in {} is confined to {}",
                digit(self.digits[0]),
                unit(&self.units[0]),
                unit(&self.units[1])
            ),
            Strategy::NakedPair
            | Strategy::NakedTriple
            | Strategy::NakedQuad
            | Strategy::HiddenPair
            | Strategy::HiddenTriple
            | Strategy::HiddenQuad => {
                let units: Vec<String> = self.units.iter().map(unit).collect();
                format!(
                    "{} in {} ({})",
                    digits(&self.digits),
                    units.join(" and "),
                    cells(&self.cells)
                )
            }
            Strategy::XWing | Strategy::Swordfish | Strategy::Jellyfish => {
                let k = self.units.len() / 2;
                format!(
                    "on {} in {}",
                    digit(self.digits[0]),
                    lines(layout, &self.units[..k]) + " / " + &lines(layout, &self.units[k..])
                )
            }
            Strategy::FinnedXWing => {
                let k = (self.units.len() - 1) / 2;
                let fins: Vec<usize> = self
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| {
                        !self.units[k..2 * k]
                            .iter()
                            .any(|&u| layout.units()[u].cells.contains(c))
                    })
                    .collect();
                format!(
                    "on {} in {}, fins {} in {}",
                    digit(self.digits[0]),
                    lines(layout, &self.units[..k]) + " / " + &lines(layout, &self.units[k..2 * k]),
                    cells(&fins),
                    unit(&self.units[2 * k])
                )
            }
            Strategy::GroupedTurbotFish => format!(
                "on {}: strong links in {} and {}, weak link in {} ({})",
                digit(self.digits[0]),
                unit(&self.units[0]),
                unit(&self.units[2]),
                unit(&self.units[1]),
                cells(&self.cells)
            ),
            Strategy::XyWing | Strategy::XyzWing => {
                let (x, y, z) = (self.digits[0], self.digits[1], self.digits[2]);
                let pivot = if self.strategy == Strategy::XyWing {
                    Digits::from_digits([x, y])
                } else {
                    Digits::from_digits([x, y, z])
                };
                format!(
                    "pivot {}, pincers {}, {}",
                    set(self.cells[0], pivot),
                    set(self.cells[1], Digits::from_digits([x, z])),
                    set(self.cells[2], Digits::from_digits([y, z]))
                )
            }
            Strategy::UniqueRectangle => {
                format!("on {} in {}", digits(&self.digits), cells(&self.cells))
            }
            Strategy::WxyzWing | Strategy::VwxyzWing | Strategy::UvwxyzWing => {
                let (pilots, yz) = self.cells.split_at(self.cells.len() - 1);
                format!(
                    "{} ({}) in {} with {}, linked on {}",
                    cells(pilots),
                    digits(&self.digits[2..]),
                    unit(&self.units[0]),
                    set(yz[0], Digits::from_digits([self.digits[0], self.digits[1]])),
                    digit(self.digits[0])
                )
            }
            Strategy::UniqueRectangleType2
            | Strategy::UniqueRectangleType4
            | Strategy::UniqueRectangleType3 => rectangle(layout, self),
            Strategy::UniqueLoop
            | Strategy::UniqueLoopType2
            | Strategy::UniqueLoopType4
            | Strategy::UniqueLoopType3 => unique_loop(layout, self),
            Strategy::Skyscraper | Strategy::TwoStringKite | Strategy::TurbotFish => {
                format!(
                    "on {}: {}",
                    digit(self.digits[0]),
                    x_chain(layout, &self.chain)
                )
            }
            Strategy::EmptyRectangle => format!(
                "on {} in {} with {} ({})",
                digit(self.digits[0]),
                unit(&self.units[0]),
                unit(&self.units[1]),
                cells(&self.cells)
            ),
            Strategy::XChain => {
                format!(
                    "on {}: {}",
                    digit(self.digits[0]),
                    x_chain(layout, &self.chain)
                )
            }
            Strategy::XyChain => xy_chain(layout, &self.chain),
            Strategy::SimpleColouring | Strategy::MultiColouring => colouring(layout, self),
            Strategy::BidirectionalCycle => cycle(layout, self),
            Strategy::ThreeStrongLinks | Strategy::FourStrongLinks => strong_links(layout, self),
            Strategy::ForcingChain
            | Strategy::NishioForcingChain
            | Strategy::MultipleForcingChain
            | Strategy::DynamicForcingChain
            | Strategy::DynamicForcingChainPlus
            | Strategy::NestedForcingChain => forcing(layout, self),
            Strategy::Guess => {
                let placed = self.placements[0];
                format!(
                    "{} in {} (of {}), the solution's digit",
                    digit(placed.digit),
                    cell(&placed.cell),
                    digits(&self.digits)
                )
            }
        };
        let sep = match self.strategy {
            Strategy::NakedPair
            | Strategy::NakedTriple
            | Strategy::NakedQuad
            | Strategy::HiddenPair
            | Strategy::HiddenTriple
            | Strategy::HiddenQuad
            | Strategy::XWing
            | Strategy::Swordfish
            | Strategy::Jellyfish
            | Strategy::FinnedXWing
            | Strategy::UniqueRectangle
            | Strategy::XChain
            | Strategy::RuleOf45 => " ",
            _ => ": ",
        };
        let mut out = format!("{name}{sep}{what}");
        if !self.eliminations.is_empty() {
            out.push_str(": removes ");
            out.push_str(&removals(layout, &self.eliminations));
        }
        if !self.placements.is_empty() {
            out.push_str(" -> ");
            out.push_str(&cells(
                &self.placements.iter().map(|p| p.cell).collect::<Vec<_>>(),
            ));
        }
        out
    }
}

/// `r3c7`.
pub(crate) fn cell_name(layout: &Layout, cell: usize) -> String {
    let n = layout.size();
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// A digit as the grids write it: `7`, and past 9 the grid's letter (`G` for 16) on grids
/// whose side allows letters (up to 35), its number on larger ones.
pub(crate) fn digit_name(layout: &Layout, digit: u8) -> String {
    match symbol_of(digit) {
        Some(symbol) if layout.size() <= 35 => symbol.to_string(),
        _ => digit.to_string(),
    }
}

/// `r1c1+r1c2 = 3`: cells and their sum.
fn sum_of(layout: &Layout, cells: &[usize], sum: Option<u32>) -> String {
    let cells: Vec<String> = cells.iter().map(|&c| cell_name(layout, c)).collect();
    format!("{} = {}", cells.join("+"), sum.unwrap_or(0))
}

/// `is {1,2}`, `is {1,9} or {2,8}`, or `has 7 combinations` past four.
fn combos(layout: &Layout, sets: &[Digits]) -> String {
    if sets.len() > 4 {
        return format!("has {} combinations", sets.len());
    }
    let sets: Vec<String> = sets
        .iter()
        .map(|d| {
            let digits: Vec<String> = d.iter().map(|x| digit_name(layout, x)).collect();
            format!("{{{}}}", digits.join(","))
        })
        .collect();
    format!("is {}", sets.join(" or "))
}

/// `rows 2,7` or `columns 4,8`: lines of one kind, by their numbers.
fn lines(layout: &Layout, units: &[usize]) -> String {
    let n = layout.size();
    let kind = units.first().map(|&u| layout.units()[u].kind);
    let (word, base) = match kind {
        Some(UnitKind::Column) => ("columns", n),
        _ => ("rows", 0),
    };
    let numbers: Vec<String> = units.iter().map(|&u| (u - base + 1).to_string()).collect();
    format!("{word} {}", numbers.join(","))
}

/// `3 from r5c4, r9c8` for one digit; otherwise the cells grouped by the digits they lose,
/// `2,7 from r4c5; 3 from r1c2`.
fn removals(layout: &Layout, eliminations: &[Candidate]) -> String {
    // Each cell's digits, cells in order of first mention.
    let mut by_cell: Vec<(usize, Digits)> = Vec::new();
    for e in eliminations {
        match by_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, d)) => d.insert(e.digit),
            None => by_cell.push((e.cell, Digits::single(e.digit))),
        }
    }
    // Cells with the same digits together, groups in order of first mention.
    let mut groups: Vec<(Digits, Vec<usize>)> = Vec::new();
    for (cell, d) in by_cell {
        match groups.iter_mut().find(|(g, _)| *g == d) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((d, vec![cell])),
        }
    }
    groups
        .iter()
        .map(|(d, cells)| {
            let digits: Vec<String> = d.iter().map(|x| digit_name(layout, x)).collect();
            let cells: Vec<String> = cells.iter().map(|&c| cell_name(layout, c)).collect();
            format!("{} from {}", digits.join(","), cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// An X-chain in Eureka notation: `r1c2=r1c7-r4c7=r4c3`.
fn x_chain(layout: &Layout, chain: &[Candidate]) -> String {
    let mut out = String::new();
    for (k, node) in chain.iter().enumerate() {
        if k > 0 {
            out.push(if k % 2 == 1 { '=' } else { '-' });
        }
        out.push_str(&cell_name(layout, node.cell));
    }
    out
}

/// Strong links in a chain or loop (cells: the nodes' cells in order; chain: each node's
/// first cell; units: the links' units, the weak links' units, then for a loop the unit
/// closing it): `X-chain on 5: r1c2=r1c7-r4c7=r4c3`, `grouped X-loop on 5: r1c2=r1c78-...-r1c2`.
fn strong_links(layout: &Layout, step: &Step) -> String {
    let k = step.chain.len() / 2;
    let starts: Vec<usize> = step
        .chain
        .iter()
        .map(|c| step.cells.iter().position(|&x| x == c.cell).unwrap_or(0))
        .collect();
    let nodes: Vec<&[usize]> = starts
        .iter()
        .enumerate()
        .map(|(i, &a)| &step.cells[a..starts.get(i + 1).copied().unwrap_or(step.cells.len())])
        .collect();
    let grouped = nodes.iter().any(|n| n.len() > 1);
    let closed = step.units.len() == 2 * k;
    let kind = match (grouped, closed) {
        (false, false) => "X-chain",
        (true, false) => "grouped X-chain",
        (false, true) => "X-loop",
        (true, true) => "grouped X-loop",
    };
    let mut out = String::new();
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            out.push(if i % 2 == 1 { '=' } else { '-' });
        }
        out.push_str(&group_name(layout, node));
    }
    if let (true, Some(first)) = (closed, nodes.first()) {
        out.push('-');
        out.push_str(&group_name(layout, first));
    }
    let digit = step
        .digits
        .first()
        .map_or(String::new(), |&d| digit_name(layout, d));
    format!("{kind} on {digit}: {out}")
}

/// A node of cells: `r4c7`, a group on a row `r4c78` or a column `r45c7` (on grids up to
/// 9x9; `r4c7+r4c8` on larger ones and for other groups).
fn group_name(layout: &Layout, cells: &[usize]) -> String {
    let n = layout.size();
    let first = cells.first().copied().unwrap_or(0);
    let (row, col) = (first / n, first % n);
    let numbers = |f: &dyn Fn(usize) -> usize| -> String {
        cells.iter().map(|&c| (f(c) + 1).to_string()).collect()
    };
    if cells.len() > 1 && n <= 9 && cells.iter().all(|&c| c / n == row) {
        format!("r{}c{}", row + 1, numbers(&|c| c % n))
    } else if cells.len() > 1 && n <= 9 && cells.iter().all(|&c| c % n == col) {
        format!("r{}c{}", numbers(&|c| c / n), col + 1)
    } else {
        let names: Vec<String> = cells.iter().map(|&c| cell_name(layout, c)).collect();
        names.join("+")
    }
}

/// An XY-chain in Eureka notation: `(1=7)r1c2-(7=3)r1c5-(3=1)r4c5`.
fn xy_chain(layout: &Layout, chain: &[Candidate]) -> String {
    chain
        .chunks(2)
        .map(|pair| {
            format!(
                "({}={}){}",
                digit_name(layout, pair[0].digit),
                digit_name(layout, pair.get(1).map_or(0, |p| p.digit)),
                cell_name(layout, pair[0].cell)
            )
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// A colouring step (cells: each cluster's cells by colour; colours: each cell's; chain:
/// the chain SE would find; units: a wrap's unit): `on 7, {r1c1,r3c5} / {r1c5,r6c1}: trap
/// r1c1=r1c5-r3c5=r6c1`, `on 7, {..} / {..}: wrap r1c1, r3c1 in column 1`, and for
/// multi-colouring `on 7, {..} / {..} and {..} / {..}: r1c1 sees r2c2, r1c5=r1c1-r2c2=r8c8`.
fn colouring(layout: &Layout, step: &Step) -> String {
    let cell = |c: usize| cell_name(layout, c);
    let colour = |k: u8| {
        let cells: Vec<String> = step
            .cells
            .iter()
            .zip(&step.colours)
            .filter(|&(_, &x)| x == k)
            .map(|(&c, _)| cell(c))
            .collect();
        format!("{{{}}}", cells.join(","))
    };
    let digit = step
        .digits
        .first()
        .map_or(String::new(), |&d| digit_name(layout, d));
    let chain = x_chain(layout, &step.chain);
    if step.strategy == Strategy::MultiColouring {
        // The weak link joining the clusters: where the chain's colours pass from 0/1 to 2/3.
        let second = |c: &Candidate| {
            let at = step.cells.iter().position(|&x| x == c.cell);
            at.is_some_and(|k| step.colours[k] >= 2)
        };
        let join = step.chain.iter().position(second).unwrap_or(0);
        let (a, b) = (
            step.chain.get(join.wrapping_sub(1)).map_or(0, |c| c.cell),
            step.chain.get(join).map_or(0, |c| c.cell),
        );
        return format!(
            "on {digit}, {} / {} and {} / {}: {} sees {}, {chain}",
            colour(0),
            colour(1),
            colour(2),
            colour(3),
            cell(a),
            cell(b)
        );
    }
    let head = format!("on {digit}, {} / {}", colour(0), colour(1));
    match (step.units.first(), step.chain.first(), step.chain.last()) {
        (Some(&u), Some(p), Some(q)) => format!(
            "{head}: wrap {}, {} in {}",
            cell(p.cell),
            cell(q.cell),
            layout.unit_name(u)
        ),
        _ => format!("{head}: trap {chain}"),
    }
}

/// A bidirectional cycle (chain: its nodes from the first the assumption turns off, strong
/// link first, the last the assumption; it closes by a weak link to the first): `X-cycle on
/// 5: r1c1=r1c5-r3c5=r3c1-r1c1` on one digit, `Y-cycle: (3=5)r1c1-(5=3)r1c5-...` when its
/// strong links are all inside cells, else `cycle: (5)r1c1=(5)r1c5-(5=3)r3c5-...`.
fn cycle(layout: &Layout, step: &Step) -> String {
    let chain = &step.chain;
    let cell = |c: usize| cell_name(layout, c);
    let digit = |d: u8| digit_name(layout, d);
    let Some(first) = chain.first() else {
        return String::new();
    };
    if step.digits.len() == 1 {
        let (d, body, close) = (digit(first.digit), x_chain(layout, chain), cell(first.cell));
        return format!("X-cycle on {d}: {body}-{close}");
    }
    let y = chain
        .chunks(2)
        .all(|p| p.len() == 2 && p[0].cell == p[1].cell);
    let parts: Vec<String> = chain
        .chunks(2)
        .map(|p| match p {
            [a, b] if a.cell == b.cell => {
                format!("({}={}){}", digit(a.digit), digit(b.digit), cell(a.cell))
            }
            [a, b] => format!(
                "({}){}=({}){}",
                digit(a.digit),
                cell(a.cell),
                digit(b.digit),
                cell(b.cell)
            ),
            [a] => format!("({}){}", digit(a.digit), cell(a.cell)),
            _ => String::new(),
        })
        .collect();
    let kind = if y { "Y-cycle" } else { "cycle" };
    let (body, d, c) = (parts.join("-"), digit(first.digit), cell(first.cell));
    format!("{kind}: {body}-({d}){c}")
}

/// A unique rectangle of type 2, 3 or 4 (cells: the corners, the two roof corners last, then
/// a type 3's set cells; digits: the pair, then type 2's extra digit or type 3's set):
/// `on 4,9 in r1c1, r1c2, r4c1, r4c2: 6 in r4c1 or r4c2`,
/// `on 4,9 in ...: 4 in row 4 only in r4c1, r4c2`,
/// `on 4,9 in ...: naked triple 1,5,6 in row 4 with r4c7`.
fn rectangle(layout: &Layout, step: &Step) -> String {
    let cell = |c: &usize| cell_name(layout, *c);
    let list = |cs: &[usize], sep: &str| cs.iter().map(cell).collect::<Vec<_>>().join(sep);
    let digit = |d: u8| digit_name(layout, d);
    let digits = |ds: &[u8]| ds.iter().map(|&d| digit(d)).collect::<Vec<_>>().join(",");
    let corners = &step.cells[..4];
    let mut pair = [step.digits[0], step.digits[1]];
    pair.sort_unstable();
    let head = format!("on {} in {}", digits(&pair), list(corners, ", "));
    match step.strategy {
        // Three roof corners (one holding the pair alone) follow the four.
        Strategy::UniqueRectangleType2 => format!(
            "{head}: {} in {}",
            digit(step.digits[2]),
            list(
                step.cells
                    .get(4..)
                    .filter(|r| !r.is_empty())
                    .unwrap_or(&corners[2..]),
                " or "
            )
        ),
        Strategy::UniqueRectangleType4 => format!(
            "{head}: {} in {} only in {}",
            digit(step.digits[0]),
            layout.unit_name(step.units[0]),
            list(&corners[2..], ", ")
        ),
        _ => format!("{head}: {}", naked_set(layout, step, &step.cells[4..])),
    }
}

/// The naked or hidden set of a unique rectangle's or loop's type 3 (digits: the pair, then
/// the set's others; a hidden set's digits in `combinations`; `cells`: the set's cells
/// outside the pattern): `naked triple 1,5,6 in row 4 with r4c7`, `hidden pair 1,2 in box 7
/// with r9c1`.
fn naked_set(layout: &Layout, step: &Step, cells: &[usize]) -> String {
    let (kind, set): (&str, Vec<u8>) = match step.combinations.first() {
        Some(hidden) => ("hidden", hidden.iter().collect()),
        None => ("naked", step.digits[2..].to_vec()),
    };
    let name = set_word(set.len());
    let digits: Vec<String> = set.iter().map(|&d| digit_name(layout, d)).collect();
    let cells: Vec<String> = cells.iter().map(|&c| cell_name(layout, c)).collect();
    format!(
        "{kind} {name} {} in {} with {}",
        digits.join(","),
        layout.unit_name(step.units[0]),
        cells.join(", ")
    )
}

/// What a naked or hidden set of `k` digits is called: `pair`, `triple`, `quad`...
fn set_word(k: usize) -> &'static str {
    [
        "pair",
        "triple",
        "quad",
        "quintuple",
        "sextuple",
        "septuple",
    ]
    .get(k.saturating_sub(2))
    .copied()
    .unwrap_or("set")
}

/// A unique loop (chain: the loop's cells in order; cells: the loop's, then its extra
/// cells, then a type 3's set cells; digits: the pair, then type 2's extra digit or type 3's
/// set): `on 4,9 in r1c1-r1c5-...-r3c1` (type 1), `...: 6 in r4c1 or r4c7`,
/// `...: 4 in row 4 only in r4c1, r4c2`, `...: naked triple 1,5,6 in row 4 with r4c7`.
fn unique_loop(layout: &Layout, step: &Step) -> String {
    let list = |cs: &[usize], sep: &str| {
        cs.iter()
            .map(|&c| cell_name(layout, c))
            .collect::<Vec<_>>()
            .join(sep)
    };
    let digits = |ds: &[u8]| {
        ds.iter()
            .map(|&d| digit_name(layout, d))
            .collect::<Vec<_>>()
            .join(",")
    };
    let len = step.chain.len();
    let cycle: Vec<usize> = step.chain.iter().map(|c| c.cell).collect();
    let mut pair = [step.digits[0], step.digits[1]];
    pair.sort_unstable();
    let head = format!("on {} in {}", digits(&pair), list(&cycle, "-"));
    let extra = &step.cells[len..];
    match step.strategy {
        Strategy::UniqueLoop => head,
        Strategy::UniqueLoopType2 => format!(
            "{head}: {} in {}",
            digit_name(layout, step.digits[2]),
            list(extra, " or ")
        ),
        Strategy::UniqueLoopType4 => format!(
            "{head}: {} in {} only in {}",
            digit_name(layout, step.digits[0]),
            layout.unit_name(step.units[0]),
            list(&extra[..2], ", ")
        ),
        _ => format!("{head}: {}", naked_set(layout, step, &extra[2..])),
    }
}

/// The almost locked sets' steps (branch `als8`; each set written as its cells then its
/// digits, `r1c1,r1c2 {1,2,5}`):
/// `r1c1,r1c2 {1,2,5} and r5c2 {1,5} linked on 1` (ALS-XZ),
/// `r1c1 {1,5} and r5c5 {2,5} through r1c5,r5c1 ... linked on 1, 2: 5 in either`,
/// `stem r2c2 {1,4}, petals r1c1,r1c3 {1,2,5} on 1, r3c3 {4,5} on 4: 5 in a petal`,
/// `r1c1,r1c2 {1,2,4,5} in row 1 and box 1, with r1c7 {1,4} and r3c3 {2,5}` (Sue de Coq).
fn als(layout: &Layout, step: &Step) -> String {
    let digits = |ds: &mut dyn Iterator<Item = u8>| {
        ds.map(|d| digit_name(layout, d))
            .collect::<Vec<_>>()
            .join(",")
    };
    let set = |cells: &[usize], d: Digits| {
        let cells: Vec<String> = cells.iter().map(|&c| cell_name(layout, c)).collect();
        format!("{} {{{}}}", cells.join(","), digits(&mut d.iter()))
    };
    // The sets' cells, split by their digits' counts (one cell fewer than digits each).
    let split = |from: usize| -> Vec<String> {
        let mut at = from;
        let sets = if step.strategy == Strategy::AlsXz {
            2
        } else {
            step.combinations.len()
        };
        step.combinations[..sets.min(step.combinations.len())]
            .iter()
            .map(|&d| {
                let k = (d.len().saturating_sub(1)).min(step.cells.len() - at);
                let text = set(&step.cells[at..at + k], d);
                at += k;
                text
            })
            .collect()
    };
    let tail = |zs: &[u8]| digits(&mut zs.iter().copied());
    match step.strategy {
        Strategy::AlsXz => {
            let sets = split(0);
            let rcc = step.combinations.get(2).copied().unwrap_or_default();
            let kind = if rcc.len() >= 2 {
                "doubly linked"
            } else {
                "linked"
            };
            format!(
                "{} and {} {kind} on {}",
                sets[0],
                sets[1],
                digits(&mut rcc.iter())
            )
        }
        Strategy::AlsXyWing => {
            let sets = split(0);
            format!(
                "{} and {} through {} linked on {}, {}: {} in either",
                sets[0],
                sets[1],
                sets[2],
                digit_name(layout, step.digits[0]),
                digit_name(layout, step.digits[1]),
                tail(&step.digits[2..])
            )
        }
        Strategy::DeathBlossom => {
            let (stem_digits, z) = step.digits.split_at(step.digits.len() - 1);
            let links = stem_digits.iter().filter(|&&d| d != z[0]);
            let petals: Vec<String> = split(1)
                .into_iter()
                .zip(links)
                .map(|(p, &d)| format!("{p} on {}", digit_name(layout, d)))
                .collect();
            format!(
                "stem {}, petals {}: {} in a petal",
                set(
                    &step.cells[..1],
                    Digits::from_digits(stem_digits.iter().copied())
                ),
                petals.join(", "),
                digit_name(layout, z[0])
            )
        }
        _ => {
            let units = layout.units();
            let (first, second) = (step.units[0], step.units[1]);
            let in_unit = |u: usize, c: &usize| units[u].cells.contains(c);
            let pick = |f: &dyn Fn(&usize) -> bool| -> Vec<usize> {
                step.cells.iter().copied().filter(|c| f(c)).collect()
            };
            let core = pick(&|c| in_unit(first, c) && in_unit(second, c));
            let line = pick(&|c| in_unit(first, c) && !in_unit(second, c));
            let boxed = pick(&|c| !in_unit(first, c) && in_unit(second, c));
            let [v, dd, de] =
                [0, 1, 2].map(|k| step.combinations.get(k).copied().unwrap_or_default());
            format!(
                "{} in {} and {}, with {} and {}",
                set(&core, v),
                layout.unit_name(first),
                layout.unit_name(second),
                set(&line, dd),
                set(&boxed, de)
            )
        }
    }
}

/// A forcing chain's assumptions: `r1c2=5` for one, `r1c2 {1,5}` for a cell's digits,
/// `5 in r1c2, r4c2` for a unit's places.
fn forcing(layout: &Layout, step: &Step) -> String {
    let cell = |c: usize| cell_name(layout, c);
    let digit = |d: u8| digit_name(layout, d);
    match (step.cells.len(), step.digits.len()) {
        (1, 1) => format!("from {}={}", cell(step.cells[0]), digit(step.digits[0])),
        (1, _) => {
            let digits: Vec<String> = step.digits.iter().map(|&d| digit(d)).collect();
            format!(
                "from each digit of {} {{{}}}",
                cell(step.cells[0]),
                digits.join(",")
            )
        }
        _ => {
            let cells: Vec<String> = step.cells.iter().map(|&c| cell(c)).collect();
            format!(
                "from each place of {} in {}",
                digit(step.digits.first().copied().unwrap_or(0)),
                cells.join(", ")
            )
        }
    }
}
