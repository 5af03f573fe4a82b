//! Sudoku Explainer's difficulty of a step: the one place where its values live.
//!
//! Sudoku Explainer (Nicolas Juillerat's program, and SukakuExplainer, the fork whose `serate`
//! rates the forum's and the public banks' puzzles) gives each hint a difficulty: a base
//! value for its rule, plus *complexity modifiers* read from the pattern (which unit a hidden
//! single is in, the length of a unique loop, the size of a naked set beside a unique
//! rectangle, the length of a chain). A puzzle's rating (ER) is the hardest step of the path
//! that always takes the easiest hint. The values here are SukakuExplainer's with its default
//! ("original", not "revised") rating, read from its source; each function names the rule
//! it follows. [`Strategy::score`](super::Strategy::score) is the base value; the finders
//! call the functions here for the modifiers, so a step's [`Score`] is computed as SE
//! computes it.
//!
//! Techniques SE has no rule for (finned fish, W-wing, colouring, ALS, Sue de Coq, death
//! blossom) take the value SE's own rule gives the same deduction seen as chains of strong
//! links ([`strong_links`]), as each function's comment says.

// The values the ladder's next rungs use are here before their finders.
#![allow(dead_code)]

use super::step::Score;

/// A hidden single (SE `HiddenSingleHint`): 1.0 when the digit's cell is the last open cell
/// of the unit (a *full house*, SE's "alone"), 1.2 in a box, 1.5 in a row or column (and,
/// in dlxkit's variants, in any other unit).
pub(super) fn hidden_single(full_house: bool, in_box: bool) -> Score {
    Score::from_tenths(match (full_house, in_box) {
        (true, _) => 10,
        (false, true) => 12,
        (false, false) => 15,
    })
}

/// A unique rectangle or loop of `cells` cells (SE `UniqueLoopHint`, original rating): 4.5
/// for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; the same for types 1,
/// 2 and 4 (their hints keep the base value).
pub(super) fn unique_loop(cells: usize) -> Score {
    let extra = match cells {
        0..=5 => 0,
        6..=7 => 1,
        8..=9 => 2,
        _ => 5,
    };
    Score::from_tenths(45 + extra)
}

/// A unique rectangle or loop of type 3 with a naked or hidden set of `set` digits (SE
/// `UniqueLoopType3NakedHint`, `UniqueLoopType3HiddenHint`, original rating): the loop's
/// value and 0.1 for each digit of the set past the first.
pub(super) fn unique_loop_type3(cells: usize, set: usize) -> Score {
    let base = unique_loop(cells).tenths();
    Score::from_tenths(base + set.saturating_sub(1).min(8) as u16)
}

/// A bivalue universal grave (SE `Bug1Hint` ... `Bug4Hint`): 5.6 for type 1 (one cell with
/// three candidates, BUG+1), 5.7 for types 2 and 4, and type 3 with a naked set of `set`
/// digits 5.7 plus 0.1 for each digit past the first.
pub(super) fn bug(kind: u8, set: usize) -> Score {
    Score::from_tenths(match kind {
        1 => 56,
        3 => 57 + set.saturating_sub(1).min(8) as u16,
        _ => 57,
    })
}

/// The kind of line or box a strong link lies in, for SukakuExplainer's turbot fish and
/// strong-link values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LinkUnit {
    /// A box (SE region type 0).
    Box,
    /// A row (type 1).
    Row,
    /// A column (type 2).
    Column,
}

/// A turbot fish: two strong links on one digit joined by a weak link (SukakuExplainer
/// `TurbotFishHint`): 4.0 when both links lie in rows or both in columns (a *skyscraper*),
/// 4.1 for a row and a column (a *2-string kite*), 4.2 when a link lies in a box (a *turbot
/// fish*), and 4.3 when a link is grouped in a box (an *empty rectangle*).
pub(super) fn turbot(first: LinkUnit, second: LinkUnit, grouped: bool) -> Score {
    use LinkUnit::*;
    Score::from_tenths(match (grouped, first, second) {
        (true, _, _) => 43,
        (_, Box, _) | (_, _, Box) => 42,
        (_, Row, Row) | (_, Column, Column) => 40,
        _ => 41,
    })
}

/// A chain of `links` strong links on one digit, each two joined by a weak link
/// (SukakuExplainer `StrongLinksHint`, 2 to 8 links): a base of 4.0, 5.4, 5.8, 6.2, 6.6,
/// 7.0, 7.4 for 2 ... 8 links, plus 0.3 when a link is grouped, else 0.2 when the links lie
/// in boxes and in lines of both kinds, 0.1 when in boxes or in lines of both kinds, 0 when
/// all lie in parallel lines. Beyond 8 links, 0.4 more a link.
///
/// SE has no finned fish: a finned fish of size `k` is `k` strong links with a grouped one
/// (the fin and its box), valued here as such (a finned X-wing 4.3, as SukakuExplainer's
/// grouped turbot fish).
pub(super) fn strong_links(links: usize, units: &[LinkUnit], grouped: bool) -> Score {
    const BASE: [u16; 7] = [40, 54, 58, 62, 66, 70, 74];
    let base = match links {
        0..=2 => BASE[0],
        3..=8 => BASE[links - 2],
        _ => 74 + 4 * (links.min(64) - 8) as u16,
    };
    let boxes = units.contains(&LinkUnit::Box);
    let rows = units.contains(&LinkUnit::Row);
    let cols = units.contains(&LinkUnit::Column);
    let extra = if grouped {
        3
    } else {
        match (boxes, rows && cols) {
            (true, true) => 2,
            (true, false) | (false, true) => 1,
            (false, false) => 0,
        }
    };
    Score::from_tenths(base + extra)
}

/// What SE adds to a chain's value for its length (SE `ChainingHint.getLengthDifficulty`):
/// 0.1 for each threshold the chain's complexity (its node count) minus 2 exceeds, the
/// thresholds 4, 6, 8, 12, 16, 24, 32, 48, ... (each 3/2 then 4/3 of the one before).
pub(super) fn length_bonus(complexity: usize) -> u16 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut added, mut odd) = (4usize, 0u16, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A W-wing (two bivalue cells `{x,y}` joined by a strong link on `y`): SE has no rule for
/// it and finds its elimination as a *forcing chain* of cell and unit links (SE
/// `ForcingChainHint`, 7.0 when a chain has both kinds of link) from the eliminated
/// candidate: on, the first cell off, its other digit on, the link's near end off, its far
/// end on, the second cell off then on, the candidate off: 8 nodes, 0.1 for the length.
pub(super) fn w_wing() -> Score {
    Score::from_tenths(70 + length_bonus(8))
}

/// A static forcing chain that turns its own assumption off or on (SE `ForcingChainHint`
/// as rated by its `BinaryChainingHint`): 6.6 on links of one kind (inside cells, or inside
/// units), 7.0 mixing them, in tenths before the [`length_bonus`].
pub(super) fn forcing_chain(mixed: bool) -> u16 {
    if mixed {
        70
    } else {
        66
    }
}

/// A bidirectional cycle on one kind of link (SE `CycleHint`: an X-cycle or a Y-cycle):
/// 6.5, in tenths before the [`length_bonus`].
pub(super) const Y_CYCLE: u16 = 65;

/// A Nishio forcing chain (SE `BinaryChainingHint`, Nishio): 7.5, in tenths before the
/// [`length_bonus`].
pub(super) const NISHIO: u16 = 75;

/// Static cell and unit forcing chains (SE `CellChainingHint`, `RegionChainingHint`, not
/// dynamic): 8.0, in tenths before the [`length_bonus`].
pub(super) const MULTIPLE: u16 = 80;

/// Dynamic forcing chains (SE's chains with `isDynamic`): 8.5, in tenths before the
/// [`length_bonus`].
pub(super) const DYNAMIC: u16 = 85;

/// Dynamic forcing chains plus (SE's chains with basic rules inside, level 1): 9.0.
pub(super) const DYNAMIC_PLUS: u16 = 90;

/// Nested forcing chains at SE's nesting `level` 2, 3, 4 (static forcing chains; static
/// forcing chains, then static multiple ones; dynamic chains inside the branches): 9.5, 10.0, 10.5, in tenths before
/// the [`length_bonus`].
pub(super) fn nested(level: u8) -> u16 {
    90 + 5 * u16::from(level.clamp(1, 4) - 1)
}

/// An aligned exclusion of `cells` cells (SE `AlignedExclusionHint`): 6.2 for a pair, 7.5
/// for a triple.
pub(super) fn aligned_exclusion(cells: usize) -> Score {
    Score::from_tenths(if cells <= 2 { 62 } else { 75 })
}

/// An ALS-XZ, ALS-XY-wing or Sue de Coq of `cells` cells (branch `als8`). SE has no rule
/// for almost locked sets; it finds the same elimination as a forcing chain mixing cell and
/// unit links (SE `ForcingChainHint`, 7.0) from the eliminated candidate, on, through each
/// cell of the sets (a node off and one on), back to the candidate, off: `2 + 2 * cells`
/// nodes, with the [`length_bonus`].
pub(super) fn als_chain(cells: usize) -> Score {
    Score::from_tenths(forcing_chain(true) + length_bonus(2 + 2 * cells.min(1000)))
}

/// A death blossom whose petals have `cells` cells (branch `als8`). SE has no rule for it;
/// the stem's digits each force the elimination, which is SE's cell forcing chain (its
/// `CellChainingHint`, [`MULTIPLE`], 8.0), its nodes counted as for [`als_chain`] (the stem
/// and the petals' cells).
pub(super) fn death_blossom(cells: usize) -> Score {
    Score::from_tenths(MULTIPLE + length_bonus(2 + 2 * (cells.min(1000) + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use LinkUnit::*;

    #[test]
    fn length_thresholds_are_se_s() {
        // complexity - 2 against 4, 6, 8, 12, 16, 24, 32, 48
        let bonus: Vec<u16> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35, 50, 51]
            .iter()
            .map(|&c| length_bonus(c))
            .collect();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }

    #[test]
    fn values_follow_se() {
        assert_eq!(hidden_single(true, false).to_string(), "1.0");
        assert_eq!(hidden_single(false, true).to_string(), "1.2");
        assert_eq!(hidden_single(false, false).to_string(), "1.5");
        let loops: Vec<String> = [4, 6, 8, 10, 14]
            .iter()
            .map(|&c| unique_loop(c).to_string())
            .collect();
        assert_eq!(loops, ["4.5", "4.6", "4.7", "5.0", "5.0"]);
        assert_eq!(unique_loop_type3(4, 3).to_string(), "4.7");
        assert_eq!(bug(1, 0).to_string(), "5.6");
        assert_eq!(bug(3, 2).to_string(), "5.8");
        assert_eq!(turbot(Row, Row, false).to_string(), "4.0");
        assert_eq!(turbot(Row, Column, false).to_string(), "4.1");
        assert_eq!(turbot(Box, Column, false).to_string(), "4.2");
        assert_eq!(turbot(Box, Column, true).to_string(), "4.3");
        assert_eq!(strong_links(3, &[Row, Row, Row], false).to_string(), "5.4");
        assert_eq!(
            strong_links(3, &[Row, Column, Box], false).to_string(),
            "5.6"
        );
        assert_eq!(strong_links(4, &[Row, Row], true).to_string(), "6.1");
        assert_eq!(aligned_exclusion(2).to_string(), "6.2");
        assert_eq!(
            (forcing_chain(false), forcing_chain(true), NISHIO),
            (66, 70, 75)
        );
        assert_eq!((MULTIPLE, DYNAMIC, DYNAMIC_PLUS), (80, 85, 90));
        assert_eq!((nested(2), nested(3), nested(4)), (95, 100, 105));
    }

    #[test]
    fn als_values_count_their_cells() {
        // 2 + 2 * cells nodes: 4 cells 10 nodes (0.2), 6 cells 14 (0.3), 2 cells 6 (0).
        let got: Vec<String> = [2, 4, 6]
            .iter()
            .map(|&c| als_chain(c).to_string())
            .collect();
        assert_eq!(got, ["7.0", "7.2", "7.3"]);
        assert_eq!(death_blossom(4).to_string(), "8.3");
    }
}
