//! What splitting a search into shards sees of its tree: a branch of a node ([`Choice`]),
//! where it leads ([`Next`]) and where a search cut short stood ([`StopPoint`]). Both loops
//! on the links speak them, whichever the problem needs.

use crate::xc::problem::OptionId;

/// Where a branch of a node leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// Every primary item is covered: a solution (its node is not in the node's stats).
    Solution,
    /// The next item chosen has no option left: a dead end (counted in the node's stats).
    DeadEnd,
    /// The next item chosen has this many options: a subtree to search.
    Open(u32),
}

/// One branch of a node on a shard's path, as the split found it and the shard replays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Algorithm X or C: the option taken, replayed by forcing it.
    Option(OptionId),
    /// Algorithm M: the move's number at its level (from 1), replayed by making the same
    /// move, since M's moves also exclude the options tried before them.
    Move(u32),
}

/// Where a search cut short stood (`Solver::run_to_stop`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StopPoint {
    /// Per level below the forced options, the branch taken (Algorithm M's move), its
    /// number among the node's branches (from 1) and how many the node has.
    pub(crate) levels: Vec<(Choice, u32, u32)>,
    /// Whether the node the levels lead to was searched (a solution counted before the
    /// stop) rather than left untouched.
    pub(crate) entered: bool,
}
