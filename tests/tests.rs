//! The library's integration tests, built as one binary (one link instead of one per file, and
//! one process to run). Each module is a file beside this one, named after what it tests;
//! a new test file must be named here too — `every_test_file_is_a_module` below fails when a
//! file is left out. Helpers shared by several modules (`dlx1_oracle`, `backtracking_util`,
//! `sudoku_explain_util`) are modules of their own. The command line's tests are in `cli/tests/`.

mod backtracking_props;
mod backtracking_sets;
mod backtracking_trees;
mod backtracking_util;
mod bench_guesses;
mod dlx1_oracle;
mod dlx3_oracle;
mod engine_best;
mod engine_best_bounds;
mod engine_best_engines;
mod engine_bits;
mod engine_bits_bounds;
mod engine_bounds;
mod engine_cells;
mod engine_cells_bounds;
mod engine_cells_modes;
mod engine_choice;
mod engine_files;
mod engine_forcing;
mod engine_known;
mod engine_modes;
mod engine_plan;
mod engine_properties;
mod engine_reduce;
mod engine_shards;
mod engine_shards_bounds;
mod engine_shards_engines;
mod foreign_ids;
mod fuzz;
mod memo;
mod memo_knuth;
mod puzzles_common;
mod puzzles_dominoes;
mod puzzles_graceful;
mod puzzles_isometric;
mod puzzles_langford;
mod puzzles_lattice;
mod puzzles_macmahon;
mod puzzles_polycube;
mod puzzles_polyomino;
mod puzzles_queens;
mod puzzles_shopping;
mod puzzles_words;
mod random_problems;
mod reliability_readers_and_limits;
mod reliability_reduce;
mod reliability_sudoku_readers;
mod sudoku_explain;
mod sudoku_explain_colouring;
mod sudoku_explain_cycles;
mod sudoku_explain_killer;
mod sudoku_explain_ladder;
mod sudoku_explain_rungs;
mod sudoku_explain_util;
mod sudoku_explain_x_chain;
mod sudoku_forcing;
mod sudoku_generate;
mod sudoku_killer;
mod sudoku_library;
mod sudoku_parse;
mod sudoku_pencil_marks;
mod sudoku_quickcheck;
mod sudoku_se_heldout;
mod sudoku_se_order;
mod sudoku_sets;
mod sudoku_solve;
mod text_input;

/// Fails when a test file or a directory of test code in `tests/` is neither declared as a module above nor
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
        // A directory of data only (Knuth's files, their sources) is no module.
        let holds_code = |dir: &std::path::Path| {
            std::fs::read_dir(dir)
                .unwrap()
                .any(|e| e.unwrap().path().extension().is_some_and(|e| e == "rs"))
        };
        let is_module = if path.is_dir() {
            holds_code(&path)
        } else {
            path.extension().is_some_and(|e| e == "rs")
        };
        if is_module && name != "tests" {
            assert!(
                this.contains(&format!("\nmod {name};\n"))
                    || (manifest.contains(&format!("path = \"tests/{name}.rs\""))
                        || manifest.contains(&format!("path = \"tests/{name}/main.rs\""))),
                "tests/{name} is not declared in tests/tests.rs, so it would never run"
            );
        }
    }
}
