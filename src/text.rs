//! Text as files hold it, before any format reads it: bytes that must be UTF-8, a byte-order
//! mark that editors on Windows put at the start, and three kinds of line end (LF, CR LF, and
//! the lone CR of old Mac files).
//!
//! [`decode`] turns the bytes of an input into text: a leading byte-order mark is dropped, a
//! lone CR becomes LF (so that every reader, which splits lines at LF, sees the same lines and
//! line numbers), and a byte that is not UTF-8, or a byte-order mark after the start (two files
//! joined together), is a [`DecodeError`] with its line and column. [`lines`] splits text at
//! any of the three line ends. Columns count characters from 1, as everywhere in dlxkit's
//! messages; the byte offset of a bad byte is given as well, since no character is there.
//!
//! ```
//! use dlxkit::text;
//! assert_eq!(text::decode(b"\xef\xbb\xbfA B\rA\rB\r")?, "A B\nA\nB\n");
//! let err = text::decode(b"A B\nA \xe9\n").unwrap_err();
//! assert_eq!((err.line, err.column), (2, 3));
//! assert_eq!(err.to_string(), "line 2, column 3: invalid UTF-8: byte 0xe9 (byte 3 of the line)");
//! # Ok::<(), dlxkit::text::DecodeError>(())
//! ```

use std::borrow::Cow;

use thiserror::Error;

/// The byte-order mark, U+FEFF (the bytes EF BB BF in UTF-8).
pub const BYTE_ORDER_MARK: char = '\u{feff}';

/// What is wrong at a [`DecodeError`]'s position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A byte that does not start (or continue) a UTF-8 character.
    #[error("invalid UTF-8: byte {byte:#04x} (byte {offset} of the line)")]
    InvalidUtf8 {
        /// The first byte that is not UTF-8.
        byte: u8,
        /// Its place in its line, in bytes from 1.
        offset: usize,
    },
    /// A byte-order mark that is not the first character of the text.
    #[error(
        "a byte-order mark (U+FEFF) after the start of the text (only the first character may be one)"
    )]
    ByteOrderMark,
}

/// Bytes that are not text, with the line and column where the trouble starts (both from 1;
/// the column counts characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct DecodeError {
    /// The line, from 1 (LF, CR LF and a lone CR each end a line).
    pub line: usize,
    /// The column, in characters from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: DecodeErrorKind,
}

/// Turns the bytes of an input into text: UTF-8 checked, a leading byte-order mark dropped,
/// every lone CR turned into LF (CR LF is left as it is). Plain UTF-8 without a lone CR is
/// borrowed, not copied.
///
/// ```
/// use dlxkit::text::{decode, DecodeErrorKind};
/// assert_eq!(decode(b"A\r\nB\rC")?, "A\r\nB\nC");
/// let err = decode("A\n\u{feff}B".as_bytes()).unwrap_err();
/// assert_eq!((err.line, err.column, err.kind), (2, 1, DecodeErrorKind::ByteOrderMark));
/// # Ok::<(), dlxkit::text::DecodeError>(())
/// ```
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, DecodeError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let good = e.valid_up_to();
            // The valid prefix is text: its lines and characters give the position.
            let prefix = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
            let (line, start) = line_and_start(prefix, good);
            return Err(DecodeError {
                line,
                column: prefix[start..].chars().count() + 1,
                kind: DecodeErrorKind::InvalidUtf8 {
                    byte: bytes[good],
                    offset: good - start + 1,
                },
            });
        }
    };
    if let Some(at) = text.find(BYTE_ORDER_MARK) {
        let (line, start) = line_and_start(text, at);
        return Err(DecodeError {
            line,
            column: text[start..at].chars().count() + 1,
            kind: DecodeErrorKind::ByteOrderMark,
        });
    }
    Ok(if has_lone_cr(text) {
        Cow::Owned(lone_crs_to_lfs(text))
    } else {
        Cow::Borrowed(text)
    })
}

/// The line (from 1) that byte `at` of `text` is on, and the byte where that line starts.
/// `at` may be `text.len()` (the end).
fn line_and_start(text: &str, at: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut start = 0;
    for (k, &b) in bytes[..at].iter().enumerate() {
        let ends_line = b == b'\n' || (b == b'\r' && bytes.get(k + 1) != Some(&b'\n'));
        if ends_line {
            line += 1;
            start = k + 1;
        }
    }
    (line, start)
}

/// Whether `text` has a CR that is not followed by LF.
fn has_lone_cr(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes
        .iter()
        .enumerate()
        .any(|(k, &b)| b == b'\r' && bytes.get(k + 1) != Some(&b'\n'))
}

fn lone_crs_to_lfs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find('\r') {
        out.push_str(&rest[..k]);
        let crlf = rest[k + 1..].starts_with('\n');
        out.push_str(if crlf { "\r\n" } else { "\n" });
        rest = &rest[k + 1 + usize::from(crlf)..];
    }
    out.push_str(rest);
    out
}

/// The lines of `text`, each without its line end: a line ends at LF, CR LF or a lone CR (the
/// last line may have no end). As with [`str::lines`], a final line end starts no empty line.
///
/// ```
/// use dlxkit::text::lines;
/// assert_eq!(lines("A\rB\r\nC\n").collect::<Vec<_>>(), ["A", "B", "C"]);
/// ```
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\n', '\r']) {
            Some(k) => {
                let line = &rest[..k];
                let end = if rest[k..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[k + end..];
                Some(line)
            }
            None => Some(std::mem::take(&mut rest)),
        }
    })
}
