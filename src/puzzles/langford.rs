//! Langford pairs: arrange two 1s, two 2s, ..., two ns in a row of 2n slots so that the two
//! copies of k have exactly k numbers between them (`2 3 1 2 1 3` for n = 3).
//!
//! ## The encoding
//!
//! The primary items are the numbers `1`...`n` (each must be placed, as a pair) and the slots
//! `s1`...`s{2n}` (each must hold exactly one number). Putting the pair of k in slots i and
//! j = i + k + 1 is the option `k s{i} s{j}`; k has 2n - k - 1 such options. A solution
//! uses every number once and fills every slot once: a Langford sequence. Solutions exist
//! only when n leaves remainder 0 or 3 when divided by 4.
//!
//! ## Symmetry reduction
//!
//! Reading a solution backwards gives another solution, and never the same one: a palindrome
//! would need every pair placed symmetrically about the centre, which the argument below
//! rules out for the 1s. So solutions come in pairs. Knuth's trick counts each pair once by
//! restricting one number: reversal sends the pair of k in slots (i, j) to
//! (2n + 1 - j, 2n + 1 - i). For an *odd* k no placement is its own mirror image (the two slots
//! i and i + k + 1 would have to add up to 2n + 1, an odd total, but their sum 2i + k + 1 is
//! even), so the placements of k fall into mirror pairs; keeping only the one of each pair
//! that lies further to the left (i + j < 2n + 1) keeps exactly one solution of each reversed
//! pair. The restricted number is the largest odd one, whose placements are the fewest.
//!
//! ```
//! use dlxkit::puzzles::{langford::Langford, Puzzle};
//! assert_eq!(Langford::new(7, false)?.count(), 52);
//! let reduced = Langford::new(7, true)?;
//! assert_eq!(reduced.count(), 26);
//! let first = reduced.first()?.unwrap();
//! reduced.validate(&first)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::picture::{self, square, Point, Tile};
use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::Svg;
use crate::xc::{OptionId, Problem};

/// The largest n this module builds.
///
/// ```
/// use dlxkit::puzzles::langford::{Langford, MAX_N};
/// assert!(Langford::new(MAX_N + 1, false).is_err());
/// ```
pub const MAX_N: usize = 1_000;

/// A Langford sequence: the number in each slot, left to right.
///
/// ```
/// use dlxkit::puzzles::langford::LangfordSequence;
/// let s = LangfordSequence(vec![2, 3, 1, 2, 1, 3]);
/// assert_eq!(s.to_string(), "2 3 1 2 1 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LangfordSequence(pub Vec<usize>);

impl std::fmt::Display for LangfordSequence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (k, v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

/// One pair placed: the number and its two slots (counting from 0).
///
/// ```
/// use dlxkit::puzzles::langford::Pair;
/// let p = Pair { value: 2, first: 0, second: 3 };
/// assert_eq!(p.second - p.first, p.value + 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The number k.
    pub value: usize,
    /// Its left slot, from 0.
    pub first: usize,
    /// Its right slot: `first + value + 1`.
    pub second: usize,
}

/// The Langford pairs problem for one n.
///
/// ```
/// use dlxkit::puzzles::{langford::Langford, Puzzle};
/// assert_eq!(Langford::new(4, false)?.count(), 2);
/// assert_eq!(Langford::new(4, true)?.count(), 1); // 4 1 3 1 2 4 3 2, up to reversal
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    restricted: Option<usize>,
    problem: Problem,
    pairs: Vec<Pair>,
}

impl Langford {
    /// Builds the problem for `n` pairs (1 <= n <= [`MAX_N`]), counting every sequence, or
    /// (with `reduce_symmetry`) one of each sequence and its reversal.
    ///
    /// ```
    /// use dlxkit::puzzles::{langford::Langford, Puzzle};
    /// assert_eq!(Langford::new(7, true)?.count(), 26);
    /// assert!(Langford::new(0, false).is_err());
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(n: usize, reduce_symmetry: bool) -> Result<Langford, PuzzleError> {
        if n == 0 {
            return Err(PuzzleError::TooSmall {
                what: "the number of pairs",
                value: n,
                min: 1,
            });
        }
        if n > MAX_N {
            return Err(PuzzleError::TooLarge {
                what: "the number of pairs",
                value: n,
                max: MAX_N,
            });
        }
        let restricted = reduce_symmetry.then_some(if n % 2 == 1 { n } else { n - 1 });
        let mut b = Problem::builder();
        let values = b.primaries((1..=n).map(|k| k.to_string()))?;
        let slots = b.primaries((1..=2 * n).map(|s| format!("s{s}")))?;
        let mut pairs = Vec::new();
        for value in 1..=n {
            for first in 0..2 * n {
                let second = first + value + 1;
                if second >= 2 * n {
                    break;
                }
                // Mirror image: (2n - 1 - second, 2n - 1 - first); keep the leftmost.
                if restricted == Some(value) && first + second > 2 * n - 1 {
                    continue;
                }
                b.option([values[value - 1], slots[first], slots[second]])?;
                pairs.push(Pair {
                    value,
                    first,
                    second,
                });
            }
        }
        Ok(Langford {
            n,
            restricted,
            problem: b.build()?,
            pairs,
        })
    }

    /// The number of pairs.
    ///
    /// ```
    /// use dlxkit::puzzles::langford::Langford;
    /// assert_eq!(Langford::new(3, false)?.n(), 3);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number whose placements are restricted to break the reversal symmetry, if any.
    ///
    /// ```
    /// use dlxkit::puzzles::langford::Langford;
    /// assert_eq!(Langford::new(8, true)?.restricted(), Some(7));
    /// assert_eq!(Langford::new(8, false)?.restricted(), None);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn restricted(&self) -> Option<usize> {
        self.restricted
    }

    /// The pair that option `option` places.
    ///
    /// ```
    /// use dlxkit::puzzles::langford::{Langford, Pair};
    /// use dlxkit::xc::OptionId;
    /// let l = Langford::new(3, false)?;
    /// assert_eq!(l.pair(OptionId::new(0)), Some(Pair { value: 1, first: 0, second: 2 }));
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn pair(&self, option: OptionId) -> Option<Pair> {
        self.pairs.get(option.index()).copied()
    }
}

impl Puzzle for Langford {
    type Solution = LangfordSequence;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let p = self.pair(option)?;
        Some(format!(
            "the two {}s in slots {} and {}",
            p.value,
            p.first + 1,
            p.second + 1
        ))
    }

    fn decode(&self, options: &[OptionId]) -> Result<LangfordSequence, InvalidSolution> {
        let mut slots = vec![0; 2 * self.n];
        for &o in options {
            let p = self
                .pair(o)
                .ok_or_else(|| InvalidSolution(format!("no option {}", o.index())))?;
            for s in [p.first, p.second] {
                if slots[s] != 0 {
                    return Err(InvalidSolution(format!("slot {} is filled twice", s + 1)));
                }
                slots[s] = p.value;
            }
        }
        Ok(LangfordSequence(slots))
    }

    fn validate(&self, sequence: &LangfordSequence) -> Result<(), InvalidSolution> {
        let s = &sequence.0;
        if s.len() != 2 * self.n {
            return Err(InvalidSolution(format!(
                "{} numbers instead of {}",
                s.len(),
                2 * self.n
            )));
        }
        for k in 1..=self.n {
            let at: Vec<usize> = (0..s.len()).filter(|&i| s[i] == k).collect();
            match at[..] {
                [a, b] if b - a == k + 1 => {}
                [a, b] => {
                    return Err(InvalidSolution(format!(
                        "the two {k}s have {} numbers between them",
                        b - a - 1
                    )))
                }
                _ => {
                    return Err(InvalidSolution(format!(
                        "{k} appears {} times instead of twice",
                        at.len()
                    )))
                }
            }
        }
        if let Some(v) = s.iter().find(|&&v| v == 0 || v > self.n) {
            return Err(InvalidSolution(format!(
                "{v} is not between 1 and {}",
                self.n
            )));
        }
        Ok(())
    }

    fn render(&self, sequence: &LangfordSequence) -> String {
        format!("{sequence}\n")
    }

    /// The row of 2n numbers, each pair one shape in the colour of its number.
    fn draw(&self, sequence: &LangfordSequence) -> Option<Svg> {
        let board: Vec<Vec<Point>> = (0..sequence.0.len()).map(|k| square(0, k, CELL)).collect();
        let mut tiles: Vec<Tile> = (1..=self.n)
            .map(|v| Tile {
                colour: v - 1,
                name: v.to_string(),
                cells: Vec::new(),
                cell_labels: Some(Vec::new()),
            })
            .collect();
        for (k, &v) in sequence.0.iter().enumerate() {
            if let Some(tile) = v.checked_sub(1).and_then(|i| tiles.get_mut(i)) {
                tile.cells.push(square(0, k, CELL));
                if let Some(labels) = tile.cell_labels.as_mut() {
                    labels.push(v.to_string());
                }
            }
        }
        Some(picture::tiling(&board, &tiles, CELL / 2.0))
    }
}

/// The side of a square in the pictures, in pixels.
const CELL: f64 = 24.0;
