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
use super::step::{Candidate, Score, Step, Strategy};
use crate::sudoku::candidates::Digits;

/// Score added to a chain's base for its length: 0.1 for each of 4, 6, 8, 12, 16, 24 nodes
/// the chain has more than (longer chains are harder to see), as Sudoku Explainer does.
fn length_bonus(nodes: usize) -> u16 {
    [4, 6, 8, 12, 16, 24].iter().filter(|&&t| nodes > t).count() as u16
}

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
    let layout = board.layout();
    let cells = layout.cells();
    let mut best: Option<Step> = None;
    let mut walk = Walk::default();
    let mut seen = Seen::new(2 * cells);
    // The strong links of one digit: each cell's partners in the units where the two are
    // the digit's only places.
    let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for digit in 1..=board.size() as u8 {
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
                    step.score = Score::from_tenths(
                        Strategy::XChain.score().tenths() + length_bonus(path.len()),
                    );
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

/// The shortest XY-chain with eliminations (start cells and digits in order).
pub(super) fn xy_chain(board: &Board) -> Option<Step> {
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
                for &to in layout.peers(cell) {
                    let m = board.candidates(to);
                    if m.len() != 2 || !m.contains(digit) {
                        continue;
                    }
                    let other = (m - Digits::single(digit)).first()?;
                    if !seen.insert(to * (n + 1) + other as usize) || walk.on_path(head, to) {
                        continue;
                    }
                    walk.push((to, other), head);
                    if other != first || depth + 1 < 3 || !board.sees_both(start, to, first) {
                        continue;
                    }
                    let path = walk.path(walk.nodes.len() - 1);
                    let chain_cells: Vec<usize> = path.iter().map(|&(c, _)| c).collect();
                    let eliminations = board.seen_by_all(&[start, to], first, &chain_cells);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Strategy::XyChain);
                    step.score = Score::from_tenths(
                        Strategy::XyChain.score().tenths() + length_bonus(path.len()),
                    );
                    let mut incoming = first;
                    for &(cell, other) in &path {
                        step.chain.push(Candidate {
                            cell,
                            digit: incoming,
                        });
                        step.chain.push(Candidate { cell, digit: other });
                        incoming = other;
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
