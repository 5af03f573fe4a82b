"""dlxkit.sudoku beyond the plain 9x9: variants (Sudoku-X, jigsaw), box shapes, killer
puzzles (read, built, solved, counted, checked), and the limits of every search, each against
an independent oracle (brute force in Python, the published solutions in data/)."""

import itertools
from pathlib import Path

import dlxkit
import pytest
from dlxkit import sudoku

DATA = Path(__file__).resolve().parents[2] / "data" / "sudoku"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def all_4x4_grids():
    """Every filled 4x4 grid whose rows are permutations and columns distinct (by brute force)."""
    rows = list(itertools.permutations(range(1, 5)))
    for a, b, c, d in itertools.product(rows, repeat=4):
        if all(len({a[k], b[k], c[k], d[k]}) == 4 for k in range(4)):
            yield (a, b, c, d)


def regions_ok(grid, regions):
    return all(len({grid[r][c] for r, c in cells}) == len(cells) for cells in regions)


BOXES = [[(r + i, c + j) for i in range(2) for j in range(2)] for r in (0, 2) for c in (0, 2)]
DIAGONALS = [[(k, k) for k in range(4)], [(k, 3 - k) for k in range(4)]]
JIGSAW = "AABB\nACBB\nACCD\nCDDD"


def jigsaw_regions():
    cells = {}
    for r, line in enumerate(JIGSAW.split()):
        for c, symbol in enumerate(line):
            cells.setdefault(symbol, []).append((r, c))
    return list(cells.values())


@pytest.mark.parametrize("solver", ["dlx", "mrv"])
def test_variant_counts_equal_brute_force(solver):
    grids = list(all_4x4_grids())
    standard = sum(regions_ok(g, BOXES) for g in grids)
    x = sum(regions_ok(g, BOXES + DIAGONALS) for g in grids)
    jigsaw = sum(regions_ok(g, jigsaw_regions()) for g in grids)
    assert standard == 288
    assert sudoku.count("." * 16, solver=solver) == standard
    assert sudoku.count("." * 16, solver=solver, variant="x") == x
    assert sudoku.count("." * 16, solver=solver, variant="jigsaw", regions=JIGSAW) == jigsaw
    assert 0 < x < standard and 0 < jigsaw


def test_a_variant_solution_keeps_its_rules():
    grid = sudoku.solve("1..." + "." * 12, variant="x")
    rows = [[grid[r, c] for c in range(4)] for r in range(4)]
    assert grid.is_solved() and regions_ok(rows, BOXES + DIAGONALS)
    assert sudoku.Grid("." * 16, variant="x").variant == "x"
    solved = sudoku.solve("." * 16, variant="jigsaw", regions=JIGSAW)
    rows = [[solved[r, c] for c in range(4)] for r in range(4)]
    assert regions_ok(rows, jigsaw_regions())


def test_box_shapes_and_bad_rules_are_named():
    six = sudoku.solve("." * 36, box="2x3")
    assert six.size == 6 and six.is_solved()
    assert sudoku.count("." * 36, box="3x2", limit=5) == 5
    with pytest.raises(ValueError, match='regions= gives a jigsaw.s regions: use it with variant="jigsaw", not "x"'):
        sudoku.solve("." * 16, variant="x", regions=JIGSAW)
    with pytest.raises(ValueError, match="variant=\"killer\": unknown variant `killer`"):
        sudoku.solve("." * 81, variant="killer")
    with pytest.raises(ValueError, match="box=\"2y3\""):
        sudoku.solve("." * 36, box="2y3")


def test_limits_cut_sudoku_searches_short_and_say_so():
    counted = sudoku.count("." * 81, nodes=500)
    assert counted.status == "node limit" and not counted.complete and counted >= 0
    counted = sudoku.count("." * 81, limit=10)
    assert (counted, counted.status) == (10, "solution limit")
    assert sudoku.count("." * 81, seconds=0).status == "time limit"
    with pytest.raises(dlxkit.SearchError, match=r"the search stopped \(node limit\) after"):
        sudoku.solve(HARD, solver="naive", nodes=10)
    with pytest.raises(ValueError, match="seconds=-1"):
        sudoku.solve(HARD, seconds=-1)


def killer_texts():
    """The killer puzzles of data/sudoku/killer.txt, one text each (blank lines part them)."""
    blocks = DATA.joinpath("killer.txt").read_text().split("\n\n")
    return [b for b in blocks if any(line and not line.startswith("#") for line in b.splitlines())]


def test_killers_solve_to_the_published_solutions():
    texts = killer_texts()
    solutions = DATA.joinpath("killer_solutions.txt").read_text().split()
    assert len(texts) == len(solutions) == 3
    for text, published in zip(texts, solutions):
        k = sudoku.Killer(text)
        solved = k.solve()
        assert str(solved) == published
        k.check(solved)
        unique = k.count(limit=2)
        assert (unique, unique.status) == (1, "complete")
        again = sudoku.Killer(str(k))  # the cage list reads back
        assert again.cages == k.cages and str(again.solve()) == published


def test_killer_from_cages_and_its_errors():
    # 4x4: rows as cages of two cells; brute force gives the count.
    cages = [(3, [(0, 0), (0, 1)]), (7, [(0, 2), (0, 3)]), (5, [(3, 0), (3, 1)])]
    k = sudoku.Killer.from_cages(cages, size=4)
    assert k.size == 4 and k.cages == cages and k.givens.givens == 0

    def fits(g):
        cells = lambda cage: [g[r][c] for r, c in cage[1]]
        return regions_ok(g, BOXES) and all(sum(cells(c)) == c[0] for c in cages)

    expected = sum(fits(g) for g in all_4x4_grids())
    assert 0 < expected and k.count() == expected
    with pytest.raises(ValueError, match="is in two cages"):
        sudoku.Killer.from_cages([(3, [(0, 0), (0, 1)]), (4, [(0, 1), (1, 1)])], size=4)
    with pytest.raises(ValueError, match=r"cage 1 \(sum 3\): cell \(4, 0\) is outside the 4x4 grid"):
        sudoku.Killer.from_cages([(3, [(4, 0)])], size=4)
    # A Sudoku whose first two cages add up but whose third (r4c1 r4c2 = 4 + 3) does not.
    with pytest.raises(ValueError, match="cage 3"):
        k.check(sudoku.Grid("1234341221434321"))
    with pytest.raises(dlxkit.ParseError, match="a second killer puzzle"):
        sudoku.Killer(killer_texts()[0] + "\n\n" + killer_texts()[1])


def test_a_killer_search_under_a_limit_says_so():
    hard = sudoku.Killer(killer_texts()[1])
    with pytest.raises(dlxkit.SearchError, match=r"stopped \(node limit\)"):
        hard.solve(nodes=1)
    counted = hard.count(nodes=1)
    assert counted.status == "node limit"
