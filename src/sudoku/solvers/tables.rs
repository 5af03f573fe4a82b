//! The layout compiled into flat tables once, for the backtracking solvers' inner loops.
//!
//! A [`Layout`] answers "which units hold this cell" and "which cells are its peers" with a
//! vector per cell: fine for building things, slow in a search that asks millions of times.
//! [`Tables`] keeps the same facts as flat arrays of 16-bit indexes (every grid the crate
//! accepts has at most 10,000 cells and a few hundred units):
//!
//! - each cell's units, `unit_stride` of them per cell: a cell in fewer units than the most
//!   repeats its first unit (reading a unit's digits twice changes nothing, and the solvers
//!   write them with operations that give the same result done twice);
//! - each cell's peers, one stretch per cell;
//! - each unit's cells, `n` per unit;
//! - each cell's units as a bit set, for marking the units a change touches;
//! - the *crossings*: pairs of units sharing two cells or more (a box and a row or column,
//!   a window and a box, ...), listed for each unit with the shared cells, the unit's other
//!   cells (as the unit's other crossings that cover them, and the places left over) and
//!   the other unit's other cells, for the pointing strategy.
//!
//! A solver keeps the tables of the last layout it saw ([`TablesCache`]), so a file of puzzles
//! compiles its layout once.

use std::sync::Arc;

use super::kit::Width;
use crate::sudoku::grid::Layout;

/// Two units that share two cells or more, seen from one of them: the shared cells and this
/// unit's other cells (as places in this unit's list of cells, ranges of [`Tables::places`]),
/// and the other unit's other cells (a range of [`Tables::pool`]).
///
/// This unit's other cells are given as the crossings of the same unit whose shared cells lie
/// among them (`pieces`: a row of a box is the box's two other rows) and the places no such
/// crossing covers (`leftover`), so that the digits of the other cells are an OR of a few
/// digit sets already made for those crossings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Crossing {
    /// The other unit.
    pub(crate) other: usize,
    /// The places, in this unit, of the shared cells.
    pub(crate) shared: std::ops::Range<usize>,
    /// The other crossings of this unit (indexes into [`Tables::crossings`] of this unit, a
    /// range of [`Tables::pieces`]) whose shared cells are all among this unit's other cells.
    pub(crate) pieces: std::ops::Range<usize>,
    /// The places, in this unit, of its other cells that no piece covers.
    pub(crate) leftover: std::ops::Range<usize>,
    /// The other unit's other cells.
    pub(crate) beyond: std::ops::Range<usize>,
}

/// A layout compiled into flat tables (see the module docs).
#[derive(Debug)]
pub(crate) struct Tables {
    layout: Arc<Layout>,
    /// The side: digits run from 1 to `n`.
    pub(crate) n: usize,
    /// The number of cells, `n²`.
    pub(crate) cells: usize,
    /// The number of units.
    pub(crate) units: usize,
    /// The mask width the grid needs.
    pub(crate) width: Width,
    /// Units per cell in [`Tables::cell_units`] (the most any cell has).
    pub(crate) unit_stride: usize,
    /// Each cell's units, `unit_stride` per cell, padded with repeats of its first unit.
    pub(crate) cell_units: Vec<u16>,
    /// Each cell's units as a bit set, [`Tables::unit_words`] words per cell (unit `u` is bit
    /// `u % 64` of word `u / 64`; with one word per cell, cell `c`'s is at `c`).
    pub(crate) unit_bits: Vec<u64>,
    /// Where each cell's peers start in [`Tables::peers`] (`cells + 1` entries).
    peer_start: Vec<u32>,
    /// Every cell's peers, one stretch per cell.
    peers: Vec<u16>,
    /// Each unit's cells, `n` per unit.
    pub(crate) unit_cells: Vec<u16>,
    /// The crossings of each unit, in the order of the other unit.
    crossings: Vec<Vec<Crossing>>,
    /// The places the crossings' `shared` and `leftover` ranges point into.
    pub(crate) places: Vec<u8>,
    /// The cells the crossings' `beyond` ranges point into.
    pub(crate) pool: Vec<u16>,
    /// The crossings the crossings' `pieces` ranges point into.
    pub(crate) pieces: Vec<u8>,
    /// The most crossings any unit has.
    pub(crate) most_crossings: usize,
    /// When every crossing of every unit shares three cells, has two pieces and nothing
    /// left over (the standard 9x9 grid: a row and a box, a column and a box), each
    /// crossing as the three places of its shared cells and its two pieces, flat, unit
    /// after unit (see [`Tables::triads`]); otherwise empty.
    triads: Vec<[u8; 5]>,
    /// Where each unit's crossings start in [`Tables::triads`] (`units + 1` entries, or none).
    triad_start: Vec<u16>,
    /// On grids of at most 128 cells, each cell's peers as bits of a word (cell `p` is bit
    /// `p`); otherwise empty.
    pub(crate) peer_boards: Vec<u128>,
}

impl Tables {
    /// Compiles `layout`.
    pub(crate) fn new(layout: &Arc<Layout>) -> Tables {
        let n = layout.size();
        let cells = layout.cells();
        let units = layout.units().len();
        assert!(
            cells < usize::from(u16::MAX) && units < usize::from(u16::MAX),
            "a grid of {cells} cells and {units} units does not fit 16-bit indexes"
        );
        let index = |k: usize| k as u16;
        let unit_stride = (0..cells)
            .map(|c| layout.units_of(c).len())
            .max()
            .unwrap_or(0);
        let mut cell_units = Vec::with_capacity(cells * unit_stride);
        for c in 0..cells {
            let of = layout.units_of(c);
            cell_units.extend(of.iter().map(|&u| index(u)));
            cell_units.extend((of.len()..unit_stride).map(|_| index(of[0])));
        }
        let words = units.div_ceil(64);
        let mut unit_bits = vec![0u64; cells * words];
        for c in 0..cells {
            for &u in layout.units_of(c) {
                unit_bits[c * words + u / 64] |= 1 << (u % 64);
            }
        }
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for c in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend(layout.peers(c).iter().map(|&p| index(p)));
        }
        peer_start.push(peers.len() as u32);
        let unit_cells = layout
            .units()
            .iter()
            .flat_map(|u| u.cells.iter().map(|&c| index(c)))
            .collect();
        let Crossings {
            of_unit: crossings,
            places,
            pool,
            pieces,
        } = crossings(layout);
        let most_crossings = crossings.iter().map(Vec::len).max().unwrap_or(0);
        let (triads, triad_start) = triads(&crossings, &places, &pieces);
        let peer_boards = if cells <= 128 {
            (0..cells)
                .map(|c| layout.peers(c).iter().fold(0u128, |b, &p| b | 1 << p))
                .collect()
        } else {
            Vec::new()
        };

        Tables {
            layout: layout.clone(),
            n,
            cells,
            units,
            width: Width::of(n),
            unit_stride,
            cell_units,
            unit_bits,
            peer_start,
            peers,
            unit_cells,
            crossings,
            places,
            pool,
            pieces,
            most_crossings,
            triads,
            triad_start,
            peer_boards,
        }
    }

    /// Whether every crossing is a triad (see [`Tables::triads`]).
    #[inline]
    pub(crate) fn has_triads(&self) -> bool {
        !self.triad_start.is_empty()
    }

    /// The crossings of unit `u`, in the order of [`Tables::crossings`], each as the places
    /// of its three shared cells and its two pieces, when [`Tables::has_triads`].
    #[inline]
    pub(crate) fn triads(&self, u: usize) -> &[[u8; 5]] {
        &self.triads[usize::from(self.triad_start[u])..usize::from(self.triad_start[u + 1])]
    }

    /// The layout compiled.
    pub(crate) fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// Whether these are the tables of `layout` (the same `Arc`, or an equal layout).
    pub(crate) fn is_for(&self, layout: &Arc<Layout>) -> bool {
        Arc::ptr_eq(&self.layout, layout) || *self.layout == **layout
    }

    /// The units of `cell`, padded with repeats of its first unit.
    #[inline]
    pub(crate) fn units_of(&self, cell: usize) -> &[u16] {
        &self.cell_units[cell * self.unit_stride..(cell + 1) * self.unit_stride]
    }

    /// Words in a bit set of units (one per 64 units).
    #[inline]
    pub(crate) fn unit_words(&self) -> usize {
        self.units.div_ceil(64)
    }

    /// The units of `cell` as a bit set of [`Tables::unit_words`] words.
    #[inline]
    pub(crate) fn unit_bits(&self, cell: usize) -> &[u64] {
        let words = self.unit_words();
        &self.unit_bits[cell * words..(cell + 1) * words]
    }

    /// The peers of `cell`.
    #[inline]
    pub(crate) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The cells of unit `u`.
    #[inline]
    pub(crate) fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// The crossings of unit `u` with the units it shares two cells or more with.
    #[inline]
    pub(crate) fn crossings(&self, u: usize) -> &[Crossing] {
        &self.crossings[u]
    }
}

/// Every pair of units sharing two cells or more, from each side, and the pool of cells they
/// point into. (Units sharing one cell need no pointing: a digit confined to one cell of a
/// unit is a hidden single.)
fn crossings(layout: &Layout) -> Crossings {
    let units = layout.units();
    let mut places = Vec::new();
    let mut pool = Vec::new();
    let mut pieces = Vec::new();
    let mut shared_count = vec![0u32; units.len()];
    let in_unit = |u: usize, c: usize| layout.units_of(c).contains(&u);
    let mut out = Vec::with_capacity(units.len());
    for (a, ua) in units.iter().enumerate() {
        shared_count.iter_mut().for_each(|k| *k = 0);
        for &c in &ua.cells {
            for &b in layout.units_of(c) {
                shared_count[b] += 1;
            }
        }
        let mut sides: Vec<Side> = Vec::new();
        for (b, &k) in shared_count.iter().enumerate() {
            if b == a || k < 2 {
                continue;
            }
            let ub = &units[b];
            let at = |inside: bool| -> Vec<u8> {
                let cells = &ua.cells;
                (0..cells.len())
                    .filter(|&i| in_unit(b, cells[i]) == inside)
                    .map(|i| i as u8)
                    .collect()
            };
            let (shared, rest) = (at(true), at(false));
            let start = pool.len();
            pool.extend(
                ub.cells
                    .iter()
                    .filter(|&&c| !in_unit(a, c))
                    .map(|&c| c as u16),
            );
            sides.push((b, shared, rest, start..pool.len()));
        }
        let mut compiled = Vec::with_capacity(sides.len());
        for (other, shared, rest, beyond) in &sides {
            let start = places.len();
            places.extend(shared);
            let shared = start..places.len();
            let start = pieces.len();
            let mut covered = vec![false; ua.cells.len()];
            for (y, (_, s, _, _)) in sides.iter().enumerate() {
                if s.iter().all(|i| rest.contains(i)) {
                    pieces.push(u8::try_from(y).expect("at most 256 crossings per unit"));
                    s.iter().for_each(|&i| covered[usize::from(i)] = true);
                }
            }
            let piece_range = start..pieces.len();
            let start = places.len();
            places.extend(rest.iter().filter(|&&i| !covered[usize::from(i)]));
            compiled.push(Crossing {
                other: *other,
                shared,
                pieces: piece_range,
                leftover: start..places.len(),
                beyond: beyond.clone(),
            });
        }
        out.push(compiled);
    }
    Crossings {
        of_unit: out,
        places,
        pool,
        pieces,
    }
}

/// The crossings as triads (see [`Tables::triads`]) if every one is: three shared cells,
/// two pieces, nothing left over and at most 8 crossings a unit; else nothing.
fn triads(of_unit: &[Vec<Crossing>], places: &[u8], pieces: &[u8]) -> (Vec<[u8; 5]>, Vec<u16>) {
    let regular = of_unit.iter().all(|xs| {
        xs.len() <= 8
            && xs
                .iter()
                .all(|x| x.shared.len() == 3 && x.pieces.len() == 2 && x.leftover.is_empty())
    });
    if !regular || of_unit.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut triads = Vec::new();
    let mut start = vec![0u16];
    for xs in of_unit {
        for x in xs {
            let (s, p) = (&places[x.shared.clone()], &pieces[x.pieces.clone()]);
            triads.push([s[0], s[1], s[2], p[0], p[1]]);
        }
        start.push(u16::try_from(triads.len()).expect("few crossings"));
    }
    (triads, start)
}

/// A crossing while [`crossings`] compiles it: the other unit, the places of the shared
/// cells, the places of this unit's other cells, the other unit's other cells in the pool.
type Side = (usize, Vec<u8>, Vec<u8>, std::ops::Range<usize>);

/// What [`crossings`] compiles.
struct Crossings {
    /// The crossings of each unit.
    of_unit: Vec<Vec<Crossing>>,
    /// Places in units (see [`Tables::places`]).
    places: Vec<u8>,
    /// Cells (see [`Tables::pool`]).
    pool: Vec<u16>,
    /// Crossings of a unit (see [`Tables::pieces`]).
    pieces: Vec<u8>,
}

/// The tables of the last layout a solver saw.
#[derive(Debug, Default)]
pub(crate) struct TablesCache {
    last: Option<Tables>,
}

impl TablesCache {
    /// The tables of `layout`, compiled if the last ones were for another layout.
    pub(crate) fn get(&mut self, layout: &Arc<Layout>) -> &Tables {
        if !self.last.as_ref().is_some_and(|t| t.is_for(layout)) {
            self.last = Some(Tables::new(layout));
        }
        self.last.as_ref().expect("just compiled")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn standard_9x9_tables() {
        let layout = Arc::new(Layout::standard(Shape::new(3, 3).unwrap()));
        let t = Tables::new(&layout);
        assert_eq!((t.n, t.cells, t.units, t.unit_stride), (9, 81, 27, 3));
        assert_eq!(t.units_of(10), &[1, 10, 18]);
        assert_eq!(t.peers(0).len(), 20);
        assert_eq!(t.unit(9), &[0, 9, 18, 27, 36, 45, 54, 63, 72]);
        // A row crosses 3 boxes, a box 3 rows and 3 columns, each in 3 cells.
        assert_eq!(t.crossings(0).len(), 3);
        assert_eq!(t.crossings(18).len(), 6);
        let c = &t.crossings(0)[1];
        assert_eq!(c.other, 19); // row 1 and box 2
        assert_eq!(t.places[c.shared.clone()], [3, 4, 5]); // places in row 1
        assert_eq!(t.pieces[c.pieces.clone()], [0, 2]); // the other two boxes
        assert!(c.leftover.is_empty());
        assert_eq!(t.pool[c.beyond.clone()], [12, 13, 14, 21, 22, 23]);
        let c = &t.crossings(18)[0];
        assert_eq!(c.other, 0); // box 1 and row 1
        assert_eq!(t.places[c.shared.clone()], [0, 1, 2]);
        assert_eq!(t.pool[c.beyond.clone()], [3, 4, 5, 6, 7, 8]);
        assert_eq!(t.pieces[c.pieces.clone()], [1, 2]); // rows 2 and 3 (a column is not)
        assert_eq!(t.width, Width::W16);
        assert!(t.has_triads());
        assert_eq!(t.peer_boards[0].count_ones(), 20);
        assert_eq!(t.peer_boards[0] & 0x1ff, 0x1fe);
        assert_eq!(t.triads(0)[1], [3, 4, 5, 0, 2]);
        assert_eq!(t.triads(18)[0], [0, 1, 2, 1, 2]);
        assert_eq!(t.triads(18).len(), 6);
    }

    #[test]
    fn cells_in_fewer_units_repeat_their_first() {
        let layout = Arc::new(Layout::standard(Shape::new(3, 3).unwrap()).with_diagonals());
        let t = Tables::new(&layout);
        assert_eq!(t.unit_stride, 5); // the centre is on both diagonals
        assert_eq!(t.units_of(40), &[4, 13, 22, 27, 28]);
        assert_eq!(t.units_of(1), &[0, 10, 18, 0, 0]);
        assert_eq!(t.peers(40).len(), 32);
        assert!(!t.has_triads()); // a diagonal's box has cells no other crossing covers
    }

    #[test]
    fn the_cache_recompiles_only_for_another_layout() {
        let a = Arc::new(Layout::standard(Shape::new(2, 2).unwrap()));
        let b = Arc::new(Layout::standard(Shape::new(2, 3).unwrap()));
        let mut cache = TablesCache::default();
        assert_eq!(cache.get(&a).n, 4);
        assert_eq!(cache.get(&b).n, 6);
        let same = Arc::new(Layout::standard(Shape::new(2, 3).unwrap()));
        assert!(cache.get(&same).is_for(&b));
    }
}
