//! Criterion benchmarks of the exact cover engine (being written).

fn main() {}
