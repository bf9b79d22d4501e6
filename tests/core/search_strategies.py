"""Hypothesis strategies for the arithmetic search: hands, targets and rules, drawn valid.

Everything is generated directly in range (no ``assume``/``filter``), small enough that
duplicates and zeros are common and that the brute-force oracle stays cheap.

* :func:`hands` — 1 to 5 numbers from a small range (0–10 or 1–13);
* :func:`search_rules` — order, a non-empty subset of ``+-*/``, intermediates, use_all;
* :func:`targets` — a target suited to the intermediates rule: often the value of a
  random calculation over the hand (so that hits are common, also at larger sizes),
  otherwise a plain small number (so that misses happen too);
* :func:`cases` — all of it together, with ``min_numbers`` 1 or 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import strategies as st

from solver.expr import OPS, Intermediates, Order
from solver.search import SearchRules

from tests.core.search_oracle import allowed, apply  # one copy of the rule in tests/, independent of solver/

__all__ = ["Case", "hands", "ops_subsets", "search_rules", "targets", "cases"]

NUMBER_RANGES = ((0, 10), (1, 13))
"""Small ranges: 0–10 brings zeros, 1–13 is a card deck; both give many duplicates."""


@dataclass(frozen=True)
class Case:
    """One query: ``reach(numbers, target, rules, min_numbers=min_numbers)``."""

    numbers: tuple[int, ...]
    target: int | Fraction
    rules: SearchRules
    min_numbers: int


@st.composite
def hands(draw, min_size: int = 1, max_size: int = 5) -> tuple[int, ...]:
    """A hand of ``min_size``–``max_size`` numbers from 0–10 or 1–13 (duplicates welcome)."""
    lo, hi = draw(st.sampled_from(NUMBER_RANGES))
    size = draw(st.integers(min_size, max_size))
    # a narrow sub-range now and then makes duplicates very likely
    if draw(st.booleans()):
        width = draw(st.integers(1, 4))
        start = draw(st.integers(lo, hi - width))
        lo, hi = start, start + width
    return tuple(draw(st.lists(st.integers(lo, hi), min_size=size, max_size=size)))


def ops_subsets() -> st.SearchStrategy[frozenset[str]]:
    """A non-empty subset of ``+-*/``."""
    return st.sets(st.sampled_from(OPS), min_size=1).map(frozenset)


@st.composite
def search_rules(draw, orders=tuple(Order), use_all=st.booleans()) -> SearchRules:
    """Any combination of order, operations, intermediates and use_all."""
    return SearchRules(
        order=draw(st.sampled_from(orders)),
        ops=draw(ops_subsets()),
        intermediates=draw(st.sampled_from(tuple(Intermediates))),
        use_all=draw(use_all),
    )


@st.composite
def _random_calculation_value(draw, numbers, rules: SearchRules) -> Fraction | None:
    """The value of a random calculation over some of ``numbers`` under ``rules`` (None if it breaks them)."""
    n = len(numbers)
    k = n if rules.use_all else draw(st.integers(1, n))
    chosen = draw(st.permutations(numbers))[:k]
    ops = sorted(rules.ops)

    def value(items: list[int]) -> Fraction | None:
        # a random bracketing: split the row somewhere (chains always split off the last number)
        if len(items) == 1:
            return Fraction(items[0])
        cut = len(items) - 1 if rules.order is Order.CHAIN else draw(st.integers(1, len(items) - 1))
        a, b = value(items[:cut]), value(items[cut:])
        if a is None or b is None:
            return None
        v = apply(draw(st.sampled_from(ops)), a, b)
        return v if allowed(rules.intermediates, v) else None

    return value(list(chosen))


@st.composite
def targets(draw, numbers, rules: SearchRules) -> int | Fraction:
    """A target for ``numbers`` under ``rules``: often reachable, sometimes not, of the right kind."""
    if draw(st.integers(0, 2)) > 0:
        v = draw(_random_calculation_value(numbers, rules))
        if v is not None:
            return int(v) if v.denominator == 1 else v
    if rules.intermediates is Intermediates.NATURAL:
        return draw(st.integers(0, 40))
    if rules.intermediates is Intermediates.INTEGER:
        return draw(st.integers(-20, 40))
    return draw(
        st.one_of(
            st.integers(-20, 40),
            st.builds(Fraction, st.integers(-20, 40), st.integers(1, 6)).map(
                lambda f: int(f) if f.denominator == 1 else f
            ),
        )
    )


@st.composite
def cases(
    draw,
    min_size: int = 1,
    max_size: int = 5,
    orders=tuple(Order),
    min_numbers=st.integers(1, 2),
) -> Case:
    """A full query: hand, target, rules and ``min_numbers``."""
    numbers = draw(hands(min_size, max_size))
    rules = draw(search_rules(orders=orders))
    target = draw(targets(numbers, rules))
    return Case(numbers, target, rules, draw(min_numbers))
