"""A whole game of Nam Nam as a :class:`solver.game.State` (OpenSpiel's vocabulary).

Moves are pit numbers 1-6 from the mover's left (:class:`Move`); the referee
(:func:`~solver.namnam.referee.judge`) decides every move, so this module holds no rule of
its own. The game ends when the player to move has no legal move (all seeds taken, or the
starving opponent cannot be fed), when each player takes the seeds left in their own row (rule
5.2), or when a position comes back (an endless cycle, ended by agreement), when the seeds left
go as the rule option ``cycle`` says (rule 5.1, :func:`~solver.namnam.referee.end_of_cycle`).
``returns()`` is the seed difference: South's seeds minus North's, and the opposite for North.

>>> st = GameState.start()
>>> [str(m) for m in st.legal_moves()]
['1', '2', '3', '4', '5', '6']
>>> st = st.apply(st.parse_move("3"))
>>> str(st.position), st.current_player()
('4.4.0.5.5.5/5.4.4.4.4.4 n 0-0', 1)
>>> end = GameState(Position.parse("0.0.0.0.1.0/0.0.0.0.0.0 s 24-23"), Rules())
>>> end.is_terminal(), end.returns()
(True, (2.0, -2.0))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.errors import IllegalMove, TablecalcError
from solver.game import TERMINAL
from solver.namnam.position import Position
from solver.namnam.position import SIDES
from solver.namnam.referee import end_of_cycle, end_of_game, judge, legal_pits, parse_pit, play
from solver.namnam.rules import Rules
from solver.namnam.verdict import Penalty, Verdict, Violation

__all__ = ["Move", "GameState"]


@dataclass(frozen=True)
class Move:
    """Sow the pit ``pit`` (1-6 from the mover's left)."""

    pit: int

    def __str__(self) -> str:
        return str(self.pit)


def _key(p: Position) -> tuple:
    return p.south, p.north, p.to_move


@dataclass(frozen=True)
class GameState:
    """A position and the positions seen before it in this game (to end an endless cycle)."""

    position: Position
    rules: Rules
    seen: frozenset = field(default=frozenset(), repr=False)

    @classmethod
    def start(cls, rules: Rules | None = None) -> "GameState":
        return cls(Position.start(), rules or Rules())

    def __str__(self) -> str:
        """The position's notation (the positions seen before are not written)."""
        return str(self.position)

    @property
    def is_repetition(self) -> bool:
        """The position has been seen before in this game: the cycle ends the game."""
        return _key(self.position) in self.seen

    def legal_moves(self) -> list[Move]:
        if self.is_repetition:
            return []
        return [Move(p) for p in legal_pits(self.position, self.rules)]

    def is_terminal(self) -> bool:
        return not self.legal_moves()

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.position.to_move

    def parse_move(self, text: str) -> Move:
        return Move(parse_pit(text))

    def apply(self, move: Move | str) -> "GameState":
        """The game after ``move``; an illegal move raises :class:`~solver.errors.IllegalMove` (its
        verdict says why)."""
        if self.is_repetition:
            raise TablecalcError(f"the game is over (the position {self.position} came back): no move {move}")
        v = judge(self.position, str(move), self.rules)
        if not v.legal:
            raise IllegalMove("namnam", str(move), verdict=v, codes=v.violations)
        after, _ = play(self.position, int(str(move)), self.rules)
        return GameState(after, self.rules, self.seen | {_key(self.position)})

    def judge(self, text: str, player: int | None = None, extra=None) -> Verdict:
        """The referee's verdict on ``text`` sown by ``player`` (default: the player to move): a
        move out of turn, or after the game ended, is refused like any illegal move."""
        mover = self.position.to_move
        if self.is_repetition:
            return Verdict(str(self.position), str(text).strip(), False, (Violation.GAME_OVER,), Penalty(1),
                           SIDES[mover], rules=self.rules.name)
        if player is not None and player != mover and not self.is_terminal():
            return Verdict(str(self.position), str(text).strip(), False, (Violation.NOT_YOUR_TURN,), Penalty(1),
                           SIDES[player], legal_moves=tuple(legal_pits(self.position, self.rules)),
                           rules=self.rules.name)
        return judge(self.position, text, self.rules)

    def after(self, verdict: Verdict) -> "GameState":
        """The game after a judged move: played when legal, else taken back (the same player moves again)."""
        return self.apply(Move(verdict.pit)) if verdict.legal else self

    def view(self, player: int) -> str:
        """Nothing is hidden in Nam Nam: every player sees the whole board."""
        return str(self)

    def final_seeds(self) -> tuple[int, int]:
        """The seeds (South, North) each has: captured, plus the seeds left once the game is over
        (rule 5.2; after a cycle, rule 5.1)."""
        if self.is_repetition:
            return end_of_cycle(self.position, self.rules)
        return end_of_game(self.position, self.rules) if self.is_terminal() else self.position.captured

    @property
    def history(self) -> tuple[Position, ...]:
        """The positions seen before this one in the game (scores left out), for a search that must
        know which move would bring one back (:func:`solver.namnam.best.best`'s ``history``)."""
        return tuple(Position(south, north, to_move) for south, north, to_move in self.seen)

    def returns(self) -> tuple[float, float]:
        s, n = self.final_seeds()
        return float(s - n), float(n - s)
