"""Nmbrs! scoring: card points (an estimate), colour doubling and its options, the end of a round."""

import pytest

from solver.errors import TablecalcError
from solver.nmbrs import Deck, Placed, Rules
from solver.nmbrs.scoring import ALL_DIFFERENT, ONE_COLOUR, doubling, end_round, parse_player, score_cards
from solver.nmbrs.referee import judge
from solver.nmbrs.table import Table

DECK = Deck.default()
BASIC, SIMPLE = Rules.preset("basic"), Rules.preset("simple")


def placed(*texts):
    out = []
    for t in texts:
        card, value = DECK.parse_placed(t)
        out.append(Placed(card, value))
    return out


def test_doubling_one_colour_and_all_different():
    assert doubling(placed("5r", "10r", "15r"), BASIC, DECK) == ONE_COLOUR
    assert doubling(placed("5r", "10g", "15b", "20o"), BASIC, DECK) == ALL_DIFFERENT
    assert doubling(placed("5r", "10g", "15b", "20o", "25r"), BASIC, DECK) is None  # 5 cards cannot all differ
    assert doubling(placed("5r", "10r", "15g"), BASIC, DECK) is None
    assert doubling(placed("5r"), BASIC, DECK) is None


def test_untyped_colours_come_from_the_deck_file():
    # the shipped deck cycles red, green, blue, orange: 1 red, 2 green, 3 blue, 4 orange, 5 red...
    assert doubling(placed("1", "5", "9"), BASIC, DECK) == ONE_COLOUR
    assert doubling(placed("1", "2", "3"), BASIC, DECK) == ALL_DIFFERENT


def test_joker_colour_options():
    cards = placed("5r", "joker=10", "15r")
    assert doubling(cards, BASIC, DECK) == ONE_COLOUR
    assert doubling(cards, BASIC.with_options(joker_colour="none"), DECK) is None
    # as-card: the joker takes the deck's colour of 10 (green)
    assert doubling(cards, BASIC.with_options(joker_colour="as-card"), DECK) is None
    assert doubling(placed("5r", "joker=10", "15b"), BASIC.with_options(joker_colour="as-card"), DECK) == ALL_DIFFERENT


def test_points_are_the_deck_points_and_jokers_are_worth_nothing():
    laid = placed("12r", "24r", "36r", "joker=48")
    assert score_cards(laid, laid, BASIC, DECK) == (2 + 1 + 1 + 0, ONE_COLOUR, 8)
    assert score_cards(laid, laid, SIMPLE, DECK) == (4, ONE_COLOUR, 8)  # simple: one point per card


def test_only_cards_from_the_hand_score_and_additions_double_on_the_whole_sequence():
    table = Table.parse("10r 20r 30r", DECK, BASIC)
    v = judge(table, DECK.parse_hand("40r 7"), ["add 1: 40r"], BASIC, DECK, opened=True)
    assert v.results[0].points == DECK.points[40] and v.results[0].doubled == ONE_COLOUR
    assert v.score == 2 * DECK.points[40]
    # judged on the added cards only: a single card never doubles
    added = BASIC.with_options(doubling="added")
    v = judge(table, DECK.parse_hand("40r 7"), ["add 1: 40r"], added, DECK, opened=True)
    assert v.results[0].doubled is None and v.score == DECK.points[40]
    v = judge(table, DECK.parse_hand("40g 50g 7"), ["add 1: 40g 50g"], added, DECK, opened=True)
    assert v.results[0].doubled == ONE_COLOUR
    v = judge(table, DECK.parse_hand("40g 50g 7"), ["add 1: 40g 50g"], BASIC, DECK, opened=True)
    assert v.results[0].doubled is None


def test_end_of_round_penalties_and_the_winner():
    r = end_round([("Ann", 96, []), ("Bob", 103, DECK.parse_hand("7 joker")), ("Cid", 40, DECK.parse_hand("60"))],
                  BASIC, DECK)
    assert [(p.name, p.penalty, p.after, p.out) for p in r.players] == [
        ("Ann", 0, 96, True), ("Bob", 3, 100, False), ("Cid", 1, 39, False)]
    assert r.winners == ("Bob",)
    d = r.as_dict()
    assert d["game_over"] is True and d["points_estimated"] is True and d["win_at"] == 100


def test_no_winner_below_100_and_ties():
    r = end_round([("Ann", 60, []), ("Bob", 50, DECK.parse_hand("7"))], BASIC, DECK)
    assert r.winners == () and r.as_dict()["game_over"] is False
    r = end_round([("Ann", 110, []), ("Bob", 113, DECK.parse_hand("7"))], BASIC, DECK)
    assert r.winners == ("Ann", "Bob") and r.as_dict()["tie"] is True


def test_simple_version_counts_cards_left():
    r = end_round([("Ann", 15, []), ("Bob", 18, DECK.parse_hand("7 8 joker"))], SIMPLE, DECK)
    assert r.players[1].penalty == 3 and r.as_dict()["points_estimated"] is False


def test_bad_players():
    with pytest.raises(TablecalcError, match="at least 2 players"):
        end_round([("Ann", 1, [])], BASIC, DECK)
    with pytest.raises(TablecalcError, match="Ann is given twice"):
        end_round([("Ann", 1, []), ("Ann", 2, [])], BASIC, DECK)
    with pytest.raises(TablecalcError, match="7 is there twice"):
        end_round([("Ann", 1, DECK.parse_hand("7")), ("Bob", 2, DECK.parse_hand("7"))], BASIC, DECK)
    with pytest.raises(TablecalcError, match="bad player 'Ann'"):
        parse_player("Ann", DECK)
    with pytest.raises(TablecalcError, match="unknown colour 'x'"):
        parse_player("Ann=5:14x", DECK)
    assert parse_player("Ann = 5", DECK) == ("Ann", 5, [])


def test_the_doubling_is_judged_on_the_turn_so_a_split_lay_scores_as_one():
    """Issue 24: splitting one lay into a lay and an add scored 13 instead of 7 and the best turn
    recommended it. With ``doubling_per="turn"`` (the seed: a turn's cards are counted once laid)
    the split scores what the one lay does, the add taking back the doubling it spoils, and the
    best turn no longer splits; ``doubling_per="move"`` keeps the old count."""
    from solver.nmbrs import Deck, Rules
    from solver.nmbrs.best import best_turn
    from solver.nmbrs.referee import judge
    from solver.nmbrs.table import Table

    deck = Deck.default()
    hand = deck.parse_hand("10r 20r 30r 40g 77")
    split, whole = ["lay 10r 20r 30r", "add 1: 40g"], ["lay 10r 20r 30r 40g"]
    turn, move = Rules(), Rules().with_options(doubling_per="move")
    assert judge(Table(), hand, split, turn, deck).score == judge(Table(), hand, whole, turn, deck).score == 7
    v = judge(Table(), hand, split, turn, deck)
    assert [(r.score, r.rescored) for r in v.results] == [(12, 0), (-5, -6)]
    assert judge(Table(), hand, split, move, deck).score == 13
    assert [str(r.move) for r in best_turn(Table(), hand, turn, deck).verdict.results] == ["lay 10r 20r 30r"]
    assert best_turn(Table(), hand, move, deck).score == 13
    # a swap whose real card spoils a doubling earned this turn takes it back too
    table = Table.parse("5r joker 15r", deck, turn)
    hand = deck.parse_hand("10g 20r 25r 99")
    v = judge(table, hand, ["add 1: 20r 25r", "swap 10", "add 1: joker=30"], turn, deck, opened=True)
    assert v.legal and v.results[1].kind == "swap" and v.results[1].rescored < 0, v
    assert v.score == judge(table, hand, ["swap 10", "add 1: 20r 25r", "add 1: joker=30"], turn, deck,
                            opened=True).score
