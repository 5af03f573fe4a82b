use dlxkit::xc::memo::{self, ItemChoice, MemoOptions};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let problem =
        dlxkit::sudoku::encode::Encoding::standard(dlxkit::sudoku::Shape::new(2, 3).unwrap())
            .unwrap()
            .problem()
            .clone();
    let choice = if args.len() > 1 {
        ItemChoice::First
    } else {
        ItemChoice::FewestOptions
    };
    let r = memo::count(&problem, &MemoOptions::new().choice(choice)).unwrap();
    println!("{} {:?} {:?}", r.count, r.status, r.stats);
    if args.len() > 2 {
        let t = std::time::Instant::now();
        println!("plain {} {:?}", problem.count_solutions(), t.elapsed());
    }
}
