//! The `forward-checking` solver: domains kept per cell and pruned as the search assigns.
//!
//! Sudoku as a constraint satisfaction problem (a variable per blank cell, the digits as its
//! domain, all-different constraints on every unit), searched depth first with two
//! heuristics:
//!
//! * **Forward checking.** Every unassigned cell carries its *domain*, the digits still
//!   possible there. Assigning a digit to a cell removes that digit from the domains of all the
//!   cell's peers. If some peer's domain becomes empty, the assignment cannot be part of a
//!   solution, and the search abandons it at once instead of discovering the problem deep
//!   below.
//! * **Dynamic variable ordering.** The next cell to assign is the one with the smallest
//!   domain (the scan stops early at a domain of one).
//!
//! Unlike `mrv`, which recomputes every cell's legal digits at each step, the domains here
//! persist from level to level and change only by the removals each assignment makes. Two
//! representations make the same search:
//!
//! - grids of at most 128 cells and 16 digits (9x9 and its variants) hold the domains as one
//!   128-bit board per digit, the open cells that still allow it, and copy that state (nine
//!   boards for 9x9) from each level to the next instead of undoing: an assignment is a few
//!   word operations on all cells at once, the domain sizes are counted bit-sliced across the
//!   boards, and an emptied domain is seen before the assignment is written (module
//!   `bitboard`, on the sets of module `cells`);
//! - larger grids visit every peer and write the removals on a *trail* (which cells lost the
//!   digit), undone in reverse order; domains are bit masks as narrow as the grid allows.
//!
//! The unassigned cells wait in a to-do list, and each step swaps the cell it picks to the
//! front of the part still to assign, as `mrv` does: ties go to the first found in the order
//! those swaps leave the list (reading order at the start). Since a cell's domain is exactly
//! its legal digits, the choices are `mrv`'s; the trees differ only where forward checking
//! abandons an assignment that `mrv` follows a few forced steps further before finding the
//! blank with no digit (which can also leave the list in another order).
//!
//! Peers come from the grid's [`Layout`], so every box shape, jigsaw regions and the extra
//! units of variants (Sudoku-X diagonals, windoku windows) are handled. Every buffer is kept
//! between puzzles: after the first puzzle of a size, a solve allocates nothing but the
//! returned solution.
//!
//! Statistics: a *node* is an assignment tried, a *guess* is a chosen cell whose domain held
//! more than one digit, an *alternative* is a digit assigned while another digit of its
//! cell's domain was still untried (tdoku's count of guesses), and a *backtrack* is an
//! assignment abandoned because it emptied a domain, or a chosen cell whose digits ran out so
//! that the search stepped back.

mod bitboard;
mod cells;

use super::kit::{solve_with, with_width, Counters, Digits, PerWidth, Run, Slots};
use super::tables::{Tables, TablesCache};
use super::{Limits, SolveReport, SudokuSolver};
use crate::sudoku::grid::{Grid, Layout};
use crate::xc::Status;

/// The `forward-checking` solver: domains pruned on every assignment, smallest domain next
/// (the classic constraint-satisfaction formulation).
///
/// It handles every layout (any box shape, jigsaw regions, extra units).
///
/// ```
/// use std::sync::Arc;
/// use dlxkit::sudoku::{Grid, Layout, Shape};
/// use dlxkit::sudoku::solvers::{forward_checking::ForwardCheckingSolver, Limits, SudokuSolver};
///
/// // Fill an empty Sudoku-X grid: both diagonals must hold every digit too.
/// let layout = Arc::new(Layout::standard(Shape::new(3, 3)?).with_diagonals());
/// let mut solver = ForwardCheckingSolver::new();
/// let report = solver.solve(&Grid::blank(layout), &Limits::new().solutions(1));
/// let x = report.first.unwrap();
/// assert!(x.is_solved()); // checks the diagonals as well
/// assert!(report.stats.assignments >= 81);
/// # Ok::<(), dlxkit::sudoku::GridError>(())
/// ```
#[derive(Debug, Default)]
pub struct ForwardCheckingSolver {
    /// The tables of the last layout solved.
    tables: TablesCache,
    /// The search on digit bitboards, for grids of at most 128 cells and 16 digits.
    bits: bitboard::BitSearch,
    /// The search cell by cell, kept for each mask width, for the others.
    search: PerWidth<Domains<u16>, Domains<u32>, Domains<u64>, Domains<u128>>,
    /// Whether every grid goes cell by cell (for tests that compare the two).
    cell_by_cell: bool,
}

impl ForwardCheckingSolver {
    /// A new solver.
    ///
    /// ```
    /// use dlxkit::sudoku::solvers::{forward_checking::ForwardCheckingSolver, SudokuSolver};
    /// assert_eq!(ForwardCheckingSolver::new().name(), "forward-checking");
    /// ```
    pub fn new() -> ForwardCheckingSolver {
        ForwardCheckingSolver::default()
    }
}

/// The search state: domains, the to-do list, the trail and the levels.
#[derive(Debug, Default)]
struct Domains<M> {
    /// Each cell's domain (a given's is its digit; an assigned cell's is left as it was).
    domain: Slots<M>,
    /// The blanks; level `i` assigns entry `i`, picked and swapped there when reached.
    todo: Vec<u16>,
    /// Room for the trail of cells that lost a digit (see [`Search::assign`]).
    trail: Vec<u16>,
    /// Each cell's blank peers (givens never lose a digit, so assignments skip them).
    peers: Vec<u16>,
    /// Where each cell's blank peers start in `peers` (one more entry than cells).
    peer_start: Vec<u32>,
    /// The search levels.
    levels: Vec<Level<M>>,
}

/// A search level: the cell's digits not tried yet, the digit assigned, and where the level's
/// stretch of the trail starts.
#[derive(Clone, Copy, Debug, Default)]
struct Level<M> {
    untried: M,
    placed: M,
    mark: usize,
}

impl<M: Digits> Domains<M> {
    fn solve(&mut self, tables: &Tables, grid: &Grid, limits: &Limits) -> SolveReport {
        solve_with(grid, limits, |run| {
            if self.load(tables, grid) {
                self.search(run)
            } else {
                Status::Complete
            }
        })
    }

    /// Sets up the domains from the givens; false if a blank has no digit left.
    fn load(&mut self, tables: &Tables, grid: &Grid) -> bool {
        let full = M::full(tables.n);
        let cells = grid.cells();
        let domain = self.domain.get();
        for (cell, &d) in cells.iter().enumerate() {
            domain[cell] = if d == 0 { full } else { M::bit(d) };
        }
        self.todo.clear();
        for (cell, &d) in cells.iter().enumerate() {
            if d == 0 {
                self.todo.push(cell as u16);
            } else {
                // Givens never hold a given's digit (the grid has no conflict).
                for &p in tables.peers(cell) {
                    domain[usize::from(p)] &= !M::bit(d);
                }
            }
        }
        self.peers.clear();
        self.peer_start.clear();
        for cell in 0..cells.len() {
            self.peer_start.push(self.peers.len() as u32);
            if cells[cell] == 0 {
                let blank = |&&p: &&u16| cells[usize::from(p)] == 0;
                self.peers.extend(tables.peers(cell).iter().filter(blank));
            }
        }
        self.peer_start.push(self.peers.len() as u32);
        let depth = self.todo.len();
        // Each blank loses each digit at most once on a path, and `assign` may write one
        // entry past the top.
        self.trail.clear();
        self.trail.resize(depth * tables.n + 1, 0);
        self.levels.clear();
        self.levels.resize(depth, Level::default());
        self.todo
            .iter()
            .all(|&c| !domain[usize::from(c)].is_empty())
    }

    fn search(&mut self, run: &mut Run) -> Status {
        let mut s = Search {
            peers: &self.peers,
            peer_start: &self.peer_start,
            domain: self.domain.get(),
            todo: &mut self.todo,
            trail: &mut self.trail,
            top: 0,
            levels: &mut self.levels,
        };
        s.run(run)
    }
}

/// The search's working set, borrowed from [`Domains`] for one solve.
struct Search<'a, M> {
    peers: &'a [u16],
    peer_start: &'a [u32],
    domain: &'a mut [M; 1 << 16],
    todo: &'a mut [u16],
    /// Cells that lost a digit, up to `top`; each level's removals are one stretch.
    trail: &'a mut [u16],
    top: usize,
    levels: &'a mut [Level<M>],
}

impl<M: Digits> Search<'_, M> {
    /// Assigns digit `b` to `cell`: removes it from its peers' domains, writing each removal
    /// on the trail; false if a domain emptied. (An assigned peer never empties: its own digit
    /// stays, since no peer of it can be assigned that digit.)
    ///
    /// The loop has no branch that depends on the domains: whether a peer held the digit is
    /// too random to predict, and a mispredicted branch per peer cost more than the work it
    /// skips. The trail is written at its top, which moves only past peers that lost the
    /// digit; it was sized for the most removals a path can make (each blank loses each digit
    /// once at most), so the write always has room. No domain is empty when an assignment
    /// starts, so a domain found empty after it is one this assignment emptied.
    #[inline]
    fn assign(&mut self, cell: usize, b: M) -> bool {
        let mut top = self.top;
        let mut wiped = false;
        let peers = &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize];
        for &p in peers {
            let old = self.domain[usize::from(p)];
            let new = old & !b;
            self.domain[usize::from(p)] = new;
            self.trail[top] = p;
            top += usize::from(old != new);
            wiped |= new.is_empty();
        }
        self.top = top;
        !wiped
    }

    /// Undoes the assignment of `level`: gives its digit back to the cells on its trail.
    #[inline]
    fn unassign(&mut self, level: usize) {
        let Level { placed, mark, .. } = self.levels[level];
        for &p in &self.trail[mark..self.top] {
            self.domain[usize::from(p)] |= placed;
        }
        self.top = mark;
    }

    /// Picks the blank with the smallest domain among `todo[level..]` and swaps it to
    /// `level`; returns its domain.
    #[inline]
    fn choose(&mut self, level: usize) -> M {
        let domain = &*self.domain;
        let mut a = domain[usize::from(self.todo[level])];
        if a.several() {
            let mut best = level;
            let mut fewest = a.size();
            for (j, &c) in self.todo[level + 1..].iter().enumerate() {
                let b = domain[usize::from(c)];
                let size = b.size();
                if size < fewest {
                    (best, fewest, a) = (level + 1 + j, size, b);
                    if size <= 1 {
                        break;
                    }
                }
            }
            self.todo.swap(level, best);
        }
        a
    }

    fn run(&mut self, run: &mut Run) -> Status {
        let depth = self.todo.len();
        let mut c = Counters::default();
        let mut level = 0;
        let status = 'search: loop {
            // Enter `level`: pick its cell, or count a solution and back up.
            if level < depth {
                let a = self.choose(level);
                c.guesses += u64::from(a.several());
                self.levels[level].untried = a;
                self.levels[level].mark = self.top;
            } else {
                let (todo, levels) = (&self.todo, &self.levels);
                let filled = |i: usize| (usize::from(todo[i]), levels[i].placed.lowest());
                if let Some(status) = run.found(depth, filled) {
                    break status;
                }
                level -= 1;
                self.unassign(level);
            }
            // Try the level's next digit, backing up past levels with none left; an
            // assignment that empties a domain is undone at once.
            loop {
                let left = loop {
                    let left = self.levels[level].untried;
                    if !left.is_empty() {
                        break left;
                    }
                    if level == 0 {
                        break 'search Status::Complete;
                    }
                    c.backtracks += 1;
                    level -= 1;
                    self.unassign(level);
                };
                if let Err(status) = c.assignment(run.meter) {
                    break 'search status;
                }
                let b = left.lowest_bit();
                c.alternatives += u64::from(left.several());
                let l = &mut self.levels[level];
                l.untried = left ^ b;
                l.placed = b;
                if self.assign(usize::from(self.todo[level]), b) {
                    break;
                }
                c.backtracks += 1;
                self.unassign(level);
            }
            level += 1;
        };
        c.add_to(run.stats);
        status
    }
}

impl SudokuSolver for ForwardCheckingSolver {
    fn name(&self) -> &'static str {
        "forward-checking"
    }

    /// Every layout: the solver reads its peers from the layout.
    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn solve(&mut self, grid: &Grid, limits: &Limits) -> SolveReport {
        let tables = self.tables.get(grid.layout());
        if bitboard::fits(tables) && !self.cell_by_cell {
            let bits = &mut self.bits;
            solve_with(grid, limits, |run| {
                if bits.load(tables, grid) {
                    bits.search(tables.n, run)
                } else {
                    Status::Complete
                }
            })
        } else {
            with_width!(self.search, tables.width, |s| s.solve(tables, grid, limits))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::solvers::kit::assert_counts_the_empty_4x4_and_stops_at_limits;
    use crate::sudoku::Shape;

    #[test]
    fn counts_every_4x4_grid_and_stops_at_limits() {
        assert_counts_the_empty_4x4_and_stops_at_limits(&mut ForwardCheckingSolver::new(), 4);
    }

    /// Solves `grid` on digit bitboards and cell by cell: both must make the same search.
    fn assert_same_search(grid: &Grid, limits: &Limits) {
        let bits = ForwardCheckingSolver::new().solve(grid, limits);
        let cells = ForwardCheckingSolver {
            cell_by_cell: true,
            ..ForwardCheckingSolver::default()
        }
        .solve(grid, limits);
        let key = |r: &SolveReport| {
            let s = &r.stats;
            let counts = (s.assignments, s.guesses, s.alternatives, s.backtracks);
            (r.status, r.solutions, r.first.clone(), counts)
        };
        assert_eq!(key(&bits), key(&cells));
    }

    #[test]
    fn bitboards_and_cells_make_the_same_search() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/sudoku/norvig_top95.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let options = crate::sudoku::parse::ParseOptions::default();
        let puzzles = crate::sudoku::parse::parse_puzzles(&text, &options).unwrap();
        for p in puzzles.iter().step_by(5) {
            assert_same_search(&p.grid, &Limits::new().solutions(2));
        }
        let nine = Shape::new(3, 3).unwrap();
        for layout in [
            Layout::standard(nine).with_diagonals(),
            Layout::standard(nine).with_windows().unwrap(),
            Layout::standard(Shape::new(2, 3).unwrap()),
        ] {
            let grid = Grid::blank(std::sync::Arc::new(layout));
            assert_same_search(&grid, &Limits::new().solutions(30));
            assert_same_search(&grid, &Limits::new().nodes(500));
        }
    }

    #[test]
    fn trail_restores_domains_exactly() {
        let g = Grid::empty(Shape::new(2, 2).unwrap());
        let tables = Tables::new(g.layout());
        let mut d = Domains::<u16>::default();
        assert!(d.load(&tables, &g));
        let before = d.domain.get()[..16].to_vec();
        let mut s = Search {
            peers: &d.peers,
            peer_start: &d.peer_start,
            domain: d.domain.get(),
            todo: &mut d.todo,
            trail: &mut d.trail,
            top: 0,
            levels: &mut d.levels,
        };
        s.levels[0].placed = <u16 as Digits>::bit(3);
        assert!(s.assign(5, s.levels[0].placed));
        assert_eq!(s.top, 7); // every peer lost the 3
        s.unassign(0);
        assert_eq!(s.domain[..16], before[..]);
        assert_eq!(s.top, 0);
    }

    #[test]
    fn an_emptied_domain_is_caught_before_search() {
        // r1c4 sees 1, 2, 3 in its row and 4 in its column.
        let mut g = Grid::empty(Shape::new(2, 2).unwrap());
        for (c, d) in [(0, 1), (1, 2), (2, 3), (15, 4)] {
            g.set_cell(c, d);
        }
        let r = ForwardCheckingSolver::new().solve(&g, &Limits::new());
        assert_eq!(
            (r.status, r.solutions, r.stats.assignments),
            (Status::Complete, 0, 0)
        );
    }
}
