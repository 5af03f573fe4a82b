//! Sets of cells (or of any small numbers) as words of bits, bit `x % 64` of word `x / 64`:
//! what aligned exclusion keeps its excluders in and the forcing chains' static graph reads
//! a digit's peers from, a word at a time.

/// The bits set in a word, lowest first (a bit scan, not a loop over all 64 bits).
pub(super) fn bits_of(word: u64) -> impl Iterator<Item = usize> {
    let mut rest = word;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

/// The members of the set `set`, in increasing order.
pub(super) fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter()
        .enumerate()
        .flat_map(|(w, &word)| bits_of(word).map(move |i| 64 * w + i))
}

/// Whether the set `set` holds `x`.
pub(super) fn has(set: &[u64], x: usize) -> bool {
    set[x / 64] >> (x % 64) & 1 == 1
}

/// Puts `x` in the set `set`.
pub(super) fn insert(set: &mut [u64], x: usize) {
    set[x / 64] |= 1 << (x % 64);
}

/// Takes `x` out of the set `set`.
pub(super) fn remove(set: &mut [u64], x: usize) {
    set[x / 64] &= !(1 << (x % 64));
}

/// The size of the set `set`.
pub(super) fn count(set: &[u64]) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_the_bits_set_across_words() {
        let mut set = vec![0u64; 3];
        let xs = [0, 5, 63, 64, 100, 191];
        for &x in &xs {
            insert(&mut set, x);
        }
        assert_eq!(members(&set).collect::<Vec<_>>(), xs);
        assert_eq!(count(&set), 6);
        assert!(has(&set, 100) && !has(&set, 101));
        remove(&mut set, 100);
        assert!(!has(&set, 100) && count(&set) == 5);
        assert_eq!(bits_of(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
    }
}
