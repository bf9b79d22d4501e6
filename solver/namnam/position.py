"""A Nam Nam position: both rows, the player to move and the seeds each has captured, with a
notation that round-trips (in the manner of chess's FEN).

``SOUTH/NORTH SIDE SCORE``: each row is six seed counts joined by dots, pits 1 to 6 from
that player's own left; ``SIDE`` is ``s`` (South, who starts) or ``n``; ``SCORE`` is the
seeds captured by South and North. ``start`` names the opening.

>>> p = Position.parse("start")
>>> str(p)
'4.4.4.4.4.4/4.4.4.4.4.4 s 0-0'
>>> Position.parse(str(p)) == p
True
>>> Position.parse("0.0.0.0.1.2/1.2.0.0.0.5 s 20-17").seeds_on_board
11

Pits are numbered 1-6 from the mover's left whatever the direction; the direction decides
the order in which the seeds run (:meth:`Position.canonical`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.namnam.rules import Direction, Rules
from solver.namnam.sowing import ROW, SEEDS

__all__ = ["Position", "SIDES", "SOUTH", "NORTH", "START", "pit_index", "pit_number"]

SOUTH, NORTH = 0, 1
SIDES = ("South", "North")
START = "start"
_SIDE_LETTERS = ("s", "n")
_NOTATION = re.compile(r"^\s*(\S+)\s*/\s*(\S+)\s+([sSnN])\s+([0-9]{1,2})\s*-\s*([0-9]{1,2})\s*$")
_SHAPE = N_("'S1.S2.S3.S4.S5.S6/N1.N2.N3.N4.N5.N6 s|n SOUTH-NORTH' (e.g. '4.4.4.4.4.4/4.4.4.4.4.4 s 0-0') or 'start'")


def pit_index(pit: int, direction: Direction) -> int:
    """The sowing-order index (0-5) of pit ``pit`` (1-6 from the player's left).

    >>> pit_index(1, Direction.CCW), pit_index(1, Direction.CW)
    (0, 5)
    """
    return pit - 1 if direction is Direction.CCW else ROW - pit


def pit_number(index: int, direction: Direction) -> int:
    """The pit number (1-6 from the player's left) of sowing-order index ``index`` (0-5) in a row."""
    return index + 1 if direction is Direction.CCW else ROW - index


@dataclass(frozen=True)
class Position:
    """Both rows (each from its owner's left), the player to move and the seeds captured."""

    south: tuple[int, ...]
    north: tuple[int, ...]
    to_move: int = SOUTH
    captured: tuple[int, int] = (0, 0)

    @classmethod
    def start(cls) -> "Position":
        return cls((4,) * ROW, (4,) * ROW)

    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read the notation (or ``start``); the 48 seeds must all be on the board or captured."""
        t = str(text).strip()
        if t.lower() == START:
            return cls.start()
        m = _NOTATION.match(t)
        if not m:
            raise TablecalcError(_("bad position {text}: expected {shape}").format(text=quoted(t), shape=_(_SHAPE)))
        rows = [_row(m.group(k), t, name) for k, name in ((1, "South"), (2, "North"))]
        captured = (int(m.group(4)), int(m.group(5)))
        p = cls(rows[0], rows[1], _SIDE_LETTERS.index(m.group(3).lower()), captured)
        total = p.seeds_on_board + sum(captured)
        if total != SEEDS:
            raise TablecalcError(
                _("bad position {t}: {board} seeds on the board and {captured} captured make {total}; expected the game's {seeds}").format(
                    t=quoted(t), board=p.seeds_on_board, captured=sum(captured), total=total, seeds=SEEDS))
        if 1 in captured:
            raise TablecalcError(_("bad position {t}: a player cannot have captured 1 seed (captures take 2 or 3)").format(t=quoted(t)))
        return p

    def __str__(self) -> str:
        rows = "/".join(".".join(map(str, r)) for r in (self.south, self.north))
        return f"{rows} {_SIDE_LETTERS[self.to_move]} {self.captured[0]}-{self.captured[1]}"

    @property
    def seeds_on_board(self) -> int:
        return sum(self.south) + sum(self.north)

    def row(self, side: int) -> tuple[int, ...]:
        return self.south if side == SOUTH else self.north

    def canonical(self, direction: Direction) -> tuple[int, ...]:
        """The board in sowing order, the mover's row first (see :mod:`solver.namnam.sowing`).

        >>> Position.parse("1.2.3.4.5.6/7.8.9.1.0.0 n 2-0").canonical(Direction.CCW)
        (7, 8, 9, 1, 0, 0, 1, 2, 3, 4, 5, 6)
        """
        mine, theirs = self.row(self.to_move), self.row(1 - self.to_move)
        if direction is Direction.CW:
            mine, theirs = mine[::-1], theirs[::-1]
        return tuple(mine) + tuple(theirs)

    @classmethod
    def from_canonical(cls, c: tuple[int, ...], to_move: int, captured: tuple[int, int],
                       direction: Direction) -> "Position":
        """The position whose :meth:`canonical` board is ``c`` with ``to_move`` to play."""
        mine, theirs = tuple(c[:ROW]), tuple(c[ROW:])
        if direction is Direction.CW:
            mine, theirs = mine[::-1], theirs[::-1]
        rows = (mine, theirs) if to_move == SOUTH else (theirs, mine)
        return cls(rows[0], rows[1], to_move, captured)

    def score_difference(self) -> int:
        """Seeds captured by the player to move minus those of the opponent."""
        return self.captured[self.to_move] - self.captured[1 - self.to_move]

    def check(self, rules: Rules) -> None:
        """Every position that reads well can be played under every preset."""


def _row(text: str, whole: str, name: str) -> tuple[int, ...]:
    parts = text.split(".")
    if len(parts) != ROW or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise TablecalcError(_("bad position {text}: {name}'s row {row} is not 6 seed counts joined by dots; expected {shape}")
                             .format(text=quoted(whole), name=name, row=quoted(text), shape=_(_SHAPE)))
    return tuple(int(p) for p in parts)


