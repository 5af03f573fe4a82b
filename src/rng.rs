//! A small, seeded pseudo-random generator (SplitMix64), so that generated puzzles, shuffled
//! benchmark orders and property tests are reproducible from a seed on every platform.

/// SplitMix64: 64 bits of state, good statistical quality for games and shuffles (not for
/// cryptography).
///
/// ```
/// use dlxkit::rng::Rng;
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    ///
    /// ```
    /// let _ = dlxkit::rng::Rng::new(7);
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut r = dlxkit::rng::Rng::new(1);
    /// assert_ne!(r.next_u64(), r.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), without modulo bias worth mentioning for small `n`
    /// (Lemire's multiply-shift).
    ///
    /// ```
    /// let mut r = dlxkit::rng::Rng::new(3);
    /// assert!((0..100).all(|_| r.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles a slice in place (Fisher–Yates).
    ///
    /// ```
    /// let mut r = dlxkit::rng::Rng::new(5);
    /// let mut v = [1, 2, 3, 4, 5];
    /// r.shuffle(&mut v);
    /// v.sort();
    /// assert_eq!(v, [1, 2, 3, 4, 5]);
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
