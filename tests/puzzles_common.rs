//! What all puzzles share: the `Puzzle` trait used generically.

use dlxkit::puzzles::{dominoes::Dominoes, langford::Langford, Puzzle};

fn first_is_valid<P: Puzzle>(p: &P) -> bool {
    match p.first().unwrap() {
        Some(s) => p.validate(&s).is_ok() && !p.render(&s).is_empty(),
        None => false,
    }
}

#[test]
fn the_trait_works_generically() {
    assert!(first_is_valid(&Dominoes::new(2, 3).unwrap()));
    assert!(first_is_valid(&Langford::new(7, true).unwrap()));
    let l = Langford::new(3, false).unwrap();
    for o in l.problem().options() {
        assert!(l.describe(o).unwrap().starts_with("the two "));
    }
}
