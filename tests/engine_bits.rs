//! The bitset engine (`xc::bits`): on random problems (plain, with secondary items, with
//! colours, with the sharp preference, small enough for brute force and large enough to
//! need many words of mask), on Knuth's held-in files and on puzzles, it finds the
//! solutions of the dancing links in the same order, with the same node count, branches,
//! dead ends and level profile; limits and forcing behave as the links' do; a problem too
//! large or with bounds is refused with its reason; a seed gives the links' solutions in a
//! reproducible random order.

use std::ops::ControlFlow;

use dlxkit::puzzles::polyomino::pentomino_rectangle;
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::bits::{BitSolver, BitsError, MAX_OPTIONS};
use dlxkit::xc::plan::{Collect, Engine, Plan, Unsupported};
use dlxkit::xc::{
    Arena, Event, Limits, OptionId, Outcome, Problem, ReduceOptions, SearchOrder, Solver, Stats,
    Status,
};
use quickcheck::{quickcheck, Arbitrary, Gen};

use crate::random_problems::{brute_force, sorted, Random};

/// Every solution and the outcome, from the links.
fn links(p: &Problem, order: &SearchOrder, limits: Limits) -> (Vec<Vec<OptionId>>, Outcome) {
    let arena = Arena::new();
    let mut s = Solver::with_order(p, &arena, *order).with_limits(limits);
    let mut out = Vec::new();
    let outcome = s.run(0, |e| {
        if let Event::Solution(x) = e {
            out.push(x.to_vec());
        }
        ControlFlow::Continue(())
    });
    (out, outcome)
}

/// Every solution and the outcome, from the bitset engine.
fn bits(p: &Problem, order: &SearchOrder, limits: Limits) -> (Vec<Vec<OptionId>>, Outcome) {
    let mut s = BitSolver::with_order(p, order).unwrap().with_limits(limits);
    let mut out = Vec::new();
    let outcome = s.run(0, |e| {
        if let Event::Solution(x) = e {
            out.push(x.to_vec());
        }
        ControlFlow::Continue(())
    });
    (out, outcome)
}

/// What both engines count alike (the links' updates and cleansings aside).
fn tree(s: &Stats) -> (u64, u64, u64, u64, Vec<u64>) {
    (
        s.solutions,
        s.nodes,
        s.branches,
        s.dead_ends,
        s.profile.clone(),
    )
}

/// Whether the two engines agree on `p`: solutions in the same order, the same tree, the
/// same status.
fn agree(p: &Problem, order: &SearchOrder, limits: Limits) -> bool {
    let (ls, lo) = links(p, order, limits.clone());
    let (bs, bo) = bits(p, order, limits);
    let same = ls == bs && tree(&lo.stats) == tree(&bo.stats) && lo.status == bo.status;
    if !same {
        eprintln!(
            "links {:?} {:?}\nbits  {:?} {:?}",
            lo.status,
            tree(&lo.stats),
            bo.status,
            tree(&bo.stats)
        );
    }
    same
}

/// A random problem with many options (up to 300, so up to 5 words of mask), up to 24
/// primary and 6 secondary items, and colours on some secondary entries.
#[derive(Clone, Debug)]
struct Wide {
    primaries: usize,
    secondaries: usize,
    options: Vec<Vec<(usize, Option<usize>)>>,
}

impl Arbitrary for Wide {
    fn arbitrary(g: &mut Gen) -> Wide {
        let primaries = 1 + usize::arbitrary(g) % 24;
        let secondaries = usize::arbitrary(g) % 7;
        let count = usize::arbitrary(g) % 300;
        let options = (0..count)
            .map(|_| {
                let len = 1 + usize::arbitrary(g) % 4;
                (0..len)
                    .map(|_| {
                        let item = usize::arbitrary(g) % (primaries + secondaries);
                        let color = (item >= primaries && bool::arbitrary(g))
                            .then(|| usize::arbitrary(g) % 3);
                        (item, color)
                    })
                    .collect()
            })
            .collect();
        Wide {
            primaries,
            secondaries,
            options,
        }
    }
}

impl Wide {
    fn problem(&self, colours: bool) -> Problem {
        let mut b = Problem::builder();
        for i in 0..self.primaries {
            // Every third item is sharp, for the sharp preference.
            let sharp = if i % 3 == 0 { "#" } else { "" };
            b.primary(&format!("{sharp}p{i}")).unwrap();
        }
        let secondaries: Vec<_> = (0..self.secondaries)
            .map(|i| b.secondary(&format!("s{i}")).unwrap())
            .collect();
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for entries in &self.options {
            let names: Vec<_> = entries
                .iter()
                .map(|&(item, color)| {
                    if item < self.primaries {
                        let sharp = if item % 3 == 0 { "#" } else { "" };
                        let id = b.item_id(&format!("{sharp}p{item}")).unwrap();
                        dlxkit::xc::Entry {
                            item: id,
                            color: None,
                        }
                    } else {
                        let id = secondaries[item - self.primaries];
                        match color.filter(|_| colours) {
                            Some(c) => dlxkit::xc::Entry::colored(id, colors[c]),
                            None => dlxkit::xc::Entry {
                                item: id,
                                color: None,
                            },
                        }
                    }
                })
                .collect();
            let _ = b.option(names);
        }
        b.build().unwrap()
    }
}

quickcheck! {
    fn bits_find_the_brute_force_solutions(s: Random) -> bool {
        let p = s.problem();
        let (found, outcome) = bits(&p, &SearchOrder::new(), Limits::new());
        let set: std::collections::BTreeSet<_> = found.iter().cloned().map(sorted).collect();
        set.len() == found.len()
            && set == brute_force(&p)
            && outcome.stats.solutions == found.len() as u64
            && found.iter().all(|x| p.check_solution(x).is_ok())
    }

    fn bits_search_the_links_tree_on_small_problems(s: Random) -> bool {
        agree(&s.problem(), &SearchOrder::new(), Limits::new())
            && agree(&s.uncoloured().problem(), &SearchOrder::new(), Limits::new())
    }

    fn bits_search_the_links_tree_on_wide_problems(w: Wide) -> bool {
        // A node limit keeps the trees of problems with many solutions small (and tests
        // that both engines stop at the same place).
        let limits = Limits::new().nodes(20_000);
        agree(&w.problem(false), &SearchOrder::new(), limits.clone())
            && agree(&w.problem(true), &SearchOrder::new(), limits)
    }

    fn bits_search_the_links_tree_with_the_sharp_preference(w: Wide) -> bool {
        let sharp = SearchOrder::new().prefer_sharp(true);
        agree(&w.problem(true), &sharp, Limits::new().nodes(20_000))
    }

    fn bits_stop_where_the_links_stop(w: Wide, solutions: u8, nodes: u8) -> bool {
        let p = w.problem(true);
        agree(&p, &SearchOrder::new(), Limits::new().solutions(u64::from(solutions % 5)))
            && agree(&p, &SearchOrder::new(), Limits::new().nodes(u64::from(nodes)))
    }

    fn bits_force_as_the_links_force(w: Wide, picks: Vec<u16>) -> bool {
        let p = w.problem(true);
        if p.option_count() == 0 {
            return true;
        }
        let arena = Arena::new();
        let mut l = Solver::new(&p, &arena);
        let mut b = BitSolver::new(&p).unwrap();
        for pick in picks.iter().take(3) {
            let o = OptionId::new(usize::from(*pick) % p.option_count());
            let (lf, bf) = (l.force(o), b.force(o));
            if lf != bf {
                eprintln!("forcing {o:?}: links {lf:?}, bits {bf:?}");
                return false;
            }
        }
        let limits = Limits::new().nodes(20_000);
        let (mut l, mut b) = (l.with_limits(limits.clone()), b.with_limits(limits));
        let all_l: Vec<_> = l.solutions().collect();
        let lo = l.count();
        let all_b = b.all_solutions();
        let bo = b.count();
        let same = all_l == all_b && tree(&lo.stats) == tree(&bo.stats) && b.forced() == l.forced();
        if !same {
            eprintln!("{:?}\n{:?}\n{:?} {:?}", tree(&lo.stats), tree(&bo.stats), all_l.len(), all_b.len());
        }
        same
    }

    /// One solver reused for a batch, as Sudoku batches reuse it: unforcing every option
    /// and forcing others gives the tree of a fresh links solver with those forced.
    fn bits_unforce_and_force_again_as_a_fresh_solver(w: Wide, first: Vec<u16>, then: Vec<u16>) -> bool {
        let p = w.problem(true);
        if p.option_count() == 0 {
            return true;
        }
        let pick = |k: &u16| OptionId::new(usize::from(*k) % p.option_count());
        let limits = Limits::new().nodes(20_000);
        let mut b = BitSolver::new(&p).unwrap().with_limits(limits.clone());
        first.iter().take(3).for_each(|k| drop(b.force(pick(k))));
        let _ = b.count();
        b.unforce_all();
        let arena = Arena::new();
        let mut l = Solver::new(&p, &arena).with_limits(limits);
        for k in then.iter().take(3) {
            if l.force(pick(k)) != b.force(pick(k)) {
                return false;
            }
        }
        let all_l: Vec<_> = l.solutions().collect();
        let lo = l.count();
        let all_b = b.all_solutions();
        let bo = b.count();
        all_l == all_b && tree(&lo.stats) == tree(&bo.stats) && b.forced() == l.forced()
    }
}

#[test]
fn bits_search_the_links_tree_on_knuths_files() {
    let dirs = [
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/knuth_inputs"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/knuth"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/data/dlx"),
    ];
    let mut checked = 0;
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "dlx"))
            .collect();
        paths.sort();
        for path in paths {
            let p = Problem::from_dlx(&std::fs::read_to_string(&path).unwrap()).unwrap();
            match BitSolver::new(&p) {
                Err(BitsError::Bounds) => assert!(p.has_bounds(), "{}", path.display()),
                Err(e) => panic!("{}: {e}", path.display()),
                Ok(_) => {
                    // A node budget: some files (MacMahon's hexagon) have millions of
                    // solutions; both engines must still walk the same first 200,000 nodes.
                    assert!(
                        agree(&p, &SearchOrder::new(), Limits::new().nodes(200_000)),
                        "{}",
                        path.display()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 15, "only {checked} files checked");
}

#[test]
fn bits_count_queens_and_pentominoes_with_the_links_tree() {
    let q = Queens::new(9, QueensOrder::OrganPipe).unwrap();
    let (_, outcome) = bits(q.problem(), &SearchOrder::new(), Limits::new());
    assert_eq!(outcome.stats.solutions, 352);
    assert!(agree(q.problem(), &SearchOrder::new(), Limits::new()));
    let p = pentomino_rectangle(3, 20, false).unwrap();
    let (found, outcome) = bits(p.problem(), &SearchOrder::new(), Limits::new());
    assert_eq!(outcome.stats.solutions, 8);
    assert!(found.iter().all(|s| p.problem().check_solution(s).is_ok()));
    assert!(agree(p.problem(), &SearchOrder::new(), Limits::new()));
}

#[test]
fn bits_refuse_a_problem_too_large_and_bounds() {
    let mut b = Problem::builder();
    b.primary("A").unwrap();
    let a = b.item_id("A").unwrap();
    for _ in 0..=MAX_OPTIONS {
        b.option([a]).unwrap();
    }
    let big = b.build().unwrap();
    let err = BitSolver::new(&big).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the bitset engine takes at most 16384 options and 8192 items; \
         this problem has 16385 options and 1 items"
    );
    let bounds = concat!(env!("CARGO_MANIFEST_DIR"), "/data/dlx/knuth-bounds.dlx");
    let bounded = Problem::from_dlx(&std::fs::read_to_string(bounds).unwrap()).unwrap();
    assert_eq!(BitSolver::new(&bounded).unwrap_err(), BitsError::Bounds);
}

#[test]
fn bits_report_progress_and_stop_when_asked() {
    let q = Queens::new(8, QueensOrder::Natural).unwrap();
    let mut s = BitSolver::new(q.problem()).unwrap();
    let mut reports = Vec::new();
    let outcome = s.run(100, |e| match e {
        Event::Progress(p) => {
            reports.push(p.estimate);
            ControlFlow::Continue(())
        }
        Event::Solution(_) => ControlFlow::Continue(()),
    });
    assert_eq!(
        (outcome.status, outcome.stats.solutions),
        (Status::Complete, 92)
    );
    assert!(reports.len() >= 10, "{} reports", reports.len());
    assert!(
        reports.windows(2).all(|w| w[0] <= w[1]),
        "the estimate only grows"
    );
    let first = s.first().unwrap();
    assert!(q.problem().check_solution(&first).is_ok());
    assert_eq!(s.status(), Status::Stopped);
}

quickcheck! {
    fn a_plan_on_the_bitset_engine_runs_as_on_the_links(w: Wide, count: bool, reduce: bool) -> bool {
        let p = w.problem(true);
        let limits = Limits::new().nodes(20_000);
        let mut plan = Plan::new().limits(limits).count(count);
        if reduce {
            plan = plan.reduce(ReduceOptions::new());
        }
        let (mut on_links, mut on_bits) = (Collect::default(), Collect::default());
        let l = plan.clone().run(&p, &mut on_links).unwrap();
        let b = plan.engine(Engine::Bits).run(&p, &mut on_bits).unwrap();
        b.engine == Engine::Bits
            && on_links.solutions == on_bits.solutions
            && tree(&l.stats) == tree(&b.stats)
            && l.status == b.status
    }
}

#[test]
fn a_plan_on_the_bitset_engine_refuses_what_it_does_not_take() {
    let p = Problem::from_dlx("A B\nA\nB\n").unwrap();
    let bits = Plan::new().engine(Engine::Bits);
    let refusal = |plan: Plan, p: &Problem| plan.check(p).unwrap_err().to_string();
    // Threads, shards (tests/engine_modes.rs) and the K best (tests/engine_best_engines.rs)
    // run on the bit sets.
    assert_eq!(bits.clone().threads(2).check(&p), Ok(()));
    assert_eq!(bits.clone().best(1).threads(2).check(&p), Ok(()));
    assert_eq!(
        bits.clone().order(SearchOrder::new().seed(3)).check(&p),
        Ok(())
    );
    let bounds = concat!(env!("CARGO_MANIFEST_DIR"), "/data/dlx/knuth-bounds.dlx");
    let bounded = Problem::from_dlx(&std::fs::read_to_string(bounds).unwrap()).unwrap();
    // Bounds run as Algorithm M on bit sets (tests/engine_bits_bounds.rs), in the
    // problem's order, or in a seeded or sharp one as the links.
    assert_eq!(bits.clone().check(&bounded), Ok(()));
    let seeded = SearchOrder::new().seed(3).prefer_sharp(true);
    assert_eq!(bits.clone().order(seeded).check(&bounded), Ok(()));
    // The minimum-cost search with bounds too (tests/engine_best_bounds.rs).
    assert_eq!(bits.clone().best(2).check(&bounded), Ok(()));
    let mut b = Problem::builder();
    let a = b.primary("A").unwrap();
    for _ in 0..=MAX_OPTIONS {
        b.option([a]).unwrap();
    }
    let big = b.build().unwrap();
    assert!(matches!(
        bits.check(&big),
        Err(Unsupported::Size {
            engine: Engine::Bits,
            ..
        })
    ));
    assert_eq!(
        refusal(bits.clone(), &big),
        format!(
            "the bitset engine takes at most {MAX_OPTIONS} options and 8192 items; this problem \
             has {} options and 1 items",
            MAX_OPTIONS + 1
        )
    );
    let mut found = Collect::default();
    let report = bits.clone().run(&p, &mut found).unwrap();
    assert_eq!((report.stats.solutions, found.solutions.len()), (1, 1));
}

/// Everything the links count, the time aside.
fn counted(s: &Stats) -> Stats {
    Stats {
        elapsed: Default::default(),
        ..s.clone()
    }
}

#[test]
fn bits_count_the_links_updates_on_knuths_files() {
    let dirs = [
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/knuth_inputs"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/knuth"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/data/dlx"),
    ];
    let (mut checked, mut coloured) = (0, 0);
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "dlx"))
            .collect();
        paths.sort();
        for path in paths {
            let p = Problem::from_dlx(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let Ok(mut s) = BitSolver::new(&p) else {
                continue;
            };
            let limits = Limits::new().nodes(200_000);
            s.count_updates(true);
            s.set_limits(limits.clone());
            let b = s.count();
            let (_, l) = links(&p, &SearchOrder::new(), limits);
            assert_eq!(counted(&b.stats), counted(&l.stats), "{}", path.display());
            assert!(b.stats.updates > 0, "{}", path.display());
            checked += 1;
            coloured += usize::from(l.stats.cleansings > 0);
        }
    }
    assert!(
        checked >= 15 && coloured >= 3,
        "{checked} files, {coloured} coloured"
    );
}

#[test]
fn bits_count_the_benchmarks_known_updates() {
    use dlxkit::bench::engine::INSTANCES;
    for name in ["queens-12", "langford-11", "dominoes-6x6"] {
        let instance = INSTANCES.iter().find(|i| i.name == name).unwrap();
        let p = instance.problem().unwrap();
        let mut s = BitSolver::new(&p).unwrap();
        s.count_updates(true);
        let stats = s.count().stats;
        let known = &instance.counts;
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (known.solutions, known.nodes, known.updates),
            "{name}"
        );
    }
}

/// A search cut short leaves nothing behind in the count: forced afterwards, the bit sets
/// count the links' updates and cleansings below the forced option (a purification made by
/// the search stopped inside its tree was taken for the forced option's, then forgotten, and
/// the subtree counted it again: one cleansing and one update more).
#[test]
fn bits_count_the_links_updates_after_a_search_cut_short() {
    let p = Problem::from_dlx("p0 p1 | s0\np0 s0:a\np1 s0:a\n").unwrap();
    let forced = OptionId::new(0);
    let arena = Arena::new();
    let mut l = Solver::new(&p, &arena);
    l.force(forced).unwrap();
    let expected = counted(&l.count().stats);
    assert_eq!((expected.updates, expected.cleansings), (1, 0));
    for nodes in 1..=2 {
        let mut s = BitSolver::new(&p).unwrap();
        s.count_updates(true);
        s.set_limits(Limits::new().nodes(nodes));
        assert_eq!(s.count().status, Status::NodeLimit);
        s.set_limits(Limits::new());
        s.force(forced).unwrap();
        assert_eq!(counted(&s.count().stats), expected, "cut at {nodes} nodes");
    }
}

quickcheck! {
    /// A plan on the bit sets that counts updates, on one thread or several, counts the
    /// links' nodes, updates and cleansings (colours and the sharp preference included).
    fn a_plan_on_the_bitset_engine_counts_the_links_updates(w: Wide, threads: u8, sharp: bool) -> bool {
        let p = w.problem(true);
        let order = SearchOrder::new().prefer_sharp(sharp);
        let (_, l) = links(&p, &order, Limits::new().nodes(20_000));
        if l.status != Status::Complete {
            return true; // too large to search whole here
        }
        // With the sharp preference, threads search the shards of Knuth's plain tree in
        // that order: the links' figures on as many threads.
        let threads = 1 + usize::from(threads % 3);
        let plan = Plan::new().order(order).count(true).threads(threads).count_updates(true);
        let l = plan.clone().engine(Engine::Links).run(&p, &mut Collect::default()).unwrap();
        let b = plan.engine(Engine::Bits).run(&p, &mut Collect::default()).unwrap();
        let same = (b.stats.solutions, b.stats.nodes, b.stats.updates, b.stats.cleansings)
            == (l.stats.solutions, l.stats.nodes, l.stats.updates, l.stats.cleansings);
        if !same {
            eprintln!("{threads} threads: links {:?}\nbits {:?}", l.stats, b.stats);
        }
        same && b.engine == Engine::Bits
    }
}

quickcheck! {
    /// A seeded search on the bit sets finds the links' solutions (as a set), each once, in
    /// an order the seed reproduces; forced, the seeded solutions hold the forced option;
    /// a plan on threads with the seed finds them too.
    fn a_seed_on_the_bit_sets_finds_the_links_solutions(w: Wide, seed: u32, threads: u8) -> bool {
        let p = w.problem(true);
        let limits = Limits::new().nodes(20_000);
        let (expected, l) = links(&p, &SearchOrder::new(), limits.clone());
        if l.status != Status::Complete {
            return true; // too large to search whole here
        }
        let order = SearchOrder::new().seed(u64::from(seed));
        let (once, o) = bits(&p, &order, Limits::new());
        let (again, _) = bits(&p, &order, Limits::new());
        let set = |s: &[Vec<OptionId>]| {
            let mut s: Vec<_> = s.iter().cloned().map(sorted).collect();
            s.sort();
            s
        };
        let threads = 1 + usize::from(threads % 3);
        let mut found = Collect::default();
        let plan = Plan::new().engine(Engine::Bits).order(order).threads(threads);
        let report = plan.run(&p, &mut found).unwrap();
        o.status == Status::Complete
            && once == again
            && set(&once) == set(&expected)
            && report.engine == Engine::Bits
            && set(&found.solutions) == set(&expected)
            && once.iter().all(|s| p.check_solution(s).is_ok())
    }
}

#[test]
fn a_seed_on_the_bit_sets_changes_the_order_and_keeps_the_solutions() {
    let q = Queens::new(8, QueensOrder::Natural).unwrap();
    let p = q.problem();
    let (plain, _) = bits(p, &SearchOrder::new(), Limits::new());
    let (seeded, outcome) = bits(p, &SearchOrder::new().seed(7), Limits::new());
    let (other, _) = bits(p, &SearchOrder::new().seed(8), Limits::new());
    assert_eq!((plain.len(), seeded.len(), other.len()), (92, 92, 92));
    assert_ne!(seeded, plain);
    assert_ne!(seeded, other);
    let set = |s: &[Vec<OptionId>]| {
        let mut s: Vec<_> = s.iter().cloned().map(sorted).collect();
        s.sort();
        s
    };
    assert_eq!(set(&seeded), set(&plain));
    assert_eq!(set(&other), set(&plain));
    // Forcing a seeded solver keeps the option first, as the links list it.
    let mut s = BitSolver::with_order(p, &SearchOrder::new().seed(7)).unwrap();
    s.force(seeded[0][0]).unwrap();
    let forced = s.all_solutions();
    let holding = seeded.iter().filter(|x| x.contains(&seeded[0][0])).count();
    assert_eq!(forced.len(), holding);
    assert!(forced.iter().all(|f| f[0] == seeded[0][0]));
    assert!(forced.iter().all(|f| p.check_solution(f).is_ok()));
    assert_eq!(outcome.status, Status::Complete);
}
