"""The Nambarz cards, rules and referee (library level)."""

import pytest

from solver.errors import TablecalcError
from solver.nambarz import Deck, Rules, Violation, judge, best

DECK = Deck.default()


def card(t):
    return DECK.parse_card(t)


def hand(t):
    return DECK.parse_hand(t)


def test_deck_has_the_published_composition():
    cards = DECK.cards()
    assert DECK.size() == 92
    assert sum(DECK.copies(c) for c in cards if c.family.value == "symbol") == 40
    assert sum(DECK.copies(c) for c in cards if c.family.value == "drawing") == 40
    assert sum(DECK.copies(c) for c in cards if c.is_joker) == 12
    for confirmed in ("3-bee", "8-bee", "3-hippo", "5-cat"):
        assert DECK.is_confirmed(card(confirmed))


@pytest.mark.parametrize("text", ["6", "3-bee", "3-hippo", "play-again", "change-number", "10-cat"])
def test_card_notation_round_trips(text):
    assert str(card(text)) == text
    assert card(str(card(text))) == card(text)


def test_french_names_are_accepted():
    assert card("3-abeille") == card("3-bee")
    assert card("3-hippopotame") == card("3-hippo")
    assert card("5-chat") == card("5-cat")
    assert card("rejouer") == card("play-again")
    assert card("3-symbole") == card("3")


@pytest.mark.parametrize(
    "text, message",
    [
        ("11", "numbers run 1-10"),
        ("0", "numbers run 1-10"),
        ("3-lion", "no 3-lion card"),
        ("3-dragon", "unknown drawing"),
        ("joker", "which joker"),
        ("abc", "not a card"),
    ],
)
def test_cards_not_in_the_deck_are_refused(text, message):
    with pytest.raises(TablecalcError, match=message):
        card(text)


def test_impossible_hands_are_refused():
    with pytest.raises(TablecalcError, match="impossible"):
        best(card("5"), hand("3-bee 3-bee 3-bee"))
    with pytest.raises(TablecalcError, match="impossible"):
        best(card("6"), hand("6 6 6 6"))  # 4 in the hand + the top card > 4 copies
    with pytest.raises(TablecalcError, match="empty"):
        best(card("6"), [])
    with pytest.raises(TablecalcError, match="joker"):
        best(card("play-again"), hand("6"))


def test_concordance_and_jokers_are_listed():
    sol = best(card("3-bee"), hand("3 3-hippo 8-bee 8-lion rejouer"))
    assert [str(c) for c in sol.concordant] == ["3", "3-hippo", "8-bee"]
    assert [str(c) for c in sol.jokers] == ["play-again"]


def test_simplest_uses_one_family_and_no_concordant_card():
    # 8-bee matches the bee, so only 8-lion may calculate; 2 (symbol) cannot join drawing cards
    sol = best(card("3-bee"), hand("8-bee 5-cat 2"))
    assert sol.min_cards is None
    sol = best(card("3-bee"), hand("8-lion 5-cat 2"))
    assert sol.min_cards == 2 and [p.expression for p in sol.plays] == ["8-5"]
    assert [str(c) for c in sol.plays[0].cards] == ["8-lion", "5-cat"]


def test_most_favourable_reading_of_a_number():
    # "8" could be 8-bee (concordant) or 8-lion: the referee takes 8-lion
    v = judge(card("3-bee"), hand("8-bee 8-lion 5-cat"), "8-5")
    assert v.legal and [str(c) for c in v.cards] == ["8-lion", "5-cat"]
    # naming the exact card is respected
    v = judge(card("3-bee"), hand("8-bee 8-lion 5-cat"), "8-bee - 5-cat")
    assert v.violations == (Violation.CONCORDANT_CARD,)


def test_not_in_hand_costs_nothing_and_says_what_is_missing():
    v = judge(card("3-bee"), hand("6 5 2 10"), "9-6")
    assert Violation.NOT_IN_HAND in v.violations
    assert v.penalty.draw == 0 and set(v.missing) == {"9"}


def test_bad_intermediate_and_relaying_hint():
    v = judge(card("5"), hand("4 6 7"), "4-6+7")
    assert v.violations == (Violation.BAD_INTERMEDIATE,)
    assert v.relaid is not None and v.relaid.expression in {"4+7-6", "7+4-6", "7-6+4"}
    v = judge(card("5"), hand("4 6 7"), "4-6+7", Rules.preset("basic").with_options(intermediates="integer"))
    assert v.legal


def test_division_must_be_exact_with_whole_numbers():
    v = judge(card("4"), hand("7 2 8"), "7:2+8:2", Rules.preset("parentheses"))
    assert v.violations and Violation.BAD_INTERMEDIATE in v.violations
    rational = Rules.preset("parentheses").with_options(intermediates="rational")
    v = judge(card("4"), hand("7 2 1"), "7:2+1:2", rational)
    assert Violation.BAD_INTERMEDIATE not in v.violations


def test_simplest_against_played_cards_only():
    h = hand("6 2 5 1 10")
    v = judge(card("3"), h, "10-6-1", Rules.preset("basic"))
    assert v.violations == (Violation.NOT_SIMPLEST,)  # 6÷2 is in the hand
    played = Rules.preset("basic").with_options(simplest="played")
    assert judge(card("3"), h, "10-6-1", played).legal  # no 2 of 10, 6, 1 make 3
    assert judge(card("3"), h, "10-5-2", played).violations == (Violation.NOT_SIMPLEST,)  # 5-2


def test_coup_de_maitre_bonus_only_for_legal_calculations():
    v = judge(card("4"), hand("1 1 1 1"), "1+1+1+1")
    assert v.legal and v.bonus == 7
    v = judge(card("4"), hand("8 9 7 7 7"), "7+7-9+7-8")
    assert v.legal and v.bonus == 14
    v = judge(card("4"), hand("1 1 1 1 2"), "1+1+1+1")
    assert not v.legal and v.bonus == 0


def test_single_card_plays():
    assert judge(card("3-bee"), hand("3 5"), "3").legal
    v = judge(card("3-bee"), hand("3 5"), "5")
    assert v.violations == (Violation.NOT_CONCORDANT,) and v.penalty.draw == 3
    assert judge(card("3-bee"), hand("5 rejouer"), "rejouer").legal
    assert judge(card("3-bee"), hand("5"), "rejouer").violations == (Violation.NOT_IN_HAND,)


def test_malformed_calculation_is_a_verdict_with_the_position():
    v = judge(card("3-bee"), hand("6 5 2 10"), "6++2")
    assert v.violations == (Violation.NOT_A_CALCULATION,)
    assert v.error_position == 2 and v.penalty.draw == 0


def test_verdict_json_has_stable_keys():
    d = judge(card("3-bee"), hand("6 5 2 10"), "6+5+2-10").as_dict()
    for key in ("legal", "violations", "penalty", "bonus", "rules", "simplest"):
        assert key in d
    assert d["penalty"]["draw"] == 3 and d["penalty"]["play_instead"]["expression"] == "6÷2"


def test_rules_presets_and_options():
    assert Rules.preset("beginner").ops == frozenset("+-")
    assert Rules.preset("parentheses").order.value == "tree"
    assert Rules.preset("basic").with_options(order="chain") == Rules.preset("basic")
    with pytest.raises(TablecalcError, match="unknown preset"):
        Rules.preset("expert")
    with pytest.raises(TablecalcError, match="simplest"):
        Rules().with_options(simplest="table")
