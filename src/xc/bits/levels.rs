//! The three ways the bitset engine keeps its levels, all giving the links' item choice.
//!
//! [`ByLengths`] keeps each primary item's list length per level and lowers the lengths of
//! the options a choice takes away: a word of options with few bits taken is visited
//! option by option, a word with many at once through the items it holds (one popcount per
//! item), whichever is fewer steps. [`ByCounts`] keeps no lengths at all: the choice counts
//! each uncovered item's available options as popcounts of a few fixed words, which is
//! cheaper when items times words is small (queens), since a level is then only its words.
//! [`ByLiveWords`] counts afresh too, over any number of words, but only over the words
//! with an option still available (the live words): deep in a search most words are empty,
//! so the count costs the uncovered items times a few words, where lowering lengths costs a
//! chain of dependent decrements per option taken away (pentominoes, BENCHMARKS.md).

use super::masks::{Masks, Word};
use crate::xc::choose::{first_minimum, UNSHARP};

/// The length of a covered primary item: above any real length, so the choice skips it.
const COVERED: i32 = 1 << 30;

/// A word's options are taken away through its items (a popcount each) rather than one by
/// one (a decrement per primary item) when the items are fewer than this many times the
/// decrements.
const COLUMN_RATIO: usize = 4;

/// The levels of a search: the state on entering each, and the moves between them.
pub(super) trait Levels {
    /// Whether option `r` is available at level 0.
    fn available(&self, r: usize) -> bool;
    /// Chooses option `r` at level 0 once and for all (a forced option).
    fn force(&mut self, m: &Masks, r: usize);
    /// Whether every primary item is covered on entering `level`.
    fn done(&self, level: usize) -> bool;
    /// The links' item choice at `level`, and that item's list length.
    fn choose(&self, m: &Masks, level: usize) -> (usize, u32);
    /// The first option of primary item `p` at or after `from` available at `level`.
    fn next_option(&self, m: &Masks, level: usize, p: usize, from: usize) -> Option<usize>;
    /// Makes level `level + 1` the state of `level` with option `r` chosen.
    fn descend(&mut self, m: &Masks, level: usize, r: usize);
    /// The options available on entering `level`.
    fn avail(&self, m: &Masks, level: usize) -> &[Word];
}

/// Levels as the available options and the primary items' list lengths.
#[derive(Clone, Debug)]
pub(super) struct ByLengths {
    /// Per level, `words` words: the options still available on entering it.
    avail: Vec<Word>,
    /// Per level, one length per primary item (`COVERED` once covered) and a last slot that
    /// takes the padding's decrements.
    lens: Vec<i32>,
    /// Per level: the primary items not yet covered.
    left: Vec<u32>,
}

impl ByLengths {
    pub(super) fn new(m: &Masks) -> ByLengths {
        let mut lens: Vec<i32> = m.lengths.iter().map(|&l| l as i32).collect();
        lens.push(0);
        ByLengths {
            avail: all_options(m.options, m.words),
            lens,
            left: vec![m.primaries as u32],
        }
    }
}

impl ByLengths {
    /// Makes level 0 the state before any choice again, keeping the levels' memory (a batch
    /// of Sudoku puzzles unforces and forces givens on one solver).
    pub(super) fn reset(&mut self, m: &Masks) {
        self.avail[..m.words].copy_from_slice(&all_options(m.options, m.words));
        for (l, &k) in self.lens.iter_mut().zip(&m.lengths) {
            *l = k as i32;
        }
        self.lens[m.primaries] = 0;
        self.left[0] = m.primaries as u32;
    }
}

/// The set of every option, in `words` words.
fn all_options(options: usize, words: usize) -> Vec<Word> {
    let mut avail = vec![0 as Word; words];
    for o in 0..options {
        avail[o / 64] |= 1 << (o % 64);
    }
    avail
}

impl Levels for ByLengths {
    fn available(&self, r: usize) -> bool {
        self.avail[r / 64] & (1 << (r % 64)) != 0
    }

    fn force(&mut self, m: &Masks, r: usize) {
        let slots = m.primaries + 1;
        apply(m, &mut self.avail[..m.words], &mut self.lens[..slots], r);
        self.left[0] -= m.prims(r).len() as u32;
    }

    #[inline]
    fn done(&self, level: usize) -> bool {
        self.left[level] == 0
    }

    #[inline]
    fn choose(&self, m: &Masks, level: usize) -> (usize, u32) {
        let slots = m.primaries + 1;
        let lens = &self.lens[level * slots..][..m.primaries];
        let p = if m.unsharp.is_empty() {
            first_minimum(lens, 0).expect("an uncovered primary item is left")
        } else {
            let keys = lens.iter().map(|&l| (l < COVERED).then_some(i64::from(l)));
            sharp_choice(keys, &m.unsharp)
        };
        (p, lens[p] as u32)
    }

    #[inline]
    fn next_option(&self, m: &Masks, level: usize, p: usize, from: usize) -> Option<usize> {
        next_option(
            &self.avail[level * m.words..][..m.words],
            m.holders(p),
            from,
        )
    }

    #[inline]
    fn descend(&mut self, m: &Masks, level: usize, r: usize) {
        let (words, slots) = (m.words, m.primaries + 1);
        let next = level + 1;
        if self.left.len() == next {
            self.left.push(0);
            self.avail.resize((next + 1) * words, 0);
            self.lens.resize((next + 1) * slots, 0);
        }
        self.avail
            .copy_within(level * words..next * words, next * words);
        self.lens
            .copy_within(level * slots..next * slots, next * slots);
        self.left[next] = self.left[level] - m.prims(r).len() as u32;
        apply(
            m,
            &mut self.avail[next * words..][..words],
            &mut self.lens[next * slots..][..slots],
            r,
        );
    }

    #[inline]
    fn avail(&self, m: &Masks, level: usize) -> &[Word] {
        &self.avail[level * m.words..][..m.words]
    }
}

/// Chooses option `r` in the state (`avail`, `lens`): the options it clashes with go, their
/// primary items' lengths fall, and its own primary items are covered.
#[inline]
fn apply(m: &Masks, avail: &mut [Word], lens: &mut [i32], r: usize) {
    // The loop over an option's primary items, unrolled for the common strides.
    match m.stride {
        1 => apply_fixed::<1>(m, avail, lens, r),
        2 => apply_fixed::<2>(m, avail, lens, r),
        3 => apply_fixed::<3>(m, avail, lens, r),
        4 => apply_fixed::<4>(m, avail, lens, r),
        5 => apply_fixed::<5>(m, avail, lens, r),
        6 => apply_fixed::<6>(m, avail, lens, r),
        7 => apply_fixed::<7>(m, avail, lens, r),
        8 => apply_fixed::<8>(m, avail, lens, r),
        _ => apply_fixed::<0>(m, avail, lens, r),
    }
}

/// [`apply`] for options of `S` primary items at most (any number when `S` is 0).
#[inline]
fn apply_fixed<const S: usize>(m: &Masks, avail: &mut [Word], lens: &mut [i32], r: usize) {
    let stride = if S == 0 { m.stride } else { S };
    for (w, (a, &c)) in avail.iter_mut().zip(m.clash(r)).enumerate() {
        let gone = *a & c;
        if gone == 0 {
            continue;
        }
        *a ^= gone;
        let (items, bits) = m.column(w);
        if items.len() * COLUMN_RATIO < gone.count_ones() as usize * stride {
            for (&p, &b) in items.iter().zip(bits) {
                lens[p as usize] -= (gone & b).count_ones() as i32;
            }
        } else {
            let mut gone = gone;
            while gone != 0 {
                let o = w * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if S == 0 {
                    for &p in m.padded_prims(o) {
                        lens[p as usize] -= 1;
                    }
                } else {
                    let prims: &[u32; S] = m.prims[o * S..][..S].try_into().expect("S items");
                    for &p in prims {
                        lens[p as usize] -= 1;
                    }
                }
            }
        }
    }
    for &p in m.prims(r) {
        lens[p as usize] = COVERED;
    }
}

/// The first option at or after `from` in both `avail` and `holders`.
#[inline]
pub(super) fn next_option(avail: &[Word], holders: &[Word], from: usize) -> Option<usize> {
    let mut w = from / 64;
    if w >= avail.len() {
        return None;
    }
    let mut bits = avail[w] & holders[w] & (!0 << (from % 64));
    loop {
        if bits != 0 {
            return Some(w * 64 + bits.trailing_zeros() as usize);
        }
        w += 1;
        if w == avail.len() {
            return None;
        }
        bits = avail[w] & holders[w];
    }
}

/// Knuth's choice with the sharp preference over the lengths of the uncovered items (`None`
/// for a covered one): the smallest, the leftmost on ties, items not named `#...` counting
/// as longer unless they have at most one option.
fn sharp_choice(keys: impl Iterator<Item = Option<i64>>, unsharp: &[bool]) -> usize {
    let (mut best, mut least) = (0, i64::MAX);
    for (k, key) in keys.enumerate() {
        let Some(mut key) = key else { continue };
        if key > 1 && unsharp[k] {
            key += UNSHARP;
        }
        if key < least {
            (best, least) = (k, key);
            if key == 0 {
                break;
            }
        }
    }
    best
}

/// Knuth's choice among the uncovered primary items `left` (one bit each), `count` giving an
/// item's options: the item with the fewest, the leftmost on ties, and how many it has.
///
/// The smallest key `count * 128 + item` is kept without a branch on the comparison, and
/// the search stops at an item with none (nothing can be smaller). The items are taken
/// from the two 64-bit halves of `left` in turn rather than from the `u128` itself: a half
/// is one register, its lowest bit one instruction to find and to clear, where the `u128`
/// took two registers and six instructions to find, and in the ten kinds of levels' search
/// loops the compiler spilled it to the stack on every item (BENCHMARKS.md, "The bit sets'
/// search loop back").
#[inline(always)]
fn least_count(left: u128, mut count: impl FnMut(usize) -> u32) -> (usize, u32) {
    let mut least = u32::MAX;
    for (base, half) in [(0, left as u64), (64, (left >> 64) as u64)] {
        let mut bits = half;
        while bits != 0 {
            let p = base + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            least = least.min(count(p) << 7 | p as u32);
            if least < 1 << 7 {
                return ((least & 127) as usize, least >> 7);
            }
        }
    }
    ((least & 127) as usize, least >> 7)
}

/// The most primary items [`ByCounts`] and [`ByLiveWords`] take (one `u128` of them per
/// level).
pub(super) const COUNTS_MAX_PRIMARIES: usize = 128;

/// Levels as the available options (`W` words, fixed at compile time) and the uncovered
/// primary items (one bit each); the lengths are counted when choosing.
#[derive(Clone, Debug)]
pub(super) struct ByCounts<const W: usize> {
    /// Per option: the options it clashes with.
    clash: Vec<[Word; W]>,
    /// Per primary item: the options that hold it (a whole table, so that an item taken
    /// from the bits of a `u128` needs no bounds check).
    holders: Box<[[Word; W]; COUNTS_MAX_PRIMARIES]>,
    /// Per option: its primary items.
    covers: Vec<u128>,
    /// Per level (as many as primary items, and one): the available options.
    avail: Vec<[Word; W]>,
    /// Per level: the uncovered primary items.
    uncovered: Vec<u128>,
}

impl<const W: usize> ByCounts<W> {
    /// The levels of `m`, which has at most `W` words and [`COUNTS_MAX_PRIMARIES`] primary
    /// items.
    pub(super) fn new(m: &Masks) -> ByCounts<W> {
        assert!(m.words <= W && m.primaries <= COUNTS_MAX_PRIMARIES);
        let fixed = |words: &[Word]| {
            let mut f = [0; W];
            f[..words.len()].copy_from_slice(words);
            f
        };
        let clash = (0..m.options).map(|r| fixed(m.clash(r))).collect();
        let mut holders = Box::new([[0; W]; COUNTS_MAX_PRIMARIES]);
        for (p, h) in holders.iter_mut().enumerate().take(m.primaries) {
            *h = fixed(m.holders(p));
        }
        let covers = (0..m.options)
            .map(|r| m.prims(r).iter().fold(0u128, |c, &p| c | 1 << p))
            .collect();
        let levels = m.primaries + 1;
        let mut avail = vec![[0; W]; levels];
        avail[0] = fixed(&all_options(m.options, m.words));
        let mut uncovered = vec![0; levels];
        uncovered[0] = (0..m.primaries).fold(0u128, |u, p| u | 1 << p);
        ByCounts {
            clash,
            holders,
            covers,
            avail,
            uncovered,
        }
    }

    /// The options of primary item `p` in `avail`.
    #[inline(always)]
    fn count(&self, a: &[Word; W], p: usize) -> u32 {
        let h = &self.holders[p % COUNTS_MAX_PRIMARIES];
        (0..W).map(|w| (a[w] & h[w]).count_ones()).sum()
    }
}

impl<const W: usize> Levels for ByCounts<W> {
    fn available(&self, r: usize) -> bool {
        self.avail[0][r / 64] & (1 << (r % 64)) != 0
    }

    fn force(&mut self, _m: &Masks, r: usize) {
        let c = self.clash[r];
        self.avail[0].iter_mut().zip(c).for_each(|(a, c)| *a &= !c);
        self.uncovered[0] &= !self.covers[r];
    }

    #[inline]
    fn done(&self, level: usize) -> bool {
        self.uncovered[level] == 0
    }

    #[inline(always)]
    fn choose(&self, m: &Masks, level: usize) -> (usize, u32) {
        let left = self.uncovered[level];
        let a = &self.avail[level];
        if !m.unsharp.is_empty() {
            let keys =
                (0..m.primaries).map(|p| (left >> p & 1 != 0).then(|| i64::from(self.count(a, p))));
            let p = sharp_choice(keys, &m.unsharp);
            return (p, self.count(a, p));
        }
        least_count(left, |p| self.count(a, p))
    }

    #[inline]
    fn next_option(&self, _m: &Masks, level: usize, p: usize, from: usize) -> Option<usize> {
        next_option(&self.avail[level], &self.holders[p], from)
    }

    #[inline]
    fn descend(&mut self, _m: &Masks, level: usize, r: usize) {
        let (a, c) = (self.avail[level], &self.clash[r]);
        self.avail[level + 1] = std::array::from_fn(|w| a[w] & !c[w]);
        self.uncovered[level + 1] = self.uncovered[level] & !self.covers[r];
    }

    #[inline]
    fn avail(&self, m: &Masks, level: usize) -> &[Word] {
        &self.avail[level][..m.words]
    }
}

/// Levels as the available options, the indexes of their words that are not empty (the
/// live words) and the uncovered primary items; the lengths are counted when choosing, over
/// the live words only.
#[derive(Clone, Debug)]
pub(super) struct ByLiveWords {
    words: usize,
    /// Per option: its primary items.
    covers: Vec<u128>,
    /// Per level (as many as primary items, and one), `words` words: the available options.
    avail: Vec<Word>,
    /// Per level, `words` slots: the indexes of the live words in increasing order, then
    /// slots no one reads.
    live: Vec<u8>,
    /// Per level: how many words are live.
    live_count: Vec<u32>,
    /// Per level: the uncovered primary items.
    uncovered: Vec<u128>,
}

impl ByLiveWords {
    /// The levels of `m`, which has at most [`COUNTS_MAX_PRIMARIES`] primary items (and at
    /// most [`MAX_OPTIONS`](super::MAX_OPTIONS) options: a word's index fits a byte).
    pub(super) fn new(m: &Masks) -> ByLiveWords {
        assert!(m.primaries <= COUNTS_MAX_PRIMARIES && m.words <= 256);
        let levels = m.primaries + 1;
        let mut avail = vec![0; levels * m.words];
        avail[..m.words].copy_from_slice(&all_options(m.options, m.words));
        let mut state = ByLiveWords {
            words: m.words,
            covers: (0..m.options)
                .map(|r| m.prims(r).iter().fold(0u128, |c, &p| c | 1 << p))
                .collect(),
            avail,
            live: vec![0; levels * m.words],
            live_count: vec![0; levels],
            uncovered: vec![0; levels],
        };
        state.uncovered[0] = (0..m.primaries).fold(0u128, |u, p| u | 1 << p);
        state.find_live(0);
        state
    }

    /// Lists the live words of `level` afresh.
    fn find_live(&mut self, level: usize) {
        let words = self.words;
        let avail = &self.avail[level * words..][..words];
        let live = &mut self.live[level * words..][..words];
        let mut n = 0;
        for (w, &a) in avail.iter().enumerate() {
            if a != 0 {
                live[n] = w as u8;
                n += 1;
            }
        }
        self.live_count[level] = n as u32;
    }

    /// The options of primary item `p` in `avail`, whose live words are `live`.
    #[inline(always)]
    fn count(m: &Masks, avail: &[Word], live: &[u8], p: usize) -> u32 {
        let h = m.holders(p);
        live.iter()
            .map(|&w| (avail[usize::from(w)] & h[usize::from(w)]).count_ones())
            .sum()
    }
}

impl Levels for ByLiveWords {
    fn available(&self, r: usize) -> bool {
        self.avail[r / 64] & (1 << (r % 64)) != 0
    }

    fn force(&mut self, m: &Masks, r: usize) {
        let avail = &mut self.avail[..self.words];
        avail.iter_mut().zip(m.clash(r)).for_each(|(a, c)| *a &= !c);
        self.uncovered[0] &= !self.covers[r];
        self.find_live(0);
    }

    #[inline]
    fn done(&self, level: usize) -> bool {
        self.uncovered[level] == 0
    }

    #[inline]
    fn choose(&self, m: &Masks, level: usize) -> (usize, u32) {
        let words = self.words;
        let a = &self.avail[level * words..][..words];
        let live = &self.live[level * words..][..self.live_count[level] as usize];
        let left = self.uncovered[level];
        if !m.unsharp.is_empty() {
            let keys = (0..m.primaries)
                .map(|p| (left >> p & 1 != 0).then(|| i64::from(Self::count(m, a, live, p))));
            let p = sharp_choice(keys, &m.unsharp);
            return (p, Self::count(m, a, live, p));
        }
        least_count(left, |p| Self::count(m, a, live, p))
    }

    #[inline]
    fn next_option(&self, m: &Masks, level: usize, p: usize, from: usize) -> Option<usize> {
        next_option(self.avail(m, level), m.holders(p), from)
    }

    #[inline]
    fn descend(&mut self, m: &Masks, level: usize, r: usize) {
        let (words, next) = (self.words, level + 1);
        let (above, below) = self.avail.split_at_mut(next * words);
        let (a, b) = (&above[level * words..], &mut below[..words]);
        b.iter_mut()
            .zip(a)
            .zip(m.clash(r))
            .for_each(|((b, a), c)| *b = a & !c);
        // The live words of the next level are among this one's.
        let (above, below) = self.live.split_at_mut(next * words);
        let live = &above[level * words..][..self.live_count[level] as usize];
        let out = &mut below[..words];
        let mut n = 0;
        for &w in live {
            out[n] = w;
            n += usize::from(b[usize::from(w)] != 0);
        }
        self.live_count[next] = n as u32;
        self.uncovered[next] = self.uncovered[level] & !self.covers[r];
    }

    #[inline]
    fn avail(&self, m: &Masks, level: usize) -> &[Word] {
        &self.avail[level * m.words..][..m.words]
    }
}
