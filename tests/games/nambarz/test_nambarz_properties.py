"""Property tests of the Nambarz referee: solve against the naive oracle, and solve/check agreement."""

from __future__ import annotations

import pytest

from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.core.search_oracle import naive_reach
from solver.expr import label_leaves, parse_expression, render
from solver.nambarz import Card, Deck, Rules, Violation, best, is_concordant, judge
from solver.nambarz.best import play_from
from solver.search import reach

DECK = Deck.default()
NUMBER_CARDS = [c for c in DECK.cards() if not c.is_joker]
PRESETS = [Rules.preset(p) for p in ("beginner", "basic", "parentheses")]


@st.composite
def situations(draw, max_cards: int = 5):
    """A top card and a hand of 2..max_cards number cards the deck can really hold, and a rules preset."""
    stock = [c for c in NUMBER_CARDS for _ in range(DECK.copies(c))]
    picks = draw(st.lists(st.integers(0, len(stock) - 1), min_size=3, max_size=max_cards + 1, unique=True))
    cards = [stock[i] for i in picks]
    rules = draw(st.sampled_from(PRESETS))
    return cards[0], cards[1:], rules


def _oracle_min(top, hand, rules) -> int | None:
    """Fewest cards of a legal calculation, by brute force per family over non-concordant cards."""
    best = None
    for family in ("symbol", "drawing"):
        nums = [c.number for c in hand if c.family.value == family and not is_concordant(c, top)]
        if len(nums) < 2:
            continue
        k, _ = naive_reach(nums, top.number, rules.order, rules.ops, rules.intermediates, min_numbers=2)
        if k is not None and (best is None or k < best):
            best = k
    return best


@settings(max_examples=120, deadline=None)
@given(situations(max_cards=4))
def test_solve_min_cards_matches_oracle(situation):
    """solve's minimum card count equals the brute-force minimum over legal same-family, non-concordant cards."""
    top, hand, rules = situation
    assert best(top, hand, rules).min_cards == _oracle_min(top, hand, rules)


@settings(max_examples=20, deadline=None)
@given(situations(max_cards=5))
def test_solve_min_cards_matches_oracle_five_cards(situation):
    """The same agreement on hands of 5 cards (fewer examples: the tree oracle is slow)."""
    top, hand, rules = situation
    assert best(top, hand, rules).min_cards == _oracle_min(top, hand, rules)


@settings(max_examples=150, deadline=None)
@given(situations(max_cards=6))
def test_every_simplest_play_is_judged_legal(situation):
    """Each play solve proposes, typed with its cards, is legal for check, with the right coup bonus."""
    top, hand, rules = situation
    sol = best(top, hand, rules)
    for play in sol.plays:
        typed = render(label_leaves(parse_expression(play.expression), play.cards), labels=True)
        v = judge(top, hand, typed, rules)
        assert v.legal, (typed, v.violations)
        assert v.bonus == rules.coup_bonus(len(play.cards))
        assert v.min_cards == sol.min_cards == len(play.cards)


@st.composite
def longer_calculations(draw):
    """A hand, rules, and a top card that some calculation over 3+ same-family cards of the hand reaches."""
    _, hand, rules = draw(situations(max_cards=6))
    symbols = [c for c in hand if c.family.value == "symbol"]
    drawings = [c for c in hand if c.family.value == "drawing"]
    pool = max(symbols, drawings, key=len)
    assume(len(pool) >= 3)
    cards = draw(st.permutations(pool))[: draw(st.integers(3, len(pool)))]
    value = cards[0].number
    for c in cards[1:]:  # a left-to-right calculation, valid under every preset's rules
        op = draw(st.sampled_from(sorted(rules.ops)))
        value = {"+": value + c.number, "-": value - c.number, "*": value * c.number}.get(op, value)
        if op == "/" and value % c.number == 0:
            value //= c.number
    assume(DECK.low <= value <= DECK.high)
    top = Card(value)
    assume(not any(is_concordant(c, top) for c in cards))
    assume(DECK.copies(top) > sum(1 for c in hand if c == top))
    return top, hand, rules, cards


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(longer_calculations())
def test_longer_correct_calculations_are_not_simplest(situation):
    """A correct calculation over more cards than the minimum (one family, no concordant card) is not-simplest."""
    top, hand, rules, cards = situation
    sol = best(top, hand, rules)
    longer = reach([c.number for c in cards], top.number, replace(rules.search_rules, use_all=True))
    assume(longer.min_cards is not None and sol.min_cards < len(cards))
    expr = longer.expressions[0]
    labels = play_from(expr, cards).cards
    v = judge(top, hand, render(label_leaves(expr, labels), labels=True), rules)
    assert v.violations == (Violation.NOT_SIMPLEST,)
    assert v.penalty.play_instead is not None and len(v.penalty.play_instead.cards) == sol.min_cards
