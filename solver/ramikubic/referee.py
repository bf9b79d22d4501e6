"""The referee: a proposed new table judged against the old table and the rack (the one home of
legality: the turn's state, the drill and the command line all ask here).

The answer is the whole table after the move (combinations separated by ``|``), or
``pass`` (nothing laid: draw a tile, which is no penalty). A leading ``+`` adds
combinations to the old table as it is (``+ 7y 7g 7r``), the usual initial meld; ``1 3:
...`` takes up the old combinations 1 and 3 and lays the combinations given instead
(the others stay as they are) — a rearrangement without retyping the whole table.

>>> from solver.ramikubic.position import Position
>>> ts, rules = TileSet.default(), Rules()
>>> p = Position.parse("table 7b 8b 9b; rack 10b 7y 7g; melded", ts)
>>> v = judge(p, "8b 9b 10b | 7b 7y 7g", rules, ts)
>>> v.legal, v.tiles_placed, v.penalty.amount
(True, 3, 0)
>>> v = judge(p, "8b 9b 10b | 7y 7g", rules, ts)
>>> [str(x) for x in v.violations], v.penalty.as_dict()
(['table-tile-removed', 'not-a-combination'], {'draw': 1, 'take_back': ['10b', '7y', '7g'], 'table_restored': True})
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

from solver.errors import SearchTooLarge, TablecalcError, quoted
from solver.i18n import _
from solver.ramikubic.best import solve
from solver.ramikubic.combos import meld_value, why_not
from solver.ramikubic.position import Position, parse_table
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import JOKER, Combination, Table, Tile, TileSet
from solver.ramikubic.verdict import Penalty, Verdict, Violation

__all__ = ["judge", "judge_step", "parse_answer", "could_lay", "PASS_WORDS"]

PASS_WORDS = frozenset({"pass", "draw", "passe", "pioche", "piocher", "passer", "nothing", "rien", "pas", "passen", "niets"})
"""Answers that mean: lay nothing, draw a tile."""


_REPLACE = re.compile(r"\s*([0-9]{1,3}(?:[\s,]+[0-9]{1,3})*)\s*:(.*)", re.DOTALL)


def parse_answer(position: Position, answer: str, ts: TileSet) -> Table:
    """The new table an answer proposes: ``pass``; ``+ COMBINATIONS`` (added to the old table);
    ``N M: COMBINATIONS`` (old combinations N and M, counted from 1, taken up and these laid
    instead: the other combinations stay); or the whole new table.

    >>> from solver.ramikubic.position import Position, table_text
    >>> ts = TileSet.default()
    >>> p = Position.parse("table 7b 8b 9b | 1r 2r 3r; rack 10b 7y 7g; melded", ts)
    >>> [table_text([c]) for c in parse_answer(p, "1: 8b 9b 10b | 7b 7y 7g", ts)]
    ['1r 2r 3r', '8b 9b 10b', '7b 7y 7g']
    """
    text = answer.strip()
    if not text:
        raise TablecalcError(_('no answer: expected the new table (combinations separated by |), + new combinations, N M: the combinations replacing old ones N and M, or pass'))
    if text.lower() in PASS_WORDS:
        return position.table
    if text.startswith("+"):
        return position.table + parse_table(text[1:], ts, "the new combinations")
    m = _REPLACE.fullmatch(text)
    if m:
        numbers = [int(n) for n in re.split(r"[\s,]+", m.group(1).strip())]
        bad = [n for n in numbers if not 1 <= n <= len(position.table)]
        if bad or len(set(numbers)) != len(numbers):
            raise TablecalcError(_("bad answer {text}: {names} should name different combinations of the table, 1-{count}").format(
                    text=quoted(text), names=m.group(1).strip(), count=len(position.table)))
        kept = tuple(c for i, c in enumerate(position.table, 1) if i not in numbers)
        return kept + parse_table(m.group(2), ts, "the new combinations")
    return parse_table(text, ts, "the new table")


def could_lay(position: Position, rules: Rules, ts: TileSet) -> bool:
    """Whether the rack can lay a tile now (the initial meld when not melded): the exact best-lay
    search says (a search too large to finish counts as yes, never seen on a set of 84 tiles)."""
    try:
        return bool(solve(position, rules, ts).placed)
    except SearchTooLarge:  # pragma: no cover
        return True


def judge(position: Position, answer: str, rules: Rules, ts: TileSet) -> Verdict:
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
    if not new_tiles - old_tiles and not vs and rules.must_lay and could_lay(position, rules, ts):
        vs.append(Violation.COULD_LAY)
    penalty = Penalty()
    if vs and vs != [Violation.COULD_LAY]:
        penalty = Penalty(rules.penalty_draw, placed_tiles, True)
    return Verdict(
        str(position), answer, rules, new, tuple(vs), placed_tiles, tuple(sorted(not_in_rack.elements())),
        tuple(sorted(removed_tiles.elements())), jokers_missing, invalid, meld_points, moved, penalty,
        sum(ts.points(t) for t in placed_tiles),
    )


def judge_step(position: Position, table: Table, rack: Sequence[Tile], move: str, tiles: Combination,
               target: int | None, rules: Rules, ts: TileSet) -> Verdict:
    """One step of a turn played move by move (:class:`solver.ramikubic.state.Turn`): ``tiles``
    from the ``rack`` laid as a new combination (``target`` ``None``) or added to combination
    ``target`` (1-based) of ``table``, the table the turn has built so far. The step is legal
    when the tiles are in the rack, the combination they make is valid and an addition comes
    after the initial meld; the turn as a whole (the meld's 20 points) is judged by
    :func:`judge` when it ends. A refused step costs the seed's penalty, as any illegal move.

    >>> from solver.ramikubic.position import Position
    >>> ts = TileSet.default()
    >>> p = Position.parse("table 7b 8b 9b; rack 10b 7y 7g", ts)
    >>> [str(x) for x in judge_step(p, p.table, p.rack, "add 1: 10b", ts.parse_tiles("10b"), 1, Rules(), ts).violations]
    ['meld-uses-table']
    >>> judge_step(p, p.table, p.rack, "lay 7y 7g 7r", ts.parse_tiles("7y 7g 7r"), None, Rules(), ts).violations
    (<Violation.NOT_IN_RACK: 'not-in-rack'>,)
    """
    have = Counter(rack)
    not_in_rack = Counter(tiles) - have
    if target is None:
        combination, where = tuple(tiles), len(table) + 1
    else:
        combination, where = table[target - 1] + tuple(tiles), target
    new = tuple(combination if i == where else c for i, c in enumerate(table, 1)) + ((combination,) if target is None else ())
    vs: list[Violation] = []
    if not_in_rack:
        vs.append(Violation.NOT_IN_RACK)
    fault = why_not(combination, rules, ts)
    if fault is not None:
        vs.append(Violation.NOT_A_COMBINATION)
    if target is not None and not position.melded:
        vs.append(Violation.MELD_USES_TABLE)
    laid_before = tuple(sorted((Counter(position.rack) - have).elements()))
    placed = () if vs else tuple(sorted(tiles))
    penalty = Penalty(rules.penalty_draw, laid_before, True) if vs else Penalty()
    return Verdict(str(position), move, rules, new, tuple(vs), placed, tuple(sorted(not_in_rack.elements())),
                   invalid=((where, fault),) if fault is not None else (), penalty=penalty,
                   points_placed=sum(ts.points(t) for t in placed))
