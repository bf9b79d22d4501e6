"""Random Ramikubic positions, dealt from the tile set as a game would leave them.

>>> import random
>>> from solver.ramikubic.rules import Rules
>>> p = deal(random.Random(3), Rules(), TileSet.default(), table_tiles=12, rack_size=6, melded=True)
>>> sum(len(c) for c in p.table) >= 12, len(p.rack), p.melded
(True, 6, True)
"""

from __future__ import annotations

from collections import Counter

from solver.ramikubic.combos import patterns
from solver.ramikubic.position import Position
from solver.ramikubic.rules import Rules
from solver.ramikubic.tiles import JOKER, TileSet

__all__ = ["deal"]


def deal(rng, rules: Rules, ts: TileSet, *, table_tiles: int, rack_size: int, melded: bool,
         joker_rate: float = 0.15) -> Position:
    """A table of at least ``table_tiles`` tiles in random groups and runs (a tile now and then
    replaced by a joker, at ``joker_rate``), and a rack of ``rack_size`` tiles from what is left."""
    left = Counter(ts.all_tiles())
    pats = [p for p in patterns(rules.wrap, ts, 5, rules.run_repeat)]
    table = []
    count, tries = 0, 0
    while count < table_tiles and tries < 10_000:
        tries += 1
        p = rng.choice(pats)
        need = Counter(p.tiles)
        if any(left[t] < k for t, k in need.items()):
            continue
        tiles = list(p.tiles)
        if left[JOKER] and rng.random() < joker_rate:
            i = rng.randrange(len(tiles))
            need[tiles[i]] -= 1
            need[JOKER] += 1
            tiles[i] = JOKER
        left -= need
        table.append(tuple(tiles))
        count += len(tiles)
    pool = sorted(left.elements())
    rng.shuffle(pool)
    rack = tuple(sorted(pool[:rack_size]))
    return Position(tuple(table), rack, melded)
