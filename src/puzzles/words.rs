//! Word rectangles: an `m`×`n` array of letters whose rows are `n`-letter words and whose
//! columns are `m`-letter words of a word list.
//!
//! The encoding is that of Knuth's `WORD-RECT-DLX`, item for item: a primary item per row
//! (`R0`, `R1`, ...) and per column (`C0`, ...), a secondary item per cell (`ij`, row and
//! column in hexadecimal) whose colour is the cell's letter; each `m`-letter word gives an
//! option per column (`Cj 0j:w 1j:o ...`) and each `n`-letter word an option per row. The
//! colours make a row and a column agree on the letter where they cross. As in Knuth's
//! program, a word may appear more than once in a rectangle.
//!
//! The bundled list, [`WordList::enable`], is the public-domain ENABLE list's words of two
//! to five letters (see data/words/SOURCES.md).

use std::collections::HashSet;
use std::str::FromStr;

use super::picture::{self, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::Svg;
use crate::xc::{Entry, OptionId, Problem};

/// The most rows or columns (cells are named by one hexadecimal digit each, as Knuth's
/// program names them).
pub const MAX_SIDE: usize = 16;

/// The bundled list (ENABLE, words of 2 to 5 letters, in its alphabetical order).
const ENABLE: &str = include_str!("../../data/words/enable-2-5.txt");

/// A list of words, in the order given: one word a line, ASCII letters, read in lower case.
///
/// ```
/// use dlxkit::puzzles::words::WordList;
/// let list: WordList = "tab\nAce\n\nbee\n".parse()?;
/// assert_eq!(list.len(), 3);
/// assert_eq!(list.of_length(3, Some(2)), ["tab", "ace"]);
/// assert!("ta b\n".parse::<WordList>().is_err());
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordList {
    words: Vec<String>,
}

impl WordList {
    /// The bundled list: the ENABLE word list's 13,607 words of two to five letters.
    ///
    /// ```
    /// use dlxkit::puzzles::words::WordList;
    /// let list = WordList::enable();
    /// assert_eq!(list.of_length(3, None).len(), 972);
    /// ```
    pub fn enable() -> WordList {
        // The file is checked by this module's tests; a broken copy gives an empty list.
        ENABLE.parse().unwrap_or(WordList { words: Vec::new() })
    }

    /// How many words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there is no word.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words of `length` letters in the list's order, only the first `first` of them if
    /// given (Knuth's `file:N`).
    pub fn of_length(&self, length: usize, first: Option<usize>) -> Vec<&str> {
        self.words
            .iter()
            .filter(|w| w.len() == length)
            .take(first.unwrap_or(usize::MAX))
            .map(String::as_str)
            .collect()
    }
}

impl FromStr for WordList {
    type Err = PuzzleError;

    /// Reads one word a line; blank lines are skipped. A character other than a letter, or a
    /// word given twice, is an error naming its line and column.
    fn from_str(text: &str) -> Result<WordList, PuzzleError> {
        let mut words = Vec::new();
        let mut seen = HashSet::new();
        for (l, line) in text.lines().enumerate() {
            let word = line.trim_end();
            if word.is_empty() {
                continue;
            }
            if let Some((c, ch)) = word
                .chars()
                .enumerate()
                .find(|(_, ch)| !ch.is_ascii_alphabetic())
            {
                return Err(PuzzleError::Parse {
                    line: l + 1,
                    column: c + 1,
                    message: format!("`{ch}` in `{word}`: a word is made of letters a-z"),
                });
            }
            let word = word.to_ascii_lowercase();
            if !seen.insert(word.clone()) {
                return Err(PuzzleError::Parse {
                    line: l + 1,
                    column: 1,
                    message: format!("`{word}` is listed twice"),
                });
            }
            words.push(word);
        }
        Ok(WordList { words })
    }
}

/// What an option says: a word in a row or in a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Row `i` holds row word `w`.
    Row(usize, usize),
    /// Column `j` holds column word `w`.
    Column(usize, usize),
}

/// A filled rectangle: its rows, top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordGrid {
    /// Each row's word.
    pub rows: Vec<String>,
}

impl WordGrid {
    /// The word read down column `j`.
    ///
    /// ```
    /// use dlxkit::puzzles::words::WordGrid;
    /// let g = WordGrid { rows: vec!["ab".into(), "cd".into()] };
    /// assert_eq!(g.column(1), "bd");
    /// ```
    pub fn column(&self, j: usize) -> String {
        self.rows
            .iter()
            .filter_map(|r| r.as_bytes().get(j).map(|&b| b as char))
            .collect()
    }
}

/// The word rectangle problem for a size and a word list.
#[derive(Clone, Debug)]
pub struct WordRectangle {
    rows: usize,
    cols: usize,
    /// The `cols`-letter words that rows may hold.
    row_words: Vec<String>,
    /// The `rows`-letter words that columns may hold.
    column_words: Vec<String>,
    problem: Problem,
    lines: Vec<Line>,
    /// Count a square and its transpose once.
    distinct: bool,
}

impl WordRectangle {
    /// The `rows`×`cols` rectangles whose rows and columns are words of `list` (only the
    /// first `first` words of each length if given).
    ///
    /// ```
    /// use dlxkit::puzzles::words::{WordList, WordRectangle};
    /// use dlxkit::puzzles::Puzzle;
    /// let list: WordList = "at\nto\nta\non\nno\n".parse()?;
    /// // at/to, at/ta, to/on, ta/at, on/no and no/on: rows and columns are words.
    /// let square = WordRectangle::new(2, 2, &list, None)?;
    /// assert_eq!(square.count(), 6);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        list: &WordList,
        first: Option<usize>,
    ) -> Result<WordRectangle, PuzzleError> {
        for (what, value) in [
            ("the number of rows", rows),
            ("the number of columns", cols),
        ] {
            if value == 0 {
                return Err(PuzzleError::TooSmall {
                    what,
                    value,
                    min: 1,
                });
            }
            if value > MAX_SIDE {
                return Err(PuzzleError::TooLarge {
                    what,
                    value,
                    max: MAX_SIDE,
                });
            }
        }
        let column_words: Vec<String> = list
            .of_length(rows, first)
            .into_iter()
            .map(String::from)
            .collect();
        let row_words: Vec<String> = list
            .of_length(cols, first)
            .into_iter()
            .map(String::from)
            .collect();
        for (length, words) in [(rows, &column_words), (cols, &row_words)] {
            if words.is_empty() {
                return Err(PuzzleError::Empty {
                    what: format!("the list of {length}-letter words"),
                });
            }
        }
        let mut b = Problem::builder();
        let row_items = b.primaries((0..rows).map(|i| format!("R{i:x}")))?;
        let column_items = b.primaries((0..cols).map(|j| format!("C{j:x}")))?;
        let cells =
            b.secondaries((0..rows).flat_map(|i| (0..cols).map(move |j| format!("{i:x}{j:x}"))))?;
        let mut letters = Vec::new();
        for c in b'a'..=b'z' {
            letters.push(b.color(&(c as char).to_string()));
        }
        let letter = |c: u8| letters[usize::from(c - b'a')];
        let mut lines = Vec::new();
        // Knuth's order: the column words first, each in every column; then the row words.
        for (w, word) in column_words.iter().enumerate() {
            for (j, &item) in column_items.iter().enumerate() {
                let mut entries: Vec<Entry> = vec![item.into()];
                for (i, &c) in word.as_bytes().iter().enumerate() {
                    entries.push(Entry::colored(cells[i * cols + j], letter(c)));
                }
                b.option(entries)?;
                lines.push(Line::Column(j, w));
            }
        }
        for (w, word) in row_words.iter().enumerate() {
            for (i, &item) in row_items.iter().enumerate() {
                let mut entries: Vec<Entry> = vec![item.into()];
                for (j, &c) in word.as_bytes().iter().enumerate() {
                    entries.push(Entry::colored(cells[i * cols + j], letter(c)));
                }
                b.option(entries)?;
                lines.push(Line::Row(i, w));
            }
        }
        Ok(WordRectangle {
            rows,
            cols,
            row_words,
            column_words,
            problem: b.build()?,
            lines,
            distinct: false,
        })
    }

    /// The same square counting a square and its transpose (its columns read as rows) once:
    /// of the two, the one whose rows come first in alphabetical order is kept
    /// ([`Puzzle::is_representative`]). A rectangle that is not square has no transpose of
    /// its own size, so that is an error.
    ///
    /// ```
    /// use dlxkit::puzzles::words::{WordList, WordRectangle};
    /// use dlxkit::puzzles::Puzzle;
    /// let list: WordList = "an\nat\nno\nto\n".parse()?;
    /// // an/no, an/to, at/no and at/to; an/to and at/no are each other's transposes.
    /// assert_eq!(WordRectangle::new(2, 2, &list, None)?.count(), 4);
    /// assert_eq!(WordRectangle::new(2, 2, &list, None)?.distinct()?.count(), 3);
    /// let list: WordList = "at\nto\nant\n".parse()?;
    /// assert!(WordRectangle::new(2, 3, &list, None)?.distinct().is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn distinct(mut self) -> Result<WordRectangle, PuzzleError> {
        if self.rows != self.cols {
            return Err(PuzzleError::Symmetry {
                reason: format!(
                    "a {}x{} rectangle is not square: its transpose is {}x{}",
                    self.rows, self.cols, self.cols, self.rows
                ),
            });
        }
        self.distinct = true;
        Ok(self)
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The words a row may hold (of [`WordRectangle::cols`] letters), in the list's order.
    pub fn row_words(&self) -> &[String] {
        &self.row_words
    }

    /// The words a column may hold (of [`WordRectangle::rows`] letters).
    pub fn column_words(&self) -> &[String] {
        &self.column_words
    }
}

impl Puzzle for WordRectangle {
    type Solution = WordGrid;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        Some(match *self.lines.get(option.index())? {
            Line::Row(i, w) => format!("row {i} reads {}", self.row_words[w]),
            Line::Column(j, w) => format!("column {j} reads {}", self.column_words[w]),
        })
    }

    /// The rows of the rectangle, from the row options chosen.
    fn decode(&self, options: &[OptionId]) -> Result<WordGrid, InvalidSolution> {
        let mut rows: Vec<Option<String>> = vec![None; self.rows];
        for &o in options {
            match self.lines.get(o.index()) {
                Some(&Line::Row(i, w)) => rows[i] = Some(self.row_words[w].clone()),
                Some(Line::Column(..)) => {}
                None => return Err(InvalidSolution(format!("no option {}", o.index()))),
            }
        }
        let rows = rows
            .into_iter()
            .enumerate()
            .map(|(i, r)| r.ok_or_else(|| InvalidSolution(format!("row {i} has no word"))))
            .collect::<Result<Vec<String>, _>>()?;
        Ok(WordGrid { rows })
    }

    /// Checks from the letters alone: the size, and every row and every column a word of the
    /// list of its length.
    fn validate(&self, grid: &WordGrid) -> Result<(), InvalidSolution> {
        if grid.rows.len() != self.rows || grid.rows.iter().any(|r| r.len() != self.cols) {
            return Err(InvalidSolution(format!(
                "the rectangle is not {}x{}",
                self.rows, self.cols
            )));
        }
        let row_words: HashSet<&str> = self.row_words.iter().map(String::as_str).collect();
        let column_words: HashSet<&str> = self.column_words.iter().map(String::as_str).collect();
        for (i, row) in grid.rows.iter().enumerate() {
            if !row_words.contains(row.as_str()) {
                return Err(InvalidSolution(format!("row {i}, `{row}`, is not a word")));
            }
        }
        for j in 0..self.cols {
            let column = grid.column(j);
            if !column_words.contains(column.as_str()) {
                return Err(InvalidSolution(format!(
                    "column {j}, `{column}`, is not a word"
                )));
            }
        }
        Ok(())
    }

    fn filters(&self) -> bool {
        self.distinct
    }

    fn is_representative(&self, grid: &WordGrid) -> bool {
        if !self.distinct {
            return true;
        }
        let transpose: Vec<String> = (0..self.cols).map(|j| grid.column(j)).collect();
        grid.rows <= transpose
    }

    /// The rows, one a line.
    fn render(&self, grid: &WordGrid) -> String {
        grid.rows.iter().map(|r| format!("{r}\n")).collect()
    }

    /// The letters in their squares, each row word one piece in the colour of its place in
    /// the list (so a word keeps its colour in every rectangle).
    fn draw(&self, grid: &WordGrid) -> Option<Svg> {
        const SIZE: f64 = 32.0;
        let board: Vec<Vec<picture::Point>> = (0..self.rows)
            .flat_map(|i| (0..self.cols).map(move |j| picture::square(i, j, SIZE)))
            .collect();
        let tiles: Vec<Tile> = grid
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| Tile {
                colour: self.row_words.iter().position(|w| w == row).unwrap_or(0),
                name: row.clone(),
                cells: (0..self.cols)
                    .map(|j| picture::square(i, j, SIZE))
                    .collect(),
                cell_labels: Some(row.chars().map(|c| c.to_string()).collect()),
            })
            .collect();
        Some(picture::tiling(&board, &tiles, SIZE * 0.6))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_list_reads_whole() {
        let list: WordList = ENABLE.parse().expect("the bundled list parses");
        assert_eq!(list.len(), 13_607);
        assert_eq!(WordList::enable(), list);
        let lengths: Vec<usize> = (2..=5).map(|n| list.of_length(n, None).len()).collect();
        assert_eq!(lengths, [96, 972, 3903, 8636]);
    }

    #[test]
    fn bad_lists_name_the_place() {
        let err = "ab\nc-d\n".parse::<WordList>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 2: `-` in `c-d`: a word is made of letters a-z"
        );
        let err = "ab\n\nAB\n".parse::<WordList>().unwrap_err();
        assert_eq!(err.to_string(), "line 3, column 1: `ab` is listed twice");
    }

    #[test]
    fn sizes_are_bounded() {
        let list = WordList::enable();
        assert!(matches!(
            WordRectangle::new(17, 3, &list, None),
            Err(PuzzleError::TooLarge { max: 16, .. })
        ));
        assert!(matches!(
            WordRectangle::new(0, 3, &list, None),
            Err(PuzzleError::TooSmall { .. })
        ));
        assert_eq!(
            WordRectangle::new(6, 3, &list, None)
                .unwrap_err()
                .to_string(),
            "the list of 6-letter words is empty"
        );
    }
}
