//! The item choice's scan: the first smallest list length, found in a dense array.
//!
//! Knuth walks the linked list of uncovered primary items; here the lengths sit in one array
//! (covered and secondary items made large by offsets, see `matrix.rs`), and the leftmost
//! minimum is found by a scan the compiler turns into vector instructions, which is much
//! faster when there are hundreds of items (BENCHMARKS.md, "Item choice").

use super::layout::CHUNK;

/// The index of the first smallest value (`None` for an empty slice), given that no value is
/// below `floor`.
///
/// The values are scanned in chunks of [`CHUNK`], whose minima the compiler computes with
/// vector instructions; the first chunk holding the overall minimum is then searched element
/// by element. A chunk whose minimum is `floor` ends the scan early: nothing later can be
/// smaller, and ties go to the left.
#[inline(always)]
pub(super) fn first_minimum(values: &[i32], floor: i32) -> Option<usize> {
    let mut best = i32::MAX;
    let mut best_start = 0;
    let mut chunks = values.chunks_exact(CHUNK);
    for (k, chunk) in (&mut chunks).enumerate() {
        let chunk: &[i32; CHUNK] = chunk.try_into().expect("exact chunk");
        let m = chunk.iter().copied().fold(i32::MAX, i32::min);
        if m < best {
            best = m;
            best_start = k * CHUNK;
            if m <= floor {
                break;
            }
        }
    }
    let rest = chunks.remainder();
    let rest_start = values.len() - rest.len();
    if best > floor {
        let m = rest.iter().copied().fold(i32::MAX, i32::min);
        if m < best {
            best = m;
            best_start = rest_start;
        }
    }
    // The place of the minimum, by a scan that stops at it: a branch-free bit mask of the
    // chunk measured slower where the predictor knows the place (BENCHMARKS.md, "Item
    // choice").
    let k = values[best_start..].iter().position(|&l| l == best)?;
    Some(best_start + k)
}

#[cfg(test)]
mod tests {
    use super::first_minimum;
    use quickcheck::quickcheck;

    quickcheck! {
        fn first_minimum_is_the_leftmost_smallest(values: Vec<u16>, zeros: bool) -> bool {
            // The floor is 0 when zeros may occur, 1 when they cannot.
            // Non-negative values, as list lengths are; sometimes with no zero at all.
            let values: Vec<i32> = values
                .iter()
                .map(|&v| i32::from(if zeros { v % 5 } else { v % 5 + 1 }))
                .collect();
            let expected = values
                .iter()
                .enumerate()
                .min_by_key(|&(k, &v)| (v, k))
                .map(|(k, _)| k);
            first_minimum(&values, i32::from(!zeros)) == expected
        }
    }

    #[test]
    fn first_minimum_finds_the_leftmost_tie_in_every_position() {
        for len in 1..70 {
            for at in 0..len {
                let mut values = vec![9; len];
                values[at] = 2;
                if at + 1 < len {
                    values[len - 1] = 2;
                }
                assert_eq!(first_minimum(&values, 0), Some(at), "len {len}, at {at}");
                assert_eq!(first_minimum(&values, 2), Some(at), "len {len}, at {at}");
            }
        }
        assert_eq!(first_minimum(&[], 0), None);
    }
}
