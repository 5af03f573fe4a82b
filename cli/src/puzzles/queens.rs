//! `dlxkit queens N`: the n-queens problem ([`dlxkit::puzzles::queens`]).

use clap::{Args, ValueEnum};
use dlxkit::puzzles::queens::{Queens, QueensOrder, QueensSolution};
use serde_json::{json, Value};

use super::{bad_argument, no_distinct, paint_by_key, solve, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit queens 8                        the first solution for 8 queens
  dlxkit queens 8 --count                count them all (92)
  dlxkit queens 6 --limit 4              print four solutions, a blank line between two
  dlxkit queens 12 --count --stats       with the search statistics on stderr
  dlxkit queens 6 --emit dlx | dlxkit solve --count
                                         the same problem, solved from Knuth's format

The picture has a `Q` for each queen and a `.` for each empty square. In JSON, the data of
a solution is {\"columns\": [...]}, the column of the queen in each row (from 0).

There is no --distinct: the solutions are counted raw (92 for 8 queens, not 12).

Exit status: 0 if a solution was found, 1 if none (N = 2 or 3), 2 for bad input or usage,
130 if interrupted by Ctrl-C.";

/// The order in which the problem declares rows and columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// All rows top to bottom, then all columns.
    Natural,
    /// Rows and columns interleaved from the middle outwards (Knuth's faster order).
    #[default]
    OrganPipe,
}

/// Arguments of `dlxkit queens`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct QueensArgs {
    /// The size of the board (and the number of queens)
    #[arg(value_name = "N")]
    pub n: usize,

    /// The order of the rows and columns in the problem
    ///
    /// It changes the search (which solution comes first, how many nodes), not the count.
    #[arg(long, value_enum, default_value_t, value_name = "ORDER")]
    pub order: Order,

    /// (Not available: n-queens solutions are counted raw.)
    #[arg(long, hide = true)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit queens`.
pub fn run(args: &QueensArgs, ctx: &Context) -> Result<Exit, CliError> {
    no_distinct(args.distinct, "queens")?;
    let order = match args.order {
        Order::Natural => QueensOrder::Natural,
        Order::OrganPipe => QueensOrder::OrganPipe,
    };
    solve(&args.common, ctx, || {
        let puzzle = Queens::new(args.n, order).map_err(bad_argument)?;
        Ok((puzzle, Extras::default()))
    })
}

impl Shown for Queens {
    fn data(&self, solution: &QueensSolution) -> Value {
        json!({ "columns": solution.columns })
    }

    /// The queens in colour.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        paint_by_key(picture, paint, |c| (c == 'Q').then_some(0))
    }
}
