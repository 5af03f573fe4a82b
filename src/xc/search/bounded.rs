//! Algorithm M (a problem with item bounds): the loop of Knuth's DLX3 on the links, its
//! levels, phases, moves and bounds, and what splitting its tree needs of it (a node's
//! numbered moves with what each leads to, a path of moves made below the forced options,
//! and the options those moves exclude). The matrix operations it makes are in
//! `multiplicity.rs`.

use std::fmt;
use std::marker::PhantomData;

use super::core::{Core, Loop, Stop};
use super::tree::{Choice, Next};
use crate::xc::choose::{Chooser, PathKey};
use crate::xc::dance::Dance;
use crate::xc::layout::Walk;
use crate::xc::matrix::Matrix;
use crate::xc::multiplicity::{self, Below, Bounds, Move};
use crate::xc::node::{Item, Link, COVERED};
use crate::xc::outcome::{Stats, Status};
use crate::xc::problem::OptionId;
use crate::xc::storage::Storage;
use crate::xc::unchecked::node;

/// Where Algorithm M's loop stands when it hands control back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MovePhase {
    /// No search in progress; the matrix holds only the forced options and moves made.
    Idle,
    /// About to enter a node at `level` (nothing applied at this level).
    Enter,
    /// The level's item is entered; its record's `choice` is the next move to try (an
    /// option's node, or the item's header for the null move).
    Advance,
    /// The levels below `level` hold their moves; the one at `level` is done.
    Back,
}

/// Why Algorithm M's dance handed control back to its loop.
#[derive(Clone, Copy, Debug)]
enum Pause {
    /// The node count reached the checkpoint (limits, polling, progress).
    Checkpoint(u64),
    /// A solution at this level.
    Solution(usize),
    /// The search is over.
    End,
    /// No search is in progress.
    Idle,
}

/// What one level of Algorithm M's loop remembers, side by side (one array, so the loop
/// keeps one base address for all of them).
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The branching score of the chosen item (its number of moves).
    score: i64,
    /// The item chosen.
    item: Item,
    /// The move made (an option's node, or the item's header for the null move).
    choice: Link,
    /// The node at the top of the item's list when the level began tweaking (or the
    /// default link when the level covered its item instead).
    first_tweak: Link,
}

/// Where a level of Algorithm M's loop stands in the seeded tree (kept apart from
/// [`Level`], which the plain loop reads alone): the node's key and how many of its moves
/// have been made, so that the node below the last one has the key
/// `key.child(made)` ([`PathKey`]).
#[derive(Clone, Copy, Debug, Default)]
struct Keyed {
    key: PathKey,
    made: u32,
}

/// Algorithm M's loop for the walk `W` (Knuth's, with or without colours); `PLAIN` when
/// the item choice is DLX3's without a seed or the sharp preference.
pub(super) struct Bounded<W, const PLAIN: bool> {
    phase: MovePhase,
    level: usize,
    /// Per level, what it chose and did.
    levels: Vec<Level>,
    /// Per level, where it stands in the tree (a choice other than the plain one only).
    keys: Vec<Keyed>,
    /// The moves made below the forced options (a shard's path, [`Choice::Move`]).
    moves: Vec<Move>,
    /// The items' bounds and the active list.
    bounds: Bounds,
    _walk: PhantomData<fn() -> W>,
}

impl<W, const PLAIN: bool> Bounded<W, PLAIN> {
    pub(super) fn new(bounds: Bounds) -> Self {
        Bounded {
            phase: MovePhase::Idle,
            level: 0,
            levels: Vec::new(),
            keys: Vec::new(),
            moves: Vec::new(),
            bounds,
            _walk: PhantomData,
        }
    }
}

impl<W, const PLAIN: bool> Bounded<W, PLAIN> {
    /// The key of the node below the moves made, where a search starts (the seeded tree's
    /// ties are drawn from it).
    fn key(&self, chooser: &Chooser) -> PathKey {
        chooser.key_below(self.moves.iter().map(|mv| mv.k))
    }
}

impl<W, const PLAIN: bool> fmt::Debug for Bounded<W, PLAIN> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bounded")
            .field("phase", &self.phase)
            .field("level", &self.level)
            .field("moves", &self.moves)
            .finish()
    }
}

/// Makes room for `level` in every per-level array of Algorithm M's loop.
#[cold]
#[inline(never)]
fn grow_levels(levels: &mut Vec<Level>, stats: &mut Stats, level: usize) {
    let len = level + 1;
    if levels.len() < len {
        levels.resize(len, Level::default());
    }
    if stats.profile.len() < len {
        stats.profile.resize(len, 0);
    }
}

/// What Algorithm M's dance works on besides the matrix: the loop's state and the search's
/// figures, borrowed apart.
struct Parts<'s> {
    level: &'s mut usize,
    phase: &'s mut MovePhase,
    levels: &'s mut Vec<Level>,
    /// Per level, its key and moves made (read and written only when not `PLAIN`).
    keys: &'s mut Vec<Keyed>,
    /// The key of the node the loop's level 0 is (below the moves made).
    base: PathKey,
    stats: &'s mut Stats,
    chooser: &'s mut Chooser,
    checkpoint: u64,
}

/// Algorithm M's loop, on a [`Dance`] (so the arrays and counters stay in registers):
/// runs until the node count reaches the checkpoint, a solution or the end. The phase,
/// the level and the current level's item and move live in locals, and go back to the
/// loop's state before it returns.
///
/// The per-level arrays (the level records and the profile) are read and written unchecked
/// at `level` (`unchecked::levels`), which is kept below `depth`, the lesser of their
/// lengths: `depth` is computed here, and entering a node at `depth` or deeper grows both
/// first; no array shrinks while the loop runs.
#[inline(always)]
fn dance<W: Walk, const PLAIN: bool>(
    d: &mut Dance<'_>,
    bounds: &mut Bounds,
    parts: Parts<'_>,
) -> Pause {
    use crate::xc::unchecked::levels::{self, at, at_mut};
    let Parts {
        level: level_out,
        phase: phase_out,
        levels: records,
        keys,
        base,
        stats,
        chooser,
        checkpoint,
    } = parts;
    let (mut level, mut phase) = (*level_out, *phase_out);
    let lengths = |records: &Vec<Level>, stats: &Stats| [records.len(), stats.profile.len()];
    let depth_of = |records: &Vec<Level>, stats: &Stats| records.len().min(stats.profile.len());
    let mut depth = depth_of(records, stats);
    let (mut item, mut x) = match phase {
        MovePhase::Advance => (records[level].item, records[level].choice),
        _ => (Item::default(), Link::default()),
    };
    // Resuming at a level's next move, the level was entered, so the arrays reach it;
    // backing up, the loop reads only the levels above (checked once here, as the
    // unchecked accesses below rely on it).
    if matches!(phase, MovePhase::Advance | MovePhase::Back) {
        let backing = phase == MovePhase::Back;
        let lengths = lengths(records, stats);
        if let Err(fault) = levels::check(level, depth, backing, &lengths) {
            panic!("Algorithm M's loop resumed out of its levels: {fault}");
        }
    }
    // No phase variable is read inside the loop: entering a node, trying the level's
    // next move and backing up are places in the code, so that going from one to the
    // next is a direct jump (a jump through a table of phases was mispredicted on most
    // steps). `phase` says where to resume only when the loop breaks.
    let event = 'run: loop {
        let mut backing = match phase {
            MovePhase::Enter => 'enter: {
                let nodes = stats.nodes;
                if nodes >= checkpoint {
                    break 'run Pause::Checkpoint(nodes);
                }
                if level >= depth {
                    grow_levels(records, stats, level);
                    depth = depth_of(records, stats);
                }
                if !PLAIN {
                    // The node's key: the root's below the moves made, or the level
                    // above's below its last move.
                    let key = match level {
                        0 => base,
                        _ => {
                            let above = keys[level - 1];
                            above.key.child(above.made)
                        }
                    };
                    if keys.len() <= level {
                        keys.resize(level + 1, Keyed::default());
                    }
                    keys[level] = Keyed { key, made: 0 };
                    chooser.enter(key);
                }
                let Some((chosen, score)) =
                    multiplicity::choose_bounded::<PLAIN>(d.lens, bounds, chooser)
                else {
                    // No active item: every bound is met.
                    phase = MovePhase::Back;
                    break 'run Pause::Solution(level);
                };
                stats.nodes = nodes + 1;
                *at_mut(&mut stats.profile, level) += 1;
                stats.branches += u64::from(score >= 2);
                stats.dead_ends += u64::from(score <= 0);
                if score <= 0 {
                    break 'enter true;
                }
                item = chosen;
                let first_tweak;
                (x, first_tweak) = d.enter_bounded::<W>(item, bounds);
                *at_mut(records, level) = Level {
                    score,
                    item,
                    choice: x,
                    first_tweak,
                };
                false
            }
            MovePhase::Advance => false,
            MovePhase::Back => true,
            MovePhase::Idle => break 'run Pause::Idle,
        };
        loop {
            if !backing {
                // The level's next move, if it has one.
                if d.advance_bounded::<W>(item, x, bounds) {
                    if !PLAIN {
                        keys[level].made += 1;
                    }
                    if x != item.header() {
                        d.commit_bounded::<W>(x, bounds);
                    }
                    level += 1;
                    phase = MovePhase::Enter;
                    continue 'run;
                }
                let first = at(records, level).first_tweak;
                d.leave_bounded::<W>(item, bounds, first);
            }
            // Back up to the level above.
            if level == 0 {
                phase = MovePhase::Idle;
                break 'run Pause::End;
            }
            level -= 1;
            let record = *at(records, level);
            (item, x) = (record.item, record.choice);
            if x == item.header() {
                // The null move is undone, and with it the level.
                bounds.reactivate(item);
                let first = record.first_tweak;
                d.leave_bounded::<W>(item, bounds, first);
                backing = true;
                continue;
            }
            d.uncommit_bounded::<W>(x, bounds);
            x = node(d.nodes, x).down;
            at_mut(records, level).choice = x;
            backing = false;
        }
    };
    // The profile has an entry per level counted (growing it made one for the deepest
    // level entered, which may have been a solution).
    while stats.profile.last() == Some(&0) {
        stats.profile.pop();
    }
    (*level_out, *phase_out) = (level, phase);
    event
}

impl<S: Storage, W: Walk, const PLAIN: bool> Loop<S> for Bounded<W, PLAIN> {
    fn begin(&mut self) {
        self.level = 0;
        self.phase = MovePhase::Enter;
    }

    /// Runs the dance of Algorithm M ([`dance`]) on the matrix's arrays and counters, taken
    /// out once, and between its runs takes the detours that need the whole search.
    fn step(&mut self, core: &mut Core<S>) -> Stop {
        let base = match PLAIN {
            true => PathKey::default(),
            false => self.key(&core.chooser),
        };
        loop {
            let mut d = core.m.take_out::<W>();
            let event = dance::<W, PLAIN>(
                &mut d,
                &mut self.bounds,
                Parts {
                    level: &mut self.level,
                    phase: &mut self.phase,
                    levels: &mut self.levels,
                    keys: &mut self.keys,
                    base,
                    stats: &mut core.stats,
                    chooser: &mut core.chooser,
                    checkpoint: core.checkpoint,
                },
            );
            let counters = d.counters();
            core.m.put_back::<W>(counters);
            match event {
                Pause::Checkpoint(nodes) => {
                    if let Some(stop) = core.checkpoint_reached(nodes) {
                        return stop;
                    }
                }
                Pause::Solution(level) => return core.found(level),
                Pause::End => {
                    core.stop(Status::Complete);
                    return Stop::Over;
                }
                Pause::Idle => return Stop::Over,
            }
        }
    }

    fn unwind(&mut self, m: &mut Matrix<S>) {
        let bounds = &mut self.bounds;
        let (updates, cleansings) = (m.updates, m.cleansings);
        if self.phase == MovePhase::Advance {
            // Entered, its current move not made yet.
            let Level {
                item, first_tweak, ..
            } = self.levels[self.level];
            m.leave_bounded::<W>(item, bounds, first_tweak);
        }
        if self.phase != MovePhase::Idle {
            for record in self.levels[..self.level].iter().rev() {
                let (item, x) = (record.item, record.choice);
                if x != item.header() {
                    m.uncommit_bounded::<W>(x, bounds);
                }
                m.leave_bounded::<W>(item, bounds, record.first_tweak);
            }
        }
        // A level left half-way may have taken its item out of the active list: the items
        // still active are those the forced options did not cover.
        let lens = &m.lens;
        bounds.activate_uncovered(|k| lens[k as usize] < COVERED);
        // An item a made move took out with its null move while it could still take options
        // is not covered, and stays out (at bound 0 it was covered, and is out already).
        for mv in &self.moves {
            if mv.x == mv.item.header() && bounds.of(mv.item).0 != 0 {
                bounds.deactivate(mv.item);
            }
        }
        (m.updates, m.cleansings) = (updates, cleansings);
        self.level = 0;
        self.phase = MovePhase::Idle;
        debug_assert!(m.check_invariants().is_ok());
        debug_assert_eq!(self.bounds.check_invariants(m.items as usize), Ok(()));
    }

    /// The option's primary items each take one off their bound.
    fn force(&mut self, m: &mut Matrix<S>, x: Link) {
        debug_assert!(
            self.moves.is_empty(),
            "options are forced before moves are made"
        );
        m.force_bounded::<W>(x, &mut self.bounds);
    }

    fn unforce(&mut self, m: &mut Matrix<S>, x: Link) {
        m.unforce_bounded::<W>(x, &mut self.bounds);
    }

    fn is_idle(&self) -> bool {
        self.phase == MovePhase::Idle
    }

    fn is_clear(&self) -> bool {
        self.level == 0 && self.moves.is_empty() && self.bounds.is_declared()
    }

    fn level(&self) -> usize {
        self.level
    }

    fn depth(&self) -> usize {
        match self.phase {
            MovePhase::Idle => 0,
            MovePhase::Enter | MovePhase::Advance | MovePhase::Back => self.level,
        }
    }

    /// The move's place among the moves the level made, of the level's score, which is
    /// its number of moves.
    fn place(&self, m: &Matrix<S>, level: usize) -> (Choice, u32, u32) {
        let Level {
            score,
            item,
            choice: x,
            first_tweak,
        } = self.levels[level];
        let k = m.tried(item, first_tweak, x);
        let of = score.clamp(0, i64::from(u32::MAX)) as u32;
        (Choice::Move(k), k, of)
    }

    fn fill(&self, m: &Matrix<S>, solution: &mut Vec<OptionId>) {
        solution.extend(self.moved(m));
        let depth = Loop::<S>::depth(self);
        for &Level { choice: x, .. } in &self.levels[..depth] {
            // The null moves choose an item's header: no option.
            if !m.is_header(x) {
                solution.push(m.option_of(x));
            }
        }
    }

    /// Its cut follows the loop's own choice (with a seed, the ties are a function of the
    /// path: [`PathKey`]), and its moves are numbered in the matrix's option order, which a
    /// seed shuffles, and the solvers that replay them have the same: any order splits.
    fn is_splittable(&self, _chooser: &Chooser) -> bool {
        true
    }

    fn branches(
        &mut self,
        m: &mut Matrix<S>,
        chooser: &mut Chooser,
    ) -> Option<(Stats, Vec<(Choice, Next)>)> {
        let (updates, cleansings) = (m.updates, m.cleansings);
        let key = self.key(chooser);
        let branched = m.branch_bounded::<W>(&mut self.bounds, chooser, key);
        let stats = Stats {
            updates: m.updates - updates,
            cleansings: m.cleansings - cleansings,
            ..Stats::default()
        };
        (m.updates, m.cleansings) = (updates, cleansings);
        let (score, moves) = branched?;
        let mut stats = Stats {
            nodes: 1,
            branches: u64::from(score >= 2),
            dead_ends: u64::from(score <= 0),
            profile: vec![1],
            ..stats
        };
        let mut children = Vec::with_capacity(moves.len());
        for (k, below) in moves.into_iter().enumerate() {
            let next = match below {
                Below::Solution => Next::Solution,
                Below::DeadEnd => {
                    stats.nodes += 1;
                    stats.dead_ends += 1;
                    stats.profile.resize(2, 0);
                    stats.profile[1] += 1;
                    Next::DeadEnd
                }
                Below::Open(score) => Next::Open(u32::try_from(score).unwrap_or(u32::MAX)),
            };
            children.push((Choice::Move(k as u32 + 1), next));
        }
        Some((stats, children))
    }

    fn branches_after(
        &mut self,
        m: &mut Matrix<S>,
        chooser: &mut Chooser,
        skip: u32,
    ) -> Option<(Stats, bool)> {
        let key = self.key(chooser);
        let after = m.moves_after::<W>(&mut self.bounds, chooser, key, skip)?;
        let stats = Stats {
            nodes: after.dead_ends,
            dead_ends: after.dead_ends,
            updates: after.updates,
            cleansings: after.cleansings,
            profile: match after.dead_ends {
                0 => Vec::new(),
                dead => vec![0, dead],
            },
            ..Stats::default()
        };
        Some((stats, after.live))
    }

    fn make_move(&mut self, m: &mut Matrix<S>, chooser: &mut Chooser, k: u32) -> bool {
        let (updates, cleansings) = (m.updates, m.cleansings);
        let key = self.key(chooser);
        let made = m.make_move_in::<W>(&mut self.bounds, chooser, key, k);
        (m.updates, m.cleansings) = (updates, cleansings);
        match made {
            Some(mv) => {
                self.moves.push(mv);
                true
            }
            None => false,
        }
    }

    fn unmake_moves(&mut self, m: &mut Matrix<S>) {
        let (updates, cleansings) = (m.updates, m.cleansings);
        while let Some(mv) = self.moves.pop() {
            m.unmake_move::<W>(&mut self.bounds, mv);
        }
        (m.updates, m.cleansings) = (updates, cleansings);
    }

    fn moved(&self, m: &Matrix<S>) -> Vec<OptionId> {
        let made = self.moves.iter().filter(|mv| mv.x != mv.item.header());
        made.map(|mv| m.option_of(mv.x)).collect()
    }

    /// At each level, the options its item's earlier moves tried (tweaked out of its list),
    /// and at a null move all the options the item had. (A level that covered its item,
    /// bound and slack 0, tweaks nothing: the item's bound already excludes its other
    /// options.)
    fn excluded(&self, m: &Matrix<S>) -> Vec<OptionId> {
        let mut excluded = Vec::new();
        for mv in &self.moves {
            if mv.first == Link::default() {
                continue;
            }
            let mut x = mv.first;
            while x != mv.x && x != mv.item.header() {
                excluded.push(m.option_of(x));
                x = m.down(x);
            }
        }
        excluded
    }
}
