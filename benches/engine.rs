//! Criterion benchmarks of the exact cover engine: count every solution of the puzzle
//! instances the library generates (n-queens 12, Langford pairs 11, pentominoes 6x10 with and
//! without the symmetry restriction, dominoes 6x6), as listed by the shared harness
//! (`dlxkit::bench::engine::cases`, which `dlxkit bench --engine` times too). Throughput is
//! in search-tree nodes, so the report reads as nodes per second; the node and update counts
//! are printed once per instance, to compare with Knuth's DLX1 on the same input
//! (`dlxkit <puzzle> --emit dlx` writes it).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::bench::engine;
use dlxkit::xc::{Arena, Solver};

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
            b.iter(|| solver.count().stats.solutions)
        });
    }
    group.finish();
}

criterion_group!(benches, count_all);
criterion_main!(benches);
