//! Criterion benchmarks of the engines side by side: dancing links, dancing cells and the
//! bitset engine count every solution of the same inputs in one run (Knuth's generators'
//! files in `tests/cells_inputs/`, coloured and not, and 13 queens and the pentominoes
//! 6x10 reduced by symmetry, where the bitset engine is meant to win), so that their ratio is
//! measured on one machine under one load (the cells and bits figures include building
//! their sparse sets and masks). BENCHMARKS.md has the table against Knuth's SSXCC and the default rule the
//! plan draws from it.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dlxkit::puzzles::polyomino::pentomino_rectangle;
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::sudoku::encode::Encoding;
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions};
use dlxkit::sudoku::Shape;
use dlxkit::xc::bits::BitSolver;
use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::{Arena, Limits, OptionId, Problem, Solver};

const INPUTS: [&str; 3] = ["de-bruijn-0-3-6", "windmill-4-4", "queens-10"];

/// The puzzles the bitset engine is measured on against the links.
fn bits_inputs() -> [(&'static str, Problem); 2] {
    let queens = Queens::new(13, QueensOrder::OrganPipe).expect("13 queens");
    let pentominoes = pentomino_rectangle(6, 10, true).expect("the 6x10 box");
    [
        ("queens-13", queens.problem().clone()),
        ("pentominoes-6x10-reduced", pentominoes.problem().clone()),
    ]
}

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
        let bits = BitSolver::new(&problem).expect("a small problem").count();
        assert_eq!(links.stats.nodes, bits.stats.nodes, "{name}");
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
        group.bench_function(BenchmarkId::new("bits", name), |b| {
            b.iter(|| bits_count(&problem))
        });
    }
    for (name, problem) in bits_inputs() {
        let arena = Arena::new();
        let mut solver = Solver::new(&problem, &arena);
        let links = solver.count();
        let mut bits = BitSolver::new(&problem).expect("a small problem");
        assert_eq!(links.stats.nodes, bits.count().stats.nodes, "{name}");
        group.throughput(Throughput::Elements(links.stats.nodes));
        group.bench_function(BenchmarkId::new("links", name), |b| {
            b.iter(|| solver.count().stats.solutions)
        });
        group.bench_function(BenchmarkId::new("bits", name), |b| {
            b.iter(|| bits_count(&problem))
        });
    }
    group.finish();
}

/// Counts every solution on the bitset engine, building its masks.
fn bits_count(problem: &Problem) -> u64 {
    let mut solver = BitSolver::new(problem).expect("a small problem");
    solver.count().stats.solutions
}

/// The 95 puzzles of Norvig's top95, each solved through the 729x324 exact cover encoding
/// (the givens forced, up to two solutions, as a uniqueness check does) on each engine:
/// building the engine's structure for every puzzle (`links`, `bits`, and `cells` on the
/// problem the givens leave, as they take no forced option), or once for the grid shape,
/// every puzzle then unforcing the last one's givens and forcing its own (`links-shared`,
/// `bits-shared`).
fn sudoku_batch(c: &mut Criterion) {
    let path = format!(
        "{}/data/sudoku/norvig_top95.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("top95");
    let puzzles = parse_puzzles(&text, &ParseOptions::default()).expect("top95 parses");
    let encoding = Encoding::standard(Shape::new(3, 3).expect("9x9")).expect("the encoding");
    let givens: Vec<Vec<OptionId>> = puzzles
        .iter()
        .map(|p| encoding.options_of(&p.grid))
        .collect();
    let problem = encoding.problem();
    let limits = Limits::new().solutions(2);
    let links = || -> u64 {
        let mut found = 0;
        for given in &givens {
            let arena = Arena::new();
            let mut solver = Solver::new(problem, &arena).with_limits(limits.clone());
            given
                .iter()
                .for_each(|&o| solver.force(o).expect("givens agree"));
            found += solver.count().stats.solutions;
        }
        found
    };
    let bits = || -> u64 {
        let mut found = 0;
        for given in &givens {
            let solver = BitSolver::new(problem).expect("729 options");
            let mut solver = solver.with_limits(limits.clone());
            given
                .iter()
                .for_each(|&o| solver.force(o).expect("givens agree"));
            found += solver.count().stats.solutions;
        }
        found
    };
    // Dancing cells take no forced option: each puzzle is the problem its givens leave, built
    // afresh (as a shard of the cells is).
    let cells = || -> u64 {
        let mut found = 0;
        for given in &givens {
            let (left, _) = problem.forcing_with_origin(given).expect("givens agree");
            let solver = CellSolver::new(&left).with_limits(limits.clone());
            found += solver.count().stats.solutions;
        }
        found
    };
    let arena = Arena::new();
    let mut shared_links = Solver::new(problem, &arena).with_limits(limits.clone());
    let mut links_shared = || -> u64 {
        let mut found = 0;
        for given in &givens {
            shared_links.unforce_all();
            given
                .iter()
                .for_each(|&o| shared_links.force(o).expect("givens agree"));
            found += shared_links.count().stats.solutions;
        }
        found
    };
    let mut shared_bits = BitSolver::new(problem)
        .expect("729 options")
        .with_limits(limits.clone());
    let mut bits_shared = || -> u64 {
        let mut found = 0;
        for given in &givens {
            shared_bits.unforce_all();
            given
                .iter()
                .for_each(|&o| shared_bits.force(o).expect("givens agree"));
            found += shared_bits.count().stats.solutions;
        }
        found
    };
    let expected = puzzles.len() as u64;
    assert_eq!(links(), expected, "each puzzle has one solution");
    assert_eq!(bits(), expected, "each puzzle has one solution");
    assert_eq!(links_shared(), expected, "each puzzle has one solution");
    assert_eq!(bits_shared(), expected, "each puzzle has one solution");
    assert_eq!(cells(), expected, "each puzzle has one solution");
    let mut group = c.benchmark_group("engines/sudoku-top95");
    group.sample_size(10);
    group.throughput(Throughput::Elements(expected));
    group.bench_function("links", |b| b.iter(links));
    group.bench_function("bits", |b| b.iter(bits));
    group.bench_function("cells", |b| b.iter(cells));
    group.bench_function("links-shared", |b| b.iter(&mut links_shared));
    group.bench_function("bits-shared", |b| b.iter(&mut bits_shared));
    group.finish();
}

criterion_group!(benches, side_by_side, sudoku_batch);
criterion_main!(benches);
