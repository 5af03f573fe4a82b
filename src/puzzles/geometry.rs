//! The geometry shared by flat ([`super::polyomino`]) and solid ([`super::polycube`])
//! packings: cells, the motions that turn and flip pieces, placements, the symmetries of a
//! container, and the exact symmetry reduction.
//!
//! Cells are integer triples; flat boards use `[row, column, 0]`. A *motion* is a signed
//! permutation of the axes (a rotation when its determinant is +1, otherwise a reflection).
//! A piece may move by the motions it is allowed (turning and flipping for free polyominoes,
//! turning only for one-sided ones, the 24 rotations for polycubes); the container may be
//! mapped onto itself by any motion of the *ambient* group (the 8 symmetries of the square in
//! the plane, the 48 of the cube in space).
//!
//! ## The symmetry reduction
//!
//! A symmetry `g` of the container maps a solution to another one, provided the pieces' shapes
//! are carried to shapes of the set: turning is always fine; a reflection of one-sided pieces
//! (or of the chiral Soma pieces) maps each piece onto its mirror image, which must be another
//! piece of the set, so `g` also *permutes* the pieces (`π_g`). The symmetries that work form
//! a group `G`, and we want one solution per orbit of `G`.
//!
//! Choose a piece `P` that every `g` maps to itself. `G` acts on the placements of `P`; keep
//! one placement per orbit (the smallest). If no kept placement is fixed by a symmetry other
//! than the identity, every orbit of solutions has exactly one member with `P` in a kept
//! placement, and we are done. A kept placement `p` with a non-trivial stabilizer `H` (the X
//! pentomino centred on the middle row of a 5x12 box, fixed by the top-bottom flip) leaves `H`
//! to be broken: pick a *helper* piece `Q` on whose placements `H` acts freely (an asymmetric
//! piece such as F), add a secondary item `s_H` to the options of `P` at such placements, and
//! the same item to every placement of `Q` that is not the smallest of its `H`-orbit. When `P`
//! sits at `p`, `Q` is forced into its canonical placements; otherwise `Q` is free. Each orbit
//! of solutions is then counted exactly once.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::{InvalidSolution, PuzzleError, SymmetryReduction, SymmetryReport};
use crate::xc::problem::check_item_name;
use crate::xc::{ItemId, OptionId, Problem};

/// A cell: `[row, column, 0]` on a board, `[x, y, z]` in space.
pub(crate) type Cell = [i32; 3];

/// The most placements a packing problem may have.
pub(crate) const MAX_PLACEMENTS: usize = 2_000_000;

/// The bounds a board's or a piece's cells are checked against, and the words that name them
/// in an error.
pub(crate) struct CellBounds {
    /// The number of cells, as an error says it ("the number of board cells").
    pub(crate) count: &'static str,
    pub(crate) max_cells: usize,
    /// A coordinate, as an error says it ("a board coordinate").
    pub(crate) coordinate: &'static str,
    pub(crate) max_coordinate: usize,
}

/// Cells sorted and distinct, checked against `bounds`: not empty (`what` names the shape),
/// not too many, no coordinate (`largest` gives a cell's largest) above the bound.
pub(crate) fn checked_cells<T: Ord>(
    what: impl FnOnce() -> String,
    cells: impl IntoIterator<Item = T>,
    largest: impl Fn(&T) -> usize,
    bounds: &CellBounds,
) -> Result<Vec<T>, PuzzleError> {
    let mut cells: Vec<T> = cells.into_iter().collect();
    cells.sort_unstable();
    cells.dedup();
    if cells.is_empty() {
        return Err(PuzzleError::Empty { what: what() });
    }
    if cells.len() > bounds.max_cells {
        return Err(PuzzleError::TooLarge {
            what: bounds.count,
            value: cells.len(),
            max: bounds.max_cells,
        });
    }
    if let Some(value) = cells
        .iter()
        .map(largest)
        .find(|&v| v > bounds.max_coordinate)
    {
        return Err(PuzzleError::TooLarge {
            what: bounds.coordinate,
            value,
            max: bounds.max_coordinate,
        });
    }
    Ok(cells)
}

/// A piece's cells checked as [`checked_cells`] does, after its name (an item name): at most
/// `max_cells` of them, with coordinates up to ten times that.
pub(crate) fn piece_cells<T: Ord>(
    name: &str,
    cells: impl IntoIterator<Item = T>,
    largest: impl Fn(&T) -> usize,
    max_cells: usize,
) -> Result<Vec<T>, PuzzleError> {
    check_item_name(name)?;
    let bounds = CellBounds {
        count: "the number of cells of a piece",
        max_cells,
        coordinate: "a piece coordinate",
        max_coordinate: max_cells * 10,
    };
    checked_cells(|| format!("piece {name}"), cells, largest, &bounds)
}

/// Checks a piece set's names: at least one piece, at most `max`, no name twice.
pub(crate) fn check_piece_names(names: &[&str], max: usize) -> Result<(), PuzzleError> {
    if names.is_empty() {
        return Err(PuzzleError::Empty {
            what: "the piece set".to_string(),
        });
    }
    if names.len() > max {
        return Err(PuzzleError::TooLarge {
            what: "the number of pieces",
            value: names.len(),
            max,
        });
    }
    for (k, name) in names.iter().enumerate() {
        if names[..k].contains(name) {
            return Err(PuzzleError::Duplicate {
                name: (*name).to_string(),
            });
        }
    }
    Ok(())
}

/// The placements that the options of a solution stand for.
pub(crate) fn chosen<T: Clone>(
    placements: &[T],
    options: &[OptionId],
) -> Result<Vec<T>, InvalidSolution> {
    options
        .iter()
        .map(|&o| {
            placements
                .get(o.index())
                .cloned()
                .ok_or_else(|| InvalidSolution(format!("no option {}", o.index())))
        })
        .collect()
}

/// How an option that places a piece reads: `piece NAME on CELL CELL ...`.
pub(crate) fn describe(name: &str, cells: impl IntoIterator<Item = String>) -> String {
    let cells: Vec<String> = cells.into_iter().collect();
    format!("piece {name} on {}", cells.join(" "))
}

/// A signed permutation of the axes: coordinate `i` of the image is `sign[i] * c[perm[i]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Motion {
    perm: [usize; 3],
    sign: [i32; 3],
}

const PERMS: [([usize; 3], i32); 6] = [
    ([0, 1, 2], 1),
    ([0, 2, 1], -1),
    ([1, 0, 2], -1),
    ([1, 2, 0], 1),
    ([2, 0, 1], 1),
    ([2, 1, 0], -1),
];

const SIGNS: [[i32; 3]; 8] = [
    [1, 1, 1],
    [1, 1, -1],
    [1, -1, 1],
    [1, -1, -1],
    [-1, 1, 1],
    [-1, 1, -1],
    [-1, -1, 1],
    [-1, -1, -1],
];

impl Motion {
    pub(crate) fn apply(&self, c: Cell) -> Cell {
        [
            self.sign[0] * c[self.perm[0]],
            self.sign[1] * c[self.perm[1]],
            self.sign[2] * c[self.perm[2]],
        ]
    }

    fn determinant(&self, parity: i32) -> i32 {
        parity * self.sign[0] * self.sign[1] * self.sign[2]
    }
}

/// The symmetries of the square acting on `[row, column, 0]` (identity first): the four
/// rotations, and the four reflections when asked.
pub(crate) fn plane_motions(reflections: bool) -> Vec<Motion> {
    let mut out = Vec::new();
    for &(perm, parity) in &PERMS {
        if perm[2] != 2 {
            continue;
        }
        for sign in SIGNS.iter().filter(|s| s[2] == 1) {
            let m = Motion { perm, sign: *sign };
            if reflections || m.determinant(parity) == 1 {
                out.push(m);
            }
        }
    }
    out
}

/// The twelve symmetries of the triangular (and the hexagonal) lattice, identity first,
/// acting on cells written as three coordinates, one per family of grid lines: the
/// permutations of the coordinates, each with or without negating them all. The rotations are
/// the even permutations (turns by 120 degrees) with either sign (negation turns by 180); the
/// odd permutations are reflections.
pub(crate) fn trigonal_motions(reflections: bool) -> Vec<Motion> {
    let mut out = Vec::new();
    for &(perm, parity) in &PERMS {
        for s in [1, -1] {
            if reflections || parity == 1 {
                out.push(Motion {
                    perm,
                    sign: [s, s, s],
                });
            }
        }
    }
    out
}

/// The symmetries of the cube (identity first): the 24 rotations, and the 24 reflections
/// when asked.
pub(crate) fn space_motions(reflections: bool) -> Vec<Motion> {
    let mut out = Vec::new();
    for &(perm, parity) in &PERMS {
        for sign in &SIGNS {
            let m = Motion { perm, sign: *sign };
            if reflections || m.determinant(parity) == 1 {
                out.push(m);
            }
        }
    }
    out
}

fn minimum(cells: &[Cell]) -> Cell {
    let mut m = [i32::MAX; 3];
    for c in cells {
        for k in 0..3 {
            m[k] = m[k].min(c[k]);
        }
    }
    m
}

/// Translates cells so that each coordinate's minimum is 0, and sorts them.
pub(crate) fn normalize(cells: &[Cell]) -> Vec<Cell> {
    let m = minimum(cells);
    let mut out: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - m[0], c[1] - m[1], c[2] - m[2]])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The distinct normalized images of a shape under the motions, in the motions' order.
pub(crate) fn orientations(shape: &[Cell], motions: &[Motion]) -> Vec<Vec<Cell>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for m in motions {
        let image: Vec<Cell> = shape.iter().map(|&c| m.apply(c)).collect();
        let n = normalize(&image);
        if seen.insert(n.clone()) {
            out.push(n);
        }
    }
    out
}

/// A name for a shape's class under the motions: its smallest orientation.
pub(crate) fn class_key(shape: &[Cell], motions: &[Motion]) -> Vec<Cell> {
    orientations(shape, motions)
        .into_iter()
        .min()
        .unwrap_or_default()
}

/// A piece for the packing core.
#[derive(Clone, Debug)]
pub(crate) struct PieceSpec {
    pub(crate) name: String,
    pub(crate) cells: Vec<Cell>,
    /// Any number of copies (no item for the piece).
    pub(crate) unlimited: bool,
}

/// A placement: a piece and the sorted indices of the container cells it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlacementData {
    pub(crate) piece: usize,
    pub(crate) cells: Vec<usize>,
}

/// A packing problem, what its options mean, and what a solution is checked against.
#[derive(Clone, Debug)]
pub(crate) struct PackingProblem {
    pub(crate) problem: Problem,
    /// Indexed by option.
    pub(crate) placements: Vec<PlacementData>,
    pub(crate) report: Option<SymmetryReport>,
    container: Vec<Cell>,
    pieces: Vec<PieceSpec>,
    motions: Vec<Motion>,
}

impl PackingProblem {
    /// Checks a packing from scratch, as [`check_packing`] does, against the container, the
    /// pieces and the motions the problem was built from.
    pub(crate) fn check(&self, placements: &[(usize, Vec<Cell>)]) -> Result<(), InvalidSolution> {
        check_packing(&self.container, &self.pieces, &self.motions, placements)
    }
}

/// What the packing core needs to know.
pub(crate) struct Layout<'a> {
    /// The container's cells, sorted and distinct.
    pub(crate) cells: &'a [Cell],
    /// One item name per container cell.
    pub(crate) cell_names: Vec<String>,
    pub(crate) pieces: &'a [PieceSpec],
    /// The group the container's symmetries are taken from.
    pub(crate) ambient: &'a [Motion],
    /// How pieces may move (a subgroup of `ambient` holding the identity first).
    pub(crate) motions: &'a [Motion],
}

/// A symmetry of the container that maps solutions to solutions.
struct Symmetry {
    /// Where each container cell goes.
    cell_map: Vec<usize>,
    /// Where each labelled piece goes (unlimited pieces map to themselves).
    piece_map: Vec<usize>,
}

impl Symmetry {
    fn image(&self, cells: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = cells.iter().map(|&c| self.cell_map[c]).collect();
        out.sort_unstable();
        out
    }
}

/// The plan of a reduction: which placements go, which get secondary items.
struct Plan {
    dropped: Vec<bool>,
    extra: Vec<Vec<usize>>,
    secondary_count: usize,
    report: SymmetryReport,
}

/// Builds the packing problem.
pub(crate) fn build(
    layout: &Layout<'_>,
    symmetry: &SymmetryReduction,
) -> Result<PackingProblem, PuzzleError> {
    let index: HashMap<Cell, usize> = layout
        .cells
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i))
        .collect();
    let mut placements: Vec<PlacementData> = Vec::new();
    for (p, piece) in layout.pieces.iter().enumerate() {
        for o in orientations(&piece.cells, layout.motions) {
            let anchor = o[0];
            for &target in layout.cells {
                let cells: Option<Vec<usize>> = o
                    .iter()
                    .map(|c| {
                        let moved = [
                            c[0] - anchor[0] + target[0],
                            c[1] - anchor[1] + target[1],
                            c[2] - anchor[2] + target[2],
                        ];
                        index.get(&moved).copied()
                    })
                    .collect();
                if let Some(mut cells) = cells {
                    cells.sort_unstable();
                    placements.push(PlacementData { piece: p, cells });
                    if placements.len() > MAX_PLACEMENTS {
                        return Err(PuzzleError::TooLarge {
                            what: "the number of piece placements",
                            value: placements.len(),
                            max: MAX_PLACEMENTS,
                        });
                    }
                }
            }
        }
    }

    let plan = match symmetry {
        SymmetryReduction::None => None,
        SymmetryReduction::Auto => Some(plan_reduction(layout, &index, &placements, None)?),
        SymmetryReduction::Piece(name) => {
            Some(plan_reduction(layout, &index, &placements, Some(name))?)
        }
    };

    let mut b = Problem::builder();
    let mut piece_items: Vec<Option<ItemId>> = Vec::with_capacity(layout.pieces.len());
    for piece in layout.pieces {
        piece_items.push(if piece.unlimited {
            None
        } else {
            Some(b.primary(&piece.name)?)
        });
    }
    let cell_items = b.primaries(&layout.cell_names)?;
    let secondary: Vec<ItemId> = match &plan {
        Some(plan) => (1..=plan.secondary_count)
            .map(|k| b.secondary(&format!("#sym{k}")))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let mut kept = Vec::with_capacity(placements.len());
    for (k, placement) in placements.into_iter().enumerate() {
        if plan.as_ref().is_some_and(|plan| plan.dropped[k]) {
            continue;
        }
        let mut entries: Vec<ItemId> = Vec::with_capacity(placement.cells.len() + 2);
        entries.extend(piece_items[placement.piece]);
        entries.extend(placement.cells.iter().map(|&c| cell_items[c]));
        if let Some(plan) = &plan {
            entries.extend(plan.extra[k].iter().map(|&s| secondary[s]));
        }
        b.option(entries)?;
        kept.push(placement);
    }
    Ok(PackingProblem {
        problem: b.build()?,
        placements: kept,
        report: plan.map(|p| p.report),
        container: layout.cells.to_vec(),
        pieces: layout.pieces.to_vec(),
        motions: layout.motions.to_vec(),
    })
}

/// The container symmetries that carry the piece set to itself.
fn symmetries(layout: &Layout<'_>, index: &HashMap<Cell, usize>) -> Vec<Symmetry> {
    let norm = normalize(layout.cells);
    let low = minimum(layout.cells);
    let keys: Vec<Vec<Cell>> = layout
        .pieces
        .iter()
        .map(|p| class_key(&p.cells, layout.motions))
        .collect();
    // Labelled pieces of each class, in declaration order; the classes of unlimited pieces.
    let mut labelled: BTreeMap<&Vec<Cell>, Vec<usize>> = BTreeMap::new();
    let mut unlimited: HashSet<&Vec<Cell>> = HashSet::new();
    for (p, piece) in layout.pieces.iter().enumerate() {
        if piece.unlimited {
            unlimited.insert(&keys[p]);
        } else {
            labelled.entry(&keys[p]).or_default().push(p);
        }
    }
    let mut out = Vec::new();
    'motions: for g in layout.ambient {
        let image: Vec<Cell> = layout.cells.iter().map(|&c| g.apply(c)).collect();
        if normalize(&image) != norm {
            continue;
        }
        let m = minimum(&image);
        let shift = [low[0] - m[0], low[1] - m[1], low[2] - m[2]];
        let mut cell_map = Vec::with_capacity(image.len());
        for c in &image {
            match index.get(&[c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]]) {
                Some(&i) => cell_map.push(i),
                None => continue 'motions,
            }
        }
        let mut piece_map: Vec<usize> = (0..layout.pieces.len()).collect();
        for (p, piece) in layout.pieces.iter().enumerate() {
            let moved: Vec<Cell> = piece.cells.iter().map(|&c| g.apply(c)).collect();
            let key = class_key(&moved, layout.motions);
            if piece.unlimited {
                if !unlimited.contains(&key) {
                    continue 'motions;
                }
                continue;
            }
            let from = &labelled[&keys[p]];
            let Some(to) = labelled.get(&key) else {
                continue 'motions;
            };
            if to.len() != from.len() {
                continue 'motions;
            }
            let rank = from.iter().position(|&q| q == p).unwrap_or(0);
            piece_map[p] = to[rank];
        }
        out.push(Symmetry {
            cell_map,
            piece_map,
        });
    }
    out
}

/// A candidate restriction of one piece: the placements kept, with their stabilizers.
struct Restriction {
    piece: usize,
    total: usize,
    /// (placement index, stabilizer as indices into the group), one per orbit.
    kept: Vec<(usize, Vec<usize>)>,
    /// The distinct non-trivial stabilizers.
    stabilizers: Vec<Vec<usize>>,
    helper: Option<usize>,
}

fn restrict(
    piece: usize,
    group: &[Symmetry],
    placements: &[PlacementData],
) -> Result<Restriction, PuzzleError> {
    let mine: Vec<usize> = (0..placements.len())
        .filter(|&k| placements[k].piece == piece)
        .collect();
    let lookup: HashMap<&[usize], usize> = mine
        .iter()
        .map(|&k| (placements[k].cells.as_slice(), k))
        .collect();
    let mut visited: HashSet<usize> = HashSet::new();
    let mut kept = Vec::new();
    let mut stabilizers: Vec<Vec<usize>> = Vec::new();
    for &k in &mine {
        if visited.contains(&k) {
            continue;
        }
        let mut orbit = Vec::with_capacity(group.len());
        for g in group {
            let image = g.image(&placements[k].cells);
            let &j = lookup
                .get(image.as_slice())
                .ok_or_else(|| PuzzleError::Symmetry {
                    reason: "a symmetry maps a placement outside the board".to_string(),
                })?;
            orbit.push(j);
        }
        visited.extend(orbit.iter().copied());
        let rep = orbit
            .iter()
            .copied()
            .min_by(|&a, &b| placements[a].cells.cmp(&placements[b].cells))
            .unwrap_or(k);
        let stabilizer: Vec<usize> = group
            .iter()
            .enumerate()
            .filter(|(_, g)| g.image(&placements[rep].cells) == placements[rep].cells)
            .map(|(i, _)| i)
            .collect();
        if stabilizer.len() > 1 && !stabilizers.contains(&stabilizer) {
            stabilizers.push(stabilizer.clone());
        }
        kept.push((rep, stabilizer));
    }
    kept.sort_unstable();
    Ok(Restriction {
        piece,
        total: mine.len(),
        kept,
        stabilizers,
        helper: None,
    })
}

/// Whether every subgroup in `stabilizers` maps `helper` to itself and moves each of its
/// placements.
fn helper_works(
    helper: usize,
    stabilizers: &[Vec<usize>],
    group: &[Symmetry],
    placements: &[PlacementData],
) -> bool {
    stabilizers.iter().all(|h| {
        h.iter().all(|&g| group[g].piece_map[helper] == helper)
            && placements
                .iter()
                .filter(|p| p.piece == helper)
                .all(|p| h[1..].iter().all(|&g| group[g].image(&p.cells) != p.cells))
    })
}

fn plan_reduction(
    layout: &Layout<'_>,
    index: &HashMap<Cell, usize>,
    placements: &[PlacementData],
    wanted: Option<&str>,
) -> Result<Plan, PuzzleError> {
    let group = symmetries(layout, index);
    // The identity comes first, as the ambient group lists it first.
    let invariant =
        |p: usize| !layout.pieces[p].unlimited && group.iter().all(|g| g.piece_map[p] == p);
    let candidates: Vec<usize> = match wanted {
        Some(name) => {
            let p = layout
                .pieces
                .iter()
                .position(|x| x.name == name)
                .ok_or_else(|| PuzzleError::Unknown {
                    name: name.to_string(),
                })?;
            if layout.pieces[p].unlimited {
                return Err(PuzzleError::Symmetry {
                    reason: format!("piece {name} has unlimited copies"),
                });
            }
            if !invariant(p) {
                return Err(PuzzleError::Symmetry {
                    reason: format!(
                        "a symmetry of the board turns piece {name} into another piece"
                    ),
                });
            }
            vec![p]
        }
        None => (0..layout.pieces.len()).filter(|&p| invariant(p)).collect(),
    };
    let mut best: Option<Restriction> = None;
    for &p in &candidates {
        let mut r = restrict(p, &group, placements)?;
        if !r.stabilizers.is_empty() {
            r.helper = (0..layout.pieces.len()).find(|&q| {
                q != p
                    && !layout.pieces[q].unlimited
                    && helper_works(q, &r.stabilizers, &group, placements)
            });
            if r.helper.is_none() {
                continue;
            }
        }
        let better = match &best {
            None => true,
            Some(b) => (r.kept.len(), r.helper.is_some()) < (b.kept.len(), b.helper.is_some()),
        };
        if better {
            best = Some(r);
        }
    }
    let Some(best) = best else {
        if group.len() == 1 {
            // Nothing to reduce: keep every placement.
            return Ok(Plan {
                dropped: vec![false; placements.len()],
                extra: vec![Vec::new(); placements.len()],
                secondary_count: 0,
                report: SymmetryReport {
                    group_order: 1,
                    piece: None,
                    placements: (0, 0),
                    helper: None,
                },
            });
        }
        let reason = match wanted {
            Some(name) => format!(
                "piece {name} sits in symmetric positions and no asymmetric piece can break them"
            ),
            None => "no piece is mapped to itself by every symmetry of the board, or the \
                     symmetric positions cannot be broken by an asymmetric piece"
                .to_string(),
        };
        return Err(PuzzleError::Symmetry { reason });
    };

    let mut dropped: Vec<bool> = placements.iter().map(|x| x.piece == best.piece).collect();
    let mut extra = vec![Vec::new(); placements.len()];
    for (k, stabilizer) in &best.kept {
        dropped[*k] = false;
        if let Some(s) = best.stabilizers.iter().position(|h| h == stabilizer) {
            extra[*k].push(s);
        }
    }
    if let Some(q) = best.helper {
        for (k, placement) in placements.iter().enumerate() {
            if placement.piece != q {
                continue;
            }
            for (s, h) in best.stabilizers.iter().enumerate() {
                if h.iter()
                    .any(|&g| group[g].image(&placement.cells) < placement.cells)
                {
                    extra[k].push(s);
                }
            }
        }
    }
    Ok(Plan {
        dropped,
        extra,
        secondary_count: best.stabilizers.len(),
        report: SymmetryReport {
            group_order: group.len(),
            piece: Some(layout.pieces[best.piece].name.clone()),
            placements: (best.total, best.kept.len()),
            helper: best.helper.map(|q| layout.pieces[q].name.clone()),
        },
    })
}

/// Checks a packing from scratch: pieces congruent to their shapes under the allowed motions,
/// every container cell covered once, every labelled piece used once.
fn check_packing(
    container: &[Cell],
    pieces: &[PieceSpec],
    motions: &[Motion],
    placements: &[(usize, Vec<Cell>)],
) -> Result<(), InvalidSolution> {
    let inside: HashSet<Cell> = container.iter().copied().collect();
    let mut covered: HashSet<Cell> = HashSet::new();
    let mut used = vec![0usize; pieces.len()];
    for (piece, cells) in placements {
        let Some(spec) = pieces.get(*piece) else {
            return Err(InvalidSolution(format!("there is no piece number {piece}")));
        };
        used[*piece] += 1;
        let shape = normalize(cells);
        if shape.len() != cells.len() || !orientations(&spec.cells, motions).contains(&shape) {
            return Err(InvalidSolution(format!(
                "piece {} is placed in a shape that is not its own",
                spec.name
            )));
        }
        for c in cells {
            if !inside.contains(c) {
                return Err(InvalidSolution(format!(
                    "piece {} leaves the board at {c:?}",
                    spec.name
                )));
            }
            if !covered.insert(*c) {
                return Err(InvalidSolution(format!("cell {c:?} is covered twice")));
            }
        }
    }
    if let Some(c) = container.iter().find(|c| !covered.contains(*c)) {
        return Err(InvalidSolution(format!("cell {c:?} is not covered")));
    }
    for (p, spec) in pieces.iter().enumerate() {
        if !spec.unlimited && used[p] != 1 {
            return Err(InvalidSolution(format!(
                "piece {} is used {} times",
                spec.name, used[p]
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motion_groups_have_the_right_sizes() {
        assert_eq!(plane_motions(false).len(), 4);
        assert_eq!(plane_motions(true).len(), 8);
        assert_eq!(space_motions(false).len(), 24);
        assert_eq!(space_motions(true).len(), 48);
        assert_eq!(trigonal_motions(false).len(), 6);
        assert_eq!(trigonal_motions(true).len(), 12);
        let id = space_motions(false)[0];
        assert_eq!(id.apply([1, 2, 3]), [1, 2, 3]);
    }

    #[test]
    fn the_f_pentomino_has_eight_orientations() {
        let f = [[0, 1, 0], [0, 2, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]];
        assert_eq!(orientations(&f, &plane_motions(true)).len(), 8);
        assert_eq!(orientations(&f, &plane_motions(false)).len(), 4);
    }
}
