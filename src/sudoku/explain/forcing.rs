//! Forcing chains, as Sudoku Explainer finds and rates them: assume a candidate true (or
//! false), follow what it forces, and conclude from a contradiction or from what every
//! branch agrees on.
//!
//! A branch starts from one assumption, a *node* (a candidate on or off), and follows its
//! implications in SE's order (every pending node on before the next node off), each new
//! node recording the nodes that forced it:
//!
//! - a digit on in a cell turns off the cell's other digits and the digit in its peers;
//! - a digit off leaves a cell's last digit on (a naked single) and a unit's last place of
//!   the digit on (a hidden single). A *static* branch reads these on the puzzle's board as
//!   it is (a cell with two candidates, a unit with two places: the strong links of an
//!   alternating inference chain); a *dynamic* branch reads them on the board as the
//!   branch has changed it, so every node off followed so far counts.
//!
//! A branch ends in a *contradiction* when a node meets its opposite, a cell loses every
//! digit or a unit every place of a digit. The strategies, from the easiest (SE's order):
//!
//! | strategy | branch | concludes |
//! |---|---|---|
//! | [`Strategy::ForcingChain`] (6.6, 7.0 mixing cell and unit links) | static, one digit or several | a candidate whose assumption turns it off (or on) |
//! | [`Strategy::NishioForcingChain`] (7.5) | dynamic, the assumed digit only | a candidate whose assumption contradicts |
//! | [`Strategy::MultipleForcingChain`] (8.0) | static | what all the digits of a cell, or all the places of a digit in a unit, force |
//! | [`Strategy::DynamicForcingChain`] (8.5) | dynamic | a contradiction, what a candidate on and off both force, or what a cell's digits or a unit's places all force |
//! | [`Strategy::DynamicForcingChainPlus`] (9.0) | dynamic, and when singles run out, pointing, box-line, hidden and naked pairs and X-wings (SE's order) on the branch's board | the same |
//! | [`Strategy::NestedForcingChain`] (9.5, 10.0, 10.5) | dynamic plus, and when those run out, forcing chains nested inside the branch, as SE's levels nest them (9.5: static forcing chains; 10.0: static forcing chains, then static cell and unit forcing chains; 10.5: dynamic forcing chains, nesting nothing) | the same |
//!
//! A step's score is the strategy's base plus SE's length modifier
//! ([`se::length_bonus`](super::se::length_bonus)) on its *complexity*: the number of nodes the conclusion rests on,
//! summed over the branches it needs (a nested chain counts its own nodes as well); a
//! contradiction counts the nodes each of its two sides rests on apart, so what both rest
//! on counts twice, as in SE (`BinaryChainingHint`). Of the
//! conclusions a strategy finds, the step takes the easiest (lowest score, then fewest
//! nodes), as SE does. A nested chain's conclusion inside a branch rests, as in SE, on the
//! candidates the branch removed in the cells and units its inner chain's singles read
//! ([`Support`]), so a branch's later nodes rest on the nested steps they needed.

use std::cell::{Cell, OnceCell, RefCell, RefMut};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::mem::take;
use std::sync::Arc;

use super::board::{Board, Cut};
use super::cellset::{bits_of, has, insert, members};
use super::forcing_bits::{Closure, Singles};
use super::forcing_reach::{Graph, OnReach, Reach};
use super::step::{Candidate, Score, Step, Strategy};
use super::{fish, intersections, se, subsets};
use crate::sudoku::candidates::{Candidates, Digits};
use crate::sudoku::grid::{Layout, UnitKind};

mod quiet;
mod se_nishio;

/// No record.
const NONE: u32 = u32::MAX;

/// The effort a search may spend: the nodes its branches may reach, counted across every
/// branch, nested ones included, and each node of a static search's implication graph
/// once (the pass that tells which of its branches can conclude). A count of nodes, not a clock, so that a rating cut short
/// is cut at the same place on every machine. Once spent, the searches stop at once and
/// find nothing; [`Effort::spent`] says so, for the caller to report a lower bound.
///
/// It also keeps what the nested searches it paid for found, by board: a branch's board
/// often comes back, in the next step of the same explanation (the step removed a
/// candidate the branch had removed already), and the inner search is a function of the
/// board alone, so the answer is the same at no cost.
#[derive(Clone, Debug)]
pub(super) struct Effort {
    limit: u64,
    left: Cell<u64>,
    spent: Cell<bool>,
    inner: RefCell<HashMap<InnerKey, Vec<Inner>, BuildHasherDefault<FxHasher>>>,
    /// Branches done with, kept for their buffers: a cell and unit forcing search holds a
    /// branch per candidate, and each step of an explanation runs one or more.
    spare: RefCell<Vec<Branch>>,
    /// The static implication graph, its reach ([`Engine::reach`]) and its failed nodes
    /// ([`Engine::static_failed`]), kept for their buffers and for the next search on the
    /// same board.
    reach: RefCell<StaticReach>,
    /// What each Nishio start came to, by digit, for the next search ([`se_nishio::Memo`]).
    nishio: RefCell<se_nishio::Memo>,
    /// The dynamic-plus level's branches on the last board it searched ([`PlusMemo`]).
    plus: RefCell<PlusMemo>,
    /// The 9.5 level's whole branches on the last board it searched, for the 10.0 level
    /// ([`Engine::start`]).
    chains: RefCell<PlusMemo>,
    /// How many times the memo of inner searches was forgotten ([`INNER_CAP`]): a branch
    /// kept since the last time asked its inner searches of the memo, and would find them
    /// there again.
    forgotten: Cell<u64>,
}

/// The branches the dynamic-plus level (9.0) followed on the last board it searched, by
/// start node. A nested level's branch (9.5, 10.0, 10.5) from the same start on the same
/// board is that branch until the basic rules first find nothing, where the dynamic-plus
/// branch ends and the nested one asks its inner searches: it starts from there
/// ([`Engine::start`]) rather than following its singles and basic rules again, and is
/// charged the nodes it takes over. The branches are the search's own, kept rather than
/// given back to the spares (a copy would cost the boards where no nested level follows).
///
/// The 9.5 level keeps its whole branches in a second one, for the 10.0 level on the same
/// board: a 10.0 branch is the 9.5 one until the inner static forcing chains first find
/// nothing with parents in it (where the 9.5 branch ends and the 10.0 one asks the static
/// cell and unit forcing chains), unless an inner step on the way is heavier than the
/// 10.0 branch may take ([`Goal::nesting`], [`Branch::heaviest`]).
#[derive(Clone, Debug, Default)]
struct PlusMemo {
    /// The board's candidates, then its values; empty when nothing is kept.
    board: Vec<u32>,
    /// [`Effort::forgotten`] when the board's first search began: its branches' inner
    /// searches are all in the memo while it is unchanged.
    forgotten: u64,
    /// For each node id, its branch's index in `branches`, or [`NONE`].
    slot: Vec<u32>,
    branches: Vec<Branch>,
}

impl PlusMemo {
    /// Keeps branches for `board` (its candidates, then its values) from now on: the
    /// branches kept for another board, to give back.
    fn keep_for(&mut self, board: &[u32], nodes: usize, forgotten: u64) -> Vec<Branch> {
        if self.board == board && self.slot.len() == nodes {
            return Vec::new();
        }
        self.forgotten = forgotten;
        self.board.clear();
        self.board.extend_from_slice(board);
        self.slot.clear();
        self.slot.resize(nodes, NONE);
        take(&mut self.branches)
    }

    /// Keeps `b`, a whole branch of the board's, unless one from its start is kept
    /// already: then it is handed back.
    fn keep(&mut self, b: Branch) -> Option<Branch> {
        let Some(start) = b.recs.first().map(|r| r.node as usize) else {
            return Some(b);
        };
        if self.slot[start] != NONE {
            return Some(b);
        }
        self.slot[start] = self.branches.len() as u32;
        self.branches.push(b);
        None
    }
}

/// What an engine does with the budget's [`PlusMemo`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Memo {
    /// Nothing (an inner search, the levels that share nothing with dynamic plus).
    Off,
    /// Keeps each whole branch it follows (the dynamic-plus level; the 9.5 level, in the
    /// budget's second memo).
    Keep,
    /// Starts each whole branch from the kept one (the nested levels on the same board).
    Reuse,
}

/// The last board's static graph and its reach, and its failed nodes, each computed when
/// first asked: a nested chain's 10.0 level runs a static forcing chain search (which
/// asks only for the failed nodes) and then a static cell and unit search (the reach) on
/// the same branch board.
///
/// The graph's nodes are numbered by a [`Numbering`], the *frame*: a board's own, or, for
/// a nested chain's inner searches, the outer board's, whose candidates hold every branch
/// board's. A branch board's weak links are then the frame's, masked by its candidates:
/// made once for the outer board rather than again for each of its branch boards.
#[derive(Clone, Debug, Default)]
struct StaticReach {
    /// What each candidate on reaches ([`Engine::reach`]).
    reach: OnReach,
    /// Whether `reach` is the board's.
    has_reach: bool,
    /// The nodes whose static branch reaches their opposite ([`Engine::failed`]), as a bit
    /// set over [`Engine::dense`]'s numbers, and whether it is the board's.
    failed: Vec<u64>,
    has_failed: bool,
    /// For [`Engine::failed`] and [`Engine::reach`]: each candidate's ancestors among the
    /// candidates on ([`Engine::ancestors`]), the graph they are the reach of, and whether
    /// they are the board's.
    ancestors: Reach,
    reverse: Graph,
    has_ancestors: bool,
    /// The board's candidates with a strong link, as a bit set over the frame's numbers.
    linked: Vec<u64>,
    /// For [`Engine::reach_from_ancestors`]: each component's row of its linked members,
    /// then each one's row of what they see.
    scratch: Vec<u64>,
    /// For [`Engine::reach_from_ancestors`]: each component's row in `scratch`.
    slots: Vec<u32>,
    /// The board's candidates then its values ([`Engine::same_board`]); empty before the
    /// first board and when the frame changes.
    board: Vec<u32>,
    /// The layout `peers` is of.
    layout: Option<Arc<Layout>>,
    /// Each cell's peers, as a bit set of `cells.div_ceil(64)` words (the layout's, kept
    /// while it is the same).
    peers: Vec<u64>,
    /// The frame: the numbering of the nodes, and what each of its candidates on turns off
    /// on the frame's board (the cell's other digits, the digit in the cell's peers), a
    /// row of bits over its numbers each ([`StaticReach::frame`]).
    frame: Numbering,
    frame_weak: Vec<u64>,
    /// The board's candidates, as a bit set over the frame's numbers: a row of
    /// `frame_weak` and this are the candidate's weak links on the board.
    mask: Vec<u64>,
    /// For [`Engine::implications`]: what each candidate off turns on
    /// ([`Engine::strong_links`]), a row for each of the frame's candidates (empty for
    /// those the board lacks).
    offs: Graph,
    /// What the frame's branch boards' forcing chain searches read of the frame's board
    /// ([`quiet::Outer`]).
    outer: quiet::Outer,
}

/// A numbering of candidates, in the order of (cell, digit): a board's, and every board
/// whose candidates it holds (with gaps where such a board lacks one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Numbering {
    /// Each cell's candidates.
    base: Vec<u32>,
    /// The candidates of the cells before each cell (and of all cells, last).
    prefix: Vec<u32>,
}

impl Numbering {
    /// The numbering of a board's candidates `base` (each cell's).
    fn of(base: &[u32]) -> Numbering {
        let mut prefix = Vec::with_capacity(base.len() + 1);
        prefix.push(0);
        for &bits in base {
            prefix.push(prefix[prefix.len() - 1] + bits.count_ones());
        }
        Numbering {
            base: base.to_vec(),
            prefix,
        }
    }

    /// How many numbers it has.
    fn len(&self) -> usize {
        self.prefix.last().map_or(0, |&k| k as usize)
    }

    /// The number of the candidate `bit` (a digit's bit) of `cell`.
    fn number(&self, cell: usize, bit: u32) -> u32 {
        self.prefix[cell] + (self.base[cell] & (bit - 1)).count_ones()
    }

    /// Whether it numbers every candidate of `base`.
    fn covers(&self, base: &[u32]) -> bool {
        self.base.len() == base.len() && self.base.iter().zip(base).all(|(a, b)| b & !a == 0)
    }

    /// The numbers of `base`'s candidates (covered), as a bit set, into `out`.
    fn mask(&self, base: &[u32], out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.len().div_ceil(64).max(1), 0);
        for (cell, &bits) in base.iter().enumerate() {
            for digit in digits_of(bits) {
                insert(out, self.number(cell, 1u32 << (digit - 1)) as usize);
            }
        }
    }
}

impl StaticReach {
    /// Makes `layout` the one the buffers are of (its peers; a new one drops the frame).
    fn set_layout(&mut self, layout: &Arc<Layout>) {
        if self.layout.as_ref().is_some_and(|l| Arc::ptr_eq(l, layout)) {
            return;
        }
        let cells = layout.cells();
        let words = cells.div_ceil(64);
        self.peers.clear();
        self.peers.resize(cells * words, 0);
        for cell in 0..cells {
            for &p in layout.peers(cell) {
                self.peers[cell * words + p / 64] |= 1u64 << (p % 64);
            }
        }
        self.layout = Some(Arc::clone(layout));
        self.frame = Numbering::default();
        self.board.clear();
        self.outer.known = false;
    }

    /// Makes `numbering` the frame, with its weak links (on the layout set last), unless
    /// it is already: what the buffers hold of a board is then stale.
    fn frame(&mut self, numbering: &Numbering) {
        if self.frame == *numbering {
            return;
        }
        let base = &numbering.base;
        let cell_words = base.len().div_ceil(64);
        // Each digit's cells on the frame's board.
        let n = base
            .iter()
            .map(|&b| 32 - b.leading_zeros())
            .max()
            .unwrap_or(0) as usize;
        let mut digit_cells = vec![0u64; n * cell_words];
        for (cell, &bits) in base.iter().enumerate() {
            for digit in digits_of(bits) {
                insert(&mut digit_cells[(digit as usize - 1) * cell_words..], cell);
            }
        }
        let words = numbering.len().div_ceil(64).max(1);
        let weak = &mut self.frame_weak;
        weak.clear();
        weak.resize(numbering.len() * words, 0);
        for (cell, &bits) in base.iter().enumerate() {
            let cell_peers = &self.peers[cell * cell_words..(cell + 1) * cell_words];
            let (first, last) = (numbering.prefix[cell], numbering.prefix[cell + 1]);
            for (k, digit) in (first..).zip(digits_of(bits)) {
                let row = &mut weak[k as usize * words..(k as usize + 1) * words];
                for j in (first..last).filter(|&j| j != k) {
                    insert(row, j as usize);
                }
                // The digit's peers: its cells among the cell's peers, a word at a time.
                let digit_row = &digit_cells[(digit as usize - 1) * cell_words..];
                let bit = 1u32 << (digit - 1);
                for (w, (a, b)) in cell_peers.iter().zip(digit_row).enumerate() {
                    for p in bits_of(a & b).map(|i| 64 * w + i) {
                        insert(row, numbering.number(p, bit) as usize);
                    }
                }
            }
        }
        self.frame.clone_from(numbering);
        self.board.clear();
        self.outer.known = false;
    }

    /// The weak links of the frame's candidate `k` (a row of `frame_weak`).
    fn weak(&self, k: usize) -> &[u64] {
        let words = self.frame.len().div_ceil(64).max(1);
        &self.frame_weak[k * words..(k + 1) * words]
    }
}

/// The most spare branches a budget keeps.
const SPARE_CAP: usize = 1024;

/// A nested search's question: which search ([`InnerSearch`]), and the branch's board
/// (each cell's value, then each cell's candidates).
type InnerKey = (u8, Vec<u8>, Vec<u32>);

/// Rustc's FxHash, for the memo of inner searches: its keys are whole boards, looked up
/// for every branch board of a nested chain, where SipHash's resistance to chosen keys
/// buys nothing and costs a few percent of a rating.
#[derive(Clone, Copy, Debug, Default)]
struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A nested search's answer: its step, the nodes it counts for, what it rests on.
type Inner = (Step, u32, Support);

/// The most inner searches a budget remembers (each a board of about 1.5 KB on 9x9 and the
/// steps its search found): past it, it forgets them all and starts again.
const INNER_CAP: usize = 20_000;

impl Effort {
    /// A budget of `nodes` nodes.
    pub(super) fn new(nodes: u64) -> Effort {
        Effort {
            limit: nodes,
            left: Cell::new(nodes),
            spent: Cell::new(false),
            inner: RefCell::default(),
            spare: RefCell::new(Vec::new()),
            reach: RefCell::default(),
            nishio: RefCell::default(),
            plus: RefCell::default(),
            chains: RefCell::default(),
            forgotten: Cell::new(0),
        }
    }

    /// Whether the budget ran out.
    pub(super) fn spent(&self) -> bool {
        self.spent.get()
    }

    /// The nodes used.
    pub(super) fn used(&self) -> u64 {
        self.limit - self.left.get()
    }

    /// Takes `k` nodes; false (and spent from then on) if fewer were left.
    fn take_many(&self, k: u64) -> bool {
        match self.left.get().checked_sub(k) {
            Some(rest) => {
                self.left.set(rest);
                true
            }
            None => {
                self.left.set(0);
                self.spent.set(true);
                false
            }
        }
    }

    /// Takes one node; false (and spent from then on) if none was left.
    fn take(&self) -> bool {
        match self.left.get() {
            0 => {
                self.spent.set(true);
                false
            }
            k => {
                self.left.set(k - 1);
                true
            }
        }
    }
}

/// The nodes a round of a bit-parallel closure counts for in the effort: a round is a few
/// set operations a digit over the whole board, about the time of following this many
/// recorded nodes.
const CLOSURE_ROUND: u64 = 4;

/// Link kinds a chain used: bit 0 a link inside a cell, bit 1 a link inside a unit.
const CELL_LINK: u8 = 1;
const UNIT_LINK: u8 = 2;

/// How a branch follows implications.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mode {
    /// Singles read on the branch's own board (else on the puzzle's: strong links only).
    dynamic: bool,
    /// 0: singles; 1: and basic rules on the branch's board; 2..=4: and nested chains.
    level: u8,
}

/// Where a branch may stop before its end: a search that wants one node of it, or only a
/// contradiction, need not follow it past the point where nothing it could still find
/// would beat the best conclusion so far.
#[derive(Clone, Copy, Debug)]
struct Goal {
    /// The node whose arrival ends the branch ([`NONE`]: none).
    target: u32,
    /// The largest complexity a conclusion still worth finding may have: the branch stops
    /// once every record left to follow is of a later generation (the nodes a conclusion
    /// found from a record of generation `g` rests on are at least `g`).
    cap: usize,
    /// The most nodes a nested step of the 10.0 level may count for: the branch ends where
    /// the step its inner searches find is heavier (see [`Goal::nesting`]).
    nested: usize,
}

impl Goal {
    /// The whole branch.
    const ALL: Goal = Goal {
        target: NONE,
        cap: usize::MAX,
        nested: usize::MAX,
    };

    /// Stop at `target` or past `cap`.
    fn new(target: u32, cap: usize) -> Goal {
        Goal {
            target,
            cap,
            nested: usize::MAX,
        }
    }

    /// The whole branch of a nested level whose conclusions beat the best so far only up
    /// to complexity `cap`: where the step its inner searches find (static forcing chains,
    /// then static multiple ones, the 10.0 level) counts for more than `cap - 1` nodes,
    /// the branch ends. The inner searches themselves are not capped (static searches are
    /// cheap, and an uncapped answer is a function of the board alone, which the memo
    /// keeps); only their step is weighed against the cap. A step that counts for more
    /// ends the branch rather than letting the next inner search try: SE takes the
    /// first inner rule that has a step, and the lightest step of that rule is past the
    /// cap, so every step SE would add there is.
    ///
    /// Exact, with SE's parents. A conclusion resting on a nested step of weight `W`
    /// rests on `W + 1` nodes at least (the step has a parent), so a step past `cap - 1`
    /// serves none that beats the best. Whatever the branch finds after it rests on it:
    /// singles are spent before a branch looks for rules (and basic rules before nested
    /// ones), so a node found after the step is new because of the candidates removed
    /// since, and every rule names as parents the removals it needed: a single all its
    /// cell's (unit's) removals, a basic rule its pattern's ([`Engine::rule_parents`], SE's
    /// `getRuleParents`: without SE's naked-set parents a naked pair after the step named
    /// only its own digits' removals, and the cut changed values, forumC14), and a later
    /// nested step the removals in the cells and units its inner chain's singles read
    /// ([`Engine::support_parents`]). That later step is lighter than the one dropped only
    /// if it rests on the board's change (the inner search took the lightest step on the
    /// board before), so it names a removal made after the dropped step. (What it cannot
    /// see: an inner branch whose first-found parents differ on the two boards; the
    /// ratings measured with and without the cut are the same, BENCHMARKS.md forumG16.)
    fn nesting(cap: usize) -> Goal {
        Goal {
            nested: cap.saturating_sub(1),
            ..Goal::ALL
        }
    }
}

/// One node a branch reached: which, and which nodes forced it.
#[derive(Clone, Copy, Debug)]
struct Rec {
    node: u32,
    /// Its parents' record indexes, `arena[from..to]`.
    from: u32,
    to: u32,
    /// The nodes it counts for: 1, or for a conclusion of a nested chain 1 and the
    /// chain's, which a step counts once ([`Rec::nest`]).
    weight: u32,
    kinds: u8,
    /// For a node on found as a single: [`CAUSE_CELL`] (the cell's last digit) or the
    /// unit whose last place of the digit it is; else [`CAUSE_NONE`]. What a nested step
    /// found from this branch rests on in the outer branch ([`Engine::support`]).
    cause: u16,
    /// Its generation: one more than that of the record being followed when it was
    /// found (the start's is 1), so it rests on that many nodes at least.
    depth: u16,
    /// For a conclusion of a nested chain, one more than the index of that chain in
    /// [`Branch::nests`] (a step counts the chain's nodes once, SE's
    /// `getNestedComplexity` over distinct chains, then 1 for each conclusion); else 0.
    nest: u16,
}

/// No cause: the start, a node off, a conclusion of a basic rule or a nested chain.
const CAUSE_NONE: u16 = u16::MAX;
/// A node on as its cell's last digit (a naked single, or a bivalue cell's strong link).
const CAUSE_CELL: u16 = u16::MAX - 1;

/// A branch: the nodes reached from one assumption.
#[derive(Clone, Debug)]
struct Branch {
    /// For each node, its record index (or `u16::MAX`): a branch has at most one record a
    /// node, and a board of up to 32,767 candidates fits; u16 halves the memory of the
    /// branches a step keeps.
    index: Vec<u16>,
    recs: Vec<Rec>,
    arena: Vec<u32>,
    /// Each cell's candidates as the branch has left them.
    cands: Vec<u32>,
    /// The places each digit has left in each unit on the branch's board, `unit * n +
    /// digit - 1`, bit `i` for the unit's `i`-th cell (kept as nodes turn off, so a
    /// dynamic branch reads a hidden single, its place and its parents without scanning
    /// the unit).
    left: Vec<u32>,
    /// The records that contradict each other, if the branch ended in a contradiction.
    contradiction: Option<Vec<u32>>,
    /// For a contradiction of a cell left without a digit or a unit without a place of
    /// one: that cell or unit as a [`Support`] entry (what SE reads as the single that
    /// meets its opposite).
    emptied: Option<(u16, u32)>,
    /// Whether a node meeting its opposite ends the branch (dynamic); a static branch
    /// goes on, as SE's static chains do, holding both.
    stops: bool,
    /// The generation of the nodes being found now ([`Rec::depth`]).
    depth: u16,
    /// The nested chains whose conclusions the branch holds, each as a key of its whole
    /// chain (SE's `FullChain`): a step counts each once.
    nests: Vec<u64>,
    /// The nested chain the nodes being added now conclude ([`Rec::nest`]).
    nest: u16,
    /// The heaviest of the lightest inner steps the branch took (0: none), each the weight
    /// the 10.0 level's cap weighs ([`Goal::nesting`]): a 10.0 branch takes over a 9.5
    /// one only if it is within the cap ([`PlusMemo`]).
    heaviest: u32,
}

impl Branch {
    /// The record of `node`, or [`NONE`].
    fn rec(&self, node: u32) -> u32 {
        match self.index[node as usize] {
            u16::MAX => NONE,
            r => u32::from(r),
        }
    }

    /// Makes this fresh branch (no record, its index clear) a copy of `kept`, a
    /// [`PlusMemo`]'s branch of the same engine (buffers reused), with its index rebuilt.
    fn take_over(&mut self, kept: &Branch) {
        debug_assert!(self.recs.is_empty());
        self.recs.clone_from(&kept.recs);
        self.arena.clone_from(&kept.arena);
        self.cands.clone_from(&kept.cands);
        self.left.clone_from(&kept.left);
        self.contradiction.clone_from(&kept.contradiction);
        self.emptied = kept.emptied;
        self.stops = kept.stops;
        self.depth = kept.depth;
        self.nests.clone_from(&kept.nests);
        self.nest = kept.nest;
        self.heaviest = kept.heaviest;
        for (r, rec) in self.recs.iter().enumerate() {
            self.index[rec.node as usize] = r as u16;
        }
    }

    /// The record of `node` if the branch holds it as SE's does, or [`NONE`]: a branch
    /// that met a contradiction holds what it found before, not the node that met its
    /// opposite (`Chaining.doChaining` returns before adding it), and SE's cell, region
    /// and double forcing read such a branch as far as that.
    fn held(&self, node: u32) -> u32 {
        let r = self.rec(node);
        match &self.contradiction {
            Some(c) if self.emptied.is_none() && c.first() == Some(&r) => NONE,
            _ => r,
        }
    }
}

/// The bits of a node below its cell: the digit less one (5 bits: an engine's board has
/// at most 32 digits) and the state, so that a node's cell and digit are shifts and masks,
/// not a division by the side (this runs for every node of every branch). The order of
/// the nodes is the order of (cell, digit, state), as with a stride of the side.
const CELL_SHIFT: u32 = 6;

/// The node ids of a board of `cells` cells (some unused on a board of fewer than 32
/// digits).
fn node_ids(cells: usize) -> usize {
    cells << CELL_SHIFT
}

/// The node of a candidate on or off.
fn node(n: usize, cell: usize, digit: u8, on: bool) -> u32 {
    debug_assert!(n <= 32 && (1..=n).contains(&usize::from(digit)));
    ((cell << CELL_SHIFT) | usize::from(digit - 1) << 1 | usize::from(on)) as u32
}

/// The candidate and state of a node.
fn of_node(n: usize, node: u32) -> (Candidate, bool) {
    debug_assert!(n <= 32);
    (
        Candidate {
            cell: (node >> CELL_SHIFT) as usize,
            digit: (node >> 1 & 31) as u8 + 1,
        },
        node & 1 == 1,
    )
}

/// The search state shared by a board's branches.
struct Engine<'a> {
    board: &'a Board,
    budget: &'a Effort,
    n: usize,
    /// The board's candidates (empty for a placed cell).
    base: Vec<u32>,
    /// How many candidates the board has: the static graph's nodes are twice as many (the
    /// graph's numbering, [`Numbering`], is made only when a static search reads it).
    candidates: u32,
    /// The numbers of the static graph's nodes ([`Engine::dense`]): the frame of the
    /// budget's static buffers, set when they are first asked ([`Engine::kept`]).
    numbering: OnceCell<Numbering>,
    /// The places of each digit in each unit on the board, `unit * n + digit - 1`, bit `i`
    /// for the unit's `i`-th cell (a unit has at most 32 cells here).
    place_masks: Vec<u32>,
    /// The walk of [`Engine::complexity`], kept between calls (it runs for every common
    /// node of every cell and unit forcing): a stamp per record, the stamp of this walk,
    /// and the records to visit.
    walk: RefCell<Walk>,
    /// What each candidate on turns off, found on first use.
    links: RefCell<Links>,
    /// Whether this is a nested chain's inner search, whose conclusions keep their
    /// [`Support`] (for the outer branch to name its parents).
    inner: bool,
    /// Whether the branches' nodes are paid for already (a static cell and unit forcing
    /// pays for every branch at once, from the reach, and records only a few).
    paid: Cell<bool>,
    /// Whether the basic rules a dynamic-plus branch tries find nothing on the engine's
    /// board (found on first use): then a branch board's rules look only where the
    /// branch changed it ([`Engine::advanced`]).
    rules_spent: Cell<Option<bool>>,
    /// The last branch board, kept for its buffers (one is made at every exhaustion of
    /// every branch of the dynamic-plus and nested levels), and what it cut from the
    /// engine's board.
    scratch: RefCell<(Option<Board>, Cut)>,
    /// Every conclusion of a cell or unit forcing, when a search wants them all (a
    /// nested branch's inner search, [`multiple_every`]) rather than the easiest.
    every: RefCell<Option<Vec<Found>>>,
    /// Whether whole branches are kept for, or taken from, the budget's [`PlusMemo`].
    memo: Cell<Memo>,
    /// The same for the 9.5 level's branches (the budget's second [`PlusMemo`]).
    chains: Cell<Memo>,
    /// Set while a branch taken from the [`PlusMemo`] goes on: the basic rules found
    /// nothing on its board, so [`Engine::advanced`] need not try them there again.
    rules_found_nothing: Cell<bool>,
}

/// The basic rules a dynamic-plus branch tries on its board, in SE's order
/// (`Chaining.getOtherRules`: locking, hidden pair, naked pair, X-wing).
const BASIC_RULES: [fn(&Board) -> Option<Step>; 5] = [
    intersections::pointing,
    intersections::box_line,
    hidden_pair,
    naked_pair,
    |x| fish::fish(x, 2),
];

/// [`BASIC_RULES`] on a board cut ([`Board::with_candidates_into`]) from one on which they
/// all find nothing (the same steps): each looks only where the cut changed the board, as
/// a pattern the cut left as it was removed nothing before and can remove only less now.
/// Locked candidates need their unit's places of the digit changed, a hidden pair or an
/// X-wing one of its two place masks, a naked pair one of its two cells.
const BASIC_RULES_SINCE: [fn(&Board, &Cut) -> Option<Step>; 5] = [
    intersections::pointing_since,
    intersections::box_line_since,
    hidden_pair_since,
    naked_pair_since,
    x_wing_since,
];

/// A hidden pair as SE's `HiddenSet.getHints` finds one first: in the boxes, then the
/// columns, then the rows, and only in a unit of more than four open cells (in one of four,
/// the other two cells are a naked pair, which SE finds as that): a branch's nested step
/// takes the first pair's parents, so the pair found in a box rather than a row may count
/// other nodes.
fn hidden_pair(board: &Board) -> Option<Step> {
    in_se_order(
        board,
        |u| hidden_pair_room(board, u),
        |u| subsets::hidden_pair_at(board, u),
    )
}

/// Whether SE looks for a hidden pair in unit `u`: one of more than four open cells (see
/// [`hidden_pair`]).
fn hidden_pair_room(board: &Board, u: usize) -> bool {
    board.layout().units()[u].cells.len() - board.placed_in(u).len() > 4
}

/// [`hidden_pair`] on a board made by `cut` from one where it finds nothing (see
/// [`BASIC_RULES_SINCE`]): only in a unit where a digit whose places changed has two.
fn hidden_pair_since(board: &Board, cut: &Cut) -> Option<Step> {
    in_se_order(
        board,
        |u| {
            let masks = board.unit_masks(u);
            let mut changed = cut.digits[u];
            while changed != 0 {
                if masks[changed.trailing_zeros() as usize].count_ones() == 2 {
                    return hidden_pair_room(board, u);
                }
                changed &= changed - 1;
            }
            false
        },
        |u| subsets::hidden_pair_at(board, u),
    )
}

/// A naked pair as SE's `NakedSet.getHints` finds one first (boxes, columns, rows).
fn naked_pair(board: &Board) -> Option<Step> {
    in_se_order(board, |_| true, |u| subsets::naked_pair_at(board, u))
}

/// [`naked_pair`] on a board made by `cut` from one where it finds nothing (see
/// [`BASIC_RULES_SINCE`]): only in the units of a cut cell left with two candidates.
fn naked_pair_since(board: &Board, cut: &Cut) -> Option<Step> {
    if board.layout().units().len() > 128 {
        return naked_pair(board);
    }
    let mut units = 0u128;
    for &c in cut
        .cells
        .iter()
        .filter(|&&c| board.candidates(c).len() == 2)
    {
        for &(u, _) in board.slots(c) {
            units |= 1 << u;
        }
    }
    in_se_order(
        board,
        |u| units >> u & 1 != 0,
        |u| subsets::naked_pair_at(board, u),
    )
}

/// The X-wing of [`BASIC_RULES`] on a board made by `cut` from one where it finds nothing
/// (see [`BASIC_RULES_SINCE`]): only of a digit with two places in a row or column whose
/// places changed.
fn x_wing_since(board: &Board, cut: &Cut) -> Option<Step> {
    let mut digits = 0u128;
    for (u, unit) in board.layout().units().iter().enumerate() {
        if !matches!(unit.kind, UnitKind::Row | UnitKind::Column) {
            continue;
        }
        let masks = board.unit_masks(u);
        let mut changed = cut.digits[u] & !digits;
        while changed != 0 {
            let d = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            if masks[d].count_ones() == 2 {
                digits |= 1 << d;
            }
        }
    }
    if digits == 0 {
        return None;
    }
    fish::fish_in(board, 2, Digits::from_bits(digits))
}

/// The first step `find` finds in a unit `look` accepts, the units in SE's order for its
/// subsets (boxes, columns, rows, then any other unit; each kind in the layout's order).
fn in_se_order(
    board: &Board,
    look: impl Fn(usize) -> bool,
    find: impl Fn(usize) -> Option<Step>,
) -> Option<Step> {
    let units = board.layout().units();
    let rank = |u: usize| match units[u].kind {
        UnitKind::Box => 0,
        UnitKind::Column => 1,
        UnitKind::Row => 2,
        _ => 3,
    };
    if units.len() > 128 {
        return (0..4).find_map(|k| {
            (0..units.len())
                .filter(|&u| rank(u) == k && look(u))
                .find_map(&find)
        });
    }
    // The units looked in, a set for each rank: the layout is read once.
    let mut ranked = [0u128; 4];
    for u in (0..units.len()).filter(|&u| look(u)) {
        ranked[rank(u)] |= 1 << u;
    }
    ranked.into_iter().find_map(|mut set| {
        while set != 0 {
            let u = set.trailing_zeros() as usize;
            set &= set - 1;
            if let Some(step) = find(u) {
                return Some(step);
            }
        }
        None
    })
}

/// What a conclusion rests on that the board it was found on could have had otherwise,
/// as SE's `ChainingHint.getRuleParents` reads it: the singles among its nodes (and the
/// start of a cell or unit forcing), each as its cause ([`CAUSE_CELL`] or a unit) and its
/// node on. An outer branch names as a nested step's parents the candidates it removed
/// in those cells (digits) and units (places of the digit).
type Support = Vec<(u16, u32)>;

/// What a candidate on turns off on the engine's board, the nodes [`Engine::follow`]
/// adds from it in the order it adds them: the cell's other digits, then the digit in the
/// cell's peers (in the layout's order). Found once a candidate, on its first use, rather
/// than from the peers at every node of every branch.
#[derive(Default)]
struct Links {
    /// For each candidate (`cell * n + digit - 1`, the board's side `n`: a quarter of the
    /// node ids' room on 9x9, cleared for every engine that follows a branch): where its
    /// nodes start in `list`, [`NONE`] until found; empty until the first is (most of a
    /// nested chain's inner searches follow no branch, and would only clear it).
    start: Vec<u32>,
    /// For each found candidate from its start: the number of the cell's other digits,
    /// the number of nodes, then the nodes off.
    list: Vec<u32>,
}

/// The buffers of a complexity walk.
#[derive(Default)]
struct Walk {
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
    /// The nested chains counted so far in this step ([`Engine::new_step`]).
    nests: Vec<u64>,
}

impl<'a> Engine<'a> {
    /// The engine of a board, or `None` past 25x25, whose nodes a branch's u16 record
    /// indexes cannot number (forcing chains there would take hours anyway).
    fn new(board: &'a Board, budget: &'a Effort) -> Option<Engine<'a>> {
        let cells = board.layout().cells();
        if cells * board.size() * 2 >= usize::from(u16::MAX) || board.size() > 32 {
            return None;
        }
        // Candidates as u32: a board of nodes numbered in u16 has fewer than 32 digits.
        let base: Vec<u32> = (0..cells)
            .map(|c| board.candidates(c).bits() as u32)
            .collect();
        let candidates = base.iter().map(|bits| bits.count_ones()).sum();
        let n = board.size();
        // The board's places, in the same order (`unit * n + digit - 1`).
        let place_masks = board.all_masks().iter().map(|&m| m as u32).collect();
        Some(Engine {
            board,
            budget,
            n,
            base,
            candidates,
            numbering: OnceCell::new(),
            place_masks,
            walk: RefCell::new(Walk::default()),
            links: RefCell::new(Links::default()),
            inner: false,
            paid: Cell::new(false),
            rules_spent: Cell::new(None),
            scratch: RefCell::new((None, Cut::default())),
            every: RefCell::new(None),
            memo: Cell::new(Memo::Off),
            chains: Cell::new(Memo::Off),
            rules_found_nothing: Cell::new(false),
        })
    }

    /// The engine of a nested chain's inner search (see [`Support`]).
    fn new_inner(board: &'a Board, budget: &'a Effort) -> Option<Engine<'a>> {
        let mut e = Engine::new(board, budget)?;
        e.inner = true;
        Some(e)
    }

    /// Which nodes' static branches reach their opposite ([`Engine::failed`]). Each node
    /// of the static graph is taken from the budget once; `None` once the budget is spent.
    fn static_failed(&self) -> Option<RefMut<'a, Vec<u64>>> {
        self.charge_static().then(|| self.failed())
    }

    /// Charges the budget what a static forcing chain search costs, whatever it finds:
    /// twice the board's candidates (every node asked once); false when that spends it.
    fn charge_static(&self) -> bool {
        self.budget.take_many(2 * u64::from(self.candidates))
    }

    /// What a static branch from each candidate on reaches in the graph of
    /// [`Engine::follow`]'s static implications, by the candidates' numbers
    /// ([`Engine::number`]; a static cell and unit search reads no node off's reach).
    /// Not charged to the budget (a static cell and unit search pays for what it reads of
    /// it). The buffers are the budget's, borrowed while the reach is read: static searches
    /// run no inner searches (only the dynamic levels nest), so no second borrow comes
    /// while one is held.
    fn reach(&self) -> RefMut<'a, OnReach> {
        let mut kept = self.kept();
        if !kept.has_reach {
            // The candidates' ancestors (a walk over the candidates with a strong link)
            // give the reach for less than a walk of the whole graph; a static forcing
            // chain search may have found them already.
            self.ancestors(&mut kept);
            self.reach_from_ancestors(&mut kept);
            kept.has_reach = true;
        }
        RefMut::map(kept, |s| &mut s.reach)
    }

    /// [`Engine::reach`] from the ancestors in `kept` ([`Engine::ancestors`]), without a
    /// walk of the whole static graph: the candidates on that `a` on reaches are `a` and
    /// those it is an ancestor of (the ancestors, transposed), the candidates off those
    /// that they see (their weak links).
    ///
    /// The linked candidates of one component of the ancestors' graph share their
    /// ancestors, so each component's members and what they see are gathered once and
    /// given to its ancestors whole, rather than each member to each ancestor.
    fn reach_from_ancestors(&self, kept: &mut StaticReach) {
        // Written while the rest of `kept` is read.
        let (mut reach, mut scratch) = (take(&mut kept.reach), take(&mut kept.scratch));
        let mut slots = take(&mut kept.slots);
        let (linked, mask) = (&kept.linked, &kept.mask);
        let ancestors = &kept.ancestors;
        let candidates = self.numbering().len();
        let words = candidates.div_ceil(64).max(1);
        // Each linked candidate's component, numbered in `slots` (`NONE` for the others).
        slots.clear();
        slots.resize(ancestors.components(), NONE);
        let mut count = 0usize;
        for c in members(linked) {
            let slot = &mut slots[ancestors.component(c)];
            if *slot == NONE {
                *slot = count as u32;
                count += 1;
            }
        }
        // Each component's linked members, then what they see.
        scratch.clear();
        scratch.resize(2 * count * words, 0);
        let (inside, seen) = scratch.split_at_mut(count * words);
        for c in members(linked) {
            let s = slots[ancestors.component(c)] as usize;
            insert(&mut inside[s * words..(s + 1) * words], c);
            let row = &mut seen[s * words..(s + 1) * words];
            for (x, y) in row.iter_mut().zip(kept.weak(c)) {
                *x |= y;
            }
        }
        // Each candidate's rows: the linked candidates it reaches on, and what they see.
        let (on, off, row_words) = reach.rows_mut(candidates);
        debug_assert_eq!(row_words, words);
        for (k, &s) in slots.iter().enumerate() {
            if s == NONE {
                continue;
            }
            let s = s as usize;
            let (inside, seen) = (
                &inside[s * words..(s + 1) * words],
                &seen[s * words..(s + 1) * words],
            );
            for a in members(ancestors.component_set(k)) {
                for (x, y) in on[a * words..(a + 1) * words].iter_mut().zip(inside) {
                    *x |= y;
                }
                for (x, y) in off[a * words..(a + 1) * words].iter_mut().zip(seen) {
                    *x |= y;
                }
            }
        }
        for a in members(mask) {
            // `a` itself on, and what it sees, on the board.
            insert(&mut on[a * words..(a + 1) * words], a);
            let row = &mut off[a * words..(a + 1) * words];
            for ((x, y), m) in row.iter_mut().zip(kept.weak(a)).zip(mask) {
                *x = (*x | y) & m;
            }
        }
        (kept.reach, kept.scratch, kept.slots) = (reach, scratch, slots);
    }

    /// [`Engine::static_failed`], not charged to the budget (borrowed as [`Engine::reach`]).
    fn failed(&self) -> RefMut<'a, Vec<u64>> {
        let mut kept = self.kept();
        if !kept.has_failed {
            self.ancestors(&mut kept);
            self.failed_nodes(&mut kept);
            kept.has_failed = true;
        }
        RefMut::map(kept, |s| &mut s.failed)
    }

    /// The budget's static buffers, made this board's: what they hold of another board
    /// is marked stale. Their frame numbers this engine's nodes from then on: a nested
    /// chain's inner search keeps the frame when it holds the board's candidates (the
    /// outer board's, [`Engine::frame_branch_boards`]), any other search numbers its own.
    fn kept(&self) -> RefMut<'a, StaticReach> {
        let mut kept = self.budget.reach.borrow_mut();
        kept.set_layout(self.board.layout());
        let numbering =
            self.numbering
                .get_or_init(|| match self.inner && kept.frame.covers(&self.base) {
                    true => kept.frame.clone(),
                    false => Numbering::of(&self.base),
                });
        kept.frame(numbering);
        if !self.same_board(&kept) {
            let kept = &mut *kept;
            kept.has_reach = false;
            kept.has_ancestors = false;
            kept.has_failed = false;
            // Both questions start from these: made once a board.
            numbering.mask(&self.base, &mut kept.mask);
            self.strong_links(&mut kept.offs, &mut kept.linked);
            let board = &mut kept.board;
            board.clear();
            board.extend_from_slice(&self.base);
            board.extend((0..self.base.len()).map(|c| u32::from(self.board.value(c))));
        }
        kept
    }

    /// Makes the budget's static frame this board's numbering, for the inner searches of
    /// its branch boards (whose candidates it holds) to keep ([`Engine::kept`]).
    fn frame_branch_boards(&self) {
        let mut kept = self.budget.reach.borrow_mut();
        kept.set_layout(self.board.layout());
        if kept.frame.base != self.base {
            kept.frame(&Numbering::of(&self.base));
        }
    }

    /// The numbering of the static graph's nodes (set by [`Engine::kept`]).
    fn numbering(&self) -> &Numbering {
        self.numbering
            .get()
            .expect("the static buffers number the nodes before they are read")
    }

    /// The nodes whose static branch reaches their opposite, into `kept.failed`, without
    /// the whole graph's reach: a static forcing chain search asks only this, and on most
    /// branch boards of a nested chain the answer is none.
    ///
    /// A static branch alternates: a candidate on turns off the candidates it sees (its
    /// *weak* links, `W`), a candidate off turns on its strong partners (`S`: the cell's
    /// other digit, the digit's other place in a unit). So the nodes on that `a` on
    /// reaches are the candidates its steps `a -> S(W(a))` lead to, and:
    /// - `a` on reaches `a` off when it reaches a candidate on that sees `a`;
    /// - `a` off reaches `a` on when a partner of `a`, on, reaches `a` on.
    ///
    /// Both read, for a candidate `c`, its *ancestors*: the candidates whose on reaches
    /// `c` on. Weak and strong links go both ways (a cell is a peer of its peers), so
    /// the candidates one step before `c` are `W(S(c))`, and the ancestors are the reach
    /// of that reversed graph over the candidates: half the static graph's nodes, with
    /// only the candidates that have a strong link walked (the others lead nowhere back;
    /// [`Engine::ancestors`], found first).
    fn failed_nodes(&self, kept: &mut StaticReach) {
        let candidates = self.numbering().len();
        let words = candidates.div_ceil(64).max(1);
        let StaticReach {
            failed,
            ancestors,
            linked,
            offs,
            ..
        } = kept;
        let partners = |k: usize| offs.successors(k);
        failed.clear();
        failed.resize((2 * candidates).div_ceil(64).max(1), 0);
        for (w, &word) in linked.iter().enumerate() {
            for c in bits_of(word).map(|i| 64 * w + i) {
                // `a` on fails when it is an ancestor of a `c` that sees it.
                let weak = &kept.frame_weak[c * words..(c + 1) * words];
                let seen = ancestors.set(c).iter().zip(weak);
                for (v, (&x, &y)) in seen.enumerate() {
                    for a in bits_of(x & y).map(|i| 64 * v + i) {
                        insert(failed, 2 * a + 1);
                    }
                }
                // `c` off fails when a partner of `c` is an ancestor of it.
                if partners(c)
                    .iter()
                    .any(|&b| ancestors.reaches(c, b as usize))
                {
                    insert(failed, 2 * c);
                }
            }
        }
    }

    /// Each candidate's ancestors, the candidates whose on reaches it on, into
    /// `kept.ancestors` unless they are the board's already (see [`Engine::failed_nodes`],
    /// which reads them, as [`Engine::reach`] does).
    fn ancestors(&self, kept: &mut StaticReach) {
        if kept.has_ancestors {
            return;
        }
        kept.has_ancestors = true;
        let candidates = self.numbering().len();
        let words = candidates.div_ceil(64).max(1);
        let StaticReach {
            ancestors,
            reverse,
            linked,
            mask,
            offs,
            ..
        } = kept;
        let partners = |k: usize| offs.successors(k);
        // The reversed graph: a linked candidate's successors are the linked candidates
        // of `W(S(c))`, the others (which have none) leaves of its row.
        reverse.offsets.clear();
        reverse.targets.clear();
        reverse.leaves.clear();
        reverse.leaves.resize(candidates * words, 0);
        reverse.offsets.push(0);
        for c in 0..candidates {
            let row = &mut reverse.leaves[c * words..(c + 1) * words];
            for &b in partners(c) {
                let weak = &kept.frame_weak[b as usize * words..(b as usize + 1) * words];
                for (into, from) in row.iter_mut().zip(weak) {
                    *into |= from;
                }
            }
            if !partners(c).is_empty() {
                let on_board = row.iter_mut().zip(mask.iter()).zip(linked.iter());
                for (w, ((leaves, &m), &walked)) in on_board.enumerate() {
                    *leaves &= m;
                    let both = *leaves & walked;
                    *leaves &= !walked;
                    reverse
                        .targets
                        .extend(bits_of(both).map(|i| (64 * w + i) as u32));
                }
            }
            reverse.offsets.push(reverse.targets.len() as u32);
        }
        ancestors.compute(reverse);
    }

    /// Whether `board` (candidates, then values) is this engine's: the static graph reads
    /// nothing else of a budget's boards (they share their layout, as [`Effort`]'s memo of
    /// inner searches reads them too).
    fn same_board(&self, kept: &StaticReach) -> bool {
        let (cells, board) = (self.base.len(), &kept.board);
        board.len() == 2 * cells
            && board[..cells] == self.base[..]
            && board[cells..]
                .iter()
                .enumerate()
                .all(|(c, &v)| v == u32::from(self.board.value(c)))
    }

    /// The graph of [`Engine::follow`]'s static implications on nodes numbered by
    /// [`Engine::dense`], from what `kept` holds of the board (its successors in no
    /// particular order: only the reach is read from it; a number the board lacks is a
    /// node without any). The searches take the reach from the ancestors instead
    /// ([`Engine::reach`]); the tests walk this graph.
    #[cfg(test)]
    fn implications(&self, kept: &StaticReach) -> Graph {
        let mut graph = Graph::default();
        let StaticReach {
            linked,
            mask,
            offs,
            frame,
            frame_weak,
            ..
        } = kept;
        let candidates = frame.len();
        let words = candidates.div_ceil(64).max(1);
        // `offs`, what each candidate off turns on, comes first: an off node that turns
        // nothing on (most of them) is a leaf of the candidates on that turn it off, a bit
        // in their row rather than an edge of the walk.
        let nodes = 2 * candidates;
        let node_words = nodes.div_ceil(64).max(1);
        graph.offsets.clear();
        graph.targets.clear();
        graph.leaves.clear();
        graph.leaves.resize(nodes * node_words, 0);
        graph.offsets.push(0);
        for k in 0..candidates {
            let out = &mut graph.targets;
            if !has(mask, k) {
                graph.offsets.extend([out.len() as u32; 2]);
                continue;
            }
            let partners = &offs.targets[offs.offsets[k] as usize..offs.offsets[k + 1] as usize];
            out.extend(partners.iter().map(|&j| 2 * j + 1));
            graph.offsets.push(out.len() as u32);
            // On: the candidates it sees, those linked as edges, the others as leaves.
            let weak = &frame_weak[k * words..(k + 1) * words];
            let row = &mut graph.leaves[(2 * k + 1) * node_words..(2 * k + 2) * node_words];
            let on_board = weak.iter().zip(mask.iter()).zip(linked.iter());
            for (w, ((&y, &m), &walked)) in on_board.enumerate() {
                let seen = y & m;
                out.extend(bits_of(seen & walked).map(|i| 2 * (64 * w + i) as u32));
                for i in bits_of(seen & !walked) {
                    insert(row, 2 * (64 * w + i));
                }
            }
            graph.offsets.push(out.len() as u32);
        }
        graph
    }

    /// What each candidate off turns on in a static branch (its strong partners), into
    /// `offs`: a row for each of the frame's numbers ([`Engine::number`]; empty for a
    /// candidate the board lacks), the cell's other digit if it has two, then the digit's
    /// other place in each unit where it has two; and the candidates with any, into
    /// `linked`.
    fn strong_links(&self, offs: &mut Graph, linked: &mut Vec<u64>) {
        let n = self.n;
        let units = self.board.layout().units();
        let numbering = self.numbering();
        offs.offsets.clear();
        offs.targets.clear();
        offs.offsets.push(0);
        linked.clear();
        linked.resize(numbering.len().div_ceil(64).max(1), 0);
        for (cell, &bits) in self.base.iter().enumerate() {
            let first = numbering.prefix[cell];
            for (k, digit) in (first..).zip(digits_of(numbering.base[cell])) {
                let bit = 1u32 << (digit - 1);
                let out = &mut offs.targets;
                let from = out.len();
                if bits & bit != 0 {
                    if bits.count_ones() == 2 {
                        out.push(numbering.number(cell, bits & !bit));
                    }
                    for &(u, i) in self.board.slots(cell) {
                        let places = self.place_masks[u * n + digit as usize - 1];
                        if places.count_ones() != 2 || self.board.placed_in(u).contains(digit) {
                            continue;
                        }
                        let q = units[u].cells[(places & !(1u32 << i)).trailing_zeros() as usize];
                        out.push(numbering.number(q, bit));
                    }
                }
                if out.len() > from {
                    insert(linked, k as usize);
                }
                offs.offsets.push(out.len() as u32);
            }
        }
    }

    /// The number of the candidate `bit` (a digit's bit) of `cell` in the static graph's
    /// numbering ([`Engine::numbering`]).
    fn number(&self, cell: usize, bit: u32) -> u32 {
        self.numbering().number(cell, bit)
    }

    /// The number of a node in the static graph, two a candidate in the order of (cell,
    /// digit, state), without a table over every node id.
    fn dense(&self, node: u32) -> usize {
        let (c, on) = of_node(self.n, node);
        2 * self.number(c.cell, 1u32 << (c.digit - 1)) as usize + usize::from(on)
    }

    /// The nodes that say something new ([`Engine::is_news`]), as [`OnReach::meet`] reads
    /// them: the candidates on in a cell of two or more, then every candidate off, each a
    /// bit set over [`Engine::number`]'s numbers.
    fn news(&self) -> Vec<u64> {
        let words = self.numbering().len().div_ceil(64).max(1);
        let mut out = vec![0u64; 2 * words];
        let (on, off) = out.split_at_mut(words);
        for (cell, &bits) in self.base.iter().enumerate() {
            for digit in digits_of(bits) {
                let k = self.number(cell, 1u32 << (digit - 1)) as usize;
                insert(off, k);
                if bits.count_ones() > 1 {
                    insert(on, k);
                }
            }
        }
        out
    }

    /// The board's bit boards for the closures of dynamic singles (`None` past 128 cells).
    fn singles(&self) -> Option<Singles> {
        let layout = self.board.layout();
        Singles::new(
            self.n,
            &self.base,
            |c| layout.peers(c),
            layout.units().iter().map(|u| u.cells.as_slice()),
        )
    }

    /// What `p` on (or off) forces on the singles, charged to the budget (`None` once it
    /// is spent).
    fn close(&self, singles: &Singles, p: Candidate, on: bool) -> Option<Closure> {
        let closure = singles.close(p.cell, p.digit, on);
        self.budget
            .take_many(u64::from(closure.rounds) * CLOSURE_ROUND)
            .then_some(closure)
    }

    /// The open candidates, cell by cell.
    fn candidates(&self) -> Vec<Candidate> {
        let mut out = Vec::new();
        for (cell, &bits) in self.base.iter().enumerate() {
            for digit in digits_of(bits) {
                out.push(Candidate { cell, digit });
            }
        }
        out
    }

    /// Follows `start` to the end in a spare branch of the budget's, if it has one.
    fn spare_branch(&self, start: u32, mode: Mode, goal: Goal) -> Branch {
        let spare = self.budget.spare.borrow_mut().pop();
        match spare {
            Some(mut b) if b.index.len() == node_ids(self.base.len()) => {
                self.branch_in(&mut b, start, mode, goal);
                b
            }
            _ => self.branch(start, mode, goal),
        }
    }

    /// Keeps whole branches of the dynamic-plus level for the nested levels, and of the
    /// 9.5 level for the 10.0 level ([`Memo::Keep`], [`PlusMemo`]), else gives them back
    /// to the budget's spares.
    fn keep_or_give_back(&self, branches: Vec<Option<Branch>>) {
        let memo = match (self.memo.get(), self.chains.get()) {
            (_, Memo::Keep) => &self.budget.chains,
            (Memo::Keep, _) => &self.budget.plus,
            _ => return self.give_back(branches),
        };
        if self.budget.spent() {
            return self.give_back(branches);
        }
        let mut memo = memo.borrow_mut();
        let rest: Vec<Option<Branch>> = branches
            .into_iter()
            .flatten()
            .map(|b| memo.keep(b))
            .collect();
        drop(memo);
        self.give_back(rest);
    }

    /// Gives branches back to the budget's spares.
    fn give_back(&self, branches: Vec<Option<Branch>>) {
        let mut spare = self.budget.spare.borrow_mut();
        let room = SPARE_CAP.saturating_sub(spare.len());
        spare.extend(branches.into_iter().flatten().take(room));
    }

    /// Follows `start` (a node) to the end.
    fn branch(&self, start: u32, mode: Mode, goal: Goal) -> Branch {
        let cells = self.base.len();
        let mut b = Branch {
            index: vec![u16::MAX; node_ids(cells)],
            // A dynamic branch often reaches hundreds of nodes: start there rather than
            // grow through the small sizes.
            recs: Vec::with_capacity(if mode.dynamic { 256 } else { 64 }),
            arena: Vec::with_capacity(if mode.dynamic { 512 } else { 256 }),
            cands: self.base.clone(),
            left: self.place_masks.clone(),
            contradiction: None,
            emptied: None,
            stops: mode.dynamic,
            depth: 1,
            nests: Vec::new(),
            nest: 0,
            heaviest: 0,
        };
        self.start(&mut b, start, mode, goal);
        b
    }

    /// Follows `start` to the end in the branch kept in `slot` (on first use a spare of
    /// the budget's, or a new one), for the searches that look at one branch at a time.
    fn branch_reusing<'b>(
        &self,
        slot: &'b mut Option<Branch>,
        start: u32,
        mode: Mode,
        goal: Goal,
    ) -> &'b Branch {
        match slot {
            Some(b) => self.branch_in(b, start, mode, goal),
            None => *slot = Some(self.spare_branch(start, mode, goal)),
        }
        slot.as_ref().expect("a branch was just followed")
    }

    /// Follows `start` to the end in `b`, a branch of this engine used before: its
    /// buffers are reset and reused (the searches that look at one branch at a time).
    fn branch_in(&self, b: &mut Branch, start: u32, mode: Mode, goal: Goal) {
        for rec in &b.recs {
            b.index[rec.node as usize] = u16::MAX;
        }
        b.recs.clear();
        b.arena.clear();
        b.cands.copy_from_slice(&self.base);
        b.left.copy_from_slice(&self.place_masks);
        b.contradiction = None;
        b.emptied = None;
        b.stops = mode.dynamic;
        b.depth = 1;
        b.nests.clear();
        b.nest = 0;
        b.heaviest = 0;
        self.start(b, start, mode, goal);
    }

    /// Follows `start` to the end in the fresh branch `b`, from the budget's
    /// [`PlusMemo`]s where they keep the start's branch on this board ([`Memo::Reuse`]):
    /// the 9.5 level's for the 10.0 level, where it serves, else the dynamic-plus level's.
    fn start(&self, b: &mut Branch, start: u32, mode: Mode, goal: Goal) {
        let whole = goal.target == NONE && goal.cap == usize::MAX;
        if whole && mode.level >= 2 {
            // The 9.5 branch serves while every inner step it took is within the cap and
            // its inner searches are all in the memo (the 10.0 level asks them again).
            let chains = self.chains.get() == Memo::Reuse
                && self.budget.chains.borrow().forgotten == self.budget.forgotten.get();
            if chains
                && self.resume(&self.budget.chains, b, start, mode, goal, |k| {
                    k.heaviest as usize <= goal.nested
                })
            {
                return;
            }
            if self.memo.get() == Memo::Reuse
                && self.resume(&self.budget.plus, b, start, mode, goal, |_| true)
            {
                return;
            }
        }
        self.follow_from(b, start, mode, goal);
    }

    /// Makes `b` the branch of `start` kept in `memo`, if it keeps one and it `serves`,
    /// charged the nodes it holds (what following them one at a time would have charged;
    /// spent at the same point when the budget runs out, where the search returns
    /// nothing either way), and goes on from where it ended, where its board's basic rules
    /// found nothing. Whether it did.
    fn resume(
        &self,
        memo: &RefCell<PlusMemo>,
        b: &mut Branch,
        start: u32,
        mode: Mode,
        goal: Goal,
        serves: impl Fn(&Branch) -> bool,
    ) -> bool {
        let memo = memo.borrow();
        let kept = match memo.slot.get(start as usize) {
            Some(&i) if i != NONE && serves(&memo.branches[i as usize]) => {
                &memo.branches[i as usize]
            }
            _ => return false,
        };
        b.take_over(kept);
        drop(memo);
        if self.budget.take_many(b.recs.len() as u64) && b.contradiction.is_none() {
            self.rules_found_nothing.set(true);
            self.follow_on(b, b.recs.len(), mode, goal);
            self.rules_found_nothing.set(false);
        }
        true
    }

    /// Follows `start` to the end in the fresh branch `b`, in SE's order
    /// (`Chaining.doChaining`): every pending node on before the next node off, each kind
    /// first found first followed. Which parents a node gets first, and so what a
    /// conclusion counts for, depends on that order.
    fn follow_from(&self, b: &mut Branch, start: u32, mode: Mode, goal: Goal) {
        // The generations below hold for singles only (see `advanced`'s parents).
        debug_assert!(mode.level == 0 || goal.cap == usize::MAX);
        self.add(b, start, &[], 1, 0);
        self.follow_on(b, 0, mode, goal);
    }

    /// [`Engine::follow_from`] past the start, every record before `at` followed.
    fn follow_on(&self, b: &mut Branch, at: usize, mode: Mode, goal: Goal) {
        // The next record on and off to follow (every record before each cursor of its
        // kind is followed). A record is found while its parent of one generation less is
        // followed, so a record of generation `g` rests on at least `g` nodes, and so does
        // any conclusion found while following it. The nodes on pending are those one
        // node off just found (the nodes on found before were all followed before it), and
        // the nodes off pending were found in order of generation, so once neither the
        // next on nor the next off is within the cap, no later record is.
        let (mut on, mut off) = (at, at);
        loop {
            while b.contradiction.is_none() && !self.budget.spent() {
                while on < b.recs.len() && b.recs[on].node & 1 == 0 {
                    on += 1;
                }
                while off < b.recs.len() && b.recs[off].node & 1 == 1 {
                    off += 1;
                }
                let depth = |i: usize| b.recs.get(i).map_or(usize::MAX, |r| usize::from(r.depth));
                if depth(on).min(depth(off)) > goal.cap {
                    return;
                }
                let r = if on < b.recs.len() { &mut on } else { &mut off };
                if *r == b.recs.len() {
                    break;
                }
                let i = *r;
                *r += 1;
                b.depth = b.recs[i].depth.saturating_add(1);
                self.follow(b, i as u32, mode);
                if goal.target != NONE && b.rec(goal.target) != NONE {
                    return;
                }
            }
            if b.contradiction.is_some()
                || self.budget.spent()
                || mode.level == 0
                || !self.advanced(b, mode, goal.nested)
            {
                break;
            }
        }
    }

    /// Adds a node with its parents, unless the branch has it; a node meeting its
    /// opposite ends the branch in a contradiction.
    fn add(&self, b: &mut Branch, node: u32, parents: &[u32], weight: u32, kind: u8) {
        self.add_caused(b, node, parents, weight, kind, CAUSE_NONE);
    }

    /// [`Engine::add`] for a node on found as a single, with its `cause`.
    fn add_caused(
        &self,
        b: &mut Branch,
        node: u32,
        parents: &[u32],
        weight: u32,
        kind: u8,
        cause: u16,
    ) {
        if b.rec(node) != NONE {
            return;
        }
        let from = b.arena.len();
        b.arena.extend_from_slice(parents);
        self.add_pushed(b, node, from, weight, kind, cause);
    }

    /// [`Engine::add`] with the parents pushed already, `arena[from..]` (built there
    /// without a vector of their own); they are dropped if the node is not added.
    fn add_pushed(
        &self,
        b: &mut Branch,
        node: u32,
        from: usize,
        weight: u32,
        kind: u8,
        cause: u16,
    ) {
        if !self.admits(b, node) {
            b.arena.truncate(from);
            return;
        }
        let kinds = b.arena[from..]
            .iter()
            .fold(kind, |k, &p| k | b.recs[p as usize].kinds);
        self.record(b, node, from, weight, kinds, cause);
    }

    /// [`Engine::add_caused`] of a node forced by record `r` alone, with weight 1 (what a
    /// node on turns off, a static branch's strong links): no slice of parents to copy and
    /// drop again, the branch's most frequent case.
    #[inline]
    fn add_link(&self, b: &mut Branch, node: u32, r: u32, kind: u8, cause: u16) {
        if !self.admits(b, node) {
            return;
        }
        let kinds = kind | b.recs[r as usize].kinds;
        b.arena.push(r);
        self.record(b, node, b.arena.len() - 1, 1, kinds, cause);
    }

    /// Whether `b` takes `node` as a new record: it has none, has met no contradiction,
    /// and the budget pays for it (charged here).
    #[inline]
    fn admits(&self, b: &Branch, node: u32) -> bool {
        b.rec(node) == NONE && b.contradiction.is_none() && (self.paid.get() || self.budget.take())
    }

    /// Records `node`, its parents `arena[from..]`: a node meeting its opposite ends the
    /// branch in a contradiction.
    #[inline]
    fn record(&self, b: &mut Branch, node: u32, from: usize, weight: u32, kinds: u8, cause: u16) {
        let r = b.recs.len() as u32;
        b.recs.push(Rec {
            node,
            from: from as u32,
            to: b.arena.len() as u32,
            weight,
            kinds,
            cause,
            depth: b.depth,
            nest: b.nest,
        });
        b.index[node as usize] = r as u16;
        let opposite = b.rec(node ^ 1);
        if opposite != NONE && b.stops {
            b.contradiction = Some(vec![r, opposite]);
        }
    }

    /// Where the nodes `on` (a node on) turns off start in the engine's [`Links`],
    /// found now if they were not.
    fn links_of(&self, on: u32) -> usize {
        let n = self.n;
        let (c, _) = of_node(n, on);
        let k = c.cell * n + usize::from(c.digit) - 1;
        let known = self.links.borrow().start.get(k).copied();
        if let Some(known) = known.filter(|&s| s != NONE) {
            return known as usize;
        }
        let bit = 1u32 << (c.digit - 1);
        let mut links = self.links.borrow_mut();
        if links.start.is_empty() {
            links.start.resize(self.base.len() * n, NONE);
        }
        let list = &mut links.list;
        let start = list.len();
        list.extend([0, 0]);
        for e in digits_of(self.base[c.cell] & !bit) {
            list.push(node(n, c.cell, e, false));
        }
        list[start] = (list.len() - start - 2) as u32;
        let layout = self.board.layout();
        let own = list.len();
        for u in se_units(layout, c.cell) {
            for &p in &layout.units()[u].cells {
                let y = node(n, p, c.digit, false);
                if p != c.cell && self.base[p] & bit != 0 && !list[own..].contains(&y) {
                    list.push(y);
                }
            }
        }
        list[start + 1] = (list.len() - start - 2) as u32;
        links.start[k] = start as u32;
        start
    }

    /// The implications of record `r`.
    fn follow(&self, b: &mut Branch, r: u32, mode: Mode) {
        let n = self.n;
        let x = b.recs[r as usize].node;
        let (c, on) = of_node(n, x);
        let layout = self.board.layout();
        let bit = 1u32 << (c.digit - 1);
        if on {
            let start = self.links_of(x);
            let links = self.links.borrow();
            let (own, all) = (links.list[start] as usize, links.list[start + 1] as usize);
            let nodes = &links.list[start + 2..start + 2 + all];
            for &y in &nodes[..own] {
                self.add_link(b, y, r, CELL_LINK, CAUSE_NONE);
            }
            for &y in &nodes[own..] {
                self.add_link(b, y, r, UNIT_LINK, CAUSE_NONE);
            }
            return;
        }
        // A cell's last digit.
        if mode.dynamic {
            // The node goes off the branch's board as it is followed, as in SE (a node
            // off found but not yet followed is still on the board).
            if b.cands[c.cell] & bit != 0 {
                b.cands[c.cell] &= !bit;
                for &(u, i) in self.board.slots(c.cell) {
                    b.left[u * n + c.digit as usize - 1] &= !(1u32 << i);
                }
            }
            let left = b.cands[c.cell];
            // A cell emptied by a rule's removal is no contradiction in SE's nested
            // chains (`doChaining` finds one only where a single meets its opposite).
            if left == 0 && mode.level == 0 {
                let offs: Vec<u32> = digits_of(self.base[c.cell])
                    .map(|e| b.rec(node(n, c.cell, e, false)))
                    .collect();
                b.contradiction = Some(offs);
                b.emptied = Some((CAUSE_CELL, node(n, c.cell, c.digit, true)));
                return;
            }
            if left.count_ones() == 1 {
                let e = left.trailing_zeros() as u8 + 1;
                let single = node(n, c.cell, e, true);
                if b.rec(single) == NONE {
                    let from = b.arena.len();
                    for x in digits_of(self.base[c.cell] & !left) {
                        let p = b.rec(node(n, c.cell, x, false));
                        b.arena.push(p);
                    }
                    self.add_pushed(b, single, from, 1, CELL_LINK, CAUSE_CELL);
                }
            }
        } else if self.base[c.cell].count_ones() == 2 {
            let e = (self.base[c.cell] & !bit).trailing_zeros() as u8 + 1;
            self.add_link(b, node(n, c.cell, e, true), r, CELL_LINK, CAUSE_CELL);
        }
        // A unit's last place of the digit.
        for u in se_units(layout, c.cell) {
            if self.board.placed_in(u).contains(c.digit) {
                continue;
            }
            let unit = &layout.units()[u].cells;
            if mode.dynamic {
                let k = u * n + c.digit as usize - 1;
                let left = b.left[k];
                // The places the branch turned off, in the unit's order: the parents.
                let mut gone = self.place_masks[k] & !left;
                if left == 0 && mode.level > 0 {
                    continue;
                }
                if left == 0 {
                    let mut offs = Vec::with_capacity(gone.count_ones() as usize);
                    while gone != 0 {
                        let x = unit[gone.trailing_zeros() as usize];
                        gone &= gone - 1;
                        offs.push(b.rec(node(n, x, c.digit, false)));
                    }
                    b.contradiction = Some(offs);
                    b.emptied = Some((u as u16, node(n, c.cell, c.digit, true)));
                    return;
                }
                if left & (left - 1) == 0 {
                    let q = unit[left.trailing_zeros() as usize];
                    let single = node(n, q, c.digit, true);
                    if b.rec(single) == NONE {
                        let from = b.arena.len();
                        while gone != 0 {
                            let x = unit[gone.trailing_zeros() as usize];
                            gone &= gone - 1;
                            let p = b.rec(node(n, x, c.digit, false));
                            b.arena.push(p);
                        }
                        self.add_pushed(b, single, from, 1, UNIT_LINK, u as u16);
                    }
                }
            } else {
                // A strong link: the digit's one other place in the unit.
                if self.place_masks[u * n + c.digit as usize - 1].count_ones() != 2 {
                    continue;
                }
                let other = unit
                    .iter()
                    .copied()
                    .find(|&x| x != c.cell && self.base[x] & bit != 0);
                if let Some(q) = other {
                    self.add_link(b, node(n, q, c.digit, true), r, UNIT_LINK, u as u16);
                }
            }
            if b.contradiction.is_some() {
                return;
            }
        }
    }

    /// When a dynamic-plus or nested branch runs out of singles: the first of the basic
    /// rules (then, nested, of the inner chains) that removes something on the branch's
    /// board adds its eliminations. Whether it added any.
    ///
    /// The inner searches are SE's (`Chaining.getOtherRules`): the first that finds a step
    /// with parents in the branch serves ([`InnerSearch`]). A nested step of the 10.0 level
    /// counts for at most `nested` nodes ([`Goal::nesting`]).
    fn advanced(&self, b: &mut Branch, mode: Mode, nested: usize) -> bool {
        let mut scratch = self.scratch.borrow_mut();
        let Some((inner, cut)) = self.branch_board(b, &mut scratch) else {
            return false;
        };
        let n = self.n;
        let since = self.rules_since();
        // A branch taken over from the dynamic-plus level is where its basic rules found
        // nothing on this very board ([`Engine::start`]).
        let spent = self.rules_found_nothing.replace(false);
        let found = (0..BASIC_RULES.len()).filter(|_| !spent).find_map(|k| {
            let step = match since {
                true => BASIC_RULES_SINCE[k](inner, cut),
                false => BASIC_RULES[k](inner),
            };
            step.map(|s| {
                let mut parents = self.rule_parents(b, &s);
                if parents.is_empty() {
                    // Not on a board whose basic rules are spent (see `rule_parents`).
                    parents.push(0);
                }
                (vec![(s, parents, 1)], false)
            })
        });
        let found = found.or_else(|| {
            // SE's inner rules past the basic ones (`Chaining.getOtherRules`), in its
            // order: the first whose step has parents serves. SE's parents of a nested
            // step: what the outer branch removed that the inner chain's singles rest on;
            // a step resting on none is no news of the branch's.
            let searches: &[InnerSearch] = match mode.level {
                2 => &[InnerSearch::Chain],
                3 => &[InnerSearch::Chain, InnerSearch::Multiple],
                4 => &[InnerSearch::Dynamic],
                _ => return None,
            };
            for &search in searches {
                // Every step of the search that has parents, lightest first (SE adds every
                // hint of the rule, sorted by complexity; a node two conclude keeps the
                // first's parents).
                let steps: Vec<(Step, Vec<u32>, u32)> = self
                    .nested_on(inner, &b.cands, search)
                    .into_iter()
                    .filter_map(|(s, weight, support)| {
                        let parents = self.support_parents(b, &support);
                        (!parents.is_empty()).then_some((s, parents, weight))
                    })
                    .collect();
                let Some(lightest) = steps.first() else {
                    continue;
                };
                // Past `nested` (the 10.0 level's cap, [`Goal::nesting`]) the steps serve
                // no conclusion that beats the best, and the branch ends.
                return (lightest.2 as usize <= nested).then_some((steps, true));
            }
            None
        });
        let Some((found, chained)) = found else {
            return false;
        };
        if chained {
            b.heaviest = b.heaviest.max(found[0].2);
        }
        let before = b.recs.len();
        // SE adds a rule's removals to the branch unchecked (`Chaining.doChaining`): one
        // meeting its opposite is no contradiction there, only a single meeting its
        // opposite later is (norvig_hardest11 #2: 10.4 and 10.5 steps that SE rates 10.5
        // and 10.6 when this stopped the branch).
        let stops = std::mem::replace(&mut b.stops, false);
        for (step, parents, weight) in &found {
            // A nested chain's conclusions count its nodes once a step ([`Rec::nest`]).
            let weight = match chained {
                true if b.nests.len() < usize::from(u16::MAX) - 1 => {
                    b.nests.push(chain_key(step, *weight));
                    b.nest = b.nests.len() as u16;
                    weight + 1
                }
                _ => *weight,
            };
            for e in &step.eliminations {
                self.add(b, node(n, e.cell, e.digit, false), parents, weight, 0);
            }
            // A placement as the removal of its cell's other digits (SE's nested hints
            // remove only: `createCellReductionHint` and the like).
            for p in &step.placements {
                for d in digits_of(b.cands[p.cell] & !(1u32 << (p.digit - 1))) {
                    self.add(b, node(n, p.cell, d, false), parents, weight, 0);
                }
            }
            b.nest = 0;
        }
        b.stops = stops;
        b.recs.len() > before
    }

    /// The inner search `search` of a nested branch on its board `inner` (whose
    /// candidates are `cands`), remembered by the budget: a function of the board alone.
    fn nested_on(&self, inner: &Board, cands: &[u32], search: InnerSearch) -> Vec<Inner> {
        let values = (0..cands.len()).map(|c| inner.value(c)).collect();
        let key: InnerKey = (search as u8, values, cands.to_vec());
        if let Some(known) = self.budget.inner.borrow().get(&key) {
            return known.clone();
        }
        self.frame_branch_boards();
        if search == InnerSearch::Chain {
            self.frame_outer();
        }
        let found = nested(inner, search, self.budget);
        if !self.budget.spent() {
            let mut memo = self.budget.inner.borrow_mut();
            if memo.len() >= INNER_CAP {
                memo.clear();
                self.budget.forgotten.set(self.budget.forgotten.get() + 1);
            }
            memo.insert(key, found.clone());
        }
        found
    }

    /// The branch's board: the puzzle's, with the branch's candidates, made in `slot`
    /// (whose buffers are reused), and what it cut from the puzzle's (for a board without
    /// cages: the only kind whose rules [`Engine::rules_since`] reads).
    fn branch_board<'s>(
        &self,
        b: &Branch,
        slot: &'s mut (Option<Board>, Cut),
    ) -> Option<(&'s Board, &'s Cut)> {
        let (board, cut) = slot;
        if self.board.cages().is_empty() {
            let out = board.get_or_insert_with(|| self.board.clone());
            self.board.with_candidates_into(&b.cands, out, cut);
            return Some((out, cut));
        }
        // A killer board's branch board is built anew, without its cages, as before.
        let grid = self.board.grid();
        let mut pencil = Candidates::of_grid(&grid);
        for (cell, &bits) in b.cands.iter().enumerate() {
            if self.board.value(cell) == 0 {
                pencil.set(cell, Digits::from_bits(u128::from(bits)));
            }
        }
        *board = Some(Board::new(&grid, Some(&pencil)).ok()?);
        board.as_ref().map(|board| (board, &*cut))
    }

    /// Whether the basic rules find nothing on the engine's board (and it has no cages,
    /// whose branch boards are built without them): then a branch board's rules need look
    /// only where the branch cut it ([`BASIC_RULES_SINCE`]). The ladder tries those rules
    /// before any chain, so this holds wherever a rating asks.
    fn rules_since(&self) -> bool {
        match self.rules_spent.get() {
            Some(spent) => spent,
            None => {
                let spent = self.board.cages().is_empty()
                    && BASIC_RULES.iter().all(|rule| rule(self.board).is_none());
                self.rules_spent.set(Some(spent));
                spent
            }
        }
    }

    /// The nodes the records `roots` rest on (themselves included), weighted.
    fn complexity(&self, b: &Branch, roots: &[u32]) -> usize {
        self.complexity_past(b, roots, usize::MAX)
    }

    /// The complexity of a contradiction: as SE's `BinaryChainingHint`, the ancestors of
    /// each side counted apart (what both rest on, twice).
    fn conflict_complexity(&self, b: &Branch, conflict: &[u32]) -> usize {
        self.new_step();
        if b.emptied.is_some() {
            // SE sees the last digit (place) left on, then turned off: the others' union,
            // that single, and the last one's own ancestors.
            let last = conflict
                .iter()
                .copied()
                .filter(|&r| r != NONE)
                .max()
                .unwrap_or(NONE);
            let others: Vec<u32> = conflict.iter().copied().filter(|&r| r != last).collect();
            return self.complexity(b, &others) + 1 + self.complexity(b, &[last]);
        }
        conflict.iter().map(|&r| self.complexity(b, &[r])).sum()
    }

    /// Starts counting a new step: each nested chain counts once a step (SE's
    /// `getNestedComplexity` over distinct chains).
    fn new_step(&self) {
        self.walk.borrow_mut().nests.clear();
    }

    /// [`Engine::complexity`], or any count above `cap` once the walk has passed it (a
    /// caller that only wants conclusions up to `cap` stops there).
    fn complexity_past(&self, b: &Branch, roots: &[u32], cap: usize) -> usize {
        let mut walk = self.walk.borrow_mut();
        let Walk {
            seen,
            stamp,
            todo,
            nests,
        } = &mut *walk;
        *stamp = next_stamp(seen, *stamp, b.recs.len());
        todo.clear();
        todo.extend_from_slice(roots);
        let mut total = 0usize;
        while let Some(r) = todo.pop() {
            if r == NONE || seen[r as usize] == *stamp {
                continue;
            }
            seen[r as usize] = *stamp;
            let rec = b.recs[r as usize];
            if rec.nest == 0 {
                total += rec.weight as usize;
            } else {
                // A nested chain's nodes count once a step, its conclusions one each.
                let key = b.nests[usize::from(rec.nest) - 1];
                if nests.contains(&key) {
                    total += 1;
                } else {
                    nests.push(key);
                    total += rec.weight as usize;
                }
            }
            if total > cap {
                break;
            }
            todo.extend_from_slice(&b.arena[rec.from as usize..rec.to as usize]);
        }
        total
    }

    /// The [`Support`] of the records `roots` in `b` (their singles, found by walking
    /// every ancestor), added to `out`; nothing unless this is an inner search.
    fn support_into(&self, b: &Branch, roots: &[u32], out: &mut Support) {
        if !self.inner {
            return;
        }
        // The complexity walk's buffers (it runs for every conclusion of every inner search).
        let mut walk = self.walk.borrow_mut();
        let Walk {
            seen, stamp, todo, ..
        } = &mut *walk;
        *stamp = next_stamp(seen, *stamp, b.recs.len());
        todo.clear();
        todo.extend_from_slice(roots);
        while let Some(r) = todo.pop() {
            if r == NONE || seen[r as usize] == *stamp {
                continue;
            }
            seen[r as usize] = *stamp;
            let rec = b.recs[r as usize];
            if rec.cause != CAUSE_NONE && !out.contains(&(rec.cause, rec.node)) {
                out.push((rec.cause, rec.node));
            }
            todo.extend_from_slice(&b.arena[rec.from as usize..rec.to as usize]);
        }
    }

    /// [`Engine::support_into`] of one branch.
    fn support(&self, b: &Branch, roots: &[u32]) -> Support {
        let mut out = Vec::new();
        self.support_into(b, roots, &mut out);
        out
    }

    /// The [`Support`] of `b`'s contradiction `conflict`: its records', and the cell or
    /// unit it emptied.
    fn support_conflict(&self, b: &Branch, conflict: &[u32]) -> Support {
        let mut out = self.support(b, conflict);
        if let (true, Some(x)) = (self.inner, b.emptied) {
            if !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }

    /// The parents, in outer branch `b`, of a nested step resting on `support` (SE's
    /// `getAdvancedPotentials`: the candidates `b` removed in the support's cells and, for
    /// its digit, in its units), first found first.
    fn support_parents(&self, b: &Branch, support: &Support) -> Vec<u32> {
        let n = self.n;
        let mut parents: Vec<u32> = Vec::new();
        let mut push = |r: u32| {
            if r != NONE && !parents.contains(&r) {
                parents.push(r);
            }
        };
        for &(cause, on) in support {
            let (c, _) = of_node(n, on);
            if cause == CAUSE_CELL {
                for x in digits_of(self.base[c.cell] & !b.cands[c.cell]) {
                    push(b.rec(node(n, c.cell, x, false)));
                }
            } else {
                let u = usize::from(cause);
                let k = u * n + c.digit as usize - 1;
                let unit = &self.board.layout().units()[u].cells;
                let mut gone = self.place_masks[k] & !b.left[k];
                while gone != 0 {
                    let x = unit[gone.trailing_zeros() as usize];
                    gone &= gone - 1;
                    push(b.rec(node(n, x, c.digit, false)));
                }
            }
        }
        parents
    }

    /// The parents, in branch `b`, of a basic rule's `step` found on the branch's board, as
    /// SE's `getRuleParents` names them: the candidates the branch removed that the
    /// pattern needed gone.
    ///
    /// - locked candidates (pointing, box-line; `units` the unit `A` where the digit is
    ///   confined, then the unit `B` it is confined to): the digit's places in `A` outside
    ///   `B` (`LockingHint`);
    /// - a fish (`units` the base lines, then as many cover lines): the digit's places in
    ///   the base lines outside the cover lines (`LockingHint`, as SE's `Fisherman` builds it);
    /// - a naked set: the set's cells' other digits (`NakedSetHint`);
    /// - a hidden set: the set's digits in the unit's other cells (`HiddenSetHint`).
    ///
    /// Empty only if the pattern was on the engine's board already, whose basic rules are
    /// spent wherever a branch looks for them (a rating tries them before any chain, and an
    /// inner search's board is a branch's board on which they found nothing): the branch
    /// only removes candidates, so the pattern's eliminations were there too.
    fn rule_parents(&self, b: &Branch, step: &Step) -> Vec<u32> {
        let n = self.n;
        let units = self.board.layout().units();
        let mut parents: Vec<u32> = Vec::new();
        let mut push = |r: u32| {
            if r != NONE && !parents.contains(&r) {
                parents.push(r);
            }
        };
        match step.strategy {
            Strategy::NakedPair | Strategy::NakedTriple | Strategy::NakedQuad => {
                let set: u32 = step.digits.iter().map(|&d| 1u32 << (d - 1)).sum();
                for &c in &step.cells {
                    for d in digits_of(self.base[c] & !set) {
                        push(b.rec(node(n, c, d, false)));
                    }
                }
            }
            Strategy::HiddenPair | Strategy::HiddenTriple | Strategy::HiddenQuad => {
                for &u in &step.units {
                    for &c in units[u].cells.iter().filter(|c| !step.cells.contains(c)) {
                        for &d in &step.digits {
                            push(b.rec(node(n, c, d, false)));
                        }
                    }
                }
            }
            _ => {
                // Locked candidates and fish: the base units, then as many covers.
                let (base, cover) = step.units.split_at(step.units.len() / 2);
                for &u in base {
                    let outside = units[u]
                        .cells
                        .iter()
                        .filter(|c| !cover.iter().any(|&v| units[v].cells.contains(c)));
                    for &c in outside {
                        for &d in &step.digits {
                            push(b.rec(node(n, c, d, false)));
                        }
                    }
                }
            }
        }
        parents
    }

    /// What a top-level search at `level` does with the budget's [`PlusMemo`]s: the
    /// dynamic-plus level keeps its branches for this board, a nested level takes them
    /// over when they are this board's; the 9.5 level keeps its own, for the 10.0 level to
    /// take over.
    fn set_memos(&self, level: Level) {
        let mut key = self.base.clone();
        key.extend((0..self.base.len()).map(|c| u32::from(self.board.value(c))));
        let nodes = node_ids(self.base.len());
        let forgotten = self.budget.forgotten.get();
        let keep = |memo: &RefCell<PlusMemo>| {
            let old = memo.borrow_mut().keep_for(&key, nodes, forgotten);
            self.give_back(old.into_iter().map(Some).collect());
            Memo::Keep
        };
        let reuse = |memo: &RefCell<PlusMemo>| match memo.borrow().board == key {
            true => Memo::Reuse,
            false => Memo::Off,
        };
        let (plus, chains) = match level {
            Level::Plus => (keep(&self.budget.plus), Memo::Off),
            Level::Nested2 => (reuse(&self.budget.plus), keep(&self.budget.chains)),
            Level::Nested3 => (reuse(&self.budget.plus), reuse(&self.budget.chains)),
            Level::Nested4 => (reuse(&self.budget.plus), Memo::Off),
            _ => (Memo::Off, Memo::Off),
        };
        self.memo.set(plus);
        self.chains.set(chains);
    }

    /// Whether a node says something new about the board: a placement of an open cell or
    /// the removal of a candidate it still has.
    fn is_news(&self, node: u32) -> bool {
        let (c, on) = of_node(self.n, node);
        let has = self.base[c.cell] & (1u32 << (c.digit - 1)) != 0;
        has && (!on || self.base[c.cell].count_ones() > 1)
    }
}

/// The units of `cell` in SE's order (`Chaining.getOnToOff`, `getOffToOn`): its box,
/// then its others in the layout's order (row, column, then any extra).
fn se_units(layout: &Layout, cell: usize) -> impl Iterator<Item = usize> + '_ {
    let units = layout.units_of(cell);
    let is_box = move |u: &usize| layout.units()[*u].kind == UnitKind::Box;
    units
        .iter()
        .copied()
        .filter(is_box)
        .chain(units.iter().copied().filter(move |u| !is_box(u)))
}

/// The digits of a bit set, lowest first (a bit scan, not a loop over all 128 bits: this
/// runs for every node of every branch).
fn digits_of(bits: u32) -> impl Iterator<Item = u8> {
    bits_of(u64::from(bits)).map(|i| i as u8 + 1)
}

/// A found conclusion: the node concluded, the step's score in tenths, its complexity.
struct Found {
    node: u32,
    tenths: u16,
    complexity: usize,
    strategy: Strategy,
    /// The pattern: the assumption(s) the branches started from.
    sources: Vec<Candidate>,
    /// A chain's nodes for a single-branch conclusion (the path to it).
    chain: Vec<Candidate>,
    /// What it rests on, for an inner search's conclusion (else empty).
    support: Support,
}

impl Found {
    fn better(&self, other: &Found) -> bool {
        (self.tenths, self.complexity) < (other.tenths, other.complexity)
    }
}

fn keep(best: &mut Option<Found>, f: Found) {
    if best.as_ref().is_none_or(|b| f.better(b)) {
        *best = Some(f);
    }
}

/// A nested chain as SE's `FullChain` tells chains apart (its conclusions, its path, what it
/// started from and what it counts for), hashed: a step counts each once.
fn chain_key(step: &Step, weight: u32) -> u64 {
    // FxHash, as for the memo of inner searches: a few words a node, where SipHash was a
    // percent of a forum rating; each list's length is hashed ahead of it, so no two
    // chains' words run together.
    let mut h = FxHasher::default();
    let cands = |h: &mut FxHasher, list: &[Candidate]| {
        h.add(list.len() as u64);
        for c in list {
            h.add((c.cell as u64) << 8 | u64::from(c.digit));
        }
    };
    cands(&mut h, &step.chain);
    h.add(step.cells.len() as u64);
    for &c in &step.cells {
        h.add(c as u64);
    }
    h.add(step.digits.len() as u64);
    for &d in &step.digits {
        h.add(u64::from(d));
    }
    cands(&mut h, &step.eliminations);
    cands(&mut h, &step.placements);
    h.add(u64::from(weight));
    h.finish()
}

/// The step of a conclusion.
fn step_of(n: usize, f: Found) -> Step {
    let (c, on) = of_node(n, f.node);
    let mut step = Step::new(f.strategy);
    step.score = Score::from_tenths(f.tenths);
    step.cells = f.sources.iter().map(|s| s.cell).collect();
    step.cells.dedup();
    step.digits = f.sources.iter().map(|s| s.digit).collect();
    step.digits.sort_unstable();
    step.digits.dedup();
    step.chain = f.chain;
    if on {
        step.placements.push(c);
    } else {
        step.eliminations.push(c);
    }
    step
}

/// The stamp of a new walk over `records` records whose marks are `seen` (grown to
/// them, and cleared when the stamps wrap), the last walk's stamp being `stamp`.
fn next_stamp(seen: &mut Vec<u32>, stamp: u32, records: usize) -> u32 {
    if seen.len() < records {
        seen.resize(records, 0);
    }
    match stamp.checked_add(1) {
        Some(s) => s,
        None => {
            seen.fill(0);
            1
        }
    }
}

/// The path from a branch's start to record `r`, following first parents (measured
/// first, then written from its end: one allocation of its size).
fn path(n: usize, b: &Branch, r: u32) -> Vec<Candidate> {
    let first_parent = |r: u32| {
        let rec = b.recs[r as usize];
        (rec.from != rec.to).then(|| b.arena[rec.from as usize])
    };
    let len = std::iter::successors(Some(r), |&r| first_parent(r)).count();
    let mut out = vec![Candidate { cell: 0, digit: 0 }; len];
    for (slot, r) in out
        .iter_mut()
        .rev()
        .zip(std::iter::successors(Some(r), |&r| first_parent(r)))
    {
        *slot = of_node(n, b.recs[r as usize].node).0;
    }
    out
}

/// A forcing strategy's search, bounded by a budget.
pub(super) type Search = fn(&Board, &Effort) -> Option<Step>;

/// The search of a forcing strategy (`None` for the other strategies).
pub(super) fn finder(strategy: Strategy) -> Option<Search> {
    Some(match strategy {
        Strategy::ForcingChain => forcing_chain,
        Strategy::NishioForcingChain => nishio,
        Strategy::MultipleForcingChain => multiple,
        Strategy::DynamicForcingChain => dynamic,
        Strategy::DynamicForcingChainPlus => dynamic_plus,
        Strategy::NestedForcingChain => nested_chain,
        _ => return None,
    })
}

/// Forcing chains (SE 6.6 / 7.0): a static chain from a candidate that turns the
/// candidate itself off (so it is false) or, from its removal, on (so it is true).
pub(super) fn forcing_chain(board: &Board, budget: &Effort) -> Option<Step> {
    let mut found = forcing_chain_with(board, budget, false, false);
    (!found.is_empty()).then(|| found.swap_remove(0).0)
}

/// Every forcing chain, as a nested chain's inner search finds them (SE adds every hint
/// of the rule): each conclusion with its [`Support`], easiest first (lowest score, then
/// fewest nodes, then the search's order). Empty once `budget` is spent.
fn forcing_chains_all(board: &Board, budget: &Effort) -> Vec<(Step, Support)> {
    forcing_chain_with(board, budget, true, true)
}

/// [`forcing_chain`] (the easiest conclusion), or every conclusion if `all`, each with its
/// [`Support`] if `inner` (a nested chain's inner search).
fn forcing_chain_with(
    board: &Board,
    budget: &Effort,
    inner: bool,
    all: bool,
) -> Vec<(Step, Support)> {
    let e = match inner {
        true => Engine::new_inner(board, budget),
        false => Engine::new(board, budget),
    };
    let Some(e) = e else {
        return Vec::new();
    };
    let mut every = Vec::new();
    let n = e.n;
    let mode = Mode {
        dynamic: false,
        level: 0,
    };
    // Most assumptions lead nowhere near their opposite: the graph says which do, and
    // only those are followed. A branch board whose outer board has no failed node has
    // them told by its new strong links (none, mostly), for the nodes the search charges.
    let failed = match inner.then(|| e.failed_in_frame()).flatten() {
        Some(told) => e.charge_static().then_some(told),
        None => e.static_failed(),
    };
    let Some(failed) = failed else {
        return Vec::new();
    };
    // On most branch boards of a nested chain none does.
    if failed.iter().all(|&w| w == 0) {
        return Vec::new();
    }
    let mut best = None;
    // The branch followed, one at a time, given back to the budget's spares at the end (an
    // inner search runs for every branch board of a nested chain, and a new branch clears
    // its node index).
    let mut slot = None;
    for p in e.candidates() {
        for on in [true, false] {
            let start = node(n, p.cell, p.digit, on);
            let v = e.dense(start);
            if !has(&failed, v) {
                continue;
            }
            // Only the start's opposite counts, and (for the easiest) only if it beats
            // the best so far.
            let cap = match all {
                true => usize::MAX,
                false => cap_for(&best, se::forcing_chain(false)),
            };
            let b = e.branch_reusing(&mut slot, start, mode, Goal::new(start ^ 1, cap));
            if budget.spent() {
                return Vec::new();
            }
            let r = b.rec(start ^ 1);
            if r == NONE {
                continue;
            }
            e.new_step();
            let complexity = e.complexity(b, &[r]);
            let mixed = b.recs[r as usize].kinds == CELL_LINK | UNIT_LINK;
            let base = se::forcing_chain(mixed);
            let f = Found {
                node: start ^ 1,
                tenths: base + se::length_bonus(complexity),
                complexity,
                strategy: Strategy::ForcingChain,
                sources: vec![p],
                chain: path(n, b, r),
                support: e.support(b, &[r]),
            };
            match all {
                true => every.push(f),
                false => keep(&mut best, f),
            }
        }
    }
    e.give_back(vec![slot]);
    every.extend(best);
    // A stable sort: ties keep the search's order, as `keep` does.
    every.sort_by_key(|f| (f.tenths, f.complexity));
    every
        .into_iter()
        .map(|mut f| {
            let support = std::mem::take(&mut f.support);
            (step_of(n, f), support)
        })
        .collect()
}

/// Nishio forcing chains (SE 7.5): a digit assumed in a cell, followed on that digit
/// alone, contradicts. Followed in SE's order (`Chaining.doChaining`), not a branch's:
/// SE rates each start by the first contradiction its propagation meets.
pub(super) fn nishio(board: &Board, budget: &Effort) -> Option<Step> {
    se_nishio::nishio(board, budget)
}

/// Static multiple forcing chains (SE 8.0): cell and unit forcing chains.
pub(super) fn multiple(board: &Board, budget: &Effort) -> Option<Step> {
    multiple_at(board, Level::Static, budget).map(|(s, _)| s)
}

/// Dynamic forcing chains (SE 8.5).
pub(super) fn dynamic(board: &Board, budget: &Effort) -> Option<Step> {
    multiple_at(board, Level::Dynamic, budget).map(|(s, _)| s)
}

/// Dynamic forcing chains plus (SE 9.0): basic rules inside the branches.
pub(super) fn dynamic_plus(board: &Board, budget: &Effort) -> Option<Step> {
    multiple_at(board, Level::Plus, budget).map(|(s, _)| s)
}

/// Nested forcing chains (SE 9.5, 10.0, 10.5): forcing chains inside the branches.
pub(super) fn nested_chain(board: &Board, budget: &Effort) -> Option<Step> {
    [Level::Nested2, Level::Nested3, Level::Nested4]
        .into_iter()
        .find_map(|level| multiple_at(board, level, budget).map(|(s, _)| s))
}

/// The levels of multiple and dynamic chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    /// Static cell and unit forcing chains (8.0).
    Static,
    /// Dynamic (8.5).
    Dynamic,
    /// Dynamic with basic rules (9.0).
    Plus,
    /// Nested: static chains inside (9.5).
    Nested2,
    /// Nested: static forcing chains, then static multiple ones, inside (10.0).
    Nested3,
    /// Nested: dynamic chains inside (10.5).
    Nested4,
}

impl Level {
    fn mode(self) -> Mode {
        let (dynamic, level) = match self {
            Level::Static => (false, 0),
            Level::Dynamic => (true, 0),
            Level::Plus => (true, 1),
            Level::Nested2 => (true, 2),
            Level::Nested3 => (true, 3),
            Level::Nested4 => (true, 4),
        };
        Mode { dynamic, level }
    }

    fn base(self) -> u16 {
        match self {
            Level::Static => se::MULTIPLE,
            Level::Dynamic => se::DYNAMIC,
            Level::Plus => se::DYNAMIC_PLUS,
            Level::Nested2 => se::nested(2),
            Level::Nested3 => se::nested(3),
            Level::Nested4 => se::nested(4),
        }
    }

    fn strategy(self) -> Strategy {
        match self {
            Level::Static => Strategy::MultipleForcingChain,
            Level::Dynamic => Strategy::DynamicForcingChain,
            Level::Plus => Strategy::DynamicForcingChainPlus,
            _ => Strategy::NestedForcingChain,
        }
    }
}

/// The searches a nested branch runs inside it, as SE's `Chaining.getOtherRules` adds them
/// past the basic rules: static forcing chains (from the 9.5 level on), static multiple
/// forcing chains (cell and unit, the 10.0 level), dynamic forcing chains (the 10.5
/// level, nesting nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InnerSearch {
    Chain,
    Multiple,
    Dynamic,
}

/// A nested chain's step on a branch's board and its complexity (SE's `getComplexity`
/// of the nested hint: the nodes of its chain, or the sum over its branches), and what it
/// rests on ([`Support`]).
fn nested(board: &Board, search: InnerSearch, budget: &Effort) -> Vec<Inner> {
    let level = match search {
        InnerSearch::Chain => {
            return forcing_chains_all(board, budget)
                .into_iter()
                .map(|(step, support)| {
                    let weight = step.chain.len().max(1) as u32;
                    (step, weight, support)
                })
                .collect();
        }
        InnerSearch::Multiple => return multiple_every(board, budget),
        InnerSearch::Dynamic => Level::Dynamic,
    };
    multiple_with(board, level, budget, true, true)
        .map(|(s, c, support)| (s, c as u32, support))
        .into_iter()
        .collect()
}

/// Cell, unit, contradiction and double forcing chains at a level: the easiest
/// conclusion, as a step, and its complexity.
/// None once `budget` is spent: a search cut short may have missed the easiest.
///
/// At the dynamic levels without inner rules (8.5, and the inner searches of the nested
/// chains at 10.5) each assumption's closure is first computed on bit boards
/// ([`Singles`]): only the branches that contradict, or that share a new node with the
/// other branches of their cell, unit or double forcing, are then recorded, in the order
/// the search looks at them, so the conclusion is the one the search would find recording
/// every branch.
fn multiple_at(board: &Board, level: Level, budget: &Effort) -> Option<(Step, usize)> {
    multiple_with(board, level, budget, true, false).map(|(s, c, _)| (s, c))
}

/// [`multiple_at`], with the closures at the levels that have them and the static reach
/// at the static level if `closures` (else every branch recorded whole: the plain method
/// the tests hold the other to), and the
/// conclusion's [`Support`] if `inner` (a nested chain's inner search).
fn multiple_with(
    board: &Board,
    level: Level,
    budget: &Effort,
    closures: bool,
    inner: bool,
) -> Option<(Step, usize, Support)> {
    let e = if inner {
        Engine::new_inner(board, budget)?
    } else {
        Engine::new(board, budget)?
    };
    if !inner {
        e.set_memos(level);
    }
    multiple_in(&e, level, closures)
}

/// Every static cell and unit forcing chain of a nested branch's board, as SE's
/// `Chaining.getHintList` hands them to the branch (its accumulator takes them all, where
/// the search rating a board wants the easiest): sorted by score, then complexity, then
/// SE's sort key (a cell's before a unit's), one a removal set (`ChainingHint.equals`),
/// the first kept. With the easiest only, a branch of the forum 11+ list's lines 1 and 3
/// rested on fewer distinct inner chains than SE's (each counted once a step), 0.1 lighter.
fn multiple_every(board: &Board, budget: &Effort) -> Vec<Inner> {
    let Some(e) = Engine::new_inner(board, budget) else {
        return Vec::new();
    };
    e.every.replace(Some(Vec::new()));
    multiple_in(&e, Level::Static, true);
    let mut all = e.every.take().unwrap_or_default();
    if budget.spent() {
        return Vec::new();
    }
    let n = e.n;
    let of_unit = |f: &Found| f.sources.windows(2).any(|w| w[0].cell != w[1].cell);
    all.sort_by_key(|f| (f.tenths, f.complexity, of_unit(f)));
    // What each removes on the board (a placement: its cell's other digits).
    let removes = |f: &Found| {
        let (c, on) = of_node(n, f.node);
        let bit = 1u32 << (c.digit - 1);
        (c.cell, if on { e.base[c.cell] & !bit } else { bit })
    };
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for mut f in all {
        let key = removes(&f);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let support = std::mem::take(&mut f.support);
        let complexity = f.complexity as u32;
        out.push((step_of(n, f), complexity, support));
    }
    out
}

/// [`multiple_with`] on the engine `e`.
fn multiple_in(e: &Engine, level: Level, closures: bool) -> Option<(Step, usize, Support)> {
    let (board, budget) = (e.board, e.budget);
    let n = e.n;
    let mode = level.mode();
    let strategy = level.strategy();
    let base = level.base();
    let cells = e.base.len();
    let candidates = e.candidates();
    let mut best: Option<Found> = None;
    let singles = match mode {
        Mode {
            dynamic: true,
            level: 0,
            ..
        } if closures => e.singles(),
        _ => None,
    };
    let by_reach = closures && !mode.dynamic;
    // Each candidate's closure (with `singles`), by its index in `candidates`.
    let mut closures: Vec<Closure> = Vec::new();
    let mut index = vec![u32::MAX; cells * n];
    if let Some(singles) = &singles {
        closures.reserve(candidates.len());
        for (i, &p) in candidates.iter().enumerate() {
            closures.push(e.close(singles, p, true)?);
            index[p.cell * n + p.digit as usize - 1] = i as u32;
        }
    }
    let closure = |p: Candidate| -> Option<&Closure> {
        match index[p.cell * n + p.digit as usize - 1] {
            u32::MAX => None,
            i => Some(&closures[i as usize]),
        }
    };
    // A branch of the 10.0 level need not pass a nested step too heavy to serve a
    // conclusion that beats the best. A static branch recorded for a cell or unit forcing
    // whose starts' reaches share news (`by_reach`) serves only conclusions common to two
    // branches or more, so one that beats the best at complexity `cap` rests on at most
    // `cap - 1` nodes of it, all of generation `cap - 1` at most (see `follow_from`): it need
    // not be followed further. Its records up to there are the whole branch's, and it
    // charges the budget nothing (the reach paid for it), so the effort is the same; the
    // cap only falls, so a branch kept for a later forcing still holds what it needs.
    let goal_of = |best: &Option<Found>| match level {
        Level::Nested3 => Goal::nesting(cap_for(best, base)),
        Level::Static if by_reach => Goal::new(NONE, cap_for(best, base).saturating_sub(1)),
        _ => Goal::ALL,
    };
    // The branch of each candidate on (recorded when needed, with `singles`).
    let mut on: Vec<Option<Branch>> = (0..cells * n).map(|_| None).collect();
    // A static branch is its start's reach in the static graph, whole: every branch is
    // paid for at once, and only those of the cells and units whose starts' reaches
    // share a node that is news are recorded.
    let reach = by_reach.then(|| e.reach());
    let news = reach.as_ref().map(|_| e.news());
    let number = |p: &Candidate| e.number(p.cell, 1u32 << (p.digit - 1)) as usize;
    if singles.is_some() {
        // The contradictions, from the closures that contradict; the searches below read
        // only the closures of those candidates, never their branches.
        contradictions(e, &candidates, &closures, level, &mut best)?;
    } else if let Some(reach) = &reach {
        let nodes = candidates.iter().map(|p| reach.size(number(p)));
        if !budget.take_many(nodes.sum()) {
            return None;
        }
        e.paid.set(true);
    } else {
        for &p in &candidates {
            let start = node(n, p.cell, p.digit, true);
            let b = e.spare_branch(start, mode, goal_of(&best));
            if budget.spent() {
                return None;
            }
            if mode.dynamic {
                if let Some(conflict) = &b.contradiction {
                    let complexity = e.conflict_complexity(&b, conflict);
                    keep(
                        &mut best,
                        Found {
                            node: start ^ 1,
                            tenths: base + se::length_bonus(complexity),
                            complexity,
                            strategy,
                            sources: vec![p],
                            chain: path(n, &b, conflict[0]),
                            support: e.support_conflict(&b, conflict),
                        },
                    );
                }
            }
            on[p.cell * n + p.digit as usize - 1] = Some(b);
        }
    }
    // With closures, each branch recorded is read only for the nodes it shares with one
    // branch or more (a branch that contradicts, as far as its contradiction): a conclusion that beats `best` at
    // complexity `cap` or less rests on at most `cap - 1` nodes of each, whose generation
    // is at most that, so a branch need not be followed further (the cap only falls as
    // `best` improves, so a branch kept for a later forcing still holds what it needs).
    let shared_goal = |best: &Option<Found>| match singles {
        Some(_) => Goal::new(NONE, cap_for(best, base).saturating_sub(1)),
        None => goal_of(best),
    };
    // Records the branches of `sources` on that are not recorded yet, as far as `goal`;
    // false once the budget is spent.
    let record = |on: &mut Vec<Option<Branch>>, sources: &[Candidate], goal: Goal| -> bool {
        for p in sources {
            let slot = &mut on[p.cell * n + p.digit as usize - 1];
            if slot.is_none() {
                *slot = Some(e.spare_branch(node(n, p.cell, p.digit, true), mode, goal));
                if budget.spent() {
                    return false;
                }
            }
        }
        true
    };
    // Double forcing: what a candidate on and off both force (in a cell of three digits
    // or more: in a bivalue cell this is cell forcing). As SE (`doBinaryChaining`), also
    // where one of the two contradicts: that branch counts as far as its contradiction.
    if mode.dynamic {
        let mut off = None;
        for &p in &candidates {
            if e.base[p.cell].count_ones() < 3 {
                continue;
            }
            let mut goal = shared_goal(&best);
            if let (Some(singles), Some(c)) = (&singles, closure(p)) {
                let c_off = e.close(singles, p, false)?;
                if c_off.contradiction {
                    // The off branch as far as its contradiction could beat the best.
                    goal = Goal::new(NONE, cap_for(&best, base));
                } else if !c.contradiction && !singles.share_news([c, &c_off].into_iter()) {
                    continue;
                }
                if !record(&mut on, &[p], shared_goal(&best)) {
                    return None;
                }
            }
            let Some(bon) = on[p.cell * n + p.digit as usize - 1].as_ref() else {
                continue;
            };
            let boff = e.branch_reusing(&mut off, node(n, p.cell, p.digit, false), mode, goal);
            if budget.spent() {
                return None;
            }
            if let Some(conflict) = &boff.contradiction {
                let complexity = e.conflict_complexity(boff, conflict);
                keep(
                    &mut best,
                    Found {
                        node: node(n, p.cell, p.digit, true),
                        tenths: base + se::length_bonus(complexity),
                        complexity,
                        strategy,
                        sources: vec![p],
                        chain: path(n, boff, conflict[0]),
                        support: e.support_conflict(boff, conflict),
                    },
                );
            }
            common(e, &mut best, &[bon, boff], &[p, p], base, strategy);
            if e.memo.get() == Memo::Keep || e.chains.get() == Memo::Keep {
                e.keep_or_give_back(vec![off.take()]);
            }
        }
    }
    // What every one of `sources` forces, when each has a branch and none contradicts.
    // (`shared_news`: room for the news the sources' reaches share, kept between calls.)
    let mut shared_news: Vec<u64> = Vec::new();
    let mut forced_by_all = |sources: &[Candidate], best: &mut Option<Found>| -> bool {
        if let (Some(reach), Some(news)) = (&reach, &news) {
            let shared = &mut shared_news;
            shared.clear();
            shared.extend_from_slice(news);
            // Most cells and units share nothing past their first two starts.
            if !sources.iter().all(|p| reach.meet(number(p), shared)) {
                return true;
            }
            if !record(&mut on, sources, goal_of(best)) {
                return false;
            }
        }
        if let Some(singles) = &singles {
            // A source that contradicts counts as far as its contradiction (SE's
            // `getMultipleChainsHintListForCell`, `doRegionChainings`): its closure says
            // nothing of that, so its branches are recorded.
            let mut shared: Vec<&Closure> = Vec::with_capacity(sources.len());
            let mut partial = false;
            for &p in sources {
                match closure(p) {
                    Some(c) => {
                        partial |= c.contradiction;
                        shared.push(c);
                    }
                    None => return true,
                }
            }
            if !partial && !singles.share_news(shared.into_iter()) {
                return true;
            }
            if !record(&mut on, sources, shared_goal(best)) {
                return false;
            }
        }
        let branches: Option<Vec<&Branch>> = sources
            .iter()
            .map(|c| on[c.cell * n + c.digit as usize - 1].as_ref())
            .collect();
        if let Some(branches) = branches {
            common(e, best, &branches, sources, base, strategy);
        }
        true
    };
    // Cell forcing: what every digit of a cell forces. (`sources`: room for the
    // candidates of each cell and unit, kept between them.)
    let mut sources: Vec<Candidate> = Vec::with_capacity(n);
    for cell in 0..cells {
        let digits = e.base[cell].count_ones();
        // A bivalue cell's static forcing is a forcing chain already.
        if digits < 2 || (digits == 2 && !mode.dynamic) {
            continue;
        }
        sources.clear();
        sources.extend(digits_of(e.base[cell]).map(|digit| Candidate { cell, digit }));
        if !forced_by_all(&sources, &mut best) {
            return None;
        }
    }
    // Unit forcing: what every place of a digit in a unit forces.
    for (u, unit) in board.layout().units().iter().enumerate() {
        for digit in 1..=n as u8 {
            let places = e.place_masks[u * n + digit as usize - 1];
            if places.count_ones() < 2 {
                continue;
            }
            // SE tries a unit's static forcing only from the cell of its first place, and
            // only from a cell of three digits or more (`Chaining.doRegionChainings` runs
            // inside `getMultipleChainsHintListForCell`), so a unit whose first place is
            // in a bivalue cell is not tried.
            let first = unit.cells[places.trailing_zeros() as usize];
            if !mode.dynamic && e.base[first].count_ones() < 3 {
                continue;
            }
            sources.clear();
            sources.extend(bits_of(u64::from(places)).map(|i| Candidate {
                cell: unit.cells[i],
                digit,
            }));
            if !forced_by_all(&sources, &mut best) {
                return None;
            }
        }
    }
    e.keep_or_give_back(on);
    let complexity = best.as_ref().map_or(0, |f| f.complexity);
    best.map(|mut f| {
        let support = std::mem::take(&mut f.support);
        (step_of(n, f), complexity, support)
    })
}

/// The contradictions of the candidates on, at a dynamic level with closures: the
/// easiest one into `best`, the one a search recording every branch in `candidates`' order
/// would keep (lowest score, then fewest nodes, then first in that order). `None` once the
/// budget is spent.
///
/// Only the candidates whose closure contradicts are recorded, those of fewest closure
/// rounds first, each only as far as a contradiction could still beat the best so far
/// (equal it, for a candidate before the best's in `candidates`); a candidate whose rounds
/// alone ([`contradiction_floor`]) rule that out is not recorded at all.
fn contradictions(
    e: &Engine,
    candidates: &[Candidate],
    closures: &[Closure],
    level: Level,
    best: &mut Option<Found>,
) -> Option<()> {
    let (mode, base, strategy) = (level.mode(), level.base(), level.strategy());
    let n = e.n;
    let mut order: Vec<usize> = (0..candidates.len())
        .filter(|&i| closures[i].contradiction)
        .collect();
    order.sort_by_key(|&i| (closures[i].rounds, i));
    // The index in `candidates` of the best so far.
    let mut best_at = usize::MAX;
    let mut slot = None;
    for i in order {
        let cap = match best {
            None => usize::MAX,
            Some(f) => {
                let ties = usize::from(i < best_at);
                match beating_cap(base, f.tenths, f.complexity + ties) {
                    Some(c) => c,
                    None => continue,
                }
            }
        };
        if contradiction_floor(closures[i].rounds) > cap {
            continue;
        }
        let p = candidates[i];
        let start = node(n, p.cell, p.digit, true);
        let b = e.branch_reusing(&mut slot, start, mode, Goal::new(NONE, cap));
        if e.budget.spent() {
            return None;
        }
        let Some(conflict) = &b.contradiction else {
            continue;
        };
        let complexity = e.conflict_complexity(b, conflict);
        let tenths = base + se::length_bonus(complexity);
        if best
            .as_ref()
            .is_some_and(|f| (f.tenths, f.complexity, best_at) <= (tenths, complexity, i))
        {
            continue;
        }
        *best = Some(Found {
            node: start ^ 1,
            tenths,
            complexity,
            strategy,
            sources: vec![p],
            chain: path(n, b, conflict[0]),
            support: e.support_conflict(b, conflict),
        });
        best_at = i;
    }
    e.give_back(vec![slot]);
    Some(())
}

/// The fewest nodes a contradiction of a dynamic branch rests on, when the closure of its
/// assumption (on) first contradicts in round `rounds`.
///
/// Number each node by its depth, the fewest generations that derive it (the assumption 1,
/// the candidates it turns off 2, the singles they leave 3, ...). A closure's round `k`
/// places the digits on of depth `2k - 1` and turns off those of depth `2k`, and tests
/// every contradiction among what it holds, so none exists among the nodes of depth up to
/// `2(rounds - 1)`: any contradiction has a node of depth at least `2 rounds - 1`. A
/// recorded branch reaches each node through parents one generation shallower at least,
/// so its contradiction rests on a path of that many distinct nodes. One less is claimed,
/// for margin; `contradiction_floors_hold` checks it against recorded branches.
fn contradiction_floor(rounds: u32) -> usize {
    (2 * rounds as usize).saturating_sub(2).max(1)
}

/// The nodes every branch reached that say something new: each a conclusion whose
/// complexity is the sum of its complexities in the branches.
fn common(
    e: &Engine,
    best: &mut Option<Found>,
    branches: &[&Branch],
    sources: &[Candidate],
    base: u16,
    strategy: Strategy,
) {
    let (first, rest) = branches.split_first().expect("two branches or more");
    // Only a conclusion that beats the best so far counts, so each branch's walk stops
    // once the sum passes the largest complexity that still could (computed again only
    // when the best changes).
    let cap_of = |best: &Option<Found>| match best {
        Some(f) => beating_cap(base, f.tenths, f.complexity),
        None => Some(usize::MAX),
    };
    let mut cap = usize::MAX;
    let mut known = false;
    for rec in &first.recs {
        let x = rec.node;
        if !e.is_news(x) || first.held(x) == NONE || rest.iter().any(|b| b.held(x) == NONE) {
            continue;
        }
        if !known {
            match cap_of(best) {
                Some(c) => cap = c,
                None => return,
            }
            known = true;
        }
        let mut complexity = 0usize;
        e.new_step();
        for b in branches {
            complexity += e.complexity_past(b, &[b.held(x)], cap - complexity);
            if complexity > cap {
                break;
            }
        }
        if complexity > cap {
            continue;
        }
        let tenths = base + se::length_bonus(complexity);
        if best
            .as_ref()
            .is_some_and(|f| (f.tenths, f.complexity) <= (tenths, complexity))
        {
            continue;
        }
        let mut support = Vec::new();
        if e.inner {
            for b in branches {
                e.support_into(b, &[b.held(x)], &mut support);
            }
            // A cell's or a unit's forcing starts from a single of the cell or unit (SE
            // gives the starts of its cell and region chains that cause).
            if let [s0, s1, ..] = sources {
                if s0 != s1 {
                    let on = node(e.n, s0.cell, s0.digit, true);
                    if sources.iter().all(|s| s.cell == s0.cell) {
                        support.push((CAUSE_CELL, on));
                    } else if let Some(&u) = e.board.layout().units_of(s0.cell).iter().find(|&&u| {
                        let unit = &e.board.layout().units()[u].cells;
                        sources.iter().all(|s| unit.contains(&s.cell))
                    }) {
                        support.push((u as u16, on));
                    }
                }
            }
        }
        let found = Found {
            node: x,
            tenths,
            complexity,
            strategy,
            sources: sources.to_vec(),
            chain: Vec::new(),
            support,
        };
        match e.every.borrow_mut().as_mut() {
            Some(all) => all.push(found),
            None => keep(best, found),
        }
        known = false;
    }
}

/// The largest complexity a conclusion at `base` (or above) may have to beat `best`: any
/// if there is no best yet, 0 if none can (a branch then stops at its start).
fn cap_for(best: &Option<Found>, base: u16) -> usize {
    match best {
        Some(f) => beating_cap(base, f.tenths, f.complexity).unwrap_or(0),
        None => usize::MAX,
    }
}

/// The largest complexity whose conclusion at `base` beats one of `tenths` and
/// `complexity` (a lower score, or the same score with fewer nodes), or `None` if none
/// does. A score only grows with the complexity, so the conclusions that beat it are
/// exactly those up to this cap.
fn beating_cap(base: u16, tenths: u16, complexity: usize) -> Option<usize> {
    let beats = |c: usize| (base + se::length_bonus(c), c) < (tenths, complexity);
    let top = 1usize << 40;
    if !beats(0) {
        return None;
    }
    // Galloping up from 0 (the caps are tens of nodes, and the bonus of a large
    // complexity takes long to compute): beats(lo) and not beats(hi).
    let (mut lo, mut hi) = (0usize, 1usize);
    while beats(hi) {
        if hi >= top {
            return Some(usize::MAX);
        }
        lo = hi;
        hi *= 2;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if beats(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo)
}

#[cfg(test)]
mod tests {
    use super::super::cellset::remove;
    use super::*;
    use crate::rng::Rng;
    use crate::sudoku::candidates::Digits;
    use crate::sudoku::Grid;

    /// Removes `removals` times a random candidate of a random open cell of `grid` from
    /// `pencil`, where the cell has two or more (so each cell keeps one): the random
    /// positions of the tests below.
    fn remove_candidates(pencil: &mut Candidates, grid: &Grid, removals: usize, rng: &mut Rng) {
        for _ in 0..removals {
            let cell = rng.below(81);
            let digits: Vec<u8> = pencil.cells()[cell].iter().collect();
            if grid.cells()[cell] == 0 && digits.len() > 1 {
                let gone = digits[rng.below(digits.len())];
                let kept = digits.iter().filter(|&&d| d != gone);
                let bits = kept.fold(0u128, |m, &d| m | 1 << (d - 1));
                pencil.set(cell, Digits::from_bits(bits));
            }
        }
    }

    /// The pairs of [`BASIC_RULES`], looked for unit by unit in SE's order, are those the
    /// subsets' search finds a kind of unit at a time (boxes, columns, rows, then the
    /// others): two methods, the same step, on boards of standard, X, windoku and 16x16
    /// layouts with random candidates, and on SE's rated sample cut at random.
    #[test]
    fn pairs_in_se_order_are_the_subsets_search_a_kind_at_a_time() {
        use crate::sudoku::grid::Shape;
        let kinds = |board: &Board, k: usize, u: usize| {
            let rank = match board.layout().units()[u].kind {
                UnitKind::Box => 0,
                UnitKind::Column => 1,
                UnitKind::Row => 2,
                _ => 3,
            };
            rank == k
        };
        let hidden = |board: &Board| {
            (0..4).find_map(|k| {
                subsets::hidden_in(board, 2, |u| {
                    kinds(board, k, u) && hidden_pair_room(board, u)
                })
            })
        };
        let naked = |board: &Board| {
            (0..4).find_map(|k| subsets::naked_in(board, 2, |u| kinds(board, k, u)))
        };
        let nine = Shape::new(3, 3).unwrap();
        let layouts = [
            Arc::new(Layout::standard(nine).with_diagonals()),
            Arc::new(Layout::standard(nine).with_windows().unwrap()),
            Arc::new(Layout::standard(Shape::new(4, 4).unwrap())),
        ];
        let mut rng = Rng::new(26);
        let mut boards: Vec<Board> = Vec::new();
        for layout in &layouts {
            let cells = layout.cells();
            let grid = Grid::from_cells(layout.clone(), vec![0; cells]).unwrap();
            let board = Board::new(&grid, None).unwrap();
            for _ in 0..300 {
                // Each candidate kept with a chance of 1 in 2 to 1 in 6: pairs are common.
                let odds = 2 + rng.below(5);
                let keep: Vec<u32> = (0..cells)
                    .map(|c| {
                        let bits = board.candidates(c).bits() as u32;
                        (0..32)
                            .filter(|_| rng.below(odds) == 0)
                            .fold(0, |m, d| m | 1 << d)
                            & bits
                    })
                    .collect();
                boards.push(board.with_candidates(&keep));
            }
        }
        boards.extend(
            super::super::board::random_cuts(26, 1)
                .into_iter()
                .map(|(_, board, keep)| board.with_candidates(&keep)),
        );
        let mut found = [0usize; 2];
        for board in &boards {
            let h = hidden_pair(board);
            assert_eq!(h, hidden(board), "{:?}", board.layout().variant_name());
            let n = naked_pair(board);
            assert_eq!(n, naked(board), "{:?}", board.layout().variant_name());
            found[0] += usize::from(h.is_some());
            found[1] += usize::from(n.is_some());
        }
        assert!(
            found.iter().all(|&f| f > 300),
            "{found:?} of {}",
            boards.len()
        );
    }

    /// The basic rules of a branch board looking only where it differs from a board on
    /// which they find nothing ([`BASIC_RULES_SINCE`]) find the step the whole rules find
    /// ([`BASIC_RULES`]): two methods, the same step, on the positions of SE's rated sample
    /// where an explanation first needs more than those rules, with random candidates cut
    /// (as a branch cuts them; some cut to none).
    #[test]
    fn basic_rules_since_a_spent_board_are_the_whole_rules() {
        let text = include_str!("../../../data/sudoku/sudokuexchange_se_rated_sample553.txt");
        let mut rng = Rng::new(21);
        let (mut compared, mut found) = (0, [0usize; 5]);
        for line in text.lines().step_by(3) {
            let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
            let mut explainer = super::super::Explainer::new(&grid).unwrap();
            let spent = loop {
                let board = explainer.board().clone();
                if BASIC_RULES.iter().all(|rule| rule(&board).is_none()) {
                    break Some(board);
                }
                if explainer.next().is_none() {
                    break None;
                }
            };
            let Some(spent) = spent else {
                continue;
            };
            let cells = spent.layout().cells();
            for _ in 0..30 {
                let mut keep: Vec<u32> = (0..cells)
                    .map(|c| spent.candidates(c).bits() as u32)
                    .collect();
                for _ in 0..1 + rng.below(40) {
                    let cell = rng.below(cells);
                    let bits = keep[cell];
                    if bits != 0 {
                        let digits: Vec<u32> = (0..32).filter(|d| bits >> d & 1 == 1).collect();
                        keep[cell] &= !(1 << digits[rng.below(digits.len())]);
                    }
                }
                let mut cut = Cut::default();
                let mut board = spent.clone();
                spent.with_candidates_into(&keep, &mut board, &mut cut);
                for k in 0..BASIC_RULES.len() {
                    let whole = BASIC_RULES[k](&board);
                    assert_eq!(BASIC_RULES_SINCE[k](&board, &cut), whole, "{line} rule {k}");
                    found[k] += usize::from(whole.is_some());
                }
                compared += 1;
            }
        }
        assert!(
            compared > 1500 && found.iter().all(|&f| f > 20),
            "{compared} {found:?}"
        );
    }

    /// The bit-parallel closure of an assumption ([`Singles::close`]) and the recorded
    /// dynamic branch of the same assumption, two independent methods, agree on random
    /// positions: both contradict or neither does, and then they reached the same nodes on
    /// and off. The positions are puzzles (SE's rated sample, the forum's 11+) with random
    /// candidates removed, most of them sound, some not (a position with no solution is a
    /// position too: its branches contradict more often).
    #[test]
    fn closures_reach_what_recorded_branches_reach() {
        let sets = [
            include_str!("../../../data/sudoku/sudokuexchange_se_rated_sample553.txt"),
            include_str!("../../../data/sudoku/forum_hardest_1905_11plus_sample1016.txt"),
        ];
        let mut rng = Rng::new(29);
        let (mut positions, mut compared, mut contradicted) = (0, 0, 0);
        for text in sets {
            for line in text.lines().step_by(37) {
                let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
                let mut pencil = Candidates::of_grid(&grid);
                // Remove up to a third of the open candidates, leaving each cell one.
                let removals = rng.below(80);
                remove_candidates(&mut pencil, &grid, removals, &mut rng);
                let Ok(board) = Board::new(&grid, Some(&pencil)) else {
                    continue;
                };
                positions += 1;
                let budget = Effort::new(u64::MAX);
                let e = Engine::new(&board, &budget).unwrap();
                let singles = e.singles().unwrap();
                let n = e.n;
                let mode = Level::Dynamic.mode();
                for p in e.candidates() {
                    for on in [true, false] {
                        let start = node(n, p.cell, p.digit, on);
                        let b = e.branch(start, mode, Goal::ALL);
                        let c = singles.close(p.cell, p.digit, on);
                        let what = format!("{line}: {p:?} {on}");
                        assert_eq!(b.contradiction.is_some(), c.contradiction, "{what}");
                        compared += 1;
                        if c.contradiction {
                            contradicted += 1;
                            continue;
                        }
                        let (mut ons, mut offs) = ([0u128; 11], [0u128; 11]);
                        for rec in &b.recs {
                            let (x, x_on) = of_node(n, rec.node);
                            let set = if x_on { &mut ons } else { &mut offs };
                            set[x.digit as usize - 1] |= 1u128 << x.cell;
                        }
                        assert_eq!((ons, offs), (c.on, c.off), "{what}");
                    }
                }
            }
        }
        // The positions are many and varied: both outcomes are compared often.
        assert!(positions >= 20, "{positions} positions");
        assert!(
            contradicted > 100 && compared - contradicted > 1000,
            "{contradicted} of {compared}"
        );
    }

    /// A nested step's parents, as SE names them, are what the outer branch removed in
    /// the cells and units its inner conclusion's singles read ([`Support`]): on random
    /// positions (a puzzle's board with candidates removed, as an outer branch leaves it),
    /// the dynamic inner search's contradiction (the 10.5 level's) is found again, by the
    /// closure of the same assumption (an independent method), on the puzzle's board with
    /// only the removals its support names, every other removal given back.
    #[test]
    fn inner_contradictions_rest_on_the_removals_their_support_names() {
        let text = include_str!("../../../data/sudoku/forum_hardest_1905_11plus_sample1016.txt");
        let mut rng = Rng::new(15);
        let (mut checked, mut given_back) = (0, 0);
        for line in text.lines().step_by(29) {
            let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
            let start = Candidates::of_grid(&grid);
            let mut pencil = start.clone();
            let removals = rng.below(60);
            remove_candidates(&mut pencil, &grid, removals, &mut rng);
            let Ok(board) = Board::new(&grid, Some(&pencil)) else {
                continue;
            };
            let budget = Effort::new(u64::MAX);
            let Some((step, _, support)) =
                multiple_with(&board, Level::Dynamic, &budget, true, true)
            else {
                continue;
            };
            // Contradictions only: the assumption whose closure contradicts on `board`.
            let Some(&x) = step.eliminations.first() else {
                continue;
            };
            let e = Engine::new(&board, &budget).unwrap();
            if step.eliminations.len() != 1
                || !e
                    .singles()
                    .unwrap()
                    .close(x.cell, x.digit, true)
                    .contradiction
            {
                continue;
            }
            // The removals the support names, kept; every other one given back.
            let layout = board.layout();
            let named = |cell: usize, digit: u8| {
                support.iter().any(|&(cause, on)| {
                    let (c, _) = of_node(9, on);
                    if cause == CAUSE_CELL {
                        c.cell == cell
                    } else {
                        c.digit == digit && layout.units()[usize::from(cause)].cells.contains(&cell)
                    }
                })
            };
            let mut kept = start.clone();
            for cell in 0..81 {
                let removed = start.cells()[cell].bits() & !pencil.cells()[cell].bits();
                let named_bits = (1..=9u8)
                    .filter(|&d| removed >> (d - 1) & 1 == 1 && named(cell, d))
                    .fold(0u128, |m, d| m | 1 << (d - 1));
                given_back += (removed & !named_bits).count_ones();
                kept.set(
                    cell,
                    Digits::from_bits(start.cells()[cell].bits() & !named_bits),
                );
            }
            let wider = Board::new(&grid, Some(&kept)).unwrap();
            let e = Engine::new(&wider, &budget).unwrap();
            let singles = e.singles().unwrap();
            let closure = singles.close(x.cell, x.digit, true);
            assert!(closure.contradiction, "{line}: {x:?} with {support:?}");
            checked += 1;
        }
        assert!(checked >= 10 && given_back > 0, "{checked} {given_back}");
    }

    /// Random positions as in `closures_reach_what_recorded_branches_reach`: puzzles of
    /// SE's rated sample and the forum's 11+ set, every `step`-th, with random candidates
    /// removed.
    fn random_positions(step: usize, seed: u64) -> Vec<Board> {
        let sets = [
            include_str!("../../../data/sudoku/sudokuexchange_se_rated_sample553.txt"),
            include_str!("../../../data/sudoku/forum_hardest_1905_11plus_sample1016.txt"),
        ];
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for text in sets {
            for line in text.lines().step_by(step) {
                let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
                let mut pencil = Candidates::of_grid(&grid);
                let removals = rng.below(80);
                remove_candidates(&mut pencil, &grid, removals, &mut rng);
                if let Ok(board) = Board::new(&grid, Some(&pencil)) {
                    out.push(board);
                }
            }
        }
        out
    }

    /// Every contradiction a recorded dynamic branch finds rests on at least
    /// [`contradiction_floor`] of its closure's rounds, and the easiest contradiction that
    /// [`contradictions`] finds (closures first, the fewest rounds first, branches cut at
    /// the best) is the one a scan recording every branch whole in the candidates' order
    /// keeps: two methods, the same step.
    #[test]
    fn contradictions_from_closures_are_the_recorded_scans() {
        let (mut floors, mut found) = (0, 0);
        for board in random_positions(29, 11) {
            let budget = Effort::new(u64::MAX);
            let e = Engine::new(&board, &budget).unwrap();
            let singles = e.singles().unwrap();
            let n = e.n;
            let mode = Level::Dynamic.mode();
            let base = se::DYNAMIC;
            let strategy = Strategy::DynamicForcingChain;
            let candidates = e.candidates();
            let closures: Vec<Closure> = candidates
                .iter()
                .map(|p| singles.close(p.cell, p.digit, true))
                .collect();
            let mut scan: Option<Found> = None;
            for (p, c) in candidates.iter().zip(&closures) {
                let start = node(n, p.cell, p.digit, true);
                let b = e.branch(start, mode, Goal::ALL);
                let Some(conflict) = &b.contradiction else {
                    continue;
                };
                let complexity = e.conflict_complexity(&b, conflict);
                assert!(complexity >= contradiction_floor(c.rounds), "{p:?}");
                floors += 1;
                keep(
                    &mut scan,
                    Found {
                        node: start ^ 1,
                        tenths: base + se::length_bonus(complexity),
                        complexity,
                        strategy,
                        sources: vec![*p],
                        chain: path(n, &b, conflict[0]),
                        support: e.support_conflict(&b, conflict),
                    },
                );
            }
            let mut fast = None;
            contradictions(&e, &candidates, &closures, Level::Dynamic, &mut fast).unwrap();
            let key = |f: &Option<Found>| {
                f.as_ref().map(|f| {
                    (
                        f.node,
                        f.tenths,
                        f.complexity,
                        f.sources.clone(),
                        f.chain.clone(),
                    )
                })
            };
            assert_eq!(key(&scan), key(&fast));
            found += usize::from(scan.is_some());
        }
        assert!(
            floors > 100 && found > 10,
            "{floors} contradictions, {found} found"
        );
    }

    /// The dynamic levels with closures (contradictions from the closures, branches
    /// recorded only where they can conclude and only as far as they can beat the best)
    /// find the step that recording every branch whole finds, at the dynamic level (the
    /// inner search of the 10.5 chains): two methods.
    #[test]
    fn closures_find_the_step_whole_branches_find() {
        let mut found = 0;
        for board in random_positions(41, 7) {
            let level = Level::Dynamic;
            // As inner searches: the conclusions' supports agree too.
            let fast = multiple_with(&board, level, &Effort::new(u64::MAX), true, true);
            let whole = multiple_with(&board, level, &Effort::new(u64::MAX), false, true);
            let key = |r: &Option<(Step, usize, Support)>| {
                r.as_ref().map(|(s, c, support)| {
                    let mut support = support.clone();
                    support.sort_unstable();
                    (format!("{s:?}"), *c, support)
                })
            };
            assert_eq!(key(&fast), key(&whole));
            found += usize::from(fast.is_some());
        }
        assert!(found > 20, "{found} steps");
    }

    /// The nested levels taking over the dynamic-plus level's branches on the same board,
    /// and the 10.0 level the 9.5 level's ([`PlusMemo`]), find the step, the complexity and
    /// the support that following every branch from its start finds, and charge the
    /// budget the same nodes: two methods, in budgets that have searched the same boards
    /// (the inner searches' memo alike), one whose kept branches are forgotten before each
    /// nested level.
    #[test]
    fn nested_levels_from_kept_branches_are_the_whole_branches() {
        let (mut taken, mut chains, mut found) = (0, 0, 0);
        for board in random_positions(61, 13) {
            let key = |r: &Option<(Step, usize, Support)>| format!("{r:?}");
            let (whole, kept) = (Effort::new(3_000_000), Effort::new(3_000_000));
            let plus = multiple_with(&board, Level::Plus, &whole, true, false);
            assert_eq!(
                key(&plus),
                key(&multiple_with(&board, Level::Plus, &kept, true, false))
            );
            for level in [Level::Nested2, Level::Nested3, Level::Nested4] {
                whole.plus.borrow_mut().board.clear();
                whole.chains.borrow_mut().board.clear();
                taken += kept.plus.borrow().branches.len();
                if level == Level::Nested3 {
                    let memo = kept.chains.borrow();
                    chains += memo.branches.len() * usize::from(!memo.board.is_empty());
                }
                let a = multiple_with(&board, level, &whole, true, false);
                let b = multiple_with(&board, level, &kept, true, false);
                assert_eq!(key(&a), key(&b), "{level:?}");
                assert_eq!(
                    (whole.used(), whole.spent()),
                    (kept.used(), kept.spent()),
                    "{level:?}"
                );
                found += usize::from(a.is_some());
            }
        }
        assert!(
            taken > 1000 && chains > 1000 && found > 10,
            "{taken} and {chains} branches kept, {found} steps"
        );
    }

    /// Static cell and unit forcing from the reach (every branch paid for at once, only
    /// those of the cells and units whose reaches share news recorded) finds the step,
    /// the complexity and the support that recording every branch finds, and charges the
    /// budget the same nodes: two methods.
    #[test]
    fn static_reach_finds_and_charges_what_whole_branches_do() {
        let mut found = 0;
        for board in random_positions(23, 5) {
            let (fast_budget, whole_budget) = (Effort::new(u64::MAX), Effort::new(u64::MAX));
            let fast = multiple_with(&board, Level::Static, &fast_budget, true, true);
            let whole = multiple_with(&board, Level::Static, &whole_budget, false, true);
            let key = |r: &Option<(Step, usize, Support)>| {
                r.as_ref()
                    .map(|(s, c, support)| (format!("{s:?}"), *c, support.clone()))
            };
            assert_eq!(key(&fast), key(&whole));
            assert_eq!(fast_budget.used(), whole_budget.used());
            found += usize::from(fast.is_some());
        }
        assert!(found > 10, "{found} steps");
    }

    /// The reach found from the candidates' ancestors ([`Engine::reach_from_ancestors`])
    /// is the whole static graph's walked reach ([`Reach::compute`]), node by node, from
    /// every candidate on (so a static cell and unit forcing charges the budget the same
    /// from either): two methods, on random positions (sound or not), the derived one in
    /// the buffers of the positions before, asked after the failed nodes or alone.
    #[test]
    fn reach_from_ancestors_is_the_walked_reach() {
        let kept = Effort::new(u64::MAX);
        let mut compared = 0;
        for (i, board) in random_positions(13, 3).iter().enumerate() {
            let budget = Effort::new(u64::MAX);
            let e = Engine::new(board, &budget).unwrap();
            let walked = walked_reach(&e);
            let nodes = nodes_by_number(&e);
            let d = Engine::new(board, &kept).unwrap();
            if i % 2 == 0 {
                drop(d.failed());
            }
            let derived = d.reach();
            for k in 0..e.numbering().len() {
                let reached = nodes_of(walked.set(2 * k + 1), &nodes);
                assert_eq!(on_reach_nodes(&derived, k, &nodes), reached, "{i}: {k}");
                assert_eq!(derived.size(k), reached.len() as u64, "{i}: {k}");
                compared += 1;
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// The nodes candidate `k` on reaches in `reach` (on and off), by an engine's
    /// [`nodes_by_number`].
    fn on_reach_nodes(reach: &OnReach, k: usize, nodes: &HashMap<usize, u32>) -> Vec<u32> {
        let on = members(reach.on(k)).map(|j| nodes[&(2 * j + 1)]);
        let mut out: Vec<u32> = on
            .chain(members(reach.off(k)).map(|j| nodes[&(2 * j)]))
            .collect();
        out.sort_unstable();
        out
    }

    /// The reach of an engine's whole static graph, walked ([`Engine::implications`]).
    fn walked_reach(e: &Engine) -> Reach {
        Reach::of(&e.implications(&e.kept()))
    }

    /// The nodes of an engine's static graph, by its numbers ([`Engine::dense`]).
    fn nodes_by_number(e: &Engine) -> HashMap<usize, u32> {
        let mut out = HashMap::new();
        for p in e.candidates() {
            for on in [false, true] {
                let x = node(e.n, p.cell, p.digit, on);
                out.insert(e.dense(x), x);
            }
        }
        out
    }

    /// The nodes of a set over an engine's numbers (each a node of its board).
    fn nodes_of(set: &[u64], nodes: &HashMap<usize, u32>) -> Vec<u32> {
        let mut out: Vec<u32> = members(set).map(|v| nodes[&v]).collect();
        out.sort_unstable();
        out
    }

    /// The board of a dynamic branch of `o`'s board (a random candidate on or off,
    /// followed to its end, sometimes to a contradiction).
    fn random_branch_board(o: &Engine, rng: &mut Rng) -> Board {
        let candidates = o.candidates();
        let p = candidates[rng.below(candidates.len())];
        let start = node(o.n, p.cell, p.digit, rng.below(2) == 0);
        let b = o.branch(start, Level::Dynamic.mode(), Goal::ALL);
        o.board.with_candidates(&b.cands)
    }

    /// Asserts that the inner `searches` on `board`, a branch board of `o`'s board, find
    /// the same steps and charge the same effort in `o`'s budget (its buffers another
    /// board's, then framed by `o`, with its [`quiet::Outer`] if `tell`) as in a fresh
    /// budget; the steps found.
    fn framed_searches_are_alone(
        o: &Engine,
        board: &Board,
        searches: &[InnerSearch],
        tell: bool,
        i: usize,
    ) -> usize {
        let framed = o.budget;
        drop(Engine::new(o.board, framed).unwrap().reach());
        let mut steps = 0;
        for &search in searches {
            let alone = Effort::new(u64::MAX);
            let by_alone = nested(board, search, &alone);
            o.frame_branch_boards();
            if tell {
                o.frame_outer();
            }
            let used = framed.used();
            let by_frame = nested(board, search, framed);
            assert_eq!(format!("{by_frame:?}"), format!("{by_alone:?}"), "{i}");
            assert_eq!(framed.used() - used, alone.used(), "{i}: effort");
            steps += by_alone.len();
        }
        steps
    }

    /// A branch board's static graph numbered by its outer board's frame, as a nested
    /// chain's inner searches number it (the outer board's weak links masked by the
    /// branch board's candidates, its strong links found on the branch board), has the
    /// failed nodes and the reach (of every candidate on) of the graph built on the branch
    /// board alone, node by node, through either question first; and the inner searches
    /// find the same steps and charge the same effort in it: two methods. The branch boards
    /// are those of dynamic branches (some contradicting) on random positions, each asked
    /// in the buffers of the boards before.
    #[test]
    fn branch_boards_in_the_outer_frame_are_their_own_graphs() {
        let framed = Effort::new(u64::MAX);
        let mut rng = Rng::new(23);
        let (mut boards, mut failed_seen, mut steps) = (0, 0, 0);
        for (i, outer) in random_positions(17, 9).iter().enumerate() {
            let o = Engine::new(outer, &framed).unwrap();
            for _ in 0..4 {
                let board = random_branch_board(&o, &mut rng);
                let alone = Effort::new(u64::MAX);
                let a = Engine::new_inner(&board, &alone).unwrap();
                let a_failed = a.failed().clone();
                let a_reach = walked_reach(&a);
                let a_nodes = nodes_by_number(&a);
                o.frame_branch_boards();
                let f = Engine::new_inner(&board, &framed).unwrap();
                // Either question first (the reach, from the ancestors, or the failed nodes).
                let (f_failed, f_reach) = match boards % 2 {
                    0 => {
                        let failed = f.failed().clone();
                        (failed, f.reach().clone())
                    }
                    _ => {
                        let reach = f.reach().clone();
                        (f.failed().clone(), reach)
                    }
                };
                assert_eq!(f.numbering().base, o.base, "{i}: the outer frame");
                let f_nodes = nodes_by_number(&f);
                let failed = nodes_of(&a_failed, &a_nodes);
                assert_eq!(nodes_of(&f_failed, &f_nodes), failed, "{i}: failed");
                for &x in a_nodes.values().filter(|&&x| x & 1 == 1) {
                    let (av, fv) = (a.dense(x), f.dense(x));
                    let reached = nodes_of(a_reach.set(av), &a_nodes);
                    let framed = on_reach_nodes(&f_reach, fv / 2, &f_nodes);
                    assert_eq!(framed, reached, "{i}: {x}");
                }
                let searches = [InnerSearch::Chain, InnerSearch::Multiple];
                steps += framed_searches_are_alone(&o, &board, &searches, false, i);
                failed_seen += failed.len();
                boards += 1;
            }
        }
        assert!(
            boards > 200 && failed_seen > 500 && steps > 50,
            "{boards} {failed_seen} {steps}"
        );
    }

    /// The boards of an explanation where the static forcing chains first find nothing
    /// (no failed node), as the ladder leaves them to the chains past them: of the
    /// forum's 11+ puzzles, every `step`-th.
    fn quiet_positions(step: usize) -> Vec<Board> {
        let text = include_str!("../../../data/sudoku/forum_hardest_1905_11plus_sample1016.txt");
        let mut out = Vec::new();
        for line in text.lines().step_by(step) {
            let grid: Grid = line.split_whitespace().next().unwrap().parse().unwrap();
            let mut explainer = super::super::Explainer::new(&grid).unwrap();
            for _ in 0..40 {
                let board = explainer.board().clone();
                let budget = Effort::new(u64::MAX);
                if Engine::new(&board, &budget)
                    .unwrap()
                    .failed()
                    .iter()
                    .all(|&w| w == 0)
                {
                    out.push(board);
                    break;
                }
                if explainer.next().is_none() {
                    break;
                }
            }
        }
        out
    }

    /// A branch board's failed nodes told from its outer board ([`Engine::failed_in_frame`])
    /// are those of the board alone (none on a board told quiet), and the inner forcing
    /// chain search, which asks them first, finds the
    /// steps and charges the effort the search on the board alone does: two methods, on
    /// branch boards of dynamic branches (some contradicting) of outer boards without
    /// failed nodes (explanations' boards, where the tell serves) and with them (random
    /// positions, where it cannot tell), each asked in the buffers of the boards before.
    #[test]
    fn quiet_branch_boards_have_no_failed_node() {
        let framed = Effort::new(u64::MAX);
        let mut rng = Rng::new(24);
        let (mut quiet, mut loud, mut failing, mut steps) = (0, 0, 0, 0);
        let mut failing_told = 0;
        let outers = quiet_positions(9)
            .into_iter()
            .chain(random_positions(41, 24));
        for (i, outer) in outers.enumerate() {
            let o = Engine::new(&outer, &framed).unwrap();
            for _ in 0..8 {
                let board = random_branch_board(&o, &mut rng);
                let alone = Effort::new(u64::MAX);
                let a = Engine::new_inner(&board, &alone).unwrap();
                let none = a.failed().iter().all(|&w| w == 0);
                o.frame_branch_boards();
                o.frame_outer();
                let f = Engine::new_inner(&board, &framed).unwrap();
                let told = f
                    .failed_in_frame()
                    .map(|set| nodes_of(&set, &nodes_by_number(&f)));
                if let Some(told) = &told {
                    let own = nodes_of(&a.failed(), &nodes_by_number(&a));
                    assert_eq!(told, &own, "{i}: the failed nodes told");
                    failing_told += usize::from(!own.is_empty());
                }
                let told = told.is_some_and(|set| set.is_empty());
                assert!(none || !told, "{i}: a failed node on a quiet board");
                quiet += usize::from(told);
                loud += usize::from(none && !told);
                failing += usize::from(!none);
                steps += framed_searches_are_alone(&o, &board, &[InnerSearch::Chain], true, i);
            }
        }
        assert!(
            quiet > 300 && failing > 100 && failing_told > 50 && steps > 100,
            "{quiet} {loud} {failing} {failing_told} {steps}"
        );
    }

    /// The failed nodes, found from the candidates' ancestors, are the nodes whose static
    /// branch reaches their opposite, by two other methods: the whole graph's reach, and
    /// the static branch itself, recorded whole. On random positions (sound or not), and
    /// again on the budget's buffers of the boards before (in either order of the two
    /// questions).
    #[test]
    fn failed_nodes_are_those_whose_static_branch_meets_its_opposite() {
        let mode = Mode {
            dynamic: false,
            level: 0,
        };
        let kept = Effort::new(u64::MAX);
        let (mut failed_on, mut failed_off) = (0, 0);
        for (i, board) in random_positions(13, 3).iter().enumerate() {
            let budget = Effort::new(u64::MAX);
            let e = Engine::new(board, &budget).unwrap();
            let mut failed = e.failed().clone();
            let reach = walked_reach(&e);
            let k = Engine::new(board, &kept).unwrap();
            if i % 2 == 0 {
                drop(k.reach());
            }
            assert_eq!(*k.failed(), failed, "position {i}: in kept buffers");
            for p in e.candidates() {
                for on in [true, false] {
                    let start = node(e.n, p.cell, p.digit, on);
                    let v = e.dense(start);
                    let fails = has(&failed, v);
                    assert_eq!(
                        fails,
                        reach.reaches(v, e.dense(start ^ 1)),
                        "{i}: {p:?} {on}"
                    );
                    let b = e.branch(start, mode, Goal::ALL);
                    assert_eq!(fails, b.rec(start ^ 1) != NONE, "{i}: {p:?} {on} by branch");
                    failed_on += usize::from(fails && on);
                    failed_off += usize::from(fails && !on);
                    remove(&mut failed, v);
                }
            }
            assert!(
                failed.iter().all(|&w| w == 0),
                "{i}: a node past the candidates"
            );
        }
        assert!(
            failed_on > 100 && failed_off > 20,
            "{failed_on} {failed_off}"
        );
    }

    /// The cap agrees with a walk over every complexity: exactly those up to it beat the
    /// best (score, complexity), at every base of the forcing levels.
    #[test]
    fn beating_cap_is_the_last_complexity_that_beats() {
        for base in [66u16, 70, 75, 80, 85, 90, 95] {
            for complexity in 1usize..200 {
                for extra in 0u16..8 {
                    let tenths = base + extra;
                    let beats = |c: usize| (base + se::length_bonus(c), c) < (tenths, complexity);
                    let cap = beating_cap(base, tenths, complexity);
                    for c in 0..500 {
                        let allowed = cap.is_some_and(|cap| c <= cap);
                        assert_eq!(beats(c), allowed, "{base} {tenths} {complexity}: {c}");
                    }
                }
            }
        }
    }

    /// Node ids by shifts are the candidates' and states' own, one to one, and ordered as
    /// (cell, digit, state) like ids with a stride of the side (the searches' tie-breaks
    /// read that order), on every side an engine takes, up to 32 digits.
    #[test]
    fn node_ids_number_candidates_in_their_order() {
        for n in [4usize, 9, 16, 25, 32] {
            let cells = n * n;
            let mut last = None;
            for cell in 0..cells {
                for digit in 1..=n as u8 {
                    for on in [false, true] {
                        let x = node(n, cell, digit, on);
                        assert!((x as usize) < node_ids(cells), "{n}: {cell} {digit}");
                        assert_eq!(of_node(n, x), (Candidate { cell, digit }, on));
                        assert_eq!(x ^ 1, node(n, cell, digit, !on));
                        assert!(last < Some(x), "{n}: {cell} {digit} {on}");
                        last = Some(x);
                    }
                }
            }
        }
    }
}
