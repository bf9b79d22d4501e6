"""One Ramikubic turn as a game state (OpenSpiel's vocabulary, :class:`solver.game.State`).

A :class:`Turn` starts from a :class:`~solver.ramikubic.position.Position` and lists its
moves in a fixed order: ``lay TILES`` (a new combination from the rack: every group and
every run of 3 to 5 tiles the rack can make, jokers included), then, once melded, ``add N:
TILE`` (one rack tile added to combination N of the table), then ``end``. The rules judge
a turn as a whole when it ends: ``end`` asks the referee (:func:`~solver.ramikubic.referee.check_move`)
about the table the turn built, so an initial meld under 20 ends with the penalty.
``returns()`` is the tiles laid, or minus the tiles drawn as a penalty.

>>> from solver.ramikubic.position import Position
>>> ts, rules = TileSet.default(), Rules()
>>> turn = Turn.start(Position.parse("table 7b 8b 9b; rack 10b 6b 7y 7g 7r; melded", ts), rules, ts)
>>> [str(m) for m in turn.legal_moves()]
['lay 7y 7g 7r', 'add 1: 6b', 'add 1: 10b', 'end']
>>> turn = turn.apply(turn.parse_move("lay 7y 7g 7r")).apply(turn.parse_move("add 1: 10b"))
>>> turn = turn.apply(turn.parse_move("end"))
>>> turn.is_terminal(), turn.returns(), turn.current_player()
(True, (4.0,), -1)

Rearranging the table is not a move here (a whole new table is one answer to
:func:`~solver.ramikubic.referee.check_move`); a turn of lays and additions is always
one the referee judges the same way.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from solver.errors import TablecalcError, quoted
from solver.game import TERMINAL
from solver.ramikubic.combos import is_valid, patterns
from solver.ramikubic.position import Position, Table, table_text
from solver.ramikubic.referee import MoveVerdict, check_move
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import JOKER, Tile, TileSet, tiles_text

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
        word, _, rest = t.partition(" ")
        try:
            kind = MoveKind(word.lower())
        except ValueError:
            raise TablecalcError(f"unknown move {quoted(text)}: expected lay TILES, add N: TILE or end") from None
        if kind is MoveKind.END:
            if rest.strip():
                raise TablecalcError(f"bad move {quoted(text)}: end stands alone")
            return cls(kind)
        if kind is MoveKind.LAY:
            tiles = ts.parse_tiles(rest, "the combination")
            if not tiles:
                raise TablecalcError(f"bad move {quoted(text)}: expected lay TILES, e.g. lay 7y 7g 7r")
            return cls(kind, tiles)
        head, colon, tail = rest.partition(":")
        if not colon or not head.strip().isdigit() or not head.strip().isascii() or len(head.strip()) > 3:
            raise TablecalcError(f"bad move {quoted(text)}: expected add N: TILE, e.g. add 1: 10b")
        tiles = ts.parse_tiles(tail, "the tiles added")
        if len(tiles) != 1:
            raise TablecalcError(f"bad move {quoted(text)}: add one tile at a time, e.g. add 1: 10b")
        return cls(kind, tiles, int(head))


@dataclass(frozen=True)
class Turn:
    """A turn in progress: the position it started from, the table and rack now, the verdict once ended."""

    position: Position
    rules: Rules
    tiles: TileSet
    table: Table
    rack: tuple[Tile, ...]
    verdict: MoveVerdict | None = None

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
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.verdict is not None:
            raise TablecalcError(f"the turn is over: no move ({move}) may follow end")
        have = Counter(self.rack)
        if move.kind is MoveKind.END:
            v = check_move(self.position, table_text(self.table) or "pass", self.rules, self.tiles)
            return Turn(self.position, self.rules, self.tiles, self.table, self.rack, v)
        if Counter(move.tiles) - have:
            raise TablecalcError(f"illegal move {move}: {tiles_text(sorted((Counter(move.tiles) - have).elements()))} "
                                 "not in your rack")
        if move.kind is MoveKind.LAY:
            if not is_valid(move.tiles, self.rules, self.tiles):
                raise TablecalcError(f"illegal move {move}: not a group or a run")
            table = self.table + (move.tiles,)
        else:
            if not self.position.melded:
                raise TablecalcError(f"illegal move {move}: before the initial meld, the table's combinations stay as they are")
            if not 1 <= move.target <= len(self.table):
                raise TablecalcError(f"illegal move {move}: the table has combinations 1-{len(self.table)}")
            grown = self.table[move.target - 1] + move.tiles
            if not is_valid(grown, self.rules, self.tiles):
                raise TablecalcError(f"illegal move {move}: {tiles_text(grown)} is not a group or a run")
            table = tuple(grown if i == move.target - 1 else c for i, c in enumerate(self.table))
        rack = tuple(sorted((have - Counter(move.tiles)).elements()))
        return Turn(self.position, self.rules, self.tiles, table, rack)

    def returns(self) -> tuple[float, ...]:
        """``(tiles laid,)`` — minus the tiles drawn when the ended turn was refused."""
        if self.verdict is not None and not self.verdict.legal:
            return (-float(self.verdict.penalty.amount),)
        return (float(len(self.position.rack) - len(self.rack)),)

    def parse_move(self, text: str) -> TurnMove:
        return TurnMove.parse(text, self.tiles)

    # -- the moves -----------------------------------------------------------------------

    def _lays(self) -> list[TurnMove]:
        have = Counter(self.rack)
        jokers = have[JOKER]
        out, seen = [], set()
        for p in patterns(self.rules.wrap, self.tiles, 5):
            need = Counter(p.tiles)
            short = sum((need - have).values())
            if short > jokers or short == len(p.tiles):
                continue
            left = have.copy()
            tiles = []
            for t in p.tiles:
                if left[t] > 0:
                    left[t] -= 1
                    tiles.append(t)
                else:
                    tiles.append(JOKER)
            key = tuple(sorted(tiles))
            if key not in seen:
                seen.add(key)
                out.append(TurnMove(MoveKind.LAY, tuple(tiles)))
        return out

    def _adds(self) -> list[TurnMove]:
        if not self.position.melded:
            return []
        out = []
        for i, combo in enumerate(self.table, 1):
            for t in sorted(set(self.rack)):
                if is_valid(combo + (t,), self.rules, self.tiles):
                    out.append(TurnMove(MoveKind.ADD, (t,), i))
        return out

    def __str__(self) -> str:
        return f"{self.position} — table now {table_text(self.table) or 'empty'}; rack {tiles_text(self.rack)}"
