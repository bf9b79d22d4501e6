"""Nmbrs! as a registered game: the GAME object, positions and their notation, dealing, typed
answers, reasons as data with their wording, and the rule functions the referee and the
search share."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.nmbrs.oracle import _doubled, is_valid, valid_universe
from tests.games.nmbrs.strategies import DECK, positions, rules
from solver.errors import TablecalcError
from solver.game import BaseGame, Code, Penalty, Verdict
from solver.rulebook import explained
from solver.nmbrs import GAME, JOKER, Card, Colour, Deck, Placed, Position, Rules
from solver.nmbrs.deal import deal
from solver.nmbrs.moves import MoveKind, parse_turn
from solver.nmbrs.rules import Opening, may_add
from solver.nmbrs.scoring import ALL_DIFFERENT, ONE_COLOUR, doubling
from solver.nmbrs.sequences import check_sequence, exact_completions, why_not
from solver.nmbrs.referee import judge
from solver.nmbrs.table import Table
from solver.nmbrs.verdict import TURN_VIOLATION, Violation
from solver.nmbrs.words import explain_sequence, explain_turn, sequence_reason, turn_reason
from solver.registry import find_game

BASIC, ADVANCED, SIMPLE = (Rules.preset(p) for p in ("basic", "advanced", "simple"))


# ---------------------------------------------------------------- the game object


def test_game_follows_the_protocol_and_is_registered():
    assert isinstance(GAME, BaseGame) and issubclass(GAME.violations, Code) and GAME.violations is Violation
    for name in ("nmbrs", "Numbers", "nummers", "reeksen", "suites", "Nmbrs!"):
        assert find_game(name) is GAME, name
    assert GAME.title == "Nmbrs!" and "seeds/002_" in GAME.seed and GAME.penalty_unit == "cards taken back"
    assert set(GAME.presets) == {"basic", "advanced", "simple"} and GAME.rules() == BASIC
    assert GAME.rules("advanced", opening="free").opening is Opening.FREE


def test_load_data_limits_the_deck_to_the_rules():
    assert GAME.load_data(SIMPLE).high == 50 and GAME.load_data(BASIC).high == 100
    with pytest.raises(TablecalcError, match="cannot read deck file"):
        GAME.load_data(BASIC, "/no/such/deck.toml")


def test_solve_check_and_explain():
    deck = GAME.load_data(BASIC)
    p = GAME.parse_situation("hand 15 25 40 7 8; table 10 20 30; opened", deck)
    best = GAME.best(p, BASIC, deck)
    assert GAME.best_answers(best) == ("cross 20: 15 25; add 1: 40",) and best.score == 7
    v = GAME.judge(p, GAME.best_answers(best)[0], BASIC, deck)
    assert isinstance(v, Verdict) and v.legal and v.score == 7 and v.violations == () and v.penalty.amount == 0
    v = GAME.judge(p, "cross 20: 15 25; add 1: 41", BASIC, deck)
    assert not v.legal and v.violations == (Violation.NOT_IN_HAND,) and isinstance(v.penalty, Penalty)
    assert [str(c) for c in v.penalty.take_back] == ["15", "25"] and v.penalty.amount == 2
    assert v.penalty.as_dict() == {"take_back": ["15", "25"], "amount": 2}
    assert GAME.explain(v) == ("Refused at move 2: add 1: 41: 41 is not in your hand (40 7 8). "
                               "Take back 15 and 25: the turn scores nothing.")
    assert GAME.best_answers(GAME.best(GAME.parse_situation("hand 7 8 99", deck), BASIC, deck)) == ("pass",)
    assert GAME.judge(p, "pass", BASIC, deck).legal


def test_a_table_the_rules_refuse_is_an_input_error():
    deck = GAME.load_data(ADVANCED)
    p = GAME.parse_situation("hand 7 8; table 14 20 26", deck)
    for call in (lambda: GAME.best(p, ADVANCED, deck), lambda: GAME.judge(p, "pass", ADVANCED, deck),
                 lambda: GAME.new_state(p, ADVANCED, deck)):
        with pytest.raises(TablecalcError, match="counting back 26, 20, 14, 8, 2"):
            call()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["basic", "advanced", "simple"]))
def test_random_situations_are_dealt_legal_and_solvable(seed, preset):
    """A dealt position round-trips through its notation, fits its rules, and its best answer is judged legal."""
    rules_ = GAME.rules(preset)
    deck = GAME.load_data(rules_)
    p = GAME.random_situation(random.Random(seed), rules_, deck)
    assert GAME.parse_situation(str(p), deck) == p
    p.check(rules_, deck)
    assert len(p.hand) == rules_.hand_size and p.opened and len(p.table.sequences) == 3
    answer = GAME.best_answers(GAME.best(p, rules_, deck))[0]
    assert GAME.judge(p, answer, rules_, deck).legal
    refused = GAME.judge(p, GAME.refused_answer(p, rules_, deck), rules_, deck)
    assert not refused.legal and GAME.explain(refused).startswith("Refused")


# ---------------------------------------------------------------- positions and dealing


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_positions_round_trip(data):
    """Position.parse(str(p)) == p for any position drawn under any rules."""
    r = data.draw(rules(options=False))
    p = data.draw(positions(r, max_hand=9, max_jokers=2))
    again = Position.parse(str(p), DECK)
    assert again == p and str(again) == str(p)


@pytest.mark.parametrize("text, message", [
    ("", "'hand' is missing"),
    ("table 10 20 30", "'hand' is missing"),
    ("hand 5 6; hand 7", "'hand' is given twice"),
    ("hand 5 6; opened yes", "unknown part 'opened yes'"),
    ("hand 5 6; colour red", "unknown part 'colour red'"),
    ("hand 5 101", "bad position 'hand 5 101': there is no card 101"),
    ("hand 5 6; table 10 20", "bad position 'hand 5 6; table 10 20': table '10 20': sequence 1 (10 20) is not valid"),
    ("hand 5 10; table 10 20 30", "10 is both in your hand and on the table"),
    ("hand joker joker joker; table 10 joker joker 40", "5 jokers in your hand and on the table"),
])
def test_malformed_positions_quote_the_input(text, message):
    with pytest.raises(TablecalcError, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        Position.parse(text, DECK)
    assert "\n" not in str(e.value)


def test_deal_parameters():
    p = deal(random.Random(1), BASIC, DECK, hand_size=5, table_sequences=2, joker_chance=0.0)
    assert len(p.hand) == 5 and len(p.table.sequences) == 2 and p.opened and not any(c.is_joker for c in p.hand)
    assert not p.table.crossings() and not set(p.table.values()) & {c.number for c in p.hand}
    assert deal(random.Random(1), BASIC, DECK, hand_size=5, table_sequences=2) == deal(
        random.Random(1), BASIC, DECK, hand_size=5, table_sequences=2)
    assert sum(any(c.is_joker for c in deal(random.Random(s), BASIC, DECK, joker_chance=1.0).hand)
               for s in range(20)) == 20
    p = deal(random.Random(3), SIMPLE, DECK.limited(50, "simple"))
    assert not p.opened and p.table == Table() and all(c.number <= 50 for c in p.hand if not c.is_joker)
    with pytest.raises(TablecalcError, match="bad hand size 0"):
        deal(random.Random(1), BASIC, DECK, hand_size=0)


# ---------------------------------------------------------------- typed answers


def test_parse_turn_reads_the_drills_answers():
    assert [str(m) for m in parse_turn("14 20 26", DECK)] == ["lay 14 20 26"]
    assert [str(m) for m in parse_turn("joker 5 6; add 1: 7", DECK)] == ["lay joker 5 6", "add 1: 7"]
    assert [str(m) for m in parse_turn("lay 1 2 3 ; discard 9", DECK)] == ["lay 1 2 3", "discard 9"]
    for word in ("pass", "Draw", "discard", "nothing"):
        assert parse_turn(word, DECK) == []
    with pytest.raises(TablecalcError, match="unknown move 'jump 3'"):
        parse_turn("jump 3", DECK)
    with pytest.raises(TablecalcError, match="no answer"):
        parse_turn(" ; ", DECK)


# ---------------------------------------------------------------- reasons as data, words at the edge


def turn(table, hand, *moves, r=BASIC, opened=True):
    return judge(Table.parse(table, DECK, r), DECK.parse_hand(hand), list(moves), r, DECK, opened)


FAULTS = [  # (table, hand, moves, opened, fault, reason)
    ("10 20 30", "15 7", ["add 1: 15 25"], True, Violation.NOT_IN_HAND, "add 1: 15 25: 25 is not in your hand (15 7)"),
    ("10 20 30", "joker 35 5", ["lay 5 joker=20 35"], True, Violation.JOKER_ON_TABLE_NUMBER,
     "lay 5 joker=20 35: a joker cannot stand for 20: it is on the table already (sequence 1)"),
    ("10 joker 30", "20 25 15 9", ["lay 15 20 25"], True, Violation.NUMBER_IS_A_JOKER,
     "lay 15 20 25: 20 is on the table already as a joker; swap it first (swap 20)"),
    ("10 20 30", "joker 40 7", ["add 1: joker=40 40"], True, Violation.NUMBER_TWICE,
     "add 1: joker=40 40: 40 would be in the sequence twice"),
    ("10 20 30", "15 7", ["add 1: 15"], True, Violation.NOT_A_SEQUENCE,
     "add 1: 15: 10, 15, 20, 30 is not an arithmetic progression: the steps are 5, 5, 10 (every step must be the same)"),
    ("", "5 6 7", ["lay 5 6"], False, Violation.LAY_TOO_SHORT, "lay 5 6: a new sequence needs at least 3 cards"),
    ("10 20 30", "15 7", ["cross 20: 15"], True, Violation.CROSS_TOO_SHORT,
     "cross 20: 15: a crossing sequence needs at least 2 cards from your hand"),
    ("10 20 30", "40 7", ["link 1 3: 40"], True, Violation.NO_SUCH_SEQUENCE, "link 1 3: 40: there is no sequence 3 (the table has 1)"),
    ("10 20 30", "15 25 7", ["cross 21: 15 25"], True, Violation.NOT_ON_TABLE, "cross 21: 15 25: 21 is not on the table"),
    ("10 20 30 | 4 10 16", "1 19 7", ["cross 10: 1 19"], True, Violation.CROSSING_FULL,
     "cross 10: 1 19: 10 already lies where sequences 1 and 2 cross; a card can be in two sequences at most"),
    ("10 20 30", "40 7", ["link 1 1: 40"], True, Violation.LINK_ITSELF, "link 1 1: 40: a sequence cannot be linked to itself"),
    ("10 20 30 | 4 10 16", "40 7", ["link 1 2: 40"], True, Violation.LINK_CROSSING,
     "link 1 2: 40: sequences 1 and 2 cross at 10; only separate sequences can be linked"),
    ("10 20 30 | 25 35 45", "40 7", ["link 1 2: 40"], True, Violation.LINK_OVERLAP,
     "link 1 2: 40: sequences 1 and 2 overlap; linking joins one after the other"),
    ("1 2 3 | 7 8 9 | 3 7 11", "4 5 6 99", ["link 1 2: 4 5 6"], True, Violation.SHARES_CARDS,
     "link 1 2: 4 5 6: the linked sequence would cross sequence 3 twice (at 3 and 7)"),
    ("10 20 30", "40 7", ["add 1: 40"], False, Violation.NOT_COME_OUT,
     "add 1: 40: you may add to the table only after laying a sequence of your own yet (opening rule: once)"),
    ("10 20 30", "40 5", ["swap 20"], True, Violation.NO_JOKER_THERE, "swap 20: no joker on the table stands for 20"),
    ("10 joker 30", "20 5 99", ["swap 20"], True, Violation.JOKER_NOT_REUSED,
     "a joker taken from the table must be laid again in the same turn"),
    ("", "5 10 15", ["lay 5 10 15"], False, Violation.NO_DISCARD,
     "you must keep one card to discard at the end of your turn (not in the simple version)"),
    ("10 20 30", "40 7", ["discard 7", "add 1: 40"], True, Violation.TURN_OVER,
     "add 1: 40: the turn is already over: discard CARD or end is the last move of a turn"),
]


SEQUENCE_CODES = {Violation.TOO_SHORT, Violation.NUMBER_TWICE, Violation.NOT_A_PROGRESSION, Violation.COUNT_BACK,
                  Violation.JOKER_BLOCKED, Violation.NO_JOKER_NUMBER, Violation.JOKER_COUNT_BACK}
"""Why cards make no sequence (test_sequence_reasons_are_data and the test after it reach each one)."""


def test_every_fault_is_reached_and_worded():
    """Every code is reached: each check of a move or a round here, the sequence codes below; the
    turn's codes that only report finer checks (:data:`TURN_VIOLATION`) and the drill's
    ``not-a-move`` are no check of their own."""
    from tests.games.nmbrs.test_nmbrs_round import ROUND_FAULTS  # the draw and the whole round

    reached = {f for *_, f, _ in FAULTS} | {f for *_, f, _ in ROUND_FAULTS}
    reported_only = set(TURN_VIOLATION.values()) - reached
    assert reached | {Violation.DISCARD_NEEDED} | SEQUENCE_CODES | reported_only | {Violation.NOT_A_MOVE} == set(Violation)  # DISCARD_NEEDED: test_nmbrs_state
    assert not reported_only & set(TURN_VIOLATION)


@pytest.mark.parametrize("table, hand, moves, opened, fault, reason", FAULTS, ids=[str(f[4]) for f in FAULTS])
def test_refusals_are_data_and_worded_at_the_edge(table, hand, moves, opened, fault, reason):
    from typer.testing import CliRunner

    from trainer.cli import app

    v = turn(table, hand, *moves, opened=opened)
    violation = TURN_VIOLATION.get(fault, fault)
    assert v.why.code is fault and v.violation is violation and v.violations == (violation,)
    assert turn_reason(v) == reason
    assert "reason" not in v.as_dict()  # the verdict holds no sentence: the command line words it
    r = CliRunner().invoke(app, ["nmbrs", "judge", *moves, "--hand", hand, "--table", table,
                                 "--opened" if opened else "--not-opened", "--json"])
    d = json.loads(r.stdout)
    assert r.exit_code == 1 and d == {**v.as_dict(), "reason": reason, "explanation": explained(GAME, v)}
    assert d["reason"] == reason and d["why"]["code"] == fault.value and d["violation"] == str(violation)


@pytest.mark.parametrize("cards, rules_, code", [
    ("14 20", BASIC, Violation.TOO_SHORT),
    ("14 20 27", BASIC, Violation.NOT_A_PROGRESSION),
    ("14 20 26", ADVANCED, Violation.COUNT_BACK),
    ("10 11 33 joker", BASIC, Violation.NO_JOKER_NUMBER),
    ("10 33 joker", ADVANCED, Violation.JOKER_COUNT_BACK),
])
def test_sequence_reasons_are_data(cards, rules_, code):
    v = check_sequence(DECK.parse_hand(cards), rules_)
    assert v.why.code is code and v.violations == (code,) and v.as_dict()["why"]["code"] == code.value
    assert explain_sequence(v) == f"Not valid ({rules_.name}): {sequence_reason(v.why)}."


def test_why_not_reports_a_joker_blocked_by_the_table_and_a_number_twice():
    why = why_not([10, 20, 30], 1, BASIC, taken=[40])  # 0 is not a card: 40 was the joker's only number
    assert why.code is Violation.JOKER_BLOCKED and why.could == ((10, 20, 30, 40),) and why.on_table == (40,)
    assert why_not([20, 30, 40], 1, BASIC, taken=[10, 50]).on_table == (10,)  # the first blocked reading
    assert why_not([20, 30, 40], 1, BASIC, taken=[10]) is None
    assert why_not([5, 5, 6], 0, BASIC).code is Violation.NUMBER_TWICE


def test_explanations():
    v = turn("", "5 10 15", "lay 5 10 15", r=SIMPLE, opened=False)
    assert explain_turn(v) == "Legal: lay 5 10 15 scores 6 (all different, doubled). Your hand is empty: you are out."
    v = turn("10 20 30", "7 8", "discard 7")
    assert explain_turn(v) == "Legal: nothing is laid, so the turn scores 0. The turn ends with the discard of 7."
    v = turn("", "5 10 15", "lay 5 10 15", opened=False)
    assert explain_turn(v).startswith("Refused at the end of the turn: you must keep one card")
    v = check_sequence(DECK.parse_hand("11 21 joker"), ADVANCED)
    assert explain_sequence(v) == ("Valid (advanced): 1 11 21 goes up by 10, the joker standing for 1. "
                                   "The joker could also make 11 16 21 or 11 21 31.")


# ---------------------------------------------------------------- one home per rule


def test_may_add_is_the_opening_rule():
    expected = {  # opening -> (came out before, laid a sequence this turn) pairs that may add
        "once": {(True, False), (False, True), (True, True)},
        "each-turn": {(False, True), (True, True)},
        "free": {(False, False), (True, False), (False, True), (True, True)},
    }
    for opening, allowed in expected.items():
        r = BASIC.with_options(opening=opening)
        for opened, laid_new in itertools.product((False, True), repeat=2):
            assert may_add(r, opened, laid_new) == ((opened, laid_new) in allowed)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_colour_doubling_agrees_with_the_oracle(data):
    """doubling() (the one colour rule, shared with the search) == the oracle's plain reading of the rules."""
    r = BASIC.with_options(joker_colour=data.draw(st.sampled_from(["wild", "none", "as-card"])))
    numbers = data.draw(st.lists(st.integers(1, 100), unique=True, min_size=0, max_size=6))
    cards = [Placed(JOKER, n) if data.draw(st.integers(0, 3)) == 0
             else Placed(Card(n, data.draw(st.sampled_from([None, *Colour]))), n) for n in numbers]
    got = doubling(cards, r, DECK)
    assert got in (None, ONE_COLOUR, ALL_DIFFERENT)
    assert (got is not None) == _doubled([(p.card, p.value) for p in cards], DECK, r)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_exact_completions_agree_with_brute_force(data):
    """exact_completions(values, jokers) == the valid sequences of len(values) + jokers cards that hold every
    value, whose other numbers are not taken; why_not is None exactly when there is one."""
    r = data.draw(rules(high=30, options=False))
    values = data.draw(st.lists(st.integers(1, r.high), unique=True, min_size=0, max_size=4))
    jokers = data.draw(st.integers(0 if len(values) >= 1 else 1, 3))
    taken = set(data.draw(st.lists(st.integers(1, r.high), max_size=4))) - set(values)
    got = {c.numbers for c in exact_completions(values, jokers, r, taken)}
    length = len(values) + jokers
    universe = valid_universe(r.sequence.value == "count-back", r.high, max(length, 3))
    expected = {cells for (n, _), found in universe.items() if n == length for cells in found
                if set(values) <= set(cells) and not (set(cells) - set(values)) & taken}
    assert got == expected
    assert (why_not(values, jokers, r, taken) is None) == bool(expected)
    if jokers == 0 and len(values) >= 3:
        assert bool(expected) == is_valid(values, r.sequence.value == "count-back", r.high)


def test_enums_are_str_enums_with_the_same_values_and_json():
    assert json.dumps([Colour.RED, MoveKind.LAY, Opening.EACH_TURN, Violation.NO_DISCARD, ONE_COLOUR]) == \
        '["red", "lay", "each-turn", "no-discard", "one colour"]'
    assert f"{Colour.GREEN}/{BASIC.opening}/{MoveKind.SWAP}" == "green/once/swap"
    assert issubclass(Violation, Code) and Violation("not-in-hand").not_understood
    assert Deck.default().parse_card("14r").colour is Colour.RED
