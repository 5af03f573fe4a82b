//! Criterion benchmarks of the Sudoku solvers: a matrix solver x puzzle set
//! (`sudoku/<solver>/<set>`), every puzzle solved in mode `unique` (solution limit 2, as
//! `dlxkit bench` and the reference benchmarks do), throughput in puzzles per second.
//!
//! The sets are fixed samples, small enough for the whole matrix to run in a few minutes on
//! two cores: the first puzzles of `pe96_easy50` (Project Euler), `royle_17clue_sample1004`
//! (17 clues), `magictour_top1465` and `forum_hardest_1905_11plus_sample1016`, put in the
//! seeded order of `dlxkit bench --seed 1`. **`naive` runs on pe96 only**: on the hard sets
//! some puzzles take it millions of nodes (tens of milliseconds to seconds each), which would
//! make the matrix take far longer than the rest together; `dlxkit bench` measures it there
//! with a node limit instead.
//!
//! Loading, ordering and the limits come from the shared harness (`dlxkit::bench`), and each
//! (solver, set) is first run once through `dlxkit::bench::run_solver`, which checks every
//! solution and that each puzzle was solved within the node limit, before it is timed.
//!
//! A second group, `generate/*`, times the generator: a 9x9 puzzle rated expert (seeds tried
//! in turn as `dlxkit sudoku generate --difficulty expert` does), a 25x25 and a 64x64 puzzle,
//! with the command line's node limits.
//!
//! `cargo bench --bench sudoku`; one cell: `cargo bench --bench sudoku -- 'dlx/17clue'`.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::bench::{run_solver, Mode, RunOptions, Sample, Workload, DEFAULT_NODE_LIMIT};
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::Level;
use dlxkit::sudoku::generate::{default_node_limit, generate, GenerateOptions, Generated};
use dlxkit::sudoku::solvers::{by_name, Limits, SOLVER_NAMES};
use dlxkit::sudoku::Shape;

/// The seed of the puzzle order (that of `dlxkit bench`'s default).
const SEED: u64 = 1;

/// (id, file, puzzles taken from the start of the file, whether `naive` runs on it).
const SETS: [(&str, &str, usize, bool); 4] = [
    ("pe96", "data/sudoku/pe96_easy50.txt", 50, true),
    (
        "17clue",
        "data/sudoku/royle_17clue_sample1004.txt",
        30,
        false,
    ),
    ("top1465", "data/sudoku/magictour_top1465.txt", 30, false),
    (
        "forum1905",
        "data/sudoku/forum_hardest_1905_11plus_sample1016.txt",
        30,
        false,
    ),
];

fn workload(file: &str, n: usize) -> Workload {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let mut sample = Sample::load(&path).expect("the puzzle file loads");
    sample.truncate(n);
    Workload::new(&sample, SEED, false).expect("a standard 9x9 sample")
}

fn solvers_by_set(c: &mut Criterion) {
    let mode = Mode::Unique;
    let limits = mode.limits(Some(DEFAULT_NODE_LIMIT));
    let check = RunOptions {
        mode,
        warmup: 0,
        ..RunOptions::default()
    };
    let mut group = c.benchmark_group("sudoku");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (set, file, n, with_naive) in SETS {
        let work = workload(file, n);
        group.throughput(Throughput::Elements(work.items.len() as u64));
        for name in SOLVER_NAMES {
            if name == "naive" && !with_naive {
                continue;
            }
            let mut solver = by_name(name).expect("a known solver");
            let records = run_solver(solver.as_mut(), &work, &check, |_| {})
                .expect("every solution is right")
                .records;
            assert!(
                records.iter().all(|r| r.outcome.is_solved()),
                "{name} leaves puzzles of {set} unsolved within the node limit"
            );
            group.bench_function(BenchmarkId::new(name, set), |b| {
                b.iter(|| {
                    for grid in work.grids() {
                        black_box(solver.solve(black_box(grid), &limits));
                    }
                })
            });
        }
    }
    group.finish();
}

/// The options `dlxkit sudoku generate --size n` uses.
fn generate_options(n: usize) -> GenerateOptions {
    let mut o = GenerateOptions::new(Shape::for_size(n).expect("a usual side"));
    o.node_limit = default_node_limit(n);
    o
}

/// A 9x9 puzzle that needs a guess, from the seeds of the stream `seed` starts, as
/// `dlxkit sudoku generate --difficulty expert` makes it.
fn expert(rater: &mut Rater, seed: u64) -> Generated {
    let options = generate_options(9);
    let mut stream = Rng::new(seed);
    let mut next = seed;
    loop {
        let g = generate(&options, next).expect("9x9 puzzles are generated");
        if rater.rate(&g.puzzle, None, &Limits::new()).level == Some(Level::Expert) {
            return g;
        }
        next = stream.next_u64();
    }
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    let mut rater = Rater::new();
    group.bench_function("9x9-expert", |b| {
        b.iter(|| black_box(expert(&mut rater, black_box(1))))
    });
    for n in [25, 64] {
        let options = generate_options(n);
        group.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| black_box(generate(&options, black_box(1))))
        });
    }
    group.finish();
}

criterion_group!(benches, solvers_by_set, generation);
criterion_main!(benches);
