//! ZDDs in Knuth's text format, as his DLX6 writes them and his ZDDREAD programs read them.
//!
//! One node per line, `id: (~v?lo:hi)`, with the ids in hexadecimal, `v` the variable in
//! decimal, and 0 and 1 the terminals ⊥ and ⊤. DLX6 numbers the options from 1 in input
//! order and ends with a dummy node of variable 0 whose `hi` is the real root (ZDDREAD takes
//! the node of least variable as the root, and the dummy makes that the top). Every solution
//! then holds the dummy's variable 0 too: ZDDREAD-GF's powers of z are one more than the
//! number of options, and ZDDREAD-RANDOM prints a leading 0. dlxkit writes the same, and when
//! reading, a root of variable 0 with `lo` ⊥ is taken for that dummy and left out.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::OnceLock;

use thiserror::Error;

use super::{NodeId, Zdd};

/// Why a file is not a ZDD in Knuth's format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KnuthZddError {
    /// A line is not `id: (~v?lo:hi)`.
    #[error("line {line}: expected a node as `id: (~v?lo:hi)` (hexadecimal ids, a decimal variable), found `{text}`")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// The line's text (cut to 60 characters).
        text: String,
    },
    /// A node id given twice (ZDDREAD's "clobbered node").
    #[error("line {line}: node {id:x} is defined twice (first on line {first})")]
    Duplicate {
        /// The line, from 1.
        line: usize,
        /// The node's id.
        id: u64,
        /// The line of its first definition.
        first: usize,
    },
    /// A node names a child that no line defines.
    #[error("line {line}: node {id:x} names child {child:x}, which no line defines")]
    Missing {
        /// The line, from 1.
        line: usize,
        /// The node's id.
        id: u64,
        /// The missing child.
        child: u64,
    },
    /// A node is its own descendant.
    #[error("line {line}: node {id:x} is its own descendant: a ZDD has no cycles")]
    Cycle {
        /// The line, from 1.
        line: usize,
        /// The node's id.
        id: u64,
    },
    /// Terminal ids (0, 1) defined as nodes.
    #[error("line {line}: ids 0 and 1 are the terminals ⊥ and ⊤ and cannot be defined")]
    Terminal {
        /// The line, from 1.
        line: usize,
    },
    /// No node at all.
    #[error("no node: the file holds no line `id: (~v?lo:hi)`")]
    Empty,
    /// More nodes than 2^32 - 2 (the ids of [`NodeId`]).
    #[error("more than 4294967293 nodes")]
    TooLarge,
}

/// The fields of one line, if it is a node.
fn parse_line(line: &str) -> Option<(u64, u64, u64, u64)> {
    let (id, rest) = line.trim().split_once(':')?;
    let rest = rest.trim().strip_prefix("(~")?.strip_suffix(')')?;
    let (var, rest) = rest.split_once('?')?;
    let (lo, hi) = rest.split_once(':')?;
    let hex = |s: &str| u64::from_str_radix(s.trim(), 16).ok();
    Some((hex(id)?, var.trim().parse().ok()?, hex(lo)?, hex(hi)?))
}

impl Zdd {
    /// Writes the ZDD in Knuth's format (see the module `xc::zdd::knuth`): one `id: (~v?lo:hi)` line
    /// per node reachable from the root, children first, options numbered from 1, then the
    /// dummy root of variable 0, as DLX6 writes them.
    ///
    /// ```
    /// use dlxkit::xc::{memo::MemoOptions, zdd::Zdd, Problem};
    /// let p = Problem::from_dlx("A B\nA\nB\nA B\n")?;
    /// let (zdd, _) = Zdd::build(&p, &MemoOptions::new())?;
    /// let mut text = Vec::new();
    /// zdd.write_knuth(&mut text)?;
    /// assert_eq!(String::from_utf8(text)?, "2: (~3?0:1)\n3: (~2?0:1)\n4: (~1?2:3)\n5: (~0?0:4)\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_knuth(&self, out: &mut impl Write) -> io::Result<()> {
        let reachable = self.reachable();
        let mut id = vec![0u64; self.nodes.len()];
        id[1] = 1;
        let mut next = 2u64;
        for &v in &reachable {
            id[v as usize] = next;
            let [option, lo, hi] = self.nodes[v as usize];
            writeln!(
                out,
                "{next:x}: (~{}?{:x}:{:x})",
                u64::from(option) + 1,
                id[lo as usize],
                id[hi as usize]
            )?;
            next += 1;
        }
        writeln!(out, "{next:x}: (~0?0:{:x})", id[self.root.index()])
    }

    /// Reads a ZDD in Knuth's format (see the module `xc::zdd::knuth`): variable `v` is option `v - 1`;
    /// the root is the node of least variable, and a root of variable 0 whose `lo` is ⊥ is
    /// DLX6's dummy and stands for its `hi`. Lines that are empty or start with `|` or `!`
    /// are skipped.
    ///
    /// ```
    /// use dlxkit::xc::zdd::Zdd;
    /// let zdd = Zdd::read_knuth("2: (~3?0:1)\n3: (~2?0:1)\n4: (~1?2:3)\n5: (~0?0:4)\n")?;
    /// assert_eq!(zdd.count().to_u64(), Some(2));
    /// let all: Vec<Vec<usize>> =
    ///     zdd.solutions().map(|s| s.iter().map(|o| o.index()).collect()).collect();
    /// assert_eq!(all, [vec![0, 1], vec![2]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_knuth(text: &str) -> Result<Zdd, KnuthZddError> {
        // id -> (line, variable, lo, hi)
        let mut defined: HashMap<u64, (usize, u64, u64, u64)> = HashMap::new();
        let mut root: Option<(u64, u64)> = None; // (variable, id)
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('|') || t.starts_with('!') {
                continue;
            }
            let Some((id, var, lo, hi)) = parse_line(t) else {
                return Err(KnuthZddError::Syntax {
                    line,
                    text: t.chars().take(60).collect(),
                });
            };
            if id <= 1 {
                return Err(KnuthZddError::Terminal { line });
            }
            if let Some(&(first, ..)) = defined.get(&id) {
                return Err(KnuthZddError::Duplicate { line, id, first });
            }
            defined.insert(id, (line, var, lo, hi));
            if root.is_none_or(|(v, _)| var < v) {
                root = Some((var, id));
            }
        }
        let (root_var, mut root_id) = root.ok_or(KnuthZddError::Empty)?;
        if root_var == 0 {
            let (line, _, lo, hi) = defined[&root_id];
            if lo == 0 {
                if hi > 1 && !defined.contains_key(&hi) {
                    return Err(KnuthZddError::Missing {
                        line,
                        id: root_id,
                        child: hi,
                    });
                }
                root_id = hi;
            }
        }
        if defined.len() > u32::MAX as usize - 2 {
            return Err(KnuthZddError::TooLarge);
        }
        // Children before parents: a depth-first walk from the root, numbering on the way
        // out (state 1: on the path, 2: numbered).
        let mut nodes: Vec<[u32; 3]> = vec![[u32::MAX; 3]; 2];
        let mut number: HashMap<u64, u32> = HashMap::from([(0, 0), (1, 1)]);
        let mut on_path: HashMap<u64, ()> = HashMap::new();
        let mut stack: Vec<(u64, bool)> = vec![(root_id, false)];
        while let Some((id, expanded)) = stack.pop() {
            if number.contains_key(&id) {
                continue;
            }
            // Every id pushed is defined: the root is, and children are checked below.
            let (line, var, lo, hi) = defined[&id];
            if expanded {
                on_path.remove(&id);
                let option = u32::try_from(var.saturating_sub(1)).unwrap_or(u32::MAX - 1);
                nodes.push([option, number[&lo], number[&hi]]);
                number.insert(id, nodes.len() as u32 - 1);
                continue;
            }
            on_path.insert(id, ());
            stack.push((id, true));
            for child in [lo, hi] {
                if number.contains_key(&child) {
                    continue;
                }
                if on_path.contains_key(&child) {
                    return Err(KnuthZddError::Cycle { line, id });
                }
                if !defined.contains_key(&child) {
                    return Err(KnuthZddError::Missing { line, id, child });
                }
                stack.push((child, false));
            }
        }
        let root = NodeId(number[&root_id]);
        Ok(Zdd {
            nodes,
            root,
            counts: OnceLock::new(),
        })
    }
}
