"""Covering puzzles encoded as exact cover problems.

Each encoder returns a :class:`dlxkit.Problem`; search it as it is, or extend it (its
``items``, ``secondary`` and ``options`` are plain lists to build a new problem from)::

    >>> from dlxkit import puzzles
    >>> puzzles.queens(8).count()
    92
    >>> puzzles.polyominoes(6, 10).count()
    9356
"""

from ._dlxkit import puzzles as _puzzles

queens = _puzzles.queens
polyominoes = _puzzles.polyominoes
langford = _puzzles.langford
dominoes = _puzzles.dominoes
polyiamonds = _puzzles.polyiamonds
polyhexes = _puzzles.polyhexes
polycubes = _puzzles.polycubes
shopping = _puzzles.shopping

__all__ = [
    "dominoes",
    "langford",
    "polycubes",
    "polyhexes",
    "polyiamonds",
    "polyominoes",
    "queens",
    "shopping",
]
