"""Every target at once: :func:`solver.search.reach_targets` against one :func:`reach` per target,
and the NumPy value sets (:class:`solver.valuearrays.ValueArrays`) against :class:`ValueSets`.

The one-target search is the oracle: for every target of the range, ``min_cards`` must be
exactly what ``reach`` says, and the calculation given for a target must be a legal one of
that many numbers under the rules.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import SearchTooLarge, TablecalcError
from solver.expr import Intermediates, Num, Order, parse_expression
from solver.search import MAX_TARGETS, SearchRules, ValueSets, _min_cards_by_sets, reach, reach_targets
from solver.valuearrays import ValueArrays

from tests.core.search_strategies import hands, search_rules

ORACLE = settings(max_examples=150, deadline=None)


def numbers_used(e) -> list[int]:
    if isinstance(e, Num):
        return [e.value]
    return numbers_used(e.left) + numbers_used(e.right)


def whole_rules() -> st.SearchStrategy[SearchRules]:
    """Every rules combination ValueArrays serves: either order, any operations, natural or integer."""
    return search_rules().filter(lambda r: r.intermediates is not Intermediates.RATIONAL)


# ---------------------------------------------------------------- NumPy sets = Python sets


@ORACLE
@given(hands(1, 5), whole_rules())
def test_value_arrays_build_the_same_sets_as_value_sets(numbers, rules):
    """ValueArrays(rules).of(numbers) == ValueSets(rules).of(numbers), and for every part of the numbers."""
    arrays, sets = ValueArrays(rules), ValueSets(rules)
    assert arrays.of(numbers) == sets.of(numbers)
    assert arrays.work == sets.work  # the same steps: the same budget refuses the same questions


@ORACLE
@given(hands(1, 5), whole_rules(), st.integers(0, 30), st.integers(0, 40))
def test_value_arrays_mark_what_python_sets_mark(numbers, rules, lo, width):
    """ValueArrays.min_cards agrees with the Python fallback on any range."""
    targets = range(lo, lo + width)
    got = [k or None for k in ValueArrays(rules).min_cards(numbers, lo, lo + width - 1, use_all=rules.use_all).tolist()]
    assert got == _min_cards_by_sets(ValueSets(rules), tuple(sorted(numbers)), targets)


@settings(max_examples=40, deadline=None)
@given(st.lists(hands(1, 5), min_size=1, max_size=8), whole_rules(), st.sampled_from([30, 200, 10_000]))
def test_one_value_arrays_shared_by_many_questions_answers_like_fresh_ones(questions, rules, max_values):
    """Sets kept from earlier questions never change an answer, and the memory bound holds after each."""
    shared = ValueArrays(rules, max_values=max_values)
    for numbers in questions:
        try:
            fresh = ValueArrays(rules, max_values=max_values).of(numbers)
        except SearchTooLarge:
            continue
        assert shared.of(numbers) == fresh
        assert shared.stored <= max_values


@ORACLE
@given(hands(1, 5), search_rules(), st.data())
def test_vectorised_value_sets_are_the_plain_ones(numbers, rules, data):
    """ValueSets(vectorise=True), every set built with NumPy, gives the plain sets and the same answers
    (fractions and huge numbers take the plain loop)."""
    import solver.search

    old, solver.search.VECTORISE_PAIRS = solver.search.VECTORISE_PAIRS, 0
    try:
        fast, plain = ValueSets(rules, vectorise=True), ValueSets(rules)
        assert fast.of(numbers) == plain.of(numbers) and fast.work == plain.work
        t = data.draw(st.integers(0, 40), label="target")
        assert reach(numbers, t, rules, value_sets=fast) == reach(numbers, t, rules)
    finally:
        solver.search.VECTORISE_PAIRS = old


def test_value_arrays_refuse_what_they_cannot_hold():
    assert not ValueArrays.serves(SearchRules(intermediates=Intermediates.RATIONAL), [1, 2])
    assert not ValueArrays.serves(SearchRules(), [10**11] * 6)
    with pytest.raises(TablecalcError):
        ValueArrays(SearchRules(intermediates=Intermediates.RATIONAL))


# ---------------------------------------------------------------- every target = one reach per target


@ORACLE
@given(hands(1, 5), search_rules(), st.integers(0, 20), st.integers(1, 30), st.booleans())
def test_reach_targets_agrees_with_reach_for_every_target(numbers, rules, lo, width, with_expressions):
    """min_cards of each target is reach()'s; each calculation given is legal, equals its target
    and uses that many of the numbers."""
    targets = range(lo, lo + width)
    r = reach_targets(numbers, targets, rules, expressions=with_expressions)
    assert r.min_cards == tuple(reach(numbers, t, rules).min_cards for t in targets)
    if not with_expressions:
        assert r.expressions is None
        return
    for t, k, e in zip(targets, r.min_cards, r.expressions):
        if k is None:
            assert e is None
            continue
        f = rules.faults(e)
        assert f.value == t and not f.refused and not f.needs_parentheses and f.bad_step is None
        used = Counter(numbers_used(e))
        assert sum(used.values()) == k and not used - Counter(numbers)


def test_a_countdown_selection_agrees_with_reach_on_a_sample_of_targets():
    selection = (3, 6, 25, 50, 75, 100)
    r = reach_targets(selection, range(100, 1000))
    for t in random.Random(12).sample(range(100, 1000), 40) + [952]:
        assert r.min_cards[t - 100] == reach(selection, t).min_cards, t
    assert r.as_dict()["targets"][852] == {"target": 952, "min_cards": 6}


def test_fractions_take_the_python_sets_and_agree():
    rules = SearchRules(intermediates=Intermediates.RATIONAL, use_all=True)
    r = reach_targets([1, 5, 5, 5], range(20, 30), rules, expressions=True)
    assert r.min_cards[4] == 4 and str(r.expressions[4]) == "5×(5-(1÷5))"


def test_bad_questions_are_refused():
    with pytest.raises(TablecalcError, match="no numbers"):
        reach_targets([], range(1, 5))
    with pytest.raises(TablecalcError, match="too many targets"):
        reach_targets([1, 2], range(MAX_TARGETS + 1))
    with pytest.raises(SearchTooLarge):
        reach_targets(range(1, 11), range(100, 1000))


def test_an_empty_range_answers_nothing():
    assert reach_targets([1, 2], range(5, 5)).min_cards == ()


def test_chain_order_keeps_the_card_order_rules():
    rules = SearchRules(order=Order.CHAIN)
    r = reach_targets([9, 8, 2], range(5, 6), rules, expressions=True)
    assert r.min_cards == (None,) and reach([9, 8, 2], 5, rules).min_cards is None
    assert Fraction(5) == rules.faults(reach_targets([9, 8, 2], range(5, 6), expressions=True).expressions[0]).value


# ---------------------------------------------------------------- the command


def run_cli(*args):
    from typer.testing import CliRunner

    from trainer.cli import app

    return CliRunner().invoke(app, list(args))


def test_reach_targets_json_has_the_fewest_numbers_for_every_target():
    import json

    r = run_cli("reach", "25", "50", "75", "100", "3", "6", "--targets", "950-953", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert list(d) == ["numbers", "order", "ops", "intermediates", "all", "targets"]
    assert d["targets"][2] == {"target": 952, "min_cards": 6}
    r = run_cli("reach", "25", "50", "75", "100", "3", "6", "--targets", "952", "--expressions", "--json")
    (row,) = json.loads(r.stdout)["targets"]
    assert row["min_cards"] == 6 and SearchRules().faults(parse_expression(row["expression"])).value == 952


def test_reach_targets_text():
    r = run_cli("reach", "1", "1", "2", "2", "--targets", "1-12")
    assert r.exit_code == 0, r.output
    assert "Reached: 9 of 12 targets." in r.stdout and "Unreachable: 10 11 12" in r.stdout


@pytest.mark.parametrize(
    "args, message, code",
    [
        (["--targets", "999-100"], "reversed", 2),
        (["--targets", "abc"], "range of whole numbers", 2),
        (["--targets", "1-1000000"], "at most 100,000", 2),
        (["--targets", "1-5", "--target", "3"], "not both", 2),
        (["--target", "3", "--expressions"], "goes with --targets", 2),
    ],
)
def test_reach_targets_refuses_bad_ranges_in_one_line(args, message, code):
    r = run_cli("reach", "1", "2", "3", *args)
    assert r.exit_code == code, r.output
    assert message in r.stderr and r.stderr.count("\n") == 1


def test_reach_targets_too_large_exits_3_quickly():
    r = run_cli("reach", *map(str, range(1, 11)), "--targets", "100-999")
    assert r.exit_code == 3, r.output
    assert "search too large" in r.stderr


def test_calculations_for_many_targets_share_one_budget(monkeypatch):
    """Each target's calculation is found within max_work steps, all of them within a multiple of that."""
    import solver.search

    monkeypatch.setattr(solver.search, "EXPRESSIONS_WORK_FACTOR", 1)
    numbers = (25, 50, 75, 100, 3, 6)  # about 300,000 steps for the calculations of 100-999
    assert reach_targets(numbers, range(100, 1000), max_work=100_000).expressions is None
    with pytest.raises(SearchTooLarge):
        reach_targets(numbers, range(100, 1000), expressions=True, max_work=100_000)
    assert None not in reach_targets(numbers, range(100, 130), expressions=True, max_work=100_000).expressions
