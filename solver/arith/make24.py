"""The 24 game's table: every four numbers 1–13, whether they make 24, in how many distinct ways,
and how hard that is (an estimate from the search).

For each selection (1,820 of them) the search (:func:`solver.search.reach`, every number used,
fractions allowed) lists the calculations making 24, distinct up to commutativity; they are then
grouped into algebraic classes (:mod:`solver.distinct`, 4nums.com's distinct solutions). The
difficulty is estimated from three things a player meets:

- **what the way needs** (``needs``): ``natural`` when some solution keeps to whole numbers ≥ 0
  on the way, ``integer`` when every one passes through a negative number, ``rational`` when
  every one passes through a fraction (3 3 8 8: ``8÷(3-8÷3)``);
- **how many distinct solutions** (``solutions``): the fewer, the harder to stumble on one;
- **the largest number on the way** (``largest``): of the solution whose largest intermediate
  result is the smallest (4 4 10 10 must pass through 100).

They make one ``score`` (higher is harder): 0, 1 or 3 for ``needs`` (natural, integer,
rational), plus 2 ÷ ``solutions``, plus log2(``largest`` ÷ 24) when ``largest`` is above 24.
``rank`` orders the solvable selections by score, easiest first (1); the arith drill's
``make24`` level deals its puzzles from that order, easy to hard (:func:`difficulty_band`).

>>> row = make24_row((4, 4, 10, 10))
>>> row.solvable, row.solutions, row.needs, row.largest, round(row.score, 2), row.example
(True, 1, 'natural', 100, 4.06, '(10×10-4)÷4')
>>> make24_row((1, 1, 1, 1)).as_dict()["solvable"]
False
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Callable, Sequence

from solver.arith.deal import MAKE24_NUMBERS
from solver.arith.rules import Rules
from solver.batch import rows_in_order
from solver.distinct import Distinct, classes
from solver.errors import TablecalcError
from solver.i18n import _
from solver.expr import BinOp, Expr, Intermediates, Num, evaluate, json_value, steps
from solver.multisets import sub_multisets
from solver.parsing import data_file
from solver.search import reach

__all__ = ["Make24Row", "Make24Table", "make24_row", "make24_table", "ranked", "difficulty_band", "NEEDS_SCORE", "TARGET",
           "RANKS_FILE"]

TARGET = 24
NEEDS_SCORE = {"natural": 0, "integer": 1, "rational": 3}
"""What the easiest way needs, as part of the score: negatives a little, fractions much more."""
CHUNK = 91
"""Selections per piece of work (1,820 = 20 × 91)."""


@dataclass(frozen=True)
class Make24Row:
    """One selection of the 24 game's table (see the module's docstring); ``rank`` is set by the
    table (``None`` for a selection that cannot make 24, or outside a table)."""

    numbers: tuple[int, ...]
    solvable: bool
    solutions: int
    calculations: int
    needs: str | None
    largest: Fraction | int | None
    score: float | None
    example: str | None
    rank: int | None = None

    def as_dict(self) -> dict:
        return {"numbers": list(self.numbers), "solvable": self.solvable, "solutions": self.solutions,
                "calculations": self.calculations, "needs": self.needs,
                "largest": None if self.largest is None else json_value(self.largest),
                "score": None if self.score is None else round(self.score, 3), "rank": self.rank,
                "example": self.example}


def make24_row(numbers: Sequence[int], rules: Rules = Rules.preset("make24"), target: int = TARGET) -> Make24Row:
    """The row of one selection: solvable, distinct solutions, what they need, the largest
    number on the easiest way, the score and one solution (the simplest written)."""
    nums = tuple(sorted(numbers))
    search = rules.search
    r = reach(nums, target, search)
    if r.min_cards is None:
        return Make24Row(nums, False, 0, 0, None, None, None, None)
    found = classes(r.expressions, Distinct.ALGEBRAIC)
    kinds = list(Intermediates)  # natural, integer, rational: each allows more than the one before
    needs = search.intermediates.value
    for kind in kinds[:kinds.index(search.intermediates)]:
        if reach(nums, target, replace(search, intermediates=kind)).min_cards is not None:
            needs = kind.value
            break
    largest = min(_peak(e)[1] for e in r.expressions)
    largest = int(largest) if largest.denominator == 1 else largest
    score = NEEDS_SCORE.get(needs, 0) + 2 / len(found) + max(0.0, math.log2(largest / abs(target))) if target else 0.0
    return Make24Row(nums, True, len(found), len(r.expressions), needs, largest, score, str(found[0].representative))


def _peak(e: Expr) -> tuple[Fraction, Fraction]:
    """The value of ``e`` and the smallest its largest intermediate result (in size) can be when
    the terms of each sum and the factors of each product are worked out in the best order
    (``(9+9)×12÷9`` peaks at 216 as written, at 18 as ``(9+9)÷9×12``). A sum or a product starts
    from a term added or a factor multiplied; a division by zero on the way rules an order out."""
    if isinstance(e, Num):
        return Fraction(e.value), Fraction(abs(e.value))
    plus, minus = ("+", "-") if e.op in "+-" else ("*", "/")
    items = [(*_peak(x), negated) for x, negated in _group(e, plus, minus, False)]
    best: tuple[Fraction, Fraction] | None = None
    for order in itertools.permutations(items):
        if order[0][2]:
            continue
        run, peak = order[0][0], max(item[1] for item in items)
        for value, _high, negated in order[1:]:
            op = minus if negated else plus
            if op == "/" and value == 0:
                break
            run = run + value if op == "+" else run - value if op == "-" else run * value if op == "*" else run / value
            peak = max(peak, abs(run))
        else:
            if best is None or peak < best[1]:
                best = (run, peak)
    if best is None:  # every order divides by zero somewhere: as written
        return evaluate(e) or Fraction(0), max(abs(s.result) for s in steps(e))
    return best


def _group(e: Expr, plus: str, minus: str, negated: bool) -> list[tuple[Expr, bool]]:
    """The terms of a sum (or factors of a product) under ``e``, each with whether it is taken away
    (divided by): ``a-(b-c)`` is a, c added and b taken away."""
    if isinstance(e, BinOp) and e.op in (plus, minus):
        return _group(e.left, plus, minus, negated) + _group(e.right, plus, minus, negated != (e.op == minus))
    return [(e, negated)]


def _rows(job: tuple[list[tuple[int, ...]], Rules, int]) -> list[Make24Row]:
    selections, rules, target = job
    return [make24_row(sel, rules, target) for sel in selections]


@dataclass(frozen=True)
class Make24Table:
    """Every selection's row, in sorted order of selections, ranked by difficulty."""

    numbers: range
    size: int
    target: int
    rows: tuple[Make24Row, ...]

    @property
    def solvable(self) -> int:
        """How many selections make the target."""
        return sum(r.solvable for r in self.rows)

    def by_difficulty(self) -> list[Make24Row]:
        """The solvable rows, easiest first."""
        return sorted((r for r in self.rows if r.solvable), key=lambda r: r.rank)

    def as_dict(self) -> dict:
        return {"numbers": {"first": self.numbers.start, "last": self.numbers.stop - 1}, "size": self.size,
                "target": self.target, "selections": len(self.rows), "solvable": self.solvable,
                "rows": [r.as_dict() for r in self.rows]}


def make24_table(
    rules: Rules = Rules.preset("make24"),
    *,
    numbers: range = MAKE24_NUMBERS,
    size: int = 4,
    target: int = TARGET,
    processes: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Make24Table:
    """The table of every selection of ``size`` numbers from ``numbers`` (each as often as ``size``:
    a deck has four of each card) against ``target``: 1,820 selections for the 24 game, of which
    1,362 make 24.

    >>> t = make24_table(numbers=range(1, 4), size=4)
    >>> len(t.rows), t.solvable, [(r.numbers, r.rank) for r in t.by_difficulty()]
    ... # doctest: +NORMALIZE_WHITESPACE
    (15, 6, [((2, 2, 3, 3), 1), ((1, 3, 3, 3), 2), ((2, 2, 2, 3), 3), ((2, 3, 3, 3), 4), ((1, 2, 3, 3), 5),
             ((3, 3, 3, 3), 6)])
    """
    if not 1 <= size <= 5 or len(numbers) == 0:
        raise TablecalcError(_("bad 24-game table: {size} numbers from {lo}-{hi}; expected 1 to 5 numbers from a range that is "
                               "not empty").format(size=size, lo=numbers.start, hi=numbers.stop - 1))
    sels = sorted(sub_multisets(tuple(n for n in numbers for _ in range(size)), size))
    jobs = [(sels[i:i + CHUNK], rules, target) for i in range(0, len(sels), CHUNK)]
    rows: list[Make24Row] = rows_in_order(_rows, jobs, processes, len(sels), progress)
    order = sorted((r for r in rows if r.solvable), key=lambda r: (r.score, r.numbers))
    rank = {r.numbers: i for i, r in enumerate(order, 1)}
    return Make24Table(numbers, size, target, tuple(replace(r, rank=rank.get(r.numbers)) for r in rows))


RANKS_FILE = "make24_ranks.json"
"""The shipped order of :func:`make24_table` (``solver/data``; ``scripts/make24_ranks.py`` writes it)."""


@cache
def ranked() -> tuple[tuple[int, ...], ...]:
    """The 24 game's solvable selections, easiest first, as :func:`make24_table` ranks them
    (read from :data:`RANKS_FILE`: making the table takes seconds).

    >>> len(ranked()), ranked()[-1]
    (1362, (5, 7, 7, 11))
    """
    data = json.loads(data_file(RANKS_FILE))
    return tuple(tuple(int(n) for n in line.split()) for line in data["easiest_first"])


def difficulty_band(band: int, bands: int) -> tuple[tuple[int, ...], ...]:
    """The solvable 24-game selections of one difficulty band, ``band`` 0 (the easiest
    ``1/bands`` of them) to ``bands - 1`` (the hardest).

    >>> difficulty_band(0, 5)[0], (3, 3, 8, 8) in difficulty_band(4, 5)
    ((3, 4, 11, 13), True)
    """
    every = ranked()
    lo, hi = len(every) * band // bands, len(every) * (band + 1) // bands
    return every[lo:hi]
