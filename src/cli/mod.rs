//! The command-line layer of `dlxkit`: everything that reads arguments, files and the
//! terminal, and everything that prints. The library (`dlxkit::xc`, `dlxkit::sudoku`, ...)
//! never prints and never exits; this layer turns its results into bytes and exit codes.
//!
//! One module per subcommand (`solve`, `completions`, `man`), each with its `Args` struct
//! (clap derive) and a `run(&args, &Context) -> Result<Exit, CliError>`; `src/main.rs` only
//! holds the subcommand enum and the dispatch. The shared helpers every subcommand uses:
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

pub mod bench;
pub mod color;
pub mod completions;
pub mod exit;
pub mod input;
pub mod interrupt;
pub mod memo;
pub mod output;
pub mod progress;
pub mod puzzles;
pub mod search;
pub mod solve;
pub mod sudoku;

use std::io::IsTerminal;

use clap::Args;

pub use color::ColorChoice;
pub use exit::{CliError, Exit};

/// Options that apply to every subcommand (flattened into the top-level parser as globals).
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// When to use colours
    ///
    /// `auto` colours only a terminal, and not when the NO_COLOR environment variable is set
    /// (to anything but the empty string) or TERM is `dumb`.
    #[arg(long, value_enum, global = true, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Print no warnings, notes or progress bars
    ///
    /// Errors, and statistics asked for with --stats, are still printed on standard error.
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

/// What every subcommand may ask about its environment: the global options and whether
/// the standard streams are terminals.
#[derive(Clone, Debug)]
pub struct Context {
    /// The global options.
    pub global: GlobalArgs,
    /// Whether standard input is a terminal.
    pub stdin_is_terminal: bool,
    /// Whether standard output is a terminal.
    pub stdout_is_terminal: bool,
    /// Whether standard error is a terminal.
    pub stderr_is_terminal: bool,
}

impl Context {
    /// The context of this process.
    pub fn new(global: GlobalArgs) -> Context {
        Context {
            global,
            stdin_is_terminal: std::io::stdin().is_terminal(),
            stdout_is_terminal: std::io::stdout().is_terminal(),
            stderr_is_terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Whether `--quiet` was given.
    pub fn quiet(&self) -> bool {
        self.global.quiet
    }

    /// Colours for what goes to standard output (the Sudoku grid printer will use it).
    pub fn stdout_colors(&self) -> color::Paint {
        color::Paint::new(color::enabled_from_env(
            self.global.color,
            self.stdout_is_terminal,
        ))
    }

    /// Colours for what goes to standard error (statistics, warnings).
    pub fn stderr_colors(&self) -> color::Paint {
        color::Paint::new(color::enabled_from_env(
            self.global.color,
            self.stderr_is_terminal,
        ))
    }

    /// Whether to draw progress bars: standard error is a terminal and `--quiet` is off.
    pub fn progress_wanted(&self) -> bool {
        self.stderr_is_terminal && !self.global.quiet
    }

    /// Prints a warning on standard error, unless `--quiet`.
    pub fn warn(&self, message: impl std::fmt::Display) {
        if !self.quiet() {
            let paint = self.stderr_colors();
            eprint_line(format_args!(
                "dlxkit: {} {message}",
                paint.warning("warning:")
            ));
        }
    }

    /// Prints a note (e.g. "the count is incomplete") on standard error, unless `--quiet`.
    pub fn note(&self, message: impl std::fmt::Display) {
        if !self.quiet() {
            eprint_line(format_args!("dlxkit: {message}"));
        }
    }
}

/// Writes one line on standard error, ignoring failures (there is nowhere left to report
/// them, and a closed standard error must not make the tool panic as `eprintln!` would).
pub fn eprint_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args);
    let _ = err.write_all(b"\n");
}
