//! The shopping list: `cargo run --example shopping [FILE]`.
//!
//! Reads a list in the format of `data/puzzles/school-supplies.txt` (the default) and prints
//! every way to buy each item exactly once.

use std::error::Error;

use dlxkit::puzzles::shopping::ShoppingList;
use dlxkit::puzzles::Puzzle;

fn main() -> Result<(), Box<dyn Error>> {
    let list = match std::env::args().nth(1) {
        Some(path) => ShoppingList::parse(&std::fs::read_to_string(path)?)?,
        None => ShoppingList::school_supplies()?,
    };
    println!("We need: {}", list.items().join(", "));
    println!("The stores sell:");
    for bundle in list.bundles() {
        println!("  {:<20} {}", bundle.name, bundle.items.join(", "));
    }
    let ways = list.solutions_up_to(usize::MAX)?;
    println!("\n{} way(s) to buy everything exactly once:", ways.len());
    for (k, purchase) in ways.iter().enumerate() {
        list.validate(purchase)?;
        println!("\nWay {}:", k + 1);
        print!("{}", list.render(purchase));
    }
    Ok(())
}
