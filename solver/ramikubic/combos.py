"""Combinations — the one home of what makes tiles a valid group or run, for the referee,
the best-lay search and the brute-force oracle alike.

A **group** is 3 or 4 tiles of one number in different colours; a **run** is 3 or more
tiles of one colour with consecutive numbers (whether a 1 may follow the 10 is
:attr:`Rules.wrap`). A joker stands for any tile. A combination is judged as the tiles
it holds, in any order: its **readings** are every group or run those tiles can be, with
the tile each joker stands for.

>>> ts, rules = TileSet.default(), Rules()
>>> v = judge_combination(ts.parse_tiles("7b joker 9b"), rules, ts)
>>> v.valid, [str(r) for r in v.readings]
(True, ['run 7b joker=8b 9b'])
>>> [str(r) for r in judge_combination(ts.parse_tiles("9b 10b 1b"), rules, ts).readings]
['run 9b 10b 1b']
>>> v = judge_combination(ts.parse_tiles("7b 7r joker"), rules, ts)
>>> [str(r) for r in v.readings]
['group 7b joker=7y 7r', 'group 7b joker=7g 7r']
>>> v = judge_combination(ts.parse_tiles("7b 7b 7r"), rules, ts)
>>> v.valid, v.fault
(False, <Violation.COLOUR_TWICE: 'colour-twice'>)

Every reading comes from one list of **patterns** (:func:`patterns`): each group and run
of numbered tiles the rules allow. The best-lay search chooses among the same patterns
(runs of 3 to 5 tiles suffice there: a longer run is two shorter ones side by side).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Sequence

from solver.ramikubic.rules import GROUP_MAX, MIN_SIZE, MeldJoker, Rules, Wrap
from solver.ramikubic.tiles import JOKER, Tile, TileSet, tiles_text
from solver.game import clauses_of
from solver.ramikubic.verdict import Violation

__all__ = ["Kind", "Pattern", "run_numbers", "run_allowed", "Reading", "CombinationVerdict", "patterns", "readings", "is_valid",
           "judge_combination", "meld_value", "why_not", "rack_combinations", "MAX_SHOWN"]

MAX_SHOWN = 12
"""The most readings a verdict lists (three jokers alone can be hundreds of runs and groups)."""


class Kind(enum.StrEnum):
    GROUP = "group"
    RUN = "run"


@dataclass(frozen=True)
class Pattern:
    """A group or run of numbered tiles, in laying order (a run from its lowest position)."""

    kind: Kind
    tiles: tuple[Tile, ...]
    start: int = 0
    """A run's first position (past ``high``, positions wrap to ``low``); 0 for a group."""

    @property
    def points(self) -> int:
        return sum(t.number for t in self.tiles)  # type: ignore[misc]

    def __str__(self) -> str:
        return f"{self.kind} {tiles_text(self.tiles)}"


@dataclass(frozen=True)
class Reading:
    """One way to read a combination: its ``pattern`` and which of its places the jokers take."""

    pattern: Pattern
    joker_places: tuple[int, ...]
    """Indexes into ``pattern.tiles`` that jokers fill."""

    @property
    def kind(self) -> Kind:
        return self.pattern.kind

    @property
    def jokers(self) -> tuple[Tile, ...]:
        """The tiles the jokers stand for."""
        return tuple(self.pattern.tiles[i] for i in self.joker_places)

    @property
    def points(self) -> int:
        """The combination's value with each joker counting the tile it stands for."""
        return self.pattern.points

    def laid(self) -> tuple[str, ...]:
        """The tiles in laying order, each joker written ``joker=TILE``."""
        return tuple(f"joker={t}" if i in self.joker_places else str(t) for i, t in enumerate(self.pattern.tiles))

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(self.laid())}"

    def as_dict(self) -> dict:
        return {"kind": str(self.kind), "tiles": list(self.laid()), "jokers": [str(t) for t in self.jokers],
                "points": self.points}


# ---------------------------------------------------------------- the patterns


def run_numbers(start: int, length: int, ts: TileSet) -> tuple[int, ...]:
    """The numbers of a run from position ``start``; positions past ``high`` wrap to ``low``.

    >>> run_numbers(9, 3, TileSet.default())
    (9, 10, 1)
    """
    span = ts.high - ts.low + 1
    return tuple(ts.low + (start - ts.low + i) % span for i in range(length))


def run_allowed(start: int, length: int, wrap: Wrap, ts: TileSet, repeat: bool = True) -> bool:
    """Whether a run of ``length`` tiles from position ``start`` is allowed: ``wrap`` says how far
    past the highest number it may go on; without ``repeat`` it holds each number once at most.

    >>> ts = TileSet.default()
    >>> run_allowed(1, 11, Wrap.END, ts), run_allowed(1, 11, Wrap.END, ts, repeat=False), run_allowed(1, 10, Wrap.END, ts, False)
    (True, False, True)
    """
    end = start + length - 1
    if not repeat and length > ts.high - ts.low + 1:
        return False
    if wrap is Wrap.NONE:
        return end <= ts.high
    if wrap is Wrap.END:
        return end <= ts.high + 1
    return length <= ts.high - ts.low + 2


@cache
def patterns(wrap: Wrap, ts: TileSet, max_run: int | None = None, repeat: bool = True) -> tuple[Pattern, ...]:
    """Every group and run of numbered tiles allowed under ``wrap`` (and ``repeat``,
    :func:`run_allowed`): groups of 3 and 4 (colours in set order), then runs of each colour by
    start and length (at most ``max_run`` long).

    >>> ts = TileSet.default()
    >>> len(patterns(Wrap.END, ts)), len(patterns(Wrap.END, ts, 5)), len(patterns(Wrap.NONE, ts, 5))
    (230, 146, 134)
    """
    from itertools import combinations

    out: list[Pattern] = []
    for n in range(ts.low, ts.high + 1):
        for size in range(MIN_SIZE, min(GROUP_MAX, len(ts.colours)) + 1):
            for cs in combinations(ts.colours, size):
                out.append(Pattern(Kind.GROUP, tuple(Tile(n, c) for c in cs)))
    span = ts.high - ts.low + 1
    longest = span + 1
    for c in ts.colours:
        for start in range(ts.low, ts.high + 1):
            for length in range(MIN_SIZE, min(longest, max_run or longest) + 1):
                if run_allowed(start, length, wrap, ts, repeat):
                    out.append(Pattern(Kind.RUN, tuple(Tile(n, c) for n in run_numbers(start, length, ts)), start))
    return tuple(out)


def rack_combinations(rack: Sequence[Tile], rules: Rules, ts: TileSet, max_run: int = 5) -> list[tuple[Tile, ...]]:
    """Every group and every run of 3 to ``max_run`` tiles that ``rack`` can make on its own, a
    joker standing in for each tile it lacks (at least one tile its own), each once, in pattern order.

    >>> ts = TileSet.default()
    >>> [tiles_text(c) for c in rack_combinations(ts.parse_tiles("7y 7g 7r 8r joker"), Rules(), ts)][:4]
    ['joker 7y 7g', 'joker 7y 7r', 'joker 7g 7r', '7y 7g 7r']
    """
    have = Counter(rack)
    jokers = have[JOKER]
    out, seen = [], set()
    for p in patterns(rules.wrap, ts, max_run, rules.run_repeat):
        short = sum((Counter(p.tiles) - have).values())
        if short > jokers or short == len(p.tiles):
            continue
        left = have.copy()
        combo = []
        for t in p.tiles:
            if left[t] > 0:
                left[t] -= 1
                combo.append(t)
            else:
                combo.append(JOKER)
        key = tuple(sorted(combo))
        if key not in seen:
            seen.add(key)
            out.append(tuple(combo))
    return out


@cache
def _by_size(wrap: Wrap, ts: TileSet, repeat: bool) -> dict[int, tuple[Pattern, ...]]:
    sizes: dict[int, list[Pattern]] = {}
    for p in patterns(wrap, ts, None, repeat):
        sizes.setdefault(len(p.tiles), []).append(p)
    return {k: tuple(v) for k, v in sizes.items()}


@cache
def _readings(tiles: tuple[Tile, ...], wrap: Wrap, ts: TileSet, repeat: bool) -> tuple[Reading, ...]:
    numbered = Counter(t for t in tiles if not t.is_joker)
    out, seen = [], set()
    for p in _by_size(wrap, ts, repeat).get(len(tiles), ()):
        need = Counter(p.tiles)
        if any(need[t] < k for t, k in numbered.items()):
            continue
        left = numbered.copy()
        places = []
        for i, t in enumerate(p.tiles):
            if left[t] > 0:
                left[t] -= 1
            else:
                places.append(i)
        key = (p.kind, tuple(p.tiles[i] for i in places), p.tiles)
        if key not in seen:
            seen.add(key)
            out.append(Reading(p, tuple(places)))
    return tuple(out)


def readings(tiles: Sequence[Tile], rules: Rules, ts: TileSet) -> tuple[Reading, ...]:
    """Every way ``tiles`` (any order) make a group or run under ``rules``; empty when they make none."""
    return _readings(tuple(sorted(tiles, key=Tile.sort_key)), rules.wrap, ts, rules.run_repeat)


def is_valid(tiles: Sequence[Tile], rules: Rules, ts: TileSet) -> bool:
    """Whether ``tiles`` make a valid combination under ``rules``."""
    return bool(readings(tiles, rules, ts))


def meld_value(tiles: Sequence[Tile], rules: Rules, ts: TileSet) -> int:
    """What a valid combination counts towards the initial meld: its best reading's points, or,
    with ``meld_joker="joker-points"``, its numbered tiles plus the jokers' end-of-round points.

    >>> ts = TileSet.default()
    >>> meld_value(ts.parse_tiles("9r 10r joker"), Rules(), ts)
    27
    >>> meld_value(ts.parse_tiles("9r 10r joker"), Rules(meld_joker=MeldJoker.JOKER_POINTS), ts)
    69
    """
    rs = readings(tiles, rules, ts)
    if not rs:
        return 0
    if rules.meld_joker is MeldJoker.JOKER_POINTS:
        return sum(ts.points(t) for t in tiles)
    return max(r.points for r in rs)


# ---------------------------------------------------------------- why not


def why_not(tiles: Sequence[Tile], rules: Rules, ts: TileSet) -> Violation | None:
    """Why ``tiles`` make no combination under ``rules``, or ``None`` when they make one.

    >>> ts = TileSet.default()
    >>> [why_not(ts.parse_tiles(t), Rules(), ts) for t in ("7b 8b", "7b 8r 9b", "7b 9b 10b", "10b 1b 2b")]
    [<Violation.TOO_SHORT: 'too-short'>, <Violation.MIXED: 'mixed'>, <Violation.NOT_CONSECUTIVE: 'not-consecutive'>, <Violation.WRAP_NOT_ALLOWED: 'wrap-not-allowed'>]
    """
    if len(tiles) < MIN_SIZE:
        return Violation.TOO_SHORT
    if is_valid(tiles, rules, ts):
        return None
    numbered = [t for t in tiles if not t.is_joker]
    numbers = {t.number for t in numbered}
    colours = {t.colour for t in numbered}
    if len(numbers) == 1:
        if len(tiles) > GROUP_MAX:
            return Violation.GROUP_TOO_BIG
        return Violation.COLOUR_TWICE
    if len(colours) > 1:
        return Violation.MIXED
    counts = Counter(t.number for t in numbered)
    if not rules.run_repeat and len(tiles) > ts.high - ts.low + 1:  # a number would come twice
        return Violation.NUMBER_TWICE
    if rules.wrap is not Wrap.FULL and is_valid(tiles, Rules(wrap=Wrap.FULL), ts):
        return Violation.WRAP_NOT_ALLOWED
    if not counts or max(counts.values()) > 1:  # jokers alone, more than any run holds: a number would come twice
        return Violation.NUMBER_TWICE
    return Violation.NOT_CONSECUTIVE


@dataclass(frozen=True)
class CombinationVerdict:
    """Whether tiles make a combination: the ``fault`` if not, every reading if so."""

    tiles: tuple[Tile, ...]
    fault: Violation | None
    readings: tuple[Reading, ...]

    @property
    def valid(self) -> bool:
        return self.fault is None

    @property
    def points(self) -> int:
        """The best reading's points (0 when not valid)."""
        return max((r.points for r in self.readings), default=0)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The rule-book clauses this verdict applies (those of its codes; empty when legal)."""
        return clauses_of((self.fault,) if self.fault else ())

    def as_dict(self) -> dict:
        return {
            "tiles": [str(t) for t in self.tiles], "valid": self.valid,
            "fault": str(self.fault) if self.fault else None, "clauses": list(self.clauses),
            "kinds": sorted({str(r.kind) for r in self.readings}),
            "points": self.points, "readings_count": len(self.readings),
            "readings": [r.as_dict() for r in self.readings[:MAX_SHOWN]],
        }


def judge_combination(tiles: Sequence[Tile], rules: Rules, ts: TileSet) -> CombinationVerdict:
    """The verdict on one combination: valid with its readings, or why not."""
    rs = readings(tiles, rules, ts) if len(tiles) >= MIN_SIZE else ()
    return CombinationVerdict(tuple(tiles), None if rs else why_not(tiles, rules, ts), rs)


