"""The value sets of :class:`solver.search.ValueSets` against the brute-force oracle, and their cache.

``of`` and ``reachable`` must equal the oracle's value sets (``tests/core/search_oracle.py``); one
object shared by many questions must answer exactly like a fresh object for each, keep
within its memory limit, and refuse to serve other rules.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.expr import Intermediates, Order
from solver.search import MAX_VALUES, SearchRules, ValueSets, reach

from tests.core.search_oracle import naive_values
from tests.core.search_strategies import hands, search_rules

ORACLE = settings(max_examples=200, deadline=None)
SOLVER_ONLY = settings(max_examples=100, deadline=None)

COUNTDOWN = (3, 6, 25, 50, 75, 100)


def oracle_values(numbers, rules: SearchRules, some: bool = False) -> set:
    return naive_values(numbers, rules.order, rules.ops, rules.intermediates, some=some)


# ---------------------------------------------------------------- against the oracle


@ORACLE
@given(hands(1, 4), search_rules())
def test_of_is_every_value_of_a_calculation_using_all_the_numbers(numbers, rules):
    """ValueSets(rules).of(numbers) is exactly the set of values of the oracle's calculations over all the numbers."""
    assert ValueSets(rules).of(numbers) == oracle_values(numbers, rules)


@ORACLE
@given(hands(1, 4), search_rules())
def test_reachable_is_every_value_of_a_calculation_over_some_of_the_numbers(numbers, rules):
    """ValueSets(rules).reachable(numbers) is exactly the oracle's values over every non-empty part of the numbers."""
    assert ValueSets(rules).reachable(numbers) == oracle_values(numbers, rules, some=True)


@SOLVER_ONLY
@given(hands(1, 5), search_rules(use_all=st.just(False)), st.data())
def test_reachable_agrees_with_reach(numbers, rules, data):
    """t is reachable exactly when reach() finds a calculation for t."""
    values = ValueSets(rules).reachable(numbers)
    inside = sorted(values, key=lambda v: (Fraction(v), str(v)))
    t = data.draw(st.one_of(st.integers(-30, 60), st.sampled_from(inside)), label="target")
    assert (t in values) == (reach(numbers, t, rules).min_cards is not None)


def test_whole_numbers_stay_ints_and_fractions_appear_only_when_allowed():
    rational = ValueSets(SearchRules(intermediates=Intermediates.RATIONAL)).of([1, 2])
    assert rational == {3, 2, 1, -1, Fraction(1, 2)}
    assert sorted(type(v).__name__ for v in rational) == ["Fraction", "int", "int", "int", "int"]
    assert ValueSets(SearchRules(intermediates=Intermediates.INTEGER)).of([1, 2]) == {3, 2, 1, -1}
    assert ValueSets(SearchRules()).of([1, 2]) == {3, 2, 1}


# ---------------------------------------------------------------- one object, many questions


@SOLVER_ONLY
@given(
    st.lists(hands(1, 5), min_size=1, max_size=12),
    search_rules(),
    st.sampled_from([60, 200, 1_000, MAX_VALUES]),
)
def test_a_shared_object_answers_like_fresh_ones_within_its_limit(questions, rules, max_values):
    """Asked many questions under a small memory limit, one ValueSets gives the right set for each and
    holds at most max_values values after each; it raises "search too large" only when a fresh object
    with the same limit would (it may succeed where a fresh one fails: parts it already held are not
    counted again)."""
    shared = ValueSets(rules, max_values=max_values)
    for i, numbers in enumerate(questions):
        ask = "of" if i % 2 else "reachable"
        want = getattr(ValueSets(rules), ask)(numbers)
        try:
            getattr(ValueSets(rules, max_values=max_values), ask)(numbers)
            fresh_raises = False
        except TablecalcError as e:
            assert str(e).startswith("search too large")
            fresh_raises = True
        try:
            assert getattr(shared, ask)(numbers) == want
        except TablecalcError as e:
            assert fresh_raises and str(e).startswith("search too large")
        assert shared.stored <= max_values


@SOLVER_ONLY
@given(st.lists(hands(1, 5), min_size=1, max_size=8), search_rules(), st.data())
def test_reach_with_shared_value_sets_gives_the_same_answer(questions, rules, data):
    """reach(..., value_sets=shared) returns the same Reach as reach() alone, question after question."""
    shared = ValueSets(rules, max_values=data.draw(st.sampled_from([300, MAX_VALUES]), label="max_values"))
    for numbers in questions:
        target = data.draw(st.integers(0, 30), label="target")
        try:
            reach(numbers, target, rules, max_values=shared.max_values)
        except TablecalcError:
            continue  # too large by itself: covered by the test above
        assert reach(numbers, target, rules, value_sets=shared) == reach(numbers, target, rules)


def test_a_question_too_large_raises_and_leaves_the_object_usable():
    sets = ValueSets(max_values=1_000)
    with pytest.raises(TablecalcError) as err:
        sets.reachable(COUNTDOWN)
    assert str(err.value) == (
        "search too large: 3 6 25 50 75 100 would need more than 1,000 intermediate values; "
        "expected fewer numbers (or fewer large ones)"
    )
    assert sets.stored == 0
    assert sets.of([2, 3]) == {1, 5, 6}


def test_reach_keeps_its_own_limit_and_message():
    with pytest.raises(TablecalcError, match=r"^search too large: 3 6 25 50 75 100 would need more than 1,000 "):
        reach(COUNTDOWN, 952, max_values=1_000)


def test_the_sets_of_the_parts_are_kept_not_the_whole_of_reachable():
    sets = ValueSets()
    sets.reachable([2, 3, 5])
    kept = sets.stored
    assert kept == sum(len(sets.of(p)) for p in ([2], [3], [5], [2, 3], [2, 5], [3, 5]))
    assert sets.stored == kept  # nothing was built again
    sets.of([2, 3, 5])
    assert sets.stored > kept  # asked for by itself, the whole set is kept


def test_no_numbers_have_no_values_and_bad_numbers_are_refused():
    assert ValueSets().of([]) == frozenset() == ValueSets().reachable([])
    with pytest.raises(TablecalcError, match=r"bad number -2: expected whole numbers ≥ 0"):
        ValueSets().of([1, -2])
    with pytest.raises(TablecalcError, match=r"bad number True"):
        ValueSets().reachable([True])


# ---------------------------------------------------------------- never mixing rules


def test_value_sets_serve_only_their_own_rules():
    tree, chain = SearchRules(), SearchRules(order=Order.CHAIN)
    sets = ValueSets(tree)
    assert sets.serves(SearchRules(use_all=True)) and not sets.serves(chain)
    assert not sets.serves(SearchRules(ops=frozenset("+-")))
    assert not sets.serves(SearchRules(intermediates=Intermediates.INTEGER))
    with pytest.raises(TablecalcError, match="these value sets were computed under"):
        reach([9, 8, 2], 5, chain, value_sets=sets)
    # the 24 game's use_all changes nothing in the value sets
    assert reach([1, 5, 5, 5], 24, SearchRules(intermediates=Intermediates.RATIONAL, use_all=True),
                 value_sets=ValueSets(SearchRules(intermediates=Intermediates.RATIONAL))).min_cards == 4


@SOLVER_ONLY
@given(st.lists(st.integers(-6, 40), min_size=1, max_size=7), st.lists(st.integers(-6, 40), min_size=1, max_size=7),
       search_rules(), st.booleans())
def test_the_inlined_operation_table_gives_what_results_gives(left, right, rules, chain):
    """_combine (the inlined table for whole numbers, the generator for fractions) equals _combine_each
    (one _results call per pair of operands, the definition) under every rules combination and both orders."""
    sets = ValueSets(rules)
    if rules.intermediates is Intermediates.NATURAL:
        left, right = [abs(x) for x in left], [abs(x) for x in right]
    pairs = [(frozenset(left), frozenset(right))]
    assert sets._combine(pairs, chain=chain) == sets._combine_each(pairs, chain=chain)
