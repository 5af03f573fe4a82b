//! X-chains and XY-chains: alternating inference chains whose two ends cannot both be
//! false, so a candidate seeing both ends is false.
//!
//! **X-chain** (one digit): cells holding the digit, linked alternately by *strong* links
//! (the only two places of the digit in some unit: one of them holds it) and *weak* links
//! (two cells sharing a unit: not both hold it), starting and ending with a strong link. If
//! the first cell does not hold the digit, the second does, so the third does not, ..., so
//! the last does: one of the ends holds it, and any cell seeing both ends does not.
//!
//! **XY-chain** (bivalue cells): each cell has two candidates (a strong link inside the
//! cell), and each shares a unit and a digit with the next (a weak link). Starting with
//! digit `a` in the first cell: if the first cell is not `a` it is its other digit `b`, so
//! the next cell is not `b`, so it is its other digit... If the chain ends on a cell whose
//! other digit is `a`, one of the two ends is `a`: cells seeing both lose `a`.
//!
//! The shortest chain is taken (breadth-first search from every start, ties to the first
//! digit and start in order): players find short chains first and prefer them.

use super::board::Board;
use super::se::{self, LinkUnit};
use super::step::{Candidate, Score, Step, Strategy};
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// A breadth-first search over states `(cell, k)` with parent links, for simple paths.
#[derive(Default)]
struct Walk {
    /// (state, parent index, nodes on the path to it) in the order reached.
    nodes: Vec<((usize, u8), usize, usize)>,
}

impl Walk {
    const ROOT: usize = usize::MAX;

    fn start(&mut self, state: (usize, u8)) {
        self.nodes.clear();
        self.nodes.push((state, Self::ROOT, 1));
    }

    fn push(&mut self, state: (usize, u8), parent: usize) {
        let depth = self.nodes[parent].2 + 1;
        self.nodes.push((state, parent, depth));
    }

    /// Whether `cell` is on the path ending at node `at`.
    fn on_path(&self, mut at: usize, cell: usize) -> bool {
        while at != Self::ROOT {
            let ((c, _), parent, _) = self.nodes[at];
            if c == cell {
                return true;
            }
            at = parent;
        }
        false
    }

    /// The states of the path ending at node `at`, from the root.
    fn path(&self, mut at: usize) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        while at != Self::ROOT {
            out.push(self.nodes[at].0);
            at = self.nodes[at].1;
        }
        out.reverse();
        out
    }
}

/// Marks of the states reached, cleared in O(1) by moving to a new stamp.
struct Seen {
    stamp: u32,
    marks: Vec<u32>,
}

impl Seen {
    fn new(states: usize) -> Seen {
        Seen {
            stamp: 0,
            marks: vec![0; states],
        }
    }

    fn clear(&mut self) {
        self.stamp += 1;
    }

    /// Marks a state; false if it was marked already.
    fn insert(&mut self, state: usize) -> bool {
        let fresh = self.marks[state] != self.stamp;
        self.marks[state] = self.stamp;
        fresh
    }
}

/// The shortest X-chain with eliminations (digits and start cells in order).
pub(super) fn x_chain(board: &Board) -> Option<Step> {
    x_chain_in(board, Digits::all(board.size()))
}

/// [`x_chain`] on `digits` only: each digit's search reads that digit's places alone.
pub(super) fn x_chain_in(board: &Board, digits: Digits) -> Option<Step> {
    let layout = board.layout();
    let cells = layout.cells();
    let mut best: Option<Step> = None;
    let mut walk = Walk::default();
    let mut seen = Seen::new(2 * cells);
    // The strong links of one digit: each cell's partners in the units where the two are
    // the digit's only places.
    let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for digit in digits.iter().filter(|&d| (d as usize) <= board.size()) {
        strong.iter_mut().for_each(Vec::clear);
        for unit in 0..layout.units().len() {
            let mask = board.place_mask(unit, digit);
            if mask.count_ones() == 2 {
                let cells = &layout.units()[unit].cells;
                let p = cells[mask.trailing_zeros() as usize];
                let q = cells[127 - mask.leading_zeros() as usize];
                if !strong[p].contains(&q) {
                    strong[p].push(q);
                    strong[q].push(p);
                }
            }
        }
        for start in (0..cells).filter(|&c| !strong[c].is_empty()) {
            let limit = best.as_ref().map_or(usize::MAX, |b| b.chain.len());
            if limit <= 4 {
                return best; // no chain is shorter than four cells
            }
            // States: (cell, 1) reached by a strong link (next link weak), (cell, 0) by a
            // weak one (or the start: next link strong).
            seen.clear();
            walk.start((start, 0));
            seen.insert(2 * start);
            let mut head = 0;
            'search: while head < walk.nodes.len() {
                let ((cell, strong_in), _, depth) = walk.nodes[head];
                if depth + 1 >= limit {
                    break; // no shorter chain from here
                }
                let state = 1 - strong_in;
                let next = if strong_in == 0 {
                    &strong[cell][..]
                } else {
                    layout.peers(cell)
                };
                for &to in next {
                    if !board.candidates(to).contains(digit) {
                        continue;
                    }
                    if !seen.insert(2 * to + state as usize) || walk.on_path(head, to) {
                        continue;
                    }
                    walk.push((to, state), head);
                    let at = walk.nodes.len() - 1;
                    if state != 1 || depth + 1 < 4 || !board.sees_both(start, to, digit) {
                        continue;
                    }
                    let path = walk.path(at);
                    let chain_cells: Vec<usize> = path.iter().map(|&(c, _)| c).collect();
                    let eliminations = board.seen_by_all(&[start, to], digit, &chain_cells);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Strategy::XChain);
                    step.score = x_chain_value(board, &path, digit);
                    step.cells = chain_cells;
                    step.digits.push(digit);
                    step.chain = path
                        .iter()
                        .map(|&(cell, _)| Candidate { cell, digit })
                        .collect();
                    step.eliminations = eliminations;
                    best = Some(step);
                    break 'search; // the shortest from this start
                }
                head += 1;
            }
        }
    }
    best
}

/// The XY-chain or XY-loop of least value as Sudoku Explainer rates them: the shortest
/// chain with eliminations and the shortest loop with eliminations (start cells and digits
/// in order), the chain on a tie.
pub(super) fn xy_chain(board: &Board) -> Option<Step> {
    let peers = BivaluePeers::new(board);
    match (
        xy_search(board, &peers, false),
        xy_search(board, &peers, true),
    ) {
        (Some(chain), Some(cycle)) if cycle.score < chain.score => Some(cycle),
        (chain, cycle) => chain.or(cycle),
    }
}

/// Each cell's bivalue peers, in the order of its peers: the only cells an XY-chain goes
/// on to, listed once for the searches from every start.
struct BivaluePeers {
    /// Cell `c`'s are `cells[at[c]..at[c + 1]]`.
    at: Vec<usize>,
    cells: Vec<usize>,
}

impl BivaluePeers {
    fn new(board: &Board) -> BivaluePeers {
        let layout = board.layout();
        let mut at = Vec::with_capacity(layout.cells() + 1);
        let mut cells = Vec::new();
        at.push(0);
        for c in 0..layout.cells() {
            cells.extend(
                layout
                    .peers(c)
                    .iter()
                    .copied()
                    .filter(|&p| board.candidates(p).len() == 2),
            );
            at.push(cells.len());
        }
        BivaluePeers { at, cells }
    }

    fn of(&self, cell: usize) -> &[usize] {
        &self.cells[self.at[cell]..self.at[cell + 1]]
    }
}

/// An XY-chain's value as SE finds its elimination: a forcing chain from the eliminated
/// candidate, through both digits of each of the `cells` cells, back to the candidate off
/// (SE `ForcingChainHint` from its search on both kinds of link: 7.0, and the length bonus
/// of `2 * cells + 2` nodes).
fn xy_chain_value(cells: usize) -> Score {
    Score::from_tenths(se::forcing_chain(true) + se::length_bonus(2 * cells + 2))
}

/// An XY-loop's value (SE `CycleHint`, a *bidirectional Y-cycle*: 6.5, and the length
/// bonus of its `2 * cells` nodes).
fn xy_loop_value(cells: usize) -> Score {
    Score::from_tenths(se::Y_CYCLE + se::length_bonus(2 * cells))
}

/// An X-chain's value as SE rates it: up to four strong links, SukakuExplainer's
/// `StrongLinks` ([`se::strong_links`], by the kinds of units its links lie in, as the
/// strong-link rungs); from five, a forcing X-chain from the eliminated candidate (SE
/// `ForcingChainHint` from its search on links in units only, named "Forcing X-Chain":
/// 6.6, and the length bonus of the path's nodes and the candidate on and off). `serate`'s
/// default techniques leave out SE's rules of five and six strong links (`Settings.init`
/// removes `FiveStrongLinks` and `SixStrongLinks`), so SE finds a chain of five or six
/// links by its chaining rule, at 6.9 where `StrongLinks` would give 6.2 to 6.8 (branches
/// xchain16, sl5x).
pub(super) fn x_chain_value(board: &Board, path: &[(usize, u8)], digit: u8) -> Score {
    let links = path.len() / 2;
    if links > 4 {
        return Score::from_tenths(se::forcing_chain(false) + se::length_bonus(path.len() + 2));
    }
    let layout = board.layout();
    let units: Vec<LinkUnit> = path
        .chunks(2)
        .map(|pair| {
            let common = board.common_units(&[pair[0].0, pair[1].0]);
            let strong = |kind: UnitKind| {
                common.iter().any(|&u| {
                    layout.units()[u].kind == kind && board.place_mask(u, digit).count_ones() == 2
                })
            };
            if strong(UnitKind::Row) {
                LinkUnit::Row
            } else if strong(UnitKind::Column) {
                LinkUnit::Column
            } else {
                LinkUnit::Box
            }
        })
        .collect();
    se::strong_links(links, &units, false)
}

/// The shortest XY-chain with eliminations, or with `cycle` the shortest XY-loop (the last
/// cell sees the first and shares its first digit) with eliminations.
fn xy_search(board: &Board, peers: &BivaluePeers, cycle: bool) -> Option<Step> {
    let layout = board.layout();
    let cells = layout.cells();
    let n = board.size();
    let mut best: Option<Step> = None;
    let mut walk = Walk::default();
    let mut seen = Seen::new(cells * (n + 1));
    for start in (0..cells).filter(|&c| board.candidates(c).len() == 2) {
        for first in board.candidates(start) {
            let limit = best.as_ref().map_or(usize::MAX, |b| b.cells.len());
            if limit <= 3 {
                return best; // no chain is shorter than three cells
            }
            let out = (board.candidates(start) - Digits::single(first)).first()?;
            // States: (cell, its other digit: the one it holds if the previous cell holds
            // the digit they share).
            seen.clear();
            walk.start((start, out));
            let mut head = 0;
            'search: while head < walk.nodes.len() {
                let ((cell, digit), _, depth) = walk.nodes[head];
                if depth + 1 >= limit {
                    break;
                }
                for &to in peers.of(cell) {
                    let m = board.candidates(to);
                    if !m.contains(digit) {
                        continue;
                    }
                    let other = (m - Digits::single(digit)).first()?;
                    if !seen.insert(to * (n + 1) + other as usize) || walk.on_path(head, to) {
                        continue;
                    }
                    walk.push((to, other), head);
                    if other != first || depth + 1 < 3 {
                        continue;
                    }
                    let closes = if cycle {
                        board.sees(start, to)
                    } else {
                        board.sees_both(start, to, first)
                    };
                    if !closes {
                        continue;
                    }
                    let path = walk.path(walk.nodes.len() - 1);
                    let chain_cells: Vec<usize> = path.iter().map(|&(c, _)| c).collect();
                    let eliminations = if cycle {
                        loop_eliminations(board, &path, first)
                    } else {
                        board.seen_by_all(&[start, to], first, &chain_cells)
                    };
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Strategy::XyChain);
                    step.score = if cycle {
                        xy_loop_value(path.len())
                    } else {
                        xy_chain_value(path.len())
                    };
                    let mut incoming = first;
                    for &(cell, other) in &path {
                        step.chain.push(Candidate {
                            cell,
                            digit: incoming,
                        });
                        step.chain.push(Candidate { cell, digit: other });
                        incoming = other;
                    }
                    if cycle {
                        // Eureka's loop: the first node again at the end.
                        step.chain.push(Candidate {
                            cell: start,
                            digit: first,
                        });
                        step.chain.push(Candidate {
                            cell: start,
                            digit: out,
                        });
                    }
                    step.cells = chain_cells;
                    step.digits.push(first);
                    step.eliminations = eliminations;
                    best = Some(step);
                    break 'search;
                }
                head += 1;
            }
        }
    }
    best
}

/// The eliminations of an XY-loop (path: each cell and its digit toward the next; the last
/// cell's digit `first` links back to the first cell), as SE's bidirectional Y-cycle takes
/// them: the loop holds either each cell's digit toward the next or each cell's other
/// digit, so a digit leaves every cell outside the loop that sees a loop cell holding it
/// each way (each weak link's digit from the cells seeing both its cells first).
fn loop_eliminations(board: &Board, path: &[(usize, u8)], first: u8) -> Vec<Candidate> {
    let cells: Vec<usize> = path.iter().map(|&(c, _)| c).collect();
    let mut out: Vec<Candidate> = Vec::new();
    for (k, &(cell, digit)) in path.iter().enumerate() {
        let next = path.get(k + 1).map_or(path[0].0, |p| p.0);
        let digit = if k + 1 == path.len() { first } else { digit };
        for e in board.seen_by_all(&[cell, next], digit, &cells) {
            if !out.contains(&e) {
                out.push(e);
            }
        }
    }
    // Each loop cell holds its digit toward the next one way, its other digit the other.
    let ways: Vec<(usize, u8, u8)> = path
        .iter()
        .map(|&(cell, digit)| {
            let other = (board.candidates(cell) - Digits::single(digit))
                .first()
                .unwrap_or(0);
            (cell, digit, other)
        })
        .collect();
    for c in (0..board.layout().cells()).filter(|c| !cells.contains(c)) {
        for digit in board.candidates(c) {
            let seen = |way: fn(&(usize, u8, u8)) -> u8| {
                ways.iter().any(|w| way(w) == digit && board.sees(c, w.0))
            };
            let e = Candidate { cell: c, digit };
            if seen(|w| w.1) && seen(|w| w.2) && !out.contains(&e) {
                out.push(e);
            }
        }
    }
    out
}
