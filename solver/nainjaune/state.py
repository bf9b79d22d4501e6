"""A round of Le Nain Jaune as a :class:`solver.game.State` and as a round of a game played whole
(:class:`solver.whole.RoundState`): OpenSpiel's vocabulary over the referee
(:func:`~solver.nainjaune.referee.judge_move` decides every move) and the rule functions of
:mod:`solver.nainjaune.round`; this module holds no rule of its own. ``str()`` of a state is its
position's notation (every hand written).

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

A game played move by move asks :meth:`RoundState.judge` about each move as typed, by whoever
plays it, and goes on with :meth:`RoundState.after` — the move played, or, when it is illegal,
taken back (the table as it was):

>>> s = RoundState(Position.parse("hands Ann: 4c 5c Qh | Bob: 9h 2d | Cid: 6d 3s"), Rules())
>>> v = s.judge("9h", 1)
>>> v.legal, [str(x) for x in v.violations], str(s.after(v)) == str(s)
(False, ['not-your-turn'], True)
>>> for move in ("4c", "5c", "sans 6"):
...     s = s.after(s.judge(move))
>>> s.current_player(), s.passed, s.after(s.judge("pass", 1)).passed
(2, (1,), ())

Bob holds no 6: "sans 6" went by him to Cid, and Bob may say "pass" (or nothing at all).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from solver.errors import IllegalMove
from solver.game import TERMINAL
from solver.nainjaune.cards import Card, format_cards, full_deck
from solver.nainjaune.referee import judge_move, judge_typed
from solver.nainjaune.round import Mode, Move, Pass, Position, Sans, legal_moves, normalise, parse_move
from solver.nainjaune.rules import Rules
from solver.nainjaune.settle import RoundEnd, Settlement, settle
from solver.nainjaune.verdict import Verdict

__all__ = ["RoundState"]


@dataclass(frozen=True)
class RoundState:
    """The round in ``position`` under ``rules``; :meth:`apply` and :meth:`after` return a new state.

    What the table knows besides the position: ``aside``, the cards dealt to nobody (by default
    every card in no hand: exact at a round's start); ``voids``, the ranks players are known not to
    hold, as ``(seat, rank)`` pairs (a "sans R" that went by them); ``passed``, the players the
    last "sans R" went by who may still say "pass"."""

    position: Position
    rules: Rules
    aside: frozenset[Card] = field(default=None, repr=False)  # type: ignore[assignment]
    voids: frozenset[tuple[int, int]] = field(default=frozenset(), repr=False)
    passed: tuple[int, ...] = ()

    def __post_init__(self):
        if self.aside is None:
            held = {c for h in self.position.hands for c in h}
            object.__setattr__(self, "aside", frozenset(c for c in full_deck() if c not in held))

    def __str__(self) -> str:
        return str(self.position)

    # -- OpenSpiel's vocabulary ------------------------------------------------------------

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
        v = judge_move(self.position, move, self.rules, passed=self.passed)
        if not v.legal:
            raise IllegalMove("nainjaune", str(normalise(move, self.rules)), verdict=v, codes=v.violations)
        return self.after(v)

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

    # -- a game played whole (solver.whole) -------------------------------------------------

    def judge(self, text: str, player: int | None = None, extra: Mapping[str, Any] | None = None) -> Verdict:
        """The referee's verdict on ``text`` (one move) played by ``player`` (default: the player to
        move). Never raises: a move out of turn, or text that is no move, is a verdict too."""
        return judge_typed(self.position, text, self.rules, player, self.passed)

    def after(self, verdict: Verdict) -> "RoundState":
        """The table after ``verdict``: the move played when legal; when not, the card taken back
        and any stake it took returned — the table as it was, the same player to move."""
        if not verdict.legal:
            return self
        move = verdict.moves[0]
        before, now = self.position, verdict.position
        seat = before.names.index(verdict.player)
        if isinstance(move, Pass) and seat != before.to:
            return replace(self, passed=self.passed[self.passed.index(seat) + 1:])
        if isinstance(move, Pass):  # a holder reached by "sans R" passes it on (sans_must_lay=false)
            start, n = before.to, before.players
            last = (before.sans_caller - start) % n if now.mode is Mode.LEAD else (now.to - start) % n
            went_by = tuple((start + k) % n for k in range(1, last))
            return replace(self, position=now, voids=self.voids | {(q, before.need) for q in went_by}, passed=went_by)
        if not isinstance(move, Sans):
            return replace(self, position=now, passed=())
        caller, n = before.to, before.players
        last = n if now.to == caller else (now.to - caller) % n  # back to the caller: it went by everyone
        went_by = tuple((caller + k) % n for k in range(1, last))
        return replace(self, position=now, voids=self.voids | {(q, move.rank) for q in went_by}, passed=went_by)

    def view(self, player: int) -> str:
        """What ``player`` sees: their own hand; of the others, how many cards they hold."""
        pos = self.position
        hands = " | ".join(f"{name}: {format_cards(h) if i == player else f'({len(h)})'}"
                           for i, (name, h) in enumerate(zip(pos.names, pos.hands)))
        rest = str(pos).split("; ", 1)[1]
        return f"hands {hands}; {rest}"

    # -- what a player knows -----------------------------------------------------------------

    def laid(self) -> frozenset[Card]:
        """The cards laid so far this round (everyone saw them)."""
        held = {c for h in self.position.hands for c in h}
        return frozenset(c for c in full_deck() if c not in held and c not in self.aside)

    def unseen(self, player: int) -> frozenset[Card]:
        """The cards ``player`` cannot see: the other hands and the cards set aside."""
        mine, laid = set(self.position.hands[player]), self.laid()
        return frozenset(c for c in full_deck() if c not in mine and c not in laid)

    def as_seen_by(self, player: int) -> Position:
        """The table as ``player`` can count on it: their own hand, and every other player holding
        every card they might hold (each card ``player`` cannot see, but of a rank a "sans" showed
        them not to hold). On it a "sans R" comes back only where it surely does, so a lay found
        there is one ``player`` can surely make (the solver reads only the others' ranks)."""
        pos = self.position
        unseen = sorted(self.unseen(player))
        hands = tuple(h if q == player else tuple(c for c in unseen if (q, c.rank) not in self.voids) or h
                      for q, h in enumerate(pos.hands))
        return replace(pos, hands=hands)
