"""dlxkit.puzzles beyond rectangles: polyiamonds, polyhexes, polycubes and the shopping list,
each checked against a published count (sources named) and every solution checked."""

import dlxkit
import pytest
from dlxkit import puzzles


@pytest.mark.parametrize(
    "make, every, distinct",
    [
        # The 12 hexiamonds in a 6x6 rhombus: 624, the count of the problem Knuth's
        # POLYIAMOND-DLX writes for this board (tests/knuth/SOURCES.md), 156 up to symmetry.
        (lambda **k: puzzles.polyiamonds("6x6", 6, **k), 624, 156),
        # The 7 tetrahexes in a 7x4 parallelogram: 18, as POLYIAMOND-DLX's file of the same
        # board in triangles (tests/knuth/SOURCES.md), 9 up to symmetry.
        (lambda **k: puzzles.polyhexes("7x4", 4, **k), 18, 9),
        # Soma: 240 solutions up to rotation and reflection (Conway and Guy, Winning Ways),
        # 11,520 = 240 x 48 labelled ones.
        (lambda **k: puzzles.polycubes(**k), 11520, 240),
    ],
)
def test_published_counts(make, every, distinct):
    assert make().count() == every
    problem = make(distinct=True)
    assert problem.count() == distinct
    for solution in problem.solutions(limit=20):
        problem.check(solution)


def test_the_shopping_list():
    school = puzzles.shopping()
    assert school.count() == 3  # the module's story: exactly three ways to shop
    text = "need: pencils eraser ruler\ndesk-set: pencils eraser ruler\nwriting-set: pencils eraser\nsingle-ruler: ruler\n"
    small = puzzles.shopping(text)
    assert small.items == ["pencils", "eraser", "ruler"]
    found = sorted(sorted(map(sorted, s)) for s in small.solutions(names=True))
    assert found == [[["eraser", "pencils"], ["ruler"]], [["eraser", "pencils", "ruler"]]]


def test_bad_puzzle_parameters_are_named():
    with pytest.raises(ValueError, match="`star:3` is not a board shape"):
        puzzles.polyiamonds("star:3")
    with pytest.raises(dlxkit.ProblemError):
        puzzles.polycubes(0, 3, 3)
    with pytest.raises(dlxkit.ProblemError):
        puzzles.shopping("no need line here\n")
