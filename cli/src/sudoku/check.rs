//! `dlxkit sudoku check`: are these filled grids valid solutions? (And, with `--puzzles`,
//! solutions of those puzzles?)

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::sudoku::ops;
use dlxkit::sudoku::parse::{to_line, Puzzle};
use serde::Serialize;

use super::super::output::Output;
use super::super::{CliError, Context, Exit};
use super::batch::{Batch, BatchArgs};
use super::solve::ListFormat;
use super::{read_killers, read_puzzles, GridArgs, InputArgs};

const EXAMPLES: &str = "\
Examples:
  dlxkit sudoku check data/sudoku/sudoku16x16_solutions.txt
  dlxkit sudoku check --puzzles data/sudoku/sudoku16x16_puzzles.txt data/sudoku/sudoku16x16_solutions.txt
  dlxkit sudoku solve puzzles.txt | dlxkit sudoku check --puzzles puzzles.txt
  dlxkit sudoku check --variant killer --puzzles data/sudoku/killer.txt data/sudoku/killer_solutions.txt

Output: one line per grid, in input order: `valid`, or `invalid: ` and the first reason
found (a blank cell, a digit twice in a unit naming both cells, a given of the puzzle not
kept, a killer cage with the wrong sum or a digit twice). With --variant killer, --puzzles
holds the killer puzzles (cages and sums, in the format of `dlxkit sudoku solve --help`)
and the grids are plain solution grids. `jsonl` prints one object per grid: \"index\", \"line\", \"grid\", \"valid\" and
\"reason\" (or null).

Exit status: 0 if every grid is valid, 1 if some grid is invalid, 2 for bad input or
usage.";

// Arguments of `dlxkit sudoku check`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// The puzzles the grids should solve, in the same order: each grid must keep its
    /// puzzle's givens
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub puzzles: Option<PathBuf>,

    /// Output format
    #[arg(short, long, value_enum, default_value_t, value_name = "FORMAT")]
    pub format: ListFormat,
}

/// One line of `--format jsonl`.
#[derive(Serialize)]
struct Record<'a> {
    index: usize,
    line: usize,
    grid: String,
    valid: bool,
    reason: Option<&'a str>,
}

/// Runs `dlxkit sudoku check`.
pub fn run(args: &CheckArgs, ctx: &Context) -> Result<Exit, CliError> {
    let killer = args.input.grid.is_killer();
    if killer && args.puzzles.is_none() {
        return Err(CliError::usage(
            "check --variant killer needs --puzzles FILE: the killer puzzles, whose cages the \
             grids must fill",
        ));
    }
    // The grids themselves are plain grids, under killer cages too.
    let plain = InputArgs {
        grid: GridArgs {
            variant: args.input.grid.variant.filter(|_| !killer),
            ..args.input.grid.clone()
        },
        ..args.input.clone()
    };
    let grids = read_puzzles(&plain, ctx, false)?;
    let puzzles = match &args.puzzles {
        None => None,
        Some(path) => {
            let input = InputArgs {
                file: Some(path.clone()),
                ..args.input.clone()
            };
            let puzzles = match killer {
                true => read_killers(&input, ctx)?,
                false => read_puzzles(&input, ctx, false)?,
            };
            if puzzles.list.len() != grids.list.len() {
                return Err(CliError::input(format!(
                    "{} has {} puzzles but {} has {} grids: give one grid per puzzle",
                    puzzles.name,
                    puzzles.list.len(),
                    grids.name,
                    grids.list.len()
                )));
            }
            Some(puzzles)
        }
    };
    let batch_args = BatchArgs {
        max_nodes: None,
        timeout: None,
        jobs: 1,
    };
    let batch = Batch::new(&batch_args, grids.list.len(), "grids", ctx)?;
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let mut invalid = 0;
    let indexes: Vec<usize> = (0..grids.list.len()).collect();
    let done = batch.run(
        &mut out,
        &indexes,
        || (),
        |_, &i| {
            let reason = match &puzzles {
                Some(p) if killer => p.killers[i].check(&grids.list[i].grid).err(),
                Some(p) => verdict(&grids.list[i], Some(&p.list[i])),
                None => verdict(&grids.list[i], None),
            };
            Some(reason)
        },
        |out, i, reason: Option<String>| {
            invalid += u64::from(reason.is_some());
            let grid = &grids.list[i];
            match args.format {
                ListFormat::Text => match &reason {
                    None => out.line("valid")?,
                    Some(reason) => out.line(&format!("invalid: {reason}"))?,
                },
                ListFormat::Jsonl => out.json_line(&Record {
                    index: i + 1,
                    line: grid.line,
                    grid: to_line(&grid.grid),
                    valid: reason.is_none(),
                    reason: reason.as_deref(),
                })?,
            }
            out.end_record()
        },
    )?;
    out.flush()?;
    let counts = format!("{} valid, {invalid} invalid", done as u64 - invalid);
    batch.summary("grids", done, &counts, &[], false);
    Ok(batch.exit(done, invalid))
}

/// Why `grid` is not a valid solution (of `puzzle`, if given), or `None` if it is one.
fn verdict(grid: &Puzzle, puzzle: Option<&Puzzle>) -> Option<String> {
    if let Err(e) = ops::validate(&grid.grid) {
        return Some(e.to_string());
    }
    let puzzle = puzzle?;
    let given = puzzle
        .grid
        .cells()
        .iter()
        .zip(grid.grid.cells())
        .position(|(&p, &g)| p != 0 && p != g);
    if let Some(given) = given {
        return Some(format!(
            "{} holds {} but the puzzle (line {}) gives {}",
            grid.grid.cell_name(given),
            grid.grid.cells()[given],
            puzzle.line,
            puzzle.grid.cells()[given]
        ));
    }
    // Pencil marks: each digit must be one of its cell's candidates.
    let marks = puzzle.candidates.as_ref()?;
    let cell =
        (0..grid.grid.cells().len()).find(|&c| !marks.get(c).contains(grid.grid.cells()[c]))?;
    Some(format!(
        "{} holds {} but the puzzle (line {}) allows only {}",
        grid.grid.cell_name(cell),
        grid.grid.cells()[cell],
        puzzle.line,
        marks.get(cell)
    ))
}
