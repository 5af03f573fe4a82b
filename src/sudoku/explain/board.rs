//! The board the strategies read: placed digits and the candidates of the open cells.

use std::sync::Arc;

use super::step::{Candidate, Step};
use super::ExplainError;
use crate::sudoku::candidates::{Candidates, Digits};
use crate::sudoku::grid::{Grid, Layout, UnitKind};
use crate::sudoku::killer::{Cage, Killer};

/// A puzzle being solved: each cell's digit, or the candidates it still has.
///
/// A placed cell has no candidates (so the strategies, which read candidates, pass it by);
/// placing a digit removes it from the cell's peers at once, as players' tools do. The board
/// of a killer puzzle ([`Board::killer`]) holds its cages too: a placed digit leaves the
/// rest of its cage as well (no digit repeats in a cage), and the cage strategies read them.
///
/// ```
/// use dlxkit::sudoku::explain::Board;
/// use dlxkit::sudoku::{Grid, Shape};
/// let mut grid = Grid::empty(Shape::new(2, 2)?);
/// grid.set(0, 0, 1);
/// let board = Board::new(&grid, None)?;
/// assert_eq!(board.value(0), 1);
/// assert_eq!(board.candidates(1).to_string(), "234");
/// assert_eq!(board.open_cells(), 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    layout: Arc<Layout>,
    values: Vec<u8>,
    cands: Vec<Digits>,
    open: usize,
    /// The places of each digit in each unit, `masks[unit * n + digit - 1]`, bit `i` for the
    /// unit's `i`-th cell: kept up to date, as nearly every strategy reads them.
    masks: Vec<u128>,
    /// The digits placed in each unit.
    placed: Vec<Digits>,
    /// Each cell's units and its index in each.
    slots: Slots,
    /// Each cell's peers as bits, on grids of at most 128 cells (empty on larger ones).
    peer_bits: PeerBits,
    /// For each unit `a`, the units `b` it shares two cells or more with: `(b, the shared
    /// cells as positions in a, as positions in b)`.
    overlaps: Overlaps,
    /// A killer puzzle's cages (none for other puzzles).
    cages: Arc<Vec<Cage>>,
    /// The cage of each cell, if any (empty without cages).
    cage_of: Arc<Vec<Option<usize>>>,
}

/// Two units' shared cells (see [`Board::overlaps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlap {
    /// The other unit.
    pub unit: usize,
    /// The shared cells, as positions in the first unit.
    pub here: u128,
    /// The shared cells, as positions in the other unit.
    pub there: u128,
}

/// What makes a board impossible: a cell without candidates, or a digit without a place in
/// a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An open cell has no candidate left.
    NoCandidate {
        /// The cell.
        cell: usize,
    },
    /// A unit has no place left for a digit it does not hold yet.
    NoPlace {
        /// The unit.
        unit: usize,
        /// The digit.
        digit: u8,
    },
}

/// What [`Board::with_candidates_into`] cut from the board it was made from: a branch
/// board's basic rules, on a board where they find nothing, need look only where its
/// branch changed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Cut {
    /// The cells whose candidates were cut, in order.
    pub(super) cells: Vec<usize>,
    /// For each unit, the digits whose places in it changed (bit `d - 1` for digit `d`).
    pub(super) digits: Vec<u128>,
}

impl Board {
    /// The board of a puzzle: its givens placed, and every open cell with the digits no
    /// given peer holds, kept to `pencil` marks if there are some.
    ///
    /// ```
    /// use dlxkit::sudoku::candidates::{Candidates, Digits};
    /// use dlxkit::sudoku::explain::Board;
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let grid = Grid::empty(Shape::new(2, 2)?);
    /// let mut pencil = Candidates::of_grid(&grid);
    /// pencil.set(3, Digits::from_digits([1, 2]));
    /// assert_eq!(Board::new(&grid, Some(&pencil))?.candidates(3).to_string(), "12");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: &Grid, pencil: Option<&Candidates>) -> Result<Board, ExplainError> {
        Board::build(grid, pencil, Vec::new())
    }

    /// The board of a killer puzzle: its givens placed (each leaving its peers and its cage),
    /// and its cages.
    ///
    /// ```
    /// use dlxkit::sudoku::explain::Board;
    /// use dlxkit::sudoku::killer::{Cage, Killer};
    /// use dlxkit::sudoku::{Grid, Shape};
    /// let mut grid = Grid::empty(Shape::new(2, 2)?);
    /// grid.set(1, 1, 1);
    /// // r2c2 and r3c3 share no unit, but a cage: the given 1 leaves r3c3.
    /// let killer = Killer::new(grid, vec![Cage::new(8, [5, 6, 10])])?;
    /// let board = Board::killer(&killer)?;
    /// assert_eq!(board.cage_of(10), Some(0));
    /// assert_eq!(board.candidates(10).to_string(), "234");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn killer(killer: &Killer) -> Result<Board, ExplainError> {
        Board::build(killer.grid(), None, killer.cages().to_vec())
    }

    fn build(
        grid: &Grid,
        pencil: Option<&Candidates>,
        cages: Vec<Cage>,
    ) -> Result<Board, ExplainError> {
        grid.check_givens()?;
        let layout = grid.layout().clone();
        if let Some(p) = pencil {
            if **p.layout() != *layout {
                return Err(ExplainError::CandidatesLayout);
            }
        }
        let all = Digits::all(layout.size());
        let n = layout.size();
        let (slots, overlaps, peer_bits) = geometry(&layout);
        let cands: Vec<Digits> = (0..layout.cells())
            .map(|c| pencil.map_or(all, |p| p.get(c)))
            .collect();
        let mut masks = vec![0u128; layout.units().len() * n];
        for (c, cell_slots) in slots.iter().enumerate() {
            for &(u, i) in cell_slots {
                for d in cands[c] {
                    masks[u * n + d as usize - 1] |= 1 << i;
                }
            }
        }
        let mut cage_of = vec![None; if cages.is_empty() { 0 } else { layout.cells() }];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = Some(k);
            }
        }
        let mut board = Board {
            overlaps,
            cages: Arc::new(cages),
            cage_of: Arc::new(cage_of),
            values: vec![0; layout.cells()],
            cands,
            open: layout.cells(),
            masks,
            placed: vec![Digits::EMPTY; layout.units().len()],
            slots,
            peer_bits,
            layout,
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                if !board.cands[cell].contains(d) {
                    return Err(ExplainError::GivenNotCandidate { cell, digit: d });
                }
                board.place(cell, d);
            }
        }
        Ok(board)
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The side `n`.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The digit placed in a cell, 0 if it is open.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of an open cell (none for a placed one).
    pub fn candidates(&self, cell: usize) -> Digits {
        self.cands[cell]
    }

    /// How many cells are still open.
    pub fn open_cells(&self) -> usize {
        self.open
    }

    /// Whether every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// The placed digits as a grid (open cells blank).
    ///
    /// ```
    /// # use dlxkit::sudoku::{explain::Board, Grid, Shape};
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// assert_eq!(Board::new(&g, None).unwrap().grid(), g);
    /// ```
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.layout.clone(), self.values.clone()).expect("digits in range")
    }

    /// The candidates of every cell, a placed cell holding its digit only.
    pub fn to_candidates(&self) -> Candidates {
        let cells = (0..self.values.len())
            .map(|c| match self.values[c] {
                0 => self.cands[c],
                d => Digits::single(d),
            })
            .collect();
        Candidates::from_cells(self.layout.clone(), cells).expect("the board's own layout")
    }

    /// Applies a step: its eliminations, then its placements.
    pub fn apply(&mut self, step: &Step) {
        for e in &step.eliminations {
            self.remove(e.cell, e.digit);
        }
        for p in &step.placements {
            if self.values[p.cell] == 0 {
                self.place(p.cell, p.digit);
            }
        }
    }

    /// This board with each open cell's candidates cut to `keep[cell]` (bit `d - 1` for
    /// digit `d`, a subset of the cell's candidates; placed cells are passed by), made in
    /// `out`, any board, whose buffers are reused; what the cut changed goes to `cut`. It
    /// is the board [`Board::new`] builds from the placed digits and those pencil marks,
    /// cages kept, without building the geometry again or allocating when `out` has this
    /// board's size: a forcing chain's branch board, made at every exhaustion of every
    /// branch of the nested levels, whose basic rules look only where the cut changed it.
    pub(super) fn with_candidates_into(&self, keep: &[u32], out: &mut Board, cut: &mut Cut) {
        out.layout.clone_from(&self.layout);
        out.values.clone_from(&self.values);
        out.cands.clone_from(&self.cands);
        out.open = self.open;
        out.masks.clone_from(&self.masks);
        out.placed.clone_from(&self.placed);
        // Boards of one layout share its geometry ([`geometry`]), not always their cages.
        if !Arc::ptr_eq(&out.slots, &self.slots) {
            out.slots.clone_from(&self.slots);
            out.peer_bits.clone_from(&self.peer_bits);
            out.overlaps.clone_from(&self.overlaps);
        }
        if !Arc::ptr_eq(&out.cages, &self.cages) {
            out.cages.clone_from(&self.cages);
            out.cage_of.clone_from(&self.cage_of);
        }
        cut.cells.clear();
        cut.digits.clear();
        cut.digits.resize(self.placed.len(), 0);
        out.cut_to(keep, cut);
    }

    /// [`Board::with_candidates_into`] a new board.
    #[cfg(test)]
    pub(super) fn with_candidates(&self, keep: &[u32]) -> Board {
        let mut board = self.clone();
        self.with_candidates_into(keep, &mut board, &mut Cut::default());
        board
    }

    /// Cuts each open cell's candidates to `keep[cell]` (see
    /// [`Board::with_candidates_into`]), noting what changed in `cut`. A cell's removed
    /// digits leave its units' place masks together: a branch board cuts some tens.
    fn cut_to(&mut self, keep: &[u32], cut: &mut Cut) {
        let n = self.size();
        for (cell, &bits) in keep.iter().enumerate() {
            // A placed cell has no candidates: nothing goes.
            let had = self.cands[cell].bits();
            debug_assert!(self.values[cell] == 0 || had == 0);
            let gone = had & !u128::from(bits);
            if gone == 0 || self.values[cell] != 0 {
                continue;
            }
            debug_assert_eq!(u128::from(bits) & !had, 0);
            self.cands[cell] = Digits::from_bits(had & !gone);
            cut.cells.push(cell);
            for &(u, i) in &self.slots[cell] {
                cut.digits[u] |= gone;
                let unit = &mut self.masks[u * n..(u + 1) * n];
                let mut left = gone;
                while left != 0 {
                    unit[left.trailing_zeros() as usize] &= !(1 << i);
                    left &= left - 1;
                }
            }
        }
    }

    /// Removes a candidate.
    fn remove(&mut self, cell: usize, digit: u8) {
        if !self.cands[cell].contains(digit) {
            return;
        }
        self.cands[cell].remove(digit);
        let n = self.size();
        for &(u, i) in &self.slots[cell] {
            self.masks[u * n + digit as usize - 1] &= !(1 << i);
        }
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    fn place(&mut self, cell: usize, digit: u8) {
        for d in self.cands[cell] {
            self.remove(cell, d);
        }
        self.values[cell] = digit;
        self.open -= 1;
        let slots = self.slots.clone();
        for &(u, _) in &slots[cell] {
            self.placed[u].insert(digit);
        }
        let layout = self.layout.clone();
        for &p in layout.peers(cell) {
            self.remove(p, digit);
        }
        if let Some(k) = self.cage_of(cell) {
            let cages = self.cages.clone();
            for &c in &cages[k].cells {
                self.remove(c, digit);
            }
        }
    }

    /// A killer puzzle's cages, in the puzzle's order (none for other puzzles).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage (an index into [`Board::cages`]) holding `cell`, if any.
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        self.cage_of.get(cell).copied().flatten()
    }

    /// Whether two cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        match self.peer_bits.get(a) {
            Some(&bits) => bits >> b & 1 != 0,
            None => a != b && self.layout.peers(a).binary_search(&b).is_ok(),
        }
    }

    /// The cells of a unit where `digit` is still a candidate.
    pub fn places(&self, unit: usize, digit: u8) -> Vec<usize> {
        self.layout.units()[unit]
            .cells
            .iter()
            .copied()
            .filter(|&c| self.cands[c].contains(digit))
            .collect()
    }

    /// The places of `digit` in a unit as a bit mask: bit `i` for the unit's `i`-th cell.
    pub fn place_mask(&self, unit: usize, digit: u8) -> u128 {
        self.masks[unit * self.size() + digit as usize - 1]
    }

    /// The places of every digit in a unit, digit `d`'s at `d - 1` (see
    /// [`Board::place_mask`]): one slice for rules that scan a unit's digits.
    pub(super) fn unit_masks(&self, unit: usize) -> &[u128] {
        let n = self.size();
        &self.masks[unit * n..(unit + 1) * n]
    }

    /// Every place mask of the board, unit by unit, digit `d`'s of unit `u` at
    /// `u * n + d - 1` (see [`Board::place_mask`]): what the explainer's memo compares
    /// from step to step.
    pub(super) fn all_masks(&self) -> &[u128] {
        &self.masks
    }

    /// The units of a cell, each with the cell's position in it, in layout order.
    pub(super) fn slots(&self, cell: usize) -> &[(usize, usize)] {
        &self.slots[cell]
    }

    /// The units sharing two cells or more with `unit`, in layout order, with the shared
    /// cells.
    pub fn overlaps(&self, unit: usize) -> &[Overlap] {
        &self.overlaps[unit]
    }

    /// The candidates of a unit's open cells, together.
    pub fn unit_candidates(&self, unit: usize) -> Digits {
        let n = self.size();
        self.masks[unit * n..(unit + 1) * n]
            .iter()
            .enumerate()
            .filter(|&(_, &m)| m != 0)
            .map(|(d, _)| d as u8 + 1)
            .collect()
    }

    /// Whether some open cell other than `a` and `b` sees both and has `digit`.
    pub fn sees_both(&self, a: usize, b: usize, digit: u8) -> bool {
        self.layout
            .peers(a)
            .iter()
            .any(|&c| c != b && self.cands[c].contains(digit) && self.sees(c, b))
    }

    /// The digits placed in a unit.
    pub fn placed_in(&self, unit: usize) -> Digits {
        self.placed[unit]
    }

    /// The units of a kind, in layout order.
    pub fn units_of_kind(&self, kind: UnitKind) -> impl Iterator<Item = usize> + '_ {
        self.layout
            .units()
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.kind == kind)
            .map(|(k, _)| k)
    }

    /// The units holding every one of `cells` (none for an empty list).
    pub fn common_units(&self, cells: &[usize]) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.layout
            .units_of(first)
            .iter()
            .copied()
            .filter(|&u| rest.iter().all(|c| self.layout.units_of(*c).contains(&u)))
            .collect()
    }

    /// The open cells other than `except` that see every cell of `cells` and still have
    /// `digit`, as eliminations.
    pub fn seen_by_all(&self, cells: &[usize], digit: u8, except: &[usize]) -> Vec<Candidate> {
        let Some(&first) = cells.first() else {
            return Vec::new();
        };
        // The cells seeing all the others, as bits when the grid has them.
        let bits = !self.peer_bits.is_empty();
        let seeing = if bits {
            cells[1..].iter().fold(!0, |m, &o| m & self.peer_bits[o])
        } else {
            !0
        };
        self.layout
            .peers(first)
            .iter()
            .copied()
            .filter(|&c| {
                self.cands[c].contains(digit)
                    && if bits {
                        seeing >> c & 1 != 0
                    } else {
                        cells[1..].iter().all(|&o| self.sees(c, o))
                    }
                    && !except.contains(&c)
            })
            .map(|cell| Candidate { cell, digit })
            .collect()
    }

    /// The first contradiction, if the board has one.
    pub fn contradiction(&self) -> Option<Contradiction> {
        let mut open = self.values.iter().zip(&self.cands);
        if let Some(cell) = open.position(|(&v, c)| v == 0 && c.is_empty()) {
            return Some(Contradiction::NoCandidate { cell });
        }
        let n = self.size();
        // A placed digit has no place left in its units, so a unit misses a digit exactly
        // when its digits with places and its placed ones are fewer than n: counted first,
        // as this is asked before every step.
        for (u, masks) in self.masks.chunks(n).enumerate() {
            let with_places = masks.iter().filter(|&&m| m != 0).count();
            if with_places + self.placed[u].len() >= n {
                continue;
            }
            let placed = self.placed[u];
            if let Some(d) = (0..n).find(|&d| masks[d] == 0 && !placed.contains(d as u8 + 1)) {
                return Some(Contradiction::NoPlace {
                    unit: u,
                    digit: d as u8 + 1,
                });
            }
        }
        None
    }

    /// A cell's peers as bits, bit `p` for peer `p`, on grids of at most 128 cells (`None`
    /// on larger ones): rules that test many cells against a cell's peers take them whole.
    pub(super) fn peer_mask(&self, cell: usize) -> Option<u128> {
        self.peer_bits.get(cell).copied()
    }
}

/// Each cell's units and its index in each.
type Slots = Arc<Vec<Vec<(usize, usize)>>>;

/// For each unit, the units it shares two cells or more with.
type Overlaps = Arc<Vec<Vec<Overlap>>>;

/// Each cell's peers, bit `p` for peer `p` (on grids of at most 128 cells).
type PeerBits = Arc<Vec<u128>>;

thread_local! {
    /// The geometry of the layout last built on this thread: a file of puzzles shares one
    /// layout, and its geometry is then worked out once, not once a puzzle.
    static GEOMETRY: std::cell::RefCell<Option<(Arc<Layout>, Geometry)>> =
        const { std::cell::RefCell::new(None) };
}

/// A layout's cell slots, unit overlaps and peer bits (see [`Board`]'s fields).
type Geometry = (Slots, Overlaps, PeerBits);

/// A layout's [`Geometry`], from the thread's last layout when it is the same one.
fn geometry(layout: &Arc<Layout>) -> Geometry {
    GEOMETRY.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((l, geometry)) = last.as_ref() {
            if Arc::ptr_eq(l, layout) {
                return geometry.clone();
            }
        }
        let peer_bits = if layout.cells() <= 128 {
            (0..layout.cells())
                .map(|c| layout.peers(c).iter().fold(0, |m, &p| m | 1 << p))
                .collect()
        } else {
            Vec::new()
        };
        let geometry = (
            Arc::new(slots_of(layout)),
            Arc::new(overlaps_of(layout)),
            Arc::new(peer_bits),
        );
        *last = Some((layout.clone(), geometry.clone()));
        geometry
    })
}

/// Each cell's units and its index in each, units in layout order.
fn slots_of(layout: &Layout) -> Vec<Vec<(usize, usize)>> {
    let mut slots = vec![Vec::new(); layout.cells()];
    for (u, unit) in layout.units().iter().enumerate() {
        for (i, &c) in unit.cells.iter().enumerate() {
            slots[c].push((u, i));
        }
    }
    slots
}

/// For each unit `a`, the units `b` it shares two cells or more with, in layout order.
fn overlaps_of(layout: &Layout) -> Vec<Vec<Overlap>> {
    let slots = slots_of(layout);
    let mut overlaps = vec![Vec::new(); layout.units().len()];
    for (a, unit) in layout.units().iter().enumerate() {
        let mut shared: Vec<Overlap> = Vec::new();
        for (i, &c) in unit.cells.iter().enumerate() {
            for &(b, j) in &slots[c] {
                if b == a {
                    continue;
                }
                match shared.iter_mut().find(|o| o.unit == b) {
                    Some(o) => {
                        o.here |= 1 << i;
                        o.there |= 1 << j;
                    }
                    None => shared.push(Overlap {
                        unit: b,
                        here: 1 << i,
                        there: 1 << j,
                    }),
                }
            }
        }
        shared.retain(|o| o.here.count_ones() >= 2);
        shared.sort_by_key(|o| o.unit);
        overlaps[a] = shared;
    }
    overlaps
}

/// Boards of SE's rated sample (every `every`-th puzzle) with random candidates removed
/// (up to 120, the last of a cell too): each uncut board, its grid and the candidates
/// kept, bit `d - 1` for digit `d`. Tests compare the rules' fast paths on them.
#[cfg(test)]
pub(super) fn random_cuts(seed: u64, every: usize) -> Vec<(Grid, Board, Vec<u32>)> {
    let text = include_str!("../../../data/sudoku/sudokuexchange_se_rated_sample553.txt");
    let mut rng = crate::rng::Rng::new(seed);
    let mut boards = Vec::new();
    for line in text.lines().step_by(every) {
        let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
        let board = Board::new(&grid, None).unwrap();
        let cells = board.layout().cells();
        let mut keep: Vec<u32> = (0..cells)
            .map(|c| board.candidates(c).bits() as u32)
            .collect();
        for _ in 0..rng.below(120) {
            let cell = rng.below(cells);
            let bits = keep[cell];
            if bits != 0 {
                let digits: Vec<u32> = (0..32).filter(|d| bits >> d & 1 == 1).collect();
                keep[cell] &= !(1 << digits[rng.below(digits.len())]);
            }
        }
        boards.push((grid, board, keep));
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board cut to fewer candidates ([`Board::with_candidates`]) is the board built
    /// from the grid and those candidates as pencil marks: two methods, the same board, on
    /// puzzles of SE's rated sample with random candidates removed.
    #[test]
    fn boards_cut_to_candidates_are_the_boards_built_from_them() {
        let mut compared = 0;
        let mut last: Option<Board> = None;
        for (grid, board, keep) in random_cuts(13, 7) {
            let mut pencil = Candidates::of_grid(&grid);
            for (cell, &bits) in keep.iter().enumerate() {
                if board.value(cell) == 0 {
                    pencil.set(cell, Digits::from_bits(u128::from(bits)));
                }
            }
            let built = Board::new(&grid, Some(&pencil)).unwrap();
            assert_eq!(board.with_candidates(&keep), built, "{grid}");
            // Made over another board's buffers (the last one's, of another puzzle).
            let mut reused = last.take().unwrap_or_else(|| board.clone());
            let mut cut = Cut::default();
            board.with_candidates_into(&keep, &mut reused, &mut cut);
            assert_eq!(reused, built, "{grid}");
            // What the cut changed, told from the two boards.
            let cells: Vec<usize> = (0..keep.len())
                .filter(|&c| board.candidates(c) != built.candidates(c))
                .collect();
            assert_eq!(cut.cells, cells, "{grid}");
            for (u, &digits) in cut.digits.iter().enumerate() {
                let changed = (1..=9).filter(|&d| board.place_mask(u, d) != built.place_mask(u, d));
                assert_eq!(
                    Digits::from_bits(digits),
                    changed.collect(),
                    "{grid} unit {u}"
                );
            }
            last = Some(reused);
            compared += 1;
        }
        assert!(compared > 70, "{compared} boards");
    }

    /// Peers told by bits (9x9) and by the peer lists (16x16, past 128 cells) agree with
    /// the layout's peer lists: who sees whom, and who sees both of two cells.
    #[test]
    fn peer_bits_and_peer_lists_agree() {
        use crate::sudoku::grid::Shape;
        for (rows, cols) in [(3, 3), (4, 4)] {
            let grid = Grid::empty(Shape::new(rows, cols).unwrap());
            let board = Board::new(&grid, None).unwrap();
            let layout = board.layout().clone();
            assert_eq!(board.peer_bits.is_empty(), layout.cells() > 128);
            for a in 0..layout.cells() {
                for b in 0..layout.cells() {
                    let sees = a != b && layout.peers(a).contains(&b);
                    assert_eq!(board.sees(a, b), sees, "{a} {b}");
                    let both: Vec<usize> = (0..layout.cells())
                        .filter(|&c| c != a && c != b)
                        .filter(|&c| layout.peers(c).contains(&a) && layout.peers(c).contains(&b))
                        .collect();
                    let seen: Vec<usize> = board
                        .seen_by_all(&[a, b], 1, &[])
                        .iter()
                        .map(|e| e.cell)
                        .collect();
                    assert_eq!(seen, both, "{a} {b}");
                }
            }
        }
    }
}
