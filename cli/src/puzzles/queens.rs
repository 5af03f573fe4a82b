//! `dlxkit queens N`: the n-queens problem ([`dlxkit::puzzles::queens`]).

use clap::{Args, ValueEnum};
use dlxkit::puzzles::queens::{Queens, QueensOrder, QueensSolution};
use serde_json::{json, Value};

use super::{bad_argument, no_distinct, paint_by_key, solve, Emit, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};
use dlxkit::puzzles::Puzzle;

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

Beyond 40 queens the search for a first solution grows beyond reach (60 queens takes
minutes), so one solution asked with no flag of the search (--limit, --count, --max-nodes,
--timeout, --seed, --jobs, --shard, --memo) is made by the classical construction at
once, and checked. Listing more solutions there, or counting beyond 16 queens (17 take
minutes, 20 take days), needs --timeout or --max-nodes.

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

// Arguments of `dlxkit queens`. Not a doc comment: see `Command` in main.rs.
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
    let c = &args.common;
    let bounded = c.limits.max_nodes.is_some() || c.limits.timeout.is_some();
    let one = !c.count
        && c.limits.limit.is_none_or(|k| k == 1)
        && !bounded
        && c.memo.seed.is_none()
        && !c.memo.wanted()
        && c.parallel.jobs <= 1
        && c.parallel.shard.is_none()
        && !c.parts.wanted()
        && c.emit == Emit::Solutions;
    let construct = one && args.n > SEARCHED_UP_TO;
    // A shard or a part is how a long count is cut across machines: the user has chosen it.
    let cut = c.parallel.shard.is_some() || c.parts.wanted();
    if c.emit == Emit::Solutions && !bounded && !construct && !cut {
        if c.count && args.n > COUNTED_UP_TO {
            return Err(CliError::usage(format!(
                "counting {} queens takes longer than anyone waits (beyond {COUNTED_UP_TO} queens, about a minute, each queen more costs some ten times as long): give --timeout or --max-nodes to count part of it, or cut it into shards (--shard K/N)",
                args.n
            )));
        }
        if !c.count && args.n > SEARCHED_UP_TO {
            return Err(CliError::usage(format!(
                "the search for {} queens may not finish (beyond {SEARCHED_UP_TO} queens a first solution can take hours): give --timeout or --max-nodes, or ask for one solution with no search flag (it is constructed at once), or cut it into shards (--shard K/N)",
                args.n
            )));
        }
    }
    solve(c, ctx, || {
        let puzzle = Queens::new(args.n, order).map_err(bad_argument)?;
        let mut extras = Extras::default();
        if construct {
            let solution = puzzle
                .constructed()
                .expect("the construction exists beyond 3 queens");
            puzzle.validate(&solution).map_err(|e| {
                CliError::input(format!("the construction of {} queens: {e}", args.n))
            })?;
            ctx.note(format_args!(
                "constructed, not searched: beyond {SEARCHED_UP_TO} queens the first solution comes from the classical construction (give --timeout or --max-nodes to search)"
            ));
            extras.known = Some(puzzle.options_of(&solution));
        }
        Ok((puzzle, extras))
    })
}

/// The largest board whose first solution the search finds at once (40 queens: a few
/// milliseconds; 50 take seconds and 60 more than minutes); beyond it one solution is
/// constructed, and a longer listing needs a limit.
const SEARCHED_UP_TO: usize = 40;

/// The largest board counted without a limit (16 queens: about a minute).
const COUNTED_UP_TO: usize = 16;

impl Shown for Queens {
    fn data(&self, solution: &QueensSolution) -> Value {
        json!({ "columns": solution.columns })
    }

    /// The queens in colour.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        paint_by_key(picture, paint, |c| (c == 'Q').then_some(0))
    }
}
