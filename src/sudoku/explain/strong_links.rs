//! Chains and loops of three to five strong links on one digit, grouped or not, as Sudoku
//! Explainer's strong-links rule finds them (SukakuExplainer `StrongLinks`, which it tries
//! one number of links at a time: three after the hidden quad, four after the BUG types,
//! five after the aligned pair exclusion).
//!
//! A *strong link* splits a unit's places for the digit into two *nodes*, one of which
//! holds it: two cells, or groups as [`grouped`](super::grouped) makes them (a line's
//! places in two boxes, a box's places on one row and one column of it). Links follow each
//! other through *weak links*: the last node of one and the first of the next lie together
//! in a unit (a row, column or box), so they cannot both hold the digit. The units of the
//! links share no place of the digit.
//!
//! - An open chain `S=..-..=E` (a *grouped X-chain* when a node is a group): one of `S`
//!   and `E` holds the digit, which leaves every cell seeing all of their cells.
//! - A closed one, when `E` and `S` lie in one unit too (an *X-loop*, a continuous nice
//!   loop): either every first node of a link holds the digit or every second one does,
//!   so each weak link holds it once, and the digit leaves every cell seeing both of its
//!   nodes.
//!
//! As SE does, cells in the links' units never lose the digit, nor, for an open chain,
//! cells in its weak links' units. Of the patterns with a number of links, the step takes
//! the one of least value ([`se::strong_links`]), then with most eliminations. Longer chains
//! and loops are the X-chain's rung and SE's cycles.

use super::board::Board;
use super::grouped::{self, Link};
use super::se;
use super::step::{Candidate, Score, Step, Strategy};
use crate::sudoku::grid::UnitKind;

/// The most places of a unit that SE splits into a strong link.
const MOST_PLACES: usize = 6;

/// A link of the path: which, and the end it is entered by.
#[derive(Clone, Copy)]
struct Hop {
    link: usize,
    entry: usize,
}

/// The step of least value with `count` strong links (3, 4 or 5), if one eliminates.
pub(super) fn strong_links(board: &Board, count: usize) -> Option<Step> {
    let mut best: Option<(Score, usize, Step)> = None;
    for digit in 1..=board.size() as u8 {
        let links = usable(board, grouped::links(board, digit));
        let next = weak_links(board, &links);
        let mut search = Search {
            board,
            digit,
            links: &links,
            next: &next,
            count,
            used: vec![false; board.layout().cells()],
            path: Vec::with_capacity(count),
            weak: Vec::with_capacity(count),
            best: &mut best,
        };
        for link in 0..links.len() {
            for entry in 0..2 {
                search.enter(Hop { link, entry }, None);
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// The links SE splits: at most six places, and a box's two places only off a line (on a
/// line they are the line's link).
fn usable(board: &Board, links: Vec<Link>) -> Vec<Link> {
    let layout = board.layout();
    links
        .into_iter()
        .filter(|l| {
            let in_box = layout.units()[l.unit].kind == UnitKind::Box;
            let on_line = || {
                board
                    .common_units(&l.places)
                    .iter()
                    .any(|&u| matches!(layout.units()[u].kind, UnitKind::Row | UnitKind::Column))
            };
            l.places.len() <= MOST_PLACES && !(in_box && l.places.len() == 2 && on_line())
        })
        .collect()
}

/// The unit holding every cell of two nodes (SE looks in a column, a row, then a box), if
/// any: `a` and `b` are the nodes' common units.
fn weak_unit(board: &Board, a: &[usize], b: &[usize]) -> Option<usize> {
    let kinds = [UnitKind::Column, UnitKind::Row, UnitKind::Box];
    let units = board.layout().units();
    kinds.iter().find_map(|&kind| {
        a.iter()
            .copied()
            .find(|u| units[*u].kind == kind && b.contains(u))
    })
}

/// For each link and the end it is left by (`2 * link + exit`), the links entered next:
/// (hop, the weak link's unit).
fn weak_links(board: &Board, links: &[Link]) -> Vec<Vec<(Hop, usize)>> {
    let mut out = vec![Vec::new(); 2 * links.len()];
    for (i, from) in links.iter().enumerate() {
        for exit in 0..2 {
            for (j, to) in links.iter().enumerate() {
                if to.unit == from.unit {
                    continue;
                }
                for entry in 0..2 {
                    if let Some(w) = weak_unit(board, &from.common[exit], &to.common[entry]) {
                        out[2 * i + exit].push((Hop { link: j, entry }, w));
                    }
                }
            }
        }
    }
    out
}

/// A depth-first search over paths of links, keeping the best step.
struct Search<'a> {
    board: &'a Board,
    digit: u8,
    links: &'a [Link],
    next: &'a [Vec<(Hop, usize)>],
    count: usize,
    /// The places of the links on the path.
    used: Vec<bool>,
    path: Vec<Hop>,
    /// The weak links' units, between the path's links.
    weak: Vec<usize>,
    best: &'a mut Option<(Score, usize, Step)>,
}

impl<'a> Search<'a> {
    /// Adds `hop` to the path (through the weak link `weak`) if its places are free, and
    /// goes on from it.
    fn enter(&mut self, hop: Hop, weak: Option<usize>) {
        let (links, next) = (self.links, self.next);
        let link = &links[hop.link];
        if link.places.iter().any(|&p| self.used[p]) {
            return;
        }
        link.places.iter().for_each(|&p| self.used[p] = true);
        self.path.push(hop);
        self.weak.extend(weak);
        if self.path.len() == self.count {
            // Each open chain is met from both ends: the one from its lower link is kept.
            if self.path[0].link < hop.link {
                self.evaluate();
            }
        } else {
            let exit = 1 - hop.entry;
            for &(to, w) in &next[2 * hop.link + exit] {
                self.enter(to, Some(w));
            }
        }
        self.path.pop();
        if weak.is_some() {
            self.weak.pop();
        }
        link.places.iter().for_each(|&p| self.used[p] = false);
    }

    /// The node of a hop: its entry end (`true`) or its exit end.
    fn node(&self, hop: Hop, entry: bool) -> &'a [usize] {
        let end = if entry { hop.entry } else { 1 - hop.entry };
        let links: &'a [Link] = self.links;
        &links[hop.link].ends[end]
    }

    /// The candidates `digit` leaves, seeing every cell of `nodes`, outside the links'
    /// units (and `also`).
    fn seeing(&self, nodes: &[&[usize]], also: &[usize]) -> Vec<Candidate> {
        let layout = self.board.layout();
        let cells: Vec<usize> = nodes.concat();
        self.board
            .seen_by_all(&cells, self.digit, &[])
            .into_iter()
            .filter(|e| {
                let units = layout.units_of(e.cell);
                !self
                    .path
                    .iter()
                    .any(|h| units.contains(&self.links[h.link].unit))
                    && !also.iter().any(|u| units.contains(u))
            })
            .collect()
    }

    /// The pattern of the full path: its eliminations and value, kept if the best.
    fn evaluate(&mut self) {
        let (first, last) = (self.path[0], self.path[self.count - 1]);
        let (start, end) = (self.node(first, true), self.node(last, false));
        let ring = weak_unit(
            self.board,
            &self.links[first.link].common[first.entry],
            &self.links[last.link].common[1 - last.entry],
        );
        let mut eliminations = match ring {
            None => self.seeing(&[start, end], &self.weak),
            Some(_) => {
                let mut all = self.seeing(&[start, end], &[]);
                for pair in self.path.windows(2) {
                    let (a, b) = (self.node(pair[0], false), self.node(pair[1], true));
                    all.extend(self.seeing(&[a, b], &[]));
                }
                all
            }
        };
        eliminations.sort_unstable();
        eliminations.dedup();
        if eliminations.is_empty() {
            return;
        }
        let units = self.board.layout().units();
        let kinds: Vec<se::LinkUnit> = self
            .path
            .iter()
            .map(|h| grouped::link_unit(units[self.links[h.link].unit].kind))
            .collect();
        let grouped = self.path.iter().any(|h| self.links[h.link].grouped);
        let score = se::strong_links(self.count, &kinds, grouped);
        let better = self.best.as_ref().is_none_or(|(s, e, _)| {
            (score, std::cmp::Reverse(eliminations.len())) < (*s, std::cmp::Reverse(*e))
        });
        if !better {
            return;
        }
        let strategy = match self.count {
            3 => Strategy::ThreeStrongLinks,
            4 => Strategy::FourStrongLinks,
            _ => Strategy::FiveStrongLinks,
        };
        let mut step = Step::new(strategy);
        step.score = score;
        step.units = self.path.iter().map(|h| self.links[h.link].unit).collect();
        step.units.extend(&self.weak);
        step.units.extend(ring);
        step.digits.push(self.digit);
        for &hop in &self.path {
            for entry in [true, false] {
                let node = self.node(hop, entry);
                step.chain.push(Candidate {
                    cell: node[0],
                    digit: self.digit,
                });
                step.cells.extend(node);
            }
        }
        let found = eliminations.len();
        step.eliminations = eliminations;
        *self.best = Some((score, found, step));
    }
}
