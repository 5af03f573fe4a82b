//! Every engine through the front door (`Plan` with `--engine links|cells|bits`) on every
//! held-in Knuth-format file (`tests/knuth_inputs`, `tests/knuth`, `tests/cells_inputs`,
//! `data/dlx`: uncoloured, coloured and bounded problems): the same solution set and count
//! as dancing links, every solution valid. Issue 28's test demand, written once over the
//! whole collection (the engines' own files each test a chosen few).

use dlxkit::xc::plan::{Collect, Engine, Plan, RunError, Unsupported};
use dlxkit::xc::{bits, Limits, Problem, Status};

use crate::random_problems::as_set;

/// The links' search on a file whose tree is larger is left out (four files: MacMahon's
/// hexagon, with 11,853,792 solutions, and bar, the Bell problem 5x12, `mdt-6x6`): the
/// other engines' trees differ in size from the links', so a node budget would cut them at
/// different places.
const NODES: u64 = 1_000_000;

fn files() -> Vec<std::path::PathBuf> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut paths = Vec::new();
    for dir in [
        "tests/knuth_inputs",
        "tests/knuth",
        "tests/cells_inputs",
        "data/dlx",
    ] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "dlx") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
}

#[test]
fn every_engine_finds_the_links_solutions_on_every_held_in_file() {
    let (mut checked, mut skipped) = (0, Vec::new());
    for path in files() {
        let name = path.display().to_string();
        let p = Problem::from_dlx(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut links = Collect::default();
        let report = Plan::new()
            .engine(Engine::Links)
            .limits(Limits::new().nodes(NODES))
            .run(&p, &mut links)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if report.status != Status::Complete {
            skipped.push(name);
            continue;
        }
        assert_eq!(
            report.stats.solutions,
            links.solutions.len() as u64,
            "{name}: links' count"
        );
        let expected = as_set(links.solutions);
        for engine in [Engine::Cells, Engine::Bits] {
            let mut found = Collect::default();
            match Plan::new().engine(engine).run(&p, &mut found) {
                Ok(report) => {
                    assert_eq!(report.engine, engine, "{name}");
                    assert_eq!(report.status, Status::Complete, "{name}: {engine:?}");
                    assert_eq!(
                        report.stats.solutions,
                        found.solutions.len() as u64,
                        "{name}: {engine:?}'s count"
                    );
                    for s in &found.solutions {
                        p.check_solution(s)
                            .unwrap_or_else(|e| panic!("{name}: {engine:?}: {e}"));
                    }
                    assert_eq!(as_set(found.solutions), expected, "{name}: {engine:?}");
                }
                // The bit sets refuse only a problem too large for their masks.
                Err(RunError::Unsupported(Unsupported::Size { .. })) => {
                    assert_eq!(engine, Engine::Bits, "{name}");
                    assert!(
                        p.option_count() > bits::MAX_OPTIONS || p.item_count() > bits::MAX_ITEMS,
                        "{name}: refused at its size"
                    );
                }
                Err(e) => panic!("{name}: {engine:?}: {e}"),
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 40,
        "{checked} files checked, skipped {skipped:?}"
    );
    assert!(skipped.len() <= 4, "skipped {skipped:?}");
}
