"""Shared helpers: an optional package is skipped loudly when missing, and fails the run
under CI=true (CI installs every package the tests use)."""

import importlib
import itertools
import os

import pytest


def need(module: str):
    """Imports `module`, or skips the test saying so (a failure under CI=true)."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        message = f"MISSING PACKAGE {module!r} ({err}): test not run; pip install it"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI=true: every package must be installed)")
        pytest.skip(message)


def brute_force(items, options, secondary=(), bounds=None):
    """Every solution by trying every subset of options: the oracle for small problems.

    `options` are lists of names or (name, colour) pairs, as dlxkit.Problem takes them.
    A primary item must be covered within its bounds (exactly once by default); a
    secondary item at most once, or any number of times with one colour.
    """
    bounds = bounds or {}
    found = []
    # Each option that names a primary item covers at least one of their number of places
    # (the sum of the upper bounds): no solution holds more options than those places and
    # the options without a primary item, so larger subsets need not be tried.
    names = set(items)
    places = sum(bounds.get(name, (1, 1))[1] for name in items)
    free = sum(
        not any((e if isinstance(e, str) else e[0]) in names for e in option) for option in options
    )
    for r in range(min(len(options), places + free) + 1):
        for chosen in itertools.combinations(range(len(options)), r):
            times = {}
            colours = {}
            ok = True
            for k in chosen:
                for entry in options[k]:
                    name, colour = (entry, None) if isinstance(entry, str) else entry
                    if colour is None:
                        times[name] = times.get(name, 0) + 1
                    else:
                        colours.setdefault(name, set()).add(colour)
            for name in secondary:
                if times.get(name, 0) > 1 or (times.get(name, 0) and name in colours):
                    ok = False
                if len(colours.get(name, ())) > 1:
                    ok = False
            for name in items:
                lo, hi = bounds.get(name, (1, 1))
                if not lo <= times.get(name, 0) <= hi:
                    ok = False
            if ok:
                found.append(tuple(sorted(chosen)))
    return set(found)


def solution_set(solutions):
    return {tuple(sorted(s)) for s in solutions}
