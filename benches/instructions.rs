//! Instruction counts of the exact cover engine and the Sudoku solver, by callgrind: unlike
//! times, they do not move with the load of a shared machine, so a regression of a percent
//! or two shows.
//!
//! Each case runs in a child process (this program again, under `valgrind
//! --tool=callgrind`), which builds its problem first and counts only the instructions of the
//! search (`--toggle-collect` on [`counted`]). The cases: the engine's benchmark instances
//! (`dlxkit::bench::engine::INSTANCES`, the one with costs searched for its cheapest
//! solution as DLX5 does; all but the unrestricted pentominoes, which take
//! four times as long as the rest together), and every puzzle of `magictour_top1465.txt` with
//! the `dlx` solver and a solution limit of 2, as `dlxkit sudoku solve` does. The bitset
//! engine (`bits-...`) counts the instances it takes with the same tree, `bits-bounded-...`
//! counts problems with item bounds on the bounded bit sets in their own tree (the
//! default, no updates counted), `reduce-...`
//! reduces an instance as Knuth's DLX-PRE does, and `cells-...` counts inputs of Knuth's
//! generators on dancing cells (SSXCC's tree, SSMCC's with bounds).
//!
//! ```text
//! cargo bench --bench instructions                # counts against benches/instructions.txt
//! cargo bench --bench instructions -- --check     # the same, failing beyond the tolerance
//! cargo bench --bench instructions -- --save      # the counts become the reference
//! cargo bench --bench instructions -- queens      # only the cases whose name has "queens"
//! cargo bench --bench instructions -- --tolerance 0.5
//! ```
//!
//! The reference counts hold for the compiler and flags they were saved with (the
//! repository's `.cargo/config.toml` builds for x86-64-v2); after a compiler upgrade, check
//! the change is the compiler's and save again. A count that moves with code its case does
//! not run is an inlining decision of the crate's codegen units: pin the case's loop
//! (`#[inline(never)]` on it, `#[inline]` on what it calls, as DLX5's `Search::step` in
//! `src/xc/best.rs`) rather than save again.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use dlxkit::bench::engine::{self, Counts, Instance, INSTANCES};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions};
use dlxkit::sudoku::solvers::{by_name, Answer, Limits};
use dlxkit::xc::bits::{BitBounded, BitSolver};
use dlxkit::xc::cells::CellSolver;
use dlxkit::xc::{Arena, Limits as SearchLimits, ReduceOptions, Solver};

/// The reference counts, one `name count` line per case.
const REFERENCE: &str = "benches/instructions.txt";

/// The tolerance of `--check`, in percent, either way.
const TOLERANCE: f64 = 2.0;

/// The Sudoku case's puzzles.
const TOP1465: &str = "data/sudoku/magictour_top1465.txt";

/// The bitset engine's cases: (case, engine instance).
const BITS: [(&str, &str); 4] = [
    ("bits-queens-12", "queens-12"),
    ("bits-langford-11", "langford-11"),
    ("bits-pentominoes-6x10-reduced", "pentominoes-6x10-reduced"),
    ("bits-dominoes-6x6", "dominoes-6x6"),
];

/// The bounded bit sets' cases: (case, engine instance or file in `tests/cells_inputs/`).
const BOUNDED: [(&str, Input); 2] = [
    ("bits-bounded-motley-6-6", Input::File("motley-6-6.dlx")),
    (
        "bits-bounded-two-per-line-7",
        Input::Instance("two-per-line-7"),
    ),
];

/// Where a case's problem comes from.
#[derive(Clone, Copy)]
enum Input {
    /// An engine instance, by name.
    Instance(&'static str),
    /// A file in `tests/cells_inputs/`.
    File(&'static str),
}

/// The reduction's cases: (case, engine instance).
const REDUCE: [(&str, &str); 2] = [
    ("reduce-pentominoes-6x10", "pentominoes-6x10"),
    ("reduce-queens-20", "queens-20-costs"),
];

/// The dancing-cells cases: (case, input in `tests/cells_inputs/`, the solutions, nodes and
/// updates of Knuth's SSXCC or, with bounds, SSMCC on it).
const CELLS: [(&str, &str, [u64; 3]); 5] = [
    (
        "cells-de-bruijn-0-3-6",
        "de-bruijn-0-3-6.dlx",
        [2176, 58294, 6415113],
    ),
    (
        "cells-windmill-4-4",
        "windmill-4-4.dlx",
        [0, 23898, 3044336],
    ),
    ("cells-queens-10", "queens-10.dlx", [724, 9205, 183924]),
    (
        "cells-redrect-3-5",
        "redrect-3-5.dlx",
        [20165, 70078, 611992],
    ),
    ("cells-motley-4-5", "motley-4-5.dlx", [10, 342, 21739]),
];

/// One measured case.
#[derive(Clone, Copy)]
enum Case {
    /// Count every solution of an engine instance.
    Engine(&'static Instance),
    /// Count every solution of an engine instance on the bitset engine.
    Bits(&'static str, &'static Instance),
    /// Count every solution of a problem with bounds on the bounded bit sets.
    Bounded(&'static str, Input),
    /// Reduce an engine instance as DLX-PRE does.
    Reduce(&'static str, &'static Instance),
    /// Count every solution of a file on dancing cells: (case, file, expected counts).
    Cells(&'static str, &'static str, [u64; 3]),
    /// Solve every puzzle of top1465.
    Sudoku,
}

/// The engine instance named `name`.
fn instance(name: &str) -> &'static Instance {
    INSTANCES
        .iter()
        .find(|i| i.name == name)
        .expect("an engine instance")
}

impl Case {
    fn all() -> impl Iterator<Item = Case> {
        INSTANCES
            .iter()
            .filter(|i| i.default)
            .map(Case::Engine)
            .chain(BITS.map(|(case, name)| Case::Bits(case, instance(name))))
            .chain(BOUNDED.map(|(case, input)| Case::Bounded(case, input)))
            .chain(REDUCE.map(|(case, name)| Case::Reduce(case, instance(name))))
            .chain(CELLS.map(|(case, file, counts)| Case::Cells(case, file, counts)))
            .chain([Case::Sudoku])
    }

    fn name(self) -> &'static str {
        match self {
            Case::Engine(instance) => instance.name,
            Case::Bits(name, _)
            | Case::Bounded(name, _)
            | Case::Reduce(name, _)
            | Case::Cells(name, _, _) => name,
            Case::Sudoku => "sudoku-top1465",
        }
    }

    /// Runs the case (in the child under callgrind), checking what it finds.
    fn run(self) -> Result<String, String> {
        match self {
            Case::Engine(instance) => engine_case(instance),
            Case::Bits(_, instance) => bits_case(instance),
            Case::Bounded(_, input) => bounded_case(input),
            Case::Reduce(_, instance) => reduce_case(instance),
            Case::Cells(_, file, counts) => cells_case(file, counts),
            Case::Sudoku => sudoku_case(),
        }
    }
}

/// The instructions callgrind counts: only those executed inside this function.
#[inline(never)]
fn counted(work: &mut dyn FnMut() -> u64) -> u64 {
    work()
}

/// Counts every solution of an engine instance, checking the counts.
fn engine_case(instance: &Instance) -> Result<String, String> {
    let name = instance.name;
    let problem = instance.problem().map_err(|e| e.to_string())?;
    let arena = Arena::new();
    let mut solver = Solver::new(&problem, &arena);
    let mut cheapest = None;
    if problem.has_costs() {
        // The cheapest solution, as Knuth's DLX5 finds it.
        counted(&mut || {
            let outcome = engine::cheapest(&problem, SearchLimits::default());
            let solutions = outcome.stats.solutions;
            cheapest = Some(outcome);
            solutions
        });
    } else {
        counted(&mut || solver.count().stats.solutions);
    }
    let stats = cheapest.as_ref().map_or(solver.stats(), |o| &o.stats);
    let counts = Counts {
        solutions: stats.solutions,
        nodes: stats.nodes,
        updates: stats.updates,
    };
    if counts != instance.counts {
        return Err(format!(
            "{name}: {counts:?}, expected {:?}",
            instance.counts
        ));
    }
    Ok(format!(
        "{} solutions, {} nodes",
        counts.solutions, counts.nodes
    ))
}

/// Counts every solution of an engine instance on the bitset engine, checking it searches
/// the links' tree.
fn bits_case(instance: &Instance) -> Result<String, String> {
    let problem = instance.problem().map_err(|e| e.to_string())?;
    let mut solver = BitSolver::new(&problem).map_err(|e| e.to_string())?;
    counted(&mut || solver.count().stats.solutions);
    let stats = solver.stats();
    let expected = (instance.counts.solutions, instance.counts.nodes);
    if (stats.solutions, stats.nodes) != expected {
        return Err(format!(
            "bits on {}: {} solutions, {} nodes, expected {expected:?}",
            instance.name, stats.solutions, stats.nodes
        ));
    }
    Ok(format!(
        "{} solutions, {} nodes",
        stats.solutions, stats.nodes
    ))
}

/// Counts every solution of a problem with bounds on the bounded bit sets (their own tree,
/// no updates counted, as `Plan` runs them by default), checking the solutions against the
/// instance's known count or, for a file, the links' count.
fn bounded_case(input: Input) -> Result<String, String> {
    let (problem, expected) = match input {
        Input::Instance(name) => {
            let instance = instance(name);
            let problem = instance.problem().map_err(|e| e.to_string())?;
            (problem, instance.counts.solutions)
        }
        Input::File(file) => {
            let path = root().join("tests/cells_inputs").join(file);
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let problem = dlxkit::xc::Problem::from_dlx(&text).map_err(|e| e.to_string())?;
            let arena = Arena::new();
            let links = Solver::new(&problem, &arena).count().stats.solutions;
            (problem, links)
        }
    };
    let bits = BitBounded::new(&problem).map_err(|e| e.to_string())?;
    let mut outcome = None;
    counted(&mut || {
        let o = bits.count();
        let solutions = o.stats.solutions;
        outcome = Some(o);
        solutions
    });
    let stats = outcome.expect("the search ran").stats;
    if stats.solutions != expected {
        return Err(format!(
            "bounded bits: {} solutions, expected {expected}",
            stats.solutions
        ));
    }
    Ok(format!(
        "{} solutions, {} nodes",
        stats.solutions, stats.nodes
    ))
}

/// Reduces an engine instance as DLX-PRE does, checking the reduced problem's size.
fn reduce_case(instance: &Instance) -> Result<String, String> {
    let problem = instance.problem().map_err(|e| e.to_string())?;
    let mut reduction = None;
    counted(&mut || {
        let r = problem.reduce(&ReduceOptions::new());
        let options = r.problem.option_count() as u64;
        reduction = Some(r);
        options
    });
    let r = reduction.expect("the reduction ran");
    let removed = problem.option_count() - r.problem.option_count();
    if !r.fixed_point || r.removed_options.len() != removed {
        return Err(format!(
            "reduce on {}: {} options removed, {} reported, fixed point {}",
            instance.name,
            removed,
            r.removed_options.len(),
            r.fixed_point
        ));
    }
    Ok(format!(
        "{} of {} options left in {} rounds",
        r.problem.option_count(),
        problem.option_count(),
        r.rounds
    ))
}

/// Counts every solution of a file in `tests/cells_inputs/` on dancing cells, checking
/// Knuth's counts.
fn cells_case(file: &str, expected: [u64; 3]) -> Result<String, String> {
    let path = root().join("tests/cells_inputs").join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let problem = dlxkit::xc::Problem::from_dlx(&text).map_err(|e| e.to_string())?;
    let mut outcome = None;
    counted(&mut || {
        let o = CellSolver::new(&problem).count();
        let solutions = o.stats.solutions;
        outcome = Some(o);
        solutions
    });
    let stats = outcome.expect("the search ran").stats;
    let counts = [stats.solutions, stats.nodes, stats.updates];
    if counts != expected {
        return Err(format!(
            "cells on {file}: {counts:?}, expected {expected:?}"
        ));
    }
    Ok(format!(
        "{} solutions, {} nodes, {} updates",
        counts[0], counts[1], counts[2]
    ))
}

/// Solves every puzzle of top1465 with the `dlx` solver (solution limit 2).
fn sudoku_case() -> Result<String, String> {
    let text = std::fs::read_to_string(root().join(TOP1465)).map_err(|e| e.to_string())?;
    let puzzles = parse_puzzles(&text, &ParseOptions::default()).map_err(|e| e.to_string())?;
    let mut dlx = by_name("dlx").map_err(|e| e.to_string())?;
    let limits = Limits::new().solutions(2);
    let mut unique = 0;
    counted(&mut || {
        for puzzle in &puzzles {
            unique += u64::from(dlx.solve(&puzzle.grid, &limits).answer() == Answer::Unique);
        }
        unique
    });
    if unique != puzzles.len() as u64 || unique != 1465 {
        return Err(format!("{unique} of {} puzzles unique", puzzles.len()));
    }
    Ok(format!("{unique} puzzles, each unique"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `case` in a child process under callgrind; its instruction count.
fn measure(case: Case) -> Result<u64, String> {
    let dir = std::env::temp_dir().join(format!("dlxkit-instructions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let out = dir.join(format!("{}.callgrind", case.name()));
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let run = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg("--toggle-collect=*instructions::counted*")
        .arg(&me)
        .arg("--run-case")
        .arg(case.name())
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    if !run.status.success() {
        return Err(format!(
            "{} failed: {}",
            case.name(),
            String::from_utf8_lossy(&run.stderr).trim()
        ));
    }
    let profile = std::fs::read_to_string(&out).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&dir);
    profile
        .lines()
        .find_map(|l| {
            l.strip_prefix("summary:")
                .or_else(|| l.strip_prefix("totals:"))
        })
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            format!(
                "{}: no instruction count in the callgrind output",
                case.name()
            )
        })
}

/// The reference counts by name.
fn reference() -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(root().join(REFERENCE)).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (name, count) = l.split_once(char::is_whitespace)?;
            Some((name.to_string(), count.trim().parse().ok()?))
        })
        .collect()
}

fn save(counts: &[(&str, u64)]) -> Result<(), String> {
    // Cases not measured this time keep their reference.
    let mut all: Vec<(String, u64)> = reference();
    for &(name, count) in counts {
        match all.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = count,
            None => all.push((name.to_string(), count)),
        }
    }
    let mut text = String::from(
        "# Callgrind instruction counts of `cargo bench --bench instructions` (the search only),\n\
         # the reference for `-- --check`; written by `-- --save`.\n",
    );
    for (name, count) in &all {
        text.push_str(&format!("{name} {count}\n"));
    }
    std::fs::write(root().join(REFERENCE), text).map_err(|e| e.to_string())
}

fn valgrind_found() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(k) = args.iter().position(|a| a == "--run-case") {
        let name = args.get(k + 1).map(String::as_str).unwrap_or("");
        let Some(case) = Case::all().find(|c| c.name() == name) else {
            eprintln!("no case {name}");
            return ExitCode::FAILURE;
        };
        return match case.run() {
            Ok(summary) => {
                eprintln!("{name}: {summary}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    let check = args.iter().any(|a| a == "--check");
    let save_counts = args.iter().any(|a| a == "--save");
    let tolerance = args
        .iter()
        .position(|a| a == "--tolerance")
        .and_then(|k| args.get(k + 1)?.parse().ok())
        .unwrap_or(TOLERANCE);
    let value_of_tolerance = args.iter().position(|a| a == "--tolerance").map(|k| k + 1);
    let filters: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(k, a)| !a.starts_with("--") && Some(k) != value_of_tolerance)
        .map(|(_, a)| a)
        .collect();
    if !valgrind_found() {
        eprintln!("*** valgrind not found: no instruction counts measured ***");
        return if check {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    let reference = reference();
    let mut measured = Vec::new();
    let mut failed = false;
    println!(
        "{:<26} {:>15} {:>15} {:>8}",
        "case", "instructions", "reference", "change"
    );
    for case in Case::all() {
        if !filters.is_empty() && !filters.iter().any(|f| case.name().contains(f.as_str())) {
            continue;
        }
        let count = match measure(case) {
            Ok(count) => count,
            Err(e) => {
                eprintln!("{e}");
                failed = true;
                continue;
            }
        };
        measured.push((case.name(), count));
        match reference.iter().find(|(name, _)| name == case.name()) {
            Some(&(_, before)) => {
                let change = (count as f64 / before as f64 - 1.0) * 100.0;
                let beyond = change.abs() > tolerance;
                failed |= check && beyond;
                println!(
                    "{:<26} {count:>15} {before:>15} {change:>+7.2}%{}",
                    case.name(),
                    if beyond { "  beyond the tolerance" } else { "" }
                );
            }
            None => {
                failed |= check;
                println!("{:<26} {count:>15} {:>15}", case.name(), "none");
            }
        }
    }
    if save_counts {
        if let Err(e) = save(&measured) {
            eprintln!("cannot write {REFERENCE}: {e}");
            return ExitCode::FAILURE;
        }
        println!("saved as the reference in {REFERENCE}");
    } else if failed && check {
        eprintln!(
            "instruction counts beyond {tolerance}% of {REFERENCE}: if the change is meant, \
             save them with `cargo bench --bench instructions -- --save`"
        );
    }
    if failed && !save_counts {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
