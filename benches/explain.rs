//! Criterion benchmarks of the explainer and the rating (`dlxkit::sudoku::explain`), per
//! puzzle set (`explain/<set>`, `rate/<set>`), throughput in puzzles per second.
//!
//! - `explain`: the whole explanation of each puzzle, uniqueness strategies on, guessing
//!   from the solution when logic runs out (the solutions are found before timing).
//! - `rate`: what `dlxkit sudoku rate` does per puzzle: a DLX count up to two solutions,
//!   then the explanation.
//!
//! The sets are the first 30 puzzles of `magictour_top1465` and of
//! `forum_hardest_1905_11plus_sample1016` (the whole sets are timed with the command line,
//! see BENCHMARKS.md). Every explanation is checked to end solved before it is timed.
//!
//! `cargo bench --bench explain`; one cell: `cargo bench --bench explain -- 'rate/top1465'`.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::bench::Sample;
use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::{Explainer, Outcome};
use dlxkit::sudoku::ops;
use dlxkit::sudoku::solvers::Limits;

/// (id, file, puzzles taken from the start of the file).
const SETS: [(&str, &str, usize); 2] = [
    ("top1465", "data/sudoku/magictour_top1465.txt", 30),
    (
        "forum1905",
        "data/sudoku/forum_hardest_1905_11plus_sample1016.txt",
        30,
    ),
];

fn explain_and_rate(c: &mut Criterion) {
    let mut group = c.benchmark_group("explain");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (set, file, n) in SETS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let mut sample = Sample::load(&path).expect("the puzzle file loads");
        sample.truncate(n);
        let solved: Vec<_> = sample
            .puzzles
            .iter()
            .map(|p| {
                let s = ops::solve(p).expect("encodes").expect("a solution");
                let mut e = Explainer::new(p).unwrap().assume_unique(true);
                e = e.guessing(s.clone()).unwrap();
                e.by_ref().for_each(drop);
                assert_eq!(e.outcome(), Outcome::Solved);
                (p.clone(), s)
            })
            .collect();
        group.throughput(Throughput::Elements(solved.len() as u64));
        group.bench_function(BenchmarkId::new("explain", set), |b| {
            b.iter(|| {
                for (puzzle, solution) in &solved {
                    let explainer = Explainer::new(black_box(puzzle))
                        .unwrap()
                        .assume_unique(true)
                        .guessing(solution.clone())
                        .unwrap();
                    black_box(explainer.count());
                }
            })
        });
        let mut rater = Rater::new();
        group.bench_function(BenchmarkId::new("rate", set), |b| {
            b.iter(|| {
                for (puzzle, _) in &solved {
                    black_box(rater.rate(black_box(puzzle), None, &Limits::new()));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, explain_and_rate);
criterion_main!(benches);
