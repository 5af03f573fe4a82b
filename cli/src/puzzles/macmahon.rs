//! `dlxkit macmahon`: MacMahon's coloured triangles ([`dlxkit::puzzles::macmahon`]).

use clap::Args;
use dlxkit::puzzles::lattice::{BoardShape, Grid};
use dlxkit::puzzles::macmahon::{MacMahonTriangles, TriangleSymmetry, TriangleTiling, MAX_COLOURS};
use serde_json::{json, Value};

use super::{paint_by_key, solve, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit macmahon --format svg > macmahon.svg      the 24 triangles in a hexagon, border a
  dlxkit macmahon --doubled '00 00+ 10 10+ 20 20+' --limit 3
                                                   a doubled hexiamond, as Knuth's program
  dlxkit macmahon --colours 3 --board 11x1 --border none --count
  dlxkit macmahon --emit dlx | dlxkit solve --limit 1
  dlxkit macmahon --board triangle:3 --colours 3 --border none --count --distinct --rename-colours

Each piece is a triangle with a colour (a, b, c, ...) on each edge, one of each up to
turning: 24 for four colours. Pieces turn but do not flip; two triangles that share an edge
give it the same colour, and every edge on the border has the --border colour. The board
is a shape of the triangular grid (as for polyiamond), or --doubled: Knuth's
MACMAHON-TRIANGLES-DLX argument list, triangles xy (pointing up) and xy+ (down) of a board
drawn twice as large. The text picture lists each triangle (xy or xy') and its colours
clockwise from the horizontal edge.

--distinct keeps one solution of each class that the board's turns and reflections (and,
with --rename-colours, the renamings of the colours other than the border's) map to each
other: the one whose edge colours, read in the order of the edges' names, come first. It
filters the solutions as the search lists them, so it takes --jobs but not --shard or
--memo.";

// Arguments of `dlxkit macmahon`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct MacMahonArgs {
    /// The board: WxH (a parallelogram), hexagon:N or triangle:N [default: hexagon:2]
    #[arg(long, value_name = "SHAPE", conflicts_with = "doubled")]
    pub board: Option<BoardShape>,

    /// The board as Knuth's program takes it: triangles `xy` and `xy+` drawn twice as large
    #[arg(long, value_name = "TRIANGLES")]
    pub doubled: Option<String>,

    /// The number of colours (1 to 6; 24 pieces for 4)
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub colours: usize,

    /// The colour of every border edge (a, b, ...), or `none`
    #[arg(long, value_name = "COLOUR", default_value = "a")]
    pub border: String,

    /// Count (or print) one solution per class of solutions that the board's turns and
    /// reflections map to each other
    #[arg(long)]
    pub distinct: bool,

    /// With --distinct, also count solutions that differ by a renaming of the colours once
    /// (the border's colour keeps its name)
    #[arg(long, requires = "distinct")]
    pub rename_colours: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit macmahon`.
pub fn run(args: &MacMahonArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || build(args))
}

/// Reads Knuth's doubled-board arguments: words `xy` or `xy+`, digits 0-9.
fn doubled(text: &str) -> Result<Vec<(usize, usize, bool)>, CliError> {
    text.split_whitespace()
        .map(|word| {
            let chars: Vec<char> = word.chars().collect();
            let d = |c: char| c.to_digit(10).map(|v| v as usize);
            match chars[..] {
                [x, y] | [x, y, '+'] if d(x).is_some() && d(y).is_some() => {
                    Ok((d(x).unwrap_or(0), d(y).unwrap_or(0), chars.len() == 3))
                }
                _ => Err(CliError::usage(format!(
                    "--doubled: `{word}` is not a triangle (write xy or xy+, x and y digits)"
                ))),
            }
        })
        .collect()
}

fn build(args: &MacMahonArgs) -> Result<(MacMahonTriangles, Extras), CliError> {
    if !(1..=MAX_COLOURS).contains(&args.colours) {
        return Err(CliError::usage(format!(
            "--colours {}: give 1 to {MAX_COLOURS}",
            args.colours
        )));
    }
    let border = match args.border.as_str() {
        "none" => None,
        b => match b.as_bytes() {
            [c @ b'a'..=b'z'] if usize::from(c - b'a') < args.colours => Some(c - b'a'),
            _ => {
                return Err(CliError::usage(format!(
                    "--border {b}: give one of the {} colours (a, b, ...) or none",
                    args.colours
                )))
            }
        },
    };
    let board = match &args.doubled {
        Some(text) => MacMahonTriangles::doubled(&doubled(text)?),
        None => args
            .board
            .unwrap_or(BoardShape::Hexagon(2))
            .board(Grid::Triangles),
    }
    .map_err(super::bad_argument)?;
    let mut puzzle = MacMahonTriangles::new(&board, args.colours, border)
        .map_err(|e| CliError::input(e.to_string()))?;
    let mut extras = Extras::default();
    if args.distinct {
        let symmetry = if args.rename_colours {
            TriangleSymmetry::BoardAndColours
        } else {
            TriangleSymmetry::Board
        };
        puzzle = puzzle.distinct(symmetry);
        extras.stats.push((
            "symmetry",
            format!(
                "{} symmetries; each class counted once",
                puzzle.symmetry_count()
            ),
        ));
    }
    if board.cells().len() != puzzle.pieces().len() {
        extras.none_hint = Some(format!(
            "the board has {} triangles and there are {} pieces",
            board.cells().len(),
            puzzle.pieces().len()
        ));
    }
    Ok((puzzle, extras))
}

impl Shown for MacMahonTriangles {
    fn data(&self, tiling: &TriangleTiling) -> Value {
        let pieces: Vec<Value> = tiling
            .placements
            .iter()
            .map(|p| {
                json!({
                    "piece": self.piece_name(p.piece),
                    "cell": [p.cell.x, p.cell.y, p.cell.down],
                    "colours": p.colours.iter().map(|&c| ((b'a' + c) as char).to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
        json!({ "pieces": pieces })
    }

    /// Each line in the colour of its first edge.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let mut out = String::new();
        for line in picture.lines() {
            let key = line
                .split(' ')
                .nth(1)
                .and_then(|c| c.bytes().next())
                .map(|c| usize::from(c.wrapping_sub(b'a')));
            out.push_str(&paint_by_key(line, paint, |_| key));
            out.push('\n');
        }
        out
    }
}
