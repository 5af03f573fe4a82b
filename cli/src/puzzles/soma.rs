//! `dlxkit soma`: Piet Hein's Soma cube ([`dlxkit::puzzles::polycube`]).

use clap::Args;
use dlxkit::puzzles::polycube::{self, Packing, PolycubePacking};
use serde_json::{json, Value};

use super::{bad_argument, label_key, paint_by_key, solve, Extras, PlacedPiece, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit soma                          a way to build the 3x3x3 cube
  dlxkit soma --count                  11,520 ways
  dlxkit soma --count --distinct       240, up to the 48 symmetries of the cube
  dlxkit soma --emit dlx > soma.dlx    the exact cover problem in Knuth's format

The pieces are V (three cubes) and L T Z A B P (four cubes). The picture shows the three
layers z = 0, 1, 2 side by side, each with y going down and x across, every cube labelled
with its piece's letter (coloured per piece on a terminal). In JSON, the data of a solution
is {\"pieces\": [{\"piece\": \"V\", \"cells\": [[x, y, z], ...]}, ...]}.

Exit status: 0 if a solution was found, 1 if none, 2 for bad input or usage, 130 if
interrupted by Ctrl-C.";

/// Arguments of `dlxkit soma`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct SomaArgs {
    /// Count (or print) one solution per class of rotations and reflections of the cube
    ///
    /// A piece is restricted to one position per class of its positions (the statistics
    /// say which), so each of the 240 classes is found once.
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit soma`.
pub fn run(args: &SomaArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || {
        let puzzle = polycube::soma(args.distinct).map_err(bad_argument)?;
        let mut extras = Extras::default();
        if let Some(report) = puzzle.symmetry() {
            extras.stats.push(("symmetry", report.to_string()));
        }
        Ok((puzzle, extras))
    })
}

impl Shown for PolycubePacking {
    fn data(&self, packing: &Packing) -> Value {
        let pieces: Vec<PlacedPiece<[usize; 3]>> = packing
            .placements
            .iter()
            .map(|p| PlacedPiece {
                piece: self
                    .pieces()
                    .pieces()
                    .get(p.piece)
                    .map_or("?", |q| q.name()),
                cells: p.cells.iter().map(|&(x, y, z)| [x, y, z]).collect(),
            })
            .collect();
        json!({ "pieces": pieces })
    }

    /// One colour per piece.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let labels: Vec<char> = self.pieces().pieces().iter().map(|q| q.label()).collect();
        paint_by_key(picture, paint, |c| label_key(&labels, c))
    }
}
