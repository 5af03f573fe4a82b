//! Where an attempt at `--needs` a pattern of one digit starts ([`super::needs::aim`]): the
//! jellyfish. (It was also the start for five strong links, a rung that left the ladder
//! with serate's default techniques: see BENCHMARKS.md, needsB13 and sl5x.)
//!
//! A jellyfish is the simplest step before its complement (a smaller fish on the other
//! lines) only for a digit with eight open places or more; a chain of one digit lives on the
//! digit's open places, linked through units where only two of them stay open, and needs the
//! simpler patterns of that digit (fish, two to four strong links) to find nothing. The
//! random removal seldom leaves one digit so many open places, so these attempts start by
//! emptying every cell of one digit, chosen by `rng`: the removal that follows builds the
//! puzzle around that digit's places, which the other digits' givens cut down to the
//! pattern. (Keeping two or three of the digit's cells given, to confine its places to fewer
//! rows, columns and boxes, did worse for five strong links: no hit on seeds 1 and 2.)

use dlxkit::rng::Rng;
use dlxkit::sudoku::Grid;

/// The cells of one digit of `solution`, chosen by `rng`, in a random order.
pub fn digit_cells(solution: &Grid, rng: &mut Rng) -> Vec<usize> {
    let digit = 1 + rng.below(solution.layout().size()) as u8;
    let mut cells: Vec<usize> = (0..solution.cells().len())
        .filter(|&c| solution.cells()[c] == digit)
        .collect();
    rng.shuffle(&mut cells);
    cells
}
