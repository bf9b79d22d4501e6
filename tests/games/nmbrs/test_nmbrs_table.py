"""Nmbrs! table and turns: every move of the seed, crossings, and every refusal with its reason."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.nmbrs.strategies import rules, tables
from solver.errors import TablecalcError
from solver.nmbrs import Deck, Rules
from solver.nmbrs.moves import Move, MoveKind, parse_moves
from solver.nmbrs.referee import judge
from solver.nmbrs.table import Table
from solver.nmbrs.verdict import Violation
from solver.nmbrs.words import turn_reason

DECK = Deck.default()
BASIC, ADVANCED, SIMPLE = (Rules.preset(p) for p in ("basic", "advanced", "simple"))


def turn(table, hand, *moves, rules=BASIC, opened=True):
    return judge(Table.parse(table, DECK, rules), DECK.parse_hand(hand), list(moves), rules, DECK, opened)


# ---------------------------------------------------------------- the table


def test_table_parse_crossings_and_jokers():
    t = Table.parse("10 20 30 | 4 10 16 / 40 joker 60", DECK, BASIC)
    assert str(t) == "10 20 30 | 4 10 16 | 40 joker=50 60"
    assert t.crossings() == {10: (1, 2)}
    assert Table.parse(str(t), DECK, BASIC) == t
    assert Table.parse("30 20 10", DECK, BASIC).numbers(0) == (10, 20, 30)
    assert Table.parse("joker=5 10 15", DECK, BASIC).numbers(0) == (5, 10, 15)
    assert Table.parse("", DECK, BASIC).sequences == ()
    d = t.as_dict()
    assert d["crossings"] == [{"number": 10, "sequences": [1, 2]}] and d["sequences"][2]["cards"] == ["40", "joker=50", "60"]


def test_crossing_card_keeps_its_typed_colour():
    t = Table.parse("10r 20 30 | 4 10 16", DECK, BASIC)
    assert str(t) == "10r 20 30 | 4 10r 16"


@pytest.mark.parametrize("text, message", [
    ("10 20 | 5 6 7", "sequence 1 (10 20) is not valid under basic: a sequence needs at least 3 cards"),
    ("14 20 26", "sequence 1 (14 20 26) is not valid under advanced: counting back 26, 20, 14, 8, 2 lands on 2"),
    ("10 20 30 | ", "sequence 2 is empty"),
    ("10 20 30 | 20 30 40", "sequences 1 and 2 share 20, 30"),
    ("1 2 3 | 2 4 6 | 2 12 22", "2 is in 3 sequences"),
    ("joker joker 30", "cannot tell which number the joker stands for"),
    ("10 joker 25", "not evenly spaced"),
    ("10r 20 30 | 4 10g 16", "the crossing card 10 is written 10r and 10g"),
    ("10 20 30 | 4 joker=10 16", "10 is both a card and a joker"),
    ("10 20 101", "there is no card 101"),
    ("10 20 3x", "unknown colour 'x'"),
])
def test_malformed_tables(text, message):
    r = ADVANCED if "advanced" in message else BASIC
    with pytest.raises(TablecalcError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Table.parse(text, DECK, r)


def test_hand_and_table_share_the_deck():
    with pytest.raises(TablecalcError, match="20 is both in your hand and on the table"):
        turn("10 20 30", "20 5 6", "lay 5 6 20")
    with pytest.raises(TablecalcError, match="5 jokers in your hand and on the table"):
        turn("10 joker 30", "joker joker joker joker 5", "lay joker joker joker")


# ---------------------------------------------------------------- moves of the seed


def test_lay_a_new_sequence():
    v = turn("", "14r 20 26 7", "lay 14r 20 26", opened=False)
    assert v.legal and v.results[0].kind == "lay" and v.results[0].numbers == (14, 20, 26)
    assert str(v.table) == "14r 20 26" and [str(c) for c in v.hand_left] == ["7"]


def test_append_at_an_end():  # figure 4
    v = turn("10 20 30", "40 50 7", "add 1: 40 50")
    assert v.legal and v.results[0].kind == "append" and v.results[0].numbers == (10, 20, 30, 40, 50)


def test_insert_between_cards_figure_5():
    v = turn("10 20 30", "15 25 7", "add 1: 15 25")
    assert v.legal and v.results[0].kind == "insert"
    assert v.results[0].numbers == (10, 15, 20, 25, 30) and v.results[0].move.cards[0].number == 15


def test_insert_must_fill_every_gap():
    v = turn("10 20 30", "15 25 7", "add 1: 15")
    assert not v.legal and v.violation is Violation.NOT_A_SEQUENCE and v.failed_move == 1
    assert turn_reason(v) == ("add 1: 15: 10, 15, 20, 30 is not an arithmetic progression: the steps are 5, 5, 10 "
                        "(every step must be the same)")


def test_insert_under_advanced_checks_the_new_step():
    assert turn("10 20 30", "15 25 7", "add 1: 15 25", rules=ADVANCED).legal  # 5-step counts back to 0
    v = turn("12 24 36", "18 30 7", "add 1: 18 30", rules=ADVANCED)  # 12-18-24-30-36: 6-step lands on 0
    assert v.legal
    v = turn("9 18 27", "36 7", "add 1: 36 7", rules=ADVANCED)
    assert not v.legal and "not an arithmetic progression" in turn_reason(v)


def test_cross_through_a_table_card_figure_6():
    v = turn("10 20 30", "15 25 7", "cross 20: 15 25")
    assert v.legal and v.results[0].kind == "cross" and v.results[0].numbers == (15, 20, 25)
    assert v.table.crossings() == {20: (1, 2)}


def test_a_card_crosses_two_sequences_at_most():
    v = turn("10 20 30 | 4 10 16", "1 19 7", "cross 10: 1 19")
    assert not v.legal and v.violation is Violation.CROSSING_FULL
    assert "10 already lies where sequences 1 and 2 cross" in turn_reason(v)


def test_cross_needs_two_hand_cards_and_a_table_card():
    assert turn("10 20 30", "15 7", "cross 20: 15").violation is Violation.NOT_A_SEQUENCE
    assert turn("10 20 30", "15 25 7", "cross 21: 15 25").violation is Violation.NOT_ON_TABLE


def test_link_two_sequences_figure_7():
    v = turn("10 20 30 | 50 60 70", "40 7", "link 1 2: 40")
    assert v.legal and v.results[0].kind == "link" and v.results[0].numbers == (10, 20, 30, 40, 50, 60, 70)
    assert len(v.table.sequences) == 1


def test_link_refusals():
    assert turn("10 20 30 | 50 60 70", "45 7", "link 1 2: 45").violation is Violation.NOT_A_SEQUENCE
    assert turn("10 20 30 | 25 35 45", "40 7", "link 1 2: 40").violation is Violation.CANNOT_LINK
    assert turn("10 20 30 | 4 10 16", "40 7", "link 1 2: 40").violation is Violation.CANNOT_LINK
    assert turn("10 20 30", "40 7", "link 1 1: 40").violation is Violation.CANNOT_LINK
    assert turn("10 20 30", "40 7", "link 1 3: 40").violation is Violation.NO_SUCH_SEQUENCE
    # 1-2-3 and 7-8-9 both cross 3-7-11: linked, they would cross it twice
    v = turn("1 2 3 | 7 8 9 | 3 7 11", "4 5 6 99", "link 1 2: 4 5 6")
    assert v.violation is Violation.SHARES_CARDS and "would cross sequence 3 twice (at 3 and 7)" in turn_reason(v)


def test_swap_a_joker_and_reuse_it():
    v = turn("10 joker 30", "20 5 6 99", "swap 20", "lay 5 6 joker=7")
    assert v.legal and str(v.table) == "10 20 30 | 5 6 joker=7"
    assert v.results[0].kind == "swap" and v.results[0].score == 0
    assert v.results[1].move.cards[-1].value == 7


def test_swapped_joker_must_be_reused():
    v = turn("10 joker 30", "20 5 99", "swap 20")
    assert not v.legal and v.violation is Violation.JOKER_NOT_REUSED and v.failed_move is None


def test_swap_refusals():
    assert turn("10 20 30", "40 5", "swap 20").violation is Violation.NO_JOKER_THERE
    assert turn("10 joker 30", "40 5", "swap 20").violation is Violation.NOT_IN_HAND
    v = turn("10 joker 30", "20 25 15 9", "lay 15 20 25")
    assert v.violation is Violation.NUMBER_TAKEN and "swap it first (swap 20)" in turn_reason(v)


def test_a_joker_cannot_stand_for_a_number_on_the_table():
    v = turn("10 20 30", "joker 35 5", "lay 5 joker=20 35")
    assert v.violation is Violation.NUMBER_TAKEN and "a joker cannot stand for 20" in turn_reason(v)


def test_a_joker_has_nowhere_to_go():
    v = turn("10 20 30 | 36 40 44", "joker 7", "add 1: joker")
    assert v.violation is Violation.NOT_A_SEQUENCE
    assert turn_reason(v) == "add 1: joker: the joker could only make 10-20-30-40, but 40 is already on the table"


def test_cards_must_be_in_hand():
    v = turn("10 20 30", "15 7", "add 1: 15 25")
    assert v.violation is Violation.NOT_IN_HAND and "25 is not in your hand (15 7)" in turn_reason(v)


def test_last_card_must_be_discarded_except_in_simple():
    v = turn("", "5 10 15", "lay 5 10 15", opened=False)
    assert not v.legal and v.violation is Violation.NO_DISCARD
    v = judge(Table(), DECK.parse_hand("5 10 15"), ["lay 5 10 15"], SIMPLE, DECK.limited(50, "simple"))
    assert v.legal and v.score == 6 and v.hand_left == ()  # 3 cards, all different colours: doubled


def test_opening_rule():
    v = turn("10 20 30", "40 7", "add 1: 40", opened=False)
    assert v.violation is Violation.NOT_COME_OUT and "opening rule: once" in turn_reason(v)
    assert turn("10 20 30", "40 5 6 7 9", "lay 5 6 7", "add 1: 40", opened=False).legal
    each = BASIC.with_options(opening="each-turn")
    assert turn("10 20 30", "40 7", "add 1: 40", rules=each, opened=True).violation is Violation.NOT_COME_OUT
    assert turn("10 20 30", "40 7", "add 1: 40", rules=BASIC.with_options(opening="free"), opened=False).legal


def test_ambiguous_joker_is_an_input_error():
    with pytest.raises(TablecalcError, match="which number does the joker stand for in 'add 1: joker'"):
        turn("20 30 40", "joker 7", "add 1: joker")
    v = turn("10 20 30", "joker 7", "add 1: joker")  # 0 is not a card: only 40
    assert v.legal and v.results[0].numbers == (10, 20, 30, 40)


def test_move_notation():
    assert str(Move.parse("add 1 15 25", DECK)) == "add 1: 15 25"
    assert str(Move.parse("LINK 1 2", DECK)) == "link 1 2:"
    assert Move.parse("swap 20", DECK).kind is MoveKind.SWAP
    assert [str(m) for m in parse_moves(["lay 1 2 3; add 1: 4"], DECK)] == ["lay 1 2 3", "add 1: 4"]
    for bad, msg in [("jump 1", "unknown move"), ("add x: 5", "'x' should be a number"), ("lay", "no cards"),
                     ("swap 20 21", "expected swap N"), ("add 1 2: 5", "expected add SEQUENCE"), ("lay 5 101", "no card 101")]:
        with pytest.raises(TablecalcError, match=msg):
            Move.parse(bad, DECK)
    with pytest.raises(TablecalcError, match="no moves given"):
        parse_moves([" ; "], DECK)


def test_turn_json_keys():
    """The verdict's JSON, and the command's: the same keys and ``reason`` (the verdict holds no sentence)."""
    import json

    from typer.testing import CliRunner

    from trainer.cli import app

    d = turn("10 20 30", "15 25 7", "add 1: 15 25").as_dict()
    r = CliRunner().invoke(app, ["nmbrs", "judge", "add 1: 15 25", "--hand", "15 25 7", "--table", "10 20 30",
                                 "--opened", "--json"])
    got = json.loads(r.stdout)
    assert got == {**d, "reason": None, "explanation": got["explanation"]} and got["explanation"]
    d = got
    assert {"legal", "violation", "reason", "failed_move", "moves", "score", "points_estimated", "cards_laid",
            "hand", "hand_left", "table_before", "table", "opened", "rules"} <= set(d)
    assert set(d["moves"][0]) == {"move", "kind", "sequence", "numbers", "cards", "jokers", "points", "doubled", "score",
                                  "rescored"}


# ---------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_tables_round_trip(data):
    """str(table) parses back to the same table, under the rules it was drawn for."""
    r = data.draw(rules(options=False))
    t = data.draw(tables(r, max_sequences=4))
    assert Table.parse(str(t), DECK.limited(r.high, "x"), r) == t
