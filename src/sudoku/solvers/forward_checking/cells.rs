//! A set of up to 128 cells held as one 128-bit vector, for the digit boards of the search.
//!
//! A `u128` would do the same work, but the compiler keeps it in two general registers: a
//! state of nine boards then no longer fits in registers and spills to the stack on every
//! level. As one vector the boards stay in the vector registers and each operation covers both
//! halves at once. On x86-64 the set wraps the SSE2 vector type (SSE2 is part of every
//! x86-64 processor, so its operations are safe to call); elsewhere it is two words, which the
//! compiler may vectorise itself.

/// A set of cells: bit `c % 64` of word `c / 64` for cell `c`.
#[derive(Clone, Copy)]
pub(super) struct Cells(Repr);

// SAFETY (every `unsafe` block of this module): the blocks call SSE2 intrinsics on values,
// with no pointer; they are `unsafe` only because they need the `sse2` target feature, which
// every x86-64 target has (it is part of the x86-64 baseline, and the `cfg` below keeps this
// module to x86-64).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod repr {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_cmpeq_epi8,
        _mm_cvtsi128_si64, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi32, _mm_set_epi64x,
        _mm_setzero_si128, _mm_unpackhi_epi64,
    };

    pub(super) type Repr = __m128i;

    #[inline]
    pub(super) fn from_words(w: [u64; 2]) -> Repr {
        unsafe { _mm_set_epi64x(w[1] as i64, w[0] as i64) }
    }

    #[inline]
    pub(super) fn words(x: Repr) -> [u64; 2] {
        unsafe {
            [
                _mm_cvtsi128_si64(x) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) as u64,
            ]
        }
    }

    #[inline]
    pub(super) fn empty() -> Repr {
        unsafe { _mm_setzero_si128() }
    }

    /// Every bit when `a == b`, else none (one vector comparison when `b` is a constant).
    #[inline]
    pub(super) fn all_if_equal(a: u32, b: u32) -> Repr {
        unsafe { _mm_cmpeq_epi32(_mm_set1_epi32(a as i32), _mm_set1_epi32(b as i32)) }
    }

    #[inline]
    pub(super) fn is_empty(x: Repr) -> bool {
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) == 0xffff }
    }

    #[inline]
    pub(super) fn and(a: Repr, b: Repr) -> Repr {
        unsafe { _mm_and_si128(a, b) }
    }

    #[inline]
    pub(super) fn or(a: Repr, b: Repr) -> Repr {
        unsafe { _mm_or_si128(a, b) }
    }

    /// `a` without the cells of `b`.
    #[inline]
    pub(super) fn minus(a: Repr, b: Repr) -> Repr {
        unsafe { _mm_andnot_si128(b, a) }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod repr {
    pub(super) type Repr = [u64; 2];

    #[inline]
    pub(super) fn from_words(w: [u64; 2]) -> Repr {
        w
    }

    #[inline]
    pub(super) fn words(x: Repr) -> [u64; 2] {
        x
    }

    #[inline]
    pub(super) fn empty() -> Repr {
        [0; 2]
    }

    /// Every bit when `a == b`, else none.
    #[inline]
    pub(super) fn all_if_equal(a: u32, b: u32) -> Repr {
        let m = u64::from(a == b).wrapping_neg();
        [m, m]
    }

    #[inline]
    pub(super) fn is_empty(x: Repr) -> bool {
        x[0] | x[1] == 0
    }

    #[inline]
    pub(super) fn and(a: Repr, b: Repr) -> Repr {
        [a[0] & b[0], a[1] & b[1]]
    }

    #[inline]
    pub(super) fn or(a: Repr, b: Repr) -> Repr {
        [a[0] | b[0], a[1] | b[1]]
    }

    /// `a` without the cells of `b`.
    #[inline]
    pub(super) fn minus(a: Repr, b: Repr) -> Repr {
        [a[0] & !b[0], a[1] & !b[1]]
    }
}

use repr::Repr;

impl Cells {
    /// The empty set.
    #[inline]
    pub(super) fn empty() -> Cells {
        Cells(repr::empty())
    }

    /// The set whose words are `w` (cells `0..64`, then `64..128`).
    #[inline]
    pub(super) fn from_words(w: [u64; 2]) -> Cells {
        Cells(repr::from_words(w))
    }

    /// Every cell when `a == b`, else none: a selection without a branch.
    #[inline]
    pub(super) fn all_if_equal(a: u32, b: u32) -> Cells {
        Cells(repr::all_if_equal(a, b))
    }

    /// The set's words (cells `0..64`, then `64..128`).
    #[inline]
    pub(super) fn words(self) -> [u64; 2] {
        repr::words(self.0)
    }

    /// The one-cell set of `cell` (below 128).
    #[inline]
    pub(super) fn bit(cell: usize) -> Cells {
        let bit = 1 << (cell & 63);
        let high = (cell >> 6 & 1) as u64;
        Cells::from_words([bit & high.wrapping_sub(1), bit & high.wrapping_neg()])
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub(super) fn holds(self, cell: usize) -> bool {
        let [lo, hi] = self.words();
        let word = if cell & 64 == 0 { lo } else { hi };
        (word >> (cell & 63)) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub(super) fn is_empty(self) -> bool {
        repr::is_empty(self.0)
    }

    /// The set without the cells of `other`.
    #[inline]
    pub(super) fn minus(self, other: Cells) -> Cells {
        Cells(repr::minus(self.0, other.0))
    }

    /// The cells of the set, lowest first.
    #[inline]
    pub(super) fn each(self, mut f: impl FnMut(usize)) {
        let [lo, hi] = self.words();
        for (base, mut w) in [(0, lo), (64, hi)] {
            while w != 0 {
                f(base + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
}

impl Default for Cells {
    fn default() -> Cells {
        Cells::empty()
    }
}

impl PartialEq for Cells {
    fn eq(&self, other: &Cells) -> bool {
        self.words() == other.words()
    }
}

impl Eq for Cells {}

impl std::fmt::Debug for Cells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [lo, hi] = self.words();
        write!(f, "Cells({hi:#018x}_{lo:016x})")
    }
}

impl std::ops::BitAnd for Cells {
    type Output = Cells;
    #[inline]
    fn bitand(self, o: Cells) -> Cells {
        Cells(repr::and(self.0, o.0))
    }
}

impl std::ops::BitOr for Cells {
    type Output = Cells;
    #[inline]
    fn bitor(self, o: Cells) -> Cells {
        Cells(repr::or(self.0, o.0))
    }
}

impl std::ops::BitAndAssign for Cells {
    #[inline]
    fn bitand_assign(&mut self, o: Cells) {
        *self = *self & o;
    }
}

impl std::ops::BitOrAssign for Cells {
    #[inline]
    fn bitor_assign(&mut self, o: Cells) {
        *self = *self | o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_their_cells_in_both_halves() {
        let s = Cells::bit(3) | Cells::bit(64) | Cells::bit(127);
        let mut seen = Vec::new();
        s.each(|c| seen.push(c));
        assert_eq!(seen, [3, 64, 127]);
        assert!(s.holds(64) && !s.holds(0) && !s.holds(65));
        assert_eq!(s.words(), [1 << 3, 1 | 1 << 63]);
        assert_eq!(s.minus(Cells::bit(64)), Cells::bit(3) | Cells::bit(127));
        assert_eq!(s & Cells::bit(3), Cells::bit(3));
        assert!((s & Cells::bit(4)).is_empty() && !s.is_empty());
        assert_eq!(Cells::from_words(s.words()), s);
        assert_eq!(Cells::all_if_equal(3, 3).words(), [u64::MAX; 2]);
        assert!(Cells::all_if_equal(3, 4).is_empty());
    }
}
