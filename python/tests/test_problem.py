"""dlxkit.Problem: building, errors with their places, solutions, counts, limits, threads,
memoised counts beyond 2**64, the cheapest solutions and ZDD samples."""

import dlxkit
import pytest
from conftest import brute_force, solution_set

TOY = """\
| Knuth's example: A..E primary, F and G secondary
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
"""


def test_knuth_toy_from_text_and_from_values_agree():
    p = dlxkit.Problem.from_knuth(TOY)
    assert (p.items, p.secondary) == (list("ABCDE"), ["F", "G"])
    (solution,) = list(p.solutions())
    assert sorted(p.option_text(k) for k in solution) == ["A D", "B G", "C E F"]
    assert solution_set(p.solutions()) == {(0, 3, 4)}
    q = dlxkit.Problem(p.items, p.options, secondary=p.secondary)
    assert solution_set(q.solutions()) == {(0, 3, 4)}
    assert dlxkit.Problem.from_knuth(q.to_knuth()).options == p.options
    stats = p.stats(engine="links")
    assert (stats.solutions, stats.nodes, stats.updates, stats.status) == (1, 6, 30, "complete")
    assert stats.complete


COLOURS = """\
| Knuth's colour example (DLX2): one solution (A C X:1 Y:1, B X:1)
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
B X:1
C Y:1
"""


@pytest.mark.parametrize(
    "engine, toy, colours",
    [
        # Knuth's DLX1 on the toy and DLX2 on the colours: nodes, updates, cleansings.
        ("links", (6, 30, 0), (4, 14, 5)),
        # His SSXCC: nodes and updates; dancing cells keep no cleansings.
        ("cells", (5, 27, None), (3, 16, None)),
        # The bit sets search the links' tree and keep neither count.
        ("bits", (6, None, None), (4, None, None)),
    ],
)
def test_each_engine_names_itself_and_keeps_its_own_counts(engine, toy, colours):
    for text, (nodes, updates, cleansings) in ((TOY, toy), (COLOURS, colours)):
        p = dlxkit.Problem.from_knuth(text)
        stats = p.stats(engine=engine)
        assert stats.engine == engine
        assert (stats.solutions, stats.nodes, stats.updates, stats.cleansings) == (
            1,
            nodes,
            updates,
            cleansings,
        )
        assert f'engine="{engine}"' in repr(stats)
        assert p.count(engine=engine) == 1
        found = p.solutions(engine=engine)
        assert len(list(found)) == 1 and found.stats.engine == engine
        assert found.stats.updates == updates


def test_the_default_engine_keeps_no_updates_on_a_small_problem():
    # Small problems run on the bit sets; asking for the statistics does not move them.
    stats = dlxkit.Problem.from_knuth(TOY).stats()
    assert (stats.engine, stats.nodes, stats.updates, stats.cleansings) == ("bits", 6, None, None)
    assert "updates=None" in repr(stats)


def test_a_bad_engine_name_is_a_value_error():
    p = dlxkit.Problem.from_knuth(TOY)
    message = 'engine="knots": `knots` is not an engine: write links, cells or bits'
    for call in (p.stats, p.count, p.solutions):
        with pytest.raises(ValueError) as caught:
            call(engine="knots")
        assert str(caught.value) == message


def test_solutions_as_item_names():
    p = dlxkit.Problem.from_knuth(TOY)
    (names,) = list(p.solutions(names=True))
    assert sorted(sorted(o) for o in names) == [["A", "D"], ["B", "G"], ["C", "E", "F"]]


def test_colours_as_pairs_round_trip():
    p = dlxkit.Problem(
        ["A", "B"], [["A", ("X", "red")], ["B", ("X", "red")], ["B", ("X", "blue")]], ["X"]
    )
    assert p.options[0] == ["A", ("X", "red")]
    assert solution_set(p.solutions()) == {(0, 1)}
    (named,) = list(p.solutions(names=True))
    assert sorted(named) == [["A", ("X", "red")], ["B", ("X", "red")]]


def test_a_parse_error_carries_line_column_option_and_item():
    with pytest.raises(dlxkit.ParseError) as caught:
        dlxkit.Problem.from_knuth("A B\nA\nA C\n")
    err = caught.value
    assert str(err) == "line 3, column 3: option 2: unknown item `C`"
    assert (err.line, err.column, err.option, err.item) == (3, 3, 1, "C")
    assert isinstance(err, dlxkit.ProblemError) and isinstance(err, ValueError)
    with pytest.raises(dlxkit.ParseError) as caught:
        dlxkit.Problem.from_knuth("| only a comment\n")
    assert caught.value.item is None and isinstance(caught.value.line, int)
    assert "no items: the input holds only comments and blank lines" in str(caught.value)


@pytest.mark.parametrize(
    "items, options, secondary, message, option, item",
    [
        (["A"], [["A", "Z"]], [], "option 0: unknown item `Z`", 0, "Z"),
        (["A", "A"], [["A"]], [], "item `A` is declared twice", None, "A"),
        (["A"], [["A"], ["A", "A"]], [], "option 2: item `A` appears twice", 1, "A"),
        (["A"], [["A"], []], [], "option 2 is empty", 1, None),
        (["A"], [["A"], ["S"]], ["S"], "option 2 has no primary item", 1, None),
        (["A"], [[("A", "red")]], [], "option 1: primary item `A` cannot have a colour", 0, "A"),
        (["A"], ["A"], [], "option 0: an option is a list of item names, not the string 'A'", 0, None),
        (["A"], [["A", 3]], [], "option 0: an entry must be an item name or a (name, colour) pair of strings, not 3", 0, None),
    ],
)
def test_a_problem_error_names_its_option_and_item(items, options, secondary, message, option, item):
    with pytest.raises(dlxkit.ProblemError) as caught:
        dlxkit.Problem(items, options, secondary)
    err = caught.value
    assert str(err) == message
    assert (err.option, err.item, err.line, err.column) == (option, item, None, None)


def test_bad_bounds_costs_and_limits_are_refused():
    with pytest.raises(dlxkit.ProblemError, match="the lower bound 3 exceeds the upper bound 2"):
        dlxkit.Problem(["A"], [["A"]], bounds={"A": (3, 2)})
    with pytest.raises(dlxkit.ProblemError, match="bounds are given for `Q`"):
        dlxkit.Problem(["A"], [["A"]], bounds={"Q": (1, 2)})
    with pytest.raises(dlxkit.ProblemError, match="1 costs for 2 options"):
        dlxkit.Problem(["A"], [["A"], ["A"]], costs=[1])
    with pytest.raises(OverflowError):
        dlxkit.Problem(["A"], [["A"]], costs=[-1])
    p = dlxkit.Problem(["A"], [["A"]])
    with pytest.raises(dlxkit.ProblemError, match="seconds=-1"):
        p.count(seconds=-1)
    with pytest.raises(dlxkit.ProblemError, match="seconds=NaN"):
        p.count(seconds=float("nan"))
    with pytest.raises(dlxkit.ProblemError, match="jobs=0"):
        p.count(jobs=0)
    with pytest.raises(OverflowError):
        p.count(nodes=2**70)
    assert p.count(seconds=1e300) == 1  # a deadline past the clock's reach is no limit


def test_limits_say_the_count_was_cut_short():
    q = dlxkit.puzzles.queens(10)
    full = q.count()
    assert (full, full.status, full.complete) == (724, "complete", True)
    cut = q.count(limit=5)
    assert (cut, cut.status, cut.complete) == (5, "solution limit", False)
    assert repr(cut) == "Count(5, status='solution limit')"
    by_nodes = q.count(nodes=100)
    assert by_nodes.status == "node limit" and by_nodes < 724
    it = q.solutions(limit=3)
    assert it.status == "running" and it.stats is None
    assert len(list(it)) == 3
    assert it.status == "solution limit" and it.stats.solutions == 3


def test_the_first_of_about_a_trillion_solutions_arrives_at_once():
    # 40 items, each covered by either of two options: 2**40 (about 1.1 * 10**12) solutions.
    items = [f"x{k}" for k in range(40)]
    options = [[x] for x in items for _ in range(2)]
    p = dlxkit.Problem(items, options)
    it = p.solutions()
    first = next(it)
    p.check(first)  # raises if it is not a solution
    assert len(first) == 40 and it.status == "running"
    second = next(it)
    assert second != first
    it.close()
    assert p.count(memo=True) == 2**40


def test_a_memoised_count_beyond_2_to_the_64():
    # Domino tilings of a 2 x n board number F(n+1): 2 x 100 has F(101), about 5.7 * 10**20.
    fib = [0, 1]
    while len(fib) < 102:
        fib.append(fib[-1] + fib[-2])
    count = dlxkit.puzzles.dominoes(2, 100).count(memo=True)
    assert count == fib[101] > 2**64
    assert type(count) is dlxkit.Count and count.complete
    # And past 2**128 (the library counts again with arbitrary precision there).
    while len(fib) < 202:
        fib.append(fib[-1] + fib[-2])
    count = dlxkit.puzzles.dominoes(2, 200).count(memo=True)
    assert count == fib[201] > 2**128


def test_a_memoised_count_has_its_own_statistics():
    # A memoised count tries options and solves subproblems; it walks no tree of nodes.
    problem = dlxkit.puzzles.dominoes(4, 4)
    memo = problem.stats(memo=True)
    assert type(memo) is dlxkit.MemoStats
    assert (memo.solutions, memo.status) == (36, "complete") and memo.complete
    assert 0 < memo.states <= memo.options_tried
    assert not hasattr(memo, "nodes") and not hasattr(memo, "updates")
    plain = problem.stats()
    assert type(plain) is dlxkit.Stats and plain.solutions == 36
    assert not hasattr(plain, "options_tried") and not hasattr(plain, "states")
    cut = problem.stats(memo=True, nodes=3)
    assert (cut.status, cut.complete, cut.options_tried) == ("node limit", False, 3)


def test_two_threads_count_what_one_does():
    for problem in (dlxkit.puzzles.polyominoes(3, 20), dlxkit.puzzles.langford(8), dlxkit.puzzles.queens(9)):
        one = problem.stats()
        two = problem.stats(jobs=2)
        assert (two.solutions, two.nodes, two.engine, two.updates) == (
            one.solutions,
            one.nodes,
            one.engine,
            one.updates,
        )
        assert problem.count(jobs=2) == one.solutions
    assert dlxkit.puzzles.polyominoes(3, 20).count(jobs=2) == 8
    assert dlxkit.puzzles.langford(8).count(memo=True, jobs=2) == 300


def test_best_is_the_cheapest_by_brute_force():
    items = ["A", "B", "C", "D"]
    options = [["A", "B"], ["C", "D"], ["A"], ["B"], ["C"], ["D"], ["A", "C"], ["B", "D"], ["A", "B", "C", "D"]]
    costs = [3, 4, 1, 1, 2, 9, 2, 7, 10]
    p = dlxkit.Problem(items, options, costs=costs)
    every = sorted((sum(costs[k] for k in s), s) for s in brute_force(items, options))
    found = p.best(3)
    assert found.complete
    assert [cost for cost, _ in found] == [cost for cost, _ in every[:3]]
    for cost, s in found:
        p.check(s)
        assert sum(costs[k] for k in s) == cost


def test_samples_are_solutions_and_reproducible():
    p = dlxkit.puzzles.langford(8)
    drawn = p.sample(5, seed=11)
    assert len(drawn) == 5
    for s in drawn:
        p.check(s)
    assert p.sample(5, seed=11) == drawn
    assert dlxkit.Problem(["A"], [["A", "B"]], ["B"]).count() == 1
    assert dlxkit.Problem(["A", "B"], [["A"]]).sample(3) == []


def test_a_puzzle_problem_can_be_extended():
    q = dlxkit.puzzles.queens(6)
    assert q.count() == 4
    # A new primary item that only option 1 (a queen at row 0, column 1) covers forces it.
    options = [o + ["pin"] if k == 1 else o for k, o in enumerate(q.options)]
    pinned = dlxkit.Problem(q.items + ["pin"], options, q.secondary)
    expected = {s for s in solution_set(q.solutions()) if 1 in s}
    assert solution_set(pinned.solutions()) == expected and len(expected) == 1


def test_a_wrong_solution_is_named():
    p = dlxkit.Problem.from_knuth(TOY)
    with pytest.raises(dlxkit.ProblemError):
        p.check([0, 1])
    with pytest.raises(dlxkit.ProblemError, match="option 99 does not exist"):
        p.check([99])


def test_solutions_on_threads_come_in_one_threads_order():
    for problem in (dlxkit.puzzles.queens(8), dlxkit.puzzles.langford(7), dlxkit.puzzles.polyominoes(3, 20)):
        one = [tuple(s) for s in problem.solutions()]
        assert one, "each problem has solutions"
        assert [tuple(s) for s in problem.solutions(jobs=2)] == one
        unordered = [tuple(s) for s in problem.solutions(jobs=2, ordered=False)]
        assert sorted(unordered) == sorted(one)  # the same lists, each as its thread found it
        for s in unordered:
            problem.check(list(s))


def test_solutions_on_threads_stop_at_the_limit_in_order():
    q = dlxkit.puzzles.queens(10)
    first = [tuple(s) for s in q.solutions(limit=50)]
    it = q.solutions(limit=50, jobs=2)
    assert [tuple(s) for s in it] == first
    assert it.status == "solution limit"


def test_a_seed_changes_the_order_not_the_solutions():
    q = dlxkit.puzzles.queens(8)
    plain = [tuple(s) for s in q.solutions()]
    seeded = [tuple(s) for s in q.solutions(seed=7)]
    assert solution_set(seeded) == solution_set(plain) and len(plain) == 92
    assert seeded != plain
    assert [tuple(s) for s in q.solutions(seed=7)] == seeded  # reproducible
    assert q.count(seed=7) == 92
    assert q.stats(seed=7).nodes != q.stats().nodes
    with pytest.raises(dlxkit.SearchError, match="the memoised count .* does not take a seed"):
        q.count(seed=3, memo=True)


def test_a_plan_the_library_refuses_raises_its_reason():
    bounded = dlxkit.Problem(["A", "B"], [["A"], ["A", "B"], ["B"]], bounds={"A": (1, 2)})
    assert sorted(tuple(sorted(s)) for s in bounded.solutions()) == sorted(
        tuple(s) for s in brute_force(["A", "B"], [["A"], ["A", "B"], ["B"]], bounds={"A": (1, 2)})
    )
    # Algorithm M runs on threads as on one (the same solutions, in the same order, and count).
    assert list(bounded.solutions(jobs=2)) == list(bounded.solutions())
    assert bounded.count(jobs=2) == bounded.count() == 3
    # The minimum-cost search takes item bounds on threads as on one thread: the same K best.
    costed = dlxkit.Problem(
        ["A", "B"], [["A"], ["A", "B"], ["B"], ["A"]], bounds={"A": (1, 2)}, costs=[3, 5, 1, 2]
    )
    assert [cost for cost, _ in costed.best(4)] == [3, 4, 5, 6]
    assert sorted((c, sorted(o)) for c, o in costed.best(4, jobs=2)) == sorted(
        (c, sorted(o)) for c, o in costed.best(4)
    )
    # A plan the front door refuses raises its reason: the memoised count takes no
    # solution limit.
    with pytest.raises(dlxkit.SearchError, match="does not take a solution limit"):
        bounded.count(memo=True, limit=1)


def test_best_on_threads_finds_the_same_costs():
    import random

    rng = random.Random(5)
    for trial in range(6):
        items = [f"i{k}" for k in range(7)]
        options = [rng.sample(items, rng.randint(1, 3)) for _ in range(24)]
        costs = [rng.randint(0, 20) for _ in options]
        p = dlxkit.Problem(items, options, costs=costs)
        every = sorted(sum(costs[k] for k in s) for s in brute_force(items, options))
        for jobs in (1, 2):
            found = p.best(4, jobs=jobs)
            assert found.complete
            assert [cost for cost, _ in found] == every[:4], (trial, jobs)
            for cost, s in found:
                p.check(s)
                assert sum(costs[k] for k in s) == cost
