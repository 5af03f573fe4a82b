//! `dlxkit polyomino`: pack a board with flat pieces ([`dlxkit::puzzles::polyomino`]).

use std::path::{Path, PathBuf};

use clap::{Args, ValueHint};
use dlxkit::puzzles::polyomino::{Board, PolyominoOptions, PolyominoPacking, PolyominoSet, Tiling};
use dlxkit::puzzles::SymmetryReduction;
use serde_json::{json, Value};

use super::{label_key, paint_by_key, parse_size, read_file, solve, Extras, PlacedPiece};
use super::{Emit, PuzzleArgs, Shown, Size};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit polyomino                                 the pentominoes in a 6x10 box
  dlxkit polyomino --board 3x20 --count            8 packings
  dlxkit polyomino --board 3x20 --count --distinct 2, up to the rectangle's symmetries
  dlxkit polyomino --board-file data/puzzles/scott-8x8.txt
                                                   Dana Scott's 8x8 square with a hole
  dlxkit polyomino --board 4x5 --pieces tetrominoes
                                                   no solution (exit 1)
  dlxkit polyomino --board 2x4 --pieces dominoes --limit 5
  dlxkit polyomino --board 3x20 --emit dlx | dlxkit solve --count
  dlxkit polyomino --board 8x8 --pieces mono-domino-tromino --count --memo --memo-order first
                                                   9.2 x 10^22 tilings, counted exactly

Piece sets: `pentominoes` (F I L N P T U V W X Y Z), `tetrominoes` (I O T S L, free),
`one-sided-tetrominoes` (I O T S Z L J, for --one-sided), `dominoes` (one domino, used
any number of times), `mono-domino-tromino` (the monomino, the domino and the two
trominoes, each any number of times), or a FILE (a name that is not one of these, or
./pentominoes).

A piece-set file lists pieces, each a name line (`F:`, or `D: unlimited` for a piece
used any number of times) and its drawing; a board file is a drawing. In drawings a space
or `.` is empty and any other character is a cell; `|` starts a comment line in piece
sets. data/puzzles/pentominoes.txt is an example.

  | the L tromino          ########
  L:                       ###..###
  #.                       ########
  ##

The picture draws each piece with its letter (the first character of its name; copies of
an unlimited piece get lower-case letters that differ from their neighbours), and `.` for
the holes of the board. In JSON, the data of a solution is
{\"pieces\": [{\"piece\": \"F\", \"cells\": [[row, column], ...]}, ...]}.

Exit status: 0 if a packing was found, 1 if none, 2 for bad input or usage (a malformed
file is reported with its file, line and column), 130 if interrupted by Ctrl-C.";

// Arguments of `dlxkit polyomino`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct PolyominoArgs {
    /// A rectangular board: ROWSxCOLUMNS
    #[arg(long, value_name = "RxC", value_parser = parse_size, default_value = "6x10",
          conflicts_with = "board_file")]
    pub board: Size,

    /// A board drawn in a file (`-`: standard input)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub board_file: Option<PathBuf>,

    /// The pieces: pentominoes, tetrominoes, one-sided-tetrominoes, dominoes, mono-domino-tromino or a FILE
    #[arg(long, value_name = "SET", default_value = "pentominoes")]
    pub pieces: String,

    /// Pieces may turn but not flip over
    #[arg(long)]
    pub one_sided: bool,

    /// Count (or print) one packing per class of symmetric packings
    ///
    /// One piece is restricted to one placement per class of its placements under the
    /// board's symmetries (the statistics say which); exact, even for symmetric placements.
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// The piece set named by `--pieces`: a built-in set or a file.
fn piece_set(name: &str, ctx: &Context) -> Result<PolyominoSet, CliError> {
    Ok(match name {
        "pentominoes" => PolyominoSet::pentominoes(),
        "tetrominoes" => PolyominoSet::tetrominoes(),
        "one-sided-tetrominoes" => PolyominoSet::one_sided_tetrominoes(),
        "dominoes" => PolyominoSet::dominoes(),
        "mono-domino-tromino" => PolyominoSet::mono_domino_tromino(),
        file if Path::new(file).exists() || file == "-" => {
            read_file(Path::new(file), ctx, PolyominoSet::parse)?
        }
        other => {
            return Err(CliError::usage(format!(
                "`{other}` is neither a piece set (pentominoes, tetrominoes, one-sided-tetrominoes, dominoes, mono-domino-tromino) nor a file"
            )))
        }
    })
}

/// Runs `dlxkit polyomino`.
pub fn run(args: &PolyominoArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || build(args, ctx))
}

/// Reads the board and the pieces, checks that their areas agree, and builds the packing.
fn build(args: &PolyominoArgs, ctx: &Context) -> Result<(PolyominoPacking, Extras), CliError> {
    let board = match &args.board_file {
        Some(path) => read_file(path, ctx, Board::parse)?,
        None => Board::rectangle(args.board.rows, args.board.cols).map_err(super::bad_argument)?,
    };
    let pieces = piece_set(&args.pieces, ctx)?;
    // Every cell is covered once: when the areas cannot agree, the search could only fail,
    // after trying every packing of the pieces, and building the problem alone may take
    // long. (The problem can still be written out.)
    if args.common.emit == Emit::Solutions {
        check_area(board.cells().len(), &pieces)?;
    }
    let options = PolyominoOptions {
        one_sided: args.one_sided,
        symmetry: if args.distinct {
            SymmetryReduction::Auto
        } else {
            SymmetryReduction::None
        },
    };
    let puzzle = PolyominoPacking::new(&board, &pieces, &options)
        .map_err(|e| CliError::input(e.to_string()))?;
    let mut extras = Extras::default();
    if let Some(report) = puzzle.symmetry() {
        extras.stats.push(("symmetry", report.to_string()));
    }
    Ok((puzzle, extras))
}

/// The error for a board of `cells` cells that the pieces cannot cover by area alone.
fn check_area(cells: usize, pieces: &PolyominoSet) -> Result<(), CliError> {
    if pieces.fills_area(cells) {
        return Ok(());
    }
    let fixed = pieces.fixed_cell_count();
    let unlimited: Vec<String> = pieces
        .pieces()
        .iter()
        .filter(|p| p.is_unlimited())
        .map(|p| format!("{}: {}", p.name(), counted(p.cells().len())))
        .collect();
    let none = "no packing can fill it";
    let message = if unlimited.is_empty() {
        let hint = "draw a board with holes in a file, as data/puzzles/scott-8x8.txt, and give it with --board-file";
        return Err(CliError::input(format!(
            "the board has {cells} cells and the pieces {fixed}: {none}"
        ))
        .with_hint(hint));
    } else if cells < fixed {
        format!("the board has {cells} cells and the pieces used once {fixed}: {none}")
    } else if fixed == 0 {
        format!(
            "the board has {cells} cells, and no number of copies of the unlimited pieces ({}) makes up {cells}: {none}",
            unlimited.join(", ")
        )
    } else {
        format!(
            "the board has {cells} cells: the pieces used once cover {fixed}, and no number of copies of the unlimited pieces ({}) makes up the other {}: {none}",
            unlimited.join(", "),
            cells - fixed
        )
    };
    Err(CliError::input(message))
}

/// `1 cell`, `2 cells`.
fn counted(n: usize) -> String {
    format!("{n} cell{}", if n == 1 { "" } else { "s" })
}

impl Shown for PolyominoPacking {
    fn data(&self, tiling: &Tiling) -> Value {
        let pieces: Vec<PlacedPiece<[usize; 2]>> = tiling
            .placements
            .iter()
            .map(|p| PlacedPiece {
                piece: self
                    .pieces()
                    .pieces()
                    .get(p.piece)
                    .map_or("?", |q| q.name()),
                cells: p.cells.iter().map(|&(r, c)| [r, c]).collect(),
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
