//! The random numbers of Knuth's exact cover programs: the Stanford GraphBase's `gb_flip`
//! generator, so that a seeded search (`ItemChoice::seed`) makes exactly the choices his
//! DLX1, DLX2 and DLX3 make with the same seed (their `s` option).
//!
//! It is a subtractive lagged Fibonacci generator: each number is the difference, modulo
//! 2^31, of the numbers 55 and 24 places back. The 55 values are refreshed a whole table at a
//! time and then handed out from the top of the table down; the seed fills the table by a
//! fixed scrambling of its 31 low bits, then five refreshes mix it. A uniform integer below
//! `m` rejects the top sliver of 31-bit values that would favour small remainders.

/// The modulus of the values: 2^31.
const MODULUS: u32 = 1 << 31;

/// A `gb_flip` generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Flip {
    /// Slots `1..=55` hold the table (slot 0 unused).
    table: [u32; 56],
    /// The next value to hand out is `table[next]`; 0 means the table is used up.
    next: usize,
}

impl Flip {
    /// The generator with this seed (only the 31 low bits count, as in `gb_init_rand`).
    pub(crate) fn new(seed: u64) -> Flip {
        let low = (seed as u32) & (MODULUS - 1);
        let mut flip = Flip {
            table: [0; 56],
            next: 0,
        };
        flip.table[55] = low;
        let (mut previous, mut value, mut scramble) = (low, 1u32, low);
        // Slots 21, 42, 8, 29, ... : every slot once, 21 apart modulo 55.
        let mut slot = 21;
        while slot != 0 {
            flip.table[slot] = value;
            value = difference(previous, value);
            scramble = if scramble & 1 == 1 {
                (1 << 30) + (scramble >> 1)
            } else {
                scramble >> 1
            };
            value = difference(value, scramble);
            previous = flip.table[slot];
            slot = (slot + 21) % 55;
        }
        for _ in 0..5 {
            flip.refresh();
        }
        flip
    }

    /// Replaces every value of the table by its difference with the value 24 places on
    /// (cyclically), and returns the last one; the next values come from slot 54 down.
    fn refresh(&mut self) -> u32 {
        for k in 1..=24 {
            self.table[k] = difference(self.table[k], self.table[k + 31]);
        }
        for k in 25..=55 {
            self.table[k] = difference(self.table[k], self.table[k - 24]);
        }
        self.next = 54;
        self.table[55]
    }

    /// The next 31-bit value.
    pub(crate) fn next_value(&mut self) -> u32 {
        if self.next == 0 {
            return self.refresh();
        }
        let value = self.table[self.next];
        self.next -= 1;
        value
    }

    /// A uniform integer in `0..m` (`m` from 1 to 2^31).
    pub(crate) fn below(&mut self, m: u32) -> u32 {
        debug_assert!((1..=MODULUS).contains(&m));
        let limit = MODULUS - MODULUS % m;
        loop {
            let r = self.next_value();
            if r < limit {
                return r % m;
            }
        }
    }
}

/// `x - y` modulo 2^31.
fn difference(x: u32, y: u32) -> u32 {
    x.wrapping_sub(y) & (MODULUS - 1)
}

#[cfg(test)]
mod tests {
    use super::Flip;

    #[test]
    fn the_generator_passes_the_graphbase_self_test() {
        // The check of the GraphBase's `test_flip`: seed -314159.
        let mut flip = Flip::new((-314159i64) as u64);
        assert_eq!(flip.next_value(), 119318998);
        for _ in 0..133 {
            flip.next_value();
        }
        assert_eq!(flip.below(0x5555_5555), 748103812);
    }

    #[test]
    fn uniform_values_stay_below_their_bound() {
        let mut flip = Flip::new(7);
        for m in 1..200 {
            assert!(flip.below(m) < m);
        }
    }
}
