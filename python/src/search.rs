//! The searches of a `dlxkit.Problem`: the lazy solutions iterator, counts (sequential, on
//! threads, memoised), the cheapest solutions, ZDD sampling, and Knuth's statistics.
//!
//! Every search runs on a thread of its own without the GIL (see [`crate::interrupt`]), with
//! the library's limits: at most so many solutions, nodes or seconds, and a cancel flag that
//! Ctrl-C sets.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use dlxkit::rng::Rng;
use dlxkit::xc::memo::MemoOptions;
use dlxkit::xc::plan::{Discard, Engine};
use dlxkit::xc::zdd::Zdd;
use dlxkit::xc::{
    Count, Limits, OptionId, Outcome, Plan, Problem, RunError, SearchOrder, Sink, Status,
};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors;
use crate::interrupt::{interruptible, receive};

/// The limits a caller may put on a search, as Python's keyword arguments give them.
#[derive(Clone, Copy, Debug, Default)]
pub struct PyLimits {
    /// At most this many solutions.
    pub limit: Option<u64>,
    /// At most this many nodes (the search tree's; options tried, for a memoised count).
    pub nodes: Option<u64>,
    /// At most this many seconds.
    pub seconds: Option<f64>,
}

impl PyLimits {
    /// The library's limits, with `cancel` as the cancel flag; a time that is negative or not
    /// a number is refused, and one too far off to be a deadline is no limit.
    pub fn with_cancel(&self, cancel: &Arc<AtomicBool>) -> PyResult<Limits> {
        let mut limits = Limits::new().cancel_flag(cancel.clone());
        if let Some(n) = self.limit {
            limits = limits.solutions(n);
        }
        if let Some(n) = self.nodes {
            limits = limits.nodes(n);
        }
        if let Some(s) = self.seconds {
            if s.is_nan() || s < 0.0 {
                return Err(errors::value_error(format!(
                    "seconds={s}: a time limit is a non-negative number of seconds"
                )));
            }
            // A deadline beyond what a duration or the clock can hold is no limit at all.
            if let Ok(duration) = Duration::try_from_secs_f64(s) {
                if std::time::Instant::now().checked_add(duration).is_some() {
                    limits = limits.timeout(duration);
                }
            }
        }
        Ok(limits)
    }
}

/// The statistics of one search: solutions, nodes, the engine that searched and the counts
/// it keeps (Knuth's updates and cleansings on the links, SSXCC's updates on dancing cells,
/// ``None`` where the engine does not count them), time, and why it ended.
#[pyclass(module = "dlxkit", name = "Stats", frozen, get_all)]
pub struct PyStats {
    /// The solutions found (counted), a Python int of any size.
    pub solutions: Py<PyAny>,
    /// Search-tree nodes (the bit sets search the links' tree: DLX's nodes; dancing cells
    /// SSXCC's).
    pub nodes: u128,
    /// The engine that searched: ``"links"``, ``"cells"`` or ``"bits"``.
    pub engine: &'static str,
    /// Updates: on the links as Knuth's DLX1 counts them, on dancing cells as his SSXCC does;
    /// ``None`` on the bit sets, which keep none (not 0).
    pub updates: Option<u128>,
    /// Cleansings of coloured entries, as Knuth's DLX2 counts them: the links only (``None``
    /// on the other engines).
    pub cleansings: Option<u128>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// ``"complete"``, or the limit that ended the search: ``"solution limit"``,
    /// ``"node limit"``, ``"time limit"``, ``"interrupted"``.
    pub status: &'static str,
    /// Nodes at each level of the search tree (empty for a count on threads).
    pub profile: Vec<u128>,
}

#[pymethods]
impl PyStats {
    /// Whether the search ran to its end (no limit cut it short).
    #[getter]
    fn complete(&self) -> bool {
        self.status == "complete"
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Stats(solutions={}, nodes={}, engine={:?}, updates={}, cleansings={}, seconds={:.6}, \
             status={:?})",
            self.solutions.bind(py),
            self.nodes,
            self.engine,
            optional(self.updates),
            optional(self.cleansings),
            self.seconds,
            self.status
        )
    }
}

/// A count as Python writes it: the number, or ``None``.
fn optional(count: Option<u128>) -> String {
    count.map_or_else(|| "None".to_string(), |n| n.to_string())
}

/// The statistics of a memoised count (``memo=True``), which walks no search tree of
/// Knuth's: the options it tried, the distinct subproblems it solved, time, and why it
/// ended.
#[pyclass(module = "dlxkit", name = "MemoStats", frozen, get_all)]
pub struct PyMemoStats {
    /// The solutions counted, a Python int of any size.
    pub solutions: Py<PyAny>,
    /// Options tried: each option the count covered to solve a subproblem not met before.
    pub options_tried: u128,
    /// Distinct subproblems solved (and remembered).
    pub states: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// ``"complete"``, or the limit that ended the count: ``"solution limit"``,
    /// ``"node limit"`` (options tried), ``"time limit"``, ``"memory limit"``,
    /// ``"interrupted"``.
    pub status: &'static str,
}

#[pymethods]
impl PyMemoStats {
    /// Whether the count ran to its end (no limit cut it short).
    #[getter]
    fn complete(&self) -> bool {
        self.status == "complete"
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "MemoStats(solutions={}, options_tried={}, states={}, seconds={:.6}, status={:?})",
            self.solutions.bind(py),
            self.options_tried,
            self.states,
            self.seconds,
            self.status
        )
    }
}

/// The statistics of a count: a search's, or a memoised count's.
pub enum Counted {
    /// Knuth's statistics of a search (sequential or on threads).
    Search(PyStats),
    /// A memoised count's.
    Memo(PyMemoStats),
}

impl Counted {
    /// The solutions counted, a Python int.
    pub fn solutions(&self, py: Python<'_>) -> Py<PyAny> {
        match self {
            Counted::Search(s) => s.solutions.clone_ref(py),
            Counted::Memo(m) => m.solutions.clone_ref(py),
        }
    }

    /// Why the count ended.
    pub fn status(&self) -> &'static str {
        match self {
            Counted::Search(s) => s.status,
            Counted::Memo(m) => m.status,
        }
    }

    /// The statistics as a Python object: a :class:`Stats` or a :class:`MemoStats`.
    pub fn into_py(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match self {
            Counted::Search(s) => Py::new(py, s)?.into_any(),
            Counted::Memo(m) => Py::new(py, m)?.into_any(),
        })
    }
}

/// A Python int from a count of any size.
pub fn big_int(py: Python<'_>, count: &Count) -> PyResult<Py<PyAny>> {
    match count.to_u128() {
        Some(n) => Ok(n.into_pyobject(py)?.into_any().unbind()),
        None => Ok(py
            .get_type::<pyo3::types::PyInt>()
            .call1((count.to_string(),))?
            .unbind()),
    }
}

impl PyStats {
    /// The statistics of a search on `engine`: each engine's own counts (`Stats::counts`).
    fn of_outcome(py: Python<'_>, outcome: &Outcome, engine: Engine) -> PyResult<PyStats> {
        let s = &outcome.stats;
        Ok(PyStats {
            solutions: s.solutions.into_pyobject(py)?.into_any().unbind(),
            nodes: s.nodes.into(),
            engine: engine.name(),
            updates: s.updates_kept().map(u128::from),
            cleansings: s.cleansings_kept().map(u128::from),
            seconds: s.elapsed.as_secs_f64(),
            status: outcome.status.as_str(),
            profile: s.profile.iter().map(|&n| n.into()).collect(),
        })
    }
}

/// The most threads a search may ask for: more than a machine has only adds overhead, and a
/// number read from a caller never sizes memory unchecked.
const MAX_JOBS: usize = 1024;

fn check_jobs(jobs: usize) -> PyResult<usize> {
    match jobs {
        1..=MAX_JOBS => Ok(jobs),
        _ => Err(errors::value_error(format!(
            "jobs={jobs}: the number of threads is from 1 to {MAX_JOBS}"
        ))),
    }
}

/// Counts the solutions of `problem` within `limits`, run as `mode` says (memoised when
/// `memo`), with the statistics the engine keeps.
pub fn count(
    py: Python<'_>,
    problem: &Arc<Problem>,
    limits: PyLimits,
    mode: Mode,
    memo: bool,
) -> PyResult<Counted> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut plan = mode.plan(limits.with_cancel(&cancel)?)?.count(true);
    if memo {
        plan = plan.memo(MemoOptions::new());
    }
    plan.check(problem).map_err(errors::unsupported)?;
    let report = interruptible(py, &cancel, || plan.run(problem, &mut Discard))?
        .map_err(errors::run_error)?;
    if let Some(counted) = &report.memo {
        return Ok(Counted::Memo(PyMemoStats {
            solutions: big_int(py, &counted.count)?,
            options_tried: counted.stats.options_tried.into(),
            states: counted.stats.states,
            seconds: counted.stats.elapsed.as_secs_f64(),
            status: counted.status.as_str(),
        }));
    }
    let mut stats = PyStats::of_outcome(py, &report.outcome(), report.engine)?;
    if mode.jobs > 1 {
        // Threads merge their totals; the profile of levels is the sequential search's only.
        stats.profile.clear();
    }
    Ok(Counted::Search(stats))
}

/// What a search thread tells the iterator.
enum Message {
    Solution(Vec<OptionId>),
    /// The search ended: why, what it counted, and on which engine.
    End(Outcome, Engine),
    /// The plan was refused (checked before the thread starts, so not expected).
    Refused(RunError),
}

/// Solutions a search thread may find ahead of the reader: enough to keep both threads busy,
/// few enough that an iterator abandoned early has wasted little.
const AHEAD: usize = 64;

/// The solutions of a problem, found one at a time on a search thread as they are asked
/// for; each is a list of option indices (or, with ``names=True``, of options as item names).
/// The search stops when the iterator is dropped or Ctrl-C is pressed.
#[pyclass(module = "dlxkit", name = "Solutions")]
pub struct PySolutions {
    problem: Arc<Problem>,
    names: bool,
    cancel: Arc<AtomicBool>,
    from: Mutex<mpsc::Receiver<Message>>,
    found: u64,
    end: Option<(Outcome, Engine)>,
    interrupted: bool,
}

/// How a search is run: threads, the order of solutions between threads, and the seed of
/// Knuth's randomised order.
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    /// Threads (1: the sequential search).
    pub jobs: usize,
    /// On threads, solutions as found rather than in the sequential order.
    pub unordered: bool,
    /// Randomise item ties and option order from this seed (Knuth's option `s`).
    pub seed: Option<u64>,
    /// The engine asked for (`None`: the plan's choice).
    pub engine: Option<Engine>,
}

/// The engine named `name` (`None`: the plan's choice), or a ValueError with the library's
/// message.
pub fn engine(name: Option<&str>) -> PyResult<Option<Engine>> {
    name.map(|name| {
        name.parse::<Engine>()
            .map_err(|e| errors::value_error(format!("engine={name:?}: {e}")))
    })
    .transpose()
}

impl Mode {
    /// The front door's plan for this mode within `limits` (listing; `.count(true)` counts).
    fn plan(&self, limits: Limits) -> PyResult<Plan> {
        let mut order = SearchOrder::new();
        if let Some(seed) = self.seed {
            order = order.seed(seed);
        }
        let mut plan = Plan::new();
        if let Some(engine) = self.engine {
            plan = plan.engine(engine);
        }
        Ok(plan
            .threads(check_jobs(self.jobs)?)
            .unordered(self.unordered)
            .order(order)
            .limits(limits))
    }
}

/// A sink that hands each solution to the iterator, and stops the search when nobody
/// listens any more.
struct Handing(mpsc::SyncSender<Message>);

impl Sink for Handing {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        match self.0.send(Message::Solution(options.to_vec())) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

impl PySolutions {
    /// Starts the search of `problem` within `limits`, run as `mode` says, on a thread of its
    /// own; a plan that cannot run (item bounds on threads, say) is refused here, before any
    /// work, with the library's reason.
    pub fn start(
        problem: &Arc<Problem>,
        limits: PyLimits,
        mode: Mode,
        names: bool,
    ) -> PyResult<PySolutions> {
        let cancel = Arc::new(AtomicBool::new(false));
        let plan = mode.plan(limits.with_cancel(&cancel)?)?;
        plan.check(problem).map_err(errors::unsupported)?;
        let (to, from) = mpsc::sync_channel(AHEAD);
        let searched = problem.clone();
        std::thread::Builder::new()
            .name("dlxkit-solutions".into())
            .spawn(move || {
                let mut sink = Handing(to);
                let end = match plan.run(&searched, &mut sink) {
                    Ok(report) => Message::End(report.outcome(), report.engine),
                    Err(refused) => Message::Refused(refused),
                };
                // Nobody listens when the iterator was dropped.
                let _ = sink.0.send(end);
            })
            .map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "cannot start a search thread: {e}"
                ))
            })?;
        Ok(PySolutions {
            problem: problem.clone(),
            names,
            cancel,
            from: Mutex::new(from),
            found: 0,
            end: None,
            interrupted: false,
        })
    }
}

/// A solution as Python values: option indices, or options as item names.
pub fn solution_value<'py>(
    py: Python<'py>,
    problem: &Problem,
    options: &[OptionId],
    names: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if !names {
        let indices: Vec<usize> = options.iter().map(|o| o.index()).collect();
        return Ok(PyList::new(py, indices)?.into_any());
    }
    let out = PyList::empty(py);
    for &option in options {
        let entries = PyList::empty(py);
        for entry in problem.option(option) {
            let name = problem.item_name(entry.item);
            match entry.color {
                None => entries.append(name)?,
                Some(c) => entries.append((name, problem.color_name(c)))?,
            }
        }
        out.append(entries)?;
    }
    Ok(out.into_any())
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        if self.end.is_some() || self.interrupted {
            return Ok(None);
        }
        match receive(py, &self.cancel, &self.from) {
            Err(err) => {
                self.interrupted = true;
                Err(err)
            }
            Ok(Some(Message::Solution(options))) => {
                self.found += 1;
                solution_value(py, &self.problem, &options, self.names).map(Some)
            }
            Ok(Some(Message::End(outcome, engine))) => {
                self.end = Some((outcome, engine));
                Ok(None)
            }
            Ok(Some(Message::Refused(refused))) => {
                self.interrupted = true;
                Err(errors::run_error(refused))
            }
            Ok(None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
                "the search thread ended without a result",
            )),
        }
    }

    /// ``"running"`` until the iterator is exhausted, then ``"complete"`` or the limit that
    /// ended the search (``"solution limit"``, ``"node limit"``, ``"time limit"``,
    /// ``"interrupted"``).
    #[getter]
    fn status(&self) -> &'static str {
        match &self.end {
            Some((outcome, _)) => outcome.status.as_str(),
            None if self.interrupted => Status::Cancelled.as_str(),
            None => "running",
        }
    }

    /// The search's statistics once the iterator is exhausted (None before).
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<Option<PyStats>> {
        self.end
            .as_ref()
            .map(|(outcome, engine)| PyStats::of_outcome(py, outcome, *engine))
            .transpose()
    }

    /// Stops the search (also done when the iterator is dropped).
    fn close(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.interrupted = self.end.is_none();
    }
}

impl Drop for PySolutions {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A solution and its cost, as Python gets it: ``(cost, option indices)``.
type Cheap = (u64, Vec<usize>);

/// The `k` cheapest solutions as ``(cost, options)`` pairs, cheapest first, and the status.
pub fn best(
    py: Python<'_>,
    problem: &Arc<Problem>,
    k: usize,
    limits: PyLimits,
    jobs: usize,
) -> PyResult<(Vec<Cheap>, &'static str)> {
    if k == 0 || k > 1 << 20 {
        return Err(errors::value_error(format!(
            "k={k}: the number of cheapest solutions is from 1 to {}",
            1 << 20
        )));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = limits.with_cancel(&cancel)?;
    let plan = Plan::new()
        .best(k)
        .threads(check_jobs(jobs)?)
        .limits(limits);
    plan.check(problem).map_err(errors::unsupported)?;
    let outcome = interruptible(py, &cancel, || plan.run(problem, &mut Discard))?
        .map_err(errors::run_error)?;
    let cheapest = outcome
        .cheapest
        .into_iter()
        .map(|c| (c.cost, c.options.iter().map(|o| o.index()).collect()))
        .collect();
    Ok((cheapest, outcome.status.as_str()))
}

/// `n` solutions drawn uniformly at random (with replacement) from the ZDD of all
/// solutions, which the memoised search builds; the same `seed` draws the same ones.
pub fn sample(
    py: Python<'_>,
    problem: &Arc<Problem>,
    n: usize,
    seed: u64,
    limits: PyLimits,
) -> PyResult<Vec<Vec<usize>>> {
    if n > 1 << 24 {
        return Err(errors::value_error(format!(
            "n={n}: at most {} samples at a time",
            1 << 24
        )));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = limits.with_cancel(&cancel)?;
    let options = MemoOptions::new().limits(limits);
    let drawn = interruptible(py, &cancel, || {
        let (zdd, _) = Zdd::build(problem, &options)?;
        let mut rng = Rng::new(seed);
        Ok((0..n)
            .map_while(|_| zdd.sample(&mut rng))
            .map(|s| s.iter().map(|o| o.index()).collect())
            .collect())
    })?;
    drawn.map_err(errors::memo_error)
}
