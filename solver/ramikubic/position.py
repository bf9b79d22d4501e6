"""A Ramikubic position: the combinations on the table, the player's rack, and whether the
player has made their initial meld — what a puzzle stores, and what the referee and the
best-lay search start from.

The table is written as its combinations separated by ``|``; the fields are separated
by ``;``; ``melded`` says the initial meld was made in an earlier turn:

>>> ts = TileSet.default()
>>> p = Position.parse("table 7b 8b 9b | 5r 5y joker; rack 10b 7ja 7g; melded", ts)
>>> str(p)
'table 7b 8b 9b | 5r 5y joker; rack 10b 7y 7g; melded'
>>> Position.parse(str(p), ts) == p, p.table_tiles().total()
(True, 6)
>>> Position.parse("rack 7b 7b 7b", ts)
Traceback (most recent call last):
...
solver.errors.TablecalcError: bad position 'rack 7b 7b 7b': the rack and the table: 3 of 7b, but the set has only 2
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.parsing import format_fields, parse_fields
from solver.ramikubic.combos import why_not
from solver.ramikubic.rules import Rules, Wrap
from solver.ramikubic.tiles import Combination, Table, Tile, TileSet, tiles_text

__all__ = ["Combination", "Table", "Position", "parse_table", "table_text", "check_table", "MAX_COMBINATIONS"]

MAX_COMBINATIONS = 40
"""The most combinations a table may hold (84 tiles make at most 28)."""


def parse_table(text: str, ts: TileSet, what: str = "table") -> Table:
    """Combinations separated by ``|`` (or ``/`` or new lines); nothing (or ``-``) is an empty table.

    Only the notation is checked here: :func:`check_table` judges the combinations.

    >>> [tiles_text(c) for c in parse_table("7b 8b 9b | 5r 5y 5g", TileSet.default())]
    ['7b 8b 9b', '5r 5y 5g']
    """
    t = text.strip()
    if not t or t.lower() in ("-", "empty", "none", "vide"):
        return ()
    parts = re.split(r"[|/\n]", t)
    if len(parts) > MAX_COMBINATIONS:
        raise TablecalcError(_("{what} has {parts} combinations: expected at most {max_combinations}").format(what=what, parts=len(parts), max_combinations=MAX_COMBINATIONS))
    out = []
    for i, part in enumerate(parts, 1):
        tiles = ts.parse_tiles(part, what)
        if not tiles:
            raise TablecalcError(
                _('{what} {t}: combination {i} is empty: expected combinations separated by |, like "7b 8b 9b | 5r 5y 5g"').format(what=what, t=quoted(t), i=i)
            )
        out.append(tiles)
    return tuple(out)


def table_text(table: Sequence[Sequence[Tile]]) -> str:
    """The table's notation (empty text for an empty table)."""
    return " | ".join(tiles_text(c) for c in table)


def check_table(table: Table, rules: Rules, ts: TileSet, what: str = "table") -> None:
    """Raise unless every combination of ``table`` is valid under ``rules``; the error names the
    first invalid combination and its fault's code (``tablecalc ramikubic check`` says why in words)."""
    for i, c in enumerate(table, 1):
        fault = why_not(c, rules, ts)
        if fault is not None:
            raise TablecalcError(_("{what}: combination {i} ({c}) is not valid under {name}: {fault}").format(what=what, i=i, c=tiles_text(c), name=rules.name, fault=fault))


@dataclass(frozen=True)
class Position:
    """The ``table`` (combinations), the ``rack``, and ``melded``: the initial meld is behind the player."""

    table: Table
    rack: tuple[Tile, ...]
    melded: bool = False

    @classmethod
    def parse(cls, text: str, ts: TileSet) -> "Position":
        """Read ``table COMBINATIONS; rack TILES; melded`` (``table`` and ``melded`` optional;
        ``opened`` is read as ``melded``).

        The table's combinations are checked under the most lenient rules (runs wrap
        around); :meth:`check` checks them under a table's own rules.
        """
        fields = parse_fields(text, N_("position"), ["table", "rack"], required=["rack"], flags=["melded", "opened"])
        try:
            table = parse_table(str(fields.get("table", "")), ts)
            rack = ts.parse_tiles(str(fields["rack"]), "the rack")
            if not rack:
                raise TablecalcError(_("the rack is empty: expected at least one tile"))
            ts.check_counts([*rack, *(t for c in table for t in c)], "the rack and the table")
            check_table(table, Rules(name="any", wrap=Wrap.FULL), ts)
        except TablecalcError as e:
            raise TablecalcError(_("bad position {text}: {e}").format(text=quoted(text.strip()), e=e)) from None
        return cls(table, rack, bool(fields.get("melded") or fields.get("opened")))

    def check(self, rules: Rules, ts: TileSet) -> None:
        """Raise :class:`TablecalcError` unless the table is valid under ``rules``.

        >>> ts = TileSet.default()
        >>> Position.parse("table 10b 1b 2b; rack 5r", ts).check(Rules(), ts)
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: position 'table 10b 1b 2b; rack 5r': combination 1 (10b 1b 2b) is not valid under standard: wrap-not-allowed
        """
        check_table(self.table, rules, ts, f"position {str(self)!r}")

    def table_tiles(self) -> Counter:
        return Counter(t for c in self.table for t in c)

    def __str__(self) -> str:
        return format_fields([("table", table_text(self.table)), ("rack", tiles_text(self.rack)),
                              ("melded", self.melded)])

    def as_dict(self) -> dict:
        return {"text": str(self), "table": [[str(t) for t in c] for c in self.table],
                "rack": [str(t) for t in self.rack], "melded": self.melded}
