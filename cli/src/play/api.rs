//! The page's files and the JSON API behind its buttons.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /` (`/style.css`, `/app.js`) | | the page |
//! | `GET /api/info` | | sizes, variants, difficulties, solvers, limits |
//! | `POST /api/new` | `size`, `box`, `variant`, `difficulty`, `symmetry`, `seed` (all optional) | a generated puzzle, its layout and seed |
//! | `POST /api/solve` | `puzzle`, `solver`, `max_nodes`, `timeout_ms` | the solution and the solver's work |
//! | `POST /api/check` | `puzzle`, `entries` | the wrong entries |
//! | `POST /api/hint` | `puzzle`, `entries`, `notes` | the next logical step, in stages (see [`super::hint`]) |
//! | `POST /api/reveal` | `puzzle`, `entries`, `cell` | the solution's digit in one cell |
//! | `GET /BENCHMARKS.md` | | the project's benchmarks, which the solver race links to |
//! | `POST /api/validate` | `text` (any format `dlxkit sudoku` reads), `box`, `variant`, `regions` | the puzzle, its layout and whether it has one solution |
//!
//! Every search runs within the server's [`Caps`] (a node limit and a time limit, whatever
//! the request asks) and stops on Ctrl-C. A request the API cannot answer gets a 4xx with
//! `{"error": "..."}` naming the problem: 404 for an unknown path, 405 for a wrong method,
//! 400 for everything about the body.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use dlxkit::rng::Rng;
use dlxkit::sudoku::explain::rating::Rater;
use dlxkit::sudoku::explain::{Level, Strategy};
use dlxkit::sudoku::generate::{default_node_limit, GenerateError, GenerateOptions, Symmetry};
use dlxkit::sudoku::parse::{parse_grid, symbol_of, to_line, ParseOptions};
use dlxkit::sudoku::solvers::{Answer, Limits, SOLVER_NAMES};
use dlxkit::sudoku::{Grid, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::hint::{self, Hint};
use super::http::{Request, Response};
use super::jigsaw::random_regions;
use super::puzzle::{
    check_size, layout_of, read_cells, shape_of, variant_of, LayoutView, PuzzleSpec, MAX_SIDE,
};
use super::race::Pool;
use crate::output::millis;
use crate::sudoku::generate::{clock_seed, make, Target};
use crate::sudoku::rate::Difficulty;

const PAGE: &str = include_str!("page/index.html");
const STYLE: &str = include_str!("page/style.css");
const SCRIPT: &str = include_str!("page/app.js");
const BENCHMARKS: &str = include_str!("../../../BENCHMARKS.md");

/// The largest side of a random jigsaw level: larger random region maps seldom have a
/// complete grid that the generator finds within its node limits.
pub const MAX_JIGSAW_SIDE: usize = 9;

/// The difficulties a new level may ask for: any, or one of the rating's levels.
const DIFFICULTIES: [&str; 7] = [
    "any",
    "easy",
    "medium",
    "hard",
    "fiendish",
    "diabolical",
    "expert",
];

/// The largest seed: JavaScript numbers hold integers exactly up to 2^53 - 1, so a seed the
/// page shows and sends back is the seed the server used.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The server's limits on the work of one request.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// The most search-tree nodes of a Solve.
    pub max_nodes: u64,
    /// The most time of a Solve.
    pub max_time: Duration,
    /// The nodes and time of the uniqueness checks of Check, Hint and a pasted puzzle.
    pub check_nodes: u64,
    /// See `check_nodes`.
    pub check_time: Duration,
    /// The time a Random Level may take (checked between removals of givens).
    pub generate_time: Duration,
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            max_nodes: 20_000_000,
            max_time: Duration::from_secs(5),
            check_nodes: 2_000_000,
            check_time: Duration::from_secs(3),
            generate_time: Duration::from_secs(10),
        }
    }
}

/// The API: the caps, and the flag that Ctrl-C sets to stop every search.
pub struct Api {
    caps: Caps,
    cancel: Arc<AtomicBool>,
    max_body: usize,
    /// The solvers, built once and kept warm (Solve, and the uniqueness checks).
    pool: Pool,
}

/// What a path answers to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Route {
    Page,
    Style,
    Script,
    Info,
    New,
    Solve,
    Check,
    Hint,
    Reveal,
    Validate,
    Benchmarks,
}

impl Route {
    fn of(path: &str) -> Option<Route> {
        Some(match path {
            "/" | "/index.html" => Route::Page,
            "/style.css" => Route::Style,
            "/app.js" => Route::Script,
            "/api/info" => Route::Info,
            "/api/new" => Route::New,
            "/api/solve" => Route::Solve,
            "/api/check" => Route::Check,
            "/api/hint" => Route::Hint,
            "/api/reveal" => Route::Reveal,
            "/BENCHMARKS.md" => Route::Benchmarks,
            "/api/validate" => Route::Validate,
            _ => return None,
        })
    }

    /// The methods it allows, as the `Allow` header lists them.
    fn allow(self) -> &'static str {
        match self {
            Route::Page | Route::Style | Route::Script | Route::Info | Route::Benchmarks => {
                "GET, HEAD"
            }
            _ => "POST",
        }
    }
}

impl Api {
    /// An API within `caps`, stopping its searches when `cancel` is set, told the body limit
    /// (for `/api/info`).
    pub fn new(caps: Caps, cancel: Arc<AtomicBool>, max_body: usize) -> Api {
        Api {
            caps,
            cancel,
            max_body,
            pool: Pool::default(),
        }
    }

    /// Answers a request.
    pub fn handle(&self, request: &Request) -> Response {
        let Some(route) = Route::of(&request.path) else {
            return Response::error(404, &format!("no such page: `{}`", request.path));
        };
        let method = request.method.as_str();
        let allowed = match route.allow() {
            "POST" => method == "POST",
            _ => method == "GET" || method == "HEAD",
        };
        if !allowed {
            let mut response = Response::error(
                405,
                &format!("{} takes {}, not {method}", request.path, route.allow()),
            );
            response.allow = Some(route.allow());
            return response;
        }
        let result = match route {
            Route::Page => Ok(Response::asset("text/html; charset=utf-8", PAGE)),
            Route::Style => Ok(Response::asset("text/css; charset=utf-8", STYLE)),
            Route::Script => Ok(Response::asset("text/javascript; charset=utf-8", SCRIPT)),
            Route::Info => Ok(Response::json(200, &self.info())),
            Route::New => body(request).and_then(|r| self.new_level(&r)),
            Route::Solve => body(request).and_then(|r| self.solve(&r)),
            Route::Check => body(request).and_then(|r| self.check(&r)),
            Route::Hint => body(request).and_then(|r| self.hint(&r)),
            Route::Reveal => body(request).and_then(|r| self.reveal(&r)),
            Route::Benchmarks => Ok(Response::asset("text/plain; charset=utf-8", BENCHMARKS)),
            Route::Validate => body(request).and_then(|r| self.validate(&r)),
        };
        result.unwrap_or_else(Response::from)
    }

    /// Limits of `nodes` and `time` (and Ctrl-C), counting up to two solutions.
    fn limits(&self, nodes: u64, time: Duration) -> Limits {
        Limits::new()
            .solutions(2)
            .nodes(nodes)
            .timeout(time)
            .cancel_flag(Arc::clone(&self.cancel))
    }

    fn info(&self) -> Info {
        Info {
            sizes: [4, 6, 9, 16],
            variants: ["standard", "x", "windoku", "jigsaw"],
            difficulties: DIFFICULTIES,
            symmetries: ["rotational", "mirror", "none"],
            solvers: SOLVER_NAMES,
            limits: InfoLimits {
                max_nodes: self.caps.max_nodes,
                max_time_ms: self.caps.max_time.as_millis() as u64,
                generate_time_ms: self.caps.generate_time.as_millis() as u64,
                max_body_bytes: self.max_body,
                max_size: MAX_SIDE,
            },
        }
    }

    /// `POST /api/new`: a puzzle from the generator.
    fn new_level(&self, r: &NewRequest) -> Result<Response, ApiError> {
        let start = Instant::now();
        let seed = match r.seed {
            Some(s) if s > MAX_SEED => {
                return Err(ApiError::bad(format!("seed {s} is larger than {MAX_SEED}")));
            }
            Some(s) => s,
            None => clock_seed() % 1_000_000_000,
        };
        check_size(r.size)?;
        let shape = shape_of(r.size, r.box_shape.as_deref())?;
        let variant_name = r.variant.as_deref().unwrap_or("standard");
        let jigsaw = matches!(
            variant_name.to_ascii_lowercase().as_str(),
            "jigsaw" | "irregular"
        );
        if jigsaw && r.size > MAX_JIGSAW_SIDE {
            return Err(ApiError::bad(format!(
                "random jigsaw levels go up to {MAX_JIGSAW_SIDE}x{MAX_JIGSAW_SIDE}: a random \
                 {n}x{n} region map seldom has a complete grid that can be found in time \
                 (paste your own jigsaw puzzle instead)",
                n = r.size
            )));
        }
        if !jigsaw {
            layout_of(r.size, r.box_shape.as_deref(), Some(variant_name), None)?;
        }
        let difficulty = match r.difficulty.as_deref() {
            None | Some("any") => None,
            Some(name) => Some(Difficulty::from_str(name, true).map_err(|_| {
                ApiError::bad(format!(
                    "unknown difficulty `{name}`: choose one of {}",
                    DIFFICULTIES.join(", ")
                ))
            })?),
        };
        let symmetry = match r.symmetry.as_deref() {
            None => Symmetry::Rotational,
            Some(name) => Symmetry::parse(name).ok_or_else(|| {
                ApiError::bad(format!(
                    "unknown symmetry `{name}`: choose one of rotational, mirror, none"
                ))
            })?,
        };
        let deadline = start + self.caps.generate_time;
        let stop = || self.cancel.load(Ordering::Relaxed) || Instant::now() >= deadline;
        let rate_limits = Limits::new()
            .nodes(self.caps.check_nodes)
            .timeout(self.caps.generate_time)
            .cancel_flag(Arc::clone(&self.cancel));
        // A jigsaw's regions come from the seed too; a map without any complete grid is
        // replaced by the next one of the seed's stream. A layout whose complete grids are
        // hard to find (16x16 windoku: most seeds' searches give up) tries the next seeds of
        // the stream until the time is up, so a level's link still makes the same level.
        let mut maps = Rng::new(seed ^ 0x6a69_6773_6177);
        let mut attempts = 0;
        let mut grid_seed = seed;
        let made = loop {
            attempts += 1;
            if attempts > 1 && !jigsaw {
                grid_seed = maps.next_u64();
            }
            let variant = if jigsaw {
                Variant::Jigsaw {
                    regions: random_regions(shape, &mut maps),
                }
            } else {
                variant_of(Some(variant_name), None)?
            };
            let mut options = GenerateOptions::new(shape)
                .variant(variant)
                .symmetry(symmetry);
            options.node_limit = default_node_limit(shape.size());
            let result = make(
                &options,
                Target {
                    difficulty,
                    needs: None,
                    se: None,
                },
                grid_seed,
                &mut Rater::new().up_to(Strategy::DynamicForcingChainPlus),
                &rate_limits,
                &stop,
                &|_, _, _| {},
            );
            match result {
                Ok(made) => break made,
                Err(GenerateError::NoGrid { .. }) if (!jigsaw || attempts < 8) && !stop() => {}
                Err(GenerateError::NoGrid { .. }) if stop() => {
                    return Err(ApiError {
                        status: 503,
                        message: format!(
                            "the generator took too long: no complete grid was found in {} s \
                             ({attempts} searches gave up): try again, or a smaller size",
                            self.caps.generate_time.as_secs()
                        ),
                    })
                }
                Err(e) => {
                    return Err(ApiError {
                        status: 500,
                        message: format!("no puzzle could be made: {e}"),
                    })
                }
            }
        };
        if made.generated.givens == made.generated.puzzle.cells().len() {
            // Stopped before a single given could go: there is no puzzle to play.
            return Err(ApiError {
                status: 503,
                message: format!(
                    "the generator ran out of time ({} s) before making a puzzle: try again, or a smaller size",
                    self.caps.generate_time.as_secs()
                ),
            });
        }
        let rated = made.rating.level;
        let note = match (difficulty, made.reached) {
            (Some(d), false) if stop() => Some(format!(
                "the generator ran out of time before reaching {}: this puzzle is {}",
                d.level().name(),
                rated.map_or("unrated", Level::name)
            )),
            (Some(d), false) => Some(format!(
                "no {} puzzle came from this seed: this one is {}",
                d.level().name(),
                rated.map_or("unrated", Level::name)
            )),
            _ => None,
        };
        let puzzle = &made.generated.puzzle;
        Ok(Response::json(
            200,
            &NewResponse {
                puzzle: PuzzleSpec::of(puzzle),
                layout: LayoutView::of(puzzle.layout()),
                seed,
                difficulty: rated.map(Level::name),
                hardest: made.rating.hardest.map_or("nothing to do", Strategy::name),
                givens: made.generated.givens,
                target_reached: made.reached,
                note,
                elapsed_ms: millis(start.elapsed()),
            },
        ))
    }

    /// `POST /api/solve`: the chosen solver on the givens.
    fn solve(&self, r: &SolveRequest) -> Result<Response, ApiError> {
        let grid = r.puzzle.grid()?;
        let name = r.solver.as_deref().unwrap_or("dlx");
        let nodes = capped(r.max_nodes, self.caps.max_nodes, "max_nodes")?;
        let time_ms = capped(
            r.timeout_ms,
            self.caps.max_time.as_millis() as u64,
            "timeout_ms",
        )?;
        let limits = self.limits(nodes, Duration::from_millis(time_ms));
        let run = self
            .pool
            .solve(name, &grid, &limits)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let report = run.report;
        Ok(Response::json(
            200,
            &SolveResponse {
                solver: run.solver,
                status: report.status.as_str(),
                answer: report.answer().as_str(),
                solution: report.first.as_ref().map(to_line),
                assignments: report.stats.assignments,
                guesses: report.stats.guesses,
                backtracks: report.stats.backtracks,
                elapsed_ms: millis(report.stats.elapsed),
                build_ms: millis(run.build),
                warm: run.warm,
                max_nodes: nodes,
                timeout_ms: time_ms,
            },
        ))
    }

    /// The puzzle's grid, the player's position on it, and its solution when it is unique.
    fn board(
        &self,
        puzzle: &PuzzleSpec,
        entries: Option<&str>,
    ) -> Result<(Grid, Grid, Option<Grid>), ApiError> {
        let grid = puzzle.grid()?;
        let mut position = match entries {
            Some(text) => read_cells(grid.layout(), text, "entries", false)?,
            None => grid.clone(),
        };
        for (cell, &given) in grid.cells().iter().enumerate() {
            match position.cells()[cell] {
                0 if given != 0 => position.set_cell(cell, given),
                d if given != 0 && d != given => {
                    return Err(ApiError::bad(format!(
                        "entries: {} is a given and must hold {}",
                        grid.cell_name(cell),
                        symbol_of(given).unwrap_or('?')
                    )));
                }
                _ => {}
            }
        }
        let limits = self.limits(self.caps.check_nodes, self.caps.check_time);
        let report = self.pool.solve("dlx", &grid, &limits).map(|run| run.report);
        let report = report.map_err(|e| ApiError::bad(e.to_string()))?;
        let solution = match report.answer() {
            Answer::Unique => report.first,
            Answer::Multiple => None,
            Answer::None => return Err(ApiError::bad("the puzzle has no solution")),
            Answer::Unknown => {
                return Err(ApiError::bad(
                    "the puzzle's solutions could not be counted within the server's limits",
                ))
            }
        };
        Ok((grid, position, solution))
    }

    /// `POST /api/check`: the entries that differ from the unique solution.
    fn check(&self, r: &BoardRequest) -> Result<Response, ApiError> {
        let (_, position, solution) = self.board(&r.puzzle, r.entries.as_deref())?;
        let Some(solution) = solution else {
            return Err(ApiError::bad(
                "the puzzle has more than one solution, so there is no one solution to check against",
            ));
        };
        let wrong = wrong_entries(&position, &solution);
        let blank = position.cells().iter().filter(|&&d| d == 0).count();
        Ok(Response::json(
            200,
            &CheckResponse {
                correct: blank == 0 && wrong.is_empty(),
                complete: blank == 0,
                blank,
                wrong,
            },
        ))
    }

    /// `POST /api/hint`: the next logical step from the position and the player's notes
    /// (or the entries and notes that are wrong).
    fn hint(&self, r: &HintRequest) -> Result<Response, ApiError> {
        let (_, position, solution) = self.board(&r.puzzle, r.entries.as_deref())?;
        let notes = match &r.notes {
            Some(notes) => Some(hint::read_notes(&position, notes)?),
            None => None,
        };
        let hint: Hint = hint::next_hint(&position, notes.as_ref(), solution.as_ref());
        Ok(Response::json(200, &hint))
    }

    /// `POST /api/reveal`: the unique solution's digit in one cell, asked for on purpose
    /// (a hint never gives it).
    fn reveal(&self, r: &RevealRequest) -> Result<Response, ApiError> {
        let (grid, _, solution) = self.board(&r.puzzle, r.entries.as_deref())?;
        let cells = grid.cells().len();
        if r.cell >= cells {
            return Err(ApiError::bad(format!(
                "cell {} is not on the board: cells go from 0 to {}",
                r.cell,
                cells - 1
            )));
        }
        let Some(solution) = solution else {
            return Err(ApiError::bad(
                "the puzzle has more than one solution, so no one digit belongs in a cell",
            ));
        };
        let digit = solution.cells()[r.cell];
        Ok(Response::json(
            200,
            &RevealResponse {
                cell: r.cell,
                digit,
                text: format!(
                    "{} is {}.",
                    grid.cell_name(r.cell),
                    symbol_of(digit).unwrap_or('?')
                ),
            },
        ))
    }

    /// `POST /api/validate`: a puzzle typed or pasted in any format `dlxkit sudoku` reads.
    fn validate(&self, r: &ValidateRequest) -> Result<Response, ApiError> {
        let mut options = ParseOptions::default()
            .variant(variant_of(r.variant.as_deref(), r.regions.as_deref())?)
            .check_givens(true);
        if let Some(text) = &r.box_shape {
            let shape = dlxkit::sudoku::Shape::parse(text)
                .map_err(|e| ApiError::bad(format!("box: {e}")))?;
            options = options.shape(shape);
        }
        let grid = parse_grid(&r.text, &options).map_err(|e| ApiError::bad(e.to_string()))?;
        if grid.size() > MAX_SIDE {
            return Err(ApiError::bad(format!(
                "the puzzle is {n}x{n}: the board shows sides up to {MAX_SIDE}",
                n = grid.size()
            )));
        }
        let limits = self.limits(self.caps.check_nodes, self.caps.check_time);
        let answer = self
            .pool
            .solve("dlx", &grid, &limits)
            .map_err(|e| ApiError::bad(e.to_string()))?
            .report
            .answer();
        let difficulty = (answer == Answer::Unique)
            .then(|| {
                // Nested forcing chains can take seconds a step: the board guesses past them.
                Rater::new()
                    .up_to(Strategy::DynamicForcingChainPlus)
                    .rate(&grid, None, &limits)
                    .level
            })
            .flatten();
        let message = match answer {
            Answer::Unique => "a puzzle with one solution",
            Answer::Multiple => {
                "this puzzle has more than one solution: add givens until one is left"
            }
            Answer::None => "this puzzle has no solution",
            Answer::Unknown => {
                "the puzzle's solutions could not be counted within the server's limits"
            }
        };
        Ok(Response::json(
            200,
            &ValidateResponse {
                valid: answer == Answer::Unique,
                answer: answer.as_str(),
                message,
                puzzle: PuzzleSpec::of(&grid),
                layout: LayoutView::of(grid.layout()),
                givens: grid.givens(),
                difficulty: difficulty.map(Level::name),
            },
        ))
    }
}

/// The cells the player filled with a digit other than the solution's.
fn wrong_entries(position: &Grid, solution: &Grid) -> Vec<usize> {
    (0..position.cells().len())
        .filter(|&c| position.cells()[c] != 0 && position.cells()[c] != solution.cells()[c])
        .collect()
}

/// A limit the client asked for, within the server's cap.
fn capped(asked: Option<u64>, cap: u64, what: &str) -> Result<u64, ApiError> {
    match asked {
        Some(0) => Err(ApiError::bad(format!("{what} must be at least 1"))),
        Some(n) => Ok(n.min(cap)),
        None => Ok(cap),
    }
}

/// The request's JSON body (an empty body reads as `{}`).
fn body<T: DeserializeOwned>(request: &Request) -> Result<T, ApiError> {
    let bytes: &[u8] = if request.body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &request.body
    };
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("request body: {e}")))
}

fn nine() -> usize {
    9
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRequest {
    #[serde(default = "nine")]
    size: usize,
    #[serde(rename = "box", default)]
    box_shape: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    symmetry: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    puzzle: PuzzleSpec,
    #[serde(default)]
    solver: Option<String>,
    #[serde(default)]
    max_nodes: Option<u64>,
    #[serde(default)]
    timeout_ms: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardRequest {
    puzzle: PuzzleSpec,
    #[serde(default)]
    entries: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    puzzle: PuzzleSpec,
    #[serde(default)]
    entries: Option<String>,
    #[serde(default)]
    notes: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RevealRequest {
    puzzle: PuzzleSpec,
    #[serde(default)]
    entries: Option<String>,
    cell: usize,
}

#[derive(Serialize)]
struct RevealResponse {
    cell: usize,
    digit: u8,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValidateRequest {
    text: String,
    #[serde(rename = "box", default)]
    box_shape: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    regions: Option<String>,
}

#[derive(Serialize)]
struct Info {
    sizes: [usize; 4],
    variants: [&'static str; 4],
    difficulties: [&'static str; 7],
    symmetries: [&'static str; 3],
    solvers: [&'static str; 5],
    limits: InfoLimits,
}

#[derive(Serialize)]
struct InfoLimits {
    max_nodes: u64,
    max_time_ms: u64,
    generate_time_ms: u64,
    max_body_bytes: usize,
    max_size: usize,
}

#[derive(Serialize)]
struct NewResponse {
    puzzle: PuzzleSpec,
    layout: LayoutView,
    seed: u64,
    difficulty: Option<&'static str>,
    hardest: &'static str,
    givens: usize,
    target_reached: bool,
    note: Option<String>,
    elapsed_ms: f64,
}

#[derive(Serialize)]
struct SolveResponse {
    solver: &'static str,
    status: &'static str,
    answer: &'static str,
    solution: Option<String>,
    assignments: u64,
    guesses: u64,
    backtracks: u64,
    elapsed_ms: f64,
    build_ms: f64,
    warm: bool,
    max_nodes: u64,
    timeout_ms: u64,
}

#[derive(Serialize)]
struct CheckResponse {
    wrong: Vec<usize>,
    blank: usize,
    complete: bool,
    correct: bool,
}

#[derive(Serialize)]
struct ValidateResponse {
    valid: bool,
    answer: &'static str,
    message: &'static str,
    puzzle: PuzzleSpec,
    layout: LayoutView,
    givens: usize,
    difficulty: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difficulties_offered_are_any_and_the_rating_levels() {
        let levels: Vec<&str> = Difficulty::value_variants()
            .iter()
            .map(|d| d.level().name())
            .collect();
        assert_eq!(DIFFICULTIES[0], "any");
        assert_eq!(DIFFICULTIES[1..], levels[..]);
    }
}
