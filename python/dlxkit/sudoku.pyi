"""Sudoku: solve, count, rate, explain and generate; variants and killer puzzles (type stubs)."""

from typing import Any, Dict, List, Optional, Tuple

from . import Count, Found

SOLVERS: List[str]

class Grid:
    """A Sudoku grid; ``str(grid)`` is its line of digits (``.`` for empty)."""

    def __init__(
        self,
        text: str,
        *,
        variant: str = "standard",
        regions: Optional[str] = None,
        box: Optional[str] = None,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def size(self) -> int: ...
    @property
    def cells(self) -> List[int]: ...
    @property
    def givens(self) -> int: ...
    def is_solved(self) -> bool: ...
    def __getitem__(self, at: Tuple[int, int]) -> int: ...
    def pretty(self) -> str: ...

def solve(
    text: str,
    *,
    solver: str = "dlx",
    variant: str = "standard",
    regions: Optional[str] = None,
    box: Optional[str] = None,
    nodes: Optional[int] = None,
    seconds: Optional[float] = None,
) -> Optional[Grid]:
    """The solution (the first found), or None when there is none; SearchError when a
    limit stopped the search before a solution."""

def count(
    text: str,
    *,
    limit: Optional[int] = None,
    solver: str = "dlx",
    variant: str = "standard",
    regions: Optional[str] = None,
    box: Optional[str] = None,
    nodes: Optional[int] = None,
    seconds: Optional[float] = None,
) -> Count:
    """The number of solutions, up to limit; its status says whether a limit cut it short."""

def explain(
    text: str, *, variant: str = "standard", regions: Optional[str] = None, box: Optional[str] = None
) -> Found:
    """Steps as dicts: technique, score, cells, placements, eliminations, text."""

def rate(
    text: str, *, variant: str = "standard", regions: Optional[str] = None, box: Optional[str] = None
) -> Dict[str, Any]:
    """score, level, hardest, answer, guesses, counts."""

Cage = Tuple[int, List[Tuple[int, int]]]

class Killer:
    """A killer Sudoku: cages with sums (distinct digits) over a grid."""

    def __init__(
        self,
        text: str,
        *,
        variant: str = "standard",
        regions: Optional[str] = None,
        box: Optional[str] = None,
    ) -> None: ...
    @staticmethod
    def from_cages(cages: List[Cage], *, size: int = 9, givens: Optional[str] = None) -> "Killer": ...
    @property
    def size(self) -> int: ...
    @property
    def givens(self) -> Grid: ...
    @property
    def cages(self) -> List[Cage]: ...
    def solve(self, *, nodes: Optional[int] = None, seconds: Optional[float] = None) -> Optional[Grid]:
        """The solution, or None; SearchError when a limit stopped the search first."""
    def count(
        self, *, limit: Optional[int] = None, nodes: Optional[int] = None, seconds: Optional[float] = None
    ) -> Count:
        """The number of solutions, up to limit, with its status."""
    def check(self, grid: Grid) -> None:
        """Raises ValueError saying why grid does not solve the puzzle."""

def generate(
    seed: int = 0, *, size: int = 9, symmetry: str = "none", givens: Optional[int] = None
) -> Tuple[Grid, Grid]:
    """(puzzle, solution): a puzzle with a unique solution, reproducible from seed."""
