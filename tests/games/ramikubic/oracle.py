"""Brute-force answers for small Ramikubic positions, to check the integer programme against.

No model, no patterns: every sub-multiset of the rack is tried, and every way to split
tiles into combinations is searched, asking :func:`solver.ramikubic.combos.is_valid` (the
one home of what a combination is) about each candidate.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from solver.ramikubic.combos import is_valid, meld_value
from solver.ramikubic.rules import Objective, Rules
from solver.ramikubic.tiles import Tile, TileSet


def sub_multisets(tiles) -> set[tuple[Tile, ...]]:
    """Every distinct sub-multiset of ``tiles`` (sorted tuples)."""
    counts = sorted(Counter(tiles).items())
    out = [()]
    for tile, n in counts:
        out = [s + (tile,) * k for s in out for k in range(n + 1)]
    return set(out)


def best_split(tiles: tuple[Tile, ...], rules: Rules, ts: TileSet, value) -> int | None:
    """The highest total of ``value(combination)`` over the ways to split ``tiles`` into valid
    combinations, or ``None`` when there is none (an empty set splits into nothing: 0)."""

    @lru_cache(maxsize=None)
    def go(rest: tuple[Tile, ...]) -> int | None:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = None
        seen = set()
        for size in range(2, len(others) + 1):
            for idx in combinations(range(len(others)), size):
                chosen = tuple(others[i] for i in idx)
                if chosen in seen:
                    continue
                seen.add(chosen)
                combo = (first, *chosen)
                if not is_valid(combo, rules, ts):
                    continue
                left = list(others)
                for i in reversed(idx):
                    del left[i]
                sub = go(tuple(left))
                if sub is not None:
                    total = sub + value(combo)
                    best = total if best is None else max(best, total)
        return best

    return go(tuple(sorted(tiles)))


def oracle_best_lay(table, rack, rules: Rules, ts: TileSet) -> tuple[int, int]:
    """(tiles, points) of the best lay after the meld, lexicographic in the rules' objective."""
    on_table = tuple(t for c in table for t in c)
    best = (0, 0)
    for s in sub_multisets(rack):
        if rules.keep_jokers and any(t.is_joker for t in s):
            continue
        key = (len(s), sum(ts.points(t) for t in s))
        if rules.objective is Objective.POINTS:
            key = key[::-1]
        if key <= best:
            continue
        if best_split(on_table + s, rules, ts, lambda c: 0) is not None:
            best = key
    return best if rules.objective is Objective.TILES else best[::-1]


def oracle_meld(rack, rules: Rules, ts: TileSet) -> tuple[int, int, int]:
    """(tiles, points) of the meld laying the most tiles worth at least the minimum ((0, 0) if none),
    and the highest total any split of some of the rack reaches."""
    most, highest = (0, 0), 0
    for s in sub_multisets(rack):
        if rules.keep_jokers and any(t.is_joker for t in s):
            continue
        v = best_split(s, rules, ts, lambda c: meld_value(c, rules, ts))
        if v is None:
            continue
        highest = max(highest, v)
        if v >= rules.meld_points and s:
            most = max(most, (len(s), v))
    return most[0], most[1], highest
