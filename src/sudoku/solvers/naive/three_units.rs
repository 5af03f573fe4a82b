//! `naive`'s search on grids whose cells each lie in three units (rows, columns and boxes or
//! jigsaw regions) with at most 254 blanks: 9x9 and every standard or jigsaw grid up to 16x16.
//!
//! The blanks are filled in reading order, so level `k` of the search always fills the
//! `k`-th blank, and its three units are written once per puzzle into the level itself.
//! Each unit keeps the digits it still lacks as a bit mask, and a level keeps the digits of
//! its blank still to try *with* the one placed now, which is the lowest of them: one word of
//! state per level. Then:
//!
//! - going down ANDs the blank's three units, stores the result and flips its lowest digit
//!   out of the three units;
//! - going back to a level flips its digit back in, and if another is left, flips that one
//!   out: one XOR per unit does both (`placed ^ next`), since the placed digit is missing from
//!   each unit and the next one is present;
//! - two sentinels end the stack. The level above the last blank reads a unit that never has
//!   a digit, so a full grid looks like a dead end until the one test that tells them apart,
//!   which only the end of a run down pays. The level below the first blank holds two bits
//!   beyond the digits, so backing into it looks like going on with a next digit, and only
//!   that rarer step tests for the end of the search.
//!
//! Level and unit indexes are bytes into arrays of 256, so no index needs a bounds check.
//!
//! Nothing is counted on the way down or on the way up. A run down from a level makes at
//! most one assignment per level below it, so the meter is asked once per run for that many
//! assignments, and the run's assignments are counted when it ends (from the levels it went
//! through). When the node limit leaves fewer, the level of the first assignment it would
//! refuse is made to look like the level above the last blank. The other counts follow from the levels
//! resumed, the dead ends and the levels still held when the search stops (see
//! [`Tally::add_to`]).

use super::super::kit::{solve_with, Counters, Run};
use super::super::tables::Tables;
use super::super::{Limits, SolveReport, SolveStats};
use crate::sudoku::grid::Grid;
use crate::xc::Status;

/// A unit index no grid here uses (they have at most 48 units); its mask stays empty.
const NO_UNIT: u8 = u8::MAX;

/// Slots for levels and for units: every byte indexes them.
const SLOTS: usize = 256;

/// The most blanks: the blanks' levels and the two sentinels fit the slots.
const MOST_BLANKS: usize = SLOTS - 2;

/// What the level below the first blank holds: two bits above every digit, so that going
/// back to it finds a "next digit" (the higher bit) and tests for the end only then.
const BOTTOM: u32 = 0b11 << 30;

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The blank's digits still to try, including the one placed now (the lowest).
    left: u32,
    /// The blank's three units, then its cell.
    units: [u8; 4],
}

impl Level {
    /// The level's units, as indexes.
    #[inline]
    fn units(self) -> [usize; 3] {
        [
            usize::from(self.units[0]),
            usize::from(self.units[1]),
            usize::from(self.units[2]),
        ]
    }
}

/// The state of the search, kept between puzzles (a solve allocates nothing but the
/// returned solution).
#[derive(Debug)]
pub(super) struct ThreeUnitSearch {
    /// For each unit, the digits it still lacks.
    free: [u32; SLOTS],
    /// The level below the first blank, the blanks in reading order, then the level above
    /// the last blank, whose units are [`NO_UNIT`].
    levels: [Level; SLOTS],
}

impl Default for ThreeUnitSearch {
    fn default() -> ThreeUnitSearch {
        ThreeUnitSearch {
            free: [0; SLOTS],
            levels: [Level::default(); SLOTS],
        }
    }
}

/// What the search counts as it goes; the statistics follow from it when it stops.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Levels resumed with a next digit.
    resumed: u64,
    /// Levels resumed with a next digit and yet another one left after it.
    resumed_with_more: u64,
    /// Levels entered with no legal digit.
    dead_ends: u64,
    /// A level the node limit refused to enter, if it had more than one legal digit.
    refused_guess: u64,
    /// The levels holding a digit (or, for the last, about to change it) when the search
    /// stopped: `1..=held`.
    held: u8,
}

impl ThreeUnitSearch {
    /// Whether this search handles `grid`, whose layout `tables` were compiled from.
    pub(super) fn handles(tables: &Tables, grid: &Grid) -> bool {
        tables.unit_stride == 3
            && tables.n <= 16
            && tables.units < usize::from(NO_UNIT)
            && (tables.cells <= MOST_BLANKS
                || tables.cells <= SLOTS
                    && grid.cells().iter().filter(|&&d| d == 0).count() <= MOST_BLANKS)
    }

    /// Solves `grid` (one [`ThreeUnitSearch::handles`]).
    pub(super) fn solve(&mut self, tables: &Tables, grid: &Grid, limits: &Limits) -> SolveReport {
        solve_with(grid, limits, |run| {
            let top = self.load(tables, grid);
            self.search(top, run)
        })
    }

    /// Sets up the units' masks and the levels; returns the level above the last blank.
    fn load(&mut self, tables: &Tables, grid: &Grid) -> u8 {
        let byte = |k: u16| k as u8;
        // The unit `NO_UNIT` is never written, so its mask stays empty.
        self.free[..tables.units].fill((1 << tables.n) - 1);
        self.levels[0] = Level {
            left: BOTTOM,
            units: [NO_UNIT; 4],
        };
        let mut top = 1;
        for (cell, &d) in grid.cells().iter().enumerate() {
            let units = tables.units_of(cell);
            if d == 0 {
                self.levels[top] = Level {
                    left: 0,
                    units: [byte(units[0]), byte(units[1]), byte(units[2]), cell as u8],
                };
                top += 1;
            } else {
                for &u in units {
                    self.free[usize::from(u)] &= !(1 << (d - 1));
                }
            }
        }
        self.levels[top] = Level {
            left: 0,
            units: [NO_UNIT; 4],
        };
        top as u8
    }

    /// The search over the levels below `top`; returns why it ended.
    fn search(&mut self, top: u8, run: &mut Run) -> Status {
        let free = &mut self.free;
        let levels = &mut self.levels;
        let mut c = Counters::default();
        let mut t = Tally::default();
        // The level the current run down stops at: `top`, or where the node limit would
        // refuse a node (`stop` keeps that level's units).
        let mut end = top;
        let mut stop = None;
        // Nodes the meter allows: while going down, up to level `room_to`; otherwise
        // `room` of them.
        let mut room = 0;
        let mut room_to = 1;
        let mut i: u8 = 1;
        let status = 'search: {
            if u64::from(top - 1) > room {
                match room_for(&mut c, &mut room, run, levels, &mut stop, 1, top) {
                    Ok(e) => end = e,
                    Err(status) => break 'search status,
                }
                room_to = 1 + room;
            }
            loop {
                // Down: place the lowest legal digit of level `i`'s blank.
                let level = &mut levels[usize::from(i)];
                let [x, y, z] = level.units();
                let allowed = free[x] & free[y] & free[z];
                if allowed != 0 {
                    let b = allowed & allowed.wrapping_neg();
                    level.left = allowed;
                    free[x] ^= b;
                    free[y] ^= b;
                    free[z] ^= b;
                    i += 1;
                    continue;
                }
                // The run ends: above the last blank a solution, below it a dead end or the
                // node limit.
                room = room_to - u64::from(i);
                if i == end {
                    if let Some((at, units)) = stop.take() {
                        end = top;
                        levels[usize::from(at)].units = units;
                        let [x, y, z] = levels[usize::from(at)].units();
                        let allowed = free[x] & free[y] & free[z];
                        if allowed != 0 {
                            let several = allowed != allowed & allowed.wrapping_neg();
                            t.refused_guess = u64::from(several);
                            t.held = i - 1;
                            break 'search Status::NodeLimit;
                        }
                        t.dead_ends += 1;
                    } else {
                        let filled = |k: usize| {
                            let l = levels[k + 1];
                            (usize::from(l.units[3]), l.left.trailing_zeros() as u8 + 1)
                        };
                        if let Some(status) = run.found(usize::from(top - 1), filled) {
                            t.held = top - 1;
                            break 'search status;
                        }
                    }
                } else {
                    t.dead_ends += 1;
                }
                // Up: undo levels until one has another digit to try, and place that one.
                loop {
                    i -= 1;
                    let level = &mut levels[usize::from(i)];
                    let [x, y, z] = level.units();
                    let placed = level.left & level.left.wrapping_neg();
                    let left = level.left ^ placed;
                    if left == 0 {
                        free[x] ^= placed;
                        free[y] ^= placed;
                        free[z] ^= placed;
                        continue;
                    }
                    if i == 0 {
                        break 'search Status::Complete;
                    }
                    // This node and those of the run down from it.
                    if u64::from(top - i) > room {
                        match room_for(&mut c, &mut room, run, levels, &mut stop, i, top) {
                            Ok(e) if e > i => end = e,
                            Ok(_) => {
                                t.held = i;
                                break 'search Status::NodeLimit;
                            }
                            Err(status) => {
                                t.held = i;
                                break 'search status;
                            }
                        }
                    }
                    let level = &mut levels[usize::from(i)];
                    let next = left & left.wrapping_neg();
                    t.resumed += 1;
                    t.resumed_with_more += u64::from(left != next);
                    level.left = left;
                    let swap = placed ^ next;
                    free[x] ^= swap;
                    free[y] ^= swap;
                    free[z] ^= swap;
                    room_to = u64::from(i) + room;
                    i += 1;
                    break;
                }
            }
        };
        c.spend(c.room() - room);
        let held = &levels[1..=usize::from(t.held)];
        t.add_to(run.stats, c.assignments(), held);
        status
    }
}

/// Makes `room` for the assignments of a run from level `from` up to `top`, asking the meter
/// (whose count `c` is synchronised first). When the node limit leaves fewer, makes the
/// level of the first assignment it refuses look like the level above the last blank (its units
/// kept in `stop`, which also gives back the units of an earlier such level). Returns the
/// level the run stops at.
#[cold]
fn room_for(
    c: &mut Counters,
    room: &mut u64,
    run: &Run,
    levels: &mut [Level; SLOTS],
    stop: &mut Option<(u8, [u8; 4])>,
    from: u8,
    top: u8,
) -> Result<u8, Status> {
    if let Some((at, units)) = stop.take() {
        levels[usize::from(at)].units = units;
    }
    let need = u64::from(top - from);
    c.spend(c.room() - *room);
    *c = c.make_room(run.meter, need)?;
    *room = c.room();
    if *room >= need {
        return Ok(top);
    }
    let at = from + *room as u8;
    let units = levels[usize::from(at)].units;
    levels[usize::from(at)].units = [NO_UNIT, NO_UNIT, NO_UNIT, units[3]];
    *stop = Some((at, units));
    Ok(at)
}

impl Tally {
    /// Adds the statistics of a search that made `assignments` and stopped holding the
    /// levels `held` (those `1..=held`) to `stats`.
    ///
    /// Every level entered is a *visit*: a dead end, or a blank whose digits are tried one by
    /// one. A visit with `k` digits tried to the end was resumed `k - 1` times, each time with
    /// more left except the last; so a finished visit is a guess exactly when it was resumed
    /// without more left, and the unfinished ones (the levels held) are guesses when they
    /// still hold two digits or more. Every digit tried after the first of its visit is
    /// a resume; the first is an alternative when its visit is a guess. The first level is
    /// visited once (unless the search stopped before it); every other visit ends in a
    /// backtrack unless it is held: dead ends immediately, the others when they run out.
    fn add_to(self, stats: &mut SolveStats, assignments: u64, held: &[Level]) {
        let several = |l: &&Level| l.left & (l.left - 1) != 0;
        let held_guesses = held.iter().filter(several).count() as u64;
        let guesses = self.resumed - self.resumed_with_more + held_guesses;
        let visits = assignments - self.resumed + self.dead_ends;
        stats.assignments += assignments;
        stats.guesses += guesses + self.refused_guess;
        stats.alternatives += self.resumed + held_guesses;
        stats.backtracks += visits.saturating_sub(1) - (held.len() as u64).saturating_sub(1);
    }
}
