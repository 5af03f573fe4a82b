//! Text as files really hold it: a byte-order mark, CR LF or CR-only line ends, bytes that are
//! not UTF-8, and characters wider than one byte. Knuth's format reads them (or names them,
//! with a line and a column counted in characters), and `dlxkit::text::decode`, which the
//! command line runs on every input, turns bytes into text or says where they are not.

use dlxkit::text::{self, DecodeError, DecodeErrorKind};
use dlxkit::xc::{ParseErrorKind, Problem};

fn item_names(p: &Problem) -> Vec<&str> {
    p.items().map(|i| p.item_name(i)).collect()
}

fn option_texts(p: &Problem) -> Vec<String> {
    p.options().map(|o| p.option_text(o)).collect()
}

#[test]
fn knuths_format_skips_a_leading_byte_order_mark() {
    let p = Problem::from_dlx("\u{feff}A B\nA\nB\n").unwrap();
    assert_eq!(item_names(&p), ["A", "B"]);
    assert_eq!(option_texts(&p), ["A", "B"]);
    // Before a comment line too.
    let p = Problem::from_dlx("\u{feff}| a comment\nA\nA\n").unwrap();
    assert_eq!(item_names(&p), ["A"]);
}

#[test]
fn knuths_format_names_a_byte_order_mark_anywhere_else() {
    let err = Problem::from_dlx("A B\nA \u{feff}B\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 3));
    assert_eq!(err.kind, ParseErrorKind::ByteOrderMark);
    assert_eq!(
        err.to_string(),
        "line 2, column 3: a byte-order mark (U+FEFF) after the start of the text (only the first character may be one)"
    );
    // Two files joined: the second one's mark starts a line.
    let err = Problem::from_dlx("A B\nA\n\u{feff}B\n").unwrap_err();
    assert_eq!((err.line, err.column), (3, 1));
    // In a comment it is as harmless as any other character of a comment.
    assert!(Problem::from_dlx("| \u{feff}\nA\nA\n").is_ok());
}

#[test]
fn knuths_format_takes_cr_only_and_crlf_line_ends() {
    let lf = Problem::from_dlx("A B | X\nA X:1\nB X:1\n").unwrap();
    for text in [
        "A B | X\rA X:1\rB X:1\r",
        "A B | X\r\nA X:1\r\nB X:1\r\n",
        "A B | X\rA X:1\r\nB X:1\n",
        "A B | X\rA X:1\rB X:1",
    ] {
        let p = Problem::from_dlx(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(p.to_dlx(), lf.to_dlx(), "{text:?}");
    }
    // Lines are counted at every kind of line end.
    let err = Problem::from_dlx("A B\rA\r\n\rC\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 4, column 1: option 2: unknown item `C`"
    );
    // The warning about a dropped option names its line the same way.
    let p = Problem::from_dlx("A | X\rA\rX\r").unwrap();
    assert_eq!(
        p.warnings()[0].to_string(),
        "line 3: option 2 ignored: it has no primary item (as in Knuth's DLX programs)"
    );
}

#[test]
fn knuths_format_counts_columns_in_characters() {
    // `é` is two bytes: the colon after it is in column 4 and the empty colour starts at 5.
    let err = Problem::from_dlx("A | é\nA é:\n").unwrap_err();
    assert_eq!(err.to_string(), "line 2, column 5: empty colour after `:`");
    let err = Problem::from_dlx("A | ΞΞ\nA ΞΞ:\n").unwrap_err();
    assert_eq!(err.to_string(), "line 2, column 6: empty colour after `:`");
    let err = Problem::from_dlx("é ü\né ü ø\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 5: option 1: unknown item `ø`"
    );
    let err = Problem::from_dlx("日本 | 語\n日本:x\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 1: option 1: primary item `日本` cannot have a colour"
    );
}

#[test]
fn options_are_numbered_from_1_like_lines() {
    let err = Problem::from_dlx("A B\nA\nB A B\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 3, column 5: option 2: item `B` appears twice"
    );
    // An option dropped for having no primary item still counts, as in the warning.
    let err = Problem::from_dlx("A | X\nX\nA A\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 3, column 3: option 2: item `A` appears twice"
    );
    let mut b = Problem::builder();
    let a = b.primary("A").unwrap();
    assert_eq!(
        b.option(Vec::<dlxkit::xc::Entry>::new())
            .unwrap_err()
            .to_string(),
        "option 1 is empty"
    );
    b.option([a]).unwrap();
    assert_eq!(
        b.option([a, a]).unwrap_err().to_string(),
        "option 2: item `A` appears twice"
    );
}

#[test]
fn decode_passes_plain_utf8_through_untouched() {
    let text = "A B\r\nA é\n";
    let decoded = text::decode(text.as_bytes()).unwrap();
    assert!(matches!(decoded, std::borrow::Cow::Borrowed(_)));
    assert_eq!(decoded, text);
}

#[test]
fn decode_drops_a_leading_byte_order_mark_and_turns_lone_crs_into_line_feeds() {
    assert_eq!(text::decode(b"\xef\xbb\xbfA B\n").unwrap(), "A B\n");
    assert_eq!(text::decode(b"A\rB\r\nC\r").unwrap(), "A\nB\r\nC\n");
    assert_eq!(text::decode(b"\xef\xbb\xbfA\rB").unwrap(), "A\nB");
    assert_eq!(text::decode(b"").unwrap(), "");
}

#[test]
fn decode_names_the_line_and_column_of_a_byte_that_is_not_utf8() {
    // Column in characters, byte of the line in bytes: `é` is one column and two bytes.
    let err = text::decode(b"A B\nA \xc3\xa9 \xff\n").unwrap_err();
    assert_eq!(
        err,
        DecodeError {
            line: 2,
            column: 5,
            kind: DecodeErrorKind::InvalidUtf8 {
                byte: 0xff,
                offset: 6
            },
        }
    );
    assert_eq!(
        err.to_string(),
        "line 2, column 5: invalid UTF-8: byte 0xff (byte 6 of the line)"
    );
    // Lines end at CR too; a sequence cut short is named by its first byte.
    let err = text::decode(b"A\rB\r\n\xe2\x82").unwrap_err();
    assert_eq!((err.line, err.column), (3, 1));
    assert_eq!(
        err.kind,
        DecodeErrorKind::InvalidUtf8 {
            byte: 0xe2,
            offset: 1
        }
    );
    // Latin-1, the usual culprit: `ï` is the one byte 0xef there.
    let err = text::decode(b"na\xefve\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 3: invalid UTF-8: byte 0xef (byte 3 of the line)"
    );
}

#[test]
fn decode_names_a_byte_order_mark_after_the_start() {
    let err = text::decode("A\nB \u{feff}C\n".as_bytes()).unwrap_err();
    assert_eq!(
        err,
        DecodeError {
            line: 2,
            column: 3,
            kind: DecodeErrorKind::ByteOrderMark,
        }
    );
    assert_eq!(
        err.to_string(),
        "line 2, column 3: a byte-order mark (U+FEFF) after the start of the text (only the first character may be one)"
    );
    let err = text::decode("\u{feff}\u{feff}A".as_bytes()).unwrap_err();
    assert_eq!((err.line, err.column), (1, 1));
}

#[test]
fn lines_end_at_lf_crlf_or_a_lone_cr() {
    let lines: Vec<&str> = text::lines("a\nb\r\nc\rd\r\r\ne").collect();
    assert_eq!(lines, ["a", "b", "c", "d", "", "e"]);
    let lines: Vec<&str> = text::lines("a\n").collect();
    assert_eq!(lines, ["a"]);
    assert_eq!(text::lines("").count(), 0);
    assert_eq!(text::lines("\n\n").count(), 2);
}
