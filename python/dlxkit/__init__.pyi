"""Exact cover with Knuth's dancing links, from Python (type stubs)."""

from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import puzzles as puzzles
from . import sudoku as sudoku

Entry = Union[str, Tuple[str, str]]
"""An option's entry: an item name, or a (secondary item, colour) pair."""

class DlxkitError(ValueError):
    """The base of every error dlxkit raises for bad input."""

    line: Optional[int]
    column: Optional[int]
    option: Optional[int]
    item: Optional[str]

class ProblemError(DlxkitError):
    """A problem that breaks a rule; ``option`` (from 0) and ``item`` say where."""

class ParseError(ProblemError):
    """Text that is not a valid problem or puzzle; ``line`` and ``column`` (from 1) say where."""

class SearchError(DlxkitError):
    """A search that cannot run as asked (a memoised count with a seed, the cheapest solutions of a bounded problem on threads, ...)."""

class Count(int):
    """A number of solutions that says whether a limit cut the count short."""

    status: str
    def __new__(cls, value: int, status: str = ...) -> "Count": ...
    @property
    def complete(self) -> bool: ...

class Found(list):
    """A list of results with the ``status`` of the search that found them."""

    status: str
    def __init__(self, items: Iterable = ..., status: str = ...) -> None: ...
    @property
    def complete(self) -> bool: ...

class Stats:
    """The statistics of one search: the engine that searched and the counts it keeps."""

    solutions: int
    nodes: int
    engine: str
    updates: Optional[int]
    cleansings: Optional[int]
    seconds: float
    status: str
    profile: List[int]
    @property
    def complete(self) -> bool: ...

class MemoStats:
    """The statistics of a memoised count: options tried and subproblems solved."""

    solutions: int
    options_tried: int
    states: int
    seconds: float
    status: str
    @property
    def complete(self) -> bool: ...

class Solutions(Iterator[list]):
    """The solutions, found lazily on a search thread."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> list: ...
    @property
    def status(self) -> str:
        """``"running"``, then ``"complete"`` or the limit that ended the search."""
    @property
    def stats(self) -> Optional[Stats]:
        """The statistics once the iterator is exhausted."""
    def close(self) -> None:
        """Stops the search."""

class Problem:
    """An exact cover problem: primary items, secondary items, options."""

    def __init__(
        self,
        items: Sequence[str],
        options: Iterable[Sequence[Entry]],
        secondary: Optional[Sequence[str]] = None,
        *,
        bounds: Optional[Dict[str, Tuple[int, int]]] = None,
        costs: Optional[Sequence[int]] = None,
    ) -> None: ...
    @staticmethod
    def from_knuth(text: str) -> "Problem":
        """Reads Knuth's text format; raises ParseError with line and column."""
    def to_knuth(self) -> str:
        """The problem in Knuth's text format."""
    @property
    def items(self) -> List[str]: ...
    @property
    def secondary(self) -> List[str]: ...
    @property
    def bounds(self) -> Dict[str, Tuple[int, int]]: ...
    @property
    def options(self) -> List[List[Entry]]: ...
    @property
    def costs(self) -> List[int]: ...
    @property
    def warnings(self) -> List[str]: ...
    def option(self, index: int) -> List[Entry]: ...
    def option_text(self, index: int) -> str: ...
    def check(self, options: Sequence[int]) -> None:
        """Raises ProblemError unless the options form a solution."""
    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        nodes: Optional[int] = None,
        seconds: Optional[float] = None,
        names: bool = False,
        jobs: int = 1,
        ordered: bool = True,
        seed: Optional[int] = None,
        engine: Optional[str] = None,
    ) -> Solutions:
        """The solutions, lazily: option indices, or with names=True options as item names.
        jobs=N searches on N threads (in one thread's order unless ordered=False); seed
        randomises the order as Knuth's programs do; engine ("links", "cells", "bits")
        overrides the one the problem picks."""
    def count(
        self,
        *,
        limit: Optional[int] = None,
        nodes: Optional[int] = None,
        seconds: Optional[float] = None,
        jobs: int = 1,
        memo: bool = False,
        seed: Optional[int] = None,
        engine: Optional[str] = None,
    ) -> Count:
        """The number of solutions (any size); jobs=N threads; memo=True memoised; seed
        randomises the search order (same count, other nodes)."""
    def stats(
        self,
        *,
        limit: Optional[int] = None,
        nodes: Optional[int] = None,
        seconds: Optional[float] = None,
        jobs: int = 1,
        memo: bool = False,
        seed: Optional[int] = None,
        engine: Optional[str] = None,
    ) -> Union[Stats, MemoStats]:
        """Counts as count() does and returns the engine's statistics: updates and
        cleansings are None where the engine does not count them (a MemoStats with
        memo=True)."""
    def best(
        self,
        k: int = 1,
        *,
        nodes: Optional[int] = None,
        seconds: Optional[float] = None,
        jobs: int = 1,
    ) -> Found:
        """The k cheapest solutions as (cost, options) pairs, cheapest first."""
    def sample(
        self,
        n: int = 1,
        *,
        seed: int = 0,
        nodes: Optional[int] = None,
        seconds: Optional[float] = None,
    ) -> List[List[int]]:
        """n solutions drawn uniformly from the ZDD of all solutions."""
    def __len__(self) -> int: ...
