"""Covering puzzles encoded as exact cover problems (type stubs)."""

from . import Problem

def queens(n: int) -> Problem:
    """n queens: option r*n + c puts a queen at row r, column c."""

def polyominoes(rows: int, cols: int, pieces: str = "pentominoes", *, one_sided: bool = False) -> Problem:
    """Packing polyominoes into a rows x cols rectangle."""

def langford(n: int, *, reduce_symmetry: bool = False) -> Problem:
    """Langford pairs for n."""

def dominoes(rows: int, cols: int) -> Problem:
    """Domino tilings of a rows x cols board."""
