//! `dlxkit bench --engine --jobs N`: the engine counting on one thread and on N, run after
//! run in turn (so that both meet the same load on a shared machine), with the medians of
//! wall-clock and CPU time, the speed-up, and how evenly the shards spread the work.

use std::time::Duration;

use dlxkit::bench::{cpu, engine};
use serde::Serialize;

use super::super::output::{Format, Output};
use super::super::progress::CountBar;
use super::super::{interrupt, CliError, Context, Exit};
use super::{input_error, print_records, print_table, short_time, BenchArgs};

/// One case on one thread and on several.
#[derive(Serialize)]
struct Line {
    name: String,
    threads: usize,
    shards: usize,
    solutions: u64,
    nodes: u64,
    /// Medians of the interleaved runs.
    #[serde(serialize_with = "millis")]
    sequential_ms: Duration,
    #[serde(serialize_with = "millis")]
    parallel_ms: Duration,
    #[serde(serialize_with = "millis")]
    sequential_cpu_ms: Duration,
    #[serde(serialize_with = "millis")]
    parallel_cpu_ms: Duration,
    speedup: f64,
    cpu_ratio: f64,
    largest_share: f64,
    balanced_speedup: f64,
    runs: usize,
    same_counts: bool,
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((d.as_secs_f64() * 1e6).round() / 1e3)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    match times.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2,
    }
}

/// Runs `dlxkit bench --engine` with `threads` threads.
pub fn run(
    args: &BenchArgs,
    threads: usize,
    shards_per_thread: usize,
    ctx: &Context,
) -> Result<Exit, CliError> {
    let cases = engine::parallel_cases().map_err(input_error)?;
    let cancel = interrupt::flag();
    let runs = args.runs.max(1);
    let bar = CountBar::new((cases.len() * runs) as u64, "runs", ctx.progress_wanted());
    let mut lines = Vec::new();
    let mut complete = true;
    'cases: for case in &cases {
        bar.set_message(case.name.clone());
        let (mut seq, mut par, mut seq_cpu, mut par_cpu) = (vec![], vec![], vec![], vec![]);
        let mut last = None;
        let mut same = true;
        for _ in 0..runs {
            let before = cpu::process_time();
            let one = engine::run(case, 1, Some(cancel.clone()));
            let spent = before
                .zip(cpu::process_time())
                .map(|(a, b)| b.saturating_sub(a));
            let many =
                engine::run_parallel(case, threads, shards_per_thread, 1, Some(cancel.clone()));
            bar.inc(1);
            if !one.complete || !many.complete {
                complete = false;
                break 'cases;
            }
            same &= (one.solutions, one.nodes, one.updates)
                == (many.solutions, many.nodes, many.updates);
            seq.push(one.best);
            par.push(many.best);
            seq_cpu.push(spent.unwrap_or(one.best));
            par_cpu.push(many.cpu.unwrap_or(many.best));
            last = Some((one, many));
        }
        let Some((one, many)) = last else { continue };
        let (s, p) = (median(seq), median(par));
        let (sc, pc) = (median(seq_cpu), median(par_cpu));
        lines.push(Line {
            name: case.name.clone(),
            threads: many.threads,
            shards: many.shards,
            solutions: one.solutions,
            nodes: one.nodes,
            sequential_ms: s,
            parallel_ms: p,
            sequential_cpu_ms: sc,
            parallel_cpu_ms: pc,
            speedup: s.as_secs_f64() / p.as_secs_f64().max(1e-9),
            cpu_ratio: pc.as_secs_f64() / sc.as_secs_f64().max(1e-9),
            largest_share: many.largest_share,
            balanced_speedup: many.balanced_speedup,
            runs,
            same_counts: same,
        });
    }
    bar.finish();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    match args.format {
        Format::Text => {
            out.line(&format!(
                "engine on {threads} threads against 1: every solution counted, {shards_per_thread} shards per thread, medians of {runs} interleaved runs"
            ))?;
            let rows = table(&lines);
            print_table(&mut out, &rows)?;
        }
        Format::Json | Format::Jsonl => print_records(&mut out, args.format, "parallel", &lines)?,
    }
    out.flush()?;
    if lines.iter().any(|l| !l.same_counts) {
        return Err(CliError::input(
            "internal error: the parallel counts differ from the sequential ones",
        ));
    }
    if !complete {
        ctx.note("interrupted: the last case is incomplete");
        return Ok(Exit::Interrupted);
    }
    Ok(Exit::Success)
}

/// The text table: a header, then a row per case.
fn table(lines: &[Line]) -> Vec<Vec<String>> {
    let header = [
        "case",
        "threads",
        "shards",
        "solutions",
        "time 1",
        "time N",
        "speed-up",
        "cpu 1",
        "cpu N",
        "cpu N/1",
        "largest shard",
        "balanced",
    ];
    let mut rows = vec![header.map(String::from).to_vec()];
    for l in lines {
        rows.push(vec![
            l.name.clone(),
            l.threads.to_string(),
            l.shards.to_string(),
            l.solutions.to_string(),
            short_time(l.sequential_ms),
            short_time(l.parallel_ms),
            format!("{:.2}", l.speedup),
            short_time(l.sequential_cpu_ms),
            short_time(l.parallel_cpu_ms),
            format!("{:.3}", l.cpu_ratio),
            format!("{:.2}%", 100.0 * l.largest_share),
            format!("{:.2}", l.balanced_speedup),
        ]);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_table_has_a_cell_per_column() {
        let ms = Duration::from_millis(1);
        let line = Line {
            name: "queens-14".into(),
            threads: 2,
            shards: 64,
            solutions: 365_596,
            nodes: 5_474_542,
            sequential_ms: ms * 500,
            parallel_ms: ms * 260,
            sequential_cpu_ms: ms * 500,
            parallel_cpu_ms: ms * 510,
            speedup: 1.92,
            cpu_ratio: 1.02,
            largest_share: 0.0967,
            balanced_speedup: 1.99,
            runs: 5,
            same_counts: true,
        };
        let rows = table(&[line]);
        assert_eq!(rows[0].len(), rows[1].len());
        assert_eq!(rows[1][10], "9.67%");
        assert_eq!(rows[1][11], "1.99");
    }
}
