//! Algorithm X (and, with colours, Algorithm C): the loop of Knuth's DLX1 and DLX2 on the
//! links, its levels and phases, and what splitting its tree needs of it (a node's branches
//! with what each leads to, and the figures of the branches after one).
//!
//! 1. **Enter a level** (one search-tree node): choose the active primary item with the
//!    fewest options, the leftmost on ties, and cover it.
//! 2. **Try** its options top to bottom: cover (or purify) the option's other items going
//!    right. If no primary item is left, that is a solution (counted as a node too);
//!    otherwise go one level deeper.
//! 3. **Back up**: uncover the option's items going left, and try the next option; when the
//!    options run out, uncover the chosen item and return to the level above. (When the next
//!    option's walk begins with the same items as this one's, as with polyomino placements,
//!    those items stay covered instead of being uncovered and covered again; the lists and
//!    the counts come out exactly the same: see `Matrix::switch`.)

use std::fmt;
use std::marker::PhantomData;

use super::core::{Core, Loop, Stop};
use super::tree::{Choice, Next};
use crate::xc::choose::Chooser;
use crate::xc::layout::Walk;
use crate::xc::matrix::Matrix;
use crate::xc::node::{Item, Link};
use crate::xc::outcome::{Stats, Status};
use crate::xc::problem::OptionId;
use crate::xc::storage::Storage;

/// Where Algorithm X's or C's loop stands: what is applied at the current level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No search in progress; the matrix holds only the forced options.
    Idle,
    /// About to enter a node at `level` (nothing applied at this level).
    Enter,
    /// The level's item is covered; `choice[level]` is the next option to try (or the header).
    Try,
    /// The level's item is covered and `choice[level]` is committed.
    Undo,
}

/// Algorithm X's or C's loop for the walk `W`; `PLAIN` when the item choice is Knuth's
/// plain rule (the vector scan).
pub(super) struct Exact<W, const PLAIN: bool> {
    phase: Phase,
    level: usize,
    /// Per level, the option tried (a node of the chosen item's list, or its header).
    choice: Vec<Link>,
    /// Per level, the item chosen.
    best: Vec<Item>,
    /// Per level, where deeper levels may start their item choice: the first chunk of items
    /// holding an uncovered primary item (matrices with very many primary items), or the
    /// first uncovered primary item (a `SearchOrder` other than the plain one).
    scan_from: Vec<u32>,
    _walk: PhantomData<fn() -> W>,
}

impl<W, const PLAIN: bool> Exact<W, PLAIN> {
    pub(super) fn new() -> Self {
        Exact {
            phase: Phase::Idle,
            level: 0,
            choice: Vec::new(),
            best: Vec::new(),
            scan_from: Vec::new(),
            _walk: PhantomData,
        }
    }
}

impl<W, const PLAIN: bool> fmt::Debug for Exact<W, PLAIN> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Exact")
            .field("phase", &self.phase)
            .field("level", &self.level)
            .finish()
    }
}

impl<W: Walk, const PLAIN: bool> Exact<W, PLAIN> {
    /// Knuth's choice on a matrix with very many primary items: the scan starts at the
    /// first chunk of items where the level above found an uncovered one.
    #[cold]
    fn choose_far<S: Storage>(&mut self, m: &Matrix<S>, level: usize) -> Option<Item> {
        let from = match level {
            0 => 0,
            _ => self.scan_from[level - 1] as usize,
        };
        let (item, live) = m.choose_from::<W>(from);
        if level >= self.scan_from.len() {
            self.scan_from.resize(level + 1, 0);
        }
        self.scan_from[level] = live as u32;
        item
    }

    /// The choice of a `SearchOrder` with a seed or the sharp preference, starting at the
    /// first item the level above found uncovered.
    fn choose_ordered<S: Storage>(
        &mut self,
        m: &Matrix<S>,
        chooser: &mut Chooser,
        level: usize,
    ) -> Option<Item> {
        let from = match level {
            0 => 1,
            _ => self.scan_from[level - 1],
        };
        let (item, live) = chooser.choose(&m.lens, m.primaries, from);
        if level >= self.scan_from.len() {
            self.scan_from.resize(level + 1, 0);
        }
        self.scan_from[level] = live;
        item
    }
}

impl<S: Storage, W: Walk, const PLAIN: bool> Loop<S> for Exact<W, PLAIN> {
    fn begin(&mut self) {
        self.level = 0;
        self.phase = Phase::Enter;
    }

    fn step(&mut self, core: &mut Core<S>) -> Stop {
        loop {
            match self.phase {
                Phase::Enter => {
                    let nodes = core.stats.nodes;
                    if nodes >= core.checkpoint {
                        if let Some(stop) = core.checkpoint_reached(nodes) {
                            return stop;
                        }
                    }
                    core.stats.nodes = nodes + 1;
                    let level = self.level;
                    core.count_level(level);
                    if level == self.best.len() {
                        self.best.push(Item::default());
                        self.choice.push(Link::default());
                    }
                    let chosen = if PLAIN {
                        if core.m.far() {
                            self.choose_far(&core.m, level)
                        } else {
                            core.m.choose::<W>()
                        }
                    } else {
                        self.choose_ordered(&core.m, &mut core.chooser, level)
                    };
                    match chosen {
                        Some(item) => {
                            let m = &mut core.m;
                            let options = m.len(item);
                            core.stats.branches += u64::from(options >= 2);
                            core.stats.dead_ends += u64::from(options == 0);
                            m.cover::<W>(item);
                            self.best[level] = item;
                            self.choice[level] = m.top(item);
                            self.phase = Phase::Try;
                        }
                        None => {
                            // The forced options alone cover every primary item.
                            let stop = core.found(level + 1);
                            core.stop(core.status);
                            return stop;
                        }
                    }
                }
                Phase::Try => {
                    let level = self.level;
                    let x = self.choice[level];
                    let best = self.best[level];
                    if x == best.header() {
                        core.m.uncover::<W>(best);
                        if level == 0 {
                            self.phase = Phase::Idle;
                            core.stop(Status::Complete);
                            return Stop::Over;
                        }
                        self.level = level - 1;
                        self.phase = Phase::Undo;
                        continue;
                    }
                    core.m.commit::<W>(x);
                    if core.m.all_covered() {
                        self.phase = Phase::Undo;
                        return core.found(level + 1);
                    }
                    self.level = level + 1;
                    self.phase = Phase::Enter;
                }
                Phase::Undo => {
                    let level = self.level;
                    let x = self.choice[level];
                    let y = core.m.down(x);
                    self.choice[level] = y;
                    if !W::SHARE || y == self.best[level].header() {
                        core.m.uncommit::<W>(x);
                        self.phase = Phase::Try;
                        continue;
                    }
                    // The next option: Knuth's uncommit of `x` and commit of `y` in one
                    // move that skips the covers they share (`Matrix::switch`).
                    core.m.switch::<W>(x, y);
                    if core.m.all_covered() {
                        return core.found(level + 1);
                    }
                    self.level = level + 1;
                    self.phase = Phase::Enter;
                }
                Phase::Idle => return Stop::Over,
            }
        }
    }

    fn unwind(&mut self, m: &mut Matrix<S>) {
        let (updates, cleansings) = (m.updates, m.cleansings);
        let mut level = self.level;
        let mut phase = self.phase;
        loop {
            match phase {
                Phase::Undo => {
                    m.uncommit::<W>(self.choice[level]);
                    m.uncover::<W>(self.best[level]);
                }
                Phase::Try => m.uncover::<W>(self.best[level]),
                Phase::Enter => {}
                Phase::Idle => break,
            }
            if level == 0 {
                break;
            }
            level -= 1;
            phase = Phase::Undo;
        }
        (m.updates, m.cleansings) = (updates, cleansings);
        self.level = 0;
        self.phase = Phase::Idle;
        debug_assert!(m.check_invariants().is_ok());
    }

    fn force(&mut self, m: &mut Matrix<S>, x: Link) {
        m.cover::<W>(m.item(x));
        m.commit::<W>(x);
    }

    fn unforce(&mut self, m: &mut Matrix<S>, x: Link) {
        m.uncommit::<W>(x);
        m.uncover::<W>(m.item(x));
    }

    fn is_idle(&self) -> bool {
        self.phase == Phase::Idle
    }

    fn is_clear(&self) -> bool {
        self.level == 0
    }

    fn level(&self) -> usize {
        self.level
    }

    fn depth(&self) -> usize {
        match self.phase {
            Phase::Undo => self.level + 1,
            Phase::Idle => 0,
            Phase::Enter | Phase::Try => self.level,
        }
    }

    fn place(&self, m: &Matrix<S>, level: usize) -> (Choice, u32, u32) {
        let x = self.choice[level];
        let (k, of) = m.position(self.best[level], x);
        (Choice::Option(m.option_of(x)), k, of)
    }

    fn fill(&self, m: &Matrix<S>, solution: &mut Vec<OptionId>) {
        let depth = Loop::<S>::depth(self);
        solution.extend(self.choice[..depth].iter().map(|&x| m.option_of(x)));
    }

    fn is_splittable(&self, chooser: &Chooser) -> bool {
        chooser.is_plain()
    }

    fn branches(
        &mut self,
        m: &mut Matrix<S>,
        _chooser: &mut Chooser,
    ) -> Option<(Stats, Vec<(Choice, Next)>)> {
        let item = m.choose::<W>()?;
        let (updates, cleansings) = (m.updates, m.cleansings);
        let options = m.len(item);
        let mut stats = Stats {
            nodes: 1,
            branches: u64::from(options >= 2),
            dead_ends: u64::from(options == 0),
            profile: vec![1],
            ..Stats::default()
        };
        let mut children = Vec::with_capacity(options as usize);
        m.cover::<W>(item);
        let mut x = m.top(item);
        while x != item.header() {
            m.commit::<W>(x);
            let next = if m.all_covered() {
                Next::Solution
            } else {
                match m.choose::<W>() {
                    Some(next) if m.len(next) == 0 => {
                        // The search enters the dead end, covers its empty item and backs up.
                        m.cover::<W>(next);
                        m.uncover::<W>(next);
                        stats.nodes += 1;
                        stats.dead_ends += 1;
                        Next::DeadEnd
                    }
                    Some(next) => Next::Open(m.len(next)),
                    None => Next::Solution,
                }
            };
            if next == Next::DeadEnd {
                stats.profile.resize(2, 0);
                stats.profile[1] += 1;
            }
            children.push((Choice::Option(m.option_of(x)), next));
            m.uncommit::<W>(x);
            x = m.down(x);
        }
        m.uncover::<W>(item);
        stats.updates = m.updates - updates;
        stats.cleansings = m.cleansings - cleansings;
        (m.updates, m.cleansings) = (updates, cleansings);
        Some((stats, children))
    }

    fn branches_after(
        &mut self,
        m: &mut Matrix<S>,
        _chooser: &mut Chooser,
        skip: u32,
    ) -> Option<(Stats, bool)> {
        let item = m.choose::<W>()?;
        let before = (m.updates, m.cleansings);
        m.cover::<W>(item);
        let (updates, cleansings) = (m.updates, m.cleansings);
        let mut stats = Stats::default();
        let mut live = false;
        let mut x = m.top(item);
        for _ in 0..skip {
            if x == item.header() {
                break;
            }
            x = m.down(x);
        }
        while x != item.header() {
            m.commit::<W>(x);
            if m.all_covered() {
                live = true;
            } else {
                match m.choose::<W>() {
                    Some(next) if m.len(next) == 0 => {
                        m.cover::<W>(next);
                        m.uncover::<W>(next);
                        stats.nodes += 1;
                        stats.dead_ends += 1;
                    }
                    _ => live = true,
                }
            }
            m.uncommit::<W>(x);
            x = m.down(x);
        }
        stats.updates = m.updates - updates;
        stats.cleansings = m.cleansings - cleansings;
        if stats.dead_ends > 0 {
            stats.profile = vec![0, stats.dead_ends];
        }
        m.uncover::<W>(item);
        (m.updates, m.cleansings) = before;
        Some((stats, live))
    }
}
