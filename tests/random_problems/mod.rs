//! Random small exact cover problems with colours and costs, with or without item bounds,
//! for the property tests of preprocessing, minimum-cost search and Algorithm M on every
//! engine, and the brute-force oracle they are checked against: every subset of the options.

use std::collections::BTreeSet;

use dlxkit::xc::{Entry, ItemId, OptionId, Problem};
use quickcheck::{Arbitrary, Gen};

mod two_per_line;
pub use two_per_line::two_per_line_text;

/// An option of a [`Random`] problem: its entries (item, colour) and its cost.
pub type RandomOption = (Vec<(u8, Option<u8>)>, u64);

/// A random problem: up to 8 primary and 3 secondary items, up to 14 options, colours 0..3,
/// costs 0..10 (in zero to two `|n` entries).
#[derive(Clone, Debug)]
pub struct Random {
    pub primaries: u8,
    pub secondaries: u8,
    pub options: Vec<RandomOption>,
}

impl Arbitrary for Random {
    fn arbitrary(g: &mut Gen) -> Random {
        let primaries = 1 + u8::arbitrary(g) % 8;
        let secondaries = u8::arbitrary(g) % 4;
        let items = primaries + secondaries;
        let count = usize::arbitrary(g) % 15;
        let options = (0..count)
            .map(|_| {
                let len = 1 + usize::arbitrary(g) % 4;
                let entries = (0..len)
                    .map(|_| {
                        let item = u8::arbitrary(g) % items;
                        let color =
                            (item >= primaries && bool::arbitrary(g)).then(|| u8::arbitrary(g) % 3);
                        (item, color)
                    })
                    .collect();
                (entries, u64::arbitrary(g) % 10)
            })
            .collect();
        Random {
            primaries,
            secondaries,
            options,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Random>> {
        let me = self.clone();
        Box::new((0..self.options.len()).rev().map(move |k| {
            let mut s = me.clone();
            s.options.remove(k);
            s
        }))
    }
}

impl Random {
    /// The problem with its colours and costs, skipping options the builder refuses
    /// (repeated items, no primary item).
    pub fn problem(&self) -> Problem {
        let mut b = Problem::builder();
        for i in 0..self.primaries {
            b.primary(&format!("p{i}")).unwrap();
        }
        for i in 0..self.secondaries {
            b.secondary(&format!("s{i}")).unwrap();
        }
        let colors: Vec<_> = (0..3).map(|c| b.color(&format!("c{c}"))).collect();
        for (entries, cost) in &self.options {
            let entries: Vec<Entry> = entries
                .iter()
                .map(|&(item, color)| Entry {
                    item: b.item_id(&item_name(self.primaries, item)).unwrap(),
                    color: color.map(|c| colors[c as usize]),
                })
                .collect();
            let _ = b.option_with_cost(entries, *cost);
        }
        b.build().unwrap()
    }

    /// The same problem without colours.
    pub fn uncoloured(&self) -> Random {
        let mut s = self.clone();
        for (entries, _) in &mut s.options {
            for entry in entries.iter_mut() {
                entry.1 = None;
            }
        }
        s
    }
}

fn item_name(primaries: u8, item: u8) -> String {
    if item < primaries {
        format!("p{item}")
    } else {
        format!("s{}", item - primaries)
    }
}

/// A random problem with item bounds `u..=v` (0 ≤ u ≤ v ≤ 3) on up to 6 primary items, up to
/// 3 secondary items (coloured 0, 1 or not), up to 13 options of 1 to 4 picks costing 0 to 9
/// (now and then shifted by 2^40, to test the sums).
#[derive(Clone, Debug)]
pub struct Bounded {
    pub bounds: Vec<(u32, u32)>,
    pub secondaries: u8,
    pub options: Vec<RandomOption>,
}

impl Arbitrary for Bounded {
    fn arbitrary(g: &mut Gen) -> Bounded {
        let primaries = 1 + usize::arbitrary(g) % 6;
        let bounds = (0..primaries)
            .map(|_| {
                let min = u32::arbitrary(g) % 3;
                let max = (min.max(1) + u32::arbitrary(g) % 3).min(3);
                (min, max)
            })
            .collect();
        let secondaries = u8::arbitrary(g) % 4;
        let items = primaries as u8 + secondaries;
        let wide = u8::arbitrary(g) % 8 == 0;
        let count = usize::arbitrary(g) % 14;
        let options = (0..count)
            .map(|_| {
                let len = 1 + usize::arbitrary(g) % 4;
                let entries = (0..len)
                    .map(|_| {
                        let item = u8::arbitrary(g) % items;
                        let colored = item >= primaries as u8 && bool::arbitrary(g);
                        (item, colored.then(|| u8::arbitrary(g) % 2))
                    })
                    .collect();
                let cost = u64::arbitrary(g) % 10;
                (entries, if wide { cost << 40 } else { cost })
            })
            .collect();
        Bounded {
            bounds,
            secondaries,
            options,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Bounded>> {
        let me = self.clone();
        Box::new((0..self.options.len()).rev().map(move |k| {
            let mut s = me.clone();
            s.options.remove(k);
            s
        }))
    }
}

impl Bounded {
    /// The problem, without the options the builder refuses (repeats, no primary item).
    pub fn problem(&self) -> Problem {
        let mut b = Problem::builder();
        let mut ids: Vec<ItemId> = Vec::new();
        for (k, &(min, max)) in self.bounds.iter().enumerate() {
            ids.push(b.bounded(&format!("p{k}"), min..=max).unwrap());
        }
        for k in 0..self.secondaries {
            ids.push(b.secondary(&format!("s{k}")).unwrap());
        }
        let colors = [b.color("0"), b.color("1")];
        for (option, cost) in &self.options {
            let entries: Vec<Entry> = option
                .iter()
                .map(|&(item, color)| Entry {
                    item: ids[item as usize],
                    color: color.map(|c| colors[c as usize]),
                })
                .collect();
            let _ = b.option_with_cost(entries, *cost);
        }
        b.build().unwrap()
    }
}

/// Every solution of `p`, each as its sorted options, found by trying every subset.
pub fn brute_force(p: &Problem) -> BTreeSet<Vec<OptionId>> {
    let n = p.option_count();
    assert!(n <= 16, "brute force is for small problems");
    (0u32..1 << n)
        .map(|mask| {
            (0..n)
                .filter(|k| mask & (1 << k) != 0)
                .map(OptionId::new)
                .collect::<Vec<_>>()
        })
        .filter(|options| p.check_solution(options).is_ok())
        .collect()
}

/// The problem in the Knuth-format file `path` under tests/.
pub fn read(path: &str) -> Problem {
    let text = std::fs::read_to_string(format!("{}/tests/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The solutions `found`, each sorted, as a set: what two searches in different orders share.
pub fn as_set(found: Vec<Vec<OptionId>>) -> BTreeSet<Vec<OptionId>> {
    found.into_iter().map(sorted).collect()
}

/// `options`, sorted.
pub fn sorted(mut options: Vec<OptionId>) -> Vec<OptionId> {
    options.sort();
    options
}

/// Knuth's two-per-line on an `n` by `n` board ([`two_per_line_text`]).
pub fn two_per_line(n: usize) -> Problem {
    Problem::from_dlx(&two_per_line_text(n)).unwrap()
}
