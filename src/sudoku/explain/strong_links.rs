//! Chains and loops of three or four strong links on one digit, grouped or not, as Sudoku
//! Explainer's strong-links rule finds them (SukakuExplainer `StrongLinks`, which it tries
//! one number of links at a time: three after the hidden quad, four after the BUG types).
//! SE's rules of five and six links are not among `serate`'s default techniques
//! (`Settings.init` removes `FiveStrongLinks` and `SixStrongLinks`), so a chain of five
//! links or more is SE's forcing X-chain: the X-chain's rung
//! ([`chains::x_chain_value`](super::chains::x_chain_value)).
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
use crate::sudoku::candidates::Digits;
use crate::sudoku::grid::UnitKind;

/// The most places of a unit that SE splits into a strong link.
const MOST_PLACES: usize = 6;

/// A link of the path: which, and the end it is entered by.
#[derive(Clone, Copy)]
struct Hop {
    link: usize,
    entry: usize,
}

/// Each digit's strong links and the weak links between them: built once a step, for the
/// two rungs ([`Shared`](super::shared::Shared) keeps it), a digit when first searched.
pub(super) struct Graph {
    /// At `digit - 1`, once built.
    digits: Vec<Option<DigitLinks>>,
}

/// One digit's links (as places in its [`grouped::links`]), their ends' [`homes`] and the
/// links entered from each end.
struct DigitLinks {
    digit: u8,
    links: Vec<usize>,
    homes: Vec<[usize; 3]>,
    next: Vec<Vec<(Hop, usize)>>,
}

impl DigitLinks {
    /// The strong links of `digit` on the board, from all of its links `all`.
    fn new(board: &Board, digit: u8, all: &[Link]) -> DigitLinks {
        let links = usable(board, all);
        let homes: Vec<[usize; 3]> = links
            .iter()
            .flat_map(|&l| all[l].common.iter().map(|c| homes(board, c)))
            .collect();
        let chosen: Vec<&Link> = links.iter().map(|&l| &all[l]).collect();
        let next = weak_links(&chosen, &homes, board.layout().units().len());
        DigitLinks {
            digit,
            links,
            homes,
            next,
        }
    }
}

impl Graph {
    /// The strong links of the board's digits, none built yet.
    pub(super) fn new(board: &Board) -> Graph {
        Graph {
            digits: (0..board.size()).map(|_| None).collect(),
        }
    }
}

/// The step of least value with `count` strong links (3 or 4), if one eliminates.
pub(super) fn strong_links(board: &Board, count: usize) -> Option<Step> {
    search(
        board,
        &mut Graph::new(board),
        &mut grouped::Links::new(board),
        count,
        Digits::all(board.size()),
    )
}

/// [`strong_links`] on the board's [`Graph`] and strong links `all`, on `digits` only:
/// each digit's search reads that digit's places alone, and a digit that finds nothing
/// leaves the others' searches as they were.
pub(super) fn search(
    board: &Board,
    graph: &mut Graph,
    all: &mut grouped::Links,
    count: usize,
    digits: Digits,
) -> Option<Step> {
    let mut best: Option<(Score, usize, Step)> = None;
    let mut used = vec![false; board.layout().cells()];
    for digit in digits.iter().filter(|&d| (d as usize) <= board.size()) {
        let all = all.of(board, digit);
        let d = graph.digits[digit as usize - 1]
            .get_or_insert_with(|| DigitLinks::new(board, digit, all));
        if d.links.len() < count {
            continue;
        }
        let links: Vec<&Link> = d.links.iter().map(|&l| &all[l]).collect();
        let mut search = Search {
            board,
            digit: d.digit,
            links: &links,
            homes: &d.homes,
            next: &d.next,
            count,
            used: std::mem::take(&mut used),
            path: Vec::with_capacity(count),
            kinds: Vec::with_capacity(count),
            grouped: 0,
            weak: Vec::with_capacity(count),
            best: &mut best,
        };
        for link in 0..d.links.len() {
            for entry in 0..2 {
                search.enter(Hop { link, entry }, None);
            }
        }
        used = search.used;
    }
    best.map(|(_, _, step)| step)
}

/// The links SE splits (their places in `links`): at most six places, and a box's two
/// places only off a line (on a line they are the line's link).
fn usable(board: &Board, links: &[Link]) -> Vec<usize> {
    let layout = board.layout();
    (0..links.len())
        .filter(|&k| {
            let l = &links[k];
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

/// The column, row and box holding every cell of a node (`usize::MAX` for none), from its
/// common units: where SE looks for a weak link, in that order.
fn homes(board: &Board, common: &[usize]) -> [usize; 3] {
    let units = board.layout().units();
    [UnitKind::Column, UnitKind::Row, UnitKind::Box].map(|kind| {
        common
            .iter()
            .copied()
            .find(|&u| units[u].kind == kind)
            .unwrap_or(usize::MAX)
    })
}

/// The unit holding every cell of two nodes (a column, a row, then a box), if any, from
/// their [`homes`].
fn weak_unit(a: &[usize; 3], b: &[usize; 3]) -> Option<usize> {
    (0..3)
        .find(|&k| a[k] != usize::MAX && a[k] == b[k])
        .map(|k| a[k])
}

/// For each link and the end it is left by (`2 * link + exit`), the links entered next:
/// (hop, the weak link's unit). `homes` are the link ends' [`homes`]; `units` the layout's
/// number of units.
fn weak_links(links: &[&Link], homes: &[[usize; 3]], units: usize) -> Vec<Vec<(Hop, usize)>> {
    // The link ends lying in each unit.
    let mut ends_in: Vec<Vec<usize>> = vec![Vec::new(); units];
    for (end, home) in homes.iter().enumerate() {
        for &u in home.iter().filter(|&&u| u != usize::MAX) {
            ends_in[u].push(end);
        }
    }
    let mut out = vec![Vec::new(); 2 * links.len()];
    for (from, home) in homes.iter().enumerate() {
        for (k, &u) in home.iter().enumerate().filter(|&(_, &u)| u != usize::MAX) {
            for &to in &ends_in[u] {
                // Each pair once, through the first unit SE would name.
                let first = weak_unit(home, &homes[to]);
                if first != Some(u) || links[to / 2].unit == links[from / 2].unit {
                    continue;
                }
                debug_assert_eq!(homes[to][k], u);
                let hop = Hop {
                    link: to / 2,
                    entry: to % 2,
                };
                out[from].push((hop, u));
            }
        }
        // In the order of the links, as the search's ties go to the first found.
        out[from].sort_unstable_by_key(|(h, _)| (h.link, h.entry));
    }
    out
}

/// A depth-first search over paths of links, keeping the best step.
struct Search<'a> {
    board: &'a Board,
    digit: u8,
    links: &'a [&'a Link],
    /// Each link end's [`homes`], at `2 * link + end`.
    homes: &'a [[usize; 3]],
    next: &'a [Vec<(Hop, usize)>],
    count: usize,
    /// The places of the links on the path.
    used: Vec<bool>,
    path: Vec<Hop>,
    /// The kinds of the path's links' units, and how many of its links are grouped.
    kinds: Vec<se::LinkUnit>,
    grouped: usize,
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
        // The value only grows with the links: a path already worth more than the best
        // goes no further.
        self.kinds.push(grouped::link_unit(
            self.board.layout().units()[link.unit].kind,
        ));
        self.grouped += usize::from(link.grouped);
        let least = se::strong_links(self.count, &self.kinds, self.grouped > 0);
        if self.best.as_ref().is_none_or(|(s, _, _)| least <= *s) {
            link.places.iter().for_each(|&p| self.used[p] = true);
            self.path.push(hop);
            self.weak.extend(weak);
            if self.path.len() == self.count {
                self.evaluate();
            } else {
                let exit = 1 - hop.entry;
                let last = self.path.len() + 1 == self.count;
                for &(to, w) in &next[2 * hop.link + exit] {
                    // Each open chain is met from both ends: the one from its lower link
                    // is kept.
                    if !last || to.link > self.path[0].link {
                        self.enter(to, Some(w));
                    }
                }
            }
            self.path.pop();
            if weak.is_some() {
                self.weak.pop();
            }
            link.places.iter().for_each(|&p| self.used[p] = false);
        }
        self.kinds.pop();
        self.grouped -= usize::from(link.grouped);
    }

    /// The node of a hop: its entry end (`true`) or its exit end.
    fn node(&self, hop: Hop, entry: bool) -> &'a [usize] {
        let end = if entry { hop.entry } else { 1 - hop.entry };
        let links: &'a [&'a Link] = self.links;
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
            &self.homes[2 * first.link + first.entry],
            &self.homes[2 * last.link + 1 - last.entry],
        );
        let units = self.board.layout().units();
        let kinds: Vec<se::LinkUnit> = self
            .path
            .iter()
            .map(|h| grouped::link_unit(units[self.links[h.link].unit].kind))
            .collect();
        let grouped = self.path.iter().any(|h| self.links[h.link].grouped);
        let score = se::strong_links(self.count, &kinds, grouped);
        // A pattern of more value than the best cannot beat it; an open chain whose ends'
        // first cells no cell sees both of eliminates nothing.
        if self.best.as_ref().is_some_and(|(s, _, _)| score > *s)
            || (ring.is_none() && !self.board.sees_both(start[0], end[0], self.digit))
        {
            return;
        }
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
        let better = self.best.as_ref().is_none_or(|(s, e, _)| {
            (score, std::cmp::Reverse(eliminations.len())) < (*s, std::cmp::Reverse(*e))
        });
        if !better {
            return;
        }
        let strategy = match self.count {
            3 => Strategy::ThreeStrongLinks,
            _ => Strategy::FourStrongLinks,
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
