//! The text format of killer puzzles: cages as a map with sums, or as a list of sums and
//! cells, and givens if any.
//!
//! A file holds one or more puzzles separated by blank lines. Lines starting with `#` are
//! comments (they do not end a puzzle), as is the rest of a line after ` #` outside a map.
//! A puzzle is written one of two ways.
//!
//! **A cage map**: `n` lines of `n` symbols, one symbol per cell naming its cage (any
//! character but blanks, `#`, `:` and `=`; `.` for a cell in no cage; spaces between symbols
//! are ignored), then the sums as `SYMBOL=SUM` words, on one line or several:
//!
//! ```text
//! # a 4x4 killer
//! AABB
//! CDDB
//! CEEF
//! GGFF
//! A=3 B=9 C=5 D=5
//! E=5 F=10 G=7
//! ```
//!
//! **A cage list**, for any size: one line per cage, its sum, a colon and its cells as
//! `rROWcCOLUMN` (from 1), separated by blanks or commas:
//!
//! ```text
//! 3: r1c1 r1c2
//! 9: r1c3 r1c4 r2c4
//! ```
//!
//! The side of a map is its number of rows. A list's side is the givens', or the one a
//! `size: N` line gives, or else the largest row or column its cages name, when they cover
//! every cell of that side (a list that leaves cells out needs `size:`). Either form may
//! add a `givens:` line holding a puzzle in the line format (`n²` cells, `.` for a blank),
//! for killers that have givens. The box shape is the usual one for the side (3x3 for 9x9),
//! unless [`KillerOptions::shape`] gives another; the cages must then make a valid puzzle
//! ([`Killer::new`]: connected cells, no overlap, possible sums).
//!
//! ```
//! use dlxkit::sudoku::killer::text::{parse_killers, KillerOptions};
//! let text = "AABB\nCDDB\nCEEF\nGGFF\nA=3 B=9 C=5 D=5\nE=5 F=6 G=7\n\n3: r1c1 r1c2\nsize: 4\n";
//! let puzzles = parse_killers(text, &KillerOptions::default())?;
//! assert_eq!(puzzles.len(), 2);
//! assert_eq!((puzzles[0].line, puzzles[1].line), (1, 8));
//! assert_eq!(puzzles[0].killer.cages().len(), 7);
//! assert_eq!(puzzles[1].killer.cages()[0].cells, [0, 1]);
//! # Ok::<(), dlxkit::sudoku::killer::text::KillerParseError>(())
//! ```

use std::collections::BTreeMap;

use thiserror::Error;

use super::{Cage, Killer, KillerError};
use crate::sudoku::grid::{Grid, GridError, Shape};
use crate::sudoku::parse::{self, ParseErrorKind, ParseOptions};
use crate::sudoku::variant::Variant;

/// How to read killer puzzles: the box shape (`None`: the usual one for the side) and the
/// variant of the grid under the cages (standard by default; Sudoku-X, windoku and jigsaw
/// work too).
///
/// ```
/// use dlxkit::sudoku::killer::text::KillerOptions;
/// assert!(KillerOptions::default().shape.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KillerOptions {
    /// The box shape.
    pub shape: Option<Shape>,
    /// The rules under the cages.
    pub variant: Variant,
}

/// A killer puzzle read from a text, with the line where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerPuzzle {
    /// The line of the text where the puzzle starts, counting from 1.
    pub line: usize,
    /// The puzzle.
    pub killer: Killer,
}

/// What is wrong in a killer text, with the line it was found on.
///
/// ```
/// use dlxkit::sudoku::killer::text::{parse_killers, KillerOptions};
/// let err = parse_killers("AB\nAB\nA=3\n", &KillerOptions::default()).unwrap_err();
/// assert_eq!(err.to_string(), "line 1: cage `B` of the map has no sum (write B=SUM)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct KillerParseError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: KillerParseErrorKind,
}

/// The kinds of [`KillerParseError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerParseErrorKind {
    /// A map row of the wrong length.
    #[error("map row {row} has {found} cells, expected {expected} (one symbol per cell)")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected (the number of rows).
        expected: usize,
    },
    /// A sum word that is not `SYMBOL=NUMBER`.
    #[error("`{word}` is not a sum: write SYMBOL=SUM, as in A=15")]
    BadSum {
        /// The word.
        word: String,
    },
    /// A sum for a symbol that the map does not hold.
    #[error("a sum is given for `{symbol}`, which is not in the map")]
    UnknownSymbol {
        /// The symbol.
        symbol: String,
    },
    /// Two sums for one symbol.
    #[error("cage `{symbol}` has two sums")]
    TwoSums {
        /// The symbol.
        symbol: String,
    },
    /// A map symbol without a sum.
    #[error("cage `{symbol}` of the map has no sum (write {symbol}=SUM)")]
    MissingSum {
        /// The symbol.
        symbol: String,
    },
    /// A cage line whose sum is not a number.
    #[error("`{text}` is not a sum: a cage line is SUM: CELLS, as in 15: r1c1 r1c2")]
    BadCageSum {
        /// The text before the colon.
        text: String,
    },
    /// A cell that is not `rNcM`.
    #[error("`{word}` is not a cell: write rROWcCOLUMN, as in r1c2")]
    BadCell {
        /// The word.
        word: String,
    },
    /// A cell past the side of the grid.
    #[error("{cell} is outside the {n}x{n} grid")]
    Outside {
        /// The cell, as written.
        cell: String,
        /// The side.
        n: usize,
    },
    /// A `size:` line that is not a side.
    #[error("`{text}` is not a size: write size: N, as in size: 9")]
    BadSize {
        /// The text after the colon.
        text: String,
    },
    /// A cage list without `size:` or givens whose cages leave cells of the side their
    /// largest row or column makes.
    #[error(
        "a cage list without a size: line is as large as its largest row or column ({n}x{n}), \
         but its cages cover {covered} of those {cells} cells: write size: N",
        cells = n.saturating_mul(*n)
    )]
    SideUnknown {
        /// The side taken from the cells named.
        n: usize,
        /// The cells the cages cover.
        covered: usize,
    },
    /// A map and a cage list in one puzzle.
    #[error("a puzzle is a cage map or a cage list, not both")]
    Mixed,
    /// A puzzle with neither.
    #[error("no cages: write a cage map and its sums, or cage lines SUM: CELLS")]
    NoCages,
    /// Sizes that disagree (map, givens, `size:`).
    #[error("the {what} is {found}x{found} but the puzzle is {n}x{n}")]
    SizeMismatch {
        /// What disagrees.
        what: &'static str,
        /// Its side.
        found: usize,
        /// The puzzle's side.
        n: usize,
    },
    /// A bad `givens:` line.
    #[error("givens: {0}")]
    Givens(ParseErrorKind),
    /// A shape or variant that does not fit.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// Cages that do not make a puzzle.
    #[error(transparent)]
    Killer(#[from] KillerError),
    /// A text without any puzzle.
    #[error("no killer puzzle found")]
    NoPuzzle,
}

/// Reads every killer puzzle of a text (see the module documentation).
pub fn parse_killers(
    text: &str,
    options: &KillerOptions,
) -> Result<Vec<KillerPuzzle>, KillerParseError> {
    let mut puzzles = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim_start().starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !block.is_empty() {
                puzzles.push(parse_block(&block, options)?);
                block.clear();
            }
            continue;
        }
        block.push((i + 1, line));
    }
    if !block.is_empty() {
        puzzles.push(parse_block(&block, options)?);
    }
    if puzzles.is_empty() {
        return Err(KillerParseError {
            line: text.lines().count().max(1),
            kind: KillerParseErrorKind::NoPuzzle,
        });
    }
    Ok(puzzles)
}

/// Writes a puzzle as a cage list, with a `size:` line, and a `givens:` line if it has
/// givens: [`parse_killers`] reads it back.
///
/// ```
/// use dlxkit::sudoku::killer::{text::{parse_killers, to_list, KillerOptions}, Cage, Killer};
/// use dlxkit::sudoku::{Grid, Shape};
/// let k = Killer::new(Grid::empty(Shape::new(2, 2)?), vec![Cage::new(3, [0, 1])])?;
/// assert_eq!(to_list(&k), "size: 4\n3: r1c1 r1c2\n");
/// assert_eq!(parse_killers(&to_list(&k), &KillerOptions::default())?[0].killer, k);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_list(killer: &Killer) -> String {
    let n = killer.grid().size();
    let mut out = format!("size: {n}\n");
    if killer.grid().givens() > 0 {
        out.push_str(&format!("givens: {}\n", parse::to_line(killer.grid())));
    }
    for cage in killer.cages() {
        let cells: Vec<String> = cage.cells.iter().map(|&c| super::cell_name(c, n)).collect();
        out.push_str(&format!("{}: {}\n", cage.sum, cells.join(" ")));
    }
    out
}

/// The lines of one puzzle, sorted by what they say.
#[derive(Default)]
struct Lines<'t> {
    map: Vec<(usize, &'t str)>,
    sums: Vec<(usize, &'t str)>,
    cages: Vec<(usize, &'t str, &'t str)>,
    givens: Option<(usize, &'t str)>,
    size: Option<(usize, &'t str)>,
}

fn parse_block(
    block: &[(usize, &str)],
    options: &KillerOptions,
) -> Result<KillerPuzzle, KillerParseError> {
    let first = block[0].0;
    let at = |line: usize| move |kind: KillerParseErrorKind| KillerParseError { line, kind };
    let mut lines = Lines::default();
    for &(number, line) in block {
        let trimmed = line.trim();
        let lower = trimmed.to_ascii_lowercase();
        if lower.starts_with("givens:") {
            lines.givens = Some((number, strip_comment(&trimmed[7..]).trim()));
        } else if lower.starts_with("size:") {
            lines.size = Some((number, strip_comment(&trimmed[5..]).trim()));
        } else if let Some((sum, cells)) = trimmed.split_once(':') {
            lines.cages.push((number, sum.trim(), strip_comment(cells)));
        } else if trimmed.contains('=') {
            lines.sums.push((number, strip_comment(trimmed)));
        } else {
            lines.map.push((number, trimmed));
        }
    }
    let is_map = !lines.map.is_empty() || !lines.sums.is_empty();
    if is_map && !lines.cages.is_empty() {
        return Err(at(first)(KillerParseErrorKind::Mixed));
    }
    let size = match lines.size {
        Some((line, text)) => Some(
            text.parse::<usize>()
                .ok()
                .filter(|&n| (1..=crate::sudoku::MAX_SIZE).contains(&n))
                .ok_or_else(|| {
                    at(line)(KillerParseErrorKind::BadSize {
                        text: text.to_string(),
                    })
                })?,
        ),
        None => None,
    };
    let givens_side = lines.givens.map(|(_, text)| {
        let words = text.split_whitespace().count();
        isqrt(if words > 1 {
            words
        } else {
            text.chars().count()
        })
    });
    let (n, cages) = if is_map {
        let n = lines.map.len();
        (n, map_cages(&lines, n)?)
    } else if lines.cages.is_empty() {
        return Err(at(first)(KillerParseErrorKind::NoCages));
    } else {
        list_cages(&lines, size.or(givens_side))?
    };
    if let Some(found) = size.filter(|&s| s != n) {
        return Err(at(lines.size.map_or(first, |s| s.0))(
            KillerParseErrorKind::SizeMismatch {
                what: "size line",
                found,
                n,
            },
        ));
    }
    let shape = match options.shape {
        Some(shape) => shape,
        None => Shape::for_size(n).map_err(|e| at(first)(e.into()))?,
    };
    if shape.size() != n {
        return Err(at(first)(KillerParseErrorKind::SizeMismatch {
            what: "box shape's grid",
            found: shape.size(),
            n,
        }));
    }
    let layout = options
        .variant
        .shared_layout(shape)
        .map_err(|e| at(first)(e.into()))?;
    let grid = match lines.givens {
        None => Grid::blank(layout),
        Some((line, text)) => {
            let parse_options = ParseOptions {
                shape: Some(shape),
                ..ParseOptions::default()
            }
            .variant(options.variant.clone())
            .check_givens(false);
            let grid = parse::parse_grid(text, &parse_options)
                .map_err(|e| at(line)(KillerParseErrorKind::Givens(e.kind)))?;
            grid.with_layout(layout).map_err(|e| at(line)(e.into()))?
        }
    };
    let killer = Killer::new(grid, cages).map_err(|e| at(first)(e.into()))?;
    Ok(KillerPuzzle {
        line: first,
        killer,
    })
}

/// The cages of a map and its sums.
fn map_cages(lines: &Lines<'_>, n: usize) -> Result<Vec<Cage>, KillerParseError> {
    let first = lines.map.first().or(lines.sums.first()).map_or(1, |l| l.0);
    let mut cells_of: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    let mut order: Vec<char> = Vec::new();
    for (row, &(line, text)) in lines.map.iter().enumerate() {
        let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if symbols.len() != n {
            return Err(KillerParseError {
                line,
                kind: KillerParseErrorKind::RowLength {
                    row: row + 1,
                    found: symbols.len(),
                    expected: n,
                },
            });
        }
        for (col, &s) in symbols.iter().enumerate() {
            if s == '.' {
                continue;
            }
            let cells = cells_of.entry(s).or_insert_with(|| {
                order.push(s);
                Vec::new()
            });
            cells.push(row * n + col);
        }
    }
    let mut sums: BTreeMap<char, u32> = BTreeMap::new();
    for &(line, text) in &lines.sums {
        for word in text.split_whitespace() {
            let err = |kind| KillerParseError { line, kind };
            let bad = || {
                err(KillerParseErrorKind::BadSum {
                    word: word.to_string(),
                })
            };
            let (symbol, sum) = word.split_once('=').ok_or_else(bad)?;
            let mut chars = symbol.chars();
            let (Some(symbol), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let sum: u32 = sum.parse().map_err(|_| bad())?;
            if !cells_of.contains_key(&symbol) {
                return Err(err(KillerParseErrorKind::UnknownSymbol {
                    symbol: symbol.to_string(),
                }));
            }
            if sums.insert(symbol, sum).is_some() {
                return Err(err(KillerParseErrorKind::TwoSums {
                    symbol: symbol.to_string(),
                }));
            }
        }
    }
    order
        .into_iter()
        .map(|s| match sums.get(&s) {
            Some(&sum) => Ok(Cage::new(sum, cells_of[&s].iter().copied()).label(s)),
            None => Err(KillerParseError {
                line: first,
                kind: KillerParseErrorKind::MissingSum {
                    symbol: s.to_string(),
                },
            }),
        })
        .collect()
}

/// A cage line as read: its line, sum, and cells (row, column from 1, and as written).
type ListedCage<'t> = (usize, u32, Vec<(usize, usize, &'t str)>);

/// The side and cages of a cage list (`n`: the side if known from elsewhere).
fn list_cages(lines: &Lines<'_>, n: Option<usize>) -> Result<(usize, Vec<Cage>), KillerParseError> {
    let mut read: Vec<ListedCage<'_>> = Vec::new();
    for &(line, sum, cells) in &lines.cages {
        let err = |kind| KillerParseError { line, kind };
        let sum: u32 = sum.parse().map_err(|_| {
            err(KillerParseErrorKind::BadCageSum {
                text: sum.to_string(),
            })
        })?;
        let cells = cells
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| {
                parse_cell(w).map(|(r, c)| (r, c, w)).ok_or_else(|| {
                    err(KillerParseErrorKind::BadCell {
                        word: w.to_string(),
                    })
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        read.push((line, sum, cells));
    }
    let largest = read
        .iter()
        .flat_map(|(_, _, cells)| cells.iter().map(|&(r, c, _)| r.max(c)))
        .max()
        .unwrap_or(1);
    if n.is_none() {
        check_inferred_side(&read, largest)?;
    }
    let n = n.unwrap_or(largest);
    let mut cages = Vec::with_capacity(read.len());
    for (line, sum, cells) in read {
        if let Some(&(_, _, w)) = cells.iter().find(|&&(r, c, _)| r > n || c > n) {
            return Err(KillerParseError {
                line,
                kind: KillerParseErrorKind::Outside {
                    cell: w.to_string(),
                    n,
                },
            });
        }
        cages.push(Cage::new(
            sum,
            cells.iter().map(|&(r, c, _)| (r - 1) * n + (c - 1)),
        ));
    }
    Ok((n, cages))
}

/// A list's side taken from the largest row or column named must be one whose every cell
/// the cages cover: otherwise the list may be part of a larger puzzle (a 9x9 list without its
/// last row would read as 8x8) or name a cell by mistake (`r9c1` in a 4x4 list), and a
/// `size:` line must say the side.
fn check_inferred_side(read: &[ListedCage<'_>], n: usize) -> Result<(), KillerParseError> {
    let covered: std::collections::BTreeSet<(usize, usize)> = read
        .iter()
        .flat_map(|(_, _, cells)| cells.iter().map(|&(r, c, _)| (r, c)))
        .collect();
    let cells = n.saturating_mul(n);
    if covered.len() == cells {
        return Ok(());
    }
    Err(KillerParseError {
        line: read.first().map_or(1, |r| r.0),
        kind: KillerParseErrorKind::SideUnknown {
            n,
            covered: covered.len(),
        },
    })
}

/// Reads `r3c12` (case does not matter) as (3, 12).
fn parse_cell(word: &str) -> Option<(usize, usize)> {
    let lower = word.to_ascii_lowercase();
    let rest = lower.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    (row >= 1 && col >= 1).then_some((row, col))
}

/// The text before a ` #` comment.
fn strip_comment(text: &str) -> &str {
    match text.find(" #") {
        Some(k) => &text[..k],
        None => text,
    }
}

/// The side of a grid of `cells` cells, rounded down.
fn isqrt(cells: usize) -> usize {
    let mut n = (cells as f64).sqrt() as usize;
    while (n + 1) * (n + 1) <= cells {
        n += 1;
    }
    while n * n > cells {
        n -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<KillerPuzzle>, String> {
        parse_killers(text, &KillerOptions::default()).map_err(|e| e.to_string())
    }

    #[test]
    fn map_and_list_give_the_same_puzzle() {
        let map = "# four cages\nAAB.\nCAB.\nC...\n....\nA=7 B=7 C=5\n";
        let list = "size: 4\n7: r1c1 r1c2 r2c2\n7: r1c3, r2c3\n5: r2c1 r3c1  # the left\n";
        let a = &parse(map).unwrap()[0].killer;
        let b = &parse(list).unwrap()[0].killer;
        assert_eq!(a.grid(), b.grid());
        let cells = |k: &Killer| {
            k.cages()
                .iter()
                .map(|c| (c.sum, c.cells.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(cells(a), cells(b));
        assert_eq!(a.cages()[0].label.as_deref(), Some("A"));
        assert_eq!(a.cage_of(3), None);
    }

    #[test]
    fn givens_and_sizes() {
        let text = "givens: 1...............\n3: r1c1 r1c2\n";
        let k = &parse(text).unwrap()[0].killer;
        assert_eq!((k.grid().size(), k.grid().givens()), (4, 1));
        // Without size or givens, the largest row or column named, when the cages cover
        // every cell of that side.
        let whole = "3: r1c1 r1c2\n7: r1c3 r1c4\n7: r2c1 r2c2\n3: r2c3 r2c4\n\
                     5: r3c1 r4c1\n5: r3c2 r4c2\n5: r3c3 r4c3\n5: r3c4 r4c4\n";
        assert_eq!(parse(whole).unwrap()[0].killer.grid().size(), 4);
        assert_eq!(
            parse("7: r3c3 r3c4\n").unwrap_err(),
            "line 1: a cage list without a size: line is as large as its largest row or \
             column (4x4), but its cages cover 2 of those 16 cells: write size: N"
        );
        assert_eq!(
            parse("size: 4\n3: r5c1 r5c2\n").unwrap_err(),
            "line 2: r5c1 is outside the 4x4 grid"
        );
        assert_eq!(
            parse("size: 9\nAB\nAB\nA=3 B=3\n").unwrap_err(),
            "line 1: the size line is 9x9 but the puzzle is 2x2"
        );
    }

    #[test]
    fn every_error_names_the_line_and_what_is_wrong() {
        let cases = [
            ("AB\nA\nA=3 B=4\n", "line 2: map row 2 has 1 cells, expected 2 (one symbol per cell)"),
            ("AB\nAB\nA=x\n", "line 3: `A=x` is not a sum: write SYMBOL=SUM, as in A=15"),
            ("AB\nAB\nA=3 B=4 C=5\n", "line 3: a sum is given for `C`, which is not in the map"),
            ("AB\nAB\nA=3 B=4 A=5\n", "line 3: cage `A` has two sums"),
            ("x: r1c1\n", "line 1: `x` is not a sum: a cage line is SUM: CELLS, as in 15: r1c1 r1c2"),
            ("3: r1c1 q2\n", "line 1: `q2` is not a cell: write rROWcCOLUMN, as in r1c2"),
            ("size: nine\n3: r1c1\n", "line 1: `nine` is not a size: write size: N, as in size: 9"),
            ("AB\nAB\nA=3 B=4\n3: r1c1\n", "line 1: a puzzle is a cage map or a cage list, not both"),
            ("givens: 1...\n", "line 1: no cages: write a cage map and its sums, or cage lines SUM: CELLS"),
            ("# nothing\n\n", "line 2: no killer puzzle found"),
            ("givens: 1..x............\n3: r1c1 r1c2\n", "line 1: givens: bad symbol `x` at r1c4"),
            (
                "AAB.\n.AB.\n....\n..A.\nA=10 B=7\n",
                "line 1: cage A (sum 10: r1c1 r1c2 r2c2 r4c3): its cells are not connected (r4c3 \
                 touches no other cell of the cage side to side, directly or through others)",
            ),
            (
                "AB..\nAB..\n....\n....\nA=2 B=7\n",
                "line 1: cage A (sum 2: r1c1 r2c1): 2 cells cannot add up to 2 (their sum is 3 to 7)",
            ),
            (
                "size: 4\n3: r1c1 r1c2\n4: r1c2 r2c2\n",
                "line 1: r1c2 is in two cages: cage 1 (sum 3: r1c1 r1c2) and cage 2 (sum 4: r1c2 r2c2)",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err(), message, "{text}");
        }
    }

    #[test]
    fn puzzles_are_separated_by_blank_lines_and_comments_do_not_count() {
        let text = "3: r1c1 r1c2\nsize: 4\n# between\n\n\n# a map\nA...\n....\n# inside\n....\n....\nA=1\n";
        let puzzles = parse(text).unwrap();
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[1].line, 7);
        assert_eq!(puzzles[1].killer.grid().size(), 4);
        assert_eq!(puzzles[1].killer.cages()[0].cells, [0]);
    }
}
