//! Where a solver keeps its matrix: nodes borrowed from an [`Arena`], or owned.
//!
//! The search borrows the node and length arrays mutably and never reallocates them, so the
//! code of the dance is the same for both kinds of storage; only the types differ.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use super::node::Node;
use super::problem::Problem;

/// Memory for the dancing-links matrices of one or more [`Solver`](crate::xc::Solver)s.
///
/// A solver borrows its nodes from an arena, so the arena must outlive it. One arena can serve
/// many solvers; its memory is returned when the arena is dropped.
///
/// ```
/// use dlxkit::xc::{Arena, Problem, Solver};
/// let problem = Problem::from_dlx("A B\nA\nB\nA B\n")?;
/// let arena = Arena::new();
/// let mut solver = Solver::new(&problem, &arena);
/// assert_eq!(solver.count().stats.solutions, 2);
/// assert!(arena.bytes() > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Arena {
    nodes: typed_arena::Arena<Node>,
    lens: typed_arena::Arena<i32>,
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arena")
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Arena {
    /// An empty arena.
    ///
    /// ```
    /// let arena = dlxkit::xc::Arena::new();
    /// assert_eq!(arena.bytes(), 0);
    /// ```
    pub fn new() -> Arena {
        Arena::default()
    }

    /// The bytes held by the nodes and list lengths allocated so far.
    ///
    /// ```
    /// # use dlxkit::xc::{Arena, Problem, Solver};
    /// let p = Problem::from_dlx("A\nA\n").unwrap();
    /// let arena = Arena::new();
    /// let _s = Solver::new(&p, &arena);
    /// // slot 0, 1 header, 1 node, 2 spacers at 16 bytes; 17 lengths at 4 bytes (slot 0, A,
    /// // and padding to a whole chunk of 16 for the item choice's scan).
    /// assert_eq!(arena.bytes(), 5 * 16 + 17 * 4);
    /// ```
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.lens.len() * std::mem::size_of::<i32>()
    }

    /// Moves a matrix's arrays into the arena.
    pub(super) fn keep(&self, nodes: Vec<Node>, lens: Vec<i32>) -> (&mut [Node], &mut [i32]) {
        (self.nodes.alloc_extend(nodes), self.lens.alloc_extend(lens))
    }
}

mod sealed {
    pub trait Sealed {}
}

/// Where a [`Solver`](crate::xc::Solver) keeps its problem and its matrix: [`Borrowed`] (the
/// problem by reference, the nodes from an [`Arena`]) or [`Owned`]. Sealed: these two are the
/// only kinds.
pub trait Storage: sealed::Sealed {
    /// How the solver holds its problem.
    #[doc(hidden)]
    type Problem: Deref<Target = Problem>;
    /// How the matrix holds its nodes.
    #[doc(hidden)]
    type Nodes: DerefMut<Target = [Node]>;
    /// How the matrix holds its list lengths.
    #[doc(hidden)]
    type Lens: DerefMut<Target = [i32]>;
}

/// The storage of [`Solver::new`](crate::xc::Solver::new): the problem is borrowed, and the
/// matrix lives in an [`Arena`] that outlives the solver. A marker type, never built.
///
/// ```
/// use dlxkit::xc::{Arena, Borrowed, Problem, Solver};
/// let p = Problem::from_dlx("A\nA\n")?;
/// let arena = Arena::new();
/// let s: Solver<'_, Borrowed<'_>> = Solver::new(&p, &arena);
/// assert_eq!(s.problem().option_count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Borrowed<'a> {
    _never: std::convert::Infallible,
    _life: std::marker::PhantomData<&'a ()>,
}

/// The storage of an [`OwnedSolver`](crate::xc::OwnedSolver): it shares its problem through an
/// `Arc` and owns its matrix, so it can be kept anywhere, for as long as needed. A marker
/// type, never built.
///
/// ```
/// use std::sync::Arc;
/// use dlxkit::xc::{OwnedSolver, Problem};
/// let mut s = OwnedSolver::owned(Arc::new(Problem::from_dlx("A\nA\n")?));
/// assert_eq!(s.count().stats.solutions, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Owned {
    _never: std::convert::Infallible,
}

impl sealed::Sealed for Borrowed<'_> {}
impl sealed::Sealed for Owned {}

impl<'a> Storage for Borrowed<'a> {
    type Problem = &'a Problem;
    type Nodes = &'a mut [Node];
    type Lens = &'a mut [i32];
}

impl Storage for Owned {
    type Problem = Arc<Problem>;
    type Nodes = Box<[Node]>;
    type Lens = Box<[i32]>;
}
