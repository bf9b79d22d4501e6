"""A Nambarz round as a game state: the jokers in play, penalties, the draw pile, round ends
(the whole game — its match, bots, logs and the commands every game played whole has — is
test_nambarz_match.py's).

The property tests play many games between bots with a fixed seed budget: a few hundred
rounds by default, thousands with ``TABLECALC_FUZZ=long`` (the fuzz suite's switch).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.game import TERMINAL
from solver.nambarz import GAME, Deck
from solver.nambarz.moves import Announcement
from solver.nambarz.verdict import Violation
from solver.nambarz.round import End, Phase, RoundState, round_deck
from solver.nambarz.rules import Rules
from solver.nambarz.bots import choose
from solver.nambarz.scoring import PLACE_POINTS

LONG = os.environ.get("TABLECALC_FUZZ") == "long"
GAMES = settings(max_examples=3000 if LONG else 120, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
DECK = Deck.default()


def state(text: str, rules: Rules = Rules()) -> RoundState:
    return RoundState.parse(text, rules, DECK)


# ---------------------------------------------------------------- properties over many games


@GAMES
@pytest.mark.slow  # 5 s: the quick loop keeps the round's other tests
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 12),
       preset=st.sampled_from(["basic", "confirmed", "experienced", "beginner", "parentheses"]),
       policy=st.sampled_from(["best", "simplest", "greedy", "random"]))
def test_simulated_rounds_keep_the_invariants(seed, players, preset, policy):
    """Every card is somewhere (hands + draw pile + played pile = the deck) after every move;
    every move a bot plays is judged legal by the referee; the round ends; its score sheet is
    the places (40, 32, 25, 19, 14) plus the coups of whoever made them."""
    rules = Rules.preset(preset)
    if players == 12 and rules.jokers < 8:
        with pytest.raises(TablecalcError, match="need 85 cards"):
            RoundState.deal(players, rules, DECK, seed)
        return
    s = RoundState.deal(players, rules, DECK, seed, starter=seed % players)
    deck = Counter(round_deck(DECK, rules).stock())
    rng = random.Random(seed)
    coups: Counter = Counter()
    while not s.is_terminal():
        assert s.all_cards() == deck
        m = choose(s, policy, rng)
        ruling = s.judge(m)
        assert ruling.legal, (str(s), str(m))
        if m.kind.value == "calculation" and len(m.cards) >= 4:
            coups[s.to] += rules.coup_bonus(len(m.cards))
        s = s.apply(m)
    assert s.all_cards() == deck
    assert s.end() is End.OUT
    assert s.current_player() == TERMINAL and s.legal_moves() == []
    if players <= 5:
        assert len(s.out) == players - 1
    else:
        assert len(s.out) == 5
    for i, player in enumerate(s.names):
        place = s.out.index(i) if i in s.out else None
        points = (PLACE_POINTS[place] if place is not None else 0) + coups[i]
        assert s.returns()[i] == points


@settings(max_examples=40 if not LONG else 400, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), steps=st.integers(0, 60))
def test_positions_and_moves_round_trip(seed, players, steps):
    """Any moment of a round is written and read back as the same state; every legal move's
    notation reads back as the same move."""
    s = RoundState.deal(players, Rules(), DECK, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s = s.apply(rng.choice(s.legal_moves()))
    assert RoundState.parse(str(s), Rules(), DECK) == s
    for m in s.legal_moves()[:30]:
        assert s.parse_move(str(m)) == m


# ---------------------------------------------------------------- jokers


def test_a_change_joker_and_the_card_after_it():
    s = state("hands Ann: 6 2 5-cat change-number | Bob: 7 9; top 3-bee")
    moves = [str(m) for m in s.legal_moves()]
    assert "change-number 5 then 5-cat" in moves and "change-number 7" in moves and "6÷2" in moves
    after = s.apply(s.parse_move("change-number 5 then 5-cat"))
    assert after.cover == DECK.parse_card("5-cat") and after.to == 1
    # the card after the joker must follow what it announced: penalty, and the joker stays alone
    r = s.judge("change-number 7 then 5-cat")
    assert r.violations == (Violation.NOT_CONCORDANT,) and r.joker_stands
    assert [str(c) for c in r.penalty.take_back] == ["5-cat"]
    after = s.after(r)
    assert after.cover == Announcement("change-number", 7) and len(after.hands[0]) == 3 + 3


def test_after_a_lone_joker_only_a_card_of_the_announcement():
    """The seed: after a change joker laid alone the next player "sera contraint de poser une carte
    symbole ou dessin selon le joker" — no calculation, and (by default) no joker either;
    ``joker_on_joker`` lets a joker answer it."""
    s = state("hands Ann: 6 1 5-cat 5-dog play-again | Bob: 7; top change-number 5")
    assert [str(m) for m in s.legal_moves()] == ["5-cat", "5-dog"]
    r = s.judge("6-1")
    assert r.violations == (Violation.CALCULATION_ON_JOKER,) and r.penalty.draw == 3
    s2 = state("hands Ann: 6 play-again | Bob: 7; top change-number 5")
    assert [m.kind.value for m in s2.legal_moves()] == ["draw"]
    assert s2.judge("play-again").violations == (Violation.JOKER_ON_JOKER,)
    assert s2.judge("draw").violations == ()
    jokers = Rules().with_options(joker_on_joker=True)
    s3 = state("hands Ann: 6 1 5-cat 5-dog play-again | Bob: 7; top change-number 5", jokers)
    assert [str(m) for m in s3.legal_moves()] == ["5-cat", "5-dog", "play-again"]
    s4 = state("hands Ann: 6 play-again | Bob: 7; top change-number 5", jokers)
    assert s4.judge("draw").violations == (Violation.COULD_PLAY,) and s4.judge("play-again").legal


def test_the_wrong_joker():
    s = state("hands Ann: change-number change-drawing play-again 7 | Bob: 9; top 3-bee")
    for text in ("change-number cat", "change-drawing 5", "change-number", "play-again 5"):
        r = s.judge(text)
        assert r.violations == (Violation.WRONG_JOKER,), text
        assert r.penalty.draw == 3 and r.penalty.take_back[0].is_joker
    after = s.after(s.judge("change-number cat"))
    assert after.to == 1 and len(after.hands[0]) == 4 + 3


def test_play_again_as_the_last_card():
    s = state("hands Ann: play-again | Bob: 7 9 | Cid: 4; top 3-bee; stock 1 3-hippo 8")
    s = s.apply(s.parse_move("play-again"))
    assert s.phase is Phase.LAST_DRAW and s.to == 0 and s.legal_moves()[0].kind.value == "draw"
    assert s.judge("1").violations == (Violation.MUST_DRAW,)
    s = s.apply(s.parse_move("draw"))  # draws 1: it cannot go on 3-bee, she keeps it
    assert s.to == 1 and s.hands[0] == (DECK.parse_card("1"),) and s.out == ()


def test_play_again_last_with_nothing_to_draw_is_out():
    s = state("hands Ann: play-again | Bob: 7 9 | Cid: 4; top 3-bee")
    s = RoundState(s.rules, s.deck, s.names, s.hands, (), s.pile, s.cover, 0)  # nothing left to draw
    s = s.apply(s.parse_move("play-again")).apply(s.parse_move("draw"))
    assert s.out == (0,) and s.to == 1


def test_draws_reshuffle_the_played_pile_deterministically():
    text = "hands Ann: 7 | Bob: 9 4; top 3-bee; pile 1 2 5 6 10 3-bee; stock 8; seed 3"
    s = state(text)
    for _ in range(2):
        s = s.apply(s.parse_move("draw"))
    again = state(text)
    for _ in range(2):
        again = again.apply(again.parse_move("draw"))
    assert s == again and s.reshuffles == 1 and s.pile == (DECK.parse_card("3-bee"),)
    assert s.all_cards() == state(text).all_cards()


def test_a_round_nobody_can_finish_is_blocked():
    full = round_deck(DECK, Rules()).stock()
    hands = ["7 7", "9 9"]
    used = Counter(DECK.parse_hand("7 7 9 9 3-bee"))
    left = Counter(full)
    left.subtract(used)
    pile = " ".join(str(c) for c in left.elements()) + " 3-bee"
    s = state(f"hands {hands[0]} | {hands[1]}; top 3-bee; pile {pile}; stock -".replace("; stock -", ""))
    s = RoundState(s.rules, s.deck, s.names, s.hands, (), (s.cover,), s.cover, 0)  # everything else out of play
    s = s.apply(s.parse_move("draw")).apply(s.parse_move("draw"))
    assert s.is_terminal() and s.end() is End.BLOCKED and s.result().holding == ("P1", "P2")


def test_play_drawn_option():
    rules = Rules().with_options(play_drawn=True)
    s = state("hands Ann: 7 | Bob: 9; top 3-bee; stock 3", rules)
    s = s.apply(s.parse_move("draw"))
    assert s.to == 0 and [str(m) for m in s.legal_moves()] == ["3-symbol"]


def test_holder_place_option():
    s = state("hands Ann: 3 | Bob: 7 9 | Cid: -; top 3-bee; out Cid", Rules().with_options(holder_place="last"))
    s = s.apply(s.parse_move("3"))
    assert str(s.result()) == "Cid, Ann, Bob" and s.returns() == (32.0, 25.0, 40.0)


def test_joker_levels_build_the_deck():
    assert [round_deck(DECK, Rules.preset(p)).size() for p in ("basic", "confirmed", "experienced")] == [92, 88, 84]
    assert Rules.preset("confirmé").jokers == 8
    with pytest.raises(TablecalcError, match="need 85 cards"):
        RoundState.deal(12, Rules.preset("experienced"), DECK)


# ---------------------------------------------------------------- through the registry


def test_a_round_situation_through_the_registry():
    rules = GAME.rules()
    deck = GAME.load_data(rules)
    s = GAME.parse_situation("hands Ann: 6 1 5-cat | Bob: 7; top change-number 5", deck)
    assert isinstance(GAME.new_state(s, rules, deck), RoundState)
    assert GAME.refused_answer(s, rules, deck) is not None
    deal = GAME.parse_situation("top 3-bee; hand 6 5 2 10", deck)
    assert GAME.new_state(deal, rules, deck).legal_moves()  # the one-turn state of the drills is still there


# ---------------------------------------------------------------- hostile input

TOKENS = ["hands", "top", "pile", "stock", "to", "out", "coups", "seed", "again", "last-draw", "blocked", ";", "|",
          ":", "Ann", "Bob", "-", "3-bee", "5-cat", "7", "10", "0", "99", "change-number", "change-drawing", "play-again",
          "cat", "5", "then", "draw", "6÷2", "6+5+2-10", "Ann:4", "1", "3-lion", "joker", "(", "é", "\x00", " "]
texts = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(TOKENS), max_size=25).map(" ".join),
                  st.lists(st.sampled_from(TOKENS), max_size=25).map("".join))


@settings(max_examples=2000 if LONG else 200, deadline=None, derandomize=True)
@given(situation=texts, move=texts)
def test_hostile_round_notation_and_moves(situation, move):
    """Any text as a round: an answer or TablecalcError, nothing else; any text as a move in a
    round: a verdict, never an exception (the referee of a log and the play loop rely on it), and
    the table after it."""
    try:
        s = state("hands " + situation if not situation.startswith("hands") else situation)
    except TablecalcError:
        s = state("hands Ann: 6 2 5-cat change-number play-again | Bob: 7; top change-number 5")
    v = s.judge(move)
    after = s.after(v)
    assert after.all_cards() == s.all_cards()  # every card still somewhere
    assert all(s.view(i) for i in range(s.players))
    try:
        s.apply(s.parse_move(move))
    except TablecalcError:
        pass
