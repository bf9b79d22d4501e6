"""Nmbrs! as a whole game: the round state (draw, refuse and claim, turns, going out), the bots,
simulated games and the referee of a recorded game.

The property tests play many games with a fixed budget of seeds: ``TABLECALC_FUZZ=long``
plays many more (as ``tests/core/test_fuzz.py`` does)::

    TABLECALC_FUZZ=long python3 -m pytest tests/games/nmbrs/test_nmbrs_round.py
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from solver.errors import IllegalMove, TablecalcError
from solver.game import TERMINAL
from solver.nmbrs import GAME, Deck, Rules
from solver.nmbrs.moves import Move
from solver.nmbrs.replay import referee_log
from solver.nmbrs.round import Blocked, Draw, Phase, Round, player_names
from solver.nmbrs.simulate import SIM_MAX_TURNS, play_game, log_lines
from solver.nmbrs.referee import judge

DECK = Deck.default()
LONG = os.environ.get("TABLECALC_FUZZ", "quick") == "long"
RANDOM_GAMES = 2_000 if LONG else 12
BOT_GAMES = 200 if LONG else 3


def start(text: str, rules: Rules = Rules()) -> Round:
    return Round.parse(text, rules, DECK)


def play(r: Round, *moves: str) -> Round:
    for m in moves:
        r = r.apply(m)
    return r


# ---------------------------------------------------------------- the draw


def test_take_the_open_card():
    r = play(start("hands 5 6 7 | 10 20 33; open 8; closed 61 62"), "draw open")
    assert r.phase is Phase.LAY and [str(c) for c in r.hands[0]] == ["5", "6", "7", "8"] and r.open == ()


def test_a_refused_card_claimed_by_a_later_player_who_also_takes_a_closed_card():
    """Seed rule 7: the claimant takes the refused card and a closed card; the player to move then
    chooses the new top of the open pile or the closed pile."""
    r = start("hands 5 6 7 | 10 20 33 | 40 41 42; open 1 8; closed 61 62 63")
    r = play(r, "refuse")
    assert r.current_player() == 1 and [str(m) for m in r.legal_moves()] == ["claim", "pass"]
    r = play(r, "pass", "claim")  # P2 passes, P3 claims 8
    assert [str(c) for c in r.hands[2]] == ["40", "41", "42", "8", "61"]
    assert r.current_player() == 0 and [str(m) for m in r.legal_moves()] == ["draw open", "draw closed"]
    r = play(r, "draw open")  # the new top card, 1
    assert [str(c) for c in r.hands[0]] == ["5", "6", "7", "1"] and [str(c) for c in r.closed] == ["62", "63"]


def test_a_refused_card_nobody_claims_is_not_taken_back():
    r = play(start("hands 5 6 7 | 10 20 33; open 8; closed 61 62"), "refuse", "pass")
    assert [str(m) for m in r.legal_moves()] == ["draw closed"]
    with pytest.raises(IllegalMove, match="refused-card") as e:
        r.apply("draw open")
    assert "refused the open card" in GAME.explain(e.value.verdict)
    retake = Rules().with_options(retake_refused=True)
    r = play(start("hands 5 6 7 | 10 20 33; open 8; closed 61 62", retake), "refuse", "pass")
    assert [str(m) for m in r.legal_moves()] == ["draw open", "draw closed"]


def test_draw_faults_are_data():
    r = start("hands 5 6 7 | 10 20 33; open 8; closed 61 62")
    for move, code in [("draw closed", "wrong-phase"), ("lay 5 6 7", "wrong-phase"), ("claim", "wrong-phase")]:
        after, why = r.judge(r.parse_move(move))
        assert after is None and str(why.violation) == code, move
    after, why = r.judge(r.parse_move("draw open"), player=1)
    assert after is None and str(why.violation) == "not-your-turn"
    with pytest.raises(TablecalcError, match="unknown move"):
        r.parse_move("draw sideways")


def test_the_open_pile_is_turned_over_when_the_closed_pile_is_empty():
    r = play(start("hands 5 6 7 9 | 10 20 33 | 40 41 44; open 1 2 3; closed -"), "refuse", "pass", "pass", "draw closed")
    assert [str(c) for c in r.hands[0]][-1] == "1" and [str(c) for c in r.open] == ["3"]
    assert [str(c) for c in r.closed] == ["2"]
    ends = Rules().with_options(empty_closed="end-round")
    r = start("hands 5 6 7 9 | 10 20 33; open 1; closed -", ends)
    assert r.is_terminal() and r.blocked is Blocked.CLOSED_EMPTY and r.out is None


def test_max_turns_ends_the_round_with_everyone_paying():
    rules = Rules().with_options(max_turns=1)
    r = play(start("hands 5 6 7 9 | 10 20 33; open 1; closed 61", rules), "draw open", "discard 9")
    assert r.is_terminal() and r.blocked is Blocked.MAX_TURNS and r.out is None
    assert all(p.penalty > 0 for p in r.result().players)


# ---------------------------------------------------------------- turns and the end


def test_going_out_ends_the_round_and_scores_it():
    r = play(start("hands 5 6 7 40 | 10 20 33 71; open 90; closed 8 61"), "refuse", "pass", "draw closed",
             "lay 5 6 7 8", "discard 40")
    assert r.current_player() == TERMINAL and r.out == 0 and r.legal_moves() == []
    res = r.result()
    assert res.players[0].penalty == 0 and res.players[1].after == 50 - res.players[1].penalty
    assert r.returns() == tuple(float(p.after) for p in res.players)
    with pytest.raises(TablecalcError, match="illegal move"):
        r.apply("draw open")


def test_the_last_card_must_be_discarded_except_in_the_simple_version():
    r = play(start("hands 5 6 7 | 10 20 33; open 8; closed 61"), "draw open")
    with pytest.raises(IllegalMove, match="no-discard") as e:
        r.apply("lay 5 6 7 8")
    assert "keep one card to discard" in GAME.explain(e.value.verdict)
    simple = Rules.preset("simple")
    r = play(start("hands 5 6 7 | 10 20 33; open 8; closed 41", simple), "draw open", "lay 5 6 7 8", "end")
    assert r.out == 0 and r.scores[0] == 20 + 4 * 2


def test_coming_out_carries_over_the_round():
    r = play(start("hands 5 6 7 40 41 | 10 20 33 71 72; open 90; closed 8 9 62 63"),
             "draw open", "lay 5 6 7", "discard 90", "draw open", "discard 90", "refuse", "pass", "draw closed")
    assert r.opened == (True, False)
    r = play(r, "add 1: 8")  # P1 came out in an earlier turn
    assert str(r.table) == "5 6 7 8"


def test_parse_round_trips():
    r = start("hands 5 6 7 | 10 20 33; open 1 8; closed 61 62; scores 60 40; to 1")
    assert Round.parse(str(r), Rules(), DECK) == r and r.current_player() == 1
    for m in r.legal_moves():
        assert r.parse_move(str(m)) == m
    assert r.parse_move("lay 5 6 7") == Move.parse("lay 5 6 7", DECK)
    assert r.parse_move("Draw Open") == Draw.parse("draw open")


@pytest.mark.parametrize("text, message", [
    ("hands 5 6 7", "2 to 8 players"),
    ("hands 5 6 7 | 5 8 9", "twice"),
    ("hands 5 6 7 | 10 11 12; scores 50", "one per player"),
    ("hands 5 6 7 | - ", "a hand is empty"),
    ("hands 5 6 7 | 8 9 10; to 7", "does not exist"),
])
def test_impossible_deals_are_one_error_line(text, message):
    with pytest.raises(TablecalcError, match=message):
        start(text)


# ---------------------------------------------------------------- the referee of a recorded game

DISPUTE = (Path(__file__).resolve().parents[2] / "data" / "nmbrs-dispute.jsonl").read_text("utf-8")
"""A round with one illegal move in the middle (also the example of ``docs/nmbrs.md``)."""


def test_a_hand_written_log_with_an_illegal_move_in_the_middle():
    """The first illegal move: which, why, the penalty of a refused turn (the cards it laid go
    back, it scores nothing), the round after it; the moves after it are not judged."""
    v = referee_log(DISPUTE, Rules())
    assert not v.legal and len(v.moves) == 9
    bad = v.first_illegal
    assert (bad.line, bad.player, bad.move, [str(x) for x in bad.violations]) == (9, "P2", "add 1: 9", ["not-in-hand"])
    assert [str(c) for c in bad.penalty.take_back] == ["40", "42", "44"]
    assert str(bad.after.table) == "5 6 7 8" and sorted(c.number for c in bad.after.hands[1]) == [10, 20, 33, 40, 42, 44]
    assert bad.after.current_player() == 1 and bad.after.phase is Phase.LAY
    assert v.moves[-1].legal is None
    assert v.scores["P1"] > 50 and v.scores["P2"] == 50  # the round goes on: P2's turn scored nothing
    d = v.as_dict()
    assert d["moves"] == 9 and d["first_illegal"]["line"] == 9 and d["first_illegal"]["penalty"]["amount"] == 3


def test_a_move_out_of_turn_is_illegal():
    log = DISPUTE.splitlines()[0] + '\n{"player": 1, "move": "draw open"}\n'
    v = referee_log(log, Rules())
    assert [str(x) for x in v.first_illegal.violations] == ["not-your-turn"] and v.first_illegal.expected_player == "P1"


@pytest.mark.parametrize("log, message", [
    ('{"move": "draw open"}', "a move before any deal"),
    ('{"hands": "5 6 7"}', "list of hands"),
    ('{"hands": ["5 6 7", "8 9 10"]}\n{"move": 7}', "'move' must be text"),
    ('{"hands": ["5 6 7", "8 9 10"]}\n{"move": "fly"}', "unknown move"),
    ('{"hands": ["5 6 7", "8 9 10"]}\n{"player": 5, "move": "refuse"}', "player 5 does not exist"),
    ('{"type": "game"}', "deals no round"),
])
def test_bad_logs_are_one_error_line(log, message):
    with pytest.raises(TablecalcError, match=message):
        referee_log(log, Rules())


# ---------------------------------------------------------------- properties of simulated games


def _check_game(game):
    """Every card is somewhere at every step, every round ends, the referee agrees with every
    move and with the score sheet."""
    full = Counter(c.number for c in DECK.limited(game.rules.high, "").cards())
    for rec in game.rounds:
        r = rec.start
        assert Counter(c.number for c in r.all_cards()) == full
        for player, move in rec.moves:
            assert player == r.current_player()
            if isinstance(move, Draw):
                assert move in r.legal_moves()
            before = r
            r = r.apply(move)
            assert Counter(c.number for c in r.all_cards()) == full
            if r.phase is not Phase.LAY and before.phase is Phase.LAY:  # a turn just ended: the turn referee agrees
                turn = before.turn.apply(move)
                v = judge(turn.position.table, turn.position.hand, turn.moves, game.rules, before.deck,
                          turn.position.opened)
                assert v.legal and v.score == turn.score == r.scores[player] - before.scores[player]
        assert r == rec.end and r.is_terminal() and r.turns <= (game.rules.max_turns or SIM_MAX_TURNS)
        res = rec.result
        assert (r.out is None) == (r.blocked is not None)
        assert [p.after for p in res.players] == [s - p.penalty for s, p in zip(r.scores, res.players)]
        top = max(p.after for p in res.players)
        assert set(res.winners) == ({p.name for p in res.players if p.after == top} if top >= game.rules.win_at else set())
    text = "\n".join(json.dumps(line) for line in log_lines(game))
    v = referee_log(text, Rules())
    assert v.legal and len(v.moves) == sum(len(rec.moves) for rec in game.rounds)
    assert v.scores == dict(zip(game.names, game.scores))
    assert bool(game.winners) or len(game.rounds) == 4


def _random_rules(rng):
    rules = Rules.preset(rng.choice(["basic", "advanced", "simple"]))
    return rules.with_options(opening=rng.choice(["once", "each-turn", "free"]),
                              retake_refused=rng.random() < 0.3,
                              empty_closed=rng.choice(["turn-over", "end-round"]),
                              max_turns=rng.choice([0, 0, 30]))


def test_random_games_keep_every_invariant():
    rng = random.Random(9)
    for k in range(RANDOM_GAMES):
        game = play_game(rng.randint(2, 8), 4, seed=k, rules=_random_rules(rng), policies="random")
        _check_game(game)


@pytest.mark.parametrize("policy", ["best", "greedy", "best,random"])
def test_bot_games_keep_every_invariant(policy):
    rng = random.Random(policy)
    for k in range(BOT_GAMES):
        game = play_game(rng.randint(2, 5), 4, seed=k, rules=_random_rules(rng), policies=policy)
        _check_game(game)


def test_the_same_seed_plays_the_same_game():
    a, b = play_game(3, 3, seed=5, policies="best,random"), play_game(3, 3, seed=5, policies="best,random")
    assert list(log_lines(a)) == list(log_lines(b))


def test_simulation_refuses_bad_counts():
    with pytest.raises(TablecalcError, match="2 to 8"):
        play_game(9, 1)
    with pytest.raises(TablecalcError, match="unknown policy"):
        play_game(3, 1, policies="clever")
    assert player_names(2) == ("P1", "P2")


# ---------------------------------------------------------------- every fault of a round, reached and worded

from solver.nmbrs.verdict import Violation  # noqa: E402
from solver.nmbrs.words import refusal_reason  # noqa: E402

BASE = "hands 5 6 7 9 | 10 20 33; open 1 8; closed 61 62"
ROUND_FAULTS = [  # (round, rules options, moves before, move, player, fault, reason)
    (BASE, {}, [], "draw open", 1, Violation.NOT_YOUR_TURN, "draw open: it is not this player's turn"),
    (BASE, {}, [], "lay 5 6 7", None, Violation.DRAW_FIRST,
     "lay 5 6 7: draw first: a turn starts with draw open, refuse (the open card) or draw closed"),
    (BASE, {}, ["draw open"], "draw closed", None, Violation.ALREADY_DREW,
     "draw closed: the card of this turn is drawn already: lay, add, cross, link, swap, then discard a card"),
    (BASE, {}, ["refuse"], "draw closed", None, Violation.ANSWER_CLAIM,
     "draw closed: the refused open card is offered: the player asked answers claim or pass"),
    (BASE, {}, [], "claim", None, Violation.NO_OFFER, "claim: no refused open card is offered now"),
    (BASE, {}, [], "draw closed", None, Violation.REFUSE_FIRST,
     "draw closed: the open pile has a card: take it (draw open) or refuse it first, so that the players after "
     "you may claim it"),
    (BASE, {}, ["refuse", "pass"], "refuse", None, Violation.ALREADY_REFUSED,
     "refuse: the open card is refused already: draw from the closed pile"),
    ("hands 5 6 7 9 | 10 20 33; closed 61 62", {}, [], "draw open", None, Violation.OPEN_EMPTY,
     "draw open: the open pile is empty"),
    ("hands 5 6 7 9 | 10 20 33; open 8", {}, [], "refuse", None, Violation.CLOSED_EMPTY, "refuse: the closed pile is empty"),
    (BASE, {}, ["refuse", "pass"], "draw open", None, Violation.REFUSED_CARD,
     "draw open: you refused the open card and nobody claimed it: draw from the closed pile"),
    ("hands 5 6 7 40 | 10 20 33; open 8; closed 61", {}, ["draw open", "lay 5 6 7 8", "discard 40"], "draw open", None,
     Violation.ROUND_OVER, "draw open: the round is over: a player went out"),
]


@pytest.mark.parametrize("text, options, before, move, player, fault, reason", ROUND_FAULTS,
                         ids=[str(f[5]) for f in ROUND_FAULTS])
def test_round_refusals_are_data_and_worded(text, options, before, move, player, fault, reason):
    r = play(start(text, Rules().with_options(**options)), *before)
    after, why = r.judge(r.parse_move(move), player)
    assert after is None and why.code is fault and refusal_reason(why) == reason
    if player is None:  # the player to move: apply raises the same refusal, worded at the edge
        with pytest.raises(IllegalMove, match=f"illegal move '{move}': {why.violation}") as e:
            r.apply(move)
        assert e.value.verdict == why and reason.endswith(GAME.explain(e.value.verdict))


# ---------------------------------------------------------------- hostile text

from hypothesis import given, settings, strategies as st  # noqa: E402

TEXT = st.text(st.sampled_from("hands open closed table scores to names draw refuse claim pass lay add 0123456789 |;:-=jr"),
               max_size=60)


@settings(max_examples=300 if LONG else 60, deadline=None)
@given(TEXT)
def test_any_text_is_a_round_or_one_error_line(text):
    """Round.parse and parse_move answer any text with a value that round-trips or a TablecalcError."""
    try:
        r = Round.parse(text, Rules(), DECK)
    except TablecalcError as e:
        assert "\n" not in str(e)
    else:
        assert Round.parse(str(r), Rules(), DECK) == r
    r = start(BASE)
    try:
        m = r.parse_move(text)
    except TablecalcError as e:
        assert "\n" not in str(e)
    else:
        assert r.parse_move(str(m)) == m
        try:
            r.judge(m)  # judged as data, never a crash
        except TablecalcError as e:  # a joker whose number is unclear: one error line
            assert "\n" not in str(e)
