//! `dlxkit.Problem`: an exact cover problem made from Python values or Knuth's text, and
//! read back as Python values (so a script can extend a problem a puzzle encoder made).

use std::collections::HashMap;
use std::sync::Arc;

use dlxkit::xc::{Entry, ItemKind, OptionId, Problem, ProblemBuilder};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::{errors, search};

/// An exact cover problem: primary items (covered exactly once, or between bounds),
/// secondary items (at most once, or with one colour), and options (lists of items).
///
/// ``Problem(items, options, secondary=[], bounds=None, costs=None)``: `items` are the
/// primary items' names; each option is a list of item names, a secondary item optionally
/// given as a ``(name, colour)`` pair; `bounds` maps a primary item to ``(min, max)``, the
/// times it must be covered; `costs` gives each option a non-negative integer cost (for
/// :meth:`best`). Options are numbered from 0 in the order given.
#[pyclass(module = "dlxkit", name = "Problem", frozen)]
pub struct PyProblem {
    pub inner: Arc<Problem>,
}

/// One entry of an option as Python gives it: an item name, and a colour for a secondary item.
fn entry_of(value: &Bound<'_, PyAny>, option: usize) -> PyResult<(String, Option<String>)> {
    if let Ok(name) = value.cast::<PyString>() {
        return Ok((name.to_cow()?.into_owned(), None));
    }
    if let Ok(pair) = value.cast::<PyTuple>() {
        if pair.len() == 2 {
            let name = pair.get_item(0)?;
            let colour = pair.get_item(1)?;
            if let (Ok(name), Ok(colour)) = (name.cast::<PyString>(), colour.cast::<PyString>()) {
                return Ok((
                    name.to_cow()?.into_owned(),
                    Some(colour.to_cow()?.into_owned()),
                ));
            }
        }
    }
    Err(errors::option_error(
        format!(
            "option {}: an entry must be an item name or a (name, colour) pair of strings, not {}",
            option,
            value.repr()?
        ),
        option,
        None,
    ))
}

/// The entries of one option as Python gives them (a list or tuple, not a string).
fn option_of(value: &Bound<'_, PyAny>, option: usize) -> PyResult<Vec<(String, Option<String>)>> {
    if value.is_instance_of::<PyString>() {
        return Err(errors::option_error(
            format!(
                "option {option}: an option is a list of item names, not the string {}",
                value.repr()?
            ),
            option,
            None,
        ));
    }
    let mut entries = Vec::new();
    for entry in value.try_iter().map_err(|_| {
        errors::option_error(
            format!("option {option}: an option is a list of item names"),
            option,
            None,
        )
    })? {
        entries.push(entry_of(&entry?, option)?);
    }
    Ok(entries)
}

/// Adds one option to the builder, naming an unknown item by the option's index.
fn add_option(
    builder: &mut ProblemBuilder,
    entries: &[(String, Option<String>)],
    cost: Option<u64>,
    option: usize,
) -> PyResult<OptionId> {
    let mut resolved = Vec::with_capacity(entries.len());
    for (name, colour) in entries {
        let Some(item) = builder.item_id(name) else {
            return Err(errors::option_error(
                format!("option {option}: unknown item `{name}`"),
                option,
                Some(name.clone()),
            ));
        };
        resolved.push(match colour {
            None => Entry::from(item),
            Some(c) if c.is_empty() || c.chars().any(char::is_whitespace) => {
                return Err(errors::option_error(
                    format!("option {option}: item `{name}` has the colour {c:?}: a colour is a non-empty name without blanks"),
                    option,
                    Some(name.clone()),
                ));
            }
            Some(c) => Entry::colored(item, builder.color(c)),
        });
    }
    let added = match cost {
        None => builder.option(resolved),
        Some(cost) => builder.option_with_cost(resolved, cost),
    };
    added.map_err(errors::problem_error)
}

#[pymethods]
impl PyProblem {
    #[new]
    #[pyo3(signature = (items, options, secondary = None, *, bounds = None, costs = None))]
    fn new(
        items: Vec<String>,
        options: &Bound<'_, PyAny>,
        secondary: Option<Vec<String>>,
        bounds: Option<HashMap<String, (u32, u32)>>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<PyProblem> {
        let mut builder = Problem::builder();
        let mut bounds = bounds.unwrap_or_default();
        for name in &items {
            match bounds.remove(name) {
                Some((min, max)) => builder.bounded(name, min..=max),
                None => builder.primary(name),
            }
            .map_err(errors::problem_error)?;
        }
        if let Some(name) = bounds.keys().min() {
            return Err(errors::value_error(format!(
                "bounds are given for `{name}`, which is not a primary item"
            )));
        }
        builder
            .secondaries(secondary.unwrap_or_default())
            .map_err(errors::problem_error)?;
        let options: Vec<Bound<'_, PyAny>> = options
            .try_iter()
            .map_err(|_| errors::value_error("options must be a list of options".into()))?
            .collect::<PyResult<_>>()?;
        if let Some(costs) = &costs {
            if costs.len() != options.len() {
                return Err(errors::value_error(format!(
                    "{} costs for {} options: give one cost per option",
                    costs.len(),
                    options.len()
                )));
            }
        }
        for (k, option) in options.iter().enumerate() {
            let entries = option_of(option, k)?;
            add_option(&mut builder, &entries, costs.as_ref().map(|c| c[k]), k)?;
        }
        let problem = builder.build().map_err(errors::problem_error)?;
        Ok(PyProblem {
            inner: Arc::new(problem),
        })
    }

    /// Reads a problem in Knuth's text format (the format of his DLX programs and of
    /// ``dlxkit solve``): the first line names the primary items, then ``|`` and the secondary
    /// items; each further line is an option. Raises :class:`ParseError` with the line and
    /// column of the first mistake.
    #[staticmethod]
    fn from_knuth(text: &str) -> PyResult<PyProblem> {
        let problem = Problem::from_dlx(text).map_err(errors::parse_error)?;
        Ok(PyProblem::from(problem))
    }

    /// The problem in Knuth's text format.
    fn to_knuth(&self) -> String {
        self.inner.to_dlx()
    }

    /// The primary items' names, in order.
    #[getter]
    fn items(&self) -> Vec<&str> {
        self.names(ItemKind::Primary)
    }

    /// The secondary items' names, in order.
    #[getter]
    fn secondary(&self) -> Vec<&str> {
        self.names(ItemKind::Secondary)
    }

    /// The bounds ``(min, max)`` of the primary items that have them.
    #[getter]
    fn bounds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        let p = &self.inner;
        if p.has_bounds() {
            for item in p.items() {
                let b = p.item_bounds(item);
                if p.item_kind(item) == ItemKind::Primary && (*b.start(), *b.end()) != (1, 1) {
                    out.set_item(p.item_name(item), (*b.start(), *b.end()))?;
                }
            }
        }
        Ok(out)
    }

    /// The options, each a list of item names (a coloured entry as a ``(name, colour)`` pair).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for option in self.inner.options() {
            out.append(self.option(py, option.index())?)?;
        }
        Ok(out)
    }

    /// The options' costs (all 0 unless costs were given).
    #[getter]
    fn costs(&self) -> Vec<u64> {
        self.inner
            .options()
            .map(|o| self.inner.option_cost(o))
            .collect()
    }

    /// The warnings of Knuth's reader (an option without a primary item, dropped).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.inner
            .warnings()
            .iter()
            .map(|w| w.to_string())
            .collect()
    }

    /// Option `index` as a list of item names (a coloured entry as a ``(name, colour)`` pair).
    fn option<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyList>> {
        let p = &self.inner;
        if index >= p.option_count() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "option {index} does not exist (the problem has {} options)",
                p.option_count()
            )));
        }
        let out = PyList::empty(py);
        for entry in p.option(OptionId::new(index)) {
            let name = p.item_name(entry.item);
            match entry.color {
                None => out.append(name)?,
                Some(c) => out.append((name, p.color_name(c)))?,
            }
        }
        Ok(out)
    }

    /// Option `index` as a line of Knuth's format (``A C X:1``).
    fn option_text(&self, index: usize) -> PyResult<String> {
        if index >= self.inner.option_count() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "option {index} does not exist (the problem has {} options)",
                self.inner.option_count()
            )));
        }
        Ok(self.inner.option_text(OptionId::new(index)))
    }

    /// Checks that `options` (indices) form a solution; returns None or raises
    /// :class:`ProblemError` saying what is wrong.
    fn check(&self, options: Vec<usize>) -> PyResult<()> {
        if let Some(&bad) = options.iter().find(|&&o| o >= self.inner.option_count()) {
            return Err(errors::option_error(
                format!("option {bad} does not exist"),
                bad,
                None,
            ));
        }
        let ids: Vec<OptionId> = options.into_iter().map(OptionId::new).collect();
        self.inner.check_solution(&ids).map_err(errors::value_error)
    }

    /// The solutions, found lazily one at a time as the iterator is advanced: each a list of
    /// option indices, or with ``names=True`` a list of options as item names. `limit`,
    /// `nodes` and `seconds` bound the search; the iterator's ``status`` says whether one
    /// ended it. ``jobs=N`` searches on N threads and still gives the solutions in the order
    /// one thread finds them, unless ``ordered=False`` (then as found, sooner); ``seed``
    /// randomises the order of item ties and options as Knuth's programs do. ``engine``
    /// (``"links"``, ``"cells"`` or ``"bits"``) searches on that engine rather than the one
    /// the problem's size and kind pick (the same solutions).
    #[pyo3(signature = (*, limit = None, nodes = None, seconds = None, names = false, jobs = 1, ordered = true, seed = None, engine = None))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        &self,
        limit: Option<u64>,
        nodes: Option<u64>,
        seconds: Option<f64>,
        names: bool,
        jobs: usize,
        ordered: bool,
        seed: Option<u64>,
        engine: Option<&str>,
    ) -> PyResult<search::PySolutions> {
        let limits = search::PyLimits {
            limit,
            nodes,
            seconds,
        };
        let mode = search::Mode {
            jobs,
            unordered: !ordered,
            seed,
            engine: search::engine(engine)?,
        };
        search::PySolutions::start(&self.inner, limits, mode, names)
    }

    /// The number of solutions, a :class:`Count` (a Python int of any size whose ``status``
    /// says whether a limit cut the count short). ``jobs=N`` counts on N threads;
    /// ``memo=True`` counts with memoisation (subproblems met again are not searched again),
    /// which reaches counts far beyond 2**64; ``seed`` randomises the search order (the count
    /// is the same, the nodes differ); ``engine`` as for :meth:`solutions`.
    #[pyo3(signature = (*, limit = None, nodes = None, seconds = None, jobs = 1, memo = false, seed = None, engine = None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        nodes: Option<u64>,
        seconds: Option<f64>,
        jobs: usize,
        memo: bool,
        seed: Option<u64>,
        engine: Option<&str>,
    ) -> PyResult<Py<PyAny>> {
        let limits = search::PyLimits {
            limit,
            nodes,
            seconds,
        };
        let mode = search::Mode {
            jobs,
            unordered: false,
            seed,
            engine: search::engine(engine)?,
        };
        let counted = search::count(py, &self.inner, limits, mode, memo)?;
        let count = py.import("dlxkit")?.getattr("Count")?;
        Ok(count
            .call1((counted.solutions(py), counted.status()))?
            .unbind())
    }

    /// Counts as :meth:`count` does, on the same engine, and returns its statistics
    /// (:class:`Stats`): the engine that searched and the counts it keeps, Knuth's updates
    /// and cleansings on the links (``engine="links"``), SSXCC's updates on dancing cells,
    /// the tree alone on the bit sets (``updates`` and ``cleansings`` are ``None`` where not
    /// counted). With ``memo=True``, a :class:`MemoStats`: a memoised count tries options and
    /// solves subproblems, and walks no tree of nodes.
    #[pyo3(signature = (*, limit = None, nodes = None, seconds = None, jobs = 1, memo = false, seed = None, engine = None))]
    #[allow(clippy::too_many_arguments)]
    fn stats(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        nodes: Option<u64>,
        seconds: Option<f64>,
        jobs: usize,
        memo: bool,
        seed: Option<u64>,
        engine: Option<&str>,
    ) -> PyResult<Py<PyAny>> {
        let limits = search::PyLimits {
            limit,
            nodes,
            seconds,
        };
        search::count(
            py,
            &self.inner,
            limits,
            search::Mode {
                jobs,
                unordered: false,
                seed,
                engine: search::engine(engine)?,
            },
            memo,
        )?
        .into_py(py)
    }

    /// The `k` cheapest solutions by the options' costs (Knuth's DLX5), cheapest first, as
    /// a :class:`Found` list of ``(cost, options)`` pairs whose ``status`` says whether a limit
    /// cut the search short (then they are the cheapest found, not proven the cheapest).
    /// ``jobs=N`` searches on N threads that share the K-th best cost found as a bound (the
    /// same K best costs as one thread).
    #[pyo3(signature = (k = 1, *, nodes = None, seconds = None, jobs = 1))]
    fn best(
        &self,
        py: Python<'_>,
        k: usize,
        nodes: Option<u64>,
        seconds: Option<f64>,
        jobs: usize,
    ) -> PyResult<Py<PyAny>> {
        let limits = search::PyLimits {
            limit: None,
            nodes,
            seconds,
        };
        let (cheapest, status) = search::best(py, &self.inner, k, limits, jobs)?;
        let found = py.import("dlxkit")?.getattr("Found")?;
        Ok(found.call1((cheapest, status))?.unbind())
    }

    /// `n` solutions drawn uniformly at random (with replacement) from the ZDD of all
    /// solutions, which a memoised search builds: each a list of option indices (fewer than
    /// `n` only when the problem has no solution). The same `seed` draws the same solutions.
    #[pyo3(signature = (n = 1, *, seed = 0, nodes = None, seconds = None))]
    fn sample(
        &self,
        py: Python<'_>,
        n: usize,
        seed: u64,
        nodes: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<Vec<Vec<usize>>> {
        let limits = search::PyLimits {
            limit: None,
            nodes,
            seconds,
        };
        search::sample(py, &self.inner, n, seed, limits)
    }

    fn __len__(&self) -> usize {
        self.inner.option_count()
    }

    fn __repr__(&self) -> String {
        let p = &self.inner;
        format!(
            "<dlxkit.Problem: {} items ({} primary, {} secondary), {} options, {} entries>",
            p.item_count(),
            p.primary_count(),
            p.secondary_count(),
            p.option_count(),
            p.entry_count()
        )
    }
}

impl PyProblem {
    fn names(&self, kind: ItemKind) -> Vec<&str> {
        let p = &self.inner;
        p.items()
            .filter(|&i| p.item_kind(i) == kind)
            .map(|i| p.item_name(i))
            .collect()
    }
}

impl From<Problem> for PyProblem {
    fn from(problem: Problem) -> PyProblem {
        PyProblem {
            inner: Arc::new(problem),
        }
    }
}
