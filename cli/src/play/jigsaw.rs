//! Random jigsaw regions for Random Level: the boxes of the grid, bent out of shape by
//! swapping neighbouring cells between regions.
//!
//! Each swap gives a cell on the border of one region to the region beside it and takes
//! back one of that region's border cells, so every region keeps `n` cells; it is kept
//! only when both regions stay in one piece. A few swaps per
//! cell give irregular regions; the map depends only on the seed. Not every map has a
//! complete grid: the caller tries another map when the generator finds none.

use dlxkit::rng::Rng;
use dlxkit::sudoku::Shape;

/// Swaps tried per cell.
const SWAPS_PER_CELL: usize = 6;

/// A region map for boxes of `shape`: `n²` symbols in reading order, one per region
/// (`A`, `B`, ...), each region `n` cells in one piece.
pub fn random_regions(shape: Shape, rng: &mut Rng) -> String {
    let n = shape.size();
    let mut region: Vec<usize> = (0..n * n).map(|c| shape.box_of(c / n, c % n)).collect();
    for _ in 0..SWAPS_PER_CELL * n * n {
        // A cell `a` of region A beside region B goes to B, and a cell `b` of B beside A
        // (other than `a`'s own spot) comes to A.
        let a = rng.below(n * n);
        let around = neighbours(a, n);
        let (ra, rb) = (region[a], region[around[rng.below(around.len())]]);
        if ra == rb {
            continue;
        }
        let bordering: Vec<usize> = (0..n * n)
            .filter(|&b| {
                region[b] == rb && neighbours(b, n).iter().any(|&x| x != a && region[x] == ra)
            })
            .collect();
        if bordering.is_empty() {
            continue;
        }
        let b = bordering[rng.below(bordering.len())];
        region.swap(a, b);
        if !connected(&region, ra, n) || !connected(&region, rb, n) {
            region.swap(a, b);
        }
    }
    region.iter().map(|&r| char::from(b'A' + r as u8)).collect()
}

/// The cells beside `cell` (up, down, left, right).
fn neighbours(cell: usize, n: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out
}

/// Whether the cells of region `k` form one piece.
fn connected(region: &[usize], k: usize, n: usize) -> bool {
    let Some(start) = region.iter().position(|&r| r == k) else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for next in neighbours(cell, n) {
            if region[next] == k && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    reached == region.iter().filter(|&&r| r == k).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlxkit::sudoku::Layout;

    #[test]
    fn maps_are_valid_connected_irregular_and_reproducible() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            for seed in 0..5 {
                let map = random_regions(shape, &mut Rng::new(seed));
                assert_eq!(map, random_regions(shape, &mut Rng::new(seed)));
                // The library accepts it: n regions of n cells.
                let layout = Layout::jigsaw(shape, &map).unwrap();
                let region: Vec<usize> = map.bytes().map(|b| usize::from(b - b'A')).collect();
                for k in 0..n {
                    assert!(connected(&region, k, n), "{map}: region {k} is in pieces");
                }
                if n >= 6 {
                    assert_ne!(layout.units(), Layout::standard(shape).units(), "{map}");
                }
            }
        }
    }
}
