//! Colours: the global `--color auto|always|never` flag, the `NO_COLOR` convention
//! (<https://no-color.org>), and a tiny [`Paint`] that wraps text in ANSI styles or leaves it
//! alone. Decide once per stream with [`super::Context::stdout_colors`] or
//! [`super::Context::stderr_colors`], then paint; painting when colours are off returns the
//! text unchanged, so printers need no `if`.

use std::ffi::OsStr;

use clap::ValueEnum;

/// The `--color` choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colours when the stream is a terminal, `NO_COLOR` is unset or empty and `TERM` is
    /// not `dumb`.
    #[default]
    Auto,
    /// Always colour (even into a pipe or a file; overrides `NO_COLOR`).
    Always,
    /// Never colour.
    Never,
}

/// Whether to colour a stream: the pure decision, for tests. `no_color` is the value of
/// `NO_COLOR`, `term` that of `TERM`.
pub fn enabled(
    choice: ColorChoice,
    is_terminal: bool,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color_set = matches!(no_color, Some(v) if !v.is_empty());
            let dumb = matches!(term, Some(t) if t == "dumb");
            is_terminal && !no_color_set && !dumb
        }
    }
}

/// Whether to colour a stream, reading `NO_COLOR` and `TERM` from the environment.
pub fn enabled_from_env(choice: ColorChoice, is_terminal: bool) -> bool {
    enabled(
        choice,
        is_terminal,
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// Paints text with ANSI styles when colours are on, and leaves it alone otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Colours on or off.
    pub fn new(on: bool) -> Paint {
        Paint { on }
    }

    /// `text` in the SGR style `code` (e.g. `"1"` bold, `"31"` red, `"1;33"` bold yellow).
    pub fn style(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A label in statistics (bold).
    pub fn label(self, text: &str) -> String {
        self.style("1", text)
    }

    /// Something good (green).
    pub fn good(self, text: &str) -> String {
        self.style("32", text)
    }

    /// Something that went less well (yellow).
    pub fn warning(self, text: &str) -> String {
        self.style("1;33", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colours_only_terminals_without_no_color() {
        let empty = OsStr::new("");
        let set = OsStr::new("1");
        assert!(enabled(ColorChoice::Auto, true, None, None));
        assert!(enabled(ColorChoice::Auto, true, Some(empty), None));
        assert!(!enabled(ColorChoice::Auto, true, Some(set), None));
        assert!(!enabled(ColorChoice::Auto, false, None, None));
        assert!(!enabled(
            ColorChoice::Auto,
            true,
            None,
            Some(OsStr::new("dumb"))
        ));
    }

    #[test]
    fn always_and_never_are_obeyed() {
        let set = OsStr::new("1");
        assert!(enabled(ColorChoice::Always, false, Some(set), None));
        assert!(!enabled(ColorChoice::Never, true, None, None));
    }

    #[test]
    fn paint_is_a_no_op_when_off() {
        assert_eq!(Paint::new(false).label("nodes"), "nodes");
        assert_eq!(Paint::new(true).label("nodes"), "\x1b[1mnodes\x1b[0m");
    }
}
