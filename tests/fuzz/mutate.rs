//! A structured mutator: edits of valid inputs such as files get in real life (a byte-order
//! mark, other line ends, a line duplicated or lost, a number too large, a character beyond
//! ASCII, a stray separator, two files spliced), not only random bytes.

use dlxkit::rng::Rng;

/// The most bytes a mutated input may grow to.
const MAX_LEN: usize = 1 << 16;

/// Bytes that mean something to some reader (line ends, separators, the bytes of a BOM, the
/// first bytes of multi-byte UTF-8, bytes that are never UTF-8).
const BYTES: &[u8] = &[
    b'\n', b'\r', b' ', b'\t', b'|', b':', b'.', b'0', b'1', b'9', b'#', b'-', b'_', b'*', 0x00,
    0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xef, 0xbb, 0xf0, 0xff,
];

/// Characters and strings beyond plain ASCII, and control characters.
const UNICODE: &[&str] = &[
    "é", "日本", "\u{feff}", "\u{200b}", "e\u{301}", "🧩", "\u{0}", "\u{7f}", "\u{a0}", "\u{2028}",
    "\u{85}", "ß", "İ", "\u{b}", "\u{c}", "\u{3000}", "Ω", "\u{fffd}",
];

/// Numbers at and past the edges that readers check.
const NUMBERS: &[&str] = &[
    "18446744073709551616",
    "18446744073709551615",
    "4294967296",
    "99999999999999999999999999",
    "-1",
    "0",
    "+1",
    "1e3",
    "NaN",
    "65536",
    "256",
    "255",
    "101",
    "100",
    "36",
    "35",
    "10",
];

/// Separators and line ends.
const PUNCTUATION: &[&str] = &[
    "|", ":", "::", " | ", " |", "| ", "#", ".", "-", "*", "_", "\n", "\r", "\r\n", " ", "\t",
    "\n\n", "|\n", "x:",
];

/// Edits inputs, reproducibly from a seed.
pub struct Mutator {
    rng: Rng,
}

impl Mutator {
    /// A mutator whose edits follow from `seed`.
    pub fn new(seed: u64) -> Mutator {
        Mutator {
            rng: Rng::new(seed),
        }
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.below(n)
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `input` after 1 to 8 edits (fewer more often); `corpus` gives material to splice in.
    pub fn mutate(&mut self, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
        let mut out = input.to_vec();
        let most = 1 + self.below(8);
        let rounds = 1 + self.below(most);
        for _ in 0..rounds {
            self.edit(&mut out, corpus);
            out.truncate(MAX_LEN);
        }
        out
    }

    fn edit(&mut self, out: &mut Vec<u8>, corpus: &[Vec<u8>]) {
        let at = self.below(out.len() + 1);
        match self.below(16) {
            0 => {
                if let Some(b) = out.get_mut(at) {
                    *b ^= 1 << self.rng.below(8);
                }
            }
            1 => {
                let b = *self.pick(BYTES);
                match out.get_mut(at) {
                    Some(slot) => *slot = b,
                    None => out.push(b),
                }
            }
            2 => {
                let b = *self.pick(BYTES);
                out.insert(at, b);
            }
            3 => {
                let s = *self.pick(UNICODE);
                splice_in(out, at, s.as_bytes());
            }
            4 => {
                let s = *self.pick(NUMBERS);
                self.replace_word(out, s.as_bytes());
            }
            5 => {
                let s = *self.pick(PUNCTUATION);
                splice_in(out, at, s.as_bytes());
            }
            6 => {
                // A byte-order mark, most often at the start (a file saved on Windows).
                let at = if self.below(2) == 0 { 0 } else { at };
                splice_in(out, at, "\u{feff}".as_bytes());
            }
            7 => self.line_ends(out),
            8 => self.lines(out, |lines, k, _| lines.insert(k, lines[k].clone())),
            9 => self.lines(out, |lines, k, _| {
                lines.remove(k);
            }),
            10 => self.lines(out, |lines, k, j| lines.swap(k, j)),
            11 => {
                let end = (at + 1 + self.below(16)).min(out.len());
                if at < end {
                    out.drain(at..end);
                }
            }
            12 => {
                // Splice in a piece of another input.
                let other = self.pick(corpus).clone();
                let start = self.below(other.len() + 1);
                let end = (start + self.below(256)).min(other.len());
                splice_in(out, at, &other[start..end]);
            }
            13 => {
                // Repeat a piece many times (long lines, many lines).
                let end = (at + 1 + self.below(32)).min(out.len());
                let piece = out.get(at..end).unwrap_or_default().to_vec();
                let times = 1 + self.below(64);
                for _ in 0..times {
                    splice_in(out, end, &piece);
                }
            }
            14 => out.truncate(at),
            _ => {
                // A word of the input put elsewhere (a name declared twice, a repeated item).
                let words: Vec<Vec<u8>> = out
                    .split(|b| b.is_ascii_whitespace())
                    .filter(|w| !w.is_empty())
                    .map(<[u8]>::to_vec)
                    .collect();
                if !words.is_empty() {
                    let word = self.pick(&words).clone();
                    splice_in(out, at, &[b" ".as_slice(), &word, b" "].concat());
                }
            }
        }
    }

    /// Replaces one blank-separated word of `out` (or appends) with `word`.
    fn replace_word(&mut self, out: &mut Vec<u8>, word: &[u8]) {
        let starts: Vec<usize> = (0..out.len())
            .filter(|&k| {
                !out[k].is_ascii_whitespace() && (k == 0 || out[k - 1].is_ascii_whitespace())
            })
            .collect();
        if starts.is_empty() {
            out.extend_from_slice(word);
            return;
        }
        let start = *self.pick(&starts);
        let end = (start..out.len())
            .find(|&k| out[k].is_ascii_whitespace())
            .unwrap_or(out.len());
        out.splice(start..end, word.iter().copied());
    }

    /// Changes the line ends: all LF to CR or CR LF, or one LF to CR.
    fn line_ends(&mut self, out: &mut Vec<u8>) {
        let to: &[u8] = match self.below(3) {
            0 => b"\r",
            1 => b"\r\n",
            _ => {
                let lfs: Vec<usize> = (0..out.len()).filter(|&k| out[k] == b'\n').collect();
                if !lfs.is_empty() {
                    let k = *self.pick(&lfs);
                    out[k] = b'\r';
                }
                return;
            }
        };
        let mut changed = Vec::with_capacity(out.len() + out.len() / 8);
        for &b in out.iter() {
            if b == b'\n' {
                changed.extend_from_slice(to);
            } else {
                changed.push(b);
            }
        }
        *out = changed;
    }

    /// Applies `f` to the lines of `out` at two random lines `k` and `j`.
    fn lines(&mut self, out: &mut Vec<u8>, f: impl FnOnce(&mut Vec<Vec<u8>>, usize, usize)) {
        let mut lines: Vec<Vec<u8>> = out.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        let (k, j) = (self.below(lines.len()), self.below(lines.len()));
        f(&mut lines, k, j);
        *out = lines.join(&b'\n');
    }
}

fn splice_in(out: &mut Vec<u8>, at: usize, piece: &[u8]) {
    let at = at.min(out.len());
    out.splice(at..at, piece.iter().copied());
}
