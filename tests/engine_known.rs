//! Known answers for the exact cover engine: Knuth's examples, counted as his programs count.

use dlxkit::bench::engine::INSTANCES;
use dlxkit::xc::{Arena, Limits, OptionId, Problem, Solver, Status};

const TOY: &str = "| Knuth's toy problem\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
const COLORS: &str =
    "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";

fn texts(problem: &Problem, solution: &[OptionId]) -> Vec<String> {
    let mut t: Vec<String> = solution.iter().map(|&o| problem.option_text(o)).collect();
    t.sort();
    t
}

#[test]
fn toy_problem_has_one_solution_with_knuths_counts() {
    let p = Problem::from_dlx(TOY).unwrap();
    let arena = Arena::new();
    let mut s = Solver::new(&p, &arena);
    let outcome = s.count();
    assert_eq!(outcome.status, Status::Complete);
    assert_eq!(outcome.stats.solutions, 1);
    assert_eq!(outcome.stats.nodes, 6);
    assert_eq!(outcome.stats.updates, 30);
    let first = s.first().unwrap();
    assert_eq!(texts(&p, &first), ["A D", "B G", "C E F"]);
    assert!(s.is_pristine());
}

#[test]
fn color_example_has_one_solution_with_knuths_counts() {
    let p = Problem::from_dlx(COLORS).unwrap();
    assert_eq!(
        p.warnings().len(),
        1,
        "the option without primary items is dropped"
    );
    let arena = Arena::new();
    let mut s = Solver::new(&p, &arena);
    let outcome = s.count();
    assert_eq!(outcome.stats.solutions, 1);
    assert_eq!(outcome.stats.nodes, 4);
    assert_eq!(outcome.stats.updates, 14);
    assert_eq!(outcome.stats.cleansings, 5);
    let first = s.first().unwrap();
    assert_eq!(texts(&p, &first), ["A C X:1 Y:1", "B X:1"]);
    assert!(s.is_pristine());
}

/// `n` items, each with one option of its own: the only solution takes one option per level,
/// so the search is `n` levels deep.
fn chain(n: usize) -> Problem {
    let mut b = Problem::builder();
    let items: Vec<_> = (0..n)
        .map(|k| b.primary(&format!("i{k}")).unwrap())
        .collect();
    for item in items {
        b.option([item]).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn deep_search_of_twenty_thousand_levels_does_not_overflow_the_stack() {
    let p = chain(20_000);
    let arena = Arena::new();
    let mut s = Solver::new(&p, &arena);
    let outcome = s.count();
    assert_eq!(outcome.stats.solutions, 1);
    assert_eq!(outcome.stats.max_level(), 20_000);
    assert_eq!(s.first().unwrap().len(), 20_000);
}

#[test]
fn node_limit_stops_and_leaves_the_solver_usable() {
    let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n").unwrap();
    let arena = Arena::new();
    let mut s = Solver::new(&p, &arena).with_limits(Limits::new().nodes(3));
    let o = s.count();
    assert_eq!(o.status, Status::NodeLimit);
    assert_eq!(o.stats.nodes, 3);
    s.set_limits(Limits::new());
    assert_eq!(s.count().stats.solutions, 4);
    assert!(s.is_pristine());
}

#[test]
fn branches_and_dead_ends_are_counted_per_node() {
    // Root: A has two options (a branch); each choice leaves an item with none (dead ends).
    let p = Problem::from_dlx("A B C\nA B\nA C\nB C\n").unwrap();
    let arena = Arena::new();
    let stats = Solver::new(&p, &arena).count().stats;
    assert_eq!((stats.solutions, stats.nodes), (0, 3));
    assert_eq!((stats.branches, stats.dead_ends), (1, 2));
    // One branch at the root, then a forced choice and a solution on each side.
    let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    let stats = Solver::new(&p, &arena).count().stats;
    assert_eq!(
        (stats.solutions, stats.branches, stats.dead_ends),
        (2, 1, 0)
    );
}

#[test]
fn stats_after_a_search_are_those_of_its_outcome() {
    // Updates and cleansings are counted in the matrix; `stats()` must carry them too.
    for (text, updates, cleansings) in [(TOY, 30, 0), (COLORS, 14, 5)] {
        let p = Problem::from_dlx(text).unwrap();
        let arena = Arena::new();
        let mut s = Solver::new(&p, &arena);
        let counted = s.count();
        assert_eq!(
            (s.stats().updates, s.stats().cleansings),
            (updates, cleansings)
        );
        assert_eq!(*s.stats(), counted.stats);
        // A search stopped early (the iterator dropped after one solution) too.
        let mut it = s.solutions();
        it.next().unwrap();
        let so_far = it.outcome();
        drop(it);
        assert!(s.stats().updates > 0);
        assert_eq!(s.stats().updates, so_far.stats.updates);
        assert_eq!(s.outcome().stats, *s.stats());
    }
}

#[test]
fn benchmark_instances_count_as_knuths_dlx1() {
    for instance in &INSTANCES {
        let p = instance.problem().unwrap();
        let arena = Arena::new();
        let mut solver = Solver::new(&p, &arena);
        if instance.counts.nodes <= 300_000 {
            let stats = solver.count().stats;
            let counts = (stats.solutions, stats.nodes, stats.updates);
            let known = instance.counts;
            assert_eq!(
                counts,
                (known.solutions, known.nodes, known.updates),
                "{}",
                instance.name
            );
        } else {
            // Long searches (a second or more): a first solution, checked.
            let first = solver.first().expect(instance.name);
            assert!(p.check_solution(&first).is_ok(), "{}", instance.name);
        }
    }
}
