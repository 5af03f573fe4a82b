"""The same answers as the packages people use: every problem of `exact-cover-samples`
gives its published solution set; random coloured problems give `xcover`'s solutions and
a brute-force oracle's."""

import random

import dlxkit
import pytest
from conftest import brute_force, need, solution_set


def samples():
    ecs = need("exact_cover_samples")
    return ecs


def test_every_exact_cover_sample_gives_the_same_solution_set():
    ecs = samples()
    checked = 0
    for shortname, make in ecs.problems.items():
        sample = make()
        data = sample["data"]
        rows, cols = data.shape
        items = [f"i{c}" for c in range(cols)]
        # Two samples hold empty rows, which no published solution uses; dlxkit refuses an
        # empty option (as Knuth's programs do), so they are left out and the indices
        # mapped back to the sample's rows.
        rows_kept = [r for r in range(rows) if data[r].any()]
        options = [[f"i{c}" for c in range(cols) if data[r, c]] for r in rows_kept]
        problem = dlxkit.Problem(items, options)
        expected = ecs.canonical(sample["solutions"])
        found = {tuple(sorted(rows_kept[k] for k in s)) for s in problem.solutions()}
        assert found == expected, shortname
        assert problem.count() == len(expected), shortname
        checked += 1
    assert checked == len(ecs.problems) >= 27


def random_coloured(rng, primary, secondary, options, colours):
    items = [f"p{k}" for k in range(primary)]
    second = [f"s{k}" for k in range(secondary)]
    opts = []
    while len(opts) < options:
        chosen = rng.sample(items, rng.randint(1, min(3, primary)))
        for name in rng.sample(second, rng.randint(0, min(2, secondary))):
            if rng.random() < 0.7:
                chosen.append((name, rng.choice(colours)))
            else:
                chosen.append(name)
        opts.append(chosen)
    return items, second, opts


def test_random_coloured_problems_agree_with_xcover_and_brute_force():
    xcover = need("xcover")
    rng = random.Random(31)
    compared = 0
    for _ in range(60):
        items, second, opts = random_coloured(
            rng, rng.randint(2, 6), rng.randint(1, 3), rng.randint(3, 12), ["R", "G", "B"]
        )
        problem = dlxkit.Problem(items, opts, secondary=second)
        ours = solution_set(problem.solutions())
        # xcover writes a coloured entry as "item:colour"; an uncoloured secondary entry
        # as the bare name.
        theirs_options = [
            [e if isinstance(e, str) else f"{e[0]}:{e[1]}" for e in o] for o in opts
        ]
        theirs = solution_set(
            xcover.covers(theirs_options, primary=items, secondary=second, colored=True)
        )
        assert ours == theirs, (items, second, opts)
        assert ours == brute_force(items, opts, second), (items, second, opts)
        compared += 1
    assert compared == 60


def test_random_bounded_problems_agree_with_brute_force():
    rng = random.Random(7)
    for _ in range(60):
        items = [f"p{k}" for k in range(rng.randint(2, 5))]
        second = ["s0", "s1"]
        opts = []
        for _ in range(rng.randint(3, 11)):
            o = rng.sample(items, rng.randint(1, len(items)))
            if rng.random() < 0.4:
                o.append(rng.choice(second))
            opts.append(o)
        bounds = {}
        for name in items:
            if rng.random() < 0.5:
                lo = rng.randint(0, 2)
                bounds[name] = (lo, lo + rng.randint(0 if lo else 1, 2))
        problem = dlxkit.Problem(items, opts, secondary=second, bounds=bounds)
        expected = brute_force(items, opts, second, bounds)
        assert solution_set(problem.solutions()) == expected, (items, opts, bounds)
        # The memoised count (bounds in its memo key) and its ZDD's samples agree too.
        assert problem.count(memo=True) == len(expected), (items, opts, bounds)
        if expected:
            drawn = problem.sample(5, seed=1)
            assert {tuple(sorted(s)) for s in drawn} <= expected, (items, opts, bounds)
