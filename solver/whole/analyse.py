"""The analysis of a recorded game, for every game: for every move, the best moves the solver finds
from that position and what the played move lost against them, in the game's own unit, labelled
as lichess does (an *inaccuracy*, a *mistake*, a *blunder*: thresholds per game, in
``Match.loss_labels``), and a summary per player. Illegal moves are the referee's business:
they are reported as such and the game goes on from the table after them.

>>> from solver.registry import find_game
>>> from solver.whole.log import read
>>> log = read('''{"type": "game", "game": "namnam", "players": ["Ann", "Bob"]}
... {"type": "deal", "deal": "0.0.0.0.1.2/1.0.0.0.0.0 s 24-20"}
... {"type": "move", "move": "6"}''')
>>> a = analyse(find_game("namnam"), log)
>>> m = a.moves[0]
>>> m.best, m.loss, m.label, m.exact
(('5', '6'), 0.0, None, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.i18n import N_
from solver.game import BaseGame
from solver.whole.log import Log
from solver.whole.referee import Step, match_of, replay

__all__ = ["Analysed", "Analysis", "analyse", "LABELS", "label_of"]

LABELS = (N_("inaccuracy"), N_("mistake"), N_("blunder"))
"""The labels of a move that lost something, from the mildest (lichess's words), translated where shown."""


def label_of(loss: float, thresholds: tuple[float, float, float]) -> str | None:
    """The label of a move that lost ``loss``: ``None`` below the first threshold.

    >>> [label_of(x, (1, 3, 6)) for x in (0, 1, 4, 9)]
    [None, 'inaccuracy', 'mistake', 'blunder']
    """
    found = None
    for name, at in zip(LABELS, thresholds):
        if loss >= at:
            found = name
    return found


@dataclass(frozen=True)
class Analysed:
    """One move: who played what, whether it was legal, the best moves, its loss and label."""

    line: int
    round: int
    player: str
    move: str
    legal: bool
    best: tuple[str, ...] = ()
    best_value: float | None = None
    value: float | None = None
    exact: bool = False
    label: str | None = None

    @property
    def loss(self) -> float | None:
        return None if self.value is None or self.best_value is None else max(0.0, self.best_value - self.value)

    def as_dict(self) -> dict:
        return {"line": self.line, "round": self.round, "player": self.player, "move": self.move, "legal": self.legal,
                "best": list(self.best), "best_value": self.best_value, "value": self.value, "loss": self.loss,
                "exact": self.exact, "label": self.label}


@dataclass(frozen=True)
class Analysis:
    game: str
    unit: str
    players: tuple[str, ...]
    moves: tuple[Analysed, ...]

    def summary(self) -> dict[str, dict]:
        """Per player: moves, illegal moves, total loss, and how many of each label."""
        out = {}
        for name in self.players:
            mine = [m for m in self.moves if m.player == name]
            out[name] = {"moves": len(mine), "illegal": sum(not m.legal for m in mine),
                         "loss": round(sum(m.loss or 0.0 for m in mine), 3),
                         **{label: sum(m.label == label for m in mine) for label in LABELS}}
        return out

    def as_dict(self) -> dict:
        return {"game": self.game, "unit": self.unit, "moves": [m.as_dict() for m in self.moves],
                "players": self.summary()}


def analyse(game: BaseGame, log: Log, rules: Any = None, data: Any = None) -> Analysis:
    """Every move of ``log`` against the best the solver finds from its position."""
    match, rules, data = match_of(game, log, rules, data)
    out: list[Analysed] = []
    for step in replay(match, log):
        if not isinstance(step, Step):
            match = step.match
            continue
        line, number, move = step.move.line, step.round.number, step.move.move
        name = match.names[step.seat] if step.seat >= 0 else "-"
        if not step.verdict.legal:
            out.append(Analysed(line, number, name, move, False))
            continue
        if step.seat != step.before.current_player():  # legal by a player not to move (a "pass"): nothing to weigh
            out.append(Analysed(line, number, name, move, True))
            continue
        worth = match.analyse(step.before, (move,))
        best_value = max(worth.values[b] for b in worth.best) if worth.best else None
        row = Analysed(line, number, name, move, True, worth.best, best_value, worth.value(move), worth.exact)
        out.append(Analysed(**{**row.__dict__, "label": label_of(row.loss or 0.0, match.loss_labels)}))
    return Analysis(game.name, match.unit, match.names, tuple(out))
