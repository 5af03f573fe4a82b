//! `dlxkit completions SHELL` and `dlxkit man`: shell completion scripts (crate
//! `clap_complete`) and the roff man page (crate `clap_mangen`), both generated from the
//! clap definition of the whole tool and written on standard output.

use clap::Args;
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
  dlxkit man > ~/.local/share/man/man1/dlxkit.1";

/// Arguments of `dlxkit completions`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = COMPLETION_EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Arguments of `dlxkit man`.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = MAN_EXAMPLES)]
pub struct ManArgs {}

/// Runs `dlxkit completions`: `command` is the whole tool's clap command.
pub fn run(
    args: &CompletionsArgs,
    mut command: clap::Command,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let name = command.get_name().to_string();
    clap_complete::generate(args.shell, &mut command, name, out.writer());
    out.flush()?;
    Ok(Exit::Success)
}

/// Runs `dlxkit man`: `command` is the whole tool's clap command.
pub fn run_man(_args: &ManArgs, command: clap::Command, ctx: &Context) -> Result<Exit, CliError> {
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    clap_mangen::Man::new(command)
        .render(out.writer())
        .map_err(CliError::from_write)?;
    out.flush()?;
    Ok(Exit::Success)
}
