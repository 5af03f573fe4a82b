//! The command line's integration tests, built as one binary (one link instead of one per file, and
//! one process to run). Each module is a file beside this one, named after what it tests;
//! a new test file must be named here too — `every_test_file_is_a_module` below fails when a
//! file is left out. Helpers shared by several modules (`cli_util`)
//! are modules of their own. The library's tests are in `tests/` at the top.

mod bench_cli;
mod browser_play;
mod cli_best;
mod cli_engine;
mod cli_engine_bits;
mod cli_engine_seed;
mod cli_explain;
mod cli_explain_plan;
mod cli_front_door;
mod cli_generate_needs;
mod cli_generate_needs_chains;
mod cli_generate_needs_rungs;
mod cli_generate_se;
mod cli_graceful;
mod cli_input_text;
mod cli_isometric;
mod cli_killer;
mod cli_macmahon;
mod cli_memo;
mod cli_parallel;
mod cli_pictures;
mod cli_play;
mod cli_puzzles;
mod cli_readme;
mod cli_reduce;
mod cli_run_limits;
mod cli_shards;
mod cli_solve;
mod cli_sudoku;
mod cli_sudoku_engine;
mod cli_sudoku_input;
mod cli_sudoku_limits;
mod cli_sudoku_registry;
mod cli_sudoku_svg;
mod cli_sudoku_threads;
mod cli_tool;
mod cli_util;
mod cli_words;
mod cli_write_errors;
mod cli_zddread;
mod fuzz_flags;
mod fuzz_play;
mod play_util;
mod reliability_audit;
mod reliability_limits;
mod reliability_play;
mod reliability_readers_and_limits;
mod reliability_reduce_limits;
mod svg_util;

/// The repository's top directory, where `README.md` and `data/` are: the commands under
/// test run there, as a user's would in a clone.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Fails when a test file or directory in `tests/` is neither declared as a module above nor
/// a test target of its own in Cargo.toml: with `autotests = false`, cargo would silently
/// skip it.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let this = std::fs::read_to_string(format!("{dir}/tests.rs")).unwrap();
    let manifest = std::fs::read_to_string(format!("{dir}/../Cargo.toml")).unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let is_module = path.is_dir() || path.extension().is_some_and(|e| e == "rs");
        if is_module && name != "tests" {
            assert!(
                this.contains(&format!("\nmod {name};\n"))
                    || manifest.contains(&format!("path = \"tests/{name}.rs\"")),
                "tests/{name} is not declared in tests/tests.rs, so it would never run"
            );
        }
    }
}
