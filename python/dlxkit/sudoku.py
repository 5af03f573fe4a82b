"""Sudoku: solve, count, rate, explain and generate; variants and killer puzzles.

A puzzle is text in any format ``dlxkit sudoku`` reads: an 81-character line with ``.`` or
``0`` for an empty cell, a 9-line block, or another size (4x4, 16x16, ...)::

    >>> from dlxkit import sudoku
    >>> line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    >>> str(sudoku.solve(line))[:9]
    '483921657'
    >>> sudoku.count(line)
    1

Variants are keyword arguments (``variant="x"``, ``"windoku"``, ``"jigsaw"`` with
``regions=``, ``box="2x3"``); a killer puzzle is a :class:`Killer`. ``nodes=`` and
``seconds=`` bound any search; a count cut short says so in its ``status``.
"""

from ._dlxkit import sudoku as _sudoku

Grid = _sudoku.Grid
Killer = _sudoku.Killer
solve = _sudoku.solve
count = _sudoku.count
rate = _sudoku.rate
explain = _sudoku.explain
generate = _sudoku.generate
SOLVERS = _sudoku.SOLVERS

__all__ = ["Grid", "Killer", "SOLVERS", "count", "explain", "generate", "rate", "solve"]
