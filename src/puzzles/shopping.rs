//! The shopping list: the friendliest way into exact cover.
//!
//! School starts next week and the list of supplies is long: pencils, an eraser, a ruler,
//! glue, scissors, a notebook, a binder, a calculator, a backpack and a lunchbox. The stores
//! do not sell much of it on its own; they sell *bundles*: a craft pack of glue and scissors,
//! a math kit with a ruler and a calculator, a bag deal with a backpack and a lunchbox, and so
//! on. We want to come home with every item on the list exactly once: nothing missing, and
//! no second ruler because two bundles both had one. Which bundles should we buy?
//!
//! ## The encoding
//!
//! That question *is* an exact cover problem. Each item on the list is a primary item (it
//! must be covered exactly once) and each bundle is an option (the set of list items it
//! holds). A solution is a choice of bundles that covers every item once. The search picks the
//! item with the fewest bundles left (say the calculator, sold only in the math kit and the
//! back-to-school deal), tries each of those bundles in turn, strikes out every other bundle
//! that shares an item with it, and carries on with what is left; when an item has no bundle
//! left it backs up. [`ShoppingList::school_supplies`] is that story with twelve bundles; it has
//! exactly three ways to shop.
//!
//! ## Text format
//!
//! ```text
//! | comments start with a bar
//! need: pencils eraser ruler
//! desk-set: pencils eraser ruler
//! writing-set: pencils eraser
//! single-ruler: ruler
//! ```
//!
//! The first line that is not blank or a comment is `need:` followed by the items, separated
//! by blanks; every further line is a bundle's name, `:`, and the items it holds. Item names
//! follow the engine's rules (no white space, `|` or `:`); bundle names may not contain `:`.
//!
//! ```
//! use dlxkit::puzzles::{shopping::ShoppingList, Puzzle};
//! let list = ShoppingList::school_supplies()?;
//! for purchase in list.solutions_up_to(10)? {
//!     list.validate(&purchase)?;
//!     println!("{}", list.render(&purchase));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::picture::{self, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::Svg;
use crate::xc::problem::check_item_name;
use crate::xc::{OptionId, Problem};

/// The most items or bundles a list may have.
///
/// ```
/// use dlxkit::puzzles::shopping::{ShoppingList, MAX_ENTRIES};
/// let items: Vec<String> = (0..=MAX_ENTRIES).map(|k| format!("i{k}")).collect();
/// assert!(ShoppingList::new(items, vec![]).is_err());
/// ```
pub const MAX_ENTRIES: usize = 100_000;

/// A bundle a store sells: a name and the list items in it.
///
/// ```
/// use dlxkit::puzzles::shopping::Bundle;
/// let b = Bundle::new("craft-pack", ["glue", "scissors"]);
/// assert_eq!(b.items.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bundle {
    /// The bundle's name.
    pub name: String,
    /// The items it holds.
    pub items: Vec<String>,
}

impl Bundle {
    /// A bundle with the given name and items.
    ///
    /// ```
    /// use dlxkit::puzzles::shopping::Bundle;
    /// assert_eq!(Bundle::new("single-ruler", ["ruler"]).name, "single-ruler");
    /// ```
    pub fn new<I, S>(name: &str, items: I) -> Bundle
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Bundle {
            name: name.to_string(),
            items: items.into_iter().map(Into::into).collect(),
        }
    }
}

/// A way to shop: the bundles bought (indices into [`ShoppingList::bundles`]), sorted.
///
/// ```
/// use dlxkit::puzzles::{shopping::ShoppingList, Puzzle};
/// let list = ShoppingList::school_supplies()?;
/// let purchase = list.first()?.unwrap();
/// assert!(list.validate(&purchase).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Purchase {
    /// The bundles bought.
    pub bundles: Vec<usize>,
}

/// A shopping list and the bundles on sale, as an exact cover problem.
///
/// ```
/// use dlxkit::puzzles::{shopping::{Bundle, ShoppingList}, Puzzle};
/// let list = ShoppingList::new(
///     ["pen", "ink", "paper"],
///     vec![
///         Bundle::new("pen-and-ink", ["pen", "ink"]),
///         Bundle::new("paper", ["paper"]),
///         Bundle::new("ink-and-paper", ["ink", "paper"]),
///         Bundle::new("pen", ["pen"]),
///     ],
/// )?;
/// assert_eq!(list.count(), 2);
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ShoppingList {
    items: Vec<String>,
    bundles: Vec<Bundle>,
    problem: Problem,
}

impl ShoppingList {
    /// Builds the problem: `items` is the list, `bundles` what the stores sell. Every bundle
    /// item must be on the list, and no name may repeat.
    ///
    /// ```
    /// use dlxkit::puzzles::{shopping::{Bundle, ShoppingList}, PuzzleError};
    /// let err = ShoppingList::new(["pen"], vec![Bundle::new("b", ["pencil"])]).unwrap_err();
    /// assert_eq!(err, PuzzleError::Unknown { name: "pencil".into() });
    /// ```
    pub fn new<I, S>(items: I, bundles: Vec<Bundle>) -> Result<ShoppingList, PuzzleError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let items: Vec<String> = items.into_iter().map(Into::into).collect();
        if items.is_empty() {
            return Err(PuzzleError::Empty {
                what: "the shopping list".to_string(),
            });
        }
        for (what, value) in [
            ("the number of items", items.len()),
            ("the number of bundles", bundles.len()),
        ] {
            if value > MAX_ENTRIES {
                return Err(PuzzleError::TooLarge {
                    what,
                    value,
                    max: MAX_ENTRIES,
                });
            }
        }
        let mut b = Problem::builder();
        for item in &items {
            if b.item_id(item).is_some() {
                return Err(PuzzleError::Duplicate { name: item.clone() });
            }
            b.primary(item)?;
        }
        for (k, bundle) in bundles.iter().enumerate() {
            if bundles[..k].iter().any(|x| x.name == bundle.name) {
                return Err(PuzzleError::Duplicate {
                    name: bundle.name.clone(),
                });
            }
            if bundle.items.is_empty() {
                return Err(PuzzleError::Empty {
                    what: format!("bundle {}", bundle.name),
                });
            }
            let mut entries = Vec::with_capacity(bundle.items.len());
            for item in &bundle.items {
                let id = b
                    .item_id(item)
                    .ok_or_else(|| PuzzleError::Unknown { name: item.clone() })?;
                if entries.contains(&id) {
                    return Err(PuzzleError::Duplicate {
                        name: format!("{} in bundle {}", item, bundle.name),
                    });
                }
                entries.push(id);
            }
            b.option(entries)?;
        }
        Ok(ShoppingList {
            items,
            bundles,
            problem: b.build()?,
        })
    }

    /// Reads a list in the text format of the module documentation.
    ///
    /// ```
    /// use dlxkit::puzzles::{shopping::ShoppingList, Puzzle, PuzzleError};
    /// let list = ShoppingList::parse("need: a b\nboth: a b\nfirst: a\nsecond: b\n")?;
    /// assert_eq!(list.count(), 2);
    /// let err = ShoppingList::parse("need: a b\nboth: a c\n").unwrap_err();
    /// assert!(matches!(err, PuzzleError::Parse { line: 2, column: 9, .. }));
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn parse(text: &str) -> Result<ShoppingList, PuzzleError> {
        let error = |line: usize, column: usize, message: String| PuzzleError::Parse {
            line,
            column,
            message,
        };
        let mut items: Option<Vec<String>> = None;
        let mut bundles: Vec<Bundle> = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('|') {
                continue;
            }
            let head_column = raw.chars().count() - trimmed.chars().count() + 1;
            let Some(colon) = raw.find(':') else {
                return Err(error(
                    line,
                    head_column,
                    "expected `name: items` (a colon after the name)".to_string(),
                ));
            };
            let name = raw[..colon].trim();
            let mut words = Vec::new();
            let mut column = raw[..=colon].chars().count() + 1;
            for word in raw[colon + 1..].split(' ') {
                if !word.is_empty() {
                    words.push((column, word));
                }
                column += word.chars().count() + 1;
            }
            match &items {
                None => {
                    if name != "need" {
                        return Err(error(
                            line,
                            head_column,
                            "the first line must be `need:` followed by the items".to_string(),
                        ));
                    }
                    let mut list: Vec<String> = Vec::new();
                    for (column, word) in words {
                        if let Err(e) = check_item_name(word) {
                            return Err(error(line, column, e.to_string()));
                        }
                        if list.iter().any(|x| x == word) {
                            return Err(error(line, column, format!("`{word}` is listed twice")));
                        }
                        list.push(word.to_string());
                    }
                    if list.is_empty() {
                        return Err(error(line, column, "the list needs items".to_string()));
                    }
                    items = Some(list);
                }
                Some(list) => {
                    if name.is_empty() {
                        return Err(error(
                            line,
                            head_column,
                            "a bundle needs a name".to_string(),
                        ));
                    }
                    if bundles.iter().any(|b| b.name == name) {
                        return Err(error(
                            line,
                            head_column,
                            format!("bundle `{name}` is defined twice"),
                        ));
                    }
                    let mut held: Vec<String> = Vec::new();
                    for (column, word) in words {
                        if !list.iter().any(|x| x == word) {
                            return Err(error(
                                line,
                                column,
                                format!("`{word}` is not on the list"),
                            ));
                        }
                        if held.iter().any(|x| x == word) {
                            return Err(error(
                                line,
                                column,
                                format!("`{word}` is twice in this bundle"),
                            ));
                        }
                        held.push(word.to_string());
                    }
                    if held.is_empty() {
                        return Err(error(line, column, format!("bundle `{name}` is empty")));
                    }
                    bundles.push(Bundle {
                        name: name.to_string(),
                        items: held,
                    });
                }
            }
        }
        let Some(items) = items else {
            return Err(PuzzleError::Empty {
                what: "the shopping list".to_string(),
            });
        };
        ShoppingList::new(items, bundles)
    }

    /// The back-to-school list of the module documentation: ten supplies, twelve bundles
    /// (read from `data/puzzles/school-supplies.txt`, compiled in).
    ///
    /// ```
    /// use dlxkit::puzzles::{shopping::ShoppingList, Puzzle};
    /// let list = ShoppingList::school_supplies()?;
    /// assert_eq!((list.items().len(), list.bundles().len()), (10, 12));
    /// assert_eq!(list.count(), 3);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn school_supplies() -> Result<ShoppingList, PuzzleError> {
        ShoppingList::parse(SCHOOL_SUPPLIES)
    }

    /// The items on the list.
    ///
    /// ```
    /// use dlxkit::puzzles::shopping::ShoppingList;
    /// assert_eq!(ShoppingList::school_supplies()?.items()[0], "pencils");
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn items(&self) -> &[String] {
        &self.items
    }

    /// The bundles on sale, indexed by option.
    ///
    /// ```
    /// use dlxkit::puzzles::shopping::ShoppingList;
    /// assert_eq!(ShoppingList::school_supplies()?.bundles()[1].name, "craft-pack");
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn bundles(&self) -> &[Bundle] {
        &self.bundles
    }

    /// The bundle that option `option` buys.
    ///
    /// ```
    /// use dlxkit::puzzles::shopping::ShoppingList;
    /// use dlxkit::xc::OptionId;
    /// let list = ShoppingList::school_supplies()?;
    /// assert_eq!(list.bundle(OptionId::new(0)).unwrap().name, "desk-set");
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn bundle(&self, option: OptionId) -> Option<&Bundle> {
        self.bundles.get(option.index())
    }
}

/// The school supplies example, shipped as a data file.
const SCHOOL_SUPPLIES: &str = include_str!("../../data/puzzles/school-supplies.txt");

impl Puzzle for ShoppingList {
    type Solution = Purchase;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let b = self.bundle(option)?;
        Some(format!("buy {} ({})", b.name, b.items.join(", ")))
    }

    fn decode(&self, options: &[OptionId]) -> Result<Purchase, InvalidSolution> {
        let mut bundles = Vec::with_capacity(options.len());
        for &o in options {
            if o.index() >= self.bundles.len() {
                return Err(InvalidSolution(format!("no option {}", o.index())));
            }
            bundles.push(o.index());
        }
        bundles.sort_unstable();
        Ok(Purchase { bundles })
    }

    fn validate(&self, purchase: &Purchase) -> Result<(), InvalidSolution> {
        let mut bought = vec![0usize; self.items.len()];
        for &k in &purchase.bundles {
            let bundle = self
                .bundles
                .get(k)
                .ok_or_else(|| InvalidSolution(format!("there is no bundle {k}")))?;
            for item in &bundle.items {
                let i = self
                    .items
                    .iter()
                    .position(|x| x == item)
                    .ok_or_else(|| InvalidSolution(format!("{item} is not on the list")))?;
                bought[i] += 1;
            }
        }
        for (item, &n) in self.items.iter().zip(&bought) {
            if n != 1 {
                return Err(InvalidSolution(format!("{item} is bought {n} times")));
            }
        }
        Ok(())
    }

    fn render(&self, purchase: &Purchase) -> String {
        let mut out = String::new();
        for &k in &purchase.bundles {
            if let Some(b) = self.bundles.get(k) {
                out.push_str(&format!("{}: {}\n", b.name, b.items.join(", ")));
            }
        }
        out
    }

    /// The shopping list as a column of boxes, one an item, and each bundle bought as one
    /// piece over the boxes of its items, in the colour of its place among the bundles on
    /// sale (so a bundle keeps its colour in every purchase): an exact cover drawn as a
    /// tiling.
    fn draw(&self, purchase: &Purchase) -> Option<Svg> {
        const HEIGHT: f64 = 24.0;
        let longest = self
            .items
            .iter()
            .map(|i| i.chars().count())
            .max()
            .unwrap_or(1);
        let width = 9.0 * longest as f64 + 16.0;
        let row = |i: usize| {
            let y = i as f64 * HEIGHT;
            vec![(0.0, y), (width, y), (width, y + HEIGHT), (0.0, y + HEIGHT)]
        };
        let board: Vec<Vec<picture::Point>> = (0..self.items.len()).map(row).collect();
        let tiles: Vec<Tile> = purchase
            .bundles
            .iter()
            .filter_map(|&k| {
                let bundle = self.bundles.get(k)?;
                let rows: Vec<usize> = bundle
                    .items
                    .iter()
                    .filter_map(|item| self.items.iter().position(|x| x == item))
                    .collect();
                Some(Tile {
                    colour: k,
                    name: bundle.name.clone(),
                    cells: rows.iter().map(|&i| row(i)).collect(),
                    cell_labels: Some(rows.iter().map(|&i| self.items[i].clone()).collect()),
                })
            })
            .collect();
        Some(picture::tiling(&board, &tiles, HEIGHT * 0.55))
    }
}
