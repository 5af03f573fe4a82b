//! Graceful labellings of a graph: give the `n` vertices of a graph with `m` edges distinct
//! labels out of `0..=m` so that the `m` edges, each labelled by the difference of its ends,
//! get the labels `1..=m`, one each. Rosa's question (1967) and the graceful tree conjecture
//! (every tree has one) keep it the most asked-about labelling problem.
//!
//! The encoding is that of Knuth's `GRACEFUL-DLX`, item for item: a primary item `dk` per
//! edge label `k` and `u-v` per edge, which pairs edges with labels; a secondary item `.v`
//! per vertex, coloured by its label, and `+k` per vertex label `0..=m`, coloured by the
//! vertex that has it, which keeps labels distinct. An option lays label `k` on edge `u-v`
//! with its ends labelled `i` and `i + k`, one way round or the other.
//!
//! Every labelling `l` has a complement `m - l`. [`GracefulLabelling::distinct`] counts the
//! classes of labellings under complementing and the graph's automorphisms: the complement
//! is broken inside the problem, as Knuth does (the edge labelled `m` has its label `0` at
//! the end written first), and the automorphisms by keeping the least labelling of each class
//! ([`Puzzle::is_representative`]).
//!
//! ```
//! use dlxkit::puzzles::graceful::{Graph, GracefulLabelling};
//! use dlxkit::puzzles::Puzzle;
//! // The path on 6 vertices has 24 graceful labellings (OEIS A006967); up to reversal
//! // and complement, 6.
//! let path = GracefulLabelling::new(&Graph::path(6)?)?;
//! assert_eq!(path.count(), 24);
//! assert_eq!(path.distinct()?.count(), 6);
//! # Ok::<(), dlxkit::puzzles::PuzzleError>(())
//! ```

use std::f64::consts::PI;
use std::fmt;
use std::str::FromStr;

use super::{InvalidSolution, Puzzle, PuzzleError};
use crate::svg::{colour, num, Svg};
use crate::xc::{Entry, OptionId, Problem};

/// The most edges a graph may have (the problem grows as `m³`: 270 000 options for 64).
pub const MAX_EDGES: usize = 64;
/// The longest vertex name.
pub const MAX_NAME: usize = 16;
/// The most automorphisms [`GracefulLabelling::distinct`] compares a labelling under.
pub const MAX_AUTOMORPHISMS: usize = 100_000;

/// A simple graph with named vertices, and where to draw them.
///
/// A graph is written as a family and its size (`path:6`, `cycle:8`, `complete:4`,
/// `star:5`, `wheel:6`, `bipartite:2x3`, `grid:2x3`) or as its edges (`a-b b-c c-a`):
///
/// ```
/// use dlxkit::puzzles::graceful::Graph;
/// let c4: Graph = "cycle:4".parse()?;
/// assert_eq!((c4.vertex_count(), c4.edges().len()), (4, 4));
/// let tri: Graph = "a-b b-c, c-a".parse()?;
/// assert_eq!(tri.name(2), "c");
/// assert!("a-a".parse::<Graph>().is_err());
/// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    names: Vec<String>,
    edges: Vec<(usize, usize)>,
    /// Each vertex's place in the picture, in a unit box.
    layout: Vec<(f64, f64)>,
}

impl Graph {
    /// A graph from its vertices' names and its edges (pairs of indexes), drawn on a circle.
    ///
    /// ```
    /// use dlxkit::puzzles::graceful::Graph;
    /// let g = Graph::new(vec!["a".into(), "b".into()], vec![(0, 1)])?;
    /// assert_eq!(g.edges(), &[(0, 1)]);
    /// let lonely = Graph::new(vec!["a".into(), "b".into(), "c".into()], vec![(0, 1)]);
    /// assert_eq!(lonely.unwrap_err().to_string(), "vertex c has no edge");
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(names: Vec<String>, edges: Vec<(usize, usize)>) -> Result<Graph, PuzzleError> {
        let n = names.len();
        let layout = circle(n);
        Graph::laid_out(names, edges, layout)
    }

    fn laid_out(
        names: Vec<String>,
        edges: Vec<(usize, usize)>,
        layout: Vec<(f64, f64)>,
    ) -> Result<Graph, PuzzleError> {
        if edges.is_empty() {
            return Err(PuzzleError::Empty {
                what: "the graph's list of edges".to_string(),
            });
        }
        if edges.len() > MAX_EDGES {
            return Err(PuzzleError::TooLarge {
                what: "the number of edges",
                value: edges.len(),
                max: MAX_EDGES,
            });
        }
        for (k, name) in names.iter().enumerate() {
            check_name(name)?;
            if names[..k].contains(name) {
                return Err(PuzzleError::Duplicate { name: name.clone() });
            }
        }
        let mut seen = Vec::new();
        for &(u, v) in &edges {
            if u >= names.len() || v >= names.len() {
                return Err(PuzzleError::Unknown {
                    name: format!("vertex {}", u.max(v)),
                });
            }
            if u == v {
                return Err(PuzzleError::Unsuitable {
                    reason: format!("the loop {0}-{0} has no difference", names[u]),
                });
            }
            let key = (u.min(v), u.max(v));
            if seen.contains(&key) {
                return Err(PuzzleError::Duplicate {
                    name: format!("{}-{}", names[u], names[v]),
                });
            }
            seen.push(key);
        }
        if let Some(v) = (0..names.len()).find(|&v| !seen.iter().any(|&(a, b)| a == v || b == v)) {
            return Err(PuzzleError::Unsuitable {
                reason: format!("vertex {} has no edge", names[v]),
            });
        }
        Ok(Graph {
            names,
            edges,
            layout,
        })
    }

    /// The path on `n` vertices `0`, `1`, ..., drawn in a row.
    ///
    /// ```
    /// use dlxkit::puzzles::graceful::Graph;
    /// assert_eq!(Graph::path(3)?.edges(), &[(0, 1), (1, 2)]);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn path(n: usize) -> Result<Graph, PuzzleError> {
        check_size("the path's number of vertices", n, 2, MAX_EDGES + 1)?;
        let layout = (0..n).map(|k| (k as f64, 0.0)).collect();
        Graph::laid_out(numbered(n), (1..n).map(|k| (k - 1, k)).collect(), layout)
    }

    /// The cycle on `n` vertices.
    pub fn cycle(n: usize) -> Result<Graph, PuzzleError> {
        check_size("the cycle's number of vertices", n, 3, MAX_EDGES)?;
        // Each edge from its lower vertex, as the GraphBase's cycles are written.
        let edges = (0..n)
            .map(|k| (k.min((k + 1) % n), k.max((k + 1) % n)))
            .collect();
        Graph::laid_out(numbered(n), edges, circle(n))
    }

    /// The complete graph on `n` vertices (graceful only up to 4, as Golomb showed).
    pub fn complete(n: usize) -> Result<Graph, PuzzleError> {
        check_size("the complete graph's number of vertices", n, 2, 11)?;
        let mut edges = Vec::new();
        for u in 0..n {
            edges.extend((u + 1..n).map(|v| (u, v)));
        }
        Graph::laid_out(numbered(n), edges, circle(n))
    }

    /// The star: a hub `0` joined to `n` leaves.
    pub fn star(n: usize) -> Result<Graph, PuzzleError> {
        check_size("the star's number of leaves", n, 1, MAX_EDGES)?;
        let mut layout = vec![(0.0, 0.0)];
        layout.extend(circle(n));
        Graph::laid_out(numbered(n + 1), (1..=n).map(|k| (0, k)).collect(), layout)
    }

    /// The wheel: a cycle of `n` vertices `1..=n` and a hub `0` joined to each.
    pub fn wheel(n: usize) -> Result<Graph, PuzzleError> {
        check_size("the wheel's number of spokes", n, 3, MAX_EDGES / 2)?;
        let mut edges: Vec<(usize, usize)> = (1..=n).map(|k| (0, k)).collect();
        edges.extend((1..=n).map(|k| (k.min(k % n + 1), k.max(k % n + 1))));
        let mut layout = vec![(0.0, 0.0)];
        layout.extend(circle(n));
        Graph::laid_out(numbered(n + 1), edges, layout)
    }

    /// The complete bipartite graph: `a` vertices `a0`, `a1`, ... each joined to `b`
    /// vertices `b0`, `b1`, ... (all graceful).
    pub fn complete_bipartite(a: usize, b: usize) -> Result<Graph, PuzzleError> {
        check_size("a side of the bipartite graph", a.min(b), 1, MAX_EDGES)?;
        check_size("the number of edges", a.saturating_mul(b), 1, MAX_EDGES)?;
        let mut names: Vec<String> = (0..a).map(|k| format!("a{k}")).collect();
        names.extend((0..b).map(|k| format!("b{k}")));
        let mut edges = Vec::new();
        for u in 0..a {
            edges.extend((0..b).map(|v| (u, a + v)));
        }
        let row = |count: usize, y: f64| {
            (0..count).map(move |k| ((k as f64 + 0.5) / count as f64 * 2.0 - 1.0, y))
        };
        let layout = row(a, -1.0).chain(row(b, 1.0)).collect();
        Graph::laid_out(names, edges, layout)
    }

    /// The grid of `rows` by `cols` vertices `r_c`, each joined to its neighbours in its row
    /// and its column (all graceful).
    pub fn grid(rows: usize, cols: usize) -> Result<Graph, PuzzleError> {
        check_size("the grid's side", rows.min(cols), 1, MAX_EDGES)?;
        let edge_count = rows
            .saturating_mul(cols - 1)
            .saturating_add(cols.saturating_mul(rows - 1));
        check_size("the number of edges", edge_count, 1, MAX_EDGES)?;
        let mut names = Vec::new();
        let mut layout = Vec::new();
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                names.push(format!("{r}_{c}"));
                layout.push((c as f64, r as f64));
                let v = r * cols + c;
                if c + 1 < cols {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + cols));
                }
            }
        }
        Graph::laid_out(names, edges, layout)
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// The edges, as pairs of vertex indexes in the order given.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// A vertex's name.
    pub fn name(&self, vertex: usize) -> &str {
        &self.names[vertex]
    }

    /// The permutations of the vertices that map edges to edges (the identity first), or an
    /// error when there are more than [`MAX_AUTOMORPHISMS`].
    ///
    /// ```
    /// use dlxkit::puzzles::graceful::Graph;
    /// assert_eq!(Graph::cycle(5)?.automorphisms()?.len(), 10);
    /// assert_eq!(Graph::star(4)?.automorphisms()?.len(), 24);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn automorphisms(&self) -> Result<Vec<Vec<usize>>, PuzzleError> {
        let n = self.names.len();
        let mut adjacent = vec![false; n * n];
        let mut degree = vec![0usize; n];
        for &(u, v) in &self.edges {
            adjacent[u * n + v] = true;
            adjacent[v * n + u] = true;
            degree[u] += 1;
            degree[v] += 1;
        }
        let mut found = Vec::new();
        let mut image = Vec::with_capacity(n);
        let mut used = vec![false; n];
        let search = Automorphisms {
            n,
            adjacent: &adjacent,
            degree: &degree,
        };
        if !search.extend(&mut image, &mut used, &mut found) {
            return Err(PuzzleError::TooLarge {
                what: "the number of the graph's automorphisms",
                value: found.len(),
                max: MAX_AUTOMORPHISMS,
            });
        }
        Ok(found)
    }
}

/// The backtracking search for automorphisms: vertex `k` goes to `image[k]`.
struct Automorphisms<'a> {
    n: usize,
    adjacent: &'a [bool],
    degree: &'a [usize],
}

impl Automorphisms<'_> {
    /// Extends `image` in every way; false when more than [`MAX_AUTOMORPHISMS`] were found.
    fn extend(
        &self,
        image: &mut Vec<usize>,
        used: &mut [bool],
        found: &mut Vec<Vec<usize>>,
    ) -> bool {
        let k = image.len();
        if k == self.n {
            found.push(image.clone());
            return found.len() <= MAX_AUTOMORPHISMS;
        }
        // The identity first: candidates in increasing order, k itself tried first.
        let candidates = std::iter::once(k).chain((0..self.n).filter(|&t| t != k));
        for t in candidates {
            if used[t] || self.degree[t] != self.degree[k] {
                continue;
            }
            let fits = (0..k)
                .all(|j| self.adjacent[j * self.n + k] == self.adjacent[image[j] * self.n + t]);
            if !fits {
                continue;
            }
            used[t] = true;
            image.push(t);
            let more = self.extend(image, used, found);
            image.pop();
            used[t] = false;
            if !more {
                return false;
            }
        }
        true
    }
}

fn check_size(what: &'static str, value: usize, min: usize, max: usize) -> Result<(), PuzzleError> {
    if value < min {
        return Err(PuzzleError::TooSmall { what, value, min });
    }
    if value > max {
        return Err(PuzzleError::TooLarge { what, value, max });
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), PuzzleError> {
    let fine = !name.is_empty()
        && name.len() <= MAX_NAME
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if fine {
        Ok(())
    } else {
        Err(PuzzleError::Parse {
            line: 1,
            column: 1,
            message: format!(
                "`{name}` is not a vertex name (1 to {MAX_NAME} letters, digits or _)"
            ),
        })
    }
}

fn numbered(n: usize) -> Vec<String> {
    (0..n).map(|k| k.to_string()).collect()
}

/// `n` points round the unit circle, the first at the top, clockwise.
fn circle(n: usize) -> Vec<(f64, f64)> {
    (0..n)
        .map(|k| {
            let a = 2.0 * PI * k as f64 / n as f64;
            (a.sin(), -a.cos())
        })
        .collect()
}

impl FromStr for Graph {
    type Err = PuzzleError;

    /// A family and its size (`path:6`), or edges `u-v` separated by spaces or commas.
    fn from_str(text: &str) -> Result<Graph, PuzzleError> {
        let trimmed = text.trim();
        if let Some((family, size)) = trimmed.split_once(':') {
            let number = |s: &str| {
                s.trim().parse::<usize>().map_err(|_| PuzzleError::Parse {
                    line: 1,
                    column: family.chars().count() + 2,
                    message: format!("`{s}` is not a size"),
                })
            };
            let pair = || match size.split_once('x') {
                Some((a, b)) => Ok((number(a)?, number(b)?)),
                None => Err(PuzzleError::Parse {
                    line: 1,
                    column: family.chars().count() + 2,
                    message: format!("`{size}` is not AxB"),
                }),
            };
            return match family.trim() {
                "path" => Graph::path(number(size)?),
                "cycle" => Graph::cycle(number(size)?),
                "complete" => Graph::complete(number(size)?),
                "star" => Graph::star(number(size)?),
                "wheel" => Graph::wheel(number(size)?),
                "bipartite" => pair().and_then(|(a, b)| Graph::complete_bipartite(a, b)),
                "grid" => pair().and_then(|(a, b)| Graph::grid(a, b)),
                other => Err(PuzzleError::Parse {
                    line: 1,
                    column: 1,
                    message: format!(
                        "unknown graph family `{other}` (path, cycle, complete, star, wheel, bipartite, grid)"
                    ),
                }),
            };
        }
        let mut names: Vec<String> = Vec::new();
        let mut edges = Vec::new();
        for (line_no, line) in text.lines().enumerate() {
            let mut column = 1;
            for word in line.split_inclusive([' ', ',', '\t']) {
                let width = word.chars().count();
                let edge = word.trim_end_matches([' ', ',', '\t']);
                if !edge.is_empty() {
                    let parse_error = |message: String| PuzzleError::Parse {
                        line: line_no + 1,
                        column,
                        message,
                    };
                    let (u, v) = edge
                        .split_once('-')
                        .ok_or_else(|| parse_error(format!("`{edge}` is not an edge u-v")))?;
                    let mut index = |name: &str| -> Result<usize, PuzzleError> {
                        check_name(name).map_err(|_| {
                            parse_error(format!(
                                "`{name}` is not a vertex name (1 to {MAX_NAME} letters, digits or _)"
                            ))
                        })?;
                        Ok(match names.iter().position(|n| n == name) {
                            Some(k) => k,
                            None => {
                                names.push(name.to_string());
                                names.len() - 1
                            }
                        })
                    };
                    if u == v {
                        return Err(parse_error(format!(
                            "`{edge}` is a loop, which has no difference"
                        )));
                    }
                    let pair = (index(u)?, index(v)?);
                    edges.push(pair);
                    if edges.len() > MAX_EDGES {
                        return Err(PuzzleError::TooLarge {
                            what: "the number of edges",
                            value: edges.len(),
                            max: MAX_EDGES,
                        });
                    }
                }
                column += width;
            }
        }
        Graph::new(names, edges)
    }
}

impl fmt::Display for Graph {
    /// The edges, `u-v` separated by spaces (which [`Graph::from_str`] reads back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, &(u, v)) in self.edges.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}-{}", self.names[u], self.names[v])?;
        }
        Ok(())
    }
}

/// A labelling: each vertex's label, in the order of the graph's vertices.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Labels(pub Vec<usize>);

/// One option: edge `edge` gets its ends labelled `(at_u, at_v)`.
#[derive(Clone, Copy, Debug)]
struct EdgeLabel {
    edge: usize,
    at_u: usize,
    at_v: usize,
}

/// The graceful labellings of a graph, as an exact cover problem.
#[derive(Clone, Debug)]
pub struct GracefulLabelling {
    graph: Graph,
    problem: Problem,
    options: Vec<EdgeLabel>,
    /// With [`GracefulLabelling::distinct`], the automorphisms but the identity.
    automorphisms: Vec<Vec<usize>>,
    distinct: bool,
}

impl GracefulLabelling {
    /// Every graceful labelling of `graph` (a labelling and its complement both counted).
    ///
    /// ```
    /// use dlxkit::puzzles::graceful::{Graph, GracefulLabelling};
    /// use dlxkit::puzzles::Puzzle;
    /// // K4 has labels {0, 1, 4, 6} or {0, 2, 5, 6}, each in 4! ways; K5 has none.
    /// assert_eq!(GracefulLabelling::new(&Graph::complete(4)?)?.count(), 48);
    /// assert_eq!(GracefulLabelling::new(&Graph::complete(5)?)?.count(), 0);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn new(graph: &Graph) -> Result<GracefulLabelling, PuzzleError> {
        GracefulLabelling::build(graph, false, Vec::new())
    }

    /// The same graph counting one labelling per class of labellings that complementing
    /// (`l` to `m - l`) and the graph's automorphisms map to each other: the class's least
    /// labelling (as the list of vertex labels) among those whose edge labelled `m` has
    /// its `0` at the end written first. An error when the graph has more than
    /// [`MAX_AUTOMORPHISMS`] automorphisms.
    ///
    /// ```
    /// use dlxkit::puzzles::graceful::{Graph, GracefulLabelling};
    /// use dlxkit::puzzles::Puzzle;
    /// // K4's 48 labellings are 2 classes under complement, and 24 automorphisms join
    /// // each to its complement's class: 1.
    /// let k4 = GracefulLabelling::new(&Graph::complete(4)?)?.distinct()?;
    /// assert_eq!(k4.count(), 1);
    /// # Ok::<(), dlxkit::puzzles::PuzzleError>(())
    /// ```
    pub fn distinct(self) -> Result<GracefulLabelling, PuzzleError> {
        let mut automorphisms = self.graph.automorphisms()?;
        automorphisms.remove(0);
        GracefulLabelling::build(&self.graph, true, automorphisms)
    }

    fn build(
        graph: &Graph,
        distinct: bool,
        automorphisms: Vec<Vec<usize>>,
    ) -> Result<GracefulLabelling, PuzzleError> {
        let m = graph.edges.len();
        let mut b = Problem::builder();
        let differences = b.primaries((1..=m).map(|k| format!("d{k}")))?;
        let edge_items = b.primaries(
            graph
                .edges
                .iter()
                .map(|&(u, v)| format!("{}-{}", graph.names[u], graph.names[v])),
        )?;
        let vertex_items = b.secondaries(graph.names.iter().map(|v| format!(".{v}")))?;
        let label_items = b.secondaries((0..=m).map(|k| format!("+{k}")))?;
        let label_colours: Vec<_> = (0..=m).map(|k| b.color(&k.to_string())).collect();
        let vertex_colours: Vec<_> = graph.names.iter().map(|v| b.color(v)).collect();
        let mut options = Vec::new();
        for k in 1..=m {
            for i in 0..=m - k {
                let j = i + k;
                for (e, &(u, v)) in graph.edges.iter().enumerate() {
                    let ways: &[(usize, usize)] = if distinct && i == 0 && j == m {
                        &[(i, j)]
                    } else {
                        &[(i, j), (j, i)]
                    };
                    for &(at_u, at_v) in ways {
                        b.option([
                            Entry::from(differences[k - 1]),
                            edge_items[e].into(),
                            Entry::colored(vertex_items[u], label_colours[at_u]),
                            Entry::colored(vertex_items[v], label_colours[at_v]),
                            Entry::colored(label_items[at_u], vertex_colours[u]),
                            Entry::colored(label_items[at_v], vertex_colours[v]),
                        ])?;
                        options.push(EdgeLabel {
                            edge: e,
                            at_u,
                            at_v,
                        });
                    }
                }
            }
        }
        Ok(GracefulLabelling {
            graph: graph.clone(),
            problem: b.build()?,
            options,
            automorphisms,
            distinct,
        })
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// How many automorphisms (the identity included) a labelling is compared under, times
    /// 2 for the complement: 1 unless [`GracefulLabelling::distinct`].
    pub fn symmetry_count(&self) -> usize {
        if self.distinct {
            2 * (self.automorphisms.len() + 1)
        } else {
            1
        }
    }

    /// Whether a labelling is one the distinct problem lists: its edge labelled `m` has its
    /// `0` at the end written first.
    fn oriented(&self, labels: &[usize]) -> bool {
        let m = self.graph.edges.len();
        self.graph
            .edges
            .iter()
            .find(|&&(u, v)| labels[u].abs_diff(labels[v]) == m)
            .is_some_and(|&(u, _)| labels[u] == 0)
    }
}

impl Puzzle for GracefulLabelling {
    type Solution = Labels;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn describe(&self, option: OptionId) -> Option<String> {
        let o = self.options.get(option.index())?;
        let (u, v) = self.graph.edges[o.edge];
        Some(format!(
            "edge {}-{} labelled {}: {} at {}, {} at {}",
            self.graph.names[u],
            self.graph.names[v],
            o.at_u.abs_diff(o.at_v),
            o.at_u,
            self.graph.names[u],
            o.at_v,
            self.graph.names[v]
        ))
    }

    fn decode(&self, options: &[OptionId]) -> Result<Labels, InvalidSolution> {
        let mut labels = vec![usize::MAX; self.graph.vertex_count()];
        for &o in options {
            let chosen = self
                .options
                .get(o.index())
                .ok_or_else(|| InvalidSolution(format!("no option {}", o.index())))?;
            let (u, v) = self.graph.edges[chosen.edge];
            for (vertex, label) in [(u, chosen.at_u), (v, chosen.at_v)] {
                if labels[vertex] != usize::MAX && labels[vertex] != label {
                    return Err(InvalidSolution(format!(
                        "vertex {} labelled both {} and {label}",
                        self.graph.names[vertex], labels[vertex]
                    )));
                }
                labels[vertex] = label;
            }
        }
        if let Some(v) = labels.iter().position(|&l| l == usize::MAX) {
            return Err(InvalidSolution(format!(
                "vertex {} has no label",
                self.graph.names[v]
            )));
        }
        Ok(Labels(labels))
    }

    fn validate(&self, solution: &Labels) -> Result<(), InvalidSolution> {
        let labels = &solution.0;
        let m = self.graph.edges.len();
        if labels.len() != self.graph.vertex_count() {
            return Err(InvalidSolution(format!(
                "{} labels for {} vertices",
                labels.len(),
                self.graph.vertex_count()
            )));
        }
        let mut label_used = vec![false; m + 1];
        for (v, &l) in labels.iter().enumerate() {
            let name = &self.graph.names[v];
            if l > m {
                return Err(InvalidSolution(format!(
                    "vertex {name} labelled {l}, above {m}"
                )));
            }
            if std::mem::replace(&mut label_used[l], true) {
                return Err(InvalidSolution(format!("label {l} used twice")));
            }
        }
        let mut difference_used = vec![false; m + 1];
        for &(u, v) in &self.graph.edges {
            let d = labels[u].abs_diff(labels[v]);
            if d == 0 || std::mem::replace(&mut difference_used[d], true) {
                return Err(InvalidSolution(format!("two edges labelled {d}")));
            }
        }
        Ok(())
    }

    /// Two lines: the vertices' names, and under each its label; then each edge with its
    /// label.
    fn render(&self, solution: &Labels) -> String {
        let widths: Vec<usize> = (self.graph.names.iter().zip(&solution.0))
            .map(|(n, l)| n.len().max(l.to_string().len()))
            .collect();
        let row = |cells: Vec<String>| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(c, &w)| format!("{c:>w$}"))
                .collect();
            padded.join(" ")
        };
        let mut out = row(self.graph.names.clone());
        out.push('\n');
        out.push_str(&row(solution.0.iter().map(|l| l.to_string()).collect()));
        out.push('\n');
        let edges: Vec<String> = (self.graph.edges.iter())
            .map(|&(u, v)| {
                let d = solution.0[u].abs_diff(solution.0[v]);
                format!("{}-{}:{d}", self.graph.names[u], self.graph.names[v])
            })
            .collect();
        out.push_str(&edges.join(" "));
        out.push('\n');
        out
    }

    /// The graph as laid out: each edge one `<path class="piece">` line in the colour of
    /// its label (the same label, the same colour, in every labelling), the label written
    /// at its middle; each vertex a disc with its label.
    fn draw(&self, solution: &Labels) -> Option<Svg> {
        let layout = &self.graph.layout;
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for &(x, y) in layout {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        // Neighbours on a circle of n are 2 sin(π/n) apart; keep them four radii apart.
        let n = layout.len().max(3) as f64;
        let unit = (4.0 * RADIUS / (2.0 * (PI / n).sin())).max(4.0 * RADIUS);
        let pad = RADIUS + 4.0;
        let at = |v: usize| {
            let (x, y) = layout[v];
            ((x - x0) * unit + pad, (y - y0) * unit + pad)
        };
        let mut svg = Svg::new((x1 - x0) * unit + 2.0 * pad, (y1 - y0) * unit + 2.0 * pad);
        for &(u, v) in &self.graph.edges {
            let d = solution.0[u].abs_diff(solution.0[v]);
            let (a, b) = (at(u), at(v));
            let path = format!("M{} {}L{} {}", num(a.0), num(a.1), num(b.0), num(b.1));
            let name = format!("{}-{}", self.graph.names[u], self.graph.names[v]);
            svg.path(
                "piece",
                "none",
                &path,
                &[
                    ("stroke", colour(d)),
                    ("stroke-width", "4"),
                    ("data-piece", &name),
                ],
            );
        }
        for &(u, v) in &self.graph.edges {
            let d = solution.0[u].abs_diff(solution.0[v]);
            let (a, b) = (at(u), at(v));
            let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            svg.text_class(
                "difference",
                middle,
                FONT * 0.8,
                &[("fill", "#222"), ("font-style", "italic")],
                &d.to_string(),
            );
        }
        for (v, &label) in solution.0.iter().enumerate() {
            let (x, y) = at(v);
            svg.circle("vertex", "#fff", x, y, RADIUS);
            svg.text_class(
                "label",
                (x, y),
                FONT,
                &[("data-vertex", &self.graph.names[v])],
                &label.to_string(),
            );
        }
        Some(svg)
    }

    fn filters(&self) -> bool {
        !self.automorphisms.is_empty()
    }

    fn is_representative(&self, solution: &Labels) -> bool {
        let m = self.graph.edges.len();
        let labels = &solution.0;
        let mut image = vec![0; labels.len()];
        for sigma in &self.automorphisms {
            for complement in [false, true] {
                for (v, &l) in labels.iter().enumerate() {
                    image[sigma[v]] = if complement { m - l } else { l };
                }
                if self.oriented(&image) && image < *labels {
                    return false;
                }
            }
        }
        // The complement alone (no automorphism) is never oriented with the labelling.
        true
    }
}

/// The radius of a vertex's disc, in pixels.
const RADIUS: f64 = 12.0;
/// The labels' font size, in pixels.
const FONT: f64 = 12.0;
