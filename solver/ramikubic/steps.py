"""A Ramikubic move entered a step at a time: take combinations up from the table, lay new
combinations, add tiles to those on the table, each step checked as it comes; then the table
built is judged whole by the referee (:func:`~solver.ramikubic.referee.judge`), as if it had
been typed in one answer.

A step is one line:

* ``take N M`` — take up the table's combinations N and M (numbered as the table is now): their
  tiles are loose, to be laid again before the move ends;
* ``lay TILES`` — a new combination, from the rack and the loose tiles;
* ``add N: TILES`` — tiles from the rack or the loose ones added to combination N;
* ``done`` — the move is finished: the table is what the turn built.

A step that cannot be made (a tile neither in the rack nor loose, a combination that is no group
or run, ``done`` while table tiles are loose) raises :class:`StepRefused`: it is not made, and
the build stays as it was. The words a player may type are English, French or Dutch
(:data:`STEP_WORDS`).

>>> from solver.ramikubic.position import Position
>>> from solver.ramikubic.rules import Rules
>>> ts = TileSet.default()
>>> p = Position.parse("table 7b 8b 9b | 1r 2r 3r; rack 10b 7y 7g; melded", ts)
>>> b = Build.start(p).apply("take 1", Rules(), ts)
>>> b.loose_text, b.table_text
('7b 8b 9b', '1r 2r 3r')
>>> b = b.apply("lay 8b 9b 10b", Rules(), ts).apply("lay 7b 7y 7g", Rules(), ts)
>>> b.table_text, b.loose, b.placed_text
('1r 2r 3r | 8b 9b 10b | 7b 7y 7g', (), '10b 7y 7g')
>>> b.apply("add 1: 4r", Rules(), ts)
Traceback (most recent call last):
...
solver.ramikubic.steps.StepRefused: 4r: neither in your rack nor taken from the table
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import dataclass, replace

from solver.errors import TablecalcError, quoted
from solver.ramikubic.combos import why_not
from solver.ramikubic.position import Position, table_text
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import Table, Tile, TileSet, tiles_text
from solver.ramikubic.verdict import Violation

__all__ = ["Build", "Step", "StepRefused", "Refusal", "STEP_WORDS", "is_step"]


class Step(enum.StrEnum):
    TAKE = "take"
    LAY = "lay"
    ADD = "add"
    DONE = "done"


STEP_WORDS = {
    "take": Step.TAKE, "prendre": Step.TAKE, "prends": Step.TAKE, "reprendre": Step.TAKE, "neem": Step.TAKE,
    "pak": Step.TAKE,
    "lay": Step.LAY, "poser": Step.LAY, "pose": Step.LAY, "leg": Step.LAY,
    "add": Step.ADD, "ajouter": Step.ADD, "ajoute": Step.ADD, "voeg": Step.ADD, "bij": Step.ADD,
    "done": Step.DONE, "end": Step.DONE, "fini": Step.DONE, "fin": Step.DONE, "klaar": Step.DONE,
}
"""The first word of a step, as an English, French or Dutch player types it."""

_WORD = re.compile(r"\s*([^\W\d_]+)\s*(.*)", re.DOTALL)
_ADD = re.compile(r"\s*([0-9]{1,3})\s*:(.*)", re.DOTALL)


def is_step(line: str) -> bool:
    """Whether ``line`` starts with a step's word (``take``, ``lay``, ``add``, ``done``...).

    >>> is_step("take 3"), is_step("Poser 7b 8b 9b"), is_step("1 3: 7b 8b 9b"), is_step("pass")
    (True, True, False, False)
    """
    m = _WORD.match(line)
    return bool(m) and m.group(1).lower() in STEP_WORDS


class Refusal(enum.StrEnum):
    """Why a step was not made; the value is the stable code."""

    NOT_A_STEP = "not-a-step"
    NO_SUCH_COMBINATION = "no-such-combination"
    NOT_AVAILABLE = "not-available"
    NOT_A_COMBINATION = "not-a-combination"
    LOOSE_TILES = "loose-tiles"
    MELD_FIRST = "meld-first"


class StepRefused(TablecalcError):
    """A step that was not made: ``refusal`` says why, ``tiles`` which tiles, ``fault`` why they make no
    combination, ``numbers`` the combination numbers asked for; the message is the English wording
    (:func:`solver.ramikubic.words.refusal_text` words it in the player's language)."""

    def __init__(self, message: str, refusal: Refusal, tiles: tuple[Tile, ...] = (), fault: Violation | None = None,
                 numbers: tuple[int, ...] = (), combinations: int = 0):
        super().__init__(message)
        self.refusal, self.tiles, self.fault, self.numbers, self.combinations = refusal, tiles, fault, numbers, combinations


@dataclass(frozen=True)
class Build:
    """A move being built: the ``table`` as it is now, the ``loose`` tiles taken up from it and not
    yet laid again, the ``rack`` left, and the ``steps`` made (their text, as typed)."""

    position: Position
    table: Table
    loose: tuple[Tile, ...]
    rack: tuple[Tile, ...]
    steps: tuple[str, ...] = ()

    @classmethod
    def start(cls, position: Position) -> "Build":
        return cls(position, position.table, (), position.rack)

    @property
    def table_text(self) -> str:
        return table_text(self.table)

    @property
    def loose_text(self) -> str:
        return tiles_text(self.loose)

    @property
    def placed(self) -> tuple[Tile, ...]:
        """The rack's tiles laid so far."""
        return tuple(sorted((Counter(self.position.rack) - Counter(self.rack)).elements()))

    @property
    def placed_text(self) -> str:
        return tiles_text(self.placed)

    @property
    def answer(self) -> str:
        """The move as one answer to the referee: the whole table built, or ``pass`` when nothing was laid
        and the table is as it was."""
        if not self.placed and Counter(map(tuple, self.table)) == Counter(map(tuple, self.position.table)):
            return "pass"
        return self.table_text

    def apply(self, line: str, rules: Rules, ts: TileSet) -> "Build":
        """The build after one step (``done`` included: it only checks that nothing is loose), or
        :class:`StepRefused`; a tile that cannot be read raises the tile set's :class:`TablecalcError`."""
        m = _WORD.match(line)
        step = STEP_WORDS.get(m.group(1).lower()) if m else None
        if step is None:
            raise StepRefused(f"{quoted(line.strip())} is not a step: expected take N, lay TILES, add N: TILES or done",
                              Refusal.NOT_A_STEP)
        rest = m.group(2).strip()  # type: ignore[union-attr]
        done = replace(self, steps=self.steps + (line.strip(),))
        if step is Step.DONE:
            if rest:
                raise StepRefused(f"{quoted(line.strip())}: done stands alone", Refusal.NOT_A_STEP)
            if self.loose:
                raise StepRefused(f"{self.loose_text} taken from the table must be laid again before the move ends",
                                  Refusal.LOOSE_TILES, self.loose)
            return done
        if step is Step.TAKE:
            self._melded_first()
            numbers = self._numbers(rest)
            taken = [t for i in numbers for t in self.table[i - 1]]
            table = tuple(c for i, c in enumerate(self.table, 1) if i not in numbers)
            return replace(done, table=table, loose=tuple(sorted(self.loose + tuple(taken))))
        if step is Step.LAY:
            tiles = ts.parse_tiles(rest)
            rack, loose = self._use(tiles)
            self._check(tiles, rules, ts)
            return replace(done, table=self.table + (tiles,), rack=rack, loose=loose)
        self._melded_first()
        add = _ADD.fullmatch(rest)
        if not add:
            raise StepRefused(f"{quoted(line.strip())}: expected add N: TILES, N a combination of the table",
                              Refusal.NOT_A_STEP)
        (n,) = self._numbers(add.group(1))
        tiles = ts.parse_tiles(add.group(2))
        rack, loose = self._use(tiles)
        grown = self.table[n - 1] + tiles
        self._check(grown, rules, ts)
        table = tuple(grown if i == n else c for i, c in enumerate(self.table, 1))
        return replace(done, table=table, rack=rack, loose=loose)

    # -- checks ------------------------------------------------------------------------------

    def _melded_first(self) -> None:
        if not self.position.melded:
            raise StepRefused("your initial meld comes from your rack alone: lay new combinations, nothing from the table",
                              Refusal.MELD_FIRST)

    def _numbers(self, text: str) -> tuple[int, ...]:
        words = re.split(r"[\s,]+", text.strip()) if text.strip() else []
        n = len(self.table)
        if not words or not all(w.isdigit() and 1 <= int(w) <= n for w in words) or len(set(words)) != len(words):
            raise StepRefused(f"{quoted(text.strip())}: expected different combination numbers of the table, 1-{n}",
                              Refusal.NO_SUCH_COMBINATION, numbers=tuple(int(w) for w in words if w.isdigit()),
                              combinations=n)
        return tuple(int(w) for w in words)

    def _use(self, tiles: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The rack and the loose tiles once ``tiles`` are used: loose tiles first (they must be laid again)."""
        if not tiles:
            raise StepRefused("no tiles: expected the tiles to lay, like 7b 8b 9b", Refusal.NOT_A_STEP)
        loose, rack = Counter(self.loose), Counter(self.rack)
        missing = []
        for t in tiles:
            if loose[t]:
                loose[t] -= 1
            elif rack[t]:
                rack[t] -= 1
            else:
                missing.append(t)
        if missing:
            raise StepRefused(f"{tiles_text(missing)}: neither in your rack nor taken from the table",
                              Refusal.NOT_AVAILABLE, tuple(missing))
        return _ordered(self.rack, rack), _ordered(self.loose, loose)

    @staticmethod
    def _check(tiles: tuple[Tile, ...], rules: Rules, ts: TileSet) -> None:
        fault = why_not(tiles, rules, ts)
        if fault is not None:
            raise StepRefused(f"{tiles_text(tiles)} is not a combination ({fault})", Refusal.NOT_A_COMBINATION,
                              tiles, fault)


def _ordered(before: tuple[Tile, ...], left: Counter) -> tuple[Tile, ...]:
    """The tiles of ``before`` still in ``left``, in their order."""
    out = []
    for t in before:
        if left[t]:
            left[t] -= 1
            out.append(t)
    return tuple(out)
