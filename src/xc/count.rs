//! [`Count`]: an exact number of solutions, of any size: the one count type of the toolkit.
//!
//! Memoised counting reaches numbers no enumerator could: the tilings of an 8x8 board by
//! monominoes, dominoes and trominoes number about 9.2 x 10^22, beyond 64 bits, and larger
//! boards pass 2^128; shards merged from many machines add up past 2^64 too. A `Count` holds
//! a `u128` in place while the value fits (adding two of them is one machine addition, and
//! a list of a million shard subtotals allocates nothing) and base 2^64 limbs beyond that.
//! It never wraps: every operation is exact.
//!
//! Text is plain decimal digits both ways ([`FromStr`], [`Display`](fmt::Display)). In JSON
//! (the `serde` feature) a count that fits in 64 bits is a number, and a larger one a
//! string of its digits, since many JSON readers (JavaScript's among them) round numbers past
//! 2^53 or 2^64; reading accepts both, and refuses a number that the JSON reader could only
//! have rounded.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::rng::Rng;

/// The most decimal digits [`Count::from_str`] reads (some 33,000 bits: far beyond any count
/// a search can reach), so a hostile input cannot make parsing slow or large.
pub const MAX_DIGITS: usize = 10_000;

/// An exact non-negative integer: a number of solutions, however large.
///
/// ```
/// use dlxkit::xc::Count;
/// let mut c = Count::from(u128::MAX);
/// c += &Count::from(1u64);
/// assert_eq!(c.to_string(), "340282366920938463463374607431768211456"); // 2^128
/// assert_eq!(c.to_u128(), None);
/// assert_eq!("340282366920938463463374607431768211456".parse::<Count>()?, c);
/// # Ok::<(), dlxkit::xc::ParseCountError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Count(Repr);

/// The value in place while it fits in 128 bits, else its limbs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Small(u128),
    /// Base 2^64 digits, least significant first: more than two, the last not zero (a value
    /// that fits in 128 bits is always `Small`, so equal values have equal representations).
    Big(Vec<u64>),
}

impl Default for Count {
    fn default() -> Count {
        Count::zero()
    }
}

/// Why a text is not a count.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseCountError {
    /// Nothing to read.
    #[error("a count cannot be empty")]
    Empty,
    /// A character that is not a decimal digit.
    #[error("a count is decimal digits only: found `{found}` at character {at}")]
    NotADigit {
        /// The character found.
        found: char,
        /// Its position, from 1.
        at: usize,
    },
    /// More digits than [`MAX_DIGITS`].
    #[error("a count has at most {max} digits: found {digits}")]
    TooLong {
        /// The digits found.
        digits: usize,
        /// The most accepted.
        max: usize,
    },
}

impl Count {
    /// Zero.
    ///
    /// ```
    /// assert!(dlxkit::xc::Count::zero().is_zero());
    /// ```
    pub const fn zero() -> Count {
        Count(Repr::Small(0))
    }

    /// Whether this is zero.
    ///
    /// ```
    /// assert!(!dlxkit::xc::Count::from(3u64).is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// The value as a `u128`, when it fits.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Count::from(7u64).to_u128(), Some(7));
    /// ```
    pub fn to_u128(&self) -> Option<u128> {
        match self.0 {
            Repr::Small(v) => Some(v),
            Repr::Big(_) => None,
        }
    }

    /// The value as a `u64`, when it fits.
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Count::from(u128::MAX).to_u64(), None);
    /// ```
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|v| u64::try_from(v).ok())
    }

    /// The number of bits needed to write the value (0 for zero).
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Count::from(8u64).bits(), 4);
    /// ```
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => u64::from(128 - v.leading_zeros()),
            Repr::Big(limbs) => {
                let top = limbs[limbs.len() - 1];
                64 * (limbs.len() as u64 - 1) + u64::from(64 - top.leading_zeros())
            }
        }
    }

    /// The value as a floating-point number (rounded; for display in scientific notation).
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::Count::from(1u64 << 60).to_f64(), 2f64.powi(60));
    /// ```
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small(v) => *v as f64,
            Repr::Big(limbs) => limbs.iter().rev().fold(0.0, |acc, &limb| {
                acc * 18_446_744_073_709_551_616.0 + limb as f64
            }),
        }
    }

    /// The limbs (base 2^64 digits, least significant first, possibly with zeros on top).
    fn to_limbs(&self) -> Vec<u64> {
        match &self.0 {
            Repr::Small(v) => vec![*v as u64, (*v >> 64) as u64],
            Repr::Big(limbs) => limbs.clone(),
        }
    }

    /// The value of `limbs` (least significant first), in its one representation.
    fn from_limbs(mut limbs: Vec<u64>) -> Count {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        match limbs.as_slice() {
            [] => Count::zero(),
            [a] => Count(Repr::Small(u128::from(*a))),
            [a, b] => Count(Repr::Small(u128::from(*a) | u128::from(*b) << 64)),
            _ => Count(Repr::Big(limbs)),
        }
    }

    /// The `k`th limb (0 past the top).
    fn limb(&self, k: usize) -> u64 {
        match &self.0 {
            Repr::Small(v) => match k {
                0 => *v as u64,
                1 => (*v >> 64) as u64,
                _ => 0,
            },
            Repr::Big(limbs) => limbs.get(k).copied().unwrap_or(0),
        }
    }

    fn limb_len(&self) -> usize {
        match &self.0 {
            Repr::Small(_) => 2,
            Repr::Big(limbs) => limbs.len(),
        }
    }

    /// Subtracts `other`, which must not be larger (sampling walks down with it).
    pub(crate) fn sub_assign(&mut self, other: &Count) {
        debug_assert!(*self >= *other, "Count::sub_assign would go below zero");
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &other.0) {
            *a -= *b;
            return;
        }
        let mut limbs = self.to_limbs();
        let mut borrow = false;
        for (k, limb) in limbs.iter_mut().enumerate() {
            let o = other.limb(k);
            let (d, b1) = limb.overflowing_sub(o);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        *self = Count::from_limbs(limbs);
    }

    /// A uniformly random number in `0..self` (`self` must not be zero): random bits of the
    /// right length, drawn again when too large (fewer than two draws on average).
    pub(crate) fn random_below(&self, rng: &mut Rng) -> Count {
        assert!(!self.is_zero(), "random_below(0)");
        let bits = self.bits();
        let len = bits.div_ceil(64) as usize;
        loop {
            let mut limbs: Vec<u64> = (0..len).map(|_| rng.next_u64()).collect();
            let spare = (64 * len as u64 - bits) as u32;
            if let Some(top) = limbs.last_mut() {
                *top = top.checked_shr(spare).unwrap_or(0);
            }
            let candidate = Count::from_limbs(limbs);
            if candidate < *self {
                return candidate;
            }
        }
    }

    /// This number times `k`.
    pub(crate) fn times(&self, k: u64) -> Count {
        if let Some(p) = self.to_u128().and_then(|v| v.checked_mul(u128::from(k))) {
            return Count(Repr::Small(p));
        }
        let mut carry: u128 = 0;
        let mut limbs: Vec<u64> = self
            .to_limbs()
            .into_iter()
            .map(|limb| {
                let product = u128::from(limb) * u128::from(k) + carry;
                carry = product >> 64;
                product as u64
            })
            .collect();
        limbs.push(carry as u64);
        Count::from_limbs(limbs)
    }

    /// This number times `k`, plus `add` (reading decimal text: `k` is a power of ten).
    fn times_plus(&self, k: u64, add: u64) -> Count {
        let mut product = self.times(k);
        product += &Count::from(add);
        product
    }

    /// The remainder of dividing by `divisor` (which is not zero), leaving the quotient.
    fn div_rem_small(&mut self, divisor: u64) -> u64 {
        let mut limbs = self.to_limbs();
        let mut rem: u128 = 0;
        for limb in limbs.iter_mut().rev() {
            let cur = rem << 64 | u128::from(*limb);
            *limb = (cur / u128::from(divisor)) as u64;
            rem = cur % u128::from(divisor);
        }
        *self = Count::from_limbs(limbs);
        rem as u64
    }
}

impl From<u64> for Count {
    fn from(value: u64) -> Count {
        Count(Repr::Small(u128::from(value)))
    }
}

impl From<u128> for Count {
    fn from(value: u128) -> Count {
        Count(Repr::Small(value))
    }
}

impl PartialEq<u64> for Count {
    fn eq(&self, other: &u64) -> bool {
        self.to_u128() == Some(u128::from(*other))
    }
}

impl PartialOrd<u64> for Count {
    fn partial_cmp(&self, other: &u64) -> Option<Ordering> {
        Some(match self.to_u128() {
            Some(v) => v.cmp(&u128::from(*other)),
            None => Ordering::Greater,
        })
    }
}

impl std::ops::AddAssign<&Count> for Count {
    fn add_assign(&mut self, other: &Count) {
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &other.0) {
            if let Some(sum) = a.checked_add(*b) {
                *a = sum;
                return;
            }
        }
        let mut limbs = match std::mem::take(self).0 {
            Repr::Small(v) => vec![v as u64, (v >> 64) as u64],
            Repr::Big(limbs) => limbs,
        };
        if limbs.len() < other.limb_len() {
            limbs.resize(other.limb_len(), 0);
        }
        let mut carry = false;
        for (k, limb) in limbs.iter_mut().enumerate() {
            let o = other.limb(k);
            if o == 0 && !carry && k >= other.limb_len() {
                break;
            }
            let (s, c1) = limb.overflowing_add(o);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        if carry {
            limbs.push(1);
        }
        *self = Count::from_limbs(limbs);
    }
}

impl std::ops::AddAssign<u64> for Count {
    fn add_assign(&mut self, other: u64) {
        *self += &Count::from(other);
    }
}

impl std::ops::Add<&Count> for Count {
    type Output = Count;

    fn add(mut self, other: &Count) -> Count {
        self += other;
        self
    }
}

impl<'a> std::iter::Sum<&'a Count> for Count {
    fn sum<I: Iterator<Item = &'a Count>>(iter: I) -> Count {
        iter.fold(Count::zero(), |sum, c| sum + c)
    }
}

impl std::iter::Sum<Count> for Count {
    fn sum<I: Iterator<Item = Count>>(iter: I) -> Count {
        iter.fold(Count::zero(), |sum, c| sum + &c)
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
            (Repr::Big(a), Repr::Big(b)) => a
                .len()
                .cmp(&b.len())
                .then_with(|| a.iter().rev().cmp(b.iter().rev())),
        }
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
            return fmt::Display::fmt(&v, f);
        }
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19, the largest power in a u64
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.div_rem_small(CHUNK));
        }
        let mut text = String::with_capacity(19 * chunks.len());
        let mut chunks = chunks.into_iter().rev();
        if let Some(first) = chunks.next() {
            text.push_str(&first.to_string());
        }
        for chunk in chunks {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad_integral(true, "", &text)
    }
}

impl FromStr for Count {
    type Err = ParseCountError;

    /// Decimal digits (leading zeros allowed), at most [`MAX_DIGITS`] of them.
    fn from_str(text: &str) -> Result<Count, ParseCountError> {
        if text.is_empty() {
            return Err(ParseCountError::Empty);
        }
        if let Some((at, found)) = text.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(ParseCountError::NotADigit { found, at: at + 1 });
        }
        if text.len() > MAX_DIGITS {
            return Err(ParseCountError::TooLong {
                digits: text.len(),
                max: MAX_DIGITS,
            });
        }
        if let Ok(v) = text.parse::<u128>() {
            return Ok(Count::from(v));
        }
        let mut value = Count::zero();
        for chunk in text.as_bytes().chunks(19) {
            let digits = std::str::from_utf8(chunk).expect("ASCII digits");
            let add: u64 = digits.parse().expect("at most 19 digits fit in a u64");
            value = value.times_plus(10u64.pow(chunk.len() as u32), add);
        }
        Ok(value)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Count {
    /// A number while it fits in 64 bits, else a string of its digits.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(v) => serializer.serialize_u64(v),
            None => serializer.collect_str(self),
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Count {
    /// A non-negative integer, or a string of decimal digits; not a fraction, and not a
    /// number past 2^64 - 1 (which a JSON reader may already have rounded).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Count, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Count;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a count: a whole number, or a string of decimal digits")
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Count, E> {
                Ok(Count::from(v))
            }

            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Count, E> {
                Ok(Count::from(v))
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Count, E> {
                u64::try_from(v)
                    .map(Count::from)
                    .map_err(|_| E::custom(format_args!("a count cannot be negative: {v}")))
            }

            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Count, E> {
                Err(E::custom(format_args!(
                    "a count must be a whole number of at most 20 digits, or a string of \
                     digits: found {v}"
                )))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Count, E> {
                v.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_reads_back_what_it_writes_and_names_what_is_wrong() {
        for n in [0usize, 1, 90, 93, 186, 200, 400] {
            let f = fibonacci(n);
            assert_eq!(f.to_string().parse::<Count>(), Ok(f.clone()), "F({n})");
        }
        assert_eq!("000123".parse::<Count>(), Ok(Count::from(123u64)));
        let two_128 = "340282366920938463463374607431768211456";
        assert_eq!(two_128.parse::<Count>().unwrap().bits(), 129);
        assert_eq!("".parse::<Count>(), Err(ParseCountError::Empty));
        assert_eq!(
            "12x4".parse::<Count>().unwrap_err().to_string(),
            "a count is decimal digits only: found `x` at character 3"
        );
        assert_eq!(
            "-1".parse::<Count>(),
            Err(ParseCountError::NotADigit { found: '-', at: 1 })
        );
        let long = "9".repeat(MAX_DIGITS + 1);
        assert_eq!(
            long.parse::<Count>().unwrap_err().to_string(),
            format!(
                "a count has at most {MAX_DIGITS} digits: found {}",
                MAX_DIGITS + 1
            )
        );
        assert_eq!(
            "9".repeat(MAX_DIGITS)
                .parse::<Count>()
                .unwrap()
                .to_string()
                .len(),
            MAX_DIGITS
        );
        assert_eq!(format!("{:>6}", Count::from(42u64)), "    42");
    }

    #[test]
    fn json_is_a_number_up_to_64_bits_and_a_string_beyond() {
        let json = |c: &Count| serde_json::to_string(c).unwrap();
        let read = |s: &str| serde_json::from_str::<Count>(s);
        assert_eq!(json(&Count::from(12u64)), "12");
        assert_eq!(json(&Count::from(u64::MAX)), u64::MAX.to_string());
        assert_eq!(json(&Count::from(1u128 << 64)), "\"18446744073709551616\"");
        let f = fibonacci(300);
        assert_eq!(json(&f), format!("\"{f}\""));
        for c in [
            Count::zero(),
            Count::from(u64::MAX),
            Count::from(u128::MAX),
            f,
        ] {
            assert_eq!(read(&json(&c)).unwrap(), c);
        }
        assert_eq!(read("\"77\"").unwrap(), Count::from(77u64));
        // A number past 2^64 - 1 reaches serde as a float, already rounded: refused.
        let err = read("18446744073709551616").unwrap_err().to_string();
        assert!(err.contains("a count must be a whole number"), "{err}");
        assert!(read("-3")
            .unwrap_err()
            .to_string()
            .contains("cannot be negative"));
        assert!(read("1.5").is_err());
        assert!(read("\"1e5\"")
            .unwrap_err()
            .to_string()
            .contains("found `e`"));
    }

    #[test]
    fn sums_of_small_counts_stay_in_place_and_spill_exactly() {
        let parts = vec![Count::from(u128::MAX); 3];
        let total: Count = parts.iter().sum();
        assert_eq!(total, Count::from(u128::MAX).times(3));
        assert_eq!(
            total.to_string(),
            "1020847100762815390390123822295304634365"
        );
        let mut back = total.clone();
        back.sub_assign(&Count::from(u128::MAX));
        back.sub_assign(&Count::from(u128::MAX));
        assert_eq!(back, Count::from(u128::MAX));
        assert!(
            matches!(back.0, Repr::Small(_)),
            "a value that fits is held in place"
        );
        assert_eq!(Count::from(5u64), 5u64);
        assert!(total > u64::MAX && back > 8u64);
        assert!(Count::from(u128::MAX) < total);
    }

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
        assert_eq!(
            Count::from(1u128 << 64).cmp(&Count::from(u64::MAX)),
            Ordering::Greater
        );
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
