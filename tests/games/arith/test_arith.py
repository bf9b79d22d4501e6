"""Arithmetic problems: the notation, the referee's verdicts, and odd input."""

import pytest

from solver.arith import Fact, Problem, Rules, best, judge, parse_situation
from solver.errors import TablecalcError


def test_facts_are_judged_by_their_value():
    fact = parse_situation("calculate 84 ÷ 7")
    assert fact == Fact(84, "/", 7) and str(fact) == "calculate 84 ÷ 7"
    assert judge(fact, "12").legal and not judge(fact, "13").legal
    assert [str(v) for v in judge(fact, "twelve").violations] == ["not-a-number"]
    assert [str(v) for v in judge(fact, "1/0").violations] == ["not-a-number"]


@pytest.mark.parametrize("text, message", [
    ("calculate 5 / 0", "divides by zero"),
    ("calculate 0 / 0", "divides by zero"),
    ("calculate 1 + 2 + 3", "one operation on two numbers"),
    ("calculate 3-bee + 2", "one operation on two numbers"),
    ("numbers 1 2", "expected numbers N N ...; target T"),
    ("numbers 1 2 3 4 5 6 7 8 9; target 5", "1 to 8 numbers"),
    ("calculate 1 + 2; target 3", "'calculate' stands alone"),
])
def test_bad_problems_are_one_clear_error(text, message):
    with pytest.raises(TablecalcError, match=message):
        parse_situation(text)


def test_left_to_right_order_reads_and_refuses_as_nambarz_does():
    p = parse_situation("numbers 1 2 3; target 9")
    chain = Rules().with_options(order="chain")
    assert judge(p, "1+2*3", chain).legal  # (1+2)×3 = 9, read left to right
    assert [str(v) for v in judge(p, "1+2*3").violations] == ["wrong-result"]  # 1+6 with precedence
    assert [str(v) for v in judge(p, "3*(1+2)", chain).violations] == ["needs-parentheses"]
    assert best(p, chain).min_cards == 3


def test_card_names_are_not_numbers():
    v = judge(Problem((2, 3), 6), "3-bee * 2")
    assert [str(x) for x in v.violations] == ["not-a-calculation"] and "names a card" in v.error


def test_the_24_game_needs_every_number_and_allows_fractions():
    p, rules = parse_situation("numbers 1 5 5 5; target 24"), Rules.preset("make24")
    assert judge(p, "5*(5-1/5)", rules).legal
    assert [str(v) for v in judge(p, "5*5-1", rules).violations] == ["not-all-used"]
    assert [str(v) for v in judge(p, "5*(5-1/5)").violations] == ["bad-intermediate"]  # countdown: whole numbers
