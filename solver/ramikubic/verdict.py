"""The referee's verdicts on Ramikubic moves and combinations, as data: the one set of violation
codes, the penalty and the verdict itself. Nothing here is a sentence
(:mod:`solver.ramikubic.words` words a verdict).

>>> p = Penalty(1, (), True)
>>> v = Verdict("rack 9b", "7b 8b", Rules(), ((),), (Violation.NOT_IN_RACK,), penalty=p)
>>> v.legal, v.as_dict()["violations"], v.penalty.amount, Violation.NOT_IN_RACK.not_understood
(False, ['not-in-rack'], 1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.game import Code, clauses_of
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import Table, Tile, tiles_text

__all__ = ["Violation", "Penalty", "Verdict", "RoundVerdict"]


class Violation(Code):
    """Why a move or a combination is refused; the value is the stable code used in JSON.

    A move's violations come first, most serious first; then why tiles make no combination
    (a :class:`~solver.ramikubic.combos.CombinationVerdict`'s ``fault``, and each invalid
    combination of a move's new table).
    """

    NOT_IN_RACK = "not-in-rack", True, "3.3"
    """A tile on the new table that was neither on the table nor in the rack (not understood: a
    drill asks again)."""
    TABLE_TILE_REMOVED = "table-tile-removed", "3.4"
    """A tile of the old table is missing from the new one (what is laid stays laid)."""
    JOKER_NOT_RELAID = "joker-not-relaid", "3.5"
    """A joker taken from the table and not laid again."""
    NOT_A_COMBINATION = "not-a-combination", "2.1"
    """A combination of the new table is neither a group nor a run."""
    MELD_USES_TABLE = "meld-uses-table", "3.2"
    """The initial meld moved or used tiles already on the table."""
    MELD_TOO_LOW = "meld-too-low", "3.1"
    """The initial meld is worth less than the rules' minimum (20)."""

    COULD_LAY = "could-lay", True, "3.6"
    """A pass when the rack could lay, under ``must_lay`` (the seed's "Vous devez poser…"): not
    played, no penalty; the player lays instead."""
    NOT_UNDERSTOOD = "not-understood", True, "3.3"
    """A move of a round that cannot be read (no table, no tile): not played, no penalty (``play``
    asks again; in a log, the same player is still to play)."""
    NOT_YOUR_TURN = "not-your-turn", "1.4"
    """A move of a round by a player who is not to play: not played, the table unchanged."""
    ROUND_OVER = "round-over", "5.1"
    """A move after the round ended: not played."""
    OVERTIME = "overtime", "4.2"
    """The turn ran over the time (``turn_seconds``): the tiles laid go back, the penalty is drawn."""

    TOO_SHORT = "too-short", "2.1"
    """Fewer than 3 tiles."""
    MIXED = "mixed", "2.1"
    """Neither one number (a group) nor one colour (a run)."""
    GROUP_TOO_BIG = "group-too-big", "2.2"
    """More than 4 tiles of one number: a group has one tile of each colour."""
    COLOUR_TWICE = "colour-twice", "2.2"
    """A group with a colour twice."""
    NUMBER_TWICE = "number-twice", "2.3"
    """A run with a number twice (or longer than any run can be)."""
    WRAP_NOT_ALLOWED = "wrap-not-allowed", "2.4"
    """A run that goes on past the 10 further than the rules allow."""
    NOT_CONSECUTIVE = "not-consecutive", "2.3"
    """A run with a gap the jokers cannot fill."""


@dataclass(frozen=True)
class Penalty:
    """The seed's penalty for an illegal move: the table restored, the tiles laid taken back, ``draw`` tiles drawn."""

    draw: int = 0
    take_back: tuple[Tile, ...] = ()
    table_restored: bool = False

    @property
    def amount(self) -> int:
        """Tiles drawn as a penalty."""
        return self.draw

    def as_dict(self) -> dict:
        return {"draw": self.draw, "take_back": [str(t) for t in self.take_back], "table_restored": self.table_restored}


@dataclass(frozen=True)
class Verdict:
    """The referee's verdict on one move, as data: ``situation`` (the position's notation), the
    ``answer`` as typed, the ``rules``, the ``new_table`` it proposes and its ``violations``."""

    situation: str
    answer: str
    rules: Rules
    new_table: Table
    violations: tuple[Violation, ...]
    placed: tuple[Tile, ...] = ()
    not_in_rack: tuple[Tile, ...] = ()
    removed: tuple[Tile, ...] = ()
    jokers_missing: int = 0
    invalid: tuple[tuple[int, Violation], ...] = ()
    """(1-based combination number, why it is no combination) for each invalid combination."""
    meld_points: int | None = None
    moved: tuple[int, ...] = ()
    """Old combinations (1-based) the initial meld changed."""
    penalty: Penalty = Penalty()
    points_placed: int = 0

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def tiles_placed(self) -> int:
        return len(self.placed)

    @property
    def passed(self) -> bool:
        """Nothing laid: the player draws a tile (the rules' normal draw, not a penalty)."""
        return self.legal and not self.placed

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of((*self.violations, *(fault for _, fault in self.invalid)))

    def as_dict(self) -> dict:
        return {
            "situation": self.situation, "answer": self.answer, "rules": self.rules.as_dict(),
            "legal": self.legal, "violations": [str(v) for v in self.violations], "clauses": list(self.clauses),
            "table": [tiles_text(c) for c in self.new_table], "placed": [str(t) for t in self.placed],
            "tiles_placed": self.tiles_placed, "points_placed": self.points_placed, "passed": self.passed,
            "not_in_rack": [str(t) for t in self.not_in_rack], "removed": [str(t) for t in self.removed],
            "jokers_missing": self.jokers_missing,
            "invalid": [{"combination": i, "fault": str(f)} for i, f in self.invalid],
            "meld_points": self.meld_points, "moved": list(self.moved), "penalty": self.penalty.as_dict(),
        }


_NOT_PLAYED = (Violation.NOT_YOUR_TURN, Violation.ROUND_OVER)


@dataclass(frozen=True)
class RoundVerdict:
    """The referee's verdict on one turn of a whole round (:class:`solver.ramikubic.round.RoundState`):
    who played (``player``) and who was to play (``to_move``), the move as typed, the table move's
    own verdict (``turn``: ``None`` when the move was not judged as a table: out of turn, after the
    round, over time with nothing typed, not understood), the violations and the penalty, and what
    the turn does to the player: the tiles it ``drew`` (a pass, or the penalty), whether it counts
    as a ``missed`` turn and whether the player is ``ejected`` by it. ``state`` is the round judged;
    :attr:`situation`, its notation, is written when it is asked for (a referee judging a whole game
    never asks for most of them)."""

    state: Any
    answer: str
    player: int
    to_move: int
    name: str
    mover: str
    """The name of the player who was to play."""
    violations: tuple[Violation, ...]
    penalty: Penalty = Penalty()
    turn: Verdict | None = None
    drew: int = 0
    missed: int = 0
    """0 for a turn played; for a missed turn, the missed turns in a row it makes."""
    ejected: bool = False
    reason: str = ""
    """Why the move could not be read (``not-understood``)."""
    named_draw: tuple[Tile, ...] = ()
    """The tiles the log says were drawn (``drew``), when it says so."""

    @property
    def situation(self) -> str:
        """The round judged, in its notation."""
        return str(self.state)

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def played(self) -> bool:
        """Whether the turn happened: the player was to play, the round was on and the move could be
        read (a move not understood — text that is no move, a tile neither on the table nor in the
        rack — is not played: no penalty, the same player still to play)."""
        return not self.violations or not (self.violations[0].not_understood or self.violations[0] in _NOT_PLAYED)

    @property
    def placed(self) -> tuple[Tile, ...]:
        """The tiles the turn laid (none unless legal)."""
        return self.turn.placed if self.legal and self.turn is not None else ()

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of(self.violations)

    def as_dict(self) -> dict:
        return {
            "situation": self.situation, "answer": self.answer, "player": self.name, "legal": self.legal,
            "violations": [str(v) for v in self.violations], "clauses": list(self.clauses), "placed": [str(t) for t in self.placed],
            "table": [tiles_text(c) for c in self.turn.new_table] if self.legal and self.turn is not None else None,
            "drew": self.drew, "missed": self.missed, "ejected": self.ejected, "penalty": self.penalty.as_dict(),
            "reason": self.reason or None, "turn": self.turn.as_dict() if self.turn is not None else None,
        }
