"""Nmbrs! as a whole game: the round state (draw, refuse and claim, turns, going out), its
verdicts, and seeded games between bots keeping every invariant (the match, the referee of a log
and the analysis: test_nmbrs_match.py).

The property tests play many games with a fixed budget of seeds: ``TABLECALC_FUZZ=long``
plays many more (as ``tests/core/test_fuzz.py`` does)::

    TABLECALC_FUZZ=long python3 -m pytest tests/games/nmbrs/test_nmbrs_round.py
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from solver.errors import IllegalMove, TablecalcError
from solver.game import TERMINAL
from solver.nmbrs import GAME, Deck, Rules
from solver.nmbrs.match import ROUND_TURNS
from solver.nmbrs.moves import Move
from solver.nmbrs.round import Blocked, Draw, Phase, Round, player_names
from solver.nmbrs.referee import judge
from solver.whole.log import read
from solver.whole.referee import referee
from solver.whole.simulate import simulate

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
        v = r.judge(move)
        assert not v.legal and [str(x) for x in v.violations] == [code] and v.penalty.amount == 0, move
        assert r.after(v) is r  # a refused draw is simply not made
    v = r.judge("draw open", player=1)
    assert not v.legal and [str(x) for x in v.violations] == ["not-your-turn"] and (v.player, v.to_move) == (1, 0)
    with pytest.raises(TablecalcError, match="unknown move"):
        r.parse_move("draw sideways")
    v = r.judge("draw sideways")
    assert [str(x) for x in v.violations] == ["not-a-move"] and "unknown move" in v.error and r.after(v) is r


@pytest.mark.parametrize("typed, move", [
    ("draw open", "draw open"), ("Open", "draw open"), ("piocher ouverte", "draw open"), ("open trekken", "draw open"),
    ("trek gesloten", "draw closed"), ("piocher fermée", "draw closed"), ("Weigeren", "refuse"), ("refuser", "refuse"),
    ("opeisen", "claim"), ("réclamer", "claim"), ("RECLAMER", "claim"), ("passen", "pass"), ("passer", "pass"),
    ("pas", "pass"), ("poser 5 6 7", "lay 5 6 7"), ("leggen 5 6 7", "lay 5 6 7"), ("aanleggen 1: 8", "add 1: 8"),
    ("ajouter 1: 8", "add 1: 8"), ("kruisen 20: 15 25", "cross 20: 15 25"), ("relier 1 2: 40", "link 1 2: 40"),
    ("échanger 20", "swap 20"), ("inwisselen 20", "swap 20"), ("défausser 9", "discard 9"), ("afleggen 9", "discard 9"),
    ("einde", "end"),
])
def test_moves_are_read_in_english_french_and_dutch(typed, move):
    """Wherever a person types a move (play, follow, a log), its word may be French or Dutch: the
    prompt of the draw says ``opeisen ... of passen`` in Dutch, and that is what is read."""
    r = start("hands 5 6 7 9 | 10 20 33; open 1 8; closed 61 62")
    assert str(r.parse_move(typed)) == move


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
    later = start("hands 5 6 7 | 10 20 33; open 1 8; closed 61 62; table 40 41 42; to 1; opened 0; turns 7")
    assert str(later) == "hands 5 6 7 | 10 20 33; open 1 8; closed 61 62; table 40 41 42; scores 50 50; to 1; opened 0; turns 7"
    assert Round.parse(str(later), Rules(), DECK) == later and later.opened == (True, False) and later.turns == 7
    assert str(play(later, "refuse")).endswith("; phase claim 0")  # the middle of a turn is shown, not read back
    with pytest.raises(TablecalcError, match="unknown part 'phase claim 0'"):
        start(str(play(later, "refuse")))
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
    ("hands 5 6 7 | 8 9 10; opened 2", "does not exist"),
    ("hands 5 6 7 | 8 9 10; turns many", "bad number of turns"),
])
def test_impossible_deals_are_one_error_line(text, message):
    with pytest.raises(TablecalcError, match=message):
        start(text)


# ---------------------------------------------------------------- properties of simulated games


def _check_game(rules, played):
    """Every card is somewhere at every step, every round ends, the turn referee agrees with every
    turn, the score sheet is the rules', and the referee judges the log all legal."""
    match = GAME.new_match(played.names, rules, GAME.load_data(rules))
    full = Counter(c.number for c in match.deck.cards())
    for rec in played.rounds:
        r = match.parse_deal(rec.deal)
        assert Counter(c.number for c in r.all_cards()) == full
        for player, move in rec.moves:
            assert player == r.current_player()
            before = r
            v = r.judge(move, player)
            assert v.legal and str(r.parse_move(move)) == move
            r = r.after(v)
            assert Counter(c.number for c in r.all_cards()) == full
            if r.phase is not Phase.LAY and before.phase is Phase.LAY:  # a turn just ended: the turn referee agrees
                turn = before.turn.apply(move)
                t = judge(turn.position.table, turn.position.hand, turn.moves, rules, before.deck, turn.position.opened)
                assert t.legal and t.score == turn.score == r.scores[player] - before.scores[player] == v.turn_score
        assert r.is_terminal() and r.turns <= (rules.max_turns or ROUND_TURNS)
        res = r.result()
        assert (r.out is None) == (r.blocked is not None)
        assert [p.after for p in res.players] == [s - p.penalty for s, p in zip(r.scores, res.players)]
        top = max(p.after for p in res.players)
        assert set(res.winners) == ({p.name for p in res.players if p.after == top} if top >= rules.win_at else set())
        match = match.after_round(r)
        assert match.scores() == rec.scores
    text = "\n".join(json.dumps(line) for line in played.log_lines())
    report = referee(GAME, read(text, "log"))
    assert report.legal and report.judged == sum(len(rec.moves) for rec in played.rounds)
    assert report.scores == played.scores
    assert match.is_over() or len(played.rounds) == 4


def _random_rules(rng):
    rules = Rules.preset(rng.choice(["basic", "advanced", "simple"]))
    return rules.with_options(opening=rng.choice(["once", "each-turn", "free"]),
                              retake_refused=rng.random() < 0.3,
                              empty_closed=rng.choice(["turn-over", "end-round"]),
                              max_turns=rng.choice([0, 0, 30]))


def _simulate(players, rules, seed, bots):
    return simulate(GAME, rules, GAME.load_data(rules), player_names(players), rounds=4, seed=seed, bots=bots)


@pytest.mark.slow  # 3.4 s of random games
def test_random_games_keep_every_invariant():
    rng = random.Random(9)
    for k in range(RANDOM_GAMES):
        rules = _random_rules(rng)
        _check_game(rules, _simulate(rng.randint(2, 8), rules, k, ("random",)))


@pytest.mark.parametrize("bots", [("best",), ("greedy",), pytest.param(("best", "random"), marks=pytest.mark.slow)])
def test_bot_games_keep_every_invariant(bots):
    rng = random.Random(",".join(bots))
    for k in range(BOT_GAMES):
        rules = _random_rules(rng)
        _check_game(rules, _simulate(len(bots) if len(bots) > 1 else rng.randint(2, 5), rules, k, bots))


def test_the_same_seed_plays_the_same_game():
    a, b = (_simulate(3, Rules(), 5, ("best", "random", "greedy")) for _ in range(2))
    assert list(a.log_lines()) == list(b.log_lines())


def test_a_match_refuses_bad_counts():
    with pytest.raises(TablecalcError, match="Nmbrs! is played by 2 to 8"):
        GAME.new_match(player_names(9), Rules(), DECK)
    with pytest.raises(TablecalcError, match="unknown bot 'clever'"):
        _simulate(3, Rules(), 1, ("clever",))
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
    after, why = r.check(r.parse_move(move), player)
    assert after is None and why.code is fault and refusal_reason(why) == reason
    v = r.judge(move, player)
    assert not v.legal and v.why == why and reason.endswith(GAME.explain(v).split(". ")[0][1:])
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
    v = r.judge(text)  # judged as data, never a crash: text that is no move is refused as not-a-move
    assert v.legal or v.violations and "\n" not in GAME.explain(v)
