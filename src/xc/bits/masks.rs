//! The masks of the bitset engine, built once from a problem: for each option the options
//! it clashes with, for each primary item the options that contain it, and each option's
//! primary items (whose list lengths fall when the option is taken away), by option and by
//! word of options.

use std::collections::HashMap;

use super::{BitsError, MAX_ITEMS, MAX_OPTIONS};
use crate::xc::choose::SearchOrder;
use crate::xc::flip::Flip;
use crate::xc::problem::{ItemId, ItemKind, OptionId, Problem};

/// The order the masks number items and options in: Knuth's (primary items first, options
/// as given), or with a seed a random order of the primary items and of the options, drawn
/// by Knuth's generator from the seed. The links' seeded order (each item's list shuffled
/// on its own) has no bit-set form, so a seeded search on bit sets is reproducible and
/// finds the same solutions, but its tree is not the links' seeded tree: it is the links'
/// plain tree of the problem with its items and options so reordered (ties between items
/// then fall at random, and each item's options come in a random order).
#[derive(Clone, Debug)]
pub(super) struct Numbering {
    /// The items by number: the primary ones first.
    pub(super) items: Vec<ItemId>,
    /// The options by bit.
    pub(super) options: Vec<OptionId>,
}

impl Numbering {
    pub(super) fn new(problem: &Problem, seed: Option<u64>) -> Numbering {
        let mut items = problem.knuth_order();
        let mut options: Vec<OptionId> = problem.options().collect();
        if let Some(seed) = seed {
            let mut flip = Flip::new(seed);
            shuffle(&mut items[..problem.primary_count()], &mut flip);
            shuffle(&mut options, &mut flip);
        }
        Numbering { items, options }
    }

    /// Knuth's order of the items, and the options from the cheapest to the dearest of
    /// `costs` (ties in the problem's order): each item's options then come, bit by bit, in
    /// the order of DLX5's sorted lists, so the usable options at a node are the bits below
    /// one threshold.
    pub(super) fn by_cost(problem: &Problem, costs: &[u64]) -> Numbering {
        let mut options: Vec<OptionId> = problem.options().collect();
        options.sort_by_key(|o| costs[o.index()]);
        Numbering {
            items: problem.knuth_order(),
            options,
        }
    }

    /// Whether options keep their own numbers as bits.
    fn is_plain(&self) -> bool {
        self.options.iter().enumerate().all(|(k, o)| o.index() == k)
    }
}

/// Fisher and Yates's shuffle, drawn from `flip`.
fn shuffle<T>(values: &mut [T], flip: &mut Flip) {
    for k in (1..values.len()).rev() {
        // At most MAX_OPTIONS values: the bound fits the generator's 31 bits.
        let j = flip.below(k as u32 + 1) as usize;
        values.swap(k, j);
    }
}

/// The bits of one set of options: bit `o % 64` of word `o / 64` for option `o`.
pub(super) type Word = u64;

/// The masks of one problem. Items are numbered in Knuth's order (primary items first), as
/// the links number them, so that "leftmost" means the same thing.
#[derive(Clone, Debug)]
pub(super) struct Masks {
    /// Options.
    pub(super) options: usize,
    /// Words per set of options.
    pub(super) words: usize,
    /// Primary items.
    pub(super) primaries: usize,
    /// For option `r`, words `r * words..`: the options that cannot go with `r` (`r` too).
    pub(super) clash: Vec<Word>,
    /// For primary item `p`, words `p * words..`: the options that contain it.
    pub(super) holders: Vec<Word>,
    /// The most primary items in one option.
    pub(super) stride: usize,
    /// For option `r`, entries `r * stride..`: its primary items, then `primaries` (a slot
    /// no choice reads) up to the stride, so that every option's loop has the same length.
    pub(super) prims: Vec<u32>,
    /// Each option's count of primary items.
    pub(super) prim_count: Vec<u32>,
    /// For word `w` of a set of options, entries `column_start[w]..column_start[w + 1]` of
    /// `column_item` and `column_bits`: each primary item held by an option of the word,
    /// with those options' bits.
    pub(super) column_start: Vec<u32>,
    pub(super) column_item: Vec<u32>,
    pub(super) column_bits: Vec<Word>,
    /// Each primary item's list length before any choice.
    pub(super) lengths: Vec<u32>,
    /// For each primary item, whether the sharp preference puts it last when it has two
    /// options or more (empty without the preference).
    pub(super) unsharp: Vec<bool>,
    /// With a seed: the option of each bit, and the bit of each option (empty without).
    pub(super) origin: Vec<OptionId>,
    pub(super) bit: Vec<u32>,
}

impl Masks {
    pub(super) fn new(problem: &Problem, order: &SearchOrder) -> Result<Masks, BitsError> {
        Masks::numbered(problem, order, || Numbering::new(problem, order.seed))
    }

    /// The masks of `problem` with its items and options numbered by `numbering` (made
    /// once the problem's size is checked).
    pub(super) fn numbered(
        problem: &Problem,
        order: &SearchOrder,
        numbering: impl FnOnce() -> Numbering,
    ) -> Result<Masks, BitsError> {
        if problem.has_bounds() {
            return Err(BitsError::Bounds);
        }
        let (options, items) = (problem.option_count(), problem.item_count());
        if options > MAX_OPTIONS || items > MAX_ITEMS {
            return Err(BitsError::TooLarge {
                options,
                items,
                max_options: MAX_OPTIONS,
                max_items: MAX_ITEMS,
            });
        }
        let words = options.div_ceil(64).max(1);
        let numbering = numbering();
        let knuth = &numbering.items;
        let mut number = vec![0u32; items];
        for (k, &i) in knuth.iter().enumerate() {
            number[i.index()] = k as u32;
        }
        let primaries = problem.primary_count();
        // Every item's holders, and for each (secondary item, colour) the holders with
        // that colour there, which an option of the same colour leaves available.
        let mut holders = vec![0 as Word; items * words];
        let mut same: HashMap<(u32, usize), Vec<Word>> = HashMap::new();
        let mut own: Vec<Vec<u32>> = Vec::with_capacity(options);
        let mut lengths = vec![0u32; primaries];
        for (r, &o) in numbering.options.iter().enumerate() {
            let (w, bit) = (r / 64, 1 << (r % 64));
            let mut mine = Vec::new();
            for e in problem.option(o) {
                let k = number[e.item.index()];
                holders[k as usize * words + w] |= bit;
                if (k as usize) < primaries {
                    mine.push(k);
                    lengths[k as usize] += 1;
                }
                if let Some(c) = e.color {
                    same.entry((k, c.index())).or_insert_with(|| vec![0; words])[w] |= bit;
                }
            }
            own.push(mine);
        }
        let stride = own.iter().map(Vec::len).max().unwrap_or(0);
        let mut prims = vec![primaries as u32; options * stride];
        for (o, mine) in own.iter().enumerate() {
            prims[o * stride..][..mine.len()].copy_from_slice(mine);
        }
        let prim_count = own.iter().map(|mine| mine.len() as u32).collect();
        let mut clash = vec![0 as Word; options * words];
        for (r, &o) in numbering.options.iter().enumerate() {
            let row = &mut clash[r * words..][..words];
            for e in problem.option(o) {
                let k = number[e.item.index()] as usize;
                let held = &holders[k * words..][..words];
                match e.color {
                    None => row.iter_mut().zip(held).for_each(|(r, h)| *r |= h),
                    Some(c) => {
                        let kept = &same[&(k as u32, c.index())];
                        for ((r, h), s) in row.iter_mut().zip(held).zip(kept) {
                            *r |= h & !s;
                        }
                    }
                }
            }
        }
        holders.truncate(primaries * words);
        let mut column_start = Vec::with_capacity(words + 1);
        let (mut column_item, mut column_bits) = (Vec::new(), Vec::new());
        for w in 0..words {
            column_start.push(column_item.len() as u32);
            for p in 0..primaries {
                let bits = holders[p * words + w];
                if bits != 0 {
                    column_item.push(p as u32);
                    column_bits.push(bits);
                }
            }
        }
        column_start.push(column_item.len() as u32);
        let unsharp = if order.prefer_sharp {
            knuth[..primaries]
                .iter()
                .map(|&i| !problem.item_name(i).starts_with('#'))
                .collect()
        } else {
            Vec::new()
        };
        debug_assert!(knuth[..primaries]
            .iter()
            .all(|&i| problem.item_kind(i) == ItemKind::Primary));
        let (origin, bit) = match numbering.is_plain() {
            true => (Vec::new(), Vec::new()),
            false => {
                let mut bit = vec![0u32; options];
                for (r, o) in numbering.options.iter().enumerate() {
                    bit[o.index()] = r as u32;
                }
                (numbering.options.clone(), bit)
            }
        };
        Ok(Masks {
            options,
            words,
            primaries,
            clash,
            holders,
            stride,
            prims,
            prim_count,
            column_start,
            column_item,
            column_bits,
            lengths,
            unsharp,
            origin,
            bit,
        })
    }

    /// The option of bit `r`.
    #[inline]
    pub(super) fn option(&self, r: usize) -> OptionId {
        match self.origin.get(r) {
            Some(&o) => o,
            None => OptionId::new(r),
        }
    }

    /// The bit of `option`.
    pub(super) fn bit(&self, option: OptionId) -> usize {
        match self.bit.get(option.index()) {
            Some(&r) => r as usize,
            None => option.index(),
        }
    }

    /// The options that clash with option `r`.
    #[inline]
    pub(super) fn clash(&self, r: usize) -> &[Word] {
        &self.clash[r * self.words..][..self.words]
    }

    /// The options that contain primary item `p`.
    #[inline]
    pub(super) fn holders(&self, p: usize) -> &[Word] {
        &self.holders[p * self.words..][..self.words]
    }

    /// The primary items of option `r`, padded to the stride with `primaries`.
    #[inline]
    pub(super) fn padded_prims(&self, r: usize) -> &[u32] {
        &self.prims[r * self.stride..][..self.stride]
    }

    /// The primary items of option `r`.
    #[inline]
    pub(super) fn prims(&self, r: usize) -> &[u32] {
        &self.padded_prims(r)[..self.prim_count[r] as usize]
    }

    /// The primary items held by options of word `w`, with those options' bits.
    #[inline]
    pub(super) fn column(&self, w: usize) -> (&[u32], &[Word]) {
        let range = self.column_start[w] as usize..self.column_start[w + 1] as usize;
        (&self.column_item[range.clone()], &self.column_bits[range])
    }
}
