//! Dancing cells: Knuth's sparse-set engines, SSXCC for exact cover with colours and
//! SSMCC for item bounds (multiplicities), the second engine behind the front door ([`crate::xc::plan::Engine::Cells`]).
//!
//! Where dancing links unlink and relink every node one by one, dancing cells keep each
//! item's active options as the prefix of an array and save only the sizes of the active
//! items at a branching level: undoing a level is writing those sizes back. Knuth finds
//! them "often significantly faster" on coloured problems; BENCHMARKS.md has the
//! measurements behind the plan's choice.

mod best;
mod best_bounded;
mod bounded;
mod matrix;
mod search;

pub(crate) use best::CellBest;
pub(crate) use best_bounded::CellBestBounded;
pub use search::CellSolver;
