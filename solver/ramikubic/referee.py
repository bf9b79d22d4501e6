"""The referee: a proposed new table judged against the old table and the rack.

The answer is the whole table after the move (combinations separated by ``|``), or
``pass`` (nothing laid: draw a tile, which is no penalty). A leading ``+`` adds
combinations to the old table as it is (``+ 7y 7g 7r``), the usual initial meld; ``1 3:
...`` takes up the old combinations 1 and 3 and lays the combinations given instead
(the others stay as they are) — a rearrangement without retyping the whole table.

>>> from solver.ramikubic.position import Position
>>> ts, rules = TileSet.default(), Rules()
>>> p = Position.parse("table 7b 8b 9b; rack 10b 7y 7g; melded", ts)
>>> v = check_move(p, "8b 9b 10b | 7b 7y 7g", rules, ts)
>>> v.legal, v.tiles_placed, v.penalty.amount
(True, 3, 0)
>>> v = check_move(p, "8b 9b 10b | 7y 7g", rules, ts)
>>> [str(x) for x in v.violations], v.penalty.as_dict()
(['table-tile-removed', 'not-a-combination'], {'draw': 1, 'take_back': ['10b', '7y', '7g'], 'table_restored': True})
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from solver.errors import TablecalcError, quoted
from solver.game import Code
from solver.ramikubic.combos import ComboFault, meld_value, why_not
from solver.ramikubic.position import Position, Table, parse_table
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import JOKER, Tile, TileSet, tiles_text

__all__ = ["Violation", "Penalty", "MoveVerdict", "check_move", "parse_answer", "PASS_WORDS"]

PASS_WORDS = frozenset({"pass", "draw", "passe", "pioche", "piocher", "passer", "nothing", "rien", "pas", "passen", "niets"})
"""Answers that mean: lay nothing, draw a tile."""


class Violation(Code):
    """Why a move is refused, most serious first; the value is the stable code used in JSON."""

    NOT_IN_RACK = "not-in-rack"
    """A tile on the new table that was neither on the table nor in the rack."""
    TABLE_TILE_REMOVED = "table-tile-removed"
    """A tile of the old table is missing from the new one (what is laid stays laid)."""
    JOKER_NOT_RELAID = "joker-not-relaid"
    """A joker taken from the table and not laid again."""
    NOT_A_COMBINATION = "not-a-combination"
    """A combination of the new table is neither a group nor a run."""
    MELD_USES_TABLE = "meld-uses-table"
    """The initial meld moved or used tiles already on the table."""
    MELD_TOO_LOW = "meld-too-low"
    """The initial meld is worth less than the rules' minimum (20)."""


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
class MoveVerdict:
    """The referee's verdict on one move, as data; :mod:`solver.ramikubic.words` words it."""

    position: Position
    answer: str
    rules: Rules
    new_table: Table
    violations: tuple[Violation, ...]
    placed: tuple[Tile, ...] = ()
    not_in_rack: tuple[Tile, ...] = ()
    removed: tuple[Tile, ...] = ()
    jokers_missing: int = 0
    invalid: tuple[tuple[int, ComboFault], ...] = ()
    """(1-based combination number, fault) for each invalid combination."""
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

    def as_dict(self) -> dict:
        return {
            "situation": str(self.position), "answer": self.answer, "rules": self.rules.as_dict(),
            "legal": self.legal, "violations": [str(v) for v in self.violations],
            "table": [tiles_text(c) for c in self.new_table], "placed": [str(t) for t in self.placed],
            "tiles_placed": self.tiles_placed, "points_placed": self.points_placed, "passed": self.passed,
            "not_in_rack": [str(t) for t in self.not_in_rack], "removed": [str(t) for t in self.removed],
            "jokers_missing": self.jokers_missing,
            "invalid": [{"combination": i, "fault": str(f)} for i, f in self.invalid],
            "meld_points": self.meld_points, "moved": list(self.moved), "penalty": self.penalty.as_dict(),
        }


_REPLACE = re.compile(r"\s*([0-9]{1,3}(?:[\s,]+[0-9]{1,3})*)\s*:(.*)", re.DOTALL)


def parse_answer(position: Position, answer: str, ts: TileSet) -> Table:
    """The new table an answer proposes: ``pass``; ``+ COMBINATIONS`` (added to the old table);
    ``N M: COMBINATIONS`` (old combinations N and M, counted from 1, taken up and these laid
    instead: the other combinations stay); or the whole new table.

    >>> from solver.ramikubic.position import Position
    >>> ts = TileSet.default()
    >>> p = Position.parse("table 7b 8b 9b | 1r 2r 3r; rack 10b 7y 7g; melded", ts)
    >>> [tiles_text(c) for c in parse_answer(p, "1: 8b 9b 10b | 7b 7y 7g", ts)]
    ['1r 2r 3r', '8b 9b 10b', '7b 7y 7g']
    """
    text = answer.strip()
    if not text:
        raise TablecalcError("no answer: expected the new table (combinations separated by |), + new combinations, "
                             "N M: the combinations replacing old ones N and M, or pass")
    if text.lower() in PASS_WORDS:
        return position.table
    if text.startswith("+"):
        return position.table + parse_table(text[1:], ts, "the new combinations")
    m = _REPLACE.fullmatch(text)
    if m:
        numbers = [int(n) for n in re.split(r"[\s,]+", m.group(1).strip())]
        bad = [n for n in numbers if not 1 <= n <= len(position.table)]
        if bad or len(set(numbers)) != len(numbers):
            raise TablecalcError(f"bad answer {quoted(text)}: {m.group(1).strip()} should name different combinations of the "
                                 f"table, 1-{len(position.table)}")
        kept = tuple(c for i, c in enumerate(position.table, 1) if i not in numbers)
        return kept + parse_table(m.group(2), ts, "the new combinations")
    return parse_table(text, ts, "the new table")


def check_move(position: Position, answer: str, rules: Rules, ts: TileSet) -> MoveVerdict:
    """Judge a move: the answer's new table against the old table and the rack.

    Raises :class:`TablecalcError` only when the answer cannot be read; everything the
    rules refuse is a violation with the seed's penalty (table restored, draw 1).
    """
    new = parse_answer(position, answer, ts)
    old_tiles = position.table_tiles()
    new_tiles = Counter(t for c in new for t in c)
    rack = Counter(position.rack)
    added = new_tiles - old_tiles
    removed = old_tiles - new_tiles
    not_in_rack = added - rack
    placed = added & rack
    vs: list[Violation] = []
    if not_in_rack:
        vs.append(Violation.NOT_IN_RACK)
    removed_tiles = Counter({t: n for t, n in removed.items() if not t.is_joker})
    if removed_tiles:
        vs.append(Violation.TABLE_TILE_REMOVED)
    jokers_missing = removed[JOKER]
    if jokers_missing:
        vs.append(Violation.JOKER_NOT_RELAID)
    invalid = tuple((i, f) for i, c in enumerate(new, 1) if (f := why_not(c, rules, ts)) is not None)
    if invalid:
        vs.append(Violation.NOT_A_COMBINATION)
    meld_points, moved = None, ()
    if not position.melded and placed:
        left = list(new)
        missing = []
        for i, c in enumerate(position.table, 1):
            match = next((j for j, n in enumerate(left) if Counter(n) == Counter(c)), None)
            if match is None:
                missing.append(i)
            else:
                del left[match]
        moved = tuple(missing)
        if moved:
            vs.append(Violation.MELD_USES_TABLE)
        meld_points = sum(meld_value(c, rules, ts) for c in left)
        if meld_points < rules.meld_points:
            vs.append(Violation.MELD_TOO_LOW)
    placed_tiles = tuple(sorted(placed.elements()))
    penalty = Penalty()
    if vs:
        penalty = Penalty(rules.penalty_draw, placed_tiles, True)
    return MoveVerdict(
        position, answer, rules, new, tuple(vs), placed_tiles, tuple(sorted(not_in_rack.elements())),
        tuple(sorted(removed_tiles.elements())), jokers_missing, invalid, meld_points, moved, penalty,
        sum(ts.points(t) for t in placed_tiles),
    )
