//! `dlxkit polyiamond` and `dlxkit polyhex`: pack pieces on the triangular and the hexagonal
//! grid ([`dlxkit::puzzles::lattice`]).

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::puzzles::lattice::{
    BoardShape, Grid, LatticePacking, LatticeSet, LatticeSpec, LatticeTiling,
};
use dlxkit::puzzles::{polyhex, polyiamond, SymmetryReduction};
use serde_json::{json, Value};

use super::{label_key, paint_by_key, read_file, solve, Extras, PlacedPiece};
use super::{Emit, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const IAMOND_EXAMPLES: &str = "\
Examples:
  dlxkit polyiamond --count                        the hexiamonds in a 6x6 rhombus: 624
  dlxkit polyiamond --count --distinct             156, up to the rhombus' symmetries
  dlxkit polyiamond --format svg > hexiamonds.svg  a picture of the first packing
  dlxkit polyiamond --board hexagon:2 --pieces size:4 --count
  dlxkit polyiamond --spec data/puzzles/hexiamonds-6x6.txt --count
                                                   a specification in Knuth's format
  dlxkit polyiamond --emit dlx | dlxkit solve --count

Boards: WxH (a parallelogram of W by H rhombi, 2WH triangles), hexagon:N, triangle:N.
Piece sets: tetriamonds, pentiamonds, hexiamonds (named A to L), size:N (every
polyiamond of N triangles, N up to 8).

A specification (--spec) is the input of Knuth's POLYIAMOND-DLX: the board's cells on
the first line, then one piece a line, a name and its cells. A triangle pointing up is
`xy`, the one pointing down to its right `xy'`, each coordinate a digit 0-9a-zA-Z or a
set such as [0-5]; `|` starts a comment line.

The text picture lists each piece's cells as x,y (x,y' for a triangle pointing down);
--format svg draws the packing.";

const HEX_EXAMPLES: &str = "\
Examples:
  dlxkit polyhex --count                           the tetrahexes in a 7x4 parallelogram: 18
  dlxkit polyhex --count --distinct                9, up to its symmetries
  dlxkit polyhex --format svg > polyhex.svg        a picture of the first packing
  dlxkit polyhex --emit dlx | dlxkit solve --count

Boards: WxH (a parallelogram of W by H hexagons), hexagon:N, triangle:N.
Piece sets: trihexes, tetrahexes, pentahexes, size:N (every polyhex of N hexagons, N up
to 8). A specification (--spec) is written as for polyiamond, without `'`: hexagon xy
touches x±1 y, x y±1, x+1 y-1 and x-1 y+1.";

// The flags of both grids. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
pub struct LatticeArgs {
    /// The board: WxH (a parallelogram), hexagon:N or triangle:N
    #[arg(long, value_name = "SHAPE", conflicts_with = "spec")]
    pub board: Option<BoardShape>,

    /// The piece set (see below), or size:N for every piece of N cells
    #[arg(long, value_name = "SET", conflicts_with = "spec")]
    pub pieces: Option<String>,

    /// The board and pieces in Knuth's format (`-`: standard input)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub spec: Option<PathBuf>,

    /// Pieces may turn but not flip over
    #[arg(long)]
    pub one_sided: bool,

    /// Count (or print) one packing per class of symmetric packings
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

// Arguments of `dlxkit polyiamond`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = IAMOND_EXAMPLES)]
pub struct PolyiamondArgs {
    #[command(flatten)]
    pub lattice: LatticeArgs,
}

// Arguments of `dlxkit polyhex`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = HEX_EXAMPLES)]
pub struct PolyhexArgs {
    #[command(flatten)]
    pub lattice: LatticeArgs,
}

/// Runs `dlxkit polyiamond`.
pub fn run_polyiamond(args: &PolyiamondArgs, ctx: &Context) -> Result<Exit, CliError> {
    let args = &args.lattice;
    solve(&args.common, ctx, || build(args, Grid::Triangles, ctx))
}

/// Runs `dlxkit polyhex`.
pub fn run_polyhex(args: &PolyhexArgs, ctx: &Context) -> Result<Exit, CliError> {
    let args = &args.lattice;
    solve(&args.common, ctx, || build(args, Grid::Hexagons, ctx))
}

/// The piece set named by `--pieces`.
fn piece_set(name: &str, grid: Grid) -> Result<LatticeSet, CliError> {
    let sized = |n: usize| match grid {
        Grid::Triangles => polyiamond::of_size(n),
        Grid::Hexagons => polyhex::of_size(n),
    };
    let set = match (grid, name) {
        (Grid::Triangles, "tetriamonds") => sized(4),
        (Grid::Triangles, "pentiamonds") => sized(5),
        (Grid::Triangles, "hexiamonds") => sized(6),
        (Grid::Hexagons, "trihexes") => sized(3),
        (Grid::Hexagons, "tetrahexes") => sized(4),
        (Grid::Hexagons, "pentahexes") => sized(5),
        (_, other) => match other.strip_prefix("size:").map(|n| n.parse::<usize>()) {
            Some(Ok(n)) => sized(n),
            _ => {
                let names = match grid {
                    Grid::Triangles => "tetriamonds, pentiamonds, hexiamonds",
                    Grid::Hexagons => "trihexes, tetrahexes, pentahexes",
                };
                return Err(CliError::usage(format!(
                    "`{other}` is not a piece set: give {names} or size:N"
                )));
            }
        },
    };
    set.map_err(super::bad_argument)
}

fn build(
    args: &LatticeArgs,
    grid: Grid,
    ctx: &Context,
) -> Result<(LatticePacking, Extras), CliError> {
    let (board, pieces) = match &args.spec {
        Some(path) => {
            let spec = read_file(path, ctx, |text| LatticeSpec::parse(grid, text))?;
            (spec.board, spec.pieces)
        }
        None => {
            let (shape, set) = match grid {
                Grid::Triangles => (BoardShape::Parallelogram(6, 6), "hexiamonds"),
                Grid::Hexagons => (BoardShape::Parallelogram(7, 4), "tetrahexes"),
            };
            let board = args
                .board
                .unwrap_or(shape)
                .board(grid)
                .map_err(super::bad_argument)?;
            (
                board,
                piece_set(args.pieces.as_deref().unwrap_or(set), grid)?,
            )
        }
    };
    if args.common.emit == Emit::Solutions && board.cells().len() != pieces.cell_count() {
        return Err(CliError::input(format!(
            "the board has {} cells and the pieces {}: no packing can fill it",
            board.cells().len(),
            pieces.cell_count()
        )));
    }
    let symmetry = if args.distinct {
        SymmetryReduction::Auto
    } else {
        SymmetryReduction::None
    };
    let puzzle = LatticePacking::new(&board, &pieces, args.one_sided, &symmetry)
        .map_err(|e| CliError::input(e.to_string()))?;
    let mut extras = Extras::default();
    if let Some(report) = puzzle.symmetry() {
        extras.stats.push(("symmetry", report.to_string()));
    }
    Ok((puzzle, extras))
}

impl Shown for LatticePacking {
    fn data(&self, tiling: &LatticeTiling) -> Value {
        let pieces: Vec<PlacedPiece<(usize, usize, bool)>> = tiling
            .placements
            .iter()
            .map(|p| PlacedPiece {
                piece: self
                    .pieces()
                    .pieces()
                    .get(p.piece)
                    .map_or("?", |q| q.name()),
                cells: p.cells.iter().map(|c| (c.x, c.y, c.down)).collect(),
            })
            .collect();
        json!({ "pieces": pieces })
    }

    /// Each line in the colour of its piece.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let names: Vec<&str> = self.pieces().pieces().iter().map(|p| p.name()).collect();
        let mut out = String::new();
        for line in picture.lines() {
            let name = line.split(':').next().unwrap_or("");
            let k = names.iter().position(|n| *n == name);
            let labels: Vec<char> = Vec::new();
            let painted = paint_by_key(line, paint, |_| k.or_else(|| label_key(&labels, ' ')));
            out.push_str(&painted);
            out.push('\n');
        }
        out
    }
}
