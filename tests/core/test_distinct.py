"""Distinct calculations (:mod:`solver.distinct`): the algebraic classes of SymPy against the fast
normal form of the search (:func:`solver.expr.normal_key`).

The search keeps one calculation per fast class; the listing then groups them by algebraic
class. That is only right if the fast form never merges two calculations SymPy keeps apart:
checked exhaustively on every calculation over three numbers (Hypothesis draws the numbers),
and on random rewritings of larger calculations that keep their fast form.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from solver.distinct import Distinct, algebraic_key, classes, parse_distinct
from solver.errors import TablecalcError
from solver.expr import BinOp, Intermediates, Num, evaluate, normal_key, parse_expression
from solver.search import SearchRules, reach
from trainer.cli import app

from tests.core.search_oracle import build, shapes

runner = CliRunner()


def every_calculation(numbers) -> list:
    """Every calculation using each of ``numbers`` once: every order, operations and bracketing."""
    out = []
    for row in set(itertools.permutations(numbers)):
        for ops in itertools.product("+-*/", repeat=len(numbers) - 1):
            for shape in shapes(len(numbers), "tree"):
                out.append(build(shape, list(row), list(ops)))
    return out


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=3, max_size=3))
def test_the_fast_form_never_merges_what_sympy_keeps_apart(numbers):
    """Over every calculation of three numbers (zeros, ones and equal numbers common): each fast
    class lies within one algebraic class."""
    by_fast: dict[str, set[str]] = {}
    for e in every_calculation(numbers):
        by_fast.setdefault(normal_key(e), set()).add(algebraic_key(e))
    assert all(len(keys) == 1 for keys in by_fast.values())


@st.composite
def calculations(draw, size: int):
    """A random calculation over ``size`` numbers 0–6."""
    if size == 1:
        return Num(draw(st.integers(0, 6)))
    left = draw(st.integers(1, size - 1))
    return BinOp(draw(st.sampled_from("+-*/")), draw(calculations(left)), draw(calculations(size - left)))


def rewritings(e) -> list:
    """The calculations one step of commutativity or associativity (moving a minus or a division
    across brackets) away from ``e``, anywhere in it: the same fast form."""
    if isinstance(e, Num):
        return []
    op, a, b = e.op, e.left, e.right
    out = [BinOp(op, x, b) for x in rewritings(a)] + [BinOp(op, a, y) for y in rewritings(b)]
    plus, minus = ("+", "-") if op in "+-" else ("*", "/")
    if op == plus:
        out.append(BinOp(op, b, a))  # a+b → b+a
    if isinstance(b, BinOp) and b.op in (plus, minus):
        inner = minus if (op == minus) != (b.op == minus) else plus
        out.append(BinOp(inner, BinOp(op, a, b.left), b.right))  # a-(b-c) → (a-b)+c, a÷(b×c) → (a÷b)÷c ...
    return out


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6).flatmap(calculations), st.data())
def test_rewritings_that_keep_the_fast_form_keep_the_algebraic_class(e, data):
    """Random steps of commutativity and associativity: the fast form stays, and so does SymPy's class."""
    current = e
    for _ in range(data.draw(st.integers(1, 6))):
        options = rewritings(current)
        if not options:
            break
        current = data.draw(st.sampled_from(options))
        assert normal_key(current) == normal_key(e)
        if None not in (evaluate(current), evaluate(e)):  # a rewriting may take away a division by zero
            assert evaluate(current) == evaluate(e)
    assert algebraic_key(current) == algebraic_key(e)


MERGE = [
    ("8×3×1", "8×3÷1"),            # × 1 is ÷ 1
    ("5-(3-2)", "5+2-3"),          # a subtraction moved across brackets
    ("(10+4+0)×2", "(10+4-0)×2"),  # + 0 is - 0
    ("6÷(3÷2)", "6×2÷3"),          # a division moved across brackets
    ("4÷(1÷6)", "4×6×1"),          # ... then ÷ 1 is × 1
]
APART = [
    ("2+2", "2×2"),            # each card its own symbol: equal by chance
    ("3+3-3", "3×3÷3"),        # likewise, though both come to the same number
    ("(6-3)×2", "(3-2)×6"),    # the same result only for these numbers
    ("(8+4)×1×2", "(8+4×1)×2"),  # × 1 is not moved across a sum
]


@pytest.mark.parametrize("a, b", MERGE)
def test_pairs_that_are_one_solution(a, b):
    ea, eb = parse_expression(a), parse_expression(b)
    assert evaluate(ea) == evaluate(eb)
    assert algebraic_key(ea) == algebraic_key(eb)
    assert len(classes([ea, eb], Distinct.ALGEBRAIC)) == 1


@pytest.mark.parametrize("a, b", APART)
def test_pairs_that_are_two_solutions(a, b):
    ea, eb = parse_expression(a), parse_expression(b)
    assert evaluate(ea) == evaluate(eb)
    assert algebraic_key(ea) != algebraic_key(eb)
    assert len(classes([ea, eb], Distinct.ALGEBRAIC)) == 2


def test_classes_keep_the_first_as_representative_and_count_fast_classes_once():
    found = classes([parse_expression(t) for t in ("8×3×1", "3×8×1", "8×3÷1", "8×(4-1)")], Distinct.ALGEBRAIC)
    assert [(str(c.representative), c.size) for c in found] == [("8×3×1", 2), ("8×(4-1)", 1)]
    assert [c.size for c in classes([parse_expression("8×3×1"), parse_expression("8×3÷1")])] == [1, 1]
    with pytest.raises(TablecalcError, match="expected commutative or algebraic"):
        parse_distinct("symbolic")


TWENTY_FOUR = SearchRules(intermediates=Intermediates.RATIONAL, use_all=True)


@pytest.mark.parametrize("numbers, classes_wanted", [((1, 2, 3, 4), 3), ((1, 1, 1, 8), 1), ((3, 3, 8, 8), 1),
                                                     ((2, 3, 4, 12), None), ((1, 1, 2, 12), None)])
def test_the_24_game_lists_each_class_once(numbers, classes_wanted):
    """Each class once: the representatives' algebraic keys differ, the sizes add up to the
    commutative count; 1 2 3 4 has 4nums.com's three solutions."""
    r = reach(numbers, 24, TWENTY_FOUR)
    found = classes(r.expressions, Distinct.ALGEBRAIC)
    keys = [algebraic_key(c.representative) for c in found]
    assert len(set(keys)) == len(keys)
    assert sum(c.size for c in found) == len(r.expressions)
    assert all(algebraic_key(e) in keys for e in r.expressions)
    if classes_wanted is not None:
        assert len(found) == classes_wanted


def test_reach_distinct_algebraic_on_the_952_example_and_the_24_game():
    out = runner.invoke(app, ["reach", "25", "50", "75", "100", "3", "6", "--target", "952", "--distinct", "algebraic",
                              "--json"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert got["distinct"] == "algebraic" and got["class_sizes"] == [1] * len(got["expressions"])
    keys = [algebraic_key(parse_expression(e)) for e in got["expressions"]]
    assert len(set(keys)) == len(keys) == 2
    text = runner.invoke(app, ["reach", "1", "2", "3", "4", "--all", "--intermediates", "rational", "-t", "24",
                               "--distinct", "algebraic"]).output
    assert "3 distinct calculations" in text and "4×3×2×1 = 24  (2 calculations)" in text
    plain = json.loads(runner.invoke(app, ["reach", "1", "2", "3", "4", "--all", "--intermediates", "rational",
                                           "-t", "24", "--json"]).stdout)
    assert plain["distinct"] == "commutative" and len(plain["expressions"]) == 4  # the default: no grouping
    bad = runner.invoke(app, ["reach", "1", "2", "-t", "3", "--distinct", "maths"])
    assert bad.exit_code == 2
