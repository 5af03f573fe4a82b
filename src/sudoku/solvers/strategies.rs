//! The `strategies` solver: the deductions people use, cycled to a standstill, then a guess.
//!
//! Human strategies, then search. Every cell holds a set of *candidates* (the digits still
//! possible there; a given starts with its own digit only, a blank with all of them). Four
//! strategies shrink those sets, always in this order, simplest first:
//!
//! 1. **Naked single.** A cell down to one candidate holds that digit, so the digit is removed
//!    from every peer (every other cell of its rows, columns, boxes and extra units).
//! 2. **Hidden single.** When a digit has only one possible cell left in some unit, that cell
//!    holds it, whatever else it still allows.
//! 3. **Naked subset.** When `k` cells of a unit have exactly the same `k` candidates (a pair
//!    `{1,4}` in two cells, a triple in three, and so on for any `k`), those digits must go in
//!    those cells, so they are removed from the rest of the unit. As in the seed, the cells'
//!    candidate sets must be identical.
//! 4. **Pointing (and box-line reduction).** When, inside one unit, every possible place of a
//!    digit lies in the intersection with another unit, the digit is removed from the rest of
//!    that other unit. With a box and a row this is the classic "pointing" (confined to one
//!    row of the box, so not elsewhere in that row) and its mirror, box-line reduction; the
//!    general form also covers jigsaw regions, diagonals and windows.
//!
//! After any strategy changes something the cycle restarts from the first one, and it ends when
//! none of the four changes anything. If every cell is then down to one candidate, the grid is
//! solved. Otherwise the solver *guesses*: it picks the cell with the fewest candidates, tries
//! each of them in turn, and runs the strategies again below each guess. A contradiction (a
//! cell with no candidate left, or a unit with no place left for some digit) ends a branch.
//! Changes to the candidate sets are recorded on a trail, so a guess is undone by replaying
//! the trail backwards rather than by copying the board. Candidate sets are bit masks, as
//! narrow as the grid allows (16 bits up to 16x16).
//!
//! How the cycle is run, for speed, without changing what it computes: a cell that comes down
//! to one candidate goes on a queue, and "naked singles" empties the queue (a single's digit
//! leaves its peers, which can make new singles); repeating the textbook pass over every cell
//! until it finds nothing reaches the same board, since that strategy's result does not
//! depend on the order it is applied in. The other three strategies are passes over the
//! units, in the units' order, each changing the board as it goes; singles they make wait on
//! the queue until the cycle restarts. The board the search sees between strategies is
//! therefore the one the plain cycle would give, and so are the guesses. Units, peers and the
//! crossings of units that pointing looks at are compiled once per layout. And a pass skips
//! the units none of whose cells changed since the same pass last looked at them: what the
//! pass finds in a unit (hidden singles, naked subsets, digits confined to a crossing)
//! depends on that unit's cells alone, and anything it could remove elsewhere was removed
//! the last time (candidates are only ever removed below it). The changed units are bit
//! sets, one per pass. A guess undone goes back to a board where every pass found nothing,
//! so no unit is marked then: the passes look again only at what changes after it.
//!
//! Within a pass the work is shaped for the processor without changing what is found: the
//! peers that hold a single's digit, a unit's candidate sets that repeat (hashed to one bit
//! of a word: a naked subset needs `k` cells with the same set) and the crossings with a
//! confined digit are gathered as bits of a word and then visited, rather than tested one
//! by one with a branch the processor would often mispredict; the digits outside a
//! crossing are the OR of the unit's other crossings that cover them (a row of a box is
//! outside the box's other two rows); and a confined digit whose removals were made at an
//! earlier visit is told by one OR over the other unit's cells.
//!
//! On grids of at most 128 cells (9x9 and its variants among them) a board per digit, the
//! cells that still allow it as bits of one `u128`, is kept beside the candidates (saved
//! when a guess is made, put back when it is undone): a single's peers that hold its digit
//! are then one AND of the digit's board with the cell's peers, visited in the same
//! (increasing) order as the peer list. On the standard 9x9 grid pointing reads each
//! box-line crossing at fixed places, and two 512-entry tables give a candidate set's hash
//! and its digit when it has one.
//!
//! The units come from the grid's [`Layout`], so any box shape (6×6 with 2×3 boxes, 12×12 …),
//! jigsaw regions and extra units (Sudoku-X, windoku) work.
//!
//! Puzzles are rated by the explainer ([`crate::sudoku::explain::rating`]), the one rating
//! system, whose steps include these four strategies. Statistics: an *assignment* is a guessed digit tried (deductions
//! are not assignments; a puzzle solved by the strategies alone takes 0), a *guess* is a cell
//! guessed on, a *backtrack* is a guessed digit abandoned after a contradiction or a guessed
//! cell whose candidates ran out. [`SolveStats::strategies`](super::SolveStats::strategies) counts each strategy's
//! *deductions*: placed digits eliminated from peers, hidden singles placed, naked subsets and
//! pointing confinements that removed at least one candidate.

use std::fmt;

use super::kit::{solve_with, with_width, Counters, Digits, PerWidth, Run, Slots};
use super::tables::{Crossing, Tables, TablesCache};
use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The strategies of the `strategies` solver, from the easiest to the hardest, with `Guess`
/// (trial and error) last.
///
/// ```
/// use dlxkit::sudoku::solvers::strategies::Strategy;
/// assert!(Strategy::HiddenSingle < Strategy::Pointing);
/// assert_eq!(Strategy::NakedSubset.to_string(), "naked subset");
/// assert_eq!(Strategy::ALL.len(), 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strategy {
    /// A cell with one candidate: its digit is removed from its peers.
    NakedSingle,
    /// A digit with one possible cell in a unit goes there.
    HiddenSingle,
    /// `k` cells of a unit with the same `k` candidates: those digits leave the rest of the unit.
    NakedSubset,
    /// A digit confined to the intersection of two units leaves the rest of the other unit.
    Pointing,
    /// Trial and error: none of the strategies made progress.
    Guess,
}

impl Strategy {
    /// Every strategy, easiest first.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::strategies::Strategy;
    /// assert_eq!(Strategy::ALL[0], Strategy::NakedSingle);
    /// ```
    pub const ALL: [Strategy; 5] = [
        Strategy::NakedSingle,
        Strategy::HiddenSingle,
        Strategy::NakedSubset,
        Strategy::Pointing,
        Strategy::Guess,
    ];

    /// Its name: `naked single`, `hidden single`, `naked subset`, `pointing` or `guess`.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::strategies::Strategy;
    /// assert_eq!(Strategy::Guess.name(), "guess");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Strategy::NakedSingle => "naked single",
            Strategy::HiddenSingle => "hidden single",
            Strategy::NakedSubset => "naked subset",
            Strategy::Pointing => "pointing",
            Strategy::Guess => "guess",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell or unit with no candidate left: the current branch has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contradiction;

/// The board's storage, kept between puzzles.
#[derive(Debug, Default)]
struct Store<M> {
    /// Each cell's candidates.
    cand: Slots<M>,
    /// Each change: the cell and its candidates before.
    trail: Vec<(u16, M)>,
    /// Cells down to one candidate whose digit has not left their peers yet.
    singles: Vec<u16>,
    /// The units each pass must look at again (see [`Board::touch`]): bit `u % 64` of word
    /// `u / 64`, one word per pass (indexed by [`HIDDEN`], [`SUBSETS`], [`POINTING`]).
    dirty: Vec<[u64; 3]>,
    /// A copy of one unit's candidates, for the passes.
    scratch: Slots<M, 256>,
    /// For pointing: the digits of the shared cells of each crossing of one unit.
    insides: Vec<M>,
    /// For pointing: the digits confined to each crossing of one unit.
    confined: Vec<M>,
    /// The search levels.
    levels: Vec<Level<M>>,
    /// On grids of at most 128 cells and 16 digits ([`Tables::peer_boards`]): for each digit
    /// (digit `d` at `d - 1`), the cells that allow it, as bits of a word (cell `c` is bit `c`).
    boards: [u128; 16],
    /// The boards as they were when each search level was made.
    saved: Vec<[u128; 16]>,
}

/// The passes over units, as places in the words of [`Store::dirty`].
const HIDDEN: usize = 0;
const SUBSETS: usize = 1;
const POINTING: usize = 2;

/// A search level: the cell guessed on, its candidates not tried yet, and the trail length
/// before the guess.
#[derive(Clone, Copy, Debug, Default)]
struct Level<M> {
    cell: u16,
    untried: M,
    mark: usize,
}

/// The candidates of every cell, with a trail to undo changes and the queue of singles,
/// borrowed from a [`Store`] for one solve.
struct Board<'a, M> {
    tables: &'a Tables,
    cand: &'a mut [M; 1 << 16],
    trail: &'a mut Vec<(u16, M)>,
    singles: &'a mut Vec<u16>,
    dirty: &'a mut [[u64; 3]],
    scratch: &'a mut [M; 256],
    insides: &'a mut [M],
    confined: &'a mut [M],
    /// Whether the digit boards are kept (see [`Store::boards`]).
    use_boards: bool,
    boards: &'a mut [u128; 16],
    saved: &'a mut Vec<[u128; 16]>,
    /// All digits.
    full: M,
    /// Deductions per strategy, indexed like [`Strategy::ALL`].
    fired: [u64; 4],
}

impl<'a, M: Digits> Board<'a, M> {
    /// The board of `grid`: givens hold their digit (and wait on the queue), blanks every
    /// digit.
    fn load(tables: &'a Tables, store: &'a mut Store<M>, grid: &Grid) -> Board<'a, M> {
        let full = M::full(tables.n);
        let cand = store.cand.get();
        store.singles.clear();
        for (c, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                cand[c] = full;
            } else {
                cand[c] = M::bit(d);
                store.singles.push(c as u16);
            }
        }
        store.trail.clear();
        store.dirty.clear();
        store.dirty.resize(tables.unit_words(), [0; 3]);
        store.insides.resize(tables.most_crossings, M::EMPTY);
        store.confined.resize(tables.most_crossings, M::EMPTY);
        let use_boards = !tables.peer_boards.is_empty() && tables.n <= 16;
        store.boards = [0; 16];
        store.saved.clear();
        if use_boards {
            let mut blanks = 0u128;
            for (c, &d) in grid.cells().iter().enumerate() {
                if d == 0 {
                    blanks |= 1 << c;
                } else {
                    store.boards[usize::from(d - 1) & 15] |= 1 << c;
                }
            }
            for b in &mut store.boards[..tables.n] {
                *b |= blanks;
            }
        }
        let mut board = Board {
            tables,
            cand,
            trail: &mut store.trail,
            singles: &mut store.singles,
            dirty: &mut store.dirty,
            scratch: store.scratch.get(),
            insides: &mut store.insides,
            confined: &mut store.confined,
            use_boards,
            boards: &mut store.boards,
            saved: &mut store.saved,
            full,
            fired: [0; 4],
        };
        board.all_dirty();
        board
    }

    /// Marks every unit for every pass.
    fn all_dirty(&mut self) {
        let units = self.tables.units;
        for (i, d) in self.dirty.iter_mut().enumerate() {
            let left = units - 64 * i;
            *d = [if left >= 64 { !0 } else { (1 << left) - 1 }; 3];
        }
    }

    #[inline]
    fn get(&self, cell: u16) -> M {
        self.cand[usize::from(cell)]
    }

    /// Notes that `cell` changed: every pass must look at its units again.
    #[inline]
    fn touch(&mut self, cell: u16) {
        let bits = self.tables.unit_bits(usize::from(cell));
        for (d, &b) in self.dirty.iter_mut().zip(bits) {
            d[HIDDEN] |= b;
            d[SUBSETS] |= b;
            d[POINTING] |= b;
        }
    }

    /// The first unit from `from` on that `pass` must look at, noted as looked at: the units
    /// in order, with those changed meanwhile, as a loop over every unit that skips the
    /// clean ones would visit them.
    #[inline]
    fn next_dirty(&mut self, pass: usize, from: usize) -> Option<usize> {
        let mut i = from / 64;
        let mut word = self.dirty.get(i)?[pass] & (!0u64 << (from % 64));
        loop {
            if word != 0 {
                let bit = word.trailing_zeros() as usize;
                self.dirty[i][pass] &= !(1u64 << bit);
                return Some(64 * i + bit);
            }
            i += 1;
            word = self.dirty.get(i)?[pass];
        }
    }

    /// Notes on the digit boards that `cell` lost `digits`.
    #[inline(always)]
    fn unboard(&mut self, cell: u16, digits: M) {
        if self.use_boards {
            let mut w = digits.low_word();
            while w != 0 {
                self.boards[w.trailing_zeros() as usize & 15] &= !(1u128 << (cell & 127));
                w &= w - 1;
            }
        }
    }

    /// Keeps the digit boards for search level `depth` (the levels below it are kept).
    #[inline]
    fn save(&mut self, depth: usize) {
        if self.use_boards {
            self.saved.truncate(depth);
            self.saved.push(*self.boards);
        }
    }

    /// Puts back the digit boards kept for search level `depth` (with [`Board::undo_to`]
    /// that level's trail mark).
    #[inline]
    fn restore(&mut self, depth: usize) {
        if self.use_boards {
            *self.boards = self.saved[depth];
        }
    }

    /// The digit boards made again from the candidates (for boards set by hand).
    #[cfg(test)]
    fn rebuild_boards(&mut self) {
        if self.use_boards {
            *self.boards = [0; 16];
            for c in 0..self.tables.cells {
                let mut w = self.cand[c].low_word();
                while w != 0 {
                    self.boards[w.trailing_zeros() as usize] |= 1 << c;
                    w &= w - 1;
                }
            }
        }
    }

    /// Gives `cell` the one candidate `b` (a hidden single, or a guess).
    #[inline]
    fn place(&mut self, cell: u16, b: M) {
        let old = self.get(cell);
        self.unboard(cell, old & !b);
        self.trail.push((cell, old));
        self.cand[usize::from(cell)] = b;
        self.singles.push(cell);
        self.touch(cell);
    }

    /// Removes `digits` from a cell; true if something was removed.
    #[inline]
    fn remove(&mut self, cell: u16, digits: M) -> Result<bool, Contradiction> {
        if (self.get(cell) & digits).is_empty() {
            return Ok(false);
        }
        self.eliminate(cell, digits)?;
        Ok(true)
    }

    /// Removes `digits`, some of which the cell has.
    #[inline]
    fn eliminate(&mut self, cell: u16, digits: M) -> Result<(), Contradiction> {
        self.touch(cell);
        self.cut(cell, digits)
    }

    /// [`Board::eliminate`] without [`Board::touch`]: the caller notes the change.
    #[inline(always)]
    fn cut(&mut self, cell: u16, digits: M) -> Result<(), Contradiction> {
        self.unboard(cell, self.get(cell) & digits);
        self.cut_only(cell, digits)
    }

    /// [`Board::cut`] that leaves the digit boards to the caller.
    #[inline(always)]
    fn cut_only(&mut self, cell: u16, digits: M) -> Result<(), Contradiction> {
        let old = self.get(cell);
        let new = old & !digits;
        self.trail.push((cell, old));
        self.cand[usize::from(cell)] = new;
        if new.is_empty() {
            return Err(Contradiction);
        }
        if !new.several() {
            self.singles.push(cell);
        }
        Ok(())
    }

    /// Undoes the changes after the first `mark` of the trail, back to a board the strategies
    /// had settled (the search marks the trail only there). No unit is marked for a pass:
    /// on the settled board every pass found nothing, and they look again only at the units
    /// that change from there on, as after any round that found nothing.
    fn undo_to(&mut self, mark: usize) {
        if self.trail.len() > mark {
            for &(cell, old) in self.trail[mark..].iter().rev() {
                self.cand[usize::from(cell)] = old;
            }
            self.trail.truncate(mark);
        }
        self.dirty.fill([0; 3]);
        self.singles.clear();
    }

    /// Strategy 1: every single on the queue removes its digit from its peers, until the
    /// queue is empty. Counts the singles whose removal changed something.
    fn naked_singles(&mut self) -> Result<(), Contradiction> {
        let tables = self.tables;
        // With 64 units or fewer, the units of the changed cells are gathered in a register
        // and marked once at the end (a board after a contradiction is undone, and every
        // unit marked, before anything reads the marks).
        let one_word = tables.unit_words() == 1;
        let mut touched = 0u64;
        while let Some(cell) = self.singles.pop() {
            let m = self.get(cell);
            if self.use_boards {
                // The peers that hold the digit are one AND of its board with the cell's
                // peers, in the peers' order (increasing); they all lose it at once on the
                // board (a contradiction on the way is undone, boards and all).
                let d = m.low_word().trailing_zeros() as usize & 15;
                let hits = self.boards[d] & tables.peer_boards[usize::from(cell)];
                self.boards[d] &= !hits;
                // Visited as two words (cells 0-63, then 64-127), in increasing order.
                for (mut word, base) in [(hits as u64, 0), ((hits >> 64) as u64, 64)] {
                    while word != 0 {
                        let p = base + word.trailing_zeros() as u16;
                        word &= word - 1;
                        if one_word {
                            touched |= tables.unit_bits[usize::from(p)];
                        } else {
                            self.touch(p);
                        }
                        self.cut_only(p, m)?;
                    }
                }
                self.fired[0] += u64::from(hits != 0);
                continue;
            }
            let mut changed = false;
            // The peers that hold the digit, found as bits of a word without a branch on
            // each (which was mispredicted about once in seven peers), then visited in order.
            for chunk in tables.peers(usize::from(cell)).chunks(64) {
                let mut hits = 0u64;
                for (i, &p) in chunk.iter().enumerate() {
                    hits |= u64::from(!(self.get(p) & m).is_empty()) << i;
                }
                changed |= hits != 0;
                while hits != 0 {
                    let p = chunk[hits.trailing_zeros() as usize];
                    hits &= hits - 1;
                    if one_word {
                        touched |= tables.unit_bits(usize::from(p))[0];
                        self.cut(p, m)?;
                    } else {
                        self.eliminate(p, m)?;
                    }
                }
            }
            self.fired[0] += u64::from(changed);
        }
        if one_word {
            let d = &mut self.dirty[0];
            d[HIDDEN] |= touched;
            d[SUBSETS] |= touched;
            d[POINTING] |= touched;
        }
        Ok(())
    }

    /// The side: `N` when it is known when compiling (so that the loops over a unit
    /// unroll), else the layout's.
    #[inline(always)]
    fn side<const N: usize>(&self) -> usize {
        if N > 0 {
            N
        } else {
            self.tables.n.min(256)
        }
    }

    /// Copies unit `u`'s candidates into the scratch buffer.
    #[inline]
    fn read<const N: usize>(&mut self, u: usize) {
        let n = self.side::<N>();
        let cells = &self.tables.unit(u)[..n];
        for (m, &c) in self.scratch[..n].iter_mut().zip(cells) {
            *m = self.cand[usize::from(c)];
        }
    }

    /// Strategy 2: a digit with one possible cell in a unit goes there. Returns the number of
    /// cells so placed.
    fn hidden_singles<const N: usize>(&mut self) -> Result<u64, Contradiction> {
        let tables = self.tables;
        let n = self.side::<N>();
        let mut placed = 0;
        let mut next = 0;
        while let Some(u) = self.next_dirty(HIDDEN, next) {
            next = u + 1;
            let (mut once, mut twice, mut settled) = (M::EMPTY, M::EMPTY, M::EMPTY);
            for &c in &tables.unit(u)[..n] {
                let m = self.get(c);
                twice |= once & m;
                once |= m;
                settled |= if N == 9 {
                    M::from_low_word(u64::from(SOLO9[m.low_word() as usize & 511]))
                } else {
                    m & !m.several_mask()
                };
            }
            if once != self.full {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice & !settled;
            if !hidden.is_empty() {
                self.read::<N>(u);
            }
            while !hidden.is_empty() {
                let b = hidden.lowest_bit();
                hidden ^= b;
                // The digit's cell, unless an earlier placement in this unit took it.
                let at = self.scratch[..n].iter().position(|&m| !(m & b).is_empty());
                let Some(i) = at else {
                    return Err(Contradiction);
                };
                self.scratch[i] = b;
                self.place(tables.unit(u)[i], b);
                placed += 1;
            }
        }
        self.fired[1] += placed;
        Ok(placed)
    }

    /// Strategy 3: `k` cells of a unit with the same `k` candidates remove them from the rest
    /// of the unit. Returns the number of subsets that removed something.
    fn naked_subsets<const N: usize>(&mut self) -> Result<u64, Contradiction> {
        let n = self.side::<N>();
        let mut fired = 0;
        let mut next = 0;
        while let Some(u) = self.next_dirty(SUBSETS, next) {
            next = u + 1;
            self.read::<N>(u);
            let open = self.scratch[..n].iter().filter(|m| m.several()).count();
            // With every single settled, `k` of the unit's `open` cells have nothing to take
            // from unless `k < open` (and cannot be too many for their digits either).
            let settled = self.singles.is_empty();
            if settled && open < 3 {
                continue;
            }
            // A subset needs two open cells with the same candidates (and so does the
            // contradiction below): most units have none, and a hash of each open cell's
            // candidates into a word's 64 bits shows it without comparing them in pairs.
            let mut repeated = repeated_hashes::<N, M>(&self.scratch[..n]);
            if repeated == 0 {
                continue;
            }
            if n <= 64 {
                // The places to look at as bits of a word, visited without a branch on
                // each cell.
                let mut places = places_hashed_in::<N, M>(&self.scratch[..n], repeated);
                while places != 0 {
                    let i = places.trailing_zeros() as usize;
                    places &= places - 1;
                    if self.subset_at(u, i, n, settled.then_some(open))? {
                        fired += 1;
                        // The cells that lost digits may now repeat one another.
                        repeated = repeated_hashes::<N, M>(&self.scratch[..n]);
                        places =
                            places_hashed_in::<N, M>(&self.scratch[..n], repeated) & (!1u64 << i);
                    }
                }
            } else {
                for i in 0..n {
                    // Open cells only, and only those whose hash another open cell shares.
                    if hash(self.scratch[i]) & repeated != 0
                        && self.subset_at(u, i, n, settled.then_some(open))?
                    {
                        fired += 1;
                        repeated = repeated_hashes::<N, M>(&self.scratch[..n]);
                    }
                }
            }
        }
        self.fired[2] += fired;
        Ok(fired)
    }

    /// Naked subsets at place `i` of unit `u` (read into the scratch buffer, `n` places):
    /// if the candidates there are shared by as many of the unit's cells as they have
    /// digits, and the first of those cells is at `i`, those digits leave the unit's other
    /// cells (in the buffer too). `open`: the unit's open cells when every single is
    /// settled. Returns whether something was removed.
    #[inline]
    fn subset_at(
        &mut self,
        u: usize,
        i: usize,
        n: usize,
        open: Option<usize>,
    ) -> Result<bool, Contradiction> {
        let m = self.scratch[i];
        let k = m.size() as usize;
        if open.is_some_and(|open| k >= open) {
            return Ok(false);
        }
        let same = 1 + self.scratch[i + 1..n].iter().filter(|&&e| e == m).count();
        if same < k || self.scratch[..i].contains(&m) {
            return Ok(false);
        }
        if same > k {
            return Err(Contradiction); // more cells than digits to fill them
        }
        let mut changed = false;
        for j in 0..n {
            let e = self.scratch[j];
            if e != m && !(e & m).is_empty() {
                self.eliminate(self.tables.unit(u)[j], m)?;
                self.scratch[j] = e & !m;
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Strategy 4: a digit whose places in one unit all lie in another unit is removed from
    /// the rest of that other unit. Returns the number of such confinements that removed
    /// something.
    fn pointing<const N: usize>(&mut self) -> Result<u64, Contradiction> {
        let tables = self.tables;
        let n = self.side::<N>();
        // On the standard 9x9 grid every crossing is three shared cells whose other cells
        // are two other crossings: its digits, and those outside it, are a few ORs at fixed
        // places (the same sets the general tables give).
        let triads = N == 9 && tables.has_triads();
        let mut fired = 0;
        let mut next = 0;
        while let Some(u) = self.next_dirty(POINTING, next) {
            next = u + 1;
            let crossings = tables.crossings(u);
            if crossings.is_empty() {
                continue;
            }
            // The unit's copy, and, digits with one place being hidden singles and digits
            // with none contradictions that the other strategies report, those with two
            // places or more.
            let (mut once, mut twice) = (M::EMPTY, M::EMPTY);
            let cells = &tables.unit(u)[..n];
            for (s, &c) in self.scratch[..n].iter_mut().zip(cells) {
                let m = self.cand[usize::from(c)];
                *s = m;
                twice |= once & m;
                once |= m;
            }
            if triads {
                let s = &*self.scratch;
                let mut inside = [M::EMPTY; 8];
                for (m, t) in inside.iter_mut().zip(tables.triads(u)) {
                    *m = s[usize::from(t[0])] | s[usize::from(t[1])] | s[usize::from(t[2])];
                }
                let mut bits = 0u64;
                for (k, t) in tables.triads(u).iter().enumerate() {
                    let outside = inside[usize::from(t[3]) & 7] | inside[usize::from(t[4]) & 7];
                    let confined = inside[k & 7] & !outside & twice;
                    self.confined[k] = confined;
                    bits |= u64::from(!confined.is_empty()) << k;
                }
                fired += self.point(crossings, 0, bits)?;
                continue;
            }
            let insides = &mut self.insides[..crossings.len()];
            let or = |scratch: &[M; 256], places: &[u8]| {
                places
                    .iter()
                    .fold(M::EMPTY, |m, &i| m | scratch[usize::from(i)])
            };
            for (inside, x) in insides.iter_mut().zip(crossings) {
                *inside = or(self.scratch, &tables.places[x.shared.clone()]);
            }
            // The digits confined to each crossing, and, 64 crossings at a time, those with
            // some as bits of a word (visited without a branch on each). Removals land
            // outside this unit, so the copy stays true.
            for base in (0..crossings.len()).step_by(64) {
                let mut bits = 0u64;
                for (k, x) in crossings.iter().enumerate().skip(base).take(64) {
                    let outside = tables.pieces[x.pieces.clone()].iter().fold(
                        or(self.scratch, &tables.places[x.leftover.clone()]),
                        |m, &y| m | self.insides[usize::from(y)],
                    );
                    let confined = self.insides[k] & !outside & twice;
                    self.confined[k] = confined;
                    bits |= u64::from(!confined.is_empty()) << (k - base);
                }
                fired += self.point(crossings, base, bits)?;
            }
        }
        self.fired[3] += fired;
        Ok(fired)
    }

    /// Removes the digits confined to the crossings `base + k` of a unit, for the bits `k`
    /// of `bits` (their digits in [`Board::confined`]), from the other unit's other cells.
    /// Returns the number of confinements that removed something.
    #[inline]
    fn point(
        &mut self,
        crossings: &[Crossing],
        base: usize,
        mut bits: u64,
    ) -> Result<u64, Contradiction> {
        let tables = self.tables;
        let mut fired = 0;
        while bits != 0 {
            let k = base + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (x, confined) = (&crossings[k], self.confined[k]);
            // A digit confined here is mostly confined since an earlier visit, its
            // removals done: one look at the other unit's other cells finds the digits
            // that still have something to remove.
            let beyond = &tables.pool[x.beyond.clone()];
            let there = beyond.iter().fold(M::EMPTY, |m, &c| m | self.get(c));
            let mut hit = confined & there;
            while !hit.is_empty() {
                let b = hit.lowest_bit();
                hit ^= b;
                for &c in beyond {
                    self.remove(c, b)?;
                }
                fired += 1;
            }
        }
        Ok(fired)
    }

    /// Runs the strategies, simplest first, restarting after any progress, until none makes
    /// progress.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        if self.tables.n == 9 {
            self.cycle::<9>()
        } else {
            self.cycle::<0>()
        }
    }

    /// [`Board::propagate`] for grids of side `N` (0: any side).
    fn cycle<const N: usize>(&mut self) -> Result<(), Contradiction> {
        loop {
            self.naked_singles()?;
            if self.hidden_singles::<N>()? > 0
                || self.naked_subsets::<N>()? > 0
                || self.pointing::<N>()? > 0
            {
                continue;
            }
            return Ok(());
        }
    }

    /// The cell with the fewest candidates among those with two or more (first in reading
    /// order on ties), or `None` when every cell is down to one.
    fn fewest_candidates(&self) -> Option<u16> {
        let mut best = None;
        let mut best_size = u32::MAX;
        for cell in 0..self.tables.cells as u16 {
            let m = self.get(cell);
            if m.several() {
                let k = m.size();
                if k < best_size {
                    best = Some(cell);
                    best_size = k;
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// An open cell's candidates hashed to one bit of a word (a cell down to one candidate, to
/// none).
#[inline(always)]
fn hash<M: Digits>(m: M) -> u64 {
    u64::from(m.several()) << ((m.low_word() as u32).wrapping_mul(0x9E37_79B1) >> 26)
}

/// [`hash`] of every candidate set of a grid of side 9, by its bits.
static HASH9: [u64; 512] = {
    let mut table = [0u64; 512];
    let mut m = 0usize;
    while m < 512 {
        let several = m & m.wrapping_sub(1) != 0;
        table[m] = (several as u64) << ((m as u32).wrapping_mul(0x9E37_79B1) >> 26);
        m += 1;
    }
    table
};

/// Every set of digits of a grid of side 9 if it holds one digit, else the empty set, by
/// its bits.
static SOLO9: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut m = 0usize;
    while m < 512 {
        if m & m.wrapping_sub(1) == 0 {
            table[m] = m as u16;
        }
        m += 1;
    }
    table
};

/// [`hash`], from a table on grids of side `N` = 9 (0: any side).
#[inline(always)]
fn hash_n<const N: usize, M: Digits>(m: M) -> u64 {
    if N == 9 {
        HASH9[m.low_word() as usize & 511]
    } else {
        hash(m)
    }
}

/// The hash bits ([`hash`]) that two open cells or more of a unit share: every repeated
/// candidate set sets one, and a few pairs of different sets do. `N`: the side if known (9),
/// else 0.
#[inline(always)]
fn repeated_hashes<const N: usize, M: Digits>(unit: &[M]) -> u64 {
    let (mut seen, mut repeated) = (0u64, 0u64);
    for &m in unit {
        let bit = hash_n::<N, M>(m);
        repeated |= seen & bit;
        seen |= bit;
    }
    repeated
}

/// The places (below 64) of the open cells of a unit whose hash ([`hash`]) is among `hashes`,
/// as bits of a word.
#[inline(always)]
fn places_hashed_in<const N: usize, M: Digits>(unit: &[M], hashes: u64) -> u64 {
    unit.iter().take(64).enumerate().fold(0, |p, (i, &m)| {
        p | u64::from(hash_n::<N, M>(m) & hashes != 0) << i
    })
}

/// The `strategies` solver: human strategies cycled until they stall, then a guess on the cell
/// with the fewest candidates.
///
/// It handles every layout (any box shape, jigsaw regions, extra units).
///
/// ```
/// use dlxkit::sudoku::{Grid, Shape};
/// use dlxkit::sudoku::solvers::{strategies::StrategiesSolver, Limits, Status, SudokuSolver};
///
/// let mut solver = StrategiesSolver::new();
/// let report = solver.solve(&Grid::empty(Shape::new(2, 2)?), &Limits::new());
/// assert_eq!((report.status, report.solutions), (Status::Complete, 288));
/// let names: Vec<&str> = report.stats.strategies.iter().map(|&(name, _)| name).collect();
/// assert_eq!(names, ["naked single", "hidden single", "naked subset", "pointing"]);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Debug, Default)]
pub struct StrategiesSolver {
    /// The tables of the last layout solved.
    tables: TablesCache,
    /// The board's storage, kept for each mask width.
    store: PerWidth<Store<u16>, Store<u32>, Store<u64>, Store<u128>>,
}

impl StrategiesSolver {
    /// A new solver.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{strategies::StrategiesSolver, SudokuSolver};
    /// assert_eq!(StrategiesSolver::new().name(), "strategies");
    /// ```
    pub fn new() -> StrategiesSolver {
        StrategiesSolver::default()
    }
}

impl<M: Digits> Store<M> {
    /// Solves `grid`; returns the status and each strategy's deductions.
    fn solve(&mut self, tables: &Tables, run: &mut Run) -> (Status, [u64; 4]) {
        let mut levels = std::mem::take(&mut self.levels);
        levels.clear();
        let mut board = Board::load(tables, self, run.grid);
        let status = search(&mut board, &mut levels, run);
        let fired = board.fired;
        self.levels = levels;
        (status, fired)
    }
}

/// The search: propagate, then guess on the cell with the fewest candidates, each of its
/// candidates in turn; returns why it ended.
fn search<M: Digits>(board: &mut Board<M>, levels: &mut Vec<Level<M>>, run: &mut Run) -> Status {
    if let Err(status) = run.meter.poll() {
        return status;
    }
    let mut c = Counters::default();
    // `Ok(())`: the board is propagated and consistent, choose a cell; `Err`: a
    // contradiction, try the next candidate of the top level.
    let mut state = board.propagate();
    let status = 'search: loop {
        match state {
            Ok(()) => match board.fewest_candidates() {
                None => {
                    let filled = |cell: usize| (cell, board.get(cell as u16).lowest());
                    if let Some(status) = run.found(board.tables.cells, filled) {
                        break status;
                    }
                }
                Some(cell) => {
                    c.guesses += 1;
                    board.save(levels.len());
                    levels.push(Level {
                        cell,
                        untried: board.get(cell),
                        mark: board.trail.len(),
                    });
                }
            },
            Err(Contradiction) => c.backtracks += u64::from(!levels.is_empty()),
        }
        let level = loop {
            let Some(&level) = levels.last() else {
                break 'search Status::Complete;
            };
            board.undo_to(level.mark);
            board.restore(levels.len() - 1);
            if !level.untried.is_empty() {
                break level;
            }
            levels.pop();
            c.backtracks += u64::from(!levels.is_empty());
        };
        // An assignment here is a whole round of strategies (microseconds on 9x9,
        // milliseconds on 100x100), so the clock and the cancel flag are read at every one
        // rather than at every grant of the meter.
        if let Err(status) = c.assignment(run.meter).and_then(|()| run.meter.poll()) {
            break status;
        }
        let b = level.untried.lowest_bit();
        c.alternatives += u64::from(level.untried.several());
        if let Some(top) = levels.last_mut() {
            top.untried ^= b;
        }
        board.place(level.cell, b);
        state = board.propagate();
    };
    c.add_to(run.stats);
    status
}

impl SudokuSolver for StrategiesSolver {
    fn name(&self) -> &'static str {
        "strategies"
    }

    /// Every layout: the strategies read their units from the layout.
    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport {
        let names = || Strategy::ALL[..4].iter().map(|s| s.name());
        let tables = self.tables.get(grid.layout());
        let store = &mut self.store;
        let mut report = solve_with(grid, limits, |run| {
            let (status, fired) = with_width!(store, tables.width, |s| s.solve(tables, run));
            run.stats.strategies = names().zip(fired).collect();
            status
        });
        if report.stats.strategies.is_empty() {
            // Settled without searching: no strategy fired.
            report.stats.strategies = names().map(|name| (name, 0)).collect();
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    /// A 9x9 board's candidates: every cell allows every digit, then `edit` applied.
    struct Fixture {
        tables: Tables,
        cand: Vec<u16>,
    }

    fn board(edit: impl FnOnce(&mut [u16])) -> Fixture {
        let g = Grid::empty(Shape::new(3, 3).unwrap());
        let mut cand = vec![0x1ff; 81];
        edit(&mut cand);
        Fixture {
            tables: Tables::new(g.layout()),
            cand,
        }
    }

    impl Fixture {
        /// Runs `f` on a board with the fixture's candidates (cells down to one candidate
        /// wait on the queue of singles); returns its result and the candidates after.
        fn with<R>(&self, f: impl FnOnce(&mut Board<u16>) -> R) -> (R, Vec<u16>) {
            let mut store = Store::<u16>::default();
            let grid = Grid::empty(Shape::new(3, 3).unwrap());
            let mut b = Board::load(&self.tables, &mut store, &grid);
            for (c, &m) in self.cand.iter().enumerate() {
                b.cand[c] = m;
                if !m.several() {
                    b.singles.push(c as u16);
                }
            }
            b.rebuild_boards();
            let r = f(&mut b);
            let after = b.cand[..81].to_vec();
            (r, after)
        }

        /// Which strategies make progress on the board (each tried on its own fresh copy).
        fn progress(&self) -> [bool; 4] {
            let run = |k: usize| {
                self.with(|b| {
                    let r = match k {
                        0 => b.naked_singles().map(|()| b.fired[0]),
                        1 => b.hidden_singles::<0>(),
                        2 => b.naked_subsets::<0>(),
                        _ => b.pointing::<0>(),
                    };
                    r.expect("no contradiction") > 0
                })
                .0
            };
            [run(0), run(1), run(2), run(3)]
        }
    }

    fn bit(d: u8) -> u16 {
        <u16 as Digits>::bit(d)
    }

    fn without(digits: &[u8]) -> u16 {
        0x1ff & !digits.iter().map(|&d| bit(d)).fold(0, |a, b| a | b)
    }

    #[test]
    fn naked_single_alone() {
        let f = board(|c| c[40] = bit(5));
        assert_eq!(f.progress(), [true, false, false, false]);
        let (fired, after) = f.with(|b| b.naked_singles().map(|()| b.fired[0]));
        assert_eq!(fired, Ok(1));
        for &p in f.tables.peers(40) {
            assert_eq!(after[usize::from(p)], without(&[5]));
        }
        assert_eq!(after[60], 0x1ff); // r7c7 is not a peer of r5c5
    }

    #[test]
    fn hidden_single_alone() {
        // Digit 1 is possible in row 1 only at r1c1; each other cell of the row also lacks
        // a digit of its own, so no two cells share a candidate set.
        let f = board(|c| {
            for j in 1..9u8 {
                c[j as usize] = without(&[1, j + 1]);
            }
        });
        assert_eq!(f.progress(), [false, true, false, false]);
        let (placed, after) = f.with(|b| b.hidden_singles::<9>());
        assert_eq!(placed, Ok(1));
        assert_eq!(after[0], bit(1));
    }

    #[test]
    fn naked_subset_alone() {
        // r1c1 and r1c2 are both {1,2}; r1c3 is {1,2,3}.
        let f = board(|c| {
            c[0] = bit(1) | bit(2);
            c[1] = bit(1) | bit(2);
            c[2] = bit(1) | bit(2) | bit(3);
        });
        assert_eq!(f.progress(), [false, false, true, false]);
        let (fired, after) = f.with(|b| b.naked_subsets::<9>());
        assert_eq!(fired, Ok(2)); // the pair, in its row and its box
        assert_eq!(after[2], bit(3));
        assert_eq!(after[8], without(&[1, 2]));
        assert_eq!(after[20], without(&[1, 2]));
        assert_eq!(after[27], 0x1ff); // column 1 is untouched
    }

    #[test]
    fn larger_naked_subsets_count_too() {
        // Three cells of column 5 are {4,6,8}.
        let f = board(|c| {
            for r in [0, 4, 8] {
                c[r * 9 + 4] = bit(4) | bit(6) | bit(8);
            }
        });
        assert_eq!(f.progress(), [false, false, true, false]);
        let (fired, after) = f.with(|b| b.naked_subsets::<9>());
        assert_eq!(fired, Ok(1));
        assert_eq!(after[9 + 4], without(&[4, 6, 8]));
    }

    #[test]
    fn pointing_alone() {
        // In box 1, digit 1 is possible only in row 1.
        let f = board(|c| {
            for k in [9, 10, 11, 18, 19, 20] {
                c[k] = without(&[1]);
            }
        });
        assert_eq!(f.progress(), [false, false, false, true]);
        let (fired, after) = f.with(|b| b.pointing::<9>());
        assert_eq!(fired, Ok(1));
        assert!(after[3..9].iter().all(|&m| m == without(&[1])));
        assert_eq!(after[0], 0x1ff);
    }

    #[test]
    fn box_line_reduction_is_pointing_the_other_way() {
        // In row 1, digit 7 is possible only in box 1; so box 1's other rows lose it.
        let f = board(|c| c[3..9].fill(without(&[7])));
        assert_eq!(f.progress(), [false, false, false, true]);
        let (fired, after) = f.with(|b| b.pointing::<9>());
        assert_eq!(fired, Ok(1));
        for k in [9, 10, 11, 18, 19, 20] {
            assert_eq!(after[k], without(&[7]));
        }
    }

    #[test]
    fn contradictions_are_detected() {
        // A unit with no place for digit 9.
        let f = board(|c| c[..9].iter_mut().for_each(|m| *m = without(&[9])));
        assert_eq!(f.with(|b| b.hidden_singles::<9>()).0, Err(Contradiction));
        // Two cells of a row are both the single 3.
        let f = board(|c| {
            c[0] = bit(3);
            c[5] = bit(3);
        });
        assert_eq!(f.with(|b| b.naked_singles()).0, Err(Contradiction));
        // Three cells of a box share the same pair.
        let f = board(|c| {
            for k in [0, 10, 20] {
                c[k] = bit(1) | bit(2);
            }
        });
        assert_eq!(f.with(|b| b.naked_subsets::<9>()).0, Err(Contradiction));
    }

    #[test]
    fn trail_undoes_everything() {
        let f = board(|c| c[0] = bit(1) | bit(2));
        let (fired, after) = f.with(|b| {
            b.place(0, bit(1));
            b.propagate().unwrap();
            let fired = b.fired[0];
            b.undo_to(0);
            fired
        });
        assert!(fired > 0);
        assert_eq!(after, f.cand);
    }

    #[test]
    fn the_hash_table_is_the_hash() {
        for m in 0..512u16 {
            assert_eq!(HASH9[usize::from(m)], hash(m));
            assert_eq!(SOLO9[usize::from(m)], m & !m.several_mask());
        }
    }

    #[test]
    fn counts_every_4x4_grid() {
        let mut s = StrategiesSolver::new();
        let r = s.solve(&Grid::empty(Shape::new(2, 2).unwrap()), &Limits::new());
        assert_eq!((r.status, r.solutions), (Status::Complete, 288));
        let capped = s.solve(
            &Grid::empty(Shape::new(3, 3).unwrap()),
            &Limits::new().nodes(2),
        );
        assert_eq!(
            (capped.status, capped.stats.assignments),
            (Status::NodeLimit, 2)
        );
    }
}
