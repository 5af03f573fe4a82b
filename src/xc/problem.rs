//! Items, options and colours: an exact cover problem, and the builder that validates it.
//!
//! A [`Problem`] is plain, immutable data. It names its *items* (primary items must be covered
//! exactly once, secondary items at most once) and lists its *options* (sets of items; a
//! secondary item inside an option may carry a *colour*). Build one with [`ProblemBuilder`],
//! which checks every rule as the problem grows, or read one from Knuth's text format with
//! [`Problem::from_dlx`](crate::xc::Problem::from_dlx).
//!
//! Rules the builder enforces, each a [`ProblemError`] naming the item or the option:
//! item names are non-blank and contain no white space, `|` or `:`; names are unique; an option
//! is not empty, names only known items, names each item at most once, and colours only
//! secondary items; an option must contain at least one primary item; a problem must have at
//! least one primary item.
//!
//! Knuth's programs *drop* an option without primary items, with a warning. The builder refuses
//! it ([`ProblemError::NoPrimaryItem`]); the text reader follows Knuth and keeps a
//! [`Warning::OptionWithoutPrimary`] in [`Problem::warnings`] instead, so that counts agree
//! with his programs on the same file.

use std::collections::HashMap;
use std::fmt;
use std::ops::RangeInclusive;

use thiserror::Error;

/// The identity of an item: its position in the order items were added (primary and
/// secondary items share one numbering).
///
/// ```
/// use dlxkit::xc::Problem;
/// let mut b = Problem::builder();
/// let a = b.primary("A").unwrap();
/// assert_eq!(a.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item's position among all items, counting from 0.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// b.primary("A").unwrap();
    /// assert_eq!(b.secondary("X").unwrap().index(), 1);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The identity of an option: its position among the problem's options, counting from 0.
///
/// ```
/// use dlxkit::xc::Problem;
/// let mut b = Problem::builder();
/// let a = b.primary("A").unwrap();
/// assert_eq!(b.option([a]).unwrap().index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// The option's position among all options, counting from 0.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// # let mut b = Problem::builder();
    /// # let a = b.primary("A").unwrap();
    /// let o = b.option([a]).unwrap();
    /// assert_eq!(o.index(), 0);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The option with the given position (no check against any problem is made here).
    ///
    /// ```
    /// use dlxkit::xc::OptionId;
    /// assert_eq!(OptionId::new(7).index(), 7);
    /// ```
    pub fn new(index: usize) -> OptionId {
        OptionId(u32::try_from(index).expect("option index fits in 32 bits"))
    }
}

/// The identity of a colour, interned by name in one problem.
///
/// ```
/// use dlxkit::xc::Problem;
/// let mut b = Problem::builder();
/// let red = b.color("red");
/// assert_eq!(b.color("red"), red);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColorId(pub(crate) u32);

impl ColorId {
    /// The colour's position among the problem's colours, counting from 0.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// assert_eq!(b.color("red").index(), 0);
    /// assert_eq!(b.color("blue").index(), 1);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Whether an item must be covered exactly once (primary) or at most once (secondary).
///
/// ```
/// use dlxkit::xc::{ItemKind, Problem};
/// let p = Problem::from_dlx("A | X\nA X\n").unwrap();
/// assert_eq!(p.item_kind(p.item_id("X").unwrap()), ItemKind::Secondary);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one chosen option.
    Primary,
    /// Covered by at most one chosen option (or by several that agree on its colour).
    Secondary,
}

/// One entry of an option: an item, with a colour when the item is secondary and coloured.
///
/// An [`ItemId`] converts into an uncoloured entry, so `b.option([a, b])` works.
///
/// ```
/// use dlxkit::xc::{Entry, Problem};
/// let mut b = Problem::builder();
/// let a = b.primary("A").unwrap();
/// let x = b.secondary("X").unwrap();
/// let red = b.color("red");
/// b.option([Entry::from(a), Entry::colored(x, red)]).unwrap();
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item this entry covers.
    pub item: ItemId,
    /// Its colour, for a coloured secondary item.
    pub color: Option<ColorId>,
}

impl Entry {
    /// An entry for `item` with colour `color`.
    ///
    /// ```
    /// # use dlxkit::xc::{Entry, Problem};
    /// # let mut b = Problem::builder();
    /// # let x = b.secondary("X").unwrap();
    /// let e = Entry::colored(x, b.color("0"));
    /// assert!(e.color.is_some());
    /// ```
    pub fn colored(item: ItemId, color: ColorId) -> Entry {
        Entry {
            item,
            color: Some(color),
        }
    }
}

impl From<ItemId> for Entry {
    fn from(item: ItemId) -> Entry {
        Entry { item, color: None }
    }
}

/// Something the problem's source contained that was accepted but deserves a look.
///
/// ```
/// use dlxkit::xc::{Problem, Warning};
/// let p = Problem::from_dlx("A | X\nA\nX\n").unwrap();
/// assert_eq!(p.warnings(), &[Warning::OptionWithoutPrimary { ordinal: 1, line: Some(3) }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// An option with no primary item was dropped, as Knuth's programs drop it.
    /// `ordinal` counts the option lines of the input from 0 (the message counts them from 1,
    /// as it counts lines); `line` counts lines from 1.
    OptionWithoutPrimary {
        /// The position of the dropped option among all option lines read.
        ordinal: usize,
        /// The input line it stood on, when the problem came from text.
        line: Option<usize>,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::OptionWithoutPrimary { ordinal, line } => {
                if let Some(line) = line {
                    write!(f, "line {line}: ")?;
                }
                write!(
                    f,
                    "option {} ignored: it has no primary item (as in Knuth's DLX programs)",
                    ordinal + 1
                )
            }
        }
    }
}

/// Why an option could not be forced into the solution.
///
/// ```
/// use dlxkit::xc::{Arena, ForceError, OptionId, Problem, Solver};
/// let p = Problem::from_dlx("A B\nA\nA B\n").unwrap();
/// let arena = Arena::new();
/// let mut s = Solver::new(&p, &arena);
/// s.force(OptionId::new(0)).unwrap();
/// assert_eq!(s.force(OptionId::new(1)), Err(ForceError::Conflict { option: 1 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ForceError {
    /// The option does not exist.
    #[error("option {option} does not exist")]
    UnknownOption {
        /// The option's index.
        option: usize,
    },
    /// The option clashes with an option forced earlier.
    #[error("option {option} clashes with an option forced earlier")]
    Conflict {
        /// The option's index.
        option: usize,
    },
    /// [`Problem::forcing`] of a problem with item bounds, where an item may be covered by
    /// more than one option, so options cannot be forced by taking out those they clash with.
    #[error("options of a problem with item bounds cannot be forced by restricting it")]
    Bounded,
    /// The option is both forced and excluded ([`Problem::forcing_excluding`]).
    #[error("option {option} is both forced and excluded")]
    ForcedAndExcluded {
        /// The option's index.
        option: usize,
    },
}

/// Why a problem could not be built.
///
/// The `option` fields are positions from 0 (as [`OptionId::index`]); the messages number
/// options from 1, as they number lines, so the first option is "option 1".
///
/// ```
/// use dlxkit::xc::{Problem, ProblemError};
/// let mut b = Problem::builder();
/// b.primary("A").unwrap();
/// assert_eq!(b.primary("A"), Err(ProblemError::DuplicateItem { name: "A".into() }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProblemError {
    /// Two items have the same name.
    #[error("item `{name}` is declared twice")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An item or colour name breaks the naming rules.
    #[error("invalid name `{name}`: {reason}")]
    InvalidName {
        /// The offending name.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An option names an item the problem does not have.
    #[error("option {}: unknown item `{name}`", .option + 1)]
    UnknownItem {
        /// The option's position among the options added so far.
        option: usize,
        /// The unknown name (or `#index` for an out-of-range id).
        name: String,
    },
    /// An option names the same item twice.
    #[error("option {}: item `{name}` appears twice", .option + 1)]
    RepeatedItem {
        /// The option's position.
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// An option with no items.
    #[error("option {} is empty", .option + 1)]
    EmptyOption {
        /// The option's position.
        option: usize,
    },
    /// A colour was given to a primary item.
    #[error("option {}: primary item `{name}` cannot have a colour", .option + 1)]
    ColoredPrimary {
        /// The option's position.
        option: usize,
        /// The primary item.
        name: String,
    },
    /// An option with no primary item (Knuth's programs drop these; the builder refuses them).
    #[error("option {} has no primary item", .option + 1)]
    NoPrimaryItem {
        /// The option's position.
        option: usize,
    },
    /// The problem declares no primary item at all.
    #[error("the problem has no primary item")]
    NoPrimaryItems,
    /// An option's cost does not fit: the costs of all options together must stay below
    /// 2^64 - 1, so that no sum of them overflows (the search keeps 2^64 - 1 as "infinite").
    #[error("option {}: cost overflow: the costs of all options together must stay below 2^64 - 1", .option + 1)]
    CostOverflow {
        /// The option's position.
        option: usize,
    },
    /// A bounded item whose upper bound is 0: no option could ever cover it.
    #[error("item `{name}`: the upper bound is 0 (an item must be coverable at least once)")]
    ZeroUpperBound {
        /// The item.
        name: String,
    },
    /// A bounded item whose lower bound exceeds its upper bound.
    #[error("item `{name}`: the lower bound {min} exceeds the upper bound {max}")]
    LowerAboveUpper {
        /// The item.
        name: String,
        /// The lower bound.
        min: u32,
        /// The upper bound.
        max: u32,
    },
    /// More items, options or nodes than 32-bit links can address.
    #[error("the problem is too large: {what}")]
    TooLarge {
        /// What overflowed.
        what: &'static str,
    },
}

/// Checks an item name: non-blank, no white space, no `|` or `:`, no byte-order mark (which
/// Knuth's format cannot hold: it skips one at the start of a file and refuses any other).
pub(crate) fn check_item_name(name: &str) -> Result<(), ProblemError> {
    let reason = if name.is_empty() {
        Some("item names cannot be empty")
    } else if name.chars().any(char::is_whitespace) {
        Some("item names cannot contain white space")
    } else if name.contains(crate::text::BYTE_ORDER_MARK) {
        Some("item names cannot contain a byte-order mark (U+FEFF)")
    } else if name.contains('|') {
        Some("item names cannot contain `|`")
    } else if name.contains(':') {
        Some("item names cannot contain `:`")
    } else {
        None
    };
    match reason {
        Some(reason) => Err(ProblemError::InvalidName {
            name: name.to_string(),
            reason,
        }),
        None => Ok(()),
    }
}

/// Checks a colour name: non-blank, no white space, no byte-order mark.
pub(crate) fn check_color_name(name: &str) -> Result<(), ProblemError> {
    let reason = if name.is_empty() {
        Some("colour names cannot be empty")
    } else if name.chars().any(char::is_whitespace) {
        Some("colour names cannot contain white space")
    } else if name.contains(crate::text::BYTE_ORDER_MARK) {
        Some("colour names cannot contain a byte-order mark (U+FEFF)")
    } else {
        None
    };
    match reason {
        Some(reason) => Err(ProblemError::InvalidName {
            name: name.to_string(),
            reason,
        }),
        None => Ok(()),
    }
}

#[derive(Clone, Debug)]
struct ItemInfo {
    name: String,
    kind: ItemKind,
    /// How many chosen options must cover the item, at least and at most (primary items
    /// only; `1..=1` unless declared with [`ProblemBuilder::bounded`]).
    min: u32,
    max: u32,
}

/// An exact cover problem (with optional secondary items and colours), ready to solve.
///
/// ```
/// use dlxkit::xc::{Arena, Problem, Solver};
/// // Knuth's toy problem from "Dancing Links".
/// let problem = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// let arena = Arena::new();
/// let mut solver = Solver::new(&problem, &arena);
/// let solution = solver.first().expect("one solution");
/// let mut lines: Vec<String> = solution.iter().map(|&o| problem.option_text(o)).collect();
/// lines.sort();
/// assert_eq!(lines, ["A D", "B G", "C E F"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Problem {
    items: Vec<ItemInfo>,
    by_name: HashMap<String, ItemId>,
    colors: Vec<String>,
    option_start: Vec<u32>,
    entries: Vec<Entry>,
    primary_count: usize,
    /// Whether some primary item has bounds other than `1..=1`.
    bounded: bool,
    warnings: Vec<Warning>,
    /// The cost of each option, as far as the last option with a cost (the rest cost 0);
    /// empty when no option has a cost, so problems without costs carry nothing.
    costs: Vec<u64>,
}

impl Problem {
    /// Starts an empty problem.
    ///
    /// ```
    /// use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// let a = b.primary("A").unwrap();
    /// b.option([a]).unwrap();
    /// assert_eq!(b.build().unwrap().option_count(), 1);
    /// ```
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::default()
    }

    /// The number of items, primary and secondary.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X\nB\n").unwrap();
    /// assert_eq!(p.item_count(), 3);
    /// ```
    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    /// The number of primary items.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X\nB\n").unwrap();
    /// assert_eq!(p.primary_count(), 2);
    /// ```
    pub fn primary_count(&self) -> usize {
        self.primary_count
    }

    /// The number of secondary items.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X\nB\n").unwrap();
    /// assert_eq!(p.secondary_count(), 1);
    /// ```
    pub fn secondary_count(&self) -> usize {
        self.items.len() - self.primary_count
    }

    /// The number of options.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X\nB\n").unwrap();
    /// assert_eq!(p.option_count(), 2);
    /// ```
    pub fn option_count(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The total number of entries over all options (the matrix's non-zero count).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X\nB\n").unwrap();
    /// assert_eq!(p.entry_count(), 3);
    /// ```
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Every item, in the order they were declared.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X\nB\n").unwrap();
    /// let names: Vec<&str> = p.items().map(|i| p.item_name(i)).collect();
    /// assert_eq!(names, ["A", "B", "X"]);
    /// ```
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.items.len() as u32).map(ItemId)
    }

    /// Every option, in order.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// assert_eq!(p.options().count(), 3);
    /// ```
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.option_count() as u32).map(OptionId)
    }

    /// Whether `item` is an item of this problem (an id from another problem may not be).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let small = Problem::from_dlx("A\nA\n").unwrap();
    /// let big = Problem::from_dlx("A B\nA B\n").unwrap();
    /// assert!(small.contains_item(big.item_id("A").unwrap()));
    /// assert!(!small.contains_item(big.item_id("B").unwrap()));
    /// ```
    pub fn contains_item(&self, item: ItemId) -> bool {
        item.index() < self.items.len()
    }

    /// Whether `option` is an option of this problem.
    ///
    /// ```
    /// # use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    /// assert!(p.contains_option(OptionId::new(1)));
    /// assert!(!p.contains_option(OptionId::new(2)));
    /// ```
    pub fn contains_option(&self, option: OptionId) -> bool {
        option.index() < self.option_count()
    }

    /// The record of an item, or a panic that names the foreign id.
    fn item_info(&self, item: ItemId) -> &ItemInfo {
        match self.items.get(item.index()) {
            Some(info) => info,
            None => panic!(
                "item #{} is not an item of this problem (it has {} items)",
                item.index(),
                self.items.len()
            ),
        }
    }

    /// An item's name.
    ///
    /// # Panics
    ///
    /// If `item` is not an item of this problem (see [`Problem::contains_item`]): ids are
    /// only meaningful in the problem that made them.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA B\n").unwrap();
    /// assert_eq!(p.item_name(p.item_id("B").unwrap()), "B");
    /// ```
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.item_info(item).name
    }

    /// Whether an item is primary or secondary.
    ///
    /// # Panics
    ///
    /// If `item` is not an item of this problem (see [`Problem::contains_item`]).
    ///
    /// ```
    /// # use dlxkit::xc::{ItemKind, Problem};
    /// let p = Problem::from_dlx("A | X\nA X\n").unwrap();
    /// assert_eq!(p.item_kind(p.item_id("A").unwrap()), ItemKind::Primary);
    /// ```
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.item_info(item).kind
    }

    /// Looks an item up by name.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A | X\nA X\n").unwrap();
    /// assert!(p.item_id("X").is_some());
    /// assert!(p.item_id("Y").is_none());
    /// ```
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.by_name.get(name).copied()
    }

    /// How many chosen options must cover an item: at least `start` and at most `end` times
    /// (`1..=1` for a plain primary item, and for a secondary item, which is covered at most
    /// once or by options that agree on its colour).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A 2|B 0:3|C | X\nA B C\nB C X\n").unwrap();
    /// let bounds: Vec<_> = p.items().map(|i| p.item_bounds(i)).collect();
    /// assert_eq!(bounds, [1..=1, 2..=2, 0..=3, 1..=1]);
    /// ```
    pub fn item_bounds(&self, item: ItemId) -> RangeInclusive<u32> {
        let info = &self.items[item.index()];
        info.min..=info.max
    }

    /// Whether some primary item has bounds other than exactly once (so the search is
    /// Knuth's Algorithm M, as his DLX3 runs it).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// assert!(Problem::from_dlx("2|A\nA\n").unwrap().has_bounds());
    /// assert!(!Problem::from_dlx("A\nA\n").unwrap().has_bounds());
    /// ```
    pub fn has_bounds(&self) -> bool {
        self.bounded
    }

    /// The entries of an option, in the order they were given.
    ///
    /// # Panics
    ///
    /// If `option` is not an option of this problem (see [`Problem::contains_option`]).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nB A\n").unwrap();
    /// let first = p.option(p.options().next().unwrap());
    /// assert_eq!(p.item_name(first[0].item), "B");
    /// ```
    pub fn option(&self, option: OptionId) -> &[Entry] {
        let i = option.index();
        assert!(
            self.contains_option(option),
            "option #{i} is not an option of this problem (it has {} options)",
            self.option_count()
        );
        &self.entries[self.option_start[i] as usize..self.option_start[i + 1] as usize]
    }

    /// A colour's name.
    ///
    /// # Panics
    ///
    /// If `color` is not a colour of this problem (ids from another problem may not be).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A | X\nA X:red\n").unwrap();
    /// let e = p.option(p.options().next().unwrap())[1];
    /// assert_eq!(p.color_name(e.color.unwrap()), "red");
    /// ```
    pub fn color_name(&self, color: ColorId) -> &str {
        &self.colors[color.index()]
    }

    /// The number of distinct colours.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nA X:0\nB X:1\n").unwrap();
    /// assert_eq!(p.color_count(), 2);
    /// ```
    pub fn color_count(&self) -> usize {
        self.colors.len()
    }

    /// Whether any option gives a colour to an item (so Algorithm C is needed).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// assert!(!Problem::from_dlx("A\nA\n").unwrap().has_colors());
    /// ```
    pub fn has_colors(&self) -> bool {
        self.entries.iter().any(|e| e.color.is_some())
    }

    /// The cost of an option (0 unless it was given one: `|n` entries in Knuth's format,
    /// as in DLX5, or [`ProblemBuilder::option_with_cost`]).
    ///
    /// ```
    /// # use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B\nA |3 |4\nB\n").unwrap();
    /// assert_eq!((p.option_cost(OptionId::new(0)), p.option_cost(OptionId::new(1))), (7, 0));
    /// ```
    pub fn option_cost(&self, option: OptionId) -> u64 {
        self.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// The same problem with option `o` costing `cost(o)` (for minimum-cost search). The
    /// costs of all options together must stay below 2^64 - 1.
    ///
    /// ```
    /// # use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A\nA\nA\n").unwrap().with_costs(|o| 5 - o.index() as u64).unwrap();
    /// assert_eq!(p.to_dlx(), "A\nA |5\nA |4\n");
    /// ```
    pub fn with_costs(
        &self,
        mut cost: impl FnMut(OptionId) -> u64,
    ) -> Result<Problem, ProblemError> {
        let mut total = 0u64;
        let mut costs = Vec::with_capacity(self.option_count());
        for o in self.options() {
            let c = cost(o);
            total = total
                .checked_add(c)
                .filter(|&t| t < u64::MAX)
                .ok_or(ProblemError::CostOverflow { option: o.index() })?;
            costs.push(c);
        }
        while costs.last() == Some(&0) {
            costs.pop();
        }
        Ok(Problem {
            costs,
            ..self.clone()
        })
    }

    /// The items in Knuth's order, as his programs number them: the primary items, then
    /// the secondary ones, each in declaration order (what [`Problem::to_dlx`] writes).
    pub(crate) fn knuth_order(&self) -> Vec<ItemId> {
        let of = |kind| self.items().filter(move |&i| self.item_kind(i) == kind);
        of(ItemKind::Primary)
            .chain(of(ItemKind::Secondary))
            .collect()
    }

    /// Whether any option has a cost above 0.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// assert!(Problem::from_dlx("A\nA |2\n").unwrap().has_costs());
    /// assert!(!Problem::from_dlx("A\nA |0\n").unwrap().has_costs());
    /// ```
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// An option written as in Knuth's format: item names separated by spaces,
    /// `item:colour` for coloured entries.
    ///
    /// # Panics
    ///
    /// If `option` is not an option of this problem (see [`Problem::contains_option`]).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B | X\nB A X:0\n").unwrap();
    /// assert_eq!(p.option_text(p.options().next().unwrap()), "B A X:0");
    /// ```
    pub fn option_text(&self, option: OptionId) -> String {
        let mut text = String::new();
        for (k, e) in self.option(option).iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(self.item_name(e.item));
            if let Some(c) = e.color {
                text.push(':');
                text.push_str(self.color_name(c));
            }
        }
        text
    }

    /// What was accepted with a warning while the problem was read.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// assert!(Problem::from_dlx("A\nA\n").unwrap().warnings().is_empty());
    /// ```
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The problem whose solutions are those of this problem that contain every option of
    /// `forced`: the same items in the same order (item ids carry over), and of the options,
    /// in their order, the forced ones and those that fit with all of them (sharing with a
    /// forced option only secondary items to which both give the same colour). Costs are
    /// kept. Memoised counting ([`crate::xc::memo`]) uses it for a puzzle's givens, where
    /// dancing links force them in place ([`crate::xc::Solver::force`]).
    ///
    /// Fails if an id is not an option of this problem, if two forced options clash, or if
    /// the problem has item bounds ([`ForceError::Bounded`]).
    ///
    /// ```
    /// use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B C\nA B\nC\nA\nB C\n")?;
    /// let q = p.forcing(&[OptionId::new(2)])?; // `A`: drops `A B`
    /// assert_eq!(q.to_dlx(), "A B C\nC\nA\nB C\n");
    /// assert_eq!(q.count_solutions(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forcing(&self, forced: &[OptionId]) -> Result<Problem, ForceError> {
        self.forcing_with_origin(forced).map(|(problem, _)| problem)
    }

    /// [`Problem::forcing`], with the option of this problem that each option of the new
    /// one is (for a search of the new problem to report options of this one).
    ///
    /// ```
    /// use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B C\nA B\nC\nA\nB C\n")?;
    /// let (_, origin) = p.forcing_with_origin(&[OptionId::new(2)])?;
    /// assert_eq!(origin, [1, 2, 3].map(OptionId::new));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forcing_with_origin(
        &self,
        forced: &[OptionId],
    ) -> Result<(Problem, Vec<OptionId>), ForceError> {
        self.forcing_excluding(forced, &[])
    }

    /// [`Problem::forcing_with_origin`] without the options of `excluded` as well: the
    /// solutions of this problem that contain every option of `forced` and none of
    /// `excluded` (a part of a minimum-cost search stopped inside its tree,
    /// [`crate::xc::shard::Part`]). An excluded option that is also forced is an error
    /// ([`ForceError::ForcedAndExcluded`]).
    ///
    /// ```
    /// use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B C\nA B\nC\nA\nB C\nB\n")?;
    /// let (q, origin) = p.forcing_excluding(&[OptionId::new(2)], &[OptionId::new(3)])?;
    /// assert_eq!(q.to_dlx(), "A B C\nC\nA\nB\n"); // `A` forced, `B C` excluded
    /// assert_eq!(origin, [1, 2, 4].map(OptionId::new));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forcing_excluding(
        &self,
        forced: &[OptionId],
        excluded: &[OptionId],
    ) -> Result<(Problem, Vec<OptionId>), ForceError> {
        if self.has_bounds() {
            return Err(ForceError::Bounded);
        }
        // Each item's claim by a forced option: its colour (`None`: the item is taken whole).
        let mut claim: Vec<Option<Option<ColorId>>> = vec![None; self.item_count()];
        let mut is_forced = vec![false; self.option_count()];
        for &option in forced {
            if !self.contains_option(option) {
                return Err(ForceError::UnknownOption {
                    option: option.index(),
                });
            }
            if std::mem::replace(&mut is_forced[option.index()], true) {
                continue;
            }
            for e in self.option(option) {
                let slot = &mut claim[e.item.index()];
                match *slot {
                    None => *slot = Some(e.color),
                    Some(Some(c)) if e.color == Some(c) => {}
                    Some(_) => {
                        return Err(ForceError::Conflict {
                            option: option.index(),
                        });
                    }
                }
            }
        }
        let mut is_excluded = vec![false; self.option_count()];
        for &option in excluded {
            if !self.contains_option(option) {
                return Err(ForceError::UnknownOption {
                    option: option.index(),
                });
            }
            if is_forced[option.index()] {
                return Err(ForceError::ForcedAndExcluded {
                    option: option.index(),
                });
            }
            is_excluded[option.index()] = true;
        }
        let fits = |o: OptionId| {
            !is_excluded[o.index()]
                && self.option(o).iter().all(|e| match claim[e.item.index()] {
                    None => true,
                    Some(color) => color.is_some() && color == e.color,
                })
        };
        let mut b = Problem::builder();
        for item in self.items() {
            let name = self.item_name(item);
            match self.item_kind(item) {
                ItemKind::Primary => b.primary(name),
                ItemKind::Secondary => b.secondary(name),
            }
            .expect("the names of a valid problem");
        }
        let colors: Vec<ColorId> = (0..self.color_count())
            .map(|c| b.color(self.color_name(ColorId(c as u32))))
            .collect();
        let mut origin = Vec::new();
        for o in self.options() {
            if is_forced[o.index()] || fits(o) {
                let entries = self.option(o).iter().map(|e| Entry {
                    item: e.item,
                    color: e.color.map(|c| colors[c.0 as usize]),
                });
                b.option_with_cost(entries, self.option_cost(o))
                    .expect("an option of a valid problem");
                origin.push(o);
            }
        }
        let problem = b.build().expect("the items of a valid problem");
        Ok((problem, origin))
    }

    /// Checks that `options` form an exact cover: every primary item covered exactly once
    /// (or, for a bounded item, a number of times within its bounds), every secondary item
    /// at most once or by options that all give it the same colour, and no option chosen
    /// twice. Returns a description of the first violation.
    ///
    /// ```
    /// # use dlxkit::xc::{OptionId, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// assert!(p.check_solution(&[OptionId::new(2)]).is_ok());
    /// assert!(p.check_solution(&[OptionId::new(0)]).is_err());
    /// let m = Problem::from_dlx("1:2|A\nA\nA\n").unwrap();
    /// assert!(m.check_solution(&[OptionId::new(0), OptionId::new(1)]).is_ok());
    /// assert!(m.check_solution(&[OptionId::new(0), OptionId::new(0)]).is_err());
    /// ```
    pub fn check_solution(&self, options: &[OptionId]) -> Result<(), String> {
        let mut uses = vec![0u32; self.items.len()];
        let mut color: Vec<Option<Option<ColorId>>> = vec![None; self.items.len()];
        let mut chosen = std::collections::HashSet::new();
        for &o in options {
            if o.index() >= self.option_count() {
                return Err(format!("option {} does not exist", o.index()));
            }
            if !chosen.insert(o) {
                return Err(format!("option {} is chosen twice", o.index()));
            }
            for e in self.option(o) {
                let i = e.item.index();
                let info = &self.items[i];
                uses[i] += 1;
                match (info.kind, color[i]) {
                    (ItemKind::Primary, _) if uses[i] > info.max => {
                        return Err(if info.max == 1 {
                            format!("item `{}` is covered twice", info.name)
                        } else {
                            format!(
                                "item `{}` is covered more than {} times",
                                info.name, info.max
                            )
                        });
                    }
                    (ItemKind::Secondary, Some(previous))
                        if previous.is_none() || previous != e.color =>
                    {
                        return Err(format!(
                            "secondary item `{}` is covered twice with different colours",
                            info.name
                        ));
                    }
                    _ => color[i] = Some(e.color),
                }
            }
        }
        for (i, info) in self.items.iter().enumerate() {
            if info.kind == ItemKind::Primary && uses[i] < info.min {
                return Err(if info.min == 1 {
                    format!("item `{}` is not covered", info.name)
                } else {
                    format!(
                        "item `{}` is covered {} times, fewer than {}",
                        info.name, uses[i], info.min
                    )
                });
            }
        }
        Ok(())
    }
}

/// Builds a [`Problem`] item by item and option by option, checking every rule as it goes.
///
/// ```
/// use dlxkit::xc::{Entry, Problem, ProblemError};
/// let mut b = Problem::builder();
/// let a = b.primary("A")?;
/// let c = b.primary("C")?;
/// let x = b.secondary("X")?;
/// let red = b.color("red");
/// b.option([Entry::from(a), Entry::colored(x, red)])?;
/// b.option([c])?;
/// assert_eq!(b.option([a, a]), Err(ProblemError::RepeatedItem { option: 2, name: "A".into() }));
/// let problem = b.build()?;
/// assert_eq!(problem.option_count(), 2);
/// # Ok::<(), ProblemError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    items: Vec<ItemInfo>,
    by_name: HashMap<String, ItemId>,
    colors: Vec<String>,
    color_by_name: HashMap<String, ColorId>,
    option_start: Vec<u32>,
    entries: Vec<Entry>,
    primary_count: usize,
    bounded: bool,
    seen: Vec<u32>,
    warnings: Vec<Warning>,
    costs: Vec<u64>,
    /// The sum of every option's cost so far (kept below `u64::MAX`).
    total_cost: u64,
}

impl ProblemBuilder {
    fn add_item(&mut self, name: &str, kind: ItemKind) -> Result<ItemId, ProblemError> {
        self.add_bounded(name, kind, 1, 1)
    }

    fn add_bounded(
        &mut self,
        name: &str,
        kind: ItemKind,
        min: u32,
        max: u32,
    ) -> Result<ItemId, ProblemError> {
        check_item_name(name)?;
        if max == 0 {
            return Err(ProblemError::ZeroUpperBound {
                name: name.to_string(),
            });
        }
        if min > max {
            return Err(ProblemError::LowerAboveUpper {
                name: name.to_string(),
                min,
                max,
            });
        }
        if self.by_name.contains_key(name) {
            return Err(ProblemError::DuplicateItem {
                name: name.to_string(),
            });
        }
        if self.items.len() >= 1 << 28 {
            return Err(ProblemError::TooLarge {
                what: "too many items",
            });
        }
        let id = ItemId(self.items.len() as u32);
        self.items.push(ItemInfo {
            name: name.to_string(),
            kind,
            min,
            max,
        });
        self.bounded |= (min, max) != (1, 1);
        self.by_name.insert(name.to_string(), id);
        self.seen.push(u32::MAX);
        if kind == ItemKind::Primary {
            self.primary_count += 1;
        }
        Ok(id)
    }

    /// Declares a primary item (to be covered exactly once).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// assert!(b.primary("cell 1").is_err()); // white space is not allowed
    /// assert!(b.primary("cell1").is_ok());
    /// ```
    pub fn primary(&mut self, name: &str) -> Result<ItemId, ProblemError> {
        self.add_item(name, ItemKind::Primary)
    }

    /// Declares a primary item that the chosen options must cover at least `bounds.start()`
    /// and at most `bounds.end()` times (Knuth's multiplicities, Algorithm M; his DLX3
    /// writes it `a:b|name`). `1..=1` is a plain primary item; `0..=b` makes it optional.
    ///
    /// ```
    /// # use dlxkit::xc::{Problem, ProblemError};
    /// let mut b = Problem::builder();
    /// let c = b.bounded("C", 2..=3)?;
    /// assert_eq!(b.bounded("D", 0..=0), Err(ProblemError::ZeroUpperBound { name: "D".into() }));
    /// assert_eq!(
    ///     b.bounded("E", 3..=2),
    ///     Err(ProblemError::LowerAboveUpper { name: "E".into(), min: 3, max: 2 })
    /// );
    /// b.option([c])?;
    /// assert_eq!(b.build()?.item_bounds(c), 2..=3);
    /// # Ok::<(), ProblemError>(())
    /// ```
    pub fn bounded(
        &mut self,
        name: &str,
        bounds: RangeInclusive<u32>,
    ) -> Result<ItemId, ProblemError> {
        self.add_bounded(name, ItemKind::Primary, *bounds.start(), *bounds.end())
    }

    /// Declares a secondary item (to be covered at most once, or with one colour).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// let x = b.secondary("X").unwrap();
    /// assert_eq!(x.index(), 0);
    /// ```
    pub fn secondary(&mut self, name: &str) -> Result<ItemId, ProblemError> {
        self.add_item(name, ItemKind::Secondary)
    }

    /// Declares many primary items at once.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// let ids = b.primaries(["A", "B", "C"]).unwrap();
    /// assert_eq!(ids.len(), 3);
    /// ```
    pub fn primaries<I, S>(&mut self, names: I) -> Result<Vec<ItemId>, ProblemError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        names
            .into_iter()
            .map(|n| self.primary(n.as_ref()))
            .collect()
    }

    /// Declares many secondary items at once.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// let ids = b.secondaries(["X", "Y"]).unwrap();
    /// assert_eq!(ids[1].index(), 1);
    /// ```
    pub fn secondaries<I, S>(&mut self, names: I) -> Result<Vec<ItemId>, ProblemError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        names
            .into_iter()
            .map(|n| self.secondary(n.as_ref()))
            .collect()
    }

    /// Interns a colour by name (the same name gives the same id).
    ///
    /// Panics never; an invalid colour name (empty, with white space) is reported when an
    /// option uses it ([`ProblemBuilder::option`], [`ProblemBuilder::option_by_names`]).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// assert_ne!(b.color("a"), b.color("b"));
    /// ```
    pub fn color(&mut self, name: &str) -> ColorId {
        if let Some(&c) = self.color_by_name.get(name) {
            return c;
        }
        let c = ColorId(self.colors.len() as u32);
        self.colors.push(name.to_string());
        self.color_by_name.insert(name.to_string(), c);
        c
    }

    /// Looks up an item declared so far.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// let a = b.primary("A").unwrap();
    /// assert_eq!(b.item_id("A"), Some(a));
    /// ```
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.by_name.get(name).copied()
    }

    /// The number of options added so far.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// let a = b.primary("A").unwrap();
    /// b.option([a]).unwrap();
    /// assert_eq!(b.option_count(), 1);
    /// ```
    pub fn option_count(&self) -> usize {
        self.option_start.len()
    }

    /// Adds an option made of the given entries (items, or coloured entries).
    ///
    /// ```
    /// # use dlxkit::xc::{Problem, ProblemError};
    /// let mut b = Problem::builder();
    /// let a = b.primary("A").unwrap();
    /// let x = b.secondary("X").unwrap();
    /// assert_eq!(b.option([x]), Err(ProblemError::NoPrimaryItem { option: 0 }));
    /// assert!(b.option([a, x]).is_ok());
    /// ```
    pub fn option<I, E>(&mut self, entries: I) -> Result<OptionId, ProblemError>
    where
        I: IntoIterator<Item = E>,
        E: Into<Entry>,
    {
        let option = self.option_start.len();
        let start = self.entries.len();
        let stamp = option as u32;
        let mut has_primary = false;
        let mut failure = None;
        for e in entries {
            let e: Entry = e.into();
            let Some(info) = self.items.get(e.item.index()) else {
                failure = Some(ProblemError::UnknownItem {
                    option,
                    name: format!("#{}", e.item.index()),
                });
                break;
            };
            if self.seen[e.item.index()] == stamp {
                failure = Some(ProblemError::RepeatedItem {
                    option,
                    name: info.name.clone(),
                });
                break;
            }
            self.seen[e.item.index()] = stamp;
            match (info.kind, e.color) {
                (ItemKind::Primary, Some(_)) => {
                    failure = Some(ProblemError::ColoredPrimary {
                        option,
                        name: info.name.clone(),
                    });
                    break;
                }
                (ItemKind::Primary, None) => has_primary = true,
                (ItemKind::Secondary, Some(c)) if c.index() >= self.colors.len() => {
                    failure = Some(ProblemError::InvalidName {
                        name: format!("#{}", c.index()),
                        reason: "colour id not interned in this builder",
                    });
                    break;
                }
                (ItemKind::Secondary, Some(c)) => {
                    // A colour Knuth's format could not write back ("", "a b") is refused here,
                    // where it is used.
                    if let Err(e) = check_color_name(&self.colors[c.index()]) {
                        failure = Some(e);
                        break;
                    }
                }
                _ => {}
            }
            self.entries.push(e);
        }
        if failure.is_none() {
            if self.entries.len() == start {
                failure = Some(ProblemError::EmptyOption { option });
            } else if !has_primary {
                failure = Some(ProblemError::NoPrimaryItem { option });
            } else if self.entries.len() + self.option_start.len() + self.items.len() + 2 >= 1 << 28
            {
                failure = Some(ProblemError::TooLarge {
                    what: "too many nodes",
                });
            }
        }
        if let Some(err) = failure {
            // Forget the stamps of this option so a retry with the same index works.
            for e in &self.entries[start..] {
                self.seen[e.item.index()] = u32::MAX;
            }
            self.entries.truncate(start);
            return Err(err);
        }
        self.option_start.push(start as u32);
        Ok(OptionId(option as u32))
    }

    /// Adds an option with a cost, for minimum-cost search ([`crate::xc::BestSolver`]).
    /// The costs of all options together must stay below 2^64 - 1.
    ///
    /// ```
    /// # use dlxkit::xc::{Problem, ProblemError};
    /// let mut b = Problem::builder();
    /// let a = b.primary("A").unwrap();
    /// let o = b.option_with_cost([a], 5).unwrap();
    /// assert_eq!(b.option_with_cost([a], u64::MAX), Err(ProblemError::CostOverflow { option: 1 }));
    /// assert_eq!(b.build().unwrap().option_cost(o), 5);
    /// ```
    pub fn option_with_cost<I, E>(
        &mut self,
        entries: I,
        cost: u64,
    ) -> Result<OptionId, ProblemError>
    where
        I: IntoIterator<Item = E>,
        E: Into<Entry>,
    {
        let option = self.option_start.len();
        let total = self
            .total_cost
            .checked_add(cost)
            .filter(|&t| t < u64::MAX)
            .ok_or(ProblemError::CostOverflow { option })?;
        let id = self.option(entries)?;
        if cost > 0 {
            self.costs.resize(option, 0);
            self.costs.push(cost);
        }
        self.total_cost = total;
        Ok(id)
    }

    /// Adds an option written as item names, each optionally `name:colour`
    /// (the form used in Knuth's text format).
    ///
    /// ```
    /// # use dlxkit::xc::{Problem, ProblemError};
    /// let mut b = Problem::builder();
    /// b.primary("A").unwrap();
    /// b.secondary("X").unwrap();
    /// b.option_by_names(["A", "X:red"]).unwrap();
    /// assert_eq!(
    ///     b.option_by_names(["B"]),
    ///     Err(ProblemError::UnknownItem { option: 1, name: "B".into() })
    /// );
    /// ```
    pub fn option_by_names<I, S>(&mut self, names: I) -> Result<OptionId, ProblemError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let option = self.option_start.len();
        let mut entries = Vec::new();
        for n in names {
            let n = n.as_ref();
            let (name, color) = match n.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (n, None),
            };
            let item = self
                .item_id(name)
                .ok_or_else(|| ProblemError::UnknownItem {
                    option,
                    name: name.to_string(),
                })?;
            let color = match color {
                Some(c) => {
                    check_color_name(c)?;
                    Some(self.color(c))
                }
                None => None,
            };
            entries.push(Entry { item, color });
        }
        self.option(entries)
    }

    /// The number of items declared so far.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let mut b = Problem::builder();
    /// b.primaries(["A", "B"]).unwrap();
    /// assert_eq!(b.item_count(), 2);
    /// ```
    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    /// Whether a declared item is primary or secondary.
    ///
    /// ```
    /// # use dlxkit::xc::{ItemKind, Problem};
    /// let mut b = Problem::builder();
    /// let x = b.secondary("X").unwrap();
    /// assert_eq!(b.item_kind(x), ItemKind::Secondary);
    /// ```
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.items[item.index()].kind
    }

    /// Records a warning to be kept with the problem.
    pub(crate) fn warn(&mut self, warning: Warning) {
        self.warnings.push(warning);
    }

    /// Finishes the problem. Fails when there is no primary item.
    ///
    /// ```
    /// # use dlxkit::xc::{Problem, ProblemError};
    /// let mut b = Problem::builder();
    /// b.secondary("X").unwrap();
    /// assert_eq!(b.build().unwrap_err(), ProblemError::NoPrimaryItems);
    /// ```
    pub fn build(self) -> Result<Problem, ProblemError> {
        if self.primary_count == 0 {
            return Err(ProblemError::NoPrimaryItems);
        }
        Ok(self.finish())
    }

    fn finish(self) -> Problem {
        let mut option_start = self.option_start;
        option_start.push(self.entries.len() as u32);
        Problem {
            items: self.items,
            by_name: self.by_name,
            colors: self.colors,
            option_start,
            entries: self.entries,
            primary_count: self.primary_count,
            bounded: self.bounded,
            warnings: self.warnings,
            costs: self.costs,
        }
    }
}
