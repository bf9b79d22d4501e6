"""The exact statistics behind the notebooks: Nambarz hand profiles and Countdown's reachable targets.

* ``solver.nambarz.statistics``: the fewest-cards tables agree with the referee's
  ``simplest_plays`` on random pools; the probabilities are exact (they sum to 1) and
  asking about two rule sets at once changes neither one's answer.
* ``solver.arith.countdown``: the reachable values agree with ``reach`` target by target,
  the answer does not depend on chunks or processes, and value sets made for other rules
  are refused.
"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.arith.countdown import reachable_values, unreachable_targets
from solver.errors import TablecalcError
from solver.expr import Intermediates, Order
from solver.nambarz import Card, Rules, simplest_plays
from solver.nambarz.statistics import HandProfile, hand_profiles, min_cards_table
from solver.search import SearchRules, ValueSets, reach

PRESETS = ("beginner", "basic", "parentheses")


# ---------------------------------------------------------------- Nambarz


@lru_cache(maxsize=None)
def table(top: int, preset: str) -> dict:
    others = [n for n in range(1, 11) if n != top]
    return min_cards_table(top, others, Rules.preset(preset), max_size=4)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 10), st.sampled_from(PRESETS), st.data())
def test_min_cards_table_agrees_with_the_referee(top, preset, data):
    """For any pool of up to 4 symbol cards not concordant with the top card, the table's fewest
    cards is what simplest_plays finds (None when no calculation exists)."""
    others = [n for n in range(1, 11) if n != top]
    pool = data.draw(st.lists(st.sampled_from(others), max_size=4), label="pool")
    want, _ = simplest_plays(Card(number=top), [Card(number=n) for n in pool], Rules.preset(preset))
    assert table(top, preset)[tuple(sorted(pool))] == want


def test_min_cards_table_holds_every_multiset_within_its_limits():
    t = min_cards_table(5, [2, 8, 9], Rules.preset("basic"), max_copies=2, max_size=3)
    assert () in t and (9, 9) in t and (9, 9, 9) not in t
    assert all(len(ms) <= 3 and list(ms) == sorted(ms) for ms in t)
    assert t[(2, 8, 9)] is None and t[(8, 9)] is None
    assert min_cards_table(5, [2, 8, 9], Rules.preset("parentheses"), max_size=3)[(2, 8, 9)] == 3


@pytest.mark.parametrize("hand_size", [1, 2, 3])
def test_hand_profiles_are_exact_probabilities(hand_size):
    p = hand_profiles([Rules.preset("basic")], hand_size=hand_size)
    assert sum(p.values()) == 1 and all(isinstance(q, Fraction) and q > 0 for q in p.values())
    assert all(isinstance(h, HandProfile) and len(h.min_cards) == 1 for h in p)
    assert all(h.min_cards[0] is None or 2 <= h.min_cards[0] <= hand_size for h in p)


def test_asking_about_two_rule_sets_at_once_changes_neither_answer():
    basic, parens = Rules.preset("basic"), Rules.preset("parentheses")
    both = hand_profiles([basic, parens], hand_size=3)
    for i, rules in enumerate((basic, parens)):
        marginal: dict = defaultdict(Fraction)
        for h, q in both.items():
            marginal[HandProfile(h.top, h.concordant, h.joker, (h.min_cards[i],))] += q
        assert dict(marginal) == hand_profiles([rules], hand_size=3)


def test_a_hand_profile_is_a_frozen_value():
    h = HandProfile(Card(number=3), True, False, (2, None))
    assert h == HandProfile(Card(number=3), True, False, (2, None)) and hash(h)
    with pytest.raises(AttributeError):
        h.joker = True


def test_importing_solver_nambarz_does_not_load_the_statistics():
    code = "import sys, solver.nambarz; assert 'solver.nambarz.statistics' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------- Countdown


@pytest.mark.parametrize(
    "numbers, rules",
    [
        ((25, 50, 75, 100, 3, 6), SearchRules()),
        ((1, 1, 2, 9), SearchRules(order=Order.CHAIN)),
        ((3, 3, 8, 8), SearchRules(intermediates=Intermediates.RATIONAL)),
        ((2, 7, 10), SearchRules(ops=frozenset("+-"), intermediates=Intermediates.INTEGER)),
    ],
)
def test_reachable_values_agree_with_reach_target_by_target(numbers, rules):
    values = reachable_values(numbers, rules)
    for t in range(-20, 1000, 1 if len(numbers) < 6 else 7):
        assert (t in values) == (reach(numbers, t, rules).min_cards is not None), t


def test_unreachable_targets_do_not_depend_on_chunks_or_processes():
    selections = [(1, 2, 3, 4), (4, 3, 2, 1), (5, 5, 25), (2, 2), (1, 10, 100), (7,), (1, 2, 3, 75)]
    targets = range(0, 130)
    one = unreachable_targets(selections, targets)
    assert set(one) == {tuple(sorted(s)) for s in selections}
    for sel, missed in one.items():
        assert missed == {t for t in targets if reach(sel, t).min_cards is None}, sel
    assert unreachable_targets(selections, targets, chunk=2) == one
    assert unreachable_targets(selections, targets, chunk=2, processes=2) == one


def test_value_sets_of_other_rules_are_refused():
    chain = ValueSets(SearchRules(order=Order.CHAIN))
    with pytest.raises(TablecalcError, match="these value sets were computed under"):
        reachable_values([1, 2, 3], SearchRules(), value_sets=chain)
    shared = ValueSets(SearchRules())
    assert reachable_values([1, 2, 3], value_sets=shared) == reachable_values([1, 2, 3])
    assert reachable_values([1, 2, 4], value_sets=shared) == reachable_values([1, 2, 4])
