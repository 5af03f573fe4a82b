//! The bitset engine allocates nothing per search node: its levels are allocated once (or
//! grown once per new depth), so a count of hundreds of thousands of nodes allocates only the statistics'
//! level profile and the solution buffer, as a count of a few nodes does.

use crate::allocations;
use dlxkit::puzzles::polyomino::pentomino_rectangle;
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::bits::BitSolver;
use dlxkit::xc::Limits;

/// The allocations of a count on a solver that has searched once already (its levels
/// grown), and the nodes it took.
fn warm_count(solver: &mut BitSolver<'_>) -> (u64, u64) {
    solver.count();
    let (nodes, made) = allocations(|| solver.count().stats.nodes);
    (made, nodes)
}

#[test]
fn bits_allocate_no_more_for_900_000_nodes_than_for_a_hundred() {
    // 12 queens (counted lengths) and the pentominoes 6x10 reduced (kept lengths).
    let queens = Queens::new(12, QueensOrder::OrganPipe).unwrap();
    let pentominoes = pentomino_rectangle(6, 10, true).unwrap();
    for (problem, nodes) in [
        (queens.problem(), 211_716),
        (pentominoes.problem(), 909_153),
    ] {
        let mut full = BitSolver::new(problem).unwrap();
        let (full_made, full_nodes) = warm_count(&mut full);
        assert_eq!(full_nodes, nodes);
        let limits = Limits::new().nodes(100);
        let mut few = BitSolver::new(problem).unwrap().with_limits(limits);
        let (few_made, few_nodes) = warm_count(&mut few);
        assert_eq!(few_nodes, 100);
        // The profile grows with the depth, which a hundred nodes already reach.
        assert!(
            full_made <= few_made + 2 && full_made <= 16,
            "{full_made} allocations for {full_nodes} nodes, {few_made} for {few_nodes}"
        );
    }
}
