//! A second reader of Knuth's format, written plainly from the format's description (and
//! sharing no code with `Problem::from_dlx`), to catch a misreading: what it reads, the library
//! must read the same way, and where it finds the first error, the library must too.
//!
//! The format: a leading byte-order mark is skipped; lines end at LF, CR LF or a lone CR; a
//! line blank or starting (after blanks) with `|` is a comment; elsewhere a byte-order mark is
//! an error. The first other line names the items, primary ones and then, after a word that
//! starts with `|`, secondary ones; a primary item may be written with bounds, `b|name` or
//! `a:b|name` (decimal numbers that fit in 32 bits, 0 < b, a <= b), and a word that has a
//! `|` past its first character, or a number before its first `:`, must be such a bound.
//! Every further line is an option: words `item` or
//! `item:colour`, or cost entries `|digits` that add up to the option's cost. Names: no `|`
//! or `:`; colours: not empty; a primary item takes no colour; an item appears once per
//! option; an option's cost fits in 64 bits, and the costs of the options kept stay below
//! 2^64 - 1 together; an option without a primary item is dropped; the problem needs a
//! primary item.

/// What the oracle read: the items (name, primary?) and the options (item, colour).
#[derive(Debug, PartialEq, Eq)]
pub struct Read {
    pub items: Vec<(String, bool)>,
    /// Each item's bounds (1..=1 unless written).
    pub bounds: Vec<(u32, u32)>,
    pub options: Vec<Vec<(String, Option<String>)>>,
    /// The cost of each option kept.
    pub costs: Vec<u64>,
    /// The lines of the options that were dropped.
    pub dropped: Vec<usize>,
}

/// Where the first error is: (line, column), both from 1, the column in characters.
pub type At = (usize, usize);

fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'\n' => {
                lines.push(&text[start..k]);
                start = k + 1;
            }
            b'\r' => {
                lines.push(&text[start..k]);
                if bytes.get(k + 1) == Some(&b'\n') {
                    k += 1;
                }
                start = k + 1;
            }
            _ => {}
        }
        k += 1;
    }
    if start < bytes.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// The words of a line with their columns (in characters, from 1).
fn words(line: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (k, ch) in line.chars().enumerate() {
        if ch.is_whitespace() {
            if let Some(w) = current.take() {
                out.push(w);
            }
        } else {
            current.get_or_insert((k + 1, String::new())).1.push(ch);
        }
    }
    out.extend(current);
    out
}

/// What an item-line word says about bounds: `None` for a plain name, `Some(Ok((a, b,
/// name)))` for `a:b|name` or `b|name`, `Some(Err(()))` for a word that looks like a bound
/// and is not one.
#[allow(clippy::type_complexity)]
fn bounded(word: &str) -> Option<Result<(u32, u32, &str), ()>> {
    let number = |d: &str| -> Option<u32> {
        if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        d.parse().ok()
    };
    let Some(bar) = word.find('|') else {
        return match word.find(':') {
            Some(colon) if number(&word[..colon]).is_some() => Some(Err(())),
            _ => None,
        };
    };
    let (spec, name) = (&word[..bar], &word[bar + 1..]);
    let parsed = match spec.find(':') {
        Some(colon) => number(&spec[..colon]).zip(number(&spec[colon + 1..])),
        None => number(spec).map(|max| (max, max)),
    };
    Some(match parsed {
        Some((min, max)) if !name.is_empty() => Ok((min, max, name)),
        _ => Err(()),
    })
}

fn good_name(name: &str) -> bool {
    !name.is_empty() && !name.contains('|') && !name.contains(':')
}

/// Reads `text` as Knuth's format.
pub fn read(text: &str) -> Result<Read, At> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = split_lines(text);
    let mut items: Vec<(String, bool)> = Vec::new();
    let mut bounds: Vec<(u32, u32)> = Vec::new();
    let mut item_line = None;
    let mut options = Vec::new();
    let mut costs = Vec::new();
    let mut total: u128 = 0;
    let mut dropped = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let number = k + 1;
        let first = line.chars().find(|c| !c.is_whitespace());
        if first.is_none() || first == Some('|') {
            continue;
        }
        if let Some(col) = line.chars().position(|c| c == '\u{feff}') {
            return Err((number, col + 1));
        }
        if item_line.is_none() {
            item_line = Some(number);
            let mut secondary = false;
            for (col, word) in words(line) {
                let (col, name) = if let Some(rest) = word.strip_prefix('|') {
                    if secondary {
                        return Err((number, col));
                    }
                    secondary = true;
                    if rest.is_empty() {
                        continue;
                    }
                    (col + 1, rest.to_string())
                } else {
                    (col, word)
                };
                let (min, max, name) = match bounded(&name) {
                    None => (1, 1, name),
                    Some(Ok(_)) if secondary => return Err((number, col)),
                    Some(Ok((min, max, _))) if max == 0 || min > max => return Err((number, col)),
                    Some(Ok((min, max, plain))) => (min, max, plain.to_string()),
                    Some(Err(())) => return Err((number, col)),
                };
                if !good_name(&name) || items.iter().any(|(n, _)| *n == name) {
                    return Err((number, col));
                }
                items.push((name, !secondary));
                bounds.push((min, max));
            }
            continue;
        }
        let mut option: Vec<(String, Option<String>)> = Vec::new();
        let mut has_primary = false;
        let (mut cost, mut cost_col): (u128, usize) = (0, 1);
        for (col, word) in words(line) {
            if let Some(digits) = word.strip_prefix('|') {
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err((number, col));
                }
                cost = cost.saturating_add(digits.parse().unwrap_or(u128::MAX));
                if cost > u128::from(u64::MAX) {
                    return Err((number, col));
                }
                cost_col = col;
                continue;
            }
            let (name, colour) = match word.find(':') {
                Some(k) => (word[..k].to_string(), Some(word[k + 1..].to_string())),
                None => (word.clone(), None),
            };
            let Some(primary) = items.iter().find(|(n, _)| *n == name).map(|&(_, p)| p) else {
                return Err((number, col));
            };
            if option.iter().any(|(n, _)| *n == name) {
                return Err((number, col));
            }
            if colour.as_deref() == Some("") {
                return Err((number, col + name.chars().count() + 1));
            }
            if primary && colour.is_some() {
                return Err((number, col));
            }
            has_primary |= primary;
            option.push((name, colour));
        }
        if has_primary {
            total += cost;
            if total >= u128::from(u64::MAX) {
                return Err((number, cost_col));
            }
            options.push(option);
            costs.push(cost as u64);
        } else {
            dropped.push(number);
        }
    }
    let Some(item_line) = item_line else {
        return Err((lines.len().max(1), 1));
    };
    if !items.iter().any(|(_, primary)| *primary) {
        return Err((item_line, 1));
    }
    Ok(Read {
        items,
        bounds,
        options,
        costs,
        dropped,
    })
}
