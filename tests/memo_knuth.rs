//! The memoised search against Knuth's programs: counts, ZDD nodes and memo signatures of
//! DLX6 (and DLX3's counts for bounded inputs, which DLX6 does not read) on inputs from his
//! generators (`tests/knuth_inputs/README.md` names them); ZDDs in his format both ways; and
//! the published counts of issue 33, each cross-checked by an independent count.

use std::collections::{BTreeSet, HashMap};

use dlxkit::xc::memo::{self, ItemChoice, MemoOptions};
use dlxkit::xc::zdd::Zdd;
use dlxkit::xc::{Count, Problem, Status};

fn input(name: &str) -> Problem {
    let path = format!("{}/tests/knuth_inputs/{name}", env!("CARGO_MANIFEST_DIR"));
    Problem::from_dlx(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// (file, count, DLX6's "ZDD nodes" and total memos (bad + good signatures, less the one it
/// adds for the all-zero signature) where they match dlxkit's branching). The signatures
/// are equal, exhausted secondary items dropped from the key as DLX6 drops them (queens
/// 6-8 need that); the ZDD nodes are at most DLX6's (queens 8: 475 against its 483: DLX6
/// writes a new node for every option that leads to a solution, and 8 of its nodes repeat
/// another's option and children, which dlxkit shares;
/// `dlx6s_queens_8_zdd_is_dlxkits_with_8_nodes_repeated` pins that).
type Dlx6 = Option<(u64, u64)>;

const KNUTH: &[(&str, u64, Dlx6)] = &[
    ("pentominoes-4x5.dlx", 4, Some((18, 147))),
    ("queens-5.dlx", 10, Some((43, 32))),
    ("queens-6.dlx", 4, Some((26, 82))),
    ("queens-7.dlx", 40, Some((196, 238))),
    ("queens-8.dlx", 92, Some((483, 814))),
    ("de-bruijn-0-2-3.dlx", 2, Some((13, 10))),
    ("de-bruijn-0-2-4.dlx", 2, Some((21, 19))),
    ("de-bruijn-0-2-5.dlx", 4, Some((49, 49))),
    ("de-bruijn-0-3-3.dlx", 2, Some((15, 12))),
    ("de-bruijn-1-2-4.dlx", 2, Some((20, 18))),
    // Bounded (and coloured): DLX3's counts. No DLX6 reads bounds (its only version in
    // ascherer/cwebtest refuses `u:v|item`: tests/knuth_inputs/README.md quotes it), so
    // there are no ZDD nodes or signatures of his to compare with.
    ("motley-3-3.dlx", 1, None),
    ("motley-3-4.dlx", 0, None),
    ("motley-4-4.dlx", 8, None),
    ("redrect-3-4.dlx", 2161, None),
    ("redrect-4-4.dlx", 55137, None),
];

#[test]
fn counts_zdd_nodes_and_signatures_agree_with_dlx6_and_dlx3() {
    for &(name, count, dlx6) in KNUTH {
        let p = input(name);
        assert_eq!(p.count_solutions(), count, "{name}: dancing links");
        for choice in [ItemChoice::FewestOptions, ItemChoice::First] {
            let r = memo::count(&p, &MemoOptions::new().choice(choice)).unwrap();
            assert_eq!(r.status, Status::Complete);
            assert_eq!(r.count.to_u64(), Some(count), "{name} {choice:?}");
        }
        // DLX6 branches as Knuth's rule does; its node count includes the two terminals.
        let (zdd, stats) = Zdd::build(&p, &MemoOptions::new()).unwrap();
        assert_eq!(zdd.count().to_u64(), Some(count), "{name}: ZDD");
        if let Some((nodes, signatures)) = dlx6 {
            assert!(stats.zdd_nodes + 2 <= nodes, "{name}: ZDD nodes");
            if name != "queens-8.dlx" {
                assert_eq!(stats.zdd_nodes + 2, nodes, "{name}: ZDD nodes");
            }
            assert_eq!(stats.states, signatures, "{name}: memo signatures");
        }
    }
}

#[test]
fn zdds_written_by_dlx6_are_read_and_counted() {
    for (name, problem, count) in [
        ("queens-6.dlx6.zdd", "queens-6.dlx", 4),
        ("de-bruijn-0-2-5.dlx6.zdd", "de-bruijn-0-2-5.dlx", 4),
    ] {
        let path = format!(
            "{}/tests/knuth_inputs/zdd/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let zdd = Zdd::read_knuth(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(zdd.count().to_u64(), Some(count), "{name}");
        let p = input(problem);
        let listed: BTreeSet<Vec<usize>> = zdd
            .solutions()
            .map(|s| {
                assert!(p.check_solution(&s).is_ok(), "{name}: {s:?}");
                let mut s: Vec<usize> = s.iter().map(|o| o.index()).collect();
                s.sort_unstable();
                s
            })
            .collect();
        assert_eq!(listed.len() as u64, count, "{name}: distinct solutions");
    }
}

/// DLX6's ZDD for queens 8 (`dlx6 m1`, "483 ZDD nodes": 481 written and the two
/// terminals) merged bottom-up, nodes with the same option and children made one, has
/// exactly the nodes of dlxkit's (473, so 475 with the terminals): the difference is
/// DLX6's 8 repeated nodes, not a different search.
#[test]
fn dlx6s_queens_8_zdd_is_dlxkits_with_8_nodes_repeated() {
    let path = format!(
        "{}/tests/knuth_inputs/zdd/queens-8.dlx6.zdd",
        env!("CARGO_MANIFEST_DIR")
    );
    let theirs = Zdd::read_knuth(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(theirs.count().to_u64(), Some(92));
    assert_eq!(
        theirs.node_count() + 2,
        483,
        "DLX6's nodes, read as written"
    );
    // The reader numbers children before parents, so one pass merges bottom-up.
    let mut merged: HashMap<usize, usize> = HashMap::new();
    let mut unique: HashMap<(usize, usize, usize), usize> = HashMap::new();
    let canon = |id: dlxkit::xc::zdd::NodeId, merged: &HashMap<usize, usize>| {
        if id.is_terminal() {
            id.index()
        } else {
            merged[&id.index()]
        }
    };
    for (id, node) in theirs.nodes() {
        let key = (
            node.option.index(),
            canon(node.lo, &merged),
            canon(node.hi, &merged),
        );
        let next = unique.len() + 2;
        let to = *unique.entry(key).or_insert(next);
        merged.insert(id.index(), to);
    }
    let (ours, stats) = Zdd::build(&input("queens-8.dlx"), &MemoOptions::new()).unwrap();
    assert_eq!(ours.count().to_u64(), Some(92));
    assert_eq!(stats.zdd_nodes + 2, 475);
    assert_eq!(unique.len(), ours.node_count(), "DLX6's nodes, merged");
    assert_eq!(
        theirs.node_count() - unique.len(),
        8,
        "DLX6's repeated nodes"
    );
}

#[test]
fn knuth_format_round_trips_and_has_zddreads_shape() {
    for &(name, count, _) in KNUTH {
        let p = input(name);
        let (zdd, _) = Zdd::build(&p, &MemoOptions::new()).unwrap();
        let mut text = Vec::new();
        zdd.write_knuth(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        // ZDDREAD's sscanf shape, and the dummy root (variable 0, the only one) last.
        let mut zeros = 0;
        for line in text.lines() {
            let (id, rest) = line.split_once(": (~").unwrap();
            assert!(u64::from_str_radix(id, 16).is_ok(), "{line}");
            let (var, rest) = rest.split_once('?').unwrap();
            zeros += usize::from(var == "0");
            let (lo, hi) = rest.strip_suffix(')').unwrap().split_once(':').unwrap();
            assert!(u64::from_str_radix(lo, 16).is_ok() && u64::from_str_radix(hi, 16).is_ok());
        }
        assert_eq!(zeros, 1, "{name}");
        assert!(text.lines().last().unwrap().contains("(~0?0:"));
        let back = Zdd::read_knuth(&text).unwrap();
        assert_eq!(back.count().to_u64(), Some(count), "{name}");
        let a: Vec<_> = zdd.solutions().collect();
        let b: Vec<_> = back.solutions().collect();
        assert_eq!(a, b, "{name}: the same solutions in the same order");
    }
}

#[test]
fn malformed_knuth_zdds_are_refused_with_the_line() {
    let err = |t: &str| Zdd::read_knuth(t).unwrap_err().to_string();
    assert!(err("2: (~1?0:1)\nnonsense\n").starts_with("line 2: expected a node"));
    assert_eq!(
        err("2: (~1?0:1)\n2: (~2?0:1)\n"),
        "line 2: node 2 is defined twice (first on line 1)"
    );
    assert_eq!(
        err("3: (~1?0:7)\n"),
        "line 1: node 3 names child 7, which no line defines"
    );
    assert_eq!(
        err("2: (~1?3:1)\n3: (~2?2:1)\n"),
        "line 2: node 3 is its own descendant: a ZDD has no cycles"
    );
    assert!(err("1: (~1?0:1)\n").contains("terminals"));
    assert!(err("| only a comment\n").starts_with("no node"));
    assert!(err("ffffffffffffffffffff: (~1?0:1)\n").starts_with("line 1: expected"));
}

/// The tilings of a `rows` x `cols` board by `shapes` (cells as (row, col) offsets), counted
/// by a transfer matrix over the cells in reading order: the state is which of the next
/// 2 * cols + 1 cells are already covered. Independent of the exact cover machinery.
fn transfer_matrix(rows: usize, cols: usize, shapes: &[&[(usize, usize)]]) -> u128 {
    // Each shape anchored at its first cell in reading order, as offsets in reading order.
    let anchored: Vec<Vec<(isize, isize)>> = shapes
        .iter()
        .map(|s| {
            let &(r0, c0) = s.iter().min().unwrap();
            s.iter()
                .map(|&(r, c)| (r as isize - r0 as isize, c as isize - c0 as isize))
                .collect()
        })
        .collect();
    let mut states: HashMap<u64, u128> = HashMap::from([(0, 1)]);
    for p in 0..rows * cols {
        let (r, c) = ((p / cols) as isize, (p % cols) as isize);
        let mut next: HashMap<u64, u128> = HashMap::new();
        for (&mask, &ways) in &states {
            if mask & 1 == 1 {
                *next.entry(mask >> 1).or_default() += ways;
                continue;
            }
            'shape: for shape in &anchored {
                let mut m = mask;
                for &(dr, dc) in shape {
                    let (rr, cc) = (r + dr, c + dc);
                    if rr >= rows as isize || cc < 0 || cc >= cols as isize {
                        continue 'shape;
                    }
                    let bit = (dr * cols as isize + dc) as u64;
                    if m >> bit & 1 == 1 {
                        continue 'shape;
                    }
                    m |= 1 << bit;
                }
                *next.entry(m >> 1).or_default() += ways;
            }
        }
        states = next;
    }
    states.get(&0).copied().unwrap_or(0)
}

const MONO: &[(usize, usize)] = &[(0, 0)];
const DOMINOES: [&[(usize, usize)]; 2] = [&[(0, 0), (0, 1)], &[(0, 0), (1, 0)]];
const TROMINOES: [&[(usize, usize)]; 6] = [
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
];

/// The exact cover problem of those tilings: cells `r_c` in reading order, one option per
/// placement.
fn tiling(rows: usize, cols: usize, shapes: &[&[(usize, usize)]]) -> Problem {
    let cells: Vec<String> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| format!("{r}_{c}")))
        .collect();
    let mut text = vec![cells.join(" ")];
    for shape in shapes {
        for r in 0..rows {
            for c in 0..cols {
                if shape.iter().all(|&(dr, dc)| r + dr < rows && c + dc < cols) {
                    let cells: Vec<String> = shape
                        .iter()
                        .map(|&(dr, dc)| format!("{}_{}", r + dr, c + dc))
                        .collect();
                    text.push(cells.join(" "));
                }
            }
        }
    }
    Problem::from_dlx(&(text.join("\n") + "\n")).unwrap()
}

/// The memoised count with default options (the item choice picked from the problem).
fn memo_default(p: &Problem) -> String {
    let options = MemoOptions::new().choice(ItemChoice::for_problem(p));
    let r = memo::count(p, &options).unwrap();
    assert_eq!(r.status, Status::Complete);
    r.count.to_string()
}

#[test]
fn the_8x8_board_tiled_by_monominoes_dominoes_and_trominoes() {
    // Knuth, TAOCP 7.1.4: 92,109,458,286,284,989,468,604, past 2^64.
    let mut shapes = vec![MONO];
    shapes.extend(DOMINOES);
    shapes.extend(TROMINOES);
    let p = tiling(8, 8, &shapes);
    assert_eq!(ItemChoice::for_problem(&p), ItemChoice::First);
    assert_eq!(memo_default(&p), "92109458286284989468604");
    assert_eq!(
        transfer_matrix(8, 8, &shapes).to_string(),
        "92109458286284989468604"
    );
}

#[test]
fn a_larger_tiling_meets_dlx6s_signatures_and_zdd_nodes() {
    // mdt-6x6.dlx: `dlx6 < mdt-6x6.dlx` prints "3621843440108 solutions, ... 346890 ZDD
    // nodes, 0+100128 signatures" (its two terminals and its all-zero signature included).
    let p = input("mdt-6x6.dlx");
    let (zdd, stats) =
        Zdd::build(&p, &MemoOptions::new().choice(ItemChoice::FewestOptions)).unwrap();
    assert_eq!(zdd.count().to_string(), "3621843440108");
    assert_eq!((stats.zdd_nodes + 2, stats.states + 1), (346_890, 100_128));
    let mut shapes = vec![MONO];
    shapes.extend(DOMINOES);
    shapes.extend(TROMINOES);
    assert_eq!(transfer_matrix(6, 6, &shapes), 3_621_843_440_108);
}

#[test]
#[ignore = "about 5 s of CPU in release: Project Euler 161, memoised with the default choice; run in CI"]
fn project_euler_161_triomino_tilings_of_9x12() {
    let p = tiling(9, 12, &TROMINOES);
    assert_eq!(memo_default(&p), "20574308184277971");
    assert_eq!(transfer_matrix(12, 9, &TROMINOES), 20_574_308_184_277_971);
}

#[test]
fn triomino_tilings_of_6x9_agree_with_the_transfer_matrix() {
    let p = tiling(6, 9, &TROMINOES);
    assert_eq!(
        memo_default(&p),
        transfer_matrix(6, 9, &TROMINOES).to_string()
    );
}

/// The Bell-number problem: n items, every nonempty subset an option.
fn bell(n: usize) -> Problem {
    let items: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let mut text = items.join(" ") + "\n";
    for mask in 1u32..1 << n {
        let option: Vec<&str> = (0..n)
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| items[k].as_str())
            .collect();
        text += &(option.join(" ") + "\n");
    }
    Problem::from_dlx(&text).unwrap()
}

/// Bell numbers by the Bell triangle, to compare with.
fn bell_number(n: usize) -> u128 {
    let mut row = vec![1u128];
    for _ in 0..n {
        let mut next = vec![*row.last().unwrap()];
        for &x in &row {
            next.push(next.last().unwrap() + x);
        }
        row = next;
    }
    row[0]
}

#[test]
fn bell_number_problems_count_the_set_partitions() {
    for n in [1, 5, 10, 12] {
        assert_eq!(
            memo_default(&bell(n)),
            bell_number(n).to_string(),
            "n = {n}"
        );
    }
}

/// The default order keeps no live-option counters on the Bell problem (each item is in
/// half of the options), and agrees with the counted orders where those are quick.
#[test]
fn bell_number_problems_get_the_uncounted_order_and_the_same_counts() {
    assert_eq!(
        ItemChoice::for_problem(&bell(12)),
        ItemChoice::FirstUncounted
    );
    assert_eq!(ItemChoice::for_problem(&bell(6)), ItemChoice::FewestOptions);
    for n in [6, 9] {
        let p = bell(n);
        let mut states = Vec::new();
        for choice in [
            ItemChoice::FewestOptions,
            ItemChoice::First,
            ItemChoice::FirstUncounted,
        ] {
            let r = memo::count(&p, &MemoOptions::new().choice(choice)).unwrap();
            assert_eq!(r.count, Count::from(bell_number(n)), "n = {n}, {choice:?}");
            states.push(r.stats.states);
        }
        // The leftmost item first in each (no item has fewer options): the same states.
        assert!(
            states.iter().all(|&s| s == states[0]),
            "n = {n}: {states:?}"
        );
    }
}

#[test]
#[ignore = "2 s of CPU in release, longer in a debug build (two minutes with live-option counters): run in CI"]
fn bell_number_problem_for_16() {
    assert_eq!(bell_number(16), 10_480_142_147);
    assert_eq!(memo_default(&bell(16)), "10480142147");
}
