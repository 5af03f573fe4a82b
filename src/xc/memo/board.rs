//! The board the memoised search plays on: the problem as flat arrays, its states as
//! fixed-width keys, and the counters that give Knuth's item choice.
//!
//! A *state* is what is left to do after some choices: which items are still uncovered and,
//! for a secondary item that can carry a colour, the colour it has been given. Its key is a
//! bitset of the uncovered items (one bit per item, primary and secondary, in the problem's
//! item order), followed by one small field per colourable secondary item (0: no colour, c + 1:
//! colour c). Two different sequences of choices that reach the same key leave the same
//! subproblem, which is what makes memoisation exact.
//!
//! As in Knuth's DLX6, a secondary item that no live option names any more (it is
//! *exhausted*) is dropped from the key: its bit is cleared and its colour forgotten, as if it
//! had been covered. No option can use it either way, so the keys of two states that differ
//! only there are the same subproblem, and it is solved once ([`Counters::drop_exhausted`]).
//!
//! The search chooses, as Knuth's Algorithm X does, the uncovered primary item with the
//! fewest live options, the leftmost on ties. An option is *live* when every item it names is
//! still uncovered, or, for a coloured entry, already has that entry's colour. Rather than
//! dancing links, each option keeps a count of the reasons it is dead, and each primary item
//! the number of its live options; choosing an option adds one reason to every option that
//! shares an item with it (or clashes on a colour), and un-choosing it takes them away again.
//! The updates commute, so undoing needs no trail, and a state found in the cache needs no
//! update at all: its key is computed from its parent's by clearing a few bits.

use super::ItemChoice;
use crate::xc::{ItemKind, Problem};

/// The bits of `item` in a bitset: its word and its mask.
#[inline]
fn bit(item: u32) -> (usize, u64) {
    ((item / 64) as usize, 1u64 << (item % 64))
}

/// One entry of an option: its item and its colour (0 for none, c + 1 for colour c).
#[derive(Clone, Copy, Debug)]
struct Entry {
    item: u32,
    color: u32,
}

/// A primary item's bounds (Knuth's multiplicities) and where its count sits in a key.
#[derive(Clone, Copy, Debug)]
struct Bound {
    /// The fewest times it must be covered.
    lo: u32,
    /// The most times it may be covered.
    hi: u32,
    /// Its count field, or `u32::MAX` when `hi` is 1 (the uncovered bit says everything).
    field: u32,
}

/// The option of the pseudo-branch that closes a bounded item: it takes no more options.
pub(crate) const CLOSE: u32 = u32::MAX;

/// The problem as the memoised search reads it.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Words of the uncovered-items bitset.
    words: usize,
    /// Words of a whole key (bitset and colour fields).
    key_words: usize,
    /// The primary items, as a bitset.
    primary_mask: Vec<u64>,
    /// The secondary items that some option names, as a bitset.
    secondary_mask: Vec<u64>,
    /// The secondary items that some option colours.
    coloured: Vec<u32>,
    /// Per option, where its entries start in `entries` (one more at the end).
    option_start: Vec<u32>,
    /// The entries of each option, its primary items first.
    entries: Vec<Entry>,
    /// Per option, how many primary items it covers (its first entries).
    option_primaries: Vec<u32>,
    /// Per item, where its options start in `item_options` (one more at the end).
    item_start: Vec<u32>,
    /// The options of each item in the problem's option order, with the entry's colour.
    item_options: Vec<Listed>,
    /// Per item, its colour field, or `u32::MAX` for an item never coloured.
    color_field: Vec<u32>,
    /// Bits per colour field.
    field_bits: u32,
    primary_items: u32,
    /// Per item, its bounds (`1..=1` for a plain primary item; unused for a secondary one).
    bounds: Vec<Bound>,
    /// Whether some primary item has bounds other than `1..=1`: then keys carry counts and
    /// a progress word, and the search may close items.
    bounded: bool,
    /// The first word of the count fields.
    count_start: usize,
    /// Bits per count field.
    count_bits: u32,
}

impl Board {
    pub(crate) fn new(problem: &Problem) -> Board {
        let n = problem.item_count();
        let words = n.div_ceil(64).max(1);
        let mut primary_mask = vec![0u64; words];
        let mut secondary_mask = vec![0u64; words];
        for item in problem.items() {
            let (w, m) = bit(item.index() as u32);
            if problem.item_kind(item) == ItemKind::Primary {
                primary_mask[w] |= m;
            } else {
                secondary_mask[w] |= m;
            }
        }
        let mut option_start = Vec::with_capacity(problem.option_count() + 1);
        let mut entries = Vec::with_capacity(problem.entry_count());
        let mut option_primaries = Vec::with_capacity(problem.option_count());
        let mut color_field = vec![u32::MAX; n];
        let mut fields = 0u32;
        let mut per_item = vec![0u32; n + 1];
        for option in problem.options() {
            option_start.push(entries.len() as u32);
            let mut primaries = 0;
            // Primary items first: the live counts only follow those.
            let (first, second): (Vec<&crate::xc::Entry>, Vec<_>) = problem
                .option(option)
                .iter()
                .partition(|e| problem.item_kind(e.item) == ItemKind::Primary);
            for e in first.into_iter().chain(second) {
                let item = e.item.index() as u32;
                let color = e.color.map_or(0, |c| c.index() as u32 + 1);
                if color != 0 && color_field[item as usize] == u32::MAX {
                    color_field[item as usize] = fields;
                    fields += 1;
                }
                primaries += u32::from(problem.item_kind(e.item) == ItemKind::Primary);
                per_item[item as usize + 1] += 1;
                entries.push(Entry { item, color });
            }
            option_primaries.push(primaries);
        }
        option_start.push(entries.len() as u32);
        for k in 1..=n {
            per_item[k] += per_item[k - 1];
        }
        let item_start = per_item.clone();
        let mut fill = per_item;
        let mut item_options = vec![
            Listed {
                option: 0,
                color: 0
            };
            entries.len()
        ];
        for o in 0..option_start.len() - 1 {
            for e in &entries[option_start[o] as usize..option_start[o + 1] as usize] {
                let at = &mut fill[e.item as usize];
                item_options[*at as usize] = Listed {
                    option: o as u32,
                    color: e.color,
                };
                *at += 1;
            }
        }
        let field_bits = if fields == 0 {
            0
        } else {
            u32::BITS - (problem.color_count() as u32).leading_zeros()
        };
        let per_word = 64u32.checked_div(field_bits).unwrap_or(1);
        let count_start = words + (fields as usize).div_ceil(per_word as usize);
        let mut bounds = vec![
            Bound {
                lo: 1,
                hi: 1,
                field: u32::MAX
            };
            n
        ];
        let mut counted = 0u32;
        let mut widest = 1u32;
        for item in problem.items() {
            let range = problem.item_bounds(item);
            let (lo, hi) = (*range.start(), *range.end());
            let b = &mut bounds[item.index()];
            (b.lo, b.hi) = (lo, hi);
            if problem.item_kind(item) == ItemKind::Primary && hi > 1 {
                b.field = counted;
                counted += 1;
                widest = widest.max(hi);
            }
        }
        let bounded = problem.has_bounds();
        let count_bits = u32::BITS - widest.leading_zeros();
        let per_count_word = (64 / count_bits) as usize;
        let key_words = if bounded {
            // The counts, then one word naming the item in progress and its next option.
            count_start + (counted as usize).div_ceil(per_count_word) + 1
        } else {
            count_start
        };
        let coloured = (0..n as u32)
            .filter(|&i| color_field[i as usize] != u32::MAX)
            .collect();
        Board {
            words,
            key_words,
            primary_mask,
            secondary_mask,
            coloured,
            option_start,
            entries,
            option_primaries,
            item_start,
            item_options,
            color_field,
            field_bits,
            primary_items: problem.primary_count() as u32,
            bounds,
            bounded,
            count_start,
            count_bits,
        }
    }

    /// Whether the problem has item bounds (see [`Board::take_in_key`]).
    #[inline]
    pub(crate) fn is_bounded(&self) -> bool {
        self.bounded
    }

    /// The word and shift of a count field.
    #[inline]
    fn count_place(&self, field: u32) -> (usize, u32) {
        let per_word = 64 / self.count_bits;
        (
            self.count_start + (field / per_word) as usize,
            (field % per_word) * self.count_bits,
        )
    }

    /// How many options of the state `key` cover `item` so far (0 once it is closed).
    #[inline]
    pub(crate) fn count_in(&self, key: &[u64], item: u32) -> u32 {
        let field = self.bounds[item as usize].field;
        if field == u32::MAX {
            return 0;
        }
        let (w, shift) = self.count_place(field);
        ((key[w] >> shift) & ((1 << self.count_bits) - 1)) as u32
    }

    fn set_count(&self, key: &mut [u64], item: u32, count: u32) {
        let (w, shift) = self.count_place(self.bounds[item as usize].field);
        let mask = ((1u64 << self.count_bits) - 1) << shift;
        key[w] = key[w] & !mask | u64::from(count) << shift;
    }

    /// How many more options an open `item` needs in the state `key` (its lower bound less
    /// its count; 1 for a plain primary item).
    #[inline]
    pub(crate) fn need(&self, key: &[u64], item: u32) -> u32 {
        self.bounds[item as usize]
            .lo
            .saturating_sub(self.count_in(key, item))
    }

    /// Whether an open `item` may be closed in the state `key` (its lower bound is met).
    #[inline]
    pub(crate) fn may_close(&self, key: &[u64], item: u32) -> bool {
        self.need(key, item) == 0
    }

    /// Whether `item` is still uncovered (open) in `key`.
    #[inline]
    pub(crate) fn is_open(&self, key: &[u64], item: u32) -> bool {
        let (w, m) = bit(item);
        key[w] & m != 0
    }

    /// The item in progress in a key of a bounded problem and the first index of its option
    /// list still allowed, if the state is one where that item is being given its options.
    #[inline]
    pub(crate) fn progress(&self, key: &[u64]) -> Option<(u32, usize)> {
        let word = key[self.key_words - 1];
        (self.bounded && word != 0).then(|| ((word >> 32) as u32 - 1, word as u32 as usize))
    }

    /// Rewrites `key` (a state of a bounded problem where option `o`, at `index` in the list
    /// of the item `branch` being given its options, is live) as the state after choosing it,
    /// and returns how many primary items that closed. Each primary item's count goes up; an
    /// item that reaches its upper bound is closed (bit cleared, count zeroed, so that equal
    /// subproblems have equal keys). If `branch` stays open, the new state is "`branch` in
    /// progress, options from `index + 1` on": the options before are either chosen or
    /// passed over, so that each set of options is reached once.
    pub(crate) fn take_in_key(&self, o: u32, branch: u32, index: usize, key: &mut [u64]) -> u32 {
        let mut closed = 0;
        for e in self.primary_entries(o) {
            let b = self.bounds[e.item as usize];
            let now = self.count_in(key, e.item) + 1;
            if now >= b.hi {
                let (w, m) = bit(e.item);
                key[w] &= !m;
                if b.field != u32::MAX {
                    self.set_count(key, e.item, 0);
                }
                closed += 1;
            } else {
                self.set_count(key, e.item, now);
            }
        }
        for e in &self.entries(o)[self.option_primaries[o as usize] as usize..] {
            let (w, m) = bit(e.item);
            key[w] &= !m;
            if e.color != 0 {
                let (w, shift) = self.field_place(self.color_field[e.item as usize]);
                key[w] |= u64::from(e.color) << shift;
            }
        }
        let last = self.key_words - 1;
        key[last] = if self.is_open(key, branch) {
            u64::from(branch + 1) << 32 | (index as u64 + 1)
        } else {
            0
        };
        closed
    }

    /// Rewrites `key` as the state after closing the open `item` (it takes no more options).
    pub(crate) fn close_in_key(&self, item: u32, key: &mut [u64]) {
        let (w, m) = bit(item);
        key[w] &= !m;
        if self.bounds[item as usize].field != u32::MAX {
            self.set_count(key, item, 0);
        }
        let last = self.key_words - 1;
        key[last] = 0;
    }

    /// Words per key.
    /// The first uncovered primary item of the state `key`.
    pub(crate) fn first_primary(&self, key: &[u64]) -> Option<u32> {
        key.iter()
            .zip(&self.primary_mask)
            .map(|(&k, &p)| k & p)
            .enumerate()
            .find(|&(_, bits)| bits != 0)
            .map(|(w, bits)| (w * 64) as u32 + bits.trailing_zeros())
    }

    pub(crate) fn key_words(&self) -> usize {
        self.key_words
    }

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.option_primaries.len()
    }

    /// The number of primary items.
    pub(crate) fn primary_items(&self) -> u32 {
        self.primary_items
    }

    /// How many primary items option `o` covers.
    #[inline]
    pub(crate) fn primaries_of(&self, o: u32) -> u32 {
        self.option_primaries[o as usize]
    }

    /// The key of the whole problem: every item uncovered, no colour given.
    pub(crate) fn initial_key(&self, items: usize) -> Vec<u64> {
        let mut key = vec![0u64; self.key_words];
        for i in 0..items as u32 {
            let (w, m) = bit(i);
            key[w] |= m;
        }
        key
    }

    fn entries(&self, o: u32) -> &[Entry] {
        &self.entries
            [self.option_start[o as usize] as usize..self.option_start[o as usize + 1] as usize]
    }

    /// The primary items of option `o`.
    #[inline]
    fn primary_entries(&self, o: u32) -> &[Entry] {
        let start = self.option_start[o as usize] as usize;
        &self.entries[start..start + self.option_primaries[o as usize] as usize]
    }

    /// The entries of option `o` whose items' live options are counted: all of them with
    /// `secondary`, else its primary items.
    #[inline]
    fn counted_entries(&self, o: u32, secondary: bool) -> &[Entry] {
        if secondary {
            self.entries(o)
        } else {
            self.primary_entries(o)
        }
    }

    /// The options of `item`, in the problem's order.
    #[inline]
    pub(crate) fn options_of(&self, item: u32) -> &[Listed] {
        &self.item_options
            [self.item_start[item as usize] as usize..self.item_start[item as usize + 1] as usize]
    }

    /// The word and shift of an item's colour field.
    fn field_place(&self, field: u32) -> (usize, u32) {
        let per_word = 64 / self.field_bits;
        (
            self.words + (field / per_word) as usize,
            (field % per_word) * self.field_bits,
        )
    }

    /// Rewrites `key` (a state where option `o` is live) as the state after choosing `o`.
    #[inline]
    pub(crate) fn choose_in_key(&self, o: u32, key: &mut [u64]) {
        for e in self.entries(o) {
            let (w, m) = bit(e.item);
            key[w] &= !m;
            if e.color != 0 {
                let (w, shift) = self.field_place(self.color_field[e.item as usize]);
                key[w] |= u64::from(e.color) << shift;
            }
        }
    }
}

/// An option in an item's list, with the colour that option gives the item (0 for none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Listed {
    pub(crate) option: u32,
    color: u32,
}

/// The counters that follow the search down one path: dead reasons per option, live
/// options per item (per secondary item too when the problem has some, to find the
/// exhausted ones).
#[derive(Clone, Debug)]
pub(crate) struct Counters {
    dead: Vec<u32>,
    live: Vec<u32>,
    /// Whether `live` follows the secondary items too (see [`Counters::drop_exhausted`]).
    secondary: bool,
    /// With [`ItemChoice::FirstUncounted`], no counters but each option's items as a bitset
    /// (`words` per option): an option is live when all of them are uncovered.
    masks: Option<Vec<u64>>,
    words: usize,
}

impl Counters {
    /// The counters of the whole problem (no option dead) for the search by `choice`.
    pub(crate) fn new(board: &Board, problem: &Problem, choice: ItemChoice) -> Counters {
        let uncounted = choice == ItemChoice::FirstUncounted
            && !board.bounded
            && board.color_field.iter().all(|&f| f == u32::MAX);
        if uncounted {
            let words = board.words;
            let mut masks = vec![0u64; board.option_count() * words];
            for o in 0..board.option_count() as u32 {
                for e in board.entries(o) {
                    let (w, m) = bit(e.item);
                    masks[o as usize * words + w] |= m;
                }
            }
            return Counters {
                dead: Vec::new(),
                live: Vec::new(),
                secondary: false,
                masks: Some(masks),
                words,
            };
        }
        let secondary = board.secondary_mask.iter().any(|&m| m != 0);
        let mut live = vec![0u32; problem.item_count()];
        for o in 0..board.option_count() as u32 {
            for e in board.counted_entries(o, secondary) {
                live[e.item as usize] += 1;
            }
        }
        Counters {
            dead: vec![0; board.option_count()],
            live,
            secondary,
            masks: None,
            words: 0,
        }
    }

    /// Whether [`Counters::drop_exhausted`] may change a key (the live options of secondary
    /// items are counted, and there are some).
    #[inline]
    pub(crate) fn drops_exhausted(&self) -> bool {
        self.secondary
    }

    /// Drops from `key` (the state the counters describe) the secondary items no live option
    /// names: DLX6's canonical signature, so that states differing only in items nothing can
    /// use any more are one state. Options live before are live after, and dead ones dead.
    pub(crate) fn drop_exhausted(&self, board: &Board, key: &mut [u64]) {
        if !self.secondary {
            return;
        }
        for (w, &s) in board.secondary_mask.iter().enumerate() {
            let mut bits = key[w] & s;
            while bits != 0 {
                let item = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                if self.live[item as usize] == 0 {
                    key[w] &= !(1u64 << (item % 64));
                }
            }
        }
        for &item in &board.coloured {
            if self.live[item as usize] == 0 {
                let (w, shift) = board.field_place(board.color_field[item as usize]);
                key[w] &= !(((1u64 << board.field_bits) - 1) << shift);
            }
        }
    }

    /// Whether option `o` is live in the state `key` (which the counters describe).
    #[inline]
    pub(crate) fn is_live(&self, o: u32, key: &[u64]) -> bool {
        match &self.masks {
            None => self.dead[o as usize] == 0,
            Some(masks) => {
                let mask = &masks[o as usize * self.words..][..self.words];
                mask.iter().zip(key).all(|(&m, &k)| m & !k == 0)
            }
        }
    }

    /// Chooses option `o` (live in the state `before`, whose key is given), or with `UNDO`
    /// takes that choice back (with the same `before`).
    #[inline]
    pub(crate) fn choose<const UNDO: bool>(&mut self, board: &Board, o: u32, before: &[u64]) {
        if self.masks.is_some() {
            return; // nothing is counted
        }
        if board.bounded {
            return self.choose_bounded::<UNDO>(board, o, before);
        }
        for e in board.entries(o) {
            let (w, m) = bit(e.item);
            if e.color != 0 && before[w] & m == 0 {
                continue; // the item already has this colour: nothing changes
            }
            for other in board.options_of(e.item) {
                if e.color != 0 && other.color == e.color {
                    continue; // agrees on the colour: stays live
                }
                self.touch::<UNDO>(board, other.option);
            }
        }
    }

    /// [`Counters::choose`] on a bounded problem: a primary item's other options die only
    /// when the choice fills it to its upper bound, and the chosen option itself is dead
    /// from then on (it is in the solution).
    fn choose_bounded<const UNDO: bool>(&mut self, board: &Board, o: u32, before: &[u64]) {
        let mut self_dead = false;
        for (k, e) in board.entries(o).iter().enumerate() {
            let primary = k < board.option_primaries[o as usize] as usize;
            if primary {
                if board.count_in(before, e.item) + 1 < board.bounds[e.item as usize].hi {
                    continue; // room left: its other options stay live
                }
                self_dead = true;
            } else {
                let (w, m) = bit(e.item);
                if e.color != 0 && before[w] & m == 0 {
                    continue;
                }
                self_dead |= e.color == 0;
            }
            for other in board.options_of(e.item) {
                if e.color != 0 && other.color == e.color {
                    continue;
                }
                self.touch::<UNDO>(board, other.option);
            }
        }
        if !self_dead {
            self.touch::<UNDO>(board, o);
        }
    }

    /// Closes the open `item` (its options die), or with `UNDO` opens it again.
    pub(crate) fn close<const UNDO: bool>(&mut self, board: &Board, item: u32) {
        if self.masks.is_some() {
            return;
        }
        for other in board.options_of(item) {
            self.touch::<UNDO>(board, other.option);
        }
    }

    #[inline]
    fn touch<const UNDO: bool>(&mut self, board: &Board, o: u32) {
        let dead = &mut self.dead[o as usize];
        if UNDO {
            *dead -= 1;
            if *dead == 0 {
                for e in board.counted_entries(o, self.secondary) {
                    self.live[e.item as usize] += 1;
                }
            }
        } else {
            *dead += 1;
            if *dead == 1 {
                for e in board.counted_entries(o, self.secondary) {
                    self.live[e.item as usize] -= 1;
                }
            }
        }
    }

    /// The item to branch on in the state `key`, with its number of live options (`None`
    /// when every primary item is covered).
    #[inline]
    pub(crate) fn choose_item(
        &self,
        board: &Board,
        key: &[u64],
        choice: ItemChoice,
    ) -> Option<(u32, u32)> {
        if self.masks.is_some() {
            // Not counted: the first uncovered item, not known to be dead (score 1).
            return board.first_primary(key).map(|item| (item, 1));
        }
        if board.bounded {
            return self.choose_bounded_item(board, key, choice);
        }
        match choice {
            ItemChoice::FewestOptions => self.fewest_options(board, key),
            ItemChoice::First | ItemChoice::FirstUncounted => self.first_uncovered(board, key),
        }
    }

    /// The item to branch on in a bounded problem, with its score θ = live + 1 − need
    /// (Knuth's Algorithm M: the number of ways to go on, so 0 or less is a dead end; for a
    /// plain item θ is its number of live options). With [`ItemChoice::FewestOptions`] the
    /// least θ, the leftmost on ties; with [`ItemChoice::First`] the first open item unless
    /// some item has θ ≤ 1.
    fn choose_bounded_item(
        &self,
        board: &Board,
        key: &[u64],
        choice: ItemChoice,
    ) -> Option<(u32, u32)> {
        let mut best: Option<(u32, i64)> = None;
        let mut first: Option<(u32, i64)> = None;
        for (w, (&k, &p)) in key.iter().zip(&board.primary_mask).enumerate() {
            let mut bits = k & p;
            while bits != 0 {
                let item = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let theta =
                    i64::from(self.live[item as usize]) + 1 - i64::from(board.need(key, item));
                if theta <= 0 {
                    return Some((item, 0));
                }
                first = first.or(Some((item, theta)));
                if best.is_none_or(|(_, b)| theta < b) {
                    best = Some((item, theta));
                }
            }
        }
        let pick = match choice {
            ItemChoice::First | ItemChoice::FirstUncounted if best.is_some_and(|(_, b)| b > 1) => {
                first
            }
            _ => best,
        };
        pick.map(|(item, theta)| (item, theta.min(i64::from(u32::MAX)) as u32))
    }

    /// The first uncovered primary item, unless a later one has one live option or none.
    fn first_uncovered(&self, board: &Board, key: &[u64]) -> Option<(u32, u32)> {
        let mut first = None;
        for (w, (&k, &p)) in key.iter().zip(&board.primary_mask).enumerate() {
            let mut bits = k & p;
            while bits != 0 {
                let item = (w * 64) as u32 + bits.trailing_zeros();
                let live = self.live[item as usize];
                if live <= 1 {
                    return Some((item, live));
                }
                first = first.or(Some((item, live)));
                bits &= bits - 1;
            }
        }
        first
    }

    /// Knuth's choice: the uncovered primary item with the fewest live options, the leftmost
    /// on ties.
    fn fewest_options(&self, board: &Board, key: &[u64]) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for (w, (&k, &p)) in key.iter().zip(&board.primary_mask).enumerate() {
            let mut bits = k & p;
            while bits != 0 {
                let item = (w * 64) as u32 + bits.trailing_zeros();
                let live = self.live[item as usize];
                if best.is_none_or(|(_, b)| live < b) {
                    best = Some((item, live));
                    if live == 0 {
                        return best;
                    }
                }
                bits &= bits - 1;
            }
        }
        best
    }
}
