//! `dlxkit graceful`: graceful labellings of a graph ([`dlxkit::puzzles::graceful`]).

use std::path::PathBuf;

use clap::{Args, ValueHint};
use dlxkit::puzzles::graceful::{GracefulLabelling, Graph, Labels};
use serde_json::{json, Value};

use super::{paint_by_key, read_file, solve, Extras, PuzzleArgs, Shown};
use crate::color::Paint;
use crate::{CliError, Context, Exit};

const EXAMPLES: &str = "\
Examples:
  dlxkit graceful path:6 --count              24 (OEIS A006967)
  dlxkit graceful path:6 --count --distinct   6, up to reversal and complement
  dlxkit graceful complete:4                  K4: labels 0 1 4 6 (a Golomb ruler)
  dlxkit graceful 'a-b b-c c-d b-e' --limit 3 a tree given by its edges
  dlxkit graceful wheel:5 --format svg > wheel.svg
  dlxkit graceful cycle:8 --emit dlx | dlxkit solve --count

A graceful labelling gives the N vertices of a graph with M edges distinct labels out of
0..M so that the differences of the ends of the M edges are 1..M, one each. The graph is a
family and its size (path:N, cycle:N, complete:N, star:N leaves, wheel:N spokes,
bipartite:AxB, grid:RxC, at most 64 edges), its edges (`u-v`, names of letters, digits
and _, separated by spaces or commas), or --graph-file, a file of edges. The problem is
the one Knuth's GRACEFUL-DLX writes, which also keeps one of a labelling and its
complement (l to M - l): his count is half the raw count, and --distinct's when the graph
has no symmetry.

The picture has a line of the vertices' names, a line of their labels, and each edge with
its difference; --format svg draws the graph, each edge in the colour of its difference.

--distinct keeps one labelling of each class that complementing and the graph's
automorphisms (up to 100000) map to each other: the least, as the list of labels, among
those whose edge labelled M has its 0 at the end written first. A graph with symmetries is
filtered as the search lists the labellings, so it takes --jobs but not --shard or
--memo.

Exit status: 0 if a labelling was found, 1 if none (complete:5, cycle:5), 2 for bad input
or usage, 130 if interrupted by Ctrl-C.";

// Arguments of `dlxkit graceful`. Not a doc comment: see `Command` in main.rs.
#[derive(Args, Clone, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct GracefulArgs {
    /// The graph: path:N, cycle:N, complete:N, star:N, wheel:N, bipartite:AxB, grid:RxC, or
    /// its edges `a-b b-c ...`
    #[arg(value_name = "GRAPH", required_unless_present = "graph_file")]
    pub graph: Option<String>,

    /// Read the graph's edges from a file (`-`: standard input)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, conflicts_with = "graph")]
    pub graph_file: Option<PathBuf>,

    /// Count (or print) one labelling per class that complementing and the graph's
    /// automorphisms map to each other
    #[arg(long)]
    pub distinct: bool,

    #[command(flatten)]
    pub common: PuzzleArgs,
}

/// Runs `dlxkit graceful`.
pub fn run(args: &GracefulArgs, ctx: &Context) -> Result<Exit, CliError> {
    solve(&args.common, ctx, || {
        let graph: Graph = match (&args.graph, &args.graph_file) {
            (_, Some(path)) => read_file(path, ctx, |text| text.parse())?,
            (Some(text), None) => text.parse().map_err(super::bad_argument)?,
            (None, None) => return Err(CliError::usage("give a graph or --graph-file")),
        };
        let mut puzzle = GracefulLabelling::new(&graph).map_err(super::bad_argument)?;
        let mut extras = Extras::default();
        if args.distinct {
            puzzle = puzzle.distinct().map_err(super::bad_argument)?;
            extras.stats.push((
                "symmetry",
                format!(
                    "{} symmetries; each class counted once",
                    puzzle.symmetry_count()
                ),
            ));
        }
        let m = graph.edges().len();
        if graph.vertex_count() > m + 1 {
            extras.none_hint = Some(format!(
                "{} vertices need more labels than the {} of 0..{m}",
                graph.vertex_count(),
                m + 1
            ));
        }
        Ok((puzzle, extras))
    })
}

impl Shown for GracefulLabelling {
    fn data(&self, labels: &Labels) -> Value {
        let graph = self.graph();
        let vertices: serde_json::Map<String, Value> = (0..graph.vertex_count())
            .map(|v| (graph.name(v).to_string(), json!(labels.0[v])))
            .collect();
        let edges: Vec<Value> = graph
            .edges()
            .iter()
            .map(|&(u, v)| {
                json!({
                    "edge": [graph.name(u), graph.name(v)],
                    "label": labels.0[u].abs_diff(labels.0[v]),
                })
            })
            .collect();
        json!({ "labels": vertices, "edges": edges })
    }

    /// The labels line in colour.
    fn paint(&self, picture: &str, paint: Paint) -> String {
        let mut out = String::new();
        for (i, line) in picture.lines().enumerate() {
            let key = (i == 1).then_some(0);
            out.push_str(&paint_by_key(line, paint, |c| key.filter(|_| c != ' ')));
            out.push('\n');
        }
        out
    }
}
