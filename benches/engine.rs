//! Criterion benchmarks of the exact cover engine: count every solution of the puzzle
//! instances the library generates (n-queens 12, Langford pairs 11, pentominoes 6x10 with and
//! without the symmetry restriction). Throughput is in search-tree nodes, so the report reads
//! as nodes per second; the node and update counts are printed once per instance, to compare
//! with Knuth's DLX1 on the same input (`dlxkit <puzzle> --emit dlx` writes it).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::xc::{Arena, Solver};

fn count_all(c: &mut Criterion) {
    let instances = dlxkit::puzzles::benchmark_instances().expect("benchmark instances");
    let mut group = c.benchmark_group("engine/count");
    group.sample_size(10);
    for instance in &instances {
        let arena = Arena::new();
        let mut solver = Solver::new(&instance.problem, &arena);
        let outcome = solver.count();
        eprintln!(
            "{}: {} solutions, {} nodes, {} updates, {} nodes of {} bytes",
            instance.name,
            outcome.stats.solutions,
            outcome.stats.nodes,
            outcome.stats.updates,
            solver.node_count(),
            dlxkit::xc::NODE_BYTES
        );
        group.throughput(Throughput::Elements(outcome.stats.nodes));
        group.bench_function(BenchmarkId::new("dlx", instance.name), |b| {
            b.iter(|| solver.count().stats.solutions)
        });
    }
    group.finish();
}

criterion_group!(benches, count_all);
criterion_main!(benches);
