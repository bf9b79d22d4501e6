"""A round of Le Nain Jaune as a :class:`solver.game.State`: OpenSpiel's vocabulary over the
referee (:func:`~solver.nainjaune.referee.judge_move` decides every move) and the rule functions
of :mod:`solver.nainjaune.round`; this module holds no rule of its own. ``str()`` of a state is
its position's notation.

>>> from solver.nainjaune.round import Position
>>> from solver.nainjaune.rules import Rules
>>> s = RoundState(Position.parse("hands Kh As | 2c | 3d; board 10:3 J:6 Q:9 K:12 7:15"), Rules())
>>> [str(m) for m in s.legal_moves()]
['As', 'Kh!']
>>> s = s.apply(s.parse_move("roi de cœur")).apply(s.parse_move("As"))
>>> s.is_terminal(), s.returns()
(True, (47.0, -1.0, -1.0))
>>> str(s)
'hands - | 2c | 3d; board 10:3 J:6 Q:9 K:0 7:15; to P1; taken 12 0 0; opera'

P1 took the King's 12 tokens, went out in the first turn (a Grand Opéra: the 33 tokens left
on the board) and is paid a token by each other player: 12 + 33 + 2.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import IllegalMove
from solver.game import TERMINAL
from solver.nainjaune.referee import judge_move
from solver.nainjaune.round import Move, Position, legal_moves, normalise, parse_move
from solver.nainjaune.rules import Rules
from solver.nainjaune.settle import RoundEnd, Settlement, settle

__all__ = ["RoundState"]


@dataclass(frozen=True)
class RoundState:
    """The round in ``position`` under ``rules``; :meth:`apply` returns a new state."""

    position: Position
    rules: Rules

    def __str__(self) -> str:
        return str(self.position)

    def current_player(self) -> int:
        return TERMINAL if self.position.is_over() else self.position.to

    def is_terminal(self) -> bool:
        return self.position.is_over()

    def legal_moves(self) -> list[Move]:
        return legal_moves(self.position, self.rules)

    def parse_move(self, text: str) -> Move:
        """A move as typed (``7d``, ``dame de pique``, ``Qs!``, ``sans 9``), as these rules read it."""
        return normalise(parse_move(text), self.rules)

    def apply(self, move: Move | str) -> "RoundState":
        """The state after the player to move plays ``move``; an illegal move raises
        :class:`~solver.errors.IllegalMove`, whose verdict says why."""
        if isinstance(move, str):
            move = self.parse_move(move)
        v = judge_move(self.position, move, self.rules)
        if not v.legal:
            raise IllegalMove("nainjaune", str(normalise(move, self.rules)), verdict=v, codes=v.violations)
        return RoundState(v.position, self.rules)

    def settlement(self) -> Settlement:
        """The end of the round's settlement (the round must be over)."""
        return settle(RoundEnd.of(self.position), self.rules)

    def returns(self) -> tuple[float, ...]:
        """Each player's tokens won or lost in the round (taken from the board, then the settlement);
        zeros before the end. The stakes paid before the deal are not counted."""
        pos = self.position
        if not pos.is_over():
            return (0.0,) * pos.players
        return tuple(float(t + b) for t, b in zip(pos.taken, self.settlement().balances))
