//! `--format svg` and `--svg DIR`: the pictures of a puzzle's solutions as SVG, drawn by the
//! library ([`dlxkit::puzzles::Puzzle::draw`]).
//!
//! With `--format svg` the solutions found are laid out in one SVG document on standard
//! output, written when the search ends (so the document is whole even when a limit or
//! Ctrl-C stops the search). With `--svg DIR` each solution is also written to
//! `DIR/solution-0001.svg`, `DIR/solution-0002.svg`, ..., whatever the format.

use std::fs;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use dlxkit::svg::Svg;

use super::Format;
use crate::output::Output;
use crate::CliError;

/// The output formats of the puzzle subcommands: those of the other subcommands, and SVG.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// Each solution as a text picture.
    #[default]
    Text,
    /// One JSON object at the end.
    Json,
    /// One JSON line per solution, then a summary line.
    Jsonl,
    /// One SVG document with the pictures of the solutions found.
    Svg,
}

impl PuzzleFormat {
    /// The format of everything but the pictures (SVG prints counts and notes as text does).
    pub fn base(self) -> Format {
        match self {
            PuzzleFormat::Text | PuzzleFormat::Svg => Format::Text,
            PuzzleFormat::Json => Format::Json,
            PuzzleFormat::Jsonl => Format::Jsonl,
        }
    }
}

/// The pictures asked for: kept for standard output, written to a folder, or neither.
pub struct Pictures {
    to_stdout: bool,
    dir: Option<PathBuf>,
    kept: Vec<Svg>,
}

/// How many pictures fit in a row of the `--format svg` document.
const COLUMNS: usize = 4;

impl Pictures {
    /// What `--format` and `--svg` ask for; the folder is made here, so a folder that cannot
    /// be made is an error before any search.
    pub fn new(format: PuzzleFormat, dir: Option<&Path>) -> Result<Pictures, CliError> {
        if let Some(dir) = dir {
            fs::create_dir_all(dir).map_err(|e| {
                CliError::input(format!("cannot make the folder {}: {e}", dir.display()))
            })?;
        }
        Ok(Pictures {
            to_stdout: format == PuzzleFormat::Svg,
            dir: dir.map(Path::to_path_buf),
            kept: Vec::new(),
        })
    }

    /// Whether the pictures go to standard output (in place of the text pictures).
    pub fn to_stdout(&self) -> bool {
        self.to_stdout
    }

    /// Whether any picture is wanted (so solutions must be drawn).
    pub fn wanted(&self) -> bool {
        self.to_stdout || self.dir.is_some()
    }

    /// Takes the picture of solution number `index` (from 1); `None` is a puzzle that has no
    /// pictures.
    pub fn add(&mut self, index: u64, picture: Option<Svg>) -> Result<(), CliError> {
        let Some(picture) = picture else {
            return Err(CliError::usage(
                "this puzzle's solutions have no picture: --format svg and --svg are for the puzzles drawn on a board",
            ));
        };
        if let Some(dir) = &self.dir {
            let path = dir.join(format!("solution-{index:04}.svg"));
            fs::write(&path, picture.to_string())
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
        }
        if self.to_stdout {
            self.kept.push(picture);
        }
        Ok(())
    }

    /// Writes the `--format svg` document (nothing when no solution was found).
    pub fn finish(&mut self, out: &mut Output) -> Result<(), CliError> {
        if !self.to_stdout || self.kept.is_empty() {
            return Ok(());
        }
        let document = if self.kept.len() == 1 {
            self.kept.remove(0)
        } else {
            Svg::grid(&self.kept, COLUMNS, 12.0)
        };
        self.kept.clear();
        out.write_str(&document.to_string())
    }
}
