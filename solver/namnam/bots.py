"""The computer's play at each level: how deep it looks, and how often it errs.

>>> import random
>>> computer_move(Position.parse("start"), Rules(), "medium", random.Random(1)) in range(1, 7)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import TablecalcError
from solver.namnam.position import Position
from solver.namnam.referee import legal_pits
from solver.namnam.rules import Rules
from solver.namnam.best import best
from solver.namnam.tables import tables_for

__all__ = ["PlayLevel", "PLAY_LEVELS", "computer_move"]


@dataclass(frozen=True)
class PlayLevel:
    """A computer opponent: its search depth (or time), and the share of random moves it plays."""

    description: str
    depth: int | None = None
    seconds: float | None = None
    random_share: float = 0.0
    tables: bool = False


PLAY_LEVELS = {
    "easy": PlayLevel("looks one move ahead, and plays at random one move in three", depth=1, random_share=1 / 3),
    "medium": PlayLevel("looks 4 plies ahead", depth=4),
    "hard": PlayLevel("looks 8 plies ahead, perfect on boards of 8 seeds or fewer", depth=8, tables=True),
    "expert": PlayLevel("searches 2 seconds a move, perfect wherever the endgame tables reach", seconds=2.0,
                        tables=True),
}


def computer_move(position: Position, rules: Rules, level: str, rng) -> int:
    """The pit the computer sows at ``level`` (one of :data:`PLAY_LEVELS`)."""
    try:
        lv = PLAY_LEVELS[level]
    except KeyError:
        raise TablecalcError(f"unknown level {level!r}: expected one of {', '.join(PLAY_LEVELS)}") from None
    legal = legal_pits(position, rules)
    if not legal:
        raise TablecalcError(f"the game is over in {position}: no move to play")
    if rng.random() < lv.random_share:
        return rng.choice(legal)
    tables = tables_for(position.seeds_on_board, rules) if lv.tables else None
    r = best(position, rules, depth=lv.depth, seconds=lv.seconds, tables=tables)
    return rng.choice(r.moves)
