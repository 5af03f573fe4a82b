//! The `dlxkit` command line.

fn main() {
    println!("dlxkit");
}
