"""Covering puzzles encoded as exact cover problems (type stubs)."""

from typing import Optional

from . import Problem

def queens(n: int) -> Problem:
    """n queens: option r*n + c puts a queen at row r, column c."""

def polyominoes(rows: int, cols: int, pieces: str = "pentominoes", *, one_sided: bool = False) -> Problem:
    """Packing polyominoes into a rows x cols rectangle."""

def langford(n: int, *, reduce_symmetry: bool = False) -> Problem:
    """Langford pairs for n."""

def dominoes(rows: int, cols: int) -> Problem:
    """Domino tilings of a rows x cols board."""

def polyiamonds(
    board: str = "6x6", size: int = 6, *, one_sided: bool = False, distinct: bool = False
) -> Problem:
    """Every polyiamond of size triangles packed into board (WxH, hexagon:N, triangle:N)."""

def polyhexes(
    board: str = "7x4", size: int = 4, *, one_sided: bool = False, distinct: bool = False
) -> Problem:
    """Every polyhex of size hexagons packed into board (WxH, hexagon:N, triangle:N)."""

def polycubes(
    x: int = 3,
    y: int = 3,
    z: int = 3,
    pieces: str = "soma",
    *,
    reflections: bool = False,
    distinct: bool = False,
) -> Problem:
    """Polycubes (Soma's seven by default) packed into an x by y by z box."""

def shopping(text: Optional[str] = None) -> Problem:
    """A shopping list bought exactly once from bundles (the school-supplies example by default)."""
