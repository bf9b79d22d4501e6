"""Property tests of :func:`solver.search.reach` against a naive brute-force oracle.

The oracle (``tests/core/search_oracle.py``) enumerates every ordered selection of numbers, every
operator assignment and every bracketing, with exact fractions; it is slow, so hands of
five numbers in tree order get fewer examples than hands of up to four. Settings are
given per test (``deadline=None``); no Hypothesis profile is registered.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given, reject, settings
from hypothesis import strategies as st

from solver.expr import Intermediates, Num, Order, evaluate, first_bad_step, is_chain, leaves, normal_key
from solver.errors import SearchTooLarge
from solver.search import SearchRules, reach
from tests.core.search_oracle import naive_reach
from tests.core.search_strategies import Case, cases

# ---------------------------------------------------------------- budgets
# Rough cost of one oracle call: hands of <= 4 numbers take milliseconds; five numbers in
# chain order ~0.05-0.25 s; five numbers in tree order up to ~3 s (all four operations).
SMALL = settings(max_examples=300, deadline=None)
FIVE_CHAIN = settings(max_examples=40, deadline=None)
FIVE_TREE = settings(max_examples=8, deadline=None)
SOLVER_ONLY = settings(max_examples=300, deadline=None)

small_cases = cases(min_size=1, max_size=4)
five_chain_cases = cases(min_size=5, max_size=5, orders=(Order.CHAIN,))
five_tree_cases = cases(min_size=5, max_size=5, orders=(Order.TREE,))

CHAIN = SearchRules(order=Order.CHAIN)
TREE = SearchRules(order=Order.TREE)
RATIONAL_ALL = SearchRules(intermediates=Intermediates.RATIONAL, use_all=True)

# Known cases, always run: the module docstring's examples, zeros, a fraction target,
# and use_all with fewer numbers than min_numbers.
EXAMPLES = [
    Case((2, 5, 6, 10), 3, CHAIN, 1),
    Case((2, 8, 9), 5, CHAIN, 1),
    Case((2, 8, 9), 5, TREE, 1),
    Case((1, 5, 5, 5), 24, RATIONAL_ALL, 1),
    Case((0, 0, 3), 0, TREE, 2),
    Case((0, 4, 4), 0, SearchRules(order=Order.CHAIN, ops=frozenset("*/")), 2),
    Case((3, 7, 7), Fraction(3, 7), SearchRules(intermediates=Intermediates.RATIONAL), 1),
    Case((5,), 5, SearchRules(use_all=True), 2),
]


def with_examples(test):
    for case in EXAMPLES:
        test = example(case)(test)
    return test


def run_reach(case: Case):
    """reach's answer; a case past the step budget (three zeros make 20,000 calculations equal to 0) is
    set aside: test_permuting_numbers_changes_nothing checks that refusal is a property of the multiset."""
    try:
        return reach(case.numbers, case.target, case.rules, min_numbers=case.min_numbers)
    except SearchTooLarge:
        reject()


def run_oracle(case: Case) -> tuple[int | None, set[str]]:
    r = case.rules
    return naive_reach(
        case.numbers, case.target, r.order, r.ops, r.intermediates, use_all=r.use_all, min_numbers=case.min_numbers
    )


def ops_used(e) -> set[str]:
    if isinstance(e, Num):
        return set()
    return {e.op} | ops_used(e.left) | ops_used(e.right)


def describe(case: Case) -> str:
    return (
        f"reach({list(case.numbers)}, {case.target!r}, SearchRules(order={case.rules.order.value!r}, "
        f"ops={''.join(sorted(case.rules.ops))!r}, intermediates={case.rules.intermediates.value!r}, "
        f"use_all={case.rules.use_all}), min_numbers={case.min_numbers})"
    )


# ---------------------------------------------------------------- min_cards


def check_min_cards(case: Case) -> None:
    got = run_reach(case).min_cards
    want, _ = run_oracle(case)
    assert got == want, f"{describe(case)}: min_cards {got}, oracle says {want}"


@SMALL
@with_examples
@given(small_cases)
def test_min_cards_matches_oracle(case):
    """For hands of 1-4 numbers and any rules, reach's min_cards equals the oracle's minimum (None when unreachable)."""
    check_min_cards(case)


@pytest.mark.slow
@FIVE_CHAIN
@given(five_chain_cases)
def test_min_cards_matches_oracle_five_chain(case):
    """For hands of 5 numbers in chain order, reach's min_cards equals the oracle's minimum."""
    check_min_cards(case)


@pytest.mark.slow
@FIVE_TREE
@given(five_tree_cases)
def test_min_cards_matches_oracle_five_tree(case):
    """For hands of 5 numbers in tree order, reach's min_cards equals the oracle's minimum."""
    check_min_cards(case)


# ---------------------------------------------------------------- every answer is a real answer


@pytest.mark.slow
@SOLVER_ONLY
@with_examples
@given(cases(min_size=1, max_size=6))
def test_every_expression_is_a_valid_calculation(case):
    """Every returned calculation equals the target exactly, breaks the intermediates rule at no step,
    uses only allowed operations and exactly min_cards numbers taken from the hand (all of them
    with use_all), and reads left to right in chain order; there are calculations iff min_cards is set."""
    r = run_reach(case)
    if r.min_cards is None:
        assert r.expressions == ()
        return
    assert r.expressions, f"{describe(case)}: min_cards {r.min_cards} but no calculation"
    hand = Counter(case.numbers)
    for e in r.expressions:
        where = f"{describe(case)}: {e}"
        assert evaluate(e) == Fraction(case.target), where
        assert first_bad_step(e, case.rules.intermediates) is None, where
        assert ops_used(e) <= case.rules.ops, where
        used = Counter(n.value for n in leaves(e))
        assert sum(used.values()) == r.min_cards, where
        assert used <= hand, where
        if case.rules.use_all:
            assert used == hand, where
        if case.rules.order is Order.CHAIN:
            assert is_chain(e), where


# ---------------------------------------------------------------- the exact set of calculations


def check_keys(case: Case) -> None:
    r = run_reach(case)
    got = {normal_key(e) for e in r.expressions}
    want_min, want = run_oracle(case)
    assert (r.min_cards, got) == (want_min, want), (
        f"{describe(case)}: min_cards {r.min_cards} vs oracle {want_min}; "
        f"only reach: {sorted(got - want)}; only oracle: {sorted(want - got)}"
    )


@SMALL
@with_examples
@given(small_cases)
def test_normal_keys_match_oracle(case):
    """For hands of 1-4 numbers and any rules, the normal keys of reach's calculations are exactly the
    normal keys of every calculation of the minimum size that the oracle finds."""
    check_keys(case)


@pytest.mark.slow
@FIVE_CHAIN
@given(five_chain_cases)
def test_normal_keys_match_oracle_five_chain(case):
    """For hands of 5 numbers in chain order, reach's normal keys equal the oracle's."""
    check_keys(case)


@pytest.mark.slow
@FIVE_TREE
@given(five_tree_cases)
def test_normal_keys_match_oracle_five_tree(case):
    """For hands of 5 numbers in tree order, reach's normal keys equal the oracle's."""
    check_keys(case)


# ---------------------------------------------------------------- no duplicates, no dependence on order


@SOLVER_ONLY
@with_examples
@given(cases(min_size=1, max_size=6))
def test_expressions_pairwise_distinct(case):
    """No two returned calculations are the same up to commutativity and associativity (distinct normal keys)."""
    keys = [normal_key(e) for e in run_reach(case).expressions]
    assert len(keys) == len(set(keys)), f"{describe(case)}: duplicated {sorted(k for k, c in Counter(keys).items() if c > 1)}"


@pytest.mark.slow
@SOLVER_ONLY
@given(cases(min_size=1, max_size=6), st.data())
def test_permuting_numbers_changes_nothing(case, data):
    """reach depends on the hand as a multiset: any permutation of the numbers gives an equal Reach
    (same min_cards, same calculations in the same order)."""
    shuffled = data.draw(st.permutations(case.numbers), label="permutation")
    try:
        r1 = reach(case.numbers, case.target, case.rules, min_numbers=case.min_numbers)
    except SearchTooLarge as e:
        with pytest.raises(SearchTooLarge) as again:
            reach(shuffled, case.target, case.rules, min_numbers=case.min_numbers)
        assert str(again.value) == str(e)
        return
    r2 = reach(shuffled, case.target, case.rules, min_numbers=case.min_numbers)
    assert r1.min_cards == r2.min_cards
    assert [str(e) for e in r1.expressions] == [str(e) for e in r2.expressions]
    assert r1 == r2
