//! The problem below a path of a search with item bounds: what an engine that cannot replay
//! Algorithm M's numbered moves searches instead of the subtree they lead to.
//!
//! A path of Algorithm M's moves says two things of the solutions below it: they hold the
//! options the moves took, and none of the options the moves excluded (those tried before
//! at each level, or all of an item's at a null move). So the solutions below the path are
//! the taken options with each solution of a smaller problem: the items' bounds less what
//! the taken options cover, without the excluded options and those the taken ones clash
//! with. Any engine can search that problem; its solutions map back through `origin`.

use std::ops::ControlFlow;

use super::choose::SearchOrder;
use super::problem::{Entry, ForceError, ItemId, ItemKind, OptionId, Problem};
use super::search::{Choice, Event, Outcome, Solver};
use super::storage::Arena;

/// Where a machine built afresh for each search stands (dancing cells, Algorithm M on bit
/// sets): the options forced, and Algorithm M's numbered moves taken below them (a shard's
/// path), with what those moves take and exclude.
#[derive(Clone, Debug)]
pub(crate) struct Path<'p> {
    problem: &'p Problem,
    /// The order of the split whose moves the path replays.
    pub(crate) order: SearchOrder,
    pub(crate) forced: Vec<OptionId>,
    moves: Vec<u32>,
    /// The options the moves took, and those they exclude below them.
    moved: Vec<OptionId>,
    excluded: Vec<OptionId>,
}

impl<'p> Path<'p> {
    pub(crate) fn new(problem: &'p Problem, order: SearchOrder) -> Path<'p> {
        Path {
            problem,
            order,
            forced: Vec::new(),
            moves: Vec::new(),
            moved: Vec::new(),
            excluded: Vec::new(),
        }
    }

    /// The options forced and those the moves took, in that order: what every solution of
    /// the following searches holds.
    fn taken(&self) -> Vec<OptionId> {
        self.forced.iter().chain(&self.moved).copied().collect()
    }

    /// The problem the following searches run on, with each option's place in the problem
    /// given: with bounds, the one below the forced options and the moves ([`below`]);
    /// without, the one the forced options leave (which keeps them).
    fn left(&self) -> Result<(Problem, Vec<OptionId>), ForceError> {
        match self.problem.has_bounds() {
            true => below(self.problem, &self.taken(), &self.excluded),
            false => self.problem.forcing_with_origin(&self.forced),
        }
    }

    /// Forces `option` (before any move, as the links force them).
    pub(crate) fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        if !self.moves.is_empty() {
            return Err(ForceError::Conflict {
                option: option.index(),
            });
        }
        self.forced.push(option);
        if let Err(error) = self.left() {
            self.forced.pop();
            return Err(error);
        }
        Ok(())
    }

    /// Takes a shard's choice: an option is forced; Algorithm M's `k`-th move is replayed
    /// on the links after the moves so far, in the order of the split that numbered them,
    /// to learn what it takes and excludes. `false`, with nothing changed, when the node
    /// has no such branch.
    pub(crate) fn take(&mut self, choice: Choice) -> bool {
        let k = match choice {
            Choice::Option(option) => return self.force(option).is_ok(),
            Choice::Move(k) => k,
        };
        if !self.problem.has_bounds() {
            return false;
        }
        let arena = Arena::new();
        let mut links = Solver::with_order(self.problem, &arena, self.order);
        if self.forced.iter().any(|&o| links.force(o).is_err()) {
            return false;
        }
        let path = self.moves.iter().copied().chain([k]);
        if !path.map(Choice::Move).all(|c| links.take(c)) {
            return false;
        }
        self.moves.push(k);
        self.moved = links.taken()[self.forced.len()..].to_vec();
        self.excluded = links.excluded_by_moves();
        true
    }

    /// Removes the forced options and the moves.
    pub(crate) fn clear(&mut self) {
        self.forced.clear();
        self.moves.clear();
        self.moved.clear();
        self.excluded.clear();
    }

    /// Runs `search` on the problem below the path (the problem itself at the root), its
    /// solutions sent to `handler` as options of the problem, those of the path first (as
    /// the links list them).
    pub(crate) fn search(
        &self,
        handler: &mut dyn FnMut(Event<'_>) -> ControlFlow<()>,
        search: impl FnOnce(&Problem, &mut dyn FnMut(Event<'_>) -> ControlFlow<()>) -> Outcome,
    ) -> Outcome {
        if self.forced.is_empty() && self.moves.is_empty() {
            return search(self.problem, handler);
        }
        let (left, origin) = self
            .left()
            .expect("the forced options and moves were checked when taken");
        let taken = self.taken();
        let mut solution: Vec<OptionId> = Vec::new();
        search(&left, &mut |event| match event {
            Event::Solution(options) => {
                solution.clear();
                solution.extend_from_slice(&taken);
                let rest = options.iter().map(|o| origin[o.index()]);
                solution.extend(rest.filter(|o| !taken.contains(o)));
                handler(Event::Solution(&solution))
            }
            progress => handler(progress),
        })
    }
}

/// The problem below `taken` and `excluded` (see the module documentation), with each of its
/// options' place in `problem`. An item the taken options fill keeps its name as an item
/// with bounds `0..=1` and no option (a problem needs a primary item and bounds of at
/// least 1): nothing more can cover it, and it need not be.
///
/// Fails when the taken options overfill an item or clash on a secondary item's colour.
pub(crate) fn below(
    problem: &Problem,
    taken: &[OptionId],
    excluded: &[OptionId],
) -> Result<(Problem, Vec<OptionId>), ForceError> {
    let mut used = vec![0u32; problem.item_count()];
    // A secondary item's claim: its colour, `None` when taken whole.
    let mut claim = vec![None; problem.item_count()];
    let mut is_out = vec![false; problem.option_count()];
    for &option in taken {
        if !problem.contains_option(option) {
            return Err(ForceError::UnknownOption {
                option: option.index(),
            });
        }
        let conflict = ForceError::Conflict {
            option: option.index(),
        };
        if std::mem::replace(&mut is_out[option.index()], true) {
            return Err(conflict);
        }
        for e in problem.option(option) {
            let k = e.item.index();
            match problem.item_kind(e.item) {
                ItemKind::Primary => {
                    used[k] += 1;
                    if used[k] > *problem.item_bounds(e.item).end() {
                        return Err(conflict);
                    }
                }
                ItemKind::Secondary => match claim[k] {
                    None => claim[k] = Some(e.color),
                    Some(Some(c)) if e.color == Some(c) => {}
                    Some(_) => return Err(conflict),
                },
            }
        }
    }
    for &option in excluded {
        if let Some(out) = is_out.get_mut(option.index()) {
            *out = true;
        }
    }
    let full = |item: ItemId| used[item.index()] == *problem.item_bounds(item).end();
    let fits = |o: OptionId| {
        problem
            .option(o)
            .iter()
            .all(|e| match problem.item_kind(e.item) {
                ItemKind::Primary => !full(e.item),
                ItemKind::Secondary => match claim[e.item.index()] {
                    None => true,
                    Some(color) => color.is_some() && color == e.color,
                },
            })
    };
    let mut b = Problem::builder();
    for item in problem.items() {
        let name = problem.item_name(item);
        let declared = match problem.item_kind(item) {
            ItemKind::Secondary => b.secondary(name),
            ItemKind::Primary if full(item) => b.bounded(name, 0..=1),
            ItemKind::Primary => {
                let (min, max) = problem.item_bounds(item).into_inner();
                let n = used[item.index()];
                b.bounded(name, min.saturating_sub(n)..=max - n)
            }
        };
        declared.expect("the names of a valid problem");
    }
    let colors: Vec<_> = (0..problem.color_count())
        .map(|c| b.color(problem.color_name(super::problem::ColorId(c as u32))))
        .collect();
    let mut origin = Vec::new();
    for o in problem.options() {
        if is_out[o.index()] || !fits(o) {
            continue;
        }
        let entries = problem.option(o).iter().map(|e| Entry {
            item: e.item,
            color: e.color.map(|c| colors[c.0 as usize]),
        });
        b.option_with_cost(entries, problem.option_cost(o))
            .expect("an option of a valid problem");
        origin.push(o);
    }
    let below = b.build().expect("the items of a valid problem");
    Ok((below, origin))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of `p`, sorted, by trying every subset of its options.
    fn brute(p: &Problem) -> Vec<Vec<OptionId>> {
        let n = p.option_count();
        let mut all: Vec<Vec<OptionId>> = (0u32..1 << n)
            .map(|mask| {
                (0..n)
                    .filter(|k| mask & (1 << k) != 0)
                    .map(OptionId::new)
                    .collect::<Vec<_>>()
            })
            .filter(|s| p.check_solution(s).is_ok())
            .collect();
        all.sort();
        all
    }

    #[test]
    fn the_solutions_below_are_those_with_the_taken_and_without_the_excluded() {
        let p =
            Problem::from_dlx("1:2|A 2|B 0:1|C | X\nA B\nA X:r\nB C\nB X:r\nA B X:s\nB\nC X:s\n")
                .unwrap();
        let [a_b, a_xr, b_c, b_xr, a_b_xs, b, c_xs] = [0, 1, 2, 3, 4, 5, 6].map(OptionId::new);
        let all = brute(&p);
        for (taken, excluded) in [
            (vec![a_b], vec![]),
            (vec![a_xr], vec![b_xr]),
            (vec![b], vec![a_b, c_xs]),
            (vec![a_b, b_c], vec![]),
            (vec![], vec![b]),
        ] {
            let (q, origin) = below(&p, &taken, &excluded).unwrap();
            let mut found: Vec<Vec<OptionId>> = brute(&q)
                .into_iter()
                .map(|s| {
                    let mut s: Vec<OptionId> = taken
                        .iter()
                        .copied()
                        .chain(s.iter().map(|o| origin[o.index()]))
                        .collect();
                    s.sort();
                    s
                })
                .collect();
            found.sort();
            let expected: Vec<Vec<OptionId>> = all
                .iter()
                .filter(|s| taken.iter().all(|o| s.contains(o)))
                .filter(|s| excluded.iter().all(|o| !s.contains(o)))
                .cloned()
                .collect();
            assert_eq!(found, expected, "{taken:?} {excluded:?}");
        }
        assert_eq!(
            below(&p, &[a_b, a_b_xs, b_c], &[]).unwrap_err(),
            ForceError::Conflict { option: 2 }
        );
        assert_eq!(
            below(&p, &[a_xr, a_b_xs], &[]).unwrap_err(),
            ForceError::Conflict { option: 4 }
        );
    }
}
