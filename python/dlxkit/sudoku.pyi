"""Sudoku: solve, count, rate, explain and generate (type stubs)."""

from typing import Any, Dict, List, Optional, Tuple

from . import Count, Found

SOLVERS: List[str]

class Grid:
    """A Sudoku grid; ``str(grid)`` is its line of digits (``.`` for empty)."""

    def __init__(self, text: str) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def cells(self) -> List[int]: ...
    @property
    def givens(self) -> int: ...
    def is_solved(self) -> bool: ...
    def __getitem__(self, at: Tuple[int, int]) -> int: ...
    def pretty(self) -> str: ...

def solve(text: str, *, solver: str = "dlx") -> Optional[Grid]:
    """The solution (the first found), or None when there is none."""

def count(text: str, *, limit: Optional[int] = None, solver: str = "dlx") -> Count:
    """The number of solutions, up to limit."""

def explain(text: str) -> Found:
    """Steps as dicts: technique, score, cells, placements, eliminations, text."""

def rate(text: str) -> Dict[str, Any]:
    """score, level, hardest, answer, guesses, counts."""

def generate(
    seed: int = 0, *, size: int = 9, symmetry: str = "none", givens: Optional[int] = None
) -> Tuple[Grid, Grid]:
    """(puzzle, solution): a puzzle with a unique solution, reproducible from seed."""
