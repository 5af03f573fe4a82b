//! `dlxkit soma`: Piet Hein's Soma cube ([`dlxkit::puzzles::polycube`]).

use clap::{Args, ValueEnum};
use dlxkit::puzzles::polycube::{self, CubeView, Packing, PolycubePacking};
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
  dlxkit soma --format svg --view isometric > soma.svg
                                       the cube drawn in isometric projection

The pieces are V (three cubes) and L T Z A B P (four cubes). The picture shows the three
layers z = 0, 1, 2 side by side, each with y going down and x across, every cube labelled
with its piece's letter (coloured per piece on a terminal). --format svg draws the layers
the same way, or with --view isometric the cube seen from above and in front and, beside
it, each layer as a slab of its own, so that every cube shows its top. In JSON, the data of a solution
is {\"pieces\": [{\"piece\": \"V\", \"cells\": [[x, y, z], ...]}, ...]}.

Exit status: 0 if a solution was found, 1 if none, 2 for bad input or usage, 130 if
interrupted by Ctrl-C.";

// Arguments of `dlxkit soma`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct SomaArgs {
    /// Count (or print) one solution per class of rotations and reflections of the cube
    ///
    /// A piece is restricted to one position per class of its positions (the statistics
    /// say which), so each of the 240 classes is found once.
    #[arg(long)]
    pub distinct: bool,

    /// How --format svg and --svg draw a solution: the layers side by side, or isometric
    #[arg(long, value_enum, default_value_t, value_name = "VIEW")]
    pub view: View,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// The pictures of `--view`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum View {
    /// The layers z = 0, 1, 2 side by side, seen from above
    #[default]
    Layers,
    /// The cube in isometric projection, and its layers as slabs
    Isometric,
}

/// Runs `dlxkit soma`.
pub fn run(args: &SomaArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || {
        let view = match args.view {
            View::Layers => CubeView::Layers,
            View::Isometric => CubeView::Isometric,
        };
        let puzzle = polycube::soma(args.distinct)
            .map_err(bad_argument)?
            .with_view(view);
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
