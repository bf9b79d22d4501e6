"""The computer's players, from the strongest: how deep each looks and how often it errs. A bot
never reads a clock, so the same seed plays the same game on every machine.

>>> import random
>>> from solver.namnam.state import GameState
>>> Bot(BOTS["medium"], Rules(), random.Random(1)).choose(GameState.start()) in "123456"
True
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import TablecalcError
from solver.i18n import N_, _
from solver.namnam.best import best
from solver.namnam.position import Position
from solver.namnam.referee import legal_pits
from solver.namnam.rules import Rules
from solver.namnam.tables import tables_for

__all__ = ["PlayLevel", "BOTS", "Bot", "computer_move"]


@dataclass(frozen=True)
class PlayLevel:
    """A computer player: its search depth, the share of random moves it plays, whether it reads
    the endgame tables, and one line saying so."""

    description: str
    depth: int = 1
    random_share: float = 0.0
    tables: bool = False


BOTS = {
    "best": PlayLevel(N_("looks 8 plies ahead, perfect wherever the endgame tables reach"), depth=8, tables=True),
    "medium": PlayLevel(N_("looks 4 plies ahead"), depth=4),
    "greedy": PlayLevel(N_("takes the most it can now (looks one move ahead)"), depth=1),
    "easy": PlayLevel(N_("looks one move ahead, and plays at random one move in three"), depth=1, random_share=1 / 3),
    "random": PlayLevel(N_("any legal move"), random_share=1.0),
}
"""The bots, the strongest first."""


def computer_move(position: Position, rules: Rules, level: PlayLevel, rng, history=()) -> int:
    """The pit a bot of ``level`` sows in ``position``; ``history``, the positions played before in the
    game, so that it knows which move would bring one back and end the game (rule 5.1)."""
    legal = legal_pits(position, rules)
    if not legal:
        raise TablecalcError(_("the game is over in {position}: no move to play").format(position=position))
    if level.random_share and rng.random() < level.random_share:
        return rng.choice(legal)
    tables = tables_for(position.seeds_on_board, rules) if level.tables else None
    return rng.choice(best(position, rules, depth=level.depth, tables=tables, history=history).moves)


@dataclass
class Bot:
    """A bot of one level playing one seat, with its own random choices."""

    level: PlayLevel
    rules: Rules
    rng: object

    def choose(self, state) -> str:
        return str(computer_move(state.position, self.rules, self.level, self.rng, state.history))
