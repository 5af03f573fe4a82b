//! `dlxkit words`: word rectangles ([`dlxkit::puzzles::words`]).

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::puzzles::words::{WordGrid, WordList, WordRectangle, MAX_SIDE};
use serde_json::{json, Value};

use super::{paint_by_key, read_file, solve, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit words --rows 3 --cols 4                   a 3x4 rectangle of words
  dlxkit words --rows 3 --cols 3 --first 100 --count
                                                   653, from the first 100 three-letter words
  dlxkit words --rows 2 --cols 5 --format svg > words.svg
  dlxkit words --rows 4 --cols 4 --words my-words.txt --limit 5
  dlxkit words --rows 3 --cols 2 --emit dlx | dlxkit solve --count
  dlxkit words --rows 3 --cols 3 --first 100 --count --distinct
                                                   a square and its transpose once

Fills ROWS x COLS letters so that every row is a word of COLS letters and every column a
word of ROWS letters of the list; a word may appear more than once. The problem is the one
Knuth's WORD-RECT-DLX writes (items R0.., C0.., and a secondary item per cell coloured
by its letter). The built-in list is ENABLE's 13,607 words of 2 to 5 letters (public
domain; data/words/enable-2-5.txt). A list given with --words has one word a line, letters
only, each once; --first N keeps the first N words of each length, as Knuth's `file:N`.

The picture shows the rows, one a line; --format svg draws the letters in their squares,
each row word in a colour of its own.

--distinct (a square only) keeps one of a square and its transpose, the one whose rows come
first in alphabetical order; it filters the solutions as the search lists them, so it takes
--jobs but not --shard or --memo.";

// Arguments of `dlxkit words`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct WordsArgs {
    /// The number of rows: the length of the words read down (1 to 16)
    #[arg(long, value_name = "M", default_value_t = 3)]
    pub rows: usize,

    /// The number of columns: the length of the words read across (1 to 16)
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub cols: usize,

    /// The word list, one word a line (`-`: standard input) [default: the built-in ENABLE words of 2 to 5 letters]
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub words: Option<PathBuf>,

    /// Use only the first N words of each length
    #[arg(long, value_name = "N")]
    pub first: Option<usize>,

    /// Count (or print) a square and its transpose once (only for a square)
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit words`.
pub fn run(args: &WordsArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || {
        for (flag, value) in [("--rows", args.rows), ("--cols", args.cols)] {
            if !(1..=MAX_SIDE).contains(&value) {
                return Err(CliError::usage(format!(
                    "{flag} {value}: give 1 to {MAX_SIDE}"
                )));
            }
        }
        let list = match &args.words {
            None => WordList::enable(),
            Some(path) => read_file(path, ctx, |text| text.parse())?,
        };
        let mut puzzle = WordRectangle::new(args.rows, args.cols, &list, args.first)
            .map_err(|e| CliError::input(e.to_string()))?;
        if args.distinct {
            puzzle = puzzle.distinct().map_err(super::bad_argument)?;
        }
        Ok((puzzle, Extras::default()))
    })
}

impl Shown for WordRectangle {
    fn data(&self, grid: &WordGrid) -> Value {
        let columns: Vec<String> = (0..self.cols()).map(|j| grid.column(j)).collect();
        json!({ "rows": grid.rows, "columns": columns })
    }

    /// Each row in the colour of its line.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let mut out = String::new();
        for (i, line) in picture.lines().enumerate() {
            out.push_str(&paint_by_key(line, paint, |_| Some(i)));
            out.push('\n');
        }
        out
    }
}
