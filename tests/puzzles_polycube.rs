//! The Soma cube: 11,520 solutions, 240 up to the 48 symmetries of the cube.

use std::collections::HashSet;

use dlxkit::puzzles::polycube::{
    soma, Container, Packing, PolycubeOptions, PolycubePacking, PolycubeSet,
};
use dlxkit::puzzles::{Puzzle, PuzzleError, SymmetryReduction};
use dlxkit::xc::Problem;

use crate::puzzles_common::{count_and_check, parse_error_at};

/// One of the cube's 48 symmetries acting on the cells of the 3x3x3 box: permute the axes,
/// then flip some of them.
struct CubeSymmetry {
    perm: [usize; 3],
    flips: usize,
    reflection: bool,
}

impl CubeSymmetry {
    fn apply(&self, c: [usize; 3]) -> [usize; 3] {
        let mut r = [c[self.perm[0]], c[self.perm[1]], c[self.perm[2]]];
        for (axis, v) in r.iter_mut().enumerate() {
            if self.flips >> axis & 1 == 1 {
                *v = 2 - *v;
            }
        }
        r
    }
}

fn cube_symmetries() -> Vec<CubeSymmetry> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let odd = [false, true, true, false, false, true];
    let mut out = Vec::new();
    for (k, perm) in perms.into_iter().enumerate() {
        for flips in 0..8usize {
            out.push(CubeSymmetry {
                perm,
                flips,
                reflection: odd[k] ^ (flips.count_ones() % 2 == 1),
            });
        }
    }
    out
}

/// The smallest picture of a Soma packing under the 48 symmetries (reflections swap A and B).
fn canonical(p: &Packing, syms: &[CubeSymmetry]) -> Vec<usize> {
    let names = "VLTZABP";
    let mut grid = [0usize; 27];
    for pl in &p.placements {
        for &(x, y, z) in &pl.cells {
            grid[x + 3 * y + 9 * z] = pl.piece;
        }
    }
    let a = names.find('A').unwrap();
    let b = names.find('B').unwrap();
    syms.iter()
        .map(|g| {
            let mut img = [0usize; 27];
            for x in 0..3 {
                for y in 0..3 {
                    for z in 0..3 {
                        let [i, j, k] = g.apply([x, y, z]);
                        let mut v = grid[x + 3 * y + 9 * z];
                        if g.reflection {
                            v = if v == a {
                                b
                            } else if v == b {
                                a
                            } else {
                                v
                            };
                        }
                        img[i + 3 * j + 9 * k] = v;
                    }
                }
            }
            img.to_vec()
        })
        .min()
        .unwrap()
}

#[test]
fn soma_up_to_symmetry() {
    let p = soma(true).unwrap();
    let report = p.symmetry().unwrap();
    assert_eq!(report.group_order, 48);
    assert_eq!(count_and_check(&p, usize::MAX), 240);
    // The 240 are pairwise inequivalent.
    let syms = cube_symmetries();
    let all = p.solutions_up_to(usize::MAX).unwrap();
    let classes: HashSet<Vec<usize>> = all.iter().map(|s| canonical(s, &syms)).collect();
    assert_eq!(classes.len(), 240);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; runs in release")]
fn soma_raw_and_its_classes() {
    let p = soma(false).unwrap();
    assert_eq!(count_and_check(&p, usize::MAX), 11_520);
    let syms = cube_symmetries();
    let all = p.solutions_up_to(usize::MAX).unwrap();
    let classes: HashSet<Vec<usize>> = all.iter().map(|s| canonical(s, &syms)).collect();
    assert_eq!(classes.len(), 240);
}

#[test]
fn the_screws_are_mirror_images_and_reflections_double_the_choices() {
    // With reflections allowed, A and B have the same shape.
    let set = PolycubeSet::soma();
    let one = |name: &str| {
        PolycubeSet::new(vec![set
            .pieces()
            .iter()
            .find(|p| p.name() == name)
            .unwrap()
            .clone()])
        .unwrap()
    };
    let placements = |name: &str, reflections: bool| {
        PolycubePacking::new(
            &Container::cuboid(3, 3, 3).unwrap(),
            &one(name),
            &PolycubeOptions {
                reflections,
                symmetry: SymmetryReduction::None,
            },
        )
        .unwrap()
        .placements()
        .len()
    };
    assert_eq!(placements("A", false), placements("B", false));
    assert_eq!(placements("A", true), 2 * placements("A", false));
    assert_eq!(placements("T", true), placements("T", false));
}

#[test]
fn a_small_box_packing_with_the_text_format() {
    // Two L tetracubes fill a 4x2x1 box (not the 2x2x2 cube).
    let set =
        PolycubeSet::parse("| two Ls\nL1: 0,0,0 1,0,0 2,0,0 0,1,0\nL2: 0,0,0 1,0,0 2,0,0 0,1,0\n")
            .unwrap();
    let flat = PolycubePacking::new(
        &Container::cuboid(4, 2, 1).unwrap(),
        &set,
        &PolycubeOptions::default(),
    )
    .unwrap();
    // Two interlocking tilings, each with the two Ls in either role.
    assert_eq!(count_and_check(&flat, usize::MAX), 4);
    let cube = PolycubePacking::new(
        &Container::cuboid(2, 2, 2).unwrap(),
        &set,
        &PolycubeOptions::default(),
    )
    .unwrap();
    assert_eq!(cube.count(), 0);
}

#[test]
fn the_first_solution_is_drawn_in_layers() {
    let p = soma(false).unwrap();
    let s = p.first().unwrap().unwrap();
    p.validate(&s).unwrap();
    let picture = p.render(&s);
    assert_eq!(picture.lines().count(), 3);
    for line in picture.lines() {
        assert_eq!(line.len(), 3 + 2 + 3 + 2 + 3);
    }
    let mut counts = std::collections::HashMap::new();
    for c in picture.chars().filter(|c| c.is_ascii_uppercase()) {
        *counts.entry(c).or_insert(0) += 1;
    }
    assert_eq!(counts[&'V'], 3);
    assert_eq!(counts.len(), 7);
    // Broken packings are rejected.
    let mut broken = s.clone();
    broken.placements.pop();
    assert!(p.validate(&broken).is_err());
    let mut swapped = s.clone();
    swapped.placements.swap(0, 1);
    let (a, b) = (swapped.placements[0].piece, swapped.placements[1].piece);
    swapped.placements[0].piece = b;
    swapped.placements[1].piece = a;
    assert!(p.validate(&swapped).is_err());
}

#[test]
fn dlx_text_round_trip_keeps_the_count() {
    let p = soma(true).unwrap();
    let back = Problem::from_dlx(&p.problem().to_dlx()).unwrap();
    assert_eq!(back.count_solutions(), 240);
}

#[test]
fn malformed_sets_and_containers_are_errors() {
    assert_eq!(parse_error_at(PolycubeSet::parse("V 0,0,0\n")), (1, 1));
    assert_eq!(
        parse_error_at(PolycubeSet::parse("V: 0,0,0\nV: 1,1,1\n")).0,
        2
    );
    assert_eq!(parse_error_at(PolycubeSet::parse("V: 0,0,x\n")), (1, 4));
    assert!(matches!(
        Container::cuboid(100, 100, 100),
        Err(PuzzleError::TooLarge { .. })
    ));
    assert!(matches!(
        Container::from_cells([]),
        Err(PuzzleError::Empty { .. })
    ));
}
