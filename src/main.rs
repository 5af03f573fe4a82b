//! The `dlxkit` command line: the argument structs of the top level and the dispatch to one
//! module per subcommand under `src/cli/` (which also holds the shared helpers for input,
//! output formats, exit codes, progress bars, Ctrl-C and colours).

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use cli::{bench, completions, puzzles, solve, sudoku, Context, GlobalArgs};

const EXAMPLES: &str = "\
Examples:
  dlxkit solve data/dlx/knuth-toy.dlx          print the solutions of an exact cover problem
  dlxkit solve --count --stats problem.dlx      count them, with statistics on stderr
  dlxkit solve --help                           everything about `solve`, and Knuth's format
  dlxkit completions bash                       a completion script for bash

Exit status: 0 if something was found (or the job was done), 1 if nothing was found,
2 for bad input or usage, 130 if interrupted by Ctrl-C.";

/// Exact cover problems solved with Knuth's dancing links (Algorithms X and C).
#[derive(Parser, Debug)]
#[command(name = "dlxkit", version)]
#[command(after_long_help = EXAMPLES, arg_required_else_help = true)]
struct Cli {
    #[command(flatten)]
    global: GlobalArgs,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve an exact cover problem written in Knuth's format.
    Solve(solve::SolveArgs),
    /// Sudoku: solve, count, check, generate and rate puzzles, a file at a time.
    #[command(subcommand)]
    Sudoku(sudoku::SudokuCommand),
    #[command(flatten)]
    Puzzles(puzzles::PuzzleCommand),
    /// Benchmark DLX against the backtracking Sudoku solvers (or, with --engine, the engine).
    Bench(bench::BenchArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(completions::ManArgs),
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let ctx = Context::new(cli.global);
    let result = match &cli.command {
        Command::Solve(args) => solve::run(args, &ctx),
        Command::Completions(args) => completions::run(args, Cli::command(), &ctx),
        Command::Man(args) => completions::run_man(args, Cli::command(), &ctx),
        Command::Puzzles(command) => puzzles::run(command, &ctx),
        Command::Sudoku(command) => sudoku::run(command, &ctx),
        Command::Bench(args) => bench::run(args, &ctx),
    };
    cli::exit::finish(result, || {
        let mut command = Cli::command();
        command.build(); // gives subcommands their full names (`dlxkit solve`)
        usage_of(&mut command, &matches)
    })
}

/// The usage of the innermost subcommand named in `matches` (`dlxkit sudoku solve ...`).
fn usage_of(command: &mut clap::Command, matches: &clap::ArgMatches) -> String {
    match matches.subcommand() {
        Some((name, sub_matches)) => match command.find_subcommand_mut(name) {
            Some(sub) => usage_of(sub, sub_matches),
            None => command.render_usage().to_string(),
        },
        None => command.render_usage().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
