//! `dlxkit zdd`: read a ZDD in Knuth's format (as his DLX6 and `dlxkit ... --zdd FILE
//! --zdd-format knuth` write it) and count it, draw uniform samples, print its generating
//! function, its lightest solutions or all of them, as his ZDDREAD programs do.
//!
//! Solutions are printed as option numbers from 1 in the problem's order (DLX6's numbering,
//! without its dummy 0), one solution a line.

use std::path::PathBuf;

use clap::{ArgGroup, Args, ValueHint};
use dlxkit::rng::Rng;
use dlxkit::xc::zdd::Zdd;
use dlxkit::xc::{OptionId, Problem};

use super::input;
use super::output::Output;
use super::search::parse_positive;
use super::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit solve p.dlx --zdd p.zdd --zdd-format knuth --count   write the ZDD as DLX6 does
  dlxkit zdd p.zdd                       the number of solutions (as ZDDREAD-COUNT)
  dlxkit zdd p.zdd --gf                  how many solutions have k options (ZDDREAD-GF)
  dlxkit zdd p.zdd --sample 3 --seed 7   three uniformly random solutions
  dlxkit zdd p.zdd --best 5              the five with fewest options (ZDDREAD-MINSOLS)
  dlxkit zdd p.zdd --best 5 --problem p.dlx   the five cheapest by the options' costs
  dlxkit zdd p.zdd --list                every solution

Solutions are option numbers from 1 in the problem's order, as DLX6 numbers them.

Exit status: 0 if the ZDD has solutions, 1 if none, 2 for bad input or usage.";

// Arguments of `dlxkit zdd`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
#[command(group(ArgGroup::new("what").args(["count", "sample", "gf", "best", "list"])))]
pub struct ZddArgs {
    /// A ZDD in Knuth's format (`id: (~v?lo:hi)` lines) [default: standard input]
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// Print the number of solutions (the default), exactly, however large
    #[arg(long)]
    pub count: bool,

    /// Print K solutions drawn uniformly at random
    #[arg(long, value_name = "K", value_parser = parse_positive)]
    pub sample: Option<u64>,

    /// The seed of --sample [default: 1]
    #[arg(long, value_name = "S", requires = "sample")]
    pub seed: Option<u64>,

    /// Print the generating function: `k N` lines, N solutions with k options
    #[arg(long)]
    pub gf: bool,

    /// Print the K lightest solutions, `weight: options`, lightest first (weight: the
    /// number of options, or with --problem the sum of the options' costs)
    #[arg(long, value_name = "K", value_parser = parse_positive)]
    pub best: Option<u64>,

    /// Print every solution
    #[arg(long)]
    pub list: bool,

    /// The problem the ZDD solves (Knuth's format, with `$cost` options): --best weighs by
    /// its costs, and the ZDD's options are checked against it
    #[arg(long, value_name = "DLX", value_hint = ValueHint::FilePath)]
    pub problem: Option<PathBuf>,
}

/// Runs `dlxkit zdd`.
pub fn run(args: &ZddArgs, ctx: &Context) -> Result<Exit, CliError> {
    let source = input::read(args.file.as_deref(), ctx)?;
    let zdd = Zdd::read_knuth(&source.text)
        .map_err(|e| CliError::input(format!("{}: {e}", source.name)))?;
    let problem = match &args.problem {
        Some(path) => {
            let p = input::read(Some(path), ctx)?;
            let problem = Problem::from_dlx(&p.text).map_err(|e| p.parse_error(&e))?;
            if let Some((_, node)) = zdd
                .nodes()
                .find(|(_, n)| n.option.index() >= problem.option_count())
            {
                return Err(CliError::input(format!(
                    "{}: option {} is past the {} options of `{}`",
                    source.name,
                    node.option.index() + 1,
                    problem.option_count(),
                    p.name
                )));
            }
            Some(problem)
        }
        None => None,
    };
    let count = zdd.count();
    let mut out = Output::stdout(ctx.stdout_is_terminal);
    let line = |o: &[OptionId]| {
        o.iter()
            .map(|o| (o.index() + 1).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Some(k) = args.sample {
        let mut rng = Rng::new(args.seed.unwrap_or(1));
        for _ in 0..k {
            let Some(solution) = zdd.sample(&mut rng) else {
                break;
            };
            out.line(&line(&solution))?;
            out.end_record()?;
        }
    } else if args.gf {
        for (k, n) in zdd.generating_function().iter().enumerate() {
            if !n.is_zero() {
                out.line(&format!("{k} {n}"))?;
            }
        }
    } else if let Some(k) = args.best {
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        let best = match &problem {
            Some(p) => zdd.lightest(k, |o| p.option_cost(o)),
            None => zdd.lightest(k, |_| 1),
        };
        for (weight, solution) in best {
            out.line(&format!("{weight}: {}", line(&solution)))?;
            out.end_record()?;
        }
    } else if args.list {
        for solution in zdd.solutions() {
            out.line(&line(&solution))?;
            out.end_record()?;
        }
    } else {
        out.line(&count.to_string())?;
    }
    out.flush()?;
    Ok(if count.is_zero() {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}
