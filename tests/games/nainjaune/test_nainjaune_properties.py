"""Le Nain Jaune's invariants, against brute force: the solver's best lay is the best of every lay,
the Grand Opéra answer agrees with cutting the hand into runs, notations round-trip, and whole
simulated games keep every token and every card."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.nainjaune.best import Goal, all_lays, best_lay, grand_opera
from solver.nainjaune.cards import full_deck, parse_card
from solver.nainjaune.deal import random_position
from solver.nainjaune.referee import judge_lay
from solver.nainjaune.round import Lay, Position, legal_moves
from solver.nainjaune.rules import PRESETS, Rules
from solver.nainjaune.game import GAME
from solver.nainjaune.match import Match
from solver.nainjaune.state import RoundState
from solver.whole.simulate import simulate

from tests.games.nainjaune.oracle import opera_by_runs
from tests.games.nainjaune.strategies import cards, small_positions


@given(cards)
def test_a_card_reads_back_from_its_notation(card):
    """``parse_card(str(c)) == c`` and the pretty form reads back too."""
    assert parse_card(str(card)) == card and parse_card(card.pretty) == card


@settings(max_examples=60, deadline=None)
@given(small_positions())
def test_a_position_reads_back_from_its_notation(pos):
    """``Position.parse(str(p)) == p``, and every legal move's notation reads back."""
    assert Position.parse(str(pos)) == pos
    rules = Rules()
    for m in legal_moves(pos, rules):
        assert RoundState(pos, rules).parse_move(str(m)) == m


@settings(max_examples=80, deadline=None)
@given(small_positions(), st.sampled_from(list(Goal)), st.sampled_from(list(PRESETS.values())))
def test_the_best_lay_is_the_best_of_every_lay(pos, goal, rules):
    """The memoised search finds the same best (cards, stakes) as enumerating every lay, its
    lay is one of them, and the referee judges it legal with the same cards and stakes."""
    every = all_lays(pos, rules)
    best = best_lay(pos, rules, goal)
    assert best.score(goal) == max(lay.score(goal) for lay in every)
    assert str(best) in {str(lay) for lay in every}
    v = judge_lay(pos, str(best), rules, best=False)
    assert v.legal and (v.cards, v.stakes, v.out) == (best.cards, best.stakes, best.out)


@settings(max_examples=150, deadline=None)
@given(st.lists(cards, min_size=1, max_size=7, unique=True))
def test_grand_opera_agrees_with_cutting_the_hand_into_runs(hand):
    """"Can this hand go out in one turn?" by the search and by trying every cut into runs."""
    answer = grand_opera(hand, Rules())
    assert answer.possible == opera_by_runs(frozenset(hand))
    assert answer.possible == (answer.cards == len(hand))


@pytest.mark.parametrize("hand, possible", [
    ("Jc Qc Qd Qh Qs Kc Kd Kh", True),  # J sans Q gives the lead back (the four Qs are in hand), then Q K three times, Q
    ("Jc Qc Qd Qh Qs Kc Kd", False),  # a third King is missing
    ("3c 4c 5c 5d 5h 5s", False),  # 3 4 sans 5 comes back, but each 5 then needs a 6
    ("9c 10d Jc Qs Kh As 2s 3s", True),
    ("Kc Kd Kh Ks", True),
])
def test_grand_opera_known_hands(hand, possible):
    """Hands worked out by hand, checked by the search and by cutting the hand into runs."""
    cards = [parse_card(c) for c in hand.split()]
    assert grand_opera(cards, Rules()).possible is possible
    assert opera_by_runs(frozenset(cards)) is possible


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("bot", ["greedy", "random", "best"])
def test_simulated_games_keep_every_token_and_card(players, bot):
    """After every round of a game between bots (:mod:`solver.whole.simulate`): the players' tokens
    and the board add up to what the players started with; the cards in hand at the end, the cards
    laid and the cards set aside are the 52, once each; the stakes were paid and the deal passed one
    seat to the left; a round's moves replay through the state to the same end."""
    rules = Rules()
    names = tuple(f"P{i + 1}" for i in range(players))
    rounds = 2 if bot == "best" else 12
    played = simulate(GAME, rules, None, names, rounds=rounds, seed=players * 7 + len(bot), bots=(bot,))
    assert played.rounds
    match = Match(names, rules)
    for k, r in enumerate(played.rounds):
        state = match.parse_deal(r.deal)
        start = state.position
        assert start.board == match.board.staked(players) and start.dealer == (k - 1) % players
        assert start.to == (start.dealer + 1) % players and not start.taken[start.to]
        for player, move in r.moves:
            assert state.current_player() == player
            state = state.apply(move)
        laid = [m.card for _, m in ((p, state.parse_move(m)) for p, m in r.moves) if isinstance(m, Lay)]
        left = [c for h in state.position.hands for c in h]
        assert sorted([*laid, *left, *state.aside]) == sorted(full_deck())
        match = match.after_round(state)
        assert match.scores() == r.scores
        assert sum(match.scores()) + match.board.total == players * rules.start_tokens
    assert match.scores() == played.scores


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(list(PRESETS.values())))
def test_a_rounds_returns_are_what_the_board_and_the_others_lost(seed, rules):
    """The tokens won in a round (returns) add up to what the board lost during play plus what
    the settlement moved off or onto the board: nothing is created."""
    rng = random.Random(seed)
    pos = random_position(rng, rules, moves=0)
    state = RoundState(pos, rules)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
    s = state.settlement()
    assert sum(state.returns()) == pos.board.total - s.board_after.total
