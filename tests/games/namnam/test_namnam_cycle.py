"""The end of an endless cycle (rule 5.1, the option ``cycle``): one rule for play, the referee, the
search and the endgame tables. A position that comes back ends the game; the seeds still going
round go to the owner of their row (default) or to nobody."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import TablecalcError
from solver.namnam.best import best, move_values
from solver.namnam.position import Position
from solver.namnam.referee import cycle_value, play
from solver.namnam.rules import Cycle, Rules
from solver.namnam.state import GameState
from solver.namnam.tables import build

RULES = [Rules(), Rules(cycle=Cycle.NOBODY)]


def _exhaustive(state: GameState) -> int:
    """The oracle: the final seed difference for the mover, every line played out through the game's
    own state (which ends at the first position that comes back)."""
    if state.is_terminal():
        s, n = state.final_seeds()
        return s - n if state.position.to_move == 0 else n - s
    return max(-_exhaustive(state.apply(m)) for m in state.legal_moves())


def _tiny(rng: random.Random, seeds: int) -> Position:
    cells = [0] * 12
    cells[rng.randrange(6)] += 1
    for _ in range(seeds - 1):
        cells[rng.randrange(12)] += 1
    south = rng.randint(20, 46 - seeds)
    return Position(tuple(cells[:6]), tuple(cells[6:]), 0, (south, 48 - seeds - south))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.cycle.value)
def test_a_position_that_comes_back_ends_the_game_by_the_cycle_rule(rules):
    p = Position.parse("0.0.0.0.0.1/0.0.0.0.0.1 s 23-23")
    state = GameState(p, rules)
    while not state.is_repetition:
        assert not state.is_terminal()
        state = state.apply(state.legal_moves()[0])
    assert state.is_terminal() and not state.legal_moves()
    assert state.judge("1").violations[0].value == "game-over"
    south_row, north_row = sum(state.position.south), sum(state.position.north)
    want = (23 + south_row, 23 + north_row) if rules.cycle is Cycle.OWN_ROW else (23, 23)
    assert state.final_seeds() == want


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.cycle.value)
@given(seed=st.integers(0, 10_000), seeds=st.integers(1, 2))
@settings(max_examples=40, deadline=None)
def test_the_search_agrees_with_play_played_out(rules, seed, seeds):
    """Where the search is exact, its value is the game's, every line played out by the state's rules."""
    p = _tiny(random.Random(seed), seeds)
    r = best(p, rules, depth=14)
    if r.exact:
        want = _exhaustive(GameState(p, rules))
        assert r.value == want


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.cycle.value)
def test_best_values_a_move_that_brings_a_position_back_as_the_end(rules):
    """Given the game's history, a move that brings a position back is worth what the game gives
    there (the state's final seeds), and ``best`` knows it."""
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        state = GameState(_tiny(rng, rng.randint(2, 4)), rules)
        for _ in range(20):
            if state.is_terminal():
                break
            values, _ = move_values(state.position, rules, depth=4, history=state.history)
            for m in state.legal_moves():
                after = state.apply(m)
                if after.is_repetition:
                    s, n = after.final_seeds()
                    mover = state.position.to_move
                    assert values[m.pit] == (s - n if mover == 0 else n - s), (str(state.position), m.pit)
                    checked += 1
            state = state.apply(rng.choice(state.legal_moves()))
    assert checked


def test_best_does_not_bring_a_position_back_blindly():
    p = Position.parse("0.0.1.0.0.0/1.0.0.0.0.1 n 7-38")
    back, _ = play(p, 6, Rules())
    assert best(p, Rules()).moves == (1, 6)
    assert best(p, Rules(), history=(back,)).moves == (1,)
    assert best(back, Rules(), history=(back,)).source == "game over"


def test_the_tables_value_cycles_by_the_same_rule():
    own, nobody = build(6), build(6, Rules(cycle=Cycle.NOBODY))
    assert nobody.cycle is Cycle.NOBODY and own.cycle is Cycle.OWN_ROW
    assert any((own.values[n] != nobody.values[n]).any() for n in range(7))
    c = (1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0)  # a cycle (see the pack's endless-cycle cases)
    assert cycle_value(c, Rules()) == 1 and cycle_value(c, Rules(cycle=Cycle.NOBODY)) == 0
    with pytest.raises(TablecalcError):
        nobody.save("unused.tables")


def test_the_tables_and_the_search_agree_under_each_rule():
    """The search, without tables, and the tables under the same cycle rule: the same best value on a
    board whose every line ends within the horizon."""
    for rules in RULES:
        tables = build(3, rules)
        p = Position.parse("0.0.0.0.1.2/0.0.0.0.0.0 s 24-21")
        assert best(p, rules, depth=10).value == best(p, rules, tables=tables).value


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.cycle.value)
def test_both_table_engines_value_cycles_alike(rules):
    """The compiled layer solver and the NumPy one apply the same cycle rule, bit for bit."""
    from solver.compiled import numba_installed

    if not numba_installed():
        pytest.skip("numba is not installed")
    pure, compiled = build(7, rules, engine="pure"), build(7, rules, engine="compiled")
    for n in range(8):
        assert (pure.values[n] == compiled.values[n]).all() and (pure.cyclic[n] == compiled.cyclic[n]).all()
