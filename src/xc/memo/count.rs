//! [`Count`]: an exact number of solutions, of any size.
//!
//! Memoised counting reaches numbers no enumerator could: the tilings of an 8x8 board by
//! monominoes, dominoes and trominoes number about 9.2 x 10^22, beyond 64 bits, and larger
//! boards pass 2^128. The search itself adds in `u128` with checked arithmetic (one machine
//! addition, no allocation) and, only when that overflows, counts again with this type:
//! little-endian 64-bit limbs, with just the operations counting and sampling need (add,
//! subtract, compare, a uniform random number below, decimal text). It never wraps.

use std::cmp::Ordering;
use std::fmt;

use crate::rng::Rng;

/// An exact non-negative integer: a number of solutions, however large.
///
/// ```
/// use dlxkit::xc::memo::Count;
/// let mut c = Count::from(u128::MAX);
/// c += &Count::from(1u64);
/// assert_eq!(c.to_string(), "340282366920938463463374607431768211456"); // 2^128
/// assert_eq!(c.to_u128(), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Base 2^64 digits, least significant first, with no zero at the end (zero is empty).
    limbs: Vec<u64>,
}

impl Count {
    /// Zero.
    ///
    /// ```
    /// assert!(dlxkit::xc::memo::Count::zero().is_zero());
    /// ```
    pub fn zero() -> Count {
        Count::default()
    }

    /// Whether this is zero.
    ///
    /// ```
    /// assert!(!dlxkit::xc::memo::Count::from(3u64).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value as a `u128`, when it fits.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::memo::Count::from(7u64).to_u128(), Some(7));
    /// ```
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [a] => Some(u128::from(*a)),
            [a, b] => Some(u128::from(*a) | u128::from(*b) << 64),
            _ => None,
        }
    }

    /// The value as a `u64`, when it fits.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::memo::Count::from(u128::MAX).to_u64(), None);
    /// ```
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    /// The number of bits needed to write the value (0 for zero).
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::memo::Count::from(8u64).bits(), 4);
    /// ```
    pub fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(top) => 64 * (self.limbs.len() as u64 - 1) + u64::from(64 - top.leading_zeros()),
        }
    }

    /// The value as a floating-point number (rounded; for display in scientific notation).
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::memo::Count::from(1u64 << 60).to_f64(), 2f64.powi(60));
    /// ```
    pub fn to_f64(&self) -> f64 {
        self.limbs.iter().rev().fold(0.0, |acc, &limb| {
            acc * 18_446_744_073_709_551_616.0 + limb as f64
        })
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Subtracts `other`, which must not be larger (sampling walks down with it).
    pub(crate) fn sub_assign(&mut self, other: &Count) {
        debug_assert!(*self >= *other, "Count::sub_assign would go below zero");
        let mut borrow = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(k).copied().unwrap_or(0);
            if o == 0 && !borrow && k >= other.limbs.len() {
                break;
            }
            let (d, b1) = limb.overflowing_sub(o);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        self.trim();
    }

    /// A uniformly random number in `0..self` (`self` must not be zero): random bits of the
    /// right length, drawn again when too large (fewer than two draws on average).
    pub(crate) fn random_below(&self, rng: &mut Rng) -> Count {
        assert!(!self.is_zero(), "random_below(0)");
        let bits = self.bits();
        loop {
            let mut limbs: Vec<u64> = (0..self.limbs.len()).map(|_| rng.next_u64()).collect();
            let spare = (64 * limbs.len() as u64 - bits) as u32;
            if let Some(top) = limbs.last_mut() {
                *top = top.checked_shr(spare).unwrap_or(0);
            }
            let mut candidate = Count { limbs };
            candidate.trim();
            if candidate < *self {
                return candidate;
            }
        }
    }

    /// This number times `k`.
    pub(crate) fn times(&self, k: u64) -> Count {
        let mut carry: u128 = 0;
        let mut limbs: Vec<u64> = self
            .limbs
            .iter()
            .map(|&limb| {
                let product = u128::from(limb) * u128::from(k) + carry;
                carry = product >> 64;
                product as u64
            })
            .collect();
        limbs.push(carry as u64);
        let mut product = Count { limbs };
        product.trim();
        product
    }

    /// The remainder of dividing by `divisor` (which is not zero), leaving the quotient.
    fn div_rem_small(&mut self, divisor: u64) -> u64 {
        let mut rem: u128 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = rem << 64 | u128::from(*limb);
            *limb = (cur / u128::from(divisor)) as u64;
            rem = cur % u128::from(divisor);
        }
        self.trim();
        rem as u64
    }
}

impl From<u64> for Count {
    fn from(value: u64) -> Count {
        Count::from(u128::from(value))
    }
}

impl From<u128> for Count {
    fn from(value: u128) -> Count {
        let mut c = Count {
            limbs: vec![value as u64, (value >> 64) as u64],
        };
        c.trim();
        c
    }
}

impl std::ops::AddAssign<&Count> for Count {
    fn add_assign(&mut self, other: &Count) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(k).copied().unwrap_or(0);
            if o == 0 && !carry && k >= other.limbs.len() {
                break;
            }
            let (s, c1) = limb.overflowing_add(o);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Count {
    /// The decimal digits, with no separators.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.to_u128() {
            return write!(f, "{v}");
        }
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19, the largest power in a u64
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.div_rem_small(CHUNK));
        }
        let mut chunks = chunks.into_iter().rev();
        if let Some(first) = chunks.next() {
            write!(f, "{first}")?;
        }
        for chunk in chunks {
            write!(f, "{chunk:019}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fibonacci(n: usize) -> Count {
        let (mut a, mut b) = (Count::zero(), Count::from(1u64));
        for _ in 0..n {
            let next = {
                let mut s = a.clone();
                s += &b;
                s
            };
            a = b;
            b = next;
        }
        a
    }

    #[test]
    fn sums_carry_across_limbs_and_print_in_decimal() {
        assert_eq!(fibonacci(90).to_u64(), Some(2_880_067_194_370_816_120));
        // F(200), from the published tables of Fibonacci numbers.
        assert_eq!(
            fibonacci(200).to_string(),
            "280571172992510140037611932413038677189525"
        );
        assert_eq!(Count::zero().to_string(), "0");
        let mut big = Count::from(u128::MAX);
        big += &Count::from(u128::MAX);
        assert_eq!(big.to_string(), "680564733841876926926749214863536422910");
        assert_eq!(big.bits(), 129);
    }

    #[test]
    fn subtraction_borrows_and_undoes_addition() {
        let mut x = fibonacci(300);
        let y = fibonacci(299);
        x.sub_assign(&y);
        assert_eq!(x, fibonacci(298));
        let mut z = Count::from(1u128 << 64);
        z.sub_assign(&Count::from(1u64));
        assert_eq!(z.to_u128(), Some((1u128 << 64) - 1));
        z.sub_assign(&z.clone());
        assert!(z.is_zero());
    }

    #[test]
    fn products_carry_across_limbs() {
        let f = fibonacci(150);
        let mut sum = Count::zero();
        for _ in 0..1000 {
            sum += &f;
        }
        assert_eq!(f.times(1000), sum);
        assert!(f.times(0).is_zero());
        assert_eq!(
            Count::from(u64::MAX).times(u64::MAX).to_u128(),
            Some(u128::from(u64::MAX) * u128::from(u64::MAX))
        );
    }

    #[test]
    fn comparison_is_numeric() {
        assert!(Count::from(1u128 << 64) > Count::from(u64::MAX));
        assert!(fibonacci(201) > fibonacci(200));
        assert_eq!(Count::from(5u64).cmp(&Count::from(5u128)), Ordering::Equal);
    }

    #[test]
    fn random_numbers_stay_below_the_bound_and_reach_every_value() {
        let mut rng = Rng::new(9);
        let bound = Count::from(6u64);
        let mut seen = [0u32; 6];
        for _ in 0..600 {
            let r = bound.random_below(&mut rng).to_u64().unwrap();
            seen[r as usize] += 1;
        }
        assert!(seen.iter().all(|&s| s > 60), "{seen:?}");
        let huge = fibonacci(250);
        for _ in 0..100 {
            assert!(huge.random_below(&mut rng) < huge);
        }
    }
}
