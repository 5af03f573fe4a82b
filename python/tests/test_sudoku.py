"""dlxkit.sudoku: solve, count, rate, explain and generate, checked against the rules and
against each other (every solver of the registry gives the same grid)."""

import dlxkit
import pytest
from dlxkit import sudoku

# Norvig's example (singles solve it) and a hard puzzle from his top 95.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def fills(puzzle: str, grid) -> bool:
    return all(p in ".0" or p == str(d) for p, d in zip(puzzle, grid.cells))


def test_solve_returns_a_grid_whose_str_is_the_line():
    grid = sudoku.solve(EASY)
    assert str(grid) == "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    assert grid.is_solved() and fills(EASY, grid) and grid.size == 9 and grid[0, 0] == 4
    assert grid == sudoku.Grid(str(grid))
    assert len(grid.pretty().splitlines()) >= 9


@pytest.mark.parametrize("solver", sudoku.SOLVERS)
def test_every_solver_gives_the_same_solution(solver):
    assert sudoku.solve(HARD, solver=solver) == sudoku.solve(HARD)


def test_counts():
    assert sudoku.count(EASY) == 1 and sudoku.count(HARD) == 1
    empty = sudoku.count("." * 81, limit=1000)
    assert (empty, empty.status) == (1000, "solution limit")
    # 4x4 grids: 288 in all.
    assert sudoku.count("." * 16) == 288


def test_bad_text_raises_with_the_line():
    with pytest.raises(dlxkit.ParseError) as caught:
        sudoku.solve("123")
    assert caught.value.line == 1 and "found one line of 3 cells" in str(caught.value)
    with pytest.raises(dlxkit.ParseError, match=r"digit 1 appears twice in row 1 \(r1c1 and r1c2\)"):
        sudoku.count("11" + "." * 79)
    with pytest.raises(dlxkit.ProblemError, match="unknown solver `magic`"):
        sudoku.solve(EASY, solver="magic")


def test_explain_steps_place_the_solutions_digits():
    steps = sudoku.explain(EASY)
    assert steps.status == "solved"
    solution = sudoku.solve(EASY)
    placed = {}
    for step in steps:
        assert set(step) == {"technique", "score", "cells", "placements", "eliminations", "text"}
        for row, col, digit in step["placements"]:
            assert solution[row, col] == digit
            placed[row, col] = digit
        for row, col, digit in step["eliminations"]:
            assert solution[row, col] != digit
    assert len(placed) == 81 - sum(c not in ".0" for c in EASY)
    hard = sudoku.explain(HARD)
    assert hard.status == "solved"
    assert {s["technique"] for s in hard} == {
        "naked single",
        "hidden single",
        "pointing",
        "direct pointing",
        "direct hidden pair",
    }
    for step in hard:
        for row, col, digit in step["eliminations"]:
            assert sudoku.solve(HARD)[row, col] != digit


def test_rate():
    easy = sudoku.rate(EASY)
    # Sudoku Explainer rates a hidden single in a box 1.2 and tries it before naked singles.
    assert (easy["answer"], easy["hardest"], easy["score"]) == ("unique", "hidden single", 1.2)
    hard = sudoku.rate(HARD)
    assert (hard["answer"], hard["hardest"], hard["score"]) == ("unique", "pointing", 2.6)
    # One of its pointing steps is found first as SE's direct pointing (1.7), which only places.
    assert hard["counts"]["pointing"] == 6
    assert hard["counts"]["direct pointing"] >= 1


def test_generate_makes_a_unique_puzzle_of_its_solution():
    puzzle, solution = sudoku.generate(5, symmetry="rotational")
    assert sudoku.count(str(puzzle)) == 1
    assert sudoku.solve(str(puzzle)) == solution and fills(str(puzzle), solution)
    assert sudoku.generate(5, symmetry="rotational")[0] == puzzle
    cells = str(puzzle)
    assert all((cells[k] == ".") == (cells[80 - k] == ".") for k in range(81))
    with pytest.raises(dlxkit.ProblemError, match="unknown symmetry `spiral`"):
        sudoku.generate(1, symmetry="spiral")
