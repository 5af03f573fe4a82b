//! `dlxkit langford N`: Langford pairs ([`dlxkit::puzzles::langford`]).

use clap::Args;
use dlxkit::puzzles::langford::{Langford, LangfordSequence};
use serde_json::{json, Value};

use super::{bad_argument, palette, solve, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit langford 3                       2 3 1 2 1 3
  dlxkit langford 7 --count               52 sequences
  dlxkit langford 7 --count --distinct    26: each sequence and its reversal counted once
  dlxkit langford 11 --distinct --limit 3 three sequences for n = 11
  dlxkit langford 4 --emit dlx | dlxkit solve --count

The picture is the sequence of 2N numbers. In JSON, the data of a solution is
{\"sequence\": [...]}. Solutions exist only when N leaves remainder 0 or 3 when divided by 4.

Exit status: 0 if a solution was found, 1 if none, 2 for bad input or usage, 130 if
interrupted by Ctrl-C.";

// Arguments of `dlxkit langford`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct LangfordArgs {
    /// The number of pairs (the sequence uses 1 to N, each twice)
    #[arg(value_name = "N")]
    pub n: usize,

    /// Count (or print) each sequence once, not also its reversal
    ///
    /// The largest odd number keeps only its placements in the left half of the row, as in
    /// Knuth's programs; the count halves.
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit langford`.
pub fn run(args: &LangfordArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || build(args))
}

/// The puzzle and what its run adds: the symmetry line, and the hint when N has none.
fn build(args: &LangfordArgs) -> Result<(Langford, Extras), CliError> {
    let puzzle = Langford::new(args.n, args.distinct).map_err(bad_argument)?;
    let mut extras = Extras::default();
    if let Some(k) = puzzle.restricted() {
        extras.stats.push((
            "symmetry",
            format!("reversal; the pair of {k}s stays in the left half"),
        ));
    }
    if args.n % 4 == 1 || args.n % 4 == 2 {
        extras.none_hint = Some(format!(
            "Langford sequences exist only when N leaves remainder 0 or 3 when divided by 4 ({} leaves {})",
            args.n,
            args.n % 4
        ));
    }
    Ok((puzzle, extras))
}

impl Shown for Langford {
    fn data(&self, sequence: &LangfordSequence) -> Value {
        json!({ "sequence": sequence.0 })
    }

    /// One colour per number.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let mut out = String::with_capacity(picture.len() * 4);
        for line in picture.lines() {
            let words: Vec<String> = line
                .split(' ')
                .map(|w| match w.parse::<usize>() {
                    Ok(v) if v > 0 => paint.style(palette(v - 1), w),
                    _ => w.to_string(),
                })
                .collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
        out
    }
}
