"""The computer's players of a whole round, from the strongest. Each sees only what its seat
sees — the table and its own rack (:meth:`~solver.ramikubic.round.RoundState.position`) — and
none reads a clock: the same seed plays the same game on every machine.

* ``best``: the exact best lay each turn (:func:`~solver.ramikubic.best.solve`): the most tiles
  (or points, :attr:`Rules.objective`), rearranging the table as it likes; before the initial
  meld, the meld laying the most tiles; with ``keep_jokers``, its jokers kept but to go out;
* ``greedy``: the first combinations it finds in its own rack (those it can make without a joker
  first), then a tile added wherever one fits; it never rearranges the table, and before the
  initial meld it lays what it found only when that is worth the meld;
* ``random``: one of the moves the round lists (:meth:`~solver.ramikubic.round.RoundState.legal_moves`:
  pass, one combination, one tile added) at random.

>>> import random
>>> from solver.ramikubic.round import RoundState
>>> s = RoundState.parse("racks Ann: 10b 7y 7g 2r | Bob: 1r 5g 9y; table 7b 8b 9b; melded Ann", Rules(), TileSet.default())
>>> [Bot(k, Rules(), TileSet.default(), random.Random(1)).choose(s) for k in ("best", "greedy")]
['1: 8b 9b 10b | 7b 7y 7g', '1: 7b 8b 9b 10b']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

from solver.errors import SearchTooLarge, TablecalcError, quoted
from solver.i18n import N_, _
from solver.ramikubic.best import solve
from solver.ramikubic.combos import is_valid, meld_value, patterns, readings
from solver.ramikubic.position import table_text
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import JOKER, Combination, Table, Tile, TileSet

__all__ = ["BOTS", "Bot", "best_move", "greedy_move", "move_text"]

BOTS = {
    "best": N_("lays the most tiles it can each turn, rearranging the table (the exact best lay)"),
    "greedy": N_("lays the first combinations it finds in its rack, then adds tiles where they fit; never rearranges"),
    "random": N_("passes, lays one combination or adds one tile, at random"),
}
"""The bots, the strongest first, each with one line on how it plays."""


def move_text(old: Table, new: Table) -> str:
    """A new table written with only what changes: ``pass`` (nothing new), ``+ NEW`` (the old
    combinations kept in place), or ``N M: NEW`` (the old combinations N and M taken up).

    >>> from solver.ramikubic.position import parse_table
    >>> ts = TileSet.default()
    >>> old = parse_table("7b 8b 9b | 1r 2r 3r", ts)
    >>> move_text(old, parse_table("7b 8b 9b 10b | 1r 2r 3r | 5y 5g 5r", ts))
    '1: 7b 8b 9b 10b | 5y 5g 5r'
    """
    taken = [i for i, c in enumerate(old, 1) if i > len(new) or new[i - 1] != c]
    if not taken and len(new) == len(old):
        return "pass"
    kept = {i for i in range(1, len(old) + 1) if i not in taken}
    rest = [c for i, c in enumerate(new, 1) if i not in kept]
    return f"{' '.join(map(str, taken))}: {table_text(rest)}" if taken else f"+ {table_text(rest)}"


def best_move(state) -> str:
    """The exact best lay of the player to move, as a move (``pass`` when nothing can be laid).
    With ``keep_jokers`` it keeps its jokers, except to lay its last tile."""
    position = state.position()
    lay = solve(position, state.rules, state.tiles)
    if state.rules.keep_jokers and JOKER in position.rack:
        out = solve(position, replace(state.rules, keep_jokers=False), state.tiles)
        if out.tiles_placed == len(position.rack):
            return out.short_answer
    return lay.short_answer


def _take(pattern: Sequence[Tile], rack: Counter, jokers: bool) -> Combination | None:
    """The pattern's tiles from ``rack``, jokers standing in for what is missing when ``jokers``."""
    missing = sum((Counter(pattern) - rack).values())
    if missing == 0:
        return tuple(pattern)
    if not jokers or missing > rack[JOKER] or missing > len(pattern) - 2:
        return None
    left = rack.copy()
    out = []
    for t in pattern:
        if left[t] > 0:
            left[t] -= 1
            out.append(t)
        else:
            out.append(JOKER)
    return tuple(out)


def _in_order(combo: Combination, rules: Rules, ts: TileSet) -> Combination:
    """A valid combination's tiles in the order of its first reading (a run from its lowest tile)."""
    r = readings(combo, rules, ts)[0]
    return tuple(JOKER if i in r.joker_places else t for i, t in enumerate(r.pattern.tiles))


def greedy_move(state) -> str:
    """The first combinations the rack makes (without a joker first), then each rack tile added
    to the first combination it fits; no rearrangement. Before the initial meld it lays only
    the combinations it found, and only when they are worth the meld."""
    rules, ts = state.rules, state.tiles
    position = state.position()
    rack = Counter(position.rack)
    found: list[Combination] = []
    for jokers in (False, True):
        again = True
        while again:
            again = False
            for p in patterns(rules.wrap, ts, 5, rules.run_repeat):
                combo = _take(p.tiles, rack, jokers)
                if combo is not None:
                    found.append(combo)
                    rack -= Counter(combo)
                    again = True
                    break
    if not position.melded:
        if not found or sum(meld_value(c, rules, ts) for c in found) < rules.meld_points:
            return "pass"
        return "+ " + table_text(found)
    table = [*position.table, *found]
    added = True
    while added:
        added = False
        for t in sorted(+rack):
            for i, c in enumerate(table):
                if not t.is_joker and is_valid(c + (t,), rules, ts):
                    table[i] = _in_order(c + (t,), rules, ts)
                    rack[t] -= 1
                    added = True
                    break
            if added:
                break
    return move_text(position.table, tuple(table))


@dataclass
class Bot:
    """A bot of kind ``kind`` (one of :data:`BOTS`) playing one seat, with its own random choices."""

    kind: str
    rules: Rules
    tiles: TileSet
    rng: object

    def __post_init__(self):
        if self.kind not in BOTS:
            raise TablecalcError(_("unknown bot {kind}: expected one of {choices}").format(kind=quoted(self.kind), choices=', '.join(BOTS)))

    def choose(self, state) -> str:
        if self.kind == "random":
            return self.rng.choice(state.legal_moves())  # type: ignore[attr-defined]
        if self.kind == "greedy":
            move = greedy_move(state)
            if move != "pass" or not (self.rules.must_lay and state.can_lay(state.to)):
                return move
        try:
            return best_move(state)
        except SearchTooLarge:  # pragma: no cover - never seen on a set of 84 tiles
            return greedy_move(state)
