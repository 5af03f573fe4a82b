//! Forcing chains and Sudoku Explainer's rating: every puzzle of the SE-rated sample rated
//! without a guess, the ratings' agreement with SE's held to a floor that only goes up, and
//! every forcing-chain step checked against the solution.

use std::path::Path;

use dlxkit::sudoku::explain::rating::{pearl_diamond, Rater, SeLevel};
use dlxkit::sudoku::explain::{Explainer, Outcome, Score, Step, Strategy};
use dlxkit::sudoku::parse::{parse_puzzles, ParseOptions, Puzzle};
use dlxkit::sudoku::solvers::dlx::DlxSolver;
use dlxkit::sudoku::solvers::{Answer, Limits, SudokuSolver};

const FORCING: [Strategy; 6] = [
    Strategy::ForcingChain,
    Strategy::NishioForcingChain,
    Strategy::MultipleForcingChain,
    Strategy::DynamicForcingChain,
    Strategy::DynamicForcingChainPlus,
    Strategy::NestedForcingChain,
];

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/sudoku")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn puzzles(name: &str) -> Vec<Puzzle> {
    parse_puzzles(&data(name), &ParseOptions::default()).unwrap()
}

/// The steps of a puzzle's explanation by logic alone, each placement and elimination
/// checked against the unique solution (found by DLX); the explanation must end solved.
fn sound_steps(puzzle: &Puzzle, dlx: &mut DlxSolver) -> Vec<Step> {
    let report = dlx.solve(&puzzle.grid, &Limits::new().solutions(2));
    assert_eq!(report.answer(), Answer::Unique, "line {}", puzzle.line);
    let solution = report.first.unwrap();
    let mut explainer = Explainer::new(&puzzle.grid).unwrap().assume_unique(true);
    let layout = puzzle.grid.layout().clone();
    let mut steps = Vec::new();
    for step in explainer.by_ref() {
        let text = step.text(&layout);
        for p in &step.placements {
            assert_eq!(
                solution.cells()[p.cell],
                p.digit,
                "line {}: {text}",
                puzzle.line
            );
        }
        for e in &step.eliminations {
            assert_ne!(
                solution.cells()[e.cell],
                e.digit,
                "line {}: {text}",
                puzzle.line
            );
        }
        steps.push(step);
    }
    assert_eq!(explainer.outcome(), Outcome::Solved, "line {}", puzzle.line);
    steps
}

/// Ranks from 1, ties sharing their average rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut rank = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            rank[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    rank
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// The SE-rated sample (ratings by Sukaku Explainer, in the file): no puzzle guessed, and
/// the agreement with SE at least what it was when this test was written (raise the
/// floors as the ladder gets closer to SE's; never lower them).
#[test]
#[ignore = "nested forcing chains make this set-wide run take over 15 minutes (issue 29: chains speed); run with --ignored"]
fn the_se_sample_is_rated_without_guessing_and_agrees_with_se() {
    let text = data("sudokuexchange_se_rated_sample553.txt");
    let list = puzzles("sudokuexchange_se_rated_sample553.txt");
    let mut rater = Rater::new();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut exact, mut low, mut low_exact, mut guessed) = (0, 0, 0, 0);
    for p in &list {
        let r = rater.rate(&p.grid, None, &Limits::new());
        let se: f64 = text
            .lines()
            .nth(p.line - 1)
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(r.level.is_some(), "line {} unrated", p.line);
        assert!(r.ep <= r.score && r.ed <= r.score, "line {}", p.line);
        guessed += usize::from(r.guesses() > 0);
        let same = (r.score.value() - se).abs() < 1e-9;
        exact += usize::from(same);
        if se <= 4.4 {
            low += 1;
            low_exact += usize::from(same);
        }
        ours.push(r.score.value());
        theirs.push(se);
    }
    assert_eq!(list.len(), 553);
    assert_eq!(guessed, 0, "puzzles rated by guessing");
    assert_eq!(low, 130);
    let rho = spearman(&ours, &theirs);
    assert!(exact >= 211, "exact ER on {exact} of 553");
    assert!(
        low_exact >= 81,
        "exact ER on {low_exact} of the 130 SE rates 4.4 or less"
    );
    assert!(rho >= 0.949, "Spearman {rho:.3}");
}

/// Every step of the SE sample's and top95's explanations (forcing chains to 9.0 and
/// beyond) is sound, each of the forcing strategies up to the dynamic ones makes steps
/// there, and the norvig hardest bring in the nested ones.
#[test]
#[ignore = "nested forcing chains make this set-wide run take over 15 minutes (issue 29: chains speed); run with --ignored"]
fn forcing_chains_are_sound_and_each_makes_progress() {
    let mut dlx = DlxSolver::new();
    let mut used = Vec::new();
    for name in [
        "sudokuexchange_se_rated_sample553.txt",
        "norvig_top95.txt",
        "norvig_hardest11.txt",
    ] {
        for p in puzzles(name) {
            for s in sound_steps(&p, &mut dlx) {
                if FORCING.contains(&s.strategy) && !used.contains(&s.strategy) {
                    used.push(s.strategy);
                }
                // A forcing step's score: its strategy's base, and SE's length modifier.
                if FORCING.contains(&s.strategy) {
                    assert!(s.score >= s.strategy.score() || s.strategy == Strategy::ForcingChain);
                    assert!(s.placements.len() + s.eliminations.len() == 1);
                }
            }
        }
    }
    used.sort();
    assert_eq!(used, FORCING);
}

/// A puzzle SE rates 7.1 for a forcing chain: the same chain, the same value.
#[test]
fn a_forcing_chain_as_se_rates_it() {
    let p = &parse_puzzles(
        "200050006010000090600801003007090600000703000900080002100000005060902010003060200",
        &ParseOptions::default(),
    )
    .unwrap()[0];
    let steps: Vec<Step> = Explainer::new(&p.grid)
        .unwrap()
        .assume_unique(true)
        .collect();
    let chain = steps
        .iter()
        .find(|s| s.strategy == Strategy::ForcingChain)
        .unwrap();
    assert_eq!(
        chain.text(p.grid.layout()),
        "forcing chain: from r8c1=8: removes 8 from r8c1"
    );
    assert_eq!(chain.score, Score::from_tenths(71));
    let er = steps.iter().map(|s| s.score).max().unwrap();
    assert_eq!(er.to_string(), "7.1");
    assert_eq!(SeLevel::of(er), SeLevel::Diabolical);
    let (ep, ed) = pearl_diamond(&steps);
    assert!(ep.unwrap() <= er && ed.unwrap() <= er);
}
