//! The memory of the memoised search: a hash table of subproblems under a memory budget.
//!
//! [`IndexTable`] is an open-addressing hash set of 32-bit indices whose keys live elsewhere
//! (linear probing, at most half full, each slot holding the index and 32 bits of the key's
//! hash so that most mismatches are rejected without touching the key). Two tables use it:
//! the [`Cache`] of solved subproblems, whose keys (fixed-width bitsets) sit in one flat
//! array beside their values, and the ZDD's unique table, whose keys are its nodes.
//!
//! Every allocation goes through a [`MemoryCap`]: a table or an array grows only if the bytes
//! it would hold, counting the old and the new buffer side by side while one is copied into
//! the other, stay under the limit. The cache then simply stops taking new entries (the
//! search stays exact, it only solves some subproblems more than once); the ZDD, which must
//! keep every node, reports that it needs more memory.
//!
//! A parallel count shares one cache between its threads: [`Shards`], where the high bits of
//! a key's hash pick one of 2^k shards, each its own `Cache` behind its own lock. (Private
//! caches per thread were measured too: each thread then solves almost every state again.)
//! Results are identical to one thread's either way, because a key alone determines its
//! subproblem.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::OnFull;

/// Hashes a key of 64-bit words (a multiply-rotate mix per word, then a final avalanche so
/// that the low bits, which pick the slot, depend on every bit of the key).
pub(crate) fn hash_words(words: &[u64]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    for &w in words {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}

/// A memory limit shared by everything the memoised search allocates, with the peak.
///
/// Its counters are atomic so that the workers of a parallel count draw on one budget (the
/// limit is for the whole run, not per thread); a buffer grows only rarely, so the atomic
/// operations cost nothing that shows.
#[derive(Debug)]
pub(crate) struct MemoryCap {
    limit: usize,
    used: AtomicUsize,
    peak: AtomicUsize,
    /// Told when the cache first turns an entry away.
    note: Option<OnFull>,
}

impl MemoryCap {
    pub(crate) fn new(limit: usize) -> MemoryCap {
        MemoryCap {
            limit,
            used: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            note: None,
        }
    }

    /// The same budget, telling `note` when the cache first turns an entry away.
    pub(crate) fn with_note(mut self, note: Option<OnFull>) -> MemoryCap {
        self.note = note;
        self
    }

    /// The cache turned an entry away: from now on some subproblems are solved again.
    fn refused(&self) {
        if let Some(note) = &self.note {
            note.full(self.limit);
        }
    }

    /// Asks to replace a buffer of `old` bytes by one of `new` bytes (both exist while the
    /// contents are copied). Records the change and returns `true` if it fits.
    pub(crate) fn regrow(&self, old: usize, new: usize) -> bool {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let during = used.saturating_add(new);
            if during > self.limit {
                return false;
            }
            match self.used.compare_exchange_weak(
                used,
                used - old + new,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    self.peak.fetch_max(during, Ordering::Relaxed);
                    return true;
                }
                Err(now) => used = now,
            }
        }
    }

    /// The most bytes held at once so far.
    pub(crate) fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }
}

/// The capacity an array of `len` elements grows to: half as much again, at least 1,024.
fn next_capacity(len: usize) -> usize {
    (len + len / 2).max(1024)
}

/// Grows `v` so it can take one more element, if the budget allows.
pub(crate) fn reserve_one<T>(v: &mut Vec<T>, budget: &MemoryCap) -> bool {
    if v.len() < v.capacity() {
        return true;
    }
    let size = std::mem::size_of::<T>();
    let new_cap = next_capacity(v.capacity());
    if !budget.regrow(v.capacity() * size, new_cap * size) {
        return false;
    }
    v.reserve_exact(new_cap - v.len());
    true
}

/// Stack bytes the search may hold before the budget is asked: a shallow search runs under
/// any limit, and only a deep or wide one (a million levels of a wide key) meets it.
const FREE_STACK: usize = 1 << 20;

/// Grows a stack of the search so it can take `extra` more elements, if the budget allows
/// what it holds past [`FREE_STACK`].
pub(crate) fn reserve_stack<T>(v: &mut Vec<T>, extra: usize, budget: &MemoryCap) -> bool {
    if v.len() + extra <= v.capacity() {
        return true;
    }
    let size = std::mem::size_of::<T>().max(1);
    let new_cap = next_capacity(v.capacity()).max(v.len() + extra);
    let old = (v.capacity() * size).saturating_sub(FREE_STACK);
    let new = new_cap.saturating_mul(size).saturating_sub(FREE_STACK);
    if new > 0 && !budget.regrow(old, new) {
        return false;
    }
    v.reserve_exact(new_cap - v.len());
    true
}

/// An open-addressing hash set of indices (below 2^32 - 1) whose keys are kept by the caller.
#[derive(Clone, Debug, Default)]
pub(crate) struct IndexTable {
    /// 0 for an empty slot, else the key's hash (high 32 bits) and index + 1 (low 32 bits).
    slots: Vec<u64>,
    len: usize,
}

impl IndexTable {
    /// The index whose key `is` accepts, among those stored with this hash.
    #[inline]
    pub(crate) fn find(&self, hash: u64, mut is: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut pos = hash as usize & mask;
        loop {
            let slot = self.slots[pos];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag && is((slot as u32) - 1) {
                return Some((slot as u32) - 1);
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Makes room for one more index (doubling, and re-placing every index by the hash
    /// `hash_of` gives it), if the budget allows.
    pub(crate) fn reserve_one(&mut self, budget: &MemoryCap, hash_of: impl Fn(u32) -> u64) -> bool {
        if (self.len + 1) * 2 <= self.slots.len() {
            return true;
        }
        let new_len = (self.slots.len() * 2).max(1024);
        if self.len >= u32::MAX as usize - 1 || !budget.regrow(self.bytes(), new_len * 8) {
            return false;
        }
        let old = std::mem::replace(&mut self.slots, vec![0; new_len]);
        self.len = 0;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let index = (slot as u32) - 1;
            self.insert(hash_of(index), index);
        }
        true
    }

    /// Stores `index` under `hash` (after [`IndexTable::reserve_one`] said yes).
    pub(crate) fn insert(&mut self, hash: u64, index: u32) {
        let mask = self.slots.len() - 1;
        let mut pos = hash as usize & mask;
        while self.slots[pos] != 0 {
            pos = (pos + 1) & mask;
        }
        self.slots[pos] = (hash >> 32) << 32 | u64::from(index + 1);
        self.len += 1;
    }

    /// The bytes of its slots.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }
}

/// Solved subproblems: keys (`width` words each, back to back) and their values.
#[derive(Clone, Debug)]
pub(crate) struct Cache<V> {
    width: usize,
    keys: Vec<u64>,
    values: Vec<V>,
    index: IndexTable,
    /// Entries the budget refused.
    pub(crate) refused: u64,
}

impl<V> Cache<V> {
    pub(crate) fn new(width: usize) -> Cache<V> {
        Cache {
            width,
            keys: Vec::new(),
            values: Vec::new(),
            index: IndexTable::default(),
            refused: 0,
        }
    }

    /// The value stored for `key` (whose hash is `hash`).
    #[inline]
    pub(crate) fn get(&self, key: &[u64], hash: u64) -> Option<&V> {
        let w = self.width;
        self.index
            .find(hash, |i| {
                let at = i as usize * w;
                self.keys[at..at + w] == *key
            })
            .map(|i| &self.values[i as usize])
    }

    /// Stores a value for a key not yet in the cache; refuses (and counts it) when the budget
    /// is spent.
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, value: V, budget: &MemoryCap) {
        let w = self.width;
        let keys = &self.keys;
        let room = self.values.len() < u32::MAX as usize - 1
            && self
                .index
                .reserve_one(budget, |i| hash_words(&keys[i as usize * w..][..w]))
            && reserve_one(&mut self.values, budget)
            && reserve_words(&mut self.keys, w, budget);
        if !room {
            self.refused += 1;
            budget.refused();
            return;
        }
        let index = self.values.len() as u32;
        self.keys.extend_from_slice(key);
        self.values.push(value);
        self.index.insert(hash, index);
    }

    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }
}

/// Where the search remembers solved subproblems: one thread's [`Cache`], or the [`Shards`]
/// the workers of a parallel count share.
pub(crate) trait Memory<V> {
    /// Applies `f` to the value stored for `key` (whose hash is `hash`), if there is one.
    fn lookup<R>(&self, key: &[u64], hash: u64, f: impl FnOnce(&V) -> R) -> Option<R>;

    /// Stores the value of a solved subproblem (or refuses it when the budget is spent).
    fn remember(&mut self, key: &[u64], hash: u64, value: V, budget: &MemoryCap);
}

impl<V> Memory<V> for Cache<V> {
    #[inline]
    fn lookup<R>(&self, key: &[u64], hash: u64, f: impl FnOnce(&V) -> R) -> Option<R> {
        self.get(key, hash).map(f)
    }

    #[inline]
    fn remember(&mut self, key: &[u64], hash: u64, value: V, budget: &MemoryCap) {
        self.insert(key, hash, value, budget);
    }
}

/// A cache split into shards, each behind its own lock, shared by the workers of a parallel
/// count: the top bits of a key's hash pick its shard (the low bits pick its slot within
/// the shard), so two workers seldom want the same lock.
#[derive(Debug)]
pub(crate) struct Shards<V> {
    shards: Vec<Mutex<Cache<V>>>,
    /// log2 of the number of shards.
    bits: u32,
}

impl<V> Shards<V> {
    /// `2^bits` empty shards for keys of `width` words.
    pub(crate) fn new(width: usize, bits: u32) -> Shards<V> {
        Shards {
            shards: (0..1usize << bits)
                .map(|_| Mutex::new(Cache::new(width)))
                .collect(),
            bits,
        }
    }

    #[inline]
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, Cache<V>> {
        let k = hash.checked_shr(64 - self.bits).unwrap_or(0) as usize;
        // A worker that panicked holding a lock left its shard whole (an insert either
        // finished or did not start), and the panic reaches the caller anyway.
        self.shards[k]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Entries in every shard, and entries refused.
    pub(crate) fn totals(&self) -> (u64, u64) {
        self.shards.iter().fold((0, 0), |(len, refused), s| {
            let s = s.lock().unwrap_or_else(PoisonError::into_inner);
            (len + s.len() as u64, refused + s.refused)
        })
    }
}

impl<V> Memory<V> for &Shards<V> {
    #[inline]
    fn lookup<R>(&self, key: &[u64], hash: u64, f: impl FnOnce(&V) -> R) -> Option<R> {
        self.shard(hash).get(key, hash).map(f)
    }

    fn remember(&mut self, key: &[u64], hash: u64, value: V, budget: &MemoryCap) {
        let mut shard = self.shard(hash);
        // Two workers may solve one subproblem at once; the second finds it stored.
        if shard.get(key, hash).is_none() {
            shard.insert(key, hash, value, budget);
        }
    }
}

/// Grows a flat array of keys so it can take `width` more words, if the budget allows.
fn reserve_words(v: &mut Vec<u64>, width: usize, budget: &MemoryCap) -> bool {
    if v.len() + width <= v.capacity() {
        return true;
    }
    let new_cap = next_capacity(v.capacity()).max(v.len() + width);
    if !budget.regrow(v.capacity() * 8, new_cap * 8) {
        return false;
    }
    v.reserve_exact(new_cap - v.len());
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_finds_what_it_stored_and_nothing_else() {
        let budget = MemoryCap::new(usize::MAX);
        let mut cache = Cache::new(2);
        for k in 0..5_000u64 {
            let key = [k, k * 7];
            cache.insert(&key, hash_words(&key), k, &budget);
        }
        assert_eq!(cache.len(), 5_000);
        for k in 0..5_000u64 {
            let key = [k, k * 7];
            assert_eq!(cache.get(&key, hash_words(&key)), Some(&k));
            let other = [k, k * 7 + 1];
            assert_eq!(cache.get(&other, hash_words(&other)), None);
        }
        assert!(budget.peak() > 5_000 * (16 + 8));
    }

    #[test]
    fn a_spent_budget_refuses_entries_instead_of_growing() {
        let budget = MemoryCap::new(64 * 1024);
        let mut cache = Cache::new(1);
        for k in 0..100_000u64 {
            cache.insert(&[k], hash_words(&[k]), k, &budget);
        }
        assert!(cache.len() < 100_000);
        assert_eq!(cache.refused as usize, 100_000 - cache.len());
        assert!(budget.peak() <= 64 * 1024);
        let kept = (0..100_000u64)
            .filter(|&k| cache.get(&[k], hash_words(&[k])) == Some(&k))
            .count();
        assert_eq!(kept, cache.len());
    }
}
