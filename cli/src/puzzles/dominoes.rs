//! `dlxkit dominoes MxN`: domino tilings of a rectangle ([`dlxkit::puzzles::dominoes`]).

use clap::Args;
use dlxkit::puzzles::dominoes::{DominoTiling, Dominoes};
use serde_json::{json, Value};

use super::{bad_argument, no_distinct, paint_by_key, parse_size, solve, Extras, PuzzleArgs};
use super::{Shown, Size};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit dominoes 2x3                   a tiling of a 2x3 rectangle
  dlxkit dominoes 4x4 --count           count the tilings of the 4x4 square (36)
  dlxkit dominoes 8x8 --count --stats   12,988,816 tilings, with statistics on stderr
  dlxkit dominoes 3x4 --format json     the first tiling as JSON

The picture draws a domino laid across as `<>` and an upright one as `^` over `v`; with
colours, the two kinds have two colours. In JSON, the data of a solution is
{\"dominoes\": [[[row, column], [row, column]], ...]}, the two cells of each domino (from 0).

There is no --distinct: the tilings are counted raw.

Exit status: 0 if a tiling was found, 1 if none (an odd number of cells), 2 for bad input or
usage, 130 if interrupted by Ctrl-C.";

// Arguments of `dlxkit dominoes`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct DominoesArgs {
    /// The board: ROWSxCOLUMNS, as in 8x8
    #[arg(value_name = "MxN", value_parser = parse_size)]
    pub size: Size,

    /// (Not available: tilings are counted raw.)
    #[arg(long, hide = true)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit dominoes`.
pub fn run(args: &DominoesArgs, ctx: &Context) -> Result<Exit, CliError> {
    no_distinct(args.distinct, "dominoes")?;
    solve(&args.common, ctx, || {
        let puzzle = Dominoes::new(args.size.rows, args.size.cols).map_err(bad_argument)?;
        Ok((puzzle, Extras::default()))
    })
}

impl Shown for Dominoes {
    fn data(&self, tiling: &DominoTiling) -> Value {
        let cells: Vec<_> = tiling.dominoes.iter().map(|d| d.cells()).collect();
        json!({ "dominoes": cells })
    }

    /// One colour for the dominoes across, another for the upright ones.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        paint_by_key(picture, paint, |c| match c {
            '<' | '>' => Some(0),
            '^' | 'v' => Some(1),
            _ => None,
        })
    }
}
