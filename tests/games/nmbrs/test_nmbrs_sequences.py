"""Nmbrs! cards, rules and sequences: the seed's examples, bad input, and agreement with a brute-force oracle."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.nmbrs.oracle import is_valid, naive_sequences
from tests.games.nmbrs.strategies import hands, rules
from solver.errors import TablecalcError
from solver.nmbrs import JOKER, PRESETS, Card, Colour, Deck, Placed, Rules, check_sequence, count_back, valid_sequences
from solver.nmbrs.words import sequence_reason

DECK = Deck.default()
BASIC, ADVANCED, SIMPLE = (Rules.preset(p) for p in ("basic", "advanced", "simple"))


def seq(text, rules=BASIC):
    return check_sequence(DECK.parse_hand(text), rules)


def reason(v):
    """Why the cards make no sequence, in words (``None`` when they do)."""
    return sequence_reason(v.why) if v.why else None


# ---------------------------------------------------------------- the seed's examples


@pytest.mark.parametrize("text", ["10 20 30", "14 20 26", "11 16 21", "1 3 5 7 9"])
def test_basic_accepts_any_progression(text):
    assert seq(text).valid and reason(seq(text)) is None


def test_advanced_counts_back_to_zero_or_one():
    assert seq("10 20 30", ADVANCED).valid  # 30-20-10-0
    assert seq("11 16 21", ADVANCED).valid  # 21-16-11-6-1
    assert seq("1 3 5 7 9 11", ADVANCED).valid  # the odd numbers
    assert seq("7 14 21 28", ADVANCED).valid  # a multiplication table
    v = seq("14 20 26", ADVANCED)
    assert not v.valid
    assert reason(v) == "counting back 26, 20, 14, 8, 2 lands on 2, not 0 or 1"


def test_step_one_counts_back_to_zero():
    assert seq("5 6 7", ADVANCED).valid
    assert count_back((5, 6, 7))[-1] == 0


def test_typed_order_does_not_matter():
    v = seq("30 10 20", ADVANCED)
    assert v.valid and v.numbers == (10, 20, 30)


def test_reasons():
    assert reason(seq("14 20")) == "a sequence needs at least 3 cards, got 2 (14, 20)"
    assert "not an arithmetic progression: the steps are 6, 7" in reason(seq("14 20 27"))
    assert "no number for the joker makes an arithmetic progression with 10, 11, 33" == reason(seq("10 11 33 joker"))


def test_joker_resolutions_and_pinned_value():
    assert seq("10 joker 30").resolutions == ((10, 20, 30), (10, 30, 50))
    v = check_sequence([Card(10), Placed(JOKER, 20), Card(30)], ADVANCED)
    assert v.resolutions == ((10, 20, 30),) and v.as_dict()["jokers"] == [{"card": "joker", "value": 20}]
    v = check_sequence([Card(10), Placed(JOKER, 50), Card(30)], ADVANCED)
    assert not v.valid and "counting back 50, 30, 10 lands on 10" in reason(v)


def test_joker_reason_under_advanced():
    v = seq("10 33 joker", ADVANCED)
    assert not v.valid
    assert reason(v).startswith("no number for the joker makes a valid sequence with 10, 33: it could only be 10-33-56")


def test_check_json_keys():
    import json

    from typer.testing import CliRunner

    from trainer.cli import app

    r = CliRunner().invoke(app, ["nmbrs", "check", "14 20 26", "--preset", "advanced", "--json"])
    d = json.loads(r.stdout)
    assert {"cards", "valid", "reason", "numbers", "step", "jokers", "resolutions", "rules"} <= set(d)
    assert d == {**seq("14 20 26", ADVANCED).as_dict(), "reason": reason(seq("14 20 26", ADVANCED))}
    assert d["valid"] is False and d["cards"] == ["14", "20", "26"] and d["rules"]["preset"] == "advanced"


def test_hand_sequences_every_subset_not_only_longest():
    got = [s.numbers for s in valid_sequences(DECK.parse_hand("10 20 30 40"), BASIC)]
    assert got == [(10, 20, 30, 40), (10, 20, 30), (10, 25, 40), (20, 30, 40)] or set(got) == {
        (10, 20, 30, 40), (10, 20, 30), (20, 30, 40)}
    assert set(got) == {(10, 20, 30, 40), (10, 20, 30), (20, 30, 40)}


def test_hand_sequences_say_what_the_joker_is():
    found = {str(s): s for s in valid_sequences(DECK.parse_hand("11 21 joker"), ADVANCED)}
    assert "11 joker=16 21" in found and found["11 joker=16 21"].joker_values == (16,)
    assert found["11 joker=16 21"].as_dict()["cards"] == ["11", "joker", "21"]
    assert found["11 joker=16 21"].as_dict()["numbers"] == [11, 16, 21]


# ---------------------------------------------------------------- cards, deck, rules


def test_card_notation_round_trips():
    for text in ("14r", "20g", "7b", "99o", "5", "joker"):
        assert str(DECK.parse_card(text)) == text
    assert DECK.parse_card("7-blue") == Card(7, Colour.BLUE)
    assert DECK.parse_card("7 ") == Card(7) and DECK.parse_card("JOKER") == JOKER


@pytest.mark.parametrize("text, message", [
    ("101", "there is no card 101 ('101'): Nmbrs! cards run 1-100"),
    ("0", "there is no card 0"),
    ("14x", "unknown colour 'x' in '14x': expected r (red), g (green), b (blue) or o (orange)"),
    ("x14", "not a card: 'x14'"),
    ("", "empty card"),
])
def test_bad_cards(text, message):
    with pytest.raises(TablecalcError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        DECK.parse_card(text)


def test_bad_hands():
    with pytest.raises(TablecalcError, match="the hand is empty"):
        DECK.parse_hand("  ")
    with pytest.raises(TablecalcError, match="14 is there twice"):
        DECK.parse_hand("14 14r")
    with pytest.raises(TablecalcError, match="5 jokers but the deck has 4"):
        DECK.parse_hand("joker " * 5)
    with pytest.raises(TablecalcError, match="cards run 1-50 in the simple rules"):
        DECK.limited(50, "simple").parse_hand("14 60")


def test_deck_file_is_complete_and_estimated():
    assert DECK.size() == 104 and DECK.points_estimated and DECK.colours_assumed
    assert set(DECK.points.values()) == {1, 2, 3}
    assert {DECK.points_of(JOKER)} == {0}


def test_deck_points_are_the_documented_estimate():
    """The deck file's points are solver.nmbrs.difficulty's estimate (tested against brute force there)."""
    from solver.nmbrs.difficulty import estimated_points_table

    assert {n: DECK.points[n] for n in range(1, 101)} == estimated_points_table()


def test_bad_deck_files():
    with pytest.raises(TablecalcError, match="not valid TOML"):
        Deck.from_toml("numbers = [1,", "x.toml")
    with pytest.raises(TablecalcError, match="has no line for 2"):
        Deck.from_toml('numbers = [1, 3]\n[cards]\n1 = {colour = "red", points = 1}\n3 = {colour = "red", points = 1}')
    with pytest.raises(TablecalcError, match=r"cards.1.points = 4: expected a whole number from 1 to 3"):
        Deck.from_toml('numbers = [1, 1]\n[cards]\n1 = {colour = "red", points = 4}')
    with pytest.raises(TablecalcError, match="unknown colour 'pink'"):
        Deck.from_toml('numbers = [1, 1]\n[cards]\n1 = {colour = "pink", points = 1}')


def test_rules_presets_and_options():
    assert Rules.preset("gevorderden") is PRESETS["advanced"]
    s = Rules.preset("simple")
    assert (s.high, s.start_points, s.hand_size, s.hand_size_two_players, s.discard_last) == (50, 20, 5, 7, False)
    assert Rules.preset("basic").with_options(doubling="whole") == PRESETS["basic"]
    with pytest.raises(TablecalcError, match="unknown preset 'expert'"):
        Rules.preset("expert")
    with pytest.raises(TablecalcError, match="unknown joker-colour 'pink': expected one of wild, none, as-card"):
        Rules().with_options(joker_colour="pink")


# ---------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_hand_sequences_agree_with_brute_force(data):
    """valid_sequences == every subset of the hand (3+ cards) that is valid, every joker number: hands of up
    to 9 cards with up to 2 jokers, in every preset."""
    r = data.draw(rules(options=False))
    hand = data.draw(hands(r, max_size=9, max_jokers=2))
    got = {(tuple(str(c) for c in s.cards), s.numbers) for s in valid_sequences(hand, r)}
    assert got == naive_sequences(hand, r)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_check_agrees_with_brute_force(data):
    """check_sequence is valid exactly when some joker numbers make the sorted numbers valid."""
    r = data.draw(rules(options=False))
    hand = data.draw(hands(r, max_size=6, max_jokers=2, min_size=1))
    v = check_sequence(hand, r)
    reals = [c.number for c in hand if not c.is_joker]
    jokers = len(hand) - len(reals)
    if jokers == 0:
        assert v.valid == is_valid(reals, r.sequence.value == "count-back", r.high)
    else:
        expected = {nums for cards, nums in naive_sequences(hand, r) if len(nums) == len(hand)} if reals else None
        if expected is not None:
            assert set(v.resolutions) == expected
    assert v.valid == (reason(v) is None)


@given(st.data())
def test_cards_round_trip(data):
    """str(card) parses back to the same card."""
    n = data.draw(st.integers(1, 100))
    c = Card(n, data.draw(st.sampled_from([None, *Colour])))
    assert DECK.parse_card(str(c)) == c
