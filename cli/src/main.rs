//! The `dlxkit` command line: the argument structs of the top level and the dispatch to one
//! module per subcommand. The library (`dlxkit::xc`, `dlxkit::sudoku`, ...) never prints and
//! never exits; this crate turns its results into bytes and exit codes.
//!
//! The shared helpers every subcommand uses:
//!
//! - [`input`]: a FILE argument or `-`/nothing for standard input (and usage instead of a
//!   silent wait when standard input is a terminal); error messages with `file:line:column`.
//! - [`output`]: `--format text|json|jsonl`, and [`output::Output`], a locked, buffered
//!   standard output on which a broken pipe is a quiet success.
//! - [`exit`]: the exit codes (0 found, 1 none, 2 error, 130 interrupted) and [`CliError`].
//! - [`progress`]: progress bars on standard error, only when it is a terminal.
//! - [`interrupt`]: Ctrl-C as a cancel flag for the solver.
//! - [`color`]: `--color auto|always|never` and `NO_COLOR`.
//! - [`memo`]: `--memo`, `--sample`, `--zdd`: the memoised search, for `solve` and the puzzles.
//! - [`jobs`]: `--jobs N` capped the same way everywhere; [`parallel`]: one search on
//!   several threads, or one shard of it.
//! - [`context`]: the global options and what the process knows of its terminal.

mod bench;
mod best;
mod closed_stdout;
mod color;
mod completions;
mod context;
mod exit;
mod input;
mod interrupt;
mod jobs;
mod memo;
mod merge;
mod output;
mod parallel;
mod play;
mod progress;
mod puzzles;
mod reduce;
mod search;
mod shard;
mod solve;
mod sudoku;
mod zdd;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub use color::ColorChoice;
pub use context::{eprint_line, Context, GlobalArgs};
pub use exit::{CliError, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit solve data/dlx/knuth-toy.dlx          print the solutions of an exact cover problem
  dlxkit solve --count --stats problem.dlx      count them, with statistics on stderr
  dlxkit solve --help                           everything about `solve`, and Knuth's format
  dlxkit reduce problem.dlx > smaller.dlx       preprocess a problem (Knuth's DLX-PRE)
  dlxkit play --open                            play Sudoku in the browser
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

/// The subcommands.
///
/// Their arguments are built only for the subcommand run (`defer`; the puzzles' and
/// Sudoku's enums do the same): building all of them cost 2.4M instructions and some 180
/// page faults at every start, more than half of `dlxkit --version`'s time, and about
/// 0.5 ms of a small `dlxkit reduce` (BENCHMARKS.md, "Below DLX-PRE"). A deferred
/// subcommand's about comes from its variant here; the argument structs have no doc
/// comment, since clap would apply it when the subcommand is built, over the variant's.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
enum Command {
    /// Solve an exact cover problem written in Knuth's format.
    Solve(solve::SolveArgs),
    /// Preprocess an exact cover problem as Knuth's DLX-PRE: an equivalent, smaller problem.
    Reduce(reduce::ReduceArgs),
    /// Sudoku: solve, count, check, generate and rate puzzles, a file at a time.
    #[command(subcommand)]
    Sudoku(sudoku::SudokuCommand),
    #[command(flatten)]
    Puzzles(puzzles::PuzzleCommand),
    /// List the shards of a problem's search, to run apart with `solve --shard I/N`.
    Shard(shard::ShardArgs),
    /// Add up the results of the shards of one search, checking that none is missing.
    Merge(merge::MergeArgs),
    /// Benchmark DLX against the backtracking Sudoku solvers (or, with --engine, the engine).
    Bench(bench::BenchArgs),
    /// Play Sudoku in the browser: a local web page with Random Level, Solve, Check and Hint.
    Play(play::PlayArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(completions::ManArgs),
    /// Read a ZDD in Knuth's format (DLX6's): count, sample, generating function, lightest.
    Zdd(zdd::ZddArgs),
}

fn main() -> ExitCode {
    let matches = match Cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => return clap_exit(&e),
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let ctx = Context::new(cli.global);
    let result = match &cli.command {
        Command::Solve(args) => solve::run(args, &ctx),
        Command::Reduce(args) => reduce::run(args, &ctx),
        Command::Completions(args) => completions::run(args, Cli::command(), &ctx),
        Command::Man(args) => completions::run_man(args, Cli::command(), &ctx),
        Command::Puzzles(command) => puzzles::run(command, &ctx),
        Command::Sudoku(command) => sudoku::run(command, &ctx),
        Command::Shard(args) => shard::run(args, &ctx),
        Command::Merge(args) => merge::run(args, &ctx),
        Command::Bench(args) => bench::run(args, &ctx),
        Command::Play(args) => play::run(args, &ctx),
        Command::Zdd(args) => zdd::run(args, &ctx),
    };
    exit::finish(result, || {
        let mut command = Cli::command();
        command.build(); // gives subcommands their full names (`dlxkit solve`)
        usage_of(&mut command, &matches)
    })
}

/// Ends a run that clap stopped: usage errors go to standard error (exit 2) as clap prints
/// them; help and version go to standard output like any other output, so that a write that
/// fails (a full disk) is an error and a closed pipe a quiet success.
fn clap_exit(error: &clap::Error) -> ExitCode {
    if error.use_stderr() {
        error.exit();
    }
    let colored = color::enabled_from_env(ColorChoice::Auto, std::io::stdout().is_terminal());
    let text = if colored {
        error.render().ansi().to_string()
    } else {
        error.render().to_string()
    };
    let mut out = output::Output::stdout(false);
    let written = out.write_str(&text).and_then(|()| out.flush());
    exit::finish(written.map(|()| Exit::Success), String::new)
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

    /// A deferred subcommand keeps its variant's about once built: a doc comment on an
    /// argument struct (or one it flattens) would replace it in `--help` and the man pages.
    #[test]
    fn subcommands_keep_their_about_when_built() {
        fn check(unbuilt: &clap::Command, built: &clap::Command, path: &str) {
            let mut subcommands = 0;
            for sub in unbuilt.get_subcommands() {
                let name = format!("{path} {}", sub.get_name());
                let about = sub.get_about().map(ToString::to_string);
                assert!(about.is_some(), "{name} has no about");
                let done = built
                    .find_subcommand(sub.get_name())
                    .expect("the same subcommands");
                assert_eq!(done.get_about().map(ToString::to_string), about, "{name}");
                assert_eq!(
                    done.get_long_about().map(ToString::to_string),
                    None,
                    "{name}"
                );
                check(sub, done, &name);
                subcommands += 1;
            }
            let built_subcommands = built.get_subcommands().filter(|s| s.get_name() != "help");
            assert_eq!(subcommands, built_subcommands.count(), "{path}");
        }
        let mut built = Cli::command();
        built.build();
        let unbuilt = Cli::command();
        assert_eq!(unbuilt.get_subcommands().count(), 21); // and `help`, added when built
        check(&unbuilt, &built, "dlxkit");
    }
}
