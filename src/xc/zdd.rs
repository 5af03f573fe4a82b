//! The ZDD of all solutions: a zero-suppressed decision diagram built by the memoised search.
//!
//! A ZDD stands for a family of sets. Each node is labelled by an option and has two
//! children: `lo`, the family without that option, and `hi`, the family of what goes with it.
//! Two terminals end the paths: ⊥ (id 0, the empty family) and ⊤ (id 1, the family holding
//! only the empty set). A path from the root to ⊤ that leaves a node by `hi` takes that node's
//! option, so each such path is one solution, and the solutions are exactly those paths.
//!
//! The memoised search ([`crate::xc::memo`]) builds it as it goes, as Nishino et al. showed:
//! a state whose chosen item has live options r1, ..., rk becomes a chain of nodes, the node of
//! r1 on top, each `lo` leading to the next option and each `hi` to the node of the state
//! after that option (an option whose state has no solution gets no node). Equal nodes are
//! made once (a unique table), so the diagram has no two nodes with the same option and
//! children. Along each path the options appear in the order the search chose them, which
//! differs from path to path: this is a *free* ZDD, with no single variable order. Everything
//! below works on it as it is; a tool that needs an ordered ZDD can rebuild one from the
//! [Graphillion](Zdd::write_graphillion) export.
//!
//! From the diagram: the exact [count](Zdd::count) (one addition per node), the solution of a
//! given [rank](Zdd::solution), uniformly random [samples](Zdd::sample) (a uniform rank, then
//! its solution), [lazy enumeration](Zdd::solutions) in the order Knuth's DLX finds them, and
//! two text exports.
//!
//! ```
//! use dlxkit::puzzles::{dominoes::Dominoes, Puzzle};
//! use dlxkit::rng::Rng;
//! use dlxkit::xc::{memo::MemoOptions, zdd::Zdd};
//! let puzzle = Dominoes::new(4, 4)?;
//! let (zdd, _stats) = Zdd::build(puzzle.problem(), &MemoOptions::new())?;
//! assert_eq!(zdd.count().to_u64(), Some(36));
//! assert_eq!(zdd.solutions().count(), 36);
//! let tiling = zdd.sample(&mut Rng::new(1)).expect("a tiling");
//! assert!(puzzle.problem().check_solution(&tiling).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};
use std::sync::OnceLock;

mod knuth;
mod weights;

pub use knuth::KnuthZddError;

use super::memo::search::{self, Fold, Halt};
use super::memo::table::{self, hash_words, IndexTable, MemoryCap};
use super::memo::{MemoError, MemoOptions, MemoStats};
use super::Count;
use super::{OptionId, Problem};
use crate::rng::Rng;

/// A node of a [`Zdd`], or one of its two terminals.
///
/// ```
/// use dlxkit::xc::zdd::NodeId;
/// assert!(NodeId::BOTTOM.is_terminal() && NodeId::TOP.is_terminal());
/// assert_eq!(NodeId::TOP.index(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// ⊥: the empty family (no solution).
    pub const BOTTOM: NodeId = NodeId(0);
    /// ⊤: the family of the empty set (one solution, with nothing left to choose).
    pub const TOP: NodeId = NodeId(1);

    /// The id as a number: 0 and 1 for the terminals, then 2, 3, ... in the order the nodes
    /// were made (children before parents).
    ///
    /// ```
    /// assert_eq!(dlxkit::xc::zdd::NodeId::BOTTOM.index(), 0);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is ⊥ or ⊤.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let (zdd, _) = Zdd::build(&Problem::from_dlx("A\nA\n")?, &MemoOptions::new())?;
    /// assert!(!zdd.root().is_terminal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_terminal(self) -> bool {
        self.0 < 2
    }
}

/// A branch node: its option and its two children.
///
/// ```
/// use dlxkit::xc::{memo::MemoOptions, zdd::{NodeId, Zdd}, Problem};
/// let p = Problem::from_dlx("A\nA\n")?;
/// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
/// let node = zdd.node(zdd.root()).expect("a branch");
/// assert_eq!((node.option.index(), node.lo, node.hi), (0, NodeId::BOTTOM, NodeId::TOP));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The option this node decides.
    pub option: OptionId,
    /// The solutions without the option.
    pub lo: NodeId,
    /// What completes the option into solutions.
    pub hi: NodeId,
}

/// The number of solutions below each node, in `u128` while they fit.
#[derive(Clone, Debug)]
enum Counts {
    Narrow(Vec<u128>),
    Wide(Vec<Count>),
}

impl Counts {
    /// The number of solutions below node `id`.
    fn of(&self, id: u32) -> Count {
        match self {
            Counts::Narrow(c) => Count::from(c[id as usize]),
            Counts::Wide(c) => c[id as usize].clone(),
        }
    }
}

/// The solutions of an exact cover problem as a zero-suppressed decision diagram.
#[derive(Clone, Debug)]
pub struct Zdd {
    /// `[option, lo, hi]` per node; the first two entries stand for the terminals.
    nodes: Vec<[u32; 3]>,
    root: NodeId,
    counts: OnceLock<Counts>,
}

/// Builds the nodes for the memoised search (see [`Fold`]).
struct Builder {
    nodes: Vec<[u32; 3]>,
    unique: IndexTable,
}

fn node_hash(node: &[u32; 3]) -> u64 {
    hash_words(&[
        u64::from(node[0]) | u64::from(node[1]) << 32,
        u64::from(node[2]),
    ])
}

impl Fold for Builder {
    type Value = u32;

    fn bottom(&self) -> u32 {
        NodeId::BOTTOM.0
    }

    fn top(&self) -> u32 {
        NodeId::TOP.0
    }

    fn branch(&mut self, option: u32, lo: u32, hi: &u32, budget: &MemoryCap) -> Result<u32, Halt> {
        if *hi == NodeId::BOTTOM.0 {
            return Ok(lo); // zero suppression: an option that leads nowhere gets no node
        }
        let node = [option, lo, *hi];
        let hash = node_hash(&node);
        let nodes = &self.nodes;
        if let Some(id) = self.unique.find(hash, |i| nodes[i as usize] == node) {
            return Ok(id);
        }
        let room = self.nodes.len() < u32::MAX as usize - 1
            && self
                .unique
                .reserve_one(budget, |i| node_hash(&nodes[i as usize]))
            && table::reserve_one(&mut self.nodes, budget);
        if !room {
            return Err(Halt::Memory);
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.unique.insert(hash, id);
        Ok(id)
    }
}

impl Zdd {
    /// Builds the ZDD of every solution of `problem` with the memoised search, within the
    /// options' memory limit (its nodes and the search's cache together) and search limits.
    ///
    /// ```
    /// use dlxkit::xc::{memo::{MemoError, MemoOptions}, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\n")?;
    /// let (zdd, stats) = Zdd::build(&p, &MemoOptions::new())?;
    /// assert_eq!(zdd.count().to_u64(), Some(3));
    /// assert_eq!(stats.zdd_nodes, zdd.node_count() as u64);
    /// let tiny = MemoOptions::new().memory_limit(10);
    /// assert!(matches!(Zdd::build(&p, &tiny), Err(MemoError::Memory { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(problem: &Problem, options: &MemoOptions) -> Result<(Zdd, MemoStats), MemoError> {
        if options.limits.max_solutions.is_some() {
            return Err(MemoError::SolutionLimit);
        }
        let budget = MemoryCap::new(options.memory_limit).with_note(options.on_full.clone());
        let mut builder = Builder {
            nodes: vec![[u32::MAX; 3]; 2],
            unique: IndexTable::default(),
        };
        let searched = search::search(
            problem,
            &mut builder,
            &options.limits,
            options.choice,
            &budget,
        );
        let node_count = builder.nodes.len() as u64 - 2;
        let mut searched = match searched {
            Ok(s) => s,
            Err(_) => {
                return Err(MemoError::Memory {
                    limit: options.memory_limit,
                    nodes: node_count,
                })
            }
        };
        let root = match searched.value {
            Ok(root) => root,
            Err(open) => {
                // The solutions met so far: those below the nodes the open states made.
                searched.stats.zdd_nodes = node_count;
                let partial = Zdd {
                    nodes: builder.nodes,
                    root: NodeId::BOTTOM,
                    counts: OnceLock::new(),
                };
                let counts = partial.counts();
                let mut met = Count::zero();
                for id in open {
                    met += &counts.of(id);
                }
                return Err(MemoError::Incomplete {
                    status: searched.status,
                    met,
                    stats: Box::new(searched.stats),
                });
            }
        };
        searched.stats.zdd_nodes = node_count;
        let zdd = Zdd {
            nodes: builder.nodes,
            root: NodeId(root),
            counts: OnceLock::new(),
        };
        Ok((zdd, searched.stats))
    }

    /// The root: the family of every solution.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::{NodeId, Zdd}, Problem};
    /// let none = Problem::from_dlx("A B\nA\n")?;
    /// assert_eq!(Zdd::build(&none, &MemoOptions::new())?.0.root(), NodeId::BOTTOM);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The number of branch nodes (terminals aside).
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// assert_eq!(Zdd::build(&p, &MemoOptions::new())?.0.node_count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// A branch node (`None` for a terminal or an id this ZDD does not have).
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::{NodeId, Zdd}, Problem};
    /// let (zdd, _) = Zdd::build(&Problem::from_dlx("A\nA\n")?, &MemoOptions::new())?;
    /// assert!(zdd.node(NodeId::TOP).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node(&self, id: NodeId) -> Option<Node> {
        if id.is_terminal() {
            return None;
        }
        self.nodes.get(id.index()).map(|&[option, lo, hi]| Node {
            option: OptionId::new(option as usize),
            lo: NodeId(lo),
            hi: NodeId(hi),
        })
    }

    /// Every branch node with its id, children before parents.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let (zdd, _) = Zdd::build(&Problem::from_dlx("A B\nA\nB\nA B\n")?, &MemoOptions::new())?;
    /// for (id, node) in zdd.nodes() {
    ///     assert!(node.lo < id && node.hi < id);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = (NodeId, Node)> + '_ {
        self.nodes[2..]
            .iter()
            .enumerate()
            .map(|(k, &[option, lo, hi])| {
                let node = Node {
                    option: OptionId::new(option as usize),
                    lo: NodeId(lo),
                    hi: NodeId(hi),
                };
                (NodeId(k as u32 + 2), node)
            })
    }

    fn counts(&self) -> &Counts {
        self.counts.get_or_init(|| {
            let mut narrow = vec![0u128, 1];
            for &[_, lo, hi] in &self.nodes[2..] {
                match narrow[lo as usize].checked_add(narrow[hi as usize]) {
                    Some(c) => narrow.push(c),
                    None => break,
                }
            }
            if narrow.len() == self.nodes.len() {
                return Counts::Narrow(narrow);
            }
            let mut wide = vec![Count::zero(), Count::from(1u64)];
            for &[_, lo, hi] in &self.nodes[2..] {
                let mut c = wide[lo as usize].clone();
                c += &wide[hi as usize];
                wide.push(c);
            }
            Counts::Wide(wide)
        })
    }

    /// The number of solutions (computed once, children before parents).
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\nA B C\n")?;
    /// assert_eq!(Zdd::build(&p, &MemoOptions::new())?.0.count().to_u64(), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> Count {
        match self.counts() {
            Counts::Narrow(c) => Count::from(c[self.root.index()]),
            Counts::Wide(c) => c[self.root.index()].clone(),
        }
    }

    /// The solution of rank `rank` (from 0, in the order of [`Zdd::solutions`]), or `None`
    /// when `rank` is not below the count.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Count, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let all: Vec<_> = zdd.solutions().collect();
    /// assert_eq!(zdd.solution(&Count::from(1u64)).as_ref(), Some(&all[1]));
    /// assert_eq!(zdd.solution(&Count::from(2u64)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&self, rank: &Count) -> Option<Vec<OptionId>> {
        let mut path = Vec::new();
        let mut v = self.root.0;
        match self.counts() {
            Counts::Narrow(counts) => {
                let mut r = rank.to_u128()?;
                if r >= counts[v as usize] {
                    return None;
                }
                while v > 1 {
                    let [option, lo, hi] = self.nodes[v as usize];
                    // Solutions with the option come first (hi before lo), as DLX finds them.
                    let with = counts[hi as usize];
                    if r < with {
                        path.push(OptionId::new(option as usize));
                        v = hi;
                    } else {
                        r -= with;
                        v = lo;
                    }
                }
            }
            Counts::Wide(counts) => {
                let mut r = rank.clone();
                if r >= counts[v as usize] {
                    return None;
                }
                while v > 1 {
                    let [option, lo, hi] = self.nodes[v as usize];
                    let with = &counts[hi as usize];
                    if r < *with {
                        path.push(OptionId::new(option as usize));
                        v = hi;
                    } else {
                        r.sub_assign(with);
                        v = lo;
                    }
                }
            }
        }
        Some(path)
    }

    /// A solution drawn uniformly at random (each of the [count](Zdd::count) equally likely),
    /// or `None` when there is none.
    ///
    /// ```
    /// use dlxkit::rng::Rng;
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let mut rng = Rng::new(7);
    /// let s = zdd.sample(&mut rng).unwrap();
    /// assert!(p.check_solution(&s).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample(&self, rng: &mut Rng) -> Option<Vec<OptionId>> {
        let total = self.count();
        if total.is_zero() {
            return None;
        }
        self.solution(&total.random_below(rng))
    }

    /// Every solution, lazily, in the order Knuth's DLX would find them with the same item
    /// choice (a depth-first walk, `hi` before `lo`).
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B C\nA\nB\nC\nA B\nB C\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// for s in zdd.solutions() {
    ///     assert!(p.check_solution(&s).is_ok());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions {
            zdd: self,
            stack: Vec::new(),
            path: Vec::new(),
            next: Some(self.root.0),
        }
    }

    /// Writes the ZDD in dlxkit's text format: comment lines starting with `|`, then one line
    /// per node reachable from the root, `id option lo hi`, children before parents (so the
    /// ids only grow), then `root R`. Ids 0 and 1 are ⊥ and ⊤; `option` is the option's
    /// index, from 0, in the problem's order (the order of `dlxkit solve --emit dlx`).
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let mut text = Vec::new();
    /// zdd.write_text(&mut text)?;
    /// let text = String::from_utf8(text)?;
    /// let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('|')).collect();
    /// assert_eq!(lines, ["2 2 0 1", "3 1 0 1", "4 0 2 3", "root 4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let reachable = self.reachable();
        writeln!(
            out,
            "| dlxkit ZDD: {} nodes; solutions: {}",
            reachable.len(),
            self.count()
        )?;
        writeln!(
            out,
            "| id option lo hi (0 = no solution, 1 = the empty solution; options from 0)"
        )?;
        for &v in &reachable {
            let [option, lo, hi] = self.nodes[v as usize];
            writeln!(out, "{v} {option} {lo} {hi}")?;
        }
        writeln!(out, "root {}", self.root.0)
    }

    /// Writes the ZDD in the text format of Graphillion's `setset.load` (the Python library
    /// of the Minato lab for families of sets and graphs, from which TdZdd and SAPPOROBDD
    /// diagrams are also read): one line per node, `id element lo hi`, with `B` and `T` for
    /// ⊥ and ⊤, children before parents, the root last, and a final `.` line. The element of
    /// a node is its option's index plus 1 (Graphillion counts elements from 1). Graphillion
    /// rebuilds each node as `lo ∪ ({element} ⊔ hi)`, so it reads this free ZDD correctly and
    /// makes its own ordered, reduced one.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let mut text = Vec::new();
    /// zdd.write_graphillion(&mut text)?;
    /// assert_eq!(String::from_utf8(text)?, "2 3 B T\n3 2 B T\n4 1 2 3\n.\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_graphillion(&self, out: &mut impl Write) -> io::Result<()> {
        let name = |v: u32| match v {
            0 => "B".to_string(),
            1 => "T".to_string(),
            v => v.to_string(),
        };
        if self.root.is_terminal() {
            writeln!(out, "{}", name(self.root.0))?;
        }
        for v in self.reachable() {
            let [option, lo, hi] = self.nodes[v as usize];
            writeln!(out, "{v} {} {} {}", option + 1, name(lo), name(hi))?;
        }
        writeln!(out, ".")
    }

    /// The branch nodes reachable from the root, in increasing order (children first).
    fn reachable(&self) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut todo = vec![self.root.0];
        while let Some(v) = todo.pop() {
            if v > 1 && !std::mem::replace(&mut seen[v as usize], true) {
                let [_, lo, hi] = self.nodes[v as usize];
                todo.push(lo);
                todo.push(hi);
            }
        }
        (2..self.nodes.len() as u32)
            .filter(|&v| seen[v as usize])
            .collect()
    }
}

/// The solutions of a [`Zdd`], one at a time (see [`Zdd::solutions`]).
#[derive(Clone, Debug)]
pub struct Solutions<'z> {
    zdd: &'z Zdd,
    /// The nodes left by `hi` on the way to the current solution.
    stack: Vec<u32>,
    path: Vec<OptionId>,
    /// Where to go down next (`None`: the walk is over).
    next: Option<u32>,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        loop {
            let mut v = self.next.take()?;
            // Down by `hi` to ⊤ (a branch node's hi is never ⊥), or stop at ⊥.
            while v > 1 {
                let [option, _, hi] = self.zdd.nodes[v as usize];
                self.stack.push(v);
                self.path.push(OptionId::new(option as usize));
                v = hi;
            }
            let found = (v == NodeId::TOP.0).then(|| self.path.clone());
            // Then up to the deepest node whose `lo` is still to be walked.
            while let Some(u) = self.stack.pop() {
                self.path.pop();
                let lo = self.zdd.nodes[u as usize][1];
                if lo != NodeId::BOTTOM.0 {
                    self.next = Some(lo);
                    break;
                }
            }
            if found.is_some() {
                return found;
            }
        }
    }
}
