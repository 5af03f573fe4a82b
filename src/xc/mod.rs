//! The exact cover engine: Knuth's Algorithm X with dancing links, and Algorithm C (colours).
//!
//! An *exact cover problem* has *items* and *options*; each option is a set of items. A
//! solution is a set of options that covers every *primary* item exactly once and every
//! *secondary* item at most once. With colours, a secondary item may be covered by several
//! chosen options as long as they all give it the same colour.
//!
//! Knuth's dancing links keep the problem as a sparse matrix of circular doubly linked lists,
//! one list per item. Choosing an option *covers* its items: every other option that shares an
//! item is unlinked from the lists it sits in. An unlinked node still remembers its neighbours,
//! so when the search backs up, relinking in exactly the reverse order restores the matrix
//! with no bookkeeping at all: the links "dance". At each step the search branches on the item
//! with the fewest remaining options (Knuth's "minimum remaining values" rule), which keeps the
//! tree small.
//!
//! A primary item may also have *bounds* (multiplicities): covered at least `a` and at most
//! `b` times. Such problems are searched with Knuth's Algorithm M, as his DLX3 does
//! (`multiplicity`, private).
//!
//! This module knows nothing of Sudoku or puzzles:
//!
//! - [`problem`]: items, options, colours, the validating [`ProblemBuilder`] and its errors;
//! - `matrix` (private): the linked structure, 16 bytes per node, in an [`Arena`];
//! - [`search`]: the [`Solver`] (Algorithm X/C and Algorithm M, each loop in a room of its
//!   own), its [`Limits`], [`Stats`] and the [`Solutions`] iterator (the words every engine
//!   speaks, limits, status, statistics and events, are in `outcome`, private);
//!   the item choice and its variations ([`SearchOrder`]: Knuth's seed and sharp
//!   preference) are in `choose` (private), his random numbers in `flip` (private);
//! - [`format`](mod@format): Knuth's text format, read ([`Problem::from_dlx`]) and written
//!   ([`Problem::to_dlx`]);
//! - [`best`]: minimum-cost solutions as Knuth's DLX5 ([`BestSolver`], [`Problem::best`]);
//! - [`reduce`](mod@reduce): preprocessing as Knuth's DLX-PRE ([`Problem::reduce`]);
//! - [`shard`]: the search tree cut into subtrees searched apart (threads, machines), and
//!   their results merged; [`parallel`]: the shards searched on several threads;
//! - [`plan`]: the front door, one [`Plan`] for every machine and mode (threads, shards,
//!   limits, minimum cost, reduction), checked ([`Plan::check`]) and run with a [`Sink`] of
//!   events; [`meter`]: the node budget threads share;
//! - [`memo`]: memoised counting (Algorithm X that remembers solved subproblems), and
//!   [`zdd`]: the ZDD of all solutions it builds (count, sample, enumerate, export).
//!
//! ```
//! use dlxkit::xc::{Arena, Problem, Solver};
//! let problem = Problem::from_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let arena = Arena::new();
//! let mut solver = Solver::new(&problem, &arena);
//! let outcome = solver.count();
//! assert_eq!(outcome.stats.solutions, 1);
//! assert_eq!((outcome.stats.nodes, outcome.stats.updates), (6, 30)); // as Knuth's DLX1 counts
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod best;
pub mod bits;
pub mod cells;
mod choose;
pub mod count;
mod dance;
mod flip;
pub mod format;
mod layout;
pub mod machine;
mod matrix;
pub mod memo;
pub mod meter;
mod multiplicity;
mod node;
mod outcome;
pub mod parallel;
pub mod plan;
pub mod problem;
pub mod reduce;
mod sanity;
pub mod search;
pub mod shard;
mod share;
mod sink;
mod storage;
mod subtree;
mod unchecked;
mod walks;
pub mod zdd;

pub use best::{BestOutcome, BestSolver, Costed};
pub use choose::SearchOrder;
pub use count::{Count, ParseCountError};
pub use format::{ParseError, ParseErrorKind};
#[doc(hidden)]
pub use layout::WalkChoice;
pub use node::NODE_BYTES;
pub use plan::{Algorithm, Engine, Plan, Report, RunError, Sink, Unsupported};
pub use problem::{
    ColorId, Entry, ForceError, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, ProblemError,
    Warning,
};
pub use reduce::{ReduceOptions, Reduction};
pub use search::{
    Counts, Event, Limits, Outcome, OwnedSolver, Progress, Solutions, Solver, Stats, Status,
};
pub use storage::{Arena, Borrowed, Owned, Storage};

impl Problem {
    /// Counts every solution (a convenience that makes its own [`Arena`] and [`Solver`]).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// assert_eq!(Problem::from_dlx("A B\nA\nB\nA B\n").unwrap().count_solutions(), 2);
    /// ```
    pub fn count_solutions(&self) -> u64 {
        let arena = Arena::new();
        Solver::new(self, &arena).count().stats.solutions
    }

    /// Every solution, in the order the search finds them (a convenience for small problems).
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n").unwrap();
    /// assert_eq!(p.all_solutions().len(), 2);
    /// ```
    pub fn all_solutions(&self) -> Vec<Vec<OptionId>> {
        let arena = Arena::new();
        Solver::new(self, &arena).solutions().collect()
    }

    /// The first solution the search finds, if any.
    ///
    /// ```
    /// # use dlxkit::xc::Problem;
    /// let p = Problem::from_dlx("A B\nA B\n").unwrap();
    /// assert_eq!(p.first_solution().unwrap().len(), 1);
    /// ```
    pub fn first_solution(&self) -> Option<Vec<OptionId>> {
        let arena = Arena::new();
        Solver::new(self, &arena).first()
    }
}
