"""Countdown over many selections at once: which targets can a selection reach at all?

A Countdown question asks for one target; the analyses in ``notebooks/`` ask it for
every target and thousands of selections. Both functions here answer from the value
sets of :class:`solver.search.ValueSets` — the sets :func:`solver.search.reach`
searches — instead of searching target by target.

>>> sorted(t for t in reachable_values([2, 3, 5]) if t <= 12)
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
>>> {sel: sorted(ts) for sel, ts in unreachable_targets([(2, 3, 5), (2, 2)], range(10, 14)).items()}
{(2, 2): [10, 11, 12, 13], (2, 3, 5): [12]}
"""

from __future__ import annotations

import multiprocessing
from typing import Iterable, Sequence

from solver.search import SearchRules, ValueSets

__all__ = ["reachable_values", "unreachable_targets"]

MultiSet = tuple[int, ...]


def reachable_values(
    numbers: Iterable[int], rules: SearchRules = SearchRules(), *, value_sets: ValueSets | None = None
) -> frozenset:
    """Every value of a calculation over some of ``numbers`` (each used at most once, the rest left out).

    ``t`` is in the result exactly when ``reach(numbers, t, rules)`` finds a calculation
    (``rules.use_all`` is ignored). Pass one ``value_sets`` (made for ``rules``) to many
    calls to build the sets of the parts they share only once.

    >>> v = reachable_values([25, 50, 75, 100, 3, 6])
    >>> 952 in v, 953 in v
    (True, True)
    """
    if value_sets is None:
        value_sets = ValueSets(rules)
    else:
        value_sets.check_serves(rules)
    return value_sets.reachable(numbers)


def _missed_by(job: tuple[list[MultiSet], range, SearchRules]) -> list[tuple[MultiSet, frozenset[int]]]:
    """One chunk of :func:`unreachable_targets`, sharing one :class:`ValueSets`."""
    selections, targets, rules = job
    sets = ValueSets(rules)
    out = []
    for sel in selections:
        values = sets.reachable(sel)
        out.append((sel, frozenset(t for t in targets if t not in values)))
    return out


def unreachable_targets(
    selections: Iterable[Sequence[int]],
    targets: range,
    rules: SearchRules = SearchRules(),
    *,
    processes: int = 1,
    chunk: int = 800,
) -> dict[MultiSet, frozenset[int]]:
    """For each selection (as a sorted tuple), which of ``targets`` no calculation over part of it reaches.

    Countdown's question for many selections at once (the targets missed rather than
    those reached: far fewer to keep). Selections are handled in sorted order in chunks
    of ``chunk``, each chunk sharing one :class:`ValueSets` (neighbours in sorted order
    share most of their parts); with ``processes`` > 1 the chunks run on that many
    worker processes.

    >>> r = unreachable_targets([(1, 2, 3), (3, 2, 1), (2, 2)], range(5, 10))
    >>> {sel: sorted(ts) for sel, ts in r.items()}
    {(1, 2, 3): [], (2, 2): [5, 6, 7, 8, 9]}
    """
    sels = sorted({tuple(sorted(s)) for s in selections})
    jobs = [(sels[i : i + chunk], targets, rules) for i in range(0, len(sels), chunk)]
    if processes <= 1 or len(jobs) <= 1:
        return {sel: ts for part in map(_missed_by, jobs) for sel, ts in part}
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return {sel: ts for part in pool.imap_unordered(_missed_by, jobs) for sel, ts in part}
