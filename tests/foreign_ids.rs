//! Ids, cells and sizes that do not belong: an item or option id of another problem, a cell
//! outside the grid, a side no grid can have. The lookups that can answer "none" do
//! (`Grid::get`); the ones documented to panic (`Problem::option`, `item_name`, indexing a
//! grid, `Layout::with_units` with a cell outside) panic with a message that names the id and the bound, never
//! with a bare index error or, worse, an answer about another cell; nothing loops forever.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use dlxkit::sudoku::{Grid, GridError, Layout, Shape, Unit, UnitKind, MAX_SIZE};
use dlxkit::xc::{ItemId, OptionId, Problem};

/// A problem with 2 items and 2 options, and an item id of a bigger problem (its 6th item).
fn small_and_foreign_item() -> (Problem, ItemId) {
    let small = Problem::from_dlx("A B\nA\nB\n").unwrap();
    let big = Problem::from_dlx("A B C D E F\nA B C D E F\n").unwrap();
    let foreign = big.item_id("F").unwrap();
    (small, foreign)
}

#[test]
#[should_panic(expected = "option #5 is not an option of this problem (it has 2 options)")]
fn an_option_of_another_problem_is_named_in_the_panic() {
    let (small, _) = small_and_foreign_item();
    small.option(OptionId::new(5));
}

#[test]
#[should_panic(expected = "option #2 is not an option of this problem (it has 2 options)")]
fn option_text_of_a_foreign_option_is_named_in_the_panic() {
    let (small, _) = small_and_foreign_item();
    small.option_text(OptionId::new(2));
}

#[test]
#[should_panic(expected = "item #5 is not an item of this problem (it has 2 items)")]
fn item_name_of_a_foreign_item_is_named_in_the_panic() {
    let (small, foreign) = small_and_foreign_item();
    small.item_name(foreign);
}

#[test]
#[should_panic(expected = "item #5 is not an item of this problem (it has 2 items)")]
fn item_kind_of_a_foreign_item_is_named_in_the_panic() {
    let (small, foreign) = small_and_foreign_item();
    small.item_kind(foreign);
}

#[test]
fn ids_of_the_problem_itself_are_answered() {
    let (small, _) = small_and_foreign_item();
    let texts: Vec<String> = small.options().map(|o| small.option_text(o)).collect();
    assert_eq!(texts, ["A", "B"]);
    assert!(small.contains_option(OptionId::new(1)));
    assert!(!small.contains_option(OptionId::new(2)));
    let (_, foreign) = small_and_foreign_item();
    assert!(!small.contains_item(foreign));
    assert!(small.contains_item(small.item_id("B").unwrap()));
}

#[test]
fn grid_get_answers_none_outside_the_grid_instead_of_another_cell() {
    let mut g = Grid::empty(Shape::new(3, 3).unwrap());
    g.set(1, 0, 7);
    assert_eq!(g.get(1, 0), Some(7));
    assert_eq!(g.get(0, 0), Some(0));
    // (0, 9) would be cell 9, which is (1, 0): it must not answer 7.
    assert_eq!(g.get(0, 9), None);
    assert_eq!(g.get(9, 9), None);
    assert_eq!(g.get(9, 0), None);
    assert_eq!(g.get(usize::MAX, usize::MAX), None);
    assert_eq!(g[(1, 0)], 7);
}

#[test]
#[should_panic(expected = "cell (0, 9) is outside the 9x9 grid")]
fn indexing_a_grid_outside_panics_with_the_cell() {
    let g = Grid::empty(Shape::new(3, 3).unwrap());
    let _ = g[(0, 9)];
}

#[test]
#[should_panic(expected = "cell (0, 4) is outside the 4x4 grid")]
fn setting_a_cell_outside_the_grid_panics_instead_of_writing_another() {
    let mut g = Grid::empty(Shape::new(2, 2).unwrap());
    g.set(0, 4, 1);
}

#[test]
#[should_panic(
    expected = "unit at index 2 of `centre` has cell 16, outside the 16 cells of the 4x4 grid"
)]
fn extra_units_with_a_cell_outside_the_grid_are_named_in_the_panic() {
    let l = Layout::standard(Shape::new(2, 2).unwrap());
    let ok = Unit {
        kind: UnitKind::Extra,
        cells: vec![5, 6, 9, 10],
    };
    let outside = Unit {
        kind: UnitKind::Extra,
        cells: vec![0, 5, 10, 16],
    };
    l.with_units("centre", [ok.clone(), ok, outside]);
}

/// Runs `f` on a thread and gives its result, or fails the test after 10 s (a loop that never
/// ends would otherwise hang the whole run).
fn within_10_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("the call returns within 10 s")
}

#[test]
fn for_size_refuses_huge_sides_at_once() {
    for n in [usize::MAX, usize::MAX / 2 + 1, 1 << 32, MAX_SIZE + 1, 121] {
        let result = within_10_seconds(move || Shape::for_size(n));
        assert_eq!(result, Err(GridError::SizeTooLarge { n }), "side {n}");
    }
    assert_eq!(
        Shape::for_size(usize::MAX).unwrap_err().to_string(),
        format!(
            "a side of {} is larger than 100, the largest supported",
            usize::MAX
        )
    );
    // Sides up to the limit still get their shapes.
    assert_eq!(Shape::for_size(MAX_SIZE), Shape::new(10, 10));
    assert_eq!(Shape::for_size(99), Shape::new(9, 11));
}
