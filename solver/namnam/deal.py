"""Random Nam Nam positions, as a game would reach them: random legal moves from the opening.

>>> import random
>>> p = random_position(random.Random(1), Rules())
>>> Position.parse(str(p)) == p and p.seeds_on_board + sum(p.captured) == 48
True
"""

from __future__ import annotations

from solver.namnam.position import Position
from solver.namnam.rules import Rules
from solver.namnam.state import GameState

__all__ = ["random_position"]


def random_position(rng, rules: Rules, max_plies: int = 60, *, max_seeds: int | None = None) -> Position:
    """A position reached by random legal moves from the opening (never one where the game is over);
    with ``max_seeds``, play on until at most that many seeds are left on the board."""
    state = GameState.start(rules)
    plies = rng.randint(0, max_plies)
    while True:
        moves = state.legal_moves()
        enough = plies <= 0 and (max_seeds is None or state.position.seeds_on_board <= max_seeds)
        if not moves or enough:
            break
        nxt = state.apply(rng.choice(moves))
        if nxt.is_terminal():
            if max_seeds is not None and state.position.seeds_on_board > max_seeds:
                state, plies = GameState.start(rules), rng.randint(0, max_plies)
                continue
            break
        state, plies = nxt, plies - 1
    return state.position
