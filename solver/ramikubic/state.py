"""One Ramikubic turn as a game state (OpenSpiel's vocabulary, :class:`solver.game.State`).

A :class:`Turn` starts from a :class:`~solver.ramikubic.position.Position` and lists its
moves in a fixed order: ``lay TILES`` (a new combination from the rack: every group and
every run of 3 to 5 tiles the rack can make, jokers included), then, once melded, ``add N:
TILE`` (one rack tile added to combination N of the table), then ``end``. The rules judge
a turn as a whole when it ends: ``end`` asks the referee (:func:`~solver.ramikubic.referee.judge`)
about the table the turn built, so an initial meld under 20 ends with the penalty. The referee
judges each step too (:func:`~solver.ramikubic.referee.judge_step`): a step it refuses raises
:class:`~solver.errors.IllegalMove` with its verdict. ``returns()`` is the tiles laid, or minus
the tiles drawn as a penalty.

>>> from solver.ramikubic.position import Position
>>> ts, rules = TileSet.default(), Rules()
>>> turn = Turn.start(Position.parse("table 7b 8b 9b; rack 10b 6b 7y 7g 7r; melded", ts), rules, ts)
>>> [str(m) for m in turn.legal_moves()]
['lay 7y 7g 7r', 'add 1: 6b', 'add 1: 10b', 'end']
>>> turn = turn.apply(turn.parse_move("lay 7y 7g 7r")).apply(turn.parse_move("add 1: 10b"))
>>> str(turn)
'table 7b 8b 9b 10b | 7y 7g 7r; rack 6b; melded'
>>> turn = turn.apply(turn.parse_move("end"))
>>> turn.is_terminal(), turn.returns(), turn.current_player()
(True, (4.0,), -1)

Rearranging the table is not a move here (a whole new table is one answer to
:func:`~solver.ramikubic.referee.judge`); a turn of lays and additions is always
one the referee judges the same way.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from solver.errors import IllegalMove, TablecalcError, quoted
from solver.i18n import _
from solver.game import TERMINAL
from solver.ramikubic.combos import is_valid, rack_combinations
from solver.ramikubic.position import Position, Table, table_text
from solver.ramikubic.referee import judge, judge_step
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import Tile, TileSet, tiles_text
from solver.ramikubic.verdict import Verdict

__all__ = ["Turn", "TurnMove", "MoveKind"]


class MoveKind(enum.StrEnum):
    LAY = "lay"
    ADD = "add"
    END = "end"


@dataclass(frozen=True)
class TurnMove:
    """``lay TILES``, ``add N: TILE`` (N counts from 1) or ``end``."""

    kind: MoveKind
    tiles: tuple[Tile, ...] = ()
    target: int = 0

    def __str__(self) -> str:
        if self.kind is MoveKind.END:
            return "end"
        if self.kind is MoveKind.ADD:
            return f"add {self.target}: {tiles_text(self.tiles)}"
        return f"lay {tiles_text(self.tiles)}"

    @classmethod
    def parse(cls, text: str, ts: TileSet) -> "TurnMove":
        t = text.strip()
        word, _space, rest = t.partition(" ")
        try:
            kind = MoveKind(word.lower())
        except ValueError:
            raise TablecalcError(_("unknown move {text}: expected lay TILES, add N: TILE or end").format(text=quoted(text))) from None
        if kind is MoveKind.END:
            if rest.strip():
                raise TablecalcError(_("bad move {text}: end stands alone").format(text=quoted(text)))
            return cls(kind)
        if kind is MoveKind.LAY:
            tiles = ts.parse_tiles(rest, "the combination")
            if not tiles:
                raise TablecalcError(_("bad move {text}: expected lay TILES, e.g. lay 7y 7g 7r").format(text=quoted(text)))
            return cls(kind, tiles)
        head, colon, tail = rest.partition(":")
        if not colon or not head.strip().isdigit() or not head.strip().isascii() or len(head.strip()) > 3:
            raise TablecalcError(_("bad move {text}: expected add N: TILE, e.g. add 1: 10b").format(text=quoted(text)))
        tiles = ts.parse_tiles(tail, "the tiles added")
        if len(tiles) != 1:
            raise TablecalcError(_("bad move {text}: add one tile at a time, e.g. add 1: 10b").format(text=quoted(text)))
        return cls(kind, tiles, int(head))


@dataclass(frozen=True)
class Turn:
    """A turn in progress: the position it started from, the table and rack now, the verdict once ended."""

    position: Position
    rules: Rules
    tiles: TileSet
    table: Table
    rack: tuple[Tile, ...]
    verdict: Verdict | None = None

    @classmethod
    def start(cls, position: Position, rules: Rules, ts: TileSet) -> "Turn":
        position.check(rules, ts)
        return cls(position, rules, ts, position.table, position.rack)

    # -- the protocol ------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.verdict is not None else 0

    def is_terminal(self) -> bool:
        return self.verdict is not None

    def legal_moves(self) -> list[TurnMove]:
        """``lay`` moves (by pattern order), ``add`` moves (by combination, then tile), then ``end``."""
        if self.verdict is not None:
            return []
        return [*self._lays(), *self._adds(), TurnMove(MoveKind.END)]

    def apply(self, move: TurnMove | str) -> "Turn":
        """The turn after ``move``; a move the referee refuses raises :class:`~solver.errors.IllegalMove`
        (its verdict says why)."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.verdict is not None:
            raise TablecalcError(_("the turn is over: no move ({move}) may follow end").format(move=move))
        if move.kind is MoveKind.END:
            v = judge(self.position, table_text(self.table) or "pass", self.rules, self.tiles)
            return Turn(self.position, self.rules, self.tiles, self.table, self.rack, v)
        target = move.target if move.kind is MoveKind.ADD else None
        if target is not None and not 1 <= target <= len(self.table):
            raise TablecalcError(_("bad move {move}: the table has combinations 1-{table}").format(move=quoted(str(move)), table=len(self.table)))
        v = judge_step(self.position, self.table, self.rack, str(move), move.tiles, target, self.rules, self.tiles)
        if not v.legal:
            raise IllegalMove("ramikubic", str(move), verdict=v, codes=v.violations)
        rack = tuple(sorted((Counter(self.rack) - Counter(move.tiles)).elements()))
        return Turn(self.position, self.rules, self.tiles, v.new_table, rack)

    def returns(self) -> tuple[float, ...]:
        """``(tiles laid,)`` — minus the tiles drawn when the ended turn was refused."""
        if self.verdict is not None and not self.verdict.legal:
            return (-float(self.verdict.penalty.amount),)
        return (float(len(self.position.rack) - len(self.rack)),)

    def parse_move(self, text: str) -> TurnMove:
        return TurnMove.parse(text, self.tiles)

    # -- the moves -----------------------------------------------------------------------

    def _lays(self) -> list[TurnMove]:
        return [TurnMove(MoveKind.LAY, c) for c in rack_combinations(self.rack, self.rules, self.tiles)]

    def _adds(self) -> list[TurnMove]:
        if not self.position.melded:
            return []
        out = []
        for i, combo in enumerate(self.table, 1):
            for t in sorted(set(self.rack)):
                if is_valid(combo + (t,), self.rules, self.tiles):
                    out.append(TurnMove(MoveKind.ADD, (t,), i))
        return out

    @property
    def now(self) -> Position:
        """The table and the rack as the turn has left them, in a position (melded as the turn began)."""
        return Position(self.table, self.rack, self.position.melded)

    def __str__(self) -> str:
        """The notation of :attr:`now` (the position the turn began from is not written)."""
        return str(self.now)
