"""Nmbrs! turn as a game state: legal moves, random playouts, the moves that end a turn, and the
agreement of the state, the referee and the best-turn search."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.nmbrs.strategies import positions, rules
from solver.errors import IllegalMove, TablecalcError
from solver.game import TERMINAL, State
from solver.nmbrs import GAME, Deck, Position, Rules
from solver.nmbrs.best import best_turn
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.state import Turn
from solver.nmbrs.referee import judge
from solver.nmbrs.table import Table
from solver.nmbrs.verdict import Violation
from solver.nmbrs.words import turn_reason

DECK = Deck.default()
BASIC, SIMPLE = Rules.preset("basic"), Rules.preset("simple")


def start(text, r=BASIC):
    deck = DECK.limited(r.high, r.name)
    return Turn.start(Position.parse(text, deck), r, deck)


def turn(table, hand, *moves, r=BASIC, opened=True):
    deck = DECK.limited(r.high, r.name)
    return judge(Table.parse(table, deck, r), deck.parse_hand(hand), list(moves), r, deck, opened)


# ---------------------------------------------------------------- the moves that end a turn


def test_a_final_discard_is_accepted_and_recorded():
    v = turn("10 20 30", "15 25 7 8", "add 1: 15 25", "discard 7")
    assert v.legal and v.score == 3 and [str(c) for c in v.hand_left] == ["8"]
    assert v.discarded.number == 7 and v.as_dict()["discarded"] == "7"
    assert [r.kind for r in v.results] == ["insert", "discard"]


def test_discarding_the_last_card_is_how_a_turn_ends():
    v = turn("", "5 10 15 7", "lay 5 10 15", "discard 7", opened=False)
    assert v.legal and v.hand_left == ()


def test_no_move_after_the_discard():
    v = turn("10 20 30", "15 25 7 8", "discard 7", "add 1: 15 25")
    assert not v.legal and v.violation is Violation.TURN_OVER and v.failed_move == 2
    assert turn_reason(v) == "add 1: 15 25: the turn is already over: discard CARD or end is the last move of a turn"


def test_discard_refusals():
    v = turn("10 20 30", "15 7", "discard 9")
    assert v.violation is Violation.NOT_IN_HAND and turn_reason(v) == "discard 9: 9 is not in your hand (15 7)"
    v = turn("10 joker 30", "20 5 99", "swap 20", "discard joker")
    assert v.why.code is Violation.JOKER_NOT_REUSED and v.failed_move == 2
    assert v.penalty.take_back[0].number == 20  # the swapped-in card goes back


def test_end_only_with_an_empty_hand_and_in_the_simple_version():
    v = turn("", "5 10 15", "lay 5 10 15", "end", r=SIMPLE, opened=False)
    assert v.legal and v.score == 6 and v.hand_left == ()
    v = turn("", "5 10 15", "lay 5 10 15", "end", opened=False)
    assert v.violation is Violation.NO_DISCARD and v.failed_move == 2
    v = turn("", "5 10 15 7", "lay 5 10 15", "end", r=SIMPLE, opened=False)
    assert v.why.code is Violation.DISCARD_NEEDED and v.violation is Violation.NO_DISCARD
    assert turn_reason(v) == "end: you still hold 7: a turn ends by discarding one card (discard CARD)"


def test_discard_and_end_notation():
    assert Move.parse("discard 7r", DECK) == Move(MoveKind.DISCARD, (), (DECK.parse_card("7r"),))
    assert str(Move.parse("END", DECK)) == "end" and Move.parse("discard joker", DECK).cards[0].is_joker
    for bad in ("discard", "discard 7 8", "discard joker=5", "end 7"):
        with pytest.raises(TablecalcError, match="bad move"):
            Move.parse(bad, DECK)


# ---------------------------------------------------------------- the state


def test_state_follows_the_protocol_and_lists_moves_in_a_fixed_order():
    t = start("hand 15 25 40 7; table 10 20 30; opened")
    assert isinstance(t, State) and t.current_player() == 0 and not t.is_terminal()
    kinds = [m.kind for m in t.legal_moves()]
    assert kinds == sorted(kinds, key=list(MoveKind).index)
    assert t.legal_moves() == t.legal_moves() and t.returns() == (0.0,)


def test_turn_ends_with_a_discard_or_with_end_in_simple():
    t = start("hand 5 10 15; opened", SIMPLE)
    lay = t.parse_move("lay 5 10 15")
    assert lay in t.legal_moves()
    after = t.apply(lay)
    assert [str(m) for m in after.legal_moves()] == ["end"]
    done = after.apply(after.parse_move("end"))
    assert done.is_terminal() and done.current_player() == TERMINAL and done.returns() == (6.0,)
    assert done.legal_moves() == []


def test_laying_the_last_card_is_not_offered_when_it_must_be_discarded():
    t = start("hand 5 10 15")
    assert [str(m) for m in t.legal_moves()] == ["discard 5", "discard 10", "discard 15"]
    with pytest.raises(IllegalMove, match="illegal move 'lay 5 10 15': no-discard") as e:
        t.apply("lay 5 10 15")
    assert GAME.explain(e.value.verdict).startswith("you must keep one card to discard")


def test_a_swap_is_offered_only_when_the_joker_can_be_laid_again():
    t = start("hand 20 5 6 99; table 10 joker 30")  # not come out: 5 6 joker=4/7/... is a new sequence
    assert "swap 20" in [str(m) for m in t.legal_moves()]
    t = start("hand 20 99; table 10 joker 30")  # nowhere to lay the joker: the turn could not end
    assert "swap 20" not in [str(m) for m in t.legal_moves()]
    with pytest.raises(IllegalMove, match="joker-not-reused") as e:
        t.apply("swap 20")
    assert GAME.explain(e.value.verdict) == "a joker taken from the table must be laid again in the same turn"
    after = start("hand 20 5 6 99; table 10 joker 30").apply("swap 20")
    assert not any(m.kind is MoveKind.DISCARD for m in after.legal_moves())  # the joker must be laid first


def test_illegal_moves_raise_the_project_error_with_the_referees_reason():
    t = start("hand 15 25 7; table 10 20 30; opened")
    with pytest.raises(TablecalcError, match=r"illegal move 'add 1: 15': not-a-sequence") as e:
        t.apply("add 1: 15")
    assert isinstance(e.value, IllegalMove) and e.value.game == "nmbrs"
    assert GAME.explain(e.value.verdict).startswith("10, 15, 20, 30 is not an arithmetic progression")
    with pytest.raises(TablecalcError, match="unknown move"):
        t.apply("jump 3")
    done = t.apply("discard 7")
    with pytest.raises(IllegalMove, match="turn-over") as e:
        done.apply("discard 15")
    assert GAME.explain(e.value.verdict).startswith("the turn is already over")


def test_apply_does_not_change_the_state_in_place():
    t = start("hand 15 25 7; table 10 20 30; opened")
    before = (t.state, t.results, t.legal_moves())
    t.apply("add 1: 15 25")
    assert (t.state, t.results, t.legal_moves()) == before


# ---------------------------------------------------------------- properties


def _position_and_rules(data, max_hand=5, max_jokers=1, high=30):
    r = data.draw(rules(high=high))
    return data.draw(positions(r, max_hand=max_hand, max_jokers=max_jokers, max_sequences=3)), r


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_playouts(data):
    """Random legal moves (mostly not the ending ones) until the turn ends: every legal move round-trips through str/parse_move
    and is accepted by apply; the returns equal the referee's score for the same moves; the best
    turn's score is never below them."""
    position, r = _position_and_rules(data)
    deck = DECK.limited(r.high, r.name)
    rng = data.draw(st.randoms(use_true_random=False))
    t = Turn.start(position, r, deck)
    while not t.is_terminal():
        moves = t.legal_moves()
        assert moves, str(t)
        for m in moves:
            assert t.parse_move(str(m)) == m
            t.apply(m)  # raises if the referee refuses it
        playing = [m for m in moves if not m.ends_turn]  # mostly play on: a discard ends the playout
        t = t.apply(rng.choice(playing if playing and rng.random() < 0.8 else moves))
    v = judge(position.table, position.hand, t.moves, r, deck, position.opened)
    assert v.legal and t.returns() == (float(v.score),) and t.verdict() == v
    assert best_turn(position.table, position.hand, r, deck, position.opened).score >= v.score


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_best_turn_is_the_best_sequence_of_legal_moves(data):
    """Trying every sequence of legal moves (small hands) scores at most, and at best exactly,
    what best_turn finds: the search's pruning loses nothing the state can reach."""
    position, r = _position_and_rules(data, max_hand=4, high=24)
    deck = DECK.limited(r.high, r.name)
    start_turn = Turn.start(position, r, deck)
    gen, memo = start_turn.generator, {}

    def most(t: Turn) -> int:  # the best score still to make from t's position
        key = gen.key(t.state)
        if key not in memo:
            gains = []
            for m in t.legal_moves():
                nxt = t.apply(m)
                gains.append(nxt.score - t.score + (0 if nxt.is_terminal() else most(nxt)))
            memo[key] = max(gains)
        return memo[key]

    assert most(start_turn) == best_turn(position.table, position.hand, r, deck, position.opened).score
