//! Where a subcommand's input comes from: a FILE argument, or standard input when the
//! argument is `-` or missing. When standard input is a terminal and no file was given, the
//! subcommand prints its usage and exits 2 rather than wait silently for typing (`-` still
//! reads the terminal: the user asked for it).
//!
//! Every input is read as bytes and decoded by [`dlxkit::text::decode`], whatever reads it
//! next (Knuth's format, Sudoku puzzles, boards, piece sets, shopping lists): a byte-order
//! mark at the start is skipped, CR-only line ends become LF, and bytes that are not UTF-8
//! (or a byte-order mark after the start) stop the run with `file:line:column` and the byte.
//!
//! ```text
//! let source = input::read(args.file.as_deref(), ctx)?;          // name + text
//! let problem = Problem::from_dlx(&source.text)
//!     .map_err(|e| source.parse_error(&e))?;                     // "file:line:column: ..."
//! ```

use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

use dlxkit::text::{self, DecodeError, DecodeErrorKind};
use dlxkit::xc::{ParseError, ParseErrorKind, ProblemError};

use super::{CliError, Context};

/// The name used in messages for standard input.
pub const STDIN_NAME: &str = "<stdin>";

/// Where the input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputPath<'a> {
    /// Standard input (`-` or no argument).
    Stdin,
    /// A file.
    File(&'a Path),
}

impl<'a> InputPath<'a> {
    /// The input named by an optional FILE argument (`-` and none mean standard input).
    pub fn from_arg(file: Option<&'a Path>) -> InputPath<'a> {
        match file {
            None => InputPath::Stdin,
            Some(p) if p.as_os_str() == "-" => InputPath::Stdin,
            Some(p) => InputPath::File(p),
        }
    }

    /// The name for messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            InputPath::Stdin => STDIN_NAME.to_string(),
            InputPath::File(p) => p.display().to_string(),
        }
    }
}

/// A whole input, read into memory, with the name to use in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file name as given, or `<stdin>`.
    pub name: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// An error at `line` and `column` of this source: `name:line:column: message`.
    pub fn error_at(
        &self,
        line: usize,
        column: usize,
        message: impl std::fmt::Display,
    ) -> CliError {
        CliError::input(format!("{}:{line}:{column}: {message}", self.name))
    }

    /// The message for a [`ParseError`] of Knuth's format, with a hint saying what to do.
    pub fn parse_error(&self, error: &ParseError) -> CliError {
        let e = self.error_at(error.line, error.column, &error.kind);
        match parse_hint(&error.kind) {
            Some(hint) => e.with_hint(hint),
            None => e,
        }
    }
}

/// What to do about a parse error of Knuth's format.
fn parse_hint(kind: &ParseErrorKind) -> Option<String> {
    Some(match kind {
        ParseErrorKind::NoItems => {
            "the first line that is not a comment (`| ...`) must name the items".to_string()
        }
        ParseErrorKind::SecondBar => {
            "the item line is `primary items | secondary items`, with one `|` at most".to_string()
        }
        ParseErrorKind::EmptyColor => "write a colour after the colon, as in `X:red`".to_string(),
        ParseErrorKind::ByteOrderMark => BOM_HINT.to_string(),
        ParseErrorKind::Problem(p) => match p {
            ProblemError::UnknownItem { name, .. } => {
                format!("name `{name}` on the item line (the first line that is not a comment), or fix the option")
            }
            ProblemError::RepeatedItem { .. } => {
                "an option lists each item at most once".to_string()
            }
            ProblemError::ColoredPrimary { .. } => {
                "only secondary items (after `|` on the item line) can have colours".to_string()
            }
            ProblemError::DuplicateItem { .. } => {
                "each item is named once on the item line".to_string()
            }
            _ => return None,
        },
        _ => return None,
    })
}

/// What to do about a byte-order mark after the start of the text.
const BOM_HINT: &str = "two files joined together? remove the mark (bytes EF BB BF)";

/// The message for bytes that are not text, with a hint.
fn decode_error(name: &str, error: &DecodeError) -> CliError {
    let hint = match error.kind {
        DecodeErrorKind::ByteOrderMark => BOM_HINT,
        _ => "dlxkit reads UTF-8 text: convert the file (e.g. `iconv -f latin1 -t utf-8`)",
    };
    CliError::input(format!(
        "{name}:{}:{}: {}",
        error.line, error.column, error.kind
    ))
    .with_hint(hint)
}

/// Reads the whole input named by an optional FILE argument (see [`InputPath::from_arg`])
/// and decodes it (see the module documentation).
///
/// Fails with exit 2 when the file cannot be read (`cannot read `nope.dlx`: No such file or
/// directory (os error 2)`) or is not UTF-8 text, and with the usage when no file is given
/// and standard input is a terminal.
pub fn read(file: Option<&Path>, ctx: &Context) -> Result<Source, CliError> {
    let path = InputPath::from_arg(file);
    if file.is_none() && ctx.stdin_is_terminal {
        return Err(CliError::usage(
            "no input: give a FILE, or pipe the input into standard input (`-` reads the terminal)",
        ));
    }
    let name = path.name();
    let limit = ctx.global.max_input.unwrap_or(DEFAULT_MAX_INPUT);
    let too_large = || {
        let size = size_text(limit);
        let exact = match size.ends_with("bytes") {
            true => String::new(),
            false => format!(" ({limit} bytes)"),
        };
        CliError::input(format!(
            "`{name}` holds more than {size}{exact}, the most --max-input lets dlxkit read"
        ))
        .with_hint("give a larger --max-input (e.g. `--max-input 2G`) to read it")
    };
    let bytes = match path {
        InputPath::Stdin => read_bounded(std::io::stdin().lock(), limit, 0),
        InputPath::File(p) => std::fs::File::open(p).and_then(|f| {
            let len = f.metadata().map_or(0, |m| m.len());
            if len > limit {
                return Ok(None);
            }
            read_bounded(f, limit, len)
        }),
    };
    let bytes = bytes
        .map_err(|e| CliError::input(format!("cannot read `{name}`: {e}")))?
        .ok_or_else(too_large)?;
    let skip = match text::decode(&bytes) {
        Ok(Cow::Owned(text)) => return Ok(Source { name, text }),
        // The bytes are the text, after a byte-order mark perhaps: keep them, uncopied.
        Ok(Cow::Borrowed(text)) => bytes.len() - text.len(),
        Err(e) => return Err(decode_error(&name, &e)),
    };
    let mut bytes = bytes;
    bytes.drain(..skip);
    let text = String::from_utf8(bytes).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    Ok(Source { name, text })
}

/// The most bytes one input may hold unless `--max-input` says otherwise.
pub const DEFAULT_MAX_INPUT: u64 = 256 << 20;

/// Reads all of `reader`, or `None` when it holds more than `limit` bytes (reading stops
/// just past the limit). `expected` (a file's length) sizes the buffer, at most the limit.
fn read_bounded(reader: impl Read, limit: u64, expected: u64) -> std::io::Result<Option<Vec<u8>>> {
    let capacity = usize::try_from(expected.min(limit).saturating_add(1)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(capacity);
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// Parses `--max-input`: bytes, or a number with `K`, `M`, `G` or `T` (powers of 1024); a
/// size too large to count is no limit.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().last() {
        Some((k, c)) if c.is_ascii_alphabetic() => (&t[..k], c.to_ascii_uppercase()),
        _ => (t, 'B'),
    };
    let shift = match unit {
        'B' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        'T' => 40,
        _ => return Err(format!("`{text}`: the unit is K, M, G or T (e.g. 512M)")),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{text}` is not a size in bytes (e.g. 512M or 2G)"));
    }
    let n: u64 = digits.parse().unwrap_or(u64::MAX);
    if n == 0 {
        return Err("must be at least 1 byte".to_string());
    }
    Ok(n.saturating_mul(1 << shift))
}

/// A size for messages: `256 MiB`, or bytes when it is not a whole number of KiB.
fn size_text(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{} {unit}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_units_and_saturate() {
        assert_eq!(parse_size("512"), Ok(512));
        assert_eq!(parse_size("2k"), Ok(2048));
        assert_eq!(parse_size("256M"), Ok(DEFAULT_MAX_INPUT));
        assert_eq!(parse_size("99999999999999999999999T"), Ok(u64::MAX));
        assert_eq!(parse_size("16777216T"), Ok(u64::MAX));
        for bad in ["", "-1", "1.5G", "3X", "M", "NaN", "inf", "0"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(size_text(DEFAULT_MAX_INPUT), "256 MiB");
        assert_eq!(size_text(1000), "1000 bytes");
    }

    #[test]
    fn dash_and_nothing_mean_stdin() {
        assert_eq!(InputPath::from_arg(None), InputPath::Stdin);
        assert_eq!(InputPath::from_arg(Some(Path::new("-"))), InputPath::Stdin);
        let p = Path::new("a.dlx");
        assert_eq!(InputPath::from_arg(Some(p)), InputPath::File(p));
        assert_eq!(InputPath::from_arg(None).name(), "<stdin>");
        assert_eq!(InputPath::from_arg(Some(p)).name(), "a.dlx");
    }

    #[test]
    fn no_file_on_a_terminal_asks_for_usage() {
        let mut ctx = Context::new(Default::default());
        ctx.stdin_is_terminal = true;
        let e = read(None, &ctx).unwrap_err();
        assert!(e.shows_usage());
        assert_eq!(e.exit(), super::super::Exit::Error);
    }

    #[test]
    fn parse_errors_name_file_line_and_column() {
        let source = Source {
            name: "toy.dlx".into(),
            text: "A B\nA Q\n".into(),
        };
        let err = dlxkit::xc::Problem::from_dlx(&source.text).unwrap_err();
        let e = source.parse_error(&err);
        assert_eq!(e.message(), Some("toy.dlx:2:3: option 1: unknown item `Q`"));
        assert!(e.hint().unwrap().contains("item line"));
    }
}
