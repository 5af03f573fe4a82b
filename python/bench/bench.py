"""dlxkit against xcover and exact-cover (PyPI), side by side in one run, from Python.

    pip install ./python xcover exact-cover exact-cover-samples
    python python/bench/bench.py [--repeat 3] [--cpu]

Each row times the same problem in every package that can state it (best of --repeat wall
times, after one untimed warm-up run that also compiles xcover's numba code) and checks
that all agree on the answer. Speed is given as ratios against dlxkit measured in the same
run. exact-cover has no secondary items or colours: 12 queens gets a slack option per
diagonal there (the same solutions), and the coloured instance is left out. The column
`dlxkit jobs=2` is the same count on two threads (neither other package has threads); the
load average is printed with the table, since wall times on a shared machine depend on it.
"""

import argparse
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

import dlxkit

ROOT = Path(__file__).resolve().parents[2]


def clock():
    """The process's CPU time (every thread's, user and system) with --cpu, else wall time."""
    return time.process_time() if CPU else time.perf_counter()


CPU = False


def best_of(repeat, run):
    answer = run()  # warm-up (and xcover's JIT compilation)
    times = []
    for _ in range(repeat):
        t = clock()
        again = run()
        times.append(clock() - t)
        assert again == answer
    return min(times), answer


def matrix_of(problem):
    """The 0/1 matrix of an all-primary problem, for exact-cover."""
    items = {name: k for k, name in enumerate(problem.items)}
    m = np.zeros((len(problem), len(items)), dtype=np.int32)
    for r, option in enumerate(problem.options):
        for name in option:
            m[r, items[name]] = 1
    return m


def queens_with_slack(n):
    """n queens with every diagonal primary and a one-item slack option each."""
    q = dlxkit.puzzles.queens(n)
    options = q.options + [[d] for d in q.secondary]
    return dlxkit.Problem(q.items + q.secondary, options)


def coloured_instance(seed=1):
    """Random: 36 primary items, 10 secondary, 400 options of 3 primary items and 2 coloured
    secondary ones (19 solutions; large enough that the search, not the call, is timed)."""
    rng = random.Random(seed)
    items = [f"p{k}" for k in range(36)]
    second = [f"s{k}" for k in range(10)]
    options = []
    for _ in range(400):
        o = rng.sample(items, 3)
        for s in rng.sample(second, 2):
            o.append((s, rng.choice("RGB")))
        options.append(o)
    return dlxkit.Problem(items, options, secondary=second)


def sudoku_problem(line):
    """A 9x9 puzzle as 324 primary items, only the options its givens allow."""
    items = [f"p{r}{c}" for r in range(9) for c in range(9)]
    items += [f"{kind}{u}{d}" for kind in "RCB" for u in range(9) for d in range(1, 10)]
    options = []
    for r in range(9):
        for c in range(9):
            given = line[9 * r + c]
            for d in range(1, 10):
                if given not in ".0" and int(given) != d:
                    continue
                options.append([f"p{r}{c}", f"R{r}{d}", f"C{c}{d}", f"B{3 * (r // 3) + c // 3}{d}"])
    return dlxkit.Problem(items, options)


def xcover_count(problem, colored=False):
    import xcover

    options = [[e if isinstance(e, str) else f"{e[0]}:{e[1]}" for e in o] for o in problem.options]
    return lambda: sum(
        1 for _ in xcover.covers(options, primary=problem.items, secondary=problem.secondary, colored=colored)
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpu", action="store_true",
                        help="time by the process's CPU time, not wall time (for a machine shared "
                        "with other work; the jobs=2 column then shows both threads' CPU)")
    args = parser.parse_args()
    global CPU
    CPU = args.cpu
    import exact_cover
    import xcover

    rows = []
    load_start = os.getloadavg()

    def row(name, dl, xc=None, ec=None, dl2=None):
        t_dl, a = best_of(args.repeat, dl)
        cells = [name, f"{a}", f"{t_dl * 1e3:.1f}"]
        if dl2 is None:
            cells.append("n/a")
        else:
            t2, b = best_of(args.repeat, dl2)
            assert b == a, (name, a, b)
            cells.append(f"{t2 * 1e3:.1f}")
        for other in (xc, ec):
            if other is None:
                cells.append("n/a")
                continue
            t, b = best_of(args.repeat, other)
            assert b == a, (name, a, b)
            cells.append(f"{t * 1e3:.1f} ({t / t_dl:.1f}x)")
        rows.append(cells)
        print(" | ".join(cells), file=sys.stderr)

    pent = dlxkit.puzzles.polyominoes(6, 10)
    row("pentominoes 6x10 (count)", lambda: int(pent.count()), xcover_count(pent),
        lambda: int(exact_cover.get_solution_count(matrix_of(pent))), lambda: int(pent.count(jobs=2)))
    q = dlxkit.puzzles.queens(12)
    qs = queens_with_slack(12)
    row("12 queens (count)", lambda: int(q.count()), xcover_count(q),
        lambda: int(exact_cover.get_solution_count(matrix_of(qs))), lambda: int(q.count(jobs=2)))
    col = coloured_instance()
    row("random coloured, 36+10 items, 400 options (count)", lambda: int(col.count()),
        xcover_count(col, colored=True), None, lambda: int(col.count(jobs=2)))

    lines = [l.strip() for l in (ROOT / "data/sudoku/norvig_top95.txt").read_text().splitlines() if len(l.strip()) == 81]
    grids = [sudoku_problem(l) for l in lines]
    row(
        f"Sudoku: Norvig's top {len(lines)}, first solution each",
        lambda: sum(sudoku_first(l) for l in lines),
        lambda: sum(1 for g in grids for _ in [next(xcover.covers(
            [list(o) for o in g.options], primary=g.items))]),
        lambda: sum(1 for g in grids if exact_cover.get_exact_cover(matrix_of(g)) is not None),
    )

    # Per-call cost of a 9x9 solve from Python: Norvig's easy example, many times.
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    n = 20000
    per_call = []
    for _ in range(args.repeat):
        t = clock()
        for _ in range(n):
            dlxkit.sudoku.solve(easy)
        per_call.append((clock() - t) / n)
    print(f"dlxkit.sudoku.solve of an easy 9x9 from Python: {min(per_call) * 1e6:.1f} us per call (parse, solve, Grid)", file=sys.stderr)

    load_end = os.getloadavg()
    print(f"{'CPU' if CPU else 'wall'} times; load average (1, 5, 15 min): {load_start} at the start, "
          f"{load_end} at the end\n")
    print("| problem | answer | dlxkit ms | dlxkit jobs=2 ms | xcover ms (x dlxkit) | exact-cover ms (x dlxkit) |")
    print("|---|---|---|---|---|---|")
    for cells in rows:
        print("| " + " | ".join(cells) + " |")
    print(f"\nsudoku.solve per call: {min(per_call) * 1e6:.1f} us")


def sudoku_first(line):
    return 1 if dlxkit.sudoku.solve(line) is not None else 0


if __name__ == "__main__":
    main()
