"""The best Nmbrs! turn: known cases, and agreement with a brute-force oracle that tries every order of every move."""

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.games.nmbrs.oracle import naive_best
from tests.games.nmbrs.strategies import hands, rules, tables, useful_numbers
from solver.errors import TablecalcError
from solver.nmbrs import Deck, Rules, valid_sequences
from solver.nmbrs.best import best_turn
from solver.nmbrs.referee import judge
from solver.nmbrs.table import Table

DECK = Deck.default()
BASIC, ADVANCED, SIMPLE = (Rules.preset(p) for p in ("basic", "advanced", "simple"))


def best(table, hand, rules=BASIC, opened=True):
    deck = DECK.limited(rules.high, rules.name)
    return best_turn(Table.parse(table, deck, rules), deck.parse_hand(hand), rules, deck, opened)


def moves(b):
    return [str(r.move) for r in b.verdict.results]


def test_nothing_to_lay_means_discard():
    b = best("10 20 30", "7 8 99")
    assert moves(b) == [] and b.score == 0 and len(b.verdict.hand_left) == 3


def test_keeps_a_card_to_discard_except_in_simple():
    b = best("", "5 10 15", opened=False)
    assert moves(b) == [] and b.score == 0  # laying all three would leave nothing to discard
    b = best("", "5 10 15", SIMPLE, opened=False)
    assert moves(b) == ["lay 5 10 15"] and b.score == 6 and b.verdict.hand_left == ()


def test_crossing_beats_inserting_when_it_doubles():
    b = best("10 20 30", "15 25 40 7 8")
    assert moves(b) == ["cross 20: 15 25", "add 1: 40"] and b.score == 7


def test_swaps_a_joker_and_reuses_it():
    b = best("10 joker 30", "20 5 6 99")
    assert moves(b)[0] == "swap 20" and moves(b)[1].startswith("lay ") and "joker=" in moves(b)[1]
    assert b.verdict.legal and b.score == 12


def test_must_come_out_first():
    b = best("10 20 30", "40 50 7", opened=False)
    assert moves(b) == []
    b = best("10 20 30", "40 50 5 6 7 99", opened=False)
    assert moves(b)[0] == "lay 5 6 7" and any(m.startswith("add 1:") for m in moves(b))


def test_json_keys():
    d = best("10 20 30", "15 25 40 7 8").as_dict()
    assert {"moves", "score", "points_estimated", "hand_left", "table", "legal", "states_searched"} <= set(d)
    assert d["points_estimated"] is True and d["legal"] is True


def test_state_limit_is_a_clear_error():
    deck = DECK
    with pytest.raises(TablecalcError, match="needs more than 2 positions"):
        best_turn(Table.parse("10 20 30", deck, BASIC), deck.parse_hand("40 50 60 70 5"), BASIC, deck, True, limit=2)


def test_empty_hand_is_an_error():
    with pytest.raises(TablecalcError, match="the hand is empty"):
        best_turn(Table(), [], BASIC, DECK)


# ---------------------------------------------------------------- properties


def _check_against_oracle(data, high, max_hand, max_jokers, max_sequences, min_hand, joker_only=True):
    r = data.draw(rules(high=high))
    table = data.draw(tables(r, max_sequences=max_sequences, max_len=5, min_sequences=data.draw(st.integers(0, 1))))
    hand = data.draw(hands(r, max_size=max_hand, max_jokers=max_jokers, avoid=table.values(), min_size=min_hand,
                           near=useful_numbers(table)))
    opened = data.draw(st.booleans())
    deck = DECK.limited(r.high, r.name)
    b = best_turn(table, hand, r, deck, opened)
    assert b.verdict.legal
    assert (b.score, sum(len(x.laid) for x in b.verdict.results)) == naive_best(table, hand, r, deck, opened, joker_only)
    # the turn replays to the same score through the referee
    assert judge(table, hand, [x.move for x in b.verdict.results], r, deck, opened).score == b.score


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_best_agrees_with_brute_force(data):
    """best_turn's (score, cards laid) == the best over every order of every move (hands of 3 to 6 cards,
    up to 1 joker, tables of up to 3 sequences, numbers up to 30, every preset and option)."""
    _check_against_oracle(data, high=30, max_hand=6, max_jokers=1, max_sequences=3, min_hand=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_best_agrees_with_brute_force_two_jokers(data):
    """The same with up to 2 jokers (hands of 2 to 4 cards, numbers up to 16)."""
    _check_against_oracle(data, high=16, max_hand=4, max_jokers=2, max_sequences=2, min_hand=2)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_best_is_at_least_every_single_lay(data):
    """No single new sequence of the hand scores more than the best turn (when a card can still be kept)."""
    r = data.draw(rules(options=False))
    hand = data.draw(hands(r, max_size=8, max_jokers=1, min_size=1))
    deck = DECK.limited(r.high, r.name)
    b = best_turn(Table(), hand, r, deck, False)
    for s in valid_sequences(hand, r):
        if r.discard_last and len(s.cards) == len(hand):
            continue
        v = judge(Table(), hand, [f"lay {s}"], r, deck, False)
        assert v.score <= b.score


# ---------------------------------------------------------------- the search before issue 9 (jokers made it slow)


def _baseline():
    """benchmarks/baseline_nmbrs_best.py: the best-turn search as it was, frozen for the benchmark."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "benchmarks" / "baseline_nmbrs_best.py"
    spec = importlib.util.spec_from_file_location("baseline_nmbrs_best", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BASELINE = _baseline()


def _value(b):
    """What the search maximises: (score, cards laid, -moves)."""
    return b.score, sum(len(x.laid) for x in b.verdict.results), -len(b.verdict.results)


@pytest.mark.slow  # 100 deals against the old search: about 9 s
@seed(9)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_best_agrees_with_the_old_search_with_jokers(data):
    """best_turn finds a turn as good as the search before issue 9 did: the same score, then as many
    cards laid, then as few moves (hands of 3 to 7 cards with 0 to 3 jokers, tables of up to 3
    sequences, numbers up to 40, every preset and option), and the referee replays it to that score."""
    r = data.draw(rules(high=40)).with_options(doubling_per="move")  # the old search scores move by move
    table = data.draw(tables(r, max_sequences=3, max_len=5, min_sequences=data.draw(st.integers(0, 1))))
    hand = data.draw(hands(r, max_size=7, max_jokers=3, avoid=table.values(), min_size=3, near=useful_numbers(table)))
    opened = data.draw(st.booleans())
    deck = DECK.limited(r.high, r.name)
    new = best_turn(table, hand, r, deck, opened, limit=10**6, max_work=10**9)
    old = BASELINE.best_turn(table, hand, r, deck, opened, limit=10**6, max_work=10**9)
    assert _value(new) == _value(old)
    assert judge(table, hand, [x.move for x in new.verdict.results], r, deck, opened).score == new.score


@seed(9)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_best_agrees_with_brute_force_three_jokers(data):
    """Against the brute-force oracle with 3 jokers (hands of 3 to 4 cards, numbers up to 12); new
    sequences of jokers only are left out of both (the search does not lay them)."""
    _check_against_oracle(data, high=12, max_hand=4, max_jokers=3, max_sequences=2, min_hand=3, joker_only=False)
