//! Knuth's two-per-line, the bounded problem the tests of both crates search (the command
//! line's include this file): each row and column of an `n` by `n` board holds exactly two
//! pieces, each diagonal at most two.

/// Two-per-line on an `n` by `n` board, in Knuth's format.
pub fn two_per_line_text(n: usize) -> String {
    let mut text = String::new();
    for k in 0..n {
        text.push_str(&format!("2|r{k} 2|c{k} "));
    }
    for d in 0..2 * n - 1 {
        text.push_str(&format!("0:2|a{d} 0:2|b{d} "));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    text
}
