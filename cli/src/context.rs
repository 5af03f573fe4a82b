//! What every subcommand may ask about its environment: the global options (`--color`,
//! `--quiet`), whether the standard streams are terminals, and the warning and note lines on
//! standard error.

use std::io::IsTerminal;
use std::time::Instant;

use clap::Args;

use crate::color::{self, ColorChoice};

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

    /// The largest input read, in bytes (suffixes K, M, G, T: `2G`) [default: 256M]
    ///
    /// A larger file or standard input is refused (exit 2) before it fills the memory, so
    /// that `yes | dlxkit solve` ends with a message instead of growing until the system
    /// steps in.
    #[arg(long, global = true, value_name = "SIZE", value_parser = crate::input::parse_size)]
    pub max_input: Option<u64>,
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
    /// When the run started: `--timeout` counts from here, so reading the input and building
    /// the problem count too.
    pub started: Instant,
}

impl Context {
    /// The context of this process.
    pub fn new(global: GlobalArgs) -> Context {
        Context {
            global,
            stdin_is_terminal: std::io::stdin().is_terminal(),
            stdout_is_terminal: std::io::stdout().is_terminal(),
            stderr_is_terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
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
