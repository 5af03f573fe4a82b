//! `dlxkit completions SHELL` and `dlxkit man`: shell completion scripts (crate
//! `clap_complete`) and the roff man pages (crate `clap_mangen`), all generated from the clap
//! definition of the whole tool. Completions and one man page go to standard output; `man
//! --all DIR` writes every page, the tool's and one per subcommand (`dlxkit-sudoku-solve.1`),
//! so that the links between them (`dlxkit-solve(1)`) lead somewhere.

use std::path::PathBuf;

use clap::{Args, ValueHint};
use clap_complete::Shell;

use super::output::Output;
use super::{CliError, Context, Exit};

const COMPLETION_EXAMPLES: &str = "\
Examples:
  dlxkit completions bash > ~/.local/share/bash-completion/completions/dlxkit
  dlxkit completions zsh > ~/.zfunc/_dlxkit      # with fpath+=~/.zfunc in ~/.zshrc
  dlxkit completions fish > ~/.config/fish/completions/dlxkit.fish";

const MAN_EXAMPLES: &str = "\
Examples:
  dlxkit man | man -l -
  dlxkit man sudoku solve | man -l -
  dlxkit man --all ~/.local/share/man/man1      every page: dlxkit.1, dlxkit-solve.1, ...";

// Arguments of `dlxkit completions`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = COMPLETION_EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

// Arguments of `dlxkit man`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = MAN_EXAMPLES)]
pub struct ManArgs {
    /// The subcommand whose page to print, as `solve` or `sudoku solve` [default: the tool's]
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "all")]
    pub subcommand: Vec<String>,

    /// Write every page into DIR (made if missing): the tool's and one per subcommand
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub all: Option<PathBuf>,
}

/// Runs `dlxkit completions`: `command` is the whole tool's clap command.
pub fn run(
    args: &CompletionsArgs,
    mut command: clap::Command,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let name = command.get_name().to_string();
    // Into memory first: `generate` panics on a failed write (a full disk), and the script
    // is larger than the output's buffer.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    out.write_str(&String::from_utf8_lossy(&script))?;
    out.flush()?;
    Ok(Exit::Success)
}

/// Runs `dlxkit man`: `command` is the whole tool's clap command.
pub fn run_man(args: &ManArgs, command: clap::Command, ctx: &Context) -> Result<Exit, CliError> {
    // `dlxkit help` is clap's, and has no page of its own to link to.
    let mut command = command.disable_help_subcommand(true);
    command.build(); // gives subcommands their page names (`dlxkit-sudoku-solve`)
    if let Some(dir) = &args.all {
        std::fs::create_dir_all(dir)
            .and_then(|()| clap_mangen::generate_to(command, dir))
            .map_err(|e| {
                CliError::input(format!(
                    "cannot write the man pages into `{}`: {e}",
                    dir.display()
                ))
            })?;
        return Ok(Exit::Success);
    }
    let mut page = &command;
    for name in &args.subcommand {
        page = page.find_subcommand(name).ok_or_else(|| {
            let names: Vec<&str> = page
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(|s| s.get_name())
                .collect();
            CliError::usage(format!(
                "no subcommand `{name}`: choose one of {}",
                names.join(", ")
            ))
        })?;
    }
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    clap_mangen::Man::new(page.clone())
        .render(out.writer()?)
        .map_err(CliError::from_write)?;
    out.flush()?;
    Ok(Exit::Success)
}
