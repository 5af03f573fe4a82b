//! A dynamic branch's singles as whole-board set operations: the dynamic forcing chains'
//! cheap test. A dynamic branch (see `forcing.rs`) follows one assumption's consequences
//! node by node, recording each node's parents, because a conclusion's rating counts the
//! nodes it rests on. But most branches conclude nothing: they neither contradict nor
//! share a new node with the other branches of their cell or unit. Which ones do is a
//! question about the *set* of nodes a branch reaches, not about its records, and that set
//! is the fixed point of the singles, computed here a digit at a time on bit boards (one
//! `u128` of cells a digit); only the branches that can conclude are then recorded.
//!
//! The fixed point is the recorded branch's, node for node, because every rule is monotone
//! (a node once reached stays reached, a candidate once off stays off) and applies exactly
//! where the recorded branch's does:
//!
//! - a digit on turns off the cell's other candidates and the digit in the cell's peers;
//! - a cell that had two candidates or more on the board and has one left gets it on (the
//!   recorded branch reads a naked single when it follows an off node of the cell, so a
//!   cell with one candidate on the board never gets one);
//! - a unit where a digit had two places or more and has one left gets it on;
//! - a contradiction: a digit on whose candidate is off (two digits on in a cell, one digit
//!   on twice in a unit), a cell that had candidates and has none, a unit where a digit had
//!   places and has none.
//!
//! A recorded branch stops at its first contradiction, so when there is one the two sets
//! differ; both say "contradiction", which is all a search asks of such a branch here.

/// The most digits a board of [`MAX_CELLS`] cells has (an 11x11 board: 121 cells).
const MAX_DIGITS: usize = 11;

/// The most cells a board may have here: one `u128` of cells a digit.
pub(super) const MAX_CELLS: usize = 128;

/// The most units a board may have here: one `u64` of units a cell (an 11x11 board with
/// every extra region has 37).
const MAX_UNITS: usize = 64;

/// The most cells a digit may leave in a round for the closure to look up their units one
/// by one; past it, it reads all the digit's units (a placement's peers cover most).
const GONE_FEW: u32 = 8;

/// A board's candidates and geometry as bit boards, for closures of one assumption at a
/// time. Fixed-size arrays, so that a closure allocates nothing.
#[derive(Clone, Debug)]
pub(super) struct Singles {
    n: usize,
    /// Each digit's cells (bit `cell`).
    base: [u128; MAX_DIGITS],
    /// The cells with a candidate.
    open: u128,
    /// The cells with two candidates or more (where a naked single can appear, and whose
    /// placement is news).
    multi: u128,
    /// Each cell's peers.
    peers: [u128; MAX_CELLS],
    /// Each unit's cells.
    unit_cells: [u128; MAX_UNITS],
    /// Each cell's units (bit `unit`).
    cell_units: [u64; MAX_CELLS],
    /// Each digit's units where it has places (where a unit can lose its last one).
    has: [u64; MAX_DIGITS],
    /// Each digit's units where it has two places or more (where a hidden single can
    /// appear).
    several: [u64; MAX_DIGITS],
}

/// What an assumption forces on the board's singles: the nodes on and off, each digit's
/// cells, unless it ends in a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Closure {
    /// The digits placed (the nodes on), bit `cell` of `on[digit - 1]`.
    pub(super) on: [u128; MAX_DIGITS],
    /// The candidates removed (the nodes off).
    pub(super) off: [u128; MAX_DIGITS],
    /// Whether the assumption contradicts (then `on` and `off` are partial).
    pub(super) contradiction: bool,
    /// The rounds of set operations it took (for the effort).
    pub(super) rounds: u32,
}

impl Singles {
    /// The bit boards of a board of `n` digits whose cells have the candidates `cands`
    /// (bit `d - 1` for digit `d`), with the cells' `peers` and the `units`; `None` past
    /// [`MAX_CELLS`] cells, [`MAX_DIGITS`] digits or [`MAX_UNITS`] units.
    pub(super) fn new<'a>(
        n: usize,
        cands: &[u32],
        peers: impl Fn(usize) -> &'a [usize],
        units: impl Iterator<Item = &'a [usize]>,
    ) -> Option<Singles> {
        if cands.len() > MAX_CELLS || n > MAX_DIGITS {
            return None;
        }
        let mut base = [0u128; MAX_DIGITS];
        let (mut open, mut multi) = (0u128, 0u128);
        let mut peer_masks = [0u128; MAX_CELLS];
        for (cell, &bits) in cands.iter().enumerate() {
            let bit = 1u128 << cell;
            for (d, b) in base.iter_mut().enumerate().take(n) {
                if bits >> d & 1 == 1 {
                    *b |= bit;
                }
            }
            if bits != 0 {
                open |= bit;
            }
            if bits.count_ones() > 1 {
                multi |= bit;
            }
            peer_masks[cell] = peers(cell).iter().fold(0u128, |m, &p| m | 1u128 << p);
        }
        let mut unit_cells = [0u128; MAX_UNITS];
        let mut cell_units = [0u64; MAX_CELLS];
        let (mut has, mut several) = ([0u64; MAX_DIGITS], [0u64; MAX_DIGITS]);
        for (u, cells) in units.enumerate() {
            if u >= MAX_UNITS {
                return None;
            }
            let mask = cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
            unit_cells[u] = mask;
            for &c in cells {
                cell_units[c] |= 1u64 << u;
            }
            for d in 0..n {
                let k = (base[d] & mask).count_ones();
                has[d] |= u64::from(k > 0) << u;
                several[d] |= u64::from(k > 1) << u;
            }
        }
        Some(Singles {
            n,
            base,
            open,
            multi,
            peers: peer_masks,
            unit_cells,
            cell_units,
            has,
            several,
        })
    }

    /// What `digit` (1-based) on in `cell` (or off, if not `on`) forces.
    pub(super) fn close(&self, cell: usize, digit: u8, on: bool) -> Closure {
        let n = self.n;
        let mut cand = self.base;
        let mut placed = [0u128; MAX_DIGITS];
        let mut pending = [0u128; MAX_DIGITS];
        let d0 = usize::from(digit - 1);
        if on {
            pending[d0] = 1u128 << cell;
        } else {
            cand[d0] &= !(1u128 << cell);
        }
        let mut rounds = 0u32;
        let mut contradiction = false;
        // Each digit's cells when its units were last read: only the units of a cell the
        // digit left since can have a new hidden single or lose the digit's last place (a
        // unit unchanged since the board has its places, two or more if any is hidden).
        let mut read = self.base;
        loop {
            rounds += 1;
            // Place the pending digits: each leaves its cells' other digits and its peers.
            // The cells placed this round, and those placed twice (both digits leave).
            let (mut cells, mut twice) = (0u128, 0u128);
            for d in 0..n {
                let new = pending[d];
                if new == 0 {
                    continue;
                }
                placed[d] |= new;
                twice |= cells & new;
                cells |= new;
                let mut seen = 0u128;
                let mut m = new;
                while m != 0 {
                    seen |= self.peers[m.trailing_zeros() as usize];
                    m &= m - 1;
                }
                cand[d] &= !seen;
            }
            if cells != 0 {
                for d in 0..n {
                    cand[d] &= !(cells & !pending[d] | twice);
                }
            }
            // Contradictions, and the cells with one candidate left (bit-sliced counts).
            let (mut one, mut two) = (0u128, 0u128);
            for d in 0..n {
                if placed[d] & !cand[d] != 0 {
                    contradiction = true;
                }
                two |= one & cand[d];
                one |= cand[d];
            }
            if contradiction || self.open & !one != 0 {
                contradiction = true;
                break;
            }
            let single = one & !two & self.multi;
            let mut any = false;
            for d in 0..n {
                let mut p = cand[d] & single;
                let gone = read[d] & !cand[d];
                if gone != 0 {
                    read[d] = cand[d];
                    // The units of the cells gone (when they are many, most units).
                    let mut touched = self.has[d];
                    if gone.count_ones() <= GONE_FEW {
                        let (mut units, mut gone) = (0u64, gone);
                        while gone != 0 {
                            units |= self.cell_units[gone.trailing_zeros() as usize];
                            gone &= gone - 1;
                        }
                        touched &= units;
                    }
                    // Without branches on the places (which are unpredictable): an empty
                    // unit contradicts, and a unit with one place left that had two or
                    // more has a hidden single (an empty one adds nothing to `p`).
                    let mut empty = false;
                    while touched != 0 {
                        let u = touched.trailing_zeros() as usize;
                        touched &= touched - 1;
                        let m = cand[d] & self.unit_cells[u];
                        empty |= m == 0;
                        let single = m & m.wrapping_sub(1) == 0;
                        let keep = u128::from(single & (self.several[d] >> u & 1 == 1));
                        p |= m & keep.wrapping_neg();
                    }
                    contradiction |= empty;
                }
                p &= !placed[d];
                pending[d] = p;
                any |= p != 0;
            }
            if contradiction || !any {
                break;
            }
        }
        let mut off = [0u128; MAX_DIGITS];
        for d in 0..n {
            off[d] = self.base[d] & !cand[d];
        }
        Closure {
            on: placed,
            off,
            contradiction,
            rounds,
        }
    }

    /// Whether the closures (none contradicting) share a node that says something new:
    /// a candidate off, or a digit on in a cell that had two candidates or more.
    pub(super) fn share_news<'c>(&self, mut closures: impl Iterator<Item = &'c Closure>) -> bool {
        let Some(first) = closures.next() else {
            return false;
        };
        let mut on = first.on;
        let mut off = first.off;
        for c in closures {
            let mut left = 0u128;
            for d in 0..self.n {
                on[d] &= c.on[d];
                off[d] &= c.off[d];
                left |= on[d] | off[d];
            }
            if left == 0 {
                return false;
            }
        }
        (0..self.n).any(|d| on[d] & self.multi | off[d] != 0)
    }
}
