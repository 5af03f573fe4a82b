//! What all puzzles share: the benchmark instances, and the `Puzzle` trait used generically.

use dlxkit::puzzles::{benchmark_instances, dominoes::Dominoes, langford::Langford, Puzzle};
use dlxkit::xc::{Arena, Limits, Solver};

fn first_is_valid<P: Puzzle>(p: &P) -> bool {
    match p.first().unwrap() {
        Some(s) => p.validate(&s).is_ok() && !p.render(&s).is_empty(),
        None => false,
    }
}

#[test]
fn the_trait_works_generically() {
    assert!(first_is_valid(&Dominoes::new(2, 3).unwrap()));
    assert!(first_is_valid(&Langford::new(7, true).unwrap()));
    let l = Langford::new(3, false).unwrap();
    for o in l.problem().options() {
        assert!(l.describe(o).unwrap().starts_with("the two "));
    }
}

#[test]
fn benchmark_instances_are_built_and_solvable() {
    let instances = benchmark_instances().unwrap();
    assert_eq!(instances.len(), 4);
    for b in &instances {
        // Find a first solution quickly (counting them all is the benchmark's job).
        let arena = Arena::new();
        let mut solver = Solver::new(&b.problem, &arena).with_limits(Limits::new().solutions(1));
        let outcome = solver.count();
        assert_eq!(outcome.stats.solutions, 1, "{}", b.name);
    }
}
