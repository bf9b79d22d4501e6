"""tablecalc's Countdown search against an independent solver, the package index's
``countdown-numbers-solver`` (``anchor.py`` says what it answers): on random draws from the
Countdown deck, the two agree on whether the target is reached exactly and with how few numbers,
and tablecalc's referee accepts every solution the other one writes. Its speed against
:func:`solver.search.reach` is in ``benchmarks/bench_countdown_anchor.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.arith.deal import COUNTDOWN_NUMBERS
from solver.arith.position import Problem
from solver.arith.referee import judge
from solver.arith.rules import Rules
from solver.search import reach
from tests.games.arith.anchor import installed, solutions

pytestmark = pytest.mark.skipif(not installed(), reason="countdown-numbers-solver not installed (the test extra)")


@st.composite
def draws(draw):
    """1 to 6 tiles drawn from the 24 of the Countdown deck (1-10 twice, 25 50 75 100), and a target:
    100-999 as on the show for six tiles, 1-999 for fewer (so that small targets are reached too)."""
    size = draw(st.integers(1, 6))
    numbers = draw(st.permutations(COUNTDOWN_NUMBERS))[:size]
    target = draw(st.integers(100 if size == 6 else 1, 999))
    return sorted(numbers), target


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(draws())
def test_reach_agrees_with_countdown_numbers_solver(case):
    """Invariant: a target is reached exactly by tablecalc (the ``countdown`` preset) when and only
    when the anchor finds a solution, with the fewest numbers any of its solutions uses; every one
    of its solutions (each number at most once, whole numbers above 0 on the way) is judged right."""
    numbers, target = case
    rules = Rules.preset("countdown")
    theirs = solutions(numbers, target)
    ours = reach(numbers, target, rules.search)
    assert ours.min_cards == min(theirs.values(), default=None), (numbers, target, theirs)
    for text in theirs:
        verdict = judge(Problem(tuple(numbers), target), text, rules)
        assert verdict.violations == (), (numbers, target, text, verdict.violations)


def test_a_known_selection():
    """The example of the anchor's own documentation: 100 25 8 3 1 1 make 984 with five numbers."""
    theirs = solutions([100, 25, 8, 3, 1, 1], 984)
    assert min(theirs.values()) == reach([100, 25, 8, 3, 1, 1], 984).min_cards == 5
    assert "( 100 + 25 + 1 - 3 ) x 8" in theirs
    assert solutions([1, 1, 2, 2, 3, 3], 999) == {}
    assert reach([1, 1, 2, 2, 3, 3], 999).min_cards is None
