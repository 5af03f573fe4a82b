//! Word rectangles ([`dlxkit::puzzles::words`]): the problem is the one Knuth's WORD-RECT-DLX
//! writes for the same word lists, item for item and option for option (tests/knuth/
//! SOURCES.md), and its count agrees with a brute force that fills the rectangle row by row
//! and checks the columns' prefixes, with no exact cover at all.

use std::collections::HashSet;

use dlxkit::puzzles::words::{WordGrid, WordList, WordRectangle};
use dlxkit::puzzles::Puzzle;
use dlxkit::xc::Problem;

use crate::puzzles_common::count_and_check;

/// The item names and the options (each a sorted list of words) of a problem in Knuth's
/// format.
fn words(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines().filter(|l| !l.starts_with('|'));
    let mut items: Vec<String> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    items.sort();
    let mut options: Vec<Vec<String>> = lines
        .map(|l| {
            let mut o: Vec<String> = l.split_whitespace().map(String::from).collect();
            o.sort();
            o
        })
        .collect();
    options.sort();
    (items, options)
}

/// Every rectangle whose rows are `row_words` and whose columns are `column_words`, found by
/// trying each row word below the rows so far while every column stays a word's prefix.
fn brute_force(rows: usize, row_words: &[String], column_words: &[String]) -> u64 {
    let mut prefixes: HashSet<&str> = HashSet::new();
    for w in column_words {
        for k in 0..=w.len() {
            prefixes.insert(&w[..k]);
        }
    }
    fn fill<'a>(
        grid: &mut Vec<&'a str>,
        rows: usize,
        row_words: &'a [String],
        prefixes: &HashSet<&str>,
    ) -> u64 {
        if grid.len() == rows {
            return 1;
        }
        let cols = row_words[0].len();
        let mut count = 0;
        for w in row_words {
            grid.push(w);
            let ok = (0..cols).all(|j| {
                let column: String = grid.iter().map(|r| r.as_bytes()[j] as char).collect();
                prefixes.contains(column.as_str())
            });
            if ok {
                count += fill(grid, rows, row_words, prefixes);
            }
            grid.pop();
        }
        count
    }
    fill(&mut Vec::new(), rows, row_words, &prefixes)
}

/// Knuth's file for `(rows, cols, first)`, the same problem from dlxkit, the count of each,
/// and the brute force's.
fn same_as_knuths(name: &str, rows: usize, cols: usize, first: usize, want: u64) {
    let path = format!("{}/tests/knuth/{name}", env!("CARGO_MANIFEST_DIR"));
    let knuth = std::fs::read_to_string(path).unwrap();
    let puzzle = WordRectangle::new(rows, cols, &WordList::enable(), Some(first)).unwrap();
    let (ki, ko) = words(&knuth);
    let (oi, oo) = words(&puzzle.problem().to_dlx());
    assert_eq!(oi, ki, "{name}: the items");
    assert_eq!(oo, ko, "{name}: the options");
    let theirs = Problem::from_dlx(&knuth).unwrap().count_solutions();
    assert_eq!(theirs, want, "{name}: Knuth's problem");
    assert_eq!(count_and_check(&puzzle, usize::MAX), want, "{name}: dlxkit");
    let brute = brute_force(rows, puzzle.row_words(), puzzle.column_words());
    assert_eq!(brute, want, "{name}: the brute force");
}

#[test]
fn three_by_two_is_knuths_problem() {
    same_as_knuths("word-rect-3x2.dlx", 3, 2, 200, 1510);
}

#[test]
fn three_by_three_is_knuths_problem() {
    same_as_knuths("word-rect-3x3.dlx", 3, 3, 100, 653);
}

#[test]
fn other_sizes_count_as_the_brute_force() {
    let list = WordList::enable();
    for (rows, cols, first) in [
        (2, 2, None),
        (2, 4, Some(300)),
        (4, 2, Some(300)),
        (2, 5, Some(400)),
    ] {
        let puzzle = WordRectangle::new(rows, cols, &list, first).unwrap();
        let want = brute_force(rows, puzzle.row_words(), puzzle.column_words());
        assert!(want > 0, "{rows}x{cols}");
        assert_eq!(count_and_check(&puzzle, 2000), want, "{rows}x{cols}");
    }
}

#[test]
fn the_check_reads_the_letters_alone() {
    let list: WordList = "ab\nba\ncd\n".parse().unwrap();
    let puzzle = WordRectangle::new(2, 2, &list, None).unwrap();
    let grid = |rows: [&str; 2]| WordGrid {
        rows: rows.iter().map(|r| r.to_string()).collect(),
    };
    assert!(puzzle.validate(&grid(["ab", "ba"])).is_ok());
    assert_eq!(
        puzzle
            .validate(&grid(["ab", "cd"]))
            .unwrap_err()
            .to_string(),
        "invalid solution: column 0, `ac`, is not a word"
    );
    assert_eq!(
        puzzle
            .validate(&grid(["ab", "bb"]))
            .unwrap_err()
            .to_string(),
        "invalid solution: row 1, `bb`, is not a word"
    );
    assert!(puzzle.validate(&grid(["ab", "b"])).is_err());
    assert_eq!(puzzle.count(), 2);
}

/// Every square of `words` (all of one length), counted once with its transpose: tried row
/// word by row word, with no exact cover, the class named by the least of the square and
/// its transpose.
fn squares_up_to_transpose(words: &[String]) -> u64 {
    let n = words[0].len();
    let list: HashSet<&str> = words.iter().map(String::as_str).collect();
    let mut classes = HashSet::new();
    let mut rows: Vec<&str> = Vec::new();
    fn go<'a>(
        n: usize,
        words: &'a [String],
        list: &HashSet<&str>,
        rows: &mut Vec<&'a str>,
        classes: &mut HashSet<Vec<String>>,
    ) {
        if rows.len() == n {
            let columns: Vec<String> = (0..n)
                .map(|j| rows.iter().map(|r| r.as_bytes()[j] as char).collect())
                .collect();
            if columns.iter().all(|c| list.contains(c.as_str())) {
                let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                classes.insert(rows.min(columns));
            }
            return;
        }
        for w in words {
            rows.push(w);
            go(n, words, list, rows, classes);
            rows.pop();
        }
    }
    go(n, words, &list, &mut rows, &mut classes);
    classes.len() as u64
}

#[test]
fn distinct_squares_count_as_the_brute_force() {
    let list = WordList::enable();
    for (n, first) in [(2, 96), (3, 100)] {
        let puzzle = WordRectangle::new(n, n, &list, Some(first)).unwrap();
        let raw = puzzle.count();
        let words: Vec<String> = puzzle.row_words().to_vec();
        let want = squares_up_to_transpose(&words);
        let distinct = puzzle.distinct().unwrap();
        assert_eq!(distinct.count(), want, "{n}x{n}, first {first}");
        assert!(want < raw && 2 * want > raw, "{n}: {want} classes of {raw}");
        for grid in distinct.solutions_up_to(usize::MAX).unwrap() {
            distinct.validate(&grid).unwrap();
            let transpose: Vec<String> = (0..n).map(|j| grid.column(j)).collect();
            assert!(grid.rows <= transpose);
        }
    }
    assert!(WordRectangle::new(2, 3, &list, None)
        .unwrap()
        .distinct()
        .is_err());
}
