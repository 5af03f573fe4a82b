//! Property tests of the exact cover engine against a brute-force oracle and an independent
//! DLX1, on random small problems with primary and secondary items and colours.
//!
//! The engine walks options in one of several ways, chosen by the problem's shape; the tests
//! force each walk in turn (`Solver::with_walk`) on every problem it can solve, and check
//! that every walk was run, so no walk depends on a problem happening to cross a threshold.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use std::sync::Arc;

use dlxkit::xc::shard::{Split, SplitBy, Totals};
use dlxkit::xc::{
    Arena, Entry, Event, Limits, OptionId, OwnedSolver, Problem, Solver, Status, WalkChoice,
};
use quickcheck::{quickcheck, Arbitrary, Gen, TestResult};

use crate::dlx1_oracle;

/// A random problem: up to 10 primary and 4 secondary items, up to 16 options, colours 0..3.
#[derive(Clone, Debug)]
struct Small {
    primaries: u8,
    secondaries: u8,
    options: Vec<Vec<(u8, Option<u8>)>>,
}

impl Arbitrary for Small {
    fn arbitrary(g: &mut Gen) -> Small {
        let primaries = 1 + u8::arbitrary(g) % 10;
        let secondaries = u8::arbitrary(g) % 5;
        let items = primaries + secondaries;
        let count = usize::arbitrary(g) % 17;
        let options = (0..count)
            .map(|_| {
                let len = 1 + usize::arbitrary(g) % 4;
                (0..len)
                    .map(|_| {
                        let item = u8::arbitrary(g) % items;
                        let color = if item >= primaries && bool::arbitrary(g) {
                            Some(u8::arbitrary(g) % 3)
                        } else {
                            None
                        };
                        (item, color)
                    })
                    .collect()
            })
            .collect();
        Small {
            primaries,
            secondaries,
            options,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Small>> {
        let me = self.clone();
        Box::new((0..self.options.len()).rev().map(move |k| {
            let mut s = me.clone();
            s.options.remove(k);
            s
        }))
    }
}

impl Small {
    /// Builds the problem, skipping options the builder refuses (repeats, no primary item).
    fn problem(&self) -> Problem {
        self.widened(|_| 0)
    }

    /// The same problem without its colours.
    fn uncoloured(&self) -> Small {
        let mut s = self.clone();
        for option in &mut s.options {
            for entry in option.iter_mut() {
                entry.1 = None;
            }
        }
        s
    }

    /// The problem with every option made `width` entries long by secondary items of its own
    /// (which no other option shares, so the solutions are those of the options kept), and
    /// the longer options left out: options of one length, which the uniform walks need.
    fn evened(&self, width: usize) -> Problem {
        let mut s = self.clone();
        s.options.retain(|option| option.len() <= width);
        s.widened(|len| width - len)
    }

    /// The problem with `private(len)` secondary items of its own added to each option of
    /// `len` entries.
    fn widened(&self, private: impl Fn(usize) -> usize) -> Problem {
        let mut b = Problem::builder();
        let mut ids = Vec::new();
        for k in 0..self.primaries {
            ids.push(b.primary(&format!("p{k}")).unwrap());
        }
        for k in 0..self.secondaries {
            ids.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for (k, option) in self.options.iter().enumerate() {
            let own: Vec<_> = (0..private(option.len()))
                .map(|j| b.secondary(&format!("o{k}.{j}")).unwrap())
                .collect();
            let entries = option
                .iter()
                .map(|&(i, c)| Entry {
                    item: ids[i as usize],
                    color: c.map(|c| colors[c as usize]),
                })
                .chain(own.into_iter().map(|item| Entry { item, color: None }));
            let _ = b.option(entries);
        }
        b.build().unwrap()
    }

    /// The problem in the shapes that, between them, every walk can solve: as it is (maybe
    /// with colours), uncoloured, and evened to 3, 4 and 6 entries per option.
    fn shapes(&self) -> Vec<Problem> {
        let plain = self.uncoloured();
        vec![
            self.problem(),
            plain.problem(),
            plain.evened(3),
            plain.evened(4),
            plain.evened(6),
        ]
    }
}

/// Runs `check` with a solver of `p` for every walk that can solve it; adds the walks run
/// to `run`. True when every check holds.
fn every_walk(
    p: &Problem,
    run: &mut BTreeSet<String>,
    mut check: impl FnMut(&mut Solver<'_>) -> bool,
) -> bool {
    WalkChoice::all().all(|walk| {
        let arena = Arena::new();
        match Solver::with_walk(p, &arena, walk) {
            Some(mut solver) => {
                run.insert(walk.to_string());
                check(&mut solver)
            }
            None => true,
        }
    })
}

/// Every walk the search is compiled for, by name.
fn all_walks() -> BTreeSet<String> {
    WalkChoice::all().map(|w| w.to_string()).collect()
}

fn sorted(mut s: Vec<OptionId>) -> Vec<OptionId> {
    s.sort();
    s
}

/// Every subset of options that is an exact cover, by brute force.
fn brute_force(p: &Problem) -> BTreeSet<Vec<OptionId>> {
    let m = p.option_count();
    let mut all = BTreeSet::new();
    for mask in 0u32..(1 << m) {
        let subset: Vec<OptionId> = (0..m)
            .filter(|&k| mask & (1 << k) != 0)
            .map(OptionId::new)
            .collect();
        if p.check_solution(&subset).is_ok() {
            all.insert(subset);
        }
    }
    all
}

quickcheck! {
    fn every_walk_finds_exactly_the_solutions_brute_force_finds(s: Small) -> bool {
        let mut run = BTreeSet::new();
        let ok = s.shapes().iter().all(|p| {
            let expected = brute_force(p);
            every_walk(p, &mut run, |solver| {
                let found: Vec<Vec<OptionId>> = solver.solutions().map(sorted).collect();
                let set: BTreeSet<_> = found.iter().cloned().collect();
                set.len() == found.len() && set == expected
            })
        });
        ok && run == all_walks()
    }

    fn every_walk_counts_as_the_iterator_finds_and_first_is_its_first(s: Small) -> bool {
        let mut run = BTreeSet::new();
        let ok = s.shapes().iter().all(|p| {
            every_walk(p, &mut run, |solver| {
                let all: Vec<_> = solver.solutions().collect();
                let outcome = solver.count();
                let first = solver.first();
                outcome.status == Status::Complete
                    && outcome.stats.solutions == all.len() as u64
                    && first == all.first().cloned()
                    && all.iter().all(|sol| p.check_solution(sol).is_ok())
            })
        });
        ok && run == all_walks()
    }

    fn every_walk_leaves_the_matrix_sound_and_restored_after_every_search(s: Small) -> bool {
        let mut run = BTreeSet::new();
        let ok = s.shapes().iter().all(|p| {
            every_walk(p, &mut run, |solver| {
                let mut ok = true;
                solver.visit(|_| ControlFlow::Continue(()));
                ok &= solver.check_invariants().is_ok() && solver.is_pristine();
                let mut it = solver.solutions();
                it.next();
                drop(it);
                ok &= solver.check_invariants().is_ok() && solver.is_pristine();
                solver.set_limits(Limits::new().nodes(3));
                solver.count();
                ok && solver.check_invariants().is_ok() && solver.is_pristine()
            })
        });
        ok && run == all_walks()
    }

    fn every_walk_counts_nodes_and_updates_as_knuths_dlx1(s: Small) -> bool {
        // Solutions, nodes and updates as an independent DLX1 counts them, for the problem as
        // it is (where two options often begin their walks with the same item, so the walks
        // that share covers skip covers DLX1 would redo) and evened to one option length.
        let mut run = BTreeSet::new();
        let ok = s.shapes().iter().skip(1).all(|p| {
            let knuth = dlx1_oracle::count(p);
            every_walk(p, &mut run, |solver| {
                let stats = solver.count().stats;
                (stats.solutions, stats.nodes, stats.updates, stats.cleansings)
                    == (knuth.solutions, knuth.nodes, knuth.updates, 0)
                    && solver.is_pristine()
            })
        });
        ok && run == all_walks()
    }

    fn solution_limit_is_honoured(s: Small, k: u8) -> bool {
        let p = s.problem();
        let total = brute_force(&p).len() as u64;
        let k = u64::from(k % 4) + 1;
        let arena = Arena::new();
        let mut solver = Solver::new(&p, &arena).with_limits(Limits::new().solutions(k));
        let outcome = solver.count();
        let expected_status = if total >= k { Status::SolutionLimit } else { Status::Complete };
        outcome.stats.solutions == total.min(k) && outcome.status == expected_status
            && solver.solutions().count() as u64 == total.min(k)
    }

    fn node_limit_is_honoured(s: Small, n: u8) -> bool {
        let p = s.problem();
        let arena = Arena::new();
        let mut solver = Solver::new(&p, &arena);
        let full = solver.count();
        let n = u64::from(n % 8) + 1;
        solver.set_limits(Limits::new().nodes(n));
        let limited = solver.count();
        limited.stats.nodes <= n
            && (limited.status == Status::NodeLimit) == (full.stats.nodes > n)
            && limited.stats.solutions <= full.stats.solutions
    }

    fn forcing_an_option_keeps_exactly_the_solutions_that_contain_it_in_every_walk(s: Small, pick: u8) -> TestResult {
        if s.options.is_empty() {
            return TestResult::discard();
        }
        let mut run = BTreeSet::new();
        let ok = s.shapes().iter().filter(|p| p.option_count() > 0).all(|p| {
            let o = OptionId::new(pick as usize % p.option_count());
            let expected: BTreeSet<_> = brute_force(p).into_iter().filter(|sol| sol.contains(&o)).collect();
            every_walk(p, &mut run, |solver| {
                solver.force(o).unwrap();
                let found: BTreeSet<_> = solver.solutions().map(sorted).collect();
                solver.unforce_all();
                found == expected && solver.is_pristine()
            })
        });
        TestResult::from_bool(ok)
    }

    fn an_owned_solver_searches_exactly_like_a_borrowing_one(s: Small, pick: u8) -> bool {
        let p = s.problem();
        let arena = Arena::new();
        let mut borrowing = Solver::new(&p, &arena);
        let mut owned = OwnedSolver::owned(Arc::new(p.clone()));
        let same = |a: &mut Solver<'_>, b: &mut OwnedSolver| {
            a.solutions().collect::<Vec<_>>() == b.solutions().collect::<Vec<_>>()
                && {
                    // Everything but the elapsed time.
                    let (x, y) = (a.count(), b.count());
                    (x.status, x.stats.solutions, x.stats.nodes, x.stats.updates)
                        == (y.status, y.stats.solutions, y.stats.nodes, y.stats.updates)
                }
        };
        let mut ok = same(&mut borrowing, &mut owned);
        if p.option_count() > 0 {
            // Force one option in both, search, then move on to another puzzle-like start.
            let o = OptionId::new(pick as usize % p.option_count());
            ok &= borrowing.force(o).is_ok() == owned.force(o).is_ok();
            ok &= same(&mut borrowing, &mut owned);
            owned.unforce_all();
            ok &= owned.is_pristine() && owned.check_invariants().is_ok();
        }
        ok
    }

    fn shards_at_every_depth_and_count_partition_the_search_in_every_walk(s: Small, n: u8, pick: u8) -> bool {
        // The shards' solutions, shard after shard, are the sequential search's in its order,
        // none twice; the split's figures and the shards' add up to the sequential ones.
        let mut run = BTreeSet::new();
        let ok = s.shapes().iter().all(|p| {
            every_walk(p, &mut run, |solver| {
                if p.option_count() > 0 && pick % 3 == 0 {
                    // Below a forced option, too (as a Sudoku's givens are).
                    let _ = solver.force(OptionId::new(pick as usize % p.option_count()));
                }
                let sequential: Vec<Vec<OptionId>> = solver.solutions().collect();
                let stats = solver.count().stats;
                let ways = [0, 1, 2, 3, 5].map(SplitBy::Depth).into_iter()
                    .chain([1, 2, 3, 1 + usize::from(n % 40)].map(SplitBy::Count));
                ways.into_iter().all(|by| {
                    let split = Split::of_solver(solver, by);
                    let mut totals = Totals::from_split(&split);
                    let mut found = Vec::new();
                    let complete = split.shards().iter().all(|shard| {
                        let outcome = shard.run(solver, true, 0, |event| {
                            if let Event::Solution(sol) = event {
                                found.push(sol.to_vec());
                            }
                            ControlFlow::Continue(())
                        });
                        totals.add(shard.path().depth(), &outcome.stats);
                        outcome.status == Status::Complete
                    });
                    let profile: Vec<u128> = stats.profile.iter().map(|&k| u128::from(k)).collect();
                    let distinct: BTreeSet<_> = found.iter().map(|f| sorted(f.clone())).collect();
                    let within = match by {
                        SplitBy::Count(n) => split.shards().len() <= n,
                        SplitBy::Depth(_) => true,
                    };
                    complete && within
                        && found == sequential
                        && distinct.len() == found.len()
                        && totals.solutions == stats.solutions
                        && totals.nodes == u128::from(stats.nodes)
                        && totals.updates == u128::from(stats.updates)
                        && totals.cleansings == u128::from(stats.cleansings)
                        && totals.profile == profile
                        && solver.check_invariants().is_ok()
                })
            })
        });
        ok && run == all_walks()
    }

    fn text_format_round_trips(s: Small) -> bool {
        let p = s.problem();
        let q = Problem::from_dlx(&p.to_dlx()).unwrap();
        q.to_dlx() == p.to_dlx() && q.count_solutions() == p.count_solutions()
    }

    fn random_text_never_panics_the_parser(text: String) -> bool {
        let _ = Problem::from_dlx(&text);
        true
    }

    fn random_item_soup_never_panics_the_parser(lines: Vec<Vec<u8>>) -> bool {
        // Text made of a few names, bars and colons, which reaches deeper than random Unicode.
        let words = ["A", "B", "C", "|", "X", "Y:", "X:1", ":", "A:0", "|B", "Y"];
        let text: String = lines
            .iter()
            .map(|l| l.iter().map(|&w| words[w as usize % words.len()]).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        if let Ok(p) = Problem::from_dlx(&text) {
            let arena = Arena::new();
            let mut solver = Solver::new(&p, &arena);
            let n = solver.count().stats.solutions;
            return n == brute_force_if_small(&p).unwrap_or(n);
        }
        true
    }
}

fn brute_force_if_small(p: &Problem) -> Option<u64> {
    (p.option_count() <= 16).then(|| brute_force(p).len() as u64)
}

#[test]
fn errors_name_the_line_and_column() {
    let cases = [
        ("A B\nA C\n", "line 2, column 3: option 1: unknown item `C`"),
        (
            "A B\nA B A\n",
            "line 2, column 5: option 1: item `A` appears twice",
        ),
        (
            "A | X\nA:1\n",
            "line 2, column 1: option 1: primary item `A` cannot have a colour",
        ),
        (
            "A | X | Y\n",
            "line 1, column 7: the item line contains `|` twice",
        ),
        ("A A\n", "line 1, column 3: item `A` is declared twice"),
        ("A | X\nA X:\n", "line 2, column 5: empty colour after `:`"),
        (
            "| only X\n| X\n",
            "line 2, column 1: no items: the input holds only comments and blank lines",
        ),
    ];
    for (text, message) in cases {
        let err = Problem::from_dlx(text).unwrap_err();
        assert_eq!(err.to_string(), message, "input {text:?}");
    }
}

#[test]
fn comments_blank_lines_crlf_and_long_names_are_accepted() {
    let text = "| comment\r\n\r\n  first_item_with_a_long_name second | third\r\n| between\r\nfirst_item_with_a_long_name third:red\r\nsecond\r\n";
    let p = Problem::from_dlx(text).unwrap();
    assert_eq!(
        (p.primary_count(), p.secondary_count(), p.option_count()),
        (2, 1, 2)
    );
    assert_eq!(p.count_solutions(), 1);
}
