//! The reduction of a problem with item bounds (Algorithm M): DLX-PRE's rules where they hold.
//!
//! DLX-PRE's rules reason about items that one chosen option fills: a primary item covered
//! exactly once, a secondary item (or a primary one with bounds `0..=1`) covered at most
//! once. An item with a larger bound does not clash, so no rule may reason through it. The
//! problem is therefore *relaxed*: the items of bounds `1..=1` stay primary, those covered
//! at most once become secondary, the others are left out, and so are the options with no
//! primary item left (they cover counted items only, besides items covered at most once).
//! The relaxed problem is reduced as DLX-PRE reduces it, and what it removes is removed from
//! the problem given:
//!
//! - **Every solution stays.** A solution `S` of the problem, less the left-out options, is a
//!   solution of the relaxed problem (its primary items are covered exactly once, by options
//!   of the relaxed problem only; the rest at most once), so the relaxed reduction keeps its
//!   options. A left-out option is removed only when it holds an item `c` forced by a
//!   primary item `p` (every option of `p` holds `c` uncoloured): `S` covers `p` exactly once
//!   with an option that holds `c`, so no other option of `S` holds `c`.
//! - **No solution is added.** A solution `T` of the reduced problem, less the left-out
//!   options, solves the reduced relaxed problem, hence (the relaxed reduction is exact)
//!   the relaxed problem: each item of bounds `1..=1` is covered exactly once, the left-out
//!   options hold none of them, and the items covered at most once keep every entry of `T`
//!   in the reduced problem unless they went from it whole (forced items, whose left-out
//!   options went too; unused items, which no option holds). Counted items keep every entry.
//!
//! So the reduced problem has exactly the solutions of the given one, option for option
//! (`tests/engine_plan.rs` checks it against a brute force on random problems).

use super::{ItemReason, OptionReason, ReduceOptions, Reduction, RemovedItem, RemovedOption};
use crate::xc::problem::{ColorId, Entry, ItemId, ItemKind, OptionId, Problem};
use crate::xc::search::Status;

/// What an item of the problem given is in the relaxed problem.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A primary item of bounds `1..=1`: primary.
    Exact,
    /// A secondary item, or a primary one of bounds `0..=1`: secondary.
    AtMostOnce,
    /// A primary item that may be covered more than once (or must be, twice or more): out.
    Counted,
}

fn role(p: &Problem, item: ItemId) -> Role {
    match (p.item_kind(item), p.item_bounds(item).into_inner()) {
        (ItemKind::Primary, (1, 1)) => Role::Exact,
        (ItemKind::Secondary, _) | (ItemKind::Primary, (0, 1)) => Role::AtMostOnce,
        (ItemKind::Primary, _) => Role::Counted,
    }
}

/// The problem unchanged, no round run: what a problem with no item of bounds `1..=1`
/// reduces to (no rule has an item to reason from).
pub(super) fn unchanged(p: &Problem) -> Reduction {
    Reduction {
        problem: p.clone(),
        origin: p.options().collect(),
        removed_options: Vec::new(),
        removed_items: Vec::new(),
        rounds: 0,
        fixed_point: false,
        infeasible: None,
        status: Status::Complete,
        steps: 0,
    }
}

/// A builder that names `p`'s colours in `p`'s order, so that colour ids carry over.
fn builder_with_colors(p: &Problem) -> crate::xc::problem::ProblemBuilder {
    let mut b = Problem::builder();
    for c in 0..p.color_count() {
        b.color(p.color_name(ColorId(c as u32)));
    }
    b
}

/// Reduces `p`, which has item bounds, through its relaxed problem (see the module
/// documentation).
pub(super) fn reduce(p: &Problem, options: &ReduceOptions) -> Reduction {
    let roles: Vec<Role> = p.items().map(|item| role(p, item)).collect();
    if !roles.contains(&Role::Exact) {
        return unchanged(p);
    }
    // The relaxed problem, and where its items and options come from.
    let mut b = builder_with_colors(p);
    let mut relaxed_item: Vec<Option<ItemId>> = Vec::with_capacity(roles.len());
    let mut item_origin: Vec<ItemId> = Vec::new();
    for item in p.items() {
        let name = p.item_name(item);
        let id = match roles[item.index()] {
            Role::Exact => Some(b.primary(name)),
            Role::AtMostOnce => Some(b.secondary(name)),
            Role::Counted => None,
        };
        let id = id.map(|id| id.expect("a name of a valid problem"));
        if id.is_some() {
            item_origin.push(item);
        }
        relaxed_item.push(id);
    }
    let mut option_origin: Vec<OptionId> = Vec::new();
    for o in p.options() {
        if !p
            .option(o)
            .iter()
            .any(|e| roles[e.item.index()] == Role::Exact)
        {
            continue;
        }
        let entries: Vec<Entry> = p
            .option(o)
            .iter()
            .filter_map(|e| {
                relaxed_item[e.item.index()].map(|item| Entry {
                    item,
                    color: e.color,
                })
            })
            .collect();
        b.option(entries)
            .expect("an option of a valid problem, with a primary item");
        option_origin.push(o);
    }
    let relaxed = b.build().expect("an item of bounds 1..=1 is primary");
    let r = relaxed.reduce(options);
    let item = |i: ItemId| item_origin[i.index()];
    let option_reason = |reason: OptionReason| match reason {
        OptionReason::Blocks(i) => OptionReason::Blocks(item(i)),
        OptionReason::ClashesWithForced { item: c, by } => OptionReason::ClashesWithForced {
            item: item(c),
            by: item(by),
        },
        other => other,
    };
    let item_reason = |reason: ItemReason| match reason {
        ItemReason::ForcedBy(by) => ItemReason::ForcedBy(item(by)),
        other => other,
    };
    let mut removed_options: Vec<RemovedOption> = r
        .removed_options
        .iter()
        .map(|removed| RemovedOption {
            option: option_origin[removed.option.index()],
            reason: option_reason(removed.reason),
        })
        .collect();
    let relaxed_removed: Vec<RemovedItem> = r
        .removed_items
        .iter()
        .map(|removed| RemovedItem {
            item: item(removed.item),
            reason: item_reason(removed.reason),
        })
        .collect();
    if let Some(empty) = r.infeasible {
        return infeasible(p, item(empty), removed_options, relaxed_removed, &r);
    }
    // The options of `p` the relaxed reduction keeps, and the left-out ones that hold no
    // forced item.
    let mut kept = vec![false; p.option_count()];
    for &o in &r.origin {
        kept[option_origin[o.index()].index()] = true;
    }
    let mut forced_by: Vec<Option<ItemId>> = vec![None; p.item_count()];
    let mut unused = vec![false; p.item_count()];
    for removed in &relaxed_removed {
        match removed.reason {
            ItemReason::ForcedBy(by) => forced_by[removed.item.index()] = Some(by),
            _ => unused[removed.item.index()] = true,
        }
    }
    let mut relaxed_options = option_origin.iter().peekable();
    for o in p.options() {
        if relaxed_options.peek() == Some(&&o) {
            relaxed_options.next();
            continue;
        }
        let forced = p
            .option(o)
            .iter()
            .find_map(|e| forced_by[e.item.index()].map(|by| (e.item, by)));
        match forced {
            Some((c, by)) => removed_options.push(RemovedOption {
                option: o,
                reason: OptionReason::ClashesWithForced { item: c, by },
            }),
            None => kept[o.index()] = true,
        }
    }
    // An item unused in the relaxed problem stays while a left-out option holds it.
    let mut held = vec![false; p.item_count()];
    for o in p.options().filter(|o| kept[o.index()]) {
        for e in p.option(o) {
            held[e.item.index()] = true;
        }
    }
    let removed_items: Vec<RemovedItem> = relaxed_removed
        .into_iter()
        .filter(|removed| !(unused[removed.item.index()] && held[removed.item.index()]))
        .collect();
    let mut gone = vec![false; p.item_count()];
    for removed in &removed_items {
        gone[removed.item.index()] = true;
    }
    let mut b = builder_with_colors(p);
    let mut new_item: Vec<Option<ItemId>> = vec![None; p.item_count()];
    for it in p.items().filter(|it| !gone[it.index()]) {
        let name = p.item_name(it);
        let id = match p.item_kind(it) {
            ItemKind::Primary => b.bounded(name, p.item_bounds(it)),
            ItemKind::Secondary => b.secondary(name),
        };
        new_item[it.index()] = Some(id.expect("a name of a valid problem"));
    }
    let mut origin = Vec::new();
    for o in p.options().filter(|o| kept[o.index()]) {
        let entries: Vec<Entry> = p
            .option(o)
            .iter()
            .filter_map(|e| {
                new_item[e.item.index()].map(|item| Entry {
                    item,
                    color: e.color,
                })
            })
            .collect();
        b.option_with_cost(entries, p.option_cost(o))
            .expect("a kept option keeps a primary item, and its cost");
        origin.push(o);
    }
    Reduction {
        problem: b
            .build()
            .expect("a feasible reduction keeps a primary item"),
        origin,
        removed_options,
        removed_items,
        rounds: r.rounds,
        fixed_point: r.fixed_point,
        infeasible: None,
        status: r.status,
        steps: r.steps,
    }
}

/// The reduction of a problem whose relaxed problem has no solution: the primary item `empty`
/// alone, with no option (as DLX-PRE writes an infeasible problem).
fn infeasible(
    p: &Problem,
    empty: ItemId,
    mut removed_options: Vec<RemovedOption>,
    mut removed_items: Vec<RemovedItem>,
    r: &Reduction,
) -> Reduction {
    let mut listed = vec![false; p.option_count()];
    for removed in &removed_options {
        listed[removed.option.index()] = true;
    }
    removed_options.extend(p.options().filter(|o| !listed[o.index()]).map(|option| {
        RemovedOption {
            option,
            reason: OptionReason::Infeasible,
        }
    }));
    let mut gone = vec![false; p.item_count()];
    for removed in &removed_items {
        gone[removed.item.index()] = true;
    }
    removed_items.extend(
        p.items()
            .filter(|&i| i != empty && !gone[i.index()])
            .map(|item| RemovedItem {
                item,
                reason: ItemReason::Infeasible,
            }),
    );
    let mut b = Problem::builder();
    b.primary(p.item_name(empty))
        .expect("a name of a valid problem");
    Reduction {
        problem: b.build().expect("one primary item"),
        origin: Vec::new(),
        removed_options,
        removed_items,
        rounds: r.rounds,
        fixed_point: true,
        infeasible: Some(empty),
        status: r.status,
        steps: r.steps,
    }
}
