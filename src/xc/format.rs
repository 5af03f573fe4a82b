//! Knuth's plain-text format for exact cover problems, read and written.
//!
//! ```text
//! | A simple example: comment lines start with a bar
//! A B C D E | F G
//! C E F
//! A D G
//! ```
//!
//! Lines whose first non-blank character is `|` are comments; blank lines are skipped. The first
//! other line names the primary items, then optionally `|` and the secondary items. As in
//! Knuth's DLX3, a primary item may carry bounds (multiplicities): `a:b|name` is covered at
//! least `a` and at most `b` times, `b|name` exactly `b` times. Every
//! further line is an option: the names of its items, separated by blanks; `item:colour` gives
//! a secondary item a colour; `|n` (a bar and decimal digits, after the first item) adds `n`
//! to the option's cost, as in Knuth's DLX5. Names may be any length (Knuth's programs stop
//! at 8 characters).
//! An option without a primary item is dropped with a [`Warning`], as Knuth's programs do.
//! Errors give the line and column (both from 1, the column in characters); options are
//! numbered from 1 in messages too, by their place among the option lines (a dropped option
//! counts, so an error and a warning about the same line give it the same number).
//!
//! Text saved by other systems reads the same: a byte-order mark at the start is skipped (one
//! anywhere else is an error, [`ParseErrorKind::ByteOrderMark`], since it would silently
//! become part of a name), and lines may end with LF, CR LF or a lone CR.

use thiserror::Error;

use super::problem::{check_color_name, Entry, ItemId, ItemKind, Problem, ProblemError, Warning};
use crate::text::{self, BYTE_ORDER_MARK};

/// What is wrong at a [`ParseError`]'s position.
///
/// ```
/// use dlxkit::xc::{ParseErrorKind, Problem};
/// let err = Problem::from_dlx("| nothing but comments\n").unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::NoItems);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no item line.
    #[error("no items: the input holds only comments and blank lines")]
    NoItems,
    /// The item line has `|` twice.
    #[error("the item line contains `|` twice")]
    SecondBar,
    /// A word of the item line written like a bound (`a:b|name`, `b|name`) that is not one.
    #[error("`{word}` is not a valid bound: {reason}")]
    MalformedBound {
        /// The word as written.
        word: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A bound on a secondary item (only primary items have multiplicities).
    #[error("secondary item `{name}` cannot have bounds (only primary items can)")]
    BoundOnSecondary {
        /// The secondary item.
        name: String,
    },
    /// A coloured entry with nothing after the colon.
    #[error("empty colour after `:`")]
    EmptyColor,
    /// A byte-order mark (U+FEFF) after the start of the text, where it would be read as
    /// part of a name (two files joined together leave one there).
    #[error(
        "a byte-order mark (U+FEFF) after the start of the text (only the first character may be one)"
    )]
    ByteOrderMark,
    /// A cost entry that is not `|` and decimal digits.
    #[error("option cost `{text}` is not a whole number (write `|` and digits, as in `|7`)")]
    BadCost {
        /// The entry as written.
        text: String,
    },
    /// The problem breaks a rule of [`Problem`].
    #[error(transparent)]
    Problem(#[from] ProblemError),
}

/// An error in Knuth's text format, with its line and column (both counted from 1).
///
/// ```
/// use dlxkit::xc::Problem;
/// let err = Problem::from_dlx("A B\nA C\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 3));
/// assert_eq!(err.to_string(), "line 2, column 3: option 1: unknown item `C`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The words of a line with their 1-based character columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut out = Vec::new();
    for (byte, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out.into_iter()
}

/// What a word of the item line says about bounds.
#[derive(Debug, PartialEq, Eq)]
enum Bound<'a> {
    /// No bound: a plain name (checked as a name by the builder).
    None,
    /// `min:max|name` or `max|name`.
    Valid { min: u32, max: u32, name: &'a str },
    /// Written like a bound, but not one.
    Malformed(&'static str),
}

/// Reads the bound prefix of an item-line word (DLX3's syntax): `a:b|name`, `b|name`.
///
/// A word is taken for a bound when it has a `|` after its first character, or when what
/// comes before its first `:` is a number (`2:3` without `|` and a name is a mistake, not a
/// name; names may not contain `:` anyway).
fn bound_of(word: &str) -> Bound<'_> {
    let number = |digits: &str| -> Result<u32, &'static str> {
        if digits.is_empty() {
            return Err("a bound is missing (write `a:b|name` or `b|name`)");
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err("a bound must be a decimal number (write `a:b|name` or `b|name`)");
        }
        digits
            .parse()
            .map_err(|_| "the bound is too large (at most 4294967295)")
    };
    let Some((spec, name)) = word.split_once('|') else {
        return match word.split_once(':') {
            Some((lower, _)) if number(lower).is_ok() => {
                Bound::Malformed("a lower bound needs an upper bound and a name: `a:b|name`")
            }
            _ => Bound::None,
        };
    };
    let bounds = match spec.split_once(':') {
        Some((lower, upper)) => number(lower).and_then(|min| Ok((min, number(upper)?))),
        None => number(spec).map(|max| (max, max)),
    };
    match bounds {
        Err(reason) => Bound::Malformed(reason),
        Ok(_) if name.is_empty() => Bound::Malformed("no item name after the bound's `|`"),
        Ok((min, max)) => Bound::Valid { min, max, name },
    }
}

impl Problem {
    /// Reads a problem in Knuth's text format.
    ///
    /// ```
    /// use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("| colours\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n")?;
    /// assert_eq!((p.primary_count(), p.secondary_count(), p.option_count()), (3, 2, 4));
    /// # Ok::<(), dlxkit::xc::ParseError>(())
    /// ```
    pub fn from_dlx(text: &str) -> Result<Problem, ParseError> {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        let mut builder = Problem::builder();
        let mut have_items = false;
        let mut ordinal = 0;
        let mut stamp: Vec<usize> = Vec::new();
        let mut lines_read = 0;
        for (index, raw) in text::lines(text).enumerate() {
            let line = index + 1;
            lines_read = line;
            let at = |column: usize, kind: ParseErrorKind| ParseError { line, column, kind };
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('|') {
                continue;
            }
            if let Some(byte) = raw.find(BYTE_ORDER_MARK) {
                let column = raw[..byte].chars().count() + 1;
                return Err(at(column, ParseErrorKind::ByteOrderMark));
            }
            if !have_items {
                have_items = true;
                let mut secondary = false;
                for (column, word) in words(raw) {
                    let (column, name) = match word.strip_prefix('|') {
                        Some(rest) => {
                            if secondary {
                                return Err(at(column, ParseErrorKind::SecondBar));
                            }
                            secondary = true;
                            if rest.is_empty() {
                                continue;
                            }
                            (column + 1, rest)
                        }
                        None => (column, word),
                    };
                    let added = match (secondary, bound_of(name)) {
                        (_, Bound::None) => {
                            if secondary {
                                builder.secondary(name)
                            } else {
                                builder.primary(name)
                            }
                        }
                        (_, Bound::Malformed(reason)) => {
                            let word = name.to_string();
                            return Err(at(
                                column,
                                ParseErrorKind::MalformedBound { word, reason },
                            ));
                        }
                        (true, Bound::Valid { name, .. }) => {
                            let name = name.to_string();
                            return Err(at(column, ParseErrorKind::BoundOnSecondary { name }));
                        }
                        (false, Bound::Valid { min, max, name }) => {
                            builder.bounded(name, min..=max)
                        }
                    };
                    added.map_err(|e| at(column, e.into()))?;
                }
                stamp = vec![usize::MAX; builder.item_count()];
                continue;
            }
            // Options are numbered as the warnings number them: every option line counts.
            let option = ordinal;
            let mut entries = Vec::new();
            let mut primary = false;
            let mut cost = 0u64;
            let mut cost_column = 1;
            for (column, word) in words(raw) {
                if let Some(digits) = word.strip_prefix('|') {
                    cost = add_cost(cost, digits).map_err(|kind| at(column, kind(word, option)))?;
                    cost_column = column;
                    continue;
                }
                let (name, color) = match word.split_once(':') {
                    Some((name, color)) => (name, Some(color)),
                    None => (word, None),
                };
                let item: ItemId = builder.item_id(name).ok_or_else(|| {
                    at(
                        column,
                        ProblemError::UnknownItem {
                            option,
                            name: name.to_string(),
                        }
                        .into(),
                    )
                })?;
                if stamp[item.index()] == ordinal {
                    return Err(at(
                        column,
                        ProblemError::RepeatedItem {
                            option,
                            name: name.to_string(),
                        }
                        .into(),
                    ));
                }
                stamp[item.index()] = ordinal;
                let is_primary = builder.item_kind(item) == ItemKind::Primary;
                let color = match color {
                    None => None,
                    Some("") => {
                        let after_colon = column + name.chars().count() + 1;
                        return Err(at(after_colon, ParseErrorKind::EmptyColor));
                    }
                    Some(c) => {
                        if is_primary {
                            return Err(at(
                                column,
                                ProblemError::ColoredPrimary {
                                    option,
                                    name: name.to_string(),
                                }
                                .into(),
                            ));
                        }
                        check_color_name(c).map_err(|e| at(column, e.into()))?;
                        Some(builder.color(c))
                    }
                };
                primary |= is_primary;
                entries.push(Entry { item, color });
            }
            if primary {
                let column = if cost > 0 { cost_column } else { 1 };
                builder
                    .option_with_cost(entries, cost)
                    .map_err(|e| at(column, e.into()))?;
            } else {
                builder.warn(Warning::OptionWithoutPrimary {
                    ordinal,
                    line: Some(line),
                });
            }
            ordinal += 1;
        }
        if !have_items {
            return Err(ParseError {
                line: lines_read.max(1),
                column: 1,
                kind: ParseErrorKind::NoItems,
            });
        }
        builder.build().map_err(|e| ParseError {
            line: 1,
            column: 1,
            kind: e.into(),
        })
    }

    /// Writes the problem in Knuth's text format (bounds as DLX3 writes them); reading the
    /// text back gives the same problem.
    ///
    /// ```
    /// use dlxkit::xc::Problem;
    /// let text = "A B | X\nA X:red\nB\n";
    /// assert_eq!(Problem::from_dlx(text)?.to_dlx(), text);
    /// let bounded = "A 2|B 0:3|C\nA B C\nB C\n";
    /// assert_eq!(Problem::from_dlx(bounded)?.to_dlx(), bounded);
    /// # Ok::<(), dlxkit::xc::ParseError>(())
    /// ```
    pub fn to_dlx(&self) -> String {
        let mut out = String::new();
        let names = |kind| {
            self.items()
                .filter(move |&i| self.item_kind(i) == kind)
                .map(|i| {
                    let name = self.item_name(i);
                    match self.item_bounds(i).into_inner() {
                        (1, 1) => name.to_string(),
                        (min, max) if min == max => format!("{max}|{name}"),
                        (min, max) => format!("{min}:{max}|{name}"),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push_str(&names(ItemKind::Primary));
        if self.secondary_count() > 0 {
            out.push_str(" | ");
            out.push_str(&names(ItemKind::Secondary));
        }
        out.push('\n');
        for o in self.options() {
            out.push_str(&self.option_text(o));
            let cost = self.option_cost(o);
            if cost > 0 {
                out.push_str(&format!(" |{cost}"));
            }
            out.push('\n');
        }
        out
    }
}

/// What went wrong with a cost entry, given the entry and the option's position.
type CostFault = fn(&str, usize) -> ParseErrorKind;

/// Adds the cost entry `|digits` to `cost`.
fn add_cost(cost: u64, digits: &str) -> Result<u64, CostFault> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(|word, _| ParseErrorKind::BadCost {
            text: word.to_string(),
        });
    }
    let overflow: CostFault = |_, option| ProblemError::CostOverflow { option }.into();
    let n: u64 = digits.parse().map_err(|_| overflow)?;
    cost.checked_add(n).ok_or(overflow)
}
