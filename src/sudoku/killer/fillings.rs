//! The fillings of a cage: every assignment of distinct digits to its cells, each from the
//! digits allowed there, that adds up to the sum.
//!
//! A depth-first enumeration over the cells in order. Before a cell is tried, the sum still
//! to make must lie between the least and the largest sums that the cells left can make with
//! the digits not used yet (the smallest ones, the largest ones), so a branch that cannot
//! reach the sum is cut at once; every branch that survives to the last cell ends in a
//! filling.

use std::ops::ControlFlow;

/// Calls `emit` with each filling (the digits of the cells, in their order) of cells whose
/// allowed digits are `allowed` (bit `d − 1` for digit `d`), adding up to `sum`, with no
/// digit twice, in increasing order of the digits of the first cell, then the second, ...
/// Stops early when `emit` breaks.
pub(crate) fn for_each_filling(
    allowed: &[u128],
    sum: u32,
    emit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut digits = Vec::with_capacity(allowed.len());
    walk(allowed, sum, 0, &mut digits, emit)
}

fn walk(
    allowed: &[u128],
    left: u32,
    used: u128,
    digits: &mut Vec<u8>,
    emit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let k = digits.len();
    if k == allowed.len() {
        return if left == 0 {
            emit(digits)
        } else {
            ControlFlow::Continue(())
        };
    }
    let cells_left = allowed.len() - k;
    let free = allowed[k..].iter().fold(0, |m, &a| m | a) & !used;
    if free.count_ones() < cells_left as u32
        || left < smallest(free, cells_left)
        || left > largest(free, cells_left)
    {
        return ControlFlow::Continue(());
    }
    let mut options = allowed[k] & !used;
    while options != 0 {
        let d = options.trailing_zeros() + 1;
        options &= options - 1;
        if d > left {
            break;
        }
        digits.push(d as u8);
        walk(allowed, left - d, used | 1 << (d - 1), digits, emit)?;
        digits.pop();
    }
    ControlFlow::Continue(())
}

/// The sum of the `k` smallest digits of a set (it holds at least `k`).
fn smallest(mut set: u128, k: usize) -> u32 {
    let mut total = 0;
    for _ in 0..k {
        total += set.trailing_zeros() + 1;
        set &= set - 1;
    }
    total
}

/// The sum of the `k` largest digits of a set (it holds at least `k`).
fn largest(mut set: u128, k: usize) -> u32 {
    let mut total = 0;
    for _ in 0..k {
        let top = 127 - set.leading_zeros();
        total += top + 1;
        set &= !(1 << top);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(allowed: &[u128], sum: u32) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        let _ = for_each_filling(allowed, sum, &mut |d| {
            found.push(d.to_vec());
            ControlFlow::Continue(())
        });
        found
    }

    /// Every assignment, tried one by one: the oracle.
    fn brute(allowed: &[u128], sum: u32) -> Vec<Vec<u8>> {
        let mut found = vec![Vec::new()];
        for &a in allowed {
            let mut next = Vec::new();
            for prefix in &found {
                for d in 1..=100u8 {
                    if a & 1 << (d - 1) != 0 && !prefix.contains(&d) {
                        let mut p: Vec<u8> = prefix.clone();
                        p.push(d);
                        next.push(p);
                    }
                }
            }
            found = next;
        }
        found.retain(|f| f.iter().map(|&d| u32::from(d)).sum::<u32>() == sum);
        found
    }

    #[test]
    fn fillings_are_those_of_brute_force() {
        let nine = (1u128 << 9) - 1;
        for k in 1..=5 {
            for sum in 0..=46 {
                let allowed = vec![nine; k];
                assert_eq!(
                    all(&allowed, sum),
                    brute(&allowed, sum),
                    "{k} cells, sum {sum}"
                );
            }
        }
        // Restricted cells: r1c1 is a given 5, r1c2 cannot hold 1 to 3.
        let allowed = [1 << 4, nine & !0b111, nine];
        for sum in 0..=25 {
            assert_eq!(all(&allowed, sum), brute(&allowed, sum), "sum {sum}");
        }
    }

    #[test]
    fn known_counts_of_nine_digit_cages() {
        let nine = (1u128 << 9) - 1;
        assert_eq!(all(&[nine; 2], 10).len(), 8); // 1+9, 2+8, 3+7, 4+6, each both ways
        assert_eq!(all(&[nine; 3], 6).len(), 6); // 1+2+3 in 3! orders
        assert_eq!(all(&[nine; 5], 25).len(), 12 * 120);
        assert!(all(&[nine; 2], 18).is_empty()); // 9+9 repeats
    }

    #[test]
    fn emit_can_stop_the_enumeration() {
        let nine = (1u128 << 9) - 1;
        let mut seen = 0;
        let flow = for_each_filling(&[nine; 4], 20, &mut |_| {
            seen += 1;
            if seen == 10 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((flow, seen), (ControlFlow::Break(()), 10));
    }
}
