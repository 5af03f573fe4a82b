"""Exact cover with Knuth's dancing links, from Python.

An exact cover problem has *items* and *options* (lists of items); a solution is a set of
options that covers every *primary* item exactly once and every *secondary* item at most
once (or, with colours, only with one colour)::

    >>> import dlxkit
    >>> p = dlxkit.Problem(["A", "B", "C"], [["A", "B"], ["C"], ["A"], ["B", "C"]])
    >>> sorted(sorted(s) for s in p.solutions())
    [[0, 1], [2, 3]]
    >>> p.count()
    2

The search runs in Rust without holding the GIL; Ctrl-C stops it. ``dlxkit.sudoku`` solves,
counts, rates, explains and generates Sudoku; ``dlxkit.puzzles`` encodes other covering
puzzles as problems.
"""

from ._dlxkit import (
    DlxkitError,
    MemoStats,
    ParseError,
    Problem,
    ProblemError,
    SearchError,
    Solutions,
    Stats,
)
from . import puzzles, sudoku

__all__ = [
    "Count",
    "DlxkitError",
    "Found",
    "MemoStats",
    "ParseError",
    "Problem",
    "ProblemError",
    "SearchError",
    "Solutions",
    "Stats",
    "puzzles",
    "sudoku",
]


class Count(int):
    """A number of solutions: an ``int`` that also says whether a limit cut the count short.

    ``status`` is ``"complete"``, or the limit that ended the search (``"solution limit"``,
    ``"node limit"``, ``"time limit"``); ``complete`` is ``status == "complete"``.
    """

    status: str

    def __new__(cls, value: int, status: str = "complete") -> "Count":
        self = super().__new__(cls, value)
        self.status = status
        return self

    @property
    def complete(self) -> bool:
        """Whether the search ran to the end (``status == "complete"``)."""
        return self.status == "complete"

    def __repr__(self) -> str:
        if self.complete:
            return int.__repr__(self)
        return f"Count({int.__repr__(self)}, status={self.status!r})"


class Found(list):
    """A list of results that also says whether a limit cut the search short (``status``)."""

    status: str

    def __init__(self, items=(), status: str = "complete") -> None:
        super().__init__(items)
        self.status = status

    @property
    def complete(self) -> bool:
        """Whether the search ran to the end (``status == "complete"``)."""
        return self.status == "complete"
