//! The package's exceptions, made from the library's typed errors: each carries the line,
//! column, option and item the library's error names, as attributes (None where unknown),
//! so a script can point at the place without parsing a message.

use dlxkit::puzzles::PuzzleError;
use dlxkit::sudoku::explain::ExplainError;
use dlxkit::sudoku::generate::GenerateError;
use dlxkit::xc::memo::MemoError;
use dlxkit::xc::{self, ParseErrorKind};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{create_exception, PyErr};

create_exception!(
    dlxkit,
    DlxkitError,
    PyValueError,
    "The base of every error dlxkit raises for bad input (a ValueError)."
);
create_exception!(
    dlxkit,
    ProblemError,
    DlxkitError,
    "A problem that breaks a rule (an unknown or repeated item, an empty option, ...); its `option` (from 0) and `item` attributes say where."
);
create_exception!(
    dlxkit,
    ParseError,
    ProblemError,
    "Text that is not a valid problem or puzzle; its `line` and `column` (from 1) say where."
);
create_exception!(
    dlxkit,
    SearchError,
    DlxkitError,
    "A search that cannot run as asked (a memoised count with a seed, the cheapest solutions of a bounded problem on threads, a ZDD beyond the memory limit, ...)."
);

/// Where an error is, as the exception's attributes.
#[derive(Default)]
struct Place {
    line: Option<usize>,
    column: Option<usize>,
    option: Option<usize>,
    item: Option<String>,
}

/// Makes an exception of type `T` with `message` and the attributes of `place`.
fn raise<T: pyo3::PyTypeInfo>(message: String, place: Place) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    Python::attach(|py| {
        let value = err.value(py);
        // Setting an attribute on a fresh exception instance cannot fail; if it ever did,
        // the exception would still carry its message.
        let _ = value.setattr("line", place.line);
        let _ = value.setattr("column", place.column);
        let _ = value.setattr("option", place.option);
        let _ = value.setattr("item", place.item);
    });
    err
}

/// The option (from 0) and item a problem error names.
fn place_of(error: &xc::ProblemError) -> Place {
    let (option, item) = match error {
        xc::ProblemError::DuplicateItem { name } => (None, Some(name.clone())),
        xc::ProblemError::InvalidName { name, .. } => (None, Some(name.clone())),
        xc::ProblemError::UnknownItem { option, name } => (Some(*option), Some(name.clone())),
        xc::ProblemError::RepeatedItem { option, name } => (Some(*option), Some(name.clone())),
        xc::ProblemError::EmptyOption { option } => (Some(*option), None),
        xc::ProblemError::ColoredPrimary { option, name } => (Some(*option), Some(name.clone())),
        xc::ProblemError::NoPrimaryItem { option } => (Some(*option), None),
        xc::ProblemError::CostOverflow { option } => (Some(*option), None),
        xc::ProblemError::ZeroUpperBound { name } => (None, Some(name.clone())),
        xc::ProblemError::LowerAboveUpper { name, .. } => (None, Some(name.clone())),
        _ => (None, None),
    };
    Place {
        option,
        item,
        ..Place::default()
    }
}

/// A problem built from Python values that breaks a rule.
pub fn problem_error(error: xc::ProblemError) -> PyErr {
    let place = place_of(&error);
    raise::<ProblemError>(error.to_string(), place)
}

/// A problem's text that does not parse: its line and column, and the option and item when
/// the text broke a rule of problems.
pub fn parse_error(error: xc::ParseError) -> PyErr {
    let mut place = match &error.kind {
        ParseErrorKind::Problem(p) => place_of(p),
        ParseErrorKind::BoundOnSecondary { name } => Place {
            item: Some(name.clone()),
            ..Place::default()
        },
        _ => Place::default(),
    };
    place.line = Some(error.line);
    place.column = Some(error.column);
    raise::<ParseError>(error.to_string(), place)
}

/// A Sudoku text that does not parse: its line.
pub fn sudoku_parse_error(error: dlxkit::sudoku::parse::ParseError) -> PyErr {
    let place = Place {
        line: Some(error.line),
        ..Place::default()
    };
    raise::<ParseError>(error.to_string(), place)
}

/// A text that does not parse, with `message` naming the line (from 1) it is at.
pub fn parse_error_at(message: String, line: usize) -> PyErr {
    let place = Place {
        line: Some(line),
        ..Place::default()
    };
    raise::<ParseError>(message, place)
}

/// A value the caller gave that is out of range or of the wrong shape, named in `message`.
pub fn value_error(message: String) -> PyErr {
    raise::<ProblemError>(message, Place::default())
}

/// A value the caller gave for the option at `option` (from 0) that is not an option.
pub fn option_error(message: String, option: usize, item: Option<String>) -> PyErr {
    let place = Place {
        option: Some(option),
        item,
        ..Place::default()
    };
    raise::<ProblemError>(message, place)
}

/// A search that could not give what was asked (a limit stopped it first), as a
/// `SearchError` with `message`.
pub fn search_error(message: String) -> PyErr {
    raise::<SearchError>(message, Place::default())
}

/// A plan the front door refuses (a combination of modes that has no meaning or does not
/// work yet), as a `SearchError` with the library's reason.
pub fn unsupported(error: xc::Unsupported) -> PyErr {
    raise::<SearchError>(error.to_string(), Place::default())
}

/// A plan that could not run: refused, or a memoised count that could not run.
pub fn run_error(error: xc::RunError) -> PyErr {
    match error {
        xc::RunError::Unsupported(refused) => unsupported(refused),
        xc::RunError::Memo(memo) => memo_error(memo),
        other => raise::<SearchError>(other.to_string(), Place::default()),
    }
}

/// A memoised search that cannot run as asked.
pub fn memo_error(error: MemoError) -> PyErr {
    raise::<SearchError>(error.to_string(), Place::default())
}

/// A puzzle encoder refusing its parameters.
pub fn puzzle_error(error: PuzzleError) -> PyErr {
    raise::<ProblemError>(error.to_string(), Place::default())
}

/// The explainer refusing a grid.
pub fn explain_error(error: ExplainError) -> PyErr {
    raise::<ProblemError>(error.to_string(), Place::default())
}

/// The generator refusing its options.
pub fn generate_error(error: GenerateError) -> PyErr {
    raise::<ProblemError>(error.to_string(), Place::default())
}

/// Registers the exception types in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DlxkitError", py.get_type::<DlxkitError>())?;
    m.add("ProblemError", py.get_type::<ProblemError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("SearchError", py.get_type::<SearchError>())?;
    Ok(())
}
