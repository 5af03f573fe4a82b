//! Criterion benchmarks of the engines side by side: dancing links and dancing cells count
//! every solution of the same inputs in one run (Knuth's generators' files in
//! `tests/cells_inputs/`, coloured and not), so that their ratio is measured on one machine
//! under one load (the cells figure includes building the sparse sets). BENCHMARKS.md has the table against Knuth's SSXCC and the default rule the
//! plan draws from it.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::{Arena, Problem, Solver};

const INPUTS: [&str; 3] = ["de-bruijn-0-3-6", "windmill-4-4", "queens-10"];

fn side_by_side(c: &mut Criterion) {
    let mut group = c.benchmark_group("engines/count");
    group.sample_size(10);
    for name in INPUTS {
        let path = format!(
            "{}/tests/cells_inputs/{name}.dlx",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("a benchmark input");
        let problem = Problem::from_dlx(&text).expect("Knuth's format");
        let arena = Arena::new();
        let mut solver = Solver::new(&problem, &arena);
        let links = solver.count();
        let cells = CellSolver::new(&problem).count();
        assert_eq!(links.stats.solutions, cells.stats.solutions, "{name}");
        eprintln!(
            "{name}: {} solutions; links {} nodes, {} updates; cells {} nodes, {} updates",
            links.stats.solutions,
            links.stats.nodes,
            links.stats.updates,
            cells.stats.nodes,
            cells.stats.updates
        );
        group.throughput(Throughput::Elements(links.stats.nodes));
        group.bench_function(BenchmarkId::new("links", name), |b| {
            b.iter(|| solver.count().stats.solutions)
        });
        group.bench_function(BenchmarkId::new("cells", name), |b| {
            b.iter(|| CellSolver::new(&problem).count().stats.solutions)
        });
    }
    group.finish();
}

criterion_group!(benches, side_by_side);
criterion_main!(benches);
