//! Graceful labellings ([`dlxkit::puzzles::graceful`]): the problem is the one Knuth's
//! GRACEFUL-DLX writes for the same graphs, item for item and option for option (files in
//! tests/knuth, see SOURCES.md), and has half as many solutions as the raw count; the counts
//! agree with a brute force over every labelling, with OEIS A006967 (paths) and A339892's
//! examples (classes of the graphs on four vertices), and with the theorems of Golomb
//! (complete graphs beyond 4 vertices are not graceful) and Rosa (cycles of n = 1, 2 mod 4
//! are not); `--distinct`'s classes agree with a brute force over all vertex permutations.

use dlxkit::puzzles::graceful::{GracefulLabelling, Graph, Labels};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::Problem;

use crate::puzzles_common::count_and_check;

fn graceful(spec: &str) -> GracefulLabelling {
    GracefulLabelling::new(&spec.parse().unwrap()).unwrap()
}

/// The item names and the options (each a sorted list of words) of a problem in Knuth's
/// format, Knuth's edge-label items `k` renamed `dk` as dlxkit names them.
fn words(text: &str, knuth: bool) -> (Vec<String>, Vec<Vec<String>>) {
    let rename = |w: &str| {
        let label = knuth && !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric());
        if label {
            format!("d{w}")
        } else {
            w.to_string()
        }
    };
    let mut lines = text.lines().filter(|l| !l.starts_with('|'));
    let mut items: Vec<String> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(rename)
        .collect();
    items.sort();
    let mut options: Vec<Vec<String>> = lines
        .map(|l| {
            let mut o: Vec<String> = l.split_whitespace().map(rename).collect();
            o.sort();
            o
        })
        .collect();
    options.sort();
    (items, options)
}

/// Knuth's file for a graph, and dlxkit's distinct problem for it: the same items and
/// options, and both count `count` solutions, half of dlxkit's raw count.
#[test]
fn the_problems_are_knuths_and_count_half_the_labellings() {
    // (Knuth's file, the graph as dlxkit reads it, the solutions of Knuth's file)
    for (file, spec, count) in [
        ("graceful-path5.dlx", "path:5", 4),
        ("graceful-k4.dlx", "complete:4", 24),
        ("graceful-tree7.dlx", "0-1 1-2 2-3 1-4 4-5 4-6", 26),
        ("graceful-c7.dlx", "cycle:7", 84),
    ] {
        let path = format!("{}/tests/knuth/{file}", env!("CARGO_MANIFEST_DIR"));
        let knuth = std::fs::read_to_string(path).unwrap();
        let raw = graceful(spec);
        let ours = raw.clone().distinct().unwrap();
        let (ki, ko) = words(&knuth, true);
        let (oi, oo) = words(&ours.problem().to_dlx(), false);
        assert_eq!(oi, ki, "{file}: the items");
        assert_eq!(oo, ko, "{file}: the options");
        let theirs = Problem::from_dlx(&knuth).unwrap();
        assert_eq!(theirs.count_solutions(), count, "{file}");
        assert_eq!(ours.problem().count_solutions(), count, "{file}");
        assert_eq!(count_and_check(&raw, 1000), 2 * count, "{file}");
    }
}

#[test]
fn paths_have_oeis_a006967_labellings() {
    // OEIS A006967, graceful permutations of length n = graceful labellings of the path
    // on n vertices, n = 2..13.
    let published = [2, 4, 4, 8, 24, 32, 40, 120, 296, 648, 1328, 3200];
    for (n, &count) in (2..).zip(&published) {
        let puzzle = GracefulLabelling::new(&Graph::path(n).unwrap()).unwrap();
        assert_eq!(count_and_check(&puzzle, 100), count, "path:{n}");
        // Up to reversal and complement: a quarter, from 3 vertices on (a labelling equal
        // to its reversed complement would give two edges one difference).
        let classes = if n == 2 { 1 } else { count / 4 };
        assert_eq!(puzzle.distinct().unwrap().count(), classes, "path:{n}");
    }
}

#[test]
fn graphs_on_four_vertices_have_a339892s_classes() {
    // OEIS A339892 (Knuth): the paw has 5 fundamentally different graceful labellings,
    // K_{1,1,2} (the diamond) 4; K_{1,3}, K4, C4 and P4 are uniquely graceful.
    for (spec, classes, raw) in [
        ("a-b b-c c-a c-d", 5, 20),
        ("a-b a-c a-d b-c b-d", 4, 32),
        ("star:3", 1, 12),
        ("complete:4", 1, 48),
        ("cycle:4", 1, 16),
        ("path:4", 1, 4),
    ] {
        let puzzle = graceful(spec);
        assert_eq!(count_and_check(&puzzle, 100), raw, "{spec}");
        assert_eq!(puzzle.distinct().unwrap().count(), classes, "{spec}");
    }
}

#[test]
fn golomb_and_rosa_say_which_are_not_graceful() {
    // Golomb (1972): K_n is graceful only for n <= 4. Rosa (1967): the cycle C_n is
    // graceful exactly when n = 0 or 3 mod 4.
    for n in [5, 6] {
        assert_eq!(graceful(&format!("complete:{n}")).count(), 0, "K{n}");
    }
    for n in 3..=12 {
        let count = graceful(&format!("cycle:{n}")).count();
        assert_eq!(count > 0, n % 4 == 0 || n % 4 == 3, "C{n}: {count}");
    }
}

/// Every labelling of `graph`'s vertices by distinct labels out of `0..=m`, kept when
/// graceful: the brute force the exact cover is checked against.
fn brute_force(graph: &Graph) -> Vec<Vec<usize>> {
    fn extend(g: &Graph, labels: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let m = g.edges().len();
        if labels.len() == g.vertex_count() {
            let mut seen = vec![false; m + 1];
            let graceful = g.edges().iter().all(|&(u, v)| {
                let d = labels[u].abs_diff(labels[v]);
                !std::mem::replace(&mut seen[d], true)
            });
            if graceful {
                out.push(labels.clone());
            }
            return;
        }
        for l in 0..=m {
            if !labels.contains(&l) {
                labels.push(l);
                extend(g, labels, out);
                labels.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(graph, &mut Vec::new(), &mut out);
    out
}

/// The number of classes of `labellings` under complement and every permutation of the
/// vertices that keeps the edge set, found by trying all n! permutations.
fn classes(graph: &Graph, labellings: &[Vec<usize>]) -> usize {
    let n = graph.vertex_count();
    let m = graph.edges().len();
    let key = |u: usize, v: usize| (u.min(v), u.max(v));
    let mut edge_set: Vec<_> = graph.edges().iter().map(|&(u, v)| key(u, v)).collect();
    edge_set.sort_unstable();
    let mut perms: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..n {
        let mut longer = Vec::new();
        for p in &perms {
            for t in (0..n).filter(|t| !p.contains(t)) {
                let mut q = p.clone();
                q.push(t);
                longer.push(q);
            }
        }
        perms = longer;
    }
    let autos: Vec<Vec<usize>> = perms
        .into_iter()
        .filter(|p| {
            let mut mapped: Vec<_> = (graph.edges().iter())
                .map(|&(u, v)| key(p[u], p[v]))
                .collect();
            mapped.sort_unstable();
            mapped == edge_set
        })
        .collect();
    let mut canon: Vec<Vec<usize>> = labellings
        .iter()
        .map(|l| {
            let mut images = Vec::new();
            for p in &autos {
                for complement in [false, true] {
                    let mut image = vec![0; n];
                    for v in 0..n {
                        image[p[v]] = if complement { m - l[v] } else { l[v] };
                    }
                    images.push(image);
                }
            }
            images.into_iter().min().unwrap()
        })
        .collect();
    canon.sort_unstable();
    canon.dedup();
    canon.len()
}

#[test]
fn counts_and_classes_agree_with_brute_force() {
    for spec in [
        "path:5",
        "path:6",
        "cycle:4",
        "cycle:7",
        "cycle:8",
        "complete:4",
        "star:4",
        "wheel:4",
        "bipartite:2x3",
        "grid:2x3",
        "a-b b-c c-d b-e e-f",
        "a-b b-c c-a c-d",
        "x-y y-z z-x",
    ] {
        let graph: Graph = spec.parse().unwrap();
        let all = brute_force(&graph);
        let puzzle = GracefulLabelling::new(&graph).unwrap();
        assert_eq!(count_and_check(&puzzle, 10_000), all.len() as u64, "{spec}");
        let mut found: Vec<Vec<usize>> = (puzzle.solutions_up_to(usize::MAX).unwrap())
            .into_iter()
            .map(|Labels(l)| l)
            .collect();
        found.sort_unstable();
        assert_eq!(found, all, "{spec}: the same labellings");
        let distinct = puzzle.distinct().unwrap();
        let kept = distinct.solutions_up_to(usize::MAX).unwrap();
        assert_eq!(kept.len(), classes(&graph, &all), "{spec} --distinct");
        for s in &kept {
            distinct.validate(s).unwrap();
        }
    }
}

#[test]
fn validate_catches_each_rule() {
    let p = graceful("path:3");
    assert!(p.validate(&Labels(vec![0, 2, 1])).is_ok());
    let err = |l: Vec<usize>| p.validate(&Labels(l)).unwrap_err().to_string();
    assert_eq!(err(vec![0, 1, 2]), "invalid solution: two edges labelled 1");
    assert_eq!(err(vec![0, 2, 0]), "invalid solution: label 0 used twice");
    assert_eq!(
        err(vec![0, 3, 1]),
        "invalid solution: vertex 1 labelled 3, above 2"
    );
    assert_eq!(err(vec![0, 2]), "invalid solution: 2 labels for 3 vertices");
}

#[test]
fn bad_graphs_are_refused_saying_what_and_where() {
    let err = |s: &str| s.parse::<Graph>().unwrap_err().to_string();
    assert_eq!(err("a-b b"), "line 1, column 5: `b` is not an edge u-v");
    assert_eq!(
        err("a-b\nb-c c-d+e"),
        "line 2, column 5: `d+e` is not a vertex name (1 to 16 letters, digits or _)"
    );
    assert_eq!(err("a-b b-a"), "`b-a` is defined twice");
    assert_eq!(
        err("a-b a-a"),
        "line 1, column 5: `a-a` is a loop, which has no difference"
    );
    assert_eq!(
        err("path:99999999999999999999"),
        "line 1, column 6: `99999999999999999999` is not a size"
    );
    assert_eq!(
        err("path:66"),
        "the path's number of vertices is 66, above the limit of 65"
    );
    assert_eq!(
        err("complete:12"),
        "the complete graph's number of vertices is 12, above the limit of 11"
    );
    assert_eq!(
        err("grid:1000000000000x1000000000000"),
        "the grid's side is 1000000000000, above the limit of 64"
    );
    assert_eq!(
        err("path:1"),
        "the path's number of vertices must be at least 2 (got 1)"
    );
    assert!(err("moon:3").starts_with("line 1, column 1: unknown graph family `moon`"));
    assert_eq!(err(""), "the graph's list of edges is empty");
    let many: String = (0..65).map(|k| format!("v{k}-v{} ", k + 1)).collect();
    assert_eq!(
        err(&many),
        "the number of edges is 65, above the limit of 64"
    );
    assert_eq!(
        Graph::star(8).unwrap().automorphisms().unwrap().len(),
        40_320
    );
    let star9 = GracefulLabelling::new(&Graph::star(9).unwrap()).unwrap();
    assert_eq!(
        star9.distinct().unwrap_err().to_string(),
        "the number of the graph's automorphisms is 100001, above the limit of 100000"
    );
}
