"""Slow, independent answers to Le Nain Jaune questions, for the property tests.

:func:`opera_by_runs` answers "can this hand go out in one turn when it starts, whatever the
others hold?" by trying every way to cut the hand into runs, written from the seed's words
alone (no function of ``solver.nainjaune.round``): a run climbs one rank at a time in any
suit; after a King its player starts again; after "sans R" they start again only when nobody
else can hold an R — the hand holds all four.
"""

from __future__ import annotations

from solver.nainjaune.cards import SUITS, Card


def opera_by_runs(hand: frozenset[Card]) -> bool:
    full = {r for r in range(1, 14) if all(Card(r, s) in hand for s in SUITS)}

    def start(rest: frozenset[Card]) -> bool:
        return not rest or any(climb(rest - {c}, c.rank) for c in rest)

    def climb(rest: frozenset[Card], rank: int) -> bool:
        if not rest:
            return True
        if rank == 13:
            return start(rest)
        if any(climb(rest - {c}, rank + 1) for c in rest if c.rank == rank + 1):
            return True
        return rank + 1 in full and start(rest)

    return start(frozenset(hand))
