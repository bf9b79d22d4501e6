"""Countdown over many selections at once: which targets can a selection reach at all?

A Countdown question asks for one target; the analyses in ``notebooks/`` ask it for
every target and thousands of selections. Both functions here answer from the value
sets of :class:`solver.search.ValueSets` — the sets :func:`solver.search.reach`
searches — instead of searching target by target.

>>> sorted(t for t in reachable_values([2, 3, 5]) if t <= 12)
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
>>> {sel: sorted(ts) for sel, ts in unreachable_targets([(2, 3, 5), (2, 2)], range(10, 14)).items()}
{(2, 2): [10, 11, 12, 13], (2, 3, 5): [12]}

:func:`countdown_table` answers it for every selection a deck allows (the whole
Countdown table: 13,243 selections, targets 100-999): compiled (:mod:`solver.arith.kernel`)
when Numba is installed, else with NumPy value sets and, if asked, several worker processes.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from solver.arith.deal import COUNTDOWN_NUMBERS
from solver.batch import rows_in_order
from solver.budget import MAX_WORK
from solver.compiled import numba_installed, use_compiled
from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.expr import Intermediates, SearchRules
from solver.multisets import as_multiset, sub_multisets
from solver.search import ValueSets

__all__ = ["reachable_values", "unreachable_targets", "selections", "count_selections", "check_table",
           "countdown_table", "CountdownTable", "Summary", "SummaryRow", "MAX_SELECTIONS", "MAX_CHOOSE", "NEAR",
           "LARGE_FROM", "draw_weight", "compiled_serves"]

MAX_SELECTIONS = 250_000
"""The most selections one table covers (Countdown has 13,243; a 7-number variant 27,522)."""
MAX_CHOOSE = {Intermediates.NATURAL: 7, Intermediates.INTEGER: 6, Intermediates.RATIONAL: 5}
"""The largest selection a table takes, by the intermediates its rules allow: the largest size
whose every selection fits the step budget of one question (:data:`solver.budget.MAX_WORK`).
Measured on the hardest selections, distinct primes (the fewest values that coincide): seven
numbers take about 670,000 steps with whole numbers ≥ 0, eight numbers 1–8 more than 1,000,000;
six numbers about 64,000 with negatives, seven more than 1,000,000; five numbers about 200,000
with fractions, six more than 1,000,000. A larger selection is refused before any work, where it
would otherwise stop the table part-way, at its first selection over the budget."""
TABLE_CHUNK = 200
"""Selections per piece of work (progress is reported after each); on several processes the
pieces are larger (:func:`_piece_size`), since a process shares value sets only within the
run of neighbouring selections it is handed."""

NEAR = (5, 10)
"""The distances the summary counts a target as nearly reached within (the show's 7 and 5 points)."""
LARGE_FROM = 11
"""A tile of at least this value is a *large* number (Countdown's 25 50 75 100; the small are 1–10)."""

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


# ---------------------------------------------------------------- the whole table


def count_selections(tiles: Iterable[int], size: int) -> int:
    """How many distinct selections of ``size`` ``tiles`` hold, counted without making them (the
    coefficient of x**size in the product of 1 + x + ... + x**copies over the distinct tiles).

    >>> count_selections([1, 1, 2, 3], 2), count_selections(COUNTDOWN_NUMBERS, 6), count_selections(range(60), 6)
    (4, 13243, 50063860)
    """
    ways = [1] + [0] * size
    for copies in Counter(tiles).values():
        ways = [sum(ways[k - c] for c in range(min(copies, k) + 1)) for k in range(size + 1)]
    return ways[size] if size >= 0 else 0


def selections(tiles: Sequence[int] = COUNTDOWN_NUMBERS, size: int = 6) -> list[MultiSet]:
    """Every distinct selection of ``size`` of ``tiles`` (a multiset), sorted: Countdown's 13,243.
    Too many (more than :data:`MAX_SELECTIONS`) are refused before any is made.

    >>> len(selections())
    13243
    >>> selections([1, 1, 2, 3], 2)
    [(1, 1), (1, 2), (1, 3), (2, 3)]
    """
    return sorted(sub_multisets(_selectable(tiles, size), size))


def _selectable(tiles: Sequence[int], size: int) -> MultiSet:
    """``tiles`` as a multiset, once ``size`` is known to be a selection size they fill and the
    selections are known to be few enough (counted, not made)."""
    ms = as_multiset(tiles)
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= len(ms):
        raise TablecalcError(_("bad selection size {size}: expected 1 to {most} (the number of tiles)").format(size=quoted(size), most=len(ms)))
    if count_selections(ms, size) > MAX_SELECTIONS:
        raise TablecalcError(
            _("too many selections: more than {most:,} of {size} from {tiles} tiles; expected fewer tiles or a smaller "
              "selection").format(most=MAX_SELECTIONS, size=size, tiles=len(ms)))
    return ms


def check_table(tiles: Sequence[int], size: int, rules: SearchRules = SearchRules()) -> None:
    """Refuse, before any work, a table whose selections would not fit the budgets: a selection
    larger than :data:`MAX_CHOOSE` allows under ``rules`` (its search could pass the step budget
    of one question), more than :data:`MAX_SELECTIONS` selections, or a size the tiles cannot fill.

    >>> check_table(COUNTDOWN_NUMBERS, 8)
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad selection size 8: expected 1 to 7 numbers with natural intermediates (a selection of 8 can take more than 1,000,000 steps, the budget of one question)
    """
    most, tiles = MAX_CHOOSE[rules.intermediates], as_multiset(tiles)
    whole = isinstance(size, int) and not isinstance(size, bool)
    if not whole or not 1 <= size <= min(most, len(tiles)):
        if len(tiles) < most:
            said = _("bad selection size {size}: expected 1 to {most} (the number of tiles)")
        elif whole and size > most:
            said = _("bad selection size {size}: expected 1 to {most} numbers with {intermediates} intermediates "
                     "(a selection of {more} can take more than {steps:,} steps, the budget of one question)")
        else:
            said = _("bad selection size {size}: expected 1 to {most} numbers with {intermediates} intermediates")
        raise TablecalcError(said.format(size=quoted(size), most=min(most, len(tiles)), intermediates=rules.intermediates,
                                         more=most + 1, steps=MAX_WORK))
    _selectable(tiles, size)


def draw_weight(selection: Sequence[int], tiles: Sequence[int]) -> int:
    """In how many ways ``selection`` can be drawn from ``tiles`` (tiles of equal value told apart):
    the product over its values of C(copies in the tiles, copies in the selection).

    >>> draw_weight((1, 1, 25), COUNTDOWN_NUMBERS), draw_weight((1, 2, 25), COUNTDOWN_NUMBERS)
    (1, 4)
    """
    from math import comb, prod

    have = Counter(tiles)
    return prod(comb(have[v], n) for v, n in Counter(selection).items())


@dataclass(frozen=True)
class SummaryRow:
    """The selections with ``large`` large numbers (``None``: every selection) against every target:
    how many selections, and the share of (selection, target) games reached exactly and within
    each distance of :data:`NEAR`, counting each distinct selection once (``exact``, ``within``)
    and weighted by the chance of drawing it (``weighted_exact``, ``weighted_within``)."""

    large: int | None
    selections: int
    exact: float
    within: tuple[float, ...]
    weighted_exact: float
    weighted_within: tuple[float, ...]

    def as_dict(self) -> dict:
        return {"large": self.large, "selections": self.selections,
                "unweighted": {"exact": self.exact, **{f"within_{d}": w for d, w in zip(NEAR, self.within)}},
                "weighted": {"exact": self.weighted_exact,
                             **{f"within_{d}": w for d, w in zip(NEAR, self.weighted_within)}}}


@dataclass(frozen=True)
class Summary:
    """The breakdown Countdown statisticians quote, by the number of large numbers (0–4), then all
    together (:meth:`CountdownTable.summary`).

    Unweighted: each distinct selection counts once. Weighted: a row of ``large`` large numbers
    weighs each selection by the chance of drawing it once that many large numbers are asked for
    (``large`` drawn from the large tiles, the rest from the small ones, every tile alike); the
    row of all selections by the chance of drawing it when the six tiles are drawn from all of
    them. Every target of ``targets`` counts once."""

    targets: range
    tiles: tuple[int, ...]
    rows: tuple[SummaryRow, ...]

    def as_dict(self) -> dict:
        return {"targets": {"first": self.targets.start, "last": self.targets.stop - 1, "count": len(self.targets)},
                "tiles": list(self.tiles), "large_from": LARGE_FROM, "near": list(NEAR),
                "weighting": "unweighted: each distinct selection once; weighted: by the chance of drawing it "
                             "(once the number of large numbers is chosen; for all selections, the selection's "
                             "tiles drawn from all of them); every target once",
                "rows": [r.as_dict() for r in self.rows]}


@dataclass(frozen=True)
class CountdownTable:
    """For every selection, the targets it misses (sorted); and the summary players quote.

    ``rows``: ``(selection, missed targets)`` in sorted order of selections. ``near`` (when the
    table was asked for a summary): for each row, how many targets a calculation lands within
    each distance of :data:`NEAR` of (exactly included). ``tiles``: the deck drawn from.
    """

    targets: range
    rules: SearchRules
    rows: tuple[tuple[MultiSet, tuple[int, ...]], ...]
    near: tuple[tuple[int, ...], ...] | None = None
    tiles: tuple[int, ...] = tuple(sorted(COUNTDOWN_NUMBERS))

    def summary(self) -> Summary:
        """The breakdown by the number of large numbers (:class:`Summary`); the table must have
        been made with ``summary=True``.

        >>> t = countdown_table(range(1, 11), tiles=[1, 1, 2, 25], size=2, summary=True)
        >>> [(r.large, r.selections, r.exact, r.within) for r in t.summary().rows]
        [(0, 2, 0.25, (0.75, 1.0)), (1, 2, 0.1, (0.65, 1.0)), (None, 4, 0.175, (0.7, 1.0))]
        >>> round(t.summary().rows[0].weighted_exact, 4)  # 1 1 (one way to draw) reaches 2 targets, 1 2 (two ways) 3
        0.2667
        """
        if self.near is None:
            raise TablecalcError(_("this table has no summary: expected countdown_table(..., summary=True)"))
        groups: dict[int, list[int]] = {}
        for i, (sel, _row) in enumerate(self.rows):
            groups.setdefault(sum(1 for v in sel if v >= LARGE_FROM), []).append(i)
        rows = [self._row(large, groups[large]) for large in sorted(groups)]
        rows.append(self._row(None, list(range(len(self.rows)))))
        return Summary(self.targets, self.tiles, tuple(rows))

    def _row(self, large: int | None, index: list[int]) -> SummaryRow:
        n, games = len(self.targets), len(index) * len(self.targets) or 1
        weights = [draw_weight(self.rows[i][0], self.tiles) for i in index]
        total = (sum(weights) * n) or 1
        exact = [n - len(self.rows[i][1]) for i in index]
        near = [self.near[i] for i in index]  # type: ignore[index]
        return SummaryRow(
            large, len(index), sum(exact) / games,
            tuple(sum(c[j] for c in near) / games for j in range(len(NEAR))),
            sum(w * e for w, e in zip(weights, exact)) / total,
            tuple(sum(w * c[j] for w, c in zip(weights, near)) / total for j in range(len(NEAR))))

    def per_target(self) -> dict[int, int]:
        """Target → how many selections reach it."""
        counts = dict.fromkeys(self.targets, len(self.rows))
        for _selection, missed in self.rows:
            for t in missed:
                counts[t] -= 1
        return counts

    def reach_every_target(self) -> int:
        """How many selections reach every target."""
        return sum(1 for _, missed in self.rows if not missed)

    def hardest(self) -> tuple[int, int]:
        """The target the fewest selections reach (the smallest such target) and how many do."""
        counts = self.per_target()
        t = min(counts, key=lambda t: (counts[t], t))
        return t, counts[t]

    def as_dict(self) -> dict:
        return {
            "selections": len(self.rows),
            "per_target": {str(t): n for t, n in self.per_target().items()},
            "reach_every_target": self.reach_every_target(),
        }


_WORKER_SETS: dict = {}
"""In each process, the value sets kept from one piece of work to the next (one object per rules)."""


def _table_chunk(job: tuple) -> list[tuple]:
    """One piece of :func:`countdown_table`: the targets each selection misses, sharing value sets;
    with a summary (the job's fourth item true), also how many targets it lands near (:data:`NEAR`)."""
    sels, targets, rules, *summary = job
    near = bool(summary and summary[0])
    from solver.valuearrays import ValueArrays
    import numpy as np

    reach = max(NEAR) if near else 0  # values this far outside the targets count for the targets at the ends
    lo, hi = targets.start - reach, targets.stop - 1 + reach
    out = []
    for sel in sels:
        if len(targets) == 0:
            out.append((sel, (), (0,) * len(NEAR)) if near else (sel, ()))
            continue
        if ValueArrays.serves(rules, sel):
            key = ("arrays", rules.order, rules.ops, rules.intermediates)
            arrays = _WORKER_SETS.get(key) or _WORKER_SETS.setdefault(key, ValueArrays(rules))
            hit = arrays.min_cards(sel, lo, hi) > 0
        else:
            key = ("sets", rules.order, rules.ops, rules.intermediates)
            sets = _WORKER_SETS.get(key) or _WORKER_SETS.setdefault(key, ValueSets(rules))
            values = sets.reachable(sel)
            hit = np.fromiter((t in values for t in range(lo, hi + 1)), dtype=bool, count=hi - lo + 1)
        exact = hit[reach:len(hit) - reach] if reach else hit
        missed = tuple(targets.start + i for i in (~exact).nonzero()[0].tolist())
        if not near:
            out.append((sel, missed))
            continue
        sums = np.concatenate(([0], np.cumsum(hit)))  # values reached in hit[a:b]: sums[b] - sums[a]
        centre = np.arange(reach, len(hit) - reach)
        counts = tuple(int(np.count_nonzero(sums[centre + d + 1] - sums[centre - d])) for d in NEAR)
        out.append((sel, missed, counts))
    return out


def compiled_serves(rules: SearchRules, tiles: Sequence[int], size: int, targets: range) -> bool:
    """Whether the compiled table can build this one: Numba installed, whole-number
    intermediates, no tile 0, every value it stores within 32 bits and every multiset's key within
    63 (checked here, without importing Numba: :mod:`solver.arith.kernel` trusts it).

    >>> compiled_serves(SearchRules.from_options(intermediates="rational"), COUNTDOWN_NUMBERS, 6, range(100, 1000))
    False
    """
    if not numba_installed() or rules.intermediates is Intermediates.RATIONAL:
        return False
    ms = as_multiset(tiles)
    if not ms or ms[0] <= 0 or not 1 <= size <= 7:
        return False
    if len(set(ms)).bit_length() * size > 63:  # a multiset's key (solver.arith.kernel.pack) in 63 bits
        return False
    bound = 1
    for t in sorted(ms, reverse=True)[: max(size - 1, 1)]:
        bound *= max(t, 2)
    most = max(abs(targets.start), abs(targets.stop - 1)) * ms[-1] + ms[-1]
    return bound < 1 << 31 and most < 1 << 31


def _widened(targets: range, summary: bool) -> range:
    """The values a table looks at: the targets, and with a summary :data:`NEAR` more on each side."""
    reach = max(NEAR) if summary else 0
    return range(targets.start - reach, targets.stop + reach)


def _compiled_table(sels: list[MultiSet], targets: range, rules: SearchRules, tiles: Sequence[int], size: int,
                    progress: Callable[[int, int], None] | None, summary: bool) -> CountdownTable:
    """The table in one compiled pass (:func:`solver.arith.kernel.table_marks`); with ``summary``,
    the counts of targets landed near worked out from the same marks as :func:`_table_chunk` does."""
    import numpy as np

    span = _widened(targets, summary)
    if not compiled_serves(rules, tiles, size, span):
        raise TablecalcError(_("the compiled table needs Numba (pip install 'tablecalc[fast]'), whole-number "
                               "intermediates, tiles of 1 or more and values within 32 bits: use engine 'pure'"))
    from solver.arith.kernel import table_marks

    if progress is not None:
        progress(0, len(sels))
    hit = table_marks(as_multiset(tiles), size, sels, span.start, span.stop - 1, rules).astype(bool)
    reach = targets.start - span.start
    exact = hit[:, reach:hit.shape[1] - reach]
    rows_missed, cols = (~exact).nonzero()
    missed: list[list[int]] = [[] for _ in sels]
    for r, c in zip(rows_missed.tolist(), cols.tolist()):
        missed[r].append(targets.start + c)
    near = None
    if summary:
        sums = np.zeros((len(sels), hit.shape[1] + 1), dtype=np.int32)  # reached in hit[:, a:b]: sums[b] - sums[a]
        np.cumsum(hit, axis=1, dtype=np.int32, out=sums[:, 1:])
        centre = np.arange(reach, hit.shape[1] - reach)
        counts = [np.count_nonzero(sums[:, centre + d + 1] - sums[:, centre - d], axis=1) for d in NEAR]
        near = tuple(zip(*(c.tolist() for c in counts))) if sels else ()
    if progress is not None:
        progress(len(sels), len(sels))
    return CountdownTable(targets, rules, tuple(zip(sels, map(tuple, missed))), near, tuple(sorted(tiles)))


def _piece_size(selections: int, processes: int) -> int:
    """:data:`TABLE_CHUNK` on one process; on several, about eight pieces per process (at least that).

    >>> _piece_size(13243, 1), _piece_size(13243, 2), _piece_size(500, 2)
    (200, 828, 200)
    """
    if processes <= 1:
        return TABLE_CHUNK
    return max(TABLE_CHUNK, -(-selections // (8 * processes)))


def countdown_table(
    targets: range = range(100, 1000),
    rules: SearchRules = SearchRules(),
    *,
    tiles: Sequence[int] = COUNTDOWN_NUMBERS,
    size: int = 6,
    processes: int = 1,
    progress: Callable[[int, int], None] | None = None,
    summary: bool = False,
    engine: str = "auto",
) -> CountdownTable:
    """For every distinct selection of ``size`` of ``tiles``, the targets of ``targets`` it misses
    (and, with ``summary``, how many it lands near, for :meth:`CountdownTable.summary`).

    ``engine``: ``"compiled"`` builds the whole table in one compiled pass
    (:mod:`solver.arith.kernel`, Numba: the ``fast`` extra) on this process; ``"pure"`` is the
    reference path below, in Python and NumPy; ``"auto"`` (the default) takes the compiled one
    when Numba is installed and serves the rules and tiles (:func:`compiled_serves`), else the
    pure one. Both give the same table.

    On the pure path, selections go in sorted order, in pieces (:func:`_piece_size`), to
    ``processes`` worker processes (this one when 1); each process keeps its value sets from
    one piece to the next within the memory bound, since neighbours share most of their
    parts. The result does not depend on ``processes``. ``progress(done, total)`` is called
    after each piece.

    >>> t = countdown_table(range(1, 11), tiles=[1, 1, 2, 3], size=2)
    >>> t.rows[0], t.reach_every_target(), t.per_target()[4]
    (((1, 1), (3, 4, 5, 6, 7, 8, 9, 10)), 0, 1)
    """
    if processes < 1:
        raise TablecalcError(_("bad number of processes {n}: expected at least 1").format(n=quoted(processes)))
    compiled = use_compiled(engine, compiled_serves(rules, tiles, size, _widened(targets, summary)), "table")
    check_table(tiles, size, rules)  # before any work: a refusal comes at once, never part-way
    sels = selections(tiles, size)
    if compiled:
        return _compiled_table(sels, targets, rules, tiles, size, progress, summary)
    step = _piece_size(len(sels), processes)
    jobs = [(sels[i : i + step], targets, rules, summary) for i in range(0, len(sels), step)]
    rows = rows_in_order(_table_chunk, jobs, processes, len(sels), progress)
    near = tuple(r[2] for r in rows) if summary else None
    return CountdownTable(targets, rules, tuple((r[0], r[1]) for r in rows), near, tuple(sorted(tiles)))
