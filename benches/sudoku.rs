//! Criterion benchmarks of the Sudoku solvers (being written).

fn main() {}
