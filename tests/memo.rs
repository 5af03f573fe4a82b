//! The memoised search (`dlxkit::xc::memo`) and its ZDD (`dlxkit::xc::zdd`): counts from the
//! literature, computed with dancing links too where they finish in seconds; property tests
//! against brute force on random problems with secondary items and colours; the exports read
//! back by independent parsers; and a chi-square test of uniform sampling.

use std::collections::{BTreeSet, HashMap};

use dlxkit::puzzles::dominoes::Dominoes;
use dlxkit::puzzles::langford::Langford;
use dlxkit::puzzles::polyomino::{
    pentomino_rectangle, Board, PolyominoOptions, PolyominoPacking, PolyominoSet,
};
use dlxkit::puzzles::queens::{Queens, QueensOrder};
use dlxkit::puzzles::Puzzle;
use dlxkit::rng::Rng;
use dlxkit::sudoku::encode::Encoding;
use dlxkit::sudoku::Shape;
use dlxkit::xc::memo::{self, ItemChoice, MemoOptions};
use dlxkit::xc::zdd::{NodeId, Zdd};
use dlxkit::xc::Count;
use dlxkit::xc::{Entry, Limits, OptionId, Problem, Status};
use quickcheck::{quickcheck, Arbitrary, Gen, TestResult};

const CHOICES: [ItemChoice; 3] = [
    ItemChoice::FewestOptions,
    ItemChoice::First,
    ItemChoice::FirstUncounted,
];

/// The memoised count with each item choice (they must agree), as a decimal string.
fn memo_count(problem: &Problem) -> String {
    let counts: Vec<String> = CHOICES
        .iter()
        .map(|&choice| {
            let r = memo::count(problem, &MemoOptions::new().choice(choice)).unwrap();
            assert_eq!(r.status, Status::Complete);
            r.count.to_string()
        })
        .collect();
    assert!(
        counts.iter().all(|c| *c == counts[0]),
        "the item choices disagree: {counts:?}"
    );
    counts[0].clone()
}

fn polyomino(rows: usize, cols: usize, pieces: &PolyominoSet) -> PolyominoPacking {
    PolyominoPacking::new(
        &Board::rectangle(rows, cols).unwrap(),
        pieces,
        &PolyominoOptions::default(),
    )
    .unwrap()
}

#[test]
fn domino_tilings_of_squares_match_oeis_a004003() {
    let eight = Dominoes::new(8, 8).unwrap();
    assert_eq!(memo_count(eight.problem()), "12988816");
    assert_eq!(eight.count(), 12_988_816); // dancing links, a few seconds
    assert_eq!(memo_count(Dominoes::new(6, 6).unwrap().problem()), "6728");
    assert_eq!(
        memo_count(Dominoes::new(10, 10).unwrap().problem()),
        "258584046368"
    );
    assert_eq!(
        memo_count(Dominoes::new(12, 12).unwrap().problem()),
        "53060477521960000"
    );
    assert_eq!(memo_count(Dominoes::new(7, 7).unwrap().problem()), "0");
}

#[test]
fn queens_counts_do_not_change_with_memoisation() {
    // OEIS A000170.
    let known = [
        1u64, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
    ];
    for (k, &expected) in known.iter().enumerate() {
        let n = k + 1;
        let q = Queens::new(n, QueensOrder::OrganPipe).unwrap();
        let r = memo::count(q.problem(), &MemoOptions::new()).unwrap();
        assert_eq!(r.count.to_u64(), Some(expected), "{n} queens");
        assert_eq!(q.count(), expected, "{n} queens, dancing links");
    }
}

#[test]
fn langford_pairs_match_dancing_links() {
    // OEIS A014552 (up to reversal): 1, 1, 26, 150, 17792 for n = 3, 4, 7, 8, 11.
    for (n, reduced) in [(3, 1u64), (4, 1), (5, 0), (7, 26), (8, 150), (11, 17792)] {
        let l = Langford::new(n, true).unwrap();
        assert_eq!(memo_count(l.problem()), reduced.to_string(), "Langford {n}");
        assert_eq!(l.count(), reduced);
        let raw = Langford::new(n, false).unwrap();
        let r = memo::count(raw.problem(), &MemoOptions::new()).unwrap();
        assert_eq!(r.count.to_u64(), Some(2 * reduced), "Langford {n}, raw");
    }
}

#[test]
fn pentomino_rectangles_match_the_puzzle_encoders() {
    let distinct = pentomino_rectangle(6, 10, true).unwrap();
    let r = memo::count(distinct.problem(), &MemoOptions::new()).unwrap();
    assert_eq!(r.count.to_u64(), Some(2339));
    assert_eq!(distinct.count(), 2339); // dancing links
                                        // (Not with the first item: the pieces come first in the item order, so it would place
                                        // the F pentomino anywhere before looking at a cell.)
    let narrow = pentomino_rectangle(3, 20, false).unwrap();
    let r = memo::count(narrow.problem(), &MemoOptions::new()).unwrap();
    assert_eq!(r.count.to_u64(), Some(8));
    assert_eq!(narrow.count(), 8);
}

#[test]
#[ignore = "about 20 s in release: every 6x10 pentomino packing, memoised"]
fn all_pentomino_packings_of_6x10() {
    let all = pentomino_rectangle(6, 10, false).unwrap();
    let r = memo::count(all.problem(), &MemoOptions::new()).unwrap();
    assert_eq!(r.count.to_u64(), Some(9356));
}

#[test]
fn sudoku_grids_of_4x4_and_6x6() {
    let four = Encoding::standard(Shape::new(2, 2).unwrap()).unwrap();
    assert_eq!(memo_count(four.problem()), "288");
    assert_eq!(four.problem().count_solutions(), 288);
    // 28,200,960 grids of 6x6 with 2x3 boxes (OEIS A107739); dancing links needs about 50 s.
    let six = Encoding::standard(Shape::new(2, 3).unwrap()).unwrap();
    let r = memo::count(six.problem(), &MemoOptions::new().choice(ItemChoice::First)).unwrap();
    assert_eq!(r.count.to_u64(), Some(28_200_960));
}

#[test]
fn mono_domino_tromino_tilings_pass_64_bits() {
    let set = PolyominoSet::mono_domino_tromino();
    let board = polyomino(8, 8, &set);
    let r = memo::count(
        board.problem(),
        &MemoOptions::new().choice(ItemChoice::First),
    )
    .unwrap();
    assert_eq!(r.count.to_string(), "92109458286284989468604");
    assert!(r.count.to_u64().is_none() && !r.stats.wide);
    let small = polyomino(4, 4, &set);
    assert_eq!(memo_count(small.problem()), small.count().to_string());
}

#[test]
#[ignore = "about 130 s in release: Knuth's item choice meets 35.8 million states here"]
fn mono_domino_tromino_tilings_with_knuths_choice() {
    let board = polyomino(8, 8, &PolyominoSet::mono_domino_tromino());
    let r = memo::count(board.problem(), &MemoOptions::new()).unwrap();
    assert_eq!(r.count.to_string(), "92109458286284989468604");
}

#[test]
fn counts_past_2_to_the_128_are_counted_again_exactly() {
    // A 1x200 strip tiled by monominoes and dominoes: Fibonacci F(201) tilings.
    let pieces = PolyominoSet::parse("M: unlimited\n#\nD: unlimited\n##\n").unwrap();
    let strip = polyomino(1, 200, &pieces);
    let r = memo::count(strip.problem(), &MemoOptions::new()).unwrap();
    assert_eq!(
        r.count.to_string(),
        "453973694165307953197296969697410619233826"
    );
    assert!(r.stats.wide);
    let (zdd, _) = Zdd::build(strip.problem(), &MemoOptions::new()).unwrap();
    assert_eq!(zdd.count(), r.count);
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        let s = zdd.sample(&mut rng).unwrap();
        assert!(strip.problem().check_solution(&s).is_ok());
    }
}

#[test]
fn a_tiny_memory_limit_keeps_the_count_exact() {
    let p = Dominoes::new(8, 8).unwrap();
    let r = memo::count(p.problem(), &MemoOptions::new().memory_limit(20_000)).unwrap();
    assert_eq!(r.count.to_u64(), Some(12_988_816));
    assert!(r.stats.refused > 0 && r.stats.peak_bytes <= 20_000);
}

#[test]
fn limits_stop_the_search_with_a_partial_count() {
    let p = Dominoes::new(8, 8).unwrap();
    let r = memo::count(
        p.problem(),
        &MemoOptions::new().limits(Limits::new().nodes(100)),
    )
    .unwrap();
    assert_eq!(r.status, Status::NodeLimit);
    assert_eq!(r.stats.options_tried, 100);
    assert!(r.count < 12_988_816u64);
    let built = Zdd::build(
        p.problem(),
        &MemoOptions::new().limits(Limits::new().nodes(100)),
    );
    assert!(matches!(
        built,
        Err(memo::MemoError::Incomplete {
            status: Status::NodeLimit,
            ..
        })
    ));
}

/// A random problem: up to 7 primary and 3 secondary items, up to 12 options, 3 colours.
#[derive(Clone, Debug)]
struct Small {
    primaries: u8,
    secondaries: u8,
    options: Vec<Vec<(u8, Option<u8>)>>,
}

impl Arbitrary for Small {
    fn arbitrary(g: &mut Gen) -> Small {
        let primaries = 1 + u8::arbitrary(g) % 7;
        let secondaries = u8::arbitrary(g) % 4;
        let items = primaries + secondaries;
        let options = (0..usize::arbitrary(g) % 13)
            .map(|_| {
                (0..1 + usize::arbitrary(g) % 4)
                    .map(|_| {
                        let item = u8::arbitrary(g) % items;
                        let colored = item >= primaries && bool::arbitrary(g);
                        (item, colored.then(|| u8::arbitrary(g) % 3))
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
    /// The problem (options the builder refuses, with a repeated item or no primary item,
    /// are left out).
    fn problem(&self) -> Problem {
        let mut b = Problem::builder();
        let mut items = Vec::new();
        for k in 0..self.primaries {
            items.push(b.primary(&format!("p{k}")).unwrap());
        }
        for k in 0..self.secondaries {
            items.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for option in &self.options {
            let entries: Vec<Entry> = option
                .iter()
                .map(|&(i, c)| match c {
                    Some(c) => Entry::colored(items[i as usize], colors[c as usize]),
                    None => Entry::from(items[i as usize]),
                })
                .collect();
            let _ = b.option(entries);
        }
        b.build().unwrap()
    }
}

/// Every solution, by trying every set of options.
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let n = p.option_count();
    (0u32..1 << n)
        .filter_map(|mask| {
            let chosen: Vec<OptionId> = (0..n)
                .filter(|k| mask >> k & 1 == 1)
                .map(OptionId::new)
                .collect();
            p.check_solution(&chosen)
                .is_ok()
                .then(|| chosen.iter().map(|o| o.index()).collect())
        })
        .collect()
}

fn sorted(solution: &[OptionId]) -> Vec<usize> {
    let mut s: Vec<usize> = solution.iter().map(|o| o.index()).collect();
    s.sort_unstable();
    s
}

/// The family a ZDD export describes, read back by walking its lines: `lines` gives each
/// node as (id, option, lo, hi) with terminals as ids 0 and 1, and `root` the top.
fn family(nodes: &HashMap<u64, (usize, u64, u64)>, root: u64) -> BTreeSet<Vec<usize>> {
    fn walk(
        nodes: &HashMap<u64, (usize, u64, u64)>,
        v: u64,
        path: &mut Vec<usize>,
        out: &mut BTreeSet<Vec<usize>>,
    ) {
        match v {
            0 => {}
            1 => {
                let mut s = path.clone();
                s.sort_unstable();
                assert!(out.insert(s), "a solution appears twice");
            }
            v => {
                let &(option, lo, hi) = nodes.get(&v).expect("a node defined before use");
                walk(nodes, lo, path, out);
                path.push(option);
                walk(nodes, hi, path, out);
                path.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(nodes, root, &mut Vec::new(), &mut out);
    out
}

/// Reads dlxkit's text export: `id option lo hi` lines, children first, then `root R`.
fn read_text(text: &str) -> BTreeSet<Vec<usize>> {
    let mut nodes = HashMap::new();
    let mut root = None;
    for line in text.lines().filter(|l| !l.starts_with('|')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["root", r] => root = Some(r.parse().unwrap()),
            [id, option, lo, hi] => {
                let (lo, hi): (u64, u64) = (lo.parse().unwrap(), hi.parse().unwrap());
                assert!(lo < 2 || nodes.contains_key(&lo), "children come first");
                assert!(hi < 2 || nodes.contains_key(&hi), "children come first");
                nodes.insert(id.parse().unwrap(), (option.parse().unwrap(), lo, hi));
            }
            other => panic!("unexpected line {other:?}"),
        }
    }
    family(&nodes, root.expect("a root line"))
}

/// Reads the Graphillion export: `id element lo hi` with B and T, the root last, `.` at the
/// end (elements count options from 1).
fn read_graphillion(text: &str) -> BTreeSet<Vec<usize>> {
    let id = |w: &str| match w {
        "B" => 0,
        "T" => 1,
        n => n.parse::<u64>().unwrap(),
    };
    let mut nodes = HashMap::new();
    let mut root = None;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"."));
    for line in &lines[..lines.len() - 1] {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [terminal] => root = Some(id(terminal)),
            [v, element, lo, hi] => {
                let element: usize = element.parse().unwrap();
                nodes.insert(id(v), (element - 1, id(lo), id(hi)));
                root = Some(id(v));
            }
            other => panic!("unexpected line {other:?}"),
        }
    }
    family(&nodes, root.expect("a root"))
}

quickcheck! {
    fn memoised_counts_equal_brute_force(s: Small) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let expected = brute_force(&p).len() as u64;
        for choice in CHOICES {
            for limit in [usize::MAX, 300] {
                let options = MemoOptions::new().choice(choice).memory_limit(limit);
                let r = memo::count(&p, &options).unwrap();
                if r.count.to_u64() != Some(expected) || r.status != Status::Complete {
                    return TestResult::failed();
                }
            }
        }
        TestResult::from_bool(p.count_solutions() == expected)
    }

    fn zdd_paths_are_exactly_the_solutions(s: Small) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let expected = brute_force(&p);
        for choice in CHOICES {
            let (zdd, stats) = Zdd::build(&p, &MemoOptions::new().choice(choice)).unwrap();
            assert_eq!(stats.zdd_nodes as usize, zdd.node_count());
            let listed: Vec<Vec<OptionId>> = zdd.solutions().collect();
            let as_sets: BTreeSet<Vec<usize>> = listed.iter().map(|s| sorted(s)).collect();
            assert_eq!(as_sets.len(), listed.len(), "no solution twice");
            assert_eq!(as_sets, expected);
            assert_eq!(zdd.count().to_u64(), Some(expected.len() as u64));
            for (rank, solution) in listed.iter().enumerate() {
                assert_eq!(zdd.solution(&Count::from(rank as u64)).as_ref(), Some(solution));
            }
            assert_eq!(zdd.solution(&Count::from(listed.len() as u64)), None);
            let (mut text, mut graphillion) = (Vec::new(), Vec::new());
            zdd.write_text(&mut text).unwrap();
            zdd.write_graphillion(&mut graphillion).unwrap();
            assert_eq!(read_text(&String::from_utf8(text).unwrap()), expected);
            assert_eq!(read_graphillion(&String::from_utf8(graphillion).unwrap()), expected);
            // A reduced diagram: no branch node leads to ⊥ by hi, no two nodes are equal.
            let mut seen = BTreeSet::new();
            for (id, node) in zdd.nodes() {
                assert_eq!(zdd.node(id), Some(node));
                assert_ne!(node.hi, NodeId::BOTTOM);
                assert!(seen.insert((node.option, node.lo, node.hi)));
            }
        }
        TestResult::passed()
    }

    fn dlx_order_is_kept_by_the_enumeration(s: Small) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 || p.has_colors() {
            return TestResult::discard();
        }
        // Without colours, dancing links and the ZDD walk meet the solutions in one order.
        let (zdd, _) = Zdd::build(&p, &MemoOptions::new()).unwrap();
        let walked: Vec<Vec<OptionId>> = zdd.solutions().collect();
        TestResult::from_bool(walked == p.all_solutions())
    }
}

/// The chi-square statistic of `observed` counts against equal expectations.
fn chi_square(observed: &[u64]) -> f64 {
    let total: u64 = observed.iter().sum();
    let expected = total as f64 / observed.len() as f64;
    observed
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum()
}

#[test]
fn samples_are_uniform_by_a_chi_square_test() {
    // The 36 tilings of the 4x4 square, 200 draws expected of each, seed 2017. With 35
    // degrees of freedom a uniform sampler exceeds 66.62 with probability 0.001; the
    // tolerance is that critical value.
    let puzzle = Dominoes::new(4, 4).unwrap();
    let (zdd, _) = Zdd::build(puzzle.problem(), &MemoOptions::new()).unwrap();
    let index: HashMap<Vec<usize>, usize> = zdd
        .solutions()
        .enumerate()
        .map(|(k, s)| (sorted(&s), k))
        .collect();
    assert_eq!(index.len(), 36);
    let mut rng = Rng::new(2017);
    let mut observed = vec![0u64; 36];
    for _ in 0..36 * 200 {
        let s = zdd.sample(&mut rng).unwrap();
        observed[index[&sorted(&s)]] += 1;
    }
    let chi2 = chi_square(&observed);
    assert!(chi2 < 66.62, "chi-square {chi2} over 35 degrees of freedom");
    // And the statistic does notice a biased sampler: always the first tiling half the time.
    let mut biased = observed.clone();
    biased[0] += 3600;
    assert!(chi_square(&biased) > 66.62);
}

#[test]
fn samples_are_uniform_with_colours_too() {
    // Knuth's colour example widened: 3 x 4 problem with coloured secondary items.
    let p = Problem::from_dlx(
        "A B C | X Y\nA X:0\nA X:1\nB X:0 Y:0\nB X:1\nB Y:1\nC Y:0\nC Y:1\nC X:0\nA B\n",
    )
    .unwrap();
    let expected = brute_force(&p);
    let (zdd, _) = Zdd::build(&p, &MemoOptions::new()).unwrap();
    assert_eq!(zdd.count().to_u64(), Some(expected.len() as u64));
    let order: Vec<Vec<usize>> = expected.iter().cloned().collect();
    let mut observed = vec![0u64; order.len()];
    let mut rng = Rng::new(5);
    for _ in 0..order.len() * 300 {
        let s = sorted(&zdd.sample(&mut rng).unwrap());
        observed[order.iter().position(|o| *o == s).unwrap()] += 1;
    }
    // Critical values at probability 0.001 for up to 15 degrees of freedom.
    let critical = [
        10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88, 29.59, 31.26, 32.91, 34.53,
        36.12, 37.70,
    ];
    assert!(order.len() >= 2 && order.len() <= 16, "{}", order.len());
    assert!(chi_square(&observed) < critical[order.len() - 2]);
}

/// The memoised count on `threads` threads (with the given item choice).
fn parallel_count(problem: &Problem, choice: ItemChoice, threads: usize) -> memo::MemoCount {
    let options = MemoOptions::new().choice(choice).threads(threads);
    let r = memo::count(problem, &options).unwrap();
    assert_eq!(r.status, Status::Complete);
    if threads > 1 {
        assert_eq!(r.stats.workers.len(), threads);
    }
    r
}

#[test]
fn parallel_counts_equal_the_known_counts_on_any_number_of_threads() {
    let tromino = polyomino(8, 8, &PolyominoSet::mono_domino_tromino());
    let strip = polyomino(
        1,
        200,
        &PolyominoSet::parse("M: unlimited\n#\nD: unlimited\n##\n").unwrap(),
    );
    let cases: Vec<(Problem, ItemChoice, &str)> = vec![
        (
            Dominoes::new(12, 12).unwrap().problem().clone(),
            ItemChoice::FewestOptions,
            "53060477521960000",
        ),
        (
            tromino.problem().clone(),
            ItemChoice::First,
            "92109458286284989468604",
        ),
        (
            Queens::new(10, QueensOrder::OrganPipe)
                .unwrap()
                .problem()
                .clone(),
            ItemChoice::FewestOptions,
            "724",
        ),
        (
            Langford::new(8, false).unwrap().problem().clone(),
            ItemChoice::FewestOptions,
            "300",
        ),
        (
            pentomino_rectangle(3, 20, false).unwrap().problem().clone(),
            ItemChoice::FewestOptions,
            "8",
        ),
        (
            Encoding::standard(Shape::new(2, 2).unwrap())
                .unwrap()
                .problem()
                .clone(),
            ItemChoice::First,
            "288",
        ),
        // Past 2^128: the workers' sums overflow and the count is made again, wide.
        (
            strip.problem().clone(),
            ItemChoice::FewestOptions,
            "453973694165307953197296969697410619233826",
        ),
        (
            Dominoes::new(7, 7).unwrap().problem().clone(),
            ItemChoice::First,
            "0",
        ),
        (
            Dominoes::new(8, 8).unwrap().problem().clone(),
            ItemChoice::FirstUncounted,
            "12988816",
        ),
    ];
    for (problem, choice, expected) in &cases {
        for threads in [1, 2, 3, 8] {
            let r = parallel_count(problem, *choice, threads);
            assert_eq!(r.count.to_string(), *expected, "{threads} threads");
            let busy = r.stats.workers.iter().filter(|w| w.tasks > 0).count();
            // The two large searches keep at least two threads busy.
            if threads > 1 && r.stats.states > 50_000 {
                assert!(
                    busy >= 2,
                    "{expected}: {busy} of {threads} threads had a task"
                );
            }
        }
    }
}

#[test]
fn the_6x6_sudoku_grids_counted_on_two_threads() {
    let six = Encoding::standard(Shape::new(2, 3).unwrap()).unwrap();
    let r = parallel_count(six.problem(), ItemChoice::First, 2);
    assert_eq!(r.count.to_u64(), Some(28_200_960));
}

#[test]
fn a_parallel_count_stops_at_its_limits_and_shares_the_memory_limit() {
    let p = Dominoes::new(12, 12).unwrap();
    let options = MemoOptions::new()
        .threads(2)
        .limits(Limits::new().nodes(5_000));
    let r = memo::count(p.problem(), &options).unwrap();
    assert_eq!(r.status, Status::NodeLimit);
    // Each worker notices within 1,024 nodes of its own.
    assert!(
        r.stats.options_tried < 5_000 + 2 * 1024,
        "{}",
        r.stats.options_tried
    );
    assert!(r.count < 53_060_477_521_960_000u64);
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let options = MemoOptions::new()
        .threads(2)
        .limits(Limits::new().cancel_flag(cancel));
    let r = memo::count(p.problem(), &options).unwrap();
    assert_eq!(r.status, Status::Cancelled);
    let tight = MemoOptions::new().threads(2).memory_limit(20_000);
    let eight = Dominoes::new(8, 8).unwrap();
    let r = memo::count(eight.problem(), &tight).unwrap();
    assert_eq!(r.count.to_u64(), Some(12_988_816));
    assert!(r.stats.refused > 0 && r.stats.peak_bytes <= 20_000);
}

quickcheck! {
    fn parallel_counts_equal_brute_force(s: Small, threads: u8) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let expected = brute_force(&p).len() as u64;
        let threads = 2 + usize::from(threads % 4);
        for choice in CHOICES {
            let options = MemoOptions::new().choice(choice).threads(threads);
            let r = memo::count(&p, &options).unwrap();
            if r.count.to_u64() != Some(expected) || r.status != Status::Complete {
                return TestResult::failed();
            }
        }
        TestResult::passed()
    }
}

/// Graphillion's `setset.load` reads the export back (its family printed as sorted option
/// numbers, one set a line). Graphillion is not a dependency: the test runs when
/// `DLXKIT_GRAPHILLION_PYTHON` names a Python that has it, and says loudly that it is
/// skipped otherwise.
#[test]
fn graphillion_reads_the_export_back() {
    let Some(python) = std::env::var_os("DLXKIT_GRAPHILLION_PYTHON") else {
        eprintln!(
            "SKIPPED graphillion_reads_the_export_back: set DLXKIT_GRAPHILLION_PYTHON to a \
             Python with graphillion (pip install graphillion) to run it"
        );
        return;
    };
    const READ: &str = "import sys\nfrom graphillion import setset\n\
        setset.set_universe(list(range(1, int(sys.argv[1]) + 1)))\n\
        family = setset.load(open(sys.argv[2]))\n\
        print(len(family))\n\
        for s in family: print(' '.join(str(e) for e in sorted(s)))\n";
    let colours = Problem::from_dlx(
        "A B C | X Y\nA X:0\nA X:1\nB X:0 Y:0\nB X:1\nB Y:1\nC Y:0\nC Y:1\nC X:0\nA B\n",
    )
    .unwrap();
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (k, problem) in [Dominoes::new(4, 4).unwrap().problem().clone(), colours]
        .iter()
        .enumerate()
    {
        let (zdd, _) = Zdd::build(problem, &MemoOptions::new()).unwrap();
        let path = dir.join(format!("graphillion-{k}.zdd"));
        let mut export = std::fs::File::create(&path).unwrap();
        zdd.write_graphillion(&mut export).unwrap();
        drop(export);
        let out = std::process::Command::new(&python)
            .args(["-c", READ, &problem.option_count().to_string()])
            .arg(&path)
            .output()
            .expect("DLXKIT_GRAPHILLION_PYTHON runs");
        let why = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "graphillion failed: {why}");
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(zdd.count().to_string().as_str()));
        let read: BTreeSet<Vec<usize>> = lines
            .map(|l| {
                l.split_whitespace()
                    .map(|w| w.parse::<usize>().unwrap() - 1)
                    .collect()
            })
            .collect();
        let listed: BTreeSet<Vec<usize>> = zdd.solutions().map(|s| sorted(&s)).collect();
        assert_eq!(read, listed);
    }
}

/// A random problem with item bounds (Knuth's multiplicities): [`Small`] whose primary items
/// each take `lo..=hi` options, with `lo` in 0..=2 and `hi` up to `lo + 2`.
#[derive(Clone, Debug)]
struct Bounded {
    small: Small,
    bounds: Vec<(u8, u8)>,
}

impl Arbitrary for Bounded {
    fn arbitrary(g: &mut Gen) -> Bounded {
        let small = Small::arbitrary(g);
        let bounds = (0..small.primaries)
            .map(|_| {
                let lo = u8::arbitrary(g) % 3;
                (lo, lo.max(1) + u8::arbitrary(g) % 3)
            })
            .collect();
        Bounded { small, bounds }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Bounded>> {
        let bounds = self.bounds.clone();
        Box::new(self.small.shrink().map(move |small| Bounded {
            small,
            bounds: bounds.clone(),
        }))
    }
}

impl Bounded {
    fn problem(&self) -> Problem {
        let s = &self.small;
        let mut b = Problem::builder();
        let mut items = Vec::new();
        for (k, &(lo, hi)) in self.bounds.iter().enumerate() {
            let name = format!("p{k}");
            items.push(b.bounded(&name, u32::from(lo)..=u32::from(hi)).unwrap());
        }
        for k in 0..s.secondaries {
            items.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for option in &s.options {
            let entries: Vec<Entry> = option
                .iter()
                .map(|&(i, c)| match c {
                    Some(c) => Entry::colored(items[i as usize], colors[c as usize]),
                    None => Entry::from(items[i as usize]),
                })
                .collect();
            let _ = b.option(entries);
        }
        b.build().unwrap()
    }
}

quickcheck! {
    fn bounded_memoised_counts_and_zdds_equal_brute_force(s: Bounded) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let expected = brute_force(&p);
        // Algorithm M (dancing links with multiplicities) agrees with the brute force too.
        assert_eq!(p.count_solutions(), expected.len() as u64);
        for choice in CHOICES {
            for limit in [usize::MAX, 300] {
                let options = MemoOptions::new().choice(choice).memory_limit(limit);
                let r = memo::count(&p, &options).unwrap();
                assert_eq!(r.status, Status::Complete);
                assert_eq!(r.count.to_u64(), Some(expected.len() as u64), "{p:?} {choice:?}");
            }
            let (zdd, _) = Zdd::build(&p, &MemoOptions::new().choice(choice)).unwrap();
            let listed: Vec<Vec<OptionId>> = zdd.solutions().collect();
            let as_sets: BTreeSet<Vec<usize>> = listed.iter().map(|s| sorted(s)).collect();
            assert_eq!(as_sets.len(), listed.len(), "no solution twice");
            assert_eq!(as_sets, expected);
        }
        TestResult::passed()
    }
}

#[test]
fn knuths_multiplicity_example_is_counted_memoised() {
    // data/dlx/knuth-bounds.dlx: DLX3's example, one solution.
    let text = std::fs::read_to_string("data/dlx/knuth-bounds.dlx").unwrap();
    let p = Problem::from_dlx(&text).unwrap();
    assert!(p.has_bounds());
    let r = memo::count(&p, &MemoOptions::new()).unwrap();
    assert_eq!((r.count.to_u64(), r.status), (Some(1), Status::Complete));
    assert_eq!(p.count_solutions(), 1);
}

quickcheck! {
    fn the_generating_function_sums_to_the_count(s: Bounded) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let expected = brute_force(&p);
        let (zdd, _) = Zdd::build(&p, &MemoOptions::new()).unwrap();
        let gf = zdd.generating_function();
        let mut sum = Count::zero();
        for c in &gf {
            sum += c;
        }
        assert_eq!(sum, zdd.count());
        for (k, c) in gf.iter().enumerate() {
            let by_size = expected.iter().filter(|s| s.len() == k).count() as u64;
            assert_eq!(c.to_u64(), Some(by_size), "{k} options");
        }
        TestResult::from_bool(gf.last().is_none_or(|c| !c.is_zero()))
    }

    fn the_k_lightest_are_the_k_cheapest_of_a_full_listing(s: Small, k: u8) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let cost = |o: OptionId| (o.index() as u64 * 7 + 3) % 5;
        let mut all: Vec<u64> = brute_force(&p)
            .iter()
            .map(|s| s.iter().map(|&o| cost(OptionId::new(o))).sum())
            .collect();
        all.sort_unstable();
        let k = usize::from(k % 8) + 1;
        let (zdd, _) = Zdd::build(&p, &MemoOptions::new()).unwrap();
        let best = zdd.lightest(k, cost);
        let weights: Vec<u64> = best.iter().map(|(w, _)| *w).collect();
        assert_eq!(weights, all.iter().take(k).copied().collect::<Vec<_>>());
        let mut distinct = BTreeSet::new();
        for (w, solution) in &best {
            assert!(p.check_solution(solution).is_ok());
            assert_eq!(*w, solution.iter().map(|&o| cost(o)).sum::<u64>());
            assert!(distinct.insert(sorted(solution)));
        }
        TestResult::passed()
    }

    fn knuth_format_zdds_read_back_as_the_same_family(s: Bounded) -> TestResult {
        let p = s.problem();
        if p.option_count() > 12 {
            return TestResult::discard();
        }
        let (zdd, _) = Zdd::build(&p, &MemoOptions::new()).unwrap();
        let mut text = Vec::new();
        zdd.write_knuth(&mut text).unwrap();
        let back = Zdd::read_knuth(&String::from_utf8(text).unwrap()).unwrap();
        let a: Vec<_> = zdd.solutions().collect();
        let b: Vec<_> = back.solutions().collect();
        TestResult::from_bool(a == b && back.count() == zdd.count())
    }
}

/// A random bounded and coloured problem too large for the brute force: up to 9 primary
/// items with bounds `u..=v` (0 ≤ u ≤ v ≤ 3), up to 4 secondary items coloured 0..3 or not,
/// up to 32 options of 1 to 5 entries. No DLX6 reads item bounds
/// (tests/knuth_inputs/README.md), so the oracle is the other algorithm in this crate that
/// reads them: dancing links with multiplicities (Knuth's Algorithm M, DLX3's method).
#[derive(Clone, Debug)]
struct WideBounded {
    bounds: Vec<(u8, u8)>,
    secondaries: u8,
    options: Vec<Vec<(u8, Option<u8>)>>,
}

impl Arbitrary for WideBounded {
    fn arbitrary(g: &mut Gen) -> WideBounded {
        let primaries = 1 + u8::arbitrary(g) % 9;
        let bounds = (0..primaries)
            .map(|_| {
                let lo = u8::arbitrary(g) % 3;
                (lo, (lo.max(1) + u8::arbitrary(g) % 3).min(3))
            })
            .collect();
        let secondaries = u8::arbitrary(g) % 5;
        let items = primaries + secondaries;
        let options = (0..usize::arbitrary(g) % 33)
            .map(|_| {
                (0..1 + usize::arbitrary(g) % 5)
                    .map(|_| {
                        let item = u8::arbitrary(g) % items;
                        let colored = item >= primaries && u8::arbitrary(g) % 3 != 0;
                        (item, colored.then(|| u8::arbitrary(g) % 3))
                    })
                    .collect()
            })
            .collect();
        WideBounded {
            bounds,
            secondaries,
            options,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = WideBounded>> {
        let me = self.clone();
        Box::new((0..self.options.len()).rev().map(move |k| {
            let mut s = me.clone();
            s.options.remove(k);
            s
        }))
    }
}

impl WideBounded {
    /// The problem, without the options the builder refuses (repeats, no primary item).
    fn problem(&self) -> Problem {
        let mut b = Problem::builder();
        let mut items = Vec::new();
        for (k, &(lo, hi)) in self.bounds.iter().enumerate() {
            items.push(
                b.bounded(&format!("p{k}"), u32::from(lo)..=u32::from(hi))
                    .unwrap(),
            );
        }
        for k in 0..self.secondaries {
            items.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for option in &self.options {
            let entries: Vec<Entry> = option
                .iter()
                .map(|&(i, c)| match c {
                    Some(c) => Entry::colored(items[i as usize], colors[c as usize]),
                    None => Entry::from(items[i as usize]),
                })
                .collect();
            let _ = b.option(entries);
        }
        b.build().unwrap()
    }
}

/// Checks the memoised count (every item choice, one and two threads, a small memory
/// limit) and the ZDD's solution set (every item choice) against the solutions the dancing
/// links list with Algorithm M, and returns how many there are.
fn memo_and_zdd_agree_with_algorithm_m(p: &Problem, what: &str) -> usize {
    let listed = p.all_solutions();
    let by_links: BTreeSet<Vec<usize>> = listed.iter().map(|s| sorted(s)).collect();
    assert_eq!(
        by_links.len(),
        listed.len(),
        "{what}: the links list each once"
    );
    assert_eq!(p.count_solutions(), listed.len() as u64, "{what}");
    let expected = Some(listed.len() as u64);
    for choice in CHOICES {
        for (threads, limit) in [(1, usize::MAX), (1, 300), (2, usize::MAX)] {
            let options = MemoOptions::new()
                .choice(choice)
                .threads(threads)
                .memory_limit(limit);
            let r = memo::count(p, &options).unwrap();
            assert_eq!(r.status, Status::Complete, "{what} {choice:?}");
            assert_eq!(
                r.count.to_u64(),
                expected,
                "{what} {choice:?} {threads} {limit}"
            );
        }
        let (zdd, _) = Zdd::build(p, &MemoOptions::new().choice(choice)).unwrap();
        assert_eq!(
            zdd.count().to_u64(),
            expected,
            "{what} {choice:?}: ZDD count"
        );
        let from_zdd: Vec<Vec<OptionId>> = zdd.solutions().collect();
        for s in &from_zdd {
            assert!(p.check_solution(s).is_ok(), "{what} {choice:?}: {s:?}");
        }
        let as_sets: BTreeSet<Vec<usize>> = from_zdd.iter().map(|s| sorted(s)).collect();
        assert_eq!(
            as_sets.len(),
            from_zdd.len(),
            "{what} {choice:?}: no solution twice"
        );
        assert_eq!(
            as_sets, by_links,
            "{what} {choice:?}: ZDD against the links"
        );
    }
    listed.len()
}

#[test]
fn bounded_memo_counts_and_zdds_are_algorithm_ms_on_wide_random_problems() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static WITH_SOLUTIONS: AtomicUsize = AtomicUsize::new(0);
    fn prop(s: WideBounded) -> TestResult {
        let p = s.problem();
        if p.count_solutions() > 20_000 {
            return TestResult::discard();
        }
        if memo_and_zdd_agree_with_algorithm_m(&p, &format!("{s:?}")) > 0 {
            WITH_SOLUTIONS.fetch_add(1, Ordering::Relaxed);
        }
        TestResult::passed()
    }
    // Up to 32 options: past the brute force's 12 (the quickchecks above).
    quickcheck::QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(WideBounded) -> TestResult);
    // Not a test of empty problems only.
    let with = WITH_SOLUTIONS.load(Ordering::Relaxed);
    assert!(with >= 60, "{with} of 300 problems had solutions");
}

#[test]
fn knuths_bounded_inputs_have_algorithm_ms_solutions_in_the_memo_and_the_zdd() {
    // DLX3's counts (`dlx3 < X.dlx`, tests/knuth_inputs/README.md); the solution sets are the
    // links' (Algorithm M), since no DLX6 reads bounds.
    for (name, dlx3) in [
        ("motley-3-3.dlx", 1),
        ("motley-3-4.dlx", 0),
        ("motley-4-4.dlx", 8),
        ("redrect-3-4.dlx", 2161),
        ("redrect-4-4.dlx", 55137),
    ] {
        let path = format!("{}/tests/knuth_inputs/{name}", env!("CARGO_MANIFEST_DIR"));
        let p = Problem::from_dlx(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(p.has_bounds(), "{name}");
        assert_eq!(
            memo_and_zdd_agree_with_algorithm_m(&p, name),
            dlx3,
            "{name}"
        );
    }
}
