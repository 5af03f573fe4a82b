//! Simple colouring and multi-colouring: one digit's conjugate pairs (the only two places
//! of the digit in a unit: exactly one holds it) joined into *clusters*, each coloured in
//! two colours so that the two cells of every pair differ. In a cluster one colour holds
//! the digit in every cell and the other in none.
//!
//! - **Colour trap** (simple colouring): a cell outside the chain that sees a cell of each
//!   colour loses the digit, since one of them holds it.
//! - **Colour wrap** (simple colouring): two cells of one colour in a unit cannot both hold
//!   the digit, so that colour is false and every cell of it loses the digit.
//! - **Multi-colouring**: two clusters of the digit, a cell of colour `A` of the first
//!   seeing a cell of colour `B` of the second: `A` and `B` are not both true, so the
//!   opposite colour of one of them is; a cell seeing a cell of each opposite colour loses
//!   the digit.
//!
//! Sudoku Explainer has no colouring rule: it finds the same eliminations as chains, and
//! each step here is valued as SE values the chain it would find for it, so that the
//! rating does not depend on the name. A trap by cells `a` and `b` is the X-chain
//! `a=..=b` along the cluster's pairs (every other pair used as a weak link), and a
//! multi-colouring step the X-chain through the two clusters joined by the weak link
//! between `A` and `B`: both take the X-chain's value ([`chains::x_chain_value`]: SE's
//! strong links up to five, a forcing X-chain from six). A wrap by cells `p` and `q` is
//! SE's forcing chain from `p` on, along the pairs to `q` on, back to `p` off (6.6 and the
//! length bonus of its nodes). Like an X-chain, a trap or multi-colouring step takes the
//! cells seeing both ends of its chain; a wrap takes the whole colour. Of a rung's steps
//! the one of least value is taken, then the shortest chain, then the first found
//! (digits, clusters and cells in order).
//!
//! The rungs sit just before the X-chain and compete by value with the chaining rungs
//! ([`Strategy::is_chaining`]), as SE's chaining rule offers its hint of least value: a
//! colouring step is the step where its chain is the least SE would find, and on a tie
//! it comes first. Conjugate pairs come from every unit of the layout (rows, columns,
//! boxes and any extra units); "seeing" is sharing any unit.

use super::board::Board;
use super::chains;
use super::se;
use super::step::{Candidate, Score, Step, Strategy};

/// No cell.
const NONE: usize = usize::MAX;

/// One digit's clusters on a board.
struct Clusters {
    digit: u8,
    /// Each cluster's cells, in cell order.
    members: Vec<Vec<usize>>,
    /// Each cell's cluster and colour (0 or 1), if it is in one.
    of: Vec<Option<(usize, u8)>>,
    /// Each cell's conjugate partners.
    partners: Vec<Vec<usize>>,
}

impl Clusters {
    /// The clusters of `digit`: cells joined by conjugate pairs, coloured by a breadth-first
    /// walk from their first cell. A cluster that cannot be coloured (an odd cycle of pairs:
    /// the board has no solution) is left out.
    fn new(board: &Board, digit: u8) -> Clusters {
        let layout = board.layout();
        let cells = layout.cells();
        let mut partners: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (unit, u) in layout.units().iter().enumerate() {
            let mask = board.place_mask(unit, digit);
            if mask.count_ones() == 2 {
                let p = u.cells[mask.trailing_zeros() as usize];
                let q = u.cells[127 - mask.leading_zeros() as usize];
                if !partners[p].contains(&q) {
                    partners[p].push(q);
                    partners[q].push(p);
                }
            }
        }
        let mut of: Vec<Option<(usize, u8)>> = vec![None; cells];
        let mut members = Vec::new();
        for start in 0..cells {
            if of[start].is_some() || partners[start].is_empty() {
                continue;
            }
            let id = members.len();
            let mut cluster = vec![start];
            of[start] = Some((id, 0));
            let mut head = 0;
            let mut sound = true;
            while head < cluster.len() {
                let c = cluster[head];
                let colour = of[c].map_or(0, |(_, k)| k);
                for &p in &partners[c] {
                    match of[p] {
                        None => {
                            of[p] = Some((id, 1 - colour));
                            cluster.push(p);
                        }
                        Some((_, k)) if k == colour => sound = false,
                        Some(_) => {}
                    }
                }
                head += 1;
            }
            if sound {
                cluster.sort_unstable();
                members.push(cluster);
            } else {
                // Mark its cells as belonging to no usable cluster, under an id no list has.
                for &c in &cluster {
                    of[c] = Some((usize::MAX, 0));
                }
            }
        }
        Clusters {
            digit,
            members,
            of,
            partners,
        }
    }

    /// The colour of a cell (0 for a cell in no cluster).
    fn colour(&self, cell: usize) -> u8 {
        self.of[cell].map_or(0, |(_, k)| k)
    }

    /// Each cell's parent on the shortest paths from `from` along the pairs (`from` its own
    /// parent; `NONE` off its cluster).
    fn paths_from(&self, from: usize) -> Vec<usize> {
        let mut parent = vec![NONE; self.of.len()];
        parent[from] = from;
        let mut queue = vec![from];
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            for &p in &self.partners[c] {
                if parent[p] == NONE {
                    parent[p] = c;
                    queue.push(p);
                }
            }
            head += 1;
        }
        parent
    }
}

/// The path from `to` back to the root of `parent` ([`Clusters::paths_from`]), `to` first.
fn path_to(parent: &[usize], to: usize) -> Vec<usize> {
    let mut out = vec![to];
    let mut c = to;
    while parent[c] != c {
        c = parent[c];
        out.push(c);
    }
    out
}

/// A step found: its value, chain, and what it removes.
struct Found {
    tenths: u16,
    digit: u8,
    /// The clusters (one, or two for multi-colouring).
    clusters: Vec<usize>,
    /// The chain SE would find: a trap's or multi-colouring's X-chain, or a wrap's path
    /// from one cell of the colour to the other.
    chain: Vec<usize>,
    /// A wrap's unit.
    unit: Option<usize>,
    eliminations: Vec<Candidate>,
}

impl Found {
    /// Whether this step beats `best` (less value, then a shorter chain).
    fn beats(&self, best: &Option<Found>) -> bool {
        best.as_ref()
            .is_none_or(|b| (self.tenths, self.chain.len()) < (b.tenths, b.chain.len()))
    }
}

/// An X-chain's value on the cells of `chain` (pairs of a strong link each).
fn x_value(board: &Board, chain: &[usize], digit: u8) -> u16 {
    let path: Vec<(usize, u8)> = chain.iter().map(|&c| (c, 0)).collect();
    chains::x_chain_value(board, &path, digit).tenths()
}

/// The colour traps and wraps of one digit's clusters, the best kept in `best`.
fn simple_in(board: &Board, k: &Clusters, best: &mut Option<Found>) {
    trap_in(board, k, best);
    wrap_in(board, k, best);
}

/// The colour traps of one digit's clusters, the best kept in `best`.
fn trap_in(board: &Board, k: &Clusters, best: &mut Option<Found>) {
    let d = k.digit;
    for (id, cluster) in k.members.iter().enumerate() {
        // Trap: a cell seeing both ends of the chain from `a` to `b` (opposite colours, at
        // least three pairs apart as an X-chain needs four cells).
        for (i, &a) in cluster.iter().enumerate() {
            let parent = k.paths_from(a);
            for &b in &cluster[i + 1..] {
                if k.colour(a) == k.colour(b) || !board.sees_both(a, b, d) {
                    continue;
                }
                let mut chain = path_to(&parent, b);
                chain.reverse();
                if chain.len() < 4 {
                    continue;
                }
                let eliminations = board.seen_by_all(&[a, b], d, &chain);
                if eliminations.is_empty() {
                    continue;
                }
                let found = Found {
                    tenths: x_value(board, &chain, d),
                    digit: d,
                    clusters: vec![id],
                    chain,
                    unit: None,
                    eliminations,
                };
                if found.beats(best) {
                    *best = Some(found);
                }
            }
        }
    }
}

/// The colour wraps of one digit's clusters (two cells of one colour in a unit), the best
/// kept in `best`.
fn wrap_in(board: &Board, k: &Clusters, best: &mut Option<Found>) {
    let layout = board.layout();
    let d = k.digit;
    for (id, cluster) in k.members.iter().enumerate() {
        for (unit, u) in layout.units().iter().enumerate() {
            for colour in 0..2u8 {
                let mut same = u
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| k.of[c] == Some((id, colour)));
                let (Some(p), Some(q)) = (same.next(), same.next()) else {
                    continue;
                };
                let mut chain = path_to(&k.paths_from(p), q);
                chain.reverse();
                // SE's forcing chain: p on, the path's nodes to q on, then p off.
                let tenths = se::forcing_chain(false) + se::length_bonus(chain.len() + 1);
                let eliminations: Vec<Candidate> = cluster
                    .iter()
                    .filter(|&&c| k.colour(c) == colour)
                    .map(|&cell| Candidate { cell, digit: d })
                    .collect();
                let found = Found {
                    tenths,
                    digit: d,
                    clusters: vec![id],
                    chain,
                    unit: Some(unit),
                    eliminations,
                };
                if found.beats(best) {
                    *best = Some(found);
                }
            }
        }
    }
}

/// The multi-colouring steps of one digit's clusters, the best kept in `best`.
fn multi_in(board: &Board, k: &Clusters, best: &mut Option<Found>) {
    let d = k.digit;
    let parents: Vec<Vec<usize>> = (0..k.of.len())
        .map(|c| match k.of[c] {
            Some((id, _)) if id < k.members.len() => k.paths_from(c),
            _ => Vec::new(),
        })
        .collect();
    for (i, first) in k.members.iter().enumerate() {
        for (j, second) in k.members.iter().enumerate().skip(i + 1) {
            for &a1 in first {
                for &a2 in second.iter().filter(|&&a2| board.sees(a1, a2)) {
                    let (x1, x2) = (k.colour(a1), k.colour(a2));
                    for &b1 in first.iter().filter(|&&b| k.colour(b) != x1) {
                        for &b2 in second.iter().filter(|&&b| k.colour(b) != x2) {
                            if !board.sees_both(b1, b2, d) {
                                continue;
                            }
                            // b1 = .. = a1 - a2 = .. = b2.
                            let mut chain = path_to(&parents[a1], b1);
                            let mut tail = path_to(&parents[b2], a2);
                            chain.append(&mut tail);
                            let eliminations = board.seen_by_all(&[b1, b2], d, &chain);
                            if eliminations.is_empty() {
                                continue;
                            }
                            let found = Found {
                                tenths: x_value(board, &chain, d),
                                digit: d,
                                clusters: vec![i, j],
                                chain,
                                unit: None,
                                eliminations,
                            };
                            if found.beats(best) {
                                *best = Some(found);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The step of `found`, whose clusters are `k`'s.
fn step_of(strategy: Strategy, k: &Clusters, f: Found) -> Step {
    let mut step = Step::new(strategy);
    step.score = Score::from_tenths(f.tenths);
    step.digits.push(f.digit);
    for (n, &id) in f.clusters.iter().enumerate() {
        for colour in 0..2u8 {
            for &c in k.members[id].iter().filter(|&&c| k.colour(c) == colour) {
                step.cells.push(c);
                step.colours.push(2 * n as u8 + colour);
            }
        }
    }
    step.units.extend(f.unit);
    step.chain = f
        .chain
        .iter()
        .map(|&cell| Candidate {
            cell,
            digit: f.digit,
        })
        .collect();
    let mut eliminations = f.eliminations;
    eliminations.sort_unstable();
    step.eliminations = eliminations;
    step
}

/// The simple colouring step of least value: a colour trap or a colour wrap.
pub(super) fn simple_colouring(board: &Board) -> Option<Step> {
    best_of(board, Strategy::SimpleColouring, simple_in)
}

/// The multi-colouring step of least value.
pub(super) fn multi_colouring(board: &Board) -> Option<Step> {
    best_of(board, Strategy::MultiColouring, multi_in)
}

/// The best step `search` finds over the board's digits, in order.
fn best_of(
    board: &Board,
    strategy: Strategy,
    search: fn(&Board, &Clusters, &mut Option<Found>),
) -> Option<Step> {
    let mut best: Option<(Found, Clusters)> = None;
    for digit in 1..=board.size() as u8 {
        let k = Clusters::new(board, digit);
        let mut found = None;
        search(board, &k, &mut found);
        if let Some(f) = found {
            let better = best
                .as_ref()
                .is_none_or(|(b, _)| (f.tenths, f.chain.len()) < (b.tenths, b.chain.len()));
            if better {
                best = Some((f, k));
            }
        }
    }
    best.map(|(f, k)| step_of(strategy, &k, f))
}
