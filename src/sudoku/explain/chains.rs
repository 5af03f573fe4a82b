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

/// Score added to a chain's base for its length: 0.1 for each of 4, 6, 8, 12, 16, 24 nodes
/// the chain has more than (longer chains are harder to see), as Sudoku Explainer does.
fn length_bonus(nodes: usize) -> u16 {
    [4, 6, 8, 12, 16, 24].iter().filter(|&&t| nodes > t).count() as u16
}

/// A breadth-first search over states `(cell, k)` with parent links, for simple paths.
struct Walk {
    /// (state, parent index) in the order reached.
    nodes: Vec<((usize, u8), usize)>,
}

impl Walk {
    const ROOT: usize = usize::MAX;

    /// Whether `cell` is on the path ending at node `at`.
    fn on_path(&self, mut at: usize, cell: usize) -> bool {
        while at != Self::ROOT {
            let ((c, _), parent) = self.nodes[at];
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

/// The shortest X-chain with eliminations (digits and start cells in order).
pub(super) fn x_chain(board: &Board) -> Option<Step> {
    let cells = board.layout().cells();
    let mut best: Option<Step> = None;
    for digit in 1..=board.size() as u8 {
        let has = |c: usize| board.candidates(c).contains(digit);
        // The strong links of every cell with the digit.
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for unit in 0..board.layout().units().len() {
            let places = board.places(unit, digit);
            if let [p, q] = places[..] {
                if !strong[p].contains(&q) {
                    strong[p].push(q);
                    strong[q].push(p);
                }
            }
        }
        for start in (0..cells).filter(|&c| !strong[c].is_empty()) {
            let limit = best.as_ref().map_or(usize::MAX, |b| b.chain.len());
            // States: (cell, 1) reached by a strong link (next link weak), (cell, 0) by a
            // weak one (or the start: next link strong).
            let mut seen = vec![[false; 2]; cells];
            let mut walk = Walk {
                nodes: vec![((start, 0), Walk::ROOT)],
            };
            seen[start][0] = true;
            let mut head = 0;
            let mut depth = vec![1usize];
            while head < walk.nodes.len() {
                let ((cell, strong_in), _) = walk.nodes[head];
                if depth[head] + 1 >= limit {
                    break; // no shorter chain from here
                }
                let next: Vec<usize> = if strong_in == 0 {
                    strong[cell].clone()
                } else {
                    board
                        .layout()
                        .peers(cell)
                        .iter()
                        .copied()
                        .filter(|&c| has(c))
                        .collect()
                };
                let state = 1 - strong_in;
                for to in next {
                    if seen[to][state as usize] || walk.on_path(head, to) {
                        continue;
                    }
                    seen[to][state as usize] = true;
                    walk.nodes.push(((to, state), head));
                    depth.push(depth[head] + 1);
                    let at = walk.nodes.len() - 1;
                    if state == 1 && depth[at] >= 4 {
                        let path = walk.path(at);
                        let chain_cells: Vec<usize> = path.iter().map(|&(c, _)| c).collect();
                        let eliminations = board.seen_by_all(&[start, to], digit, &chain_cells);
                        if !eliminations.is_empty() {
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
                            if best
                                .as_ref()
                                .is_none_or(|b| step.chain.len() < b.chain.len())
                            {
                                best = Some(step);
                            }
                            head = walk.nodes.len(); // the shortest from this start
                            break;
                        }
                    }
                }
                head += 1;
            }
        }
    }
    best
}

/// The shortest XY-chain with eliminations (start cells and digits in order).
pub(super) fn xy_chain(board: &Board) -> Option<Step> {
    let cells = board.layout().cells();
    let bivalue: Vec<usize> = (0..cells)
        .filter(|&c| board.candidates(c).len() == 2)
        .collect();
    let mut best: Option<Step> = None;
    for &start in &bivalue {
        for first in board.candidates(start) {
            let limit = best.as_ref().map_or(usize::MAX, |b| b.cells.len());
            let out = (board.candidates(start) - crate::sudoku::candidates::Digits::single(first))
                .first()?;
            // States: (cell, its other digit: the one it holds if the previous does not
            // hold the shared one).
            let mut seen = vec![0u128; cells];
            let mut walk = Walk {
                nodes: vec![((start, out), Walk::ROOT)],
            };
            let mut depth = vec![1usize];
            let mut head = 0;
            'search: while head < walk.nodes.len() {
                let ((cell, digit), _) = walk.nodes[head];
                if depth[head] + 1 >= limit {
                    break;
                }
                for &to in board.layout().peers(cell) {
                    let m = board.candidates(to);
                    if m.len() != 2 || !m.contains(digit) {
                        continue;
                    }
                    let other = (m - crate::sudoku::candidates::Digits::single(digit)).first()?;
                    let bit = 1u128 << (other - 1);
                    if seen[to] & bit != 0 || walk.on_path(head, to) {
                        continue;
                    }
                    seen[to] |= bit;
                    walk.nodes.push(((to, other), head));
                    depth.push(depth[head] + 1);
                    if other != first || depth[head] + 1 < 3 {
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
                    if best
                        .as_ref()
                        .is_none_or(|b| step.cells.len() < b.cells.len())
                    {
                        best = Some(step);
                    }
                    break 'search;
                }
                head += 1;
            }
        }
    }
    best
}
