//! Criterion benchmarks of the exact cover engine: count every solution of the puzzle
//! instances the library generates (n-queens 12, Langford pairs 11, pentominoes 6x10 with and
//! without the symmetry restriction, dominoes 6x6), as listed by the shared harness
//! (`dlxkit::bench::engine::cases`, which `dlxkit bench --engine` times too). Throughput is
//! in search-tree nodes, so the report reads as nodes per second; the node and update counts
//! are printed once per instance, to compare with Knuth's DLX1 on the same input
//! (`dlxkit <puzzle> --emit dlx` writes it). A second group times the memoised search
//! (`dlxkit::bench::memo::cases`, as `dlxkit bench --engine --memo` does), and a third the
//! parallel search on one and two threads (`dlxkit::bench::engine::parallel_cases`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::bench::{engine, memo};
use dlxkit::xc::memo::{ItemChoice, MemoOptions};
use dlxkit::xc::{parallel, Arena, Limits, Solver};

fn count_all(c: &mut Criterion) {
    let cases = engine::cases(true).expect("benchmark instances");
    let mut group = c.benchmark_group("engine/count");
    group.sample_size(10);
    for case in &cases {
        let first = engine::run(case, 1, None);
        let arena = Arena::new();
        let mut solver = Solver::new(&case.problem, &arena);
        eprintln!(
            "{}: {} solutions, {} nodes, {} updates, {} nodes of {} bytes",
            case.name,
            first.solutions,
            first.nodes,
            first.updates,
            solver.node_count(),
            dlxkit::xc::NODE_BYTES
        );
        group.throughput(Throughput::Elements(first.nodes));
        group.bench_function(BenchmarkId::new("dlx", &case.name), |b| {
            if case.problem.has_costs() {
                // The cheapest solution, as Knuth's DLX5 finds it.
                b.iter(|| {
                    engine::cheapest(&case.problem, Limits::new())
                        .stats
                        .solutions
                })
            } else {
                b.iter(|| solver.count().stats.solutions)
            }
        });
    }
    group.finish();
}

/// The memoised search on the cases of `dlxkit bench --engine --memo` that take at most a
/// second or two (12 queens, where memoisation only costs, and the 6x6 Sudoku grids with
/// Knuth's choice are left to the command).
fn memo_count(c: &mut Criterion) {
    let cases = memo::cases().expect("memo benchmark cases");
    let mut group = c.benchmark_group("engine/memo");
    group.sample_size(10);
    for case in cases.iter().filter(|c| {
        c.name != "queens-12" && !(c.name == "sudoku-6x6" && c.choice == ItemChoice::FewestOptions)
    }) {
        let options = MemoOptions::new().choice(case.choice);
        let id = format!("{}-{:?}", case.name, case.choice);
        group.bench_function(BenchmarkId::new("memo", id), |b| {
            b.iter(|| {
                dlxkit::xc::memo::count(&case.problem, &options)
                    .unwrap()
                    .count
            })
        });
    }
    group.finish();
}

/// The parallel cases counted on one thread and on two (`dlxkit bench --engine --jobs 2`
/// times them the same way, interleaved, with CPU time beside wall time).
fn parallel_count(c: &mut Criterion) {
    let cases = engine::parallel_cases().expect("parallel benchmark cases");
    let mut group = c.benchmark_group("engine/parallel");
    group.sample_size(10);
    for case in &cases {
        let arena = Arena::new();
        let mut solver = Solver::new(&case.problem, &arena);
        group.bench_function(BenchmarkId::new("jobs-1", &case.name), |b| {
            b.iter(|| solver.count().stats.solutions)
        });
        group.bench_function(BenchmarkId::new("jobs-2", &case.name), |b| {
            b.iter(|| {
                parallel::count(
                    &case.problem,
                    2,
                    parallel::SHARDS_PER_THREAD,
                    &Limits::new(),
                )
                .totals
                .solutions
            })
        });
    }
    group.finish();
}

criterion_group!(benches, count_all, memo_count, parallel_count);
criterion_main!(benches);
