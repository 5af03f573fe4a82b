//! Preprocessing, as Knuth's DLX-PRE: an equivalent problem with fewer options and items.
//!
//! Two observations shrink a problem without changing its solutions:
//!
//! - **A blocking option goes.** If choosing option `r` hides every option of some primary
//!   item `p` that `r` does not contain, `r` can never be in a solution: `p` could no longer
//!   be covered. ([`OptionReason::Blocks`])
//! - **A forced item goes.** If every option of a primary item `p` contains item `c`
//!   (uncoloured), covering `p` covers `c` too. So `c` can be dropped from the options that
//!   contain `p`, and every other option that contains `c` can be dropped: it would clash
//!   with whichever option covers `p`. ([`ItemReason::ForcedBy`],
//!   [`OptionReason::ClashesWithForced`])
//!
//! A *round* visits every item `c` in Knuth's order (the primary items, then the secondary
//! ones). It hides the options of `c` as a search would when covering `c`; if that empties
//! a primary item, `c` is forced by it. Otherwise each option `r` whose first surviving entry
//! is `c` (uncoloured) is tested: the options that clash with `r` through its other items are
//! hidden too, and `r` is marked if some primary item outside `r` runs dry; the marked
//! options go once `c` is unhidden. Rounds repeat until one changes nothing (a fixed point)
//! or the round limit is reached. A primary item left with no option makes the problem
//! infeasible: the reduction is then that item alone, with no option.
//!
//! The steps, their order and so the result are those of DLX-PRE (a colour on the tested
//! item of an option shields the option from the test, as there); the test is sound whatever
//! it misses. The reduced problem keeps the original order of items and options (DLX-PRE
//! lists options by their first item instead), and [`Reduction::origin`] maps each of its
//! options back to the original option it was cut from (with its cost): the solutions of the reduced problem,
//! mapped back, are exactly the solutions of the original.
//!
//! The reducer keeps its own table of items and options (`Incidence`: one array per field,
//! indexes for links), not the search's 16-byte nodes: it deletes options for good and
//! scans one field at a time, which the parallel arrays serve as well or better (measured
//! in BENCHMARKS.md, "The reducer's table"), with no unchecked access.
//!
//! ```
//! use dlxkit::xc::{Problem, ReduceOptions};
//! // Knuth's toy problem: DLX-PRE reduces it to three singleton options.
//! let p = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let r = p.reduce(&ReduceOptions::new());
//! assert_eq!(r.problem.to_dlx(), "A B E\nE\nA\nB\n");
//! let solution = r.problem.first_solution().unwrap();
//! let mut texts: Vec<String> = r.original(&solution).iter().map(|&o| p.option_text(o)).collect();
//! texts.sort();
//! assert_eq!(texts, ["A D", "B G", "C E F"]);
//! # Ok::<(), dlxkit::xc::ParseError>(())
//! ```

mod bounds;

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::problem::{Entry, ItemId, OptionId, Problem};
use super::search::{Limits, Status};

/// How far [`Problem::reduce`] may go.
///
/// ```
/// use dlxkit::xc::ReduceOptions;
/// assert_eq!(ReduceOptions::new().rounds(3).max_rounds, Some(3));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ReduceOptions {
    /// Stop after this many rounds even if the last one changed something (`None`: go on to
    /// the fixed point, which takes at most one round per option and item, plus one).
    pub max_rounds: Option<usize>,
    /// Stop early, between two steps (a step is one item's turn in a round, the reduction's
    /// node): `max_nodes` steps, the deadline, the cancel flag (`max_solutions` means
    /// nothing here). What a reduction stopped this way writes is still equivalent to the
    /// original, only less reduced; [`Reduction::status`] says why it stopped.
    pub limits: Limits,
}

impl ReduceOptions {
    /// No round limit.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::ReduceOptions::new().max_rounds, None);
    /// ```
    pub fn new() -> ReduceOptions {
        ReduceOptions::default()
    }

    /// At most `n` rounds.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::ReduceOptions::new().rounds(1).max_rounds, Some(1));
    /// ```
    pub fn rounds(mut self, n: usize) -> ReduceOptions {
        self.max_rounds = Some(n);
        self
    }

    /// Stops at these limits (nodes are the reduction's steps).
    ///
    /// ```
    /// use dlxkit::xc::{Limits, Problem, ReduceOptions, Status};
    /// let p = Problem::from_dlx("A B C\nA B\nB C\nA\nC\n")?;
    /// let r = p.reduce(&ReduceOptions::new().limits(Limits::new().nodes(1)));
    /// assert_eq!((r.status, r.steps), (Status::NodeLimit, 1));
    /// assert!(!r.fixed_point);
    /// # Ok::<(), dlxkit::xc::ParseError>(())
    /// ```
    pub fn limits(mut self, limits: Limits) -> ReduceOptions {
        self.limits = limits;
        self
    }
}

/// Why an option was removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionReason {
    /// Choosing it would leave this primary item with no option.
    Blocks(ItemId),
    /// It contains `item`, which every option of `by` contains, but not `by`.
    ClashesWithForced {
        /// The forced item.
        item: ItemId,
        /// The primary item that forces it.
        by: ItemId,
    },
    /// The problem is infeasible: every option goes.
    Infeasible,
}

/// Why an item was removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ItemReason {
    /// Every option of this primary item contains it: it is covered whenever that item is.
    ForcedBy(ItemId),
    /// A secondary item that no option contains any more.
    Unused,
    /// The problem is infeasible: only the primary item with no option is kept.
    Infeasible,
}

/// An option [`Problem::reduce`] removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovedOption {
    /// The option, in the original problem.
    pub option: OptionId,
    /// Why it went.
    pub reason: OptionReason,
}

/// An item [`Problem::reduce`] removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovedItem {
    /// The item, in the original problem.
    pub item: ItemId,
    /// Why it went.
    pub reason: ItemReason,
}

/// What [`Problem::reduce`] made: the reduced problem and what was taken away.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The reduced problem: the surviving items and options, in their original order, each
    /// option possibly shorter (forced items taken out).
    pub problem: Problem,
    /// For each option of [`Reduction::problem`], the original option it comes from.
    pub origin: Vec<OptionId>,
    /// The options removed, in the order they went.
    pub removed_options: Vec<RemovedOption>,
    /// The items removed, in the order they went.
    pub removed_items: Vec<RemovedItem>,
    /// The rounds run (the last of them changed nothing, unless the limit or infeasibility
    /// stopped the reduction).
    pub rounds: usize,
    /// Whether the last round changed nothing, so another would not either.
    pub fixed_point: bool,
    /// A primary item left with no option, when the problem has no solution.
    pub infeasible: Option<ItemId>,
    /// Complete, or the limit of [`ReduceOptions::limits`] that stopped the reduction
    /// between two steps (node limit, time limit, interrupted).
    pub status: Status,
    /// The steps taken: one per item's turn in a round (the node limit of
    /// [`ReduceOptions::limits`] counts them).
    pub steps: u64,
}

impl Reduction {
    /// The original options of a solution of the reduced problem.
    ///
    /// ```
    /// use dlxkit::xc::{OptionId, Problem, ReduceOptions};
    /// let p = Problem::from_dlx("A B\nA B\nA\n")?; // option 1 blocks B
    /// let r = p.reduce(&ReduceOptions::new());
    /// assert_eq!(r.original(&[OptionId::new(0)]), [OptionId::new(0)]);
    /// # Ok::<(), dlxkit::xc::ParseError>(())
    /// ```
    pub fn original(&self, solution: &[OptionId]) -> Vec<OptionId> {
        solution.iter().map(|o| self.origin[o.index()]).collect()
    }
}

impl Problem {
    /// Reduces the problem as Knuth's DLX-PRE does (see [`reduce`](mod@crate::xc::reduce)).
    ///
    /// ```
    /// use dlxkit::xc::{Problem, ReduceOptions};
    /// let p = Problem::from_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n")?;
    /// let r = p.reduce(&ReduceOptions::new());
    /// assert_eq!(r.problem.to_dlx(), "A B | X Y\nA X:1 Y:1\nB X:1\n");
    /// assert_eq!((r.removed_options.len(), r.removed_items.len()), (2, 1));
    /// # Ok::<(), dlxkit::xc::ParseError>(())
    /// ```
    ///
    /// A problem with item bounds (Algorithm M, [`Problem::has_bounds`]) is reduced through
    /// its relaxed problem, where DLX-PRE's rules hold: the items covered exactly once or at
    /// most once, without those that may be covered more often; what it removes goes from
    /// the problem given, which keeps exactly its solutions (the proof is in `reduce/bounds.rs`).
    ///
    /// ```
    /// use dlxkit::xc::{Problem, ReduceOptions};
    /// // `A` once, `B` twice: every option of `A` holds `C`, so `C` goes, and so does `B C`,
    /// // which would clash with whichever option covers `A`.
    /// let p = Problem::from_dlx("A 2|B | C\nA B C\nA C\nB C\nB\n")?;
    /// let r = p.reduce(&ReduceOptions::new());
    /// assert_eq!(r.problem.to_dlx(), "A 2|B\nA B\nA\nB\n");
    /// assert_eq!(r.problem.count_solutions(), p.count_solutions());
    /// # Ok::<(), dlxkit::xc::ParseError>(())
    /// ```
    pub fn reduce(&self, options: &ReduceOptions) -> Reduction {
        if self.has_bounds() {
            return bounds::reduce(self, options);
        }
        let mut table = Incidence::new(self);
        let mut meter = StepMeter::new(&options.limits);
        table.run(options.max_rounds.unwrap_or(usize::MAX), &mut meter);
        let mut reduction = table.finish();
        (reduction.status, reduction.steps) = (meter.status, meter.steps);
        reduction
    }
}

/// A sentinel for "no item" in the node arrays (items are numbered from 1 there).
const NONE: u32 = 0;

/// DLX-PRE's matrix, as the reducer's own table of items and options: item headers `1..=n`
/// in Knuth's order, then each option's entries, in parallel arrays by node index.
/// `item[x] == 0` marks an entry taken out of its option (a forced item).
///
/// It is not the search's dancing links (`node.rs`) on purpose: the reducer deletes options
/// and items for good, shortens options in place, and spends its time in scans of one
/// field at a time (an option's items, a list's options), which arrays of one field serve
/// at 4 bytes a node; it needs no unchecked access. The same code on 16-byte nodes of
/// four fields (up, down, item, colour) measured 3% more instructions on the 6x10
/// pentominoes and no less time (BENCHMARKS.md, "The reducer's table").
struct Incidence<'p> {
    problem: &'p Problem,
    /// The item of each header position (`order[h - 1]`).
    order: Vec<ItemId>,
    /// The number of primary items: headers `1..=primaries` are primary.
    primaries: u32,
    up: Vec<u32>,
    down: Vec<u32>,
    item: Vec<u32>,
    /// The colour of an entry plus one (0: none).
    color: Vec<u32>,
    /// The option of each entry node.
    option_of: Vec<u32>,
    /// The first node of each option, and one past the last option.
    start: Vec<u32>,
    /// The length of each item's list.
    len: Vec<u32>,
    /// The last primary item emptied by `hide` (DLX-PRE's `stack`).
    emptied: u32,
    deleted: Vec<bool>,
    removed_options: Vec<RemovedOption>,
    removed_items: Vec<RemovedItem>,
    infeasible: Option<u32>,
    rounds: usize,
    fixed_point: bool,
    /// The counts of a blocking test.
    tally: Tally,
    /// The options a step marked for deletion, with the item each blocks (kept between
    /// steps so that no step allocates).
    marked: Vec<(u32, u32)>,
    /// What lets a step skip hiding its item when that can change nothing.
    watch: Watches,
    /// What lets a blocking test be skipped when it would find nothing.
    survivors: Survivors,
}

impl<'p> Incidence<'p> {
    fn new(problem: &'p Problem) -> Incidence<'p> {
        let order = problem.knuth_order();
        let mut header = vec![0u32; problem.item_count()];
        for (h, &i) in order.iter().enumerate() {
            header[i.index()] = h as u32 + 1;
        }
        let headers = order.len() + 1;
        let nodes = headers + problem.entry_count();
        let mut l = Incidence {
            problem,
            primaries: problem.primary_count() as u32,
            up: (0..nodes as u32).collect(),
            down: (0..nodes as u32).collect(),
            item: vec![NONE; nodes],
            color: vec![0; nodes],
            option_of: vec![0; nodes],
            start: Vec::with_capacity(problem.option_count() + 1),
            len: vec![0; headers],
            emptied: NONE,
            deleted: vec![false; problem.option_count()],
            removed_options: Vec::new(),
            removed_items: Vec::new(),
            infeasible: None,
            rounds: 0,
            fixed_point: false,
            tally: Tally::new(headers, problem.option_count()),
            marked: Vec::new(),
            watch: Watches::default(),
            survivors: Survivors::default(),
            order,
        };
        let mut x = headers as u32;
        for o in problem.options() {
            l.start.push(x);
            for e in problem.option(o) {
                let h = header[e.item.index()];
                l.item[x as usize] = h;
                l.color[x as usize] = e.color.map_or(0, |c| c.index() as u32 + 1);
                l.option_of[x as usize] = o.index() as u32;
                let last = l.up[h as usize];
                l.up[x as usize] = last;
                l.down[x as usize] = h;
                l.down[last as usize] = x;
                l.up[h as usize] = x;
                l.len[h as usize] += 1;
                x += 1;
            }
        }
        l.start.push(x);
        l.watch_witnesses();
        l.first_survivors();
        l
    }

    fn is_primary(&self, h: u32) -> bool {
        h <= self.primaries
    }

    fn item_id(&self, h: u32) -> ItemId {
        self.order[h as usize - 1]
    }

    /// The positions of `x`'s option after `x`, cyclically (DLX's order from `x + 1` round
    /// to `x - 1`), entries taken out included: a pair of ranges that borrows nothing, so
    /// the caller may change the lists as it walks (and skips `item == NONE`).
    fn others(&self, x: u32) -> std::iter::Chain<std::ops::Range<u32>, std::ops::Range<u32>> {
        let o = self.option_of[x as usize] as usize;
        let (s, e) = (self.start[o], self.start[o + 1]);
        (x + 1..e).chain(s..x)
    }

    fn unlink(&mut self, x: u32) {
        let (u, d) = (self.up[x as usize], self.down[x as usize]);
        self.down[u as usize] = d;
        self.up[d as usize] = u;
        self.len[self.item[x as usize] as usize] -= 1;
    }

    fn relink(&mut self, x: u32) {
        let (u, d) = (self.up[x as usize], self.down[x as usize]);
        self.down[u as usize] = x;
        self.up[d as usize] = x;
        self.len[self.item[x as usize] as usize] += 1;
    }

    /// Hides every option that has `c` uncoloured from the other lists, noting in
    /// `emptied` a primary item left with no option.
    ///
    /// The walks here and below follow `down` links as they go: what they unlink is in
    /// other lists (an option has an item once), so the list walked stays as it was.
    fn hide(&mut self, c: u32) {
        let mut r = self.down[c as usize];
        while r != c {
            if self.color[r as usize] == 0 {
                for x in self.others(r) {
                    let h = self.item[x as usize];
                    if h == NONE {
                        continue;
                    }
                    self.unlink(x);
                    if self.len[h as usize] == 0 && self.is_primary(h) {
                        self.emptied = h;
                    }
                }
            }
            r = self.down[r as usize];
        }
    }

    /// Undoes [`Incidence::hide`].
    fn unhide(&mut self, c: u32) {
        let mut r = self.down[c as usize];
        while r != c {
            if self.color[r as usize] == 0 {
                for x in self.others(r) {
                    if self.item[x as usize] != NONE {
                        self.relink(x);
                    }
                }
            }
            r = self.down[r as usize];
        }
    }

    fn run(&mut self, max_rounds: usize, meter: &mut StepMeter<'_>) {
        let items = self.order.len() as u32;
        for h in 1..=items {
            if self.len[h as usize] == 0 && self.note_empty(h) {
                return;
            }
        }
        while self.rounds < max_rounds {
            self.rounds += 1;
            let mut change = self.rounds == 1 && self.remove_twins();
            for c in 1..=items {
                if self.len[c as usize] == 0 {
                    continue;
                }
                if meter.stop() {
                    return;
                }
                match self.reduce_item(c) {
                    Some(changed) => change |= changed,
                    None => return, // infeasible
                }
            }
            if !change {
                self.fixed_point = true;
                return;
            }
        }
    }

    /// One step of a round: item `c` removed if forced, or the options that begin with it
    /// tested. `None` when the problem turned out infeasible; otherwise whether anything
    /// changed.
    fn reduce_item(&mut self, c: u32) -> Option<bool> {
        if self.nothing_to_test(c) {
            return Some(false);
        }
        self.emptied = NONE;
        self.hide(c);
        if self.emptied != NONE {
            self.unhide(c);
            let by = self.emptied;
            return self.remove_forced(c, by).then_some(true);
        }
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        // `blocks` restores every list it touches, so the walk can go on from `r`.
        let mut r = self.down[c as usize];
        while r != c {
            if self.color[r as usize] == 0 && self.first_survivor(r) && self.may_block(r, c) {
                if let Some(p) = self.blocks(r) {
                    marked.push((r, p));
                }
            }
            r = self.down[r as usize];
        }
        self.unhide(c);
        let mut feasible = true;
        for &(r, p) in marked.iter().rev() {
            let reason = OptionReason::Blocks(self.item_id(p));
            if !self.delete_option(r, reason, true) {
                feasible = false;
                break;
            }
        }
        let changed = !marked.is_empty();
        self.marked = marked;
        feasible.then_some(changed)
    }

    /// Whether `x` (an entry still in its option) is the first entry of its option still
    /// in it. Entries only ever leave, so the first one is kept and moved on as they do.
    fn first_survivor(&mut self, x: u32) -> bool {
        let o = self.option_of[x as usize] as usize;
        let mut f = self.watch.first_live[o];
        while self.item[f as usize] == NONE {
            f += 1;
        }
        self.watch.first_live[o] = f;
        f == x
    }

    /// Removes item `c`, forced by primary item `by`: the options with both lose `c`, the
    /// others with `c` go. False when that leaves a primary item with no option.
    fn remove_forced(&mut self, c: u32, by: u32) -> bool {
        let reason = OptionReason::ClashesWithForced {
            item: self.item_id(c),
            by: self.item_id(by),
        };
        let mut r = self.down[c as usize];
        while r != c {
            let next = self.down[r as usize];
            if self.others(r).any(|y| self.item[y as usize] == by) {
                self.item[r as usize] = NONE; // shortened: `c` leaves the option
                self.watch.live[self.option_of[r as usize] as usize] -= 1;
            } else if !self.delete_option(r, reason, false) {
                return false;
            }
            r = next;
        }
        let h = c as usize;
        (self.up[h], self.down[h], self.len[h]) = (c, c, 0);
        self.removed_items.push(RemovedItem {
            item: self.item_id(c),
            reason: ItemReason::ForcedBy(self.item_id(by)),
        });
        true
    }

    /// Deletes the option of node `r` (with `r` itself unless it is in a list being
    /// dropped whole). False when a primary item is left with no option.
    fn delete_option(&mut self, r: u32, reason: OptionReason, with_r: bool) -> bool {
        let o = self.option_of[r as usize];
        self.deleted[o as usize] = true;
        self.orphan_witnessed(o);
        self.orphan_survived(o);
        self.removed_options.push(RemovedOption {
            option: OptionId(o),
            reason,
        });
        let last = with_r.then_some(r);
        for x in self.others(r).chain(last) {
            if self.item[x as usize] == NONE {
                continue;
            }
            self.unlink(x);
            let h = self.item[x as usize];
            if self.len[h as usize] == 0 && self.note_empty(h) {
                return false;
            }
        }
        true
    }

    /// Notes an item with no option left: a secondary item is dropped; a primary one makes
    /// the problem infeasible (returns true).
    fn note_empty(&mut self, h: u32) -> bool {
        if self.is_primary(h) {
            self.infeasible = Some(h);
            return true;
        }
        self.removed_items.push(RemovedItem {
            item: self.item_id(h),
            reason: ItemReason::Unused,
        });
        false
    }

    /// DLX-PRE's test of option `r` (with its first item hidden): whether the options that
    /// clash with `r` through its other items take every option of some primary item
    /// outside `r`; returns the first such item found in DLX-PRE's order.
    ///
    /// DLX-PRE hides the clashing options and unhides them after; counting them instead
    /// leaves the lists as they are: each clashing option is met once (`seen`), and each
    /// item counts down the options it has left (`tally`, valid for this test only). The
    /// items of `r` start at a count no option can bring to zero.
    fn blocks(&mut self, r: u32) -> Option<u32> {
        let test = self.tally.next_test();
        for q in self.others(r) {
            let h = self.item[q as usize];
            if h != NONE {
                self.tally.left[h as usize] = (test, u32::MAX);
            }
        }
        for q in self.others(r) {
            let (cc, x) = (self.item[q as usize], self.color[q as usize]);
            if cc == NONE {
                continue;
            }
            let mut p = self.down[cc as usize];
            while p != cc {
                if x == 0 || self.color[p as usize] != x {
                    let o = self.option_of[p as usize] as usize;
                    if self.tally.seen[o] != test {
                        self.tally.seen[o] = test;
                        let (s, e) = (self.start[o], self.start[o + 1]);
                        for y in (p + 1..e).chain(s..p) {
                            let h = self.item[y as usize];
                            if h == NONE {
                                continue;
                            }
                            let (t, n) = &mut self.tally.left[h as usize];
                            if *t != test {
                                (*t, *n) = (test, self.len[h as usize]);
                            }
                            *n -= 1;
                            if *n == 0 && h <= self.primaries {
                                return Some(h);
                            }
                        }
                    }
                }
                p = self.down[p as usize];
            }
        }
        None
    }

    fn finish(mut self) -> Reduction {
        let p = self.problem;
        let mut b = Problem::builder();
        let mut header_to_new = vec![None; self.order.len() + 1];
        let mut removed_options = std::mem::take(&mut self.removed_options);
        let mut removed_items = std::mem::take(&mut self.removed_items);
        if let Some(h) = self.infeasible {
            let item = self.item_id(h);
            b.primary(p.item_name(item))
                .expect("a name of a valid problem");
            removed_options.extend(p.options().filter(|o| !self.deleted[o.index()]).map(
                |option| RemovedOption {
                    option,
                    reason: OptionReason::Infeasible,
                },
            ));
            let gone: Vec<ItemId> = removed_items.iter().map(|r| r.item).collect();
            removed_items.extend(
                self.order
                    .iter()
                    .filter(|&&i| i != item && !gone.contains(&i))
                    .map(|&item| RemovedItem {
                        item,
                        reason: ItemReason::Infeasible,
                    }),
            );
            return Reduction {
                problem: b.build().expect("one primary item"),
                origin: Vec::new(),
                removed_options,
                removed_items,
                rounds: self.rounds,
                fixed_point: true,
                infeasible: Some(item),
                status: Status::Complete,
                steps: 0,
            };
        }
        for (k, &item) in self.order.iter().enumerate() {
            let h = k + 1;
            if self.len[h] == 0 {
                continue;
            }
            let name = p.item_name(item);
            let id = if self.is_primary(h as u32) {
                b.primary(name)
            } else {
                b.secondary(name)
            };
            header_to_new[h] = Some(id.expect("a name of a valid problem"));
        }
        let mut origin = Vec::new();
        for o in p.options() {
            if self.deleted[o.index()] {
                continue;
            }
            let (s, e) = (self.start[o.index()], self.start[o.index() + 1]);
            let entries: Vec<Entry> = (s..e)
                .filter(|&x| self.item[x as usize] != NONE)
                .map(|x| {
                    let h = self.item[x as usize] as usize;
                    let color = match self.color[x as usize] {
                        0 => None,
                        c => Some(b.color(p.color_name(super::problem::ColorId(c - 1)))),
                    };
                    Entry {
                        item: header_to_new[h].expect("a surviving entry's item survives"),
                        color,
                    }
                })
                .collect();
            b.option_with_cost(entries, p.option_cost(o))
                .expect("a surviving option keeps a primary item, and its cost");
            origin.push(o);
        }
        Reduction {
            problem: b
                .build()
                .expect("a feasible reduction keeps a primary item"),
            origin,
            removed_options,
            removed_items,
            rounds: self.rounds,
            fixed_point: self.fixed_point,
            infeasible: None,
            status: Status::Complete,
            steps: 0,
        }
    }
}

/// What a blocking test counts, without touching the lists: per item, the test that last
/// set its count and the options it has left that do not clash; per option, the test that
/// last met it. A test's number tells its entries from stale ones, so nothing is cleared
/// between tests.
struct Tally {
    test: u32,
    left: Vec<(u32, u32)>,
    seen: Vec<u32>,
}

impl Tally {
    fn new(headers: usize, options: usize) -> Tally {
        Tally {
            test: 0,
            left: vec![(0, 0); headers],
            seen: vec![0; options],
        }
    }

    /// A number no entry holds yet (all are cleared when the numbers run out).
    fn next_test(&mut self) -> u32 {
        if self.test == u32::MAX {
            self.test = 0;
            self.left.fill((0, 0));
            self.seen.fill(0);
        }
        self.test += 1;
        self.test
    }
}

/// Twin primary items: the case where a round costs the square of the problem.
///
/// When many primary items have exactly the same options, each of their turns hides all of
/// those options only to find the item forced by a twin, and a round removes them one at a
/// time. They are found here at once by their lists and removed in one pass, all but the
/// last of each family in Knuth's order, forced by it: what the round's turns would remove,
/// the same reduced problem.
impl Incidence<'_> {
    /// Removes the twins of the first round; true when one went.
    fn remove_twins(&mut self) -> bool {
        let mut families: HashMap<Vec<u32>, Vec<u32>> = HashMap::new();
        for h in 1..=self.primaries {
            if self.len[h as usize] > 0 {
                let mut options = Vec::with_capacity(self.len[h as usize] as usize);
                let mut x = self.down[h as usize];
                while x != h {
                    options.push(self.option_of[x as usize]);
                    x = self.down[x as usize];
                }
                families.entry(options).or_default().push(h);
            }
        }
        let mut twins: Vec<(u32, u32)> = families
            .into_values()
            .filter(|members| members.len() > 1)
            .flat_map(|members| {
                let last = members[members.len() - 1];
                members[..members.len() - 1]
                    .iter()
                    .map(move |&h| (h, last))
                    .collect::<Vec<_>>()
            })
            .collect();
        twins.sort_unstable();
        for &(c, by) in &twins {
            // Every option of `c` holds `by`: `c` only leaves them.
            let mut r = self.down[c as usize];
            while r != c {
                self.item[r as usize] = NONE;
                self.watch.live[self.option_of[r as usize] as usize] -= 1;
                r = self.down[r as usize];
            }
            let h = c as usize;
            (self.up[h], self.down[h], self.len[h]) = (c, c, 0);
            self.removed_items.push(RemovedItem {
                item: self.item_id(c),
                reason: ItemReason::ForcedBy(self.item_id(by)),
            });
        }
        !twins.is_empty()
    }
}

/// The limits of [`ReduceOptions::limits`], looked at before each step.
struct StepMeter<'l> {
    limits: &'l Limits,
    steps: u64,
    status: Status,
}

impl<'l> StepMeter<'l> {
    fn new(limits: &'l Limits) -> StepMeter<'l> {
        StepMeter {
            limits,
            steps: 0,
            status: Status::Complete,
        }
    }

    /// Whether to stop before the next step (noting why); otherwise counts it.
    fn stop(&mut self) -> bool {
        let l = self.limits;
        self.status = if l.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Status::Cancelled
        } else if l.max_nodes.is_some_and(|n| self.steps >= n) {
            Status::NodeLimit
        } else if l.deadline.is_some_and(|d| Instant::now() >= d) {
            Status::TimeLimit
        } else {
            self.steps += 1;
            return false;
        };
        true
    }
}

/// Steps that can change nothing: the case where a round costs the square of the problem
/// when one option holds all items beside short ones.
///
/// A step hides its item `c` to see whether that leaves a primary item with no option, and
/// tests the options that begin with `c`. When no option begins with `c` (or each is `c`
/// alone) and every primary item keeps an option without `c`, the step finds nothing, and
/// is skipped. Each primary item watches one of its options, its witness, and is looked at
/// only when the step's item is in that witness (as SAT solvers watch literals): then another
/// witness without `c` is looked for, and the step is run in full only when none is left.
#[derive(Default)]
struct Watches {
    /// Per option: its entries still in it.
    live: Vec<u32>,
    /// Per option: no entry before this one is still in it.
    first_live: Vec<u32>,
    /// Per primary item header: its witness (an option index), or `u32::MAX` for none.
    witness: Vec<u32>,
    /// Per item header: (primary item, entry of this item in that item's witness), for each
    /// witness the item was in when the witness was chosen.
    watchers: Vec<Vec<(u32, u32)>>,
    /// Primary items whose witness was deleted.
    orphans: Vec<u32>,
}

impl Incidence<'_> {
    /// Gives every primary item its shortest option as witness.
    fn watch_witnesses(&mut self) {
        let options = self.start.len() - 1;
        self.watch.live = (0..options)
            .map(|o| self.start[o + 1] - self.start[o])
            .collect();
        self.watch.first_live = self.start[..options].to_vec();
        self.watch.witness = vec![u32::MAX; self.len.len()];
        self.watch.watchers = vec![Vec::new(); self.len.len()];
        for d in 1..=self.primaries {
            if let Some(o) = self.first_in_live_order(d) {
                self.set_witness(d, o);
            }
        }
    }

    /// The option of item `d` that comes first by `watch.live` (the first of them on a tie),
    /// where the witnesses and the survivors start.
    fn first_in_live_order(&self, d: u32) -> Option<u32> {
        let mut best: Option<u32> = None;
        let mut x = self.down[d as usize];
        while x != d {
            let o = self.option_of[x as usize];
            if best.is_none_or(|b| self.watch.live[o as usize] < self.watch.live[b as usize]) {
                best = Some(o);
            }
            x = self.down[x as usize];
        }
        best
    }

    /// Makes option `o` the witness of primary item `d`.
    fn set_witness(&mut self, d: u32, o: u32) {
        self.watch.witness[d as usize] = o;
        let (s, e) = (self.start[o as usize], self.start[o as usize + 1]);
        for x in s..e {
            let h = self.item[x as usize];
            if h != NONE && h != d {
                self.watch.watchers[h as usize].push((d, x));
            }
        }
    }

    /// Notes the items whose witness option `o` was (it is being deleted).
    fn orphan_witnessed(&mut self, o: u32) {
        let (s, e) = (self.start[o as usize], self.start[o as usize + 1]);
        for x in s..e {
            let h = self.item[x as usize];
            if h != NONE && self.is_primary(h) && self.watch.witness[h as usize] == o {
                self.watch.orphans.push(h);
            }
        }
    }

    /// Whether option `o` holds item `c` uncoloured (an entry that hiding `c` hides).
    fn holds_plain(&self, o: u32, c: u32) -> bool {
        let (s, e) = (self.start[o as usize], self.start[o as usize + 1]);
        (s..e).any(|x| self.item[x as usize] == c && self.color[x as usize] == 0)
    }

    /// Whether the step of item `c` would change nothing (see [`Watches`]).
    fn nothing_to_test(&mut self, c: u32) -> bool {
        // Options that begin with `c` and hold more: their test needs `c` hidden.
        let mut r = self.down[c as usize];
        while r != c {
            let o = self.option_of[r as usize] as usize;
            if self.color[r as usize] == 0 && self.watch.live[o] > 1 && self.first_survivor(r) {
                return false;
            }
            r = self.down[r as usize];
        }
        // Witnesses deleted since: the first option left.
        while let Some(d) = self.watch.orphans.pop() {
            let w = self.watch.witness[d as usize];
            if self.len[d as usize] > 0 && self.deleted[w as usize] {
                let first = self.option_of[self.down[d as usize] as usize];
                self.set_witness(d, first);
            }
        }
        // Primary items whose witness holds `c`: each needs another, without `c`. The list
        // is compacted in place (`kept` entries kept so far, `k` the next one read); what
        // `set_witness` adds to it meanwhile goes after its first `n` entries.
        let n = self.watch.watchers[c as usize].len();
        let (mut kept, mut k) = (0, 0);
        let mut quiet = true;
        while k < n {
            let (d, x) = self.watch.watchers[c as usize][k];
            let o = self.option_of[x as usize];
            if self.watch.witness[d as usize] != o || self.item[x as usize] != c {
                k += 1;
                continue; // stale: `d` watches another option, or `c` left this one
            }
            if self.color[x as usize] != 0 || self.len[d as usize] == 0 {
                self.watch.watchers[c as usize][kept] = (d, x);
                (kept, k) = (kept + 1, k + 1);
                continue;
            }
            let mut y = self.down[d as usize];
            let other = loop {
                if y == d {
                    break None;
                }
                let p = self.option_of[y as usize];
                if !self.holds_plain(p, c) {
                    break Some(p);
                }
                y = self.down[y as usize];
            };
            match other {
                Some(p) => {
                    self.set_witness(d, p);
                    k += 1;
                }
                None => {
                    // `d` is forced by `c`'s hiding: the full step finds it (the entries
                    // from `k` on stay).
                    quiet = false;
                    break;
                }
            }
        }
        self.watch.watchers[c as usize].drain(kept..k);
        quiet
    }
}

/// Blocking tests that would find nothing: the cost of a round that removes little.
///
/// An option `r` blocks only if every option of some primary item outside `r` clashes with
/// `r`. So each primary item keeps one of its options, its *survivor*, and is looked at only
/// when `r` clashes with its survivor (through an item of the survivor, whose list of
/// watchers holds it): then another survivor that does not clash with `r` is looked for,
/// and DLX-PRE's full test (which also says which item is blocked) runs only when some
/// item has none left. Each test's options are mostly far from most survivors, so a test
/// looks at a few items instead of every option that clashes with `r`.
#[derive(Default)]
struct Survivors {
    /// Per primary item header: its survivor (an option index), or `u32::MAX` for none.
    of: Vec<u32>,
    /// Per item header: (primary item, its survivor then), for each survivor chosen that
    /// holds the item; stale once the primary item has another survivor.
    watchers: Vec<Vec<(u32, u32)>>,
    /// Primary items whose survivor was deleted.
    orphans: Vec<u32>,
    /// Per item header: (test, how an option clashes with `r` there): the items of the
    /// option under test, valid for that test only.
    mark: Vec<(u32, u32)>,
    test: u32,
}

/// In [`Survivors::mark`]: the tested item itself, which an option clashes with unless it
/// colours it (DLX-PRE's hiding leaves those options in place).
const TESTED: u32 = u32::MAX;

impl Incidence<'_> {
    /// Gives every primary item its shortest option as survivor (the first of them), so
    /// that one long option beside short ones is watched through few items.
    fn first_survivors(&mut self) {
        let headers = self.len.len();
        self.survivors.of = vec![u32::MAX; headers];
        self.survivors.watchers = vec![Vec::new(); headers];
        self.survivors.mark = vec![(0, 0); headers];
        for h in 1..=self.primaries {
            if let Some(o) = self.first_in_live_order(h) {
                self.set_survivor(h, o);
            }
        }
    }

    /// Makes option `o` the survivor of primary item `h`.
    fn set_survivor(&mut self, h: u32, o: u32) {
        self.survivors.of[h as usize] = o;
        let (s, e) = (self.start[o as usize], self.start[o as usize + 1]);
        for x in s..e {
            let i = self.item[x as usize];
            if i != NONE && i != h {
                self.survivors.watchers[i as usize].push((h, o));
            }
        }
    }

    /// Notes the items whose survivor option `o` was (it is being deleted).
    fn orphan_survived(&mut self, o: u32) {
        let (s, e) = (self.start[o as usize], self.start[o as usize + 1]);
        for x in s..e {
            let h = self.item[x as usize];
            if h != NONE && self.is_primary(h) && self.survivors.of[h as usize] == o {
                self.survivors.orphans.push(h);
            }
        }
    }

    /// Whether option `o` clashes with the option under test (marked for `test`): it holds
    /// one of that option's items, uncoloured or in another colour (for the tested item
    /// itself: uncoloured).
    fn clashes(&self, o: u32, test: u32) -> bool {
        let (s, e) = (self.start[o as usize], self.start[o as usize + 1]);
        (s..e).any(|y| {
            let i = self.item[y as usize];
            let (t, x) = self.survivors.mark[i as usize];
            if i == NONE || t != test {
                return false;
            }
            let color = self.color[y as usize];
            if x == TESTED {
                color == 0
            } else {
                x == 0 || color != x
            }
        })
    }

    /// Gives primary item `h` (outside the option under test) an option that does not clash
    /// with it, among those still in `h`'s list; false if there is none.
    fn find_survivor(&mut self, h: u32, test: u32) -> bool {
        let mut y = self.down[h as usize];
        while y != h {
            let o = self.option_of[y as usize];
            if !self.clashes(o, test) {
                self.set_survivor(h, o);
                return true;
            }
            y = self.down[y as usize];
        }
        false
    }

    /// Whether option `r` (its first item `c` hidden) may block a primary item: false only
    /// when every primary item outside `r` keeps an option that does not clash with `r`
    /// (see [`Survivors`]).
    fn may_block(&mut self, r: u32, c: u32) -> bool {
        let sv = &mut self.survivors;
        if sv.test == u32::MAX {
            sv.test = 0;
            sv.mark.fill((0, 0));
        }
        sv.test += 1;
        let test = sv.test;
        let o = self.option_of[r as usize] as usize;
        let (s, e) = (self.start[o], self.start[o + 1]);
        for x in s..e {
            let i = self.item[x as usize];
            if i != NONE {
                let how = if i == c {
                    TESTED
                } else {
                    self.color[x as usize]
                };
                self.survivors.mark[i as usize] = (test, how);
            }
        }
        let mut blocked = false;
        // Items whose survivor went: each needs a new one (any will do for items of `r`).
        while let Some(h) = self.survivors.orphans.pop() {
            let w = self.survivors.of[h as usize];
            if self.len[h as usize] == 0 || !self.deleted[w as usize] {
                continue;
            }
            if self.survivors.mark[h as usize].0 == test || !self.find_survivor(h, test) {
                let first = self.option_of[self.down[h as usize] as usize];
                self.set_survivor(h, first);
                blocked |= self.survivors.mark[h as usize].0 != test;
            }
        }
        if blocked {
            return true;
        }
        // Items whose survivor clashes with `r`: it holds an item of `r`.
        for x in s..e {
            let i = self.item[x as usize];
            if i == NONE {
                continue;
            }
            // Compacted in place as the witnesses' lists are (`nothing_to_test`): no
            // allocation, and the list keeps its capacity for what `set_survivor` adds.
            let n = self.survivors.watchers[i as usize].len();
            let (mut kept, mut k) = (0, 0);
            while k < n {
                let (h, w) = self.survivors.watchers[i as usize][k];
                k += 1;
                if self.survivors.of[h as usize] != w || self.len[h as usize] == 0 {
                    continue; // stale: `h` has another survivor, or is gone
                }
                self.survivors.watchers[i as usize][kept] = (h, w);
                kept += 1;
                if self.survivors.mark[h as usize].0 == test || !self.clashes(w, test) {
                    continue;
                }
                if !self.find_survivor(h, test) {
                    blocked = true; // the entries from `k` on stay
                    break;
                }
            }
            self.survivors.watchers[i as usize].drain(kept..k);
            if blocked {
                return true;
            }
        }
        false
    }
}
