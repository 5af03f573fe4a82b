//! `dlxkit shopping [FILE]`: the shopping list ([`dlxkit::puzzles::shopping`]).

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::puzzles::shopping::{Purchase, ShoppingList};
use serde_json::{json, Value};

use super::{bad_argument, no_distinct, palette, read_file, solve, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit shopping                         a way to buy the school supplies
  dlxkit shopping --limit 3               all three ways
  dlxkit shopping --count                 3
  dlxkit shopping my-list.txt             your own list
  dlxkit shopping --emit dlx | dlxkit solve
                                          the same problem: items and bundles

The list format (data/puzzles/school-supplies.txt is an example): lines starting with `|`
are comments; the first other line is `need:` and the items, separated by blanks; each
further line is a bundle's name, `:`, and the items it holds.

  need: pencils eraser ruler
  desk-set: pencils eraser ruler
  writing-set: pencils eraser
  single-ruler: ruler

The picture lists the bundles to buy, one per line, with their items (--format svg draws
the list as a column of items, each bundle bought one piece over its items). In JSON, the data
of a solution is {\"bundles\": [{\"name\": ..., \"items\": [...]}, ...]}.

Exit status: 0 if a way to shop was found, 1 if none, 2 for bad input or usage (a
malformed list is reported with its file, line and column), 130 if interrupted.";

// Arguments of `dlxkit shopping`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct ShoppingArgs {
    /// The shopping list and the bundles on sale [default: the school supplies]
    ///
    /// `-` reads standard input. Without FILE, the school-supplies example of the
    /// documentation (data/puzzles/school-supplies.txt, built in).
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// (Not available: a shopping list has no symmetry to reduce.)
    #[arg(long, hide = true)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit shopping`.
pub fn run(args: &ShoppingArgs, ctx: &Context) -> Result<Exit, CliError> {
    no_distinct(args.distinct, "shopping")?;
    solve(&args.common, ctx, || {
        let list = match &args.file {
            None => ShoppingList::school_supplies().map_err(bad_argument)?,
            Some(path) => read_file(path, ctx, ShoppingList::parse)?,
        };
        Ok((list, Extras::default()))
    })
}

impl Shown for ShoppingList {
    fn data(&self, purchase: &Purchase) -> Value {
        let bundles: Vec<Value> = purchase
            .bundles
            .iter()
            .filter_map(|&k| self.bundles().get(k))
            .map(|b| json!({ "name": b.name, "items": b.items }))
            .collect();
        json!({ "bundles": bundles })
    }

    /// One colour per bundle name.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let mut out = String::with_capacity(picture.len() * 2);
        for (k, line) in picture.lines().enumerate() {
            match line.split_once(':') {
                Some((name, rest)) => {
                    out.push_str(&paint.style(palette(k), name));
                    out.push(':');
                    out.push_str(rest);
                }
                None => out.push_str(line),
            }
            out.push('\n');
        }
        out
    }
}
