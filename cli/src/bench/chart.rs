//! SVG charts of a run (crate `plotters`, its SVG backend: text is written as SVG `<text>`
//! elements, so no font is needed to draw them).
//!
//! - [`time_distribution`]: for each solver, the share of the sample's puzzles solved
//!   within a given time per puzzle (a cumulative distribution, log time axis). A curve that
//!   stays below 100% shows the puzzles that hit a limit or were skipped.
//! - [`assignments_against_time`]: each puzzle as a point, assignments against time (both log),
//!   one colour per solver; puzzles stopped by a limit are hollow.

use std::path::Path;

use plotters::prelude::*;

use dlxkit::bench::{BenchError, SolverRun};
use dlxkit::sudoku::solvers::SOLVER_NAMES;

/// Chart size in pixels.
const SIZE: (u32, u32) = (800, 480);

/// The colour of a solver, the same in every chart.
pub fn solver_color(solver: &str) -> (u8, u8, u8) {
    // One colour per registered solver, by its place in the registry; red for any other.
    const PALETTE: [(u8, u8, u8); 6] = [
        (31, 119, 180),
        (127, 127, 127),
        (255, 127, 14),
        (44, 160, 44),
        (148, 103, 189),
        (140, 86, 75),
    ];
    SOLVER_NAMES
        .iter()
        .position(|&n| n == solver)
        .map_or((214, 39, 40), |k| PALETTE[k % PALETTE.len()])
}

fn color(solver: &str) -> RGBColor {
    let (r, g, b) = solver_color(solver);
    RGBColor(r, g, b)
}

fn chart_error<E: std::fmt::Display>(path: &Path) -> impl Fn(E) -> BenchError + '_ {
    move |e| BenchError::Chart {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// Microseconds, at least 0.1 (a log axis has no zero).
fn micros(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).max(0.1)
}

/// A tick label of a log axis: `0.1`, `1`, `10`, `1k`, `1M`.
fn tick(v: f64) -> String {
    if v >= 1e6 {
        format!("{}M", v / 1e6)
    } else if v >= 1e3 {
        format!("{}k", v / 1e3)
    } else if v >= 1.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// A log axis range covering `values` with some room, as powers of ten.
fn log_range(values: impl Iterator<Item = f64>, floor: f64) -> std::ops::Range<f64> {
    let (lo, hi) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !lo.is_finite() {
        return floor..floor * 1000.0;
    }
    let lo = 10f64.powf(lo.max(floor).log10().floor());
    let hi = 10f64.powf(hi.max(lo * 10.0).log10().ceil());
    lo..hi
}

/// Draws the distribution of solve times per solver (one curve each) for one sample.
pub fn time_distribution(path: &Path, title: &str, runs: &[SolverRun]) -> Result<(), BenchError> {
    let err = chart_error(path);
    let solved_times = |run: &SolverRun| -> Vec<f64> {
        let mut t: Vec<f64> = run
            .records
            .iter()
            .filter(|r| r.outcome.is_solved())
            .map(|r| micros(r.time))
            .collect();
        t.sort_by(f64::total_cmp);
        t
    };
    let x_range = log_range(runs.iter().flat_map(solved_times), 1.0);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(&err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{title}: time per puzzle (cumulative)"),
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(x_range.clone().log_scale(), 0f64..100f64)
        .map_err(&err)?;
    chart
        .configure_mesh()
        .x_desc("time per puzzle, microseconds (log scale)")
        .y_desc("% of puzzles solved within")
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()
        .map_err(&err)?;
    for run in runs {
        let total = run.records.len().max(1) as f64;
        let times = solved_times(run);
        let mut points = vec![(x_range.start, 0.0)];
        for (k, &t) in times.iter().enumerate() {
            points.push((t, 100.0 * k as f64 / total));
            points.push((t, 100.0 * (k + 1) as f64 / total));
        }
        let last = points.last().map_or(0.0, |p| p.1);
        points.push((x_range.end, last));
        let c = color(run.solver);
        let solved = times.len();
        chart
            .draw_series(LineSeries::new(points, c.stroke_width(2)))
            .map_err(&err)?
            .label(format!("{} ({solved}/{})", run.solver, run.records.len()))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(&err)?;
    root.present().map_err(&err)?;
    Ok(())
}

/// Draws assignments (digits put in a cell, as each solver counts them) against time, one
/// point per puzzle attempted, for one sample.
pub fn assignments_against_time(
    path: &Path,
    title: &str,
    runs: &[SolverRun],
) -> Result<(), BenchError> {
    let err = chart_error(path);
    let attempted = || {
        runs.iter().flat_map(|run| {
            run.records
                .iter()
                .filter(|r| r.outcome != dlxkit::bench::Outcome::Skipped)
        })
    };
    let x_range = log_range(attempted().map(|r| (r.assignments as f64).max(1.0)), 1.0);
    let y_range = log_range(attempted().map(|r| micros(r.time)), 1.0);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(&err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{title}: assignments against time"),
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(x_range.log_scale(), y_range.log_scale())
        .map_err(&err)?;
    chart
        .configure_mesh()
        .x_desc("assignments (log scale)")
        .y_desc("time, microseconds (log scale)")
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .draw()
        .map_err(&err)?;
    for run in runs {
        let c = color(run.solver);
        let points = run
            .records
            .iter()
            .filter(|r| r.outcome != dlxkit::bench::Outcome::Skipped)
            .map(|r| {
                let style = if r.outcome.is_solved() {
                    c.mix(0.6).filled()
                } else {
                    c.stroke_width(1)
                };
                Circle::new(((r.assignments as f64).max(1.0), micros(r.time)), 3, style)
            });
        chart
            .draw_series(points)
            .map_err(&err)?
            .label(run.solver)
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(&err)?;
    root.present().map_err(&err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_distribution_of_a_real_run_is_an_svg() -> Result<(), Box<dyn std::error::Error>> {
        use dlxkit::bench::{run_solver, RunOptions, Sample, Workload};
        use dlxkit::sudoku::solvers::by_name;
        let s = Sample::load(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../data/sudoku/norvig_hardest11.txt"
            )
            .as_ref(),
        )?;
        let w = Workload::new(&s, 1, false)?;
        let runs = [run_solver(
            by_name("dlx")?.as_mut(),
            &w,
            &RunOptions::default(),
            |_| {},
        )?];
        let path = std::env::temp_dir().join("dlxkit-doc-chart.svg");
        time_distribution(&path, "hardest11", &runs)?;
        assert!(std::fs::read_to_string(&path)?.starts_with("<svg"));
        Ok(())
    }

    #[test]
    fn each_solver_has_its_own_colour() {
        assert_eq!(solver_color("dlx"), (31, 119, 180));
        assert_ne!(solver_color("naive"), solver_color("mrv"));
    }

    #[test]
    fn time_distribution_of_no_records_is_still_an_svg() -> Result<(), Box<dyn std::error::Error>> {
        use dlxkit::bench::SolverRun;
        let path = std::env::temp_dir().join("dlxkit-doc-empty-times.svg");
        time_distribution(
            &path,
            "nothing",
            &[SolverRun {
                set: "s".into(),
                solver: "mrv",
                records: vec![],
                cpu: None,
            }],
        )?;
        assert!(std::fs::read_to_string(&path)?.contains("</svg>"));
        Ok(())
    }

    #[test]
    fn the_assignments_chart_has_a_point_per_puzzle() -> Result<(), Box<dyn std::error::Error>> {
        use dlxkit::bench::{run_solver, RunOptions, Sample, Workload};
        use dlxkit::sudoku::solvers::by_name;
        let s = Sample::from_text("s", "12..............\n..12............\n")?;
        let w = Workload::new(&s, 0, false)?;
        let run = run_solver(
            by_name("naive")?.as_mut(),
            &w,
            &RunOptions::default(),
            |_| {},
        )?;
        let path = std::env::temp_dir().join("dlxkit-doc-assignments.svg");
        assignments_against_time(&path, "tiny", &[run])?;
        assert!(std::fs::read_to_string(&path)?.contains("<circle"));
        Ok(())
    }
}
