"""The nearest answer when a target is not reached (``reach(..., nearest=True)`` and
``reach_targets``), against the brute-force oracle of ``tests/core/search_oracle.py``.

The oracle lists every value every calculation reaches (every ordered selection, operator
row and bracketing, exact fractions); the nearest below and above the target are read off
it. The search must give exactly those values, in order of distance, each with a legal
calculation equal to it over as few numbers as the oracle needs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.expr import Num, evaluate, first_bad_step, operations
from solver.search import SearchRules, reach, reach_targets

from tests.core.search_oracle import naive_reach, naive_values
from tests.core.search_strategies import cases, hands, search_rules

ORACLE = settings(max_examples=200, deadline=None)


def numbers_used(e) -> list[int]:
    if isinstance(e, Num):
        return [e.value]
    return numbers_used(e.left) + numbers_used(e.right)


def oracle_values(numbers, rules: SearchRules, min_numbers: int = 1) -> set[Fraction]:
    """Every value of a calculation over a part of ``numbers`` of an allowed size."""
    n = len(numbers)
    sizes = [k for k in range(max(1, min_numbers), n + 1) if k == n or not rules.use_all]
    out: set[Fraction] = set()
    for k in sizes:
        for positions in itertools.combinations(range(n), k):
            out |= naive_values([numbers[p] for p in positions], rules.order, rules.ops, rules.intermediates)
    return out


def oracle_nearest(numbers, target, rules: SearchRules, min_numbers: int = 1) -> list[tuple[Fraction, Fraction]]:
    """(value, distance) of the nearest value below and of the nearest above, nearest first."""
    values = oracle_values(numbers, rules, min_numbers)
    below = [v for v in values if v < target]
    above = [v for v in values if v > target]
    sides = ([max(below)] if below else []) + ([min(above)] if above else [])
    return sorted(((v, abs(v - target)) for v in sides), key=lambda p: p[1])


def check_calculation(near, numbers, rules: SearchRules, min_numbers: int = 1) -> None:
    """The calculation is legal under ``rules``, equals the value, and uses as few numbers as any."""
    e = near.expression
    assert evaluate(e) == near.value
    assert not Counter(numbers_used(e)) - Counter(numbers)
    assert operations(e) <= rules.ops
    assert first_bad_step(e, rules.intermediates) is None
    if rules.use_all:
        assert sorted(numbers_used(e)) == sorted(numbers)
    else:
        fewest, _ = naive_reach(numbers, near.value, rules.order, rules.ops, rules.intermediates,
                                min_numbers=min_numbers, stop_at_first_size=True)
        assert len(numbers_used(e)) == fewest


@ORACLE
@given(cases(min_size=1, max_size=4))
def test_nearest_agrees_with_the_brute_force_oracle(case):
    """Unreached: the values nearest below and above are the oracle's, each with a fewest-numbers
    calculation; reached: no nearest at all."""
    r = reach(case.numbers, case.target, case.rules, min_numbers=case.min_numbers, nearest=True)
    if r.min_cards is not None:
        assert r.nearest == ()
        return
    got = [(n.value, n.distance) for n in r.nearest]
    assert got == oracle_nearest(case.numbers, Fraction(case.target), case.rules, case.min_numbers)
    for near in r.nearest:
        check_calculation(near, case.numbers, case.rules, case.min_numbers)


@ORACLE
@given(hands(1, 4), search_rules(), st.integers(0, 30), st.integers(1, 30))
def test_every_target_gets_the_nearest_of_its_own_question(numbers, rules, lo, width):
    """``reach_targets``: a missed target's nearest values are those ``reach(..., nearest=True)`` gives."""
    r = reach_targets(numbers, range(lo, lo + width), rules)
    for t, k, near in zip(r.targets, r.min_cards, r.nearest):
        if k is not None:
            assert near == ()
            continue
        alone = reach(numbers, t, rules, nearest=True)
        assert [(n.value, n.distance) for n in near] == [(n.value, n.distance) for n in alone.nearest]
        for n in near:
            check_calculation(n, numbers, rules)


def test_the_issue_s_example_and_the_json_key():
    """1 1 2 2 3 3 cannot make 999: the largest value they reach is 81 (nothing above)."""
    r = reach([1, 1, 2, 2, 3, 3], 999, nearest=True)
    assert r.as_dict()["nearest"] == [{"value": 81, "distance": 918, "expression": "3×3×(2+1)×(2+1)"}]
    assert reach([25, 50, 75, 100, 3, 6], 952, nearest=True).as_dict()["nearest"] == []
    both = reach([2, 3, 5], 12, nearest=True).as_dict()["nearest"]
    assert [(n["value"], n["distance"]) for n in both] == [(11, 1), (13, 1)]


def test_a_nearest_past_the_budget_is_unknown_not_an_error():
    """The question is answered (unreachable); the nearest, which would pass the step budget, is None."""
    r = reach([1, 1, 2, 2, 3, 3], 999, nearest=True, max_work=2000)
    assert r.min_cards is None and r.nearest is None and r.as_dict()["nearest"] is None
